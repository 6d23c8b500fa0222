// tst_hfimport: Hugging Face config.json / safetensors index / safetensors header import,
// on every vendored config (tests/data/models) and on malformed input.

#include "core/model/hf_import.h"
#include "core/model/weight_storage.h"

#include <QtTest>

#include <iterator>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

using namespace headroom;

namespace {

std::filesystem::path modelsDir() {
    return std::filesystem::path(HEADROOM_MODELS_DIR);
}

void writeFile(const std::filesystem::path& p, const std::string& bytes) {
    std::ofstream out(p, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string le64(uint64_t n) {
    std::string s(8, '\0');
    for (int i = 0; i < 8; ++i)
        s[i] = static_cast<char>((n >> (8 * i)) & 0xff);
    return s;
}

/// A safetensors file: 8-byte length, header, @p dataBytes zero bytes.
std::string safetensors(const std::string& header, size_t dataBytes) {
    return le64(header.size()) + header + std::string(dataBytes, '\0');
}

const char* kLlamaConfig = R"({
  "architectures": ["LlamaForCausalLM"], "model_type": "llama",
  "hidden_size": 4096, "intermediate_size": 11008, "num_attention_heads": 32,
  "num_hidden_layers": 32, "num_key_value_heads": 32, "vocab_size": 32000,
  "max_position_embeddings": 4096, "torch_dtype": "float16", "tie_word_embeddings": false
})";

/// kLlamaConfig with @p key's value text replaced (or the key removed when value is empty).
std::string llamaWith(const std::string& key, const std::string& value) {
    std::string s = kLlamaConfig;
    const std::string k = "\"" + key + "\": ";
    const auto at = s.find(k);
    if (at == std::string::npos)
        return s;
    auto end = s.find_first_of(",}", at + k.size());
    if (value.empty()) {
        if (s[end] == ',')
            ++end;
        s.erase(at, end - at);
    } else {
        s.replace(at + k.size(), end - at - k.size(), value);
    }
    return s;
}

} // namespace

class TstHfImport : public QObject {
    Q_OBJECT
private slots:
    void sharedConfigs_data();
    void sharedConfigs();
    void allSharedDirsListed();
    void architecturesFallback();
    void familyErrors();
    void malformedConfig_data();
    void malformedConfig();
    void gemma3Nested();
    void deepseekV2LiteDirectQ();
    void qwen2MoeSharedExpert();
    void gpt2Defaults();
    void softcapping_data();
    void softcapping();
    void fileErrors();
    void safetensorsHeaderErrors();
    void safetensorsTiny();
    void safetensorsInconsistent();
    void safetensorsHostileShapes_data();
    void safetensorsHostileShapes();
    void qwenMoeDenseLayers_data();
    void qwenMoeDenseLayers();
    void realIndexFiles();
    void indexErrors();
    void loadModelFileByName();
    void customModelTypeImportsAsArchitecture();
    void quantizationConfig_data();
    void quantizationConfig();
    void headerDisagreesWithConfig();
};

void TstHfImport::sharedConfigs_data() {
    QTest::addColumn<QString>("dir");
    QTest::addColumn<QString>("family");
    QTest::addColumn<int>("layers");
    QTest::addColumn<qint64>("hidden");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("kv");
    QTest::addColumn<int>("headDim");
    QTest::addColumn<qint64>("ffn");
    QTest::addColumn<qint64>("vocab");
    QTest::addColumn<bool>("tied");
    QTest::addColumn<int>("experts");
    QTest::addColumn<int>("topk");
    QTest::addColumn<int>("window");
    QTest::addColumn<int>("slidingLayers");
    QTest::addColumn<qint64>("maxPos");
    QTest::addColumn<int>("dtype");

    const int bf16 = int(DType::BF16);
    // Values as written in each config.json (ffn of MoE models: the expert width where the
    // family uses intermediate_size for it).
    QTest::newRow("Llama-2-7b-hf")
        << "Llama-2-7b-hf"
        << "llama" << 32 << qint64(4096) << 32 << 32 << 128 << qint64(11008) << qint64(32000)
        << false << 0 << 0 << 0 << 0 << qint64(4096) << int(DType::FP16);
    QTest::newRow("Llama-2-13b-hf")
        << "Llama-2-13b-hf"
        << "llama" << 40 << qint64(5120) << 40 << 40 << 128 << qint64(13824) << qint64(32000)
        << false << 0 << 0 << 0 << 0 << qint64(4096) << int(DType::FP16);
    QTest::newRow("Llama-3.1-8B") << "Llama-3.1-8B"
                                  << "llama" << 32 << qint64(4096) << 32 << 8 << 128
                                  << qint64(14336) << qint64(128256) << false << 0 << 0 << 0 << 0
                                  << qint64(131072) << bf16;
    QTest::newRow("Llama-3.1-70B")
        << "Llama-3.1-70B"
        << "llama" << 80 << qint64(8192) << 64 << 8 << 128 << qint64(28672) << qint64(128256)
        << false << 0 << 0 << 0 << 0 << qint64(131072) << bf16;
    QTest::newRow("Llama-3.2-1B") << "Llama-3.2-1B"
                                  << "llama" << 16 << qint64(2048) << 32 << 8 << 64 << qint64(8192)
                                  << qint64(128256) << true << 0 << 0 << 0 << 0 << qint64(131072)
                                  << bf16;
    QTest::newRow("Llama-3.2-1B-Instruct")
        << "Llama-3.2-1B-Instruct"
        << "llama" << 16 << qint64(2048) << 32 << 8 << 64 << qint64(8192) << qint64(128256) << true
        << 0 << 0 << 0 << 0 << qint64(131072) << bf16;
    QTest::newRow("Llama-3.2-3B-Instruct")
        << "Llama-3.2-3B-Instruct"
        << "llama" << 28 << qint64(3072) << 24 << 8 << 128 << qint64(8192) << qint64(128256) << true
        << 0 << 0 << 0 << 0 << qint64(131072) << bf16;
    QTest::newRow("Mixtral-8x7B-v0.1")
        << "Mixtral-8x7B-v0.1"
        << "mixtral" << 32 << qint64(4096) << 32 << 8 << 128 << qint64(14336) << qint64(32000)
        << false << 8 << 2 << 0 << 0 << qint64(32768) << bf16;
    QTest::newRow("gemma-2-9b-it")
        << "gemma-2-9b-it"
        << "gemma2" << 42 << qint64(3584) << 16 << 8 << 256 << qint64(14336) << qint64(256000)
        << true << 0 << 0 << 4096 << 21 << qint64(8192) << bf16;
    QTest::newRow("Phi-3-mini-4k-instruct")
        << "Phi-3-mini-4k-instruct"
        << "phi3" << 32 << qint64(3072) << 32 << 32 << 96 << qint64(8192) << qint64(32064) << false
        << 0 << 0 << 2047 << 32 << qint64(4096) << bf16;
    QTest::newRow("Qwen2.5-0.5B") << "Qwen2.5-0.5B"
                                  << "qwen2" << 24 << qint64(896) << 14 << 2 << 64 << qint64(4864)
                                  << qint64(151936) << true << 0 << 0 << 0 << 0 << qint64(32768)
                                  << bf16;
    QTest::newRow("Qwen2.5-7B") << "Qwen2.5-7B"
                                << "qwen2" << 28 << qint64(3584) << 28 << 4 << 128 << qint64(18944)
                                << qint64(152064) << false << 0 << 0 << 0 << 0 << qint64(131072)
                                << bf16;
    QTest::newRow("Qwen3-8B") << "Qwen3-8B"
                              << "qwen3" << 36 << qint64(4096) << 32 << 8 << 128 << qint64(12288)
                              << qint64(151936) << false << 0 << 0 << 0 << 0 << qint64(40960)
                              << bf16;
    QTest::newRow("Qwen3-30B-A3B")
        << "Qwen3-30B-A3B"
        << "qwen3_moe" << 48 << qint64(2048) << 32 << 4 << 128 << qint64(6144) << qint64(151936)
        << false << 128 << 8 << 0 << 0 << qint64(40960) << bf16;
    QTest::newRow("gpt-oss-20b") << "gpt-oss-20b"
                                 << "gpt_oss" << 24 << qint64(2880) << 64 << 8 << 64 << qint64(2880)
                                 << qint64(201088) << false << 32 << 4 << 128 << 12
                                 << qint64(131072) << bf16;
    QTest::newRow("gpt-oss-120b") << "gpt-oss-120b"
                                  << "gpt_oss" << 36 << qint64(2880) << 64 << 8 << 64
                                  << qint64(2880) << qint64(201088) << false << 128 << 4 << 128
                                  << 18 << qint64(131072) << bf16;
    QTest::newRow("DeepSeek-V3") << "DeepSeek-V3"
                                 << "deepseek_v3" << 61 << qint64(7168) << 128 << 128 << 192
                                 << qint64(18432) << qint64(129280) << false << 256 << 8 << 0 << 0
                                 << qint64(163840) << int(DType::FP8);
    QTest::newRow("Llama-2-7b-GPTQ-synthetic")
        << "Llama-2-7b-GPTQ-synthetic"
        << "llama" << 32 << qint64(4096) << 32 << 32 << 128 << qint64(11008) << qint64(32000)
        << false << 0 << 0 << 0 << 0 << qint64(4096) << int(DType::INT4);
    QTest::newRow("Llama-2-7b-AWQ-synthetic")
        << "Llama-2-7b-AWQ-synthetic"
        << "llama" << 32 << qint64(4096) << 32 << 32 << 128 << qint64(11008) << qint64(32000)
        << false << 0 << 0 << 0 << 0 << qint64(4096) << int(DType::INT4);
    QTest::newRow("falcon-7b") << "falcon-7b"
                               << "falcon" << 32 << qint64(4544) << 71 << 1 << 64 << qint64(18176)
                               << qint64(65024) << true << 0 << 0 << 0 << 0 << qint64(2048) << bf16;
    QTest::newRow("gpt2-large") << "gpt2-large"
                                << "gpt2" << 36 << qint64(1280) << 20 << 20 << 64 << qint64(5120)
                                << qint64(50257) << true << 0 << 0 << 0 << 0 << qint64(1024)
                                << int(DType::FP32);
}

