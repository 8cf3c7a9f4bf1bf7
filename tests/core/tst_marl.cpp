// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Seed 001: agent clustering (Algorithm 1), the multi-head PPO learner and the MARL search on the
/// dataflow-mapping problem.

#include "core/model/validation.h"
#include "kinds/dataflow/core/dataflow_study.h"
#include "kinds/dataflow/core/dataflow_space.h"
#include "core/study/study_kind.h"
#include "core/optim/rl/common/torch_setup.h"
#include "core/optim/rl/marl/marl_search.h"
#include "core/optim/rl/ppo/multi_head_agent.h"
#include "core/optim/space/agent_clustering.h"

#include <QElapsedTimer>
#include <QtTest>

#include <cmath>
#include <thread>

using namespace mapscape;

namespace {

/// VGG16's second conv layer on GAMMA's 168-PE accelerator with small buffers: a space where
/// many mappings are invalid and the best ones are rare.
DataflowProblem vggOnGamma(DataflowSpaceOptions space = {}, std::string objective = "latency")
{
    DataflowHardware hw;
    hw.name = "gamma-168";
    hw.numPes = 168;
    hw.l1Size = 512;
    hw.l2Size = 108000;
    hw.nocBandwidth = 81920000;
    return DataflowProblem(DataflowLayer::conv("VGG16 row 2", 128, 64, 3, 3, 112, 112), hw, space, objective);
}

/// The same layer on ArchGym's default hardware (buffers effectively unlimited).
DataflowProblem vggOnArchGym()
{
    DataflowHardware hw;
    hw.name = "archgym";
    hw.numPes = 1024;
    return DataflowProblem(DataflowLayer::conv("VGG16 row 2", 128, 64, 3, 3, 112, 112), hw, {}, "latency");
}

/// Runs the ask/tell loop by hand, checking every asked point.
struct Loop {
    std::vector<Point> asked;
    bool allInSpace = true;
    void run(const PointProblem& problem, PointOptimizer& opt, std::size_t maxSamples)
    {
        NullMetricsSink sink;
        while (asked.size() < maxSamples) {
            const std::vector<Point> batch = opt.ask();
            if (batch.empty())
                break;
            std::vector<PointEvaluation> evals;
            for (const Point& p : batch) {
                allInSpace = allInSpace && problem.inSpace(p);
                evals.push_back(problem.evaluate(p));
                asked.push_back(p);
            }
            opt.tell(batch, evals, sink);
        }
    }
};

} // namespace

