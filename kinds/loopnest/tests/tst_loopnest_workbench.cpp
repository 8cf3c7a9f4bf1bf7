// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// The loop-nest (Timeloop) study's workbench, offscreen, driven through its widgets: the preset
/// ex_eyeriss_like drawn as Timeloop's loop nest with timeloop-model's own figures, a factor typed
/// into the nest changes them and undo brings them back exactly, an overflowing factor is refused
/// with the level named and the value kept, architecture and problem edits (refused values kept
/// with the reader's reason), a Timeloop reference folder opened (and dropped), exports read back
/// to the same figures, and a mapper run whose best mapping is opened undoably.

#include "core/io/file_util.h"
#include "kinds/loopnest/core/loopnest_model.h"
#include "kinds/loopnest/core/loopnest_study.h"
#include "kinds/loopnest/widgets/loopnest_workbench.h"
#include "support/typing.h"
#include "widgets/charts/chart_view.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"

#include <QCheckBox>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFile>
#include <QMimeData>
#include <QMouseEvent>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace mapscape;
using Kind = LoopnestWorkbench::NestRow::Kind;

namespace {

const QString kGolden = QStringLiteral(MAPSCAPE_TIMELOOP_GOLDEN_DIR "/reference/ex_eyeriss_like");

int levelOf(const LoopnestWorkbench& w, const char* name)
{
    return w.document()->inputs().parsed->architecture.findLevel(name);
}

int dimOf(const LoopnestWorkbench& w, const char* name)
{
    return w.document()->inputs().parsed->problem.findDimension(name);
}

/// Reads a spec's files and evaluates its mapping as the CLI does.
loopnest::EvalResult evaluateFiles(const QStringList& files)
{
    std::vector<loopnest::YamlSource> sources;
    for (const QString& f : files)
        sources.emplace_back(f.toStdString(), readTextFile(f.toStdString()));
    const LoopnestInputs in = loopnestInputsFromYaml(sources, "read back");
    const loopnest::Spec& s = *in.parsed;
    return loopnest::LoopnestModel::compile(s.architecture, s.problem, s.env).evaluate(s.mapping);
}

/// Shows the workbench on its Optimize tab and runs the random mapper (3000 samples) to its end:
/// its runs panel, or null when the run could not start or did not end.
RunsPanel* runRandomMapper(LoopnestWorkbench& w)
{
    w.resize(1500, 950);
    w.show();
    w.showTab(LoopnestWorkbench::OptimizeTab);
    RunsPanel* runs = w.runsPanel();
    QSignalSpy finished(runs, &RunsPanel::runFinished);
    if (!QTest::qWaitForWindowExposed(&w) || !runs->optimizerPanel()->selectOptimizer(QStringLiteral("random")) ||
        !runs->optimizerPanel()->setOption(QStringLiteral("samples"), QStringLiteral("3000")) || !runs->startRun() ||
        !finished.wait(60000))
        return nullptr;
    runs->drain();
    return runs;
}

} // namespace