void TstHfImport::sharedConfigs() {
    QFETCH(QString, dir);
    QFETCH(QString, family);
    QFETCH(int, layers);
    QFETCH(qint64, hidden);
    QFETCH(int, heads);
    QFETCH(int, kv);
    QFETCH(int, headDim);
    QFETCH(qint64, ffn);
    QFETCH(qint64, vocab);
    QFETCH(bool, tied);
    QFETCH(int, experts);
    QFETCH(int, topk);
    QFETCH(int, window);
    QFETCH(int, slidingLayers);
    QFETCH(qint64, maxPos);
    QFETCH(int, dtype);
    auto r = loadHfConfig(modelsDir() / dir.toStdString() / "config.json");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().detail.c_str());
    const ModelArch& m = r.value();
    QCOMPARE(QString::fromStdString(m.name), dir);
    QCOMPARE(QString::fromStdString(m.family), family);
    QCOMPARE(m.numLayers, layers);
    QCOMPARE(qint64(m.hiddenSize), hidden);
    QCOMPARE(m.numHeads, heads);
    QCOMPARE(m.numKvHeads, kv);
    QCOMPARE(m.headDim, headDim);
    QCOMPARE(qint64(m.intermediateSize), ffn);
    QCOMPARE(qint64(m.vocabSize), vocab);
    QCOMPARE(m.tiedEmbeddings, tied);
    QCOMPARE(m.moe.numExperts, experts);
    QCOMPARE(m.moe.expertsPerToken, topk);
    QCOMPARE(m.slidingWindow, window);
    QCOMPARE(m.slidingLayers, slidingLayers);
    QCOMPARE(qint64(m.maxPositions), maxPos);
    QCOMPARE(int(m.nativeDType), dtype);
    QCOMPARE(validateArch(m), ArchError::Ok);
}

void TstHfImport::allSharedDirsListed() {
    int dirs = 0;
    for (const auto& e : std::filesystem::directory_iterator(modelsDir())) {
        if (!e.is_directory())
            continue;
        ++dirs;
        auto r = loadModelFile(e.path() / "config.json");
        QVERIFY2(r.ok(), qPrintable(QString::fromStdString(e.path().string())));
    }
    QCOMPARE(dirs, 21); // == rows of sharedConfigs_data()
}

void TstHfImport::architecturesFallback() {
    // Mistral 7B v0.1 config without model_type: family from architectures[0].
    const char* text = R"({"architectures": ["MistralForCausalLM"], "hidden_size": 4096,
        "intermediate_size": 14336, "num_attention_heads": 32, "num_hidden_layers": 32,
        "num_key_value_heads": 8, "vocab_size": 32000, "sliding_window": 4096,
        "max_position_embeddings": 32768, "torch_dtype": "bfloat16"})";
    auto r = parseHfConfig(text, "Mistral-7B-v0.1");
    QVERIFY(r.ok());
    QCOMPARE(r->family, std::string("mistral"));
    QCOMPARE(r->slidingWindow, 4096);
    QCOMPARE(r->slidingLayers, 32);
    // calibration.records.json FQ-11 param_count (Mistral-7B, same shapes).
    QCOMPARE(countParameters(*r).total, int64_t(7241732096));
    QCOMPARE(r->name, std::string("Mistral-7B-v0.1"));

    auto q = parseHfConfig(R"({"architectures": ["Qwen3MoeForCausalLM"], "hidden_size": 2048,
        "intermediate_size": 6144, "num_attention_heads": 32, "num_hidden_layers": 48,
        "num_key_value_heads": 4, "head_dim": 128, "vocab_size": 151936, "num_experts": 128,
        "num_experts_per_tok": 8, "moe_intermediate_size": 768})");
    QVERIFY(q.ok());
    QCOMPARE(q->family, std::string("qwen3_moe"));
    QCOMPARE(q->name, std::string("qwen3_moe")); // no name given, no _name_or_path
}

void TstHfImport::familyErrors() {
    auto a = parseHfConfig(R"({"model_type": "bert", "hidden_size": 1024})");
    QVERIFY(!a.ok());
    QCOMPARE(a.error().code, ErrorCode::UnsupportedFamily);
    QCOMPARE(a.error().field, std::string("model_type"));
    QCOMPARE(a.error().detail, std::string("bert"));

    auto b = parseHfConfig(R"({"architectures": ["BertForMaskedLM"], "hidden_size": 1024})");
    QVERIFY(!b.ok());
    QCOMPARE(b.error().code, ErrorCode::UnsupportedFamily);
    QCOMPARE(b.error().field, std::string("architectures"));
    QCOMPARE(b.error().detail, std::string("BertForMaskedLM"));

    auto c = parseHfConfig(R"({"hidden_size": 1024})");
    QVERIFY(!c.ok());
    QCOMPARE(c.error().code, ErrorCode::FieldMissing);
    QCOMPARE(c.error().field, std::string("model_type"));

    auto d = parseHfConfig(R"({"model_type": 7})");
    QVERIFY(!d.ok());
    QCOMPARE(d.error().code, ErrorCode::FieldWrongType);
    QCOMPARE(d.error().field, std::string("model_type"));

    auto e = parseHfConfig("[1, 2, 3]");
    QVERIFY(!e.ok());
    QCOMPARE(e.error().code, ErrorCode::FieldWrongType);
}

