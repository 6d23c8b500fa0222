// checkpoint_quant.cpp: the bytes of one quantised Linear per format (see checkpoint_quant.h).

#include "core/model/checkpoint_quant.h"

namespace headroom {

namespace {

int64_t ceilDiv(int64_t a, int64_t b) {
    return b > 0 ? (a + b - 1) / b : 1;
}

/// Groups of @p in inputs for GPTQ/AWQ; @p group 0 (config -1) means one group.
int64_t groupCount(int64_t in, int group) {
    return group > 0 ? ceilDiv(in, group) : 1;
}

} // namespace

std::string_view quantMethodKey(QuantMethod q) {
    switch (q) {
    case QuantMethod::None:
        return "none";
    case QuantMethod::Fp8Block:
        return "fp8";
    case QuantMethod::Mxfp4:
        return "mxfp4";
    case QuantMethod::Gptq:
        return "gptq";
    case QuantMethod::Awq:
        return "awq";
    }
    return "none";
}

std::optional<QuantMethod> parseQuantMethod(std::string_view key) {
    for (QuantMethod q : {QuantMethod::None, QuantMethod::Fp8Block, QuantMethod::Mxfp4,
                          QuantMethod::Gptq, QuantMethod::Awq})
        if (quantMethodKey(q) == key)
            return q;
    return std::nullopt;
}

double fp8BlockLinearBytes(int64_t out, int64_t in, int blockRows, int blockCols) {
    return static_cast<double>(out) * static_cast<double>(in) +
           4.0 * static_cast<double>(ceilDiv(out, blockRows)) *
               static_cast<double>(ceilDiv(in, blockCols));
}

double mxfp4Bytes(int64_t out, int64_t in) {
    return static_cast<double>(out) * static_cast<double>(in) / 2.0 +
           static_cast<double>(out) * static_cast<double>(ceilDiv(in, 32));
}

double gptqLinearBytes(int64_t out, int64_t in, int bits, int group) {
    const double g = static_cast<double>(groupCount(in, group));
    const double o = static_cast<double>(out);
    const double i = static_cast<double>(in);
    return i * o * bits / 8.0 + g * o * bits / 8.0 + 2.0 * g * o + 4.0 * i;
}

double awqLinearBytes(int64_t out, int64_t in, int bits, int group) {
    const double g = static_cast<double>(groupCount(in, group));
    const double o = static_cast<double>(out);
    const double i = static_cast<double>(in);
    return i * o * bits / 8.0 + g * o * bits / 8.0 + 2.0 * g * o;
}

double quantLinearBytes(const CheckpointQuant& q, int64_t out, int64_t in) {
    switch (q.method) {
    case QuantMethod::Fp8Block:
        return fp8BlockLinearBytes(out, in, q.blockRows, q.blockCols);
    case QuantMethod::Mxfp4:
        return mxfp4Bytes(out, in);
    case QuantMethod::Gptq:
        return gptqLinearBytes(out, in, q.bits, q.groupSize);
    case QuantMethod::Awq:
        return awqLinearBytes(out, in, q.bits, q.groupSize);
    case QuantMethod::None:
        break;
    }
    return static_cast<double>(out) * static_cast<double>(in) * bytesPerElement(q.other);
}

} // namespace headroom
