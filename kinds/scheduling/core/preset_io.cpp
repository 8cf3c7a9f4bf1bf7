// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/preset_io.h"

#include "core/network/network_io.h"
#include "core/study/study_file.h"

#include "core/io/file_util.h"
#include "core/io/json_document.h"
#include "core/io/object_reader.h"
#include "kinds/scheduling/core/neurospector_cfg.h"
#include "kinds/scheduling/core/neurospector_json.h"
#include "core/util/strings.h"

#include <cmath>
#include <set>

namespace mapscape {

using nlohmann::json;
using ojson = nlohmann::ordered_json; // writers keep a readable member order
using io::JsonDocument;
using io::ObjectReader;

namespace {

DimMask dimMaskFrom(ObjectReader& r, const std::string& key)
{
    if (!r.has(key))
        return kAllDimsMask;
    const json& v = r.list(key, "expected a list of dimension letters such as [\"K\", \"C\"]");
    DimMask m = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
        auto d = v[i].is_string() ? parseDim(v[i].get<std::string>()) : std::nullopt;
        if (!d)
            r.doc().fail(r.ptr(key) + "/" + std::to_string(i), "unknown dimension " + v[i].dump());
        m |= dimBit(*d);
    }
    return m;
}

Dataflow dataflowFrom(const JsonDocument& doc, const json& v, const std::string& p)
{
    auto df = v.is_string() ? parseDataflow(v.get<std::string>()) : std::nullopt;
    if (!df)
        doc.fail(p, "expected \"IS\", \"WS\", \"OS\" or \"-\", got " + v.dump());
    return *df;
}

BufferSpec bufferFrom(ObjectReader& r, Component c)
{
    BufferSpec b;
    b.present = true;
    if (c != Component::Dram || r.has("size_bytes")) {
        const json& s = r.get("size_bytes");
        if (s.is_array()) {
            for (std::size_t i = 0; i < s.size(); ++i)
                b.sizeBytes.push_back(r.integerValue(s[i], r.ptr("size_bytes") + "/" + std::to_string(i)));
        } else {
            b.sizeBytes.push_back(r.integerValue(s, r.ptr("size_bytes")));
        }
    }
    if (r.has("dataflow"))
        b.dataflow = dataflowFrom(r.doc(), r.get("dataflow"), r.ptr("dataflow"));
    if (r.has("allowed_dataflows")) {
        const json& v = r.list("allowed_dataflows", "expected a list such as [\"IS\", \"WS\", \"OS\"]");
        for (std::size_t i = 0; i < v.size(); ++i)
            b.allowedDataflows.push_back(dataflowFrom(r.doc(), v[i], r.ptr("allowed_dataflows") + "/" + std::to_string(i)));
    }
    b.bandwidthBits = r.real("bandwidth_bits");
    b.accessEnergyPj = r.perType("access_energy_pj", {0, 0, 0});
    b.staticPowerMw = r.perType("static_power_mw", {0, 0, 0});
    b.unitCycle = r.perType("unit_cycle", {1, 1, 1});
    if (r.has("bypass")) {
        const json& v = r.list("bypass", "expected a list such as [\"weight\"]");
        for (std::size_t i = 0; i < v.size(); ++i) {
            auto t = v[i].is_string() ? parseDataType(v[i].get<std::string>()) : std::nullopt;
            if (!t)
                r.doc().fail(r.ptr("bypass") + "/" + std::to_string(i),
                             "expected \"input\", \"weight\" or \"output\", got " + v[i].dump());
            b.bypass[std::size_t(idx(*t))] = true;
        }
    }
    if (r.has("constraint")) {
        ObjectReader cr(r.doc(), r.ptr("constraint"), r.get("constraint"));
        for (Dim d : kAllDims) {
            const std::string key(dimName(d));
            const std::int64_t v = cr.integer(key, 0);
            if (v < 0)
                r.doc().fail(cr.ptr(key), "must be 0 (free) or a positive factor");
            b.constraint[std::size_t(idx(d))] = std::uint64_t(v);
        }
        cr.finish();
    }
    r.finish();
    return b;
}

ojson perTypeJson(const std::array<double, 3>& v)
{
    if (v[0] == v[1] && v[1] == v[2])
        return v[0];
    return ojson::array({v[0], v[1], v[2]});
}

ojson dimListJson(DimMask m)
{
    ojson a = ojson::array();
    for (Dim d : kAllDims)
        if (m & dimBit(d))
            a.push_back(std::string(dimName(d)));
    return a;
}

DimVector factorsFrom(const JsonDocument& doc, const json& v, const std::string& p)
{
    DimVector f = kOnes;
    const auto factor = [&](const json& x, const std::string& fp) -> std::uint64_t {
        if (!x.is_number_integer() || x.get<std::int64_t>() < 1)
            doc.fail(fp, "a loop factor must be a positive integer, got " + x.dump());
        return std::uint64_t(x.get<std::int64_t>());
    };
    if (v.is_array()) {
        if (v.size() != 8)
            doc.fail(p, "expected 8 factors (K,B,P,Q,C,R,S,G), got " + std::to_string(v.size()));
        for (int d = 0; d < kNumDims; ++d)
            f[std::size_t(d)] = factor(v[std::size_t(d)], p + "/" + std::to_string(d));
        return f;
    }
    if (!v.is_object())
        doc.fail(p, "expected {\"K\": 16, ...} or a list of 8 factors");
    for (auto it = v.begin(); it != v.end(); ++it) {
        auto d = parseDim(it.key());
        if (!d)
            doc.fail(p + "/" + it.key(), "unknown dimension \"" + it.key() + "\" (expected K,B,P,Q,C,R,S,G)");
        f[std::size_t(idx(*d))] = factor(it.value(), p + "/" + it.key());
    }
    return f;
}

bool endsWith(const std::string& s, std::string_view suffix)
{
    return s.size() >= suffix.size() && iequals(std::string_view(s).substr(s.size() - suffix.size()), suffix);
}

} // namespace

