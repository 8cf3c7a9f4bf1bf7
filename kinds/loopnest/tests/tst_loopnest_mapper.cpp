// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The mappers against Timeloop's own: on the mapper cases of the golden reference set, the
// default optimizer finds a mapping at least as good as timeloop-mapper's stored best on the
// metric that case's mapper section asks for, the exhaustive search returns the optimum of the
// t05 spaces, and every mapping found honours the spec's constraints. The golden folder
// (MAPSCAPE_TIMELOOP_GOLDEN, ../shared/golden/timeloop) must exist: the test fails without it.

#include "core/io/file_util.h"
#include "core/model/validation.h"
#include "core/study/study.h"
#include "core/study/study_file.h"
#include "core/study/study_kind.h"
#include "kinds/loopnest/core/loopnest_mapper.h"
#include "kinds/loopnest/core/loopnest_space.h"
#include "kinds/loopnest/core/loopnest_study.h"
#include "tests/support/jobs.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <random>
#include <thread>

#include <filesystem>
#include <sstream>

using namespace mapscape;
using namespace mapscape::loopnest;
namespace fs = std::filesystem;

namespace {

fs::path g_golden;

/// The case as a study, without its stored mapping (what the mapper starts from).
Study caseStudy(const std::string& name)
{
    const fs::path dir = g_golden / "reference" / name;
    return loadStudyFiles({(dir / "parsed-processed-input.yaml").string(), (dir / "ERT.yaml").string(),
                           (dir / "ART.yaml").string()});
}

/// timeloop-mapper's stored best, evaluated by the model.
EvalResult storedBest(const std::string& name)
{
    const fs::path dir = g_golden / "reference" / name;
    std::vector<YamlSource> src = {{"parsed-processed-input.yaml", readTextFile((dir / "parsed-processed-input.yaml").string())},
                                   {"map.yaml", readTextFile((dir / "map.yaml").string())},
                                   {"ERT.yaml", readTextFile((dir / "ERT.yaml").string())},
                                   {"ART.yaml", readTextFile((dir / "ART.yaml").string())}};
    const Spec spec = readSpecTexts(src);
    return LoopnestModel::compile(spec.architecture, spec.problem, spec.env).evaluate(spec.mapping);
}

struct Found {
    JobResult job;
    EvalResult best;     ///< the best mapping re-read from the result document and evaluated
    Mapping mapping;
};

/// Runs `optimizer` (the study's default when empty) on the study with its own objective.
Found runMapper(const Study& study, const std::string& optimizer, std::uint64_t seed, OptionValues options = {})
{
    OptimizerSettings s = study.optimizer;
    if (!optimizer.empty())
        s.id = optimizer;
    s.seed = seed;
    s.options = std::move(options);
    s.threads = 1;
    const StudyKind& kind = study.inputs.kind();
    auto job = kind.makeJob(study.inputs, s, {.label = "test", .reportPoints = false});
    test::NullSink sink;
    RunControl control;
    job->run({}, sink, control);
    Found f;
    f.job = job->result();
    if (!f.job.found)
        return f;
    // The result document's map.yaml, read back with the study's spec: what a user exports.
    const auto doc = nlohmann::json::parse(job->resultDocument());
    const auto& in = study.inputs.get<LoopnestInputs>();
    std::vector<YamlSource> src = {{"spec.yaml", loopnestTreeToYaml(in.spec)}, {"map.yaml", doc.at("mapping_yaml").get<std::string>()}};
    const Spec spec = readSpecTexts(src);
    f.mapping = spec.mapping;
    f.best = LoopnestModel::compile(spec.architecture, spec.problem, spec.env).evaluate(spec.mapping);
    return f;
}

/// Whether `a` is at least as good as `b` on `objective` (a relative 1e-9 for rounding).
bool atLeastAsGood(const EvalResult& a, const EvalResult& b, const std::string& objective)
{
    const double tol = 1e-9;
    if (objective == "delay_energy")
        return a.cycles < b.cycles || (a.cycles == b.cycles && a.energy <= b.energy * (1 + tol));
    if (objective == "cycles")
        return a.cycles <= b.cycles;
    if (objective == "energy")
        return a.energy <= b.energy * (1 + tol);
    return a.energy * double(a.cycles) <= b.energy * double(b.cycles) * (1 + tol);
}

/// The spec's constraints a mapping breaks, in words ("" when none): factors, permutations
/// (innermost loops), spatial splits and keep / bypass, as timeloop-model checks them.
std::string constraintViolations(const Spec& spec, const Mapping& m)
{
    std::ostringstream os;
    const Problem& p = spec.problem;
    for (const Constraint& c : spec.constraints.targets) {
        const int l = spec.architecture.findLevel(c.target);
        if (l < 0)
            continue;
        const LevelMapping& lm = m.levels[std::size_t(l)];
        if (c.type == "temporal" || c.type == "spatial") {
            const bool temporal = c.type == "temporal";
            for (const auto& [name, f] : c.factors) {
                const int d = p.findDimension(name);
                const std::uint64_t want = f == 0 ? p.bounds[std::size_t(d)] : std::uint64_t(f);
                const std::uint64_t got = (temporal ? lm.temporalFactors : lm.spatialFactors)[std::size_t(d)];
                if (want <= p.bounds[std::size_t(d)] && got != want)
                    os << c.target << " " << c.type << " " << name << "=" << got << ", constrained to " << want << "; ";
            }
            if (temporal) {
                // The constrained loops are the innermost of those whose factor is not 1.
                std::vector<int> nonUnit;
                for (const int d : lm.temporalPermutation)
                    if (lm.temporalFactors[std::size_t(d)] > 1)
                        nonUnit.push_back(d);
                std::size_t k = 0;
                for (const std::string& name : c.permutation) {
                    const int d = p.findDimension(name);
                    if (lm.temporalFactors[std::size_t(d)] == 1)
                        continue;
                    if (k >= nonUnit.size() || nonUnit[k] != d)
                        os << c.target << " permutation does not start with " << name << "; ";
                    ++k;
                }
            } else if (c.split && !c.permutation.empty()) {
                for (std::size_t i = 0; i < c.permutation.size(); ++i) {
                    const int d = p.findDimension(c.permutation[i]);
                    if (lm.spatialFactors[std::size_t(d)] == 1)
                        continue;
                    const auto at = std::find(lm.spatialPermutation.begin(), lm.spatialPermutation.end(), d) -
                                    lm.spatialPermutation.begin();
                    const bool onX = lm.split && std::uint32_t(at) < *lm.split;
                    if (onX != (i < *c.split))
                        os << c.target << " spatial " << c.permutation[i] << " on the wrong mesh axis; ";
                }
            }
        }
        for (const std::string& ds : c.keep)
            if (lm.keep[std::size_t(p.findDataSpace(ds))] == 0)
                os << c.target << " bypasses " << ds << ", constrained to keep it; ";
        for (const std::string& ds : c.bypass)
            if (lm.keep[std::size_t(p.findDataSpace(ds))] == 1)
                os << c.target << " keeps " << ds << ", constrained to bypass it; ";
    }
    return os.str();
}

} // namespace

