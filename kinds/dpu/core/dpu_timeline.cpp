// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dpu/core/dpu_timeline.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace mapscape::dpu {

TimelineScenario defaultScenario(const Platform& p)
{
    TimelineScenario s;
    const int inc3 = p.findModel("InceptionV3");
    const int rx50 = p.findModel("ResNeXt-50");
    s.arrivals = {{0.0, p.variant(std::max(0, inc3), 0)}, {25.0, p.variant(std::max(0, rx50), 0)}};
    s.background = {{0.0, 0}, {15.0, 2}};
    s.durationS = 40;
    return s;
}

std::string phaseName(Phase p)
{
    switch (p) {
    case Phase::Running: return "running";
    case Phase::Telemetry: return "telemetry";
    case Phase::Inference: return "RL inference";
    case Phase::Reconfigure: return "reconfiguration";
    case Phase::Load: return "instruction loading";
    case Phase::Other: return "other";
    }
    return "?";
}

bool phaseServes(Phase p) { return p == Phase::Running || p == Phase::Telemetry || p == Phase::Inference; }

FieldIssues validate(const Platform& p, const TimelineScenario& s)
{
    FieldIssues issues;
    if (!(std::isfinite(s.durationS) && s.durationS > 0 && s.durationS <= 86400))
        issues.push_back({"duration_s", "must be in (0, 86400] seconds"});
    if (!(std::isfinite(s.sampleHz) && s.sampleHz > 0 && s.sampleHz <= 100))
        issues.push_back({"sample_hz", "must be in (0, 100]"});
    if (s.arrivals.empty())
        issues.push_back({"arrivals", "at least one model arrival is needed"});
    for (std::size_t i = 0; i < s.arrivals.size(); ++i) {
        const Arrival& a = s.arrivals[i];
        const std::string f = "arrivals[" + std::to_string(i) + "]";
        if (a.variant < 0 || a.variant >= p.variantCount())
            issues.push_back({f + ".variant", "no such model variant"});
        if (!(std::isfinite(a.timeS) && a.timeS >= 0))
            issues.push_back({f + ".time_s", "must be zero or positive"});
        if (i > 0 && a.timeS < s.arrivals[i - 1].timeS)
            issues.push_back({f + ".time_s", "arrivals must be in time order"});
    }
    if (!s.arrivals.empty() && s.arrivals.front().timeS != 0)
        issues.push_back({"arrivals[0].time_s", "the first model must arrive at 0 s"});
    if (s.background.empty() || s.background.front().startS != 0)
        issues.push_back({"background", "the first background phase must start at 0 s"});
    for (std::size_t i = 0; i < s.background.size(); ++i) {
        const BackgroundPhase& b = s.background[i];
        const std::string f = "background[" + std::to_string(i) + "]";
        if (b.state < 0 || b.state >= kStates)
            issues.push_back({f + ".state", "must be N, C or M"});
        if (i > 0 && !(b.startS >= s.background[i - 1].startS))
            issues.push_back({f + ".start_s", "phases must be in time order"});
    }
    const Overheads& o = s.overheads;
    for (auto [name, v] : {std::pair{"overheads.telemetry_ms", o.telemetryMs}, {"overheads.inference_ms", o.inferenceMs},
                           {"overheads.reconfigure_ms", o.reconfigureMs}, {"overheads.load_ms", o.loadMs},
                           {"overheads.other_ms", o.otherMs}}) {
        if (!(std::isfinite(v) && v >= 0 && v <= 60000))
            issues.push_back({name, "must be in [0, 60000] ms"});
    }
    return issues;
}

