// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/dpu/dpu_study.h"
#include "widgets/study/dpu/dpu_workbench.h"

#include "core/cost/dpu/dpu_dataset.h"
#include "core/io/dpu/dpu_io.h"
#include "core/io/file_util.h"
#include "core/io/preset_library.h"
#include "core/util/strings.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/models/run_list_model.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "widgets/study/dpu/dpu_run_views.h"
#include "widgets/study/dpu/dpu_timeline_view.h"
#include "widgets/study/view_cells.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>

namespace mapscape {

using cells::kFeasible;
using cells::kViolating;
using cells::readOnly;
using cells::sig;
using namespace dpu;

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

constexpr int kMergeParam = 10, kMergeState = 100, kMergeCorrection = 200, kMergeConstraint = 1, kMergeSeed = 2, kMergeCell = 3;

/// The simulator parameters the table edits (spec §4.4), with their file names and units.
struct ParamRow {
    const char* key;
    const char* label;
    const char* unit;
    double PlatformParams::*member;
    const char* help;
};

const ParamRow kParams[] = {
    {"clock_mhz", "DPU clock", "MHz", &PlatformParams::clockMhz, "Peak ops/s = 2·PP·ICP·OCP × clock × instances"},
    {"memory_bandwidth_gbs", "DDR bandwidth B_max", "GB/s", &PlatformParams::memoryBandwidthGbs,
     "Shared by the DPU instances and the background load"},
    {"memory_stall", "Memory stall k_mem", "", &PlatformParams::memoryStall, "How much DDR contention stretches DPU time"},
    {"stall_exponent", "Stall exponent ζ", "", &PlatformParams::stallExponent, "How much more the big DPUs stall"},
    {"cpu_interference", "CPU interference k_cpu", "", &PlatformParams::cpuInterference,
     "How much a busy Arm core slows the host part of each frame"},
    {"power_per_instance_w", "Power per instance a", "W", &PlatformParams::powerPerInstanceW, "Dynamic power of one instance"},
    {"power_per_size_w", "Power per size b", "W", &PlatformParams::powerPerSizeW, "× MAC/cycle of the size over B4096's"},
    {"idle_fraction", "Idle share η", "", &PlatformParams::idleFraction, "Share of dynamic power drawn while idle"},
    {"static_power_w", "Static power P_st", "W", &PlatformParams::staticPowerW, "FPGA static power"},
    {"gamma_intercept", "γ intercept", "", &PlatformParams::gammaIntercept, "γ(E) = intercept + slope·(E − 0.171)"},
    {"gamma_slope", "γ slope", "", &PlatformParams::gammaSlope, ""},
    {"pruning_exponent", "Pruning exponent κ", "", &PlatformParams::pruningExponent, "GMAC and data scale by (1 − p)^κ"},
    {"host_floor_ms", "Host floor", "ms", &PlatformParams::hostFloorMs, "Minimum host time per frame"},
    {"arm_idle_w", "Arm idle power", "W", &PlatformParams::armIdleW, "P_ARM = idle + per-utilisation × CPU utilisation"},
    {"arm_per_util_w", "Arm power per utilisation", "W", &PlatformParams::armPerUtilW, ""},
    {"telemetry_noise", "Telemetry noise σ", "", &PlatformParams::telemetryNoise, "Multiplicative noise of each 3 Hz sample"},
    {"read_share_ldfm", "LDFM read share", "", &PlatformParams::readShareLdfm, "Share of non-weight data I/O that is loaded"},
    {"background_read_share", "Background read share", "", &PlatformParams::backgroundReadShare,
     "Share of background DDR traffic that is reads"},
    {"frames_per_run", "Frames per recorded run", "", &PlatformParams::framesPerRun, "Sets how many 3 Hz samples a run has"},
};
constexpr int kParamCount = int(std::size(kParams));

const char* const kStateColumns[] = {"bandwidth_gbs", "cpu_load", "cpu_cores", "instance_overhead"};

} // namespace

DpuWorkbench::DpuWorkbench(QWidget* parent)
    : StudyWorkbench(parent)
{
    m_doc = new DpuDocument(this);
    buildUi();
    connect(m_doc, &InputsDocumentBase::changed, this, &DpuWorkbench::documentChanged);
    connect(&m_runsWatcher, &QFutureWatcherBase::finished, this, [this] {
        const auto runs = m_runsWatcher.result();
        if (!runs || runs->platform() != inputs().platform || runs->options().seed != inputs().dataSeed)
            return; // superseded by a newer edit
        m_recorded = runs;
        refreshRunViews();
    });
    m_runsTimer.setSingleShot(true);
    m_runsTimer.setInterval(250);
    connect(&m_runsTimer, &QTimer::timeout, this, &DpuWorkbench::regenerateRuns);
    DpuInputs in;
    in.variant = in.platform.variant(std::max(0, in.platform.findModel("InceptionV3")), 0);
    in.state = 1;
    in.action = std::max(0, in.platform.findAction("B2304_2"));
    m_doc->setInputs(std::move(in));
}

DpuWorkbench::~DpuWorkbench()
{
    m_calibrationStop.request_stop();
    m_calibration.waitForFinished();
    m_runsWatcher.waitForFinished();
}

const DpuInputs& DpuWorkbench::inputs() const { return m_doc->inputs(); }

