// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/loopnest/core/timeloop_yaml.h"

#include "core/model/validation.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string_view>

namespace mapscape::loopnest {

namespace {

constexpr std::size_t kMaxLevels = 32;
constexpr std::size_t kMaxDims = 16;
constexpr std::size_t kMaxRanks = 8;
constexpr std::size_t kMaxDataSpaces = 8;
constexpr std::size_t kMaxTerms = 8;
constexpr std::uint64_t kMaxBound = std::uint64_t{1} << 31;
constexpr std::uint64_t kMaxInstances = std::uint64_t{1} << 32;

/// A YAML node together with the name of the source it came from.
struct Ref {
    std::string file;
    YAML::Node node;

    SourceLoc loc() const
    {
        const YAML::Mark m = node.Mark();
        return SourceLoc{file, m.line >= 0 ? m.line + 1 : 0};
    }
    Ref sub(const YAML::Node& n) const { return Ref{file, n}; }
};

/// One line, whatever the names in it hold.
std::string oneLine(std::string s)
{
    for (char& c : s)
        if (c == '\n' || c == '\r')
            c = ' ';
    return s;
}

[[noreturn]] void fail(const SourceLoc& loc, const std::string& msg)
{
    const std::string where = loc.str();
    throw InputError(oneLine(where.empty() ? msg : where + ": " + msg));
}

std::string normKey(std::string k)
{
    std::replace(k.begin(), k.end(), '-', '_');
    return k;
}

std::string quoted(const std::string& s)
{
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (static_cast<unsigned char>(c) < 0x20)
            out += '?';
        else
            out += c;
    }
    out += '"';
    if (out.size() > 80)
        out = out.substr(0, 76) + "...\"";
    return out;
}

std::string scalarText(const YAML::Node& n)
{
    if (n.IsScalar())
        return n.Scalar();
    if (n.IsNull())
        return "null";
    if (n.IsSequence())
        return "a list";
    if (n.IsMap())
        return "a map";
    return "nothing";
}

bool isNull(const YAML::Node& n)
{
    return !n.IsDefined() || n.IsNull() || (n.IsScalar() && (n.Scalar() == "~" || n.Scalar() == "null"));
}

/// Finds a key in a map, accepting '-' and '_' interchangeably.
std::optional<Ref> child(const Ref& map, const std::string& key)
{
    if (!map.node.IsMap())
        return std::nullopt;
    const std::string want = normKey(key);
    for (auto it = map.node.begin(); it != map.node.end(); ++it) {
        if (!it->first.IsScalar())
            continue;
        if (normKey(it->first.Scalar()) == want)
            return map.sub(it->second);
    }
    return std::nullopt;
}

std::optional<Ref> childNotNull(const Ref& map, const std::string& key)
{
    auto c = child(map, key);
    if (c && isNull(c->node))
        return std::nullopt;
    return c;
}

std::string asString(const Ref& r, const std::string& field)
{
    if (!r.node.IsScalar())
        fail(r.loc(), field + ": expected a text, got " + scalarText(r.node));
    return r.node.Scalar();
}

double asDouble(const Ref& r, const std::string& field)
{
    if (!r.node.IsScalar())
        fail(r.loc(), field + ": expected a number, got " + scalarText(r.node));
    const std::string s = r.node.Scalar();
    if (s == ".inf" || s == "inf" || s == "Infinity")
        return std::numeric_limits<double>::infinity();
    const char* b = s.c_str();
    char* e = nullptr;
    errno = 0;
    double v = std::strtod(b, &e);
    if (s.empty() || e == b || *e != '\0' || std::isnan(v))
        fail(r.loc(), field + ": expected a number, got " + quoted(s));
    return v;
}

std::int64_t asInt(const Ref& r, const std::string& field, const char* what = "a whole number")
{
    if (!r.node.IsScalar())
        fail(r.loc(), field + ": expected " + what + ", got " + scalarText(r.node));
    const std::string s = r.node.Scalar();
    std::int64_t v = 0;
    auto res = std::from_chars(s.data(), s.data() + s.size(), v);
    if (res.ec == std::errc() && res.ptr == s.data() + s.size())
        return v;
    const char* b = s.c_str();
    char* e = nullptr;
    const double d = std::strtod(b, &e);
    if (s.empty() || e == b || *e != '\0' || !std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9.0e15)
        fail(r.loc(), field + ": expected " + std::string(what) + ", got " + quoted(s));
    return static_cast<std::int64_t>(d);
}

std::uint64_t asPositive(const Ref& r, const std::string& field, std::uint64_t maxValue,
                         bool allowZero = false)
{
    const char* what = allowZero ? "a non-negative whole number" : "a positive whole number";
    const std::int64_t v = asInt(r, field, what);
    if (v < 0 || (v == 0 && !allowZero))
        fail(r.loc(), field + ": expected " + std::string(what) + ", got " + std::to_string(v));
    if (static_cast<std::uint64_t>(v) > maxValue)
        fail(r.loc(), field + ": " + std::to_string(v) + " is too large (at most " +
                          std::to_string(maxValue) + ")");
    return static_cast<std::uint64_t>(v);
}

bool asBool(const Ref& r, const std::string& field)
{
    const std::string s = asString(r, field);
    std::string l = s;
    std::transform(l.begin(), l.end(), l.begin(), [](unsigned char c) { return std::tolower(c); });
    if (l == "true" || l == "yes" || l == "on" || l == "1")
        return true;
    if (l == "false" || l == "no" || l == "off" || l == "0")
        return false;
    fail(r.loc(), field + ": expected true or false, got " + quoted(s));
}

std::vector<std::string> asStringList(const Ref& r, const std::string& field)
{
    std::vector<std::string> out;
    if (isNull(r.node))
        return out;
    if (r.node.IsScalar()) {
        out.push_back(r.node.Scalar());
        return out;
    }
    if (!r.node.IsSequence())
        fail(r.loc(), field + ": expected a list of names, got " + scalarText(r.node));
    for (std::size_t i = 0; i < r.node.size(); ++i)
        out.push_back(asString(r.sub(r.node[i]), field));
    return out;
}

/// "name[1..16]" -> "name"
std::string baseName(const std::string& name)
{
    const auto p = name.find('[');
    return p == std::string::npos ? name : name.substr(0, p);
}

/// "name[1..16]" -> 16 (1 without a range).
std::uint64_t rangeSize(const Ref& where, const std::string& name)
{
    const auto b = name.find('[');
    const auto e = name.find(']');
    const auto d = name.find("..");
    if (b == std::string::npos || e == std::string::npos || d == std::string::npos)
        return 1;
    if (!(b < d && d < e))
        fail(where.loc(), "name: bad instance range in " + quoted(name));
    auto num = [&](const std::string& s) -> std::uint64_t {
        std::uint64_t v = 0;
        auto res = std::from_chars(s.data(), s.data() + s.size(), v);
        if (res.ec != std::errc() || res.ptr != s.data() + s.size())
            fail(where.loc(), "name: bad instance range in " + quoted(name));
        return v;
    };
    const std::uint64_t lo = num(name.substr(b + 1, d - b - 1));
    const std::uint64_t hi = num(name.substr(d + 2, e - d - 2));
    if (hi < lo || hi - lo + 1 > kMaxInstances)
        fail(where.loc(), "name: bad instance range in " + quoted(name));
    return hi - lo + 1;
}

/// Timeloop's component-name extraction for ERT/ART table names
/// ("system.PE[0..15].buffer[1..4]" -> "buffer").
std::string tableComponentName(const std::string& full)
{
    std::string s = full;
    if (!s.empty() && s.back() == ']') {
        const auto b = s.rfind('[');
        if (b != std::string::npos)
            s = s.substr(0, b);
    }
    const auto dot = s.rfind('.');
    return dot == std::string::npos ? s : s.substr(dot + 1);
}

std::uint64_t mulChecked(std::uint64_t a, std::uint64_t b, const SourceLoc& loc, const std::string& field)
{
    if (a != 0 && b > kMaxInstances * 16 / a)
        fail(loc, field + ": instance count overflows");
    return a * b;
}

// ------------------------------------------------------------------------------------------
// Architecture
// ------------------------------------------------------------------------------------------

using AttrMap = std::map<std::string, Ref>;  // normalized key -> value

void mergeAttrs(AttrMap& into, const Ref& attrs)
{
    if (isNull(attrs.node))
        return;
    if (!attrs.node.IsMap())
        fail(attrs.loc(), "attributes: expected a map, got " + scalarText(attrs.node));
    for (auto it = attrs.node.begin(); it != attrs.node.end(); ++it) {
        if (!it->first.IsScalar())
            continue;
        into[normKey(it->first.Scalar())] = attrs.sub(it->second);
    }
}

std::optional<Ref> attr(const AttrMap& a, const std::string& key)
{
    auto it = a.find(normKey(key));
    if (it == a.end() || isNull(it->second.node))
        return std::nullopt;
    return it->second;
}

template <typename... Keys>
std::optional<Ref> attrAny(const AttrMap& a, std::string& usedKey, Keys... keys)
{
    for (const char* k : {keys...}) {
        if (auto r = attr(a, k)) {
            usedKey = k;
            return r;
        }
    }
    return std::nullopt;
}

bool isBufferClass(const std::string& c)
{
    for (const char* s : {"DRAM", "SRAM", "regfile", "smartbuffer", "storage"})
        if (c.find(s) != std::string::npos)
            return true;
    return false;
}

bool isComputeClass(const std::string& c)
{
    for (const char* s : {"mac", "intmac", "fpmac", "compute"})
        if (c.find(s) != std::string::npos)
            return true;
    return false;
}

void resolveMesh(const SourceLoc& loc, const std::string& name, bool instSpecified, std::uint64_t& instances,
                 std::optional<std::uint64_t> meshX, std::optional<std::uint64_t> meshY,
                 std::uint64_t& outX, std::uint64_t& outY)
{
    if (instSpecified) {
        if (meshX && meshY) {
            if (*meshX * *meshY != instances)
                fail(loc, "meshX: " + name + ": meshX " + std::to_string(*meshX) + " × meshY " +
                              std::to_string(*meshY) + " is not the instance count " + std::to_string(instances));
            outX = *meshX;
            outY = *meshY;
        } else if (meshX) {
            if (instances % *meshX != 0)
                fail(loc, "meshX: " + name + ": " + std::to_string(*meshX) + " does not divide the instance count " +
                              std::to_string(instances));
            outX = *meshX;
            outY = instances / *meshX;
        } else if (meshY) {
            if (instances % *meshY != 0)
                fail(loc, "meshY: " + name + ": " + std::to_string(*meshY) + " does not divide the instance count " +
                              std::to_string(instances));
            outY = *meshY;
            outX = instances / *meshY;
        } else {
            outX = instances;
            outY = 1;
        }
    } else {
        if (!(meshX && meshY))
            fail(loc, name + ": instances and/or meshX * meshY must be given");
        outX = *meshX;
        outY = *meshY;
        instances = outX * outY;
    }
}

StorageLevelSpec parseStorage(const Ref& comp, const std::string& fullName, const std::string& cls,
                              const AttrMap& a, std::uint64_t nElements)
{
    StorageLevelSpec s;
    s.name = baseName(fullName);
    s.className = cls;
    s.loc = comp.loc();
    s.dummy = cls.find("dummy") != std::string::npos;
    std::string k;
    if (auto r = attrAny(a, k, "word_bits", "word_width", "datawidth"))
        s.wordBits = static_cast<std::uint32_t>(asPositive(*r, k, 1u << 16));
    bool blockGiven = false, clusterGiven = false;
    if (auto r = attrAny(a, k, "block_size", "n_words")) {
        s.blockSize = static_cast<std::uint32_t>(asPositive(*r, k, 1u << 20));
        blockGiven = true;
    }
    if (auto r = attr(a, "cluster_size")) {
        s.clusterSize = static_cast<std::uint32_t>(asPositive(*r, "cluster_size", 1u << 20));
        clusterGiven = true;
    }
    if (auto r = attrAny(a, k, "width", "memory_width", "data_storage_width")) {
        const std::uint64_t width = asPositive(*r, k, 1u << 24);
        s.width = width;
        if (width % (std::uint64_t{s.wordBits} * s.blockSize) != 0)
            fail(r->loc(), k + ": " + std::to_string(width) + " is not a multiple of datawidth " +
                               std::to_string(s.wordBits) + " × block size " + std::to_string(s.blockSize));
        if (blockGiven && clusterGiven) {
            if (std::uint64_t{s.blockSize} * s.wordBits * s.clusterSize != width)
                fail(r->loc(), k + ": block_size × datawidth × cluster_size is not the width " + std::to_string(width));
        } else if (clusterGiven) {
            const std::uint64_t bs = width / s.clusterSize / s.wordBits;
            if (bs == 0)
                fail(r->loc(), k + ": width " + std::to_string(width) + " is smaller than cluster_size × datawidth");
            s.blockSize = static_cast<std::uint32_t>(bs);
        } else if (blockGiven) {
            s.clusterSize = static_cast<std::uint32_t>(width / (std::uint64_t{s.wordBits} * s.blockSize));
        } else {
            s.blockSize = static_cast<std::uint32_t>(width / s.wordBits);
            s.clusterSize = 1;
        }
    }
    if (auto r = attr(a, "entries")) {
        s.hasSize = true;
        s.size = asPositive(*r, "entries", kMaxBound * 64);
        s.depth = s.size / s.blockSize;
    } else if (auto r2 = attrAny(a, k, "depth", "memory_depth", "data_storage_depth")) {
        if (!(r2->node.IsScalar() && (r2->node.Scalar() == "inf" || r2->node.Scalar() == ".inf"))) {
            s.hasSize = true;
            s.depth = asPositive(*r2, k, kMaxBound * 64);
            s.size = s.depth * s.blockSize;
        }
    } else if (auto r3 = attr(a, "sizeKB")) {
        s.hasSize = true;
        s.size = asPositive(*r3, "sizeKB", 1u << 30) * 1024 * 8 / s.wordBits;
        s.depth = s.size / s.blockSize;
    }
    s.isDram = cls.find("DRAM") != std::string::npos;
    if (auto r = attr(a, "technology"))
        if (r->node.IsScalar() && r->node.Scalar() == "DRAM")
            s.isDram = true;
    if (auto r = attr(a, "bandwidth")) {
        const double bw = asDouble(*r, "bandwidth");
        s.readBandwidth = bw / 2;
        s.writeBandwidth = bw / 2;
    }
    if (auto r = attr(a, "shared_bandwidth"))
        s.sharedBandwidth = asDouble(*r, "shared_bandwidth");
    if (auto r = attr(a, "read_bandwidth"))
        s.readBandwidth = asDouble(*r, "read_bandwidth");
    if (auto r = attr(a, "write_bandwidth"))
        s.writeBandwidth = asDouble(*r, "write_bandwidth");
    for (auto* bw : {&s.readBandwidth, &s.writeBandwidth, &s.sharedBandwidth})
        if (*bw && !(**bw > 0))
            fail(comp.loc(), "bandwidth of " + s.name + ": expected a positive number");
    if (auto r = attr(a, "multiple_buffering")) {
        s.multipleBuffering = asDouble(*r, "multiple_buffering");
        if (!(s.multipleBuffering > 0) || !std::isfinite(s.multipleBuffering))
            fail(r->loc(), "multiple_buffering: expected a positive number");
    }
    if (auto r = attr(a, "min_utilization"))
        s.minUtilization = asDouble(*r, "min_utilization");
    if (auto r = attr(a, "allow_overbooking"))
        s.allowOverbooking = asBool(*r, "allow_overbooking");
    if (auto r = attr(a, "addr_gen_energy")) {
        const double v = asDouble(*r, "addr_gen_energy");
        if (v >= 0.0)
            s.addrGenEnergy = v;
    }
    if (auto r = attr(a, "power_gated_at"))
        if (!(r->node.IsScalar() && (r->node.Scalar().empty() || r->node.Scalar() == "null")))
            fail(r->loc(), "power_gated_at: power gating is not modelled");
    if (auto r = attr(a, "per_dataspace_bandwidth_consumption_scale"))
        fail(r->loc(), "per_dataspace_bandwidth_consumption_scale: not modelled");
    bool instSpecified = false;
    s.instances = nElements;
    if (auto r = attr(a, "instances")) {
        s.instances = asPositive(*r, "instances", kMaxInstances);
        instSpecified = true;
    } else {
        instSpecified = true;  // from the name ranges
    }
    std::optional<std::uint64_t> mx, my;
    if (auto r = attr(a, "meshX"))
        mx = asPositive(*r, "meshX", kMaxInstances);
    if (auto r = attr(a, "meshY"))
        my = asPositive(*r, "meshY", kMaxInstances);
    resolveMesh(comp.loc(), s.name, instSpecified, s.instances, mx, my, s.meshX, s.meshY);
    if (s.instances % s.clusterSize != 0)
        fail(comp.loc(), "cluster_size: " + std::to_string(s.clusterSize) + " does not divide the " +
                             std::to_string(s.instances) + " instances of " + s.name);
    return s;
}

ArithmeticSpec parseArithmetic(const Ref& comp, const std::string& fullName, const std::string& cls,
                               const AttrMap& a, std::uint64_t nElements)
{
    ArithmeticSpec s;
    s.name = baseName(fullName);
    s.className = cls;
    s.loc = comp.loc();
    s.instances = nElements;
    if (auto r = attr(a, "instances"))
        s.instances = asPositive(*r, "instances", kMaxInstances);
    std::string k;
    if (auto r = attrAny(a, k, "word_bits", "datawidth"))
        s.wordBits = static_cast<std::uint32_t>(asPositive(*r, k, 1u << 16));
    std::optional<std::uint64_t> mx, my;
    if (auto r = attr(a, "meshX"))
        mx = asPositive(*r, "meshX", kMaxInstances);
    if (auto r = attr(a, "meshY"))
        my = asPositive(*r, "meshY", kMaxInstances);
    resolveMesh(comp.loc(), s.name, true, s.instances, mx, my, s.meshX, s.meshY);
    return s;
}

struct ArchBuilder {
    Architecture arch;
    bool haveArith = false;
    std::vector<Constraint>* constraints = nullptr;
};

void parseComponentConstraints(const Ref& comp, const std::string& target, std::vector<Constraint>& out);

void addComponent(ArchBuilder& b, const Ref& comp, const AttrMap& inherited, std::uint64_t multiplication,
                  std::uint64_t ownX, std::uint64_t ownY, std::uint64_t accX, std::uint64_t accY, bool v4)
{
    if (!comp.node.IsMap())
        fail(comp.loc(), "local: expected a component map, got " + scalarText(comp.node));
    auto nameRef = childNotNull(comp, "name");
    if (!nameRef)
        fail(comp.loc(), "name: missing component name");
    const std::string fullName = asString(*nameRef, "name");
    std::string cls;
    if (auto c = childNotNull(comp, "class"))
        cls = asString(*c, "class");
    if (auto en = childNotNull(comp, "enabled"))
        if (!asBool(*en, "enabled"))
            return;
    AttrMap a = inherited;
    if (auto at = child(comp, "attributes"))
        mergeAttrs(a, *at);
    const std::uint64_t nElements =
        mulChecked(multiplication, rangeSize(*nameRef, fullName) * ownX * ownY, comp.loc(), "name");
    if (v4) {
        // v0.4: the mesh is the product of the enclosing containers' meshes and its own.
        if (!attr(a, "meshX"))
            a["meshX"] = Ref{comp.file, YAML::Node(accX * ownX)};
        if (!attr(a, "meshY"))
            a["meshY"] = Ref{comp.file, YAML::Node(accY * ownY)};
    }
    if (isBufferClass(cls)) {
        if (b.arch.levels.size() >= kMaxLevels)
            fail(comp.loc(), "architecture: too many storage levels (at most " + std::to_string(kMaxLevels) + ")");
        b.arch.levels.push_back(parseStorage(comp, fullName, cls, a, nElements));
        if (b.haveArith)
            fail(comp.loc(), "class: storage level " + quoted(baseName(fullName)) +
                                 " comes after the arithmetic level; storage levels must be outside it");
    } else if (isComputeClass(cls)) {
        if (b.haveArith)
            fail(comp.loc(), "class: a second arithmetic level " + quoted(baseName(fullName)) +
                                 "; only one is supported");
        b.arch.arithmetic = parseArithmetic(comp, fullName, cls, a, nElements);
        b.haveArith = true;
    } else {
        return;  // networks and unknown classes are ignored, like Timeloop does
    }
    if (b.constraints)
        parseComponentConstraints(comp, baseName(fullName), *b.constraints);
}

void walkTree(ArchBuilder& b, const Ref& node, AttrMap inherited, std::uint64_t multiplication, int depth)
{
    if (depth > 64)
        fail(node.loc(), "subtree: nesting too deep");
    if (auto at = child(node, "attributes"))
        mergeAttrs(inherited, *at);
    inherited.erase("meshX");
    inherited.erase("meshY");
    inherited.erase("instances");
    if (auto local = childNotNull(node, "local")) {
        if (!local->node.IsSequence())
            fail(local->loc(), "local: expected a list of components, got " + scalarText(local->node));
        for (std::size_t i = 0; i < local->node.size(); ++i)
            addComponent(b, local->sub(local->node[i]), inherited, multiplication, 1, 1, 1, 1, false);
    }
    if (auto sub = childNotNull(node, "subtree")) {
        if (!sub->node.IsSequence())
            fail(sub->loc(), "subtree: expected a list, got " + scalarText(sub->node));
        if (sub->node.size() > 1)
            fail(sub->loc(), "subtree: only one subtree per level is supported (Timeloop's limit)");
        if (sub->node.size() == 1) {
            Ref s = sub->sub(sub->node[0]);
            std::string nm;
            if (auto n = childNotNull(s, "name"))
                nm = asString(*n, "name");
            walkTree(b, s, inherited, mulChecked(multiplication, rangeSize(s, nm), s.loc(), "name"), depth + 1);
        }
    }
}

void walkNodes(ArchBuilder& b, const Ref& list, AttrMap& inherited, std::uint64_t& mult, std::uint64_t& accX,
               std::uint64_t& accY, int depth)
{
    if (depth > 64)
        fail(list.loc(), "nodes: nesting too deep");
    if (!list.node.IsSequence())
        fail(list.loc(), "nodes: expected a list, got " + scalarText(list.node));
    for (std::size_t i = 0; i < list.node.size(); ++i) {
        Ref n = list.sub(list.node[i]);
        if (n.node.IsSequence()) {
            walkNodes(b, n, inherited, mult, accX, accY, depth + 1);
            continue;
        }
        if (!n.node.IsMap())
            fail(n.loc(), "nodes: expected a container or component, got " + scalarText(n.node));
        const std::string tag = n.node.Tag();
        std::uint64_t ox = 1, oy = 1;
        if (auto sp = childNotNull(n, "spatial")) {
            if (auto x = childNotNull(*sp, "meshX"))
                ox = asPositive(*x, "meshX", kMaxInstances);
            if (auto y = childNotNull(*sp, "meshY"))
                oy = asPositive(*y, "meshY", kMaxInstances);
        }
        const bool isComponent = tag.find("Component") != std::string::npos ||
                                 (tag.find("Container") == std::string::npos && child(n, "class").has_value());
        if (!isComponent) {
            std::string nm;
            if (auto nn = childNotNull(n, "name"))
                nm = asString(*nn, "name");
            if (auto at = child(n, "attributes"))
                mergeAttrs(inherited, *at);
            inherited.erase("meshx");
            inherited.erase("meshX");
            inherited.erase("meshY");
            inherited.erase("instances");
            if (ox * oy > 1) {
                // The v0.4 front end turns a spatial container into a dummy storage level.
                StorageLevelSpec d;
                d.name = "inter_" + baseName(nm) + "_spatial";
                d.className = "dummy_storage";
                d.loc = n.loc();
                d.dummy = true;
                d.hasSize = true;
                d.depth = 1;
                d.size = 1;
                d.width = 1;
                d.wordBits = 1;
                d.instances = mult;
                d.meshX = accX;
                d.meshY = accY;
                if (b.arch.levels.size() >= kMaxLevels)
                    fail(n.loc(), "architecture: too many storage levels");
                b.arch.levels.push_back(d);
            }
            if (b.constraints)
                parseComponentConstraints(n, ox * oy > 1 ? "inter_" + baseName(nm) + "_spatial" : baseName(nm),
                                          *b.constraints);
            mult = mulChecked(mult, ox * oy, n.loc(), "spatial");
            accX *= ox;
            accY *= oy;
            if (auto sub = childNotNull(n, "nodes"))
                walkNodes(b, *sub, inherited, mult, accX, accY, depth + 1);
        } else {
            addComponent(b, n, inherited, mult, ox, oy, accX, accY, true);
        }
    }
}

Architecture parseArchitecture(const Ref& root, std::vector<Constraint>& constraints)
{
    ArchBuilder b;
    b.constraints = &constraints;
    b.arch.loc = root.loc();
    if (!root.node.IsMap())
        fail(root.loc(), "architecture: expected a map, got " + scalarText(root.node));
    if (auto nodes = childNotNull(root, "nodes")) {
        AttrMap inh;
        std::uint64_t mult = 1, ax = 1, ay = 1;
        walkNodes(b, *nodes, inh, mult, ax, ay, 0);
    } else if (child(root, "subtree") || child(root, "local")) {
        walkTree(b, root, {}, 1, 0);
    } else {
        fail(root.loc(), "architecture: expected `subtree`/`local` (v0.3) or `nodes` (v0.4)");
    }
    if (!b.haveArith)
        fail(root.loc(), "architecture: no arithmetic level (a component of class mac/intmac/fpmac/compute)");
    if (b.arch.levels.empty())
        fail(root.loc(), "architecture: no storage level");
    // Fan-outs must divide (Timeloop asserts this).
    for (std::size_t i = 0; i < b.arch.levels.size(); ++i) {
        const auto& outer = b.arch.levels[i];
        const std::uint64_t ix = i + 1 < b.arch.levels.size() ? b.arch.levels[i + 1].meshX : b.arch.arithmetic.meshX;
        const std::uint64_t iy = i + 1 < b.arch.levels.size() ? b.arch.levels[i + 1].meshY : b.arch.arithmetic.meshY;
        if (ix % outer.meshX != 0 || iy % outer.meshY != 0)
            fail(outer.loc, "meshX: level " + quoted(outer.name) + " (mesh " + std::to_string(outer.meshX) + "×" +
                                std::to_string(outer.meshY) + ") does not divide the next inner mesh " +
                                std::to_string(ix) + "×" + std::to_string(iy));
    }
    std::set<std::string> seen;
    for (const auto& l : b.arch.levels)
        if (!seen.insert(l.name).second)
            fail(l.loc, "name: duplicate level name " + quoted(l.name));
    return b.arch;
}

// ------------------------------------------------------------------------------------------
// Problem
// ------------------------------------------------------------------------------------------

Problem parseProblem(const Ref& root)
{
    Problem p;
    p.loc = root.loc();
    if (!root.node.IsMap())
        fail(root.loc(), "problem: expected a map, got " + scalarText(root.node));
    auto shape = childNotNull(root, "shape");
    if (!shape)
        fail(root.loc(), "problem: missing `shape`");
    if (!shape->node.IsMap())
        fail(shape->loc(), "shape: named shapes are not supported; give dimensions and data_spaces");
    if (auto n = childNotNull(*shape, "name"))
        p.name = asString(*n, "name");
    auto dims = childNotNull(*shape, "dimensions");
    if (!dims)
        fail(shape->loc(), "shape: missing `dimensions`");
    for (const auto& d : asStringList(*dims, "dimensions")) {
        if (d.empty() || !std::all_of(d.begin(), d.end(), [](unsigned char c) { return std::isalpha(c); }))
            fail(dims->loc(), "dimensions: " + quoted(d) + " is not a name made of letters");
        if (p.findDimension(d) >= 0)
            fail(dims->loc(), "dimensions: duplicate dimension " + quoted(d));
        p.dimensions.push_back(d);
    }
    if (p.dimensions.empty() || p.dimensions.size() > kMaxDims)
        fail(dims->loc(), "dimensions: expected 1 to " + std::to_string(kMaxDims) + " dimensions");
    if (auto fl = childNotNull(*shape, "flatten"))
        fail(fl->loc(), "flatten: flattened dimensions are not supported");
    std::vector<std::int64_t> defaults;
    if (auto cs = childNotNull(*shape, "coefficients")) {
        if (!cs->node.IsSequence())
            fail(cs->loc(), "coefficients: expected a list, got " + scalarText(cs->node));
        for (std::size_t i = 0; i < cs->node.size(); ++i) {
            Ref c = cs->sub(cs->node[i]);
            auto n = childNotNull(c, "name");
            if (!n)
                fail(c.loc(), "coefficients: missing name");
            const std::string name = asString(*n, "coefficients.name");
            std::int64_t def = 1;
            if (auto d = childNotNull(c, "default"))
                def = asInt(*d, "coefficients.default");
            if (p.findCoefficient(name) >= 0)
                fail(c.loc(), "coefficients: duplicate coefficient " + quoted(name));
            p.coefficientNames.push_back(name);
            defaults.push_back(def);
        }
    }
    p.coefficientValues = defaults;
    auto dss = childNotNull(*shape, "data_spaces");
    if (!dss || !dss->node.IsSequence())
        fail(shape->loc(), "shape: missing `data_spaces` list");
    for (std::size_t i = 0; i < dss->node.size(); ++i) {
        Ref d = dss->sub(dss->node[i]);
        DataSpaceSpec ds;
        ds.loc = d.loc();
        auto n = childNotNull(d, "name");
        if (!n)
            fail(d.loc(), "data_spaces: missing name");
        ds.name = asString(*n, "data_spaces.name");
        if (p.findDataSpace(ds.name) >= 0)
            fail(d.loc(), "data_spaces: duplicate data space " + quoted(ds.name));
        if (auto rw = childNotNull(d, "read_write"))
            ds.readWrite = asBool(*rw, "read_write");
        auto proj = childNotNull(d, "projection");
        if (!proj || !proj->node.IsSequence())
            fail(d.loc(), "projection: missing projection list for " + quoted(ds.name));
        auto dimOf = [&](const Ref& r) {
            const std::string dn = asString(r, "projection");
            const int id = p.findDimension(dn);
            if (id < 0)
                fail(r.loc(), "projection: unknown dimension " + quoted(dn) + "; the problem's dimensions are " +
                                  p.dimensionList());
            return id;
        };
        for (std::size_t k = 0; k < proj->node.size(); ++k) {
            Ref rank = proj->sub(proj->node[k]);
            std::vector<ProjectionTerm> terms;
            if (rank.node.IsScalar()) {
                terms.push_back({dimOf(rank), -1});
            } else if (rank.node.IsSequence()) {
                for (std::size_t t = 0; t < rank.node.size(); ++t) {
                    Ref term = rank.sub(rank.node[t]);
                    if (term.node.IsScalar()) {
                        terms.push_back({dimOf(term), -1});
                        continue;
                    }
                    if (!term.node.IsSequence() || term.node.size() < 1 || term.node.size() > 2)
                        fail(term.loc(), "projection: a term is [dimension] or [dimension, coefficient]");
                    ProjectionTerm pt;
                    pt.dim = dimOf(term.sub(term.node[0]));
                    if (term.node.size() == 2) {
                        Ref cr = term.sub(term.node[1]);
                        const std::string cn = asString(cr, "projection");
                        int cid = p.findCoefficient(cn);
                        if (cid < 0) {
                            // Timeloop requires declared coefficients; accept an instance value later.
                            p.coefficientNames.push_back(cn);
                            p.coefficientValues.push_back(1);
                            defaults.push_back(1);
                            cid = static_cast<int>(p.coefficientNames.size()) - 1;
                        }
                        pt.coefficient = cid;
                    }
                    terms.push_back(pt);
                }
            } else {
                fail(rank.loc(), "projection: expected a list of terms");
            }
            if (terms.empty() || terms.size() > kMaxTerms)
                fail(rank.loc(), "projection: a rank needs 1 to " + std::to_string(kMaxTerms) + " terms");
            ds.projection.push_back(terms);
        }
        if (ds.projection.empty() || ds.projection.size() > kMaxRanks)
            fail(proj->loc(), "projection: expected 1 to " + std::to_string(kMaxRanks) + " ranks");
        p.dataSpaces.push_back(ds);
    }
    if (p.dataSpaces.empty() || p.dataSpaces.size() > kMaxDataSpaces)
        fail(dss->loc(), "data_spaces: expected 1 to " + std::to_string(kMaxDataSpaces) + " data spaces");
    auto inst = childNotNull(root, "instance");
    if (!inst || !inst->node.IsMap())
        fail(root.loc(), "problem: missing `instance` with the dimension bounds");
    p.bounds.assign(p.dimensions.size(), 1);
    for (std::size_t d = 0; d < p.dimensions.size(); ++d) {
        auto b = childNotNull(*inst, p.dimensions[d]);
        if (!b)
            fail(inst->loc(), "instance: missing bound of dimension " + quoted(p.dimensions[d]));
        p.bounds[d] = asPositive(*b, p.dimensions[d], kMaxBound);
    }
    if (auto dens = childNotNull(*inst, "densities")) {
        if (dens->node.IsMap()) {
            for (auto it = dens->node.begin(); it != dens->node.end(); ++it) {
                Ref v = dens->sub(it->second);
                double d = 1.0;
                if (v.node.IsScalar())
                    d = asDouble(v, "densities");
                else if (auto dd = childNotNull(v, "density"))
                    d = asDouble(*dd, "density");
                if (d < 1.0 && !p.sparse) {
                    p.sparse = true;
                    p.sparseLoc = v.loc();
                }
            }
        }
    }
    for (std::size_t c = 0; c < p.coefficientNames.size(); ++c)
        if (auto v = childNotNull(*inst, p.coefficientNames[c])) {
            p.coefficientValues[c] = asInt(*v, p.coefficientNames[c]);
            if (std::llabs(p.coefficientValues[c]) > (1 << 20))
                fail(v->loc(), p.coefficientNames[c] + ": coefficient too large");
        }
    return p;
}

// ------------------------------------------------------------------------------------------
// Mapping
// ------------------------------------------------------------------------------------------

/// Parses Timeloop factors: "R=3 P=16", "K2 R3", "C=1,M=4" or a list of such items.
std::vector<std::pair<std::string, std::uint64_t>> parseFactorText(const Ref& r, const std::string& text)
{
    std::vector<std::pair<std::string, std::uint64_t>> out;
    std::string s = text.substr(0, text.find('#'));
    std::size_t i = 0;
    auto skipSep = [&] {
        while (i < s.size() && (std::isspace(static_cast<unsigned char>(s[i])) || s[i] == ','))
            ++i;
    };
    skipSep();
    while (i < s.size()) {
        std::size_t b = i;
        while (i < s.size() && std::isalpha(static_cast<unsigned char>(s[i])))
            ++i;
        if (i == b)
            fail(r.loc(), "factors: cannot read " + quoted(s.substr(b)) + " (expected e.g. \"R=3 P=16\")");
        std::string name = s.substr(b, i - b);
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '='))
            ++i;
        std::size_t nb = i;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
            ++i;
        if (i == nb)
            fail(r.loc(), "factors: missing value for dimension " + quoted(name));
        if (i - nb > 12)
            fail(r.loc(), "factors: value of " + name + " is too large");
        std::uint64_t v = std::stoull(s.substr(nb, i - nb));
        if (i + 1 < s.size() && s[i] == ',' && std::isdigit(static_cast<unsigned char>(s[i + 1]))) {
            std::size_t rb = ++i;
            while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
                ++i;
            if (i - rb > 12 || std::stoull(s.substr(rb, i - rb)) != v)
                fail(r.loc(), "factors: imperfect factorization (residual) of " + quoted(name) + " is not supported");
        }
        out.emplace_back(name, v);
        skipSep();
    }
    return out;
}

