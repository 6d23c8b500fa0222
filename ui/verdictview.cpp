#include "ui/verdictview.h"

#include "ui/labelaudit.h"
#include "ui/texts.h"

#include <QEvent>
#include <QPainter>

#include <cmath>

namespace headroom::ui {

VerdictView::VerdictView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("verdictView"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    // it fills its own background: the widgets under it (dashboard, splitter, window) are not
    // painted again with every new headline (three fills of its area a drag frame)
    setAttribute(Qt::WA_OpaquePaintEvent, true);
    setStyle(m_style);
}

QFont VerdictView::headlineFont() const {
    QFont f = font();
    f.setPointSizeF(m_style.headlinePointSize());
    f.setBold(true);
    return f;
}

QFont VerdictView::detailsFont() const {
    QFont f = font();
    f.setPointSizeF(m_style.labelPointSize());
    return f;
}

QFont VerdictView::scenarioFont() const {
    QFont f = detailsFont();
    f.setPointSizeF(f.pointSizeF() * 1.1);
    f.setWeight(QFont::DemiBold);
    return f;
}

QFont VerdictView::fitted(const QFont& base, const QString& text, int width, bool* fits) {
    QFont f = base;
    for (int step = 0; step <= 10; ++step) {
        f.setPointSizeF(base.pointSizeF() * (1.0 - 0.05 * step));
        if (QFontMetrics(f).horizontalAdvance(text) <= width) {
            *fits = true;
            return f;
        }
    }
    *fits = false;
    return f;
}

int VerdictView::block(TextBlock& memo, const QFont& font, const QString& text, int width) const {
    if (memo.width == width && memo.text == text && memo.font == font && memo.layout)
        return memo.lines;
    memo.text = text;
    memo.font = font;
    memo.width = width;
    memo.layout = std::make_shared<QTextLayout>(text, font, const_cast<VerdictView*>(this));
    QTextOption wrap;
    wrap.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    memo.layout->setTextOption(wrap);
    memo.layout->setCacheEnabled(true);
    // lines one advance apart: the font's spacing, or the tallest line where a fallback font
    // (Chinese glyphs) makes a line taller than the UI font's spacing
    memo.advance = QFontMetricsF(font, const_cast<VerdictView*>(this)).lineSpacing();
    memo.lines = 0;
    memo.layout->beginLayout();
    for (QTextLine line = memo.layout->createLine(); line.isValid();
         line = memo.layout->createLine()) {
        line.setLineWidth(std::max(1, width - 16));
        memo.advance = std::max(memo.advance, line.height());
        ++memo.lines;
    }
    for (int i = 0; i < memo.lines; ++i)
        memo.layout->lineAt(i).setPosition(QPointF(0, memo.advance * i));
    memo.layout->endLayout();
    if (text.isEmpty())
        memo.lines = 0;
    return memo.lines;
}

QFont VerdictView::headlineFitted(int width, bool* fits) const {
    const QFont base = headlineFont();
    HeadlineMemo& m = m_headMemo;
    if (m.width != width || m.text != m_headline || m.base != base) {
        m.text = m_headline;
        m.base = base;
        m.width = width;
        m.font = fitted(base, m_headline, width, &m.fits);
    }
    *fits = m.fits;
    return m.font;
}

VerdictView::Lines VerdictView::linesAt(int width) const {
    const int scenario = block(m_scenarioBlock, scenarioFont(), m_scenarioShown, width);
    const int details = std::max(2, block(m_detailsBlock, detailsFont(), m_details, width));
    return {scenario, details, m_scenarioBlock.height(),
            static_cast<int>(std::ceil(details * m_detailsBlock.advance))};
}

void VerdictView::growTo(const Lines& need) {
    // one more line grows the widget (a relayout, rare); it shrinks back only on a resize or
    // a new style, so a drag does not make the charts jump
    if (need.scenarioPx > m_lines.scenarioPx || need.detailsPx > m_lines.detailsPx) {
        m_lines.scenario = std::max(m_lines.scenario, need.scenario);
        m_lines.details = std::max(m_lines.details, need.details);
        m_lines.scenarioPx = std::max(m_lines.scenarioPx, need.scenarioPx);
        m_lines.detailsPx = std::max(m_lines.detailsPx, need.detailsPx);
        updateGeometry();
    }
}

QSize VerdictView::sizeHint() const {
    const QFontMetrics head(headlineFont());
    return {400, 8 + head.height() + 2 + m_lines.scenarioPx + 2 + m_lines.detailsPx + 6};
}

QSize VerdictView::minimumSizeHint() const {
    return {100, sizeHint().height()};
}

void VerdictView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    if (const Lines lines = linesAt(width()); lines != m_lines) {
        m_lines = lines;
        updateGeometry();
    }
}

