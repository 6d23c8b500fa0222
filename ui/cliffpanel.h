#pragma once
// The OOM-cliff chart with its toolbar: stacked/total toggle, micro-batch or sequence-length
// axis, and Animate, which drives the real slider across the sweep to show the cliff live.

#include "ui/cliffchart.h"
#include "ui/scenariocontroller.h"
#include "ui/servingcliffchart.h"

#include <QPointer>
#include <QVariantAnimation>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QStackedWidget;

namespace headroom::ui {

class SliderField;

class CliffPanel : public QWidget {
    Q_OBJECT

public:
    explicit CliffPanel(ScenarioController* controller, QWidget* parent = nullptr);

    CliffChart* chart() const { return m_chart; }
    /// The serving curve, shown in place of chart() when the scenario sizes a server
    /// (Results::drawsServingCliff): one answer with the Serving tab.
    ServingCliffChart* servingChart() const { return m_serving; }
    /// Whether the serving curve is the chart on show.
    bool showsServing() const;
    /// Feeds both charts and shows the one the results call for (the toolbar's sweep and
    /// style choices and Animate belong to the micro-batch/sequence cliff only).
    void setResults(const Results& r, ByteUnit unit);
    void setStyle(const ChartStyle& style);
    QComboBox* axisCombo() const { return m_axis; }
    QComboBox* modeCombo() const { return m_mode; }
    QPushButton* animateButton() const { return m_animate; }
    /// The sliders Animate moves (micro-batch and sequence length).
    void setAnimationFields(SliderField* microBatch, SliderField* sequence);
    void setAnimationDuration(int ms) { m_anim.setDuration(ms); }

    void startAnimation();
    void stopAnimation();
    bool isAnimating() const { return m_anim.state() == QAbstractAnimation::Running; }
    void setCompact(bool compact, double scale = 1.0);

signals:
    void animationFinished();

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslateUi();
    void finishAnimation();
    /// The toolbar's controls shown for the chart on show (and the presentation look).
    void showControls();

    ScenarioController* m_controller;
    CliffChart* m_chart;
    ServingCliffChart* m_serving;
    QStackedWidget* m_stack;
    bool m_compact = false;
    QLabel* m_showLabel;
    QComboBox* m_mode;
    QLabel* m_axisLabel;
    QComboBox* m_axis;
    QPushButton* m_animate;
    QVariantAnimation m_anim;
    QPointer<SliderField> m_mbField;
    QPointer<SliderField> m_seqField;
    SliderField* m_animField = nullptr;
    int m_animStart = 0;
};

} // namespace headroom::ui
