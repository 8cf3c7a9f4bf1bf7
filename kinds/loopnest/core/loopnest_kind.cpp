// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The loop-nest mapping kind (Timeloop): its descriptor, evaluation in text / JSON / CSV, the
// Timeloop and study conversions, validation of spec files, and the mapper's jobs.

#include "kinds/loopnest/core/loopnest_study.h"

#include "core/io/file_util.h"
#include "core/io/json_document.h"
#include "core/io/preset_library.h"
#include "core/model/validation.h"
#include "core/study/point_optimizer_catalog.h"
#include "core/study/point_search_job.h"
#include "core/util/fingerprint.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "kinds/loopnest/core/loopnest_model.h"
#include "kinds/loopnest/core/loopnest_mapper.h"
#include "kinds/loopnest/core/loopnest_space.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace mapscape {

namespace {

using nlohmann::ordered_json;
using namespace loopnest;

inline constexpr PresetFolder kLoopnestPresets{"loopnest", "Timeloop spec", ".yaml .yml"};
constexpr const char* kDefaultPreset = "ex_eyeriss_like";

/// The spec's parts as the model needs them, or an error naming the missing part.
const Spec& completeSpec(const LoopnestInputs& in)
{
    const Spec& s = *in.parsed;
    const char* missing = !s.hasArchitecture ? "architecture" : !s.hasProblem ? "problem" : !s.hasErt ? "ERT" : nullptr;
    if (missing)
        throw InputError(in.name + ": the spec has no " + missing + " (give every file timeloop-model takes: "
                                                                     "architecture, problem, mapping, ERT and ART)");
    return s;
}

/// A spec's name from its file: the file name without folder and extension ("arch" for
/// "ex/arch.yaml"), or the folder's name when the file is one of several parts.
std::string specName(const std::string& path)
{
    const std::filesystem::path p(path);
    return p.stem().empty() ? path : p.stem().string();
}

std::string percent(double fraction) { return formatSig(100.0 * fraction, 4) + " %"; }

/// The figures of an evaluation as readable text: totals, then a row per level and data space.
std::string resultText(const LoopnestInputs& in, const EvalResult& r)
{
    const Problem& p = in.parsed->problem;
    std::ostringstream os;
    os << "Loop-nest mapping (Timeloop-compatible model): " << in.name << "\n";
    os << "problem " << (p.name.empty() ? "(unnamed)" : p.name) << ":";
    for (std::size_t d = 0; d < p.dimensions.size(); ++d)
        os << " " << p.dimensions[d] << "=" << p.bounds[d];
    os << "\n";
    if (!r.ok) {
        os << "INVALID mapping at " << (r.errorLevel.empty() ? "the architecture" : r.errorLevel) << ": " << r.error << "\n";
        return os.str();
    }
    os << "energy " << formatQuantity(r.energy, "pJ", 4) << " (" << formatSig(r.energy / double(r.actualComputes), 4)
       << " pJ/compute), cycles " << formatInteger(static_cast<long long>(r.cycles)) << ", utilization "
       << percent(r.utilization) << ", computes " << formatInteger(static_cast<long long>(r.actualComputes)) << "\n";
    os << "arithmetic " << r.arithmetic.name << ": " << formatQuantity(r.arithmetic.energy, "pJ", 4) << ", "
       << r.arithmetic.utilizedInstances << " of " << r.arithmetic.instances << " instances used\n";
    for (const LevelStats& L : r.levels) {
        os << "level " << L.name << ": " << formatQuantity(L.energy, "pJ", 4) << " (leakage "
           << formatQuantity(L.leakage, "pJ", 3) << "), cycles " << formatInteger(static_cast<long long>(L.cycles));
        if (L.slowdown < 1.0)
            os << ", bandwidth-bound (slow-down " << formatSig(L.slowdown, 4) << ")";
        os << "\n";
        for (std::size_t s = 0; s < L.dataSpaces.size() && s < p.dataSpaces.size(); ++s) {
            const DataSpaceStats& d = L.dataSpaces[s];
            if (!d.keep)
                continue;
            os << "  " << p.dataSpaces[s].name << ": tile " << formatInteger(static_cast<long long>(d.tileSize))
               << " words, per instance: reads " << formatInteger(static_cast<long long>(d.reads)) << ", fills "
               << formatInteger(static_cast<long long>(d.fills)) << ", updates " << formatInteger(static_cast<long long>(d.updates))
               << "; " << formatSig(d.utilizedInstances, 6) << (d.utilizedInstances == 1.0 ? " instance, " : " instances, ")
               << formatQuantity(d.energyTotal, "pJ", 4)
               << "\n";
        }
    }
    return os.str();
}

std::string resultCsv(const LoopnestInputs& in, const EvalResult& r)
{
    const Problem& p = in.parsed->problem;
    std::ostringstream os;
    os << "level,data_space,keep,reads,fills,updates,tile_size,utilized_instances,energy_pJ\n";
    for (const LevelStats& L : r.levels)
        for (std::size_t s = 0; s < L.dataSpaces.size() && s < p.dataSpaces.size(); ++s) {
            const DataSpaceStats& d = L.dataSpaces[s];
            os << csvQuote(L.name) << "," << csvQuote(p.dataSpaces[s].name) << "," << int(d.keep) << "," << d.reads << ","
               << d.fills << "," << d.updates << "," << d.tileSize << "," << formatReal(d.utilizedInstances) << ","
               << formatReal(d.energyTotal) << "\n";
        }
    os << csvQuote(r.arithmetic.name) << ",,,,,,,," << formatReal(r.arithmetic.energy) << "\n";
    os << "total,,,,,,,," << formatReal(r.energy) << "\n";
    return os.str();
}

int objectiveOf(const StudyKind& kind, const std::string& id)
{
    const int k = id.empty() ? kind.objectiveIndex(kind.info().primaryObjective()) : kind.objectiveIndex(id);
    if (k < 0)
        throw InputError("objective: loop-nest studies have energy, cycles, edp and delay_energy, not \"" + id + "\"");
    return k;
}

/// The objective a spec's own `mapper` section asks for, read as timeloop-mapper reads it: a
/// text `optimization_metric`, else the list `optimization_metrics` (compared in order), else
/// EDP. ["delay", "energy"] is delay_energy; a list is judged by its first metric otherwise
/// (metrics the model has no objective for, such as per-level accesses, fall back to EDP).
std::string specObjective(const ordered_json& spec)
{
    const auto it = spec.find("mapper");
    if (it == spec.end() || !it->is_object())
        return "edp";
    std::vector<std::string> metrics;
    if (const auto m = it->find("optimization_metric"); m != it->end() && m->is_string())
        metrics = {m->get<std::string>()};
    else if (const auto ms = it->find("optimization_metrics"); ms != it->end() && ms->is_array())
        for (const auto& x : *ms)
            if (x.is_string())
                metrics.push_back(x.get<std::string>());
    if (metrics.empty())
        return "edp";
    if (metrics[0] == "delay")
        return metrics.size() > 1 && metrics[1] == "energy" ? "delay_energy" : "cycles";
    if (metrics[0] == "energy")
        return "energy";
    return "edp";
}

/// A study of a spec, judged by what its mapper section asks for.
Study specStudy(std::string name, LoopnestInputs in)
{
    const std::string objective = specObjective(in.spec);
    Study st = makeStudy(std::move(name), std::move(in));
    st.optimizer.objective = objective;
    return st;
}

std::vector<OptimizerInfo> buildOptimizers()
{
    std::vector<OptimizerInfo> r = genericPointOptimizers({"gamma", "random", "ga", "bo"});
    for (OptimizerInfo& info : r)
        info.kind = "loopnest";
    r[1].description = "Timeloop's random mapper: every factor split, loop order and keep / bypass choice drawn "
                       "uniformly among those the constraints allow; invalid mappings are counted and dropped.";
    std::vector<OptimizerInfo> mappers = prunedMapperInfos(); // hybrid first: the default
    for (OptimizerInfo& info : r)
        mappers.push_back(std::move(info));
    return mappers;
}

class LoopnestKind final : public TypedStudyKind<LoopnestInputs> {
public:
    LoopnestKind()
    {
        m_info.id = "loopnest";
        m_info.title = "Loop-nest mapping (Timeloop)";
        m_info.description = "Map a layer onto an accelerator written in Timeloop's YAML (architecture tree, problem, "
                             "mapping, ERT / ART), evaluated as timeloop-model does and searched over Timeloop's map space";
        m_info.costModel = "Timeloop-compatible loop-nest model (dense; timeloop-model 0fc43fb)";
        m_info.objectives = MapSpace::objectiveInfos();
        m_info.defaultObjective = "edp";
        m_info.defaultOptimizer = "hybrid";
        m_info.resultNoun = "mapping";
        m_info.summaryFigures = {"energy", "cycles", "utilization"};
        m_info.studyPresetFolders = {kLoopnestPresets}; // each preset is a whole spec, a study
        m_info.paretoX = 1;
        m_info.paretoY = 0;
    }
    const StudyKindInfo& info() const override { return m_info; }

