// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/widgets/scheduling_result_view.h"

#include "kinds/scheduling/core/scheduling_model.h"
#include "kinds/scheduling/core/preset_io.h"
#include "kinds/scheduling/core/scheduling_study.h"
#include "kinds/scheduling/widgets/scheduling_table_view.h"

#include <QLabel>
#include <QVBoxLayout>

namespace mapscape {

SchedulingResultView::SchedulingResultView(QWidget* parent)
    : RunResultView(parent)
{
    m_view = new SchedulingTableView(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("Highlighted: the rows of the latest row search on this layer."), this));
    layout->addWidget(m_view);
    layout->addStretch(1);
}

void SchedulingResultView::showResult(const OptimizerRun* run, const RunRecord* record, int layer, const StudyInputs* inputs,
                                      bool sameSetup)
{
    if (const SchedulingJob* job = run ? run->jobAs<SchedulingJob>() : nullptr) {
        const auto problem = job->problem();
        const auto best = job->bestSoFar();
        if (layer < 0 || layer >= int(best.size()) || !best[std::size_t(layer)].found) {
            m_view->clear();
            return;
        }
        const LayerBest& b = best[std::size_t(layer)];
        m_view->setTable(problem->model,
                         problem->network.layers[std::size_t(layer)].name + " — best of run #" + std::to_string(run->id()),
                         b.table, b.evaluation);
        m_view->setHighlight(job->lastSearchedRows(layer));
        return;
    }
    // A restored run: its saved tables, on the current accelerator if it ran on this setup.
    const SchedulingInputs* in = inputs ? inputs->getIf<SchedulingInputs>() : nullptr;
    if (!record || record->result.empty() || !in || !sameSetup || layer < 0 || layer >= int(in->network.layers.size())) {
        m_view->clear();
        return;
    }
    try {
        const Mapping m = mappingFromJson(record->result, "run #" + std::to_string(record->id), in->accelerator);
        const Layer& l = in->network.layers[std::size_t(layer)];
        for (const LayerMapping& lm : m.layers) {
            if (lm.layer != l.name)
                continue;
            auto model = std::make_shared<const SchedulingModel>(in->accelerator);
            Evaluation e;
            const bool ok = model->evaluate(LayerShape::of(l), lm.table, e).ok();
            m_view->setTable(model, l.name + " — best of run #" + std::to_string(record->id), lm.table,
                             ok ? std::optional<Evaluation>(e) : std::nullopt);
            return;
        }
    } catch (const std::exception&) {
    }
    m_view->clear();
}

} // namespace mapscape
