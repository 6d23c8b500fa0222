#include "core/engine/profiles.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>
#include <utility>

namespace headroom::embedded {
extern const std::string_view profilesJson;
} // namespace headroom::embedded

namespace headroom {

namespace {
using json = nlohmann::json;

constexpr std::array kBehaviours{
    std::pair{Behaviour::TorchaoNf4, std::string_view("torchao_nf4")},
    std::pair{Behaviour::Fp32Logits, std::string_view("fp32_logits")},
    std::pair{Behaviour::RetainedLogits, std::string_view("retained_logits")},
    std::pair{Behaviour::UncompiledLoss, std::string_view("uncompiled_loss")},
    std::pair{Behaviour::FusedQkvLora, std::string_view("fused_qkv_lora")},
    std::pair{Behaviour::ChunkedCrossEntropy, std::string_view("chunked_cross_entropy")},
    std::pair{Behaviour::ActivationOffload, std::string_view("activation_offload")},
    std::pair{Behaviour::FusedOptimizer, std::string_view("fused_optimizer")},
    std::pair{Behaviour::LoadRecipe, std::string_view("load_recipe")},
    std::pair{Behaviour::SequenceParallel, std::string_view("sequence_parallel")},
    std::pair{Behaviour::LossParallel, std::string_view("loss_parallel")},
    std::pair{Behaviour::NoSyncAccumulation, std::string_view("no_sync_accumulation")},
    std::pair{Behaviour::MixedFrozenUnits, std::string_view("mixed_frozen_units")},
    std::pair{Behaviour::PersistentGradBuffer, std::string_view("persistent_grad_buffer")},
    std::pair{Behaviour::SpShardedInputs, std::string_view("sp_sharded_inputs")}};

constexpr std::array kConditions{
    std::pair{RunCondition::Training, std::string_view("training")},
    std::pair{RunCondition::Sharded, std::string_view("sharded")},
    std::pair{RunCondition::TensorParallel, std::string_view("tensor_parallel")},
    std::pair{RunCondition::UnchunkedLoss, std::string_view("unchunked_loss")},
    std::pair{RunCondition::Adapters, std::string_view("adapters")},
    std::pair{RunCondition::QLoRA, std::string_view("qlora")},
    std::pair{RunCondition::TorchCompile, std::string_view("torch_compile")},
    std::pair{RunCondition::Checkpointing, std::string_view("checkpointing")},
    std::pair{RunCondition::GpuOptimizer, std::string_view("gpu_optimizer")}};

template <class E, std::size_t N>
std::optional<E> byKey(const std::array<std::pair<E, std::string_view>, N>& t, std::string_view s) {
    for (const auto& [e, k] : t)
        if (k == s)
            return e;
    return std::nullopt;
}

/// Lower case, '_' as '-': "HF_Trainer" and "hf-trainer" name the same profile.
std::string normalName(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char ch) {
        return ch == '_' ? '-' : static_cast<char>(std::tolower(ch));
    });
    return out;
}

struct TableError {
    Error error;
};
[[noreturn]] void fail(const std::string& path, const std::string& detail) {
    throw TableError{Error{ErrorCode::FieldWrongType, path, detail}};
}
std::string str(const json& o, const char* key, const std::string& path) {
    if (!o.is_object() || !o.contains(key) || !o.at(key).is_string())
        fail(path + "." + key, "expected a string");
    return o.at(key).get<std::string>();
}

ProfileFact parseFact(const json& j, const std::string& path) {
    ProfileFact f;
    const std::string b = str(j, "behaviour", path);
    const auto behaviour = byKey(kBehaviours, b);
    if (!behaviour)
        fail(path + ".behaviour", "unknown behaviour '" + b + "'");
    f.behaviour = *behaviour;
    if (f.behaviour == Behaviour::LoadRecipe) {
        const auto r = parseLoadRecipe(str(j, "value", path));
        if (!r)
            fail(path + ".value", "unknown load recipe");
        f.loadRecipe = *r;
    }
    if (!j.contains("when") || !j.at("when").is_array())
        fail(path + ".when", "expected an array of run conditions");
    for (const json& c : j.at("when")) {
        const auto cond = c.is_string() ? byKey(kConditions, c.get<std::string>()) : std::nullopt;
        if (!cond)
            fail(path + ".when", "unknown run condition " + c.dump());
        f.when |= static_cast<unsigned>(*cond);
    }
    f.fact = str(j, "fact", path);
    f.source = str(j, "source", path);
    return f;
}