    StudyInputs defaultInputs() const override { return readPreset(kDefaultPreset); }

    std::string setupLabel(const StudyInputs& inputs) const override
    {
        const auto& in = inputs.get<LoopnestInputs>();
        const Spec& s = *in.parsed;
        std::string arch;
        for (const StorageLevelSpec& l : s.architecture.levels)
            arch += (arch.empty() ? "" : " → ") + l.name;
        return in.name + " (" + (s.problem.name.empty() ? "problem" : s.problem.name) + " on " + arch + ")";
    }
    std::string setupKey(const StudyInputs& inputs) const override
    {
        // Runs are comparable when everything but the mapping (the design searched) is the same.
        ordered_json spec = inputs.get<LoopnestInputs>().spec;
        spec.erase("mapping");
        return "loopnest-" + hex64(fnv1a(spec.dump()));
    }

    std::vector<std::string> inputMembers() const override { return {"loopnest"}; }
    std::string inputsToJson(const StudyInputs& inputs) const override
    {
        const auto& in = inputs.get<LoopnestInputs>();
        ordered_json j;
        j["loopnest"] = {{"name", in.name}, {"spec", in.spec}};
        return j.dump();
    }
    StudyInputs inputsFromJson(std::string_view text, const std::string& source, const std::string& prefix) const override
    {
        const io::JsonDocument doc = io::JsonDocument::parse(text, source);
        const std::string at = prefix.empty() ? "loopnest" : prefix + ".loopnest";
        const auto& root = doc.root();
        if (!root.contains("loopnest"))
            return defaultInputs();
        const auto& j = root.at("loopnest");
        if (!j.is_object())
            doc.fail("/loopnest", "expected an object with name and spec");
        for (auto it = j.begin(); it != j.end(); ++it)
            if (it.key() != "name" && it.key() != "spec")
                doc.fail("/loopnest/" + it.key(), "unknown field \"" + it.key() + "\" (expected name and spec)");
        if (!j.contains("spec"))
            doc.fail("/loopnest", "spec: required object is missing");
        std::string name = "spec";
        if (j.contains("name")) {
            if (!j.at("name").is_string())
                doc.fail("/loopnest/name", "expected text");
            name = j.at("name").get<std::string>();
        }
        // The spec as written, its members in their order (JsonDocument's tree sorts them).
        ordered_json spec = io::parseOrderedJson(text, source).at("loopnest").at("spec");
        return loopnestInputsFromTree(std::move(spec), std::move(name), source + " (" + at + ".spec)");
    }

