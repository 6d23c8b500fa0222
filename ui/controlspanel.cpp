#include "ui/controlspanel.h"

#include "core/engine/profiles.h"
#include "core/engine/weight_dtypes.h"

#include "core/model/presets.h"
#include "ui/featurespanel.h"
#include "ui/formulatext.h"
#include "ui/rundetailspanel.h"
#include "ui/scaledslider.h"
#include "ui/scenarioedits.h"
#include "ui/setifchanged.h"
#include "ui/sliderfield.h"
#include "ui/texts.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCompleter>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <array>
#include <cmath>

namespace headroom::ui {

namespace {

constexpr std::array kPrecisions{DType::FP32, DType::BF16, DType::FP16, DType::FP8,
                                 DType::INT8, DType::INT4, DType::NF4};

int precisionPosition(DType d) {
    switch (d) {
    case DType::FP32:
        return 0;
    case DType::BF16:
        return 1;
    case DType::FP16:
        return 2;
    case DType::FP8:
        return 3;
    case DType::INT8:
        return 4;
    case DType::INT4:
    case DType::MXFP4:
        return 5;
    case DType::NF4:
    case DType::NF4DoubleQuant:
    case DType::FP4:
        return 6;
    }
    return 1;
}

constexpr std::array kOptimizers{
    Optimizer::AdamW,       Optimizer::Adam,           Optimizer::SGD,
    Optimizer::SGDMomentum, Optimizer::Adafactor,      Optimizer::AdamW8bit,
    Optimizer::PagedAdamW,  Optimizer::PagedAdamW8bit, Optimizer::Lion};
constexpr std::array kCheckpointing{Checkpointing::None, Checkpointing::Full,
                                    Checkpointing::Selective, Checkpointing::FirstN};
constexpr std::array kAttention{AttentionImpl::Eager, AttentionImpl::SDPA, AttentionImpl::Flash,
                                AttentionImpl::Flex};
/// The framework combo: the custom profile with each precision preset (dtypes only), then
/// every name@version of the profile table (core/engine/profiles.h, resources/profiles.json).
struct FrameworkEntry {
    ProfileRef profile;
    PrecisionPreset precision = PrecisionPreset::Custom; ///< the precision preset of a custom entry
    const ProfileVersion* version = nullptr;             ///< null for the custom entries
};
constexpr std::array kPrecisionPresets{
    PrecisionPreset::Custom,           PrecisionPreset::PytorchAmp,    PrecisionPreset::PureBf16,
    PrecisionPreset::Fsdp2Mixed,       PrecisionPreset::DeepSpeedZero, PrecisionPreset::Megatron,
    PrecisionPreset::BitsandbytesQlora};
const std::vector<FrameworkEntry>& frameworkEntries() {
    static const std::vector<FrameworkEntry> entries = [] {
        std::vector<FrameworkEntry> e;
        for (PrecisionPreset f : kPrecisionPresets)
            e.push_back({ProfileRef{}, f, nullptr});
        for (const FrameworkProfile& p : frameworkProfiles())
            if (p.name != ProfileRef{}.name)
                for (const ProfileVersion& v : p.versions)
                    e.push_back({ProfileRef{p.name, v.version}, p.precision, &v});
        return e;
    }();
    return entries;
}
/// The combo row of @p w's profile (a custom one by its precision preset); -1 if none.
int frameworkIndex(const Workload& w) {
    const auto& entries = frameworkEntries();
    const bool custom = w.profile.name == ProfileRef{}.name;
    std::string version = w.profile.version;
    if (!custom && version.empty())
        if (auto c = findProfile(w.profile); c.ok())
            version = c->version->version;
    for (size_t i = 0; i < entries.size(); ++i) {
        const FrameworkEntry& e = entries[i];
        if (custom ? (!e.version && e.precision == w.precisionPreset)
                   : (e.profile.name == w.profile.name && e.profile.version == version))
            return static_cast<int>(i);
    }
    return -1;
}
constexpr std::array kShardings{Sharding::None,  Sharding::Zero1,         Sharding::Zero2,
                                Sharding::Zero3, Sharding::FsdpFullShard, Sharding::FsdpGradOp,
                                Sharding::Hsdp};

template <class Arr, class T> int indexIn(const Arr& arr, T v) {
    for (size_t i = 0; i < arr.size(); ++i) {
        if (arr[i] == v) {
            return static_cast<int>(i);
        }
    }
    return 0;
}

QSpinBox* makeSpin(int lo, int hi, const QString& object, QWidget* parent) {
    auto* s = new QSpinBox(parent);
    s->setRange(lo, hi);
    s->setKeyboardTracking(false);
    s->setObjectName(object);
    s->setAlignment(Qt::AlignRight);
    s->setGroupSeparatorShown(true); // digits grouped in the locale's way, as the texts
    return s;
}

QComboBox* makeCombo(int count, const QString& object, QWidget* parent) {
    auto* c = new QComboBox(parent);
    for (int i = 0; i < count; ++i) {
        c->addItem(QString());
    }
    c->setObjectName(object);
    return c;
}

const QString kInlineKey = QStringLiteral("__inline__");
const QString kCustomGpuKey = QStringLiteral("__custom_gpu__");

} // namespace

ControlsPanel::ControlsPanel(ScenarioController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
    build();
    retranslateUi();
    syncFromScenario();
    connect(m_controller, &ScenarioController::scenarioChanged, this,
            &ControlsPanel::syncFromScenario);
    connect(m_controller, &ScenarioController::resultsChanged, this, &ControlsPanel::showProblem);
}

void ControlsPanel::connectDrag(SliderField* f) {
    connect(f, &SliderField::dragStarted, m_controller, &ScenarioController::beginDrag);
    connect(f, &SliderField::dragFinished, m_controller, &ScenarioController::endDrag);
}

void ControlsPanel::connectDrag(QSlider* s) {
    connect(s, &QSlider::sliderPressed, m_controller, &ScenarioController::beginDrag);
    connect(s, &QSlider::sliderReleased, m_controller, &ScenarioController::endDrag);
}

void ControlsPanel::build() {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(6, 6, 6, 6);
    outer->setSpacing(8);
    buildModelBox();
    buildRunBox();
    buildHardwareBox();
    buildTrainingBox();
    outer->addWidget(m_modelBox);
    outer->addWidget(m_runBox);
    // the meeting's first what-if ("and on 4 GPUs?") sits right under the run, above the
    // training details and the memory features
    outer->addWidget(m_hwBox);
    outer->addWidget(m_trainBox);
    m_features = new FeaturesPanel(m_controller, this);
    outer->addWidget(m_features);
    m_details = new RunDetailsPanel(m_controller, this);
    outer->addWidget(m_details);
    outer->addStretch(1);
    setUpLabels();
}

void ControlsPanel::newForm(QGroupBox*& box, QFormLayout*& form, const QString& name) {
    box = new QGroupBox(this);
    box->setObjectName(name);
    form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->setLabelAlignment(Qt::AlignLeft | Qt::AlignVCenter);
}

/// Model: the preset or imported model, its file button, the size slider and the info line.
void ControlsPanel::buildModelBox() {
    newForm(m_modelBox, m_modelForm, QStringLiteral("modelBox"));
    m_model = new QComboBox(m_modelBox);
    m_model->setObjectName(QStringLiteral("modelCombo"));
    m_model->setEditable(true);
    m_model->setInsertPolicy(QComboBox::NoInsert);
    m_model->setMaxVisibleItems(20);
    m_model->completer()->setFilterMode(Qt::MatchContains);
    m_model->completer()->setCaseSensitivity(Qt::CaseInsensitive);
    m_model->completer()->setCompletionMode(QCompleter::PopupCompletion);
    populateModels();
    connect(m_model, &QComboBox::activated, this, &ControlsPanel::onModelActivated);
    connect(m_model->lineEdit(), &QLineEdit::editingFinished, this, [this] {
        // Text that names no entry snaps back to the current model.
        if (m_model->findText(m_model->currentText()) < 0) {
            syncFromScenario();
        }
    });
    m_openModel = new QPushButton(m_modelBox);
    m_openModel->setObjectName(QStringLiteral("openModelButton"));
    connect(m_openModel, &QPushButton::clicked, this, &ControlsPanel::openModelFileRequested);

    m_modelSize = new SliderField(std::make_unique<LogScale>(1e8, 1e12, 401), m_modelBox);
    m_modelSize->setObjectName(QStringLiteral("modelSizeField"));
    m_modelSize->slider()->setObjectName(QStringLiteral("modelSizeSlider"));
    m_modelSize->spinBox()->setObjectName(QStringLiteral("modelSizeSpin"));
    m_modelSize->setSpinRange(0.1, 1000.0, 2, 1e9);
    connectDrag(m_modelSize);
    connect(m_modelSize, &SliderField::valueEdited, this, [this](double params) {
        m_controller->edit(Field::ModelSize, tr("Change model size"),
                           [params](Scenario& s) { edits::setModelSize(s, params); });
    });
    m_modelInfo = new QLabel(m_modelBox);
    m_modelInfo->setObjectName(QStringLiteral("modelInfo"));
    m_modelInfo->setWordWrap(true);
    m_modelInfo->setForegroundRole(QPalette::PlaceholderText);

    m_lModel = new QLabel(m_modelBox);
    m_lSize = new QLabel(m_modelBox);
    m_modelForm->addRow(m_lModel, m_model);
    m_modelForm->addRow(QString(), m_openModel);
    m_modelForm->addRow(m_lSize, m_modelSize);
    m_modelForm->addRow(QString(), m_modelInfo);
}

/// Run: mode, precision, micro-batch, sequence length, generated tokens, framework profile.
void ControlsPanel::buildRunBox() {
    newForm(m_runBox, m_runForm, QStringLiteral("runBox"));
    m_mode = makeCombo(kRunModeCount, QStringLiteral("modeCombo"), m_runBox);
    connect(m_mode, &QComboBox::activated, this, [this](int i) {
        m_controller->edit(Field::Mode, tr("Change mode"),
                           [i](Scenario& s) { edits::setRunMode(s, static_cast<RunMode>(i)); });
    });
    m_precision = new ScaledSlider(Qt::Horizontal, m_runBox);
    m_precision->setObjectName(QStringLiteral("precisionSlider"));
    m_precision->setRange(0, static_cast<int>(kPrecisions.size()) - 1);
    m_precision->setPageStep(1);
    m_precision->setTickPosition(QSlider::TicksBelow);
    m_precision->setTickInterval(1);
    connectDrag(m_precision);
    connect(m_precision, &QSlider::valueChanged, this, &ControlsPanel::onPrecisionMoved);
    m_precisionLabel = new QLabel(m_runBox);
    m_precisionLabel->setObjectName(QStringLiteral("precisionValue"));
    // the dtypes under the slider, on one line of the row's full width: a checkpoint's
    // ("MXFP4 experts + bf16 (checkpoint) · 0.66 B/param") neither squeezes the slider nor
    // wraps (a wrapped label in a form row overlaps the row below on stage)
    m_precisionLabel->setWordWrap(false);
    auto* precisionRow = new QWidget(m_runBox);
    auto* pl = new QVBoxLayout(precisionRow);
    pl->setContentsMargins(0, 0, 0, 0);
    pl->setSpacing(0);
    pl->addWidget(m_precision);
    pl->addWidget(m_precisionLabel);

    m_microBatch = new SliderField(TableScale::powersOfTwo(1, 1024, 8), m_runBox);
    m_microBatch->setObjectName(QStringLiteral("microBatchField"));
    m_microBatch->slider()->setObjectName(QStringLiteral("microBatchSlider"));
    m_microBatch->spinBox()->setObjectName(QStringLiteral("microBatchSpin"));
    m_microBatch->setSpinRange(1, 65536, 0);
    connectDrag(m_microBatch);
    connect(m_microBatch, &SliderField::valueEdited, this, [this](double v) {
        const auto mb = static_cast<int64_t>(std::llround(v));
        m_controller->edit(Field::MicroBatch, tr("Change micro-batch"),
                           [mb](Scenario& s) { s.workload.microBatch = mb; });
    });

    m_sequence = new SliderField(TableScale::powersOfTwo(128, 1048576, 4), m_runBox);
    m_sequence->setObjectName(QStringLiteral("sequenceField"));
    m_sequence->slider()->setObjectName(QStringLiteral("sequenceSlider"));
    m_sequence->spinBox()->setObjectName(QStringLiteral("sequenceSpin"));
    m_sequence->setSpinRange(16, 16777216, 0);
    connectDrag(m_sequence);
    connect(m_sequence, &SliderField::valueEdited, this, [this](double v) {
        const auto seq = static_cast<int64_t>(std::llround(v));
        m_controller->edit(Field::SequenceLength, tr("Change sequence length"), [seq](Scenario& s) {
            if (s.workload.mode == Mode::Inference)
                setInferenceContext(s.workload, seq); // the context: prompt + generated tokens
            else
                s.workload.sequenceLength = seq;
        });
    });
    m_newTokens = makeSpin(0, 1 << 20, QStringLiteral("newTokensSpin"), m_runBox);
    connect(m_newTokens, &QSpinBox::valueChanged, this, [this](int n) {
        m_controller->edit(Field::NewTokens, tr("Change generated tokens"),
                           [n](Scenario& s) { setGeneratedTokens(s.workload, n); });
    });
    m_framework = makeCombo(static_cast<int>(frameworkEntries().size()),
                            QStringLiteral("frameworkCombo"), m_runBox);
    connect(m_framework, &QComboBox::activated, this, [this](int i) {
        const FrameworkEntry& e = frameworkEntries()[static_cast<size_t>(i)];
        m_controller->edit(Field::Framework, tr("Change framework profile"), [e](Scenario& s) {
            if (e.version)
                edits::setProfile(s, e.profile);
            else
                edits::setPrecisionPreset(s, e.precision);
        });
    });

    m_lMode = new QLabel(m_runBox);
    m_lFramework = new QLabel(m_runBox);
    m_lPrecision = new QLabel(m_runBox);
    m_lMicroBatch = new QLabel(m_runBox);
    m_lSequence = new QLabel(m_runBox);
    m_lNewTokens = new QLabel(m_runBox);
    m_runForm->addRow(m_lMode, m_mode);
    m_runForm->addRow(m_lPrecision, precisionRow);
    m_runForm->addRow(m_lMicroBatch, m_microBatch);
    m_runForm->addRow(m_lSequence, m_sequence);
    m_runForm->addRow(m_lNewTokens, m_newTokens);
    m_runForm->addRow(m_lFramework, m_framework);
}

/// Training details: optimizer, checkpointing, attention, LoRA rank.
void ControlsPanel::buildTrainingBox() {
    newForm(m_trainBox, m_trainForm, QStringLiteral("trainingBox"));
    m_optimizer = makeCombo(static_cast<int>(kOptimizers.size()), QStringLiteral("optimizerCombo"),
                            m_trainBox);
    connect(m_optimizer, &QComboBox::activated, this, [this](int i) {
        m_controller->edit(Field::Optimizer, tr("Change optimizer"), [i](Scenario& s) {
            s.workload.optimizer = kOptimizers[static_cast<size_t>(i)];
        });
    });
    m_checkpointing = makeCombo(static_cast<int>(kCheckpointing.size()),
                                QStringLiteral("checkpointingCombo"), m_trainBox);
    connect(m_checkpointing, &QComboBox::activated, this, [this](int i) {
        m_controller->edit(Field::Checkpointing, tr("Change checkpointing"), [i](Scenario& s) {
            s.workload.checkpointing = kCheckpointing[static_cast<size_t>(i)];
            if (s.workload.checkpointing == Checkpointing::FirstN &&
                s.workload.checkpointLayers <= 0) {
                s.workload.checkpointLayers = std::max(1, s.model.numLayers / 2);
            }
        });
    });
    m_checkpointLayers = makeSpin(0, 4096, QStringLiteral("checkpointLayersSpin"), m_trainBox);
    connect(m_checkpointLayers, &QSpinBox::valueChanged, this, [this](int n) {
        m_controller->edit(Field::CheckpointLayers, tr("Change checkpointed blocks"),
                           [n](Scenario& s) { s.workload.checkpointLayers = n; });
    });
    m_attention = makeCombo(static_cast<int>(kAttention.size()), QStringLiteral("attentionCombo"),
                            m_trainBox);
    connect(m_attention, &QComboBox::activated, this, [this](int i) {
        m_controller->edit(Field::Attention, tr("Change attention"), [i](Scenario& s) {
            s.workload.attention = kAttention[static_cast<size_t>(i)];
        });
    });
    m_loraRank = makeSpin(1, 4096, QStringLiteral("loraRankSpin"), m_trainBox);
    connect(m_loraRank, &QSpinBox::valueChanged, this, [this](int r) {
        m_controller->edit(Field::LoraRank, tr("Change LoRA rank"),
                           [r](Scenario& s) { s.workload.lora.rank = r; });
    });
    m_lOptimizer = new QLabel(m_trainBox);
    m_lCheckpointing = new QLabel(m_trainBox);
    m_lCheckpointLayers = new QLabel(m_trainBox);
    m_lAttention = new QLabel(m_trainBox);
    m_lLoraRank = new QLabel(m_trainBox);
    m_trainForm->addRow(m_lOptimizer, m_optimizer);
    m_trainForm->addRow(m_lCheckpointing, m_checkpointing);
    m_trainForm->addRow(m_lCheckpointLayers, m_checkpointLayers);
    m_trainForm->addRow(m_lAttention, m_attention);
    m_trainForm->addRow(m_lLoraRank, m_loraRank);
}

/// Hardware: GPU, capacity, GPU count, the parallel degrees, sharding and the layout problem.
void ControlsPanel::buildHardwareBox() {
    newForm(m_hwBox, m_hwForm, QStringLiteral("hardwareBox"));
    m_gpu = new QComboBox(m_hwBox);
    m_gpu->setObjectName(QStringLiteral("gpuCombo"));
    m_gpu->setMaxVisibleItems(20);
    populateGpus();
    connect(m_gpu, &QComboBox::activated, this, &ControlsPanel::onGpuActivated);
    m_capacity = new QDoubleSpinBox(m_hwBox);
    m_capacity->setObjectName(QStringLiteral("capacitySpin"));
    m_capacity->setGroupSeparatorShown(true);
    m_capacity->setRange(1, 4096);
    m_capacity->setDecimals(1);
    m_capacity->setKeyboardTracking(false);
    m_capacity->setAlignment(Qt::AlignRight);
    connect(m_capacity, &QDoubleSpinBox::valueChanged, this, [this](double gib) {
        m_controller->edit(Field::GpuCapacity, tr("Change GPU capacity"), [gib](Scenario& s) {
            edits::setCustomCapacity(s, gib * Units::bytesPerUnit(ByteUnit::GiB));
        });
    });
    m_gpuCount = makeSpin(1, 65536, QStringLiteral("gpuCountSpin"), m_hwBox);
    connect(m_gpuCount, &QSpinBox::valueChanged, this, [this](int n) {
        m_controller->edit(Field::GpuCount, tr("Change GPU count"),
                           [n](Scenario& s) { edits::setGpuCount(s, n); });
    });

    m_degreesRow = new QWidget(m_hwBox);
    auto* grid = new QGridLayout(m_degreesRow);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(6);
    auto addDegree = [&](QSpinBox*& spin, QLabel*& label, const QString& obj, edits::Degree d,
                         Field f, int row, int col) {
        spin = makeSpin(1, 65536, obj, m_degreesRow);
        label = new QLabel(m_degreesRow);
        label->setBuddy(spin);
        grid->addWidget(label, row, col * 2, Qt::AlignRight);
        grid->addWidget(spin, row, col * 2 + 1);
        connect(spin, &QSpinBox::valueChanged, this, [this, d, f](int v) {
            m_controller->edit(f, tr("Change parallel layout"),
                               [d, v](Scenario& s) { edits::setDegree(s, d, v); });
        });
    };
    addDegree(m_dp, m_lDp, QStringLiteral("dpSpin"), edits::Degree::DP, Field::DP, 0, 0);
    addDegree(m_tp, m_lTp, QStringLiteral("tpSpin"), edits::Degree::TP, Field::TP, 0, 1);
    addDegree(m_pp, m_lPp, QStringLiteral("ppSpin"), edits::Degree::PP, Field::PP, 0, 2);
    addDegree(m_cp, m_lCp, QStringLiteral("cpSpin"), edits::Degree::CP, Field::CP, 1, 0);
    addDegree(m_ep, m_lEp, QStringLiteral("epSpin"), edits::Degree::EP, Field::EP, 1, 1);

    m_sharding =
        makeCombo(static_cast<int>(kShardings.size()), QStringLiteral("shardingCombo"), m_hwBox);
    connect(m_sharding, &QComboBox::activated, this, [this](int i) {
        m_controller->edit(Field::Sharding, tr("Change sharding"), [i](Scenario& s) {
            s.workload.parallel.sharding = kShardings[static_cast<size_t>(i)];
        });
    });
    m_problem = new QLabel(m_hwBox);
    m_problem->setObjectName(QStringLiteral("layoutProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #c0392b; font-weight: bold;"));
    m_problem->setVisible(false);

    m_lGpu = new QLabel(m_hwBox);
    m_lCapacity = new QLabel(m_hwBox);
    m_lGpuCount = new QLabel(m_hwBox);
    m_lDegrees = new QLabel(m_hwBox);
    m_lSharding = new QLabel(m_hwBox);
    m_hwForm->addRow(m_lGpu, m_gpu);
    m_hwForm->addRow(m_lCapacity, m_capacity);
    m_hwForm->addRow(m_lGpuCount, m_gpuCount);
    m_hwForm->addRow(m_lDegrees, m_degreesRow);
    m_hwForm->addRow(m_lSharding, m_sharding);
    m_hwForm->addRow(m_problem);
}

/// Every form label: on one line, and a buddy for its control's mnemonic.
void ControlsPanel::setUpLabels() {
    for (QLabel* l :
         {m_lModel, m_lSize, m_lMode, m_lFramework, m_lPrecision, m_lMicroBatch, m_lSequence,
          m_lNewTokens, m_lOptimizer, m_lCheckpointing, m_lCheckpointLayers, m_lAttention,
          m_lLoraRank, m_lGpu, m_lCapacity, m_lGpuCount, m_lDegrees, m_lSharding}) {
        l->setWordWrap(false);
    }
    m_lModel->setBuddy(m_model);
    m_lSize->setBuddy(m_modelSize->slider());
    m_lMode->setBuddy(m_mode);
    m_lFramework->setBuddy(m_framework);
    m_lPrecision->setBuddy(m_precision);
    m_lMicroBatch->setBuddy(m_microBatch->slider());
    m_lSequence->setBuddy(m_sequence->slider());
    m_lNewTokens->setBuddy(m_newTokens);
    m_lOptimizer->setBuddy(m_optimizer);
    m_lCheckpointing->setBuddy(m_checkpointing);
    m_lCheckpointLayers->setBuddy(m_checkpointLayers);
    m_lAttention->setBuddy(m_attention);
    m_lLoraRank->setBuddy(m_loraRank);
    m_lGpu->setBuddy(m_gpu);
    m_lCapacity->setBuddy(m_capacity);
    m_lGpuCount->setBuddy(m_gpuCount);
    m_lSharding->setBuddy(m_sharding);
}

void ControlsPanel::populateModels() {
    const QSignalBlocker block(m_model);
    m_model->clear();
    m_model->addItem(QString(), customModelKey());
    for (const ModelPreset& p : modelPresets()) {
        // the traits in the interface language ("dense, GQA" -> "dicht, GQA")
        const QString name = QString::fromStdString(p.displayName);
        const QString traits = FormulaText::traits(QString::fromStdString(p.traits));
        const QString text = traits.isEmpty() ? name : QStringLiteral("%1 — %2").arg(name, traits);
        m_model->addItem(text, QString::fromStdString(p.key));
    }
}

void ControlsPanel::populateGpus() {
    const QSignalBlocker block(m_gpu);
    m_gpu->clear();
    for (const GpuSpec& g : gpuPresets()) {
        m_gpu->addItem(QString::fromStdString(g.name), QString::fromStdString(g.key));
    }
    m_gpu->addItem(QString(), kCustomGpuKey);
}

void ControlsPanel::retranslateUi() {
    m_modelBox->setTitle(tr("Model"));
    m_runBox->setTitle(tr("Run"));
    m_trainBox->setTitle(tr("Training details"));
    m_hwBox->setTitle(tr("GPUs and parallelism"));

    m_lModel->setText(tr("&Model"));
    m_lSize->setText(tr("Si&ze"));
    m_lMode->setText(tr("M&ode"));
    m_lFramework->setText(tr("&Framework"));
    m_lPrecision->setText(tr("&Weights"));
    m_lMicroBatch->setText(tr("Micro-&batch"));
    m_lSequence->setText(tr("&Sequence"));
    m_lNewTokens->setText(tr("&Generated"));
    m_lOptimizer->setText(tr("O&ptimizer"));
    m_lCheckpointing->setText(tr("&Checkpointing"));
    m_lCheckpointLayers->setText(tr("Blocks"));
    m_lAttention->setText(tr("&Attention"));
    m_lLoraRank->setText(tr("LoRA &rank"));
    m_lGpu->setText(tr("G&PU"));
    m_lCapacity->setText(tr("Capacity"));
    m_lGpuCount->setText(tr("GPU cou&nt"));
    m_lDegrees->setText(tr("Degrees"));
    m_lSharding->setText(tr("S&harding"));
    m_lDp->setText(tr("DP"));
    m_lTp->setText(tr("TP"));
    m_lPp->setText(tr("PP"));
    m_lCp->setText(tr("CP"));
    m_lEp->setText(tr("EP"));
    retranslateModelBox();
    retranslateRunBox();
    retranslateTrainingBox();
    retranslateHardwareBox();
    syncFromScenario();
}

void ControlsPanel::retranslateModelBox() {
    m_model->setItemText(0, tr("Custom size (use the size slider)"));
    m_model->lineEdit()->setPlaceholderText(tr("Search models…"));
    m_model->setToolTip(tr("The model to plan for; type to search the presets, or pick "
                           "“Custom size” to set a parameter count."));
    m_model->setAccessibleName(tr("Model"));
    m_openModel->setText(tr("Open config.json / safetensors index…"));
    m_openModel->setToolTip(tr("Read the architecture from a Hugging Face config.json, "
                               "model.safetensors.index.json or .safetensors file."));
    m_openModel->setAccessibleName(tr("Open model file"));
    m_modelSize->setSuffix(tr(" B params"));
    m_modelSize->setToolTips(
        tr("Total parameters (log scale, 0.1 B to 1 T). From a built-in model it steps through "
           "the family's real sizes (Llama 3.x 1B…405B, Qwen2.5 0.5B…72B, …) and, between or "
           "beyond them, a shape derived from the family, labelled “derived”. With “Custom "
           "size”: a llama-style dense model. Not available for an imported config."));
    m_modelSize->setAccessibleNames(tr("Model size"));
}

void ControlsPanel::retranslateRunBox() {
    for (int i = 0; i < kRunModeCount; ++i) {
        m_mode->setItemText(i, Texts::runModeName(static_cast<RunMode>(i)));
        m_mode->setItemData(i, Texts::runModeTooltip(static_cast<RunMode>(i)), Qt::ToolTipRole);
    }
    m_mode->setToolTip(tr("What the GPU does: serve the model, train all weights, or train "
                          "LoRA / QLoRA adapters."));
    m_mode->setAccessibleName(tr("Mode"));
    const auto& entries = frameworkEntries();
    for (size_t i = 0; i < entries.size(); ++i) {
        const FrameworkEntry& e = entries[i];
        const int row = static_cast<int>(i);
        m_framework->setItemText(row, Texts::frameworkName(e.profile, e.precision));
        m_framework->setItemData(row,
                                 e.version ? Texts::profileTooltip(e.profile, *e.version)
                                           : Texts::precisionPresetTooltip(e.precision),
                                 Qt::ToolTipRole);
    }
    m_framework->setToolTip(tr("A framework profile sets the dtypes of weights, gradients and "
                               "optimizer states the way that framework stores them, and the "
                               "behaviour of its code that changes the peak (docs/profiles.md)."));
    m_framework->setAccessibleName(tr("Framework profile"));
    m_precision->setToolTip(tr("Storage precision of the model weights: fp32, bf16, fp16, fp8, "
                               "int8, int4 or NF4."));
    m_precision->setAccessibleName(tr("Weight precision"));
    m_precisionLabel->setToolTip(m_precision->toolTip());
    m_microBatch->setSuffix(tr(" samples"));
    m_microBatch->setToolTips(tr("Samples processed together in one forward/backward pass on "
                                 "each GPU (power-of-two steps with fine steps between)."));
    m_microBatch->setAccessibleNames(tr("Micro-batch"));
    m_sequence->setSuffix(tr(" tokens"));
    m_sequence->setToolTips(tr("Tokens per sample; for inference, the whole context (prompt "
                               "plus generated tokens). Log scale, 128 to 1 M."));
    m_sequence->setAccessibleNames(tr("Sequence length"));
    m_newTokens->setSuffix(tr(" tokens"));
    m_newTokens->setToolTip(tr("Tokens generated per sequence; the rest of the sequence length "
                               "is the prompt."));
    m_newTokens->setAccessibleName(tr("Generated tokens"));
}

void ControlsPanel::retranslateTrainingBox() {
    for (size_t i = 0; i < kOptimizers.size(); ++i) {
        m_optimizer->setItemText(static_cast<int>(i), Texts::optimizerName(kOptimizers[i]));
    }
    m_optimizer->setToolTip(tr("The optimizer decides how many state tensors are kept per "
                               "trainable parameter (AdamW: two)."));
    m_optimizer->setAccessibleName(tr("Optimizer"));
    for (size_t i = 0; i < kCheckpointing.size(); ++i) {
        m_checkpointing->setItemText(static_cast<int>(i),
                                     Texts::checkpointingName(kCheckpointing[i]));
    }
    m_checkpointing->setToolTip(tr("Activation checkpointing stores fewer activations and "
                                   "recomputes them in the backward pass."));
    m_checkpointing->setAccessibleName(tr("Activation checkpointing"));
    m_checkpointLayers->setToolTip(tr("How many leading blocks are checkpointed when "
                                      "checkpointing is “First N blocks”."));
    m_checkpointLayers->setAccessibleName(tr("Checkpointed blocks"));
    for (size_t i = 0; i < kAttention.size(); ++i) {
        m_attention->setItemText(static_cast<int>(i), Texts::attentionName(kAttention[i]));
    }
    m_attention->setToolTip(tr("The attention kernel; eager attention stores the full score "
                               "matrix, fused kernels do not."));
    m_attention->setAccessibleName(tr("Attention implementation"));
    m_loraRank->setToolTip(tr("Rank r of the LoRA adapters; adapter size grows linearly "
                              "with it."));
    m_loraRank->setAccessibleName(tr("LoRA rank"));
}

void ControlsPanel::retranslateHardwareBox() {
    m_gpu->setItemText(m_gpu->count() - 1, tr("Custom capacity"));
    m_gpu->setToolTip(tr("The GPU model; its total memory is the capacity line in the "
                         "charts."));
    m_gpu->setAccessibleName(tr("GPU"));
    m_capacity->setSuffix(tr(" GiB"));
    m_capacity->setToolTip(tr("Total memory of a custom GPU in GiB, as nvidia-smi reports it."));
    m_capacity->setAccessibleName(tr("Custom GPU capacity"));
    m_gpuCount->setToolTip(tr("Total GPUs in the job; must equal DP × TP × PP "
                              "× CP."));
    m_gpuCount->setAccessibleName(tr("GPU count"));
    m_dp->setToolTip(tr("Data parallelism: replicas (or shards) that each process their own "
                        "micro-batches."));
    m_dp->setAccessibleName(tr("Data-parallel degree"));
    m_tp->setToolTip(tr("Tensor parallelism: each layer's matrices are split over this many "
                        "GPUs; must divide the attention heads."));
    m_tp->setAccessibleName(tr("Tensor-parallel degree"));
    m_pp->setToolTip(tr("Pipeline parallelism: the layers are split into this many stages; "
                        "at most the number of layers."));
    m_pp->setAccessibleName(tr("Pipeline-parallel degree"));
    m_cp->setToolTip(tr("Context parallelism: each sequence is split over this many GPUs."));
    m_cp->setAccessibleName(tr("Context-parallel degree"));
    m_ep->setToolTip(tr("Expert parallelism: the experts of a mixture-of-experts model are "
                        "split over this many GPUs; must divide the experts."));
    m_ep->setAccessibleName(tr("Expert-parallel degree"));
    for (size_t i = 0; i < kShardings.size(); ++i) {
        m_sharding->setItemText(static_cast<int>(i), Texts::shardingName(kShardings[i]));
    }
    m_sharding->setToolTip(tr("ZeRO / FSDP sharding splits optimizer states, gradients and "
                              "parameters over the data-parallel GPUs."));
    m_sharding->setAccessibleName(tr("Sharding"));
    m_problem->setAccessibleName(tr("Layout problem"));
}

void ControlsPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        // numbers follow the interface language (decimal comma in German)
        for (QAbstractSpinBox* s : findChildren<QAbstractSpinBox*>()) {
            s->setLocale(QLocale());
        }
        // the presets' traits are translated (FormulaText::traits); retranslateUi names the
        // custom item and syncFromScenario re-adds an imported model and selects the current one
        populateModels();
        retranslateUi();
    }
    QWidget::changeEvent(e);
}

