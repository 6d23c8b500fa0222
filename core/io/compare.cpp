#include "core/io/compare.h"

#include "core/engine/reserve/replay_cache.h"

#include "core/engine/profiles.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <random>
#include <type_traits>
#include <unordered_map>

namespace headroom {

namespace {

using json = nlohmann::json;
using Leaves = std::map<std::string, json>; ///< JSON path ("workload.micro_batch_size") -> value

void flatten(const json& x, const std::string& path, Leaves& out) {
    if (x.is_object() && !x.empty()) {
        for (const auto& [k, v] : x.items())
            flatten(v, path.empty() ? k : path + "." + k, out);
        return;
    }
    out[path] = x;
}

/// The scenario file's leaves, without what does not change the estimate (the file version,
/// a calibration, which solvers apply on top).
Leaves leavesOf(const Scenario& s) {
    json j = json::parse(toJson(s));
    j.erase("schema_version");
    j.erase("calibration");
    Leaves out;
    flatten(j, "", out);
    return out;
}

/// The change a leaf belongs to: parts that only make sense together are one change.
std::string groupOf(const std::string& path) {
    for (const char* g : {"model", "gpu", "workload.parallelism"}) {
        const std::string p = g;
        if (path == p || path.rfind(p + ".", 0) == 0 || (p == "gpu" && path == "gpu_count"))
            return p;
    }
    return path;
}

json::json_pointer pointerOf(const std::string& path) {
    std::string ptr;
    size_t start = 0;
    while (start <= path.size()) {
        const size_t dot = path.find('.', start);
        std::string part = path.substr(start, dot == std::string::npos ? dot : dot - start);
        std::string esc;
        for (char c : part)
            esc += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
        ptr += "/" + esc;
        if (dot == std::string::npos)
            break;
        start = dot + 1;
    }
    return json::json_pointer(ptr);
}

/// How a leaf with a name of its own reads its value from the scenario.
struct LeafReader {
    const char* path;
    ChangeField field;
    ChangeValue (*get)(const Scenario&);
};

// clang-format off
const LeafReader kLeafReaders[] = {
    {"workload.mode", ChangeField::Mode, [](const Scenario& s) { return ChangeValue(s.workload.mode); }},
    {"workload.finetune", ChangeField::Finetune, [](const Scenario& s) { return ChangeValue(s.workload.finetune); }},
    {"workload.framework", ChangeField::Profile, [](const Scenario& s) { return ChangeValue(s.workload.profile); }},
    {"workload.precision_preset", ChangeField::PrecisionPreset, [](const Scenario& s) { return ChangeValue(s.workload.precisionPreset); }},
    {"workload.precision.weights", ChangeField::WeightsDtype, [](const Scenario& s) { return ChangeValue(s.workload.precision.weights); }},
    {"workload.precision.compute", ChangeField::ComputeDtype, [](const Scenario& s) { return ChangeValue(s.workload.precision.compute); }},
    {"workload.precision.gradients", ChangeField::GradientsDtype, [](const Scenario& s) { return ChangeValue(s.workload.precision.grads); }},
    {"workload.precision.optimizer_states", ChangeField::OptimizerStatesDtype, [](const Scenario& s) { return ChangeValue(s.workload.precision.optimizerStates); }},
    {"workload.precision.kv_cache", ChangeField::KvCacheDtype, [](const Scenario& s) { return ChangeValue(s.workload.precision.kvCache); }},
    {"workload.precision.adapters", ChangeField::AdaptersDtype, [](const Scenario& s) { return ChangeValue(s.workload.precision.adapters); }},
    {"workload.precision.weights_from_checkpoint", ChangeField::CheckpointWeights, [](const Scenario& s) { return ChangeValue(s.workload.precision.checkpointWeights); }},
    {"workload.optimizer", ChangeField::Optimizer, [](const Scenario& s) { return ChangeValue(s.workload.optimizer); }},
    {"workload.activation_checkpointing", ChangeField::Checkpointing, [](const Scenario& s) { return ChangeValue(s.workload.checkpointing); }},
    {"workload.attention", ChangeField::Attention, [](const Scenario& s) { return ChangeValue(s.workload.attention); }},
    {"workload.features.load_recipe", ChangeField::LoadRecipe, [](const Scenario& s) { return ChangeValue(s.workload.features.loadRecipe); }},
    {"workload.parallelism.sharding", ChangeField::Sharding, [](const Scenario& s) { return ChangeValue(s.workload.parallel.sharding); }},
    {"workload.parallelism.pp_schedule", ChangeField::PipelineSchedule, [](const Scenario& s) { return ChangeValue(s.workload.parallel.schedule); }},
    {"workload.inference.memory_utilization", ChangeField::MemoryUtilization, [](const Scenario& s) { return ChangeValue(s.workload.inference.memoryUtilization); }},
    {"workload.rollout.framework_overhead_bytes", ChangeField::RolloutOverhead, [](const Scenario& s) { return ChangeValue(s.workload.rollout.frameworkOverheadBytes); }},
};
// clang-format on

/// A JSON leaf as a typed value (the leaves no reader above knows).
ChangeValue jsonValue(const json& v) {
    if (v.is_boolean())
        return v.get<bool>();
    if (v.is_number_integer())
        return v.get<int64_t>();
    if (v.is_number())
        return v.get<double>();
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_array()) { // e.g. lora.targets: its entries, "q_proj, v_proj"
        std::string out;
        for (const json& e : v)
            out += (out.empty() ? "" : ", ") + (e.is_string() ? e.get<std::string>() : e.dump());
        return out;
    }
    return v.dump();
}

/// The typed change of one leaf @p path between @p a (leaves @p la) and @p b.
FieldChange fieldChange(const std::string& path, const Scenario& a, const Leaves& la,
                        const Scenario& b, const Leaves& lb) {
    FieldChange c;
    c.key = path;
    for (const LeafReader& r : kLeafReaders) {
        if (path == r.path) {
            c.field = r.field;
            c.before = r.get(a);
            c.after = r.get(b);
            return c;
        }
    }
    const std::string prefix = "workload.";
    if (path.rfind(prefix, 0) == 0) {
        const std::string sub = path.substr(prefix.size());
        if (const WorkloadField* f = findWorkloadField(sub); f && f->path() == sub) {
            c.field = ChangeField::WorkloadField;
            c.row = f;
            const auto typed = [f](const Scenario& s) -> ChangeValue {
                if (f->type == FieldType::Flag)
                    return f->value(s.workload) != 0;
                return f->value(s.workload);
            };
            c.before = typed(a);
            c.after = typed(b);
            return c;
        }
    }
    if (path == "workload.lora.targets")
        c.field = ChangeField::LoraTargets;
    if (auto it = la.find(path); it != la.end())
        c.before = jsonValue(it->second);
    if (auto it = lb.find(path); it != lb.end())
        c.after = jsonValue(it->second);
    return c;
}

struct Game {
    json base;                                   ///< A's file
    std::vector<std::vector<std::string>> paths; ///< per change, its leaf paths
    const Leaves* b = nullptr;
    std::unordered_map<uint64_t, Result<Estimate>> cache;
    int evaluations = 0;

