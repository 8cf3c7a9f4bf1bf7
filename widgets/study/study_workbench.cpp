// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/study/study_workbench.h"

#include "widgets/dialogs/onnx_input_dialog.h"
#include "widgets/editors/number_edit.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"

#include <QFileInfo>
#include <QMessageBox>

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

std::optional<OnnxImport> StudyWorkbench::importOnnx(const QString& path, bool distinctLayers)
{
    const std::string file = path.toStdString();
    const std::string bytes = readOnnxFile(file);
    const QString name = QFileInfo(path).fileName();
    OnnxImportOptions options{.distinctLayers = distinctLayers};
    std::vector<OnnxInput> open;
    for (OnnxInput& in : onnxInputs(bytes, file))
        if (in.symbolic())
            open.push_back(std::move(in));
    if (!open.empty()) {
        OnnxInputDialog dialog(name, std::move(open), this);
        if (dialog.exec() != QDialog::Accepted)
            return std::nullopt;
        options.inputShapes = dialog.shapes();
    }
    OnnxImport im = importOnnxBytes(bytes, file, options);
    if (!im.network.omitted.empty()) {
        QMessageBox box(QMessageBox::Warning, tr("ONNX import"),
                        (im.network.omitted.size() == 1
                             ? tr("1 operator of %1 computes MACs but cannot become a layer.")
                             : tr("%1 operators of %2 compute MACs but cannot become layers.").arg(im.network.omitted.size()))
                            .arg(name),
                        QMessageBox::Cancel, this);
        box.setObjectName(QStringLiteral("partialImport"));
        box.setInformativeText(QString::fromStdString(im.accountText()) +
                               tr("\nImport the rest? The network records what was left out."));
        box.addButton(tr("Import the rest"), QMessageBox::AcceptRole);
        box.setDefaultButton(QMessageBox::Cancel);
        if (box.exec() == QMessageBox::Cancel)
            return std::nullopt;
    }
    m_importWarnings.clear();
    for (const std::string& w : im.warnings)
        m_importWarnings << QString::fromStdString(w);
    m_importAccount = QString::fromStdString(im.accountText()).trimmed();
    return im;
}

void StudyWorkbench::restoreOptimizerAndRuns(const Study& study)
{
    RunsPanel* runs = runsPanel();
    if (const QStringList problems = runs->optimizerPanel()->applySettings(study.optimizer); !problems.isEmpty())
        Q_EMIT message(tr("Optimizer settings not applied: %1").arg(problems.join(QStringLiteral(", "))), 10000);
    runs->restoreRecords(study.runs);
}

} // namespace mapscape
