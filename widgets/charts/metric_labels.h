// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Readable titles, units and axis choices for the metrics optimizers record ("search/best" is
/// "Best latency so far (cycles)" on a log axis over samples), so curves read as a lecturer
/// would label them: the study kind's descriptions (describeMetric) as Qt strings. Unknown
/// metrics keep their recorded name.

#include "core/study/study_kind.h"

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

} // namespace mapscape
