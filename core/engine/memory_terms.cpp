#include "core/engine/memory_terms.h"
#include "core/model/weight_storage.h"
#include "core/units.h"

#include <algorithm>
#include <cmath>

namespace headroom::terms {

double weights(double params, DType dtype) {
    return params * bytesPerElement(dtype);
}

double checkpointWeights(const RankWeightGroups& g, const WeightStorage& s) {
    const int64_t otherParams = s.norms.params + s.router.params;
    const double otherPerParam =
        otherParams > 0 ? (s.norms.bytes + s.router.bytes) / static_cast<double>(otherParams) : 0.0;
    // A tied head on a later pipeline stage is the embedding matrix (its storage).
    const double headPerParam = s.lmHead.params > 0 ? s.lmHead.perParam() : s.embedding.perParam();
    return g.embedding * s.embedding.perParam() + g.lmHead * headPerParam +
           g.attention * s.attention.perParam() + g.mlp * s.mlp.perParam() +
           g.experts * s.experts.perParam() + g.other * otherPerParam;
}

bool checkpointStorageApplies(const ModelArch& m, const Workload& w) {
    if (!w.precision.checkpointWeights)
        return false;
    if (!m.quant.enabled() && m.headerWeightBytes <= 0)
        return false;
    if (w.mode == Mode::Inference)
        return true;
    return w.finetune == Finetune::LoRA &&
           (m.quant.method == QuantMethod::Gptq || m.quant.method == QuantMethod::Awq);
}

double gradients(double trainableParams, DType gradDtype, double shardDegree) {
    return trainableParams * bytesPerElement(gradDtype) / std::max(1.0, shardDegree);
}

double deepspeedGradientBucket(double bucketElements, DType gradDtype) {
    return bucketElements * bytesPerElement(gradDtype);
}

double gradientsInBackward(double maxTensorParams, DType gradDtype) {
    return maxTensorParams * bytesPerElement(gradDtype);
}

double optimizerBytesPerParam(Optimizer opt, DType stateDtype) {
    const double s = bytesPerElement(stateDtype);
    switch (opt) {
    case Optimizer::AdamW:
    case Optimizer::Adam:
    case Optimizer::PagedAdamW:
        return 2.0 * s;
    case Optimizer::SGD:
    case Optimizer::Adafactor:
        return 0.0;
    case Optimizer::SGDMomentum:
    case Optimizer::Lion:
        return s;
    case Optimizer::AdamW8bit:
    case Optimizer::PagedAdamW8bit:
        return 2.0 * (1.0 + 4.0 / 2048.0);
    }
    return 2.0 * s;
}

double adafactorStates(double trainableParams, double numMatrices, double hidden) {
    if (hidden <= 0)
        return 0;
    return 4.0 * (numMatrices * hidden + trainableParams / hidden);
}

double optimizerStates(double trainableParams, Optimizer opt, DType stateDtype,
                       double shardDegree) {
    return trainableParams * optimizerBytesPerParam(opt, stateDtype) / std::max(1.0, shardDegree);
}

double masterWeights(double trainableParams, DType weightDtype, double shardDegree) {
    if (weightDtype == DType::FP32)
        return 0;
    return 4.0 * trainableParams / std::max(1.0, shardDegree);
}

double optimizerTemporaries(double maxTensorParams, Optimizer opt, DType stateDtype, bool fused,
                            double shardDegree) {
    if (fused)
        return 0;
    switch (opt) {
    case Optimizer::AdamW:
    case Optimizer::Adam:
        return maxTensorParams * bytesPerElement(stateDtype) / std::max(1.0, shardDegree);
    default:
        return 0;
    }
}

double kvCache(const ModelArch& m, int layers, int slidingLayers, double sequences, double tokens,
               DType dtype, int tpDegree) {
    const double bytes = bytesPerElement(dtype);
    slidingLayers = std::clamp(slidingLayers, 0, layers);
    const double windowTokens =
        m.slidingWindow > 0 ? std::min(tokens, static_cast<double>(m.slidingWindow)) : tokens;
    const double tokenLayers = (layers - slidingLayers) * tokens + slidingLayers * windowTokens;
    if (m.mla.enabled()) {
        // The latent is shared by all heads, so TP does not divide it (replicated per rank).
        return tokenLayers * (m.mla.kvLoraRank + m.mla.qkRopeHeadDim) * bytes * sequences;
    }
    const double kvHeadsPerRank =
        std::max(1.0, std::ceil(static_cast<double>(m.numKvHeads) / std::max(1, tpDegree)));
    return 2.0 * tokenLayers * kvHeadsPerRank * m.headDim * bytes * sequences;
}

double kvCacheSeedShortcut(double layers, double hidden, double tokens, double batch,
                           double bytesPerElement) {
    return 2.0 * layers * hidden * tokens * batch * bytesPerElement;
}

double activationsKorthikanti(double s, double b, double h, double a) {
    return s * b * h * (34.0 + 5.0 * a * s / h);
}

namespace {
/// The adapters' bytes per element as they run (c unless BlockSaveOptions::adapterBytes).
double adapterDtypeBytes(const BlockSaveOptions& o) {
    return o.adapterBytes > 0 ? o.adapterBytes : o.c;
}
} // namespace

LoraAdapterInput loraAdapterInput(double inputBytes, const BlockSaveOptions& o) {
    LoraAdapterInput in{inputBytes, false};
    const double a = adapterDtypeBytes(o);
    // PEFT _cast_input_dtype; its bitsandbytes layers skip it under autocast
    const bool peftCasts = !(o.autocast && o.frozenLinearSavesInput);
    if (peftCasts && a != in.bytes)
        in = {a, true};
    if (o.autocast && in.bytes != o.c) // lora_A's matmul under autocast
        in = {o.c, true};
    return in;
}

namespace {
bool has(unsigned set, LoraTarget t) {
    return (set & static_cast<unsigned>(t)) != 0;
}

/// Bytes one LoRA adapter saves per token on an input of width inDim (elements of
/// inBytes): the dropout mask (1 B) and dropped copy when dropout is on, else its own cast
/// copy of the input (loraAdapterInput), and A's output (r elements) for B. The shared input
/// itself is counted by the caller once (loraSharesInput).
double loraAdapterSaves(double inDim, double inBytes, const BlockSaveOptions& o) {
    const LoraAdapterInput in = loraAdapterInput(inBytes, o);
    double bytes = (o.autocast ? o.c : adapterDtypeBytes(o)) * o.loraRank;
    if (o.loraDropout)
        bytes += inDim * (1.0 + in.bytes);
    else if (in.own)
        bytes += inDim * in.bytes;
    return bytes;
}

/// Adapters on an input of inBytes keep that input itself alive for backward (no dropout,
/// no cast in front of lora_A).
bool loraSharesInput(double inBytes, const BlockSaveOptions& o) {
    return !o.loraDropout && !loraAdapterInput(inBytes, o).own;
}

/// An RMSNorm/LayerNorm on width w: HF RMSNorm upcasts to fp32 and saves that copy (4 w)
/// plus, when its weight is trainable, the normalised compute-dtype tensor (c w).
/// LayerNorm (native kernel) and compiled RMSNorm save the input only (c w).
double normSaves(double w, NormKind kind, bool trainable, const BlockSaveOptions& o) {
    if (kind == NormKind::LayerNorm || o.compiled)
        return o.c * w;
    return 4.0 * w + (trainable ? o.c * w : 0.0);
}

/// The attention half of blockSavedBytesPerToken, added to @p bytes (in the order the sum
/// was always taken, so the total is the same to the last bit): the input norm, the q/k/v
/// inputs and LoRA adapters, MLA latents, q/k norms, the rotated q/k/v the kernel keeps, the
/// kernel output and logsumexp, the o_proj input, dropout masks and extra norms.
void addAttentionSaves(const ModelArch& m, const BlockSaveOptions& o, double& bytes) {
    const double c = o.c;
    const double h = static_cast<double>(m.hiddenSize);
    const unsigned lora = o.loraRank > 0 ? o.loraTargets : 0u;
    double qOut, kvOut, oIn;
    if (m.mla.enabled()) {
        qOut = static_cast<double>(m.numHeads) * (m.mla.qkNopeHeadDim + m.mla.qkRopeHeadDim);
        kvOut = qOut; // keys are expanded per head before attention
        oIn = static_cast<double>(m.numHeads) * m.mla.vHeadDim;
    } else {
        qOut = static_cast<double>(m.numHeads) * m.headDim;
        kvOut = static_cast<double>(m.numKvHeads) * m.headDim;
        oIn = qOut;
    }
    bytes += normSaves(h, m.norm, o.trainBase, o);
    const bool linIn = o.trainBase || o.frozenLinearSavesInput; // linears keep their input
    const bool qkvInputSaved = linIn || ((lora & 0x7u) != 0 && loraSharesInput(c, o));
    if (qkvInputSaved)
        bytes += c * h;
    if (o.fusedQkv && (lora & 0x7u) != 0) {
        // litgpt LoRAQKVLinear: one dropout for the fused layer, one A output per target,
        // and zero_pad's index_copy saves its source, the adapters' outputs side by side
        double widths = 0;
        int targets = 0;
        for (LoraTarget t : {LoraTarget::Q, LoraTarget::K, LoraTarget::V})
            if (has(lora, t)) {
                widths += t == LoraTarget::Q ? qOut : kvOut;
                ++targets;
            }
        bytes += targets * c * o.loraRank + (o.loraDropout ? h * (1.0 + c) : 0.0) + c * widths;
    } else {
        for (LoraTarget t : {LoraTarget::Q, LoraTarget::K, LoraTarget::V})
            if (has(lora, t))
                bytes += loraAdapterSaves(h, c, o);
    }
    if (m.mla.enabled()) {
        // latent projections: q_a / kv_a outputs are normed and fed to q_b / kv_b
        const double lat = m.mla.qLoraRank + m.mla.kvLoraRank;
        bytes += normSaves(lat, NormKind::RMSNorm, o.trainBase, o);
        if (o.trainBase)
            bytes += c * lat;
    }
    if (m.qkNorm) // Qwen3: per-head RMSNorm on q and k
        bytes += normSaves(qOut, NormKind::RMSNorm, o.trainBase, o) +
                 normSaves(kvOut, NormKind::RMSNorm, o.trainBase, o);
    // q, k, v after RoPE are saved by the attention kernel; HF expands K/V to all heads
    const double kvSaved = (o.repeatKv ? qOut : kvOut);
    bytes += c * (qOut + 2.0 * kvSaved);
    // litgpt fused QKV with as many KV heads as heads: v stays a view of the fused qkv
    // output, so saving v keeps the whole buffer alive (its q and k parts too)
    if (o.fusedQkv && m.numKvHeads == m.numHeads && !m.mla.enabled())
        bytes += c * (qOut + kvOut);
    if (!o.eager)
        bytes += c * oIn + 4.0 * m.numHeads; // fused kernel output + fp32 logsumexp per head
    const bool oInputSaved = linIn || (has(lora, LoraTarget::O) && loraSharesInput(c, o));
    if (oInputSaved)
        bytes += c * oIn; // transpose(1, 2).contiguous() copy read by o_proj
    if (has(lora, LoraTarget::O))
        bytes += loraAdapterSaves(oIn, c, o);
    if (o.dropout)
        bytes += h; // 1-byte mask of the dropout after the attention output projection
    for (int extra = 2; extra < m.normsPerLayer; ++extra) // Gemma2/3 post-norms
        bytes += normSaves(h, m.norm, o.trainBase, o);
}

/// The feed-forward half of blockSavedBytesPerToken, added to @p bytes: the second norm, the
/// (routed and shared) MLPs' inputs, activations and adapters, the router's logits and the
/// expert outputs, the dropout mask.
void addFeedForwardSaves(const ModelArch& m, const BlockSaveOptions& o, double& bytes) {
    const double c = o.c;
    const double h = static_cast<double>(m.hiddenSize);
    const unsigned lora = o.loraRank > 0 ? o.loraTargets : 0u;
    const bool linIn = o.trainBase || o.frozenLinearSavesInput; // linears keep their input
    auto mlpSaves = [&](double width, double copies) {
        // copies = tokens routed here per token (k for experts, 1 for dense)
        double b = 0;
        const bool inputSaved =
            linIn || ((lora & 0x30u) != 0 && loraSharesInput(c, o)); // gate/up read the input
        if (inputSaved)
            b += c * h;
        for (LoraTarget t : {LoraTarget::Gate, LoraTarget::Up})
            if (has(lora, t))
                b += loraAdapterSaves(h, c, o);
        if (m.mlp == MlpKind::Gated)
            b += (o.compiled ? 2.0 : 3.0) * c * width; // gate (SiLU input), act out, up out
        else if (o.geluNewOps && !o.compiled)
            b += (12.0 + c) * width; // NewGELUActivation's ops (BlockSaveOptions::geluNewOps)
        else
            b += c * width; // up output, read by GELU
        const bool downInputSaved = linIn || (has(lora, LoraTarget::Down) && loraSharesInput(c, o));
        if (downInputSaved)
            b += c * width;
        if (has(lora, LoraTarget::Down))
            b += loraAdapterSaves(width, c, o);
        return b * copies;
    };
    if (!m.parallelBlock)
        bytes += normSaves(h, m.norm, o.trainBase, o);
    if (o.moeLayer && m.moe.enabled()) {
        const double k = m.moe.expertsPerToken;
        bytes += 4.0 * m.moe.numExperts + c * m.moe.numExperts; // router logits + fp32 softmax
        bytes += mlpSaves(static_cast<double>(m.moe.expertIntermediate), k);
        bytes += c * h * k; // expert outputs, saved by the routing-weight multiply
        if (m.moe.sharedExperts > 0) {
            const double si = m.moe.sharedIntermediate > 0
                                  ? static_cast<double>(m.moe.sharedIntermediate)
                                  : static_cast<double>(m.moe.expertIntermediate);
            bytes += mlpSaves(si, m.moe.sharedExperts);
        }
    } else {
        bytes += mlpSaves(static_cast<double>(m.intermediateSize), 1.0);
    }
    if (o.dropout)
        bytes += h; // 1-byte mask of the dropout after the MLP
}

} // namespace

double blockSavedBytesPerToken(const ModelArch& m, const BlockSaveOptions& o) {
    double bytes = 0;
    addAttentionSaves(m, o, bytes);
    addFeedForwardSaves(m, o, bytes);
    return bytes;
}

double blockReplicatedBytesPerToken(const ModelArch& m, const BlockSaveOptions& o) {
    const double h = static_cast<double>(m.hiddenSize);
    const double norms = m.parallelBlock ? 1.0 : 2.0;
    return norms * (normSaves(h, m.norm, o.trainBase, o) + (o.trainBase ? o.c * h : 0.0));
}

double blockGatheredInputBytesPerToken(const ModelArch& m, const BlockSaveOptions& o) {
    if (!o.trainBase && !o.frozenLinearSavesInput)
        return 0.0;
    const double inputs = m.parallelBlock ? 1.0 : 2.0;
    return inputs * o.c * static_cast<double>(m.hiddenSize);
}

namespace {
double ffnWidth(const ModelArch& m, const BlockSaveOptions& o) {
    if (o.moeLayer && m.moe.enabled())
        return static_cast<double>(m.moe.expertIntermediate) * m.moe.expertsPerToken;
    return static_cast<double>(m.intermediateSize);
}
} // namespace

double blockSelectiveBytesPerToken(const ModelArch& m, const BlockSaveOptions& o) {
    const double h = static_cast<double>(m.hiddenSize);
    const double qOut = static_cast<double>(m.numHeads) * m.headDim;
    const double kvOut = static_cast<double>(m.numKvHeads) * m.headDim;
    const double i = ffnWidth(m, o);
    const double mm = qOut + 2.0 * kvOut + h + (m.mlp == MlpKind::Gated ? 2.0 : 1.0) * i + h;
    return o.c * h + o.c * qOut + 4.0 * m.numHeads + 0.5 * o.c * mm;
}

double blockBackwardTransientPerToken(const ModelArch& m, const BlockSaveOptions& o) {
    return o.c * (2.0 * ffnWidth(m, o) + 2.0 * static_cast<double>(m.hiddenSize));
}

double attentionScoreBytesPerToken(int heads, double keyTokens, double c, bool fp32Softmax,
                                   bool dropout, bool softcap) {
    const double softmaxOut = fp32Softmax ? 4.0 : c;
    const double valueInput = dropout ? 1.0 + c : (fp32Softmax ? c : 0.0);
    return static_cast<double>(heads) * keyTokens * (softmaxOut + valueInput + (softcap ? c : 0.0));
}

double softcapLogitsBytes(double tokens, double vocab, double c) {
    return tokens * vocab * c;
}

EagerSoftmaxDtypes eagerSoftmaxDtypes(DType compute, DType embedding) {
    EagerSoftmaxDtypes d;
    d.mask = bytesPerElement(embedding);
    const DType masked = compute == embedding                                 ? compute
                         : compute == DType::FP32 || embedding == DType::FP32 ? DType::FP32
                         : bytesPerElement(compute) == 2 && bytesPerElement(embedding) == 2
                             ? DType::FP32 // fp16 + bf16
                             : compute;
    d.masked = bytesPerElement(masked);
    d.copy = masked == DType::BF16;
    d.softmaxIn = masked == DType::FP16 ? 2.0 : 4.0;
    return d;
}

double eagerSoftmaxTransientPerToken(int heads, double keyTokens, double c,
                                     const EagerSoftmaxDtypes& d) {
    const double backward = 4.0 + d.softmaxIn - c;
    const double forward = d.masked + (d.copy ? 4.0 : 0.0) - c;
    return static_cast<double>(heads) * keyTokens * std::max({0.0, backward, forward});
}

double eagerPrefillScoresPerToken(int heads, double keyTokens, double c,
                                  const EagerSoftmaxDtypes& d) {
    const double atSoftmax = d.masked + (d.copy ? 4.0 : 0.0) + 4.0;
    const double atCast = d.masked + 4.0 + c;
    return static_cast<double>(heads) * keyTokens * std::max(atSoftmax, atCast) +
           keyTokens * d.mask;
}

double logitsBytes(double tokens, double vocab, double c, bool chunked, double chunkTokens,
                   bool compiledLoss, double inputBytes) {
    const double in = inputBytes > 0 ? inputBytes : c;
    if (!chunked)
        return tokens * vocab * (compiledLoss ? 2.0 * in : 12.0);
    const double chunk = std::min(tokens, chunkTokens) * vocab;
    if (compiledLoss)
        return tokens * vocab * c + chunk * c;
    return tokens * vocab * (c + 4.0) + chunk * 4.0;
}

double sdpaMathBytesPerToken(int heads, double keyTokens, int headDim, double c) {
    return static_cast<double>(heads) * (keyTokens + headDim) * c;
}

double dequantBuffer(double widestElements, DType compute, bool fp16State) {
    const double c = bytesPerElement(compute);
    const bool cast = fp16State && compute != DType::FP16;
    return widestElements * (cast ? 2.0 + c : c);
}

double quantStateBytes(double params, DType dtype) {
    switch (dtype) {
    case DType::NF4:
    case DType::NF4DoubleQuant:
    case DType::FP4:
        return params * (bytesPerElement(dtype) - 0.5);
    default:
        return 0.0;
    }
}

double lossParallelLogitsBytes(double tokens, double localVocab) {
    return tokens * localVocab * 16.0;
}

double retainedLogitsBytes(double tokens, double vocab, double c, bool chunked, double inputBytes) {
    return tokens * vocab * (chunked || inputBytes <= 0 ? c : inputBytes);
}

AutocastCopies autocastWeightCopies(double blockLinear, double head, int blocks,
                                    double uncheckpointedShare, double c, bool trainable) {
    const double u = std::clamp(uncheckpointedShare, 0.0, 1.0);
    const double oneBlock = blockLinear / std::max(1, blocks);
    AutocastCopies a;
    a.backward = c * (head + u * blockLinear + (1.0 - u) * oneBlock);
    a.forward = trainable ? c * (head + blockLinear) : a.backward;
    a.end = c * oneBlock;
    return a;
}

double cudaContext(int numGpus) {
    constexpr double kContext = 512.0 * kMiB; // CUDA 12 lazy-loading context + cuBLAS
    constexpr double kNccl = 384.0 * kMiB;    // NCCL communicator buffers, >1 GPU
    return kContext + (numGpus > 1 ? kNccl : 0.0);
}

double allocatorReserve(double dynamicBytes, double staticBytes) {
    constexpr double kFragmentation = 0.20; // of per-step transients (fit, docs/metrics.md)
    constexpr double kResident = 0.035;     // load-time caching of resident tensors (TTLT init)
    return kFragmentation * dynamicBytes + kResident * staticBytes;
}

double sideStreamGradientCache(double sideStreamGradBytes, double gradsLiveAtPeak) {
    return std::max(0.0, sideStreamGradBytes - gradsLiveAtPeak);
}

} // namespace headroom::terms
