// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/study/study_workbench.h"

#include "widgets/editors/number_edit.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"

namespace mapscape {

void StudyWorkbench::reportRefusals(ValueEdit* edit, const QString& fieldName)
{
    edit->setFieldName(fieldName);
    connect(edit, &ValueEdit::refused, this, [this](const QString& why) { Q_EMIT message(why, 0); });
    connect(edit, &ValueEdit::errorCleared, this, &StudyWorkbench::updateRefusedStatus);
}

QString StudyWorkbench::refusedStatus() const { return firstRefusal(this); }

void StudyWorkbench::updateRefusedStatus()
{
    const QString status = refusedStatus();
    Q_EMIT message(status, status.isEmpty() ? 1 : 0);
}

void StudyWorkbench::setStudyName(const QString& name)
{
    if (name == m_name)
        return;
    m_name = name;
    if (RunsPanel* p = runsPanel())
        p->setStudyName(name);
    Q_EMIT changed();
}

QString StudyWorkbench::onnxSummary(const QString& file, const QString& what, const std::vector<std::string>& skipped)
{
    QString text = tr("%1 imported: %2").arg(file, what);
    if (!skipped.empty()) {
        QStringList ops;
        for (const std::string& op : skipped)
            ops << QString::fromStdString(op);
        text += tr("; skipped unsupported operators: %1").arg(ops.join(QStringLiteral(", ")));
    }
    return text;
}

void StudyWorkbench::setImportWarnings(const std::vector<std::string>& warnings)
{
    m_importWarnings.clear();
    for (const std::string& w : warnings)
        m_importWarnings << QString::fromStdString(w);
}

void StudyWorkbench::restoreOptimizerAndRuns(const Study& study)
{
    RunsPanel* runs = runsPanel();
    if (const QStringList problems = runs->optimizerPanel()->applySettings(study.optimizer); !problems.isEmpty())
        Q_EMIT message(tr("Optimizer settings not applied: %1").arg(problems.join(QStringLiteral(", "))), 10000);
    runs->restoreRecords(study.runs);
}

} // namespace mapscape
