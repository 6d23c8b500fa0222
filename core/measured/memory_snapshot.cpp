// memory_snapshot.cpp: PyTorch's memory snapshot, read and summarised (memory_snapshot.h).

#include "core/measured/memory_snapshot.h"

#include "core/checked.h"
#include "core/text_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <utility>

namespace headroom {

namespace {

using json = nlohmann::json;
using Status = std::optional<Error>;

Error err(ErrorCode code, std::string field, std::string detail) {
    return Error{code, std::move(field), std::move(detail)};
}

Error wrongType(const std::string& path, const char* expected, const json& got) {
    return err(ErrorCode::FieldWrongType, path,
               std::string("expected ") + expected + ", got " + got.type_name());
}

std::string key(const std::string& path, const char* k) {
    return path + "." + k;
}

std::string index(const std::string& path, size_t i) {
    return path + "[" + std::to_string(i) + "]";
}

const json* member(const json& obj, const char* k) {
    const auto it = obj.find(k);
    return it == obj.end() ? nullptr : &*it;
}

Result<int64_t> toInt(const json& v, const std::string& path) {
    if (v.is_number_unsigned()) {
        const auto u = v.get<uint64_t>();
        if (u > static_cast<uint64_t>(INT64_MAX))
            return err(ErrorCode::FieldOutOfRange, path, "above 2^63 - 1");
        return static_cast<int64_t>(u);
    }
    if (v.is_number_integer())
        return v.get<int64_t>();
    return wrongType(path, "an integer", v);
}

Result<int64_t> toBytes(const json& v, const std::string& path) {
    auto r = toInt(v, path);
    if (r && *r < 0)
        return err(ErrorCode::FieldOutOfRange, path, "negative: " + std::to_string(*r));
    return r;
}

Result<int64_t> requiredBytes(const json& obj, const char* k, const std::string& path) {
    const json* v = member(obj, k);
    if (!v)
        return err(ErrorCode::FieldMissing, key(path, k), "required");
    return toBytes(*v, key(path, k));
}

/// The value of @p k read by @p read, or nothing when @p obj lacks the key.
template <class T>
Result<std::optional<T>> optionalField(const json& obj, const char* k, const std::string& path,
                                       Result<T> (*read)(const json&, const std::string&)) {
    const json* v = member(obj, k);
    if (!v)
        return std::optional<T>{};
    auto r = read(*v, key(path, k));
    if (!r)
        return r.error();
    return std::optional<T>{std::move(r).value()};
}

Result<bool> toBool(const json& v, const std::string& path) {
    if (!v.is_boolean())
        return wrongType(path, "a bool", v);
    return v.get<bool>();
}

Result<std::string> toString(const json& v, const std::string& path) {
    if (!v.is_string())
        return wrongType(path, "a string", v);
    return v.get<std::string>();
}

Status addInto(int64_t& acc, int64_t v, const std::string& path) {
    const auto s = checked::add(acc, v);
    if (!s)
        return err(ErrorCode::FieldOutOfRange, path, "a sum beyond int64");
    acc = *s;
    return std::nullopt;
}

Status addInto(BlockTally& t, int64_t bytes, const std::string& path) {
    ++t.count;
    return addInto(t.bytes, bytes, path);
}

enum class BlockState { Allocated, PendingFree, Inactive, Other };

BlockState parseState(const std::string& s) {
    if (s == "active_allocated")
        return BlockState::Allocated;
    if (s == "active_pending_free")
        return BlockState::PendingFree;
    if (s == "inactive")
        return BlockState::Inactive;
    return BlockState::Other;
}

/// What one segment says, before the device is chosen.
struct SegmentFacts {
    int64_t device = 0;
    int64_t total = 0;
    int64_t allocated = 0;
    int64_t active = 0;
    int64_t requested = 0;
    bool expandable = false;
    BlockTally activeAllocated, activePendingFree, inactive, other;
};

/// The blocks' own sums, the fallbacks of a segment's allocated/active/requested_size.
struct BlockSums {
    int64_t allocated = 0;
    int64_t active = 0;
    int64_t requested = 0;
};

struct LiveBlock {
    int64_t device, size, requested, address, segment, block;
};

/// One side of the trace replay: the running change and its least and greatest values.
struct Replay {
    int64_t net = 0, lo = 0, hi = 0;
    Status step(int64_t delta, const std::string& path) {
        if (auto e = addInto(net, delta, path))
            return e;
        lo = std::min(lo, net);
        hi = std::max(hi, net);
        return std::nullopt;
    }
};

class SnapshotReader {
public:
    explicit SnapshotReader(const json& root) : m_root(root) {}
    Result<MemorySnapshot> run(SnapshotFormat format);

private:
    Status readSegment(const json& seg, size_t i);
    Status readBlock(const json& b, const std::string& path, size_t seg, size_t blk,
                     int64_t& running, SegmentFacts& f, BlockSums& sums);
    Status tallyBlock(BlockState state, int64_t size, int64_t requested, const std::string& path,
                      SegmentFacts& f, BlockSums& sums);
    int chooseDevice(std::vector<int>& devices) const;
    Result<SegmentSummary> summarise(int device) const;
    Status sumSegment(const SegmentFacts& f, SegmentSummary& s) const;
    Status addFrames(SnapshotBlock& b) const;
    Result<TraceSummary> readTrace(const json& traces, int device,
                                   const std::optional<SegmentSummary>& segs) const;
    Status readEntry(const json& e, const std::string& path, TraceSummary& t, Replay& live,
                     Replay& reserved) const;

