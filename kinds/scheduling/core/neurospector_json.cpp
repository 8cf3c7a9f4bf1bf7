// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/neurospector_json.h"

#include "core/io/json_document.h"

#include "core/io/file_util.h"
#include "core/util/strings.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>

namespace mapscape {

using nlohmann::json;

namespace {

struct Ctx {
    const std::string& source;
    int line;
    [[noreturn]] void fail(const std::string& field, const std::string& msg) const
    {
        throw InputError(source + ":" + std::to_string(line) + ": " + field + ": " + msg);
    }
};

/// obj[key] as text; `fallback` when absent; an error naming the field when it is not text.
std::string textOf(const Ctx& ctx, const json& obj, const char* key, const std::string& field, std::string fallback = {})
{
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return fallback;
    if (!it->is_string())
        ctx.fail(field, std::string("expected text, got ") + it->type_name());
    return it->get<std::string>();
}

double number(const Ctx& ctx, const json& j, const std::string& field)
{
    if (j.is_number())
        return j.get<double>();
    if (j.is_string()) {
        if (auto v = parseReal(j.get<std::string>()))
            return *v;
    }
    ctx.fail(field, "expected a number, got " + j.dump());
}

/// A count, size or factor: a whole number in [lo, hi] read exactly (64.9, -1, 1e300 and
/// "9999…" are refused, never truncated or wrapped).
std::int64_t wholeNumber(const Ctx& ctx, const json& j, const std::string& field, std::int64_t lo, std::int64_t hi)
{
    const double x = number(ctx, j, field);
    if (!(x >= double(lo) && x <= double(hi)) || x != std::floor(x))
        ctx.fail(field, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " +
                            quoteBrief(j.dump()));
    return std::int64_t(x);
}

/// Largest count or size a result line may hold (2^53: every such double is a whole number).
constexpr std::int64_t kMaxWhole = std::int64_t(1) << 53;

std::vector<double> numberList(const Ctx& ctx, const json& j, const std::string& field)
{
    std::vector<double> out;
    if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i)
            out.push_back(number(ctx, j[i], field + "[" + std::to_string(i) + "]"));
    } else {
        out.push_back(number(ctx, j, field));
    }
    return out;
}

std::array<double, 3> perType(const Ctx& ctx, const json& level, const char* key, double missing)
{
    // NeuroSpector: values not given are 0 (or the default when the key is absent).
    std::array<double, 3> v{missing, missing, missing};
    if (!level.contains(key))
        return v;
    const std::vector<double> list = numberList(ctx, level[key], key);
    if (list.size() > 3)
        ctx.fail(key, "at most 3 values (input, weight, output)");
    v = {0, 0, 0};
    for (std::size_t i = 0; i < list.size(); ++i)
        v[i] = list[i];
    return v;
}

std::vector<std::string> wordList(const json& j)
{
    std::vector<std::string> out;
    if (j.is_array()) {
        for (const json& e : j)
            if (e.is_string())
                out.push_back(e.get<std::string>());
    } else if (j.is_string()) {
        out = split(j.get<std::string>(), ',');
    }
    return out;
}

DimMask dimMask(const Ctx& ctx, const json& j, const std::string& field)
{
    DimMask m = 0;
    for (const std::string& w : wordList(j)) {
        auto d = parseDim(w);
        if (!d)
            ctx.fail(field, "unknown dimension \"" + w + "\"");
        m |= dimBit(*d);
    }
    return m;
}

