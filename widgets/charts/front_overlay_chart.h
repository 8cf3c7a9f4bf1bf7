// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Non-dominated sets of several runs overlaid, one colour per run, for three objectives: as a
/// 2-D projection onto two of them (log axes, a legend; zoom and pan as every chart,
/// chart_view.h) or as parallel coordinates (one polyline per design across the three
/// objectives, each axis scaled logarithmically from the best to the worst value shown). In both,
/// hovering a design reads out its run, label and objectives with their units, and a click on it
/// emits pointClicked. Redraws are coalesced to at most one per 100 ms, with one replace() per
/// series.

#include <QColor>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <array>
#include <memory>
#include <utility>
#include <vector>

class QXYSeries;

namespace mapscape {

class ChartView;

struct FrontSet {
    QString name;                              ///< "#3 grmd"
    QColor color;
    std::vector<std::array<double, 3>> points; ///< objective values (all three)
    QStringList labels;                        ///< per point: the design, for tooltips
};

/// GUI thread only.
class FrontOverlayChart : public QWidget {
    Q_OBJECT

public:
    enum class Mode { Projection, Parallel };

    explicit FrontOverlayChart(QWidget* parent = nullptr);
    ~FrontOverlayChart() override;

    /// Titles and units of the three objectives ("Latency", "cycles").
    void setObjectives(const QStringList& titles, const QStringList& units);
    /// Projection: the objectives on the x and y axes; Parallel: all three.
    void setMode(Mode mode, int xObjective = 0, int yObjective = 1);
    void setTitle(const QString& title);
    void setSets(std::vector<FrontSet> sets);
    const std::vector<FrontSet>& sets() const { return m_sets; }
    /// Redraws now (tests, screenshots).
    void flush();
    QStringList seriesNames() const;
    /// Points drawn in a series (Parallel: 3 per design).
    int drawnPoints(const QString& series) const;
    QString xAxisTitle() const;
    QString yAxisTitle() const;
    /// The tick labels as drawn in projection mode (tests).
    QStringList xTickLabels() const;
    QStringList yTickLabels() const;
    bool exportTo(const QString& path, QString* error = nullptr);
    /// The view: zoom, pan, reset (projection) and the read-out (chart_view.h).
    ChartView* view() const;
    /// The read-out of a design: its run, label and the three objectives with their units.
    QString describe(int set, int point) const;

Q_SIGNALS:
    /// The user clicked a design: the index of its set and of the point in the set.
    void pointClicked(int set, int point);

private:
    void redraw();
    std::pair<int, int> designAt(const QXYSeries* series, int index) const;
    struct Impl;
    std::unique_ptr<Impl> d;
    std::vector<FrontSet> m_sets;
    QStringList m_titles, m_units;
    Mode m_mode = Mode::Projection;
    int m_x = 0, m_y = 1;
    QTimer m_timer;
};

} // namespace mapscape
