#pragma once
// headroom-cli: the serving report (core serve()) as JSON and text, shared by `serve` and the
// serving section of `estimate`. Keys and units: docs/cli.md "serve".

#include "core/model/gpu.h"
#include "core/serve/serve.h"

#include <nlohmann/json.hpp>

#include <string>

namespace headroom::cli {

/// Every figure of @p r in bytes, tokens and counts, with the curve at @p curve's contexts.
nlohmann::json serveJson(const ServeReport& r, const std::vector<ServingPoint>& curve);

/// The report as a few labelled lines (GiB = 2^30 bytes).
std::string serveText(const ServeReport& r, const GpuSpec& gpu, int tp);

/// The serving playbook (core servePlaybook) as JSON: one object per lever.
nlohmann::json servePlaybookJson(const std::vector<ServeOption>& options);
/// ... and as text lines under the report.
std::string servePlaybookText(const std::vector<ServeOption>& options);

/// Contexts of the serving cliff for @p r: powers of two from 256 tokens to the larger of
/// max_model_len and the longest context that starts (at most 24 points).
std::vector<int64_t> serveCurveContexts(const ServeReport& r);

} // namespace headroom::cli
