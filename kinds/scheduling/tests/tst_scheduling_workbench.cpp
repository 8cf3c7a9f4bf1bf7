// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// The scheduling-table study's workbench, offscreen: live re-evaluation of edits, exports,
/// run results shown as mappings, and the fixes found by trying it as a new user would (each
/// test here failed before its fix).

#include "kinds/scheduling/core/scheduling_study.h"
#include "kinds/scheduling/core/preset_io.h"
#include "core/io/preset_library.h"
#include "core/runner/optimizer_run.h"
#include "support/typing.h"
#include "support/widgets.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/charts/pareto_chart.h"
#include "kinds/scheduling/widgets/accelerator_document.h"
#include "kinds/scheduling/widgets/accelerator_table_model.h"
#include "kinds/scheduling/widgets/layer_table_model.h"
#include "kinds/scheduling/widgets/network_document.h"
#include "kinds/scheduling/widgets/results_table_model.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/scheduling/widgets/scheduling_workbench.h"

#include <QAbstractProxyModel>
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QUndoGroup>
#include <QUndoStack>
#include <QTableView>
#include <QTemporaryDir>
#include "core/util/units.h"

#include <QtTest>

using namespace mapscape;

namespace {

/// ResNet-50 on Eyeriss with NeuroSpector's bottom-up tables, evaluated.
void openNeuroSpectorResnet(SchedulingWorkbench& w)
{
    QVERIFY(w.selectAccelerator(QStringLiteral("eyeriss")));
    QVERIFY(w.selectNetwork(QStringLiteral("resnet50")));
    QVERIFY(w.selectMapping(QStringLiteral("eyeriss_resnet50_neurospector-bottom-up_energy")));
    QTRY_VERIFY_WITH_TIMEOUT(w.currentSnapshot() && w.currentSnapshot()->result.complete(), 20000);
}

using test::button;

/// The workbench's table views over a model of type M (the layer or the level table).
template <class M>
QTableView* tableOf(SchedulingWorkbench& w)
{
    for (QTableView* t : w.findChildren<QTableView*>()) {
        QAbstractItemModel* m = t->model();
        if (auto* proxy = qobject_cast<QAbstractProxyModel*>(m))
            m = proxy->sourceModel();
        if (qobject_cast<M*>(m))
            return t;
    }
    return nullptr;
}

} // namespace

class TestSchedulingWorkbench : public QObject {
    Q_OBJECT

private Q_SLOTS:
    /// Issue 31: "12abc" in a layer cell or "XY" as a dataflow silently went back to the old
    /// value. Typed into the tables' own editors key by key: values are stored exactly; a refused
    /// entry stays in its cell, marked, with the reason, and on the status line until fixed.
    void typedCellsAreStoredOrRefusedInPlace()
    {
        SchedulingWorkbench w;
        openNeuroSpectorResnet(w);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy status(&w, &StudyWorkbench::message);
        QTableView* layers = tableOf<LayerTableModel>(w);
        QTableView* levels = tableOf<AcceleratorTableModel>(w);
        QVERIFY(layers && levels);
        const auto typeCell = [&](QTableView* t, int row, int column, const QString& text) {
            QVERIFY(testing::typeIntoCell(t, row, column, text));
        };
        const auto k = [&] { return w.networkDocument()->network().layers[0].k; };
        typeCell(layers, 0, LayerTableModel::K, QStringLiteral("96"));
        QCOMPARE(k(), std::int64_t(96));
        typeCell(layers, 0, LayerTableModel::K, QStringLiteral("12abc"));
        QCOMPARE(k(), std::int64_t(96));
        const QModelIndex cell = layers->model()->index(0, LayerTableModel::K);
        QCOMPARE(cell.data().toString(), QStringLiteral("12abc"));
        QVERIFY(cell.data(Qt::BackgroundRole).isValid());
        QVERIFY2(cell.data(Qt::ToolTipRole).toString().contains(QStringLiteral("row 1")), qPrintable(cell.data(Qt::ToolTipRole).toString()));
        QCOMPARE(status.last().at(0).toString(), cell.data(Qt::ToolTipRole).toString());
        // The accelerator's dataflow column: "XY" is no dataflow.
        const int gb = 4; // Register, MAC array, local buffer, PE array, global buffer
        const QString dataflowBefore = levels->model()->index(gb, int(LevelField::Dataflow)).data().toString();
        typeCell(levels, gb, int(LevelField::Dataflow), QStringLiteral("XY"));
        const QModelIndex df = levels->model()->index(gb, int(LevelField::Dataflow));
        QCOMPARE(df.data().toString(), QStringLiteral("XY"));
        QVERIFY(!df.data(Qt::ToolTipRole).toString().isEmpty());
        // Other edits leave the refused entries in place; fixing them clears the status line.
        typeCell(layers, 0, LayerTableModel::C, QStringLiteral("3"));
        QCOMPARE(cell.data().toString(), QStringLiteral("12abc"));
        typeCell(layers, 0, LayerTableModel::K, QStringLiteral("64"));
        QCOMPARE(k(), std::int64_t(64));
        QCOMPARE(cell.data().toString(), QStringLiteral("64"));
        QVERIFY(!cell.data(Qt::BackgroundRole).isValid());
        typeCell(levels, gb, int(LevelField::Dataflow), dataflowBefore);
        QCOMPARE(df.data().toString(), dataflowBefore);
        QVERIFY(status.last().at(0).toString().isEmpty());
    }