void ControlsPanel::syncFromScenario() {
    const Scenario& s = m_controller->scenario();
    const QSignalBlocker b1(m_model), b2(m_mode), b3(m_precision), b4(m_framework), b5(m_optimizer),
        b6(m_checkpointing), b7(m_checkpointLayers), b8(m_attention), b9(m_loraRank), b10(m_gpu),
        b11(m_capacity), b12(m_gpuCount), b13(m_dp), b14(m_tp), b15(m_pp), b16(m_cp), b17(m_ep),
        b18(m_sharding), b19(m_newTokens);
    syncModelBox(s);
    syncRunBox(s);
    syncHardwareBox(s);
}

/// The model box from @p s: the entry picked (an imported model gets an entry of its own),
/// the size slider and the info line.
void ControlsPanel::syncModelBox(const Scenario& s) {
    const int inlineIdx = m_model->findData(kInlineKey);
    if (s.modelSource == ModelSource::Inline) {
        const QString name =
            s.model.name.empty() ? tr("Imported model") : QString::fromStdString(s.model.name);
        const QString text = s.derivedFrom.empty() ? tr("Imported: %1").arg(name) : name;
        if (inlineIdx < 0) {
            m_model->addItem(text, kInlineKey);
        } else {
            m_model->setItemText(inlineIdx, text);
        }
        setIndexIfChanged(m_model, m_model->findData(kInlineKey));
    } else {
        if (inlineIdx >= 0) {
            m_model->removeItem(inlineIdx);
        }
        const QString key = s.modelSource == ModelSource::Preset
                                ? QString::fromStdString(s.modelPreset)
                                : customModelKey();
        const int idx = m_model->findData(key);
        setIndexIfChanged(m_model, idx >= 0 ? idx : 0);
    }
    const bool custom = s.modelSource == ModelSource::ParamCount;
    const bool sizable = custom || !edits::sizeFamily(s).empty();
    if (m_modelSize->isEnabled() != sizable) {
        m_modelSize->setEnabled(sizable);
    }
    const ParamCount pc = countParameters(s.model);
    m_modelSize->setValue(custom ? s.paramCount : static_cast<double>(pc.total));
    QString info = s.derivedFrom.empty()
                       ? QString()
                       : tr("Derived shape of the family (not a published model) · ");
    info += tr("%1 params · %2 layers · hidden %3 · %4/%5 heads")
                .arg(Units::formatParams(static_cast<double>(pc.total)))
                .arg(s.model.numLayers)
                .arg(s.model.hiddenSize)
                .arg(s.model.numHeads)
                .arg(s.model.numKvHeads);
    if (s.model.moe.enabled()) {
        info += tr(" · %1 experts, top-%2 (%3 active)")
                    .arg(s.model.moe.numExperts)
                    .arg(s.model.moe.expertsPerToken)
                    .arg(Units::formatParams(static_cast<double>(pc.active)));
    }
    m_modelInfo->setText(info);
}

