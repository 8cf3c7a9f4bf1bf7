// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/util/output_format.h"

#include "core/util/strings.h"

namespace mapscape {

std::optional<OutputFormat> parseOutputFormat(std::string_view s)
{
    const std::string t = toLower(trim(s));
    if (t == "text" || t == "txt")
        return OutputFormat::Text;
    if (t == "json")
        return OutputFormat::Json;
    if (t == "csv")
        return OutputFormat::Csv;
    return std::nullopt;
}

} // namespace mapscape
