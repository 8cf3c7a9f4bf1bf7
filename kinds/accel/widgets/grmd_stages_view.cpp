// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/accel/widgets/grmd_stages_view.h"

#include "core/study/point_search_job.h"

#include "kinds/accel/core/accel_io.h"
#include "core/runner/optimizer_run.h"
#include "core/util/strings.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/runs_panel.h"
#include "widgets/study/view_cells.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace mapscape {

namespace {

/// A gene's readable name ("Scratchpad capacity (KiB)") for its id ("sp_capacity").
QString geneTitle(const QString& id)
{
    const auto g = parseAccelGene(id.toStdString());
    return g ? QString::fromUtf8(accelGeneLabel(*g).data(), qsizetype(accelGeneLabel(*g).size())) : id;
}

} // namespace


using cells::kFeasible;
using cells::kInvalid;
using cells::kViolating;
using cells::readOnly;
using cells::sig;

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

/// One unit per figure (`keys` of the valid `rows`), the design tab's: area in mm² when the areas need it.
std::vector<ColumnUnit> figureUnits(const QJsonArray& rows, std::initializer_list<const char*> keys, const QStringList& units)
{
    std::vector<ColumnUnit> out;
    int k = 0;
    for (const char* key : keys) {
        QList<double> values;
        for (const QJsonValue& r : rows)
            if (r.toObject().value(QStringLiteral("valid")).toBool(true))
                values.append(r.toObject().value(QLatin1String(key)).toDouble());
        out.push_back(columnUnit(values, units.value(k++)));
    }
    return out;
}

} // namespace

