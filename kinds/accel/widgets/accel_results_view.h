// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The runs of an accelerator-sizing study side by side (seed 002's Table 2 made live): every
/// visible run on the current setup with its non-dominated (latency, power, area) designs in
/// three 2-D projections and parallel coordinates, one colour per run; its hypervolume against
/// evaluations and against wall time (the setup's fixed reference point); and a table of
/// hypervolume, share of the reference box, front size and evaluations.

#include "kinds/accel/core/accel_problem.h"

#include <QHash>
#include <QWidget>

#include <array>
#include <string>
#include <vector>

class QLabel;
class QTableWidget;

namespace mapscape {

class FrontOverlayChart;
class LiveLineChart;
class RunsPanel;

/// GUI thread only.
class AccelResultsView : public QWidget {
    Q_OBJECT

public:
    explicit AccelResultsView(RunsPanel* runs, QWidget* parent = nullptr);

    /// The setup whose runs are compared (others are counted, not drawn).
    void setSetup(const AccelSetup& setup);
    /// Updates the fronts with the points evaluated since the last refresh, and the curves.
    void refresh();
    /// 0 latency–power, 1 latency–area, 2 power–area, 3 parallel coordinates.
    FrontOverlayChart* projection(int index) const;
    LiveLineChart* hypervolumeChart(bool overTime) const { return overTime ? m_hvTime : m_hvEvals; }
    QTableWidget* resultsTable() const { return m_resultsTable; }

private:
    RunsPanel* m_runs;
    AccelSetup m_setup;
    std::string m_setupKey;
    std::array<FrontOverlayChart*, 4> m_fronts{};
    LiveLineChart* m_hvEvals = nullptr;
    LiveLineChart* m_hvTime = nullptr;
    QTableWidget* m_resultsTable = nullptr;
    QLabel* m_resultsHelp = nullptr;
    /// Per run id: the non-dominated (latency, power, area) vectors of the points seen so far.
    struct RunFront {
        std::size_t seen = 0;
        std::vector<std::array<double, 3>> points;
    };
    QHash<int, RunFront> m_runFronts;
    std::string m_referenceKey;      ///< setup key of m_reference
    std::vector<double> m_reference; ///< the setup's live hypervolume reference
};

} // namespace mapscape
