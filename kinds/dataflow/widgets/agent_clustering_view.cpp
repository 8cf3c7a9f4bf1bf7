// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dataflow/core/dataflow_study.h"
#include "kinds/dataflow/widgets/agent_clustering_view.h"
#include "widgets/study/view_cells.h"

#include "kinds/dataflow/core/dataflow_space.h"
#include "widgets/charts/dendrogram_widget.h"
#include "widgets/editors/number_edit.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPixmap>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace mapscape {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

/// Groups renumbered 0.. in order of first appearance.
std::vector<int> renumbered(const std::vector<int>& groups)
{
    std::vector<int> seen, out;
    for (int g : groups) {
        auto it = std::find(seen.begin(), seen.end(), g);
        if (it == seen.end()) {
            seen.push_back(g);
            out.push_back(int(seen.size()) - 1);
        } else {
            out.push_back(int(it - seen.begin()));
        }
    }
    return out;
}

/// The agent budgets of the paper's Fig. 6.
constexpr int kSweepBudgets[] = {1, 2, 3, 6, 9, 10};

} // namespace

AgentClusteringView::AgentClusteringView(RunsPanel* runs, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
{
    // Pre-pass settings.
    m_policy = new QComboBox(this);
    m_policy->addItem(tr("Random walk"), QStringLiteral("random"));
    m_policy->addItem(tr("Genetic algorithm"), QStringLiteral("ga"));
    m_policy->setToolTip(tr("How the samples that are correlated are collected (Algorithm 1's exploration policy)"));
    // Numbers are read when committed and kept as typed; a refused one says why in its tooltip
    // (the spin box with group separators changed what was typed while it was typed).
    m_samples = new NumberEdit(this);
    m_samples->setRange(100, 2'000'000);
    m_samples->setValue(20000);
    m_samples->setFieldName(tr("Samples"));
    m_samples->setToolTip(tr("Pre-pass samples; they are not counted in MARL's training budget"));
    m_top = new NumberEdit(this);
    m_top->setRange(1, 100);
    m_top->setValue(15);
    m_top->setFieldName(tr("Keep best (%)"));
    m_top->setToolTip(tr("Only the best samples by the objective are correlated (the paper keeps 15 %)"));
    m_objective = new QComboBox(this);
    for (const ObjectiveInfo& o : dataflowObjectives())
        m_objective->addItem(qs(o.label), qs(o.id));
    m_objective->setToolTip(tr("The objective that ranks the samples"));
    m_seed = new NumberEdit(this);
    m_seed->setRange(0, std::numeric_limits<qint64>::max());
    m_seed->setValue(1);
    m_seed->setFieldName(tr("Seed"));
    m_seed->setToolTip(tr("The same seed and inputs give the same clustering (and MARL's own pre-pass with this seed "
                          "gives the same groups)"));
    m_clusterButton = new QPushButton(tr("Cluster"), this);
    m_clusterButton->setToolTip(tr("Sample the space, correlate the best samples and cluster the parameters"));
    m_status = new QLabel(tr("Press \u201cCluster\u201d to group the parameters into agents."), this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* settings = new QHBoxLayout;
    settings->addWidget(new QLabel(tr("Policy"), this));
    settings->addWidget(m_policy);
    settings->addWidget(new QLabel(tr("Samples"), this));
    settings->addWidget(m_samples);
    settings->addWidget(new QLabel(tr("Keep best (%)"), this));
    settings->addWidget(m_top);
    settings->addWidget(new QLabel(tr("Objective"), this));
    settings->addWidget(m_objective);
    settings->addWidget(new QLabel(tr("Seed"), this));
    settings->addWidget(m_seed);
    settings->addWidget(m_clusterButton);
    settings->addStretch(1);

    // Views: correlation, dendrogram, groups.
    m_heatmap = new HeatmapWidget(this);
    m_heatmap->setScale(HeatmapScale::Linear);
    m_heatmap->setFixedRange(0, 1);
    m_heatmap->setToolTip(tr("|Pearson r| between two parameters' values over the best samples, in dendrogram order: "
                             "bright blocks on the diagonal are parameters that move together; the last row and "
                             "column are the objective (for reference, not clustered)"));
    m_dendrogram = new DendrogramWidget(this);
    m_agents = new NumberEdit(this);
    m_agents->setRange(1, 1);
    m_agents->setValue(1);
    m_agents->setFieldName(tr("Agents"));
    m_agents->setToolTip(tr("Number of agents B: the dendrogram is cut into this many groups"));
    auto* dendroBox = new QWidget(this);
    auto* dendroLayout = new QVBoxLayout(dendroBox);
    dendroLayout->setContentsMargins(0, 0, 0, 0);
    auto* cutRow = new QHBoxLayout;
    cutRow->addWidget(new QLabel(tr("Agents"), dendroBox));
    cutRow->addWidget(m_agents);
    cutRow->addWidget(new QLabel(tr("(or drag the dashed cut)"), dendroBox));
    cutRow->addStretch(1);
    dendroLayout->addLayout(cutRow);
    dendroLayout->addWidget(m_dendrogram, 1);

    m_groups = new QTableWidget(0, 3, this);
    cells::setColumns(m_groups, {{tr("Parameter"), tr("A free mapping parameter (one with more than one allowed value)")},
                                 {tr("Agent"), tr("The MARL agent that chooses it: the dendrogram's cut, or your move")},
                                 {tr("Most correlated with"), tr("The parameter whose values correlate most with this one's over "
                                                                  "the best samples (|r|, 0 to 1)")}});
    m_groups->verticalHeader()->hide();
    m_groups->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_groups->horizontalHeader()->setStretchLastSection(true);
    m_groups->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_groups->setWordWrap(false);
    m_groups->setToolTip(tr("The agent that owns each free parameter; change one by hand to override the clustering"));
    m_use = new QPushButton(tr("Use for MARL"), this);
    m_use->setToolTip(tr("Select MARL on the Optimize tab with these agents (the groups option)"));
    m_sweep = new QPushButton(tr("Sweep agent budget"), this);
    m_sweep->setToolTip(tr("Start MARL runs with B = 1, 2, 3, 6, 9 and 10 agents (clustered by MARL's own pre-pass "
                           "with these settings) and compare their curves on the Optimize tab"));
    auto* groupsBox = new QWidget(this);
    auto* groupsLayout = new QVBoxLayout(groupsBox);
    groupsLayout->setContentsMargins(0, 0, 0, 0);
    groupsLayout->addWidget(m_groups, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_use);
    buttons->addWidget(m_sweep);
    buttons->addStretch(1);
    groupsLayout->addLayout(buttons);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_heatmap);
    split->addWidget(dendroBox);
    split->addWidget(groupsBox);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 2);
    split->setSizes({560, 480, 360});
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(settings);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    m_watcher = new QFutureWatcher<Outcome>(this);
    connect(m_watcher, &QFutureWatcher<Outcome>::finished, this, &AgentClusteringView::showOutcome);
    connect(m_clusterButton, &QPushButton::clicked, this, [this] {
        if (busy()) {
            m_stop->request_stop();
            return;
        }
        cluster();
    });
    connect(m_agents, &NumberEdit::valueCommitted, this, [this](qint64 b) {
        if (!m_updating)
            m_dendrogram->setClusters(int(b));
    });
    connect(m_dendrogram, &DendrogramWidget::cutChanged, this, [this](int b) {
        m_manual.clear();
        m_dendrogram->setLeafGroups({});
        const bool was = m_updating;
        m_updating = true;
        m_agents->setValue(b);
        m_updating = was;
        refreshGroups();
    });
    connect(m_use, &QPushButton::clicked, this, [this] { useForMarl(); });
    connect(m_sweep, &QPushButton::clicked, this, [this] { sweepAgentBudget(); });
    refreshGroups();
}