void DpuWorkbench::buildUi()
{
    m_runs = new RunsPanel(dpuKind(), this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(buildPlatformTab(), tr("Platform"));
    m_tabs->addTab(m_runs, tr("Optimize"));
    m_training = new DpuTrainingView(m_runs, this);
    m_evaluation = new DpuEvaluationView(m_runs, this, this);
    m_timeline = new DpuTimelineView(m_runs, this, this);
    m_policy = new DpuPolicyView(m_runs, this, this);
    m_tabs->addTab(m_training, tr("Training"));
    m_tabs->addTab(m_evaluation, tr("Evaluation"));
    m_tabs->addTab(m_timeline, tr("Timeline"));
    m_tabs->addTab(m_policy, tr("Policy"));
    m_tabs->setTabToolTip(PlatformTab, tr("The simulated ZCU102: FPS, FPGA power and PPW of every DPU configuration for "
                                          "every model variant and background load; parameters, corrections, calibration"));
    m_tabs->setTabToolTip(OptimizeTab, tr("Train the DPUCConfig PPO agent or LinUCB on the recorded runs"));
    m_tabs->setTabToolTip(TrainingTab, tr("A learner's reward, violations, held-out PPW and the reward's context buckets"));
    m_tabs->setTabToolTip(EvaluationTab, tr("Fig. 5: the learner against optimal, max-FPS and min-power on the held-out models"));
    m_tabs->setTabToolTip(TimelineTab, tr("Fig. 6: a policy at run time, with its reconfiguration overheads"));
    m_tabs->setTabToolTip(PolicyTab, tr("Ask a trained policy about any observation"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int) { refreshRunViews(); });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);

    connect(m_runs, &RunsPanel::message, this, [this](const QString& text) { Q_EMIT message(text, 8000); });
    connect(m_runs, &RunsPanel::runsChanged, this, &StudyWorkbench::changed);
    connect(m_runs, &RunsPanel::runsChanged, this, &DpuWorkbench::refreshRunViews);
    m_runViewsTimer.setSingleShot(true);
    m_runViewsTimer.setInterval(300);
    connect(&m_runViewsTimer, &QTimer::timeout, this, [this] {
        if (m_tabs->currentIndex() == TrainingTab)
            m_training->refresh();
    });
    connect(m_runs, &RunsPanel::drained, this, [this] {
        if (!m_runViewsTimer.isActive())
            m_runViewsTimer.start();
    });
    connect(m_runs->optimizerPanel(), &OptimizerPanel::settingsChanged, this, &StudyWorkbench::changed);
    connect(m_runs, &RunsPanel::resultRequested, this, [this] {
        const int row = m_runs->selectedRow();
        if (row < 0)
            return;
        showTab(EvaluationTab);
        m_evaluation->chooser()->selectRun(m_runs->runModel()->idAt(row));
    });
    connect(m_doc->undoStack(), &QUndoStack::indexChanged, this, &StudyWorkbench::changed);
}

