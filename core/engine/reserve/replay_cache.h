#pragma once
// The replay cache and the cached entry points of the allocator-reserve wing: the one header
// under core/engine/reserve/ that the UI and the planners include (scripts/check_includes.py).
//
// The replays (step_replay.h, length_replay.h, load_replay.h) are pure functions of their
// shapes; the entry points below look each replay up in the ReplayCache whose Scope is active
// on the calling thread, if any, and run it fresh otherwise. A cache is owned by its caller
// (a solver call, the GUI's controller); core keeps none of its own.
//
// Bound: every entry list is capped (32 loads, kLengthEntries step replays of each kind) and
// evicts the least recently used; a lookup is one pass over at most that many 128-bit hashes
// and one full-key comparison on a hash match.

#include "core/engine/reserve/load_replay.h"
#include "core/engine/reserve/step_replay.h"
#include "core/engine/workload.h"
#include "core/model/model.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace headroom {

/// replayLoad() (load_replay.h) through the active cache: looked up in (and stored into) the
/// ReplayCache whose Scope is active on this thread, if any. Bytes of one rank.
LoadPhase simulateLoad(const ModelArch& m, const Workload& w, int shard);

/// The reserve the estimator uses: stepFragmentation() through the ReplayCache whose Scope
/// is active on this thread, if any . Under eager attention
/// (StepShape::scoreHeads) the score tensors' width grows with the sequence and the
/// replayed pattern jumps wherever one tensor starts to fit in another's freed block (for
/// Llama-3.2-1B LoRA, checkpointed, from 7168 to 7296 tokens the reserve per token falls by
/// 39 %). A fits verdict and the max-sequence search need memory that never falls as the
/// sequence grows, so over the grid lengths 16 x 2^k and 24 x 2^k up to scoreKeys the result
/// takes the largest reserve per token and, as its non-releasable part, the largest
/// non-releasable part: one value between two grid points (a length below 16 is replayed as it
/// is). At most 2 x 13 replays for a 131,072-token sequence, each cached.
StepFragmentation cachedStepFragmentation(const StepShape& s);

/// The allocator reserve of a step of @p tokens tokens (micro-batch x sequence) on a rank of
/// shape @p s, bytes: cachedStepFragmentation per token x @p tokens, and, for a full
/// fine-tune (gradBytes > 0) without eager attention, at least what replayWithStates finds
/// at every grid token count 512 x 2^k and 768 x 2^k up to @p tokens (none below 512: a
/// shorter step replays no states). A replay with fixed-size gradients and states splits
/// differently at every token count (Llama-3.2-1B's full fine-tune, checkpointed, at 1024
/// tokens: micro-batch 8 needs 5.5 % less than 7), so the largest over the grid at or below
/// the run's is taken, and the same for the part that is not releasable: both never fall as
/// the micro-batch or the sequence grows (tst_lengthreplay fullFineTuneReserveNeverFalls).
/// Measured effect: the checkpointed full fine-tune H200-06-R -10.7 -> +0.4 %
/// (docs/metrics.md). Under eager attention the gradients are not replayed (its grid runs
/// over the sequence instead). 2 x log2(tokens / 512) + 1 replays at most, each cached.
StepReserve stepReserve(const StepShape& s, double tokens);
/// stepReserve() computed from its replays (each looked up in the active ReplayCache, if
/// any), not looked up whole: what ReplayCache::stepReserve keeps.
StepReserve stepReserveEnvelope(const StepShape& s, double tokens);

/// lengthsReserve over batchLengths() of @p w (length_replay.h), through the active cache, if
/// any. 0 for inference, fixed lengths (mean 0), expandable segments or a stage without
/// blocks.
double variableLengthReserve(const Workload& w, const StepShape& s);

/// A bounded memo of allocator replays (loads, and variable batch lengths), owned by its caller
/// (one solver call, the GUI's controller); core keeps none of its own.
///
/// Why: a replay walks every allocation of the load (DeepSeek-V3: millions), 0.4 s, and the
/// playbook and solvers estimate the same model and load many times while sweeping inputs the
/// load never reads (micro-batch, sequence length, ...).
///
/// Key: a load, the LoadShape the recipes read (load_replay.h: the linears and norm sizes of
/// every block, the embedding and head shapes, the dtypes, LoRA, recipe, parameter offload,
/// the shard degree where read), compared whole by its generated operator== after a 128-bit
/// hash over its fields passes over the other entries; a step, the StepShape likewise. Inputs
/// a replay never reads (micro-batch, sequence length, optimizer, ...) share an entry.
/// Building and hashing DeepSeek-V3's 47k linears takes about a millisecond, and a load entry
/// keeps them (about 1 MB). Not thread-safe: one cache per thread.
class ReplayCache {
public:
    /// @p capacity load entries: one per shard degree a recompute meets (torchtune's FSDP
    /// recipe and FSDP1 load shard by shard; the GUI's solvers and playbook try 12 degrees for
    /// DeepSeek-V3 QLoRA), each 5 doubles and a key.
    explicit ReplayCache(std::size_t capacity = 32) : m_capacity(capacity) {}

