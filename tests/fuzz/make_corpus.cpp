// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Writes the seed corpus of every fuzz target into OUT/<target>/: the presets as they are and as
/// Mapscape writes them, the presets converted to NeuroSpector cfgs and MAESTRO files, the first
/// line of every NeuroSpector golden file, small ONNX models built with the ONNX API, projects
/// with a study of every kind, sweep files, shard results and collected tables. The seeds follow
/// the formats as the writers change them, so nothing generated is committed.
///
/// Usage: make_fuzz_corpus OUT PRESET_DIR GOLDEN_DIR

#include "kinds/placement/core/placement_study.h"
#include "kinds/dpu/core/dpu_study.h"
#include "kinds/dataflow/core/dataflow_study.h"
#include "kinds/scheduling/core/scheduling_study.h"
#include "kinds/accel/core/accel_io.h"
#include "kinds/dataflow/core/dataflow_io.h"
#include "kinds/dpu/core/dpu_io.h"
#include "core/io/file_util.h"
#include "core/maestro/maestro_files.h"
#include "kinds/scheduling/core/neurospector_cfg.h"
#include "kinds/placement/core/placement_io.h"
#include "kinds/scheduling/core/preset_io.h"
#include "core/study/project_io.h"
#include "core/sweep/sweep.h"
#include "support/onnx_models.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace mapscape;
namespace fs = std::filesystem;

