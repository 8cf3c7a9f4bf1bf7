// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
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

DataflowWorkbench::DataflowWorkbench(QWidget* parent)
    : KindWorkbench(dataflowKind(), tr("a dataflow-mapping study"),
                    {tr("Dataflow studies, layers, hardware and mappings (*.json *.m)"),
                     tr("Text report (*.txt);;JSON (*.json);;CSV (*.csv)"),
                     tr("MAESTRO mapping (*.m);;Mapscape dataflow template (*.json);;Mapscape dataflow study (*.study.json)")},
                    parent)
{
    buildUi();
    // A first study: VGG16's second row (the seed-001 paper's default layer) on ArchGym's
    // hardware with a weight-stationary template.
    DataflowInputs in;
    try {
        const DataflowWorkload w = loadDataflowWorkload(resolvePreset("seed001-layers", kDataflowWorkloadPresets));
        in.workload = w.name;
        in.layer = layerOf(w, QStringLiteral("VGG16 row 2"));
        in.hardware = loadDataflowHardware(resolvePreset("archgym-default", kDataflowHardwarePresets));
        in.mapping = loadDataflowMapping(resolvePreset("weight-stationary-kc", kDataflowMappingPresets), in.layer.type);
    } catch (const std::exception&) {
        // No presets installed: a small layer and a plain output-stationary mapping.
        in.layer = DataflowLayer::conv("layer", 64, 64, 3, 3, 56, 56);
        in.mapping.name = "output stationary";
        for (const char* d : {"SpatialMap(1,1) K", "TemporalMap(64,64) C", "TemporalMap(Sz(R),1) Y",
                              "TemporalMap(Sz(S),1) X", "TemporalMap(Sz(R),Sz(R)) R", "TemporalMap(Sz(S),Sz(S)) S"})
            in.mapping.directives.push_back(parseDirective(d, DfLayerType::Conv));
    }
    m_doc->setInputs(std::move(in));
}

DataflowWorkbench::~DataflowWorkbench() = default;

void DataflowWorkbench::buildUi()
{
    m_workload = new QComboBox(this);
    m_layer = new QComboBox(this);
    m_hardware = new QComboBox(this);
    m_template = new QComboBox(this);
    m_workload->setToolTip(tr("Workload preset: a list of layers"));
    m_layer->setToolTip(tr("The layer of the workload this study maps"));
    m_hardware->setToolTip(tr("Spatial accelerator preset (PEs, buffers, NoC); edit it in the Mapping tab"));
    m_template->setToolTip(tr("Dataflow template: directives written with Sz(...) so they follow layer edits"));
    // The bar's minimum fits a 1280-pixel screen beside the studies list (issue 49, item 7); the
    // dataflow box takes the rest of the width.
    m_layer->setMinimumContentsLength(15);
    m_hardware->setMinimumContentsLength(36); // "ArchGym default (1024 PEs) (edited)" unclipped
    m_template->setMinimumContentsLength(12);
    for (QComboBox* c : {m_layer, m_hardware, m_template})
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    for (const PresetInfo& p : listPresets(kDataflowWorkloadPresets))
        m_workload->addItem(qs(p.name), qs(p.path));
    for (const PresetInfo& p : listPresets(kDataflowHardwarePresets))
        m_hardware->addItem(qs(p.name), qs(p.path));
    for (const PresetInfo& p : listPresets(kDataflowMappingPresets))
        m_template->addItem(qs(p.name), qs(p.path));
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Workload"), this));
    bar->addWidget(m_workload);
    bar->addWidget(m_layer);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Hardware"), this));
    bar->addWidget(m_hardware);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Dataflow"), this));
    bar->addWidget(m_template, 1);

    m_runs = new RunsPanel(dataflowKind(), this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(buildMappingTab(), tr("Mapping"));
    m_tabs->addTab(buildSpaceTab(), tr("Design space"));
    m_tabs->addTab(buildExploreTab(), tr("Explore"));
    m_tabs->addTab(m_runs, tr("Optimize"));
    m_agentsView = new AgentClusteringView(m_runs, this);
    m_tabs->addTab(m_agentsView, tr("Agents"));
    m_tabs->setTabToolTip(OptimizeTab, tr("Run optimizers, watch their curves and compare them"));
    m_tabs->setTabToolTip(AgentsTab, tr("MARL's agents: correlate the parameters of good samples and cluster them"));
    connect(m_agentsView, &AgentClusteringView::message, this, [this](const QString& text) { Q_EMIT message(text, 8000); });
    connect(m_agentsView, &AgentClusteringView::optimizeRequested, this, [this] { showTab(OptimizeTab); });
    m_tabs->setTabToolTip(MappingTab, tr("The layer, the hardware and the mapping, evaluated live"));
    m_tabs->setTabToolTip(SpaceTab, tr("The optimizers' parameters: fix or narrow them"));
    m_tabs->setTabToolTip(ExploreTab, tr("Sweep two parameters and see an objective as a heatmap"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        if (tab == ExploreTab && m_explorerDirty)
            refreshExplorer();
    });
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_tabs, 1);

    connect(m_workload, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (m_updating || i < 0)
            return;
        const QString path = m_workload->itemData(i).toString();
        try {
            const DataflowWorkload w = loadDataflowWorkload(path.toStdString());
            selectLayer(path, w.layers.empty() ? QString() : qs(w.layers.front().name));
        } catch (const std::exception& e) {
            reportError(QString::fromUtf8(e.what()));
        }
    });
    connect(m_layer, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!m_updating && i >= 0 && m_workload->currentIndex() >= 0)
            selectLayer(m_workload->currentData().toString(), m_layer->itemText(i));
    });
    connect(m_hardware, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!m_updating && i >= 0 && !m_hardware->itemData(i).toString().isEmpty())
            selectHardware(m_hardware->itemData(i).toString());
    });
    connect(m_template, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!m_updating && i >= 0 && !m_template->itemData(i).toString().isEmpty())
            selectMappingTemplate(m_template->itemData(i).toString());
    });
    connectShell();
    connect(m_runs, &RunsPanel::resultRequested, this, [this](const QString& json, const QString& label) { showResult(json, label); });
}

