// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The "pre-recorded runs" of seed 003 (spec §3.3, §4.4): for every model variant, background
/// state and DPU configuration, a run of 3 Hz telemetry samples (with FPS) as the paper measured
/// on the board, here synthesised from the platform simulator with seeded noise; plus samples of
/// each background load alone (the agent's pre-action observation). Agents train and are judged
/// on this table exactly as the paper's were on its measurements.

#include "kinds/dpu/core/dpu_platform.h"

#include <cstdint>
#include <random>
#include <vector>

namespace mapscape::dpu {

/// One 3 Hz telemetry sample of a run, with the FPS measured over it.
struct Sample {
    double fps = 0;
    Telemetry telemetry{};
    double fpgaPowerW() const { return telemetry[kTelemetryPFpga]; }
    double ppw() const { return fpgaPowerW() > 0 ? fps / fpgaPowerW() : 0; }
    friend bool operator==(const Sample&, const Sample&) = default;
};

/// A run's samples and their mean.
struct RecordedRun {
    std::vector<Sample> samples;
    Sample mean; ///< FPS and telemetry averaged over the samples
    friend bool operator==(const RecordedRun&, const RecordedRun&) = default;
};

struct DatasetOptions {
    std::uint64_t seed = 1;
    int maxSamplesPerRun = 30;    ///< a run lasts framesPerRun / FPS seconds at 3 Hz, capped here
    int backgroundSamples = 30;   ///< samples of each background load alone
    friend bool operator==(const DatasetOptions&, const DatasetOptions&) = default;
};

/// REC[variant][state][action] and BG[state].
class RecordedRuns {
public:
    RecordedRuns() = default;
    /// Synthesises the table from the platform (validated first; throws InputError).
    static RecordedRuns generate(const Platform& platform, const DatasetOptions& options);
    /// Builds from loaded runs; throws InputError when the shape does not match the platform.
    static RecordedRuns fromRuns(Platform platform, DatasetOptions options, std::vector<RecordedRun> runs,
                                 std::vector<std::vector<Sample>> background);

    const Platform& platform() const { return m_platform; }
    const DatasetOptions& options() const { return m_options; }
    int variants() const { return m_platform.variantCount(); }
    int actions() const { return int(m_platform.actions.size()); }
    const RecordedRun& run(int variant, int state, int action) const;
    const std::vector<Sample>& background(int state) const { return m_background.at(std::size_t(state)); }
    Sample backgroundMean(int state) const;
    /// The run means of every action for one (variant, state), as outcomes (FPS, P_FPGA, P_ARM,
    /// PPW of the means).
    std::vector<Outcome> outcomes(int variant, int state) const;
    const std::vector<RecordedRun>& runs() const { return m_runs; }
    friend bool operator==(const RecordedRuns&, const RecordedRuns&) = default;

private:
    std::size_t index(int variant, int state, int action) const;
    Platform m_platform;
    DatasetOptions m_options;
    std::vector<RecordedRun> m_runs;                 ///< variant-major, then state, then action
    std::vector<std::vector<Sample>> m_background;   ///< per state
};

/// A noisy copy of a mean sample: FPS and every telemetry value × (1 + σ·N(0, 1)) drawn from
/// `gauss`, kept non-negative, CPU utilisations within 100 %.
Sample noisySample(const Sample& mean, double sigma, std::mt19937_64& rng, std::normal_distribution<double>& gauss);

/// The mean of samples (an empty list gives a zero sample).
Sample meanOf(const std::vector<Sample>& samples);

} // namespace mapscape::dpu