    /// simulateLoad() through this cache.
    LoadPhase replay(const ModelArch& m, const Workload& w, int shard);
    /// lengthsReserve() (length_replay.h) through this cache: the
    /// variable-length replays of the last kLengthEntries inputs (the shape, micro-batch and
    /// lengths), so a sweep or a redraw that changes nothing they read replays nothing.
    double lengthsReserve(const StepShape& s, int64_t microBatch,
                          const std::vector<int64_t>& lengths);
    /// stepFragmentation() (step_replay.h) through this cache: the step
    /// replays of the last kLengthEntries shapes.
    StepFragmentation stepFragmentation(const StepShape& s);
    /// replayWithStates() (step_replay.h) through this cache: the replays of
    /// the last kLengthEntries shapes and token counts.
    StepReserve replayWithStates(const StepShape& s, int64_t tokens);
    /// stepReserve()'s envelope (reserveEnvelope, step_replay.h) of a full fine-tune or an
    /// eager run, kept for the last kLengthEntries shapes and token counts: a cached estimate looks
    /// up one entry instead of every grid point's replay.
    StepReserve stepReserve(const StepShape& s, double tokens);
    /// Allocator replays run so far (cache misses: loads, lengths and steps).
    /// batchLengths() (length_replay.h) of the last input asked for: every pipeline stage of
    /// one estimate draws the same lengths (a 100,000-stage run asked 100,000 times).
    const std::vector<int64_t>& batchLengths(const SampleLengths& d, int64_t sequenceLength,
                                             int64_t microBatch);
    int replays() const { return m_replays; }
    /// Load replays run so far (cache misses of replay()).
    int loadReplays() const { return m_loadReplays; }
    /// The cache of the Scope active on the calling thread (nullptr: none).
    static ReplayCache* active();

    static constexpr std::size_t kLengthEntries = 1024;

    /// Makes @p cache the one simulateLoad() uses on this thread until the scope ends
    /// (scopes nest; the innermost wins).
    class Scope {
    public:
        explicit Scope(ReplayCache& cache);
        ~Scope();
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;

    private:
        ReplayCache* m_previous;
    };

private:
    /// What a step, state, reserve or lengths replay reads: the whole shape (its generated
    /// operator== decides a hit), the micro-batch or token count, the batch lengths.
    struct StepKey {
        StepShape shape;
        int64_t arg = 0; ///< micro-batch, token count, or a double's bits
        std::vector<int64_t> lengths;
        bool operator==(const StepKey&) const = default;
    };
    /// A cached result: a 128-bit hash to pass over the other entries fast, and the key that
    /// decides by its generated operator== (a load: the LoadShape; a step: the StepKey).
    template <class K, class T> struct Entry {
        uint64_t h1 = 0, h2 = 0;
        K key;
        T result;
    };
    /// The entry of @p key in @p entries (moved to the back), else compute() stored there
    /// (the oldest dropped beyond @p capacity). The entry used last is compared whole first (a
    /// sweep asks for one shape again and again); only past it is @p hash (a KeyHasher of the
    /// key) made. Cost: one key comparison, then one pass over at most @p capacity hashes.
    template <class K, class T, class Hash, class Compute>
    T memo(std::vector<Entry<K, T>>& entries, std::size_t capacity, const K& key, Hash hash,
           Compute compute);
    /// memo() of a step replay: the hash over every field of @p key.
    template <class T, class Compute>
    T memoStep(std::vector<Entry<StepKey, T>>& entries, const StepKey& key, Compute compute);

    std::vector<Entry<LoadShape, LoadPhase>> m_entries; ///< most recently used last
    std::vector<Entry<StepKey, double>> m_lengthEntries;
    /// the last batchLengths() input (by SampleLengths' generated operator==) and its result
    struct LengthsInput {
        SampleLengths d;
        int64_t sequenceLength = -1;
        int64_t microBatch = -1;
        bool operator==(const LengthsInput&) const = default;
    };
    LengthsInput m_lastLengthsInput;
    std::vector<int64_t> m_lastLengths;
    std::vector<Entry<StepKey, StepFragmentation>> m_stepEntries;
    std::vector<Entry<StepKey, StepReserve>> m_stateEntries;
    std::vector<Entry<StepKey, StepReserve>> m_reserveEntries;
    std::size_t m_capacity;
    int m_replays = 0;
    int m_loadReplays = 0;
};

/// A ReplayCache of its own and its Scope when no Scope is active on this thread, else
/// nothing (the active cache serves): what a solver that estimates one model many times opens.
class EnsureReplayCache {
public:
    EnsureReplayCache();
    EnsureReplayCache(const EnsureReplayCache&) = delete;
    EnsureReplayCache& operator=(const EnsureReplayCache&) = delete;

private:
    std::optional<ReplayCache> m_cache;
    std::optional<ReplayCache::Scope> m_scope;
};

} // namespace headroom
