// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// Time to timeloop-mapper's best: on each mapper case of the golden reference set, runs an
// optimizer (the kind's default unless named) on one thread with the case's own objective and
// constraints, and prints when its best first reached the stored best (samples and seconds),
// its final figures and the whole run's time:
//   bench_loopnest_mapper <golden folder> [optimizer] [seed]

#include "core/io/file_util.h"
#include "core/optim/metrics_sink.h"
#include "core/optim/run_control.h"
#include "core/study/study.h"
#include "core/study/study_file.h"
#include "core/study/study_job.h"
#include "core/study/study_kind.h"
#include "kinds/loopnest/core/loopnest_space.h"
#include "kinds/loopnest/core/loopnest_study.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>

using namespace mapscape;
using namespace mapscape::loopnest;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

/// Notes when "search/best" first reaches a target.
struct ReachSink final : MetricsSink {
    double target = 0;
    Clock::time_point start = Clock::now();
    std::int64_t reachedAt = -1;
    double reachedSeconds = -1;
    void record(std::string_view name, std::int64_t step, double value) override
    {
        if (name == "search/best" && reachedAt < 0 && value <= target) {
            reachedAt = step;
            reachedSeconds = std::chrono::duration<double>(Clock::now() - start).count();
        }
    }
};

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::cerr << "usage: bench_loopnest_mapper <golden folder> [optimizer] [seed]\n";
        return 2;
    }
    const fs::path root = argv[1];
    const std::string optimizer = argc > 2 ? argv[2] : "";
    const std::uint64_t seed = argc > 3 ? std::stoull(argv[3]) : 1;
    const char* cases[] = {"t05_mapper_conv1d_oc_3level_null", "t05_mapper_conv1d_oc_3level_freebypass",
                           "t05_mapper_conv1d_oc_3level_baked", "t06_mapper_convlayer_eyeriss", "tla_fpmac", "tla_intmac",
                           "ex_eyeriss_like", "ex_simba_like", "ex_simple_output_stationary", "ex_simple_weight_stationary"};
    std::printf("| case | metric | timeloop-mapper's best | Mapscape's best | ratio | reached after | time to reach | whole run |\n");
    std::printf("|---|---|---|---|---|---|---|---|\n");
    int missed = 0;
    for (const char* name : cases) {
        const fs::path dir = root / "reference" / name;
        if (!fs::exists(dir / "map.yaml")) {
            std::cerr << dir.string() << ": missing\n";
            return 2;
        }
        const Study st = loadStudyFiles({(dir / "parsed-processed-input.yaml").string(), (dir / "ERT.yaml").string(),
                                         (dir / "ART.yaml").string()});
        const Spec& spec = *st.inputs.get<LoopnestInputs>().parsed;
        auto model = std::make_shared<const LoopnestModel>(LoopnestModel::compile(spec.architecture, spec.problem, spec.env));
        const StudyKind& kind = st.inputs.kind();
        const int objective = kind.objectiveIndex(st.optimizer.objective);
        const MapSpace space(model, spec.constraints, objective);
        // timeloop-mapper's stored best, evaluated by the model.
        std::vector<YamlSource> src = {{"input.yaml", readTextFile((dir / "parsed-processed-input.yaml").string())},
                                       {"map.yaml", readTextFile((dir / "map.yaml").string())}};
        const Spec stored = readSpecTexts(src);
        const EvalResult ref = model->evaluate(stored.mapping);
        const double target = space.objectiveValues(ref)[std::size_t(objective)];

        OptimizerSettings s = st.optimizer;
        if (!optimizer.empty())
            s.id = optimizer;
        s.seed = seed;
        s.threads = 1;
        auto job = kind.makeJob(st.inputs, s, {.label = "bench", .reportPoints = false});
        ReachSink sink;
        sink.target = target * (1 + 1e-9);
        RunControl control;
        const auto t0 = Clock::now();
        sink.start = t0;
        job->run({}, sink, control);
        const double whole = std::chrono::duration<double>(Clock::now() - t0).count();
        const JobResult r = job->result();
        const double got = r.found ? r.best.at(std::size_t(objective)) : 0.0;
        const auto fmt = [&](double v, const EvalResult& e) {
            std::ostringstream os;
            if (st.optimizer.objective == "delay_energy")
                os << e.cycles << " cycles, " << e.energy << " pJ";
            else
                os << v;
            return os.str();
        };
        // The run's best as figures (for delay_energy: cycles and energy).
        EvalResult best;
        for (const auto& [k, v] : r.figures) {
            if (k == "energy_pJ")
                best.energy = v;
            if (k == "cycles")
                best.cycles = std::uint64_t(v);
        }
        if (sink.reachedAt < 0)
            ++missed;
        // delay_energy: the energy ratio (the cycles are shown beside it).
        const double ratio = st.optimizer.objective == "delay_energy" ? best.energy / ref.energy : got / target;
        std::printf("| %s | %s | %s | %s | %.4f | %s | %s | %.2f s |\n", name, st.optimizer.objective.c_str(),
                    fmt(target, ref).c_str(), fmt(got, best).c_str(), ratio,
                    sink.reachedAt < 0 ? "not reached" : (std::to_string(sink.reachedAt) + " samples").c_str(),
                    sink.reachedAt < 0 ? "-" : (std::to_string(sink.reachedSeconds).substr(0, 5) + " s").c_str(), whole);
        std::fflush(stdout);
    }
    std::printf("\noptimizer %s, seed %llu, one thread; %d of 10 cases did not reach timeloop-mapper's best\n",
                optimizer.empty() ? "(each study's default)" : optimizer.c_str(), static_cast<unsigned long long>(seed), missed);
    return 0;
}
