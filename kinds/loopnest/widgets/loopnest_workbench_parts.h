// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Helpers shared by the files of LoopnestWorkbench (one file per tab); internal to them.

#include "kinds/loopnest/core/loopnest_model.h"
#include "kinds/loopnest/core/loopnest_study.h"
#include "kinds/loopnest/core/timeloop_spec.h"
#include "core/util/units.h"

#include <QColor>
#include <QHeaderView>
#include <QTableWidget>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mapscape::loopnest_wb {

inline QString qs(const std::string& s) { return QString::fromStdString(s); }

/// A whole number with its digits grouped ("151,875"), as the tabs show counts, and tiles and
/// capacities in words (the Mapping tab's "Inputs:151,875", the Results tab's Tile column).
inline QString wholeText(std::uint64_t v) { return qs(formatInteger(static_cast<long long>(v))); }

/// The tint of a level whose mapping the model refuses.
inline const QColor kRefusedLevel{0xf8, 0xd7, 0xd7};
/// Loops of factor 1 (shown on request) and read-only columns.
inline const QColor kDimmed{0x80, 0x80, 0x80};

/// Rows as tall as a line of text (the tables are long), the last column stretched.
inline void compactRows(QTableWidget* table)
{
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    table->horizontalHeader()->setStretchLastSection(true);
}

/// Columns as wide as their contents, the last one still taking the rest of the width.
inline void fitColumns(QTableWidget* table)
{
    table->resizeColumnsToContents();
    if (table->horizontalHeader()->stretchLastSection()) {
        table->horizontalHeader()->setStretchLastSection(false);
        table->horizontalHeader()->setStretchLastSection(true);
    }
}

/// A level's spatial fan-out to the next inner level (or to the arithmetic units): X, Y.
inline std::pair<std::uint64_t, std::uint64_t> fanout(const loopnest::Architecture& a, int level)
{
    const auto& l = a.levels[std::size_t(level)];
    const bool last = std::size_t(level) + 1 >= a.levels.size();
    const std::uint64_t ix = last ? a.arithmetic.meshX : a.levels[std::size_t(level) + 1].meshX;
    const std::uint64_t iy = last ? a.arithmetic.meshY : a.levels[std::size_t(level) + 1].meshY;
    return {l.meshX ? ix / l.meshX : 1, l.meshY ? iy / l.meshY : 1};
}

/// A permutation completed as the model completes it: the listed dimensions (innermost first),
/// then the others in the problem's order.
inline std::vector<int> fullPermutation(const std::vector<int>& perm, int dims)
{
    std::vector<int> out;
    std::vector<bool> used(std::size_t(dims), false);
    for (int d : perm)
        if (d >= 0 && d < dims && !used[std::size_t(d)]) {
            used[std::size_t(d)] = true;
            out.push_back(d);
        }
    for (int d = 0; d < dims; ++d)
        if (!used[std::size_t(d)])
            out.push_back(d);
    return out;
}

/// A mapping for a spec without one: every dimension's whole bound at the outermost level.
inline loopnest::Mapping trivialMapping(const loopnest::Architecture& a, const loopnest::Problem& p)
{
    loopnest::Mapping m;
    m.levels.resize(a.levels.size());
    for (auto& l : m.levels) {
        l.keep.assign(p.dataSpaces.size(), -1);
        l.temporalFactors.assign(p.dimensions.size(), 1);
        l.spatialFactors.assign(p.dimensions.size(), 1);
    }
    if (!m.levels.empty()) {
        m.levels.front().temporalFactors = p.bounds;
        m.levels.front().hasTemporal = true;
    }
    return m;
}

/// Whether level `level` keeps data space `ds` (Timeloop's default keeps all but dummy levels).
inline bool keeps(const loopnest::Architecture& a, const loopnest::LevelMapping& lm, int level, int ds)
{
    const int k = std::size_t(ds) < lm.keep.size() ? lm.keep[std::size_t(ds)] : -1;
    return k == 1 || (k == -1 && !a.levels[std::size_t(level)].dummy);
}

