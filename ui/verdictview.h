#pragma once
// The verdict in words: "61.2 GiB of 79.6 GiB: fits, 18.4 GiB free" / "OOM by 12.4 GiB",
// which metric the total is, and the allocated / reserved figures beside it. Painted directly
// with a size that does not depend on the text, so a slider drag never relayouts the window.

#include "ui/chartstyle.h"
#include "ui/results.h"
#include "ui/units.h"

#include <QWidget>

namespace headroom::ui {

class VerdictView : public QWidget {
    Q_OBJECT

public:
    explicit VerdictView(QWidget* parent = nullptr);

    void setResults(const Results& r, ByteUnit unit);
    void setStyle(const ChartStyle& style);
    /// The headline as shown, e.g. "61.2 GiB of 79.6 GiB: fits, 18.4 GiB free".
    QString headline() const { return m_headline; }
    QString details() const { return m_details; }
    /// Headline for @p r (also used by the exporter).
    static QString headlineFor(const Results& r, ByteUnit unit);
    static QString detailsFor(const Results& r, ByteUnit unit);
    /// "Calibrated to your run: reserved measured 61.2 GiB at micro-batch 4 × 2,048 tokens,
    /// fixed overhead +1.2 GiB. " ("" without a calibration), the start of the details.
    static QString calibrationText(const Results& r, ByteUnit unit);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void refresh();
    QFont headlineFont() const;
    QFont detailsFont() const;

    QString m_headline;
    QString m_details;
    QColor m_color;
    Results m_results;
    ByteUnit m_unit = ByteUnit::GiB;
    ChartStyle m_style;
};

} // namespace headroom::ui
