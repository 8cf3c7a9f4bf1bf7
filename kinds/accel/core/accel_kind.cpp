// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The accelerator-sizing kind's descriptor.

#include "kinds/accel/core/accel_report.h"
#include "kinds/accel/core/accel_io.h"
#include "core/io/file_util.h"
#include "core/io/json_document.h"
#include "core/model/validation.h"
#include "kinds/accel/core/accel_study.h"
#include "core/study/folder_export.h"
#include "core/study/point_search_job.h"
#include "core/util/fingerprint.h"
#include "core/util/strings.h"
#include "kinds/accel/learners/grmd_search.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <climits>
#include <filesystem>
#include <optional>
#include <sstream>
#include <tuple>

namespace fs = std::filesystem;

namespace mapscape {

namespace {

using ojson = nlohmann::ordered_json;

/// `convert --to maestro -o DIR`, `optimize --maestro DIR`.
const FolderFormat kMaestroFolder{"maestro", "MAESTRO"};

const char* const kSetupMembers[] = {"workload", "design", "space", "model", "constraints", "fpga_limits", "fpga_proxy"};

/// The setup of a cell's preset study ("rnn", "lstm", "gru"; a custom cell: "rnn"), loaded once
/// per process; null if it cannot be read.
const AccelSetup* presetSetup(RnnCell cell)
{
    static const std::array<std::optional<AccelSetup>, 3> presets = [] {
        std::array<std::optional<AccelSetup>, 3> out;
        for (RnnCell c : {RnnCell::Vanilla, RnnCell::Lstm, RnnCell::Gru}) {
            try {
                out[std::size_t(c)] = loadAccelStudy(std::string(rnnCellId(c))).setup;
            } catch (const std::exception&) {
            }
        }
        return out;
    }();
    const auto& p = presets[std::size_t(cell == RnnCell::Custom ? RnnCell::Vanilla : cell)];
    return p ? &*p : nullptr;
}

/// The FPGA a setup keeps designs within: "ZCU102", "unlimited resources", or a device of the
/// user's own with its figures ("custom (100000 LUTs, 2520 DSPs)").
std::string limitsLabel(const FpgaLimits& l)
{
    if (!l.any())
        return "unlimited resources";
    if (l == FpgaLimits::zcu102())
        return l.name;
    std::string figures;
    for (const auto& [value, unit] :
         {std::pair{l.lut, " LUTs"}, {l.dsp, " DSPs"}, {l.bram36, " BRAM36"}, {l.bandwidth, " bit/cycle"}})
        if (value > 0)
            figures += (figures.empty() ? "" : ", ") + formatSig(value) + unit;
    return l.name + " (" + figures + ")";
}

/// What a setup changes from its cell's preset study, in the order a reader looks for it: the
/// workload, the design space, the model, the constraints, the FPGA proxy.
std::vector<std::string> setupChanges(const AccelSetup& a)
{
    std::vector<std::string> out;
    const AccelSetup* r = presetSetup(a.workload.cell);
    if (!r)
        return out;
    const RnnWorkload& w = a.workload;
    if (w.sequenceLength != r->workload.sequenceLength)
        out.push_back("T = " + std::to_string(w.sequenceLength));
    if (w.cell != RnnCell::Custom && w.components != RnnWorkload::componentsFor(w.cell, w.inputSize, w.hiddenSize, w.outputSize))
        out.push_back("components edited");
    if (a.space == AccelSpace::hasco() && r->space != a.space) {
        out.push_back("HASCO space");
    } else if (a.space != r->space) {
        std::string genes;
        int n = 0;
        for (int g = 0; g < kAccelGenes; ++g)
            if (a.space.genes[std::size_t(g)] != r->space.genes[std::size_t(g)])
                genes += (n++ ? "/" : "") + std::string(accelGeneName(AccelGene(g)));
        out.push_back(n == 1 ? "range of " + genes : n == 2 ? "ranges of " + genes : std::to_string(n) + " gene ranges");
    }
    const AccelModelOptions &m = a.model, &d = r->model;
    if (m.tilePolicy != d.tilePolicy)
        out.push_back(std::string(tilePolicyId(m.tilePolicy)) + " tiles");
    if (m.simdLanes != d.simdLanes)
        out.push_back(std::to_string(m.simdLanes) + " SIMD lanes");
    if (m.nocPorts != d.nocPorts)
        out.push_back(std::to_string(m.nocPorts) + " NoC ports");
    if (m.dtypeBits != d.dtypeBits)
        out.push_back(std::to_string(m.dtypeBits) + "-bit");
    if (m.nocHopLatency != d.nocHopLatency)
        out.push_back("hop latency " + std::to_string(m.nocHopLatency));
    if (!(m.costDb == d.costDb))
        out.push_back("cost database " + m.costDb.name);
    if (m.noise != d.noise || (m.noise && (m.noiseAmplitude != d.noiseAmplitude || m.noiseSeed != d.noiseSeed)))
        out.push_back(m.noise ? "noise " + formatSig(100 * m.noiseAmplitude) + " % seed " + std::to_string(m.noiseSeed)
                              : std::string("no noise"));
    if (m.offchip != d.offchip)
        out.push_back(m.offchip ? "off-chip bound" : "no off-chip bound");
    const AccelConstraints& c = a.constraints;
    for (const auto& [mine, preset, what] : {std::tuple{c.areaMax, r->constraints.areaMax, " µm² area"},
                                             {c.latencyMax, r->constraints.latencyMax, " cycles"},
                                             {c.powerMax, r->constraints.powerMax, " mW"}})
        if (mine != preset)
            out.push_back(mine > 0 ? "≤ " + formatSig(mine, 4) + what : "no" + std::string(what) + " limit");
    if (a.proxy != r->proxy)
        out.push_back("FPGA proxy edited");
    return out;
}

/// "8,128,64,WS,1,64,64" (dtype may follow and must be 8 / int8).
AccelDesign parseChromosome(const std::string& text)
{
    std::string cleaned;
    for (char c : text)
        if (c != '{' && c != '}' && c != ' ')
            cleaned += c;
    const std::vector<std::string> parts = split(cleaned, ',');
    if (parts.size() != 7 && parts.size() != 8)
        throw InputError("--design: expected 7 genes \"x,sp_capacity,local_capacity,WS|OS,sp_banks,dma_buswidth,"
                         "dma_maxbytes\", got \"" + text + "\"");
    AccelDesign d;
    for (int g = 0; g < 7; ++g) {
        const std::string& p = parts[std::size_t(g)];
        const AccelGene gene = AccelGene(g);
        if (gene == AccelGene::Dataflow) {
            if (p != "WS" && p != "OS" && p != "ws" && p != "os")
                throw InputError("--design: dataflow must be WS or OS, got \"" + p + "\"");
            d.dataflow = p == "OS" || p == "os" ? AccelDataflow::OS : AccelDataflow::WS;
            continue;
        }
        const auto v = parseInt(p);
        if (!v || *v < INT32_MIN || *v > INT32_MAX)
            throw InputError("--design: " + std::string(accelGeneName(gene)) + " must be an integer, got \"" + p + "\"");
        d.setGene(gene, int(*v));
    }
    if (parts.size() == 8 && parts[7] != "8" && parts[7] != "int8")
        throw InputError("--design: dtype: only int8 is modelled, got \"" + parts[7] + "\"");
    if (const std::string issue = AccelModel::checkDesign(d); !issue.empty())
        throw InputError("--design: " + issue);
    return d;
}

AccelDesign designArgument(const std::string& text)
{
    std::error_code ec;
    if (fs::exists(text, ec))
        return accelDesignFromJson(readTextFile(text), text);
    // Not a design written out gene by gene, and no such file: say which (a path that does not
    // exist must not be reported as a chromosome with the wrong number of genes).
    if (text.find(',') == std::string::npos &&
        (text.find('/') != std::string::npos || text.ends_with(".json") || text.ends_with(".jsonl")))
        throw InputError("--design: " + text + ": no such file (expected a result file or 7 genes \"x,sp_capacity,"
                         "local_capacity,WS|OS,sp_banks,dma_buswidth,dma_maxbytes\")");
    return parseChromosome(text);
}

AccelStudyFile fileOf(const std::string& name, const AccelInputs& in, const std::string& objective)
{
    AccelStudyFile f;
    f.name = name;
    f.setup = in.setup;
    f.design = in.design;
    f.objective = objective;
    return f;
}

std::string designDescription(const AccelProblem& p, const Point& point)
{
    return p.describe(point);
}

/// One design of a result document: its chromosome, metrics and whether it meets the constraints.
ojson designEntry(const AccelProblem& problem, const Point& point, const PointEvaluation& e)
{
    const std::optional<Point> repaired = problem.repair(point);
    const AccelDesign d = problem.decode(repaired ? *repaired : point);
    ojson j;
    j["design"] = ojson::parse(accelResultToJson(d, nullptr, ""))["design"];
    j["chromosome"] = d.text();
    j["description"] = designDescription(problem, point);
    j["latency_cycles"] = e.objective[accelobj::Latency];
    j["power_mw"] = e.objective[accelobj::Power];
    j["area_um2"] = e.objective[accelobj::Area];
    j["energy_nj"] = e.objective[accelobj::Energy];
    j["feasible"] = problem.feasible(e);
    return j;
}

std::string number(const ojson& j, const char* key, int digits = 6)
{
    return j.contains(key) && j[key].is_number() ? formatSig(j[key].get<double>(), digits) : std::string("–");
}

class AccelKind final : public TypedStudyKind<AccelInputs> {
public:
    AccelKind()
    {
        m_info.id = "accel";
        m_info.title = "Accelerator sizing";
        m_info.description = "Size an RNN accelerator's PE array, memories, banks and DMA for latency, power and area "
                             "(seed 002: GRMD two-stage search)";
        m_info.summaryFigures = {"hypervolume", "front_size"};
        m_info.costModel = "HASCO-style GEMM accelerator on the MAESTRO-compatible model (2020 cost database)";
        const auto objectives = accelObjectives();
        m_info.objectives.assign(objectives.begin(), objectives.end());
        // GRMD's stage 1 and the paper's primary objective (the first listed is latency, for HV order).
        m_info.defaultObjective = "area";
        m_info.defaultOptimizer = "grmd";
        m_info.resultNoun = "design";
        m_info.presetFolders = {kAccelStudyPresets};
        m_info.studyPresetFolders = {kAccelStudyPresets};
    }

