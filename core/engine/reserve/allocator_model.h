#pragma once
// A model of PyTorch's CUDA caching allocator, used to replay a short allocation sequence
// (the model load, core/engine/reserve/load_replay.h) and read what
// torch.cuda.max_memory_reserved() would report afterwards.
//
// Units: bytes (int64_t). Source: c10/cuda/CUDACachingAllocator.cpp (PyTorch 2.1-2.5) in
// its default configuration (no max_split_size_mb, no expandable_segments, no
// garbage_collection_threshold), one stream, memory never exhausted (so cached segments are
// never released):
//   - a request is rounded up to a multiple of 512 B (kMinBlockSize);
//   - requests <= 1 MiB (kSmallSize) use the small pool, larger ones the large pool;
//   - the smallest free block of the pool that is large enough is taken (best fit; ties by
//     segment, then by offset, standing in for the allocator's address order);
//   - a taken block is split when the remainder is >= 512 B (small pool) or > 1 MiB (large);
//   - with no fitting block, a new segment is cudaMalloc'ed: 2 MiB (kSmallBuffer) for small
//     requests, 20 MiB (kLargeBuffer) for requests under 10 MiB (kMinLargeAlloc), else the
//     request rounded up to 2 MiB (kRoundLarge);
//   - a freed block merges with free neighbours of the same segment; segments are never
//     merged with each other, which is what fragmentation is made of.

#include <cstddef>
#include <cstdint>
#include <unordered_set>
#include <vector>

namespace headroom {

/// The free blocks of one pool, in the allocator's best-fit order: the smallest size that is
/// large enough, ties by segment, then by offset (c10's BlockComparatorSize: size, then
/// address). The d distinct sizes sit in one ascending array beside the slot of their list;
/// each list holds the blocks of one size sorted by descending (segment, offset), so the best
/// fit is its last entry. A lookup is a binary search of the sizes; taking the best fit is a
/// pop from the back, O(1); an insertion or removal a binary search of the k blocks of that
/// size plus the moves of the entries on its shorter side (List): O(1) at either end, where
/// nearly all of them fall (backward frees the blocks last made first: appended; a load frees
/// blocks of its newest segments: first), O(k / 2) 16-byte moves at worst. Every replay
/// measured lists at most 29 sizes at once (a step replay 17, DeepSeek-V3's loads 29) but up
/// to 17,059 blocks of one size (a torchao load: 23,000 of its insertions come first in a
/// list of ~10,000; moving the list cost it 2-3x its heap time). Against binary heaps by
/// (segment, offset) with a position table (each sift step wrote the table), the lists run the
/// default estimate's state replays in ~30 % fewer instructions (callgrind) and ~1.6x faster.
class FreeBlockList {
public:
    struct Entry {
        int64_t offset = 0;
        int segment = 0;
        int block = 0;
    };
    /// Lists block @p e.block of @p size bytes at (e.segment, e.offset).
    void insert(int64_t size, const Entry& e);
    /// Unlists the block @p e (its segment, offset and index), listed with @p size. Does
    /// nothing if it is not listed.
    void erase(int64_t size, const Entry& e);
    /// The listed block that best fits @p size: the smallest size >= @p size, then the lowest
    /// (segment, offset); removed from the list. -1 when none is large enough.
    int takeBestFit(int64_t size);
    /// The size of the block takeBestFit(@p size) would take; 0 when none is large enough.
    int64_t bestFitSize(int64_t size) const;

private:
    static bool before(const Entry& a, const Entry& b) {
        return a.segment != b.segment ? a.segment < b.segment : a.offset < b.offset;
    }
    /// One size's blocks sorted by descending (segment, offset), the best fit last, in a
    /// vector that keeps room before its first entry: an insertion or removal moves the
    /// entries on its shorter side, so a block that sorts first (a new segment's) or last
    /// (the best fit) costs O(1) moves, any other O(min(before, after)).
    class List {
    public:
        bool empty() const { return m_head == m_v.size(); }
        const Entry& back() const { return m_v.back(); }
        void popBack();
        void insert(const Entry& e);
        /// Removes the entry of block @p e.block at @p e's place; false when it is not there.
        bool erase(const Entry& e);

