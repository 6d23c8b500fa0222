// tst_presets: the built-in presets (resources/models.json, resources/gpus.json) parse, validate,
// match their published parameter counts, and malformed preset text is rejected with the field
// named.

#include "core/model/hf_import.h"
#include "core/model/presets.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <set>
#include <thread>

namespace headroom::embedded {
extern const std::string_view modelsJson;
extern const std::string_view gpusJson;
} // namespace headroom::embedded

using namespace headroom;
using json = nlohmann::json;

namespace {

std::filesystem::path modelsDir() {
    return std::filesystem::path(HEADROOM_MODELS_DIR);
}

const json& rawModels() {
    static const json j = json::parse(embedded::modelsJson);
    return j;
}
const json& rawGpus() {
    static const json j = json::parse(embedded::gpusJson);
    return j;
}

} // namespace

class TstPresets : public QObject {
    Q_OBJECT
private slots:
    void embeddedParses();
    void modelCountsMatchPublished_data();
    void modelCountsMatchPublished();
    void modelCoverage();
    void presetsMatchSharedConfigs_data();
    void presetsMatchSharedConfigs();
    void modelLookup();
    void gpuTable();
    void gpuKnownValues_data();
    void gpuKnownValues();
    void gpuLookupAndAliases();
    void threadSafeFirstUse();
    void malformedModels_data();
    void malformedModels();
    void malformedGpus_data();
    void malformedGpus();
};

void TstPresets::embeddedParses() {
    // Loud failure: the built-in files must parse as written.
    auto m = parseModelPresets(embedded::modelsJson);
    QVERIFY2(m.ok(), m.ok() ? "" : (m.error().field + ": " + m.error().detail).c_str());
    auto g = parseGpuPresets(embedded::gpusJson);
    QVERIFY2(g.ok(), g.ok() ? "" : (g.error().field + ": " + g.error().detail).c_str());
    QVERIFY(modelPresets().size() >= 25);
    QVERIFY(gpuPresets().size() >= 25);
    QCOMPARE(modelPresets().size(), m->size());
    QCOMPARE(gpuPresets().size(), g->size());
    QCOMPARE(rawModels()["schema_version"].get<int>(), 1);
    QCOMPARE(rawGpus()["schema_version"].get<int>(), 1);
}

void TstPresets::modelCountsMatchPublished_data() {
    QTest::addColumn<int>("index");
    const json& list = rawModels()["models"];
    for (size_t i = 0; i < list.size(); ++i)
        QTest::newRow(list[i]["key"].get<std::string>().c_str()) << int(i);
}

void TstPresets::modelCountsMatchPublished() {
    QFETCH(int, index);
    const json& raw = rawModels()["models"][size_t(index)];
    const ModelPreset& p = modelPresets().at(size_t(index));
    QCOMPARE(p.key, raw["key"].get<std::string>());
    QCOMPARE(validateArch(p.arch), ArchError::Ok);
    QVERIFY(!p.displayName.empty());
    QVERIFY(!p.traits.empty());
    QCOMPARE(p.arch.name, p.displayName);

    // Total within 2 % of the published count, whose source is stored beside it.
    QVERIFY(raw.contains("published_params"));
    QVERIFY(!raw["published_params_source"].get<std::string>().empty());
    const double published = raw["published_params"].get<double>();
    const ParamCount c = countParameters(p.arch);
    const double e = std::abs(double(c.total) - published) / published;
    QVERIFY2(e < 0.02, qPrintable(QString("%1: counted %2, published %3 (%4)")
                                      .arg(QString::fromStdString(p.key))
                                      .arg(c.total)
                                      .arg(published)
                                      .arg(QString::fromStdString(
                                          raw["published_params_source"].get<std::string>()))));

    // MoE: active within 3 % of the (two-digit, rounded) published active count.
    if (p.arch.moe.enabled()) {
        QVERIFY2(raw.contains("published_active_params"), "MoE presets state their active count");
        QVERIFY(c.active < c.total);
        const bool noEmb = raw.value("published_active_excludes_embedding", false);
        const double active = double(c.active - (noEmb ? c.embedding : 0));
        const double pa = raw["published_active_params"].get<double>();
        QVERIFY2(std::abs(active - pa) / pa < 0.03,
                 qPrintable(QString("%1: active %2, published %3")
                                .arg(QString::fromStdString(p.key))
                                .arg(active)
                                .arg(pa)));
    } else {
        QCOMPARE(c.active, c.total);
    }
}