    /// Runs on edited inputs say what was edited, and the curves say which runs they leave out
    /// and why (issue 31, item 6: both read "Eyeriss / ResNet-50" and the curves were hidden
    /// without a word).
    void runsOnEditedInputsSayWhat()
    {
        SchedulingWorkbench w;
        openNeuroSpectorResnet(w);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        RunsPanel* runs = w.runsPanel();
        QVERIFY(runs->optimizerPanel()->selectOptimizer(QStringLiteral("random")));
        QVERIFY(runs->optimizerPanel()->setOption(QStringLiteral("samples"), QStringLiteral("20")));
        QSignalSpy finished(runs, &RunsPanel::runFinished);
        QVERIFY(runs->startRun());
        QVERIFY(finished.wait(60000));
        const auto setupOf = [&](int row) { return runs->runModel()->index(row, RunListModel::Setup).data().toString(); };
        QCOMPARE(setupOf(0), QStringLiteral("Eyeriss / ResNet-50"));
        QVERIFY(runs->hiddenCurvesNote().isEmpty());
        // The global buffer set to 4096 B in its table cell, and a layer's K changed.
        QTableView* levels = tableOf<AcceleratorTableModel>(w);
        QTableView* layers = tableOf<LayerTableModel>(w);
        QVERIFY(levels && layers);
        const int gb = 4;
        QVERIFY(testing::typeIntoCell(levels, gb, int(LevelField::Size), QStringLiteral("4096")));
        QVERIFY(testing::typeIntoCell(layers, 0, LayerTableModel::K, QStringLiteral("32")));
        QCOMPARE(w.acceleratorDocument()->accelerator().buffer(Component::GlobalBuffer).sizeBytes.front(), std::int64_t(4096));
        finished.clear();
        QVERIFY(runs->startRun());
        QVERIFY(finished.wait(60000));
        QCOMPARE(setupOf(1), QStringLiteral("Eyeriss (edited: GB 4096 B) / ResNet-50 (edited: CONV_1 K 32)"));
        QCOMPARE(setupOf(0), QStringLiteral("Eyeriss / ResNet-50"));
        // The first run's curve is not drawn on the edited setup, and the panel says so.
        const QString note = runs->hiddenCurvesNote();
        QVERIFY2(note.startsWith(QStringLiteral("1 run not drawn")) && note.contains(QStringLiteral("Eyeriss / ResNet-50")) &&
                     note.contains(QStringLiteral("Runs on other setups")),
                 qPrintable(note));
        runs->setCompareAcrossSetups(true);
        QVERIFY(runs->hiddenCurvesNote().isEmpty());
    }

