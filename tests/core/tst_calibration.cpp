// Calibration from a measured run (core/plan/calibration.h, issue 15 item 6): the fitted
// fixed overhead, its clamp, the round trip through a scenario file, the OOM rule and bad input.
//
// Every expectation is derived by hand from the documented formula: offset = clamp(M - E, lo,
// hi) with hi = 0.25 E + 2 GiB and lo = -min(0.25 E, T); the calibrated metric at any other
// point = the uncalibrated one there + offset. M is set relative to the engine's own E so the
// rows test the calibration, not the engine's numbers (which other work changes).
#include "core/io/scenario.h"
#include "core/plan/calibration.h"
#include "core/plan/solvers.h"
#include "core/units.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>

using namespace headroom;
using nlohmann::json;

namespace {

/// Llama-3.1-8B LoRA r16, bf16, micro-batch 1 x 2048, one H100 80GB: fits uncalibrated.
Scenario loraScenario() {
    Scenario s = defaultScenario();
    s.workload.finetune = Finetune::LoRA;
    s.workload.microBatch = 1;
    return s;
}

double metricOf(const RankEstimate& r, Metric m) {
    return m == Metric::Allocated ? r.allocated : m == Metric::Reserved ? r.reserved : r.nvidiaSmi;
}

/// The bytes a negative correction may take at the measured point (T in the formula).
double roomOf(const RankEstimate& r, Metric m) {
    auto b = [&](Term t) { return r.atPeak[static_cast<size_t>(t)]; };
    if (m == Metric::Allocated)
        return b(Term::Workspace) + b(Term::Logits) + b(Term::Activations) + b(Term::KvCache);
    return m == Metric::Reserved ? b(Term::AllocatorReserve) : b(Term::CudaContext);
}

Scenario roundTrip(const Scenario& s, const QString& dir) {
    const std::string path = (dir + QStringLiteral("/s.json")).toStdString();
    {
        std::ofstream f(path);
        f << toJson(s);
    }
    auto back = loadScenario(path);
    if (!back)
        qFatal("reload failed: %s", describe(back.error()).c_str());
    return back.value();
}

} // namespace

class TstCalibration : public QObject {
    Q_OBJECT
private slots:
    void fixedOverhead_data();
    void fixedOverhead();
    void oomNeverBecomesFits_data();
    void oomNeverBecomesFits();
    void oomFlagLeavesSmallerPointsAlone();
    void setupChangeStopsApplying();
    void schemaVersions();
    void badMeasurement_data();
    void badMeasurement();
    void measuredJson_data();
    void measuredJson();
    void badCalibrationInFile_data();
    void badCalibrationInFile();
};

void TstCalibration::fixedOverhead_data() {
    QTest::addColumn<int>("metric");
    QTest::addColumn<double>("gapGiB");  // M - E at micro-batch 1
    QTest::addColumn<QString>("expect"); // "gap", "hi" or "lo": which side of the clamp
    QTest::newRow("reserved-above") << int(Metric::Reserved) << 1.5 << "gap";
    QTest::newRow("reserved-below") << int(Metric::Reserved) << -0.75 << "gap";
    QTest::newRow("smi-above") << int(Metric::NvidiaSmi) << 0.6 << "gap";
    QTest::newRow("smi-below") << int(Metric::NvidiaSmi) << -0.25 << "gap";
    QTest::newRow("allocated-above") << int(Metric::Allocated) << 0.4 << "gap";
    QTest::newRow("allocated-below") << int(Metric::Allocated) << -1.25 << "gap";
    QTest::newRow("reserved-clamped-high") << int(Metric::Reserved) << 30.0 << "hi";
    // below the clamp yet above the 15.04 GiB of weights the rank holds (a measurement under
    // them is refused: badMeasurement); the estimate is about 32 GiB
    QTest::newRow("smi-clamped-low") << int(Metric::NvidiaSmi) << -12.0 << "lo";
    QTest::newRow("reserved-clamped-low") << int(Metric::Reserved) << -12.0 << "lo";
}

