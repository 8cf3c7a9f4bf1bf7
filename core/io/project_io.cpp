// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/io/project_io.h"

#include "core/io/accel_io.h"
#include "core/io/dataflow_io.h"
#include "core/io/dpu_io.h"
#include "core/io/placement_io.h"
#include "core/io/file_util.h"
#include "core/io/json_document.h"
#include "core/io/maestro_files.h"
#include "core/io/preset_io.h"

#include <nlohmann/json.hpp>

namespace mapscape {

namespace {

using json = nlohmann::ordered_json; // member order is kept (objective lists, curves)
using ojson = nlohmann::ordered_json;

[[noreturn]] void fail(const std::string& source, const std::string& field, const std::string& message);

/// obj[key] as text; `fallback` when absent; an error naming the field when it is not text.
template<typename Json>
std::string textField(const Json& obj, const char* key, const std::string& source, const std::string& field,
                      std::string fallback = {})
{
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return fallback;
    if (!it->is_string())
        fail(source, field, std::string("expected text, got ") + it->type_name());
    return it->template get<std::string>();
}

[[noreturn]] void fail(const std::string& source, const std::string& field, const std::string& message)
{
    throw InputError(source + ": " + field + ": " + message);
}

/// Reads an object member with the given keys only.
void checkMembers(const json& j, std::initializer_list<const char*> allowed, const std::string& source,
                  const std::string& prefix)
{
    for (auto it = j.begin(); it != j.end(); ++it) {
        bool ok = false;
        for (const char* a : allowed)
            ok = ok || it.key() == a;
        if (!ok)
            fail(source, prefix + it.key(), "unknown member");
    }
}

OptimizerSettings optimizerFrom(const json& o, ProblemKind kind, const std::string& source, const std::string& prefix,
                                bool v1)
{
    OptimizerSettings po = defaultOptimizerSettings(kind);
    if (!o.is_object())
        fail(source, prefix, "expected an object");
    checkMembers(o, {"id", "options", "metric", "objective", "dataflow", "seed", "threads"}, source, prefix + ".");
    if (o.contains("id")) {
        if (!o["id"].is_string())
            fail(source, prefix + ".id", "expected a string");
        po.id = o["id"].get<std::string>();
    }
    if (o.contains("options")) {
        if (!o["options"].is_object())
            fail(source, prefix + ".options", "expected an object of strings");
        for (auto it = o["options"].begin(); it != o["options"].end(); ++it) {
            if (!it.value().is_string())
                fail(source, prefix + ".options." + it.key(), "expected a string");
            po.options[it.key()] = it.value().get<std::string>();
        }
    }
    const char* objectiveKey = o.contains("objective") ? "objective" : o.contains("metric") ? "metric" : nullptr;
    if (objectiveKey) {
        const std::string v = o[objectiveKey].is_string() ? o[objectiveKey].get<std::string>() : "";
        std::string id = v;
        if (kind == ProblemKind::SchedulingTables) {
            const auto m = parseMetric(v);
            id = m ? std::string(metricName(*m)) : "";
        }
        if (id.empty() || objectiveIndex(kind, id) < 0) {
            std::string list;
            for (const ObjectiveInfo& oi : problemKindInfo(kind).objectives)
                list += (list.empty() ? "" : ", ") + oi.id;
            fail(source, prefix + "." + objectiveKey, "expected one of " + list);
        }
        po.objective = id;
    }
    if (o.contains("dataflow")) {
        const std::string d = o["dataflow"].is_string() ? o["dataflow"].get<std::string>() : "";
        if (d != "fixed" && d != "flexible")
            fail(source, prefix + ".dataflow", "expected fixed or flexible");
        po.dataflow = d == "fixed" ? DataflowMode::Fixed : DataflowMode::Flexible;
    }
    if (o.contains("seed")) {
        if (!o["seed"].is_number_unsigned())
            fail(source, prefix + ".seed", "expected a non-negative integer");
        po.seed = o["seed"].get<std::uint64_t>();
    }
    if (o.contains("threads")) {
        if (!o["threads"].is_number_integer() || o["threads"].get<int>() < 1)
            fail(source, prefix + ".threads", "expected a positive integer");
        po.threads = o["threads"].get<int>();
    }
    (void)v1;
    return po;
}

ojson optimizerJson(const OptimizerSettings& s, ProblemKind kind)
{
    ojson o;
    o["id"] = s.id;
    o["options"] = ojson::object();
    for (const auto& [k, v] : s.options)
        o["options"][k] = v;
    o["objective"] = s.objective;
    if (kind == ProblemKind::SchedulingTables)
        o["dataflow"] = s.dataflow == DataflowMode::Fixed ? "fixed" : "flexible";
    o["seed"] = s.seed;
    o["threads"] = s.threads;
    return o;
}

RunRecord runFrom(const json& r, ProblemKind kind, const std::string& source, const std::string& prefix)
{
    if (!r.is_object())
        fail(source, prefix, "expected an object");
    checkMembers(r, {"id", "optimizer", "setup", "setup_key", "state", "error", "seconds", "evaluations", "visible",
                     "curves", "best", "result"},
                 source, prefix + ".");
    RunRecord rec;
    auto number = [&](const char* key, double def) {
        if (!r.contains(key))
            return def;
        if (!r[key].is_number())
            fail(source, prefix + "." + key, "expected a number");
        return r[key].get<double>();
    };
    auto text = [&](const char* key) {
        if (!r.contains(key))
            return std::string();
        if (!r[key].is_string())
            fail(source, prefix + "." + key, "expected a string");
        return r[key].get<std::string>();
    };
    rec.id = int(number("id", 0));
    if (r.contains("optimizer"))
        rec.settings = optimizerFrom(r["optimizer"], kind, source, prefix + ".optimizer", false);
    rec.setup = text("setup");
    rec.setupKey = text("setup_key");
    rec.state = text("state");
    if (rec.state != "finished" && rec.state != "cancelled" && rec.state != "failed")
        fail(source, prefix + ".state", "expected finished, cancelled or failed");
    rec.error = text("error");
    rec.seconds = number("seconds", 0);
    rec.evaluations = std::uint64_t(std::max(0.0, number("evaluations", 0)));
    if (r.contains("visible")) {
        if (!r["visible"].is_boolean())
            fail(source, prefix + ".visible", "expected true or false");
        rec.visible = r["visible"].get<bool>();
    }
    if (r.contains("curves")) {
        const json& c = r["curves"];
        if (!c.is_object())
            fail(source, prefix + ".curves", "expected an object of [[step, value], ...] lists");
        for (auto it = c.begin(); it != c.end(); ++it) {
            RunCurve curve;
            curve.name = it.key();
            if (!it.value().is_array())
                fail(source, prefix + ".curves." + it.key(), "expected a list of [step, value] pairs");
            for (const json& p : it.value()) {
                if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number())
                    fail(source, prefix + ".curves." + it.key(), "expected [step, value] pairs of numbers");
                curve.points.emplace_back(p[0].get<double>(), p[1].get<double>());
            }
            rec.curves.push_back(std::move(curve));
        }
    }
    if (r.contains("best")) {
        const json& b = r["best"];
        if (!b.is_object())
            fail(source, prefix + ".best", "expected an object of objective values");
        for (auto it = b.begin(); it != b.end(); ++it) {
            if (!it.value().is_number())
                fail(source, prefix + ".best." + it.key(), "expected a number");
            rec.best.emplace_back(it.key(), it.value().get<double>());
        }
    }
    if (r.contains("result") && !r["result"].is_null())
        rec.result = r["result"].dump();
    return rec;
}

ojson runJson(const RunRecord& r, ProblemKind kind)
{
    ojson j;
    j["id"] = r.id;
    j["optimizer"] = optimizerJson(r.settings, kind);
    j["setup"] = r.setup;
    j["setup_key"] = r.setupKey;
    j["state"] = r.state;
    if (!r.error.empty())
        j["error"] = r.error;
    j["seconds"] = r.seconds;
    j["evaluations"] = r.evaluations;
    j["visible"] = r.visible;
    ojson curves = ojson::object();
    for (const RunCurve& c : r.curves) {
        ojson pts = ojson::array();
        for (const auto& [x, y] : thinSeries(c.points, kSavedCurvePoints))
            pts.push_back(ojson::array({x, y}));
        curves[c.name] = pts;
    }
    j["curves"] = curves;
    ojson best = ojson::object();
    for (const auto& [k, v] : r.best)
        best[k] = v;
    j["best"] = best;
    j["result"] = r.result.empty() ? ojson(nullptr) : ojson::parse(r.result);
    return j;
}

/// A nested document re-read by its own reader; errors are prefixed with where it sits.
template <typename F>
auto nested(const json& j, const std::string& source, const std::string& prefix, F&& read)
{
    try {
        return read(j.dump(2), source + " (" + prefix + ")");
    } catch (const InputError& e) {
        throw InputError(e.what());
    }
}

Study studyFrom(const json& s, const std::string& source, const std::string& prefix)
{
    if (!s.is_object())
        fail(source, prefix, "expected an object");
    const std::string kindId = textField(s, "kind", source, prefix + ".kind");
    const auto kind = parseProblemKind(kindId);
    if (!kind)
        fail(source, prefix + ".kind", "expected scheduling, dataflow, accel, dpu or placement, got \"" + kindId + "\"");
    Study st;
    if (s.contains("name") && !s["name"].is_string())
        fail(source, prefix + ".name", "expected a string");
    st.name = textField(s, "name", source, prefix + ".name", problemKindInfo(*kind).title);
    if (*kind == ProblemKind::SchedulingTables) {
        checkMembers(s, {"name", "kind", "accelerator", "network", "mapping", "optimizer", "runs"}, source, prefix + ".");
        for (const char* member : {"accelerator", "network"}) {
            if (!s.contains(member) || !s[member].is_object())
                fail(source, prefix + "." + member, "required object is missing");
        }
        SchedulingInputs in;
        in.accelerator = nested(s["accelerator"], source, prefix + ".accelerator",
                                [](const std::string& t, const std::string& src) { return acceleratorFromJson(t, src); });
        in.network = nested(s["network"], source, prefix + ".network",
                            [](const std::string& t, const std::string& src) { return networkFromJson(t, src); });
        if (s.contains("mapping") && !s["mapping"].is_null())
            in.mapping = mappingFromJson(s["mapping"].dump(2), source + " (" + prefix + ".mapping)", in.accelerator);
        st.inputs = std::move(in);
    } else if (*kind == ProblemKind::DpuConfig) {
        checkMembers(s, {"name", "kind", "platform", "data_seed", "shown", "optimizer", "runs"}, source, prefix + ".");
        DpuInputs in;
        if (s.contains("platform")) {
            if (!s["platform"].is_object())
                fail(source, prefix + ".platform", "expected an object");
            in.platform = nested(s["platform"], source, prefix + ".platform",
                                 [](const std::string& t, const std::string& src) { return dpuPlatformFromJson(t, src); });
        }
        if (s.contains("data_seed")) {
            if (!s["data_seed"].is_number_unsigned())
                fail(source, prefix + ".data_seed", "expected a non-negative integer");
            in.dataSeed = s["data_seed"].get<std::uint64_t>();
        }
        if (s.contains("shown")) {
            const json& shown = s["shown"];
            if (!shown.is_object())
                fail(source, prefix + ".shown", "expected an object with model, state and configuration");
            checkMembers(shown, {"model", "state", "configuration"}, source, prefix + ".shown.");
            const auto name = [&](const char* member) {
                if (!shown.contains(member) || !shown[member].is_string())
                    fail(source, prefix + ".shown." + member, "expected a string");
                return shown[member].get<std::string>();
            };
            in.variant = findDpuVariant(in.platform, name("model"));
            if (in.variant < 0)
                fail(source, prefix + ".shown.model", "no model variant \"" + name("model") + "\" on this platform");
            in.state = findDpuState(in.platform, name("state"));
            if (in.state < 0)
                fail(source, prefix + ".shown.state", "expected N, C or M, got \"" + name("state") + "\"");
            in.action = in.platform.findAction(name("configuration"));
            if (in.action < 0)
                fail(source, prefix + ".shown.configuration", "no configuration \"" + name("configuration") + "\" on this platform");
        }
        st.inputs = std::move(in);
    } else if (*kind == ProblemKind::TensorPlacement) {
        checkMembers(s, {"name", "kind", "workload", "hardware", "reward", "map", "pins", "optimizer", "runs"}, source,
                     prefix + ".");
        PlacementInputs in;
        if (s.contains("workload")) {
            if (!s["workload"].is_object())
                fail(source, prefix + ".workload", "expected a placement-workload object");
            in.workload = nested(s["workload"], source, prefix + ".workload", [](const std::string& t, const std::string& src) {
                return placementWorkloadFromJson(t, src);
            });
        }
        if (s.contains("hardware")) {
            if (!s["hardware"].is_object())
                fail(source, prefix + ".hardware", "expected a placement-hardware object");
            in.hardware = nested(s["hardware"], source, prefix + ".hardware", [](const std::string& t, const std::string& src) {
                return placementHardwareFromJson(t, src);
            });
        }
        if (s.contains("reward")) {
            const json& r = s["reward"];
            if (!r.is_object())
                fail(source, prefix + ".reward", "expected an object with kappa, flat_invalid and squared_minus_one");
            checkMembers(r, {"kappa", "flat_invalid", "squared_minus_one"}, source, prefix + ".reward.");
            if (r.contains("kappa")) {
                if (!r["kappa"].is_number() || !(r["kappa"].get<double>() > 0))
                    fail(source, prefix + ".reward.kappa", "expected a positive number");
                in.reward.invalidCoefficient = r["kappa"].get<double>();
            }
            for (const auto& [member, flag] : {std::pair<const char*, bool*>{"flat_invalid", &in.reward.flatInvalid},
                                               {"squared_minus_one", &in.reward.squaredMinusOne}})
                if (r.contains(member)) {
                    if (!r[member].is_boolean())
                        fail(source, prefix + ".reward." + member, "expected true or false");
                    *flag = r[member].get<bool>();
                }
        }
        const int n = in.workload.nodeCount();
        if (s.contains("map") && !s["map"].is_null()) {
            json m = s["map"];
            if (!m.is_object())
                fail(source, prefix + ".map", "expected {weights, activations}");
            m["schema"] = "mapscape/placement-map";
            in.map = nested(m, source, prefix + ".map", [n](const std::string& t, const std::string& src) {
                return placementMapFromJson(t, src, n);
            }).map;
        }
        if (s.contains("pins")) {
            if (!s["pins"].is_array())
                fail(source, prefix + ".pins", "expected a list of {node, tensor, level}");
            for (std::size_t i = 0; i < s["pins"].size(); ++i) {
                const json& pj = s["pins"][i];
                const std::string at = prefix + ".pins[" + std::to_string(i) + "]";
                if (!pj.is_object())
                    fail(source, at, "expected {node, tensor, level}");
                checkMembers(pj, {"node", "tensor", "level"}, source, at + ".");
                placement::Pin pin;
                const std::string node = textField(pj, "node", source, at + ".node");
                const auto it = std::find_if(in.workload.nodes.begin(), in.workload.nodes.end(),
                                             [&](const placement::GraphNode& g) { return g.name == node; });
                if (it == in.workload.nodes.end())
                    fail(source, at + ".node", "no node \"" + node + "\" in the workload");
                pin.node = int(it - in.workload.nodes.begin());
                const std::string tensor = textField(pj, "tensor", source, at + ".tensor");
                if (tensor != "weights" && tensor != "activation")
                    fail(source, at + ".tensor", "expected weights or activation, got \"" + tensor + "\"");
                pin.weights = tensor == "weights";
                const auto level = placement::parseLevel(textField(pj, "level", source, at + ".level"));
                if (!level)
                    fail(source, at + ".level", "expected SRAM, LLC or DRAM");
                pin.level = *level;
                in.pins.push_back(pin);
            }
        }
        st.inputs = std::move(in);
    } else if (*kind == ProblemKind::AccelSizing) {
        checkMembers(s, {"name", "kind", "workload", "design", "space", "model", "constraints", "fpga_limits", "fpga_proxy",
                         "optimizer", "runs"},
                     source, prefix + ".");
        json doc = json::object();
        doc["schema"] = "mapscape/accel-study";
        for (const char* member : {"workload", "design", "space", "model", "constraints", "fpga_limits", "fpga_proxy"}) {
            if (s.contains(member))
                doc[member] = s[member];
        }
        const AccelStudyFile f = nested(doc, source, prefix, [](const std::string& t, const std::string& src) {
            return accelStudyFromJson(t, src);
        });
        st.inputs = AccelInputs{f.setup, f.design};
    } else {
        checkMembers(s, {"name", "kind", "workload", "layer", "hardware", "mapping", "space", "optimizer", "runs"}, source,
                     prefix + ".");
        for (const char* member : {"layer", "hardware", "mapping"}) {
            if (!s.contains(member) || !s[member].is_object())
                fail(source, prefix + "." + member, "required object is missing");
        }
        DataflowInputs in;
        if (s.contains("workload")) {
            if (!s["workload"].is_string())
                fail(source, prefix + ".workload", "expected a string");
            in.workload = s["workload"].get<std::string>();
        }
        in.layer = dataflowLayerFromJson(s["layer"].dump(2), source + " (" + prefix + ".layer)");
        json hw = s["hardware"];
        hw["schema"] = "mapscape/dataflow-hardware";
        hw["version"] = 1;
        in.hardware = dataflowHardwareFromJson(hw.dump(2), source + " (" + prefix + ".hardware)");
        json m = s["mapping"];
        m["schema"] = "mapscape/dataflow-mapping";
        m["version"] = 1;
        in.mapping = dataflowMappingFromJson(m.dump(2), source + " (" + prefix + ".mapping)", in.layer.type);
        if (s.contains("space"))
            in.space = dataflowSpaceFromJson(s["space"].dump(2), source + " (" + prefix + ".space)");
        st.inputs = std::move(in);
    }
    st.optimizer = defaultOptimizerSettings(*kind);
    if (s.contains("optimizer"))
        st.optimizer = optimizerFrom(s["optimizer"], *kind, source, prefix + ".optimizer", false);
    if (s.contains("runs")) {
        if (!s["runs"].is_array())
            fail(source, prefix + ".runs", "expected a list");
        for (std::size_t i = 0; i < s["runs"].size(); ++i)
            st.runs.push_back(runFrom(s["runs"][i], *kind, source, prefix + ".runs[" + std::to_string(i) + "]"));
    }
    return st;
}

ojson studyJson(const Study& st)
{
    ojson j;
    j["name"] = st.name;
    j["kind"] = problemKindInfo(st.kind()).id;
    if (const auto* in = std::get_if<SchedulingInputs>(&st.inputs)) {
        j["accelerator"] = ojson::parse(acceleratorToJson(in->accelerator));
        j["network"] = ojson::parse(networkToJson(in->network));
        j["mapping"] = in->mapping ? ojson::parse(mappingToJson(*in->mapping, in->accelerator)) : ojson(nullptr);
    } else if (const auto* u = std::get_if<DpuInputs>(&st.inputs)) {
        j["platform"] = ojson::parse(dpuPlatformToJson(u->platform));
        j["data_seed"] = u->dataSeed;
        j["shown"] = {{"model", u->platform.variantName(u->variant)},
                      {"state", u->platform.params.states[std::size_t(u->state)].name},
                      {"configuration", u->platform.actionName(u->action)}};
    } else if (const auto* p = std::get_if<PlacementInputs>(&st.inputs)) {
        j["workload"] = ojson::parse(placementWorkloadToJson(p->workload));
        j["hardware"] = ojson::parse(placementHardwareToJson(p->hardware));
        j["reward"] = {{"kappa", p->reward.invalidCoefficient},
                       {"flat_invalid", p->reward.flatInvalid},
                       {"squared_minus_one", p->reward.squaredMinusOne}};
        if (p->map) {
            ojson m = ojson::parse(placementMapToJson(p->workload, *p->map));
            j["map"] = {{"weights", m["weights"]}, {"activations", m["activations"]}};
        }
        ojson pins = ojson::array();
        for (const placement::Pin& pin : p->pins)
            pins.push_back({{"node", p->workload.nodes[std::size_t(pin.node)].name},
                            {"tensor", pin.weights ? "weights" : "activation"},
                            {"level", placement::levelName(pin.level)}});
        j["pins"] = pins;
    } else if (const auto* a = std::get_if<AccelInputs>(&st.inputs)) {
        AccelStudyFile f;
        f.setup = a->setup;
        f.design = a->design;
        ojson doc = ojson::parse(accelStudyToJson(f));
        for (const char* member : {"workload", "design", "space", "model", "constraints", "fpga_limits", "fpga_proxy"})
            j[member] = doc[member];
    } else {
        const auto& d = std::get<DataflowInputs>(st.inputs);
        j["workload"] = d.workload;
        j["layer"] = ojson::parse(dataflowLayerToJson(d.layer));
        ojson hw = ojson::parse(dataflowHardwareToJson(d.hardware));
        hw.erase("schema");
        hw.erase("version");
        j["hardware"] = hw;
        ojson m = ojson::parse(dataflowMappingToJson(d.mapping, d.layer.type));
        m.erase("schema");
        m.erase("version");
        j["mapping"] = m;
        j["space"] = ojson::parse(dataflowSpaceToJson(d.space));
    }
    j["optimizer"] = optimizerJson(st.optimizer, st.kind());
    ojson runs = ojson::array();
    for (const RunRecord& r : st.runs)
        runs.push_back(runJson(r, st.kind()));
    j["runs"] = runs;
    return j;
}

} // namespace