    std::optional<Study> readStudyFile(const std::string& path, std::string_view text, std::string_view schema) const override
    {
        if (!schema.empty() || !looksLikeTimeloopYaml(path, text))
            return std::nullopt;
        LoopnestInputs in = loopnestInputsFromYaml({{path, std::string(text)}}, specName(path));
        std::string name = in.name; // before the inputs move
        return specStudy(std::move(name), std::move(in));
    }

    std::optional<Study> readStudyFiles(const std::vector<std::pair<std::string, std::string>>& files) const override
    {
        std::vector<YamlSource> sources;
        for (const auto& [path, text] : files)
            if (looksLikeTimeloopYaml(path, text))
                sources.emplace_back(path, text);
        if (sources.empty())
            return std::nullopt;
        // The parts of one spec: named after their folder ("mydesign" for mydesign/arch.yaml …).
        const std::filesystem::path folder = std::filesystem::path(sources.front().first).parent_path();
        std::string name = folder.filename().empty() ? specName(sources.front().first) : folder.filename().string();
        LoopnestInputs in = loopnestInputsFromYaml(sources, name);
        return specStudy(std::move(name), std::move(in));
    }

    CommandOutput evaluate(const StudyInputs& inputs, OutputFormat format, const ArgumentValues&) const override
    {
        const auto& in = inputs.get<LoopnestInputs>();
        const Spec& s = completeSpec(in);
        if (!s.hasMapping)
            throw InputError(in.name + ": the spec has no mapping to evaluate (add map.yaml, or run a mapper with optimize)");
        const EvalResult r = LoopnestModel::compile(s.architecture, s.problem, s.env).evaluate(s.mapping);
        CommandOutput out;
        if (format == OutputFormat::Json)
            out.text = resultToJson(r, s.problem).dump(2) + "\n";
        else if (format == OutputFormat::Csv)
            out.text = r.ok ? resultCsv(in, r) : std::string();
        else
            out.text = resultText(in, r);
        if (!r.ok) {
            out.notes.push_back("the mapping is invalid at " + (r.errorLevel.empty() ? std::string("the architecture") : r.errorLevel) +
                                ": " + r.error);
            out.exitCode = 2; // Timeloop refuses it: bad input, as timeloop-model's own exit
        }
        return out;
    }

