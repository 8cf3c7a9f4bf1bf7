// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The accelerator-sizing workbench's Sensitivity tab: Table 3, one gene changed at a time.

#include "kinds/accel/core/accel_study.h"
#include "kinds/accel/widgets/accel_workbench.h"
#include "kinds/accel/widgets/accel_workbench_parts.h"

#include "kinds/accel/core/accel_report.h"
#include "kinds/accel/core/accel_io.h"
#include "core/io/file_util.h"
#include "core/io/preset_library.h"
#include "kinds/accel/core/sensitivity.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/accel/widgets/accel_results_view.h"
#include "kinds/accel/widgets/grmd_stages_view.h"
#include "widgets/study/view_cells.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace mapscape {

using namespace accel_wb; // with the cells:: names it uses

QWidget* AccelWorkbench::buildSensitivityTab()
{
    auto* w = new QWidget(this);
    auto* l = helpedColumn(w, tr("The paper's Table 3: a control design and seven groups, each raising one resource to "
                                 "its Table 1 maximum. The paper ran MAESTRO with HASCO's noise (each total × (1 + U(0, "
                                 "3 %))), so its values should lie 0 to +3 % above the model's (green). Group 1's area "
                                 "(7.78×10⁶ in the paper) cannot be a 32×32 array's; it is read as 7.78×10⁸ and not "
                                 "counted. The paper's numbers are for the vanilla RNN (29-100-29) with the default model."));
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Control design"), w));
    m_sensitivityControl = new QComboBox(w);
    m_sensitivityControl->addItem(tr("the paper's {8, 128, 64, WS, 1, 64, 64}"), 0);
    m_sensitivityControl->addItem(tr("the design shown in the Design tab"), 1);
    row->addWidget(m_sensitivityControl);
    auto* regenerate = new QPushButton(tr("Regenerate"), w);
    regenerate->setToolTip(tr("Evaluate the eight designs on the study's model now"));
    row->addWidget(regenerate);
    row->addStretch(1);
    l->addLayout(row);
    m_sensitivity = new QTableWidget(0, 9, w);
    const QString paper = tr("The paper's Table 3 value");
    const QString ratio = tr("Paper ÷ model − 1, in %: HASCO's noise puts it in [0, +3 %] (green) when the model agrees");
    cells::setColumns(m_sensitivity, {{tr("Group (hover: design)"), tr("Table 3's group: the control design with one gene changed")},
                                      {tr("Latency"), tr("The model's latency of the group's design")},
                                      {tr("paper"), paper},
                                      {tr("Power"), tr("The model's power of the group's design")},
                                      {tr("paper"), paper},
                                      {tr("paper/model − 1"), ratio},
                                      {tr("Area"), tr("The model's area of the group's design")},
                                      {tr("paper"), paper},
                                      {tr("paper/model − 1"), ratio}});
    m_sensitivity->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_sensitivity->verticalHeader()->setVisible(false);
    m_sensitivity->setEditTriggers(QAbstractItemView::NoEditTriggers);
    l->addWidget(m_sensitivity, 1);
    m_sensitivityLabel = new QLabel(w);
    m_sensitivityLabel->setWordWrap(true);
    l->addWidget(m_sensitivityLabel);
    connect(regenerate, &QPushButton::clicked, this, &AccelWorkbench::refreshSensitivity);
    connect(m_sensitivityControl, &QComboBox::currentIndexChanged, this, &AccelWorkbench::refreshSensitivity);
    return w;
}

void AccelWorkbench::refreshSensitivity()
{
    m_sensitivityDirty = false;
    const AccelInputs& in = m_doc->inputs();
    SensitivityTable t;
    try {
        const AccelModel model(in.setup.workload, in.setup.model);
        t = table3Sensitivity(model, m_sensitivityControl->currentIndex() == 1 ? in.design : AccelDesign{});
    } catch (const std::exception& e) {
        m_sensitivity->setRowCount(0);
        m_sensitivityLabel->setText(tr("Not evaluable: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    const bool paperSetup = in.setup.workload == RnnWorkload::make(RnnCell::Vanilla) && in.setup.model == AccelModelOptions{} &&
                            m_sensitivityControl->currentIndex() == 0;
    m_sensitivity->setRowCount(int(t.rows.size()));
    for (int r = 0; r < int(t.rows.size()); ++r) {
        const SensitivityRow& row = t.rows[std::size_t(r)];
        const AccelMetrics& m = row.metrics;
        auto delta = [&](double d, bool in, bool excluded) {
            auto* it = readOnly(m.valid ? QStringLiteral("%1 %").arg(100 * d, 0, 'f', 2) : QString());
            if (m.valid && paperSetup)
                it->setBackground(excluded ? kInvalid : in ? kFeasible : kViolating);
            it->setToolTip(excluded ? tr("Not counted: the paper's 7.78×10⁶ is read as 7.78×10⁸")
                                    : in ? tr("Inside HASCO's noise band [0, +3 %]") : tr("Outside HASCO's noise band [0, +3 %]"));
            return it;
        };
        m_sensitivity->setItem(r, 0, readOnly(qs(row.label), tr("Design %1").arg(qs(row.design.text()))));
        // Every figure with its unit in engineering notation, as the Design tab writes it (issue 49,
        // item 4: areas read "7.23902e+06" in µm² here and mm² there); cycles are counted whole
        // (the paper's noisy "850.92" is 851), and a column's figures have the same significant
        // digits ("7.2390 mm²" beside "8.3923 mm²").
        const auto cycles = QStringLiteral("cycles"), mW = QStringLiteral("mW"), um2 = QStringLiteral("µm²");
        m_sensitivity->setItem(r, 1, readOnly(m.valid ? countText(m.latency, cycles) : tr("invalid: %1").arg(qs(describeInvalid(m, in.setup.workload)))));
        m_sensitivity->setItem(r, 2, readOnly(countText(row.paperLatency, cycles), tr("Latency is not reproduced (docs/reproduction.md explains why)")));
        m_sensitivity->setItem(r, 3, readOnly(m.valid ? figureText(m.power, mW, 5) : QString()));
        m_sensitivity->setItem(r, 4, readOnly(figureText(row.paperPower, mW, 5)));
        m_sensitivity->setItem(r, 5, delta(row.powerDelta, row.powerInBand, false));
        m_sensitivity->setItem(r, 6, readOnly(m.valid ? figureText(m.area, um2, 5) : QString()));
        m_sensitivity->setItem(r, 7, readOnly(row.areaExcluded ? tr("%1 (as %2)").arg(figureText(7.78e6, um2, 4), figureText(7.78e8, um2, 4))
                                                               : figureText(row.paperArea, um2, 4)));
        m_sensitivity->setItem(r, 8, delta(row.areaDelta, row.areaInBand, row.areaExcluded));
    }
    m_sensitivity->resizeColumnsToContents();
    if (paperSetup)
        m_sensitivityLabel->setText(tr("<b>%1 of %2</b> power and area entries lie inside HASCO's noise band (the paper "
                                       "claims its values come from the same model).")
                                        .arg(t.inBand)
                                        .arg(t.entries));
    else
        m_sensitivityLabel->setText(tr("The paper's numbers are for the vanilla RNN 29-100-29 with the default model and "
                                       "its control design; with this study's settings the comparison columns are for "
                                       "reference only (not coloured)."));
}

QString AccelWorkbench::sensitivitySummary() const { return m_sensitivityLabel->text(); }

} // namespace mapscape
