// No English left in a translated window: after the window switches from English to German or
// Chinese at run time (the Language menu), no text it shows is an English source string that
// the language translates otherwise. Read: labels, buttons, group and dock titles, tab texts,
// every combo box item, table headers, spin box suffixes, placeholders, tool tips, menu
// entries, chart titles and axis titles, on every detail tab, for a training run, a pipeline, an
// inference run and a sized server. The English side is translations/headroom_<lang>.ts itself
// (every finished message without a placeholder whose translation differs from its source).
#include "core/io/scenario.h"
#include "shownwindow.h"
#include "ui/dashboard.h"
#include "ui/dialogservice.h"
#include "ui/languagemanager.h"
#include "ui/mainwindow.h"
#include "ui/scenariocontroller.h"
#include "ui/screenshot.h"
#include "ui/texts.h"
#include "ui/verdictview.h"
#include "uiscenarios.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QSpinBox>
#include <QTabBar>
#include <QTextDocument>
#include <QXmlStreamReader>
#include <QtTest>

using namespace headroom;
using namespace headroom::ui;

namespace {

/// @p s without mnemonics ("&&" stays one "&"), tags or surrounding space.
QString plain(const QString& s) {
    QString t = s;
    if (Qt::mightBeRichText(t)) {
        QTextDocument d;
        d.setHtml(t);
        t = d.toPlainText();
    }
    t.replace(QLatin1String("&&"), QStringLiteral("\x01"));
    t.remove(QLatin1Char('&'));
    t.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return t.trimmed();
}

/// The English sources of @p ts that its language says otherwise (no placeholder, no plural).
QSet<QString> translatedSources(const QString& ts) {
    QFile f(ts);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QSet<QString> out;
    QXmlStreamReader x(&f);
    QString source;
    while (!x.atEnd()) {
        if (x.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (x.name() == QLatin1String("source")) {
            source = plain(x.readElementText());
        } else if (x.name() == QLatin1String("translation")) {
            const bool finished = x.attributes().value(QLatin1String("type")).isEmpty();
            const QString tr = plain(x.readElementText(QXmlStreamReader::IncludeChildElements));
            if (finished && !tr.isEmpty() && tr != source && !source.contains(QLatin1Char('%')) &&
                source.size() > 1)
                out.insert(source);
        }
    }
    return out;
}

void add(QStringList& out, const QString& where, const QString& text) {
    const QString t = plain(text);
    if (!t.isEmpty())
        out << where + QLatin1Char('\t') + t;
}

void addMenu(QStringList& out, const QMenu* m) {
    for (const QAction* a : m->actions()) {
        add(out, QStringLiteral("menu"), a->text());
        if (a->menu())
            addMenu(out, a->menu());
    }
}

void addCharts(QStringList& out, const QWidget* w) {
    const auto* v = qobject_cast<const QChartView*>(w);
    if (!v || !v->chart())
        return;
    add(out, w->objectName(), v->chart()->title());
    for (const QAbstractAxis* a : v->chart()->axes())
        add(out, w->objectName(), a->titleText());
}

/// "widget<TAB>text" for every text of @p root's visible widgets, tool tips included.
QStringList textsOf(const QWidget* root) {
    QStringList out;
    for (const QWidget* w : root->findChildren<QWidget*>()) {
        if (!w->isVisibleTo(root))
            continue;
        const QString at = w->objectName().isEmpty()
                               ? QString::fromLatin1(w->metaObject()->className())
                               : w->objectName();
        add(out, at, w->toolTip());
        if (const auto* l = qobject_cast<const QLabel*>(w))
            add(out, at, l->text());
        if (const auto* b = qobject_cast<const QAbstractButton*>(w))
            add(out, at, b->text());
        if (const auto* g = qobject_cast<const QGroupBox*>(w))
            add(out, at, g->title());
        if (const auto* d = qobject_cast<const QDockWidget*>(w))
            add(out, at, d->windowTitle());
        if (const auto* e = qobject_cast<const QLineEdit*>(w))
            add(out, at, e->placeholderText());
        if (const auto* s = qobject_cast<const QSpinBox*>(w))
            add(out, at, s->suffix());
        if (const auto* s = qobject_cast<const QDoubleSpinBox*>(w))
            add(out, at, s->suffix());
        if (const auto* t = qobject_cast<const QTabBar*>(w))
            for (int i = 0; i < t->count(); ++i) {
                add(out, at, t->tabText(i));
                add(out, at, t->tabToolTip(i));
            }
        if (const auto* c = qobject_cast<const QComboBox*>(w))
            for (int i = 0; i < c->count(); ++i)
                add(out, at, c->itemText(i));
        if (const auto* h = qobject_cast<const QHeaderView*>(w); h && h->model())
            for (int i = 0; i < h->count(); ++i)
                add(out, at, h->model()->headerData(i, h->orientation()).toString());
        addCharts(out, w);
    }
    return out;
}

using testwindows::ShownWindow;

} // namespace

class TstTranslated : public QObject {
    Q_OBJECT
private slots:
    void noEnglishLeft_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("en-to-de") << QStringLiteral("de");
        QTest::newRow("en-to-zh-CN") << QStringLiteral("zh_CN");
    }
    void noEnglishLeft() {
        QFETCH(QString, language);
        const QSet<QString> english = translatedSources(
            QStringLiteral(HEADROOM_SOURCE_DIR "/translations/headroom_%1.ts").arg(language));
        QVERIFY(english.size() > 500); // the file was read
        ShownWindow shown(QSize(1920, 1080), QStringLiteral("en"));
        QCOMPARE(shown.shown, 0);
        MainWindow& w = shown.w;
        w.setLanguage(language); // as the Language menu does
        QCoreApplication::processEvents();
        const std::vector<std::pair<QString, Scenario>> runs{
            {QStringLiteral("training"), defaultScenario()},
            {QStringLiteral("pipeline"), testscenarios::pipeline("llama-3.1-70b", 8)},
            {QStringLiteral("serving"), testscenarios::inference("qwen2.5-72b", 4, 32768, 8)},
            {QStringLiteral("server"), testscenarios::sizedServer("qwen2.5-72b", 4, 32768)}};
        QStringList left;
        for (const auto& [name, s] : runs) {
            w.controller()->resetScenario(s);
            w.controller()->flush();
            w.dashboard()->refresh();
            for (const QString& key : w.dashboard()->tabKeys()) {
                w.dashboard()->showTab(key);
                for (int i = 0; i < 3; ++i)
                    QCoreApplication::processEvents();
                QStringList texts = textsOf(&w);
                for (const QAction* a : w.menuBar()->actions())
                    if (a->menu())
                        addMenu(texts, a->menu());
                for (const QString& t : texts)
                    if (english.contains(t.section(QLatin1Char('\t'), 1)))
                        left << name + QLatin1Char('/') + key + QLatin1Char(' ') +
                                    QString(t).replace(QLatin1Char('\t'), QLatin1String(": "));
            }
        }
        left.removeDuplicates();
        if (!left.isEmpty())
            QFAIL(qPrintable(QStringLiteral("%1 English texts in a %2 window:\n")
                                 .arg(left.size())
                                 .arg(language) +
                             left.join(QLatin1Char('\n'))));
    }

