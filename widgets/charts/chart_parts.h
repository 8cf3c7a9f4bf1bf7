// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// What the x-y charts of this folder are built of: a QChart drawn by a ChartView (zoom, pan,
/// read-outs, clicks) on two QCategoryAxis value axes whose ticks axis_ticks.h chooses. A chart's
/// Private derives from it and adds its series. Internal to widgets/charts/.

#include <Qt>

class QAbstractSeries;
class QCategoryAxis;
class QChart;
class QWidget;

namespace mapscape {

class ChartView;

struct ChartParts {
    QChart* chart = nullptr;
    ChartView* view = nullptr;
    QCategoryAxis* xAxis = nullptr;
    QCategoryAxis* yAxis = nullptr;

    /// Creates the chart, without animations (a frame is one replace()), its legend at `legend`,
    /// with the x axis at the bottom and the y axis at the left.
    void createChart(Qt::Alignment legend);
    /// Creates the chart's view, filling `owner` edge to edge; returns it to be set up.
    ChartView* createView(QWidget* owner);
    /// Adds a series to the chart on both axes.
    void attach(QAbstractSeries* series);
};

} // namespace mapscape
