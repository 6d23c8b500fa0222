#pragma once
// Model architecture: the shapes that decide parameter count, KV cache and activations.

#include "core/model/checkpoint_quant.h"
#include "core/model/dtype.h"

#include <cstdint>
#include <string>
#include <vector>

namespace headroom {

/// Feed-forward block kind.
enum class MlpKind {
    Gated, ///< SwiGLU / GeGLU: gate, up and down projections (3 matrices): llama, qwen, gemma
    Plain, ///< up + down projections (2 matrices) with GELU: gpt2, falcon, phi-1.5, bert
};

/// Normalisation layer kind (RMSNorm has a weight only, LayerNorm a weight and a bias).
enum class NormKind { RMSNorm, LayerNorm };

/// Mixture-of-experts block. numExperts == 0 means a dense model.
struct MoeSpec {
    int numExperts = 0;      ///< routed experts per MoE layer (n_routed_experts, num_experts)
    int expertsPerToken = 0; ///< top-k routed experts per token
    int sharedExperts = 0;   ///< always-active shared experts (DeepSeek, Qwen2-MoE)
    int64_t expertIntermediate = 0; ///< FFN width of one expert (moe_intermediate_size)
    int64_t sharedIntermediate = 0; ///< FFN width of one shared expert (0: = expertIntermediate)
    int firstDenseLayers = 0; ///< leading layers that keep a dense FFN (first_k_dense_replace)
    bool routerBias =
        false; ///< router has an E-vector bias (gpt-oss; DeepSeek-V3 e_score_correction_bias)
    bool expertBias = false;       ///< expert projections carry biases (gpt-oss)
    bool sharedExpertGate = false; ///< sigmoid gate h x 1 on the shared expert (Qwen2-MoE)
    bool enabled() const { return numExperts > 0; }
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const MoeSpec&) const = default;
};

/// Multi-head latent attention (DeepSeek-V2/V3). Enabled when kvLoraRank > 0.
struct MlaSpec {
    int qLoraRank = 0;     ///< 0: queries are projected directly (DeepSeek-V2-Lite)
    int kvLoraRank = 0;    ///< compressed latent width cached per token
    int qkNopeHeadDim = 0; ///< non-rotary part of each query/key head
    int qkRopeHeadDim = 0; ///< rotary part, shared key cached per token
    int vHeadDim = 0;      ///< value head width
    bool enabled() const { return kvLoraRank > 0; }
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const MlaSpec&) const = default;
};

/// A decoder-only (or encoder) transformer as the frameworks build it.
/// All sizes are element counts; no field is in bytes.
struct ModelArch {
    std::string name;   ///< display name, e.g. "Llama-3.1-8B"
    std::string family; ///< HF model_type, e.g. "llama", "qwen3_moe", "deepseek_v3"

    int numLayers = 0;            ///< transformer blocks, >= 1
    int64_t hiddenSize = 0;       ///< model width h
    int numHeads = 0;             ///< query heads a
    int numKvHeads = 0;           ///< key/value heads (GQA: < numHeads; MQA: 1)
    int headDim = 0;              ///< per-head width; may differ from h / a (Gemma, Qwen3)
    int64_t intermediateSize = 0; ///< dense FFN width
    MlpKind mlp = MlpKind::Gated;
    NormKind norm = NormKind::RMSNorm;
    int64_t vocabSize = 0;
    bool tiedEmbeddings = false;  ///< lm_head shares the token embedding matrix
    int64_t learnedPositions = 0; ///< rows of a learned position table (gpt2: n_positions), else 0

    bool qkvBias = false; ///< biases on q/k/v projections (Qwen2, gpt2, gpt-oss)
    bool outBias = false; ///< bias on the attention output projection
    bool mlpBias = false; ///< biases on the dense FFN projections
    bool qkNorm = false;  ///< per-head RMSNorm on q and k (Qwen3)
    /// q/k norms span all heads: a x d and kv x d weights (OLMo2 q_norm/k_norm, Cohere
    /// use_qk_norm), instead of one head_dim vector each.
    bool qkNormFullWidth = false;
    bool normBias = true;       ///< a LayerNorm carries a bias (Cohere, DBRX: weight only)
    bool normAffine = true;     ///< norms have learned weights (OLMo-1: non-parametric LayerNorm)
    int normsPerLayer = 2;      ///< norms inside one block (Gemma2: 4)
    bool finalNorm = true;      ///< norm after the last block
    bool parallelBlock = false; ///< attention and MLP read the same norm output (Falcon, phi-1.5)
    /// The FFN activation is GPT-2's tanh-approximated GELU under the name "gelu_new" (gpt2's
    /// `activation_function`, phi's `hidden_act`: both configs' default). transformers runs
    /// it as activations.py NewGELUActivation, a chain of tensor ops (Features::geluNewOps);
    /// litgpt and compiled graphs fuse it.
    bool geluNew = false;
    bool attentionSinks = false; ///< one learned sink logit per head (gpt-oss)
    /// tanh soft-capping of the attention scores before the mask, cap x tanh(scores / cap)
    /// (config `attn_logit_softcapping`, Gemma-2): under eager attention three more score
    /// tensors, of which autograd saves tanh's output.
    bool attnSoftcap = false;
    /// The same soft-capping of the output logits (config `final_logit_softcapping`,
    /// Gemma-2): three more b x s x V tensors in the compute dtype, tanh's output saved.
    bool finalSoftcap = false;