void TstCalibration::fixedOverhead() {
    QFETCH(int, metric);
    QFETCH(double, gapGiB);
    QFETCH(QString, expect);
    const Metric m = static_cast<Metric>(metric);
    Scenario s = loraScenario();
    const Estimate raw1 = estimate(s.model, s.workload, &s.gpu);
    const double e1 = metricOf(raw1.worst, m);
    // the measurement as the user types it: GiB with 6 decimals (1 KiB resolution)
    const QString typed = QString::number((e1 + gapGiB * kGiB) / kGiB, 'f', 6) + "GiB";
    auto measured = parseMeasuredBytes(typed.toStdString(), "--measured");
    QVERIFY(measured.ok());
    Measurement meas{m, measured.value(), false, CalibrationSource::Manual, {}};
    auto cal = calibrateScenario(s, meas, "2026-11-24T22:00:00Z");
    QVERIFY2(cal.ok(), cal.ok() ? "" : describe(cal.error()).c_str());

    // hand-derived offset from the documented clamp
    const double hi = 0.25 * e1 + 2 * kGiB;
    const double lo = -std::min(0.25 * e1, roomOf(raw1.worst, m));
    const double expected = expect == "hi" ? hi : expect == "lo" ? lo : measured.value() - e1;
    QVERIFY(qAbs(cal->offsetBytes - expected) < 1.0);
    QCOMPARE(cal->clamped, expect != "gap");

    // save, reopen, estimate at the measured point: equals the measurement (unclamped rows)
    s.calibration = cal.value();
    QTemporaryDir dir;
    const Scenario back = roundTrip(s, dir.path());
    const Calibration* active = activeCalibration(back);
    QVERIFY(active);
    QCOMPARE(active->offsetBytes, cal->offsetBytes);
    const Estimate at1 = calibratedEstimate(back.model, back.workload, &back.gpu, active);
    QVERIFY(qAbs(metricOf(at1.worst, m) - (e1 + expected)) < 1.0);
    if (expect == "gap")
        QVERIFY(qAbs(metricOf(at1.worst, m) - measured.value()) < 1.0);

    // at micro-batch 4 the same fixed offset is added to this metric and every metric above it;
    // the metrics below are untouched
    Workload w4 = back.workload;
    w4.microBatch = 4;
    const Estimate raw4 = estimate(back.model, w4, &back.gpu);
    const Estimate cal4 = calibratedEstimate(back.model, w4, &back.gpu, active);
    for (Metric k : {Metric::Allocated, Metric::Reserved, Metric::NvidiaSmi}) {
        const double shift = static_cast<int>(k) >= static_cast<int>(m) ? expected : 0.0;
        QVERIFY2(qAbs(metricOf(cal4.worst, k) - (metricOf(raw4.worst, k) + shift)) < 1.0,
                 qPrintable(QString("metric %1").arg(static_cast<int>(k))));
    }
    // the terms still add up to nvidia-smi and none is negative
    double sum = 0;
    for (double b : cal4.worst.atPeak) {
        QVERIFY(b >= 0);
        sum += b;
    }
    QVERIFY(qAbs(sum - cal4.worst.nvidiaSmi) < 1.0);
    // a calibrated reserved / nvidia-smi is never below the live allocated bytes
    QVERIFY(cal4.worst.reserved >= cal4.worst.allocated);
    QCOMPARE(cal4.headroom,
             cal4.capacity - (cal4.worst.nvidiaSmi - cal4.worst.pageable - cal4.worst.releasable));
}

