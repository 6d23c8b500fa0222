#pragma once
// Translated names, tooltips and messages for the engine's enums and typed errors.
// The engine only speaks English in describe(); everything the user reads comes from here.

#include "core/engine/band.h"
#include "core/engine/estimator.h"
#include "core/engine/profiles.h"
#include "core/engine/warnings.h"
#include "core/engine/weight_dtypes.h"
#include "core/engine/workload.h"
#include "core/error.h"
#include "core/io/compare.h"
#include "core/model/model.h"
#include "core/plan/solvers.h"
#include "core/serve/serve.h"
#include "ui/units.h"

#include <QCoreApplication>
#include <QString>

namespace headroom::ui {

/// The GUI's "mode" choice: one combo for Mode x Finetune.
enum class RunMode { Inference, Full, LoRA, QLoRA };
inline constexpr int kRunModeCount = 4;

RunMode runModeOf(const Workload& w);

class Texts {
    Q_DECLARE_TR_FUNCTIONS(Texts)

public:
    static QString termName(Term t);
    static QString termTooltip(Term t);
    static QString runModeName(RunMode m);
    static QString runModeTooltip(RunMode m);
    static QString optimizerName(Optimizer o);
    static QString checkpointingName(Checkpointing c);
    static QString attentionName(AttentionImpl a);
    static QString precisionPresetName(PrecisionPreset f);
    static QString precisionPresetTooltip(PrecisionPreset f);
    /// "torchtune 2024-08": a framework profile's label and version (core/engine/profiles.h).
    static QString profileName(const ProfileRef& p);
    /// The run's framework as the Framework box names it: its profile (profileName), or for a
    /// run without one ("custom") its precision preset (precisionPresetName). The headline,
    /// the box and Compare's "Framework profile" row all say this.
    static QString frameworkName(const ProfileRef& p, PrecisionPreset preset);
    static QString profileTooltip(const ProfileRef& p, const ProfileVersion& v);
    static QString shardingName(Sharding s);
    static QString dtypeName(DType d);
    /// The dtypes the weights term counts (core residentWeightDtypes), e.g. "fp8 + bf16
    /// (checkpoint)", "MXFP4 experts + bf16 (checkpoint)", "NF4 (double quant) + bf16", "bf16".
    static QString weightDtypesName(const WeightDtypes& d);
    /// The weights slider's label: the dtypes and their bytes per parameter,
    /// "bf16 · 2.00 B/param".
    static QString weightDtypesLabel(const WeightDtypes& d);
    static QString metricName(Metric m);
    static QString phaseName(Phase p);
    /// A band contributor's mechanism (core BandCause), e.g. "allocator configuration".
    static QString bandCauseName(BandCause c);
    /// What removes a band contributor, e.g. "CUDA_MODULE_LOADING=LAZY", "pack the samples".
    static QString bandCauseRemedy(BandCause c);
    /// "fwd", "bwd": the phase where its full name does not fit a chart's category.
    static QString phaseShortName(Phase p);

    /// A typed core error as one translated sentence naming the field.
    static QString errorText(const Error& e, const ModelArch* model = nullptr,
                             const Workload* workload = nullptr);
    /// The layout rule core's validateWorkload names by its code (one ErrorCode per rule),
    /// with the run's numbers; empty for a code that is not a layout rule.
    static QString layoutRuleText(ErrorCode code, const ModelArch& model, const Workload& workload);
    /// Why validateArch() rejected a model.
    static QString archErrorText(ArchError e);
    /// "DP × TP × PP × CP = 12, but the GPU count is 8".
    static QString gpuCountMismatch(int product, int gpus);

    /// "vLLM 0.21": the serving engine profile a report follows (product names: not translated).
    static QString engineName(const ServeReport& r);
    /// Whether a field-table row has words of its own in a comparison (a panel's label or a
    /// name of its own), not its JSON key made readable (readableKey).
    static bool hasFieldWords(const WorkloadField& f);
    /// Why the engine refuses to start (core ServeBlocker), with the report's numbers; empty
    /// when it starts.
    static QString serveBlockerText(const ServeReport& r, ByteUnit unit);

    /// A typed core warning (core/engine/warnings.h) as one translated sentence.
    static QString warningText(const Warning& w);

    /// One playbook line: the change, with its numbers.
    static QString playbookAction(const PlaybookItem& item);
    /// One step of a combined plan (core/plan/plan_search.h), with the scenario after it.
    static QString planStep(LeverOption o, const Workload& after);
    /// A few words for the plan waterfall's axis, e.g. "Micro-batch 2", "TP 2".
    static QString planStepShort(LeverOption o, const Workload& after);

    /// The name of a change between two scenarios (core/io/compare.h): "Activation
    /// checkpointing", "Micro-batch", "GPU"; a field without words of its own gets a readable
    /// label made from its key ("Rollout samples per prompt"), never the JSON path.
    static QString changeName(const ScenarioChange& c);
    /// The name of one leaf of a change (a group's part).
    static QString changeFieldName(const FieldChange& f);
    /// A's and B's values: "None → Full (every block)", "4 → 8", "H100 → 2 × H100"; a group
    /// without a value of its own lists its parts ("TP: 1 → 2; Sequence parallelism: off → on").
    static QString changeValues(const ScenarioChange& c, ByteUnit unit);
    /// "A's value → B's value": how a change's two sides are joined everywhere.
    static QString fromTo(const QString& a, const QString& b);
    /// One value of @p field in words (the names above: checkpointing, dtypes, optimizers, ...).
    static QString changeValue(ChangeField field, const ChangeValue& v, ByteUnit unit);
    /// What a change does to the memory, from its saving (A − B, bytes): "Saves 12.00 GiB",
    /// "Costs 843.00 GiB", "No memory change".
    static QString changeEffect(double savedBytes, ByteUnit unit);
    /// "Lengths mean" from "workload.lengths.mean": a readable label for a key without words.
    static QString readableKey(const std::string& key);
    /// Sentences (or a parenthetical after its text) in a row, empty ones left out: one space
    /// between two, none after a full-width mark (。！？；：） and the like: Chinese sets no
    /// space between sentences) and none before one (a Chinese parenthetical opens with （).
    /// A sentence may end in tags ("<b>…。</b>"): the mark before them decides.
    static QString sentences(const QStringList& parts);
};

} // namespace headroom::ui
