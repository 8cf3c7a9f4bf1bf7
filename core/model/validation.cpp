// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/model/validation.h"

namespace mapscape {

std::string joinIssues(const FieldIssues& issues)
{
    std::string out;
    for (const FieldIssue& i : issues) {
        if (!out.empty())
            out += "; ";
        out += i.field.empty() ? i.message : i.field + ": " + i.message;
    }
    return out;
}

} // namespace mapscape
