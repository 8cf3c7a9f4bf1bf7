// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// A kind registered from outside the tree (tests/toykind) runs through everything shared: the
// registry, study jobs, the GUI's runner, project files and sweeps — none of which names it.

#include "support/jobs.h"
#include "toykind/toy_kind.h"

#include "core/study/project_io.h"
#include "core/optim/run_control.h"
#include "core/model/validation.h"
#include "core/runner/optimizer_run.h"
#include "core/study/study.h"
#include "core/study/study_job.h"
#include "core/sweep/sweep.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace mapscape;
using test::runJob;
using mapscape::toy::ToyInputs;

class TestToyKind : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { toy::registerToyKind(); }

    void registeredBesideTheBuiltins()
    {
        const StudyKind* k = findStudyKind("toy");
        QVERIFY(k != nullptr);
        QCOMPARE(studyKinds().front()->id(), std::string("scheduling")); // the default kind stays first
        QCOMPARE(studyKinds().back()->id(), std::string("toy"));
        QVERIFY(studyKindIds().find("toy") != std::string::npos);
        QCOMPARE(&StudyInputs(ToyInputs{}).kind(), k);
        QVERIFY(findOptimizer(*k, "ga") != nullptr);
        QVERIFY(findOptimizer(*k, "ppo") == nullptr);
        // Registering the same id twice is a programmer error.
        toy::registerToyKind(); // once only: a no-op
        const std::vector<const StudyKind*> kinds = studyKinds();
        QCOMPARE(int(std::count_if(kinds.begin(), kinds.end(), [](const StudyKind* s) { return s->id() == "toy"; })), 1);
    }

    void jobsFindTheOptimumDeterministically()
    {
        std::string doc1, doc2;
        const JobResult a = runJob(ToyInputs{}, "ga", 1, {{"samples", "1500"}}, &doc1);
        const JobResult b = runJob(ToyInputs{}, "ga", 1, {{"samples", "1500"}}, &doc2);
        QVERIFY(a.found && a.complete && !a.cancelled);
        QCOMPARE(a.best, b.best);
        QCOMPARE(doc1, doc2);
        // The bowl's bottom: (7, 3, 12), cost 1, sum 22.
        QCOMPARE(a.best, (std::vector<double>{1, 22}));
        QCOMPARE(nlohmann::json::parse(doc1)["design"], nlohmann::json::parse("[7, 3, 12]"));
        QCOMPARE(a.evaluations, std::uint64_t(1500));
        const JobResult r = runJob(ToyInputs{}, "random", 2, {{"samples", "400"}});
        QVERIFY(r.found);
        QVERIFY(r.best[0] >= 1);
    }

    void aTightBudgetIsAConstraint()
    {
        ToyInputs t;
        t.budget = 10; // the bottom (sum 22) is out of reach; the best within budget costs 51
        const JobResult a = runJob(t, "ga", 3, {{"samples", "2000"}});
        QVERIFY(a.found);
        QVERIFY(a.best[1] <= 10);
        QCOMPARE(a.best[0], 51.0);
        t.budget = 0; // only (0, 0, 0) is valid
        const JobResult z = runJob(t, "random", 1, {{"samples", "200"}});
        QVERIFY(!z.found || z.best[1] == 0);
    }

    void badInputsNameTheField()
    {
        const StudyKind& k = *findStudyKind("toy");
        try {
            (void)k.inputsFromJson("{\"toy\": {\"range\": 8, \"design\": [1, 9, 2]}}", "f.json", "studies[1]");
            QFAIL("a knob out of range was accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromUtf8(e.what()),
                     QStringLiteral("f.json: studies[1].toy.design[1]: expected an integer in 0 … 7"));
        }
        OptimizerSettings s = defaultOptimizerSettings(k);
        s.options = {{"samples", "0"}};
        try {
            (void)k.makeJob(ToyInputs{}, s, {});
            QFAIL("samples=0 was accepted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("ga.samples") != std::string::npos, e.what());
        }
    }

    void runsInTheRunner()
    {
        RunSettings settings{"bowl", ToyInputs{}, defaultOptimizerSettings(*findStudyKind("toy"))};
        settings.optimizer.options = {{"samples", "600"}};
        OptimizerRun run(1, settings);
        QVERIFY(run.start());
        run.wait();
        QTRY_COMPARE(run.state(), RunState::Finished);
        QCOMPARE(run.evaluations(), std::uint64_t(600));
        QCOMPARE(run.bestObjectives().size(), std::size_t(2));
        QVERIFY(run.resultJson().find("mapscape/toy-result") != std::string::npos);
        QVERIFY(!run.takeEvaluatedPoints().empty()); // the Pareto view's points
        bool best = false;
        for (const MetricPoint& m : run.takeMetrics())
            best = best || m.name == "search/best";
        QVERIFY(best);
        QVERIFY(run.title().contains(QStringLiteral("ga")));
    }

    void projectsKeepIt()
    {
        Project p;
        p.studies.push_back(makeStudy("default", studyKinds().front()->defaultInputs()));
        ToyInputs t;
        t.design = {1, 2, 3};
        t.budget = 30;
        Study s = makeStudy("bowl", t);
        s.optimizer.options = {{"samples", "77"}};
        p.studies.push_back(s);
        p.active = 1;
        const QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("toy.mapscape")).toStdString();
        saveProject(p, path);
        const Project back = loadProject(path);
        QCOMPARE(int(back.studies.size()), 2);
        QVERIFY(back == p);
        QCOMPARE(back.studies[1].inputs.get<ToyInputs>().design, (std::array<int, 3>{1, 2, 3}));
        // A study file of the kind reads back the same.
        QVERIFY(studyFromJson(studyToJson(s), "s.json") == s);
    }

    void sweepsRunIt()
    {
        const QTemporaryDir dir;
        const std::string text = "{\"schema\": \"mapscape/sweep\", \"version\": 2, \"name\": \"toy\", "
                                 "\"studies\": [\"toy\"], "
                                 "\"variations\": [{\"name\": \"budget\", \"path\": \"/toy/budget\", \"values\": [10, 40]}], "
                                 "\"optimizers\": [{\"id\": \"ga\", \"options\": {\"samples\": 800}}, "
                                 "{\"id\": \"random\", \"options\": {\"samples\": 100}}], \"seeds\": [1, 2]}";
        const sweep::SweepSpec spec = sweep::sweepFromJson(text, "toy-sweep.json");
        sweep::SweepSpec loaded = spec;
        loaded.studies[0].kind = "toy";
        loaded.studies[0].objective = "cost";
        const std::vector<sweep::Shard> shards = sweep::planSweep(loaded);
        QCOMPARE(int(shards.size()), 2 * 2 * 2);
        sweep::checkSweepInputs(loaded);
        std::vector<sweep::ShardResult> rows;
        for (const sweep::Shard& sh : shards)
            rows.push_back(sweep::runShard(loaded, sh));
        QCOMPARE(rows[0].kind, std::string("toy"));
        QCOMPARE(rows[0].level("budget"), std::string("10"));
        QCOMPARE(rows[0].objectiveValue("cost").value(), 51.0);
        QCOMPARE(rows[4].objectiveValue("cost").value(), 1.0);
        QVERIFY(rows[0].sameResult(sweep::runShard(loaded, shards[0])));
        const std::string csv = sweep::collectCsv(rows, {.timing = false});
        QVERIFY2(csv.find("cost (units)") != std::string::npos, csv.c_str());
        QVERIFY2(csv.find("sum (knobs)") != std::string::npos, csv.c_str());
        const sweep::SweepComparison c =
                sweep::compareSweepResults(rows, *sweep::findSweepQuantity(rows, "cost"));
        QCOMPARE(int(c.groups.size()), 2);
        QCOMPARE(int(c.optimizers.size()), 2);
    }
};

QTEST_GUILESS_MAIN(TestToyKind)
#include "tst_toy_kind.moc"
