#pragma once
// headroom-cli: text tables and JSON for estimates (formatting only; numbers come from core).

#include "core/engine/band.h"
#include "core/engine/estimator.h"
#include "core/io/scenario.h"
#include "core/plan/calibration.h"
#include "core/plan/solvers.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace headroom::cli {

/// A plain-text table: left-aligned text columns, right-aligned numeric ones.
class TextTable {
public:
    explicit TextTable(std::vector<std::string> header, std::vector<bool> rightAligned = {});
    void addRow(std::vector<std::string> cells);
    std::string render(int indent = 0) const;

private:
    std::vector<std::string> m_header;
    std::vector<bool> m_right;
    std::vector<std::vector<std::string>> m_rows;
};

/// Per-term bytes as a JSON object keyed by termKey().
nlohmann::json termsJson(const TermBytes& t);
/// One rank: stage, layers, terms, the three metrics, the allocated peak of each phase one
/// step of @p w has.
nlohmann::json rankJson(const RankEstimate& r, const Workload& w);
/// The three metrics of a rank: {"allocated": , "reserved": , "nvidia_smi": }.
nlohmann::json metricsJson(const RankEstimate& r);

/// The whole estimate as JSON (see docs/cli.md): model, gpu, terms, formulas, metrics,
/// phases, verdict, per_rank, playbook.
nlohmann::json estimateJson(const Scenario& s, const Estimate& e,
                            const std::vector<PlaybookItem>& playbook);

/// The band (core/engine/band.h) as JSON: per metric and for the verdict {low_bytes,
/// high_bytes}, the verdict's state against @p capacity (0: none), and the contributors, each
/// {name, why, remedy, allocated/reserved/nvidia_smi/verdict: {low_bytes, high_bytes}} with
/// deltas from the estimate.
nlohmann::json bandJson(const Band& b, double capacity);
/// The band as text: a low / estimate / high table per metric and one line per contributor.
std::string bandText(const Band& b);
/// The verdict line with the band: FITS, MAY NOT FIT (the contributor that decides it and its
/// remedy) or DOES NOT FIT, on @p s's GPU.
std::string verdictText(const Scenario& s, const Estimate& e, const Band& b);

/// The human report: scenario line, term table with formulas, phase peaks, metrics, verdict,
/// per-rank table (when @p perRank or PP > 1 ... only when asked), playbook.
std::string estimateText(const Scenario& s, const Estimate& e, const Band& band,
                         const std::vector<PlaybookItem>& playbook, bool perRank,
                         const std::vector<std::string>& notes);

/// The scenario's calibration for JSON output: null without one; {"applied": false, ...} when
/// it was fitted on another setup; else "label": "calibrated to your run", the measured point,
/// the fitted offset and, with @p fx, what it did to this estimate.
nlohmann::json calibrationJson(const Scenario& s, const CalibrationEffect* fx);
/// The same as one line of text ("" without a calibration).
std::string calibrationText(const Scenario& s, const CalibrationEffect* fx);

/// True when the playbook should be shown: does not fit, or above 90 % of the capacity.
bool wantPlaybook(const Estimate& e);

} // namespace headroom::cli
