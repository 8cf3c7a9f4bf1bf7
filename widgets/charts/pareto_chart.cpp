// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/pareto_chart.h"

#include "core/optim/pareto.h"
#include "core/util/units.h"
#include "widgets/charts/axis_ticks.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/chart_parts.h"
#include "widgets/charts/chart_view.h"

#include <QChart>
#include <QHash>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QCategoryAxis>
#include <QScatterSeries>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace mapscape {

namespace {
constexpr int kFrameIntervalMs = 33;
constexpr double kCellsPerDecade = 60;
constexpr int kColorBins = 6;

/// A sequential colour map (dark blue → yellow), for the third objective's bins.
QColor binColor(int bin, int bins)
{
    static const QColor stops[] = {QColor(68, 1, 84), QColor(59, 82, 139), QColor(33, 145, 140), QColor(94, 201, 98),
                                   QColor(253, 231, 37)};
    const double t = bins > 1 ? double(bin) / double(bins - 1) : 0.0;
    const double pos = t * 4;
    const int i = std::min(3, int(pos));
    const double f = pos - i;
    const QColor& a = stops[i];
    const QColor& b = stops[i + 1];
    return QColor(int(a.red() + f * (b.red() - a.red())), int(a.green() + f * (b.green() - a.green())),
                  int(a.blue() + f * (b.blue() - a.blue())), 200);
}

QString axisTitle(const QString& title, const ScaledUnit& s)
{
    return s.unit.empty() ? title : QStringLiteral("%1 (%2)").arg(title, QString::fromStdString(s.unit));
}

} // namespace

/// The view zooms, pans, reads out and clicks. Log-log: the series hold log10 of the
/// (unit-scaled) values; ticks from axis_ticks.h on the range shown.
struct ParetoChart::Private : ChartParts {
    QScatterSeries* cloud = nullptr;
    std::vector<QScatterSeries*> bins; ///< 3-objective mode: the cloud by colour-value range
    QLineSeries* frontLine = nullptr;
    QScatterSeries* frontDots = nullptr;
    QString xTitle = QStringLiteral("Cycles"), xUnit = QStringLiteral("cycles");
    QString yTitle = QStringLiteral("Energy"), yUnit = QStringLiteral("pJ");
    QString zTitle, zUnit;
    std::size_t held = 0;
    std::vector<Point2> front;
    std::vector<std::array<double, 3>> front3;
    /// One representative point per cell of a fixed log-log grid: redraws cost O(cells), not
    /// O(points), however long a run evaluates.
    std::unordered_map<std::int64_t, std::array<double, 3>> cells;
    double x0 = HUGE_VAL, x1 = -HUGE_VAL, y0 = HUGE_VAL, y1 = -HUGE_VAL, z0 = HUGE_VAL, z1 = -HUGE_VAL;
    int drawn = 0;
    /// The values behind each drawn point (unscaled, with the colour value), in series order:
    /// the read-out and clicks give the design's exact values.
    QHash<const QXYSeries*, std::vector<std::array<double, 3>>> shownValues;
};

ParetoChart::ParetoChart(QWidget* parent)
    : QWidget(parent)
    , d(new Private)
{
    d->createChart(Qt::AlignBottom);
    d->cloud = new QScatterSeries;
    d->cloud->setName(tr("evaluated designs"));
    d->cloud->setMarkerSize(4);
    d->cloud->setBorderColor(Qt::transparent);
    d->cloud->setColor(QColor(120, 144, 180, 140));
    d->frontLine = new QLineSeries;
    d->frontLine->setName(tr("non-dominated (Pareto front)"));
    d->frontLine->setColor(QColor(200, 40, 40));
    d->frontDots = new QScatterSeries;
    d->frontDots->setMarkerSize(7);
    d->frontDots->setColor(QColor(200, 40, 40));
    d->attach(d->cloud);
    d->attach(d->frontLine);
    d->attach(d->frontDots);
    d->chart->legend()->markers(d->frontDots).first()->setVisible(false);
    d->createView(this)->setReadout([this](const ChartHover& h) {
        const std::optional<ParetoPoint> p = pointOf(h.series, h.index);
        return p ? describe(*p) : QString();
    });
    connect(d->view, &ChartView::pointClicked, this, [this](const QXYSeries* series, int index) {
        if (const std::optional<ParetoPoint> p = pointOf(series, index))
            Q_EMIT pointClicked(*p);
    });
    m_timer.setSingleShot(true);
    m_timer.setInterval(kFrameIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &ParetoChart::redraw);
    setAxes(d->xTitle, d->xUnit, d->yTitle, d->yUnit);
}

std::optional<ParetoPoint> ParetoChart::pointOf(const QXYSeries* series, int index) const
{
    const auto it = d->shownValues.constFind(series);
    if (it == d->shownValues.cend() || index < 0 || std::size_t(index) >= it->size())
        return std::nullopt;
    return ParetoPoint{(*it)[std::size_t(index)], series == d->frontDots || series == d->frontLine};
}