void TstHfImport::malformedConfig_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("field");
    const std::string base = kLlamaConfig;
    QTest::newRow("valid") << QString(kLlamaConfig) << -1 << "";
    QTest::newRow("truncated") << QString::fromStdString(base.substr(0, base.size() / 2))
                               << int(ErrorCode::JsonMalformed) << "";
    QTest::newRow("empty text") << "" << int(ErrorCode::JsonMalformed) << "";
    QTest::newRow("missing hidden_size") << QString::fromStdString(llamaWith("hidden_size", ""))
                                         << int(ErrorCode::FieldMissing) << "hidden_size";
    QTest::newRow("missing vocab_size") << QString::fromStdString(llamaWith("vocab_size", ""))
                                        << int(ErrorCode::FieldMissing) << "vocab_size";
    QTest::newRow("null num_hidden_layers")
        << QString::fromStdString(llamaWith("num_hidden_layers", "null"))
        << int(ErrorCode::FieldMissing) << "num_hidden_layers";
    QTest::newRow("negative layers") << QString::fromStdString(llamaWith("num_hidden_layers", "-3"))
                                     << int(ErrorCode::FieldOutOfRange) << "num_hidden_layers";
    QTest::newRow("zero heads") << QString::fromStdString(llamaWith("num_attention_heads", "0"))
                                << int(ErrorCode::FieldOutOfRange) << "num_attention_heads";
    QTest::newRow("NaN literal") << QString::fromStdString(llamaWith("hidden_size", "NaN"))
                                 << int(ErrorCode::JsonMalformed) << "";
    QTest::newRow("Infinity literal")
        << QString::fromStdString(llamaWith("hidden_size", "Infinity"))
        << int(ErrorCode::JsonMalformed) << "";
    QTest::newRow("string nan") << QString::fromStdString(llamaWith("hidden_size", "\"nan\""))
                                << int(ErrorCode::FieldWrongType) << "hidden_size";
    QTest::newRow("hidden_size string")
        << QString::fromStdString(llamaWith("hidden_size", "\"4096\""))
        << int(ErrorCode::FieldWrongType) << "hidden_size";
    QTest::newRow("hidden_size bool") << QString::fromStdString(llamaWith("hidden_size", "true"))
                                      << int(ErrorCode::FieldWrongType) << "hidden_size";
    QTest::newRow("hidden_size fractional")
        << QString::fromStdString(llamaWith("hidden_size", "4096.5"))
        << int(ErrorCode::FieldWrongType) << "hidden_size";
    QTest::newRow("hidden_size 4096.0 accepted")
        << QString::fromStdString(llamaWith("hidden_size", "4096.0")) << -1 << "";
    QTest::newRow("huge hidden 1e30") << QString::fromStdString(llamaWith("hidden_size", "1e30"))
                                      << int(ErrorCode::FieldOutOfRange) << "hidden_size";
    QTest::newRow("huge layers int")
        << QString::fromStdString(llamaWith("num_hidden_layers", "99999999999999999999"))
        << int(ErrorCode::FieldOutOfRange) << "num_hidden_layers";
    QTest::newRow("kv heads not dividing")
        << QString::fromStdString(llamaWith("num_key_value_heads", "5"))
        << int(ErrorCode::FieldOutOfRange) << "num_key_value_heads";
    QTest::newRow("hidden not divisible by heads")
        << QString::fromStdString(llamaWith("num_attention_heads", "30"))
        << int(ErrorCode::FieldOutOfRange) << "num_attention_heads";
    // Each field within its own bound, but the model would exceed 1e14 parameters.
    QTest::newRow("too many parameters")
        << QString::fromStdString(llamaWith("intermediate_size", "1000000000"))
        << int(ErrorCode::FieldOutOfRange) << "num_parameters";
    QTest::newRow("unknown torch_dtype")
        << QString::fromStdString(llamaWith("torch_dtype", "\"float13\""))
        << int(ErrorCode::UnknownValue) << "torch_dtype";
    QTest::newRow("tie_word_embeddings string")
        << QString::fromStdString(llamaWith("tie_word_embeddings", "\"yes\""))
        << int(ErrorCode::FieldWrongType) << "tie_word_embeddings";
}

void TstHfImport::malformedConfig() {
    QFETCH(QString, text);
    QFETCH(int, code);
    QFETCH(QString, field);
    const std::string t = text.toStdString();
    auto r = parseHfConfig(t);
    if (code < 0) {
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().detail.c_str());
        QCOMPARE(countParameters(*r).total, int64_t(6738415616));
        return;
    }
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().code), code);
    QCOMPARE(QString::fromStdString(r.error().field), field);
}

void TstHfImport::gemma3Nested() {
    // google/gemma-3-27b-it config.json layout: the language model is text_config, whose
    // vocab_size is left to Gemma3TextConfig's default (262208).
    const char* text =
        R"({"architectures": ["Gemma3ForConditionalGeneration"], "model_type": "gemma3",
      "text_config": {"head_dim": 128, "hidden_size": 5376, "intermediate_size": 21504,
        "model_type": "gemma3_text", "num_attention_heads": 32, "num_hidden_layers": 62,
        "num_key_value_heads": 16, "query_pre_attn_scalar": 168,
        "rope_scaling": {"factor": 8.0, "rope_type": "linear"}, "sliding_window": 1024},
      "torch_dtype": "bfloat16", "vision_config": {"hidden_size": 1152, "model_type": "siglip_vision_model"}})";
    auto r = parseHfConfig(text, "gemma-3-27b-it");
    QVERIFY(r.ok());
    QCOMPARE(r->family, std::string("gemma3_text"));
    QCOMPARE(r->vocabSize, int64_t(262208));
    QVERIFY(r->tiedEmbeddings);
    QVERIFY(r->qkNorm);
    QCOMPARE(r->normsPerLayer, 4);
    QCOMPARE(r->slidingWindow, 1024);
    QCOMPARE(r->slidingLayers, 62 - 10); // every 6th layer is global
    // Gemma 3 technical report, Table 1: 27B = 1,416M embedding + 25,600M non-embedding
    // parameters (vision encoder 417M not counted).
    const double n = double(countParameters(*r).total);
    QVERIFY(std::abs(n - 27.016e9) / 27.016e9 < 0.005);

    auto missing = parseHfConfig(R"({"model_type": "gemma3"})");
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().code, ErrorCode::FieldMissing);
    QCOMPARE(missing.error().field, std::string("text_config"));

    auto bad = parseHfConfig(R"({"model_type": "gemma3", "text_config": {"hidden_size": "x"}})");
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().field, std::string("text_config.hidden_size"));
}

void TstHfImport::deepseekV2LiteDirectQ() {
    // deepseek-ai/DeepSeek-V2-Lite config.json (q_lora_rank null: q_proj is h x a x 192).
    const char* text = R"({"architectures": ["DeepseekV2ForCausalLM"], "model_type": "deepseek_v2",
      "hidden_size": 2048, "num_hidden_layers": 27, "num_attention_heads": 16, "num_key_value_heads": 16,
      "intermediate_size": 10944, "moe_intermediate_size": 1408, "n_routed_experts": 64,
      "n_shared_experts": 2, "num_experts_per_tok": 6, "first_k_dense_replace": 1, "moe_layer_freq": 1,
      "kv_lora_rank": 512, "q_lora_rank": null, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64,
      "v_head_dim": 128, "vocab_size": 102400, "max_position_embeddings": 163840,
      "topk_method": "greedy", "tie_word_embeddings": false, "torch_dtype": "bfloat16"})";
    auto r = parseHfConfig(text, "DeepSeek-V2-Lite");
    QVERIFY(r.ok());
    QCOMPARE(r->mla.qLoraRank, 0);
    QVERIFY(!r->moe.routerBias);
    const int64_t h = 2048, a = 16;
    const int64_t attn = h * a * 192 + h * (512 + 64) + 512 + 512 * a * (128 + 128) + a * 128 * h;
    QCOMPARE(layerShapes(*r, 0).attentionParams, attn);
    QCOMPARE(layerShapes(*r, 1).mlpParams, 2 * 3 * h * 1408 + h * 64); // 2 shared experts + router
    // DeepSeek-V2-Lite model card: 15.7B total, 2.4B activated. Without the embedding table
    // (DeepSeek's convention, see tst_params) we count 2,451,435,008: 2.1 % above the card's
    // two-digit figure, so that row uses 3 %.
    const ParamCount c = countParameters(*r);
    QCOMPARE(c.total, int64_t(15706484224));
    QVERIFY(std::abs(double(c.total) - 15.7e9) / 15.7e9 < 0.05 / 15.7);
    QCOMPARE(c.active - c.embedding, int64_t(2451435008));
    QVERIFY(std::abs(double(c.active - c.embedding) - 2.4e9) / 2.4e9 < 0.03);
}

