// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dpu/core/dpu_platform.h"

#include "core/model/physical_range.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace mapscape::dpu {

namespace {

std::string num(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

} // namespace

std::string Platform::variantName(int v) const
{
    const CnnModel& m = models.at(std::size_t(modelOf(v)));
    const double p = pruning.at(std::size_t(pruningOf(v)));
    if (p == 0)
        return m.name;
    return m.name + "-PR" + std::to_string(int(std::lround(p * 100)));
}

std::string Platform::variantShortName(int v) const
{
    const CnnModel& m = models.at(std::size_t(modelOf(v)));
    const double p = pruning.at(std::size_t(pruningOf(v)));
    return (m.shortName.empty() ? m.name : m.shortName) + "/PR" + std::to_string(int(std::lround(p * 100)));
}

std::string Platform::actionName(int a) const
{
    const DpuConfig& c = actions.at(std::size_t(a));
    return sizes.at(std::size_t(c.size)).name + "_" + std::to_string(c.instances);
}

int Platform::findAction(const std::string& name) const
{
    for (int a = 0; a < int(actions.size()); ++a) {
        if (actionName(a) == name)
            return a;
    }
    return -1;
}

int Platform::findModel(const std::string& name) const
{
    for (int m = 0; m < int(models.size()); ++m) {
        if (models[std::size_t(m)].name == name || models[std::size_t(m)].shortName == name)
            return m;
    }
    return -1;
}

std::vector<DpuConfig> allConfigurations(const std::vector<DpuSize>& sizes)
{
    std::vector<DpuConfig> out;
    for (int s = 0; s < int(sizes.size()); ++s) {
        for (int n = 1; n <= sizes[std::size_t(s)].maxInstances; ++n)
            out.push_back({s, n});
    }
    return out;
}

Platform defaultPlatform()
{
    Platform p;
    // Table I: size (PP·ICP·OCP), maximum instances, selected instance counts.
    struct Row {
        const char* name;
        int pp, icp, ocp, maxN;
        std::vector<int> selected;
    };
    const std::vector<Row> rows{
        {"B512", 4, 8, 8, 8, {1, 4, 8}},       {"B800", 4, 10, 10, 7, {1, 4, 7}},
        {"B1024", 8, 8, 8, 6, {1, 3, 6}},      {"B1152", 4, 12, 12, 6, {1, 3, 6}},
        {"B1600", 8, 10, 10, 4, {1, 2, 3, 4}}, {"B2304", 8, 12, 12, 4, {1, 2, 3, 4}},
        {"B3136", 8, 14, 14, 3, {1, 2, 3}},    {"B4096", 8, 16, 16, 3, {1, 2, 3}},
    };
    for (const Row& r : rows) {
        p.sizes.push_back({r.name, r.pp, r.icp, r.ocp, r.maxN});
        for (int n : r.selected)
            p.actions.push_back({int(p.sizes.size()) - 1, n});
    }
    // Table III (latency and data I/O on B4096_1), parameters from torchvision/timm (spec §4.4).
    const auto model = [](const char* name, const char* shortName, double lat, double acc, int layers, double gmac,
                          double io, double bw, double ai, double eff, double params, bool test) {
        CnnModel m;
        m.name = name;
        m.shortName = shortName;
        m.latencyMs = lat;
        m.accuracy = acc;
        m.layers = layers;
        m.gmac = gmac;
        m.dataIoMb = io;
        m.bandwidthGbs = bw;
        m.arithmeticIntensity = ai;
        m.efficiency = eff;
        m.paramsM = params;
        m.test = test;
        return m;
    };
    p.models = {
        model("ResNet18", "R18", 4.43, 67.90, 18, 1.82, 12.13, 2.03, 149.83, 0.719, 11.69, false),
        model("ResNet50", "R50", 11.72, 77.60, 50, 4.10, 38.94, 2.85, 105.33, 0.590, 25.56, false),
        model("MobileNetV2", "MNv2", 3.21, 68.23, 53, 0.30, 5.74, 1.49, 52.49, 0.171, 3.50, false),
        model("DenseNet121", "D121", 17.39, 68.70, 98, 2.86, 43.74, 2.93, 65.28, 0.269, 7.98, false),
        model("InceptionV4", "Inc4", 32.23, 77.14, 150, 12.3, 89.00, 2.54, 138.23, 0.630, 42.68, false),
        model("RepVGG-A0", "RVGG", 4.83, 72.41, 45, 1.52, 11.84, 2.00, 128.26, 0.534, 8.3, false),
        model("ResNeXt-50", "RX50", 27.42, 76.21, 50, 11.41, 95.85, 3.17, 119.06, 0.689, 25.03, false),
        // Table III marks YOLOv5s "Test", but the text's 9 test variants are 3 models (§7 #5).
        model("YOLOv5s", "YOLO", 34.70, 42.10, 60, 8.26, 159.80, 3.27, 51.69, 0.429, 7.2, false),
        model("RegNetX-400MF", "RegX", 5.71, 70.15, 72, 1.57, 24.33, 3.76, 64.57, 0.474, 5.5, true),
        model("InceptionV3", "Inc3", 15.03, 77.03, 98, 5.74, 43.13, 2.46, 133.05, 0.635, 23.8, true),
        model("ResNet152", "R152", 30.81, 78.48, 152, 11.54, 76.52, 2.35, 150.81, 0.620, 60.19, true),
    };
    p.models.back().prunedAccuracy = {66.64, 0}; // Fig. 3: ResNet152-PR25
    return p;
}

FieldIssues validate(const Platform& p)
{
    FieldIssues issues;
    // Magnitudes stay within 1e-30..1e30 (physical_range.h), so that no FPS or PPW becomes inf
    // or NaN.
    const auto inRange = [&](const std::string& field, double v) {
        if (!inPhysicalRange(v))
            issues.push_back({field, std::string(kPhysicalRangeText) + ", got " + num(v)});
    };
    const auto positive = [&](const std::string& field, double v) {
        if (!(std::isfinite(v) && v > 0))
            issues.push_back({field, "must be positive, got " + num(v)});
        else
            inRange(field, v);
    };
    const auto nonNegative = [&](const std::string& field, double v) {
        if (!(std::isfinite(v) && v >= 0))
            issues.push_back({field, "must be zero or positive, got " + num(v)});
        else
            inRange(field, v);
    };
    const auto fraction = [&](const std::string& field, double v) {
        if (!(std::isfinite(v) && v >= 0 && v <= 1))
            issues.push_back({field, "must be in [0, 1], got " + num(v)});
    };
    // A list's entries, each checked under its field ("sizes[2]"); `needed`: the issue when the
    // list is empty (none where it may be).
    const auto each = [&](const auto& list, const std::string& key, const char* needed, const auto& check) {
        if (needed && list.empty())
            issues.push_back({key, needed});
        for (std::size_t i = 0; i < list.size(); ++i)
            check(list[i], key + "[" + std::to_string(i) + "]");
    };
    const auto named = [&](const std::string& f, const std::string& name) {
        if (name.empty())
            issues.push_back({f + ".name", "must not be empty"});
    };
    each(p.sizes, "sizes", "at least one DPU size is needed", [&](const DpuSize& s, const std::string& f) {
        named(f, s.name);
        for (auto [key, v] :
             {std::pair{".pp", s.pp}, {".icp", s.icp}, {".ocp", s.ocp}, {".max_instances", s.maxInstances}}) {
            if (v <= 0)
                issues.push_back({f + key, "must be positive, got " + std::to_string(v)});
        }
    });
    each(p.actions, "actions", "at least one configuration is needed", [&](const DpuConfig& c, const std::string& f) {
        if (c.size < 0 || c.size >= int(p.sizes.size())) {
            issues.push_back({f + ".size", "no such DPU size"});
            return;
        }
        const int maxN = p.sizes[std::size_t(c.size)].maxInstances;
        if (c.instances < 1 || c.instances > maxN)
            issues.push_back({f + ".instances", "must be in [1, " + std::to_string(maxN) + "] for " +
                                                    p.sizes[std::size_t(c.size)].name + ", got " +
                                                    std::to_string(c.instances)});
    });
    each(p.models, "models", "at least one model is needed", [&](const CnnModel& m, const std::string& f) {
        named(f, m.name);
        positive(f + ".latency_ms", m.latencyMs);
        positive(f + ".gmac", m.gmac);
        positive(f + ".data_io_mb", m.dataIoMb);
        positive(f + ".params_m", m.paramsM);
        if (!(std::isfinite(m.efficiency) && m.efficiency > 0 && m.efficiency <= 1))
            issues.push_back({f + ".efficiency", "must be in (0, 1], got " + num(m.efficiency)});
        if (m.layers <= 0)
            issues.push_back({f + ".layers", "must be positive, got " + std::to_string(m.layers)});
    });
    each(p.pruning, "pruning", "at least one pruning level (0 for the unpruned model) is needed",
         [&](double level, const std::string& f) {
             if (!(std::isfinite(level) && level >= 0 && level < 1))
                 issues.push_back({f, "must be in [0, 1), got " + num(level)});
         });
    positive("fps_constraint", p.fpsConstraint);
    const PlatformParams& q = p.params;
    positive("params.clock_mhz", q.clockMhz);
    positive("params.memory_bandwidth_gbs", q.memoryBandwidthGbs);
    nonNegative("params.memory_stall", q.memoryStall);
    nonNegative("params.stall_exponent", q.stallExponent);
    nonNegative("params.cpu_interference", q.cpuInterference);
    nonNegative("params.power_per_instance_w", q.powerPerInstanceW);
    nonNegative("params.power_per_size_w", q.powerPerSizeW);
    fraction("params.idle_fraction", q.idleFraction);
    positive("params.static_power_w", q.staticPowerW); // keeps PPW finite when idle
    inRange("params.gamma_intercept", q.gammaIntercept);
    inRange("params.gamma_slope", q.gammaSlope);
    nonNegative("params.pruning_exponent", q.pruningExponent);
    positive("params.host_floor_ms", q.hostFloorMs);
    nonNegative("params.arm_idle_w", q.armIdleW);
    nonNegative("params.arm_per_util_w", q.armPerUtilW);
    if (!(std::isfinite(q.telemetryNoise) && q.telemetryNoise >= 0 && q.telemetryNoise < 0.5))
        issues.push_back({"params.telemetry_noise", "must be in [0, 0.5), got " + num(q.telemetryNoise)});
    fraction("params.read_share_ldfm", q.readShareLdfm);
    fraction("params.background_read_share", q.backgroundReadShare);
    positive("params.frames_per_run", q.framesPerRun);
    each(q.states, "params.states", nullptr, [&](const BackgroundState& s, const std::string& f) {
        named(f, s.name);
        nonNegative(f + ".bandwidth_gbs", s.bandwidthGbs);
        if (std::isfinite(s.bandwidthGbs) && std::isfinite(q.memoryBandwidthGbs) && s.bandwidthGbs >= q.memoryBandwidthGbs)
            issues.push_back({f + ".bandwidth_gbs", "must be below the DDR bandwidth (" + num(q.memoryBandwidthGbs) +
                                                         " GB/s), got " + num(s.bandwidthGbs)});
        fraction(f + ".cpu_load", s.cpuLoad);
        if (!(std::isfinite(s.cpuCores) && s.cpuCores > 0 && s.cpuCores <= kCpuCores))
            issues.push_back({f + ".cpu_cores", "must be in (0, 4], got " + num(s.cpuCores)});
        nonNegative(f + ".instance_overhead", s.instanceOverhead);
    });
    for (const auto& [key, c] : p.corrections) {
        const auto [v, w, a] = key;
        const std::string f = "corrections[" + std::to_string(v) + "," + std::to_string(w) + "," + std::to_string(a) + "]";
        if (v < 0 || v >= p.variantCount() || w < 0 || w >= kStates || a < 0 || a >= int(p.actions.size()))
            issues.push_back({f, "refers to no variant, state or configuration"});
        positive(f + ".fps", c.fps);
        positive(f + ".power", c.power);
    }
    return issues;
}

void requireValid(const Platform& p)
{
    const FieldIssues issues = validate(p);
    if (!issues.empty())
        throw InputError("invalid DPU platform: " + joinIssues(issues));
}

const std::array<std::string, kObservationSize>& observationNames()
{
    static const std::array<std::string, kObservationSize> names{
        "CPU_0",  "CPU_1",  "CPU_2",  "CPU_3",  "MEMR_0", "MEMR_1", "MEMR_2", "MEMR_3",
        "MEMR_4", "MEMW_0", "MEMW_1", "MEMW_2", "MEMW_3", "MEMW_4", "P_FPGA", "P_ARM",
        "GMAC",   "LDFM",   "LDWB",   "STFM",   "PARAM",  "C_PERF"};
    return names;
}

namespace {

double pruningScale(const Platform& p, int variant)
{
    return std::pow(1.0 - p.pruning[std::size_t(p.pruningOf(variant))], p.params.pruningExponent);
}

} // namespace

StaticFeatures staticFeatures(const Platform& p, int variant)
{
    const CnnModel& m = p.models.at(std::size_t(p.modelOf(variant)));
    const double ratio = p.pruning.at(std::size_t(p.pruningOf(variant)));
    const double scale = pruningScale(p, variant);
    StaticFeatures f;
    f.gmac = m.gmac * scale;
    f.params = m.paramsM * 1e6 * (1.0 - ratio);
    // INT8 weights are loaded once per image (LDWB); the rest of the data I/O is feature maps.
    const double total = m.dataIoMb * 1e6 * scale;
    f.ldwbBytes = std::min(total, f.params);
    const double rest = total - f.ldwbBytes;
    f.ldfmBytes = rest * p.params.readShareLdfm;
    f.stfmBytes = rest - f.ldfmBytes;
    return f;
}

Outcome simulateUncorrected(const Platform& p, int variant, int state, int action)
{
    const PlatformParams& q = p.params;
    const CnnModel& m = p.models.at(std::size_t(p.modelOf(variant)));
    const BackgroundState& w = q.states.at(std::size_t(state));
    const DpuConfig& c = p.actions.at(std::size_t(action));
    const DpuSize& s = p.sizes.at(std::size_t(c.size));
    const double scale = pruningScale(p, variant);
    const double n = c.instances;

    // Table III's B4096_1 latency splits into DPU time and host time (§4.4).
    const double refMacsPerMs = kMacRef * q.clockMhz * 1e3; // MAC per ms
    const double tIdealRef = m.gmac * 1e9 / refMacsPerMs;
    const double tBusyRef = tIdealRef / m.efficiency;
    const double tHost = std::max(q.hostFloorMs, m.latencyMs - tBusyRef);
    const double tIdeal = tIdealRef * scale;
    const double tBusy = tBusyRef * scale;
    const double dataMb = m.dataIoMb * scale;

    // Amdahl-like size scaling: the ideal part scales with the MAC array, the inefficiency part
    // with an efficiency-dependent exponent.
    const double sizeRatio = kMacRef / double(s.macsPerCycle());
    const double gamma = std::clamp(q.gammaIntercept + q.gammaSlope * (m.efficiency - 0.171), 0.0, 1.0);
    const double tDpu = tIdeal * sizeRatio + (tBusy - tIdeal) * std::pow(sizeRatio, gamma);
    const double tDpuEff =
        tDpu * (1.0 + q.memoryStall * (w.bandwidthGbs / q.memoryBandwidthGbs) * std::pow(1.0 / sizeRatio, q.stallExponent));
    const double tHostEff = tHost * (1.0 + q.cpuInterference * w.cpuLoad);

    // Contention between instances slows each DPU (it stays busy, drawing dynamic power): the
    // instance overhead stretches the DPU time. This reading reproduces every figure the spec
    // gives for its calibrated simulator (e.g. MobileNetV2 on B2304_2 in N: 445 FPS, 8.29 W;
    // ResNet152 on B3136_2 in M: 30.0 FPS, 9.56 W).
    const double tDpuShared = tDpuEff * (1.0 + w.instanceOverhead * (n - 1));
    Outcome o;
    o.dpuMs = tDpuShared;
    o.hostMs = tHostEff;
    const double fps0 = n * 1000.0 / (tDpuShared + tHostEff);
    const double fpsDdr = (q.memoryBandwidthGbs - w.bandwidthGbs) * 1000.0 / dataMb;
    const double fpsCpu = w.cpuCores * 1000.0 / tHostEff;
    o.fps = fps0;
    if (fpsDdr < o.fps) {
        o.fps = fpsDdr;
        o.limiter = 1;
    }
    if (fpsCpu < o.fps) {
        o.fps = fpsCpu;
        o.limiter = 2;
    }
    o.busy = std::min(1.0, (o.fps / n) * tDpuShared / 1000.0);
    const double perInstance = q.powerPerInstanceW + q.powerPerSizeW * double(s.macsPerCycle()) / kMacRef;
    o.fpgaPowerW = q.staticPowerW + n * perInstance * (q.idleFraction + (1.0 - q.idleFraction) * o.busy);
    o.ppw = o.fpgaPowerW > 0 ? o.fps / o.fpgaPowerW : 0;
    const double workerCores = o.fps * tHostEff / 1000.0;
    const double cpuMean = std::min(100.0, 100.0 * w.cpuLoad + 100.0 * workerCores / kCpuCores);
    o.armPowerW = q.armIdleW + q.armPerUtilW * cpuMean / 100.0;
    return o;
}

Outcome simulate(const Platform& p, int variant, int state, int action)
{
    Outcome o = simulateUncorrected(p, variant, state, action);
    if (const auto it = p.corrections.find({variant, state, action}); it != p.corrections.end()) {
        o.fps *= it->second.fps;
        o.fpgaPowerW *= it->second.power;
        o.ppw = o.fpgaPowerW > 0 ? o.fps / o.fpgaPowerW : 0;
    }
    return o;
}

Telemetry backgroundTelemetry(const Platform& p, int state)
{
    const PlatformParams& q = p.params;
    const BackgroundState& w = q.states.at(std::size_t(state));
    Telemetry t{};
    for (int i = 0; i < kCpuCores; ++i)
        t[std::size_t(i)] = std::min(100.0, 100.0 * w.cpuLoad);
    t[kCpuCores + 0] = w.bandwidthGbs * 1000.0 * q.backgroundReadShare;
    t[kCpuCores + kMemoryPorts + 0] = w.bandwidthGbs * 1000.0 * (1.0 - q.backgroundReadShare);
    t[kTelemetryPFpga] = q.staticPowerW;
    t[kTelemetryPArm] = q.armIdleW + q.armPerUtilW * std::min(1.0, w.cpuLoad);
    return t;
}

Telemetry runTelemetry(const Platform& p, int variant, int state, int action)
{
    const Outcome o = simulate(p, variant, state, action);
    Telemetry t = backgroundTelemetry(p, state);
    const DpuConfig& c = p.actions.at(std::size_t(action));
    // The worker threads (one per instance) share the four cores.
    const double workerCores = o.fps * o.hostMs / 1000.0;
    for (int i = 0; i < kCpuCores; ++i)
        t[std::size_t(i)] = std::min(100.0, t[std::size_t(i)] + 100.0 * workerCores / kCpuCores);
    const StaticFeatures f = staticFeatures(p, variant);
    const double totalMb = f.dataBytes() / 1e6;
    const double readShare = totalMb > 0 ? (f.ldfmBytes + f.ldwbBytes) / f.dataBytes() : 0.5;
    const double perInstanceMbs = o.fps * totalMb / c.instances;
    // DPU instances map round-robin onto the HP ports 1..4; port 0 carries the CPU's traffic.
    for (int i = 0; i < c.instances; ++i) {
        const int port = 1 + i % (kMemoryPorts - 1);
        t[std::size_t(kCpuCores + port)] += perInstanceMbs * readShare;
        t[std::size_t(kCpuCores + kMemoryPorts + port)] += perInstanceMbs * (1.0 - readShare);
    }
    double cpuMean = 0;
    for (int i = 0; i < kCpuCores; ++i)
        cpuMean += t[std::size_t(i)] / kCpuCores;
    t[kTelemetryPFpga] = o.fpgaPowerW;
    t[kTelemetryPArm] = p.params.armIdleW + p.params.armPerUtilW * cpuMean / 100.0;
    return t;
}

Optimum optimum(const std::vector<Outcome>& outcomes, double constraint)
{
    Optimum best;
    double bestPpw = -1;
    for (int a = 0; a < int(outcomes.size()); ++a) {
        const Outcome& o = outcomes[std::size_t(a)];
        if (o.feasible(constraint) && o.ppw > bestPpw) {
            bestPpw = o.ppw;
            best.action = a;
            best.feasible = true;
        }
    }
    if (best.feasible)
        return best;
    for (int a = 0; a < int(outcomes.size()); ++a) {
        if (outcomes[std::size_t(a)].ppw > bestPpw) {
            bestPpw = outcomes[std::size_t(a)].ppw;
            best.action = a;
        }
    }
    return best;
}

std::vector<Outcome> outcomesOf(const Platform& p, int variant, int state)
{
    std::vector<Outcome> out;
    out.reserve(p.actions.size());
    for (int a = 0; a < int(p.actions.size()); ++a)
        out.push_back(simulate(p, variant, state, a));
    return out;
}

} // namespace mapscape::dpu
