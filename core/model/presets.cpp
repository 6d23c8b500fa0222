// presets.cpp: built-in model and GPU presets, compiled in from resources/*.json
// (core/embed.cmake). Each model preset's "architecture" is an HF-config-like object parsed
// by parseHfConfig, so presets and imported configs share one code path.

#include "core/model/presets.h"

#include "core/input_limits.h"
#include "core/model/hf_import.h"
#include "core/text_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>
#include <utility>

namespace headroom::embedded {
extern const std::string_view modelsJson;
extern const std::string_view gpusJson;
} // namespace headroom::embedded

namespace headroom {

namespace {

using json = nlohmann::json;

constexpr int kSchemaVersion = 1;

Error err(ErrorCode code, std::string field, std::string detail = {}) {
    return Error{code, std::move(field), std::move(detail)};
}

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

/// Parses the document and checks schema_version and the top-level array @p listKey.
Result<json> parseDocument(std::string_view text, const char* listKey) {
    if (auto deep = checkJsonDepth(text, listKey))
        return *deep;
    json j;
    try {
        j = json::parse(text.begin(), text.end());
    } catch (const std::exception& e) {
        return err(ErrorCode::JsonMalformed, {}, e.what());
    }
    if (!j.is_object())
        return err(ErrorCode::FieldWrongType, {},
                   "expected a JSON object, got " + std::string(j.type_name()));
    auto v = j.find("schema_version");
    if (v == j.end() || v->is_null())
        return err(ErrorCode::FieldMissing, "schema_version");
    if (!v->is_number_integer())
        return err(ErrorCode::FieldWrongType, "schema_version",
                   "expected integer, got " + std::string(v->type_name()));
    if (v->get<int64_t>() > kSchemaVersion)
        return err(ErrorCode::UnsupportedVersion, "schema_version",
                   std::to_string(v->get<int64_t>()));
    if (v->get<int64_t>() < 1)
        return err(ErrorCode::FieldOutOfRange, "schema_version", "must be >= 1");
    auto list = j.find(listKey);
    if (list == j.end() || list->is_null())
        return err(ErrorCode::FieldMissing, listKey);
    if (!list->is_array())
        return err(ErrorCode::FieldWrongType, listKey,
                   "expected array, got " + std::string(list->type_name()));
    return j;
}

/// A required non-empty string member.
Result<std::string> requiredString(const json& obj, const std::string& prefix, const char* key) {
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return err(ErrorCode::FieldMissing, prefix + key);
    if (!it->is_string())
        return err(ErrorCode::FieldWrongType, prefix + key,
                   "expected string, got " + std::string(it->type_name()));
    std::string s = it->get<std::string>();
    if (s.empty())
        return err(ErrorCode::FieldOutOfRange, prefix + key, "must not be empty");
    return s;
}

Result<std::string> optionalString(const json& obj, const std::string& prefix, const char* key) {
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return std::string{};
    if (!it->is_string())
        return err(ErrorCode::FieldWrongType, prefix + key,
                   "expected string, got " + std::string(it->type_name()));
    return it->get<std::string>();
}

struct GpuTable {
    std::vector<GpuSpec> gpus;
    std::vector<std::pair<std::string, size_t>> aliases; ///< lowercase alias -> index in gpus
};

Result<GpuTable> parseGpuTable(std::string_view text) {
    auto doc = parseDocument(text, "gpus");
    if (!doc)
        return doc.error();
    const json& list = doc.value()["gpus"];
    GpuTable t;
    std::set<std::string> names; // keys and aliases, lowercase
    for (size_t i = 0; i < list.size(); ++i) {
        const json& g = list[i];
        const std::string prefix = "gpus[" + std::to_string(i) + "].";
        if (!g.is_object())
            return err(ErrorCode::FieldWrongType, "gpus[" + std::to_string(i) + "]",
                       "expected object, got " + std::string(g.type_name()));
        GpuSpec s;
        auto key = requiredString(g, prefix, "key");
        if (!key)
            return key.error();
        s.key = key.value();
        if (!names.insert(lower(s.key)).second)
            return err(ErrorCode::FieldOutOfRange, prefix + "key", "duplicate key " + s.key);
        auto name = requiredString(g, prefix, "name");
        if (!name)
            return name.error();
        s.name = name.value();
        auto vendor = requiredString(g, prefix, "vendor");
        if (!vendor)
            return vendor.error();
        s.vendor = vendor.value();
        if (s.vendor != "nvidia" && s.vendor != "amd" && s.vendor != "intel" && s.vendor != "apple")
            return err(ErrorCode::UnknownValue, prefix + "vendor", s.vendor);

        auto mib = g.find("memory_mib");
        if (mib == g.end() || mib->is_null())
            return err(ErrorCode::FieldMissing, prefix + "memory_mib");
        if (!mib->is_number_integer())
            return err(ErrorCode::FieldWrongType, prefix + "memory_mib",
                       "expected integer, got " + std::string(mib->type_name()));
        const FieldLimit& mibLimit = fieldLimit(Limit::GpuMemoryMiB);
        const bool above =
            mib->is_number_unsigned() && mib->get<uint64_t>() > static_cast<uint64_t>(mibLimit.max);
        if (above || !mibLimit.contains(mib->get<int64_t>()))
            return err(ErrorCode::FieldOutOfRange, prefix + "memory_mib",
                       "must be in [" + std::to_string(mibLimit.min) + ", " +
                           std::to_string(mibLimit.max) + "] (got " + mib->dump() + ")");
        s.memoryMiB = mib->get<int64_t>();

        auto gb = g.find("vendor_gb");
        if (gb == g.end() || gb->is_null())
            return err(ErrorCode::FieldMissing, prefix + "vendor_gb");
        if (!gb->is_number())
            return err(ErrorCode::FieldWrongType, prefix + "vendor_gb",
                       "expected number, got " + std::string(gb->type_name()));
        s.vendorGB = gb->get<double>();
        if (!std::isfinite(s.vendorGB))
            return err(ErrorCode::FieldNotFinite, prefix + "vendor_gb");
        if (s.vendorGB <= 0 || s.vendorGB > 1e6)
            return err(ErrorCode::FieldOutOfRange, prefix + "vendor_gb", "must be > 0");

        if (auto ct = g.find("cuda_total_mib"); ct != g.end() && !ct->is_null()) {
            if (!ct->is_number_integer() || ct->get<int64_t>() < 1 ||
                ct->get<int64_t>() > s.memoryMiB)
                return err(ErrorCode::FieldOutOfRange, prefix + "cuda_total_mib",
                           "must be an integer in [1, memory_mib] (got " + ct->dump() + ")");
            s.cudaTotalMiB = ct->get<int64_t>();
        }
        if (auto nv = g.find("nvlink"); nv != g.end() && !nv->is_null()) {
            if (!nv->is_boolean())
                return err(ErrorCode::FieldWrongType, prefix + "nvlink",
                           "expected boolean, got " + std::string(nv->type_name()));
            s.nvlink = nv->get<bool>();
        }

        if (auto al = g.find("aliases"); al != g.end() && !al->is_null()) {
            if (!al->is_array())
                return err(ErrorCode::FieldWrongType, prefix + "aliases",
                           "expected array, got " + std::string(al->type_name()));
            for (const json& a : *al) {
                if (!a.is_string() || a.get<std::string>().empty())
                    return err(ErrorCode::FieldWrongType, prefix + "aliases",
                               "expected array of non-empty strings");
                const std::string l = lower(a.get<std::string>());
                if (!names.insert(l).second)
                    return err(ErrorCode::FieldOutOfRange, prefix + "aliases",
                               "duplicate name " + l);
                t.aliases.emplace_back(l, t.gpus.size());
            }
        }
        t.gpus.push_back(std::move(s));
    }
    return t;
}

const GpuTable& gpuTable() {
    static const GpuTable table = [] {
        auto r = parseGpuTable(embedded::gpusJson);
        if (!r) {
            std::fprintf(stderr, "headroom: built-in resources/gpus.json is invalid: %s: %s\n",
                         r.error().field.c_str(), r.error().detail.c_str());
            return GpuTable{};
        }
        return std::move(r).value();
    }();
    return table;
}

} // namespace

Result<std::vector<ModelPreset>> parseModelPresets(std::string_view jsonText) {
    auto doc = parseDocument(jsonText, "models");
    if (!doc)
        return doc.error();
    const json& list = doc.value()["models"];
    std::vector<ModelPreset> out;
    out.reserve(list.size());
    std::set<std::string> keys;
    for (size_t i = 0; i < list.size(); ++i) {
        const json& m = list[i];
        const std::string prefix = "models[" + std::to_string(i) + "].";
        if (!m.is_object())
            return err(ErrorCode::FieldWrongType, "models[" + std::to_string(i) + "]",
                       "expected object, got " + std::string(m.type_name()));
        ModelPreset p;
        auto key = requiredString(m, prefix, "key");
        if (!key)
            return key.error();
        p.key = key.value();
        if (!keys.insert(lower(p.key)).second)
            return err(ErrorCode::FieldOutOfRange, prefix + "key", "duplicate key " + p.key);
        auto name = requiredString(m, prefix, "display_name");
        if (!name)
            return name.error();
        p.displayName = name.value();
        auto traits = optionalString(m, prefix, "traits");
        if (!traits)
            return traits.error();
        p.traits = traits.value();
        auto family = optionalString(m, prefix, "size_family");
        if (!family)
            return family.error();
        p.sizeFamily = family.value();

        auto arch = m.find("architecture");
        if (arch == m.end() || arch->is_null())
            return err(ErrorCode::FieldMissing, prefix + "architecture");
        if (!arch->is_object())
            return err(ErrorCode::FieldWrongType, prefix + "architecture",
                       "expected object, got " + std::string(arch->type_name()));
        auto parsed = parseHfConfig(arch->dump(), p.displayName);
        if (!parsed) {
            Error e = parsed.error();
            e.field = prefix + "architecture" + (e.field.empty() ? "" : "." + e.field);
            return e;
        }
        p.arch = std::move(parsed).value();
        p.arch.name = p.displayName;
        out.push_back(std::move(p));
    }
    return out;
}

Result<std::vector<GpuSpec>> parseGpuPresets(std::string_view jsonText) {
    auto t = parseGpuTable(jsonText);
    if (!t)
        return t.error();
    return std::move(t).value().gpus;
}

const std::vector<ModelPreset>& modelPresets() {
    static const std::vector<ModelPreset> presets = [] {
        auto r = parseModelPresets(embedded::modelsJson);
        if (!r) {
            std::fprintf(stderr, "headroom: built-in resources/models.json is invalid: %s: %s\n",
                         r.error().field.c_str(), r.error().detail.c_str());
            return std::vector<ModelPreset>{};
        }
        return std::move(r).value();
    }();
    return presets;
}

const std::vector<GpuSpec>& gpuPresets() {
    return gpuTable().gpus;
}

const ModelPreset* findModelPreset(std::string_view key) {
    const std::string k = lower(key);
    for (const ModelPreset& p : modelPresets())
        if (lower(p.key) == k)
            return &p;
    return nullptr;
}

const GpuSpec* findGpuPreset(std::string_view key) {
    const GpuTable& t = gpuTable();
    const std::string k = lower(key);
    for (const GpuSpec& g : t.gpus)
        if (lower(g.key) == k)
            return &g;
    for (const auto& [alias, index] : t.aliases)
        if (alias == k)
            return &t.gpus[index];
    return nullptr;
}

} // namespace headroom