    const StudyKindInfo& info() const override { return m_info; }

    StudyInputs defaultInputs() const override
    {
        // The paper's vanilla RNN (29-100-29) on the Table 1 space within ZCU102's resources,
        // showing Table 3's control design.
        const AccelStudyFile f = loadAccelStudy("rnn");
        return AccelInputs{f.setup, f.design};
    }

    std::string setupLabel(const StudyInputs& inputs) const override
    {
        const auto& a = inputs.get<AccelInputs>();
        const RnnWorkload& w = a.setup.workload;
        std::string label = w.name;
        if (w.cell != RnnCell::Custom)
            label += " " + std::to_string(w.inputSize) + "-" + std::to_string(w.hiddenSize) + "-" + std::to_string(w.outputSize);
        else
            label += " (" + std::to_string(w.components.size()) + " GEMMs, " + formatSig(w.macsPerStep(), 4) + " MACs)";
        // What the run ran on, edits named: runs on different inputs never read alike.
        return withChanges(label + " on " + limitsLabel(a.setup.limits), setupChanges(a.setup));
    }

    std::string setupKey(const StudyInputs& inputs) const override
    {
        AccelStudyFile f; // everything but the design shown and the names
        f.name.clear();
        f.setup = inputs.get<AccelInputs>().setup;
        f.setup.workload.name.clear();
        return "accel-" + hex64(fnv1a(accelStudyToJson(f)));
    }

