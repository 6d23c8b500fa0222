#pragma once
// The legend of the memory terms under the bar and the cliff chart: a colour swatch and the
// term's name for every term the run uses, flowing onto as many lines as the width needs, so
// no name is ever elided (QtCharts' side legend cuts "Optimizer states" to "Optimiz..." on a
// narrow bar).

#include "core/engine/estimator.h"
#include "ui/chartstyle.h"

#include <QWidget>

#include <array>

namespace headroom::ui {

class TermLegend : public QWidget {
    Q_OBJECT

public:
    explicit TermLegend(QWidget* parent = nullptr);

    /// Shows the terms with @p used set, in Term order.
    void setUsed(const std::array<bool, kTermCount>& used);
    /// Adds, after the terms, the key of the band (the bar's whisker, the cliff's shaded band).
    void setBandShown(bool shown);
    void setStyle(const ChartStyle& style);
    /// The names shown, in order.
    QStringList names() const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    /// One rectangle per shown term (swatch and name) for a widget @p width px wide.
    std::vector<QRect> layoutItems(int width) const;
    QFont legendFont() const;

    std::array<bool, kTermCount> m_used{};
    bool m_band = false;
    ChartStyle m_style;
};

} // namespace headroom::ui