void TstHfImport::qwen2MoeSharedExpert() {
    // Qwen/Qwen1.5-MoE-A2.7B config.json (qwen2_moe): 60 experts, top-4, one gated shared expert.
    const char* text = R"({"architectures": ["Qwen2MoeForCausalLM"], "model_type": "qwen2_moe",
      "hidden_size": 2048, "num_hidden_layers": 24, "num_attention_heads": 16, "num_key_value_heads": 16,
      "intermediate_size": 5632, "moe_intermediate_size": 1408, "shared_expert_intermediate_size": 5632,
      "num_experts": 60, "num_experts_per_tok": 4, "decoder_sparse_step": 1, "mlp_only_layers": [],
      "vocab_size": 151936, "tie_word_embeddings": false, "use_sliding_window": false,
      "sliding_window": 32768, "max_window_layers": 21, "torch_dtype": "bfloat16"})";
    auto r = parseHfConfig(text);
    QVERIFY(r.ok());
    QVERIFY(r->moe.sharedExpertGate);
    QCOMPARE(r->moe.sharedIntermediate, int64_t(5632));
    QCOMPARE(layerShapes(*r, 0).mlpParams, int64_t(3) * 2048 * 5632 + 2048 * 60 + 2048);
    QCOMPARE(r->slidingWindow, 0);
    // Qwen1.5-MoE-A2.7B model card: 14.3B total, 2.7B activated.
    const ParamCount c = countParameters(*r);
    QVERIFY(std::abs(double(c.total) - 14.3e9) / 14.3e9 < 0.05 / 14.3);
    QVERIFY(std::abs(double(c.active) - 2.7e9) / 2.7e9 < 0.05 / 2.7);

    auto step2 = parseHfConfig(std::string(text).replace(
        std::string(text).find("\"decoder_sparse_step\": 1"), 24, "\"decoder_sparse_step\": 2"));
    QVERIFY(!step2.ok());
    QCOMPARE(step2.error().field, std::string("decoder_sparse_step"));
}

// tanh soft-capping (ModelArch::attnSoftcap / finalSoftcap): Gemma2Config's class defaults
// attn_logit_softcapping 50.0 and final_logit_softcapping 30.0 apply when the keys are absent,
// null turns either off, another family has none unless its config sets one; a value <= 0 or
// not a number is an error naming the key.
void TstHfImport::softcapping_data() {
    QTest::addColumn<QString>("keys"); // JSON members added to a gemma2 or llama config
    QTest::addColumn<QString>("family");
    QTest::addColumn<bool>("attn");
    QTest::addColumn<bool>("final");
    QTest::addColumn<int>("code"); // -1: imports
    QTest::addColumn<QString>("field");
    QTest::newRow("gemma2-defaults") << ""
                                     << "gemma2" << true << true << -1 << "";
    QTest::newRow("gemma2-published")
        << R"("attn_logit_softcapping": 50.0, "final_logit_softcapping": 30.0, )"
        << "gemma2" << true << true << -1 << "";
    QTest::newRow("gemma2-attn-null") << R"("attn_logit_softcapping": null, )"
                                      << "gemma2" << false << true << -1 << "";
    QTest::newRow("llama-none") << ""
                                << "llama" << false << false << -1 << "";
    QTest::newRow("llama-final-set") << R"("final_logit_softcapping": 30, )"
                                     << "llama" << false << true << -1 << "";
    QTest::newRow("gemma2-zero") << R"("final_logit_softcapping": 0.0, )"
                                 << "gemma2" << false << false << int(ErrorCode::FieldOutOfRange)
                                 << "final_logit_softcapping";
    QTest::newRow("gemma2-string")
        << R"("attn_logit_softcapping": "50", )"
        << "gemma2" << false << false << int(ErrorCode::FieldWrongType) << "attn_logit_softcapping";
}

void TstHfImport::softcapping() {
    QFETCH(QString, keys);
    QFETCH(QString, family);
    QFETCH(bool, attn);
    QFETCH(bool, final);
    QFETCH(int, code);
    QFETCH(QString, field);
    const std::string text =
        "{\"model_type\": \"" + family.toStdString() + "\", " + keys.toStdString() +
        R"("num_hidden_layers": 4, "hidden_size": 256, "intermediate_size": 512,
                                "num_attention_heads": 4, "num_key_value_heads": 2,
                                "head_dim": 64, "vocab_size": 1000})";
    auto r = parseHfConfig(text);
    if (code >= 0) {
        QVERIFY(!r.ok());
        QCOMPARE(int(r.error().code), code);
        QCOMPARE(QString::fromStdString(r.error().field), field);
        return;
    }
    QVERIFY2(r.ok(), r.ok() ? "" : describe(r.error()).c_str());
    QCOMPARE(r->attnSoftcap, attn);
    QCOMPARE(r->finalSoftcap, final);
}

void TstHfImport::gpt2Defaults() {
    // n_inner null -> 4 x n_embd; gpt2 small shapes.
    auto r = parseHfConfig(R"({"model_type": "gpt2", "n_embd": 768, "n_layer": 12, "n_head": 12,
                               "n_inner": null, "n_positions": 1024, "vocab_size": 50257})");
    QVERIFY(r.ok());
    QCOMPARE(r->intermediateSize, int64_t(3072));
    QCOMPARE(r->learnedPositions, int64_t(1024));
    QCOMPARE(r->norm, NormKind::LayerNorm);
    QCOMPARE(r->mlp, MlpKind::Plain);
    // GPT2Config's activation_function default is "gelu_new" (NewGELUActivation)
    QVERIFY(r->geluNew);
    // gpt2 (124M): 124,439,808 parameters with the tied head (HF GPT2LMHeadModel).
    QCOMPARE(countParameters(*r).total, int64_t(124439808));
    auto missing =
        parseHfConfig(R"({"model_type": "gpt2", "n_embd": 768, "n_head": 12, "n_positions": 1024,
                                     "vocab_size": 50257})");
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().code, ErrorCode::FieldMissing);
    QCOMPARE(missing.error().field, std::string("n_layer"));
    // another activation named by the config is a fused one; a non-string is an error
    const std::string gpt2 = R"({"model_type": "gpt2", "n_embd": 768, "n_layer": 12, "n_head": 12,
                                 "n_positions": 1024, "vocab_size": 50257, )";
    auto gelu = parseHfConfig(gpt2 + R"("activation_function": "gelu"})");
    QVERIFY(gelu.ok());
    QVERIFY(!gelu->geluNew);
    auto number = parseHfConfig(gpt2 + R"("activation_function": 3})");
    QVERIFY(!number.ok());
    QCOMPARE(number.error().code, ErrorCode::FieldWrongType);
    QCOMPARE(number.error().field, std::string("activation_function"));
}

