// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/editors/number_edit.h"

#include <QLocale>

namespace mapscape {

NumberEdit::NumberEdit(QWidget* parent)
    : QLineEdit(parent)
{
    setText(format(m_value));
    connect(this, &QLineEdit::returnPressed, this, &NumberEdit::commit);
    connect(this, &QLineEdit::editingFinished, this, [this] {
        if (isModified())
            commit();
    });
}

void NumberEdit::setRange(qint64 minimum, qint64 maximum)
{
    m_min = minimum;
    m_max = std::max(minimum, maximum);
}

void NumberEdit::setSpecialValue(qint64 value, const QString& word)
{
    m_specialValue = value;
    m_specialWord = word;
    if (m_value == value && !hasError())
        setText(format(m_value));
}

QString NumberEdit::format(qint64 value) const
{
    if (m_specialValue && value == *m_specialValue)
        return m_specialWord;
    return QLocale().toString(value);
}

std::variant<qint64, QString> NumberEdit::parse(const QString& text) const
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        return tr("is empty; type a whole number");
    if (m_specialValue && !m_specialWord.isEmpty()) {
        const QString w = t.toLower();
        const QString word = m_specialWord.toLower();
        if (w == word || (w.size() >= 3 && word.startsWith(w)))
            return *m_specialValue;
    }
    // Digits with an optional sign; group separators (the locale's, commas, spaces, apostrophes,
    // underscores) are allowed between digits and ignored.
    const QLocale locale;
    QString digits;
    bool negative = false;
    for (qsizetype i = 0; i < t.size(); ++i) {
        const QChar c = t[i];
        if (i == 0 && (c == QLatin1Char('-') || c == QChar(0x2212) || c == QLatin1Char('+'))) {
            negative = c != QLatin1Char('+');
            continue;
        }
        if (c.isDigit() && c.unicode() < 128) {
            digits += c;
            continue;
        }
        const bool separator = c == QLatin1Char(',') || c == QLatin1Char(' ') || c == QLatin1Char('\'') ||
                               c == QLatin1Char('_') || c == QChar(0x202F) || c == QChar(0x00A0) ||
                               locale.groupSeparator() == QString(c);
        if (separator && !digits.isEmpty() && i + 1 < t.size() && t[i + 1].isDigit())
            continue;
        return tr("must be a whole number, got \"%1\"").arg(t);
    }
    if (digits.isEmpty())
        return tr("must be a whole number, got \"%1\"").arg(t);
    bool ok = false;
    const qint64 magnitude = digits.toLongLong(&ok);
    const auto limits = [this] {
        QString s = tr("must be between %1 and %2").arg(QLocale().toString(m_min), QLocale().toString(m_max));
        if (m_specialValue && *m_specialValue == m_max)
            s = tr("must be at least %1 (or \"%2\")").arg(QLocale().toString(m_min), m_specialWord);
        return s;
    };
    if (!ok)
        return limits() + tr(", got \"%1\"").arg(t);
    const qint64 v = negative ? -magnitude : magnitude;
    if (v < m_min || v > m_max)
        return limits() + tr(", got %1").arg(QLocale().toString(v));
    return v;
}

void NumberEdit::setValue(qint64 value)
{
    if (hasError() && value == m_value)
        return; // keep what the user typed (and why it was refused) until they fix it
    m_value = value;
    clearError();
    const QString t = format(value);
    if (text() != t)
        setText(t);
    setModified(false);
}

void NumberEdit::commit()
{
    const auto parsed = parse(text());
    setModified(false);
    if (const QString* why = std::get_if<QString>(&parsed)) {
        showError(*why);
        return;
    }
    const qint64 v = std::get<qint64>(parsed);
    const bool wasError = hasError();
    clearError();
    if (wasError)
        Q_EMIT errorCleared();
    const bool changed = v != m_value;
    m_value = v;
    setText(format(v));
    if (changed)
        Q_EMIT valueCommitted(v);
}

void NumberEdit::showError(const QString& reason)
{
    if (!hasError())
        m_toolTip = toolTip();
    m_error = reason;
    setStyleSheet(QStringLiteral("QLineEdit { background: #f8d7d7; }"));
    const QString message = m_name.isEmpty() ? reason : m_name + QStringLiteral(": ") + reason;
    setToolTip(message);
    Q_EMIT refused(message);
}

void NumberEdit::clearError()
{
    if (!hasError())
        return;
    m_error.clear();
    setStyleSheet(QString());
    setToolTip(m_toolTip);
}

} // namespace mapscape
