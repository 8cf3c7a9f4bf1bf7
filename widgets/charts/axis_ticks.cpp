// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/axis_ticks.h"

#include <QCategoryAxis>

#include <algorithm>
#include <cmath>

namespace mapscape {

namespace {

/// The SI prefix exponent (a multiple of 3) for labels whose largest magnitude is `a`: none
/// within [0.001, 10 000).
int prefixExponent(double a)
{
    if (!(a > 0) || !std::isfinite(a) || (a >= 1e-3 && a < 1e4))
        return 0;
    return std::clamp(int(std::floor(std::log10(a) / 3)) * 3, -12, 18);
}

const char* prefixOf(int e3)
{
    switch (e3) {
    case -12: return "p";
    case -9: return "n";
    case -6: return "µ";
    case -3: return "m";
    case 3: return "k";
    case 6: return "M";
    case 9: return "G";
    case 12: return "T";
    case 15: return "P";
    case 18: return "E";
    default: return "";
    }
}

QString label(double value, double step, int e3)
{
    if (value == 0)
        return QStringLiteral("0");
    const double unit = std::pow(10.0, e3);
    const double scaledStep = std::abs(step) / unit;
    int decimals = scaledStep > 0 ? int(std::ceil(-std::log10(scaledStep) - 1e-9)) : 0;
    decimals = std::clamp(decimals, 0, 12);
    QString s = QString::number(value / unit, 'f', decimals);
    if (e3 != 0)
        s += QLatin1Char(' ') + QString::fromUtf8(prefixOf(e3));
    return s;
}

/// Distinct labels: more digits until no two ticks read the same.
QStringList distinctLabels(const std::vector<double>& values, double step, int e3)
{
    for (double s = step;; s /= 10) {
        QStringList out;
        for (double v : values)
            out.append(label(v, s, e3));
        QStringList unique = out;
        unique.removeDuplicates();
        if (unique.size() == out.size() || s < std::abs(step) * 1e-6)
            return out;
    }
}

} // namespace

QString tickLabel(double value, double step) { return label(value, step, prefixExponent(std::abs(value))); }

AxisTicks linearTicks(double lo, double hi, bool integer, int target)
{
    if (!std::isfinite(lo) || !std::isfinite(hi)) {
        lo = 0;
        hi = 1;
    }
    if (lo > hi)
        std::swap(lo, hi);
    if (lo == hi) {
        const double d = lo == 0 ? 1.0 : std::max(integer ? 1.0 : 0.0, std::abs(lo) * 0.05);
        const bool nonNegative = lo >= 0;
        lo -= d;
        hi += d;
        if (nonNegative && lo < 0)
            lo = 0;
    }
    const double raw = (hi - lo) / std::max(1, target);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10 * mag;
    for (double m : {1.0, 2.0, 5.0})
        if (m * mag >= raw * (1 - 1e-9)) {
            step = m * mag;
            break;
        }
    if (integer)
        step = std::max(1.0, std::round(step));
    AxisTicks t;
    t.step = step;
    // At least three ticks (two steps), so that even a flat line reads against a scale.
    const double k0 = std::floor(lo / step + 1e-9), k1 = std::max(k0 + 2, std::ceil(hi / step - 1e-9));
    t.lo = k0 * step;
    t.hi = k1 * step;
    for (double k = k0; k <= k1; ++k)
        t.values.push_back(k * step == 0 ? 0.0 : k * step); // no "-0"
    const double largest = std::max(std::abs(t.lo), std::abs(t.hi));
    t.labels = distinctLabels(t.values, step, prefixExponent(largest));
    return t;
}

AxisTicks logTicks(double lo, double hi, int target)
{
    if (!(hi > 0) || !std::isfinite(hi))
        hi = 1;
    if (!(lo > 0) || !std::isfinite(lo) || lo > hi)
        lo = hi;
    const double pad = lo == hi ? 1.5 : 1.1;
    AxisTicks t;
    t.lo = lo / pad;
    t.hi = hi * pad;
    // Round values inside the range: decades (every k-th when there are many), else 1-2-5.
    const int k0 = int(std::floor(std::log10(t.lo))), k1 = int(std::ceil(std::log10(t.hi)));
    const auto inside = [&t](double v) { return v >= t.lo * (1 - 1e-12) && v <= t.hi * (1 + 1e-12); };
    std::vector<double> decades, oneTwoFive;
    for (int k = k0; k <= k1; ++k) {
        const double v = std::pow(10.0, k);
        for (double m : {1.0, 2.0, 5.0})
            if (inside(m * v))
                (m == 1 ? decades : oneTwoFive).push_back(m * v);
    }
    if (decades.size() >= 3) {
        const std::size_t most = std::size_t(std::max(3, target + 2));
        const std::size_t every = (decades.size() + most - 1) / most;
        for (std::size_t i = 0; i < decades.size(); i += every)
            t.values.push_back(decades[i]);
    } else if (decades.size() + oneTwoFive.size() >= 3) {
        // Decades with 2 and 5 between, unless the axis is short and two decades are there.
        t.values = decades;
        if (decades.size() < 2 || int(decades.size() + oneTwoFive.size()) <= 2 * target + 1)
            t.values.insert(t.values.end(), oneTwoFive.begin(), oneTwoFive.end());
        std::sort(t.values.begin(), t.values.end());
    } else {
        // Less than about half a decade: round linear steps, positive ones only.
        AxisTicks l = linearTicks(lo, hi, false, target);
        if (l.lo <= 0) {
            l.lo = t.lo;
            while (!l.values.empty() && l.values.front() < l.lo) {
                l.values.erase(l.values.begin());
                l.labels.removeFirst();
            }
        }
        return l;
    }
    for (double v : t.values)
        t.labels.append(tickLabel(v, v));
    return t;
}

namespace {

/// The ticks of `wide` that lie in [lo, hi], with that range.
AxisTicks inside(const AxisTicks& wide, double lo, double hi)
{
    AxisTicks t;
    t.lo = lo;
    t.hi = hi;
    t.step = wide.step;
    const double eps = 1e-9 * std::max(std::abs(lo), std::abs(hi));
    for (std::size_t i = 0; i < wide.values.size(); ++i) {
        if (wide.values[i] >= lo - eps && wide.values[i] <= hi + eps) {
            t.values.push_back(wide.values[i]);
            t.labels.append(wide.labels[qsizetype(i)]);
        }
    }
    return t;
}

} // namespace

AxisTicks ticksWithin(const TickRange& range)
{
    double lo = std::min(range.lo, range.hi), hi = std::max(range.lo, range.hi);
    const bool log = range.logarithmic, counts = range.integer && !log;
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo) || (log && !(lo > 0)))
        return log ? logTicks(lo, hi, range.target) : linearTicks(lo, hi, range.integer, range.target);
    // The steps are chosen for the data inside the margins.
    const auto data = [&](double top) {
        const double a = log ? std::log10(lo) : lo, b = log ? std::log10(top) : top;
        const double m = (b - a) * range.margin / (1 + 2 * range.margin);
        return log ? std::pair{std::pow(10.0, a + m), std::pow(10.0, b - m)} : std::pair{a + m, b - m};
    };
    const auto within = [&](double top) {
        const auto [d0, d1] = data(top);
        AxisTicks t = log ? inside(logTicks(d0, d1, range.target), lo, top) : AxisTicks{};
        // Two decades on a log axis over more than a decade are its scale: linear steps there
        // would crowd at the top (100, 200, … 800 over 1 to 1000).
        if (log && t.values.size() == 2 && t.step == 0 && top / lo >= 10)
            return t;
        if (t.values.size() < 3) // linear, or a log axis over too little of a decade for 1-2-5 values
            t = inside(linearTicks(d0, d1, counts, range.target), lo, top);
        if (t.values.size() < 3 && !counts) // a finer step
            t = inside(linearTicks(d0, d1, false, 2 * range.target + 2), lo, top);
        return t;
    };
    AxisTicks t = within(hi);
    if (t.values.size() >= 3 || !range.atLeastThree || (log && t.values.size() == 2 && t.step == 0))
        return t;
    // Counts over less than two steps: up to the value two steps after the first one inside.
    const auto [d0, d1] = data(hi);
    const AxisTicks wide = linearTicks(d0, d1, counts, range.target);
    const auto first = std::find_if(wide.values.begin(), wide.values.end(), [lo](double v) { return v >= lo; });
    if (first != wide.values.end()) {
        t = within(*first + 2 * wide.step);
        if (t.values.size() >= 3)
            return t;
    }
    return log ? logTicks(lo, hi, range.target) : wide;
}