    const json& m_root;
    std::vector<SegmentFacts> m_facts;
    std::vector<LiveBlock> m_live;
};

// ---------------------------------------------------------------------------------------------
// Segments and blocks.

Status SnapshotReader::readSegment(const json& seg, size_t i) {
    const std::string path = index("segments", i);
    if (!seg.is_object())
        return wrongType(path, "a dict", seg);
    SegmentFacts f;
    auto device = optionalField(seg, "device", path, toInt);
    if (!device)
        return device.error();
    f.device = device->value_or(0);
    if (f.device < 0 || f.device > 65535)
        return err(ErrorCode::FieldOutOfRange, key(path, "device"),
                   std::to_string(f.device) + ", expected 0 to 65535");
    auto total = requiredBytes(seg, "total_size", path);
    if (!total)
        return total.error();
    f.total = *total;
    auto expandable = optionalField(seg, "is_expandable", path, toBool);
    auto address = optionalField(seg, "address", path, toInt);
    auto allocated = optionalField(seg, "allocated_size", path, toBytes);
    auto active = optionalField(seg, "active_size", path, toBytes);
    auto requested = optionalField(seg, "requested_size", path, toBytes);
    for (const Error* e :
         {expandable ? nullptr : &expandable.error(), address ? nullptr : &address.error(),
          allocated ? nullptr : &allocated.error(), active ? nullptr : &active.error(),
          requested ? nullptr : &requested.error()})
        if (e)
            return *e;
    f.expandable = expandable->value_or(false);
    const json* blocks = member(seg, "blocks");
    if (!blocks)
        return err(ErrorCode::FieldMissing, key(path, "blocks"), "required");
    if (!blocks->is_array())
        return wrongType(key(path, "blocks"), "a list", *blocks);
    BlockSums sums;
    int64_t running = address->value_or(0);
    for (size_t j = 0; j < blocks->size(); ++j)
        if (auto e = readBlock((*blocks)[j], path, i, j, running, f, sums))
            return e;
    f.allocated = allocated->value_or(sums.allocated);
    f.active = active->value_or(sums.active);
    f.requested = requested->value_or(sums.requested);
    m_facts.push_back(f);
    return std::nullopt;
}

Status SnapshotReader::readBlock(const json& b, const std::string& segPath, size_t seg, size_t blk,
                                 int64_t& running, SegmentFacts& f, BlockSums& sums) {
    const std::string path = index(key(segPath, "blocks"), blk);
    if (!b.is_object())
        return wrongType(path, "a dict", b);
    auto size = requiredBytes(b, "size", path);
    if (!size)
        return size.error();
    auto requested = optionalField(b, "requested_size", path, toBytes);
    if (!requested)
        return requested.error();
    auto address = optionalField(b, "address", path, toInt);
    if (!address)
        return address.error();
    const json* state = member(b, "state");
    if (!state)
        return err(ErrorCode::FieldMissing, key(path, "state"), "required");
    if (!state->is_string())
        return wrongType(key(path, "state"), "a string", *state);
    const int64_t at = address->value_or(running);
    // PyTorch numbers a segment's blocks from its address, each after the one before.
    if (auto e = addInto(running, *size, key(path, "size")))
        return e;
    const BlockState s = parseState(state->get_ref<const std::string&>());
    const int64_t req = requested->value_or(0);
    if (auto e = tallyBlock(s, *size, req, key(path, "size"), f, sums))
        return e;
    if (s == BlockState::Allocated)
        m_live.push_back(LiveBlock{f.device, *size, req, at, static_cast<int64_t>(seg),
                                   static_cast<int64_t>(blk)});
    return std::nullopt;
}

Status SnapshotReader::tallyBlock(BlockState state, int64_t size, int64_t requested,
                                  const std::string& path, SegmentFacts& f, BlockSums& sums) {
    BlockTally& t = state == BlockState::Allocated     ? f.activeAllocated
                    : state == BlockState::PendingFree ? f.activePendingFree
                    : state == BlockState::Inactive    ? f.inactive
                                                       : f.other;
    if (auto e = addInto(t, size, path))
        return e;
    if (state == BlockState::Allocated)
        if (auto e = addInto(sums.allocated, size, path))
            return e;
    if (state == BlockState::Allocated || state == BlockState::PendingFree) {
        if (auto e = addInto(sums.active, size, path))
            return e;
        return addInto(sums.requested, requested, path);
    }
    return std::nullopt;
}

int SnapshotReader::chooseDevice(std::vector<int>& devices) const {
    std::map<int64_t, int64_t> count;
    for (const SegmentFacts& f : m_facts)
        ++count[f.device];
    int best = 0;
    int64_t most = 0;
    for (const auto& entry : count) { // ascending: a tie keeps the lowest index
        devices.push_back(static_cast<int>(entry.first));
        if (entry.second > most) {
            best = static_cast<int>(entry.first);
            most = entry.second;
        }
    }
    return best;
}

Status SnapshotReader::sumSegment(const SegmentFacts& f, SegmentSummary& s) const {
    ++s.segments;
    s.largestSegmentBytes = std::max(s.largestSegmentBytes, f.total);
    s.expandableSegments += f.expandable ? 1 : 0;
    const std::pair<int64_t*, int64_t> sums[] = {
        {&s.reservedBytes, f.total},
        {&s.allocatedBytes, f.allocated},
        {&s.activeBytes, f.active},
        {&s.inactiveBytes, f.inactive.bytes},
        {&s.requestedBytes, f.requested},
        {&s.activeAllocated.bytes, f.activeAllocated.bytes},
        {&s.activePendingFree.bytes, f.activePendingFree.bytes},
        {&s.inactive.bytes, f.inactive.bytes},
        {&s.otherState.bytes, f.other.bytes}};
    for (const auto& [acc, v] : sums)
        if (auto e = addInto(*acc, v, "segments"))
            return e;
    s.activeAllocated.count += f.activeAllocated.count;
    s.activePendingFree.count += f.activePendingFree.count;
    s.inactive.count += f.inactive.count;
    s.otherState.count += f.other.count;
    return std::nullopt;
}

Result<SegmentSummary> SnapshotReader::summarise(int device) const {
    SegmentSummary s;
    for (const SegmentFacts& f : m_facts)
        if (f.device == device)
            if (auto e = sumSegment(f, s))
                return *e;
    std::vector<LiveBlock> live;
    for (const LiveBlock& b : m_live)
        if (b.device == device)
            live.push_back(b);
    const auto top = std::min<size_t>(kLargestBlocks, live.size());
    std::partial_sort(live.begin(), live.begin() + static_cast<std::ptrdiff_t>(top), live.end(),
                      [](const LiveBlock& a, const LiveBlock& b) {
                          if (a.size != b.size)
                              return a.size > b.size;
                          return std::pair(a.segment, a.block) < std::pair(b.segment, b.block);
                      });
    for (size_t i = 0; i < top; ++i) {
        const LiveBlock& b = live[i];
        SnapshotBlock out{b.address, b.size, b.requested, b.segment, b.block, {}};
        if (auto e = addFrames(out))
            return *e;
        s.largestLiveBlocks.push_back(std::move(out));
    }
    return s;
}

/// The block's first three frames as "name (filename:line)".
Status SnapshotReader::addFrames(SnapshotBlock& b) const {
    const json& block = m_root.at("segments")
                            .at(static_cast<size_t>(b.segment))
                            .at("blocks")
                            .at(static_cast<size_t>(b.block));
    const std::string path =
        key(index(key(index("segments", static_cast<size_t>(b.segment)), "blocks"),
                  static_cast<size_t>(b.block)),
            "frames");
    const json* frames = member(block, "frames");
    if (!frames)
        return std::nullopt;
    if (!frames->is_array())
        return wrongType(path, "a list", *frames);
    for (size_t i = 0; i < std::min<size_t>(3, frames->size()); ++i) {
        const json& fr = (*frames)[i];
        const std::string at = index(path, i);
        if (!fr.is_object())
            return wrongType(at, "a dict", fr);
        auto name = optionalField(fr, "name", at, toString);
        auto file = optionalField(fr, "filename", at, toString);
        auto line = optionalField(fr, "line", at, toInt);
        for (const Error* e : {name ? nullptr : &name.error(), file ? nullptr : &file.error(),
                               line ? nullptr : &line.error()})
            if (e)
                return *e;
        b.frames.push_back(name->value_or("?") + " (" + file->value_or("?") + ":" +
                           (*line ? std::to_string(**line) : std::string("?")) + ")");
    }
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// The trace.

Status SnapshotReader::readEntry(const json& e, const std::string& path, TraceSummary& t,
                                 Replay& live, Replay& reserved) const {
    if (!e.is_object())
        return wrongType(path, "a dict", e);
    const json* a = member(e, "action");
    if (!a)
        return err(ErrorCode::FieldMissing, key(path, "action"), "required");
    if (!a->is_string())
        return wrongType(key(path, "action"), "a string", *a);
    const std::string& action = a->get_ref<const std::string&>();
    ++t.entries;
    t.oom = t.oom || action == "oom";
    Replay* r = nullptr;
    int sign = 1;
    if (action == "alloc" || action == "free_completed") {
        r = &live;
        sign = action == "alloc" ? 1 : -1;
    } else if (action == "segment_alloc" || action == "segment_map" || action == "segment_free" ||
               action == "segment_unmap") {
        r = &reserved;
        sign = action == "segment_alloc" || action == "segment_map" ? 1 : -1;
    }
    if (!r)
        return std::nullopt;
    auto size = requiredBytes(e, "size", path);
    if (!size)
        return size.error();
    return r->step(sign * *size, key(path, "size"));
}

/// start = @p end - net when the segments give the end (@p anchored), else the least start
/// that keeps the replay >= 0.
Status anchor(const Replay& r, bool anchored, int64_t end, int64_t& start, int64_t& peak,
              int64_t& last) {
    int64_t s = 0;
    if (anchored ? __builtin_sub_overflow(end, r.net, &s) : __builtin_sub_overflow(0, r.lo, &s))
        return err(ErrorCode::FieldOutOfRange, "device_traces", "the replay leaves int64");
    const auto p = checked::add(s, r.hi);
    const auto l = checked::add(s, r.net);
    if (!p || !l)
        return err(ErrorCode::FieldOutOfRange, "device_traces", "the replay leaves int64");
    start = s;
    peak = *p;
    last = *l;
    return std::nullopt;
}

Result<TraceSummary> SnapshotReader::readTrace(const json& traces, int device,
                                               const std::optional<SegmentSummary>& segs) const {
    if (!traces.is_array())
        return wrongType("device_traces", "a list", traces);
    TraceSummary t;
    Replay live, reserved;
    if (static_cast<size_t>(device) < traces.size()) {
        const std::string path = index("device_traces", static_cast<size_t>(device));
        const json& list = traces[static_cast<size_t>(device)];
        if (!list.is_array())
            return wrongType(path, "a list", list);
        for (size_t i = 0; i < list.size(); ++i)
            if (auto e = readEntry(list[i], index(path, i), t, live, reserved))
                return *e;
    }
    t.anchored = segs.has_value();
    if (auto e = anchor(live, t.anchored, segs ? segs->requestedBytes : 0, t.startLiveBytes,
                        t.peakLiveBytes, t.endLiveBytes))
        return *e;
    if (auto e = anchor(reserved, t.anchored, segs ? segs->reservedBytes : 0, t.startReservedBytes,
                        t.peakReservedBytes, t.endReservedBytes))
        return *e;
    return t;
}

Result<AllocatorSettings> readSettings(const json& s) {
    if (!s.is_object())
        return wrongType("allocator_settings", "a dict", s);
    AllocatorSettings out;
    auto conf = optionalField(s, "PYTORCH_CUDA_ALLOC_CONF", "allocator_settings", toString);
    if (!conf)
        return conf.error();
    auto expandable = optionalField(s, "expandable_segments", "allocator_settings", toBool);
    if (!expandable)
        return expandable.error();
    out.allocConf = std::move(*conf);
    out.expandableSegments = *expandable;
    return out;
}

Result<MemorySnapshot> SnapshotReader::run(SnapshotFormat format) {
    if (!m_root.is_object())
        return wrongType("snapshot", "a dict at the top", m_root);
    MemorySnapshot out;
    out.format = format;
    const json* segs = member(m_root, "segments");
    const json* traces = member(m_root, "device_traces");
    const json* settings = member(m_root, "allocator_settings");
    if (segs && !segs->is_array())
        return wrongType("segments", "a list", *segs);
    for (size_t i = 0; segs && i < segs->size(); ++i)
        if (auto e = readSegment((*segs)[i], i))
            return *e;
    out.device = chooseDevice(out.devices);
    if (segs) {
        auto s = summarise(out.device);
        if (!s)
            return s.error();
        out.segments = std::move(s).value();
    }
    if (traces) {
        auto t = readTrace(*traces, out.device, out.segments);
        if (!t)
            return t.error();
        out.trace = *t;
    }
    if (settings) {
        auto a = readSettings(*settings);
        if (!a)
            return a.error();
        out.allocatorSettings = std::move(a).value();
    }
    for (const auto& [name, present] :
         {std::pair("segments", segs), std::pair("device_traces", traces),
          std::pair("allocator_settings", settings)})
        if (!present)
            out.missing.emplace_back(name);
    return out;
}

// ---------------------------------------------------------------------------------------------
// The two encodings.

Result<json> parseJson(std::string_view bytes, const PickleLimits& limits) {
    if (static_cast<int64_t>(bytes.size()) > limits.maxInputBytes)
        return err(ErrorCode::FileTooLarge, "snapshot",
                   std::to_string(bytes.size()) + " bytes, limit " +
                       std::to_string(limits.maxInputBytes));
    if (auto deep = checkJsonDepth(bytes, "memory snapshot"))
        return *deep;
    try {
        return json::parse(bytes.begin(), bytes.end());
    } catch (const json::exception& e) {
        return err(ErrorCode::JsonMalformed, "snapshot", e.what());
    }
}

Result<json> parseSnapshot(std::string_view bytes, const PickleLimits& limits,
                           SnapshotFormat& format) {
    if (bytes.empty())
        return err(ErrorCode::HeaderMalformed, "snapshot", "empty input");
    if (static_cast<unsigned char>(bytes[0]) == 0x80) {
        format = SnapshotFormat::Pickle;
        // The summary reads no trace entry's frames: the JSON leaves them out (pickle_reader.h).
        return readPickle(bytes, limits, {PickleDrop{"frames", "action"}});
    }
    const size_t first = bytes.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && bytes[first] == '{') {
        format = SnapshotFormat::Json;
        return parseJson(bytes, limits);
    }
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02x", static_cast<unsigned char>(bytes[0]));
    return err(ErrorCode::HeaderMalformed, "snapshot",
               std::string("first byte ") + byte +
                   ": neither a pickle's PROTO (0x80) nor a JSON object ('{')");
}

} // namespace

Result<MemorySnapshot> readMemorySnapshot(std::string_view bytes, const PickleLimits& limits) {
    SnapshotFormat format = SnapshotFormat::Pickle;
    auto root = parseSnapshot(bytes, limits, format);
    if (!root)
        return root.error();
    return SnapshotReader(root.value()).run(format);
}

} // namespace headroom
