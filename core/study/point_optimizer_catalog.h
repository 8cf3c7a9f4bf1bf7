// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The generic optimizers of any design space (a PointProblem): random search, a GAMMA-style
/// GA, a plain GA and Bayesian optimisation. A kind whose design is a vector of choices lists
/// the ones it offers (`genericPointOptimizers`, then sets `kind` on them) and makes them with
/// `makeGenericPointOptimizer`, which reads every option through the entry's own option specs;
/// a kind with a table of its own adds them to it (`addGenericPointOptimizers`).

#include "core/optim/optimizer_table.h"
#include "core/optim/options.h"
#include "core/optim/space/point_search.h"

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string_view>
#include <vector>

namespace mapscape {

/// A kind's optimizers of a design space: each made from the problem and a seed.
using PointOptimizerTable = OptimizerTable<std::unique_ptr<PointOptimizer>, const PointProblem&, std::uint64_t>;

/// Adds the generic optimizers `ids` to `table`, in that order. Throws std::logic_error for an
/// unknown id.
void addGenericPointOptimizers(PointOptimizerTable& table, std::initializer_list<std::string_view> ids);

/// Registry entries of the generic optimizers `ids` ("random", "gamma", "ga", "bo"), in that
/// order, their budget option "samples". Throws std::logic_error for an unknown id.
std::vector<OptimizerInfo> genericPointOptimizers(std::initializer_list<std::string_view> ids);

/// The optimizer of a generic entry with `values` read through its options; nullptr when
/// `info` is not a generic optimizer. Throws InputError for values the options refuse.
std::unique_ptr<PointOptimizer> makeGenericPointOptimizer(const OptimizerInfo& info, const PointProblem& problem,
                                                          const OptionValues& values, std::uint64_t seed);

} // namespace mapscape
