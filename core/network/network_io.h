// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Networks (lists of layers with repeat counts) in Mapscape's JSON ("mapscape/network"): what
/// `mapscape-cli import` writes and the studies that take a network read.

#include "core/network/layer.h"

#include <string>
#include <string_view>

namespace mapscape {

inline constexpr int kNetworkSchemaVersion = 1;

/// Throws InputError naming the file, line and field.
Network networkFromJson(std::string_view text, const std::string& source);
std::string networkToJson(const Network& net);

} // namespace mapscape
