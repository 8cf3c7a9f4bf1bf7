// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Helpers shared by the files of PlacementWorkbench (one file per tab); internal to them.

#include "kinds/placement/core/placement_study.h"
#include "kinds/placement/widgets/placement_workbench.h"
#include "core/io/file_util.h"
#include "core/network/onnx_import.h"
#include "kinds/placement/core/placement_io.h"
#include "core/io/preset_library.h"
#include "core/runner/optimizer_run.h"
#include "core/util/strings.h"
#include "widgets/document/inputs_document.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/placement/widgets/memory_map_view.h"
#include "kinds/placement/widgets/placement_timeline_view.h"
#include "kinds/placement/widgets/placement_curves_view.h"
#include "kinds/placement/widgets/placement_training_view.h"
#include "kinds/placement/widgets/map_embedding_view.h"
#include "widgets/charts/axis_ticks.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/study/view_cells.h"
#include <QComboBox>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <optional>
#include <sstream>

namespace mapscape::placement_wb {

using namespace placement;


inline QString qs(const std::string& s) { return QString::fromStdString(s); }
inline QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

/// Readable label, unit and explanation of each hardware-file member (presets/README.md).
struct ParamText {
    const char* key;
    const char* label;
    const char* unit;
    const char* help;
};
constexpr ParamText kParams[] = {
    {"ice_count", "Inference compute engines", "", "ICEs; each has its own SRAM"},
    {"sram_per_ice_mib", "SRAM per ICE", "MiB", "Deep SRAM of one ICE (the paper: 4 MB)"},
    {"llc_mib", "LLC", "MiB", "last-level cache shared by the ICEs (the paper: 24 MB)"},
    {"dram_gib", "DRAM", "GiB", "never binding for these workloads"},
    {"dram_bandwidth_gbs", "DRAM bandwidth", "GB/s", "LPDDR4x; the paper: LLC ≈ 10×, SRAM ≈ 100× faster"},
    {"llc_bandwidth_gbs", "LLC bandwidth", "GB/s", "aggregate"},
    {"sram_bandwidth_gbs", "SRAM bandwidth", "GB/s", "aggregate over the ICEs"},
    {"mac_rate_tmacs", "MAC throughput", "TMAC/s", "≈ 50 TOPS INT8 (NNP-I 1100)"},
    {"mac_utilisation", "MAC utilisation η", "", "share of the peak that conv / fc / matmul reach"},
    {"vector_rate_gelems", "Vector throughput", "Gelem/s", "ops without MACs (pooling, softmax, add …) on the DSP"},
    {"node_overhead_us", "Overhead per node", "µs", "fixed time T0 every node costs"},
    {"bytes_per_element", "Bytes per element", "B", "1 = INT8, 2 = FP16"},
    {"sram_mode", "SRAM model", "", "replicated: weights copied into every ICE, activations split; sharded: one pooled SRAM"},
    {"sram_reserve", "SRAM reserve", "", "fraction of the SRAM kept free"},
    {"llc_reserve", "LLC reserve", "", "fraction of the LLC kept free"},
    {"compiler_weight_threshold_kib", "Compiler weight threshold θ_w", "KiB",
     "the compiler's map puts smaller weights in the LLC, larger ones in DRAM"},
    {"noise_sigma", "Measurement noise σ", "", "log-normal noise of each measured latency (0.02: hardware-like)"},
    {"channels", "Memory channels", "", "parallel: memory time = max over levels; serial: their sum"},
    {"switch_penalty_us", "Level-switch penalty", "µs", "per edge whose producer and consumer outputs sit in different levels"},
    {"dram_through_llc", "DRAM through the LLC", "", "DRAM traffic also occupies the LLC channel"},
};
constexpr int kParamCount = int(std::size(kParams));
// Reward rows follow the hardware rows.
enum RewardRow { KappaRow = kParamCount, FlatRow, MinusOneRow, HardwareRowCount };

inline QString levelText(int l) { return qs(levelName(placement::Level(l))); }

// Numbers as every tab of the kind shows them: sizes in B / KiB / MiB / GiB and times in
// ns … s (formatQuantity), whatever unit a file or a field holds them in.

inline QString bytesText(double bytes) { return quantityText(bytes, QStringLiteral("B")); }
inline QString secondsText(double seconds) { return quantityText(seconds, QStringLiteral("s")); }

/// A unit a value can be typed in, its size in its family's base unit (B, s, or none: a count).
struct UnitScale {
    const char* unit;
    double factor;
    const char* base;
};
inline constexpr UnitScale kUnitScales[] = {
    {"B", 1, "B"},     {"KiB", 1024.0, "B"}, {"MiB", 1024.0 * 1024, "B"}, {"GiB", 1024.0 * 1024 * 1024, "B"},
    {"ns", 1e-9, "s"}, {"µs", 1e-6, "s"},    {"us", 1e-6, "s"},            {"ms", 1e-3, "s"},
    {"s", 1, "s"},     {"", 1, ""},          {"k", 1e3, ""},               {"M", 1e6, ""},
    {"G", 1e9, ""}};
inline const UnitScale* unitScale(const QString& unit)
{
    for (const UnitScale& u : kUnitScales)
        if (unit == QString::fromUtf8(u.unit))
            return &u;
    return nullptr;
}

/// A value held in `unit` as the tables show it: a size, a time or a plain number in engineering
/// units ("24 MiB", "128 KiB", "2 µs", "0.02"), any other value with four significant digits and
/// its unit ("67.2 GB/s", not "6.8 k GB/s").
inline QString valueText(double value, const QString& unit)
{
    if (const UnitScale* u = unitScale(unit))
        return quantityText(value * u->factor, QString::fromUtf8(u->base));
    QString number = qs(formatSig(value, 4)); // "67.2", "6800"; the axes' prefixes past %g's range
    if (number.contains(QLatin1Char('e')))
        number = significantLabel(value, 4);
    return unit.isEmpty() ? number : number + QLatin1Char(' ') + unit;
}

/// A number typed for a value held in `unit`: bare ("24"), with that unit ("24 MiB"), or with
/// another unit of its family ("512 KiB" for 0.5 MiB; "118 M" for a count); nullopt otherwise.
inline std::optional<double> parseValue(const QString& text, const QString& unit)
{
    static const QRegularExpression re(
        QStringLiteral("^\\s*([-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?)\\s*(\\S*)\\s*$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    const double v = m.captured(1).toDouble(&ok);
    const QString typed = m.captured(2);
    if (!ok)
        return std::nullopt;
    if (typed.isEmpty() || typed == unit)
        return v;
    const UnitScale* from = unitScale(typed);
    const UnitScale* to = unitScale(unit);
    if (!from || !to || qstrcmp(from->base, to->base) != 0)
        return std::nullopt;
    return v * from->factor / to->factor;
}

/// "a number", "a number in MiB (or B, KiB, MiB, GiB)": what a field of `unit` reads.
inline QString expectedNumber(const QString& unit)
{
    if (unit.isEmpty())
        return QStringLiteral("a number");
    QStringList family;
    if (const UnitScale* to = unitScale(unit))
        for (const UnitScale& u : kUnitScales)
            if (qstrcmp(u.base, to->base) == 0 && qstrcmp(u.unit, "us") != 0 && u.unit[0] != 0)
                family << QString::fromUtf8(u.unit);
    return family.isEmpty() ? QStringLiteral("a number in %1").arg(unit)
                            : QStringLiteral("a number in %1 (or %2)").arg(unit, family.join(QStringLiteral(", ")));
}

using cells::QuantityItem; // reads "2.25 MiB", edits "2359296"

} // namespace mapscape::placement_wb
