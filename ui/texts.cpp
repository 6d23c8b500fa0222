#include "ui/texts.h"
#include "core/units.h"

#include "core/engine/profiles.h"
#include "ui/featurespanel.h"
#include "ui/rundetailspanel.h"

#include <QLocale>
#include <QStringList>

#include <cmath>
#include <type_traits>
#include <utility>
#include <variant>

namespace headroom::ui {

RunMode runModeOf(const Workload& w) {
    if (w.mode == Mode::Inference) {
        return RunMode::Inference;
    }
    switch (w.finetune) {
    case Finetune::Full:
        return RunMode::Full;
    case Finetune::LoRA:
        return RunMode::LoRA;
    case Finetune::QLoRA:
        return RunMode::QLoRA;
    }
    return RunMode::Full;
}

QString Texts::termName(Term t) {
    switch (t) {
    case Term::Weights:
        return tr("Weights");
    case Term::MasterWeights:
        return tr("Master weights");
    case Term::OptimizerStates:
        return tr("Optimizer states");
    case Term::Gradients:
        return tr("Gradients");
    case Term::Activations:
        return tr("Activations");
    case Term::KvCache:
        return tr("KV cache");
    case Term::Logits:
        return tr("Logits & loss");
    case Term::Workspace:
        return tr("Workspace");
    case Term::AllocatorReserve:
        return tr("Allocator reserve");
    case Term::CudaContext:
        return tr("CUDA context");
    }
    return {};
}

QString Texts::termTooltip(Term t) {
    switch (t) {
    case Term::Weights:
        return tr("Model weights resident on this GPU, plus LoRA adapters.");
    case Term::MasterWeights:
        return tr("A separate fp32 copy of the trainable weights kept for the optimizer step.");
    case Term::OptimizerStates:
        return tr("Optimizer moments, e.g. AdamW's first and second moment per parameter.");
    case Term::Gradients:
        return tr("Stored gradients of the trainable parameters.");
    case Term::Activations:
        return tr("Tensors saved in the forward pass for the backward pass (training) or live "
                  "hidden states (inference).");
    case Term::KvCache:
        return tr("Attention keys and values cached per token during generation.");
    case Term::Logits:
        return tr("Output-layer logits, their fp32 upcast, loss buffers and their gradient.");
    case Term::Workspace:
        return tr("Short-lived buffers: gathered sharded parameters, autocast's 16-bit copies "
                  "of fp32 weights, optimizer temporaries, communication buckets.");
    case Term::AllocatorReserve:
        return tr("Memory the PyTorch caching allocator keeps reserved beyond live tensors.");
    case Term::CudaContext:
        return tr("CUDA context, cuBLAS workspace and NCCL buffers; visible in nvidia-smi only.");
    }
    return {};
}

QString Texts::runModeName(RunMode m) {
    switch (m) {
    case RunMode::Inference:
        return tr("Inference");
    case RunMode::Full:
        return tr("Full fine-tune / training");
    case RunMode::LoRA:
        return tr("LoRA");
    case RunMode::QLoRA:
        return tr("QLoRA");
    }
    return {};
}

QString Texts::runModeTooltip(RunMode m) {
    switch (m) {
    case RunMode::Inference:
        return tr("Generation with a KV cache; no gradients or optimizer.");
    case RunMode::Full:
        return tr("Every parameter is trained: weights, gradients and optimizer states.");
    case RunMode::LoRA:
        return tr("The base model is frozen; only small low-rank adapters are trained.");
    case RunMode::QLoRA:
        return tr("LoRA on a base model quantised to 4-bit NF4.");
    }
    return {};
}

QString Texts::optimizerName(Optimizer o) {
    switch (o) {
    case Optimizer::AdamW:
        return tr("AdamW");
    case Optimizer::Adam:
        return tr("Adam");
    case Optimizer::SGD:
        return tr("SGD");
    case Optimizer::SGDMomentum:
        return tr("SGD with momentum");
    case Optimizer::Adafactor:
        return tr("Adafactor");
    case Optimizer::AdamW8bit:
        return tr("AdamW 8-bit");
    case Optimizer::PagedAdamW:
        return tr("Paged AdamW");
    case Optimizer::PagedAdamW8bit:
        return tr("Paged AdamW 8-bit");
    case Optimizer::Lion:
        return tr("Lion");
    }
    return {};
}

QString Texts::checkpointingName(Checkpointing c) {
    switch (c) {
    case Checkpointing::None:
        return tr("None");
    case Checkpointing::Full:
        return tr("Full (every block)");
    case Checkpointing::Selective:
        return tr("Selective (attention)");
    case Checkpointing::FirstN:
        return tr("First N blocks");
    }
    return {};
}

QString Texts::attentionName(AttentionImpl a) {
    switch (a) {
    case AttentionImpl::Eager:
        return tr("Eager (materialised scores)");
    case AttentionImpl::SDPA:
        return tr("PyTorch SDPA");
    case AttentionImpl::Flash:
        return tr("FlashAttention");
    case AttentionImpl::Flex:
        return tr("Flex attention");
    }
    return {};
}

QString Texts::frameworkName(const ProfileRef& p, PrecisionPreset preset) {
    return p.name == ProfileRef{}.name ? precisionPresetName(preset) : profileName(p);
}

QString Texts::precisionPresetName(PrecisionPreset f) {
    switch (f) {
    case PrecisionPreset::Custom:
        return tr("Custom (dtypes as set)");
    case PrecisionPreset::PytorchAmp:
        return tr("PyTorch AMP / HF Trainer");
    case PrecisionPreset::PureBf16:
        return tr("Pure bf16 (torchtune, LitGPT)");
    case PrecisionPreset::Fsdp2Mixed:
        return tr("FSDP2 mixed precision (torchtitan)");
    case PrecisionPreset::DeepSpeedZero:
        return tr("DeepSpeed ZeRO");
    case PrecisionPreset::Megatron:
        return tr("Megatron-LM");
    case PrecisionPreset::BitsandbytesQlora:
        return tr("bitsandbytes QLoRA");
    }
    return {};
}

QString Texts::profileName(const ProfileRef& p) {
    // the profile of no framework: a word, translated, with no version ("Custom any" read as
    // a framework called that)
    if (p.name == "custom")
        return tr("Custom (no framework)");
    // the hand-written loop: words, not a product's name, so translated; its version is torch's
    if (p.name == "torch-loop")
        return tr("Plain PyTorch %1", "framework profile torch-loop: a hand-written training "
                                      "loop; %1 is the torch major version")
            .arg(QString::fromStdString(p.version));
    // Framework names are proper nouns and versions are data: not translated.
    const auto c = findProfile(p);
    const QString label = QString::fromStdString(c ? c->profile->label : p.name);
    return tr("%1 %2", "framework profile: name, version")
        .arg(label, QString::fromStdString(c ? c->version->version : p.version));
}

QString Texts::profileTooltip(const ProfileRef& p, const ProfileVersion& v) {
    const auto c = findProfile(p);
    return tr("%1, version %2: the framework's dtype accounting and %n fact(s) of its code "
              "that change the peak, each with its source (docs/profiles.md).",
              nullptr, static_cast<int>(v.facts.size()))
        .arg(QString::fromStdString(c ? c->profile->label : p.name),
             QString::fromStdString(v.version));
}

QString Texts::precisionPresetTooltip(PrecisionPreset f) {
    switch (f) {
    case PrecisionPreset::Custom:
        return tr("Use exactly the dtypes chosen here.");
    case PrecisionPreset::PytorchAmp:
        return tr("fp32 weights, gradients and optimizer states with bf16 autocast.");
    case PrecisionPreset::PureBf16:
        return tr("bf16 weights, gradients and optimizer states, no fp32 master copy.");
    case PrecisionPreset::Fsdp2Mixed:
        return tr("bf16 parameters for compute, fp32 gradient reduction and sharded states.");
    case PrecisionPreset::DeepSpeedZero:
        return tr("bf16 weights and gradients plus 12 bytes per parameter of fp32 states.");
    case PrecisionPreset::Megatron:
        return tr("bf16 weights, fp32 gradient buffer and a distributed optimizer.");
    case PrecisionPreset::BitsandbytesQlora:
        return tr("NF4 base with double quantisation, bf16 adapters and paged AdamW.");
    }
    return {};
}

QString Texts::shardingName(Sharding s) {
    switch (s) {
    case Sharding::None:
        return tr("None (DDP replicas)");
    case Sharding::Zero1:
        return tr("ZeRO-1 (optimizer states)");
    case Sharding::Zero2:
        return tr("ZeRO-2 (+ gradients)");
    case Sharding::Zero3:
        return tr("ZeRO-3 (+ parameters)");
    case Sharding::FsdpFullShard:
        return tr("FSDP full shard");
    case Sharding::FsdpGradOp:
        return tr("FSDP shard grad-op");
    case Sharding::Hsdp:
        return tr("HSDP (hybrid shard)");
    }
    return {};
}

QString Texts::weightDtypesName(const WeightDtypes& d) {
    const bool packed = d.method == QuantMethod::Gptq || d.method == QuantMethod::Awq;
    QString t;
    for (const WeightDtypePart& p : d.parts) {
        QString part = dtypeName(p.dtype);
        if (p.scope == WeightScope::Experts)
            part = tr("%1 experts").arg(part);
        if (d.fromCheckpoint && packed && p.scope != WeightScope::Rest)
            part = tr("%1 (%2)").arg(part, d.method == QuantMethod::Gptq ? tr("GPTQ") : tr("AWQ"));
        t = t.isEmpty() ? part : tr("%1 + %2").arg(t, part);
    }
    return d.fromCheckpoint ? tr("%1 (checkpoint)").arg(t) : t;
}

QString Texts::weightDtypesLabel(const WeightDtypes& d) {
    return tr("%1 · %2 B/param")
        .arg(weightDtypesName(d))
        .arg(QLocale().toString(d.bytesPerParam(), 'f', 2));
}

QString Texts::dtypeName(DType d) {
    switch (d) {
    case DType::FP32:
        return tr("fp32");
    case DType::BF16:
        return tr("bf16");
    case DType::FP16:
        return tr("fp16");
    case DType::FP8:
        return tr("fp8");
    case DType::INT8:
        return tr("int8");
    case DType::INT4:
        return tr("int4");
    case DType::NF4:
        return tr("NF4");
    case DType::NF4DoubleQuant:
        return tr("NF4 (double quant)");
    case DType::FP4:
        return tr("fp4");
    case DType::MXFP4:
        return tr("MXFP4");
    }
    return {};
}

QString Texts::metricName(Metric m) {
    switch (m) {
    case Metric::Allocated:
        return tr("allocated");
    case Metric::Reserved:
        return tr("reserved");
    case Metric::NvidiaSmi:
        return tr("nvidia-smi");
    }
    return {};
}

QString Texts::phaseName(Phase p) {
    switch (p) {
    case Phase::AfterLoad:
        return tr("after load");
    case Phase::Forward:
        return tr("forward");
    case Phase::Backward:
        return tr("backward");
    case Phase::OptimizerStep:
        return tr("optimizer step");
    }
    return {};
}

QString Texts::bandCauseName(BandCause c) {
    switch (c) {
    case BandCause::AllocatorConfig:
        return tr("allocator configuration");
    case BandCause::CudaStack:
        return tr("CUDA stack");
    case BandCause::ProfileVersions:
        return tr("framework versions");
    case BandCause::SampleLengths:
        return tr("sample lengths");
    case BandCause::FilledDefaults:
        return tr("unstated settings");
    }
    return {};
}

QString Texts::bandCauseRemedy(BandCause c) {
    switch (c) {
    case BandCause::AllocatorConfig:
        return QStringLiteral("expandable_segments:True");
    case BandCause::CudaStack:
        return QStringLiteral("CUDA_MODULE_LOADING=LAZY");
    case BandCause::ProfileVersions:
        return tr("pick the framework version");
    case BandCause::SampleLengths:
        return tr("pack the samples");
    case BandCause::FilledDefaults:
        return tr("state the settings");
    }
    return {};
}

QString Texts::phaseShortName(Phase p) {
    switch (p) {
    case Phase::AfterLoad:
        return tr("load", "phase, short");
    case Phase::Forward:
        return tr("fwd", "phase, short");
    case Phase::Backward:
        return tr("bwd", "phase, short");
    case Phase::OptimizerStep:
        return tr("step", "phase, short");
    }
    return {};
}

namespace {
QString fieldLabel(const std::string& field) {
    return QString::fromStdString(field);
}
} // namespace

QString Texts::warningText(const Warning& w) {
    switch (w.code) {
    case WarningCode::SequenceBeyondPositions:
        return tr("⚠ %1 tokens exceed the model's trained context (max_position_embeddings "
                  "%2): the memory is estimated, but the model needs RoPE scaling or a "
                  "long-context variant.")
            .arg(Units::formatCount(w.value), Units::formatCount(w.limit));
    }
    return QString::fromStdString(describe(w));
}

QString Texts::errorText(const Error& e, const ModelArch* model, const Workload* workload) {
    const QString field = fieldLabel(e.field);
    const QString detail = QString::fromStdString(e.detail);
    switch (e.code) {
    case ErrorCode::FileUnreadable:
        return detail.isEmpty() ? tr("The file cannot be read.")
                                : tr("The file cannot be read: %1").arg(detail);
    case ErrorCode::FileTooLarge:
        return tr("The file is too large to be a model description or scenario.");
    case ErrorCode::JsonMalformed:
        return tr("The file is not valid JSON: %1").arg(detail);
    case ErrorCode::FieldMissing:
        return tr("%1: this required field is missing").arg(field);
    case ErrorCode::FieldWrongType:
        return detail.isEmpty() ? tr("%1: has the wrong type").arg(field)
                                : tr("%1: has the wrong type (%2)").arg(field, detail);
    case ErrorCode::FieldOutOfRange:
        return detail.isEmpty() ? tr("%1: must be a positive number").arg(field)
                                : tr("%1: is out of range (%2)").arg(field, detail);
    case ErrorCode::FieldNotFinite:
        return tr("%1: must be a finite number").arg(field);
    case ErrorCode::UnknownValue:
        return tr("%1: unknown value “%2”").arg(field, detail);
    case ErrorCode::UnsupportedFamily:
        return tr("This model family is not supported: %1").arg(detail.isEmpty() ? field : detail);
    case ErrorCode::UnsupportedVersion:
        return tr("This file was written by a newer Headroom (version %1).").arg(detail);
    case ErrorCode::HeaderMalformed:
        return tr("The safetensors header is malformed: %1").arg(detail);
    case ErrorCode::DoesNotFit:
        return tr("No setting of %1 fits on this GPU.").arg(field);
    case ErrorCode::InvalidLayout:
        break;
    case ErrorCode::TooManyGpus:
    case ErrorCode::TpNotDividingHeads:
    case ErrorCode::TpNotDividingKvHeads:
    case ErrorCode::PpAboveLayers:
    case ErrorCode::EpWithoutExperts:
    case ErrorCode::EpNotDividingExperts:
    case ErrorCode::EpNotDividingDpTp:
    case ErrorCode::CpNotDividingSequence:
        if (model && workload)
            return layoutRuleText(e.code, *model, *workload);
        break;
    }
    return detail.isEmpty() ? tr("%1: invalid parallel layout").arg(field)
                            : tr("%1: invalid parallel layout (%2)").arg(field, detail);
}

QString Texts::layoutRuleText(ErrorCode code, const ModelArch& model, const Workload& workload) {
    const Parallelism& p = workload.parallel;
    switch (code) {
    case ErrorCode::TooManyGpus:
        return tr("DP × TP × PP × CP = %1 × %2 × %3 × %4 is more than %5 GPUs")
            .arg(p.dp)
            .arg(p.tp)
            .arg(p.pp)
            .arg(p.cp)
            .arg(limits::kGpus);
    case ErrorCode::TpNotDividingHeads:
        return tr("TP = %1 must divide the %2 attention heads").arg(p.tp).arg(model.numHeads);
    case ErrorCode::TpNotDividingKvHeads:
        return tr("TP = %1 must divide the %2 KV heads (or be at least as many)")
            .arg(p.tp)
            .arg(model.numKvHeads);
    case ErrorCode::PpAboveLayers:
        return tr("PP = %1 must not exceed the %2 layers").arg(p.pp).arg(model.numLayers);
    case ErrorCode::EpWithoutExperts:
        return tr("EP = %1 needs a mixture-of-experts model (this one is dense)").arg(p.ep);
    case ErrorCode::EpNotDividingExperts:
        return tr("EP = %1 must divide the %2 experts").arg(p.ep).arg(model.moe.numExperts);
    case ErrorCode::EpNotDividingDpTp:
        return tr("EP = %1 must divide DP × TP = %2").arg(p.ep).arg(qint64(p.dp) * p.tp);
    case ErrorCode::CpNotDividingSequence:
        return tr("CP = %1 must divide the sequence length %2")
            .arg(p.cp)
            .arg(workload.sequenceLength);
    default:
        return {};
    }
}

QString Texts::archErrorText(ArchError e) {
    const QString field = QString::fromUtf8(archErrorField(e).data(),
                                            static_cast<qsizetype>(archErrorField(e).size()));
    switch (e) {
    case ArchError::Ok:
        return {};
    case ArchError::KvHeadsInvalid:
        return tr("%1: the attention heads must be a multiple of the KV heads").arg(field);
    case ArchError::MoeInvalid:
        return tr("%1: invalid mixture-of-experts settings").arg(field);
    case ArchError::MlaInvalid:
        return tr("%1: invalid latent-attention settings").arg(field);
    case ArchError::TooLarge:
        return tr("The model is too large (100 trillion parameters or more).");
    default:
        return tr("%1: must be a positive number").arg(field);
    }
}

QString Texts::gpuCountMismatch(int product, int gpus) {
    return tr("DP × TP × PP × CP = %1, but the GPU count is %2").arg(product).arg(gpus);
}

QString Texts::playbookAction(const PlaybookItem& item) {
    const auto v = item.value;
    switch (item.action) {
    case PlaybookAction::ShorterSequence:
        return tr("Cut the sequence length to %1 tokens").arg(Units::formatCount(v));
    case PlaybookAction::SmallerMicroBatch:
        if (item.changed.mode == Mode::Inference) {
            return tr("Serve %1 sequences at a time").arg(v);
        }
        return tr("Lower the micro-batch to %1 and raise gradient accumulation to %2")
            .arg(v)
            .arg(item.changed.gradAccumulation);
    case PlaybookAction::MoreCheckpointing:
        return tr("Turn on activation checkpointing: %1")
            .arg(checkpointingName(static_cast<Checkpointing>(v)));
    case PlaybookAction::LighterOptimizer:
        return tr("Switch the optimizer to %1").arg(optimizerName(static_cast<Optimizer>(v)));
    case PlaybookAction::SwitchToLora:
        return tr("Train LoRA adapters (rank %1) instead of all weights").arg(v);
    case PlaybookAction::SwitchToQlora:
        return tr("Train QLoRA adapters (rank %1) on a 4-bit base").arg(v);
    case PlaybookAction::MoreSharding:
        return tr("Shard across data-parallel GPUs: %1")
            .arg(shardingName(static_cast<Sharding>(v)));
    case PlaybookAction::MoreGpus:
        return tr("Spread the run over %1 GPUs with fully sharded data parallelism").arg(v);
    case PlaybookAction::FlashAttention:
        return tr("Use a memory-efficient attention kernel: %1")
            .arg(attentionName(static_cast<AttentionImpl>(v)));
    case PlaybookAction::ChunkedCrossEntropy:
        return tr("Compute the loss in chunks so full fp32 logits are never stored");
    case PlaybookAction::QuantizeWeights:
        return tr("Quantise the weights to %1").arg(dtypeName(static_cast<DType>(v)));
    case PlaybookAction::QuantizeKvCache:
        return tr("Store the KV cache in %1").arg(dtypeName(static_cast<DType>(v)));
    case PlaybookAction::FewerSamplesPerPrompt:
        return tr("Generate %1 samples per prompt in rollouts").arg(v);
    case PlaybookAction::Combined: {
        QStringList steps;
        for (const PlanStep& st : item.plan.steps) {
            steps << planStep(st.option, st.after);
        }
        return tr("Plan (disruption cost %1): %2").arg(v).arg(steps.join(tr(" + ")));
    }
    }
    return {};
}

QString Texts::planStep(LeverOption o, const Workload& a) {
    switch (o) {
    case LeverOption::SequenceFitting:
        return tr("sequence length %1").arg(Units::formatCount(a.sequenceLength));
    case LeverOption::ContextHalf:
        return tr("prompt %1 + %2 new tokens")
            .arg(Units::formatCount(a.inference.promptTokens))
            .arg(Units::formatCount(a.inference.newTokens));
    case LeverOption::SamplesPerPromptHalf:
        return tr("samples per prompt: %1").arg(a.rollout.samplesPerPrompt);
    case LeverOption::MoreGpusFullShard:
        return tr("%1 over %2 GPUs").arg(shardingName(a.parallel.sharding)).arg(a.parallel.gpus());
    case LeverOption::MicroBatchFitting:
    case LeverOption::MicroBatchHalf:
    case LeverOption::MicroBatchOne:
        if (a.mode == Mode::Inference) {
            return tr("concurrent sequences: %1").arg(a.microBatch);
        }
        return tr("micro-batch %1 with gradient accumulation %2")
            .arg(a.microBatch)
            .arg(a.gradAccumulation);
    case LeverOption::CheckpointSelective:
    case LeverOption::CheckpointFull:
        return tr("activation checkpointing: %1").arg(checkpointingName(a.checkpointing));
    case LeverOption::ChunkedLoss:
        return tr("chunked loss");
    case LeverOption::EfficientAttention:
        return tr("attention: %1").arg(attentionName(a.attention));
    case LeverOption::Optimizer8bit:
    case LeverOption::OptimizerAdafactor:
        return tr("optimizer: %1").arg(optimizerName(a.optimizer));
    case LeverOption::Zero1:
    case LeverOption::Zero2:
    case LeverOption::Zero3:
        return tr("sharding: %1").arg(shardingName(a.parallel.sharding));
    case LeverOption::Tp2:
    case LeverOption::Tp4:
    case LeverOption::Tp8:
        return tr("TP %1 on the same GPUs (DP %2, gradient accumulation %3)")
            .arg(a.parallel.tp)
            .arg(a.parallel.dp)
            .arg(a.gradAccumulation);
    case LeverOption::SequenceParallel:
        return tr("sequence parallelism");
    case LeverOption::Pp2:
    case LeverOption::Pp4:
        return tr("PP %1 on the same GPUs (DP %2, gradient accumulation %3)")
            .arg(a.parallel.pp)
            .arg(a.parallel.dp)
            .arg(a.gradAccumulation);
    case LeverOption::Lora:
        return tr("LoRA adapters (rank %1)").arg(a.lora.rank);
    case LeverOption::Qlora:
        return tr("QLoRA on a 4-bit base (rank %1)").arg(a.lora.rank);
    case LeverOption::OffloadOptimizer:
        return tr("optimizer states offloaded to the CPU");
    case LeverOption::OffloadParams:
        return tr("optimizer states and parameters offloaded to the CPU");
    case LeverOption::WeightsFp8:
    case LeverOption::WeightsInt8:
    case LeverOption::WeightsInt4:
        return tr("weights in %1").arg(dtypeName(a.precision.weights));
    case LeverOption::KvCacheFp8:
        return tr("KV cache in %1").arg(dtypeName(a.precision.kvCache));
    }
    return {};
}

QString Texts::planStepShort(LeverOption o, const Workload& a) {
    switch (o) {
    case LeverOption::SequenceFitting:
        return tr("Sequence %1").arg(Units::formatCount(a.sequenceLength));
    case LeverOption::ContextHalf:
        return tr("Context %1")
            .arg(Units::formatCount(a.inference.promptTokens + a.inference.newTokens));
    case LeverOption::SamplesPerPromptHalf:
        return tr("%1 samples per prompt").arg(a.rollout.samplesPerPrompt);
    case LeverOption::MoreGpusFullShard:
        return tr("%1 GPUs").arg(a.parallel.gpus());
    case LeverOption::MicroBatchFitting:
    case LeverOption::MicroBatchHalf:
    case LeverOption::MicroBatchOne:
        return tr("Micro-batch %1").arg(a.microBatch);
    case LeverOption::CheckpointSelective:
        return tr("Selective checkpointing");
    case LeverOption::CheckpointFull:
        return tr("Full checkpointing");
    case LeverOption::ChunkedLoss:
        return tr("Chunked loss");
    case LeverOption::EfficientAttention:
        return attentionName(a.attention);
    case LeverOption::Optimizer8bit:
    case LeverOption::OptimizerAdafactor:
        return optimizerName(a.optimizer);
    case LeverOption::Zero1:
    case LeverOption::Zero2:
    case LeverOption::Zero3:
        return shardingName(a.parallel.sharding);
    case LeverOption::Tp2:
    case LeverOption::Tp4:
    case LeverOption::Tp8:
        return tr("TP %1").arg(a.parallel.tp);
    case LeverOption::SequenceParallel:
        return tr("Sequence parallel");
    case LeverOption::Pp2:
    case LeverOption::Pp4:
        return tr("PP %1").arg(a.parallel.pp);
    case LeverOption::Lora:
        return tr("LoRA");
    case LeverOption::Qlora:
        return tr("QLoRA");
    case LeverOption::OffloadOptimizer:
        return tr("Offload optimizer");
    case LeverOption::OffloadParams:
        return tr("Offload parameters");
    case LeverOption::WeightsFp8:
    case LeverOption::WeightsInt8:
    case LeverOption::WeightsInt4:
        return dtypeName(a.precision.weights);
    case LeverOption::KvCacheFp8:
        return tr("KV cache %1").arg(dtypeName(a.precision.kvCache));
    }
    return {};
}

} // namespace headroom::ui