    std::vector<std::string> inputMembers() const override { return {std::begin(kSetupMembers), std::end(kSetupMembers)}; }

    std::string inputsToJson(const StudyInputs& inputs) const override
    {
        const auto& a = inputs.get<AccelInputs>();
        const ojson doc = ojson::parse(accelStudyToJson(fileOf("", a, "area")));
        ojson j;
        for (const char* member : kSetupMembers)
            j[member] = doc[member];
        return j.dump();
    }

    StudyInputs inputsFromJson(std::string_view text, const std::string& source, const std::string& prefix) const override
    {
        // The study's setup members as an accel-study document that keeps the text's lines.
        io::JsonLocations where;
        const ojson s = io::parseOrderedJson(text, source, where);
        for (auto it = s.begin(); it != s.end(); ++it)
            if (std::find(std::begin(kSetupMembers), std::end(kSetupMembers), it.key()) == std::end(kSetupMembers))
                throw InputError(source + ":" + std::to_string(where.lineOf("/" + it.key())) + ": " +
                                 (prefix.empty() ? "" : prefix + ".") + it.key() + ": unknown member");
        const AccelStudyFile f = accelStudyFromJson(where.documentAt(text, "", s, {{"schema", "\"mapscape/accel-study\""}}),
                                                    prefix.empty() ? source : source + " (" + prefix + ")");
        return AccelInputs{f.setup, f.design};
    }

