// decoder_shape.cpp: a ModelArch from a decoder's shape and its family's block traits.

#include "core/model/decoder_shape.h"

#include <array>

namespace headroom {

namespace {

struct TraitRow {
    std::string_view family;
    DecoderFamilyTraits traits;
};

DecoderFamilyTraits rms(std::string_view source) {
    DecoderFamilyTraits t;
    t.known = true;
    t.source = source;
    return t;
}

DecoderFamilyTraits layerNorm(bool biases, bool parallel, int norms, std::string_view source) {
    DecoderFamilyTraits t = rms(source);
    t.norm = NormKind::LayerNorm;
    t.qkvBias = t.outBias = t.mlpBias = biases;
    t.parallelBlock = parallel;
    t.normsPerLayer = norms;
    return t;
}

/// The table: one row per family, each from the family's HF modelling file.
const std::array<TraitRow, 27>& traitTable() {
    static const std::array<TraitRow, 27> rows = [] {
        DecoderFamilyTraits qkv = rms("modeling_qwen2.py: q/k/v biases");
        qkv.qkvBias = true;
        DecoderFamilyTraits qwen1 = rms("Qwen v1 modeling_qwen.py: c_attn bias, no other");
        qwen1.qkvBias = true;
        qwen1.castsOnLoad =
            "Qwen v1 modeling_qwen.py (Qwen/Qwen-7B, remote code): QWenLMHeadModel.__init__ sets "
            "config.bf16 when none of bf16/fp16/fp32 is set (the published configs) and the GPU "
            "supports it (else fp16), then self.transformer.bfloat16(); self.lm_head.bfloat16()";
        DecoderFamilyTraits glm = rms("modeling_chatglm.py: add_qkv_bias; the prefill's KV "
                                      "caches in one tensor grown by torch.cat per block");
        glm.qkvBias = true;
        glm.prefillKvConcat = true;
        glm.fusedGateUp = true; // MLP.dense_h_to_4h: 2 x ffn_hidden_size, swiglu chunks it
        // GLM-4 in transformers (huggingface/transformers modular_glm.py @ ffd4c83e):
        // GlmAttention is GraniteAttention (q/k/v/o bias=config.attention_bias, GlmConfig
        // default True) with o_proj bias=False; GlmMLP = Phi3MLP (fused gate_up_proj, SwiGLU);
        // GlmRMSNorm, two per block (LlamaDecoderLayer)
        DecoderFamilyTraits glmHf = rms("modular_glm.py: q/k/v biases (attention_bias), o_proj "
                                        "without, fused SwiGLU, RMSNorm");
        glmHf.qkvBias = true;
        glmHf.fusedGateUp = true;
        // GLM-4-0414 (modular_glm4.py @ 08c53278): GlmAttention, Phi3MLP and four RMSNorms per
        // block (input, post_self_attn, post_attention, post_mlp)
        DecoderFamilyTraits glm4 = glmHf;
        glm4.normsPerLayer = 4;
        glm4.source = "modular_glm4.py: glm's block with four RMSNorms";
        // modeling_qwen3.py @ 9ee3f431: Qwen3Attention q_norm/k_norm = Qwen3RMSNorm(head_dim),
        // q/k/v/o bias=config.attention_bias (default False), Qwen3MLP without biases
        DecoderFamilyTraits q3 = rms("modeling_qwen3.py: per-head q/k RMSNorm");
        q3.qkNorm = true;
        // modular_gpt_oss.py @ ede92a87: GptOssAttention q/k/v/o bias=config.attention_bias
        // (GptOssConfig default True) and self.sinks (heads); GptOssRMSNorm, two per block;
        // GptOssMLP = GptOssTopKRouter (weight + bias) + GptOssExperts (gate_up_proj_bias,
        // down_proj_bias) in every layer
        DecoderFamilyTraits gptOss = rms("modular_gpt_oss.py: q/k/v/o biases, attention sinks, "
                                         "32/128 routed experts with biases in every layer");
        gptOss.qkvBias = gptOss.outBias = true;
        gptOss.attentionSinks = true;
        gptOss.routedExperts = true;
        gptOss.expertBiases = true;
        DecoderFamilyTraits mixtral = rms("modeling_mixtral.py: routed experts in every layer");
        mixtral.routedExperts = true;
        DecoderFamilyTraits gemma2 = rms("modeling_gemma2.py: four norms per block, "
                                         "soft-capped scores and logits");
        gemma2.normsPerLayer = 4;
        gemma2.softcap = true;
        DecoderFamilyTraits olmo = layerNorm(false, false, 2,
                                             "modeling_olmo.py: OlmoLayerNorm "
                                             "has no parameters");
        olmo.normAffine = false;
        DecoderFamilyTraits olmo2 = rms("modeling_olmo2.py: q_norm a x d, k_norm kv x d");
        olmo2.qkNorm = olmo2.qkNormFullWidth = true;
        DecoderFamilyTraits cohere = layerNorm(false, true, 1,
                                               "modeling_cohere.py: one "
                                               "weight-only LayerNorm");
        cohere.normBias = false;
        DecoderFamilyTraits dbrx = layerNorm(false, false, 2,
                                             "modeling_dbrx.py: LayerNorms "
                                             "without bias");
        dbrx.normBias = false;
        dbrx.routedExperts = true;
        // GPT2Config activation_function and PhiConfig hidden_act default to "gelu_new".
        // modeling_gpt2.py @ c44b2d99: GPT2Attention c_attn / c_proj and GPT2MLP c_fc / c_proj
        // are Conv1D with bias; GPT2Block ln_1, ln_2 and GPT2Model ln_f are nn.LayerNorm
        // (weight + bias); GPT2Model wpe = nn.Embedding(max_position_embeddings, embed_dim)
        // (n_positions); GPT2LMHeadModel ties lm_head to wte (_tied_weights_keys,
        // GPT2Config tie_word_embeddings default True)
        DecoderFamilyTraits gpt2 = layerNorm(true, false, 2,
                                             "modeling_gpt2.py: LayerNorm with biases, biases on "
                                             "every projection, learned positions, tied lm_head");
        gpt2.geluNew = true;
        gpt2.learnedPositions = true;
        gpt2.tiedByDefault = true;
        DecoderFamilyTraits bigcode = layerNorm(true, false, 2,
                                                "modeling_gpt_bigcode.py: biases, learned "
                                                "positions");
        bigcode.learnedPositions = true;
        DecoderFamilyTraits gemma = rms("modeling_gemma.py");
        gemma.tiedByDefault = true; // GemmaConfig tie_word_embeddings=True
        gemma2.tiedByDefault = true;
        cohere.tiedByDefault = true; // CohereConfig tie_word_embeddings=True
        DecoderFamilyTraits phi =
            layerNorm(true, true, 1, "modeling_phi.py: parallel block, biases");
        phi.geluNew = true;
        DecoderFamilyTraits encoder;
        encoder.known = true;
        encoder.decoder = false;
        encoder.source = "an encoder with a classification head, not a decoder LM";
        return std::array<TraitRow, 27>{{
            {"llama", rms("modeling_llama.py")},
            {"mistral", rms("modeling_mistral.py")},
            {"mixtral", mixtral},
            {"yi", rms("Yi: llama blocks")},
            {"baichuan", rms("modeling_baichuan.py: W_pack, no biases")},
            {"internlm2", rms("modeling_internlm2.py with bias false (published configs)")},
            {"gemma", gemma},
            {"gemma2", gemma2},
            {"qwen", qwen1},
            {"qwen2", qkv},
            {"qwen3", q3},
            {"chatglm", glm},
            {"glm", glmHf},
            {"glm4", glm4},
            {"gpt_oss", gptOss},
            {"olmo", olmo},
            {"olmo2", olmo2},
            {"cohere", cohere},
            {"dbrx", dbrx},
            {"falcon", layerNorm(false, true, 1,
                                 "modeling_falcon.py (falcon-7b): parallel "
                                 "block, one LayerNorm, no biases")},
            {"phi", phi},
            {"gpt_neox", layerNorm(true, true, 2,
                                   "modeling_gpt_neox.py: parallel residual, "
                                   "two LayerNorms, biases")},
            {"gpt_bigcode", bigcode},
            {"gpt2", gpt2},
            {"bert", encoder},
            {"roberta", encoder},
            {"t5", encoder},
        }};
    }();
    return rows;
}

Error shapeError(ErrorCode code, std::string_view field, std::string detail) {
    return Error{code, std::string(field), std::move(detail)};
}

} // namespace

DecoderFamilyTraits decoderFamilyTraits(std::string_view family) {
    for (const TraitRow& r : traitTable())
        if (r.family == family)
            return r.traits;
    DecoderFamilyTraits t; // the generic pre-norm decoder
    t.source = "not in the table: the generic pre-norm decoder (Llama block: RMSNorm, no "
               "biases); biases and norms are below 0.1 % of a 1B+ model's parameters";
    return t;
}

Result<ModelArch> archFromShape(const DecoderShape& s) {
    const DecoderFamilyTraits t = decoderFamilyTraits(s.family);
    if (!t.decoder)
        return shapeError(ErrorCode::UnsupportedFamily, "family",
                          s.family + ": " + std::string(t.source));
    if (s.heads <= 0)
        return shapeError(ErrorCode::FieldOutOfRange, "num_attention_heads", "must be >= 1");
    if (s.headDim <= 0 && s.hidden % s.heads != 0)
        return shapeError(ErrorCode::FieldOutOfRange, "head_dim",
                          "absent, and hidden_size is not divisible by num_attention_heads");
    ModelArch m;
    m.name = s.name;
    m.family = s.family;
    m.numLayers = s.layers;
    m.hiddenSize = s.hidden;
    m.numHeads = s.heads;
    m.numKvHeads = s.kvHeads > 0 ? s.kvHeads : s.heads;
    m.headDim = s.headDim > 0 ? s.headDim : static_cast<int>(s.hidden / s.heads);
    m.intermediateSize = s.intermediate;
    m.mlp = s.mlp;
    m.vocabSize = s.vocab;
    m.tiedEmbeddings = s.tiedEmbeddings;
    m.moe = s.moe;
    m.norm = t.norm;
    m.normBias = t.normBias;
    m.normAffine = t.normAffine;
    m.qkvBias = t.qkvBias;
    m.outBias = t.outBias;
    m.mlpBias = t.mlpBias;
    m.qkNorm = t.qkNorm;
    m.qkNormFullWidth = t.qkNormFullWidth;
    m.parallelBlock = t.parallelBlock;
    m.normsPerLayer = t.normsPerLayer;
    m.geluNew = t.geluNew && m.mlp == MlpKind::Plain;
    m.attnSoftcap = m.finalSoftcap = t.softcap;
    m.attentionSinks = t.attentionSinks;
    if (m.moe.enabled())
        m.moe.routerBias = m.moe.expertBias = t.expertBiases;
    const ArchError e = validateArch(m);
    if (e != ArchError::Ok)
        return shapeError(ErrorCode::FieldOutOfRange, archErrorField(e), "invalid shape");
    return m;
}

} // namespace headroom