void TstPresets::modelCoverage() {
    // 0.5B .. 671B, dense, MHA, GQA, MoE, MLA, SWA, tied, learned positions.
    int64_t smallest = INT64_MAX, largest = 0;
    bool mha = false, gqa = false, moe = false, mla = false, swa = false, tied = false,
         positions = false, shared = false, fp8 = false, mxfp4 = false;
    for (const ModelPreset& p : modelPresets()) {
        const int64_t n = countParameters(p.arch).total;
        smallest = std::min(smallest, n);
        largest = std::max(largest, n);
        mha |= !p.arch.mla.enabled() && p.arch.numKvHeads == p.arch.numHeads;
        gqa |= p.arch.numKvHeads < p.arch.numHeads;
        moe |= p.arch.moe.enabled();
        mla |= p.arch.mla.enabled();
        swa |= p.arch.slidingWindow > 0;
        tied |= p.arch.tiedEmbeddings;
        positions |= p.arch.learnedPositions > 0;
        shared |= p.arch.moe.sharedExperts > 0;
        fp8 |= p.arch.nativeDType == DType::FP8;
        mxfp4 |= p.arch.expertDType == DType::MXFP4;
    }
    QVERIFY(smallest < 600e6);
    QVERIFY(largest > 600e9);
    QVERIFY(mha && gqa && moe && mla && swa && tied && positions && shared && fp8 && mxfp4);
}

void TstPresets::presetsMatchSharedConfigs_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("dir");
    QTest::newRow("llama-2-7b") << "llama-2-7b"
                                << "Llama-2-7b-hf";
    QTest::newRow("llama-2-13b") << "llama-2-13b"
                                 << "Llama-2-13b-hf";
    QTest::newRow("llama-3.1-8b") << "llama-3.1-8b"
                                  << "Llama-3.1-8B";
    QTest::newRow("llama-3.1-70b") << "llama-3.1-70b"
                                   << "Llama-3.1-70B";
    QTest::newRow("llama-3.2-1b") << "llama-3.2-1b"
                                  << "Llama-3.2-1B";
    QTest::newRow("llama-3.2-3b") << "llama-3.2-3b"
                                  << "Llama-3.2-3B-Instruct";
    QTest::newRow("mixtral-8x7b") << "mixtral-8x7b"
                                  << "Mixtral-8x7B-v0.1";
    QTest::newRow("gemma-2-9b") << "gemma-2-9b"
                                << "gemma-2-9b-it";
    QTest::newRow("phi-3-mini-4k") << "phi-3-mini-4k"
                                   << "Phi-3-mini-4k-instruct";
    QTest::newRow("qwen2.5-0.5b") << "qwen2.5-0.5b"
                                  << "Qwen2.5-0.5B";
    QTest::newRow("qwen2.5-7b") << "qwen2.5-7b"
                                << "Qwen2.5-7B";
    QTest::newRow("qwen3-8b") << "qwen3-8b"
                              << "Qwen3-8B";
    QTest::newRow("qwen3-30b-a3b") << "qwen3-30b-a3b"
                                   << "Qwen3-30B-A3B";
    QTest::newRow("deepseek-v3") << "deepseek-v3"
                                 << "DeepSeek-V3";
    QTest::newRow("gpt-oss-20b") << "gpt-oss-20b"
                                 << "gpt-oss-20b";
    QTest::newRow("gpt2-large") << "gpt2-large"
                                << "gpt2-large";
}

