#include "core/plan/calibration.h"
#include "core/units.h"

#include "core/text_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <vector>

namespace headroom {

using nlohmann::json;

namespace {} // namespace

/// nvidia-smi: the context (nvidia-smi - reserved); reserved: the allocator reserve
/// (reserved - allocated); allocated: the transient live bytes (workspace, logits, activations,
/// KV cache), never the weights and states a run must hold.
std::vector<Term> calibrationTerms(Metric m) {
    switch (m) {
    case Metric::Allocated:
        return {Term::Workspace, Term::Logits, Term::Activations, Term::KvCache};
    case Metric::Reserved:
        return {Term::AllocatorReserve};
    case Metric::NvidiaSmi:
        return {Term::CudaContext};
    }
    return {Term::CudaContext};
}

namespace {

/// Bytes a negative correction can take from @p r (the sum of calibrationTerms).
double room(const RankEstimate& r, Metric m) {
    double sum = 0;
    for (Term t : calibrationTerms(m))
        sum += r.atPeak[static_cast<size_t>(t)];
    return sum;
}

double metricOf(const RankEstimate& r, Metric m) {
    switch (m) {
    case Metric::Allocated:
        return r.allocated;
    case Metric::Reserved:
        return r.reserved;
    case Metric::NvidiaSmi:
        return r.nvidiaSmi;
    }
    return r.nvidiaSmi;
}

/// Adds @p offset to @p m's terms and to @p m and the metrics above it, never taking more than
/// the terms hold. Returns the offset actually added.
double shiftRank(RankEstimate& r, Metric m, double offset) {
    const std::vector<Term> terms = calibrationTerms(m);
    double added = offset;
    if (offset >= 0) {
        r.atPeak[static_cast<size_t>(terms.front())] += offset;
    } else {
        double left = std::min(-offset, room(r, m));
        added = -left;
        for (Term t : terms) {
            double& b = r.atPeak[static_cast<size_t>(t)];
            const double take = std::min(b, left);
            b -= take;
            left -= take;
        }
    }
    if (m == Metric::Allocated)
        r.allocated += added;
    if (m != Metric::NvidiaSmi)
        r.reserved += added;
    r.nvidiaSmi += added;
    return added;
}

Error measuredError(ErrorCode c, std::string_view field, std::string detail) {
    return Error{c, std::string(field), std::move(detail)};
}

/// A measured byte count: finite, positive, at most kMaxMeasuredBytes.
std::optional<Error> checkBytes(double b, std::string_view field) {
    if (!std::isfinite(b))
        return measuredError(ErrorCode::FieldNotFinite, field, "must be finite");
    if (b <= 0 || b > kMaxMeasuredBytes) {
        std::ostringstream os;
        os << "must be > 0 and at most 1e15 bytes (got " << b << ")";
        return measuredError(ErrorCode::FieldOutOfRange, field, os.str());
    }
    return std::nullopt;
}

/// A number in a JSON object, as bytes, checked; field = the key.
Result<double> bytesAt(const json& obj, const std::string& key) {
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return Error{ErrorCode::FieldMissing, key, ""};
    if (!it->is_number())
        return Error{ErrorCode::FieldWrongType, key, "expected a number of bytes"};
    const double b = it->get<double>();
    if (auto e = checkBytes(b, key))
        return *e;
    return b;
}

/// One tools/measure record for @p metric out of an array of records.
Result<Measurement> fromRecords(const json& arr, Metric metric, const Workload& w) {
    const std::string want(metricKey(metric));
    const json* found = nullptr;
    for (const json& r : arr) {
        if (!r.is_object() || !r.contains("measured") || !r["measured"].is_object())
            continue;
        const json& m = r["measured"];
        if (m.value("metric", std::string()) != want)
            continue;
        if (found)
            return Error{ErrorCode::FieldOutOfRange, "measured.metric",
                         "more than one record measures " + want + "; give a file of one run"};
        found = &r;
    }
    if (!found)
        return Error{ErrorCode::FieldMissing, "measured.metric", "no record measures " + want};
    const auto [batch, seq] = calibrationPoint(w);
    for (const auto& [key, value] :
         {std::pair{"micro_batch_size", batch}, std::pair{"sequence_length", seq}}) {
        auto it = found->find(key);
        if (it != found->end() && it->is_number_integer() && it->get<int64_t>() != value)
            return Error{ErrorCode::FieldOutOfRange, key,
                         "the record was measured at " + it->dump() + ", the scenario is at " +
                             std::to_string(value)};
    }
    auto b = bytesAt((*found)["measured"], "bytes");
    if (!b)
        return Error{b.error().code, "measured." + b.error().field, b.error().detail};
    return Measurement{metric, b.value(), false, CalibrationSource::ToolsMeasure, {}};
}

} // namespace

std::string_view calibrationSourceKey(CalibrationSource s) {
    switch (s) {
    case CalibrationSource::Manual:
        return "manual";
    case CalibrationSource::TorchStats:
        return "torch_memory_stats";
    case CalibrationSource::ToolsMeasure:
        return "tools_measure";
    case CalibrationSource::Capture:
        return "headroom_capture";
    }
    return "manual";
}

std::optional<CalibrationSource> parseCalibrationSource(std::string_view key) {
    for (auto s : {CalibrationSource::Manual, CalibrationSource::TorchStats,
                   CalibrationSource::ToolsMeasure, CalibrationSource::Capture})
        if (calibrationSourceKey(s) == key)
            return s;
    return std::nullopt;
}

std::optional<Metric> parseMetric(std::string_view key) {
    if (key == "allocated")
        return Metric::Allocated;
    if (key == "reserved")
        return Metric::Reserved;
    if (key == "nvidia-smi" || key == "nvidia_smi")
        return Metric::NvidiaSmi;
    return std::nullopt;
}

Result<double> parseMeasuredBytes(std::string_view text, std::string_view field) {
    std::string s(text);
    s.erase(std::remove_if(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c); }),
            s.end());
    size_t i = 0;
    while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.' ||
                            s[i] == 'e' || s[i] == 'E' || s[i] == '-' || s[i] == '+'))
        ++i;
    // "1e9" ends in a digit; a unit such as "EB" is not accepted, so a trailing 'e'/'E' is
    // part of the unit only when the number part would otherwise end in it
    while (i > 0 && (s[i - 1] == 'e' || s[i - 1] == 'E'))
        --i;
    std::string unit = s.substr(i);
    std::transform(unit.begin(), unit.end(), unit.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const std::string number = s.substr(0, i);
    if (number == "nan" || unit == "nan" || unit.starts_with("nan") || unit.starts_with("inf"))
        return measuredError(ErrorCode::FieldNotFinite, field, "must be finite");
    double x = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), x);
    if (ec == std::errc::result_out_of_range)
        return measuredError(ErrorCode::FieldOutOfRange, field, "must be at most 1e15 bytes");
    if (number.empty() || ec != std::errc() || end != number.data() + number.size())
        return measuredError(ErrorCode::FieldWrongType, field,
                             "expected a size such as 61.2GiB or 64GB (got '" + std::string(text) +
                                 "')");
    static const std::pair<const char*, double> kUnits[] = {
        {"b", 1},        {"kb", 1e3},   {"mb", 1e6},   {"gb", 1e9},  {"tb", 1e12},
        {"kib", 1024.0}, {"mib", kMiB}, {"gib", kGiB}, {"tib", kTiB}};
    for (const auto& [name, scale] : kUnits) {
        if (unit == name) {
            const double bytes = x * scale;
            if (auto e = checkBytes(bytes, field))
                return *e;
            return bytes;
        }
    }
    return measuredError(ErrorCode::UnknownValue, field,
                         unit.empty() ? "give a unit: GB (1e9 bytes) or GiB (2^30 bytes)"
                                      : "unknown unit '" + unit +
                                            "' (B, KB, MB, GB, TB, KiB, "
                                            "MiB, GiB, TiB)");
}

