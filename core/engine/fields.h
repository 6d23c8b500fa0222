#pragma once
// The workload's switches and counts, each described once: its scenario-file key and the
// JSON object it lives in, its CLI option, its type and range (the limits of workload.h and
// core/input_limits.h), what it means, who decides it (the run or the framework's code), when it
// changes the estimate, and the name validation records give it. The scenario reader and
// writer (core/io/scenario.cpp), the CLI options (app/cli_scenario.cpp), the GUI's features
// panel (ui/featurespanel.cpp) and the record mapper (core/validation/) all read this table,
// so adding a flag is one row here plus the engine code that reads it.
//
// Enumerations, dtypes, LoRA targets and fractional numbers keep their own readers (each has
// its own parser in workload.h / dtype.h); this table holds the booleans and integers.

#include "core/engine/workload.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace headroom {

/// The JSON object of a scenario's "workload" a field lives in.
enum class FieldGroup {
    Workload,
    Precision,
    Lora,
    Lengths,
    Inference,
    Rollout,
    Features,
    Parallelism
};
/// "" for Workload (the workload object itself), else "precision", "lora", ...
std::string_view fieldGroupKey(FieldGroup g);

enum class FieldType { Flag, Integer };

/// Who decides a field's value.
enum class FieldRole {
    Setting, ///< a size, count or degree of the run
    Feature, ///< a memory feature the run turns on (chunked loss, offload, ...)
    Fact,    ///< how a framework's code behaves; framework profiles set these
};

struct WorkloadField {
    std::string_view key;       ///< key inside its group: "chunked_cross_entropy"
    FieldGroup group;           ///< where it lives in the scenario file
    std::string_view cliOption; ///< headroom-cli option without "--"; "" = none
    FieldType type;
    FieldRole role;
    int64_t min;          ///< Integer: accepted range (Flag: 0)
    int64_t max;          ///< (Flag: 1)
    std::string_view doc; ///< one line: what it means (CLI help, docs/scenario files)
    /// Name in the validation records' `features` list (tests/data/SCHEMA.md); "" = none.
    std::string_view recordFeature;
    /// When the field changes the estimate (nullptr: always). The GUI greys it out otherwise.
    bool (*applies)(const Workload&);
    bool& (*flag)(Workload&);        ///< Flag: the member
    int64_t (*get)(const Workload&); ///< Integer: read
    void (*set)(Workload&, int64_t); ///< Integer: write (value within [min, max])
    bool requiredInFile = false;     ///< a scenario file must give it

    /// The JSON path inside "workload": "features.chunked_cross_entropy".
    std::string path() const;
    /// Flag: 0/1; Integer: the value.
    int64_t value(const Workload& w) const;
    /// The value of a default Workload.
    int64_t defaultValue() const;
};

/// Every row, in the order the CLI help and the GUI list them.
std::span<const WorkloadField> workloadFields();
/// The row of @p key ("chunked_cross_entropy", or "features.chunked_cross_entropy");
/// nullptr when unknown.
const WorkloadField* findWorkloadField(std::string_view key);

/// The flag a validation record's feature name sets ("cpu_offload_params" ->
/// parallelism.offload_params); nullptr when no row names it.
const WorkloadField* fieldOfRecordFeature(std::string_view feature);

/// Record features (tests/data/SCHEMA.md `features`) that are known and deliberately change
/// nothing in the engine, each with the mechanism that says so; "" when @p feature is not one.
std::string_view featureWithoutMemoryEffect(std::string_view feature);

} // namespace headroom
