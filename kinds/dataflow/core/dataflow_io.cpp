// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dataflow/core/dataflow_io.h"

#include "core/maestro/dataflow_limits.h"

#include "core/io/file_util.h"
#include "core/io/json_document.h"
#include "core/maestro/maestro_files.h"
#include "core/io/object_reader.h"
#include "core/io/preset_library.h"
#include "core/model/validation.h"
#include "core/study/objective_member.h"

#include <climits>
#include <filesystem>

namespace mapscape {

using ojson = nlohmann::ordered_json;
using io::checkSchema;
using io::JsonDocument;
using io::ObjectReader;
using nlohmann::json;

namespace {

/// A size in bytes or elements per cycle: a positive integer, or "unlimited" (MAESTRO's INT_MAX).
int sizeOrUnlimited(ObjectReader& r, const std::string& key, int def)
{
    if (!r.has(key))
        return def;
    const json& v = r.get(key);
    if (v.is_string() && v.get<std::string>() == "unlimited")
        return INT_MAX;
    const std::int64_t x = r.integerValue(v, r.ptr(key));
    if (x < 1 || x > INT_MAX)
        r.doc().fail(r.ptr(key), "must be an integer in [1, " + std::to_string(INT_MAX) + "] or \"unlimited\", got " + v.dump());
    return int(x);
}

ojson sizeJson(int v) { return v == INT_MAX ? ojson("unlimited") : ojson(v); }

DataflowLayer layerFrom(const JsonDocument& doc, const std::string& ptr, const json& obj)
{
    ObjectReader r(doc, ptr, obj);
    DataflowLayer l;
    l.name = r.text("name", std::string("layer"));
    const std::string type = r.text("type", std::string("CONV"));
    const auto t = parseDfLayerType(type);
    if (!t)
        doc.fail(r.ptr("type"), "expected CONV, DSCONV or GEMM, got \"" + type + "\"");
    l.type = *t;
    auto dim = [&](const char* key, std::optional<std::int64_t> def) {
        const std::int64_t v = r.integer(key, def);
        if (v < 1)
            doc.fail(r.ptr(key), "must be a positive integer, got " + std::to_string(v));
        if (v > kDfMaxDimension)
            doc.fail(r.ptr(key), "must be at most " + std::to_string(kDfMaxDimension) + ", got " + std::to_string(v));
        return int(v);
    };
    if (l.type == DfLayerType::Gemm) {
        l.set(dfvar::GemmM, dim("M", std::nullopt));
        l.set(dfvar::GemmN, dim("N", std::nullopt));
        l.set(dfvar::GemmK, dim("K", std::nullopt));
    } else {
        l.set(dfvar::K, dim("K", l.type == DfLayerType::DsConv ? std::optional<std::int64_t>(1) : std::nullopt));
        for (const char* key : {"C", "R", "S", "Y", "X"})
            l.set(parseDfVar(l.type, key), dim(key, std::nullopt));
        if (r.has("N")) {
            // Declared, even as 1: directives may then map N (MAESTRO refuses them otherwise).
            l.set(dfvar::N, dim("N", 1));
        }
        const int stride = r.integerIn("stride", 1, 1, kDfMaxStride);
        l.strideY = r.integerIn("stride_y", stride, 1, kDfMaxStride);
        l.strideX = r.integerIn("stride_x", stride, 1, kDfMaxStride);
        if (l.type == DfLayerType::DsConv && l.get(dfvar::K) != 1)
            doc.fail(r.ptr("K"), "a depth-wise (DSCONV) layer has K = 1");
        if (l.get(dfvar::Y) < l.get(dfvar::R))
            doc.fail(r.ptr("Y"), "the input rows (" + std::to_string(l.get(dfvar::Y)) + ") must be at least R (" +
                                     std::to_string(l.get(dfvar::R)) + ")");
        if (l.get(dfvar::X) < l.get(dfvar::S))
            doc.fail(r.ptr("X"), "the input columns (" + std::to_string(l.get(dfvar::X)) + ") must be at least S (" +
                                     std::to_string(l.get(dfvar::S)) + ")");
    }
    r.finish();
    return l;
}

ojson layerJson(const DataflowLayer& l)
{
    ojson j;
    j["name"] = l.name;
    j["type"] = std::string(dfLayerTypeName(l.type));
    if (l.type == DfLayerType::Gemm) {
        j["M"] = l.get(dfvar::GemmM);
        j["N"] = l.get(dfvar::GemmN);
        j["K"] = l.get(dfvar::GemmK);
        return j;
    }
    for (const char* key : {"K", "C", "R", "S", "Y", "X"})
        j[key] = std::max(1, l.get(parseDfVar(l.type, key)));
    if (l.get(dfvar::N) > 0)
        j["N"] = l.get(dfvar::N);
    if (l.strideY == l.strideX) {
        j["stride"] = l.strideY;
    } else {
        j["stride_y"] = l.strideY;
        j["stride_x"] = l.strideX;
    }
    return j;
}

DataflowHardware hardwareFrom(const JsonDocument& doc, const std::string& ptr, const json& obj, bool document)
{
    ObjectReader r(doc, ptr, obj);
    if (document)
        checkSchema(r, "dataflow-hardware", kDataflowSchemaVersion);
    else
        r.skip("schema"), r.skip("version");
    DataflowHardware hw;
    hw.name = r.text("name", std::string("hardware"));
    r.text("description", std::string());
    hw.numPes = r.integerIn("num_pes", hw.numPes, 1, kDfMaxPes);
    hw.l1Size = sizeOrUnlimited(r, "l1_size_bytes", INT_MAX);
    hw.l2Size = sizeOrUnlimited(r, "l2_size_bytes", INT_MAX);
    hw.nocBandwidth = sizeOrUnlimited(r, "noc_bandwidth", INT_MAX);
    hw.offchipBandwidth = sizeOrUnlimited(r, "offchip_bandwidth", INT_MAX);
    hw.nocHops = r.integerIn("noc_hops", 1, 0, kDfMaxNocHops);
    hw.nocHopLatency = r.integerIn("noc_hop_latency", 1, 0, kDfMaxNocHopLatency);
    hw.multicast = r.boolean("multicast", true);
    hw.simdLanes = r.integerIn("simd_lanes", 1, 1, kDfMaxSimdLanes);
    const std::string db = r.text("cost_database", std::string("maestro-2021"));
    if (db == "maestro-2021")
        hw.costDb = DfCostDatabase::maestro2021();
    else if (db == "maestro-2020")
        hw.costDb = DfCostDatabase::maestro2020();
    else
        doc.fail(r.ptr("cost_database"), "expected maestro-2021 or maestro-2020, got \"" + db + "\"");
    r.finish();
    return hw;
}

ojson hardwareJson(const DataflowHardware& hw, bool document)
{
    ojson j = document ? io::schemaDocument("dataflow-hardware", kDataflowSchemaVersion) : ojson();
    j["name"] = hw.name;
    j["num_pes"] = hw.numPes;
    j["l1_size_bytes"] = sizeJson(hw.l1Size);
    j["l2_size_bytes"] = sizeJson(hw.l2Size);
    j["noc_bandwidth"] = sizeJson(hw.nocBandwidth);
    j["noc_hops"] = hw.nocHops;
    j["noc_hop_latency"] = hw.nocHopLatency;
    j["multicast"] = hw.multicast;
    j["offchip_bandwidth"] = sizeJson(hw.offchipBandwidth);
    j["simd_lanes"] = hw.simdLanes;
    j["cost_database"] = hw.costDb.name;
    return j;
}

DataflowMapping mappingFrom(const JsonDocument& doc, const std::string& ptr, const json& obj, DfLayerType type,
                            bool document)
{
    ObjectReader r(doc, ptr, obj);
    if (document && obj.is_object() && obj.value("schema", std::string()) == "mapscape/dataflow-result") {
        // A run's best result (`optimize --out`): the mapping with the design-space point.
        checkSchema(r, "dataflow-result", kDataflowSchemaVersion);
        r.skip("point");
    } else if (document)
        checkSchema(r, "dataflow-mapping", kDataflowSchemaVersion);
    else
        r.skip("schema"), r.skip("version");
    DataflowMapping m;
    m.name = r.text("name", std::string("mapping"));
    r.text("description", std::string());
    const json& list =
        r.nonEmptyList("directives", "expected a non-empty list of directives (\"SpatialMap(1,1) K\", ...)");
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string p = r.ptr("directives") + "/" + std::to_string(i);
        if (!list[i].is_string())
            doc.fail(p, "expected a directive as text, got " + list[i].dump());
        try {
            m.directives.push_back(parseDirective(list[i].get<std::string>(), type));
        } catch (const InputError& e) {
            doc.fail(p, e.what());
        }
    }
    if (m.levelCount() > 4)
        doc.fail(r.ptr("directives"), "at most four cluster levels (three Cluster directives)");
    r.finish();
    return m;
}

ojson mappingJson(const DataflowMapping& m, DfLayerType type, bool document)
{
    ojson j = document ? io::schemaDocument("dataflow-mapping", kDataflowSchemaVersion) : ojson();
    j["name"] = m.name;
    ojson list = ojson::array();
    for (const Directive& d : m.directives) {
        std::string t = directiveText(d, type);
        if (!t.empty() && t.back() == ';')
            t.pop_back();
        list.push_back(t);
    }
    j["directives"] = list;
    return j;
}

DataflowSpaceOptions spaceFrom(const JsonDocument& doc, const std::string& ptr, const json& obj)
{
    ObjectReader r(doc, ptr, obj);
    DataflowSpaceOptions s;
    s.divisorsOnly = r.boolean("divisors_only", false);
    s.parallelRS = r.boolean("parallel_rs", false);
    s.enforceCapacity = r.boolean("enforce_capacity", true);
    if (r.has("restrictions")) {
        const json& rs = r.get("restrictions");
        ObjectReader all(doc, r.ptr("restrictions"), rs);
        for (auto it = rs.begin(); it != rs.end(); ++it) {
            ObjectReader one(doc, all.ptr(it.key()), all.get(it.key()));
            ParameterRestriction pr;
            if (one.has("fixed")) {
                pr.fixed = true;
                pr.value = one.integer("fixed");
            }
            pr.lo = one.integer("min", 0);
            pr.hi = one.integer("max", 0);
            if (pr.lo < 0 || pr.hi < 0 || (pr.hi > 0 && pr.lo > pr.hi))
                doc.fail(one.ptr("min"), "expected 0 <= min <= max");
            one.finish();
            s.restrictions[it.key()] = pr;
        }
        all.finish();
    }
    r.finish();
    return s;
}

ojson spaceJson(const DataflowSpaceOptions& s)
{
    ojson j;
    j["divisors_only"] = s.divisorsOnly;
    j["parallel_rs"] = s.parallelRS;
    j["enforce_capacity"] = s.enforceCapacity;
    ojson rs = ojson::object();
    for (const auto& [key, pr] : s.restrictions) {
        ojson one;
        if (pr.fixed)
            one["fixed"] = pr.value;
        if (pr.lo > 0)
            one["min"] = pr.lo;
        if (pr.hi > 0)
            one["max"] = pr.hi;
        rs[key] = one;
    }
    j["restrictions"] = rs;
    return j;
}

bool isMaestroFile(const std::string& path) { return std::filesystem::path(path).extension() == ".m"; }

/// A study member that names a preset or file (`load` reads it; its error is reported at the
/// member) or holds the value itself (`inlined` reads it).
template <class Load, class Inlined>
auto presetOrInline(ObjectReader& r, const std::string& key, Load load, Inlined inlined)
{
    const json& v = r.get(key);
    if (!v.is_string())
        return inlined(v);
    try {
        return load(v.get<std::string>());
    } catch (const InputError& e) {
        r.doc().fail(r.ptr(key), e.what());
    }
}

} // namespace

