// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// mapscape-cli's commands on dataflow-mapping studies (MAESTRO-compatible model).

#include <cstdint>
#include <string>
#include <vector>

namespace mapscape::cli {

/// What names a dataflow study on the command line: a study file, or a MAESTRO .m mapping file
/// (first layer, or --layer) with a hardware preset / file.
struct DataflowSource {
    std::string study;         ///< --study: a dataflow study JSON file
    std::string maestroFile;   ///< --maestro-mapping: a MAESTRO .m file
    std::string hardware;      ///< --hardware: preset, JSON or MAESTRO HW .m (overrides the study's)
    std::string mapping;       ///< --mapping: template preset or file (overrides the study's)
    std::string layer;         ///< --layer: the layer of a .m file or of a workload
    bool given() const { return !study.empty() || !maestroFile.empty(); }
};

int evaluateDataflow(const DataflowSource& source, const std::string& format, const std::string& out);

/// An optimize command on a study (dataflow or accelerator sizing).
struct StudyOptimizeArgs {
    std::string optimizer;   ///< registry id of the study's kind
    std::string objective;   ///< empty: the study's
    std::uint64_t seed = 1;
    std::vector<std::uint64_t> seeds; ///< --seeds: several runs, summarised as mean ± std
    std::string budget;
    std::vector<std::string> options;
    int threads = 0;
    std::string out;         ///< best mapping / the non-dominated designs as JSON
    std::string maestroDir;  ///< best mapping / design as MAESTRO files
    std::string metricsCsv;
    bool quiet = false;
};
using DataflowOptimizeArgs = StudyOptimizeArgs;
int optimizeDataflow(const DataflowSource& source, const DataflowOptimizeArgs& args);
/// "1,2,5" or "1-3" (or both: "1-3,7") → the seeds. Throws InputError naming --seeds.
std::vector<std::uint64_t> parseSeeds(const std::string& text);

/// --to maestro (a directory with mapping.m, hardware.m and the command line) or study (JSON).
int convertDataflow(const DataflowSource& source, const std::string& to, const std::string& out);

} // namespace mapscape::cli