void TstHfImport::fileErrors() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const std::filesystem::path dir = tmp.path().toStdString();

    // Missing file.
    auto missing = loadHfConfig(dir / "nope" / "config.json");
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().code, ErrorCode::FileUnreadable);

    // A directory instead of a file.
    std::filesystem::create_directory(dir / "config.json");
    auto isDir = loadHfConfig(dir / "config.json");
    QVERIFY(!isDir.ok());
    QCOMPARE(isDir.error().code, ErrorCode::FileUnreadable);
    QCOMPARE(loadSafetensorsHeader(dir / "config.json").error().code, ErrorCode::FileUnreadable);

    // Empty file.
    writeFile(dir / "empty.json", "");
    auto empty = loadHfConfig(dir / "empty.json");
    QVERIFY(!empty.ok());
    QCOMPARE(empty.error().code, ErrorCode::JsonMalformed);

    // 10 MB of junk JSON: refused by size before parsing.
    {
        std::string junk = "{\"junk\": [";
        while (junk.size() < 10u * 1000u * 1000u)
            junk += "123456789, ";
        junk += "0]}";
        writeFile(dir / "big.json", junk);
    }
    auto big = loadHfConfig(dir / "big.json");
    QVERIFY(!big.ok());
    QCOMPARE(big.error().code, ErrorCode::FileTooLarge);

    // Truncated file.
    const std::string full = kLlamaConfig;
    writeFile(dir / "trunc.json", full.substr(0, 40));
    QCOMPARE(loadHfConfig(dir / "trunc.json").error().code, ErrorCode::JsonMalformed);

    // A good file loads and takes its folder name.
    std::filesystem::create_directory(dir / "Llama-2-7b");
    writeFile(dir / "Llama-2-7b" / "config.json", full);
    auto good = loadHfConfig(dir / "Llama-2-7b" / "config.json");
    QVERIFY(good.ok());
    QCOMPARE(good->name, std::string("Llama-2-7b"));
}

void TstHfImport::safetensorsHeaderErrors() {
    QTemporaryDir tmp;
    const std::filesystem::path dir = tmp.path().toStdString();

    // Header claiming 2^60 bytes: refused without allocating.
    writeFile(dir / "huge.safetensors", le64(uint64_t(1) << 60) + "{}");
    auto huge = loadSafetensorsHeader(dir / "huge.safetensors");
    QVERIFY(!huge.ok());
    QCOMPARE(huge.error().code, ErrorCode::FileTooLarge);
    QCOMPARE(huge.error().field, std::string("header_length"));

    // Length within 100 MiB but beyond the file.
    writeFile(dir / "beyond.safetensors", le64(5000) + "{\"a\": 1}");
    auto beyond = loadSafetensorsHeader(dir / "beyond.safetensors");
    QVERIFY(!beyond.ok());
    QCOMPARE(beyond.error().code, ErrorCode::HeaderMalformed);
    QCOMPARE(beyond.error().field, std::string("header_length"));

    // File shorter than the 8-byte length.
    writeFile(dir / "short.safetensors", std::string("\x10\x00\x00", 3));
    auto shortFile = loadSafetensorsHeader(dir / "short.safetensors");
    QVERIFY(!shortFile.ok());
    QCOMPARE(shortFile.error().code, ErrorCode::HeaderMalformed);

    // Truncated header JSON (length matches the bytes, JSON cut short).
    const std::string cut = R"({"w": {"dtype": "BF16", "shape": [2, 2], "data_o)";
    writeFile(dir / "cut.safetensors", le64(cut.size()) + cut);
    auto truncated = loadSafetensorsHeader(dir / "cut.safetensors");
    QVERIFY(!truncated.ok());
    QCOMPARE(truncated.error().code, ErrorCode::HeaderMalformed);

    // Empty file, missing file.
    writeFile(dir / "empty.safetensors", "");
    QCOMPARE(loadSafetensorsHeader(dir / "empty.safetensors").error().code,
             ErrorCode::HeaderMalformed);
    QCOMPARE(loadSafetensorsHeader(dir / "missing.safetensors").error().code,
             ErrorCode::FileUnreadable);

    // Header that is JSON but not an object.
    writeFile(dir / "array.safetensors", safetensors("[1, 2]", 0));
    QCOMPARE(loadSafetensorsHeader(dir / "array.safetensors").error().code,
             ErrorCode::HeaderMalformed);
}

void TstHfImport::safetensorsTiny() {
    QTemporaryDir tmp;
    const std::filesystem::path dir = tmp.path().toStdString();
    // Two tensors counted by hand: a = 2 x 3 BF16 (6 elements, 12 bytes), b = 4 F32
    // (4 elements, 16 bytes), c = 5 x 1 x 2 U8 (10 elements, 10 bytes), scalar d F32 (1, 4 bytes).
    const std::string header = R"({"__metadata__": {"format": "pt"},
        "a": {"dtype": "BF16", "shape": [2, 3], "data_offsets": [0, 12]},
        "b": {"dtype": "F32", "shape": [4], "data_offsets": [12, 28]},
        "c": {"dtype": "U8", "shape": [5, 1, 2], "data_offsets": [28, 38]},
        "d": {"dtype": "F32", "shape": [], "data_offsets": [38, 42]}})";
    writeFile(dir / "model.safetensors", safetensors(header, 42));
    auto r = loadSafetensorsHeader(dir / "model.safetensors");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().detail.c_str());
    QCOMPARE(r->tensorCount, 4);
    QCOMPARE(r->totalElements, int64_t(6 + 4 + 10 + 1));
    QCOMPARE(r->totalBytes, int64_t(42));
    QCOMPARE(r->elementsByDtype.at("BF16"), int64_t(6));
    QCOMPARE(r->elementsByDtype.at("F32"), int64_t(5));
    QCOMPARE(r->elementsByDtype.at("U8"), int64_t(10));
    QCOMPARE(r->elementsByDtype.count("__metadata__"), size_t(0));
}

void TstHfImport::safetensorsInconsistent() {
    QTemporaryDir tmp;
    const std::filesystem::path dir = tmp.path().toStdString();
    struct Row {
        const char* name;
        std::string header;
        size_t data;
    };
    const Row rows[] = {
        {"end beyond data", R"({"a": {"dtype": "BF16", "shape": [2, 3], "data_offsets": [0, 12]}})",
         8},
        {"begin after end", R"({"a": {"dtype": "BF16", "shape": [0], "data_offsets": [12, 0]}})",
         12},
        {"size mismatch", R"({"a": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 12]}})",
         12},
        {"overlap", R"({"a": {"dtype": "BF16", "shape": [6], "data_offsets": [0, 12]},
                        "b": {"dtype": "BF16", "shape": [4], "data_offsets": [4, 12]}})",
         12},
        {"offsets not pair", R"({"a": {"dtype": "BF16", "shape": [6], "data_offsets": [0]}})", 12},
        {"negative dim", R"({"a": {"dtype": "BF16", "shape": [-6], "data_offsets": [0, 12]}})", 12},
        {"missing dtype", R"({"a": {"shape": [6], "data_offsets": [0, 12]}})", 12},
        {"entry not object", R"({"a": 5})", 0},
        {"overflowing shape",
         R"({"a": {"dtype": "U8", "shape": [4294967296, 4294967296], "data_offsets": [0, 1]}})", 1},
    };
    for (const Row& row : rows) {
        writeFile(dir / "x.safetensors", safetensors(row.header, row.data));
        auto r = loadSafetensorsHeader(dir / "x.safetensors");
        QVERIFY2(!r.ok(), row.name);
        QCOMPARE(r.error().code, ErrorCode::HeaderMalformed);
    }
}

/// A header of @p count tensors t0000, t0001, ... each of @p dtype and @p shape, all at
/// data_offsets [0, @p bytes] (zero-length ranges never overlap).
namespace {
std::string manyTensors(int count, const std::string& dtype, const std::string& shape, int bytes) {
    std::string h = "{";
    for (int i = 0; i < count; ++i) {
        char name[16];
        std::snprintf(name, sizeof name, "t%04d", i);
        h += std::string(i ? ", " : "") + "\"" + name + "\": {\"dtype\": \"" + dtype +
             "\", \"shape\": " + shape + ", \"data_offsets\": [0, " + std::to_string(bytes) + "]}";
    }
    return h + "}";
}
} // namespace

