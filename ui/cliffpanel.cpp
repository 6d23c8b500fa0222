#include "ui/cliffpanel.h"

#include "ui/sliderfield.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace headroom::ui {

CliffPanel::CliffPanel(ScenarioController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_chart(new CliffChart(this)),
      m_serving(new ServingCliffChart(this)), m_stack(new QStackedWidget(this)),
      m_showLabel(new QLabel(this)), m_mode(new QComboBox(this)), m_axisLabel(new QLabel(this)),
      m_axis(new QComboBox(this)), m_animate(new QPushButton(this)) {
    setObjectName(QStringLiteral("cliffPanel"));
    m_mode->setObjectName(QStringLiteral("cliffModeCombo"));
    m_axis->setObjectName(QStringLiteral("cliffAxisCombo"));
    m_animate->setObjectName(QStringLiteral("animateButton"));
    m_mode->addItems({QString(), QString()});
    m_axis->addItems({QString(), QString()});
    m_showLabel->setBuddy(m_mode);
    m_axisLabel->setBuddy(m_axis);
    m_animate->setCheckable(true);
    for (QComboBox* c : {m_mode, m_axis}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    }

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_showLabel);
    bar->addWidget(m_mode);
    bar->addSpacing(12);
    bar->addWidget(m_axisLabel);
    bar->addWidget(m_axis);
    bar->addStretch(1);
    bar->addWidget(m_animate);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(2);
    lay->addLayout(bar);
    m_stack->addWidget(m_chart);
    m_stack->addWidget(m_serving);
    lay->addWidget(m_stack, 1);

    connect(m_mode, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_chart->setMode(i == 0 ? CliffChart::Mode::Stacked : CliffChart::Mode::Total);
    });
    connect(m_axis, &QComboBox::currentIndexChanged, this, [this](int i) {
        stopAnimation();
        m_controller->setSweepAxis(i == 0 ? SweepAxis::MicroBatch : SweepAxis::SequenceLength);
    });
    connect(m_animate, &QPushButton::clicked, this, [this](bool on) {
        if (on) {
            startAnimation();
        } else {
            stopAnimation();
        }
    });

    m_anim.setDuration(6000);
    m_anim.setEasingCurve(QEasingCurve::InOutSine);
    connect(&m_anim, &QVariantAnimation::valueChanged, this, [this](const QVariant& v) {
        if (m_animField && m_anim.state() == QAbstractAnimation::Running) {
            m_animField->slider()->setValue(v.toInt());
        }
    });
    connect(&m_anim, &QVariantAnimation::finished, this, &CliffPanel::finishAnimation);
    retranslateUi();
}

void CliffPanel::setAnimationFields(SliderField* microBatch, SliderField* sequence) {
    m_mbField = microBatch;
    m_seqField = sequence;
}

void CliffPanel::startAnimation() {
    SliderField* field =
        m_controller->sweepAxis() == SweepAxis::MicroBatch ? m_mbField.data() : m_seqField.data();
    if (!field || isAnimating() || showsServing()) { // the serving curve has no slider to drive
        m_animate->setChecked(isAnimating());
        return;
    }
    m_controller->flush();
    const Results& r = m_controller->results();
    QSlider* slider = field->slider();
    m_animField = field;
    m_animStart = slider->value();
    int target = field->positionOf(static_cast<double>(r.sweepMax));
    if (target <= slider->minimum()) {
        target = slider->maximum();
    }
    m_controller->lockSweepMax(r.sweepMax);
    slider->setSliderDown(true); // one drag: the whole sweep is a single (obsolete) undo step
    m_anim.setKeyValues({});
    m_anim.setStartValue(m_animStart);
    m_anim.setKeyValueAt(0.15, slider->minimum());
    m_anim.setKeyValueAt(0.8, target);
    m_anim.setEndValue(m_animStart);
    m_animate->setChecked(true);
    m_animate->setText(tr("■ Stop"));
    m_anim.start();
}

void CliffPanel::stopAnimation() {
    if (m_anim.state() == QAbstractAnimation::Running) {
        m_anim.stop();
        finishAnimation();
    }
}

void CliffPanel::finishAnimation() {
    if (m_animField) {
        QSlider* slider = m_animField->slider();
        slider->setValue(m_animStart);
        slider->setSliderDown(false);
    }
    m_animField = nullptr;
    m_controller->lockSweepMax(0);
    m_animate->setChecked(false);
    m_animate->setText(tr("▶ Animate"));
    emit animationFinished();
}

void CliffPanel::setCompact(bool compact, double scale) {
    QFont f = font();
    if (compact) {
        f.setPointSizeF(std::max(14.0, f.pointSizeF() * 1.4) * scale);
    }
    m_animate->setFont(f);
    m_compact = compact;
    showControls();
}

bool CliffPanel::showsServing() const {
    return m_stack->currentWidget() == m_serving;
}

void CliffPanel::setResults(const Results& r, ByteUnit unit) {
    // only the chart on show takes the results (the other is fed when it is shown again)
    const bool serving = r.drawsServingCliff();
    if (serving)
        m_serving->setResults(r);
    else
        m_chart->setResults(r, unit);
    if (serving != showsServing()) {
        if (serving)
            stopAnimation();
        m_stack->setCurrentWidget(serving ? static_cast<QWidget*>(m_serving) : m_chart);
        showControls();
    }
}

void CliffPanel::setStyle(const ChartStyle& style) {
    m_chart->setStyle(style);
    m_serving->setStyle(style);
}

void CliffPanel::showControls() {
    const bool sweep = !showsServing();
    m_showLabel->setVisible(sweep && !m_compact);
    m_mode->setVisible(sweep && !m_compact);
    m_axisLabel->setVisible(sweep && !m_compact);
    m_axis->setVisible(sweep && !m_compact);
    m_animate->setVisible(sweep);
}

void CliffPanel::retranslateUi() {
    m_showLabel->setText(tr("Show"));
    m_mode->setItemText(0, tr("Stacked by term"));
    m_mode->setItemText(1, tr("Total line"));
    m_mode->setToolTip(tr("Stack the memory terms or draw only the nvidia-smi total."));
    m_mode->setAccessibleName(tr("Cliff chart style"));
    m_axisLabel->setText(tr("Sweep"));
    m_axis->setItemText(0, tr("Micro-batch"));
    m_axis->setItemText(1, tr("Sequence length"));
    m_axis->setToolTip(tr("The quantity on the x axis; everything else stays as set."));
    m_axis->setAccessibleName(tr("Swept quantity"));
    m_animate->setText(isAnimating() ? tr("■ Stop") : tr("▶ Animate"));
    m_animate->setToolTip(tr("Move the slider across the sweep and back to watch the memory "
                             "hit the cliff (F5)."));
    m_animate->setAccessibleName(tr("Animate the sweep"));
}

void CliffPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
    }
    QWidget::changeEvent(e);
}

} // namespace headroom::ui
