// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A field for a whole number that stores exactly what was typed. The text is read when the user
/// commits it (Return, or leaving a changed field), never while typing, so nothing reformats
/// under the cursor (a spin box with group separators and keyboard tracking turned "2048000"
/// into 2,040,008). A text that is not a whole number in range keeps its text, is tinted, says
/// why in its tooltip and through `refused`, and the stored value stays as it was; the next
/// valid commit clears it.

#include <QLineEdit>
#include <QString>

#include <limits>
#include <optional>
#include <variant>

namespace mapscape {

class NumberEdit : public QLineEdit {
    Q_OBJECT

public:
    explicit NumberEdit(QWidget* parent = nullptr);

    /// Accepted values, inclusive.
    void setRange(qint64 minimum, qint64 maximum);
    qint64 minimum() const { return m_min; }
    qint64 maximum() const { return m_max; }
    /// A value shown as a word and read back from it (INT_MAX as "unlimited", 0 as "—"); the word
    /// may be typed in full or abbreviated to its first three letters.
    void setSpecialValue(qint64 value, const QString& word);
    /// The field's name in messages ("L2, shared (bytes)").
    void setFieldName(const QString& name) { m_name = name; }
    QString fieldName() const { return m_name; }

    /// The stored value (the last committed or set one).
    qint64 value() const { return m_value; }
    /// Shows a value from the model. A refused entry the user typed is kept while the stored
    /// value is unchanged (so refreshing other fields never erases it).
    void setValue(qint64 value);

    /// Why the shown text was refused; empty when the text is the stored value.
    QString error() const { return m_error; }
    bool hasError() const { return !m_error.isEmpty(); }

    /// Reads a text: the value, or the reason it is refused ("must be a whole number, got "5ab"").
    std::variant<qint64, QString> parse(const QString& text) const;
    /// The text shown for a value (locale digit grouping, or the special word).
    QString format(qint64 value) const;

Q_SIGNALS:
    /// The user committed a valid value that differs from the stored one.
    void valueCommitted(qint64 value);
    /// The user committed a text that is refused: "<field name>: <reason>".
    void refused(const QString& message);
    /// A refused entry was replaced by a valid one (or by the model's value).
    void errorCleared();

private:
    void commit();
    void showError(const QString& reason);
    void clearError();

    qint64 m_min = 0;
    qint64 m_max = std::numeric_limits<int>::max();
    qint64 m_value = 0;
    std::optional<qint64> m_specialValue;
    QString m_specialWord;
    QString m_name;
    QString m_error;
    QString m_toolTip; ///< the field's own tooltip, shown again once an error is cleared
};

} // namespace mapscape
