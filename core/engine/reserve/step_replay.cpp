// step_replay.cpp: one training step's large tensors as an allocation sequence through the
// caching-allocator model. See core/engine/reserve/step_replay.h.

#include "core/engine/reserve/step_replay.h"

#include "core/engine/reserve/allocator_model.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>

namespace headroom {

namespace {

using Handle = CachingAllocatorModel::Handle;

/// A tensor autograd saved for a block's backward. A softmax output is released by the
/// softmax backward (softmaxBackward), every other one by its plain gradient.
struct Saved {
    Handle handle = -1;
    bool softmax = false;
};

/// One step's allocations at T tokens (micro-batch x padded length).
class StepReplay {
public:
    StepReplay(CachingAllocatorModel& a, const StepShape& s)
        : m_a(a), m_s(s), m_blockParams(blockParams(s)) {}

    /// One step of @p tokens tokens whose queries score @p keys keys each under eager
    /// attention (the padded length; ignored without StepShape::scoreHeads).
    void step(double tokens, double keys) {
        m_t = tokens;
        m_scoreWidth = static_cast<double>(m_s.scoreHeads) * keys;
        // eager attention's additive causal mask, b x 1 x s x s_k, made once per forward and
        // kept by the checkpointed blocks as their argument until backward ends
        const Handle mask = m_scoreWidth > 0 ? scores(m_s.softmax.mask, 1.0 / m_s.scoreHeads) : -1;
        // the tables of one step, kept with their capacity for the next
        std::vector<Handle>& inputs = m_inputs;
        inputs.assign(1, act(m_s.hidden)); // the embedding output
        std::vector<std::vector<Saved>>& saved = m_saved;
        saved.resize(static_cast<size_t>(m_s.layers));
        for (int l = 0; l < m_s.layers; ++l) {
            const bool recompute = l < m_s.checkpointed;
            inputs.push_back(block(recompute ? nullptr : &saved[static_cast<size_t>(l)]));
        }
        Handle grad = loss();
        for (int l = m_s.layers - 1; l >= 0; --l) {
            std::vector<Saved>& keep = saved[static_cast<size_t>(l)];
            if (l < m_s.checkpointed)
                m_a.free(block(&keep)); // the recompute; its output is not needed
            backward(keep);
            weightGradients();
            const Handle next = act(m_s.hidden);
            m_a.free(grad);
            grad = next;
            m_a.free(inputs[static_cast<size_t>(l) + 1]);
        }
        m_a.free(inputs[0]);
        m_a.free(grad);
        m_a.free(mask);
        optimizerStep();
    }

    /// One generate() prefill of @p tokens tokens (StepShape::prefill): each block's forward
    /// without autograd, its KV cache kept (step_replay.h prefillReplay). The cache is left live.
    void prefill(double tokens) {
        m_t = tokens;
        m_scoreWidth = static_cast<double>(m_s.scoreHeads) * static_cast<double>(m_s.scoreKeys);
        // eager attention's causal mask, b x 1 x s x s, made once for the forward
        const Handle mask = m_scoreWidth > 0 ? scores(m_s.softmax.mask, 1.0 / m_s.scoreHeads) : -1;
        Handle x = act(m_s.hidden); // the embedding output
        for (int l = 0; l < m_s.layers; ++l) {
            const Handle out = block(nullptr);
            m_a.free(x);
            x = out;
            if (m_s.kvConcat) // presents = torch.cat((presents, kv_cache), dim=0)
                appendToPresents(l);
        }
        m_a.free(norm(nullptr)); // the final norm's output, to the last position's logits
        m_a.free(x);
        m_a.free(mask);
    }

private:
    /// chatglm's prefill: the cache of blocks 0..@p l in one new tensor; the previous one and
    /// block @p l's own go.
    void appendToPresents(int l) {
        if (m_presents < 0) {
            m_presents = m_blockKv;
            return;
        }
        const Handle grown = act(2 * m_s.kvOut * (l + 1));
        m_a.free(m_presents);
        m_a.free(m_blockKv);
        m_presents = grown;
    }

