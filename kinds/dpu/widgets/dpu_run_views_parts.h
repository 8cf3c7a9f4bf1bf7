// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Helpers shared by the files of DpuRunPolicy|DpuRunChooser|DpuTrainingView|DpuEvaluationView|DpuPolicyView (one file per tab); internal to them.

#include "kinds/dpu/core/dpu_study.h"
#include "kinds/dpu/widgets/dpu_run_views.h"
#include "core/runner/optimizer_run.h"
#include "core/util/strings.h"
#include "widgets/charts/bar_chart.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/delegates/progress_delegate.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/dpu/widgets/dpu_workbench.h"
#include "widgets/study/view_cells.h"
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

/// The unit of observation feature `i` as the learners read it: CPU utilisation in %, DDR traffic
/// in MB/s, powers in W, the model's work in GMAC, its data in MB (decimal, as the paper and the
/// context buckets give it), its parameters (a count) and C_PERF in FPS.
inline QString featureUnit(int i)
{
    if (i < kCpuCores)
        return QStringLiteral("%");
    if (i < kCpuCores + 2 * kMemoryPorts)
        return QStringLiteral("MB/s");
    if (i < kTelemetrySize)
        return QStringLiteral("W");
    switch (i - kTelemetrySize) {
    case 0:
        return QStringLiteral("GMAC");
    case 1:
    case 2:
    case 3:
        return QStringLiteral("MB");
    case 4:
        return QString(); // parameters
    default:
        return QStringLiteral("FPS");
    }
}

/// Feature `i`'s raw value as the Policy tab shows it, in engineering units ("2.001 %",
/// "181.1 MB/s", "0.242 MB" for 242000 bytes, "11.7 M" parameters).
inline QString featureText(int i, double value)
{
    const bool bytes = i > kTelemetrySize && i < kTelemetrySize + 4;
    if (i == kTelemetrySize + 4)
        return countText(value);
    return quantityText(bytes ? value / 1e6 : value, featureUnit(i));
}

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

/// A table the user reads and does not edit, without row numbers; `tip` says what it shows.
inline QTableWidget* readOnlyTable(int columns, QWidget* parent, const QString& tip)
{
    auto* table = new QTableWidget(0, columns, parent);
    table->verticalHeader()->setVisible(false);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setToolTip(tip);
    return table;
}

/// The top row of a view of runs: `label` and the run chooser, in a new row of `layout`.
inline QHBoxLayout* chooserRow(QVBoxLayout* layout, const QString& label, DpuRunChooser* chooser)
{
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(label, chooser->parentWidget()));
    bar->addWidget(chooser);
    layout->addLayout(bar);
    return bar;
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
