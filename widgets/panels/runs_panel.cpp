// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/panels/runs_panel.h"

#include "core/io/file_util.h"
#include "core/runner/optimizer_run.h"
#include "core/util/strings.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/delegates/progress_delegate.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/views/scheduling_table_view.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <sstream>

namespace mapscape {

namespace {
constexpr int kDrainDelayMs = 40;       ///< first notice → drain (≤ 25 Hz)
constexpr int kRefreshWhileRunningMs = 250;
constexpr std::size_t kMaxPointsPerRun = 1'000'000;
const QString kDefaultCurve = QStringLiteral("search/best_total");

/// A run's series in the curve chart: "#3 ppo".
QString seriesName(const OptimizerRun& run)
{
    return QStringLiteral("#%1 %2").arg(run.id()).arg(QString::fromStdString(run.settings().optimizer));
}
} // namespace

RunsPanel::RunsPanel(QWidget* parent)
    : QWidget(parent)
{
    m_panel = new OptimizerPanel(this);
    m_panel->setMinimumWidth(280);
    m_panel->setMaximumWidth(360);

    m_model = new RunListModel(this);
    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);
    m_table->setItemDelegateForColumn(RunListModel::Progress, new ProgressDelegate(RunListModel::SortRole, m_table));

    m_pause = new QPushButton(tr("Pause"), this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_show = new QPushButton(tr("Show best mapping"), this);
    m_exportMetrics = new QPushButton(tr("Metrics CSV…"), this);
    m_exportMetrics->setToolTip(tr("Write the selected run's recorded metrics as CSV"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_pause);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_show);
    buttons->addWidget(m_exportMetrics);
    buttons->addStretch(1);

    m_curveMetric = new QComboBox(this);
    m_curveMetric->setMinimumContentsLength(22);
    m_curveMetric->addItem(kDefaultCurve);
    m_curves = new LiveLineChart(this);
    m_curves->setAxisTitles(tr("step"), QString());
    m_curves->setTitle(kDefaultCurve);
    auto* curveTab = new QWidget(this);
    auto* curveLayout = new QVBoxLayout(curveTab);
    auto* chooser = new QHBoxLayout;
    chooser->addWidget(new QLabel(tr("Metric"), curveTab));
    chooser->addWidget(m_curveMetric, 1);
    curveLayout->addLayout(chooser);
    curveLayout->addWidget(m_curves, 1);

    m_pareto = new ParetoChart(this);

    auto* tabs = new QTabWidget(this);
    m_tabs = tabs;
    tabs->addTab(curveTab, tr("Curves"));
    tabs->addTab(m_pareto, tr("Pareto"));
    auto* bestTab = new QWidget(this);
    auto* bestLayout = new QVBoxLayout(bestTab);
    m_bestView = new SchedulingTableView(bestTab);
    bestLayout->addWidget(new QLabel(tr("Highlighted: the rows of the latest row search on this layer."), bestTab));
    bestLayout->addWidget(m_bestView);
    bestLayout->addStretch(1);
    tabs->addTab(bestTab, tr("Best table"));
    // The layer the Pareto and best-table views show.
    m_bestLayer = new QComboBox(this);
    m_bestLayer->setMinimumContentsLength(16);
    auto* layerRow = new QHBoxLayout;
    layerRow->addWidget(new QLabel(tr("Layer"), this));
    layerRow->addWidget(m_bestLayer);
    layerRow->addStretch(1);
    auto* viewsBox = new QWidget(this);
    auto* viewsLayout = new QVBoxLayout(viewsBox);
    viewsLayout->setContentsMargins(0, 0, 0, 0);
    viewsLayout->addLayout(layerRow);
    viewsLayout->addWidget(tabs, 1);
    connect(m_bestLayer, &QComboBox::currentIndexChanged, this, [this] {
        refillPareto();
        refreshBestTable();
    });
    m_saveChart = new QPushButton(tr("Save chart…"), this);
    m_saveChart->setToolTip(tr("Write the visible chart as PNG or SVG"));
    tabs->setCornerWidget(m_saveChart);
    connect(m_saveChart, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save chart"), QStringLiteral("chart.png"),
                                                          tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (path.isEmpty())
            return;
        QString error;
        const bool ok = m_tabs->currentIndex() == 0 ? m_curves->exportTo(path, &error) : m_pareto->exportTo(path, &error);
        Q_EMIT message(ok ? tr("Wrote %1").arg(path) : error);
    });

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