QWidget* DpuWorkbench::buildPlatformTab()
{
    auto* split = new QSplitter(Qt::Horizontal, this);

    // Left: the explorer.
    auto* explorer = new QWidget(split);
    auto* el = new QVBoxLayout(explorer);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Platform"), explorer));
    auto* preset = new QComboBox(explorer);
    preset->setToolTip(tr("zcu102: the spec's calibration fit (7 of 8 anchors); zcu102-paper-ratios: calibrated to the "
                          "paper's max-FPS ratio in C (47 %) at the cost of two anchors; or File → Open a platform file"));
    preset->addItem(QStringLiteral("zcu102"), QString());
    for (const PresetInfo& p : listPresets(kDpuPlatformPresets))
        preset->addItem(qs(p.name), qs(p.path));
    preset->setCurrentIndex(-1);
    preset->setPlaceholderText(tr("choose a preset…"));
    bar->addWidget(preset);
    connect(preset, &QComboBox::activated, this, [this, preset](int i) {
        if (i < 0)
            return;
        const QString path = preset->itemData(i).toString();
        if (path.isEmpty()) {
            if (const QString e = applyPlatform(defaultPlatform(), tr("Platform zcu102"), -1); !e.isEmpty())
                reportError(e);
        } else if (const QString e = openFile(path); !e.isEmpty()) {
            reportError(e);
        }
    });
    bar->addWidget(new QLabel(tr("Background"), explorer));
    m_stateChoice = new QComboBox(explorer);
    m_stateChoice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_stateChoice->setToolTip(tr("N: no background load; C: CPU stress; M: memory (DDR) stress"));
    bar->addWidget(m_stateChoice);
    bar->addWidget(new QLabel(tr("Show"), explorer));
    m_metricChoice = new QComboBox(explorer);
    m_metricChoice->addItem(tr("FPS"), int(Metric::Fps));
    m_metricChoice->addItem(tr("FPGA power (W)"), int(Metric::Power));
    m_metricChoice->addItem(tr("PPW (FPS/W)"), int(Metric::Ppw));
    m_metricChoice->addItem(tr("PPW / model's optimum"), int(Metric::RelativePpw));
    m_metricChoice->setToolTip(tr("Throughput, FPGA power, energy efficiency (frames per second per FPGA watt), or PPW "
                                  "relative to the best configuration of the model that meets C_PERF"));
    m_metricChoice->setCurrentIndex(2);
    bar->addWidget(m_metricChoice);
    m_logColours = new QCheckBox(tr("Log colours"), explorer);
    m_logColours->setChecked(true);
    m_logColours->setToolTip(tr("FPS and PPW span two decades across the models: log colours keep small models readable"));
    bar->addWidget(m_logColours);
    bar->addStretch(1);
    el->addLayout(bar);
    m_heatmap = new HeatmapWidget(explorer);
    m_heatmap->setMinimumSize(520, 420);
    m_heatmap->setToolTip(QString());
    el->addWidget(m_heatmap, 1);
    auto* legend = new QLabel(tr("Crossed cells run below C_PERF; outlined cells are each model's optimum (highest PPW "
                                 "meeting C_PERF); the red cell is the one shown below. Click a cell to show it."),
                              explorer);
    legend->setWordWrap(true);
    el->addWidget(legend);
    m_details = new QLabel(explorer);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setMinimumHeight(80);
    el->addWidget(m_details);
    connect(m_stateChoice, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!m_updating && i >= 0)
            setExplorerState(i);
    });
    connect(m_metricChoice, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating)
            setExplorerMetric(Metric(m_metricChoice->currentData().toInt()));
    });
    connect(m_logColours, &QCheckBox::toggled, this, &DpuWorkbench::refreshExplorer);
    connect(m_heatmap, &HeatmapWidget::cellClicked, this, [this](int row, int col) { showCell(row, col); });

    // Right: what the simulator is made of.
    auto* tabs = new QTabWidget(split);
    auto* paramsPage = new QWidget(tabs);
    auto* pl = new QVBoxLayout(paramsPage);
    auto* form = new QFormLayout;
    m_constraint = new QDoubleSpinBox(paramsPage);
    m_constraint->setRange(0.1, 100000);
    m_constraint->setDecimals(1);
    m_constraint->setSuffix(QStringLiteral(" FPS"));
    m_constraint->setKeyboardTracking(false);
    m_constraint->setToolTip(tr("C_PERF: the throughput every choice must reach (30 FPS in the paper)"));
    form->addRow(tr("Throughput constraint C_PERF"), m_constraint);
    m_dataSeed = new QSpinBox(paramsPage);
    m_dataSeed->setRange(0, 1'000'000'000);
    m_dataSeed->setKeyboardTracking(false);
    m_dataSeed->setToolTip(tr("Seed of the recorded runs' 3 Hz noise: the data set the learners train and are evaluated on"));
    form->addRow(tr("Recorded-runs seed"), m_dataSeed);
    pl->addLayout(form);
    m_params = new QTableWidget(kParamCount, 3, paramsPage);
    m_params->setHorizontalHeaderLabels({tr("Parameter"), tr("Value"), tr("Unit")});
    m_params->verticalHeader()->setVisible(false);
    m_params->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_params->setToolTip(tr("The analytical model's parameters (spec §4.4); the defaults are the spec's calibration fit"));
    pl->addWidget(m_params, 1);
    tabs->addTab(paramsPage, tr("Parameters"));
    connect(m_constraint, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        if (m_updating)
            return;
        Platform p = inputs().platform;
        p.fpsConstraint = v;
        if (const QString e = applyPlatform(p, tr("Set C_PERF to %1 FPS").arg(v), kMergeConstraint); !e.isEmpty())
            reportError(e);
    });
    connect(m_dataSeed, &QSpinBox::valueChanged, this, [this](int v) {
        if (!m_updating)
            editInputs([v](DpuInputs& in) { in.dataSeed = std::uint64_t(v); }, tr("Set recorded-runs seed"), kMergeSeed);
    });
    connect(m_params, &QTableWidget::cellChanged, this, [this](int row, int col) {
        if (m_updating || col != 1)
            return;
        if (const QString e = setParameterCell(row, m_params->item(row, col)->text()); !e.isEmpty()) {
            reportError(e);
            refreshTables();
        }
    });

    auto* statesPage = new QWidget(tabs);
    auto* sl = new QVBoxLayout(statesPage);
    m_states = new QTableWidget(kStates, 5, statesPage);
    m_states->setHorizontalHeaderLabels({tr("State"), tr("Background DDR (GB/s)"), tr("CPU load (per core)"),
                                         tr("Cores left K"), tr("Instance overhead k_inst")});
    m_states->verticalHeader()->setVisible(false);
    m_states->setToolTip(tr("The stress-ng backgrounds: DDR traffic they add, how busy they keep each Arm core, the cores "
                            "left to the DPU worker threads, and the throughput lost per extra DPU instance"));
    sl->addWidget(m_states);
    sl->addStretch(1);
    tabs->addTab(statesPage, tr("Background states"));
    connect(m_states, &QTableWidget::cellChanged, this, [this](int row, int col) {
        if (m_updating || col < 1)
            return;
        if (const QString e = setStateCell(row, col, m_states->item(row, col)->text()); !e.isEmpty()) {
            reportError(e);
            refreshTables();
        }
    });

    auto* corrPage = new QWidget(tabs);
    auto* cl = new QVBoxLayout(corrPage);
    auto* corrHelp = new QLabel(tr("Replace simulated values by measurements: type a measured FPS or power (the factor "
                                   "follows) or a factor directly. Corrections travel with the platform file."),
                                corrPage);
    corrHelp->setWordWrap(true);
    cl->addWidget(corrHelp);
    m_corrections = new QTableWidget(0, 7, corrPage);
    m_corrections->setHorizontalHeaderLabels({tr("Model"), tr("State"), tr("Configuration"), tr("FPS factor"),
                                              tr("Power factor"), tr("Measured FPS"), tr("Measured P_FPGA (W)")});
    m_corrections->verticalHeader()->setVisible(false);
    cl->addWidget(m_corrections, 1);
    auto* corrButtons = new QHBoxLayout;
    auto* addCorr = new QPushButton(tr("Correct the cell shown"), corrPage);
    addCorr->setToolTip(tr("Adds a correction (factor 1) for the model, state and configuration shown in the explorer"));
    auto* removeCorr = new QPushButton(tr("Remove correction"), corrPage);
    corrButtons->addWidget(addCorr);
    corrButtons->addWidget(removeCorr);
    corrButtons->addStretch(1);
    cl->addLayout(corrButtons);
    tabs->addTab(corrPage, tr("Corrections"));
    connect(addCorr, &QPushButton::clicked, this, &DpuWorkbench::addCorrectionForShownCell);
    connect(removeCorr, &QPushButton::clicked, this, [this] { removeCorrection(m_corrections->currentRow()); });
    connect(m_corrections, &QTableWidget::cellChanged, this, [this](int row, int col) {
        if (m_updating || col < 3)
            return;
        if (const QString e = setCorrectionCell(row, col, m_corrections->item(row, col)->text()); !e.isEmpty()) {
            reportError(e);
            refreshTables();
        }
    });

    auto* anchorPage = new QWidget(tabs);
    auto* al = new QVBoxLayout(anchorPage);
    m_anchorSummary = new QLabel(anchorPage);
    m_anchorSummary->setWordWrap(true);
    al->addWidget(m_anchorSummary);
    m_anchors = new QTableWidget(0, 6, anchorPage);
    m_anchors->setHorizontalHeaderLabels({tr("Paper fact"), tr("Source"), tr("Result"), tr("Found"), tr("Margin"), tr("PPW (FPS/W)")});
    m_anchors->verticalHeader()->setVisible(false);
    m_anchors->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_anchors->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_anchors->setToolTip(tr("Facts the paper's figures state (best configuration per model and load, speed-ups); the "
                             "margin is ln(PPW of the paper's choice / PPW of the best other feasible one) or the relative "
                             "speed-up error"));
    al->addWidget(m_anchors, 1);
    auto* calRow = new QHBoxLayout;
    m_calibrate = new QPushButton(tr("Calibrate"), anchorPage);
    m_calibrate->setToolTip(tr("Random restarts and hill climbing on the spec's objective: anchor margins and the paper's "
                               "max-FPS ratios (47 % in C, 35 % in M). The result is applied as one undoable edit."));
    m_calibrationSeed = new QSpinBox(anchorPage);
    m_calibrationSeed->setRange(1, 1'000'000);
    m_calibrationSeed->setPrefix(tr("seed "));
    m_calibrationStatus = new QLabel(anchorPage);
    m_calibrationStatus->setWordWrap(true);
    calRow->addWidget(m_calibrate);
    calRow->addWidget(m_calibrationSeed);
    calRow->addWidget(m_calibrationStatus, 1);
    al->addLayout(calRow);
    tabs->addTab(anchorPage, tr("Calibration anchors"));
    connect(m_calibrate, &QPushButton::clicked, this, [this] {
        if (calibrating())
            m_calibrationStop.request_stop();
        else
            startCalibration(std::uint64_t(m_calibrationSeed->value()));
    });
    m_calibrationTimer.setInterval(200);
    connect(&m_calibrationTimer, &QTimer::timeout, this, [this] {
        if (m_calibrationProgress)
            m_calibrationStatus->setText(tr("Calibrating… %1 %").arg(int(100 * m_calibrationProgress->load())));
    });
    connect(&m_calibration, &QFutureWatcherBase::finished, this, [this] {
        m_calibrationTimer.stop();
        m_calibrate->setText(tr("Calibrate"));
        const CalibrationResult r = m_calibration.result();
        if (m_calibrationStop.stop_requested()) {
            m_calibrationStatus->setText(tr("Calibration stopped; nothing applied."));
            return;
        }
        Platform p = inputs().platform;
        p.params = r.params;
        const QString e = applyPlatform(p, tr("Calibrate the simulator"), -1);
        m_calibrationStatus->setText(e.isEmpty() ? tr("Applied: %1 of the anchors pass (before: %2), max-FPS ratio C %3, M %4 "
                                                      "(paper 47 %, 35 %); Undo restores the previous parameters.")
                                                       .arg(r.anchorsPassed)
                                                       .arg(r.initialAnchorsPassed)
                                                       .arg(QString::number(100 * r.ratioC, 'f', 0) + QStringLiteral(" %"),
                                                            QString::number(100 * r.ratioM, 'f', 0) + QStringLiteral(" %"))
                                                 : e);
    });

    split->addWidget(explorer);
    split->addWidget(tabs);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    return split;
}

