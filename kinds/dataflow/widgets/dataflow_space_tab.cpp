// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The dataflow workbench's Design space tab: the parameters, their allowed values and the space's size.

#include "kinds/dataflow/core/dataflow_study.h"
#include "kinds/dataflow/widgets/dataflow_workbench.h"
#include "widgets/study/view_cells.h"

#include "core/model/validation.h"

#include "core/maestro/dataflow_model.h"
#include "kinds/dataflow/core/dataflow_report.h"
#include "kinds/dataflow/core/dataflow_io.h"
#include "core/io/file_util.h"
#include "core/maestro/maestro_files.h"
#include "core/io/preset_library.h"
#include "core/study/project_io.h"
#include "kinds/dataflow/core/dataflow_space.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/dataflow/widgets/agent_clustering_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <climits>
#include <cmath>
#include "kinds/dataflow/widgets/dataflow_workbench_parts.h"

namespace mapscape {

using namespace dataflow_wb;

QWidget* DataflowWorkbench::buildSpaceTab()
{
    auto* page = new QWidget(this);
    m_spaceTable = new QTableWidget(0, 6, page);
    cells::setColumns(m_spaceTable,
                      {{tr("Parameter"), tr("A mapping parameter the optimizers choose (its id in brackets: the name in sweep "
                                            "and study files)")},
                       {tr("Values allowed"), tr("How many values the parameter may take after the restrictions")},
                       {tr("Fixed"), tr("Check to pin the parameter to one value (the optimizers no longer choose it)")},
                       {tr("Fixed value"), tr("The pinned value: a number (a tile size, in elements) or a label such as C")},
                       {tr("Minimum"), tr("Smallest tile allowed, in elements of the dimension")},
                       {tr("Maximum"), tr("Largest tile allowed, in elements of the dimension")}});
    m_spaceTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_spaceTable->horizontalHeader()->setStretchLastSection(true);
    m_spaceTable->verticalHeader()->hide();
    m_spaceTable->setToolTip(tr("Check Fixed and type a value to pin a parameter; set a minimum or maximum to narrow a tile"));
    m_divisors = new QCheckBox(tr("Tiles divide their dimension"), page);
    m_divisors->setToolTip(tr("Only tile sizes that divide the layer's dimension (GAMMA's use_factor)"));
    m_parallelRS = new QCheckBox(tr("R and S may be parallel"), page);
    m_parallelRS->setToolTip(tr("Allow the filter's rows and columns as the spatially mapped dimension (GAMMA's parRS)"));
    m_capacity = new QCheckBox(tr("Enforce buffer capacity"), page);
    m_capacity->setToolTip(tr("Mappings that need more L1 or L2 than the hardware has are invalid"));
    m_spaceSize = new QLabel(page);
    m_spaceSize->setWordWrap(true);
    auto* options = new QHBoxLayout;
    options->addWidget(m_divisors);
    options->addWidget(m_parallelRS);
    options->addWidget(m_capacity);
    options->addStretch(1);
    auto* layout = new QVBoxLayout(page);
    // Wrapped: on one line it set the window's minimum width past a 1280-pixel screen (issue 49, item 7).
    auto* intro = new QLabel(tr("The parameters random search, the GA and the MARL agents choose (seed 001, §2.2): "
                                "loop orders and parallel dimensions at the cluster and PE levels, and each "
                                "dimension's per-PE tile."),
                             page);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addLayout(options);
    layout->addWidget(m_spaceSize);
    layout->addWidget(m_spaceTable, 1);
    const auto optionToggled = [this] {
        if (m_updating)
            return;
        DataflowInputs in = m_doc->inputs();
        in.space.divisorsOnly = m_divisors->isChecked();
        in.space.parallelRS = m_parallelRS->isChecked();
        in.space.enforceCapacity = m_capacity->isChecked();
        m_doc->apply(std::move(in), tr("Change design-space options"));
    };
    connect(m_divisors, &QCheckBox::toggled, this, optionToggled);
    connect(m_parallelRS, &QCheckBox::toggled, this, optionToggled);
    connect(m_capacity, &QCheckBox::toggled, this, optionToggled);
    connect(m_spaceTable, &QTableWidget::cellChanged, this, [this](int row, int col) {
        if (!m_updating)
            applySpaceEdit(row, col);
    });
    return page;
}

void DataflowWorkbench::applySpaceEdit(int row, int column)
{
    if (!m_problem || row < 0 || row >= int(m_problem->parameters().size()))
        return;
    const Parameter& p = m_problem->parameters()[std::size_t(row)];
    DataflowInputs in = m_doc->inputs();
    ParameterRestriction r = in.space.restrictions.count(p.name) ? in.space.restrictions[p.name] : ParameterRestriction{};
    QTableWidgetItem* item = m_spaceTable->item(row, column);
    if (!item)
        return;
    const QString text = item->text().trimmed();
    const auto number = [&](bool* ok) -> std::int64_t {
        // Categorical values may be typed as their label ("C", "K C Y' X' R S").
        for (int i = 0; p.kind != Parameter::Kind::Integer && i < p.count(); ++i) {
            if (qs(p.text(i)) == text) {
                *ok = true;
                return p.values[std::size_t(i)];
            }
        }
        return text.toLongLong(ok);
    };
    bool ok = true;
    switch (column) {
    case 2:
        r.fixed = item->checkState() == Qt::Checked;
        if (r.fixed && p.indexOf(r.value) < 0)
            r.value = p.values[std::size_t(std::max(0, m_problem->firstPoint()[std::size_t(row)]))];
        break;
    case 3:
        r.value = number(&ok);
        r.fixed = ok;
        break;
    case 4:
        r.lo = text.isEmpty() ? 0 : text.toLongLong(&ok);
        break;
    case 5:
        r.hi = text.isEmpty() ? 0 : text.toLongLong(&ok);
        break;
    default:
        return;
    }
    if (!ok) {
        Q_EMIT message(tr("%1: \"%2\" is not a value of this parameter").arg(qs(p.label), text), 8000);
        refreshSpaceTable();
        return;
    }
    if (r == ParameterRestriction{})
        in.space.restrictions.erase(p.name);
    else
        in.space.restrictions[p.name] = r;
    m_doc->apply(std::move(in), tr("Restrict %1").arg(qs(p.label)), kMergeSpace + row * 8 + column);
}

void DataflowWorkbench::refreshSpaceTable()
{
    const bool was = m_updating;
    m_updating = true;
    const DataflowInputs& in = m_doc->inputs();
    if (!m_problem) {
        m_spaceTable->setRowCount(0);
        m_spaceSize->setText(QStringLiteral("<span style='color:#b02020'><b>%1</b> %2</span>")
                                 .arg(tr("The design space is invalid:"), m_problemError.toHtmlEscaped()));
        m_updating = was;
        return;
    }
    const auto params = m_problem->parameters();
    m_spaceTable->setRowCount(int(params.size()));
    const QString prevRow = m_rowParam->currentData().toString(), prevCol = m_colParam->currentData().toString();
    m_rowParam->clear();
    m_colParam->clear();
    for (std::size_t i = 0; i < params.size(); ++i) {
        const Parameter& p = params[i];
        const auto it = in.space.restrictions.find(p.name);
        const ParameterRestriction r = it == in.space.restrictions.end() ? ParameterRestriction{} : it->second;
        auto* name = new QTableWidgetItem(QStringLiteral("%1 (%2)").arg(qs(p.label), qs(p.name)));
        name->setFlags(Qt::ItemIsEnabled);
        name->setToolTip(qs(p.help));
        auto* count = new QTableWidgetItem(
            tr("%1 of %2").arg(QLocale().toString(qlonglong(p.allowedCount())), QLocale().toString(qlonglong(p.count()))));
        count->setFlags(Qt::ItemIsEnabled);
        count->setToolTip(p.fixedReason.empty() ? tr("Values the optimizers may choose") : qs(p.fixedReason));
        auto* fixed = new QTableWidgetItem;
        fixed->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        fixed->setCheckState(r.fixed ? Qt::Checked : Qt::Unchecked);
        const int vi = p.indexOf(r.value);
        auto* value = new QTableWidgetItem(r.fixed && vi >= 0 ? qs(p.text(vi)) : QString());
        value->setToolTip(tr("Type a value (or a label such as C) to pin the parameter"));
        const bool integer = p.kind == Parameter::Kind::Integer;
        auto* lo = new QTableWidgetItem(r.lo ? QString::number(r.lo) : QString());
        auto* hi = new QTableWidgetItem(r.hi ? QString::number(r.hi) : QString());
        if (!integer) {
            lo->setFlags(Qt::NoItemFlags);
            hi->setFlags(Qt::NoItemFlags);
        }
        const int row = int(i);
        m_spaceTable->setItem(row, 0, name);
        m_spaceTable->setItem(row, 1, count);
        m_spaceTable->setItem(row, 2, fixed);
        m_spaceTable->setItem(row, 3, value);
        m_spaceTable->setItem(row, 4, lo);
        m_spaceTable->setItem(row, 5, hi);
        if (p.allowedCount() > 1) {
            m_rowParam->addItem(qs(p.label), qs(p.name));
            m_colParam->addItem(qs(p.label), qs(p.name));
        }
    }
    const int r = m_rowParam->findData(prevRow), c = m_colParam->findData(prevCol);
    m_rowParam->setCurrentIndex(r >= 0 ? r : 0);
    m_colParam->setCurrentIndex(c >= 0 ? c : std::min(1, m_colParam->count() - 1));
    // A count, in engineering units as every number of the kind ("822 T points", not 8.222e+14).
    m_spaceSize->setText(tr("<b>Design space:</b> %1 (10<sup>%2</sup>) with the parameters as restricted below.")
                             .arg(countText(m_problem->spaceSize(), tr("points")))
                             .arg(m_problem->spaceSizeLog10(), 0, 'f', 1));
    m_updating = was;
}

QString DataflowWorkbench::spaceSizeText() const { return m_problem ? m_spaceSize->text() : QString(); }

} // namespace mapscape
