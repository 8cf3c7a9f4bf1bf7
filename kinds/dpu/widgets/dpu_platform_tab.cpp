// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The DPU workbench's Platform tab: simulator parameters, background states, corrections, the calibration anchors and calibration.

#include "kinds/dpu/core/dpu_study.h"
#include "kinds/dpu/widgets/dpu_workbench.h"
#include "kinds/dpu/widgets/dpu_workbench_parts.h"

#include "kinds/dpu/core/dpu_dataset.h"
#include "kinds/dpu/core/dpu_io.h"
#include "core/io/file_util.h"
#include "core/io/preset_library.h"
#include "core/util/strings.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/models/run_list_model.h"
#include "widgets/document/inputs_document.h"
#include "widgets/editors/number_edit.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/dpu/widgets/dpu_run_views.h"
#include "kinds/dpu/widgets/dpu_timeline_view.h"
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

using namespace dpu_wb; // with dpu:: and the cells:: names it uses

/// The explorer: platform, background and metric choices over the heatmap of every model and configuration, and the cell shown.
QWidget* DpuWorkbench::buildPlatformExplorer(QWidget* parent)
{
    auto* explorer = new QWidget(parent);
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
    return explorer;
}

/// The simulator's parameters, the throughput constraint and the recorded-runs seed.
void DpuWorkbench::buildParametersPage(QTabWidget* tabs)
{
    auto* paramsPage = new QWidget(tabs);
    auto* pl = new QVBoxLayout(paramsPage);
    auto* form = new QFormLayout;
    // Typed numbers are read when committed and stored exactly; a refused entry keeps its text
    // and says why (in the field and the status line, which clears once nothing is refused).
    m_constraint = new RealEdit(paramsPage);
    m_constraint->setRange(0.1, 100000);
    m_constraint->setToolTip(tr("C_PERF: the throughput every choice must reach (30 FPS in the paper)"));
    reportRefusals(m_constraint, tr("Throughput constraint C_PERF (FPS)"));
    form->addRow(m_constraint->fieldName(), m_constraint);
    m_dataSeed = new NumberEdit(paramsPage);
    m_dataSeed->setRange(0, std::numeric_limits<qint64>::max());
    m_dataSeed->setToolTip(tr("Seed of the recorded runs' 3 Hz noise: the data set the learners train and are evaluated on"));
    reportRefusals(m_dataSeed, tr("Recorded-runs seed"));
    form->addRow(m_dataSeed->fieldName(), m_dataSeed);
    pl->addLayout(form);
    m_params = new QTableWidget(kParamCount, 2, paramsPage);
    cells::setColumns(m_params, {{tr("Parameter"), tr("A constant of the platform simulator")},
                                 {tr("Value"), tr("Its value with its unit; double-click to edit the number in that unit")}});
    m_params->verticalHeader()->setVisible(false);
    m_params->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_params->setToolTip(tr("The analytical model's parameters (spec §4.4); the defaults are the spec's calibration fit"));
    pl->addWidget(m_params, 1);
    tabs->addTab(paramsPage, tr("Parameters"));
    connect(m_constraint, &RealEdit::valueCommitted, this, [this](double v) {
        if (m_updating)
            return;
        Platform p = inputs().platform;
        p.fpsConstraint = v;
        if (const QString e = applyPlatform(p, tr("Set C_PERF to %1 FPS").arg(v), kMergeConstraint); !e.isEmpty())
            Q_EMIT message(e, 0);
    });
    connect(m_dataSeed, &NumberEdit::valueCommitted, this, [this](qint64 v) {
        if (!m_updating)
            editInputs([v](DpuInputs& in) { in.dataSeed = std::uint64_t(v); }, tr("Set recorded-runs seed"), kMergeSeed);
    });
    connect(m_params, &QTableWidget::cellChanged, this, [this](int row, int col) {
        if (m_updating || col != 1)
            return;
        const QString text = m_params->item(row, col)->text();
        showCellOutcome(m_params, row, col, text, setParameterCell(row, text));
    });
}