void TstPresets::presetsMatchSharedConfigs() {
    // A preset and the vendored config.json of the same model describe the same network.
    QFETCH(QString, key);
    QFETCH(QString, dir);
    const ModelPreset* p = findModelPreset(key.toStdString());
    QVERIFY(p);
    auto r = loadHfConfig(modelsDir() / dir.toStdString() / "config.json");
    QVERIFY(r.ok());
    const ModelArch& a = p->arch;
    const ModelArch& b = r.value();
    QCOMPARE(a.family, b.family);
    QCOMPARE(a.numLayers, b.numLayers);
    QCOMPARE(a.hiddenSize, b.hiddenSize);
    QCOMPARE(a.numHeads, b.numHeads);
    QCOMPARE(a.numKvHeads, b.numKvHeads);
    QCOMPARE(a.headDim, b.headDim);
    QCOMPARE(a.intermediateSize, b.intermediateSize);
    QCOMPARE(a.vocabSize, b.vocabSize);
    QCOMPARE(a.tiedEmbeddings, b.tiedEmbeddings);
    QCOMPARE(a.slidingWindow, b.slidingWindow);
    QCOMPARE(a.slidingLayers, b.slidingLayers);
    QCOMPARE(a.maxPositions, b.maxPositions);
    QCOMPARE(a.nativeDType, b.nativeDType);
    QCOMPARE(a.expertDType, b.expertDType);
    QCOMPARE(a.moe.numExperts, b.moe.numExperts);
    QCOMPARE(a.mla.kvLoraRank, b.mla.kvLoraRank);
    QCOMPARE(countParameters(a).total, countParameters(b).total);
    QCOMPARE(countParameters(a).active, countParameters(b).active);
}

void TstPresets::modelLookup() {
    const ModelPreset* p = findModelPreset("llama-3.1-8b");
    QVERIFY(p);
    QCOMPARE(countParameters(p->arch).total, int64_t(8030261248));
    QCOMPARE(findModelPreset("LLAMA-3.1-8B"), p);
    QVERIFY(!findModelPreset("llama-9"));
    QVERIFY(!findModelPreset(""));
    std::set<std::string> keys;
    for (const ModelPreset& m : modelPresets()) {
        QVERIFY2(keys.insert(m.key).second, m.key.c_str());
        QCOMPARE(findModelPreset(m.key), &m);
    }
    // Mistral 7B v0.1 keeps its 4096-token window on every layer.
    const ModelPreset* mistral = findModelPreset("mistral-7b-v0.1");
    QVERIFY(mistral);
    QCOMPARE(mistral->arch.slidingWindow, 4096);
    QCOMPARE(mistral->arch.slidingLayers, 32);
    // DeepSeek-V2-Lite projects queries directly (q_lora_rank null).
    QCOMPARE(findModelPreset("deepseek-v2-lite")->arch.mla.qLoraRank, 0);
}

void TstPresets::gpuTable() {
    std::set<std::string> names;
    for (const GpuSpec& g : gpuPresets()) {
        QVERIFY2(names.insert(g.key).second, g.key.c_str());
        QVERIFY(g.memoryMiB > 0);
        QVERIFY(g.vendorGB > 0);
        QVERIFY(!g.name.empty());
        QVERIFY(g.vendor == "nvidia" || g.vendor == "amd" || g.vendor == "intel" ||
                g.vendor == "apple");
        QCOMPARE(g.bytes(), double(g.memoryMiB) * 1048576.0);
        // The driver total is within 10 % of the marketing capacity (HBM "80GB" is 80 GiB less
        // reservations; GDDR "24GB" is 24 GiB less reservations).
        const double ratio = g.bytes() / (g.vendorGB * 1e9);
        QVERIFY2(ratio > 0.9 && ratio < 1.1, g.key.c_str());
        QCOMPARE(findGpuPreset(g.key), &g);
    }
    // vendor_gb-based entries follow the documented formula.
    for (const json& g : rawGpus()["gpus"]) {
        if (g["memory_basis"] == "vendor_gb")
            QCOMPARE(g["memory_mib"].get<int64_t>(),
                     int64_t(std::llround(g["vendor_gb"].get<double>() * 1e9 / 1048576.0)));
        else
            QCOMPARE(g["memory_basis"].get<std::string>(), std::string("driver"));
    }
}

