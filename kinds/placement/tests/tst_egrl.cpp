// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// EGRL (seed 004 §3): the Graph U-Net policy is permutation-equivariant, a seeded run repeats
/// exactly, the ablations (EA, PG) run with their own composition, the population evolves within
/// its bounds (temperatures, composition, migration) and a stop request ends a run.

#include "kinds/placement/core/placement_study.h"
#include "core/study/study_kind.h"
#include "kinds/placement/learners/egrl.h"
#include "core/optim/rl/common/torch_setup.h"

#include <QtTest>

#include <map>
#include <numeric>
#include <random>

using namespace mapscape;
using namespace mapscape::placement;

namespace {

class RecordingSink final : public MetricsSink {
public:
    void record(std::string_view name, std::int64_t step, double value) override
    {
        last[std::string(name)] = value;
        all.emplace_back(std::string(name), step, value);
    }
    std::map<std::string, double> last;
    std::vector<std::tuple<std::string, std::int64_t, double>> all;
};

EgrlOptions small()
{
    EgrlOptions o;
    o.hidden = 16;
    o.output = 16;
    o.depth = 2;
    o.population = 6;
    o.boltzmannFraction = 1.0 / 3;
    o.batch = 8;
    o.burnIn = 8;
    o.threads = 1;
    return o;
}

} // namespace

