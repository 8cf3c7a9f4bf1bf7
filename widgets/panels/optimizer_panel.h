// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Choose an optimizer and its options: the form is generated from the registry's option specs,
/// so a newly registered optimizer appears here without GUI changes.

#include "core/runner/optimizer_run.h"

#include <QHash>
#include <QWidget>

class QComboBox;
class QFormLayout;
class QPushButton;


namespace mapscape {

class NumberEdit;
class ValueEdit;

/// GUI thread only. One per study: it lists the optimizers and objectives of the study's kind.
class OptimizerPanel : public QWidget {
    Q_OBJECT

public:
    explicit OptimizerPanel(const StudyKind& kind, QWidget* parent = nullptr);

    const StudyKind& kind() const { return *m_kind; }
    /// Selects an optimizer of the panel's kind by id; false if unknown or unavailable.
    bool selectOptimizer(const QString& id);
    QString optimizerId() const;
    /// Sets an option of the current optimizer from text; false if the key is unknown or the
    /// text does not parse.
    bool setOption(const QString& key, const QString& value);
    /// Sets the objective by id ("energy", "latency"); false if the kind has no such objective.
    bool selectObjective(const QString& id);
    /// The form as settings for the next run (options equal to their default are left out).
    OptimizerSettings settings() const;
    /// Shows saved settings; returns the keys or values it could not apply.
    QStringList applySettings(const OptimizerSettings& settings);
    /// The text an option's editor shows (tests: integers show no decimals).
    QString optionText(const QString& key) const;

Q_SIGNALS:
    void startRequested();
    /// Any change of the form (optimizer, objective, option, seed, threads).
    void settingsChanged();

private:
    void rebuildForm();
    /// Keeps the start button off while a typed number is refused (its tooltip says which).
    void watchNumbers(ValueEdit* edit);

    const StudyKind* m_kind;
    QComboBox* m_optimizer = nullptr;
    QComboBox* m_objective = nullptr;
    std::vector<std::pair<std::string, QComboBox*>> m_runOptions; ///< the kind's run options
    NumberEdit* m_seed = nullptr;
    NumberEdit* m_threads = nullptr;
    QFormLayout* m_form = nullptr;
    QWidget* m_formHost = nullptr;
    QPushButton* m_start = nullptr;
    /// Per optimizer id, per option key: the editor widget.
    QHash<QString, QHash<QString, QWidget*>> m_editors;
};

} // namespace mapscape
