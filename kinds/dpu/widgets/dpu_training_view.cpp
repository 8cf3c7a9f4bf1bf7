// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The DPU workbench's Training tab: a run's PPO curves and held-out PPW per iteration.

#include "kinds/dpu/widgets/dpu_run_views_parts.h"

namespace mapscape {

using namespace dpu_views;

DpuTrainingView::DpuTrainingView(RunsPanel* runs, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
{
    auto* l = new QVBoxLayout(this);
    m_chooser = new DpuRunChooser(runs, false, this);
    QHBoxLayout* bar = chooserRow(l, tr("Run"), m_chooser);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    bar->addWidget(m_status, 1);
    connect(m_chooser, &QComboBox::currentIndexChanged, this, [this] {
        follow(m_chooser->runId());
        refresh();
    });

    auto* split = new QSplitter(Qt::Vertical, this);
    auto* grid = new QWidget(split);
    auto* g = new QGridLayout(grid);
    g->setContentsMargins(0, 0, 0, 0);
    for (std::size_t i = 0; i < m_charts.size(); ++i) {
        m_charts[i] = new LiveLineChart(grid);
        m_charts[i]->setMinimumHeight(200);
        g->addWidget(m_charts[i], int(i / 2), int(i % 2));
    }
    m_charts[0]->setTitle(tr("Reward per step (mean of each report) and constraint violations"));
    m_charts[0]->setAxisTitles(tr("Environment steps"), tr("Reward / share"));
    m_charts[0]->setToolTip(tr("Algorithm 1: tanh((PPW − b)/(α·max(1, |b|))) with b the context's running mean; −1 when "
                               "the configuration runs below C_PERF. The violation share is the fraction of steps whose "
                               "3 Hz sample ran below C_PERF."));
    m_charts[1]->setTitle(tr("Greedy policy: PPW / optimal PPW (held-out per state, training set)"));
    m_charts[1]->setAxisTitles(tr("Environment steps"), tr("Normalised PPW"));
    m_charts[1]->setToolTip(tr("The paper reaches 97 % (C) and 95 % (M) on the held-out models; \"training\" is the mean "
                               "over the training models in N, C and M, which the plateau stop watches (the held-out set "
                               "never stops training); \"C_PERF met\" is the share of held-out C and M cases that reach "
                               "C_PERF (paper: 89 %)."));
    m_charts[2]->setTitle(tr("PPO: policy entropy and approximate KL per update"));
    m_charts[2]->setAxisTitles(tr("Environment steps"), tr("nats"));
    m_charts[2]->setToolTip(tr("Entropy falls as the policy commits; KL is the size of each update (LinUCB has neither)"));
    m_charts[3]->setTitle(tr("PPO: actor and critic losses"));
    m_charts[3]->setAxisTitles(tr("Environment steps"), tr("Loss"));
    split->addWidget(grid);

    auto* ctx = new QWidget(split);
    auto* cl = new QVBoxLayout(ctx);
    cl->setContentsMargins(0, 0, 0, 0);
    m_contextLabel = new QLabel(ctx);
    m_contextLabel->setWordWrap(true);
    cl->addWidget(m_contextLabel);
    m_context = readOnlyTable(7, ctx, tr("Algorithm 1's CTXMEAN: the running mean of feasible PPW per context bucket (CPU "
                                         "utilisation, DDR traffic, model GMAC, model data). A step's reward compares its PPW "
                                         "with (1 − λ)·CTXMEAN + λ·GLOBALMEANPPW, so models of different sizes share one scale."));
    cells::setColumns(m_context,
                      {{tr("Context bucket"), tr("A context of the reward's normalisation: the bins below together")},
                       {tr("CPU bin"), tr("Bin of the background CPU load (per core, %)")},
                       {tr("DDR bin"), tr("Bin of the background DDR bandwidth (MB/s)")},
                       {tr("GMAC bin"), tr("Bin of the model's work, in GMAC per frame")},
                       {tr("Data bin"), tr("Bin of the model's data moved per frame, in MB")},
                       {tr("Samples"), tr("Rewards seen in this context so far")},
                       {tr("CTXMEAN (FPS/W)"), tr("Mean PPW of the context, in frames/s per W: the reward subtracts it")}});
    m_context->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_context->setSortingEnabled(true);
    cl->addWidget(m_context, 1);
    split->addWidget(ctx);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    l->addWidget(split, 1);
}

void DpuTrainingView::syncChooser()
{
    if (!m_chooser->sync() && m_runId != m_chooser->runId())
        follow(m_chooser->runId());
}

void DpuTrainingView::follow(int runId)
{
    m_runId = runId;
    m_consumed.clear();
    m_snapshotVersion = 0;
    for (LiveLineChart* c : m_charts)
        c->clear();
    m_context->setRowCount(0);
}

void DpuTrainingView::refresh()
{
    if (m_chooser->count() == 0 || m_runId != m_chooser->runId())
        syncChooser();
    if (m_runId < 0) {
        m_status->setText(tr("Start the DPUCConfig agent or LinUCB in the Optimize tab to watch it learn here."));
        m_contextLabel->setText(QString());
        return;
    }
    const QHash<QString, QList<QPointF>> history = m_runs->metricHistory(m_runId);
    static const RecordedFeed feeds[] = {
        {"dpu/reward", 0, "mean reward", QColor(0x1f, 0x77, 0xb4)},
        {"dpu/violation_rate", 0, "share below C_PERF", QColor(0xd6, 0x27, 0x28)},
        {"dpu/test_ppw_N", 1, "held-out N", QColor(0x7f, 0x7f, 0x7f)},
        {"dpu/test_ppw_C", 1, "held-out C", QColor(0x1f, 0x77, 0xb4)},
        {"dpu/test_ppw_M", 1, "held-out M", QColor(0xff, 0x7f, 0x0e)},
        {"dpu/train_ppw", 1, "training", QColor(0x2c, 0xa0, 0x2c)},
        {"dpu/test_constraint", 1, "C_PERF met", QColor(0x94, 0x67, 0xbd)},
        {"ppo/entropy", 2, "entropy", QColor(0x1f, 0x77, 0xb4)},
        {"ppo/approx_kl", 2, "approx. KL", QColor(0xd6, 0x27, 0x28)},
        {"ppo/actor_loss", 3, "actor", QColor(0x1f, 0x77, 0xb4)},
        {"ppo/critic_loss", 3, "critic", QColor(0x2c, 0xa0, 0x2c)},
    };
    appendRecordedFeeds(m_charts, history, feeds, m_consumed);
    const int row = m_runs->runModel()->rowOfId(m_runId);
    OptimizerRun* run = row >= 0 ? m_runs->runModel()->runAt(row) : nullptr;
    if (!run) {
        m_status->setText(tr("A saved run: its curves are shown; the CTXMEAN buckets are kept only for runs of this session."));
        return;
    }
    m_status->setText(tr("%1 — %2, %3 environment steps").arg(run->title(), runStateName(run->state())).arg(run->evaluations()));
    std::uint64_t version = 0;
    const std::string snapshot = run->latestSnapshot("dpu/context", &version);
    if (snapshot.empty() || version == m_snapshotVersion)
        return;
    m_snapshotVersion = version;
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(snapshot)).object();
    const QJsonObject global = o.value(QStringLiteral("global")).toObject();
    m_contextLabel->setText(tr("GLOBALMEANPPW %1 over %2 feasible samples; %3 context buckets seen. Sort by a column "
                               "to find the contexts that pay best.")
                                .arg(quantityText(global.value(QStringLiteral("mean")).toDouble(), QStringLiteral("FPS/W")))
                                .arg(global.value(QStringLiteral("count")).toInteger())
                                .arg(o.value(QStringLiteral("buckets")).toArray().size()));
    const QJsonArray buckets = o.value(QStringLiteral("buckets")).toArray();
    m_context->setSortingEnabled(false);
    m_context->setRowCount(int(buckets.size()));
    for (int r = 0; r < int(buckets.size()); ++r) {
        const QJsonObject b = buckets[r].toObject();
        m_context->setItem(r, 0, readOnly(b.value(QStringLiteral("label")).toString()));
        int c = 1;
        for (const char* key : {"cpu", "memory", "gmac", "data", "count"}) {
            auto* it = new QTableWidgetItem;
            it->setData(Qt::DisplayRole, b.value(QLatin1String(key)).toInteger());
            m_context->setItem(r, c++, it);
        }
        auto* mean = new QTableWidgetItem;
        mean->setData(Qt::DisplayRole, std::round(b.value(QStringLiteral("mean")).toDouble() * 1000) / 1000);
        m_context->setItem(r, 6, mean);
    }
    m_context->setSortingEnabled(true);
}

} // namespace mapscape
