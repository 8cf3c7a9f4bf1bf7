// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/placement/widgets/placement_training_view.h"

#include "core/network/workload_graph.h"
#include "core/runner/optimizer_run.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/runs_panel.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace mapscape {

RunFollowingView::RunFollowingView(RunsPanel* runs, const QString& chooserLabel, const QString& chooserTip,
                                   std::function<bool(const RunListModel&, int row)> accept, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
    , m_accept(std::move(accept))
{
    m_layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(chooserLabel, this));
    m_chooser = new QComboBox(this);
    m_chooser->setToolTip(chooserTip);
    bar->addWidget(m_chooser);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar->addWidget(m_status, 1);
    m_layout->addLayout(bar);
    connect(m_chooser, &QComboBox::currentIndexChanged, this, [this] {
        follow(m_chooser->currentData().toInt());
        refresh();
    });
}

void RunFollowingView::relist()
{
    RunListModel* model = m_runs->runModel();
    QSignalBlocker block(m_chooser);
    const int keep = m_chooser->currentData().toInt();
    m_chooser->clear();
    for (int row = 0; row < model->rowCount(); ++row)
        if (m_accept(*model, row))
            m_chooser->addItem(model->titleAt(row), model->idAt(row));
    int index = m_chooser->findData(keep);
    if (index < 0 && m_chooser->count() > 0)
        index = m_chooser->count() - 1; // the newest run
    m_chooser->setCurrentIndex(index);
    const int id = index >= 0 ? m_chooser->itemData(index).toInt() : -1;
    if (id != m_runId)
        follow(id);
}

bool RunFollowingView::followRun(int runId)
{
    relist();
    const int index = m_chooser->findData(runId);
    if (index < 0)
        return false;
    m_chooser->setCurrentIndex(index);
    if (m_runId != runId)
        follow(runId);
    refresh();
    return true;
}

void RunFollowingView::follow(int runId)
{
    m_runId = runId;
    m_consumed.clear();
    for (LiveLineChart* c : charts())
        c->clear();
}

QString RunFollowingView::statusText() const { return m_status->text(); }

PlacementTrainingView::PlacementTrainingView(RunsPanel* runs, QWidget* parent)
    : RunFollowingView(runs, tr("Run"), tr("The run whose learning is shown"), [](const RunListModel&, int) { return true; },
                       parent)
{
    // Six charts in three rows: at 1280 × 800 a row under 200 pixels left no room for the axes'
    // numbers (Qt Charts elides them to "…"); the rows keep their height and scroll instead.
    auto* area = new QScrollArea(this);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    auto* inner = new QWidget(area);
    auto* grid = new QGridLayout(inner);
    grid->setContentsMargins(0, 0, 0, 0);
    for (std::size_t i = 0; i < m_charts.size(); ++i) {
        m_charts[i] = new LiveLineChart(inner);
        m_charts[i]->setMinimumHeight(220);
        grid->addWidget(m_charts[i], int(i / 2), int(i % 2));
    }
    area->setWidget(inner);
    const QString its = tr("Iterations (maps evaluated)");
    m_charts[0]->setTitle(tr("Speed-up over the compiler: best so far and each population type's best per generation"));
    m_charts[0]->setAxisTitles(its, tr("Speed-up (×)"));
    m_charts[0]->setToolTip(tr("1 = the compiler's map; 0 = no valid map that generation. The paper reaches 1.28 "
                               "(ResNet-50), 1.78 (ResNet-101) and 1.66 (BERT) on the chip."));
    m_charts[1]->setTitle(tr("Invalid maps and mean mapping error ε per generation"));
    m_charts[1]->setAxisTitles(its, tr("Share"));
    m_charts[1]->setToolTip(tr("ε: share of the mappable bytes the compiler had to demote; an invalid map earns −ε"));
    m_charts[2]->setTitle(tr("Boltzmann chromosomes: node temperatures (log)"));
    m_charts[2]->setAxisTitles(its, tr("Temperature"));
    m_charts[2]->setLogY(true);
    m_charts[2]->setToolTip(tr("Each mutation multiplies T by 𝒩(0.95, 0.1²): the chromosomes anneal from exploring (T = 10) "
                               "towards committing (T = 0.1)"));
    m_charts[3]->setTitle(tr("Migrated SAC actor: elite, selected or discarded (cumulative)"));
    m_charts[3]->setAxisTitles(its, tr("Generations"));
    m_charts[3]->setIntegerY(true);
    m_charts[3]->setToolTip(tr("Every generation the learner's actor replaces the weakest unselected member; the next "
                               "ranking decides whether it became an elite, won a tournament, or was selected against"));
    m_charts[4]->setTitle(tr("SAC learner: critic and actor losses"));
    m_charts[4]->setAxisTitles(its, tr("Loss"));
    m_charts[5]->setTitle(tr("SAC learner: policy entropy and Q"));
    m_charts[5]->setAxisTitles(its, tr("nats / Q"));
    m_charts[5]->setToolTip(tr("Entropy of the two heads summed, averaged over nodes (at most 2·ln 3 ≈ 2.2); Q on the "
                               "reward scale 5·(r + 2)"));
    m_layout->addWidget(area, 1);
}

