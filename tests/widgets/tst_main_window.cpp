// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// The real main window, offscreen: studies side by side, projects (several studies with their
/// runs, old files too), autosave, the title's modified marker, the recent list and the preset
/// boxes.

#include "support/widgets.h"
#include "kinds/placement/core/placement_study.h"
#include "kinds/dpu/core/dpu_study.h"
#include "kinds/accel/core/accel_study.h"
#include "core/study/study_kind.h"
#include "kinds/dataflow/core/dataflow_study.h"
#include "kinds/scheduling/core/scheduling_study.h"
#include "app/gui/main_window.h"
#include "core/io/file_util.h"
#include "core/study/project_io.h"
#include "kinds/scheduling/core/preset_io.h"
#include "core/io/preset_library.h"
#include "core/runner/optimizer_run.h"
#include "core/util/fault_injection.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/help/help_window.h"
#include "kinds/scheduling/widgets/accelerator_document.h"
#include "widgets/document/inputs_document.h"
#include "kinds/scheduling/widgets/network_document.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/accel/widgets/accel_workbench.h"
#include "kinds/dataflow/widgets/dataflow_workbench.h"
#include "kinds/dpu/widgets/dpu_workbench.h"
#include "kinds/placement/widgets/placement_workbench.h"
#include "kinds/scheduling/widgets/scheduling_workbench.h"
#include "widgets/views/sweep_comparison_view.h"
#include "widgets/dialogs/onnx_input_dialog.h"
#include "core/sweep/sweep.h"
#include "support/onnx_models.h"

#include <QLineEdit>
#include <QRegularExpression>
#include <QTimer>
#include <QChartView>
#include <QBarSeries>
#include <QBarSet>
#include <QComboBox>
#include <QStatusBar>
#include <QHeaderView>
#include <QTableView>
#include <QTableWidget>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QUndoGroup>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <fstream>
#include <QMessageBox>
#include <QtTest>

using namespace mapscape;

namespace {

QStringList g_warnings;
QtMessageHandler g_previous = nullptr;

void captureWarnings(QtMsgType type, const QMessageLogContext& context, const QString& text)
{
    if (type == QtWarningMsg)
        g_warnings.append(text);
    if (g_previous)
        g_previous(type, context, text);
}

/// Items of a box that are not presets (the user's own value).
QStringList ownEntries(const QComboBox* combo, const PresetFolder& kind)
{
    QStringList out;
    for (int i = 0; i < combo->count(); ++i) {
        bool preset = false;
        for (const PresetInfo& p : listPresets(kind))
            preset = preset || QString::fromStdString(p.path) == combo->itemData(i).toString();
        if (!preset)
            out.append(combo->itemText(i));
    }
    return out;
}

void waitForEvaluation(SchedulingWorkbench* s)
{
    QTRY_VERIFY_WITH_TIMEOUT(s->currentSnapshot() && s->currentSnapshot()->result.layers.size() > 0, 20000);
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        g_previous = qInstallMessageHandler(captureWarnings);
    }