Result<Measurement> measurementFromJson(std::string_view text, Metric metric, const Workload& w) {
    if (auto deep = checkJsonDepth(text, "measured_json"))
        return *deep;
    const json root = json::parse(text, nullptr, false);
    if (root.is_discarded())
        return Error{ErrorCode::JsonMalformed, "measured_json", "not valid JSON"};
    if (root.is_array())
        return fromRecords(root, metric, w);
    if (!root.is_object())
        return Error{ErrorCode::FieldWrongType, "measured_json", "expected a JSON object"};
    const bool torch =
        root.contains("allocated_bytes.all.peak") || root.contains("reserved_bytes.all.peak");
    if (torch) {
        if (metric == Metric::NvidiaSmi)
            return Error{ErrorCode::FieldMissing, "metric",
                         "torch.cuda.memory_stats() has no nvidia-smi reading; use allocated "
                         "or reserved"};
        const std::string key =
            metric == Metric::Allocated ? "allocated_bytes.all.peak" : "reserved_bytes.all.peak";
        auto b = bytesAt(root, key);
        if (!b)
            return b.error();
        return Measurement{metric, b.value(), false, CalibrationSource::TorchStats, {}};
    }
    if (root.contains("records") && root["records"].is_array())
        return fromRecords(root["records"], metric, w);
    const std::string key(metricKey(metric));
    auto b = bytesAt(root, key);
    if (!b)
        return b.error();
    return Measurement{metric, b.value(), false, CalibrationSource::ToolsMeasure, {}};
}

std::pair<int64_t, int64_t> calibrationPoint(const Workload& w) {
    if (w.mode == Mode::Inference)
        return {w.microBatch, inferenceContext(w)};
    return {w.microBatch, w.sequenceLength};
}