    /// A tensor of @p width elements per token in the compute dtype.
    Handle act(int64_t width, double bytes = 0) {
        const double b = bytes > 0 ? bytes : m_s.c;
        return m_a.malloc(static_cast<int64_t>(m_t * static_cast<double>(width) * b));
    }
    /// An attention-score tensor: tokens x heads x keys elements (x @p share of the heads) of
    /// @p bytes each (0: the compute dtype).
    Handle scores(double bytes, double share = 1.0) {
        const double b = bytes > 0 ? bytes : m_s.c;
        return m_a.malloc(static_cast<int64_t>(m_t * m_scoreWidth * share * b));
    }
    /// Frees @p h unless @p keep takes it (the forward that autograd records).
    void drop(Handle h, std::vector<Saved>* keep, bool softmax = false) {
        if (keep)
            keep->push_back({h, softmax});
        else
            m_a.free(h);
    }

    /// Soft-capping, cap x tanh(@p x / cap): the quotient, tanh's output (@p tanhOut, kept for
    /// backward) and the product, each a new tensor of @p x's shape made by @p make; @p x
    /// and the quotient go as the next is made. Returns the product.
    template <class Make> Handle softcap(Handle x, Handle& tanhOut, Make make) {
        const Handle divided = make();
        m_a.free(x);
        tanhOut = make();
        m_a.free(divided);
        return make();
    }

    /// The attention's output and the tensors it leaves to autograd (or to free).
    struct Attention {
        Handle output = -1;
        std::array<Saved, 6> saves{};
        int count = 0;
    };
    /// SDPA, FlashAttention or flex on the rotated @p q, @p k and the values @p v: one output;
    /// q, k and v are kept (with the kernel's small logsumexp, not replayed).
    Attention fusedAttention(Handle q, Handle k, Handle v) {
        return {act(m_s.qOut), {{{q}, {k}, {v}}}, 3};
    }
    /// Eager attention (transformers eager_attention_forward): repeat_kv copies K and V to
    /// every head (GQA), the score matmul, its scaling and the mask add each make a new score
    /// tensor (the sum in the promoted dtype of scores and mask), the softmax runs in fp32
    /// (bf16 scores copied to fp32 first) and is cast back, and the masked scores go when
    /// the name is rebound to the cast; the value matmul's output is transposed into a
    /// contiguous copy. Autograd keeps q, the repeated K, the fp32 softmax output, its cast
    /// and the repeated V; without autograd (@p recording false) the fp32 output goes as
    /// soon as it is cast.
    Attention eagerAttention(Handle q, Handle k, Handle v, bool recording) {
        const StepShape& s = m_s;
        const bool repeat = s.kvOut < s.qOut;
        const Handle kAll = repeat ? act(s.qOut) : k;
        const Handle vAll = repeat ? act(s.qOut) : v;
        const Handle product = scores(0);
        Handle scaled = scores(0);
        m_a.free(product);
        Handle capTanh = -1;
        if (s.attnSoftcap) {
            scaled = softcap(scaled, capTanh, [this] { return scores(0); });
            if (!recording)
                m_a.free(capTanh);
        }
        const Handle masked = scores(s.softmax.masked);
        m_a.free(scaled);
        const Handle copy = s.softmax.copy ? scores(4.0) : -1;
        const Handle probs = scores(4.0);
        m_a.free(copy);
        const Handle probsCast = scores(0);
        if (!recording)
            m_a.free(probs);
        m_a.free(masked);
        const Handle context = act(s.qOut);
        Attention a{act(s.qOut), {}, 0}; // transpose(1, 2).contiguous()
        m_a.free(context);
        // the caller's unrepeated K and V, released as the attention returns, unless a prefill's
        // DynamicCache keeps them
        if (repeat && !(m_s.prefill && !m_s.kvConcat)) {
            m_a.free(k);
            m_a.free(v);
        }
        // in the order of their making: backward releases them last first
        const auto save = [&a](Saved v) { a.saves[static_cast<size_t>(a.count++)] = v; };
        save({q});
        save({kAll});
        if (recording && capTanh >= 0)
            save({capTanh});
        if (recording)
            save({probs, true});
        save({probsCast});
        save({vAll});
        return a;
    }