    private:
        void clearIfEmpty();
        std::vector<Entry> m_v;
        std::size_t m_head = 0; ///< entries live in [m_head, size); before it, room
    };
    /// Index of the first listed size >= @p size (m_sizes.size() when none is).
    std::size_t firstAtLeast(int64_t size) const;
    /// Drops listed size @p s (its list is empty); its slot is kept for reuse.
    void dropSize(std::size_t s);

    std::vector<int64_t> m_sizes;         ///< distinct sizes listed, ascending
    std::vector<std::size_t> m_slot;      ///< the m_lists slot of each listed size
    std::vector<List> m_lists;            ///< the lists, by slot; a slot keeps its place
    std::vector<std::size_t> m_freeSlots; ///< slots of emptied lists, reused with their capacity
};

class CachingAllocatorModel {
public:
    using Handle = int;

    /// Allocates @p bytes (> 0; smaller values are treated as 1). Returns a handle for free().
    Handle malloc(int64_t bytes);
    /// Frees a block returned by malloc(). Freeing an unknown handle is ignored; a handle is
    /// freed once (the slot of a block merged into its neighbour is reused by a later
    /// malloc(), so a second free() could reach another block).
    void free(Handle h);
    /// A block of @p bytes made, then @p freed (a live block, or -1) freed, then the block
    /// freed, as a gradient is made, its saved tensor released and the gradient consumed.
    /// Where a cached free block fits the request, the sequence leaves every block as freeing
    /// @p freed alone does: the block taken is split and merged back (if @p freed is its
    /// neighbour, the merge of all three is the merge of @p freed with the free block), the
    /// free blocks' sizes, segments and offsets (all best fit reads), the segments, reserved
    /// bytes and pinned peak are those of the free alone; only the live peak can rise, by
    /// the size the block would have had (the request rounded, or the whole free block where
    /// the rest is too small to split). So then only that peak and the free run; otherwise
    /// (a new segment) the three calls run. Cost: one binary search of the free sizes and
    /// one free(). Test: tst_loadphase transientLeavesWhatThePairLeaves.
    void transient(int64_t bytes, Handle freed);

    int64_t reserved() const { return m_reserved; }           ///< bytes in cudaMalloc'ed segments
    int64_t allocated() const { return m_allocated; }         ///< bytes in live blocks (rounded)
    int64_t peakReserved() const { return m_peakReserved; }   ///< max_memory_reserved
    int64_t peakAllocated() const { return m_peakAllocated; } ///< max_memory_allocated
    int segments() const { return m_segments; }               ///< cudaMalloc calls so far
    /// The largest reserved - wholeFreeSegmentBytes() seen when a segment was cudaMalloc'ed:
    /// the smallest capacity the sequence runs in. On a failed cudaMalloc the allocator
    /// releases its wholly free segments and retries (`release_cached_blocks`), so cached
    /// bytes beyond this never cause an out-of-memory error.
    int64_t peakPinned() const { return m_peakPinned; }
    /// Rounded size of the block @p h (0 for an unknown handle).
    int64_t blockSize(Handle h) const {
        return h >= 0 && static_cast<std::size_t>(h) < m_blocks.size()
                   ? m_blocks[static_cast<std::size_t>(h)].size
                   : 0;
    }
    /// Bytes in cached segments that hold no live block (a free, unsplit block spanning the
    /// whole segment): what `release_cached_blocks()` gives back to the driver when a
    /// cudaMalloc fails, before the allocator raises an out-of-memory error.
    int64_t wholeFreeSegmentBytes() const { return m_wholeFree; }