std::vector<std::pair<std::string, std::uint64_t>> parseFactors(const Ref& r)
{
    if (r.node.IsScalar())
        return parseFactorText(r, r.node.Scalar());
    std::vector<std::pair<std::string, std::uint64_t>> out;
    if (r.node.IsSequence()) {
        for (std::size_t i = 0; i < r.node.size(); ++i) {
            Ref it = r.sub(r.node[i]);
            auto part = parseFactorText(it, asString(it, "factors"));
            out.insert(out.end(), part.begin(), part.end());
        }
        return out;
    }
    if (r.node.IsMap()) {
        for (auto it = r.node.begin(); it != r.node.end(); ++it)
            out.emplace_back(it->first.Scalar(), asPositive(r.sub(it->second), "factors", kMaxBound, true));
        return out;
    }
    fail(r.loc(), "factors: expected a text like \"R=3 P=16\" or a list");
}

std::vector<std::string> parsePermutation(const Ref& r)
{
    std::vector<std::string> out;
    if (r.node.IsScalar()) {
        for (char c : r.node.Scalar())
            if (!std::isspace(static_cast<unsigned char>(c)) && c != ',')
                out.emplace_back(1, c);
        return out;
    }
    if (r.node.IsSequence()) {
        for (std::size_t i = 0; i < r.node.size(); ++i)
            out.push_back(asString(r.sub(r.node[i]), "permutation"));
        return out;
    }
    fail(r.loc(), "permutation: expected a text like \"RSP\" or a list");
}