    const Result<Estimate>& value(uint64_t mask) {
        if (auto it = cache.find(mask); it != cache.end())
            return it->second;
        json j = base;
        for (size_t i = 0; i < paths.size(); ++i) {
            if (!(mask >> i & 1))
                continue;
            for (const std::string& p : paths[i]) {
                const auto it = b->find(p);
                const auto ptr = pointerOf(p);
                if (it == b->end()) {
                    if (j.contains(ptr))
                        j[ptr.parent_pointer()].erase(ptr.back());
                } else {
                    j[ptr] = it->second;
                }
            }
        }
        j["schema_version"] = 1;
        ++evaluations;
        auto s = scenarioFromDocument(j);
        Result<Estimate> r = s ? Result<Estimate>(estimate(s->model, s->workload, &s->gpu))
                               : Result<Estimate>(s.error());
        return cache.emplace(mask, std::move(r)).first->second;
    }
};

double total(const Estimate& e) {
    return e.worst.nvidiaSmi;
}

/// Shapley values over every subset: weight |S|! (n - |S| - 1)! / n!.
Result<std::vector<double>> exactShares(Game& g, size_t n) {
    n = std::min<size_t>(n, kExactChanges); // 2^n subsets: the caller keeps n this small
    std::array<double, kExactChanges + 1> fact{};
    fact[0] = 1.0;
    for (size_t k = 1; k <= n; ++k)
        fact[k] = fact[k - 1] * static_cast<double>(k);
    std::array<double, kExactChanges> acc{};
    for (uint64_t mask = 0; mask < (uint64_t{1} << n); ++mask) {
        const auto& vs = g.value(mask);
        if (!vs)
            return vs.error();
        const size_t size = static_cast<size_t>(__builtin_popcountll(mask));
        for (size_t i = 0; i < n; ++i) {
            if (mask >> i & 1)
                continue;
            const auto& vi = g.value(mask | uint64_t{1} << i);
            if (!vi)
                return vi.error();
            acc[i] += fact[size] * fact[n - size - 1] / fact[n] * (total(*vi) - total(*vs));
        }
    }
    return std::vector<double>(acc.begin(), acc.begin() + static_cast<std::ptrdiff_t>(n));
}

/// The marginals averaged over sampledOrders(n) orders from a fixed seed: each drawn order,
/// then its reverse.
Result<std::vector<double>> sampledShares(Game& g, size_t n) {
    std::vector<double> phi(n, 0.0);
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t{0});
    std::mt19937_64 rng(20261124);
    const int orders = sampledOrders(n);
    for (int k = 0; k < orders; ++k) {
        if (k % 2 == 0)
            std::shuffle(order.begin(), order.end(), rng);
        else
            std::reverse(order.begin(), order.end());
        uint64_t mask = 0;
        for (size_t i : order) {
            const auto& before = g.value(mask);
            if (!before)
                return before.error();
            const double vb = total(*before);
            mask |= uint64_t{1} << i;
            const auto& after = g.value(mask);
            if (!after)
                return after.error();
            phi[i] += (total(*after) - vb) / orders;
        }
    }
    return phi;
}

} // namespace

