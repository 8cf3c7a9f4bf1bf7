// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "app/cli/accel_cli.h"

#include "app/cli/cli_output.h"
#include "app/cli/cli_sink.h"
#include "core/export/accel_report.h"
#include "core/io/accel_io.h"
#include "core/io/file_util.h"
#include "core/io/preset_io.h"
#include "core/io/preset_library.h"
#include "core/model/validation.h"
#include "core/optim/accel/grmd_search.h"
#include "core/optim/optimizer_registry.h"
#include "core/util/statistics.h"
#include "core/util/strings.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;

namespace mapscape::cli {

namespace {

/// "8,128,64,WS,1,64,64" (dtype may follow and must be 8 / int8).
AccelDesign parseChromosome(const std::string& text)
{
    std::string cleaned;
    for (char c : text) {
        if (c != '{' && c != '}' && c != ' ')
            cleaned += c;
    }
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
    if (fs::exists(text))
        return accelDesignFromJson(readTextFile(text), text);
    return parseChromosome(text);
}

std::string objectiveLine(const AccelProblem& p, const PointEvaluation& e)
{
    std::ostringstream o;
    const auto objs = p.objectives();
    for (std::size_t k = 0; k < objs.size(); ++k)
        o << (k ? ", " : "") << objs[k].id << " " << formatSig(e.objective[k], 6) << " " << objs[k].unit;
    return o.str();
}

/// The front's hypervolume as a fraction of the reference box (comparable across workloads).
double hvFraction(double hv, const std::vector<double>& reference)
{
    double box = 1;
    for (double r : reference)
        box *= r;
    return box > 0 ? hv / box : 0;
}

void writeMaestroDir(const std::string& dir, const AccelSetup& setup, const AccelDesign& design)
{
    fs::create_directories(dir);
    const auto files = accelMaestroFiles(setup, design);
    for (const auto& [name, text] : files)
        writeTextFileAtomic((fs::path(dir) / name).string(), text);
    std::cerr << "wrote " << files.size() << " MAESTRO files (one mapping per component, hardware.m, "
              << "maestro_command.txt) to " << dir << "\n";
}

} // namespace

bool isAccelStudy(const std::string& nameOrPath)
{
    if (nameOrPath.empty())
        return false;
    if (fs::exists(nameOrPath))
        return fs::is_regular_file(nameOrPath) && detectSchema(readTextFile(nameOrPath)) == "accel-study";
    try {
        resolvePreset(nameOrPath, PresetKind::AccelStudy);
        return true;
    } catch (const InputError&) {
        return false;
    }
}

int evaluateAccel(const std::string& studyPath, const std::string& design, const std::string& format, const std::string& out)
{
    const auto fmt = parseOutputFormat(format);
    if (!fmt)
        throw InputError("--format: expected text, json or csv, got \"" + format + "\"");
    AccelStudyFile study = loadAccelStudy(studyPath);
    if (!design.empty())
        study.design = designArgument(design);
    const AccelModel model(study.setup.workload, study.setup.model);
    const AccelDetail detail = model.evaluateDetailed(study.design);
    writeOut(writeAccelEvaluation(study.setup, study.design, detail, *fmt), out);
    return detail.metrics.valid ? kExitOk : kExitFailure;
}

int optimizeAccel(const std::string& studyPath, const StudyOptimizeArgs& a)
{
    const AccelStudyFile study = loadAccelStudy(studyPath);
    const std::string objective = a.objective.empty() ? study.objective : a.objective;
    const AccelProblem problem(study.setup, objective);
    const OptimizerInfo* info = findOptimizer(a.optimizer, ProblemKind::AccelSizing);
    if (!info)
        throw InputError("--optimizer: \"" + a.optimizer + "\" is unknown for accelerator-sizing studies");
    OptionValues values;
    for (const std::string& o : a.options)
        parseOptionAssignment(o, values);
    if (!a.budget.empty())
        values[info->budgetKey] = a.budget;
    PointDriverOptions drv;
    drv.threads = a.threads > 0 ? a.threads : int(std::max(1u, std::thread::hardware_concurrency()));
    drv.reportEvaluated = false;
    drv.paretoObjectives = {accelobj::Latency, accelobj::Power, accelobj::Area};
    drv.hypervolumeReference = problem.liveReference();
    const std::vector<double>& ref = problem.liveReference();
    std::cout << "optimizer " << a.optimizer << " on " << study.setup.workload.name << " ("
              << formatSig(study.setup.space.size(), 4) << " designs, FPGA limits "
              << (study.setup.limits.any() ? study.setup.limits.name : std::string("none")) << "), objective " << objective
              << "\nhypervolume reference (1.1 × the worst corner design): latency " << formatSig(ref[0], 6)
              << " cycles, power " << formatSig(ref[1], 6) << " mW, area " << formatSig(ref[2], 6) << " µm²\n";

    if (a.seeds.size() > 1) {
        std::cout << "seed  hypervolume  fraction of box  front  evaluations  seconds\n";
        std::vector<double> hvs, secs;
        for (std::uint64_t seed : a.seeds) {
            auto opt = makePointOptimizer(ProblemKind::AccelSizing, a.optimizer, problem, values, seed);
            NullMetricsSink sink;
            const PointSearchResult r = runPointSearch(problem, *opt, drv, {}, sink);
            hvs.push_back(r.hypervolume);
            secs.push_back(r.seconds);
            std::cout << seed << "  " << formatSig(r.hypervolume, 6) << "  " << formatSig(hvFraction(r.hypervolume, ref), 4)
                      << "  " << r.front.size() << "  " << r.samples << "  " << formatSig(r.seconds, 3) << "\n";
        }
        const auto [mh, sh] = meanStd(hvs);
        const auto [ms, ss] = meanStd(secs);
        std::cout << "mean ± std over " << hvs.size() << " seeds: hypervolume " << formatSig(mh, 6) << " ± "
                  << formatSig(sh, 3) << " (fraction " << formatSig(hvFraction(mh, ref), 4) << "), " << formatSig(ms, 3)
                  << " ± " << formatSig(ss, 2) << " s\n";
        return kExitOk;
    }

    const std::uint64_t seed = a.seeds.empty() ? a.seed : a.seeds.front();
    auto opt = makePointOptimizer(ProblemKind::AccelSizing, a.optimizer, problem, values, seed);
    std::ostringstream csv;
    CliSink sink(a.quiet, a.metricsCsv.empty() ? nullptr : &csv, "search/best");
    const PointSearchResult r = runPointSearch(problem, *opt, drv, {}, sink);
    if (!a.metricsCsv.empty())
        writeTextFileAtomic(a.metricsCsv, csv.str());
    std::cout << "seed " << seed << ": " << r.samples << " evaluations (" << r.valid << " valid), "
              << formatSig(r.seconds, 3) << " s\n";
    if (!r.found) {
        std::cout << "no valid design found\n";
        return kExitFailure;
    }
    std::cout << "hypervolume " << formatSig(r.hypervolume, 6) << " (" << formatSig(100 * hvFraction(r.hypervolume, ref), 4)
              << " % of the reference box), " << r.front.size() << " non-dominated designs\n";
    std::cout << "\nNon-dominated designs (latency cycles, power mW, area µm²):\n";
    for (std::size_t i = 0; i < r.front.size(); ++i) {
        const PointEvaluation& e = r.frontEvaluations[i];
        std::cout << "  " << problem.describe(r.front[i]) << "  " << formatSig(e.objective[0], 6) << "  "
                  << formatSig(e.objective[1], 6) << "  " << formatSig(e.objective[2], 6)
                  << (problem.feasible(e) ? "" : "  (violates the constraints)") << "\n";
    }
    if (const auto* g = dynamic_cast<const GrmdSearch*>(opt.get()); g && !g->solutions().empty()) {
        std::cout << "\nGRMD's final set (step 3" << (g->constraintsUnmet() ? ": no design met the constraints; the "
                                                                                 "least-violating ones, flagged" : "")
                  << "):\n";
        for (const GrmdSolution& s : g->solutions())
            std::cout << "  " << problem.describe(s.point) << "  " << objectiveLine(problem, s.evaluation)
                      << (s.feasible ? "" : "  (violates the constraints)") << "\n";
    }
    const std::optional<Point> repaired = problem.repair(r.best);
    const AccelDesign best = problem.decode(repaired ? *repaired : r.best);
    std::cout << "\nBest by " << objective << ": " << best.text() << "\n";
    const AccelDetail detail = problem.model().evaluateDetailed(best);
    std::cout << writeAccelEvaluation(study.setup, best, detail, OutputFormat::Text);
    if (!a.out.empty()) {
        nlohmann::ordered_json j;
        j["schema"] = "mapscape/accel-front";
        j["version"] = kAccelSchemaVersion;
        j["optimizer"] = a.optimizer;
        j["seed"] = seed;
        j["hypervolume"] = r.hypervolume;
        j["reference"] = ref;
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (std::size_t i = 0; i < r.front.size(); ++i) {
            const std::optional<Point> p = problem.repair(r.front[i]);
            const AccelDesign d = problem.decode(p ? *p : r.front[i]);
            const AccelMetrics m = problem.model().evaluate(d);
            list.push_back(nlohmann::ordered_json::parse(accelResultToJson(d, &m, a.optimizer)));
            list.back().erase("schema");
            list.back().erase("version");
            list.back().erase("source");
        }
        j["front"] = list;
        writeTextFileAtomic(a.out, j.dump(2) + "\n");
    }
    if (!a.maestroDir.empty())
        writeMaestroDir(a.maestroDir, study.setup, best);
    return kExitOk;
}

int convertAccel(const std::string& studyPath, const std::string& to, const std::string& out)
{
    const AccelStudyFile study = loadAccelStudy(studyPath);
    if (to == "maestro") {
        if (out.empty())
            throw InputError("--out: a directory is needed for MAESTRO files");
        writeMaestroDir(out, study.setup, study.design);
        return kExitOk;
    }
    if (to == "study" || to == "json") {
        writeOut(accelStudyToJson(study), out);
        return kExitOk;
    }
    throw InputError("--to: for accelerator-sizing studies expected maestro or study, got \"" + to + "\"");
}

} // namespace mapscape::cli