void TstCalibration::oomNeverBecomesFits_data() {
    QTest::addColumn<QString>("measured"); // "oom" or GiB relative to the capacity
    QTest::addColumn<int>("metric");
    QTest::addColumn<bool>("oomFlag");
    // the estimate says ~35 GiB at micro-batch 1; the run says otherwise
    QTest::newRow("oom-flag") << "oom" << int(Metric::NvidiaSmi) << true;
    QTest::newRow("reserved-at-capacity") << "+0" << int(Metric::Reserved) << false;
    QTest::newRow("reserved-above-capacity") << "+1.5" << int(Metric::Reserved) << false;
    QTest::newRow("allocated-above-capacity") << "+4" << int(Metric::Allocated) << false;
    QTest::newRow("smi-below-capacity-flagged") << "-0.5" << int(Metric::NvidiaSmi) << true;
}

void TstCalibration::oomNeverBecomesFits() {
    QFETCH(QString, measured);
    QFETCH(int, metric);
    QFETCH(bool, oomFlag);
    Scenario s = loraScenario();
    QVERIFY(estimate(s.model, s.workload, &s.gpu).fits); // the engine alone says it fits
    Measurement meas;
    meas.metric = static_cast<Metric>(metric);
    meas.oom = oomFlag;
    if (measured != "oom")
        meas.bytes = s.gpu.bytes() + measured.toDouble() * kGiB;
    auto cal = calibrateScenario(s, meas, "2026-11-24T22:00:00Z");
    QVERIFY2(cal.ok(), cal.ok() ? "" : describe(cal.error()).c_str());
    QVERIFY(cal->oomRun());
    s.calibration = cal.value();
    QTemporaryDir dir;
    const Scenario back = roundTrip(s, dir.path());
    const Calibration* active = activeCalibration(back);
    QVERIFY(active);
    // at the measured point and at every larger micro-batch or sequence: OOM
    for (auto [mb, seq] : {std::pair<int64_t, int64_t>{1, 2048}, {2, 2048}, {1, 4096}, {8, 8192}}) {
        Workload w = back.workload;
        w.microBatch = mb;
        w.sequenceLength = seq;
        const Estimate e = calibratedEstimate(back.model, w, &back.gpu, active);
        QVERIFY2(!e.fits, qPrintable(QString("mb %1 seq %2").arg(mb).arg(seq)));
        QVERIFY(e.headroom < 0);
    }
    // the solvers agree: nothing fits at this sequence length
    QCOMPARE(maxMicroBatch(back.model, back.workload, back.gpu, 1 << 20, active), int64_t{0});
}

void TstCalibration::oomFlagLeavesSmallerPointsAlone() {
    // "oom" alone fits the least overhead that makes the measured point OOM:
    // offset = uncalibrated headroom + 1 MiB, so the calibrated headroom there is -1 MiB
    Scenario s = loraScenario();
    s.workload.microBatch = 3; // close enough to the capacity that the offset is not clamped
    const Estimate raw = estimate(s.model, s.workload, &s.gpu);
    QVERIFY(raw.fits);
    QVERIFY(raw.headroom + kMiB < 0.25 * raw.worst.nvidiaSmi + 2 * kGiB);
    Measurement meas;
    meas.oom = true;
    auto cal = calibrateScenario(s, meas, "");
    QVERIFY(cal.ok());
    QCOMPARE(cal->measured.metric, Metric::NvidiaSmi);
    QVERIFY(qAbs(cal->offsetBytes - (raw.headroom + kMiB)) < 1.0);
    s.calibration = cal.value();
    const Estimate at = calibratedEstimate(s.model, s.workload, &s.gpu, &*s.calibration);
    QVERIFY(!at.fits);
    // half the sequence is not "at least as large": the verdict comes from the offset alone
    Workload half = s.workload;
    half.sequenceLength = 1024;
    const Estimate rawHalf = estimate(s.model, half, &s.gpu);
    const Estimate calHalf = calibratedEstimate(s.model, half, &s.gpu, &*s.calibration);
    QVERIFY(qAbs(calHalf.headroom - (rawHalf.headroom - cal->offsetBytes)) < 1.0);
    QCOMPARE(calHalf.fits, calHalf.headroom >= 0);
}

