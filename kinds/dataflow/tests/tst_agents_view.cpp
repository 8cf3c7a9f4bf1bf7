// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// MARL's agents in the GUI, offscreen: the dendrogram's cut (set, dragged, explained), the
/// Agents tab's clustering (the same as the core's pre-pass for the seed, shown as a correlation
/// heatmap, a dendrogram and a groups table with manual override), handing the groups to MARL,
/// the agent-budget sweep and the comparison grid of its runs; bad and stale inputs.

#include "kinds/dataflow/core/dataflow_study.h"
#include "kinds/dataflow/core/dataflow_space.h"
#include "core/optim/rl/marl/marl_search.h"
#include "core/runner/optimizer_run.h"
#include "support/typing.h"
#include "widgets/charts/dendrogram_widget.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/dataflow/widgets/agent_clustering_view.h"
#include "kinds/dataflow/widgets/dataflow_workbench.h"

#include <QCheckBox>
#include <QSignalSpy>
#include <QTableWidget>
#include <QRegularExpression>
#include <QtTest>

using namespace mapscape;

namespace {

void shot(QWidget& w, const QString& name)
{
    if (qEnvironmentVariableIsSet("MAPSCAPE_TEST_SHOTS"))
        w.grab().save(qEnvironmentVariable("MAPSCAPE_TEST_SHOTS") + QLatin1Char('/') + name);
}

} // namespace

