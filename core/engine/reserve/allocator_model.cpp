// allocator_model.cpp: see core/engine/reserve/allocator_model.h.

#include "core/engine/reserve/allocator_model.h"

#include <algorithm>

namespace headroom {

int64_t CachingAllocatorModel::roundSize(int64_t bytes) {
    if (bytes < kMinBlockSize)
        return kMinBlockSize;
    return kMinBlockSize * ((bytes + kMinBlockSize - 1) / kMinBlockSize);
}

/// Whether a free block of @p found bytes, taken for a rounded request of @p size, is split.
static bool splits(int64_t found, int64_t size, bool small) {
    const int64_t remaining = found - size;
    return small ? remaining >= CachingAllocatorModel::kMinBlockSize
                 : remaining > CachingAllocatorModel::kSmallSize;
}

int64_t CachingAllocatorModel::segmentSize(int64_t rounded) {
    if (rounded <= kSmallSize)
        return kSmallBuffer;
    if (rounded < kMinLargeAlloc)
        return kLargeBuffer;
    return kRoundLarge * ((rounded + kRoundLarge - 1) / kRoundLarge);
}

std::size_t FreeBlockList::firstAtLeast(int64_t size) const {
    return static_cast<std::size_t>(std::lower_bound(m_sizes.begin(), m_sizes.end(), size) -
                                    m_sizes.begin());
}

namespace {
/// The list order: descending (segment, offset), the best fit last.
bool after(const FreeBlockList::Entry& a, const FreeBlockList::Entry& b) {
    return a.segment != b.segment ? a.segment > b.segment : a.offset > b.offset;
}
} // namespace

void FreeBlockList::List::clearIfEmpty() {
    if (empty()) { // the room goes with the last entry
        m_v.clear();
        m_head = 0;
    }
}

void FreeBlockList::List::popBack() {
    m_v.pop_back();
    clearIfEmpty();
}

void FreeBlockList::List::insert(const Entry& e) {
    if (empty() || before(e, m_v.back())) { // the new best fit of its size: appended
        m_v.push_back(e);
        return;
    }
    const auto first = m_v.begin() + static_cast<std::ptrdiff_t>(m_head);
    const auto at = std::lower_bound(first, m_v.end(), e, after);
    if (at - first > m_v.end() - at) { // fewer entries behind it: they move up one
        m_v.insert(at, e);
        return;
    }
    const std::ptrdiff_t index = at - m_v.begin();
    if (m_head == 0) { // no room before the first: as much as there are entries, once
        const std::size_t room = std::max<std::size_t>(4, m_v.size());
        m_v.insert(m_v.begin(), room, Entry{});
        m_head = room;
        insert(e);
        return;
    }
    // the entries before it move down one, into the room
    std::move(first, m_v.begin() + index, first - 1);
    --m_head;
    m_v[static_cast<std::size_t>(index) - 1] = e;
}

bool FreeBlockList::List::erase(const Entry& e) {
    if (empty())
        return false;
    if (m_v.back().block == e.block) {
        popBack();
        return true;
    }
    const auto first = m_v.begin() + static_cast<std::ptrdiff_t>(m_head);
    const auto at = std::lower_bound(first, m_v.end(), e, after);
    if (at == m_v.end() || at->block != e.block)
        return false;
    if (at - first > m_v.end() - at) {
        m_v.erase(at);
    } else { // the entries before it move up one; the room grows
        std::move_backward(first, at, at + 1);
        ++m_head;
    }
    clearIfEmpty();
    return true;
}

void FreeBlockList::insert(int64_t size, const Entry& e) {
    const std::size_t s = firstAtLeast(size);
    if (s == m_sizes.size() || m_sizes[s] != size) {
        std::size_t slot = m_lists.size();
        if (m_freeSlots.empty()) {
            m_lists.emplace_back();
        } else {
            slot = m_freeSlots.back();
            m_freeSlots.pop_back();
        }
        m_sizes.insert(m_sizes.begin() + static_cast<std::ptrdiff_t>(s), size);
        m_slot.insert(m_slot.begin() + static_cast<std::ptrdiff_t>(s), slot);
    }
    m_lists[m_slot[s]].insert(e);
}

void FreeBlockList::dropSize(std::size_t s) {
    m_freeSlots.push_back(m_slot[s]);
    m_sizes.erase(m_sizes.begin() + static_cast<std::ptrdiff_t>(s));
    m_slot.erase(m_slot.begin() + static_cast<std::ptrdiff_t>(s));
}

void FreeBlockList::erase(int64_t size, const Entry& e) {
    const std::size_t s = firstAtLeast(size);
    if (s == m_sizes.size() || m_sizes[s] != size)
        return; // not listed under this size
    List& l = m_lists[m_slot[s]];
    if (l.erase(e) && l.empty())
        dropSize(s);
}

int FreeBlockList::takeBestFit(int64_t size) {
    const std::size_t s = firstAtLeast(size);
    if (s == m_sizes.size())
        return -1;
    List& l = m_lists[m_slot[s]];
    const int block = l.back().block;
    l.popBack();
    if (l.empty())
        dropSize(s);
    return block;
}

int64_t FreeBlockList::bestFitSize(int64_t size) const {
    const std::size_t s = firstAtLeast(size);
    return s == m_sizes.size() ? 0 : m_sizes[s];
}

void CachingAllocatorModel::insertFree(int i) {
    const Block& b = m_blocks[static_cast<size_t>(i)];
    m_pools[b.small ? 1 : 0].insert(b.size, {b.offset, b.segment, i});
}

void CachingAllocatorModel::eraseFree(int i) {
    const Block& b = m_blocks[static_cast<size_t>(i)];
    m_pools[b.small ? 1 : 0].erase(b.size, {b.offset, b.segment, i});
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
    const int64_t found = m_blocks[static_cast<size_t>(idx)].size;
    if (splits(found, size, small)) {
        Block rest;
        {
            const Block& b = m_blocks[static_cast<size_t>(idx)];
            rest.size = found - size;
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

void CachingAllocatorModel::transient(int64_t bytes, Handle freed) {
    const int64_t size = roundSize(std::max<int64_t>(1, bytes));
    const bool small = size <= kSmallSize;
    const int64_t found = m_pools[small ? 1 : 0].bestFitSize(size);
    if (found == 0) { // a new segment: the calls themselves
        const Handle made = malloc(bytes);
        free(freed);
        free(made);
        return;
    }
    m_peakAllocated =
        std::max(m_peakAllocated, m_allocated + (splits(found, size, small) ? size : found));
    free(freed);
}

} // namespace headroom
