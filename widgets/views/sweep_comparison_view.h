// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A sweep's collected results (`mapscape-cli sweep collect`, or a results folder) side by side:
/// for each accelerator × network, every optimizer's mean over seeds relative to the group's
/// best (bars, tooltips with absolute values), a summary table (mean ± std, best in bold) and
/// every run in a sortable table.

#include "core/sweep/sweep.h"

#include <QWidget>

#include <vector>

class QChartView;
class QComboBox;
class QLabel;
class QTabWidget;
class QTableView;
class QTableWidget;

namespace mapscape {

class SweepComparisonView : public QWidget {
    Q_OBJECT

public:
    explicit SweepComparisonView(QWidget* parent = nullptr);

    /// Shows these results; `source` names where they came from (title line).
    void setResults(std::vector<sweep::ShardResult> results, const QString& source);
    const std::vector<sweep::ShardResult>& results() const { return m_results; }
    /// Energy, cycles or EDP.
    /// Compares this objective (an id such as "energy", or a label such as "energy (pJ)"); false
    /// if the results have none.
    bool setQuantity(const QString& id);
    sweep::SweepQuantity quantity() const;
    const sweep::SweepComparison& comparison() const { return m_comparison; }

    QChartView* chartView() const { return m_chartView; }
    QTableWidget* summaryTable() const { return m_summary; }
    QTableView* runsTable() const { return m_runs; }
    QTabWidget* tabs() const { return m_tabs; }
    QLabel* headline() const { return m_headline; }

private:
    void rebuild();
    void rebuildChart();
    void rebuildSummary();
    void rebuildRuns();

    std::vector<sweep::ShardResult> m_results;
    sweep::SweepComparison m_comparison;
    QString m_source;
    QLabel* m_headline = nullptr;
    QComboBox* m_quantityBox = nullptr;
    std::vector<sweep::SweepQuantity> m_quantities;
    QTabWidget* m_tabs = nullptr;
    QChartView* m_chartView = nullptr;
    QTableWidget* m_summary = nullptr;
    QTableView* m_runs = nullptr;
};

} // namespace mapscape
