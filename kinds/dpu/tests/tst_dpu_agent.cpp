// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// DPUCConfig's PPO contextual-bandit agent (seed 003 §3): it beats random on a fixed seed, the
/// same seed gives the same policy, the metrics reach the sink and a stop request ends training.

#include "core/model/validation.h"
#include "kinds/dpu/learners/dpu_agent.h"
#include "core/optim/rl/common/torch_setup.h"

#include <QtTest>

#include <map>

using namespace mapscape;
using namespace mapscape::dpu;

namespace {

class RecordingSink final : public MetricsSink {
public:
    void record(std::string_view name, std::int64_t, double value) override { last[std::string(name)] = value; }
    void snapshot(std::string_view name, std::string_view json) override { snapshots[std::string(name)] = std::string(json); }
    std::map<std::string, double> last;
    std::map<std::string, std::string> snapshots;
};

DpuAgentOptions smallOptions(std::uint64_t seed)
{
    DpuAgentOptions o;
    o.seed = seed;
    o.iterations = 12;
    o.stepsPerIteration = 512;
    o.ppo.hidden = 64;
    return o;
}

} // namespace

class TestDpuAgent : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { rl::setTorchThreads(1); }

    void beatsRandomAndIsDeterministic()
    {
        const RecordedRuns runs = RecordedRuns::generate(defaultPlatform(), {.seed = 1});
        const Split split = defaultSplit(runs.platform());
        const std::vector<int> states{1, 2};
        RecordingSink sink;
        DpuAgent agent(runs, split, smallOptions(5));
        const std::vector<TrainingIteration> h = agent.train({}, sink);
        QCOMPARE(int(h.size()), 12);
        const EvaluationReport learned = evaluatePolicy(runs, agent.policy(), split.test, states);
        const EvaluationReport random = evaluatePolicy(runs, baselinePolicy(runs, Baseline::Random, 5), split.test, states);
        QVERIFY2(learned.overall.meanNormalizedPpw > random.overall.meanNormalizedPpw,
                 qPrintable(QStringLiteral("agent %1, random %2")
                                .arg(learned.overall.meanNormalizedPpw)
                                .arg(random.overall.meanNormalizedPpw)));
        QVERIFY(learned.overall.meanNormalizedPpw > 0.9);
        QVERIFY(h.back().meanReward > h.front().meanReward);
        for (const char* name : {"dpu/reward", "dpu/violation_rate", "ppo/entropy", "ppo/approx_kl", "ppo/critic_loss",
                                 "dpu/train_ppw", "dpu/test_ppw_C", "dpu/test_ppw_M", "dpu/test_constraint"})
            QVERIFY2(sink.last.count(name), name);
        QVERIFY(sink.snapshots.count("dpu/context"));
        QVERIFY(QString::fromStdString(sink.snapshots["dpu/context"]).contains(QStringLiteral("\"buckets\"")));

        // Same seed, same policy and probabilities.
        NullMetricsSink null;
        DpuAgent again(runs, split, smallOptions(5));
        again.train({}, null);
        const Observation raw = observe(runs.platform(), split.test.front(), runs.backgroundMean(2).telemetry, 30);
        const std::vector<double> p1 = agent.probabilities(raw);
        const std::vector<double> p2 = again.probabilities(raw);
        QCOMPARE(p1.size(), std::size_t(26));
        for (std::size_t i = 0; i < p1.size(); ++i)
            QCOMPARE(p1[i], p2[i]);
        double total = 0;
        for (double x : p1)
            total += x;
        QVERIFY(std::abs(total - 1.0) < 1e-6);
    }

    void stopEndsTraining()
    {
        const RecordedRuns runs = RecordedRuns::generate(defaultPlatform(), {.seed = 1});
        std::stop_source stop;
        stop.request_stop();
        NullMetricsSink sink;
        DpuAgent agent(runs, defaultSplit(runs.platform()), smallOptions(1));
        QVERIFY(agent.train(stop.get_token(), sink).empty());
    }

    void badOptionsAreRejected()
    {
        const RecordedRuns runs = RecordedRuns::generate(defaultPlatform(), {.seed = 1});
        DpuAgentOptions o = smallOptions(1);
        o.reward.alpha = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, DpuAgent(runs, defaultSplit(runs.platform()), o));
        QVERIFY_THROWS_EXCEPTION(InputError, DpuAgent(runs, Split{}, smallOptions(1)));
        QVERIFY_THROWS_EXCEPTION(InputError, DpuAgent(runs, Split{{0, 999}, {}}, smallOptions(1)));
    }
};

QTEST_APPLESS_MAIN(TestDpuAgent)
#include "tst_dpu_agent.moc"
