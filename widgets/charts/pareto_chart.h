// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Scatter of evaluated designs over two objectives (log-log, engineering units) with the
/// non-dominated set highlighted, redrawn at a capped rate; the cloud is thinned to one point
/// per screen cell, the front is exact. In the 3-objective mode a third objective colours the
/// points (binned, with a legend of value ranges) and the points that no other point beats in
/// all three objectives are outlined. Explored with the mouse (chart_view.h): hovering a point
/// reads out its objectives with their units (and its design, where setDesignText gives one); a
/// click on a point emits pointClicked.

#include "widgets/charts/bar_chart.h" // EnergyBreakdownChart, long declared here

#include <QColor>
#include <QPointF>
#include <QTimer>
#include <QWidget>

#include <array>
#include <functional>
#include <optional>
#include <span>
#include <vector>

class QXYSeries;

namespace mapscape {

class ChartView;

/// A point of the Pareto chart: its objective values in the axes' units before prefixes (x, y,
/// and the colour value in the 3-objective mode) and whether it is non-dominated.
struct ParetoPoint {
    std::array<double, 3> values{};
    bool nonDominated = false;
};

/// GUI thread only.
class ParetoChart : public QWidget {
    Q_OBJECT

public:
    explicit ParetoChart(QWidget* parent = nullptr);
    ~ParetoChart() override;

    void setTitle(const QString& title);
    /// Axis titles and units (before prefix scaling): ("Cycles", "cycles", "Energy", "pJ").
    void setAxes(const QString& xTitle, const QString& xUnit, const QString& yTitle, const QString& yUnit);
    /// Switches to the 3-objective mode (a colour dimension); an empty title switches back.
    void setColorDimension(const QString& title, const QString& unit);
    bool threeObjectives() const;
    /// Points as (x, y) in the axes' units.
    void append(std::span<const QPointF> points);
    /// Points as (x, y, colour value).
    void append(std::span<const std::array<double, 3>> points);
    void clear();

    int heldPoints() const;
    int drawnPoints() const;
    /// The current two-objective front, x ascending.
    QList<QPointF> front() const;
    /// Points no other point beats in all three objectives (3-objective mode).
    int nonDominatedCount() const;
    QString xAxisTitle() const;
    QString yAxisTitle() const;
    /// The tick labels as drawn (tests).
    QStringList xTickLabels() const;
    QStringList yTickLabels() const;
    QStringList clippedTitles() const;
    void flush();
    bool exportTo(const QString& path, QString* error = nullptr);
    /// The view: zoom, pan, reset and the hover read-out (chart_view.h).
    ChartView* view() const;
    /// What the read-out says about a point beyond its objectives (the design's parameters); "" for nothing.
    void setDesignText(std::function<QString(const ParetoPoint&)> text);
    /// The read-out of a point.
    QString describe(const ParetoPoint& point) const;

Q_SIGNALS:
    /// The user clicked a drawn point (the evaluated design or the front's).
    void pointClicked(const mapscape::ParetoPoint& point);

private:
    struct Private;
    void redraw();
    void schedule();
    std::optional<ParetoPoint> pointOf(const QXYSeries* series, int index) const;
    Private* d;
    QTimer m_timer;
    std::function<QString(const ParetoPoint&)> m_designText;
};

} // namespace mapscape
