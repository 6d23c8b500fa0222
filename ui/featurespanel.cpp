#include "ui/featurespanel.h"

#include "core/engine/fields.h"
#include "core/engine/profiles.h"

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

/// The words of one flag of core's field table (core/engine/fields.h), by its key: label and
/// tool tip, translated at run time with tr() in this class's context. Which flags exist,
/// where they live, when they apply and whether they are a framework fact is core's.
struct Words {
    const char* key;
    const char* label;
    const char* tip;
};

// clang-format off
const Words kWords[] = {
    {"chunked_cross_entropy",
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Chunked cross-entropy"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "The loss works on chunks of tokens: the fp32 logits are never held "
                       "whole (litgpt, torchtune CEWithChunkedOutputLoss).")},
    {"torch_compile", QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "torch.compile"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Compiled model and loss: fused norms, RoPE and SiLU save less, and a "
                       "compiled loss keeps only its input and one gradient.")},
    {"fused_optimizer", QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Fused optimizer step"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "AdamW(fused=True): no for-each temporaries during the step.")},
    {"optimizer_in_backward",
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Optimizer step in backward"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Each parameter is updated as soon as its gradient exists and the "
                       "gradient is freed: no full set of gradients is ever held.")},
    {"activation_offload",
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Activation offloading to CPU"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Saved activations move to host memory; the block being computed and "
                       "the one being prefetched stay on the GPU.")},
    {"packed", QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Sequence packing"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Samples are packed to exactly the sequence length (no padding).")},
    {"offload_optimizer",
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Optimizer offload to CPU"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "ZeRO-Offload / FSDP CPU offload: optimizer states and the step live "
                       "on the CPU.")},
    {"expandable_segments",
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Expandable allocator segments"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: batches of varying "
                       "length leave no fragmented cache behind (needs variable sample "
                       "lengths, under Run details).")},
    {"offload_params", QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Parameter offload to CPU"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "ZeRO-Infinity / FSDP offload_params: sharded parameters live on the "
                       "CPU (needs a sharding strategy that shards parameters).")},
    {"sequence_parallel", QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Sequence parallelism"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "With tensor parallelism: norm and dropout activations are split over "
                       "the TP ranks (needs TP > 1).")},
    {"uncompiled_loss", QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Loss not compiled"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "With torch.compile the loss stays eager (torchtitan until March 2025, torchtune "
                       "before compile_loss): 12 bytes per logit at the loss.")},
    {"retained_logits", QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Loop keeps the logits"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "The training loop still references the logits during backward "
                       "(fsdp_qlora, litgpt, torchtune before mid-2024).")},
    {"fp32_logits", QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Model returns fp32 logits"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "The model upcasts its logits (HF Llama before transformers 4.45, "
                       "torchtune unchunked output, torchtitan 2024).")},
    {"fused_qkv_lora", QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Fused QKV projection"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "One linear projects q, k and v (litgpt); it and its LoRA save "
                       "different tensors for backward.")},
    {"torchao_nf4", QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "torchao NF4 base weights"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "The quantised base is a torchao NF4Tensor (torchtune QLoRA): its "
                       "linears keep no input for backward, unlike bitsandbytes.")},
    {"quantized_lm_head",
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Output layer quantised too"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Every linear layer is quantised, lm_head included (Lightning "
                       "BitsandbytesPrecision, litgpt --quantize bnb.*).")},
    {"fp16_quant_state",
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Quantised from fp16"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "The 4-bit weights were quantised from fp16: each dequantised linear "
                       "is cast to the compute dtype, two copies while it runs (litgpt).")},
    {"unexpanded_mqa_sdpa",
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "SDPA math kernel for multi-query"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "A one-KV-head model reaches SDPA with its K/V un-expanded (lit-gpt "
                       "2023): the math kernel keeps the attention probabilities.")},
    {"gelu_new_ops",
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "gelu_new as separate ops"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "transformers runs GPT-2's gelu_new (gpt2, phi) as separate ops under "
                       "autocast: fp32 intermediates are kept for backward (HF Trainer).")},
    {"persistent_grad_buffer",
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Gradient buffer always allocated"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Megatron-Core DDP allocates one gradient buffer when the model is "
                       "wrapped: the gradients take memory in every phase.")},
    {"deepspeed_zero",
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "ZeRO runs on DeepSpeed"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "DeepSpeed's ZeRO optimizer copies gradients into a bucket of "
                       "reduce_bucket_size elements (ZeRO-3: always allocated; ZeRO-1/2: "
                       "during backward).")},
    {"mixed_frozen_units",
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "FSDP units mix frozen and LoRA weights"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "FSDP1 use_orig_params wrapping whole blocks: the frozen weights get "
                       "gradients too (LoRA or QLoRA with sharding).")},
    {"no_sync_accumulation",
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Accumulate under no_sync()"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Gradient accumulation under FSDP no_sync(): gradients stay unsharded "
                       "until the syncing micro-batch.")},
    {"loss_parallel", QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "loss_parallel() with TP"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "torch loss_parallel() (torchtitan): the eager loss on the vocabulary "
                       "shard holds 16 bytes per logit instead of 12 (needs TP > 1).")},
    {"sp_sharded_inputs",
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel", "Sequence parallelism keeps inputs split"),
     QT_TRANSLATE_NOOP("headroom::ui::FeaturesPanel",
                       "Megatron-LM: the linears save their split input and gather it again "
                       "in backward (needs sequence parallelism and TP > 1).")},
};
// clang-format on

