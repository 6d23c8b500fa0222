#pragma once
// Image export of the stacked bar, the cliff chart or the dashboard (verdict + both charts)
// at a chosen size and scale, with a title and the scenario summary drawn in. PNG or SVG
// (QSvgGenerator) saved through the checked saveFile() (ui/savefile.h), or the clipboard.

#include "ui/chartstyle.h"
#include "ui/cliffchart.h"
#include "ui/vrambarchart.h"

#include <QImage>
#include <QSize>
#include <QString>

class QPainter;

namespace headroom::ui {

class ScenarioController;

enum class ExportTarget { VramBar, CliffChart, Dashboard };
enum class ExportFormat { Png, Svg };

struct ExportOptions {
    ExportTarget target = ExportTarget::CliffChart;
    QSize size{1200, 675}; ///< logical size in pixels; the PNG is size x scale
    int scale = 1;         ///< 1, 2 or 3
    QString title;         ///< drawn at the top; empty = no title
    bool includeSummary = true;
    ExportFormat format = ExportFormat::Png;
};

/// How the exported charts look (follows the dashboard's current choices).
struct ExportLook {
    ChartStyle style;
    VramBarChart::View barView = VramBarChart::View::WorstRank;
    CliffChart::Mode cliffMode = CliffChart::Mode::Stacked;
};

class Exporter {
    Q_DECLARE_TR_FUNCTIONS(Exporter)

public:
    explicit Exporter(const ScenarioController* controller);

    void setLook(const ExportLook& look) { m_look = look; }
    const ExportLook& look() const { return m_look; }

    /// The image, size x scale pixels, devicePixelRatio = scale.
    QImage render(const ExportOptions& o) const;
    /// Paints the export into @p p, in logical coordinates of o.size.
    void paint(QPainter* p, const ExportOptions& o) const;

    bool savePng(const QString& path, const ExportOptions& o, QString* error = nullptr) const;
    bool saveSvg(const QString& path, const ExportOptions& o, QString* error = nullptr) const;
    /// By o.format.
    bool save(const QString& path, const ExportOptions& o, QString* error = nullptr) const;
    void copyToClipboard(const ExportOptions& o) const;

    /// A default title for @p target ("Llama 3.1 8B on NVIDIA H100: OOM cliff").
    QString defaultTitle(ExportTarget target) const;
    /// The scenario summary line drawn under the title.
    QString summaryLine() const;

private:
    void paintChart(QPainter* p, const QRectF& area, ExportTarget target, bool legend) const;

    const ScenarioController* m_controller;
    ExportLook m_look;
};

} // namespace headroom::ui
