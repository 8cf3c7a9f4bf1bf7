// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// LibTorch's per-process and per-thread state, set up without exposing ATen headers.

#include <cstdint>

namespace mapscape::rl {

/// Seeds LibTorch's global generator (CPU). Call at the start of every optimizer run.
void seedTorch(std::uint64_t seed);

/// Intra-op threads LibTorch may use in this process; leave at least one core for the GUI.
void setTorchThreads(int threads);

/// A deterministic digest of a small seeded computation (used to check that seeding works and
/// that LibTorch links and runs).
double torchSelfCheck(std::uint64_t seed);

} // namespace mapscape::rl
