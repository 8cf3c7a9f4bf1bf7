// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/study/generic_workbench.h"

#include "core/io/file_util.h"
#include "core/study/project_io.h"
#include "core/study/study_file.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

namespace mapscape {

namespace {
QString qs(const std::string& s) { return QString::fromStdString(s); }
} // namespace

GenericWorkbench::GenericWorkbench(const StudyKind& kind, QWidget* parent)
    : KindWorkbench(kind, tr("a %1 study").arg(qs(kind.title())),
                    {tr("Study files (*.json)"),
                     tr("Text report (*.txt)"),
                     tr("Study file (*.json)")},
                    parent)
{
    m_tabs = new QTabWidget(this);

    auto* inputsTab = new QWidget(this);
    auto* inputsLayout = new QVBoxLayout(inputsTab);
    auto* help = new QLabel(tr("The study's inputs as %1 files hold them. Edit the text and apply it (undoable).")
                                .arg(qs(kind.title())),
                            inputsTab);
    help->setWordWrap(true);
    m_inputsText = new QPlainTextEdit(inputsTab);
    m_inputsText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_inputsError = new QLabel(inputsTab);
    m_inputsError->setWordWrap(true);
    m_inputsError->setStyleSheet(QStringLiteral("color: #b00020"));
    m_apply = new QPushButton(tr("Apply"), inputsTab);
    inputsLayout->addWidget(help);
    inputsLayout->addWidget(m_inputsText, 1);
    inputsLayout->addWidget(m_inputsError);
    inputsLayout->addWidget(m_apply, 0, Qt::AlignRight);
    connect(m_apply, &QPushButton::clicked, this, [this] { applyInputsText(m_inputsText->toPlainText()); });

    m_evaluation = new QPlainTextEdit(this);
    m_evaluation->setReadOnly(true);
    m_evaluation->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    m_runs = new RunsPanel(kind, this);
    m_tabs->addTab(inputsTab, tr("Inputs"));
    m_tabs->addTab(m_evaluation, tr("Evaluate"));
    m_tabs->addTab(m_runs, tr("Optimize"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);

    connectShell();
    connect(m_runs, &RunsPanel::resultRequested, this, [this](const QString&, const QString& label) {
        Q_EMIT message(tr("%1: a %2 study's results are shown in the Optimize tab").arg(label, qs(this->kind().title())), 5000);
    });
    m_doc->setInputs(kind.defaultInputs());
}

GenericWorkbench::~GenericWorkbench() = default;

void GenericWorkbench::documentChanged()
{
    const StudyInputs& in = m_doc->inputs();
    const std::string json = nlohmann::json::parse(kind().inputsToJson(in)).dump(2);
    m_inputsText->setPlainText(qs(json));
    m_inputsError->clear();
    try {
        m_evaluation->setPlainText(qs(kind().evaluate(in, OutputFormat::Text, {}).text));
    } catch (const std::exception& e) {
        m_evaluation->setPlainText(tr("Cannot evaluate: %1").arg(QString::fromUtf8(e.what())));
    }
    m_runs->setInputs(studyName(), in);
    Q_EMIT setupChanged();
    Q_EMIT changed();
    Q_EMIT evaluationShown();
}

QString GenericWorkbench::applyInputsText(const QString& json)
{
    try {
        StudyInputs in = kind().inputsFromJson(json.toStdString(), tr("inputs").toStdString(), "");
        m_inputsError->clear();
        m_doc->apply(std::move(in), tr("Edit inputs"));
        return {};
    } catch (const std::exception& e) {
        // The text stays as typed; the reason is shown under it.
        m_inputsError->setText(QString::fromUtf8(e.what()));
        return m_inputsError->text();
    }
}

QString GenericWorkbench::inputsText() const { return m_inputsText->toPlainText(); }

QString GenericWorkbench::evaluationText() const { return m_evaluation->toPlainText(); }

QString GenericWorkbench::openFile(const QString& path)
{
    try {
        const Study st = loadStudyFile(path.toStdString());
        if (&st.kind() != &kind())
            return tr("%1 is a %2 study, not a %3 study").arg(path, qs(st.kind().title()), qs(kind().title()));
        m_doc->apply(st.inputs, tr("Open %1").arg(path));
        return {};
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
}

QString GenericWorkbench::exportResults(const QString& path) const
{
    try {
        writeTextFileAtomic(path.toStdString(), m_evaluation->toPlainText().toStdString());
        return {};
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
}

QString GenericWorkbench::writeMapping(const QString& path) const
{
    try {
        writeTextFileAtomic(path.toStdString(), studyToJson(*study()));
        return {};
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
}

QStringList GenericWorkbench::tabNames() const
{
    return {QStringLiteral("inputs"), QStringLiteral("evaluate"), QStringLiteral("optimize")};
}

} // namespace mapscape