DataflowHardware dataflowHardwareFromJson(std::string_view text, const std::string& source)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    return hardwareFrom(doc, "", doc.root(), true);
}

std::string dataflowHardwareToJson(const DataflowHardware& hw) { return io::jsonText(hardwareJson(hw, true)); }

DataflowWorkload dataflowWorkloadFromJson(std::string_view text, const std::string& source)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    ObjectReader r = io::schemaRoot(doc, "dataflow-workload", kDataflowSchemaVersion);
    DataflowWorkload w;
    w.name = r.text("name", std::string("workload"));
    w.description = r.text("description", std::string());
    const json& list = r.nonEmptyList("layers", "expected a non-empty list of layers");
    for (std::size_t i = 0; i < list.size(); ++i)
        w.layers.push_back(layerFrom(doc, r.ptr("layers") + "/" + std::to_string(i), list[i]));
    r.finish();
    return w;
}

std::string dataflowWorkloadToJson(const DataflowWorkload& w)
{
    ojson j = io::schemaDocument("dataflow-workload", kDataflowSchemaVersion);
    j["name"] = w.name;
    j["description"] = w.description;
    ojson list = ojson::array();
    for (const DataflowLayer& l : w.layers)
        list.push_back(layerJson(l));
    j["layers"] = list;
    std::string out = "{\n";
    for (auto it = j.begin(); it != j.end(); ++it) {
        if (it.key() != "layers")
            out += "  " + ojson(it.key()).dump() + ": " + it.value().dump() + ",\n";
    }
    out += "  \"layers\": [\n";
    for (std::size_t i = 0; i < list.size(); ++i)
        out += "    " + list[i].dump() + (i + 1 < list.size() ? ",\n" : "\n");
    return out + "  ]\n}\n";
}