namespace {

int stateAt(const TimelineScenario& s, double t)
{
    int w = s.background.front().state;
    for (const BackgroundPhase& b : s.background) {
        if (b.startS <= t)
            w = b.state;
    }
    return w;
}

struct Mean {
    double fps = 0;
    double power = 0;
};

Mean meanOf(const Platform& p, const Segment& seg, int state)
{
    if (!phaseServes(seg.phase) || seg.action < 0 || seg.variant < 0)
        return {0.0, p.params.staticPowerW};
    const Outcome o = simulate(p, seg.variant, state, seg.action);
    return {o.fps, o.fpgaPowerW};
}

/// A decision point: an arrival, or a background change when the scenario decides on those.
struct Event {
    double t;
    int variant; // −1: background change (keeps the current model)
};

/// Decision points: arrivals, and background changes when asked, in time order.
std::vector<Event> decisionPoints(const TimelineScenario& s)
{
    std::vector<Event> events;
    for (const Arrival& a : s.arrivals)
        events.push_back({a.timeS, a.variant});
    if (s.decideOnBackgroundChange) {
        for (std::size_t i = 1; i < s.background.size(); ++i)
            events.push_back({s.background[i].startS, -1});
    }
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.t < b.t; });
    return events;
}

/// The frames after which a switch's own overhead energy is paid back by its better PPW, and
/// how long they take (−1 when it never is).
void breakEven(const Platform& p, const TimelineScenario& s, int previousVariant, Decision& d)
{
    // A new model needs its instructions anyway: only the reconfiguration is the switch's own
    // cost then.
    const double ownS = d.variant != previousVariant && s.reloadOnModelChange ? s.overheads.reconfigureMs / 1000 : d.pausedS;
    const double eOvh = ownS * p.params.staticPowerW;
    if (d.ppwAfter > d.ppwBefore && d.ppwBefore > 0) {
        d.breakEvenFrames = eOvh / (1.0 / d.ppwBefore - 1.0 / d.ppwAfter);
        const double fps = simulate(p, d.variant, d.state, d.to).fps;
        d.breakEvenS = fps > 0 ? d.breakEvenFrames / fps : 0;
    } else {
        d.breakEvenFrames = -1;
        d.breakEvenS = -1;
    }
}

/// The policy's decisions and the phases between them (running, then each decision's
/// telemetry, inference, reconfiguration and loading), up to the scenario's end.
void decide(const Platform& p, const TimelineScenario& s, const Policy& policy, Timeline& tl)
{
    const std::vector<Event> events = decisionPoints(s);
    int cur = -1, curV = -1;
    double now = 0;
    const auto push = [&](double start, double end, Phase phase, int action, int variant) {
        end = std::min(end, s.durationS);
        if (end > start)
            tl.segments.push_back({start, end, phase, action, variant});
    };
    const Overheads& o = s.overheads;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const Event& e = events[i];
        if (e.t >= s.durationS)
            break;
        // A decision cannot start before the previous one's overheads are over.
        const double t = std::max(e.t, now);
        if (e.variant < 0 && (i + 1 < events.size() && events[i + 1].t == e.t && events[i + 1].variant >= 0))
            continue; // an arrival at the same instant decides for both
        push(now, t, Phase::Running, cur, curV);
        const int v = e.variant >= 0 ? e.variant : curV;
        const int w = stateAt(s, t);
        double u = t;
        push(u, u + o.telemetryMs / 1000, Phase::Telemetry, cur, curV);
        u += o.telemetryMs / 1000;
        push(u, u + o.inferenceMs / 1000, Phase::Inference, cur, curV);
        u += o.inferenceMs / 1000;
        const int a = policy(v, w, observe(p, v, backgroundTelemetry(p, w), p.fpsConstraint));
        if (a < 0 || a >= int(p.actions.size()))
            throw InputError("timeline: the policy chose no valid configuration");
        Decision d;
        d.timeS = t;
        d.variant = v;
        d.state = w;
        d.from = cur;
        d.to = a;
        d.switched = a != cur;
        d.reloaded = d.switched || (v != curV && s.reloadOnModelChange);
        const double pauseStart = u;
        if (d.switched) {
            push(u, u + o.reconfigureMs / 1000, Phase::Reconfigure, a, -1);
            u += o.reconfigureMs / 1000;
        }
        if (d.reloaded) {
            push(u, u + o.loadMs / 1000, Phase::Load, a, -1);
            u += o.loadMs / 1000;
            push(u, u + o.otherMs / 1000, Phase::Other, a, -1);
            u += o.otherMs / 1000;
        }
        d.pausedS = u - pauseStart;
        d.overheadEnergyJ = d.pausedS * p.params.staticPowerW;
        d.ppwAfter = simulate(p, v, w, a).ppw;
        d.ppwBefore = cur >= 0 ? simulate(p, v, w, cur).ppw : 0;
        if (d.switched && cur >= 0)
            breakEven(p, s, curV, d);
        tl.decisions.push_back(d);
        cur = a;
        curV = v;
        now = u;
    }
    push(now, s.durationS, Phase::Running, cur, curV);
}