Mapping parseMapping(const Ref& root, const Architecture& arch, const Problem& prob)
{
    Mapping m;
    const std::size_t nd = prob.dimensions.size();
    const std::size_t nds = prob.dataSpaces.size();
    m.levels.resize(arch.levels.size());
    for (auto& l : m.levels) {
        l.keep.assign(nds, -1);
        l.temporalFactors.assign(nd, 1);
        l.spatialFactors.assign(nd, 1);
    }
    if (isNull(root.node))
        return m;
    if (!root.node.IsSequence())
        fail(root.loc(), "mapping: expected a list of directives, got " + scalarText(root.node));
    for (std::size_t i = 0; i < root.node.size(); ++i) {
        Ref d = root.sub(root.node[i]);
        if (!d.node.IsMap())
            fail(d.loc(), "mapping: expected a directive map, got " + scalarText(d.node));
        auto t = childNotNull(d, "target");
        if (!t)
            fail(d.loc(), "target: missing");
        int lvl = -1;
        const std::string tgt = asString(*t, "target");
        lvl = arch.findLevel(tgt);
        if (lvl < 0) {
            std::string names;
            for (const auto& l : arch.levels)
                names += (names.empty() ? "" : " ") + l.name;
            fail(t->loc(), "target: unknown level " + quoted(tgt) + "; the storage levels are " + names);
        }
        std::string type = "temporal";
        if (auto ty = childNotNull(d, "type"))
            type = asString(*ty, "type");
        LevelMapping& lm = m.levels[static_cast<std::size_t>(lvl)];
        if (lm.loc.line == 0)
            lm.loc = d.loc();
        for (const char* opt : {"no_reuse", "no_link_transfer", "no_temporal_reuse", "rmw_first_update", "no_coalesce"})
            if (auto o = child(d, opt))
                if (!asStringList(*o, opt).empty())
                    fail(o->loc(), std::string(opt) + ": this mapping option is not modelled");
        if (type == "temporal" || type == "spatial") {
            const bool spatial = type == "spatial";
            auto& factors = spatial ? lm.spatialFactors : lm.temporalFactors;
            auto& perm = spatial ? lm.spatialPermutation : lm.temporalPermutation;
            factors.assign(nd, 1);
            perm.clear();
            if (spatial) {
                lm.hasSpatial = true;
                lm.spatialLoc = d.loc();
            } else {
                lm.hasTemporal = true;
            }
            if (auto f = childNotNull(d, "factors")) {
                for (const auto& [name, value] : parseFactors(*f)) {
                    const int dim = prob.findDimension(name);
                    if (dim < 0)
                        fail(f->loc(), "factors: unknown dimension " + quoted(name) + "; the problem's dimensions are " +
                                           prob.dimensionList());
                    // 0 means the whole dimension (Timeloop's convention).
                    factors[static_cast<std::size_t>(dim)] = value == 0 ? prob.bounds[static_cast<std::size_t>(dim)] : value;
                    if (factors[static_cast<std::size_t>(dim)] > kMaxBound)
                        fail(f->loc(), "factors: " + name + "=" + std::to_string(value) + " is too large");
                }
            }
            if (auto p = childNotNull(d, "permutation")) {
                for (const auto& name : parsePermutation(*p)) {
                    const int dim = prob.findDimension(name);
                    if (dim < 0)
                        fail(p->loc(), "permutation: unknown dimension " + quoted(name) +
                                           "; the problem's dimensions are " + prob.dimensionList());
                    if (std::find(perm.begin(), perm.end(), dim) != perm.end())
                        fail(p->loc(), "permutation: dimension " + quoted(name) + " appears twice");
                    perm.push_back(dim);
                }
            }
            if (spatial) {
                if (auto s = childNotNull(d, "split"))
                    lm.split = static_cast<std::uint32_t>(asPositive(*s, "split", 1024, true));
            }
        } else if (type == "datatype" || type == "bypass" || type == "dataspace") {
            auto apply = [&](const char* key, int value) {
                if (auto k = child(d, key)) {
                    for (const auto& name : asStringList(*k, key)) {
                        const int ds = prob.findDataSpace(name);
                        if (ds < 0) {
                            std::string names;
                            for (const auto& x : prob.dataSpaces)
                                names += (names.empty() ? "" : " ") + x.name;
                            fail(k->loc(), std::string(key) + ": unknown data space " + quoted(name) +
                                               "; the problem's data spaces are " + names);
                        }
                        lm.keep[static_cast<std::size_t>(ds)] = value;
                    }
                }
            };
            apply("keep", 1);
            apply("bypass", 0);
        } else if (type == "skew") {
            fail(d.loc(), "type: skew directives are not supported");
        } else {
            fail(d.loc(), "type: unknown directive type " + quoted(type) +
                              " (expected temporal, spatial, datatype or bypass)");
        }
    }
    return m;
}