    CommandOutput convert(const Study& study, std::string_view to, const std::string& out) const override
    {
        const auto& in = study.inputs.get<LoopnestInputs>();
        if (to == "timeloop") {
            const Spec& s = completeSpec(in);
            CommandOutput o;
            o.text = "# " + in.name + ": written by Mapscape for timeloop-model\n" + writeSpecYaml(s);
            (void)out;
            return o;
        }
        if (to == "study" || to == "json")
            return StudyKind::convert(study, "study", out);
        throw InputError("--to: for loop-nest studies expected timeloop or study, got \"" + std::string(to) + "\"");
    }

    std::optional<CommandOutput> validateFile(const std::string& path, std::string_view text, std::string_view schema,
                                              const ArgumentValues&) const override
    {
        if (!schema.empty() || !looksLikeTimeloopYaml(path, text))
            return std::nullopt;
        const LoopnestInputs in = loopnestInputsFromYaml({{path, std::string(text)}}, specName(path));
        const Spec& s = *in.parsed;
        CommandOutput o;
        std::string parts;
        for (const auto& [has, part] : {std::pair{s.hasArchitecture, "architecture"}, {s.hasProblem, "problem"},
                                        {s.hasMapping, "mapping"}, {s.hasErt, "ERT"}, {s.hasArt, "ART"},
                                        {!s.constraints.targets.empty(), "constraints"}})
            if (has)
                parts += (parts.empty() ? "" : ", ") + std::string(part);
        o.text = path + ": a Timeloop spec (" + (parts.empty() ? std::string("no parts") : parts) + ")";
        if (s.hasArchitecture && s.hasProblem && s.hasErt && s.hasMapping) {
            const EvalResult r = LoopnestModel::compile(s.architecture, s.problem, s.env).evaluate(s.mapping);
            if (r.ok) {
                o.text += "; the mapping is valid\n";
            } else {
                o.text += "; the mapping is invalid at " + r.errorLevel + ": " + r.error + "\n";
                o.exitCode = 2;
            }
        } else {
            o.text += "; read without errors\n";
        }
        return o;
    }

