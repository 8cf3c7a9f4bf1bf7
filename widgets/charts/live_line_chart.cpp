// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/live_line_chart.h"

#include "core/util/units.h"
#include "widgets/charts/axis_ticks.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/chart_parts.h"
#include "widgets/charts/chart_view.h"

#include <QChart>
#include <QCategoryAxis>
#include <QLineSeries>
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

QList<QPointF> smooth(const QList<QPointF>& points, double alpha)
{
    if (alpha <= 0 || points.isEmpty())
        return points;
    QList<QPointF> out;
    out.reserve(points.size());
    double s = points.front().y();
    for (const QPointF& p : points) {
        s = alpha * s + (1 - alpha) * p.y();
        out.append(QPointF(p.x(), s));
    }
    return out;
}

/// The view zooms, pans and reads out; the ticks and labels of our choosing (axis_ticks.h) on the
/// range it shows. A log axis plots log10 of the values.
struct LiveLineChart::Private : ChartParts {
    QString yTitle;
    QString yUnit;
    ScaledUnit scale; ///< the y unit prefix currently drawn
    QString xTitle;
    double xFactor = 1; ///< x values are drawn divided by this (thousands, millions)
    bool integerX = true; // most x axes count (samples, episodes, generations)
    bool integerY = false;
    struct Series {
        QList<QPointF> points;
        QLineSeries* line = nullptr;
        double holdTo = 0; ///< the last value is drawn up to this x (0: to the last point)
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
    d->createChart(Qt::AlignBottom);
    d->createView(this)->setRenderHint(QPainter::Antialiasing, false);
    m_timer.setSingleShot(true);
    m_timer.setInterval(kFrameIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &LiveLineChart::redraw);
    // A zoom or pan decimates again for the x range shown (in the next frame).
    connect(d->view, &ChartView::rangeChanged, this, [this] { scheduleRedraw(true); });
}

LiveLineChart::~LiveLineChart() { delete d; }

void LiveLineChart::setTitle(const QString& title) { d->chart->setTitle(title); }

void LiveLineChart::setAxisTitles(const QString& x, const QString& y, const QString& yUnit)
{
    if (x != d->xTitle || y != d->yTitle || yUnit != d->yUnit)
        d->view->resetZoom(); // another quantity: a zoom on the last one means nothing here
    d->xTitle = x;
    d->xAxis->setTitleText(x);
    d->yTitle = y;
    d->yUnit = yUnit;
    d->scale = ScaledUnit{1, yUnit.toStdString()};
    scheduleRedraw(true);
}

void LiveLineChart::scheduleRedraw(bool allDirty)
{
    if (allDirty) {
        for (auto& s : d->series)
            s.dirty = true;
    }
    if (!m_timer.isActive())
        m_timer.start();
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
        d->attach(s.line);
        it = d->series.insert(name, s);
        d->order.append(name);
    }
    for (const QPointF& p : points)
        it->points.append(p);
    it->dirty = true;
    scheduleRedraw(false);
}

void LiveLineChart::setSeriesColor(const QString& name, const QColor& color)
{
    auto it = d->series.find(name);
    if (it == d->series.end())
        return;
    QPen pen = it->line->pen();
    pen.setColor(color);
    pen.setWidthF(1.6);
    it->line->setPen(pen);
}

QColor LiveLineChart::seriesColor(const QString& name) const
{
    auto it = d->series.constFind(name);
    return it == d->series.cend() ? QColor() : it->line->pen().color();
}

