// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dpu/widgets/dpu_run_views_parts.h"

namespace mapscape {

using namespace dpu_views;

dpu::Policy DpuRunPolicy::policy() const
{
    if (model)
        return modelPolicy(*model);
    return savedPolicy;
}

DpuLearnerView::DpuLearnerView(RunsPanel* runs, DpuWorkbench* workbench, QWidget* parent)
    : QWidget(parent)
    , m_workbench(workbench)
{
    m_layout = new QVBoxLayout(this);
    m_chooser = new DpuRunChooser(runs, true, this);
    m_top = chooserRow(m_layout, tr("Learner"), m_chooser);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
}

// ---------------------------------------------------------------------------------------------
// Run chooser

DpuRunChooser::DpuRunChooser(RunsPanel* runs, bool endedOnly, QWidget* parent)
    : QComboBox(parent)
    , m_runs(runs)
    , m_endedOnly(endedOnly)
{
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    setPlaceholderText(tr("no learner run yet"));
    setToolTip(endedOnly ? tr("A learner run that has ended (runs are started in the Optimize tab)")
                         : tr("The learner run followed (runs are started in the Optimize tab)"));
}

bool DpuRunChooser::sync()
{
    const int keep = runId();
    RunListModel* model = m_runs->runModel();
    blockSignals(true);
    clear();
    int newest = -1;
    for (int row = 0; row < model->rowCount(); ++row) {
        if (m_endedOnly && !hasResult(m_runs, row))
            continue;
        addItem(model->titleAt(row), model->idAt(row));
        newest = model->idAt(row);
    }
    int chosen = findData(keep);
    if (chosen < 0 && newest >= 0)
        chosen = findData(newest);
    setCurrentIndex(chosen);
    blockSignals(false);
    const bool changed = runId() != keep;
    if (changed)
        Q_EMIT currentIndexChanged(currentIndex());
    return changed;
}

int DpuRunChooser::runId() const { return currentIndex() >= 0 ? currentData().toInt() : -1; }

bool DpuRunChooser::selectRun(int runId)
{
    const int i = findData(runId);
    if (i < 0)
        return false;
    setCurrentIndex(i);
    return true;
}

DpuRunPolicy DpuRunChooser::current(const DpuInputs& inputs) const
{
    DpuRunPolicy out;
    out.runId = runId();
    if (out.runId < 0) {
        out.unavailable = tr("Train a learner in the Optimize tab (DPUCConfig PPO agent or LinUCB) to see it here.");
        return out;
    }
    RunListModel* model = m_runs->runModel();
    const int row = model->rowOfId(out.runId);
    out.title = model->titleAt(row);
    if (const OptimizerRun* run = model->runAt(row))
        out.optimizerId = run->settings().optimizer.id;
    else if (const RunRecord* rec = model->recordAt(row))
        out.optimizerId = rec->settings.id;
    const bool sameSetup = model->setupKeyAt(row) == setupKey(inputs);
    if (OptimizerRun* run = model->runAt(row)) {
        if (run->state() != RunState::Finished && run->state() != RunState::Cancelled) {
            out.unavailable = tr("%1 is %2: its policy is shown once it has ended.").arg(out.title, runStateName(run->state()));
            return out;
        }
        if (sameSetup)
            if (const auto* job = run->jobAs<DpuJob>())
                out.model = job->model();
    }
    const std::string json = m_runs->resultJsonAt(row);
    if (!out.model && !json.empty()) {
        try {
            out.saved = dpuResultFromJson(json, "run #" + std::to_string(out.runId), inputs.platform);
            out.savedPolicy = decisionPolicy(inputs.platform, out.saved->decisions); // every variant and state present
        } catch (const std::exception& e) {
            out.saved.reset();
            out.unavailable = tr("%1 was trained on another platform: %2").arg(out.title, QString::fromUtf8(e.what()));
            return out;
        }
    }
    if (!out.usable())
        out.unavailable = tr("%1 has no result.").arg(out.title);
    else if (!sameSetup)
        out.title += tr(" (trained on another platform or data seed)");
    return out;
}

} // namespace mapscape