const Words* wordsOf(std::string_view key) {
    for (const Words& w : kWords)
        if (key == w.key)
            return &w;
    return nullptr;
}

/// The check boxes: the field table's memory features, then its framework facts.
std::vector<const WorkloadField*> panelFields() {
    std::vector<const WorkloadField*> out;
    for (FieldRole role : {FieldRole::Feature, FieldRole::Fact})
        for (const WorkloadField& f : workloadFields())
            if (f.type == FieldType::Flag && f.role == role)
                out.push_back(&f);
    return out;
}

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

QString FeaturesPanel::labelOf(const WorkloadField& f) {
    if (const Words* words = wordsOf(f.key))
        return QCoreApplication::translate(kContext, words->label);
    return QString::fromLatin1(f.key.data(), f.key.size()); // a row without words (a test fails)
}

bool FeaturesPanel::hasWords(const WorkloadField& f) {
    return wordsOf(f.key) != nullptr;
}

QString FeaturesPanel::loadRecipeName(LoadRecipe r) {
    const auto i = static_cast<std::size_t>(r);
    return i < kLoads.size() ? QCoreApplication::translate(kContext, kLoads[i].first) : QString();
}

FeaturesPanel::FeaturesPanel(ScenarioController* controller, QWidget* parent)
    : QGroupBox(parent), m_controller(controller) {
    setObjectName(QStringLiteral("featuresBox"));
    auto* layout = new QVBoxLayout(this);
    layout->setSpacing(2);
    m_featuresHeading = new QLabel(this);
    m_factsHeading = new QLabel(this);
    // bold by font, not by a style sheet: a style-sheeted label keeps the palette it was
    // polished with, dark text on the dark theme and faded after switching back
    for (QLabel* l : {m_featuresHeading, m_factsHeading}) {
        QFont f = l->font();
        f.setBold(true);
        l->setFont(f);
    }
    layout->addWidget(m_featuresHeading);
    m_fields = panelFields();
    for (std::size_t i = 0; i < m_fields.size(); ++i) {
        const WorkloadField* f = m_fields[i];
        if (f->role == FieldRole::Fact && (i == 0 || m_fields[i - 1]->role != FieldRole::Fact)) {
            layout->addSpacing(6);
            layout->addWidget(m_factsHeading);
        }
        auto* box = new QCheckBox(this);
        box->setObjectName(QString::fromLatin1(f->key.data(), f->key.size()));
        layout->addWidget(box);
        m_boxes.push_back(box);
        connect(box, &QCheckBox::toggled, this, [this, f](bool on) {
            const QString what = labelOf(*f);
            m_controller->edit(Field::Features,
                               on ? tr("Turn on %1").arg(what) : tr("Turn off %1").arg(what),
                               [f, on](Scenario& s) { f->flag(s.workload) = on; });
        });
    }
    layout->addSpacing(6);
    m_loadLabel = new QLabel(this);
    {
        QFont f = m_loadLabel->font();
        f.setBold(true);
        m_loadLabel->setFont(f);
    }
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
    for (std::size_t i = 0; i < m_fields.size(); ++i) {
        QCheckBox* b = m_boxes[i];
        const QString label = labelOf(*m_fields[i]);
        b->setText(label);
        const Words* words = wordsOf(m_fields[i]->key);
        b->setToolTip(words
                          ? QCoreApplication::translate(kContext, words->tip)
                          : QString::fromLatin1(m_fields[i]->doc.data(), m_fields[i]->doc.size()));
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
    // whether a flag counts is judged on the run the estimate sees: the profile's facts on
    const Workload run = withProfileApplied(w);
    for (std::size_t i = 0; i < m_fields.size(); ++i) {
        QCheckBox* b = m_boxes[i];
        const WorkloadField& f = *m_fields[i];
        const bool on = f.value(w) != 0;
        if (b->isChecked() != on) {
            const QSignalBlocker block(b);
            b->setChecked(on);
        }
        const bool applies = !f.applies || f.applies(run);
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
