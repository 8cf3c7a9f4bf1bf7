// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/band_chart.h"

#include "widgets/charts/axis_ticks.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/chart_parts.h"
#include "widgets/charts/chart_view.h"

#include <QAreaSeries>
#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QCategoryAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace mapscape {

/// The view zooms, pans and reads out by x; ticks from axis_ticks.h.
struct BandChart::Private : ChartParts {
    std::vector<BandCurve> curves;
    std::vector<ReferenceLine> references;
    /// The series drawn, kept while the curves and references keep their names and colours so
    /// that a refresh is one replace() per series.
    struct Drawn {
        QLineSeries* upper = nullptr;
        QLineSeries* lower = nullptr;
        QLineSeries* mean = nullptr;
    };
    std::vector<Drawn> drawn;
    std::vector<QLineSeries*> referenceLines;
    QStringList signature;
};

BandChart::BandChart(QWidget* parent)
    : QWidget(parent)
    , d(new Private)
{
    // A column on the right: each method's curve and paper line keep their full names.
    d->createChart(Qt::AlignRight);
    d->chart->setMargins(QMargins(4, 4, 4, 4));
    d->createView(this)->setRenderHint(QPainter::Antialiasing);
    d->view->setHoverAnywhere(true);
    d->view->setReadout([this](const ChartHover& h) { return describeAt(h.value.x()); });
}

BandChart::~BandChart() { delete d; }

void BandChart::setTitle(const QString& title) { d->chart->setTitle(title); }

void BandChart::setAxisTitles(const QString& x, const QString& y)
{
    d->xAxis->setTitleText(x);
    d->yAxis->setTitleText(y);
}

void BandChart::setCurves(const std::vector<BandCurve>& curves, const std::vector<ReferenceLine>& references)
{
    d->curves.clear();
    for (const BandCurve& c : curves)
        if (!c.x.isEmpty())
            d->curves.push_back(c);
    d->references = references;
    QStringList signature;
    for (const BandCurve& c : d->curves)
        signature << c.name << c.colour.name();
    signature << QStringLiteral("|");
    for (const ReferenceLine& r : references)
        signature << r.name << r.colour.name();
    if (signature != d->signature) {
        // Other curves: new series, one legend entry per method (the band's marker is hidden).
        d->chart->removeAllSeries();
        d->drawn.clear();
        d->referenceLines.clear();
        d->signature = signature;
        for (const BandCurve& c : d->curves) {
            Private::Drawn drawn{new QLineSeries, new QLineSeries, new QLineSeries};
            auto* band = new QAreaSeries(drawn.upper, drawn.lower);
            // An area series does not own its boundary lines: deleted with it.
            drawn.upper->setParent(band);
            drawn.lower->setParent(band);
            QColor fill = c.colour;
            fill.setAlphaF(0.18f);
            band->setBrush(fill);
            band->setPen(Qt::NoPen);
            band->setName(c.name + tr(" ± std"));
            d->attach(band);
            drawn.mean->setName(c.name);
            drawn.mean->setPen(QPen(c.colour, 2.2));
            d->attach(drawn.mean);
            for (QLegendMarker* m : d->chart->legend()->markers(band))
                m->setVisible(false);
            d->drawn.push_back(drawn);
        }
        for (const ReferenceLine& r : references) {
            auto* line = new QLineSeries;
            line->setName(r.name);
            line->setPen(QPen(r.colour, 1.6, Qt::DashLine));
            d->attach(line);
            d->referenceLines.push_back(line);
        }
    }

    double x0 = 0, x1 = d->curves.empty() ? 4000 : 1; // nothing yet: the paper's budget
    double y0 = INFINITY, y1 = -INFINITY;
    for (std::size_t k = 0; k < d->curves.size(); ++k) {
        const BandCurve& c = d->curves[k];
        QList<QPointF> upper, lower, mean;
        for (qsizetype i = 0; i < c.x.size(); ++i) {
            upper.append({c.x[i], c.mean[i] + c.stddev[i]});
            lower.append({c.x[i], c.mean[i] - c.stddev[i]});
            mean.append({c.x[i], c.mean[i]});
            x1 = std::max(x1, c.x[i]);
            y0 = std::min(y0, lower.back().y());
            y1 = std::max(y1, upper.back().y());
        }
        d->drawn[k].upper->replace(upper);
        d->drawn[k].lower->replace(lower);
        d->drawn[k].mean->replace(mean);
    }
    for (const ReferenceLine& r : references) {
        y0 = std::min(y0, r.y);
        y1 = std::max(y1, r.y);
    }
    if (!std::isfinite(y0)) {
        y0 = 0;
        y1 = 1;
    }
    // The axes: the curves, bands and references padded by a margin, or the user's zoom.
    d->view->setAxes(d->xAxis, {.integer = true, .title = d->xAxis->titleText()}, d->yAxis, {.title = d->yAxis->titleText()});
    d->view->setDataRange(x0, x1, y0, y1);
    // Reference lines reach past the axis, also zoomed out or panned.
    const double reach = 100 * (x1 - x0);
    for (std::size_t k = 0; k < references.size(); ++k)
        d->referenceLines[k]->replace(QList<QPointF>{{x0 - reach, references[k].y}, {x1 + reach, references[k].y}});
}

QStringList BandChart::curveNames() const
{
    QStringList names;
    for (const BandCurve& c : d->curves)
        names << c.name;
    return names;
}

QStringList BandChart::referenceNames() const
{
    QStringList names;
    for (const ReferenceLine& r : d->references)
        names << r.name;
    return names;
}

QPointF BandChart::yRange() const { return {d->view->yTicks().lo, d->view->yTicks().hi}; }

ChartView* BandChart::view() const { return d->view; }
QStringList BandChart::xTickLabels() const { return tickLabels(d->xAxis); }
QStringList BandChart::yTickLabels() const { return tickLabels(d->yAxis); }

QString BandChart::describeAt(double x) const
{
    QStringList lines;
    for (const BandCurve& c : d->curves) {
        if (c.x.isEmpty() || x < c.x.front())
            continue;
        const auto it = std::upper_bound(c.x.cbegin(), c.x.cend(), x);
        const auto i = qsizetype(std::max<std::ptrdiff_t>(0, (it - c.x.cbegin()) - 1));
        lines << tr("%1: %2 ± %3 (%4 runs)").arg(c.name).arg(c.mean[i], 0, 'f', 3).arg(c.stddev[i], 0, 'f', 3).arg(c.count[i]);
    }
    for (const ReferenceLine& r : d->references)
        lines << tr("%1 (dashed)").arg(r.name);
    if (lines.isEmpty())
        return {};
    return tr("At iteration %1:").arg(qint64(std::lround(x))) + QLatin1Char('\n') + lines.join(QLatin1Char('\n'));
}

QStringList BandChart::clippedTitles() const { return clippedAxisTitles(d->chart); }

bool BandChart::exportTo(const QString& path, QString* error) { return exportWidgetImage(d->view, path, error); }

} // namespace mapscape
