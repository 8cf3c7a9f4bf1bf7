// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/network/workload_io.h"

#include "core/io/input_limits.h"
#include "core/io/object_reader.h"
#include "core/util/strings.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <sstream>

namespace mapscape {

using io::JsonDocument;
using io::ObjectReader;
using nlohmann::json;
using ojson = nlohmann::ordered_json;
using namespace placement;

namespace {

constexpr const char* kCsvColumns[] = {"name",     "op",       "inputs",      "ifm_x",          "ifm_y",   "ifm_z",
                                       "ofm_x",    "ofm_y",    "ofm_z",       "weight_size",    "weight_reads",
                                       "macs",     "external_input", "groups", "kernel_x", "kernel_y",
                                       "stride",   "pad",      "dilation"};
constexpr int kCsvColumnCount = int(std::size(kCsvColumns));

/// Resolves an input given as a node name or index against the nodes read so far.
int inputFrom(const std::string& ref, const std::map<std::string, int>& byName, int self,
              const std::function<void(const std::string&)>& fail)
{
    if (const auto it = byName.find(ref); it != byName.end())
        return it->second;
    if (const auto i = parseInt(ref)) {
        if (*i < 0 || *i >= self)
            fail("index " + ref + " does not name an earlier node");
        return int(*i);
    }
    fail("\"" + ref + "\" names no earlier node");
    return -1;
}

ojson nodeJson(const WorkloadGraph& g, const GraphNode& n)
{
    ojson j;
    j["name"] = n.name;
    j["op"] = opKindId(n.op);
    ojson inputs = ojson::array();
    for (int p : n.inputs)
        inputs.push_back(g.nodes[std::size_t(p)].name);
    j["inputs"] = inputs;
    j["ifm"] = {n.ifm[0], n.ifm[1], n.ifm[2]};
    j["ofm"] = {n.ofm[0], n.ofm[1], n.ofm[2]};
    if (n.weights > 0)
        j["weight_size"] = n.weights;
    if (n.weightReads != n.weights)
        j["weight_reads"] = n.weightReads;
    if (n.macs > 0)
        j["macs"] = n.macs;
    if (n.externalInput > 0)
        j["external_input"] = n.externalInput;
    const std::pair<const char*, int> conv[] = {{"groups", n.groups}, {"kernel_x", n.kernelX}, {"kernel_y", n.kernelY},
                                                {"stride", n.stride}, {"pad", n.pad},          {"dilation", n.dilation}};
    for (const auto& [k, v] : conv)
        if (v != 0)
            j[k] = v;
    return j;
}

std::array<std::int64_t, 3> dims(ObjectReader& r, const std::string& key)
{
    const json& v = r.get(key);
    if (!v.is_array() || v.size() != 3)
        r.doc().fail(r.ptr(key), "expected [x, y, z]");
    std::array<std::int64_t, 3> out{};
    for (std::size_t d = 0; d < 3; ++d)
        out[d] = r.integerValue(v[d], r.ptr(key) + "/" + std::to_string(d));
    return out;
}

} // namespace

placement::OpKind opKindFrom(const std::string& id, const std::function<void(const std::string&)>& fail)
{
    const auto op = parseOpKind(toLower(id));
    if (!op) {
        std::string names;
        for (int i = 0; i < kOpKindCount; ++i)
            names += (i ? ", " : "") + std::string(opKindId(OpKind(i)));
        fail("unknown op \"" + id + "\"; expected one of " + names);
    }
    return *op;
}

WorkloadGraph placementWorkloadFromJson(std::string_view text, const std::string& source)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    ObjectReader r = io::schemaRoot(doc, "placement-workload", kPlacementSchemaVersion);
    WorkloadGraph g;
    g.name = r.text("name", std::string("workload"));
    g.description = r.text("description", std::string());
    g.batch = r.integerIn("batch", 1, 1, 1 << 20);
    const json& list = r.list("nodes", "expected a list of nodes");
    std::map<std::string, int> byName;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string p = r.ptr("nodes") + "/" + std::to_string(i);
        ObjectReader nr(doc, p, list[i]);
        GraphNode n;
        n.name = nr.text("name");
        if (n.name.empty())
            doc.fail(nr.ptr("name"), "must not be empty");
        if (byName.count(n.name))
            doc.fail(nr.ptr("name"), "\"" + n.name + "\" is used by an earlier node");
        n.op = opKindFrom(nr.text("op"), [&](const std::string& m) { doc.fail(nr.ptr("op"), m); });
        if (nr.has("inputs")) {
            const json& in = nr.list("inputs", "expected a list of node names or indices");
            for (std::size_t k = 0; k < in.size(); ++k) {
                const std::string ip = nr.ptr("inputs") + "/" + std::to_string(k);
                const std::string ref = in[k].is_string() ? in[k].get<std::string>() : in[k].dump();
                n.inputs.push_back(inputFrom(ref, byName, int(i), [&](const std::string& m) { doc.fail(ip, m); }));
            }
        }
        n.ofm = dims(nr, "ofm");
        if (nr.has("ifm"))
            n.ifm = dims(nr, "ifm");
        else if (!n.inputs.empty())
            n.ifm = g.nodes[std::size_t(n.inputs.front())].ofm;
        n.weights = nr.integer("weight_size", 0);
        n.weightReads = nr.integer("weight_reads", n.weights);
        n.macs = nr.integer("macs", 0);
        n.externalInput = nr.integer("external_input", 0);
        n.groups = int(nr.integerIn("groups", 0, 0, 1 << 24));
        n.kernelX = int(nr.integerIn("kernel_x", 0, 0, 1 << 24));
        n.kernelY = int(nr.integerIn("kernel_y", 0, 0, 1 << 24));
        n.stride = int(nr.integerIn("stride", 0, 0, 1 << 24));
        n.pad = int(nr.integerIn("pad", 0, 0, 1 << 24));
        n.dilation = int(nr.integerIn("dilation", 0, 0, 1 << 24));
        nr.finish();
        byName[n.name] = int(i);
        g.nodes.push_back(std::move(n));
    }
    r.finish();
    const FieldIssues issues = validateWorkloadGraph(g);
    if (!issues.empty())
        doc.fail("/" + [&] {
            // "nodes[3].macs" → "/nodes/3/macs" for the line lookup.
            std::string f = issues.front().field;
            for (char& c : f)
                if (c == '[' || c == '.')
                    c = '/';
            f.erase(std::remove(f.begin(), f.end(), ']'), f.end());
            return f;
        }(), issues.front().message);
    return g;
}