DataflowMapping dataflowMappingFromJson(std::string_view text, const std::string& source, DfLayerType type)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    return mappingFrom(doc, "", doc.root(), type, true);
}

std::string dataflowMappingToJson(const DataflowMapping& m, DfLayerType type)
{
    return io::jsonText(mappingJson(m, type, true));
}

DataflowLayer dataflowLayerFromJson(std::string_view text, const std::string& source)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    return layerFrom(doc, "", doc.root());
}

std::string dataflowLayerToJson(const DataflowLayer& layer) { return layerJson(layer).dump() + "\n"; }

DataflowSpaceOptions dataflowSpaceFromJson(std::string_view text, const std::string& source)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    return spaceFrom(doc, "", doc.root());
}

std::string dataflowSpaceToJson(const DataflowSpaceOptions& space) { return io::jsonText(spaceJson(space)); }

DataflowStudyFile dataflowStudyFromJson(std::string_view text, const std::string& source)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    ObjectReader r = io::schemaRoot(doc, "dataflow-study", kDataflowSchemaVersion);
    DataflowStudyFile s;
    s.name = r.text("name", std::string("dataflow study"));
    s.workload = r.text("workload", std::string());
    s.layer = layerFrom(doc, r.ptr("layer"), r.get("layer"));
    s.hardware = presetOrInline(
        r, "hardware", [](const std::string& name) { return loadDataflowHardware(name); },
        [&](const json& h) { return hardwareFrom(doc, r.ptr("hardware"), h, false); });
    s.mapping = presetOrInline(
        r, "mapping", [&](const std::string& name) { return loadDataflowMapping(name, s.layer.type); },
        [&](const json& m) { return mappingFrom(doc, r.ptr("mapping"), m, s.layer.type, false); });
    if (r.has("space"))
        s.space = spaceFrom(doc, r.ptr("space"), r.get("space"));
    s.objective = readObjectiveMember(r, dataflowObjectives(), "latency");
    r.finish();
    return s;
}

