// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/bar_chart.h"

#include "core/util/units.h"
#include "widgets/charts/axis_ticks.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/chart_parts.h"
#include "widgets/charts/chart_view.h"

#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QLegend>
#include <QStackedBarSeries>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace mapscape {

/// Categories at 0, 1, … along x (a value axis, so that the view zooms and pans it), values from
/// 0 up y; both axes kept for the chart's life, the series replaced.
struct BarChart::Private : ChartParts {
    QAbstractBarSeries* series = nullptr;
    QList<BarSet> sets;
    QString valueTitle, unit;
    QColor highlight{0x8b, 0, 0};
    bool unitOnly = false;
    bool drawn = false;
};

BarChart::BarChart(QWidget* parent)
    : QWidget(parent)
    , d(new Private)
{
    d->createChart(Qt::AlignBottom);
    d->chart->setMargins(QMargins(4, 4, 4, 4));
    d->xAxis->setGridLineVisible(false);
    d->xAxis->setVisible(false);
    d->yAxis->setVisible(false);
    d->createView(this)->setRenderHint(QPainter::Antialiasing);
    d->view->setReadout([this](const ChartHover& h) {
        if (!h.barSet)
            return QString();
        const QString custom = m_readout ? m_readout(h.setIndex, h.category) : QString();
        return custom.isEmpty() ? describe(h.setIndex, h.category) : custom;
    });
    connect(d->view, &ChartView::barClicked, this, &BarChart::barClicked);
}

BarChart::~BarChart() { delete d; }

void BarChart::setCategoryTitle(const QString& title) { d->xAxis->setTitleText(title); }

void BarChart::setUnitOnlyValueTitle(bool on) { d->unitOnly = on; }

void BarChart::setHighlightColour(const QColor& colour) { d->highlight = colour; }

void BarChart::setReadout(std::function<QString(int, int)> text) { m_readout = std::move(text); }

void BarChart::setBars(const QString& title, const QStringList& categories, const QList<BarSet>& sets,
                       const QString& valueTitle, const QString& unit, Layout layout)
{
    d->chart->setTitle(title);
    if (d->series) {
        d->chart->removeSeries(d->series);
        delete d->series;
        d->series = nullptr;
    }
    if (categories != m_categories)
        d->view->resetZoom(); // other bars: the zoom meant nothing for them
    m_categories = categories;
    d->sets = sets;
    d->valueTitle = valueTitle;
    d->unit = unit;
    // The top of the bars (of the stacks), for the value axis's range and prefix.
    double top = 0;
    for (qsizetype i = 0; i < categories.size(); ++i) {
        double sum = 0;
        for (const BarSet& s : sets) {
            const double v = i < s.values.size() && std::isfinite(s.values[i]) ? std::max(0.0, s.values[i]) : 0.0;
            sum = layout == Layout::Stacked ? sum + v : std::max(sum, v);
        }
        top = std::max(top, sum);
    }
    d->drawn = top > 0;
    d->xAxis->setVisible(d->drawn);
    d->yAxis->setVisible(d->drawn);
    d->chart->legend()->setVisible(d->drawn && sets.size() > 1);
    if (!d->drawn) { // nothing to draw (no selection, an invalid layer): the title alone, no axis of zeros
        m_valueAxisTitle = valueTitle;
        return;
    }
    const ScaledUnit scale = scaleFor(top, unit.toStdString());
    const QString prefixed = QString::fromStdString(scale.unit);
    m_valueAxisTitle = prefixed.isEmpty() ? valueTitle
                       : d->unitOnly     ? prefixed
                                         : QStringLiteral("%1 (%2)").arg(valueTitle, prefixed);
    d->yAxis->setTitleText(m_valueAxisTitle);
    QAbstractBarSeries* series = layout == Layout::Stacked ? static_cast<QAbstractBarSeries*>(new QStackedBarSeries)
                                                           : static_cast<QAbstractBarSeries*>(new QBarSeries);
    for (const BarSet& s : sets) {
        auto* set = new QBarSet(s.name);
        for (qsizetype i = 0; i < categories.size(); ++i)
            set->append(i < s.values.size() && std::isfinite(s.values[i]) ? std::max(0.0, s.values[i]) / scale.factor : 0.0);
        if (s.colour.isValid())
            set->setColor(s.colour);
        set->setSelectedColor(d->highlight);
        for (int i : s.highlighted)
            if (i >= 0 && i < set->count())
                set->selectBar(i);
        series->append(set);
    }
    d->attach(series);
    d->series = series;
    d->view->setAxes(d->xAxis, {.title = d->xAxis->titleText(), .categories = categories}, d->yAxis,
                     {.title = valueTitle, .unit = unit, .factor = scale.factor, .fromZero = true});
    d->view->setDataRange(0, std::max<double>(0, double(categories.size()) - 1), 0, top / scale.factor);
}