// ------------------------------------------------------------------------------------------
// Constraints
// ------------------------------------------------------------------------------------------

Constraint parseConstraintEntry(const Ref& c, const std::string& defaultTarget)
{
    Constraint k;
    k.loc = c.loc();
    k.target = defaultTarget;
    if (!c.node.IsMap())
        fail(c.loc(), "constraints: expected a map, got " + scalarText(c.node));
    if (auto t = childNotNull(c, "target"))
        k.target = asString(*t, "target");
    if (auto t = childNotNull(c, "type"))
        k.type = asString(*t, "type");
    if (auto f = childNotNull(c, "factors")) {
        if (f->node.IsScalar())
            k.factorsText = f->node.Scalar();
        if (f->node.IsScalar() || f->node.IsSequence()) {
            // Constraint factors may hold values like "P=0" or ">=2"; keep what reads as numbers.
            std::vector<std::string> items;
            if (f->node.IsScalar()) {
                std::istringstream is(f->node.Scalar());
                std::string w;
                while (is >> w)
                    items.push_back(w);
            } else {
                items = asStringList(*f, "factors");
            }
            for (auto w : items) {
                std::replace(w.begin(), w.end(), ',', ' ');
                std::istringstream is(w);
                std::string part;
                while (is >> part) {
                    std::size_t i = 0;
                    while (i < part.size() && std::isalpha(static_cast<unsigned char>(part[i])))
                        ++i;
                    std::string name = part.substr(0, i);
                    const std::size_t opStart = i;
                    while (i < part.size() && (part[i] == '=' || part[i] == '<' || part[i] == '>'))
                        ++i;
                    const std::string op = part.substr(opStart, i - opStart);
                    std::int64_t v = 0;
                    auto res = std::from_chars(part.data() + i, part.data() + part.size(), v);
                    if (name.empty() || res.ec != std::errc())
                        continue;
                    if (op == "<=")
                        k.maxFactors[name] = v;
                    else if (op == ">=")
                        k.minFactors[name] = v;
                    else if (op == "=" || op.empty())
                        k.factors[name] = v;
                    else
                        fail(f->loc(), "factors: \"" + part + "\": expected NAME=N, NAME<=N or NAME>=N");
                }
            }
        }
    }
    if (auto p = childNotNull(c, "permutation")) {
        // "AB_CD": A, B innermost, C, D outermost (Timeloop's prefix / suffix).
        k.permutation = parsePermutation(*p);
        const auto sep = std::find(k.permutation.begin(), k.permutation.end(), "_");
        if (sep != k.permutation.end()) {
            k.permutationSuffix.assign(sep + 1, k.permutation.end());
            k.permutation.erase(sep, k.permutation.end());
            if (std::find(k.permutationSuffix.begin(), k.permutationSuffix.end(), "_") != k.permutationSuffix.end())
                fail(p->loc(), "permutation: more than one \"_\" (it separates the innermost loops from the outermost)");
        }
    }
    if (auto p = childNotNull(c, "min"); p && (k.type == "utilization" || k.type == "parallelism"))
        k.minParallelism = asDouble(*p, "min");
    if (auto p = child(c, "keep"))
        k.keep = asStringList(*p, "keep");
    if (auto p = child(c, "bypass"))
        k.bypass = asStringList(*p, "bypass");
    if (auto p = childNotNull(c, "min_utilization"))
        k.minUtilization = asDouble(*p, "min_utilization");
    if (auto p = childNotNull(c, "split"))
        k.split = static_cast<std::uint32_t>(asPositive(*p, "split", 1024, true));
    if (auto p = child(c, "no_link_transfer"))
        k.noLinkTransfer = asStringList(*p, "no_link_transfer");
    if (auto p = child(c, "no_reuse"))
        k.noMulticast = asStringList(*p, "no_reuse");
    if (auto p = child(c, "no_temporal_reuse"))
        k.noTemporalReuse = asStringList(*p, "no_temporal_reuse");
    return k;
}

