// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/placement/placement_study.h"
#include "widgets/study/placement/placement_workbench.h"

#include "core/io/file_util.h"
#include "core/io/onnx_import.h"
#include "core/io/placement/placement_io.h"
#include "core/io/preset_library.h"
#include "core/runner/optimizer_run.h"
#include "core/util/strings.h"
#include "widgets/document/inputs_document.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "widgets/study/placement/memory_map_view.h"
#include "widgets/study/placement/placement_timeline_view.h"
#include "widgets/study/placement/placement_curves_view.h"
#include "widgets/study/placement/placement_training_view.h"
#include "widgets/study/placement/map_embedding_view.h"
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

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }
QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

/// Readable label, unit and explanation of each hardware-file member (presets/README.md).
struct ParamText {
    const char* key;
    const char* label;
    const char* unit;
    const char* help;
};
constexpr ParamText kParams[] = {
    {"ice_count", "Inference compute engines", "", "ICEs; each has its own SRAM"},
    {"sram_per_ice_mib", "SRAM per ICE", "MiB", "Deep SRAM of one ICE (the paper: 4 MB)"},
    {"llc_mib", "LLC", "MiB", "last-level cache shared by the ICEs (the paper: 24 MB)"},
    {"dram_gib", "DRAM", "GiB", "never binding for these workloads"},
    {"dram_bandwidth_gbs", "DRAM bandwidth", "GB/s", "LPDDR4x; the paper: LLC ≈ 10×, SRAM ≈ 100× faster"},
    {"llc_bandwidth_gbs", "LLC bandwidth", "GB/s", "aggregate"},
    {"sram_bandwidth_gbs", "SRAM bandwidth", "GB/s", "aggregate over the ICEs"},
    {"mac_rate_tmacs", "MAC throughput", "TMAC/s", "≈ 50 TOPS INT8 (NNP-I 1100)"},
    {"mac_utilisation", "MAC utilisation η", "", "share of the peak that conv / fc / matmul reach"},
    {"vector_rate_gelems", "Vector throughput", "Gelem/s", "ops without MACs (pooling, softmax, add …) on the DSP"},
    {"node_overhead_us", "Overhead per node", "µs", "fixed time T0 every node costs"},
    {"bytes_per_element", "Bytes per element", "B", "1 = INT8, 2 = FP16"},
    {"sram_mode", "SRAM model", "", "replicated: weights copied into every ICE, activations split; sharded: one pooled SRAM"},
    {"sram_reserve", "SRAM reserve", "", "fraction of the SRAM kept free"},
    {"llc_reserve", "LLC reserve", "", "fraction of the LLC kept free"},
    {"compiler_weight_threshold_kib", "Compiler weight threshold θ_w", "KiB",
     "the compiler's map puts smaller weights in the LLC, larger ones in DRAM"},
    {"noise_sigma", "Measurement noise σ", "", "log-normal noise of each measured latency (0.02: hardware-like)"},
    {"channels", "Memory channels", "", "parallel: memory time = max over levels; serial: their sum"},
    {"switch_penalty_us", "Level-switch penalty", "µs", "per edge whose producer and consumer outputs sit in different levels"},
    {"dram_through_llc", "DRAM through the LLC", "", "DRAM traffic also occupies the LLC channel"},
};
constexpr int kParamCount = int(std::size(kParams));
// Reward rows follow the hardware rows.
enum RewardRow { KappaRow = kParamCount, FlatRow, MinusOneRow, HardwareRowCount };

QString levelText(int l) { return qs(levelName(placement::Level(l))); }

} // namespace

PlacementWorkbench::PlacementWorkbench(QWidget* parent)
    : StudyWorkbench(parent)
{
    m_doc = new PlacementDocument(this);
    buildUi();
    connect(m_doc, &InputsDocumentBase::changed, this, &PlacementWorkbench::documentChanged);
    m_distributionTimer.setInterval(500);
    connect(&m_distributionTimer, &QTimer::timeout, this, [this] {
        if (m_showMode->currentIndex() == 1)
            showPolicyDistribution(true);
    });
    m_doc->setInputs(PlacementInputs{});
}

PlacementWorkbench::~PlacementWorkbench() = default;

const PlacementInputs& PlacementWorkbench::inputs() const { return m_doc->inputs(); }