AgentClusteringView::~AgentClusteringView()
{
    if (m_stop)
        m_stop->request_stop();
    m_watcher->waitForFinished();
}

void AgentClusteringView::setInputs(const DataflowInputs& inputs)
{
    if (m_inputs && *m_inputs == inputs)
        return;
    m_inputs = inputs;
    if (m_result && !m_stale) {
        m_stale = true;
        m_status->setText(m_status->text() + tr("\nThe layer, hardware or space changed since: press \u201cCluster\u201d "
                                                "again before using these groups."));
    }
    refreshGroups();
}

void AgentClusteringView::setPrepass(const QString& policy, int samples, int topPercent, const QString& objective, int seed)
{
    if (const int i = m_policy->findData(policy); i >= 0)
        m_policy->setCurrentIndex(i);
    m_samples->setValue(samples);
    m_top->setValue(topPercent);
    if (const int i = m_objective->findData(objective); i >= 0)
        m_objective->setCurrentIndex(i);
    m_seed->setValue(seed);
}

bool AgentClusteringView::busy() const { return m_watcher->isRunning(); }

void AgentClusteringView::waitForClustering()
{
    // Finished but not yet shown counts too (the watcher's signal is queued).
    if (m_watcher->future().isValid()) {
        m_watcher->waitForFinished();
        showOutcome();
    }
}

