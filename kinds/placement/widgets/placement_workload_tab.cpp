// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The tensor-placement workbench's Workload tab: the node table, edited in place.

#include "kinds/placement/core/placement_study.h"
#include "kinds/placement/widgets/placement_workbench.h"
#include "kinds/placement/widgets/placement_workbench_parts.h"

#include "core/io/file_util.h"
#include "core/network/onnx_import.h"
#include "kinds/placement/core/placement_io.h"
#include "core/io/preset_library.h"
#include "core/runner/optimizer_run.h"
#include "core/util/strings.h"
#include "widgets/document/inputs_document.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/placement/widgets/memory_map_view.h"
#include "kinds/placement/widgets/placement_timeline_view.h"
#include "kinds/placement/widgets/placement_curves_view.h"
#include "kinds/placement/widgets/placement_training_view.h"
#include "kinds/placement/widgets/map_embedding_view.h"
#include "widgets/study/view_cells.h"

#include <QComboBox>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <sstream>

namespace mapscape {

using namespace placement;
using namespace placement_wb;

QWidget* PlacementWorkbench::buildWorkloadTab()
{
    auto* page = new QWidget(this);
    auto* v = new QVBoxLayout(page);
    auto* bar = new QHBoxLayout;
    m_workloadChooser = new QComboBox(page);
    m_workloadChooser->addItem(tr("ResNet-50 (57 nodes)"), QStringLiteral("resnet50"));
    m_workloadChooser->addItem(tr("ResNet-101 (108 nodes)"), QStringLiteral("resnet101"));
    m_workloadChooser->addItem(tr("BERT-base, S = 128 (376 nodes)"), QStringLiteral("bert"));
    for (const PresetInfo& p : listPresets(kPlacementWorkloadPresets))
        m_workloadChooser->addItem(qs(p.name), qs(p.path));
    m_workloadChooser->setToolTip(tr("A built-in graph or a workload preset; File → Open imports a .json or .csv workload"));
    connect(m_workloadChooser, &QComboBox::activated, this,
            [this](int i) { chooseWorkload(m_workloadChooser->itemData(i).toString()); });
    bar->addWidget(new QLabel(tr("Workload:"), page));
    bar->addWidget(m_workloadChooser);
    bar->addStretch(1);
    v->addLayout(bar);
    m_workloadSummary = new QLabel(page);
    m_workloadSummary->setWordWrap(true);
    v->addWidget(m_workloadSummary);
    m_nodes = new QTableWidget(page);
    m_nodes->setColumnCount(8);
    cells::setColumns(m_nodes, {{tr("Name"), tr("The node's name (unique in the graph)")},
                                {tr("Op"), tr("The operation: conv, matmul, add, pool, …")},
                                {tr("Inputs"), tr("The earlier nodes whose outputs this node reads (names or numbers)")},
                                {tr("Output (x × y × z)"), tr("The output activation's shape, in elements")},
                                {tr("Weights"), tr("The node's weight tensor (B, KiB, MiB as the Hardware tab's sizes); "
                                                   "typed in bytes, or with a unit (\"144 KiB\")")},
                                {tr("Activation"), tr("The node's output activation (from the shape and the hardware's "
                                                      "bytes per element)")},
                                {tr("MACs"), tr("Multiply-accumulates of the node; typed whole, or with k, M or G "
                                                "(\"118 M\")")},
                                {tr("Live until"), tr("The last node that reads this node's output: the activation occupies "
                                                      "its memory until then")}});
    m_nodes->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    m_nodes->setToolTip(tr("Double-click a cell to edit it (one undo step each): name, op (conv, matmul, add, …), "
                           "inputs (names or numbers of earlier nodes), output x × y × z, weight bytes (or with a "
                           "unit: \"144 KiB\"), MACs (or with k, M, G: \"118 M\"). Activation size and liveness follow."));
    connect(m_nodes, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (m_updating)
            return;
        const int row = item->row(), column = item->column();
        const QString text = item->text();
        showCellOutcome(m_nodes, row, column, text, setWorkloadCell(row, column, text));
    });
    m_nodes->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_nodes->horizontalHeader()->setStretchLastSection(true);
    v->addWidget(m_nodes, 1);
    return page;
}

