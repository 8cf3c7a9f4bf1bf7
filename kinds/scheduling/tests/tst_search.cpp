// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "kinds/scheduling/core/scheduling_study.h"
#include "kinds/scheduling/core/baselines.h"
#include "core/study/study_kind.h"
#include "support/cancellation.h"
#include "support/fixtures.h"

#include <QtTest>

#include <map>
#include <set>
#include <thread>

using namespace mapscape;

namespace {

Network smallNetwork()
{
    Network n;
    n.name = "small";
    n.layers = {test::layer("A", 8, 1, 7, 7, 4, 3, 3, 1, 1), test::layer("B", 16, 1, 4, 4, 8, 1, 1, 1, 1),
                test::layer("FC", 64, 1, 1, 1, 96, 1, 1, 1, 0)};
    return n;
}

/// Records every call, to check what strategies report.
class RecordingSink final : public MetricsSink, public SearchObserver {
public:
    void record(std::string_view name, std::int64_t step, double value) override
    {
        names.insert(std::string(name));
        last[std::string(name)] = {step, value};
    }
    void progress(double f) override { progressValues.push_back(f); }
    void bestChanged(int layer, const SchedulingTable&, const Evaluation& e) override
    {
        ++bestChanges;
        if (layer >= int(bestEnergy.size()))
            bestEnergy.resize(std::size_t(layer) + 1, 0);
        bestEnergy[std::size_t(layer)] = e.totalEnergy;
    }
    void message(std::string_view text) override { messages.emplace_back(text); }

    std::set<std::string> names;
    std::map<std::string, std::pair<std::int64_t, double>> last;
    std::vector<double> progressValues;
    std::vector<double> bestEnergy;
    std::vector<std::string> messages;
    int bestChanges = 0;
};

} // namespace

