// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/project_io.h"

#include "core/io/file_util.h"
#include "core/io/json_document.h"
#include "core/io/object_reader.h"
#include "core/model/validation.h"
#include "core/util/strings.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

namespace mapscape {

namespace {

using json = nlohmann::ordered_json; // member order is kept (objective lists, curves)
using ojson = nlohmann::ordered_json;

/// The file being read: its name, its text and where each member is, so that errors name the
/// line and a study's inputs reach its kind with their own lines.
struct Source {
    std::string name;
    std::string_view text;
    io::JsonLocations where;
};

[[noreturn]] void fail(const Source& source, const std::string& field, const std::string& message);

/// "studies[1].optimizer.threads" → "/studies/1/optimizer/threads".
std::string pointerOf(const std::string& field)
{
    std::string out;
    for (char c : field) {
        if (c == '.' || c == '[')
            out += '/';
        else if (c != ']')
            out += c;
    }
    return field.empty() || field.front() == '(' ? std::string() : "/" + out;
}

/// obj[key] as text; `fallback` when absent; an error naming the field when it is not text.
template<typename Json>
std::string textField(const Json& obj, const char* key, const Source& source, const std::string& field,
                      std::string fallback = {})
{
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return fallback;
    if (!it->is_string())
        fail(source, field, std::string("expected text, got ") + it->type_name());
    return it->template get<std::string>();
}

[[noreturn]] void fail(const Source& source, const std::string& field, const std::string& message)
{
    throw InputError(source.name + ":" + std::to_string(source.where.lineOf(pointerOf(field))) + ": " + field + ": " +
                     message);
}

/// Reads an object member with the given keys only.
void checkMembers(const json& j, std::initializer_list<const char*> allowed, const Source& source,
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

OptimizerSettings optimizerFrom(const json& o, const StudyKind& kind, const Source& source, const std::string& prefix)
{
    OptimizerSettings po = defaultOptimizerSettings(kind);
    if (!o.is_object())
        fail(source, prefix, "expected an object");
    const std::vector<OptionSpec>& runOptions = kind.info().runOptions;
    for (auto it = o.begin(); it != o.end(); ++it) {
        static const char* const generic[] = {"id", "options", "metric", "objective", "seed", "threads"};
        const bool known = std::find(std::begin(generic), std::end(generic), it.key()) != std::end(generic) ||
                           std::any_of(runOptions.begin(), runOptions.end(), [&](const OptionSpec& r) { return r.key == it.key(); });
        if (!known)
            fail(source, prefix + "." + it.key(), "unknown member");
    }
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
        const std::string id = kind.normalizeObjective(v);
        if (id.empty() || kind.objectiveIndex(id) < 0) {
            std::string list;
            for (const ObjectiveInfo& oi : kind.objectives())
                list += (list.empty() ? "" : ", ") + oi.id;
            fail(source, prefix + "." + objectiveKey, "expected one of " + list);
        }
        po.objective = id;
    }
    for (const OptionSpec& spec : runOptions) {
        if (!o.contains(spec.key))
            continue;
        const std::string v = o[spec.key].is_string() ? o[spec.key].get<std::string>() : "";
        if (std::find(spec.choices.begin(), spec.choices.end(), v) == spec.choices.end()) {
            std::string list;
            for (const std::string& c : spec.choices)
                list += (list.empty() ? "" : " or ") + c;
            fail(source, prefix + "." + spec.key, "expected " + list);
        }
        if (v != spec.defaultValue)
            po.runOptions[spec.key] = v;
    }
    if (o.contains("seed")) {
        if (!o["seed"].is_number_unsigned())
            fail(source, prefix + ".seed", "expected a non-negative integer");
        po.seed = o["seed"].get<std::uint64_t>();
    }
    if (o.contains("threads")) {
        const auto threads = io::exactInteger(o["threads"], 1, 1024);
        if (!threads)
            fail(source, prefix + ".threads", "expected an integer from 1 to 1024, got " + o["threads"].dump());
        po.threads = int(*threads);
    }
    return po;
}

ojson optimizerJson(const OptimizerSettings& s, const StudyKind& kind)
{
    ojson o;
    o["id"] = s.id;
    o["options"] = ojson::object();
    for (const auto& [k, v] : s.options)
        o["options"][k] = v;
    o["objective"] = s.objective;
    for (const OptionSpec& spec : kind.info().runOptions) {
        const auto it = s.runOptions.find(spec.key);
        o[spec.key] = it == s.runOptions.end() ? spec.defaultValue : it->second;
    }
    o["seed"] = s.seed;
    o["threads"] = s.threads;
    return o;
}

RunRecord runFrom(const json& r, const StudyKind& kind, const Source& source, const std::string& prefix)
{
    if (!r.is_object())
        fail(source, prefix, "expected an object");
    checkMembers(r, {"id", "optimizer", "setup", "setup_key", "state", "error", "seconds", "evaluations", "progress",
                     "visible", "curves", "best", "result"},
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
    // Counts are whole numbers in range; times and objective values finite and not negative.
    // Every such field is checked before the refusal, so that it names all of them.
    std::vector<std::string> problems;
    auto whole = [&](const char* key, double max) {
        const double v = number(key, 0);
        if (v >= 0 && v <= max && v == std::floor(v))
            return v;
        problems.push_back(prefix + "." + key + ": expected a whole number from 0 to " + formatSig(max, 16) + ", got " +
                           quoteBrief(r[key].dump(), 40));
        return 0.0;
    };
    rec.id = int(whole("id", double(std::numeric_limits<int>::max())));
    rec.evaluations = std::uint64_t(whole("evaluations", 9007199254740992.0)); // 2^53: exact in a double
    rec.seconds = number("seconds", 0);
    if (!(rec.seconds >= 0))
        problems.push_back(prefix + ".seconds: expected a time in seconds, not negative, got " +
                           quoteBrief(r["seconds"].dump(), 40));
    if (!problems.empty()) {
        std::string all;
        for (std::size_t i = 1; i < problems.size(); ++i)
            all += "; " + problems[i];
        const std::string& first = problems.front();
        const auto colon = first.find(": ");
        fail(source, first.substr(0, colon), first.substr(colon + 2) + all);
    }
    if (r.contains("optimizer"))
        rec.settings = optimizerFrom(r["optimizer"], kind, source, prefix + ".optimizer");
    rec.setup = text("setup");
    rec.setupKey = text("setup_key");
    rec.state = text("state");
    if (rec.state == "running" || rec.state == "paused")
        rec.state = "interrupted"; // saved while it ran (files of earlier versions said "running")
    if (rec.state != "finished" && rec.state != "cancelled" && rec.state != "failed" && rec.state != "interrupted")
        fail(source, prefix + ".state", "expected finished, cancelled, failed or interrupted");
    rec.error = text("error");

    rec.progress = number("progress", -1);
    if (r.contains("progress") && !(rec.progress >= 0 && rec.progress <= 1))
        fail(source, prefix + ".progress", "expected a fraction from 0 to 1, got " + r["progress"].dump());
    if (rec.state == "finished") // all of its budget, also in files from before the field
        rec.progress = 1.0;
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
                if (!(p[0].get<double>() >= 0))
                    fail(source, prefix + ".curves." + it.key(), "a step is negative: " + quoteBrief(p.dump(), 60));
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
            if (!kind.findObjective(it.key()))
                fail(source, prefix + ".best." + it.key(), "not an objective of " + kind.info().id + " studies");
            if (!it.value().is_number() || !(it.value().get<double>() >= 0))
                fail(source, prefix + ".best." + it.key(), "expected a number, not negative, got " + quoteBrief(it.value().dump(), 40));
            rec.best.emplace_back(it.key(), it.value().get<double>());
        }
    }
    if (r.contains("result") && !r["result"].is_null()) {
        // The kind's result document: an object naming its schema.
        const json& res = r["result"];
        if (!res.is_object() || !res.contains("schema") || !res["schema"].is_string() ||
            res["schema"].get<std::string>().rfind("mapscape/", 0) != 0)
            fail(source, prefix + ".result", "expected the run's result document (an object with a \"schema\": \"mapscape/…\")");
        rec.result = res.dump();
    }
    return rec;
}

ojson runJson(const RunRecord& r, const StudyKind& kind)
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
    if (const double progress = r.state == "finished" ? 1.0 : r.progress; progress >= 0)
        j["progress"] = std::min(progress, 1.0);
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

/// The study's input members as one JSON object for its kind, each member's value copied from
/// the file and placed on its own line of the file, so that the kind's errors name the file's lines.
std::string inputsText(const json& s, const std::vector<std::string>& members, const Source& source,
                       const std::string& prefix)
{
    const std::string base = pointerOf(prefix);
    std::vector<std::pair<std::size_t, std::string>> present; // (key's end in the file, member)
    for (const std::string& m : members) {
        if (!s.contains(m))
            continue;
        const auto it = source.where.keyEnds.find(base + "/" + m);
        if (it == source.where.keyEnds.end()) { // not from this file's text: no lines to keep
            json inputs = json::object();
            for (const std::string& k : members)
                if (s.contains(k))
                    inputs[k] = s[k];
            return inputs.dump();
        }
        present.emplace_back(it->second, m);
    }
    std::sort(present.begin(), present.end());
    std::string text = "{";
    int line = 1;
    for (std::size_t i = 0; i < present.size(); ++i) {
        const std::string pointer = base + "/" + present[i].second;
        const std::string_view value = source.where.valueText(source.text, pointer);
        if (i > 0)
            text += ',';
        for (const int want = source.where.lineOf(pointer); line < want; ++line)
            text += '\n';
        text += json(present[i].second).dump() + ": ";
        text += value;
        line += int(std::count(value.begin(), value.end(), '\n'));
    }
    return text + "}";
}

/// Reads one part of a project; with `skipped`, a part that fails is left out and its reason
/// (and `what` was left out) recorded instead of refusing the whole file.
template<typename F>
bool readPart(std::vector<std::string>* skipped, const char* what, F&& read)
{
    if (!skipped) {
        read();
        return true;
    }
    try {
        read();
        return true;
    } catch (const std::exception& e) {
        skipped->push_back(std::string(e.what()) + " (" + what + " left out)");
        return false;
    }
}

Study studyFrom(const json& s, const Source& source, const std::string& prefix,
                std::initializer_list<const char*> extra = {}, std::vector<std::string>* skipped = nullptr)
{
    if (!s.is_object())
        fail(source, prefix.empty() ? "(document)" : prefix, "expected an object");
    const std::string at = prefix.empty() ? "" : prefix + ".";
    const std::string kindId = textField(s, "kind", source, at + "kind");
    const StudyKind* kind = findStudyKind(kindId);
    if (!kind)
        fail(source, at + "kind", "expected " + studyKindIds() + ", got \"" + kindId + "\"");
    const std::vector<std::string> members = kind->inputMembers();
    for (auto it = s.begin(); it != s.end(); ++it) {
        static const char* const generic[] = {"name", "kind", "optimizer", "runs"};
        const bool known = std::find(std::begin(generic), std::end(generic), it.key()) != std::end(generic) ||
                           std::find(members.begin(), members.end(), it.key()) != members.end() ||
                           std::any_of(extra.begin(), extra.end(), [&](const char* e) { return it.key() == e; });
        if (!known)
            fail(source, at + it.key(), "unknown member");
    }
    Study st;
    if (s.contains("name") && !s["name"].is_string())
        fail(source, at + "name", "expected a string");
    st.name = textField(s, "name", source, at + "name", kind->title());
    if (const auto c = unsafeNameCharacter(st.name))
        fail(source, at + "name", "contains " + *c + "; a name is one line of text");
    st.inputs = kind->inputsFromJson(inputsText(s, members, source, prefix), source.name, prefix);
    st.optimizer = defaultOptimizerSettings(*kind);
    if (s.contains("optimizer"))
        st.optimizer = optimizerFrom(s["optimizer"], *kind, source, at + "optimizer");
    if (s.contains("runs")) {
        if (!s["runs"].is_array())
            fail(source, at + "runs", "expected a list");
        for (std::size_t i = 0; i < s["runs"].size(); ++i)
            readPart(skipped, "run", [&] {
                st.runs.push_back(runFrom(s["runs"][i], *kind, source, at + "runs[" + std::to_string(i) + "]"));
            });
    }
    return st;
}

ojson studyJson(const Study& st)
{
    ojson j;
    j["name"] = st.name;
    j["kind"] = st.kind().id();
    const ojson inputs = ojson::parse(st.kind().inputsToJson(st.inputs));
    for (auto it = inputs.begin(); it != inputs.end(); ++it)
        j[it.key()] = it.value();
    j["optimizer"] = optimizerJson(st.optimizer, st.kind());
    ojson runs = ojson::array();
    for (const RunRecord& r : st.runs)
        runs.push_back(runJson(r, st.kind()));
    j["runs"] = runs;
    return j;
}

} // namespace