    std::optional<Study> readStudyFile(const std::string& path, std::string_view text, std::string_view schema) const override
    {
        if (schema != "mapscape/accel-study")
            return std::nullopt;
        const AccelStudyFile f = accelStudyFromJson(text, path);
        Study st = makeStudy(f.name, AccelInputs{f.setup, f.design});
        st.optimizer.objective = f.objective;
        return st;
    }

    std::vector<StudyArgument> studyArguments() const override
    {
        using U = StudyArgument::Use;
        return {{"--design", "Accelerator-sizing studies: the design to evaluate, \"8,128,64,WS,1,64,64\" or a result file"},
                {"--maestro", "Dataflow and accelerator-sizing studies: also write the best result as MAESTRO files to "
                              "this folder",
                 false, U::Output}};
    }

    void applyArguments(Study& study, const ArgumentValues& args) const override
    {
        if (const auto it = args.find("design"); it != args.end()) {
            AccelInputs in = study.inputs.get<AccelInputs>();
            in.design = designArgument(it->second);
            study.inputs = std::move(in);
        }
    }

    CommandOutput evaluate(const StudyInputs& inputs, OutputFormat format, const ArgumentValues&) const override
    {
        const auto& a = inputs.get<AccelInputs>();
        const AccelModel model(a.setup.workload, a.setup.model);
        const AccelDetail detail = model.evaluateDetailed(a.design);
        CommandOutput out;
        out.text = writeAccelEvaluation(a.setup, a.design, detail, format);
        out.exitCode = detail.metrics.valid ? 0 : 1;
        return out;
    }

    CommandOutput convert(const Study& study, std::string_view to, const std::string& out) const override
    {
        const auto& a = study.inputs.get<AccelInputs>();
        return convertToFolderOrStudy(
            to, out, kMaestroFolder, "accelerator-sizing",
            [&](const std::string& dir) { return writeMaestroDir(dir, a.setup, a.design); },
            [&] { return accelStudyToJson(fileOf(study.name, a, study.optimizer.objective)); });
    }

    std::vector<std::string> writeOutputs(const StudyInputs& inputs, std::string_view document,
                                          const ArgumentValues& args) const override
    {
        return writeFolderOutput(args, kMaestroFolder, document, [&](const std::string& dir, std::string_view best) {
            return writeMaestroDir(dir, inputs.get<AccelInputs>().setup, accelDesignFromJson(best, "the best design"));
        });
    }

    std::span<const OptimizerInfo> optimizers() const override { return accelOptimizers(); }

