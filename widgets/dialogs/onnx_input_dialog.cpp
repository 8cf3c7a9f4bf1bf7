// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/dialogs/onnx_input_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace mapscape {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

/// "[batch, 3, height, width]": the model's own description of an input.
QString declared(const OnnxInput& in)
{
    if (!in.hasShape)
        return QObject::tr("no shape in the model");
    QStringList parts;
    for (std::size_t k = 0; k < in.dims.size(); ++k)
        parts << (in.dims[k] > 0 ? QString::number(in.dims[k])
                                 : in.symbols[k].empty() ? QStringLiteral("?") : qs(in.symbols[k]));
    return QStringLiteral("[%1]").arg(parts.join(QStringLiteral(", ")));
}

} // namespace

OnnxInputDialog::OnnxInputDialog(const QString& file, std::vector<OnnxInput> inputs, QWidget* parent)
    : QDialog(parent)
    , m_inputs(std::move(inputs))
{
    setWindowTitle(tr("Input sizes of %1").arg(file));
    setObjectName(QStringLiteral("onnxInputDialog"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("%1 leaves the sizes of its inputs open. Mapscape does not guess them: every layer's "
                                "size follows from these. Give each input's shape as its sizes joined by x (\"1x3x640x640\"); "
                                "values the model suggests are filled in.")
                                 .arg(file),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    for (const OnnxInput& in : m_inputs) {
        auto* edit = new QLineEdit(this);
        edit->setObjectName(QStringLiteral("shape:") + qs(in.name));
        QStringList hint, placeholder;
        bool complete = !in.hint.empty();
        for (std::size_t k = 0; k < in.hint.size(); ++k) {
            complete = complete && in.hint[k] > 0;
            placeholder << (in.hint[k] > 0 ? QString::number(in.hint[k])
                                           : QStringLiteral("<%1>").arg(in.symbols[k].empty() ? QStringLiteral("size")
                                                                                               : qs(in.symbols[k])));
        }
        if (complete)
            edit->setText(placeholder.join(QLatin1Char('x')));
        edit->setPlaceholderText(placeholder.isEmpty() ? tr("e.g. 1x3x224x224") : placeholder.join(QLatin1Char('x')));
        edit->setToolTip(tr("Input \"%1\" as the model declares it: %2").arg(qs(in.name), declared(in)));
        connect(edit, &QLineEdit::textChanged, this, &OnnxInputDialog::check);
        form->addRow(QStringLiteral("%1 %2").arg(qs(in.name), declared(in)), edit);
        m_edits << edit;
    }
    layout->addLayout(form);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020"));
    layout->addWidget(m_problem);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Import"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    check();
}

QLineEdit* OnnxInputDialog::editFor(const QString& input) const
{
    return findChild<QLineEdit*>(QStringLiteral("shape:") + input);
}

QString OnnxInputDialog::problem() const { return m_problem->text(); }

std::vector<std::pair<std::string, std::vector<std::int64_t>>> OnnxInputDialog::shapes() const
{
    std::vector<std::pair<std::string, std::vector<std::int64_t>>> out;
    for (std::size_t k = 0; k < m_inputs.size(); ++k) {
        try {
            out.emplace_back(m_inputs[k].name, parseShapeText(m_edits[int(k)]->text().toStdString()));
        } catch (const InputError&) {
        }
    }
    return out;
}

void OnnxInputDialog::check()
{
    QString problem;
    for (std::size_t k = 0; k < m_inputs.size() && problem.isEmpty(); ++k) {
        const OnnxInput& in = m_inputs[k];
        const QString text = m_edits[int(k)]->text().trimmed();
        if (text.isEmpty()) {
            problem = tr("Input \"%1\": its shape is missing.").arg(qs(in.name));
            break;
        }
        try {
            const std::vector<std::int64_t> dims = parseShapeText(text.toStdString());
            if (in.hasShape && dims.size() != in.dims.size()) {
                problem = tr("Input \"%1\": %2 sizes given, the model's input has %3 %4.")
                              .arg(qs(in.name))
                              .arg(dims.size())
                              .arg(in.dims.size())
                              .arg(declared(in));
                break;
            }
            for (std::size_t d = 0; d < in.dims.size(); ++d)
                if (in.dims[d] > 0 && in.dims[d] != dims[d]) {
                    problem = tr("Input \"%1\": dimension %2 is %3 in the model, not %4.")
                                  .arg(qs(in.name))
                                  .arg(d)
                                  .arg(in.dims[d])
                                  .arg(dims[d]);
                    break;
                }
        } catch (const InputError& e) {
            problem = tr("Input \"%1\": %2").arg(qs(in.name), QString::fromUtf8(e.what()));
        }
    }
    const bool shown = m_problem->isVisible();
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_ok->setEnabled(problem.isEmpty());
    // The wrapped message needs room: grow so that neither it nor the introduction is cut.
    if (!shown && !problem.isEmpty() && isVisible() && layout())
        resize(width(), std::max(height(), layout()->heightForWidth(width())));
}

} // namespace mapscape
