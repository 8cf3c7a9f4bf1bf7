// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/metric_labels.h"

namespace mapscape {

MetricLabel metricLabel(const QString& name, const StudyKind& kind, const std::string& objectiveId)
{
    const MetricInfo m = describeMetric(name.toStdString(), kind, objectiveId);
    const auto q = [](const std::string& s) { return QString::fromStdString(s); };
    return {q(m.title), q(m.unit), q(m.xTitle), m.logY, m.integerX, q(m.help), q(m.yAxis), m.bestSoFar};
}

} // namespace mapscape