QString significantLabel(double value, int digits)
{
    const double a = std::abs(value);
    return tickLabel(value, a > 0 ? std::pow(10.0, std::floor(std::log10(a)) - (digits - 1)) : 1.0);
}

namespace {

int tickTarget(double pixels, double spacing) { return pixels > 0 ? std::clamp(int(pixels / spacing), 2, 8) : 5; }

} // namespace

int horizontalTickTarget(double width) { return tickTarget(width, 80); }

int verticalTickTarget(double height) { return tickTarget(height, 30); }

void applyTicks(QCategoryAxis* axis, const AxisTicks& ticks, bool logarithmic)
{
    const auto plot = [logarithmic](double v) { return logarithmic ? std::log10(v) : v; };
    const QStringList old = axis->categoriesLabels();
    bool same = old == ticks.labels && axis->min() == plot(ticks.lo) && axis->max() == plot(ticks.hi);
    for (int i = 0; same && i < int(old.size()); ++i)
        same = axis->endValue(old[i]) == plot(ticks.values[std::size_t(i)]);
    if (same)
        return; // nothing to relayout
    for (const QString& l : old)
        axis->remove(l);
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    // The first category starts at the first tick: a range that starts between ticks (padded or
    // zoomed) gets no unlabelled tick mark at its edge.
    axis->setStartValue(plot(ticks.values.empty() ? ticks.lo : ticks.values.front()));
    axis->setRange(plot(ticks.lo), plot(ticks.hi));
    for (std::size_t i = 0; i < ticks.values.size(); ++i)
        axis->append(ticks.labels[qsizetype(i)], plot(ticks.values[i]));
}

QCategoryAxis* newTickedAxis(const AxisTicks& ticks)
{
    auto* axis = new QCategoryAxis;
    applyTicks(axis, ticks, false);
    return axis;
}

QStringList tickLabels(const QCategoryAxis* axis) { return const_cast<QCategoryAxis*>(axis)->categoriesLabels(); }

} // namespace mapscape
