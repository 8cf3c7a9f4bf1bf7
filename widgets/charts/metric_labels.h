// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Readable titles, units and axis choices for the metrics optimizers record ("search/best" is
/// "Best latency so far (cycles)" on a log axis over samples), so curves read as a lecturer
/// would label them. Unknown metrics keep their recorded name.

#include <QString>

namespace mapscape {

struct MetricLabel {
    QString title;        ///< "Best latency so far"
    QString unit;         ///< "cycles" (before engineering prefixes)
    QString xTitle;       ///< "Samples (cost-model evaluations)"
    bool logY = false;    ///< best-so-far values span decades: log by default
    bool integerX = true; ///< steps are counts
    QString help;         ///< a tooltip sentence
};

/// `objectiveId`, `objectiveLabel` and `objectiveUnit` describe the run's objective; `objectives`
/// pairs of (id, label, unit) let "search/best_<id>" name other objectives.
MetricLabel metricLabel(const QString& name, const QString& objectiveLabel, const QString& objectiveUnit);
/// The same, naming one of the kind's objectives for "search/best_<id>".
MetricLabel metricLabel(const QString& name, const QString& objectiveLabel, const QString& objectiveUnit,
                        const QString& otherId, const QString& otherLabel, const QString& otherUnit);

} // namespace mapscape