QString ParetoChart::describe(const ParetoPoint& p) const
{
    const auto line = [](const QString& title, double v, const QString& unit) {
        return title + QStringLiteral(": ") + QString::fromStdString(formatQuantity(v, unit.toStdString(), 4));
    };
    const QString kind = !p.nonDominated      ? tr("Evaluated design")
                         : threeObjectives() ? tr("Non-dominated in all three objectives")
                                             : tr("On the Pareto front");
    QStringList lines{kind, line(d->xTitle, p.values[0], d->xUnit), line(d->yTitle, p.values[1], d->yUnit)};
    if (threeObjectives())
        lines << line(d->zTitle, p.values[2], d->zUnit);
    if (m_designText)
        if (const QString design = m_designText(p); !design.isEmpty())
            lines << design;
    return lines.join(QLatin1Char('\n'));
}

void ParetoChart::setDesignText(std::function<QString(const ParetoPoint&)> text) { m_designText = std::move(text); }

ChartView* ParetoChart::view() const { return d->view; }

ParetoChart::~ParetoChart() { delete d; }

void ParetoChart::setTitle(const QString& title) { d->chart->setTitle(title); }

void ParetoChart::setAxes(const QString& xTitle, const QString& xUnit, const QString& yTitle, const QString& yUnit)
{
    d->xTitle = xTitle;
    d->xUnit = xUnit;
    d->yTitle = yTitle;
    d->yUnit = yUnit;
    d->xAxis->setTitleText(axisTitle(xTitle, ScaledUnit{1, xUnit.toStdString()}));
    d->yAxis->setTitleText(axisTitle(yTitle, ScaledUnit{1, yUnit.toStdString()}));
    schedule();
}

void ParetoChart::setColorDimension(const QString& title, const QString& unit)
{
    d->zTitle = title;
    d->zUnit = unit;
    const bool three = !title.isEmpty();
    d->cloud->setVisible(!three);
    d->frontLine->setName(three ? tr("non-dominated in all three objectives") : tr("non-dominated (Pareto front)"));
    d->frontLine->setVisible(!three);
    if (three && d->bins.empty()) {
        for (int b = 0; b < kColorBins; ++b) {
            auto* s = new QScatterSeries;
            s->setMarkerSize(5);
            s->setBorderColor(Qt::transparent);
            s->setColor(binColor(b, kColorBins));
            d->attach(s);
            d->bins.push_back(s);
        }
        // The outlined non-dominated set on top.
        d->chart->removeSeries(d->frontDots);
        d->attach(d->frontDots);
        d->chart->legend()->markers(d->frontDots).first()->setVisible(three);
    }
    for (QScatterSeries* s : d->bins)
        s->setVisible(three);
    if (three) {
        d->frontDots->setName(tr("non-dominated (3 objectives)"));
        d->frontDots->setColor(Qt::transparent);
        d->frontDots->setBorderColor(Qt::black);
        d->frontDots->setMarkerSize(9);
    } else {
        d->frontDots->setColor(QColor(200, 40, 40));
        d->frontDots->setBorderColor(QColor(200, 40, 40));
        d->frontDots->setMarkerSize(7);
        if (!d->chart->legend()->markers(d->frontDots).isEmpty())
            d->chart->legend()->markers(d->frontDots).first()->setVisible(false);
    }
    schedule();
}

bool ParetoChart::threeObjectives() const { return !d->zTitle.isEmpty(); }

void ParetoChart::schedule()
{
    if (!m_timer.isActive())
        m_timer.start();
}

void ParetoChart::append(std::span<const QPointF> points)
{
    std::vector<std::array<double, 3>> xyz;
    xyz.reserve(points.size());
    for (const QPointF& p : points)
        xyz.push_back({p.x(), p.y(), 0.0});
    append(std::span<const std::array<double, 3>>(xyz));
}

void ParetoChart::append(std::span<const std::array<double, 3>> points)
{
    std::vector<Point2> fresh;
    fresh.reserve(points.size());
    for (const auto& p : points) {
        if (!(p[0] > 0 && p[1] > 0 && std::isfinite(p[0]) && std::isfinite(p[1])))
            continue; // log axes
        ++d->held;
        d->x0 = std::min(d->x0, p[0]);
        d->x1 = std::max(d->x1, p[0]);
        d->y0 = std::min(d->y0, p[1]);
        d->y1 = std::max(d->y1, p[1]);
        d->z0 = std::min(d->z0, p[2]);
        d->z1 = std::max(d->z1, p[2]);
        const auto cx = std::int64_t(std::floor(std::log10(p[0]) * kCellsPerDecade));
        const auto cy = std::int64_t(std::floor(std::log10(p[1]) * kCellsPerDecade));
        d->cells.try_emplace((cx << 32) ^ (cy & 0xffffffff), p);
        fresh.push_back({p[0], p[1]});
        insertNonDominated(d->front3, p);
    }
    if (fresh.empty())
        return;
    d->front = mergeParetoFront(d->front, fresh);
    schedule();
}

