// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/chart_export.h"

#include "widgets/dialogs/file_dialog.h"

#include <QAbstractAxis>
#include <QContextMenuEvent>
#include <QMenu>
#include <QMessageBox>
#include <QChart>
#include <QChartView>
#include <QFontMetricsF>

#include <QFileInfo>
#include <QImageWriter>
#include <QSaveFile>
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
    // Written to a temporary file and renamed into place when complete: an interrupted export
    // leaves the earlier file, never half an image.
    QSaveFile out(path);
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QStringLiteral("svg")) {
        if (!out.open(QIODevice::WriteOnly))
            return fail(QStringLiteral("cannot write SVG (") + out.errorString() + QStringLiteral(")"));
        QSvgGenerator svg;
        svg.setOutputDevice(&out);
        svg.setSize(widget->size());
        svg.setViewBox(widget->rect());
        svg.setTitle(widget->windowTitle());
        QPainter painter;
        if (!painter.begin(&svg))
            return fail(QStringLiteral("cannot write SVG"));
        widget->render(&painter);
        painter.end();
    } else {
        const QByteArray format = suffix.toLatin1();
        if (format.isEmpty() || !QImageWriter::supportedImageFormats().contains(format))
            return fail(QStringLiteral("unknown image format (give a .png, .jpg or .svg name)"));
        const QPixmap pixmap = widget->grab();
        if (pixmap.isNull())
            return fail(QStringLiteral("the window could not be drawn"));
        if (!out.open(QIODevice::WriteOnly))
            return fail(QStringLiteral("cannot write image (") + out.errorString() + QStringLiteral(")"));
        if (!pixmap.save(&out, format.constData()))
            return fail(QStringLiteral("cannot write image"));
    }
    if (!out.commit())
        return fail(QStringLiteral("cannot write the file (") + out.errorString() + QStringLiteral(")"));
    return true;
}

bool saveChartAs(QWidget* chart, const ChartSaver& save)
{
    const QString path = FileDialog::saveFile(chart, QObject::tr("Save chart"), QStringLiteral("chart.png"),
                                              QObject::tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (path.isEmpty())
        return false;
    QString error;
    if (save(path, &error))
        return true;
    QMessageBox::warning(chart, QObject::tr("Save chart"), error);
    return false;
}

void offerChartSave(QWidget* chart, QContextMenuEvent* event, const ChartSaver& save)
{
    QMenu menu(chart);
    menu.addAction(QObject::tr("Save chart…"), chart, [chart, save] { saveChartAs(chart, save); });
    menu.exec(event->globalPos());
}

QList<QWidget*> chartViewsIn(QWidget* root)
{
    QList<QWidget*> out;
    if (!root)
        return out;
    for (QWidget* w : root->findChildren<QWidget*>())
        if ((qobject_cast<QChartView*>(w) || w->property(kPaintedChart).toBool()) && w->isVisibleTo(root))
            out.append(w);
    return out;
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
