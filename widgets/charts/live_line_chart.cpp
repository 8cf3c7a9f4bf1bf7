// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/live_line_chart.h"

#include "widgets/charts/chart_export.h"

#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace mapscape {

QList<QPointF> decimate(const QList<QPointF>& points, int maxPoints)
{
    if (maxPoints < 4 || points.size() <= maxPoints)
        return points;
    const int buckets = maxPoints / 2;
    const double x0 = points.front().x();
    const double x1 = points.back().x();
    const double width = x1 > x0 ? (x1 - x0) / buckets : 1.0;
    QList<QPointF> out;
    out.reserve(maxPoints + 2);
    out.append(points.front());
    int i = 1;
    const int last = int(points.size()) - 1;
    while (i < last) {
        const int bucket = int((points[i].x() - x0) / width);
        int lo = i, hi = i;
        int j = i;
        for (; j < last && int((points[j].x() - x0) / width) == bucket; ++j) {
            if (points[j].y() < points[lo].y())
                lo = j;
            if (points[j].y() > points[hi].y())
                hi = j;
        }
        if (j == i)
            ++j;
        out.append(points[std::min(lo, hi)]);
        if (lo != hi)
            out.append(points[std::max(lo, hi)]);
        i = j;
    }
    out.append(points.back());
    return out;
}

struct LiveLineChart::Private {
    QChart* chart = nullptr;
    QChartView* view = nullptr;
    QValueAxis* xAxis = nullptr;
    QValueAxis* yAxis = nullptr;
    struct Series {
        QList<QPointF> points;
        QLineSeries* line = nullptr;
        int drawn = 0;
        bool dirty = false;
    };
    QHash<QString, Series> series;
    QStringList order;
};

LiveLineChart::LiveLineChart(QWidget* parent)
    : QWidget(parent)
    , d(new Private)
{
    d->chart = new QChart;
    d->chart->setAnimationOptions(QChart::NoAnimation);
    d->chart->legend()->setAlignment(Qt::AlignBottom);
    d->xAxis = new QValueAxis;
    d->yAxis = new QValueAxis;
    d->xAxis->setLabelFormat(QStringLiteral("%g"));
    d->yAxis->setLabelFormat(QStringLiteral("%.3g"));
    d->chart->addAxis(d->xAxis, Qt::AlignBottom);
    d->chart->addAxis(d->yAxis, Qt::AlignLeft);
    d->view = new QChartView(d->chart, this);
    d->view->setRenderHint(QPainter::Antialiasing, false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(d->view);
    m_timer.setSingleShot(true);
    m_timer.setInterval(kFrameIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &LiveLineChart::redraw);
}

LiveLineChart::~LiveLineChart() { delete d; }

void LiveLineChart::setTitle(const QString& title) { d->chart->setTitle(title); }

void LiveLineChart::setAxisTitles(const QString& x, const QString& y)
{
    d->xAxis->setTitleText(x);
    d->yAxis->setTitleText(y);
}

void LiveLineChart::append(const QString& name, std::span<const QPointF> points)
{
    if (points.empty())
        return;
    auto it = d->series.find(name);
    if (it == d->series.end()) {
        Private::Series s;
        s.line = new QLineSeries;
        s.line->setName(name);
        s.line->setUseOpenGL(false);
        d->chart->addSeries(s.line);
        s.line->attachAxis(d->xAxis);
        s.line->attachAxis(d->yAxis);
        it = d->series.insert(name, s);
        d->order.append(name);
    }
    for (const QPointF& p : points)
        it->points.append(p);
    it->dirty = true;
    if (!m_timer.isActive())
        m_timer.start();
}

void LiveLineChart::clear()
{
    for (auto& s : d->series) {
        d->chart->removeSeries(s.line);
        delete s.line;
    }
    d->series.clear();
    d->order.clear();
    m_timer.stop();
}

QStringList LiveLineChart::seriesNames() const { return d->order; }

int LiveLineChart::drawnPoints(const QString& name) const
{
    auto it = d->series.constFind(name);
    return it == d->series.cend() ? 0 : it->drawn;
}

int LiveLineChart::heldPoints(const QString& name) const
{
    auto it = d->series.constFind(name);
    return it == d->series.cend() ? 0 : int(it->points.size());
}

void LiveLineChart::flush()
{
    if (m_timer.isActive()) {
        m_timer.stop();
        redraw();
    }
}

void LiveLineChart::redraw()
{
    ++m_frames;
    const int budget = std::max(64, 2 * std::max(1, d->view->width()));
    double xmin = HUGE_VAL, xmax = -HUGE_VAL, ymin = HUGE_VAL, ymax = -HUGE_VAL;
    for (auto& s : d->series) {
        for (const QPointF& p : s.points) {
            xmin = std::min(xmin, p.x());
            xmax = std::max(xmax, p.x());
            ymin = std::min(ymin, p.y());
            ymax = std::max(ymax, p.y());
        }
        if (!s.dirty)
            continue;
        const QList<QPointF> shown = decimate(s.points, budget);
        s.line->replace(shown);
        s.drawn = int(shown.size());
        s.dirty = false;
        ++m_replaceCalls;
    }
    if (xmin <= xmax) {
        if (xmin == xmax)
            xmax = xmin + 1;
        if (ymin == ymax) {
            ymin -= std::max(1e-12, std::abs(ymin) * 0.05);
            ymax += std::max(1e-12, std::abs(ymax) * 0.05);
        }
        const double pad = (ymax - ymin) * 0.04;
        d->xAxis->setRange(xmin, xmax);
        d->yAxis->setRange(ymin - pad, ymax + pad);
    }
}

bool LiveLineChart::exportTo(const QString& path, QString* error)
{
    flush();
    return exportWidgetImage(d->view, path, error);
}

} // namespace mapscape
