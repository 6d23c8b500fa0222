#pragma once
// headroom-cli: a measured run beside its estimate (core compareMeasured) as JSON and text,
// for `estimate --measured FILE`. Keys and units: docs/cli.md "estimate --measured".

#include "core/measured/comparison.h"

#include <nlohmann/json.hpp>

#include <string>

namespace headroom::cli {

/// Every pair in bytes with its relative error, the findings by key.
nlohmann::json measuredJson(const MeasuredFile& f, const MeasuredComparison& c);

/// The comparison as tables (GiB = 2^30 bytes) and the "what differs" list in English.
std::string measuredText(const MeasuredFile& f, const MeasuredComparison& c);

/// One finding as an English sentence (the GUI has its own, translated).
std::string differenceText(const Difference& d, const MeasuredRun& run);

} // namespace headroom::cli
