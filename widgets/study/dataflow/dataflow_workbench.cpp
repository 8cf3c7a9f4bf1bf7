// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/dataflow/dataflow_study.h"
#include "widgets/study/dataflow/dataflow_workbench.h"

#include "core/model/validation.h"

#include "core/cost/dataflow/dataflow_model.h"
#include "core/export/dataflow/dataflow_report.h"
#include "core/io/dataflow/dataflow_io.h"
#include "core/io/file_util.h"
#include "core/io/dataflow/maestro_files.h"
#include "core/io/preset_library.h"
#include "core/io/project_io.h"
#include "core/optim/dataflow/dataflow_space.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "widgets/study/dataflow/agent_clustering_view.h"

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

namespace mapscape {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

constexpr int kStrideY = 100, kStrideX = 101;
enum HwField { HwPes, HwL1, HwL2, HwNocBw, HwHops, HwHopLatency, HwOffchip, HwSimd, HwFieldCount };
constexpr int kMergeLayer = 1, kMergeHardware = 200, kMergeSpace = 300;
constexpr int kMaxSweep = 96; ///< explorer rows / columns

/// Spin box for sizes and bandwidths: INT_MAX reads "unlimited".
class LimitSpinBox final : public QSpinBox {
public:
    using QSpinBox::QSpinBox;
    QString textFromValue(int value) const override
    {
        return value == INT_MAX ? QStringLiteral("unlimited") : QSpinBox::textFromValue(value);
    }
    int valueFromText(const QString& text) const override
    {
        return text.trimmed().startsWith(QStringLiteral("unl")) ? INT_MAX : QSpinBox::valueFromText(text);
    }
    QValidator::State validate(QString& text, int& pos) const override
    {
        if (QStringLiteral("unlimited").startsWith(text.trimmed(), Qt::CaseInsensitive) && !text.trimmed().isEmpty())
            return QValidator::Acceptable;
        return QSpinBox::validate(text, pos);
    }
};

/// The first layer of a workload preset named like `layerName` (or the first one).
DataflowLayer layerOf(const DataflowWorkload& w, const QString& layerName)
{
    for (const DataflowLayer& l : w.layers) {
        if (qs(l.name) == layerName)
            return l;
    }
    if (w.layers.empty())
        throw InputError(w.name + ": the workload has no layers");
    return w.layers.front();
}

QString presetPathOf(const PresetFolder& kind, const QString& nameOrPath)
{
    return qs(resolvePreset(nameOrPath.toStdString(), kind));
}

} // namespace

DataflowWorkbench::DataflowWorkbench(QWidget* parent)
    : StudyWorkbench(parent)
{
    m_doc = new DataflowDocument(this);
    buildUi();
    connect(m_doc, &DataflowDocument::changed, this, &DataflowWorkbench::documentChanged);
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
    m_layer->setMinimumContentsLength(18);
    m_hardware->setMinimumContentsLength(22);
    m_template->setMinimumContentsLength(28);
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
    connect(m_runs, &RunsPanel::message, this, [this](const QString& text) { Q_EMIT message(text, 8000); });
    connect(m_runs, &RunsPanel::runsChanged, this, &StudyWorkbench::changed);
    connect(m_runs->optimizerPanel(), &OptimizerPanel::settingsChanged, this, &StudyWorkbench::changed);
    connect(m_runs, &RunsPanel::resultRequested, this, [this](const QString& json, const QString& label) { showResult(json, label); });
    connect(m_doc->undoStack(), &QUndoStack::indexChanged, this, &StudyWorkbench::changed);
}