    /// One undo history per study, in order, named in the Edit menu (issue 31, item 3): choose a
    /// mapping on Evaluate, set the global buffer on Accelerator, go back to Evaluate, undo: the
    /// buffer edit goes first (it used to revert silently with the mapping choice, leaving the
    /// Accelerator tab's history empty); "(edited)" goes once every edit is undone.
    void oneUndoHistoryPerStudy()
    {
        SchedulingWorkbench w;
        QVERIFY(w.selectAccelerator(QStringLiteral("eyeriss")));
        QVERIFY(w.selectNetwork(QStringLiteral("resnet50")));
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QUndoGroup group; // as the main window's Edit menu
        for (QUndoStack* s : w.undoStacks())
            group.addStack(s);
        QAction* undo = group.createUndoAction(&w, QStringLiteral("Undo"));
        QAction* redo = group.createRedoAction(&w, QStringLiteral("Redo"));
        w.showTab(SchedulingWorkbench::EvaluateTab);
        group.setActiveStack(w.activeUndoStack());
        QVERIFY(w.selectMapping(QStringLiteral("eyeriss_resnet50_neurospector-bottom-up_energy")));
        const QString chosen = w.mappingCombo()->currentText();
        QTableView* levels = tableOf<AcceleratorTableModel>(w);
        QVERIFY(levels);
        const std::int64_t gbBefore = w.acceleratorDocument()->accelerator().buffer(Component::GlobalBuffer).sizeBytes.front();
        QVERIFY(testing::typeIntoCell(levels, 4, int(LevelField::Size), QStringLiteral("4096")));
        QCOMPARE(w.acceleratorDocument()->accelerator().buffer(Component::GlobalBuffer).sizeBytes.front(), std::int64_t(4096));
        QVERIFY(w.acceleratorCombo()->currentText().endsWith(QStringLiteral("(edited)")));
        w.showTab(SchedulingWorkbench::EvaluateTab);
        group.setActiveStack(w.activeUndoStack());
        QCOMPARE(undo->text(), QStringLiteral("Undo Set global buffer size to 4096"));
        undo->trigger();
        QCOMPARE(w.acceleratorDocument()->accelerator().buffer(Component::GlobalBuffer).sizeBytes.front(), gbBefore);
        QCOMPARE(w.mappingCombo()->currentText(), chosen); // the mapping choice stays
        QVERIFY2(!w.acceleratorCombo()->currentText().contains(QStringLiteral("edited")), qPrintable(w.acceleratorCombo()->currentText()));
        QCOMPARE(undo->text(), QStringLiteral("Undo Choose mapping ") + chosen);
        undo->trigger();
        QVERIFY(w.mappingCombo()->currentText() != chosen);
        // Redo brings both back, in order, with readable names.
        redo->trigger();
        QCOMPARE(w.mappingCombo()->currentText(), chosen);
        QCOMPARE(redo->text(), QStringLiteral("Redo Set global buffer size to 4096"));
        redo->trigger();
        QCOMPARE(w.acceleratorDocument()->accelerator().buffer(Component::GlobalBuffer).sizeBytes.front(), std::int64_t(4096));
        QVERIFY(w.acceleratorCombo()->currentText().endsWith(QStringLiteral("(edited)")));
    }

