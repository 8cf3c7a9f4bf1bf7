// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The accelerator-sizing workbench's Design space tab: the genes' ranges (Table 1) and the space's size.

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

QWidget* AccelWorkbench::buildSpaceTab()
{
    auto* w = new QWidget(this);
    auto* l = helpedColumn(w, tr("The genes GRMD and the baselines search. Untick <i>Search</i> to fix a gene at its "
                                 "<i>Fixed</i> value; choose a range (low..high by step) or a list of values. Designs over "
                                 "the FPGA limits are repaired (smaller array, smaller memories, narrower DMA) before they "
                                 "are evaluated."));
    m_spaceTable = new QTableWidget(kEditableGenes, SpColumns, w);
    cells::setColumns(m_spaceTable,
                      {{tr("Gene"), tr("A hardware parameter of the design (the paper's chromosome), with its unit")},
                       {tr("Search"), tr("Ticked: the optimizers choose the gene; unticked: it stays at its Fixed value")},
                       {tr("How"), tr("The values as a range (low..high by step) or as a list")},
                       {tr("Low"), tr("Smallest value of the range, in the gene's unit")},
                       {tr("High"), tr("Largest value of the range, in the gene's unit")},
                       {tr("Step"), tr("Step of the range: \"×2\" doubles, a number adds, in the gene's unit")},
                       {tr("Values"), tr("A list of values separated by commas, in the gene's unit (dataflow: WS, OS)")},
                       {tr("Fixed"), tr("The value used when the gene is not searched, in the gene's unit")},
                       {tr("Count"), tr("How many values the gene may take")}});
    m_spaceTable->horizontalHeader()->setSectionResizeMode(SpGene, QHeaderView::ResizeToContents);
    m_spaceTable->horizontalHeader()->setSectionResizeMode(SpValues, QHeaderView::Stretch);
    m_spaceTable->verticalHeader()->setVisible(false);
    for (int g = 0; g < kEditableGenes; ++g) {
        auto* how = new QComboBox(m_spaceTable);
        how->addItem(tr("range"), false);
        how->addItem(tr("list"), true);
        how->setToolTip(tr("range: low..high by step; list: the values given"));
        m_spaceTable->setCellWidget(g, SpHow, how);
        connect(how, &QComboBox::currentIndexChanged, this, [this, g, how] {
            if (!m_updating)
                setSpaceCell(AccelGene(g), SpHow, how->currentIndex() == 1 ? QStringLiteral("list") : QStringLiteral("range"));
        });
    }
    connect(m_spaceTable, &QTableWidget::cellChanged, this, &AccelWorkbench::applySpaceEdit);
    l->addWidget(m_spaceTable, 1);
    auto* row = new QHBoxLayout;
    auto* table1 = new QPushButton(tr("Paper's Table 1"), w);
    table1->setToolTip(tr("x 4..32, scratchpad 128..512 KiB, local 64..256 KiB, WS/OS, banks 1..8, DMA 64..128"));
    auto* hasco = new QPushButton(tr("HASCO's lists"), w);
    hasco->setToolTip(tr("x ∈ {8, 16, 32}, scratchpad ∈ {128, 256, 512}, local ∈ {64, 128, 256}, banks 1..8, DMA ∈ {64, 128}"));
    row->addWidget(table1);
    row->addWidget(hasco);
    m_spaceSize = new QLabel(w);
    m_spaceSize->setToolTip(tr("Designs in the space: the product of every gene's count"));
    row->addSpacing(16);
    row->addWidget(m_spaceSize, 1);
    l->addLayout(row);
    connect(table1, &QPushButton::clicked, this,
            [this] { editInputs([](AccelInputs& in) { in.setup.space = AccelSpace::table1(); }, tr("Use Table 1's space"), -1); });
    connect(hasco, &QPushButton::clicked, this,
            [this] { editInputs([](AccelInputs& in) { in.setup.space = AccelSpace::hasco(); }, tr("Use HASCO's lists"), -1); });
    return w;
}

