// PyTorch memory snapshots (core/measured): the data-only pickle reader and the snapshot
// summary. The fixtures (tests/data/snapshots, README.md there) are synthetic, shaped like
// torch.cuda.memory._snapshot(); every expected number is a hand sum written in
// make_fixtures.py's comments. Hostile inputs are built byte by byte here (hex); nothing is ever
// unpickled by Python.

#include "core/measured/memory_snapshot.h"
#include "core/measured/pickle_reader.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <iterator>

using namespace headroom;
using json = nlohmann::json;

namespace {

QByteArray fixture(const char* name) {
    std::ifstream in(std::string(HEADROOM_SOURCE_DIR) + "/tests/data/snapshots/" + name,
                     std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), {}};
    return QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size()));
}

std::string_view view(const QByteArray& b) {
    return {b.constData(), static_cast<size_t>(b.size())};
}

/// Bytes from hex; spaces between the bytes are skipped.
QByteArray hex(const char* h) {
    return QByteArray::fromHex(h);
}

/// The JSON fixture with one change made by @p edit.
template <class Edit> QByteArray editedJson(Edit edit) {
    json j = json::parse(view(fixture("snapshot.json")));
    edit(j);
    return QByteArray::fromStdString(j.dump());
}

void addFixtureRows() {
    QTest::newRow("pickle-protocol-2") << fixture("snapshot_p2.pickle") << 0;
    QTest::newRow("pickle-protocol-4") << fixture("snapshot_p4.pickle") << 0;
    QTest::newRow("pickle-protocol-5") << fixture("snapshot_p5.pickle") << 0;
    QTest::newRow("json") << fixture("snapshot.json") << 1;
}

// Rows of pickleRejects: truncated input, each at a known opcode.
void addTruncatedRows() {
    const int bad = static_cast<int>(ErrorCode::HeaderMalformed);
    const QByteArray p2 = fixture("snapshot_p2.pickle");
    const qsizetype str = p2.indexOf("total_size"); // BINUNICODE's argument begins 5 bytes before
    QTest::newRow("empty-input") << QByteArray() << bad << "pickle"
                                 << "at byte 0: empty" << 0LL;
    QTest::newRow("truncated-after-proto") << hex("80") << bad << "PROTO"
                                           << "at byte 0: trunc" << 0LL;
    QTest::newRow("truncated-binint") << hex("8002 4a0102") << bad << "BININT"
                                      << "at byte 2: truncated" << 0LL;
    QTest::newRow("truncated-long1") << hex("8002 8a06 0000") << bad << "LONG1"
                                     << "at byte 2: truncated" << 0LL;
    QTest::newRow("truncated-frame") << fixture("snapshot_p4.pickle").left(5) << bad << "FRAME"
                                     << "at byte 2: truncated" << 0LL;
    QTest::newRow("truncated-fixture-mid-string")
        << p2.left(str + 3) << bad << "BINUNICODE"
        << QString("at byte %1: truncated: a string that claims 10 bytes, 3 left").arg(str - 5)
        << 0LL;
    QTest::newRow("truncated-fixture-before-stop") << p2.chopped(1) << bad << "STOP"
                                                   << "ends without STOP" << 0LL;
}