/// The background states (stress-ng loads) the DPUs share the board with.
void DpuWorkbench::buildBackgroundsPage(QTabWidget* tabs)
{
    auto* statesPage = new QWidget(tabs);
    auto* sl = new QVBoxLayout(statesPage);
    m_states = new QTableWidget(kStates, 5, statesPage);
    cells::setColumns(m_states,
                      {{tr("State"), tr("N (no background), C (CPU stress) or M (memory stress)")},
                       {tr("Background DDR (GB/s)"), tr("DDR traffic the background adds, in GB/s")},
                       {tr("CPU load (per core)"), tr("How busy the background keeps each Arm core, as a fraction (0 to 1)")},
                       {tr("Cores left K"), tr("Arm cores left to the DPU worker threads (count)")},
                       {tr("Instance overhead k_inst"), tr("Throughput lost per extra DPU instance, as a fraction")}});
    m_states->verticalHeader()->setVisible(false);
    m_states->setToolTip(tr("The stress-ng backgrounds: DDR traffic they add, how busy they keep each Arm core, the cores "
                            "left to the DPU worker threads, and the throughput lost per extra DPU instance"));
    sl->addWidget(m_states);
    sl->addStretch(1);
    tabs->addTab(statesPage, tr("Backgrounds"));
    tabs->setTabToolTip(tabs->count() - 1, tr("Background states: the stress-ng loads the DPUs share the board with"));
    connect(m_states, &QTableWidget::cellChanged, this, [this](int row, int col) {
        if (m_updating || col < 1)
            return;
        const QString text = m_states->item(row, col)->text();
        showCellOutcome(m_states, row, col, text, setStateCell(row, col, text));
    });
}

/// Corrections of simulated values by measurements.
void DpuWorkbench::buildCorrectionsPage(QTabWidget* tabs)
{
    auto* corrPage = new QWidget(tabs);
    auto* cl = new QVBoxLayout(corrPage);
    auto* corrHelp = new QLabel(tr("Replace simulated values by measurements: type a measured FPS or power (the factor "
                                   "follows) or a factor directly. Corrections travel with the platform file."),
                                corrPage);
    corrHelp->setWordWrap(true);
    cl->addWidget(corrHelp);
    m_corrections = new QTableWidget(0, 7, corrPage);
    cells::setColumns(m_corrections,
                      {{tr("Model"), tr("The model the correction applies to")},
                       {tr("State"), tr("The background state: N, C or M")},
                       {tr("Configuration"), tr("DPU size × instances")},
                       {tr("FPS factor"), tr("Measured FPS ÷ the simulator's FPS (a multiplier; 1 = no correction)")},
                       {tr("Power factor"), tr("Measured P_FPGA ÷ the simulator's P_FPGA (a multiplier)")},
                       {tr("Measured FPS"), tr("The frame rate measured on the board, in frames/s")},
                       {tr("Measured P_FPGA (W)"), tr("The FPGA power measured on the board, in W")}});
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
        const QString text = m_corrections->item(row, col)->text();
        showCellOutcome(m_corrections, row, col, text, setCorrectionCell(row, col, text));
    });
}

/// The paper's facts the simulator is calibrated to, and the calibration.
void DpuWorkbench::buildAnchorsPage(QTabWidget* tabs)
{
    auto* anchorPage = new QWidget(tabs);
    auto* al = new QVBoxLayout(anchorPage);
    m_anchorSummary = new QLabel(anchorPage);
    m_anchorSummary->setWordWrap(true);
    al->addWidget(m_anchorSummary);
    m_anchors = new QTableWidget(0, 6, anchorPage);
    cells::setColumns(m_anchors,
                      {{tr("Paper fact"), tr("A fact the paper's figures state")},
                       {tr("Source"), tr("Where in the paper")},
                       {tr("Result"), tr("Whether the simulator reproduces it")},
                       {tr("Found"), tr("What the simulator gives instead, if it differs")},
                       {tr("Margin"), tr("ln(PPW of the paper's choice ÷ PPW of the best other feasible one), or the relative "
                                         "error of a speed-up: how firmly the simulator agrees")},
                       {tr("PPW (FPS/W)"), tr("Performance per watt of the paper's choice, in frames/s per W")}});
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
    m_calibrationSeed = new NumberEdit(anchorPage);
    m_calibrationSeed->setRange(1, 1'000'000);
    m_calibrationSeed->setValue(1);
    m_calibrationSeed->setToolTip(tr("Seed of the calibration's random restarts"));
    reportRefusals(m_calibrationSeed, tr("Calibration seed"));
    calRow->addWidget(new QLabel(tr("seed"), anchorPage));
    m_calibrationStatus = new QLabel(anchorPage);
    m_calibrationStatus->setWordWrap(true);
    calRow->addWidget(m_calibrate);
    calRow->addWidget(m_calibrationSeed);
    calRow->addWidget(m_calibrationStatus, 1);
    al->addLayout(calRow);
    tabs->addTab(anchorPage, tr("Anchors"));
    tabs->setTabToolTip(tabs->count() - 1, tr("Calibration anchors: the paper's facts the simulator is calibrated to"));
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
}