void PlacementWorkbench::buildUi()
{
    m_runs = new RunsPanel(placementKind(), this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(buildMapTab(), tr("Memory map"));
    m_tabs->addTab(buildWorkloadTab(), tr("Workload"));
    m_tabs->addTab(buildHardwareTab(), tr("Hardware"));
    m_tabs->addTab(m_runs, tr("Optimize"));
    m_curves = new PlacementCurvesView(m_runs, this);
    m_tabs->addTab(m_curves, tr("Speed-up curves"));
    m_tabs->setTabToolTip(CurvesTab, tr("Fig. 3: speed-up vs iterations per method, mean ± std over seeds, with the "
                                        "paper's values dashed; sweeps of methods × seeds"));
    m_training = new PlacementTrainingView(m_runs, this);
    m_tabs->addTab(m_training, tr("Training"));
    m_tabs->setTabToolTip(TrainingTab, tr("An EGRL run generation by generation: population types, validity, "
                                          "temperatures, migration, SAC losses"));
    m_zeroShot = new PlacementZeroShotView(m_runs, this);
    m_tabs->addTab(m_zeroShot, tr("Zero-shot"));
    m_tabs->setTabToolTip(ZeroShotTab, tr("Fig. 4: a run's best GNN tried on other workloads with no further training"));
    m_embedding = new MapEmbeddingView(m_runs, this);
    m_tabs->addTab(m_embedding, tr("Map embedding"));
    m_tabs->setTabToolTip(EmbeddingTab, tr("Fig. 5: every valid map a run found, projected to 2-D (PCA), coloured by speed-up"));
    m_trainingTimer.setSingleShot(true);
    m_trainingTimer.setInterval(300);
    connect(&m_trainingTimer, &QTimer::timeout, this, [this] {
        if (m_tabs->currentIndex() != EmbeddingTab) // the embedding is recomputed when runs end
            refreshShownView();
    });
    connect(m_runs, &RunsPanel::drained, this, [this] {
        if (!m_trainingTimer.isActive())
            m_trainingTimer.start();
    });
    connect(m_runs, &RunsPanel::runsChanged, this, [this] {
        m_training->refresh();
        refreshShownView();
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { refreshShownView(); });
    m_tabs->setTabToolTip(MapTab, tr("Where every weight and activation tensor lives; click a tensor to move it"));
    m_tabs->setTabToolTip(WorkloadTab, tr("The inference graph: nodes in topological order with their tensors"));
    m_tabs->setTabToolTip(HardwareTab, tr("The NNP-I-like latency model and the compiler's parameters"));
    m_tabs->setTabToolTip(OptimizeTab, tr("EGRL, its EA and PG ablations, Greedy-DP, random and local search"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);

    connect(m_runs, &RunsPanel::message, this, [this](const QString& text) { Q_EMIT message(text, 8000); });
    connect(m_runs, &RunsPanel::runsChanged, this, &StudyWorkbench::changed);
    connect(m_runs->optimizerPanel(), &OptimizerPanel::settingsChanged, this, &StudyWorkbench::changed);
    connect(m_runs, &RunsPanel::resultRequested, this, [this](const QString& json, const QString& label) {
        const QString e = showResultMap(json, label);
        if (!e.isEmpty())
            Q_EMIT errorOccurred(e);
        else
            showTab(MapTab);
    });
    connect(m_doc->undoStack(), &QUndoStack::indexChanged, this, &StudyWorkbench::changed);
}

QWidget* PlacementWorkbench::buildMapTab()
{
    auto* page = new QWidget(this);
    auto* v = new QVBoxLayout(page);
    auto* bar = new QHBoxLayout;
    m_showMode = new QComboBox(page);
    m_showMode->addItems({tr("Levels"), tr("Policy probabilities (selected run)")});
    m_showMode->setToolTip(tr("Probabilities: the selected EGRL / EA / PG run's current champion — a GNN's softmax or a "
                              "Boltzmann chromosome's prior at its temperature (grey strip: darker = colder)"));
    connect(m_showMode, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i == 1 && !showPolicyDistribution(true)) {
            Q_EMIT message(tr("Select an EGRL, EA or PG run in the Optimize tab first"), 6000);
            QSignalBlocker block(m_showMode);
            m_showMode->setCurrentIndex(0);
        }
        if (i == 0)
            showPolicyDistribution(false);
    });
    m_resetMap = new QPushButton(tr("Compiler's map"), page);
    m_resetMap->setToolTip(tr("Start again from the compiler's own map (undoable)"));
    connect(m_resetMap, &QPushButton::clicked, this, &PlacementWorkbench::resetToCompilerMap);
    m_clearPins = new QPushButton(tr("Clear pins"), page);
    m_clearPins->setToolTip(tr("Unpin every tensor: runs may move them again"));
    connect(m_clearPins, &QPushButton::clicked, this,
            [this] { edit([](PlacementInputs& in) { in.pins.clear(); }, tr("Clear pins")); });
    bar->addWidget(new QLabel(tr("Show:"), page));
    bar->addWidget(m_showMode);
    bar->addStretch(1);
    bar->addWidget(m_resetMap);
    bar->addWidget(m_clearPins);
    v->addLayout(bar);

    m_mapView = new MemoryMapView(page);
    m_mapView->setToolTip(QString());
    connect(m_mapView, &MemoryMapView::cellClicked, this, [this](int node, bool weights, Qt::KeyboardModifiers mods) {
        if (mods & Qt::ControlModifier)
            togglePin(node, weights);
        else
            cycleTensor(node, weights);
    });
    v->addWidget(m_mapView);
    m_timeline = new PlacementTimelineView(page);
    v->addWidget(m_timeline);

    m_summary = new QLabel(page);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto* lower = new QHBoxLayout;
    auto* summaryBox = new QGroupBox(tr("This map"), page);
    auto* sv = new QVBoxLayout(summaryBox);
    sv->addWidget(m_summary);
    sv->addStretch(1);
    lower->addWidget(summaryBox, 3);

    auto* matrixBox = new QGroupBox(tr("Moves from the compiler's map (Fig. 6 top)"), page);
    auto* mv = new QVBoxLayout(matrixBox);
    m_transitionKind = new QComboBox(matrixBox);
    m_transitionKind->addItems({tr("Weights and activations"), tr("Weights"), tr("Activations")});
    connect(m_transitionKind, &QComboBox::currentIndexChanged, this, [this] { refreshMap(); });
    mv->addWidget(m_transitionKind);
    m_transitions = new QTableWidget(3, 3, matrixBox);
    m_transitions->setHorizontalHeaderLabels({tr("→ SRAM"), tr("→ LLC"), tr("→ DRAM")});
    m_transitions->setVerticalHeaderLabels({tr("SRAM"), tr("LLC"), tr("DRAM")});
    m_transitions->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_transitions->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_transitions->setToolTip(tr("Row: the compiler's level; columns: where this map puts those tensors (share of the "
                                 "row, with the count); tensors without weights are left out"));
    mv->addWidget(m_transitions);
    lower->addWidget(matrixBox, 2);
    v->addLayout(lower, 1);
    return page;
}

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
    m_nodes->setHorizontalHeaderLabels({tr("Name"), tr("Op"), tr("Inputs"), tr("Output (x × y × z)"), tr("Weights (B)"),
                                        tr("Activation (B)"), tr("MACs (M)"), tr("Live until")});
    m_nodes->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    m_nodes->setToolTip(tr("Double-click a cell to edit it (one undo step each): name, op (conv, matmul, add, …), "
                           "inputs (names or numbers of earlier nodes), output x × y × z, weight bytes, MACs in "
                           "millions. Activation bytes and liveness follow."));
    connect(m_nodes, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (m_updating)
            return;
        const QString e = setWorkloadCell(item->row(), item->column(), item->text());
        if (!e.isEmpty()) {
            Q_EMIT errorOccurred(e);
            refreshWorkload(); // the cell shows the value in force again
        }
    });
    m_nodes->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_nodes->horizontalHeader()->setStretchLastSection(true);
    v->addWidget(m_nodes, 1);
    return page;
}