    std::span<const OptimizerInfo> optimizers() const override
    {
        static const std::vector<OptimizerInfo> list = buildOptimizers();
        return list;
    }

    std::unique_ptr<StudyJob> makeJob(const StudyInputs& inputs, const OptimizerSettings& settings,
                                      const JobContext& context) const override
    {
        const auto& in = inputs.get<LoopnestInputs>();
        const Spec& s = completeSpec(in);
        const OptimizerInfo& info = requireOptimizer(*this, settings.id);
        auto model = std::make_shared<const LoopnestModel>(LoopnestModel::compile(s.architecture, s.problem, s.env));
        auto space = std::make_shared<const MapSpace>(model, s.constraints, objectiveOf(*this, settings.objective));
        PointSearchJob::Setup setup;
        setup.problem = space;
        setup.optimizer = makePrunedMapper(info, *space, settings.options, settings.seed);
        if (!setup.optimizer)
            setup.optimizer = makeGenericPointOptimizer(info, *space, settings.options, settings.seed);
        if (!setup.optimizer)
            throw InputError("optimizer \"" + info.id + "\" has no factory");
        setup.driver.threads = std::max(1, settings.threads);
        setup.driver.reportEvaluated = context.reportPoints;
        // Every run keeps the energy / cycles front of what it saw (the Pareto pair).
        setup.driver.paretoObjectives = {int(MapperObjective::Energy), int(MapperObjective::Cycles)};
        setup.document = [space, arch = s.architecture, problem = s.problem](const Point& best, const PointSearchResult*) {
            const Mapping m = space->mapping(best);
            ordered_json j;
            j["schema"] = "mapscape/loopnest-result";
            j["mapping_yaml"] = writeMappingYaml(arch, problem, m);
            // Its figures in brief (evaluate the mapping for every level's statistics).
            const EvalResult r = space->model().evaluate(m);
            ordered_json res;
            res["energy_pJ"] = r.energy;
            res["cycles"] = r.cycles;
            res["utilization"] = r.utilization;
            res["actual_computes"] = r.actualComputes;
            res["levels"] = ordered_json::array();
            for (auto L = r.levels.rbegin(); L != r.levels.rend(); ++L) // innermost first, as evaluate
                res["levels"].push_back({{"name", L->name}, {"energy_pJ", L->energy}});
            j["result"] = std::move(res);
            return j.dump(2) + "\n";
        };
        // The best mapping's figures under the names `evaluate --format json` uses.
        setup.figures = [space](const Point& best) {
            const EvalResult r = space->model().evaluate(space->mapping(best));
            std::vector<std::pair<std::string, double>> f;
            if (!r.ok)
                return f;
            f = {{"energy_pJ", r.energy},
                 {"cycles", double(r.cycles)},
                 {"utilization", r.utilization},
                 {"actual_computes", double(r.actualComputes)},
                 {"algorithmic_computes", double(r.algorithmicComputes)},
                 {"pJ_per_compute", r.actualComputes > 0 ? r.energy / double(r.actualComputes) : 0.0}};
            for (const LevelStats& L : r.levels)
                f.emplace_back("energy_pJ/" + L.name, L.energy);
            return f;
        };
        return std::make_unique<PointSearchJob>(std::move(setup));
    }

private:
    LoopnestInputs readPreset(const std::string& name) const
    {
        const std::string path = resolvePreset(name, kLoopnestPresets);
        return loopnestInputsFromYaml({{path, readTextFile(path)}}, name);
    }

    StudyKindInfo m_info;
};

} // namespace

std::shared_ptr<const StudyKind> makeLoopnestKind() { return std::make_shared<LoopnestKind>(); }

const StudyKind& loopnestKind() { return requireStudyKind("loopnest"); }

} // namespace mapscape
