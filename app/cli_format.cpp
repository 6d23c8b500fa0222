// cli_format.cpp: the estimate as a text report and as JSON. Formatting only.

#include "app/cli_format.h"
#include "core/units.h"

#include "app/cli_common.h"
#include "app/cli_scenario.h"
#include "core/engine/profiles.h"
#include "core/engine/warnings.h"

#include <algorithm>
#include <cmath>

namespace headroom::cli {

using json = nlohmann::json;

TextTable::TextTable(std::vector<std::string> header, std::vector<bool> rightAligned)
    : m_header(std::move(header)), m_right(std::move(rightAligned)) {
    m_right.resize(m_header.size(), false);
}

void TextTable::addRow(std::vector<std::string> cells) {
    cells.resize(m_header.size());
    m_rows.push_back(std::move(cells));
}

std::string TextTable::render(int indent) const {
    std::vector<std::size_t> width(m_header.size(), 0);
    auto measure = [&](const std::vector<std::string>& row) {
        for (std::size_t i = 0; i < row.size(); ++i)
            width[i] = std::max(width[i], row[i].size());
    };
    measure(m_header);
    for (const auto& r : m_rows)
        measure(r);
    std::string outText;
    auto line = [&](const std::vector<std::string>& row) {
        std::string l(static_cast<std::size_t>(indent), ' ');
        for (std::size_t i = 0; i < row.size(); ++i) {
            const std::string pad(width[i] - row[i].size(), ' ');
            const bool last = i + 1 == row.size();
            l += m_right[i] ? pad + row[i] : row[i] + (last ? "" : pad);
            if (!last)
                l += "  ";
        }
        while (!l.empty() && l.back() == ' ')
            l.pop_back();
        outText += l + "\n";
    };
    line(m_header);
    std::vector<std::string> rule;
    for (std::size_t w : width)
        rule.emplace_back(w, '-');
    line(rule);
    for (const auto& r : m_rows)
        line(r);
    return outText;
}

std::string playbookActionKey(PlaybookAction a) {
    return std::string(headroom::playbookActionKey(a));
}

json termsJson(const TermBytes& t) {
    json j = json::object();
    for (int i = 0; i < kTermCount; ++i)
        j[std::string(termKey(static_cast<Term>(i)))] = t[static_cast<std::size_t>(i)];
    return j;
}

json metricsJson(const RankEstimate& r) {
    json j{{"allocated", r.allocated}, {"reserved", r.reserved}, {"nvidia_smi", r.nvidiaSmi}};
    if (r.loadReserved > 0) {
        j["load_reserved"] = r.loadReserved;
        j["load_peak_allocated"] = r.loadPeakAllocated;
    }
    if (r.releasable > 0)
        j["releasable_cache"] = r.releasable;
    return j;
}

namespace {
/// The allocated peak of each phase one step of @p w has (core phaseApplies: inference has
/// no backward or optimizer step).
json phasesJson(const RankEstimate& r, const Workload& w) {
    json j = json::object();
    for (int i = 0; i < kPhaseCount; ++i)
        if (phaseApplies(static_cast<Phase>(i), w))
            j[std::string(phaseKey(static_cast<Phase>(i)))] =
                r.phaseAllocated[static_cast<std::size_t>(i)];
    return j;
}

std::string pct(double part, double whole) {
    if (!(whole > 0))
        return "-";
    return fmtNum(part / whole * 100.0, 1) + " %";
}
} // namespace

json rankJson(const RankEstimate& r, const Workload& w) {
    return json{{"stage", r.stage + 1}, // stages count from 1 (as the GUI); layers from 0
                {"first_layer", r.firstLayer},
                {"num_layers", r.numLayers},
                {"terms", termsJson(r.atPeak)},
                {"metrics", metricsJson(r)},
                {"phases_allocated", phasesJson(r, w)},
                {"peak_phase", std::string(phaseKey(r.peakPhase))}};
}

json calibrationJson(const Scenario& s, const CalibrationEffect* fx) {
    if (!s.calibration)
        return nullptr;
    const Calibration& c = *s.calibration;
    const bool applied = activeCalibration(s) != nullptr;
    json j{{"applied", applied},
           {"label", applied ? "calibrated to your run"
                             : "calibration not applied: fitted on another setup"},
           {"correction", "fixed_overhead"},
           {"metric", metricKey(c.measured.metric)},
           {"measured_bytes", c.measured.bytes},
           {"oom", c.measured.oom},
           {"micro_batch_size", c.microBatch},
           {"sequence_length", c.sequenceLength},
           {"estimated_bytes", c.estimatedBytes},
           {"offset_bytes", c.offsetBytes},
           {"clamped", c.clamped},
           {"source", calibrationSourceKey(c.measured.source)},
           {"date", c.date}};
    if (fx && applied) {
        j["offset_applied_bytes"] = fx->offsetBytes;
        j["forced_oom"] = fx->forcedOom;
    }
    return j;
}

std::string calibrationText(const Scenario& s, const CalibrationEffect* fx) {
    if (!s.calibration)
        return {};
    const Calibration& c = *s.calibration;
    if (!activeCalibration(s))
        return "Calibration: not applied (it was measured on another setup; run calibrate "
               "again)\n";
    std::string t = "Calibrated to your run: ";
    t += c.measured.bytes > 0
             ? std::string(metricKey(c.measured.metric)) + " measured " + fmtGiB(c.measured.bytes)
             : std::string("out of memory");
    if (c.measured.oom && c.measured.bytes > 0)
        t += " (out of memory)";
    t += " at micro-batch " + std::to_string(c.microBatch) + " x " +
         std::to_string(c.sequenceLength) + " tokens";
    if (!c.date.empty())
        t += " on " + c.date;
    const double off = fx ? fx->offsetBytes : c.offsetBytes;
    t += "; fixed overhead " + std::string(off >= 0 ? "+" : "-") + fmtGiB(std::fabs(off)) +
         (c.clamped ? " (clamped to the plausible range: the measurement is far from the "
                      "estimate; check that the scenario describes the run)"
                    : "");
    if (fx && fx->forcedOom)
        t += "; verdict kept at OOM by the measured run";
    return t + "\n";
}

bool wantPlaybook(const Estimate& e) {
    return e.capacity > 0 && (!e.fits || e.worst.nvidiaSmi > 0.9 * e.capacity);
}

/// The chosen framework profile: name, version and the facts that hold for this run and model.
static json profileJson(const Workload& w, const ModelArch& m) {
    const auto c = findProfile(w.profile);
    if (!c)
        return json{{"name", w.profile.name}, {"version", w.profile.version}};
    json facts = json::array();
    for (const ProfileFact* f : activeFacts(*c->version, w, &m)) {
        json fact{
            {"behaviour", behaviourKey(f->behaviour)}, {"fact", f->fact}, {"source", f->source}};
        if (f->behaviour == Behaviour::LoadRecipe)
            fact["value"] = loadRecipeKey(f->loadRecipe);
        facts.push_back(std::move(fact));
    }
    return json{{"name", c->profile->name},
                {"version", c->version->version},
                {"label", c->profile->label},
                {"precision_preset", precisionPresetKey(w.precisionPreset)},
                {"facts_applied", std::move(facts)}};
}

/// A combined plan: its cost, the search's effort and each step with the cumulative total.
static json planJson(const Plan& plan) {
    json steps = json::array();
    double prev = plan.before;
    for (const PlanStep& st : plan.steps) {
        const LeverRow& row = leverRow(st.option);
        steps.push_back({{"lever", std::string(row.key)},
                         {"cost", st.cost},
                         {"description", describeStep(st.option, st.after)},
                         {"saved_bytes", prev - st.total},
                         {"total_bytes", st.total},
                         {"fits", st.fits}});
        prev = st.total;
    }
    return json{{"disruption_cost", plan.cost},
                {"before_bytes", plan.before},
                {"evaluations", plan.evaluations},
                {"capped", plan.capped},
                {"steps", std::move(steps)}};
}

json estimateJson(const Scenario& s, const Estimate& e, const std::vector<PlaybookItem>& playbook) {
    json formulas = json::object();
    for (int i = 0; i < kTermCount; ++i) {
        const auto t = static_cast<Term>(i);
        formulas[std::string(termKey(t))] = termFormula(t, s.model, s.workload, &s.gpu);
    }
    json ranks = json::array();
    for (const RankEstimate& r : e.stages)
        ranks.push_back(rankJson(r, s.workload));
    json pb = json::array();
    for (const PlaybookItem& it : playbook) {
        json item{{"rank", it.rank},
                  {"action", std::string(headroom::playbookActionKey(it.action))},
                  {"value", it.value},
                  {"description", describe(it)},
                  {"saved_bytes", it.savedBytes},
                  {"new_total_bytes", it.newTotal},
                  {"fits", it.fits},
                  {"verdict", std::string(bandVerdictKey(it.verdict))}};
        if (it.option) { // the lever table's row (core/plan/levers.h)
            const LeverRow& row = leverRow(*it.option);
            item["lever"] = std::string(row.key);
            item["disruption_cost"] = row.cost();
        }
        if (it.action == PlaybookAction::Combined)
            item["plan"] = planJson(it.plan);
        pb.push_back(std::move(item));
    }
    json scenario = json::parse(toJson(s), nullptr, false);
    json j{
        {"units", "bytes"},
        {"framework", profileJson(s.workload, s.model)},
        {"model",
         {{"name", s.model.name},
          {"family", s.model.family},
          {"total_params", e.totalParams},
          {"active_params", e.activeParams},
          {"trainable_params", e.trainableParams}}},
        {"gpu",
         {{"key", s.gpu.key},
          {"name", s.gpu.name},
          {"memory_mib", s.gpu.memoryMiB},
          {"capacity_bytes", e.capacity},
          {"count", s.workload.parallel.gpus()}}},
        {"terms", termsJson(e.worst.atPeak)},
        {"formulas", formulas},
        {"metrics", metricsJson(e.worst)},
        {"verdict_metric", std::string(metricKey(Metric::NvidiaSmi))},
        {"phases_allocated", phasesJson(e.worst, s.workload)},
        {"peak_phase", std::string(phaseKey(e.worst.peakPhase))},
        {"fits", e.fits},
        {"headroom_bytes", e.headroom},
        {"host_bytes", e.hostBytes},
        {"worst_stage", e.worst.stage + 1},
        {"per_rank", ranks},
        {"playbook", pb},
        {"scenario", scenario.is_discarded() ? json(nullptr) : scenario},
    };
    // typed warnings (core/engine/warnings.h), present only when there is one
    json warnings = json::array();
    for (const Warning& w : workloadWarnings(s.model, s.workload))
        warnings.push_back({{"code", std::string(warningKey(w.code))},
                            {"field", w.field},
                            {"value", w.value},
                            {"limit", w.limit},
                            {"message", describe(w)}});
    if (!warnings.empty())
        j["warnings"] = std::move(warnings);
    return j;
}

/// The plan's waterfall: today's total, then the cumulative total after each step.
static std::string planText(const Plan& plan) {
    std::string t = "\nPlan that fits (least disruptive combination, disruption cost " +
                    std::to_string(plan.cost) + " = throughput + convergence + effort, " +
                    std::to_string(plan.evaluations) + " estimates; docs/plan-search.md):\n";
    TextTable tt({"step", "change", "cost", "saves GiB", "total GiB", "fits"},
                 {true, false, true, true, true, false});
    tt.addRow({"", "today", "", "", fmtNum(plan.before / kGiB, 2), "no"});
    double prev = plan.before;
    int n = 0;
    for (const PlanStep& st : plan.steps) {
        tt.addRow({std::to_string(++n), describeStep(st.option, st.after), std::to_string(st.cost),
                   fmtNum((prev - st.total) / kGiB, 2), fmtNum(st.total / kGiB, 2),
                   st.fits ? "yes" : "no"});
        prev = st.total;
    }
    return t + tt.render(2);
}

namespace {

nlohmann::json lowHigh(double low, double high) {
    return {{"low_bytes", low}, {"high_bytes", high}};
}

std::string_view verdictWord(BandVerdict v) {
    switch (v) {
    case BandVerdict::Fits:
        return "FITS";
    case BandVerdict::MayNotFit:
        return "MAY NOT FIT";
    case BandVerdict::DoesNotFit:
        return "DOES NOT FIT";
    }
    return "?";
}

} // namespace

nlohmann::json bandJson(const Band& b, double capacity) {
    nlohmann::json contributors = nlohmann::json::array();
    for (const BandContributor& c : b.contributors) {
        nlohmann::json j = {
            {"name", std::string(bandCauseKey(c.cause))}, {"why", c.why}, {"remedy", c.remedy}};
        for (Metric m : {Metric::Allocated, Metric::Reserved, Metric::NvidiaSmi})
            j[std::string(metricKey(m))] =
                lowHigh(c.low[static_cast<size_t>(m)], c.high[static_cast<size_t>(m)]);
        j["verdict"] = lowHigh(c.verdictLow, c.verdictHigh);
        contributors.push_back(std::move(j));
    }
    nlohmann::json j;
    for (Metric m : {Metric::Allocated, Metric::Reserved, Metric::NvidiaSmi})
        j[std::string(metricKey(m))] =
            lowHigh(b.low[static_cast<size_t>(m)], b.high[static_cast<size_t>(m)]);
    j["verdict"] = lowHigh(b.verdictLow, b.verdictHigh);
    if (capacity > 0) {
        j["verdict"]["state"] = std::string(bandVerdictKey(bandVerdict(b, capacity)));
        const BandContributor* d = decidingContributor(b, capacity);
        j["verdict"]["decided_by"] =
            d ? nlohmann::json(std::string(bandCauseKey(d->cause))) : nlohmann::json(nullptr);
    }
    j["contributors"] = std::move(contributors);
    return j;
}

std::string bandText(const Band& b) {
    std::string t = "Band (worst rank; each contributor's alternatives estimated, added):\n";
    TextTable table({"metric", "low GiB", "estimate GiB", "high GiB"}, {false, true, true, true});
    const char* names[] = {"allocated", "reserved", "nvidia-smi"};
    for (size_t i = 0; i < 3; ++i)
        table.addRow({names[i], fmtNum(b.low[i] / kGiB, 2), fmtNum(b.point[i] / kGiB, 2),
                      fmtNum(b.high[i] / kGiB, 2)});
    t += table.render(2);
    for (const BandContributor& c : b.contributors) {
        std::string moves;
        for (size_t i = 0; i < 3; ++i) {
            if (c.low[i] == 0 && c.high[i] == 0)
                continue;
            moves += std::string(moves.empty() ? "" : ", ") + names[i] + " " +
                     (c.low[i] < 0 ? "-" + fmtGiB(-c.low[i]) : std::string("+0")) + " / +" +
                     fmtGiB(c.high[i]);
        }
        t += "  " + std::string(bandCauseKey(c.cause)) + ": " + moves + ": " + c.why + "\n";
    }
    return t + "\n";
}

std::string verdictText(const Scenario& s, const Estimate& e, const Band& b) {
    // the verdict's quantity: nvidia-smi less paged states and the releasable cache
    const BandVerdict v = bandVerdict(b, e.capacity);
    const double usedPct = (e.capacity - e.headroom) / e.capacity * 100.0;
    std::string t = std::string("Verdict: ") + std::string(verdictWord(v)) + " on " +
                    gpuSummary(s.gpu) + " (nvidia-smi metric" +
                    (s.workload.planAgainstBandHigh ? ", at the band's high bound" : "") +
                    "): " + fmtNum(usedPct, 1) + " % used, " + (e.fits ? "headroom " : "over by ") +
                    fmtGiB(std::fabs(e.headroom)) + " (" + fmtGB(std::fabs(e.headroom)) + ")";
    if (v == BandVerdict::MayNotFit) {
        t += "; the band spans " + fmtGiB(b.verdictLow) + " to " + fmtGiB(b.verdictHigh);
        if (const BandContributor* d = decidingContributor(b, e.capacity))
            t += std::string(e.fits ? "; it can go over by " : "; it can fit with ") +
                 std::string(bandCauseKey(d->cause)) +
                 (d->remedy.empty() ? std::string() : " (" + d->remedy + ")");
    }
    return t + "\n";
}

namespace {

/// The scenario, parameters, GPU, notes and warnings above the tables.
std::string estimateHeaderText(const Scenario& s, const Estimate& e,
                               const std::vector<std::string>& notes) {
    std::string t;
    t += "Scenario: " + scenarioSummary(s) + "\n";
    t += "Parameters: " + fmtCount(static_cast<double>(e.totalParams)) + " total, " +
         fmtCount(static_cast<double>(e.activeParams)) + " active per token, " +
         fmtCount(static_cast<double>(e.trainableParams)) + " trainable\n";
    t += "GPU: " + gpuSummary(s.gpu);
    if (s.workload.parallel.gpus() > 1)
        t += " (x" + std::to_string(s.workload.parallel.gpus()) + ")";
    t += "\n";
    for (const std::string& n : notes)
        t += "Note: " + n + "\n";
    for (const Warning& w : workloadWarnings(s.model, s.workload))
        t += "Warning: " + describe(w) + "\n";
    t += "Units: GB = 1e9 bytes, GiB = 2^30 bytes.\n\n";
    return t;
}

/// The worst rank's terms at its peak, with their formulas, and its peak per phase.
std::string termsAndPhasesText(const Scenario& s, const Estimate& e) {
    std::string t;
    const RankEstimate& w = e.worst;
    t += "Memory of the worst rank";
    if (e.stages.size() > 1)
        t += " (pipeline stage " + std::to_string(w.stage + 1) + ", layers " +
             std::to_string(w.firstLayer) + ".." + std::to_string(w.firstLayer + w.numLayers - 1) +
             ")";
    t += " at its peak (" + std::string(phaseKey(w.peakPhase)) + "):\n";
    TextTable terms({"term", "bytes", "GiB", "GB", "share", "formula"},
                    {false, true, true, true, true, false});
    for (int i = 0; i < kTermCount; ++i) {
        const auto term = static_cast<Term>(i);
        const double b = w.atPeak[static_cast<std::size_t>(i)];
        terms.addRow({std::string(termKey(term)), fmtInt(b), fmtNum(b / kGiB, 2),
                      fmtNum(b / 1e9, 2), pct(b, w.nvidiaSmi),
                      termFormula(term, s.model, s.workload, &s.gpu)});
    }
    terms.addRow({"total (nvidia-smi)", fmtInt(w.nvidiaSmi), fmtNum(w.nvidiaSmi / kGiB, 2),
                  fmtNum(w.nvidiaSmi / 1e9, 2), pct(w.nvidiaSmi, w.nvidiaSmi), ""});
    t += terms.render(2) + "\n";

    t += "Peak allocated per phase:\n";
    TextTable phases({"phase", "bytes", "GiB", "GB", "note"}, {false, true, true, true, false});
    for (int i = 0; i < kPhaseCount; ++i) {
        const auto ph = static_cast<Phase>(i);
        if (!phaseApplies(ph, s.workload))
            continue;
        const double b = w.phaseAllocated[static_cast<std::size_t>(i)];
        phases.addRow({std::string(phaseKey(ph)), fmtInt(b), fmtNum(b / kGiB, 2),
                       fmtNum(b / 1e9, 2), ph == w.peakPhase ? "<- peak" : ""});
    }
    t += phases.render(2) + "\n";
    return t;
}

/// The three metrics of the worst rank (and the load floor, the releasable cache).
std::string metricsText(const Scenario& s, const RankEstimate& w) {
    std::string t;
    t += "Metrics (worst rank):\n";
    TextTable metrics({"metric", "bytes", "GiB", "GB", "what it is"},
                      {false, true, true, true, false});
    metrics.addRow({"allocated", fmtInt(w.allocated), fmtNum(w.allocated / kGiB, 2),
                    fmtNum(w.allocated / 1e9, 2), "torch.cuda.max_memory_allocated: live tensors"});
    metrics.addRow({"reserved", fmtInt(w.reserved), fmtNum(w.reserved / kGiB, 2),
                    fmtNum(w.reserved / 1e9, 2),
                    "torch.cuda.max_memory_reserved: + caching-allocator segments"});
    if (w.loadReserved > 0)
        metrics.addRow({"load", fmtInt(w.loadReserved), fmtNum(w.loadReserved / kGiB, 2),
                        fmtNum(w.loadReserved / 1e9, 2),
                        "reserved after the load (" +
                            std::string(loadRecipeKey(s.workload.features.loadRecipe)) +
                            "), a floor under reserved; load peak allocated " +
                            fmtGiB(w.loadPeakAllocated)});
    if (w.releasable > 0)
        metrics.addRow({"releasable", fmtInt(w.releasable), fmtNum(w.releasable / kGiB, 2),
                        fmtNum(w.releasable / 1e9, 2),
                        "part of reserved in empty cached segments: freed before an OOM, not in "
                        "the verdict"});
    metrics.addRow({"nvidia-smi", fmtInt(w.nvidiaSmi), fmtNum(w.nvidiaSmi / kGiB, 2),
                    fmtNum(w.nvidiaSmi / 1e9, 2),
                    "+ CUDA context, cuBLAS workspace, NCCL; the verdict uses this one, less "
                    "paged optimizer states and the releasable cache"});
    t += metrics.render(2) + "\n";
    return t;
}

/// Every pipeline stage's metrics and terms (--per-rank).
std::string perStageText(const Estimate& e) {
    std::string t;
    t += "\nPer pipeline stage:\n";
    TextTable ranks({"stage", "layers", "allocated GiB", "reserved GiB", "nvidia-smi GiB",
                     "peak phase", "headroom GiB"},
                    {true, false, true, true, true, false, true});
    for (const RankEstimate& r : e.stages) {
        ranks.addRow(
            {std::to_string(r.stage + 1),
             std::to_string(r.firstLayer) + ".." + std::to_string(r.firstLayer + r.numLayers - 1),
             fmtNum(r.allocated / kGiB, 2), fmtNum(r.reserved / kGiB, 2),
             fmtNum(r.nvidiaSmi / kGiB, 2), std::string(phaseKey(r.peakPhase)),
             e.capacity > 0 ? fmtNum((e.capacity - verdictBytes(r)) / kGiB, 2) : "-"});
    }
    t += ranks.render(2);
    t += "\n  Terms per stage (GiB):\n";
    std::vector<std::string> header{"stage"};
    for (int i = 0; i < kTermCount; ++i)
        header.emplace_back(termKey(static_cast<Term>(i)));
    TextTable st(header, std::vector<bool>(header.size(), true));
    for (const RankEstimate& r : e.stages) {
        std::vector<std::string> row{std::to_string(r.stage + 1)};
        for (int i = 0; i < kTermCount; ++i)
            row.push_back(fmtNum(r.atPeak[static_cast<std::size_t>(i)] / kGiB, 2));
        st.addRow(row);
    }
    t += st.render(2);
    return t;
}

/// The OOM playbook's ranked changes and a combined plan's steps.
std::string playbookText(const Estimate& e, const std::vector<PlaybookItem>& playbook) {
    std::string t;
    t += std::string("\nOOM playbook (") + (e.fits ? "above 90 % of the GPU" : "does not fit") +
         "; ranked: fixes that fit first, then least disruption):\n";
    if (playbook.empty())
        t += "  (no applicable change found)\n";
    TextTable pbt({"#", "change", "saves GiB", "new total GiB", "verdict"},
                  {true, false, true, true, false});
    int n = 0;
    for (const PlaybookItem& it : playbook)
        pbt.addRow({std::to_string(++n), describe(it), fmtNum(it.savedBytes / kGiB, 2),
                    fmtNum(it.newTotal / kGiB, 2), std::string(bandVerdictKey(it.verdict))});
    if (!playbook.empty())
        t += pbt.render(2);
    for (const PlaybookItem& it : playbook)
        if (it.action == PlaybookAction::Combined)
            t += planText(it.plan);
    return t;
}

} // namespace

std::string estimateText(const Scenario& s, const Estimate& e, const Band& band,
                         const std::vector<PlaybookItem>& playbook, bool perRank,
                         const std::vector<std::string>& notes) {
    std::string t =
        estimateHeaderText(s, e, notes) + termsAndPhasesText(s, e) + metricsText(s, e.worst);
    if (e.hostBytes > 0)
        t += "Host memory for offloaded states/parameters: " + fmtGiB(e.hostBytes) + " (" +
             fmtGB(e.hostBytes) + ")\n\n";
    t += bandText(band);
    if (e.capacity > 0)
        t += verdictText(s, e, band);
    if (perRank && !e.stages.empty())
        t += perStageText(e);
    if (wantPlaybook(e))
        t += playbookText(e, playbook);
    return t;
}

} // namespace headroom::cli