QWidget* PlacementWorkbench::buildHardwareTab()
{
    auto* page = new QWidget(this);
    auto* v = new QVBoxLayout(page);
    auto* bar = new QHBoxLayout;
    m_hardwarePreset = new QComboBox(page);
    m_hardwarePreset->addItem(tr("NNP-I, noiseless"), QStringLiteral("nnpi"));
    m_hardwarePreset->addItem(tr("NNP-I, hardware-like (σ = 0.02)"), QStringLiteral("nnpi-hardware-like"));
    for (const PresetInfo& p : listPresets(kPlacementHardwarePresets))
        m_hardwarePreset->addItem(qs(p.name), qs(p.path));
    m_hardwarePreset->setToolTip(tr("Load a hardware preset (one undo step)"));
    connect(m_hardwarePreset, &QComboBox::activated, this, [this](int i) {
        if (m_hardwarePreset->itemData(i).toString().isEmpty())
            return; // "(edited)"
        try {
            const HardwareParams p = loadPlacementHardware(m_hardwarePreset->itemData(i).toString().toStdString());
            edit([&p](PlacementInputs& in) { in.hardware = p; }, tr("Hardware %1").arg(m_hardwarePreset->itemText(i)));
        } catch (const std::exception& e) {
            Q_EMIT errorOccurred(QString::fromUtf8(e.what()));
        }
    });
    bar->addWidget(new QLabel(tr("Preset:"), page));
    bar->addWidget(m_hardwarePreset);
    bar->addStretch(1);
    v->addLayout(bar);
    m_hardware = new QTableWidget(HardwareRowCount, 3, page);
    m_hardware->setHorizontalHeaderLabels({tr("Value"), tr("Unit"), tr("What it is")});
    m_hardware->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_hardware->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_hardware->horizontalHeader()->setStretchLastSection(true);
    QStringList rows;
    for (const ParamText& p : kParams)
        rows << tr(p.label);
    rows << tr("Invalid-map reward κ") << tr("Flat −1 for invalid maps") << tr("Valid reward s² − 1");
    m_hardware->setVerticalHeaderLabels(rows);
    connect(m_hardware, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (m_updating || item->column() != 0)
            return;
        const QString e = setHardwareCell(item->row(), item->text());
        if (!e.isEmpty()) {
            Q_EMIT errorOccurred(e);
            refreshHardware();
        }
    });
    v->addWidget(m_hardware, 1);
    return page;
}

