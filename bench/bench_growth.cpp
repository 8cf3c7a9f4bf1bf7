// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Cost against work, for each kind's cost model and for each kind's driver: does the time grow
/// linearly with the work, or where does it not?
///
///   models:  the scheduling-table model on networks of 1 → 100 layers, the dataflow model on
///            1 → 100 layers, the accelerator-sizing model on workloads of 1 → 100 components,
///            the placement model on graphs of 50 → 5,000 nodes (the DPU simulator has no size:
///            one call per variant, state and action, reported once);
///   drivers: every kind's random search (the one optimizer all kinds share) at 1k → 100k samples,
///            through the kind's own job, as the CLI and sweeps run it.
///
/// Each row prints the time per evaluation (or run), the time per unit of work, and the growth
/// exponent between consecutive sizes: log(t₂/t₁) / log(n₂/n₁), 1 for linear growth.
///
/// Usage: bench_growth [--seconds S] [--max-run S] [--quick]
///   --seconds S   time spent per model size (default 0.3)
///   --max-run S   a driver size whose predicted run exceeds S seconds is skipped (default 90)
///   --quick       the smallest two sizes of everything (a smoke run)

#include "bench/bench_args.h"
#include "kinds/accel/core/accel_model.h"
#include "core/maestro/dataflow_model.h"
#include "kinds/dpu/core/dpu_platform.h"
#include "kinds/placement/core/placement_model.h"
#include "kinds/scheduling/core/network_evaluation.h"
#include "kinds/dataflow/core/dataflow_io.h"
#include "kinds/scheduling/core/preset_io.h"
#include "core/optim/metrics_sink.h"
#include "core/optim/run_control.h"
#include "core/study/study.h"
#include "core/study/study_job.h"
#include "core/study/study_kind.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace mapscape;
using Clock = std::chrono::steady_clock;

namespace {

double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

/// Runs `once` repeatedly for about `seconds`; the mean seconds per call.
double timePerCall(const std::function<void()>& once, double seconds)
{
    once(); // warm caches and the thread's scratch space
    std::size_t calls = 0;
    const auto start = Clock::now();
    double elapsed = 0;
    do {
        for (int i = 0; i < 4; ++i)
            once();
        calls += 4;
        elapsed = secondsSince(start);
    } while (elapsed < seconds);
    return elapsed / double(calls);
}

struct SizeRow {
    long long work = 0;
    double seconds = 0; ///< per evaluation or per run; < 0: skipped
};

std::string timeText(double s)
{
    char b[32];
    if (s < 1e-3)
        std::snprintf(b, sizeof b, "%.3g µs", s * 1e6);
    else if (s < 1)
        std::snprintf(b, sizeof b, "%.3g ms", s * 1e3);
    else
        std::snprintf(b, sizeof b, "%.3g s", s);
    return b;
}

void printSeries(const std::string& what, const std::string& unit, const std::vector<SizeRow>& rows)
{
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const SizeRow& r = rows[i];
        if (r.seconds < 0) {
            std::printf("| %s | %lld %s | skipped (predicted beyond --max-run) | | |\n", what.c_str(), r.work, unit.c_str());
            continue;
        }
        std::string exponent = "";
        if (i > 0 && rows[i - 1].seconds > 0) {
            char b[32];
            std::snprintf(b, sizeof b, "%.2f",
                          std::log(r.seconds / rows[i - 1].seconds) / std::log(double(r.work) / double(rows[i - 1].work)));
            exponent = b;
        }
        const std::string one = unit.substr(0, unit.size() - (unit.back() == 's' ? 1 : 0));
        std::printf("| %s | %lld %s | %s | %s per %s | %s |\n", what.c_str(), r.work, r.work == 1 ? one.c_str() : unit.c_str(),
                    timeText(r.seconds).c_str(), timeText(r.seconds / double(r.work)).c_str(), one.c_str(),
                    exponent.c_str());
    }
    std::fflush(stdout);
}

// ---- models ----------------------------------------------------------------------------------

std::vector<SizeRow> schedulingModel(const std::vector<int>& sizes, double seconds)
{
    const std::string dir = MAPSCAPE_PRESETS;
    const Accelerator acc = loadAccelerator(dir + "/accelerators/eyeriss.json");
    const Network resnet = loadNetwork(dir + "/networks/resnet50.json");
    const Mapping mapping = loadMapping(dir + "/mappings/eyeriss_resnet50_neurospector-bottom-up_energy.json", acc, resnet);
    const SchedulingModel model(acc);
    std::vector<SizeRow> rows;
    for (int n : sizes) {
        Network net = resnet;
        net.layers.clear();
        for (int i = 0; i < n; ++i)
            net.layers.push_back(resnet.layers[std::size_t(i) % resnet.layers.size()]); // names repeat: each finds its table
        double sink = 0;
        rows.push_back({n, timePerCall([&] { sink += evaluateNetwork(model, net, mapping).energy; }, seconds)});
        if (sink < 0)
            std::printf("?");
    }
    return rows;
}