void parseConstraintList(const Ref& r, std::vector<Constraint>& out)
{
    if (isNull(r.node))
        return;
    Ref list = r;
    if (r.node.IsMap()) {
        auto t = childNotNull(r, "targets");
        if (!t)
            return;
        list = *t;
    }
    if (!list.node.IsSequence())
        fail(list.loc(), "constraints: expected a list of targets, got " + scalarText(list.node));
    for (std::size_t i = 0; i < list.node.size(); ++i)
        out.push_back(parseConstraintEntry(list.sub(list.node[i]), ""));
}

void parseComponentConstraints(const Ref& comp, const std::string& target, std::vector<Constraint>& out)
{
    auto c = childNotNull(comp, "constraints");
    if (!c)
        return;
    if (!c->node.IsMap())
        fail(c->loc(), "constraints: expected a map, got " + scalarText(c->node));
    for (const char* kind : {"temporal", "spatial", "dataspace", "datatype", "bypass"}) {
        if (auto e = childNotNull(*c, kind)) {
            Constraint k = parseConstraintEntry(*e, target);
            k.type = kind;
            out.push_back(k);
        }
    }
}

// ------------------------------------------------------------------------------------------
// ERT / ART
// ------------------------------------------------------------------------------------------

struct ErtTable {
    SourceLoc loc;
    std::map<std::string, double> actions;
};