void PlacementWorkbench::edit(const std::function<void(PlacementInputs&)>& change, const QString& label, int mergeKey)
{
    PlacementInputs in = inputs();
    change(in);
    m_doc->apply(std::move(in), label, mergeKey);
}

void PlacementWorkbench::applyValid(PlacementInputs in, const QString& label, int mergeKey)
{
    // The model must accept the inputs (e.g. DRAM large enough for the workload); building it
    // here throws InputError before anything changes, and documentChanged reuses it.
    m_model = std::make_shared<const PlacementModel>(in.workload, in.hardware, in.reward);
    m_doc->apply(std::move(in), label, mergeKey);
}

void PlacementWorkbench::documentChanged()
{
    const PlacementInputs& in = inputs();
    try {
        if (!m_model || m_model->graph() != in.workload || m_model->params() != in.hardware ||
            m_model->rewardOptions() != in.reward)
            m_model = std::make_shared<const PlacementModel>(in.workload, in.hardware, in.reward);
    } catch (const std::exception& e) {
        m_model.reset();
        Q_EMIT errorOccurred(QString::fromUtf8(e.what()));
    }
    m_runs->setInputs(studyName(), in);
    m_curves->setInputs(in);
    refreshMap();
    refreshWorkload();
    refreshHardware();
    Q_EMIT setupChanged();
    Q_EMIT evaluationShown();
}

MemoryMap PlacementWorkbench::shownMap() const
{
    if (inputs().map && m_model && inputs().map->size() == m_model->nodeCount())
        return *inputs().map;
    return m_model ? m_model->compilerMap() : MemoryMap{};
}

void PlacementWorkbench::refreshMap()
{
    if (!m_model) {
        m_summary->setText(tr("The inputs are invalid; fix the hardware or the workload."));
        return;
    }
    const PlacementModel& m = *m_model;
    const MemoryMap shown = shownMap();
    // One legalization serves the summary, the map's demotion marks and the timeline.
    std::mt19937_64 rng(1);
    PlacementOutcome o;
    Legalization legal;
    LegalizerScratch scratch;
    m.evaluate(shown, rng, o, legal, scratch);
    m_mapView->setMaps(m_model, m.compilerMap(), tr("Compiler"), shown, tr("This map"), legal.map, inputs().pins, true);
    m_timeline->setMap(m_model, shown, legal.map);
    const double lc = m.compilerLatency() * 1e6;
    const double legalSpeedup = m.compilerLatency() / o.latency;
    QString text;
    if (o.valid)
        text = tr("<b>Valid</b>: latency <b>%1 µs</b>, speed-up <b>%2×</b> over the compiler's %3 µs; reward s² = %4.")
                   .arg(o.latency * 1e6, 0, 'f', 1)
                   .arg(legalSpeedup, 0, 'f', 3)
                   .arg(lc, 0, 'f', 1)
                   .arg(legalSpeedup * legalSpeedup - (m.rewardOptions().squaredMinusOne ? 1 : 0), 0, 'f', 3);
    else
        text = tr("<b style='color:#c62828'>Invalid</b>: the compiler demotes %1 tensor(s), ε = <b>%2</b> of the mappable "
                  "bytes, so no inference runs and the reward is %3. The legalized map would run in %4 µs "
                  "(speed-up %5×).")
                   .arg(legal.demotedTensors)
                   .arg(o.epsilon, 0, 'f', 4)
                   .arg(o.reward, 0, 'f', 4)
                   .arg(o.latency * 1e6, 0, 'f', 1)
                   .arg(legalSpeedup, 0, 'f', 3);
    const Occupancy& occ = m_timeline->legalOccupancy();
    const double sramPeak = *std::max_element(occ.sramPerIce.begin(), occ.sramPerIce.end());
    const double llcPeak = *std::max_element(occ.llc.begin(), occ.llc.end());
    const int memoryBound = m_timeline->memoryBoundNodes();
    text += tr("<br>Peak occupancy: SRAM %1 of %2 MiB per ICE, LLC %3 of %4 MiB. %5 of %6 nodes are memory-bound.")
                .arg(sramPeak / (1 << 20), 0, 'f', 2)
                .arg(occ.sramCapacity / (1 << 20), 0, 'f', 2)
                .arg(llcPeak / (1 << 20), 0, 'f', 2)
                .arg(occ.llcCapacity / (1 << 20), 0, 'f', 2)
                .arg(memoryBound)
                .arg(m.nodeCount());
    text += tr("<br>Ceiling (every tensor in SRAM, capacities ignored): %1×. Pinned tensors: %2.")
                .arg(m.speedup(MemoryMap::uniform(m.nodeCount(), placement::Level::Sram)), 0, 'f', 3)
                .arg(inputs().pins.size());
    m_summary->setText(text);

    // Transition matrix: compiler level → this map's level, row-normalised.
    int counts[3][3] = {};
    const int which = m_transitionKind->currentIndex();
    for (int i = 0; i < m.nodeCount(); ++i) {
        if (which != 2 && m.hasWeights(i))
            ++counts[m.compilerMap().weights[std::size_t(i)]][shown.weights[std::size_t(i)]];
        if (which != 1)
            ++counts[m.compilerMap().activations[std::size_t(i)]][shown.activations[std::size_t(i)]];
    }
    for (int r = 0; r < 3; ++r) {
        const int total = counts[r][0] + counts[r][1] + counts[r][2];
        for (int c = 0; c < 3; ++c) {
            auto* item = new QTableWidgetItem(total ? QStringLiteral("%1 (%2)").arg(double(counts[r][c]) / total, 0, 'f', 2).arg(counts[r][c])
                                                    : QStringLiteral("–"));
            item->setTextAlignment(Qt::AlignCenter);
            if (total && counts[r][c] > 0) {
                QColor bg = MemoryMapView::levelColor(placement::Level(c));
                bg.setAlphaF(0.15 + 0.6 * double(counts[r][c]) / total);
                item->setBackground(bg);
            }
            m_transitions->setItem(r, c, item);
        }
    }
    m_clearPins->setEnabled(!inputs().pins.empty());
    m_resetMap->setEnabled(inputs().map.has_value());
}

