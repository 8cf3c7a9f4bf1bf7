// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dpu/core/dpu_dataset.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace mapscape::dpu {

Sample meanOf(const std::vector<Sample>& samples)
{
    Sample m;
    if (samples.empty())
        return m;
    for (const Sample& s : samples) {
        m.fps += s.fps;
        for (int i = 0; i < kTelemetrySize; ++i)
            m.telemetry[std::size_t(i)] += s.telemetry[std::size_t(i)];
    }
    const double n = double(samples.size());
    m.fps /= n;
    for (double& v : m.telemetry)
        v /= n;
    return m;
}

Sample noisySample(const Sample& mean, double sigma, std::mt19937_64& rng, std::normal_distribution<double>& gauss)
{
    Sample s;
    s.fps = std::max(0.0, mean.fps * (1.0 + sigma * gauss(rng)));
    for (int i = 0; i < kTelemetrySize; ++i) {
        double v = std::max(0.0, mean.telemetry[std::size_t(i)] * (1.0 + sigma * gauss(rng)));
        if (i < kCpuCores)
            v = std::min(100.0, v);
        s.telemetry[std::size_t(i)] = v;
    }
    return s;
}

namespace {

/// Each recorded sample starts a fresh distribution (the recorded runs' noise sequence).
Sample noisy(const Sample& mean, double sigma, std::mt19937_64& rng)
{
    std::normal_distribution<double> gauss(0.0, 1.0);
    return noisySample(mean, sigma, rng, gauss);
}

} // namespace

RecordedRuns RecordedRuns::generate(const Platform& platform, const DatasetOptions& options)
{
    requireValid(platform);
    if (options.maxSamplesPerRun < 1)
        throw InputError("max_samples_per_run: must be at least 1, got " + std::to_string(options.maxSamplesPerRun));
    if (options.backgroundSamples < 1)
        throw InputError("background_samples: must be at least 1, got " + std::to_string(options.backgroundSamples));
    RecordedRuns r;
    r.m_platform = platform;
    r.m_options = options;
    std::mt19937_64 rng(options.seed);
    const double sigma = platform.params.telemetryNoise;
    for (int w = 0; w < kStates; ++w) {
        Sample mean;
        mean.telemetry = backgroundTelemetry(platform, w);
        std::vector<Sample> bg;
        for (int i = 0; i < options.backgroundSamples; ++i)
            bg.push_back(noisy(mean, sigma, rng));
        r.m_background.push_back(std::move(bg));
    }
    const int actions = int(platform.actions.size());
    r.m_runs.reserve(std::size_t(platform.variantCount() * kStates * actions));
    for (int v = 0; v < platform.variantCount(); ++v) {
        for (int w = 0; w < kStates; ++w) {
            for (int a = 0; a < actions; ++a) {
                Sample mean;
                mean.fps = simulate(platform, v, w, a).fps;
                mean.telemetry = runTelemetry(platform, v, w, a);
                const double seconds = mean.fps > 0 ? platform.params.framesPerRun / mean.fps : 1e9;
                const int n = int(std::clamp(std::ceil(3.0 * seconds), 3.0, double(options.maxSamplesPerRun)));
                RecordedRun run;
                for (int i = 0; i < n; ++i)
                    run.samples.push_back(noisy(mean, sigma, rng));
                run.mean = meanOf(run.samples);
                r.m_runs.push_back(std::move(run));
            }
        }
    }
    return r;
}

RecordedRuns RecordedRuns::fromRuns(Platform platform, DatasetOptions options, std::vector<RecordedRun> runs,
                                    std::vector<std::vector<Sample>> background)
{
    requireValid(platform);
    const std::size_t expected = std::size_t(platform.variantCount()) * kStates * platform.actions.size();
    if (runs.size() != expected)
        throw InputError("recorded runs: expected " + std::to_string(expected) + " runs (variants × 3 states × " +
                         std::to_string(platform.actions.size()) + " configurations), got " + std::to_string(runs.size()));
    if (background.size() != kStates)
        throw InputError("recorded runs: background: expected samples for 3 states, got " + std::to_string(background.size()));
    for (std::size_t w = 0; w < background.size(); ++w) {
        if (background[w].empty())
            throw InputError("recorded runs: background[" + std::to_string(w) + "]: needs at least one sample");
    }
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (runs[i].samples.empty())
            throw InputError("recorded runs: runs[" + std::to_string(i) + "]: needs at least one sample");
        runs[i].mean = meanOf(runs[i].samples);
    }
    RecordedRuns r;
    r.m_platform = std::move(platform);
    r.m_options = options;
    r.m_runs = std::move(runs);
    r.m_background = std::move(background);
    return r;
}

std::size_t RecordedRuns::index(int variant, int state, int action) const
{
    if (variant < 0 || variant >= variants() || state < 0 || state >= kStates || action < 0 || action >= actions())
        throw std::out_of_range("RecordedRuns: no run (" + std::to_string(variant) + ", " + std::to_string(state) + ", " +
                                std::to_string(action) + ")");
    return (std::size_t(variant) * kStates + std::size_t(state)) * std::size_t(actions()) + std::size_t(action);
}

const RecordedRun& RecordedRuns::run(int variant, int state, int action) const
{
    return m_runs[index(variant, state, action)];
}

Sample RecordedRuns::backgroundMean(int state) const { return meanOf(background(state)); }

std::vector<Outcome> RecordedRuns::outcomes(int variant, int state) const
{
    std::vector<Outcome> out;
    out.reserve(std::size_t(actions()));
    for (int a = 0; a < actions(); ++a) {
        const Sample& m = run(variant, state, a).mean;
        Outcome o;
        o.fps = m.fps;
        o.fpgaPowerW = m.fpgaPowerW();
        o.armPowerW = m.telemetry[kTelemetryPArm];
        o.ppw = m.ppw();
        out.push_back(o);
    }
    return out;
}

} // namespace mapscape::dpu
