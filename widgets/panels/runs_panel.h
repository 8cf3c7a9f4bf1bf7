// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The optimisation workbench: optimizer form, the list of runs (several at once) with
/// pause / resume / cancel, and live views of the selected runs — a metric curve per run, the
/// energy-vs-cycles Pareto front of everything evaluated, and the best mapping on demand.

#include "core/model/accelerator.h"
#include "core/model/layer.h"
#include "core/model/mapping.h"
#include "core/runner/optimizer_run.h"

#include <QHash>
#include <QList>
#include <QPointF>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;
class QTabWidget;

namespace mapscape {

class LiveLineChart;
class OptimizerPanel;
class OptimizerRun;
class ParetoChart;
class RunListModel;
class SchedulingTableView;

/// GUI thread only. Owns its runs; destroying the panel cancels and joins them.
class RunsPanel : public QWidget {
    Q_OBJECT

public:
    explicit RunsPanel(QWidget* parent = nullptr);
    ~RunsPanel() override;

    /// The accelerator and network new runs optimise (the main window's current project).
    void setProblem(const Accelerator& accelerator, const Network& network);
    OptimizerPanel* optimizerPanel() const { return m_panel; }
    RunListModel* runModel() const { return m_model; }
    LiveLineChart* curveChart() const { return m_curves; }
    ParetoChart* paretoChart() const { return m_pareto; }
    SchedulingTableView* bestTableView() const { return m_bestView; }
    /// Which layer the Pareto and best-table views show (index into the selected run's network).
    void setBestTableLayer(int layer);
    int shownLayer() const;

    /// Starts a run with the panel's settings on the current problem; returns it, or null with
    /// the reason reported through `message` (bad options, no problem, ...).
    OptimizerRun* startRun();
    /// The best tables of a run so far as a mapping (layers without one are left out).
    Mapping bestMapping(const OptimizerRun& run) const;
    OptimizerRun* selectedRun() const;
    /// Drains every run's buffers into the views now (the timer does it at ~25 Hz).
    void drain();
    /// Metric names seen so far across runs (the curve chooser's entries).
    QStringList metricNames() const;
    /// Writes every recorded metric of a run as CSV (name,step,value). False + message on error.
    bool exportRunMetrics(const OptimizerRun& run, const QString& path, QString* error) const;

Q_SIGNALS:
    /// The user asked to look at a run's best mapping in the main view.
    void mappingRequested(const mapscape::Mapping& mapping);
    void message(const QString& text);
    void runFinished(mapscape::OptimizerRun* run);

private:
    void onSelectionChanged();
    void rebuildCurves();
    void updateButtons();
    void scheduleDrain();
    void refreshBestTable();
    void refillPareto();
    void syncLayerChooser(const OptimizerRun* run);

    OptimizerPanel* m_panel = nullptr;
    RunListModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QPushButton* m_pause = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_show = nullptr;
    QPushButton* m_exportMetrics = nullptr;
    QPushButton* m_saveChart = nullptr;
    QTabWidget* m_tabs = nullptr;
    QComboBox* m_curveMetric = nullptr;
    LiveLineChart* m_curves = nullptr;
    ParetoChart* m_pareto = nullptr;
    QTimer m_drainTimer;
    SchedulingTableView* m_bestView = nullptr;
    QComboBox* m_bestLayer = nullptr;

    std::optional<Accelerator> m_accelerator;
    std::optional<Network> m_network;
    std::vector<std::unique_ptr<OptimizerRun>> m_runs;
    /// Per run id: every metric series recorded so far (for the curves and the CSV export).
    QHash<int, QHash<QString, QList<QPointF>>> m_history;
    QHash<int, std::vector<EvaluatedPoint>> m_evaluated;
    int m_nextId = 1;
};

} // namespace mapscape