Accelerator parseAccelerator(const Ctx& ctx, const json& a)
{
    if (!a.is_object())
        ctx.fail("accelerator", "expected an object");
    Accelerator acc;
    acc.name = textOf(ctx, a, "name", "accelerator.name");
    if (a.contains("precision")) {
        const json& p = a["precision"];
        // A bit width read exactly (4294967304 is not 8, "INT9999…" is not a number) or refused.
        std::optional<std::int64_t> bits;
        if (p.is_number()) {
            bits = io::exactInteger(p, 1, 65536);
        } else {
            std::string digits;
            for (char c : p.is_string() ? p.get<std::string>() : std::string())
                if (c >= '0' && c <= '9')
                    digits += c;
            if (digits.empty())
                ctx.fail("accelerator.precision", "no bit width in " + p.dump());
            if (const auto v = parseInt(digits); v && *v >= 1 && *v <= 65536)
                bits = *v;
        }
        if (!bits)
            ctx.fail("accelerator.precision", "expected a bit width from 1 to 65536, got " + quoteBrief(p.dump()));
        acc.precisionBits = int(*bits);
    }
    acc.frequencyMhz = a.contains("frequency") ? number(ctx, a["frequency"], "accelerator.frequency") : 0;
    acc.macEnergyPj = a.contains("unit_mac_energy") ? number(ctx, a["unit_mac_energy"], "accelerator.unit_mac_energy") : 1;
    acc.macStaticMw = a.contains("unit_mac_static") ? number(ctx, a["unit_mac_static"], "accelerator.unit_mac_static") : 0;
    if (!a.contains("levels") || !a["levels"].is_array())
        ctx.fail("accelerator.levels", "missing list of levels");
    for (std::size_t i = 0; i < a["levels"].size(); ++i) {
        const json& l = a["levels"][i];
        const std::string field = "accelerator.levels[" + std::to_string(i) + "]";
        const std::string component = textOf(ctx, l, "component", field + ".component", "(missing)");
        auto comp = parseComponent(component);
        if (!comp)
            ctx.fail(field + ".component", "unknown component " + component);
        if (isSpatial(*comp)) {
            ArraySpec& s = acc.array(*comp);
            s.present = true;
            s.sizeX = l.contains("size_x") ? wholeNumber(ctx, l["size_x"], field + ".size_x", 1, kMaxWhole) : 1;
            s.sizeY = l.contains("size_y") ? wholeNumber(ctx, l["size_y"], field + ".size_y", 1, kMaxWhole) : 1;
            if (l.contains("constraint_x"))
                s.allowedX = dimMask(ctx, l["constraint_x"], field + ".constraint_x");
            if (l.contains("constraint_y"))
                s.allowedY = dimMask(ctx, l["constraint_y"], field + ".constraint_y");
            continue;
        }
        BufferSpec& b = acc.buffer(*comp);
        b.present = true;
        const char* sizeKey = l.contains("size") ? "size" : "buffer_size";
        if (l.contains(sizeKey) && *comp != Component::Dram) {
            const json& sizes = l[sizeKey];
            if (sizes.is_array())
                for (std::size_t i = 0; i < sizes.size(); ++i)
                    b.sizeBytes.push_back(
                            wholeNumber(ctx, sizes[i], field + "." + sizeKey + "[" + std::to_string(i) + "]", 0, kMaxWhole));
            else
                b.sizeBytes.push_back(wholeNumber(ctx, sizes, field + "." + sizeKey, 0, kMaxWhole));
        }
        if (l.contains("dataflow")) {
            auto df = parseDataflow(l["dataflow"].is_string() ? l["dataflow"].get<std::string>() : "");
            b.dataflow = df.value_or(Dataflow::None);
        }
        b.bandwidthBits = l.contains("bandwidth") ? number(ctx, l["bandwidth"], field + ".bandwidth") : 0;
        b.accessEnergyPj = perType(ctx, l, "unit_access_energy", 0);
        b.staticPowerMw = perType(ctx, l, "unit_static_power", 0);
        b.unitCycle = perType(ctx, l, "unit_cycle", 0);
        if (l.contains("bypass")) {
            for (const std::string& w : wordList(l["bypass"])) {
                auto t = parseDataType(w);
                if (!t)
                    ctx.fail(field + ".bypass", "unknown data type \"" + w + "\"");
                b.bypass[std::size_t(idx(*t))] = true;
            }
        }
        if (l.contains("constraint")) {
            const json& c = l["constraint"];
            if (!c.is_array() || c.size() != 8)
                ctx.fail(field + ".constraint", "needs 8 values (K,B,P,Q,C,R,S,G)");
            for (int d = 0; d < kNumDims; ++d)
                b.constraint[std::size_t(d)] = std::uint64_t(
                        wholeNumber(ctx, c[std::size_t(d)], field + ".constraint[" + std::to_string(d) + "]", 0, kMaxWhole));
        }
    }
    return acc;
}

DimVector factorsOf(const Ctx& ctx, const json& j, const std::string& field)
{
    DimVector v = kOnes;
    if (j.is_array()) {
        if (j.size() != 8)
            ctx.fail(field, "needs 8 factors (K,B,P,Q,C,R,S,G)");
        for (int d = 0; d < kNumDims; ++d)
            v[std::size_t(d)] = std::uint64_t(wholeNumber(ctx, j[std::size_t(d)], field + "[" + std::to_string(d) + "]", 1, kMaxWhole));
        return v;
    }
    if (!j.is_object())
        ctx.fail(field, "expected factors");
    for (auto it = j.begin(); it != j.end(); ++it) {
        auto d = parseDim(it.key());
        if (!d)
            ctx.fail(field, "unknown dimension \"" + it.key() + "\"");
        v[std::size_t(idx(*d))] = std::uint64_t(wholeNumber(ctx, it.value(), field + "." + it.key(), 1, kMaxWhole));
    }
    return v;
}

} // namespace