// Rows of pickleRejects: opcodes outside the data subset, refused when read.
void addRefusedOpcodeRows() {
    const int bad = static_cast<int>(ErrorCode::HeaderMalformed);
    QTest::newRow("global-reduce-os-system")
        << hex("8002 63 6f730a73797374656d0a 7100 5806000000 6563686f2078 7101 85 7102 52 "
               "7103 2e")
        << bad << "GLOBAL"
        << "at byte 2: GLOBAL (0x63) imports a module attribute" << 0LL;
    QTest::newRow("global-reduce-protocol-0")
        << QByteArray("cos\nsystem\n(S'echo x'\ntR.") << bad << "GLOBAL"
        << "at byte 0:" << 0LL;
    QTest::newRow("stack-global")
        << hex("8004 8c02 6f73 94 8c06 73797374656d 94 93 94 8c06 6563686f2078 94 85 94 52 94 2e")
        << bad << "STACK_GLOBAL"
        << "at byte 16:" << 0LL;
    QTest::newRow("reduce") << hex("8002 29 29 52 2e") << bad << "REDUCE"
                            << "at byte 4: REDUCE" << 0LL;
    QTest::newRow("build") << hex("8002 7d 7100 7d 62 2e") << bad << "BUILD"
                           << "at byte 6: BUILD (0x62) builds" << 0LL;
    QTest::newRow("persid") << QByteArray("Pfoo\n.") << bad << "PERSID"
                            << "at byte 0: PERSID" << 0LL;
    QTest::newRow("binpersid") << hex("8002 5803000000 666f6f 51 2e") << bad << "BINPERSID"
                               << "at byte 10:" << 0LL;
    QTest::newRow("ext1") << hex("8002 8201 2e") << bad << "EXT1"
                          << "extension registry" << 0LL;
    QTest::newRow("short-binbytes") << hex("8003 4303 616263 2e") << bad << "SHORT_BINBYTES"
                                    << "is bytes" << 0LL;
    QTest::newRow("next-buffer") << hex("8005 97 2e") << bad << "NEXT_BUFFER"
                                 << "buffer" << 0LL;
    QTest::newRow("unknown-opcode") << hex("8002 ff") << bad << "opcode 0xff"
                                    << "at byte 2: not a pickle opcode" << 0LL;
}

// Rows of pickleRejects: malformed structure (keys, stack, MARKs, STOP, cycles, strings).
void addStructureRows() {
    const int bad = static_cast<int>(ErrorCode::HeaderMalformed);
    QTest::newRow("dict-list-key") << hex("8002 7d 5d 4b01 73 2e") << bad << "SETITEM"
                                   << "at byte 6: a dict key is a list" << 0LL;
    QTest::newRow("dict-none-key") << hex("8002 7d 28 4e 4b01 75 2e") << bad << "SETITEMS"
                                   << "a dict key is a None" << 0LL;
    QTest::newRow("trailing-bytes") << hex("8002 4e 2e 6a756e6b") << bad << "STOP"
                                    << "at byte 3: 4 bytes after STOP" << 0LL;
    QTest::newRow("missing-stop") << hex("8002 4e") << bad << "STOP"
                                  << "at byte 3: the input ends without STOP" << 0LL;
    QTest::newRow("stop-two-values") << hex("8002 4e 4e 2e") << bad << "STOP"
                                     << "2 values on the stack" << 0LL;
    QTest::newRow("stop-open-mark") << hex("8002 28 4e 2e") << bad << "STOP"
                                    << "MARK still open" << 0LL;
    QTest::newRow("stack-underflow-append") << hex("8002 61 2e") << bad << "APPEND"
                                            << "stack underflow" << 0LL;
    QTest::newRow("setitems-without-mark") << hex("8002 7d 4e 4e 75 2e") << bad << "SETITEMS"
                                           << "no open MARK" << 0LL;
    QTest::newRow("append-to-tuple") << hex("8002 29 4e 61 2e") << bad << "APPEND"
                                     << "adds to a tuple, expected a list" << 0LL;
    QTest::newRow("list-contains-itself") << hex("8002 5d 7100 6800 61 2e") << bad << "STOP"
                                          << "a list that contains itself" << 0LL;
    QTest::newRow("float-nan") << hex("8002 47 7ff8000000000000 2e")
                               << static_cast<int>(ErrorCode::FieldNotFinite) << "BINFLOAT"
                               << "at byte 2:" << 0LL;
    QTest::newRow("protocol-6") << hex("8006 4e 2e")
                                << static_cast<int>(ErrorCode::UnsupportedVersion) << "PROTO"
                                << "protocol 6" << 0LL;
    QTest::newRow("string-not-utf8") << hex("8002 5802000000 fffe 2e") << bad << "BINUNICODE"
                                     << "not UTF-8 (its byte 0)" << 0LL;
    QTest::newRow("string-utf8-surrogate")
        << hex("8004 8c03 eda080 2e") << bad << "SHORT_BINUNICODE"
        << "not UTF-8" << 0LL;
}

