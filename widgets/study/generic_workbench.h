// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The workbench of a study kind that has no workbench of its own (a kind registered from
/// outside the tree): its inputs as the kind's JSON, edited as text and applied undoably, the
/// kind's evaluation of them, and the Optimize tab every kind shares.

#include "widgets/study/study_workbench.h"

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;

namespace mapscape {

template <typename Inputs>
class InputsDocument;

/// GUI thread only.
class GenericWorkbench final : public StudyWorkbench {
    Q_OBJECT

public:
    enum Tab { InputsTab, EvaluateTab, OptimizeTab, TabCount };

    explicit GenericWorkbench(const StudyKind& kind, QWidget* parent = nullptr);
    ~GenericWorkbench() override;

    const StudyKind& kind() const override { return m_kind; }
    std::optional<Study> study() const override;
    bool setStudy(const Study& study, QString* error) override;
    RunsPanel* runsPanel() const override { return m_runs; }
    QList<QUndoStack*> undoStacks() const override;
    QUndoStack* activeUndoStack() const override;
    QString setupText() const override;
    QString openFileFilter() const override;
    QString openFile(const QString& path) override;
    QString resultsFilter() const override;
    QString exportResults(const QString& path) const override;
    QString mappingFilter() const override;
    QString writeMapping(const QString& path) const override;
    void showTab(int index) override;
    int tabCount() const override { return TabCount; }
    QStringList tabNames() const override;

    /// Parses the JSON text of the Inputs tab and applies it (one undo step); "" or the error.
    QString applyInputsText(const QString& json);
    QString inputsText() const;
    QString evaluationText() const;

private:
    void documentChanged();

    const StudyKind& m_kind;
    InputsDocument<StudyInputs>* m_doc = nullptr;
    QTabWidget* m_tabs = nullptr;
    QPlainTextEdit* m_inputsText = nullptr;
    QLabel* m_inputsError = nullptr;
    QPushButton* m_apply = nullptr;
    QPlainTextEdit* m_evaluation = nullptr;
    RunsPanel* m_runs = nullptr;
};

} // namespace mapscape
