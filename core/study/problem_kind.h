// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The design problems a study can be about. Each kind brings its inputs (core/study/study.h),
/// its objectives, the optimizers that apply to it (core/optim/optimizer_registry.h) and a
/// workbench in the GUI. docs/architecture.md describes how a new kind is added.

#include "core/optim/space/design_space.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

enum class ProblemKind : std::uint8_t {
    SchedulingTables, ///< seed 000: NeuroSpector-style scheduling tables for a network on an accelerator
    DataflowMapping,  ///< seed 001: MAESTRO directives for one layer on a spatial accelerator
    AccelSizing,      ///< seed 002: hardware parameters of an RNN accelerator (PE array, memories, banks, DMA)
    DpuConfig,        ///< seed 003: an FPGA DPU configuration per CNN and background load, chosen by a policy
    TensorPlacement,  ///< seed 004: the memory level (DRAM / LLC / SRAM) of every weight and activation tensor
};

struct ProblemKindInfo {
    ProblemKind kind;
    std::string id;          ///< "scheduling", "dataflow" (files, CLI)
    std::string title;       ///< "Scheduling tables"
    std::string description; ///< one sentence for menus and tooltips
    std::string costModel;   ///< "NeuroSpector-compatible scheduling-table model"
    std::vector<ObjectiveInfo> objectives;
};

/// Every problem kind, in menu order.
std::span<const ProblemKindInfo> problemKinds();
const ProblemKindInfo& problemKindInfo(ProblemKind kind);
std::optional<ProblemKind> parseProblemKind(std::string_view id);
/// The objective with this id of a kind, or null.
const ObjectiveInfo* findObjective(ProblemKind kind, std::string_view id);
/// Index of an objective of a kind, -1 if unknown.
int objectiveIndex(ProblemKind kind, std::string_view id);

} // namespace mapscape