QWidget* DataflowWorkbench::buildMappingTab()
{
    // Left: what is mapped (layer, hardware, directives).
    auto* editors = new QWidget(this);
    auto* editorsLayout = new QVBoxLayout(editors);
    auto* layerBox = new QGroupBox(tr("Layer"), editors);
    auto* layerForm = new QFormLayout(layerBox);
    m_type = new QComboBox(layerBox);
    for (DfLayerType t : {DfLayerType::Conv, DfLayerType::DsConv, DfLayerType::Gemm})
        m_type->addItem(qs(std::string(dfLayerTypeName(t))), int(t));
    m_type->setToolTip(tr("CONV: convolution (FC: R = S = Y = X = 1); DSCONV: depthwise; GEMM: M×K by K×N"));
    layerForm->addRow(tr("Type"), m_type);
    connect(m_type, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        DataflowInputs in = m_doc->inputs();
        const DfLayerType t = DfLayerType(m_type->currentData().toInt());
        if (t == in.layer.type)
            return;
        // A new type gets a plausible layer of that type; the mapping template is re-read for it.
        const std::string name = in.layer.name;
        in.layer = t == DfLayerType::Gemm ? DataflowLayer::gemm(name, 64, 64, 64)
                   : t == DfLayerType::DsConv ? DataflowLayer::dsconv(name, 64, 3, 3, 58, 58)
                                              : DataflowLayer::conv(name, 64, 64, 3, 3, 58, 58);
        in.mapping.directives.clear();
        in.mapping.name = "none";
        in.space.restrictions.clear();
        m_doc->apply(std::move(in), tr("Change layer type to %1").arg(m_type->currentText()));
    });
    for (int var = 0; var < kDfMaxVars; ++var) {
        auto* spin = new QSpinBox(layerBox);
        spin->setRange(0, 1 << 24);
        if (var == dfvar::N)
            spin->setSpecialValueText(tr("—")); // not declared: batch 1
        auto* label = new QLabel(layerBox);
        layerForm->addRow(label, spin);
        m_varEdits[var] = spin;
        m_varLabels[var] = label;
        connect(spin, &QSpinBox::valueChanged, this, [this, var](int v) {
            if (!m_updating)
                setField(var, v);
        });
    }
    for (int key : {kStrideY, kStrideX}) {
        auto* spin = new QSpinBox(layerBox);
        spin->setRange(1, 64);
        auto* label = new QLabel(key == kStrideY ? tr("Stride (rows)") : tr("Stride (columns)"), layerBox);
        label->setToolTip(tr("Outer stride of the convolution window"));
        layerForm->addRow(label, spin);
        m_varEdits[key] = spin;
        m_varLabels[key] = label;
        connect(spin, &QSpinBox::valueChanged, this, [this, key](int v) {
            if (!m_updating)
                setField(key, v);
        });
    }

    auto* hwBox = new QGroupBox(tr("Hardware"), editors);
    auto* hwForm = new QFormLayout(hwBox);
    const struct {
        int field;
        const char* label;
        const char* tip;
        const char* suffix;
        int min;
    } hwFields[] = {
        {HwPes, "PEs", "Processing elements of the spatial array", "", 1},
        {HwL1, "L1 per PE (bytes)", "Local buffer of each PE; a mapping needing more is invalid when capacity is enforced", "", 1},
        {HwL2, "L2, shared (bytes)", "Global buffer; a mapping needing more is invalid when capacity is enforced", "", 1},
        {HwNocBw, "NoC (elements/cycle)", "Elements per cycle between a level and its sub-clusters", "", 1},
        {HwHops, "NoC hops", "Average hops a transfer takes", "", 0},
        {HwHopLatency, "Hop latency (cycles)", "Cycles per hop", "", 0},
        {HwOffchip, "Off-chip (elements/cycle)", "Elements per cycle from DRAM into L2", "", 1},
        {HwSimd, "MAC lanes per PE", "SIMD lanes: MACs each PE does per cycle", "", 1},
    };
    for (const auto& f : hwFields) {
        QSpinBox* spin = f.field == HwPes || f.field == HwHops || f.field == HwHopLatency || f.field == HwSimd
                             ? new QSpinBox(hwBox)
                             : new LimitSpinBox(hwBox);
        spin->setRange(f.min, INT_MAX);
        spin->setSuffix(QString::fromUtf8(f.suffix));
        spin->setToolTip(tr(f.tip));
        spin->setGroupSeparatorShown(true);
        auto* label = new QLabel(tr(f.label), hwBox);
        label->setToolTip(tr(f.tip));
        hwForm->addRow(label, spin);
        m_hwEdits[f.field] = spin;
        const int field = f.field;
        connect(spin, &QSpinBox::valueChanged, this, [this, field](int v) {
            if (!m_updating)
                setHardwareField(field, v);
        });
    }
    m_costDb = new QComboBox(hwBox);
    m_costDb->addItem(tr("MAESTRO 2021"), QStringLiteral("maestro-2021"));
    m_costDb->addItem(tr("MAESTRO 2020 (HASCO)"), QStringLiteral("maestro-2020"));
    m_costDb->setItemData(0, tr("MAESTRO master (2021): 28 nm-scaled MAC, per-byte SRAM cells"), Qt::ToolTipRole);
    m_costDb->setItemData(1, tr("MAESTRO as HASCO pins it (2020): 64-byte and 32-KiB SRAM cells"), Qt::ToolTipRole);
    m_costDb->setToolTip(tr("Area and power constants of MAESTRO's cost database"));
    hwForm->addRow(tr("Cost database"), m_costDb);
    connect(m_costDb, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        DataflowInputs in = m_doc->inputs();
        in.hardware.costDb = m_costDb->currentIndex() == 1 ? DfCostDatabase::maestro2020() : DfCostDatabase::maestro2021();
        m_doc->apply(std::move(in), tr("Change cost database"));
    });

    auto* dirBox = new QGroupBox(tr("Directives (MAESTRO)"), editors);
    auto* dirLayout = new QVBoxLayout(dirBox);
    m_directives = new QPlainTextEdit(dirBox);
    m_directives->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_directives->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_directives->setToolTip(tr("One directive per line, outermost first: SpatialMap(size,offset) V, "
                                "TemporalMap(size,offset) V, Cluster(n, P) opens the next level; Sz(V) is the layer's "
                                "size of V"));
    m_directiveError = new QLabel(dirBox);
    m_directiveError->setWordWrap(true);
    m_directiveError->setStyleSheet(QStringLiteral("QLabel { color: #b02020; }"));
    m_applyDirectives = new QPushButton(tr("Apply directives"), dirBox);
    m_applyDirectives->setToolTip(tr("Evaluate the directives as written (undoable)"));
    dirLayout->addWidget(m_directives, 1);
    dirLayout->addWidget(m_directiveError);
    dirLayout->addWidget(m_applyDirectives);
    connect(m_applyDirectives, &QPushButton::clicked, this, [this] {
        const QString error = setDirectivesText(m_directives->toPlainText());
        m_directiveError->setText(error);
    });

    editorsLayout->addWidget(layerBox);
    editorsLayout->addWidget(hwBox);
    editorsLayout->addStretch(1);
    auto* formsScroll = new QScrollArea(this);
    formsScroll->setWidgetResizable(true);
    formsScroll->setWidget(editors);
    formsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // The directives keep their own pane, so that Apply is always in view.
    auto* editorsScroll = new QSplitter(Qt::Vertical, this);
    editorsScroll->addWidget(formsScroll);
    editorsScroll->addWidget(dirBox);
    editorsScroll->setStretchFactor(0, 3);
    editorsScroll->setStretchFactor(1, 2);
    editorsScroll->setMinimumWidth(400);

    // Right: what the model says.
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setWordWrap(true);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tensorTable = new QTableWidget(3, 6, this);
    m_tensorTable->setHorizontalHeaderLabels({tr("L2 needed"), tr("L1 needed / PE"), tr("L2 reads"), tr("L2 writes"),
                                              tr("L1 reads"), tr("L1 writes")});
    m_tensorTable->setVerticalHeaderLabels({tr("input"), tr("filter"), tr("output")});
    m_tensorTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tensorTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tensorTable->setToolTip(tr("Per tensor: buffer space the mapping needs (double-buffered) and the element reads "
                                 "and writes of the top level"));
    m_tensorTable->setMaximumHeight(130);
    m_boundChart = new EnergyBreakdownChart(this);
    m_energyChart = new EnergyBreakdownChart(this);
    m_bufferChart = new EnergyBreakdownChart(this);
    m_boundChart->setToolTip(tr("Top-level iterations by what bounds their delay: computation, data into the PEs "
                                "(NoC in), results out (NoC out), or DRAM (off-chip)"));
    m_energyChart->setToolTip(tr("Activity-count energy: buffer reads and writes and MACs times their unit energies"));
    m_bufferChart->setToolTip(tr("Buffer space the mapping needs per tensor, next to the hardware's capacity"));
    auto* charts = new QTabWidget(this);
    charts->addTab(m_boundChart, tr("Runtime"));
    charts->addTab(m_energyChart, tr("Energy"));
    charts->addTab(m_bufferChart, tr("Buffers"));
    m_loopNest = new QPlainTextEdit(this);
    m_loopNest->setReadOnly(true);
    m_loopNest->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_loopNest->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_loopNest->setToolTip(tr("The directives as nested loops: per cluster level, temporal loops then the spatial "
                              "loop over its sub-clusters"));
    auto* resultSplit = new QSplitter(Qt::Vertical, this);
    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_summary);
    topLayout->addWidget(m_tensorTable);
    resultSplit->addWidget(top);
    resultSplit->addWidget(charts);
    resultSplit->addWidget(m_loopNest);
    resultSplit->setStretchFactor(1, 2);
    resultSplit->setStretchFactor(2, 1);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(editorsScroll);
    split->addWidget(resultSplit);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    return split;
}

