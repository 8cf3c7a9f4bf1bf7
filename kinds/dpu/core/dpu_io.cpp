// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dpu/core/dpu_io.h"

#include "core/io/file_util.h"
#include "core/io/object_reader.h"
#include "core/io/preset_library.h"
#include "core/util/strings.h"

#include <cmath>

namespace mapscape {

using io::checkSchema;
using io::JsonDocument;
using io::ObjectReader;
using nlohmann::json;
using ojson = nlohmann::ordered_json;
using namespace dpu;

namespace {

/// Samples are stored with 6 significant digits (the 3 Hz telemetry is noisy to 3 %).
double rounded(double v)
{
    if (v == 0 || !std::isfinite(v))
        return v;
    const double scale = std::pow(10.0, 5 - int(std::floor(std::log10(std::abs(v)))));
    return std::round(v * scale) / scale;
}

ojson paramsJson(const PlatformParams& q)
{
    ojson j;
    j["clock_mhz"] = q.clockMhz;
    j["memory_bandwidth_gbs"] = q.memoryBandwidthGbs;
    j["memory_stall"] = q.memoryStall;
    j["stall_exponent"] = q.stallExponent;
    j["cpu_interference"] = q.cpuInterference;
    j["power_per_instance_w"] = q.powerPerInstanceW;
    j["power_per_size_w"] = q.powerPerSizeW;
    j["idle_fraction"] = q.idleFraction;
    j["static_power_w"] = q.staticPowerW;
    j["gamma_intercept"] = q.gammaIntercept;
    j["gamma_slope"] = q.gammaSlope;
    j["pruning_exponent"] = q.pruningExponent;
    j["host_floor_ms"] = q.hostFloorMs;
    j["arm_idle_w"] = q.armIdleW;
    j["arm_per_util_w"] = q.armPerUtilW;
    j["telemetry_noise"] = q.telemetryNoise;
    j["read_share_ldfm"] = q.readShareLdfm;
    j["background_read_share"] = q.backgroundReadShare;
    j["frames_per_run"] = q.framesPerRun;
    ojson states = ojson::array();
    for (const BackgroundState& s : q.states) {
        states.push_back({{"name", s.name},
                          {"title", s.title},
                          {"bandwidth_gbs", s.bandwidthGbs},
                          {"cpu_load", s.cpuLoad},
                          {"cpu_cores", s.cpuCores},
                          {"instance_overhead", s.instanceOverhead}});
    }
    j["states"] = states;
    return j;
}

void readParams(ObjectReader& r, PlatformParams& q)
{
    q.clockMhz = r.real("clock_mhz", q.clockMhz);
    q.memoryBandwidthGbs = r.real("memory_bandwidth_gbs", q.memoryBandwidthGbs);
    q.memoryStall = r.real("memory_stall", q.memoryStall);
    q.stallExponent = r.real("stall_exponent", q.stallExponent);
    q.cpuInterference = r.real("cpu_interference", q.cpuInterference);
    q.powerPerInstanceW = r.real("power_per_instance_w", q.powerPerInstanceW);
    q.powerPerSizeW = r.real("power_per_size_w", q.powerPerSizeW);
    q.idleFraction = r.real("idle_fraction", q.idleFraction);
    q.staticPowerW = r.real("static_power_w", q.staticPowerW);
    q.gammaIntercept = r.real("gamma_intercept", q.gammaIntercept);
    q.gammaSlope = r.real("gamma_slope", q.gammaSlope);
    q.pruningExponent = r.real("pruning_exponent", q.pruningExponent);
    q.hostFloorMs = r.real("host_floor_ms", q.hostFloorMs);
    q.armIdleW = r.real("arm_idle_w", q.armIdleW);
    q.armPerUtilW = r.real("arm_per_util_w", q.armPerUtilW);
    q.telemetryNoise = r.real("telemetry_noise", q.telemetryNoise);
    q.readShareLdfm = r.real("read_share_ldfm", q.readShareLdfm);
    q.backgroundReadShare = r.real("background_read_share", q.backgroundReadShare);
    q.framesPerRun = r.real("frames_per_run", q.framesPerRun);
    if (r.has("states")) {
        const json& list = r.get("states");
        const std::string p = r.ptr("states");
        if (!list.is_array() || list.size() != kStates)
            r.doc().fail(p, "expected a list of 3 background states (N, C, M)");
        for (std::size_t i = 0; i < list.size(); ++i) {
            ObjectReader s(r.doc(), p + "/" + std::to_string(i), list[i]);
            BackgroundState& b = q.states[i];
            b.name = s.text("name", b.name);
            b.title = s.text("title", b.title);
            b.bandwidthGbs = s.real("bandwidth_gbs", b.bandwidthGbs);
            b.cpuLoad = s.real("cpu_load", b.cpuLoad);
            b.cpuCores = s.real("cpu_cores", b.cpuCores);
            b.instanceOverhead = s.real("instance_overhead", b.instanceOverhead);
            s.finish();
        }
    }
    r.finish();
}

/// Calls `read` with a reader of each object of the list member `key`, then checks it for
/// unknown fields. False when the member is absent.
template <class Read>
bool readObjects(ObjectReader& r, const std::string& key, const char* what, Read read)
{
    if (!r.has(key))
        return false;
    const json& list = r.list(key, std::string("expected a list of ") + what);
    for (std::size_t i = 0; i < list.size(); ++i) {
        ObjectReader item(r.doc(), r.ptr(key) + "/" + std::to_string(i), list[i]);
        read(item);
        item.finish();
    }
    return true;
}

/// Validation issues carry field names relative to the platform object; name the file and the
/// line of the field's member where it exists.
[[noreturn]] void failValidation(const JsonDocument& doc, const std::string& base, const FieldIssues& issues)
{
    const FieldIssue& first = issues.front();
    std::string pointer = base;
    // "params.states[1].bandwidth_gbs" → "/params/states/1/bandwidth_gbs"
    std::string part;
    for (char c : first.field) {
        if (c == '.' || c == '[' || c == ']') {
            if (!part.empty())
                pointer += "/" + part;
            part.clear();
        } else {
            part += c;
        }
    }
    if (!part.empty())
        pointer += "/" + part;
    std::string message = first.message;
    if (issues.size() > 1)
        message += " (and " + std::to_string(issues.size() - 1) + " more: " +
                   joinIssues(FieldIssues(issues.begin() + 1, issues.end())) + ")";
    doc.fail(pointer, message);
}

Platform platformFrom(const JsonDocument& doc, const std::string& base, const json& obj)
{
    ObjectReader r(doc, base, obj);
    if (r.has("schema") || r.has("version"))
        checkSchema(r, "dpu-platform", kDpuSchemaVersion);
    Platform p = defaultPlatform();
    p.fpsConstraint = r.real("fps_constraint", p.fpsConstraint);
    if (r.has("pruning")) {
        const json& list = r.list("pruning", "expected a list of pruning ratios, e.g. [0, 0.25, 0.5]");
        p.pruning.clear();
        for (std::size_t i = 0; i < list.size(); ++i)
            p.pruning.push_back(r.realValue(list[i], r.ptr("pruning") + "/" + std::to_string(i)));
    }
    if (r.has("sizes"))
        p.sizes.clear();
    if (readObjects(r, "sizes", "DPU sizes", [&](ObjectReader& s) {
            DpuSize d;
            d.name = s.text("name");
            d.pp = s.integerIn("pp", d.pp, 1, 64);
            d.icp = s.integerIn("icp", d.icp, 1, 64);
            d.ocp = s.integerIn("ocp", d.ocp, 1, 64);
            d.maxInstances = s.integerIn("max_instances", d.maxInstances, 1, 16);
            p.sizes.push_back(d);
        }))
        p.actions = allConfigurations(p.sizes);
    if (r.has("actions")) {
        const json& list = r.get("actions");
        const std::string ptr = r.ptr("actions");
        if (list.is_string() && list.get<std::string>() == "all") {
            p.actions = allConfigurations(p.sizes);
        } else {
            if (!list.is_array())
                doc.fail(ptr, "expected a list of configurations (\"B1600_2\") or \"all\"");
            p.actions.clear();
            for (std::size_t i = 0; i < list.size(); ++i) {
                const std::string ip = ptr + "/" + std::to_string(i);
                if (!list[i].is_string())
                    doc.fail(ip, "expected a configuration name such as \"B1600_2\", got " + list[i].dump());
                const std::string name = list[i].get<std::string>();
                const auto us = name.rfind('_');
                const auto n = us == std::string::npos ? std::nullopt : parseInt(name.substr(us + 1));
                int size = -1;
                for (int s = 0; us != std::string::npos && s < int(p.sizes.size()); ++s) {
                    if (p.sizes[std::size_t(s)].name == name.substr(0, us))
                        size = s;
                }
                if (size < 0 || !n)
                    doc.fail(ip, "\"" + name + "\" is not <size>_<instances> with a known size");
                const int maxN = p.sizes[std::size_t(size)].maxInstances;
                if (*n < 1 || *n > maxN)
                    doc.fail(ip, "\"" + name + "\": " + p.sizes[std::size_t(size)].name + " allows 1 to " +
                                     std::to_string(maxN) + " instances");
                p.actions.push_back({size, int(*n)});
            }
        }
    }
    if (r.has("models"))
        p.models.clear();
    readObjects(r, "models", "models", [&](ObjectReader& m) {
        CnnModel c;
        c.name = m.text("name");
        c.shortName = m.text("short_name", c.name);
        c.latencyMs = m.real("latency_ms");
        c.accuracy = m.real("accuracy", 0.0);
        c.layers = m.integerIn("layers", 1, 1, 100000);
        c.gmac = m.real("gmac");
        c.dataIoMb = m.real("data_io_mb");
        c.bandwidthGbs = m.real("bandwidth_gbs", 0.0);
        c.arithmeticIntensity = m.real("arithmetic_intensity", 0.0);
        c.efficiency = m.real("efficiency");
        c.paramsM = m.real("params_m");
        c.test = m.boolean("test", false);
        if (m.has("pruned_accuracy")) {
            const json& a = m.get("pruned_accuracy");
            if (!a.is_array() || a.size() != 2)
                doc.fail(m.ptr("pruned_accuracy"), "expected [PR25 accuracy, PR50 accuracy]");
            c.prunedAccuracy = {m.realValue(a[0], m.ptr("pruned_accuracy") + "/0"),
                                m.realValue(a[1], m.ptr("pruned_accuracy") + "/1")};
        }
        p.models.push_back(c);
    });
    if (r.has("params")) {
        ObjectReader q(doc, r.ptr("params"), r.get("params"));
        readParams(q, p.params);
    }
    // Structure is valid from here on (corrections name variants, states and configurations).
    if (const FieldIssues issues = validate(p); !issues.empty())
        failValidation(doc, base, issues);
    readObjects(r, "corrections", "corrections", [&](ObjectReader& c) {
        const std::string vName = c.text("variant");
        const int v = findDpuVariant(p, vName);
        if (v < 0)
            doc.fail(c.ptr("variant"), "no model variant \"" + vName + "\"");
        const std::string wName = c.text("state");
        const int w = findDpuState(p, wName);
        if (w < 0)
            doc.fail(c.ptr("state"), "no background state \"" + wName + "\" (N, C or M)");
        const std::string aName = c.text("configuration");
        const int a = p.findAction(aName);
        if (a < 0)
            doc.fail(c.ptr("configuration"), "\"" + aName + "\" is not in the action space");
        const Outcome sim = simulateUncorrected(p, v, w, a);
        Correction k;
        if (c.has("measured_fps") && c.has("fps"))
            doc.fail(c.ptr("fps"), "give either fps (a factor) or measured_fps, not both");
        if (c.has("measured_power_w") && c.has("power"))
            doc.fail(c.ptr("power"), "give either power (a factor) or measured_power_w, not both");
        k.fps = c.has("measured_fps") ? c.real("measured_fps") / sim.fps : c.real("fps", 1.0);
        k.power = c.has("measured_power_w") ? c.real("measured_power_w") / sim.fpgaPowerW : c.real("power", 1.0);
        if (!(std::isfinite(k.fps) && k.fps > 0))
            doc.fail(c.ptr(c.has("measured_fps") ? "measured_fps" : "fps"), "must be positive");
        if (!(std::isfinite(k.power) && k.power > 0))
            doc.fail(c.ptr(c.has("measured_power_w") ? "measured_power_w" : "power"), "must be positive");
        p.corrections[{v, w, a}] = k;
    });
    r.finish();
    return p;
}

ojson platformJson(const Platform& p)
{
    ojson j = io::schemaDocument("dpu-platform", kDpuSchemaVersion);
    j["fps_constraint"] = p.fpsConstraint;
    j["pruning"] = p.pruning;
    ojson sizes = ojson::array();
    for (const DpuSize& s : p.sizes)
        sizes.push_back({{"name", s.name}, {"pp", s.pp}, {"icp", s.icp}, {"ocp", s.ocp}, {"max_instances", s.maxInstances}});
    j["sizes"] = sizes;
    ojson actions = ojson::array();
    for (int a = 0; a < int(p.actions.size()); ++a)
        actions.push_back(p.actionName(a));
    j["actions"] = actions;
    ojson models = ojson::array();
    for (const CnnModel& m : p.models) {
        ojson o;
        o["name"] = m.name;
        o["short_name"] = m.shortName;
        o["latency_ms"] = m.latencyMs;
        o["accuracy"] = m.accuracy;
        o["layers"] = m.layers;
        o["gmac"] = m.gmac;
        o["data_io_mb"] = m.dataIoMb;
        o["bandwidth_gbs"] = m.bandwidthGbs;
        o["arithmetic_intensity"] = m.arithmeticIntensity;
        o["efficiency"] = m.efficiency;
        o["params_m"] = m.paramsM;
        o["test"] = m.test;
        o["pruned_accuracy"] = {m.prunedAccuracy[0], m.prunedAccuracy[1]};
        models.push_back(o);
    }
    j["models"] = models;
    j["params"] = paramsJson(p.params);
    ojson corrections = ojson::array();
    for (const auto& [key, c] : p.corrections) {
        const auto [v, w, a] = key;
        corrections.push_back({{"variant", p.variantName(v)},
                               {"state", p.params.states[std::size_t(w)].name},
                               {"configuration", p.actionName(a)},
                               {"fps", c.fps},
                               {"power", c.power}});
    }
    j["corrections"] = corrections;
    return j;
}

ojson sampleJson(const Sample& s)
{
    ojson a = ojson::array();
    a.push_back(rounded(s.fps));
    for (double v : s.telemetry)
        a.push_back(rounded(v));
    return a;
}

Sample sampleFrom(const ObjectReader& r, const json& v, const std::string& ptr)
{
    if (!v.is_array() || v.size() != std::size_t(1 + kTelemetrySize))
        r.doc().fail(ptr, "expected a sample of " + std::to_string(1 + kTelemetrySize) +
                              " numbers (FPS, CPU_0..3, MEMR_0..4, MEMW_0..4, P_FPGA, P_ARM)");
    Sample s;
    s.fps = r.realValue(v[0], ptr + "/0");
    for (int i = 0; i < kTelemetrySize; ++i)
        s.telemetry[std::size_t(i)] = r.realValue(v[std::size_t(i + 1)], ptr + "/" + std::to_string(i + 1));
    if (!(s.fps >= 0) || !std::isfinite(s.fps))
        r.doc().fail(ptr + "/0", "FPS must be zero or positive");
    return s;
}

std::vector<Sample> samplesFrom(const ObjectReader& r, const json& v, const std::string& ptr)
{
    if (!v.is_array() || v.empty())
        r.doc().fail(ptr, "expected a non-empty list of samples");
    std::vector<Sample> out;
    out.reserve(v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
        out.push_back(sampleFrom(r, v[i], ptr + "/" + std::to_string(i)));
    return out;
}

} // namespace

int findDpuState(const Platform& p, std::string_view name)
{
    for (int w = 0; w < kStates; ++w) {
        if (iequals(p.params.states[std::size_t(w)].name, name))
            return w;
    }
    if (const auto i = parseInt(name); i && *i >= 0 && *i < kStates)
        return int(*i);
    return -1;
}

int findDpuVariant(const Platform& p, std::string_view name)
{
    for (int v = 0; v < p.variantCount(); ++v) {
        if (iequals(p.variantName(v), name) || iequals(p.variantShortName(v), name))
            return v;
    }
    const int m = p.findModel(std::string(name));
    return m >= 0 ? p.variant(m, 0) : -1;
}

Platform dpuPlatformFromJson(std::string_view text, const std::string& source)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    return platformFrom(doc, "", doc.root());
}

std::string dpuPlatformToJson(const Platform& platform) { return io::jsonText(platformJson(platform)); }

Platform loadDpuPlatform(const std::string& nameOrPath)
{
    if (nameOrPath.empty() || iequals(nameOrPath, "zcu102") || iequals(nameOrPath, "default"))
        return defaultPlatform();
    std::string path;
    try {
        path = resolvePreset(nameOrPath, kDpuPlatformPresets); // a file, or a preset's name
    } catch (const InputError& e) {
        throw InputError(std::string(e.what()) + "; zcu102 is built in");
    }
    return dpuPlatformFromJson(readTextFile(path), path);
}

RecordedRuns dpuRunsFromJson(std::string_view text, const std::string& source)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    ObjectReader r = io::schemaRoot(doc, "dpu-runs", kDpuSchemaVersion);
    DatasetOptions o;
    o.seed = std::uint64_t(r.integer("seed", 1));
    o.maxSamplesPerRun = r.integerIn("max_samples_per_run", o.maxSamplesPerRun, 1, 100000);
    o.backgroundSamples = r.integerIn("background_samples", o.backgroundSamples, 1, 100000);
    Platform p = platformFrom(doc, "/platform", r.get("platform"));
    const json& bg = r.get("background");
    if (!bg.is_array() || bg.size() != kStates)
        doc.fail(r.ptr("background"), "expected the background samples of 3 states");
    std::vector<std::vector<Sample>> background;
    for (std::size_t w = 0; w < bg.size(); ++w)
        background.push_back(samplesFrom(r, bg[w], r.ptr("background") + "/" + std::to_string(w)));
    const json& list = r.get("runs");
    const std::size_t expected = std::size_t(p.variantCount()) * kStates * p.actions.size();
    if (!list.is_array() || list.size() != expected)
        doc.fail(r.ptr("runs"), "expected " + std::to_string(expected) + " runs (" + std::to_string(p.variantCount()) +
                                    " variants × 3 states × " + std::to_string(p.actions.size()) +
                                    " configurations, variant-major), got " +
                                    (list.is_array() ? std::to_string(list.size()) : std::string(list.type_name())));
    std::vector<RecordedRun> runs(list.size());
    for (std::size_t i = 0; i < list.size(); ++i)
        runs[i].samples = samplesFrom(r, list[i], r.ptr("runs") + "/" + std::to_string(i));
    r.finish();
    return RecordedRuns::fromRuns(std::move(p), o, std::move(runs), std::move(background));
}