void PlacementWorkbench::refreshWorkload()
{
    const WorkloadGraph& g = inputs().workload;
    {
        QSignalBlocker block(m_workloadChooser);
        int found = -1;
        for (int i = 0; i < m_workloadChooser->count(); ++i)
            if (m_workloadChooser->itemText(i).startsWith(qs(g.name)))
                found = i;
        if (found < 0) {
            m_workloadChooser->addItem(qs(g.name), QString());
            found = m_workloadChooser->count() - 1;
        }
        m_workloadChooser->setCurrentIndex(found);
    }
    const int bpe = inputs().hardware.bytesPerElement;
    m_workloadSummary->setText(tr("%1: %2 nodes, %3 edges, %4 with weights; weights %5, %6, largest activation %7; "
                                  "3^%8 ≈ 10^%9 maps.")
                                   .arg(qs(g.name))
                                   .arg(g.nodeCount())
                                   .arg(g.edgeCount())
                                   .arg(g.weightedNodeCount())
                                   .arg(bytesText(double(g.totalWeights()) * bpe),
                                        quantityText(double(g.totalMacs()), QStringLiteral("MACs")),
                                        bytesText(double(g.largestOfm()) * bpe))
                                   .arg(2 * g.nodeCount())
                                   .arg(int(2 * g.nodeCount() * std::log10(3.0))));
    const QSignalBlocker blockNodes(m_nodes);
    m_nodes->setRowCount(g.nodeCount());
    for (int i = 0; i < g.nodeCount(); ++i) {
        const GraphNode& n = g.nodes[std::size_t(i)];
        QStringList ins;
        for (int p : n.inputs)
            ins << qs(g.nodes[std::size_t(p)].name);
        // Sizes and counts in engineering units, edited as exact bytes and MACs.
        const auto edited = [](const QString& shown, const QString& exact) -> QTableWidgetItem* {
            return new QuantityItem(shown, exact);
        };
        const double weightBytes = double(n.weights * bpe);
        const QList<QTableWidgetItem*> cells = {
            new QTableWidgetItem(qs(n.name)),
            new QTableWidgetItem(qs(opKindId(n.op))),
            new QTableWidgetItem(ins.join(QStringLiteral(", "))),
            new QTableWidgetItem(QStringLiteral("%1 × %2 × %3").arg(n.ofm[0]).arg(n.ofm[1]).arg(n.ofm[2])),
            n.weights ? edited(bytesText(weightBytes), QString::number(n.weights * bpe)) : new QTableWidgetItem(QStringLiteral("–")),
            new QTableWidgetItem(bytesText(double(n.ofmSize() * bpe))),
            n.macs ? edited(countText(double(n.macs)), QString::number(n.macs))
                   : new QTableWidgetItem(QStringLiteral("–")),
            new QTableWidgetItem(m_model ? QString::number(m_model->lastUse(i)) : QString())};
        for (int c = 0; c < int(cells.size()); ++c) {
            QTableWidgetItem* item = cells[c];
            if (c >= 4)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == ActivationColumn || c == LiveColumn) {
                item->setFlags(item->flags() & ~Qt::ItemIsEditable);
                item->setToolTip(c == ActivationColumn ? tr("Output elements × bytes per element (edit the output shape)")
                                                       : tr("Last schedule step that reads this output"));
            }
            m_nodes->setItem(i, c, item);
        }
    }
    m_nodes->setVerticalHeaderLabels([&] {
        QStringList l;
        for (int i = 0; i < g.nodeCount(); ++i)
            l << QString::number(i);
        return l;
    }());
}

QString PlacementWorkbench::setWorkloadCell(int node, int column, const QString& text)
{
    return readable(editWorkloadCell(node, column, text));
}

