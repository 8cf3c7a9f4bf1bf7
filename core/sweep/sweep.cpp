// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/sweep/sweep.h"

#include "core/io/file_util.h"
#include "core/io/input_limits.h"
#include "core/io/json_document.h"
#include "core/io/object_reader.h"
#include "core/optim/metrics_sink.h"
#include "core/study/study_file.h"
#include "core/study/study_job.h"
#include "core/util/statistics.h"
#include "core/util/strings.h"
#include "core/optim/rl/module/learner_module.h"

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <tuple>
#include <sstream>

namespace mapscape::sweep {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

constexpr std::size_t kCurvePoints = 1000;

/// A run cut short by its stop token: its shard stays unfinished (never written as failed).
class ShardCancelled : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

std::vector<std::string> textList(io::ObjectReader& r, const std::string& key)
{
    const json& v = r.get(key);
    const std::string p = r.ptr(key);
    if (!v.is_array() || v.empty())
        r.doc().fail(p, "expected a non-empty list of names");
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (!v[i].is_string() || v[i].get<std::string>().empty())
            r.doc().fail(p + "/" + std::to_string(i), "expected a preset name or file, got " + v[i].dump());
        out.push_back(v[i].get<std::string>());
    }
    return out;
}

/// A JSON scalar as option / argument text ("300", "true", "edge-256").
std::optional<std::string> scalarText(const json& v)
{
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_number() || v.is_boolean())
        return v.dump();
    return std::nullopt;
}

std::string hostName()
{
    char buf[256] = {};
    if (gethostname(buf, sizeof buf - 1) != 0)
        return "unknown";
    return buf;
}

/// A file relative to the sweep's folder when it exists there; the value unchanged otherwise
/// (a preset name, a kind, an absolute path, a number).
std::string relativeToSweep(const SweepSpec& spec, const std::string& value)
{
    if (spec.baseDir.empty() || value.empty() || fs::path(value).is_absolute())
        return value;
    std::error_code ec;
    const fs::path p = fs::path(spec.baseDir) / value;
    return fs::is_regular_file(p, ec) ? p.string() : value;
}

/// The study of an entry as the sweep names it (before variations).
Study entryStudy(const SweepSpec& spec, const StudyEntry& e)
{
    if (e.loaded)
        return *e.loaded;
    std::vector<std::string> notes;
    ArgumentValues args;
    for (const auto& [k, v] : e.arguments)
        args[k] = relativeToSweep(spec, v);
    return studyFromCommandLine(relativeToSweep(spec, e.study), args, notes);
}

/// The kind of a study entry: as stored, or by resolving the study.
const StudyKind& entryKind(const SweepSpec& spec, const StudyEntry& e)
{
    if (!e.kind.empty())
        return requireStudyKind(e.kind, "sweep \"" + spec.name + "\": study \"" + e.name + "\": kind");
    return entryStudy(spec, e).kind();
}

/// The objective a study entry's shards optimise: the sweep's, or the study's own.
std::string entryObjective(const SweepSpec& spec, const StudyEntry& e)
{
    if (!spec.objective.empty()) {
        const std::string id = entryKind(spec, e).normalizeObjective(spec.objective);
        return id.empty() ? spec.objective : id;
    }
    return e.objective.empty() ? entryStudy(spec, e).optimizer.objective : e.objective;
}

bool variationApplies(const Variation& v, const StudyKind& kind)
{
    if (!v.kind.empty())
        return v.kind == kind.id();
    if (!v.argument.empty()) {
        for (const StudyArgument& a : kind.studyArguments())
            if (a.key() == v.argument)
                return true;
        return false;
    }
    return true; // a path applies to every study (a study without the field fails when run)
}

bool optimizerApplies(const OptimizerChoice& o, const StudyKind& kind)
{
    return (o.kind.empty() || o.kind == kind.id()) && findOptimizer(kind, o.id) != nullptr;
}

std::string optimizerText(const OptimizerChoice& o)
{
    const std::string opts = optionsText(o.options);
    return opts.empty() ? o.id : o.id + " (" + opts + ")";
}

/// Version 1 sweeps: scheduling tables only; each accelerator × network is a study from -a / -n.
void readLegacyStudies(const io::JsonDocument& doc, io::ObjectReader& r, SweepSpec& s)
{
    const std::string kind = r.text("kind", std::string());
    const std::vector<std::string> accelerators = textList(r, "accelerators");
    const std::vector<std::string> networks = textList(r, "networks");
    // The product's size first: lists of 65,536 entries must not build billions of studies.
    {
        const std::size_t optimizers = r.has("optimizers") && r.get("optimizers").is_array() ? r.get("optimizers").size() : 1;
        const std::size_t seeds = r.has("seeds") && r.get("seeds").is_array() ? r.get("seeds").size() : 1;
        std::size_t n = 1;
        for (const std::size_t k : {accelerators.size(), networks.size(), optimizers, seeds})
            n = k == 0 ? 0 : (n > kMaxShards / k + 1 ? kMaxShards + 1 : n * k);
        if (const std::string why = shardLimitRefusal(n); !why.empty())
            doc.fail("", "sweep \"" + s.name + "\": " + std::to_string(accelerators.size()) + " × " +
                             std::to_string(networks.size()) + " × " + std::to_string(optimizers) + " × " +
                             std::to_string(seeds) + " shards, " + why);
    }
    const std::string layer = r.text("layer", std::string());
    for (const std::string& a : accelerators)
        for (const std::string& n : networks) {
            StudyEntry e;
            e.name = a + " × " + n;
            e.arguments = {{"accelerator", a}, {"network", n}};
            if (!layer.empty())
                e.arguments["layer"] = layer;
            e.kind = kind;
            s.studies.push_back(std::move(e));
        }
    s.objective = r.text("metric", std::string("energy"));
    const std::string dataflow = r.text("dataflow", std::string("fixed"));
    if (dataflow != "fixed" && dataflow != "flexible")
        doc.fail("/dataflow", "expected fixed or flexible, got \"" + dataflow + "\"");
    if (dataflow != "fixed")
        s.runOptions["dataflow"] = dataflow;
}

