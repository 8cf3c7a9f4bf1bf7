// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/pareto_chart.h"

#include "core/optim/pareto.h"
#include "widgets/charts/chart_export.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace mapscape {

namespace {
constexpr int kFrameIntervalMs = 33;
constexpr double kCellsPerDecade = 60;
} // namespace

struct ParetoChart::Private {
    QChart* chart = nullptr;
    QChartView* view = nullptr;
    QLogValueAxis* xAxis = nullptr;
    QLogValueAxis* yAxis = nullptr;
    QScatterSeries* cloud = nullptr;
    QLineSeries* frontLine = nullptr;
    QScatterSeries* frontDots = nullptr;
    std::size_t held = 0;
    std::vector<Point2> front;
    /// One representative point per cell of a fixed log-log grid: redraws cost O(cells), not
    /// O(points), however long a run evaluates.
    std::unordered_map<std::int64_t, QPointF> cells;
    double x0 = HUGE_VAL, x1 = -HUGE_VAL, y0 = HUGE_VAL, y1 = -HUGE_VAL;
    int drawn = 0;
};

ParetoChart::ParetoChart(QWidget* parent)
    : QWidget(parent)
    , d(new Private)
{
    d->chart = new QChart;
    d->chart->setAnimationOptions(QChart::NoAnimation);
    d->chart->legend()->setAlignment(Qt::AlignBottom);
    d->xAxis = new QLogValueAxis;
    d->yAxis = new QLogValueAxis;
    d->xAxis->setTitleText(tr("cycles"));
    d->yAxis->setTitleText(tr("energy (pJ)"));
    d->xAxis->setLabelFormat(QStringLiteral("%.2g"));
    d->yAxis->setLabelFormat(QStringLiteral("%.2g"));
    d->chart->addAxis(d->xAxis, Qt::AlignBottom);
    d->chart->addAxis(d->yAxis, Qt::AlignLeft);
    d->cloud = new QScatterSeries;
    d->cloud->setName(tr("evaluated schedules"));
    d->cloud->setMarkerSize(4);
    d->cloud->setBorderColor(Qt::transparent);
    d->cloud->setColor(QColor(120, 144, 180, 140));
    d->frontLine = new QLineSeries;
    d->frontLine->setName(tr("Pareto front"));
    d->frontLine->setColor(QColor(200, 40, 40));
    d->frontDots = new QScatterSeries;
    d->frontDots->setMarkerSize(7);
    d->frontDots->setColor(QColor(200, 40, 40));
    for (QAbstractSeries* s : {static_cast<QAbstractSeries*>(d->cloud), static_cast<QAbstractSeries*>(d->frontLine),
                               static_cast<QAbstractSeries*>(d->frontDots)}) {
        d->chart->addSeries(s);
        s->attachAxis(d->xAxis);
        s->attachAxis(d->yAxis);
    }
    d->chart->legend()->markers(d->frontDots).first()->setVisible(false);
    d->view = new QChartView(d->chart, this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(d->view);
    m_timer.setSingleShot(true);
    m_timer.setInterval(kFrameIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &ParetoChart::redraw);
}

ParetoChart::~ParetoChart() { delete d; }

void ParetoChart::setTitle(const QString& title) { d->chart->setTitle(title); }

void ParetoChart::append(std::span<const QPointF> points)
{
    std::vector<Point2> fresh;
    fresh.reserve(points.size());
    for (const QPointF& p : points) {
        if (!(p.x() > 0 && p.y() > 0 && std::isfinite(p.x()) && std::isfinite(p.y())))
            continue; // log axes
        ++d->held;
        d->x0 = std::min(d->x0, p.x());
        d->x1 = std::max(d->x1, p.x());
        d->y0 = std::min(d->y0, p.y());
        d->y1 = std::max(d->y1, p.y());
        const auto cx = std::int64_t(std::floor(std::log10(p.x()) * kCellsPerDecade));
        const auto cy = std::int64_t(std::floor(std::log10(p.y()) * kCellsPerDecade));
        d->cells.try_emplace((cx << 32) ^ (cy & 0xffffffff), p);
        fresh.push_back({p.x(), p.y()});
    }
    if (fresh.empty())
        return;
    d->front = mergeParetoFront(d->front, fresh);
    if (!m_timer.isActive())
        m_timer.start();
}

void ParetoChart::clear()
{
    d->held = 0;
    d->cells.clear();
    d->x0 = d->y0 = HUGE_VAL;
    d->x1 = d->y1 = -HUGE_VAL;
    d->front.clear();
    d->cloud->clear();
    d->frontLine->clear();
    d->frontDots->clear();
    d->drawn = 0;
    m_timer.stop();
}

int ParetoChart::heldPoints() const { return int(d->held); }
int ParetoChart::drawnPoints() const { return d->drawn; }

QList<QPointF> ParetoChart::front() const
{
    QList<QPointF> out;
    for (const Point2& p : d->front)
        out.append(QPointF(p.x, p.y));
    return out;
}

void ParetoChart::flush()
{
    if (m_timer.isActive()) {
        m_timer.stop();
        redraw();
    }
}

void ParetoChart::redraw()
{
    if (d->cells.empty())
        return;
    QList<QPointF> shown;
    shown.reserve(qsizetype(d->cells.size()));
    for (const auto& [key, p] : d->cells)
        shown.append(p);
    d->cloud->replace(shown);
    d->drawn = int(shown.size());
    const QList<QPointF> f = front();
    d->frontLine->replace(f);
    d->frontDots->replace(f);
    d->xAxis->setRange(d->x0 / 1.2, d->x1 * 1.2);
    d->yAxis->setRange(d->y0 / 1.2, d->y1 * 1.2);
}

bool ParetoChart::exportTo(const QString& path, QString* error)
{
    flush();
    return exportWidgetImage(d->view, path, error);
}

struct EnergyBreakdownChart::Private {
    QChart* chart = nullptr;
    QChartView* view = nullptr;
};

EnergyBreakdownChart::EnergyBreakdownChart(QWidget* parent)
    : QWidget(parent)
    , d(new Private)
{
    d->chart = new QChart;
    d->chart->setAnimationOptions(QChart::NoAnimation);
    d->chart->legend()->setAlignment(Qt::AlignBottom);
    d->view = new QChartView(d->chart, this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(d->view);
}

EnergyBreakdownChart::~EnergyBreakdownChart() { delete d; }

void EnergyBreakdownChart::setBreakdown(const QString& title, const QStringList& categories,
                                        const QList<double>& dynamicPj, const QList<double>& staticPj)
{
    d->chart->removeAllSeries();
    for (QAbstractAxis* a : d->chart->axes())
        d->chart->removeAxis(a), delete a;
    d->chart->setTitle(title);
    auto* dyn = new QBarSet(tr("dynamic"));
    auto* stat = new QBarSet(tr("static"));
    double top = 0;
    for (qsizetype i = 0; i < categories.size(); ++i) {
        const double a = i < dynamicPj.size() ? dynamicPj[i] : 0.0;
        const double b = i < staticPj.size() ? staticPj[i] : 0.0;
        dyn->append(a);
        stat->append(b);
        top = std::max(top, a + b);
    }
    auto* series = new QStackedBarSeries;
    series->append(dyn);
    series->append(stat);
    d->chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    auto* y = new QValueAxis;
    y->setTitleText(tr("energy (pJ)"));
    y->setLabelFormat(QStringLiteral("%.2e"));
    y->setRange(0, top > 0 ? top * 1.05 : 1);
    d->chart->addAxis(x, Qt::AlignBottom);
    d->chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

bool EnergyBreakdownChart::exportTo(const QString& path, QString* error)
{
    return exportWidgetImage(d->view, path, error);
}

} // namespace mapscape
