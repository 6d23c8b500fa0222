#pragma once
// Storage data types and their real size in bytes per element, including the per-block
// scale overhead that quantised formats carry.

#include <cstdint>
#include <optional>
#include <string_view>

namespace headroom {

/// A tensor storage type. Quantised types describe the linear-layer weights only.
enum class DType {
    FP32,           ///< IEEE float32, 4 bytes
    BF16,           ///< bfloat16, 2 bytes
    FP16,           ///< IEEE float16, 2 bytes
    FP8,            ///< e4m3/e5m2 with one fp32 scale per 128x128 block (DeepSeek-V3 layout)
    INT8,           ///< bitsandbytes LLM.int8: 1 byte + one fp32 scale per row (negligible)
    INT4,           ///< GPTQ/AWQ-style int4, group 128, fp16 scale + fp16 zero per group
    NF4,            ///< bitsandbytes NF4, one fp32 absmax per 64 weights
    NF4DoubleQuant, ///< NF4 with 8-bit absmax per 64 weights + fp32 per 256 absmax (QLoRA)
    FP4,            ///< bitsandbytes FP4, layout as NF4
    MXFP4,          ///< OCP microscaling FP4: 4 bits + one e8m0 byte per 32 weights
};

inline constexpr int kDTypeCount = 10;

/// Bytes per element of @p t, including block-scale overhead.
/// Sources: bitsandbytes functional.py (blocksize 64 for 4-bit, absmax fp32; nested
/// quantisation blocksize 256), QLoRA paper Sec. 2 (double quant = 0.127 bits/param of
/// constants), OCP MX spec v1.0 (block 32, e8m0 scale), DeepSeek-V3 config
/// (weight_block_size 128x128), AutoGPTQ (group_size 128).
constexpr double bytesPerElement(DType t) {
    switch (t) {
    case DType::FP32:
        return 4.0;
    case DType::BF16:
    case DType::FP16:
        return 2.0;
    case DType::FP8:
        return 1.0 + 4.0 / (128.0 * 128.0);
    case DType::INT8:
        return 1.0;
    case DType::INT4:
        return 0.5 + 4.0 / 128.0;
    case DType::NF4:
    case DType::FP4:
        return 0.5 + 4.0 / 64.0;
    case DType::NF4DoubleQuant:
        return 0.5 + 1.0 / 64.0 + 4.0 / (64.0 * 256.0);
    case DType::MXFP4:
        return 0.5 + 1.0 / 32.0;
    }
    return 4.0;
}

/// True for the 4/8-bit formats that can only hold frozen weights.
constexpr bool isQuantized(DType t) {
    return t == DType::INT8 || t == DType::INT4 || t == DType::NF4 || t == DType::NF4DoubleQuant ||
           t == DType::FP4 || t == DType::MXFP4 || t == DType::FP8;
}

/// Stable lowercase key ("fp32", "bf16", "nf4", "nf4_double_quant", ...), used in JSON and CLI.
std::string_view dtypeKey(DType t);
/// Parses a key written by dtypeKey(); also accepts "float32", "bfloat16", "float16", "4bit".
std::optional<DType> parseDType(std::string_view key);

} // namespace headroom
