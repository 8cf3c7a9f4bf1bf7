// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Helpers shared by the files of AccelWorkbench (one file per tab); internal to them.

#include "kinds/accel/core/accel_study.h"
#include "kinds/accel/widgets/accel_workbench.h"
#include "kinds/accel/core/accel_report.h"
#include "kinds/accel/core/accel_io.h"
#include "core/io/file_util.h"
#include "core/io/preset_library.h"
#include "core/model/validation.h"
#include "kinds/accel/core/sensitivity.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/accel/widgets/accel_results_view.h"
#include "kinds/accel/widgets/grmd_stages_view.h"
#include "widgets/study/view_cells.h"
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include "widgets/editors/number_edit.h"
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

namespace mapscape::accel_wb {

using cells::kFeasible;
using cells::kInvalid;
using cells::kViolating;
using cells::readOnly;
using cells::sig;


inline QString qs(const std::string& s) { return QString::fromStdString(s); }
inline QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

/// A figure in the prefixed unit that suits it with `digits` significant digits, trailing zeros
/// kept, so that the figures of a column line up ("7.2390 mm²" under "8.3923 mm²", not "7.239").
inline QString figureText(double value, const QString& unit, int digits)
{
    const ColumnUnit u = columnUnit({value}, unit);
    return u.number(value, digits) + QLatin1Char(' ') + u.unit;
}

constexpr int kMergeSize = 10, kMergeGene = 20, kMergeModel = 40, kMergeConstraint = 60, kMergeLimit = 70, kMergeProxy = 80,
              kMergeComponent = 100, kMergeSpace = 400;

/// The genes a user edits (dtype is fixed to int8).
constexpr int kEditableGenes = kAccelGenes - 1;

const char* const kGeneHelp[kAccelGenes] = {
    "PE array side: the array has x × x processing elements",
    "Scratchpad (global buffer, L2) capacity in KiB",
    "Local memory of each PE (L1) in KiB",
    "WS: weights stay in the PEs; OS: outputs stay (HASCO's two GEMM dataflows)",
    "Scratchpad banks: the NoC moves ports × banks × 8 bits per cycle",
    "DMA bus width in bits",
    "Largest DMA burst in bytes",
    "Data type (int8 only)",
};

inline QString geneTitle(AccelGene g)
{
    switch (g) {
    case AccelGene::X: return QObject::tr("PE array side x");
    case AccelGene::SpCapacity: return QObject::tr("Scratchpad (KiB)");
    case AccelGene::LocalCapacity: return QObject::tr("Local memory per PE (KiB)");
    case AccelGene::Dataflow: return QObject::tr("Dataflow");
    case AccelGene::SpBanks: return QObject::tr("Scratchpad banks");
    case AccelGene::DmaBuswidth: return QObject::tr("DMA bus width (bits)");
    case AccelGene::DmaMaxbytes: return QObject::tr("DMA burst (bytes)");
    case AccelGene::Dtype: return QObject::tr("Data type");
    }
    return {};
}

inline QString geneValueText(AccelGene g, int v)
{
    return g == AccelGene::Dataflow ? qs(accelDataflowName(AccelDataflow(v == 1 ? 1 : 0))) : QString::number(v);
}

/// "WS" / "OS" or an integer; nullopt when the text is neither.
inline std::optional<int> parseGeneValue(AccelGene g, const QString& text)
{
    const QString t = text.trimmed();
    if (g == AccelGene::Dataflow) {
        if (t.compare(QStringLiteral("WS"), Qt::CaseInsensitive) == 0 || t == QStringLiteral("0"))
            return 0;
        if (t.compare(QStringLiteral("OS"), Qt::CaseInsensitive) == 0 || t == QStringLiteral("1"))
            return 1;
        return std::nullopt;
    }
    bool ok = false;
    const int v = t.toInt(&ok);
    return ok ? std::optional<int>(v) : std::nullopt;
}

/// A tab page's column, opened by a wrapped help text.
inline QVBoxLayout* helpedColumn(QWidget* page, const QString& help)
{
    auto* column = new QVBoxLayout(page);
    auto* label = new QLabel(help, page);
    label->setWordWrap(true);
    column->addWidget(label);
    return column;
}

/// A limit where 0 (typed as 0 or "off") means no limit.
inline RealEdit* offEdit(QWidget* parent, double max)
{
    auto* e = new RealEdit(parent);
    e->setRange(0, max);
    e->setSpecialValue(0, QObject::tr("off"));
    return e;
}


} // namespace mapscape::accel_wb
