// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "toykind/toy_kind.h"

#include "core/io/json_document.h"
#include "core/model/validation.h"
#include "core/optim/space/point_optimizers.h"
#include "core/study/point_search_job.h"
#include "core/study/study.h"
#include "core/util/fingerprint.h"

#include <nlohmann/json.hpp>

#include <mutex>
#include <sstream>

namespace mapscape::toy {

namespace {

using ojson = nlohmann::ordered_json;

constexpr std::array<const char*, 3> kKnobs{"a", "b", "c"};

class ToyProblem final : public PointProblem {
public:
    ToyProblem(ToyInputs in, int primary)
        : m_in(in)
        , m_primary(primary)
    {
        for (const char* name : kKnobs) {
            Parameter p;
            p.name = name;
            p.label = std::string("Knob ") + name;
            p.kind = Parameter::Kind::Integer;
            for (int v = 0; v < in.range; ++v)
                p.values.push_back(v);
            p.allowed.assign(p.values.size(), 1);
            m_parameters.push_back(std::move(p));
        }
        m_objectives = {{"cost", "Cost", "units", true, false}, {"sum", "Knob sum", "knobs", true, false}};
    }
    std::span<const Parameter> parameters() const override { return m_parameters; }
    std::span<const ObjectiveInfo> objectives() const override { return m_objectives; }
    int primaryObjective() const override { return m_primary; }
    PointEvaluation evaluate(std::span<const std::int32_t> point) const noexcept override
    {
        const ToyScore s = scoreToy(m_in, {point[0], point[1], point[2]});
        PointEvaluation e;
        e.valid = s.valid;
        e.reason = s.valid ? 0 : 1;
        e.objective[0] = s.cost;
        e.objective[1] = s.sum;
        return e;
    }
    std::string explain(std::span<const std::int32_t> point) const override
    {
        const int sum = point[0] + point[1] + point[2];
        return sum > m_in.budget ? "a + b + c = " + std::to_string(sum) + " exceeds the budget " + std::to_string(m_in.budget)
                                 : std::string();
    }

private:
    ToyInputs m_in;
    int m_primary = 0;
    std::vector<Parameter> m_parameters;
    std::vector<ObjectiveInfo> m_objectives;
};

std::vector<OptimizerInfo> buildOptimizers()
{
    OptimizerInfo random;
    random.kind = "toy";
    random.id = "random";
    random.title = "Random search";
    random.description = "Draws a, b and c uniformly.";
    random.budgetKey = "samples";
    random.options = {integerOption("samples", "Samples", 300, 1, 1e7, "designs evaluated")};
    OptimizerInfo ga = random;
    ga.id = "ga";
    ga.title = "Genetic algorithm";
    ga.description = "Tournament selection, crossover and stepping mutations of the three knobs.";
    ga.options.push_back(integerOption("population", "Population", 20, 2, 10000, "individuals per generation"));
    return {random, ga};
}

std::array<int, 3> readTriple(const ojson& j, const std::string& at, int lo, int hi)
{
    if (!j.is_array() || j.size() != 3)
        throw InputError(at + ": expected three integers [a, b, c]");
    std::array<int, 3> r{};
    for (std::size_t i = 0; i < 3; ++i) {
        if (!j[i].is_number_integer() || j[i].get<long long>() < lo || j[i].get<long long>() > hi)
            throw InputError(at + "[" + std::to_string(i) + "]: expected an integer in " + std::to_string(lo) + " … " +
                             std::to_string(hi));
        r[i] = j[i].get<int>();
    }
    return r;
}

class ToyKind final : public TypedStudyKind<ToyInputs> {
public:
    ToyKind()
    {
        m_info.id = "toy";
        m_info.title = "Toy bowl";
        m_info.description = "Three knobs, an analytic cost (a kind registered from outside the tree)";
        m_info.costModel = "Squared distance to a target";
        m_info.objectives = {{"cost", "Cost", "units", true, false}, {"sum", "Knob sum", "knobs", true, false}};
        m_info.defaultOptimizer = "ga";
        m_info.resultNoun = "design";
        m_info.summaryFigures = {"valid"};
    }
    const StudyKindInfo& info() const override { return m_info; }

    StudyInputs defaultInputs() const override { return ToyInputs{}; }
    std::string setupLabel(const StudyInputs& inputs) const override
    {
        const auto& t = inputs.get<ToyInputs>();
        return "bowl at (" + std::to_string(t.target[0]) + ", " + std::to_string(t.target[1]) + ", " +
               std::to_string(t.target[2]) + "), knobs < " + std::to_string(t.range);
    }
    std::string setupKey(const StudyInputs& inputs) const override
    {
        ToyInputs t = inputs.get<ToyInputs>();
        t.design = {};
        return "toy-" + hex64(fnv1a(inputsToJson(ToyInputs(t))));
    }