static Project projectFromJsonUnguarded(std::string_view text, const std::string& source)
{
    json j = io::parseOrderedJson(text, source); // bounded; errors name the line
    if (!j.is_object())
        fail(source, "(document)", "expected a JSON object");
    if (textField(j, "schema", source, "schema") != "mapscape/project")
        fail(source, "schema", "expected \"mapscape/project\"");
    if (!j.contains("version") || !j["version"].is_number_integer())
        fail(source, "version", "required integer is missing");
    const int version = j["version"].get<int>();
    if (version > kProjectSchemaVersion)
        fail(source, "version", "written by a newer Mapscape (version " + std::to_string(version) + ")");
    if (version < 1)
        fail(source, "version", "must be at least 1");
    Project p;
    if (version == 1) {
        // One accelerator + network + mapping + optimizer: a project with one scheduling study.
        for (const char* member : {"accelerator", "network"}) {
            if (!j.contains(member) || !j[member].is_object())
                fail(source, member, "required object is missing");
        }
        checkMembers(j, {"schema", "version", "accelerator", "network", "mapping", "optimizer"}, source, "");
        SchedulingInputs in;
        in.accelerator = acceleratorFromJson(j["accelerator"].dump(2), source + " (accelerator)");
        in.network = networkFromJson(j["network"].dump(2), source + " (network)");
        if (j.contains("mapping") && !j["mapping"].is_null())
            in.mapping = mappingFromJson(j["mapping"].dump(2), source + " (mapping)", in.accelerator);
        Study st = makeStudy(in.accelerator.name + " / " + in.network.name, in);
        if (j.contains("optimizer"))
            st.optimizer = optimizerFrom(j["optimizer"], ProblemKind::SchedulingTables, source, "optimizer", true);
        p.studies.push_back(std::move(st));
        return p;
    }
    checkMembers(j, {"schema", "version", "active", "studies"}, source, "");
    if (!j.contains("studies") || !j["studies"].is_array() || j["studies"].empty())
        fail(source, "studies", "expected a non-empty list of studies");
    for (std::size_t i = 0; i < j["studies"].size(); ++i)
        p.studies.push_back(studyFrom(j["studies"][i], source, "studies[" + std::to_string(i) + "]"));
    if (j.contains("active")) {
        if (!j["active"].is_number_integer() || j["active"].get<int>() < 0 ||
            j["active"].get<int>() >= int(p.studies.size()))
            fail(source, "active", "expected the index of one of the studies");
        p.active = j["active"].get<int>();
    }
    return p;
}

