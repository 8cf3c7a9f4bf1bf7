// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/loopnest/core/loopnest_study.h"

#include "core/model/validation.h"
#include "core/util/strings.h"

#include <yaml-cpp/yaml.h>

#include <charconv>
#include <cmath>
#include <regex>

namespace mapscape {

using nlohmann::ordered_json;

namespace {

/// Deeper than any Timeloop spec (the v0.4 trees nest about 10 levels).
constexpr int kMaxDepth = 64;
/// The member that keeps a YAML node's tag ("!Component" → "Component").
constexpr const char* kTagMember = "!";

/// A plain scalar as YAML 1.2's core schema reads it.
ordered_json plainScalar(const std::string& s)
{
    static const std::regex kInt("[-+]?[0-9]+");
    static const std::regex kFloat("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");
    if (s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL")
        return nullptr;
    if (s == "true" || s == "True" || s == "TRUE")
        return true;
    if (s == "false" || s == "False" || s == "FALSE")
        return false;
    if (std::regex_match(s, kInt)) {
        std::int64_t v = 0;
        const char* first = s.data() + (s[0] == '+' ? 1 : 0);
        if (const auto [p, ec] = std::from_chars(first, s.data() + s.size(), v); ec == std::errc() && p == s.data() + s.size())
            return v;
        return s; // beyond 64 bits: kept as written
    }
    if (std::regex_match(s, kFloat)) {
        double v = 0;
        const char* first = s.data() + (s[0] == '+' ? 1 : 0);
        if (const auto [p, ec] = std::from_chars(first, s.data() + s.size(), v); ec == std::errc() && p == s.data() + s.size())
            return v;
    }
    return s;
}

ordered_json toJson(const YAML::Node& n, int depth, const std::string& source)
{
    if (depth > kMaxDepth)
        throw InputError(source + ":" + std::to_string(n.Mark().line + 1) + ": nested deeper than " +
                         std::to_string(kMaxDepth) + " levels");
    switch (n.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null:
        return nullptr;
    case YAML::NodeType::Scalar:
        return n.Tag() == "!" ? ordered_json(n.Scalar()) : plainScalar(n.Scalar());
    case YAML::NodeType::Sequence: {
        ordered_json a = ordered_json::array();
        for (const YAML::Node& c : n)
            a.push_back(toJson(c, depth + 1, source));
        return a;
    }
    case YAML::NodeType::Map: {
        ordered_json o = ordered_json::object();
        const std::string& tag = n.Tag();
        if (!tag.empty() && tag != "?" && tag != "!" && tag != "tag:yaml.org,2002:map")
            o[kTagMember] = tag[0] == '!' ? tag.substr(1) : tag;
        for (const auto& kv : n)
            o[kv.first.Scalar()] = toJson(kv.second, depth + 1, source);
        return o;
    }
    }
    return nullptr;
}

/// Whether a string must be quoted to read back as a string.
bool needsQuotes(const std::string& s) { return !plainScalar(s).is_string() || s.empty(); }

std::string realText(double v)
{
    char buf[64];
    const auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, ec == std::errc() ? p : buf);
    if (s.find_first_of(".eEn") == std::string::npos)
        s += ".0"; // stays a real number when read back
    return s;
}

void emit(YAML::Emitter& e, const ordered_json& j)
{
    switch (j.type()) {
    case ordered_json::value_t::object: {
        if (const auto it = j.find(kTagMember); it != j.end() && it->is_string())
            e << YAML::LocalTag(it->get<std::string>());
        e << YAML::BeginMap;
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (it.key() == kTagMember)
                continue;
            e << YAML::Key << it.key() << YAML::Value;
            emit(e, it.value());
        }
        e << YAML::EndMap;
        break;
    }
    case ordered_json::value_t::array:
        e << YAML::BeginSeq;
        for (const ordered_json& c : j)
            emit(e, c);
        e << YAML::EndSeq;
        break;
    case ordered_json::value_t::string: {
        const auto& s = j.get_ref<const std::string&>();
        if (needsQuotes(s))
            e << YAML::DoubleQuoted << s;
        else
            e << s;
        break;
    }
    case ordered_json::value_t::boolean:
        e << YAML::TrueFalseBool << j.get<bool>();
        break;
    case ordered_json::value_t::number_integer:
        e << j.get<std::int64_t>();
        break;
    case ordered_json::value_t::number_unsigned:
        e << j.get<std::uint64_t>();
        break;
    case ordered_json::value_t::number_float:
        e << realText(j.get<double>());
        break;
    default:
        e << YAML::Null;
        break;
    }
}

} // namespace