void VerdictView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().brush(backgroundRole()));
    p.setRenderHint(QPainter::TextAntialiasing);
    const QRect r = rect().adjusted(8, 4, -8, -4);
    bool headFits = false; // the same font refresh() found (measured once per text)
    const QFont hf = headlineFitted(r.width(), &headFits);
    const int headHeight = QFontMetrics(headlineFont()).height();
    p.setFont(hf);
    p.setPen(m_color);
    p.drawText(QRect(r.left(), r.top(), r.width(), headHeight), Qt::AlignLeft | Qt::AlignVCenter,
               m_headline);
    int y = r.top() + headHeight + 2;
    // the texts as laid out for refresh()'s line count (the same shaped glyphs; a resize
    // between the two lays them out again here)
    const auto draw = [&](TextBlock& memo, const QFont& font, const QString& text, int h) {
        block(memo, font, text, width());
        p.save();
        p.setClipRect(QRect(r.left(), y, r.width(), h));
        memo.layout->draw(&p, QPointF(r.left(), y));
        p.restore();
    };
    p.setPen(palette().color(QPalette::WindowText));
    if (!m_scenario.isEmpty()) {
        // the scenario wraps onto a second line rather than shrink (it must stay readable)
        const int h = m_lines.scenarioPx;
        draw(m_scenarioBlock, scenarioFont(), m_scenarioShown, h);
        y += h + 2;
    }
    draw(m_detailsBlock, detailsFont(), m_details, r.bottom() - y + 1);
    // (whether a text is cut is decided in refresh(), once per new text)
}

QString VerdictView::headlineFor(const Results& r, ByteUnit u) {
    if (!r.valid) {
        return r.problem;
    }
    if (r.drawsServingCliff())
        return servingHeadline(*r.serving, r.servingContext, u);
    const Estimate& e = r.estimate;
    // what the run needs: nvidia-smi less paged optimizer states and empty cached segments,
    // which PyTorch gives back before it runs out of memory (the verdict's quantity)
    const double used = e.capacity - e.headroom;
    if (r.bandVerdict == BandVerdict::MayNotFit) {
        // the worst rank's band, point to bound: the same with or without planning against
        // the high bound (Workload::planAgainstBandHigh moves e.fits and e.headroom there)
        const double point = r.band.verdictPoint;
        return point <= e.capacity ? tr("%1 of %2: may not fit, up to %3")
                                         .arg(Units::format(point, u), Units::format(e.capacity, u),
                                              Units::format(r.band.verdictHigh, u))
                                   : tr("Needs %1 of %2: may not fit, %3 at best")
                                         .arg(Units::format(point, u), Units::format(e.capacity, u),
                                              Units::format(r.band.verdictLow, u));
    }
    if (e.fits) {
        return tr("%1 of %2: fits, %3 free")
            .arg(Units::format(used, u), Units::format(e.capacity, u),
                 Units::format(e.headroom, u));
    }
    return tr("OOM by %1: needs %2 of %3")
        .arg(Units::format(-e.headroom, u), Units::format(used, u), Units::format(e.capacity, u));
}

QString VerdictView::servingHeadline(const ServeReport& c, int64_t context, ByteUnit u) {
    if (!c.starts)
        return tr("%1 does not start: %2").arg(Texts::engineName(c), Texts::serveBlockerText(c, u));
    return tr("%1 starts: %2 sequences × %3 tokens at once")
        .arg(Texts::engineName(c), QLocale().toString(static_cast<qlonglong>(c.maxConcurrency)),
             Units::formatCount(context));
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
        text = Texts::sentences(
            {text, tr("The measured run ran out of memory, so this point is OOM. ")});
    }
    return text;
}

QString VerdictView::bandText(const Results& r, ByteUnit u) {
    // only where the band decides the verdict: elsewhere the bar's whisker shows it
    const Band& b = r.band;
    if (r.bandVerdict != BandVerdict::MayNotFit)
        return {};
    const BandContributor* d = decidingContributor(b, r.estimate.capacity);
    const QString range =
        tr("%1 to %2").arg(Units::format(b.verdictLow, u), Units::format(b.verdictHigh, u));
    if (!d)
        return tr("Band %1.").arg(range);
    const QString remedy = Texts::bandCauseRemedy(d->cause);
    return (r.estimate.fits ? tr("Band %1: %2 can push it over (%3).")
                            : tr("Band %1: it can fit with %2 (%3)."))
        .arg(range, Texts::bandCauseName(d->cause), remedy);
}

QStringList VerdictView::leadingNotes(const Results& r) {
    QStringList notes;
    if (!r.valid)
        notes << tr("Showing the last valid scenario. ");
    for (auto w = r.warnings.rbegin(); w != r.warnings.rend(); ++w) // the last one first
        notes << Texts::warningText(*w);
    return notes;
}