void LiveLineChart::removeSeries(const QString& name)
{
    auto it = d->series.find(name);
    if (it == d->series.end())
        return;
    d->chart->removeSeries(it->line);
    delete it->line;
    d->series.erase(it);
    d->order.removeAll(name);
    scheduleRedraw(false);
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

void LiveLineChart::setLogY(bool log)
{
    if (log == m_logY)
        return;
    m_logY = log;
    scheduleRedraw(true);
}

void LiveLineChart::setLogX(bool log)
{
    if (log == m_logX)
        return;
    m_logX = log;
    scheduleRedraw(true);
}

void LiveLineChart::setSmoothing(double alpha)
{
    m_smoothing = std::clamp(alpha, 0.0, 0.99);
    scheduleRedraw(true);
}

void LiveLineChart::setIntegerX(bool integer)
{
    d->integerX = integer;
    scheduleRedraw(false);
}

void LiveLineChart::setStepped(bool stepped)
{
    if (stepped == m_stepped)
        return;
    m_stepped = stepped;
    scheduleRedraw(true);
}

void LiveLineChart::holdSeries(const QString& name, double x)
{
    auto it = d->series.find(name);
    if (it == d->series.end() || x == it->holdTo)
        return;
    it->holdTo = x;
    it->dirty = true;
    scheduleRedraw(false);
}

QList<QPointF> LiveLineChart::shownPoints(const QString& name) const
{
    auto it = d->series.constFind(name);
    return it == d->series.cend() ? QList<QPointF>() : it->line->points();
}

void LiveLineChart::setIntegerY(bool integer)
{
    d->integerY = integer;
    scheduleRedraw(false);
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

QPointF LiveLineChart::yRange() const { return QPointF(d->view->yTicks().lo, d->view->yTicks().hi); }

QPointF LiveLineChart::xRange() const { return QPointF(d->view->xTicks().lo, d->view->xTicks().hi); }

ChartView* LiveLineChart::view() const { return d->view; }

QString LiveLineChart::yAxisTitle() const { return d->yAxis->titleText(); }

QString LiveLineChart::xAxisTitle() const { return d->xAxis->titleText(); }

QStringList LiveLineChart::xTickLabels() const { return tickLabels(d->xAxis); }

QStringList LiveLineChart::yTickLabels() const { return tickLabels(d->yAxis); }

QStringList LiveLineChart::clippedTitles() const { return clippedAxisTitles(d->chart); }

double LiveLineChart::xTickStep() const { return d->integerX && !m_logX ? d->view->xTicks().step : 0.0; }

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
    double xmin = HUGE_VAL, xmax = -HUGE_VAL, ymin = HUGE_VAL, ymax = -HUGE_VAL, yabs = 0;
    bool wholeY = true; // every value a whole number: a count, ticked 0, 1, 2 (never 0.2, 0.4)
    for (const auto& s : d->series) {
        bool drawable = false;
        for (const QPointF& p : s.points) {
            if (!std::isfinite(p.y()) || (m_logY && p.y() <= 0) || (m_logX && p.x() <= 0))
                continue;
            drawable = true;
            xmin = std::min(xmin, p.x());
            xmax = std::max(xmax, p.x());
            ymin = std::min(ymin, p.y());
            ymax = std::max(ymax, p.y());
            yabs = std::max(yabs, std::abs(p.y()));
            wholeY = wholeY && p.y() == std::round(p.y());
        }
        if (drawable)
            xmax = std::max(xmax, s.holdTo);
    }
    // Engineering prefix for the largest value drawn; a new prefix rescales every series.
    const ScaledUnit scale = d->yUnit.isEmpty() ? ScaledUnit{1, std::string()} : scaleFor(yabs, d->yUnit.toStdString());
    // Large counts on x read as thousands or millions ("Samples (millions)"), not 5000000.
    const double xFactor = m_logX ? 1.0 : xmax >= 1e9 ? 1e9 : xmax >= 1e6 ? 1e6 : xmax >= 1e4 ? 1e3 : 1.0;
    const bool rescaled = scale.factor != d->scale.factor || scale.unit != d->scale.unit || xFactor != d->xFactor;
    d->scale = scale;
    d->xFactor = xFactor;
    d->xAxis->setTitleText(xFactor == 1 ? d->xTitle
                           : QStringLiteral("%1 (%2)").arg(d->xTitle, xFactor == 1e3   ? tr("thousands")
                                                                      : xFactor == 1e6 ? tr("millions")
                                                                                       : tr("billions")));
    const QString unit = QString::fromStdString(scale.unit);
    d->yAxis->setTitleText(unit.isEmpty() ? d->yTitle : QStringLiteral("%1 (%2)").arg(d->yTitle, unit));
    // Before the series: a zoom follows a new prefix (it is kept on the same values).
    const ChartAxisFormat xFormat{
        .logarithmic = m_logX, .integer = d->integerX && xFactor == 1, .title = d->xTitle, .factor = xFactor};
    const ChartAxisFormat yFormat{
        .logarithmic = m_logY, .integer = d->integerY || (wholeY && scale.factor == 1 && m_smoothing == 0), .title = d->yTitle,
        .unit = d->yUnit, .factor = scale.factor};
    d->view->setAxes(d->xAxis, xFormat, d->yAxis, yFormat);
    // Zoomed in: the points decimated are those of the x range shown (and one either side).
    const QRectF shown = d->view->shownRange();
    const bool zoomed = d->view->isZoomed();
    for (auto& s : d->series) {
        if (!s.dirty && !rescaled)
            continue;
        QList<QPointF> scaled;
        scaled.reserve(s.points.size());
        for (const QPointF& p : s.points) {
            if (!std::isfinite(p.y()) || (m_logY && p.y() <= 0) || (m_logX && p.x() <= 0))
                continue;
            scaled.append(QPointF(p.x() / xFactor, p.y() / scale.factor));
        }
        QList<QPointF> plotted = smooth(scaled, m_smoothing);
        if (!plotted.isEmpty() && s.holdTo / xFactor > plotted.last().x())
            plotted.append(QPointF(s.holdTo / xFactor, plotted.last().y()));
        if (m_stepped && plotted.size() > 1) { // each value holds until the next point's x
            QList<QPointF> steps;
            steps.reserve(2 * plotted.size());
            for (qsizetype i = 0; i < plotted.size(); ++i) {
                if (i > 0 && plotted[i].x() > plotted[i - 1].x() && plotted[i].y() != plotted[i - 1].y())
                    steps.append(QPointF(plotted[i].x(), plotted[i - 1].y()));
                steps.append(plotted[i]);
            }
            plotted = std::move(steps);
        }
        if (m_logX || m_logY)
            for (QPointF& p : plotted)
                p = QPointF(m_logX ? std::log10(p.x()) : p.x(), m_logY ? std::log10(std::max(p.y(), 1e-300)) : p.y());
        if (zoomed && plotted.size() > budget) {
            qsizetype first = 0, last = plotted.size() - 1;
            while (first + 1 < plotted.size() && plotted[first + 1].x() < shown.left())
                ++first;
            while (last > first && plotted[last - 1].x() > shown.right())
                --last;
            plotted = plotted.mid(first, last - first + 1);
        }
        const QList<QPointF> drawn = decimate(plotted, budget);
        s.line->replace(drawn);
        s.drawn = int(drawn.size());
        s.dirty = false;
        ++m_replaceCalls;
    }
    // The axes: the data padded (or the user's zoom), as many labels as the plot has room for.
    if (xmin <= xmax)
        d->view->setDataRange(xmin / xFactor, (xmax == xmin && !m_logX ? xmin + 1 : xmax) / xFactor, ymin / scale.factor,
                              ymax / scale.factor);
}

bool LiveLineChart::exportTo(const QString& path, QString* error)
{
    flush();
    return exportWidgetImage(d->view, path, error);
}

void appendRecorded(LiveLineChart* chart, const QHash<QString, QList<QPointF>>& history, const QString& metric,
                    const QString& series, const QColor& colour, QHash<QString, qsizetype>& consumed)
{
    const auto it = history.constFind(metric);
    if (it == history.cend())
        return;
    const qsizetype done = consumed.value(metric, 0);
    if (it->size() <= done)
        return;
    const QList<QPointF> fresh = it->mid(done);
    chart->append(series, std::span<const QPointF>(fresh.constData(), std::size_t(fresh.size())));
    chart->setSeriesColor(series, colour);
    consumed[metric] = it->size();
}

void appendRecordedFeeds(std::span<LiveLineChart* const> charts, const QHash<QString, QList<QPointF>>& history,
                         std::span<const RecordedFeed> feeds, QHash<QString, qsizetype>& consumed)
{
    for (const RecordedFeed& f : feeds)
        appendRecorded(charts[std::size_t(f.chart)], history, QString::fromLatin1(f.metric), QString::fromUtf8(f.series),
                       f.colour, consumed);
}

} // namespace mapscape
