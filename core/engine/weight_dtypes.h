#pragma once
// The storage dtypes of a run's resident base weights, as data: which dtype holds which
// parameters, and the bytes per parameter that follow. The GUI's weights label, its exported
// summary, the weights formula text and the CLI summary name the dtypes from here, so no view
// names a dtype the engine does not count (issue 31: an fp8 checkpoint read "bf16").
//
// It lives in core/engine, not core/model, because which storage a run keeps is a rule on the
// workload (terms::checkpointStorageApplies, the QLoRA base, the framework profile).

#include "core/engine/workload.h"
#include "core/model/dtype.h"
#include "core/model/model.h"

#include <string>
#include <vector>

namespace headroom {

/// Which base weights one storage dtype holds.
enum class WeightScope {
    All,     ///< every parameter (one dtype for the whole model)
    Linears, ///< the quantised linear layers (block projections; lm_head where quantised)
    Experts, ///< the routed experts' projections only (gpt-oss MXFP4)
    Rest,    ///< what the quantised part leaves: embeddings, norms, routers, biases, ...
};

/// One storage dtype of the base weights. Units: parameters (elements) and bytes, the
/// bytes including the format's block scales and zeros.
struct WeightDtypePart {
    DType dtype = DType::BF16; ///< storage dtype; GPTQ/AWQ: INT4 (bits <= 4) or INT8
    WeightScope scope = WeightScope::All;
    double params = 0;
    double bytes = 0;
};

/// The base weights of a whole model (one replica: no TP/PP/EP division, no sharding,
/// no offload, no LoRA adapters) as a run stores them.
struct WeightDtypes {
    bool fromCheckpoint = false; ///< the checkpoint's own storage (quantization_config/header)
    QuantMethod method = QuantMethod::None; ///< the checkpoint's method when fromCheckpoint
    bool headerBytes = false; ///< fromCheckpoint with a safetensors header's exact bytes
    /// The quantised part first (if any), then the rest; parts with no parameters are left out.
    std::vector<WeightDtypePart> parts;
    double params() const;
    double bytes() const;
    /// Effective bytes per parameter: bytes() / params() (0 without parameters).
    double bytesPerParam() const;
};

/// The resident base weights of @p m under @p w (its framework profile applied), from the
/// same bytes the engine's weights term counts (core/engine/stages.cpp residentWeights), for
/// one whole replica:
///  - the checkpoint's storage (terms::checkpointStorageApplies): its quantised Linear
///    weights (GroupStorage::quantParams/quantBytes of checkpointStorage(m), fp8 blocks with
///    fp32 scales, MXFP4 with E8M0 scales, GPTQ/AWQ packed ints with fp16 scales and zeros;
///    scope Experts when only the routed experts are quantised) plus the rest at the
///    checkpoint's torch_dtype; or, for a plain checkpoint with header bytes, one part at
///    torch_dtype holding the header's bytes;
///  - a quantised weight dtype (bitsandbytes NF4/int8, fp8, int4: the user's pick, the QLoRA
///    base): the block linears (and a quantised lm_head) x bytesPerElement(dtype), the rest
///    x bytes of the compute dtype;
///  - otherwise every parameter x bytesPerElement(weight dtype).
/// Source: weight_storage.h (each format's loader module), dtype.h (bytesPerElement).
WeightDtypes residentWeightDtypes(const ModelArch& m, const Workload& w);

/// The parts as keys, "fp8 + bf16", "mxfp4 experts + bf16", "int4 (gptq) + fp16",
/// "nf4_double_quant + bf16", "bf16" (dtypeKey; the CLI and the formula texts).
std::string weightDtypesKey(const WeightDtypes& d);

} // namespace headroom
