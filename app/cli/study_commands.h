// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// mapscape-cli's commands on a study of any kind: evaluate, optimize, convert and validate.
/// Each takes --study FILE|PRESET|KIND and every study kind's own arguments (-a/-n for scheduling
/// tables, --hardware for dataflow mapping, -w for tensor placement, ...); an argument of another
/// kind than the study's is refused, naming it.

#include "core/study/study_kind.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace mapscape::cli {

/// The study-argument options of one command, bound to storage that outlives parsing.
class StudyArgumentOptions {
public:
    /// Adds every kind's arguments of the given uses to `command` (one option per long name).
    void add(CLI::App& command, std::initializer_list<StudyArgument::Use> uses);
    /// The arguments given on the parsed command line.
    ArgumentValues given(const CLI::App& command) const;

private:
    struct Slot {
        std::string flags;
        bool isFlag = false;
        std::string value;
        bool flag = false;
    };
    std::map<std::string, std::unique_ptr<Slot>> m_slots;
};

struct StudyCommandArgs {
    std::vector<std::string> studies; ///< --study, once or several times (the parts of one study)
    std::string format = "text";
    std::string out;
    std::uint64_t seed = 1;
    // optimize
    std::string optimizers;              ///< -O: one id or several, comma-separated
    std::vector<std::string> options;    ///< --option key=value
    std::string seeds;                   ///< --seeds 1-3
    std::string budget;
    int threads = 0;
    std::string objective;
    std::string metricsCsv;
    bool quiet = false;
    // convert
    std::string to;
    // validate
    std::string file;
    StudyArgumentOptions arguments;
};

CLI::App* addEvaluateCommand(CLI::App& app, StudyCommandArgs& a);
CLI::App* addOptimizeCommand(CLI::App& app, StudyCommandArgs& a);
CLI::App* addConvertCommand(CLI::App& app, StudyCommandArgs& a);
CLI::App* addValidateCommand(CLI::App& app, StudyCommandArgs& a);

int runEvaluate(const CLI::App& command, const StudyCommandArgs& a);
int runOptimize(const CLI::App& command, const StudyCommandArgs& a);
int runConvert(const CLI::App& command, const StudyCommandArgs& a);
int runValidate(const CLI::App& command, const StudyCommandArgs& a);

/// "1,2,5" or "1-3" (or both: "1-3,7") → the seeds. Throws InputError naming --seeds.
std::vector<std::uint64_t> parseSeeds(const std::string& text);

} // namespace mapscape::cli
