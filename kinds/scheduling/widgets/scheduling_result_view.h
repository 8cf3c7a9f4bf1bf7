// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The runs panel's Best tab of a scheduling study: the best table a run has for the layer
/// chosen, with the rows its latest row search worked on highlighted (a live run), or the saved
/// table of a restored run evaluated on the current accelerator.

#include "widgets/panels/runs_panel.h"

namespace mapscape {

class SchedulingTableView;

/// GUI thread only.
class SchedulingResultView final : public RunResultView {
    Q_OBJECT

public:
    explicit SchedulingResultView(QWidget* parent = nullptr);
    void showResult(const OptimizerRun* run, const RunRecord* record, int layer, const StudyInputs* inputs,
                    bool sameSetup) override;
    SchedulingTableView* tableView() const { return m_view; }

private:
    SchedulingTableView* m_view = nullptr;
};

} // namespace mapscape
