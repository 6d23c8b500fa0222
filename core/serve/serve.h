#pragma once
// Will a serving engine start, and how many requests at what context: one rank of a vLLM,
// SGLang or TensorRT-LLM server, sized the way the engine sizes itself at start-up
// (serving_engine.h has each engine's facts and sources). Bytes and tokens throughout.
//
// One function, serve(), answers every serving question the app shows: the Serving tab, the
// serving cliff (concurrencyAt over contexts), `headroom-cli serve` and the exports.
//
// Cost: two estimator calls (weights of the rank), a constant number of terms, and a bisection
// of at most 63 steps for the longest context that starts, each O(1): bounded whatever the
// input.

#include "core/engine/estimate.h"
#include "core/engine/workload.h"
#include "core/error.h"
#include "core/model/gpu.h"
#include "core/model/model.h"
#include "core/serve/kv_pages.h"
#include "core/serve/serving_engine.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace headroom {

/// What keeps the engine from starting (the first rule it fails, in the engine's order).
enum class ServeBlocker {
    None,
    MaxModelLenAboveModel, ///< max_model_len above the model's max_position_embeddings (vLLM
                           ///< raises unless VLLM_ALLOW_LONG_MAX_MODEL_LEN=1)
    RequestedAboveFree,    ///< fraction x total is more than the memory free at start
    NoKvMemory,            ///< weights and the profiled peak leave nothing for the KV cache
    MaxModelLenAboveKv,    ///< one request of max_model_len tokens does not fit in the pool
};
std::string_view serveBlockerKey(ServeBlocker b); ///< "none", "max_model_len_above_model", ...

/// Warnings that do not stop the engine (one code per rule; the front ends word them).
enum class ServeWarning {
    CudaTotalUnknown,    ///< the GPU's CUDA-visible total is not known: nvidia-smi total used
    KvHeadsReplicated,   ///< TP above the KV heads: each rank keeps one head (replicated)
    ReserveBelowRuntime, ///< SGLang: activations + CUDA graphs exceed 1 - fraction of memory
};
std::string_view serveWarningKey(ServeWarning w);

/// The terms of one rank at start-up, bytes. Which of them the engine takes out of its
/// fraction depends on its PoolRule (serving_engine.h).
struct ServeTerms {
    double cudaContext = 0;    ///< CUDA context + NCCL init before the engine measures (outside
                               ///< vLLM's requested memory)
    double weights = 0;        ///< weights on this rank (+ RoPE cos/sin cache)
    double activationPeak = 0; ///< torch peak of the profile run (forward of the batched tokens
                               ///< or the sampler over max_num_seqs x vocab, the larger)
    double nonTorch = 0;       ///< CUDA memory outside torch's allocator after the profile run
    double cudaGraphs = 0;     ///< CUDA-graph pools (0 with enforce_eager)
};

/// The engine's settings after its defaults are filled (what it would log).
struct ServeSettings {
    double fraction = 0;       ///< memory fraction used
    int64_t maxModelLen = 0;   ///< max_model_len / context length
    int64_t batchedTokens = 0; ///< max_num_batched_tokens / chunked prefill
    int maxSeqs = 0;           ///< max_num_seqs / max_running_requests
    int blockTokens = 0;       ///< KV page in tokens
    int graphSizes = 0;        ///< CUDA graphs captured per mode (0: eager)
    int graphMaxTokens = 0;    ///< largest CUDA-graph batch
};

/// One rank of the server, sized.
struct ServeReport {
    const EngineProfile* profile = nullptr; ///< the engine profile used (never null on success)
    ServeSettings settings;
    double totalBytes = 0;  ///< total device memory as CUDA reports it
    double budgetBytes = 0; ///< the engine's requested memory (fraction x its base)
    ServeTerms terms;
    double nonKvBytes = 0;      ///< what the engine takes out of its budget before the KV pool
    double kvCacheBytes = 0;    ///< the KV pool, >= 0
    KvLayout kv;                ///< layers and bytes per token-layer on this rank
    double kvBytesPerToken = 0; ///< KV bytes of one token in every layer on this rank
    int64_t kvBlocks = 0;       ///< block ids in the pool (SGLang/TRT: token slots / page)
    int64_t kvTokens = 0;       ///< the engine's "KV cache size" in tokens
    int64_t context = 0;        ///< the request length the concurrency is for
    double concurrency = 0;     ///< requests of `context` tokens the pool holds (engine's ratio)
    /// requests served at once: floor(concurrency), at most max_num_seqs (requestsAt)
    int64_t maxConcurrency = 0;
    double neededBytes = 0; ///< KV one request of max_model_len takes (the start check)
    int64_t maxContext = 0; ///< the longest max_model_len that would start (0: none)
    bool starts = false;
    ServeBlocker blocker = ServeBlocker::None;
    std::vector<ServeWarning> warnings;
};

