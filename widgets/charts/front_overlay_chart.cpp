// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/front_overlay_chart.h"

#include "widgets/charts/axis_ticks.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/chart_view.h"

#include "core/util/units.h"

#include <QCategoryAxis>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QScatterSeries>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace mapscape {

struct FrontOverlayChart::Impl {
    QChart* chart = nullptr;
    ChartView* view = nullptr; ///< zoom and pan (projection), read-outs and clicks (both modes)
    QAbstractAxis* xAxis = nullptr;
    QAbstractAxis* yAxis = nullptr;
    bool parallel = false; ///< the mode the axes were built for
    /// Per series (set), the index in the set of each point drawn (projection: points with a
    /// non-positive value are left out; parallel: three points per design).
    std::vector<std::vector<std::size_t>> drawnIndex;
};

FrontOverlayChart::FrontOverlayChart(QWidget* parent)
    : QWidget(parent)
    , d(std::make_unique<Impl>())
{
    d->chart = new QChart;
    d->chart->legend()->setAlignment(Qt::AlignBottom);
    d->chart->setMargins(QMargins(4, 4, 4, 4));
    d->view = new ChartView(d->chart, this);
    d->view->setRenderHint(QPainter::Antialiasing);
    d->view->setMinimumSize(260, 200);
    d->view->setReadout([this](const ChartHover& h) {
        const auto [set, point] = designAt(h.series, h.index);
        return set < 0 ? QString() : describe(set, point);
    });
    connect(d->view, &ChartView::pointClicked, this, [this](const QXYSeries* series, int index) {
        const auto [set, point] = designAt(series, index);
        if (set >= 0)
            Q_EMIT pointClicked(set, point);
    });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(d->view);
    m_titles = {tr("Objective 1"), tr("Objective 2"), tr("Objective 3")};
    m_units = {QString(), QString(), QString()};
    m_timer.setSingleShot(true);
    m_timer.setInterval(100);
    connect(&m_timer, &QTimer::timeout, this, &FrontOverlayChart::redraw);
}

FrontOverlayChart::~FrontOverlayChart() = default;

std::pair<int, int> FrontOverlayChart::designAt(const QXYSeries* series, int index) const
{
    const QList<QAbstractSeries*> all = d->chart->series();
    const auto set = std::size_t(all.indexOf(const_cast<QXYSeries*>(series)));
    if (set >= m_sets.size() || set >= d->drawnIndex.size() || index < 0 || std::size_t(index) >= d->drawnIndex[set].size())
        return {-1, -1};
    return {int(set), int(d->drawnIndex[set][std::size_t(index)])};
}

QString FrontOverlayChart::describe(int set, int point) const
{
    const FrontSet& s = m_sets[std::size_t(set)];
    const auto& v = s.points[std::size_t(point)];
    QStringList lines{s.name};
    if (const QString label = s.labels.value(point); !label.isEmpty())
        lines << label;
    for (int k = 0; k < 3; ++k)
        lines << m_titles.value(k) + QStringLiteral(": ") +
                     QString::fromStdString(formatQuantity(v[std::size_t(k)], m_units.value(k).toStdString(), 4));
    return lines.join(QLatin1Char('\n'));
}

ChartView* FrontOverlayChart::view() const { return d->view; }

void FrontOverlayChart::setObjectives(const QStringList& titles, const QStringList& units)
{
    m_titles = titles;
    m_units = units;
    m_timer.start();
}

void FrontOverlayChart::setMode(Mode mode, int xObjective, int yObjective)
{
    m_mode = mode;
    m_x = std::clamp(xObjective, 0, 2);
    m_y = std::clamp(yObjective, 0, 2);
    m_timer.start();
}

void FrontOverlayChart::setTitle(const QString& title) { d->chart->setTitle(title); }

void FrontOverlayChart::setSets(std::vector<FrontSet> sets)
{
    m_sets = std::move(sets);
    if (!m_timer.isActive())
        m_timer.start();
}

void FrontOverlayChart::flush()
{
    m_timer.stop();
    redraw();
}

