// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/io/project_io.h"

#include "core/io/file_util.h"
#include "core/io/preset_io.h"

#include <nlohmann/json.hpp>

namespace mapscape {

namespace {

using json = nlohmann::json;

[[noreturn]] void fail(const std::string& source, const std::string& field, const std::string& message)
{
    throw InputError(source + ": " + field + ": " + message);
}

} // namespace

Project projectFromJson(std::string_view text, const std::string& source)
{
    json j;
    try {
        j = json::parse(text);
    } catch (const json::parse_error& e) {
        throw InputError(source + ": not valid JSON (byte " + std::to_string(e.byte) + ")");
    }
    if (!j.is_object())
        fail(source, "(document)", "expected a JSON object");
    if (j.value("schema", std::string()) != "mapscape/project")
        fail(source, "schema", "expected \"mapscape/project\"");
    if (!j.contains("version") || !j["version"].is_number_integer())
        fail(source, "version", "required integer is missing");
    if (j["version"].get<int>() > kProjectSchemaVersion)
        fail(source, "version", "written by a newer Mapscape (version " + std::to_string(j["version"].get<int>()) + ")");
    for (const char* member : {"accelerator", "network"}) {
        if (!j.contains(member) || !j[member].is_object())
            fail(source, member, "required object is missing");
    }
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string& k = it.key();
        if (k != "schema" && k != "version" && k != "accelerator" && k != "network" && k != "mapping" && k != "optimizer")
            fail(source, k, "unknown member");
    }
    Project p;
    // Nested documents are re-serialised for their own readers: their messages name the
    // member ("project.json (accelerator):12: global_buffer.size_bytes: ...", line within it).
    p.accelerator = acceleratorFromJson(j["accelerator"].dump(2), source + " (accelerator)");
    p.network = networkFromJson(j["network"].dump(2), source + " (network)");
    if (j.contains("mapping") && !j["mapping"].is_null())
        p.mapping = mappingFromJson(j["mapping"].dump(2), source + " (mapping)", p.accelerator);
    if (j.contains("optimizer")) {
        const json& o = j["optimizer"];
        if (!o.is_object())
            fail(source, "optimizer", "expected an object");
        ProjectOptimizer& po = p.optimizer;
        if (o.contains("id")) {
            if (!o["id"].is_string())
                fail(source, "optimizer.id", "expected a string");
            po.id = o["id"].get<std::string>();
        }
        if (o.contains("options")) {
            if (!o["options"].is_object())
                fail(source, "optimizer.options", "expected an object of strings");
            for (auto it = o["options"].begin(); it != o["options"].end(); ++it) {
                if (!it.value().is_string())
                    fail(source, "optimizer.options." + it.key(), "expected a string");
                po.options[it.key()] = it.value().get<std::string>();
            }
        }
        if (o.contains("metric")) {
            const auto m = o["metric"].is_string() ? parseMetric(o["metric"].get<std::string>()) : std::nullopt;
            if (!m)
                fail(source, "optimizer.metric", "expected energy, cycle or edp");
            po.metric = *m;
        }
        if (o.contains("dataflow")) {
            const std::string d = o["dataflow"].is_string() ? o["dataflow"].get<std::string>() : "";
            if (d != "fixed" && d != "flexible")
                fail(source, "optimizer.dataflow", "expected fixed or flexible");
            po.dataflow = d == "fixed" ? DataflowMode::Fixed : DataflowMode::Flexible;
        }
        if (o.contains("seed")) {
            if (!o["seed"].is_number_unsigned())
                fail(source, "optimizer.seed", "expected a non-negative integer");
            po.seed = o["seed"].get<std::uint64_t>();
        }
        if (o.contains("threads")) {
            if (!o["threads"].is_number_integer() || o["threads"].get<int>() < 1)
                fail(source, "optimizer.threads", "expected a positive integer");
            po.threads = o["threads"].get<int>();
        }
    }
    return p;
}

std::string projectToJson(const Project& p)
{
    json j;
    j["schema"] = "mapscape/project";
    j["version"] = kProjectSchemaVersion;
    j["accelerator"] = json::parse(acceleratorToJson(p.accelerator));
    j["network"] = json::parse(networkToJson(p.network));
    j["mapping"] = p.mapping ? json::parse(mappingToJson(*p.mapping, p.accelerator)) : json(nullptr);
    json o;
    o["id"] = p.optimizer.id;
    o["options"] = json::object();
    for (const auto& [k, v] : p.optimizer.options)
        o["options"][k] = v;
    o["metric"] = std::string(metricName(p.optimizer.metric));
    o["dataflow"] = p.optimizer.dataflow == DataflowMode::Fixed ? "fixed" : "flexible";
    o["seed"] = p.optimizer.seed;
    o["threads"] = p.optimizer.threads;
    j["optimizer"] = o;
    return j.dump(2) + "\n";
}

Project loadProject(const std::string& path) { return projectFromJson(readTextFile(path), path); }

void saveProject(const Project& project, const std::string& path) { writeTextFileAtomic(path, projectToJson(project)); }

} // namespace mapscape
