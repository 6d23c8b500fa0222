// tst_jsondepth: hostile nesting depth in every JSON reader of core. nlohmann::json's DOM
// recurses per nesting level (dump(), operator==, copies), so 200,000 levels (0.4 MB, under
// every file limit) overflowed the stack; each reader now refuses a document nested deeper
// than kMaxJsonDepth (64) before building the DOM, naming the key path and the depth.

#include "core/io/scenario.h"
#include "core/model/hf_import.h"
#include "core/model/presets.h"
#include "core/text_file.h"
#include "core/validation/validation.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <string>

using namespace headroom;

namespace {

/// @p levels nested arrays around one string: [[["q_proj"]]] for 3.
std::string deep(int levels) {
    return std::string(static_cast<size_t>(levels), '[') + "\"q_proj\"" +
           std::string(static_cast<size_t>(levels), ']');
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    if (at != std::string::npos)
        text.replace(at, from.size(), to);
    return text;
}

std::string le64(uint64_t n) {
    std::string s(8, '\0');
    for (int i = 0; i < 8; ++i)
        s[i] = static_cast<char>((n >> (8 * i)) & 0xff);
    return s;
}

/// The error of reader @p reader on a document with @p levels nested arrays at a known key.
std::optional<Error> readDeep(const QString& reader, int levels) {
    const std::string d = deep(levels);
    auto errorOf = [](const auto& r) -> std::optional<Error> {
        if (r.ok())
            return std::nullopt;
        return r.error();
    };
    if (reader == "scenario") {
        Scenario s = defaultScenario();
        s.workload.finetune = Finetune::LoRA;
        const std::string text = replaced(toJson(s), "\"targets\": [", "\"targets\": [" + d + ", ");
        return errorOf(scenarioFromJson(text));
    }
    if (reader == "config")
        return errorOf(parseHfConfig("{\"model_type\": \"llama\", \"architectures\": " + d + "}"));
    if (reader == "index")
        return errorOf(parseSafetensorsIndex(
            "{\"metadata\": {\"total_size\": 100}, \"weight_map\": {\"a\": " + d + "}}"));
    if (reader == "header") {
        QTemporaryDir tmp;
        const auto file = std::filesystem::path(tmp.path().toStdString()) / "deep.safetensors";
        const std::string header =
            "{\"a\": {\"dtype\": \"U8\", \"shape\": " + d + ", \"data_offsets\": [0, 1]}}";
        std::ofstream(file, std::ios::binary) << le64(header.size()) << header << '\0';
        return errorOf(loadSafetensorsHeader(file));
    }
    if (reader == "records")
        return errorOf(parseRecords("[{\"schema\": 1, \"id\": " + d + "}]"));
    if (reader == "model-presets")
        return errorOf(parseModelPresets(
            "{\"schema_version\": 1, \"models\": [{\"key\": \"k\", \"display_name\": \"n\", "
            "\"architecture\": {\"architectures\": " +
            d + "}}]}"));
    if (reader == "gpu-presets")
        return errorOf(parseGpuPresets(
            "{\"schema_version\": 1, \"gpus\": [{\"key\": \"k\", \"aliases\": " + d + "}]}"));
    return Error{ErrorCode::FieldMissing, "unknown reader", reader.toStdString()};
}

} // namespace

class TstJsonDepth : public QObject {
    Q_OBJECT
private slots:
    void hostileDepth_data();
    void hostileDepth();
    void depthScan_data();
    void depthScan();
};

void TstJsonDepth::hostileDepth_data() {
    QTest::addColumn<QString>("reader");
    QTest::addColumn<int>("levels");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("field"); // the key path down to the nesting
    struct Row {
        const char* reader;
        ErrorCode code;
        const char* field;
    };
    const Row rows[] = {
        {"scenario", ErrorCode::JsonMalformed, "workload.lora.targets"},
        {"config", ErrorCode::JsonMalformed, "architectures"},
        {"index", ErrorCode::JsonMalformed, "weight_map.a"},
        {"header", ErrorCode::HeaderMalformed, "a.shape"},
        {"records", ErrorCode::JsonMalformed, "id"},
        {"model-presets", ErrorCode::JsonMalformed, "models.architecture.architectures"},
        {"gpu-presets", ErrorCode::JsonMalformed, "gpus.aliases"},
    };
    // 2,400 levels crashed under ASan, 200,000 (0.4 MB) in Release (issue: hostile input).
    for (const Row& r : rows)
        for (int levels : {2400, 200000})
            QTest::addRow("%s-%d-levels", r.reader, levels)
                << r.reader << levels << int(r.code) << r.field;
}

void TstJsonDepth::hostileDepth() {
    QFETCH(QString, reader);
    QFETCH(int, levels);
    QFETCH(int, code);
    QFETCH(QString, field);
    const std::optional<Error> e = readDeep(reader, levels);
    QVERIFY2(e.has_value(), "a document nested this deep must be refused");
    QCOMPARE(int(e->code), code);
    QCOMPARE(QString::fromStdString(e->field), field);
    // The detail names the limit: the first bracket past depth 64 is refused.
    QVERIFY2(e->detail.find("64") != std::string::npos, e->detail.c_str());
}

void TstJsonDepth::depthScan_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field"); // "" = accepted
    const QString at64 = QString(64, '[') + QString(64, ']');
    QTest::newRow("flat-object") << R"({"a": 1})"
                                 << "";
    QTest::newRow("at-limit-64") << at64 << "";
    QTest::newRow("above-limit-65") << "[" + at64 + "]"
                                    << "doc";
    QTest::newRow("object-path") << R"({"a": {"b": [)" + at64 + "]}}"
                                 << "a.b";
    QTest::newRow("later-key-wins") << R"({"a": 1, "b": )" + QString(65, '[') << "b";
    QTest::newRow("array-of-objects") << R"([{"x": 1}, {"y": )" + QString(64, '[') << "y";
    // Brackets inside strings are text, not nesting: 100 of them stay accepted.
    QTest::newRow("brackets-in-string") << R"({"a": ")" + QString(100, '[') + R"("})"
                                        << "";
    // An escaped quote does not end the string, so the brackets after it are still text.
    QTest::newRow("escaped-quote-in-string") << R"({"a": "\")" + QString(100, '[') + R"("})"
                                             << "";
    // An escaped backslash does: the quote after \\ closes the string, the brackets nest.
    QTest::newRow("escaped-backslash-ends-string")
        << R"({"a": "\\", "b": )" + QString(65, '[') << "b";
}

void TstJsonDepth::depthScan() {
    QFETCH(QString, text);
    QFETCH(QString, field);
    const std::string t = text.toStdString();
    const std::optional<Error> e = checkJsonDepth(t, "doc");
    if (field.isEmpty()) {
        QVERIFY2(!e, e ? describe(*e).c_str() : "");
        return;
    }
    QVERIFY(e.has_value());
    QCOMPARE(e->code, ErrorCode::JsonMalformed);
    QCOMPARE(QString::fromStdString(e->field), field);
}

QTEST_APPLESS_MAIN(TstJsonDepth)
#include "tst_jsondepth.moc"
