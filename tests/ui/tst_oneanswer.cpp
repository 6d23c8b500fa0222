// One answer per question (issue 31): every view that shows the same quantity shows core's one
// number for it, in the words of its own axis.
//  - inference: the cliff's marker counts a generate() batch ("largest batch that fits: N")
//    and N is core's maxMicroBatch; the Serving tab names that same N for generate() beside the
//    vLLM-style server's concurrency, which is core's servingCapacity().maxConcurrency;
//  - after "Apply plan" the headline's "needs X" is the bar's "needs X" (both verdictBytes of
//    the tightest rank), whatever the releasable cache between nvidia-smi and what is needed.
#include "core/engine/band.h"
#include "core/io/scenario.h"
#include "core/model/presets.h"
#include "core/plan/calibration.h"
#include "core/plan/solvers.h"
#include "ui/breakdowntable.h"
#include "ui/cliffchart.h"
#include "ui/cliffpanel.h"
#include "ui/dashboard.h"
#include "ui/dialogservice.h"
#include "ui/exporter.h"
#include "ui/mainwindow.h"
#include "ui/playbookview.h"
#include "ui/scenariocontroller.h"
#include "ui/scenarioedits.h"
#include "ui/servingpanel.h"
#include "ui/termlegend.h"
#include "ui/texts.h"
#include "ui/theme.h"
#include "ui/units.h"
#include "ui/verdictview.h"
#include "ui/vrambarchart.h"
#include "uiscenarios.h"

#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QTreeWidget>
#include <QtTest>

using namespace headroom;
using namespace headroom::ui;

namespace {

struct Window {
    SilentDialogs dialogs;
    MainWindow w{[this] {
        MainWindowOptions o;
        o.useSettings = false;
        o.dialogs = &dialogs;
        return o;
    }()};
    explicit Window(const Scenario& s) {
        w.setAttribute(Qt::WA_DontShowOnScreen, true);
        w.resize(1600, 1000);
        w.show();
        w.controller()->resetScenario(s);
        w.controller()->flush();
        w.dashboard()->refresh();
        QCoreApplication::processEvents();
    }
};

/// "… needs 65.1 GiB …" -> "65.1 GiB"
QString neededIn(const QString& text) {
    static const QRegularExpression re(QStringLiteral("needs ([0-9.,]+[ \u00a0]GiB)"));
    const auto m = re.match(text);
    return m.hasMatch() ? m.captured(1) : QString();
}

} // namespace