void TstHfImport::safetensorsHostileShapes_data() {
    QTest::addColumn<QString>("header");
    QTest::addColumn<int>("dataBytes");
    QTest::addColumn<int>("code"); // -1: accepted
    QTest::addColumn<QString>("field");
    QTest::addColumn<qint64>("elements"); // when accepted: hand sum of shape products
    const int bad = int(ErrorCode::HeaderMalformed);
    // Issue: 1,100 tensors of an unknown dtype and shape [2^53] summed past INT64_MAX
    // (1,100 x 2^53 ~ 9.9e18 > 9.22e18) because an unknown dtype skipped the size check.
    // 2^53 elements of at least one bit each need 2^50 bytes; the data holds 0.
    QTest::newRow("unknown-dtype-1100-tensors-2p53")
        << QString::fromStdString(manyTensors(1100, "X9", "[9007199254740992]", 0)) << 0 << bad
        << "t0000.data_offsets" << qint64(0);
    QTest::newRow("unknown-dtype-one-tensor-2p53")
        << QString::fromStdString(manyTensors(1, "X9", "[9007199254740992]", 0)) << 0 << bad
        << "t0000.data_offsets" << qint64(0);
    // 2^32 x 2^32 x 2^32 = 2^96 elements: the product leaves int64 at the third factor.
    QTest::newRow("unknown-dtype-product-2p96")
        << QString::fromStdString(manyTensors(1, "X9", "[4294967296, 4294967296, 4294967296]", 0))
        << 0 << bad << "t0000.shape" << qint64(0);
    QTest::newRow("bf16-product-2p96")
        << QString::fromStdString(manyTensors(1, "BF16", "[4294967296, 4294967296, 4294967296]", 0))
        << 0 << bad << "t0000.shape" << qint64(0);
    // 2^62 BF16 elements would be 2^63 bytes: the byte count itself overflows.
    QTest::newRow("bf16-bytes-2p63")
        << QString::fromStdString(manyTensors(1, "BF16", "[4611686018427387904]", 0)) << 0 << bad
        << "t0000.shape" << qint64(0);
    QTest::newRow("dim-above-int64")
        << QString::fromStdString(manyTensors(1, "U8", "[18446744073709551615]", 0)) << 0 << bad
        << "t0000.shape" << qint64(0);
    QTest::newRow("dim-float-2p63") << QString::fromStdString(manyTensors(1, "U8", "[9.3e18]", 0))
                                    << 0 << bad << "t0000.shape" << qint64(0);
    // An unknown dtype of 16 elements in 2 bytes (1 bit each) is possible; 17 is not.
    QTest::newRow("unknown-dtype-fits")
        << QString::fromStdString(manyTensors(1, "X9", "[4, 4]", 2)) << 2 << -1 << "" << qint64(16);
    QTest::newRow("unknown-dtype-too-many")
        << QString::fromStdString(manyTensors(1, "X9", "[17]", 2)) << 2 << bad
        << "t0000.data_offsets" << qint64(0);
    // F4: two elements a byte, rounded up: 3 elements -> ceil(1.5) = 2 bytes.
    QTest::newRow("f4-odd-count") << QString::fromStdString(manyTensors(1, "F4", "[3]", 2)) << 2
                                  << -1 << "" << qint64(3);
    QTest::newRow("f4-wrong-bytes") << QString::fromStdString(manyTensors(1, "F4", "[3]", 1)) << 1
                                    << bad << "t0000.data_offsets" << qint64(0);
}

void TstHfImport::safetensorsHostileShapes() {
    QFETCH(QString, header);
    QFETCH(int, dataBytes);
    QFETCH(int, code);
    QFETCH(QString, field);
    QFETCH(qint64, elements);
    QTemporaryDir tmp;
    const std::filesystem::path file =
        std::filesystem::path(tmp.path().toStdString()) / "x.safetensors";
    writeFile(file, safetensors(header.toStdString(), size_t(dataBytes)));
    auto r = loadSafetensorsHeader(file);
    if (code < 0) {
        QVERIFY2(r.ok(), r.ok() ? "" : describe(r.error()).c_str());
        QCOMPARE(r->totalElements, elements);
        return;
    }
    QVERIFY2(!r.ok(), "hostile header must be refused");
    QCOMPARE(int(r.error().code), code);
    QCOMPARE(QString::fromStdString(r.error().field), field);
}

void TstHfImport::qwenMoeDenseLayers_data() {
    QTest::addColumn<QString>("mlpOnlyLayers");
    QTest::addColumn<int>("code"); // -1: accepted
    QTest::addColumn<int>("firstDense");
    // num_hidden_layers is 2: at most layers 0 and 1 can be dense.
    QTest::newRow("one-leading") << "[0]" << -1 << 1;
    QTest::newRow("all-layers") << "[0, 1]" << -1 << 2;
    QTest::newRow("longer-than-layers") << "[0, 1, 2]" << int(ErrorCode::FieldOutOfRange) << 0;
    QTest::newRow("not-leading") << "[1]" << int(ErrorCode::FieldOutOfRange) << 0;
    QTest::newRow("not-integers") << "[\"0\"]" << int(ErrorCode::FieldOutOfRange) << 0;
}

void TstHfImport::qwenMoeDenseLayers() {
    QFETCH(QString, mlpOnlyLayers);
    QFETCH(int, code);
    QFETCH(int, firstDense);
    const std::string cfg = R"({"model_type": "qwen3_moe", "hidden_size": 8,
        "num_hidden_layers": 2, "num_attention_heads": 2, "num_key_value_heads": 2,
        "intermediate_size": 16, "vocab_size": 10, "num_experts": 4, "num_experts_per_tok": 2,
        "moe_intermediate_size": 8, "mlp_only_layers": )" +
                            mlpOnlyLayers.toStdString() + "}";
    auto r = parseHfConfig(cfg);
    if (code < 0) {
        QVERIFY2(r.ok(), r.ok() ? "" : describe(r.error()).c_str());
        QCOMPARE(r->moe.firstDenseLayers, firstDense);
        return;
    }
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().code), code);
    QCOMPARE(r.error().field, std::string("mlp_only_layers"));
}

void TstHfImport::realIndexFiles() {
    // PROVENANCE.md: Mixtral total_size 93,405,585,408 bytes (995 weight_map entries);
    // gemma-2-9b-it total_size 18,483,411,968 bytes.
    auto mix =
        loadSafetensorsIndex(modelsDir() / "Mixtral-8x7B-v0.1" / "model.safetensors.index.json");
    QVERIFY(mix.ok());
    QCOMPARE(mix->totalBytes, int64_t(93405585408));
    QCOMPARE(mix->tensorCount, 995);
    QCOMPARE(paramsFromBytes(mix->totalBytes, 2.0), std::optional<int64_t>(46702792704));
    auto gem = loadSafetensorsIndex(modelsDir() / "gemma-2-9b-it" / "model.safetensors.index.json");
    QVERIFY(gem.ok());
    QCOMPARE(gem->totalBytes, int64_t(18483411968));
    QCOMPARE(paramsFromBytes(gem->totalBytes, 2.0), std::optional<int64_t>(9241705984));

    // loadModelFile on an index: arch from config.json beside it, publishedParams from bytes,
    // and the architecture count agrees exactly.
    auto m = loadModelFile(modelsDir() / "Mixtral-8x7B-v0.1" / "model.safetensors.index.json");
    QVERIFY(m.ok());
    QCOMPARE(m->publishedParams, int64_t(46702792704));
    QCOMPARE(countParameters(*m).total, m->publishedParams);
    auto g = loadModelFile(modelsDir() / "gemma-2-9b-it" / "model.safetensors.index.json");
    QVERIFY(g.ok());
    QCOMPARE(countParameters(*g).total, g->publishedParams);
}