class TestMarl : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { rl::setTorchThreads(1); }

    /// Ward linkage of four points on a line, by hand: 0 and 1 merge at 1, 5 and 7 at 2, and the
    /// two pairs at √(2·2·2/4)·|0.5 − 6| = √2 · 5.5.
    void wardMatchesAHandComputedDendrogram()
    {
        Eigen::MatrixXd x(4, 1);
        x << 0, 1, 5, 7;
        const Dendrogram t = wardLinkage(x);
        QCOMPARE(int(t.merges.size()), 3);
        QCOMPARE(t.merges[0].a, 0);
        QCOMPARE(t.merges[0].b, 1);
        QCOMPARE(t.merges[0].height, 1.0);
        QCOMPARE(t.merges[1].a, 2);
        QCOMPARE(t.merges[1].b, 3);
        QCOMPARE(t.merges[1].height, 2.0);
        QCOMPARE(t.merges[2].a, 4);
        QCOMPARE(t.merges[2].b, 5);
        QVERIFY(std::abs(t.merges[2].height - std::sqrt(2.0) * 5.5) < 1e-12);
        QCOMPARE(t.merges[2].size, 4);
        QCOMPARE(cutIntoClusters(t, 2), (std::vector<int>{0, 0, 1, 1}));
        QCOMPARE(cutIntoClusters(t, 3), (std::vector<int>{0, 0, 1, 2}));
        QCOMPARE(cutIntoClusters(t, 1), (std::vector<int>{0, 0, 0, 0}));
        QCOMPARE(cutIntoClusters(t, 4), (std::vector<int>{0, 1, 2, 3}));
        QCOMPARE(cutAtHeight(t, 1.5), (std::vector<int>{0, 0, 1, 2}));
        QCOMPARE(t.order(), (std::vector<int>{0, 1, 2, 3}));
    }

    /// The spec's check: weak correlations (0–0.2) everywhere but |r_KC| = 0.8 — K and C merge
    /// first, and two agents are {K, C} and the rest.
    void correlatedParametersGroupFirst()
    {
        const int n = 10;
        Eigen::MatrixXd m = Eigen::MatrixXd::Identity(n, n);
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j)
                m(i, j) = m(j, i) = 0.02 * ((i * 7 + j * 3) % 11);
        m(2, 3) = m(3, 2) = 0.8; // tile_K, tile_C
        const Dendrogram t = wardLinkage(m);
        QCOMPARE(t.merges.front().a, 2);
        QCOMPARE(t.merges.front().b, 3);
        QVERIFY(t.merges.front().height < 0.5);
        QVERIFY(t.merges.back().height > 1.0);
        const std::vector<int> nine = cutIntoClusters(t, 9);
        QCOMPARE(nine[2], nine[3]);
        const std::vector<int> two = cutIntoClusters(t, 2);
        for (int i = 0; i < n; ++i)
            QCOMPARE(two[std::size_t(i)] == two[2], i == 2 || i == 3);
    }

    void absoluteCorrelationOfSamples()
    {
        Eigen::MatrixXd s(4, 3);
        s << 1, 4, 7, //
            2, 3, 7,  //
            3, 2, 7,  //
            4, 1, 7;
        const Eigen::MatrixXd r = absoluteCorrelation(s);
        QCOMPARE(r(0, 1), 1.0); // perfectly anti-correlated: |r| = 1
        QCOMPARE(r(0, 2), 0.0); // a constant column
        QCOMPARE(r(2, 2), 1.0);
        // Only the best fraction counts; invalid samples (NaN) never.
        std::vector<Point> pts{{0, 9}, {1, 8}, {2, 7}, {3, 0}, {4, 5}};
        std::vector<double> obj{1, 2, 3, std::nan(""), 100};
        const AgentClustering c = clusterParameters(pts, obj, 0.5, 1);
        QCOMPARE(c.eliteSamples, 2);
        QCOMPARE(c.correlation(0, 1), 1.0);
        QCOMPARE(c.correlation.rows(), Eigen::Index(2)); // the objective is not clustered...
        QCOMPARE(c.objectiveCorrelation.size(), Eigen::Index(2)); // ...but its |r| is kept
        QCOMPARE(c.objectiveCorrelation(0), 1.0); // elite: objective 1, 2 as parameter 0 goes 0, 1
        QCOMPARE(c.objectiveCorrelation(1), 1.0); // and as parameter 1 goes 9, 8
        QVERIFY_THROWS_EXCEPTION(InputError, clusterParameters({{1}}, {1.0}, 0.5, 1));
    }

    /// Heads never emit a masked value, and a run never asks for a point outside the space.
    void maskingNeverEmitsInvalidValues()
    {
        rl::MultiHeadOptions o;
        rl::MultiHeadPpoAgent agent(2, {5, 3}, o, 7);
        agent.setMasks({{0, 1, 0, 1, 0}, {0, 0, 1}});
        const std::vector<std::vector<float>> obs(64, std::vector<float>{0.5f, -0.2f});
        for (const rl::MultiHeadStep& s : agent.act(obs, false)) {
            QVERIFY(s.actions[0] == 1 || s.actions[0] == 3);
            QCOMPARE(s.actions[1], 2);
        }
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, agent.setMasks({{0, 0, 0, 0, 0}, {1, 1, 1}}));

        DataflowSpaceOptions space;
        space.restrictions["par_inner"] = {.fixed = true, .value = 1};
        space.restrictions["tile_K"] = {.lo = 2, .hi = 16};
        space.divisorsOnly = true;
        const DataflowProblem problem = vggOnGamma(space);
        MarlOptions m;
        m.samples = 600;
        m.agents = 10;
        MarlSearch marl(problem, m, 3);
        Loop loop;
        loop.run(problem, marl, 600);
        QCOMPARE(int(loop.asked.size()), 600);
        QVERIFY(loop.allInSpace);
    }

    /// B = 1 is single-agent PPO: the same seed asks for the same points.
    void oneAgentIsSingleAgentPpo()
    {
        const DataflowProblem problem = vggOnGamma();
        const auto make = [&](const char* id, OptionValues v) {
            v["samples"] = "400";
            return makeDataflowOptimizer(id, problem, v, 11);
        };
        auto ppo = make("ppo", {});
        auto marl = make("marl", {{"agents", "1"}});
        Loop a, b;
        a.run(problem, *ppo, 400);
        b.run(problem, *marl, 400);
        QCOMPARE(a.asked, b.asked);
        auto other = make("ppo", {});
        auto reseeded = makeDataflowOptimizer("ppo", problem, {{"samples", "400"}}, 12);
        Loop c, e;
        c.run(problem, *other, 400);
        e.run(problem, *reseeded, 400);
        QCOMPARE(c.asked, a.asked); // deterministic
        QVERIFY(e.asked != a.asked);
    }

    /// Between 1 and one agent per parameter, the groups come from a clustered pre-pass whose
    /// samples are counted apart.
    void clusteredAgents()
    {
        const DataflowProblem problem = vggOnArchGym();
        MarlOptions m;
        m.samples = 256;
        m.agents = 3;
        m.clusterSamples = 2000;
        MarlSearch marl(problem, m, 5);
        QCOMPARE(marl.agentCount(), 0); // not yet: the pre-pass comes first
        Loop loop;
        loop.run(problem, marl, 100000);
        QCOMPARE(int(loop.asked.size()), 2000 + 256);
        QCOMPARE(marl.overheadSamples(), std::int64_t(2000));
        QCOMPARE(marl.agentCount(), 3);
        // tile_R and tile_S map the whole filter (one value each): 8 free parameters.
        QCOMPARE(marl.clustering().tree.leaves, 8);
        QCOMPARE(marl.clustering().eliteSamples, 300); // 15 % of the 2,000 (all valid here)
        std::vector<int> distinct(marl.groups());
        std::sort(distinct.begin(), distinct.end());
        distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
        QCOMPARE(distinct, (std::vector<int>{-1, 0, 1, 2}));
        // The stand-alone pre-pass (the GUI's clustering view) gives the same groups for the seed.
        const PrepassClustering alone = clusterFromPrepass(problem, ClusterPolicy::Random, 2000, 0.15, 3, 5);
        QCOMPARE(alone.samples, std::int64_t(2000));
        QCOMPARE(int(alone.freeParameters.size()), 8);
        QCOMPARE(alone.clustering.correlation, marl.clustering().correlation);
        for (std::size_t k = 0; k < alone.freeParameters.size(); ++k)
            QCOMPARE(alone.clustering.groups[k], marl.groups()[std::size_t(alone.freeParameters[k])]);
        QVERIFY_THROWS_EXCEPTION(InputError, clusterFromPrepass(problem, ClusterPolicy::Random, 1, 0.15, 3, 5));
        QVERIFY_THROWS_EXCEPTION(InputError, clusterFromPrepass(problem, ClusterPolicy::Random, 100, 0.0, 3, 5));
        QVERIFY_THROWS_EXCEPTION(InputError, clusterFromPrepass(vggOnGamma(), ClusterPolicy::Random, 200, 0.15, 3, 5));
        std::stop_source stopped;
        stopped.request_stop();
        QVERIFY(clusterFromPrepass(problem, ClusterPolicy::Genetic, 2000, 0.15, 3, 5, stopped.get_token()).cancelled);
        // Manual groups override the clustering.
        MarlOptions manual = m;
        manual.groups = {0, 0, 1, 1, 1, 1, 1, 1, 0, 0};
        MarlSearch fixed(problem, manual, 5);
        QCOMPARE(fixed.agentCount(), 2);
        QCOMPARE(fixed.overheadSamples(), std::int64_t(0));
        manual.groups = {0, 1};
        QVERIFY_THROWS_EXCEPTION(InputError, MarlSearch(problem, manual, 5));
        // Where the pre-pass finds nothing valid, every parameter gets its own agent.
        const DataflowProblem tight = vggOnGamma();
        MarlSearch fallback(tight, m, 5);
        Loop few;
        few.run(tight, fallback, 100000);
        QCOMPARE(fallback.agentCount(), 8);
    }

    /// The learner improves: the mean return of the last updates is above the first ones'.
    void learningImprovesTheReturn()
    {
        const DataflowProblem problem = vggOnArchGym();
        auto marl = makeDataflowOptimizer("marl", problem, {{"samples", "3000"}}, 1);
        struct Returns final : MetricsSink {
            std::vector<double> values;
            void record(std::string_view name, std::int64_t, double v) override
            {
                if (name == "rl/mean_return")
                    values.push_back(v);
            }
        } sink;
        const PointSearchResult r = runPointSearch(problem, *marl, {}, {}, sink);
        QVERIFY(r.found);
        QVERIFY(sink.values.size() >= 20);
        const auto mean = [](auto b, auto e) { return std::accumulate(b, e, 0.0) / double(e - b); };
        const double first = mean(sink.values.begin(), sink.values.begin() + 3);
        const double last = mean(sink.values.end() - 3, sink.values.end());
        QVERIFY2(last > first + 0.2, qPrintable(QStringLiteral("first %1, last %2").arg(first).arg(last)));
    }

    /// A stop is observed within bounded work: after the request the learners evaluate at most
    /// what one batch holds (the latency in milliseconds is bench_cancellation's to measure).
    void cancellationStopsWithinOneBatch()
    {
        /// Counts the cost-model evaluations, and those made after the stop was requested.
        class Counting final : public PointProblem {
        public:
            Counting(const PointProblem& inner, const std::stop_source& stop)
                : m_inner(inner)
                , m_stop(stop)
            {
            }
            std::span<const Parameter> parameters() const override { return m_inner.parameters(); }
            std::span<const ObjectiveInfo> objectives() const override { return m_inner.objectives(); }
            int primaryObjective() const override { return m_inner.primaryObjective(); }
            PointEvaluation evaluate(std::span<const std::int32_t> point) const noexcept override
            {
                ++total;
                if (m_stop.stop_requested())
                    ++afterStop;
                return m_inner.evaluate(point);
            }
            std::string explain(std::span<const std::int32_t> point) const override { return m_inner.explain(point); }
            mutable std::atomic<std::int64_t> total{0}, afterStop{0};

        private:
            const PointProblem& m_inner;
            const std::stop_source& m_stop;
        };
        const DataflowProblem inner = vggOnGamma();
        std::stop_source stop;
        const Counting problem(inner, stop);
        auto marl = makeDataflowOptimizer("marl", problem, {{"samples", "1000000"}}, 1);
        /// Requests the stop from inside the run, after a fixed amount of work.
        struct StopAfter final : MetricsSink {
            std::stop_source* stop = nullptr;
            void evaluations(std::uint64_t total) override
            {
                if (total >= 2000)
                    stop->request_stop();
            }
            void record(std::string_view, std::int64_t, double) override {}
        } sink;
        sink.stop = &stop;
        PointDriverOptions o;
        o.cacheEntries = 0; // every sample reaches the problem
        const PointSearchResult r = runPointSearch(problem, *marl, o, stop.get_token(), sink);
        QVERIFY(r.cancelled);
        QVERIFY(r.samples < 1000000);
        QVERIFY2(problem.afterStop.load() <= 256, qPrintable(QStringLiteral("%1 evaluations after the stop (of %2)")
                                                                  .arg(problem.afterStop.load())
                                                                  .arg(problem.total.load())));
    }
};

QTEST_GUILESS_MAIN(TestMarl)
#include "tst_marl.moc"