void TstPresets::gpuKnownValues_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<qint64>("mib");
    // nvidia-smi "Total" as reported by the driver.
    QTest::newRow("h100-sxm-80gb") << "h100-sxm-80gb" << qint64(81559);
    QTest::newRow("h100 alias") << "h100" << qint64(81559);
    QTest::newRow("a100-80gb") << "a100-80gb" << qint64(81920);
    QTest::newRow("a100-40gb") << "a100-40gb" << qint64(40960);
    QTest::newRow("rtx-4090") << "rtx-4090" << qint64(24564);
    QTest::newRow("rtx-3090") << "rtx-3090" << qint64(24576);
    QTest::newRow("h200") << "h200" << qint64(143771);
    QTest::newRow("l4") << "l4" << qint64(23034);
    QTest::newRow("a10g") << "a10g" << qint64(23028);
    QTest::newRow("t4") << "t4" << qint64(15360);
}

void TstPresets::gpuKnownValues() {
    QFETCH(QString, key);
    QFETCH(qint64, mib);
    const GpuSpec* g = findGpuPreset(key.toStdString());
    QVERIFY(g);
    QCOMPARE(qint64(g->memoryMiB), mib);
}

void TstPresets::gpuLookupAndAliases() {
    const GpuSpec* h100 = findGpuPreset("h100-sxm-80gb");
    QVERIFY(h100);
    QCOMPARE(findGpuPreset("h100"), h100);
    QCOMPARE(findGpuPreset("H100"), h100);
    QCOMPARE(findGpuPreset("H100-SXM-80GB"), h100);
    QCOMPARE(findGpuPreset("a100")->key, std::string("a100-80gb"));
    QCOMPARE(findGpuPreset("4090")->key, std::string("rtx-4090"));
    QVERIFY(!findGpuPreset("h1000"));
    QVERIFY(!findGpuPreset(""));
    // Aliases never shadow another key.
    std::set<std::string> all;
    for (const json& g : rawGpus()["gpus"]) {
        QVERIFY(all.insert(g["key"].get<std::string>()).second);
        for (const json& a : g.value("aliases", json::array())) {
            QVERIFY2(all.insert(a.get<std::string>()).second, a.get<std::string>().c_str());
            QCOMPARE(findGpuPreset(a.get<std::string>())->key, g["key"].get<std::string>());
        }
    }
}

void TstPresets::threadSafeFirstUse() {
    // Function-local statics: concurrent first calls see one table.
    std::vector<const void*> seen(8);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < seen.size(); ++i)
        threads.emplace_back([&, i] {
            seen[i] = (i % 2) ? (const void*)&modelPresets() : (const void*)&gpuPresets();
        });
    for (auto& t : threads)
        t.join();
    for (size_t i = 0; i < seen.size(); ++i)
        QCOMPARE(seen[i], (i % 2) ? (const void*)&modelPresets() : (const void*)&gpuPresets());
}