// Rows of pickleRejects: nesting, sizes and the result's size against PickleLimits.
void addLimitRows() {
    const int range = static_cast<int>(ErrorCode::FieldOutOfRange);
    const int bad = static_cast<int>(ErrorCode::HeaderMalformed);
    // 100,000 nested lists: the 256th APPEND (byte 2 + 100,000 + 255) would make depth 257
    QTest::newRow("deep-list-100000")
        << hex("8002") + QByteArray(100000, ']') + QByteArray(99999, 'a') + "." << range << "APPEND"
        << "at byte 100257: containers nested deeper than 256" << 0LL;
    QTest::newRow("deep-marks-100000") << hex("8002") + QByteArray(100000, '(') << range << "MARK"
                                       << "at byte 258: more than 256 MARKs" << 0LL;
    QTest::newRow("binunicode-claims-4gib")
        << hex("8002 58ffffffff 616263 2e") << bad << "BINUNICODE"
        << "at byte 2: truncated: a string that claims 4294967295 bytes, 4 left" << 0LL;
    QTest::newRow("binunicode8-claims-2^63")
        << hex("8004 8d0000000000000080") << bad << "BINUNICODE8"
        << "claims 9223372036854775808 bytes, 0 left" << 0LL;
    QTest::newRow("long-binget-unknown") << hex("8002 6a39300000 2e") << bad << "LONG_BINGET"
                                         << "at byte 2: memo index 12345 was never stored" << 0LL;
    QTest::newRow("binget-before-put") << hex("8002 6800 2e") << bad << "BINGET"
                                       << "memo index 0" << 0LL;
    QTest::newRow("long1-huge") << hex("8002 8a09 ffffffffffffffffff 2e") << range << "LONG1"
                                << "at byte 2: an integer of 9 bytes" << 0LL;
    QTest::newRow("long4-huge") << hex("8002 8b10000000") + QByteArray(16, '\x01') + "." << range
                                << "LONG4"
                                << "an integer of 16 bytes" << 0LL;
    QTest::newRow("int-text-huge") << QByteArray("I99999999999999999999\n.") << range << "INT"
                                   << "beyond 64 bits" << 0LL;
    // memo i+1 = [memo i, memo i], 40 times: 2^41 - 1 lists once expanded
    QByteArray laughs = hex("8004 5d 94 30");
    for (int i = 0; i < 40; ++i)
        laughs += "(h" + QByteArray(1, char(i)) + "h" + QByteArray(1, char(i)) +
                  "l\x94"
                  "0";
    laughs += "h(.";
    QTest::newRow("billion-laughs") << laughs << static_cast<int>(ErrorCode::FileTooLarge) << "STOP"
                                    << "more than 100000 values" << 100000LL;
    // Measured before anything is built: refused at once under the default limits too.
    QTest::newRow("billion-laughs-default-limits")
        << laughs << static_cast<int>(ErrorCode::FileTooLarge) << "STOP"
        << "more than 50000000 values" << 0LL;
    // D = 200 lists around Y, memo 1; C = 200 lists around X, memo 0 (each nested 201 deep);
    // then X.append(D) through the memo: C is now 402 deep, found when measured at STOP.
    const QByteArray wrap(200, ']'), appends(200, 'a');
    QTest::newRow("depth-grown-through-shared-list")
        << hex("8002") + wrap + "]" + appends + hex("7101 30") + wrap + hex("5d 7100") + appends +
               hex("6800 6801 61 30 2e")
        << range << "STOP"
        << "containers nested deeper than 256" << 0LL;
}

} // namespace

class TstMeasuredSnapshot : public QObject {
    Q_OBJECT
private slots:
    void fixtureSegments_data();
    void fixtureSegments();
    void fixtureLargestBlocks_data();
    void fixtureLargestBlocks();
    void traceReplay_data();
    void traceReplay();
    void missingSections_data();
    void missingSections();
    void pickleValues_data();
    void pickleValues();
    void pickleDrops();
    void pickleRejects_data();
    void pickleRejects();
    void snapshotRejects_data();
    void snapshotRejects();
};