    /// Editing a layer re-evaluates the current mapping; undo brings the old figures back.
    /// Issue 31, item 7: with repeat counts the total is one inference (each layer times its
    /// occurrences), NeuroSpector's figure (each listed layer once) beside it; without, the line
    /// says each layer is counted once.
    void networkTotalIsOneInference()
    {
        SchedulingWorkbench w;
        openNeuroSpectorResnet(w);
        QVERIFY2(w.totalsText().startsWith(QStringLiteral("Total: 12.55 mJ")), qPrintable(w.totalsText()));
        QVERIFY2(w.totalsText().contains(QStringLiteral("(21 layers, each counted once, 1.661 G MACs)")), qPrintable(w.totalsText()));
        QSignalSpy shown(&w, &StudyWorkbench::evaluationShown);
        QVERIFY(w.selectNetwork(QStringLiteral("resnet50-inference")));
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 20000);
        const NetworkResult& r = w.currentSnapshot()->result;
        QVERIFY(r.complete());
        QVERIFY(r.weightedEnergy > 2 * r.energy); // 54 layer runs against 24 listed layers
        const QString text = w.totalsText();
        QVERIFY2(text.startsWith(QStringLiteral("Per inference: %1, %2 (24 layers × their repeat counts = 54 layer runs, "
                                                "4.089 G MACs)")
                                     .arg(QString::fromStdString(formatQuantity(r.weightedEnergy, "pJ", 4)),
                                          QString::fromStdString(formatQuantity(r.weightedCycles, "cycles", 4)))),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("each listed layer once: %1").arg(QString::fromStdString(formatQuantity(r.energy, "pJ", 4)))),
                 qPrintable(text));
    }

    void editsReevaluateLive()
    {
        SchedulingWorkbench w;
        QSignalSpy shown(&w, &StudyWorkbench::evaluationShown);
        openNeuroSpectorResnet(w);
        const double before = w.currentSnapshot()->result.energy;
        QVERIFY(qAbs(before - 1.2547e10) / 1.2547e10 < 1e-4);

        NetworkDocument* doc = w.networkDocument();
        QCOMPARE(int(doc->network().layers.size()), 21);
        shown.clear();
        // FC_1 with K = 500: the preset table no longer multiplies out, the layer is reported.
        QVERIFY(doc->setField(20, LayerField::K, QStringLiteral("500")).isEmpty());
        QTRY_VERIFY(!shown.isEmpty());
        QVERIFY(!w.currentSnapshot()->result.complete());
        QVERIFY2(w.totalsText().contains(QStringLiteral("— 1 invalid layer excluded (first: FC_1")), qPrintable(w.totalsText()));
        shown.clear();
        doc->undoStack()->undo();
        QTRY_VERIFY(!shown.isEmpty());
        QTRY_VERIFY(w.currentSnapshot()->result.complete());
        QCOMPARE(w.currentSnapshot()->result.energy, before);

        // An invalid value is kept in the editor but not evaluated.
        shown.clear();
        QVERIFY(doc->setField(0, LayerField::G, QStringLiteral("5")).isEmpty());
        QTest::qWait(200);
        QVERIFY(shown.isEmpty());
        QCOMPARE(doc->network().layers[0].g, 5);
    }

    void exportsTheMapping()
    {
        SchedulingWorkbench w;
        QVERIFY(w.selectAccelerator(QStringLiteral("simba")));
        QVERIFY(w.selectNetwork(QStringLiteral("resnet50")));
        QVERIFY(w.selectMapping(QStringLiteral("simba_resnet50_neurospector-bottom-up_energy")));
        QTRY_VERIFY_WITH_TIMEOUT(w.currentSnapshot() && w.currentSnapshot()->result.complete(), 20000);
        QTemporaryDir dir;
        const auto read = [](const QString& path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
        };
        QCOMPARE(w.writeMapping(dir.filePath(QStringLiteral("m.json"))), QString());
        const Accelerator acc = loadAccelerator(resolvePreset("simba", kAcceleratorPresets));
        const Network net = loadNetwork(resolvePreset("resnet50", kNetworkPresets));
        const Mapping back = loadMapping(dir.filePath(QStringLiteral("m.json")).toStdString(), acc, net);
        QCOMPARE(int(back.layers.size()), 21);
        QCOMPARE(back.layers[1].table, w.currentSnapshot()->result.layers[1].table);
        QCOMPARE(w.writeMapping(dir.filePath(QStringLiteral("m.csv"))), QString());
        QVERIFY(read(dir.filePath(QStringLiteral("m.csv"))).startsWith(QStringLiteral("layer,row,K,B,P,Q,C,R,S,G,dataflow\n")));
        QCOMPARE(w.writeMapping(dir.filePath(QStringLiteral("m.yaml"))), QString());
        QCOMPARE(read(dir.filePath(QStringLiteral("m.yaml"))).count(QStringLiteral("mapping:\n")), 21);
        QCOMPARE(w.writeMapping(dir.filePath(QStringLiteral("ns"))), QString());
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("ns/table_FC_1.cfg"))));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("ns/replay.sh"))));
        QVERIFY(w.writeMapping(QStringLiteral("/proc/forbidden/m.json")).contains(QStringLiteral("/proc/forbidden/m.json")));
    }

    void acceleratorEditsReevaluate()
    {
        SchedulingWorkbench w;
        QSignalSpy shown(&w, &StudyWorkbench::evaluationShown);
        openNeuroSpectorResnet(w);
        const double before = w.currentSnapshot()->result.energy;
        shown.clear();
        QSignalSpy changed(&w, &StudyWorkbench::changed);
        // Twice the DRAM access energy: the same tables cost more.
        QVERIFY(w.acceleratorDocument()->setLevelField(Component::Dram, LevelField::Energy, QStringLiteral("256")).isEmpty());
        QTRY_VERIFY(!shown.isEmpty());
        QTRY_VERIFY(w.currentSnapshot()->result.energy > before);
        QVERIFY(!changed.isEmpty());
        shown.clear();
        w.acceleratorDocument()->undoStack()->undo();
        QTRY_VERIFY(!shown.isEmpty());
        QTRY_COMPARE(w.currentSnapshot()->result.energy, before);
    }

    /// A run's best mapping lands in the Evaluate tab as an undoable step; undo restores the
    /// mapping shown before.
    void runResultBecomesTheMappingUndoably()
    {
        SchedulingWorkbench w;
        openNeuroSpectorResnet(w);
        const double nsEnergy = w.currentSnapshot()->result.energy;
        RunsPanel* runs = w.runsPanel();
        QVERIFY(runs->optimizerPanel()->selectOptimizer(QStringLiteral("bottom-up")));
        QVERIFY(runs->optimizerPanel()->selectObjective(QStringLiteral("cycle")));
        QSignalSpy finished(runs, &RunsPanel::runFinished);
        OptimizerRun* run = runs->startRun();
        QVERIFY(run);
        QVERIFY(finished.wait(60000));
        QSignalSpy shown(&w, &StudyWorkbench::evaluationShown);
        runs->runTable()->selectRow(0);
        QPushButton* show = button(runs, QStringLiteral("Show best mapping"));
        QVERIFY(show && show->isEnabled());
        show->click();
        QTRY_VERIFY(!shown.isEmpty());
        QVERIFY(w.currentSnapshot()->result.complete());
        QCOMPARE(w.currentSnapshot()->result.cycles, run->jobAs<SchedulingJob>()->searchResult().totalCycles);
        QVERIFY(w.mappingCombo()->currentText().contains(QStringLiteral("bottom-up run #1")));
        // Undo: NeuroSpector's tables again.
        shown.clear();
        QVERIFY(w.setupUndoStack()->canUndo());
        w.setupUndoStack()->undo();
        QTRY_VERIFY(!shown.isEmpty());
        QCOMPARE(w.currentSnapshot()->result.energy, nsEnergy);
        QCOMPARE(w.mappingCombo()->currentText(), QStringLiteral("neurospector-bottom-up (energy)"));
        shown.clear();
        w.setupUndoStack()->redo();
        QTRY_VERIFY(!shown.isEmpty());
        QCOMPARE(w.currentSnapshot()->result.cycles, run->jobAs<SchedulingJob>()->searchResult().totalCycles);
        // A mapping for another network is refused.
        Mapping other = mappingFromJson(run->resultJson(), "run", loadAccelerator(resolvePreset("eyeriss", kAcceleratorPresets)));
        other.network = "YOLO-v3";
        QVERIFY(!w.showMapping(other, QStringLiteral("wrong")));
    }

    /// "Show best mapping" on a run without a result (a cancelled exhaustive search) replaced the
    /// mapping with an empty one that undo could not restore: it is disabled, and an empty mapping
    /// is refused.
    void noResultNoShow()
    {
        SchedulingWorkbench w;
        openNeuroSpectorResnet(w);
        const double before = w.currentSnapshot()->result.energy;
        RunsPanel* runs = w.runsPanel();
        QVERIFY(runs->optimizerPanel()->selectOptimizer(QStringLiteral("exhaustive")));
        QVERIFY(runs->optimizerPanel()->setOption(QStringLiteral("max_candidates"), QStringLiteral("1e18")));
        QSignalSpy finished(runs, &RunsPanel::runFinished);
        OptimizerRun* run = runs->startRun();
        QVERIFY(run);
        QTest::qWait(300);
        run->cancel();
        QVERIFY(finished.wait(10000));
        QCOMPARE(run->state(), RunState::Cancelled);
        runs->runTable()->selectRow(0);
        runs->drain();
        QPushButton* show = button(runs, QStringLiteral("Show best mapping"));
        QVERIFY(show);
        QVERIFY(!show->isEnabled());
        const int steps = w.setupUndoStack()->count();
        QSignalSpy errors(&w, &StudyWorkbench::errorOccurred);
        QVERIFY(!w.showMapping(Mapping{}, QStringLiteral("nothing")));
        QCOMPARE(errors.count(), 1);
        QCOMPARE(w.setupUndoStack()->count(), steps);
        QCOMPARE(w.currentSnapshot()->result.energy, before);
    }

    /// Every choice of accelerator, network and mapping is one undo step.
    void choicesAreUndoable()
    {
        SchedulingWorkbench w;
        openNeuroSpectorResnet(w);
        QUndoStack* undo = w.setupUndoStack();
        const int steps = undo->count();
        QCOMPARE(steps, 3);
        QVERIFY(w.selectMapping(QString())); // trivial
        QCOMPARE(undo->count(), steps + 1);
        QTRY_VERIFY(w.currentSnapshot() && w.currentSnapshot()->mapping.layers.empty());
        undo->undo();
        QCOMPARE(w.mappingCombo()->currentText(), QStringLiteral("neurospector-bottom-up (energy)"));
        QVERIFY(w.selectAccelerator(QStringLiteral("simba")));
        QCOMPARE(w.acceleratorDocument()->accelerator().name, std::string("Simba"));
        QCOMPARE(w.mappingCombo()->currentIndex(), 0); // a mapping belongs to one accelerator
        undo->undo();
        QCOMPARE(w.acceleratorDocument()->accelerator().name, std::string("Eyeriss"));
        QCOMPARE(w.acceleratorCombo()->currentText(), QStringLiteral("eyeriss"));
        QCOMPARE(w.mappingCombo()->currentText(), QStringLiteral("neurospector-bottom-up (energy)"));
        QTRY_VERIFY(w.currentSnapshot() && w.currentSnapshot()->result.complete() &&
                    w.currentSnapshot()->model->accelerator().name == "Eyeriss");
        // A bad file is refused without touching the mapping or the history.
        QVERIFY(!w.selectMapping(QStringLiteral("/nonexistent/table.json")));
        QCOMPARE(undo->index(), steps);
    }

    /// With an invalid layer or accelerator the Evaluate tab kept the old figures (or "Total:
    /// 0 pJ, 21 layers evaluated"): the rows and the total now say they are stale or invalid,
    /// and why.
    void invalidInputsAreShownAsSuch()
    {
        SchedulingWorkbench w;
        openNeuroSpectorResnet(w);
        ResultsTableModel* model = w.resultsModel();
        QVERIFY(!model->isStale());
        QVERIFY(w.totalsText().startsWith(QStringLiteral("Total: 12.55 mJ")));
        // K = 0: not evaluated; rows greyed with the reason.
        QVERIFY(w.networkDocument()->setField(0, LayerField::K, QStringLiteral("0")).isEmpty());
        QVERIFY(model->isStale());
        QVERIFY(w.totalsText().startsWith(QStringLiteral("Not evaluated: the network is invalid")));
        QVERIFY2(w.totalsText().contains(QStringLiteral("K")), qPrintable(w.totalsText()));
        QVERIFY(model->index(3, ResultsTableModel::Status).data().toString().startsWith(QStringLiteral("stale: ")));
        QVERIFY(model->index(3, ResultsTableModel::Energy).data(Qt::ToolTipRole).toString().contains(QStringLiteral("Out of date")));
        QSignalSpy shown(&w, &StudyWorkbench::evaluationShown);
        w.networkDocument()->undoStack()->undo();
        QVERIFY(shown.wait(20000));
        QVERIFY(!model->isStale());
        // A 1,024-byte global buffer: no table fits, and the total says so instead of 0 pJ.
        QVERIFY(w.acceleratorDocument()->setLevelField(Component::GlobalBuffer, LevelField::Size, QStringLiteral("1024")).isEmpty());
        QVERIFY(shown.wait(20000));
        QVERIFY2(w.totalsText().startsWith(QStringLiteral("No layer has a valid table: 21 of 21 invalid (first: CONV_1: ")),
                 qPrintable(w.totalsText()));
        QVERIFY(model->index(0, ResultsTableModel::Status).data().toString().contains(QStringLiteral("capacity")) ||
                model->index(0, ResultsTableModel::Status).data().toString().contains(QStringLiteral("buffer")));
    }

    /// Engineering units, one per column; integer option values without decimals; nothing
    /// clipped at 1,600 px.
    void numbersReadWell()
    {
        SchedulingWorkbench w;
        w.resize(1600, 900);
        w.show();
        openNeuroSpectorResnet(w);
        ResultsTableModel* model = w.resultsModel();
        QCOMPARE(model->headerData(ResultsTableModel::Energy, Qt::Horizontal).toString(), QStringLiteral("Energy (mJ)"));
        QCOMPARE(model->headerData(ResultsTableModel::Cycles, Qt::Horizontal).toString(), QStringLiteral("Cycles (M)"));
        // Every row of a column in the column's unit, with the same number of decimals.
        for (int row = 0; row < model->rowCount(); ++row) {
            const QString e = model->index(row, ResultsTableModel::Energy).data().toString();
            QVERIFY2(QRegularExpression(QStringLiteral("^\\d+\\.\\d{3}$")).match(e).hasMatch(), qPrintable(e));
            const double v = model->index(row, ResultsTableModel::Energy).data(ResultsTableModel::SortRole).toDouble();
            QVERIFY(qAbs(e.toDouble() * 1e9 - v) <= 0.0005e9 + 1e-9 * v);
        }
        // Integer-valued options read as integers.
        QVERIFY(w.runsPanel()->optimizerPanel()->selectOptimizer(QStringLiteral("exhaustive")));
        QCOMPARE(w.runsPanel()->optimizerPanel()->optionText(QStringLiteral("max_candidates")), QStringLiteral("2000000000"));
        // No clipped column headers in the tables of the Evaluate and Optimize tabs.
        w.showTab(SchedulingWorkbench::OptimizeTab);
        QVERIFY(w.runsPanel()->optimizerPanel()->selectOptimizer(QStringLiteral("bottom-up")));
        QSignalSpy finished(w.runsPanel(), &RunsPanel::runFinished);
        QVERIFY(w.runsPanel()->startRun());
        QVERIFY(finished.wait(60000));
        w.runsPanel()->drain();
        for (int tab : {int(SchedulingWorkbench::EvaluateTab), int(SchedulingWorkbench::OptimizeTab)}) {
            w.showTab(tab);
            QTest::qWait(50);
            for (QTableView* t : w.findChildren<QTableView*>()) {
                if (!t->isVisible())
                    continue;
                QHeaderView* h = t->horizontalHeader();
                for (int c = 0; c < h->count(); ++c) {
                    if (h->isSectionHidden(c) || (c == h->count() - 1 && h->stretchLastSection()))
                        continue;
                    const QString title = t->model()->headerData(c, Qt::Horizontal).toString();
                    const int need = h->fontMetrics().horizontalAdvance(title);
                    QVERIFY2(h->sectionSize(c) >= need, qPrintable(QStringLiteral("%1: %2 px for \"%3\" (%4 px)")
                                                                        .arg(t->objectName())
                                                                        .arg(h->sectionSize(c))
                                                                        .arg(title)
                                                                        .arg(need)));
                }
            }
        }
        // The best-so-far curve of an energy run never shows negative energy; axis titles fit.
        LiveLineChart* chart = w.runsPanel()->curveChart();
        chart->flush();
        QTest::qWait(50);
        QVERIFY(chart->yRange().x() >= 0);
        QVERIFY(chart->yAxisTitle().contains(QStringLiteral("J")));
        QVERIFY2(chart->clippedTitles().isEmpty(), qPrintable(chart->clippedTitles().join(QStringLiteral(", "))));
        w.runsPanel()->showViewTab(RunsPanel::ParetoTab);
        QTest::qWait(50);
        QVERIFY(w.runsPanel()->paretoChart()->clippedTitles().isEmpty());
        w.showTab(SchedulingWorkbench::EvaluateTab);
        QTest::qWait(50);
        for (EnergyBreakdownChart* c : w.findChildren<EnergyBreakdownChart*>())
            QVERIFY2(c->clippedTitles().isEmpty(), qPrintable(c->clippedTitles().join(QStringLiteral(", "))));
    }

    /// Issue 49, item 4: the Accelerator tab's sizes and static powers read in engineering units
    /// ("100 KiB", "600 pW"), not "102400" and "6e-07"; the cell's editor still starts from the
    /// exact value in the unit it is typed in, and takes what it took before.
    void acceleratorCellsReadInUnits()
    {
        SchedulingWorkbench w;
        QVERIFY(w.selectAccelerator(QStringLiteral("eyeriss")));
        QVERIFY(w.selectNetwork(QStringLiteral("resnet50")));
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTableView* levels = tableOf<AcceleratorTableModel>(w);
        QVERIFY(levels);
        testing::bringToFront(levels);
        const int lb = int(Component::LocalBuffer), gb = int(Component::GlobalBuffer), dram = int(Component::Dram);
        const auto shown = [&](int row, LevelField f) { return levels->model()->index(row, int(f)).data().toString(); };
        QCOMPARE(shown(gb, LevelField::Size), QStringLiteral("100 KiB"));
        QCOMPARE(shown(lb, LevelField::Size), QStringLiteral("24 B, 448 B, 48 B"));
        QCOMPARE(shown(lb, LevelField::StaticPower), QStringLiteral("600 pW, 27 nW, 7 nW"));
        QCOMPARE(shown(gb, LevelField::StaticPower), QStringLiteral("6.047 µW, 387 nW, 6.047 µW"));
        QCOMPARE(shown(dram, LevelField::StaticPower), QStringLiteral("8 µW"));
        QCOMPARE(levels->model()->headerData(int(LevelField::StaticPower), Qt::Horizontal).toString(), QStringLiteral("Static power"));
        QVERIFY(levels->model()->headerData(int(LevelField::StaticPower), Qt::Horizontal, Qt::ToolTipRole).toString().contains(
            QStringLiteral("typed in mW")));
        // The editors open on the exact numbers, in bytes and mW.
        const auto editorText = [&](int row, LevelField f) {
            const QModelIndex i = levels->model()->index(row, int(f));
            levels->setCurrentIndex(i);
            levels->edit(i);
            auto* editor = qobject_cast<QLineEdit*>(QApplication::focusWidget());
            const QString text = editor ? editor->text() : QStringLiteral("(no editor)");
            if (editor)
                QTest::keyClick(editor, Qt::Key_Escape);
            return text;
        };
        QCOMPARE(editorText(gb, LevelField::Size), QStringLiteral("102400"));
        QCOMPARE(editorText(lb, LevelField::StaticPower), QStringLiteral("6e-07, 2.7e-05, 7e-06"));
        // Typed as before: bytes and mW.
        QVERIFY(testing::typeIntoCell(levels, gb, int(LevelField::Size), QStringLiteral("131072")));
        QCOMPARE(w.acceleratorDocument()->accelerator().buffer(Component::GlobalBuffer).sizeBytes.front(), std::int64_t(131072));
        QCOMPARE(shown(gb, LevelField::Size), QStringLiteral("128 KiB"));
        QVERIFY(testing::typeIntoCell(levels, lb, int(LevelField::StaticPower), QStringLiteral("0.0005")));
        QCOMPARE(w.acceleratorDocument()->accelerator().buffer(Component::LocalBuffer).staticPowerMw[1], 0.0005);
        QCOMPARE(shown(lb, LevelField::StaticPower), QStringLiteral("500 nW"));
        QCOMPARE(editorText(lb, LevelField::StaticPower), QStringLiteral("0.0005"));
    }

    /// A long exact search shows its progress and the candidates it works through.
    void exhaustiveShowsProgress()
    {
        SchedulingWorkbench w;
        QVERIFY(w.selectAccelerator(QStringLiteral("eyeriss")));
        QVERIFY(w.selectNetwork(QStringLiteral("resnet50")));
        RunsPanel* runs = w.runsPanel();
        QVERIFY(runs->optimizerPanel()->selectOptimizer(QStringLiteral("exhaustive")));
        QVERIFY(runs->optimizerPanel()->setOption(QStringLiteral("max_candidates"), QStringLiteral("1e18")));
        QSignalSpy messages(runs, &RunsPanel::message);
        OptimizerRun* run = runs->startRun();
        QVERIFY(run);
        QTRY_VERIFY_WITH_TIMEOUT(run->progress() > 0, 15000);
        QVERIFY(run->progress() < 1);
        bool counted = false;
        for (const auto& m : messages)
            counted = counted || m.first().toString().contains(QStringLiteral("candidate tables in"));
        QVERIFY(counted);
        QTRY_VERIFY(run->etaSeconds() > 0);
        run->cancel();
        run->wait();
    }
};

QTEST_MAIN(TestSchedulingWorkbench)
#include "tst_scheduling_workbench.moc"