std::string dpuRunsToJson(const RecordedRuns& runs)
{
    ojson j = io::schemaDocument("dpu-runs", kDpuSchemaVersion);
    j["seed"] = runs.options().seed;
    j["max_samples_per_run"] = runs.options().maxSamplesPerRun;
    j["background_samples"] = runs.options().backgroundSamples;
    j["platform"] = platformJson(runs.platform());
    ojson bg = ojson::array();
    for (int w = 0; w < kStates; ++w) {
        ojson samples = ojson::array();
        for (const Sample& s : runs.background(w))
            samples.push_back(sampleJson(s));
        bg.push_back(samples);
    }
    j["background"] = bg;
    ojson list = ojson::array();
    for (const RecordedRun& run : runs.runs()) {
        ojson samples = ojson::array();
        for (const Sample& s : run.samples)
            samples.push_back(sampleJson(s));
        list.push_back(samples);
    }
    j["runs"] = list;
    // One run per line keeps the file readable and diffable without pretty-printing 70,000 numbers.
    std::string out = "{\n";
    bool first = true;
    for (auto it = j.begin(); it != j.end(); ++it) {
        out += first ? "" : ",\n";
        first = false;
        out += "  " + ojson(it.key()).dump() + ": ";
        if (it.key() == "runs" || it.key() == "background") {
            out += "[\n";
            for (std::size_t i = 0; i < it.value().size(); ++i)
                out += "    " + it.value()[i].dump() + (i + 1 < it.value().size() ? ",\n" : "\n");
            out += "  ]";
        } else {
            out += it.value().dump();
        }
    }
    out += "\n}\n";
    return out;
}