/// The studies of a version-2 sweep: files, presets or kinds, or objects with arguments.
void readStudies(const io::JsonDocument& doc, io::ObjectReader& r, SweepSpec& s)
{
    const json& v =
        r.nonEmptyList("studies", "expected a non-empty list of studies (files, presets or kinds, or objects)");
    if (v.size() > kMaxShards)
        doc.fail("/studies", "more than the limit of " + std::to_string(kMaxShards) + " studies");
    std::set<std::string> names;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const std::string p = "/studies/" + std::to_string(i);
        StudyEntry e;
        if (v[i].is_string()) {
            e.study = v[i].get<std::string>();
            if (e.study.empty())
                doc.fail(p, "expected a study file, preset or kind");
        } else {
            io::ObjectReader o(doc, p, v[i]);
            e.study = o.text("study", std::string());
            e.name = o.text("name", std::string());
            if (const auto c = unsafeNameCharacter(e.name))
                doc.fail(p + "/name", "contains " + *c + "; a name is one line of text");
            e.kind = o.text("kind", std::string());
            e.objective = o.text("objective", std::string());
            if (o.has("arguments")) {
                const json& args = o.get("arguments");
                if (!args.is_object())
                    doc.fail(p + "/arguments", "expected an object of argument values ({\"hardware\": \"edge-256\"})");
                for (auto it = args.begin(); it != args.end(); ++it) {
                    const std::optional<std::string> t = scalarText(it.value());
                    if (!t)
                        doc.fail(p + "/arguments/" + it.key(), "expected a string, a number or true");
                    e.arguments[it.key()] = *t;
                }
            }
            o.finish();
            if (e.study.empty() && e.arguments.empty())
                doc.fail(p, "names no study: give \"study\" (a file, preset or kind) or \"arguments\"");
        }
        if (e.name.empty()) {
            e.name = e.study;
            for (const auto& [k, val] : e.arguments)
                e.name += (e.name.empty() ? "" : " ") + k + "=" + val;
        }
        if (!names.insert(e.name).second)
            doc.fail(p, "a second study named \"" + e.name + "\"; give each a distinct \"name\"");
        if (!e.kind.empty() && !findStudyKind(e.kind))
            doc.fail(p + "/kind", "unknown study kind \"" + e.kind + "\"");
        s.studies.push_back(std::move(e));
    }
}

/// Named input variations: a study argument's values, or JSON values at a pointer.
void readVariations(const io::JsonDocument& doc, io::ObjectReader& r, SweepSpec& s)
{
    if (!r.has("variations"))
        return;
    const json& vs = r.list("variations", "expected a list of {name, argument or path, values}");
    std::set<std::string> seen;
    static const std::regex kName("[A-Za-z0-9_.-]+");
    for (std::size_t i = 0; i < vs.size(); ++i) {
        const std::string p = "/variations/" + std::to_string(i);
        io::ObjectReader o(doc, p, vs[i]);
        Variation var;
        var.name = o.text("name");
        if (!std::regex_match(var.name, kName))
            doc.fail(p + "/name", "expected letters, digits, '_', '-' or '.', got \"" + var.name + "\"");
        if (!seen.insert(var.name).second)
            doc.fail(p + "/name", "a second variation named \"" + var.name + "\"");
        var.argument = o.text("argument", std::string());
        var.path = o.text("path", std::string());
        var.kind = o.text("kind", std::string());
        if (var.argument.empty() == var.path.empty())
            doc.fail(p, "give one of \"argument\" (a study argument such as \"hardware\") and \"path\" (a JSON "
                        "pointer into the study's inputs such as \"/hardware/num_pes\")");
        if (!var.path.empty() && var.path.front() != '/')
            doc.fail(p + "/path", "expected a JSON pointer starting with '/', got \"" + var.path + "\"");
        if (!var.kind.empty() && !findStudyKind(var.kind))
            doc.fail(p + "/kind", "unknown study kind \"" + var.kind + "\"");
        const json& values = o.nonEmptyList("values", "expected a non-empty list of values");
        for (std::size_t k = 0; k < values.size(); ++k) {
            std::optional<std::string> t =
                var.path.empty() ? scalarText(values[k]) : std::optional<std::string>(values[k].dump());
            if (!t || t->empty())
                doc.fail(p + "/values/" + std::to_string(k), "expected a string, a number or true");
            var.values.push_back(*t);
        }
        o.finish();
        s.variations.push_back(std::move(var));
    }
}

/// The kinds' run options beside the optimizers' own ({"dataflow": "flexible"}).
void readRunOptions(const io::JsonDocument& doc, io::ObjectReader& r, SweepSpec& s)
{
    if (!r.has("run_options"))
        return;
    const json& ro = r.get("run_options");
    if (!ro.is_object())
        doc.fail("/run_options", "expected an object ({\"dataflow\": \"flexible\"})");
    for (auto it = ro.begin(); it != ro.end(); ++it) {
        const std::optional<std::string> t = scalarText(it.value());
        if (!t)
            doc.fail("/run_options/" + it.key(), "expected a string");
        s.runOptions[it.key()] = *t;
    }
}

/// The optimizers, their names and option names checked against every kind that has them.
void readOptimizers(const io::JsonDocument& doc, io::ObjectReader& r, SweepSpec& s)
{
    const json& v = r.nonEmptyList("optimizers", "expected a non-empty list of {\"id\": …, \"options\": {…}}");
    for (std::size_t i = 0; i < v.size(); ++i) {
        const std::string p = "/optimizers/" + std::to_string(i);
        OptimizerChoice c;
        if (v[i].is_string()) {
            c.id = v[i].get<std::string>();
        } else {
            io::ObjectReader o(doc, p, v[i]);
            c.id = o.text("id");
            c.kind = o.text("kind", std::string());
            if (o.has("options")) {
                const json& opts = o.get("options");
                if (!opts.is_object())
                    doc.fail(p + "/options", "expected an object of option values");
                for (auto it = opts.begin(); it != opts.end(); ++it) {
                    const std::optional<std::string> t = scalarText(it.value());
                    if (!t)
                        doc.fail(p + "/options/" + it.key(), "expected a number, true/false or a string");
                    c.options[it.key()] = *t;
                }
            }
            o.finish();
        }
        // The optimizer and its option names are checked now, not in shard 4,711 on a
        // cluster (values when `sweep plan` builds every optimizer once).
        std::vector<const OptimizerInfo*> infos;
        for (const StudyKind* k : studyKinds())
            if (c.kind.empty() || c.kind == k->id())
                if (const OptimizerInfo* info = findOptimizer(*k, c.id))
                    infos.push_back(info);
        if (infos.empty())
            doc.fail(p + "/id", "unknown optimizer \"" + c.id + "\"" +
                                    (c.kind.empty() ? std::string() : " for " + c.kind + " studies"));
        for (const auto& [key, value] : c.options) {
            const bool known = std::any_of(infos.begin(), infos.end(), [&key = key](const OptimizerInfo* info) {
                return info->option(key) != nullptr;
            });
            if (!known) {
                std::string list;
                for (const OptionSpec& o : infos.front()->options)
                    list += (list.empty() ? "" : ", ") + o.key;
                doc.fail(p + "/options/" + key,
                         "unknown option of " + c.id + (list.empty() ? " (it has none)" : "; expected " + list));
            }
        }
        s.optimizers.push_back(std::move(c));
    }
}

void readSeeds(const io::JsonDocument& doc, io::ObjectReader& r, SweepSpec& s)
{
    const json& v = r.nonEmptyList("seeds", "expected a non-empty list of seeds");
    for (std::size_t i = 0; i < v.size(); ++i) {
        const std::int64_t seed = r.integerValue(v[i], "/seeds/" + std::to_string(i));
        if (seed < 0)
            doc.fail("/seeds/" + std::to_string(i), "must be a non-negative integer, got " + std::to_string(seed));
        s.seeds.push_back(std::uint64_t(seed));
    }
}

