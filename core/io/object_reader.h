// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Internal to core/io: a strict reader of one JSON object of a JsonDocument (typed getters whose
/// errors name file, line and field; unknown members rejected) and the schema/version check every
/// Mapscape document starts with.

#include "core/io/json_document.h"
#include "core/model/physical_range.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <set>
#include <string>

namespace mapscape::io {

using nlohmann::json;

/// Strict reader of one JSON object: typed getters with field-naming errors, and a final check
/// that rejects unknown members (typos would otherwise be silently ignored).
class ObjectReader {
public:
    ObjectReader(const JsonDocument& doc, std::string ptr, const json& obj)
        : m_doc(doc)
        , m_ptr(std::move(ptr))
        , m_obj(obj)
    {
        if (!obj.is_object())
            m_doc.fail(m_ptr, "expected an object, got " + std::string(obj.type_name()));
    }

    const JsonDocument& doc() const { return m_doc; }
    std::string ptr(const std::string& key) const { return m_ptr + "/" + key; }
    bool has(const std::string& key) const { return m_obj.contains(key); }
    const json& get(const std::string& key)
    {
        if (!m_obj.contains(key))
            m_doc.fail(ptr(key), "required field is missing");
        m_used.insert(key);
        return m_obj.at(key);
    }
    void skip(const std::string& key) { m_used.insert(key); }
    /// A member that must be a list; `expected` is the message when it is not ("expected a list
    /// of layers").
    const json& list(const std::string& key, const std::string& expected)
    {
        const json& v = get(key);
        if (!v.is_array())
            m_doc.fail(ptr(key), expected);
        return v;
    }
    /// A member that must be a list with at least one entry.
    const json& nonEmptyList(const std::string& key, const std::string& expected)
    {
        const json& v = get(key);
        if (!v.is_array() || v.empty())
            m_doc.fail(ptr(key), expected);
        return v;
    }