QString BarChart::describe(int set, int category) const
{
    if (set < 0 || set >= d->sets.size() || category < 0 || category >= m_categories.size())
        return {};
    const BarSet& s = d->sets[set];
    const double v = category < s.values.size() ? s.values[category] : 0.0;
    const auto quantity = [this](double x) { return QString::fromStdString(formatQuantity(x, d->unit.toStdString(), 4)); };
    const QString what = s.name.isEmpty() || d->sets.size() == 1 ? m_categories[category]
                                                                 : QStringLiteral("%1 · %2").arg(m_categories[category], s.name);
    QString text = what + QLatin1Char('\n') + (d->valueTitle.isEmpty() ? quantity(v) : d->valueTitle + QStringLiteral(": ") + quantity(v));
    if (d->series && qobject_cast<const QStackedBarSeries*>(d->series) && d->sets.size() > 1) {
        double total = 0;
        for (const BarSet& o : d->sets)
            total += category < o.values.size() && std::isfinite(o.values[category]) ? std::max(0.0, o.values[category]) : 0.0;
        text += tr(" of %1 in all").arg(quantity(total));
    }
    return text;
}

QStringList BarChart::valueLabels() const { return d->drawn ? tickLabels(d->yAxis) : QStringList(); }

QStringList BarChart::categoryLabels() const
{
    QStringList out;
    if (d->drawn)
        for (const QString& l : tickLabels(d->xAxis))
            out.append(QString(l).remove(QChar(0x200B)));
    return out;
}

QStringList BarChart::clippedTitles() const { return clippedAxisTitles(d->chart); }

QPoint BarChart::barPosition(int set, int category) const
{
    if (!d->series || set < 0 || set >= d->series->count() || category < 0 || category >= m_categories.size())
        return {-1, -1};
    const QList<QBarSet*> sets = d->series->barSets();
    const double w = d->series->barWidth();
    double x = category, y0 = 0, y1 = sets[set]->at(category);
    if (qobject_cast<const QStackedBarSeries*>(d->series)) {
        for (int k = 0; k < set; ++k)
            y0 += sets[k]->at(category);
        y1 += y0;
    } else {
        x += -w / 2 + (set + 0.5) * w / double(sets.size());
    }
    const QPointF scene = d->chart->mapToScene(d->chart->mapToPosition(QPointF(x, (y0 + y1) / 2), d->series));
    return d->view->mapFromScene(scene);
}

ChartView* BarChart::view() const { return d->view; }

bool BarChart::exportTo(const QString& path, QString* error) { return exportWidgetImage(d->view, path, error); }

EnergyBreakdownChart::EnergyBreakdownChart(QWidget* parent)
    : BarChart(parent)
{
    setUnitOnlyValueTitle(true); // the quantity is in the chart's title; short charts keep the axis title short
    setMinimumHeight(220);
}

void EnergyBreakdownChart::setBreakdown(const QString& title, const QStringList& categories,
                                        const QList<double>& dynamicPj, const QList<double>& staticPj)
{
    setStacks(title, categories, {{tr("dynamic"), dynamicPj}, {tr("static"), staticPj}}, tr("Energy"),
              QStringLiteral("pJ"));
}

void EnergyBreakdownChart::setStacks(const QString& title, const QStringList& categories,
                                     const QList<QPair<QString, QList<double>>>& sets, const QString& axisTitle,
                                     const QString& unit)
{
    QList<BarSet> bars;
    for (const auto& s : sets)
        bars.append({s.first, s.second, {}, {}});
    setBars(title, categories, bars, axisTitle, unit, Layout::Stacked);
}

} // namespace mapscape