SweepSpec sweepFromJsonUnguarded(std::string_view text, const std::string& source)
{
    const io::JsonDocument doc = io::JsonDocument::parse(text, source);
    io::ObjectReader r = io::schemaRoot(doc, "sweep", kSweepSchemaVersion);
    SweepSpec s;
    s.name = r.text("name");
    s.description = r.text("description", std::string());
    if (s.name.empty() || s.name.find_first_of("/\\") != std::string::npos)
        doc.fail("/name", "must be a non-empty name without slashes");
    if (const auto c = unsafeNameCharacter(s.name))
        doc.fail("/name", "contains " + *c + "; a name is one line of text");
    if (const auto c = unsafeNameCharacter(s.description))
        if (*c != "a line break" && *c != "a tab")
            doc.fail("/description", "contains " + *c);
    if (r.has("accelerators") || r.has("networks")) {
        readLegacyStudies(doc, r, s);
    } else {
        readStudies(doc, r, s);
        readVariations(doc, r, s);
        s.objective = r.text("objective", std::string());
        readRunOptions(doc, r, s);
    }
    readOptimizers(doc, r, s);
    readSeeds(doc, r, s);
    s.baseDir = r.text("base_dir", std::string());
    r.finish();
    // An upper bound of the product (every optimizer and variation applying to every study).
    std::size_t n = 1;
    std::vector<std::size_t> factors{s.studies.size(), s.optimizers.size(), s.seeds.size()};
    for (const Variation& v : s.variations)
        factors.push_back(v.values.size());
    for (const std::size_t k : factors)
        n = k == 0 ? 0 : (n > kMaxShards / k + 1 ? kMaxShards + 1 : n * k);
    if (const std::string why = shardLimitRefusal(n); !why.empty())
        doc.fail("", "sweep \"" + s.name + "\": " + why);
    return s;
}

} // namespace

bool ShardResult::sameShard(const ShardResult& o) const
{
    return index == o.index && sweep == o.sweep && study == o.study && kind == o.kind && variations == o.variations &&
           optimizer == o.optimizer && options == o.options && objective == o.objective && seed == o.seed;
}

bool ShardResult::sameResult(const ShardResult& o) const
{
    return sameShard(o) && status == o.status && failure == o.failure && objectives == o.objectives &&
           figures == o.figures && curve == o.curve && evaluations == o.evaluations;
}

std::optional<double> ShardResult::objectiveValue(std::string_view id) const
{
    for (const Objective& o : objectives)
        if (o.id == id)
            return o.value;
    return std::nullopt;
}

std::optional<double> ShardResult::figure(std::string_view name) const
{
    for (const auto& [k, v] : figures)
        if (k == name)
            return v;
    return std::nullopt;
}

std::string ShardResult::level(std::string_view variation) const
{
    for (const auto& [k, v] : variations)
        if (k == variation)
            return v;
    return {};
}

ShardResult shardIdentity(const SweepSpec& spec, const Shard& shard)
{
    const StudyEntry& e = spec.studies[std::size_t(shard.study)];
    ShardResult r;
    r.index = shard.index;
    r.sweep = spec.name;
    r.study = e.name;
    r.kind = entryKind(spec, e).id();
    for (std::size_t v = 0; v < spec.variations.size(); ++v)
        if (!shard.levels[v].empty())
            r.variations.emplace_back(spec.variations[v].name, shard.levels[v]);
    r.optimizer = shard.optimizer.id;
    r.options = optionsText(shard.optimizer.options);
    r.objective = entryObjective(spec, e);
    r.seed = shard.seed;
    return r;
}

std::string sweepToJson(const SweepSpec& s)
{
    nlohmann::ordered_json j = io::schemaDocument("sweep", kSweepSchemaVersion);
    j["name"] = s.name;
    if (!s.description.empty())
        j["description"] = s.description;
    nlohmann::ordered_json studies = nlohmann::ordered_json::array();
    for (const StudyEntry& e : s.studies) {
        nlohmann::ordered_json o;
        o["name"] = e.name;
        if (!e.study.empty())
            o["study"] = e.study;
        if (!e.arguments.empty())
            o["arguments"] = e.arguments;
        if (!e.kind.empty())
            o["kind"] = e.kind;
        if (!e.objective.empty())
            o["objective"] = e.objective;
        studies.push_back(o);
    }
    j["studies"] = studies;
    if (!s.variations.empty()) {
        nlohmann::ordered_json vs = nlohmann::ordered_json::array();
        for (const Variation& v : s.variations) {
            nlohmann::ordered_json o;
            o["name"] = v.name;
            if (!v.argument.empty())
                o["argument"] = v.argument;
            else
                o["path"] = v.path;
            if (!v.kind.empty())
                o["kind"] = v.kind;
            nlohmann::ordered_json values = nlohmann::ordered_json::array();
            for (const std::string& value : v.values)
                values.push_back(v.path.empty() ? nlohmann::ordered_json(value) : nlohmann::ordered_json::parse(value));
            o["values"] = values;
            vs.push_back(o);
        }
        j["variations"] = vs;
    }
    nlohmann::ordered_json opts = nlohmann::ordered_json::array();
    for (const OptimizerChoice& c : s.optimizers) {
        nlohmann::ordered_json o;
        o["id"] = c.id;
        if (!c.kind.empty())
            o["kind"] = c.kind;
        o["options"] = c.options;
        opts.push_back(o);
    }
    j["optimizers"] = opts;
    j["seeds"] = s.seeds;
    if (!s.objective.empty())
        j["objective"] = s.objective;
    if (!s.runOptions.empty())
        j["run_options"] = s.runOptions;
    if (!s.baseDir.empty())
        j["base_dir"] = s.baseDir;
    return io::jsonText(j);
}

SweepSpec loadSweepFile(const std::string& path)
{
    SweepSpec s = sweepFromJson(readTextFile(path), path);
    if (s.baseDir.empty()) {
        std::error_code ec;
        const fs::path abs = fs::absolute(fs::path(path), ec);
        s.baseDir = (ec ? fs::path(path) : abs).parent_path().lexically_normal().string();
    }
    for (std::size_t i = 0; i < s.studies.size(); ++i) {
        StudyEntry& e = s.studies[i];
        if (!e.kind.empty() && !e.objective.empty())
            continue;
        try {
            const Study st = entryStudy(s, e);
            e.kind = st.kind().id();
            if (e.objective.empty())
                e.objective = st.optimizer.objective;
            else if (const std::string id = st.kind().normalizeObjective(e.objective); !id.empty())
                e.objective = id;
            else
                throw InputError("objective \"" + e.objective + "\" is not one of " + st.kind().title() + " studies");
        } catch (const InputError& err) {
            throw InputError(path + ": studies[" + std::to_string(i) + "] (\"" + e.name + "\"): " + err.what());
        }
    }
    return s;
}

std::string sweepFileIn(const std::string& folder)
{
    return (fs::path(folder) / "sweep.json").string();
}

