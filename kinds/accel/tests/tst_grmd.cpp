// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "kinds/accel/core/accel_study.h"
#include "core/model/validation.h"
#include "kinds/accel/core/accel_ga.h"
#include "kinds/accel/learners/grmd_search.h"
#include "core/study/study_kind.h"
#include "core/optim/pareto.h"
#include "core/optim/rl/common/torch_setup.h"
#include "core/optim/space/multi_objective.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <random>
#include <set>

using namespace mapscape;

namespace {

/// ZDT1 with n variables discretised to 0, 1/100, ..., 1: f1 = x1, g = 1 + 9 Σ x_i / (n − 1),
/// f2 = g (1 − √(f1 / g)); the true front is g = 1, f2 = 1 − √f1.
class Zdt1 final : public PointProblem {
public:
    explicit Zdt1(int n)
    {
        for (int i = 0; i < n; ++i) {
            Parameter p;
            p.name = "x" + std::to_string(i + 1);
            for (int k = 0; k <= 100; ++k)
                p.values.push_back(k);
            p.allowed.assign(101, 1);
            m_params.push_back(std::move(p));
        }
    }
    std::span<const Parameter> parameters() const override { return m_params; }
    std::span<const ObjectiveInfo> objectives() const override { return m_objectives; }
    int primaryObjective() const override { return 0; }
    PointEvaluation evaluate(std::span<const std::int32_t> p) const noexcept override
    {
        PointEvaluation e;
        e.valid = true;
        const double f1 = p[0] / 100.0;
        double s = 0;
        for (std::size_t i = 1; i < p.size(); ++i)
            s += p[i] / 100.0;
        const double g = 1 + 9 * s / double(p.size() - 1);
        e.objective[0] = f1;
        e.objective[1] = g * (1 - std::sqrt(f1 / g));
        return e;
    }
    std::string explain(std::span<const std::int32_t>) const override { return {}; }

private:
    std::vector<Parameter> m_params;
    std::vector<ObjectiveInfo> m_objectives{{"f1", "f1", "", false}, {"f2", "f2", "", false}};
};

struct Recorder final : MetricsSink {
    void record(std::string_view name, std::int64_t, double) override { names.insert(std::string(name)); }
    void snapshot(std::string_view name, std::string_view json) override { snapshots[std::string(name)] = std::string(json); }
    std::set<std::string> names;
    std::map<std::string, std::string> snapshots;
};

GrmdOptions smallGrmd()
{
    GrmdOptions o;
    o.ga.generations = 5;
    o.episodes = 40;
    o.rollouts = 16;
    return o;
}

} // namespace