std::vector<ScenarioChange> scenarioChanges(const Scenario& a, const Scenario& b) {
    const Leaves la = leavesOf(a);
    const Leaves lb = leavesOf(b);
    std::map<std::string, std::vector<std::string>> groups; // change -> differing leaves
    for (const auto& [p, v] : la)
        if (auto it = lb.find(p); it == lb.end() || it->second != v)
            groups[groupOf(p)].push_back(p);
    for (const auto& [p, v] : lb)
        if (!la.count(p))
            groups[groupOf(p)].push_back(p);
    std::vector<ScenarioChange> out;
    for (auto& [g, paths] : groups) {
        ScenarioChange c;
        c.key = g;
        for (const std::string& p : paths)
            c.parts.push_back(fieldChange(p, a, la, b, lb));
        if (g == "model") {
            c.field = ChangeField::Model;
            c.before = a.model.name;
            c.after = b.model.name;
        } else if (g == "gpu") {
            c.field = ChangeField::Gpu;
            c.before = GpuChoice{a.gpu.name, a.gpu.memoryMiB, a.gpuCount};
            c.after = GpuChoice{b.gpu.name, b.gpu.memoryMiB, b.gpuCount};
        } else if (g == "workload.parallelism") {
            c.field = ChangeField::Parallelism;
        } else {
            const FieldChange& leaf = c.parts.front();
            c.field = leaf.field;
            c.row = leaf.row;
            c.before = leaf.before;
            c.after = leaf.after;
        }
        out.push_back(std::move(c));
    }
    return out;
}