std::vector<SizeRow> dataflowModel(const std::vector<int>& sizes, double seconds)
{
    const DataflowModel model(loadDataflowHardware("archgym-default"));
    const DataflowWorkload vgg = loadDataflowWorkload("vgg16");
    const DataflowMapping mapping = loadDataflowMapping("weight-stationary-kc", DfLayerType::Conv);
    std::vector<SizeRow> rows;
    for (int n : sizes) {
        std::vector<std::pair<DataflowLayer, std::vector<Directive>>> layers;
        for (int i = 0; i < n; ++i) {
            const DataflowLayer& l = vgg.layers[std::size_t(i) % vgg.layers.size()];
            layers.emplace_back(l, mapping.resolved(l));
        }
        double sink = 0;
        DataflowResult r;
        rows.push_back({n, timePerCall(
                               [&] {
                                   for (const auto& [l, d] : layers)
                                       if (model.evaluate(l, d, r).ok())
                                           sink += double(r.runtime);
                               },
                               seconds)});
        if (sink < 0)
            std::printf("?");
    }
    return rows;
}

std::vector<SizeRow> accelModel(const std::vector<int>& sizes, double seconds)
{
    std::vector<SizeRow> rows;
    for (int n : sizes) {
        RnnWorkload w;
        w.name = "growth";
        w.cell = RnnCell::Custom;
        for (int i = 0; i < n; ++i)
            w.components.push_back({"gemm " + std::to_string(i), 64 + 8 * (i % 9), 1, 29 + 13 * (i % 7)});
        // Designs drawn afresh for every call, on a fresh model per size: the model memoises tile
        // searches, and a search evaluates new designs.
        const AccelModel model(w, AccelModelOptions{});
        std::mt19937_64 rng(7);
        const int xs[] = {4, 8, 16, 32}, kbs[] = {64, 128, 256, 512};
        double sink = 0;
        rows.push_back({n, timePerCall(
                               [&] {
                                   AccelDesign d;
                                   d.x = xs[rng() % 4];
                                   d.spKb = kbs[rng() % 4];
                                   d.localKb = kbs[rng() % 4] / 4;
                                   d.dataflow = rng() % 2 ? AccelDataflow::WS : AccelDataflow::OS;
                                   d.spBanks = 1 << (rng() % 4);
                                   sink += model.evaluate(d).latency;
                               },
                               seconds)});
        if (sink < 0)
            std::printf("?");
    }
    return rows;
}

/// A chain of convolutions with a skip edge every fourth node (ResNet-like fan-in).
placement::WorkloadGraph chainGraph(int nodes)
{
    placement::WorkloadGraph g;
    g.name = "chain " + std::to_string(nodes);
    for (int i = 0; i < nodes; ++i) {
        placement::GraphNode n;
        n.name = "conv" + std::to_string(i);
        n.op = placement::OpKind::Conv;
        const std::int64_t c = 64 << (i % 3);
        n.ifm = {28, 28, c};
        n.ofm = {28, 28, c};
        n.weights = 9 * c * c;
        n.weightReads = n.weights;
        n.macs = 28 * 28 * 9 * c * c;
        n.groups = 1, n.kernelX = 3, n.kernelY = 3, n.stride = 1, n.pad = 1, n.dilation = 1;
        if (i > 0)
            n.inputs.push_back(i - 1);
        else
            n.externalInput = 28 * 28 * c;
        if (i >= 4 && i % 4 == 0)
            n.inputs.push_back(i - 4);
        g.nodes.push_back(std::move(n));
    }
    return g;
}

std::vector<SizeRow> placementModel(const std::vector<int>& sizes, double seconds)
{
    std::vector<SizeRow> rows;
    for (int n : sizes) {
        const placement::PlacementModel model(chainGraph(n), placement::nnpiDefaults());
        std::mt19937_64 rng(3);
        placement::MemoryMap map = placement::MemoryMap::uniform(n, placement::Level::Dram);
        placement::PlacementOutcome out;
        placement::Legalization legal;
        placement::LegalizerScratch scratch;
        double sink = 0;
        rows.push_back({n, timePerCall(
                               [&] {
                                   for (int i = 0; i < n; ++i) {
                                       map.weights[std::size_t(i)] = std::uint8_t(rng() % placement::kLevelCount);
                                       map.activations[std::size_t(i)] = std::uint8_t(rng() % placement::kLevelCount);
                                   }
                                   model.evaluate(map, rng, out, legal, scratch);
                                   sink += out.latency;
                               },
                               seconds)});
        if (sink < 0)
            std::printf("?");
    }
    return rows;
}

