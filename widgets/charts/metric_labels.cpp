// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/metric_labels.h"

#include "core/util/units.h"
#include "widgets/charts/axis_ticks.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace mapscape {

MetricLabel metricLabel(const QString& name, const StudyKind& kind, const std::string& objectiveId)
{
    const MetricInfo m = describeMetric(name.toStdString(), kind, objectiveId);
    const auto q = [](const std::string& s) { return QString::fromStdString(s); };
    return {q(m.title), q(m.unit), q(m.xTitle), m.logY, m.integerX, q(m.help), q(m.yAxis), m.bestSoFar};
}

QString quantityText(double value, const QString& unit, int significant)
{
    const QString text = QString::fromStdString(formatQuantity(value, unit.toStdString(), significant));
    static const QRegularExpression exponent(QStringLiteral("\\de[+-]\\d"));
    if (!text.contains(exponent) || !std::isfinite(value))
        return text;
    // formatQuantity's %g writes an exponent below 0.0001 (a unit without smaller prefixes):
    // the axes' SI prefix instead ("12.3 µ", not "1.23e-05").
    const QString number = significantLabel(value, significant);
    return unit.isEmpty() ? number : number + QLatin1Char(' ') + unit;
}

QString ColumnUnit::title(const QString& name) const
{
    return unit.isEmpty() ? name : QStringLiteral("%1 (%2)").arg(name, unit);
}

QString ColumnUnit::number(double value, int significant) const
{
    return std::isfinite(value) ? significantLabel(value / factor, significant) : QStringLiteral("–");
}

ColumnUnit columnUnit(const QList<double>& values, const QString& unit)
{
    double largest = 0;
    for (double v : values)
        if (std::isfinite(v))
            largest = std::max(largest, std::abs(v));
    const ScaledUnit s = scaleFor(largest, unit.toStdString());
    return {s.factor, QString::fromStdString(s.unit)};
}

QString editableNumber(double v)
{
    if (v == 0 || !std::isfinite(v))
        return QString::number(v);
    const int whole = int(std::floor(std::log10(std::abs(v)))) + 1;
    QString s = QString::number(v, 'f', std::clamp(6 - whole, 0, 17));
    if (s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0')))
            s.chop(1);
        if (s.endsWith(QLatin1Char('.')))
            s.chop(1);
    }
    return s;
}

QString countText(double value, const QString& unit)
{
    if (!std::isfinite(value))
        return quantityText(value, unit);
    const double n = std::round(value);
    if (std::abs(n) >= 1e4)
        return quantityText(n, unit, 3);
    const QString digits = QString::number(qint64(n));
    return unit.isEmpty() ? digits : digits + QLatin1Char(' ') + unit;
}

} // namespace mapscape
