#pragma once
// A checkpoint's own weight storage: the quantisation its config.json `quantization_config`
// declares, and the exact bytes each parameter group takes in it.
//
// Every quantised format is counted tensor by tensor as the loader allocates it; each format
// is one function below with its source. Everything a format does not quantise (embeddings,
// norms, biases, routers, and the modules a config lists in `modules_to_not_convert`) is
// stored in the checkpoint's torch_dtype.

#include "core/model/checkpoint_quant.h"

#include <cstdint>

namespace headroom {

struct ModelArch;

/// Parameters and stored bytes of one group.
struct GroupStorage {
    int64_t params = 0;
    double bytes = 0;
    /// The share of params / bytes held in the checkpoint's quantised format: the group's
    /// quantised Linear weights with their scales (and zeros); the rest is at torch_dtype.
    /// 0 for a plain checkpoint and for a group the format leaves alone.
    int64_t quantParams = 0;
    double quantBytes = 0;
    /// Bytes per parameter of this group (0 for an empty group).
    double perParam() const { return params > 0 ? bytes / static_cast<double>(params) : 0.0; }
};

/// A model's stored weights per parameter group; the groups are those of ParamCount
/// (countParameters), with the dense FFN and shared experts together as `mlp`.
struct WeightStorage {
    GroupStorage embedding; ///< token (+ position) table
    GroupStorage lmHead;    ///< output projection (empty when tied)
    GroupStorage attention; ///< projections, their biases, q/k and MLA norms, sinks
    GroupStorage mlp;       ///< dense FFN layers and shared experts
    GroupStorage experts;   ///< routed experts (with their biases)
    GroupStorage router;    ///< routers, their biases, shared-expert gates
    GroupStorage norms;     ///< block norms + final norm
    double totalBytes() const;
    int64_t totalParams() const;
};

/// Exact stored bytes of @p m's weights as its checkpoint holds them: each quantised
/// Linear at its format's bytes (the functions above), each other tensor (biases, norms,
/// embeddings, routers, unconverted modules) at 2 or 4 bytes of the checkpoint's torch_dtype.
/// Without quantisation: every parameter at bytes(nativeDType). Fused projections (c_attn,
/// W_pack, wqkv) are counted as their q/k/v parts; the only difference is the rounding of
/// fp8 scale blocks over the fused output width (at most one 128-row block per layer).
/// With a safetensors header (ModelArch::headerWeightBytes > 0) the groups are scaled so that
/// their total is the header's exact bytes.
WeightStorage checkpointStorage(const ModelArch& m);
/// The same from config.json alone (no header scaling).
WeightStorage configStorage(const ModelArch& m);

/// Bytes of the weights as published: checkpointStorage(m).totalBytes().
double publishedWeightBytes(const ModelArch& m);

} // namespace headroom