void TstPresets::malformedModels_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("field");
    const QString arch = R"({"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 64,
        "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100})";
    auto doc = [&](const QString& entry) {
        return QString(R"({"schema_version": 1, "models": [%1]})").arg(entry);
    };
    const QString ok =
        QString(R"({"key": "tiny", "display_name": "Tiny", "traits": "dense", "architecture": %1})")
            .arg(arch);
    QTest::newRow("valid") << doc(ok) << -1 << "";
    QTest::newRow("not json") << "{\"schema_version\": 1, \"models\": ["
                              << int(ErrorCode::JsonMalformed) << "";
    QTest::newRow("not an object") << "[]" << int(ErrorCode::FieldWrongType) << "";
    QTest::newRow("no schema_version")
        << R"({"models": []})" << int(ErrorCode::FieldMissing) << "schema_version";
    QTest::newRow("schema_version string") << R"({"schema_version": "1", "models": []})"
                                           << int(ErrorCode::FieldWrongType) << "schema_version";
    QTest::newRow("future schema") << R"({"schema_version": 2, "models": []})"
                                   << int(ErrorCode::UnsupportedVersion) << "schema_version";
    QTest::newRow("no models") << R"({"schema_version": 1})" << int(ErrorCode::FieldMissing)
                               << "models";
    QTest::newRow("models object")
        << R"({"schema_version": 1, "models": {}})" << int(ErrorCode::FieldWrongType) << "models";
    QTest::newRow("entry not object") << doc("5") << int(ErrorCode::FieldWrongType) << "models[0]";
    QTest::newRow("missing key")
        << doc(QString(R"({"display_name": "T", "architecture": %1})").arg(arch))
        << int(ErrorCode::FieldMissing) << "models[0].key";
    QTest::newRow("empty key")
        << doc(QString(R"({"key": "", "display_name": "T", "architecture": %1})").arg(arch))
        << int(ErrorCode::FieldOutOfRange) << "models[0].key";
    QTest::newRow("key number")
        << doc(QString(R"({"key": 7, "display_name": "T", "architecture": %1})").arg(arch))
        << int(ErrorCode::FieldWrongType) << "models[0].key";
    QTest::newRow("duplicate key") << doc(ok + ", " + QString(ok).replace("Tiny", "Tiny 2"))
                                   << int(ErrorCode::FieldOutOfRange) << "models[1].key";
    QTest::newRow("missing display_name")
        << doc(QString(R"({"key": "t", "architecture": %1})").arg(arch))
        << int(ErrorCode::FieldMissing) << "models[0].display_name";
    QTest::newRow("traits array")
        << doc(QString(R"({"key": "t", "display_name": "T", "traits": [], "architecture": %1})")
                   .arg(arch))
        << int(ErrorCode::FieldWrongType) << "models[0].traits";
    QTest::newRow("missing architecture")
        << doc(R"({"key": "t", "display_name": "T"})") << int(ErrorCode::FieldMissing)
        << "models[0].architecture";
    QTest::newRow("architecture string")
        << doc(R"({"key": "t", "display_name": "T", "architecture": "llama"})")
        << int(ErrorCode::FieldWrongType) << "models[0].architecture";
    QTest::newRow("hidden_size string")
        << doc(QString(ok).replace("\"hidden_size\": 64", "\"hidden_size\": \"64\""))
        << int(ErrorCode::FieldWrongType) << "models[0].architecture.hidden_size";
    QTest::newRow("negative layers")
        << doc(QString(ok).replace("\"num_hidden_layers\": 2", "\"num_hidden_layers\": -2"))
        << int(ErrorCode::FieldOutOfRange) << "models[0].architecture.num_hidden_layers";
    QTest::newRow("unknown family")
        << doc(QString(ok).replace("\"llama\"", "\"bert\"")) << int(ErrorCode::UnsupportedFamily)
        << "models[0].architecture.model_type";
    QTest::newRow("missing vocab")
        << doc(QString(ok).replace(", \"vocab_size\": 100", "")) << int(ErrorCode::FieldMissing)
        << "models[0].architecture.vocab_size";
}

void TstPresets::malformedModels() {
    QFETCH(QString, text);
    QFETCH(int, code);
    QFETCH(QString, field);
    auto r = parseModelPresets(text.toStdString());
    if (code < 0) {
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().field.c_str());
        QCOMPARE(r->size(), size_t(1));
        QCOMPARE(r->front().arch.name, std::string("Tiny"));
        return;
    }
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().code), code);
    QCOMPARE(QString::fromStdString(r.error().field), field);
}