namespace headroom::ui {

namespace {

/// A field-table row's own name in the comparison's words (untranslated source text), or
/// nullptr: the sizes, degrees and serving settings no panel labels.
const char* fieldName(const std::string& path) {
    // clang-format off
    static const std::pair<const char*, const char*> kNames[] = {
        {"micro_batch_size", QT_TRANSLATE_NOOP("Texts", "Micro-batch")},
        {"sequence_length", QT_TRANSLATE_NOOP("Texts", "Sequence length")},
        {"gradient_accumulation_steps", QT_TRANSLATE_NOOP("Texts", "Gradient accumulation")},
        {"checkpoint_layers", QT_TRANSLATE_NOOP("Texts", "Checkpointed blocks")},
        {"plan_against_band_high", QT_TRANSLATE_NOOP("Texts", "Plan against the band's high bound")},
        {"precision.master_weights_fp32", QT_TRANSLATE_NOOP("Texts", "fp32 master weights")},
        {"lora.rank", QT_TRANSLATE_NOOP("Texts", "LoRA rank")},
        {"lora.dropout", QT_TRANSLATE_NOOP("Texts", "LoRA dropout")},
        {"inference.prompt_tokens", QT_TRANSLATE_NOOP("Texts", "Prompt tokens")},
        {"inference.new_tokens", QT_TRANSLATE_NOOP("Texts", "Generated tokens")},
        {"inference.prefill_only", QT_TRANSLATE_NOOP("Texts", "Prefill only")},
        {"inference.max_model_len", QT_TRANSLATE_NOOP("Texts", "Longest request (max_model_len)")},
        {"inference.max_num_seqs", QT_TRANSLATE_NOOP("Texts", "Requests at once (max_num_seqs)")},
        {"inference.max_num_batched_tokens",
         QT_TRANSLATE_NOOP("Texts", "Tokens per step (max_num_batched_tokens)")},
        {"inference.block_size", QT_TRANSLATE_NOOP("Texts", "KV block (block_size)")},
        {"inference.enforce_eager", QT_TRANSLATE_NOOP("Texts", "No CUDA graphs (enforce_eager)")},
        {"rollout.enabled", QT_TRANSLATE_NOOP("Texts", "RL rollout engine")},
        {"parallelism.dp", QT_TRANSLATE_NOOP("Texts", "DP")},
        {"parallelism.tp", QT_TRANSLATE_NOOP("Texts", "TP")},
        {"parallelism.pp", QT_TRANSLATE_NOOP("Texts", "PP")},
        {"parallelism.cp", QT_TRANSLATE_NOOP("Texts", "CP")},
        {"parallelism.ep", QT_TRANSLATE_NOOP("Texts", "EP")},
        {"parallelism.shard_group", QT_TRANSLATE_NOOP("Texts", "HSDP shard group")},
        {"parallelism.virtual_stages", QT_TRANSLATE_NOOP("Texts", "Virtual pipeline stages")},
        {"parallelism.num_micro_batches",
         QT_TRANSLATE_NOOP("Texts", "Pipeline micro-batches per step")},
    };
    // clang-format on
    for (const auto& [key, name] : kNames)
        if (path == key)
            return name;
    return nullptr;
}

/// A row of the field table (core/engine/fields.h) in words: the features panel's label for a
/// feature or fact, the run details panel's for its rows, the run's sizes, degrees and serving
/// settings here (fieldName), readableKey() for any other.
QString workloadFieldName(const WorkloadField& f) {
    if (FeaturesPanel::hasWords(f))
        return FeaturesPanel::labelOf(f);
    if (QString label = RunDetailsPanel::labelOf(f); !label.isEmpty())
        return label;
    if (const char* name = fieldName(f.path()))
        return QCoreApplication::translate("Texts", name);
    return Texts::readableKey("workload." + f.path());
}

QString scheduleName(PipelineSchedule s) {
    switch (s) {
    case PipelineSchedule::GPipe:
        return Texts::tr("GPipe");
    case PipelineSchedule::OneFOneB:
        return Texts::tr("1F1B");
    case PipelineSchedule::Interleaved:
        return Texts::tr("Interleaved 1F1B");
    }
    return {};
}

QString gpuChoiceName(const GpuChoice& g, ByteUnit unit) {
    const QString name =
        g.name.empty() ? Texts::tr("Custom GPU (%1)")
                             .arg(Units::format(static_cast<double>(g.memoryMiB) * kMiB, unit, 0))
                       : QString::fromStdString(g.name);
    return g.count > 1 ? Texts::tr("%1 × %2", "GPU count × GPU").arg(g.count).arg(name) : name;
}

/// A number of a field in words: a share, bytes, or a count.
QString numberValue(ChangeField field, double v, ByteUnit unit) {
    const QLocale loc;
    if (field == ChangeField::MemoryUtilization)
        return Texts::tr("%1 %").arg(loc.toString(100.0 * v, 'g', 4));
    if (field == ChangeField::RolloutOverhead)
        return Units::format(v, unit, 2);
    return loc.toString(v, 'g', 6);
}

} // namespace

QString Texts::readableKey(const std::string& key) {
    std::string k = key;
    for (const char* prefix : {"workload.", "model.architecture.", "model."})
        if (k.rfind(prefix, 0) == 0 && k.size() > std::string(prefix).size()) {
            k = k.substr(std::string(prefix).size());
            break;
        }
    QString out = QString::fromStdString(k);
    out.replace(QLatin1Char('.'), QLatin1Char(' ')).replace(QLatin1Char('_'), QLatin1Char(' '));
    out = out.simplified();
    if (!out.isEmpty())
        out[0] = out[0].toUpper();
    return out;
}

QString Texts::changeFieldName(const FieldChange& f) {
    switch (f.field) {
    case ChangeField::Model:
        return tr("Model");
    case ChangeField::Gpu:
        return tr("GPU");
    case ChangeField::Parallelism:
        return tr("Parallel layout");
    case ChangeField::Mode:
        return tr("Mode");
    case ChangeField::Finetune:
        return tr("What is trained");
    case ChangeField::Profile:
        return tr("Framework profile");
    case ChangeField::PrecisionPreset:
        return tr("Precision preset");
    case ChangeField::WeightsDtype:
        return tr("%1 dtype", "a memory term's dtype").arg(termName(Term::Weights));
    case ChangeField::ComputeDtype:
        return tr("Compute dtype");
    case ChangeField::GradientsDtype:
        return tr("%1 dtype", "a memory term's dtype").arg(termName(Term::Gradients));
    case ChangeField::OptimizerStatesDtype:
        return tr("%1 dtype", "a memory term's dtype").arg(termName(Term::OptimizerStates));
    case ChangeField::KvCacheDtype:
        return tr("%1 dtype", "a memory term's dtype").arg(termName(Term::KvCache));
    case ChangeField::AdaptersDtype:
        return tr("LoRA adapters dtype");
    case ChangeField::CheckpointWeights:
        return tr("Weights as the checkpoint stores them");
    case ChangeField::Optimizer:
        return tr("Optimizer");
    case ChangeField::Checkpointing:
        return tr("Activation checkpointing");
    case ChangeField::Attention:
        return tr("Attention");
    case ChangeField::LoraTargets:
        return tr("LoRA targets");
    case ChangeField::LoadRecipe:
        return tr("Model load");
    case ChangeField::Sharding:
        return tr("Sharding");
    case ChangeField::PipelineSchedule:
        return tr("Pipeline schedule");
    case ChangeField::MemoryUtilization:
        return tr("GPU memory utilisation");
    case ChangeField::RolloutOverhead:
        return tr("Rollout engine overhead");
    case ChangeField::WorkloadField:
        if (f.row)
            return workloadFieldName(*f.row);
        break;
    case ChangeField::Other:
        break;
    }
    return readableKey(f.key);
}

QString Texts::changeName(const ScenarioChange& c) {
    return changeFieldName(FieldChange{c.field, c.key, c.row, {}, {}});
}

QString Texts::changeValue(ChangeField field, const ChangeValue& v, ByteUnit unit) {
    return std::visit(
        [field, unit](const auto& x) -> QString {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, std::monostate>)
                return tr("(not set)");
            else if constexpr (std::is_same_v<T, bool>)
                return x ? tr("on") : tr("off");
            else if constexpr (std::is_same_v<T, int64_t>)
                return Units::formatCount(x);
            else if constexpr (std::is_same_v<T, double>)
                return numberValue(field, x, unit);
            else if constexpr (std::is_same_v<T, std::string>)
                return QString::fromStdString(x);
            else if constexpr (std::is_same_v<T, Mode>)
                return x == Mode::Inference ? runModeName(RunMode::Inference) : tr("Training");
            else if constexpr (std::is_same_v<T, Finetune>)
                return runModeName(x == Finetune::LoRA    ? RunMode::LoRA
                                   : x == Finetune::QLoRA ? RunMode::QLoRA
                                                          : RunMode::Full);
            else if constexpr (std::is_same_v<T, ProfileRef>)
                return profileName(x);
            else if constexpr (std::is_same_v<T, PrecisionPreset>)
                return precisionPresetName(x);
            else if constexpr (std::is_same_v<T, DType>)
                return dtypeName(x);
            else if constexpr (std::is_same_v<T, Optimizer>)
                return optimizerName(x);
            else if constexpr (std::is_same_v<T, Checkpointing>)
                return checkpointingName(x);
            else if constexpr (std::is_same_v<T, AttentionImpl>)
                return attentionName(x);
            else if constexpr (std::is_same_v<T, LoadRecipe>)
                return FeaturesPanel::loadRecipeName(x);
            else if constexpr (std::is_same_v<T, Sharding>)
                return shardingName(x);
            else if constexpr (std::is_same_v<T, PipelineSchedule>)
                return scheduleName(x);
            else
                return gpuChoiceName(x, unit);
        },
        v);
}

