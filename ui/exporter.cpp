#include "ui/exporter.h"

#include "ui/savefile.h"
#include "ui/scenariocontroller.h"
#include "ui/servingcliffchart.h"
#include "ui/verdictview.h"

#include <QApplication>
#include <QClipboard>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPainter>
#include <QSvgGenerator>

#include <algorithm>

namespace headroom::ui {

Exporter::Exporter(const ScenarioController* controller) : m_controller(controller) {}

QString Exporter::summaryLine() const {
    return m_controller->summary();
}

QString Exporter::defaultTitle(ExportTarget target) const {
    const QString who =
        tr("%1 on %2").arg(m_controller->modelDisplayName(), m_controller->gpuDisplayName());
    switch (target) {
    case ExportTarget::VramBar:
        return tr("%1: GPU memory by term").arg(who);
    case ExportTarget::CliffChart:
        if (m_controller->results().drawsServingCliff())
            return tr("%1: concurrent sequences against context length").arg(who);
        return m_controller->sweepAxis() == SweepAxis::MicroBatch
                   ? tr("%1: OOM cliff over micro-batch").arg(who)
                   : tr("%1: OOM cliff over sequence length").arg(who);
    case ExportTarget::Dashboard:
        return tr("%1: memory plan").arg(who);
    }
    return who;
}

void Exporter::paintChart(QPainter* p, const QRectF& area, ExportTarget target, bool legend) const {
    const Results& r = m_controller->results();
    const ByteUnit u = m_controller->unit();
    QChart* chart = nullptr;
    std::unique_ptr<QChartView> holder;
    // text grows with the picture so a slide stays readable from the back of the room
    ChartStyle style = m_look.style;
    style.fontScale = std::clamp(std::min(area.width() / 900.0, area.height() / 500.0), 1.0, 2.5);
    if (target == ExportTarget::VramBar) {
        auto view = std::make_unique<VramBarChart>();
        view->setStyle(style);
        view->setView(m_look.barView);
        view->setFormulaProvider({});
        view->setResults(r, u);
        chart = view->chart();
        holder = std::move(view);
    } else if (r.drawsServingCliff()) { // the cliff panel shows the serving curve then
        auto view = std::make_unique<ServingCliffChart>();
        view->setStyle(style);
        view->setResults(r);
        chart = view->chart();
        holder = std::move(view);
    } else {
        auto view = std::make_unique<CliffChart>();
        view->setStyle(style);
        view->setMode(m_look.cliffMode);
        view->setLegendShown(legend);
        view->setResults(r, u);
        chart = view->chart();
        holder = std::move(view);
    }
    chart->resize(area.size());
    if (chart->layout()) {
        chart->layout()->activate();
    }
    QCoreApplication::sendPostedEvents(chart->scene());
    chart->scene()->setSceneRect(QRectF(QPointF(0, 0), area.size()));
    chart->scene()->render(p, area, QRectF(QPointF(0, 0), area.size()));
}

void Exporter::paint(QPainter* p, const ExportOptions& o) const {
    const ChartColors c = m_look.style.colors();
    const QSizeF size(o.size);
    p->save();
    p->setRenderHint(QPainter::Antialiasing);
    p->setRenderHint(QPainter::TextAntialiasing);
    p->fillRect(QRectF(QPointF(0, 0), size), c.background);

    const double unit =
        std::clamp(std::min(size.width() / 1200.0, size.height() / 675.0), 0.5, 3.0);
    const double margin = 16 * unit;
    double y = margin;
    const double w = size.width() - 2 * margin;

    if (!o.title.isEmpty()) {
        QFont f = QApplication::font();
        f.setPixelSize(std::max(12, static_cast<int>(26 * unit)));
        f.setBold(true);
        p->setFont(f);
        p->setPen(c.text);
        const QFontMetricsF fm(f);
        const QString t = fm.elidedText(o.title, Qt::ElideRight, w);
        p->drawText(QRectF(margin, y, w, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, t);
        y += fm.height() + 4 * unit;
    }
    if (o.includeSummary) {
        QFont f = QApplication::font();
        f.setPixelSize(std::max(10, static_cast<int>(15 * unit)));
        p->setFont(f);
        p->setPen(c.text);
        const QFontMetricsF fm(f);
        const QString s = fm.elidedText(summaryLine(), Qt::ElideRight, w);
        p->drawText(QRectF(margin, y, w, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, s);
        y += fm.height() + 2 * unit;
    }
    const Results& r = m_controller->results();
    if (o.includeSummary || o.target == ExportTarget::Dashboard) {
        QFont f = QApplication::font();
        f.setPixelSize(
            std::max(11, static_cast<int>((o.target == ExportTarget::Dashboard ? 24 : 17) * unit)));
        f.setBold(true);
        p->setFont(f);
        p->setPen(!r.valid ? QColor(0xd3, 0x7a, 0x00) : (r.verdictGood() ? c.fits : c.oom));
        const QFontMetricsF fm(f);
        const QString v =
            fm.elidedText(VerdictView::headlineFor(r, m_controller->unit()), Qt::ElideRight, w);
        p->drawText(QRectF(margin, y, w, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, v);
        y += fm.height() + 6 * unit;
    }

    const QRectF content(margin, y, w, size.height() - y - margin);
    if (content.width() > 10 && content.height() > 10) {
        if (o.target == ExportTarget::Dashboard) {
            const double gap = 8 * unit;
            const double barW = (content.width() - gap) * 0.38;
            paintChart(p, QRectF(content.left(), content.top(), barW, content.height()),
                       ExportTarget::VramBar, true);
            paintChart(p,
                       QRectF(content.left() + barW + gap, content.top(),
                              content.width() - barW - gap, content.height()),
                       ExportTarget::CliffChart, false); // the bar's legend names the terms
        } else {
            paintChart(p, content, o.target, true);
        }
    }
    p->restore();
}

QImage Exporter::render(const ExportOptions& o) const {
    const int scale = std::clamp(o.scale, 1, 4);
    QImage img(o.size * scale, QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(scale);
    img.fill(m_look.style.colors().background);
    QPainter p(&img);
    paint(&p, o);
    p.end();
    return img;
}

bool Exporter::savePng(const QString& path, const ExportOptions& o, QString* error) const {
    const QImage img = render(o);
    return saveFile(
        path, [&img](QIODevice& device) { return img.save(&device, "PNG"); }, error);
}

bool Exporter::saveSvg(const QString& path, const ExportOptions& o, QString* error) const {
    return saveFile(
        path,
        [&](QIODevice& device) {
            QSvgGenerator gen;
            gen.setOutputDevice(&device);
            gen.setSize(o.size);
            gen.setViewBox(QRect(QPoint(0, 0), o.size));
            gen.setTitle(o.title);
            gen.setDescription(summaryLine());
            QPainter p(&gen);
            paint(&p, o);
            return p.end();
        },
        error);
}

bool Exporter::save(const QString& path, const ExportOptions& o, QString* error) const {
    return o.format == ExportFormat::Svg ? saveSvg(path, o, error) : savePng(path, o, error);
}

void Exporter::copyToClipboard(const ExportOptions& o) const {
    QApplication::clipboard()->setImage(render(o));
}

} // namespace headroom::ui