    m_drainTimer.setSingleShot(true);
    connect(&m_drainTimer, &QTimer::timeout, this, &RunsPanel::drain);
    connect(m_panel, &OptimizerPanel::startRequested, this, &RunsPanel::startRun);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &RunsPanel::onSelectionChanged);
    connect(m_curveMetric, &QComboBox::currentTextChanged, this, &RunsPanel::rebuildCurves);
    connect(m_pause, &QPushButton::clicked, this, [this] {
        if (OptimizerRun* r = selectedRun())
            r->state() == RunState::Paused ? r->resume() : r->pause();
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (OptimizerRun* r = selectedRun())
            r->cancel();
    });
    connect(m_exportMetrics, &QPushButton::clicked, this, [this] {
        const OptimizerRun* r = selectedRun();
        if (!r)
            return;
        const QString path = QFileDialog::getSaveFileName(this, tr("Export run metrics"),
                                                          QStringLiteral("run-%1-metrics.csv").arg(r->id()),
                                                          tr("CSV files (*.csv)"));
        QString error;
        if (!path.isEmpty() && !exportRunMetrics(*r, path, &error))
            Q_EMIT message(error);
    });
    connect(m_show, &QPushButton::clicked, this, [this] {
        if (OptimizerRun* r = selectedRun())
            Q_EMIT mappingRequested(bestMapping(*r));
    });
    updateButtons();
}

RunsPanel::~RunsPanel()
{
    for (auto& r : m_runs)
        r->cancel();
    m_runs.clear(); // joins
}

void RunsPanel::setProblem(const Accelerator& accelerator, const Network& network)
{
    m_accelerator = accelerator;
    m_network = network;
}

OptimizerRun* RunsPanel::startRun()
{
    if (!m_accelerator || !m_network) {
        Q_EMIT message(tr("Choose an accelerator and a network first."));
        return nullptr;
    }
    RunSettings s = m_panel->settings();
    s.accelerator = *m_accelerator;
    s.network = *m_network;
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
        Q_EMIT message(tr("%1 %2 in %3 s").arg(run->title(), runStateName(run->state())).arg(run->elapsedSeconds(), 0, 'f', 2));
        Q_EMIT runFinished(run);
    });
    m_runs.push_back(std::move(owned));
    m_model->addRun(run);
    if (!run->start()) {
        Q_EMIT message(tr("Run #%1 not started: %2").arg(run->id()).arg(run->errorMessage()));
        return nullptr;
    }
    m_table->selectRow(m_model->rowOf(run));
    Q_EMIT message(tr("Started %1").arg(run->title()));
    return run;
}

Mapping RunsPanel::bestMapping(const OptimizerRun& run) const
{
    Mapping m = mappingOf(run.settings().network, run.bestSoFar());
    m.accelerator = run.settings().accelerator.name;
    m.metric = std::string(metricName(run.settings().metric));
    m.source = "mapscape " + run.settings().optimizer + " run #" + std::to_string(run.id()) + " seed " +
               std::to_string(run.settings().seed);
    return m;
}

OptimizerRun* RunsPanel::selectedRun() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    return rows.isEmpty() ? nullptr : m_model->runAt(rows.front().row());
}

void RunsPanel::scheduleDrain()
{
    if (!m_drainTimer.isActive())
        m_drainTimer.start(kDrainDelayMs);
}

void RunsPanel::drain()
{
    const OptimizerRun* selected = selectedRun();
    const QString curve = m_curveMetric->currentText();
    bool active = false;
    for (auto& owned : m_runs) {
        OptimizerRun& run = *owned;
        active = active || run.state() == RunState::Running || run.state() == RunState::Paused;
        auto& history = m_history[run.id()];
        QList<QPointF> curvePoints;
        for (MetricPoint& p : run.takeMetrics()) {
            const QString name = QString::fromStdString(p.name);
            auto it = history.find(name);
            if (it == history.end()) {
                it = history.insert(name, {});
                if (m_curveMetric->findText(name) < 0)
                    m_curveMetric->addItem(name);
            }
            it->append(QPointF(double(p.step), p.value));
            if (name == curve)
                curvePoints.append(QPointF(double(p.step), p.value));
        }
        if (!curvePoints.isEmpty())
            m_curves->append(seriesName(run), curvePoints);
        auto& store = m_evaluated[run.id()];
        QList<QPointF> fresh;
        const int layer = shownLayer();
        for (const EvaluatedPoint& p : run.takeEvaluatedPoints()) {
            if (store.size() >= kMaxPointsPerRun)
                break;
            store.push_back(p);
            if (&run == selected && p.layer == layer)
                fresh.append(QPointF(p.cycles, p.energy));
        }
        if (!fresh.isEmpty())
            m_pareto->append(std::span<const QPointF>(fresh.constData(), std::size_t(fresh.size())));
        for (const std::string& text : run.takeMessages())
            Q_EMIT message(QString::fromStdString(text));
    }
    m_model->refresh();
    refreshBestTable();
    if (active)
        m_drainTimer.start(kRefreshWhileRunningMs); // keep progress, wall time and ETA moving
}