    std::string text(const std::string& key, std::optional<std::string> def = std::nullopt)
    {
        if (!has(key)) {
            if (def)
                return *def;
            get(key);
        }
        const json& v = get(key);
        if (!v.is_string())
            m_doc.fail(ptr(key), "expected a string, got " + v.dump());
        return v.get<std::string>();
    }
    /// An integer in [lo, hi] (the default when absent).
    int integerIn(const std::string& key, std::int64_t def, std::int64_t lo, std::int64_t hi)
    {
        const std::int64_t v = integer(key, def);
        if (v < lo || v > hi)
            m_doc.fail(ptr(key), "must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " +
                                     std::to_string(v));
        return int(v);
    }
    bool boolean(const std::string& key, bool def)
    {
        if (!has(key))
            return def;
        const json& v = get(key);
        if (!v.is_boolean())
            m_doc.fail(ptr(key), "expected true or false, got " + v.dump());
        return v.get<bool>();
    }
    double real(const std::string& key, std::optional<double> def = std::nullopt)
    {
        if (!has(key) && def)
            return *def;
        return realValue(get(key), ptr(key));
    }
    std::int64_t integer(const std::string& key, std::optional<std::int64_t> def = std::nullopt)
    {
        if (!has(key) && def)
            return *def;
        return integerValue(get(key), ptr(key));
    }
    /// A real number of a physical quantity. Its magnitude is bounded (0, or 1e-30 to 1e30) so
    /// that no cost model can turn it into inf or NaN: a model multiplies or divides a handful of
    /// such inputs and counts below 2^63, which stays far inside a double's range. Denormals
    /// (1e-320), 1e308 and anything that is not finite are refused here, naming the field.
    double realValue(const json& v, const std::string& p) const
    {
        if (!v.is_number())
            m_doc.fail(p, "expected a number, got " + v.dump());
        const double d = v.get<double>();
        if (!inPhysicalRange(d))
            m_doc.fail(p, std::string(kPhysicalRangeText) + ", got " + v.dump());
        return d;
    }
    /// A finite number of any magnitude: a result read back (an objective, a time), not an input
    /// of a cost model.
    double finiteReal(const std::string& key, std::optional<double> def = std::nullopt)
    {
        if (!has(key) && def)
            return *def;
        const json& v = get(key);
        if (!v.is_number() || !std::isfinite(v.get<double>()))
            m_doc.fail(ptr(key), "expected a finite number, got " + v.dump());
        return v.get<double>();
    }
    std::int64_t integerValue(const json& v, const std::string& p) const
    {
        if (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(INT64_MAX))
            m_doc.fail(p, "integer out of range, got " + v.dump());
        if (v.is_number_integer())
            return v.get<std::int64_t>();
        if (v.is_number_float()) {
            const double d = v.get<double>();
            if (std::isfinite(d) && d == std::floor(d) && std::abs(d) < 9.0e15)
                return std::int64_t(d);
        }
        m_doc.fail(p, "expected an integer, got " + v.dump());
    }
    /// One number (the same for input, weight and output), a list of three, or an object with
    /// "input"/"weight"/"output".
    std::array<double, 3> perType(const std::string& key, std::array<double, 3> def)
    {
        if (!has(key))
            return def;
        const json& v = get(key);
        const std::string p = ptr(key);
        if (v.is_number()) {
            const double x = realValue(v, p);
            return {x, x, x};
        }
        if (v.is_array()) {
            if (v.size() != 3)
                m_doc.fail(p, "expected 3 values (input, weight, output), got " + std::to_string(v.size()));
            return {realValue(v[0], p + "/0"), realValue(v[1], p + "/1"), realValue(v[2], p + "/2")};
        }
        if (v.is_object()) {
            ObjectReader r(m_doc, p, v);
            std::array<double, 3> out = def;
            // In the order of the network model's data types (core/network/dims.h).
            static constexpr std::array<const char*, 3> kTypes{"input", "weight", "output"};
            for (std::size_t i = 0; i < kTypes.size(); ++i)
                out[i] = r.real(kTypes[i], def[i]);
            r.finish();
            return out;
        }
        m_doc.fail(p, "expected a number, a list of 3 numbers or {input, weight, output}");
    }
    void finish() const
    {
        for (auto it = m_obj.begin(); it != m_obj.end(); ++it) {
            if (!m_used.count(it.key()))
                m_doc.fail(ptr(it.key()), "unknown field \"" + it.key() + "\"");
        }
    }

private:
    const JsonDocument& m_doc;
    std::string m_ptr;
    const json& m_obj;
    std::set<std::string> m_used;
};

/// The first members of a Mapscape file, {"schema": "mapscape/<schema>", "version": <version>}:
/// what checkSchema reads.
inline nlohmann::ordered_json schemaDocument(const std::string& schema, int version)
{
    nlohmann::ordered_json j;
    j["schema"] = "mapscape/" + schema;
    j["version"] = version;
    return j;
}

inline void checkSchema(ObjectReader& r, const std::string& expected, int maxVersion)
{
    const std::string schema = r.text("schema", std::string("mapscape/") + expected);
    if (schema != "mapscape/" + expected)
        r.doc().fail(r.ptr("schema"), "this is a \"" + schema + "\" file, expected \"mapscape/" + expected + "\"");
    const std::int64_t version = r.integer("version", 1);
    if (version < 1)
        r.doc().fail(r.ptr("version"), "must be at least 1");
    if (version > maxVersion)
        r.doc().fail(r.ptr("version"), "version " + std::to_string(version) +
                                           " was written by a newer Mapscape (this one reads up to " +
                                           std::to_string(maxVersion) + ")");
}

/// A reader of the root object of a Mapscape file, its schema and version checked.
inline ObjectReader schemaRoot(const JsonDocument& doc, const std::string& schema, int maxVersion)
{
    ObjectReader r(doc, "", doc.root());
    checkSchema(r, schema, maxVersion);
    return r;
}

/// A document's text as Mapscape writes its files: indented by two spaces, ending in a newline.
inline std::string jsonText(const nlohmann::ordered_json& j) { return j.dump(2) + "\n"; }

} // namespace mapscape::io
