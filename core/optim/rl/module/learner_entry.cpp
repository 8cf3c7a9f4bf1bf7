// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
/// The learner module's entry point: the table the core reads after dlopen, over the factories
/// that the learners' sources registered while the module was loaded (`learners::Registration`).
#include "core/optim/rl/module/learner_module.h"

#include "core/optim/rl/common/torch_setup.h"
#include "core/optim/rl/marl/marl_search.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace mapscape::learners {

namespace {

struct Table {
    std::map<std::string, AnyFactory, std::less<>> factories;
    std::string names;
};

/// Built on first use: registrations run from the module's static initialisers, in any order.
Table& table()
{
    static Table t;
    return t;
}

AnyFactory find(const char* name)
{
    const auto& f = table().factories;
    const auto it = f.find(std::string_view(name));
    return it == f.end() ? nullptr : it->second;
}

const char* names() { return table().names.c_str(); }

/// MARL and the multi-head PPO agent search any design space (seed 001's agents).
std::unique_ptr<PointOptimizer> makeMarl(const PointProblem& problem, const MarlOptions& options, std::uint64_t seed)
{
    return std::make_unique<MarlSearch>(problem, options, seed);
}
const Registration kMarl{kMarlFactory, &makeMarl};

const Api kApi{
    .version = kApiVersion,
    .setThreads = &rl::setTorchThreads,
    .find = &find,
    .names = &names,
};

} // namespace

Registration::Registration(const char* name, AnyFactory factory)
{
    Table& t = table();
    t.factories[name] = factory;
    t.names.clear();
    for (const auto& [n, f] : t.factories)
        t.names += (t.names.empty() ? "" : ", ") + n;
}

} // namespace mapscape::learners

extern "C" __attribute__((visibility("default"))) const mapscape::learners::Api* mapscape_learners_api()
{
    return &mapscape::learners::kApi;
}