    int slidingWindow = 0; ///< window in tokens for sliding-window layers, 0 = none
    int slidingLayers = 0; ///< how many layers use the window (gpt-oss, Gemma2: half)

    MoeSpec moe;
    MlaSpec mla;
    /// The checkpoint's quantisation (config.json quantization_config); method None for a
    /// plain checkpoint. checkpointStorage() turns it into bytes per parameter group.
    CheckpointQuant quant;

    DType nativeDType = DType::BF16; ///< torch_dtype of the published dense weights
    DType expertDType = DType::BF16; ///< storage of expert weights as published (MXFP4 for gpt-oss)
    int64_t maxPositions = 0;        ///< max_position_embeddings, 0 = unknown
    int64_t publishedParams = 0;     ///< exact count from a safetensors index/header, 0 = unknown
    /// Exact stored bytes from a safetensors header (each tensor at its dtype), 0 = unknown.
    /// When set, the weights are these bytes, split over the groups as checkpointStorage()
    /// splits the config's bytes.
    int64_t headerWeightBytes = 0;
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const ModelArch&) const = default;
};

/// Parameter counts of a model, in elements.
struct ParamCount {
    int64_t total = 0;     ///< every parameter stored
    int64_t active = 0;    ///< parameters touched per token (MoE: top-k + shared experts)
    int64_t embedding = 0; ///< token (+ position) embedding rows x width
    int64_t lmHead = 0;    ///< output projection (0 when tied)
    int64_t attention = 0; ///< all attention projections (+ biases, q/k norms, MLA norms)
    int64_t denseMlp = 0;  ///< dense FFN layers
    int64_t experts = 0;   ///< all routed experts
    int64_t sharedExperts = 0;
    int64_t router = 0;
    int64_t norms = 0; ///< block norms + final norm
};

/// Element counts of one block's tensors, used by LoRA, TP and PP accounting.
struct LayerShapes {
    int64_t qOut =
        0; ///< query projection output width (heads x head_dim; MLA: heads x (nope+rope))
    int64_t kvOut = 0;     ///< key (and value) projection output width (kvHeads x head_dim)
    int64_t attnOutIn = 0; ///< o_proj input width (heads x head_dim; MLA: heads x v_head_dim)
    int64_t attentionParams = 0;
    int64_t mlpParams = 0;    ///< dense FFN, or shared experts + router on a MoE layer
    int64_t expertParams = 0; ///< all routed experts of this layer
    int64_t normParams = 0;
    bool isMoe = false;
};

/// Parameters of one norm: 0 without learned weights, h for RMSNorm or a LayerNorm without
/// bias, 2h for a LayerNorm with bias.
int64_t normParams(const ModelArch& m);

/// Shapes of block @p layer (0-based).
LayerShapes layerShapes(const ModelArch& m, int layer);

/// Exact parameter count from the architecture (no safetensors needed).
/// Formula per block: attention (q,k,v,o [+biases]) + FFN (3 or 2 matrices x h x i) + norms;
/// plus embeddings, lm_head (unless tied) and final norm. MoE layers hold E experts of
/// 3 x h x i_moe each plus an h x E router. Source: HF modeling_*.py of each family.
ParamCount countParameters(const ModelArch& m);

/// A plausible dense llama-style architecture for a bare parameter count (e.g. 7e9).
/// Rule (docs/models.md, "Derived dense shape"): head_dim 128, h = 128 x heads (256..1920 in
/// steps of 128 with MHA, then multiples of 1024 with 8 KV heads), depth around h / 128 as in
/// Llama 2/3, FFN from 3.5 h in multiples of 256, vocab 32000 untied. The result is the nearest
/// entry of a precomputed chain of such shapes with strictly increasing counts, so its count is
/// monotonic in @p params and within 2 % of it for 1e8 <= params <= 2e12. Name "~7.0B (derived)".
ModelArch denseFromParamCount(double params);

/// Why an architecture is unusable; Ok when valid.
enum class ArchError {
    Ok,
    NonPositiveLayers,
    NonPositiveHidden,
    NonPositiveHeads,
    KvHeadsInvalid,
    NonPositiveHeadDim,
    NonPositiveIntermediate,
    NonPositiveVocab,
    MoeInvalid,
    MlaInvalid,
    TooLarge,
};

/// Checks ranges (all sizes > 0, heads divisible by KV heads, total < 1e14 parameters).
ArchError validateArch(const ModelArch& m);
/// The JSON/config field an ArchError refers to, e.g. "num_hidden_layers".
std::string_view archErrorField(ArchError e);

} // namespace headroom