void adoptSweepFolder(const std::string& folder, const SweepSpec& spec)
{
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec)
        throw InputError(folder + ": cannot create the results folder (" + ec.message() + ")");
    // Shard files that a killed run left half-written (its temporaries) go before the run starts.
    removeStaleTemporaries(folder);
    const std::string file = sweepFileIn(folder);
    if (fs::exists(file, ec)) {
        const SweepSpec there = sweepFromJson(readTextFile(file), file);
        if (!(there == spec))
            throw InputError(folder + ": holds the results of another sweep (\"" + there.name + "\", see " + file +
                             "); use a new folder, or delete this one to start over");
        return;
    }
    writeTextFileAtomic(file, sweepToJson(spec));
}

SweepSpec sweepOfFolder(const std::string& folder)
{
    const std::string file = sweepFileIn(folder);
    std::error_code ec;
    if (!fs::exists(file, ec))
        throw InputError(folder + ": not a sweep results folder (it has no sweep.json; `mapscape-cli sweep run` "
                                  "creates one)");
    return sweepFromJson(readTextFile(file), file);
}

std::string formatIndexRanges(std::vector<int> v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    std::string out;
    for (std::size_t i = 0; i < v.size();) {
        std::size_t j = i;
        while (j + 1 < v.size() && v[j + 1] == v[j] + 1)
            ++j;
        out += (out.empty() ? "" : ",") + std::to_string(v[i]);
        if (j > i)
            out += "-" + std::to_string(v[j]);
        i = j + 1;
    }
    return out;
}

std::vector<int> parseIndexRanges(std::string_view text, int count, const std::string& what)
{
    std::vector<int> out;
    if (trim(text).empty())
        throw InputError(what + ": expected shard indices such as 0-5,7");
    for (const std::string& part : split(text, ',')) {
        const std::string_view p = trim(part);
        const std::size_t dash = p.find('-', 1);
        const auto lo = parseInt(p.substr(0, dash));
        const auto hi = dash == std::string_view::npos ? lo : parseInt(p.substr(dash + 1));
        if (!lo || !hi || *lo < 0 || *hi < *lo)
            throw InputError(what + ": \"" + std::string(p) + "\" is not an index or a range a-b of indices");
        if (*hi >= count)
            throw InputError(what + ": shard " + std::to_string(*hi) + " does not exist; the sweep has " +
                             std::to_string(count) + " shards (0 to " + std::to_string(count - 1) + ")");
        for (std::int64_t i = *lo; i <= *hi; ++i)
            out.push_back(int(i));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::string shardLimitRefusal(std::size_t count)
{
    return count > kMaxShards ? "more than the limit of " + std::to_string(kMaxShards) + " shards" : std::string();
}

std::vector<Shard> planSweep(const SweepSpec& s)
{
    std::vector<Shard> out;
    for (std::size_t st = 0; st < s.studies.size(); ++st) {
        const StudyKind& kind = entryKind(s, s.studies[st]);
        // The variation levels of this study: each applicable variation's values, "" otherwise.
        std::vector<std::vector<std::string>> levels(s.variations.size());
        std::size_t combos = 1;
        for (std::size_t v = 0; v < s.variations.size(); ++v) {
            levels[v] = variationApplies(s.variations[v], kind) ? s.variations[v].values : std::vector<std::string>{""};
            combos = combos > kMaxShards ? combos : combos * levels[v].size();
        }
        std::vector<const OptimizerChoice*> optimizers;
        for (const OptimizerChoice& o : s.optimizers)
            if (optimizerApplies(o, kind))
                optimizers.push_back(&o);
        const std::size_t add = combos * optimizers.size() * s.seeds.size();
        if (const std::string why = shardLimitRefusal(std::max(combos, out.size() + add)); !why.empty())
            throw InputError("sweep \"" + s.name + "\": " + why);
        std::vector<std::size_t> at(s.variations.size(), 0);
        for (std::size_t c = 0; c < combos; ++c) {
            std::vector<std::string> level(s.variations.size());
            for (std::size_t v = 0; v < s.variations.size(); ++v)
                level[v] = levels[v][at[v]];
            for (const OptimizerChoice* o : optimizers)
                for (std::uint64_t seed : s.seeds)
                    out.push_back(Shard{int(out.size()), int(st), level, *o, seed});
            // Next combination: the last variation varies fastest.
            for (std::size_t v = s.variations.size(); v-- > 0;) {
                if (++at[v] < levels[v].size())
                    break;
                at[v] = 0;
            }
        }
    }
    if (out.empty())
        throw InputError("sweep \"" + s.name + "\": the cross product is empty (no study has any of the optimizers)");
    return out;
}

std::string shardText(const SweepSpec& spec, const Shard& shard)
{
    std::string t = spec.studies[std::size_t(shard.study)].name;
    for (std::size_t v = 0; v < spec.variations.size(); ++v)
        if (!shard.levels[v].empty())
            t += " × " + spec.variations[v].name + "=" + shard.levels[v];
    return t + " × " + optimizerText(shard.optimizer) + " × seed " + std::to_string(shard.seed);
}

Study shardStudy(const SweepSpec& spec, const Shard& shard)
{
    const StudyEntry& e = spec.studies[std::size_t(shard.study)];
    ArgumentValues args;
    for (const auto& [k, v] : e.arguments)
        args[k] = relativeToSweep(spec, v);
    for (std::size_t v = 0; v < spec.variations.size(); ++v) {
        const Variation& var = spec.variations[v];
        if (!shard.levels[v].empty() && !var.argument.empty())
            args[var.argument] = relativeToSweep(spec, shard.levels[v]);
    }
    std::vector<std::string> notes;
    const bool sameArguments = std::all_of(args.begin(), args.end(), [&](const auto& kv) {
        const auto it = e.arguments.find(kv.first);
        return it != e.arguments.end() && relativeToSweep(spec, it->second) == kv.second;
    });
    Study st = e.loaded && sameArguments ? *e.loaded : studyFromCommandLine(relativeToSweep(spec, e.study), args, notes);
    const StudyKind& kind = st.kind();
    for (std::size_t v = 0; v < spec.variations.size(); ++v) {
        const Variation& var = spec.variations[v];
        if (shard.levels[v].empty() || var.path.empty())
            continue;
        nlohmann::json inputs = nlohmann::json::parse(kind.inputsToJson(st.inputs));
        const nlohmann::json::json_pointer pointer(var.path);
        if (!inputs.contains(pointer))
            throw InputError("variation \"" + var.name + "\": the " + kind.title() + " study \"" + e.name +
                             "\" has no input " + var.path);
        inputs[pointer] = nlohmann::json::parse(shard.levels[v]);
        st.inputs = kind.inputsFromJson(inputs.dump(), "sweep \"" + spec.name + "\"",
                                        "variation " + var.name + "=" + shard.levels[v]);
    }
    OptimizerSettings& o = st.optimizer;
    o.id = shard.optimizer.id;
    o.options = shard.optimizer.options;
    o.seed = shard.seed;
    o.threads = 1;
    if (!spec.objective.empty()) {
        o.objective = kind.normalizeObjective(spec.objective);
        if (o.objective.empty())
            throw InputError("sweep \"" + spec.name + "\": objective \"" + spec.objective + "\" is not one of " +
                             kind.title() + " studies");
    } else if (!e.objective.empty()) {
        // The entry's own objective (as the sweep file names it, or as its study has it).
        o.objective = kind.normalizeObjective(e.objective);
        if (o.objective.empty())
            throw InputError("sweep \"" + spec.name + "\": study \"" + e.name + "\": objective \"" + e.objective +
                             "\" is not one of " + kind.title() + " studies");
    }
    for (const OptionSpec& r : kind.info().runOptions)
        if (const auto it = spec.runOptions.find(r.key); it != spec.runOptions.end())
            o.runOptions[r.key] = it->second;
    return st;
}

void checkSweepInputs(const SweepSpec& spec, bool named)
{
    const std::vector<Shard> shards = planSweep(spec);
    // Each study with each of its optimizers, and each variation value alone on each study it
    // applies to (with that study's first optimizer): the checks grow with the values given, not
    // with their product (a 100,000-shard sweep is checked in a second). A combination of values
    // that is wrong only together is refused when its shard runs, naming the shard.
    std::set<std::tuple<int, std::vector<std::string>, std::string>> built;
    const auto check = [&](Shard shard) {
        if (!built.insert({shard.study, shard.levels, optimizerText(shard.optimizer) + "|" + shard.optimizer.kind}).second)
            return;
        try {
            const Study st = shardStudy(spec, shard);
            (void)st.kind().makeJob(st.inputs, st.optimizer, JobContext{.label = "check", .reportPoints = false});
        } catch (const InputError& e) {
            if (!named)
                throw;
            throw InputError("sweep \"" + spec.name + "\": " + shardText(spec, shard) + ": " + e.what());
        }
    };
    std::map<int, const OptimizerChoice*> firstOptimizer; // per study: its first shard's
    for (const Shard& shard : shards)
        firstOptimizer.emplace(shard.study, &shard.optimizer);
    for (const Shard& shard : shards) {
        Shard alone = shard;
        std::fill(alone.levels.begin(), alone.levels.end(), std::string());
        check(alone); // the study with this optimizer
        for (std::size_t v = 0; v < shard.levels.size(); ++v) {
            if (shard.levels[v].empty())
                continue;
            Shard one = alone; // this value alone, with the study's first optimizer
            one.levels[v] = shard.levels[v];
            one.optimizer = *firstOptimizer.at(shard.study);
            check(one);
        }
    }
}

std::string shardFileName(int index)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "shard-%05d.json", index);
    return buf;
}

