// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/widgets/accelerator_document.h"

#include <QRegularExpression>
#include <QUndoCommand>

namespace mapscape {

namespace {

QString num(double v) { return QString::number(v, 'g', 10); }

/// "1, 2, 3" or "1 2 3" → numbers; nullopt on any non-number.
std::optional<std::vector<double>> parseNumbers(const QString& text)
{
    std::vector<double> out;
    const QStringList parts = text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
    for (const QString& p : parts) {
        bool ok = false;
        const double v = p.toDouble(&ok);
        if (!ok)
            return std::nullopt;
        out.push_back(v);
    }
    return out;
}

QString perType(const std::array<double, kNumDataTypes>& v)
{
    if (v[0] == v[1] && v[1] == v[2])
        return num(v[0]);
    return num(v[0]) + QStringLiteral(", ") + num(v[1]) + QStringLiteral(", ") + num(v[2]);
}

// A level in words, as refusals and the Edit menu name it: "global buffer", "multi-chip array".
// Sentence-initial uses capitalise the first letter ("Global buffer size (bytes): …").
QString levelWords(Component c)
{
    static const std::array<QString, kNumComponents> kWords{
        QStringLiteral("register"),      QStringLiteral("MAC array"),        QStringLiteral("local buffer"),
        QStringLiteral("PE array"),      QStringLiteral("global buffer"),    QStringLiteral("multi-chip array"),
        QStringLiteral("DRAM")};
    return kWords[std::size_t(c)];
}

QString levelTitle(Component c)
{
    QString t = levelWords(c);
    t[0] = t[0].toUpper();
    return t;
}

/// A level's cell in words, as the Edit menu's steps and the refusals name it.
QString fieldNoun(LevelField f)
{
    switch (f) {
    case LevelField::Present: return QStringLiteral("present");
    case LevelField::Size: return QStringLiteral("size");
    case LevelField::Dataflow: return QStringLiteral("dataflow");
    case LevelField::AllowedDataflows: return QStringLiteral("allowed dataflows");
    case LevelField::Bandwidth: return QStringLiteral("bandwidth");
    case LevelField::Energy: return QStringLiteral("access energy");
    case LevelField::StaticPower: return QStringLiteral("static power");
    case LevelField::UnitCycle: return QStringLiteral("cycles per access");
    case LevelField::Bypass: return QStringLiteral("bypass");
    default: return QStringLiteral("value");
    }
}

} // namespace

bool levelFieldEditable(Component c, LevelField f)
{
    if (f == LevelField::Level)
        return false;
    if (isSpatial(c))
        return f == LevelField::Present || f == LevelField::Size;
    if (c == Component::Dram)
        return f != LevelField::Present && f != LevelField::Size && f != LevelField::Bypass;
    return true;
}

QString levelFieldText(const Accelerator& acc, Component c, LevelField f)
{
    if (f == LevelField::Level)
        return QString::fromUtf8(componentSection(c).data());
    if (isSpatial(c)) {
        const ArraySpec& a = acc.array(c);
        if (f == LevelField::Present)
            return a.present ? QStringLiteral("yes") : QStringLiteral("no");
        if (f == LevelField::Size)
            return QStringLiteral("%1 × %2").arg(a.sizeX).arg(a.sizeY);
        return {};
    }
    const BufferSpec& b = acc.buffer(c);
    switch (f) {
    case LevelField::Present:
        return b.present ? QStringLiteral("yes") : QStringLiteral("no");
    case LevelField::Size: {
        if (c == Component::Dram)
            return QStringLiteral("∞");
        QStringList parts;
        for (std::int64_t s : b.sizeBytes)
            parts.append(QString::number(s));
        return parts.join(QStringLiteral(", "));
    }
    case LevelField::Dataflow:
        return QString::fromUtf8(dataflowName(b.dataflow).data());
    case LevelField::AllowedDataflows: {
        QStringList parts;
        for (Dataflow d : b.allowedDataflows)
            parts.append(QString::fromUtf8(dataflowName(d).data()));
        return parts.join(QStringLiteral(", "));
    }
    case LevelField::Bandwidth:
        return num(b.bandwidthBits);
    case LevelField::Energy:
        return perType(b.accessEnergyPj);
    case LevelField::StaticPower:
        return perType(b.staticPowerMw);
    case LevelField::UnitCycle:
        return perType(b.unitCycle);
    case LevelField::Bypass: {
        QString s;
        for (DataType t : kAllDataTypes) {
            if (b.bypass[std::size_t(idx(t))])
                s += QString::fromUtf8(dataTypeLetter(t).data());
        }
        return s.isEmpty() ? QStringLiteral("-") : s;
    }
    default:
        return {};
    }
}

QString chipFieldText(const Accelerator& acc, ChipField f)
{
    switch (f) {
    case ChipField::PrecisionBits:
        return QString::number(acc.precisionBits);
    case ChipField::FrequencyMhz:
        return num(acc.frequencyMhz);
    case ChipField::MacEnergyPj:
        return num(acc.macEnergyPj);
    case ChipField::MacStaticMw:
        return num(acc.macStaticMw);
    }
    return {};
}

class SetAcceleratorCommand final : public QUndoCommand {
public:
    SetAcceleratorCommand(AcceleratorDocument* doc, Accelerator before, Accelerator after, const QString& text)
        : QUndoCommand(text)
        , m_doc(doc)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
    }
    void redo() override { m_doc->apply(m_after); }
    void undo() override { m_doc->apply(m_before); }

private:
    AcceleratorDocument* m_doc;
    Accelerator m_before, m_after;
};

