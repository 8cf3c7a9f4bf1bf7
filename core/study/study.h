// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A study: one design problem (a problem kind and its inputs), the settings of the optimizer
/// form, and the runs made on it. A project holds several studies side by side.

#include "core/cost/dataflow/dataflow_types.h"
#include "core/cost/dpu/dpu_platform.h"
#include "core/cost/placement/placement_model.h"
#include "core/model/accelerator.h"
#include "core/model/layer.h"
#include "core/model/mapping.h"
#include "core/optim/accel/accel_problem.h"
#include "core/optim/dataflow/dataflow_space.h"
#include "core/optim/mapping_space.h"
#include "core/study/problem_kind.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace mapscape {

/// Inputs of a scheduling-table study (seed 000).
struct SchedulingInputs {
    Accelerator accelerator;
    Network network;
    std::optional<Mapping> mapping; ///< empty = the trivial mapping
    friend bool operator==(const SchedulingInputs&, const SchedulingInputs&) = default;
};

/// Inputs of a dataflow-mapping study (seed 001).
struct DataflowInputs {
    std::string workload; ///< where the layer came from ("Seed 001 layers"); informational
    DataflowLayer layer;
    DataflowHardware hardware;
    DataflowMapping mapping;    ///< the mapping shown and evaluated
    DataflowSpaceOptions space; ///< the optimizers' design space
    friend bool operator==(const DataflowInputs&, const DataflowInputs&) = default;
};

/// Inputs of an accelerator-sizing study (seed 002): the RNN workload, the model, the design
/// space, the FPGA limits and the constraints the optimizers work against, and the design shown.
struct AccelInputs {
    AccelSetup setup;
    AccelDesign design; ///< the design shown and evaluated
    friend bool operator==(const AccelInputs&, const AccelInputs&) = default;
};

/// Inputs of a DPU-configuration study (seed 003): the platform (DPU sizes, configurations, model
/// library, simulator parameters, corrections, C_PERF), the seed of the recorded runs the
/// learners train on, and the (model variant, background state, configuration) shown.
struct DpuInputs {
    dpu::Platform platform = dpu::defaultPlatform();
    std::uint64_t dataSeed = 1;
    int variant = 0;
    int state = 0;
    int action = 0;
    friend bool operator==(const DpuInputs&, const DpuInputs&) = default;
};

/// Inputs of a tensor-placement study (seed 004): the workload graph, the hardware (latency
/// model and compiler parameters), the reward, the map shown (edited by hand; empty = the
/// compiler's) and the tensors pinned to a level, which every run keeps.
struct PlacementInputs {
    placement::WorkloadGraph workload = placement::makeResNet(50);
    placement::HardwareParams hardware = placement::nnpiHardwareLike();
    placement::RewardOptions reward;
    std::optional<placement::MemoryMap> map;
    std::vector<placement::Pin> pins;
    friend bool operator==(const PlacementInputs&, const PlacementInputs&) = default;
};

using StudyInputs = std::variant<SchedulingInputs, DataflowInputs, AccelInputs, DpuInputs, PlacementInputs>;

ProblemKind kindOf(const StudyInputs& inputs);
/// "Eyeriss / ResNet-50", "VGG16 row 2 on ArchGym default (1024 PEs)", "LSTM 29-100-29 on ZCU102".
std::string setupLabel(const StudyInputs& inputs);
/// A fingerprint of what runs optimise (hardware and workload, not the mapping shown): runs with
/// the same key are comparable on the same axes.
std::string setupKey(const StudyInputs& inputs);

/// The optimizer form's settings (what the next run will use).
struct OptimizerSettings {
    std::string id;                              ///< registry id for the study's kind
    std::map<std::string, std::string> options;  ///< only values that differ from the defaults
    std::string objective;                       ///< objective id of the kind ("energy", "latency")
    DataflowMode dataflow = DataflowMode::Fixed; ///< scheduling studies: fixed or flexible dataflows
    std::uint64_t seed = 1;
    int threads = 1;
    friend bool operator==(const OptimizerSettings&, const OptimizerSettings&) = default;
};

/// Default settings of a kind (its first optimizer, first objective).
OptimizerSettings defaultOptimizerSettings(ProblemKind kind);

/// One recorded metric series of a run (step, value).
struct RunCurve {
    std::string name;
    std::vector<std::pair<double, double>> points;
    friend bool operator==(const RunCurve&, const RunCurve&) = default;
};

/// What a run did, kept with the project: its settings, what it ran on, how it ended, its curves
/// (thinned to a few thousand points each) and its best result.
struct RunRecord {
    int id = 0;
    OptimizerSettings settings;
    std::string setup;      ///< setupLabel of the inputs it ran on
    std::string setupKey;   ///< setupKey of those inputs
    std::string state;      ///< "finished", "cancelled" or "failed"
    std::string error;      ///< why it failed
    double seconds = 0;
    std::uint64_t evaluations = 0;
    bool visible = true;
    std::vector<RunCurve> curves;
    std::vector<std::pair<std::string, double>> best; ///< objective id → value of the best result
    std::string result;     ///< the best design as a JSON document of the kind (mapping / directives)
    friend bool operator==(const RunRecord&, const RunRecord&) = default;
};

struct Study {
    std::string name;
    StudyInputs inputs;
    OptimizerSettings optimizer;
    std::vector<RunRecord> runs;

    ProblemKind kind() const { return kindOf(inputs); }
    friend bool operator==(const Study&, const Study&) = default;
};

/// A new study with a kind's default optimizer settings.
Study makeStudy(std::string name, StudyInputs inputs);

struct Project {
    std::vector<Study> studies;
    int active = 0; ///< index of the study shown
    friend bool operator==(const Project&, const Project&) = default;
};

/// Keeps at most `maxPoints` points of a series, preserving its shape: the first and last points
/// and, per bucket of the x range, the minimum and the maximum.
std::vector<std::pair<double, double>> thinSeries(const std::vector<std::pair<double, double>>& points,
                                                  std::size_t maxPoints);

} // namespace mapscape