    /// Request size after rounding: max(512, 512 x ceil(bytes / 512)).
    static int64_t roundSize(int64_t bytes);
    /// Size of the segment cudaMalloc'ed for a rounded request that found no free block.
    static int64_t segmentSize(int64_t rounded);

    static constexpr int64_t kMinBlockSize = 512;
    static constexpr int64_t kSmallSize = 1 << 20;
    static constexpr int64_t kSmallBuffer = 2 << 20;
    static constexpr int64_t kLargeBuffer = 20 << 20;
    static constexpr int64_t kMinLargeAlloc = 10 << 20;
    static constexpr int64_t kRoundLarge = 2 << 20;

private:
    struct Block {
        int64_t size = 0;
        int64_t offset = 0;
        int segment = 0;
        int prev = -1;
        int next = -1;
        bool free = true;
        bool small = false;
        bool dead = false; ///< merged into a neighbour
    };
    Block& block(int i) { return m_blocks[static_cast<std::size_t>(i)]; }
    /// Merges the free block @p right into its left neighbour @p left (same segment).
    void absorb(int left, int right);
    void insertFree(int i);
    void eraseFree(int i);

    /// Takes a slot for @p b: a dead one when there is one (replays of millions of
    /// allocations keep their block table small), else a new one. Returns its index.
    int newBlock(const Block& b);

    std::vector<Block> m_blocks;
    std::vector<int> m_deadSlots; ///< indices of merged-away blocks, reused by newBlock()
    FreeBlockList m_pools[2];     ///< [0] large, [1] small
    int64_t m_reserved = 0;
    int64_t m_allocated = 0;
    int64_t m_peakReserved = 0;
    int64_t m_peakAllocated = 0;
    int64_t m_peakPinned = 0;
    int64_t m_wholeFree = 0; ///< bytes in free blocks that span their whole segment
    int m_segments = 0;
};

/// Allocation cycles that each free every block they make (a checkpoint tensor and its
/// quantisation), run through one allocator, keyed by what decides a cycle's calls. A cycle
/// that cudaMalloc's no segment leaves the allocator exactly as it found it: the same live
/// blocks, so the same free blocks (a freed block merges with its free neighbours, so the free
/// blocks are the maximal gaps between live ones; best fit reads only their sizes, segments
/// and offsets), the same reserved bytes, cudaMalloc count and pinned peak, and a live peak
/// that running it again only reaches again. A cycle whose key already ran without a new
/// segment, with no segment and no other live block made since, is therefore skipped and
/// every figure of the allocator stays what running it would leave. Guard: a change of the
/// segment count or the live bytes between two run() calls forgets what ran.
/// Cost: one hash lookup a call; a key's cycle runs at most (segments made + 1) times while
/// nothing else allocates. Test: tst_loadphase transientCyclesSkipExactly.
class TransientCycles {
public:
    /// @p skip false runs every cycle (the reference the test compares with).
    explicit TransientCycles(CachingAllocatorModel& a, bool skip = true) : m_a(a), m_skip(skip) {}
    /// Runs @p cycle (which frees all it allocates) unless a cycle of @p key ran since the
    /// allocator last changed. Returns whether it ran.
    template <class Cycle> bool run(int64_t key, Cycle cycle) {
        if (m_a.segments() != m_segments || m_a.allocated() != m_allocated) {
            m_clean.clear();
            m_segments = m_a.segments();
            m_allocated = m_a.allocated();
        }
        if (m_skip && m_clean.contains(key))
            return false;
        cycle();
        if (m_a.segments() == m_segments && m_a.allocated() == m_allocated)
            m_clean.insert(key);
        return true;
    }

private:
    CachingAllocatorModel& m_a;
    bool m_skip;
    int m_segments = -1;
    int64_t m_allocated = -1;
    std::unordered_set<int64_t> m_clean; ///< keys run with no change since the last change
};

} // namespace headroom