Accelerator acceleratorFromJson(std::string_view text, const std::string& source)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    ObjectReader r = io::schemaRoot(doc, "accelerator", kAcceleratorSchemaVersion);
    Accelerator acc;
    acc.name = r.text("name");
    acc.description = r.text("description", std::string());
    // Exactly as written (validateAccelerator then names the range): never cut to 32 bits.
    const std::int64_t bits = r.integer("precision_bits");
    if (bits < INT32_MIN || bits > INT32_MAX)
        r.doc().fail(r.ptr("precision_bits"), "must be between 8 and 256 bits, got " + std::to_string(bits));
    acc.precisionBits = int(bits);
    acc.frequencyMhz = r.real("frequency_mhz");
    acc.macEnergyPj = r.real("mac_energy_pj");
    acc.macStaticMw = r.real("mac_static_mw", 0.0);
    for (Component c : kAllComponents) {
        const std::string key(componentKey(c));
        if (!r.has(key))
            continue;
        ObjectReader lr(doc, r.ptr(key), r.get(key));
        if (isSpatial(c)) {
            ArraySpec& a = acc.array(c);
            a.present = true;
            a.sizeX = lr.integer("size_x", 1);
            a.sizeY = lr.integer("size_y", 1);
            a.allowedX = dimMaskFrom(lr, "allowed_x");
            a.allowedY = dimMaskFrom(lr, "allowed_y");
            lr.finish();
        } else {
            acc.buffer(c) = bufferFrom(lr, c);
        }
    }
    r.finish();
    io::failOnFieldIssues(doc, validateAccelerator(acc));
    return acc;
}

