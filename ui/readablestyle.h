#pragma once
// The application's style: Fusion, with two things a projector needs that Fusion does not do.
//  - Check boxes and radio buttons get an outline in the text colour: Fusion outlines them in
//    the window colour darkened, which vanishes on the dark theme (a near-black box on a
//    near-black panel).
//  - Their indicators grow with the widget's font (presentation mode sets the controls'
//    font to up to 4x the desk size; Fusion's indicator stays 14 px).
//  - Combo boxes and spin boxes grow their frames, buttons and arrows with it: Fusion sizes
//    the drop-down button (18 px) and its arrow (14 x 8 px) by the screen's DPI, not the font,
//    so on a 4K stage they were specks beside 36 pt text. The control is drawn, measured and
//    hit-tested as Fusion would at the desk size, scaled by fontScale (one rule for all three,
//    so a click lands where the arrow is drawn).

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
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex* option,
                            QPainter* painter, const QWidget* widget = nullptr) const override;
    QRect subControlRect(ComplexControl control, const QStyleOptionComplex* option, SubControl sub,
                         const QWidget* widget = nullptr) const override;
    QSize sizeFromContents(ContentsType type, const QStyleOption* option, const QSize& size,
                           const QWidget* widget = nullptr) const override;

    /// The factor a widget's font sets for indicator sizes: its point size over the desk's
    /// 9 pt, at least 1.
    static double fontScale(const QWidget* widget);

private:
    /// drawComplexControl is drawing a scaled control at desk size: Fusion's own calls back
    /// into subControlRect get desk-size answers (GUI thread only, as all painting)
    mutable bool m_drawingAtDeskSize = false;
};

} // namespace headroom::ui
