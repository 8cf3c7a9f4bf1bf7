// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Helpers shared by the files of DpuRunPolicy|DpuRunChooser|DpuTrainingView|DpuEvaluationView|DpuPolicyView (one file per tab); internal to them.

#include "kinds/dpu/core/dpu_study.h"
#include "kinds/dpu/widgets/dpu_run_views.h"
#include "core/runner/optimizer_run.h"
#include "core/util/strings.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/delegates/progress_delegate.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/dpu/widgets/dpu_workbench.h"
#include "widgets/study/view_cells.h"
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>
#include <cmath>

namespace mapscape::dpu_views {

using cells::kFeasible;
using cells::kInvalid;
using cells::kViolating;
using cells::readOnly;
using cells::sig;
using namespace dpu;


inline QString qs(const std::string& s) { return QString::fromStdString(s); }

inline QString percent(double fraction, int digits = 1) { return QString::number(100 * fraction, 'f', digits) + QStringLiteral(" %"); }

inline QString stateTitle(const Platform& p, int w)
{
    const BackgroundState& s = p.params.states[std::size_t(w)];
    return qs(s.name) + QStringLiteral(" — ") + qs(s.title);
}

inline void fillStates(QComboBox* box, const Platform& p)
{
    const int keep = std::max(0, box->currentIndex());
    box->clear();
    for (int w = 0; w < kStates; ++w)
        box->addItem(stateTitle(p, w), w);
    box->setCurrentIndex(std::min(keep, box->count() - 1));
}

/// One learner run is usable when it has ended (finished or cancelled with a model) or was saved
/// with its decisions.
inline bool hasResult(RunsPanel* runs, int row)
{
    RunListModel* m = runs->runModel();
    if (const OptimizerRun* r = m->runAt(row))
        return r->state() == RunState::Finished || r->state() == RunState::Cancelled;
    const RunRecord* rec = m->recordAt(row);
    return rec && !rec->result.empty();
}


} // namespace mapscape::dpu_views