namespace {

QString axisTitle(const QString& title, const QString& unit)
{
    return unit.isEmpty() ? title : QStringLiteral("%1 (%2)").arg(title, unit);
}

} // namespace

void FrontOverlayChart::redraw()
{
    QChart* chart = d->chart;
    // Series are rebuilt only when the set of runs changes; otherwise one replace() each.
    const QList<QAbstractSeries*> existing = chart->series();
    const bool parallel = m_mode == Mode::Parallel;
    bool rebuild = existing.size() != qsizetype(m_sets.size()) || !d->xAxis || d->parallel != parallel;
    for (qsizetype i = 0; !rebuild && i < existing.size(); ++i) {
        const bool isLine = existing[i]->type() == QAbstractSeries::SeriesTypeLine;
        rebuild = existing[i]->name() != m_sets[std::size_t(i)].name || isLine != parallel;
    }
    if (rebuild) {
        chart->removeAllSeries();
        for (QAbstractAxis* a : chart->axes())
            chart->removeAxis(a), delete a; // removeAxis gives up ownership
        d->xAxis = d->yAxis = nullptr;
    }
    // Ranges over every set shown (positive values: the axes are logarithmic).
    std::array<double, 3> lo, hi;
    lo.fill(std::numeric_limits<double>::infinity());
    hi.fill(0);
    for (const FrontSet& s : m_sets) {
        for (const auto& p : s.points) {
            for (int k = 0; k < 3; ++k) {
                if (p[std::size_t(k)] > 0) {
                    lo[std::size_t(k)] = std::min(lo[std::size_t(k)], p[std::size_t(k)]);
                    hi[std::size_t(k)] = std::max(hi[std::size_t(k)], p[std::size_t(k)]);
                }
            }
        }
    }
    for (int k = 0; k < 3; ++k) {
        if (!(hi[std::size_t(k)] > 0)) {
            lo[std::size_t(k)] = 1;
            hi[std::size_t(k)] = 10;
        }
    }
    if (rebuild) {
        if (parallel) {
            auto* x = new QCategoryAxis;
            x->setRange(-0.1, 2.1);
            x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
            for (int k = 0; k < 3; ++k)
                x->append(m_titles.value(k), k);
            x->setGridLineVisible(true);
            // Each objective from its best value shown (0) to its worst (1), logarithmically: the
            // ends named, no title (the short axis elided "Best (0) to wo…" and crowded its ticks).
            auto* y = new QCategoryAxis;
            y->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
            y->setRange(-0.05, 1.05);
            y->setStartValue(0);
            y->append(tr("best"), 0);
            y->append(tr("worst"), 1);
            d->xAxis = x;
            d->yAxis = y;
        } else {
            // Log-log: the series hold log10 of the values; ticks from axis_ticks.h.
            d->xAxis = new QCategoryAxis;
            d->yAxis = new QCategoryAxis;
        }
        d->parallel = parallel;
        chart->addAxis(d->xAxis, Qt::AlignBottom);
        chart->addAxis(d->yAxis, Qt::AlignLeft);
        for (const FrontSet& s : m_sets) {
            QXYSeries* series = parallel ? static_cast<QXYSeries*>(new QLineSeries) : new QScatterSeries;
            series->setName(s.name);
            if (auto* sc = qobject_cast<QScatterSeries*>(series)) {
                sc->setMarkerSize(8);
                sc->setBorderColor(s.color.darker(140));
            }
            chart->addSeries(series);
            series->attachAxis(d->xAxis);
            series->attachAxis(d->yAxis);
        }
    }
    // Projection: each axis in the unit its largest value suits (mm² for the areas of designs, as
    // the Pareto chart and the design tab say), the series holding log10 of value / factor.
    const ScaledUnit sx = scaleFor(hi[std::size_t(m_x)], m_units.value(m_x).toStdString());
    const ScaledUnit sy = scaleFor(hi[std::size_t(m_y)], m_units.value(m_y).toStdString());
    if (!parallel) {
        // Log-log, the fronts padded by a margin (no marker on the edge), or the user's zoom.
        d->view->setAxes(static_cast<QCategoryAxis*>(d->xAxis),
                         {.logarithmic = true, .title = m_titles.value(m_x), .unit = m_units.value(m_x), .factor = sx.factor},
                         static_cast<QCategoryAxis*>(d->yAxis),
                         {.logarithmic = true, .title = m_titles.value(m_y), .unit = m_units.value(m_y), .factor = sy.factor});
        d->view->setDataRange(lo[std::size_t(m_x)] / sx.factor, hi[std::size_t(m_x)] / sx.factor, lo[std::size_t(m_y)] / sy.factor,
                              hi[std::size_t(m_y)] / sy.factor);
        d->xAxis->setTitleText(axisTitle(m_titles.value(m_x), QString::fromStdString(sx.unit)));
        d->yAxis->setTitleText(axisTitle(m_titles.value(m_y), QString::fromStdString(sy.unit)));
    } else {
        d->view->setAxes(nullptr, {}, nullptr, {}); // fixed axes: nothing to zoom
    }
    const QList<QAbstractSeries*> series = chart->series();
    d->drawnIndex.assign(m_sets.size(), {});
    for (qsizetype i = 0; i < series.size() && i < qsizetype(m_sets.size()); ++i) {
        const FrontSet& s = m_sets[std::size_t(i)];
        auto* xy = static_cast<QXYSeries*>(series[i]);
        xy->setColor(s.color);
        QList<QPointF> pts;
        auto& index = d->drawnIndex[std::size_t(i)];
        if (parallel) {
            // One polyline per design; consecutive designs are joined along an end axis (x = 0 or
            // x = 2), where the joining segment lies on the axis line itself.
            auto norm = [&](int k, double v) {
                const double a = std::log(lo[std::size_t(k)]), b = std::log(hi[std::size_t(k)]);
                return b > a ? (std::log(std::max(v, 1e-300)) - a) / (b - a) : 0.5;
            };
            bool forward = true;
            for (std::size_t n = 0; n < s.points.size(); ++n) {
                for (int j = 0; j < 3; ++j) {
                    const int k = forward ? j : 2 - j;
                    pts.append(QPointF(k, norm(k, s.points[n][std::size_t(k)])));
                    index.push_back(n);
                }
                forward = !forward;
            }
        } else {
            for (std::size_t n = 0; n < s.points.size(); ++n) {
                const auto& p = s.points[n];
                if (p[std::size_t(m_x)] > 0 && p[std::size_t(m_y)] > 0) {
                    pts.append(QPointF(std::log10(p[std::size_t(m_x)] / sx.factor), std::log10(p[std::size_t(m_y)] / sy.factor)));
                    index.push_back(n);
                }
            }
        }
        xy->replace(pts);
    }
}