static Project projectFromJsonUnguarded(std::string_view text, const std::string& name, std::vector<std::string>* skipped)
{
    Source source{name, text, {}};
    json j = io::parseOrderedJson(text, name, source.where); // bounded; errors name the line
    if (!j.is_object())
        fail(source, "(document)", "expected a JSON object");
    if (textField(j, "schema", source, "schema") != "mapscape/project")
        fail(source, "schema", "expected \"mapscape/project\"");
    if (!j.contains("version") || !j["version"].is_number())
        fail(source, "version", "required integer is missing");
    const auto read = io::exactInteger(j["version"], INT64_MIN, INT64_MAX);
    if (!read)
        fail(source, "version", "expected an integer, got " + j["version"].dump());
    if (*read > kProjectSchemaVersion)
        fail(source, "version", "written by a newer Mapscape (version " + std::to_string(*read) + ")");
    if (*read < 1)
        fail(source, "version", "must be at least 1");
    const int version = int(*read);
    Project p;
    if (version == 1) {
        // One accelerator + network + mapping + optimizer: a project with one study of the
        // default kind (its members are that kind's inputs).
        const StudyKind& kind = *studyKinds().front();
        json study = j;
        study.erase("schema");
        study.erase("version");
        study["kind"] = kind.id();
        Study st = studyFrom(study, source, "", {}, skipped);
        st.name = setupLabel(st.inputs);
        p.studies.push_back(std::move(st));
        return p;
    }
    checkMembers(j, {"schema", "version", "active", "studies"}, source, "");
    if (!j.contains("studies") || !j["studies"].is_array() || j["studies"].empty())
        fail(source, "studies", "expected a non-empty list of studies");
    if (j["studies"].size() > kMaxProjectStudies) // counted before one is read
        fail(source, "studies", std::to_string(j["studies"].size()) + " studies, more than the limit of " +
                                    std::to_string(kMaxProjectStudies) + " a project may hold");
    std::vector<int> kept; // the file's index of each study read
    std::string firstFailure;
    for (std::size_t i = 0; i < j["studies"].size(); ++i) {
        const std::size_t before = skipped ? skipped->size() : 0;
        if (readPart(skipped, "study", [&] {
                p.studies.push_back(studyFrom(j["studies"][i], source, "studies[" + std::to_string(i) + "]", {}, skipped));
            }))
            kept.push_back(int(i));
        else if (firstFailure.empty())
            firstFailure = (*skipped)[before];
    }
    if (p.studies.empty()) // nothing to open: the first reason is the file's error
        throw InputError(firstFailure.substr(0, firstFailure.rfind(" (study left out)")));
    if (j.contains("active")) {
        const std::size_t listed = j["studies"].size();
        const auto active = io::exactInteger(j["active"], 0, std::int64_t(listed) - 1);
        if (!active)
            fail(source, "active", "expected the index of one of the " + std::to_string(listed) + " studies, got " +
                                       j["active"].dump());
        const auto it = std::find(kept.begin(), kept.end(), int(*active));
        p.active = it == kept.end() ? 0 : int(it - kept.begin());
    }
    return p;
}