    /// One decoder block's forward: RMSNorm, q/k/v, RoPE on q and k, attention, o_proj and
    /// the residual add; RMSNorm, gate/up, SiLU, product, down and the residual add
    /// (transformers modeling_llama.py LlamaDecoderLayer). With @p keep, autograd saves the
    /// norm outputs, rotated q/k, v, the attention output, the second norm's input, gate,
    /// up, SiLU output and product (and LoRA's dropped-out inputs); without, only the
    /// output survives. Returns the block output.
    Handle block(std::vector<Saved>* keep) {
        const StepShape& s = m_s;
        const Handle x1 = norm(keep);
        for (int i = 0; i < s.adapterInputs; ++i)
            drop(act(s.hidden, s.adapterInputBytes), keep);
        const Handle q = act(s.qOut), k = act(s.kvOut), v = act(s.kvOut);
        const Handle qr = act(s.qOut);
        m_a.free(q);
        const Handle kr = act(s.kvOut);
        m_a.free(k);
        if (s.prefill && s.kvConcat) // kv_cache = torch.cat((k, v)) before the attention
            m_blockKv = act(2 * s.kvOut);
        const Attention attention = m_scoreWidth > 0 ? eagerAttention(qr, kr, v, keep != nullptr)
                                                     : fusedAttention(qr, kr, v);
        const Handle attn = attention.output;
        drop(x1, keep);
        for (int i = 0; i < attention.count; ++i) {
            const Handle h = attention.saves[static_cast<size_t>(i)].handle;
            if (s.prefill && !s.kvConcat && (h == kr || h == v))
                continue; // DynamicCache keeps the rotated keys and the values
            drop(h, keep, attention.saves[static_cast<size_t>(i)].softmax);
        }
        const Handle o = act(s.hidden);
        drop(attn, keep);
        const Handle r1 = act(s.hidden);
        m_a.free(o);
        const Handle x2 = norm(keep);
        if (s.gatedMlp && s.fusedGateUp) { // x = dense_h_to_4h(x); silu(x[0]) * x[1]
            const Handle gateUp = act(2 * s.intermediate);
            const Handle silu = act(s.intermediate);
            const Handle product = act(s.intermediate);
            drop(silu, keep);
            drop(gateUp, keep); // the chunks are views of it
            return mlpOut(x2, product, r1, keep);
        }
        const Handle up = act(s.intermediate);
        Handle hiddenAct = up;
        if (s.gatedMlp) {
            const Handle gate = act(s.intermediate);
            const Handle silu = act(s.intermediate);
            drop(gate, keep);
            hiddenAct = act(s.intermediate); // silu(gate) * up
            drop(silu, keep);
            drop(up, keep);
        }
        return mlpOut(x2, hiddenAct, r1, keep);
    }

    /// A norm (StepShape::fp32Norm): transformers' RMSNorm, hidden.to(float32), pow(2) (its
    /// mean is per token), hidden * rsqrt(...), then weight * hidden.to(input_dtype), the fp32
    /// product and the cast going as the function returns. Autograd keeps the fp32 copy (pow's
    /// and the product's input) and, when the weight takes a gradient, the cast; without
    /// autograd the copy goes when its name is rebound. Returns the norm's output.
    Handle norm(std::vector<Saved>* keep) {
        const int64_t h = m_s.hidden;
        if (!m_s.fp32Norm)
            return act(h);
        const Handle upcast = act(h, 4.0);
        // the square, reduced to its mean at once, is not replayed: a block made and freed
        // just before one of its own size is made leaves the allocator as that one alone would
        // (the best fit is the same block, split and merged back; the peaks are the same)
        const Handle scaled = act(h, 4.0);
        if (!keep)
            m_a.free(upcast);
        const Handle cast = act(h);
        const Handle out = act(h);
        m_a.free(scaled);
        if (keep)
            keep->push_back({upcast});
        drop(cast, m_s.normWeightGrad ? keep : nullptr);
        return out;
    }

    /// The block's end: the down projection of @p hiddenAct, the residual add onto @p r1;
    /// @p x2 (the MLP's input) goes to autograd or is freed. Returns the block output.
    Handle mlpOut(Handle x2, Handle hiddenAct, Handle r1, std::vector<Saved>* keep) {
        const Handle down = act(m_s.hidden);
        drop(x2, keep);
        drop(hiddenAct, keep);
        const Handle out = act(m_s.hidden);
        m_a.free(down);
        drop(r1, keep);
        return out;
    }