void TstCalibration::setupChangeStopsApplying() {
    Scenario s = loraScenario();
    Measurement meas{Metric::Reserved, 40 * kGiB, false, CalibrationSource::Manual, {}};
    auto cal = calibrateScenario(s, meas, "");
    QVERIFY(cal.ok());
    s.calibration = cal.value();
    QVERIFY(activeCalibration(s));
    Scenario moved = s; // micro-batch and sequence length are what a calibration carries across
    moved.workload.microBatch = 6;
    moved.workload.sequenceLength = 1024;
    moved.workload.gradAccumulation = 8;
    QVERIFY(activeCalibration(moved));
    Scenario other = s;
    other.workload.finetune = Finetune::Full;
    QVERIFY(!activeCalibration(other));
    Scenario otherGpu = s;
    otherGpu.gpu.memoryMiB = 40960;
    QVERIFY(!activeCalibration(otherGpu));
    // a key the stored setup lacks (a later version's field) is not compared
    json stored = json::parse(s.calibration->setup);
    stored["workload"].erase("attention");
    Scenario older = s;
    older.calibration->setup = stored.dump();
    older.workload.attention = AttentionImpl::Eager;
    QVERIFY(activeCalibration(older));
}

void TstCalibration::schemaVersions() {
    Scenario s = loraScenario();
    // without a calibration the file stays version 1 (older builds open it)
    QCOMPARE(json::parse(toJson(s))["schema_version"].get<int>(), 1);
    auto cal = calibrateScenario(
        s, Measurement{Metric::Reserved, 40 * kGiB, false, CalibrationSource::Manual, {}}, "d");
    QVERIFY(cal.ok());
    s.calibration = cal.value();
    json j = json::parse(toJson(s));
    QCOMPARE(j["schema_version"].get<int>(), 2);
    QCOMPARE(j["calibration"]["metric"].get<std::string>(), std::string("reserved"));
    QCOMPARE(j["calibration"]["correction"].get<std::string>(), std::string("fixed_overhead"));
    // a version-1 file (written before calibrations existed) opens without one
    j["schema_version"] = 1;
    auto v1 = scenarioFromJson(j.dump());
    QVERIFY(v1.ok());
    QVERIFY(!v1->calibration);
    j["schema_version"] = 2;
    auto v2 = scenarioFromJson(j.dump());
    QVERIFY(v2.ok());
    QVERIFY(v2->calibration);
    QCOMPARE(v2->calibration->date, std::string("d"));
    j["schema_version"] = 3;
    auto v3 = scenarioFromJson(j.dump());
    QVERIFY(!v3.ok());
    QCOMPARE(v3.error().code, ErrorCode::UnsupportedVersion);
}

void TstCalibration::badMeasurement_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("code");
    QTest::newRow("nan") << "nanGiB" << int(ErrorCode::FieldNotFinite);
    QTest::newRow("inf") << "inf GB" << int(ErrorCode::FieldNotFinite);
    QTest::newRow("negative") << "-5GiB" << int(ErrorCode::FieldOutOfRange);
    QTest::newRow("zero") << "0GiB" << int(ErrorCode::FieldOutOfRange);
    QTest::newRow("huge") << "2000000TB" << int(ErrorCode::FieldOutOfRange);
    QTest::newRow("overflow") << "1e400GiB" << int(ErrorCode::FieldOutOfRange);
    QTest::newRow("no-unit") << "61.2" << int(ErrorCode::UnknownValue);
    QTest::newRow("unknown-unit") << "61.2 parsecs" << int(ErrorCode::UnknownValue);
    QTest::newRow("not-a-number") << "lots" << int(ErrorCode::FieldWrongType);
    QTest::newRow("empty") << "" << int(ErrorCode::FieldWrongType);
}

