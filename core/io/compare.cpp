#include "core/io/compare.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <random>
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

std::string valueText(const Leaves& l, const std::vector<std::string>& paths, bool grouped) {
    std::string out;
    for (const std::string& p : paths) {
        const auto it = l.find(p);
        const std::string v = it == l.end() ? "-" : it->second.dump();
        if (!out.empty())
            out += ", ";
        out += grouped ? p.substr(p.rfind('.') + 1) + " " + v : v;
    }
    return out;
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
        auto s = scenarioFromJson(j.dump());
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

/// The marginals averaged over kSampledOrders orders from a fixed seed.
Result<std::vector<double>> sampledShares(Game& g, size_t n) {
    std::vector<double> phi(n, 0.0);
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t{0});
    std::mt19937_64 rng(20261124);
    for (int k = 0; k < kSampledOrders; ++k) {
        std::shuffle(order.begin(), order.end(), rng);
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
            phi[i] += (total(*after) - vb) / kSampledOrders;
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
        const bool grouped = g != paths.front() || paths.size() > 1;
        ScenarioChange c{g, valueText(la, paths, grouped), valueText(lb, paths, grouped)};
        if (g == "model") {
            c.before = a.model.name;
            c.after = b.model.name;
        } else if (g == "gpu") {
            c.before = a.gpu.name + " x " + std::to_string(a.gpuCount);
            c.after = b.gpu.name + " x " + std::to_string(b.gpuCount);
        }
        out.push_back(std::move(c));
    }
    return out;
}

Result<Comparison> compareScenarios(const Scenario& a, const Scenario& b) {
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

} // namespace headroom
