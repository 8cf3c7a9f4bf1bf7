// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "kinds/scheduling/core/baselines.h"
#include "core/optim/rl/ppo/ppo_agent.h"
#include "kinds/scheduling/learners/ppo_scheduler.h"
#include "support/cancellation.h"
#include "support/fixtures.h"

#include <QtTest>

#include <map>
#include <random>
#include <thread>

using namespace mapscape;

namespace {

class SeriesSink final : public MetricsSink {
public:
    void record(std::string_view name, std::int64_t, double value) override { series[std::string(name)].push_back(value); }
    std::map<std::string, std::vector<double>> series;
};

Network oneLayer(const Layer& l)
{
    Network n;
    n.name = "one";
    n.layers = {l};
    return n;
}

} // namespace

class TestPpoScheduler : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void actionEncoding()
    {
        QCOMPARE(pairAction(0, 1), 10);
        QCOMPARE(pairAction(1, 2), 19);
        QCOMPARE(pairAction(8, 9), 54);
        QCOMPARE(pairAction(9, 8), 54);
        for (int i = 0; i < kNumRows; ++i) {
            for (int j = i + 1; j < kNumRows; ++j) {
                const int a = pairAction(i, j);
                const std::vector<Row> rows = actionRows(a, Row::Dram);
                QVERIFY(std::find(rows.begin(), rows.end(), rowAt(i)) != rows.end());
                QVERIFY(std::find(rows.begin(), rows.end(), rowAt(j)) != rows.end());
            }
        }
        QCOMPARE(actionRows(3, Row::Dram), (std::vector<Row>{Row::Lb, Row::Dram}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, actionRows(55, Row::Dram));
    }

    void validActionCounts_data()
    {
        QTest::addColumn<QString>("acc");
        QTest::addColumn<int>("count");
        QTest::newRow("eyeriss: 4 + 6") << QStringLiteral("eyeriss") << 10;
        QTest::newRow("simba: 8 + 28") << QStringLiteral("simba") << 36;
    }

    void validActionCounts()
    {
        QFETCH(QString, acc);
        QFETCH(int, count);
        const SchedulingModel model(acc == QStringLiteral("simba") ? test::simba() : test::eyeriss());
        const auto mask = actionMask(model, Row::Dram, true);
        QCOMPARE(int(std::count(mask.begin(), mask.end(), 1)), count);
        const auto pairsOnly = actionMask(model, Row::Dram, false);
        for (int a = kNumRows; a < kSchedulingActions; ++a)
            QCOMPARE(int(pairsOnly[std::size_t(a)]), 0);
    }

    /// Thousands of sampled actions from random states, all current rows: never an invalid one.
    void maskingNeverEmitsInvalidActions()
    {
        for (const Accelerator& acc : {test::eyeriss(), test::simba()}) {
            const SchedulingModel model(acc);
            rl::PpoAgent agent(kSchedulingObservation, kSchedulingActions, {}, 3);
            std::mt19937 rng(11);
            std::uniform_real_distribution<float> u(-3.f, 3.f);
            for (Row current : mappableRows(model)) {
                const auto mask = actionMask(model, current, true);
                for (int k = 0; k < 300; ++k) {
                    std::vector<float> obs(kSchedulingObservation);
                    for (float& x : obs)
                        x = u(rng);
                    const rl::PolicyStep step = agent.act(obs, mask, k % 10 == 0);
                    QVERIFY(step.action >= 0 && step.action < kSchedulingActions);
                    QCOMPARE(int(mask[std::size_t(step.action)]), 1);
                    for (Row r : actionRows(step.action, current))
                        QVERIFY(model.isMappableRow(r));
                    QVERIFY(std::isfinite(step.logProb));
                }
                const std::vector<float> obs(kSchedulingObservation, 0.5f);
                const std::vector<double> p = agent.probabilities(obs, mask);
                double sum = 0;
                for (int a = 0; a < kSchedulingActions; ++a) {
                    if (!mask[std::size_t(a)])
                        QCOMPARE(p[std::size_t(a)], 0.0);
                    sum += p[std::size_t(a)];
                }
                QVERIFY(qAbs(sum - 1.0) < 1e-6);
            }
            std::array<std::uint8_t, kSchedulingActions> none{};
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                     agent.act(std::vector<float>(kSchedulingObservation, 0.f), none, false));
        }
    }

    void rewardFollowsEquationOne()
    {
        QCOMPARE(SchedulingEnvironment::reward(10, 100, 3, 0), 1.5);  // 2-row: 15·Δ/M_init
        QCOMPARE(SchedulingEnvironment::reward(10, 100, 12, 1), 1.0); // 3-row: 10·Δ/M_init
        QCOMPARE(SchedulingEnvironment::reward(0, 100, 3, 0), -1.0);
        QCOMPARE(SchedulingEnvironment::reward(0, 100, 12, 3), -1.0);
        QCOMPARE(SchedulingEnvironment::reward(0, 100, 12, 5), -3.0); // −1 − (n − 3)
    }

    void entropyScheduleFollowsEquationSix()
    {
        const rl::PpoOptions o;
        QCOMPARE(rl::entropyCoefficient(o, 0), 0.1f);
        QCOMPARE(rl::entropyCoefficient(o, 499), 0.1f);
        QVERIFY(qAbs(rl::entropyCoefficient(o, 500) - 0.0995f) < 1e-7f);
        QVERIFY(qAbs(rl::entropyCoefficient(o, 504) - 0.0995f) < 1e-7f);
        QVERIFY(qAbs(rl::entropyCoefficient(o, 505) - 0.1f * 0.995f * 0.995f) < 1e-7f);
        QVERIFY(rl::entropyCoefficient(o, 2104) > 0.02f);
        QCOMPARE(rl::entropyCoefficient(o, 2105), 0.02f);
        QCOMPARE(rl::entropyCoefficient(o, 100000), 0.02f);
    }

    void observationShape()
    {
        const SchedulingProblem problem = SchedulingProblem::make(
            test::eyeriss(), oneLayer(test::layer("A", 8, 1, 7, 7, 4, 3, 3, 1, 1)), Metric::Energy, DataflowMode::Fixed);
        SchedulingEnvironment env;
        env.reset(problem, 0);
        const std::vector<float> o = env.observe(problem, 20);
        QCOMPARE(int(o.size()), kSchedulingObservation);
        for (float x : o)
            QVERIFY(std::isfinite(x));
        QCOMPARE(o[std::size_t(idx(Row::Dram) * kNumDims)], 1.f); // DRAM holds all of K
        QCOMPARE(o[80 + idx(Row::Dram)], 1.f);                    // r = DRAM
    }

    /// A fixed seed: the policy's episode returns rise above those of its first episodes.
    void learnsOnATinyLayer()
    {
        const SchedulingProblem problem = SchedulingProblem::make(
            test::eyeriss(), oneLayer(test::layer("TINY", 16, 1, 7, 7, 8, 3, 3, 1, 1)), Metric::Energy, DataflowMode::Fixed);
        PpoSchedulerOptions o;
        o.episodesPerLayer = 240;
        o.stepsPerUpdate = 128;
        const std::uint64_t seed = qEnvironmentVariableIsSet("MAPSCAPE_TEST_SEED")
                                       ? qEnvironmentVariable("MAPSCAPE_TEST_SEED").toULongLong()
                                       : 42;
        PpoScheduler ppo(problem, o, seed);
        SeriesSink sink;
        const SearchResult r = runSearch(problem, ppo, {}, {}, sink);
        const std::vector<double>& returns = sink.series["ppo/return"];
        QCOMPARE(int(returns.size()), 240);
        const auto mean = [&](std::size_t from, std::size_t n) {
            double s = 0;
            for (std::size_t i = from; i < from + n; ++i)
                s += returns[i];
            return s / double(n);
        };
        const double head = mean(0, 30);
        const double tail = mean(returns.size() - 30, 30);
        qInfo("seed %llu: first episode %.3f, first 30 %.3f, last 30 %.3f", (unsigned long long)seed, returns.front(),
              head, tail);
        QVERIFY2(tail > head && tail > returns.front(),
                 qPrintable(QStringLiteral("first %1, first 30 %2, last 30 %3").arg(returns.front()).arg(head).arg(tail)));
        QVERIFY(!sink.series["ppo/actor_loss"].empty());
        QVERIFY(!sink.series["ppo/entropy"].empty());
        QCOMPARE(int(sink.series["ppo/greedy_return"].size()), 1);
        QCOMPARE(int(ppo.greedyTrajectories()[0].empty()), 0);

        // Within 1% of the exact optimum.
        ExhaustiveSearch ex(problem, {});
        NullMetricsSink none;
        const SearchResult exact = runSearch(problem, ex, {}, {}, none);
        QVERIFY(r.layers[0].metric <= 1.01 * exact.layers[0].metric);
        QVERIFY(r.layers[0].metric >= exact.layers[0].metric);
    }

    void sameSeedSameResult()
    {
        Network net;
        net.name = "two";
        net.layers = {test::layer("A", 16, 1, 7, 7, 8, 3, 3, 1, 1), test::layer("B", 64, 1, 1, 1, 96, 1, 1, 1, 0)};
        const SchedulingProblem problem = SchedulingProblem::make(test::simba(), net, Metric::Cycles, DataflowMode::Fixed);
        PpoSchedulerOptions o;
        o.episodesPerLayer = 6;
        o.stepsPerUpdate = 32;
        const auto run = [&](std::uint64_t seed, int threads, SeriesSink& sink) {
            PpoScheduler ppo(problem, o, seed);
            return runSearch(problem, ppo, {.threads = threads}, {}, sink);
        };
        SeriesSink s1, s2, s3;
        const SearchResult a = run(9, 1, s1);
        const SearchResult b = run(9, 2, s2);
        const SearchResult c = run(10, 1, s3);
        QCOMPARE(a.layersFound, 2);
        for (int l = 0; l < 2; ++l)
            QCOMPARE(a.layers[std::size_t(l)].table, b.layers[std::size_t(l)].table);
        QCOMPARE(s1.series["ppo/return"], s2.series["ppo/return"]);
        QCOMPARE(s1.series["ppo/actor_loss"], s2.series["ppo/actor_loss"]);
        QVERIFY(s1.series["ppo/return"] != s3.series["ppo/return"]);
    }

    void warmStartCopiesThePolicy()
    {
        const SchedulingProblem problem = SchedulingProblem::make(
            test::eyeriss(), oneLayer(test::layer("A", 8, 1, 7, 7, 4, 3, 3, 1, 1)), Metric::Energy, DataflowMode::Fixed);
        PpoSchedulerOptions o;
        o.episodesPerLayer = 4;
        o.stepsPerUpdate = 16;
        PpoScheduler first(problem, o, 1);
        NullMetricsSink sink;
        runSearch(problem, first, {}, {}, sink);
        PpoScheduler second(problem, o, 2, &first.agent());
        const std::vector<float> obs(kSchedulingObservation, 0.25f);
        const auto mask = actionMask(*problem.model, Row::Dram, true);
        QCOMPARE(second.agent().probabilities(obs, mask), first.agent().probabilities(obs, mask));
        PpoScheduler fresh(problem, o, 2);
        QVERIFY(fresh.agent().probabilities(obs, mask) != first.agent().probabilities(obs, mask));
    }

    /// A stop ends PPO training far from its budget (4,000 episodes would take hours); how fast
    /// is bench_cancellation's to measure.
    void cancellationStopsTraining()
    {
        Network net;
        net.name = "big";
        for (int i = 0; i < 4; ++i)
            net.layers.push_back(test::layer(("L" + std::to_string(i)).c_str(), 512, 1, 28, 28, 256, 3, 3, 1, 1));
        const SchedulingProblem problem = SchedulingProblem::make(test::simba(), net, Metric::Energy, DataflowMode::Flexible);
        PpoSchedulerOptions o;
        o.episodesPerLayer = 1000;
        PpoScheduler ppo(problem, o, 3);
        const test::CancelMeasurement m = test::runAndCancel(problem, ppo, 300);
        QVERIFY(!m.finishedBeforeStop); // far from finished: it is the stop that ends it
        QVERIFY(m.result.cancelled);
        QVERIFY(ppo.progress() < 0.5);
    }

    void badOptionsAreErrors()
    {
        const SchedulingProblem problem = SchedulingProblem::make(
            test::eyeriss(), oneLayer(test::layer("A", 8, 1, 7, 7, 4, 3, 3, 1, 1)), Metric::Energy, DataflowMode::Fixed);
        PpoSchedulerOptions o;
        o.maxSteps = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, PpoScheduler(problem, o, 1));
        o = {};
        o.episodesPerLayer = 0;
        o.greedyFinish = false;
        QVERIFY_THROWS_EXCEPTION(InputError, PpoScheduler(problem, o, 1));
    }
};

QTEST_APPLESS_MAIN(TestPpoScheduler)
#include "tst_ppo_scheduler.moc"