QWidget* DpuWorkbench::buildPlatformTab()
{
    auto* split = new QSplitter(Qt::Horizontal, this);
    // Left: the explorer; right: what the simulator is made of.
    QWidget* explorer = buildPlatformExplorer(split);
    auto* tabs = new QTabWidget(split);
    buildParametersPage(tabs);
    buildBackgroundsPage(tabs);
    buildCorrectionsPage(tabs);
    buildAnchorsPage(tabs);
    split->addWidget(explorer);
    split->addWidget(tabs);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    return split;
}

QString DpuWorkbench::applyPlatform(const Platform& platform, const QString& label, int mergeKey)
{
    const FieldIssues issues = validate(platform);
    if (!issues.empty())
        return readableIssues(issues);
    editInputs(
        [&platform](DpuInputs& in) {
            in.platform = platform;
            in.variant = std::clamp(in.variant, 0, platform.variantCount() - 1);
            in.action = std::clamp(in.action, 0, int(platform.actions.size()) - 1);
        },
        label, mergeKey);
    return {};
}

QString DpuWorkbench::readableIssues(const FieldIssues& issues) const
{
    // The platform's fields as the tables name them, with units ("params.clock_mhz" is
    // "DPU clock (MHz)"; "params.states[2].cpu_load" is "S, CPU load (per core)").
    const Platform& p = inputs().platform;
    QStringList out;
    for (const FieldIssue& issue : issues) {
        const QString field = qs(issue.field);
        QString name = field;
        for (const ParamRow& pr : kParams)
            if (field == QStringLiteral("params.") + QLatin1String(pr.key))
                name = pr.unit[0] ? tr("%1 (%2)").arg(tr(pr.label), QString::fromUtf8(pr.unit)) : tr(pr.label);
        for (int w = 0; w < kStates; ++w)
            for (int c = 0; c < 4; ++c)
                if (field == QStringLiteral("params.states[%1].%2").arg(w).arg(QLatin1String(kStateColumns[c])))
                    name = tr("%1, %2").arg(qs(p.params.states[std::size_t(w)].name), m_states->horizontalHeaderItem(c + 1)->text());
        if (field == QStringLiteral("fps_constraint"))
            name = m_constraint->fieldName();
        out << name + QStringLiteral(": ") + qs(issue.message);
    }
    return out.join(QStringLiteral("; "));
}

void DpuWorkbench::showCellOutcome(QTableWidget* table, int row, int column, const QString& text, const QString& error)
{
    if (!error.isEmpty())
        m_refused.refuse(table, row, column, text, error);
    else
        m_refused.accept(table, row, column);
    updateRefusedStatus();
}

QString DpuWorkbench::refusedStatus() const { return m_refused.status(this); }

namespace {

/// An editable number cell: `shown` in engineering units, the editor starting from the number
/// typed before ("300 MHz" edits as "300").
QTableWidgetItem* quantityItem(const QString& shown, double value) { return new cells::QuantityItem(shown, editableNumber(value)); }

} // namespace