class TestLoopnestWorkbench : public QObject {
    Q_OBJECT

private Q_SLOTS:
    /// The preset is drawn as Timeloop's nest and evaluates to timeloop-model's own figures
    /// (stats.txt of the reference case: 86,016 cycles, 59.28 µJ, utilisation 75 %).
    void showsThePresetAsTimeloopsNest()
    {
        LoopnestWorkbench w;
        QCOMPARE(QString::fromStdString(w.document()->inputs().name), QStringLiteral("ex_eyeriss_like"));
        QVERIFY(w.result() && w.result()->ok);
        QCOMPARE(w.result()->cycles, std::uint64_t(86016));
        QVERIFY(qAbs(w.result()->energy - 59.28e6) / 59.28e6 < 1e-3);
        QVERIFY(qAbs(w.result()->utilization - 0.75) < 1e-9);
        const QString nest = w.loopNestText();
        // As timeloop-model's map.txt of the reference case draws it (tiles in words), the
        // digits grouped as the Results tab's Tile column shows them (issue 49, item 4).
        for (const char* line : {"DRAM [Weights:864 Inputs:151,875 Outputs:401,408]", "for M in [0:4)", "for P in [0:8)",
                                 "shared_glb [Inputs:9,831 Outputs:6,272]  bypass: Weights", "spatial-for Q in [0:14) (X)",
                                 "spatial-for S in [0:3) (Y)", "spatial-for C in [0:3) (Y)", "psum_spad [Outputs:8]",
                                 "for M in [0:8)", "compute: mac × 168"})
            QVERIFY2(nest.contains(QString::fromUtf8(line)), qPrintable(QString::fromUtf8(line) + QStringLiteral("\n") + nest));
        // Outermost first, each loop indented below the one outside it.
        QVERIFY(nest.indexOf(QStringLiteral("DRAM")) < nest.indexOf(QStringLiteral("shared_glb")));
        QVERIFY(nest.indexOf(QStringLiteral("shared_glb")) < nest.indexOf(QStringLiteral("psum_spad")));
        QVERIFY(nest.startsWith(QStringLiteral("DRAM [Weights:864 Inputs:151,875 Outputs:401,408]\n  for P in [0:8)\n    for Q in [0:2)\n"
                                               "      for M in [0:4)\nshared_glb")));
        QVERIFY(nest.contains(QStringLiteral("\ninter_PE_spatial []  bypass: Weights Inputs Outputs\n"
                                             "              spatial fan-out 1 × 12 (X × Y)\n"
                                             "              spatial-for C in [0:3) (Y)\n"
                                             "                spatial-for S in [0:3) (Y)\n")));
        QVERIFY(w.summaryText().contains(QStringLiteral("59.28 µJ")));
        QVERIFY(w.summaryText().contains(QStringLiteral("86,016 cycles")));
        QVERIFY(w.summaryText().contains(QStringLiteral("utilisation 75 %")));
        // The problem tab writes each projection out.
        const QString proj = w.projectionsText()->toPlainText();
        QVERIFY2(proj.contains(QStringLiteral("Inputs[n][c][r·Wdilation + p·Wstride][s·Hdilation + q·Hstride]")), qPrintable(proj));
        QVERIFY(proj.contains(QStringLiteral("Weights[c][m][r][s]")));
        QVERIFY(proj.contains(QStringLiteral("Outputs[n][m][q][p]   (read-write")));
        // The results: energy stacked by level and data space; the stats table in engineering units.
        QVERIFY(!w.energyChart()->valueLabels().isEmpty());
        QVERIFY(w.statsTable()->rowCount() > 7);
        bool sawMicro = false;
        for (int r = 0; r < w.statsTable()->rowCount(); ++r)
            if (QTableWidgetItem* it = w.statsTable()->item(r, 8))
                sawMicro = sawMicro || it->text().endsWith(QStringLiteral("µJ")) || it->text().endsWith(QStringLiteral("nJ"));
        QVERIFY(sawMicro);
        // The same tiles in the Results tab: words, digits grouped.
        bool sawTile = false;
        for (int r = 0; r < w.statsTable()->rowCount(); ++r)
            sawTile = sawTile || (w.statsTable()->item(r, 0)->text() == QStringLiteral("DRAM") &&
                                  w.statsTable()->item(r, 1)->text() == QStringLiteral("Inputs") &&
                                  w.statsTable()->item(r, 2)->text() == QStringLiteral("151,875"));
        QVERIFY(sawTile);
        QCOMPARE(w.statsTable()->horizontalHeaderItem(2)->text(), QStringLiteral("Tile (words)"));
        // The architecture table: the levels with their ERT energies, the arithmetic units last.
        QTableWidget* arch = w.architectureTable();
        QCOMPARE(arch->rowCount(), 8);
        const int glb = w.archRow(QStringLiteral("shared_glb"));
        QCOMPARE(arch->item(glb, LoopnestWorkbench::ArchDepth)->text(), QStringLiteral("16,384"));
        QCOMPARE(arch->item(w.archRow(QStringLiteral("DRAM")), LoopnestWorkbench::ArchDepth)->text(), QStringLiteral("∞"));
        // Energies per action in pJ with four significant digits (issue 49, item 4: "18.1838",
        // "0.202442" before); the editor still starts from the spec's number.
        QCOMPARE(arch->item(glb, LoopnestWorkbench::ArchReadPj)->text(), QStringLiteral("18.18 pJ"));
        QCOMPARE(arch->item(w.archRow(QStringLiteral("ifmap_spad")), LoopnestWorkbench::ArchReadPj)->text(),
                 QStringLiteral("0.2024 pJ"));
        QCOMPARE(arch->item(w.archRow(QStringLiteral("DRAM")), LoopnestWorkbench::ArchReadPj)->text(), QStringLiteral("512 pJ"));
        QCOMPARE(arch->item(glb, LoopnestWorkbench::ArchReadPj)->data(Qt::EditRole).toString(), QStringLiteral("18.1838"));
        QCOMPARE(arch->item(glb, LoopnestWorkbench::ArchDepth)->data(Qt::EditRole).toString(), QStringLiteral("16384"));
        QCOMPARE(arch->item(7, LoopnestWorkbench::ArchLevel)->text(), QStringLiteral("mac"));
        QCOMPARE(w.tabNames().size(), w.tabCount());
        // The charts' titles and value labels fit at a usual window size.
        w.resize(1500, 920);
        w.show();
        w.showTab(LoopnestWorkbench::ResultsTab);
        QTest::qWait(100);
        for (EnergyBreakdownChart* c : {w.energyChart(), w.capacityChart()}) {
            QVERIFY2(c->clippedTitles().isEmpty(), qPrintable(c->clippedTitles().join(QStringLiteral(", "))));
            QVERIFY(!c->valueLabels().isEmpty());
            for (const QString& label : c->valueLabels())
                QVERIFY2(!label.contains(QStringLiteral("…")) && !label.contains(QStringLiteral("...")), qPrintable(label));
        }
        QCOMPARE(w.capacityChart()->valueAxisTitle(), QStringLiteral("%"));

        // Evaluation is on the GUI thread: say how long one takes (not asserted).
        const int n = 50;
        const loopnest::Spec& s = *w.document()->inputs().parsed;
        const auto model = loopnest::LoopnestModel::compile(s.architecture, s.problem, s.env);
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < n; ++i)
            QVERIFY(model.evaluate(w.mapping()).ok);
        qInfo("one evaluation of ex_eyeriss_like: %.1f µs", double(t.nsecsElapsed()) / 1e3 / n);
    }

    /// A factor typed into the nest: evaluated at once, the outermost level takes the rest, undo
    /// returns the figures exactly, redo brings the edit back.
    void typedFactorIsEvaluatedAndUndone()
    {
        LoopnestWorkbench w;
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const loopnest::EvalResult before = *w.result();
        const QString nestBefore = w.loopNestText();
        const int psum = levelOf(w, "psum_spad"), dram = levelOf(w, "DRAM"), M = dimOf(w, "M");
        const int row = w.nestRow(Kind::TemporalLoop, psum, M);
        QVERIFY(row >= 0);
        QCOMPARE(w.nestTable()->item(row, LoopnestWorkbench::FactorColumn)->text(), QStringLiteral("8"));
        QVERIFY(testing::typeIntoCell(w.nestTable(), row, LoopnestWorkbench::FactorColumn, QStringLiteral("4")));
        QCOMPARE(w.mapping().levels[psum].temporalFactors[M], std::uint64_t(4));
        QCOMPARE(w.mapping().levels[dram].temporalFactors[M], std::uint64_t(8)); // 32 = 8 × 4
        QVERIFY(w.result() && w.result()->ok);
        QVERIFY(w.result()->energy != before.energy);
        QVERIFY(w.loopNestText().contains(QStringLiteral("for M in [0:8)\n")));
        QCOMPARE(w.document()->undoStack()->count(), 1);
        w.document()->undoStack()->undo();
        QCOMPARE(w.result()->energy, before.energy);
        QCOMPARE(w.result()->cycles, before.cycles);
        QCOMPARE(w.result()->utilization, before.utilization);
        QCOMPARE(w.loopNestText(), nestBefore);
        w.document()->undoStack()->redo();
        QCOMPARE(w.mapping().levels[psum].temporalFactors[M], std::uint64_t(4));

        // Without balancing, the product no longer matches: refused, on the level edited.
        w.document()->undoStack()->undo();
        w.balanceBox()->setChecked(false);
        const int weights = levelOf(w, "weights_spad"), R = dimOf(w, "R");
        const int rr = w.nestRow(Kind::TemporalLoop, weights, R);
        QVERIFY(testing::typeIntoCell(w.nestTable(), rr, LoopnestWorkbench::FactorColumn, QStringLiteral("1")));
        QVERIFY(w.result() && !w.result()->ok);
        QCOMPARE(QString::fromStdString(w.result()->errorClass), QStringLiteral("factor_product"));
        const int head = w.nestRow(Kind::Level, weights);
        QVERIFY(w.nestTable()->item(head, w.checkColumn())->text().contains(QStringLiteral("product of all factors of dimension R")));
    }

    /// A factor that overflows a buffer is refused by the model on that level: its rows are
    /// tinted, its Check cell says why, the typed value stays in the nest; a typed value that is
    /// no factor stays in its cell with the reason and changes nothing.
    void overflowingFactorIsRefusedOnItsLevel()
    {
        LoopnestWorkbench w;
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy status(&w, &StudyWorkbench::message);
        const int psum = levelOf(w, "psum_spad"), M = dimOf(w, "M");
        int row = w.nestRow(Kind::TemporalLoop, psum, M);
        QVERIFY(testing::typeIntoCell(w.nestTable(), row, LoopnestWorkbench::FactorColumn, QStringLiteral("32")));
        QVERIFY(w.result() && !w.result()->ok);
        QCOMPARE(QString::fromStdString(w.result()->errorLevel), QStringLiteral("psum_spad"));
        QCOMPARE(QString::fromStdString(w.result()->errorClass), QStringLiteral("capacity"));
        row = w.nestRow(Kind::TemporalLoop, psum, M);
        QCOMPARE(w.nestTable()->item(row, LoopnestWorkbench::FactorColumn)->text(), QStringLiteral("32"));
        // DRAM's M loop (now 1) left the nest above it: the cursor stays on the loop edited.
        QCOMPARE(w.nestRow(Kind::TemporalLoop, levelOf(w, "DRAM"), M), -1);
        QTRY_COMPARE(w.nestTable()->currentRow(), row);
        const int head = w.nestRow(Kind::Level, psum);
        const QString check = w.nestTable()->item(head, w.checkColumn())->text();
        QVERIFY2(check.startsWith(QStringLiteral("capacity:")), qPrintable(check));
        QCOMPARE(w.nestTable()->item(head, LoopnestWorkbench::NestText)->background().color(), QColor(0xf8, 0xd7, 0xd7));
        QCOMPARE(w.nestTable()->item(row, LoopnestWorkbench::NestText)->background().color(), QColor(0xf8, 0xd7, 0xd7));
        QCOMPARE(w.nestTable()->item(w.nestRow(Kind::Level, 0), w.checkColumn())->text(), QStringLiteral(""));
        QVERIFY(w.summaryText().startsWith(QStringLiteral("Invalid mapping at psum_spad (capacity)")));
        QVERIFY(!status.isEmpty() && status.last().at(0).toString().contains(QStringLiteral("psum_spad")));
        QVERIFY(!w.exportResults(QDir::temp().filePath(QStringLiteral("never.json"))).isEmpty());
        w.document()->undoStack()->undo();
        QVERIFY(w.result()->ok);

        // Not a factor: kept in the cell with the reason, nothing applied.
        const LoopnestInputs kept = w.document()->inputs();
        row = w.nestRow(Kind::TemporalLoop, psum, M);
        for (const char* bad : {"abc", "0", "64"}) {
            QVERIFY(testing::typeIntoCell(w.nestTable(), row, LoopnestWorkbench::FactorColumn, QString::fromUtf8(bad)));
            QTableWidgetItem* cell = w.nestTable()->item(row, LoopnestWorkbench::FactorColumn);
            QCOMPARE(cell->text(), QString::fromUtf8(bad));
            QVERIFY2(cell->toolTip().contains(QStringLiteral("factor of M at psum_spad")), qPrintable(cell->toolTip()));
            QVERIFY(w.document()->inputs() == kept);
            QVERIFY(status.last().at(0).toString().contains(QStringLiteral("psum_spad")));
        }
        QCOMPARE(w.document()->undoStack()->count(), 1);
        // A valid entry clears it.
        QVERIFY(testing::typeIntoCell(w.nestTable(), row, LoopnestWorkbench::FactorColumn, QStringLiteral("2")));
        QCOMPARE(w.nestTable()->item(w.nestRow(Kind::TemporalLoop, psum, M), LoopnestWorkbench::FactorColumn)->toolTip().contains(QStringLiteral("got")), false);
        QCOMPARE(w.mapping().levels[psum].temporalFactors[M], std::uint64_t(2));
    }

    /// Loop orders and keep / bypass edited in place; a bad order is refused in its cell.
    void ordersAndBypassAreEditable()
    {
        LoopnestWorkbench w;
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const loopnest::EvalResult before = *w.result();
        const int dram = levelOf(w, "DRAM"), glb = levelOf(w, "shared_glb");
        const int head = w.nestRow(Kind::Level, dram);
        QCOMPARE(w.nestTable()->item(head, LoopnestWorkbench::OrderColumn)->text(), QStringLiteral("MQPCRSN"));
        QVERIFY(testing::typeIntoCell(w.nestTable(), head, LoopnestWorkbench::OrderColumn, QStringLiteral("PQM")));
        QVERIFY2(w.loopNestText().contains(QStringLiteral("\n  for M in [0:4)\n    for Q in [0:2)\n      for P in [0:8)\n")),
                 qPrintable(w.loopNestText()));
        QCOMPARE(w.nestTable()->item(head, LoopnestWorkbench::OrderColumn)->text(), QStringLiteral("PQMCRSN"));
        QVERIFY(w.result()->ok);
        QVERIFY(w.result()->energy != before.energy);
        // An unknown dimension: kept, explained.
        QVERIFY(testing::typeIntoCell(w.nestTable(), head, LoopnestWorkbench::OrderColumn, QStringLiteral("PQX")));
        QCOMPARE(w.nestTable()->item(head, LoopnestWorkbench::OrderColumn)->text(), QStringLiteral("PQX"));
        QVERIFY(w.nestTable()->item(head, LoopnestWorkbench::OrderColumn)->toolTip().contains(QStringLiteral("unknown dimension \"X\"")));
        // Keep Weights at the global buffer: a tick, evaluated at once, undoable.
        const int gh = w.nestRow(Kind::Level, glb);
        const int weightsColumn = LoopnestWorkbench::KeepColumn + 0;
        QTableWidgetItem* keep = w.nestTable()->item(gh, weightsColumn);
        QCOMPARE(keep->checkState(), Qt::Unchecked);
        const QRect rect = w.nestTable()->visualItemRect(keep);
        w.nestTable()->scrollToItem(keep);
        QTest::mouseClick(w.nestTable()->viewport(), Qt::LeftButton, {},
                          w.nestTable()->visualItemRect(w.nestTable()->item(gh, weightsColumn)).topLeft() + QPoint(10, rect.height() / 2));
        QCOMPARE(w.mapping().levels[glb].keep[0], 1);
        QVERIFY(w.loopNestText().contains(QStringLiteral("shared_glb [Weights:")));
        QVERIFY(w.result()->ok);
        const double kept = w.result()->energy;
        w.document()->undoStack()->undo();
        QCOMPARE(w.mapping().levels[glb].keep[0], 0);
        QVERIFY(w.result()->energy != kept);
    }

    /// Architecture edits change the spec tree and are read again; a refused value stays in its
    /// cell with the reader's reason.
    void architectureEditsAreUndoable()
    {
        LoopnestWorkbench w;
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.showTab(LoopnestWorkbench::ArchitectureTab);
        QTableWidget* arch = w.architectureTable();
        const int glb = w.archRow(QStringLiteral("shared_glb"));
        const LoopnestInputs kept = w.document()->inputs();
        QVERIFY(testing::typeIntoCell(arch, glb, LoopnestWorkbench::ArchDepth, QStringLiteral("-5")));
        QCOMPARE(arch->item(glb, LoopnestWorkbench::ArchDepth)->text(), QStringLiteral("-5"));
        QVERIFY2(arch->item(glb, LoopnestWorkbench::ArchDepth)->toolTip().startsWith(QStringLiteral("Depth of shared_glb: ")),
                 qPrintable(arch->item(glb, LoopnestWorkbench::ArchDepth)->toolTip()));
        QVERIFY(w.document()->inputs() == kept);
        // A depth that holds too little: accepted by the reader, refused by the model.
        QVERIFY(testing::typeIntoCell(arch, glb, LoopnestWorkbench::ArchDepth, QStringLiteral("64")));
        QCOMPARE(w.document()->inputs().parsed->architecture.levels[1].depth, std::uint64_t(64));
        QCOMPARE(w.document()->inputs().spec["architecture"]["subtree"][0]["local"][1]["attributes"]["depth"].get<int>(), 64);
        QVERIFY(w.result() && !w.result()->ok);
        QCOMPARE(QString::fromStdString(w.result()->errorLevel), QStringLiteral("shared_glb"));
        w.document()->undoStack()->undo();
        QVERIFY(w.result()->ok);
        QCOMPARE(w.document()->inputs(), kept);
        QCOMPARE(arch->item(glb, LoopnestWorkbench::ArchDepth)->text(), QStringLiteral("16,384"));
        QCOMPARE(testing::editorStartText(arch, glb, LoopnestWorkbench::ArchDepth), QStringLiteral("16384"));
        // Bandwidth: a lower read bandwidth slows the level down.
        QVERIFY(testing::typeIntoCell(arch, glb, LoopnestWorkbench::ArchReadBw, QStringLiteral("0.5")));
        QVERIFY(w.result()->ok);
        QVERIFY(w.result()->cycles > 86016);
        QVERIFY(w.summaryText().contains(QStringLiteral("Bandwidth-bound at shared_glb")));
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->inputs(), kept);
        // The ERT's energy per read: typed into the table, it changes the spec's ERT (the model
        // reads it back) and the level's energy grows; undo restores both.
        const double before = w.result()->energy;
        const double levelBefore = w.result()->levels[1].energy;
        const double oldRead = w.document()->inputs().parsed->architecture.levels[1].readEnergy;
        QCOMPARE(testing::editorStartText(arch, glb, LoopnestWorkbench::ArchReadPj), QStringLiteral("18.1838"));
        QCOMPARE(w.document()->inputs(), kept); // opened and left: nothing changed
        QVERIFY(testing::typeIntoCell(arch, glb, LoopnestWorkbench::ArchReadPj, QString::number(oldRead * 2, 'g', 17)));
        QCOMPARE(w.document()->inputs().parsed->architecture.levels[1].readEnergy, oldRead * 2);
        QCOMPARE(arch->item(glb, LoopnestWorkbench::ArchReadPj)->text(), QStringLiteral("36.37 pJ"));
        QVERIFY(w.result()->ok);
        QVERIFY(w.result()->levels[1].energy > levelBefore);
        QVERIFY(w.result()->energy > before);
        // A negative energy is refused and kept in its cell with the reason.
        QVERIFY(testing::typeIntoCell(arch, glb, LoopnestWorkbench::ArchReadPj, QStringLiteral("-1")));
        QCOMPARE(arch->item(glb, LoopnestWorkbench::ArchReadPj)->text(), QStringLiteral("-1"));
        QCOMPARE(w.document()->inputs().parsed->architecture.levels[1].readEnergy, oldRead * 2);
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->inputs(), kept);
        QCOMPARE(w.result()->energy, before);
    }

    /// Problem edits: a bound (the outermost level takes the rest), a coefficient, a refusal.
    void problemEditsAreUndoable()
    {
        LoopnestWorkbench w;
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.showTab(LoopnestWorkbench::ProblemTab);
        const int M = dimOf(w, "M"), dram = levelOf(w, "DRAM");
        QVERIFY(testing::typeIntoCell(w.boundsTable(), M, 1, QStringLiteral("64")));
        QCOMPARE(w.document()->inputs().parsed->problem.bounds[M], std::uint64_t(64));
        QCOMPARE(w.mapping().levels[dram].temporalFactors[M], std::uint64_t(8));
        QVERIFY(w.result()->ok);
        QCOMPARE(w.result()->actualComputes, std::uint64_t(2 * 10838016));
        QVERIFY(testing::typeIntoCell(w.boundsTable(), M, 1, QStringLiteral("0")));
        QCOMPARE(w.boundsTable()->item(M, 1)->text(), QStringLiteral("0"));
        QVERIFY(w.boundsTable()->item(M, 1)->toolTip().startsWith(QStringLiteral("Bound of M: ")));
        QCOMPARE(w.document()->inputs().parsed->problem.bounds[M], std::uint64_t(64));
        w.document()->undoStack()->undo();
        QCOMPARE(w.result()->actualComputes, std::uint64_t(10838016));
        const int hs = w.document()->inputs().parsed->problem.findCoefficient("Hstride");
        QVERIFY(testing::typeIntoCell(w.coefficientsTable(), hs, 1, QStringLiteral("1")));
        QVERIFY(w.projectionsText()->toPlainText().contains(QStringLiteral("Hstride = 1")));
        QVERIFY(w.result()->ok);
    }

    /// Exports: the map.yaml and the whole spec read back (as timeloop-model would read them) to
    /// the same figures; the results as JSON and CSV.
    void exportsReadBackToTheSameFigures()
    {
        LoopnestWorkbench w;
        const int psum = levelOf(w, "psum_spad"), M = dimOf(w, "M");
        loopnest::Mapping m = w.mapping();
        m.levels[psum].temporalFactors[M] = 4;
        m.levels[0].temporalFactors[M] = 8;
        w.setMapping(m, QStringLiteral("edit"));
        QVERIFY(w.result()->ok);
        const loopnest::EvalResult shown = *w.result();
        QTemporaryDir dir;
        const QString map = dir.filePath(QStringLiteral("map.yaml")), spec = dir.filePath(QStringLiteral("ex.spec.yaml"));
        QCOMPARE(w.writeMapping(map), QString());
        QCOMPARE(w.writeMapping(spec), QString());
        const QString preset = QStringLiteral(MAPSCAPE_SOURCE_PRESET_DIR "/loopnest/ex_eyeriss_like.yaml");
        for (const QStringList& files : {QStringList{preset, map}, QStringList{spec}}) {
            const loopnest::EvalResult back = evaluateFiles(files);
            QVERIFY(back.ok);
            QCOMPARE(back.cycles, shown.cycles);
            QVERIFY(qAbs(back.energy - shown.energy) <= 1e-9 * shown.energy);
        }
        QCOMPARE(w.exportResults(dir.filePath(QStringLiteral("r.json"))), QString());
        const auto j = nlohmann::json::parse(readTextFile(dir.filePath(QStringLiteral("r.json")).toStdString()));
        QVERIFY(qAbs(j.at("energy_pJ").get<double>() - shown.energy) <= 1e-9 * shown.energy);
        QCOMPARE(j.at("cycles").get<std::uint64_t>(), shown.cycles);
        QCOMPARE(w.exportResults(dir.filePath(QStringLiteral("r.csv"))), QString());
        QVERIFY(QString::fromStdString(readTextFile(dir.filePath(QStringLiteral("r.csv")).toStdString()))
                    .startsWith(QStringLiteral("level,data_space,keep,reads")));
        // Opening the map.yaml into another workbench replaces its mapping only, undoably.
        LoopnestWorkbench other;
        QCOMPARE(other.openFile(map), QString());
        QCOMPARE(other.result()->cycles, shown.cycles);
        QCOMPARE(other.result()->energy, shown.energy);
        other.document()->undoStack()->undo();
        QCOMPARE(other.mapping().levels[psum].temporalFactors[M], std::uint64_t(8));
        // A mapping that names an unknown level: refused with its file, nothing changed.
        const QString bad = dir.filePath(QStringLiteral("bad.yaml"));
        writeTextFileAtomic(bad.toStdString(), "mapping:\n- target: L9\n  type: temporal\n  factors: M=1\n");
        const LoopnestInputs before = other.document()->inputs();
        const QString error = other.openFile(bad);
        QVERIFY2(error.contains(QStringLiteral("bad.yaml")) && error.contains(QStringLiteral("L9")), qPrintable(error));
        QVERIFY(other.document()->inputs() == before);
    }

    /// A Timeloop reference folder (the files timeloop-model took, and its map.yaml), opened
    /// and dropped on the workbench: the mapping timeloop-model evaluated, with its figures.
    void opensAndTakesDropsOfAReferenceFolder()
    {
        QVERIFY2(QFileInfo(kGolden).isDir(), qPrintable(kGolden + QStringLiteral(" is missing (../shared/golden)")));
        LoopnestWorkbench w;
        // Another study first, so that opening changes something.
        QCOMPARE(w.openFile(QStringLiteral(MAPSCAPE_SOURCE_PRESET_DIR "/loopnest/ispass_3level_spatial.yaml")), QString());
        QVERIFY(w.result()->cycles != 86016);
        QCOMPARE(w.openFile(kGolden), QString());
        QVERIFY(w.result() && w.result()->ok);
        QCOMPARE(w.result()->cycles, std::uint64_t(86016));
        QVERIFY(qAbs(w.result()->energy - 59.28e6) / 59.28e6 < 1e-3);
        w.document()->undoStack()->undo();
        QVERIFY(w.result()->cycles != 86016);
        // Dropped as files.
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(kGolden + QStringLiteral("/parsed-processed-input.yaml")),
                      QUrl::fromLocalFile(kGolden + QStringLiteral("/map.yaml")),
                      QUrl::fromLocalFile(kGolden + QStringLiteral("/ERT.yaml")),
                      QUrl::fromLocalFile(kGolden + QStringLiteral("/ART.yaml"))});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QCOMPARE(w.result()->cycles, std::uint64_t(86016));
        QVERIFY(w.document()->undoStack()->count() == 2);
    }

    /// The mapper from the Optimize tab; its best mapping opened as the current one, undoably.
    void mapperBestOpensAsTheMapping()
    {
        LoopnestWorkbench w;
        RunsPanel* runs = runRandomMapper(w);
        QVERIFY(runs);
        const std::string json = runs->resultJsonAt(0);
        QVERIFY(json.find("mapping_yaml") != std::string::npos);
        const loopnest::Mapping before = w.mapping();
        const double energyBefore = w.result()->energy;
        QSignalSpy shown(&w, &StudyWorkbench::evaluationShown);
        Q_EMIT runs->resultRequested(QString::fromStdString(json), QStringLiteral("best of run #1"));
        QVERIFY(!shown.isEmpty());
        QVERIFY(w.result() && w.result()->ok);
        QCOMPARE(w.document()->undoStack()->undoText(), QStringLiteral("Open best of run #1"));
        const double best = w.result()->energy;
        QVERIFY(best != energyBefore);
        w.document()->undoStack()->undo();
        QCOMPARE(w.result()->energy, energyBefore);
        QCOMPARE(w.mapping().levels[0].temporalFactors, before.levels[0].temporalFactors);
    }

    /// Issue 49, item 3: a point of the run's Pareto front, hovered, names its mapping's
    /// parameters; clicked, it becomes the current mapping in one undo step.
    void paretoPointOpensAsTheMapping()
    {
        LoopnestWorkbench w;
        RunsPanel* runs = runRandomMapper(w);
        QVERIFY(runs);
        ParetoChart* chart = showPareto(runs);
        const QList<QPointF> front = chart->front();
        QVERIFY(front.size() >= 2);
        openDrawnPoint(w, front.back(), QStringLiteral("On the Pareto front")); // an end, not the best
    }

    /// Issue 46: any evaluated point can be opened, not only the best and the front: a point
    /// the front dominates, hovered, names its mapping; clicked, that mapping opens with the
    /// figures the chart drew it at.
    void dominatedPointOpensAsTheMapping()
    {
        LoopnestWorkbench w;
        RunsPanel* runs = runRandomMapper(w);
        QVERIFY(runs);
        ParetoChart* chart = showPareto(runs);
        const QList<QPointF> front = chart->front();
        QVERIFY(!front.isEmpty());
        // The chart's axes: energy and cycles, in either order.
        const bool energyOnX = chart->xAxisTitle().startsWith(QStringLiteral("Energy"));
        QVERIFY(energyOnX || chart->yAxisTitle().startsWith(QStringLiteral("Energy")));
        std::vector<QPointF> drawn;
        for (const EvaluatedPoint& p : runs->evaluatedPoints(runs->runModel()->idAt(0)))
            drawn.push_back(energyOnX ? QPointF(p.values[0], p.values[1]) : QPointF(p.values[1], p.values[0]));
        QVERIFY(drawn.size() > 100);
        // The dominated point farthest (on the log-log plot) from every other drawn point, so
        // that the click cannot hit a neighbour.
        const auto dominated = [&](QPointF q) {
            return std::any_of(front.begin(), front.end(), [q](QPointF f) {
                return f.x() <= q.x() && f.y() <= q.y() && (f.x() < q.x() || f.y() < q.y());
            });
        };
        const auto logDistance = [](QPointF a, QPointF b) {
            return std::hypot(std::log10(a.x() / b.x()), std::log10(a.y() / b.y()));
        };
        QPointF pick;
        double farthest = -1;
        for (const QPointF& q : drawn) {
            if (!dominated(q))
                continue;
            double nearest = std::numeric_limits<double>::infinity();
            for (const QPointF& o : drawn)
                if (o != q)
                    nearest = std::min(nearest, logDistance(q, o));
            if (nearest > farthest) {
                farthest = nearest;
                pick = q;
            }
        }
        QVERIFY(farthest > 0);
        openDrawnPoint(w, pick, QStringLiteral("Evaluated"));
    }

