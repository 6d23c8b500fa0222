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
#include "core/model/model.h"

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
    QuantizedLmHead,      ///< Features::quantizedLmHead
    Fp16QuantState,       ///< Features::fp16QuantState
    UnexpandedMqaSdpa,    ///< Features::unexpandedMqaSdpa
    DeepspeedZero,        ///< Features::deepspeedZero
    GeluNewOps,           ///< Features::geluNewOps
};
std::string_view behaviourKey(Behaviour b);

/// Conditions on the run a fact needs (bit set; all must hold).
enum class RunCondition : unsigned {
    Training = 1u << 0,         ///< mode training
    Sharded = 1u << 1,          ///< sharding other than none
    TensorParallel = 1u << 2,   ///< TP > 1
    UnchunkedLoss = 1u << 3,    ///< no chunked cross-entropy
    Adapters = 1u << 4,         ///< LoRA or QLoRA
    QLoRA = 1u << 5,            ///< QLoRA
    TorchCompile = 1u << 6,     ///< torch.compile on
    Checkpointing = 1u << 7,    ///< activation checkpointing other than none
    GpuOptimizer = 1u << 8,     ///< optimizer not offloaded
    QuantizedWeights = 1u << 9, ///< a quantised weight dtype (bitsandbytes, torchao, ...)
    ZeroStage = 1u << 10,       ///< sharding zero1, zero2 or zero3 (not FSDP's strategies)
};
std::string_view runConditionKey(RunCondition c);

struct ProfileFact {
    Behaviour behaviour = Behaviour::TorchaoNf4;
    LoadRecipe loadRecipe = LoadRecipe::InPlace; ///< for Behaviour::LoadRecipe
    unsigned when = 0;                           ///< OR of RunCondition bits
    std::string fact;                            ///< what the framework's code does
    std::string source;                          ///< file at a revision, or document
};

/// How a framework stores the frozen base of a (non-quantised) LoRA run when its user does not
/// say: in the compute dtype always, or unless the run uses ZeRO-3 or FSDP (any strategy;
/// those keep the precision preset's fp32). Without a rule the preset's weight dtype holds.
enum class LoraBaseRule { ComputeDtype, ComputeDtypeUnlessSharded };

/// Settings the framework's code or documentation fills when its user leaves them unset, each
/// with its source (key -> file at a revision, or document). They fill only what a record or a
/// scenario leaves unknown (resolveUnknowns); a pick applies the optimizer, sharding and
/// checkpointing defaults of FrameworkProfile instead (selectProfile), and the LoRA base rule.
struct FillDefaults {
    std::optional<Optimizer> optimizer;
    std::optional<Checkpointing> checkpointing;
    std::optional<AttentionImpl> attention;
    std::optional<unsigned> loraTargets; ///< OR of LoraTarget bits
    std::optional<double> loraDropout;
    std::optional<LoraBaseRule> loraBaseWeights; ///< LoRA base storage (key lora_base_weights)
    /// Key weight_dtype = "checkpoint_dtype": every run's non-quantised weights load in the
    /// model's own published dtype (ModelArch::nativeDType: config.json dtype/torch_dtype), as
    /// transformers 5's from_pretrained does by default (dtype="auto").
    bool checkpointDtypeWeights = false;
    std::optional<DType> quant4bit; ///< the format of an unspecified bitsandbytes "4bit" load
    /// The compute (autocast) dtype where the framework's documentation or code default differs
    /// from its precision preset's (key compute_dtype: fp32, bf16 or fp16).
    std::optional<DType> computeDtype;
    std::optional<bool> tiedEmbeddings; ///< whether the model in memory shares wte and lm_head
    /// Inference: the prompt and generated-token counts of the framework's generate script
    /// when its user passes none (tokens, >= 1 and >= 0, <= limits::kSequenceLength).
    std::optional<int64_t> promptTokens;
    std::optional<int64_t> newTokens;
    /// Training: what the framework's data pipeline feeds when its user does not pack or
    /// choose (key lengths: fixed, packed or real): real = a data set's own sample lengths,
    /// each micro-batch padded to its longest (resolveDataLengths). Read at every estimate
    /// whose lengths.data is framework, not only for unknowns.
    std::optional<DataLengths> lengths;
    /// With lengths real: samples longer than the sequence length are dropped, not truncated
    /// (key drop_long; ms-swift truncation_strategy 'delete').
    std::optional<bool> dropLong;
    std::vector<std::pair<std::string, std::string>> sources; ///< key -> source
    /// The source of @p key ("" when the key has none).
    std::string source(std::string_view key) const;
};