    /// A block's backward: each saved tensor's gradient is made, then the tensor and its
    /// gradient are released, last saved first.
    void backward(std::vector<Saved>& keep) {
        for (auto it = keep.rbegin(); it != keep.rend(); ++it) {
            if (it->softmax) {
                softmaxBackward(it->handle);
                continue;
            }
            m_a.transient(m_a.blockSize(it->handle), it->handle); // its gradient, then both go
        }
        keep.clear();
    }
    /// Eager attention's fp32 softmax backward: the cast's gradient upcast to fp32, the
    /// softmax gradient in the dtype the softmax read (computed from the saved output and
    /// that fp32 gradient), cast to the scores' compute dtype where it differs (the fp32
    /// copy's or the promoted mask add's backward), then the scaling's gradient.
    void softmaxBackward(Handle probs) {
        const double softmaxIn = m_s.softmax.softmaxIn;
        const Handle upcast = m_a.malloc(m_a.blockSize(probs));
        Handle grad = scores(softmaxIn);
        m_a.free(probs);
        m_a.free(upcast);
        if (softmaxIn != m_s.c) {
            const Handle cast = scores(0);
            m_a.free(grad);
            grad = cast;
        }
        const Handle scaled = scores(0);
        m_a.free(grad);
        m_a.free(scaled);
    }

    /// The final norm, lm_head and transformers' causal-LM loss, forward and backward;
    /// returns the gradient of the final hidden state.
    Handle loss() {
        const StepShape& s = m_s;
        std::vector<Saved> normSaves;
        const Handle normed = norm(&normSaves);
        if (s.vocab <= 0 || !s.eagerLoss) { // the loss is not replayed: the norm's backward now
            backward(normSaves);
            return normed;
        }
        Handle logits = act(s.vocab);
        Handle capTanh = -1;
        if (s.finalSoftcap)
            logits = softcap(logits, capTanh, [&] { return act(s.vocab); });
        const Handle upcast = act(s.vocab, 4.0);
        Handle shifted = -1;
        if (s.fp32Logits) {
            m_a.free(logits); // logits = logits.float() rebinds the name
            shifted = act(s.vocab, 4.0);
        }
        const Handle logSoftmax = act(s.vocab, 4.0);
        m_a.free(shifted);
        m_a.free(upcast);
        if (!s.fp32Logits)
            m_a.free(logits); // the model output, dropped when compute_loss returns
        // backward: nll_loss's gradient, log_softmax's, the shift's, the upcast's
        Handle g = act(s.vocab, 4.0);
        const Handle g2 = act(s.vocab, 4.0);
        m_a.free(g);
        m_a.free(logSoftmax);
        g = g2;
        if (s.fp32Logits) {
            const Handle unshifted = act(s.vocab, 4.0);
            m_a.free(g);
            g = unshifted;
        }
        Handle down = act(s.vocab);
        m_a.free(g);
        if (capTanh >= 0) { // the gradients through x cap, tanh and / cap
            for (int i = 0; i < 3; ++i) {
                const Handle next = act(s.vocab);
                m_a.free(down);
                if (i == 1)
                    m_a.free(capTanh);
                down = next;
            }
        }
        const Handle hidden = act(s.hidden);
        if (m_s.gradBytes > 0) // a full fine-tune's lm_head weight gradient, kept to the step
            m_grads.push_back(m_a.malloc(static_cast<int64_t>(
                static_cast<double>(s.vocab) * static_cast<double>(s.hidden) * m_s.gradBytes)));
        m_a.free(down);
        backward(normSaves);
        m_a.free(normed);
        return hidden;
    }

