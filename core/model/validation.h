// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Validation messages that name the offending field, shared by the model, the file readers
/// and the GUI's per-cell checks.

#include <stdexcept>
#include <string>
#include <vector>

namespace mapscape {

/// One problem with one field of a value ("layers[3].K", "global_buffer.bandwidth_bits").
struct FieldIssue {
    std::string field;
    std::string message;
    friend bool operator==(const FieldIssue&, const FieldIssue&) = default;
};

using FieldIssues = std::vector<FieldIssue>;

/// "field: message" lines joined by "; ".
std::string joinIssues(const FieldIssues& issues);

/// Thrown for bad configuration or input files (never from the hot evaluation path).
/// `what()` is a complete human-readable message, including file and line where known.
class InputError : public std::runtime_error {
public:
    explicit InputError(const std::string& message)
        : std::runtime_error(message)
    {
    }
};

} // namespace mapscape