void PlacementTrainingView::refresh()
{
    if (m_chooser->count() != m_runs->runModel()->rowCount() || m_runId < 0)
        relist();
    if (m_runId < 0) {
        m_status->setText(tr("Start EGRL, EA or PG in the Optimize tab to watch its population and learner here."));
        return;
    }
    const QHash<QString, QList<QPointF>> history = m_runs->metricHistory(m_runId);
    static const RecordedFeed feeds[] = {
        {"placement/best_speedup", 0, "best so far (measured)", QColor(0x21, 0x21, 0x21)},
        {"egrl/best_gnn", 0, "GNN members", QColor(0x1f, 0x77, 0xb4)},
        {"egrl/best_boltzmann", 0, "Boltzmann chromosomes", QColor(0xff, 0x7f, 0x0e)},
        {"egrl/pg_noisy", 0, "SAC, ε-greedy", QColor(0x2c, 0xa0, 0x2c)},
        {"egrl/pg_clean", 0, "SAC, greedy", QColor(0xd6, 0x27, 0x28)},
        {"egrl/invalid_fraction", 1, "invalid maps", QColor(0xd6, 0x27, 0x28)},
        {"egrl/mean_epsilon", 1, "mean ε", QColor(0x94, 0x67, 0xbd)},
        {"egrl/temperature_min", 2, "min", QColor(0x1f, 0x77, 0xb4)},
        {"egrl/temperature_mean", 2, "mean", QColor(0x21, 0x21, 0x21)},
        {"egrl/temperature_max", 2, "max", QColor(0xd6, 0x27, 0x28)},
        {"egrl/migrant_elite", 3, "became an elite", QColor(0x2c, 0xa0, 0x2c)},
        {"egrl/migrant_selected", 3, "selected", QColor(0x1f, 0x77, 0xb4)},
        {"egrl/migrant_discarded", 3, "discarded", QColor(0x7f, 0x7f, 0x7f)},
        {"sac/critic_loss", 4, "critic", QColor(0x2c, 0xa0, 0x2c)},
        {"sac/actor_loss", 4, "actor", QColor(0x1f, 0x77, 0xb4)},
        {"sac/entropy", 5, "entropy", QColor(0x1f, 0x77, 0xb4)},
        {"sac/q", 5, "Q", QColor(0xd6, 0x27, 0x28)},
    };
    appendRecordedFeeds(m_charts, history, feeds, m_consumed);
    const auto last = [&history](const char* name) -> std::optional<double> {
        const auto it = history.constFind(QString::fromLatin1(name));
        if (it == history.constEnd() || it->isEmpty())
            return std::nullopt;
        return it->back().y();
    };
    static const QString kTypes[] = {tr("a GNN member"), tr("a Boltzmann chromosome"), tr("the SAC learner (ε-greedy)"),
                                     tr("the SAC learner (greedy)")};
    QString status;
    if (const auto g = last("egrl/generation"))
        status = tr("Generation %1").arg(int(*g));
    if (const auto c = last("egrl/champion_type"); c && *c >= 0 && *c < 4)
        status += tr("; the latest generation's champion is %1").arg(kTypes[int(*c)]);
    if (const auto b = last("placement/best_true_speedup"))
        status += tr("; best map so far %1× (noiseless)").arg(*b, 0, 'f', 3);
    if (const auto b = last("placement/best_speedup"))
        status += tr(", measured %1×").arg(*b, 0, 'f', 3);
    if (status.isEmpty())
        status = tr("This run records no generations (Greedy-DP, random and local search have no population).");
    m_status->setText(status + QLatin1Char('.'));
}

namespace {

/// Runs of the methods that train a GNN (EGRL and its ablations).
bool trainsGnn(const RunListModel& model, int row)
{
    const OptimizerSettings* s = model.settingsAt(row);
    return s && (s->id == "egrl" || s->id == "ea" || s->id == "pg");
}

} // namespace

