// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/timeloop_map.h"

#include "kinds/scheduling/core/scheduling_model.h"
#include "core/util/strings.h"

#include <sstream>

namespace mapscape {

namespace {

/// Timeloop's name of each of our dimensions (G has none).
char timeloopDim(Dim d)
{
    switch (d) {
    case Dim::K:
        return 'K';
    case Dim::B:
        return 'N';
    case Dim::P:
        return 'P';
    case Dim::Q:
        return 'Q';
    case Dim::C:
        return 'C';
    case Dim::R:
        return 'R';
    case Dim::S:
        return 'S';
    case Dim::G:
        break;
    }
    return '?';
}

constexpr Dim kOrder[] = {Dim::R, Dim::S, Dim::P, Dim::Q, Dim::C, Dim::K, Dim::B};

std::string factors(const SchedulingTable& t, Row r)
{
    std::string out;
    for (Dim d : kOrder) {
        if (!out.empty())
            out += ' ';
        out += timeloopDim(d);
        out += '=' + std::to_string(t.at(r, d));
    }
    return out;
}

/// Innermost first: the loops irrelevant to the stationary data type, then the others.
std::string permutation(Dataflow df)
{
    switch (df) {
    case Dataflow::WS:
        return "PQNCRSK";
    case Dataflow::OS:
        return "CRSPQNK";
    case Dataflow::IS:
        return "KCRSPQN";
    case Dataflow::None:
        break;
    }
    return "RSPQCKN";
}

std::string levelName(Component c)
{
    switch (c) {
    case Component::Register:
        return "Register";
    case Component::LocalBuffer:
        return "LocalBuffer";
    case Component::GlobalBuffer:
        return "GlobalBuffer";
    case Component::Dram:
        return "DRAM";
    default:
        return "";
    }
}

} // namespace

std::string tableToTimeloopYaml(const Layer& layer, const SchedulingTable& table, const Accelerator& acc)
{
    if (layer.g > 1)
        throw InputError("layer \"" + layer.name + "\": G = " + std::to_string(layer.g) +
                         " cannot be written for Timeloop (its CNN-layer problem has no group dimension)");
    const SchedulingModel model(acc);
    std::ostringstream y;
    y << "mapping:\n";
    // Outermost level first, as Timeloop's examples list them.
    struct Level {
        Component component;
        Row temporal;
        Row spatialX, spatialY; // the array this level feeds (Reg when none)
    };
    const Level levels[] = {{Component::Dram, Row::Dram, Row::ChipX, Row::ChipY},
                            {Component::GlobalBuffer, Row::Gb, Row::PeX, Row::PeY},
                            {Component::LocalBuffer, Row::Lb, Row::MacX, Row::MacY},
                            {Component::Register, Row::Reg, Row::Reg, Row::Reg}};
    for (const Level& l : levels) {
        if (!acc.present(l.component))
            continue;
        const std::string name = levelName(l.component);
        y << "  - target: " << name << "\n    type: temporal\n    factors: " << factors(table, l.temporal)
          << "\n    permutation: " << permutation(model.effectiveDataflow(table, l.temporal)) << "\n";
        if (l.spatialX != Row::Reg &&
            (model.rowStatus(l.spatialX) != RowStatus::Virtual || model.rowStatus(l.spatialY) != RowStatus::Virtual)) {
            // X dimensions first, then Y; `split` is where the Y dimensions start. Timeloop gives
            // each dimension one axis: a dimension unrolled on both is written once, on X, with
            // the product of both factors (noted in a comment).
            std::string perm, fac, notes;
            int split = 0;
            for (Dim d : kOrder) {
                const std::uint64_t x = table.at(l.spatialX, d), yv = table.at(l.spatialY, d);
                if (x == 1)
                    continue;
                perm += timeloopDim(d);
                fac += std::string(fac.empty() ? "" : " ") + timeloopDim(d) + "=" + std::to_string(x * yv);
                ++split;
                if (yv > 1)
                    notes += std::string("    # ") + timeloopDim(d) + " is unrolled " + std::to_string(x) + "x on X and " +
                             std::to_string(yv) + "x on Y; written once on X\n";
            }
            for (Dim d : kOrder) {
                const std::uint64_t yv = table.at(l.spatialY, d);
                if (yv == 1 || table.at(l.spatialX, d) > 1)
                    continue;
                perm += timeloopDim(d);
                fac += std::string(fac.empty() ? "" : " ") + timeloopDim(d) + "=" + std::to_string(yv);
            }
            for (Dim d : kOrder) { // dimensions not unrolled complete the list with factor 1
                if (perm.find(timeloopDim(d)) == std::string::npos) {
                    perm += timeloopDim(d);
                    fac += std::string(fac.empty() ? "" : " ") + timeloopDim(d) + "=1";
                }
            }
            y << "  - target: " << name << "\n    type: spatial\n" << notes << "    factors: " << fac
              << "\n    permutation: " << perm << "\n    split: " << split << "\n";
        }
        if (l.component != Component::Dram) {
            const BufferSpec& b = acc.buffer(l.component);
            std::string keep, bypass;
            for (DataType t : kAllDataTypes) {
                const std::string n = t == DataType::Input ? "Inputs" : t == DataType::Weight ? "Weights" : "Outputs";
                std::string& list = b.bypass[std::size_t(idx(t))] ? bypass : keep;
                list += (list.empty() ? "" : ", ") + n;
            }
            if (!bypass.empty())
                y << "  - target: " << name << "\n    type: bypass\n    keep: [" << keep << "]\n    bypass: [" << bypass
                  << "]\n";
        }
    }
    return y.str();
}

std::string mappingToTimeloopYaml(const Network& net, const Mapping& mapping, const Accelerator& acc)
{
    std::ostringstream out;
    out << "# Timeloop mappings written by Mapscape for " << printableLine(acc.name) << " / " << printableLine(net.name) << "\n"
        << "# dimensions: R S P Q C K N (N = batch); per-group layers are not representable\n";
    bool first = true;
    for (const Layer& layer : net.layers) {
        const SchedulingTable* t = mapping.find(layer.name);
        if (!t)
            continue;
        out << (first ? "" : "---\n") << "# layer " << printableLine(layer.name) << "\n";
        first = false;
        if (layer.g > 1) {
            out << "# skipped: G = " << layer.g << " (no group dimension in Timeloop's CNN-layer problem)\n";
            continue;
        }
        out << tableToTimeloopYaml(layer, *t, acc);
    }
    return out.str();
}

} // namespace mapscape