std::string acceleratorToJson(const Accelerator& acc)
{
    ojson j = io::schemaDocument("accelerator", kAcceleratorSchemaVersion);
    j["name"] = acc.name;
    if (!acc.description.empty())
        j["description"] = acc.description;
    j["precision_bits"] = acc.precisionBits;
    j["frequency_mhz"] = acc.frequencyMhz;
    j["mac_energy_pj"] = acc.macEnergyPj;
    j["mac_static_mw"] = acc.macStaticMw;
    for (Component c : kAllComponents) {
        if (!acc.present(c))
            continue;
        ojson l = ojson::object();
        if (isSpatial(c)) {
            const ArraySpec& a = acc.array(c);
            l["size_x"] = a.sizeX;
            l["size_y"] = a.sizeY;
            if (a.allowedX != kAllDimsMask)
                l["allowed_x"] = dimListJson(a.allowedX);
            if (a.allowedY != kAllDimsMask)
                l["allowed_y"] = dimListJson(a.allowedY);
        } else {
            const BufferSpec& b = acc.buffer(c);
            if (!b.sizeBytes.empty())
                l["size_bytes"] = b.sizeBytes.size() == 1 ? ojson(b.sizeBytes[0]) : ojson(b.sizeBytes);
            if (b.dataflow != Dataflow::None)
                l["dataflow"] = std::string(dataflowName(b.dataflow));
            if (!b.allowedDataflows.empty()) {
                ojson a = ojson::array();
                for (Dataflow df : b.allowedDataflows)
                    a.push_back(std::string(dataflowName(df)));
                l["allowed_dataflows"] = a;
            }
            l["bandwidth_bits"] = b.bandwidthBits;
            l["access_energy_pj"] = perTypeJson(b.accessEnergyPj);
            l["static_power_mw"] = perTypeJson(b.staticPowerMw);
            l["unit_cycle"] = perTypeJson(b.unitCycle);
            ojson by = ojson::array();
            for (DataType t : kAllDataTypes)
                if (b.bypass[std::size_t(idx(t))])
                    by.push_back(std::string(dataTypeName(t)));
            if (!by.empty())
                l["bypass"] = by;
            if (b.constraint != DimVector{}) {
                ojson cj = ojson::object();
                for (Dim d : kAllDims)
                    if (b.constraint[std::size_t(idx(d))] != 0)
                        cj[std::string(dimName(d))] = b.constraint[std::size_t(idx(d))];
                l["constraint"] = cj;
            }
        }
        j[std::string(componentKey(c))] = l;
    }
    return io::jsonText(j);
}

Mapping mappingFromJson(std::string_view text, const std::string& source, const Accelerator& acc)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    ObjectReader r = io::schemaRoot(doc, "mapping", kMappingSchemaVersion);
    Mapping m;
    m.accelerator = r.text("accelerator", std::string());
    m.network = r.text("network", std::string());
    m.metric = r.text("metric", std::string());
    m.source = r.text("source", std::string());
    const json& layers = r.list("layers", "expected a list of layer tables");
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const std::string p = "/layers/" + std::to_string(i);
        ObjectReader lr(doc, p, layers[i]);
        LayerMapping lm;
        lm.layer = lr.text("layer");
        const json& rows = lr.get("rows");
        if (!rows.is_object())
            doc.fail(p + "/rows", "expected {\"LOCAL_BUFFER\": {\"K\": 16, ...}, ...}");
        for (auto it = rows.begin(); it != rows.end(); ++it) {
            auto row = parseRowName(it.key(), &acc);
            if (!row)
                doc.fail(p + "/rows/" + it.key(), "unknown table row \"" + it.key() + "\"");
            lm.table.row(*row) = factorsFrom(doc, it.value(), p + "/rows/" + it.key());
        }
        if (lr.has("dataflow")) {
            ObjectReader dr(doc, p + "/dataflow", lr.get("dataflow"));
            for (auto it = lr.get("dataflow").begin(); it != lr.get("dataflow").end(); ++it) {
                auto row = parseRowName(it.key(), &acc);
                if (!row || isSpatialRow(*row))
                    doc.fail(p + "/dataflow/" + it.key(), "\"" + it.key() + "\" is not a temporal level");
                lm.table.dataflow[std::size_t(idx(*row))] = dataflowFrom(doc, it.value(), p + "/dataflow/" + it.key());
                dr.skip(it.key());
            }
            dr.finish();
        }
        lr.finish();
        m.layers.push_back(std::move(lm));
    }
    r.finish();
    return m;
}

