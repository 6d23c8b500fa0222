#pragma once
// Framework profiles: named, versioned sets of dtype accounting plus behaviour facts of one
// framework's code, each fact with the condition on the run under which it holds and its
// source. The one table is resources/profiles.json, compiled in; the CLI, the GUI, scenario
// files and the validator all read it through this header (docs/profiles.md).
//
// A pick (selectProfile) stores the profile in Workload::profile and applies its precision
// preset and defaults once; the behaviour facts are evaluated against the run at the start of
// every estimate() (withProfileApplied), so changing TP, sharding, the finetune mode or the
// loss after the pick still gives the framework's behaviour. Explicit feature toggles are
// kept: a fact only switches a flag on (or sets a load recipe left at in_place).

#include "core/engine/workload.h"
#include "core/error.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// An engine flag a profile fact sets (Features / Parallelism).
enum class Behaviour {
    TorchaoNf4,           ///< Features::torchaoNf4
    Fp32Logits,           ///< Features::fp32Logits
    RetainedLogits,       ///< Features::retainedLogits
    UncompiledLoss,       ///< Features::uncompiledLoss
    FusedQkvLora,         ///< Features::fusedQkvLora
    ChunkedCrossEntropy,  ///< Features::chunkedCrossEntropy
    ActivationOffload,    ///< Features::activationOffload
    FusedOptimizer,       ///< Features::fusedOptimizer
    LoadRecipe,           ///< Features::loadRecipe (the fact's value), when left at in_place
    SequenceParallel,     ///< Parallelism::sequenceParallel
    LossParallel,         ///< Parallelism::lossParallel
    NoSyncAccumulation,   ///< Parallelism::noSyncAccumulation
    MixedFrozenUnits,     ///< Parallelism::mixedFrozenUnits
    PersistentGradBuffer, ///< Features::persistentGradBuffer
    SpShardedInputs,      ///< Parallelism::spShardedInputs
};
std::string_view behaviourKey(Behaviour b);

/// Conditions on the run a fact needs (bit set; all must hold).
enum class RunCondition : unsigned {
    Training = 1u << 0,       ///< mode training
    Sharded = 1u << 1,        ///< sharding other than none
    TensorParallel = 1u << 2, ///< TP > 1
    UnchunkedLoss = 1u << 3,  ///< no chunked cross-entropy
    Adapters = 1u << 4,       ///< LoRA or QLoRA
    QLoRA = 1u << 5,          ///< QLoRA
    TorchCompile = 1u << 6,   ///< torch.compile on
    Checkpointing = 1u << 7,  ///< activation checkpointing other than none
    GpuOptimizer = 1u << 8,   ///< optimizer not offloaded
};
std::string_view runConditionKey(RunCondition c);

struct ProfileFact {
    Behaviour behaviour = Behaviour::TorchaoNf4;
    LoadRecipe loadRecipe = LoadRecipe::InPlace; ///< for Behaviour::LoadRecipe
    unsigned when = 0;                           ///< OR of RunCondition bits
    std::string fact;                            ///< what the framework's code does
    std::string source;                          ///< file at a revision, or document
};

struct ProfileVersion {
    std::string version;
    std::string summary;
    std::vector<ProfileFact> facts;
};

struct FrameworkProfile {
    std::string name;  ///< "torchtune": the key of CLI, GUI and scenario files
    std::string label; ///< display name (English; the GUI translates its own text)
    std::string summary;
    Framework precision = Framework::Custom; ///< dtype accounting applied when picked
    std::string precisionSource;
    std::optional<Optimizer> optimizer;         ///< default set when picked
    std::optional<Sharding> sharding;           ///< default set when picked (if none)
    std::optional<Checkpointing> checkpointing; ///< default set when picked
    std::vector<ProfileVersion> versions;       ///< oldest first; never empty
    const ProfileVersion& newest() const { return versions.back(); }
};

/// The table (resources/profiles.json), parsed once.
const std::vector<FrameworkProfile>& frameworkProfiles();
/// Parses a profile table (the embedded one, or a test's); an Error names the JSON path.
Result<std::vector<FrameworkProfile>> parseProfileTable(std::string_view jsonText);

/// A profile and one of its versions from the table.
struct ProfileChoice {
    const FrameworkProfile* profile = nullptr;
    const ProfileVersion* version = nullptr;
    ProfileRef ref() const { return {profile->name, version->version}; }
};

/// "name" (newest version) or "name@version"; names ignore case and '_' vs '-'. Unknown name or
/// version: UnknownValue naming `framework`, listing the known ones.
Result<ProfileChoice> parseProfileSpec(std::string_view spec);
/// @p ref looked up (version "" = newest); errors as parseProfileSpec.
Result<ProfileChoice> findProfile(const ProfileRef& ref);
/// "name@version" (the newest version when @p ref has none).
std::string profileSpec(const ProfileRef& ref);
/// "custom@any, torchtune@2024-05, torchtune@2024-08, ...": every name@version of the table.
std::string knownProfileList();

/// The user picks @p c: stores it, applies its precision preset (dtypes) and its defaults.
void selectProfile(Workload& w, const ProfileChoice& c);
/// Whether every condition of @p when holds for @p w.
bool runConditionsHold(unsigned when, const Workload& w);
/// The facts of @p v that hold for @p w (evaluated on @p w before any is applied).
std::vector<const ProfileFact*> activeFacts(const ProfileVersion& v, const Workload& w);
/// Sets the flags of @p v's facts that hold for @p w.
void applyProfile(Workload& w, const ProfileVersion& v);
/// A copy of @p w with its own profile (Workload::profile) applied; unchanged when unknown.
Workload withProfileApplied(const Workload& w);

} // namespace headroom
