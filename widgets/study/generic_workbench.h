// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The workbench of a study kind that has no workbench of its own (a kind registered from
/// outside the tree): its inputs as the kind's JSON, edited as text and applied undoably, the
/// kind's evaluation of them, and the Optimize tab every kind shares.

#include "widgets/study/workbench_shell.h"

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace mapscape {

/// GUI thread only.
class GenericWorkbench final : public KindWorkbench<StudyInputs> {
    Q_OBJECT

public:
    enum Tab { InputsTab, EvaluateTab, OptimizeTab, TabCount };

    explicit GenericWorkbench(const StudyKind& kind, QWidget* parent = nullptr);
    ~GenericWorkbench() override;

    QString openFile(const QString& path) override;
    QString exportResults(const QString& path) const override;
    QString writeMapping(const QString& path) const override;
    QStringList tabNames() const override;

    /// Parses the JSON text of the Inputs tab and applies it (one undo step); "" or the error.
    QString applyInputsText(const QString& json);
    QString inputsText() const;
    QString evaluationText() const;

private:
    void documentChanged() override;

    QPlainTextEdit* m_inputsText = nullptr;
    QLabel* m_inputsError = nullptr;
    QPushButton* m_apply = nullptr;
    QPlainTextEdit* m_evaluation = nullptr;
};

} // namespace mapscape
