// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/editors/number_edit.h"

#include <QLocale>

#include <cmath>

namespace mapscape {

std::optional<double> readRealNumber(const QString& text)
{
    const QString t = text.trimmed();
    bool ok = false;
    double v = QLocale().toDouble(t, &ok); // the user's locale first ("1,5" where that is 1.5)
    if (!ok) {
        // Group separators between digits (commas, spaces, ...) are dropped; a comma elsewhere
        // makes the text unreadable.
        QString plain;
        for (qsizetype i = 0; i < t.size(); ++i) {
            const QChar c = t[i];
            const bool separator = c == QLatin1Char(',') || c == QLatin1Char(' ') || c == QLatin1Char('\'') ||
                                   c == QLatin1Char('_') || c == QChar(0x202F) || c == QChar(0x00A0);
            if (separator && i > 0 && i + 1 < t.size() && t[i - 1].isDigit() && t[i + 1].isDigit())
                continue;
            plain += c == QChar(0x2212) ? QLatin1Char('-') : c;
        }
        v = QLocale::c().toDouble(plain, &ok);
    }
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

namespace {

/// Reads a committed text into a typed field: the reason it is refused, or the value stored and
/// shown in the field's format (valueCommitted when it changed).
template <typename Edit, typename T>
std::optional<QString> acceptInto(Edit& edit, const QString& text, T& stored)
{
    const auto parsed = edit.parse(text);
    if (const QString* why = std::get_if<QString>(&parsed))
        return *why;
    const T v = std::get<T>(parsed);
    const bool changed = v != stored;
    stored = v;
    edit.setText(edit.format(v));
    if (changed)
        Q_EMIT edit.valueCommitted(v);
    return std::nullopt;
}

} // namespace

QString firstRefusal(const QWidget* root, bool shownOnly)
{
    for (const ValueEdit* e : root->findChildren<ValueEdit*>())
        if (e->hasError() && (!shownOnly || e->isVisibleTo(root)))
            return e->toolTip();
    return {};
}

// ---- ValueEdit -------------------------------------------------------------------------------

ValueEdit::ValueEdit(QWidget* parent)
    : QLineEdit(parent)
{
    connect(this, &QLineEdit::returnPressed, this, &ValueEdit::commit);
    connect(this, &QLineEdit::editingFinished, this, [this] {
        if (isModified())
            commit();
    });
}

bool ValueEdit::matchesWord(const QString& typed, const QString& word)
{
    if (word.isEmpty())
        return false;
    const QString t = typed.trimmed().toLower(), w = word.toLower();
    return t == w || (t.size() >= 3 && w.startsWith(t));
}

QString ValueEdit::withoutSeparators(const QString& text, const QString& allowed)
{
    const QString t = text.trimmed();
    const QString group = QLocale().groupSeparator();
    QString out;
    for (qsizetype i = 0; i < t.size(); ++i) {
        const QChar c = t[i];
        if ((c.isDigit() && c.unicode() < 128) || allowed.contains(c)) {
            out += c;
            continue;
        }
        if (c == QChar(0x2212)) { // the minus sign a locale may print
            out += QLatin1Char('-');
            continue;
        }
        const bool separator = c == QLatin1Char(',') || c == QLatin1Char(' ') || c == QLatin1Char('\'') ||
                               c == QLatin1Char('_') || c == QChar(0x202F) || c == QChar(0x00A0) || group == QString(c);
        const bool betweenDigits = i > 0 && i + 1 < t.size() && t[i - 1].isDigit() && t[i + 1].isDigit();
        if (separator && betweenDigits && !allowed.contains(c))
            continue;
        return QString();
    }
    return out;
}

void ValueEdit::showStored(const QString& text)
{
    clearError();
    if (this->text() != text)
        setText(text);
    setModified(false);
}

void ValueEdit::commit()
{
    setModified(false);
    const bool wasError = hasError();
    if (const std::optional<QString> why = accept(text())) {
        showError(*why);
        return;
    }
    clearError();
    if (wasError)
        Q_EMIT errorCleared();
}

void ValueEdit::showError(const QString& reason)
{
    if (!hasError())
        m_toolTip = toolTip();
    m_error = reason;
    setStyleSheet(QStringLiteral("QLineEdit { background: #f8d7d7; }"));
    const QString message = m_name.isEmpty() ? reason : m_name + QStringLiteral(": ") + reason;
    setToolTip(message);
    Q_EMIT refused(message);
}

void ValueEdit::clearError()
{
    if (!hasError())
        return;
    m_error.clear();
    setStyleSheet(QString());
    setToolTip(m_toolTip);
}

// ---- NumberEdit ------------------------------------------------------------------------------

NumberEdit::NumberEdit(QWidget* parent)
    : ValueEdit(parent)
{
    setText(format(m_value));
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
    if (m_specialValue && matchesWord(t, m_specialWord))
        return *m_specialValue;
    const QString plain = withoutSeparators(t, QStringLiteral("+-"));
    bool ok = false;
    const qint64 v = plain.toLongLong(&ok);
    const bool wellFormed = !plain.isEmpty() && plain.lastIndexOf(QLatin1Char('-')) <= 0 &&
                            plain.lastIndexOf(QLatin1Char('+')) <= 0 && plain != QStringLiteral("-") &&
                            plain != QStringLiteral("+");
    if (!wellFormed)
        return tr("must be a whole number, got \"%1\"").arg(t);
    QString range = tr("must be between %1 and %2").arg(QLocale().toString(m_min), QLocale().toString(m_max));
    if (m_specialValue && *m_specialValue == m_max)
        range = tr("must be at least %1 (or \"%2\")").arg(QLocale().toString(m_min), m_specialWord);
    if (!ok) // digits beyond 64 bits
        return range + tr(", got \"%1\"").arg(t);
    if (v < m_min || v > m_max)
        return range + tr(", got %1").arg(QLocale().toString(v));
    return v;
}

void NumberEdit::setValue(qint64 value)
{
    if (keepRefusedText(value == m_value))
        return;
    m_value = value;
    showStored(format(value));
}

std::optional<QString> NumberEdit::accept(const QString& text) { return acceptInto(*this, text, m_value); }

// ---- RealEdit --------------------------------------------------------------------------------

RealEdit::RealEdit(QWidget* parent)
    : ValueEdit(parent)
{
    setText(format(m_value));
}

void RealEdit::setRange(double minimum, double maximum)
{
    m_min = minimum;
    m_max = std::max(minimum, maximum);
}

void RealEdit::setSpecialValue(double value, const QString& word)
{
    m_specialValue = value;
    m_specialWord = word;
    if (m_value == value && !hasError())
        setText(format(m_value));
}

QString RealEdit::format(double value) const
{
    if (m_specialValue && value == *m_specialValue)
        return m_specialWord;
    // Up to 15 significant digits: what was typed comes back as typed.
    return QLocale().toString(value, 'g', 15);
}

std::variant<double, QString> RealEdit::parse(const QString& text) const
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        return tr("is empty; type a number");
    if (m_specialValue && matchesWord(t, m_specialWord))
        return *m_specialValue;
    const std::optional<double> read = readRealNumber(t);
    if (!read)
        return tr("must be a number, got \"%1\"").arg(t);
    const double v = *read;
    if (v < m_min || v > m_max) {
        QString range = tr("must be between %1 and %2").arg(format(m_min), QLocale().toString(m_max, 'g', 6));
        if (m_specialValue && *m_specialValue == m_min)
            range = tr("must be at most %1 (%2 = %3)").arg(QLocale().toString(m_max, 'g', 6), format(m_min),
                                                           QLocale().toString(m_min, 'g', 6));
        return range + tr(", got %1").arg(t);
    }
    return v;
}

void RealEdit::setValue(double value)
{
    if (keepRefusedText(value == m_value))
        return;
    m_value = value;
    showStored(format(value));
}

std::optional<QString> RealEdit::accept(const QString& text) { return acceptInto(*this, text, m_value); }

} // namespace mapscape
