#pragma once
// The model load, replayed as an allocation sequence through CachingAllocatorModel.
//
// Why: PyTorch's caching allocator keeps every segment it cudaMalloc'ed until
// torch.cuda.empty_cache(), and torch.cuda.reset_peak_memory_stats() resets the reserved peak
// to the *current* reserved bytes. Whatever the load left cached is therefore a floor under
// the reserved peak of every later step. When the load quantises on the GPU or flattens FSDP
// units, that floor can sit far above the step's own needs: torchtune's QLoRA tutorial
// (0914d5c) reads 9.13 GB reserved at model init for 3.9 GB of NF4 weights, and fsdp_qlora's
// benchmark notes read 3.72 GiB right after the FSDP wrap for a 1.9 GiB shard.
//
// Units: bytes. Each recipe follows the framework code named in LoadRecipe's documentation
// (core/engine/workload.h); docs/metrics.md lists the allocation sequences.

#include "core/engine/length_replay.h"
#include "core/engine/workload.h"
#include "core/model/model.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace headroom {

/// Memory of one rank when the load ends. All zero for LoadRecipe::InPlace.
struct LoadPhase {
    double reserved = 0;      ///< reserved bytes when the load ends (segments never released)
    double peakAllocated = 0; ///< largest live-tensor total during the load
    double allocated = 0;     ///< live bytes when the load ends (the weights)
    /// Part of `reserved` in segments with no live block when the load ends: cached, but given
    /// back to the driver before an out-of-memory error (CachingAllocatorModel).
    double releasable = 0;
    /// The replay's own peak of segments (max_memory_reserved during the load): `reserved`
    /// never exceeds it, nor does what the load leaves cached beyond its live tensors.
    double peakReserved = 0;
};

/// Replays @p w.features.loadRecipe for @p m on one rank.
/// @p shard: FSDP/ZeRO-3 shard degree (>= 1) for Fsdp1SyncModuleStates and for a torchao
/// recipe whose parameters are sharded (torchtune's FSDP2 recipe loads the checkpoint tensor
/// by tensor into each rank's shard, never the whole model); ignored otherwise.
/// Bounds: reserved <= peakReserved; allocated <= peakAllocated <= peakReserved; releasable
/// <= reserved - allocated (asserted); with sharded parameters `allocated` is this rank's
/// shard of the weights, which never grows with the shard degree (tst_properties).
/// Weights take @p w.precision.weights (NF4 family: n/2 bytes of packed data plus the
/// quantisation state), adapters @p w.precision.adapters, embeddings, norms and lm_head bf16.
/// Dense blocks follow layerShapes(); MoE experts are listed as separate linears; MLA's latent
/// projections (q_a, q_b, kv_a, kv_b) at their own shapes.
/// While a LoadReplayCache::Scope is active on the calling thread, the replay is looked up in
/// (and stored into) that scope's cache first.
LoadPhase simulateLoad(const ModelArch& m, const Workload& w, int shard);

/// A bounded memo of allocator replays (loads, and variable batch lengths), owned by its caller
/// (one solver call, the GUI's controller); core keeps none of its own.
///
/// Why: a replay walks every allocation of the load (DeepSeek-V3: millions), 0.4 s, and the
/// playbook and solvers estimate the same model and load many times while sweeping inputs the
/// load never reads (micro-batch, sequence length, ...).
///
/// Key: what the recipes read (the linears and norm sizes of every block, the embedding and
/// head shapes, the weight/adapter/compute dtypes, LoRA rank and targets, recipe, parameter
/// offload, FSDP shard degree), hashed twice (two independent 64-bit hashes and the value
/// count): inputs the load never reads (micro-batch, sequence length, optimizer, ...) share
/// an entry. Hashing DeepSeek-V3's 47k linears takes about a millisecond. Not thread-safe:
/// one cache per thread.
class LoadReplayCache {
public:
    /// @p capacity load entries: one per shard degree a recompute meets (torchtune's FSDP
    /// recipe and FSDP1 load shard by shard; the GUI's solvers and playbook try 12 degrees for
    /// DeepSeek-V3 QLoRA), each 5 doubles and a key.
    explicit LoadReplayCache(std::size_t capacity = 32) : m_capacity(capacity) {}

