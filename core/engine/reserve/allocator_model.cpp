// allocator_model.cpp: see core/engine/reserve/allocator_model.h.

#include "core/engine/reserve/allocator_model.h"

#include <algorithm>
#include <climits>

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

CachingAllocatorModel::Key CachingAllocatorModel::key(int i) const {
    const Block& b = m_blocks[static_cast<size_t>(i)];
    return {b.size, b.segment, b.offset, i};
}

void CachingAllocatorModel::insertFree(int i) {
    std::set<Key>& pool = m_pools[m_blocks[static_cast<size_t>(i)].small ? 1 : 0];
    if (m_spareNodes.empty()) {
        pool.insert(key(i));
        return;
    }
    std::set<Key>::node_type node = std::move(m_spareNodes.back());
    m_spareNodes.pop_back();
    node.value() = key(i);
    pool.insert(std::move(node));
}

void CachingAllocatorModel::eraseFree(int i) {
    std::set<Key>& pool = m_pools[m_blocks[static_cast<size_t>(i)].small ? 1 : 0];
    if (auto node = pool.extract(key(i)))
        m_spareNodes.push_back(std::move(node));
}

CachingAllocatorModel::Handle CachingAllocatorModel::malloc(int64_t bytes) {
    const int64_t size = roundSize(std::max<int64_t>(1, bytes));
    const bool small = size <= kSmallSize;
    std::set<Key>& pool = m_pools[small ? 1 : 0];
    int idx = -1;
    const auto it = pool.lower_bound(Key{size, INT_MIN, INT64_MIN, INT_MIN});
    if (it != pool.end()) {
        idx = std::get<3>(*it);
        m_spareNodes.push_back(pool.extract(it));
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
