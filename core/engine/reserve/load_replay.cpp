// load_replay.cpp: the load recipes as allocation sequences. See
// core/engine/reserve/load_replay.h.

#include "core/engine/reserve/load_replay.h"

#include "core/engine/memory_terms.h"
#include "core/engine/reserve/allocator_model.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <vector>

namespace headroom {

namespace {

using Handle = CachingAllocatorModel::Handle;

using Linear = LoadLinear;

/// Per-element bytes and widths the recipes read.
struct Widths {
    int64_t h; ///< hidden size
    double wb; ///< stored weight bytes per element
    double ab; ///< adapter bytes per element
    int64_t r; ///< LoRA rank, 0 for a full fine-tune
    explicit Widths(const LoadShape& ls)
        : h(ls.hidden), wb(bytesPerElement(ls.weights)), ab(bytesPerElement(ls.adapters)),
          r(ls.loraRank) {}
};

unsigned bit(LoraTarget t) {
    return static_cast<unsigned>(t);
}

/// The attention linears of a block in module order: q, k, v, o; with multi-head latent
/// attention (DeepSeek-V2/V3 modeling_deepseek.py) q (or q_a, q_b), kv_a_proj_with_mqa, kv_b
/// and o at their own shapes, the ones countParameters counts (their adapters ride on the Q,
/// K, V and O bits).
std::vector<Linear> attentionLinears(const ModelArch& m, const LayerShapes& s) {
    const int64_t h = m.hiddenSize;
    if (!m.mla.enabled())
        return {{h, s.qOut, bit(LoraTarget::Q)},
                {h, s.kvOut, bit(LoraTarget::K)},
                {h, s.kvOut, bit(LoraTarget::V)},
                {s.attnOutIn, h, bit(LoraTarget::O)}};
    const MlaSpec& a = m.mla;
    const int64_t heads = m.numHeads;
    std::vector<Linear> v;
    if (a.qLoraRank > 0) {
        v.push_back({h, a.qLoraRank, bit(LoraTarget::Q)});
        v.push_back({a.qLoraRank, s.qOut, bit(LoraTarget::Q)});
    } else {
        v.push_back({h, s.qOut, bit(LoraTarget::Q)});
    }
    v.push_back({h, int64_t{a.kvLoraRank} + a.qkRopeHeadDim, bit(LoraTarget::K)});
    v.push_back(
        {a.kvLoraRank, heads * (int64_t{a.qkNopeHeadDim} + a.vHeadDim), bit(LoraTarget::V)});
    v.push_back({s.attnOutIn, h, bit(LoraTarget::O)});
    return v;
}

/// The linears of block @p layer in module order (attention, then gate/up/down per FFN).
std::vector<Linear> blockLinears(const ModelArch& m, int layer) {
    const LayerShapes s = layerShapes(m, layer);
    const int64_t h = m.hiddenSize;
    std::vector<Linear> v = attentionLinears(m, s);
    auto ffn = [&](int64_t inter) {
        if (m.mlp == MlpKind::Gated)
            v.push_back({h, inter, bit(LoraTarget::Gate)});
        v.push_back({h, inter, bit(LoraTarget::Up)});
        v.push_back({inter, h, bit(LoraTarget::Down)});
    };
    if (s.isMoe) {
        for (int e = 0; e < m.moe.numExperts; ++e)
            ffn(m.moe.expertIntermediate);
        const int64_t shared =
            m.moe.sharedIntermediate > 0 ? m.moe.sharedIntermediate : m.moe.expertIntermediate;
        for (int e = 0; e < m.moe.sharedExperts; ++e)
            ffn(shared);
    } else {
        ffn(m.intermediateSize);
    }
    return v;
}

/// A live block and the bytes it was requested with.
struct Sized {
    Handle h;
    int64_t bytes;
};

/// A torchao recipe run by torchtune's FSDP recipe (parameters sharded): loaded tensor by
/// tensor into each rank's shard (torchtuneQloraFsdp2).
bool torchtuneSharded(const Workload& w) {
    const LoadRecipe r = w.features.loadRecipe;
    return (r == LoadRecipe::TorchaoNf4 || r == LoadRecipe::TorchaoNf4Unchunked) &&
           shardsParams(w.parallel.sharding);
}

/// Whether the replay of @p w reads the shard degree.
bool shardRead(const Workload& w) {
    return w.features.loadRecipe == LoadRecipe::Fsdp1SyncModuleStates || torchtuneSharded(w);
}

/// torchao NF4Tensor.from_tensor on a bf16 weight of @p n elements that stays live meanwhile
/// (torchao/dtypes/nf4tensor.py: double_quantize_scalers, then convert_to_norm_float_weight
/// with quantize_tensor_nearest's `(value.unsqueeze(-1) - nf4).abs().min(dim=-1)`). Sizes
/// in bytes: bf16 2, int64 indices 8, uint8 1 per element; block 64, scaler block 256.
/// @p chunked: torchao >= 0.2 searches 1024^2 elements at a time (PR #196); before, the
/// whole tensor at once. Returns the blocks the NF4Tensor keeps.
std::vector<Sized> quantiseNf4(CachingAllocatorModel& a, int64_t n, bool chunked) {
    const int64_t nb = std::max<int64_t>(1, n / 64);
    const int64_t nsb = std::max<int64_t>(1, nb / 256);
    std::vector<Sized> keep;
    auto hold = [&](int64_t bytes) { keep.push_back({a.malloc(bytes), bytes}); };
    hold(32); // the 16-entry bf16 lookup table
    // double_quantize_scalers: absmax per block, minus its mean, absmax per scaler block,
    // scale, round, clamp, to int8
    Handle t = a.malloc(2 * n);
    Handle v1 = a.malloc(2 * nb), i1 = a.malloc(8 * nb);
    a.free(t);
    a.free(i1);
    hold(2); // scaler mean
    const Handle s1 = a.malloc(2 * nb);
    a.free(v1);
    t = a.malloc(2 * nb);
    const Handle v2 = a.malloc(2 * nsb), i2 = a.malloc(8 * nsb);
    a.free(t);
    a.free(i2);
    t = a.malloc(2 * nb);
    const Handle qf = a.malloc(2 * nb);
    a.free(t);
    Handle q1 = a.malloc(2 * nb), q2 = a.malloc(2 * nb);
    a.free(q1);
    q1 = a.malloc(2 * nb);
    a.free(q2);
    hold(2 * nsb); // quantization_factor
    hold(nb);      // quantized_scalers (int8)
    a.free(q1);
    a.free(qf);
    a.free(s1);
    a.free(v2);
    // convert_to_norm_float_weight: absmax again, scaled blocks, nearest NF4 value
    t = a.malloc(2 * n);
    const Handle v = a.malloc(2 * nb), i = a.malloc(8 * nb);
    a.free(t);
    a.free(i);
    const Handle scaled = a.malloc(2 * n);
    if (!chunked) {
        const Handle d1 = a.malloc(32 * n), d2 = a.malloc(32 * n); // value - nf4, abs()
        a.free(d1);
        const Handle mv = a.malloc(2 * n), mi = a.malloc(8 * n); // min(): values, indices
        a.free(mv);
        a.free(d2);
        const Handle sh = a.malloc(4 * n), comb = a.malloc(4 * n); // int64 pairs combined
        a.free(sh);
        hold(n / 2); // packed uint8 data
        a.free(comb);
        a.free(mi);
    } else {
        const Handle blocks = a.malloc(n); // uint8 indices
        constexpr int64_t kChunk = 1 << 20;
        // identical chunks leave the allocator as they found it: replay two, then the tail
        const int64_t full = n / kChunk;
        std::vector<int64_t> chunks(static_cast<size_t>(std::min<int64_t>(full, 2)), kChunk);
        if (n % kChunk)
            chunks.push_back(n % kChunk);
        for (const int64_t k : chunks) {
            const Handle d1 = a.malloc(32 * k), d2 = a.malloc(32 * k);
            a.free(d1);
            const Handle mv = a.malloc(2 * k), mi = a.malloc(8 * k);
            a.free(mv);
            a.free(d2);
            const Handle u = a.malloc(k);
            a.free(mi);
            a.free(u);
        }
        const Handle sh = a.malloc(n / 2);
        hold(n / 2); // packed uint8 data
        a.free(sh);
        a.free(blocks);
    }
    a.free(scaled);
    a.free(v);
    return keep;
}

/// torchtune QLoRA (lora_finetune_single_device._setup_model): the model is instantiated on
/// the GPU (LoRALinear/FrozenNF4Linear build an nn.Linear in bf16 and keep to_nf4 of it),
/// then load_state_dict copies each bf16 checkpoint tensor in: NF4Tensor's copy_ moves it to
/// the GPU and quantises it again (torchao nf4tensor.py copy_). Embedding, norms and lm_head
/// are bf16; adapters in the adapter dtype.
void torchtuneQlora(CachingAllocatorModel& a, const LoadShape& ls, bool unchunked) {
    const int layers = static_cast<int>(ls.blocks.size());
    const Widths wd(ls); // a named object: clang < 16 cannot capture bindings
    const bool nf4 = isQuantized(ls.weights);
    a.malloc((ls.vocab + ls.learnedPositions) * wd.h * 2);
    auto buildLayer = [&](int layer) {
        std::vector<Sized> keep;
        auto hold = [&](int64_t bytes) { keep.push_back({a.malloc(bytes), bytes}); };
        for (const Linear& l : ls.blocks[static_cast<std::size_t>(layer)].linears) {
            if (nf4) {
                const Handle wt = a.malloc(2 * l.numel());
                for (const Sized& k : quantiseNf4(a, l.numel(), !unchunked))
                    keep.push_back(k);
                a.free(wt);
            } else {
                hold(static_cast<int64_t>(static_cast<double>(l.numel()) * wd.wb));
            }
            if (wd.r > 0 && (ls.loraTargets & l.target)) {
                hold(static_cast<int64_t>(static_cast<double>(wd.r * l.in) * wd.ab));
                hold(static_cast<int64_t>(static_cast<double>(wd.r * l.out) * wd.ab));
            }
        }
        hold(ls.blocks[static_cast<std::size_t>(layer)].normParams * 2);
        return keep;
    };
    auto finish = [&] {
        if (ls.finalNorm)
            a.malloc(wd.h * 2);
        if (!ls.tiedEmbeddings)
            a.malloc(ls.vocab * wd.h * 2);
    };
    if (unchunked) {
        // one prototype block, deep-copied per layer (NF4Tensor clones its inner tensors);
        // the builder's own block is dropped afterwards. Blocks that differ (DeepSeek's dense
        // first blocks and its MoE blocks) each have their prototype, built in order.
        std::vector<int> protoOf(static_cast<std::size_t>(layers));
        std::vector<int> firstOf; // the first layer of each distinct block
        std::vector<std::vector<Sized>> protos;
        for (int l = 0; l < layers; ++l) {
            const LoadBlock& b = ls.blocks[static_cast<std::size_t>(l)];
            const auto seen = std::find_if(firstOf.begin(), firstOf.end(), [&](int f) {
                return ls.blocks[static_cast<std::size_t>(f)] == b;
            });
            protoOf[static_cast<std::size_t>(l)] = static_cast<int>(seen - firstOf.begin());
            if (seen == firstOf.end()) {
                firstOf.push_back(l);
                protos.push_back(buildLayer(l));
            }
        }
        finish();
        for (int l = 0; l < layers; ++l)
            for (const Sized& s :
                 protos[static_cast<std::size_t>(protoOf[static_cast<std::size_t>(l)])])
                a.malloc(s.bytes);
        for (const std::vector<Sized>& proto : protos)
            for (const Sized& s : proto)
                a.free(s.h);
    } else {
        for (int l = 0; l < layers; ++l)
            buildLayer(l);
        finish();
    }
    if (!nf4)
        return;
    // load_state_dict: every weight's cycle frees all it makes, so one of a size already run
    // since the last new segment is skipped (TransientCycles: exact)
    TransientCycles cycles(a);
    for (int l = 0; l < layers; ++l) {
        for (const Linear& lin : ls.blocks[static_cast<std::size_t>(l)].linears) {
            cycles.run(lin.numel(), [&] {
                const Handle g = a.malloc(2 * lin.numel()); // the checkpoint tensor, on the GPU
                for (const Sized& k : quantiseNf4(a, lin.numel(), !unchunked))
                    a.free(k.h);
                a.free(g);
            });
        }
    }
}

/// torchtune QLoRA under FSDP2: recipes/lora_finetune_distributed.py `_setup_model` and
/// torchtune/training/_distributed.py `load_from_full_model_state_dict` (pytorch/torchtune at
/// 30b8519e86d2094879576e16ab1f8d21a6f6f9f7), torchao torchao/dtypes/nf4tensor.py (pytorch/ao
/// at 653efe98749124985155da494a372bea7fe4b383). The model is instantiated on the meta device
/// and `fully_shard`ed (no GPU memory); the LoRA matrices' local shards are made
/// (`lora_a.to_empty`, r x in / @p shard each); then every rank walks the full checkpoint one
/// tensor at a time:
///   - `full_tensor.to(dtype).to(device)`: the whole tensor in bf16 on this rank (2 n B);
///   - an NF4 weight: `to_nf4(full_tensor)` quantises the whole tensor (quantiseNf4; the bf16
///     copy is freed when the name is rebound); `torch.chunk` takes this rank's rows as views
///     of the full NF4Tensor's inner tensors (`nf4_split`); `new_zeros` allocates the rank's
///     quantized_scalers, quantization_factor and quantized_data, each / @p shard
///     (`nf4_new_zeros`; the lookup table and scaler mean stay shared with the full tensor);
///     `copy_` copies the chunk in (same metadata: nothing is quantised again). The full NF4
///     tensor stays alive through `chunk` until the next NF4 weight's chunk replaces it;
///   - any other tensor (embedding, norms, lm_head): `distribute_tensor` scatters this rank's
///     rows into a new local tensor, and the full copy is freed.
/// With fsdp_cpu_offload each shard goes to the host (`sharded_tensor.cpu()`; freed here at
/// once) and the LoRA shards are made there.
/// Bound: the rank holds its own shards plus at most one tensor's bf16 copy, its quantisation
/// and the previous NF4 weight; it never holds the whole model, which is what the
/// single-device replay (torchtuneQlora) builds. The tensors are walked in module order
/// (embedding, per block q, k, v, o, the MLP, its norms, then final norm and lm_head): a
/// checkpoint's own key order only moves which tensor of a block comes first.
void torchtuneQloraFsdp2(CachingAllocatorModel& a, const LoadShape& ls, bool chunked) {
    const int shard = ls.shard;
    const int layers = static_cast<int>(ls.blocks.size());
    const Widths wd(ls); // a named object: clang < 16 cannot capture bindings
    const double cb = bytesPerElement(ls.compute);
    const bool offload = ls.offloadParams;
    const auto perRank = [shard](double bytes) {
        return static_cast<int64_t>(std::ceil(bytes / static_cast<double>(shard)));
    };
    // the rank's shard of a tensor of @p bytes, kept on the GPU unless offloaded
    const auto keepShard = [&](double bytes) {
        const Handle h = a.malloc(perRank(bytes));
        if (offload)
            a.free(h);
    };
    // LoRA shards first (initialize_parameters), in module order
    for (int l = 0; wd.r > 0 && !offload && l < layers; ++l)
        for (const Linear& lin : ls.blocks[static_cast<std::size_t>(l)].linears)
            if (ls.loraTargets & lin.target) {
                keepShard(static_cast<double>(wd.r * lin.in) * wd.ab);
                keepShard(static_cast<double>(wd.r * lin.out) * wd.ab);
            }
    // distribute_tensor: the full tensor on the GPU, this rank's rows copied out
    const auto scatter = [&](int64_t elements) {
        const double bytes = static_cast<double>(elements) * cb;
        const Handle full = a.malloc(static_cast<int64_t>(bytes));
        keepShard(bytes);
        a.free(full);
    };
    std::vector<Sized> previous; // the last full NF4 weight, alive through `chunk`
    const auto nf4 = [&](int64_t n) {
        const Handle full = a.malloc(2 * n);
        const std::vector<Sized> kept = quantiseNf4(a, n, chunked);
        a.free(full);
        for (std::size_t i = 2; i < previous.size(); ++i) // lookup table, mean: in the shard
            a.free(previous[i].h);
        for (std::size_t i = 2; i < kept.size(); ++i) // factor, scalers, packed data
            keepShard(static_cast<double>(kept[i].bytes));
        previous = kept;
    };
    scatter((ls.vocab + ls.learnedPositions) * wd.h);
    for (int l = 0; l < layers; ++l) {
        for (const Linear& lin : ls.blocks[static_cast<std::size_t>(l)].linears)
            nf4(lin.numel());
        scatter(ls.blocks[static_cast<std::size_t>(l)].normParams);
    }
    if (ls.finalNorm)
        scatter(wd.h);
    if (!ls.tiedEmbeddings)
        scatter(ls.vocab * wd.h);
    for (std::size_t i = 2; i < previous.size(); ++i) // `chunk` goes out of scope
        a.free(previous[i].h);
}

/// One FSDP1 unit wrapped with sync_module_states (torch/distributed/fsdp/_init_utils.py):
/// _move_module_to_device / param_init_fn puts each parameter on the GPU;
/// _sync_module_params_and_buffers broadcasts them with dist._broadcast_coalesced in
/// 250 MiB buckets (a bucket of several tensors is flattened into a copy; at most two in
/// flight; c10d comm.cpp); FlatParamHandle flattens them with torch.cat, the originals are
/// freed, shard() clones this rank's chunk and frees the unsharded storage.
void wrapUnit(CachingAllocatorModel& a, const std::vector<int64_t>& sizes, int shard,
              bool offload) {
    if (sizes.empty())
        return;
    std::vector<Handle> params;
    int64_t total = 0;
    for (const int64_t s : sizes) {
        params.push_back(a.malloc(s));
        total += s;
    }
    constexpr int64_t kBucket = int64_t{250} << 20;
    std::vector<Handle> inFlight;
    int64_t bucketBytes = 0;
    int bucketTensors = 0;
    auto closeBucket = [&] {
        if (inFlight.size() >= 2) {
            a.free(inFlight.front());
            inFlight.erase(inFlight.begin());
        }
        inFlight.push_back(bucketTensors > 1 ? a.malloc(bucketBytes) : -1);
        bucketBytes = 0;
        bucketTensors = 0;
    };
    for (const int64_t s : sizes) {
        bucketBytes += s;
        ++bucketTensors;
        if (bucketBytes >= kBucket)
            closeBucket();
    }
    if (bucketTensors > 0)
        closeBucket();
    for (const Handle b : inFlight)
        a.free(b);
    const Handle flat = a.malloc(total);
    for (const Handle p : params)
        a.free(p);
    const Handle mine = a.malloc((total + shard - 1) / shard);
    a.free(flat);
    if (offload)
        a.free(mine); // FSDP CPUOffload(offload_params=True) moves the shard to the host
}

/// FSDP1 auto-wrapping order (post-order: children first): per block, each LoRA adapter
/// matrix as its own unit (fsdp_qlora's and PEFT's policy wraps trainable leaf linears),
/// then the block; last the root (embedding, final norm, lm_head). NF4 weights are flattened
/// as their packed data (quant_storage); bitsandbytes keeps the quantisation state outside
/// the FlatParameter, moved to the GPU with the block and never freed.
void fsdp1SyncModuleStates(CachingAllocatorModel& a, const LoadShape& ls) {
    const int shard = ls.shard;
    const int layers = static_cast<int>(ls.blocks.size());
    const Widths wd(ls); // a named object: clang < 16 cannot capture bindings
    const double cb = bytesPerElement(ls.compute);
    const bool offload = ls.offloadParams;
    // bytes per element of the packed weights alone (bytesPerElement counts the state too)
    const double packedBytes = wd.wb - terms::quantStateBytes(1.0, ls.weights);
    const auto bytes = [](double elements, double per) {
        return static_cast<int64_t>(elements * per);
    };
    for (int l = 0; l < layers; ++l) {
        const std::vector<Linear> lins = ls.blocks[static_cast<std::size_t>(l)].linears;
        if (wd.r > 0) {
            for (const Linear& lin : lins) {
                if (!(ls.loraTargets & lin.target))
                    continue;
                wrapUnit(a, {bytes(static_cast<double>(wd.r * lin.in), wd.ab)}, shard, offload);
                wrapUnit(a, {bytes(static_cast<double>(wd.r * lin.out), wd.ab)}, shard, offload);
            }
        }
        std::vector<int64_t> sizes;
        for (const Linear& lin : lins) {
            const double n = static_cast<double>(lin.numel());
            // the FlatParameter holds the packed data (quant_storage); the state is apart
            sizes.push_back(bytes(n, packedBytes));
            if (isQuantized(ls.weights))
                a.malloc(static_cast<int64_t>(terms::quantStateBytes(n, ls.weights)));
        }
        sizes.push_back(
            bytes(static_cast<double>(ls.blocks[static_cast<std::size_t>(l)].normParams), cb));
        wrapUnit(a, sizes, shard, offload);
    }
    std::vector<int64_t> root{
        bytes(static_cast<double>((ls.vocab + ls.learnedPositions) * wd.h), cb)};
    if (ls.finalNorm)
        root.push_back(bytes(static_cast<double>(wd.h), cb));
    if (!ls.tiedEmbeddings)
        root.push_back(bytes(static_cast<double>(ls.vocab * wd.h), cb));
    wrapUnit(a, root, shard, offload);
}

/// Runs the recipe of @p w against @p a.
void runRecipe(CachingAllocatorModel& a, const LoadShape& ls) {
    switch (ls.recipe) {
    case LoadRecipe::InPlace:
        break;
    case LoadRecipe::TorchaoNf4:
    case LoadRecipe::TorchaoNf4Unchunked: {
        const bool unchunked = ls.recipe == LoadRecipe::TorchaoNf4Unchunked;
        // torchtune's FSDP recipe loads shard by shard; its single-device recipe builds the
        // whole model on the GPU
        if (ls.shardedTorchao && isQuantized(ls.weights))
            torchtuneQloraFsdp2(a, ls, !unchunked);
        else
            torchtuneQlora(a, ls, unchunked);
        break;
    }
    case LoadRecipe::Fsdp1SyncModuleStates:
        fsdp1SyncModuleStates(a, ls);
        break;
    }
}

} // namespace

LoadShape loadShape(const ModelArch& m, const Workload& w, int shard) {
    LoadShape s;
    s.blocks.reserve(static_cast<std::size_t>(std::max(0, m.numLayers)));
    for (int l = 0; l < m.numLayers; ++l)
        s.blocks.push_back({blockLinears(m, l), layerShapes(m, l).normParams});
    s.hidden = m.hiddenSize;
    s.vocab = m.vocabSize;
    s.learnedPositions = m.learnedPositions;
    s.tiedEmbeddings = m.tiedEmbeddings;
    s.finalNorm = m.finalNorm;
    s.recipe = w.features.loadRecipe;
    s.weights = w.precision.weights;
    s.adapters = w.precision.adapters;
    s.compute = w.precision.compute;
    s.loraRank = w.finetune == Finetune::Full ? 0 : w.lora.rank;
    s.loraTargets = static_cast<unsigned>(w.lora.targets);
    s.offloadParams = w.parallel.offloadParams;
    s.shardedTorchao = torchtuneSharded(w);
    s.shard = shardRead(w) ? std::max(1, shard) : 1;
    return s;
}

KeyHasher loadHash(const LoadShape& s) {
    KeyHasher k;
    for (const int64_t v :
         {s.hidden, s.vocab, s.learnedPositions, int64_t{s.tiedEmbeddings}, int64_t{s.finalNorm},
          static_cast<int64_t>(s.recipe), static_cast<int64_t>(s.weights),
          static_cast<int64_t>(s.adapters), static_cast<int64_t>(s.compute), s.loraRank,
          int64_t{s.loraTargets}, int64_t{s.offloadParams}, int64_t{s.shardedTorchao},
          int64_t{s.shard}, static_cast<int64_t>(s.blocks.size())})
        k.add(v);
    for (const LoadBlock& b : s.blocks) {
        k.add(b.normParams);
        k.add(static_cast<int64_t>(b.linears.size()));
        for (const LoadLinear& lin : b.linears) {
            k.add(lin.in);
            k.add(lin.out);
            k.add(lin.target);
        }
    }
    return k;
}

bool loadReplayed(const ModelArch& m, const Workload& w) {
    return w.features.loadRecipe != LoadRecipe::InPlace && m.numLayers > 0 && m.hiddenSize > 0;
}

LoadPhase replayLoad(const LoadShape& s) {
    if (s.recipe == LoadRecipe::InPlace || s.blocks.empty() || s.hidden <= 0)
        return {};
    CachingAllocatorModel a;
    runRecipe(a, s);
    LoadPhase out;
    out.reserved = static_cast<double>(a.reserved());
    out.peakAllocated = static_cast<double>(a.peakAllocated());
    out.allocated = static_cast<double>(a.allocated());
    out.releasable = static_cast<double>(a.wholeFreeSegmentBytes());
    out.peakReserved = static_cast<double>(a.peakReserved());
    // bounds of any replay: what is left is at most what was ever held, and the free
    // segments are part of the cache beyond the live blocks
    assert(a.reserved() <= a.peakReserved() && a.allocated() <= a.peakAllocated());
    assert(a.wholeFreeSegmentBytes() <= a.reserved() - a.allocated());
    assert(a.peakAllocated() <= a.peakReserved());
    return out;
}

LoadPhase replayLoad(const ModelArch& m, const Workload& w, int shard) {
    if (!loadReplayed(m, w))
        return {};
    return replayLoad(loadShape(m, w, shard));
}

} // namespace headroom