class TstOneAnswer : public QObject {
    Q_OBJECT
private slots:
    void servingAndCliffAgree_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("tp");
        QTest::addColumn<qint64>("context");
        // the case: Qwen2.5-72B on 4 x H100 at 32k, generate() batch 8
        QTest::addRow("qwen2.5-72b-tp4-32k") << QStringLiteral("qwen2.5-72b") << 4 << qint64{32768};
        QTest::addRow("llama-3.1-8b-tp1-8k") << QStringLiteral("llama-3.1-8b") << 1 << qint64{8192};
    }
    void servingAndCliffAgree() {
        QFETCH(QString, preset);
        QFETCH(int, tp);
        QFETCH(qint64, context);
        const Scenario s = testscenarios::inference(preset.toStdString(), tp, context, 8);
        Window win(s);
        const Results& r = win.w.controller()->results();
        // core's two answers, asked directly
        const int64_t batch = maxMicroBatch(s.model, s.workload, s.gpu, 1 << 20);
        const auto server = serve(s.model, s.workload, s.gpu);
        QVERIFY(server.ok());
        QCOMPARE(r.maxFit, batch);
        // the cliff: its marker names the axis' quantity and core's number
        CliffChart* cliff = win.w.dashboard()->cliffChart();
        QCOMPARE(cliff->maxFitMarker(), batch);
        QVERIFY2(
            cliff->markerLabelText().contains(QStringLiteral("batch that fits: %1").arg(batch)),
            qPrintable(cliff->markerLabelText()));
        QVERIFY(!cliff->markerLabelText().contains(QStringLiteral("micro-batch")));
        // the Serving tab: the server's concurrency and the same generate() batch, each named
        win.w.dashboard()->refreshTables();
        const QString figures = win.w.dashboard()
                                    ->servingPanel()
                                    ->findChild<QLabel*>(QStringLiteral("servingFigures"))
                                    ->text();
        QVERIFY2(figures.contains(
                     QStringLiteral("</b> at %1 tokens: %2")
                         .arg(Units::formatCount(context))
                         .arg(QLocale().toString(static_cast<qlonglong>(server->maxConcurrency)))),
                 qPrintable(figures));
        QVERIFY2(figures.contains(QStringLiteral("(the cliff chart): %1 sequences")
                                      .arg(QLocale().toString(static_cast<qlonglong>(batch)))),
                 qPrintable(figures));
        // where the server runs: per GPU of the TP group, never "one GPU" for TP > 1
        const QString intro = win.w.dashboard()->servingPanel()->introText();
        QCOMPARE(intro.contains(QStringLiteral("on one GPU")), tp == 1);
    }

    // A sized server (its memory fraction set, vLLM's gpu_memory_utilization 0.9): the cliff
    // draws the serving curve, and its point, the Serving tab's point and the headline all
    // give core's serve().maxConcurrency. Qwen2.5-72B TP 4 at 32k under vLLM 0.19, by hand
    // (tst_serve qwen72bTp4ByHand): (76.529 - 36.386 - 2.470 - 2.201) GB / 1.311 MB = 27,062
    // blocks of 16 tokens, 2,048 per 32,768-token request: 13 at once.
    // "Plan against the high bound" (the playbook tab's box, Workload::planAgainstBandHigh):
    // one undo step, and every answer follows the high bound: the fit the dot shows, the
    // cliff's largest micro-batch and each playbook row's verdict are core's plannedEstimate()
    // of the same scenario; unticked, the point's answers come back.
    void highBoundIsOneAnswer() {
        const Scenario s = testscenarios::mayNotFit();
        Window win(s);
        const Results before = win.w.controller()->results();
        QCOMPARE(before.bandVerdict, BandVerdict::MayNotFit);
        QVERIFY(before.estimate.fits);
        win.w.dashboard()->refreshTables();
        PlaybookView* pb = win.w.dashboard()->playbook();
        QVERIFY(!pb->highBoundBox()->isChecked());
        pb->highBoundBox()->setChecked(true);
        win.w.controller()->flush();
        win.w.dashboard()->refreshTables();
        Scenario high = s;
        high.workload.planAgainstBandHigh = true;
        QCOMPARE(win.w.controller()->scenario().workload.planAgainstBandHigh, true);
        const Results& r = win.w.controller()->results();
        QCOMPARE(r.estimate.fits, plannedEstimate(high.model, high.workload, &high.gpu).fits);
        QVERIFY(!r.estimate.fits); // the high bound is over the GPU
        QCOMPARE(r.maxFit, maxMicroBatch(high.model, high.workload, high.gpu, 1 << 20));
        QVERIFY(r.maxFit < before.maxFit);
        for (const PlaybookItem& it : r.playbook)
            QCOMPARE(it.fits, plannedEstimate(high.model, it.changed, &high.gpu).fits);
        QVERIFY(win.w.controller()->undoStack()->canUndo());
        win.w.controller()->undoStack()->undo();
        win.w.controller()->flush();
        QCOMPARE(win.w.controller()->scenario().workload.planAgainstBandHigh, false);
        QCOMPARE(win.w.controller()->results().maxFit, before.maxFit);
        win.w.dashboard()->refreshTables();
        QVERIFY(!pb->highBoundBox()->isChecked());
    }

    // The band on the cliff is the band the headline names: at the current micro-batch its
    // bounds are core's estimateBand() of the scenario (nvidia-smi), and the current point
    // takes the headline's colour: amber where the band straddles the GPU, though the point
    // itself fits (it was the "fits" green beside an amber "may not fit"). The legend under
    // the charts keys the band.
    void cliffShowsTheBand() {
        const Scenario s = testscenarios::mayNotFit();
        Window win(s);
        const Results& r = win.w.controller()->results();
        QCOMPARE(r.bandVerdict, BandVerdict::MayNotFit);
        QVERIFY(r.estimate.fits);
        CliffChart* cliff = win.w.dashboard()->cliffChart();
        QCOMPARE(cliff->currentPointColor(), Theme::chartColors(win.w.theme()).mayNotFit);
        QVERIFY(cliff->bandShown());
        const Band b =
            estimateBand(s.model, s.workload, &s.gpu, estimate(s.model, s.workload, &s.gpu));
        constexpr auto smi = static_cast<size_t>(Metric::NvidiaSmi);
        const double x = CliffChart::xCoord(s.workload.microBatch);
        const double bpu = cliff->bytesPerUnit();
        auto at = [x](const QLineSeries* series) {
            for (const QPointF& p : series->points())
                if (qFuzzyCompare(p.x(), x))
                    return p.y();
            return -1.0;
        };
        QCOMPARE(at(cliff->bandHighSeries()), b.high[smi] / bpu);
        QCOMPARE(at(cliff->bandLowSeries()), b.low[smi] / bpu);
        QVERIFY(b.high[smi] > b.low[smi]);
        QVERIFY(cliff->bandHighSeries()->count() > 2); // along the curve, not at one point
        QVERIFY(win.w.dashboard()->termLegend()->names().size() >= 2);
        QCOMPARE(win.w.dashboard()->termLegend()->names().back(),
                 TermLegend::tr("band: low to high bound"));
        // the bar draws the band as the legend's swatch shows it, a dashed edge round a
        // translucent fill, not as a solid I-beam that read as one more stacked term (the
        // GUI review)
        const VramBarChart* bar = win.w.dashboard()->barChart();
        QVERIFY(bar->whiskerShown());
        const QLineSeries* edge = nullptr;
        for (QAbstractSeries* series : bar->chart()->series())
            if (series->objectName() == QStringLiteral("bandWhisker"))
                edge = qobject_cast<QLineSeries*>(series);
        QVERIFY(edge);
        QCOMPARE(edge->pen().style(), Qt::DashLine);
        QCOMPARE(edge->count(), 5); // a closed box from the low to the high bound
        QCOMPARE(edge->at(0).y(), b.low[smi] / bpu);
        QCOMPARE(edge->at(2).y(), b.high[smi] / bpu);
    }

    // The cliff's current point names the headline's bytes: where the verdict counts less than
    // the curve's nvidia-smi total (cached segments PyTorch frees before it runs out), the
    // point said "now 4: 79.6 GiB" beside a headline of "79.2 GiB of 79.6 GiB" (the GUI
    // review's "two totals"); it now says both, as the bar does. Without that gap it says one.
    void currentPointNamesTheHeadlineBytes() {
        const Scenario s = testscenarios::mayNotFit();
        Window win(s);
        const Results& r = win.w.controller()->results();
        const double needed = verdictBytes(r.estimate.worst);
        QVERIFY(r.estimate.worst.nvidiaSmi - needed > 0.1 * (1 << 30)); // the gap is shown
        const QString text = win.w.dashboard()->cliffChart()->currentLabelText();
        QVERIFY2(text.contains(Units::format(needed, ByteUnit::GiB)), qPrintable(text));
        QVERIFY2(
            win.w.dashboard()->verdict()->headline().contains(Units::format(needed, ByteUnit::GiB)),
            qPrintable(win.w.dashboard()->verdict()->headline()));
        Window plain(defaultScenario());
        const Results& p = plain.w.controller()->results();
        QCOMPARE(plain.w.dashboard()->cliffChart()->currentLabelText(),
                 CliffChart::tr("now %1: %2")
                     .arg(Units::formatCount(p.current),
                          Units::format(p.estimate.worst.nvidiaSmi, ByteUnit::GiB)));
    }

    // A sized server answers how many requests run at once (12 for Qwen2.5-72B TP 4 at 32k):
    // the micro-batch box beside it, still reading "8 sequences", gave a second answer (the
    // GUI review); disabled, it still read "8 sequences" in grey (the next review). Its row is
    // hidden while a server is sized and comes back with generate().
    void serverTakesNoBatch() {
        Window win(testscenarios::sizedServer("qwen2.5-72b", 4, 32768));
        auto* field = win.w.findChild<QWidget*>(QStringLiteral("microBatchField"));
        QVERIFY(field);
        QVERIFY(win.w.controller()->results().drawsServingCliff());
        QVERIFY(!field->isVisibleTo(&win.w));
        // nor does ZeRO/FSDP sharding: a server's data-parallel ranks are replicas (core
        // tst_serve dataParallelReplicatesWeights); the box showed "None (DDP replicas)"
        auto* sharding = win.w.findChild<QComboBox*>(QStringLiteral("shardingCombo"));
        QVERIFY(sharding);
        QVERIFY(!sharding->isVisibleTo(&win.w));
        Scenario generate = win.w.controller()->scenario();
        generate.workload.inference.memoryUtilization = 0;
        win.w.controller()->resetScenario(generate);
        win.w.controller()->flush();
        QVERIFY(!win.w.controller()->results().drawsServingCliff());
        QVERIFY(field->isVisibleTo(&win.w));
        QVERIFY(sharding->isVisibleTo(&win.w)); // generate() shards weights by ZeRO-3 / FSDP
    }

    // A sized server's text budgets against the memory CUDA reports (79.2 GiB on an H100
    // 80GB) while the bar's line is the card's capacity (79.6 GiB): two sizes of one GPU side
    // by side with nothing relating them (the GUI review). The headline's details and the
    // Serving tab's budget line name both, so the reader sees one is the other less what the
    // driver keeps.
    void serverTextNamesTheBarsCapacity() {
        Window win(testscenarios::sizedServer("qwen2.5-72b", 4, 32768));
        const Results& r = win.w.controller()->results();
        QVERIFY(r.drawsServingCliff());
        const QString card = Units::format(r.estimate.capacity, ByteUnit::GiB);
        const QString cuda = Units::format(r.serving->totalBytes, ByteUnit::GiB);
        QCOMPARE(r.estimate.capacity, 81559 * 1048576.0);   // nvidia-smi Total: 79.6 GiB
        QCOMPARE(r.serving->totalBytes, 81093 * 1048576.0); // vLLM's total_memory: 79.2 GiB
        QVERIFY(card != cuda);
        const QString details = win.w.dashboard()->verdict()->details();
        QVERIFY2(details.contains(cuda) && details.contains(card), qPrintable(details));
        win.w.dashboard()->refreshTables();
        const QString figures = win.w.dashboard()->servingPanel()->figuresText();
        QVERIFY2(figures.contains(cuda) && figures.contains(card), qPrintable(figures));
    }

    // Each label in the words of what it counts: the cliff's slope per sample in training and
    // per sequence for a generate() batch (it said "per sample" under a "sequences" axis), and
    // the profile of no framework is "Custom (no framework)", not a framework called "Custom
    // any" (Compare's row beside a headline naming the precision preset).
    // A run that may not fit is not called "fits" elsewhere (the GUI review): the cliff's
    // marker stands at micro-batch 4, which fits by the point estimate only (core
    // bandVerdictAt), and said "fits: 4" under a "may not fit" headline; the playbook began
    // "The scenario fits."
    void mayNotFitSaysSoEverywhere() {
        Window win(testscenarios::mayNotFit());
        const Results& r = win.w.controller()->results();
        QCOMPARE(r.bandVerdict, BandVerdict::MayNotFit);
        QCOMPARE(r.maxFit, r.current);
        QCOMPARE(r.maxFitBand, BandVerdict::MayNotFit);
        const QString marker = win.w.dashboard()->cliffChart()->markerLabelText();
        QVERIFY2(marker.contains(QStringLiteral("may fit: 4")), qPrintable(marker));
        win.w.dashboard()->refreshTables();
        const QString intro = win.w.dashboard()->playbook()->introText();
        QVERIFY2(intro.startsWith(QStringLiteral("The scenario may not fit")), qPrintable(intro));
        // and no row is "fits" where its band reaches past the GPU: the optimizer swaps that
        // save 0.1-0.2 GiB said "79.1 GiB fits" (core playbookRowsCarryTheBand)
        auto* rows = win.w.dashboard()->playbook()->findChild<QTreeWidget*>();
        QVERIFY(rows);
        int mayNot = 0;
        for (int i = 0; i < rows->topLevelItemCount(); ++i) {
            const PlaybookItem& it = r.playbook[static_cast<size_t>(i)];
            const QString said = rows->topLevelItem(i)->text(4);
            QCOMPARE(said == QStringLiteral("fits"), it.verdict == BandVerdict::Fits);
            mayNot += said == QStringLiteral("may not fit");
        }
        QVERIFY(mayNot >= 1);
        // one micro-batch less fits at the band's high bound too: the marker says "fits"
        Scenario three = testscenarios::mayNotFit();
        three.workload.planAgainstBandHigh = true;
        Window high(three);
        const Results& h = high.w.controller()->results();
        QCOMPARE(h.maxFit, 3);
        QCOMPARE(h.maxFitBand, BandVerdict::Fits);
        QVERIFY2(high.w.dashboard()->cliffChart()->markerLabelText().contains(
                     QStringLiteral("that fits: 3")),
                 qPrintable(high.w.dashboard()->cliffChart()->markerLabelText()));
    }

    // The default run (Llama-3.1-8B full fine-tune, micro-batch 4, accumulation 1) fits at
    // micro-batch 1 on the cliff (64.3 GiB), while the playbook's "micro-batch 1, accumulation
    // 4" row needs 79.2 GiB and may not fit: accumulating keeps all 8.03e9 x 2 B = 14.96 GiB
    // of gradients between micro-batches. Side by side that read as a contradiction (the GUI
    // review); the intro says why, and only where such a row is listed.
    void accumulationRowSaysWhy() {
        Window win(defaultScenario());
        win.w.dashboard()->refreshTables();
        const Results& r = win.w.controller()->results();
        QCOMPARE(r.maxFit, 1);
        const PlaybookItem* row = nullptr;
        for (const PlaybookItem& it : r.playbook)
            if (it.action == PlaybookAction::SmallerMicroBatch)
                row = &it;
        QVERIFY(row && row->changed.microBatch == 1 && row->changed.gradAccumulation == 4);
        Workload one = win.w.controller()->scenario().workload;
        one.microBatch = 1;
        const Scenario& s = win.w.controller()->scenario();
        const double cliffAtOne = verdictBytes(estimate(s.model, one, &s.gpu).worst);
        QVERIFY(std::abs(row->newTotal - cliffAtOne - 8030261248.0 * 2) < 0.05 * kGiB);
        const QString intro = win.w.dashboard()->playbook()->introText();
        QVERIFY2(intro.contains(QStringLiteral("keeps the gradients")), qPrintable(intro));
        Scenario accumulating = defaultScenario();
        accumulating.workload.gradAccumulation = 2; // the cliff holds the gradients already
        Window two(accumulating);
        two.w.dashboard()->refreshTables();
        QVERIFY(!two.w.dashboard()->playbook()->introText().contains(
            QStringLiteral("keeps the gradients")));
    }

    // The breakdown names the headline's bytes: its totals ended at nvidia-smi 79.65 GiB,
    // exactly the GPU, under a headline of 79.2 GiB (the GUI review's four totals); a row
    // "Needed (verdict)" gives what the verdict counts where it differs, and only there.
    void breakdownNamesTheHeadlineBytes() {
        Window win(testscenarios::mayNotFit());
        const Results& r = win.w.controller()->results();
        const double needed = verdictBytes(r.estimate.worst);
        QVERIFY(r.estimate.worst.nvidiaSmi - needed > 0.1 * (1 << 30)); // the gap is shown
        win.w.dashboard()->refreshTables();
        const auto neededRow = [&win] {
            const QString csv =
                win.w.dashboard()->breakdown()->toText(BreakdownTable::TextFormat::Csv);
            for (const QString& line : csv.split(QStringLiteral("\r\n")))
                if (line.startsWith(QStringLiteral("Needed (verdict),")))
                    return line;
            return QString();
        };
        const QString row = neededRow();
        QVERIFY2(row.contains(QStringLiteral(",%1,").arg(std::llround(needed))), qPrintable(row));
        QVERIFY(win.w.dashboard()->verdict()->headline().contains(
            Units::format(needed, ByteUnit::GiB)));
        win.w.controller()->resetScenario(defaultScenario()); // nothing releasable: one total
        win.w.controller()->flush();
        win.w.dashboard()->refreshTables();
        QVERIFY(verdictBytes(win.w.controller()->results().estimate.worst) ==
                win.w.controller()->results().estimate.worst.nvidiaSmi);
        QVERIFY2(neededRow().isEmpty(), qPrintable(neededRow()));
    }

    void opensWithTheCliDefault() {
        // The window opens with the scenario headroom-cli estimates when given none (it
        // applied the plain-loop profile on its own, the CLI did not: one setup, two profiles)
        const ScenarioController fresh;
        QCOMPARE(QString::fromStdString(toJson(fresh.scenario())),
                 QString::fromStdString(toJson(defaultScenario())));
        QCOMPARE(QString::fromStdString(fresh.scenario().workload.profile.name),
                 QStringLiteral("torch-loop"));
    }

    void wordsOfTheAxis() {
        Window train(defaultScenario());
        QVERIFY(train.w.dashboard()->cliffChart()->slopeLabelText().contains(
            QLatin1String("per sample")));
        Window gen(testscenarios::inference("llama-3.1-8b", 1, 8192, 4));
        QVERIFY2(gen.w.dashboard()->cliffChart()->slopeLabelText().contains(
                     QLatin1String("per sequence")),
                 qPrintable(gen.w.dashboard()->cliffChart()->slopeLabelText()));
        QCOMPARE(Texts::profileName({"custom", "any"}), QStringLiteral("Custom (no framework)"));
    }

    // While a slider is held the band along the cliff is not computed (it costs its
    // alternatives at a dozen points, a third more engine time per frame under hf-trainer's
    // variable lengths): the cliff shows none; the release brings it back.
    void bandWaitsForTheRelease() {
        Window win(testscenarios::mayNotFit());
        ScenarioController* c = win.w.controller();
        QVERIFY(!c->results().sweepBand.empty());
        c->beginDrag();
        c->edit(Field::SequenceLength, QStringLiteral("2,100"),
                [](Scenario& s) { s.workload.sequenceLength = 2100; });
        c->flush();
        QVERIFY(c->results().sweepBand.empty());
        win.w.dashboard()->refresh();
        QVERIFY(!win.w.dashboard()->cliffChart()->bandShown());
        c->endDrag();
        c->flush();
        QVERIFY(!c->results().sweepBand.empty());
        win.w.dashboard()->refresh();
        QVERIFY(win.w.dashboard()->cliffChart()->bandShown());
    }

    // The legend under the bar and the cliff names every term either chart draws: a pure-bf16
    // full fine-tune of Llama-3.1-8B at micro-batch 8 peaks in backward before any gradient
    // exists, while the cliff's smaller micro-batches peak at the optimizer step with ~15 GiB
    // of gradients (a yellow area the legend left out when it followed the bar alone).
    void legendNamesWhatTheCliffDraws() {
        Scenario s = defaultScenario();
        s.workload.finetune = Finetune::Full;
        s.workload.precisionPreset = PrecisionPreset::PureBf16;
        applyPrecisionPreset(s.workload, PrecisionPreset::PureBf16);
        s.workload.checkpointing = Checkpointing::Full;
        s.workload.microBatch = 8;
        s.workload.sequenceLength = 2048;
        Window win(s);
        const std::array<bool, kTermCount> bar = win.w.dashboard()->barChart()->usedTerms();
        const std::array<bool, kTermCount> cliff = win.w.dashboard()->cliffChart()->usedTerms();
        const QStringList names = win.w.dashboard()->termLegend()->names();
        bool cliffOnly = false;
        for (int t = 0; t < kTermCount; ++t) {
            const auto i = static_cast<size_t>(t);
            QCOMPARE(names.contains(Texts::termName(static_cast<Term>(t))), bar[i] || cliff[i]);
            cliffOnly = cliffOnly || (cliff[i] && !bar[i]);
        }
        QVERIFY2(cliffOnly, "the row needs a term only the cliff draws");
    }

    void sizedServerCliffIsTheServingCurve_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("tp");
        QTest::addColumn<qint64>("context");
        QTest::addColumn<qint64>("byHand"); // 0: core's number only
        QTest::addRow("qwen2.5-72b-tp4-32k-vllm-0.9")
            << QStringLiteral("qwen2.5-72b") << 4 << qint64{32768} << qint64{13};
        QTest::addRow("llama-3.1-8b-tp1-8k-vllm-0.9")
            << QStringLiteral("llama-3.1-8b") << 1 << qint64{8192} << qint64{0};
    }
    void sizedServerCliffIsTheServingCurve() {
        QFETCH(QString, preset);
        QFETCH(int, tp);
        QFETCH(qint64, context);
        QFETCH(qint64, byHand);
        Scenario s = testscenarios::inference(preset.toStdString(), tp, context, 8);
        s.workload.inference.memoryUtilization = 0.9;
        s.workload.inference.engineVersion = "0.19";
        Window win(s);
        const auto server = serve(s.model, s.workload, s.gpu);
        QVERIFY(server.ok());
        QVERIFY(server->starts);
        if (byHand > 0)
            QCOMPARE(server->maxConcurrency, byHand);
        const QPointF answer(static_cast<double>(context),
                             static_cast<double>(server->maxConcurrency));
        CliffPanel* panel = win.w.dashboard()->cliffPanel();
        QVERIFY(panel->showsServing());
        QVERIFY(!panel->animateButton()->isVisible());
        panel->startAnimation(); // F5: nothing to drive on the serving curve
        QVERIFY(!panel->isAnimating());
        QCOMPARE(panel->servingChart()->currentSeries()->count(), 1);
        QCOMPARE(panel->servingChart()->currentSeries()->at(0), answer);
        win.w.dashboard()->refreshTables();
        ServingPanel* tab = win.w.dashboard()->servingPanel();
        QCOMPARE(tab->currentSeries()->count(), 1);
        QCOMPARE(tab->currentSeries()->at(0), answer);
        QCOMPARE(tab->curveSeries()->points(), panel->servingChart()->curveSeries()->points());
        const QString count = QLocale().toString(static_cast<qlonglong>(server->maxConcurrency));
        const QString headline = win.w.dashboard()->verdict()->headline();
        QVERIFY2(headline.contains(QStringLiteral(": %1 sequences × %2 tokens at once")
                                       .arg(count, Units::formatCount(context))),
                 qPrintable(headline));
        QVERIFY2(panel->servingChart()->answerText().startsWith(count + QStringLiteral(" ")),
                 qPrintable(panel->servingChart()->answerText()));
        // short requests are capped by max_num_seqs (vLLM's default 1,024), not the pool: the
        // curve's flat start says so
        QCOMPARE(server->settings.maxSeqs, 1024);
        QCOMPARE(panel->servingChart()->curveSeries()->at(0).y(), 1024.0);
        QCOMPARE(panel->servingChart()->capText(),
                 QStringLiteral("max_num_seqs %1").arg(QLocale().toString(1024)));
        // the bar draws the server's memory (core servedEstimate), not a generate() batch
        const Estimate served =
            servedEstimate(*server, win.w.controller()->results().estimate.capacity);
        const QString servedTotal = Units::format(served.worst.nvidiaSmi, ByteUnit::GiB);
        QVERIFY2(win.w.dashboard()->barChart()->totalLabelText(0).startsWith(servedTotal),
                 qPrintable(win.w.dashboard()->barChart()->totalLabelText(0)));
        // the playbook tab points to the server's levers instead of a generate() playbook, and
        // the scenario line names the server, not a batch, and its setting in the Serving
        // tab's words (it said "memory share 0.90" beside a box "GPU memory utilisation")
        QCOMPARE(win.w.dashboard()->playbook()->tree()->topLevelItemCount(), 0);
        QCOMPARE(win.w.dashboard()->playbook()->planRow(), -1);
        const QString line = win.w.dashboard()->verdict()->scenarioLine();
        QVERIFY2(
            line.contains(QStringLiteral("context %1 tokens").arg(Units::formatCount(context))) &&
                line.contains(QStringLiteral("at GPU memory utilisation 0.90")),
            qPrintable(line));
        // the Serving tab no longer sends the reader to a generate() cliff that is not shown,
        // nor draws the cliff chart's curve a second time (its figures scrolled beside it on
        // a 1280x720 stage): it gives them the width
        QVERIFY(!tab->figuresText().contains(QStringLiteral("(the cliff chart)")));
        QVERIFY(tab->chart()->isHidden());
        // the export draws what the panel shows
        Exporter ex(win.w.controller());
        QVERIFY(ex.defaultTitle(ExportTarget::CliffChart)
                    .endsWith(QStringLiteral("concurrent sequences against context length")));
        // the fraction back to "not a server": the generate() cliff again
        win.w.controller()->edit(Field::MemoryUtilization, QStringLiteral("test"),
                                 [](Scenario& sc) { sc.workload.inference.memoryUtilization = 0; });
        win.w.controller()->flush();
        win.w.dashboard()->refresh();
        QVERIFY(!panel->showsServing());
        QVERIFY(panel->animateButton()->isVisible());
        win.w.dashboard()->refreshTables();
        QVERIFY(!tab->chart()->isHidden()); // the server's curve, which the cliff does not draw
        QVERIFY(!win.w.dashboard()->verdict()->headline().contains(QStringLiteral("at once")));
        const RankEstimate& generate = win.w.controller()->results().estimate.worst;
        QVERIFY(win.w.dashboard()->barChart()->totalLabelText(0).startsWith(
            Units::format(generate.nvidiaSmi, ByteUnit::GiB)));
    }

    void headlineAndBarAfterPlan() {
        // Llama-3.1-70B LoRA, micro-batch 4 x 4096 on 2 x H100 with plain DP: OOM and no single
        // change fits (tst_ui planWaterfallAndApplyPlan); the plan that fits, applied, leaves
        // releasable cache between nvidia-smi and what is needed
        Scenario s = defaultScenario();
        s.modelPreset = "llama-3.1-70b";
        s.model = findModelPreset(s.modelPreset)->arch;
        s.workload.finetune = Finetune::LoRA;
        s.workload.microBatch = 4;
        s.workload.sequenceLength = 4096;
        s.workload.parallel.dp = 2;
        s.gpuCount = 2;
        Window win(s);
        QVERIFY(!win.w.controller()->results().estimate.fits);
        PlaybookView* pb = win.w.dashboard()->playbook();
        win.w.dashboard()->refreshTables();
        QVERIFY(pb->planRow() >= 0);
        pb->applyPlan();
        // the edit recomputes after the controller's coalescing delay
        QTRY_VERIFY_WITH_TIMEOUT(win.w.controller()->results().estimate.fits, 10000);
        win.w.controller()->flush();
        win.w.dashboard()->refresh();
        QCoreApplication::processEvents();
        const Results& r = win.w.controller()->results();
        const RankEstimate& worst = r.estimate.worst;
        QVERIFY(worst.releasable > 0); // the case of the issue: the two totals differ
        const QString need = Units::format(verdictBytes(worst), ByteUnit::GiB);
        const QString headline = win.w.dashboard()->verdict()->headline();
        QVERIFY2(headline.startsWith(need), qPrintable(headline)); // "65.1 GiB of 79.6 GiB: fits"
        const QString bar = win.w.dashboard()->barChart()->totalLabelText(0);
        if (Units::format(worst.nvidiaSmi, ByteUnit::GiB) != need) {
            // the bar is nvidia-smi and says what of it is needed, in the headline's number
            QCOMPARE(neededIn(QString(bar).replace(QLatin1Char('\n'), QLatin1Char(' '))), need);
        } else {
            QCOMPARE(bar, need);
        }
    }
};

QTEST_MAIN(TstOneAnswer)
#include "tst_oneanswer.moc"