// Device 0's three segments (make_fixtures.py segments()): A 20 MiB, B 2 MiB, C 40 MiB
// (expandable); device 1's one segment is not summarised.
void TstMeasuredSnapshot::fixtureSegments_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("format"); // 0 pickle, 1 JSON
    addFixtureRows();
}

void TstMeasuredSnapshot::fixtureSegments() {
    QFETCH(QByteArray, bytes);
    QFETCH(int, format);
    const auto r = readMemorySnapshot(view(bytes));
    QVERIFY2(r.ok(), r.ok() ? "" : describe(r.error()).c_str());
    const MemorySnapshot& m = r.value();
    QCOMPARE(static_cast<int>(m.format), format);
    QCOMPARE(m.device, 0);
    QCOMPARE(m.devices, (std::vector<int>{0, 1}));
    QVERIFY(m.missing.empty());
    QVERIFY(m.segments.has_value());
    const SegmentSummary& s = *m.segments;
    QCOMPARE(s.segments, 3);
    QCOMPARE(s.reservedBytes, 65'011'712);  // 20 MiB + 2 MiB + 40 MiB
    QCOMPARE(s.allocatedBytes, 41'945'088); // 8 MiB + 512 + 1,536 + 32 MiB
    QCOMPARE(s.activeBytes, 46'139'392);    // allocated + the 4 MiB pending free
    QCOMPARE(s.inactiveBytes, 18'872'320);  // 8 MiB + 2,095,104 + 8 MiB
    QCOMPARE(s.requestedBytes, 45'750'636); // 8,000,000 + 4 MiB + 400 + 1,500 + 32 MiB
    QCOMPARE(s.reservedBytes, s.activeBytes + s.inactiveBytes);
    QCOMPARE(s.largestSegmentBytes, 41'943'040);
    QCOMPARE(s.expandableSegments, 1);
    QCOMPARE(s.activeAllocated.count, 4);
    QCOMPARE(s.activeAllocated.bytes, s.allocatedBytes);
    QCOMPARE(s.activePendingFree.count, 1);
    QCOMPARE(s.activePendingFree.bytes, 4'194'304);
    QCOMPARE(s.inactive.count, 3);
    QCOMPARE(s.otherState.count, 0);
    QVERIFY(m.allocatorSettings.has_value());
    QCOMPARE(m.allocatorSettings->allocConf.value_or(""), std::string("expandable_segments:True"));
    QCOMPARE(m.allocatorSettings->expandableSegments.value_or(false), true);
}

void TstMeasuredSnapshot::fixtureLargestBlocks_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("format");
    addFixtureRows();
}

