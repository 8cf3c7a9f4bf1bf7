// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Fields for numbers that store exactly what was typed. The text is read when the user commits
/// it (Return, or leaving a changed field), never while typing, so nothing reformats under the
/// cursor (a spin box with group separators and keyboard tracking turned "2048000" into
/// 2,040,008). A text that is not a number in range keeps its text, is tinted, says why in its
/// tooltip and through `refused` ("L2, shared (bytes): must be a whole number, got "5ab""), and
/// the stored value stays as it was; the next valid commit clears it.

#include <QLineEdit>
#include <QString>

#include <limits>
#include <optional>
#include <variant>

namespace mapscape {

/// A finite real number as a person types it: the locale's notation, or plain / scientific
/// notation with group separators between digits; nullopt if the text is not one.
std::optional<double> readRealNumber(const QString& text);

/// The message of the first refused number field under `root` ("<field>: <reason>"), or empty;
/// `shownOnly` skips fields hidden within `root` (another optimizer's form kept for later).
QString firstRefusal(const QWidget* root, bool shownOnly = false);

/// What NumberEdit and RealEdit share: committing, the refused state and its display.
class ValueEdit : public QLineEdit {
    Q_OBJECT

public:
    explicit ValueEdit(QWidget* parent = nullptr);

    /// The field's name in messages ("L2, shared (bytes)").
    void setFieldName(const QString& name) { m_name = name; }
    QString fieldName() const { return m_name; }
    /// Why the shown text was refused; empty when the text is the stored value.
    QString error() const { return m_error; }
    bool hasError() const { return !m_error.isEmpty(); }

Q_SIGNALS:
    /// The user committed a text that is refused: "<field name>: <reason>".
    void refused(const QString& message);
    /// A refused entry was replaced by a valid one (or by the model's value).
    void errorCleared();

protected:
    /// Reads and stores the text; the reason when it is refused.
    virtual std::optional<QString> accept(const QString& text) = 0;
    /// Whether `setValue` must leave a refused text alone (the model still holds the stored value).
    bool keepRefusedText(bool sameValue) const { return hasError() && sameValue; }
    void showStored(const QString& text);
    /// Reads a special word typed in full or abbreviated to its first three letters.
    static bool matchesWord(const QString& typed, const QString& word);
    /// The text without group separators between digits (the locale's, commas, spaces,
    /// apostrophes, underscores); empty if some other character than digits, a sign, `allowed`
    /// and separators appears.
    static QString withoutSeparators(const QString& text, const QString& allowed);

private:
    void commit();
    void showError(const QString& reason);
    void clearError();

    QString m_name;
    QString m_error;
    QString m_toolTip; ///< the field's own tooltip, shown again once an error is cleared
};

/// A whole number (64-bit) in a range.
class NumberEdit : public ValueEdit {
    Q_OBJECT

public:
    explicit NumberEdit(QWidget* parent = nullptr);

    void setRange(qint64 minimum, qint64 maximum);
    qint64 minimum() const { return m_min; }
    qint64 maximum() const { return m_max; }
    /// A value shown as a word and read back from it (INT_MAX as "unlimited", 0 as "—").
    void setSpecialValue(qint64 value, const QString& word);

    /// The stored value (the last committed or set one).
    qint64 value() const { return m_value; }
    /// Shows a value from the model; a refused entry is kept while the stored value is unchanged
    /// (so refreshing other fields never erases what the user typed).
    void setValue(qint64 value);

    /// Reads a text: the value, or the reason it is refused.
    std::variant<qint64, QString> parse(const QString& text) const;
    /// The text shown for a value (locale digit grouping, or the special word).
    QString format(qint64 value) const;

Q_SIGNALS:
    /// The user committed a valid value that differs from the stored one.
    void valueCommitted(qint64 value);

protected:
    std::optional<QString> accept(const QString& text) override;

private:
    qint64 m_min = 0;
    qint64 m_max = std::numeric_limits<int>::max();
    qint64 m_value = 0;
    std::optional<qint64> m_specialValue;
    QString m_specialWord;
};

/// A finite real number in a range (plain or scientific notation).
class RealEdit : public ValueEdit {
    Q_OBJECT

public:
    explicit RealEdit(QWidget* parent = nullptr);

    void setRange(double minimum, double maximum);
    /// A value shown as a word and read back from it (0 as "off").
    void setSpecialValue(double value, const QString& word);

    double value() const { return m_value; }
    void setValue(double value);

    std::variant<double, QString> parse(const QString& text) const;
    QString format(double value) const;

Q_SIGNALS:
    void valueCommitted(double value);

protected:
    std::optional<QString> accept(const QString& text) override;

private:
    double m_min = 0;
    double m_max = std::numeric_limits<double>::max();
    double m_value = 0;
    std::optional<double> m_specialValue;
    QString m_specialWord;
};

} // namespace mapscape
