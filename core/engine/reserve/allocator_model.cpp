// allocator_model.cpp: see core/engine/reserve/allocator_model.h.

#include "core/engine/reserve/allocator_model.h"

#include <algorithm>

namespace headroom {

int64_t CachingAllocatorModel::roundSize(int64_t bytes) {
    if (bytes < kMinBlockSize)
        return kMinBlockSize;
    return kMinBlockSize * ((bytes + kMinBlockSize - 1) / kMinBlockSize);
}

int64_t CachingAllocatorModel::segmentSize(int64_t rounded) {
    if (rounded <= kSmallSize)
        return kSmallBuffer;
    if (rounded < kMinLargeAlloc)
        return kLargeBuffer;
    return kRoundLarge * ((rounded + kRoundLarge - 1) / kRoundLarge);
}

void FreeBlockList::place(Heap& h, std::size_t i, const Entry& e) {
    h[i] = e;
    m_pos[static_cast<std::size_t>(e.block)] = static_cast<int>(i);
}

void FreeBlockList::siftUp(Heap& h, std::size_t i) {
    const Entry e = h[i];
    while (i > 0) {
        const std::size_t parent = (i - 1) / 2;
        if (!before(e, h[parent]))
            break;
        place(h, i, h[parent]);
        i = parent;
    }
    place(h, i, e);
}

void FreeBlockList::siftDown(Heap& h, std::size_t i) {
    const Entry e = h[i];
    const std::size_t n = h.size();
    for (;;) {
        std::size_t child = 2 * i + 1;
        if (child >= n)
            break;
        if (child + 1 < n && before(h[child + 1], h[child]))
            ++child;
        if (!before(h[child], e))
            break;
        place(h, i, h[child]);
        i = child;
    }
    place(h, i, e);
}

std::size_t FreeBlockList::firstAtLeast(int64_t size) const {
    const auto it = std::lower_bound(m_sizes.begin(), m_sizes.end(), size,
                                     [](const SizeKey& k, int64_t v) { return k.size < v; });
    return static_cast<std::size_t>(it - m_sizes.begin());
}

void FreeBlockList::insert(int64_t size, const Entry& e) {
    if (static_cast<std::size_t>(e.block) >= m_pos.size())
        m_pos.resize(static_cast<std::size_t>(e.block) + 1, -1);
    const std::size_t s = firstAtLeast(size);
    if (s == m_sizes.size() || m_sizes[s].size != size) {
        std::size_t slot = m_heaps.size();
        if (m_freeSlots.empty()) {
            m_heaps.emplace_back();
        } else {
            slot = m_freeSlots.back();
            m_freeSlots.pop_back();
        }
        m_sizes.insert(m_sizes.begin() + static_cast<std::ptrdiff_t>(s), SizeKey{size, slot});
    }
    Heap& h = m_heaps[m_sizes[s].heap];
    h.push_back(e);
    siftUp(h, h.size() - 1);
}

void FreeBlockList::removeAt(std::size_t s, std::size_t i) {
    Heap& h = m_heaps[m_sizes[s].heap];
    m_pos[static_cast<std::size_t>(h[i].block)] = -1;
    const Entry last = h.back();
    h.pop_back();
    if (i < h.size()) {
        place(h, i, last);
        siftDown(h, i);
        siftUp(h, i);
    }
    if (h.empty()) {
        m_freeSlots.push_back(m_sizes[s].heap);
        m_sizes.erase(m_sizes.begin() + static_cast<std::ptrdiff_t>(s));
    }
}

void FreeBlockList::erase(int64_t size, int block) {
    if (block < 0 || static_cast<std::size_t>(block) >= m_pos.size())
        return;
    const int i = m_pos[static_cast<std::size_t>(block)];
    const std::size_t s = firstAtLeast(size);
    if (i < 0 || s == m_sizes.size() || m_sizes[s].size != size)
        return; // not listed under this size
    const Heap& h = m_heaps[m_sizes[s].heap];
    if (static_cast<std::size_t>(i) >= h.size() || h[static_cast<std::size_t>(i)].block != block)
        return;
    removeAt(s, static_cast<std::size_t>(i));
}

int FreeBlockList::takeBestFit(int64_t size) {
    const std::size_t s = firstAtLeast(size);
    if (s == m_sizes.size())
        return -1;
    const int block = m_heaps[m_sizes[s].heap].front().block;
    removeAt(s, 0);
    return block;
}

void CachingAllocatorModel::insertFree(int i) {
    const Block& b = m_blocks[static_cast<size_t>(i)];
    m_pools[b.small ? 1 : 0].insert(b.size, {b.offset, b.segment, i});
}

void CachingAllocatorModel::eraseFree(int i) {
    const Block& b = m_blocks[static_cast<size_t>(i)];
    m_pools[b.small ? 1 : 0].erase(b.size, i);
}

CachingAllocatorModel::Handle CachingAllocatorModel::malloc(int64_t bytes) {
    const int64_t size = roundSize(std::max<int64_t>(1, bytes));
    const bool small = size <= kSmallSize;
    int idx = m_pools[small ? 1 : 0].takeBestFit(size);
    if (idx >= 0) {
        const Block& taken = m_blocks[static_cast<size_t>(idx)];
        if (taken.prev < 0 && taken.next < 0)
            m_wholeFree -= taken.size;
    } else {
        Block seg;
        seg.size = segmentSize(size);
        seg.segment = ++m_segments;
        seg.small = small;
        m_reserved += seg.size;
        m_peakReserved = std::max(m_peakReserved, m_reserved);
        m_peakPinned = std::max(m_peakPinned, m_reserved - m_wholeFree);
        idx = newBlock(seg);
    }
    const int64_t remaining = m_blocks[static_cast<size_t>(idx)].size - size;
    if ((small && remaining >= kMinBlockSize) || (!small && remaining > kSmallSize)) {
        Block rest;
        {
            const Block& b = m_blocks[static_cast<size_t>(idx)];
            rest.size = remaining;
            rest.offset = b.offset + size;
            rest.segment = b.segment;
            rest.small = b.small;
            rest.prev = idx;
            rest.next = b.next;
        }
        const int r = newBlock(rest);
        Block& b = m_blocks[static_cast<size_t>(idx)];
        if (b.next >= 0)
            m_blocks[static_cast<size_t>(b.next)].prev = r;
        b.next = r;
        b.size = size;
        insertFree(r);
    }
    Block& b = m_blocks[static_cast<size_t>(idx)];
    b.free = false;
    m_allocated += b.size;
    m_peakAllocated = std::max(m_peakAllocated, m_allocated);
    return idx;
}

void CachingAllocatorModel::absorb(int left, int right) {
    Block& lb = block(left);
    Block& rb = block(right);
    lb.size += rb.size;
    lb.next = rb.next;
    if (rb.next >= 0)
        block(rb.next).prev = left;
    rb.dead = true;
    m_deadSlots.push_back(right);
}

int CachingAllocatorModel::newBlock(const Block& b) {
    if (!m_deadSlots.empty()) {
        const int i = m_deadSlots.back();
        m_deadSlots.pop_back();
        m_blocks[static_cast<size_t>(i)] = b;
        return i;
    }
    m_blocks.push_back(b);
    return static_cast<int>(m_blocks.size()) - 1;
}

void CachingAllocatorModel::free(Handle h) {
    if (h < 0 || static_cast<size_t>(h) >= m_blocks.size() || block(h).free || block(h).dead)
        return;
    block(h).free = true;
    m_allocated -= block(h).size;
    int cur = h;
    const int p = block(cur).prev;
    if (p >= 0 && block(p).free) { // the free previous neighbour absorbs this block
        eraseFree(p);
        absorb(p, cur);
        cur = p;
    }
    const int n = block(cur).next;
    if (n >= 0 && block(n).free) { // this block absorbs the free next neighbour
        eraseFree(n);
        absorb(cur, n);
    }
    if (block(cur).prev < 0 && block(cur).next < 0) // its whole segment is free again
        m_wholeFree += block(cur).size;
    insertFree(cur);
}

} // namespace headroom