std::string projectToJson(const Project& p)
{
    ojson j;
    j["schema"] = "mapscape/project";
    j["version"] = kProjectSchemaVersion;
    j["active"] = p.active;
    ojson studies = ojson::array();
    for (const Study& s : p.studies)
        studies.push_back(studyJson(s));
    j["studies"] = studies;
    return j.dump(2) + "\n";
}

Project loadProject(const std::string& path) { return projectFromJson(readTextFile(path), path); }

void saveProject(const Project& project, const std::string& path) { writeTextFileAtomic(path, projectToJson(project)); }

std::string dataflowResultToJson(const DataflowMapping& mapping, DfLayerType type,
                                 const std::map<std::string, std::int64_t>& point)
{
    ojson j = ojson::parse(dataflowMappingToJson(mapping, type));
    j.erase("schema");
    j.erase("version");
    ojson p = ojson::object();
    for (const auto& [k, v] : point)
        p[k] = v;
    j["point"] = p;
    return j.dump();
}

DataflowMapping dataflowResultMapping(std::string_view text, DfLayerType type, const std::string& source)
{
    json j = io::parseOrderedJson(text, source);
    if (!j.is_object())
        throw InputError(source + ": the run's result is not a JSON object");
    j.erase("point");
    j["schema"] = "mapscape/dataflow-mapping";
    j["version"] = 1;
    return dataflowMappingFromJson(j.dump(2), source, type);
}

std::map<std::string, std::int64_t> dataflowResultPoint(std::string_view text)
{
    std::map<std::string, std::int64_t> out;
    json j;
    try {
        j = io::parseOrderedJson(text, "run result");
    } catch (const InputError&) {
        return out;
    }
    if (!j.is_object() || !j.contains("point") || !j["point"].is_object())
        return out;
    for (const auto& [k, v] : j["point"].items()) {
        if (v.is_number_integer())
            out[k] = v.get<std::int64_t>();
    }
    return out;
}

Project projectFromJson(std::string_view text, const std::string& source)
{
    return io::readGuarded(source, [&] { return projectFromJsonUnguarded(text, source); });
}

} // namespace mapscape
