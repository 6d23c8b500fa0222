#pragma once
// The verdict in words: "61.2 GiB of 79.6 GiB: fits, 18.4 GiB free" / "OOM by 12.4 GiB",
// the scenario in one line (model · mode · weights · micro-batch × sequence · GPUs · layout ·
// profile), which metric the total is, and the allocated / reserved figures beside it.
// Painted directly. The headline and the scenario line shrink to fit their one line (never
// elided); the details wrap, and the widget grows only when they need another line, so a
// slider drag does not relayout the window.

#include "ui/chartstyle.h"
#include "ui/results.h"
#include "ui/units.h"

#include <QTextLayout>
#include <QWidget>

#include <cmath>
#include <memory>

namespace headroom::ui {

class VerdictView : public QWidget {
    Q_OBJECT

public:
    explicit VerdictView(QWidget* parent = nullptr);

    void setResults(const Results& r, ByteUnit unit);
    void setStyle(const ChartStyle& style);
    /// The scenario line (ScenarioController::summary()), shown under the headline.
    void setScenarioLine(const QString& line);
    QString scenarioLine() const { return m_scenario; }
    /// @p line as laid out: lines may break only after its " · " separators. Inside a part,
    /// spaces become no-break spaces and a word joiner (U+2060) sits beside every character
    /// past Latin-1 (CJK text may otherwise break between any two), so "全量微调 / 训练" or
    /// "NVIDIA H100 SXM 80GB" is never split; a part wider than the line still breaks (the
    /// layout wraps anywhere as a last resort).
    static QString breakOnlyBetweenParts(const QString& line);
    /// Shrinks the widget to the lines its texts need now (it only grows during a drag).
    void fitLines();
    /// The headline as shown, e.g. "61.2 GiB of 79.6 GiB: fits, 18.4 GiB free".
    QString headline() const { return m_headline; }
    QString details() const { return m_details; }
    /// Headline for @p r (also used by the exporter).
    static QString headlineFor(const Results& r, ByteUnit unit);
    static QString detailsFor(const Results& r, ByteUnit unit);
    /// "Calibrated to your run: reserved measured 61.2 GiB at micro-batch 4 × 2,048 tokens,
    /// fixed overhead +1.2 GiB. " ("" without a calibration), the start of the details.
    static QString calibrationText(const Results& r, ByteUnit unit);
    /// A sized server's verdict (Results::drawsServingCliff): whether it starts, and how many
    /// sequences of @p context tokens it runs at once in how large a KV cache.
    static QString servingHeadline(const ServeReport& c, int64_t context, ByteUnit unit);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void refresh();
    QFont headlineFont() const;
    QFont detailsFont() const;
    QFont scenarioFont() const;
    /// The band's range and contributors; for "may not fit" the one that decides it and its
    /// setting (core decidingContributor).
    static QString bandText(const Results& r, ByteUnit u);
    /// What the details open with: "Showing the last valid scenario." and the warnings.
    static QStringList leadingNotes(const Results& r);
    /// @p base shrunk in 5 % steps down to half its size until @p text fits @p width.
    static QFont fitted(const QFont& base, const QString& text, int width, bool* fits);
    struct Lines {
        int scenario = 1;   ///< lines of the scenario line
        int details = 2;    ///< lines of the details, at least 2
        int scenarioPx = 0; ///< their heights in px: lines x the block's line advance
        int detailsPx = 0;
        bool operator==(const Lines&) const = default;
    };
    /// The lines the scenario line and the details need, wrapped at @p width px.
    Lines linesAt(int width) const;
    void growTo(const Lines& need);
    /// A wrapped text laid out once per text, font and width: refresh() counts its lines and
    /// paintEvent() draws the same shaped glyphs (QTextLayout keeps them), so a drag frame
    /// shapes each changed text once instead of once to measure and once to paint.
    struct TextBlock {
        QString text;
        QFont font;
        int width = -1;
        std::shared_ptr<QTextLayout> layout; ///< lines at y = k x advance
        int lines = 0;
        /// Distance between lines, px: the font's line spacing, or the tallest laid-out line
        /// where a fallback font is taller (Chinese glyphs in a Latin UI font).
        double advance = 0;
        int height() const { return static_cast<int>(std::ceil(lines * advance)); }
    };
    /// @p memo laid out again when @p text, @p font or @p width (px, the wrap width plus the
    /// 16 px margins) differ from its own; its line count.
    int block(TextBlock& memo, const QFont& font, const QString& text, int width) const;
    /// The headline's font, shrunk to fit once per headline text and width (paint reuses it).
    QFont headlineFitted(int width, bool* fits) const;

    QString m_headline;
    QString m_details;
    QString m_scenario;
    QString m_scenarioShown; ///< breakOnlyBetweenParts(m_scenario), as laid out
    Lines m_lines;
    mutable TextBlock m_scenarioBlock;
    mutable TextBlock m_detailsBlock;
    struct HeadlineMemo {
        QString text;
        QFont base;
        int width = -1;
        QFont font;
        bool fits = false;
    };
    mutable HeadlineMemo m_headMemo;
    QColor m_color;
    Results m_results;
    ByteUnit m_unit = ByteUnit::GiB;
    ChartStyle m_style;
};

} // namespace headroom::ui