// ---------------------------------------------------------------------------------------------
// Document

void DpuWorkbench::editInputs(const std::function<void(DpuInputs&)>& edit, const QString& label, int mergeKey)
{
    DpuInputs in = inputs();
    edit(in);
    m_doc->apply(std::move(in), label, mergeKey);
}

QString DpuWorkbench::applyPlatform(const Platform& platform, const QString& label, int mergeKey)
{
    const FieldIssues issues = validate(platform);
    if (!issues.empty())
        return qs(joinIssues(issues));
    editInputs(
        [&platform](DpuInputs& in) {
            in.platform = platform;
            in.variant = std::clamp(in.variant, 0, platform.variantCount() - 1);
            in.action = std::clamp(in.action, 0, int(platform.actions.size()) - 1);
        },
        label, mergeKey);
    return {};
}

void DpuWorkbench::reportError(const QString& message) { Q_EMIT errorOccurred(message); }

void DpuWorkbench::documentChanged()
{
    const DpuInputs& in = inputs();
    m_runs->setInputs(studyName(), in);
    m_explorerState = in.state;
    const bool stale = !m_recorded || m_recorded->platform() != in.platform || m_recorded->options().seed != in.dataSeed;
    if (stale) {
        m_recorded.reset();
        m_runsTimer.start();
    }
    refreshTables();
    refreshExplorer();
    refreshAnchors();
    Q_EMIT setupChanged();
    Q_EMIT evaluationShown();
    if (stale)
        refreshRunViews();
}

