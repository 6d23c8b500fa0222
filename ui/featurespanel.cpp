#include "ui/featurespanel.h"

#include "core/engine/workload.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <array>

namespace headroom::ui {

namespace {

constexpr const char* kContext = "headroom::ui::FeaturesPanel";

/// One Workload flag: its scenario-file key, where it lives, when it applies, and its words
/// (translated at run time with tr(label) / tr(tip) in this class's context).
struct Flag {
    const char* key;
    bool fact; ///< a framework fact (how the framework's code behaves), not a user choice
    bool& (*ref)(Workload&);
    bool (*applies)(const Workload&); ///< nullptr: always
    const char* label;
    const char* tip;
};

bool withTp(const Workload& w) {
    return w.parallel.tp > 1;
}
bool sharded(const Workload& w) {
    return w.parallel.sharding != Sharding::None;
}
bool compiled(const Workload& w) {
    return w.features.torchCompile;
}
bool adapters(const Workload& w) {
    return w.finetune != Finetune::Full && sharded(w);
}

// clang-format off
const std::array<Flag, 16> kFlags{{
    {"chunked_cross_entropy", false,
     [](Workload& w) -> bool& { return w.features.chunkedCrossEntropy; }, nullptr,
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Chunked cross-entropy"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "The loss works on chunks of tokens: the fp32 logits are never held "
                       "whole (litgpt, torchtune CEWithChunkedOutputLoss).")},
    {"torch_compile", false, [](Workload& w) -> bool& { return w.features.torchCompile; },
     nullptr, QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "torch.compile"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Compiled model and loss: fused norms, RoPE and SiLU save less, and a "
                       "compiled loss keeps only its input and one gradient.")},
    {"fused_optimizer", false, [](Workload& w) -> bool& { return w.features.fusedOptimizer; },
     nullptr, QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Fused optimizer step"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "AdamW(fused=True): no for-each temporaries during the step.")},
    {"optimizer_in_backward", false,
     [](Workload& w) -> bool& { return w.features.optimizerInBackward; }, nullptr,
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Optimizer step in backward"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Each parameter is updated as soon as its gradient exists and the "
                       "gradient is freed: no full set of gradients is ever held.")},
    {"activation_offload", false,
     [](Workload& w) -> bool& { return w.features.activationOffload; }, nullptr,
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Activation offloading to CPU"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Saved activations move to host memory; the block being computed and "
                       "the one being prefetched stay on the GPU.")},
    {"packed", false, [](Workload& w) -> bool& { return w.features.packed; }, nullptr,
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Sequence packing"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Samples are packed to exactly the sequence length (no padding).")},
    {"offload_optimizer", false,
     [](Workload& w) -> bool& { return w.parallel.offloadOptimizer; }, nullptr,
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Optimizer offload to CPU"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "ZeRO-Offload / FSDP CPU offload: optimizer states and the step live "
                       "on the CPU.")},
    {"offload_params", false, [](Workload& w) -> bool& { return w.parallel.offloadParams; },
     sharded, QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Parameter offload to CPU"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "ZeRO-Infinity / FSDP offload_params: sharded parameters live on the "
                       "CPU (needs a sharding strategy that shards parameters).")},
    {"sequence_parallel", false,
     [](Workload& w) -> bool& { return w.parallel.sequenceParallel; }, withTp,
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Sequence parallelism"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "With tensor parallelism: norm and dropout activations are split over "
                       "the TP ranks (needs TP > 1).")},
    {"uncompiled_loss", true, [](Workload& w) -> bool& { return w.features.uncompiledLoss; },
     compiled, QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Loss not compiled"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "With torch.compile the loss stays eager (torchtitan in 2024, torchtune "
                       "before compile_loss): 12 bytes per logit at the loss.")},
    {"retained_logits", true, [](Workload& w) -> bool& { return w.features.retainedLogits; },
     nullptr, QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Loop keeps the logits"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "The training loop still references the logits during backward "
                       "(fsdp_qlora, litgpt, torchtune before mid-2024).")},
    {"fp32_logits", true, [](Workload& w) -> bool& { return w.features.fp32Logits; }, nullptr,
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Model returns fp32 logits"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "The model upcasts its logits (HF Llama before transformers 4.45, "
                       "torchtune unchunked output, torchtitan 2024).")},
    {"fused_qkv_lora", true, [](Workload& w) -> bool& { return w.features.fusedQkvLora; },
     nullptr, QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Fused QKV projection"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "One linear projects q, k and v (litgpt); it and its LoRA save "
                       "different tensors for backward.")},
    {"mixed_frozen_units", true,
     [](Workload& w) -> bool& { return w.parallel.mixedFrozenUnits; }, adapters,
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "FSDP units mix frozen and LoRA weights"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "FSDP1 use_orig_params wrapping whole blocks: the frozen weights get "
                       "gradients too (LoRA or QLoRA with sharding).")},
    {"no_sync_accumulation", true,
     [](Workload& w) -> bool& { return w.parallel.noSyncAccumulation; }, sharded,
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Accumulate under no_sync()"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Gradient accumulation under FSDP no_sync(): gradients stay unsharded "
                       "until the syncing micro-batch.")},
    {"loss_parallel", true, [](Workload& w) -> bool& { return w.parallel.lossParallel; },
     withTp, QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "loss_parallel() with TP"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "torch loss_parallel() (torchtitan): the eager loss on the vocabulary "
                       "shard holds 16 bytes per logit instead of 12 (needs TP > 1).")},
}};
// clang-format on