GrmdStagesView::GrmdStagesView(RunsPanel* runs, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
{
    QWidget* w = this;
    auto* l = new QVBoxLayout(w);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Run"), w));
    m_stagesRun = new QComboBox(w);
    m_stagesRun->setMinimumContentsLength(24);
    m_stagesRun->setToolTip(tr("The GRMD (or GA) run whose stages are shown; the newest by default"));
    row->addWidget(m_stagesRun);
    m_stagesHelp = new QLabel(w);
    m_stagesHelp->setWordWrap(true);
    row->addWidget(m_stagesHelp, 1);
    l->addLayout(row);
    connect(m_stagesRun, &QComboBox::activated, this, [this] {
        follow(m_stagesRun->currentData().toInt());
        refresh();
    });

    auto* tabs = new QTabWidget(w);
    // Stage 1.
    auto* s1 = new QWidget(tabs);
    auto* g1 = new QGridLayout(s1);
    for (int i = 0; i < 6; ++i) {
        m_stageCharts[std::size_t(i)] = new LiveLineChart(w);
        m_stageCharts[std::size_t(i)]->setMinimumHeight(180);
    }
    m_stageCharts[0]->setTitle(tr("Stage 1: area of each generation (best, mean, worst)"));
    m_stageCharts[0]->setAxisTitles(tr("Generation"), tr("Area"), QStringLiteral("µm²"));
    m_stageCharts[0]->setIntegerX(true);
    m_stageCharts[1]->setIntegerX(true);
    m_stageCharts[0]->setLogY(true);
    m_stageCharts[0]->setToolTip(tr("The GA minimises area over the valid members of each generation"));
    m_stageCharts[1]->setTitle(tr("Stage 1: feasible vs violating members (area_max)"));
    m_stageCharts[1]->setAxisTitles(tr("Generation"), tr("Members"));
    m_stageCharts[1]->setIntegerY(true);
    m_stageCharts[1]->setToolTip(tr("Violating members rank behind every feasible one but stay as a reservoir"));
    g1->addWidget(m_stageCharts[0], 0, 0);
    g1->addWidget(m_stageCharts[1], 0, 1);
    m_population = new QTableWidget(0, 0, s1);
    m_population->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_population->verticalHeader()->setVisible(false);
    m_population->setToolTip(tr("The latest population: green meets area_max, orange violates it, grey is invalid"));
    g1->addWidget(m_population, 1, 0, 1, 2);
    g1->setRowStretch(0, 1);
    g1->setRowStretch(1, 1);
    tabs->addTab(s1, tr("Stage 1: GA on area"));
    // Stage 2.
    auto* s2 = new QWidget(tabs);
    auto* g2 = new QGridLayout(s2);
    m_stageCharts[2]->setTitle(tr("Stage 2: reward per episode and running mean"));
    m_stageCharts[2]->setAxisTitles(tr("Episodes"), tr("Reward"));
    m_stageCharts[2]->setToolTip(tr("−(A·latency/latency_ref + B·power/power_ref) within the constraints; higher is better"));
    m_stageCharts[3]->setTitle(tr("Stage 2: exploration ε"));
    m_stageCharts[3]->setAxisTitles(tr("Episodes"), tr("ε"));
    m_stageCharts[4]->setTitle(tr("Stage 2: actor and critic losses"));
    m_stageCharts[4]->setAxisTitles(tr("Episodes"), tr("Loss"));
    m_stageCharts[5]->setTitle(tr("Stage 2: policy entropy per gene"));
    m_stageCharts[5]->setAxisTitles(tr("Episodes"), tr("nats"));
    m_policy = new HeatmapWidget(s2);
    // Two rows of charts, this map and the note fit an 800-pixel-high screen (issue 49, item 7).
    m_policy->setMinimumHeight(140);
    m_policy->setToolTip(tr("The actor's probability of each value of each resource it allocates (first decision of "
                            "an episode's sequence); values come from the GA's surviving subspace"));
    m_policy->setScale(HeatmapScale::Linear);
    m_policy->setFixedRange(0, 1);
    m_subspace = new QLabel(s2);
    m_subspace->setWordWrap(true);
    g2->addWidget(m_stageCharts[2], 0, 0);
    g2->addWidget(m_stageCharts[3], 0, 1);
    g2->addWidget(m_stageCharts[4], 1, 0);
    g2->addWidget(m_stageCharts[5], 1, 1);
    g2->addWidget(m_policy, 2, 0, 1, 2);
    g2->addWidget(m_subspace, 3, 0, 1, 2);
    g2->setRowStretch(0, 3);
    g2->setRowStretch(1, 3);
    g2->setRowStretch(2, 3);
    tabs->addTab(s2, tr("Stage 2: actor-critic on latency and power"));
    // Stage 3.
    auto* s3 = new QWidget(tabs);
    auto* l3 = new QVBoxLayout(s3);
    auto* s3help = new QLabel(tr("Step 3: the trained actor's roll-outs, filtered to the Pareto set on latency, power and "
                                 "area; when nothing meets the constraints the least-violating designs are returned and "
                                 "flagged (orange). Double-click a row to show the design."),
                              s3);
    s3help->setWordWrap(true);
    l3->addWidget(s3help);
    m_solutions = new QTableWidget(0, 0, s3);
    m_solutions->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_solutions->verticalHeader()->setVisible(false);
    l3->addWidget(m_solutions, 1);
    connect(m_solutions, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        const QVariant v = m_solutions->item(row, 0) ? m_solutions->item(row, 0)->data(Qt::UserRole) : QVariant();
        if (v.isValid())
            Q_EMIT designRequested(v.toString(), tr("GRMD solution %1").arg(row + 1));
    });
    tabs->addTab(s3, tr("Step 3: solutions"));
    l->addWidget(tabs, 1);
    m_stageTabs = tabs;
}

void GrmdStagesView::syncChooser()
{
    RunListModel* model = m_runs->runModel();
    const int keep = m_stagesRunId;
    m_stagesRun->clear();
    int newest = -1;
    for (int row = 0; row < model->rowCount(); ++row) {
        const OptimizerSettings* s = model->settingsAt(row);
        if (!s || (s->id != "grmd" && s->id != "ga"))
            continue;
        m_stagesRun->addItem(model->titleAt(row), model->idAt(row));
        newest = model->idAt(row);
    }
    int chosen = m_stagesRun->findData(keep);
    if (chosen < 0 && newest >= 0)
        chosen = m_stagesRun->findData(newest);
    m_stagesRun->setCurrentIndex(chosen);
    const int id = chosen >= 0 ? m_stagesRun->itemData(chosen).toInt() : -1;
    if (id != m_stagesRunId)
        follow(id);
}

