#include "ui/verdictview.h"

#include "ui/texts.h"

#include <QEvent>
#include <QPainter>

#include <cmath>

namespace headroom::ui {

VerdictView::VerdictView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("verdictView"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    setStyle(m_style);
}

QFont VerdictView::headlineFont() const {
    QFont f = font();
    f.setPointSizeF(m_style.presentation ? 30.0 : 17.0);
    f.setBold(true);
    return f;
}

QFont VerdictView::detailsFont() const {
    QFont f = font();
    f.setPointSizeF(m_style.presentation ? 15.0 : 9.5);
    return f;
}

QSize VerdictView::sizeHint() const {
    const QFontMetrics head(headlineFont());
    const QFontMetrics det(detailsFont());
    return {400, 8 + head.height() + 2 + 2 * det.lineSpacing() + 6};
}

QSize VerdictView::minimumSizeHint() const {
    return {100, sizeHint().height()};
}

void VerdictView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::TextAntialiasing);
    const QRect r = rect().adjusted(8, 4, -8, -4);
    const QFont hf = headlineFont();
    const QFontMetrics head(hf);
    p.setFont(hf);
    p.setPen(m_color);
    p.drawText(QRect(r.left(), r.top(), r.width(), head.height()), Qt::AlignLeft | Qt::AlignVCenter,
               head.elidedText(m_headline, Qt::ElideRight, r.width()));
    p.setFont(detailsFont());
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(
        QRect(r.left(), r.top() + head.height() + 2, r.width(), r.height() - head.height() - 2),
        Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, m_details);
}

QString VerdictView::headlineFor(const Results& r, ByteUnit u) {
    if (!r.valid) {
        return r.problem;
    }
    const Estimate& e = r.estimate;
    // what the run needs: nvidia-smi less paged optimizer states and empty cached segments,
    // which PyTorch gives back before it runs out of memory (the verdict's quantity)
    const double used = e.capacity - e.headroom;
    if (e.fits) {
        return tr("%1 of %2: fits, %3 free")
            .arg(Units::format(used, u), Units::format(e.capacity, u),
                 Units::format(e.headroom, u));
    }
    return tr("OOM by %1: needs %2 of %3")
        .arg(Units::format(-e.headroom, u), Units::format(used, u), Units::format(e.capacity, u));
}

QString VerdictView::calibrationText(const Results& r, ByteUnit u) {
    if (r.calibrationStale) {
        return tr("The calibration was measured on another setup and is not applied. ");
    }
    if (!r.calibration) {
        return {};
    }
    const Calibration& c = *r.calibration;
    const QString measured = c.measured.bytes > 0 ? tr("%1 measured %2")
                                                        .arg(Texts::metricName(c.measured.metric),
                                                             Units::format(c.measured.bytes, u))
                                                  : tr("out of memory");
    QString text = tr("Calibrated to your run: %1 at micro-batch %2 × %3 tokens, fixed overhead "
                      "%4. ")
                       .arg(measured)
                       .arg(c.microBatch)
                       .arg(Units::formatCount(c.sequenceLength))
                       .arg((c.offsetBytes < 0 ? QStringLiteral("−") : QStringLiteral("+")) +
                            Units::format(std::abs(c.offsetBytes), u));
    if (r.forcedOom) {
        text += tr("The measured run ran out of memory, so this point is OOM. ");
    }
    return text;
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
                 "PyTorch allocated %1 · reserved %2 · peak during %3.")
                  .arg(Units::format(e.worst.allocated, u), Units::format(e.worst.reserved, u),
                       Texts::phaseName(e.worst.peakPhase));
    if (e.worst.releasable > 0) {
        text += QLatin1Char(' ') +
                tr("%1 of reserved is empty cached segments, which PyTorch frees before it runs "
                   "out of memory; they are not counted as needed.")
                    .arg(Units::format(e.worst.releasable, u));
    }
    text = calibrationText(r, u) + text;
    for (const Warning& w : r.warnings) // first, so the two-line details never hide it
        text = Texts::warningText(w) + QLatin1Char(' ') + text;
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
    updateGeometry(); // the fonts, and so the height, depend on the style
    refresh();
}

void VerdictView::refresh() {
    const ChartColors c = m_style.colors();
    if (!m_results.valid) {
        m_color = QColor(0xd3, 0x7a, 0x00);
    } else {
        m_color = m_results.estimate.fits ? c.fits : c.oom;
    }
    m_headline = headlineFor(m_results, m_unit);
    m_details = detailsFor(m_results, m_unit);
    setAccessibleName(tr("Verdict"));
    setAccessibleDescription(m_headline + QLatin1Char('\n') + m_details);
    update();
}

void VerdictView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        refresh();
    }
    QWidget::changeEvent(e);
}

} // namespace headroom::ui
