// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/chart_parts.h"

#include "widgets/charts/chart_view.h"

#include <QCategoryAxis>
#include <QChart>
#include <QLegend>
#include <QVBoxLayout>

namespace mapscape {

void ChartParts::createChart(Qt::Alignment legend)
{
    chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(legend);
    xAxis = new QCategoryAxis;
    yAxis = new QCategoryAxis;
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(yAxis, Qt::AlignLeft);
}

ChartView* ChartParts::createView(QWidget* owner)
{
    view = new ChartView(chart, owner);
    auto* layout = new QVBoxLayout(owner);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view);
    return view;
}

void ChartParts::attach(QAbstractSeries* series)
{
    chart->addSeries(series);
    series->attachAxis(xAxis);
    series->attachAxis(yAxis);
}

} // namespace mapscape
