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
using io::checkSchema;

Network networkFromJson(std::string_view text, const std::string& source)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    ObjectReader r(doc, "", doc.root());
    checkSchema(r, "network", kNetworkSchemaVersion);
    Network net;
    net.name = r.text("name");
    net.description = r.text("description", std::string());
    const json& layers = r.get("layers");
    if (!layers.is_array())
        doc.fail("/layers", "expected a list of layers");
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
        l.stride = lr.integer("stride", 1);
        l.repeat = lr.integer("repeat", 1);
        lr.skip("kind"); // informational, derived from the shape
        lr.finish();
        net.layers.push_back(std::move(l));
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
    ojson j = ojson::object();
    j["schema"] = "mapscape/network";
    j["version"] = kNetworkSchemaVersion;
    j["name"] = net.name;
    if (!net.description.empty())
        j["description"] = net.description;
    ojson layers = ojson::array();
    for (const Layer& l : net.layers) {
        ojson lj = ojson::object();
        lj["name"] = l.name;
        for (Dim d : kAllDims)
            lj[std::string(dimName(d))] = l.dim(d);
        lj["stride"] = l.stride;
        if (l.repeat != 1)
            lj["repeat"] = l.repeat;
        layers.push_back(lj);
    }
    j["layers"] = layers;
    return io::compactListDocument(j, "layers");
}

} // namespace mapscape
