#include "ui/rundetailspanel.h"

#include "core/checked.h"
#include "core/engine/profiles.h"
#include "ui/setifchanged.h"
#include "ui/texts.h"
#include "ui/units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>
#include <array>
#include <climits>

namespace headroom::ui {

namespace {

constexpr const char* kContext = "headroom::ui::RunDetailsPanel";

/// The rows of core's field table this panel shows, by path, with their words. Which range
/// and when each applies is core's (fields.h); the micro-batch, sequence, LoRA rank, tokens
/// and parallel degrees are on the main controls.
struct Row {
    const char* path;
    const char* label;
    const char* tip;
};
// clang-format off
const Row kRows[] = {
    {"gradient_accumulation_steps",
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "Gradient accumulation:"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel",
                       "Micro-batches per optimizer step. Memory per GPU does not grow with it "
                       "(gradients accumulate in place); the global batch does.")},
    {"precision.master_weights_fp32",
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "fp32 master weights"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel",
                       "A separate fp32 copy of the trainable parameters for the optimizer "
                       "(mixed precision with bf16/fp16 weights): 4 bytes per trainable "
                       "parameter.")},
    {"lora.dropout", QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "LoRA dropout > 0"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel",
                       "lora_dropout > 0 saves a dropped-out copy of each adapted layer's "
                       "input for the backward pass.")},
    {"lengths.mean", QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "Mean sample length:"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel",
                       "Variable sample lengths: the data set's mean length in tokens, each "
                       "micro-batch padded to its longest sample. The caching allocator keeps "
                       "segments sized for every new longest batch, so reserved memory grows "
                       "beyond allocated. 0: every batch is the sequence length (fixed or "
                       "packed).")},
    {"lengths.std", QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "Length spread (std):"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel",
                       "Standard deviation of the sample lengths, tokens.")},
    {"lengths.min", QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "Shortest sample:"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "The shortest sample, tokens.")},
    {"lengths.max", QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "Longest sample in data:"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel",
                       "The data set's longest sample, tokens (0: no limit). Longer samples "
                       "than the sequence length are truncated to it, or dropped.")},
    {"lengths.drop_long",
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "Drop samples over the sequence length"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel",
                       "Samples longer than the sequence length are dropped (ms-swift "
                       "truncation_strategy 'delete') instead of truncated.")},
    {"lengths.steps", QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "Training micro-batches:"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel",
                       "Micro-batches the run trains: the more batches, the more new longest "
                       "ones (about ln of the count) and the more cached segments.")},
    {"parallelism.reduce_bucket_size",
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "DeepSpeed reduce bucket:"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel",
                       "DeepSpeed ZeRO reduce_bucket_size in elements: the gradient bucket it "
                       "allocates. DeepSpeed's default is 500,000,000; HF Trainer's \"auto\" is "
                       "hidden size squared.")},
    {"rollout.enabled", QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "RL rollout engine"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel",
                       "A colocated rollout engine (RL: GRPO/PPO) generating on the same GPUs: "
                       "its weights and KV cache come on top of training.")},
    {"rollout.rollout_batch_size",
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "Rollout prompts:"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "Prompts per rollout step.")},
    {"rollout.samples_per_prompt",
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "Samples per prompt:"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel",
                       "Responses generated per prompt (GRPO group size).")},
    {"rollout.max_response_tokens",
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "Response length:"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel",
                       "Maximum generated tokens per response.")},
    {"rollout.prompt_tokens",
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "Rollout prompt tokens:"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "Prompt length of a rollout (0: ignored).")},
    {"rollout.rollout_tp", QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel", "Rollout TP:"),
     QT_TRANSLATE_NOOP("headroom::ui::RunDetailsPanel",
                       "Tensor parallelism of the rollout engine (0: the training TP).")},
};
// clang-format on

const std::array<LoraTarget, 8> kTargets{LoraTarget::Q,    LoraTarget::K,     LoraTarget::V,
                                         LoraTarget::O,    LoraTarget::Gate,  LoraTarget::Up,
                                         LoraTarget::Down, LoraTarget::LmHead};
const std::array<const char*, 8> kTargetKeys{"q", "k", "v", "o", "gate", "up", "down", "lm_head"};
/// The dtypes offered for the KV cache (serving engines: fp8 and int8 KV) and the optimizer
/// states (8-bit optimizers are an optimizer choice, not a dtype here).
const std::array<DType, 5> kKvDTypes{DType::BF16, DType::FP16, DType::FP8, DType::INT8,
                                     DType::FP32};
