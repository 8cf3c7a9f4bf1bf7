// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Vocabulary shared by the whole core: loop dimensions, data types and dataflows.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace mapscape {

/// The eight loop dimensions of a (grouped) convolution, in NeuroSpector's column order.
/// K output channels, B batch, P output height, Q output width, C input channels,
/// R filter height, S filter width, G groups.
enum class Dim : std::uint8_t { K, B, P, Q, C, R, S, G };
inline constexpr int kNumDims = 8;
inline constexpr std::array<Dim, kNumDims> kAllDims{Dim::K, Dim::B, Dim::P, Dim::Q,
                                                   Dim::C, Dim::R, Dim::S, Dim::G};

/// One factor (or size) per dimension, indexed by `int(Dim)`.
using DimVector = std::array<std::uint64_t, kNumDims>;

inline constexpr DimVector kOnes{1, 1, 1, 1, 1, 1, 1, 1};

constexpr int idx(Dim d) { return static_cast<int>(d); }

/// Upper-case single-letter name ("K", "B", ...).
std::string_view dimName(Dim d);
/// Parses a dimension letter, case-insensitively.
std::optional<Dim> parseDim(std::string_view s);

/// Bit set of dimensions (bit i = Dim i); used for spatial mapping constraints.
using DimMask = std::uint8_t;
inline constexpr DimMask kAllDimsMask = 0xFF;
constexpr DimMask dimBit(Dim d) { return static_cast<DimMask>(1u << idx(d)); }

/// The three operands of a convolution.
enum class DataType : std::uint8_t { Input, Weight, Output };
inline constexpr int kNumDataTypes = 3;
inline constexpr std::array<DataType, kNumDataTypes> kAllDataTypes{DataType::Input, DataType::Weight,
                                                                  DataType::Output};
constexpr int idx(DataType t) { return static_cast<int>(t); }
/// "input", "weight", "output".
std::string_view dataTypeName(DataType t);
/// "I", "W", "O".
std::string_view dataTypeLetter(DataType t);
std::optional<DataType> parseDataType(std::string_view s);

/// Which operand a temporal level keeps stationary while the levels outside it iterate.
enum class Dataflow : std::uint8_t { None, IS, WS, OS };
/// "-", "IS", "WS", "OS".
std::string_view dataflowName(Dataflow df);
/// Accepts "is"/"ws"/"os" in any case; "", "-" and "none" give Dataflow::None.
std::optional<Dataflow> parseDataflow(std::string_view s);
/// The data type a dataflow keeps stationary (IS → input, ...); nullopt for None.
std::optional<DataType> stationaryType(Dataflow df);

} // namespace mapscape
