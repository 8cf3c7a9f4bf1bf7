// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Mean ± std curves over seeds: per method a mean line with a translucent band one standard
/// deviation either side, and dashed horizontal reference lines (the paper's values). A chart is
/// replaced as a whole by setCurves (one replace() per series); hovering names each method's mean
/// ± std at the x under the cursor; the wheel, drags and a double-click zoom, pan and reset
/// (chart_view.h). Qt Charts types stay inside widgets/charts/.

#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <vector>

namespace mapscape {

class ChartView;

struct BandCurve {
    QString name;            ///< legend text ("EGRL (5 runs)")
    QColor colour;
    QList<double> x, mean, stddev;
    QList<int> count;        ///< runs behind each point
};

struct ReferenceLine {
    QString name;            ///< legend text ("EGRL, paper 1.28")
    QColor colour;
    double y = 0;
};

/// GUI thread only.
class BandChart : public QWidget {
    Q_OBJECT

public:
    explicit BandChart(QWidget* parent = nullptr);
    ~BandChart() override;

    void setTitle(const QString& title);
    void setAxisTitles(const QString& x, const QString& y);
    /// Replaces what the chart shows; the axes span the curves, their bands and the references.
    void setCurves(const std::vector<BandCurve>& curves, const std::vector<ReferenceLine>& references);

    QStringList curveNames() const;
    QStringList referenceNames() const;
    /// The y axis as drawn (tests).
    QPointF yRange() const;
    /// The tick labels as drawn (tests).
    QStringList xTickLabels() const;
    QStringList yTickLabels() const;
    /// What hovering at x says (also the tooltip text).
    QString describeAt(double x) const;
    QStringList clippedTitles() const;
    bool exportTo(const QString& path, QString* error = nullptr);

    /// The view: zoom, pan, reset and the read-out (chart_view.h).
    ChartView* view() const;

private:
    struct Private;
    Private* d;
};

} // namespace mapscape