void DpuWorkbench::regenerateRuns()
{
    const DpuInputs in = inputs();
    m_runsWatcher.setFuture(QtConcurrent::run([platform = in.platform, seed = in.dataSeed]() -> std::shared_ptr<const RecordedRuns> {
        try {
            return std::make_shared<const RecordedRuns>(RecordedRuns::generate(platform, {.seed = seed}));
        } catch (const std::exception&) {
            return nullptr; // the platform was validated before it was applied
        }
    }));
}

void DpuWorkbench::waitForRecordedRuns()
{
    for (int i = 0; i < 200 && !m_recorded; ++i) {
        if (m_runsTimer.isActive()) {
            m_runsTimer.stop();
            regenerateRuns();
        }
        m_runsWatcher.waitForFinished();
        QCoreApplication::processEvents();
    }
}

// ---------------------------------------------------------------------------------------------
// Platform explorer

void DpuWorkbench::setExplorerState(int state)
{
    if (state < 0 || state >= kStates)
        return;
    editInputs([state](DpuInputs& in) { in.state = state; }, tr("Show state %1").arg(qs(inputs().platform.params.states[std::size_t(state)].name)),
               kMergeCell);
}

void DpuWorkbench::setExplorerMetric(Metric metric)
{
    m_metric = metric;
    m_updating = true;
    m_metricChoice->setCurrentIndex(m_metricChoice->findData(int(metric)));
    m_updating = false;
    refreshExplorer();
}

void DpuWorkbench::showCell(int variant, int action)
{
    const Platform& p = inputs().platform;
    if (variant < 0 || variant >= p.variantCount() || action < 0 || action >= int(p.actions.size()))
        return;
    editInputs(
        [variant, action](DpuInputs& in) {
            in.variant = variant;
            in.action = action;
        },
        tr("Show %1 on %2").arg(qs(p.variantName(variant)), qs(p.actionName(action))), kMergeCell);
}

void DpuWorkbench::refreshExplorer()
{
    const DpuInputs& in = inputs();
    const Platform& p = in.platform;
    const int w = std::clamp(in.state, 0, kStates - 1);
    m_updating = true;
    if (m_stateChoice->count() != kStates) {
        m_stateChoice->clear();
        for (int s = 0; s < kStates; ++s)
            m_stateChoice->addItem(qs(p.params.states[std::size_t(s)].name + " — " + p.params.states[std::size_t(s)].title));
    }
    for (int s = 0; s < kStates; ++s)
        m_stateChoice->setItemText(s, qs(p.params.states[std::size_t(s)].name + " — " + p.params.states[std::size_t(s)].title));
    m_stateChoice->setCurrentIndex(w);
    m_updating = false;

    HeatmapData d;
    d.rows = p.variantCount();
    d.cols = int(p.actions.size());
    d.values.resize(std::size_t(d.rows * d.cols));
    d.masked.resize(d.values.size());
    for (int v = 0; v < d.rows; ++v)
        d.rowLabels << qs(p.variantShortName(v)) + (p.models[std::size_t(p.modelOf(v))].test ? QStringLiteral(" *") : QString());
    for (int a = 0; a < d.cols; ++a)
        d.colLabels << qs(p.actionName(a));
    for (int v = 0; v < d.rows; ++v) {
        const std::vector<dpu::Outcome> outcomes = outcomesOf(p, v, w);
        const Optimum best = optimum(outcomes, p.fpsConstraint);
        const double bestPpw = outcomes[std::size_t(best.action)].ppw;
        if (best.feasible)
            d.outlined.emplace_back(best.action, v);
        for (int a = 0; a < d.cols; ++a) {
            const dpu::Outcome& o = outcomes[std::size_t(a)];
            const std::size_t i = std::size_t(v * d.cols + a);
            switch (m_metric) {
            case Metric::Fps:
                d.values[i] = o.fps;
                break;
            case Metric::Power:
                d.values[i] = o.fpgaPowerW;
                break;
            case Metric::Ppw:
                d.values[i] = o.ppw;
                break;
            case Metric::RelativePpw:
                d.values[i] = bestPpw > 0 ? o.ppw / bestPpw : 0;
                break;
            }
            d.masked[i] = o.feasible(p.fpsConstraint) ? 0 : 1;
            static const char* const kLimiter[] = {"compute (DPU + host)", "DDR bandwidth", "Arm cores"};
            QString note = tr("%1 FPS, P_FPGA %2 W, PPW %3 FPS/W; limited by %4")
                               .arg(sig(o.fps), sig(o.fpgaPowerW), sig(o.ppw), QLatin1String(kLimiter[std::clamp(o.limiter, 0, 2)]));
            if (!o.feasible(p.fpsConstraint))
                note += tr("\nbelow C_PERF = %1 FPS").arg(p.fpsConstraint);
            if (a == best.action)
                note += best.feasible ? tr("\nthe model's optimum") : tr("\nno configuration meets C_PERF: highest PPW");
            if (p.corrections.count({v, w, a}))
                note += tr("\ncorrected by a measurement");
            d.notes << note;
        }
    }
    static const char* const kTitles[] = {"Throughput", "FPGA power", "Energy efficiency (PPW)", "PPW relative to the model's optimum"};
    static const char* const kUnits[] = {"FPS", "W", "FPS/W", ""};
    d.title = tr("%1 in %2 (C_PERF %3 FPS); * held-out models")
                  .arg(QLatin1String(kTitles[int(m_metric)]), qs(p.params.states[std::size_t(w)].name))
                  .arg(p.fpsConstraint);
    d.rowTitle = tr("Model / pruning");
    d.colTitle = tr("DPU configuration (size_instances)");
    d.valueTitle = QLatin1String(kTitles[int(m_metric)]);
    d.unit = QLatin1String(kUnits[int(m_metric)]);
    m_heatmap->setScale(m_logColours->isChecked() && m_metric != Metric::RelativePpw ? HeatmapScale::Log : HeatmapScale::Linear);
    if (m_metric == Metric::RelativePpw)
        m_heatmap->setFixedRange(0, 1);
    else
        m_heatmap->setFixedRange(0, 0);
    m_heatmap->setData(std::move(d));
    m_heatmap->setMarker(std::clamp(in.variant, 0, p.variantCount() - 1), std::clamp(in.action, 0, int(p.actions.size()) - 1));
    m_details->setText(cellDetails());
}