/// Calls `each(table, component)` for every entry of an ERT's or ART's `tables` list, after the
/// checks both share (a list, each entry named); `component` is the name's last part.
template <class Each>
void forEachTable(const Ref& root, const char* what, Each&& each)
{
    auto tables = childNotNull(root, "tables");
    if (!tables)
        fail(root.loc(), std::string(what) + ": missing `tables`");
    if (!tables->node.IsSequence())
        fail(tables->loc(), "tables: expected a list, got " + scalarText(tables->node));
    for (std::size_t i = 0; i < tables->node.size(); ++i) {
        Ref t = tables->sub(tables->node[i]);
        auto n = childNotNull(t, "name");
        if (!n)
            fail(t.loc(), "tables: missing name");
        each(t, tableComponentName(asString(*n, "name")));
    }
}

std::map<std::string, ErtTable> parseErt(const Ref& root)
{
    std::map<std::string, ErtTable> out;
    forEachTable(root, "ERT", [&](const Ref& t, const std::string& comp) {
        ErtTable& tab = out[comp];
        tab.loc = t.loc();
        auto acts = childNotNull(t, "actions");
        if (!acts)
            return;
        if (!acts->node.IsSequence())
            fail(acts->loc(), "actions: expected a list, got " + scalarText(acts->node));
        for (std::size_t j = 0; j < acts->node.size(); ++j) {
            Ref a = acts->sub(acts->node[j]);
            auto an = childNotNull(a, "name");
            if (!an)
                fail(a.loc(), "actions: missing action name");
            const std::string name = asString(*an, "actions.name");
            double e = 0.0;
            if (auto en = childNotNull(a, "energy"))
                e = asDouble(*en, "energy");
            if (!std::isfinite(e) || e < 0)
                fail(a.loc(), "energy: expected a non-negative number");
            auto it = tab.actions.find(name);
            if (it == tab.actions.end())
                tab.actions[name] = std::max(0.0, e);
            else
                it->second = std::max(it->second, e);
        }
    });
    return out;
}

std::map<std::string, std::pair<SourceLoc, double>> parseArt(const Ref& root)
{
    std::map<std::string, std::pair<SourceLoc, double>> out;
    forEachTable(root, "ART", [&](const Ref& t, const std::string& comp) {
        double area = 0.0;
        if (auto a = childNotNull(t, "area"))
            area = asDouble(*a, "area");
        if (!std::isfinite(area) || area < 0)
            fail(t.loc(), "area: expected a non-negative number");
        // Timeloop reads the area as a float.
        out[comp] = {t.loc(), static_cast<double>(static_cast<float>(area))};
    });
    return out;
}

std::optional<double> firstAction(const std::map<std::string, double>& acts, std::initializer_list<const char*> names)
{
    for (const char* n : names) {
        auto it = acts.find(n);
        if (it != acts.end())
            return it->second;
    }
    return std::nullopt;
}

void applyErt(Architecture& arch, const std::map<std::string, ErtTable>& ert, const SourceLoc& ertLoc)
{
    (void)ertLoc;
    for (const char* wire : {"wire", "Wire"}) {
        auto w = ert.find(wire);
        if (w != ert.end())
            for (const auto& [name, energy] : w->second.actions)
                if (energy > 0)
                    fail(w->second.loc, "wire: network (wire) energies are not modelled");
    }
    for (auto& l : arch.levels) {
        auto it = ert.find(l.name);
        if (it == ert.end())
            continue;
        const ErtTable& t = it->second;
        l.hasErt = true;
        l.ertLoc = t.loc;
        l.ertActions = t.actions;
        auto rd = firstAction(t.actions, {"random_read", "read"});
        auto fl = firstAction(t.actions, {"random_fill", "random_write", "fill", "write"});
        auto up = firstAction(t.actions, {"random_update", "random_write", "update", "write"});
        if (!rd)
            fail(t.loc, "no \"read\" action for level " + quoted(l.name));
        if (!fl)
            fail(t.loc, "no \"write\" action for level " + quoted(l.name));
        if (!up)
            fail(t.loc, "no \"update\" action for level " + quoted(l.name));
        l.readEnergy = *rd;
        l.fillEnergy = *fl;
        l.updateEnergy = *up;
        l.leakEnergy = firstAction(t.actions, {"leak"}).value_or(0.0);
    }
    auto it = ert.find(arch.arithmetic.name);
    if (it != ert.end()) {
        auto c = firstAction(it->second.actions, {"mac_random", "mult_random", "mac", "mult", "compute"});
        if (!c)
            fail(it->second.loc, "no \"compute\" action for level " + quoted(arch.arithmetic.name));
        arch.arithmetic.hasErt = true;
        arch.arithmetic.ertLoc = it->second.loc;
        arch.arithmetic.computeEnergy = *c;
    }
}