namespace {

fs::path g_out;
int g_files = 0;

void put(const std::string& target, const std::string& name, const std::string& bytes)
{
    const fs::path dir = g_out / target;
    fs::create_directories(dir);
    std::ofstream(dir / name, std::ios::binary) << bytes;
    ++g_files;
}

std::vector<fs::path> filesIn(const fs::path& dir)
{
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ".json")
            out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

void copyAll(const std::string& target, const fs::path& dir)
{
    for (const fs::path& f : filesIn(dir))
        put(target, dir.filename().string() + "-" + f.filename().string(), readTextFile(f.string()));
}

Network smallNetwork()
{
    Network n;
    n.name = "small";
    Layer a;
    a.name = "CONV";
    a.k = 16, a.b = 1, a.p = 7, a.q = 7, a.c = 8, a.r = 3, a.s = 3, a.g = 1, a.stride = 1;
    Layer fc;
    fc.name = "FC";
    fc.k = 10, fc.b = 1, fc.p = 1, fc.q = 1, fc.c = 20, fc.r = 1, fc.s = 1, fc.g = 1, fc.stride = 0;
    n.layers = {a, fc};
    return n;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: make_fuzz_corpus OUT PRESET_DIR GOLDEN_DIR\n");
        return 2;
    }
    g_out = argv[1];
    const fs::path presets = argv[2];
    const fs::path golden = argv[3];
    try {
        // Scheduling study: accelerators, networks, mappings; the same as cfgs.
        std::vector<Accelerator> accelerators;
        for (const fs::path& f : filesIn(presets / "accelerators")) {
            const std::string text = readTextFile(f.string());
            const Accelerator acc = acceleratorFromJson(text, f.string());
            accelerators.push_back(acc);
            put("preset_json", "accelerator-" + f.filename().string(), text);
            put("preset_json", "accelerator-written-" + f.filename().string(), acceleratorToJson(acc));
            put("neurospector_cfg", "accelerator-" + f.stem().string() + ".cfg", acceleratorToNeuroSpectorCfg(acc));
        }
        for (const fs::path& f : filesIn(presets / "networks")) {
            const Network net = networkFromJson(readTextFile(f.string()), f.string());
            put("preset_json", "network-" + f.filename().string(), networkToJson(net));
            put("neurospector_cfg", "network-" + f.stem().string() + ".cfg", networkToNeuroSpectorCfg(net));
        }
        const Accelerator eyeriss = loadAccelerator((presets / "accelerators" / "eyeriss.json").string());
        const fs::path mappingFile = presets / "mappings" / "eyeriss_resnet50_neurospector-bottom-up_energy.json";
        const Mapping mapping = mappingFromJson(readTextFile(mappingFile.string()), mappingFile.string(), eyeriss);
        put("preset_json", "mapping-eyeriss-resnet50.json", mappingToJson(mapping, eyeriss));
        for (std::size_t i = 0; i < mapping.layers.size() && i < 4; ++i)
            put("neurospector_cfg", "table-" + std::to_string(i) + ".cfg",
                tableToNeuroSpectorCfg(mapping.layers[i].layer, mapping.layers[i].table, eyeriss));
        for (const auto& e : fs::directory_iterator(golden))
            if (e.path().extension() == ".jsonl") {
                std::ifstream in(e.path());
                std::string first;
                std::getline(in, first);
                put("neurospector_cfg", "result-" + e.path().stem().string() + ".jsonl", first);
            }

        // Dataflow study: presets, and every mapping as a MAESTRO file on a layer of its type.
        for (const char* d : {"dataflow-hardware", "dataflow-mappings", "dataflow-workloads", "placement-hardware",
                              "dpu-platforms", "accel-studies"})
            copyAll("study_files", presets / d);
        const DataflowLayer conv = DataflowLayer::conv("conv", 64, 32, 3, 3, 28, 28);
        for (const fs::path& f : filesIn(presets / "dataflow-mappings")) {
            try {
                const DataflowMapping m = loadDataflowMapping(f.string(), DfLayerType::Conv);
                put("maestro", f.stem().string() + ".m", writeMaestroMapping(conv, m, "net"));
            } catch (const InputError&) {
                // A mapping for another layer type (depthwise): not a conv seed.
            }
        }
        for (const fs::path& f : filesIn(presets / "dataflow-hardware"))
            put("maestro", f.stem().string() + ".hw",
                writeMaestroHardware(dataflowHardwareFromJson(readTextFile(f.string()), f.string())));

        // Placement workloads in both formats.
        for (const char* w : {"resnet50", "bert"}) {
            const placement::WorkloadGraph g = placement::builtinWorkload(w);
            put("study_files", std::string("workload-") + w + ".json", placementWorkloadToJson(g));
            put("study_files", std::string("workload-") + w + ".csv", placementWorkloadToCsv(g));
        }

        // Projects: a scheduling study with a mapping and a run, then one study of every other kind.
        Project p;
        SchedulingInputs s;
        s.accelerator = eyeriss;
        s.network = smallNetwork();
        Mapping m;
        m.network = "small";
        m.layers = {{"FC", SchedulingTable::allAtDram(s.network.layers[1].perGroupDims())}};
        s.mapping = m;
        Study study = makeStudy("Eyeriss / small", s);
        RunRecord r;
        r.id = 1;
        r.settings = study.optimizer;
        r.state = "finished";
        r.curves = {{"search/best", {{1, 10}, {100, 5}}}};
        r.best = {{"energy", 5}};
        study.runs.push_back(r);
        p.studies.push_back(study);
        put("project_json", "scheduling.mapscape.json", projectToJson(p));
        DataflowInputs d;
        d.layer = conv;
        d.hardware = dataflowHardwareFromJson(readTextFile((presets / "dataflow-hardware" / "edge-256.json").string()),
                                              "edge-256");
        d.mapping = loadDataflowMapping((presets / "dataflow-mappings" / "row-stationary.json").string(),
                                        DfLayerType::Conv);
        p.studies.push_back(makeStudy("Dataflow", d));
        p.studies.push_back(makeStudy("DPU", DpuInputs{}));
        PlacementInputs pl;
        pl.workload = placement::builtinWorkload("resnet50");
        p.studies.push_back(makeStudy("Placement", pl));
        p.active = 1;
        put("project_json", "four-kinds.mapscape.json", projectToJson(p));

        // Sweeps.
        sweep::SweepSpec spec;
        spec.name = "seed";
        spec.studies = {{"dataflow", "dataflow", {}, "dataflow", "latency"},
                        {"eyeriss × resnet50", "", {{"accelerator", "eyeriss"}, {"network", "resnet50"}}, "scheduling", "energy"},
                        {"lstm", "lstm", {}, "accel", "area"}};
        spec.variations = {{"pes", "", "/hardware/num_pes", "dataflow", {"256", "1024"}}};
        spec.optimizers = {{"", "random", {{"samples", "100"}}}, {"scheduling", "bottom-up", {}}};
        spec.seeds = {1, 2};
        put("sweep", "sweep.json", sweep::sweepToJson(spec));
        std::vector<sweep::ShardResult> rows;
        for (const sweep::Shard& shard : sweep::planSweep(spec)) {
            sweep::ShardResult row = sweep::shardIdentity(spec, shard);
            row.objectives = {{"energy", "pJ", 1.5e9 + shard.index}, {"cycle", "cycles", 2e7}};
            row.figures = {{"layers_found", 2}};
            row.curve = {{10, 3e9}, {100, 1.5e9}};
            row.evaluations = 100;
            row.seconds = 0.5;
            row.host = "node1";
            rows.push_back(row);
        }
        put("sweep", "shard-00000.json", sweep::shardResultToJson(rows.front()));
        put("sweep", "collected.csv", sweep::collectCsv(rows));
        put("sweep", "collected.json", sweep::collectJson(rows, {.timing = false}));

        // ONNX models small enough to mutate.
        for (const auto& [name, bytes] : {std::pair{"mobile-blocks.onnx", testing::mobileBlocksOnnx()},
                                          std::pair{"unsupported-ops.onnx", testing::unsupportedOpsOnnx()}})
            put("onnx", name, bytes);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "make_fuzz_corpus: %s\n", e.what());
        return 1;
    }
    std::printf("%d seed files in %s\n", g_files, g_out.c_str());
    return 0;
}
