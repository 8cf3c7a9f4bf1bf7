// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QList>

#include <functional>
#include <QString>
#include <QStringList>

class QWidget;
class QChart;
class QContextMenuEvent;

namespace mapscape {

/// Renders a widget to an image file: SVG for ".svg", otherwise a raster format chosen by the
/// suffix (PNG by default). Returns false and sets `error` naming the file on failure.
bool exportWidgetImage(QWidget* widget, const QString& path, QString* error);

/// Writes a chart (through `save`, its exportTo) to a file the user picks: PNG or SVG. An error
/// is shown in a message box. False when cancelled or failed.
using ChartSaver = std::function<bool(const QString& path, QString* error)>;
bool saveChartAs(QWidget* chart, const ChartSaver& save);

/// The context menu of a painted chart (heatmap, dendrogram): "Save chart…".
void offerChartSave(QWidget* chart, QContextMenuEvent* event, const ChartSaver& save);

/// The property that marks a painted chart (a heatmap, a dendrogram) as a chart to save.
inline constexpr const char* kPaintedChart = "mapscapeChart";

/// The charts inside `root` that are visible in it (chart views and painted charts), in the
/// order of the widget tree.
QList<QWidget*> chartViewsIn(QWidget* root);

/// Axis titles of a chart that do not fit along their axis as laid out now (a vertical title
/// longer than the plot's height is elided by Qt Charts); empty when every title fits.
QStringList clippedAxisTitles(const QChart* chart);

} // namespace mapscape
