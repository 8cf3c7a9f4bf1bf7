// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/accel/core/accel_io.h"

#include "core/io/file_util.h"
#include "core/io/json_document.h"
#include "core/io/object_reader.h"
#include "core/io/preset_library.h"
#include "core/model/validation.h"
#include "core/study/objective_member.h"


namespace mapscape {

using ojson = nlohmann::ordered_json;
using io::JsonDocument;
using io::ObjectReader;
using nlohmann::json;

namespace {

double nonNegative(ObjectReader& r, const std::string& key, double def, const char* what)
{
    const double v = r.real(key, def);
    if (!(v >= 0) || !std::isfinite(v))
        r.doc().fail(r.ptr(key), std::string("must be ") + what + ", got " + std::to_string(v));
    return v;
}

/// A gene value: an integer, or "WS" / "OS" for the dataflow.
int geneValue(const JsonDocument& doc, const std::string& ptr, const json& v, AccelGene g)
{
    if (g == AccelGene::Dataflow && v.is_string()) {
        const std::string s = v.get<std::string>();
        if (s == "WS" || s == "ws")
            return 0;
        if (s == "OS" || s == "os")
            return 1;
        doc.fail(ptr, "expected WS or OS, got \"" + s + "\"");
    }
    if (v.is_number_integer())
        return int(std::clamp<std::int64_t>(v.get<std::int64_t>(), INT32_MIN, INT32_MAX));
    doc.fail(ptr, g == AccelGene::Dataflow ? "expected WS or OS, got " + v.dump() : "expected an integer, got " + v.dump());
}

ojson geneJson(AccelGene g, int v)
{
    if (g == AccelGene::Dataflow)
        return std::string(accelDataflowName(AccelDataflow(v == 1 ? 1 : 0)));
    return v;
}

AccelDesign designFrom(const JsonDocument& doc, const std::string& ptr, const json& obj)
{
    ObjectReader r(doc, ptr, obj);
    AccelDesign d;
    for (int i = 0; i < kAccelGenes; ++i) {
        const AccelGene g = AccelGene(i);
        const std::string key(accelGeneName(g));
        if (!r.has(key))
            continue;
        const int v = geneValue(doc, r.ptr(key), r.get(key), g);
        if (g == AccelGene::Dtype) {
            if (v != 8)
                doc.fail(r.ptr(key), "only 8 (int8) is modelled, got " + std::to_string(v));
            continue;
        }
        d.setGene(g, v);
    }
    r.finish();
    if (const std::string issue = AccelModel::checkDesign(d); !issue.empty())
        doc.fail(ptr, issue);
    return d;
}

ojson designJson(const AccelDesign& d)
{
    ojson j;
    for (int i = 0; i < kAccelGenes; ++i) {
        const AccelGene g = AccelGene(i);
        j[std::string(accelGeneName(g))] = geneJson(g, d.gene(g));
    }
    return j;
}

RnnWorkload workloadFrom(const JsonDocument& doc, const std::string& ptr, const json& obj)
{
    ObjectReader r(doc, ptr, obj);
    const std::string cellId = r.text("cell", std::string("rnn"));
    const auto cell = parseRnnCell(cellId);
    if (!cell)
        doc.fail(r.ptr("cell"), "expected rnn, lstm, gru or custom, got \"" + cellId + "\"");
    RnnWorkload w;
    w.cell = *cell;
    // Sizes are read as 64-bit and range-checked by validateRnnWorkload below.
    auto size = [&](const char* key, int def) {
        const std::int64_t v = r.integer(key, def);
        return int(std::clamp<std::int64_t>(v, INT32_MIN, INT32_MAX));
    };
    w.inputSize = size("input_size", 29);
    w.hiddenSize = size("hidden_size", 100);
    w.outputSize = size("output_size", 29);
    w.sequenceLength = size("sequence_length", 1);
    w.name = r.text("name", std::string(rnnCellTitle(*cell)));
    if (*cell == RnnCell::Custom) {
        const json& list = r.list("components", "expected a list of {name, M, N, K}");
        for (std::size_t i = 0; i < list.size(); ++i) {
            ObjectReader c(doc, r.ptr("components") + "/" + std::to_string(i), list[i]);
            RnnComponent comp;
            comp.name = c.text("name", "component " + std::to_string(i + 1));
            comp.M = int(std::clamp<std::int64_t>(c.integer("M"), INT32_MIN, INT32_MAX));
            comp.N = int(std::clamp<std::int64_t>(c.integer("N", 1), INT32_MIN, INT32_MAX));
            comp.K = int(std::clamp<std::int64_t>(c.integer("K"), INT32_MIN, INT32_MAX));
            c.finish();
            w.components.push_back(std::move(comp));
        }
    } else {
        if (r.has("components"))
            doc.fail(r.ptr("components"), "only a custom cell lists its components; " + cellId +
                                              " derives them from the sizes");
        w.components = RnnWorkload::componentsFor(*cell, std::max(1, w.inputSize), std::max(1, w.hiddenSize),
                                                  std::max(1, w.outputSize));
    }
    r.finish();
    for (const std::string& issue : validateRnnWorkload(w)) {
        // The issue starts with the field ("components[2].K: ..."); point at it when it exists.
        const std::string field = issue.substr(0, issue.find(':'));
        std::string at = ptr;
        if (field.rfind("components[", 0) == 0) {
            const auto close = field.find(']');
            at += "/components/" + field.substr(11, close - 11) + (close + 1 < field.size() ? "/" + field.substr(close + 2) : "");
        } else if (field != "components") {
            at += "/" + field;
        }
        doc.fail(at, issue.substr(issue.find(':') + 2));
    }
    return w;
}

ojson workloadJson(const RnnWorkload& w)
{
    ojson j;
    j["name"] = w.name;
    j["cell"] = std::string(rnnCellId(w.cell));
    j["input_size"] = w.inputSize;
    j["hidden_size"] = w.hiddenSize;
    j["output_size"] = w.outputSize;
    j["sequence_length"] = w.sequenceLength;
    if (w.cell == RnnCell::Custom) {
        ojson list = ojson::array();
        for (const RnnComponent& c : w.components)
            list.push_back({{"name", c.name}, {"M", c.M}, {"N", c.N}, {"K", c.K}});
        j["components"] = list;
    }
    return j;
}

AccelSpace spaceFrom(const JsonDocument& doc, const std::string& ptr, const json& obj)
{
    auto preset = [&](const std::string& name, const std::string& at) {
        if (name == "table1")
            return AccelSpace::table1();
        if (name == "hasco")
            return AccelSpace::hasco();
        doc.fail(at, "expected table1 or hasco, got \"" + name + "\"");
    };
    if (obj.is_string())
        return preset(obj.get<std::string>(), ptr);
    ObjectReader r(doc, ptr, obj);
    AccelSpace s = preset(r.text("preset", std::string("table1")), r.ptr("preset"));
    for (int i = 0; i < kAccelGenes; ++i) {
        const AccelGene g = AccelGene(i);
        const std::string key(accelGeneName(g));
        if (!r.has(key) || g == AccelGene::Dtype) {
            if (g == AccelGene::Dtype && r.has(key))
                r.skip(key); // always int8
            continue;
        }
        ObjectReader one(doc, r.ptr(key), r.get(key));
        GeneRange gr;
        gr.fixed = s[g].fixed;
        if (one.has("fixed")) {
            gr.searched = false;
            gr.fixed = geneValue(doc, one.ptr("fixed"), one.get("fixed"), g);
        } else if (one.has("values")) {
            gr.useList = true;
            const json& list = one.list("values", "expected a list of values");
            for (std::size_t k = 0; k < list.size(); ++k)
                gr.list.push_back(geneValue(doc, one.ptr("values") + "/" + std::to_string(k), list[k], g));
        } else {
            gr.lo = one.integerIn("lo", s[g].lo, INT32_MIN, INT32_MAX);
            gr.hi = one.integerIn("hi", s[g].hi, INT32_MIN, INT32_MAX);
            gr.step = one.integerIn("step", 1, INT32_MIN, INT32_MAX);
        }
        one.finish();
        s[g] = gr;
    }
    r.finish();
    for (const std::string& issue : validateAccelSpace(s)) {
        const std::string field = issue.substr(0, issue.find(':'));
        const auto dot = field.find('.');
        std::string sub = field.substr(dot + 1);
        if (const auto br = sub.find('['); br != std::string::npos)
            sub = sub.substr(0, br) + "/" + sub.substr(br + 1, sub.find(']') - br - 1);
        doc.fail(ptr + "/" + field.substr(0, dot) + "/" + sub, issue.substr(issue.find(':') + 2));
    }
    return s;
}

ojson spaceJson(const AccelSpace& s)
{
    ojson j;
    for (int i = 0; i < kAccelGenes; ++i) {
        const AccelGene g = AccelGene(i);
        if (g == AccelGene::Dtype)
            continue;
        const GeneRange& r = s[g];
        ojson one;
        if (!r.searched) {
            one["fixed"] = geneJson(g, r.fixed);
        } else if (r.useList) {
            ojson list = ojson::array();
            for (int v : r.list)
                list.push_back(geneJson(g, v));
            one["values"] = list;
        } else {
            one["lo"] = r.lo;
            one["hi"] = r.hi;
            one["step"] = r.step;
        }
        j[std::string(accelGeneName(g))] = one;
    }
    return j;
}

AccelModelOptions modelFrom(const JsonDocument& doc, const std::string& ptr, const json& obj)
{
    ObjectReader r(doc, ptr, obj);
    AccelModelOptions o;
    const std::string policy = r.text("tile_policy", std::string(tilePolicyId(o.tilePolicy)));
    const auto p = parseTilePolicy(policy);
    if (!p)
        doc.fail(r.ptr("tile_policy"), "expected whole-reduction or min-latency, got \"" + policy + "\"");
    o.tilePolicy = *p;
    o.simdLanes = r.integerIn("simd_lanes", o.simdLanes, 1, 1024);
    o.nocPorts = r.integerIn("noc_ports", o.nocPorts, 1, 64);
    o.nocHopLatency = r.integerIn("noc_hop_latency", o.nocHopLatency, 0, 1000);
    const std::string db = r.text("cost_database", o.costDb.name);
    if (db == DfCostDatabase::maestro2020().name)
        o.costDb = DfCostDatabase::maestro2020();
    else if (db == DfCostDatabase::maestro2021().name)
        o.costDb = DfCostDatabase::maestro2021();
    else
        doc.fail(r.ptr("cost_database"), "expected " + DfCostDatabase::maestro2020().name + " or " +
                                             DfCostDatabase::maestro2021().name + ", got \"" + db + "\"");
    o.noise = r.boolean("noise", o.noise);
    o.noiseAmplitude = r.real("noise_amplitude", o.noiseAmplitude);
    if (!(o.noiseAmplitude >= 0 && o.noiseAmplitude <= 1))
        doc.fail(r.ptr("noise_amplitude"), "must be in [0, 1]");
    const std::int64_t seed = r.integer("noise_seed", std::int64_t(o.noiseSeed));
    if (seed < 0)
        doc.fail(r.ptr("noise_seed"), "must be a non-negative integer");
    o.noiseSeed = std::uint64_t(seed);
    o.offchip = r.boolean("offchip", o.offchip);
    r.finish();
    return o;
}

ojson modelJson(const AccelModelOptions& o)
{
    ojson j;
    j["tile_policy"] = std::string(tilePolicyId(o.tilePolicy));
    j["simd_lanes"] = o.simdLanes;
    j["noc_ports"] = o.nocPorts;
    j["noc_hop_latency"] = o.nocHopLatency;
    j["cost_database"] = o.costDb.name;
    j["noise"] = o.noise;
    j["noise_amplitude"] = o.noiseAmplitude;
    j["noise_seed"] = o.noiseSeed;
    j["offchip"] = o.offchip;
    return j;
}

FpgaLimits limitsFrom(const JsonDocument& doc, const std::string& ptr, const json& obj)
{
    if (obj.is_string()) {
        const std::string name = obj.get<std::string>();
        if (name == "zcu102" || name == "ZCU102")
            return FpgaLimits::zcu102();
        if (name == "none")
            return {};
        doc.fail(ptr, "expected zcu102, none or {lut, dsp, bram36, bandwidth}, got \"" + name + "\"");
    }
    ObjectReader r(doc, ptr, obj);
    FpgaLimits l;
    l.name = r.text("name", std::string("custom"));
    l.lut = nonNegative(r, "lut", 0, "0 (no limit) or a positive number");
    l.dsp = nonNegative(r, "dsp", 0, "0 (no limit) or a positive number");
    l.bram36 = nonNegative(r, "bram36", 0, "0 (no limit) or a positive number");
    l.bandwidth = nonNegative(r, "bandwidth", 0, "0 (no limit) or a positive number");
    r.finish();
    return l;
}

ojson limitsJson(const FpgaLimits& l)
{
    if (l == FpgaLimits::zcu102())
        return "zcu102";
    if (l == FpgaLimits{})
        return "none";
    return {{"name", l.name}, {"lut", l.lut}, {"dsp", l.dsp}, {"bram36", l.bram36}, {"bandwidth", l.bandwidth}};
}

FpgaProxy proxyFrom(const JsonDocument& doc, const std::string& ptr, const json& obj)
{
    ObjectReader r(doc, ptr, obj);
    FpgaProxy p;
    p.lutBase = nonNegative(r, "lut_base", p.lutBase, "a non-negative number");
    p.lutPerPe = nonNegative(r, "lut_per_pe", p.lutPerPe, "a non-negative number");
    p.lutPerBank = nonNegative(r, "lut_per_bank", p.lutPerBank, "a non-negative number");
    p.lutPerBusBit = nonNegative(r, "lut_per_bus_bit", p.lutPerBusBit, "a non-negative number");
    p.dspPerPe = nonNegative(r, "dsp_per_pe", p.dspPerPe, "a non-negative number");
    p.kibPerBram36 = r.real("kib_per_bram36", p.kibPerBram36);
    if (!(p.kibPerBram36 > 0) || !std::isfinite(p.kibPerBram36))
        doc.fail(r.ptr("kib_per_bram36"), "must be a positive number");
    r.finish();
    return p;
}

ojson proxyJson(const FpgaProxy& p)
{
    return {{"lut_base", p.lutBase},       {"lut_per_pe", p.lutPerPe}, {"lut_per_bank", p.lutPerBank},
            {"lut_per_bus_bit", p.lutPerBusBit}, {"dsp_per_pe", p.dspPerPe}, {"kib_per_bram36", p.kibPerBram36}};
}

AccelConstraints constraintsFrom(const JsonDocument& doc, const std::string& ptr, const json& obj)
{
    ObjectReader r(doc, ptr, obj);
    AccelConstraints c;
    c.areaMax = nonNegative(r, "area_max", 0, "0 (off) or a positive area in µm²");
    c.latencyMax = nonNegative(r, "latency_max", 0, "0 (off) or a positive number of cycles");
    c.powerMax = nonNegative(r, "power_max", 0, "0 (off) or a positive power in mW");
    r.finish();
    return c;
}

} // namespace

AccelStudyFile accelStudyFromJson(std::string_view text, const std::string& source)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    ObjectReader r = io::schemaRoot(doc, "accel-study", kAccelSchemaVersion);
    AccelStudyFile s;
    s.name = r.text("name", std::string("accelerator study"));
    if (r.has("workload"))
        s.setup.workload = workloadFrom(doc, r.ptr("workload"), r.get("workload"));
    if (r.has("design"))
        s.design = designFrom(doc, r.ptr("design"), r.get("design"));
    if (r.has("space"))
        s.setup.space = spaceFrom(doc, r.ptr("space"), r.get("space"));
    if (r.has("model"))
        s.setup.model = modelFrom(doc, r.ptr("model"), r.get("model"));
    if (r.has("constraints"))
        s.setup.constraints = constraintsFrom(doc, r.ptr("constraints"), r.get("constraints"));
    if (r.has("fpga_limits"))
        s.setup.limits = limitsFrom(doc, r.ptr("fpga_limits"), r.get("fpga_limits"));
    if (r.has("fpga_proxy"))
        s.setup.proxy = proxyFrom(doc, r.ptr("fpga_proxy"), r.get("fpga_proxy"));
    s.objective = readObjectiveMember(r, accelObjectives(), "area");
    r.finish();
    return s;
}

