// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The shell every workbench shares, so that a kind's workbench holds only what is its own:
///
/// - `WorkbenchShell`: the tabs and the Optimize tab's runs panel, the kind it shows, the file
///   dialogs' filters, and what every workbench says of its runs (the panel's messages on the
///   status line; runs and the optimizer form's settings are changes worth saving).
/// - `KindWorkbench<Inputs>`: a workbench whose inputs are one value of the kind's inputs type,
///   edited through an undoable InputsDocument: the study as it stands, a study opened from a
///   project (refused with the kind's reason when it cannot be shown), the undo stack, the setup
///   line. The kinds' workbenches derive from it (the scheduling workbench, whose inputs are two
///   documents and a setup stack, from WorkbenchShell); so does the generic workbench, with
///   StudyInputs as its inputs.
///
/// The kind's constructor makes m_runs and m_tabs where its layout wants them, then calls
/// connectShell() where it connects the runs panel.

#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "widgets/study/study_workbench.h"

#include <QTabWidget>

#include <type_traits>

namespace mapscape {

/// GUI thread only.
class WorkbenchShell : public StudyWorkbench {
public:
    /// What the File menu's dialogs offer (Qt name filters): the files the workbench opens, and
    /// the ones it writes as results and as a mapping.
    struct FileFilters {
        QString open, results, mapping;
    };

    const StudyKind& kind() const override { return m_kind; }
    RunsPanel* runsPanel() const override { return m_runs; }
    void showTab(int index) override { m_tabs->setCurrentIndex(index); }
    int tabCount() const override { return m_tabs->count(); }
    QString openFileFilter() const override { return m_filters.open; }
    QString resultsFilter() const override { return m_filters.results; }
    QString mappingFilter() const override { return m_filters.mapping; }

protected:
    WorkbenchShell(const StudyKind& kind, FileFilters filters, QWidget* parent)
        : StudyWorkbench(parent)
        , m_kind(kind)
        , m_filters(std::move(filters))
    {
    }
    /// The runs panel's messages on the status line; its runs and the optimizer form's settings
    /// mark the study changed.
    void connectShell()
    {
        connect(m_runs, &RunsPanel::message, this, [this](const QString& text) { Q_EMIT message(text, 8000); });
        connect(m_runs, &RunsPanel::runsChanged, this, &StudyWorkbench::changed);
        connect(m_runs->optimizerPanel(), &OptimizerPanel::settingsChanged, this, &StudyWorkbench::changed);
    }

    QTabWidget* m_tabs = nullptr;
    RunsPanel* m_runs = nullptr;

private:
    const StudyKind& m_kind;
    FileFilters m_filters;
};

/// GUI thread only. `Inputs`: the kind's inputs type (StudyInputs for the generic workbench).
template <typename Inputs>
class KindWorkbench : public WorkbenchShell {
public:
    using Document = InputsDocument<Inputs>;

    std::optional<Study> study() const override
    {
        Study st = makeStudy(studyName().toStdString(), StudyInputs(inputs()));
        st.optimizer = m_runs->optimizerPanel()->settings();
        st.runs = m_runs->records();
        return st;
    }
    bool setStudy(const Study& study, QString* error) override
    {
        const Inputs* in = inputsOf(study);
        const QString why = in ? refusal(*in) : tr("not %1").arg(m_what);
        if (!why.isEmpty()) {
            if (error)
                *error = why;
            return false;
        }
        setStudyName(QString::fromStdString(study.name));
        beforeStudySet();
        m_doc->setInputs(*in);
        restoreOptimizerAndRuns(study);
        afterStudySet();
        return true;
    }
    QList<QUndoStack*> undoStacks() const override { return {m_doc->undoStack()}; }
    QUndoStack* activeUndoStack() const override { return m_doc->undoStack(); }
    QString setupText() const override { return QString::fromStdString(kind().setupLabel(StudyInputs(inputs()))); }

    Document* document() const { return m_doc; }
    const Inputs& inputs() const { return m_doc->inputs(); }

protected:
    /// `what` names a study of the kind for the refusal of another kind's ("a DPU-configuration
    /// study"). The document's changes reach documentChanged.
    KindWorkbench(const StudyKind& kind, QString what, FileFilters filters, QWidget* parent)
        : WorkbenchShell(kind, std::move(filters), parent)
        , m_doc(new Document(this))
        , m_what(std::move(what))
    {
        connect(m_doc, &InputsDocumentBase::changed, this, [this] { documentChanged(); });
    }
    /// WorkbenchShell's connections, and every edit (an undo step) marks the study changed.
    void connectShell()
    {
        WorkbenchShell::connectShell();
        connect(m_doc->undoStack(), &QUndoStack::indexChanged, this, &StudyWorkbench::changed);
    }
    /// Shows the inputs (the document changed: an edit, an undo, a study set).
    virtual void documentChanged() = 0;
    /// Why a study's inputs cannot be shown (the field named), or "" when they can.
    virtual QString refusal(const Inputs&) const { return {}; }
    /// Around a study being set: before its inputs replace the shown ones, and after its
    /// optimizer form and runs are restored.
    virtual void beforeStudySet() {}
    virtual void afterStudySet() {}

    Document* m_doc;

private:
    const Inputs* inputsOf(const Study& study) const
    {
        if constexpr (std::is_same_v<Inputs, StudyInputs>)
            return &study.kind() == &kind() ? &study.inputs : nullptr;
        else
            return study.inputs.getIf<Inputs>();
    }

    QString m_what;
};

} // namespace mapscape