std::string mappingToJson(const Mapping& mapping, const Accelerator& acc)
{
    ojson j = io::schemaDocument("mapping", kMappingSchemaVersion);
    j["accelerator"] = mapping.accelerator.empty() ? acc.name : mapping.accelerator;
    j["network"] = mapping.network;
    if (!mapping.metric.empty())
        j["metric"] = mapping.metric;
    if (!mapping.source.empty())
        j["source"] = mapping.source;
    ojson layers = ojson::array();
    for (const LayerMapping& lm : mapping.layers) {
        ojson rows = ojson::object();
        ojson dfs = ojson::object();
        for (int r = 0; r < kNumRows; ++r) {
            const Row row = rowAt(r);
            const DimVector& f = lm.table.row(row);
            const std::string name = rowStatus(acc, row) == RowStatus::Virtual ? rowCanonicalName(row) : rowName(acc, row);
            if (f != kOnes || row == Row::Dram) {
                ojson fj = ojson::object();
                for (Dim d : kAllDims)
                    if (f[std::size_t(idx(d))] != 1)
                        fj[std::string(dimName(d))] = f[std::size_t(idx(d))];
                rows[name] = fj;
            }
            if (lm.table.dataflow[std::size_t(r)] != Dataflow::None)
                dfs[name] = std::string(dataflowName(lm.table.dataflow[std::size_t(r)]));
        }
        ojson lj = ojson::object();
        lj["layer"] = lm.layer;
        lj["rows"] = rows;
        if (!dfs.empty())
            lj["dataflow"] = dfs;
        layers.push_back(lj);
    }
    j["layers"] = layers;
    return io::compactListDocument(j, "layers");
}

std::string detectDocumentKind(std::string_view text)
{
    if (const std::string schema = documentSchema(text); schema.rfind("mapscape/", 0) == 0)
        return schema.substr(9);
    const std::string lower = toLower(text);
    if (lower.find("[accelerator]") != std::string::npos)
        return "accelerator";
    if (lower.find("[layers]") != std::string::npos)
        return "network";
    if (lower.find("[scheduling_table]") != std::string::npos)
        return "table";
    return {};
}

Accelerator loadAccelerator(const std::string& path)
{
    const std::string text = readTextFile(path);
    if (endsWith(path, ".cfg"))
        return acceleratorFromNeuroSpectorCfg(text, path);
    return acceleratorFromJson(text, path);
}

Network loadNetwork(const std::string& path)
{
    const std::string text = readTextFile(path);
    if (endsWith(path, ".cfg"))
        return networkFromNeuroSpectorCfg(text, path);
    return networkFromJson(text, path);
}

Mapping loadMapping(const std::string& path, const Accelerator& acc, const Network& net)
{
    Mapping m;
    if (endsWith(path, ".jsonl")) {
        m.source = "reference results " + path;
        m.network = net.name;
        for (ReferenceCase& rc : readReferenceFile(path))
            m.layers.push_back({rc.layer.name, rc.table});
    } else if (endsWith(path, ".json")) {
        m = mappingFromJson(readTextFile(path), path, acc);
    } else {
        NeuroSpectorTable t = tableFromNeuroSpectorCfg(readTextFile(path), path, acc);
        m.source = path;
        m.network = net.name;
        m.layers.push_back({t.layerName, t.table});
    }
    for (const LayerMapping& lm : m.layers) {
        if (net.indexOf(lm.layer) < 0)
            throw InputError(path + ": the table for layer \"" + lm.layer + "\" names no layer of network \"" +
                             net.name + "\"");
    }
    return m;
}

} // namespace mapscape