/// The run and training boxes from @p s, and which of their rows the mode shows.
void ControlsPanel::syncRunBox(const Scenario& s) {
    const Workload& w = s.workload;
    const RunMode rm = runModeOf(w);
    setIndexIfChanged(m_mode, static_cast<int>(rm));
    // the dtypes the engine counts: the checkpoint's own (fp8, MXFP4 experts), the QLoRA base
    const WeightDtypes stored = residentWeightDtypes(s.model, w);
    setIfChanged(m_precision, precisionPosition(stored.parts.empty() ? w.precision.weights
                                                                     : stored.parts.front().dtype));
    m_precisionLabel->setText(Texts::weightDtypesLabel(stored));
    m_microBatch->setValue(static_cast<double>(w.microBatch));
    // "1 sample", "4 samples"; in inference the batch counts sequences
    const QString batchSuffix = w.mode == Mode::Inference
                                    ? (w.microBatch == 1 ? tr(" sequence") : tr(" sequences"))
                                    : (w.microBatch == 1 ? tr(" sample") : tr(" samples"));
    if (m_microBatch->spinBox()->suffix() != batchSuffix)
        m_microBatch->setSuffix(batchSuffix);
    // a sized server runs as many requests at once as its KV pool and max_num_seqs allow (the
    // headline's and the Serving tab's answer): a batch of the user's does not apply to it,
    // and a greyed box would still show one, a second answer
    setRowIfChanged(m_runForm, m_microBatch, !w.sizesServer());
    // for inference the sequence is the whole context: prompt plus generated tokens
    m_sequence->setValue(
        static_cast<double>(w.mode == Mode::Inference ? inferenceContext(w) : w.sequenceLength));
    setIfChanged(m_newTokens, static_cast<int>(w.inference.newTokens));
    setIndexIfChanged(m_framework, frameworkIndex(w));
    setIndexIfChanged(m_optimizer, indexIn(kOptimizers, w.optimizer));
    setIndexIfChanged(m_checkpointing, indexIn(kCheckpointing, w.checkpointing));
    if (m_checkpointLayers->maximum() != std::max(1, s.model.numLayers)) {
        m_checkpointLayers->setMaximum(std::max(1, s.model.numLayers));
    }
    setIfChanged(m_checkpointLayers, w.checkpointLayers);
    setIndexIfChanged(m_attention, indexIn(kAttention, w.attention));
    setIfChanged(m_loraRank, w.lora.rank);

    const bool training = w.mode == Mode::Training;
    setRowIfChanged(m_runForm, m_newTokens, !training && !m_compact);
    setRowIfChanged(m_runForm, m_framework, training && !m_compact);
    for (QWidget* box : {static_cast<QWidget*>(m_trainBox), static_cast<QWidget*>(m_features)}) {
        if (box->isVisibleTo(this) != (training && !m_compact)) {
            box->setVisible(training && !m_compact);
        }
    }
    if (m_details->isVisibleTo(this) == m_compact)
        m_details->setVisible(!m_compact);
    setRowIfChanged(m_trainForm, m_loraRank, rm == RunMode::LoRA || rm == RunMode::QLoRA);
    setRowIfChanged(m_trainForm, m_checkpointLayers, w.checkpointing == Checkpointing::FirstN);
}