const std::array<DType, 3> kStateDTypes{DType::FP32, DType::BF16, DType::FP16};
const std::array<DataLengths, 4> kDataLengths{DataLengths::Framework, DataLengths::Fixed,
                                              DataLengths::Packed, DataLengths::Real};

const Row* rowOf(const WorkloadField* f) {
    for (const Row& r : kRows)
        if (f->path() == r.path)
            return &r;
    return nullptr;
}

bool trains(const Workload& w) {
    return w.mode == Mode::Training;
}

} // namespace

QString RunDetailsPanel::labelOf(const WorkloadField& f) {
    const std::string path = f.path();
    for (const Row& r : kRows)
        if (path == r.path) {
            QString label = QCoreApplication::translate(kContext, r.label);
            // the form's colon (and its full-width twin in Chinese) is not part of the name
            while (label.endsWith(u':') || label.endsWith(QChar(0xFF1A)))
                label.chop(1);
            return label.trimmed();
        }
    return {};
}

RunDetailsPanel::RunDetailsPanel(ScenarioController* controller, QWidget* parent)
    : QGroupBox(parent), m_controller(controller) {
    setObjectName(QStringLiteral("runDetailsBox"));
    auto* form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (const Row& r : kRows)
        if (const WorkloadField* f = findWorkloadField(r.path))
            addField(form, f);
    m_globalBatch = new QLabel(this);
    m_globalBatch->setObjectName(QStringLiteral("globalBatchLabel"));
    m_globalBatch->setForegroundRole(QPalette::PlaceholderText);
    m_globalBatch->setWordWrap(true);
    form->insertRow(1, QString(), m_globalBatch);
    addDTypeBoxes(form);
    addLoraTargets(form);
    addLengthsBox(form);
    connect(m_controller, &ScenarioController::scenarioChanged, this,
            &RunDetailsPanel::syncFromScenario);
    connect(m_controller, &ScenarioController::dragChanged, this, [this](bool dragging) {
        if (!dragging)
            syncFromScenario();
    });
    retranslateUi();
    syncFromScenario();
}

void RunDetailsPanel::addField(QFormLayout* form, const WorkloadField* f) {
    const QString name = QString::fromStdString(f->path());
    QWidget* w = nullptr;
    QLabel* label = nullptr;
    if (f->type == FieldType::Flag) {
        auto* box = new QCheckBox(this);
        connect(box, &QCheckBox::toggled, this, [this, f, box](bool on) {
            m_controller->edit(Field::Features, tr("Set %1").arg(box->text()),
                               [f, on](Scenario& s) { f->flag(s.workload) = on; });
        });
        form->addRow(box);
        w = box;
    } else {
        auto* spin = new QSpinBox(this);
        spin->setGroupSeparatorShown(true);
        spin->setRange(static_cast<int>(std::max<int64_t>(f->min, INT_MIN)),
                       static_cast<int>(std::min<int64_t>(f->max, INT_MAX)));
        spin->setKeyboardTracking(false);
        spin->setGroupSeparatorShown(true);
        label = new QLabel(this);
        label->setBuddy(spin);
        connect(spin, &QSpinBox::valueChanged, this, [this, f, label](int v) {
            QString what = label->text();
            what.remove(QLatin1Char('&'));
            m_controller->edit(Field::Features, tr("Set %1 %2").arg(what).arg(v),
                               [f, v](Scenario& s) { f->set(s.workload, v); });
        });
        form->addRow(label, spin);
        w = spin;
    }
    w->setObjectName(name);
    m_fields.push_back(f);
    m_widgets.push_back(w);
    m_labels.push_back(label);
}

void RunDetailsPanel::addDTypeBoxes(QFormLayout* form) {
    m_optStates = new QComboBox(this);
    m_optStates->setObjectName(QStringLiteral("optimizerStatesCombo"));
    for (DType d : kStateDTypes)
        m_optStates->addItem(QString(), static_cast<int>(d));
    m_kvCache = new QComboBox(this);
    m_kvCache->setObjectName(QStringLiteral("kvCacheCombo"));
    for (DType d : kKvDTypes)
        m_kvCache->addItem(QString(), static_cast<int>(d));
    m_optLabel = new QLabel(this);
    m_kvLabel = new QLabel(this);
    m_optLabel->setBuddy(m_optStates);
    m_kvLabel->setBuddy(m_kvCache);
    form->insertRow(3, m_optLabel, m_optStates);
    form->addRow(m_kvLabel, m_kvCache);
    connect(m_optStates, &QComboBox::activated, this, [this](int i) {
        const auto d = static_cast<DType>(m_optStates->itemData(i).toInt());
        m_controller->edit(Field::Precision, tr("Optimizer states in %1").arg(Texts::dtypeName(d)),
                           [d](Scenario& s) { s.workload.precision.optimizerStates = d; });
    });
    connect(m_kvCache, &QComboBox::activated, this, [this](int i) {
        const auto d = static_cast<DType>(m_kvCache->itemData(i).toInt());
        m_controller->edit(Field::Precision, tr("KV cache in %1").arg(Texts::dtypeName(d)),
                           [d](Scenario& s) { s.workload.precision.kvCache = d; });
    });
}

