// replay_cache.cpp: the bounded memo of the allocator replays. See
// core/engine/reserve/replay_cache.h.

#include "core/engine/reserve/replay_cache.h"

#include "core/engine/reserve/length_replay.h"
#include "core/engine/reserve/load_replay.h"

#include <bit>
#include <iterator>

namespace headroom {

namespace {

thread_local ReplayCache* t_cache = nullptr;

} // namespace

template <class K, class T, class Hash, class Compute>
T ReplayCache::memo(std::vector<Entry<K, T>>& entries, std::size_t capacity, const K& key,
                    Hash hash, Compute compute) {
    // the most recently used last: compared whole, before any hash is made
    if (!entries.empty() && entries.back().key == key)
        return entries.back().result;
    const KeyHasher h = hash();
    for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
        if (it->h1 == h.h1 && it->h2 == h.h2 && it->key == key) {
            Entry<K, T> hit = std::move(*it);
            entries.erase(std::next(it).base());
            entries.push_back(std::move(hit));
            return entries.back().result;
        }
    }
    const T result = compute();
    if (capacity == 0)
        return result;
    if (entries.size() >= capacity)
        entries.erase(entries.begin());
    entries.push_back({h.h1, h.h2, key, result});
    return result;
}

const std::vector<int64_t>& ReplayCache::batchLengths(const SampleLengths& d,
                                                      int64_t sequenceLength, int64_t microBatch) {
    const LengthsInput in{d, sequenceLength, microBatch};
    if (in != m_lastLengthsInput) {
        m_lastLengths = headroom::batchLengths(d, sequenceLength, microBatch);
        m_lastLengthsInput = in;
    }
    return m_lastLengths;
}

LoadPhase ReplayCache::replay(const ModelArch& m, const Workload& w, int shard) {
    if (!loadReplayed(m, w))
        return {};
    const LoadShape shape = loadShape(m, w, shard);
    return memo(
        m_entries, m_capacity, shape, [&] { return loadHash(shape); },
        [&] {
            ++m_replays;
            ++m_loadReplays;
            return replayLoad(shape);
        });
}

namespace {

/// A hash of @p s, @p arg and @p lengths for passing over cache entries fast. Which fields it
/// names decides only speed: a hit is decided by StepKey's generated operator==.
KeyHasher stepHash(const StepShape& s, int64_t arg, const std::vector<int64_t>& lengths) {
    KeyHasher key;
    for (const int64_t v :
         {int64_t{s.layers}, int64_t{s.checkpointed}, std::bit_cast<int64_t>(s.c), s.hidden, s.qOut,
          s.kvOut, s.intermediate, s.vocab, int64_t{s.scoreHeads}, s.scoreKeys,
          std::bit_cast<int64_t>(s.gradBytes), std::bit_cast<int64_t>(s.stateBytes), arg})
        key.add(v);
    for (const int64_t len : lengths)
        key.add(len);
    return key;
}

} // namespace

template <class T, class Compute>
T ReplayCache::memoStep(std::vector<Entry<StepKey, T>>& entries, const StepKey& key,
                        Compute compute) {
    return memo(
        entries, m_capacity == 0 ? 0 : kLengthEntries, key,
        [&key] { return stepHash(key.shape, key.arg, key.lengths); }, compute);
}

double ReplayCache::lengthsReserve(const StepShape& s, int64_t microBatch,
                                   const std::vector<int64_t>& lengths) {
    return memoStep(m_lengthEntries, StepKey{s, microBatch, lengths}, [&] {
        ++m_replays;
        return headroom::lengthsReserve(s, microBatch, lengths);
    });
}

StepFragmentation ReplayCache::stepFragmentation(const StepShape& s) {
    // the replay reads neither the micro-batch nor the gradient and state sizes
    StepShape read = s;
    read.gradBytes = read.stateBytes = 0;
    return memoStep(m_stepEntries, StepKey{read, 0, {}}, [&] {
        ++m_replays;
        return headroom::stepFragmentation(s);
    });
}

StepReserve ReplayCache::replayWithStates(const StepShape& s, int64_t tokens) {
    return memoStep(m_stateEntries, StepKey{s, tokens, {}}, [&] {
        ++m_replays;
        return headroom::replayWithStates(s, tokens);
    });
}

StepReserve ReplayCache::stepReserve(const StepShape& s, double tokens) {
    // the envelope of replays looked up in this cache (not a replay of its own)
    return memoStep(m_reserveEntries, StepKey{s, std::bit_cast<int64_t>(tokens), {}},
                    [&] { return stepReserveEnvelope(s, tokens); });
}

ReplayCache* ReplayCache::active() {
    return t_cache;
}

ReplayCache::Scope::Scope(ReplayCache& cache) : m_previous(t_cache) {
    t_cache = &cache;
}

ReplayCache::Scope::~Scope() {
    t_cache = m_previous;
}

EnsureReplayCache::EnsureReplayCache() {
    if (t_cache)
        return;
    m_cache.emplace();
    m_scope.emplace(*m_cache);
}

namespace {

StepFragmentation replayOnce(const StepShape& s) {
    if (ReplayCache* cache = ReplayCache::active())
        return cache->stepFragmentation(s);
    return stepFragmentation(s);
}

StepReserve replayWithStatesOnce(const StepShape& s, int64_t tokens) {
    if (ReplayCache* cache = ReplayCache::active())
        return cache->replayWithStates(s, tokens);
    return replayWithStates(s, tokens);
}

} // namespace

LoadPhase simulateLoad(const ModelArch& m, const Workload& w, int shard) {
    // both return nothing for a run without a load recipe (loadReplayed)
    ReplayCache* cache = ReplayCache::active();
    return cache ? cache->replay(m, w, shard) : replayLoad(m, w, shard);
}

StepFragmentation cachedStepFragmentation(const StepShape& s) {
    return fragmentationEnvelope(s, replayOnce);
}

StepReserve stepReserveEnvelope(const StepShape& s, double tokens) {
    return reserveEnvelope(s, tokens, replayOnce, replayWithStatesOnce);
}

StepReserve stepReserve(const StepShape& s, double tokens) {
    ReplayCache* cache = ReplayCache::active();
    if (cache && (s.gradBytes > 0 || s.scoreHeads > 0)) // an envelope of several replays
        return cache->stepReserve(s, tokens);
    return stepReserveEnvelope(s, tokens);
}

double variableLengthReserve(const Workload& w, const StepShape& s) {
    if (w.mode != Mode::Training || !w.lengths.variable() || w.features.expandableSegments ||
        s.layers <= 0)
        return 0;
    if (ReplayCache* cache = ReplayCache::active())
        return cache->lengthsReserve(
            s, w.microBatch, cache->batchLengths(w.lengths, w.sequenceLength, w.microBatch));
    return lengthsReserve(s, w.microBatch, batchLengths(w.lengths, w.sequenceLength, w.microBatch));
}

} // namespace headroom
