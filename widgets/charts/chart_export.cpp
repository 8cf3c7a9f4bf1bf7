// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/chart_export.h"

#include <QAbstractAxis>
#include <QChart>
#include <QFontMetricsF>

#include <QFileInfo>
#include <QPainter>
#include <QPixmap>
#include <QSvgGenerator>
#include <QWidget>

namespace mapscape {

bool exportWidgetImage(QWidget* widget, const QString& path, QString* error)
{
    const auto fail = [&](const QString& why) {
        if (error)
            *error = path + QStringLiteral(": ") + why;
        return false;
    };
    if (!widget)
        return fail(QStringLiteral("nothing to export"));
    if (QFileInfo(path).suffix().compare(QStringLiteral("svg"), Qt::CaseInsensitive) == 0) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(widget->size());
        svg.setViewBox(widget->rect());
        svg.setTitle(widget->windowTitle());
        QPainter painter;
        if (!painter.begin(&svg))
            return fail(QStringLiteral("cannot write SVG"));
        widget->render(&painter);
        painter.end();
        if (!QFileInfo::exists(path))
            return fail(QStringLiteral("cannot write SVG"));
        return true;
    }
    const QPixmap pixmap = widget->grab();
    if (pixmap.isNull() || !pixmap.save(path))
        return fail(QStringLiteral("cannot write image (unknown format or unwritable path)"));
    return true;
}

QStringList clippedAxisTitles(const QChart* chart)
{
    QStringList out;
    if (!chart)
        return out;
    const QRectF plot = chart->plotArea();
    for (const QAbstractAxis* a : chart->axes()) {
        if (!a->isVisible() || !a->isTitleVisible() || a->titleText().isEmpty())
            continue;
        const QFontMetricsF fm(a->titleFont());
        const double need = fm.horizontalAdvance(a->titleText());
        const double room = a->orientation() == Qt::Vertical ? plot.height() : plot.width();
        if (need > room)
            out.append(a->titleText());
    }
    return out;
}

} // namespace mapscape