/// A permutation as Timeloop writes it (innermost first), the listed dimensions only.
inline QString permutationText(const loopnest::Problem& p, const std::vector<int>& perm)
{
    QString s;
    bool single = true;
    for (const std::string& d : p.dimensions)
        single = single && d.size() == 1;
    for (int d : perm)
        if (d >= 0 && std::size_t(d) < p.dimensions.size())
            s += (single || s.isEmpty() ? QString() : QStringLiteral(" ")) + qs(p.dimensions[std::size_t(d)]);
    return s;
}

/// Reads a typed permutation ("MQP", "M Q P", "M,Q,P"): dimension indices, innermost first, or
/// nullopt and `error`.
inline std::optional<std::vector<int>> parsePermutationText(const loopnest::Problem& p, const QString& text,
                                                            QString* error)
{
    QStringList tokens = text.split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts);
    if (tokens.size() == 1 && p.findDimension(tokens.front().toStdString()) < 0) {
        const QString word = tokens.takeFirst();
        for (QChar c : word)
            tokens.push_back(QString(c));
    }
    std::vector<int> out;
    for (const QString& t : tokens) {
        const int d = p.findDimension(t.toStdString());
        if (d < 0) {
            *error = QStringLiteral("unknown dimension \"%1\"; the problem's dimensions are %2")
                         .arg(t, qs(p.dimensionList()));
            return std::nullopt;
        }
        if (std::find(out.begin(), out.end(), d) != out.end()) {
            *error = QStringLiteral("dimension %1 appears twice").arg(t);
            return std::nullopt;
        }
        out.push_back(d);
    }
    return out;
}

/// A data space's projection written out: "Inputs[n][c][r·Wdilation + p·Wstride]".
inline QString projectionText(const loopnest::Problem& p, const loopnest::DataSpaceSpec& ds)
{
    QString s = qs(ds.name);
    for (const auto& rank : ds.projection) {
        QString r;
        for (const loopnest::ProjectionTerm& t : rank) {
            if (!r.isEmpty())
                r += QStringLiteral(" + ");
            r += qs(p.dimensions[std::size_t(t.dim)]).toLower();
            if (t.coefficient >= 0)
                r += QStringLiteral("·") + qs(p.coefficientNames[std::size_t(t.coefficient)]);
        }
        s += QStringLiteral("[") + r + QStringLiteral("]");
    }
    return s;
}

/// A level's name without its instance range ("DRAM" for "DRAM[1..1]").
inline std::string baseLevelName(const std::string& n)
{
    const auto b = n.find('[');
    return b == std::string::npos ? n : n.substr(0, b);
}

/// The component of the architecture tree named `name` (v0.3 subtree / local, v0.4 nodes), or null.
inline nlohmann::ordered_json* findComponent(nlohmann::ordered_json& node, const std::string& name, int depth = 0)
{
    if (depth > 64)
        return nullptr;
    if (node.is_object()) {
        if (const auto it = node.find("name");
            it != node.end() && it->is_string() && node.contains("class") && baseLevelName(it->get<std::string>()) == name)
            return &node;
        for (auto& [key, child] : node.items())
            if (key == "local" || key == "subtree" || key == "nodes")
                if (auto* f = findComponent(child, name, depth + 1))
                    return f;
    } else if (node.is_array()) {
        for (auto& child : node)
            if (auto* f = findComponent(child, name, depth + 1))
                return f;
    }
    return nullptr;
}

/// A typed number as the spec tree holds it: an integer, a real number, or the text itself (the
/// reader then says what it expected).
inline nlohmann::ordered_json typedValue(const QString& text)
{
    const QString t = text.trimmed();
    bool ok = false;
    const qlonglong i = t.toLongLong(&ok);
    if (ok)
        return std::int64_t(i);
    const double d = t.toDouble(&ok);
    if (ok)
        return d;
    return t.toStdString();
}

} // namespace mapscape::loopnest_wb