struct ProfileVersion {
    std::string version;
    std::string summary;
    std::vector<ProfileFact> facts;
    /// The defaults this version fills: the profile's `fill_defaults` with this version's own
    /// `fill_defaults` entries in their place (a framework that changed a default, or whose
    /// older code documents it elsewhere, says so per version).
    FillDefaults fill;
};

struct FrameworkProfile {
    std::string name;  ///< "torchtune": the key of CLI, GUI and scenario files
    std::string label; ///< display name (English; the GUI translates its own text)
    std::string summary;
    PrecisionPreset precision = PrecisionPreset::Custom; ///< dtype accounting applied when picked
    std::string precisionSource;
    std::optional<Optimizer> optimizer;         ///< default set when picked
    std::optional<Sharding> sharding;           ///< default set when picked (if none)
    std::optional<Checkpointing> checkpointing; ///< default set when picked
    FillDefaults fill; ///< defaults for unknown settings, every version (ProfileVersion::fill)
    std::vector<ProfileVersion> versions; ///< oldest first; never empty
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

/// One setting filled from a profile's documented default: "compute_dtype = bf16 (hf-trainer:
/// <source>)".
struct FilledField {
    std::string field;        ///< the record/scenario key, e.g. "optimizer_state_dtype"
    std::string value;        ///< the value filled in, e.g. "fp32"
    std::string source;       ///< profile name and the source of the default
    std::string text() const; ///< "field = value (source)"
};

/// What a record or scenario leaves unknown (std::nullopt = unknown).
struct UnknownSettings {
    bool weights = false;     ///< weight dtype unknown
    bool weights4bit = false; ///< a bitsandbytes 4-bit load of unstated format
    bool compute = false;
    bool masterWeights = false;
    bool grads = false;
    bool optimizer = false;
    bool optimizerStates = false;
    bool loraTargets = false;
    bool loraDropout = false;
    bool checkpointing = false;
    bool attention = false;
    bool tiedEmbeddings = false; ///< the model's tie_word_embeddings
    bool promptTokens = false;   ///< inference: the prompt's token count
    bool newTokens = false;      ///< inference: the generated tokens
};

/// The dtype @p w's optimizer keeps its states in, by the optimizer's code: int8 for the
/// bitsandbytes 8-bit optimizers (Optimizer2State(optim_bits=8)), fp32 for bitsandbytes' paged
/// 32-bit AdamW and Adafactor's factored statistics, otherwise the trainable parameter's dtype
/// (torch/optim/adamw.py `torch.zeros_like(p)`), fp32 beside a separate fp32 master copy.
DType optimizerStateDtype(const Workload& w);

/// Fills every setting @p unknown marks in @p m and @p w from the documented defaults of
/// profile version @p c (ProfileVersion::fill), clears each flag it filled (a flag left set has no
/// default: the caller decides), and returns what it filled. Dtypes follow the profile's precision
/// preset and the rule every optimizer in these frameworks follows (torch/optim/adamw.py
/// `torch.zeros_like(p)`, torchao low-bit optimizers, bitsandbytes Optimizer2State): gradients and
/// Adam states are stored in the dtype the trainable parameter presents (its own float dtype; for a
/// quantised trained weight, e.g. torchao Int8QuantizedTrainingLinearWeight, the dtype of its
/// scale, the compute dtype), except where the preset keeps a separate fp32 master/main-grad copy
/// (DeepSpeed, Megatron: fp32 states), bitsandbytes 32-bit optimizers (fp32 states) and 8-bit
/// optimizers (int8 states).
std::vector<FilledField> resolveUnknowns(ModelArch& m, Workload& w, UnknownSettings& unknown,
                                         const ProfileChoice& c);

/// The user picks @p c: stores it, applies its precision preset (dtypes), its defaults and
/// its weight rules (applyLoraBaseRule) for @p model (nullptr: not known, the preset's dtypes
/// hold).
void selectProfile(Workload& w, const ProfileChoice& c, const ModelArch* model = nullptr);
/// Under a profile with a LoRA base rule (FillDefaults::loraBaseWeights), the weights as its
/// framework stores them for the run's kind: a LoRA base in the compute dtype where the rule
/// says so, otherwise (a full fine-tune, a LoRA base under ZeRO-3/FSDP) in the precision
/// preset's dtype (LLaMA-Factory: bf16 LoRA base, fp32 fully trained weights). Unchanged for
/// inference, quantised weights and profiles without the rule.
/// Under a profile version that loads the checkpoint's own dtype (FillDefaults::
/// checkpointDtypeWeights: transformers 5), the non-quantised weights of every run, inference
/// included, take @p model's nativeDType when it is a float dtype (fp32/bf16/fp16), and a full
/// fine-tune's gradients and optimizer states follow the parameters (torch.optim.AdamW
/// `torch.zeros_like(p)`: bf16 weights, bf16 states; no fp32 master copy). The same holds under
/// any profile for a model whose own code casts it when built (DecoderFamilyTraits::castsOnLoad:
/// Qwen v1) where the weights would otherwise be fp32 and trained directly (no master copy,
/// no DeepSpeed ZeRO stage, whose optimizer keeps fp32 masters of half-precision weights). For
/// a caller that sets the run's fine-tune kind, sharding or model after the pick (the CLI, the
/// GUI's Mode box and model edits).
void applyLoraBaseRule(Workload& w, const ProfileChoice& c, const ModelArch* model = nullptr);
/// Whether every condition of @p when holds for @p w.
bool runConditionsHold(unsigned when, const Workload& w);
/// The facts of @p v that hold for @p w (evaluated on @p w before any is applied). With
/// @p model, a fact the model cannot exercise is left out of the list (gelu_new_ops without a
/// gelu_new FFN): for listings; applyProfile sets the flags either way.
std::vector<const ProfileFact*> activeFacts(const ProfileVersion& v, const Workload& w,
                                            const ModelArch* model = nullptr);
/// Sets the flags of @p v's facts that hold for @p w.
void applyProfile(Workload& w, const ProfileVersion& v);
/// The sample lengths @p w trains on, resolved; the result's data is never Framework
/// (docs/metrics.md "Variable sample lengths"):
///   - features.packed, or data fixed or packed: every batch sequenceLength (mean 0);
///   - data real, or framework with mean > 0 (a distribution given by hand): the given
///     distribution, or kDefaultDatasetLengths when mean is 0 (its mean, std, min and max;
///     @p w's steps, and drop_long from @p w or @p fill);
///   - framework with mean 0: @p fill's `lengths` (the profile's documented pipeline): real
///     (kDefaultDatasetLengths) for a trainer that pads each batch to its longest sample,
///     fixed for fixed windows or packed rows and where none is documented. The band's
///     sample-lengths contributor (core/engine/band.h) holds the other alternative.
/// Units: tokens; steps in micro-batches.
SampleLengths resolveDataLengths(const Workload& w, const FillDefaults* fill);

/// A copy of @p w with its own profile (Workload::profile) applied and its sample lengths
/// resolved (resolveDataLengths); the facts unchanged when the profile is unknown.
Workload withProfileApplied(const Workload& w);

} // namespace headroom