std::string accelStudyToJson(const AccelStudyFile& s)
{
    ojson j = io::schemaDocument("accel-study", kAccelSchemaVersion);
    j["name"] = s.name;
    j["workload"] = workloadJson(s.setup.workload);
    j["design"] = designJson(s.design);
    j["space"] = spaceJson(s.setup.space);
    j["model"] = modelJson(s.setup.model);
    j["constraints"] = {{"area_max", s.setup.constraints.areaMax},
                        {"latency_max", s.setup.constraints.latencyMax},
                        {"power_max", s.setup.constraints.powerMax}};
    j["fpga_limits"] = limitsJson(s.setup.limits);
    j["fpga_proxy"] = proxyJson(s.setup.proxy);
    j["objective"] = s.objective;
    return io::jsonText(j);
}

AccelStudyFile loadAccelStudy(const std::string& nameOrPath)
{
    const std::string path = resolvePreset(nameOrPath, kAccelStudyPresets);
    return accelStudyFromJson(readTextFile(path), path);
}

AccelDesign accelDesignFromJson(std::string_view text, const std::string& source)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    const json& root = doc.root();
    if (root.is_object() && root.contains("design")) // a result document
        return designFrom(doc, "/design", root["design"]);
    return designFrom(doc, "", root);
}

std::string accelResultToJson(const AccelDesign& design, const AccelMetrics* m, const std::string& source)
{
    ojson j = io::schemaDocument("accel-result", kAccelSchemaVersion);
    j["source"] = source;
    j["design"] = designJson(design);
    j["chromosome"] = design.text();
    if (m && m->valid) {
        j["latency_cycles"] = m->latency;
        j["power_mw"] = m->power;
        j["area_um2"] = m->area;
        j["energy_nj"] = m->energy;
    }
    return io::jsonText(j);
}

} // namespace mapscape
