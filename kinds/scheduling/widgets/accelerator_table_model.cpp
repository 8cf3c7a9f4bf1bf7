// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/widgets/accelerator_table_model.h"

#include "widgets/charts/metric_labels.h"

#include <QBrush>
#include <QColor>

namespace mapscape {

namespace {

/// Which column a validateAccelerator field (after "<component>.") belongs to.
LevelField columnOfField(const std::string& suffix)
{
    const auto starts = [&](const char* p) { return suffix.rfind(p, 0) == 0; };
    if (starts("size"))
        return LevelField::Size;
    if (starts("dataflow"))
        return LevelField::Dataflow;
    if (starts("allowed_dataflows"))
        return LevelField::AllowedDataflows;
    if (starts("bandwidth"))
        return LevelField::Bandwidth;
    if (starts("access_energy"))
        return LevelField::Energy;
    if (starts("static_power"))
        return LevelField::StaticPower;
    if (starts("unit_cycle"))
        return LevelField::UnitCycle;
    if (starts("bypass"))
        return LevelField::Bypass;
    return LevelField::Level;
}

/// A cell as shown: sizes and static powers in engineering units with their prefixes ("100 KiB",
/// "600 pW, 27 nW, 7 nW"); the edit role keeps levelFieldText's exact numbers (102400, 6e-07) in
/// the units the cell is typed in (bytes, mW).
QString shownText(const Accelerator& acc, Component c, LevelField f)
{
    const auto join = [](const auto& values, const QString& unit) {
        QStringList parts;
        for (double v : values)
            parts.append(quantityText(v, unit));
        return parts.join(QStringLiteral(", "));
    };
    if (isSpatial(c) || (f != LevelField::Size && f != LevelField::StaticPower) || (c == Component::Dram && f == LevelField::Size))
        return levelFieldText(acc, c, f);
    const BufferSpec& b = acc.buffer(c);
    if (f == LevelField::Size)
        return join(std::vector<double>(b.sizeBytes.begin(), b.sizeBytes.end()), QStringLiteral("B"));
    const auto& p = b.staticPowerMw;
    return p[0] == p[1] && p[1] == p[2] ? quantityText(p[0], QStringLiteral("mW")) : join(p, QStringLiteral("mW"));
}

} // namespace

AcceleratorTableModel::AcceleratorTableModel(AcceleratorDocument* document, QObject* parent)
    : RefusingTableModel(parent)
    , m_doc(document)
{
    connect(m_doc, &AcceleratorDocument::aboutToReset, this, [this] {
        forgetRefused(); // another accelerator: the refused entries were about the old one
        beginResetModel();
    });
    connect(m_doc, &AcceleratorDocument::reset, this, [this] { endResetModel(); });
    connect(m_doc, &AcceleratorDocument::changed, this, [this] {
        // One bulk notification: an edit can change the validity of other cells.
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    });
}

int AcceleratorTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kNumComponents; }

int AcceleratorTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(LevelField::Count);
}

QString AcceleratorTableModel::issueFor(Component c, LevelField f) const
{
    const std::string prefix = std::string(componentKey(c));
    QStringList out;
    for (const FieldIssue& i : m_doc->issues()) {
        if (i.field == prefix && f == LevelField::Level) {
            out.append(QString::fromStdString(i.message));
            continue;
        }
        if (i.field.rfind(prefix + ".", 0) != 0)
            continue;
        const std::string suffix = i.field.substr(prefix.size() + 1);
        if (columnOfField(suffix) == f)
            out.append(QString::fromStdString(suffix + ": " + i.message));
    }
    return out.join(QStringLiteral("; "));
}

QVariant AcceleratorTableModel::data(const QModelIndex& index, int role) const
{
    if (!hasIndex(index.row(), index.column(), index.parent()))
        return {};
    const Component c = componentAt(index.row());
    const LevelField f = LevelField(index.column());
    const Accelerator& acc = m_doc->accelerator();
    const bool applies = levelFieldEditable(c, f) || f == LevelField::Level ||
                         (c == Component::Dram && (f == LevelField::Present || f == LevelField::Size));
    // What the user typed and was refused stays, marked, with the reason, until edited again.
    if (QVariant refused = refusedData(index, role); refused.isValid())
        return refused;
    if (role == Qt::BackgroundRole || role == Qt::ToolTipRole || role == IssueRole) {
        const QString issue = issueFor(c, f);
        if (role == Qt::BackgroundRole)
            return issue.isEmpty() ? QVariant() : QVariant(QBrush(QColor(255, 205, 205)));
        return issue.isEmpty() ? QVariant() : QVariant(issue);
    }
    if (role == Qt::ForegroundRole && (!applies || (f != LevelField::Level && f != LevelField::Present && !acc.present(c))))
        return QBrush(QColor(150, 150, 150));
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    if (!applies)
        return role == Qt::DisplayRole ? QStringLiteral("—") : QString();
    return role == Qt::DisplayRole ? shownText(acc, c, f) : levelFieldText(acc, c, f);
}

QString AcceleratorTableModel::applyEdit(const QModelIndex& index, const QString& text)
{
    return m_doc->setLevelField(componentAt(index.row()), LevelField(index.column()), text);
}

bool AcceleratorTableModel::cellEditable(const QModelIndex& index) const
{
    return levelFieldEditable(componentAt(index.row()), LevelField(index.column()));
}

QVariant AcceleratorTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const bool tip = role == Qt::ToolTipRole;
    switch (LevelField(section)) {
    case LevelField::Level:
        return tip ? tr("Hierarchy level, innermost first") : tr("Level");
    case LevelField::Present:
        return tip ? tr("yes / no") : tr("Present");
    case LevelField::Size:
        return tip ? tr("Buffers: capacity, one value (shared) or input, weight, output, typed in bytes; arrays: X × Y")
                   : tr("Size");
    case LevelField::Dataflow:
        return tip ? tr("IS, WS, OS or -") : tr("Dataflow");
    case LevelField::AllowedDataflows:
        return tip ? tr("Dataflows flexible searches may choose (empty: only the configured one)") : tr("Allowed");
    case LevelField::Bandwidth:
        return tip ? tr("Bits per access slot") : tr("Bandwidth (bits)");
    case LevelField::Energy:
        return tip ? tr("pJ per word: one value or input, weight, output") : tr("Energy (pJ/word)");
    case LevelField::StaticPower:
        return tip ? tr("Static power per instance: one value or input, weight, output, typed in mW") : tr("Static power");
    case LevelField::UnitCycle:
        return tip ? tr("Cycles per access slot: one value or input, weight, output") : tr("Unit cycle");
    case LevelField::Bypass:
        return tip ? tr("Data types not stored here: letters I, W, O, or -") : tr("Bypass");
    case LevelField::Count:
        break;
    }
    return {};
}

} // namespace mapscape