// The four active_allocated blocks of device 0, largest first, each with its first 3 frames
// (block A0's stack has 4; B1's has none). The frame dicts are shared objects in the pickles.
void TstMeasuredSnapshot::fixtureLargestBlocks() {
    QFETCH(QByteArray, bytes);
    const auto r = readMemorySnapshot(view(bytes));
    QVERIFY(r.ok());
    const std::vector<SnapshotBlock>& b = r.value().segments->largestLiveBlocks;
    QCOMPARE(b.size(), size_t{4});
    QCOMPARE(b[0].size, 33'554'432);
    QCOMPARE(b[0].address, 0x7F0004000000);
    QCOMPARE(b[0].segment, 2);
    QCOMPARE(b[0].frames,
             (std::vector<std::string>{"_multi_tensor_adamw (torch/optim/adamw.py:480)",
                                       "train_step (train.py:88)"}));
    QCOMPARE(b[1].size, 8'388'608);
    QCOMPARE(b[1].requestedSize, 8'000'000);
    QCOMPARE(b[1].address, 0x7F0000000000);
    QCOMPARE(b[1].frames,
             (std::vector<std::string>{"linear (torch/nn/modules/linear.py:125)",
                                       "forward (model.py:42)", "train_step (train.py:88)"}));
    QCOMPARE(b[2].size, 1'536);
    QCOMPARE(b[2].address, 0x7F0002000000 + 512);
    QCOMPARE(b[2].block, 1);
    QVERIFY(b[2].frames.empty());
    QCOMPARE(b[3].size, 512);
    QCOMPARE(b[3].frames.front(), std::string("embedding (torch/nn/functional.py:2264)"));
}

// The trace replay (memory_snapshot.h TraceSummary): live = +alloc -free_completed, reserved =
// +segment_alloc/map -segment_free/unmap, anchored so the replay ends at the segments' sums.
void TstMeasuredSnapshot::traceReplay_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<qlonglong>("entries");
    QTest::addColumn<bool>("oom");
    QTest::addColumn<bool>("anchored");
    QTest::addColumn<QList<qlonglong>>("live");     // start, peak, end
    QTest::addColumn<QList<qlonglong>>("reserved"); // start, peak, end
    // Fixture: live net +12,194,304 ending at 45,750,636 -> starts at 33,556,332, peaks at
    // 51,750,636 with the 6,000,000 temporary; reserved net +20 MiB ending at 65,011,712 ->
    // starts at 44,040,192, peaks at 73,400,320 with the 8 MiB mapping.
    const QList<qlonglong> live{33'556'332, 51'750'636, 45'750'636};
    const QList<qlonglong> reserved{44'040'192, 73'400'320, 65'011'712};
    const std::pair<const char*, const char*> fixtures[] = {
        {"fixture-pickle-protocol-2", "snapshot_p2.pickle"},
        {"fixture-pickle-protocol-4", "snapshot_p4.pickle"},
        {"fixture-pickle-protocol-5", "snapshot_p5.pickle"},
        {"fixture-json", "snapshot.json"}};
    for (const auto& [tag, file] : fixtures)
        QTest::newRow(tag) << fixture(file) << 14LL << true << true << live << reserved;
    // No segments: the least start keeping the replay >= 0. Live: -30, +100 -> start 30.
    // Reserved: -2 MiB, +4 MiB -> start 2 MiB, peak and end 4 MiB.
    QTest::newRow("trace-only-unanchored")
        << QByteArray(R"({"device_traces": [[{"action": "free_completed", "size": 30},
            {"action": "alloc", "size": 100}, {"action": "segment_free", "size": 2097152},
            {"action": "segment_alloc", "size": 4194304}, {"action": "snapshot", "size": 9}]]})")
        << 5LL << false << false << QList<qlonglong>{30, 100, 100}
        << QList<qlonglong>{2097152, 4194304, 4194304};
    // An empty trace (history off): start = peak = end = the segments' sums.
    QTest::newRow("empty-trace-anchored")
        << QByteArray(R"({"segments": [{"total_size": 1024, "blocks": [{"size": 1024,
            "requested_size": 1000, "state": "active_allocated"}]}], "device_traces": [[]]})")
        << 0LL << false << true << QList<qlonglong>{1000, 1000, 1000}
        << QList<qlonglong>{1024, 1024, 1024};
    // Device 1 has two segments, device 0 one: device 1 and its trace are summarised.
    const char* seg = R"({"device": %1, "total_size": 2048, "blocks": [{"size": 2048,
        "requested_size": 2000, "state": "active_allocated"}]})";
    QTest::newRow("busiest-device-1")
        << QStringLiteral(R"({"segments": [%1, %2, %3], "device_traces": [[{"action": "alloc",
            "size": 5}], [{"action": "alloc", "size": 7}]]})")
               .arg(QString(seg).arg(0), QString(seg).arg(1), QString(seg).arg(1))
               .toUtf8()
        << 1LL << false << true << QList<qlonglong>{3993, 4000, 4000}
        << QList<qlonglong>{4096, 4096, 4096};
}