void GrmdStagesView::follow(int runId)
{
    m_stagesRunId = runId;
    m_consumed.clear();
    m_snapshotVersion = 0;
    for (LiveLineChart* c : m_stageCharts)
        c->clear();
}

OptimizerRun* GrmdStagesView::run() const
{
    const int row = m_runs->runModel()->rowOfId(m_stagesRunId);
    return row >= 0 ? m_runs->runModel()->runAt(row) : nullptr;
}

LiveLineChart* GrmdStagesView::stageChart(int index) const { return m_stageCharts.at(std::size_t(index)); }

void GrmdStagesView::showStage(int index) { m_stageTabs->setCurrentIndex(index); }

void GrmdStagesView::refresh()
{
    if (m_stagesRun->count() == 0 || m_stagesRunId < 0)
        syncChooser();
    if (m_stagesRunId < 0) {
        m_stagesHelp->setText(tr("Start a GRMD run in the Optimize tab to watch its stages here."));
        return;
    }
    appendCurves();
    OptimizerRun* run = this->run();
    if (!run) {
        m_stagesHelp->setText(tr("A saved run: its curves are shown; populations, policy and solutions are kept only for "
                                 "runs of this session."));
        return;
    }
    m_stagesHelp->setText(tr("%1 — %2").arg(run->title(), runStateName(run->state())));
    std::uint64_t version = 0;
    const std::string population = run->latestSnapshot("ga/population", &version);
    if (version == m_snapshotVersion)
        return;
    m_snapshotVersion = version;
    if (!population.empty())
        showPopulation(population);
    if (const std::string policy = run->latestSnapshot("rl/policy"); !policy.empty())
        showPolicy(policy);
    if (const std::string subspace = run->latestSnapshot("grmd/subspace"); !subspace.empty())
        showSubspace(subspace);
    if (const std::string solutions = run->latestSnapshot("grmd/solutions"); !solutions.empty())
        showSolutions(solutions, *run);
}

/// Curves: what the panel recorded since the last refresh.
void GrmdStagesView::appendCurves()
{
    const QHash<QString, QList<QPointF>> history = m_runs->metricHistory(m_stagesRunId);
    // Metric → chart, series and colour (blue: best / the main series, green: means, red).
    const QColor blue(0x1f, 0x77, 0xb4), green(0x2c, 0xa0, 0x2c), red(0xd6, 0x27, 0x28);
    const RecordedFeed feeds[] = {
        {"ga/best_area", 0, "best", blue},        {"ga/mean_area", 0, "mean", green},         {"ga/worst_area", 0, "worst", red},
        {"ga/best_fitness", 0, "best", blue},     {"ga/mean_fitness", 0, "mean", green},      {"ga/worst_fitness", 0, "worst", red},
        {"ga/feasible", 1, "feasible", blue},     {"ga/violating", 1, "violating", red},      {"rl/reward", 2, "reward", blue},
        {"rl/reward_avg", 2, "running mean", green}, {"rl/epsilon", 3, "ε", red},             {"rl/actor_loss", 4, "actor", blue},
        {"rl/critic_loss", 4, "critic", green},
    };
    appendRecordedFeeds(m_stageCharts, history, feeds, m_consumed);
    for (auto it = history.cbegin(); it != history.cend(); ++it) {
        if (it.key().startsWith(QStringLiteral("rl/entropy_"))) {
            const QString gene = geneTitle(it.key().mid(11));
            appendRecorded(m_stageCharts[5], history, it.key(), gene, RunListModel::paletteColor(int(qHash(gene) % 8)),
                           m_consumed);
        }
    }
}