Result<Calibration> fitCalibration(const ModelArch& m, const Workload& w, const GpuSpec& gpu,
                                   const Measurement& meas, std::string date) {
    const bool haveGpu = gpu.memoryMiB > 0;
    if (meas.oom && meas.bytes == 0 && !haveGpu)
        return Error{ErrorCode::FieldMissing, "gpu", "an out-of-memory run needs the GPU's memory"};
    if (!(meas.oom && meas.bytes == 0))
        if (auto e = checkBytes(meas.bytes, "measured"))
            return *e;
    const Estimate raw = estimate(m, w, haveGpu ? &gpu : nullptr);
    // Every metric of a run includes the weights its rank holds from load to the end: a peak
    // below them was not measured on this run (or the scenario does not describe it). A fit to
    // it would only pull the estimate down to the clamp, whatever the run really needed.
    const double weights = raw.worst.atPeak[static_cast<std::size_t>(Term::Weights)];
    if (!(meas.oom && meas.bytes == 0) && meas.bytes < weights) {
        std::ostringstream os;
        os << std::fixed << std::setprecision(2) << "below the " << weights / kGiB
           << " GiB of weights the scenario's rank holds (got " << std::setprecision(6)
           << std::defaultfloat << meas.bytes / kGiB
           << " GiB): check the unit and that the scenario describes the measured run";
        return measuredError(ErrorCode::FieldOutOfRange, "measured", os.str());
    }
    Calibration c;
    c.measured = meas;
    std::tie(c.microBatch, c.sequenceLength) = calibrationPoint(w);
    c.date = std::move(date);
    if (meas.oom && meas.bytes == 0) {
        // only "it ran out" is known: the least fixed overhead that makes this point OOM
        c.measured.metric = Metric::NvidiaSmi;
        c.rawOffsetBytes = std::max(0.0, raw.headroom + kMiB);
    } else {
        c.measured.oom = meas.oom || (haveGpu && meas.bytes >= raw.capacity);
        c.rawOffsetBytes = meas.bytes - metricOf(raw.worst, meas.metric);
    }
    const Metric metric = c.measured.metric;
    c.estimatedBytes = metricOf(raw.worst, metric);
    const double term = room(raw.worst, metric);
    const double hi = kCalibrationRelativeBound * c.estimatedBytes + kCalibrationFixedBound;
    const double lo = -std::min(kCalibrationRelativeBound * c.estimatedBytes, term);
    c.offsetBytes = std::clamp(c.rawOffsetBytes, lo, hi);
    c.clamped = c.offsetBytes != c.rawOffsetBytes;
    return c;
}

CalibrationEffect applyCalibration(Estimate& e, const Calibration& c, const Workload& w) {
    CalibrationEffect fx;
    const Metric metric = c.measured.metric;
    for (RankEstimate& r : e.stages)
        shiftRank(r, metric, c.offsetBytes);
    fx.offsetBytes = shiftRank(e.worst, metric, c.offsetBytes);
    for (const RankEstimate& r : e.stages)
        if (r.nvidiaSmi > e.worst.nvidiaSmi)
            e.worst = r;
    if (e.capacity <= 0)
        return fx;
    decideFit(e);
    const auto [batch, seq] = calibrationPoint(w);
    if (c.oomRun() && batch >= c.microBatch && seq >= c.sequenceLength) {
        fx.forcedOom = e.fits;
        e.fits = false;
        // OOM by at least what the measurement says (or by a byte when only the flag is known)
        const double over = c.measured.bytes > 0 ? e.capacity - c.measured.bytes : 0.0;
        e.headroom = std::min({e.headroom, over, -1.0});
    }
    return fx;
}

Estimate calibratedEstimate(const ModelArch& m, const Workload& w, const GpuSpec* gpu,
                            const Calibration* c) {
    Estimate e = estimate(m, w, gpu);
    if (c)
        applyCalibration(e, *c, w);
    return e;
}

void applyPlanTarget(Estimate& e, const Band& b, const Workload& w) {
    if (!w.planAgainstBandHigh || e.capacity <= 0)
        return;
    e.headroom = std::min(e.headroom, e.capacity - b.verdictHigh);
    e.fits = e.fits && b.verdictHigh <= e.capacity;
}

Estimate plannedEstimate(const ModelArch& m, const Workload& w, const GpuSpec* gpu,
                         const Calibration* c) {
    if (!w.planAgainstBandHigh || !gpu)
        return calibratedEstimate(m, w, gpu, c);
    return plannedRun(m, w, gpu, c).estimate;
}

PlannedRun plannedRun(const ModelArch& m, const Workload& w, const GpuSpec* gpu,
                      const Calibration* c) {
    const Estimate raw = estimate(m, w, gpu); // the band's point (its precondition)
    PlannedRun r{raw, estimateBand(m, w, gpu, raw)};
    if (c) { // the calibration moves the point, and the band with it
        applyCalibration(r.estimate, *c, w);
        shiftBand(r.band, r.estimate.worst);
    }
    applyPlanTarget(r.estimate, r.band, w);
    return r;
}

} // namespace headroom
