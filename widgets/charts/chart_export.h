// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

class QWidget;

namespace mapscape {

/// Renders a widget to an image file: SVG for ".svg", otherwise a raster format chosen by the
/// suffix (PNG by default). Returns false and sets `error` naming the file on failure.
bool exportWidgetImage(QWidget* widget, const QString& path, QString* error);

} // namespace mapscape
