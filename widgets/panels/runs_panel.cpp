// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/dialogs/file_dialog.h"
#include "widgets/panels/runs_panel.h"
#include "widgets/study/view_cells.h"

#include "core/io/file_util.h"
#include "core/runner/optimizer_run.h"
#include "core/util/statistics.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/delegates/progress_delegate.h"
#include "widgets/delegates/setup_delegate.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSlider>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <tuple>
#include <sstream>

namespace mapscape {

namespace {

/// "10.86 ± 0.02 mJ": mean and standard deviation in one prefixed unit (the mean's), so that a
/// spread of 0 reads "± 0 mJ", not "± 0 pJ".
QString meanPlusMinus(double mean, double sd, const std::string& unit)
{
    if (unit.empty())
        return QString::fromStdString(formatSig(mean, 4) + " ± " + formatSig(sd, 2));
    const ScaledUnit u = scaleFor(std::abs(mean), unit);
    return QString::fromStdString(formatSig(mean / u.factor, 4) + " ± " + formatSig(sd / u.factor, 2) + " " + u.unit);
}
constexpr int kDrainDelayMs = 40;       ///< first notice → drain (≤ 25 Hz)
constexpr int kRefreshWhileRunningMs = 250;
constexpr std::size_t kMaxPointsPerRun = 1'000'000;
constexpr std::size_t kSavedPointsPerCurve = 2000;

QString qs(const std::string& s) { return QString::fromStdString(s); }

/// Metrics whose values are in the unit of the run's objective: runs optimising different
/// objectives get separate entries in the chooser, never one axis.
bool objectiveValued(const QString& name)
{
    return name == QStringLiteral("search/best") || name == QStringLiteral("search/best_total") ||
           name == QStringLiteral("ga/generation_best") || name == QStringLiteral("ga/generation_mean") ||
           name == QStringLiteral("ppo/best_total") || name.endsWith(QStringLiteral("/best_total"));
}

/// Chooser key: the metric, and for objective-valued ones the objective ("search/best@latency").
QString curveKey(const QString& name, const std::string& objective)
{
    return objectiveValued(name) ? name + QLatin1Char('@') + qs(objective) : name;
}

QString rawName(const QString& key) { return key.section(QLatin1Char('@'), 0, 0); }
QString keyObjective(const QString& key) { return key.section(QLatin1Char('@'), 1, 1); }

} // namespace

RunsPanel::RunsPanel(const StudyKind& kind, QWidget* parent)
    : QWidget(parent)
    , m_kind(&kind)
{
    const StudyKindInfo& info = kind.info();
    m_panel = new OptimizerPanel(kind, this);
    m_panel->setMinimumWidth(280);
    m_panel->setMaximumWidth(380);
    buildRunTable(kind);
    QHBoxLayout* buttons = buildRunButtons(info);
    QWidget* curveTab = buildCurvesTab();
    QWidget* paretoTab = buildParetoTab(kind);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(curveTab, tr("Curves"));
    m_tabs->addTab(paretoTab, tr("Pareto"));
    // Learners of a policy evaluate no design points: nothing to plot.
    m_tabs->setTabVisible(ParetoTab, info.evaluatesPoints);
    buildBestTab(info);
    buildCompareTab();
    QWidget* viewsBox = buildViewsBox(info);
    auto* runsBox = new QWidget(this);
    auto* runsLayout = new QVBoxLayout(runsBox);
    runsLayout->setContentsMargins(0, 0, 0, 0);
    runsLayout->addWidget(m_table, 1);
    runsLayout->addLayout(buttons);

    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(runsBox);
    right->addWidget(viewsBox);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 2);

    auto* layout = new QHBoxLayout(this);
    layout->addWidget(m_panel);
    layout->addWidget(right, 1);

    connectControls();
    // Default curve: the best objective so far.
    const QString first = qs(info.progressMetric);
    const std::string objective = defaultOptimizerSettings(kind).objective;
    const MetricLabel label = metricLabel(first, kind, objective);
    m_curveMetric->addItem(label.title, curveKey(first, objective));
    applyMetricLabel();
    updateButtons();
    updateSaveChart();
}

void RunsPanel::buildRunTable(const StudyKind& kind)
{
    m_model = new RunListModel(kind, this);
    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->verticalHeader()->hide();
    // Every column as wide as its contents, except the setup, which takes what is left (its
    // full text is in the tooltip, what tells it from the others' stays in view): the table fits
    // the panel without scrolling.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(RunListModel::Setup, QHeaderView::Stretch);
    m_table->horizontalHeader()->setMinimumSectionSize(40);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    m_table->setItemDelegateForColumn(RunListModel::Progress, new ProgressDelegate(RunListModel::SortRole, m_table));
    m_table->setItemDelegateForColumn(RunListModel::Setup, new SetupDelegate(m_table));

}