    /// Help → Help on this study (F1) opens the page of the shown study's kind, for every kind
    /// registered; each page names its paper and explains its tabs and charts (issue 31, item 9).
    /// Issue 31, item 9: every column of every table in every study kind explains itself in a
    /// tooltip (what it is, with its unit where it has one).
    void everyColumnHasATooltip()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QStringList missing;
        for (const StudyKind* k : studyKinds()) {
            if (w.studyOfKind(*k) < 0)
                QVERIFY(w.addStudy(*k));
            w.setCurrentStudy(w.studyOfKind(*k));
            QCoreApplication::processEvents();
            for (QTableView* view : w.currentWorkbench()->findChildren<QTableView*>()) {
                QAbstractItemModel* m = view->model();
                if (!m || view->horizontalHeader()->isHidden())
                    continue;
                for (int c = 0; c < m->columnCount(); ++c) {
                    if (view->isColumnHidden(c))
                        continue;
                    const QString title = m->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
                    const QString tip = m->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString();
                    if (tip.trimmed().isEmpty())
                        missing.append(QStringLiteral("%1 / %2 / %3").arg(QString::fromStdString(k->info().id), view->objectName().isEmpty() ? QString::fromLatin1(view->metaObject()->className()) + QStringLiteral("@") + (view->parentWidget() ? view->parentWidget()->objectName() : QString()) : view->objectName(), title));
                }
            }
        }
        for (const QString& m : missing)
            qWarning("no tooltip: %s", qPrintable(m));
        QVERIFY2(missing.isEmpty(), qPrintable(QString::number(missing.size()) + QStringLiteral(" columns without a tooltip")));
    }

    void helpPagePerKind()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QMenu* help = nullptr;
        for (QAction* a : w.menuBar()->actions())
            if (a->text().remove(QLatin1Char('&')) == QStringLiteral("Help"))
                help = a->menu();
        QVERIFY(help);
        for (const StudyKind* k : studyKinds()) {
            const QString id = QString::fromStdString(k->info().id);
            if (w.studyOfKind(*k) < 0)
                QVERIFY(w.addStudy(*k));
            w.setCurrentStudy(w.studyOfKind(*k));
            w.activateWindow();
            w.windowHandle()->requestActivate();
            QTRY_COMPARE(QGuiApplication::focusWindow(), w.windowHandle()); // the help window is closed
            w.currentWorkbench()->setFocus(Qt::OtherFocusReason); // where a click on the study puts it
            // The menu's shortcut, pressed where the keyboard focus is, as a user presses it.
            QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &w, Qt::Key_F1);
            QCoreApplication::processEvents();
            HelpWindow* h = w.findChild<HelpWindow*>();
            QVERIFY2(h && h->isVisible(), qPrintable(id));
            QCOMPARE(h->currentPage(), id);
            const QString text = h->shownText();
            QVERIFY2(text.startsWith(QString::fromStdString(k->info().title)), qPrintable(text.left(80)));
            for (const char* part : {"The problem.", "The paper.", "Tabs", "Reading the results"})
                QVERIFY2(text.contains(QLatin1String(part)), qPrintable(id + QStringLiteral(": ") + QLatin1String(part)));
            // Every tab the workbench has is explained.
            QString flat = text.toLower();
            flat.remove(QLatin1Char('-')).remove(QLatin1Char(' '));
            for (const QString& tab : w.currentWorkbench()->tabNames())
                QVERIFY2(flat.contains(tab), qPrintable(id + QStringLiteral(": tab ") + tab));
            if (qEnvironmentVariableIsSet("MAPSCAPE_TEST_SHOTS")) // pictures to look at
                h->grab().save(qEnvironmentVariable("MAPSCAPE_TEST_SHOTS") + QStringLiteral("/help-%1.png").arg(id));
            h->hide();
        }
        // Help contents: the overview, listing every kind.
        HelpWindow* h = w.showHelp(false);
        QCOMPARE(h->currentPage(), QString());
        for (const StudyKind* k : studyKinds())
            QVERIFY(h->shownText().contains(QString::fromStdString(k->info().title)));
    }

    /// Save, reopen, autosave after an edit, restore after a "crash": every study, its optimizer
    /// form and its runs come back.
    void projectsAndAutosave()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.mapscape.json"));
        double gaBest = 0;
        {
            MainWindow w;
            QVERIFY(test::studyOf<SchedulingWorkbench>(w)->selectAccelerator(QStringLiteral("eyeriss")));
            QVERIFY(test::studyOf<SchedulingWorkbench>(w)->selectNetwork(QStringLiteral("resnet50")));
            w.markUnmodified();
            QVERIFY(!w.hasUnsavedChanges());
            SchedulingWorkbench* s = test::studyOf<SchedulingWorkbench>(w);
            QVERIFY(s->runsPanel()->optimizerPanel()->selectOptimizer(QStringLiteral("random")));
            QVERIFY(s->runsPanel()->optimizerPanel()->setOption(QStringLiteral("samples"), QStringLiteral("777")));
            QVERIFY(w.hasUnsavedChanges()); // the optimizer form is part of the project
            QVERIFY(s->networkDocument()->setField(0, LayerField::K, QStringLiteral("32")).isEmpty());
            // A dataflow study beside it, with a finished GA run.
            auto* d = qobject_cast<DataflowWorkbench*>(w.addStudy(dataflowKind(), QStringLiteral("VGG layer")));
            QVERIFY(d);
            QCOMPARE(w.studyCount(), 2);
            QVERIFY(d->runsPanel()->optimizerPanel()->selectOptimizer(QStringLiteral("gamma")));
            QVERIFY(d->runsPanel()->optimizerPanel()->setOption(QStringLiteral("samples"), QStringLiteral("300")));
            QSignalSpy finished(d->runsPanel(), &RunsPanel::runFinished);
            OptimizerRun* run = d->runsPanel()->startRun();
            QVERIFY(run);
            QVERIFY(finished.wait(20000));
            gaBest = run->bestObjectives().at(0);
            QVERIFY(w.saveProjectAs(path));
            QVERIFY(!w.hasUnsavedChanges());
            QVERIFY(w.recentProjects().contains(path));
        }
        {
            MainWindow w;
            QVERIFY(w.openProject(path));
            QCOMPARE(w.studyCount(), 2);
            QCOMPARE(w.workbench(1)->studyName(), QStringLiteral("VGG layer"));
            SchedulingWorkbench* s = test::studyOf<SchedulingWorkbench>(w);
            QCOMPARE(s->networkDocument()->network().layers[0].k, 32);
            QCOMPARE(s->runsPanel()->optimizerPanel()->optimizerId(), QStringLiteral("random"));
            QCOMPARE(s->runsPanel()->optimizerPanel()->settings().options.at("samples"), std::string("777"));
            QTRY_VERIFY(s->currentSnapshot() && s->currentSnapshot()->network.layers[0].k == 32);
            // The dataflow study's run is back: its table row, its best value and its curve.
            auto* d = test::studyOf<DataflowWorkbench>(w);
            RunListModel* runs = d->runsPanel()->runModel();
            QCOMPARE(runs->rowCount(), 1);
            QCOMPARE(runs->index(0, RunListModel::State).data().toString(), QStringLiteral("finished"));
            QCOMPARE(runs->index(0, RunListModel::Best).data(RunListModel::SortRole).toDouble(), gaBest);
            QVERIFY(d->runsPanel()->metricNames().contains(QStringLiteral("search/best")));
            QVERIFY(d->runsPanel()->curveChart()->seriesNames().contains(QStringLiteral("#1 gamma")));
            QVERIFY(!w.hasUnsavedChanges());
            // An edit is autosaved; a window that is never closed cleanly leaves it behind.
            QVERIFY(s->networkDocument()->setField(1, LayerField::P, QStringLiteral("28")).isEmpty());
            QVERIFY(w.autosaveNow());
            QVERIFY(QFile::exists(MainWindow::autosavePath()));
        }
        {
            MainWindow w;
            QVERIFY(w.restoreAutosave());
            QCOMPARE(w.studyCount(), 2);
            QCOMPARE(test::studyOf<SchedulingWorkbench>(w)->networkDocument()->network().layers[1].p, 28);
            QCOMPARE(test::studyOf<SchedulingWorkbench>(w)->networkDocument()->network().layers[0].k, 32);
            QVERIFY(w.hasUnsavedChanges());
            w.close(); // clean exit (offscreen: no question) removes the autosave
            QVERIFY(!QFile::exists(MainWindow::autosavePath()));
        }
        MainWindow w;
        QVERIFY(!w.restoreAutosave());
        QVERIFY(!w.openProject(dir.filePath(QStringLiteral("missing.json"))));
    }

    /// Opening a project (File ▸ Open project, Recent projects) asks Save / Discard / Cancel
    /// when the current one has unsaved changes, as quitting does: Cancel keeps the work and the
    /// file unopened; Save writes it first; Discard opens. A finished run counts as a change.
    void openingAsksAboutUnsavedWork()
    {
        QTemporaryDir dir;
        const QString other = dir.filePath(QStringLiteral("other.mapscape.json"));
        {
            MainWindow w;
            QVERIFY(w.saveProjectAs(other));
        }
        MainWindow w;
        w.markUnmodified();
        auto* d = qobject_cast<DataflowWorkbench*>(w.addStudy(dataflowKind(), QStringLiteral("with a run")));
        QVERIFY(d);
        QVERIFY(d->runsPanel()->optimizerPanel()->selectOptimizer(QStringLiteral("random")));
        QVERIFY(d->runsPanel()->optimizerPanel()->setOption(QStringLiteral("samples"), QStringLiteral("200")));
        w.markUnmodified();
        QSignalSpy finished(d->runsPanel(), &RunsPanel::runFinished);
        QVERIFY(d->runsPanel()->startRun());
        QVERIFY(finished.wait(20000));
        QVERIFY(w.hasUnsavedChanges());
        const int studies = w.studyCount();
        QStringList asked;
        QMessageBox::StandardButton reply = QMessageBox::Cancel;
        w.setAsker([&](const QString& question) {
            asked.append(question);
            return reply;
        });
        // Cancel: nothing opens, the run stays.
        QVERIFY(!w.openProjectAsking(other));
        QCOMPARE(asked.size(), 1);
        QVERIFY2(asked.front().contains(QStringLiteral("opening other.mapscape.json")), qPrintable(asked.front()));
        QCOMPARE(w.studyCount(), studies);
        QCOMPARE(d->runsPanel()->runModel()->rowCount(), 1);
        QVERIFY(w.hasUnsavedChanges());
        // Save: the current work is written first (to its file), then the other opens.
        const QString mine = dir.filePath(QStringLiteral("mine.mapscape.json"));
        QVERIFY(w.saveProjectAs(mine));
        QVERIFY(d->runsPanel()->optimizerPanel()->selectOptimizer(QStringLiteral("gamma")));
        QVERIFY(w.hasUnsavedChanges());
        reply = QMessageBox::Save;
        QVERIFY(w.openProjectAsking(other));
        QCOMPARE(asked.size(), 2);
        QVERIFY(!w.hasUnsavedChanges());
        MainWindow back;
        QVERIFY(back.openProject(mine));
        auto* saved = test::studyOf<DataflowWorkbench>(back);
        QVERIFY(saved);
        QCOMPARE(saved->runsPanel()->optimizerPanel()->optimizerId(), QStringLiteral("gamma"));
        QCOMPARE(saved->runsPanel()->runModel()->rowCount(), 1);
        // Nothing unsaved: no question.
        QVERIFY(w.openProjectAsking(mine));
        QCOMPARE(asked.size(), 2);
        // Discard: opens without saving.
        QVERIFY(test::studyOf<DataflowWorkbench>(w)->runsPanel()->optimizerPanel()->selectOptimizer(QStringLiteral("ga")));
        QVERIFY(w.hasUnsavedChanges());
        reply = QMessageBox::Discard;
        QVERIFY(w.openProjectAsking(other));
        QCOMPARE(asked.size(), 3);
        MainWindow again;
        QVERIFY(again.openProject(mine));
        QCOMPARE(test::studyOf<DataflowWorkbench>(again)->runsPanel()->optimizerPanel()->optimizerId(), QStringLiteral("gamma"));
    }

    /// An optimizer that throws mid-run: the run is marked failed with the reason (table and status
    /// bar), the user's edits and the other studies stay as they were, the project still saves
    /// with the failed run recorded, and the next run works.
    void failingRunKeepsTheProject()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("f.mapscape.json"));
        MainWindow w;
        QVERIFY(test::studyOf<SchedulingWorkbench>(w)->selectAccelerator(QStringLiteral("eyeriss")));
        QVERIFY(test::studyOf<SchedulingWorkbench>(w)->selectNetwork(QStringLiteral("resnet50")));
        QVERIFY(test::studyOf<SchedulingWorkbench>(w)->networkDocument()->setField(0, LayerField::K, QStringLiteral("48")).isEmpty());
        auto* d = qobject_cast<DataflowWorkbench*>(w.addStudy(dataflowKind(), QStringLiteral("VGG layer")));
        QVERIFY(d);
        QVERIFY(d->runsPanel()->optimizerPanel()->selectOptimizer(QStringLiteral("gamma")));
        QVERIFY(d->runsPanel()->optimizerPanel()->setOption(QStringLiteral("samples"), QStringLiteral("3000")));
        const std::string beforeInputs = test::studyOf<SchedulingWorkbench>(w)->networkDocument()->network().name;
        {
            const fault::Armed armed("run.progress", 2, "simulated failure: out of memory in the optimizer");
            OptimizerRun* run = d->runsPanel()->startRun();
            QVERIFY(run);
            QTRY_COMPARE_WITH_TIMEOUT(run->state(), RunState::Failed, 20000);
        }
        RunListModel* runs = d->runsPanel()->runModel();
        QTRY_COMPARE(runs->index(0, RunListModel::State).data().toString(), QStringLiteral("failed"));
        QCOMPARE(runs->index(0, RunListModel::State).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("simulated failure: out of memory in the optimizer"));
        QTRY_VERIFY(w.statusBar()->currentMessage().contains(
            QStringLiteral("failed: simulated failure: out of memory in the optimizer")));
        // Nothing the user had was touched.
        QCOMPARE(w.studyCount(), 2);
        QCOMPARE(test::studyOf<SchedulingWorkbench>(w)->networkDocument()->network().layers[0].k, 48);
        QCOMPARE(test::studyOf<SchedulingWorkbench>(w)->networkDocument()->network().name, beforeInputs);
        QVERIFY(w.hasUnsavedChanges());
        QVERIFY(w.saveProjectAs(path));
        {
            MainWindow back;
            QVERIFY(back.openProject(path));
            QCOMPARE(test::studyOf<SchedulingWorkbench>(back)->networkDocument()->network().layers[0].k, 48);
            RunListModel* restored = test::studyOf<DataflowWorkbench>(back)->runsPanel()->runModel();
            QCOMPARE(restored->rowCount(), 1);
            QCOMPARE(restored->index(0, RunListModel::State).data().toString(), QStringLiteral("failed"));
            QCOMPARE(restored->index(0, RunListModel::State).data(Qt::ToolTipRole).toString(),
                     QStringLiteral("simulated failure: out of memory in the optimizer"));
        }
        // The next run is unaffected.
        QVERIFY(d->runsPanel()->optimizerPanel()->setOption(QStringLiteral("samples"), QStringLiteral("200")));
        w.markUnmodified();
        QSignalSpy finished(d->runsPanel(), &RunsPanel::runFinished);
        OptimizerRun* again = d->runsPanel()->startRun();
        QVERIFY(again);
        QVERIFY(finished.wait(20000));
        QCOMPARE(again->state(), RunState::Finished);
    }

    /// Runs still going when the project is saved (one running, one paused, in every kind) come
    /// back as "interrupted" with their curves; the file used to say "running" and then refused
    /// to open at all. A project with a part that cannot be read opens the rest, names what it
    /// left out and leaves the file as it was.
    void liveRunsAreSavedAsInterrupted()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("live.mapscape.json"));
        // Every kind the registry has, each with a study.
        const std::vector<const StudyKind*> kinds = studyKinds();
        QVERIFY(kinds.size() >= 6);
        // An optimizer of each kind with a budget, large enough to be still going when saved:
        // random search where it has a budget, else the first other one that is not the kind's
        // flagship (a learner, slower to start).
        const auto budgeted = [](const StudyKind& kind) -> const OptimizerInfo* {
            const OptimizerInfo* pick = nullptr;
            for (const OptimizerInfo& o : kind.optimizers()) {
                if (!o.available || o.budgetKey.empty())
                    continue;
                if (o.id == "random")
                    return &o;
                if (!pick && o.id != kind.info().defaultOptimizer)
                    pick = &o;
            }
            return pick;
        };
        {
            MainWindow w;
            for (const StudyKind* k : kinds)
                if (w.studyOfKind(*k) < 0)
                    QVERIFY(w.addStudy(*k));
            QCOMPARE(w.studyCount(), int(kinds.size()));
            std::vector<OptimizerRun*> runs;
            for (int i = 0; i < w.studyCount(); ++i) {
                RunsPanel* panel = w.workbench(i)->runsPanel();
                const OptimizerInfo* found = budgeted(w.workbench(i)->kind());
                QVERIFY2(found, w.workbench(i)->kind().info().id.c_str());
                const OptimizerInfo& info = *found;
                QVERIFY(panel->optimizerPanel()->selectOptimizer(QString::fromStdString(info.id)));
                for (const OptionSpec& o : info.options)
                    if (o.key == info.budgetKey)
                        QVERIFY(panel->optimizerPanel()->setOption(QString::fromStdString(o.key), QString::number(std::min(o.maximum, 1e7), 'f', 0)));
                OptimizerRun* paused = panel->startRun();
                OptimizerRun* running = panel->startRun();
                QVERIFY(paused && running);
                paused->pause();
                runs.push_back(paused);
                runs.push_back(running);
            }
            for (OptimizerRun* r : runs)
                QTRY_VERIFY_WITH_TIMEOUT(r->state() == RunState::Running || r->state() == RunState::Paused, 20000);
            QCOMPARE(w.liveRuns(), int(runs.size()));
            QVERIFY(w.saveProjectAs(path));
            for (OptimizerRun* r : runs) {
                r->cancel();
                r->wait();
            }
        }
        const std::string saved = readTextFile(path.toStdString());
        QVERIFY(saved.find("\"running\"") == std::string::npos);
        {
            MainWindow w;
            QVERIFY(w.openProject(path));
            QVERIFY2(w.openSkipped().isEmpty(), qPrintable(w.openSkipped().join(QLatin1Char('\n'))));
            QCOMPARE(w.studyCount(), int(kinds.size()));
            for (int i = 0; i < w.studyCount(); ++i) {
                RunListModel* model = w.workbench(i)->runsPanel()->runModel();
                QCOMPARE(model->rowCount(), 2);
                for (int r = 0; r < 2; ++r) {
                    QCOMPARE(model->index(r, RunListModel::State).data().toString(), QStringLiteral("interrupted"));
                    // How far it got when saved, not "–".
                    const QString progress = model->index(r, RunListModel::Progress).data().toString();
                    QVERIFY2(QRegularExpression(QStringLiteral("^\\d+\\.\\d %$")).match(progress).hasMatch(), qPrintable(progress));
                    const double fraction = model->index(r, RunListModel::Progress).data(RunListModel::SortRole).toDouble();
                    QVERIFY2(fraction >= 0 && fraction < 1, qPrintable(progress));
                }
            }
            QCOMPARE(w.liveRuns(), 0);
        }
        // One study's inputs broken and one run's state: the other studies and runs open.
        std::string broken = saved;
        const std::string interrupted = "\"state\": \"interrupted\"";
        broken.replace(broken.find(interrupted), interrupted.size(), "\"state\": \"exploded\"");
        const auto pes = broken.find("\"num_pes\"");
        QVERIFY(pes != std::string::npos);
        broken.insert(broken.find_first_of("0123456789", pes), "-");
        const QString brokenPath = dir.filePath(QStringLiteral("broken.mapscape.json"));
        writeTextFileAtomic(brokenPath.toStdString(), broken);
        MainWindow w;
        QVERIFY(w.openProject(brokenPath));
        QCOMPARE(w.studyCount(), int(kinds.size()) - 1);
        QCOMPARE(w.openSkipped().size(), 2);
        QVERIFY2(w.openSkipped().join(QLatin1Char('\n')).contains(QStringLiteral("(run left out)")) &&
                     w.openSkipped().join(QLatin1Char('\n')).contains(QStringLiteral("(study left out)")) &&
                     w.openSkipped().join(QLatin1Char('\n')).contains(QStringLiteral("num_pes")),
                 qPrintable(w.openSkipped().join(QLatin1Char('\n'))));
        QTRY_VERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("2 part(s) left out")));
        QCOMPARE(readTextFile(brokenPath.toStdString()), broken); // unchanged until the user saves
    }

    /// A project file of the first format (one accelerator, network, mapping) still opens.
    void oldProjectFilesOpen()
    {
        const Accelerator acc = loadAccelerator(resolvePreset("eyeriss", kAcceleratorPresets));
        const Network net = loadNetwork(resolvePreset("resnet50", kNetworkPresets));
        const std::string v1 = "{\"schema\": \"mapscape/project\", \"version\": 1, \"accelerator\": " + acceleratorToJson(acc) +
                               ", \"network\": " + networkToJson(net) +
                               ", \"optimizer\": {\"id\": \"bottom-up\", \"metric\": \"cycle\", \"dataflow\": \"fixed\", "
                               "\"seed\": 3, \"threads\": 1, \"options\": {}}}";
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("old.mapscape.json"));
        writeTextFileAtomic(path.toStdString(), v1);
        MainWindow w;
        QVERIFY(w.openProject(path));
        QCOMPARE(w.studyCount(), 1);
        SchedulingWorkbench* s = test::studyOf<SchedulingWorkbench>(w);
        QVERIFY(s);
        QCOMPARE(s->runsPanel()->optimizerPanel()->optimizerId(), QStringLiteral("bottom-up"));
        QCOMPARE(s->runsPanel()->optimizerPanel()->settings().objective, std::string("cycle"));
        waitForEvaluation(s);
        QCOMPARE(int(s->currentSnapshot()->network.layers.size()), 21);
        // A broken file is refused and the work shown stays.
        writeTextFileAtomic(dir.filePath(QStringLiteral("bad.json")).toStdString(),
                            "{\"schema\": \"mapscape/project\", \"version\": 2, \"studies\": [{\"kind\": \"dataflow\", "
                            "\"layer\": {}, \"hardware\": {}, \"mapping\": {}}]}");
        QVERIFY(!w.openProject(dir.filePath(QStringLiteral("bad.json"))));
        QCOMPARE(w.studyCount(), 1);
        QCOMPARE(test::studyOf<SchedulingWorkbench>(w), s);
    }

    /// The title always carries the "[*]" placeholder (Qt warned "no '[*]' placeholder" when an
    /// evaluation replaced the title), and keeps the project's name after reopening from Recent.
    void titleMarkerAndRecent()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("titled.mapscape.json"));
        {
            MainWindow w;
            QVERIFY(test::studyOf<SchedulingWorkbench>(w)->selectAccelerator(QStringLiteral("eyeriss")));
            QVERIFY(test::studyOf<SchedulingWorkbench>(w)->selectNetwork(QStringLiteral("resnet50")));
            waitForEvaluation(test::studyOf<SchedulingWorkbench>(w));
            QVERIFY(w.saveProjectAs(path));
        }
        g_warnings.clear();
        MainWindow w;
        QVERIFY(w.windowTitle().contains(QStringLiteral("[*]")));
        QSignalSpy shown(&w, &MainWindow::evaluationShown);
        // Reopen through the Recent menu, as a user would.
        QAction* recent = nullptr;
        for (QAction* a : w.recentMenu()->actions()) {
            if (a->toolTip() == path)
                recent = a;
        }
        QVERIFY(recent);
        recent->trigger();
        QVERIFY(shown.wait(20000));
        QTest::qWait(50);
        QCOMPARE(w.windowTitle(), QStringLiteral("Mapscape — titled.mapscape.json[*]"));
        QVERIFY(!w.isWindowModified());
        QVERIFY(test::studyOf<SchedulingWorkbench>(w)->networkDocument()->setField(0, LayerField::K, QStringLiteral("48")).isEmpty());
        QVERIFY(w.isWindowModified());
        QVERIFY(shown.wait(20000));
        QCOMPARE(w.windowTitle(), QStringLiteral("Mapscape — titled.mapscape.json[*]"));
        for (const QString& warning : g_warnings)
            QVERIFY2(!warning.contains(QStringLiteral("[*]")), qPrintable(warning));
    }

    /// The preset boxes hold the presets plus at most one entry of the user's own value, which
    /// goes when a preset is chosen or another project opened (no stale "(project)" entries).
    void presetBoxesHaveNoStaleEntries()
    {
        QTemporaryDir dir;
        const QString plain = dir.filePath(QStringLiteral("plain.mapscape.json"));
        const QString edited = dir.filePath(QStringLiteral("edited.mapscape.json"));
        {
            MainWindow w;
            QVERIFY(test::studyOf<SchedulingWorkbench>(w)->selectAccelerator(QStringLiteral("eyeriss")));
            QVERIFY(test::studyOf<SchedulingWorkbench>(w)->selectNetwork(QStringLiteral("resnet50")));
            QVERIFY(w.saveProjectAs(plain));
            QVERIFY(test::studyOf<SchedulingWorkbench>(w)->acceleratorDocument()
                        ->setLevelField(Component::Dram, LevelField::Energy, QStringLiteral("200"))
                        .isEmpty());
            QVERIFY(w.saveProjectAs(edited));
        }
        MainWindow w;
        SchedulingWorkbench* s = test::studyOf<SchedulingWorkbench>(w);
        QVERIFY(w.openProject(edited));
        s = test::studyOf<SchedulingWorkbench>(w);
        QCOMPARE(ownEntries(s->acceleratorCombo(), kAcceleratorPresets), QStringList{QStringLiteral("Eyeriss (project)")});
        QCOMPARE(s->acceleratorCombo()->currentText(), QStringLiteral("Eyeriss (project)"));
        // The network was not changed: it is the preset, not a "(project)" copy.
        QVERIFY(ownEntries(s->networkCombo(), kNetworkPresets).isEmpty());
        QCOMPARE(s->networkCombo()->currentText(), QStringLiteral("resnet50"));
        QVERIFY(w.openProject(plain));
        s = test::studyOf<SchedulingWorkbench>(w);
        QVERIFY(ownEntries(s->acceleratorCombo(), kAcceleratorPresets).isEmpty());
        QCOMPARE(s->acceleratorCombo()->currentText(), QStringLiteral("eyeriss"));
        // An edit shows as "(edited)"; choosing a preset removes that entry.
        QVERIFY(s->acceleratorDocument()->setChipField(ChipField::FrequencyMhz, QStringLiteral("250")).isEmpty());
        QCOMPARE(ownEntries(s->acceleratorCombo(), kAcceleratorPresets), QStringList{QStringLiteral("Eyeriss (edited)")});
        s->acceleratorCombo()->setCurrentIndex(s->acceleratorCombo()->findText(QStringLiteral("simba")));
        QCOMPARE(s->acceleratorDocument()->accelerator().name, std::string("Simba"));
        QVERIFY(ownEntries(s->acceleratorCombo(), kAcceleratorPresets).isEmpty());
        // Undo brings the edited accelerator back, with its entry.
        s->setupUndoStack()->undo();
        QCOMPARE(s->acceleratorDocument()->accelerator().frequencyMhz, 250.0);
        QCOMPARE(ownEntries(s->acceleratorCombo(), kAcceleratorPresets), QStringList{QStringLiteral("Eyeriss (edited)")});
    }

    /// One project, two kinds of study, each with its own workbench, undo history and runs.
    /// An accelerator-sizing study from the New study menu, saved with a project and opened again
    /// (inputs, optimizer form); its edits go to the window's Edit menu.
    void accelStudyInAProject()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("accel.mapscape.json"));
        {
            MainWindow w;
            QAction* action = nullptr;
            for (QAction* a : w.findChildren<QAction*>())
                if (a->text() == QStringLiteral("Accelerator sizing"))
                    action = a;
            QVERIFY(action);
            action->trigger();
            auto* a = qobject_cast<AccelWorkbench*>(w.currentWorkbench());
            QVERIFY(a);
            QCOMPARE(w.studyCount(), 2);
            QVERIFY(w.studyList()->item(1)->text().contains(QStringLiteral("Vanilla RNN 29-100-29 on ZCU102")));
            QVERIFY(a->setDesignGene(AccelGene::SpBanks, 4));
            QCOMPARE(w.undoGroup()->activeStack(), a->activeUndoStack());
            QVERIFY(w.undoGroup()->canUndo());
            QVERIFY(a->runsPanel()->optimizerPanel()->selectOptimizer(QStringLiteral("mopso")));
            QVERIFY(w.saveProjectAs(path));
        }
        MainWindow w;
        QVERIFY(w.openProject(path));
        AccelWorkbench* a = nullptr;
        for (int i = 0; i < w.studyCount(); ++i)
            a = a ? a : qobject_cast<AccelWorkbench*>(w.workbench(i));
        QVERIFY(a);
        QCOMPARE(a->document()->inputs().design.spBanks, 4);
        QCOMPARE(a->runsPanel()->optimizerPanel()->optimizerId(), QStringLiteral("mopso"));
        QVERIFY(a->detail().metrics.valid);
    }

    void importOnnx()
    {
        // File → Import ONNX model: the network of a scheduling study (distinct layer shapes),
        // the workload graph of a placement study; one undo step each; bad files leave the
        // study as it was; studies without a network say where ONNX models go.
        QTemporaryDir dir;
        const auto write = [&](const QString& name, const std::string& bytes) {
            const QString path = dir.filePath(name);
            std::ofstream(path.toStdString(), std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
            return path;
        };
        const std::string resnet = mapscape::testing::resnet50Onnx(true);
        const QString model = write(QStringLiteral("resnet50.onnx"), resnet);
        const QString cut = write(QStringLiteral("cut.onnx"), resnet.substr(0, resnet.size() / 3));
        const QString odd = write(QStringLiteral("odd.onnx"), mapscape::testing::unsupportedOpsOnnx());

        MainWindow w;
        QVERIFY(w.importOnnxAction());
        QCOMPARE(w.importOnnxAction()->shortcut(), QKeySequence(QStringLiteral("Ctrl+I")));
        auto* s = qobject_cast<SchedulingWorkbench*>(w.currentWorkbench());
        QVERIFY(s && s->acceptsOnnx());
        QVERIFY(test::studyOf<SchedulingWorkbench>(w)->selectAccelerator(QStringLiteral("eyeriss")));
        QVERIFY(test::studyOf<SchedulingWorkbench>(w)->selectNetwork(QStringLiteral("resnet50")));
        waitForEvaluation(s);
        const auto network = [&] { return (s->study()->inputs).get<SchedulingInputs>().network; };
        QCOMPARE(int(network().layers.size()), 21);
        QSignalSpy messages(s, &StudyWorkbench::message);
        const auto said = [&](const QString& text) {
            return std::any_of(messages.begin(), messages.end(), [&](const QList<QVariant>& m) { return m.at(0).toString() == text; });
        };
        // The model's batch is symbolic: a dialog asks it (prefilled with the model's hint),
        // refuses a shape that contradicts the model, and imports nothing when cancelled.
        const auto answer = [](const QString& typed, bool accept, QString* seenText = nullptr, QString* seenProblem = nullptr) {
            QTimer::singleShot(0, [=] {
                auto* d = qobject_cast<OnnxInputDialog*>(QApplication::activeModalWidget());
                QVERIFY(d);
                QLineEdit* edit = d->editFor(QStringLiteral("input"));
                QVERIFY(edit);
                if (seenText)
                    *seenText = edit->text();
                edit->selectAll();
                QTest::keyClicks(edit, QStringLiteral("1x3x224"));
                if (seenProblem)
                    *seenProblem = d->problem();
                edit->setText(typed);
                if (accept)
                    d->accept();
                else
                    d->reject();
            });
        };
        QString prefilled, problem;
        answer(QStringLiteral("1x3x224x224"), false);
        QCOMPARE(s->openFile(model), QString());
        QCOMPARE(int(network().layers.size()), 21); // cancelled: unchanged
        answer(QStringLiteral("1x3x224x224"), true, &prefilled, &problem);
        QCOMPARE(s->openFile(model), QString());
        QCOMPARE(prefilled, QStringLiteral("1x3x224x224"));
        QCOMPARE(problem, QStringLiteral("Input \"input\": 3 sizes given, the model's input has 4 [N, 3, 224, 224]."));
        QVERIFY(said(QStringLiteral("resnet50.onnx imported: 24 distinct layers")));
        const QString account = s->takeImportAccount();
        QVERIFY2(account.startsWith(QStringLiteral("\"ResNet-50\": 54 layers (24 distinct), 4.09 G MACs (4,089,184,256)")),
                 qPrintable(account));
        QCOMPARE(int(network().layers.size()), 24);
        QCOMPARE(network().description, std::string("Imported from resnet50.onnx (ONNX, mapscape-tests); layers of identical shape merged (repeat counts them)"));
        QTRY_VERIFY_WITH_TIMEOUT(s->currentSnapshot() && s->currentSnapshot()->result.layers.size() == 24, 20000);
        w.undoGroup()->undo();
        QCOMPARE(int(network().layers.size()), 21);
        const QString error = s->openFile(cut);
        QVERIFY2(error.contains(cut) && error.contains(QStringLiteral("not a valid ONNX model")), qPrintable(error));
        QCOMPARE(int(network().layers.size()), 21);
        QCOMPARE(s->openFile(odd), QString());
        QVERIFY(said(QStringLiteral("odd.onnx imported: 3 distinct layers; skipped unsupported operators: Fancy")));
        // The warnings, handed to the main window once for a lasting message.
        const QStringList notes = s->takeImportWarnings();
        QCOMPARE(notes.size(), 1);
        QVERIFY(notes.at(0).startsWith(QStringLiteral("skipped unsupported operator Fancy (domain com.example) in node \"fancy\"")));
        QVERIFY(s->takeImportWarnings().isEmpty());
        QCOMPARE(int(network().layers.size()), 3);

        auto* p = qobject_cast<PlacementWorkbench*>(w.addStudy(placementKind()));
        QVERIFY(p && p->acceptsOnnx());
        answer(QStringLiteral("1x3x224x224"), true);
        QCOMPARE(p->openFile(model), QString());
        QVERIFY(p->inputs().workload.nodes == placement::makeResNet(50).nodes);
        QCOMPARE(p->inputs().workload.name, std::string("ResNet-50"));
        QVERIFY(!p->openFile(cut).isEmpty());
        QCOMPARE(p->inputs().workload.nodeCount(), 57);

        QVERIFY(!w.addStudy(dpuKind())->acceptsOnnx());
    }

    void sweepResults()
    {
        // File → Open sweep results: a results folder (its finished shards) or a collected table
        // opens in a comparison window; bad files name themselves and open nothing.
        QTemporaryDir dir;
        const std::string d = dir.path().toStdString();
        writeTextFileAtomic(d + "/net.json", R"({"schema": "mapscape/network", "version": 1, "name": "tiny", "layers": [
  {"name": "PW", "K": 32, "B": 1, "P": 4, "Q": 4, "C": 16, "R": 1, "S": 1, "G": 1, "stride": 1}]})");
        writeTextFileAtomic(d + "/sweep.json", R"({"schema": "mapscape/sweep", "version": 1, "name": "gui-sweep",
  "accelerators": ["eyeriss", "simba"], "networks": ["net.json"],
  "optimizers": [{"id": "random", "options": {"samples": 5}}, "bottom-up"], "seeds": [1, 2, 3]})");
        const sweep::SweepSpec spec = sweep::loadSweepFile(d + "/sweep.json");
        const std::string out = d + "/results";
        sweep::adoptSweepFolder(out, spec);
        const std::vector<sweep::Shard> plan = sweep::planSweep(spec);
        QCOMPARE(int(plan.size()), 12);
        for (const sweep::Shard& shard : plan)
            QVERIFY(sweep::runShardInto(out, spec, shard).ran);
        std::vector<sweep::ShardResult> rows;
        for (auto& [i, r] : sweep::readFinishedShards(out, spec))
            rows.push_back(r);
        writeTextFileAtomic(d + "/table.csv", sweep::collectCsv(rows));
        writeTextFileAtomic(d + "/bad.csv", "index,sweep,colour\n");

        MainWindow w;
        for (const QString& path : {dir.filePath(QStringLiteral("table.csv")), dir.filePath(QStringLiteral("results")),
                                    dir.filePath(QStringLiteral("results/sweep.json"))}) {
            QWidget* window = w.openSweepResults(path);
            QVERIFY2(window, qPrintable(path));
            QCOMPARE(window->windowTitle(), QStringLiteral("Sweep \"gui-sweep\" — Mapscape"));
            auto* view = window->findChild<SweepComparisonView*>();
            QVERIFY(view);
            QCOMPARE(int(view->results().size()), 12);
            QCOMPARE(view->quantity().id, std::string("energy"));
            QCOMPARE(view->summaryTable()->rowCount(), 2);
            QCOMPARE(view->summaryTable()->columnCount(), 2);
            QCOMPARE(view->summaryTable()->horizontalHeaderItem(0)->text(), QStringLiteral("random (samples=5)"));
            QCOMPARE(view->summaryTable()->verticalHeaderItem(1)->text(), QStringLiteral("simba × net.json"));
            // Each row has its best cell in bold, and the bars are relative to it.
            for (int g = 0; g < 2; ++g) {
                int bold = 0;
                for (int o = 0; o < 2; ++o)
                    bold += view->summaryTable()->item(g, o)->font().bold() ? 1 : 0;
                QCOMPARE(bold, 1);
            }
            const auto series = view->chartView()->chart()->series();
            QCOMPARE(series.size(), 1);
            auto* bars = qobject_cast<QBarSeries*>(series.front());
            QVERIFY(bars && bars->count() == 2);
            for (int g = 0; g < 2; ++g)
                QCOMPARE(std::min(bars->barSets().at(0)->at(g), bars->barSets().at(1)->at(g)), 1.0);
            QCOMPARE(view->runsTable()->model()->rowCount(), 12);
            QVERIFY(view->setQuantity(QStringLiteral("cycle")));
            QVERIFY(view->summaryTable()->item(0, 0)->text().endsWith(QStringLiteral(" cycles")));
            window->close();
        }
        QVERIFY(!w.openSweepResults(dir.filePath(QStringLiteral("bad.csv"))));
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("bad.csv:1: missing column \"study\"")));
        QVERIFY(!w.openSweepResults(dir.filePath(QStringLiteral("sweep.json"))));
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("a sweep file, not results")));
        QVERIFY(!w.openSweepResults(dir.filePath(QStringLiteral("missing.csv"))));
    }

    void studiesSideBySide()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(test::studyOf<SchedulingWorkbench>(w)->selectAccelerator(QStringLiteral("eyeriss")));
        QVERIFY(test::studyOf<SchedulingWorkbench>(w)->selectNetwork(QStringLiteral("resnet50")));
        QVERIFY(test::studyOf<SchedulingWorkbench>(w)->selectMapping(QStringLiteral("eyeriss_resnet50_neurospector-bottom-up_energy")));
        waitForEvaluation(test::studyOf<SchedulingWorkbench>(w));
        auto* d = qobject_cast<DataflowWorkbench*>(w.addStudy(dataflowKind()));
        QCOMPARE(w.currentStudy(), 1);
        QVERIFY(d->result().has_value());
        QCOMPARE(w.studyList()->count(), 2);
        QVERIFY(w.studyList()->item(0)->text().contains(QStringLiteral("Scheduling tables 1\nEyeriss / ResNet-50")));
        QVERIFY(w.studyList()->item(1)->text().contains(QStringLiteral("VGG16 row 2 on ArchGym default")));
        // The Edit menu follows the study shown.
        QCOMPARE(w.undoGroup()->activeStack(), d->activeUndoStack());
        w.setCurrentStudy(0);
        QCOMPARE(w.undoGroup()->activeStack(), test::studyOf<SchedulingWorkbench>(w)->setupUndoStack());
        // A dataflow edit is undone in its own study only.
        w.setCurrentStudy(1);
        DataflowInputs in = d->document()->inputs();
        in.hardware.numPes = 64;
        d->document()->apply(in, QStringLiteral("fewer PEs"));
        QVERIFY(w.undoGroup()->canUndo());
        w.undoGroup()->undo();
        QCOMPARE(d->document()->inputs().hardware.numPes, 1024);
        QVERIFY(test::studyOf<SchedulingWorkbench>(w)->currentSnapshot()->result.complete());
        if (qEnvironmentVariableIsSet("MAPSCAPE_TEST_SHOTS")) {
            const QString shots = qEnvironmentVariable("MAPSCAPE_TEST_SHOTS");
            w.grab().save(shots + QStringLiteral("/studies-dataflow.png"));
            w.setCurrentStudy(0);
            QTest::qWait(100);
            w.grab().save(shots + QStringLiteral("/studies-scheduling.png"));
        }
        QVERIFY(w.renameStudy(1, QStringLiteral("VGG16 mapping")));
        QVERIFY(w.studyList()->item(1)->text().startsWith(QStringLiteral("VGG16 mapping")));
        // Removing the current first study: the list's row and the study shown stay one (the
        // list once highlighted the next study while the stack showed another).
        QVERIFY(w.addStudy(placementKind()));
        w.setCurrentStudy(0);
        QVERIFY(w.removeStudy(0));
        QCOMPARE(w.studyCount(), 2);
        QCOMPARE(w.studyList()->currentRow(), 0);
        QCOMPARE(w.currentStudy(), 0);
        QCOMPARE(w.currentWorkbench(), w.workbench(0));
        QVERIFY(w.studyList()->item(0)->text().startsWith(QStringLiteral("VGG16 mapping")));
        QVERIFY(w.removeStudy(1));
        QCOMPARE(w.studyCount(), 1);
        QVERIFY(!w.removeStudy(0)); // the last study stays
    }

    /// Issue 47, item 2: a project of 500 studies opens with one workbench built, the shown
    /// study's; the others are built when first shown, and a study's data is the same whether
    /// its workbench was built or not. Studies of one platform share their recorded runs.
    void manyStudiesBuildOnlyWhatIsShown()
    {
        QTemporaryDir dir;
        std::string studies;
        for (int i = 0; i < 500; ++i)
            studies += std::string(i ? "," : "") + "{\"name\": \"DPU " + std::to_string(i + 1) + "\", \"kind\": \"dpu\"}";
        const QString path = dir.filePath(QStringLiteral("many.mapscape.json"));
        writeTextFileAtomic(path.toStdString(),
                            "{\"schema\": \"mapscape/project\", \"version\": 2, \"active\": 7, \"studies\": [" + studies + "]}");
        MainWindow w;
        QVERIFY(w.openProject(path));
        QCOMPARE(w.studyCount(), 500);
        QCOMPARE(w.builtWorkbenches(), 1);
        QCOMPARE(w.currentStudy(), 7);
        QCOMPARE(w.studyList()->count(), 500);
        QVERIFY2(w.studyList()->item(499)->text().startsWith(QStringLiteral("DPU 500\n26 DPU configurations")),
                 qPrintable(w.studyList()->item(499)->text()));
        QCOMPARE(w.currentWorkbench()->studyName(), QStringLiteral("DPU 8"));
        // Unbuilt studies are renamed, listed and saved as they are.
        QVERIFY(w.renameStudy(300, QStringLiteral("renamed")));
        QCOMPARE(w.builtWorkbenches(), 1);
        QCOMPARE(w.studyName(300), QStringLiteral("renamed"));
        const std::optional<Project> before = w.currentProject();
        QVERIFY(before && before->studies.size() == 500 && before->active == 7);
        QCOMPARE(before->studies[300].name, std::string("renamed"));
        // Showing a study builds its workbench, once.
        w.studyList()->setCurrentRow(42);
        QCOMPARE(w.builtWorkbenches(), 2);
        QCOMPARE(w.currentWorkbench()->studyName(), QStringLiteral("DPU 43"));
        w.setCurrentStudy(7);
        w.setCurrentStudy(42);
        QCOMPARE(w.builtWorkbenches(), 2);
        std::optional<Project> after = w.currentProject();
        QVERIFY(after);
        after->active = before->active;
        QVERIFY(*after == *before); // building a workbench changes nothing in the study
        // The two shown DPU studies (one platform, one seed) share one set of recorded runs.
        auto* a = qobject_cast<DpuWorkbench*>(w.workbench(7));
        auto* b = qobject_cast<DpuWorkbench*>(w.workbench(42));
        QVERIFY(a && b);
        a->waitForRecordedRuns();
        b->waitForRecordedRuns();
        QVERIFY(a->recordedRuns() && a->recordedRuns() == b->recordedRuns());
        // Removing a study shows the next one, built then.
        w.setCurrentStudy(100);
        QVERIFY(w.removeStudy(100));
        QCOMPARE(w.studyCount(), 499);
        QCOMPARE(w.currentWorkbench()->studyName(), QStringLiteral("DPU 102"));
        QCOMPARE(w.builtWorkbenches(), 3);
        // Saved and opened again: the same studies.
        const QString saved = dir.filePath(QStringLiteral("saved.mapscape.json"));
        QVERIFY(w.saveProjectAs(saved));
        MainWindow again;
        QVERIFY(again.openProject(saved));
        QCOMPARE(again.builtWorkbenches(), 1);
        QVERIFY(again.currentProject() == w.currentProject());

        // Beyond the limit: refused at once, naming it, and the project shown stays.
        std::string tooMany;
        for (std::size_t i = 0; i <= kMaxProjectStudies; ++i)
            tooMany += std::string(i ? "," : "") + "{\"kind\": \"dpu\"}";
        const QString big = dir.filePath(QStringLiteral("big.mapscape.json"));
        writeTextFileAtomic(big.toStdString(), "{\"schema\": \"mapscape/project\", \"version\": 2, \"studies\": [" + tooMany + "]}");
        QVERIFY(!w.openProject(big));
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("1001 studies, more than the limit of 1000")),
                 qPrintable(w.statusBar()->currentMessage()));
        QCOMPARE(w.studyCount(), 499);
        QCOMPARE(w.projectName(), QStringLiteral("saved.mapscape.json"));
    }

    /// Issue 47, item 2: a results table of more rows than a sweep may have shards is refused
    /// before its rows are read, naming the file and the limit; the project is untouched.
    void oversizedSweepTableRefusedAtOnce()
    {
        QTemporaryDir dir;
        std::string csv = "index,sweep,study,kind,optimizer,options,objective,seed,status,evaluations\n";
        std::string json = "[";
        for (std::size_t i = 0; i <= sweep::kMaxShards; ++i) {
            csv += std::to_string(i) + ",s,st,dpu,random,,ppw,1,ok,1\n";
            json += i ? ",{}" : "{}";
        }
        json += "]";
        writeTextFileAtomic(dir.filePath(QStringLiteral("rows.csv")).toStdString(), csv);
        writeTextFileAtomic(dir.filePath(QStringLiteral("rows.json")).toStdString(), json);
        MainWindow w;
        w.markUnmodified();
        const int studies = w.studyCount();
        for (const QString& name : {QStringLiteral("rows.csv"), QStringLiteral("rows.json")}) {
            QVERIFY(!w.openSweepResults(dir.filePath(name)));
            const QString message = w.statusBar()->currentMessage();
            QVERIFY2(message.contains(dir.filePath(name) + QStringLiteral(": more rows than a sweep has shards (more than "
                                                                          "the limit of 100000 shards)")),
                     qPrintable(message));
        }
        QCOMPARE(w.studyCount(), studies);
        QVERIFY(!w.hasUnsavedChanges());
        // One row fewer is a table (its rows are read: here, refused for a missing column).
        csv.erase(csv.rfind("100000,"));
        csv.erase(csv.find(",evaluations"), std::string_view(",evaluations").size());
        writeTextFileAtomic(dir.filePath(QStringLiteral("rows.csv")).toStdString(), csv);
        QVERIFY(!w.openSweepResults(dir.filePath(QStringLiteral("rows.csv"))));
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("missing column \"evaluations\"")),
                 qPrintable(w.statusBar()->currentMessage()));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