class TestLoopnestMapper : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        g_golden = MAPSCAPE_TIMELOOP_GOLDEN;
        QVERIFY2(fs::exists(g_golden / "reference" / "t05_mapper_conv1d_oc_3level_null" / "map.yaml"),
                 ("the Timeloop golden data is missing: " + g_golden.string()).c_str());
    }

    /// The spec's mapper section decides the objective, as timeloop-mapper reads it.
    void theSpecsMapperSectionSetsTheObjective()
    {
        QCOMPARE(QString::fromStdString(caseStudy("t06_mapper_convlayer_eyeriss").optimizer.objective), QStringLiteral("delay_energy"));
        QCOMPARE(QString::fromStdString(caseStudy("ex_eyeriss_like").optimizer.objective), QStringLiteral("edp"));
        // t05 writes its list under the singular key, which Timeloop does not read as a list: EDP.
        QCOMPARE(QString::fromStdString(caseStudy("t05_mapper_conv1d_oc_3level_null").optimizer.objective), QStringLiteral("edp"));
        QCOMPARE(QString::fromStdString(caseStudy("t05_mapper_conv1d_oc_3level_null").optimizer.id), QStringLiteral("hybrid"));
    }

    /// Exhaustive search of the t05 spaces. baked fixes everything and freebypass leaves only
    /// keep / bypass free: both spaces are small enough that timeloop-mapper enumerated them
    /// whole, so its stored best is their optimum and ours must equal it. null constrains
    /// nothing; timeloop-mapper stopped there at its first invalid mapping (timeout: 0), so its
    /// stored mapping is not the optimum: ours must be at least as good, and no better than
    /// any other search finds (it is the optimum of a space that contains freebypass's).
    void exhaustiveFindsTheT05Optima()
    {
        std::map<std::string, double> optimum;
        for (const std::string name : {"t05_mapper_conv1d_oc_3level_baked", "t05_mapper_conv1d_oc_3level_freebypass",
                                       "t05_mapper_conv1d_oc_3level_null"}) {
            const Study st = caseStudy(name);
            const Found f = runMapper(st, "linear-pruned", 1);
            QVERIFY2(f.job.found && f.job.complete, name.c_str());
            QVERIFY2(f.best.ok, f.best.error.c_str());
            const EvalResult stored = storedBest(name);
            QVERIFY(stored.ok);
            const double edp = f.best.energy * double(f.best.cycles);
            const double storedEdp = stored.energy * double(stored.cycles);
            optimum[name] = edp;
            if (name != "t05_mapper_conv1d_oc_3level_null")
                QVERIFY2(std::abs(edp - storedEdp) <= 1e-12 * storedEdp,
                         qPrintable(QStringLiteral("%1: EDP %2, Timeloop's %3")
                                            .arg(QString::fromStdString(name))
                                            .arg(edp, 0, 'g', 17)
                                            .arg(storedEdp, 0, 'g', 17)));
            else
                QVERIFY(edp <= storedEdp);
            // The job's objective value is the evaluated mapping's.
            QCOMPARE(f.job.best.at(2), edp);
        }
        QVERIFY(optimum["t05_mapper_conv1d_oc_3level_null"] <= optimum["t05_mapper_conv1d_oc_3level_freebypass"] * (1 + 1e-12));
        // No other search beats the exhaustive optimum of the null space.
        const Study null = caseStudy("t05_mapper_conv1d_oc_3level_null");
        for (const std::string opt : {"hybrid", "gamma", "random-pruned"}) {
            const Found f = runMapper(null, opt, 2, {{"samples", "6000"}});
            QVERIFY(f.job.found);
            QVERIFY2(f.best.energy * double(f.best.cycles) >= optimum["t05_mapper_conv1d_oc_3level_null"] * (1 - 1e-12),
                     opt.c_str());
        }
    }

    void theDefaultMapperMatchesTimeloop_data()
    {
        QTest::addColumn<QString>("name");
        for (const char* name : {"t06_mapper_convlayer_eyeriss", "tla_fpmac", "tla_intmac", "ex_eyeriss_like", "ex_simba_like",
                                 "ex_simple_output_stationary", "ex_simple_weight_stationary",
                                 "t05_mapper_conv1d_oc_3level_null", "t05_mapper_conv1d_oc_3level_freebypass",
                                 "t05_mapper_conv1d_oc_3level_baked"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    /// The default optimizer with its default budget, seed 1, on the case's own objective and
    /// constraints: at least as good as timeloop-mapper's stored best, and within the
    /// constraints (which timeloop-mapper honours too).
    void theDefaultMapperMatchesTimeloop()
    {
        QFETCH(QString, name);
        const Study st = caseStudy(name.toStdString());
        const Found f = runMapper(st, "", 1);
        QVERIFY(f.job.found);
        QVERIFY2(f.best.ok, f.best.error.c_str());
        const EvalResult stored = storedBest(name.toStdString());
        QVERIFY(stored.ok);
        QVERIFY2(atLeastAsGood(f.best, stored, st.optimizer.objective),
                 qPrintable(QStringLiteral("%1 (%2): found %3 pJ in %4 cycles, Timeloop's %5 pJ in %6 cycles")
                                    .arg(name, QString::fromStdString(st.optimizer.objective))
                                    .arg(f.best.energy, 0, 'g', 10)
                                    .arg(f.best.cycles)
                                    .arg(stored.energy, 0, 'g', 10)
                                    .arg(stored.cycles)));
        const Spec& spec = *st.inputs.get<LoopnestInputs>().parsed;
        const std::string broken = constraintViolations(spec, f.mapping);
        QVERIFY2(broken.empty(), broken.c_str());
        // The check itself sees a broken keep / bypass constraint.
        for (const Constraint& c : spec.constraints.targets)
            if (!c.keep.empty() && spec.architecture.findLevel(c.target) >= 0) {
                Mapping wrong = f.mapping;
                wrong.levels[std::size_t(spec.architecture.findLevel(c.target))].keep[std::size_t(spec.problem.findDataSpace(c.keep.front()))] = 0;
                QVERIFY(!constraintViolations(spec, wrong).empty());
                break;
            }
        // optimize --format json names the best mapping's figures as evaluate does.
        const auto figure = [&](const char* key) {
            for (const auto& [k, v] : f.job.figures)
                if (k == key)
                    return v;
            return -1.0;
        };
        QCOMPARE(figure("energy_pJ"), f.best.energy);
        QCOMPARE(figure("cycles"), double(f.best.cycles));
        QCOMPARE(figure("utilization"), f.best.utilization);
    }

    /// The steps of local search stay in the space and change one thing; loop orders are pruned
    /// to the distinct ones.
    void neighboursAndPrunedOrders()
    {
        const Study st = caseStudy("ex_eyeriss_like");
        const Spec& spec = *st.inputs.get<LoopnestInputs>().parsed;
        auto model = std::make_shared<const LoopnestModel>(LoopnestModel::compile(spec.architecture, spec.problem, spec.env));
        const MapSpace space(model, spec.constraints, int(MapperObjective::Edp));
        // Random points whose factors some order can map.
        std::mt19937_64 rng(5);
        Point p(space.parameters().size());
        int checked = 0;
        for (int tries = 0; tries < 20000 && checked < 20; ++tries) {
            for (std::size_t i = 0; i < p.size(); ++i) {
                const Parameter& par = space.parameters()[i];
                p[i] = std::int32_t(par.allowed.kth(int(rng() % std::uint64_t(par.allowedCount()))));
            }
            if (space.factorRefusal(p) != 0)
                continue;
            ++checked;
            for (const Point& q : space.neighbours(p)) {
                QCOMPARE(q.size(), p.size());
                int changed = 0;
                for (std::size_t i = 0; i < p.size(); ++i) {
                    QVERIFY(space.parameters()[i].allowed.contains(q[i]));
                    changed += q[i] != p[i];
                }
                QCOMPARE(changed, 1);
                // The mapping keeps every dimension's product.
                const Mapping m = space.mapping(q);
                for (std::size_t d = 0; d < spec.problem.dimensions.size(); ++d) {
                    std::uint64_t prod = 1;
                    for (const LevelMapping& lm : m.levels)
                        prod *= lm.temporalFactors[d] * lm.spatialFactors[d];
                    QCOMPARE(prod, spec.problem.bounds[d]);
                }
            }
            for (int l = 0; l < space.levelCount(); ++l) {
                const Mapping m = space.mapping(p);
                int nonUnit = 0;
                for (const std::uint64_t t : m.levels[std::size_t(l)].temporalFactors)
                    nonUnit += t > 1;
                const auto orders = space.prunedOrders(p, l);
                QVERIFY(!orders.empty());
                QVERIFY(std::int64_t(orders.size()) <= factorial(nonUnit));
            }
        }
        QVERIFY(checked > 0);
    }

    /// A factor parameter reads as its split over the loops (what tooltips and the runs' design
    /// texts show), not as the index of a factorisation: each part names a level, the axis of a
    /// spatial loop and the factor the mapping gives it, and the parts multiply to the bound.
    void factorValuesReadAsTheirLoops()
    {
        const Study st = caseStudy("ex_eyeriss_like");
        const Spec& spec = *st.inputs.get<LoopnestInputs>().parsed;
        auto model = std::make_shared<const LoopnestModel>(LoopnestModel::compile(spec.architecture, spec.problem, spec.env));
        const MapSpace space(model, spec.constraints, int(MapperObjective::Edp));
        std::mt19937_64 rng(11);
        Point p(space.parameters().size());
        for (int round = 0; round < 30; ++round) {
            for (std::size_t i = 0; i < p.size(); ++i) {
                const Parameter& par = space.parameters()[i];
                p[i] = std::int32_t(par.allowed.kth(int(rng() % std::uint64_t(par.allowedCount()))));
            }
            const Mapping m = space.mapping(p);
            for (std::size_t d = 0; d < spec.problem.dimensions.size(); ++d) {
                const QString text = QString::fromStdString(space.valueText(d, p[d]));
                std::uint64_t product = 1;
                for (const QString& part : text.split(QStringLiteral(" · "))) {
                    if (part == QStringLiteral("1"))
                        continue;
                    const QStringList words = part.split(QLatin1Char(' '));
                    QVERIFY2(words.size() == 2 || words.size() == 3, qPrintable(text));
                    const int level = spec.architecture.findLevel(words[0].toStdString());
                    QVERIFY2(level >= 0, qPrintable(text));
                    const std::uint64_t f = words.last().toULongLong();
                    const LevelMapping& lm = m.levels[std::size_t(level)];
                    QCOMPARE(f, words.size() == 3 ? lm.spatialFactors[d] : lm.temporalFactors[d]);
                    product *= f;
                }
                QCOMPARE(product, spec.problem.bounds[d]);
                QVERIFY(QString::fromStdString(space.describe(p))
                            .contains(QStringLiteral("factors_%1=%2")
                                          .arg(QString::fromStdString(spec.problem.dimensions[d]), text)));
            }
        }
        // The other parameters read as before.
        const std::size_t order = spec.problem.dimensions.size();
        QCOMPARE(space.valueText(order, p[order]), space.parameters()[order].text(p[order]));
    }

    /// Runs repeat: the same seed gives the same best, and cancellation ends a long search.
    void seededAndCancellable()
    {
        const Study st = caseStudy("ex_simple_output_stationary");
        const Found a = runMapper(st, "", 4, {{"samples", "2000"}});
        const Found b = runMapper(st, "", 4, {{"samples", "2000"}});
        QVERIFY(a.job.found && b.job.found);
        QCOMPARE(a.best.energy, b.best.energy);
        QCOMPARE(a.best.cycles, b.best.cycles);

        OptimizerSettings s = st.optimizer;
        s.id = "linear-pruned";
        auto job = st.inputs.kind().makeJob(st.inputs, s, {.label = "test", .reportPoints = false});
        std::stop_source stop;
        test::NullSink sink;
        RunControl control;
        std::thread t([&] { job->run(stop.get_token(), sink, control); });
        QTest::qWait(300);
        stop.request_stop();
        t.join();
        QVERIFY(job->result().cancelled);
    }
};

QTEST_GUILESS_MAIN(TestLoopnestMapper)
#include "tst_loopnest_mapper.moc"