PlacementZeroShotView::PlacementZeroShotView(RunsPanel* runs, QWidget* parent)
    : RunFollowingView(runs, tr("Trained by run"),
                       tr("An EGRL, EA or PG run: its best GNN of each generation is tried on the other workloads"),
                       trainsGnn, parent)
{
    const QString its = tr("Iterations of the training run (maps evaluated on its own workload)");
    for (std::size_t i = 0; i < m_charts.size(); ++i) {
        m_charts[i] = new LiveLineChart(this);
        m_charts[i]->setMinimumHeight(200);
        m_layout->addWidget(m_charts[i], i == 0 ? 3 : 2);
    }
    m_charts[0]->setTitle(tr("Zero-shot speed-up over the compiler on workloads the GNN never trained on"));
    m_charts[0]->setAxisTitles(its, tr("Speed-up (×)"));
    m_charts[0]->setToolTip(
        tr("Each generation the best GNN member (PG: the learner's actor) maps the other workload greedily; the "
           "compiler makes the map fit and the line shows the speed-up of what would run. The grey line at 1 is "
           "the compiler's own map. The paper (Fig. 4) finds transferred policies below those trained from scratch "
           "but above the compiler, and falling again late in training as they over-fit."));
    m_charts[1]->setTitle(tr("Mapping error ε of the transferred maps (0 = valid as proposed)"));
    m_charts[1]->setAxisTitles(its, tr("ε"));
    m_charts[1]->setToolTip(tr("Share of the target's mappable bytes the compiler had to demote from the GNN's map"));
}

void PlacementZeroShotView::refresh()
{
    relist();
    if (m_runId < 0) {
        m_status->setText(tr("No EGRL, EA or PG run yet. In the Optimize tab, set \"Zero-shot workloads\" (for "
                             "example resnet101,bert) and start one."));
        return;
    }
    const QHash<QString, QList<QPointF>> history = m_runs->metricHistory(m_runId);
    static const QColor kColours[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
                                      QColor(0x94, 0x67, 0xbd)};
    QStringList targets;
    for (auto it = history.cbegin(); it != history.cend(); ++it)
        if (it.key().startsWith(QStringLiteral("zeroshot/")) && it.key().endsWith(QStringLiteral("_compiled")))
            targets << it.key().mid(9).chopped(9);
    targets.sort();
    if (targets.isEmpty()) {
        m_status->setText(tr("This run probes no other workload. Set \"Zero-shot workloads\" (for example "
                             "resnet101,bert) in the Optimize tab's options before starting EGRL, EA or PG."));
        return;
    }
    double lastX = 0;
    QStringList parts;
    for (qsizetype k = 0; k < targets.size(); ++k) {
        const QString& t = targets[k];
        if (!m_names.contains(t)) {
            const auto g = placement::findBuiltinWorkload(t.toStdString());
            m_names.insert(t, g ? QString::fromStdString(g->name) : t);
        }
        const QString name = m_names.value(t);
        const QColor colour = kColours[std::size_t(k) % std::size(kColours)];
        appendRecorded(m_charts[0], history, QStringLiteral("zeroshot/") + t + QStringLiteral("_compiled"), name, colour,
                       m_consumed);
        appendRecorded(m_charts[1], history, QStringLiteral("zeroshot/") + t + QStringLiteral("_epsilon"), name, colour,
                       m_consumed);
        const QList<QPointF>& compiled = history[QStringLiteral("zeroshot/") + t + QStringLiteral("_compiled")];
        const QList<QPointF>& eps = history[QStringLiteral("zeroshot/") + t + QStringLiteral("_epsilon")];
        if (compiled.isEmpty())
            continue;
        lastX = std::max(lastX, compiled.back().x());
        const auto best = std::max_element(compiled.cbegin(), compiled.cend(),
                                           [](const QPointF& a, const QPointF& b) { return a.y() < b.y(); });
        QString part = tr("%1: %2× now").arg(name).arg(compiled.back().y(), 0, 'f', 3);
        if (!eps.isEmpty())
            part += eps.back().y() == 0 ? tr(" (valid as proposed)") : tr(" (ε %1)").arg(eps.back().y(), 0, 'f', 3);
        part += tr(", best %1× at iteration %2").arg(best->y(), 0, 'f', 3).arg(qint64(best->x()));
        parts << part;
    }
    // The compiler's map: speed-up 1 across the run so far.
    m_charts[0]->removeSeries(tr("compiler's map"));
    const QPointF line[] = {QPointF(0, 1), QPointF(std::max(1.0, lastX), 1)};
    m_charts[0]->append(tr("compiler's map"), line);
    m_charts[0]->setSeriesColor(tr("compiler's map"), QColor(0x9e, 0x9e, 0x9e));
    m_status->setText(parts.join(QStringLiteral("; ")) + QLatin1Char('.'));
}

} // namespace mapscape