QString Texts::fromTo(const QString& a, const QString& b) {
    return tr("%1 → %2", "A's value → B's value").arg(a, b);
}

QString Texts::changeValues(const ScenarioChange& c, ByteUnit unit) {
    if (!groupWithoutOwnValue(c))
        return fromTo(changeValue(c.field, c.before, unit), changeValue(c.field, c.after, unit));
    constexpr int kShownParts = 4; // an edited architecture can differ in dozens of keys
    QStringList parts;
    for (const FieldChange& p : c.parts) {
        if (parts.size() == kShownParts) {
            parts << tr("%n more", "changed keys not listed", int(c.parts.size()) - kShownParts);
            break;
        }
        parts << tr("%1: %2 → %3", "field: A's value → B's value")
                     .arg(changeFieldName(p), changeValue(p.field, p.before, unit),
                          changeValue(p.field, p.after, unit));
    }
    return parts.join(tr("; "));
}

QString Texts::changeEffect(double savedBytes, ByteUnit unit) {
    constexpr int kDecimals = 2;
    const double shown = std::abs(savedBytes) / Units::bytesPerUnit(unit);
    if (shown < 0.5 * std::pow(10.0, -kDecimals)) { // rounds to 0.00
        if (std::abs(savedBytes) < 0.5)
            return tr("No memory change");
        const QString bound =
            Units::format(std::pow(10.0, -kDecimals) * Units::bytesPerUnit(unit), unit, kDecimals);
        return savedBytes > 0 ? tr("Saves under %1").arg(bound) : tr("Costs under %1").arg(bound);
    }
    const QString amount = Units::format(std::abs(savedBytes), unit, kDecimals);
    return savedBytes > 0 ? tr("Saves %1").arg(amount) : tr("Costs %1").arg(amount);
}