void TstCalibration::badMeasurement() {
    QFETCH(QString, text);
    QFETCH(int, code);
    auto r = parseMeasuredBytes(text.toStdString(), "--measured");
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().code), code);
    QCOMPARE(QString::fromStdString(r.error().field), QStringLiteral("--measured"));
    // the units are labelled: GB = 1e9, GiB = 2^30, MiB = 2^20
    QCOMPARE(parseMeasuredBytes("61.2GiB", "m").value(), 61.2 * kGiB);
    QCOMPARE(parseMeasuredBytes("64 GB", "m").value(), 64e9);
    QCOMPARE(parseMeasuredBytes("512MiB", "m").value(), 512 * kMiB);
    // and fitCalibration itself refuses what the parser would
    Scenario s = loraScenario();
    for (double b : {-1.0, 0.0, std::nan(""), 1e16}) {
        auto c = fitCalibration(s.model, s.workload, s.gpu,
                                Measurement{Metric::Reserved, b, false, {}, {}}, "");
        QVERIFY(!c.ok());
        QCOMPARE(QString::fromStdString(c.error().field), QStringLiteral("measured"));
    }
    // A peak below the weights the rank holds cannot be of this run: the LoRA scenario's
    // Llama-3.1-8B holds 8.03e9 bf16 weights = 16.06e9 bytes (+ adapters) on its one GPU, so
    // 1e-300 GiB, 1 MiB and 15 GB are refused, not clamped into a correction.
    for (double b : {parseMeasuredBytes("1e-300GiB", "m").value(), double(kMiB), 15e9}) {
        auto c = fitCalibration(s.model, s.workload, s.gpu,
                                Measurement{Metric::Reserved, b, false, {}, {}}, "");
        QVERIFY2(!c.ok(), qPrintable(QString::number(b)));
        QCOMPARE(int(c.error().code), int(ErrorCode::FieldOutOfRange));
        QCOMPARE(QString::fromStdString(c.error().field), QStringLiteral("measured"));
    }
    QVERIFY(fitCalibration(s.model, s.workload, s.gpu,
                           Measurement{Metric::Reserved, 17e9, false, {}, {}}, "")
                .ok());
}

void TstCalibration::measuredJson_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("metric");
    QTest::addColumn<double>("bytes"); // < 0: an error naming `field`
    QTest::addColumn<QString>("field");
    QTest::newRow("torch-reserved")
        << R"({"allocated_bytes.all.peak": 30000000000, "reserved_bytes.all.peak": 34000000000})"
        << int(Metric::Reserved) << 34e9 << "";
    QTest::newRow("torch-allocated")
        << R"({"allocated_bytes.all.peak": 30000000000, "reserved_bytes.all.peak": 34000000000})"
        << int(Metric::Allocated) << 30e9 << "";
    QTest::newRow("torch-no-smi") << R"({"allocated_bytes.all.peak": 3e10})"
                                  << int(Metric::NvidiaSmi) << -1.0 << "metric";
    QTest::newRow("torch-missing") << R"({"allocated_bytes.all.peak": 3e10})"
                                   << int(Metric::Reserved) << -1.0 << "reserved_bytes.all.peak";
    QTest::newRow("torch-negative") << R"({"reserved_bytes.all.peak": -3})" << int(Metric::Reserved)
                                    << -1.0 << "reserved_bytes.all.peak";
    QTest::newRow("torch-string") << R"({"reserved_bytes.all.peak": "34 GB"})"
                                  << int(Metric::Reserved) << -1.0 << "reserved_bytes.all.peak";
    QTest::newRow("measure-stdout")
        << R"({"allocated": 3e10, "reserved": 3.4e10, "nvidia_smi": 3.5e10})"
        << int(Metric::NvidiaSmi) << 3.5e10 << "";
    QTest::newRow("measure-records")
        << R"([{"id": "a-A", "micro_batch_size": 1, "sequence_length": 2048,
                "measured": {"metric": "allocated", "bytes": 3e10}},
               {"id": "a-R", "micro_batch_size": 1, "sequence_length": 2048,
                "measured": {"metric": "reserved", "bytes": 3.4e10}}])"
        << int(Metric::Reserved) << 3.4e10 << "";
    QTest::newRow("records-other-batch")
        << R"([{"micro_batch_size": 8, "measured": {"metric": "reserved", "bytes": 3.4e10}}])"
        << int(Metric::Reserved) << -1.0 << "micro_batch_size";
    QTest::newRow("records-two-runs") << R"([{"measured": {"metric": "reserved", "bytes": 3.4e10}},
               {"measured": {"metric": "reserved", "bytes": 3.5e10}}])"
                                      << int(Metric::Reserved) << -1.0 << "measured.metric";
    QTest::newRow("records-zero") << R"([{"measured": {"metric": "reserved", "bytes": 0}}])"
                                  << int(Metric::Reserved) << -1.0 << "measured.bytes";
    QTest::newRow("not-json") << "{" << int(Metric::Reserved) << -1.0 << "measured_json";
    // valid JSON 100,000 arrays deep: refused by the depth limit (kMaxJsonDepth) before a DOM
    // is built, naming the document (failed before: parsed, then an error naming "[0].measured")
    QTest::newRow("deep-arrays") << QString(100000, '[') + QString(100000, ']')
                                 << int(Metric::Reserved) << -1.0 << "measured_json";
}

