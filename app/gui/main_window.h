// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/accelerator.h"
#include "core/model/layer.h"
#include "core/model/mapping.h"
#include "core/runner/evaluation_runner.h"

#include <QMainWindow>

#include <optional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QTableView;

namespace mapscape {

class ResultsTableModel;

/// The workbench window: pick an accelerator, a network and a mapping; the evaluation runs in
/// the background and the per-layer results, the selected layer's scheduling table and the
/// network totals are shown. GUI thread only.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Select presets (or files) by name; returns false and shows why on bad input.
    bool selectAccelerator(const QString& nameOrPath);
    bool selectNetwork(const QString& nameOrPath);
    bool selectMapping(const QString& nameOrPath);

    /// The evaluation shown (or null before the first one finishes).
    const EvaluationSnapshot* currentSnapshot() const;

Q_SIGNALS:
    /// Emitted whenever a new evaluation has been displayed.
    void evaluationShown();

private:
    void buildUi();
    void refillMappingCombo();
    void showInCombo(QComboBox* combo, const QString& nameOrPath, const QString& label);
    void reevaluate();
    void showSnapshot(quint64 generation, std::shared_ptr<const EvaluationSnapshot> snapshot);
    void showFailure(quint64 generation, const QString& message);
    void showLayerDetails();
    void openFile();
    void exportResults();
    void reportError(const QString& message);

    EvaluationRunner m_runner;
    ResultsTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_table = nullptr;
    QPlainTextEdit* m_details = nullptr;
    QComboBox* m_accCombo = nullptr;
    QComboBox* m_netCombo = nullptr;
    QComboBox* m_mapCombo = nullptr;
    QLabel* m_totals = nullptr;

    std::optional<Accelerator> m_accelerator;
    std::optional<Network> m_network;
    std::optional<Mapping> m_mapping; // empty = trivial mapping
    std::shared_ptr<const EvaluationSnapshot> m_snapshot;
    bool m_updatingCombos = false;
};

} // namespace mapscape