void DpuWorkbench::refreshTables()
{
    const DpuInputs& in = inputs();
    const Platform& p = in.platform;
    m_updating = true;
    m_constraint->setValue(p.fpsConstraint);
    m_dataSeed->setValue(qint64(std::min<std::uint64_t>(in.dataSeed, std::uint64_t(std::numeric_limits<qint64>::max()))));
    for (int r = 0; r < kParamCount; ++r) {
        const ParamRow& row = kParams[r];
        m_params->setItem(r, 0, readOnly(tr(row.label), QStringLiteral("params.%1: %2").arg(QLatin1String(row.key), tr(row.help))));
        const double v = p.params.*row.member;
        const QString unit = QString::fromUtf8(row.unit);
        m_params->setItem(r, 1, quantityItem(row.count ? countText(v) : quantityText(v, unit), v));
    }
    for (int w = 0; w < kStates; ++w) {
        const BackgroundState& s = p.params.states[std::size_t(w)];
        m_states->setItem(w, 0, readOnly(qs(s.name + " — " + s.title)));
        const double values[] = {s.bandwidthGbs, s.cpuLoad, s.cpuCores, s.instanceOverhead};
        for (int c = 0; c < 4; ++c)
            m_states->setItem(w, c + 1, quantityItem(quantityText(values[c], QString()), values[c]));
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
        const double values[] = {c.fps, c.power, raw.fps * c.fps, raw.fpgaPowerW * c.power};
        for (int k = 0; k < 4; ++k)
            m_corrections->setItem(r, 3 + k, quantityItem(quantityText(values[k], QString()), values[k]));
        ++r;
    }
    m_corrections->resizeColumnsToContents();
    m_updating = false;
    m_refused.reapply(); // what the user typed and was refused stays until fixed
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
        m_anchors->setItem(r, 4, readOnly(quantityText(a.margin, QString(), 3)));
        m_anchors->setItem(r, 5, readOnly(a.ppw > 0 ? quantityText(a.ppw, QString()) : QStringLiteral("–")));
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
    const QString name = pr.unit[0] ? tr("%1 (%2)").arg(tr(pr.label), QString::fromUtf8(pr.unit)) : tr(pr.label);
    const std::optional<double> v = readRealNumber(text);
    if (!v)
        return tr("%1: must be a number, got \"%2\"").arg(name, text.trimmed());
    Platform p = inputs().platform;
    p.params.*pr.member = *v;
    return applyPlatform(p, tr("Set %1").arg(tr(pr.label)), kMergeParam + row);
}

QString DpuWorkbench::setStateCell(int row, int column, const QString& text)
{
    if (row < 0 || row >= kStates || column < 1 || column > 4)
        return tr("background state cell (%1, %2) does not exist").arg(row).arg(column);
    const std::optional<double> v = readRealNumber(text);
    if (!v)
        return tr("%1, %2: must be a number, got \"%3\"")
            .arg(qs(inputs().platform.params.states[std::size_t(row)].name), m_states->horizontalHeaderItem(column)->text(),
                 text.trimmed());
    Platform p = inputs().platform;
    BackgroundState& s = p.params.states[std::size_t(row)];
    double* fields[] = {&s.bandwidthGbs, &s.cpuLoad, &s.cpuCores, &s.instanceOverhead};
    *fields[column - 1] = *v;
    return applyPlatform(p, tr("Edit background state %1").arg(qs(s.name)), kMergeState + row * 5 + column);
}

QString DpuWorkbench::setCorrectionCell(int row, int column, const QString& text)
{
    Platform p = inputs().platform;
    if (row < 0 || row >= int(p.corrections.size()) || column < 3 || column > 6)
        return tr("correction cell (%1, %2) does not exist").arg(row).arg(column);
    auto it = std::next(p.corrections.begin(), row);
    const auto [v, w, a] = it->first;
    const QString field = tr("%1 on %2, %3").arg(qs(p.variantName(v)), qs(p.actionName(a)),
                                                 m_corrections->horizontalHeaderItem(column)->text());
    const std::optional<double> read = readRealNumber(text);
    if (!read || *read <= 0)
        return tr("%1: must be a positive number, got \"%2\"").arg(field, text.trimmed());
    const double value = *read;
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
    m_refused.forget(m_corrections); // the rows move
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
    m_refused.forget(m_corrections); // the rows move
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

} // namespace mapscape
