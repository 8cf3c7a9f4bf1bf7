// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Axis ticks Mapscape chooses itself, so that every chart axis is labelled at any data span:
/// round values (1, 2, 5 × 10ᵏ), whole numbers for counts, linear or logarithmic, labels in
/// engineering notation (12.5, 0.003, 250 k, 4 M; never "1e+03"). Qt Charts' own value axes
/// give non-round ticks, and its log axis labels only powers of its base, so a log axis over
/// less than a decade shows no label at all.

#include <QString>
#include <QStringList>

#include <vector>

class QCategoryAxis;

namespace mapscape {

struct AxisTicks {
    double lo = 0, hi = 1;       ///< the axis range (data values; both > 0 on a log axis)
    std::vector<double> values;  ///< tick positions (data values), ascending, within [lo, hi]
    QStringList labels;          ///< one per value, all distinct
    double step = 0;             ///< the linear step (0 for decade ticks on a log axis)
};

/// Ticks for data in [lo, hi]: about `target` round steps, the range widened to whole steps.
/// `integer`: steps of at least 1 (counts). A single value gets a small range around it.
AxisTicks linearTicks(double lo, double hi, bool integer = false, int target = 5);

/// Ticks for positive data in [lo, hi] on a log scale, the range padded by 10 %: decades
/// (thinned when there are many), or 1, 2 and 5 × 10ᵏ when fewer than three decades fall inside,
/// or round linear steps when the data span less than about half a decade.
AxisTicks logTicks(double lo, double hi, int target = 5);

/// A range to tick as it is: a padded or zoomed range, not widened to whole steps.
struct TickRange {
    double lo = 0, hi = 1;    ///< the axis range (data values; both > 0 on a log axis)
    bool logarithmic = false;
    bool integer = false;     ///< whole-number steps (counts)
    int target = 5;           ///< about this many steps over the data
    /// The part of the range on each side that pads the data (ChartView's margin, a fraction of
    /// the data's span; on a log axis of its decades): the steps suit the data, not the padding.
    double margin = 0;
    /// A range too short for three round values (counts over less than two steps) is extended
    /// upwards to the next one, so that even a flat line reads against a scale.
    bool atLeastThree = false;
};

/// The round values of linearTicks / logTicks (or, on a log axis over less than a few 1-2-5
/// values, round linear steps) that fall inside the range; lo and hi are the range's.
AxisTicks ticksWithin(const TickRange& range);

/// A tick label: enough digits to tell ticks `step` apart, an SI prefix (k, M, G, T, m, µ, n, p)
/// outside [0.001, 10 000), never an exponent.
QString tickLabel(double value, double step);

/// How many steps suit a horizontal axis `width` pixels long, or a vertical one `height` long
/// (labels about 80 and 30 pixels apart; 5 before the chart is laid out).
int horizontalTickTarget(double width);
int verticalTickTarget(double height);

/// A single value in the labels' style with `digits` significant digits ("9840", "12.5 k").
QString significantLabel(double value, int digits = 3);

/// Puts `ticks` on a category axis that plots x (linear) or log10(x) (`logarithmic`).
void applyTicks(QCategoryAxis* axis, const AxisTicks& ticks, bool logarithmic);

/// A new linear axis with `ticks` (bar charts' value axes).
QCategoryAxis* newTickedAxis(const AxisTicks& ticks);

/// The labels an axis shows (tests).
QStringList tickLabels(const QCategoryAxis* axis);

} // namespace mapscape
