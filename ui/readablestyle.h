#pragma once
// The application's style: Fusion, with two things a projector needs that Fusion does not do.
//  - Check boxes and radio buttons get an outline in the text colour: Fusion outlines them in
//    the window colour darkened, which vanishes on the dark theme (a near-black box on a
//    near-black panel).
//  - Their indicators grow with the widget's font (presentation mode sets the controls'
//    font to up to 4x the desk size; Fusion's indicator stays 14 px).

#include <QProxyStyle>

namespace headroom::ui {

class ReadableStyle : public QProxyStyle {
    Q_OBJECT

public:
    /// Wraps the Fusion style (the platform's default when Fusion is missing).
    ReadableStyle();

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget = nullptr) const override;
    int pixelMetric(PixelMetric metric, const QStyleOption* option = nullptr,
                    const QWidget* widget = nullptr) const override;

    /// The factor a widget's font sets for indicator sizes: its point size over the desk's
    /// 9 pt, at least 1.
    static double fontScale(const QWidget* widget);
};

} // namespace headroom::ui