bool Texts::hasFieldWords(const WorkloadField& f) {
    return FeaturesPanel::hasWords(f) || !RunDetailsPanel::labelOf(f).isEmpty() ||
           fieldName(f.path()) != nullptr;
}

QString Texts::engineName(const ServeReport& r) {
    if (!r.profile)
        return {};
    return QString::fromLatin1(r.profile->label.data(), static_cast<int>(r.profile->label.size())) +
           QLatin1Char(' ') +
           QString::fromLatin1(r.profile->version.data(),
                               static_cast<int>(r.profile->version.size()));
}

QString Texts::serveBlockerText(const ServeReport& r, ByteUnit unit) {
    switch (r.blocker) {
    case ServeBlocker::None:
        return {};
    case ServeBlocker::MaxModelLenAboveModel:
        return tr("max_model_len %1 is above the model's max_position_embeddings")
            .arg(Units::formatCount(r.settings.maxModelLen));
    case ServeBlocker::RequestedAboveFree:
        return tr("the requested share is more than the memory free at start");
    case ServeBlocker::NoKvMemory:
        return tr("weights and the profiled peak leave no memory for the KV cache");
    case ServeBlocker::MaxModelLenAboveKv:
        return tr("one request of max_model_len (%1 tokens) needs %2 of KV cache")
            .arg(Units::formatCount(r.settings.maxModelLen))
            .arg(Units::format(r.neededBytes, unit));
    }
    return {};
}

namespace {
/// A full-width mark: CJK punctuation (U+3000-U+303F) or a full-width form (U+FF00 on).
bool fullWidthMark(QChar c) {
    return c.unicode() >= 0x3000 && (c.unicode() < 0x3040 || c.unicode() >= 0xff00);
}
} // namespace

QString Texts::sentences(const QStringList& parts) {
    QString out;
    for (const QString& part : parts) {
        const QString s = part.trimmed();
        if (s.isEmpty())
            continue;
        QString end = out; // the text before any closing tags
        while (end.endsWith(QLatin1Char('>')) && end.lastIndexOf(QLatin1Char('<')) >= 0)
            end.truncate(end.lastIndexOf(QLatin1Char('<')));
        const bool fullWidth = (!end.isEmpty() && fullWidthMark(end.back())) ||
                               (!s.isEmpty() && fullWidthMark(s.front()));
        if (!out.isEmpty() && !fullWidth)
            out += QLatin1Char(' ');
        out += s;
    }
    return out;
}

} // namespace headroom::ui
