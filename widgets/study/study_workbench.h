// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The workbench of one study: its inputs editors, its evaluation views and its optimisation
/// panel, for one study kind. The main window holds one per study of the project and shows them
/// side by side (a list of studies and a stack of workbenches). A kind registers its own
/// workbench (widgets/study/workbench_registry.h); a kind without one gets the generic
/// workbench (its inputs as JSON, and the Optimize tab).

#include "core/study/study.h"

#include "core/network/onnx_import.h"

#include <optional>

#include <QList>
#include <QStringList>
#include <QWidget>

#include <utility>

class QUndoStack;

namespace mapscape {

class RunsPanel;
class ValueEdit;

/// GUI thread only.
class StudyWorkbench : public QWidget {
    Q_OBJECT

public:
    explicit StudyWorkbench(QWidget* parent = nullptr)
        : QWidget(parent)
    {
    }

    virtual const StudyKind& kind() const = 0;
    QString studyName() const { return m_name; }
    void setStudyName(const QString& name);
    /// The study as it stands: inputs, optimizer form, runs. Empty while it has no valid inputs.
    virtual std::optional<Study> study() const = 0;
    /// Shows a study opened from a project. False and `error` naming the field when its inputs
    /// are invalid (the workbench is then unchanged).
    virtual bool setStudy(const Study& study, QString* error) = 0;
    virtual RunsPanel* runsPanel() const = 0;
    /// Every undo stack of the workbench and the one of the tab shown (the Edit menu's).
    virtual QList<QUndoStack*> undoStacks() const = 0;
    virtual QUndoStack* activeUndoStack() const = 0;
    /// A one-line description of what the study is about now ("Eyeriss / ResNet-50").
    virtual QString setupText() const = 0;

    /// File menu actions, delegated by the main window. Each returns an error message or "".
    virtual QString openFileFilter() const = 0;
    virtual QString openFile(const QString& path) = 0;
    /// Whether openFile takes ONNX models (.onnx): studies with a network or workload graph.
    virtual bool acceptsOnnx() const { return false; }
    /// The warnings of the last ONNX import (skipped operators, nodes left out), handed over
    /// once: the main window lists them where they stay readable.
    QStringList takeImportWarnings() { return std::exchange(m_importWarnings, {}); }
    /// The account of the last ONNX import (layers and MACs, what was left out, what is not
    /// modelled), handed over once.
    QString takeImportAccount() { return std::exchange(m_importAccount, {}); }
    virtual QString resultsFilter() const = 0;
    virtual QString exportResults(const QString& path) const = 0;
    virtual QString mappingFilter() const = 0;
    virtual QString writeMapping(const QString& path) const = 0;
    /// Switches to a tab by index (kind-specific order).
    virtual void showTab(int index) = 0;
    virtual int tabCount() const = 0;
    /// Short names of the tabs, in order, for --tab ("evaluate", "network", ..., "optimize").
    virtual QStringList tabNames() const = 0;
    /// Whether an evaluation of the current inputs is still being computed (kinds that evaluate
    /// in the background); evaluationShown follows when it is on screen.
    virtual bool evaluationPending() const { return false; }

protected:
    /// Shows a saved study's optimizer form and runs (a message lists settings it could not apply).
    void restoreOptimizerAndRuns(const Study& study);
    /// Status line after an ONNX import: "model.onnx imported: 24 distinct layers; skipped
    /// unsupported operators: Resize, LSTM".
    static QString onnxSummary(const QString& file, const QString& what, const std::vector<std::string>& skipped);
    /// Imports an ONNX model for this study: asks the sizes of inputs the model leaves symbolic
    /// (OnnxInputDialog) and, when operators that compute MACs cannot become layers, whether to
    /// import the rest (the network records what was left out). nullopt: the user cancelled.
    /// Keeps the warnings and the account for takeImportWarnings / takeImportAccount. Throws
    /// InputError as importOnnxFile does (the file is read once).
    std::optional<OnnxImport> importOnnx(const QString& path, bool distinctLayers);
    /// Puts a number field's refusals on the status line (named as the field is), which names
    /// what is still refused once one is fixed and clears when nothing is.
    void reportRefusals(ValueEdit* edit, const QString& fieldName);
    /// The status line for refused entries: the first refused field's message, or empty.
    virtual QString refusedStatus() const;
    /// Shows refusedStatus on the status line, or clears it when nothing is refused.
    void updateRefusedStatus();

private:
    QStringList m_importWarnings;
    QString m_importAccount;

protected:

Q_SIGNALS:
    /// The study changed in a way worth saving (an edit, a run, a renamed study).
    void changed();
    /// A status-bar line (`timeoutMs` 0 = until replaced).
    void message(const QString& text, int timeoutMs);
    /// Something the user asked for failed: shown in a dialog when the window is visible.
    void errorOccurred(const QString& text);
    void activeUndoStackChanged(QUndoStack* stack);
    /// A new evaluation of the study's current design is shown.
    void evaluationShown();
    void setupChanged();

private:
    QString m_name;
};

} // namespace mapscape
