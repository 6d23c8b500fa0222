#include "ui/termlegend.h"

#include "ui/texts.h"
#include "ui/theme.h"

#include <QEvent>
#include <QPainter>

namespace headroom::ui {

TermLegend::TermLegend(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("termLegend"));
    QSizePolicy p(QSizePolicy::Preferred, QSizePolicy::Fixed);
    p.setHeightForWidth(true);
    setSizePolicy(p);
}

void TermLegend::setUsed(const std::array<bool, kTermCount>& used) {
    if (used == m_used)
        return;
    m_used = used;
    setAccessibleName(names().join(QStringLiteral(", ")));
    updateGeometry();
    update();
}

void TermLegend::setBandShown(bool shown) {
    if (shown == m_band)
        return;
    m_band = shown;
    setAccessibleName(names().join(QStringLiteral(", ")));
    updateGeometry();
    update();
}

void TermLegend::setStyle(const ChartStyle& style) {
    m_style = style;
    updateGeometry();
    update();
}

QStringList TermLegend::names() const {
    QStringList out;
    for (int t = 0; t < kTermCount; ++t) {
        if (m_used[static_cast<size_t>(t)])
            out << Texts::termName(static_cast<Term>(t));
    }
    if (m_band)
        out << tr("band: low to high bound");
    return out;
}

QFont TermLegend::legendFont() const {
    QFont f = font();
    f.setPointSizeF(m_style.labelPointSize());
    return f;
}

std::vector<QRect> TermLegend::layoutItems(int width) const {
    const QFontMetrics fm(legendFont());
    const int swatch = fm.height() * 7 / 10;
    const int gap = fm.height();
    std::vector<QRect> out;
    int x = 0;
    int y = 0;
    for (const QString& name : names()) {
        const int w = swatch + fm.height() / 3 + fm.horizontalAdvance(name);
        if (x > 0 && x + w > width) {
            x = 0;
            y += fm.lineSpacing();
        }
        out.emplace_back(x, y, w, fm.height());
        x += w + gap;
    }
    return out;
}

int TermLegend::heightForWidth(int width) const {
    const std::vector<QRect> items = layoutItems(std::max(1, width - 8));
    return items.empty() ? 0 : items.back().bottom() + 1 + 4;
}

QSize TermLegend::sizeHint() const {
    return {400, heightForWidth(width() > 0 ? width() : 400)};
}

QSize TermLegend::minimumSizeHint() const {
    return {100, heightForWidth(width() > 0 ? width() : 400)};
}

void TermLegend::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::TextAntialiasing);
    p.setFont(legendFont());
    const QFontMetrics fm(legendFont());
    const int swatch = fm.height() * 7 / 10;
    const std::vector<QRect> items = layoutItems(std::max(1, width() - 8));
    size_t i = 0;
    for (int t = 0; t < kTermCount; ++t) {
        if (!m_used[static_cast<size_t>(t)])
            continue;
        const QRect r = items[i++].translated(4, 2);
        p.fillRect(QRect(r.left(), r.top() + (fm.height() - swatch) / 2, swatch, swatch),
                   Theme::termColor(static_cast<Term>(t)));
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(r.adjusted(swatch + fm.height() / 3, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   Texts::termName(static_cast<Term>(t)));
    }
    if (m_band && i < items.size()) { // the band's look: a translucent fill, a dashed edge
        const QRect r = items[i].translated(4, 2);
        const QRect box(r.left(), r.top() + (fm.height() - swatch) / 2, swatch, swatch);
        p.fillRect(box, m_style.colors().bandFill());
        p.setPen(QPen(m_style.colors().total, 1, Qt::DashLine));
        p.drawRect(box.adjusted(0, 0, -1, -1));
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(r.adjusted(swatch + fm.height() / 3, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   names().back());
    }
}

void TermLegend::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange || e->type() == QEvent::FontChange) {
        setAccessibleName(names().join(QStringLiteral(", ")));
        updateGeometry();
    }
    QWidget::changeEvent(e);
}

} // namespace headroom::ui
