// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/widgets/layer_table_model.h"
#include "kinds/scheduling/core/scheduling_model.h"

#include "core/util/units.h"

#include <QBrush>
#include <QColor>

namespace mapscape {

namespace {

/// The issues of a column's field; the Name cell also carries those of fields without a column
/// of their own (a dilation), so that every refusal is marked somewhere.
QString issueFor(const FieldIssues& issues, const QString& field, const QStringList& columns)
{
    QStringList out;
    for (const FieldIssue& i : issues) {
        const QString f = QString::fromStdString(i.field);
        if (f == field || (field == columns.front() && !columns.contains(f)))
            out.append(QString::fromStdString(i.message));
    }
    return out.join(QStringLiteral("; "));
}

} // namespace

LayerTableModel::LayerTableModel(NetworkDocument* document, QObject* parent)
    : RefusingTableModel(parent)
    , m_doc(document)
{
    connect(m_doc, &NetworkDocument::layerChanged, this, [this](int row) {
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        // A name change can create or clear a duplicate elsewhere.
        if (rowCount() > 1)
            Q_EMIT dataChanged(index(0, Name), index(rowCount() - 1, Name), {Qt::BackgroundRole, Qt::ToolTipRole, IssueRole});
    });
    // Rows that move or change wholesale take their refused entries with them.
    const auto forget = [this] { forgetRefused(); };
    connect(m_doc, &NetworkDocument::layersAboutToBeInserted, this, forget);
    connect(m_doc, &NetworkDocument::layersAboutToBeRemoved, this, forget);
    connect(m_doc, &NetworkDocument::networkAboutToBeReset, this, forget);
    connect(m_doc, &NetworkDocument::layersAboutToBeInserted, this,
            [this](int first, int count) { beginInsertRows({}, first, first + count - 1); });
    connect(m_doc, &NetworkDocument::layersInserted, this, [this] { endInsertRows(); });
    connect(m_doc, &NetworkDocument::layersAboutToBeRemoved, this,
            [this](int first, int count) { beginRemoveRows({}, first, first + count - 1); });
    connect(m_doc, &NetworkDocument::layersRemoved, this, [this] { endRemoveRows(); });
    connect(m_doc, &NetworkDocument::networkAboutToBeReset, this, [this] { beginResetModel(); });
    connect(m_doc, &NetworkDocument::networkReset, this, [this] { endResetModel(); });
}

int LayerTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_doc->network().layers.size());
}

int LayerTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant LayerTableModel::data(const QModelIndex& index, int role) const
{
    if (!hasIndex(index.row(), index.column(), index.parent()))
        return {};
    const Layer& l = m_doc->network().layers[std::size_t(index.row())];
    const int col = index.column();
    const bool editable = col <= Repeat;
    // What the user typed and was refused stays, marked, with the reason, until edited again.
    if (QVariant refused = refusedData(index, role); refused.isValid())
        return refused;
    if (editable && (role == Qt::ToolTipRole || role == IssueRole || role == Qt::BackgroundRole)) {
        static const QStringList columns = [] {
            QStringList names;
            for (int c = 0; c <= Repeat; ++c)
                names << layerFieldName(LayerField(c));
            return names;
        }();
        const QString issue = issueFor(m_doc->issues(index.row()), layerFieldName(LayerField(col)), columns);
        if (role == Qt::BackgroundRole)
            return issue.isEmpty() ? QVariant() : QVariant(QBrush(QColor(255, 205, 205)));
        return issue.isEmpty() ? QVariant() : QVariant(issue);
    }
    if (role == Qt::TextAlignmentRole)
        return col == Name || col == Kind ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    if (editable)
        return role == Qt::EditRole || col == Name ? QVariant(layerFieldText(l, LayerField(col)))
                                                   : QVariant(qlonglong(layerFieldText(l, LayerField(col)).toLongLong()));
    // Sizes follow from any well-formed layer, also one this model refuses (two strides).
    if (!validateLayer(l).empty())
        return QStringLiteral("–");
    double value = 0;
    const char* unit = "words";
    switch (Column(col)) {
    case Kind:
        return QString::fromUtf8(layerKindName(l.kind()).data());
    case Macs:
        value = l.macs() * double(l.repeat);
        unit = "MACs";
        break;
    case InputWords:
        value = l.inputWords();
        break;
    case WeightWords:
        value = l.weightWords();
        break;
    case OutputWords:
        value = l.outputWords();
        break;
    default:
        return {};
    }
    // Shown in engineering units ("118 M MACs"); the exact number is the edit role's.
    if (role == Qt::EditRole)
        return value;
    return QString::fromStdString(formatQuantity(value, unit));
}

QString LayerTableModel::applyEdit(const QModelIndex& index, const QString& text)
{
    const QString reason = m_doc->setField(index.row(), LayerField(index.column()), text);
    if (reason.isEmpty())
        return reason;
    return QStringLiteral("%1, row %2: %3")
        .arg(QString::fromStdString(m_doc->network().layers[std::size_t(index.row())].name))
        .arg(index.row() + 1)
        .arg(reason);
}

QVariant LayerTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role == Qt::DisplayRole && orientation == Qt::Vertical)
        return section + 1;
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case K:
            return tr("Output channels (whole layer)");
        case B:
            return tr("Batch");
        case P:
            return tr("Output height");
        case Q:
            return tr("Output width");
        case C:
            return tr("Input channels (whole layer)");
        case R:
            return tr("Filter height");
        case S:
            return tr("Filter width");
        case G:
            return tr("Groups (K and C must be divisible by G)");
        case Stride:
            return tr("Stride (0 for fully connected layers)");
        case Repeat:
            return tr("Occurrences of this layer in the network (weights the totals)");
        case Macs:
            return tr("Multiply-accumulates × repeat");
        case Name:
            return tr("The layer's name (unique in the network; mapping tables are matched to layers by it)");
        case Kind:
            return tr("CONV, GROUP (grouped or depthwise convolution) or FC (fully connected), from the sizes");
        case InputWords:
            return tr("Input activations of the layer, in words (one word holds one value at the accelerator's precision)");
        case WeightWords:
            return tr("Weights of the layer, in words");
        case OutputWords:
            return tr("Output activations of the layer, in words");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Name:
        return tr("Layer");
    case Stride:
        return tr("Stride");
    case Repeat:
        return tr("Repeat");
    case Kind:
        return tr("Kind");
    case Macs:
        return tr("MACs");
    case InputWords:
        return tr("Input words");
    case WeightWords:
        return tr("Weight words");
    case OutputWords:
        return tr("Output words");
    case ColumnCount:
        return {};
    default:
        return layerFieldName(LayerField(section));
    }
}

} // namespace mapscape
