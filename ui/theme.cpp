#include "ui/theme.h"

#include "ui/readablestyle.h"

#include <QApplication>

#include <cmath>

namespace headroom::ui {

QPalette Theme::palette(ThemeKind k) {
    if (k == ThemeKind::Light) {
        QPalette p;
        p.setColor(QPalette::Window, QColor(0xf4, 0xf5, 0xf7));
        p.setColor(QPalette::WindowText, QColor(0x1d, 0x1f, 0x23));
        p.setColor(QPalette::Base, Qt::white);
        p.setColor(QPalette::AlternateBase, QColor(0xee, 0xf0, 0xf3));
        p.setColor(QPalette::Text, QColor(0x1d, 0x1f, 0x23));
        p.setColor(QPalette::Button, QColor(0xe9, 0xeb, 0xef));
        p.setColor(QPalette::ButtonText, QColor(0x1d, 0x1f, 0x23));
        p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xd0));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xf0));
        p.setColor(QPalette::ToolTipText, QColor(0x1d, 0x1f, 0x23));
        p.setColor(QPalette::PlaceholderText, QColor(0x80, 0x84, 0x8c));
        p.setColor(QPalette::Link, QColor(0x2f, 0x6f, 0xd0));
        p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x9a, 0x9e, 0xa6));
        p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x9a, 0x9e, 0xa6));
        p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x9a, 0x9e, 0xa6));
        return p;
    }
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x23, 0x25, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe6, 0xe8, 0xeb));
    p.setColor(QPalette::Base, QColor(0x1b, 0x1d, 0x22));
    p.setColor(QPalette::AlternateBase, QColor(0x2a, 0x2d, 0x34));
    p.setColor(QPalette::Text, QColor(0xe6, 0xe8, 0xeb));
    p.setColor(QPalette::Button, QColor(0x31, 0x34, 0x3b));
    p.setColor(QPalette::ButtonText, QColor(0xe6, 0xe8, 0xeb));
    p.setColor(QPalette::Highlight, QColor(0x4c, 0x8d, 0xf0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(0x31, 0x34, 0x3b));
    p.setColor(QPalette::ToolTipText, QColor(0xe6, 0xe8, 0xeb));
    p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x8f, 0x98));
    p.setColor(QPalette::Link, QColor(0x7a, 0xaa, 0xf5));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x70, 0x74, 0x7c));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x70, 0x74, 0x7c));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x70, 0x74, 0x7c));
    // the bevel roles Fusion draws slider grooves, frames and spin-box edges with: without
    // them they come out dark on dark
    p.setColor(QPalette::Light, QColor(0x6a, 0x70, 0x7c));
    p.setColor(QPalette::Midlight, QColor(0x52, 0x57, 0x61));
    p.setColor(QPalette::Mid, QColor(0x45, 0x49, 0x52));
    p.setColor(QPalette::Dark, QColor(0x12, 0x13, 0x17));
    p.setColor(QPalette::Shadow, QColor(0x05, 0x05, 0x07));
    return p;
}

ChartColors Theme::chartColors(ThemeKind k) {
    ChartColors c;
    if (k == ThemeKind::Light) {
        c.background = Qt::white;
        c.plot = Qt::white;
        c.text = QColor(0x1d, 0x1f, 0x23);
        c.grid = QColor(0xdd, 0xe0, 0xe5);
        c.capacity = QColor(0xc0, 0x1f, 0x2f);
        c.danger = QColor(0xe1, 0x57, 0x59, 48);
        c.fits = QColor(0x1e, 0x7b, 0x34);
        c.oom = QColor(0xc0, 0x1f, 0x2f);
        c.mayNotFit = QColor(0xa8, 0x5c, 0x00);
        c.total = QColor(0x1d, 0x1f, 0x23);
        c.highlight = QColor(0xff, 0xd8, 0x4d, 90);
    } else {
        c.background = QColor(0x1b, 0x1d, 0x22);
        c.plot = QColor(0x1b, 0x1d, 0x22);
        c.text = QColor(0xe6, 0xe8, 0xeb);
        c.grid = QColor(0x3a, 0x3e, 0x46);
        c.capacity = QColor(0xff, 0x5c, 0x5c);
        c.danger = QColor(0xff, 0x5c, 0x5c, 50);
        c.fits = QColor(0x5c, 0xd1, 0x7a);
        c.oom = QColor(0xff, 0x6b, 0x6b);
        c.mayNotFit = QColor(0xf0, 0xa8, 0x3c);
        c.total = QColor(0xe6, 0xe8, 0xeb);
        c.highlight = QColor(0xff, 0xd8, 0x4d, 60);
    }
    return c;
}

