#pragma once
// The combined plan (core searchPlan) as a waterfall: today's total, then one floating bar per
// step from the total before it to the total after it (the step's saving), then the total with
// the whole plan, against the GPU capacity line. Every number comes from the core Plan.

#include "core/plan/plan_search.h"
#include "ui/chartstyle.h"
#include "ui/units.h"

#include <QChartView>

#include <vector>

class QBarCategoryAxis;
class QBarSet;
class QLineSeries;
class QStackedBarSeries;
class QValueAxis;

namespace headroom::ui {

class PlanWaterfallChart : public QChartView {
    Q_OBJECT

public:
    explicit PlanWaterfallChart(QWidget* parent = nullptr);

    /// Shows @p plan against @p capacity bytes (0 = no capacity line); an empty plan clears.
    void setPlan(const Plan& plan, double capacity, ByteUnit unit);
    void setStyle(const ChartStyle& style);

    // Introspection for tests.
    int barCount() const { return static_cast<int>(m_totals.size()); }
    /// The total (bytes) that bar @p i stands at: today, after each step, with the plan.
    double barTotal(int i) const { return m_totals.at(static_cast<size_t>(i)); }
    QStringList categories() const;
    /// Tooltip of bar @p i (what hovering shows).
    QString barToolTip(int i) const;

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuild();
    void placeOverlays();
    void applyStyle();
    void retranslateUi();

    QChart* m_chart;
    QStackedBarSeries* m_series;
    QBarSet* m_base;     ///< invisible: where each floating bar starts
    QBarSet* m_today;    ///< today's total
    QBarSet* m_saving;   ///< a step's saving
    QBarSet* m_increase; ///< a step that adds memory
    QBarSet* m_after;    ///< the total with the plan
    QBarCategoryAxis* m_categories;
    QValueAxis* m_y;
    QValueAxis* m_xHidden;
    QLineSeries* m_capacity;
    ChartLabel* m_capacityLabel;
    std::vector<ChartLabel*> m_labels;

    Plan m_plan;
    double m_capacityBytes = 0;
    ByteUnit m_unit = ByteUnit::GiB;
    ChartStyle m_style;
    std::vector<double> m_totals; ///< bytes: today, after each step, with the plan
};

} // namespace headroom::ui