QString PlacementWorkbench::mapSummary() const { return m_summary->text(); }

void PlacementWorkbench::cycleTensor(int node, bool weights)
{
    if (!m_model || node < 0 || node >= m_model->nodeCount() || (weights && !m_model->hasWeights(node)))
        return;
    MemoryMap m = shownMap();
    auto& levels = weights ? m.weights : m.activations;
    levels[std::size_t(node)] = std::uint8_t((levels[std::size_t(node)] + 1) % kLevelCount);
    const QString what = tr("%1 of %2 to %3")
                             .arg(weights ? tr("weights") : tr("activation"),
                                  qs(m_model->graph().nodes[std::size_t(node)].name), levelText(levels[std::size_t(node)]));
    edit(
        [&](PlacementInputs& in) {
            in.map = m;
            for (Pin& p : in.pins)
                if (p.node == node && p.weights == weights)
                    p.level = placement::Level(levels[std::size_t(node)]);
        },
        tr("Move %1").arg(what));
}

void PlacementWorkbench::togglePin(int node, bool weights)
{
    if (!m_model || node < 0 || node >= m_model->nodeCount() || (weights && !m_model->hasWeights(node)))
        return;
    const MemoryMap m = shownMap();
    edit(
        [&](PlacementInputs& in) {
            const auto it = std::find_if(in.pins.begin(), in.pins.end(),
                                         [&](const Pin& p) { return p.node == node && p.weights == weights; });
            if (it != in.pins.end()) {
                in.pins.erase(it);
                return;
            }
            in.pins.push_back({node, weights, placement::Level((weights ? m.weights : m.activations)[std::size_t(node)])});
            in.map = m;
        },
        tr("Pin / unpin %1").arg(qs(m_model->graph().nodes[std::size_t(node)].name)));
}

void PlacementWorkbench::resetToCompilerMap()
{
    edit([](PlacementInputs& in) { in.map.reset(); }, tr("Compiler's map"));
}