void applyArt(Architecture& arch, const std::map<std::string, std::pair<SourceLoc, double>>& art)
{
    for (auto& l : arch.levels) {
        auto it = art.find(l.name);
        if (it != art.end()) {
            l.hasArea = true;
            l.area = it->second.second;
        }
    }
    auto it = art.find(arch.arithmetic.name);
    if (it != art.end()) {
        arch.arithmetic.hasArea = true;
        arch.arithmetic.area = it->second.second;
    }
}

void parseEnv(const Ref& globals, EnvOptions& env)
{
    auto vars = childNotNull(globals, "environment_variables");
    if (!vars || !vars->node.IsMap())
        return;
    for (auto it = vars->node.begin(); it != vars->node.end(); ++it) {
        if (!it->first.IsScalar() || !it->second.IsScalar())
            continue;
        const std::string k = it->first.Scalar();
        const bool on = it->second.Scalar() != "0";
        if (k == "TIMELOOP_DISABLE_LINK_TRANSFERS")
            env.linkTransfers = !on;
        else if (k == "TIMELOOP_ENABLE_FIRST_READ_ELISION")
            env.firstReadElision = on;
        else if (k == "TIMELOOP_ENABLE_UPDATED_RMW")
            env.updatedRmw = on;
        else if (k == "TIMELOOP_USE_ISL")
            env.useIsl = on;
        else if (k == "TIMELOOP_DISABLE_TEMPORAL_EXTRAPOLATION")
            env.temporalExtrapolation = !on;
        else if (k == "TIMELOOP_DISABLE_SPATIAL_EXTRAPOLATION")
            env.spatialExtrapolation = !on;
    }
}

/// yaml-cpp 0.7 loops, allocating without bound, on a document whose first token is a ','
/// (found by fuzzing): refuse such texts before parsing.
void guardYamlCppBugs(const YamlSource& src)
{
    if (src.second.size() > (std::size_t{64} << 20))
        fail(SourceLoc{src.first, 0}, "YAML: text too large (more than 64 MiB)");
    bool atDocumentStart = true;
    int lineNo = 0;
    std::size_t pos = 0;
    const std::string& t = src.second;
    while (pos <= t.size()) {
        std::size_t end = t.find('\n', pos);
        if (end == std::string::npos)
            end = t.size();
        ++lineNo;
        std::string_view line(t.data() + pos, end - pos);
        if (line.substr(0, 3) == "---" || line.substr(0, 3) == "...") {
            atDocumentStart = true;
            line.remove_prefix(3);
        } else if (atDocumentStart && !line.empty() && line[0] == '%') {
            line = {};
        }
        const std::size_t first = line.find_first_not_of(" \t\r\xEF\xBB\xBF");
        if (first != std::string_view::npos && line[first] != '#') {
            if (atDocumentStart && line[first] == ',')
                fail(SourceLoc{src.first, lineNo}, "YAML: a document cannot start with ','");
            atDocumentStart = false;
        }
        pos = end + 1;
    }
}

std::vector<YAML::Node> loadAll(const YamlSource& src)
{
    guardYamlCppBugs(src);
    try {
        return YAML::LoadAll(src.second);
    } catch (const YAML::Exception& e) {
        SourceLoc loc{src.first, e.mark.line >= 0 ? e.mark.line + 1 : 0};
        fail(loc, "YAML: " + e.msg);
    } catch (const std::bad_alloc&) {
        fail(SourceLoc{src.first, 0}, "YAML: the parser ran out of memory on this text");
    }
}

struct Collected {
    std::optional<Ref> arch, problem, mapping, ert, art, globals, sparse;
    std::vector<Ref> constraintLists;
};

void collect(const YamlSource& src, Collected& c)
{
    for (const YAML::Node& doc : loadAll(src)) {
        Ref r{src.first, doc};
        if (isNull(doc))
            continue;
        if (!doc.IsMap()) {
            if (doc.IsSequence()) {
                c.mapping = r;  // a bare mapping list
                continue;
            }
            fail(r.loc(), "expected top-level keys (architecture, problem, mapping, ERT, ART...), got " +
                              scalarText(doc));
        }
        for (auto it = doc.begin(); it != doc.end(); ++it) {
            if (!it->first.IsScalar())
                continue;
            const std::string key = normKey(it->first.Scalar());
            Ref v = r.sub(it->second);
            if (key == "architecture")
                c.arch = v;
            else if (key == "problem")
                c.problem = v;
            else if (key == "mapping") {
                // An empty mapping (a mapper case's `mapping: []`) does not replace one given in
                // another file, whatever their order (a folder's files are read by name).
                const auto empty = [](const Ref& m) { return isNull(m.node) || (m.node.IsSequence() && m.node.size() == 0); };
                if (!c.mapping || !empty(v) || empty(*c.mapping))
                    c.mapping = v;
            }
            else if (key == "ERT")
                c.ert = v;
            else if (key == "ART")
                c.art = v;
            else if (key == "globals")
                c.globals = v;
            else if (key == "sparse_optimizations")
                c.sparse = v;
            else if (key == "architecture_constraints" || key == "mapspace_constraints" || key == "constraints")
                c.constraintLists.push_back(v);
            else if (key == "mapspace") {
                if (auto k = childNotNull(v, "constraints"))
                    c.constraintLists.push_back(*k);
            }
        }
    }
}

Spec buildSpec(const Collected& c)
{
    Spec s;
    try {
        if (c.arch) {
            s.architecture = parseArchitecture(*c.arch, s.constraints.targets);
            s.hasArchitecture = true;
            s.architectureLoc = c.arch->loc();
        }
        if (c.problem) {
            s.problem = parseProblem(*c.problem);
            s.hasProblem = true;
            s.problemLoc = c.problem->loc();
        }
        if (c.ert) {
            if (!s.hasArchitecture)
                fail(c.ert->loc(), "ERT: given without an architecture");
            applyErt(s.architecture, parseErt(*c.ert), c.ert->loc());
            s.hasErt = true;
            s.ertLoc = c.ert->loc();
        }
        if (c.art) {
            if (!s.hasArchitecture)
                fail(c.art->loc(), "ART: given without an architecture");
            applyArt(s.architecture, parseArt(*c.art));
            s.hasArt = true;
            s.artLoc = c.art->loc();
        }
        if (c.mapping) {
            if (!s.hasArchitecture || !s.hasProblem)
                fail(c.mapping->loc(), "mapping: needs an architecture and a problem");
            s.mapping = parseMapping(*c.mapping, s.architecture, s.problem);
            s.hasMapping = true;
            s.mappingLoc = c.mapping->loc();
        }
        for (const auto& l : c.constraintLists)
            parseConstraintList(l, s.constraints.targets);
        if (c.globals)
            parseEnv(*c.globals, s.env);
        if (c.sparse && !isNull(c.sparse->node)) {
            auto t = childNotNull(*c.sparse, "targets");
            if (t && t->node.IsSequence() && t->node.size() > 0) {
                s.sparseOptimizations = true;
                s.sparseOptimizationsLoc = t->loc();
            }
        }
    } catch (const YAML::Exception& e) {
        throw InputError(oneLine(std::string("YAML: ") + e.what()));
    }
    return s;
}

// ------------------------------------------------------------------------------------------
// Writers
// ------------------------------------------------------------------------------------------

std::string fmtDouble(double v)
{
    std::ostringstream os;
    os.precision(17);
    os << v;
    return os.str();
}

std::string factorText(const Problem& p, const std::vector<std::uint64_t>& f)
{
    std::string s;
    for (std::size_t d = 0; d < p.dimensions.size(); ++d) {
        if (!s.empty())
            s += ' ';
        s += p.dimensions[d] + "=" + std::to_string(d < f.size() ? f[d] : 1);
    }
    return s;
}