QWidget* DataflowWorkbench::buildSpaceTab()
{
    auto* page = new QWidget(this);
    m_spaceTable = new QTableWidget(0, 6, page);
    m_spaceTable->setHorizontalHeaderLabels({tr("Parameter"), tr("Values allowed"), tr("Fixed"), tr("Fixed value"),
                                             tr("Minimum"), tr("Maximum")});
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
    layout->addWidget(new QLabel(tr("The parameters random search, the GA and the MARL agents choose (seed 001, §2.2): "
                                    "loop orders and parallel dimensions at the cluster and PE levels, and each "
                                    "dimension's per-PE tile."),
                                 page));
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

// ---------------------------------------------------------------------------------------------
// Edits

void DataflowWorkbench::setField(int var, int value)
{
    DataflowInputs in = m_doc->inputs();
    if (var == kStrideY)
        in.layer.strideY = value;
    else if (var == kStrideX)
        in.layer.strideX = value;
    else
        in.layer.set(var, value);
    const QString name = var >= kStrideY ? m_varLabels[var]->text() : qs(std::string(dfVarName(in.layer.type, var)));
    m_doc->apply(std::move(in), tr("Set %1 to %2").arg(name).arg(value), kMergeLayer + var);
}

void DataflowWorkbench::setHardwareField(int field, long long value)
{
    DataflowInputs in = m_doc->inputs();
    DataflowHardware& hw = in.hardware;
    const int v = int(std::min<long long>(value, INT_MAX));
    switch (field) {
    case HwPes:
        hw.numPes = v;
        break;
    case HwL1:
        hw.l1Size = v;
        break;
    case HwL2:
        hw.l2Size = v;
        break;
    case HwNocBw:
        hw.nocBandwidth = v;
        break;
    case HwHops:
        hw.nocHops = v;
        break;
    case HwHopLatency:
        hw.nocHopLatency = v;
        break;
    case HwOffchip:
        hw.offchipBandwidth = v;
        break;
    case HwSimd:
        hw.simdLanes = v;
        break;
    default:
        return;
    }
    m_doc->apply(std::move(in), tr("Edit hardware"), kMergeHardware + field);
}

QString DataflowWorkbench::setDirectivesText(const QString& text)
{
    const DfLayerType type = m_doc->inputs().layer.type;
    DataflowMapping m;
    m.name = "edited";
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        QString line = lines[i].trimmed();
        if (const int c = line.indexOf(QStringLiteral("//")); c >= 0)
            line = line.left(c).trimmed();
        if (line.isEmpty())
            continue;
        try {
            m.directives.push_back(parseDirective(line.toStdString(), type));
        } catch (const std::exception& e) {
            return tr("line %1: %2").arg(i + 1).arg(QString::fromUtf8(e.what()));
        }
    }
    if (m.directives.empty())
        return tr("no directives: write at least one SpatialMap");
    DataflowInputs in = m_doc->inputs();
    if (in.mapping.directives == m.directives)
        return {};
    in.mapping = std::move(m);
    m_doc->apply(std::move(in), tr("Edit directives"));
    return {};
}

