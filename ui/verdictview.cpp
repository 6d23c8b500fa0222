#include "ui/verdictview.h"

#include "ui/texts.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace headroom::ui {

VerdictView::VerdictView(QWidget* parent)
    : QWidget(parent), m_headline(new QLabel(this)), m_details(new QLabel(this)) {
    setObjectName(QStringLiteral("verdictView"));
    m_headline->setObjectName(QStringLiteral("verdictHeadline"));
    m_details->setObjectName(QStringLiteral("verdictDetails"));
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setWordWrap(true);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(8, 4, 8, 4);
    lay->setSpacing(2);
    lay->addWidget(m_headline);
    lay->addWidget(m_details);
    setStyle(m_style);
}

QString VerdictView::headlineFor(const Results& r, ByteUnit u) {
    if (!r.valid) {
        return r.problem;
    }
    const Estimate& e = r.estimate;
    const double used = e.worst.nvidiaSmi;
    if (e.fits) {
        return tr("%1 of %2: fits, %3 free")
            .arg(Units::format(used, u), Units::format(e.capacity, u),
                 Units::format(e.headroom, u));
    }
    return tr("OOM by %1: needs %2 of %3")
        .arg(Units::format(-e.headroom, u), Units::format(used, u), Units::format(e.capacity, u));
}

QString VerdictView::detailsFor(const Results& r, ByteUnit u) {
    if (!r.hasEstimate) {
        return {};
    }
    const Estimate& e = r.estimate;
    QString who = e.stages.size() > 1 ? tr("Worst rank (pipeline stage %1 of %2). ")
                                            .arg(e.worst.stage + 1)
                                            .arg(e.stages.size())
                                      : QString();
    QString text =
        who + tr("Total = nvidia-smi memory, what the driver refuses to exceed. "
                 "PyTorch allocated %1 \u00b7 reserved %2 \u00b7 peak during %3.")
                  .arg(Units::format(e.worst.allocated, u), Units::format(e.worst.reserved, u),
                       Texts::phaseName(e.worst.peakPhase));
    if (!r.valid) {
        text = tr("Showing the last valid scenario. ") + text;
    }
    return text;
}

void VerdictView::setResults(const Results& r, ByteUnit unit) {
    m_results = r;
    m_unit = unit;
    refresh();
}

void VerdictView::setStyle(const ChartStyle& style) {
    m_style = style;
    QFont big = font();
    big.setPointSizeF(style.presentation ? 30.0 : 17.0);
    big.setBold(true);
    m_headline->setFont(big);
    QFont small = font();
    small.setPointSizeF(style.presentation ? 15.0 : 9.5);
    m_details->setFont(small);
    refresh();
}

QString VerdictView::headline() const {
    return m_headline->text();
}

QString VerdictView::details() const {
    return m_details->text();
}

void VerdictView::refresh() {
    const ChartColors c = m_style.colors();
    QColor color = c.text;
    if (!m_results.valid) {
        color = QColor(0xd3, 0x7a, 0x00);
    } else {
        color = m_results.estimate.fits ? c.fits : c.oom;
    }
    QPalette p = m_headline->palette();
    p.setColor(QPalette::WindowText, color);
    m_headline->setPalette(p);
    m_headline->setText(headlineFor(m_results, m_unit));
    m_details->setText(detailsFor(m_results, m_unit));
    m_headline->setAccessibleName(tr("Verdict"));
    m_details->setAccessibleName(tr("Verdict details"));
}

void VerdictView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        refresh();
    }
    QWidget::changeEvent(e);
}

} // namespace headroom::ui