class TestEgrl : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { rl::setTorchThreads(1); }

    void permutationEquivariance_data()
    {
        QTest::addColumn<int>("heads");
        QTest::addColumn<double>("denseShare");
        QTest::newRow("GAT, 4 heads") << 4 << 0.1;
        QTest::newRow("GAT, dense attention") << 4 << 0.0;
        QTest::newRow("GAT, per-edge attention") << 4 << 1.0;
        QTest::newRow("GCN") << 0 << 0.1;
    }
    void permutationEquivariance()
    {
        QFETCH(int, heads);
        QFETCH(double, denseShare);
        // A small DAG with random features; relabelling the nodes relabels the outputs.
        const int n = 11, f = 5;
        std::mt19937_64 rng(3);
        std::normal_distribution<float> z(0, 1);
        std::vector<float> x(std::size_t(n * f));
        for (float& v : x)
            v = z(rng);
        const std::vector<std::pair<int, int>> edges = {{0, 1}, {1, 2}, {2, 3}, {1, 4}, {4, 5}, {3, 5},
                                                        {5, 6}, {6, 7}, {7, 8}, {6, 9}, {9, 10}, {8, 10}};
        std::vector<int> perm(static_cast<std::size_t>(n));
        std::iota(perm.begin(), perm.end(), 0);
        std::shuffle(perm.begin(), perm.end(), rng);
        std::vector<float> px(x.size());
        for (int i = 0; i < n; ++i)
            std::copy_n(x.begin() + i * f, f, px.begin() + perm[std::size_t(i)] * f);
        std::vector<std::pair<int, int>> pedges;
        for (const auto& [a, b] : edges)
            pedges.emplace_back(perm[std::size_t(a)], perm[std::size_t(b)]);

        EgrlOptions o = small();
        o.heads = heads;
        o.denseShare = denseShare;
        for (bool undirected : {true, false}) {
            o.undirected = undirected;
            const std::vector<float> out = gnnActorLogits(o, n, f, x, edges, 17);
            const std::vector<float> pout = gnnActorLogits(o, n, f, px, pedges, 17);
            QCOMPARE(out.size(), std::size_t(n * 6));
            double spread = 0;
            for (int i = 0; i < n; ++i)
                for (int c = 0; c < 6; ++c) {
                    const float a = out[std::size_t(i * 6 + c)], b = pout[std::size_t(perm[std::size_t(i)] * 6 + c)];
                    QVERIFY2(std::abs(a - b) <= 1e-4f * (1 + std::abs(a)), qPrintable(QStringLiteral("node %1: %2 vs %3").arg(i).arg(a).arg(b)));
                    spread += std::abs(out[std::size_t(i * 6 + c)] - out[std::size_t(c)]);
                }
            QVERIFY(spread > 1e-3); // not a constant output
        }
    }

    void denseAndPerEdgeAttentionAgree()
    {
        // The GAT's two forms are one function with one gradient: on BERT (hub nodes fill the
        // pooled levels' two-hop adjacencies) and on ResNet-50, all-dense and all-per-edge (the
        // fused kernel with its hand-written backward pass) give the same logits and the same
        // parameter gradients, on a batch of three states whose pooled levels keep different nodes
        // (per-state masks) below a shared level-0 mask. In double precision both agree to
        // ~1e-14 (float rounding, amplified by batch normalisation, reaches 1e-3).
        for (const char* w : {"bert", "resnet50"}) {
            const WorkloadGraph g = builtinWorkload(w);
            const FeatureOptions fo;
            const std::vector<float> x = nodeFeatures(g, fo, 1);
            std::vector<std::pair<int, int>> edges;
            for (int i = 0; i < g.nodeCount(); ++i)
                for (int p : g.nodes[std::size_t(i)].inputs)
                    edges.emplace_back(p, i);
            EgrlOptions o = small();
            o.depth = 4;
            o.denseShare = 0;
            const GnnProbe dense = gnnActorProbe(o, g.nodeCount(), nodeFeatureCount(fo), x, edges, 5, 3);
            o.denseShare = 1;
            const GnnProbe sparse = gnnActorProbe(o, g.nodeCount(), nodeFeatureCount(fo), x, edges, 5, 3);
            QCOMPARE(dense.logits.size(), std::size_t(3 * g.nodeCount() * 6));
            QCOMPARE(dense.logits.size(), sparse.logits.size());
            double worst = 0;
            for (std::size_t k = 0; k < dense.logits.size(); ++k)
                worst = std::max(worst, std::abs(dense.logits[k] - sparse.logits[k]) / (1 + std::abs(sparse.logits[k])));
            QVERIFY2(worst < 1e-10, qPrintable(QStringLiteral("%1 logits: %2").arg(QLatin1String(w)).arg(worst)));
            QCOMPARE(dense.gradients.size(), sparse.gradients.size());
            double scale = 0, diff = 0;
            for (std::size_t k = 0; k < dense.gradients.size(); ++k) {
                scale = std::max(scale, std::abs(sparse.gradients[k]));
                diff = std::max(diff, std::abs(dense.gradients[k] - sparse.gradients[k]));
            }
            QVERIFY2(scale > 1e-3, qPrintable(QStringLiteral("%1: gradients vanish (%2)").arg(QLatin1String(w)).arg(scale)));
            QVERIFY2(diff <= 1e-10 * scale, qPrintable(QStringLiteral("%1 gradients: %2 of %3").arg(QLatin1String(w)).arg(diff).arg(scale)));
        }
    }

    void seededRunRepeats()
    {
        const PlacementModel model(builtinWorkload("resnet50"), nnpiHardwareLike());
        std::vector<RecordingSink> sinks(2);
        std::vector<PlacementRunResult> results;
        for (RecordingSink& sink : sinks) {
            EgrlSearch search(model, small(), 5);
            results.push_back(runPlacementSearch(model, search, {.iterations = 4 * 8, .seed = 5}, {}, sink));
            QCOMPARE(search.generation(), 4);
        }
        QCOMPARE(results[0].iterations, std::int64_t(32));
        QCOMPARE(results[0].best, results[1].best);
        QCOMPARE(results[0].bestMeasured, results[1].bestMeasured);
        QCOMPARE(sinks[0].all.size(), sinks[1].all.size());
        QVERIFY(sinks[0].all == sinks[1].all);
        // The learner updated (one gradient step per frame after the burn-in) and migrated.
        const auto& last = sinks[0].last;
        QVERIFY(last.count("sac/critic_loss") && std::isfinite(last.at("sac/critic_loss")));
        QCOMPARE(last.at("sac/updates"), 3.0 * 8); // generations 2–4 each train on the previous 8 frames
        QVERIFY(last.count("egrl/migrant_elite"));
        QCOMPARE(last.at("egrl/migrant_elite") + last.at("egrl/migrant_selected") + last.at("egrl/migrant_discarded"), 3.0);
        QVERIFY(last.at("egrl/temperature_min") >= 0.1 - 1e-6);
        QVERIFY(last.at("egrl/temperature_max") <= 10 + 1e-6);
        QVERIFY(last.count("egrl/best_gnn") && last.count("egrl/best_boltzmann") && last.count("egrl/pg_clean"));
    }

    void ablations()
    {
        const PlacementModel model(builtinWorkload("resnet50"), nnpiDefaults());
        for (EgrlMode mode : {EgrlMode::Ea, EgrlMode::Pg}) {
            EgrlOptions o = small();
            o.mode = mode;
            EgrlSearch search(model, o, 2);
            RecordingSink sink;
            const std::vector<placement::Proposal> first = search.ask(1000);
            std::map<Proposer, int> count;
            for (const placement::Proposal& p : first)
                ++count[p.proposer];
            if (mode == EgrlMode::Ea) {
                QCOMPARE(count[Proposer::Gnn], 4);
                QCOMPARE(count[Proposer::Boltzmann], 2);
                QCOMPARE(count[Proposer::PgClean], 0);
            } else {
                QCOMPARE(int(first.size()), 2);
                QCOMPARE(count[Proposer::PgNoisy], 1);
                QCOMPARE(count[Proposer::PgClean], 1);
            }
            EgrlSearch fresh(model, o, 2);
            const PlacementRunResult r = runPlacementSearch(model, fresh, {.iterations = 40, .seed = 2}, {}, sink);
            QCOMPARE(r.iterations, std::int64_t(40));
            QCOMPARE(sink.last.count("sac/critic_loss") > 0, mode == EgrlMode::Pg);
            const MapDistribution d = fresh.championDistribution();
            QCOMPARE(int(d.activations.size()), model.nodeCount());
            for (const auto& p : d.activations)
                QVERIFY(std::abs(p[0] + p[1] + p[2] - 1.0f) < 1e-4f);
        }
    }

    void boltzmannChampion()
    {
        // A population of Boltzmann chromosomes only (plus the minimum GNNs) reports temperatures.
        const PlacementModel model(builtinWorkload("resnet50"), nnpiDefaults());
        EgrlOptions o = small();
        o.mode = EgrlMode::Ea;
        o.boltzmannFraction = 1.0;
        EgrlSearch search(model, o, 4);
        RecordingSink sink;
        runPlacementSearch(model, search, {.iterations = 18, .seed = 4}, {}, sink);
        const MapDistribution d = search.championDistribution();
        QVERIFY(d.source.starts_with("Boltzmann"));
        QCOMPARE(int(d.temperature.size()), model.nodeCount());
        for (float t : d.temperature)
            QVERIFY(t >= 0.1f - 1e-6f && t <= 10.0f + 1e-5f);
    }

    void stopEndsRun()
    {
        const PlacementModel model(builtinWorkload("resnet50"), nnpiDefaults());
        EgrlSearch search(model, small(), 1);
        RecordingSink sink;
        std::stop_source stop;
        struct StopAfter final : MetricsSink {
            std::stop_source& s;
            explicit StopAfter(std::stop_source& x)
                : s(x)
            {
            }
            void record(std::string_view name, std::int64_t step, double) override
            {
                if (name == "egrl/generation" && step >= 16)
                    s.request_stop();
            }
        } stopper(stop);
        const PlacementRunResult r = runPlacementSearch(model, search, {.iterations = 4000, .seed = 1}, stop.get_token(), stopper);
        QVERIFY(r.cancelled);
        QCOMPARE(r.iterations, std::int64_t(16));
    }

    void zeroShotProbes()
    {
        // §3.9: each generation's best GNN runs on other workloads' graphs; the probes draw no
        // random numbers, so the run itself is the same with or without them.
        const PlacementModel model(builtinWorkload("resnet50"), nnpiDefaults());
        for (EgrlMode mode : {EgrlMode::Egrl, EgrlMode::Pg}) {
            EgrlOptions o = small();
            o.mode = mode;
            RecordingSink plain, probed;
            EgrlSearch a(model, o, 3);
            const PlacementRunResult ra = runPlacementSearch(model, a, {.iterations = 32, .seed = 3}, {}, plain);
            EgrlSearch b(model, o, 3);
            b.setZeroShotTargets({{"resnet101", std::make_shared<const PlacementModel>(builtinWorkload("resnet101"), nnpiDefaults())},
                                  {"bert", std::make_shared<const PlacementModel>(builtinWorkload("bert"), nnpiDefaults())}});
            const PlacementRunResult rb = runPlacementSearch(model, b, {.iterations = 32, .seed = 3}, {}, probed);
            QCOMPARE(ra.best, rb.best);
            QCOMPARE(ra.bestMeasured, rb.bestMeasured);
            std::vector<std::tuple<std::string, std::int64_t, double>> withoutProbes;
            int probes = 0;
            for (const auto& [name, step, value] : probed.all) {
                if (!name.starts_with("zeroshot/")) {
                    withoutProbes.emplace_back(name, step, value);
                    continue;
                }
                ++probes;
                QVERIFY2(std::isfinite(value) && value >= 0, name.c_str());
                if (name.ends_with("_epsilon"))
                    QVERIFY(value <= 1);
            }
            QVERIFY(withoutProbes == plain.all);
            const int generations = mode == EgrlMode::Pg ? 16 : 4; // 2 or 8 maps per generation
            QCOMPARE(probes, generations * 2 * 3);
            // A map the compiler left alone scores its own speed-up; a rectified one scores 0.
            for (const char* id : {"resnet101", "bert"}) {
                const std::string key = std::string("zeroshot/") + id;
                const double s = probed.last.at(key), compiled = probed.last.at(key + "_compiled");
                const double eps = probed.last.at(key + "_epsilon");
                QVERIFY(compiled > 0.3 && compiled < 2.5);
                QCOMPARE(s, eps == 0 ? compiled : 0.0);
            }
        }
        // Through the registry: names checked, targets on the run's hardware.
        try {
            makePlacementMethod("egrl", model, {{"zero_shot", "resnet101, vgg16"}}, 1);
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QLatin1String("egrl.zero_shot")), e.what());
        }
        PlacementMethod m = makePlacementMethod("ea", model, {{"zero_shot", "BERT"}, {"population", "6"}}, 1);
        RecordingSink sink;
        runPlacementSearch(model, *m.search, {.iterations = 12, .seed = 1}, {}, sink);
        QVERIFY(sink.last.count("zeroshot/BERT_compiled"));
    }

    void badOptions()
    {
        const PlacementModel model(builtinWorkload("resnet50"), nnpiDefaults());
        EgrlOptions o = small();
        o.population = 2;
        o.heads = 3;
        try {
            EgrlSearch search(model, o, 1);
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            const QString m = QString::fromUtf8(e.what());
            QVERIFY2(m.contains(QLatin1String("egrl.population")) && m.contains(QLatin1String("egrl.heads")), qPrintable(m));
        }
        QVERIFY_THROWS_EXCEPTION(InputError, makePlacementSearch("sac", model, small(), 1));
    }
};

QTEST_APPLESS_MAIN(TestEgrl)
#include "tst_egrl.moc"