void AccelWorkbench::refreshSpaceTable()
{
    const bool was = m_updating;
    m_updating = true;
    const AccelSpace& s = m_doc->inputs().setup.space;
    for (int g = 0; g < kEditableGenes; ++g) {
        const AccelGene gene = AccelGene(g);
        const GeneRange& r = s[gene];
        auto* name = readOnly(qs(accelGeneName(gene)), tr(kGeneHelp[g]));
        m_spaceTable->setItem(g, SpGene, name);
        auto* searched = new QTableWidgetItem;
        searched->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        searched->setCheckState(r.searched ? Qt::Checked : Qt::Unchecked);
        searched->setToolTip(tr("Ticked: the optimizers choose this gene; unticked: fixed"));
        m_spaceTable->setItem(g, SpSearched, searched);
        if (auto* how = qobject_cast<QComboBox*>(m_spaceTable->cellWidget(g, SpHow))) {
            how->setCurrentIndex(r.useList ? 1 : 0);
            how->setEnabled(r.searched);
        }
        auto editable = [&](const QString& text, bool enabled) {
            auto* it = new QTableWidgetItem(text);
            if (!enabled) {
                it->setFlags(it->flags() & ~Qt::ItemIsEditable);
                it->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
            }
            return it;
        };
        // Only the cells that define the gene's values show them (a fixed gene: its value only).
        const bool range = r.searched && !r.useList;
        m_spaceTable->setItem(g, SpLow, editable(range ? geneValueText(gene, r.lo) : QString(), range));
        m_spaceTable->setItem(g, SpHigh, editable(range ? geneValueText(gene, r.hi) : QString(), range));
        m_spaceTable->setItem(g, SpStep, editable(range ? QString::number(r.step) : QString(), range && gene != AccelGene::Dataflow));
        QStringList values;
        for (int v : r.list)
            values.append(geneValueText(gene, v));
        m_spaceTable->setItem(g, SpValues, editable(r.searched && r.useList ? values.join(QStringLiteral(", ")) : QString(),
                                                   r.searched && r.useList));
        m_spaceTable->setItem(g, SpFixed, editable(geneValueText(gene, r.fixed), !r.searched));
        m_spaceTable->setItem(g, SpCount, readOnly(QString::number(s.values(gene).size())));
    }
    m_updating = was;
    const std::vector<std::string> issues = validateAccelSpace(s);
    if (!issues.empty()) {
        m_spaceSize->setText(tr("<span style='color:#b00'>%1</span>").arg(qs(issues.front()).toHtmlEscaped()));
        return;
    }
    // A count in engineering units, as every number of the kind ("146 G designs", not 1.457e+11).
    m_spaceSize->setText(tr("<b>%1</b> (10^%2; the paper's Table 1 has %3)")
                             .arg(countText(s.size(), tr("designs")))
                             .arg(s.sizeLog10(), 0, 'f', 2)
                             .arg(countText(1.46e11)));
}

QString AccelWorkbench::spaceSizeText() const { return m_spaceSize->text(); }

void AccelWorkbench::applySpaceEdit(int row, int column)
{
    if (m_updating || row < 0 || row >= kEditableGenes)
        return;
    const QTableWidgetItem* it = m_spaceTable->item(row, column);
    if (!it)
        return;
    const QString text = column == SpSearched ? (it->checkState() == Qt::Checked ? QStringLiteral("yes") : QStringLiteral("no"))
                                              : it->text();
    const QString error = setSpaceCell(AccelGene(row), SpaceColumn(column), text);
    if (!error.isEmpty()) {
        reportError(error);
        refreshSpaceTable();
    }
}

QString AccelWorkbench::setSpaceCell(AccelGene gene, SpaceColumn column, const QString& text)
{
    AccelInputs in = m_doc->inputs();
    GeneRange& r = in.setup.space[gene];
    const QString name = qs(accelGeneName(gene));
    auto value = [&](const char* field, int& out) -> QString {
        const auto v = parseGeneValue(gene, text);
        if (!v)
            return tr("%1.%2: expected %3, got \"%4\"")
                .arg(name, QLatin1String(field), gene == AccelGene::Dataflow ? tr("WS or OS") : tr("an integer"), text);
        out = *v;
        return {};
    };
    QString error;
    switch (column) {
    case SpSearched:
        r.searched = text == QStringLiteral("yes");
        if (!r.searched)
            r.fixed = in.design.gene(gene); // fixing keeps the design shown
        break;
    case SpHow:
        r.useList = text == QStringLiteral("list");
        if (r.useList && r.list.empty()) {
            // Start the list from the range's values (at most 16 of them).
            AccelSpace copy = in.setup.space;
            copy[gene].useList = false;
            r.list = copy.values(gene);
            if (r.list.size() > 16)
                r.list.resize(16);
        }
        break;
    case SpLow:
        error = value("lo", r.lo);
        break;
    case SpHigh:
        error = value("hi", r.hi);
        break;
    case SpStep: {
        bool ok = false;
        r.step = text.trimmed().toInt(&ok);
        if (!ok)
            error = tr("%1.step: expected an integer, got \"%2\"").arg(name, text);
        break;
    }
    case SpValues: {
        r.list.clear();
        const QStringList parts = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (int k = 0; k < parts.size() && error.isEmpty(); ++k) {
            const auto v = parseGeneValue(gene, parts[k]);
            if (!v)
                error = tr("%1.values[%2]: expected %3, got \"%4\"")
                            .arg(name)
                            .arg(k)
                            .arg(gene == AccelGene::Dataflow ? tr("WS or OS") : tr("an integer"), parts[k].trimmed());
            else
                r.list.push_back(*v);
        }
        break;
    }
    case SpFixed:
        error = value("fixed", r.fixed);
        break;
    default:
        return tr("%1: this column is not editable").arg(name);
    }
    if (error.isEmpty()) {
        const std::string prefix = std::string(accelGeneName(gene)) + ".";
        for (const std::string& issue : validateAccelSpace(in.setup.space)) {
            if (issue.rfind(prefix, 0) == 0) {
                error = qs(issue);
                break;
            }
        }
    }
    if (!error.isEmpty())
        return error;
    m_doc->apply(std::move(in), tr("Edit the design space of %1").arg(name), kMergeSpace + int(gene) * 16 + int(column));
    return {};
}

} // namespace mapscape