namespace {

/// Keeps the kind's progress metric (the best so far) for the shard's curve, and passes
/// everything on to an optional observer.
class CurveSink final : public MetricsSink {
public:
    CurveSink(std::string metric, MetricsSink* next)
        : m_metric(std::move(metric))
        , m_next(next)
    {
    }
    void record(std::string_view name, std::int64_t step, double value) override
    {
        if (name == m_metric && std::isfinite(value))
            curve.emplace_back(double(step), value);
        if (m_next)
            m_next->record(name, step, value);
    }
    void progress(double fraction) override
    {
        if (m_next)
            m_next->progress(fraction);
    }
    void evaluations(std::uint64_t total) override
    {
        if (m_next)
            m_next->evaluations(total);
    }
    void message(std::string_view text) override
    {
        if (m_next)
            m_next->message(text);
    }
    void snapshot(std::string_view name, std::string_view json) override
    {
        if (m_next)
            m_next->snapshot(name, json);
    }
    void pointEvaluated(std::span<const double> objectives, int group) override
    {
        if (m_next)
            m_next->pointEvaluated(objectives, group);
    }
    std::vector<std::pair<double, double>> curve;

private:
    std::string m_metric;
    MetricsSink* m_next;
};

} // namespace

ShardResult runShard(const SweepSpec& spec, const Shard& shard, std::stop_token stop, const ShardRun& how)
{
    const auto start = std::chrono::steady_clock::now();
    ShardResult r = shardIdentity(spec, shard);
    try {
        Study st = shardStudy(spec, shard);
        st.optimizer.threads = std::max(1, how.threads);
        const StudyKind& kind = st.kind();
        learners::setThreads(1);
        const std::string label = shard.optimizer.id + " seed " + std::to_string(shard.seed);
        std::unique_ptr<StudyJob> job = kind.makeJob(st.inputs, st.optimizer, JobContext{.label = label, .reportPoints = false});
        CurveSink sink(kind.info().progressMetric, how.sink);
        RunControl control;
        job->run(stop, sink, control);
        if (stop.stop_requested())
            throw ShardCancelled("shard " + std::to_string(shard.index) + " cancelled");
        const JobResult res = job->result();
        if (job->hasResult())
            r.document = nlohmann::ordered_json::parse(job->resultDocument()).dump();
        if (how.document)
            *how.document = job->resultDocument();
        r.evaluations = std::int64_t(res.evaluations);
        r.figures = res.figures;
        r.curve = thinSeries(sink.curve, kCurvePoints);
        if (res.found) {
            const auto objectives = kind.objectives();
            for (std::size_t k = 0; k < res.best.size() && k < objectives.size(); ++k) {
                if (!std::isfinite(res.best[k]))
                    throw InputError("the result's " + objectives[k].id + " is not a finite number");
                r.objectives.push_back({objectives[k].id, objectives[k].unit, res.best[k]});
            }
        } else {
            r.status = "no result";
            r.failure = res.failure;
        }
    } catch (const InputError& e) {
        // Bad inputs fail the same way every time: a finished shard that says why.
        r.status = "failed";
        r.failure = e.what();
        r.objectives.clear();
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.host = hostName();
    return r;
}

namespace {

nlohmann::ordered_json shardJson(const ShardResult& r, bool timing)
{
    nlohmann::ordered_json j = io::schemaDocument("sweep-shard", kSweepSchemaVersion);
    j["sweep"] = r.sweep;
    j["index"] = r.index;
    j["study"] = r.study;
    j["kind"] = r.kind;
    nlohmann::ordered_json vars = nlohmann::ordered_json::object();
    for (const auto& [k, v] : r.variations)
        vars[k] = v;
    j["variations"] = vars;
    j["optimizer"] = r.optimizer;
    j["options"] = r.options;
    j["objective"] = r.objective;
    j["seed"] = r.seed;
    j["status"] = r.status;
    if (!r.failure.empty())
        j["failure"] = r.failure;
    nlohmann::ordered_json objectives = nlohmann::ordered_json::array();
    for (const ShardResult::Objective& o : r.objectives)
        objectives.push_back({{"id", o.id}, {"unit", o.unit}, {"value", o.value}});
    j["objectives"] = objectives;
    nlohmann::ordered_json figures = nlohmann::ordered_json::object();
    // A figure without a finite value is left out (never written as null where a number belongs);
    // older shard files with null figures are still read.
    for (const auto& [k, v] : r.figures)
        if (std::isfinite(v))
            figures[k] = v;
    j["figures"] = figures;
    nlohmann::ordered_json curve = nlohmann::ordered_json::array();
    for (const auto& [x, y] : r.curve)
        curve.push_back({x, y});
    j["curve"] = curve;
    j["evaluations"] = r.evaluations;
    if (timing) {
        j["seconds"] = r.seconds;
        j["host"] = r.host;
    }
    return j;
}

/// One shard result object (a shard file's root or an element of a collected JSON array).
ShardResult readShardObject(const io::JsonDocument& doc, io::ObjectReader& r, const std::string& at)
{
    ShardResult s;
    s.sweep = r.text("sweep");
    s.index = r.integerIn("index", 0, 0, std::int64_t(kMaxShards));
    s.study = r.text("study");
    s.kind = r.text("kind");
    if (r.has("variations")) {
        const json& v = r.get("variations");
        if (!v.is_object())
            doc.fail(at + "/variations", "expected an object of variation values");
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (!it.value().is_string())
                doc.fail(at + "/variations/" + it.key(), "expected a string");
            s.variations.emplace_back(it.key(), it.value().get<std::string>());
        }
    }
    s.optimizer = r.text("optimizer");
    s.options = r.text("options", std::string());
    s.objective = r.text("objective", std::string());
    const std::int64_t seed = r.integer("seed");
    if (seed < 0)
        doc.fail(at + "/seed", "must be non-negative");
    s.seed = std::uint64_t(seed);
    s.status = r.text("status");
    if (s.status != "ok" && s.status != "no result" && s.status != "failed")
        doc.fail(at + "/status", "expected ok, no result or failed, got \"" + s.status + "\"");
    s.failure = r.text("failure", std::string());
    {
        const json& v = r.list("objectives", "expected a list of {id, unit, value}");
        for (std::size_t i = 0; i < v.size(); ++i) {
            const std::string p = at + "/objectives/" + std::to_string(i);
            io::ObjectReader o(doc, p, v[i]);
            ShardResult::Objective obj;
            obj.id = o.text("id");
            obj.unit = o.text("unit", std::string());
            obj.value = o.finiteReal("value");
            o.finish();
            s.objectives.push_back(std::move(obj));
        }
    }
    if (r.has("figures")) {
        const json& v = r.get("figures");
        if (!v.is_object())
            doc.fail(at + "/figures", "expected an object of numbers");
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (it.value().is_null())
                s.figures.emplace_back(it.key(), NAN);
            else if (it.value().is_number())
                s.figures.emplace_back(it.key(), it.value().get<double>());
            else
                doc.fail(at + "/figures/" + it.key(), "expected a number");
        }
    }
    if (r.has("curve")) {
        const json& v = r.list("curve", "expected a list of [step, value] pairs");
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (!v[i].is_array() || v[i].size() != 2 || !v[i][0].is_number() || !v[i][1].is_number())
                doc.fail(at + "/curve/" + std::to_string(i), "expected [step, value]");
            s.curve.emplace_back(v[i][0].get<double>(), v[i][1].get<double>());
        }
    }
    s.evaluations = r.integer("evaluations");
    if (r.has("result")) {
        const json& v = r.get("result");
        if (!v.is_object())
            doc.fail(at + "/result", "expected the result's JSON document");
        s.document = v.dump();
    }
    s.seconds = r.finiteReal("seconds", 0.0);
    s.host = r.text("host", std::string());
    r.finish();
    return s;
}

} // namespace