QStringList FrontOverlayChart::seriesNames() const
{
    QStringList names;
    for (const QAbstractSeries* s : d->chart->series())
        names.append(s->name());
    return names;
}

int FrontOverlayChart::drawnPoints(const QString& series) const
{
    for (const QAbstractSeries* s : d->chart->series()) {
        if (s->name() == series)
            return int(static_cast<const QXYSeries*>(s)->count());
    }
    return 0;
}

QString FrontOverlayChart::xAxisTitle() const { return d->xAxis ? d->xAxis->titleText() : QString(); }
QString FrontOverlayChart::yAxisTitle() const { return d->yAxis ? d->yAxis->titleText() : QString(); }
QStringList FrontOverlayChart::xTickLabels() const
{
    auto* a = qobject_cast<QCategoryAxis*>(d->xAxis);
    return a && m_mode == Mode::Projection ? tickLabels(a) : QStringList();
}
QStringList FrontOverlayChart::yTickLabels() const
{
    auto* a = qobject_cast<QCategoryAxis*>(d->yAxis);
    return a && m_mode == Mode::Projection ? tickLabels(a) : QStringList();
}

bool FrontOverlayChart::exportTo(const QString& path, QString* error)
{
    flush();
    return exportWidgetImage(d->view, path, error);
}

} // namespace mapscape