ordered_json loopnestTreeFromYaml(const std::vector<loopnest::YamlSource>& sources)
{
    ordered_json tree = ordered_json::object();
    for (const auto& [name, text] : sources) {
        std::vector<YAML::Node> docs;
        try {
            docs = YAML::LoadAll(text);
        } catch (const YAML::Exception& e) {
            throw InputError(name + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
        }
        for (const YAML::Node& doc : docs) {
            if (!doc.IsDefined() || doc.IsNull())
                continue;
            if (!doc.IsMap())
                throw InputError(name + ":" + std::to_string(doc.Mark().line + 1) +
                                 ": expected Timeloop's top-level keys (architecture, problem, mapping, ERT, ART…)");
            for (const auto& kv : doc) {
                ordered_json value = toJson(kv.second, 1, name);
                // An empty mapping (a mapper case's `mapping: []`) does not replace one given in
                // another file, whatever their order.
                const std::string key = kv.first.Scalar();
                const auto empty = [](const ordered_json& v) { return v.is_null() || (v.is_array() && v.empty()); };
                if (key == "mapping" && tree.contains(key) && empty(value) && !empty(tree[key]))
                    continue;
                tree[key] = std::move(value);
            }
        }
    }
    return tree;
}

std::string loopnestTreeToYaml(const ordered_json& tree)
{
    YAML::Emitter e;
    e.SetIndent(2);
    emit(e, tree);
    if (!e.good())
        throw InputError(std::string("the spec cannot be written as YAML: ") + e.GetLastError());
    return std::string(e.c_str()) + "\n";
}

LoopnestInputs loopnestInputsFromYaml(const std::vector<loopnest::YamlSource>& sources, std::string name)
{
    LoopnestInputs in;
    // The user's files are read as they are, so that errors name their own lines.
    in.parsed = std::make_shared<const loopnest::Spec>(loopnest::readSpecTexts(sources));
    in.spec = loopnestTreeFromYaml(sources);
    in.name = std::move(name);
    return in;
}

LoopnestInputs loopnestInputsFromTree(ordered_json tree, std::string name, const std::string& source)
{
    if (!tree.is_object())
        throw InputError(source + ": spec: expected an object with Timeloop's top-level keys");
    LoopnestInputs in;
    in.parsed = std::make_shared<const loopnest::Spec>(loopnest::readSpecTexts({{source, loopnestTreeToYaml(tree)}}));
    in.spec = std::move(tree);
    in.name = std::move(name);
    return in;
}

bool looksLikeTimeloopYaml(const std::string& path, std::string_view text)
{
    const std::string lower = toLower(path);
    const auto ends = [&](std::string_view s) {
        return lower.size() >= s.size() && lower.compare(lower.size() - s.size(), s.size(), s) == 0;
    };
    if (ends(".yaml") || ends(".yml"))
        return true;
    static const std::regex kTopKey("(^|\\n)(architecture|problem|mapping|ERT|ART|architecture_constraints|"
                                    "mapspace_constraints|mapspace|constraints)[ \\t]*:");
    const std::string head(text.substr(0, 64 * 1024));
    return head.find('{') != 0 && std::regex_search(head, kTopKey);
}

} // namespace mapscape
