// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Helpers shared by the files of SchedulingWorkbench (one file per tab); internal to them.

#include "kinds/scheduling/core/scheduling_study.h"
#include "kinds/scheduling/widgets/scheduling_workbench.h"
#include "kinds/scheduling/widgets/scheduling_result_view.h"
#include "kinds/scheduling/core/report.h"
#include "kinds/scheduling/core/evaluation_writer.h"
#include "kinds/scheduling/core/mapping_csv.h"
#include "kinds/scheduling/core/timeloop_map.h"
#include "core/io/file_util.h"
#include "kinds/scheduling/core/neurospector_cfg.h"
#include "core/network/onnx_import.h"
#include "kinds/scheduling/core/preset_io.h"
#include "core/io/preset_library.h"
#include "core/model/validation.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/pareto_chart.h"
#include "kinds/scheduling/widgets/accelerator_document.h"
#include "kinds/scheduling/widgets/network_document.h"
#include "kinds/scheduling/widgets/accelerator_table_model.h"
#include "kinds/scheduling/widgets/layer_table_model.h"
#include "kinds/scheduling/widgets/results_table_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/scheduling/widgets/scheduling_table_view.h"
#include <QComboBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QUndoCommand>
#include <QVBoxLayout>

namespace mapscape::scheduling_wb {


inline QString qs(const std::string& s) { return QString::fromStdString(s); }

const QString kCustom = QStringLiteral("custom");

inline bool isPresetPath(const QString& path, const PresetFolder& kind)
{
    for (const PresetInfo& p : listPresets(kind)) {
        if (qs(p.path) == path)
            return true;
    }
    return false;
}

/// The preset whose content equals a value, if any (a project that kept a preset unchanged).
template <typename T, typename Load>
inline QString presetEqualTo(const T& value, const PresetFolder& kind, Load load)
{
    for (const PresetInfo& p : listPresets(kind)) {
        try {
            if (load(p.path) == value)
                return qs(p.path);
        } catch (const std::exception&) {
        }
    }
    return {};
}

inline QString presetLabel(const QString& path) { return QFileInfo(path).completeBaseName(); }


} // namespace mapscape::scheduling_wb
