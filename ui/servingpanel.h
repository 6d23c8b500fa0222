#pragma once
// Serving: a vLLM-style server on one rank for an inference scenario. GPU memory utilisation
// and the KV-cache dtype (edits of the scenario, one undo step each), the KV budget they leave
// (utilisation x capacity - weights - profiled activations - overhead), the largest number of
// concurrent sequences against context length as a chart, and the longest context that fits.
// Every number comes from core (serve, servingCurve in core/serve/serve.h).

#include "ui/chartstyle.h"
#include "ui/results.h"
#include "ui/scenariocontroller.h"
#include "ui/servingcliffchart.h"
#include "ui/units.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineSeries;
class QScatterSeries;
class QGridLayout;
class QScrollArea;

namespace headroom::ui {

class ServingPanel : public QWidget {
    Q_OBJECT

public:
    explicit ServingPanel(ScenarioController* controller, QWidget* parent = nullptr);

    void setResults(const Results& r, ByteUnit unit);
    void setStyle(const ChartStyle& style);

    // Introspection for tests.
    QDoubleSpinBox* utilizationSpin() const { return m_util; }
    QComboBox* kvDtypeCombo() const { return m_kvDtype; }
    /// One item per engine profile of core's table (engineProfiles()), in its order.
    QComboBox* engineCombo() const { return m_engine; }
    /// The figures as shown (budget, KV cache, concurrency, max context).
    QString figuresText() const;
    /// What the server is and where: "on one GPU" or "on each of 4 GPUs in tensor parallel".
    QString introText() const;
    /// The curve drawn: (context tokens, max concurrent sequences) points.
    QLineSeries* curveSeries() const { return m_view->curveSeries(); }
    /// The scenario's point on the curve (one point, or none).
    QScatterSeries* currentSeries() const { return m_view->currentSeries(); }
    ServingCliffChart* chart() const { return m_view; }

    /// The KV-cache dtypes offered (vLLM kv_cache_dtype auto/bf16/fp16/fp8, and fp32).
    static const std::vector<DType>& kvDtypes();

protected:
    void changeEvent(QEvent* e) override;
    /// The figures' column takes up to two fifths of the tab (a projector's large fonts).
    void resizeEvent(QResizeEvent* e) override;
    /// The figures' widest beside the chart: 2/5 of the tab, at least 460 px.
    int figuresMostWidth() const;

private:
    void rebuild();
    void retranslateUi();

    /// The start-up verdict and its reason, the terms and the warnings of the report.
    QString verdictText(const ServeReport& c) const;
    QString termsText(const ServeReport& c) const;
    /// The serving playbook (core servePlaybook): each lever and what the server becomes.
    QString playbookText() const;
    QString leverText(const ServeOption& o) const;

    ScenarioController* m_controller;
    QLabel* m_intro;
    QLabel* m_engineLabel;
    QComboBox* m_engine;
    QLabel* m_utilLabel;
    QDoubleSpinBox* m_util;
    QLabel* m_kvLabel;
    QComboBox* m_kvDtype;
    QLabel* m_figures;
    QScrollArea* m_figuresScroll = nullptr;
    QGridLayout* m_grid = nullptr; ///< intro, controls, figures beside the chart (in a scroll)
    ServingCliffChart* m_view;

    Results m_results;
    ByteUnit m_unit = ByteUnit::GiB;
};

} // namespace headroom::ui