QString DpuWorkbench::cellDetails() const
{
    const DpuInputs& in = inputs();
    const Platform& p = in.platform;
    if (in.variant < 0 || in.variant >= p.variantCount() || in.action < 0 || in.action >= int(p.actions.size()))
        return {};
    const dpu::Outcome o = simulate(p, in.variant, in.state, in.action);
    const std::vector<dpu::Outcome> all = outcomesOf(p, in.variant, in.state);
    const Optimum best = optimum(all, p.fpsConstraint);
    const StaticFeatures f = staticFeatures(p, in.variant);
    static const char* const kLimiter[] = {"compute (DPU + host)", "DDR bandwidth", "Arm cores"};
    QString text = tr("<b>%1</b> on <b>%2</b> in %3: %4 FPS, P_FPGA %5 W, P_ARM %6 W, <b>PPW %7 FPS/W</b>; DPU busy %8 %, "
                      "DPU %9 ms and host %10 ms per frame, limited by %11.")
                       .arg(qs(p.variantName(in.variant)), qs(p.actionName(in.action)),
                            qs(p.params.states[std::size_t(in.state)].name + " (" + p.params.states[std::size_t(in.state)].title + ")"),
                            sig(o.fps), sig(o.fpgaPowerW), sig(o.armPowerW), sig(o.ppw))
                       .arg(QString::number(100 * o.busy, 'f', 0), sig(o.dpuMs), sig(o.hostMs),
                            QLatin1String(kLimiter[std::clamp(o.limiter, 0, 2)]));
    text += tr(" Model: %1 GMAC, %2 MB data per frame, %3 M parameters.")
                .arg(sig(f.gmac), sig(f.dataBytes() / 1e6), sig(f.params / 1e6));
    text += o.feasible(p.fpsConstraint) ? tr(" Meets C_PERF (%1 FPS).").arg(p.fpsConstraint)
                                        : tr(" <span style='color:#a00'>Below C_PERF (%1 FPS).</span>").arg(p.fpsConstraint);
    text += best.feasible ? tr(" Optimum: %1 at %2 FPS/W (this is %3 % of it).")
                                .arg(qs(p.actionName(best.action)), sig(all[std::size_t(best.action)].ppw))
                                .arg(QString::number(100 * o.ppw / all[std::size_t(best.action)].ppw, 'f', 1))
                          : tr(" No configuration meets C_PERF for this model and load.");
    if (p.corrections.count({in.variant, in.state, in.action}))
        text += tr(" (corrected by a measurement)");
    return text;
}

// ---------------------------------------------------------------------------------------------
// Tables