/// The latest population, coloured by feasibility.
void GrmdStagesView::showPopulation(const std::string& json)
{
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
    const QJsonArray genes = o.value(QStringLiteral("genes")).toArray();
    const QJsonArray members = o.value(QStringLiteral("members")).toArray();
    const bool area = o.value(QStringLiteral("fitness")).toString() == QStringLiteral("area");
    QList<cells::Column> columns;
    for (const QJsonValue& g : genes)
        columns.append({geneTitle(g.toString()), tr("The member's value of this gene")});
    // Each figure in one unit down its column, the unit the design tab uses for it.
    const QStringList units{QStringLiteral("cycles"), QStringLiteral("mW"), QStringLiteral("µm²"), area ? QStringLiteral("µm²") : QString()};
    const std::vector<ColumnUnit> scales = figureUnits(members, {"latency", "power", "area", "fitness"}, units);
    columns.append({scales[0].title(tr("Latency")), tr("The member's latency")});
    columns.append({scales[1].title(tr("Power")), tr("The member's power")});
    columns.append({scales[2].title(tr("Area")), tr("The member's area")});
    columns.append({scales[3].title(area ? tr("Fitness = area") : tr("Fitness")), tr("What stage 1 selects on (lower is better)")});
    columns.append({tr("Status"), tr("Feasible (within the constraints), violating, or invalid (no tile fits)")});
    cells::setColumns(m_population, columns);
    m_population->setRowCount(int(members.size()));
    for (int r = 0; r < int(members.size()); ++r) {
        const QJsonObject m = members[r].toObject();
        const QJsonArray gv = m.value(QStringLiteral("genes")).toArray();
        const bool valid = m.value(QStringLiteral("valid")).toBool();
        const bool meets = m.value(QStringLiteral("meets_constraint")).toBool();
        const QColor bg = !valid ? kInvalid : meets ? kFeasible : kViolating;
        int c = 0;
        for (const QJsonValue& v : gv)
            m_population->setItem(r, c++, readOnly(v.isString() ? v.toString() : editableNumber(v.toDouble())));
        int k = 0;
        for (const char* key : {"latency", "power", "area", "fitness"})
            m_population->setItem(r, c++, readOnly(valid ? scales[std::size_t(k++)].number(m.value(QLatin1String(key)).toDouble()) : QString()));
        m_population->setItem(r, c++, readOnly(!valid ? tr("invalid: %1").arg(m.value(QStringLiteral("why")).toString())
                                               : meets ? tr("feasible") : tr("violates area_max")));
        for (int col = 0; col < c; ++col)
            m_population->item(r, col)->setBackground(bg);
    }
    m_population->resizeColumnsToContents();
    m_stagesHelp->setText(m_stagesHelp->text() + tr(" · generation %1").arg(o.value(QStringLiteral("generation")).toInt()));
}

/// The policy: resources × value index.
void GrmdStagesView::showPolicy(const std::string& json)
{
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
    const QJsonArray rows = o.value(QStringLiteral("resources")).toArray();
    HeatmapData d;
    d.rows = int(rows.size());
    for (const QJsonValue& r : rows)
        d.cols = std::max(d.cols, int(r.toObject().value(QStringLiteral("values")).toArray().size()));
    d.values.assign(std::size_t(d.rows * d.cols), std::nan(""));
    d.notes.resize(qsizetype(d.rows * d.cols));
    for (int r = 0; r < d.rows; ++r) {
        const QJsonObject row = rows[r].toObject();
        const QString name = geneTitle(row.value(QStringLiteral("name")).toString());
        d.rowLabels.append(name);
        const QJsonArray labels = row.value(QStringLiteral("values")).toArray();
        const QJsonArray probs = row.value(QStringLiteral("probabilities")).toArray();
        for (int c = 0; c < int(labels.size()) && c < int(probs.size()); ++c) {
            const std::size_t k = std::size_t(r * d.cols + c);
            d.values[k] = probs[c].toDouble();
            d.notes[qsizetype(k)] = tr("%1 = %2: probability %3").arg(name, labels[c].toString()).arg(probs[c].toDouble(), 0, 'f', 3);
        }
        for (int c = int(labels.size()); c < d.cols; ++c)
            d.notes[qsizetype(r * d.cols + c)] = tr("%1 has only %2 values in the subspace").arg(name).arg(labels.size());
    }
    for (int c = 0; c < d.cols; ++c)
        d.colLabels.append(QString::number(c + 1));
    d.title = tr("Stage 2 policy after episode %1").arg(o.value(QStringLiteral("episode")).toInt());
    d.rowTitle = tr("Resource");
    d.colTitle = tr("Value (index into the subspace's values, ascending; hover for the value)");
    d.valueTitle = tr("Probability");
    m_policy->setData(std::move(d));
}