void TstCalibration::measuredJson() {
    QFETCH(QString, text);
    QFETCH(int, metric);
    QFETCH(double, bytes);
    QFETCH(QString, field);
    const Scenario s = loraScenario();
    auto m = measurementFromJson(text.toStdString(), static_cast<Metric>(metric), s.workload);
    if (bytes < 0) {
        QVERIFY(!m.ok());
        QCOMPARE(QString::fromStdString(m.error().field), field);
        return;
    }
    QVERIFY2(m.ok(), m.ok() ? "" : describe(m.error()).c_str());
    QCOMPARE(m->bytes, bytes);
    QCOMPARE(int(m->metric), metric);
}

void TstCalibration::badCalibrationInFile_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value"); // JSON
    QTest::addColumn<int>("code");
    QTest::newRow("unknown-metric") << "metric"
                                    << R"("vram")" << int(ErrorCode::UnknownValue);
    QTest::newRow("negative-measured") << "measured_bytes"
                                       << "-1" << int(ErrorCode::FieldOutOfRange);
    QTest::newRow("offset-beyond-clamp") << "offset_bytes"
                                         << "1e14" << int(ErrorCode::FieldOutOfRange);
    QTest::newRow("offset-below-clamp") << "offset_bytes"
                                        << "-1e14" << int(ErrorCode::FieldOutOfRange);
    QTest::newRow("missing-offset") << "offset_bytes"
                                    << "null" << int(ErrorCode::FieldMissing);
    QTest::newRow("zero-batch") << "micro_batch_size"
                                << "0" << int(ErrorCode::FieldOutOfRange);
    QTest::newRow("setup-not-object") << "setup"
                                      << "[]" << int(ErrorCode::FieldWrongType);
    QTest::newRow("unknown-correction") << "correction"
                                        << R"("allocator_share")" << int(ErrorCode::UnknownValue);
}

void TstCalibration::badCalibrationInFile() {
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(int, code);
    Scenario s = loraScenario();
    auto cal = calibrateScenario(
        s, Measurement{Metric::Reserved, 36 * kGiB, false, CalibrationSource::Manual, {}}, "");
    QVERIFY(cal.ok());
    s.calibration = cal.value();
    json j = json::parse(toJson(s));
    j["calibration"][key.toStdString()] = json::parse(value.toStdString());
    auto r = scenarioFromJson(j.dump());
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().code), code);
    QCOMPARE(QString::fromStdString(r.error().field), "calibration." + key);
}

QTEST_APPLESS_MAIN(TstCalibration)
#include "tst_calibration.moc"