bool DataflowWorkbench::selectLayer(const QString& workload, const QString& layerName)
{
    try {
        const QString path = presetPathOf(kDataflowWorkloadPresets, workload);
        const DataflowWorkload w = loadDataflowWorkload(path.toStdString());
        DataflowInputs in = m_doc->inputs();
        const DataflowLayer layer = layerOf(w, layerName);
        if (layer.type != in.layer.type) {
            // The template's directives name the old type's variables: re-read it for the new one.
            in.mapping = loadDataflowMapping(m_template->currentData().toString().toStdString(), layer.type);
            in.space.restrictions.clear();
        }
        in.layer = layer;
        in.workload = w.name;
        m_doc->apply(std::move(in), tr("Choose layer %1").arg(qs(layer.name)));
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        refreshEditors();
        return false;
    }
    return true;
}

bool DataflowWorkbench::selectHardware(const QString& nameOrPath)
{
    try {
        DataflowInputs in = m_doc->inputs();
        in.hardware = loadDataflowHardware(presetPathOf(kDataflowHardwarePresets, nameOrPath).toStdString());
        m_doc->apply(std::move(in), tr("Choose hardware %1").arg(qs(in.hardware.name)));
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        refreshEditors();
        return false;
    }
    return true;
}

bool DataflowWorkbench::selectMappingTemplate(const QString& nameOrPath)
{
    try {
        DataflowInputs in = m_doc->inputs();
        in.mapping = loadDataflowMapping(presetPathOf(kDataflowMappingPresets, nameOrPath).toStdString(), in.layer.type);
        m_doc->apply(std::move(in), tr("Choose dataflow %1").arg(qs(in.mapping.name)));
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        refreshEditors();
        return false;
    }
    return true;
}