QString PlacementWorkbench::editWorkloadCell(int node, int column, const QString& text)
{
    WorkloadGraph g = inputs().workload;
    if (node < 0 || node >= g.nodeCount())
        return tr("no node %1").arg(node);
    GraphNode& n = g.nodes[std::size_t(node)];
    const QString t = text.trimmed();
    const QString field = QStringLiteral("nodes[%1]").arg(node);
    const int bpe = inputs().hardware.bytesPerElement;
    // The table shows "–" for a node without weights or MACs; typing it (or "-") means none.
    const bool none = t == QStringLiteral("–") || t == QLatin1String("-");
    switch (column) {
    case NameColumn:
        if (t.isEmpty())
            return tr("%1.name: must not be empty").arg(field);
        for (int i = 0; i < g.nodeCount(); ++i)
            if (i != node && qs(g.nodes[std::size_t(i)].name) == t)
                return tr("%1.name: node %2 is already called \"%3\"").arg(field).arg(i).arg(t);
        n.name = t.toStdString();
        break;
    case OpColumn: {
        const auto op = parseOpKind(t.toLower().toStdString());
        if (!op)
            return tr("%1.op: unknown op \"%2\"; expected conv, matmul, maxpool, avgpool, add, softmax, layernorm, gelu, "
                      "tanh, gather, reshape, transpose or elementwise")
                .arg(field, t);
        n.op = *op;
        break;
    }
    case InputsColumn: {
        std::vector<int> inputs;
        for (const QString& part : t.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString name = part.trimmed();
            bool isNumber = false;
            int p = name.toInt(&isNumber);
            if (!isNumber) {
                p = -1;
                for (int i = 0; i < node; ++i)
                    if (qs(g.nodes[std::size_t(i)].name) == name)
                        p = i;
                if (p < 0)
                    return tr("%1.inputs: \"%2\" is not an earlier node").arg(field, name);
            }
            inputs.push_back(p);
        }
        n.inputs = std::move(inputs);
        break;
    }
    case OutputColumn: {
        static const QRegularExpression dims(QStringLiteral("^\\s*(\\d+)\\s*[×xX*]\\s*(\\d+)\\s*[×xX*]\\s*(\\d+)\\s*$"));
        const QRegularExpressionMatch m = dims.match(t);
        if (!m.hasMatch())
            return tr("%1.ofm: expected x × y × z (three positive integers), got \"%2\"").arg(field, t);
        for (int d = 0; d < 3; ++d)
            n.ofm[std::size_t(d)] = m.captured(d + 1).toLongLong();
        break;
    }
    case WeightsColumn: {
        // Bytes, or with a unit as the column shows them ("144 KiB").
        const std::optional<double> typed = none ? 0.0 : parseValue(t, QStringLiteral("B"));
        if (!typed || !(*typed >= 0) || *typed != std::floor(*typed) || *typed > 9e18)
            return tr("%1.weight_size: expected a non-negative whole number of bytes, got \"%2\"").arg(field, t);
        const auto bytes = std::int64_t(*typed);
        if (bytes % bpe != 0)
            return tr("%1.weight_size: %2 bytes is not a whole number of %3-byte elements").arg(field).arg(bytes).arg(bpe);
        const std::int64_t old = n.weights;
        n.weights = bytes / bpe;
        // Reads follow the size unless the node reads part of its weights (an embedding gather).
        if (n.weights == 0 || n.weightReads == old || n.weightReads > n.weights)
            n.weightReads = n.weights;
        break;
    }
    case MacsColumn: {
        const std::optional<double> macs = none ? 0.0 : parseValue(t, QString());
        if (!macs || !(*macs >= 0) || *macs > 9e18)
            return tr("%1.macs: expected a non-negative number of MACs (or with k, M, G: \"118 M\"), got \"%2\"").arg(field, t);
        n.macs = std::llround(*macs);
        break;
    }
    default:
        return tr("column %1 follows from the others and cannot be edited").arg(column);
    }
    if (g == inputs().workload)
        return {};
    // An edited built-in graph is no longer the paper's workload.
    static const std::string kEdited = " (edited)";
    if (!g.name.ends_with(kEdited))
        g.name += kEdited;
    try {
        PlacementInputs in = inputs();
        in.workload = std::move(g);
        applyValid(std::move(in), tr("Edit node %1").arg(node), 100000 + node * 16 + column);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

void PlacementWorkbench::chooseWorkload(const QString& id)
{
    try {
        WorkloadGraph g = loadPlacementWorkload(id.toStdString());
        if (g == inputs().workload)
            return;
        edit(
            [&g](PlacementInputs& in) {
                in.workload = std::move(g);
                in.map.reset();
                in.pins.clear();
            },
            tr("Workload %1").arg(id));
    } catch (const std::exception& e) {
        Q_EMIT errorOccurred(QString::fromUtf8(e.what()));
    }
}

} // namespace mapscape