    /// simulateLoad() through this cache.
    LoadPhase replay(const ModelArch& m, const Workload& w, int shard);
    /// lengthsReserve() (core/engine/length_replay.h) through this cache: the variable-length
    /// replays of the last kLengthEntries inputs (the shape, micro-batch and lengths), so a
    /// sweep or a redraw that changes nothing they read replays nothing.
    double lengthsReserve(const LengthReplayShape& s, int64_t microBatch,
                          const std::vector<int64_t>& lengths);
    /// stepFragmentation() (core/engine/length_replay.h) through this cache: the step
    /// replays of the last kLengthEntries shapes.
    StepFragmentation stepFragmentation(const LengthReplayShape& s);
    /// replayWithStates() (core/engine/length_replay.h) through this cache: the replays of the
    /// last kLengthEntries shapes and token counts.
    StepReserve replayWithStates(const LengthReplayShape& s, int64_t tokens);
    /// stepReserve()'s envelope (core/engine/length_replay.h) of a full fine-tune or an eager
    /// run, kept for the last kLengthEntries shapes and token counts: a cached estimate looks
    /// up one entry instead of every grid point's replay.
    StepReserve stepReserve(const LengthReplayShape& s, double tokens);
    /// Allocator replays run so far (cache misses: loads, lengths and steps).
    int replays() const { return m_replays; }
    /// Load replays run so far (cache misses of replay()).
    int loadReplays() const { return m_loadReplays; }
    /// The cache of the Scope active on the calling thread (nullptr: none).
    static LoadReplayCache* active();

    static constexpr std::size_t kLengthEntries = 1024;

    /// Makes @p cache the one simulateLoad() uses on this thread until the scope ends
    /// (scopes nest; the innermost wins).
    class Scope {
    public:
        explicit Scope(LoadReplayCache& cache);
        ~Scope();
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;

    private:
        LoadReplayCache* m_previous;
    };

private:
    /// What a step, state, reserve or lengths replay reads: the whole shape (its generated
    /// operator== decides a hit), the micro-batch or token count, the batch lengths.
    struct StepKey {
        LengthReplayShape shape;
        int64_t arg = 0; ///< micro-batch, token count, or a double's bits
        std::vector<int64_t> lengths;
        bool operator==(const StepKey&) const = default;
    };
    /// A cached result: a 128-bit hash to pass over the other entries fast, and the key that
    /// decides (a load: the count of hashed values, loadKey's projection of the model and
    /// workload; a step: the StepKey).
    template <class K, class T> struct Entry {
        uint64_t h1 = 0, h2 = 0;
        K key;
        T result;
    };
    /// The entry of @p key in @p entries (moved to the back), else compute() stored there
    /// (the oldest dropped beyond @p capacity). Cost: one pass over at most @p capacity hashes.
    template <class K, class T, class Compute>
    T memo(std::vector<Entry<K, T>>& entries, std::size_t capacity, uint64_t h1, uint64_t h2,
           const K& key, Compute compute);
    /// memo() of a step replay: the hash over every field of @p key.
    template <class T, class Compute>
    T memoStep(std::vector<Entry<StepKey, T>>& entries, const StepKey& key, Compute compute);

    std::vector<Entry<int64_t, LoadPhase>> m_entries; ///< most recently used last
    std::vector<Entry<StepKey, double>> m_lengthEntries;
    std::vector<Entry<StepKey, StepFragmentation>> m_stepEntries;
    std::vector<Entry<StepKey, StepReserve>> m_stateEntries;
    std::vector<Entry<StepKey, StepReserve>> m_reserveEntries;
    std::size_t m_capacity;
    int m_replays = 0;
    int m_loadReplays = 0;
};

/// A LoadReplayCache of its own and its Scope when no Scope is active on this thread, else
/// nothing (the active cache serves): what a solver that estimates one model many times opens.
class EnsureReplayCache {
public:
    EnsureReplayCache();
    EnsureReplayCache(const EnsureReplayCache&) = delete;
    EnsureReplayCache& operator=(const EnsureReplayCache&) = delete;

private:
    std::optional<LoadReplayCache> m_cache;
    std::optional<LoadReplayCache::Scope> m_scope;
};

} // namespace headroom
