// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The dataflow workbench's Explore tab: a heatmap of an objective over two parameters around the mapping shown.

#include "kinds/dataflow/core/dataflow_study.h"
#include "kinds/dataflow/widgets/dataflow_workbench.h"

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

QWidget* DataflowWorkbench::buildExploreTab()
{
    auto* page = new QWidget(this);
    m_rowParam = new QComboBox(page);
    m_colParam = new QComboBox(page);
    m_exploreObjective = new QComboBox(page);
    for (const ObjectiveInfo& o : dataflowKind().info().objectives)
        m_exploreObjective->addItem(qs(o.label), qs(o.id));
    m_heatmap = new HeatmapWidget(page);
    m_heatmap->setScale(HeatmapScale::Log);
    m_exploreHelp = new QLabel(page);
    m_exploreHelp->setWordWrap(true);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Rows"), page));
    row->addWidget(m_rowParam);
    row->addWidget(new QLabel(tr("Columns"), page));
    row->addWidget(m_colParam);
    row->addWidget(new QLabel(tr("Colour"), page));
    row->addWidget(m_exploreObjective);
    row->addStretch(1);
    auto* layout = new QVBoxLayout(page);
    layout->addLayout(row);
    layout->addWidget(m_heatmap, 1);
    layout->addWidget(m_exploreHelp);
    for (QComboBox* c : {m_rowParam, m_colParam, m_exploreObjective}) {
        connect(c, &QComboBox::currentIndexChanged, this, [this] {
            if (!m_updating)
                refreshExplorer();
        });
    }
    connect(m_heatmap, &HeatmapWidget::cellClicked, this, &DataflowWorkbench::explorerCellClicked);
    return page;
}

bool DataflowWorkbench::setExplorerAxes(const QString& rowParameter, const QString& colParameter, const QString& objective)
{
    const int r = m_rowParam->findData(rowParameter), c = m_colParam->findData(colParameter);
    const int o = m_exploreObjective->findData(objective);
    if (r < 0 || c < 0 || o < 0)
        return false;
    m_updating = true;
    m_rowParam->setCurrentIndex(r);
    m_colParam->setCurrentIndex(c);
    m_exploreObjective->setCurrentIndex(o);
    m_updating = false;
    refreshExplorer();
    return true;
}