void TstPresets::malformedGpus_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("field");
    auto doc = [](const QString& entry) {
        return QString(R"({"schema_version": 1, "gpus": [%1]})").arg(entry);
    };
    const QString ok =
        R"({"key": "g", "name": "G", "vendor": "nvidia", "memory_mib": 1024, "vendor_gb": 1, "aliases": ["gg"]})";
    QTest::newRow("valid") << doc(ok) << -1 << "";
    QTest::newRow("truncated") << doc(ok).left(40) << int(ErrorCode::JsonMalformed) << "";
    QTest::newRow("no gpus") << R"({"schema_version": 1})" << int(ErrorCode::FieldMissing)
                             << "gpus";
    QTest::newRow("future schema") << R"({"schema_version": 3, "gpus": []})"
                                   << int(ErrorCode::UnsupportedVersion) << "schema_version";
    QTest::newRow("missing memory") << doc(QString(ok).replace("\"memory_mib\": 1024, ", ""))
                                    << int(ErrorCode::FieldMissing) << "gpus[0].memory_mib";
    QTest::newRow("negative memory") << doc(QString(ok).replace("1024", "-1"))
                                     << int(ErrorCode::FieldOutOfRange) << "gpus[0].memory_mib";
    QTest::newRow("zero memory") << doc(QString(ok).replace("1024", "0"))
                                 << int(ErrorCode::FieldOutOfRange) << "gpus[0].memory_mib";
    QTest::newRow("memory float") << doc(QString(ok).replace("1024", "1024.5"))
                                  << int(ErrorCode::FieldWrongType) << "gpus[0].memory_mib";
    QTest::newRow("huge memory") << doc(QString(ok).replace("1024", "1e30"))
                                 << int(ErrorCode::FieldWrongType) << "gpus[0].memory_mib";
    // memory_mib shares the scenario reader's bound (core/input_limits.h: [1, 1e9] MiB), so a
    // preset GPU always reopens from a saved scenario.
    QTest::newRow("memory-one-above-shared-max")
        << doc(QString(ok).replace("1024", "1000000001")) << int(ErrorCode::FieldOutOfRange)
        << "gpus[0].memory_mib";
    QTest::newRow("memory-2p64-minus-1") << doc(QString(ok).replace("1024", "18446744073709551615"))
                                         << int(ErrorCode::FieldOutOfRange) << "gpus[0].memory_mib";
    QTest::newRow("vendor unknown") << doc(QString(ok).replace("nvidia", "ibm"))
                                    << int(ErrorCode::UnknownValue) << "gpus[0].vendor";
    QTest::newRow("vendor_gb string")
        << doc(QString(ok).replace("\"vendor_gb\": 1", "\"vendor_gb\": \"1\""))
        << int(ErrorCode::FieldWrongType) << "gpus[0].vendor_gb";
    QTest::newRow("vendor_gb zero")
        << doc(QString(ok).replace("\"vendor_gb\": 1", "\"vendor_gb\": 0"))
        << int(ErrorCode::FieldOutOfRange) << "gpus[0].vendor_gb";
    QTest::newRow("missing name") << doc(QString(ok).replace("\"name\": \"G\", ", ""))
                                  << int(ErrorCode::FieldMissing) << "gpus[0].name";
    QTest::newRow("aliases not array") << doc(QString(ok).replace("[\"gg\"]", "\"gg\""))
                                       << int(ErrorCode::FieldWrongType) << "gpus[0].aliases";
    QTest::newRow("duplicate key") << doc(ok + ", " + QString(ok).replace("[\"gg\"]", "[]"))
                                   << int(ErrorCode::FieldOutOfRange) << "gpus[1].key";
    QTest::newRow("alias shadows key") << doc(ok + ", " +
                                              QString(ok)
                                                  .replace("\"key\": \"g\"", "\"key\": \"h\"")
                                                  .replace("[\"gg\"]", "[\"G\"]"))
                                       << int(ErrorCode::FieldOutOfRange) << "gpus[1].aliases";
}

void TstPresets::malformedGpus() {
    QFETCH(QString, text);
    QFETCH(int, code);
    QFETCH(QString, field);
    auto r = parseGpuPresets(text.toStdString());
    if (code < 0) {
        QVERIFY(r.ok());
        QCOMPARE(r->size(), size_t(1));
        QCOMPARE(r->front().memoryMiB, int64_t(1024));
        return;
    }
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().code), code);
    QCOMPARE(QString::fromStdString(r.error().field), field);
}

QTEST_APPLESS_MAIN(TstPresets)
#include "tst_presets.moc"