void TstHfImport::indexErrors() {
    auto noMeta = parseSafetensorsIndex(R"({"weight_map": {}})");
    QVERIFY(!noMeta.ok());
    QCOMPARE(noMeta.error().code, ErrorCode::FieldMissing);
    QCOMPARE(noMeta.error().field, std::string("metadata.total_size"));
    auto noTotal = parseSafetensorsIndex(R"({"metadata": {}, "weight_map": {}})");
    QCOMPARE(noTotal.error().code, ErrorCode::FieldMissing);
    QCOMPARE(noTotal.error().field, std::string("metadata.total_size"));
    auto negative = parseSafetensorsIndex(R"({"metadata": {"total_size": -5}, "weight_map": {}})");
    QCOMPARE(negative.error().code, ErrorCode::FieldOutOfRange);
    auto zero = parseSafetensorsIndex(R"({"metadata": {"total_size": 0}, "weight_map": {}})");
    QCOMPARE(zero.error().code, ErrorCode::FieldOutOfRange);
    auto str = parseSafetensorsIndex(R"({"metadata": {"total_size": "100"}, "weight_map": {}})");
    QCOMPARE(str.error().code, ErrorCode::FieldWrongType);
    auto noMap = parseSafetensorsIndex(R"({"metadata": {"total_size": 100}})");
    QCOMPARE(noMap.error().code, ErrorCode::FieldMissing);
    QCOMPARE(noMap.error().field, std::string("weight_map"));
    auto bad = parseSafetensorsIndex(R"({"metadata": {"total_size": 100}, "weight_map": )");
    QCOMPARE(bad.error().code, ErrorCode::JsonMalformed);
    auto ok = parseSafetensorsIndex(
        R"({"metadata": {"total_size": 100}, "weight_map": {"a": "x", "b": "x"}})");
    QVERIFY(ok.ok());
    QCOMPARE(ok->tensorCount, 2);
}

void TstHfImport::loadModelFileByName() {
    QTemporaryDir tmp;
    const std::filesystem::path dir = tmp.path().toStdString();
    // A tiny llama: 2 layers, h 8, 2 heads, ffn 16, vocab 10. Hand count:
    // embed 80 + lm_head 80 + per layer (4 x 64 attention + 3 x 128 FFN + 16 norms) + 8.
    const char* cfg = R"({"model_type": "llama", "hidden_size": 8, "num_hidden_layers": 2,
        "num_attention_heads": 2, "num_key_value_heads": 2, "intermediate_size": 16, "vocab_size": 10,
        "torch_dtype": "bfloat16"})";
    writeFile(dir / "config.json", cfg);
    const int64_t want = 80 + 80 + 2 * (4 * 64 + 3 * 128 + 16) + 8;
    // Header with the same element count in one BF16 blob.
    const std::string header = "{\"all\": {\"dtype\": \"BF16\", \"shape\": [" +
                               std::to_string(want) + "], \"data_offsets\": [0, " +
                               std::to_string(2 * want) + "]}}";
    writeFile(dir / "model.safetensors", safetensors(header, size_t(2 * want)));
    auto m = loadModelFile(dir / "model.safetensors");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().detail.c_str());
    QCOMPARE(m->publishedParams, want);
    QCOMPARE(countParameters(*m).total, want);
    // Config by name.
    auto c = loadModelFile(dir / "config.json");
    QVERIFY(c.ok());
    QCOMPARE(c->publishedParams, int64_t(0));
    // Index without a config beside it.
    QTemporaryDir other;
    const std::filesystem::path od = other.path().toStdString();
    writeFile(od / "model.safetensors.index.json",
              R"({"metadata": {"total_size": 100}, "weight_map": {}})");
    auto lone = loadModelFile(od / "model.safetensors.index.json");
    QVERIFY(!lone.ok());
    QCOMPARE(lone.error().code, ErrorCode::FileUnreadable);
}

// A config whose model_type is unknown but whose architectures[0] names a known class imports
// as that class (issue 15 item 3): DeepSeek-V3's config.json with model_type "kimi_k2_custom"
// has exactly the parameters of the known config, and the import says what it did.
void TstHfImport::customModelTypeImportsAsArchitecture() {
    auto known = loadHfConfig(modelsDir() / "DeepSeek-V3" / "config.json");
    QVERIFY(known.ok());
    std::ifstream in(modelsDir() / "DeepSeek-V3" / "config.json");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string from = "\"model_type\": \"deepseek_v3\"";
    const auto at = text.find(from);
    QVERIFY(at != std::string::npos);
    text.replace(at, from.size(), "\"model_type\": \"kimi_k2_custom\"");
    auto r = importHfConfig(text, "custom");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().detail.c_str());
    QCOMPARE(r->arch.family, std::string("deepseek_v3"));
    QCOMPARE(countParameters(r->arch).total, countParameters(known.value()).total);
    QCOMPARE(r->notes.size(), size_t(1));
    QCOMPARE(r->notes[0].code, ImportNoteCode::ArchitectureFallback);
    QCOMPARE(r->notes[0].field, std::string("model_type"));
    // Kimi-K2 ships exactly this way: model_type "kimi_k2", DeepseekV3ForCausalLM, fp8 128x128.
    // Hand count (modeling_deepseek.py shapes, h 7168, 64 heads, 61 layers, 1 dense, 384
    // experts of 2048 + 1 shared, top-8, V 163840): per layer MLA 7168 x 1536 + 1536 +
    // 1536 x 64 x 192 + 7168 x 576 + 512 + 512 x 64 x 256 + 64 x 128 x 7168; layer 0 a dense
    // FFN 3 x 7168 x 18432; layers 1-60 385 FFNs 3 x 7168 x 2048 + router 7168 x 384 + 384;
    // norms 123 x 7168; embed + lm_head 2 x 163840 x 7168: 1,026,408,232,448. Active without
    // the input embedding
    // 31,687,095,808 (Kimi-K2 model card: 1T total, 32B activated).
    auto kimi = importHfConfig(R"({"architectures": ["DeepseekV3ForCausalLM"],
        "model_type": "kimi_k2", "hidden_size": 7168, "intermediate_size": 18432,
        "moe_intermediate_size": 2048, "num_hidden_layers": 61, "num_attention_heads": 64,
        "num_key_value_heads": 64, "n_routed_experts": 384, "n_shared_experts": 1,
        "num_experts_per_tok": 8, "first_k_dense_replace": 1, "moe_layer_freq": 1,
        "q_lora_rank": 1536, "kv_lora_rank": 512, "qk_nope_head_dim": 128,
        "qk_rope_head_dim": 64, "v_head_dim": 128, "topk_method": "noaux_tc",
        "vocab_size": 163840, "max_position_embeddings": 131072,
        "tie_word_embeddings": false, "torch_dtype": "bfloat16",
        "quantization_config": {"activation_scheme": "dynamic", "fmt": "e4m3",
                                "quant_method": "fp8", "weight_block_size": [128, 128]}})");
    QVERIFY2(kimi.ok(), kimi.ok() ? "" : kimi.error().detail.c_str());
    QCOMPARE(kimi->arch.family, std::string("deepseek_v3"));
    QCOMPARE(kimi->notes.size(), size_t(1));
    const ParamCount kc = countParameters(kimi->arch);
    QCOMPARE(kc.total, int64_t(1026408232448));
    QCOMPARE(kc.active - 163840 * 7168, int64_t(31687095808));
    QCOMPARE(kimi->arch.quant.method, QuantMethod::Fp8Block);
    // fp8 storage: about 1 B per parameter plus bf16 embeddings: 1.03 TB, not 2.05 TB.
    const double kimiBytes = checkpointStorage(kimi->arch).totalBytes();
    QVERIFY2(kimiBytes > 1.02e12 && kimiBytes < 1.04e12, qPrintable(QString::number(kimiBytes)));

    // A known model_type needs no note; an unknown one with an unknown class is an error.
    auto plain = importHfConfig(kLlamaConfig);
    QVERIFY(plain.ok() && plain->notes.empty());
    auto bad = importHfConfig(R"({"model_type": "mystery", "architectures": ["MysteryLM"]})");
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().code, ErrorCode::UnsupportedFamily);
    QCOMPARE(bad.error().field, std::string("model_type"));
}