/// LoadRecipe entries in enum order: label and tool tip.
const std::array<std::pair<const char*, const char*>, 4> kLoads{{
    {QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "In place"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Weights are created where they stay: the load leaves nothing cached.")},
    {QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "torchao NF4 (torchtune QLoRA)"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Base weights quantised to NF4 on the GPU at init and again when the "
                       "checkpoint is loaded (torchao 0.2 and later).")},
    {QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "torchao 0.1 NF4, unchunked"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "torchtune QLoRA in spring 2024: the NF4 search over a whole weight "
                       "needs 32 bytes per element and leaves gigabytes cached.")},
    {QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "FSDP1 sync_module_states"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Rank 0 loads on the CPU; each FSDP unit is broadcast, flattened and "
                       "sharded on the GPU (fsdp_qlora, accelerate low-memory loading).")},
}};

} // namespace

FeaturesPanel::FeaturesPanel(ScenarioController* controller, QWidget* parent)
    : QGroupBox(parent), m_controller(controller) {
    setObjectName(QStringLiteral("featuresBox"));
    auto* layout = new QVBoxLayout(this);
    layout->setSpacing(2);
    m_featuresHeading = new QLabel(this);
    m_factsHeading = new QLabel(this);
    for (QLabel* l : {m_featuresHeading, m_factsHeading}) {
        l->setStyleSheet(QStringLiteral("font-weight: bold;"));
    }
    layout->addWidget(m_featuresHeading);
    for (std::size_t i = 0; i < kFlags.size(); ++i) {
        const Flag& f = kFlags[i];
        if (f.fact && (i == 0 || !kFlags[i - 1].fact)) {
            layout->addSpacing(6);
            layout->addWidget(m_factsHeading);
        }
        auto* box = new QCheckBox(this);
        box->setObjectName(QString::fromLatin1(f.key));
        layout->addWidget(box);
        m_boxes.push_back(box);
        connect(box, &QCheckBox::toggled, this, [this, i](bool on) {
            const Flag& flag = kFlags[i];
            const QString what = QCoreApplication::translate(kContext, flag.label);
            m_controller->edit(Field::Features,
                               on ? tr("Turn on %1").arg(what) : tr("Turn off %1").arg(what),
                               [i, on](Scenario& s) { kFlags[i].ref(s.workload) = on; });
        });
    }
    layout->addSpacing(6);
    m_loadLabel = new QLabel(this);
    m_loadLabel->setStyleSheet(QStringLiteral("font-weight: bold;"));
    layout->addWidget(m_loadLabel);
    m_load = new QComboBox(this);
    m_load->setObjectName(QStringLiteral("load_recipe"));
    for (std::size_t i = 0; i < kLoads.size(); ++i)
        m_load->addItem(QString());
    m_loadLabel->setBuddy(m_load);
    layout->addWidget(m_load);
    connect(m_load, &QComboBox::activated, this, [this](int index) {
        if (index < 0 || index >= static_cast<int>(kLoads.size()))
            return;
        const auto recipe = static_cast<LoadRecipe>(index);
        if (m_controller->scenario().workload.features.loadRecipe == recipe)
            return;
        m_controller->edit(
            Field::Features,
            tr("Model load: %1").arg(QCoreApplication::translate(kContext, kLoads[index].first)),
            [recipe](Scenario& s) { s.workload.features.loadRecipe = recipe; });
    });
    connect(m_controller, &ScenarioController::scenarioChanged, this,
            &FeaturesPanel::syncFromScenario);
    retranslateUi();
    syncFromScenario();
}

QCheckBox* FeaturesPanel::toggle(const QString& key) const {
    for (QCheckBox* b : m_boxes) {
        if (b->objectName() == key) {
            return b;
        }
    }
    return nullptr;
}

void FeaturesPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
    }
    QGroupBox::changeEvent(e);
}

void FeaturesPanel::retranslateUi() {
    setTitle(tr("Memory features"));
    m_featuresHeading->setText(tr("What the run turns on"));
    m_factsHeading->setText(tr("How the framework's code behaves"));
    m_factsHeading->setToolTip(tr("Facts about a framework version that change its peak; "
                                  "docs/profiles.md lists which frameworks do what."));
    for (std::size_t i = 0; i < kFlags.size(); ++i) {
        QCheckBox* b = m_boxes[i];
        const QString label = QCoreApplication::translate(kContext, kFlags[i].label);
        b->setText(label);
        b->setToolTip(QCoreApplication::translate(kContext, kFlags[i].tip));
        b->setAccessibleName(label);
    }
    m_loadLabel->setText(tr("How the weights are loaded"));
    m_loadLabel->setToolTip(tr("The caching allocator keeps what the load cached, so the load "
                               "can set the reserved peak (docs/metrics.md)."));
    for (std::size_t i = 0; i < kLoads.size(); ++i) {
        const int row = static_cast<int>(i);
        m_load->setItemText(row, QCoreApplication::translate(kContext, kLoads[i].first));
        m_load->setItemData(row, QCoreApplication::translate(kContext, kLoads[i].second),
                            Qt::ToolTipRole);
    }
    m_load->setAccessibleName(m_loadLabel->text());
    m_load->setToolTip(m_loadLabel->toolTip());
}

void FeaturesPanel::syncFromScenario() {
    Workload w = m_controller->scenario().workload;
    for (std::size_t i = 0; i < kFlags.size(); ++i) {
        QCheckBox* b = m_boxes[i];
        const bool on = kFlags[i].ref(w);
        if (b->isChecked() != on) {
            const QSignalBlocker block(b);
            b->setChecked(on);
        }
        const bool applies = !kFlags[i].applies || kFlags[i].applies(w);
        if (b->isEnabled() != applies) {
            b->setEnabled(applies);
        }
    }
    const int load = static_cast<int>(w.features.loadRecipe);
    if (m_load->currentIndex() != load) {
        const QSignalBlocker block(m_load);
        m_load->setCurrentIndex(load);
    }
}

} // namespace headroom::ui
