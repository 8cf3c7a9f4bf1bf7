// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The scheduling workbench's Network tab: the layer table, edited in place.

#include "kinds/scheduling/core/scheduling_study.h"
#include "kinds/scheduling/widgets/scheduling_workbench.h"
#include "kinds/scheduling/widgets/scheduling_workbench_parts.h"
#include "kinds/scheduling/widgets/scheduling_result_view.h"

#include "kinds/scheduling/core/report.h"
#include "kinds/scheduling/core/evaluation_writer.h"
#include "kinds/scheduling/core/mapping_csv.h"
#include "kinds/scheduling/core/timeloop_map.h"
#include "core/io/file_util.h"
#include "kinds/scheduling/core/neurospector_cfg.h"
#include "core/network/onnx_import.h"
#include "kinds/scheduling/core/preset_io.h"
#include "core/io/preset_library.h"
#include "core/model/validation.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/pareto_chart.h"
#include "kinds/scheduling/widgets/accelerator_document.h"
#include "kinds/scheduling/widgets/network_document.h"
#include "kinds/scheduling/widgets/accelerator_table_model.h"
#include "kinds/scheduling/widgets/layer_table_model.h"
#include "kinds/scheduling/widgets/results_table_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/scheduling/widgets/scheduling_table_view.h"

#include <QComboBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QUndoCommand>
#include <QVBoxLayout>

namespace mapscape {

using namespace scheduling_wb;

QWidget* SchedulingWorkbench::buildNetworkEditor()
{
    auto* page = new QWidget(this);
    m_layerModel = new LayerTableModel(m_networkDoc, this);
    m_layerTable = new QTableView(page);
    m_layerTable->setModel(m_layerModel);
    m_layerTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_layerTable->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_layerTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_layerTable->setAlternatingRowColors(true);
    auto* add = new QPushButton(tr("Add layer"), page);
    auto* duplicate = new QPushButton(tr("Duplicate"), page);
    auto* remove = new QPushButton(tr("Remove"), page);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(duplicate);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    buttons->addWidget(new QLabel(tr("Invalid cells are tinted; hover for the reason. Edits re-evaluate the current mapping."), page));
    auto* layout = new QVBoxLayout(page);
    layout->addLayout(buttons);
    layout->addWidget(m_layerTable, 1);

    const auto selectedRows = [this] {
        std::vector<int> rows;
        for (const QModelIndex& i : m_layerTable->selectionModel()->selectedRows())
            rows.push_back(i.row());
        std::sort(rows.begin(), rows.end());
        return rows;
    };
    connect(add, &QPushButton::clicked, this, [this, selectedRows] {
        const std::vector<int> rows = selectedRows();
        Layer l;
        l.name = m_networkDoc->uniqueName("LAYER_NEW");
        l.k = l.c = 64;
        l.p = l.q = 14;
        l.r = l.s = 3;
        m_networkDoc->insertLayers(rows.empty() ? int(m_networkDoc->network().layers.size()) : rows.back() + 1, {l});
    });
    connect(duplicate, &QPushButton::clicked, this, [this, selectedRows] { m_networkDoc->duplicateLayers(selectedRows()); });
    connect(remove, &QPushButton::clicked, this, [this, selectedRows] {
        const std::vector<int> rows = selectedRows();
        if (rows.empty())
            return;
        m_networkDoc->undoStack()->beginMacro(tr("Remove %1 layer(s)").arg(rows.size()));
        for (auto it = rows.rbegin(); it != rows.rend(); ++it)
            m_networkDoc->removeLayers(*it, 1);
        m_networkDoc->undoStack()->endMacro();
    });
    // A refused entry stays in its cell and on the status line until fixed.
    connect(m_layerModel, &LayerTableModel::refusedChanged, this,
            [this](const QString& why) { Q_EMIT message(why, why.isEmpty() ? 1 : 0); });
    return page;
}

void SchedulingWorkbench::networkEdited()
{
    if (m_applying)
        return;
    if (m_hasNetwork)
        followEdits(m_networkDoc->network(), m_netBase, m_netKey, m_netLabel, m_netCombo);
    inputsChanged();
    Q_EMIT changed();
}

} // namespace mapscape