private:
    static ParetoChart* showPareto(RunsPanel* runs)
    {
        runs->runTable()->selectRow(0);
        runs->showViewTab(RunsPanel::ParetoTab);
        ParetoChart* chart = runs->paretoChart();
        chart->flush();
        QCoreApplication::processEvents(); // the chart's layout (its plot area)
        return chart;
    }

    /// Hovers the drawn point `pick` (x, y in the axes' units), checks the read-out names the
    /// mapping, clicks it and checks the mapping opened is the one drawn there, undoably.
    static void openDrawnPoint(LoopnestWorkbench& w, QPointF pick, const QString& readoutStart)
    {
        ParetoChart* chart = w.runsPanel()->paretoChart();
        ChartView* v = chart->view();
        const QPointF series(std::log10(pick.x() / v->xFormat().factor), std::log10(pick.y() / v->yFormat().factor));
        const QPoint at = v->toViewport(series).toPoint();
        QMouseEvent move(QEvent::MouseMove, at, v->viewport()->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(v->viewport(), &move);
        QVERIFY2(v->readout().startsWith(readoutStart), qPrintable(v->readout()));
        QVERIFY2(v->readout().contains(QStringLiteral("Click to open this mapping")), qPrintable(v->readout()));
        const double energyBefore = w.result()->energy;
        const int steps = w.document()->undoStack()->count();
        QTest::mouseClick(v->viewport(), Qt::LeftButton, Qt::NoModifier, at);
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        QVERIFY2(w.document()->undoStack()->undoText().startsWith(QStringLiteral("Open mapping of run #1 random at ")),
                 qPrintable(w.document()->undoStack()->undoText()));
        QVERIFY(w.result() && w.result()->ok);
        const auto near = [](double a, double b) { return std::abs(a - b) <= 1e-9 * std::abs(b); };
        const double energy = w.result()->energy, cycles = double(w.result()->cycles);
        QVERIFY2((near(energy, pick.x()) && near(cycles, pick.y())) || (near(energy, pick.y()) && near(cycles, pick.x())),
                 qPrintable(QStringLiteral("%1 pJ, %2 cycles for %3, %4").arg(energy).arg(cycles).arg(pick.x()).arg(pick.y())));
        w.document()->undoStack()->undo();
        QCOMPARE(w.result()->energy, energyBefore);
    }
};

QTEST_MAIN(TestLoopnestWorkbench)
#include "tst_loopnest_workbench.moc"
