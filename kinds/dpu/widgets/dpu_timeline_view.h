// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The runtime timeline of a DPU-configuration study (seed 003, Fig. 6): a scenario of model
/// arrivals and background changes played against a policy. One painted chart shows the
/// background state as bands, the arrivals, a Gantt strip of the configuration loaded per policy
/// with its overhead phases (telemetry, RL inference, bitstream reconfiguration, instruction load)
/// shaded, the 3 Hz PPW trace with the running average, and the primary policy's telemetry lanes
/// (FPGA and Arm power, CPU utilisation, DDR traffic); a table lists each decision with its
/// pause, overhead energy and break-even (frames until the switch pays for itself).

#include "kinds/dpu/core/dpu_timeline.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QPainter;
class QComboBox;
class QLabel;
class QSpinBox;
class QTableWidget;

namespace mapscape {

class DpuRunChooser;
class DpuWorkbench;
class RunsPanel;

/// One policy's timeline as the chart draws it.
struct TimelineLane {
    QString name;
    QColor colour;
    dpu::Timeline timeline;
};

/// The painted chart. GUI thread only.
class TimelineChart final : public QWidget {
    Q_OBJECT

public:
    explicit TimelineChart(QWidget* parent = nullptr);
    /// The first lane is the primary one (telemetry lanes and shaded phases).
    void setData(dpu::Platform platform, dpu::TimelineScenario scenario, std::vector<TimelineLane> lanes);
    const std::vector<TimelineLane>& lanes() const { return m_lanes; }
    /// Tooltip text at a widget position ("" outside the plot).
    QString textAt(const QPoint& pos) const;
    QSize minimumSizeHint() const override { return {640, 520}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRectF plotRect() const;
    /// The chart's parts, top to bottom: each paints from `y` and returns where the next starts.
    double paintLegend(QPainter& p, double y) const;
    double paintBackground(QPainter& p, double y) const;
    double paintArrivals(QPainter& p, double y) const;
    double paintGantt(QPainter& p, double y) const;
    double paintPpw(QPainter& p, double y) const;
    double paintTelemetry(QPainter& p, double y) const;
    void paintTimeAxis(QPainter& p, double y) const;
    double xOf(double t, const QRectF& r) const;
    double timeAt(double x, const QRectF& r) const;

    dpu::Platform m_platform;
    dpu::TimelineScenario m_scenario;
    std::vector<TimelineLane> m_lanes;
};

/// GUI thread only.
class DpuTimelineView final : public QWidget {
    Q_OBJECT

public:
    DpuTimelineView(RunsPanel* runs, DpuWorkbench* workbench, QWidget* parent = nullptr);
    void refresh();
    /// Primary policy: a learner run id (≥ 0) or a baseline (−1 optimal, −2 max-FPS, −3 min-power).
    bool setPrimary(int id);
    void setCompare(bool optimal, bool maxFps, bool minPower);
    TimelineChart* chart() const { return m_chart; }
    QTableWidget* decisionTable() const { return m_decisions; }
    QString summaryText() const;

private:
    RunsPanel* m_runs;
    DpuWorkbench* m_workbench;
    QComboBox* m_primary = nullptr;
    DpuRunChooser* m_learners = nullptr; ///< hidden; lists the learner runs
    QCheckBox* m_compareOptimal = nullptr;
    QCheckBox* m_compareMaxFps = nullptr;
    QCheckBox* m_compareMinPower = nullptr;
    QCheckBox* m_redecide = nullptr;
    QSpinBox* m_seed = nullptr;
    QLabel* m_summary = nullptr;
    TimelineChart* m_chart = nullptr;
    QTableWidget* m_decisions = nullptr;
    bool m_updating = false;
};

} // namespace mapscape
