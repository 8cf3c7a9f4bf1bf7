// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "app/cli/dataflow_cli.h"

#include "app/cli/cli_output.h"
#include "app/cli/cli_sink.h"
#include "core/cost/dataflow/dataflow_model.h"
#include "core/export/dataflow_report.h"
#include "core/io/dataflow_io.h"
#include "core/io/file_util.h"
#include "core/io/maestro_files.h"
#include "core/io/preset_library.h"
#include "core/model/validation.h"
#include "core/optim/dataflow/dataflow_space.h"
#include "core/optim/optimizer_registry.h"
#include "core/util/statistics.h"
#include "core/util/strings.h"
#include "core/util/units.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <cmath>
#include <numeric>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;

namespace mapscape::cli {

namespace {

/// The study a command works on.
DataflowStudyFile loadSource(const DataflowSource& s)
{
    DataflowStudyFile study;
    if (!s.study.empty() && !s.maestroFile.empty())
        throw InputError("--study and --maestro-mapping: give one of them");
    if (!s.study.empty()) {
        study = loadDataflowStudy(s.study);
        if (!s.layer.empty() && s.layer != study.layer.name)
            throw InputError("--layer: the study's layer is \"" + study.layer.name + "\"");
    } else {
        const MaestroNetwork net = parseMaestroMapping(readTextFile(s.maestroFile), s.maestroFile);
        const MaestroLayer* chosen = &net.layers.front();
        if (!s.layer.empty()) {
            chosen = nullptr;
            for (const MaestroLayer& l : net.layers) {
                if (l.layer.name == s.layer)
                    chosen = &l;
            }
            if (!chosen)
                throw InputError("--layer: " + s.maestroFile + " has no layer \"" + s.layer + "\"");
        } else if (net.layers.size() > 1) {
            std::cerr << "note: " << s.maestroFile << " has " << net.layers.size() << " layers; using the first ("
                      << chosen->layer.name << "), choose another with --layer\n";
        }
        study.name = net.name + " / " + chosen->layer.name;
        study.workload = net.name;
        study.layer = chosen->layer;
        study.mapping = chosen->mapping;
        if (s.hardware.empty())
            throw InputError("--hardware: a MAESTRO mapping file needs a hardware preset or file");
    }
    if (!s.hardware.empty())
        study.hardware = loadDataflowHardware(s.hardware);
    if (!s.mapping.empty())
        study.mapping = loadDataflowMapping(s.mapping, study.layer.type);
    return study;
}

/// The MAESTRO command line for a mapping file and hardware.
std::string maestroCommand(const DataflowHardware& hw, const std::string& mappingFile)
{
    std::string cmd = "maestro --Mapping_file=" + mappingFile + " --print_res=true --print_res_csv_file=true";
    for (const std::string& f : maestroFlags(hw))
        cmd += " " + f;
    return cmd;
}

void writeMaestroFolder(const std::string& dir, const DataflowStudyFile& study)
{
    fs::create_directories(dir);
    writeTextFileAtomic((fs::path(dir) / "mapping.m").string(), writeMaestroMapping(study.layer, study.mapping));
    writeTextFileAtomic((fs::path(dir) / "hardware.m").string(), writeMaestroHardware(study.hardware));
    writeTextFileAtomic((fs::path(dir) / "maestro_command.txt").string(),
                        "# MAESTRO's flags for this hardware (with SIMD lanes and hop latency, which its\n"
                        "# hardware file cannot express); run from this directory:\n" +
                            maestroCommand(study.hardware, "mapping.m") + "\n");
    std::cerr << "wrote mapping.m, hardware.m and maestro_command.txt to " << dir << "\n";
}

} // namespace

int evaluateDataflow(const DataflowSource& source, const std::string& format, const std::string& out)
{
    const auto fmt = parseOutputFormat(format);
    if (!fmt)
        throw InputError("--format: expected text, json or csv, got \"" + format + "\"");
    const DataflowStudyFile study = loadSource(source);
    const DataflowModel model(study.hardware);
    DataflowResult r;
    const DfStatus st = model.evaluate(study.layer, study.mapping, r);
    if (!st.ok())
        throw InputError("mapping \"" + study.mapping.name + "\": " + DataflowModel::describe(st, study.layer));
    writeOut(writeDataflowResult(study.layer, study.mapping, study.hardware, r, *fmt), out);
    return kExitOk;
}

std::vector<std::uint64_t> parseSeeds(const std::string& text)
{
    std::vector<std::uint64_t> out;
    for (const std::string& part : split(text, ',')) {
        const auto dash = part.find('-', 1);
        const auto a = parseInt(dash == std::string::npos ? part : part.substr(0, dash));
        const auto b = dash == std::string::npos ? a : parseInt(part.substr(dash + 1));
        if (!a || !b || *a < 0 || *b < *a || *b - *a > 10000)
            throw InputError("--seeds: expected seeds such as 1,2,3 or 1-5, got \"" + text + "\"");
        for (auto s = *a; s <= *b; ++s)
            out.push_back(std::uint64_t(s));
    }
    if (out.empty())
        throw InputError("--seeds: no seed in \"" + text + "\"");
    return out;
}

namespace {

/// Remembers when the best value last improved (the samples a run needed for its result).
class BestTracker final : public MetricsSink {
public:
    void record(std::string_view name, std::int64_t step, double value) override
    {
        if (name == "search/best" && (best < 0 || value < best)) {
            best = value;
            at = step;
        }
    }
    double best = -1;
    std::int64_t at = 0;
};

/// Several seeds of one optimizer: a line per seed and mean ± std (sample standard deviation).
int optimizeDataflowSeeds(const DataflowStudyFile& study, const DataflowProblem& problem, const DataflowOptimizeArgs& a,
                          const OptionValues& values, const std::string& objective)
{
    const ObjectiveInfo& obj = problem.objectives()[std::size_t(problem.primaryObjective())];
    std::cout << "optimizer " << a.optimizer << " on " << study.layer.name << " / " << study.hardware.name
              << ", objective " << objective << ", " << a.seeds.size() << " seeds\n";
    std::cout << "seed  best " << obj.id << " (" << obj.unit << ")  samples to best  samples  seconds\n";
    std::vector<double> bests, seconds, reach;
    for (std::uint64_t seed : a.seeds) {
        std::unique_ptr<PointOptimizer> opt = makePointOptimizer(ProblemKind::DataflowMapping, a.optimizer, problem, values, seed);
        BestTracker tracker;
        PointDriverOptions drv;
        drv.threads = a.threads > 0 ? a.threads : int(std::max(1u, std::thread::hardware_concurrency()));
        drv.reportEvaluated = false;
        const PointSearchResult res = runPointSearch(problem, *opt, drv, {}, tracker);
        if (!res.found) {
            std::cout << seed << "  no valid mapping\n";
            continue;
        }
        const double v = res.bestEvaluation.objective[std::size_t(problem.primaryObjective())];
        bests.push_back(v);
        seconds.push_back(res.seconds);
        reach.push_back(double(tracker.at));
        std::cout << seed << "  " << formatSig(v, 6) << "  " << tracker.at << "  " << res.samples << "  "
                  << formatSig(res.seconds, 3) << "\n";
    }
    if (bests.empty()) {
        std::cout << "no valid mapping found with any seed\n";
        return kExitFailure;
    }
    const auto [mb, sb] = meanStd(bests);
    const auto [mr, sr] = meanStd(reach);
    const auto [ms, ss] = meanStd(seconds);
    std::cout << "mean ± std over " << bests.size() << " seeds: best " << obj.id << " " << formatSig(mb, 6) << " ± "
              << formatSig(sb, 3) << " " << obj.unit << ", samples to best " << formatSig(mr, 4) << " ± " << formatSig(sr, 3)
              << ", " << formatSig(ms, 3) << " ± " << formatSig(ss, 2) << " s\n";
    return kExitOk;
}

} // namespace

int optimizeDataflow(const DataflowSource& source, const DataflowOptimizeArgs& a)
{
    const DataflowStudyFile study = loadSource(source);
    const std::string objective = a.objective.empty() ? study.objective : a.objective;
    const DataflowProblem problem(study.layer, study.hardware, study.space, objective);
    const OptimizerInfo* info = findOptimizer(a.optimizer, ProblemKind::DataflowMapping);
    OptionValues values;
    for (const std::string& o : a.options)
        parseOptionAssignment(o, values);
    if (!a.budget.empty()) {
        if (!info)
            throw InputError("--optimizer: \"" + a.optimizer + "\" is unknown for dataflow studies");
        values[info->budgetKey] = a.budget;
    }
    if (a.seeds.size() > 1)
        return optimizeDataflowSeeds(study, problem, a, values, objective);
    std::unique_ptr<PointOptimizer> opt = makePointOptimizer(ProblemKind::DataflowMapping, a.optimizer, problem, values,
                                                             a.seeds.empty() ? a.seed : a.seeds.front());
    std::ostringstream csv;
    CliSink sink(a.quiet, a.metricsCsv.empty() ? nullptr : &csv, "search/best");
    PointDriverOptions drv;
    drv.threads = a.threads > 0 ? a.threads : int(std::max(1u, std::thread::hardware_concurrency()));
    drv.reportEvaluated = false;
    const PointSearchResult res = runPointSearch(problem, *opt, drv, {}, sink);
    if (!a.metricsCsv.empty())
        writeTextFileAtomic(a.metricsCsv, csv.str());
    std::cout << "optimizer " << a.optimizer << " on " << study.layer.name << " / " << study.hardware.name
              << ", objective " << objective << ", seed " << a.seed << ": " << res.samples << " samples ("
              << res.valid << " valid, " << res.modelEvaluations << " model evaluations), " << formatSig(res.seconds)
              << " s\n";
    if (!res.found) {
        std::cout << "no valid mapping found\n";
        return kExitFailure;
    }
    DataflowStudyFile best = study;
    best.mapping = problem.decode(res.best);
    best.mapping.name = a.optimizer + " best (seed " + std::to_string(a.seed) + ")";
    std::cout << "best point: " << problem.describe(res.best) << "\n";
    const auto objectives = problem.objectives();
    for (std::size_t k = 0; k < objectives.size(); ++k) {
        std::cout << "  " << objectives[k].label << ": " << formatSig(res.bestEvaluation.objective[k], 6) << " "
                  << objectives[k].unit << "\n";
    }
    DataflowResult r;
    problem.analyse(res.best, r);
    std::cout << writeDataflowResult(best.layer, best.mapping, best.hardware, r, OutputFormat::Text);
    if (!a.out.empty())
        writeTextFileAtomic(a.out, dataflowMappingToJson(best.mapping, best.layer.type));
    if (!a.maestroDir.empty())
        writeMaestroFolder(a.maestroDir, best);
    return kExitOk;
}

int convertDataflow(const DataflowSource& source, const std::string& to, const std::string& out)
{
    const DataflowStudyFile study = loadSource(source);
    if (to == "maestro") {
        if (out.empty())
            throw InputError("--out: a directory is needed for MAESTRO files");
        writeMaestroFolder(out, study);
        return kExitOk;
    }
    if (to == "study" || to == "json") {
        writeOut(dataflowStudyToJson(study), out);
        return kExitOk;
    }
    throw InputError("--to: for dataflow studies expected maestro or study, got \"" + to + "\"");
}

} // namespace mapscape::cli