QHBoxLayout* RunsPanel::buildRunButtons(const StudyKindInfo& info)
{
    m_pause = new QPushButton(tr("Pause"), this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_show = new QPushButton(tr("Show best %1").arg(qs(info.resultNoun)), this);
    m_show->setToolTip(tr("Show the selected run's best result in the study's main view (undoable)"));
    m_remove = new QPushButton(tr("Remove"), this);
    m_remove->setToolTip(tr("Remove the selected run (a running one is cancelled first)"));
    m_exportMetrics = new QPushButton(tr("Metrics CSV…"), this);
    m_exportMetrics->setToolTip(tr("Write the selected run's recorded metrics as CSV"));
    auto* buttons = new QHBoxLayout;
    for (QPushButton* b : {m_pause, m_cancel, m_show, m_remove, m_exportMetrics})
        buttons->addWidget(b);
    buttons->addStretch(1);

    return buttons;
}

QWidget* RunsPanel::buildCurvesTab()
{
    // Curves: metric chooser with readable names, log / linear, smoothing, other setups.
    m_curveMetric = new QComboBox(this);
    m_curveMetric->setMinimumContentsLength(26);
    m_curveMetric->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_logY = new QCheckBox(tr("Log y"), this);
    m_logY->setToolTip(tr("Logarithmic y axis: best-so-far values often span decades"));
    m_logX = new QCheckBox(tr("Log x"), this);
    m_logX->setToolTip(tr("Logarithmic sample axis: methods that converge at very different sample counts side by side"));
    m_smoothing = new QSlider(Qt::Horizontal, this);
    m_smoothing->setRange(0, 95);
    m_smoothing->setMaximumWidth(110);
    m_smoothing->setToolTip(tr("Exponential moving average over the points of each curve (0 = raw)"));
    m_acrossSetups = new QCheckBox(tr("Runs on other setups"), this);
    m_acrossSetups->setToolTip(tr("Also draw runs made on another hardware or workload of this study (their values "
                                  "are not comparable with the current setup's)"));
    m_curves = new LiveLineChart(this);
    m_curves->setIntegerX(true);
    m_curveHelp = new QLabel(this);
    m_curveHelp->setWordWrap(true);
    m_hiddenNote = new QLabel(this);
    m_hiddenNote->setWordWrap(true);
    m_hiddenNote->setVisible(false);
    auto* curveTab = new QWidget(this);
    auto* curveLayout = new QVBoxLayout(curveTab);
    auto* chooser = new QHBoxLayout;
    chooser->addWidget(new QLabel(tr("Metric"), curveTab));
    chooser->addWidget(m_curveMetric, 1);
    chooser->addWidget(m_logY);
    chooser->addWidget(m_logX);
    chooser->addWidget(new QLabel(tr("Smoothing"), curveTab));
    chooser->addWidget(m_smoothing);
    chooser->addWidget(m_acrossSetups);
    curveLayout->addLayout(chooser);
    curveLayout->addWidget(m_curves, 1);
    curveLayout->addWidget(m_curveHelp);
    curveLayout->addWidget(m_hiddenNote);

    return curveTab;
}

QWidget* RunsPanel::buildParetoTab(const StudyKind& kind)
{
    // Pareto: which objectives on x and y, and optionally a third as colour.
    m_pareto = new ParetoChart(this);
    m_paretoX = new QComboBox(this);
    m_paretoY = new QComboBox(this);
    m_paretoColour = new QComboBox(this);
    // Long objective names (DPU's) must not widen the window past a 1280-pixel screen: the
    // combos start narrow and their lists open as wide as the names.
    for (QComboBox* c : {m_paretoX, m_paretoY, m_paretoColour}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(16);
    }
    m_paretoColour->addItem(tr("none (2 objectives)"), -1);
    const StudyKindInfo& info = kind.info();
    const auto objectives = kind.objectives();
    for (std::size_t i = 0; i < objectives.size(); ++i) {
        const QString label = qs(objectives[i].label);
        m_paretoX->addItem(label, int(i));
        m_paretoY->addItem(label, int(i));
        m_paretoColour->addItem(label, int(i));
    }
    m_paretoX->setCurrentIndex(std::clamp(info.paretoX, 0, int(objectives.size()) - 1));
    m_paretoY->setCurrentIndex(std::clamp(info.paretoY, 0, int(objectives.size()) - 1));
    auto* paretoTab = new QWidget(this);
    auto* paretoLayout = new QVBoxLayout(paretoTab);
    auto* paretoRow = new QHBoxLayout;
    paretoRow->addWidget(new QLabel(tr("x"), paretoTab));
    paretoRow->addWidget(m_paretoX);
    paretoRow->addWidget(new QLabel(tr("y"), paretoTab));
    paretoRow->addWidget(m_paretoY);
    paretoRow->addWidget(new QLabel(tr("Colour"), paretoTab));
    paretoRow->addWidget(m_paretoColour);
    paretoRow->addStretch(1);
    paretoLayout->addLayout(paretoRow);
    paretoLayout->addWidget(m_pareto, 1);
    for (QComboBox* c : {m_paretoX, m_paretoY, m_paretoColour})
        connect(c, &QComboBox::currentIndexChanged, this, &RunsPanel::refillPareto);
    // Hovering a point names its design where the run holds it; a click opens it.
    m_pareto->setDesignText([this](const ParetoPoint& p) { return paretoDesignText(p); });
    connect(m_pareto, &ParetoChart::pointClicked, this, &RunsPanel::openParetoPoint);

    return paretoTab;
}

void RunsPanel::buildBestTab(const StudyKindInfo& info)
{
    m_bestTab = new QWidget(this);
    auto* bestLayout = new QVBoxLayout(m_bestTab);
    bestLayout->setContentsMargins(0, 0, 0, 0);
    m_bestText = new QPlainTextEdit(m_bestTab);
    m_bestText->setReadOnly(true);
    m_bestText->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_bestText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_bestText->setPlaceholderText(tr("Select a run to see its best %1.").arg(qs(info.resultNoun)));
    bestLayout->addWidget(m_bestText);
    m_tabs->addTab(m_bestTab, tr("Best %1").arg(qs(info.resultNoun)));
}

void RunsPanel::buildCompareTab()
{
    // Comparison of finished runs (Table III style): seeds of one optimizer together.
    auto* compareTab = new QWidget(this);
    auto* compareLayout = new QVBoxLayout(compareTab);
    auto* compareRow = new QHBoxLayout;
    m_compareRef = new QComboBox(compareTab);
    m_compareRef->setToolTip(tr("Ratios are each optimizer's mean best divided by this one's (above 1: worse)"));
    compareRow->addWidget(new QLabel(tr("Ratios relative to"), compareTab));
    compareRow->addWidget(m_compareRef);
    compareRow->addStretch(1);
    m_compareSummary = new QLabel(compareTab);
    m_compareSummary->setObjectName(QStringLiteral("compareSummary"));
    m_compareSummary->setToolTip(tr("Runs are grouped by the exact inputs they ran on (their setup): runs of different "
                                    "setups are never pooled, even when their labels read alike"));
    compareRow->addWidget(m_compareSummary);
    m_compare = new QTableWidget(0, 8, compareTab);
    cells::setColumns(m_compare,
                      {{tr("Optimizer"), tr("The optimizer, with the options it was given where they differ from its defaults")},
                       {tr("Objective"), tr("What the runs minimised or maximised")},
                       {tr("Setup"), tr("The inputs the runs worked on (accelerator, network, hardware, workload; edits named)")},
                       {tr("Runs"), tr("Finished runs in the group (one per seed)")},
                       {tr("Best (mean ± std)"), tr("Each run's best objective value, mean ± standard deviation over the "
                                                    "group's runs, in the objective's unit")},
                       {tr("Ratio"), tr("The group's mean best divided by the reference group's (chosen above); above 1 is "
                                        "worse for an objective minimised, better for one maximised")},
                       {tr("Samples to best"), tr("Evaluations (samples) each run needed to reach its best, mean over the runs")},
                       {tr("Wall (mean)"), tr("Wall-clock time per run, mean over the runs (seconds or minutes)")}});
    m_compare->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_compare->verticalHeader()->hide();
    m_compare->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_compare->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_compare->setItemDelegateForColumn(2, new SetupDelegate(m_compare));
    m_compare->setToolTip(tr("Finished runs grouped by optimizer, objective and setup (several seeds make one row)"));
    compareLayout->addLayout(compareRow);
    compareLayout->addWidget(m_compare, 1);
    m_tabs->addTab(compareTab, tr("Compare"));
    connect(m_compareRef, &QComboBox::currentIndexChanged, this, &RunsPanel::refreshCompare);
    connect(this, &RunsPanel::runsChanged, this, &RunsPanel::refreshCompare);

}

QWidget* RunsPanel::buildViewsBox(const StudyKindInfo& info)
{
    // The group (scheduling: the layer) the Pareto and best views show, for kinds with groups.
    m_bestLayer = new QComboBox(this);
    m_bestLayer->setMinimumContentsLength(16);
    m_layerRow = new QWidget(this);
    auto* layerRow = new QHBoxLayout(m_layerRow);
    layerRow->setContentsMargins(0, 0, 0, 0);
    layerRow->addWidget(new QLabel(qs(info.pointGroupLabel), m_layerRow));
    layerRow->addWidget(m_bestLayer);
    layerRow->addStretch(1);
    m_layerRow->setVisible(!info.pointGroupLabel.empty());
    auto* viewsBox = new QWidget(this);
    auto* viewsLayout = new QVBoxLayout(viewsBox);
    viewsLayout->setContentsMargins(0, 0, 0, 0);
    viewsLayout->addWidget(m_layerRow);
    viewsLayout->addWidget(m_tabs, 1);
    connect(m_bestLayer, &QComboBox::currentIndexChanged, this, [this] {
        refillPareto();
        refreshBest();
    });
    m_saveChart = new QPushButton(tr("Save chart…"), this);
    m_tabs->setCornerWidget(m_saveChart);
    connect(m_saveChart, &QPushButton::clicked, this, [this] {
        const QString path = FileDialog::saveFile(this, tr("Save chart"), QStringLiteral("chart.png"),
                                                          tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (path.isEmpty())
            return;
        QString error;
        const bool ok = saveChart(path, &error);
        Q_EMIT message(ok ? tr("Wrote %1").arg(path) : error);
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, &RunsPanel::updateSaveChart);

    return viewsBox;
}

void RunsPanel::connectControls()
{
    m_drainTimer.setSingleShot(true);
    connect(&m_drainTimer, &QTimer::timeout, this, &RunsPanel::drain);
    connect(m_panel, &OptimizerPanel::startRequested, this, &RunsPanel::startRun);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &RunsPanel::onSelectionChanged);
    connect(m_curveMetric, &QComboBox::currentIndexChanged, this, [this] {
        applyMetricLabel();
        rebuildCurves();
    });
    connect(m_logY, &QCheckBox::toggled, m_curves, &LiveLineChart::setLogY);
    connect(m_logX, &QCheckBox::toggled, m_curves, &LiveLineChart::setLogX);
    connect(m_smoothing, &QSlider::valueChanged, this, [this](int v) { m_curves->setSmoothing(v / 100.0); });
    connect(m_acrossSetups, &QCheckBox::toggled, this, &RunsPanel::rebuildCurves);
    connect(m_model, &RunListModel::appearanceChanged, this, [this] {
        rebuildCurves();
        Q_EMIT runsChanged();
    });
    connect(m_pause, &QPushButton::clicked, this, [this] {
        if (OptimizerRun* r = selectedRun())
            r->state() == RunState::Paused ? r->resume() : r->pause();
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (OptimizerRun* r = selectedRun())
            r->cancel();
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const int row = selectedRow();
        if (row >= 0)
            removeRunAt(row);
    });
    connect(m_exportMetrics, &QPushButton::clicked, this, [this] {
        const int row = selectedRow();
        if (row < 0)
            return;
        const QString path = FileDialog::saveFile(this, tr("Export run metrics"),
                                                          QStringLiteral("run-%1-metrics.csv").arg(m_model->idAt(row)),
                                                          tr("CSV files (*.csv)"));
        QString error;
        if (!path.isEmpty() && !exportMetricsAt(row, path, &error))
            Q_EMIT message(error);
    });
    connect(m_show, &QPushButton::clicked, this, [this] {
        const int row = selectedRow();
        if (row < 0)
            return;
        const std::string json = resultJsonAt(row);
        if (!json.empty())
            Q_EMIT resultRequested(qs(json), tr("best of run %1").arg(m_model->titleAt(row)));
    });
}

RunsPanel::~RunsPanel()
{
    for (auto& r : m_runs)
        r->cancel();
    m_runs.clear(); // joins
}

void RunsPanel::setInputs(const QString& studyName, const StudyInputs& inputs)
{
    m_studyName = studyName;
    const std::string key = setupKey(inputs);
    m_inputs = inputs;
    if (key != m_setupKey) {
        m_setupKey = key;
        rebuildCurves();
    }
}

void RunsPanel::setStudyName(const QString& name) { m_studyName = name; }

void RunsPanel::showViewTab(ViewTab tab) { m_tabs->setCurrentIndex(int(tab)); }

QWidget* RunsPanel::shownChart() const
{
    switch (m_tabs->currentIndex()) {
    case CurvesTab:
        return m_curves;
    case ParetoTab:
        return m_pareto;
    default: {
        // A kind's Best view may draw charts; the Compare tab and the text do not.
        QWidget* page = m_tabs->currentWidget();
        const QList<QWidget*> charts = chartViewsIn(page);
        return charts.isEmpty() ? nullptr : charts.size() == 1 ? charts.front() : page;
    }
    }
}

bool RunsPanel::saveChart(const QString& path, QString* error)
{
    QWidget* chart = shownChart();
    if (chart == m_curves)
        return m_curves->exportTo(path, error);
    if (chart == m_pareto)
        return m_pareto->exportTo(path, error);
    if (!chart && error)
        *error = tr("The %1 tab shows no chart").arg(m_tabs->tabText(m_tabs->currentIndex()));
    return chart && exportWidgetImage(chart, path, error);
}

void RunsPanel::updateSaveChart()
{
    const bool shown = shownChart() != nullptr;
    m_saveChart->setEnabled(shown);
    m_saveChart->setToolTip(shown ? tr("Write the chart shown in this tab as PNG or SVG")
                                  : tr("The %1 tab shows no chart: switch to Curves or Pareto to save one")
                                        .arg(m_tabs->tabText(m_tabs->currentIndex())));
}

OptimizerRun* RunsPanel::startRun() { return startRunWith(m_panel->settings()); }

OptimizerRun* RunsPanel::startRunWith(const OptimizerSettings& settings)
{
    if (!m_inputs) {
        Q_EMIT message(tr("The study has no valid inputs to optimise yet."));
        return nullptr;
    }
    RunSettings s;
    s.studyName = m_studyName.toStdString();
    s.inputs = *m_inputs;
    s.optimizer = settings;
    auto owned = std::make_unique<OptimizerRun>(m_nextId++, std::move(s));
    OptimizerRun* run = owned.get();
    connect(run, &OptimizerRun::dataAvailable, this, &RunsPanel::scheduleDrain);
    connect(run, &OptimizerRun::stateChanged, this, [this] {
        m_model->refresh();
        updateButtons();
        scheduleDrain();
    });
    connect(run, &OptimizerRun::finished, this, [this, run] {
        drain();
        m_model->setRecord(m_model->rowOf(run), recordOf(*run));
        updateButtons();
        Q_EMIT message(tr("%1 %2 in %3 s").arg(run->title(), runStateName(run->state())).arg(run->elapsedSeconds(), 0, 'f', 2));
        Q_EMIT runFinished(run);
        Q_EMIT runsChanged();
    });
    connect(run, &OptimizerRun::failed, this, [this, run](const QString& why) {
        if (const int row = m_model->rowOf(run); row >= 0)
            m_model->setRecord(row, recordOf(*run));
        updateButtons();
        Q_EMIT message(tr("Run #%1 failed: %2").arg(run->id()).arg(why));
    });
    m_runs.push_back(std::move(owned));
    m_model->addRun(run, m_studyName);
    Q_EMIT runsChanged();
    if (!run->start())
        return nullptr;
    // The curve chooser follows the run's objective while it still shows a curve nobody records
    // (the default before any run, or another objective's best).
    const QString best = curveKey(qs(m_kind->info().progressMetric), run->settings().optimizer.objective);
    if (m_curveMetric->currentData().toString() != best) {
        bool recorded = false;
        const QString current = rawName(m_curveMetric->currentData().toString());
        for (auto it = m_history.cbegin(); it != m_history.cend() && !recorded; ++it)
            recorded = it->contains(current);
        if (!recorded) {
            if (m_curveMetric->findData(best) < 0)
                m_curveMetric->addItem(metricLabel(rawName(best), *m_kind, run->settings().optimizer.objective).title, best);
            m_curveMetric->setCurrentIndex(m_curveMetric->findData(best));
        }
    }
    m_table->selectRow(m_model->rowOf(run));
    Q_EMIT message(tr("Started %1").arg(run->title()));
    return run;
}

int RunsPanel::selectedRow() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.front().row();
}

OptimizerRun* RunsPanel::selectedRun() const { return m_model->runAt(selectedRow()); }

std::string RunsPanel::resultJsonAt(int row) const
{
    if (const OptimizerRun* r = m_model->runAt(row))
        return r->resultJson();
    const RunRecord* rec = m_model->recordAt(row);
    return rec ? rec->result : std::string();
}

void RunsPanel::scheduleDrain()
{
    if (!m_drainTimer.isActive())
        m_drainTimer.start(kDrainDelayMs);
}

bool RunsPanel::curveShown(int row) const
{
    if (!m_model->isVisibleAt(row))
        return false;
    if (m_acrossSetups->isChecked())
        return true;
    return m_model->setupKeyAt(row) == m_setupKey;
}

void RunsPanel::drain()
{
    const OptimizerRun* selected = selectedRun();
    const QString curve = m_curveMetric->currentData().toString();
    bool active = false;
    for (auto& owned : m_runs) {
        OptimizerRun& run = *owned;
        const int row = m_model->rowOf(&run);
        active = active || run.state() == RunState::Running || run.state() == RunState::Paused;
        auto& history = m_history[run.id()];
        const std::string& objective = run.settings().optimizer.objective;
        QList<QPointF> curvePoints;
        for (MetricPoint& p : run.takeMetrics()) {
            const QString name = qs(p.name);
            auto it = history.find(name);
            if (it == history.end()) {
                it = history.insert(name, {});
                const QString key = curveKey(name, objective);
                if (m_curveMetric->findData(key) < 0)
                    m_curveMetric->addItem(metricLabel(name, *m_kind, objective).title, key);
            }
            it->append(QPointF(double(p.step), p.value));
            if (curveKey(name, objective) == curve)
                curvePoints.append(QPointF(double(p.step), p.value));
        }
        if (!curvePoints.isEmpty() && curveShown(row)) {
            m_curves->append(m_model->titleAt(row), curvePoints);
            m_curves->setSeriesColor(m_model->titleAt(row), m_model->colorAt(row));
        }
        if (m_curves->stepped())
            m_curves->holdSeries(m_model->titleAt(row), double(run.evaluations()));
        auto& store = m_evaluated[run.id()];
        std::vector<QPointF> fresh2;
        std::vector<std::array<double, 3>> fresh3;
        const int layer = shownLayer();
        const bool three = m_paretoColour->currentData().toInt() >= 0;
        for (const EvaluatedPoint& p : run.takeEvaluatedPoints()) {
            if (store.size() >= kMaxPointsPerRun)
                break;
            store.push_back(p);
            if (&run != selected || (grouped() && p.group != layer))
                continue;
            const QPointF xy = paretoPoint(p);
            if (three)
                fresh3.push_back({xy.x(), xy.y(), paretoColour(p)});
            else
                fresh2.push_back(xy);
        }
        if (!fresh2.empty())
            m_pareto->append(std::span<const QPointF>(fresh2));
        if (!fresh3.empty())
            m_pareto->append(std::span<const std::array<double, 3>>(fresh3));
        for (const std::string& text : run.takeMessages())
            Q_EMIT message(qs(text));
    }
    m_model->refresh();
    refreshBest();
    updateButtons();
    Q_EMIT drained();
    if (active)
        m_drainTimer.start(kRefreshWhileRunningMs); // keep progress, wall time and ETA moving
}

QHash<QString, QList<QPointF>> RunsPanel::metricHistory(int runId) const { return m_history.value(runId); }

std::span<const EvaluatedPoint> RunsPanel::evaluatedPoints(int runId) const
{
    const auto it = m_evaluated.constFind(runId);
    return it == m_evaluated.cend() ? std::span<const EvaluatedPoint>() : std::span<const EvaluatedPoint>(*it);
}

QStringList RunsPanel::metricNames() const
{
    QStringList names;
    for (int i = 0; i < m_curveMetric->count(); ++i) {
        const QString raw = rawName(m_curveMetric->itemData(i).toString());
        if (!names.contains(raw))
            names.append(raw);
    }
    return names;
}

bool RunsPanel::selectMetric(const QString& name)
{
    for (int i = 0; i < m_curveMetric->count(); ++i) {
        const QString key = m_curveMetric->itemData(i).toString();
        if (key == name || rawName(key) == name) {
            m_curveMetric->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

QString RunsPanel::currentMetric() const { return rawName(m_curveMetric->currentData().toString()); }

void RunsPanel::setCompareAcrossSetups(bool on) { m_acrossSetups->setChecked(on); }

QString RunsPanel::hiddenCurvesNote() const { return m_hiddenNote->isVisibleTo(this) ? m_hiddenNote->text() : QString(); }

void RunsPanel::applyMetricLabel()
{
    const QString key = m_curveMetric->currentData().toString();
    if (key.isEmpty())
        return;
    const QString objective = keyObjective(key);
    const MetricLabel label = metricLabel(rawName(key), *m_kind,
                                          objective.isEmpty() ? defaultOptimizerSettings(*m_kind).objective : objective.toStdString());
    m_curves->setTitle(label.title);
    m_curves->setAxisTitles(label.xTitle, label.yAxis, label.unit);
    m_curves->setIntegerX(label.integerX);
    // A best so far holds between its improvements and after the last one: steps up to the
    // run's last sample, not lines between improvements that stop at the last of them.
    m_curves->setStepped(label.bestSoFar);
    m_logY->setChecked(label.logY);
    m_curves->setLogY(label.logY);
    m_curveHelp->setText(label.help);
    m_curveMetric->setToolTip(label.help);
}

void RunsPanel::onSelectionChanged()
{
    updateButtons();
    syncLayerChooser();
    refillPareto();
    refreshBest();
}

int RunsPanel::shownLayer() const { return std::max(0, m_bestLayer->currentIndex()); }

bool RunsPanel::grouped() const { return !m_kind->info().pointGroupLabel.empty(); }

void RunsPanel::syncLayerChooser()
{
    if (!grouped())
        return;
    std::vector<std::string> groups;
    if (const OptimizerRun* run = selectedRun())
        groups = m_kind->pointGroups(run->settings().inputs);
    else if (m_inputs)
        groups = m_kind->pointGroups(*m_inputs);
    else
        return;
    bool same = m_bestLayer->count() == int(groups.size());
    for (int i = 0; same && i < m_bestLayer->count(); ++i)
        same = m_bestLayer->itemText(i).toStdString() == groups[std::size_t(i)];
    if (same)
        return;
    const QSignalBlocker block(m_bestLayer);
    m_bestLayer->clear();
    for (const std::string& g : groups)
        m_bestLayer->addItem(qs(g));
}

QPointF RunsPanel::paretoPoint(const EvaluatedPoint& p) const
{
    const int x = m_paretoX->currentData().toInt(), y = m_paretoY->currentData().toInt();
    return {p.values[std::size_t(std::clamp(x, 0, kMaxObjectives - 1))], p.values[std::size_t(std::clamp(y, 0, kMaxObjectives - 1))]};
}

double RunsPanel::paretoColour(const EvaluatedPoint& p) const
{
    return p.values[std::size_t(std::clamp(m_paretoColour->currentData().toInt(), 0, kMaxObjectives - 1))];
}

std::vector<EvaluatedPoint> RunsPanel::evaluatedAt(const ParetoPoint& point) const
{
    std::vector<EvaluatedPoint> out;
    const OptimizerRun* run = selectedRun();
    if (!run)
        return out;
    const bool three = m_paretoColour->currentData().toInt() >= 0;
    const int layer = shownLayer();
    for (const EvaluatedPoint& p : m_evaluated.value(run->id())) {
        const QPointF xy = paretoPoint(p);
        if ((!grouped() || p.group == layer) && xy.x() == point.values[0] && xy.y() == point.values[1] &&
            (!three || paretoColour(p) == point.values[2]))
            out.push_back(p);
    }
    return out;
}

QString RunsPanel::paretoDesignText(const ParetoPoint& point) const
{
    const OptimizerRun* run = selectedRun();
    if (!run || !run->job())
        return {};
    const std::size_t n = m_kind->objectives().size();
    std::string design;
    const std::vector<EvaluatedPoint> drawn = evaluatedAt(point);
    for (auto it = drawn.begin(); it != drawn.end() && design.empty(); ++it)
        design = run->job()->designText(std::span<const double>(it->values.data(), n));
    if (design.empty())
        return {};
    // name=value, three to a line.
    QStringList lines;
    const QStringList parts = qs(design).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < parts.size(); i += 3)
        lines << parts.mid(i, 3).join(QStringLiteral("    "));
    lines << tr("Click to open this %1 as the current one").arg(qs(m_kind->info().resultNoun));
    return lines.join(QLatin1Char('\n'));
}

void RunsPanel::openParetoPoint(const ParetoPoint& point)
{
    const OptimizerRun* run = selectedRun();
    if (!run || !run->job())
        return;
    const std::vector<EvaluatedPoint> drawn = evaluatedAt(point);
    if (drawn.empty())
        return;
    // Of the designs drawn there (the same values shown), the one the run holds.
    const auto objectives = m_kind->objectives();
    std::span<const double> values;
    std::string json;
    for (auto it = drawn.begin(); it != drawn.end() && json.empty(); ++it) {
        values = std::span<const double>(it->values.data(), objectives.size());
        json = run->job()->designDocument(values);
    }
    const QString noun = qs(m_kind->info().resultNoun);
    if (json.empty()) {
        const std::string held = run->job()->heldDesigns();
        Q_EMIT message(held.empty() ? tr("Only a run's best %1 can be opened (Show best %1)").arg(noun)
                                    : tr("This %1 was not kept: a run keeps %2").arg(noun, qs(held)));
        return;
    }
    // Named by the values the chart shows (x, y and the colour's).
    QStringList at;
    for (QComboBox* c : {m_paretoX, m_paretoY, m_paretoColour}) {
        const int i = c->currentData().toInt();
        if (i >= 0 && std::size_t(i) < objectives.size())
            at << qs(formatQuantity(values[std::size_t(i)], objectives[std::size_t(i)].unit, 4));
    }
    Q_EMIT resultRequested(qs(json),
                           tr("%1 of run %2 at %3").arg(noun, m_model->titleAt(selectedRow()), at.join(QStringLiteral(", "))));
}

void RunsPanel::refillPareto()
{
    m_pareto->clear();
    const auto objectives = m_kind->objectives();
    const auto objectiveAt = [&](QComboBox* c) -> const ObjectiveInfo& {
        return objectives[std::size_t(std::clamp(c->currentData().toInt(), 0, int(objectives.size()) - 1))];
    };
    const ObjectiveInfo& ox = objectiveAt(m_paretoX);
    const ObjectiveInfo& oy = objectiveAt(m_paretoY);
    m_pareto->setAxes(qs(ox.label), qs(ox.unit), qs(oy.label), qs(oy.unit));
    const bool three = m_paretoColour->currentData().toInt() >= 0;
    if (three) {
        const ObjectiveInfo& oc = objectiveAt(m_paretoColour);
        m_pareto->setColorDimension(qs(oc.label), qs(oc.unit));
    } else {
        m_pareto->setColorDimension(QString(), QString());
    }
    const OptimizerRun* run = selectedRun();
    if (!run) {
        m_pareto->setTitle(selectedRow() >= 0 ? tr("Evaluated designs are kept for runs of this session only")
                                              : tr("Select a run to see the designs it evaluated"));
        return;
    }
    const int layer = shownLayer();
    m_pareto->setTitle(grouped() ? tr("Designs evaluated for %1, run #%2").arg(m_bestLayer->currentText()).arg(run->id())
                                 : tr("Designs evaluated by run #%1").arg(run->id()));
    std::vector<QPointF> pts2;
    std::vector<std::array<double, 3>> pts3;
    for (const EvaluatedPoint& p : m_evaluated.value(run->id())) {
        if (grouped() && p.group != layer)
            continue;
        const QPointF xy = paretoPoint(p);
        if (three)
            pts3.push_back({xy.x(), xy.y(), paretoColour(p)});
        else
            pts2.push_back(xy);
    }
    if (three)
        m_pareto->append(std::span<const std::array<double, 3>>(pts3));
    else
        m_pareto->append(std::span<const QPointF>(pts2));
}

void RunsPanel::setBestTableLayer(int layer)
{
    syncLayerChooser();
    if (layer >= 0 && layer < m_bestLayer->count())
        m_bestLayer->setCurrentIndex(layer);
}

std::string RunsPanel::bestObjectiveLines(int row, int significant) const
{
    std::string lines;
    for (const auto& [id, v] : m_model->bestAt(row)) {
        if (const ObjectiveInfo* o = m_kind->findObjective(id))
            lines += "  " + o->label + ": " + formatQuantity(v, o->unit, significant) + "\n";
    }
    return lines;
}

void RunsPanel::setResultView(RunResultView* view, const QString& title)
{
    m_resultView = view;
    view->setParent(m_bestTab);
    m_bestTab->layout()->addWidget(view);
    m_bestText->hide();
    m_tabs->setTabText(BestTab, title);
    refreshBest();
}

void RunsPanel::refreshBest()
{
    const int row = selectedRow();
    const OptimizerRun* run = m_model->runAt(row);
    const RunRecord* record = run ? nullptr : m_model->recordAt(row);
    const bool sameSetup = run ? true : (record && m_inputs && record->setupKey == m_setupKey);
    if (m_resultView) {
        syncLayerChooser();
        m_resultView->showResult(run, record, shownLayer(), m_inputs ? &*m_inputs : nullptr, sameSetup);
        updateSaveChart(); // the view may show a chart now, or no longer
        return;
    }
    const std::string json = resultJsonAt(row);
    if (row < 0 || json.empty()) {
        m_bestText->setPlainText(row < 0 ? QString() : tr("No valid design found yet."));
        return;
    }
    std::ostringstream text;
    text << m_model->titleAt(row).toStdString() << ": best " << m_kind->info().resultNoun << "\n"
         << bestObjectiveLines(row, 6) << "\n";
    try {
        const StudyInputs* inputs = run ? &run->settings().inputs : sameSetup ? &*m_inputs : nullptr;
        text << m_kind->describeResult(json, inputs);
    } catch (const std::exception& e) {
        text << e.what() << "\n";
    }
    const QString t = qs(text.str());
    if (m_bestText->toPlainText() != t)
        m_bestText->setPlainText(t);
}

void RunsPanel::rebuildCurves()
{
    m_curves->clear();
    const QString key = m_curveMetric->currentData().toString();
    const QString raw = rawName(key);
    const QString objective = keyObjective(key);
    int otherSetups = 0;
    QStringList otherLabels;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (!curveShown(row)) {
            if (m_model->isVisibleAt(row)) { // hidden because it ran on other inputs
                ++otherSetups;
                const QString label = m_model->index(row, RunListModel::Setup).data().toString();
                if (!otherLabels.contains(label))
                    otherLabels.append(label);
            }
            continue;
        }
        const OptimizerRun* r = m_model->runAt(row);
        const RunRecord* rec = m_model->recordAt(row);
        const std::string runObjective = r ? r->settings().optimizer.objective : rec ? rec->settings.objective : "";
        if (!objective.isEmpty() && qs(runObjective) != objective)
            continue;
        const auto& history = m_history.value(m_model->idAt(row));
        auto it = history.constFind(raw);
        if (it == history.cend() || it->isEmpty())
            continue;
        m_curves->append(m_model->titleAt(row), std::span<const QPointF>(it->constData(), std::size_t(it->size())));
        m_curves->setSeriesColor(m_model->titleAt(row), m_model->colorAt(row));
        if (m_curves->stepped())
            m_curves->holdSeries(m_model->titleAt(row), double(r ? r->evaluations() : rec ? rec->evaluations : 0));
    }
    // Say what is not drawn and why, rather than leaving runs out silently.
    m_hiddenNote->setVisible(otherSetups > 0);
    if (otherSetups > 0)
        m_hiddenNote->setText((otherSetups == 1 ? tr("1 run not drawn") : tr("%1 runs not drawn").arg(otherSetups)) +
                              tr(": made on other inputs (%1), whose values do not compare with the current setup's. "
                                 "Tick \"Runs on other setups\" to draw them.")
                                  .arg(otherLabels.join(QStringLiteral("; "))));
}

void RunsPanel::updateButtons()
{
    const int row = selectedRow();
    const OptimizerRun* r = m_model->runAt(row);
    const RunState s = r ? r->state() : RunState::Pending;
    const bool live = r && (s == RunState::Running || s == RunState::Paused);
    m_pause->setEnabled(live);
    m_pause->setText(s == RunState::Paused ? tr("Resume") : tr("Pause"));
    m_cancel->setEnabled(live);
    // Only a run that has a result can show it (a cancelled exhaustive run may have none).
    bool hasResult = false;
    if (r)
        hasResult = r->job() && r->job()->hasResult();
    else if (const RunRecord* rec = m_model->recordAt(row))
        hasResult = !rec->result.empty();
    m_show->setEnabled(hasResult);
    m_show->setToolTip(hasResult ? tr("Show the selected run's best result in the study's main view (undoable)")
                                 : tr("The selected run has no result to show"));
    m_remove->setEnabled(row >= 0);
    m_exportMetrics->setEnabled(row >= 0);
}

bool RunsPanel::exportMetricsAt(int row, const QString& path, QString* error) const
{
    std::ostringstream csv;
    csv << "name,step,value\n";
    const auto history = m_history.value(m_model->idAt(row));
    for (auto it = history.cbegin(); it != history.cend(); ++it) {
        for (const QPointF& p : *it)
            csv << it.key().toStdString() << ',' << std::int64_t(p.x()) << ',' << formatReal(p.y()) << '\n';
    }
    try {
        writeTextFileAtomic(path.toStdString(), csv.str());
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return false;
    }
    return true;
}

bool RunsPanel::exportRunMetrics(const OptimizerRun& run, const QString& path, QString* error) const
{
    return exportMetricsAt(m_model->rowOf(&run), path, error);
}

void RunsPanel::removeRunAt(int row)
{
    const int id = m_model->idAt(row);
    if (id < 0)
        return;
    OptimizerRun* run = m_model->runAt(row);
    m_model->removeRunAt(row);
    if (run) {
        run->cancel();
        run->wait();
        m_runs.erase(std::remove_if(m_runs.begin(), m_runs.end(), [run](const auto& p) { return p.get() == run; }),
                     m_runs.end());
    }
    m_history.remove(id);
    m_evaluated.remove(id);
    rebuildCurves();
    refillPareto();
    refreshBest();
    updateButtons();
    Q_EMIT runsChanged();
}

RunRecord RunsPanel::recordOf(const OptimizerRun& run) const
{
    RunRecord r;
    r.id = run.id();
    r.settings = run.settings().optimizer;
    const int row = m_model->rowOf(&run);
    r.setup = setupLabel(run.settings().inputs);
    r.setupKey = row >= 0 ? m_model->setupKeyAt(row) : setupKey(run.settings().inputs); // the model's is read once
    const RunState s = run.state();
    // A run still going when the project is saved is kept as "interrupted", with its curves and
    // best result so far (it cannot go on after reopening; a file that said "running" could not
    // be opened at all).
    r.state = s == RunState::Running || s == RunState::Paused || s == RunState::Pending ? "interrupted"
                                                                                          : runStateName(s).toStdString();
    r.error = run.errorMessage().toStdString();
    r.seconds = run.elapsedSeconds();
    r.evaluations = run.evaluations();
    r.progress = s == RunState::Finished ? 1.0 : std::clamp(run.progress(), 0.0, 1.0);
    r.visible = row < 0 || m_model->isVisibleAt(row);
    const auto history = m_history.value(run.id());
    for (auto it = history.cbegin(); it != history.cend(); ++it) {
        RunCurve c;
        c.name = it.key().toStdString();
        std::vector<std::pair<double, double>> pts;
        pts.reserve(std::size_t(it->size()));
        for (const QPointF& p : *it)
            pts.emplace_back(p.x(), p.y());
        c.points = thinSeries(pts, kSavedPointsPerCurve);
        r.curves.push_back(std::move(c));
    }
    std::sort(r.curves.begin(), r.curves.end(), [](const RunCurve& a, const RunCurve& b) { return a.name < b.name; });
    const std::vector<double> best = run.bestObjectives();
    const auto objectives = m_kind->objectives();
    for (std::size_t i = 0; i < best.size() && i < objectives.size(); ++i)
        r.best.emplace_back(objectives[i].id, best[i]);
    r.result = run.resultJson();
    return r;
}

std::vector<RunRecord> RunsPanel::records() const
{
    std::vector<RunRecord> out;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (const OptimizerRun* r = m_model->runAt(row))
            out.push_back(recordOf(*r));
        else if (const RunRecord* rec = m_model->recordAt(row))
            out.push_back(*rec);
    }
    return out;
}

void RunsPanel::restoreRecords(const std::vector<RunRecord>& records)
{
    for (const RunRecord& rec : records) {
        m_model->addRecord(rec, m_studyName);
        auto& history = m_history[rec.id];
        for (const RunCurve& c : rec.curves) {
            QList<QPointF> pts;
            pts.reserve(qsizetype(c.points.size()));
            for (const auto& [x, y] : c.points)
                pts.append(QPointF(x, y));
            const QString name = qs(c.name);
            history.insert(name, pts);
            const QString key = curveKey(name, rec.settings.objective);
            if (m_curveMetric->findData(key) < 0)
                m_curveMetric->addItem(metricLabel(name, *m_kind, rec.settings.objective).title, key);
        }
        m_nextId = std::max(m_nextId, rec.id + 1);
    }
    rebuildCurves();
    updateButtons();
}

int RunsPanel::activeRuns() const
{
    int n = 0;
    for (const auto& r : m_runs)
        n += r->state() == RunState::Running || r->state() == RunState::Paused ? 1 : 0;
    return n;
}

bool RunsPanel::setCompareReference(const QString& optimizerId)
{
    refreshCompare();
    const int i = m_compareRef->findData(optimizerId);
    if (i < 0)
        return false;
    m_compareRef->setCurrentIndex(i);
    return true;
}

void RunsPanel::refreshCompare()
{
    // Runs pool as seeds only when they ran on the very same inputs (their setup key), never
    // because their setups read alike.
    struct Group {
        QString optimizer, objective;
        std::string setupKey;
        QString setup, setupTip; ///< as the run table shows the setup
        std::map<std::string, std::string> options; ///< non-default options (seeds differ within a group)
        QString label;
        std::vector<double> best, toBest, wall;
    };
    std::vector<Group> groups;
    const QString bestMetric = qs(m_kind->info().progressMetric);
    QStringList optimizers;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const OptimizerRun* r = m_model->runAt(row);
        const RunRecord* rec = m_model->recordAt(row);
        if (r && r->state() != RunState::Finished)
            continue;
        if (!r && (!rec || rec->state != "finished"))
            continue;
        const OptimizerSettings& s = r ? r->settings().optimizer : rec->settings;
        std::optional<double> bestValue;
        for (const auto& [id, v] : m_model->bestAt(row))
            if (id == s.objective)
                bestValue = v;
        if (!bestValue)
            continue;
        const double best = *bestValue;
        const ObjectiveInfo* objective = m_kind->findObjective(s.objective);
        const bool higher = objective && objective->higherIsBetter;
        const QString opt = qs(s.id), obj = qs(s.objective);
        const std::string key = m_model->setupKeyAt(row);
        auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
            return g.optimizer == opt && g.objective == obj && g.setupKey == key && g.options == s.options;
        });
        if (it == groups.end()) {
            const QModelIndex setup = m_model->index(row, RunListModel::Setup);
            groups.push_back({opt, obj, key, setup.data().toString(), setup.data(Qt::ToolTipRole).toString(), s.options, opt,
                              {}, {}, {}});
            it = groups.end() - 1;
        }
        it->best.push_back(best);
        const auto& hist = m_history.value(m_model->idAt(row)).value(bestMetric);
        // The first sample at the final best (the driver repeats the best at the run's end).
        double toBest = 0;
        for (const QPointF& p : hist)
            if (higher ? p.y() >= best : p.y() <= best) {
                toBest = p.x();
                break;
            }
        it->toBest.push_back(toBest);
        it->wall.push_back(r ? r->elapsedSeconds() : rec->seconds);
        if (!optimizers.contains(opt))
            optimizers.append(opt);
    }
    // Name each group by its optimizer and the options that tell it from the optimizer's other
    // groups ("marl (agents = 3)" in an agent-budget sweep).
    // A group at an option's default names it too when another group sets it.
    for (Group& g : groups) {
        const OptimizerInfo* info = findOptimizer(*m_kind, g.optimizer.toStdString());
        const auto valueOf = [info](const Group& h, const std::string& key) {
            if (const auto f = h.options.find(key); f != h.options.end())
                return f->second;
            const OptionSpec* spec = info ? info->option(key) : nullptr;
            return spec ? spec->defaultValue : std::string();
        };
        std::set<std::string> keys;
        for (const Group& h : groups)
            if (h.optimizer == g.optimizer)
                for (const auto& kv : h.options)
                    keys.insert(kv.first);
        QStringList differing;
        for (const std::string& key : keys) {
            const std::string value = valueOf(g, key);
            const bool differs = std::any_of(groups.begin(), groups.end(), [&](const Group& h) {
                return h.optimizer == g.optimizer && valueOf(h, key) != value;
            });
            if (differs)
                differing.append(qs(key) + QStringLiteral(" = ") + qs(value));
        }
        if (!differing.isEmpty())
            g.label += QStringLiteral(" (") + differing.join(QStringLiteral(", ")) + QLatin1Char(')');
    }
    std::stable_sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) {
        return std::tie(a.setup, a.setupKey, a.objective) < std::tie(b.setup, b.setupKey, b.objective);
    });
    std::set<std::string> setups;
    for (const Group& g : groups)
        setups.insert(g.setupKey);
    const QString groupCount = groups.size() == 1 ? tr("1 group") : tr("%1 groups").arg(groups.size());
    const QString setupCount = setups.size() == 1 ? tr("1 setup") : tr("%1 setups").arg(setups.size());
    m_compareSummary->setText(groups.empty() ? tr("No finished runs") : tr("%1 on %2").arg(groupCount, setupCount));
    {
        const QSignalBlocker block(m_compareRef);
        const QString current = m_compareRef->currentData().toString();
        m_compareRef->clear();
        for (const QString& o : optimizers)
            m_compareRef->addItem(o, o);
        int i = m_compareRef->findData(current.isEmpty() ? QStringLiteral("marl") : current);
        m_compareRef->setCurrentIndex(i >= 0 ? i : 0);
    }
    const QString ref = m_compareRef->currentData().toString();
    m_compare->setRowCount(int(groups.size()));
    for (int i = 0; i < int(groups.size()); ++i) {
        const Group& g = groups[std::size_t(i)];
        const ObjectiveInfo* o = m_kind->findObjective(g.objective.toStdString());
        const std::string unit = o ? o->unit : std::string();
        const auto [m, sd] = meanStd(g.best);
        // The reference: that optimizer's best group on the same objective and setup (the very
        // same inputs: values on other inputs do not compare).
        double refMean = 0;
        for (const Group& h : groups)
            if (h.optimizer == ref && h.objective == g.objective && h.setupKey == g.setupKey) {
                const double mh = meanStd(h.best).first;
                const bool higher = o && o->higherIsBetter;
                refMean = refMean > 0 ? (higher ? std::max(refMean, mh) : std::min(refMean, mh)) : mh;
            }
        const QStringList cells{g.label,
                                o ? qs(o->label) : g.objective,
                                g.setup,
                                QString::number(g.best.size()),
                                meanPlusMinus(m, sd, unit),
                                refMean > 0 ? QString::number(m / refMean, 'f', 3) : QStringLiteral("–"),
                                qs(formatQuantity(meanStd(g.toBest).first, "", 3)),
                                QStringLiteral("%1 s").arg(meanStd(g.wall).first, 0, 'f', 2)};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c >= 3)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == 2)
                item->setToolTip(g.setupTip);
            m_compare->setItem(i, c, item);
        }
    }
}

} // namespace mapscape