std::string changeValueText(const ChangeValue& v) {
    return std::visit(
        [](const auto& x) -> std::string {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, std::monostate>)
                return "-";
            else if constexpr (std::is_same_v<T, bool>)
                return x ? "true" : "false";
            else if constexpr (std::is_same_v<T, int64_t>)
                return std::to_string(x);
            else if constexpr (std::is_same_v<T, double>)
                return json(x).dump(); // shortest round trip: 0.9, 2e+09
            else if constexpr (std::is_same_v<T, std::string>)
                return x;
            else if constexpr (std::is_same_v<T, ProfileRef>)
                return profileSpec(x);
            else if constexpr (std::is_same_v<T, GpuChoice>)
                return (x.name.empty() ? std::to_string(x.memoryMiB) + " MiB" : x.name) + " x " +
                       std::to_string(x.count);
            else if constexpr (std::is_same_v<T, DType>)
                return std::string(dtypeKey(x));
            else if constexpr (std::is_same_v<T, Mode>)
                return std::string(modeKey(x));
            else if constexpr (std::is_same_v<T, Finetune>)
                return std::string(finetuneKey(x));
            else if constexpr (std::is_same_v<T, PrecisionPreset>)
                return std::string(precisionPresetKey(x));
            else if constexpr (std::is_same_v<T, Optimizer>)
                return std::string(optimizerKey(x));
            else if constexpr (std::is_same_v<T, Checkpointing>)
                return std::string(checkpointingKey(x));
            else if constexpr (std::is_same_v<T, AttentionImpl>)
                return std::string(attentionKey(x));
            else if constexpr (std::is_same_v<T, LoadRecipe>)
                return std::string(loadRecipeKey(x));
            else if constexpr (std::is_same_v<T, Sharding>)
                return std::string(shardingKey(x));
            else
                return std::string(scheduleKey(x));
        },
        v);
}

bool groupWithoutOwnValue(const ScenarioChange& c) {
    if (c.field == ChangeField::Parallelism)
        return true;
    const auto* a = std::get_if<std::string>(&c.before);
    const auto* b = std::get_if<std::string>(&c.after);
    return c.field == ChangeField::Model && a && b && *a == *b;
}

std::string changeSideText(const ScenarioChange& c, bool after) {
    const ChangeValue& own = after ? c.after : c.before;
    if (!groupWithoutOwnValue(c))
        return changeValueText(own);
    std::string out; // the parts: "tp 2, sequence_parallel true"
    for (const FieldChange& p : c.parts)
        out += (out.empty() ? "" : ", ") + p.key.substr(p.key.rfind('.') + 1) + " " +
               changeValueText(after ? p.after : p.before);
    return out;
}

int sampledOrders(std::size_t n) {
    const std::size_t budget =
        static_cast<std::size_t>(kSampledEvaluations) / std::max<std::size_t>(1, n);
    const auto orders = static_cast<int>(std::min<std::size_t>(budget, kMaxSampledOrders));
    return std::max(kMinSampledOrders, orders - orders % 2);
}

Result<Comparison> compareScenarios(const Scenario& a, const Scenario& b) {
    // the combinations share their models and most replay shapes: each replay runs once
    const EnsureReplayCache replays;
    Comparison c;
    c.a = estimate(a.model, a.workload, &a.gpu);
    c.b = estimate(b.model, b.workload, &b.gpu);
    for (int t = 0; t < kTermCount; ++t)
        c.deltaTerms[static_cast<size_t>(t)] =
            c.b.worst.atPeak[static_cast<size_t>(t)] - c.a.worst.atPeak[static_cast<size_t>(t)];
    c.deltaTotal = total(c.b) - total(c.a);
    c.changes = scenarioChanges(a, b);

    const Leaves lb = leavesOf(b);
    Game g;
    g.base = json::parse(toJson(a));
    g.b = &lb;
    const Leaves la = leavesOf(a);
    for (const ScenarioChange& ch : c.changes) {
        std::vector<std::string> paths;
        for (const Leaves* l : {&la, &lb})
            for (const auto& [p, v] : *l)
                if (groupOf(p) == ch.key && std::find(paths.begin(), paths.end(), p) == paths.end())
                    paths.push_back(p);
        g.paths.push_back(std::move(paths));
    }
    const size_t n = c.changes.size();
    c.exact = n <= static_cast<size_t>(kExactChanges);
    c.orders = c.exact ? 0 : sampledOrders(n);
    auto phi = c.exact ? exactShares(g, n) : sampledShares(g, n);
    if (!phi)
        return phi.error();
    // the endpoints are A and B themselves: the shares add up to the total difference
    c.saved.resize(n);
    for (size_t i = 0; i < n; ++i)
        c.saved[i] = -(*phi)[i];
    c.evaluations = g.evaluations;
    return c;
}

bool effectsPullBothWays(const Comparison& c) {
    const bool saves =
        std::any_of(c.saved.begin(), c.saved.end(), [](double v) { return v > 0.5; });
    const bool costs =
        std::any_of(c.saved.begin(), c.saved.end(), [](double v) { return v < -0.5; });
    return saves && costs;
}

} // namespace headroom