std::string shardResultToJson(const ShardResult& r)
{
    nlohmann::ordered_json j = shardJson(r, true);
    if (!r.document.empty())
        j["result"] = nlohmann::ordered_json::parse(r.document);
    return io::jsonText(j);
}

static ShardResult shardResultFromJsonUnguarded(std::string_view text, const std::string& source)
{
    const io::JsonDocument doc = io::JsonDocument::parse(text, source);
    io::ObjectReader r = io::schemaRoot(doc, "sweep-shard", kSweepSchemaVersion);
    return readShardObject(doc, r, "");
}

namespace {

/// Shard `shard`'s result file if it is complete and belongs to this shard of this sweep.
std::optional<ShardResult> finishedShard(const std::string& folder, const SweepSpec& spec, const Shard& shard,
                                         std::vector<std::string>* problems)
{
    const fs::path file = fs::path(folder) / shardFileName(shard.index);
    std::error_code ec;
    if (!fs::exists(file, ec))
        return std::nullopt;
    try {
        ShardResult r = shardResultFromJson(readTextFile(file.string()), file.string());
        if (r.sameShard(shardIdentity(spec, shard)))
            return r;
        if (problems)
            problems->push_back(file.string() + ": belongs to another sweep or shard (re-run)");
    } catch (const InputError& e) {
        if (problems)
            problems->push_back(std::string(e.what()) + " (re-run)");
    }
    return std::nullopt;
}

} // namespace

std::map<int, ShardResult> readFinishedShards(const std::string& folder, const SweepSpec& spec,
                                              std::vector<std::string>* problems)
{
    std::map<int, ShardResult> out;
    for (const Shard& shard : planSweep(spec))
        if (std::optional<ShardResult> r = finishedShard(folder, spec, shard, problems))
            out.emplace(shard.index, std::move(*r));
    return out;
}

std::vector<int> unfinishedShards(const std::string& folder, const SweepSpec& spec, std::vector<std::string>* problems)
{
    std::vector<int> out;
    for (const Shard& shard : planSweep(spec))
        if (!finishedShard(folder, spec, shard, problems))
            out.push_back(shard.index);
    return out;
}

ShardOutcome runShardInto(const std::string& folder, const SweepSpec& spec, const Shard& shard, std::stop_token stop)
{
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec)
        throw InputError(folder + ": cannot create the results folder (" + ec.message() + ")");
    if (std::optional<ShardResult> done = finishedShard(folder, spec, shard, nullptr))
        return {false, std::move(*done)};
    ShardOutcome out{true, {}};
    try {
        out.result = runShard(spec, shard, stop);
    } catch (const ShardCancelled& e) {
        throw InputError(e.what());
    }
    writeTextFileAtomic((fs::path(folder) / shardFileName(shard.index)).string(), shardResultToJson(out.result));
    return out;
}

// Collected tables.

namespace {

constexpr const char* kLeadColumns[] = {"index", "sweep", "study", "kind"};
constexpr const char* kMiddleColumns[] = {"optimizer", "options", "objective", "seed", "status", "failure"};
constexpr const char* kTrailColumns[] = {"evaluations", "figures"};
constexpr const char* kTimingColumns[] = {"seconds", "host"};

std::string quantityLabel(const std::string& id, const std::string& unit)
{
    return unit.empty() ? id + " ()" : id + " (" + unit + ")";
}

/// "a=1;b=2" of the figures (full precision).
std::string figuresText(const std::vector<std::pair<std::string, double>>& figures)
{
    std::string s;
    for (const auto& [k, v] : figures)
        s += (s.empty() ? "" : ";") + k + "=" + formatReal(v);
    return s;
}

} // namespace