bool AgentClusteringView::cluster()
{
    if (!m_inputs) {
        m_status->setText(tr("Choose a layer and hardware first."));
        return false;
    }
    std::shared_ptr<const DataflowProblem> problem;
    try {
        problem = std::make_shared<const DataflowProblem>(m_inputs->layer, m_inputs->hardware, m_inputs->space,
                                                          m_objective->currentData().toString().toStdString());
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot cluster: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    if (m_stop)
        m_stop->request_stop();
    m_stop = std::make_shared<std::stop_source>();
    QStringList names;
    for (const Parameter& p : problem->parameters())
        names.append(qs(p.label)); // readable names ("Per-PE tile of K"), not ids (tile_K)
    const ClusterPolicy policy = m_policy->currentData().toString() == QStringLiteral("ga") ? ClusterPolicy::Genetic
                                                                                            : ClusterPolicy::Random;
    const std::int64_t samples = m_samples->value();
    const double top = double(m_top->value()) / 100.0;
    const std::uint64_t seed = std::uint64_t(m_seed->value());
    const int agents = int(m_agents->value());
    const std::stop_token stop = m_stop->get_token();
    m_status->setText(tr("Sampling %1 points (%2)…").arg(QLocale().toString(qlonglong(samples)), m_policy->currentText()));
    m_clusterButton->setText(tr("Cancel"));
    m_watcher->setFuture(QtConcurrent::run([problem, names, policy, samples, top, seed, agents, stop] {
        Outcome o;
        o.names = names;
        try {
            o.clustering = clusterFromPrepass(*problem, policy, samples, top, std::max(1, agents), seed, stop);
        } catch (const std::exception& e) {
            o.error = QString::fromUtf8(e.what());
        }
        return o;
    }));
    return true;
}

void AgentClusteringView::showOutcome()
{
    m_clusterButton->setText(tr("Cluster"));
    if (!m_watcher->future().isValid() || m_watcher->future().resultCount() == 0)
        return;
    const Outcome o = m_watcher->future().result();
    m_watcher->setFuture(QFuture<Outcome>()); // shown once
    if (!o.error.isEmpty()) {
        m_status->setText(tr("Cannot cluster: %1").arg(o.error));
        Q_EMIT message(tr("Clustering failed: %1").arg(o.error));
        return;
    }
    if (!o.clustering || o.clustering->cancelled) {
        m_status->setText(tr("Clustering cancelled."));
        return;
    }
    m_result = o.clustering;
    m_paramNames = o.names;
    m_manual.clear();
    m_stale = false;
    const PrepassClustering& c = *m_result;
    const int n = int(c.freeParameters.size());
    QStringList freeNames, fixedNames;
    for (int i : c.freeParameters)
        freeNames.append(m_paramNames.value(i));
    for (const QString& name : m_paramNames)
        if (!freeNames.contains(name))
            fixedNames.append(name);
    // The correlation matrix in dendrogram order, so that groups show as blocks, with the
    // objective as a last row and column for reference (it is not clustered).
    const std::vector<int> order = c.clustering.tree.order();
    const int m = n + 1;
    const auto at = [&](int i, int j) {
        if (i == n && j == n)
            return 1.0;
        if (i == n || j == n)
            return c.clustering.objectiveCorrelation(order[std::size_t(i == n ? j : i)]);
        return c.clustering.correlation(order[std::size_t(i)], order[std::size_t(j)]);
    };
    HeatmapData h;
    h.rows = h.cols = m;
    h.values.resize(std::size_t(m) * std::size_t(m));
    for (int i = 0; i < m; ++i) {
        h.rowLabels.append(i == n ? m_objective->currentText() : freeNames.value(order[std::size_t(i)]));
        for (int j = 0; j < m; ++j) {
            h.values[std::size_t(i) * std::size_t(m) + std::size_t(j)] = at(i, j);
            h.notes.append(i == n || j == n ? tr("the objective: shown for reference, not clustered") : QString());
        }
    }
    h.colLabels = h.rowLabels;
    h.title = tr("|r| over the best %1 samples").arg(QLocale().toString(c.clustering.eliteSamples));
    h.rowTitle = tr("Parameter");
    h.colTitle = tr("Parameter");
    h.valueTitle = tr("|r|");
    m_heatmap->setData(std::move(h));
    const bool was = m_updating;
    m_updating = true;
    m_agents->setRange(1, n);
    const int b = std::clamp(m_agents->value() <= 1 && n > 1 ? std::min(3, n) : int(m_agents->value()), 1, n);
    m_agents->setValue(b);
    m_updating = was;
    m_dendrogram->setTree(c.clustering.tree, freeNames, b);
    m_status->setText(tr("%1 %2 samples (%3 valid); the best %4 correlated. %5 free parameters%6.")
                          .arg(QLocale().toString(qlonglong(c.samples)), m_policy->currentText().toLower())
                          .arg(QLocale().toString(qlonglong(c.valid)))
                          .arg(QLocale().toString(c.clustering.eliteSamples))
                          .arg(n)
                          .arg(fixedNames.isEmpty() ? QString()
                                                    : tr(" (%1 fixed: one allowed value, no agent)").arg(fixedNames.join(QStringLiteral(", ")))));
    refreshGroups();
}

std::vector<int> AgentClusteringView::currentGroups() const
{
    if (!m_result)
        return {};
    return m_manual.empty() ? m_dendrogram->cutGroups() : m_manual;
}

int AgentClusteringView::agentCount() const
{
    std::vector<int> g = currentGroups();
    std::sort(g.begin(), g.end());
    return int(std::unique(g.begin(), g.end()) - g.begin());
}

void AgentClusteringView::setAgentCount(int agents)
{
    const int b = int(std::clamp<qint64>(agents, m_agents->minimum(), m_agents->maximum()));
    m_agents->setValue(b);
    m_dendrogram->setClusters(b); // as committing the field does
}

bool AgentClusteringView::setParameterAgent(int row, int agent)
{
    std::vector<int> g = currentGroups();
    if (row < 0 || row >= int(g.size()) || agent < 0 || agent >= int(g.size()))
        return false;
    g[std::size_t(row)] = agent;
    m_manual = renumbered(g);
    m_dendrogram->setLeafGroups(m_manual);
    refreshGroups();
    return true;
}

void AgentClusteringView::refreshGroups()
{
    const bool have = m_result.has_value();
    m_use->setEnabled(have && !m_stale);
    m_sweep->setEnabled(m_inputs.has_value());
    const std::vector<int> groups = currentGroups();
    const int n = int(groups.size());
    m_groups->setRowCount(n);
    for (int row = 0; row < n; ++row) {
        const int param = m_result->freeParameters[std::size_t(row)];
        const QColor c = DendrogramWidget::groupColor(groups[std::size_t(row)]);
        QPixmap swatch(12, 12);
        swatch.fill(c);
        auto* name = new QTableWidgetItem(QIcon(swatch), m_paramNames.value(param));
        name->setToolTip(tr("Owned by agent %1").arg(groups[std::size_t(row)] + 1));
        m_groups->setItem(row, 0, name);
        auto* spin = qobject_cast<QSpinBox*>(m_groups->cellWidget(row, 1));
        if (!spin) {
            spin = new QSpinBox(m_groups);
            spin->setPrefix(tr("agent "));
            spin->setToolTip(tr("Move this parameter to another agent (overrides the clustering)"));
            m_groups->setCellWidget(row, 1, spin);
            connect(spin, &QSpinBox::valueChanged, this, [this, row](int v) {
                if (!m_updating)
                    setParameterAgent(row, v - 1);
            });
        }
        const bool was = m_updating;
        m_updating = true;
        spin->setRange(1, n);
        spin->setValue(groups[std::size_t(row)] + 1);
        m_updating = was;
        // The strongest partner in the correlation matrix.
        int best = -1;
        double r = -1;
        for (int j = 0; j < n; ++j) {
            const double v = m_result->clustering.correlation(row, j);
            if (j != row && v > r) {
                r = v;
                best = j;
            }
        }
        m_groups->setItem(row, 2,
                          new QTableWidgetItem(best < 0 ? QString()
                                                        : tr("%1 (|r| = %2)")
                                                              .arg(m_paramNames.value(m_result->freeParameters[std::size_t(best)]))
                                                              .arg(r, 0, 'f', 2)));
    }
}

QString AgentClusteringView::groupsOption() const
{
    if (!m_result)
        return {};
    const std::vector<int> g = renumbered(currentGroups());
    std::vector<int> all(std::size_t(m_paramNames.size()), 0);
    for (std::size_t k = 0; k < m_result->freeParameters.size(); ++k)
        all[std::size_t(m_result->freeParameters[k])] = g[k];
    QStringList parts;
    for (int v : all)
        parts.append(QString::number(v));
    return parts.join(QLatin1Char(','));
}

bool AgentClusteringView::useForMarl()
{
    if (!m_result) {
        Q_EMIT message(tr("Cluster first: there are no groups to use."));
        return false;
    }
    if (m_stale) {
        Q_EMIT message(tr("The inputs changed since the clustering: press \u201cCluster\u201d again."));
        return false;
    }
    OptimizerPanel* panel = m_runs->optimizerPanel();
    if (!panel->selectOptimizer(QStringLiteral("marl")))
        return false;
    panel->selectObjective(m_objective->currentData().toString());
    panel->setOption(QStringLiteral("agents"), QString::number(agentCount()));
    panel->setOption(QStringLiteral("groups"), groupsOption());
    Q_EMIT message(tr("MARL set to %1 agent(s) with these groups; start it on the Optimize tab.").arg(agentCount()));
    return true;
}

int AgentClusteringView::sweepAgentBudget()
{
    if (!m_inputs)
        return 0;
    int free = 0;
    try {
        const DataflowProblem problem(m_inputs->layer, m_inputs->hardware, m_inputs->space,
                                      m_objective->currentData().toString().toStdString());
        for (const Parameter& p : problem.parameters())
            free += p.allowedCount() > 1 ? 1 : 0;
    } catch (const std::exception& e) {
        Q_EMIT message(tr("Cannot sweep: %1").arg(QString::fromUtf8(e.what())));
        return 0;
    }
    OptimizerPanel* panel = m_runs->optimizerPanel();
    if (free < 1 || !panel->selectOptimizer(QStringLiteral("marl")))
        return 0;
    panel->selectObjective(m_objective->currentData().toString());
    panel->setOption(QStringLiteral("groups"), QString());
    panel->setOption(QStringLiteral("cluster_policy"), m_policy->currentData().toString());
    panel->setOption(QStringLiteral("cluster_samples"), QString::number(m_samples->value()));
    panel->setOption(QStringLiteral("top_fraction"), QString::number(double(m_top->value()) / 100.0));
    std::vector<int> budgets;
    for (int b : kSweepBudgets)
        if (std::find(budgets.begin(), budgets.end(), std::min(b, free)) == budgets.end())
            budgets.push_back(std::min(b, free));
    int started = 0;
    for (int b : budgets) {
        panel->setOption(QStringLiteral("agents"), QString::number(b));
        started += m_runs->startRun() ? 1 : 0;
    }
    Q_EMIT message(tr("Started %1 MARL run(s): B = %2").arg(started).arg([&] {
        QStringList s;
        for (int b : budgets)
            s.append(QString::number(b));
        return s.join(QStringLiteral(", "));
    }()));
    if (started > 0)
        Q_EMIT optimizeRequested();
    return started;
}

QString AgentClusteringView::statusText() const { return m_status->text(); }

} // namespace mapscape