    // Sentences in a row: one space between two, none after a full-width mark (Chinese sets
    // none between sentences; the verdict showed "阶段。 已预留" before).
    void sentencesJoin_data() {
        QTest::addColumn<QStringList>("parts");
        QTest::addColumn<QString>("joined");
        QTest::newRow("en-two") << QStringList{QStringLiteral("Fits. "), QStringLiteral("Band.")}
                                << QStringLiteral("Fits. Band.");
        QTest::newRow("zh-two") << QStringList{QStringLiteral("放得下。"), QStringLiteral("区间。")}
                                << QStringLiteral("放得下。区间。");
        QTest::newRow("zh-then-latin")
            << QStringList{QStringLiteral("峰值（反向）"), QStringLiteral("PyTorch")}
            << QStringLiteral("峰值（反向）PyTorch");
        QTest::newRow("zh-letter-end-keeps-space")
            << QStringList{QStringLiteral("显存"), QStringLiteral("GiB")}
            << QStringLiteral("显存 GiB");
        QTest::newRow("rich-text-end")
            << QStringList{QStringLiteral("<b>A → B：B 少用 1 GiB。</b>"), QStringLiteral("每项")}
            << QStringLiteral("<b>A → B：B 少用 1 GiB。</b>每项");
        QTest::newRow("zh-parenthetical-opens-full-width")
            << QStringList{QStringLiteral("131,072 个 token"),
                           QStringLiteral("（max_position_embeddings 为 131,072）")}
            << QStringLiteral("131,072 个 token（max_position_embeddings 为 131,072）");
        QTest::newRow("en-parenthetical-keeps-space")
            << QStringList{QStringLiteral("131,072 tokens"),
                           QStringLiteral("(max_position_embeddings 131,072)")}
            << QStringLiteral("131,072 tokens (max_position_embeddings 131,072)");
        QTest::newRow("empty-parts-left-out")
            << QStringList{QString(), QStringLiteral(" A. "), QString(), QStringLiteral("B.")}
            << QStringLiteral("A. B.");
    }
    void sentencesJoin() {
        QFETCH(QStringList, parts);
        QFETCH(QString, joined);
        QCOMPARE(Texts::sentences(parts), joined);
    }

    // The Chinese details of a "may not fit" run and of a pipeline: no space after 。
    void chineseDetailsSetNoSpaceAfterStops() {
        ShownWindow shown(QSize(1920, 1080), QStringLiteral("zh_CN"));
        QCOMPARE(shown.shown, 0);
        MainWindow& w = shown.w;
        for (const Scenario& s :
             {testscenarios::mayNotFit(), testscenarios::pipeline("llama-3.1-70b", 8)}) {
            w.controller()->resetScenario(s);
            w.controller()->flush();
            w.dashboard()->refresh();
            const QString details = w.dashboard()->verdict()->details();
            QVERIFY(details.contains(QChar(0x3002))); // it is Chinese, with full stops
            QVERIFY2(!details.contains(QStringLiteral("\u3002 ")), qPrintable(details));
        }
    }
};

QTEST_MAIN(TstTranslated)
#include "tst_translated.moc"
