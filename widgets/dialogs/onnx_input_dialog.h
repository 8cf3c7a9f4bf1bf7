// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Asks the shapes of an ONNX model's inputs whose sizes the model leaves symbolic, as
/// `mapscape-cli import --input NAME=SHAPE` takes them: one line per input, prefilled from the
/// model's own hints (a batch of 1, Ultralytics' "imgsz" metadata), refused with the reason
/// (naming the input and the dimension) until every shape is whole and agrees with the model.

#include "core/network/onnx_import.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;

namespace mapscape {

class OnnxInputDialog : public QDialog {
    Q_OBJECT
public:
    /// `inputs`: the model's symbolic inputs (OnnxInput::symbolic()).
    OnnxInputDialog(const QString& file, std::vector<OnnxInput> inputs, QWidget* parent);

    /// The shapes typed, for OnnxImportOptions::inputShapes (valid once accepted).
    std::vector<std::pair<std::string, std::vector<std::int64_t>>> shapes() const;
    /// The line edit of an input (tests type into it).
    QLineEdit* editFor(const QString& input) const;
    /// Why the typed shapes are refused; empty when they are accepted.
    QString problem() const;

private:
    void check();

    std::vector<OnnxInput> m_inputs;
    QList<QLineEdit*> m_edits;
    QLabel* m_problem = nullptr;
    QPushButton* m_ok = nullptr;
};

} // namespace mapscape