/// The hardware box from @p s: GPU, capacity, count and the parallel degrees.
void ControlsPanel::syncHardwareBox(const Scenario& s) {
    const Workload& w = s.workload;
    int gpuIdx = s.gpu.key.empty() ? -1 : m_gpu->findData(QString::fromStdString(s.gpu.key));
    if (gpuIdx < 0) {
        gpuIdx = m_gpu->count() - 1;
    }
    setIndexIfChanged(m_gpu, gpuIdx);
    const bool customGpu = m_gpu->currentData().toString() == kCustomGpuKey;
    if (m_capacity->isEnabled() != customGpu) {
        m_capacity->setEnabled(customGpu);
    }
    setIfChanged(m_capacity, s.gpu.bytes() / Units::bytesPerUnit(ByteUnit::GiB));
    setIfChanged(m_gpuCount, s.gpuCount);
    setIfChanged(m_dp, w.parallel.dp);
    setIfChanged(m_tp, w.parallel.tp);
    setIfChanged(m_pp, w.parallel.pp);
    setIfChanged(m_cp, w.parallel.cp);
    setIfChanged(m_ep, w.parallel.ep);
    setIndexIfChanged(m_sharding, indexIn(kShardings, w.parallel.sharding));
    // a sized server's data-parallel ranks are whole replicas (core serve()): ZeRO/FSDP
    // sharding does not apply to it, and a box showing one would be a setting that does nothing
    setRowIfChanged(m_hwForm, m_sharding, !m_compact && !w.sizesServer());
}

