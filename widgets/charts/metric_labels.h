// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Readable titles, units and axis choices for the metrics optimizers record ("search/best" is
/// "Best latency so far (cycles)" on a log axis over samples), so curves read as a lecturer
/// would label them: the study kind's descriptions (describeMetric) as Qt strings. Unknown
/// metrics keep their recorded name.

#include "core/study/study_kind.h"

#include <QList>
#include <QString>

#include <string>

namespace mapscape {

struct MetricLabel {
    QString title;        ///< "Best latency so far"
    QString unit;         ///< "cycles" (before engineering prefixes)
    QString xTitle;       ///< "Samples (cost-model evaluations)"
    bool logY = false;    ///< best-so-far values span decades: log by default
    bool integerX = true; ///< steps are counts
    QString help;         ///< a tooltip sentence
    QString yAxis;        ///< short y-axis title ("Energy"); the chart title says the rest
    bool bestSoFar = false; ///< recorded at improvements: drawn as steps up to the run's last sample
};

/// The label of a recorded metric for a run of a study kind optimising `objectiveId`.
MetricLabel metricLabel(const QString& name, const StudyKind& kind, const std::string& objectiveId);

/// A value with its unit in engineering notation, as every chart and table shows numbers
/// (formatQuantity): "12.5 mJ", "3.69 M cycles", "7.239 mm²", never "3.69e+06".
QString quantityText(double value, const QString& unit, int significant = 4);

/// One unit for a column of values: the engineering prefix that suits the largest of them, in
/// the column's title ("Latency (k cycles)", "Area (mm²)"), the cells numbers in it ("369.0").
struct ColumnUnit {
    double factor = 1;
    QString unit; ///< prefixed; "" for plain numbers
    QString title(const QString& name) const;
    QString number(double value, int significant = 4) const;
};
ColumnUnit columnUnit(const QList<double>& values, const QString& unit);

/// A number to read and edit in a table cell: six significant digits, never an exponent
/// ("11690000", "0.0325"); QString::toDouble reads it back.
QString editableNumber(double value);

/// A count, whole: "18", "9840", above ten thousand with a prefix ("36.9 k"); `unit` after it.
QString countText(double value, const QString& unit = QString());

} // namespace mapscape