double dpuSimulatorCall(double seconds)
{
    const dpu::Platform platform = dpu::defaultPlatform();
    int k = 0;
    double sink = 0;
    const double t = timePerCall(
        [&] {
            const dpu::Outcome o = dpu::simulate(platform, k % 4, k % 3, k % 10);
            sink += o.fps;
            ++k;
        },
        seconds);
    if (sink < 0)
        std::printf("?");
    return t;
}

// ---- drivers ---------------------------------------------------------------------------------

class NullSink final : public MetricsSink {
public:
    void record(std::string_view, std::int64_t, double) override {}
};

/// Seconds of one random-search run of `samples` on the kind's default study; < 0 if the kind's
/// random search has no sample budget.
double driverRun(const StudyKind& kind, const OptimizerInfo& random, long long samples)
{
    OptimizerSettings settings = defaultOptimizerSettings(kind);
    settings.id = random.id;
    settings.options = {{random.budgetKey, std::to_string(samples)}};
    settings.seed = 1;
    settings.threads = 1;
    JobContext context;
    context.label = "growth";
    context.reportPoints = false;
    std::unique_ptr<StudyJob> job = kind.makeJob(kind.defaultInputs(), settings, context);
    NullSink sink;
    RunControl control;
    const auto start = Clock::now();
    job->run(std::stop_token{}, sink, control);
    return secondsSince(start);
}

} // namespace

int main(int argc, char** argv)
{
    double seconds = 0.3, maxRun = 90;
    bool quick = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--seconds")
            seconds = std::atof(bench::optionValue(argc, argv, i).c_str());
        else if (a == "--max-run")
            maxRun = std::atof(bench::optionValue(argc, argv, i).c_str());
        else if (a == "--quick")
            quick = true;
        else {
            std::fprintf(stderr, "usage: %s [--seconds S] [--max-run S] [--quick]\n", argv[0]);
            return 2;
        }
    }
    const auto cut = [&](std::vector<int> v) {
        if (quick)
            v.resize(2);
        return v;
    };

    std::printf("## Cost models: time per evaluation against its size (one thread)\n\n");
    std::printf("| model | size | per evaluation | per unit | growth exponent |\n|---|---|---|---|---|\n");
    printSeries("scheduling table (Eyeriss, ResNet-50 layers)", "layers", schedulingModel(cut({1, 10, 100}), seconds));
    printSeries("dataflow (ArchGym HW, KC weight-stationary, VGG16 layers)", "layers", dataflowModel(cut({1, 10, 100}), seconds));
    printSeries("accelerator sizing (random designs, GEMM components)", "components", accelModel(cut({1, 10, 100}), seconds));
    printSeries("tensor placement (random maps, conv chain)", "nodes", placementModel(cut({50, 500, 5000}), seconds));
    std::printf("| DPU simulator (one configuration run) | — | %s | (no size) | |\n\n", timeText(dpuSimulatorCall(seconds)).c_str());

    std::printf("## Drivers: each kind's random search on its default study (one thread)\n\n");
    std::printf("| driver | samples | per run | per sample | growth exponent |\n|---|---|---|---|---|\n");
    std::fflush(stdout);
    for (const StudyKind* kind : studyKinds()) {
        const OptimizerInfo* random = nullptr;
        for (const OptimizerInfo& o : kind->optimizers())
            if (o.id == "random" && o.available)
                random = &o;
        const std::string name = kind->info().id + " random search";
        if (!random || random->budgetKey.empty()) {
            std::printf("| %s | — | (no sample budget: one configuration per model and state) | | |\n", name.c_str());
            continue;
        }
        std::vector<SizeRow> rows;
        for (long long n : std::vector<long long>(quick ? std::vector<long long>{1000, 2000}
                                                        : std::vector<long long>{1000, 10000, 100000})) {
            if (!rows.empty() && (rows.back().seconds < 0 || rows.back().seconds * double(n) / double(rows.back().work) > maxRun)) {
                rows.push_back({n, -1});
                continue;
            }
            rows.push_back({n, driverRun(*kind, *random, n)});
        }
        printSeries(name, "samples", rows);
    }
    return 0;
}