AcceleratorDocument::AcceleratorDocument(QObject* parent)
    : QObject(parent)
{
}

void AcceleratorDocument::setAccelerator(Accelerator acc)
{
    Q_EMIT aboutToReset();
    m_acc = std::move(acc);
    if (m_stack == &m_undo)
        m_undo.clear();
    Q_EMIT reset();
    Q_EMIT changed();
}

void AcceleratorDocument::apply(const Accelerator& acc)
{
    m_acc = acc;
    Q_EMIT changed();
}

QString AcceleratorDocument::push(Accelerator after, const QString& label)
{
    if (after == m_acc)
        return {};
    m_stack->push(new SetAcceleratorCommand(this, m_acc, std::move(after), label));
    return {};
}

QString AcceleratorDocument::setLevelField(Component c, LevelField f, const QString& raw)
{
    const QString text = raw.trimmed();
    const auto notEditable = [&] { return levelTitle(c) + QLatin1Char(' ') + fieldNoun(f) + QStringLiteral(": this cell cannot be edited"); };
    if (!levelFieldEditable(c, f))
        return notEditable();
    Accelerator a = m_acc;
    // Refusals name the cell in words with its unit ("Global buffer size (bytes): …"), not by the
    // file's keys (global_buffer.size_bytes); the Edit menu uses the same words.
    const auto bad = [&](const QString& what) {
        const QString level = levelTitle(c);
        const QString unit = f == LevelField::Size && !isSpatial(c) ? QStringLiteral(" (bytes)")
                             : f == LevelField::Bandwidth                ? QStringLiteral(" (bits)")
                             : f == LevelField::Energy                   ? QStringLiteral(" (pJ per word)")
                             : f == LevelField::StaticPower              ? QStringLiteral(" (mW)")
                                                                         : QString();
        return level + QLatin1Char(' ') + fieldNoun(f) + unit + QStringLiteral(": expected ") + what + QStringLiteral(", got \"") + raw +
               QLatin1Char('"');
    };
    if (f == LevelField::Present) {
        const QString t = text.toLower();
        const bool on = t == QStringLiteral("yes") || t == QStringLiteral("true") || t == QStringLiteral("1");
        if (!on && t != QStringLiteral("no") && t != QStringLiteral("false") && t != QStringLiteral("0"))
            return bad(QStringLiteral("yes or no"));
        if (isSpatial(c))
            a.array(c).present = on;
        else
            a.buffer(c).present = on;
        return push(std::move(a), QStringLiteral("%1 %2").arg(on ? QStringLiteral("Add") : QStringLiteral("Remove"), levelWords(c)));
    }
    if (isSpatial(c)) {
        const QStringList xy = text.split(QRegularExpression(QStringLiteral("\\s*[x×*,]\\s*")), Qt::SkipEmptyParts);
        bool okX = false, okY = false;
        const qlonglong x = xy.size() == 2 ? xy[0].toLongLong(&okX) : 0;
        const qlonglong y = xy.size() == 2 ? xy[1].toLongLong(&okY) : 0;
        if (!okX || !okY)
            return bad(QStringLiteral("X × Y, e.g. 14 × 12"));
        a.array(c).sizeX = x;
        a.array(c).sizeY = y;
        return push(std::move(a), QStringLiteral("Set %1 size to %2 × %3").arg(levelWords(c)).arg(x).arg(y));
    }
    BufferSpec& b = a.buffer(c);
    switch (f) {
    case LevelField::Size: {
        const auto v = parseNumbers(text);
        if (!v || v->empty() || v->size() > 3)
            return bad(QStringLiteral("one (shared), two or three byte counts"));
        b.sizeBytes.clear();
        for (double x : *v) {
            if (x != std::floor(x))
                return bad(QStringLiteral("whole byte counts"));
            b.sizeBytes.push_back(std::int64_t(x));
        }
        break;
    }
    case LevelField::Dataflow: {
        const auto df = parseDataflow(text.toStdString());
        if (!df)
            return bad(QStringLiteral("IS, WS, OS or -"));
        b.dataflow = *df;
        break;
    }
    case LevelField::AllowedDataflows: {
        b.allowedDataflows.clear();
        for (const QString& p : text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
            const auto df = parseDataflow(p.toStdString());
            if (!df || *df == Dataflow::None)
                return bad(QStringLiteral("a list of IS, WS, OS"));
            b.allowedDataflows.push_back(*df);
        }
        break;
    }
    case LevelField::Bandwidth: {
        bool ok = false;
        const double v = text.toDouble(&ok);
        if (!ok)
            return bad(QStringLiteral("a number of bits"));
        b.bandwidthBits = v;
        break;
    }
    case LevelField::Energy:
    case LevelField::StaticPower:
    case LevelField::UnitCycle: {
        const auto v = parseNumbers(text);
        if (!v || (v->size() != 1 && v->size() != 3))
            return bad(QStringLiteral("one value or three (input, weight, output)"));
        std::array<double, kNumDataTypes>& target =
            f == LevelField::Energy ? b.accessEnergyPj : f == LevelField::StaticPower ? b.staticPowerMw : b.unitCycle;
        for (int t = 0; t < kNumDataTypes; ++t)
            target[std::size_t(t)] = (*v)[v->size() == 1 ? 0 : std::size_t(t)];
        break;
    }
    case LevelField::Bypass: {
        std::array<bool, kNumDataTypes> by{};
        const QString t = text.toUpper();
        if (t != QStringLiteral("-") && !t.isEmpty()) {
            for (QChar ch : t) {
                if (ch == QLatin1Char(',') || ch.isSpace())
                    continue;
                const auto dt = parseDataType(QString(ch).toStdString());
                if (!dt)
                    return bad(QStringLiteral("letters I, W, O or -"));
                by[std::size_t(idx(*dt))] = true;
            }
        }
        b.bypass = by;
        break;
    }
    default:
        return notEditable();
    }
    // The Edit menu names the step in words: "Undo Set global buffer size to 4096".
    return push(std::move(a), QStringLiteral("Set %1 %2 to %3").arg(levelWords(c), fieldNoun(f), text));
}

