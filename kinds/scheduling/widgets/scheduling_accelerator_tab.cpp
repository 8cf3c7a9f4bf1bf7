// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The scheduling workbench's Accelerator tab: the hierarchy table, edited in place.

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

QWidget* SchedulingWorkbench::buildAcceleratorEditor()
{
    auto* page = new QWidget(this);
    auto* form = new QFormLayout;
    const std::pair<ChipField, QString> chipFields[] = {{ChipField::PrecisionBits, tr("Word width (bits)")},
                                                       {ChipField::FrequencyMhz, tr("Clock (MHz)")},
                                                       {ChipField::MacEnergyPj, tr("MAC energy (pJ)")},
                                                       {ChipField::MacStaticMw, tr("MAC static power (mW)")}};
    for (const auto& [field, label] : chipFields) {
        auto* edit = new QLineEdit(page);
        edit->setMaximumWidth(160);
        form->addRow(label, edit);
        const ChipField f = field;
        const auto refresh = [this, edit, f] { edit->setText(chipFieldText(m_accDoc->accelerator(), f)); };
        connect(m_accDoc, &AcceleratorDocument::changed, edit, refresh);
        connect(edit, &QLineEdit::editingFinished, this, [this, edit, f] {
            const QString why = m_accDoc->setChipField(f, edit->text());
            if (!why.isEmpty()) {
                Q_EMIT message(why, 8000);
                edit->setText(chipFieldText(m_accDoc->accelerator(), f));
            }
        });
    }
    m_accModel = new AcceleratorTableModel(m_accDoc, this);
    auto* table = new QTableView(page);
    table->setModel(m_accModel);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->verticalHeader()->hide();
    table->setAlternatingRowColors(true);
    // A refused entry stays in its cell and on the status line until fixed.
    connect(m_accModel, &AcceleratorTableModel::refusedChanged, this,
            [this](const QString& why) { Q_EMIT message(why, why.isEmpty() ? 1 : 0); });
    auto* layout = new QVBoxLayout(page);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Levels, innermost first. Invalid cells are tinted; hover for the reason. "
                                    "Edits re-evaluate the current mapping."),
                                 page));
    layout->addWidget(table, 1);
    return page;
}

void SchedulingWorkbench::acceleratorEdited()
{
    if (m_applying)
        return; // chosen, not edited
    if (m_hasAccelerator)
        followEdits(m_accDoc->accelerator(), m_accBase, m_accKey, m_accLabel, m_accCombo);
    inputsChanged();
    Q_EMIT changed();
}

} // namespace mapscape