void TstMeasuredSnapshot::traceReplay() {
    QFETCH(QByteArray, bytes);
    QFETCH(qlonglong, entries);
    QFETCH(bool, oom);
    QFETCH(bool, anchored);
    QFETCH(QList<qlonglong>, live);
    QFETCH(QList<qlonglong>, reserved);
    const auto r = readMemorySnapshot(view(bytes));
    QVERIFY2(r.ok(), r.ok() ? "" : describe(r.error()).c_str());
    QVERIFY(r.value().trace.has_value());
    const TraceSummary& t = *r.value().trace;
    QCOMPARE(t.entries, entries);
    QCOMPARE(t.oom, oom);
    QCOMPARE(t.anchored, anchored);
    QCOMPARE((QList<qlonglong>{t.startLiveBytes, t.peakLiveBytes, t.endLiveBytes}), live);
    QCOMPARE((QList<qlonglong>{t.startReservedBytes, t.peakReservedBytes, t.endReservedBytes}),
             reserved);
}

// A missing top-level section is not an error: its summary is absent and it is named.
void TstMeasuredSnapshot::missingSections_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QStringList>("missing");
    QTest::newRow("json-missing-segments")
        << QByteArray(R"({"device_traces": [[]], "allocator_settings": {}})")
        << QStringList{"segments"};
    QTest::newRow("json-missing-traces-and-settings")
        << QByteArray(R"({"segments": []})") << QStringList{"device_traces", "allocator_settings"};
    QTest::newRow("json-empty-object")
        << QByteArray("  {}") << QStringList{"segments", "device_traces", "allocator_settings"};
    // {"segments": [], "device_traces": []}, protocol 2, as an older PyTorch wrote it
    QTest::newRow("pickle-without-settings")
        << hex("8002 7d 28 5808000000 7365676d656e7473 5d 580d000000 6465766963655f7472616365"
               "73 5d 75 2e")
        << QStringList{"allocator_settings"};
}

void TstMeasuredSnapshot::missingSections() {
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, missing);
    const auto r = readMemorySnapshot(view(bytes));
    QVERIFY2(r.ok(), r.ok() ? "" : describe(r.error()).c_str());
    const MemorySnapshot& m = r.value();
    QStringList got;
    for (const std::string& s : m.missing)
        got << QString::fromStdString(s);
    QCOMPARE(got, missing);
    QCOMPARE(m.segments.has_value(), !missing.contains("segments"));
    QCOMPARE(m.trace.has_value(), !missing.contains("device_traces"));
    QCOMPARE(m.allocatorSettings.has_value(), !missing.contains("allocator_settings"));
    QCOMPARE(m.device, 0);
}

// Plain data through readPickle, each row's bytes checked against Python 3.11's pickle.loads.
void TstMeasuredSnapshot::pickleValues_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected"); // JSON
    QTest::newRow("none") << hex("8002 4e 2e") << "null";
    QTest::newRow("integer-forms") // BININT1 255, BININT2, BININT -1, LONG1 of 0, 1 and 8 bytes
        << hex("8002 28 4bff 4dffff 4affffffff 8a00 8a0180 8a080000000000000080 6c 2e")
        << "[255, 65535, -1, 0, -128, -9223372036854775808]";
    QTest::newRow("binfloat") << hex("8002 47 3ff8000000000000 2e") << "1.5";
    QTest::newRow("tuples-and-sets")
        << hex("8004 28 29 4e85 4e4e86 4e4e4e87 8f 28 4b01 4b02 90 28 4b03 91 6c 2e")
        << "[[], [null], [null, null], [null, null, null], [1, 2], [3]]";
    QTest::newRow("int-keys-as-text")
        << hex("8002 7d 28 4b07 5801000000 78 8a01ff 5801000000 79 75 2e")
        << R"({"7": "x", "-1": "y"})";
    // d = {"a": L, "b": L}; then BINGET L, APPEND 7, POP: both keys see [7], as in Python
    QTest::newRow("shared-list-mutated-after-get")
        << hex("8002 7d 7100 28 5801000000 61 5d 7101 5801000000 62 6801 75 6801 4b07 61 30 2e")
        << R"({"a": [7], "b": [7]})";
    QTest::newRow("dup-and-pop-mark") << hex("8002 4b01 32 28 4e4e 31 86 2e") << "[1, 1]";
    QTest::newRow("pop-with-nothing-above-mark-pops-it") << hex("8002 4e 28 30 2e") << "null";
    QTest::newRow("repeated-key-last-wins")
        << hex("8002 7d 28 5801000000 6b 4b01 5801000000 6b 4b02 75 2e") << R"({"k": 2})";
    QTest::newRow("utf8-string") << hex("8004 8c05 c3a9e282ac 2e") << "\"\u00e9\u20ac\"";
    QTest::newRow("protocol-0-int-long-text")
        << QByteArray("(lp0\nI1\naL12345678901L\naI01\na.") << "[1, 12345678901, true]";
    QTest::newRow("protocol-0-put-get") << QByteArray("I5\np0\n0g0\n.") << "5";
}

