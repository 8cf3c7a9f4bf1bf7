// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "kinds/scheduling/widgets/scheduling_result_view.h"
#include "kinds/scheduling/core/preset_io.h"
#include "kinds/scheduling/core/scheduling_study.h"
#include "core/runner/optimizer_run.h"
#include "support/fixtures.h"
#include "support/typing.h"
#include "support/widgets.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/scheduling/widgets/scheduling_table_view.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace mapscape;

namespace {

using test::button;

} // namespace

class TestRunsPanel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void optionFormFollowsTheRegistry()
    {
        OptimizerPanel panel(schedulingKind());
        QVERIFY(panel.selectOptimizer(QStringLiteral("random")));
        QCOMPARE(panel.optimizerId(), QStringLiteral("random"));
        QVERIFY(panel.settings().options.empty()); // defaults are not passed
        QVERIFY(panel.setOption(QStringLiteral("samples"), QStringLiteral("123")));
        QVERIFY(!panel.setOption(QStringLiteral("temperature"), QStringLiteral("1")));
        QCOMPARE(panel.settings().options.at("samples"), std::string("123"));
        QVERIFY(panel.selectOptimizer(QStringLiteral("bottom-up")));
        QVERIFY(panel.settings().options.empty());
        QVERIFY(panel.selectOptimizer(QStringLiteral("random"))); // values survive switching
        QCOMPARE(panel.settings().options.at("samples"), std::string("123"));
        QVERIFY(!panel.selectOptimizer(QStringLiteral("annealing")));
    }

    /// Issue 31: the option form's numbers, typed key by key, are what the run gets; a refused
    /// one keeps its text, says why, and the start button waits until it is fixed.
    void typedOptionsAreStoredExactly()
    {
        OptimizerPanel panel(schedulingKind());
        panel.resize(500, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QVERIFY(panel.selectOptimizer(QStringLiteral("random")));
        ValueEdit* seed = testing::fieldNamed(panel, QStringLiteral("Seed"));
        QVERIFY(seed);
        testing::typeInto(seed, QStringLiteral("9007199254740993"));
        QCOMPARE(panel.settings().seed, std::uint64_t(9007199254740993ull));
        ValueEdit* samples = nullptr;
        for (ValueEdit* e : panel.findChildren<ValueEdit*>())
            if (e->objectName() == QStringLiteral("samples") && e->isVisible())
                samples = e;
        QVERIFY(samples);
        testing::typeInto(samples, QStringLiteral("123,456"));
        QCOMPARE(panel.settings().options.at("samples"), std::string("123456"));
        QPushButton* start = nullptr;
        for (QPushButton* b : panel.findChildren<QPushButton*>())
            if (b->text() == QStringLiteral("Start run"))
                start = b;
        QVERIFY(start && start->isEnabled());
        testing::typeInto(samples, QStringLiteral("12x"));
        QVERIFY(samples->hasError());
        QCOMPARE(samples->text(), QStringLiteral("12x"));
        QCOMPARE(panel.settings().options.at("samples"), std::string("123456"));
        QVERIFY(!start->isEnabled());
        QVERIFY(start->toolTip().contains(QStringLiteral("must be a whole number")));
        testing::typeInto(samples, QStringLiteral("200"));
        QVERIFY(start->isEnabled());
        QCOMPARE(panel.settings().options.at("samples"), std::string("200"));
    }

    /// A run started from the GUI finishes and its result appears in the table and as a mapping.
    void runFinishesAndShowsItsResult()
    {
        RunsPanel panel(schedulingKind());
        panel.setResultView(new SchedulingResultView, QStringLiteral("Best table"));
        panel.resize(1000, 700);
        panel.show();
        QAbstractItemModelTester tester(panel.runModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy finished(&panel, &RunsPanel::runFinished);
        QSignalSpy messages(&panel, &RunsPanel::message);
        QVERIFY(!panel.startRun()); // no problem yet
        QVERIFY(messages.last().first().toString().contains(QStringLiteral("no valid inputs")));

        panel.setInputs(QStringLiteral("Scheduling"), SchedulingInputs{test::eyeriss(), test::twoLayerNetwork(), std::nullopt});
        QVERIFY(panel.optimizerPanel()->selectOptimizer(QStringLiteral("bottom-up")));
        OptimizerRun* run = panel.startRun();
        QVERIFY(run);
        QVERIFY(finished.wait(20000));
        QCOMPARE(run->state(), RunState::Finished);
        panel.findChild<QTabWidget*>()->setCurrentIndex(1); // Pareto
        panel.drain();
        RunListModel* model = panel.runModel();
        QCOMPARE(model->rowCount(), 1);
        QCOMPARE(model->index(0, RunListModel::State).data().toString(), QStringLiteral("finished"));
        QCOMPARE(model->index(0, RunListModel::Progress).data().toString(), QStringLiteral("100.0 %"));
        const double energy = model->index(0, RunListModel::Best).data(RunListModel::SortRole).toDouble();
        QVERIFY(energy > 0);
        QCOMPARE(energy, run->jobAs<SchedulingJob>()->searchResult().totalEnergy);
        // Engineering units, and what the run ran on.
        QVERIFY(model->index(0, RunListModel::Best).data().toString().endsWith(QStringLiteral("J")));
        QCOMPARE(model->index(0, RunListModel::Setup).data().toString(), QStringLiteral("EYERISS / small"));
        QCOMPARE(model->index(0, RunListModel::Objective).data().toString(), QStringLiteral("Energy"));

        const Mapping m = mappingFromJson(run->resultJson(), "run", test::eyeriss());
        QCOMPARE(int(m.layers.size()), 2);
        QCOMPARE(m.network, std::string("small"));
        QSignalSpy results(&panel, &RunsPanel::resultRequested);
        QPushButton* show = button(&panel, QStringLiteral("Show best mapping"));
        QVERIFY(show && show->isEnabled());
        show->click();
        QCOMPARE(results.count(), 1);
        QCOMPARE(mappingFromJson(results.first().first().toString().toStdString(), "signal", test::eyeriss()).layers.size(),
                 std::size_t(2));

        QVERIFY(panel.metricNames().contains(QStringLiteral("search/best_total")));
        QVERIFY(panel.curveChart()->seriesNames().contains(QStringLiteral("#1 bottom-up")));
        // The best network total so far is drawn as steps to the run's last table, not as lines
        // that stop at its last improvement.
        panel.curveChart()->flush();
        QVERIFY(panel.curveChart()->stepped());
        const QList<QPointF> best = panel.curveChart()->shownPoints(QStringLiteral("#1 bottom-up"));
        QVERIFY(!best.isEmpty());
        QVERIFY(run->evaluations() >= 10000); // x reads in thousands
        QVERIFY(panel.curveChart()->xAxisTitle().endsWith(QStringLiteral("(thousands)")));
        QCOMPARE(best.last().x(), double(run->evaluations()) / 1000);
        for (qsizetype i = 1; i < best.size(); ++i) // steps: x or y changes, never both
            QVERIFY(best[i].x() == best[i - 1].x() || best[i].y() == best[i - 1].y());
        panel.paretoChart()->flush();
        QVERIFY(panel.paretoChart()->heldPoints() > 0);
        QVERIFY(!panel.paretoChart()->front().isEmpty());
        if (qEnvironmentVariableIsSet("MAPSCAPE_TEST_SHOTS")) // pictures to look at
            panel.grab().save(qEnvironmentVariable("MAPSCAPE_TEST_SHOTS") + QStringLiteral("/runs-panel-pareto.png"));

        // The best-table view shows the run's table for the chosen layer.
        panel.setBestTableLayer(1);
        panel.drain();
        SchedulingTableView* view = static_cast<SchedulingResultView*>(panel.resultView())->tableView();
        QVERIFY(!view->bars().empty());
        QCOMPARE(view->bars().front().label, QStringLiteral("PE array"));
        QVERIFY(view->isHighlighted(Row::Lb) || view->isHighlighted(Row::Gb)); // bottom-up's last set

        QTemporaryDir dir;
        QString error;
        const QString csv = dir.filePath(QStringLiteral("m.csv"));
        QVERIFY2(panel.exportRunMetrics(*run, csv, &error), qPrintable(error));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.startsWith("name,step,value\n"));
        QVERIFY(text.contains("search/best_total,"));
    }

    /// Issue 49, item 2: Compare pooled runs whose setups read alike as seeds of one, and took
    /// its ratios across them. Runs group by their exact inputs (the setup key); labels that read
    /// alike are numbered; the ratio compares within a setup only.
    void setupsThatReadAlikeAreToldApart()
    {
        RunsPanel panel(schedulingKind());
        panel.resize(1000, 700);
        panel.show();
        QAbstractItemModelTester tester(panel.runModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto record = [](int id, const char* optimizer, const char* key, double best) {
            RunRecord r;
            r.id = id;
            r.settings.id = optimizer;
            r.settings.objective = "energy";
            r.setup = "Eyeriss / ResNet-50";
            r.setupKey = key;
            r.state = "finished";
            r.best = {{"energy", best}};
            return r;
        };
        panel.restoreRecords({record(1, "random", "scheduling-a", 2.0), record(2, "random", "scheduling-a", 4.0),
                              record(3, "random", "scheduling-b", 9.0), record(4, "bottom-up", "scheduling-a", 1.5)});
        const RunListModel* model = panel.runModel();
        QCOMPARE(model->index(0, RunListModel::Setup).data().toString(), QStringLiteral("Eyeriss / ResNet-50 [setup 1/2]"));
        QCOMPARE(model->index(2, RunListModel::Setup).data().toString(), QStringLiteral("Eyeriss / ResNet-50 [setup 2/2]"));
        const QString tip = model->index(2, RunListModel::Setup).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith(QStringLiteral("Ran on Eyeriss / ResNet-50\nSetup 2 of 2")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("scheduling-b")), qPrintable(tip));

        QVERIFY(panel.setCompareReference(QStringLiteral("bottom-up")));
        QTableWidget* compare = panel.compareTable();
        QCOMPARE(compare->rowCount(), 3);
        QCOMPARE(panel.findChild<QLabel*>(QStringLiteral("compareSummary"))->text(), QStringLiteral("3 groups on 2 setups"));
        QMap<QString, QStringList> rows; // "optimizer | setup" → runs, ratio
        for (int row = 0; row < compare->rowCount(); ++row)
            rows[compare->item(row, 0)->text() + QStringLiteral(" | ") + compare->item(row, 2)->text()] =
                QStringList{compare->item(row, 3)->text(), compare->item(row, 5)->text()};
        const QString a = QStringLiteral(" | Eyeriss / ResNet-50 [setup 1/2]");
        const QString b = QStringLiteral(" | Eyeriss / ResNet-50 [setup 2/2]");
        QCOMPARE(rows.value(QStringLiteral("random") + a), (QStringList{QStringLiteral("2"), QStringLiteral("2.000")}));
        QCOMPARE(rows.value(QStringLiteral("bottom-up") + a), (QStringList{QStringLiteral("1"), QStringLiteral("1.000")}));
        // No bottom-up run on the second setup: no ratio, rather than one across setups.
        QCOMPARE(rows.value(QStringLiteral("random") + b), (QStringList{QStringLiteral("1"), QStringLiteral("–")}));
        QVERIFY(compare->item(0, 2)->toolTip().startsWith(QStringLiteral("Ran on Eyeriss / ResNet-50")));
        // Removing the second setup's run: one setup left, its label plain again.
        panel.removeRunAt(2);
        QCOMPARE(model->index(0, RunListModel::Setup).data().toString(), QStringLiteral("Eyeriss / ResNet-50"));
        QCOMPARE(compare->rowCount(), 2);
        QCOMPARE(panel.findChild<QLabel*>(QStringLiteral("compareSummary"))->text(), QStringLiteral("2 groups on 1 setup"));
    }

    void cancelFromTheGui()
    {
        RunsPanel panel(schedulingKind());
        panel.show();
        QAbstractItemModelTester tester(panel.runModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        panel.setInputs(QStringLiteral("Scheduling"), SchedulingInputs{test::eyeriss(), test::twoLayerNetwork(), std::nullopt});
        QVERIFY(panel.optimizerPanel()->selectOptimizer(QStringLiteral("random")));
        QVERIFY(panel.optimizerPanel()->setOption(QStringLiteral("samples"), QStringLiteral("100000000")));
        QSignalSpy finished(&panel, &RunsPanel::runFinished);
        OptimizerRun* first = panel.startRun();
        QVERIFY(panel.optimizerPanel()->selectOptimizer(QStringLiteral("exhaustive")));
        OptimizerRun* second = panel.startRun(); // two runs at once
        QVERIFY(first && second);
        QVERIFY(finished.wait(20000)); // the exhaustive one ends on its own
        QCOMPARE(second->state(), RunState::Finished);
        QCOMPARE(first->state(), RunState::Running);

        auto* table = panel.runTable();
        table->selectRow(0);
        QCOMPARE(panel.selectedRun(), first);
        QPushButton* pause = button(&panel, QStringLiteral("Pause"));
        QVERIFY(pause && pause->isEnabled());
        pause->click();
        QTRY_COMPARE(first->state(), RunState::Paused);
        QVERIFY(button(&panel, QStringLiteral("Resume")));
        button(&panel, QStringLiteral("Resume"))->click();
        QTRY_COMPARE(first->state(), RunState::Running);
        button(&panel, QStringLiteral("Cancel"))->click();
        QVERIFY(finished.wait(3000));
        QCOMPARE(first->state(), RunState::Cancelled);
        panel.drain();
        QCOMPARE(panel.runModel()->index(0, RunListModel::State).data().toString(), QStringLiteral("cancelled"));
        QVERIFY(!button(&panel, QStringLiteral("Cancel"))->isEnabled());
    }
};

QTEST_MAIN(TestRunsPanel)
#include "tst_runs_panel.moc"