QString VerdictView::detailsFor(const Results& r, ByteUnit u) {
    if (!r.hasEstimate) {
        return {};
    }
    if (r.drawsServingCliff()) {
        const ServeReport& c = *r.serving;
        const RankEstimate& k = r.shownEstimate().worst;
        QString text =
            tr("The server takes its share of the %1 CUDA reports (the card's %7 less what the "
               "driver keeps), %2: weights %3, KV cache %4, the rest %5; with the CUDA context "
               "nvidia-smi shows %6. The bar and the breakdown show its terms, the chart how "
               "many sequences fit at each context length.")
                .arg(Units::format(c.totalBytes, u), Units::format(c.budgetBytes, u),
                     Units::format(c.terms.weights, u), Units::format(c.kvCacheBytes, u),
                     Units::format(c.nonKvBytes - c.terms.weights, u),
                     Units::format(k.nvidiaSmi, u), Units::format(r.estimate.capacity, u));
        return Texts::sentences(leadingNotes(r) << text);
    }
    const Estimate& e = r.estimate;
    QString who = e.stages.size() > 1 ? tr("Worst rank (pipeline stage %1 of %2). ")
                                            .arg(e.worst.stage + 1)
                                            .arg(e.stages.size())
                                      : QString();
    const QString total =
        tr("Total = nvidia-smi memory, what the driver refuses to exceed. "
           "PyTorch allocated %1 · reserved %2 · peak during %3.")
            .arg(Units::format(e.worst.allocated, u), Units::format(e.worst.reserved, u),
                 Texts::phaseName(e.worst.peakPhase));
    const QString releasable =
        e.worst.releasable > 0
            ? tr("%1 of reserved is empty cached segments, which PyTorch frees before it runs "
                 "out of memory; they are not counted as needed.")
                  .arg(Units::format(e.worst.releasable, u))
            : QString();
    // the warnings first, so the two-line details never hide them
    return Texts::sentences(leadingNotes(r) << calibrationText(r, u) << who << total << releasable
                                            << bandText(r, u));
}

void VerdictView::setResults(const Results& r, ByteUnit unit) {
    m_results = r;
    m_unit = unit;
    refresh();
}

void VerdictView::setStyle(const ChartStyle& style) {
    m_style = style;
    m_lines = linesAt(width());
    updateGeometry(); // the fonts, and so the height, depend on the style
    refresh();
}

void VerdictView::fitLines() {
    if (const Lines lines = linesAt(width()); lines != m_lines) {
        m_lines = lines;
        updateGeometry();
    }
}

QString VerdictView::breakOnlyBetweenParts(const QString& line) {
    const QChar noBreakSpace(0x00A0);
    const QChar wordJoiner(0x2060);
    QStringList parts = line.split(QStringLiteral(" · "));
    for (QString& part : parts) {
        QString glued;
        glued.reserve(part.size() * 2);
        for (qsizetype i = 0; i < part.size(); ++i) {
            const QChar c = part.at(i);
            const bool wide = c.unicode() > 0xFF;
            if (i > 0 && (wide || part.at(i - 1).unicode() > 0xFF))
                glued += wordJoiner;
            glued += c == QLatin1Char(' ') ? noBreakSpace : c;
        }
        part = glued;
    }
    // the break falls after the dot, never before it
    return parts.join(QString(noBreakSpace) + QStringLiteral("· "));
}

void VerdictView::setScenarioLine(const QString& line) {
    if (line == m_scenario)
        return;
    m_scenario = line;
    m_scenarioShown = breakOnlyBetweenParts(line);
    growTo(linesAt(width()));
    update();
}

void VerdictView::refresh() {
    const ChartColors c = m_style.colors();
    if (!m_results.valid) {
        m_color = QColor(0xd3, 0x7a, 0x00);
    } else if (m_results.bandVerdict == BandVerdict::MayNotFit &&
               !m_results.drawsServingCliff()) { // the band is the generate() run's
        m_color = c.mayNotFit;
    } else {
        m_color = m_results.verdictGood() ? c.fits : c.oom;
    }
    m_headline = headlineFor(m_results, m_unit);
    m_details = detailsFor(m_results, m_unit);
    const Lines lines = linesAt(width());
    growTo(lines);
    bool fits = false;
    headlineFitted(width() - 16, &fits);
    // cut: the headline does not fit at its smallest font, a block needs more height than it
    // has, or a block's glyphs reach below its lines (a fallback font taller than the advance)
    const auto overflows = [](const TextBlock& b, int px) {
        return b.layout && b.layout->boundingRect().height() > px + 0.5;
    };
    if (const bool cut = !fits || lines.scenarioPx > m_lines.scenarioPx ||
                         lines.detailsPx > m_lines.detailsPx ||
                         overflows(m_scenarioBlock, m_lines.scenarioPx) ||
                         overflows(m_detailsBlock, m_lines.detailsPx);
        property(kElidedProperty).toBool() != cut)
        setProperty(kElidedProperty, cut);
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