void TstHfImport::quantizationConfig_data() {
    QTest::addColumn<QString>("quant");
    QTest::addColumn<int>("method"); // -1: error
    QTest::addColumn<int>("bits");
    QTest::addColumn<int>("group");
    QTest::addColumn<bool>("attention");
    QTest::addColumn<bool>("experts");
    QTest::addColumn<bool>("lmHead");
    QTest::addColumn<int>("notes");
    QTest::newRow("fp8-deepseek")
        << R"({"quant_method": "fp8", "fmt": "e4m3", "weight_block_size": [128, 128]})"
        << int(QuantMethod::Fp8Block) << 8 << 128 << true << true << false << 0;
    QTest::newRow("mxfp4-gpt-oss")
        << R"({"quant_method": "mxfp4", "modules_to_not_convert": ["model.layers.*.self_attn",
              "model.layers.*.mlp.router", "model.embed_tokens", "lm_head"]})"
        << int(QuantMethod::Mxfp4) << 4 << 32 << false << true << false << 0;
    QTest::newRow("gptq-act-order-lm-head")
        << R"({"quant_method": "gptq", "bits": 4, "group_size": -1, "desc_act": true,
              "lm_head": true})"
        << int(QuantMethod::Gptq) << 4 << 0 << true << true << true << 0;
    QTest::newRow("awq-skip-experts")
        << R"({"quant_method": "awq", "bits": 4, "group_size": 64,
              "modules_to_not_convert": ["experts"]})"
        << int(QuantMethod::Awq) << 4 << 64 << true << false << false << 0;
    QTest::newRow("bitsandbytes-not-modelled")
        << R"({"quant_method": "bitsandbytes", "load_in_4bit": true})" << int(QuantMethod::None)
        << 16 << 128 << true << true << false << 1;
    QTest::newRow("group-zero") << R"({"quant_method": "gptq", "bits": 4, "group_size": 0})" << -1
                                << 0 << 0 << false << false << false << 0;
    QTest::newRow("bits-out-of-range")
        << R"({"quant_method": "gptq", "bits": 1})" << -1 << 0 << 0 << false << false << false << 0;
    QTest::newRow("block-not-pair") << R"({"quant_method": "fp8", "weight_block_size": [128]})"
                                    << -1 << 0 << 0 << false << false << false << 0;
}

void TstHfImport::quantizationConfig() {
    QFETCH(QString, quant);
    QFETCH(int, method);
    QFETCH(int, bits);
    QFETCH(int, group);
    QFETCH(bool, attention);
    QFETCH(bool, experts);
    QFETCH(bool, lmHead);
    QFETCH(int, notes);
    std::string text = kLlamaConfig;
    text.insert(text.rfind('}'), ", \"quantization_config\": " + quant.toStdString());
    auto r = importHfConfig(text);
    if (method < 0) {
        QVERIFY(!r.ok());
        QVERIFY(r.error().field.rfind("quantization_config.", 0) == 0);
        return;
    }
    QVERIFY2(r.ok(), r.ok() ? "" : (r.error().field + ": " + r.error().detail).c_str());
    const CheckpointQuant& q = r->arch.quant;
    QCOMPARE(int(q.method), method);
    QCOMPARE(q.bits, bits);
    QCOMPARE(q.groupSize, group);
    QCOMPARE(q.attention, attention);
    QCOMPARE(q.experts, experts);
    QCOMPARE(q.lmHead, lmHead);
    QCOMPARE(int(r->notes.size()), notes);
    if (notes > 0)
        QCOMPARE(r->notes[0].code, ImportNoteCode::QuantMethodNotModelled);
    QCOMPARE(q.other, DType::FP16); // kLlamaConfig's torch_dtype
}

// A header's bytes are what the file holds: they set the weight bytes, and a header that
// disagrees with the config (here: all-bf16 tensors under an fp8 quantization_config) is a
// note, not an error. Tiny llama: h 8, 1 layer, 2 heads, FFN 16, vocab 10, untied:
// attention 4 x 64 + MLP 3 x 128 + norms 2 x 8 + final 8 + embed 80 + head 80 = 824 params.
void TstHfImport::headerDisagreesWithConfig() {
    const std::string base = R"({"model_type": "llama", "hidden_size": 8,
        "intermediate_size": 16, "num_attention_heads": 2, "num_hidden_layers": 1,
        "vocab_size": 10, "torch_dtype": "bfloat16")";
    const std::string header =
        R"({"w": {"dtype": "BF16", "shape": [824], "data_offsets": [0, 1648]}})";
    QTemporaryDir tmp;
    const std::filesystem::path dir = tmp.path().toStdString();
    writeFile(dir / "model.safetensors", safetensors(header, 1648));

    writeFile(dir / "config.json", base + "}");
    auto agree = importModelFile(dir / "model.safetensors");
    QVERIFY2(agree.ok(), agree.ok() ? "" : agree.error().detail.c_str());
    QVERIFY(agree->notes.empty());
    QCOMPARE(agree->arch.headerWeightBytes, int64_t(1648));
    QCOMPARE(publishedWeightBytes(agree->arch), 1648.0);

    // fp8 config: linears 8x8 (64 + 4 scale bytes) x 4, 16x8 (128 + 4) x 2, 8x16 (128 + 4);
    // 24 norm + 160 embedding/head params x 2 B: 272 + 396 + 368 = 1036 bytes, not 1648.
    writeFile(dir / "config.json", base + R"(, "quantization_config": {"quant_method": "fp8",
                              "weight_block_size": [128, 128]}})");
    auto r = importModelFile(dir / "model.safetensors");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().detail.c_str());
    QCOMPARE(configStorage(r->arch).totalBytes(), 1036.0);
    QCOMPARE(r->notes.size(), size_t(1));
    QCOMPARE(r->notes[0].code, ImportNoteCode::HeaderDisagreesWithConfig);
    QCOMPARE(r->arch.headerWeightBytes, int64_t(1648));
    QCOMPARE(publishedWeightBytes(r->arch), 1648.0); // the header wins
    QCOMPARE(r->arch.publishedParams, int64_t(824));

    // A quantised header (F8_E4M3 weights + F32 scales) agrees with the fp8 config within
    // 1 %: no note; its packed elements do not count parameters, so the count stays unknown.
    // Bytes: 4 x 68 + 2 x 132 + 132 (fp8 + scales) + 184 x 2 (bf16) = 1036.
    const std::string fp8Header =
        R"({"w": {"dtype": "F8_E4M3", "shape": [668], "data_offsets": [0, 668]},
            "s": {"dtype": "BF16", "shape": [184], "data_offsets": [668, 1036]}})";
    writeFile(dir / "model.safetensors", safetensors(fp8Header, 1036));
    auto f8 = importModelFile(dir / "model.safetensors");
    QVERIFY2(f8.ok(), f8.ok() ? "" : f8.error().detail.c_str());
    QVERIFY(f8->notes.empty());
    QCOMPARE(f8->arch.publishedParams, int64_t(0));
    QCOMPARE(publishedWeightBytes(f8->arch), 1036.0);
}

QTEST_APPLESS_MAIN(TstHfImport)
#include "tst_hfimport.moc"