void TstMeasuredSnapshot::pickleValues() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    const auto r = readPickle(view(bytes));
    QVERIFY2(r.ok(), r.ok() ? "" : describe(r.error()).c_str());
    QCOMPARE(QString::fromStdString(r.value().dump()),
             QString::fromStdString(json::parse(expected.toStdString()).dump()));
}

// PickleDrop: a dict that has "action" leaves out its "frames"; the same list stays in a dict
// without "action". [{"action": "alloc", "frames": F, "size": 1}, {"frames": F}], F = [1],
// protocol 4 (pickle.dumps).
void TstMeasuredSnapshot::pickleDrops() {
    const QByteArray bytes =
        hex("8004 9538000000 00000000 5d 94 28 7d 94 28 8c06 616374696f6e 94 8c05"
            "616c6c6f63 94 8c06 6672616d6573 94 5d 94 4b01 61 8c04 73697a65 94"
            "4b01 75 7d 94 6804 6805 73 65 2e");
    const auto all = readPickle(view(bytes));
    QVERIFY(all.ok());
    QCOMPARE(QString::fromStdString(all.value().dump()),
             QString(R"([{"action":"alloc","frames":[1],"size":1},{"frames":[1]}])"));
    const auto dropped = readPickle(view(bytes), {}, {PickleDrop{"frames", "action"}});
    QVERIFY(dropped.ok());
    QCOMPARE(QString::fromStdString(dropped.value().dump()),
             QString(R"([{"action":"alloc","size":1},{"frames":[1]}])"));
}

// Hostile pickles: each refused with its code, the opcode as the field and the byte offset in
// the detail. None runs anything: GLOBAL and friends are refused when they are read.
void TstMeasuredSnapshot::pickleRejects_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("detail");      // a part of the detail
    QTest::addColumn<qlonglong>("maxValues"); // 0: the default limits
    addTruncatedRows();
    addRefusedOpcodeRows();
    addStructureRows();
    addLimitRows();
}

void TstMeasuredSnapshot::pickleRejects() {
    QFETCH(QByteArray, bytes);
    QFETCH(int, code);
    QFETCH(QString, field);
    QFETCH(QString, detail);
    QFETCH(qlonglong, maxValues);
    PickleLimits limits;
    if (maxValues > 0)
        limits.maxValues = maxValues;
    const auto r = readPickle(view(bytes), limits);
    QVERIFY(!r.ok());
    QCOMPARE(static_cast<int>(r.error().code), code);
    QCOMPARE(QString::fromStdString(r.error().field), field);
    QVERIFY2(QString::fromStdString(r.error().detail).contains(detail), r.error().detail.c_str());
}