void DpuWorkbench::refreshTables()
{
    const DpuInputs& in = inputs();
    const Platform& p = in.platform;
    m_updating = true;
    m_constraint->setValue(p.fpsConstraint);
    m_dataSeed->setValue(int(std::min<std::uint64_t>(in.dataSeed, 1'000'000'000)));
    for (int r = 0; r < kParamCount; ++r) {
        const ParamRow& row = kParams[r];
        m_params->setItem(r, 0, readOnly(tr(row.label), QStringLiteral("params.%1: %2").arg(QLatin1String(row.key), tr(row.help))));
        m_params->setItem(r, 1, new QTableWidgetItem(sig(p.params.*row.member, 6)));
        m_params->setItem(r, 2, readOnly(QString::fromUtf8(row.unit)));
    }
    for (int w = 0; w < kStates; ++w) {
        const BackgroundState& s = p.params.states[std::size_t(w)];
        m_states->setItem(w, 0, readOnly(qs(s.name + " — " + s.title)));
        const double values[] = {s.bandwidthGbs, s.cpuLoad, s.cpuCores, s.instanceOverhead};
        for (int c = 0; c < 4; ++c)
            m_states->setItem(w, c + 1, new QTableWidgetItem(sig(values[c], 6)));
    }
    m_states->resizeColumnsToContents();
    m_corrections->setRowCount(int(p.corrections.size()));
    int r = 0;
    for (const auto& [key, c] : p.corrections) {
        const auto [v, w, a] = key;
        const dpu::Outcome raw = simulateUncorrected(p, v, w, a);
        m_corrections->setItem(r, 0, readOnly(qs(p.variantName(v))));
        m_corrections->setItem(r, 1, readOnly(qs(p.params.states[std::size_t(w)].name)));
        m_corrections->setItem(r, 2, readOnly(qs(p.actionName(a))));
        m_corrections->setItem(r, 3, new QTableWidgetItem(sig(c.fps, 6)));
        m_corrections->setItem(r, 4, new QTableWidgetItem(sig(c.power, 6)));
        m_corrections->setItem(r, 5, new QTableWidgetItem(sig(raw.fps * c.fps, 6)));
        m_corrections->setItem(r, 6, new QTableWidgetItem(sig(raw.fpgaPowerW * c.power, 6)));
        ++r;
    }
    m_corrections->resizeColumnsToContents();
    m_updating = false;
}

void DpuWorkbench::refreshAnchors()
{
    const Platform& p = inputs().platform;
    const std::vector<AnchorResult> results = checkAnchors(p, paperAnchors());
    m_anchors->setRowCount(int(results.size()));
    int pass = 0, applicable = 0;
    for (int r = 0; r < int(results.size()); ++r) {
        const AnchorResult& a = results[std::size_t(r)];
        pass += a.pass ? 1 : 0;
        applicable += a.applicable ? 1 : 0;
        m_anchors->setItem(r, 0, readOnly(qs(a.anchor.description())));
        m_anchors->setItem(r, 1, readOnly(qs(a.anchor.source)));
        QTableWidgetItem* res = readOnly(!a.applicable ? tr("n/a") : a.pass ? tr("pass") : tr("miss"));
        res->setBackground(!a.applicable ? cells::kInvalid : a.pass ? kFeasible : kViolating);
        m_anchors->setItem(r, 2, res);
        m_anchors->setItem(r, 3, readOnly(qs(a.found)));
        m_anchors->setItem(r, 4, readOnly(sig(a.margin, 3)));
        m_anchors->setItem(r, 5, readOnly(a.ppw > 0 ? sig(a.ppw) : QStringLiteral("–")));
    }
    m_anchors->resizeColumnToContents(1);
    m_anchorSummary->setText(tr("%1 of %2 paper facts hold on this platform (the spec's default fit: 7 of 8, ResNet152-PR25 "
                                "in M misses as in the spec). Max-FPS reaches %3 % of the optimal PPW in C and %4 % in M "
                                "(paper: 47 %, 35 %).")
                                 .arg(pass)
                                 .arg(applicable)
                                 .arg(QString::number(100 * maxFpsRatio(p, 1), 'f', 0), QString::number(100 * maxFpsRatio(p, 2), 'f', 0)));
}

QString DpuWorkbench::anchorSummary() const { return m_anchorSummary->text(); }

QString DpuWorkbench::setParameterCell(int row, const QString& text)
{
    if (row < 0 || row >= kParamCount)
        return tr("parameter row %1 does not exist").arg(row);
    const ParamRow& pr = kParams[row];
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v))
        return tr("params.%1: expected a number, got \"%2\"").arg(QLatin1String(pr.key), text);
    Platform p = inputs().platform;
    p.params.*pr.member = v;
    return applyPlatform(p, tr("Set %1").arg(tr(pr.label)), kMergeParam + row);
}

QString DpuWorkbench::setStateCell(int row, int column, const QString& text)
{
    if (row < 0 || row >= kStates || column < 1 || column > 4)
        return tr("background state cell (%1, %2) does not exist").arg(row).arg(column);
    const QString field = QStringLiteral("params.states[%1].%2").arg(row).arg(QLatin1String(kStateColumns[column - 1]));
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v))
        return tr("%1: expected a number, got \"%2\"").arg(field, text);
    Platform p = inputs().platform;
    BackgroundState& s = p.params.states[std::size_t(row)];
    double* fields[] = {&s.bandwidthGbs, &s.cpuLoad, &s.cpuCores, &s.instanceOverhead};
    *fields[column - 1] = v;
    return applyPlatform(p, tr("Edit background state %1").arg(qs(s.name)), kMergeState + row * 5 + column);
}

QString DpuWorkbench::setCorrectionCell(int row, int column, const QString& text)
{
    Platform p = inputs().platform;
    if (row < 0 || row >= int(p.corrections.size()) || column < 3 || column > 6)
        return tr("correction cell (%1, %2) does not exist").arg(row).arg(column);
    auto it = std::next(p.corrections.begin(), row);
    const auto [v, w, a] = it->first;
    static const char* const kNames[] = {"fps", "power", "measured_fps", "measured_power_w"};
    const QString field = QStringLiteral("corrections[%1].%2").arg(row).arg(QLatin1String(kNames[column - 3]));
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value) || value <= 0)
        return tr("%1: must be a positive number, got \"%2\"").arg(field, text);
    const dpu::Outcome raw = simulateUncorrected(p, v, w, a);
    switch (column) {
    case 3:
        it->second.fps = value;
        break;
    case 4:
        it->second.power = value;
        break;
    case 5:
        it->second.fps = value / raw.fps;
        break;
    default:
        it->second.power = value / raw.fpgaPowerW;
        break;
    }
    return applyPlatform(p, tr("Correct %1 on %2").arg(qs(p.variantName(v)), qs(p.actionName(a))), kMergeCorrection + row * 8 + column);
}

void DpuWorkbench::addCorrectionForShownCell()
{
    const DpuInputs& in = inputs();
    Platform p = in.platform;
    if (p.corrections.count({in.variant, in.state, in.action})) {
        Q_EMIT message(tr("%1 on %2 in %3 already has a correction")
                           .arg(qs(p.variantName(in.variant)), qs(p.actionName(in.action)),
                                qs(p.params.states[std::size_t(in.state)].name)),
                       5000);
        return;
    }
    p.corrections[{in.variant, in.state, in.action}] = Correction{};
    if (const QString e = applyPlatform(p, tr("Add a correction"), -1); !e.isEmpty())
        reportError(e);
}

void DpuWorkbench::removeCorrection(int row)
{
    Platform p = inputs().platform;
    if (row < 0 || row >= int(p.corrections.size())) {
        reportError(tr("corrections: choose the row to remove"));
        return;
    }
    p.corrections.erase(std::next(p.corrections.begin(), row));
    if (const QString e = applyPlatform(p, tr("Remove a correction"), -1); !e.isEmpty())
        reportError(e);
}