QString PlacementWorkbench::showResultMap(const QString& json, const QString& label)
{
    if (!m_model)
        return tr("the study's inputs are invalid");
    try {
        const PlacementMapFile f = placementMapFromJson(json.toStdString(), label.toStdString(), m_model->nodeCount());
        edit([&f](PlacementInputs& in) { in.map = f.map; }, tr("Show %1").arg(label));
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

bool PlacementWorkbench::showPolicyDistribution(bool on)
{
    if (!on) {
        m_distributionTimer.stop();
        m_mapView->setDistribution(std::nullopt);
        return true;
    }
    OptimizerRun* run = m_runs->selectedRun();
    const std::string snap = run ? run->latestSnapshot("egrl/distribution") : std::string();
    if (snap.empty() || !m_model)
        return false;
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(snap)).object();
    MapDistribution d;
    d.source = o.value(QStringLiteral("source")).toString().toStdString();
    const auto rows = [&](const QString& key, std::vector<std::array<float, 3>>& out) {
        for (const QJsonValue& r : o.value(key).toArray()) {
            const QJsonArray a = r.toArray();
            out.push_back({float(a.at(0).toDouble()), float(a.at(1).toDouble()), float(a.at(2).toDouble())});
        }
    };
    rows(QStringLiteral("activations"), d.activations);
    rows(QStringLiteral("weights"), d.weights);
    for (const QJsonValue& t : o.value(QStringLiteral("temperature")).toArray())
        d.temperature.push_back(float(t.toDouble()));
    if (int(d.activations.size()) != m_model->nodeCount() || int(d.weights.size()) != m_model->nodeCount())
        return false;
    m_mapView->setDistribution(std::move(d));
    if (run->state() == RunState::Running || run->state() == RunState::Paused)
        m_distributionTimer.start();
    else
        m_distributionTimer.stop();
    return true;
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
    m_workloadSummary->setText(tr("%1: %2 nodes, %3 edges, %4 with weights; %5 M weights, %6 GMAC, largest activation "
                                  "%7 KiB; 3^%8 ≈ 10^%9 maps.")
                                   .arg(qs(g.name))
                                   .arg(g.nodeCount())
                                   .arg(g.edgeCount())
                                   .arg(g.weightedNodeCount())
                                   .arg(double(g.totalWeights()) / 1e6, 0, 'f', 2)
                                   .arg(double(g.totalMacs()) / 1e9, 0, 'f', 2)
                                   .arg(double(g.largestOfm()) / 1024, 0, 'f', 0)
                                   .arg(2 * g.nodeCount())
                                   .arg(int(2 * g.nodeCount() * std::log10(3.0))));
    const QSignalBlocker blockNodes(m_nodes);
    m_nodes->setRowCount(g.nodeCount());
    const int bpe = inputs().hardware.bytesPerElement;
    for (int i = 0; i < g.nodeCount(); ++i) {
        const GraphNode& n = g.nodes[std::size_t(i)];
        QStringList ins;
        for (int p : n.inputs)
            ins << qs(g.nodes[std::size_t(p)].name);
        const QStringList cells = {qs(n.name),
                                   qs(opKindId(n.op)),
                                   ins.join(QStringLiteral(", ")),
                                   QStringLiteral("%1 × %2 × %3").arg(n.ofm[0]).arg(n.ofm[1]).arg(n.ofm[2]),
                                   n.weights ? QString::number(n.weights * bpe) : QStringLiteral("–"),
                                   QString::number(n.ofmSize() * bpe),
                                   n.macs ? QString::number(double(n.macs) / 1e6, 'f', 2) : QStringLiteral("–"),
                                   m_model ? QString::number(m_model->lastUse(i)) : QString()};
        for (int c = 0; c < int(cells.size()); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
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
        bool ok = none;
        const std::int64_t bytes = none ? 0 : t.toLongLong(&ok);
        if (!ok || bytes < 0)
            return tr("%1.weight_size: expected a non-negative whole number of bytes, got \"%2\"").arg(field, t);
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
        bool ok = none;
        const double mega = none ? 0.0 : t.toDouble(&ok);
        if (!ok || !(mega >= 0) || !std::isfinite(mega))
            return tr("%1.macs: expected a non-negative number of millions, got \"%2\"").arg(field, t);
        n.macs = std::int64_t(std::llround(mega * 1e6));
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

void PlacementWorkbench::refreshHardware()
{
    m_updating = true;
    {
        // The preset chooser names the hardware shown, or says it was edited.
        QSignalBlocker block(m_hardwarePreset);
        int match = -1;
        for (int i = 0; i < m_hardwarePreset->count() && match < 0; ++i) {
            const QString data = m_hardwarePreset->itemData(i).toString();
            if (data.isEmpty())
                continue;
            try {
                if (loadPlacementHardware(data.toStdString()) == inputs().hardware)
                    match = i;
            } catch (const std::exception&) {
            }
        }
        const int edited = m_hardwarePreset->findData(QString());
        if (match < 0) {
            if (edited < 0)
                m_hardwarePreset->addItem(tr("(edited)"), QString());
            match = m_hardwarePreset->findData(QString());
        } else if (edited >= 0) {
            m_hardwarePreset->removeItem(edited);
        }
        m_hardwarePreset->setCurrentIndex(match);
    }
    const QJsonObject hw =
        QJsonDocument::fromJson(QByteArray::fromStdString(placementHardwareToJson(inputs().hardware))).object();
    for (int r = 0; r < kParamCount; ++r) {
        const QJsonValue v = hw.value(QLatin1String(kParams[r].key));
        const QString text = v.isBool() ? (v.toBool() ? QStringLiteral("true") : QStringLiteral("false"))
                             : v.isString() ? v.toString()
                                            : QString::number(v.toDouble(), 'g', 8);
        auto* value = new QTableWidgetItem(text);
        value->setToolTip(tr("%1 (file member \"%2\")").arg(tr(kParams[r].help), QLatin1String(kParams[r].key)));
        m_hardware->setItem(r, 0, value);
        m_hardware->setItem(r, 1, cells::readOnly(QString::fromUtf8(kParams[r].unit)));
        m_hardware->setItem(r, 2, cells::readOnly(tr(kParams[r].help)));
    }
    const RewardOptions& rw = inputs().reward;
    const std::pair<QString, QString> reward[] = {
        {QString::number(rw.invalidCoefficient, 'g', 8), tr("an invalid map earns −κ·ε (ε: share of bytes the compiler demoted)")},
        {rw.flatInvalid ? QStringLiteral("true") : QStringLiteral("false"), tr("every invalid map earns −1 instead")},
        {rw.squaredMinusOne ? QStringLiteral("true") : QStringLiteral("false"),
         tr("a valid map earns s² − 1 instead of s² (s: speed-up over the compiler)")}};
    for (int k = 0; k < 3; ++k) {
        m_hardware->setItem(kParamCount + k, 0, new QTableWidgetItem(reward[k].first));
        m_hardware->setItem(kParamCount + k, 1, cells::readOnly(QString()));
        m_hardware->setItem(kParamCount + k, 2, cells::readOnly(reward[k].second));
    }
    m_updating = false;
}

QString PlacementWorkbench::setHardwareCell(int row, const QString& text)
{
    const QString t = text.trimmed();
    if (row >= kParamCount) {
        RewardOptions rw = inputs().reward;
        bool ok = true;
        if (row == KappaRow) {
            const double v = t.toDouble(&ok);
            if (!ok || !(v > 0))
                return tr("reward.kappa: must be a positive number, got \"%1\"").arg(t);
            rw.invalidCoefficient = v;
        } else {
            if (t != QLatin1String("true") && t != QLatin1String("false"))
                return tr("reward.%1: expected true or false, got \"%2\"")
                    .arg(row == FlatRow ? QStringLiteral("flat_invalid") : QStringLiteral("squared_minus_one"), t);
            (row == FlatRow ? rw.flatInvalid : rw.squaredMinusOne) = t == QLatin1String("true");
        }
        edit([&rw](PlacementInputs& in) { in.reward = rw; }, tr("Reward"), 9000 + row);
        return {};
    }
    if (row < 0)
        return tr("no such parameter");
    QJsonObject hw = QJsonDocument::fromJson(QByteArray::fromStdString(placementHardwareToJson(inputs().hardware))).object();
    const QString key = QLatin1String(kParams[row].key);
    const QJsonValue old = hw.value(key);
    if (old.isBool()) {
        if (t != QLatin1String("true") && t != QLatin1String("false"))
            return tr("%1: expected true or false, got \"%2\"").arg(key, t);
        hw.insert(key, t == QLatin1String("true"));
    } else if (old.isString()) {
        hw.insert(key, t);
    } else {
        bool ok = false;
        const double v = t.toDouble(&ok);
        if (!ok)
            return tr("%1: expected a number, got \"%2\"").arg(key, t);
        hw.insert(key, v);
    }
    try {
        PlacementInputs in = inputs();
        in.hardware = placementHardwareFromJson(QJsonDocument(hw).toJson().toStdString(), "hardware");
        applyValid(std::move(in), tr("Edit %1").arg(tr(kParams[row].label)), 8000 + row);
    } catch (const std::exception& e) {
        QString m = QString::fromUtf8(e.what());
        // "hardware:12: llc_mib: …" → "llc_mib: …" (the line is of a document the user never saw).
        static const QRegularExpression prefix(QStringLiteral("^hardware:\\d+: "));
        return m.remove(prefix);
    }
    return {};
}

QList<QUndoStack*> PlacementWorkbench::undoStacks() const { return {m_doc->undoStack()}; }

QUndoStack* PlacementWorkbench::activeUndoStack() const { return m_doc->undoStack(); }

QString PlacementWorkbench::setupText() const { return qs(setupLabel(inputs())); }

void PlacementWorkbench::showTab(int index) { m_tabs->setCurrentIndex(index); }

void PlacementWorkbench::refreshShownView()
{
    // The run views follow the runs a few times per second, and only while shown.
    switch (m_tabs->currentIndex()) {
    case CurvesTab:
        m_curves->refresh();
        break;
    case TrainingTab:
        m_training->refresh();
        break;
    case ZeroShotTab:
        m_zeroShot->refresh();
        break;
    case EmbeddingTab:
        m_embedding->refresh(m_model);
        break;
    default:
        break;
    }
}

std::optional<Study> PlacementWorkbench::study() const
{
    Study st = makeStudy(studyName().toStdString(), inputs());
    st.optimizer = m_runs->optimizerPanel()->settings();
    st.runs = m_runs->records();
    return st;
}

bool PlacementWorkbench::setStudy(const Study& study, QString* error)
{
    const auto* in = (study.inputs).getIf<PlacementInputs>();
    if (!in) {
        if (error)
            *error = tr("not a tensor-placement study");
        return false;
    }
    try {
        const PlacementModel probe(in->workload, in->hardware, in->reward);
        if (in->map)
            probe.checkMap(*in->map, "map");
        for (const Pin& p : in->pins)
            if (p.node < 0 || p.node >= probe.nodeCount())
                throw InputError("pins: node " + std::to_string(p.node) + " is not in the workload");
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return false;
    }
    setStudyName(qs(study.name));
    m_doc->setInputs(*in);
    restoreOptimizerAndRuns(study);
    return true;
}

QString PlacementWorkbench::openFileFilter() const
{
    return tr("Placement files (*.json *.csv *.onnx);;Workloads (*.json *.csv);;ONNX models (*.onnx);;Hardware or maps (*.json)");
}

QString PlacementWorkbench::openFile(const QString& path)
{
    const std::string p = path.toStdString();
    try {
        const QString name = QFileInfo(path).fileName();
        if (path.endsWith(QStringLiteral(".onnx"), Qt::CaseInsensitive)) {
            const OnnxImport im = importOnnxFile(p);
            PlacementInputs in = inputs();
            in.workload = im.graph;
            in.map.reset();
            in.pins.clear();
            applyValid(std::move(in), tr("Import ONNX %1").arg(name));
            setImportWarnings(im.warnings);
            Q_EMIT message(onnxSummary(name, tr("%1 nodes").arg(im.graph.nodeCount()), im.skippedOperators), 10000);
            return {};
        }
        const std::string text = readTextFile(p);
        if (path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive) ||
            text.find("mapscape/placement-workload") != std::string::npos) {
            PlacementInputs in = inputs();
            in.workload = path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive) ? placementWorkloadFromCsv(text, p)
                                                                                      : placementWorkloadFromJson(text, p);
            in.map.reset();
            in.pins.clear();
            applyValid(std::move(in), tr("Open workload %1").arg(name));
        } else if (text.find("mapscape/placement-hardware") != std::string::npos) {
            PlacementInputs in = inputs();
            in.hardware = placementHardwareFromJson(text, p);
            applyValid(std::move(in), tr("Open hardware %1").arg(name));
        } else if (text.find("mapscape/placement-map") != std::string::npos) {
            const PlacementMapFile f = placementMapFromJson(text, p, inputs().workload.nodeCount());
            edit([&f](PlacementInputs& in) { in.map = f.map; }, tr("Open map %1").arg(name));
        } else {
            return tr("%1: not a placement workload, hardware or map file (its \"schema\" should be "
                      "mapscape/placement-workload, -hardware or -map)")
                .arg(path);
        }
        Q_EMIT message(tr("%1 opened").arg(name), 5000);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString PlacementWorkbench::resultsFilter() const { return tr("CSV (*.csv)"); }

QString PlacementWorkbench::exportResults(const QString& path) const
{
    std::ostringstream s;
    s << "run,method,seed,state,iterations,speedup,latency_us\n";
    const std::vector<RunRecord> records = m_runs->records();
    for (const RunRecord& r : records) {
        double speedup = 0, latency = 0;
        for (const auto& [k, v] : r.best) {
            if (k == "speedup")
                speedup = v;
            if (k == "latency")
                latency = v;
        }
        s << r.id << ',' << r.settings.id << ',' << r.settings.seed << ',' << r.state << ',' << r.evaluations << ','
          << formatSig(speedup, 6) << ',' << formatSig(latency, 6) << '\n';
    }
    try {
        writeTextFileAtomic(path.toStdString(), s.str());
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString PlacementWorkbench::mappingFilter() const { return tr("Placement map (*.json);;Per-node table (*.csv)"); }

QString PlacementWorkbench::writeMapping(const QString& path) const
{
    if (!m_model)
        return tr("the study's inputs are invalid");
    try {
        const MemoryMap m = shownMap();
        const std::string text = path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)
                                     ? placementMapToCsv(*m_model, m)
                                     : placementMapToJson(inputs().workload, m, studyName().toStdString());
        writeTextFileAtomic(path.toStdString(), text);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QStringList PlacementWorkbench::tabNames() const
{
    return {QStringLiteral("map"), QStringLiteral("workload"), QStringLiteral("hardware"), QStringLiteral("optimize"), QStringLiteral("curves"), QStringLiteral("training"), QStringLiteral("zeroshot"), QStringLiteral("embedding")};
}

} // namespace mapscape