std::string permText(const Problem& p, const std::vector<int>& perm)
{
    std::string s;
    std::vector<bool> used(p.dimensions.size(), false);
    for (int d : perm) {
        if (d >= 0 && static_cast<std::size_t>(d) < p.dimensions.size() && !used[static_cast<std::size_t>(d)]) {
            s += p.dimensions[static_cast<std::size_t>(d)];
            used[static_cast<std::size_t>(d)] = true;
        }
    }
    for (std::size_t d = 0; d < p.dimensions.size(); ++d)
        if (!used[d])
            s += p.dimensions[d];
    return s;
}

} // namespace

Spec readSpecTexts(const std::vector<YamlSource>& sources)
{
    Collected c;
    for (const auto& src : sources) {
        try {
            collect(src, c);
        } catch (const YAML::Exception& e) {
            throw InputError(oneLine(src.first + ": YAML: " + e.what()));
        }
    }
    return buildSpec(c);
}

Spec readSpecFiles(const std::vector<std::string>& paths)
{
    std::vector<YamlSource> sources;
    for (const auto& p : paths) {
        std::ifstream in(p, std::ios::binary);
        if (!in)
            throw InputError(p + ": cannot open file");
        std::ostringstream ss;
        ss << in.rdbuf();
        std::string name = p;
        const auto slash = name.find_last_of('/');
        if (slash != std::string::npos)
            name = name.substr(slash + 1);
        sources.emplace_back(name, ss.str());
    }
    return readSpecTexts(sources);
}

Mapping readMapping(const YamlSource& source, const Architecture& arch, const Problem& problem)
{
    Collected c;
    try {
        collect(source, c);
    } catch (const YAML::Exception& e) {
        throw InputError(oneLine(source.first + ": YAML: " + e.what()));
    }
    if (!c.mapping)
        throw InputError(source.first + ": no `mapping` found");
    try {
        return parseMapping(*c.mapping, arch, problem);
    } catch (const YAML::Exception& e) {
        throw InputError(oneLine(source.first + ": YAML: " + e.what()));
    }
}

std::string writeMappingYaml(const Architecture& arch, const Problem& problem, const Mapping& mapping)
{
    std::ostringstream os;
    os << "mapping:\n";
    for (std::size_t l = 0; l < arch.levels.size() && l < mapping.levels.size(); ++l) {
        const auto& lm = mapping.levels[l];
        const std::string& name = arch.levels[l].name;
        std::string keep, bypass;
        for (std::size_t d = 0; d < problem.dataSpaces.size() && d < lm.keep.size(); ++d) {
            const bool kept = lm.keep[d] == 1 || (lm.keep[d] == -1 && !arch.levels[l].dummy);
            std::string& target = kept ? keep : bypass;
            target += (target.empty() ? "" : ", ") + problem.dataSpaces[d].name;
        }
        os << "- target: " << name << "\n  type: datatype\n  keep: [" << keep << "]\n  bypass: [" << bypass << "]\n";
        os << "- target: " << name << "\n  type: temporal\n  factors: " << factorText(problem, lm.temporalFactors)
           << "\n  permutation: " << permText(problem, lm.temporalPermutation) << "\n";
        if (lm.hasSpatial) {
            os << "- target: " << name << "\n  type: spatial\n  factors: " << factorText(problem, lm.spatialFactors)
               << "\n  permutation: " << permText(problem, lm.spatialPermutation) << "\n";
            if (lm.split)
                os << "  split: " << *lm.split << "\n";
        }
    }
    return os.str();
}

std::string writeSpecYaml(const Spec& spec)
{
    std::ostringstream os;
    const Architecture& a = spec.architecture;
    const Problem& p = spec.problem;
    auto levelName = [](const std::string& n, std::uint64_t inst) {
        return "\"" + n + "[1.." + std::to_string(inst) + "]\"";
    };
    os << "architecture:\n  version: '0.4'\n  subtree:\n  - name: system\n    local:\n";
    for (const auto& l : a.levels) {
        os << "    - name: " << levelName(l.name, l.instances) << "\n      class: "
           << (l.className.empty() ? (l.isDram ? "DRAM" : "SRAM") : l.className) << "\n      attributes:\n";
        os << "        instances: " << l.instances << "\n        meshX: " << l.meshX << "\n        meshY: " << l.meshY
           << "\n        datawidth: " << l.wordBits << "\n        block_size: " << l.blockSize
           << "\n        cluster_size: " << l.clusterSize << "\n";
        if (l.hasSize)
            os << "        entries: " << l.size << "\n";
        if (l.readBandwidth)
            os << "        read_bandwidth: " << fmtDouble(*l.readBandwidth) << "\n";
        if (l.writeBandwidth)
            os << "        write_bandwidth: " << fmtDouble(*l.writeBandwidth) << "\n";
        if (l.sharedBandwidth)
            os << "        shared_bandwidth: " << fmtDouble(*l.sharedBandwidth) << "\n";
        os << "        multiple_buffering: " << fmtDouble(l.multipleBuffering) << "\n";
        if (l.allowOverbooking)
            os << "        allow_overbooking: true\n";
        if (l.minUtilization != 0.0)
            os << "        min_utilization: " << fmtDouble(l.minUtilization) << "\n";
        if (l.addrGenEnergy)
            os << "        addr_gen_energy: " << fmtDouble(*l.addrGenEnergy) << "\n";
        if (l.isDram && l.className.find("DRAM") == std::string::npos)
            os << "        technology: DRAM\n";
    }
    const auto& ar = a.arithmetic;
    os << "    - name: " << levelName(ar.name, ar.instances) << "\n      class: "
       << (ar.className.empty() ? "intmac" : ar.className) << "\n      attributes:\n        instances: " << ar.instances
       << "\n        meshX: " << ar.meshX << "\n        meshY: " << ar.meshY << "\n        datawidth: " << ar.wordBits
       << "\n";
    os << "problem:\n  version: '0.4'\n  shape:\n    name: " << (p.name.empty() ? "problem" : p.name)
       << "\n    dimensions: [";
    for (std::size_t d = 0; d < p.dimensions.size(); ++d)
        os << (d ? ", " : "") << p.dimensions[d];
    os << "]\n    coefficients:\n";
    for (std::size_t c = 0; c < p.coefficientNames.size(); ++c)
        os << "    - {name: " << p.coefficientNames[c] << ", default: 1}\n";
    os << "    data_spaces:\n";
    for (const auto& ds : p.dataSpaces) {
        os << "    - name: " << ds.name << "\n      read_write: " << (ds.readWrite ? "true" : "false")
           << "\n      projection:\n";
        for (const auto& rank : ds.projection) {
            os << "      - [";
            for (std::size_t t = 0; t < rank.size(); ++t) {
                os << (t ? ", " : "") << "[" << p.dimensions[static_cast<std::size_t>(rank[t].dim)];
                if (rank[t].coefficient >= 0)
                    os << ", " << p.coefficientNames[static_cast<std::size_t>(rank[t].coefficient)];
                os << "]";
            }
            os << "]\n";
        }
    }
    os << "  instance:\n";
    for (std::size_t d = 0; d < p.dimensions.size(); ++d)
        os << "    " << p.dimensions[d] << ": " << p.bounds[d] << "\n";
    for (std::size_t c = 0; c < p.coefficientNames.size(); ++c)
        os << "    " << p.coefficientNames[c] << ": " << p.coefficientValues[c] << "\n";
    if (spec.hasMapping)
        os << writeMappingYaml(a, p, spec.mapping);
    os << "ERT:\n  version: '0.4'\n  tables:\n";
    for (const auto& l : a.levels) {
        if (!l.hasErt)
            continue;
        os << "  - name: " << levelName("system." + l.name, l.instances) << "\n    actions:\n";
        os << "    - {name: read, energy: " << fmtDouble(l.readEnergy) << "}\n";
        os << "    - {name: fill, energy: " << fmtDouble(l.fillEnergy) << "}\n";
        os << "    - {name: update, energy: " << fmtDouble(l.updateEnergy) << "}\n";
        os << "    - {name: leak, energy: " << fmtDouble(l.leakEnergy) << "}\n";
    }
    if (ar.hasErt)
        os << "  - name: " << levelName("system." + ar.name, ar.instances) << "\n    actions:\n    - {name: compute, energy: "
           << fmtDouble(ar.computeEnergy) << "}\n";
    os << "ART:\n  version: '0.4'\n  tables:\n";
    for (const auto& l : a.levels)
        if (l.hasArea)
            os << "  - {name: " << levelName("system." + l.name, l.instances) << ", area: " << fmtDouble(l.area) << "}\n";
    if (ar.hasArea)
        os << "  - {name: " << levelName("system." + ar.name, ar.instances) << ", area: " << fmtDouble(ar.area) << "}\n";
    return os.str();
}

} // namespace mapscape::loopnest
