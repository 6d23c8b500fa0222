// tst_golden: `headroom-cli estimate --json` over the scenarios of tools/golden/scenarios.txt
// (dense, GQA, MHA, MoE, MLA and sliding-window models; full, LoRA, QLoRA, inference, RL
// rollout; every framework profile; ZeRO 0-3, FSDP, HSDP; TP/PP/CP/EP; checkpointing; offload)
// must print exactly what tests/data/golden/estimate.golden.txt holds. The golden file was
// written by the estimator before it was split into named stages (issue 13 part 3); any
// later change of a number, formula text, note or playbook line fails its row here.
//
// A deliberate change: `tools/golden/golden.py --update` rewrites the golden file; the commit
// says why the numbers moved (docs/architecture.md, "Golden outputs").

#include <QtTest>

#include <QFile>
#include <QProcess>

namespace {

const QString kHeader = QStringLiteral("### ");

QString readText(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

QString sourcePath(const char* rel) {
    return QStringLiteral(HEADROOM_SOURCE_DIR) + QLatin1Char('/') + QString::fromLatin1(rel);
}

struct Section {
    QString name;
    QString args;
    QString stdoutText;
};

/// "### name\n$ args\n<stdout>" sections, in file order.
QList<Section> goldenSections(const QString& text) {
    QList<Section> out;
    const QStringList parts = text.split(QLatin1Char('\n') + kHeader);
    for (int i = 0; i < parts.size(); ++i) {
        QString p = parts[i];
        if (i == 0) {
            if (!p.startsWith(kHeader))
                continue;
            p = p.mid(kHeader.size());
        }
        const qsizetype nl1 = p.indexOf(QLatin1Char('\n'));
        const qsizetype nl2 = p.indexOf(QLatin1Char('\n'), nl1 + 1);
        if (nl1 < 0 || nl2 < 0)
            continue;
        Section s;
        s.name = p.left(nl1);
        s.args = p.mid(nl1 + 1, nl2 - nl1 - 1).mid(2); // drop "$ "
        s.stdoutText = p.mid(nl2 + 1);
        if (i + 1 < parts.size())
            s.stdoutText += QLatin1Char('\n'); // the split ate the newline before "### "
        out.push_back(s);
    }
    return out;
}

/// Scenario names of tools/golden/scenarios.txt, in order.
QStringList scenarioNames() {
    QStringList names;
    const QStringList lines = readText(sourcePath("tools/golden/scenarios.txt")).split('\n');
    for (const QString& l : lines)
        if (!l.trimmed().isEmpty() && !l.startsWith(QLatin1Char('#')))
            names << l.section(QLatin1Char(' '), 0, 0);
    return names;
}

QString firstDifference(const QString& want, const QString& got) {
    const QStringList a = want.split('\n'), b = got.split('\n');
    for (qsizetype i = 0; i < std::max(a.size(), b.size()); ++i) {
        const QString x = i < a.size() ? a[i] : QStringLiteral("<end>");
        const QString y = i < b.size() ? b[i] : QStringLiteral("<end>");
        if (x != y)
            return QStringLiteral("line %1:\n  golden: %2\n  now:    %3").arg(i + 1).arg(x, y);
    }
    return {};
}

} // namespace

class TstGolden : public QObject {
    Q_OBJECT
private slots:
    void scenarioListMatchesGolden();
    void estimateUnchanged_data();
    void estimateUnchanged();
};

void TstGolden::scenarioListMatchesGolden() {
    const QList<Section> golden =
        goldenSections(readText(sourcePath("tests/data/golden/estimate.golden.txt")));
    QStringList names;
    for (const Section& s : golden)
        names << s.name;
    QVERIFY2(scenarioNames().size() >= 40, "at least 40 golden scenarios");
    QCOMPARE(names, scenarioNames());
}

void TstGolden::estimateUnchanged_data() {
    QTest::addColumn<QString>("args");
    QTest::addColumn<QString>("expected");
    const QList<Section> golden =
        goldenSections(readText(sourcePath("tests/data/golden/estimate.golden.txt")));
    for (const Section& s : golden)
        QTest::newRow(qPrintable(s.name)) << s.args << s.stdoutText;
}

void TstGolden::estimateUnchanged() {
    QFETCH(QString, args);
    QFETCH(QString, expected);
    QString a = args;
    a.replace(QStringLiteral("{models}"), QStringLiteral(HEADROOM_MODELS_DIR));
    QProcess p;
    p.setProgram(QStringLiteral(HEADROOM_CLI));
    p.setArguments(QStringList{QStringLiteral("estimate"), QStringLiteral("--json")} +
                   QProcess::splitCommand(a));
    p.start();
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    const QString got = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(got == expected, qPrintable(QStringLiteral("differs from the golden file at ") +
                                         firstDifference(expected, got) +
                                         QStringLiteral("\n(intended? tools/golden/golden.py "
                                                        "--update, and say why in the commit)")));
}

QTEST_GUILESS_MAIN(TstGolden)
#include "tst_golden.moc"