void DpuWorkbench::startCalibration(std::uint64_t seed)
{
    if (calibrating())
        return;
    m_calibrationStop = std::stop_source();
    m_calibrationProgress = std::make_shared<std::atomic<double>>(0.0);
    CalibrationOptions o;
    o.seed = seed;
    m_calibrate->setText(tr("Stop"));
    m_calibrationStatus->setText(tr("Calibrating…"));
    m_calibrationTimer.start();
    m_calibration.setFuture(QtConcurrent::run(
        [platform = inputs().platform, o, stop = m_calibrationStop.get_token(), progress = m_calibrationProgress] {
            return calibrate(platform, paperAnchors(), o, stop, [progress](double f, double) { progress->store(f); });
        }));
}

void DpuWorkbench::waitForCalibration()
{
    m_calibration.waitForFinished();
    QCoreApplication::processEvents();
}

// ---------------------------------------------------------------------------------------------
// Run views

void DpuWorkbench::refreshRunViews()
{
    switch (m_tabs->currentIndex()) {
    case TrainingTab:
        m_training->refresh();
        break;
    case EvaluationTab:
        m_evaluation->refresh();
        break;
    case TimelineTab:
        m_timeline->refresh();
        break;
    case PolicyTab:
        m_policy->refresh();
        break;
    default:
        m_training->syncChooser();
        break;
    }
}

// ---------------------------------------------------------------------------------------------
// Study and files

QList<QUndoStack*> DpuWorkbench::undoStacks() const { return {m_doc->undoStack()}; }

QUndoStack* DpuWorkbench::activeUndoStack() const { return m_doc->undoStack(); }

QString DpuWorkbench::setupText() const { return qs(setupLabel(inputs())); }

void DpuWorkbench::showTab(int index) { m_tabs->setCurrentIndex(index); }

std::optional<Study> DpuWorkbench::study() const
{
    Study st = makeStudy(studyName().toStdString(), inputs());
    st.optimizer = m_runs->optimizerPanel()->settings();
    st.runs = m_runs->records();
    return st;
}

bool DpuWorkbench::setStudy(const Study& study, QString* error)
{
    const auto* in = (study.inputs).getIf<DpuInputs>();
    if (!in) {
        if (error)
            *error = tr("not a DPU-configuration study");
        return false;
    }
    const FieldIssues issues = validate(in->platform);
    if (!issues.empty() || in->variant < 0 || in->variant >= in->platform.variantCount() || in->state < 0 ||
        in->state >= kStates || in->action < 0 || in->action >= int(in->platform.actions.size())) {
        if (error)
            *error = issues.empty() ? tr("shown: model, state or configuration out of range") : qs(joinIssues(issues));
        return false;
    }
    setStudyName(qs(study.name));
    m_doc->setInputs(*in);
    restoreOptimizerAndRuns(study);
    refreshRunViews();
    return true;
}

QString DpuWorkbench::openFileFilter() const { return tr("DPU platform files (*.json)"); }

QString DpuWorkbench::openFile(const QString& path)
{
    try {
        const Platform p = dpuPlatformFromJson(readTextFile(path.toStdString()), path.toStdString());
        const QString e = applyPlatform(p, tr("Open platform %1").arg(QFileInfo(path).fileName()), -1);
        if (e.isEmpty())
            Q_EMIT message(tr("Platform %1 opened").arg(QFileInfo(path).fileName()), 5000);
        return e;
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
}

QString DpuWorkbench::resultsFilter() const { return tr("Text (*.txt);;CSV (*.csv)"); }

QString DpuWorkbench::exportResults(const QString& path) const
{
    m_evaluation->refresh();
    QString text = m_evaluation->summaryText();
    if (path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)) {
        QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (QString& l : lines) {
            QStringList cells = l.split(QLatin1Char('\t'));
            for (QString& c : cells)
                c = QStringLiteral("\"%1\"").arg(c.replace(QLatin1Char('"'), QStringLiteral("\"\"")));
            l = cells.join(QLatin1Char(','));
        }
        text = lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }
    try {
        writeTextFileAtomic(path.toStdString(), text.toStdString());
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString DpuWorkbench::mappingFilter() const { return tr("Platform file (*.json);;Simulated table (*.csv)"); }

QString DpuWorkbench::writeMapping(const QString& path) const
{
    const Platform& p = inputs().platform;
    try {
        if (path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)) {
            std::ostringstream s;
            s << "model,state,configuration,fps,p_fpga_w,p_arm_w,ppw,meets_constraint,optimal\n";
            for (int v = 0; v < p.variantCount(); ++v) {
                for (int w = 0; w < kStates; ++w) {
                    const std::vector<dpu::Outcome> all = outcomesOf(p, v, w);
                    const Optimum best = optimum(all, p.fpsConstraint);
                    for (int a = 0; a < int(all.size()); ++a) {
                        const dpu::Outcome& o = all[std::size_t(a)];
                        s << p.variantName(v) << ',' << p.params.states[std::size_t(w)].name << ',' << p.actionName(a) << ','
                          << formatSig(o.fps, 6) << ',' << formatSig(o.fpgaPowerW, 6) << ',' << formatSig(o.armPowerW, 6) << ','
                          << formatSig(o.ppw, 6) << ',' << (o.feasible(p.fpsConstraint) ? "true" : "false") << ','
                          << (a == best.action && best.feasible ? "true" : "false") << '\n';
                    }
                }
            }
            writeTextFileAtomic(path.toStdString(), s.str());
        } else {
            writeTextFileAtomic(path.toStdString(), dpuPlatformToJson(p));
        }
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QStringList DpuWorkbench::tabNames() const
{
    return {QStringLiteral("platform"), QStringLiteral("optimize"), QStringLiteral("training"), QStringLiteral("evaluation"), QStringLiteral("timeline"), QStringLiteral("policy")};
}

} // namespace mapscape
