// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

class QWidget;
class QChart;

namespace mapscape {

/// Renders a widget to an image file: SVG for ".svg", otherwise a raster format chosen by the
/// suffix (PNG by default). Returns false and sets `error` naming the file on failure.
bool exportWidgetImage(QWidget* widget, const QString& path, QString* error);

/// The charts (chart views) inside `root` that are visible in it, in the order of the widget tree.
QList<QWidget*> chartViewsIn(QWidget* root);

/// Axis titles of a chart that do not fit along their axis as laid out now (a vertical title
/// longer than the plot's height is elided by Qt Charts); empty when every title fits.
QStringList clippedAxisTitles(const QChart* chart);

} // namespace mapscape
