// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The seed-001 design space: decoding points into MAESTRO mappings (checked against the golden
// cases, whose points were decoded independently by generate.py and evaluated by MAESTRO),
// restrictions, masks, and the generic optimizers and driver on it.

#include "kinds/dataflow/core/dataflow_study.h"
#include "core/maestro/maestro_files.h"
#include "core/model/validation.h"
#include "kinds/dataflow/core/dataflow_space.h"
#include "core/study/study_kind.h"
#include "core/optim/space/point_optimizers.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <random>
#include <map>

using namespace mapscape;
using nlohmann::json;

namespace {

DataflowHardware archgym()
{
    DataflowHardware hw;
    hw.name = "archgym";
    hw.numPes = 1024;
    hw.l1Size = hw.l2Size = hw.nocBandwidth = hw.offchipBandwidth = 1073741824;
    return hw;
}

DataflowLayer vgg2() { return DataflowLayer::conv("vgg16_row2", 128, 64, 3, 3, 112, 112); }

/// Collects what a driver reports.
class Recorder final : public MetricsSink, public PointSearchObserver {
public:
    void record(std::string_view name, std::int64_t step, double value) override
    {
        series[std::string(name)].push_back({step, value});
    }
    void pointEvaluated(std::span<const double>, int) override { ++points; }
    void bestPoint(std::span<const std::int32_t>, const PointEvaluation&) override { ++bests; }
    std::map<std::string, std::vector<std::pair<std::int64_t, double>>> series;
    int points = 0;
    int bests = 0;
};

} // namespace

