// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Self-describing options: what an optimizer (or a study kind's run) can be told, with types,
/// defaults, ranges and help. The GUI generates its option forms from these, the CLI and sweep
/// files check `key=value` assignments against them, and `OptionReader` reads the values with
/// errors that name the option ("ppo.episodes: must be an integer in [0, 100000], got \"x\"").

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

struct OptionSpec {
    enum class Type : std::uint8_t { Integer, Real, Boolean, Choice, Text };
    std::string key;   ///< "episodes"
    std::string label; ///< "Episodes per layer"
    std::string help;
    Type type = Type::Integer;
    std::string defaultValue;
    double minimum = 0;
    double maximum = 0;
    std::vector<std::string> choices; ///< for Type::Choice
    std::string minimumText;          ///< numbers: what the minimum means ("profile's"), shown instead of it
};

/// Option values by key, as text; missing keys take their defaults.
using OptionValues = std::map<std::string, std::string>;

/// One optimizer of a study kind. The kind's descriptor lists them (core/study/study_kind.h).
struct OptimizerInfo {
    std::string kind;  ///< the study kind's id ("scheduling", "dataflow", ...)
    std::string id;    ///< "ppo"
    std::string title; ///< "PPO scheduling (seed 000)"
    std::string description;
    std::vector<OptionSpec> options;
    std::string budgetKey;          ///< option that --budget sets ("" if none)
    bool available = true;
    std::string unavailableReason;  ///< e.g. built without LibTorch
    /// The option with this key, or null.
    const OptionSpec* option(std::string_view key) const;
};

// Builders for option lists.
OptionSpec integerOption(std::string key, std::string label, long long def, double lo, double hi, std::string help);
OptionSpec realOption(std::string key, std::string label, double def, double lo, double hi, std::string help);
OptionSpec booleanOption(std::string key, std::string label, bool def, std::string help);
OptionSpec textOption(std::string key, std::string label, std::string def, std::string help);
/// The first choice is the default.
OptionSpec choiceOption(std::string key, std::string label, std::vector<std::string> choices, std::string help);

/// Typed access to option values with range checks; every error names "<owner>.<key>". The
/// constructor refuses keys the specs do not know.
class OptionReader {
public:
    /// `owner`: the prefix of messages ("ppo", "run"); `specs` and `values` must outlive the reader.
    OptionReader(std::string owner, const std::vector<OptionSpec>& specs, const OptionValues& values);
    OptionReader(const OptimizerInfo& info, const OptionValues& values)
        : OptionReader(info.id, info.options, values)
    {
    }

    double number(const std::string& key) const;
    int integer(const std::string& key) const { return int(number(key)); }
    bool flag(const std::string& key) const;
    std::string str(const std::string& key) const;
    /// A Choice option's value (checked against its choices).
    std::string pick(const std::string& key) const;
    /// Reads every option once, so that a bad value fails now rather than later.
    void checkAll() const;

private:
    const OptionSpec& spec(const std::string& key) const;
    std::string valueOf(const OptionSpec& s) const;

    std::string m_owner;
    const std::vector<OptionSpec>& m_specs;
    const OptionValues& m_values;
};

/// Parses "key=value" into `values`; throws InputError if malformed.
void parseOptionAssignment(std::string_view text, OptionValues& values);
/// "a=1 b=2" (sorted by key), for labels and sweep results.
std::string optionsText(const OptionValues& values);

} // namespace mapscape
