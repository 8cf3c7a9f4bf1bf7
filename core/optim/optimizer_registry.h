// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Every optimizer, per problem kind, with self-describing options (the GUI generates its option
/// forms from these, the CLI parses --option key=value against them). Scheduling-table optimizers
/// are SearchStrategies (row searches on tables); design-space optimizers are PointOptimizers and
/// apply to every kind whose study is a PointProblem.

#include "core/optim/dpu/dpu_methods.h"
#include "core/optim/placement/egrl.h"
#include "core/optim/search.h"
#include "core/optim/space/point_search.h"
#include "core/study/problem_kind.h"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

struct OptionSpec {
    enum class Type : std::uint8_t { Integer, Real, Boolean, Choice, Text };
    std::string key;   ///< "episodes"
    std::string label; ///< "Episodes per layer"
    std::string help;
    Type type = Type::Integer;
    std::string defaultValue;
    double minimum = 0;
    double maximum = 0;
    std::vector<std::string> choices; ///< for Type::Choice
    std::string minimumText;          ///< numbers: what the minimum means ("profile's"), shown instead of it
};

struct OptimizerInfo {
    ProblemKind kind = ProblemKind::SchedulingTables;
    std::string id;    ///< "ppo"
    std::string title; ///< "PPO scheduling (seed 000)"
    std::string description;
    std::vector<OptionSpec> options;
    std::string budgetKey;          ///< option that --budget sets ("" if none)
    bool available = true;
    std::string unavailableReason;  ///< e.g. built without LibTorch
};

/// Option values by key, as text; missing keys take their defaults.
using OptionValues = std::map<std::string, std::string>;

/// Every registered optimizer of every kind, in display order.
const std::vector<OptimizerInfo>& optimizerRegistry();
/// The optimizers that apply to a problem kind, in display order.
std::vector<const OptimizerInfo*> optimizersFor(ProblemKind kind);
/// nullptr if unknown for that kind.
const OptimizerInfo* findOptimizer(std::string_view id, ProblemKind kind = ProblemKind::SchedulingTables);

/// Creates a scheduling-table optimizer for `problem` (which must outlive it). Throws InputError
/// naming the optimizer or option ("ppo.episodes: must be an integer in [0, 100000], got \"x\"").
std::unique_ptr<SearchStrategy> makeOptimizer(std::string_view id, const SchedulingProblem& problem,
                                              const OptionValues& values, std::uint64_t seed);
/// Creates a design-space optimizer of a kind for `problem` (which must outlive it).
std::unique_ptr<PointOptimizer> makePointOptimizer(ProblemKind kind, std::string_view id, const PointProblem& problem,
                                                   const OptionValues& values, std::uint64_t seed);

/// The settings of a DPU-configuration learner ("dpucconfig", "linucb"); throws InputError naming
/// the option. makeTrainer (core/optim/dpu/dpu_methods.h) builds it on recorded runs.
dpu::TrainerSpec makeDpuTrainerSpec(std::string_view id, const OptionValues& values, std::uint64_t seed);

/// A tensor-placement method built from the registry's options: the search and its budget.
struct PlacementMethod {
    std::unique_ptr<placement::PlacementSearch> search;
    int iterations = 4000;
};
/// Builds "egrl", "ea", "pg", "greedy-dp", "random" or "local" on `model` (which must outlive
/// it); throws InputError naming the option ("egrl.population: …").
PlacementMethod makePlacementMethod(std::string_view id, const placement::PlacementModel& model,
                                    const OptionValues& values, std::uint64_t seed);

/// Parses "key=value" into `values`; throws InputError if malformed.
void parseOptionAssignment(std::string_view text, OptionValues& values);

} // namespace mapscape