class TestDataflowSpace : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parametersOfTheCanonicalSpace()
    {
        const DataflowProblem p(vgg2(), archgym(), {});
        const auto params = p.parameters();
        QCOMPARE(int(params.size()), 10);
        QCOMPARE(params[0].name, std::string("order_outer"));
        QCOMPARE(params[0].count(), 720);
        QCOMPARE(params[1].labels, (std::vector<std::string>{"K", "C", "Y'", "X'"}));
        QCOMPARE(params[2].count(), 128); // tile_K 1..128
        QCOMPARE(params[4].count(), 110); // tile_Y over Y' = 112 - 3 + 1
        QCOMPARE(params[6].allowedCount(), 1); // R is mapped whole
        QVERIFY(!params[6].fixedReason.empty());
        QCOMPARE(params[0].text(0), std::string("K C Y' X' R S"));
        QCOMPARE(params[0].text(719), std::string("S R X' Y' C K"));
        // 720 * 4 * 128 * 64 * 110 * 110 * 1 * 1 * 4 * 720 = 2.57e15 points
        QVERIFY(std::abs(p.spaceSizeLog10() - std::log10(720.0 * 4 * 128 * 64 * 110 * 110 * 4 * 720)) < 1e-9);
    }

    void permutationsRoundTrip()
    {
        for (std::int64_t i = 0; i < 720; ++i) {
            const std::vector<int> order = permutationFromIndex(i, 6);
            QCOMPARE(indexFromPermutation(order), i);
        }
        QCOMPARE(permutationFromIndex(0, 4), (std::vector<int>{0, 1, 2, 3}));
        QCOMPARE(permutationFromIndex(23, 4), (std::vector<int>{3, 2, 1, 0}));
    }

    void decodingMatchesTheGoldenSeed001Cases()
    {
        // generate.py decodes its random seed-001 points itself; MAESTRO evaluated those files.
        std::ifstream in(MAPSCAPE_TEST_DATA_DIR "/maestro_golden/cases.jsonl");
        std::string line;
        std::getline(in, line);
        const json header = json::parse(line);
        int checked = 0;
        while (std::getline(in, line)) {
            const json c = json::parse(line);
            if (!c.contains("params") || c.at("maestro").at("status") != "ok")
                continue;
            const MaestroNetwork net = parseMaestroMapping(c.at("mapping").get<std::string>(), "golden");
            const json& f = header.at("hardware").at(c.at("hw").get<std::string>());
            DataflowHardware hw;
            hw.numPes = f.at("num_pes");
            hw.l1Size = f.at("l1_size_cstr");
            hw.l2Size = f.at("l2_size_cstr");
            hw.nocBandwidth = f.at("noc_bw_cstr");
            hw.offchipBandwidth = f.at("offchip_bw_cstr");
            DataflowSpaceOptions opts;
            opts.enforceCapacity = false;
            const DataflowProblem problem(net.layers[0].layer, hw, opts);
            const json& p = c.at("params");
            const std::vector<std::string> pars{"K", "C", "Y'", "X'"};
            auto parIndex = [&](const std::string& s) {
                return std::int64_t(std::find(pars.begin(), pars.end(), s) - pars.begin());
            };
            const Point point = problem.pointFromValues({{"order_outer", p.at("order_outer")},
                                                         {"par_outer", parIndex(p.at("par_outer"))},
                                                         {"tile_K", p.at("tile_K")},
                                                         {"tile_C", p.at("tile_C")},
                                                         {"tile_Y", p.at("tile_Y")},
                                                         {"tile_X", p.at("tile_X")},
                                                         {"tile_R", net.layers[0].layer.get(dfvar::R)},
                                                         {"tile_S", net.layers[0].layer.get(dfvar::S)},
                                                         {"par_inner", parIndex(p.at("par_inner"))},
                                                         {"order_inner", p.at("order_inner")}});
            const DataflowMapping decoded = problem.decode(point);
            const auto a = decoded.resolved(net.layers[0].layer);
            const auto b = net.layers[0].mapping.resolved(net.layers[0].layer);
            QCOMPARE(a.size(), b.size());
            for (std::size_t i = 0; i < a.size(); ++i) {
                QCOMPARE(a[i].kind, b[i].kind);
                QCOMPARE(int(a[i].var), int(b[i].var));
                QCOMPARE(a[i].size, b[i].size);
                if (a[i].kind != DirectiveKind::Cluster)
                    QCOMPARE(a[i].offset, b[i].offset);
            }
            const PointEvaluation e = problem.evaluate(point);
            QVERIFY(e.valid);
            QCOMPARE(e.objective[0], double(c.at("maestro").at("runtime").get<std::int64_t>()));
            ++checked;
        }
        QVERIFY2(checked >= 100, qPrintable(QString::number(checked)));
    }

    void restrictionsNarrowTheSpace()
    {
        DataflowSpaceOptions opts;
        opts.divisorsOnly = true;
        opts.restrictions["tile_K"] = ParameterRestriction{true, 16, 0, 0};
        opts.restrictions["tile_C"] = ParameterRestriction{false, 0, 4, 32};
        const DataflowProblem p(vgg2(), archgym(), opts);
        QCOMPARE(p.parameters()[2].allowedCount(), 1);
        QCOMPARE(p.parameters()[3].allowedCount(), 4); // divisors of 64 in [4, 32]: 4, 8, 16, 32
        QCOMPARE(p.parameters()[4].allowedCount(), 8); // divisors of 110: 1 2 5 10 11 22 55 110
        opts.restrictions["tile_K"].value = 7; // not a divisor of 128
        QVERIFY_THROWS_EXCEPTION(InputError, DataflowProblem(vgg2(), archgym(), opts));
        DataflowSpaceOptions bad;
        bad.restrictions["tile_Q"] = {};
        try {
            DataflowProblem(vgg2(), archgym(), bad);
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY(QString::fromUtf8(e.what()).startsWith(QStringLiteral("space.tile_Q: unknown parameter")));
        }
        QVERIFY_THROWS_EXCEPTION(InputError, DataflowProblem(vgg2(), archgym(), {}, "speed"));
    }

    void allowedSetsAgreeWithAPlainMask()
    {
        // Random masks, built run by run, by index list and by push_back, checked query by query
        // against a vector of bytes.
        std::mt19937_64 rng(7);
        for (int trial = 0; trial < 200; ++trial) {
            const int n = 1 + int(rng() % 60);
            std::vector<std::uint8_t> mask(static_cast<std::size_t>(n), 0);
            std::vector<int> on;
            for (int i = 0; i < n; ++i) {
                mask[std::size_t(i)] = rng() % 3 == 0 ? 1 : 0;
                if (mask[std::size_t(i)])
                    on.push_back(i);
            }
            AllowedSet a, b;
            a.assignIndices(std::size_t(n), on);
            for (std::uint8_t m : mask)
                b.push_back(m != 0);
            if (trial % 4 == 0) { // a restriction as the study applies it
                const int lo = int(rng() % std::uint64_t(n)), hi = lo + int(rng() % std::uint64_t(n - lo));
                a.keepRange(lo, hi);
                b.keepRange(lo, hi);
                for (int i = 0; i < n; ++i)
                    if (i < lo || i > hi)
                        mask[std::size_t(i)] = 0;
                on.clear();
                for (int i = 0; i < n; ++i)
                    if (mask[std::size_t(i)])
                        on.push_back(i);
            }
            for (const AllowedSet* s : {&a, &b}) {
                QCOMPARE(s->size(), std::size_t(n));
                QCOMPARE(s->count(), int(on.size()));
                QCOMPARE(s->mask(), mask);
                QCOMPARE(s->first(), on.empty() ? -1 : on.front());
                for (int k = -1; k <= int(on.size()); ++k)
                    QCOMPARE(s->kth(k), k >= 0 && k < int(on.size()) ? on[std::size_t(k)] : -1);
                for (int i = -1; i <= n; ++i) {
                    const int below = int(std::lower_bound(on.begin(), on.end(), i) - on.begin());
                    QCOMPARE(s->rank(i), std::max(0, below));
                    QCOMPARE(s->contains(i), i >= 0 && i < n && mask[std::size_t(i)] != 0);
                    int up = -1, down = -1;
                    for (int j = i + 1; j < n && up < 0; ++j)
                        up = mask[std::size_t(j)] ? j : -1;
                    for (int j = std::min(i, n) - 1; j >= 0 && down < 0; --j)
                        down = mask[std::size_t(j)] ? j : -1;
                    QCOMPARE(s->next(i, +1), up);
                    QCOMPARE(s->next(i, -1), down);
                    if (i >= 0 && i < n) {
                        // nearestAllowed's old definition: scan outwards, the lower first.
                        int want = -1;
                        for (int d = 0; d < n && want < 0; ++d) {
                            if (i - d >= 0 && mask[std::size_t(i - d)])
                                want = i - d;
                            else if (i + d < n && mask[std::size_t(i + d)])
                                want = i + d;
                        }
                        QCOMPARE(s->nearest(i), want);
                    }
                }
            }
        }
    }

    void hugeDimensionsAreHeldAsRanges()
    {
        // A K of 10^8 (the study limit) is a range of 10^8 tiles, not a list: building the space,
        // drawing from it and restricting it touch no per-value storage.
        DataflowLayer l = DataflowLayer::conv("big", 100000000, 64, 3, 3, 16, 16);
        DataflowSpaceOptions opts;
        opts.restrictions["tile_C"] = ParameterRestriction{false, 0, 4, 32};
        const DataflowProblem p(l, archgym(), opts);
        const Parameter& k = p.parameters()[2];
        QCOMPARE(k.count(), 100000000);
        QVERIFY(k.values.isRange());
        QCOMPARE(k.allowedCount(), 100000000);
        QCOMPARE(k.indexOf(99999999), 99999998);
        QCOMPARE(p.parameters()[3].allowedCount(), 29); // 4..32
        QCOMPARE(p.parameters()[3].values[std::size_t(p.parameters()[3].allowed.first())], std::int64_t(4));
        std::mt19937_64 rng(3);
        for (int i = 0; i < 100; ++i)
            QVERIFY(p.inSpace(randomPoint(p, rng)));
        opts.divisorsOnly = true;
        const DataflowProblem d(l, archgym(), opts);
        QCOMPARE(d.parameters()[2].allowedCount(), 81); // 10^8 = 2^8 · 5^8: 9 · 9 divisors
        QCOMPARE(d.parameters()[2].allowed.kth(80), 99999999);
        QCOMPARE(nearestAllowed(d.parameters()[2], 1000), 999); // tile 1000 divides 10^8
        QCOMPARE(nearestAllowed(d.parameters()[2], 1002), 999);
    }

    void depthwiseLayersHaveNoK()
    {
        const DataflowProblem p(DataflowLayer::dsconv("dw", 32, 3, 3, 112, 112), archgym(), {});
        QCOMPARE(p.parameters()[2].allowedCount(), 1);
        QCOMPARE(p.parameters()[1].allowed[0], std::uint8_t(0)); // K cannot be the parallel dimension
        const Point pt = p.pointFromValues({{"par_outer", 1}, {"par_inner", 2}, {"tile_C", 4}, {"tile_Y", 8}});
        for (const Directive& d : p.decode(pt).directives)
            QVERIFY(d.kind == DirectiveKind::Cluster || d.var != dfvar::K);
        QVERIFY(p.evaluate(pt).valid);
    }

    void capacityMakesPointsInvalid()
    {
        DataflowHardware hw = archgym();
        hw.l1Size = 16;
        const DataflowProblem p(vgg2(), hw, {});
        const Point pt = p.pointFromValues({{"tile_K", 128}, {"tile_C", 64}, {"par_inner", 0}});
        const PointEvaluation e = p.evaluate(pt);
        QVERIFY(!e.valid);
        QCOMPARE(e.reason, kReasonL1Overflow);
        QVERIFY(QString::fromStdString(p.explain(pt)).startsWith(QStringLiteral("L1 requirement")));
    }

    void randomSearchIsDeterministicAndCountsSamples()
    {
        const DataflowProblem p(vgg2(), archgym(), {});
        auto run = [&](std::uint64_t seed) {
            RandomPointSearch rs(p, {.samples = 1000, .batch = 128}, seed);
            Recorder rec;
            const PointSearchResult r = runPointSearch(p, rs, {.observer = &rec}, {}, rec);
            return std::pair{r, rec};
        };
        const auto [a, recA] = run(7);
        const auto [b, recB] = run(7);
        QCOMPARE(a.samples, std::uint64_t(1000));
        QVERIFY(a.found);
        QCOMPARE(a.best, b.best);
        QCOMPARE(a.bestEvaluation.objective[0], b.bestEvaluation.objective[0]);
        QCOMPARE(recA.series.at("search/best").back().first, std::int64_t(1000));
        QVERIFY(recA.points > 0 && recA.points == int(a.valid));
        const auto [c, recC] = run(8);
        QVERIFY(c.best != a.best);
    }

    void geneticSearchBeatsRandomAtEqualSamples()
    {
        // Deterministic seeds: the GA's best latency is at most random search's on each.
        const DataflowProblem p(vgg2(), archgym(), {});
        for (std::uint64_t seed : {1, 2, 3}) {
            RandomPointSearch rs(p, {.samples = 4000, .batch = 200}, seed);
            GeneticPointSearch ga(p, {.samples = 4000}, seed);
            NullMetricsSink sink;
            const PointSearchResult r = runPointSearch(p, rs, {}, {}, sink);
            const PointSearchResult g = runPointSearch(p, ga, {}, {}, sink);
            QCOMPARE(g.samples, std::uint64_t(4000));
            QVERIFY2(g.bestEvaluation.objective[0] <= r.bestEvaluation.objective[0],
                     qPrintable(QStringLiteral("seed %1: GA %2, random %3")
                                    .arg(seed)
                                    .arg(g.bestEvaluation.objective[0])
                                    .arg(r.bestEvaluation.objective[0])));
        }
    }

    void driverCachesAndStops()
    {
        const DataflowProblem p(vgg2(), archgym(), {});
        GeneticPointSearch ga(p, {.samples = 2000, .population = 20, .elite = 5}, 3);
        Recorder rec;
        const PointSearchResult r = runPointSearch(p, ga, {.threads = 2}, {}, rec);
        QCOMPARE(r.samples, std::uint64_t(2000));
        QVERIFY(r.modelEvaluations < r.samples); // elites are answered from the cache
        std::stop_source stop;
        stop.request_stop();
        RandomPointSearch rs(p, {.samples = 1000}, 1);
        const PointSearchResult s = runPointSearch(p, rs, {}, stop.get_token(), rec);
        QVERIFY(s.cancelled);
        QCOMPARE(s.samples, std::uint64_t(0));
    }

    void registryListsOptimizersPerKind()
    {
        const auto dataflow = dataflowKind().optimizers();
        QVERIFY(dataflow.size() >= 2);
        QVERIFY(findOptimizer(dataflowKind(), "gamma"));
        QVERIFY(!findOptimizer(requireStudyKind("scheduling"), "gamma"));
        QVERIFY(!findOptimizer(dataflowKind(), "bottom-up"));
        QVERIFY(findOptimizer(dataflowKind(), "ppo") != findOptimizer(requireStudyKind("scheduling"), "ppo"));
        const DataflowProblem p(vgg2(), archgym(), {});
        QVERIFY(makeDataflowOptimizer("gamma", p, {{"samples", "100"}}, 1));
        try {
            makeDataflowOptimizer("gamma", p, {{"elite", "50"}}, 1);
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY(QString::fromUtf8(e.what()).startsWith(QStringLiteral("gamma.elite")));
        }
        try {
            makeDataflowOptimizer("exhaustive", p, {}, 1);
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("available: random, gamma")));
        }
    }
};

QTEST_APPLESS_MAIN(TestDataflowSpace)
#include "tst_dataflow_space.moc"