void DataflowWorkbench::refreshExplorer()
{
    m_explorerDirty = false;
    if (!m_problem) {
        m_heatmap->setData({});
        m_exploreHelp->setText(tr("The design space is invalid: %1").arg(m_problemError));
        return;
    }
    const auto params = m_problem->parameters();
    const auto find = [&](const QString& name) {
        for (std::size_t i = 0; i < params.size(); ++i)
            if (qs(params[i].name) == name)
                return int(i);
        return -1;
    };
    const int pr = find(m_rowParam->currentData().toString());
    const int pc = find(m_colParam->currentData().toString());
    const int objective = std::max(0, m_exploreObjective->currentIndex());
    if (pr < 0 || pc < 0) {
        m_heatmap->setData({});
        return;
    }
    // The other parameters: the explorer's point (a run's best, or a clicked cell), else the
    // first allowed values.
    Point base = m_problem->firstPoint();
    for (std::size_t i = 0; i < params.size(); ++i) {
        const auto it = m_explorePoint.find(params[i].name);
        const int vi = it == m_explorePoint.end() ? -1 : params[i].indexOf(it->second);
        if (vi >= 0 && params[i].allowed[std::size_t(vi)])
            base[i] = vi;
    }
    // Allowed values, sampled evenly when there are many.
    const auto sample = [](const Parameter& p) {
        const int n = p.allowedCount();
        std::vector<int> out;
        if (n <= kMaxSweep) {
            for (int k = 0; k < n; ++k)
                out.push_back(p.allowed.kth(k));
            return out;
        }
        for (int k = 0; k < kMaxSweep; ++k)
            out.push_back(p.allowed.kth(int(double(k) * double(n - 1) / double(kMaxSweep - 1) + 0.5)));
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    };
    const Parameter& P = params[std::size_t(pr)];
    const Parameter& Q = params[std::size_t(pc)];
    m_rowIndices = sample(P);
    m_colIndices = pr == pc ? std::vector<int>{base[std::size_t(pc)]} : sample(Q);
    const ObjectiveInfo& o = dataflowKind().info().objectives[std::size_t(objective)];
    HeatmapData d;
    d.rows = int(m_rowIndices.size());
    d.cols = int(m_colIndices.size());
    d.values.assign(std::size_t(d.rows * d.cols), std::nan(""));
    d.notes.resize(d.rows * d.cols);
    d.title = tr("%1 over %2 × %3").arg(qs(o.label), qs(P.label), qs(Q.label));
    d.rowTitle = qs(P.label);
    d.colTitle = qs(Q.label);
    d.valueTitle = qs(o.label);
    d.unit = qs(o.unit);
    for (int i : m_rowIndices)
        d.rowLabels.append(qs(P.text(i)));
    for (int j : m_colIndices)
        d.colLabels.append(qs(Q.text(j)));
    Point pt = base;
    int valid = 0;
    for (int a = 0; a < d.rows; ++a) {
        for (int b = 0; b < d.cols; ++b) {
            pt[std::size_t(pr)] = m_rowIndices[std::size_t(a)];
            pt[std::size_t(pc)] = m_colIndices[std::size_t(b)];
            const PointEvaluation e = m_problem->evaluate(pt);
            const std::size_t k = std::size_t(a * d.cols + b);
            if (e.valid) {
                d.values[k] = e.objective[std::size_t(objective)];
                ++valid;
            } else {
                d.notes[qsizetype(k)] = qs(m_problem->explain(pt));
            }
        }
    }
    m_heatmap->setData(std::move(d));
    int markRow = -1, markCol = -1;
    for (std::size_t a = 0; a < m_rowIndices.size(); ++a)
        if (m_rowIndices[a] == base[std::size_t(pr)])
            markRow = int(a);
    for (std::size_t b = 0; b < m_colIndices.size(); ++b)
        if (m_colIndices[b] == base[std::size_t(pc)])
            markCol = int(b);
    m_heatmap->setMarker(markRow, markCol);
    m_exploreHelp->setText(tr("%1 of %2 combinations are valid (hatched: invalid, hover for why). The other parameters "
                              "stay at the outlined point (hover here to see them); click a cell to show its mapping.")
                               .arg(valid)
                               .arg(m_rowIndices.size() * m_colIndices.size()));
    m_exploreHelp->setToolTip(qs(m_problem->describe(base)));
}

void DataflowWorkbench::explorerCellClicked(int row, int col)
{
    if (!m_problem || row < 0 || col < 0 || row >= int(m_rowIndices.size()) || col >= int(m_colIndices.size()))
        return;
    const auto params = m_problem->parameters();
    Point pt = m_problem->firstPoint();
    for (std::size_t i = 0; i < params.size(); ++i) {
        const auto it = m_explorePoint.find(params[i].name);
        const int vi = it == m_explorePoint.end() ? -1 : params[i].indexOf(it->second);
        if (vi >= 0 && params[i].allowed[std::size_t(vi)])
            pt[i] = vi;
    }
    const auto index = [&](const QString& name) {
        for (std::size_t i = 0; i < params.size(); ++i)
            if (qs(params[i].name) == name)
                return i;
        return params.size();
    };
    const std::size_t pr = index(m_rowParam->currentData().toString()), pc = index(m_colParam->currentData().toString());
    if (pr >= params.size() || pc >= params.size())
        return;
    pt[pr] = m_rowIndices[std::size_t(row)];
    pt[pc] = m_colIndices[std::size_t(col)];
    for (std::size_t i = 0; i < params.size(); ++i)
        m_explorePoint[params[i].name] = params[i].values[std::size_t(pt[i])];
    DataflowInputs in = m_doc->inputs();
    in.mapping = m_problem->decode(pt);
    in.mapping.name = "explored point";
    m_doc->apply(std::move(in), tr("Explore %1").arg(qs(m_problem->describe(pt))));
    Q_EMIT message(m_problem->evaluate(pt).valid ? tr("Showing %1").arg(qs(m_problem->describe(pt)))
                                                 : tr("Invalid point: %1").arg(qs(m_problem->explain(pt))),
                   8000);
}

} // namespace mapscape