bool DataflowWorkbench::showResult(const QString& resultJson, const QString& label)
{
    try {
        DataflowInputs in = m_doc->inputs();
        in.mapping = dataflowResultMapping(resultJson.toStdString(), in.layer.type, label.toStdString());
        in.mapping.name = label.toStdString();
        const auto point = dataflowResultPoint(resultJson.toStdString());
        if (!point.empty()) {
            m_explorePoint = point;
            m_explorerDirty = true;
        }
        m_doc->apply(std::move(in), tr("Show %1").arg(label));
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
    showTab(MappingTab);
    return true;
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
        for (int i = 0; i < p.count(); ++i) {
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
        Q_EMIT message(tr("%1: \"%2\" is not a value of this parameter").arg(qs(p.name), text), 8000);
        refreshSpaceTable();
        return;
    }
    if (r == ParameterRestriction{})
        in.space.restrictions.erase(p.name);
    else
        in.space.restrictions[p.name] = r;
    m_doc->apply(std::move(in), tr("Restrict %1").arg(qs(p.name)), kMergeSpace + row * 8 + column);
}

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

void DataflowWorkbench::refreshEditors()
{
    const DataflowInputs& in = m_doc->inputs();
    const bool was = m_updating;
    m_updating = true;
    // Choosers: presets plus at most one entry of the user's own value.
    const auto sync = [](QComboBox* combo, const QString& text, const PresetFolder& kind) {
        for (int i = combo->count() - 1; i >= 0; --i) {
            if (combo->itemData(i).toString().isEmpty())
                combo->removeItem(i);
        }
        int found = -1;
        for (int i = 0; i < combo->count() && found < 0; ++i) {
            try {
                if (kind.folder == kDataflowHardwarePresets.folder &&
                    qs(loadDataflowHardware(combo->itemData(i).toString().toStdString()).name) == text)
                    found = i;
            } catch (const std::exception&) {
            }
        }
        if (found < 0) {
            combo->addItem(text, QString());
            found = combo->count() - 1;
        }
        combo->setCurrentIndex(found);
    };
    // Workload / layer.
    int w = -1;
    for (int i = 0; i < m_workload->count(); ++i) {
        try {
            if (qs(loadDataflowWorkload(m_workload->itemData(i).toString().toStdString()).name) == qs(in.workload))
                w = i;
        } catch (const std::exception&) {
        }
    }
    m_workload->setCurrentIndex(w);
    m_layer->clear();
    bool layerIsPreset = false;
    if (w >= 0) {
        try {
            const DataflowWorkload wl = loadDataflowWorkload(m_workload->itemData(w).toString().toStdString());
            for (const DataflowLayer& l : wl.layers) {
                m_layer->addItem(qs(l.name));
                if (l == in.layer) {
                    m_layer->setCurrentIndex(m_layer->count() - 1);
                    layerIsPreset = true;
                }
            }
        } catch (const std::exception&) {
        }
    }
    if (!layerIsPreset) {
        m_layer->addItem(qs(in.layer.name) + tr(" (edited)"));
        m_layer->setCurrentIndex(m_layer->count() - 1);
    }
    // Hardware: a preset equal to it, else the user's own.
    int hw = -1;
    for (int i = 0; i < m_hardware->count() && hw < 0; ++i) {
        const QString path = m_hardware->itemData(i).toString();
        try {
            if (!path.isEmpty() && loadDataflowHardware(path.toStdString()) == in.hardware)
                hw = i;
        } catch (const std::exception&) {
        }
    }
    if (hw >= 0) {
        for (int i = m_hardware->count() - 1; i >= 0; --i) {
            if (m_hardware->itemData(i).toString().isEmpty())
                m_hardware->removeItem(i);
        }
        m_hardware->setCurrentIndex(m_hardware->findText(m_hardware->itemText(hw)));
    } else {
        sync(m_hardware, qs(in.hardware.name) + tr(" (edited)"), kDataflowMappingPresets);
    }
    // Template: a preset whose directives equal the mapping's, else the mapping's own name.
    int tp = -1;
    for (int i = 0; i < m_template->count() && tp < 0; ++i) {
        const QString path = m_template->itemData(i).toString();
        try {
            if (!path.isEmpty() && loadDataflowMapping(path.toStdString(), in.layer.type).directives == in.mapping.directives)
                tp = i;
        } catch (const std::exception&) {
        }
    }
    if (tp >= 0) {
        for (int i = m_template->count() - 1; i >= 0; --i) {
            if (m_template->itemData(i).toString().isEmpty())
                m_template->removeItem(i);
        }
        m_template->setCurrentIndex(m_template->findText(m_template->itemText(tp)));
    } else {
        sync(m_template, qs(in.mapping.name.empty() ? std::string("custom") : in.mapping.name), kDataflowMappingPresets);
    }

    m_type->setCurrentIndex(m_type->findData(int(in.layer.type)));
    const bool gemm = in.layer.type == DfLayerType::Gemm;
    for (auto& [var, spin] : m_varEdits) {
        bool shown = false;
        if (var == kStrideY || var == kStrideX) {
            shown = !gemm;
            spin->setValue(var == kStrideY ? in.layer.strideY : in.layer.strideX);
        } else if (gemm) {
            shown = var < dfVarCount(DfLayerType::Gemm);
        } else {
            shown = var != dfvar::Xo && var != dfvar::Yo && !(in.layer.type == DfLayerType::DsConv && var == dfvar::K);
        }
        if (var < kDfMaxVars) {
            spin->setValue(in.layer.get(var));
            const std::string_view n = var < dfVarCount(in.layer.type) ? dfVarName(in.layer.type, var) : std::string_view("?");
            QString help;
            if (!gemm) {
                switch (var) {
                case dfvar::K: help = tr("output channels"); break;
                case dfvar::C: help = tr("input channels"); break;
                case dfvar::R: help = tr("filter rows"); break;
                case dfvar::S: help = tr("filter columns"); break;
                case dfvar::Y: help = tr("input rows"); break;
                case dfvar::X: help = tr("input columns"); break;
                case dfvar::N: help = tr("batch (— = 1)"); break;
                default: break;
                }
            } else {
                help = var == dfvar::GemmK ? tr("reduction") : var == dfvar::GemmM ? tr("output rows") : tr("output columns");
            }
            m_varLabels[var]->setText(QStringLiteral("%1 (%2)").arg(qs(std::string(n)), help));
        }
        spin->setVisible(shown);
        m_varLabels[var]->setVisible(shown);
    }
    const DataflowHardware& h = in.hardware;
    const int hwValues[HwFieldCount] = {h.numPes, h.l1Size, h.l2Size, h.nocBandwidth, h.nocHops, h.nocHopLatency,
                                        h.offchipBandwidth, h.simdLanes};
    for (auto& [field, spin] : m_hwEdits)
        spin->setValue(hwValues[field]);
    m_costDb->setCurrentIndex(h.costDb == DfCostDatabase::maestro2020() ? 1 : 0);
    const QString dirs = qs(directivesText(in.mapping, in.layer.type));
    if (m_directives->toPlainText() != dirs)
        m_directives->setPlainText(dirs);
    m_divisors->setChecked(in.space.divisorsOnly);
    m_parallelRS->setChecked(in.space.parallelRS);
    m_capacity->setChecked(in.space.enforceCapacity);
    m_updating = was;
}

void DataflowWorkbench::evaluate()
{
    const DataflowInputs& in = m_doc->inputs();
    m_result.reset();
    m_error.clear();
    DataflowResult r;
    try {
        const DataflowModel model(in.hardware);
        const DfStatus st = model.evaluate(in.layer, in.mapping, r);
        if (st.ok())
            m_result = r;
        else
            m_error = qs(DataflowModel::describe(st, in.layer));
    } catch (const std::exception& e) {
        m_error = QString::fromUtf8(e.what());
    }
    m_directiveError->setText(m_error.isEmpty() ? QString() : tr("Not evaluated: %1").arg(m_error));
    try {
        m_loopNest->setPlainText(qs(mapscape::loopNestText(in.layer, in.mapping, in.hardware.numPes)));
    } catch (const std::exception& e) {
        m_loopNest->setPlainText(QString::fromUtf8(e.what()));
    }
    if (!m_result) {
        m_summary->setText(QStringLiteral("<p style='color:#b02020'><b>%1</b><br>%2</p>")
                               .arg(tr("This mapping cannot be evaluated:"), m_error.toHtmlEscaped()));
        m_tensorTable->clearContents();
        m_boundChart->setStacks(tr("Runtime"), {}, {}, tr("Cycles"), QStringLiteral("cycles"));
        m_energyChart->setStacks(tr("Energy"), {}, {}, tr("Energy"), QStringLiteral("nJ"));
        m_bufferChart->setStacks(tr("Buffers"), {}, {}, tr("Space"), QStringLiteral("B"));
        Q_EMIT message(tr("Not evaluated: %1").arg(m_error), 10000);
        return;
    }
    const DataflowHardware& hw = in.hardware;
    const auto q = [](double v, const char* unit, int digits = 4) { return qs(formatQuantity(v, unit, digits)); };
    const auto fit = [](bool ok) {
        return ok ? QStringLiteral("<span style='color:#2c7a2c'>fits</span>")
                  : QStringLiteral("<span style='color:#b02020'><b>does not fit</b></span>");
    };
    const QString limit1 = hw.l1Size == INT_MAX ? tr("unlimited") : q(hw.l1Size, "B");
    const QString limit2 = hw.l2Size == INT_MAX ? tr("unlimited") : q(hw.l2Size, "B");
    m_summary->setText(
        tr("<table cellspacing='6'>"
           "<tr><td><b>Runtime</b></td><td>%1</td><td><b>Energy</b></td><td>%2</td><td><b>EDP</b></td><td>%3</td></tr>"
           "<tr><td><b>Throughput</b></td><td>%4 MACs/cycle</td><td><b>PEs busy</b></td><td>%5 of %6</td>"
           "<td><b>MACs</b></td><td>%7</td></tr>"
           "<tr><td><b>L1 per PE</b></td><td>%8 of %9: %10</td><td><b>L2</b></td><td>%11 of %12: %13</td>"
           "<td><b>Area / power</b></td><td>%14, %15</td></tr></table>"
           "<p style='color:#606060'>Area and power: MAESTRO's cost database, for the PEs and the NoC as "
           "configured (an unlimited NoC bandwidth makes them huge) and buffers of the size this mapping "
           "needs.</p>")
            .arg(q(double(r.runtime), "cycles"), q(r.energyNj, "nJ"), q(r.edp(), "cycles·nJ"))
            .arg(r.throughput, 0, 'f', 2)
            .arg(r.avgUtilizedPes, 0, 'f', 1)
            .arg(hw.numPes)
            .arg(q(double(r.macs), "MACs"))
            .arg(q(double(r.l1ReqTotal), "B"), limit1, fit(r.fitsL1), q(double(r.l2ReqTotal), "B"), limit2, fit(r.fitsL2),
                 q(r.area, "µm²"), q(r.power, "mW")));
    for (int t = 0; t < kDfTensors; ++t) {
        const DfTensorStats& s = r.tensor[std::size_t(t)];
        const double values[6] = {double(s.l2Req), double(s.l1Req), double(s.l2Reads), double(s.l2Writes),
                                  double(s.l1Reads), double(s.l1Writes)};
        for (int c = 0; c < 6; ++c) {
            auto* item = new QTableWidgetItem(c < 2 ? q(values[c], "B") : q(values[c], ""));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_tensorTable->setItem(t, c, item);
        }
    }
    QList<double> bounds;
    QStringList boundNames;
    for (int b = 0; b < kDfBounds; ++b) {
        boundNames.append(qs(std::string(dfBoundName(DfBound(b)))));
        bounds.append(double(r.boundCycles[std::size_t(b)]));
    }
    m_boundChart->setStacks(tr("What bounds the runtime (%1 in all)").arg(q(double(r.runtime), "cycles")), boundNames,
                            {{tr("cycles"), bounds}}, tr("Cycles"), QStringLiteral("cycles"));
    const double mac = hw.costDb.macEnergy;
    m_energyChart->setStacks(tr("Energy by component (%1 in all)").arg(q(r.energyNj, "nJ")),
                             {tr("L2 read"), tr("L2 write"), tr("L1 read"), tr("L1 write"), tr("MAC")},
                             {{tr("energy"),
                               {r.l2ReadEnergy * mac, r.l2WriteEnergy * mac, r.l1ReadEnergy * mac, r.l1WriteEnergy * mac,
                                r.macEnergy * mac}}},
                             tr("Energy"), QStringLiteral("nJ"));
    QList<QPair<QString, QList<double>>> need;
    for (int t = 0; t < kDfTensors; ++t) {
        const DfTensorStats& s = r.tensor[std::size_t(t)];
        need.append({qs(std::string(dfTensorName(DfTensor(t)))), {double(s.l1Req), double(s.l2Req)}});
    }
    m_bufferChart->setStacks(tr("Buffer space needed: L1 %1 of %2, L2 %3 of %4")
                                 .arg(q(double(r.l1ReqTotal), "B"), limit1, q(double(r.l2ReqTotal), "B"), limit2),
                             {tr("L1 (per PE)"), tr("L2")}, need, tr("Space"), QStringLiteral("B"));
    Q_EMIT message(tr("%1 on %2: %3, %4").arg(qs(in.layer.name), qs(hw.name), q(double(r.runtime), "cycles"), q(r.energyNj, "nJ")),
                   5000);
    Q_EMIT evaluationShown();
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
        auto* count = new QTableWidgetItem(QStringLiteral("%1 of %2").arg(p.allowedCount()).arg(p.count()));
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
    m_spaceSize->setText(tr("<b>Design space:</b> %1 points (10<sup>%2</sup>) with the parameters as restricted below.")
                             .arg(qs(formatSig(m_problem->spaceSize(), 4)))
                             .arg(m_problem->spaceSizeLog10(), 0, 'f', 1));
    m_updating = was;
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
        std::vector<int> idx;
        for (int i = 0; i < p.count(); ++i)
            if (p.allowed[std::size_t(i)])
                idx.push_back(i);
        if (int(idx.size()) <= kMaxSweep)
            return idx;
        std::vector<int> out;
        for (int k = 0; k < kMaxSweep; ++k)
            out.push_back(idx[std::size_t(double(k) * double(idx.size() - 1) / double(kMaxSweep - 1) + 0.5)]);
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

QString DataflowWorkbench::summaryText() const { return m_summary->text(); }
QString DataflowWorkbench::loopNestText() const { return m_loopNest->toPlainText(); }
QString DataflowWorkbench::spaceSizeText() const { return m_problem ? m_spaceSize->text() : QString(); }

void DataflowWorkbench::reportError(const QString& message) { Q_EMIT errorOccurred(message); }

// ---------------------------------------------------------------------------------------------
// Study, files

QList<QUndoStack*> DataflowWorkbench::undoStacks() const { return {m_doc->undoStack()}; }

QUndoStack* DataflowWorkbench::activeUndoStack() const { return m_doc->undoStack(); }

QString DataflowWorkbench::setupText() const { return qs(setupLabel(m_doc->inputs())); }

void DataflowWorkbench::showTab(int index) { m_tabs->setCurrentIndex(index); }

std::optional<Study> DataflowWorkbench::study() const
{
    Study st = makeStudy(studyName().toStdString(), m_doc->inputs());
    st.optimizer = m_runs->optimizerPanel()->settings();
    st.runs = m_runs->records();
    return st;
}

bool DataflowWorkbench::setStudy(const Study& study, QString* error)
{
    const auto* in = (study.inputs).getIf<DataflowInputs>();
    if (!in) {
        if (error)
            *error = tr("not a dataflow-mapping study");
        return false;
    }
    if (const std::string why = DataflowModel::checkHardware(in->hardware); !why.empty()) {
        if (error)
            *error = qs(why);
        return false;
    }
    setStudyName(qs(study.name));
    m_doc->setInputs(*in);
    restoreOptimizerAndRuns(study);
    return true;
}

QString DataflowWorkbench::openFileFilter() const
{
    return tr("Dataflow studies, layers, hardware and mappings (*.json *.m)");
}

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

QString DataflowWorkbench::resultsFilter() const { return tr("Text report (*.txt);;JSON (*.json);;CSV (*.csv)"); }

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

QString DataflowWorkbench::mappingFilter() const
{
    return tr("MAESTRO mapping (*.m);;Mapscape dataflow template (*.json);;Mapscape dataflow study (*.study.json)");
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