void RunDetailsPanel::addLoraTargets(QFormLayout* form) {
    auto* box = new QWidget(this);
    auto* grid = new QGridLayout(box);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(8);
    for (size_t i = 0; i < kTargets.size(); ++i) {
        auto* c = new QCheckBox(QString::fromLatin1(kTargetKeys[i]), box);
        c->setObjectName(QStringLiteral("lora_target_") + QString::fromLatin1(kTargetKeys[i]));
        grid->addWidget(c, static_cast<int>(i / 4), static_cast<int>(i % 4));
        const unsigned bit = static_cast<unsigned>(kTargets[i]);
        connect(c, &QCheckBox::toggled, this, [this, bit, c](bool on) {
            m_controller->edit(Field::Features,
                               on ? tr("Add LoRA target %1").arg(c->text())
                                  : tr("Remove LoRA target %1").arg(c->text()),
                               [bit, on](Scenario& s) {
                                   unsigned& t = s.workload.lora.targets;
                                   t = on ? (t | bit) : (t & ~bit);
                               });
        });
        m_targets.push_back(c);
    }
    m_targetsLabel = new QLabel(this);
    form->addRow(m_targetsLabel, box);
}

void RunDetailsPanel::addLengthsBox(QFormLayout* form) {
    m_lengths = new QComboBox(this);
    m_lengths->setObjectName(QStringLiteral("lengthsDataCombo"));
    for (DataLengths d : kDataLengths)
        m_lengths->addItem(QString(), static_cast<int>(d));
    m_lengthsLabel = new QLabel(this);
    m_lengthsLabel->setBuddy(m_lengths);
    // just above the distribution's own rows
    int row = -1;
    QFormLayout::ItemRole role = QFormLayout::FieldRole;
    if (QWidget* mean = fieldWidget(QStringLiteral("lengths.mean")))
        form->getWidgetPosition(mean, &row, &role);
    form->insertRow(row, m_lengthsLabel, m_lengths);
    connect(m_lengths, &QComboBox::activated, this, [this](int i) {
        const auto d = static_cast<DataLengths>(m_lengths->itemData(i).toInt());
        m_controller->edit(Field::Features, tr("Sample lengths: %1").arg(m_lengths->itemText(i)),
                           [d](Scenario& s) { s.workload.lengths.data = d; });
    });
}

QWidget* RunDetailsPanel::fieldWidget(const QString& path) const {
    for (QWidget* w : m_widgets)
        if (w->objectName() == path)
            return w;
    return nullptr;
}

QCheckBox* RunDetailsPanel::loraTargetBox(LoraTarget t) const {
    for (size_t i = 0; i < kTargets.size(); ++i)
        if (kTargets[i] == t)
            return m_targets[i];
    return nullptr;
}

void RunDetailsPanel::syncFromScenario() {
    // a slider drag changes none of these controls, only the global batch's words: they
    // follow when the drag ends, so a drag step relays out no part of this panel
    if (m_controller->dragging())
        return;
    const Workload& w = m_controller->scenario().workload;
    // whether a field counts is judged on the run the estimate sees: the profile's facts on
    const Workload run = withProfileApplied(w);
    for (size_t i = 0; i < m_fields.size(); ++i) {
        const WorkloadField* f = m_fields[i];
        QWidget* wid = m_widgets[i];
        const QSignalBlocker block(wid);
        if (auto* box = qobject_cast<QCheckBox*>(wid))
            box->setChecked(f->value(w) != 0);
        else if (auto* spin = qobject_cast<QSpinBox*>(wid))
            spin->setValue(static_cast<int>(f->get(w)));
        // a field that does not count for this run is hidden, not greyed: greyed, it still
        // showed a value (a server's "Training micro-batches 1,000", a full fine-tune's ticked
        // LoRA targets, "shortest 1" over "longest 0"), which read as part of the run (the GUI
        // review); it comes back with what makes it count (the mode, a tick, a choice)
        showRow(wid, !f->applies || f->applies(run));
    }
    const auto global = checked::product({w.microBatch, w.gradAccumulation, w.parallel.dp});
    m_globalBatch->setText(global
                               ? tr("global batch %1 samples (micro-batch × accumulation × DP %2)")
                                     .arg(Units::formatCount(*global))
                                     .arg(w.parallel.dp)
                               : QString());
    m_globalBatch->setVisible(trains(w));
    {
        const QSignalBlocker b1(m_optStates), b2(m_kvCache);
        m_optStates->setCurrentIndex(
            m_optStates->findData(static_cast<int>(w.precision.optimizerStates)));
        m_kvCache->setCurrentIndex(m_kvCache->findData(static_cast<int>(w.precision.kvCache)));
    }
    showRow(m_optStates, trains(w));
    {
        const QSignalBlocker b(m_lengths);
        m_lengths->setCurrentIndex(m_lengths->findData(static_cast<int>(w.lengths.data)));
    }
    showRow(m_lengths, trains(w));
    showRow(m_kvCache, w.mode == Mode::Inference || w.rollout.enabled);
    for (size_t i = 0; i < kTargets.size(); ++i) {
        const QSignalBlocker b(m_targets[i]);
        m_targets[i]->setChecked((w.lora.targets & static_cast<unsigned>(kTargets[i])) != 0);
    }
    showRow(m_targets.front()->parentWidget(), trains(w) && w.finetune != Finetune::Full);
}

