// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// The dataflow-mapping study's workbench, offscreen: live evaluation on the MAESTRO-compatible
/// model (figures equal to MAESTRO's for a golden case), undoable edits of the layer, hardware
/// and directives with errors that name the line, the design-space table, the heatmap
/// explorer and an optimizer run whose best mapping is shown.

#include "kinds/dataflow/core/dataflow_study.h"
#include "core/maestro/dataflow_model.h"
#include "core/runner/optimizer_run.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/editors/number_edit.h"
#include "support/typing.h"
#include "support/widgets.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/dataflow/widgets/dataflow_workbench.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <climits>
#include <functional>

using namespace mapscape;

namespace {

/// The workbench's number field labelled `name` (null when there is none).
NumberEdit* numberField(QWidget& w, const QString& name)
{
    return qobject_cast<NumberEdit*>(testing::fieldNamed(w, name));
}

} // namespace

class TestDataflowWorkbench : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void evaluatesTheDefaultStudy()
    {
        DataflowWorkbench w;
        QVERIFY(w.result().has_value());
        const DataflowInputs& in = w.document()->inputs();
        QCOMPARE(QString::fromStdString(in.layer.name), QStringLiteral("VGG16 row 2"));
        DataflowResult r;
        QVERIFY(DataflowModel(in.hardware).evaluate(in.layer, in.mapping, r).ok());
        QCOMPARE(w.result()->runtime, r.runtime);
        QVERIFY(w.summaryText().contains(QStringLiteral("Runtime")));
        QVERIFY(w.loopNestText().contains(QStringLiteral("for ")));
        QVERIFY(w.spaceSizeText().contains(QStringLiteral("points")));
        // Charts of the breakdown: titles that fit at a usual window size.
        w.resize(1600, 950);
        w.show();
        QTest::qWait(100);
        for (EnergyBreakdownChart* c : w.findChildren<EnergyBreakdownChart*>()) {
            if (c->isVisible())
                QVERIFY2(c->clippedTitles().isEmpty(), qPrintable(c->clippedTitles().join(QStringLiteral(", "))));
        }
    }

    /// Issue 49, item 4: the Mapping tab's summary read "Throughput 921.60 MACs/cycle" and "PEs
    /// busy 1024.0 of 1024". Every figure has its unit in engineering format; PEs are counted
    /// whole, with the share busy beside them.
    void summaryReadsInEngineeringUnits()
    {
        DataflowWorkbench w;
        const auto cell = [&](const QString& name) {
            // The label as shown, one "name value" pair per table cell pair.
            QString text = w.summaryText();
            text.replace(QRegularExpression(QStringLiteral("</td><td>|</tr>")), QStringLiteral("\t"));
            text.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
            const QRegularExpressionMatch m =
                QRegularExpression(QRegularExpression::escape(name) + QStringLiteral("\t([^\t]*)")).match(text);
            return m.hasMatch() ? m.captured(1) : QString();
        };
        QVERIFY(w.result().has_value());
        QVERIFY(std::abs(w.result()->throughput - 921.6) < 0.01);
        QCOMPARE(cell(QStringLiteral("Throughput")), QStringLiteral("921.6 MACs/cycle"));
        QCOMPARE(cell(QStringLiteral("PEs busy")), QStringLiteral("1,024 of 1,024 (100 %)"));
        // A mapping that keeps part of the PEs idle: a whole count and its share, no decimals on
        // the count.
        QCOMPARE(w.openFile(QStringLiteral(MAPSCAPE_CLI_DATA "/vgg16_row2_rs_narrow64.study.json")), QString());
        const QRegularExpression whole(QStringLiteral("^\\d{1,3}(,\\d{3})* of \\d{1,3}(,\\d{3})* \\(\\d+(\\.\\d+)? %\\)$"));
        QVERIFY2(whole.match(cell(QStringLiteral("PEs busy"))).hasMatch(), qPrintable(cell(QStringLiteral("PEs busy"))));
        QVERIFY2(cell(QStringLiteral("Throughput")).endsWith(QStringLiteral(" MACs/cycle")), qPrintable(cell(QStringLiteral("Throughput"))));
        for (const QString& name : {QStringLiteral("Runtime"), QStringLiteral("Energy"), QStringLiteral("EDP"),
                                    QStringLiteral("Throughput"), QStringLiteral("MACs")})
            QVERIFY2(!cell(name).isEmpty() && !cell(name).contains(QRegularExpression(QStringLiteral("\\de[+-]|\\.\\d{4}"))),
                     qPrintable(name + QStringLiteral(": ") + cell(name)));
    }

    /// Issue 49, item 4: one unit for a quantity across the tabs. The Mapping tab's "L1 per PE
    /// (bytes)" field read 1,073,741,824 while the summary said 1 GiB; beside each size and
    /// bandwidth field its value now reads as the summary reads it, while the field keeps the
    /// exact number typed. The Design space tab's size is a count ("822 T points", not
    /// "8.222e+14 points").
    void sizesReadAlikeOnEveryTab()
    {
        DataflowWorkbench w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const auto readingOf = [&](const QString& name) {
            NumberEdit* e = numberField(w, name);
            auto* reading = e ? e->parentWidget()->findChild<QLabel*>(QStringLiteral("reading"), Qt::FindDirectChildrenOnly) : nullptr;
            return reading ? reading->text() : QStringLiteral("(no reading)");
        };
        const QString l1 = QStringLiteral("L1 per PE (bytes)");
        QCOMPARE(numberField(w, l1)->text(), QStringLiteral("1,073,741,824"));
        QCOMPARE(readingOf(l1), QStringLiteral("1 GiB"));
        QVERIFY2(w.summaryText().contains(QStringLiteral(" of 1 GiB")), qPrintable(w.summaryText()));
        QCOMPARE(readingOf(QStringLiteral("NoC (elements/cycle)")), QStringLiteral("1.074 G"));
        QVERIFY2(w.summaryText().contains(QStringLiteral("(1.074 G elements/cycle)")), qPrintable(w.summaryText()));
        QCOMPARE(readingOf(QStringLiteral("PEs")), QStringLiteral("(no reading)")); // a plain count
        // Typed as before, stored exactly; the reading follows.
        testing::typeInto(numberField(w, l1), QStringLiteral("65,536"));
        QCOMPARE(w.document()->inputs().hardware.l1Size, 65536);
        QCOMPARE(numberField(w, l1)->text(), QStringLiteral("65,536"));
        QCOMPARE(readingOf(l1), QStringLiteral("64 KiB"));
        QVERIFY2(w.summaryText().contains(QStringLiteral(" of 64 KiB")), qPrintable(w.summaryText()));
        testing::typeInto(numberField(w, QStringLiteral("NoC (elements/cycle)")), QStringLiteral("64"));
        QCOMPARE(readingOf(QStringLiteral("NoC (elements/cycle)")), QString()); // would repeat "64"
        testing::typeInto(numberField(w, QStringLiteral("L2, shared (bytes)")), QStringLiteral("unlimited"));
        QCOMPARE(readingOf(QStringLiteral("L2, shared (bytes)")), QString());
        w.document()->undoStack()->undo();
        QVERIFY(readingOf(QStringLiteral("L2, shared (bytes)")).endsWith(QStringLiteral("iB")));
        // The design space's size.
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        const QString space = w.spaceSizeText();
        QVERIFY2(space.contains(QStringLiteral("822 T points")) && !space.contains(QStringLiteral("e+")), qPrintable(space));
    }

    /// A study file of the golden set evaluates to MAESTRO's own figures.
    void goldenCaseMatchesMaestro()
    {
        DataflowWorkbench w;
        QCOMPARE(w.openFile(QStringLiteral(MAPSCAPE_CLI_DATA "/vgg16_row2_rs_narrow64.study.json")), QString());
        QVERIFY(w.result().has_value());
        QCOMPARE(w.result()->runtime, std::int64_t(34005035));
        QVERIFY(qAbs(w.result()->energyMacUnits - 1.09121e10) / 1.09121e10 < 1e-5); // MAESTRO prints MAC energies
        // Undo goes back to the study before the file.
        w.document()->undoStack()->undo();
        QCOMPARE(QString::fromStdString(w.document()->inputs().hardware.name), QStringLiteral("ArchGym default (1024 PEs)"));
    }

    void editsAreLiveAndUndoable()
    {
        DataflowWorkbench w;
        const std::int64_t before = w.result()->runtime;
        DataflowInputs in = w.document()->inputs();
        in.layer.set(dfvar::K, 256); // twice the output channels
        w.document()->apply(in, QStringLiteral("K"));
        QVERIFY(w.result().has_value());
        QVERIFY(w.result()->runtime > before);
        w.document()->undoStack()->undo();
        QCOMPARE(w.result()->runtime, before);
        // An invalid layer (K = 0) is shown as not evaluated, with the reason; nothing crashes.
        in = w.document()->inputs();
        in.layer.set(dfvar::K, 0);
        w.document()->apply(in, QStringLiteral("K = 0"));
        QVERIFY(!w.result().has_value());
        QVERIFY2(w.evaluationError().contains(QStringLiteral("K")), qPrintable(w.evaluationError()));
        QVERIFY(w.summaryText().contains(QStringLiteral("cannot be evaluated")));
        QVERIFY(!w.spaceSizeText().contains(QStringLiteral("points")));
        w.document()->undoStack()->undo();
        QVERIFY(w.result().has_value());
    }

    void typedNumbersAreStoredExactly()
    {
        // Issue 31: typing 2048000 into "L2, shared (bytes)" stored 2,040,008 (the spin box's
        // group separators moved the cursor); 1073741824 into L1 stored 1,077,482,413; "-5abc"
        // became 5; "12abc" reverted silently. Every numeric field of the mapping tab, typed key by
        // key as a person does, stores what was typed or keeps the text and says why.
        DataflowWorkbench w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const auto type = [](NumberEdit* e, const QString& text) { testing::typeInto(e, text); };
        const auto hw = [&] { return w.document()->inputs().hardware; };
        struct Case {
            const char* field;
            const char* typed;
            long long expected;
            std::function<long long()> stored;
        };
        const std::vector<Case> cases = {
            {"L2, shared (bytes)", "2048000", 2048000, [&] { return (long long)hw().l2Size; }},
            {"L1 per PE (bytes)", "1073741824", 1073741824, [&] { return (long long)hw().l1Size; }},
            {"L1 per PE (bytes)", "65,536", 65536, [&] { return (long long)hw().l1Size; }},
            {"PEs", "168", 168, [&] { return (long long)hw().numPes; }},
            {"NoC (elements/cycle)", "unlimited", INT_MAX, [&] { return (long long)hw().nocBandwidth; }},
            {"NoC (elements/cycle)", "64", 64, [&] { return (long long)hw().nocBandwidth; }},
            {"NoC hops", "3", 3, [&] { return (long long)hw().nocHops; }},
            {"Hop latency (cycles)", "2", 2, [&] { return (long long)hw().nocHopLatency; }},
            {"Off-chip (elements/cycle)", "50", 50, [&] { return (long long)hw().offchipBandwidth; }},
            {"MAC lanes per PE", "9", 9, [&] { return (long long)hw().simdLanes; }},
            {"K (output channels)", "123456", 123456, [&] { return (long long)w.document()->inputs().layer.get(dfvar::K); }},
            {"C (input channels)", "77", 77, [&] { return (long long)w.document()->inputs().layer.get(dfvar::C); }},
            {"N (batch; — is 1)", "4", 4, [&] { return (long long)w.document()->inputs().layer.get(dfvar::N); }},
            {"Stride (rows)", "2", 2, [&] { return (long long)w.document()->inputs().layer.strideY; }},
        };
        for (const Case& c : cases) {
            NumberEdit* e = numberField(w, QString::fromUtf8(c.field));
            QVERIFY2(e, c.field);
            type(e, QString::fromUtf8(c.typed));
            QVERIFY2(!e->hasError(), qPrintable(e->error()));
            QCOMPARE(c.stored(), c.expected);
            QCOMPARE(e->value(), c.expected);
        }
        // Refused entries keep their text, are marked, say why (in the status bar too), and
        // change nothing; the next valid entry clears them.
        QSignalSpy status(&w, &StudyWorkbench::message);
        const DataflowInputs before = w.document()->inputs();
        const int undoBefore = w.document()->undoStack()->count();
        struct Bad {
            const char* field;
            const char* typed;
            const char* why;
        };
        for (const Bad& b : std::vector<Bad>{{"PEs", "-5abc", "must be a whole number, got \"-5abc\""},
                                             {"K (output channels)", "12abc", "must be a whole number"},
                                             {"L2, shared (bytes)", "0", "must be at least 1"},
                                             {"MAC lanes per PE", "", "is empty"},
                                             {"Stride (rows)", "99999999999999999999", "must be between 1 and"}}) {
            NumberEdit* e = numberField(w, QString::fromUtf8(b.field));
            QVERIFY2(e, b.field);
            type(e, QString::fromUtf8(b.typed));
            QVERIFY2(e->hasError(), b.field);
            QCOMPARE(e->text(), QString::fromUtf8(b.typed));
            QVERIFY2(e->error().contains(QString::fromUtf8(b.why)), qPrintable(e->error()));
            QVERIFY(e->toolTip().startsWith(QString::fromUtf8(b.field)));
            QVERIFY(!status.isEmpty());
            QVERIFY(status.last().at(0).toString().contains(QString::fromUtf8(b.field)));
        }
        QVERIFY(w.document()->inputs() == before);
        QCOMPARE(w.document()->undoStack()->count(), undoBefore);
        // Another field's edit refreshes the form but leaves the refused text for the user to fix.
        NumberEdit* pes = numberField(w, QStringLiteral("PEs"));
        type(numberField(w, QStringLiteral("NoC hops")), QStringLiteral("2"));
        QCOMPARE(pes->text(), QStringLiteral("-5abc"));
        const qsizetype seen = status.size();
        type(pes, QStringLiteral("256"));
        QVERIFY(!pes->hasError());
        QCOMPARE(hw().numPes, 256);
        // The status line names what is still refused (before the new evaluation's line), and
        // clears once everything is fixed.
        const auto saidSince = [&](qsizetype from, const QString& words) {
            for (qsizetype i = from; i < status.size(); ++i)
                if (words.isEmpty() ? status.at(i).at(0).toString().isEmpty() : status.at(i).at(0).toString().contains(words))
                    return true;
            return false;
        };
        QVERIFY(saidSince(seen, QStringLiteral("K (output channels): must be a whole number")));
        QVERIFY(!saidSince(seen, QString()));
        type(numberField(w, QStringLiteral("K (output channels)")), QStringLiteral("64"));
        type(numberField(w, QStringLiteral("L2, shared (bytes)")), QStringLiteral("1 048 576"));
        QCOMPARE(hw().l2Size, 1048576);
        type(numberField(w, QStringLiteral("MAC lanes per PE")), QStringLiteral("1"));
        const qsizetype lastFix = status.size();
        type(numberField(w, QStringLiteral("Stride (rows)")), QStringLiteral("1"));
        QVERIFY(saidSince(lastFix, QString()));
        // Undo goes back step by step to the stored values.
        const int steps = w.document()->undoStack()->count();
        w.document()->undoStack()->undo(); // stride
        w.document()->undoStack()->undo(); // lanes
        w.document()->undoStack()->undo(); // L2
        w.document()->undoStack()->undo(); // K
        w.document()->undoStack()->undo(); // PEs
        QCOMPARE(w.document()->undoStack()->index(), steps - 5);
        QCOMPARE(pes->value(), 168);
        QCOMPARE(hw().numPes, 168);
        QCOMPARE(hw().l2Size, 2048000);
    }

    void directivesAreEditedAsText()
    {
        DataflowWorkbench w;
        const DataflowMapping before = w.document()->inputs().mapping;
        QString error = w.setDirectivesText(QStringLiteral("SpatialMap(1,1) K\nTemporalMap(4,4) Q\n"));
        QVERIFY2(error.startsWith(QStringLiteral("line 2: ")), qPrintable(error));
        QCOMPARE(w.document()->inputs().mapping, before);
        error = w.setDirectivesText(QStringLiteral("// output stationary\nSpatialMap(1,1) K\nTemporalMap(16,16) C\n"
                                                   "TemporalMap(Sz(R),1) Y\nTemporalMap(Sz(S),1) X\n"
                                                   "TemporalMap(Sz(R),Sz(R)) R\nTemporalMap(Sz(S),Sz(S)) S\n"));
        QCOMPARE(error, QString());
        QCOMPARE(int(w.document()->inputs().mapping.directives.size()), 6);
        QVERIFY(w.result().has_value());
        QVERIFY(w.loopNestText().contains(QStringLiteral("K")));
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->inputs().mapping, before);
    }

    void designSpaceRestrictions()
    {
        DataflowWorkbench w;
        const QString wide = w.spaceSizeText();
        DataflowInputs in = w.document()->inputs();
        in.space.restrictions["par_inner"] = {.fixed = true, .value = 1}; // K across PEs
        in.space.restrictions["tile_K"] = {.lo = 1, .hi = 16};
        w.document()->apply(in, QStringLiteral("narrow"));
        QVERIFY(w.spaceSizeText() != wide);
        // A value the parameter does not have is refused with the field's name.
        in.space.restrictions["tile_C"] = {.fixed = true, .value = 100000};
        w.document()->apply(in, QStringLiteral("bad"));
        QVERIFY(w.spaceSizeText().isEmpty());
        w.document()->undoStack()->undo();
        QVERIFY(!w.spaceSizeText().isEmpty());
    }

    void explorerSweepsTwoParameters()
    {
        DataflowWorkbench w;
        w.resize(1400, 900);
        w.show();
        w.showTab(DataflowWorkbench::ExploreTab);
        QVERIFY(w.setExplorerAxes(QStringLiteral("tile_K"), QStringLiteral("tile_C"), QStringLiteral("latency")));
        HeatmapWidget* map = w.heatmap();
        map->waitForRender();
        const HeatmapData& d = map->data();
        QVERIFY(d.rows > 4 && d.cols > 4);
        QCOMPARE(d.unit, QStringLiteral("cycles"));
        int valid = 0;
        for (double v : d.values)
            valid += std::isnan(v) ? 0 : 1;
        QVERIFY(valid > 0);
        // Tooltips name the cell and its value.
        const QRect grid = map->rect();
        QString tip;
        for (int y = grid.top(); y < grid.bottom() && tip.isEmpty(); y += 7)
            for (int x = grid.left(); x < grid.right() && tip.isEmpty(); x += 7)
                tip = map->cellText(QPoint(x, y));
        QVERIFY2(tip.contains(QStringLiteral("tile")), qPrintable(tip));
        // A click shows that point's mapping (one undo step).
        const int steps = w.document()->undoStack()->count();
        Q_EMIT map->cellClicked(1, 1);
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        QCOMPARE(QString::fromStdString(w.document()->inputs().mapping.name), QStringLiteral("explored point"));
        if (qEnvironmentVariableIsSet("MAPSCAPE_TEST_SHOTS"))
            w.grab().save(qEnvironmentVariable("MAPSCAPE_TEST_SHOTS") + QStringLiteral("/dataflow-explore.png"));
    }

    /// Random search and the GA from the Optimize tab; the best mapping is shown, undoably.
    void optimizeAndShowTheBest()
    {
        DataflowWorkbench w;
        w.resize(1500, 950);
        w.show();
        w.showTab(DataflowWorkbench::OptimizeTab);
        RunsPanel* runs = w.runsPanel();
        QSignalSpy finished(runs, &RunsPanel::runFinished);
        for (const QString& id : {QStringLiteral("random"), QStringLiteral("gamma")}) {
            QVERIFY(runs->optimizerPanel()->selectOptimizer(id));
            QVERIFY(runs->optimizerPanel()->setOption(QStringLiteral("samples"), QStringLiteral("2000")));
            QVERIFY(runs->startRun());
            QVERIFY(finished.wait(30000));
        }
        runs->drain();
        RunListModel* model = runs->runModel();
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->index(0, RunListModel::Samples).data().toString(), QStringLiteral("2 k"));
        QVERIFY(model->index(1, RunListModel::Best).data().toString().endsWith(QStringLiteral("cycles")));
        // Different colours, both drawn on the best-latency curve (log y, samples on x).
        QVERIFY(model->colorAt(0) != model->colorAt(1));
        QCOMPARE(runs->curveChart()->seriesNames().size(), 2);
        QVERIFY(runs->curveChart()->logY());
        // Hiding a run removes its curve and frees its colour.
        model->setData(model->index(0, RunListModel::Run), Qt::Unchecked, Qt::CheckStateRole);
        QCOMPARE(runs->curveChart()->seriesNames(), QStringList{QStringLiteral("#2 gamma")});
        runs->runTable()->selectRow(1);
        QVERIFY(runs->bestText()->toPlainText().contains(QStringLiteral("SpatialMap")));
        runs->curveChart()->flush();
        QTest::qWait(100);
        if (qEnvironmentVariableIsSet("MAPSCAPE_TEST_SHOTS"))
            w.grab().save(qEnvironmentVariable("MAPSCAPE_TEST_SHOTS") + QStringLiteral("/dataflow-optimize.png"));
        const DataflowMapping before = w.document()->inputs().mapping;
        QPushButton* show = nullptr;
        for (QPushButton* b : runs->findChildren<QPushButton*>())
            if (b->text() == QStringLiteral("Show best mapping"))
                show = b;
        QVERIFY(show && show->isEnabled());
        show->click();
        QVERIFY(w.result().has_value());
        QCOMPARE(double(w.result()->runtime), model->index(1, RunListModel::Best).data(RunListModel::SortRole).toDouble());
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->inputs().mapping, before);
        // The runs on another setup are not drawn unless asked.
        DataflowInputs in = w.document()->inputs();
        in.hardware.numPes = 64;
        w.document()->apply(in, QStringLiteral("64 PEs"));
        model->setData(model->index(0, RunListModel::Run), Qt::Checked, Qt::CheckStateRole);
        QVERIFY(runs->curveChart()->seriesNames().isEmpty());
        runs->setCompareAcrossSetups(true);
        QCOMPARE(runs->curveChart()->seriesNames().size(), 2);
        QVERIFY(model->colorAt(0) != model->colorAt(1));
        // Removing a run.
        runs->removeRunAt(0);
        QCOMPARE(model->rowCount(), 1);
        QCOMPARE(runs->curveChart()->seriesNames(), QStringList{QStringLiteral("#2 gamma")});
    }

    /// Issue 49, item 2: GAMMA on 1024 PEs, the PEs set to 512 in the Mapping tab, GAMMA again.
    /// Compare keeps the two setups apart (they were pooled as two seeds of one), says how many
    /// setups it shows, and each run's setup names the PEs it ran on.
    void compareKeepsSetupsApart()
    {
        DataflowWorkbench w;
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        RunsPanel* runs = w.runsPanel();
        // GAMMA, 300 samples, seed 1: on the preset's 1024 PEs, then on 512.
        const auto runGamma = [&] {
            return test::runToEnd(*runs, QStringLiteral("gamma"), QStringLiteral("samples"), QStringLiteral("300"));
        };
        QVERIFY(runGamma());
        auto* pes = numberField(w, QStringLiteral("PEs"));
        QVERIFY(pes);
        testing::typeInto(pes, QStringLiteral("512"));
        QCOMPARE(w.document()->inputs().hardware.numPes, 512);
        QVERIFY(runGamma());
        RunListModel* model = runs->runModel();
        QCOMPARE(model->rowCount(), 2);
        QVERIFY(model->setupKeyAt(0) != model->setupKeyAt(1));

        // Each run's setup names the PEs it ran on, not the preset's (nor the current inputs').
        const QString first = model->index(0, RunListModel::Setup).data(Qt::ToolTipRole).toString();
        const QString second = model->index(1, RunListModel::Setup).data(Qt::ToolTipRole).toString();
        QVERIFY2(first.contains(QStringLiteral("1024 PEs")) && !first.contains(QStringLiteral("512")), qPrintable(first));
        QVERIFY2(second.contains(QStringLiteral("512 PEs")) && !second.contains(QStringLiteral("1024")), qPrintable(second));
        QVERIFY(model->index(0, RunListModel::Setup).data().toString() != model->index(1, RunListModel::Setup).data().toString());

        // Compare: two rows of one run each, never one row of "2 runs".
        runs->showViewTab(RunsPanel::CompareTab);
        QTableWidget* compare = runs->compareTable();
        QCOMPARE(compare->rowCount(), 2);
        QStringList setups;
        for (int row = 0; row < compare->rowCount(); ++row) {
            QCOMPARE(compare->item(row, 3)->text(), QStringLiteral("1"));
            setups.append(compare->item(row, 2)->text());
        }
        QVERIFY2(setups.filter(QStringLiteral("512 PEs")).size() == 1, qPrintable(setups.join(QStringLiteral(" | "))));
        QVERIFY2(setups.filter(QStringLiteral("1024 PEs")).size() == 1, qPrintable(setups.join(QStringLiteral(" | "))));
        auto* summary = runs->findChild<QLabel*>(QStringLiteral("compareSummary"));
        QVERIFY(summary);
        QCOMPARE(summary->text(), QStringLiteral("2 groups on 2 setups"));
        // Another run on 512 PEs joins its own setup's row.
        QVERIFY(runGamma());
        QCOMPARE(compare->rowCount(), 2);
        QCOMPARE(summary->text(), QStringLiteral("2 groups on 2 setups"));
        for (int row = 0; row < compare->rowCount(); ++row) {
            const bool on512 = compare->item(row, 2)->text().contains(QStringLiteral("512 PEs"));
            QCOMPARE(compare->item(row, 3)->text(), on512 ? QStringLiteral("2") : QStringLiteral("1"));
        }
    }

    void filesRoundTrip()
    {
        DataflowWorkbench w;
        QTemporaryDir dir;
        QCOMPARE(w.writeMapping(dir.filePath(QStringLiteral("m.m"))), QString());
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("m.hw.m"))));
        QCOMPARE(w.writeMapping(dir.filePath(QStringLiteral("s.study.json"))), QString());
        QCOMPARE(w.exportResults(dir.filePath(QStringLiteral("r.txt"))), QString());
        const DataflowInputs before = w.document()->inputs();
        DataflowWorkbench other;
        QCOMPARE(other.openFile(dir.filePath(QStringLiteral("s.study.json"))), QString());
        QCOMPARE(other.result()->runtime, w.result()->runtime);
        QCOMPARE(other.openFile(dir.filePath(QStringLiteral("m.m"))), QString());
        QCOMPARE(other.result()->runtime, w.result()->runtime);
        // Malformed files: a message naming the line, the study unchanged.
        writeFile(dir.filePath(QStringLiteral("bad.m")), "Network n {\nLayer L {\nType: CONV\nDimensions { K: 0, C: 3 }\n");
        const DataflowInputs kept = other.document()->inputs();
        QVERIFY(!other.openFile(dir.filePath(QStringLiteral("bad.m"))).isEmpty());
        QCOMPARE(other.document()->inputs(), kept);
        QVERIFY(!other.openFile(dir.filePath(QStringLiteral("missing.json"))).isEmpty());
        QCOMPARE(w.document()->inputs(), before);
    }

private:
    static void writeFile(const QString& path, const char* text)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    }
};

QTEST_MAIN(TestDataflowWorkbench)
#include "tst_dataflow_workbench.moc"
