// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Bar charts: one bar per category and set, grouped side by side or stacked, in engineering
/// units of the values' unit (pJ become µJ or mJ as the values need). Explored as every chart
/// (chart_view.h): the wheel and drags zoom and pan (categories along x, values up y), a
/// double-click resets; hovering a bar reads out its category, set and value with its unit (in a
/// stack, the segment under the cursor; in a group, the bar's slot at any height, so that short
/// bars read too). The value axis starts at 0 and is ticked for the plot's height, recomputed on
/// resize, so that its labels never elide. Qt Charts types stay inside widgets/charts/.

#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <functional>

namespace mapscape {

class ChartView;

/// One set of bars: a value per category (in the chart's unit, before prefixes).
struct BarSet {
    QString name;               ///< legend text and the read-out's name of the set
    QList<double> values;       ///< one per category; missing ones are 0
    QColor colour;              ///< invalid: the chart theme's next colour
    QList<int> highlighted;     ///< categories whose bar is drawn in the chart's highlight colour
};

/// GUI thread only.
class BarChart : public QWidget {
    Q_OBJECT

public:
    enum class Layout { Grouped, Stacked };

    explicit BarChart(QWidget* parent = nullptr);
    ~BarChart() override;

    /// Replaces what the chart shows. `valueTitle` names the values ("Energy") and `unit` is
    /// theirs before prefixes ("pJ"); with nothing above zero to draw (no categories, all zeros)
    /// the chart shows its title alone, without an axis of zeros.
    void setBars(const QString& title, const QStringList& categories, const QList<BarSet>& sets, const QString& valueTitle,
                 const QString& unit, Layout layout);
    /// The category axis's title ("" for none).
    void setCategoryTitle(const QString& title);
    /// The value axis titled with the (prefixed) unit alone, the quantity being in the chart's
    /// title (short charts); otherwise "Title (unit)".
    void setUnitOnlyValueTitle(bool on);
    /// Colour of highlighted bars (BarSet::highlighted).
    void setHighlightColour(const QColor& colour);
    /// What hovering a bar says; "" (or no function) gives the default: "<category> · <set>" and
    /// "<value title>: <value with unit>".
    void setReadout(std::function<QString(int set, int category)> text);
    /// The default read-out of a bar.
    QString describe(int set, int category) const;

    QStringList categories() const { return m_categories; }
    QString valueAxisTitle() const { return m_valueAxisTitle; }
    /// The value axis's labels as drawn; empty when there is nothing to draw.
    QStringList valueLabels() const;
    /// The category axis's labels as drawn (those of the range shown).
    QStringList categoryLabels() const;
    QStringList clippedTitles() const;
    /// The viewport position of the middle of a bar (tests); (-1, -1) when it is not drawn.
    QPoint barPosition(int set, int category) const;
    /// The view: zoom, pan, reset and the read-out (chart_view.h).
    ChartView* view() const;
    /// PNG (or any raster format Qt knows) or SVG by the file suffix. False + message on error.
    bool exportTo(const QString& path, QString* error = nullptr);

Q_SIGNALS:
    /// The user clicked a bar.
    void barClicked(int set, int category);

private:
    struct Private;
    Private* d;
    QStringList m_categories;
    QString m_valueAxisTitle;
    std::function<QString(int, int)> m_readout;
};

/// Stacked bars per category (hierarchy level, tensor, component, …), one set per stack layer:
/// the energy of each level of a schedule or a loop nest, a design's area or power per component.
class EnergyBreakdownChart : public BarChart {
    Q_OBJECT

public:
    explicit EnergyBreakdownChart(QWidget* parent = nullptr);
    /// Dynamic and static energy in pJ per category (the scheduling-table levels).
    void setBreakdown(const QString& title, const QStringList& categories, const QList<double>& dynamicPj,
                      const QList<double>& staticPj);
    /// General form: `sets` are (name, one value per category) stacked in order.
    void setStacks(const QString& title, const QStringList& categories,
                   const QList<QPair<QString, QList<double>>>& sets, const QString& axisTitle, const QString& unit);
};

} // namespace mapscape