class TestGrmd : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { rl::setTorchThreads(1); }

    /// The paper's worked crossover example (§3.1): gene rates {67, 98, 36, –, 93, 91, 38 %}
    /// blend C1 = {8, 128, 128, WS, 2, 64, 256} and C2 = {32, 256, 64, OS, 6, 128, 64} into
    /// {15, 130, 87, OS, 2, 69, 136}; the large-granularity 77 % child's first gene is 13 (the
    /// paper prints 15).
    void crossoverWorkedExample()
    {
        QCOMPARE(GeneOperators::blendInteger(8, 32, 0.67), 15.0);
        QCOMPARE(GeneOperators::blendInteger(128, 256, 0.98), 130.0);
        QCOMPARE(GeneOperators::blendInteger(128, 64, 0.36), 87.0);
        QCOMPARE(GeneOperators::blendInteger(2, 6, 0.93), 2.0);
        QCOMPARE(GeneOperators::blendInteger(64, 128, 0.91), 69.0);
        QCOMPARE(GeneOperators::blendInteger(256, 64, 0.38), 136.0);
        QCOMPARE(GeneOperators::blendInteger(8, 32, 0.77), 13.0);
        QCOMPARE(GeneOperators::blendInteger(128, 256, 0.77), 157.0);
    }

    /// Deb's bounded polynomial mutation never leaves [lo, hi] and is 0 at u = 0.5.
    void polynomialMutationBounds()
    {
        for (double v : {0.0, 3.0, 10.0, 28.0})
            for (double u = 0.0; u <= 1.0; u += 0.01) {
                const double d = GeneOperators::polynomialDelta(v, 0, 28, u, 20);
                QVERIFY(v + d * 28 >= -1e-9 && v + d * 28 <= 28 + 1e-9);
            }
        QCOMPARE(GeneOperators::polynomialDelta(10, 0, 28, 0.5, 20), 0.0);
    }

    /// Operators stay in the space; a choice gene comes from a parent.
    void operatorsStayInSpace()
    {
        AccelSetup setup;
        setup.space[AccelGene::X] = {true, true, 0, 0, 1, {8, 16, 32}, 8};
        const AccelProblem problem(setup);
        const GeneOperators ops(problem, accelChoiceGenes(problem));
        QVERIFY(ops.isChoice(0) && ops.isChoice(3) && !ops.isChoice(1));
        std::mt19937_64 rng(5);
        for (int i = 0; i < 300; ++i) {
            const Point a = ops.random(rng), b = ops.random(rng);
            auto [c, d] = ops.crossover(a, b, rng);
            QVERIFY(c[0] == a[0] || c[0] == b[0]);
            QVERIFY(c[3] == a[3] || c[3] == b[3]);
            QVERIFY(c[1] >= std::min(a[1], b[1]) && c[1] <= std::max(a[1], b[1]));
            ops.mutate(c, rng);
            ops.mutate(d, rng);
            QVERIFY(problem.inSpace(c) && problem.inSpace(d));
        }
    }

    /// Stage 1 under tight FPGA limits: no member of the population is ever over a limit.
    void gaRepairNeverInfeasible()
    {
        AccelSetup setup;
        setup.limits = FpgaLimits::zcu102();
        setup.limits.dsp = 100; // x ≤ 10
        setup.limits.bram36 = 60;
        setup.limits.bandwidth = 96;
        const AccelProblem problem(setup);
        AccelGaPopulation pop(
            problem, {}, [](const PointEvaluation& e) { return e.objective[accelobj::Area]; },
            [](const PointEvaluation&) { return true; });
        std::mt19937_64 rng(3);
        for (int g = 0; g <= 20; ++g) {
            const std::vector<Point> q = pop.offspring(rng);
            std::vector<PointEvaluation> e;
            for (const Point& p : q)
                e.push_back(problem.evaluate(p));
            pop.absorb(q, e);
            for (const GaIndividual& m : pop.members()) {
                const FpgaUsage u = estimateFpgaUsage(problem.decode(m.point), setup.proxy);
                QVERIFY(u.dsp <= 100 && u.bram36 <= 60 && u.bandwidth <= 96);
                QVERIFY(m.evaluation.valid);
            }
        }
        QCOMPARE(int(pop.members().size()), 15);
        QVERIFY(pop.members().front().fitness <= pop.members().back().fitness);
    }

    /// NSGA-II on ZDT1 (10 variables) gets within 0.02 of the true front and spreads along it.
    void nsga2Zdt1()
    {
        const Zdt1 problem(10);
        Nsga2Options o;
        o.samples = 12000;
        o.population = 60;
        Nsga2Search nsga(problem, {0, 1}, std::vector<std::uint8_t>(10, 0), nullptr, o, 1);
        NullMetricsSink sink;
        PointDriverOptions d;
        d.paretoObjectives = {0, 1};
        runPointSearch(problem, nsga, d, {}, sink);
        double worstGap = 0, lo = 1, hi = 0;
        for (const auto& m : nsga.population()) {
            const PointEvaluation e = problem.evaluate(m.point);
            worstGap = std::max(worstGap, e.objective[1] - (1 - std::sqrt(e.objective[0])));
            lo = std::min(lo, e.objective[0]);
            hi = std::max(hi, e.objective[0]);
        }
        QVERIFY2(worstGap < 0.02, qPrintable(QString::number(worstGap)));
        QVERIFY2(hi - lo > 0.8, qPrintable(QStringLiteral("%1..%2").arg(lo).arg(hi)));
    }

    /// A full GRMD run: both stages, inference, a feasible non-dominated final set, the views'
    /// snapshots; the same seed gives the same result, another seed another one.
    void grmdRunsAndIsDeterministic()
    {
        const AccelProblem problem(AccelSetup{});
        const GrmdOptions o = smallGrmd();
        const auto run = [&](std::uint64_t seed, Recorder& sink, PointSearchResult& r, std::vector<GrmdSolution>& sol) {
            rl::seedTorch(seed);
            GrmdSearch g(problem, o, seed);
            PointDriverOptions d;
            d.paretoObjectives = {0, 1, 2};
            d.hypervolumeReference = problem.liveReference();
            r = runPointSearch(problem, g, d, {}, sink);
            sol = g.solutions();
            QCOMPARE(g.stage(), GrmdSearch::Stage::Done);
            QVERIFY(!g.solutions().empty());
            for (const GrmdSolution& s : g.solutions())
                QVERIFY(s.feasible && s.evaluation.valid);
            QVERIFY(std::int64_t(r.samples) <= o.budget());
            QVERIFY(r.hypervolume > 0);
        };
        Recorder a, b, c;
        PointSearchResult ra, rb, rc;
        std::vector<GrmdSolution> sa, sb, sc;
        run(1, a, ra, sa);
        run(1, b, rb, sb);
        run(2, c, rc, sc);
        QCOMPARE(ra.samples, rb.samples);
        QCOMPARE(ra.hypervolume, rb.hypervolume);
        QCOMPARE(sa.size(), sb.size());
        for (std::size_t i = 0; i < sa.size(); ++i)
            QCOMPARE(sa[i].point, sb[i].point);
        QCOMPARE(a.snapshots, b.snapshots);
        QVERIFY(a.snapshots != c.snapshots);
        for (const char* name : {"ga/best_area", "ga/feasible", "ga/violating", "rl/reward", "rl/epsilon", "rl/actor_loss",
                                 "rl/critic_loss", "search/hypervolume", "search/seconds"})
            QVERIFY2(a.names.count(name), name);
        for (const char* snap : {"ga/population", "grmd/subspace", "rl/policy", "grmd/solutions"})
            QVERIFY2(a.snapshots.count(snap), snap);
    }

    /// Impossible constraints: the five least-violating configurations, flagged.
    void grmdImpossibleConstraints()
    {
        AccelSetup setup;
        setup.constraints.latencyMax = 1;
        setup.constraints.areaMax = 1;
        const AccelProblem problem(setup);
        GrmdSearch g(problem, smallGrmd(), 3);
        NullMetricsSink sink;
        runPointSearch(problem, g, {}, {}, sink);
        QVERIFY(g.constraintsUnmet());
        QCOMPARE(g.solutions().size(), std::size_t(5));
        for (std::size_t i = 1; i < g.solutions().size(); ++i)
            QVERIFY(problem.violation(g.solutions()[i - 1].evaluation) <= problem.violation(g.solutions()[i].evaluation));
    }

    /// Cancelling returns promptly with what was found.
    void grmdCancels()
    {
        const AccelProblem problem(AccelSetup{});
        GrmdOptions o;
        o.episodes = 100000;
        GrmdSearch g(problem, o, 1);
        std::stop_source stop;
        struct StopAfter final : MetricsSink {
            std::stop_source* s;
            int n = 0;
            void record(std::string_view name, std::int64_t, double) override
            {
                if (name == "rl/reward" && ++n == 20)
                    s->request_stop();
            }
        } sink;
        sink.s = &stop;
        const PointSearchResult r = runPointSearch(problem, g, {}, stop.get_token(), sink);
        QVERIFY(r.cancelled);
        // Bounded work after the stop: at most the episode under way ends (no wall-clock bound).
        QVERIFY2(sink.n <= 20 + 2, qPrintable(QStringLiteral("%1 episodes rewarded").arg(sink.n)));
        QVERIFY(!g.solutions().empty());
    }

    /// Every accelerator-sizing optimizer runs from the registry at an equal budget; bad options
    /// name the option.
    void registryAndBaselines()
    {
        const AccelProblem problem(AccelSetup{});
        for (const char* id : {"grmd", "nsga2", "mopso", "bo", "ga", "random"}) {
            OptionValues v;
            if (std::string(id) == "grmd")
                v = {{"generations", "2"}, {"episodes", "10"}, {"rollouts", "8"}};
            else
                v = {{"samples", "60"}};
            auto opt = makeAccelOptimizer(id, problem, v, 4);
            NullMetricsSink sink;
            PointDriverOptions d;
            d.paretoObjectives = {0, 1, 2};
            const PointSearchResult r = runPointSearch(problem, *opt, d, {}, sink);
            QVERIFY2(r.samples > 0 && !r.front.empty(), id);
            if (std::string(id) != "grmd")
                QCOMPARE(r.samples, std::uint64_t(60));
        }
        try {
            makeAccelOptimizer("grmd", problem, {{"episodes", "-3"}}, 1);
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("grmd.episodes") != std::string::npos, e.what());
        }
        QCOMPARE(GrmdOptions{}.budget(), std::int64_t(679));
    }
};

QTEST_GUILESS_MAIN(TestGrmd)
#include "tst_grmd.moc"
