// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/neurospector_cfg.h"

#include "core/io/file_util.h"
#include "core/io/input_limits.h"
#include "core/util/strings.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <unordered_set>

namespace mapscape {

namespace {

struct Entry {
    std::string key;   // lower-case
    std::string rawKey; // as written (spaces removed)
    std::string value; // spaces removed, original case kept (we lower-case where NeuroSpector does)
    int line = 0;
};

struct Section {
    std::string name; // as written
    int line = 0;
    std::vector<Entry> entries;

    const Entry* find(std::string_view key) const
    {
        for (const Entry& e : entries) // first occurrence wins, as in NeuroSpector
            if (e.key == key)
                return &e;
        return nullptr;
    }
};

struct CfgFile {
    std::string source;
    std::vector<Section> sections;

    const Section* find(std::string_view name) const
    {
        for (const Section& s : sections)
            if (iequals(s.name, name))
                return &s;
        return nullptr;
    }
    [[noreturn]] void fail(int line, const std::string& where, const std::string& msg) const
    {
        throw InputError(source + ":" + std::to_string(line) + ": " + where + ": " + msg);
    }
};

CfgFile parseCfg(std::string_view text, const std::string& source)
{
    io::checkTextLines(text, source);
    CfgFile f{source, {}};
    std::istringstream in{std::string(text)};
    std::string raw;
    int line = 0;
    while (std::getline(in, raw)) {
        ++line;
        std::string s;
        for (char c : raw)
            if (c != ' ' && c != '\r')
                s += c;
        if (s.empty() || s[0] == '#')
            continue;
        if (s[0] == '[') {
            if (s.back() != ']')
                f.fail(line, "section header", "missing ']' in \"" + s + "\"");
            f.sections.push_back({s.substr(1, s.size() - 2), line, {}});
            continue;
        }
        const auto eq = s.find('=');
        if (eq == std::string::npos)
            f.fail(line, "line", "expected KEY=VALUE or [SECTION], got \"" + quoteBrief(s) + "\"");
        if (f.sections.empty())
            f.fail(line, s.substr(0, eq), "key outside of any [SECTION]");
        f.sections.back().entries.push_back({toLower(s.substr(0, eq)), s.substr(0, eq), s.substr(eq + 1), line});
        io::checkElementCount(f.sections.back().entries.size(), source, "entries in [" + f.sections.back().name + "]");
    }
    return f;
}

std::string where(const Section& s, const Entry& e) { return s.name + "." + toUpper(e.key); }

double realOf(const CfgFile& f, const Section& s, const Entry& e, std::string_view text)
{
    auto v = parseReal(text);
    if (!v)
        f.fail(e.line, where(s, e), "expected a number, got \"" + std::string(text) + "\"");
    return *v;
}

std::int64_t intOf(const CfgFile& f, const Section& s, const Entry& e, std::string_view text)
{
    auto v = parseInt(text);
    if (!v)
        f.fail(e.line, where(s, e), "expected an integer, got \"" + std::string(text) + "\"");
    return *v;
}

std::array<double, 3> perType(const CfgFile& f, const Section& s, const char* key, double absent)
{
    const Entry* e = s.find(key);
    if (!e)
        return {absent, absent, absent};
    const std::vector<std::string> parts = split(e->value, ',');
    if (parts.empty() || parts.size() > 3)
        f.fail(e->line, where(s, *e), "expected 1 to 3 comma-separated values (input, weight, output)");
    std::array<double, 3> v{0, 0, 0}; // NeuroSpector leaves unlisted types at 0
    for (std::size_t i = 0; i < parts.size(); ++i)
        v[i] = realOf(f, s, *e, parts[i]);
    return v;
}

DimMask dimMaskOf(const CfgFile& f, const Section& s, const Entry& e)
{
    DimMask m = 0;
    for (const std::string& w : split(e.value, ',')) {
        auto d = parseDim(w);
        if (!d)
            f.fail(e.line, where(s, e), "unknown dimension \"" + w + "\" (expected K,B,P,Q,C,R,S,G)");
        m |= dimBit(*d);
    }
    return m;
}

/// Field name of validateAccelerator → (section, key) in the cfg, for error lines.
std::pair<std::string, std::string> cfgFieldOf(const std::string& field)
{
    const std::string comp = field.substr(0, field.find('.'));
    std::string rest = field.find('.') == std::string::npos ? std::string() : field.substr(field.find('.') + 1);
    rest = rest.substr(0, rest.find_first_of(".["));
    static const std::map<std::string, std::string> kKeys{
        {"size_bytes", "buffer_size"},        {"bandwidth_bits", "bandwidth"},   {"access_energy_pj", "unit_access_energy"},
        {"static_power_mw", "unit_static_power"}, {"unit_cycle", "unit_cycle"}, {"dataflow", "dataflow"},
        {"bypass", "bypass"},                 {"size_x", "size_x"},             {"size_y", "size_y"},
        {"precision_bits", "precision"},      {"frequency_mhz", "frequency"},   {"mac_energy_pj", "unit_mac_energy"},
        {"mac_static_mw", "unit_mac_static"}};
    if (auto c = parseComponent(comp))
        return {std::string(componentSection(*c)), kKeys.count(rest) ? kKeys.at(rest) : rest};
    return {"ACCELERATOR", kKeys.count(comp) ? kKeys.at(comp) : comp};
}

} // namespace

Accelerator acceleratorFromNeuroSpectorCfg(std::string_view text, const std::string& source)
{
    const CfgFile f = parseCfg(text, source);
    Accelerator acc;
    const Section* top = f.find("ACCELERATOR");
    if (!top)
        f.fail(1, "[ACCELERATOR]", "section is missing");
    if (const Entry* e = top->find("name"))
        acc.name = e->value;
    if (const Entry* e = top->find("precision")) {
        std::string digits;
        for (char c : e->value)
            if (c >= '0' && c <= '9')
                digits += c;
        if (digits.empty() || digits.size() > 3)
            f.fail(e->line, where(*top, *e), "expected a bit width such as INT16, got \"" + e->value + "\"");
        acc.precisionBits = int(*parseInt(digits));
    }
    acc.frequencyMhz = 0;
    if (const Entry* e = top->find("frequency"))
        acc.frequencyMhz = double(intOf(f, *top, *e, e->value));
    acc.macEnergyPj = 1.0;
    if (const Entry* e = top->find("unit_mac_energy"))
        acc.macEnergyPj = realOf(f, *top, *e, e->value);
    if (const Entry* e = top->find("unit_mac_static"))
        acc.macStaticMw = realOf(f, *top, *e, e->value);

    for (Component c : kAllComponents) {
        const Section* s = f.find(componentSection(c));
        if (!s)
            continue;
        if (isSpatial(c)) {
            ArraySpec& a = acc.array(c);
            a.present = true;
            if (const Entry* e = s->find("size_x"))
                a.sizeX = intOf(f, *s, *e, e->value);
            if (const Entry* e = s->find("size_y"))
                a.sizeY = intOf(f, *s, *e, e->value);
            if (const Entry* e = s->find("constraint_x"))
                a.allowedX = dimMaskOf(f, *s, *e);
            if (const Entry* e = s->find("constraint_y"))
                a.allowedY = dimMaskOf(f, *s, *e);
            continue;
        }
        BufferSpec& b = acc.buffer(c);
        b.present = true;
        const Entry* size = s->find("size") ? s->find("size") : s->find("buffer_size");
        if (c != Component::Dram) {
            if (!size)
                f.fail(s->line, s->name, "BUFFER_SIZE is missing");
            for (const std::string& p : split(size->value, ','))
                b.sizeBytes.push_back(intOf(f, *s, *size, p));
        }
        if (const Entry* e = s->find("dataflow")) {
            auto df = parseDataflow(e->value);
            b.dataflow = df.value_or(Dataflow::None); // anything else means "no dataflow"
        }
        const Entry* bw = s->find("bandwidth");
        if (!bw)
            f.fail(s->line, s->name, "BANDWIDTH is missing (bits per access)");
        b.bandwidthBits = realOf(f, *s, *bw, bw->value);
        b.accessEnergyPj = perType(f, *s, "unit_access_energy", 0);
        b.staticPowerMw = perType(f, *s, "unit_static_power", 0);
        b.unitCycle = perType(f, *s, "unit_cycle", 0);
        if (const Entry* e = s->find("bypass")) {
            for (const std::string& w : split(e->value, ',')) {
                auto t = parseDataType(w);
                if (!t)
                    f.fail(e->line, where(*s, *e), "unknown data type \"" + w + "\" (expected input, weight, output)");
                b.bypass[std::size_t(idx(*t))] = true;
            }
        }
        if (const Entry* e = s->find("constraint")) {
            const std::vector<std::string> parts = split(e->value, ',');
            if (parts.size() != 8)
                f.fail(e->line, where(*s, *e), "expected 8 values (K,B,P,Q,C,R,S,G)");
            for (int d = 0; d < kNumDims; ++d) {
                const std::int64_t v = intOf(f, *s, *e, parts[std::size_t(d)]);
                if (v < 0)
                    f.fail(e->line, where(*s, *e), "constraint factors must not be negative");
                b.constraint[std::size_t(d)] = std::uint64_t(v);
            }
        }
    }
    if (!acc.dram.present)
        f.fail(1, "[DRAM]", "section is missing");
    if (FieldIssues issues = validateAccelerator(acc); !issues.empty()) {
        const auto [section, key] = cfgFieldOf(issues[0].field);
        int line = 1;
        if (const Section* s = f.find(section)) {
            line = s->line;
            if (const Entry* e = s->find(key); e || (key == "buffer_size" && (e = s->find("size"))))
                line = e->line;
        }
        f.fail(line, section + "." + toUpper(key), issues[0].message);
    }
    return acc;
}

Network networkFromNeuroSpectorCfg(std::string_view text, const std::string& source)
{
    const CfgFile f = parseCfg(text, source);
    Network net;
    if (const Section* s = f.find("NETWORK"); s && s->find("name"))
        net.name = s->find("name")->value;
    const Section* layers = f.find("LAYERS");
    if (!layers)
        f.fail(1, "[LAYERS]", "section is missing");
    std::unordered_set<std::string> names; // duplicate check in linear time
    for (const Entry& e : layers->entries) {
        const std::vector<std::string> v = split(e.value, ',');
        Layer l;
        // Keep the name's case for display; matching is case-insensitive everywhere.
        const std::string name = e.rawKey;
        l.name = name;
        if (v.size() != 9)
            f.fail(e.line, "LAYERS." + name, "expected 9 values K,B,P,Q,C,R,S,G,stride, got " + std::to_string(v.size()));
        for (int d = 0; d < kNumDims; ++d)
            l.setDim(Dim(d), intOf(f, *layers, e, v[std::size_t(d)]));
        l.stride = intOf(f, *layers, e, v[8]);
        if (FieldIssues issues = validateLayer(l); !issues.empty())
            f.fail(e.line, "LAYERS." + name + "." + issues[0].field, issues[0].message);
        if (!names.insert(toLower(l.name)).second)
            f.fail(e.line, "LAYERS." + name, "duplicate layer name");
        net.layers.push_back(std::move(l));
    }
    if (net.layers.empty())
        f.fail(layers->line, "[LAYERS]", "no layers");
    return net;
}

NeuroSpectorTable tableFromNeuroSpectorCfg(std::string_view text, const std::string& source, const Accelerator& acc)
{
    const CfgFile f = parseCfg(text, source);
    NeuroSpectorTable t;
    const Section* layer = f.find("LAYER");
    if (!layer)
        f.fail(1, "[LAYER]", "section is missing");
    const Entry* name = layer->find("layer_name") ? layer->find("layer_name") : layer->find("name");
    if (!name)
        f.fail(layer->line, "LAYER.LAYER_NAME", "is missing");
    t.layerName = name->value;
    const Section* table = f.find("SCHEDULING_TABLE");
    if (!table)
        f.fail(1, "[SCHEDULING_TABLE]", "section is missing");
    std::array<bool, kNumRows> seen{};
    for (const Entry& e : table->entries) {
        auto row = parseRowName(e.key, &acc);
        if (!row)
            f.fail(e.line, "SCHEDULING_TABLE." + toUpper(e.key), "unknown table row");
        const std::vector<std::string> v = split(e.value, ',');
        if (v.size() != 8)
            f.fail(e.line, "SCHEDULING_TABLE." + toUpper(e.key), "expected 8 factors K,B,P,Q,C,R,S,G");
        DimVector factors;
        for (int d = 0; d < kNumDims; ++d) {
            const std::int64_t x = intOf(f, *table, e, v[std::size_t(d)]);
            if (x < 1)
                f.fail(e.line, "SCHEDULING_TABLE." + toUpper(e.key) + "." + std::string(dimName(Dim(d))),
                       "factors must be positive, got " + std::to_string(x));
            factors[std::size_t(d)] = std::uint64_t(x);
        }
        // A bare array name covers every unit row of that array.
        const bool bare = isSpatialRow(*row) && e.key.find('(') == std::string::npos;
        for (int r = 0; r < kNumRows; ++r) {
            const Row rr = rowAt(r);
            const bool match = bare ? (rowComponent(rr) == rowComponent(*row) && rowStatus(acc, rr) == RowStatus::Unit) || rr == *row
                                    : rr == *row;
            if (match) {
                t.table.row(rr) = factors;
                seen[std::size_t(r)] = true;
            }
        }
    }
    for (int r = 0; r < kNumRows; ++r) {
        const Row row = rowAt(r);
        const RowStatus status = rowStatus(acc, row);
        // NeuroSpector treats absent and size-1 (unit) components as virtual rows: a table may
        // leave them out (they are filled with ones), and if it lists them, every factor is 1.
        if (!seen[std::size_t(r)] && status == RowStatus::Real && row != Row::Reg)
            f.fail(table->line, "SCHEDULING_TABLE", "row " + rowName(acc, row) + " is missing");
        if (seen[std::size_t(r)] && status != RowStatus::Real) {
            for (int d = 0; d < kNumDims; ++d) {
                if (t.table.at(row, Dim(d)) != 1)
                    f.fail(table->line, "SCHEDULING_TABLE." + rowName(acc, row) + "." + std::string(dimName(Dim(d))),
                           "a " + std::string(status == RowStatus::Unit ? "size-1" : "virtual") +
                               " row takes no factor but 1, got " + std::to_string(t.table.at(row, Dim(d))));
            }
        }
    }
    return t;
}

namespace {

/// A layer name as a cfg key or value: NeuroSpector's cfg files drop blanks, split at '=' and ',',
/// take a line starting with '#' as a comment and one starting with '[' as a section, so a name
/// holding any of those (or a control character) cannot be carried: refused, naming it.
std::string cfgName(const std::string& name, const std::string& what)
{
    if (name.empty())
        throw InputError(what + ": an empty name cannot be written to a NeuroSpector cfg file");
    if (const auto c = unsafeNameCharacter(name))
        throw InputError(what + " \"" + printableLine(name) + "\": contains " + *c +
                         ", which a NeuroSpector cfg file cannot carry");
    const auto bad = name.find_first_of(" \t=,#[];");
    if (bad != std::string::npos)
        throw InputError(what + " \"" + name + "\": NeuroSpector's cfg format cannot carry '" + name[bad] +
                         "' in a name (blanks, '=', ',', '#', '[', ']' and ';' are its syntax); rename it");
    return name;
}

/// An accelerator's or network's name as the label NeuroSpector's NAME= line holds: a label,
/// not a key, so the characters its syntax takes (blanks, '=', ',', '#', '[', ']', ';', control
/// characters) become '_' ("TPU v3" → "TPU_v3") instead of refusing the file.
std::string cfgLabel(const std::string& name)
{
    std::string out;
    for (char c : name)
        out += std::string_view(" \t=,#[];").find(c) != std::string_view::npos || unsafeNameCharacter(std::string_view(&c, 1))
                   ? '_'
                   : c;
    return out;
}

} // namespace

std::string acceleratorToNeuroSpectorCfg(const Accelerator& acc)
{
    std::ostringstream o;
    const auto list3 = [](const std::array<double, 3>& v) {
        return formatReal(v[0]) + "," + formatReal(v[1]) + "," + formatReal(v[2]);
    };
    o << "# Written by Mapscape\n[ACCELERATOR]\nNAME=" << cfgLabel(acc.name.empty() ? "ACCELERATOR" : acc.name)
      << "\nPRECISION=INT" << acc.precisionBits << "\nFREQUENCY=" << formatReal(acc.frequencyMhz)
      << "\nUNIT_MAC_ENERGY=" << formatReal(acc.macEnergyPj) << "\nUNIT_MAC_STATIC=" << formatReal(acc.macStaticMw)
      << "\n";
    for (Component c : kAllComponents) {
        if (!acc.present(c))
            continue;
        o << "\n[" << componentSection(c) << "]\n";
        if (isSpatial(c)) {
            const ArraySpec& a = acc.array(c);
            o << "TYPE=SPATIAL\nSIZE_X=" << a.sizeX << "\nSIZE_Y=" << a.sizeY << "\n";
            for (auto [mask, key] : {std::pair{a.allowedX, "CONSTRAINT_X"}, std::pair{a.allowedY, "CONSTRAINT_Y"}}) {
                if (mask == kAllDimsMask)
                    continue;
                std::string l;
                for (Dim d : kAllDims)
                    if (mask & dimBit(d))
                        l += (l.empty() ? "" : ",") + std::string(dimName(d));
                o << key << "=" << l << "\n";
            }
            continue;
        }
        const BufferSpec& b = acc.buffer(c);
        o << "TYPE=TEMPORAL\n";
        if (b.dataflow != Dataflow::None)
            o << "DATAFLOW=" << dataflowName(b.dataflow) << "\n";
        if (!b.sizeBytes.empty()) {
            o << (c == Component::Dram ? "SIZE=" : "BUFFER_SIZE=");
            for (std::size_t i = 0; i < b.sizeBytes.size(); ++i)
                o << (i ? "," : "") << b.sizeBytes[i];
            o << "\n";
        }
        std::string bypass;
        for (DataType t : kAllDataTypes)
            if (b.bypass[std::size_t(idx(t))])
                bypass += (bypass.empty() ? "" : ",") + toUpper(dataTypeName(t));
        if (!bypass.empty())
            o << "BYPASS=" << bypass << "\n";
        if (b.constraint != DimVector{}) {
            o << "CONSTRAINT=";
            for (int d = 0; d < kNumDims; ++d)
                o << (d ? "," : "") << b.constraint[std::size_t(d)];
            o << "\n";
        }
        o << "UNIT_ACCESS_ENERGY=" << list3(b.accessEnergyPj) << "\nUNIT_STATIC_POWER=" << list3(b.staticPowerMw)
          << "\nUNIT_CYCLE=" << list3(b.unitCycle) << "\nBANDWIDTH=" << formatReal(b.bandwidthBits) << "\n";
    }
    return o.str();
}

std::string networkToNeuroSpectorCfg(const Network& net)
{
    std::ostringstream o;
    o << "# Written by Mapscape\n[NETWORK]\nname=" << cfgLabel(net.name.empty() ? "network" : net.name)
      << "\n\n[LAYERS]\n# LAYER=K,B,P,Q,C,R,S,G,stride\n";
    for (const Layer& l : net.layers) {
        if (!l.plainGeometry())
            throw InputError("layer \"" + l.name + "\": " + l.geometryText() +
                             ": a NeuroSpector network file has one stride per layer and no dilation");
        o << cfgName(l.name, "layer name") << "=" << l.k << "," << l.b << "," << l.p << "," << l.q << "," << l.c << "," << l.r << "," << l.s
          << "," << l.g << "," << l.stride << "\n";
        if (l.repeat != 1)
            o << "# " << l.name << " occurs " << l.repeat << " times in the network\n";
    }
    return o.str();
}

Accelerator withTableDataflows(const Accelerator& acc, const SchedulingTable& table)
{
    Accelerator out = acc;
    for (int r = 0; r < kNumRows; ++r) {
        const Row row = rowAt(r);
        const Dataflow df = table.dataflow[std::size_t(r)];
        const Component c = rowComponent(row);
        if (df != Dataflow::None && !isSpatial(c) && acc.present(c))
            out.buffer(c).dataflow = df;
    }
    return out;
}

std::string dataflowVariantName(const Accelerator& acc)
{
    std::string name = "accelerator";
    for (Component c : kAllComponents) {
        if (isSpatial(c) || !acc.present(c) || acc.buffer(c).dataflow == Dataflow::None)
            continue;
        const std::string section = toLower(std::string(componentSection(c)));
        std::string shortName; // local_buffer -> lb, global_buffer -> gb, register -> reg, dram
        if (c == Component::Register)
            shortName = "reg";
        else if (c == Component::Dram)
            shortName = "dram";
        else
            for (const std::string& w : split(section, '_'))
                shortName += w.empty() ? "" : w.substr(0, 1);
        name += "_" + shortName + "-" + toLower(std::string(dataflowName(acc.buffer(c).dataflow)));
    }
    return name + ".cfg";
}

namespace {

std::string tableBody(const std::string& layerName, const SchedulingTable& table, const Accelerator& acc)
{
    std::ostringstream o;
    o << "[LAYER]\nlayer_name=" << cfgName(layerName, "layer name") << "\n[SCHEDULING_TABLE]\n";
    std::vector<std::string> written;
    for (int r = 0; r < kNumRows; ++r) {
        const Row row = rowAt(r);
        if (rowStatus(acc, row) == RowStatus::Virtual)
            continue;
        const std::string name = rowName(acc, row);
        if (std::find(written.begin(), written.end(), name) != written.end())
            continue;
        written.push_back(name);
        o << name << "=";
        for (int d = 0; d < kNumDims; ++d)
            o << (d ? "," : "") << table.at(row, Dim(d));
        o << "\n";
    }
    return o.str();
}

bool hasOverrides(const SchedulingTable& table)
{
    return std::any_of(table.dataflow.begin(), table.dataflow.end(), [](Dataflow d) { return d != Dataflow::None; });
}

} // namespace

std::string tableToNeuroSpectorCfg(const std::string& layerName, const SchedulingTable& table, const Accelerator& acc)
{
    if (!hasOverrides(table))
        return tableBody(layerName, table, acc);
    const Accelerator variant = withTableDataflows(acc, table);
    return "# This table uses its own dataflows: analyze it with the accelerator file " + dataflowVariantName(variant) +
           "\n" + tableBody(layerName, table, acc);
}

int writeNeuroSpectorFolder(const std::string& dir, const Accelerator& acc, const Network& net, const Mapping& mapping)
{
    // Every file is made first, so that a name no cfg file can carry is refused before anything
    // is written.
    std::vector<std::pair<std::string, std::string>> files{{"accelerator.cfg", acceleratorToNeuroSpectorCfg(acc)},
                                                           {"network.cfg", networkToNeuroSpectorCfg(net)}};
    // NeuroSpector's table format has no dataflows: a table that chose its own is replayed with
    // an accelerator file that configures them, one file per distinct combination.
    std::set<std::string> variants, tableFiles;
    std::ostringstream replay;
    replay << "#!/bin/sh\n# Replays every table of this folder in NeuroSpector's analyzer:\n"
           << "#   sh replay.sh path/to/neurospector\nset -e\nNS=\"${1:-./neurospector}\"\ncd \"$(dirname \"$0\")\"\n";
    int n = 0;
    for (const LayerMapping& lm : mapping.layers) {
        std::string accFile = "accelerator.cfg";
        if (hasOverrides(lm.table)) {
            const Accelerator variant = withTableDataflows(acc, lm.table);
            accFile = dataflowVariantName(variant);
            if (variants.insert(accFile).second)
                files.emplace_back(accFile, acceleratorToNeuroSpectorCfg(variant));
        }
        // A file name made of the layer name (never a path: no '/', no leading '.'), distinct
        // from the other tables' even where two names map to the same characters.
        std::string tableFile = "table_" + fileNamePart(lm.layer) + ".cfg";
        for (int k = 2; tableFiles.count(tableFile); ++k)
            tableFile = "table_" + fileNamePart(lm.layer) + "_" + std::to_string(k) + ".cfg";
        tableFiles.insert(tableFile);
        files.emplace_back(tableFile, tableToNeuroSpectorCfg(lm.layer, lm.table, acc));
        // File names are quoted: the script never runs anything a name holds.
        replay << "\"$NS\" --run_type=analyzer --accelerator=" << shellQuote(accFile)
               << " --network=network.cfg --scheduling_table=" << shellQuote(tableFile) << "\n";
        ++n;
    }
    files.emplace_back("replay.sh", replay.str());
    writeFolderAtomic(dir, files);
    return n;
}

} // namespace mapscape