std::string projectToJson(const Project& p)
{
    ojson j = io::schemaDocument("project", kProjectSchemaVersion);
    j["active"] = p.active;
    ojson studies = ojson::array();
    for (const Study& s : p.studies)
        studies.push_back(studyJson(s));
    j["studies"] = studies;
    return io::jsonText(j);
}

Project loadProject(const std::string& path, std::vector<std::string>* skipped)
{
    return projectFromJson(readTextFile(path), path, skipped);
}

void saveProject(const Project& project, const std::string& path) { writeTextFileAtomic(path, projectToJson(project)); }

static Study studyFromJsonUnguarded(std::string_view text, const std::string& name)
{
    Source source{name, text, {}};
    const json j = io::parseOrderedJson(text, name, source.where); // bounded; errors name the line
    if (!j.is_object())
        fail(source, "(document)", "expected a JSON object");
    if (textField(j, "schema", source, "schema") != "mapscape/study")
        fail(source, "schema", "expected \"mapscape/study\"");
    if (!j.contains("version") || !j["version"].is_number_integer())
        fail(source, "version", "required integer is missing");
    if (io::exactInteger(j["version"], kStudySchemaVersion, kStudySchemaVersion) == std::nullopt)
        fail(source, "version", "expected " + std::to_string(kStudySchemaVersion) + ", got " + j["version"].dump());
    return studyFrom(j, source, "", {"schema", "version"});
}

Study studyFromJson(std::string_view text, const std::string& source)
{
    return io::readGuarded(source, [&] { return studyFromJsonUnguarded(text, source); });
}

std::string studyToJson(const Study& study)
{
    ojson j = io::schemaDocument("study", kStudySchemaVersion);
    const ojson body = studyJson(study); // named: items() of a temporary would dangle
    for (const auto& [k, v] : body.items())
        j[k] = v;
    return io::jsonText(j);
}

Project projectFromJson(std::string_view text, const std::string& source, std::vector<std::string>* skipped)
{
    return io::readGuarded(source, [&] { return projectFromJsonUnguarded(text, source, skipped); });
}

} // namespace mapscape
