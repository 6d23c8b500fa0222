#pragma once
// A checkpoint's quantisation format as its config.json `quantization_config` declares it,
// and the exact bytes one quantised Linear takes in each format (one function per format,
// with its source). Read by ModelArch (model.h) and counted per parameter group by
// weight_storage.h.

#include "core/model/dtype.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace headroom {

/// The quantisation scheme of a published checkpoint.
enum class QuantMethod {
    None,     ///< plain torch_dtype weights
    Fp8Block, ///< `quant_method: fp8` with `weight_block_size` (DeepSeek-V3, Kimi-K2)
    Mxfp4,    ///< `quant_method: mxfp4` (gpt-oss): routed experts only
    Gptq,     ///< `quant_method: gptq` (AutoGPTQ / optimum / GPTQModel)
    Awq,      ///< `quant_method: awq` (AutoAWQ GEMM/GEMV)
};

/// The fields of `quantization_config` that decide storage.
struct CheckpointQuant {
    QuantMethod method = QuantMethod::None;
    int bits = 16;             ///< stored bits per quantised weight (fp8 8; mxfp4 4; gptq/awq 2..8)
    int blockRows = 128;       ///< fp8: weight_block_size[0], output rows per scale
    int blockCols = 128;       ///< fp8: weight_block_size[1], input columns per scale
    int groupSize = 128;       ///< gptq/awq: inputs per scale/zero group; 0 = one group (-1)
    bool descAct = false;      ///< gptq act-order: g_idx permutes the groups (same bytes)
    bool attention = true;     ///< attention projections quantised
    bool denseMlp = true;      ///< dense FFN and shared-expert projections quantised
    bool experts = true;       ///< routed-expert projections quantised
    bool lmHead = false;       ///< lm_head quantised (gptq `lm_head: true`)
    DType other = DType::BF16; ///< storage of every tensor the scheme leaves alone (torch_dtype)
    bool enabled() const { return method != QuantMethod::None; }
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const CheckpointQuant&) const = default;
};

/// Stable key of a method ("none", "fp8", "mxfp4", "gptq", "awq"), as in config.json.
std::string_view quantMethodKey(QuantMethod q);
/// Parses a key written by quantMethodKey().
std::optional<QuantMethod> parseQuantMethod(std::string_view key);

/// Bytes of one fp8 block-quantised Linear of @p out x @p in: the float8_e4m3fn weight
/// (1 B each) plus one fp32 `weight_scale_inv` per block of @p blockRows x @p blockCols:
/// out x in + 4 x ceil(out / br) x ceil(in / bc).
/// Source: transformers src/transformers/integrations/finegrained_fp8.py (v4.49.0) FP8Linear
/// (weight [out, in] float8_e4m3fn, weight_scale_inv [ceil(out/bs0), ceil(in/bs1)] float32);
/// DeepSeek-V3 inference/model.py Linear (same layout).
double fp8BlockLinearBytes(int64_t out, int64_t in, int blockRows, int blockCols);

/// Bytes of one MXFP4 matrix of @p out x @p in: 4-bit values (out x in / 2, the `_blocks`
/// uint8 tensor of 16 bytes per 32 values) plus one E8M0 uint8 `_scales` entry per 32 inputs:
/// out x in / 2 + out x ceil(in / 32).
/// Source: transformers src/transformers/integrations/mxfp4.py (v4.55.0) Mxfp4GptOssExperts
/// (gate_up_proj_blocks [E, 2i, h/32, 16], gate_up_proj_scales [E, 2i, h/32] uint8);
/// OCP Microscaling Formats (MX) v1.0 Sec. 5 (block 32, E8M0 scale).
double mxfp4Bytes(int64_t out, int64_t in);

/// Bytes of one GPTQ QuantLinear of @p out x @p in at @p bits with groups of @p group inputs
/// (0: one group): qweight int32 [in x bits / 32, out] = in x out x bits / 8; qzeros int32
/// [G, out x bits / 32] = G x out x bits / 8; scales fp16 [G, out] = 2 G out; g_idx int32
/// [in] = 4 in; G = ceil(in / group). The same with desc_act (g_idx then permutes groups).
/// Source: AutoGPTQ auto_gptq/nn_modules/qlinear/qlinear_cuda.py (v0.7.1) QuantLinear
/// register_buffer calls; transformers/optimum GPTQ loads these buffers unchanged.
double gptqLinearBytes(int64_t out, int64_t in, int bits, int group);

/// Bytes of one AWQ GEMM Linear of @p out x @p in: qweight int32 [in, out x bits / 32] =
/// in x out x bits / 8; qzeros int32 [G, out x bits / 32] = G x out x bits / 8; scales fp16
/// [G, out] = 2 G out; G = ceil(in / group); no g_idx.
/// Source: AutoAWQ awq/modules/linear/gemm.py (v0.2.6) WQLinear_GEMM.__init__.
double awqLinearBytes(int64_t out, int64_t in, int bits, int group);

/// Bytes of one Linear weight @p out x @p in under @p q (quantised form).
double quantLinearBytes(const CheckpointQuant& q, int64_t out, int64_t in);

} // namespace headroom