QString AcceleratorDocument::setChipField(ChipField f, const QString& raw)
{
    Accelerator a = m_acc;
    bool ok = false;
    const QString text = raw.trimmed();
    switch (f) {
    case ChipField::PrecisionBits: {
        const int v = text.toInt(&ok);
        if (!ok)
            return QStringLiteral("precision_bits: expected a whole number of bits, got \"%1\"").arg(raw);
        a.precisionBits = v;
        break;
    }
    case ChipField::FrequencyMhz:
    case ChipField::MacEnergyPj:
    case ChipField::MacStaticMw: {
        const double v = text.toDouble(&ok);
        const char* name = f == ChipField::FrequencyMhz ? "frequency_mhz" : f == ChipField::MacEnergyPj ? "mac_energy_pj" : "mac_static_mw";
        if (!ok)
            return QStringLiteral("%1: expected a number, got \"%2\"").arg(QString::fromUtf8(name), raw);
        (f == ChipField::FrequencyMhz ? a.frequencyMhz : f == ChipField::MacEnergyPj ? a.macEnergyPj : a.macStaticMw) = v;
        break;
    }
    }
    return push(std::move(a), QStringLiteral("Set accelerator property"));
}

FieldIssues AcceleratorDocument::issues() const { return validateAccelerator(m_acc); }

} // namespace mapscape