// Snapshot-level errors name the path of the field, or "snapshot" for the input as a whole.
void TstMeasuredSnapshot::snapshotRejects_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("field");
    const int type = static_cast<int>(ErrorCode::FieldWrongType);
    const int range = static_cast<int>(ErrorCode::FieldOutOfRange);
    const int missing = static_cast<int>(ErrorCode::FieldMissing);
    QTest::newRow("empty-input") << QByteArray() << static_cast<int>(ErrorCode::HeaderMalformed)
                                 << "snapshot";
    QTest::newRow("neither-pickle-nor-json")
        << QByteArray("hello") << static_cast<int>(ErrorCode::HeaderMalformed) << "snapshot";
    QTest::newRow("json-malformed") << QByteArray(R"({"segments": [)")
                                    << static_cast<int>(ErrorCode::JsonMalformed) << "snapshot";
    QTest::newRow("json-too-deep") << QByteArray(R"({"a": )") + QByteArray(100, '[')
                                   << static_cast<int>(ErrorCode::JsonMalformed) << "a";
    QTest::newRow("pickle-global") << hex("8002 63 6f730a73797374656d0a 2e")
                                   << static_cast<int>(ErrorCode::HeaderMalformed) << "GLOBAL";
    QTest::newRow("root-a-list") << hex("8002 5d 2e") << type << "snapshot";
    QTest::newRow("segments-not-a-list") << QByteArray(R"({"segments": {}})") << type << "segments";
    QTest::newRow("segment-total-size-string")
        << editedJson([](json& j) { j["segments"][3]["total_size"] = "x"; }) << type
        << "segments[3].total_size";
    QTest::newRow("segment-total-size-missing")
        << editedJson([](json& j) { j["segments"][1].erase("total_size"); }) << missing
        << "segments[1].total_size";
    QTest::newRow("segment-blocks-missing")
        << editedJson([](json& j) { j["segments"][0].erase("blocks"); }) << missing
        << "segments[0].blocks";
    QTest::newRow("segment-device-70000")
        << editedJson([](json& j) { j["segments"][0]["device"] = 70000; }) << range
        << "segments[0].device";
    QTest::newRow("block-size-negative")
        << editedJson([](json& j) { j["segments"][0]["blocks"][1]["size"] = -5; }) << range
        << "segments[0].blocks[1].size";
    QTest::newRow("block-state-number")
        << editedJson([](json& j) { j["segments"][2]["blocks"][0]["state"] = 3; }) << type
        << "segments[2].blocks[0].state";
    QTest::newRow("frame-line-string")
        << editedJson([](json& j) { j["segments"][0]["blocks"][0]["frames"][1]["line"] = "42"; })
        << type << "segments[0].blocks[0].frames[1].line";
    QTest::newRow("trace-size-string")
        << editedJson([](json& j) { j["device_traces"][0][2]["size"] = "8000000"; }) << type
        << "device_traces[0][2].size";
    QTest::newRow("trace-action-missing")
        << editedJson([](json& j) { j["device_traces"][0][0].erase("action"); }) << missing
        << "device_traces[0][0].action";
    QTest::newRow("traces-not-a-list")
        << editedJson([](json& j) { j["device_traces"] = json::object(); }) << type
        << "device_traces";
    QTest::newRow("settings-expandable-string")
        << editedJson([](json& j) { j["allocator_settings"]["expandable_segments"] = "yes"; })
        << type << "allocator_settings.expandable_segments";
    QTest::newRow("total-size-above-int64")
        << QByteArray(R"({"segments": [{"total_size": 9223372036854775808, "blocks": []}]})")
        << range << "segments[0].total_size";
    QTest::newRow("reserved-sum-beyond-int64")
        << QByteArray(R"({"segments": [{"total_size": 6000000000000000000, "blocks": []},
                                       {"total_size": 6000000000000000000, "blocks": []}]})")
        << range << "segments";
}

void TstMeasuredSnapshot::snapshotRejects() {
    QFETCH(QByteArray, bytes);
    QFETCH(int, code);
    QFETCH(QString, field);
    const auto r = readMemorySnapshot(view(bytes));
    QVERIFY(!r.ok());
    QCOMPARE(static_cast<int>(r.error().code), code);
    QCOMPARE(QString::fromStdString(r.error().field), field);
    QVERIFY(!r.error().detail.empty());
}

QTEST_GUILESS_MAIN(TstMeasuredSnapshot)
#include "tst_measuredsnapshot.moc"