    std::vector<std::string> inputMembers() const override { return {"toy"}; }
    std::string inputsToJson(const StudyInputs& inputs) const override
    {
        const auto& t = inputs.get<ToyInputs>();
        ojson j;
        j["toy"] = {{"target", t.target}, {"range", t.range}, {"budget", t.budget}, {"design", t.design}};
        return j.dump();
    }
    StudyInputs inputsFromJson(std::string_view text, const std::string& source, const std::string& prefix) const override
    {
        const ojson s = io::parseOrderedJson(text, source);
        const std::string at = source + ": " + (prefix.empty() ? "" : prefix + ".") + "toy";
        ToyInputs t;
        if (!s.contains("toy"))
            return t;
        const ojson& j = s["toy"];
        if (!j.is_object())
            throw InputError(at + ": expected an object");
        if (j.contains("range")) {
            if (!j["range"].is_number_integer() || j["range"].get<long long>() < 1 || j["range"].get<long long>() > 1000)
                throw InputError(at + ".range: expected an integer in 1 … 1000");
            t.range = j["range"].get<int>();
        }
        if (j.contains("budget")) {
            if (!j["budget"].is_number_integer() || j["budget"].get<long long>() < 0)
                throw InputError(at + ".budget: expected a non-negative integer");
            t.budget = j["budget"].get<int>();
        }
        if (j.contains("target"))
            t.target = readTriple(j["target"], at + ".target", 0, t.range - 1);
        if (j.contains("design"))
            t.design = readTriple(j["design"], at + ".design", 0, t.range - 1);
        return t;
    }

    CommandOutput evaluate(const StudyInputs& inputs, OutputFormat format, const ArgumentValues&) const override
    {
        const auto& t = inputs.get<ToyInputs>();
        const ToyScore s = scoreToy(t, t.design);
        CommandOutput out;
        std::ostringstream text;
        if (format == OutputFormat::Json)
            text << ojson{{"design", t.design}, {"valid", s.valid}, {"cost", s.cost}, {"sum", s.sum}}.dump(2) << "\n";
        else if (format == OutputFormat::Csv)
            text << "a,b,c,valid,cost,sum\n"
                 << t.design[0] << "," << t.design[1] << "," << t.design[2] << "," << int(s.valid) << "," << s.cost << ","
                 << s.sum << "\n";
        else
            text << "design a=" << t.design[0] << " b=" << t.design[1] << " c=" << t.design[2] << ": "
                 << (s.valid ? "" : "INVALID (over budget), ") << "cost " << s.cost << " units, sum " << s.sum << "\n";
        out.text = text.str();
        out.exitCode = s.valid ? 0 : 1;
        return out;
    }

    std::span<const OptimizerInfo> optimizers() const override
    {
        static const std::vector<OptimizerInfo> list = buildOptimizers();
        return list;
    }

    std::unique_ptr<StudyJob> makeJob(const StudyInputs& inputs, const OptimizerSettings& settings,
                                      const JobContext& context) const override
    {
        const auto& t = inputs.get<ToyInputs>();
        const OptimizerInfo& info = requireOptimizer(*this, settings.id);
        const OptionReader options(info, settings.options);
        options.checkAll();
        const int primary = settings.objective.empty() ? 0 : objectiveIndex(settings.objective);
        if (primary < 0)
            throw InputError("objective: the toy kind has cost and sum, not \"" + settings.objective + "\"");
        PointSearchJob::Setup s;
        auto problem = std::make_shared<const ToyProblem>(t, primary);
        s.problem = problem;
        if (settings.id == "random")
            s.optimizer = std::make_unique<RandomPointSearch>(
                    *problem, RandomPointOptions{.samples = options.integer("samples"), .batch = 16}, settings.seed);
        else {
            GeneticPointOptions g;
            g.samples = options.integer("samples");
            g.population = options.integer("population");
            g.elite = std::min(g.elite, g.population - 1);
            s.optimizer = std::make_unique<GeneticPointSearch>(*problem, g, settings.seed);
        }
        s.driver.threads = std::max(1, settings.threads);
        s.driver.reportEvaluated = context.reportPoints;
        s.document = [](const Point& best, const PointSearchResult*) {
            return ojson{{"schema", "mapscape/toy-result"}, {"design", best}}.dump();
        };
        return std::make_unique<PointSearchJob>(std::move(s));
    }

private:
    StudyKindInfo m_info;
};

} // namespace

ToyScore scoreToy(const ToyInputs& in, const std::array<int, 3>& d)
{
    ToyScore s;
    s.sum = double(d[0] + d[1] + d[2]);
    s.valid = s.sum <= in.budget;
    s.cost = 1;
    for (std::size_t i = 0; i < 3; ++i)
        s.cost += double(d[i] - in.target[i]) * double(d[i] - in.target[i]);
    return s;
}

void registerToyKind()
{
    static std::once_flag once;
    std::call_once(once, [] { registerStudyKind(std::make_shared<ToyKind>()); });
}

} // namespace mapscape::toy