/// The segments split at background changes, with their frames and energy.
struct Pieces {
    std::vector<double> start, end, frames, energy;
};

/// Splits the segments at background changes and integrates frames and energy exactly.
Pieces integrate(const Platform& p, const TimelineScenario& s, Timeline& tl)
{
    Pieces pieces;
    for (const Segment& seg : tl.segments) {
        double a = seg.startS;
        while (a < seg.endS) {
            double b = seg.endS;
            for (const BackgroundPhase& ph : s.background) {
                if (ph.startS > a && ph.startS < b)
                    b = ph.startS;
            }
            const Mean m = meanOf(p, seg, stateAt(s, a));
            pieces.start.push_back(a);
            pieces.end.push_back(b);
            pieces.frames.push_back(m.fps * (b - a));
            pieces.energy.push_back(m.power * (b - a));
            tl.frames += m.fps * (b - a);
            tl.energyJ += m.power * (b - a);
            a = b;
        }
    }
    return pieces;
}

/// The telemetry at `sampleHz` with multiplicative noise, and the running PPW.
void sampleTelemetry(const Platform& p, const TimelineScenario& s, const Pieces& pieces, Timeline& tl)
{
    std::mt19937_64 rng(s.seed);
    std::normal_distribution<double> gauss(0.0, 1.0);
    const double sigma = p.params.telemetryNoise;
    std::size_t seg = 0, piece = 0;
    double framesSoFar = 0, energySoFar = 0;
    for (int k = 0;; ++k) {
        const double t = k / s.sampleHz;
        if (t >= s.durationS)
            break;
        while (seg + 1 < tl.segments.size() && tl.segments[seg].endS <= t)
            ++seg;
        while (piece < pieces.start.size() && pieces.end[piece] <= t) {
            framesSoFar += pieces.frames[piece];
            energySoFar += pieces.energy[piece];
            ++piece;
        }
        const Segment& sg = tl.segments[seg];
        TimelineSample x;
        x.timeS = t;
        x.state = stateAt(s, t);
        x.action = sg.action;
        x.variant = sg.variant;
        x.phase = sg.phase;
        const Mean m = meanOf(p, sg, x.state);
        Sample mean;
        mean.fps = m.fps;
        if (phaseServes(sg.phase) && sg.action >= 0 && sg.variant >= 0) {
            mean.telemetry = runTelemetry(p, sg.variant, x.state, sg.action);
        } else {
            mean.telemetry = backgroundTelemetry(p, x.state);
            mean.telemetry[kTelemetryPFpga] = p.params.staticPowerW;
        }
        const Sample noisy = noisySample(mean, sigma, rng, gauss);
        x.fps = noisy.fps;
        x.telemetry = noisy.telemetry;
        x.ppw = x.telemetry[kTelemetryPFpga] > 0 ? x.fps / x.telemetry[kTelemetryPFpga] : 0;
        // Running average up to t: the finished pieces plus the current one's part.
        double f = framesSoFar, e = energySoFar;
        if (piece < pieces.start.size() && pieces.start[piece] <= t) {
            const double share = (t - pieces.start[piece]) / (pieces.end[piece] - pieces.start[piece]);
            f += pieces.frames[piece] * share;
            e += pieces.energy[piece] * share;
        }
        x.runningPpw = e > 0 ? f / e : 0;
        tl.samples.push_back(x);
    }
}

} // namespace

Timeline simulateTimeline(const Platform& p, const TimelineScenario& s, const Policy& policy)
{
    requireValid(p);
    if (const FieldIssues issues = validate(p, s); !issues.empty())
        throw InputError("timeline: " + joinIssues(issues));
    Timeline tl;
    decide(p, s, policy, tl);
    const Pieces pieces = integrate(p, s, tl);
    sampleTelemetry(p, s, pieces, tl);
    return tl;
}

} // namespace mapscape::dpu
