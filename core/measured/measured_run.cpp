#include "core/measured/measured_run.h"

#include "core/io/json_reader.h"
#include "core/text_file.h"

#include <algorithm>

namespace headroom {
namespace {

using nlohmann::json;

constexpr double kMaxBytes = 1e15; // a petabyte: no GPU holds more (calibration's bound)

MeasuredBoundary readBoundary(JsonReader& r) {
    MeasuredBoundary b;
    r.number("allocated_peak_bytes", b.allocatedPeak, 0, kMaxBytes, true);
    r.number("reserved_peak_bytes", b.reservedPeak, 0, kMaxBytes, true);
    r.number("active_peak_bytes", b.activePeak, 0, kMaxBytes);
    r.number("allocated_bytes", b.allocated, 0, kMaxBytes);
    r.number("reserved_bytes", b.reserved, 0, kMaxBytes);
    r.number("device_used_bytes", b.deviceUsed, 0, kMaxBytes);
    auto optional = [&r](const char* key, std::optional<double>& out) {
        if (!r.find(key, false))
            return;
        double v = 0;
        r.number(key, v, 0, kMaxBytes);
        out = v;
    };
    optional("process_used_bytes", b.processUsed);
    optional("parameters_bytes", b.parameters);
    optional("gradients_bytes", b.gradients);
    optional("optimizer_state_bytes", b.optimizerStates);
    return b;
}

/// An array at @p key of @p r, at most @p maxItems long, or nullptr (absent / error recorded).
const json* arrayAt(JsonReader& r, const char* key, size_t maxItems, bool required) {
    const json* j = r.find(key, required);
    if (!j)
        return nullptr;
    if (!j->is_array()) {
        r.fail(ErrorCode::FieldWrongType, key, "expected an array");
        return nullptr;
    }
    if (j->size() > maxItems) {
        r.fail(ErrorCode::FieldOutOfRange, key,
               "at most " + std::to_string(maxItems) + " entries (got " +
                   std::to_string(j->size()) + ")");
        return nullptr;
    }
    return j;
}

void readShapes(JsonReader& r, const std::string& path, std::optional<Error>& err,
                MeasuredStep& step) {
    const json* shapes = arrayAt(r, "input_shapes", 1u << 20, false);
    if (!shapes)
        return;
    for (size_t i = 0; i < shapes->size() && !err; ++i) {
        const json& s = (*shapes)[i];
        const std::string at = path + ".input_shapes[" + std::to_string(i) + "]";
        if (!s.is_array() || s.size() < 2 || !s[0].is_number_integer() ||
            !s[1].is_number_integer() || s[0].get<int64_t>() < 1 || s[1].get<int64_t>() < 1) {
            err = Error{ErrorCode::FieldWrongType, at, "expected [batch, tokens], positive"};
            return;
        }
        step.inputShapes.push_back({s[0].get<int64_t>(), s[1].get<int64_t>()});
    }
}

MeasuredStep readStep(const json& j, const std::string& path, std::optional<Error>& err) {
    MeasuredStep step;
    if (!j.is_object()) {
        err = Error{ErrorCode::FieldWrongType, path, "expected an object"};
        return step;
    }
    JsonReader r(j, path, err);
    r.integer("index", step.index, 0, kMaxMeasuredSteps);
    r.integer("forwards", step.forwards, 1, 1 << 20);
    readShapes(r, path, err, step);
    if (auto phases = r.object("phases")) {
        for (Phase p : {Phase::Forward, Phase::Backward, Phase::OptimizerStep}) {
            if (auto b = phases->object(std::string(phaseKey(p)), false))
                step.phases[static_cast<size_t>(p)] = readBoundary(*b);
        }
    }
    return step;
}

void readPeaks(JsonReader& m, MeasuredRun& run) {
    auto peaks = m.object("peaks");
    if (!peaks)
        return;
    peaks->number("allocated_bytes", run.peakAllocated, 0, kMaxBytes, true);
    peaks->number("reserved_bytes", run.peakReserved, 0, kMaxBytes, true);
    peaks->number("active_bytes", run.peakActive, 0, kMaxBytes);
    peaks->number("device_used_bytes", run.peakDeviceUsed, 0, kMaxBytes);
    if (peaks->find("process_used_bytes", false)) {
        double v = 0;
        peaks->number("process_used_bytes", v, 0, kMaxBytes);
        run.peakProcessUsed = v;
    }
}

void readStrings(JsonReader& m, const char* key, std::vector<std::string>& out) {
    const json* a = arrayAt(m, key, 1024, false);
    if (!a)
        return;
    for (const json& s : *a)
        if (s.is_string())
            out.push_back(s.get<std::string>());
}

MeasuredRun readMeasured(JsonReader& m, std::optional<Error>& err) {
    MeasuredRun run;
    std::string format;
    m.string("format", format, true);
    if (!err && format != kMeasuredFormat)
        m.fail(ErrorCode::UnsupportedVersion, "format",
               "\"" + format + "\"; this build reads \"" + std::string(kMeasuredFormat) + "\"");
    m.string("device_name", run.deviceName);
    m.number("device_total_bytes", run.deviceTotal, 0, kMaxBytes);
    m.string("captured_by", run.capturedBy);
    m.string("notes", run.notes);
    m.string("snapshot_file", run.snapshotFile);
    if (auto load = m.object("after_load"))
        run.afterLoad = readBoundary(*load);
    if (const json* steps = arrayAt(m, "steps", kMaxMeasuredSteps, true)) {
        for (size_t i = 0; i < steps->size() && !err; ++i)
            run.steps.push_back(
                readStep((*steps)[i], m.path("steps[" + std::to_string(i) + "]"), err));
    }
    readPeaks(m, run);
    if (auto seg = m.object("segments", false)) {
        seg->integer("count", run.segmentCount, 0, int64_t{1} << 40);
        seg->integer("expandable", run.expandableSegments, 0, int64_t{1} << 40);
    }
    if (auto desc = m.object("description", false))
        desc->string("allocator_conf", run.allocatorConf);
    readStrings(m, "unmodelled", run.unmodelled);
    if (!err && run.steps.empty())
        m.fail(ErrorCode::FieldOutOfRange, "steps", "no step was captured");
    return run;
}

} // namespace

std::vector<int64_t> MeasuredRun::stepLengths() const {
    std::vector<int64_t> out;
    for (const MeasuredStep& s : steps)
        if (!s.inputShapes.empty())
            out.push_back(s.inputShapes.front()[1]);
    return out;
}

std::pair<int64_t, int64_t> MeasuredRun::lengthRange() const {
    const std::vector<int64_t> l = stepLengths();
    if (l.empty())
        return {0, 0};
    const auto [lo, hi] = std::minmax_element(l.begin(), l.end());
    return {*lo, *hi};
}

double MeasuredRun::peak(Metric m) const {
    switch (m) {
    case Metric::Allocated:
        return peakAllocated;
    case Metric::Reserved:
        return peakReserved;
    case Metric::NvidiaSmi:
        return peakProcessUsed.value_or(peakDeviceUsed);
    }
    return 0;
}

Result<MeasuredFile> measuredRunFromJson(std::string_view text) {
    if (auto deep = checkJsonDepth(text, "measured run"))
        return *deep;
    const json root = json::parse(text, nullptr, false);
    if (root.is_discarded())
        return Error{ErrorCode::JsonMalformed, "", "the measured run is not valid JSON"};
    if (!root.is_object())
        return Error{ErrorCode::FieldWrongType, "", "expected a JSON object"};
    std::optional<Error> err;
    JsonReader top(root, "", err);
    MeasuredFile out;
    if (auto m = top.object("measured"))
        out.run = readMeasured(*m, err);
    if (err)
        return *err;
    auto scenario = scenarioFromDocument(root);
    if (!scenario)
        return scenario.error();
    out.scenario = std::move(scenario.value());
    return out;
}

bool looksLikeSnapshot(std::string_view bytes) {
    if (!bytes.empty() && static_cast<unsigned char>(bytes.front()) == 0x80)
        return true;
    const std::string_view head = bytes.substr(0, 4096);
    return head.find("\"measured\"") == std::string_view::npos &&
           (head.find("\"segments\"") != std::string_view::npos ||
            head.find("\"device_traces\"") != std::string_view::npos);
}

Result<MeasuredRun> measuredRunFromSnapshot(const MemorySnapshot& snap) {
    if (!snap.segments && !snap.trace)
        return Error{ErrorCode::FieldMissing, "segments",
                     "the snapshot has neither segments nor a trace"};
    MeasuredRun run;
    run.fromSnapshot = true;
    run.capturedBy = "torch.cuda.memory._dump_snapshot";
    if (snap.segments) {
        run.peakAllocated = static_cast<double>(snap.segments->allocatedBytes);
        run.peakReserved = static_cast<double>(snap.segments->reservedBytes);
        run.segmentCount = snap.segments->segments;
        run.expandableSegments = snap.segments->expandableSegments;
    }
    if (snap.trace) {
        run.peakAllocated = std::max(run.peakAllocated, double(snap.trace->peakLiveBytes));
        run.peakReserved = std::max(run.peakReserved, double(snap.trace->peakReservedBytes));
    }
    run.peakActive = run.peakAllocated;
    if (snap.allocatorSettings && snap.allocatorSettings->allocConf)
        run.allocatorConf = *snap.allocatorSettings->allocConf;
    return run;
}

Result<MeasuredRun> loadSnapshotRun(const std::filesystem::path& file) {
    auto bytes = readTextFile(file, kMaxSnapshotBytes);
    if (!bytes)
        return bytes.error();
    auto snap = readMemorySnapshot(bytes.value());
    if (!snap)
        return snap.error();
    return measuredRunFromSnapshot(snap.value());
}

Result<MeasuredFile> loadMeasuredRun(const std::filesystem::path& file) {
    auto text = readTextFile(file, kMaxMeasuredRunBytes);
    if (!text)
        return text.error();
    return measuredRunFromJson(text.value());
}

} // namespace headroom
