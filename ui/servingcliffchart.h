#pragma once
// The serving OOM cliff: the most sequences a sized server runs at once against their context
// length (core servingCurve over the engine's KV pool), with the scenario's point and the
// model's max_position_embeddings. Drawn in the Serving tab and, when the scenario sizes a
// paged server (Results::drawsServingCliff), in place of the cliff chart, so both show one
// answer. Every number is core's (serve, servingCurve in core/serve/serve.h).

#include "ui/chartstyle.h"
#include "ui/results.h"

#include <QChartView>

class QChart;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace headroom::ui {

class ServingCliffChart : public QChartView {
    Q_OBJECT

public:
    explicit ServingCliffChart(QWidget* parent = nullptr);

    /// Draws @p r's serving curve and its point (nothing in training or without a server).
    void setResults(const Results& r);
    /// Whether the answer names its engine ("vLLM 0.21: 13 sequences × 32,768 tokens"): the
    /// Serving tab's chart, shown beside a generate() cliff whose own answer differs; the
    /// cliff panel's (a sized server) stands under a headline that names it. Off by default.
    void setEngineNamed(bool named) { m_engineNamed = named; }
    void setStyle(const ChartStyle& style);

    /// The curve drawn: (context tokens, max concurrent sequences) points.
    QLineSeries* curveSeries() const { return m_curve; }
    /// The scenario's point on the curve (one point, or none).
    QScatterSeries* currentSeries() const { return m_here; }
    /// The answer written beside the point ("13 sequences × 32,768 tokens", shorter where the
    /// plot is narrow), or why there is none ("does not start at max_model_len ...").
    QString answerText() const;
    /// The scheduler's cap written over the curve's flat start ("max_num_seqs 1,024"), or "".
    QString capText() const;
    /// The max_position_embeddings line's label as shown ("max_position_embeddings 131,072",
    /// or the number alone on a short plot); "" when it is not shown.
    QString positionsText() const;

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuild();
    void placeLabels();
    /// The max_position_embeddings line's label, in the longest wording that finds room.
    void placePositionsLabel(const QRectF& plot, const QRectF& inside,
                             QList<const ChartLabel*>& placed, const QList<QRectF>& keep);
    /// Axis titles in the longest wording that fits, and as many x ticks as fit.
    void fitAxes();
    void applyStyle();
    void retranslateUi();

    QChart* m_chart;
    QLogValueAxis* m_x;
    QLogValueAxis* m_y;
    QLineSeries* m_curve;
    QScatterSeries* m_here;
    QLineSeries* m_positions; ///< max_position_embeddings, a vertical line
    ChartLabel* m_hereLabel;
    ChartLabel* m_positionsLabel;
    /// Over the curve's flat start: the scheduler's cap (max_num_seqs) that holds it there.
    ChartLabel* m_capLabel;
    /// The point's label, longest first: the one that fits the plot is shown (placeLabels).
    QStringList m_hereTexts;
    bool m_engineNamed = false;
    FitGuard m_fitGuard;
    std::optional<ServeReport> m_serving; ///< Results::serving
    std::vector<ServingPoint> m_points;   ///< Results::servingCurve
    int64_t m_context = 0;                ///< Results::servingContext
    int64_t m_maxPositions = 0;           ///< Results::modelPositions
    ChartStyle m_style;
};

} // namespace headroom::ui
