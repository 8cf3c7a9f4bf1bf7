// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The LibTorch learners live in a module (libmapscape_learners.so) that the core opens on the
/// first use of a learner, so that a process that never trains maps no LibTorch (nor OpenCV and
/// Qt 5, which Debian's LibTorch pulls in). This header is torch-free: it finds and opens the
/// module and looks up the factories that the module's learners registered by name. A kind
/// declares its learners' factory types and names in a torch-free header of its own (e.g.
/// kinds/scheduling/learners/ppo_scheduler.h), and its learners/ sources register them with
/// `learners::Registration` when the module is loaded; nothing here names a kind.
///
/// Where the module is looked for: $MAPSCAPE_LEARNER_MODULE if set (a path; an empty value means
/// "no module"), else libmapscape_learners.so beside the core library. See docs/architecture.md.

#include "core/optim/options.h"

#include <string_view>

namespace mapscape::learners {

/// Bumped whenever the table below changes shape.
inline constexpr int kApiVersion = 2;

/// A factory as the module stores it: the registering side casts its own function type to this,
/// the calling side casts it back to the same type (both see the kind's declaration of it).
using AnyFactory = void (*)();

/// What the module's entry point `mapscape_learners_api` returns.
struct Api {
    int version = 0;
    void (*setThreads)(int threads) = nullptr; ///< LibTorch's intra-op threads
    /// The factory registered under `name`, or nullptr; `names` lists all of them, comma-separated.
    AnyFactory (*find)(const char* name) = nullptr;
    const char* (*names)() = nullptr;
};

/// The module's table, opening the module on first use. Throws InputError saying why it cannot
/// be opened (missing, built for another version).
const Api& api();

/// The factory the module registered under `name`, as the function type `F`. Throws InputError
/// when the module cannot be opened or holds no such factory.
AnyFactory findFactory(std::string_view name);
template <class F>
F* factory(std::string_view name)
{
    return reinterpret_cast<F*>(findFactory(name));
}

/// LibTorch's intra-op threads, applied now if the module is open, else when it opens.
void setThreads(int threads);

/// Marks a learner's registry entry unavailable, with the reason, when the module is missing.
void markAvailability(OptimizerInfo& info);

/// Used in the module only: a static `Registration` in a learner's source adds its factory to
/// the module's table when the module is loaded. Names are "kind/learner" ("scheduling/ppo").
struct Registration {
    Registration(const char* name, AnyFactory factory);
    template <class F>
    Registration(const char* name, F* factory)
        : Registration(name, reinterpret_cast<AnyFactory>(factory))
    {
    }
};

} // namespace mapscape::learners