/// Sizes one rank of a server for @p m with the workload's serving settings
/// (w.inference: engine, version, fraction = memoryUtilization, max_model_len, ...; TP and PP
/// from w.parallel; weights and KV dtypes from w.precision) on @p gpu.
/// Errors: mode not inference (field "mode"); fraction outside (0, 1]
/// ("inference.memory_utilization"); block size not a power of two in [1, 1024]
/// ("inference.block_size"); unknown engine version ("inference.engine_version"); negative
/// max_model_len / max_num_seqs / max_num_batched_tokens (their keys); an invalid layout
/// (validateWorkload's codes).
Result<ServeReport> serve(const ModelArch& m, const Workload& w, const GpuSpec& gpu);

/// Requests of @p context tokens the pool of @p r holds at once (the engine's ratio: blocks /
/// blocks per request for vLLM, tokens / context for SGLang and TRT-LLM); 0 for context < 1.
double concurrencyAt(const ServeReport& r, int64_t context);

/// Requests of @p context tokens the server runs at once: the pool's floor(concurrencyAt), at
/// most max_num_seqs (the scheduler's cap, vllm/v1/core/sched/scheduler.py max_num_running_reqs).
int64_t requestsAt(const ServeReport& r, int64_t context);

/// One point of the serving cliff: at this context, this many requests at once (requestsAt).
struct ServingPoint {
    int64_t context = 0;
    int64_t maxSequences = 0;
};
/// requestsAt of @p r at each of @p contexts (the server as configured: its pool does not
/// change with the requests' length).
std::vector<ServingPoint> servingCurve(const ServeReport& r, const std::vector<int64_t>& contexts);

/// A started server's memory on its rank in the estimate's terms, for the views that draw an
/// estimate (the GUI's bar and breakdown when a scenario sizes a server), bytes:
///   Weights      = terms.weights
///   Activations  = terms.activationPeak (the profile run's peak, kept free for the largest step)
///   KvCache      = kvCacheBytes (the pool)
///   Workspace    = terms.cudaGraphs + terms.nonTorch (graph pools; NCCL, cuBLAS outside torch)
///   CudaContext  = terms.cudaContext
/// allocated = weights + pool + activation peak (a full step), reserved = allocated + CUDA
/// graphs (torch's private graph pools), nvidia-smi = the sum of the terms. One stage; the
/// peak is the forward; capacity @p capacity (bytes, the GPU's); fits = the engine starts and
/// the terms fit the capacity. Source: serve() (docs/serving.md).
Estimate servedEstimate(const ServeReport& r, double capacity);

/// The formula of each term of servedEstimate() (English, as termFormula; "" for a term the
/// server does not have), with its numbers in GiB (2^30 bytes).
std::array<std::string, kTermCount> servedFormulas(const ServeReport& r);

} // namespace headroom

namespace headroom {

/// A change to a server's settings the serving playbook tries (docs/serving.md, "Playbook").
enum class ServeLever {
    HigherFraction,     ///< memory fraction up to 0.95 (vLLM's docs: keep a little headroom)
    Fp8KvCache,         ///< KV cache in fp8 (vLLM --kv-cache-dtype fp8): half the bytes
    MoreTp,             ///< twice the tensor-parallel GPUs (weights and KV heads spread)
    FewerSeqs,          ///< max_num_seqs 256: a smaller sampler peak in the profile run
    ShorterMaxModelLen, ///< max_model_len down to the longest that starts
    Fp8Weights,         ///< 16-bit weights quantised to fp8 (vLLM --quantization fp8)
};
std::string_view serveLeverKey(ServeLever l); ///< "higher_fraction", "fp8_kv_cache", ...

/// One lever applied alone to the scenario, and what the server becomes.
struct ServeOption {
    ServeLever lever;
    double value = 0; ///< the new setting: fraction, TP, max_num_seqs or max_model_len (0: a dtype)
    ServeReport after; ///< serve() of the changed scenario
};

/// The levers that apply to @p w's server, each evaluated by serve() (at most 6 calls):
/// the ones after which it starts first, then by requests at the scenario's context, most
/// first. Levers that do not apply (fp8 already, TP 8, a fraction >= 0.95, ...) are left out,
/// and so is any that leaves the server no better.
std::vector<ServeOption> servePlaybook(const ModelArch& m, const Workload& w, const GpuSpec& gpu);
/// The same for a caller that has serve()'s report of @p w already (@p now, unchanged since).
std::vector<ServeOption> servePlaybook(const ModelArch& m, const Workload& w, const GpuSpec& gpu,
                                       const ServeReport& now);

} // namespace headroom