static ReferenceCase parseReferenceLineUnguarded(std::string_view text, const std::string& source, int line)
{
    const Ctx ctx{source, line};
    if (text.size() > io::kMaxLineLength)
        ctx.fail("(line)", "line too long (" + std::to_string(text.size()) + " characters, limit " +
                               std::to_string(io::kMaxLineLength) + ")");
    json j;
    try {
        j = io::parseJson(text, "line");
    } catch (const InputError& e) {
        // "line:1: malformed JSON: parse error at line 1, column 101: …" → "file:3: malformed JSON:
        // parse error at column 101: …" (the line is one line of the file).
        std::string msg = e.what();
        if (const auto p = msg.find("malformed JSON: "); p != std::string::npos)
            msg = msg.substr(p);
        if (const auto p = msg.find("at line 1, column "); p != std::string::npos)
            msg.replace(p, 18, "at column ");
        throw InputError(source + ":" + std::to_string(line) + ": " + msg);
    }
    ReferenceCase rc;
    rc.source = source;
    rc.line = line;
    if (!j.contains("accelerator"))
        ctx.fail("accelerator", "missing");
    rc.accelerator = parseAccelerator(ctx, j["accelerator"]);
    rc.layer.name = textOf(ctx, j, "layer_name", "layer_name");
    if (!j.contains("layer") || !j["layer"].is_object())
        ctx.fail("layer", "missing");
    for (Dim d : kAllDims) {
        const std::string key(dimName(d));
        if (!j["layer"].contains(key))
            ctx.fail("layer." + key, "missing");
        rc.layer.setDim(d, wholeNumber(ctx, j["layer"][key], "layer." + key, 1, kMaxWhole));
    }
    rc.layer.stride = j["layer"].contains("stride") ? wholeNumber(ctx, j["layer"]["stride"], "layer.stride", 0, kMaxWhole) : 1;
    if (j.contains("dataflow_strategy") && j["dataflow_strategy"].is_string())
        rc.strategy = j["dataflow_strategy"].get<std::string>();
    if (const auto v = j.find("valid"); v != j.end() && !v->is_boolean())
        ctx.fail("valid", std::string("expected true or false, got ") + v->type_name());
    rc.expectValid = j.value("valid", true);

    const auto setRow = [&](const std::string& name, const json& factors, const json* dataflow, const std::string& field) {
        auto row = parseRowName(name, &rc.accelerator);
        if (!row)
            ctx.fail(field, "unknown table row \"" + name + "\"");
        rc.table.row(*row) = factorsOf(ctx, factors, field);
        if (dataflow && dataflow->is_string() && !isSpatialRow(*row)) {
            auto df = parseDataflow(dataflow->get<std::string>());
            // Only record a dataflow that differs from the configuration (flexible-mode results).
            if (df && *df != Dataflow::None) {
                const Component c = rowComponent(*row);
                if (!rc.accelerator.present(c) || rc.accelerator.buffer(c).dataflow != *df)
                    rc.table.dataflow[std::size_t(idx(*row))] = *df;
            }
        }
    };
    if (j.contains("table") && j["table"].is_array()) {
        for (std::size_t i = 0; i < j["table"].size(); ++i) {
            const json& r = j["table"][i];
            const std::string field = "table[" + std::to_string(i) + "]";
            const json* df = r.contains("dataflow") ? &r["dataflow"] : nullptr;
            if (!r.is_object())
                ctx.fail(field, "expected an object");
            setRow(textOf(ctx, r, "level", field + ".level"), r.contains("factors") ? r["factors"] : json(), df, field);
        }
    } else if (j.contains("rows") && j["rows"].is_object()) {
        for (auto it = j["rows"].begin(); it != j["rows"].end(); ++it)
            setRow(it.key(), it.value(), nullptr, "rows." + it.key());
    } else {
        ctx.fail("table", "missing scheduling table");
    }
    if (j.contains("results") && j["results"].is_object()) {
        for (auto it = j["results"].begin(); it != j["results"].end(); ++it) {
            if (it.value().is_number())
                rc.results.emplace_back(it.key(), it.value().get<double>());
        }
    }
    return rc;
}

std::vector<ReferenceCase> readReferenceFile(const std::string& path)
{
    const std::string text = readTextFile(path);
    std::vector<ReferenceCase> out;
    std::istringstream in(text);
    std::string lineText;
    int line = 0;
    while (std::getline(in, lineText)) {
        ++line;
        if (trim(lineText).empty())
            continue;
        out.push_back(parseReferenceLine(lineText, path, line));
    }
    return out;
}

ReferenceCase parseReferenceLine(std::string_view text, const std::string& source, int line)
{
    return io::readGuarded(source, [&] { return parseReferenceLineUnguarded(text, source, line); });
}

} // namespace mapscape
