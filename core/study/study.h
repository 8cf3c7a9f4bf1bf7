// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A study: one design problem (a study kind and its inputs), the settings of the optimizer
/// form, and the runs made on it. A project holds several studies side by side. What a kind's
/// inputs are is the kind's business (core/study/<kind>/); here they are a StudyInputs value.

#include "core/study/study_kind.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mapscape {

/// "Eyeriss / ResNet-50", "VGG16 row 2 on ArchGym default (1024 PEs)": the inputs' kind's label.
std::string setupLabel(const StudyInputs& inputs);
/// The inputs' kind's setup key (see StudyKind::setupKey).
std::string setupKey(const StudyInputs& inputs);

/// The optimizer form's settings (what the next run will use).
struct OptimizerSettings {
    std::string id;             ///< registry id of the study's kind
    OptionValues options;       ///< only values that differ from the defaults
    std::string objective;      ///< objective id of the kind ("energy", "latency")
    OptionValues runOptions;    ///< the kind's run options (StudyKindInfo::runOptions) that differ from the defaults
    std::uint64_t seed = 1;
    int threads = 1;
    friend bool operator==(const OptimizerSettings&, const OptimizerSettings&) = default;
};

/// Default settings of a kind: its default optimizer (StudyKindInfo::defaultOptimizer, or the
/// first available one when that is missing from this build) and its default objective.
OptimizerSettings defaultOptimizerSettings(const StudyKind& kind);

/// One recorded metric series of a run (step, value).
struct RunCurve {
    std::string name;
    std::vector<std::pair<double, double>> points;
    friend bool operator==(const RunCurve&, const RunCurve&) = default;
};

/// What a run did, kept with the project: its settings, what it ran on, how it ended, its curves
/// (thinned to a few thousand points each) and its best result.
struct RunRecord {
    int id = 0;
    OptimizerSettings settings;
    std::string setup;      ///< setupLabel of the inputs it ran on
    std::string setupKey;   ///< setupKey of those inputs
    std::string state;      ///< "finished", "cancelled" or "failed"
    std::string error;      ///< why it failed
    double seconds = 0;
    std::uint64_t evaluations = 0;
    double progress = -1;   ///< fraction of its budget done when it ended or was saved (-1: not known)
    bool visible = true;
    std::vector<RunCurve> curves;
    std::vector<std::pair<std::string, double>> best; ///< objective id → value of the best result
    std::string result;     ///< the best design as a JSON document of the kind (mapping / directives)
    friend bool operator==(const RunRecord&, const RunRecord&) = default;
};

struct Study {
    std::string name;
    StudyInputs inputs;
    OptimizerSettings optimizer;
    std::vector<RunRecord> runs;

    const StudyKind& kind() const { return inputs.kind(); }
    friend bool operator==(const Study&, const Study&) = default;
};

/// A new study with its kind's default optimizer settings.
Study makeStudy(std::string name, StudyInputs inputs);

struct Project {
    std::vector<Study> studies;
    int active = 0; ///< index of the study shown
    friend bool operator==(const Project&, const Project&) = default;
};

/// Keeps at most `maxPoints` points of a series, preserving its shape: the first and last points
/// and, per bucket of the x range, the minimum and the maximum.
std::vector<std::pair<double, double>> thinSeries(const std::vector<std::pair<double, double>>& points,
                                                  std::size_t maxPoints);

} // namespace mapscape
