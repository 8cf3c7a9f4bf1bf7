// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "core/study/point_search_job.h"
#include "kinds/accel/core/accel_study.h"
#include "kinds/dataflow/core/dataflow_study.h"
#include "kinds/scheduling/core/scheduling_study.h"
#include "core/maestro/dataflow_model.h"
#include "kinds/accel/core/accel_io.h"
#include "core/study/project_io.h"
#include "core/runner/optimizer_run.h"
#include "support/fixtures.h"

#include <QSignalSpy>
#include <QtTest>

using namespace mapscape;

namespace {

RunSettings settings(std::string optimizer, OptionValues options = {})
{
    RunSettings s;
    s.studyName = "test";
    s.inputs = SchedulingInputs{test::eyeriss(), test::twoLayerNetwork(), std::nullopt};
    s.optimizer.id = std::move(optimizer);
    s.optimizer.options = std::move(options);
    s.optimizer.objective = "energy";
    s.optimizer.threads = 2;
    return s;
}

/// VGG16's second row on a 256-PE accelerator with bounded buffers.
RunSettings dataflowSettings(std::string optimizer, OptionValues options = {})
{
    RunSettings s;
    s.studyName = "dataflow";
    s.inputs = test::vgg16Row2Inputs();
    s.optimizer.id = std::move(optimizer);
    s.optimizer.options = std::move(options);
    s.optimizer.objective = "latency";
    s.optimizer.threads = 2;
    return s;
}

} // namespace

