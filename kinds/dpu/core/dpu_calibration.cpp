// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dpu/core/dpu_calibration.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <sstream>

namespace mapscape::dpu {

std::string Anchor::description() const
{
    static const char* const kStateNames[] = {"N", "C", "M"};
    std::ostringstream s;
    s << model;
    if (pruningLevel == 1)
        s << "-PR25";
    else if (pruningLevel == 2)
        s << "-PR50";
    s << " in " << kStateNames[std::clamp(state, 0, 2)] << ": ";
    if (kind == Kind::BestConfiguration)
        s << "best " << configuration;
    else
        s << "B4096_1 / B512_1 speed-up " << value << "×";
    return s.str();
}

std::vector<Anchor> paperAnchors()
{
    using K = Anchor::Kind;
    return {
        {K::BestConfiguration, "ResNet152", 0, 0, "B4096_1", 0, 0, "Fig. 1"},
        {K::BestConfiguration, "MobileNetV2", 0, 0, "B2304_2", 0, 0, "Fig. 1, Fig. 2"},
        {K::BestConfiguration, "MobileNetV2", 0, 1, "B1600_2", 0, 0, "Fig. 2"},
        {K::BestConfiguration, "MobileNetV2", 0, 2, "B1600_2", 0, 0, "Fig. 2"},
        {K::BestConfiguration, "ResNet152", 0, 2, "B3136_2", 0, 0, "Fig. 2"},
        {K::BestConfiguration, "ResNet152", 1, 0, "B3136_1", 0, 0, "Fig. 3"},
        {K::Speedup, "MobileNetV2", 0, 0, "", 2.6, 0.10, "Fig. 1"},
        {K::Speedup, "ResNet152", 0, 0, "", 5.8, 0.10, "Fig. 1"},
    };
}

namespace {

std::string fixed(double v, int digits)
{
    std::ostringstream s;
    s.setf(std::ios::fixed);
    s.precision(digits);
    s << v;
    return s.str();
}

AnchorResult checkOne(const Platform& p, const Anchor& a)
{
    AnchorResult r;
    r.anchor = a;
    const int model = p.findModel(a.model);
    if (model < 0 || a.pruningLevel < 0 || a.pruningLevel >= int(p.pruning.size()) || a.state < 0 || a.state >= kStates) {
        r.applicable = false;
        return r;
    }
    const int v = p.variant(model, a.pruningLevel);
    if (a.kind == Anchor::Kind::Speedup) {
        const int big = p.findAction("B4096_1");
        const int small = p.findAction("B512_1");
        if (big < 0 || small < 0) {
            r.applicable = false;
            return r;
        }
        const double speedup = simulate(p, v, a.state, big).fps / simulate(p, v, a.state, small).fps;
        r.found = fixed(speedup, 2) + "×";
        r.margin = speedup / a.value - 1.0;
        r.pass = std::abs(r.margin) <= a.tolerance;
        return r;
    }
    const int target = p.findAction(a.configuration);
    if (target < 0) {
        r.applicable = false;
        return r;
    }
    const std::vector<Outcome> outcomes = outcomesOf(p, v, a.state);
    const Optimum best = optimum(outcomes, p.fpsConstraint);
    const Outcome& o = outcomes[std::size_t(best.action)];
    r.found = p.actionName(best.action);
    r.fps = o.fps;
    r.powerW = o.fpgaPowerW;
    r.ppw = o.ppw;
    r.targetPpw = outcomes[std::size_t(target)].ppw;
    double other = 0;
    for (int i = 0; i < int(outcomes.size()); ++i) {
        if (i != target && outcomes[std::size_t(i)].feasible(p.fpsConstraint))
            other = std::max(other, outcomes[std::size_t(i)].ppw);
    }
    const bool targetFeasible = outcomes[std::size_t(target)].feasible(p.fpsConstraint);
    if (!targetFeasible)
        r.margin = -1.0;
    else if (other <= 0)
        r.margin = 1.0;
    else
        r.margin = std::log(r.targetPpw / other);
    r.pass = best.feasible && best.action == target;
    return r;
}

} // namespace

std::vector<AnchorResult> checkAnchors(const Platform& platform, const std::vector<Anchor>& anchors)
{
    std::vector<AnchorResult> out;
    for (const Anchor& a : anchors)
        out.push_back(checkOne(platform, a));
    return out;
}

double maxFpsRatio(const Platform& p, int state)
{
    double sum = 0;
    int n = 0;
    for (int v = 0; v < p.variantCount(); ++v) {
        if (!p.models[std::size_t(p.modelOf(v))].test)
            continue;
        const std::vector<Outcome> o = outcomesOf(p, v, state);
        const Optimum best = optimum(o, p.fpsConstraint);
        const auto fastest =
            std::max_element(o.begin(), o.end(), [](const Outcome& a, const Outcome& b) { return a.fps < b.fps; });
        sum += fastest->ppw / o[std::size_t(best.action)].ppw;
        ++n;
    }
    return n > 0 ? sum / n : 0;
}

double calibrationObjective(const Platform& p, const std::vector<Anchor>& anchors, const CalibrationOptions& o)
{
    double score = 0;
    for (const AnchorResult& r : checkAnchors(p, anchors)) {
        if (!r.applicable)
            continue;
        if (r.anchor.kind == Anchor::Kind::Speedup)
            score -= std::max(0.0, std::abs(r.margin) - r.anchor.tolerance);
        else
            score += std::min(o.marginCap, r.margin);
    }
    if (o.ratioWeight > 0)
        score -= o.ratioWeight * (std::abs(maxFpsRatio(p, 1) - o.targetRatioC) + std::abs(maxFpsRatio(p, 2) - o.targetRatioM));
    return score;
}

namespace {

/// A calibratable parameter: accessor and bounds.
struct Knob {
    std::function<double&(PlatformParams&)> ref;
    double lo;
    double hi;
};

std::vector<Knob> knobs()
{
    std::vector<Knob> k{
        {[](PlatformParams& q) -> double& { return q.memoryBandwidthGbs; }, 8, 25},
        {[](PlatformParams& q) -> double& { return q.memoryStall; }, 0, 20},
        {[](PlatformParams& q) -> double& { return q.stallExponent; }, 0, 6},
        {[](PlatformParams& q) -> double& { return q.cpuInterference; }, 0, 40},
        {[](PlatformParams& q) -> double& { return q.powerPerInstanceW; }, 0.2, 6},
        {[](PlatformParams& q) -> double& { return q.powerPerSizeW; }, 0.2, 8},
        {[](PlatformParams& q) -> double& { return q.idleFraction; }, 0, 1},
        {[](PlatformParams& q) -> double& { return q.staticPowerW; }, 0.1, 4},
    };
    for (int w = 0; w < kStates; ++w) {
        k.push_back({[w](PlatformParams& q) -> double& { return q.states[std::size_t(w)].instanceOverhead; }, 0, 1});
        k.push_back({[w](PlatformParams& q) -> double& { return q.states[std::size_t(w)].cpuCores; }, 0.5, 4});
    }
    // Background traffic of C and M (N is "no extra load" and stays put).
    for (int w = 1; w < kStates; ++w)
        k.push_back({[w](PlatformParams& q) -> double& { return q.states[std::size_t(w)].bandwidthGbs; }, 0, 7.5});
    return k;
}

} // namespace

CalibrationResult calibrate(const Platform& platform, const std::vector<Anchor>& anchors, const CalibrationOptions& o,
                            std::stop_token stop, const std::function<void(double, double)>& progress)
{
    requireValid(platform);
    if (o.restarts < 1 || o.stepsPerRestart < 1)
        throw InputError("calibration: restarts and steps per restart must be at least 1");
    const std::vector<Knob> ks = knobs();
    std::mt19937_64 rng(o.seed);
    CalibrationResult result;
    Platform work = platform;
    const auto score = [&](const PlatformParams& q) {
        work.params = q;
        ++result.evaluations;
        // Keep the background below the DDR bandwidth (validation would reject it).
        for (const BackgroundState& s : q.states) {
            if (s.bandwidthGbs >= q.memoryBandwidthGbs)
                return -std::numeric_limits<double>::infinity();
        }
        return calibrationObjective(work, anchors, o);
    };
    const auto passed = [&](const PlatformParams& q) {
        work.params = q;
        int n = 0;
        for (const AnchorResult& r : checkAnchors(work, anchors))
            n += r.applicable && r.pass ? 1 : 0;
        return n;
    };
    result.params = platform.params;
    result.initialObjective = result.objective = score(platform.params);
    result.initialAnchorsPassed = passed(platform.params);

    const int total = o.restarts * o.stepsPerRestart;
    int done = 0;
    for (int restart = 0; restart < o.restarts && !stop.stop_requested(); ++restart) {
        // The first restart starts from the current parameters, the others from random points.
        PlatformParams current = platform.params;
        if (restart > 0) {
            for (const Knob& k : ks)
                k.ref(current) = std::uniform_real_distribution<double>(k.lo, k.hi)(rng);
        }
        double currentScore = score(current);
        double stepSize = 0.25;
        for (int step = 0; step < o.stepsPerRestart && !stop.stop_requested(); ++step, ++done) {
            PlatformParams trial = current;
            // Move one to three parameters by a relative step within their bounds.
            const int moves = 1 + int(std::uniform_int_distribution<int>(0, 2)(rng));
            for (int m = 0; m < moves; ++m) {
                const Knob& k = ks[std::uniform_int_distribution<std::size_t>(0, ks.size() - 1)(rng)];
                double& v = k.ref(trial);
                const double span = k.hi - k.lo;
                v = std::clamp(v + std::normal_distribution<double>(0.0, stepSize * span * 0.5)(rng), k.lo, k.hi);
            }
            const double s = score(trial);
            if (s >= currentScore) {
                current = trial;
                currentScore = s;
            } else if (step % 50 == 49) {
                stepSize = std::max(0.02, stepSize * 0.7);
            }
            if (progress && done % 100 == 0)
                progress(double(done) / total, std::max(result.objective, currentScore));
        }
        if (currentScore > result.objective) {
            result.objective = currentScore;
            result.params = current;
        }
    }
    work.params = result.params;
    result.anchorsPassed = passed(result.params);
    result.ratioC = maxFpsRatio(work, 1);
    result.ratioM = maxFpsRatio(work, 2);
    if (progress)
        progress(1.0, result.objective);
    return result;
}

} // namespace mapscape::dpu