    std::unique_ptr<StudyJob> makeJob(const StudyInputs& inputs, const OptimizerSettings& settings,
                                      const JobContext& context) const override
    {
        const auto& a = inputs.get<AccelInputs>();
        auto problem = std::make_shared<const AccelProblem>(a.setup, settings.objective);
        PointSearchJob::Setup s = PointSearchJob::setup(
            problem, makeAccelOptimizer(settings.id, *problem, settings.options, settings.seed), settings, context);
        // The paper's hypervolume objectives, against the setup's fixed live reference.
        s.driver.paretoObjectives = {accelobj::Latency, accelobj::Power, accelobj::Area};
        s.driver.hypervolumeReference = problem->liveReference();
        const std::string label = PointSearchJob::bestLabel(settings, context);
        const PointOptimizer* optimizer = s.optimizer.get();
        s.document = [problem, label, optimizer](const Point& best, const PointSearchResult* search) {
            const std::optional<Point> repaired = problem->repair(best);
            const AccelDesign d = problem->decode(repaired ? *repaired : best);
            const AccelMetrics m = problem->model().evaluate(d);
            ojson j = ojson::parse(accelResultToJson(d, &m, label));
            j["objective"] = problem->objectives()[std::size_t(problem->primaryObjective())].id;
            if (!search)
                return j.dump(2) + "\n";
            j["hypervolume"] = search->hypervolume;
            j["reference"] = problem->liveReference();
            ojson front = ojson::array();
            for (std::size_t i = 0; i < search->front.size(); ++i)
                front.push_back(designEntry(*problem, search->front[i], search->frontEvaluations[i]));
            j["front"] = front;
            if (const auto* g = dynamic_cast<const GrmdReport*>(optimizer); g && !g->solutions().empty()) {
                ojson solutions = ojson::array();
                for (const GrmdSolution& sol : g->solutions())
                    solutions.push_back(designEntry(*problem, sol.point, sol.evaluation));
                j["grmd_solutions"] = solutions;
                j["grmd_constraints_unmet"] = g->constraintsUnmet();
            }
            return j.dump(2) + "\n";
        };
        return std::make_unique<PointSearchJob>(std::move(s));
    }

    std::string describeResult(std::string_view document, const StudyInputs* inputs) const override
    {
        const ojson j = io::parseOrderedJson(document, "run result");
        std::ostringstream s;
        if (j.contains("hypervolume") && j.contains("reference")) {
            double box = 1;
            for (const auto& r : j["reference"])
                box *= r.get<double>();
            s << "hypervolume " << formatSig(j["hypervolume"].get<double>(), 6) << " ("
              << formatSig(box > 0 ? 100 * j["hypervolume"].get<double>() / box : 0, 4) << " % of the reference box), "
              << j["front"].size() << " non-dominated designs\n";
        }
        const auto list = [&](const ojson& designs) {
            for (const ojson& d : designs)
                s << "  " << d.value("description", d.value("chromosome", std::string())) << "  " << number(d, "latency_cycles")
                  << "  " << number(d, "power_mw") << "  " << number(d, "area_um2")
                  << (d.value("feasible", true) ? "" : "  (violates the constraints)") << "\n";
        };
        if (j.contains("front")) {
            s << "\nNon-dominated designs (latency cycles, power mW, area µm²):\n";
            list(j["front"]);
        }
        if (j.contains("grmd_solutions")) {
            s << "\nGRMD's final set (step 3"
              << (j.value("grmd_constraints_unmet", false) ? ": no design met the constraints; the least-violating ones, flagged"
                                                            : "")
              << "):\n";
            list(j["grmd_solutions"]);
        }
        const AccelDesign best = accelDesignFromJson(document, "run result");
        s << "\nBest by " << j.value("objective", std::string("area")) << ": " << best.text() << "\n";
        if (const AccelInputs* in = inputs ? inputs->getIf<AccelInputs>() : nullptr) {
            const AccelModel model(in->setup.workload, in->setup.model);
            s << writeAccelEvaluation(in->setup, best, model.evaluateDetailed(best), OutputFormat::Text);
        }
        return s.str();
    }

