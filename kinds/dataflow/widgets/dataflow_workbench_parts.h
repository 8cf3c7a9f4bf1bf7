// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Helpers shared by the files of DataflowWorkbench (one file per tab); internal to them.

#include "kinds/dataflow/core/dataflow_study.h"
#include "kinds/dataflow/widgets/dataflow_workbench.h"
#include "core/model/validation.h"
#include "core/maestro/dataflow_limits.h"
#include "core/maestro/dataflow_model.h"
#include "kinds/dataflow/core/dataflow_report.h"
#include "kinds/dataflow/core/dataflow_io.h"
#include "core/io/file_util.h"
#include "core/maestro/maestro_files.h"
#include "core/io/preset_library.h"
#include "core/study/project_io.h"
#include "kinds/dataflow/core/dataflow_space.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/editors/number_edit.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/dataflow/widgets/agent_clustering_view.h"
#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <climits>
#include <cmath>

namespace mapscape::dataflow_wb {


inline QString qs(const std::string& s) { return QString::fromStdString(s); }

constexpr int kStrideY = 100, kStrideX = 101;
enum HwField { HwPes, HwL1, HwL2, HwNocBw, HwHops, HwHopLatency, HwOffchip, HwSimd, HwFieldCount };
constexpr int kMergeLayer = 1, kMergeHardware = 200, kMergeSpace = 300;
constexpr int kMaxSweep = 96; ///< explorer rows / columns

/// The first layer of a workload preset named like `layerName` (or the first one).
inline DataflowLayer layerOf(const DataflowWorkload& w, const QString& layerName)
{
    for (const DataflowLayer& l : w.layers) {
        if (qs(l.name) == layerName)
            return l;
    }
    if (w.layers.empty())
        throw InputError(w.name + ": the workload has no layers");
    return w.layers.front();
}

inline QString presetPathOf(const PresetFolder& kind, const QString& nameOrPath)
{
    return qs(resolvePreset(nameOrPath.toStdString(), kind));
}


} // namespace mapscape::dataflow_wb
