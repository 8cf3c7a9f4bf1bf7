// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The runtime loop of seed 003 (Fig. 6, spec §3.4): models arrive over time under a changing
/// background load; on each arrival (and optionally on each background change) the manager
/// collects telemetry (88 ms) and runs the policy (20 ms) while the old configuration keeps
/// serving, then, if the configuration changes, reconfigures the FPGA (384 ms) and loads the
/// model's instructions (507 ms) with inference paused (plus an unaccounted 48 ms to the
/// paper's stated 1047 ms). Produces the 3 Hz telemetry trace, the configuration and overhead
/// segments, and each switch's energy break-even.

#include "kinds/dpu/core/dpu_bandit.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mapscape::dpu {

struct Overheads {
    double telemetryMs = 88;   ///< old configuration keeps serving
    double inferenceMs = 20;   ///< RL inference on the Arm; old configuration keeps serving
    double reconfigureMs = 384; ///< bitstream load: inference paused
    double loadMs = 507;       ///< instruction (xmodel) load: inference paused
    double otherMs = 48;       ///< unaccounted, to the paper's "about 1047 ms" (§7 #7); paused
    double total() const { return telemetryMs + inferenceMs + reconfigureMs + loadMs + otherMs; }
    friend bool operator==(const Overheads&, const Overheads&) = default;
};

struct Arrival {
    double timeS = 0;
    int variant = 0;
    friend bool operator==(const Arrival&, const Arrival&) = default;
};

struct BackgroundPhase {
    double startS = 0;
    int state = 0;
    friend bool operator==(const BackgroundPhase&, const BackgroundPhase&) = default;
};

struct TimelineScenario {
    std::vector<Arrival> arrivals;          ///< sorted by time; the first at 0 s
    std::vector<BackgroundPhase> background; ///< sorted by time; the first at 0 s
    double durationS = 40;
    Overheads overheads;
    bool decideOnBackgroundChange = false;  ///< also re-decide when the background state changes
    bool reloadOnModelChange = true;        ///< load instructions when only the model changes (§7 #19)
    double sampleHz = 3;
    std::uint64_t seed = 1;                 ///< telemetry noise
    friend bool operator==(const TimelineScenario&, const TimelineScenario&) = default;
};

/// Fig. 6's scenario: InceptionV3 from 0 s, the background turns to memory stress at 15 s,
/// ResNeXt-50 arrives at 25 s; 40 s in all.
TimelineScenario defaultScenario(const Platform& platform);

enum class Phase : std::uint8_t { Running, Telemetry, Inference, Reconfigure, Load, Other };
std::string phaseName(Phase p);
/// Whether inference runs during the phase (the old configuration keeps serving).
bool phaseServes(Phase p);

/// A stretch of time with one configuration, model and phase.
struct Segment {
    double startS = 0;
    double endS = 0;
    Phase phase = Phase::Running;
    int action = -1;  ///< the configuration loaded (−1: none yet)
    int variant = -1; ///< the model served (−1: none)
};

/// One 3 Hz sample of the trace.
struct TimelineSample {
    double timeS = 0;
    int state = 0;
    int action = -1;
    int variant = -1;
    Phase phase = Phase::Running;
    double fps = 0;
    double ppw = 0;
    double runningPpw = 0; ///< frames so far / FPGA energy so far
    Telemetry telemetry{};
};

/// One decision.
struct Decision {
    double timeS = 0;
    int variant = 0;
    int state = 0;
    int from = -1;
    int to = 0;
    bool switched = false;     ///< reconfigured
    bool reloaded = false;     ///< instructions loaded
    double pausedS = 0;        ///< inference paused
    double overheadEnergyJ = 0; ///< ∫P_FPGA over the paused phases
    double ppwBefore = 0;      ///< of the old configuration on the new model and state (0: none)
    double ppwAfter = 0;
    /// E_ovh / (1/PPW_old − 1/PPW_new): frames until the switch pays for itself (−1: never;
    /// 0: nothing to repay, e.g. the first decision).
    double breakEvenFrames = 0;
    double breakEvenS = 0;
};

struct Timeline {
    std::vector<Segment> segments;
    std::vector<TimelineSample> samples;
    std::vector<Decision> decisions;
    double frames = 0;
    double energyJ = 0;  ///< FPGA energy
    double meanPpw() const { return energyJ > 0 ? frames / energyJ : 0; }
};

/// Runs the scenario with `policy` choosing on each decision from the background's telemetry
/// (pre-action, as in training). Throws InputError on a bad scenario (field named).
Timeline simulateTimeline(const Platform& platform, const TimelineScenario& scenario, const Policy& policy);

/// Field-naming problems of a scenario.
FieldIssues validate(const Platform& platform, const TimelineScenario& scenario);

} // namespace mapscape::dpu