    std::optional<MetricInfo> metricInfo(std::string_view name, const ObjectiveInfo&) const override
    {
        const std::string samples = "Samples (cost-model evaluations)";
        const std::string episodes = "Episodes";
        if (name == "search/hypervolume")
            return MetricInfo{"Hypervolume of the non-dominated designs", "cycles·mW·µm²", samples, false, true,
                              "Volume of (latency, power, area) space the designs found so far dominate, bounded by the "
                              "study's fixed reference point (1.1 × its worst corner design); higher is better",
                              "Hypervolume"};
        if (name == "search/front_size")
            return MetricInfo{"Non-dominated designs", "", samples, false, true,
                              "Designs no other design beats on latency, power and area at once", "Designs"};
        if (name.starts_with("ga/best_") || name.starts_with("ga/mean_") || name.starts_with("ga/worst_")) {
            const std::string n(name.substr(3));
            const std::string which = n.substr(0, n.find('_'));
            const bool area = n.substr(n.find('_') + 1) == "area";
            return MetricInfo{"Stage 1 (GA): " + which + " " + (area ? "area" : "fitness") + " per generation",
                              area ? "µm²" : "", "Generation", true, true,
                              "Over the valid members of each generation's population (the GA minimises it)",
                              area ? "Area" : "Fitness"};
        }
        if (name == "ga/feasible" || name == "ga/violating")
            return MetricInfo{name == "ga/feasible" ? "Stage 1 (GA): members meeting area_max"
                                                    : "Stage 1 (GA): members violating area_max",
                              "", "Generation", false, true,
                              "The GA keeps a feasible and a violating population; violating members rank behind every "
                              "feasible one",
                              "Members"};
        if (name.starts_with("ga/distinct_"))
            return MetricInfo{"Stage 1 (GA): distinct values of " + std::string(name.substr(12)), "", "Generation", false,
                              true,
                              "How many values of the gene the population still holds; the survivors' values form stage "
                              "2's subspace",
                              "Values"};
        if (name == "rl/reward" || name == "rl/reward_avg")
            return MetricInfo{name == "rl/reward" ? "Stage 2 (actor-critic): episode reward"
                                                  : "Stage 2 (actor-critic): running mean reward",
                              "", episodes, false, true,
                              "−(A·latency/latency_ref + B·power/power_ref) for a design within the constraints, a "
                              "penalty otherwise; higher is better",
                              "Reward"};
        if (name == "rl/epsilon")
            return MetricInfo{"Stage 2 (actor-critic): exploration ε", "", episodes, false, true,
                              "Probability of a uniformly random value instead of the policy's choice; decays over the "
                              "episodes",
                              "ε"};
        if (name == "rl/actor_loss" || name == "rl/critic_loss") {
            const bool actor = name == "rl/actor_loss";
            return MetricInfo{actor ? "Stage 2: actor loss" : "Stage 2: critic loss", "", episodes, !actor, true,
                              actor ? "−log π(a)·advantage summed over the episode's decisions"
                                    : "Squared error of the critic's value against the episode's return",
                              "Loss"};
        }
        if (name == "rl/latency" || name == "rl/power" || name == "rl/area") {
            const std::string what(name.substr(3));
            return MetricInfo{"Stage 2: episode design's " + what,
                              what == "latency" ? "cycles" : what == "power" ? "mW" : "µm²", episodes, true, true,
                              "The design the actor allocated in each episode",
                              what == "latency" ? "Latency" : what == "power" ? "Power" : "Area"};
        }
        if (name.starts_with("rl/entropy_"))
            return MetricInfo{"Stage 2: policy entropy of " + std::string(name.substr(11)), "nats", episodes, false, true,
                              "How undecided the actor is about the gene's value; falls as it commits", "Entropy"};
        if (name == "grmd/stage")
            return MetricInfo{"GRMD stage", "", samples, false, true,
                              "1: genetic algorithm on area, 2: actor-critic on latency and power, 3: roll-outs and Pareto "
                              "tuning",
                              "Stage"};
        if (name == "grmd/subspace_log10")
            return MetricInfo{"Stage 2 subspace size (log₁₀)", "", samples, false, true,
                              "Designs the actor chooses among: the product of the GA survivors' distinct gene values",
                              "log₁₀ designs"};
        return std::nullopt;
    }

private:
    static std::string writeMaestroDir(const std::string& dir, const AccelSetup& setup, const AccelDesign& design)
    {
        fs::create_directories(dir);
        const auto files = accelMaestroFiles(setup, design);
        for (const auto& [name, text] : files)
            writeTextFileAtomic((fs::path(dir) / name).string(), text);
        return "wrote " + std::to_string(files.size()) + " MAESTRO files (one mapping per component, hardware.m, "
               "maestro_command.txt) to " + dir;
    }

    StudyKindInfo m_info;
};

} // namespace

const StudyKind& accelKind() { return studyKindInstance<AccelKind>(); }

std::shared_ptr<const StudyKind> makeAccelKind() { return unownedStudyKind(accelKind()); }

} // namespace mapscape