void RunDetailsPanel::showRow(QWidget* field, bool shown) {
    setRowIfChanged(static_cast<QFormLayout*>(layout()), field, shown);
}

void RunDetailsPanel::retranslateUi() {
    setTitle(tr("Run details"));
    for (size_t i = 0; i < m_fields.size(); ++i) {
        const Row* r = rowOf(m_fields[i]);
        const QString label = r ? QCoreApplication::translate(kContext, r->label)
                                : QString::fromStdString(m_fields[i]->path());
        const QString tip =
            r ? QCoreApplication::translate(kContext, r->tip)
              : QString::fromLatin1(m_fields[i]->doc.data(), m_fields[i]->doc.size());
        if (auto* box = qobject_cast<QCheckBox*>(m_widgets[i]))
            box->setText(label);
        else
            m_labels[i]->setText(label);
        m_widgets[i]->setToolTip(tip);
        m_widgets[i]->setAccessibleName(label);
    }
    m_optLabel->setText(tr("Optimizer states:"));
    m_optStates->setToolTip(tr("Dtype of Adam's m and v (8-bit optimizers are chosen under "
                               "Optimizer)."));
    m_optStates->setAccessibleName(tr("Optimizer states"));
    m_kvLabel->setText(tr("KV cache:"));
    m_kvCache->setAccessibleName(tr("KV cache"));
    for (QCheckBox* c : m_targets) {
        c->setAccessibleName(tr("LoRA target %1").arg(c->text()));
        c->setToolTip(tr("Adapters on the %1 projection").arg(c->text()));
    }
    m_kvCache->setToolTip(tr("Dtype of the KV cache (inference and the RL rollout); fp8 and "
                             "int8 as in vLLM's kv_cache_dtype."));
    for (size_t i = 0; i < kStateDTypes.size(); ++i)
        m_optStates->setItemText(static_cast<int>(i), Texts::dtypeName(kStateDTypes[i]));
    for (size_t i = 0; i < kKvDTypes.size(); ++i)
        m_kvCache->setItemText(static_cast<int>(i), Texts::dtypeName(kKvDTypes[i]));
    m_lengthsLabel->setText(tr("Sample lengths:"));
    m_lengths->setAccessibleName(tr("Sample lengths"));
    const QString lengthNames[] = {tr("As the framework"), tr("Fixed"), tr("Packed"),
                                   tr("Real data")};
    for (size_t i = 0; i < kDataLengths.size(); ++i)
        m_lengths->setItemText(static_cast<int>(i), lengthNames[i]);
    m_lengths->setToolTip(
        tr("How long the training batches are. Fixed or packed: every batch is the sequence "
           "length. Real data: each batch padded to its longest sample, so the caching "
           "allocator keeps segments for many lengths and reserved memory grows (the mean "
           "below, or a published SFT mix: mean 528, spread 658, longest 18,718 tokens). As "
           "the framework: real data for the SFT trainers (HF Trainer, torchtune, "
           "LLaMA-Factory, ms-swift), fixed windows for a plain PyTorch loop or pre-training."));
    m_targetsLabel->setText(tr("LoRA targets:"));
    m_targetsLabel->setToolTip(tr("The linear layers that get adapters (PEFT target_modules); "
                                  "all seven projections is PEFT's \"all-linear\"."));
    syncFromScenario();
}

void RunDetailsPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QGroupBox::changeEvent(e);
}

} // namespace headroom::ui