QColor Theme::termColor(Term t) {
    switch (t) {
    case Term::Weights:
        return QColor(0x4e, 0x79, 0xa7);
    case Term::MasterWeights:
        return QColor(0x76, 0xb7, 0xb2);
    case Term::OptimizerStates:
        return QColor(0xf2, 0x8e, 0x2b);
    case Term::Gradients:
        return QColor(0xed, 0xc9, 0x48);
    case Term::Activations:
        return QColor(0x59, 0xa1, 0x4f);
    case Term::KvCache:
        return QColor(0xb0, 0x7a, 0xa1);
    case Term::Logits:
        return QColor(0xff, 0x9d, 0xa7);
    case Term::Workspace:
        return QColor(0x9c, 0x75, 0x5f);
    case Term::AllocatorReserve:
        return QColor(0xba, 0xb0, 0xac);
    case Term::CudaContext:
        return QColor(0x79, 0x70, 0x6e);
    }
    return Qt::gray;
}

QString Theme::key(ThemeKind k) {
    return k == ThemeKind::Light ? QStringLiteral("light") : QStringLiteral("dark");
}

ThemeKind Theme::fromKey(const QString& key) {
    return key == QLatin1String("dark") ? ThemeKind::Dark : ThemeKind::Light;
}

void Theme::apply(ThemeKind k) {
    // Fusion, with outlined check boxes that grow with their font (ui/readablestyle.h)
    if (!qobject_cast<ReadableStyle*>(QApplication::style()))
        QApplication::setStyle(new ReadableStyle);
    QApplication::setPalette(palette(k));
}

namespace {
/// The slider groove's height at the desk, px; the handle reaches as far again above and below.
constexpr double kGroovePx = 6;
} // namespace

int Theme::sliderHandleHeight(double scale) {
    return static_cast<int>(3 * std::lround(kGroovePx * scale));
}

QString Theme::sliderStyleSheet(ThemeKind k, double scale) {
    // a visible groove and filled part on both themes (Fusion's own groove is the button
    // colour darkened, nearly invisible on the dark theme and faint on a projector); sizes x
    // @p scale (ScaledSlider: the font's, so the handle grows on a 4K stage)
    const bool dark = k == ThemeKind::Dark;
    const auto px = [scale](double v) { return QString::number(std::lround(v * scale)); };
    return QStringLiteral("QSlider::groove:horizontal { height: %5px; border-radius: %6px; "
                          "background: %1; }"
                          "QSlider::sub-page:horizontal { border-radius: %6px; background: %2; }"
                          "QSlider::handle:horizontal { width: %7px; margin: -%5px 0; "
                          "border-radius: %8px; background: %3; border: 1px solid %4; }")
        .arg(dark ? QStringLiteral("#6a707c") : QStringLiteral("#c9cdd4"),
             dark ? QStringLiteral("#4c8df0") : QStringLiteral("#2f6fd0"),
             dark ? QStringLiteral("#e6e8eb") : QStringLiteral("#ffffff"),
             dark ? QStringLiteral("#9aa0aa") : QStringLiteral("#8a8f98"), px(kGroovePx),
             px(kGroovePx / 2), px(16), px(8));
}

} // namespace headroom::ui
