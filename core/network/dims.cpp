// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/network/dims.h"

#include "core/util/strings.h"

namespace mapscape {

std::string_view dimName(Dim d)
{
    static constexpr std::array<std::string_view, kNumDims> kNames{"K", "B", "P", "Q", "C", "R", "S", "G"};
    return kNames[idx(d)];
}

std::optional<Dim> parseDim(std::string_view s)
{
    const std::string t = toUpper(trim(s));
    for (Dim d : kAllDims) {
        if (t == dimName(d))
            return d;
    }
    return std::nullopt;
}

std::string_view dataTypeName(DataType t)
{
    static constexpr std::array<std::string_view, kNumDataTypes> kNames{"input", "weight", "output"};
    return kNames[idx(t)];
}

std::string_view dataTypeLetter(DataType t)
{
    static constexpr std::array<std::string_view, kNumDataTypes> kNames{"I", "W", "O"};
    return kNames[idx(t)];
}

std::optional<DataType> parseDataType(std::string_view s)
{
    const std::string t = toLower(trim(s));
    for (DataType d : kAllDataTypes) {
        if (t == dataTypeName(d) || t == toLower(dataTypeLetter(d)))
            return d;
    }
    return std::nullopt;
}

std::string_view dataflowName(Dataflow df)
{
    switch (df) {
    case Dataflow::IS:
        return "IS";
    case Dataflow::WS:
        return "WS";
    case Dataflow::OS:
        return "OS";
    case Dataflow::None:
        break;
    }
    return "-";
}

std::optional<Dataflow> parseDataflow(std::string_view s)
{
    const std::string t = toLower(trim(s));
    if (t.empty() || t == "-" || t == "none")
        return Dataflow::None;
    if (t == "is")
        return Dataflow::IS;
    if (t == "ws")
        return Dataflow::WS;
    if (t == "os")
        return Dataflow::OS;
    return std::nullopt;
}

std::optional<DataType> stationaryType(Dataflow df)
{
    switch (df) {
    case Dataflow::IS:
        return DataType::Input;
    case Dataflow::WS:
        return DataType::Weight;
    case Dataflow::OS:
        return DataType::Output;
    case Dataflow::None:
        break;
    }
    return std::nullopt;
}

} // namespace mapscape