std::string collectCsv(const std::vector<ShardResult>& results, CollectOptions opts)
{
    // Columns: the variations and the objectives (id and unit) the results hold, first seen first.
    std::vector<std::string> variations;
    std::vector<std::pair<std::string, std::string>> objectives;
    for (const ShardResult& r : results) {
        for (const auto& [name, value] : r.variations)
            if (std::find(variations.begin(), variations.end(), name) == variations.end())
                variations.push_back(name);
        for (const ShardResult::Objective& o : r.objectives)
            if (std::find(objectives.begin(), objectives.end(), std::make_pair(o.id, o.unit)) == objectives.end())
                objectives.emplace_back(o.id, o.unit);
    }
    std::ostringstream out;
    std::vector<std::string> header(std::begin(kLeadColumns), std::end(kLeadColumns));
    header.insert(header.end(), variations.begin(), variations.end());
    header.insert(header.end(), std::begin(kMiddleColumns), std::end(kMiddleColumns));
    for (const auto& [id, unit] : objectives)
        header.push_back(quantityLabel(id, unit));
    header.insert(header.end(), std::begin(kTrailColumns), std::end(kTrailColumns));
    if (opts.timing)
        header.insert(header.end(), std::begin(kTimingColumns), std::end(kTimingColumns));
    for (std::size_t c = 0; c < header.size(); ++c)
        out << (c ? "," : "") << csvQuote(header[c]);
    out << '\n';
    for (const ShardResult& r : results) {
        out << r.index << ',' << csvQuote(r.sweep) << ',' << csvQuote(r.study) << ',' << csvQuote(r.kind);
        for (const std::string& v : variations)
            out << ',' << csvQuote(r.level(v));
        out << ',' << csvQuote(r.optimizer) << ',' << csvQuote(r.options) << ',' << csvQuote(r.objective) << ',' << r.seed
            << ',' << csvQuote(r.status) << ',' << csvQuote(r.failure);
        for (const auto& [id, unit] : objectives) {
            out << ',';
            for (const ShardResult::Objective& o : r.objectives)
                if (o.id == id && o.unit == unit)
                    out << formatReal(o.value);
        }
        out << ',' << r.evaluations << ',' << csvQuote(figuresText(r.figures));
        if (opts.timing)
            out << ',' << formatReal(r.seconds) << ',' << csvQuote(r.host);
        out << '\n';
    }
    return out.str();
}

std::string collectJson(const std::vector<ShardResult>& results, CollectOptions opts)
{
    nlohmann::ordered_json arr = nlohmann::ordered_json::array();
    for (const ShardResult& r : results)
        arr.push_back(shardJson(r, opts.timing));
    return io::jsonText(arr);
}

/// The rows of a results table, counted without building them and up to one past the shard
/// limit: a CSV table's non-blank lines after its header, a JSON table's array elements (none
/// kept). A malformed or too deeply nested JSON text counts what comes before the fault (the
/// reader then names it).
static std::size_t countCollectedRows(std::string_view body)
{
    std::size_t rows = 0;
    if (body.front() == '[') {
        using nlohmann::json;
        struct Stop {};
        const json::parser_callback_t count = [&rows](int depth, json::parse_event_t event, json&) {
            if (depth > io::kMaxJsonDepth)
                throw Stop{};
            if (depth == 1 && (event == json::parse_event_t::object_start || event == json::parse_event_t::array_start ||
                               event == json::parse_event_t::value) &&
                ++rows > kMaxShards)
                throw Stop{};
            return depth == 0; // only the outer array is kept, empty
        };
        try {
            [[maybe_unused]] const json kept = json::parse(body, count, /*allow_exceptions=*/false);
        } catch (const Stop&) {
        }
        return rows;
    }
    bool header = true;
    for (std::size_t at = 0; at < body.size() && rows <= kMaxShards;) {
        const std::size_t end = std::min(body.find('\n', at), body.size());
        if (!trim(body.substr(at, end - at)).empty()) {
            if (!header)
                ++rows;
            header = false;
        }
        at = end + 1;
    }
    return rows;
}

static std::vector<ShardResult> readCollectedUnguarded(std::string_view text, const std::string& source)
{
    const std::string_view body = trim(text);
    if (body.empty())
        throw InputError(source + ": empty file; expected sweep results (CSV or JSON from `mapscape-cli sweep collect`)");
    // The rows are counted before one is built: a table of a million rows is refused at once.
    if (const std::string why = shardLimitRefusal(countCollectedRows(body)); !why.empty())
        throw InputError(source + ": more rows than a sweep has shards (" + why + "); a sweep's results have one row per shard");
    std::vector<ShardResult> out;
    if (body.front() == '[') {
        const io::JsonDocument doc = io::JsonDocument::parse(text, source);
        for (std::size_t i = 0; i < doc.root().size(); ++i) {
            const std::string p = "/" + std::to_string(i);
            if (!doc.root()[i].is_object())
                doc.fail(p, "expected a shard result object");
            io::ObjectReader r(doc, p, doc.root()[i]);
            io::checkSchema(r, "sweep-shard", kSweepSchemaVersion);
            out.push_back(readShardObject(doc, r, p));
        }
        return out;
    }
    io::checkTextLines(text, source);
    std::istringstream in{std::string(text)};
    std::string line;
    int lineNo = 0;
    std::vector<std::string> header;
    static const std::regex kObjective("(.+) \\((.*)\\)");
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (trim(line).empty())
            continue;
        const std::vector<std::string> f = csvFields(line);
        const std::string at = source + ":" + std::to_string(lineNo) + ": ";
        if (header.empty()) {
            header = f;
            std::map<std::string, std::size_t> seen;
            for (std::size_t c = 0; c < header.size(); ++c)
                if (const auto [it, fresh] = seen.emplace(header[c], c); !fresh)
                    throw InputError(at + "the column \"" + header[c] + "\" appears twice (fields " +
                                     std::to_string(it->second + 1) + " and " + std::to_string(c + 1) + ")");
            for (const char* required : {"index", "sweep", "study", "kind", "optimizer", "options", "objective", "seed",
                                         "status", "evaluations"})
                if (std::find(header.begin(), header.end(), required) == header.end())
                    throw InputError(at + "missing column \"" + std::string(required) +
                                     "\"; expected the header of `sweep collect`");
            continue;
        }
        if (f.size() != header.size())
            throw InputError(at + std::to_string(f.size()) + " fields, the header has " + std::to_string(header.size()));
        ShardResult r;
        for (std::size_t c = 0; c < f.size(); ++c) {
            const std::string& name = header[c];
            const std::string& v = f[c];
            auto integer = [&](std::int64_t lo) {
                const auto i = parseInt(v);
                if (!i || *i < lo)
                    throw InputError(at + name + ": expected an integer ≥ " + std::to_string(lo) + ", got \"" + v + "\"");
                return *i;
            };
            auto real = [&] {
                const auto x = parseReal(v);
                if (!x)
                    throw InputError(at + name + ": expected a number, got \"" + v + "\"");
                return *x;
            };
            std::smatch m;
            if (name == "index")
                r.index = int(integer(0));
            else if (name == "sweep")
                r.sweep = v;
            else if (name == "study")
                r.study = v;
            else if (name == "kind")
                r.kind = v;
            else if (name == "optimizer")
                r.optimizer = v;
            else if (name == "options")
                r.options = v;
            else if (name == "objective")
                r.objective = v;
            else if (name == "seed")
                r.seed = std::uint64_t(integer(0));
            else if (name == "status")
                r.status = v;
            else if (name == "failure")
                r.failure = v;
            else if (name == "evaluations")
                r.evaluations = integer(0);
            else if (name == "seconds")
                r.seconds = real();
            else if (name == "host")
                r.host = v;
            else if (name == "figures") {
                for (const std::string& item : split(v, ';')) {
                    if (item.empty())
                        continue;
                    const std::size_t eq = item.find('=');
                    const auto x = eq == std::string::npos ? std::nullopt : parseReal(item.substr(eq + 1));
                    if (!x)
                        throw InputError(at + "figures: expected name=value items separated by ';', got \"" + item + "\"");
                    r.figures.emplace_back(item.substr(0, eq), *x);
                }
            } else if (std::regex_match(name, m, kObjective)) {
                if (!v.empty())
                    r.objectives.push_back({m[1].str(), m[2].str(), real()});
            } else if (!v.empty()) {
                r.variations.emplace_back(name, v);
            }
        }
        // Columns hold several kinds' objectives: back in the kind's own order where it is known.
        if (const StudyKind* kind = findStudyKind(r.kind))
            std::stable_sort(r.objectives.begin(), r.objectives.end(),
                             [kind](const ShardResult::Objective& a, const ShardResult::Objective& b) {
                                 return kind->objectiveIndex(a.id) < kind->objectiveIndex(b.id);
                             });
        out.push_back(std::move(r));
    }
    if (header.empty())
        throw InputError(source + ": no header line");
    return out;
}