    /// Full fine-tune: the block's weight gradients appear as its backward ends.
    void weightGradients() {
        if (m_s.gradBytes <= 0)
            return;
        for (const int64_t n : m_blockParams)
            m_grads.push_back(
                m_a.malloc(static_cast<int64_t>(static_cast<double>(n) * m_s.gradBytes)));
    }
    /// The first step creates the optimizer states; every step frees the gradients
    /// (zero_grad(set_to_none=True)).
    void optimizerStep() {
        if (!m_statesMade && m_s.stateBytes > 0)
            for (const Handle g : m_grads)
                m_a.malloc(static_cast<int64_t>(static_cast<double>(m_a.blockSize(g)) /
                                                m_s.gradBytes * m_s.stateBytes));
        m_statesMade = true;
        for (const Handle g : m_grads)
            m_a.free(g);
        m_grads.clear();
    }
    /// The elements of each weight of a block: q, k, v, o, (gate,) up and down.
    static std::vector<int64_t> blockParams(const StepShape& s) {
        const int64_t h = s.hidden;
        std::vector<int64_t> n{h * s.qOut, h * s.kvOut, h * s.kvOut, s.qOut * h};
        for (int i = 0; i < (s.gatedMlp ? 2 : 1); ++i)
            n.push_back(h * s.intermediate);
        n.push_back(s.intermediate * h);
        return n;
    }