void parseDefaults(const json& j, FrameworkProfile& p, const std::string& path) {
    if (!j.contains("defaults"))
        return;
    const json& d = j.at("defaults");
    if (d.contains("optimizer") && !(p.optimizer = parseOptimizer(str(d, "optimizer", path))))
        fail(path + ".defaults.optimizer", "unknown optimizer");
    if (d.contains("sharding") && !(p.sharding = parseSharding(str(d, "sharding", path))))
        fail(path + ".defaults.sharding", "unknown sharding");
    if (d.contains("checkpointing") &&
        !(p.checkpointing = parseCheckpointing(str(d, "checkpointing", path))))
        fail(path + ".defaults.checkpointing", "unknown checkpointing");
}

FrameworkProfile parseProfile(const json& j, const std::string& path) {
    FrameworkProfile p;
    p.name = str(j, "name", path);
    if (p.name != normalName(p.name))
        fail(path + ".name", "profile names are lower case with '-'");
    p.label = str(j, "label", path);
    p.summary = str(j, "summary", path);
    const auto preset = parseFramework(str(j, "precision_preset", path));
    if (!preset)
        fail(path + ".precision_preset", "unknown precision preset");
    p.precision = *preset;
    p.precisionSource = str(j, "precision_source", path);
    parseDefaults(j, p, path);
    if (!j.contains("versions") || !j.at("versions").is_array() || j.at("versions").empty())
        fail(path + ".versions", "expected a non-empty array");
    for (std::size_t i = 0; i < j.at("versions").size(); ++i) {
        const json& v = j.at("versions")[i];
        const std::string vp = path + ".versions[" + std::to_string(i) + "]";
        ProfileVersion pv;
        pv.version = str(v, "version", vp);
        pv.summary = str(v, "summary", vp);
        if (!v.contains("facts") || !v.at("facts").is_array())
            fail(vp + ".facts", "expected an array");
        for (std::size_t k = 0; k < v.at("facts").size(); ++k)
            pv.facts.push_back(
                parseFact(v.at("facts")[k], vp + ".facts[" + std::to_string(k) + "]"));
        p.versions.push_back(std::move(pv));
    }
    return p;
}

Error unknownProfile(const std::string& what) {
    return Error{ErrorCode::UnknownValue, "framework",
                 what + " (known: " + knownProfileList() + ")"};
}
} // namespace

std::string_view behaviourKey(Behaviour b) {
    for (const auto& [e, k] : kBehaviours)
        if (e == b)
            return k;
    return "unknown";
}

std::string_view runConditionKey(RunCondition c) {
    for (const auto& [e, k] : kConditions)
        if (e == c)
            return k;
    return "unknown";
}

Result<std::vector<FrameworkProfile>> parseProfileTable(std::string_view jsonText) {
    const json j = json::parse(jsonText, nullptr, false);
    if (j.is_discarded())
        return Error{ErrorCode::JsonMalformed, "profiles", "not valid JSON"};
    try {
        if (!j.is_object() || !j.contains("profiles") || !j.at("profiles").is_array())
            fail("profiles", "expected an array");
        std::vector<FrameworkProfile> out;
        for (std::size_t i = 0; i < j.at("profiles").size(); ++i)
            out.push_back(parseProfile(j.at("profiles")[i], "profiles[" + std::to_string(i) + "]"));
        return out;
    } catch (const TableError& e) {
        return e.error;
    }
}

const std::vector<FrameworkProfile>& frameworkProfiles() {
    static const std::vector<FrameworkProfile> table = [] {
        auto r = parseProfileTable(embedded::profilesJson);
        if (!r)
            throw std::logic_error("resources/profiles.json: " + describe(r.error()));
        return std::move(r).value();
    }();
    return table;
}

std::string knownProfileList() {
    std::string out;
    for (const FrameworkProfile& p : frameworkProfiles())
        for (const ProfileVersion& v : p.versions)
            out += (out.empty() ? "" : ", ") + p.name + "@" + v.version;
    return out;
}

Result<ProfileChoice> findProfile(const ProfileRef& ref) {
    const std::string name = normalName(ref.name);
    for (const FrameworkProfile& p : frameworkProfiles()) {
        if (p.name != name)
            continue;
        if (ref.version.empty())
            return ProfileChoice{&p, &p.newest()};
        for (const ProfileVersion& v : p.versions)
            if (v.version == ref.version)
                return ProfileChoice{&p, &v};
        return unknownProfile("profile '" + p.name + "' has no version '" + ref.version + "'");
    }
    return unknownProfile("unknown framework profile '" + ref.name + "'");
}

