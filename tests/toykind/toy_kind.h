// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A study kind that lives outside the tree: three integer knobs (a, b, c) in [0, range) with
/// an analytic cost, the squared distance to a target plus one, and a second objective, the
/// knobs' sum; designs whose sum exceeds a budget are invalid. It proves that a kind is a unit:
/// everything below is this folder's own code, made known by one registerStudyKind call, and
/// the CLI, sweeps, projects, the runner and the main window serve it without naming it.

#include "core/study/study_kind.h"

#include <array>

namespace mapscape::toy {

struct ToyInputs {
    std::array<int, 3> target{7, 3, 12}; ///< where the cost is least
    int range = 16;                      ///< each knob takes 0 … range − 1
    int budget = 40;                     ///< a + b + c may not exceed it
    std::array<int, 3> design{0, 0, 0};  ///< the design shown and evaluated
    friend bool operator==(const ToyInputs&, const ToyInputs&) = default;
};

/// Cost and sum of a design; `valid` is false when the sum exceeds the budget.
struct ToyScore {
    bool valid = false;
    double cost = 0;
    double sum = 0;
};
ToyScore scoreToy(const ToyInputs& inputs, const std::array<int, 3>& design);

/// Registers the kind (once; later calls do nothing).
void registerToyKind();

} // namespace mapscape::toy