    CachingAllocatorModel& m_a;
    const StepShape& m_s;
    double m_t = 0;
    double m_scoreWidth = 0; ///< score elements per token (eager attention), 0 without
    std::vector<int64_t> m_blockParams;
    std::vector<Handle> m_grads;
    std::vector<Handle> m_inputs;            ///< each block's input, then the stack's output
    std::vector<std::vector<Saved>> m_saved; ///< what autograd keeps, by block
    bool m_statesMade = false;
    Handle m_blockKv = -1;  ///< prefill with kvConcat: this block's cat of K and V
    Handle m_presents = -1; ///< prefill with kvConcat: every block's so far
};

/// @p s with at most kReplayedLayers blocks, its checkpointed share kept (the step replay,
/// which scales the result back to every block).
StepShape boundedShape(const StepShape& s) {
    StepShape b = s;
    b.layers = std::min(s.layers, kReplayedLayers);
    b.checkpointed =
        s.layers > kReplayedLayers
            ? static_cast<int>(static_cast<int64_t>(s.checkpointed) * kReplayedLayers / s.layers)
            : s.checkpointed;
    return b;
}

} // namespace

/// Whether the widest request of @p s at @p tokens tokens stays within kLargestRequest.
bool replayable(const StepShape& s, double tokens) {
    const double widest =
        std::max({static_cast<double>(s.vocab) * 4.0, static_cast<double>(s.intermediate) * s.c,
                  static_cast<double>(std::max(s.hidden, s.qOut)) * s.c,
                  static_cast<double>(s.scoreHeads) * static_cast<double>(s.scoreKeys) * 4.0});
    return tokens * widest <= kLargestRequest;
}

int64_t replayedPeak(const StepShape& s, int64_t microBatch, const std::vector<int64_t>& lengths) {
    CachingAllocatorModel a;
    StepReplay step(a, s);
    for (const int64_t len : lengths)
        step.step(static_cast<double>(microBatch) * static_cast<double>(len),
                  static_cast<double>(len));
    return a.peakReserved();
}

int64_t stepReplayTokens(const StepShape& s) {
    constexpr int64_t kTokens = int64_t{1} << 16;
    constexpr int64_t kMost = int64_t{1} << 25;
    constexpr double kNarrowest = 64.0 * 1024 * 1024; // bytes of the narrowest tensor
    const double width =
        static_cast<double>(std::max<int64_t>(1, std::min(s.kvOut, s.hidden))) * std::max(s.c, 1.0);
    int64_t tokens = kTokens;
    while (tokens < kMost && static_cast<double>(tokens) * width < kNarrowest)
        tokens *= 2;
    return tokens;
}

namespace {

/// What the replay through @p a leaves cached beyond its live peak, x @p scale (the blocks it
/// stands for per block replayed, over the tokens when read per token): the reserved peak less
/// the allocated peak, and its part in wholly free segments whenever a new one was needed.
StepReserve replayedReserve(const CachingAllocatorModel& a, double scale) {
    const auto peak = static_cast<double>(a.peakReserved());
    const auto live = static_cast<double>(a.peakAllocated());
    // the reserve is part of the replay's own peak of segments: >= 0, and its releasable
    // part (segments wholly free whenever a new one was needed) is part of it
    assert(a.peakAllocated() <= a.peakReserved() && a.peakPinned() <= a.peakReserved());
    return {(peak - live) * scale,
            (peak - std::max(live, static_cast<double>(a.peakPinned()))) * scale};
}

/// Two steps of @p s at @p tokens tokens (the first makes the segments, the second meets the
/// first's cached blocks): the reserved peak less the allocated peak, and its part in wholly
/// free segments, in bytes, for every block of @p s (a deeper stage scaled from its first
/// kReplayedLayers).
StepReserve replayTwoSteps(const StepShape& s, double tokens) {
    if (s.layers <= 0 || s.hidden <= 0 || !replayable(s, tokens))
        return {};
    const StepShape bounded = boundedShape(s);
    CachingAllocatorModel a;
    StepReplay step(a, bounded);
    const auto keys = static_cast<double>(s.scoreKeys);
    step.step(tokens, keys);
    step.step(tokens, keys);
    return replayedReserve(a, static_cast<double>(s.layers) / bounded.layers);
}

} // namespace

StepFragmentation stepFragmentation(const StepShape& s) {
    if (s.prefill)
        return prefillReplay(s);
    StepShape blocks = s;
    blocks.gradBytes = blocks.stateBytes = 0; // fixed sizes: replayWithStates
    const auto tokens = static_cast<double>(stepReplayTokens(s));
    const StepReserve r = replayTwoSteps(blocks, tokens);
    return {r.reserve / tokens, r.releasable / tokens};
}

StepFragmentation prefillReplay(const StepShape& s) {
    const auto tokens = static_cast<double>(stepReplayTokens(s));
    if (s.layers <= 0 || s.hidden <= 0 || !replayable(s, tokens))
        return {};
    const StepShape bounded = boundedShape(s);
    CachingAllocatorModel a;
    StepReplay replay(a, bounded);
    replay.prefill(tokens);
    const StepReserve r =
        replayedReserve(a, static_cast<double>(s.layers) / bounded.layers / tokens);
    return {r.reserve, r.releasable};
}

StepReserve replayWithStates(const StepShape& s, int64_t tokens) {
    return replayTwoSteps(s, static_cast<double>(tokens));
}

namespace {

/// The largest reserve of several replays and, apart, the largest part of one that is not
/// releasable: an envelope that never falls as replays are added.
struct WorstReserve {
    double reserve = 0;
    double kept = 0;
    void add(double r, double releasable) {
        reserve = std::max(reserve, r);
        kept = std::max(kept, r - releasable);
    }
};

/// @p add(n) for the grid points start x 2^k and 1.5 x start x 2^k (k >= 0) up to @p limit.
template <class Add> void forEachGridPoint(int64_t start, double limit, Add add) {
    for (int64_t base = start; static_cast<double>(base) <= limit; base *= 2)
        for (const int64_t n : {base, base + base / 2})
            if (static_cast<double>(n) <= limit)
                add(n);
}

} // namespace

StepReserve reserveEnvelope(const StepShape& s, double tokens, FragmentationReplay fragmentation,
                            StatesReplay states) {
    const StepFragmentation perToken = fragmentationEnvelope(s, fragmentation);
    WorstReserve worst;
    worst.add(perToken.reservePerToken * tokens, perToken.releasablePerToken * tokens);
    if (statesReplayed(s))
        forEachGridPoint(kStateGridStart, tokens, [&](int64_t grid) {
            const StepReserve r = states(s, grid);
            worst.add(r.reserve, r.releasable);
        });
    return {worst.reserve, worst.reserve - worst.kept};
}

StepFragmentation fragmentationEnvelope(const StepShape& s, FragmentationReplay replay) {
    if (s.scoreHeads <= 0 || s.scoreKeys < kScoreGridStart)
        return replay(s);
    WorstReserve worst; // per token
    StepShape grid = s;
    forEachGridPoint(kScoreGridStart, static_cast<double>(s.scoreKeys), [&](int64_t keys) {
        grid.scoreKeys = keys;
        const StepFragmentation f = replay(grid);
        worst.add(f.reservePerToken, f.releasablePerToken);
    });
    return {worst.reserve, worst.reserve - worst.kept};
}

} // namespace headroom
