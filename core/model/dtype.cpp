// dtype.cpp: stable keys for storage data types.

#include "core/model/dtype.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace headroom {

std::string_view dtypeKey(DType t) {
    switch (t) {
    case DType::FP32:
        return "fp32";
    case DType::BF16:
        return "bf16";
    case DType::FP16:
        return "fp16";
    case DType::FP8:
        return "fp8";
    case DType::INT8:
        return "int8";
    case DType::INT4:
        return "int4";
    case DType::NF4:
        return "nf4";
    case DType::NF4DoubleQuant:
        return "nf4_double_quant";
    case DType::FP4:
        return "fp4";
    case DType::MXFP4:
        return "mxfp4";
    }
    return "fp32";
}

std::optional<DType> parseDType(std::string_view key) {
    std::string k(key);
    std::transform(k.begin(), k.end(), k.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (int i = 0; i < kDTypeCount; ++i) {
        const auto t = static_cast<DType>(i);
        if (k == dtypeKey(t))
            return t;
    }
    if (k == "float32" || k == "float")
        return DType::FP32;
    if (k == "bfloat16")
        return DType::BF16;
    if (k == "float16" || k == "half")
        return DType::FP16;
    if (k == "float8" || k == "float8_e4m3fn" || k == "e4m3" || k == "f8_e4m3")
        return DType::FP8;
    if (k == "8bit")
        return DType::INT8;
    if (k == "4bit")
        return DType::NF4;
    return std::nullopt;
}

} // namespace headroom
