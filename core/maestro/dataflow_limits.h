// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The one set of limits on dataflow layers and hardware. Every reader (study files, MAESTRO
/// .m files, the GUI's editors) refuses what lies outside, and the model checks them again, so a
/// file one of them writes is always one the others read. They are far above real layers
/// (ResNet's largest dimension is 2,048, a GPT-3 GEMM's 12,288) and MAESTRO's own int fields.

namespace mapscape {

/// Largest size of a layer dimension (K, C, R, S, Y, X, N; GEMM M, N, K).
inline constexpr int kDfMaxDimension = 100'000'000;
/// Largest stride.
inline constexpr int kDfMaxStride = 1000;
/// Most PEs.
inline constexpr int kDfMaxPes = 1 << 24;
/// Most MAC lanes per PE.
inline constexpr int kDfMaxSimdLanes = 1 << 20;
/// Most NoC hops, and the longest hop latency (cycles).
inline constexpr int kDfMaxNocHops = 1'000'000;
inline constexpr int kDfMaxNocHopLatency = 1'000'000;

} // namespace mapscape