std::string placementWorkloadToJson(const WorkloadGraph& g)
{
    ojson j = io::schemaDocument("placement-workload", kPlacementSchemaVersion);
    j["name"] = g.name;
    if (!g.description.empty())
        j["description"] = g.description;
    if (g.batch != 1)
        j["batch"] = g.batch;
    ojson nodes = ojson::array();
    for (const GraphNode& n : g.nodes)
        nodes.push_back(nodeJson(g, n));
    j["nodes"] = nodes;
    return io::jsonText(j);
}

WorkloadGraph placementWorkloadFromCsv(std::string_view text, const std::string& source)
{
    WorkloadGraph g;
    io::checkTextLines(text, source);
    g.name = source;
    if (const auto slash = g.name.find_last_of('/'); slash != std::string::npos)
        g.name = g.name.substr(slash + 1);
    if (const auto dot = g.name.find_last_of('.'); dot != std::string::npos && dot > 0)
        g.name = g.name.substr(0, dot);
    std::map<std::string, int> byName;
    std::vector<int> column(std::size_t(kCsvColumnCount), -1);
    int lineNo = 0;
    bool header = false;
    std::size_t headerFields = 0;
    std::size_t edges = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (trim(line).empty() || trim(line).front() == '#')
            continue;
        const std::vector<std::string> f = csvFields(line);
        const auto fail = [&](int col, const std::string& m) {
            throw InputError(source + ":" + std::to_string(lineNo) + ": " +
                             (col >= 0 ? std::string(kCsvColumns[col]) + ": " : std::string()) + m);
        };
        if (!header) {
            for (std::size_t c = 0; c < f.size(); ++c) {
                const std::string name = toLower(f[c]);
                const auto it = std::find(std::begin(kCsvColumns), std::end(kCsvColumns), name);
                if (it == std::end(kCsvColumns))
                    fail(-1, "unknown column \"" + f[c] + "\"");
                int& slot = column[std::size_t(it - std::begin(kCsvColumns))];
                if (slot >= 0)
                    fail(-1, "the column \"" + name + "\" appears twice (fields " + std::to_string(slot + 1) + " and " +
                                 std::to_string(c + 1) + ")");
                slot = int(c);
            }
            for (const char* required : {"name", "op", "ofm_x", "ofm_y", "ofm_z"})
                if (column[std::size_t(std::find(std::begin(kCsvColumns), std::end(kCsvColumns), std::string_view(required)) -
                                       std::begin(kCsvColumns))] < 0)
                    fail(-1, std::string("the header lacks the column \"") + required + "\"");
            header = true;
            headerFields = f.size();
            continue;
        }
        if (f.size() > headerFields)
            fail(-1, std::to_string(f.size()) + " fields, but the header names " + std::to_string(headerFields) +
                         " columns");
        const auto cell = [&](int col) -> std::string {
            const int c = column[std::size_t(col)];
            return c >= 0 && std::size_t(c) < f.size() ? f[std::size_t(c)] : std::string();
        };
        const auto integer = [&](int col, std::int64_t def) -> std::int64_t {
            const std::string v = cell(col);
            if (v.empty())
                return def;
            const auto x = parseInt(v);
            if (!x)
                fail(col, "expected an integer, got \"" + v + "\"");
            return *x;
        };
        const int self = g.nodeCount();
        GraphNode n;
        n.name = cell(0);
        if (n.name.empty())
            fail(0, "must not be empty");
        if (byName.count(n.name))
            fail(0, "\"" + n.name + "\" is used by an earlier node");
        n.op = opKindFrom(cell(1), [&](const std::string& m) { fail(1, m); });
        for (const std::string& ref : split(cell(2), ';'))
            n.inputs.push_back(inputFrom(ref, byName, self, [&](const std::string& m) { fail(2, m); }));
        const auto def = n.inputs.empty() ? std::array<std::int64_t, 3>{1, 1, 1} : g.nodes[std::size_t(n.inputs.front())].ofm;
        for (int d = 0; d < 3; ++d) {
            n.ifm[std::size_t(d)] = integer(3 + d, def[std::size_t(d)]);
            n.ofm[std::size_t(d)] = integer(6 + d, 0);
        }
        n.weights = integer(9, 0);
        n.weightReads = integer(10, n.weights);
        n.macs = integer(11, 0);
        n.externalInput = integer(12, 0);
        int* conv[] = {&n.groups, &n.kernelX, &n.kernelY, &n.stride, &n.pad, &n.dilation};
        for (int k = 0; k < 6; ++k) {
            const std::int64_t v = integer(13 + k, 0);
            if (v < 0 || v > (1 << 24))
                fail(13 + k, "must be an integer in [0, 16777216], got " + std::to_string(v));
            *conv[k] = int(v);
        }
        const WorkloadGraph probe{.name = "", .description = "", .batch = 1, .nodes = {n}};
        for (const FieldIssue& issue : validateWorkloadGraph(probe))
            if (issue.field.find("inputs") == std::string::npos)
                throw InputError(source + ":" + std::to_string(lineNo) + ": " + issue.field.substr(issue.field.find('.') + 1) +
                                 ": " + issue.message);
        edges += n.inputs.size();
        if (g.nodes.size() >= std::size_t(kMaxWorkloadNodes) || edges > std::size_t(kMaxWorkloadEdges))
            fail(-1, "more than " + std::to_string(kMaxWorkloadNodes) + " nodes or " + std::to_string(kMaxWorkloadEdges) +
                         " edges: the supported workload size");
        byName[n.name] = self;
        g.nodes.push_back(std::move(n));
    }
    if (!header)
        throw InputError(source + ": empty file; expected a header line (" + std::string(kCsvColumns[0]) + ", " +
                         kCsvColumns[1] + ", …)");
    if (g.nodes.empty())
        throw InputError(source + ": no nodes after the header");
    checkWorkloadGraph(g);
    return g;
}

std::string placementWorkloadToCsv(const WorkloadGraph& g)
{
    std::ostringstream s;
    for (int c = 0; c < kCsvColumnCount; ++c)
        s << (c ? "," : "") << kCsvColumns[c];
    s << '\n';
    for (const GraphNode& n : g.nodes) {
        std::string inputs;
        for (int p : n.inputs)
            inputs += (inputs.empty() ? "" : ";") + g.nodes[std::size_t(p)].name;
        s << csvQuote(n.name) << ',' << opKindId(n.op) << ',' << csvQuote(inputs);
        for (auto v : n.ifm)
            s << ',' << v;
        for (auto v : n.ofm)
            s << ',' << v;
        s << ',' << n.weights << ',' << n.weightReads << ',' << n.macs << ',' << n.externalInput << ',' << n.groups << ','
          << n.kernelX << ',' << n.kernelY << ',' << n.stride << ',' << n.pad << ',' << n.dilation << '\n';
    }
    return s.str();
}

} // namespace mapscape