std::string dataflowStudyToJson(const DataflowStudyFile& s)
{
    ojson j = io::schemaDocument("dataflow-study", kDataflowSchemaVersion);
    j["name"] = s.name;
    j["workload"] = s.workload;
    j["layer"] = layerJson(s.layer);
    j["hardware"] = hardwareJson(s.hardware, false);
    j["mapping"] = mappingJson(s.mapping, s.layer.type, false);
    j["space"] = spaceJson(s.space);
    j["objective"] = s.objective;
    return io::jsonText(j);
}

DataflowHardware loadDataflowHardware(const std::string& nameOrPath)
{
    const std::string path = resolvePreset(nameOrPath, kDataflowHardwarePresets);
    const std::string text = readTextFile(path);
    if (isMaestroFile(path))
        return parseMaestroHardware(text, path);
    return dataflowHardwareFromJson(text, path);
}

DataflowWorkload loadDataflowWorkload(const std::string& nameOrPath)
{
    const std::string path = resolvePreset(nameOrPath, kDataflowWorkloadPresets);
    const std::string text = readTextFile(path);
    if (isMaestroFile(path)) {
        const MaestroNetwork net = parseMaestroMapping(text, path);
        DataflowWorkload w;
        w.name = net.name;
        for (const MaestroLayer& l : net.layers)
            w.layers.push_back(l.layer);
        return w;
    }
    return dataflowWorkloadFromJson(text, path);
}

DataflowMapping loadDataflowMapping(const std::string& nameOrPath, DfLayerType type)
{
    const std::string path = resolvePreset(nameOrPath, kDataflowMappingPresets);
    const std::string text = readTextFile(path);
    if (isMaestroFile(path)) {
        const MaestroNetwork net = parseMaestroMapping(text, path);
        if (net.layers.front().layer.type != type && (net.layers.front().layer.type == DfLayerType::Gemm) !=
                                                         (type == DfLayerType::Gemm))
            throw InputError(path + ": its first layer is a " + std::string(dfLayerTypeName(net.layers.front().layer.type)) +
                             " layer, the study's is " + std::string(dfLayerTypeName(type)));
        return net.layers.front().mapping;
    }
    return dataflowMappingFromJson(text, path, type);
}

DataflowStudyFile loadDataflowStudy(const std::string& path) { return dataflowStudyFromJson(readTextFile(path), path); }

} // namespace mapscape