QStringList RunsPanel::metricNames() const
{
    QStringList names;
    for (int i = 0; i < m_curveMetric->count(); ++i)
        names.append(m_curveMetric->itemText(i));
    return names;
}

void RunsPanel::onSelectionChanged()
{
    updateButtons();
    syncLayerChooser(selectedRun());
    refillPareto();
    refreshBestTable();
}

int RunsPanel::shownLayer() const { return std::max(0, m_bestLayer->currentIndex()); }

void RunsPanel::syncLayerChooser(const OptimizerRun* run)
{
    if (!run || !run->problem())
        return;
    const Network& net = run->problem()->network;
    bool same = m_bestLayer->count() == int(net.layers.size());
    for (int i = 0; same && i < m_bestLayer->count(); ++i)
        same = m_bestLayer->itemText(i).toStdString() == net.layers[std::size_t(i)].name;
    if (same)
        return;
    const QSignalBlocker block(m_bestLayer);
    m_bestLayer->clear();
    for (const Layer& l : net.layers)
        m_bestLayer->addItem(QString::fromStdString(l.name));
}

void RunsPanel::refillPareto()
{
    m_pareto->clear();
    const OptimizerRun* run = selectedRun();
    if (!run)
        return;
    const int layer = shownLayer();
    m_pareto->setTitle(tr("Evaluated schedules of %1, run #%2").arg(m_bestLayer->currentText()).arg(run->id()));
    QList<QPointF> pts;
    for (const EvaluatedPoint& p : m_evaluated.value(run->id())) {
        if (p.layer == layer)
            pts.append(QPointF(p.cycles, p.energy));
    }
    m_pareto->append(std::span<const QPointF>(pts.constData(), std::size_t(pts.size())));
}

void RunsPanel::setBestTableLayer(int layer)
{
    if (layer >= 0 && layer < m_bestLayer->count())
        m_bestLayer->setCurrentIndex(layer);
}

void RunsPanel::refreshBestTable()
{
    const OptimizerRun* run = selectedRun();
    if (!run || !run->problem()) {
        m_bestView->clear();
        return;
    }
    const Network& net = run->problem()->network;
    syncLayerChooser(run);
    const int layer = std::max(0, m_bestLayer->currentIndex());
    const auto best = run->bestSoFar();
    if (layer >= int(best.size()) || !best[std::size_t(layer)].found) {
        m_bestView->clear();
        return;
    }
    const LayerBest& b = best[std::size_t(layer)];
    m_bestView->setTable(run->problem()->model,
                         net.layers[std::size_t(layer)].name + " — best of run #" + std::to_string(run->id()), b.table,
                         b.evaluation);
    m_bestView->setHighlight(run->lastSearchedRows(layer));
}

void RunsPanel::rebuildCurves()
{
    m_curves->clear();
    const QString curve = m_curveMetric->currentText();
    m_curves->setTitle(curve);
    for (const auto& owned : m_runs) {
        const auto& history = m_history.value(owned->id());
        auto it = history.constFind(curve);
        if (it != history.cend() && !it->isEmpty())
            m_curves->append(seriesName(*owned), std::span<const QPointF>(it->constData(), std::size_t(it->size())));
    }
}

void RunsPanel::updateButtons()
{
    const OptimizerRun* r = selectedRun();
    const RunState s = r ? r->state() : RunState::Pending;
    const bool live = r && (s == RunState::Running || s == RunState::Paused);
    m_pause->setEnabled(live);
    m_pause->setText(s == RunState::Paused ? tr("Resume") : tr("Pause"));
    m_cancel->setEnabled(live);
    m_show->setEnabled(r && s != RunState::Failed);
    m_exportMetrics->setEnabled(r != nullptr);
}

bool RunsPanel::exportRunMetrics(const OptimizerRun& run, const QString& path, QString* error) const
{
    std::ostringstream csv;
    csv << "name,step,value\n";
    const auto history = m_history.value(run.id());
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

} // namespace mapscape
