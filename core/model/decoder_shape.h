#pragma once
// Any decoder by its shape: a validation record or a custom model that gives layers, widths,
// heads, MLP kind, vocabulary and tying is estimated whatever its family is called.

#include "core/error.h"
#include "core/model/model.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace headroom {

/// The shape of a decoder-only transformer, as a record or a user gives it.
struct DecoderShape {
    std::string name;
    std::string family;       ///< any name; a known one adds its block details
    int layers = 0;           ///< transformer blocks
    int64_t hidden = 0;       ///< model width h
    int heads = 0;            ///< query heads
    int kvHeads = 0;          ///< key/value heads (GQA/MQA); 0 = heads
    int headDim = 0;          ///< per-head width; 0 = hidden / heads
    int64_t intermediate = 0; ///< FFN width of one branch (gated: the gate/up width)
    MlpKind mlp = MlpKind::Gated;
    int64_t vocab = 0;
    bool tiedEmbeddings = false;
    MoeSpec moe; ///< numExperts 0: dense
};

/// What a shape does not say about a block: norm kind and parameters, biases, q/k norms,
/// parallel attention/MLP, norms per block. Per family from its modelling file; a family not
/// listed gets the generic pre-norm decoder (Llama's block: RMSNorm, no biases, 2 norms).
struct DecoderFamilyTraits {
    bool known = false;  ///< the family is in the table
    bool decoder = true; ///< false: an encoder (bert, roberta, t5), not modelled
    NormKind norm = NormKind::RMSNorm;
    bool normBias = true; ///< LayerNorm with bias
    bool normAffine = true;
    bool qkvBias = false;
    bool outBias = false;
    bool mlpBias = false;
    bool qkNorm = false;
    bool qkNormFullWidth = false;
    bool parallelBlock = false;
    int normsPerLayer = 2;
    bool geluNew = false; ///< the config's default FFN activation is "gelu_new" (ModelArch)
    /// The config's defaults soft-cap the attention scores and the logits (ModelArch
    /// attnSoftcap / finalSoftcap; Gemma2Config: 50.0 and 30.0)
    bool softcap = false;
    std::string_view source; ///< the modelling file the traits come from, or why generic
    /// A learned absolute position table (gpt2 wpe, gpt_bigcode wpe) of n_positions x hidden:
    /// a shape without n_positions cannot count it (ModelArch::learnedPositions stays 0)
    bool learnedPositions = false;
    /// lm_head shares the token embedding unless the config says otherwise (the config
    /// class's tie_word_embeddings default True and the LM class ties it: GPT2LMHeadModel)
    bool tiedByDefault = false;
    /// Every published model of the family routes tokens to experts (mixtral, dbrx,
    /// gpt_oss): a dense shape cannot describe it; only a config (or a MoE shape) can
    bool routedExperts = false;
    /// Router and expert projections carry biases (gpt_oss GptOssTopKRouter.bias,
    /// GptOssExperts gate_up_proj_bias / down_proj_bias); applied to a MoE shape
    bool expertBiases = false;
    bool attentionSinks = false; ///< one learned sink logit per head (gpt_oss: self.sinks)
    /// The model's own code keeps the KV caches of all blocks in one tensor during the prefill
    /// and grows it by torch.cat after each block (chatglm's remote code, ChatGLM2/3 and
    /// GLM-4: GLMTransformer.forward, "prefilling in decoding, use tensor format to save cuda
    /// memory"): what the inference prefill replay runs (StepShape::kvConcat).
    bool prefillKvConcat = false;
    /// The gated MLP's gate and up projections are one linear whose output is chunked in two
    /// (chatglm dense_h_to_4h, GLM's Phi3MLP gate_up_proj): one tensor of twice the FFN width
    /// where Llama's block makes two (StepShape::fusedGateUp).
    bool fusedGateUp = false;
    /// Non-empty where the model's own code casts it to its nativeDType when it is built,
    /// whatever dtype the loader asked for: the source of that cast (Qwen v1 remote code).
    std::string_view castsOnLoad;
};

/// The traits of @p family (HF model_type spelling: "llama", "qwen", "falcon", ...).
DecoderFamilyTraits decoderFamilyTraits(std::string_view family);

/// The architecture of @p s: its shape plus decoderFamilyTraits(s.family). Errors name the
/// shape field (num_hidden_layers, hidden_size, num_key_value_heads, ...): a missing or
/// non-positive size, heads not a multiple of the KV heads, an encoder family
/// (UnsupportedFamily, field "family"), or more than 1e14 parameters.
Result<ModelArch> archFromShape(const DecoderShape& s);

} // namespace headroom