class TestSearch : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void exhaustiveIsTheOptimum()
    {
        const SchedulingProblem problem = SchedulingProblem::make(test::eyeriss(), smallNetwork(), Metric::Energy,
                                                                  DataflowMode::Fixed);
        ExhaustiveSearch ex(problem, {});
        NullMetricsSink sink;
        const SearchResult exact = runSearch(problem, ex, {.threads = 2}, {}, sink);
        QCOMPARE(exact.layersFound, 3);
        QVERIFY(ex.skippedLayers().empty());

        // No other optimizer may beat it on any layer.
        BottomUpSearch bu(problem);
        const SearchResult b = runSearch(problem, bu, {}, {}, sink);
        RandomSearch rs(problem, {.samplesPerLayer = 3000, .batch = 128}, 5);
        const SearchResult r = runSearch(problem, rs, {}, {}, sink);
        for (int l = 0; l < 3; ++l) {
            const double opt = exact.layers[std::size_t(l)].metric;
            QVERIFY(b.layers[std::size_t(l)].found);
            QVERIFY(b.layers[std::size_t(l)].metric >= opt);
            if (r.layers[std::size_t(l)].found)
                QVERIFY(r.layers[std::size_t(l)].metric >= opt);
        }
        QVERIFY(b.totalEnergy >= exact.totalEnergy);
    }

    void exhaustiveSkipsHugeLayers()
    {
        const SchedulingProblem problem = SchedulingProblem::make(test::eyeriss(), smallNetwork(), Metric::Energy,
                                                                  DataflowMode::Fixed);
        ExhaustiveSearch ex(problem, {.maxCandidates = 1000});
        RecordingSink sink;
        const SearchResult r = runSearch(problem, ex, {}, {}, sink);
        QCOMPARE(int(ex.skippedLayers().size()), 3);
        QCOMPARE(r.layersFound, 0);
        QVERIFY(!sink.messages.empty());
        QVERIFY(QString::fromStdString(sink.messages.front()).contains(QStringLiteral("skipped")));
    }

    void randomSearchIsSeeded()
    {
        const SchedulingProblem problem = SchedulingProblem::make(test::simba(), smallNetwork(), Metric::Cycles,
                                                                  DataflowMode::Flexible);
        NullMetricsSink sink;
        const auto run = [&](std::uint64_t seed, int threads) {
            RandomSearch rs(problem, {.samplesPerLayer = 500, .batch = 64}, seed);
            return runSearch(problem, rs, {.threads = threads}, {}, sink);
        };
        const SearchResult a = run(7, 1);
        const SearchResult b = run(7, 2);
        const SearchResult c = run(8, 1);
        QCOMPARE(a.layersFound, 3);
        for (int l = 0; l < 3; ++l) {
            QCOMPARE(a.layers[std::size_t(l)].table, b.layers[std::size_t(l)].table);
            QCOMPARE(a.layers[std::size_t(l)].metric, b.layers[std::size_t(l)].metric);
        }
        QCOMPARE(a.evaluations, std::uint64_t(1500));
        bool differs = false;
        for (int l = 0; l < 3; ++l)
            differs = differs || a.layers[std::size_t(l)].table != c.layers[std::size_t(l)].table;
        QVERIFY(differs);
    }

    /// With flexible dataflows bottom-up runs its level-by-level search once per dataflow
    /// combination (as NeuroSpector) and keeps the best, so it is never worse than with the
    /// configured dataflows, whose combination is one of them.
    void bottomUpFlexibleContainsFixed()
    {
        Accelerator simba = test::simba(); // with the preset's choices
        simba.localBuffer.allowedDataflows = {Dataflow::IS, Dataflow::WS, Dataflow::OS};
        simba.globalBuffer.allowedDataflows = {Dataflow::IS, Dataflow::OS};
        Network net;
        net.name = "resnet50-part";
        net.layers = {test::layer("CONV_4_3", 1024, 1, 14, 14, 256, 1, 1, 1, 1),
                      test::layer("FC_1", 1000, 1, 1, 1, 2048, 1, 1, 1, 0)};
        const SchedulingModel model(simba);
        QCOMPARE(int(BottomUpSearch::dataflowCombinations(model, SchedulingTable{}).size()), 6);
        NullMetricsSink sink;
        const auto run = [&](DataflowMode mode) {
            const SchedulingProblem problem = SchedulingProblem::make(simba, net, Metric::Energy, mode);
            BottomUpSearch bu(problem);
            return runSearch(problem, bu, {.threads = 2}, {}, sink);
        };
        const SearchResult fixed = run(DataflowMode::Fixed);
        const SearchResult flexible = run(DataflowMode::Flexible);
        QCOMPARE(flexible.layersFound, 2);
        for (int l = 0; l < 2; ++l)
            QVERIFY2(flexible.layers[std::size_t(l)].metric <= fixed.layers[std::size_t(l)].metric,
                     qPrintable(QStringLiteral("%1: flexible %2 > fixed %3")
                                    .arg(QString::fromStdString(net.layers[std::size_t(l)].name))
                                    .arg(flexible.layers[std::size_t(l)].metric)
                                    .arg(fixed.layers[std::size_t(l)].metric)));
        QVERIFY(flexible.totalEnergy < fixed.totalEnergy);
    }

    /// A long exact search reports how far it is while it runs, and how many candidates it
    /// works through (before, progress stayed 0 until the whole batch had ended).
    void exhaustiveReportsProgressWhileItRuns()
    {
        Network net;
        net.name = "one";
        net.layers = {test::layer("CONV_5_3", 2048, 1, 7, 7, 512, 1, 1, 1, 1)};
        const SchedulingProblem problem = SchedulingProblem::make(test::eyeriss(), net, Metric::Energy, DataflowMode::Fixed);
        ExhaustiveSearch ex(problem, {.maxCandidates = 1'000'000'000});
        RecordingSink sink;
        const SearchResult r = runSearch(problem, ex, {.threads = 1, .progressIntervalMs = 10}, {}, sink);
        QCOMPARE(r.layersFound, 1);
        QVERIFY(!sink.messages.empty());
        QCOMPARE(QString::fromStdString(sink.messages.front()),
                 QStringLiteral("searching 24.4 M candidate tables in 1 exact row search"));
        int between = 0;
        for (std::size_t i = 0; i < sink.progressValues.size(); ++i) {
            between += sink.progressValues[i] > 0 && sink.progressValues[i] < 1 ? 1 : 0;
            if (i > 0)
                QVERIFY(sink.progressValues[i] >= sink.progressValues[i - 1]);
        }
        QVERIFY2(between >= 2, qPrintable(QStringLiteral("%1 intermediate progress reports").arg(between)));
        QCOMPARE(sink.progressValues.back(), 1.0);
    }

    void bottomUpLevelSets()
    {
        const auto eyeriss = BottomUpSearch::levelSets(SchedulingModel(test::eyeriss()));
        QCOMPARE(int(eyeriss.size()), 2); // (GB…DRAM), (LB…GB); the innermost set has only the LB
        QCOMPARE(eyeriss[0].rows, (std::vector<Row>{Row::Gb, Row::Dram}));
        QCOMPARE(eyeriss[0].upper, Row::Gb);
        QCOMPARE(eyeriss[1].rows, (std::vector<Row>{Row::Lb, Row::PeX, Row::PeY, Row::Gb}));
        const auto simba = BottomUpSearch::levelSets(SchedulingModel(test::simba()));
        QCOMPARE(int(simba.size()), 3);
        QCOMPARE(simba[0].rows, (std::vector<Row>{Row::Gb, Row::ChipX, Row::ChipY, Row::Dram}));
        QCOMPARE(simba[2].rows, (std::vector<Row>{Row::MacX, Row::MacY, Row::Lb}));
        QCOMPARE(simba[2].upper, Row::Reg);
        QCOMPARE(int(simba[2].objective), int(Objective::PartialLb));
    }

    void progressAndBestAreReported()
    {
        const SchedulingProblem problem = SchedulingProblem::make(test::eyeriss(), smallNetwork(), Metric::Energy,
                                                                  DataflowMode::Fixed);
        BottomUpSearch bu(problem);
        RecordingSink sink;
        const SearchResult r = runSearch(problem, bu, {.observer = &sink}, {}, sink);
        QVERIFY(sink.bestChanges >= 3);
        QCOMPARE(sink.progressValues.back(), 1.0);
        QVERIFY(std::is_sorted(sink.progressValues.begin(), sink.progressValues.end()));
        for (int l = 0; l < 3; ++l)
            QCOMPARE(sink.bestEnergy[std::size_t(l)], r.layers[std::size_t(l)].evaluation.totalEnergy);
        QVERIFY(sink.names.count("bottom-up/evaluated"));
    }

    /// A stop ends an exhaustive search of a space it could not finish in days; how fast is
    /// bench_cancellation's to measure.
    void cancellationStopsTheSearch()
    {
        Network net;
        net.name = "big";
        net.layers = {test::layer("BIG1", 512, 1, 28, 28, 512, 3, 3, 1, 1), test::layer("BIG2", 1024, 1, 14, 14, 512, 3, 3, 1, 1)};
        const SchedulingProblem problem = SchedulingProblem::make(test::simba(), net, Metric::Energy, DataflowMode::Flexible);
        ExhaustiveSearch ex(problem, {.maxCandidates = ~0ull});
        const test::CancelMeasurement m = test::runAndCancel(problem, ex, 200);
        QVERIFY(!m.finishedBeforeStop); // far from finished: it is the stop that ends it
        QVERIFY(m.result.cancelled);
    }

    void registryValidatesOptions()
    {
        const SchedulingProblem problem = SchedulingProblem::make(test::eyeriss(), smallNetwork(), Metric::Energy,
                                                                  DataflowMode::Fixed);
        QVERIFY(findOptimizer(schedulingKind(), "random"));
        QVERIFY(findOptimizer(schedulingKind(), "exhaustive"));
        QVERIFY(findOptimizer(schedulingKind(), "bottom-up"));
        QVERIFY(findOptimizer(schedulingKind(), "ppo"));
        QVERIFY(!findOptimizer(schedulingKind(), "annealing"));
        const auto message = [&](std::string_view id, OptionValues v) -> QString {
            try {
                makeSchedulingStrategy(id, problem, v, 1);
            } catch (const InputError& e) {
                return QString::fromUtf8(e.what());
            }
            return {};
        };
        QVERIFY(message("annealing", {}).contains(QStringLiteral("is unknown for Scheduling tables studies; available: ppo, random, exhaustive, bottom-up")));
        QCOMPARE(message("random", {{"samples", "0"}}),
                 QStringLiteral("random.samples: must be an integer in [1, 1e+09], got \"0\""));
        QCOMPARE(message("random", {{"samples", "12x"}}),
                 QStringLiteral("random.samples: must be an integer in [1, 1e+09], got \"12x\""));
        QVERIFY(message("random", {{"temperature", "3"}}).startsWith(QStringLiteral("random.temperature: unknown option")));
        QVERIFY(message("random", {{"samples", "10"}}).isEmpty());
        OptionValues v;
        parseOptionAssignment("samples=25", v);
        QCOMPARE(v.at("samples"), std::string("25"));
        QVERIFY_THROWS_EXCEPTION(InputError, parseOptionAssignment("samples", v));
        for (const StudyKind* kind : studyKinds())
        for (const OptimizerInfo& info : kind->optimizers()) {
            for (const OptionSpec& o : info.options) {
                QVERIFY(!o.key.empty());
                QVERIFY(!o.label.empty());
                if (o.type == OptionSpec::Type::Choice)
                    QVERIFY(!o.choices.empty());
            }
            if (!info.budgetKey.empty() && info.available) {
                bool found = false;
                for (const OptionSpec& o : info.options)
                    found = found || o.key == info.budgetKey;
                QVERIFY2(found, info.id.c_str());
            }
        }
    }

    void badProblemsNameTheField()
    {
        Network net = smallNetwork();
        net.layers[1].p = 0;
        try {
            SchedulingProblem::make(test::eyeriss(), net, Metric::Energy, DataflowMode::Fixed);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromUtf8(e.what()),
                     QStringLiteral("network \"small\": layers[1] (B).P: must be a positive integer, got 0"));
        }
        Network empty;
        empty.name = "empty";
        QVERIFY_THROWS_EXCEPTION(InputError, SchedulingProblem::make(test::eyeriss(), empty, Metric::Energy, DataflowMode::Fixed));
    }
};

QTEST_APPLESS_MAIN(TestSearch)
#include "tst_search.moc"