std::string dpuResultToJson(const Platform& platform, const DpuResult& result)
{
    ojson j = io::schemaDocument("dpu-result", kDpuSchemaVersion);
    j["source"] = result.source;
    j["scores"] = result.probabilistic ? "probability" : "estimate";
    ojson list = ojson::array();
    for (const PolicyDecision& d : result.decisions) {
        ojson scores = ojson::array();
        for (double v : d.scores)
            scores.push_back(rounded(v));
        list.push_back({{"model", platform.variantName(d.variant)},
                        {"state", platform.params.states[std::size_t(d.state)].name},
                        {"configuration", platform.actionName(d.action)},
                        {"scores", scores}});
    }
    j["decisions"] = list;
    return io::jsonText(j);
}

DpuResult dpuResultFromJson(std::string_view text, const std::string& source, const Platform& platform)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    ObjectReader r = io::schemaRoot(doc, "dpu-result", kDpuSchemaVersion);
    DpuResult out;
    out.source = r.has("source") ? r.text("source") : std::string();
    const std::string scores = r.has("scores") ? r.text("scores") : std::string("probability");
    if (scores != "probability" && scores != "estimate")
        doc.fail(r.ptr("scores"), "expected \"probability\" or \"estimate\", got \"" + scores + "\"");
    out.probabilistic = scores == "probability";
    readObjects(r, "decisions", "decisions", [&](ObjectReader& d) {
        PolicyDecision pd;
        const std::string model = d.text("model");
        pd.variant = findDpuVariant(platform, model);
        if (pd.variant < 0)
            doc.fail(d.ptr("model"), "no model variant \"" + model + "\" on this platform");
        const std::string state = d.text("state");
        pd.state = findDpuState(platform, state);
        if (pd.state < 0)
            doc.fail(d.ptr("state"), "expected N, C or M, got \"" + state + "\"");
        const std::string conf = d.text("configuration");
        pd.action = platform.findAction(conf);
        if (pd.action < 0)
            doc.fail(d.ptr("configuration"), "no configuration \"" + conf + "\" on this platform");
        if (d.has("scores")) {
            const json& list = d.get("scores");
            if (!list.is_array() || list.size() != platform.actions.size())
                doc.fail(d.ptr("scores"), "expected " + std::to_string(platform.actions.size()) + " scores, one per configuration");
            for (std::size_t i = 0; i < list.size(); ++i)
                pd.scores.push_back(d.realValue(list[i], d.ptr("scores") + "/" + std::to_string(i)));
        }
        out.decisions.push_back(std::move(pd));
    });
    if (out.decisions.empty())
        doc.fail(r.ptr("decisions"), "expected the policy's decisions (one per model variant and state)");
    r.finish();
    return out;
}

} // namespace mapscape
