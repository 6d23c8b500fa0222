#include "core/plan/plan_search.h"
#include "core/engine/reserve/replay_cache.h"
#include "core/plan/calibration.h"

#include <algorithm>
#include <array>
#include <queue>
#include <tuple>
#include <unordered_set>

namespace headroom {

namespace {

constexpr int kLeverCount = static_cast<int>(Lever::KvCacheDtype) + 1;
static_assert(kLeverCount <= 16, "keyOf packs 4 bits a lever into 64 bits");

/// A state of the search: per lever, the index into its offered options (0 = unchanged).
using State = std::array<uint8_t, kLeverCount>;

uint64_t keyOf(const State& s) {
    uint64_t k = 0;
    for (uint8_t v : s)
        k = k << 4 | v;
    return k;
}

struct Node {
    int cost;
    int steps;
    State state;
    bool operator>(const Node& o) const {
        return std::tie(cost, steps) > std::tie(o.cost, o.steps);
    }
};

struct Candidate {
    std::vector<LeverOption> options;
    double headroom = 0;
};

/// Orders a fitting combination for the waterfall: cheapest step first among those whose
/// prerequisites already hold, and evaluates the cumulative scenario after each step.
Plan waterfall(const ModelArch& m, const Workload& w, const GpuSpec& gpu,
               std::vector<LeverOption> left, int64_t globalBatch) {
    Plan plan;
    Workload cur = w;
    while (!left.empty()) {
        std::stable_sort(left.begin(), left.end(), [&](LeverOption a, LeverOption b) {
            return stepCost(a, w) < stepCost(b, w);
        });
        auto it = std::find_if(left.begin(), left.end(), [&](LeverOption o) {
            return prerequisitesHold(o, applyOption(w, cur, o, globalBatch));
        });
        if (it == left.end())
            it = left.begin();
        cur = applyOption(w, cur, *it, globalBatch);
        const Estimate e = plannedEstimate(m, cur, &gpu);
        plan.steps.push_back(PlanStep{*it, stepCost(*it, w), cur, countedBytes(e), e.fits});
        plan.cost += plan.steps.back().cost;
        ++plan.evaluations;
        left.erase(it);
    }
    return plan;
}

} // namespace

Plan searchPlan(const ModelArch& m, const Workload& w, const GpuSpec& gpu, int maxEvaluations) {
    const EnsureReplayCache replays;
    std::array<std::vector<LeverOption>, kLeverCount> options; // per lever, by cost
    for (const LeverRow& r : leverTable())
        if (r.planned && isOffered(r.option, m, w))
            options[static_cast<int>(r.lever)].push_back(r.option);
    const int64_t globalBatch = w.globalBatch().value_or(0);
    const double before = countedBytes(plannedEstimate(m, w, &gpu));

    std::priority_queue<Node, std::vector<Node>, std::greater<>> open;
    std::unordered_set<uint64_t> seen;
    open.push(Node{0, 0, State{}});
    std::optional<Candidate> best;
    int bestCost = 0, evaluations = 0;
    bool capped = false;
    while (!open.empty()) {
        const Node n = open.top();
        open.pop();
        if (!seen.insert(keyOf(n.state)).second)
            continue;
        if (best && n.cost > bestCost)
            break; // every cheaper combination was tried
        if (evaluations >= maxEvaluations) {
            capped = true;
            break;
        }
        // the scenario of this combination
        std::vector<LeverOption> chosen;
        Workload c = w;
        bool valid = true;
        for (int l = 0; l < kLeverCount; ++l)
            if (n.state[l] > 0) {
                const LeverOption o = options[l][n.state[l] - 1];
                chosen.push_back(o);
                if (c.parallel.dp % layoutFactor(o) != 0)
                    valid = false; // TP x PP must divide the data-parallel GPUs
                else
                    c = applyOption(w, c, o, globalBatch);
            }
        for (LeverOption o : chosen)
            valid = valid && prerequisitesHold(o, c);
        if (valid && !validateWorkload(m, c)) {
            ++evaluations;
            const Estimate e = plannedEstimate(m, c, &gpu);
            if (e.fits && (!best || n.steps < static_cast<int>(best->options.size()) ||
                           (n.steps == static_cast<int>(best->options.size()) &&
                            e.headroom > best->headroom))) {
                best = Candidate{chosen, e.headroom};
                bestCost = n.cost;
            }
        }
        for (int l = 0; l < kLeverCount; ++l) {
            const int i = n.state[l];
            if (i >= static_cast<int>(options[l].size()))
                continue;
            Node next = n;
            next.state[l] = static_cast<uint8_t>(i + 1);
            next.cost += stepCost(options[l][i], w) - (i > 0 ? stepCost(options[l][i - 1], w) : 0);
            next.steps += i == 0 ? 1 : 0;
            if (!seen.count(keyOf(next.state)))
                open.push(next);
        }
    }
    Plan plan;
    if (best)
        plan = waterfall(m, w, gpu, best->options, globalBatch);
    plan.found = best.has_value();
    plan.before = before;
    plan.evaluations += evaluations;
    plan.capped = capped;
    return plan;
}

} // namespace headroom