// ---------------------------------------------------------------------------------------------
// Edits

// ---------------------------------------------------------------------------------------------
// Views

void DataflowWorkbench::documentChanged()
{
    const DataflowInputs& in = m_doc->inputs();
    // The problem the optimizers, the space tab and the explorer work on.
    try {
        m_problem = std::make_shared<const DataflowProblem>(in.layer, in.hardware, in.space, "latency");
        m_problemError.clear();
    } catch (const std::exception& e) {
        m_problem.reset();
        m_problemError = QString::fromUtf8(e.what());
    }
    m_runs->setInputs(studyName(), in);
    m_agentsView->setInputs(in);
    refreshEditors();
    evaluate();
    refreshSpaceTable();
    m_explorerDirty = true;
    if (m_tabs->currentIndex() == ExploreTab)
        refreshExplorer();
    Q_EMIT setupChanged();
}

void DataflowWorkbench::reportError(const QString& message) { Q_EMIT errorOccurred(message); }

// ---------------------------------------------------------------------------------------------
// Study, files

QString DataflowWorkbench::refusal(const DataflowInputs& in) const { return qs(DataflowModel::checkHardware(in.hardware)); }

QString DataflowWorkbench::openFile(const QString& path)
{
    try {
        const std::string p = path.toStdString();
        const std::string text = readTextFile(p);
        DataflowInputs in = m_doc->inputs();
        if (path.endsWith(QStringLiteral(".m"), Qt::CaseInsensitive)) {
            // A MAESTRO hardware file has "num_pes"; a mapping file has "Network".
            if (text.find("Network") == std::string::npos && text.find("num_pes") != std::string::npos) {
                in.hardware = parseMaestroHardware(text, p, in.hardware);
                in.hardware.name = QFileInfo(path).completeBaseName().toStdString();
            } else {
                const MaestroNetwork net = parseMaestroMapping(text, p);
                if (net.layers.empty())
                    return tr("%1: no layer").arg(path);
                in.layer = net.layers.front().layer;
                in.mapping = net.layers.front().mapping;
                in.workload = net.name;
                in.space.restrictions.clear();
            }
        } else if (text.find("mapscape/dataflow-hardware") != std::string::npos) {
            in.hardware = dataflowHardwareFromJson(text, p);
        } else if (text.find("mapscape/dataflow-workload") != std::string::npos) {
            const DataflowWorkload w = dataflowWorkloadFromJson(text, p);
            if (w.layers.empty())
                return tr("%1: the workload has no layers").arg(path);
            in.layer = w.layers.front();
            in.workload = w.name;
        } else if (text.find("mapscape/dataflow-mapping") != std::string::npos) {
            in.mapping = dataflowMappingFromJson(text, p, in.layer.type);
        } else {
            const DataflowStudyFile s = dataflowStudyFromJson(text, p);
            in.layer = s.layer;
            in.hardware = s.hardware;
            in.mapping = s.mapping;
            in.space = s.space;
            in.workload = s.workload;
            m_runs->optimizerPanel()->selectObjective(qs(s.objective));
        }
        m_doc->apply(std::move(in), tr("Open %1").arg(QFileInfo(path).fileName()));
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString DataflowWorkbench::exportResults(const QString& path) const
{
    if (!m_result)
        return m_error.isEmpty() ? tr("Nothing evaluated yet.") : tr("Not evaluated: %1").arg(m_error);
    const OutputFormat fmt = path.endsWith(QStringLiteral(".json")) ? OutputFormat::Json
                             : path.endsWith(QStringLiteral(".csv")) ? OutputFormat::Csv
                                                                     : OutputFormat::Text;
    const DataflowInputs& in = m_doc->inputs();
    try {
        writeTextFileAtomic(path.toStdString(), writeDataflowResult(in.layer, in.mapping, in.hardware, *m_result, fmt));
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString DataflowWorkbench::writeMapping(const QString& path) const
{
    const DataflowInputs& in = m_doc->inputs();
    try {
        const std::string p = path.toStdString();
        if (path.endsWith(QStringLiteral(".m"), Qt::CaseInsensitive)) {
            writeTextFileAtomic(p, writeMaestroMapping(in.layer, in.mapping));
            QString hw = path;
            hw.chop(2);
            writeTextFileAtomic((hw + QStringLiteral(".hw.m")).toStdString(), writeMaestroHardware(in.hardware));
        } else if (path.endsWith(QStringLiteral(".study.json"), Qt::CaseInsensitive)) {
            DataflowStudyFile s;
            s.name = studyName().toStdString();
            s.workload = in.workload;
            s.layer = in.layer;
            s.hardware = in.hardware;
            s.mapping = in.mapping;
            s.space = in.space;
            s.objective = m_runs->optimizerPanel()->settings().objective;
            writeTextFileAtomic(p, dataflowStudyToJson(s));
        } else {
            writeTextFileAtomic(p, dataflowMappingToJson(in.mapping, in.layer.type));
        }
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QStringList DataflowWorkbench::tabNames() const
{
    return {QStringLiteral("mapping"), QStringLiteral("space"), QStringLiteral("explore"), QStringLiteral("optimize"), QStringLiteral("agents")};
}

} // namespace mapscape
