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
class QSpinBox;

namespace mapscape {

/// GUI thread only.
class OptimizerPanel : public QWidget {
    Q_OBJECT

public:
    explicit OptimizerPanel(QWidget* parent = nullptr);

    /// Selects an optimizer by id; false if unknown or unavailable.
    bool selectOptimizer(const QString& id);
    QString optimizerId() const;
    /// Sets one option's editor from text (as in `--option key=value`); false if unknown.
    bool setOption(const QString& key, const QString& value);
    /// Optimizer, options (only those differing from the defaults), metric, dataflow, seed,
    /// threads. The accelerator and network are left for the caller.
    RunSettings settings() const;
    /// Selects the optimizer and fills metric, dataflow, seed, threads and the given options
    /// (others back to their defaults). Returns the keys or values it could not apply.
    QStringList applySettings(const RunSettings& settings);

Q_SIGNALS:
    void startRequested();

private:
    void rebuildForm();

    QComboBox* m_optimizer = nullptr;
    QComboBox* m_metric = nullptr;
    QComboBox* m_dataflow = nullptr;
    QSpinBox* m_seed = nullptr;
    QSpinBox* m_threads = nullptr;
    QFormLayout* m_form = nullptr;
    QWidget* m_formHost = nullptr;
    QPushButton* m_start = nullptr;
    /// Per optimizer id, per option key: the editor widget.
    QHash<QString, QHash<QString, QWidget*>> m_editors;
};

} // namespace mapscape
