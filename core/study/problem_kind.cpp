// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/problem_kind.h"

namespace mapscape {

namespace {

std::vector<ProblemKindInfo> buildKinds()
{
    std::vector<ProblemKindInfo> kinds;
    kinds.push_back({ProblemKind::SchedulingTables, "scheduling", "Scheduling tables",
                     "Tile a whole network's layers onto an accelerator hierarchy (seed 000: PPO scheduling)",
                     "NeuroSpector-compatible scheduling-table model",
                     {{"energy", "Energy", "pJ", false}, {"cycle", "Cycles", "cycles", true}, {"edp", "EDP", "pJ·cycles", false}}});
    kinds.push_back({ProblemKind::DataflowMapping, "dataflow", "Dataflow mapping",
                     "Choose one layer's loop orders, tiles and parallel dimensions on a spatial accelerator "
                     "(seed 001: MARL mapping search)",
                     "MAESTRO-compatible dataflow model",
                     {{"latency", "Latency", "cycles", true},
                      {"energy", "Energy", "nJ", false},
                      {"edp", "EDP", "cycles·nJ", false},
                      {"area", "Area", "µm²", false},
                      {"power", "Power", "mW", false}}});
    kinds.push_back({ProblemKind::AccelSizing, "accel", "Accelerator sizing",
                     "Size an RNN accelerator's PE array, memories, banks and DMA for latency, power and area "
                     "(seed 002: GRMD two-stage search)",
                     "HASCO-style GEMM accelerator on the MAESTRO-compatible model (2020 cost database)",
                     {{"latency", "Latency", "cycles", false},
                      {"power", "Power", "mW", false},
                      {"area", "Area", "µm²", false},
                      {"energy", "Energy", "nJ", false}}});
    kinds.push_back({ProblemKind::DpuConfig, "dpu", "DPU configuration",
                     "Learn which DPU size and instance count serves each CNN best under each background load "
                     "(seed 003: DPUCConfig contextual bandit)",
                     "Calibrated ZCU102 DPU platform simulator (recorded 3 Hz runs)",
                     {{"ppw", "Normalised PPW (held-out, N/C/M)", "%", false},
                      {"ppw_c", "Normalised PPW in C", "%", false},
                      {"ppw_m", "Normalised PPW in M", "%", false},
                      {"constraint", "30 FPS met (held-out, C and M)", "%", false}}});
    kinds.push_back({ProblemKind::TensorPlacement, "placement", "Tensor placement",
                     "Place every node's weights and output activation in DRAM, LLC or SRAM of an NNP-I-like chip to "
                     "minimise inference latency (seed 004: EGRL, evolutionary graph RL)",
                     "NNP-I-like memory-hierarchy latency model with a capacity legalizer and a compiler map",
                     {{"speedup", "Speed-up over the compiler", "×", false},
                      {"latency", "Latency", "µs", false}}});
    return kinds;
}

} // namespace

std::span<const ProblemKindInfo> problemKinds()
{
    static const std::vector<ProblemKindInfo> kinds = buildKinds();
    return kinds;
}

const ProblemKindInfo& problemKindInfo(ProblemKind kind)
{
    for (const ProblemKindInfo& k : problemKinds()) {
        if (k.kind == kind)
            return k;
    }
    return problemKinds().front();
}

std::optional<ProblemKind> parseProblemKind(std::string_view id)
{
    for (const ProblemKindInfo& k : problemKinds()) {
        if (k.id == id)
            return k.kind;
    }
    return std::nullopt;
}

const ObjectiveInfo* findObjective(ProblemKind kind, std::string_view id)
{
    for (const ObjectiveInfo& o : problemKindInfo(kind).objectives) {
        if (o.id == id)
            return &o;
    }
    return nullptr;
}

int objectiveIndex(ProblemKind kind, std::string_view id)
{
    const auto& objs = problemKindInfo(kind).objectives;
    for (std::size_t i = 0; i < objs.size(); ++i) {
        if (objs[i].id == id)
            return int(i);
    }
    return -1;
}

} // namespace mapscape