class TestOptimizerRun : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void runsToCompletion()
    {
        OptimizerRun run(1, settings("bottom-up"));
        QSignalSpy finished(&run, &OptimizerRun::finished);
        QSignalSpy states(&run, &OptimizerRun::stateChanged);
        QSignalSpy data(&run, &OptimizerRun::dataAvailable);
        QVERIFY(run.start());
        QVERIFY(finished.wait(10000));
        QCOMPARE(run.state(), RunState::Finished);
        QCOMPARE(states.first().first().value<RunState>(), RunState::Running);
        QCOMPARE(states.last().first().value<RunState>(), RunState::Finished);
        QVERIFY(!data.isEmpty());
        QCOMPARE(run.progress(), 1.0);
        QCOMPARE(run.etaSeconds(), 0.0);
        const SchedulingJob* job = run.jobAs<SchedulingJob>();
        QVERIFY(job);
        const SearchResult r = job->searchResult();
        QCOMPARE(r.layersFound, 2);
        const auto best = job->bestSoFar();
        QCOMPARE(int(best.size()), 2);
        QVERIFY(best[0].found && best[1].found);
        QCOMPARE(best[0].evaluation.totalEnergy, r.layers[0].evaluation.totalEnergy);
        QVERIFY(!run.takeMetrics().empty());
        QVERIFY(!run.takeEvaluatedPoints().empty());
        QVERIFY(run.takeMetrics().empty()); // drained
        QVERIFY(run.title().startsWith(QStringLiteral("bottom-up #1")));
    }

    void badOptionsFailWithTheFieldName()
    {
        OptimizerRun run(2, settings("random", {{"samples", "-4"}}));
        QSignalSpy failed(&run, &OptimizerRun::failed);
        QVERIFY(!run.start());
        QCOMPARE(run.state(), RunState::Failed);
        QCOMPARE(failed.count(), 1);
        QVERIFY(failed.first().first().toString().startsWith(QStringLiteral("random.samples:")));
        QVERIFY(run.errorMessage().contains(QStringLiteral("got \"-4\"")));
    }

    void cancelStopsTheRun()
    {
        OptimizerRun run(3, settings("random", {{"samples", "100000000"}}));
        QSignalSpy finished(&run, &OptimizerRun::finished);
        QVERIFY(run.start());
        QTest::qWait(100);
        QCOMPARE(run.state(), RunState::Running);
        run.cancel();
        // The run ends (a run that missed the stop would take hours); how fast is measured by
        // bench_cancellation, not here.
        QVERIFY(finished.wait(60000));
        QCOMPARE(run.state(), RunState::Cancelled);
        QVERIFY(run.jobResult().cancelled);
        QVERIFY(run.progress() < 1.0);
    }

    void pauseHoldsProgress()
    {
        OptimizerRun run(4, settings("random", {{"samples", "100000000"}}));
        QSignalSpy finished(&run, &OptimizerRun::finished);
        QVERIFY(run.start());
        QTest::qWait(100);
        run.pause();
        QCOMPARE(run.state(), RunState::Paused);
        QTRY_VERIFY(run.pauseHeld()); // the batch in flight ends
        const double held = run.progress();
        const double elapsed = run.elapsedSeconds();
        QTest::qWait(300);
        QCOMPARE(run.progress(), held);
        QCOMPARE(run.elapsedSeconds(), elapsed); // paused time does not count
        run.resume();
        QCOMPARE(run.state(), RunState::Running);
        QTRY_VERIFY(run.progress() > held);
        run.cancel();
        QVERIFY(finished.wait(2000));
        // Cancelling while paused also works.
        OptimizerRun second(5, settings("random", {{"samples", "100000000"}}));
        QSignalSpy secondFinished(&second, &OptimizerRun::finished);
        QVERIFY(second.start());
        QTest::qWait(50);
        second.pause();
        second.cancel();
        QVERIFY(secondFinished.wait(2000));
        QCOMPARE(second.state(), RunState::Cancelled);
    }

    void severalRunsAtOnce()
    {
        OptimizerRun a(6, settings("bottom-up"));
        OptimizerRun b(7, settings("exhaustive"));
        OptimizerRun c(8, settings("random", {{"samples", "2000"}}));
        QSignalSpy fa(&a, &OptimizerRun::finished), fb(&b, &OptimizerRun::finished), fc(&c, &OptimizerRun::finished);
        QVERIFY(a.start() && b.start() && c.start());
        QVERIFY(fa.count() == 1 || fa.wait(20000));
        QVERIFY(fb.count() == 1 || fb.wait(20000));
        QVERIFY(fc.count() == 1 || fc.wait(20000));
        // Exhaustive is the optimum: nothing beats it.
        for (int l = 0; l < 2; ++l) {
            const auto metric = [l](const OptimizerRun& run) {
                return run.jobAs<SchedulingJob>()->searchResult().layers[std::size_t(l)].metric;
            };
            QVERIFY(metric(a) >= metric(b));
            QVERIFY(metric(c) >= metric(b));
        }
    }

    /// The same runner drives design-space optimizers of a dataflow-mapping study.
    void dataflowRunsToCompletion()
    {
        OptimizerRun run(10, dataflowSettings("gamma", {{"population", "20"}, {"samples", "200"}}));
        QCOMPARE(run.kind(), dataflowKind());
        QSignalSpy finished(&run, &OptimizerRun::finished);
        QVERIFY(run.start());
        QVERIFY(finished.wait(20000));
        QCOMPARE(run.state(), RunState::Finished);
        QCOMPARE(run.progress(), 1.0);
        QCOMPARE(run.evaluations(), std::uint64_t(200));
        const std::vector<double> best = run.bestObjectives();
        QCOMPARE(int(best.size()), 5); // latency, energy, EDP, area, power
        QVERIFY(best[0] > 0);
        const std::vector<EvaluatedPoint> points = run.takeEvaluatedPoints();
        QVERIFY(!points.empty());
        double lowest = 1e300;
        for (const EvaluatedPoint& p : points)
            lowest = std::min(lowest, p.values[0]);
        QCOMPARE(lowest, best[0]); // the best is the lowest latency evaluated
        // The result decodes to a mapping the model evaluates to the same latency.
        const std::string json = run.resultJson();
        QVERIFY(!json.empty());
        const auto& in = (run.settings().inputs).get<DataflowInputs>();
        const DataflowMapping m = dataflowResultMapping(json, in.layer.type, "run");
        DataflowResult r;
        QVERIFY(DataflowModel(in.hardware).evaluate(in.layer, m, r).ok());
        QCOMPARE(double(r.runtime), best[0]);
        QVERIFY(!dataflowResultPoint(json).empty());
        QVERIFY(run.title().startsWith(QStringLiteral("gamma #10 · VGG16 row 2 on test 256 PEs")));
    }

    /// Accelerator-sizing studies: a three-objective archive with a hypervolume curve, the
    /// optimizer's view snapshots kept (latest per name), the best design as a result document.
    void accelRunsKeepSnapshotsAndHypervolume()
    {
        RunSettings s;
        s.studyName = "accel";
        AccelInputs in;
        in.setup.limits = FpgaLimits::zcu102();
        s.inputs = in;
        s.optimizer = defaultOptimizerSettings(accelKind());
        s.optimizer.id = "ga";
        s.optimizer.objective = "area";
        s.optimizer.options = {{"samples", "150"}};
        OptimizerRun run(12, s);
        QCOMPARE(run.kind(), accelKind());
        QSignalSpy finished(&run, &OptimizerRun::finished);
        QVERIFY(run.start());
        QVERIFY(finished.wait(20000));
        QCOMPARE(run.state(), RunState::Finished);
        QVERIFY(run.jobAs<PointSearchJob>() != nullptr);
        std::uint64_t version = 0;
        const std::string population = run.latestSnapshot("ga/population", &version);
        QVERIFY(population.find("\"members\"") != std::string::npos);
        QVERIFY(version >= 2); // one per generation, the latest kept
        QCOMPARE(run.latestSnapshot("no/such"), std::string());
        bool hv = false;
        for (const MetricPoint& m : run.takeMetrics())
            hv = hv || (m.name == "search/hypervolume" && m.value > 0);
        QVERIFY(hv);
        const std::vector<double> best = run.bestObjectives();
        QCOMPARE(int(best.size()), 4); // latency, power, area, energy
        const AccelDesign d = accelDesignFromJson(run.resultJson(), "run");
        const AccelMetrics m = AccelModel(in.setup.workload, in.setup.model).evaluate(d);
        QCOMPARE(m.area, best[accelobj::Area]);
    }

    void dataflowBadObjectiveFails()
    {
        RunSettings s = dataflowSettings("random");
        s.optimizer.objective = "throughput";
        OptimizerRun run(11, s);
        QVERIFY(!run.start());
        QVERIFY(run.errorMessage().contains(QStringLiteral("throughput")));
    }

    void destroyingARunningRunIsSafe()
    {
        auto run = std::make_unique<OptimizerRun>(9, settings("random", {{"samples", "100000000"}}));
        QVERIFY(run->start());
        QTest::qWait(50);
        run.reset(); // cancels and joins; queued signals to the dead object are dropped
        QTest::qWait(50);
    }
};

QTEST_GUILESS_MAIN(TestOptimizerRun)
#include "tst_optimizer_run.moc"