std::vector<ShardResult> readCollected(std::string_view text, const std::string& source)
{
    return io::readGuarded(source, [&] { return readCollectedUnguarded(text, source); });
}

std::vector<ShardResult> loadSweepResults(const std::string& path)
{
    std::error_code ec;
    const fs::path p(path);
    std::string folder;
    if (fs::is_directory(p, ec))
        folder = path;
    else if (p.filename() == "sweep.json" && fs::exists(p.parent_path() / shardFileName(0), ec))
        folder = p.parent_path().string();
    else if (p.filename() == "sweep.json")
        throw InputError(path + ": a sweep file, not results; run it with `mapscape-cli sweep run` and open the results "
                                "folder or the table `sweep collect` writes");
    if (folder.empty())
        return readCollected(readTextFile(path), path);
    const SweepSpec spec = sweepOfFolder(folder);
    std::vector<ShardResult> out;
    for (auto& [i, r] : readFinishedShards(folder, spec))
        out.push_back(std::move(r));
    if (out.empty())
        throw InputError(folder + ": no finished shards yet");
    return out;
}

std::string SweepQuantity::label() const { return quantityLabel(id, unit); }

std::vector<SweepQuantity> sweepQuantities(const std::vector<ShardResult>& results)
{
    std::vector<SweepQuantity> out;
    for (const ShardResult& r : results)
        for (const ShardResult::Objective& o : r.objectives) {
            SweepQuantity q{o.id, o.unit, false};
            if (const StudyKind* k = findStudyKind(r.kind))
                if (const ObjectiveInfo* info = k->findObjective(o.id))
                    q.higherIsBetter = info->higherIsBetter;
            if (std::none_of(out.begin(), out.end(), [&](const SweepQuantity& x) { return x.id == q.id && x.unit == q.unit; }))
                out.push_back(q);
        }
    return out;
}

std::optional<SweepQuantity> findSweepQuantity(const std::vector<ShardResult>& results, std::string_view name)
{
    for (const SweepQuantity& q : sweepQuantities(results))
        if (q.id == name || q.label() == name)
            return q;
    return std::nullopt;
}

SweepComparison compareSweepResults(const std::vector<ShardResult>& results, const SweepQuantity& q)
{
    SweepComparison c;
    auto indexIn = [](auto& list, const auto& key) {
        const auto it = std::find(list.begin(), list.end(), key);
        if (it != list.end())
            return int(it - list.begin());
        list.push_back(key);
        return int(list.size() - 1);
    };
    std::vector<std::vector<std::vector<double>>> values;
    std::vector<std::vector<int>> runs;
    for (const ShardResult& r : results) {
        // Rows of another kind's objectives (another unit) do not belong to this comparison.
        const bool has = std::any_of(r.objectives.begin(), r.objectives.end(),
                                     [&](const ShardResult::Objective& o) { return o.id == q.id && o.unit == q.unit; });
        const StudyKind* kind = findStudyKind(r.kind);
        const bool sameKindOfQuantity =
            has || (kind && kind->findObjective(q.id) && kind->findObjective(q.id)->unit == q.unit);
        if (!sameKindOfQuantity)
            continue;
        std::string group = r.study;
        for (const auto& [name, value] : r.variations)
            group += " · " + name + "=" + value;
        const int g = indexIn(c.groups, group);
        const int o = indexIn(c.optimizers, r.options.empty() ? r.optimizer : r.optimizer + " (" + r.options + ")");
        if (std::find(c.seeds.begin(), c.seeds.end(), r.seed) == c.seeds.end())
            c.seeds.push_back(r.seed);
        values.resize(c.groups.size());
        runs.resize(c.groups.size());
        for (std::size_t i = 0; i < values.size(); ++i) {
            values[i].resize(c.optimizers.size());
            runs[i].resize(c.optimizers.size());
        }
        ++runs[std::size_t(g)][std::size_t(o)];
        for (const ShardResult::Objective& obj : r.objectives)
            if (obj.id == q.id && obj.unit == q.unit && r.status == "ok")
                values[std::size_t(g)][std::size_t(o)].push_back(obj.value);
    }
    std::sort(c.seeds.begin(), c.seeds.end());
    c.cells.assign(c.groups.size(), std::vector<SweepCell>(c.optimizers.size()));
    for (std::size_t g = 0; g < c.groups.size(); ++g) {
        double best = NAN;
        for (std::size_t o = 0; o < c.optimizers.size(); ++o) {
            SweepCell& cell = c.cells[g][o];
            const std::vector<double>& v = values[g][o];
            cell.runs = runs[g][o];
            cell.complete = int(v.size());
            std::tie(cell.mean, cell.stddev) = meanStd(v);
            cell.min = v.empty() ? NAN : *std::min_element(v.begin(), v.end());
            cell.max = v.empty() ? NAN : *std::max_element(v.begin(), v.end());
            if (!v.empty() && (std::isnan(best) || (q.higherIsBetter ? cell.mean > best : cell.mean < best)))
                best = cell.mean;
        }
        for (SweepCell& cell : c.cells[g]) {
            cell.relative = cell.complete > 0 ? cell.mean / best : NAN;
            cell.best = cell.complete > 0 && cell.mean == best;
        }
    }
    return c;
}

SweepSpec sweepFromJson(std::string_view text, const std::string& source)
{
    return io::readGuarded(source, [&] { return sweepFromJsonUnguarded(text, source); });
}

ShardResult shardResultFromJson(std::string_view text, const std::string& source)
{
    return io::readGuarded(source, [&] { return shardResultFromJsonUnguarded(text, source); });
}

} // namespace mapscape::sweep