class TestAgentsView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    /// Two tight pairs far apart: the cut between the pair merges and the top merge gives 2
    /// groups; dragging the line below every merge gives 4, above the top one 1.
    void dendrogramCutAndDrag()
    {
        Eigen::MatrixXd f(4, 2);
        f << 0, 0, 0.1, 0, 5, 5, 5, 5.3;
        const Dendrogram tree = wardLinkage(f);
        DendrogramWidget w;
        w.resize(420, 320);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setTree(tree, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d")}, 2);
        QCOMPARE(w.clusters(), 2);
        QCOMPARE(w.cutGroups(), cutIntoClusters(tree, 2));
        QCOMPARE(w.cutGroups(), (std::vector<int>{0, 0, 1, 1}));
        QVERIFY(w.cutHeight() > tree.merges[1].height && w.cutHeight() < tree.merges[2].height);
        QSignalSpy cut(&w, &DendrogramWidget::cutChanged);
        const int x = w.xOfLeaf(0) + 20;
        QTest::mousePress(&w, Qt::LeftButton, {}, QPoint(x, w.yOfHeight(tree.merges[0].height * 0.5)));
        QCOMPARE(w.clusters(), 4);
        QMouseEvent move(QEvent::MouseMove, QPointF(x, w.yOfHeight(tree.merges[2].height * 1.05)), QPointF(),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &move);
        QCOMPARE(w.clusters(), 1);
        QTest::mouseRelease(&w, Qt::LeftButton, {}, QPoint(x, w.yOfHeight(tree.merges[2].height * 1.05)));
        QVERIFY(w.cutHeight() > tree.merges[2].height); // snapped above the top merge
        QCOMPARE(cut.count(), 2);
        QCOMPARE(cut.last().at(0).toInt(), 1);
        w.setClusters(3);
        QCOMPARE(w.cutGroups(), cutIntoClusters(tree, 3));
        QCOMPARE(w.clustersAtHeight(w.cutHeight()), 3);
        w.setClusters(99); // clamped to the leaves
        QCOMPARE(w.clusters(), 4);
        // Tooltips explain a merge and a leaf.
        const Merge& top = tree.merges[2];
        const QPoint onTop((w.xOfLeaf(0) + w.xOfLeaf(3)) / 2, w.yOfHeight(top.height));
        QVERIFY2(w.textAt(onTop).contains(QStringLiteral("{a, b} with {c, d}")) ||
                     w.textAt(onTop).contains(QStringLiteral("{c, d} with {a, b}")),
                 qPrintable(w.textAt(onTop)));
        QVERIFY(w.textAt(QPoint(w.xOfLeaf(2), w.height() - 20)).startsWith(QStringLiteral("c: agent")));
        w.clear();
        QVERIFY(!w.hasTree());
        QCOMPARE(w.textAt(onTop), QString());
    }

    /// The Agents tab clusters the study's space exactly as MARL's own pre-pass would for the
    /// seed, shows it, lets the user override it, and hands the groups to MARL.
    void clusteringInTheWorkbench()
    {
        DataflowWorkbench w;
        w.resize(1600, 950);
        w.show();
        w.showTab(DataflowWorkbench::AgentsTab);
        AgentClusteringView* view = w.agentsView();
        view->setPrepass(QStringLiteral("random"), 2000, 15, QStringLiteral("latency"), 5);
        QVERIFY(view->cluster());
        view->waitForClustering();
        QVERIFY(view->clustering().has_value());
        const DataflowInputs& in = w.document()->inputs();
        const DataflowProblem problem(in.layer, in.hardware, in.space, "latency");
        const PrepassClustering core = clusterFromPrepass(problem, ClusterPolicy::Random, 2000, 0.15, 3, 5);
        QCOMPARE(view->clustering()->clustering.correlation, core.clustering.correlation);
        QCOMPARE(view->clustering()->freeParameters, core.freeParameters);
        // 8 free parameters (the 3 × 3 filter maps whole: tile_R, tile_S fixed), cut into 3.
        QCOMPARE(int(core.freeParameters.size()), 8);
        QCOMPARE(view->dendrogram()->clusters(), 3);
        QCOMPARE(view->dendrogram()->cutGroups(), core.clustering.groups);
        QCOMPARE(view->agentCount(), 3);
        // Parameters by their readable names, not their ids (issue 31, item 9).
        QVERIFY(view->statusText().contains(QStringLiteral("Per-PE tile of R")));
        QVERIFY(!view->statusText().contains(QStringLiteral("tile_R")));
        view->heatmap()->waitForRender();
        QCOMPARE(view->heatmap()->data().rows, 9); // 8 parameters and the objective
        QCOMPARE(view->heatmap()->data().rowLabels.last(), QStringLiteral("Latency"));
        for (const QString& label : view->heatmap()->data().rowLabels)
            QVERIFY2(!label.contains(QLatin1Char('_')), qPrintable(label));
        QCOMPARE(view->heatmap()->data().valueTitle, QStringLiteral("|r|"));
        QCOMPARE(view->groupsTable()->rowCount(), 8);
        QTest::qWait(100);
        shot(w, QStringLiteral("dataflow-agents.png"));
        // B follows the spinner; a manual move overrides the cut.
        view->setAgentCount(2);
        QCOMPARE(view->agentCount(), 2);
        QCOMPARE(view->dendrogram()->clusters(), 2);
        const int lonely = 7;
        QVERIFY(view->setParameterAgent(lonely, 7)); // its own agent
        QCOMPARE(view->agentCount(), 3);
        QVERIFY(!view->setParameterAgent(99, 0));
        const QStringList groups = view->groupsOption().split(QLatin1Char(','));
        QCOMPARE(groups.size(), 10);
        // Fixed parameters get 0 (no agent); the others their renumbered group.
        QCOMPARE(groups[core.freeParameters[lonely]], QStringLiteral("2")); // last seen: the third agent
        for (int i = 0; i < 10; ++i)
            if (std::find(core.freeParameters.begin(), core.freeParameters.end(), i) == core.freeParameters.end())
                QCOMPARE(groups[i], QStringLiteral("0"));
        // The pre-pass numbers, typed key by key (issue 31: the samples spin box's separators
        // changed what was typed), travel to MARL's form exactly.
        testing::typeInto(testing::fieldNamed(*view, QStringLiteral("Samples")), QStringLiteral("12345"));
        testing::typeInto(testing::fieldNamed(*view, QStringLiteral("Keep best (%)")), QStringLiteral("20"));
        ValueEdit* samplesField = testing::fieldNamed(*view, QStringLiteral("Samples"));
        testing::typeInto(samplesField, QStringLiteral("99"));
        QVERIFY(samplesField->hasError()); // below the 100 the pre-pass needs: kept, with the reason
        QVERIFY(samplesField->error().contains(QStringLiteral("between 100 and")));
        testing::typeInto(samplesField, QStringLiteral("12,345"));
        QVERIFY(!samplesField->hasError());
        QCOMPARE(qobject_cast<NumberEdit*>(samplesField)->value(), qint64(12345));
        QCOMPARE(qobject_cast<NumberEdit*>(testing::fieldNamed(*view, QStringLiteral("Keep best (%)")))->value(), qint64(20));
        QVERIFY(view->useForMarl());
        OptimizerPanel* panel = w.runsPanel()->optimizerPanel();
        QCOMPARE(panel->optimizerId(), QStringLiteral("marl"));
        QCOMPARE(panel->optionText(QStringLiteral("groups")), view->groupsOption());
        QCOMPARE(panel->optionText(QStringLiteral("agents")), QStringLiteral("3"));
        // The groups run: three agents, no pre-pass.
        QVERIFY(panel->setOption(QStringLiteral("samples"), QStringLiteral("256")));
        QSignalSpy finished(w.runsPanel(), &RunsPanel::runFinished);
        OptimizerRun* run = w.runsPanel()->startRun();
        QVERIFY(run);
        QVERIFY(finished.wait(60000));
        QCOMPARE(run->state(), RunState::Finished);
        // The cut resets the override.
        view->setAgentCount(4);
        QCOMPARE(view->agentCount(), 4);
        QCOMPARE(view->dendrogram()->cutGroups(), cutIntoClusters(core.clustering.tree, 4));
        // Changed inputs make the clustering stale: it is not handed on until redone.
        DataflowInputs bigger = in;
        bigger.layer.set(dfvar::K, 256);
        w.document()->apply(bigger, QStringLiteral("K"));
        QVERIFY(view->statusText().contains(QStringLiteral("changed")));
        QVERIFY(!view->useForMarl());
        // Invalid inputs: a clear reason naming the field, nothing else lost.
        DataflowInputs bad = w.document()->inputs();
        bad.layer.set(dfvar::K, 0);
        w.document()->apply(bad, QStringLiteral("K = 0"));
        QVERIFY(!view->cluster());
        QVERIFY2(view->statusText().contains(QStringLiteral("K")), qPrintable(view->statusText()));
        QVERIFY(view->clustering().has_value());
        w.document()->undoStack()->undo();
        QVERIFY(view->cluster());
        view->waitForClustering();
        QVERIFY(view->useForMarl());
        // A pre-pass with no valid point says so.
        DataflowInputs tiny = w.document()->inputs();
        tiny.hardware.l1Size = 1;
        tiny.hardware.l2Size = 1;
        w.document()->apply(tiny, QStringLiteral("tiny buffers"));
        view->setPrepass(QStringLiteral("random"), 200, 15, QStringLiteral("latency"), 5);
        if (view->cluster()) {
            view->waitForClustering();
            QVERIFY2(view->statusText().contains(QStringLiteral("valid")), qPrintable(view->statusText()));
        } else {
            QVERIFY(!view->statusText().isEmpty());
        }
    }

    /// The agent-budget sweep starts MARL for B = 1, 2, 3, 6 and (capped at the 8 free
    /// parameters) 8; the comparison grid shows one row per B with its ratio to the best.
    void agentBudgetSweep()
    {
        DataflowWorkbench w;
        w.resize(1600, 950);
        w.show();
        AgentClusteringView* view = w.agentsView();
        OptimizerPanel* panel = w.runsPanel()->optimizerPanel();
        QVERIFY(panel->selectOptimizer(QStringLiteral("marl")));
        QVERIFY(panel->setOption(QStringLiteral("samples"), QStringLiteral("256")));
        view->setPrepass(QStringLiteral("ga"), 500, 15, QStringLiteral("latency"), 3);
        QSignalSpy finished(w.runsPanel(), &RunsPanel::runFinished);
        QCOMPARE(view->sweepAgentBudget(), 5);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 5, 120000);
        w.runsPanel()->drain();
        QTableWidget* grid = w.runsPanel()->compareTable();
        QCOMPARE(grid->rowCount(), 5);
        QStringList labels;
        for (int r = 0; r < grid->rowCount(); ++r)
            labels.append(grid->item(r, 0)->text());
        for (int b : {1, 2, 3, 6, 8})
            QVERIFY2(labels.contains(QStringLiteral("marl (agents = %1)").arg(b)), qPrintable(labels.join(QStringLiteral("; "))));
        QVERIFY(w.runsPanel()->setCompareReference(QStringLiteral("marl")));
        double lowest = 1e9;
        for (int r = 0; r < grid->rowCount(); ++r) {
            bool ok = false;
            const double ratio = grid->item(r, 5)->text().toDouble(&ok);
            QVERIFY(ok && ratio >= 1.0 - 1e-9);
            lowest = std::min(lowest, ratio);
            QCOMPARE(grid->item(r, 3)->text(), QStringLiteral("1"));
            // Mean ± spread in one prefixed unit: one run each, so "± 0" in the mean's unit.
            const QString best = grid->item(r, 4)->text();
            QVERIFY2(QRegularExpression(QStringLiteral("^[0-9.]+ ± 0 [^0-9]+$")).match(best).hasMatch(), qPrintable(best));
        }
        QCOMPARE(lowest, 1.0);
        QVERIFY(!w.runsPanel()->setCompareReference(QStringLiteral("bo")));
        // Curves of all five, on a log sample axis.
        QCheckBox* logX = nullptr;
        for (QCheckBox* c : w.runsPanel()->findChildren<QCheckBox*>())
            if (c->text() == QStringLiteral("Log x"))
                logX = c;
        QVERIFY(logX);
        logX->setChecked(true);
        QVERIFY(w.runsPanel()->curveChart()->logX());
        w.runsPanel()->curveChart()->flush();
        QVERIFY(w.runsPanel()->curveChart()->seriesNames().contains(QStringLiteral("#3 marl B=3")));
        QCOMPARE(w.runsPanel()->curveChart()->seriesNames().size(), 5);
        w.showTab(DataflowWorkbench::OptimizeTab);
        w.runsPanel()->showViewTab(RunsPanel::CompareTab);
        QTest::qWait(100);
        shot(w, QStringLiteral("dataflow-compare.png"));
        w.runsPanel()->showViewTab(RunsPanel::CurvesTab);
        QTest::qWait(100);
        shot(w, QStringLiteral("dataflow-sweep-curves.png"));
    }
};

QTEST_MAIN(TestAgentsView)
#include "tst_agents_view.moc"