Result<ProfileChoice> parseProfileSpec(std::string_view spec) {
    const std::size_t at = spec.find('@');
    ProfileRef ref{std::string(spec.substr(0, at)),
                   at == std::string_view::npos ? std::string() : std::string(spec.substr(at + 1))};
    if (at != std::string_view::npos && ref.version.empty())
        return unknownProfile("empty version in '" + std::string(spec) + "'");
    return findProfile(ref);
}

std::string profileSpec(const ProfileRef& ref) {
    if (const auto c = findProfile(ref))
        return c->profile->name + "@" + c->version->version;
    return ref.name + (ref.version.empty() ? "" : "@" + ref.version);
}

void selectProfile(Workload& w, const ProfileChoice& c) {
    w.profile = c.ref();
    applyFramework(w, c.profile->precision);
    if (c.profile->optimizer)
        w.optimizer = *c.profile->optimizer;
    if (c.profile->sharding && w.parallel.sharding == Sharding::None)
        w.parallel.sharding = *c.profile->sharding;
    if (c.profile->checkpointing)
        w.checkpointing = *c.profile->checkpointing;
}

bool runConditionsHold(unsigned when, const Workload& w) {
    auto needs = [when](RunCondition c) { return (when & static_cast<unsigned>(c)) != 0; };
    const bool training = w.mode == Mode::Training;
    if (needs(RunCondition::Training) && !training)
        return false;
    if (needs(RunCondition::Sharded) && w.parallel.sharding == Sharding::None)
        return false;
    if (needs(RunCondition::TensorParallel) && w.parallel.tp <= 1)
        return false;
    if (needs(RunCondition::UnchunkedLoss) && w.features.chunkedCrossEntropy)
        return false;
    if (needs(RunCondition::Adapters) && w.finetune == Finetune::Full)
        return false;
    if (needs(RunCondition::QLoRA) && w.finetune != Finetune::QLoRA)
        return false;
    if (needs(RunCondition::TorchCompile) && !w.features.torchCompile)
        return false;
    if (needs(RunCondition::Checkpointing) && w.checkpointing == Checkpointing::None)
        return false;
    if (needs(RunCondition::GpuOptimizer) && w.parallel.offloadOptimizer)
        return false;
    return true;
}

std::vector<const ProfileFact*> activeFacts(const ProfileVersion& v, const Workload& w) {
    std::vector<const ProfileFact*> out;
    for (const ProfileFact& f : v.facts)
        if (runConditionsHold(f.when, w))
            out.push_back(&f);
    return out;
}

void applyProfile(Workload& w, const ProfileVersion& v) {
    Features& f = w.features;
    Parallelism& p = w.parallel;
    for (const ProfileFact* fact : activeFacts(v, w)) {
        switch (fact->behaviour) {
        case Behaviour::TorchaoNf4:
            f.torchaoNf4 = true;
            break;
        case Behaviour::Fp32Logits:
            f.fp32Logits = true;
            break;
        case Behaviour::RetainedLogits:
            f.retainedLogits = true;
            break;
        case Behaviour::UncompiledLoss:
            f.uncompiledLoss = true;
            break;
        case Behaviour::FusedQkvLora:
            f.fusedQkvLora = true;
            break;
        case Behaviour::ChunkedCrossEntropy:
            f.chunkedCrossEntropy = true;
            break;
        case Behaviour::ActivationOffload:
            f.activationOffload = true;
            break;
        case Behaviour::FusedOptimizer:
            f.fusedOptimizer = true;
            break;
        case Behaviour::LoadRecipe:
            if (f.loadRecipe == LoadRecipe::InPlace)
                f.loadRecipe = fact->loadRecipe;
            break;
        case Behaviour::SequenceParallel:
            p.sequenceParallel = true;
            break;
        case Behaviour::LossParallel:
            p.lossParallel = true;
            break;
        case Behaviour::NoSyncAccumulation:
            p.noSyncAccumulation = true;
            break;
        case Behaviour::MixedFrozenUnits:
            p.mixedFrozenUnits = true;
            break;
        case Behaviour::PersistentGradBuffer:
            f.persistentGradBuffer = true;
            break;
        case Behaviour::SpShardedInputs:
            p.spShardedInputs = true;
            break;
        }
    }
}

Workload withProfileApplied(const Workload& w) {
    Workload out = w;
    if (const auto c = findProfile(w.profile))
        applyProfile(out, *c->version);
    return out;
}

} // namespace headroom
