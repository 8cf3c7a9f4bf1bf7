// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The DPU workbench's configuration explorer (the Platform tab's heatmap): every configuration of every model variant in one background state.

#include "kinds/dpu/core/dpu_study.h"
#include "kinds/dpu/widgets/dpu_workbench.h"
#include "kinds/dpu/widgets/dpu_workbench_parts.h"

#include "kinds/dpu/core/dpu_dataset.h"
#include "kinds/dpu/core/dpu_io.h"
#include "core/io/file_util.h"
#include "core/io/preset_library.h"
#include "core/util/strings.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/models/run_list_model.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/dpu/widgets/dpu_run_views.h"
#include "kinds/dpu/widgets/dpu_timeline_view.h"
#include "widgets/study/view_cells.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>

namespace mapscape {

using namespace dpu_wb; // with dpu:: and the cells:: names it uses

void DpuWorkbench::setExplorerState(int state)
{
    if (state < 0 || state >= kStates)
        return;
    editInputs([state](DpuInputs& in) { in.state = state; }, tr("Show state %1").arg(qs(inputs().platform.params.states[std::size_t(state)].name)),
               kMergeCell);
}

void DpuWorkbench::setExplorerMetric(Metric metric)
{
    m_metric = metric;
    m_updating = true;
    m_metricChoice->setCurrentIndex(m_metricChoice->findData(int(metric)));
    m_updating = false;
    refreshExplorer();
}

void DpuWorkbench::showCell(int variant, int action)
{
    const Platform& p = inputs().platform;
    if (variant < 0 || variant >= p.variantCount() || action < 0 || action >= int(p.actions.size()))
        return;
    editInputs(
        [variant, action](DpuInputs& in) {
            in.variant = variant;
            in.action = action;
        },
        tr("Show %1 on %2").arg(qs(p.variantName(variant)), qs(p.actionName(action))), kMergeCell);
}

void DpuWorkbench::refreshExplorer()
{
    const DpuInputs& in = inputs();
    const Platform& p = in.platform;
    const int w = std::clamp(in.state, 0, kStates - 1);
    m_updating = true;
    if (m_stateChoice->count() != kStates) {
        m_stateChoice->clear();
        for (int s = 0; s < kStates; ++s)
            m_stateChoice->addItem(qs(p.params.states[std::size_t(s)].name + " — " + p.params.states[std::size_t(s)].title));
    }
    for (int s = 0; s < kStates; ++s)
        m_stateChoice->setItemText(s, qs(p.params.states[std::size_t(s)].name + " — " + p.params.states[std::size_t(s)].title));
    m_stateChoice->setCurrentIndex(w);
    m_updating = false;

    HeatmapData d;
    d.rows = p.variantCount();
    d.cols = int(p.actions.size());
    d.values.resize(std::size_t(d.rows * d.cols));
    d.masked.resize(d.values.size());
    for (int v = 0; v < d.rows; ++v)
        d.rowLabels << qs(p.variantShortName(v)) + (p.models[std::size_t(p.modelOf(v))].test ? QStringLiteral(" *") : QString());
    for (int a = 0; a < d.cols; ++a)
        d.colLabels << qs(p.actionName(a));
    for (int v = 0; v < d.rows; ++v) {
        const std::vector<dpu::Outcome> outcomes = outcomesOf(p, v, w);
        const Optimum best = optimum(outcomes, p.fpsConstraint);
        const double bestPpw = outcomes[std::size_t(best.action)].ppw;
        if (best.feasible)
            d.outlined.emplace_back(best.action, v);
        for (int a = 0; a < d.cols; ++a) {
            const dpu::Outcome& o = outcomes[std::size_t(a)];
            const std::size_t i = std::size_t(v * d.cols + a);
            switch (m_metric) {
            case Metric::Fps:
                d.values[i] = o.fps;
                break;
            case Metric::Power:
                d.values[i] = o.fpgaPowerW;
                break;
            case Metric::Ppw:
                d.values[i] = o.ppw;
                break;
            case Metric::RelativePpw:
                d.values[i] = bestPpw > 0 ? o.ppw / bestPpw : 0;
                break;
            }
            d.masked[i] = o.feasible(p.fpsConstraint) ? 0 : 1;
            static const char* const kLimiter[] = {"compute (DPU + host)", "DDR bandwidth", "Arm cores"};
            QString note = tr("%1, P_FPGA %2, PPW %3; limited by %4")
                               .arg(quantityText(o.fps, QStringLiteral("FPS")), quantityText(o.fpgaPowerW, QStringLiteral("W")),
                                    quantityText(o.ppw, QStringLiteral("FPS/W")), QLatin1String(kLimiter[std::clamp(o.limiter, 0, 2)]));
            if (!o.feasible(p.fpsConstraint))
                note += tr("\nbelow C_PERF = %1 FPS").arg(p.fpsConstraint);
            if (a == best.action)
                note += best.feasible ? tr("\nthe model's optimum") : tr("\nno configuration meets C_PERF: highest PPW");
            if (p.corrections.count({v, w, a}))
                note += tr("\ncorrected by a measurement");
            d.notes << note;
        }
    }
    static const char* const kTitles[] = {"Throughput", "FPGA power", "Energy efficiency (PPW)", "PPW relative to the model's optimum"};
    static const char* const kUnits[] = {"FPS", "W", "FPS/W", ""};
    d.title = tr("%1 in %2 (C_PERF %3 FPS); * held-out models")
                  .arg(QLatin1String(kTitles[int(m_metric)]), qs(p.params.states[std::size_t(w)].name))
                  .arg(p.fpsConstraint);
    d.rowTitle = tr("Model / pruning");
    d.colTitle = tr("DPU configuration (size_instances)");
    d.valueTitle = QLatin1String(kTitles[int(m_metric)]);
    d.unit = QLatin1String(kUnits[int(m_metric)]);
    m_heatmap->setScale(m_logColours->isChecked() && m_metric != Metric::RelativePpw ? HeatmapScale::Log : HeatmapScale::Linear);
    if (m_metric == Metric::RelativePpw)
        m_heatmap->setFixedRange(0, 1);
    else
        m_heatmap->setFixedRange(0, 0);
    m_heatmap->setData(std::move(d));
    m_heatmap->setMarker(std::clamp(in.variant, 0, p.variantCount() - 1), std::clamp(in.action, 0, int(p.actions.size()) - 1));
    m_details->setText(cellDetails());
}

QString DpuWorkbench::cellDetails() const
{
    const DpuInputs& in = inputs();
    const Platform& p = in.platform;
    if (in.variant < 0 || in.variant >= p.variantCount() || in.action < 0 || in.action >= int(p.actions.size()))
        return {};
    const dpu::Outcome o = simulate(p, in.variant, in.state, in.action);
    const std::vector<dpu::Outcome> all = outcomesOf(p, in.variant, in.state);
    const Optimum best = optimum(all, p.fpsConstraint);
    const StaticFeatures f = staticFeatures(p, in.variant);
    static const char* const kLimiter[] = {"compute (DPU + host)", "DDR bandwidth", "Arm cores"};
    const QString watts = QStringLiteral("W"), seconds = QStringLiteral("s");
    QString text = tr("<b>%1</b> on <b>%2</b> in %3: %4, P_FPGA %5, P_ARM %6, <b>PPW %7</b>; DPU busy %8 %, "
                      "DPU %9 and host %10 per frame, limited by %11.")
                       .arg(qs(p.variantName(in.variant)), qs(p.actionName(in.action)),
                            qs(p.params.states[std::size_t(in.state)].name + " (" + p.params.states[std::size_t(in.state)].title + ")"),
                            quantityText(o.fps, QStringLiteral("FPS")), quantityText(o.fpgaPowerW, watts),
                            quantityText(o.armPowerW, watts), quantityText(o.ppw, QStringLiteral("FPS/W")))
                       .arg(QString::number(100 * o.busy, 'f', 0), quantityText(o.dpuMs / 1e3, seconds),
                            quantityText(o.hostMs / 1e3, seconds), QLatin1String(kLimiter[std::clamp(o.limiter, 0, 2)]));
    // Data in decimal MB, as the paper, the telemetry (MB/s) and the learners' context buckets give it.
    text += tr(" Model: %1, %2 data per frame, %3.")
                .arg(quantityText(f.gmac, QStringLiteral("GMAC")), quantityText(f.dataBytes() / 1e6, QStringLiteral("MB")),
                     countText(f.params, tr("parameters")));
    text += o.feasible(p.fpsConstraint) ? tr(" Meets C_PERF (%1 FPS).").arg(p.fpsConstraint)
                                        : tr(" <span style='color:#a00'>Below C_PERF (%1 FPS).</span>").arg(p.fpsConstraint);
    text += best.feasible ? tr(" Optimum: %1 at %2 (this is %3 % of it).")
                                .arg(qs(p.actionName(best.action)), quantityText(all[std::size_t(best.action)].ppw, QStringLiteral("FPS/W")))
                                .arg(QString::number(100 * o.ppw / all[std::size_t(best.action)].ppw, 'f', 1))
                          : tr(" No configuration meets C_PERF for this model and load.");
    if (p.corrections.count({in.variant, in.state, in.action}))
        text += tr(" (corrected by a measurement)");
    return text;
}

} // namespace mapscape
