// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/network/network_io.h"

#include "core/io/json_document.h"
#include "core/io/object_reader.h"

namespace mapscape {

using nlohmann::json;
using ojson = nlohmann::ordered_json;
using io::JsonDocument;
using io::ObjectReader;

namespace {

/// A value written once for both axes (`2`) or per axis (`[2, 1]`, rows then columns): the
/// first axis's value and the second's where it differs (0 where it is the same).
std::pair<std::int64_t, std::int64_t> perAxis(ObjectReader& r, const std::string& key, std::int64_t fallback)
{
    if (!r.has(key) || !r.get(key).is_array())
        return {r.integer(key, fallback), 0};
    const json& v = r.get(key);
    if (v.size() != 2)
        r.doc().fail(r.ptr(key), "expected one number or two (rows, columns), got " + v.dump());
    const std::int64_t rows = r.integerValue(v[0], r.ptr(key) + "/0"), columns = r.integerValue(v[1], r.ptr(key) + "/1");
    if (columns != rows && columns < 1)
        r.doc().fail(r.ptr(key) + "/1", "the " + key + " along columns must be positive, got " + std::to_string(columns));
    return {rows, columns == rows ? 0 : columns};
}

} // namespace

Network networkFromJson(std::string_view text, const std::string& source)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    ObjectReader r = io::schemaRoot(doc, "network", kNetworkSchemaVersion);
    Network net;
    net.name = r.text("name");
    net.description = r.text("description", std::string());
    const json& layers = r.list("layers", "expected a list of layers");
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const std::string p = "/layers/" + std::to_string(i);
        ObjectReader lr(doc, p, layers[i]);
        Layer l;
        l.name = lr.text("name");
        for (Dim d : kAllDims) {
            const std::string key(dimName(d));
            const bool optional = d == Dim::B || d == Dim::G;
            l.setDim(d, optional ? lr.integer(key, 1) : lr.integer(key));
        }
        const auto [stride, strideQ] = perAxis(lr, "stride", 1);
        l.stride = stride;
        l.strideQ = strideQ;
        const auto [dilation, dilationS] = perAxis(lr, "dilation", 1);
        l.dilation = dilation;
        l.dilationS = dilationS;
        l.repeat = lr.integer("repeat", 1);
        lr.skip("kind"); // informational, derived from the shape
        lr.finish();
        net.layers.push_back(std::move(l));
    }
    if (r.has("omitted")) {
        const json& list = r.list("omitted", "expected a list of operators left out of the import");
        for (std::size_t i = 0; i < list.size(); ++i) {
            ObjectReader o(doc, "/omitted/" + std::to_string(i), list[i]);
            OmittedOperator op;
            op.node = o.text("node");
            op.op = o.text("op");
            op.macs = o.integer("macs", -1);
            op.reason = o.text("reason", std::string());
            o.finish();
            net.omitted.push_back(std::move(op));
        }
    }
    if (r.has("not_modelled")) {
        const json& list = r.list("not_modelled", "expected a list of operator types and counts");
        for (std::size_t i = 0; i < list.size(); ++i) {
            ObjectReader o(doc, "/not_modelled/" + std::to_string(i), list[i]);
            std::string op = o.text("op");
            const std::int64_t count = o.integer("count");
            o.finish();
            net.notModelled.emplace_back(std::move(op), count);
        }
    }
    r.finish();
    FieldIssues issues;
    for (std::size_t i = 0; i < net.layers.size(); ++i) {
        FieldIssues li = validateLayer(net.layers[i], "layers[" + std::to_string(i) + "].");
        issues.insert(issues.end(), li.begin(), li.end());
    }
    for (const FieldIssue& i : validateNetwork(net)) {
        if (i.field.find(").") == std::string::npos) // per-layer issues were collected above
            issues.push_back(i);
    }
    io::failOnFieldIssues(doc, issues);
    return net;
}

std::string networkToJson(const Network& net)
{
    ojson j = io::schemaDocument("network", kNetworkSchemaVersion);
    j["name"] = net.name;
    if (!net.description.empty())
        j["description"] = net.description;
    ojson layers = ojson::array();
    for (const Layer& l : net.layers) {
        ojson lj = ojson::object();
        lj["name"] = l.name;
        for (Dim d : kAllDims)
            lj[std::string(dimName(d))] = l.dim(d);
        if (l.strideAlongQ() == l.stride)
            lj["stride"] = l.stride;
        else
            lj["stride"] = {l.stride, l.strideAlongQ()};
        if (l.dilationAlongS() != l.dilation)
            lj["dilation"] = {l.dilation, l.dilationAlongS()};
        else if (l.dilation != 1)
            lj["dilation"] = l.dilation;
        if (l.repeat != 1)
            lj["repeat"] = l.repeat;
        layers.push_back(lj);
    }
    j["layers"] = layers;
    if (!net.omitted.empty()) {
        ojson list = ojson::array();
        for (const OmittedOperator& op : net.omitted) {
            ojson o = {{"node", op.node}, {"op", op.op}, {"macs", op.macs}};
            if (!op.reason.empty())
                o["reason"] = op.reason;
            list.push_back(std::move(o));
        }
        j["omitted"] = std::move(list);
    }
    if (!net.notModelled.empty()) {
        ojson list = ojson::array();
        for (const auto& [op, count] : net.notModelled)
            list.push_back({{"op", op}, {"count", count}});
        j["not_modelled"] = std::move(list);
    }
    return io::compactListDocument(j, "layers");
}

} // namespace mapscape