/// The subspace stage 2 searches (the GA survivors' values).
void GrmdStagesView::showSubspace(const std::string& json)
{
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
    QStringList parts;
    for (const QJsonValue& g : o.value(QStringLiteral("genes")).toArray()) {
        const QJsonObject go = g.toObject();
        QStringList values;
        for (const QJsonValue& v : go.value(QStringLiteral("values")).toArray())
            values.append(v.toString());
        parts.append(QStringLiteral("%1 ∈ {%2}").arg(go.value(QStringLiteral("name")).toString(), values.join(QStringLiteral(", "))));
    }
    m_subspace->setText(tr("Stage 2 searches %1 of %2 designs (the GA survivors' values): %3. Under HASCO's model "
                           "the capacities and DMA genes move no metric, so when x, the dataflow and the banks "
                           "have one value each every episode earns the same reward.")
                            .arg(countText(o.value(QStringLiteral("size")).toDouble()), countText(o.value(QStringLiteral("full_size")).toDouble()),
                                 parts.join(QStringLiteral("; "))));
}

/// Step 3's solutions, each with its design for a double-click.
void GrmdStagesView::showSolutions(const std::string& json, const OptimizerRun& run)
{
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
    const QJsonArray rows = o.value(QStringLiteral("solutions")).toArray();
    const auto* job = run.jobAs<PointSearchJob>();
    const auto* accel = job ? dynamic_cast<const AccelProblem*>(job->problem().get()) : nullptr;
    const auto params = accel ? accel->parameters() : std::span<const Parameter>{};
    QList<cells::Column> columns;
    for (const Parameter& p : params)
        columns.append({qs(p.label), qs(p.help).isEmpty() ? tr("The solution's value of this gene") : qs(p.help)});
    const std::vector<ColumnUnit> scales =
        figureUnits(rows, {"latency", "power", "area", "energy"},
                    {QStringLiteral("cycles"), QStringLiteral("mW"), QStringLiteral("µm²"), QStringLiteral("nJ")});
    columns.append({scales[0].title(tr("Latency")), tr("The solution's latency")});
    columns.append({scales[1].title(tr("Power")), tr("The solution's power")});
    columns.append({scales[2].title(tr("Area")), tr("The solution's area")});
    columns.append({scales[3].title(tr("Energy")), tr("The solution's energy (MAESTRO's)")});
    columns.append({tr("Constraints"), tr("Whether the solution meets the latency, power and area limits")});
    cells::setColumns(m_solutions, columns);
    m_solutions->setRowCount(int(rows.size()));
    for (int r = 0; r < int(rows.size()); ++r) {
        const QJsonObject s = rows[r].toObject();
        const QJsonArray genes = s.value(QStringLiteral("genes")).toArray();
        const bool feasible = s.value(QStringLiteral("feasible")).toBool();
        // The design: each gene's text back to its index in the problem's values.
        Point point(params.size(), 0);
        bool decoded = genes.size() == qsizetype(params.size());
        int c = 0;
        for (int g = 0; g < int(genes.size()); ++g) {
            const QString text = genes[g].toString();
            m_solutions->setItem(r, c++, readOnly(text));
            if (g >= int(params.size()))
                continue;
            const Parameter& p = params[std::size_t(g)];
            std::int32_t k = 0;
            while (k < std::int32_t(p.values.size()) && qs(p.text(k)) != text)
                ++k;
            decoded = decoded && k < std::int32_t(p.values.size());
            point[std::size_t(g)] = k;
        }
        int k = 0;
        for (const char* key : {"latency", "power", "area", "energy"})
            m_solutions->setItem(r, c++, readOnly(scales[std::size_t(k++)].number(s.value(QLatin1String(key)).toDouble())));
        m_solutions->setItem(r, c++, readOnly(feasible ? tr("met") : tr("not met (least violating)")));
        for (int col = 0; col < c; ++col)
            m_solutions->item(r, col)->setBackground(feasible ? kFeasible : kViolating);
        if (decoded)
            m_solutions->item(r, 0)->setData(Qt::UserRole,
                                             qs(accelResultToJson(accel->decode(point), nullptr, "GRMD solution")));
    }
    m_solutions->resizeColumnsToContents();
}

} // namespace mapscape