void ControlsPanel::showProblem() {
    const Results& r = m_controller->results();
    m_problem->setVisible(!r.valid && !r.problem.isEmpty());
    m_problem->setText(r.problem);
}

void ControlsPanel::onModelActivated(int index) {
    const QString key = m_model->itemData(index).toString();
    if (key == kInlineKey) {
        return;
    }
    if (key == customModelKey()) {
        const double params = m_modelSize->value();
        m_controller->edit(Field::Model, tr("Use a custom model size"),
                           [params](Scenario& s) { edits::setCustomSize(s, params); });
        return;
    }
    const std::string k = key.toStdString();
    m_controller->edit(Field::Model, tr("Change model"),
                       [k](Scenario& s) { edits::setModelPreset(s, k); });
}

void ControlsPanel::onGpuActivated(int index) {
    const QString key = m_gpu->itemData(index).toString();
    if (key == kCustomGpuKey) {
        const double bytes = m_controller->scenario().gpu.bytes();
        m_controller->edit(Field::Gpu, tr("Use a custom GPU capacity"),
                           [bytes](Scenario& s) { edits::setCustomCapacity(s, bytes); });
        return;
    }
    const std::string k = key.toStdString();
    m_controller->edit(Field::Gpu, tr("Change GPU"),
                       [k](Scenario& s) { edits::setGpuPreset(s, k); });
}

void ControlsPanel::onPrecisionMoved(int pos) {
    const DType d = kPrecisions[static_cast<size_t>(std::clamp(pos, 0, 6))];
    m_controller->edit(Field::Precision, tr("Change weight precision"),
                       [d](Scenario& s) { edits::setWeightsDType(s, d); });
}

void ControlsPanel::setCompact(bool compact) {
    m_compact = compact;
    // on stage the labels go above the sliders so the sliders get the panel's full width
    for (QFormLayout* f : {m_modelForm, m_runForm}) {
        f->setRowWrapPolicy(compact ? QFormLayout::WrapAllRows : QFormLayout::WrapLongRows);
    }
    // on stage: model, mode, sliders, GPU, GPU count and parallel degrees, nothing else
    m_hwForm->setRowVisible(m_capacity, !compact);
    m_modelForm->setRowVisible(m_openModel, !compact);
    m_modelForm->setRowVisible(m_modelInfo, !compact);
    syncFromScenario();
}

} // namespace headroom::ui