void ParetoChart::clear()
{
    d->held = 0;
    d->cells.clear();
    d->x0 = d->y0 = d->z0 = HUGE_VAL;
    d->x1 = d->y1 = d->z1 = -HUGE_VAL;
    d->front.clear();
    d->front3.clear();
    d->cloud->clear();
    for (QScatterSeries* s : d->bins)
        s->clear();
    d->frontLine->clear();
    d->frontDots->clear();
    d->shownValues.clear();
    d->drawn = 0;
    d->view->resetZoom(); // other designs (another run, other objectives)
    m_timer.stop();
}

int ParetoChart::heldPoints() const { return int(d->held); }
int ParetoChart::drawnPoints() const { return d->drawn; }
int ParetoChart::nonDominatedCount() const { return int(d->front3.size()); }
QString ParetoChart::xAxisTitle() const { return d->xAxis->titleText(); }
QString ParetoChart::yAxisTitle() const { return d->yAxis->titleText(); }
QStringList ParetoChart::xTickLabels() const { return tickLabels(d->xAxis); }
QStringList ParetoChart::yTickLabels() const { return tickLabels(d->yAxis); }

QStringList ParetoChart::clippedTitles() const { return clippedAxisTitles(d->chart); }

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
    const ScaledUnit sx = scaleFor(d->x1, d->xUnit.toStdString());
    const ScaledUnit sy = scaleFor(d->y1, d->yUnit.toStdString());
    d->xAxis->setTitleText(axisTitle(d->xTitle, sx));
    d->yAxis->setTitleText(axisTitle(d->yTitle, sy));
    const auto scaled = [&](double x, double y) { return QPointF(std::log10(x / sx.factor), std::log10(y / sy.factor)); };
    const bool three = threeObjectives();
    if (three) {
        // Bins of the colour value, logarithmic when the values span decades.
        const bool logBins = d->z0 > 0 && d->z1 / d->z0 > 20;
        const double lo = logBins ? std::log10(d->z0) : d->z0;
        const double hi = logBins ? std::log10(d->z1) : d->z1;
        const double width = hi > lo ? (hi - lo) / kColorBins : 1;
        std::vector<QList<QPointF>> bins(kColorBins);
        for (QScatterSeries* s : d->bins)
            d->shownValues[s].clear();
        for (const auto& [key, p] : d->cells) {
            const double v = logBins ? std::log10(std::max(p[2], d->z0)) : p[2];
            const int b = std::clamp(int((v - lo) / width), 0, kColorBins - 1);
            bins[std::size_t(b)].append(scaled(p[0], p[1]));
            d->shownValues[d->bins[std::size_t(b)]].push_back(p);
        }
        const ScaledUnit sz = scaleFor(d->z1, d->zUnit.toStdString());
        for (int b = 0; b < kColorBins; ++b) {
            const double a = logBins ? std::pow(10.0, lo + b * width) : lo + b * width;
            const double e = logBins ? std::pow(10.0, lo + (b + 1) * width) : lo + (b + 1) * width;
            d->bins[std::size_t(b)]->setName(QStringLiteral("%1 %2–%3 %4")
                                                 .arg(d->zTitle, significantLabel(a / sz.factor), significantLabel(e / sz.factor),
                                                      QString::fromStdString(sz.unit))
                                                 .trimmed());
            d->bins[std::size_t(b)]->replace(bins[std::size_t(b)]);
        }
        QList<QPointF> nd;
        for (const auto& p : d->front3)
            nd.append(scaled(p[0], p[1]));
        d->frontDots->replace(nd);
        d->shownValues[d->frontDots] = d->front3;
        d->drawn = int(d->cells.size());
    } else {
        QList<QPointF> shown;
        shown.reserve(qsizetype(d->cells.size()));
        auto& values = d->shownValues[d->cloud];
        values.clear();
        for (const auto& [key, p] : d->cells) {
            shown.append(scaled(p[0], p[1]));
            values.push_back(p);
        }
        d->cloud->replace(shown);
        d->drawn = int(shown.size());
        QList<QPointF> f;
        std::vector<std::array<double, 3>> fv;
        for (const Point2& p : d->front) {
            f.append(scaled(p.x, p.y));
            fv.push_back({p.x, p.y, 0.0});
        }
        d->frontLine->replace(f);
        d->frontDots->replace(f);
        d->shownValues[d->frontLine] = fv;
        d->shownValues[d->frontDots] = std::move(fv);
    }
    // The axes: the data padded by a margin (no marker on the edge), or the user's zoom.
    d->view->setAxes(d->xAxis, {.logarithmic = true, .title = d->xTitle, .unit = d->xUnit, .factor = sx.factor}, d->yAxis,
                     {.logarithmic = true, .title = d->yTitle, .unit = d->yUnit, .factor = sy.factor});
    d->view->setDataRange(d->x0 / sx.factor, d->x1 / sx.factor, d->y0 / sy.factor, d->y1 / sy.factor);
}

bool ParetoChart::exportTo(const QString& path, QString* error)
{
    flush();
    return exportWidgetImage(d->view, path, error);
}

} // namespace mapscape
