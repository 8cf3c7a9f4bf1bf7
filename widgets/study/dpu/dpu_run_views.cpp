// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/dpu/dpu_study.h"
#include "widgets/study/dpu/dpu_run_views.h"

#include "core/runner/optimizer_run.h"
#include "core/util/strings.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/delegates/progress_delegate.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/runs_panel.h"
#include "widgets/study/dpu/dpu_workbench.h"
#include "widgets/study/view_cells.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>

#include <cmath>

namespace mapscape {

using cells::kFeasible;
using cells::kInvalid;
using cells::kViolating;
using cells::readOnly;
using cells::sig;
using namespace dpu;

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

QString percent(double fraction, int digits = 1) { return QString::number(100 * fraction, 'f', digits) + QStringLiteral(" %"); }

QString stateTitle(const Platform& p, int w)
{
    const BackgroundState& s = p.params.states[std::size_t(w)];
    return qs(s.name) + QStringLiteral(" — ") + qs(s.title);
}

void fillStates(QComboBox* box, const Platform& p)
{
    const int keep = std::max(0, box->currentIndex());
    box->clear();
    for (int w = 0; w < kStates; ++w)
        box->addItem(stateTitle(p, w), w);
    box->setCurrentIndex(std::min(keep, box->count() - 1));
}

/// One learner run is usable when it has ended (finished or cancelled with a model) or was saved
/// with its decisions.
bool hasResult(RunsPanel* runs, int row)
{
    RunListModel* m = runs->runModel();
    if (const OptimizerRun* r = m->runAt(row))
        return r->state() == RunState::Finished || r->state() == RunState::Cancelled;
    const RunRecord* rec = m->recordAt(row);
    return rec && !rec->result.empty();
}

} // namespace

dpu::Policy DpuRunPolicy::policy() const
{
    if (model)
        return modelPolicy(*model);
    return savedPolicy;
}

// ---------------------------------------------------------------------------------------------
// Run chooser

DpuRunChooser::DpuRunChooser(RunsPanel* runs, bool endedOnly, QWidget* parent)
    : QComboBox(parent)
    , m_runs(runs)
    , m_endedOnly(endedOnly)
{
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    setPlaceholderText(tr("no learner run yet"));
    setToolTip(endedOnly ? tr("A learner run that has ended (runs are started in the Optimize tab)")
                         : tr("The learner run followed (runs are started in the Optimize tab)"));
}

bool DpuRunChooser::sync()
{
    const int keep = runId();
    RunListModel* model = m_runs->runModel();
    blockSignals(true);
    clear();
    int newest = -1;
    for (int row = 0; row < model->rowCount(); ++row) {
        if (m_endedOnly && !hasResult(m_runs, row))
            continue;
        addItem(model->titleAt(row), model->idAt(row));
        newest = model->idAt(row);
    }
    int chosen = findData(keep);
    if (chosen < 0 && newest >= 0)
        chosen = findData(newest);
    setCurrentIndex(chosen);
    blockSignals(false);
    const bool changed = runId() != keep;
    if (changed)
        Q_EMIT currentIndexChanged(currentIndex());
    return changed;
}

int DpuRunChooser::runId() const { return currentIndex() >= 0 ? currentData().toInt() : -1; }

bool DpuRunChooser::selectRun(int runId)
{
    const int i = findData(runId);
    if (i < 0)
        return false;
    setCurrentIndex(i);
    return true;
}

DpuRunPolicy DpuRunChooser::current(const DpuInputs& inputs) const
{
    DpuRunPolicy out;
    out.runId = runId();
    if (out.runId < 0) {
        out.unavailable = tr("Train a learner in the Optimize tab (DPUCConfig PPO agent or LinUCB) to see it here.");
        return out;
    }
    RunListModel* model = m_runs->runModel();
    const int row = model->rowOfId(out.runId);
    out.title = model->titleAt(row);
    if (const OptimizerRun* run = model->runAt(row))
        out.optimizerId = run->settings().optimizer.id;
    else if (const RunRecord* rec = model->recordAt(row))
        out.optimizerId = rec->settings.id;
    const bool sameSetup = model->setupKeyAt(row) == setupKey(inputs);
    if (OptimizerRun* run = model->runAt(row)) {
        if (run->state() != RunState::Finished && run->state() != RunState::Cancelled) {
            out.unavailable = tr("%1 is %2: its policy is shown once it has ended.").arg(out.title, runStateName(run->state()));
            return out;
        }
        if (sameSetup)
            if (const auto* job = run->jobAs<DpuJob>())
                out.model = job->model();
    }
    const std::string json = m_runs->resultJsonAt(row);
    if (!out.model && !json.empty()) {
        try {
            out.saved = dpuResultFromJson(json, "run #" + std::to_string(out.runId), inputs.platform);
            out.savedPolicy = decisionPolicy(inputs.platform, out.saved->decisions); // every variant and state present
        } catch (const std::exception& e) {
            out.saved.reset();
            out.unavailable = tr("%1 was trained on another platform: %2").arg(out.title, QString::fromUtf8(e.what()));
            return out;
        }
    }
    if (!out.usable())
        out.unavailable = tr("%1 has no result.").arg(out.title);
    else if (!sameSetup)
        out.title += tr(" (trained on another platform or data seed)");
    return out;
}

// ---------------------------------------------------------------------------------------------
// Training dashboard

DpuTrainingView::DpuTrainingView(RunsPanel* runs, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
{
    auto* l = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Run"), this));
    m_chooser = new DpuRunChooser(runs, false, this);
    bar->addWidget(m_chooser);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    bar->addWidget(m_status, 1);
    l->addLayout(bar);
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
    m_context = new QTableWidget(0, 7, ctx);
    m_context->setHorizontalHeaderLabels({tr("Context bucket"), tr("CPU bin"), tr("DDR bin"), tr("GMAC bin"), tr("Data bin"),
                                          tr("Samples"), tr("CTXMEAN (FPS/W)")});
    m_context->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_context->verticalHeader()->setVisible(false);
    m_context->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_context->setSortingEnabled(true);
    m_context->setToolTip(tr("Algorithm 1's CTXMEAN: the running mean of feasible PPW per context bucket (CPU "
                             "utilisation, DDR traffic, model GMAC, model data). A step's reward compares its PPW with "
                             "(1 − λ)·CTXMEAN + λ·GLOBALMEANPPW, so models of different sizes share one scale."));
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
    m_contextLabel->setText(tr("GLOBALMEANPPW %1 FPS/W over %2 feasible samples; %3 context buckets seen. Sort by a column "
                               "to find the contexts that pay best.")
                                .arg(sig(global.value(QStringLiteral("mean")).toDouble()))
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

// ---------------------------------------------------------------------------------------------
// Evaluation view

DpuEvaluationView::DpuEvaluationView(RunsPanel* runs, DpuWorkbench* workbench, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
    , m_workbench(workbench)
{
    auto* l = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Learner"), this));
    m_chooser = new DpuRunChooser(runs, true, this);
    bar->addWidget(m_chooser);
    bar->addWidget(new QLabel(tr("Background"), this));
    m_state = new QComboBox(this);
    m_state->setToolTip(tr("Fig. 5 shows C (CPU stress) and M (memory stress)"));
    bar->addWidget(m_state);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    bar->addWidget(m_status, 1);
    l->addLayout(bar);
    connect(m_chooser, &QComboBox::currentIndexChanged, this, &DpuEvaluationView::refresh);
    connect(m_state, &QComboBox::currentIndexChanged, this, &DpuEvaluationView::refresh);

    auto* split = new QSplitter(Qt::Vertical, this);
    auto* chart = new QChart;
    chart->setTitle(tr("PPW per held-out model (Fig. 5)"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    m_chartView = new QChartView(chart, split);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(260);
    m_chartView->setToolTip(tr("Frames per second per FPGA watt of the configuration each method picks for each held-out "
                               "model variant (recorded-run means). Dark red bars run below C_PERF. Hover a bar for its "
                               "configuration."));
    split->addWidget(m_chartView);
    m_summary = new QTableWidget(0, 0, split);
    m_summary->verticalHeader()->setVisible(false);
    m_summary->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_summary->setToolTip(tr("Normalised PPW = PPW / PPW of the best configuration meeting C_PERF, on the held-out "
                             "variants; the paper's figures in italics"));
    split->addWidget(m_summary);
    m_cases = new QTableWidget(0, 0, split);
    m_cases->verticalHeader()->setVisible(false);
    m_cases->setEditTriggers(QAbstractItemView::NoEditTriggers);
    split->addWidget(m_cases);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setStretchFactor(2, 2);
    l->addWidget(split, 1);
}

void DpuEvaluationView::setState(int state) { m_state->setCurrentIndex(state); }

QHash<QString, QList<double>> DpuEvaluationView::barValues() const { return m_bars; }

void DpuEvaluationView::refresh()
{
    const DpuInputs& in = m_workbench->inputs();
    const std::shared_ptr<const RecordedRuns> runs = m_workbench->recordedRuns();
    const Platform& p = in.platform;
    if (m_state->count() != kStates) {
        QSignalBlocker block(m_state);
        fillStates(m_state, p);
        m_state->setCurrentIndex(1);
    }
    {
        QSignalBlocker block(m_chooser);
        m_chooser->sync();
    }
    QChart* chart = m_chartView->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* a : chart->axes())
        chart->removeAxis(a), delete a; // removeAxis gives up ownership
    m_bars.clear();
    if (!runs) {
        m_status->setText(tr("Generating the recorded runs…"));
        return;
    }
    const Split split = defaultSplit(p);
    if (split.test.empty()) {
        m_status->setText(tr("No model is marked as held out (test): nothing to evaluate."));
        return;
    }
    const int state = std::max(0, m_state->currentIndex());
    const std::vector<int> states{0, 1, 2};
    const DpuRunPolicy learner = m_chooser->current(in);
    m_status->setText(learner.usable() ? learner.title : learner.unavailable);

    struct Method {
        QString name;
        std::vector<EvaluationReport> reports;
        QColor colour;
        QString paperMean[kStates];
        QString paperMet;
    };
    std::vector<Method> methods;
    // The paper's figures (spec §5) beside the rows they belong to.
    const auto paper = [](double fraction) { return std::isfinite(fraction) ? percent(fraction, 0) : QString(); };
    if (learner.usable()) {
        Method m{learner.title, {evaluatePolicy(*runs, learner.policy(), split.test, states)}, QColor(0x1f, 0x77, 0xb4), {}, {}};
        if (learner.optimizerId == "dpucconfig") {
            for (int w = 1; w < kStates; ++w)
                m.paperMean[w] = paper(paperFigures(w).agentMean);
            m.paperMet = paper(kPaperConstraintSatisfaction);
        }
        methods.push_back(std::move(m));
    }
    const QColor baselineColours[] = {QColor(0x2c, 0xa0, 0x2c), QColor(0xff, 0x7f, 0x0e), QColor(0x94, 0x67, 0xbd),
                                      QColor(0x7f, 0x7f, 0x7f)};
    std::size_t k = 0;
    for (BaselineReports& b : baselineReports(*runs, split.test, states, {1, 2, 3})) {
        Method m{qs(b.name), std::move(b.reports), baselineColours[k++ % 4], {}, {}};
        for (int w = 1; w < kStates; ++w) {
            if (b.baseline == Baseline::MaxFps)
                m.paperMean[w] = paper(paperFigures(w).maxFpsMean);
            if (b.baseline == Baseline::Optimal)
                m.paperMean[w] = paper(1.0);
        }
        methods.push_back(std::move(m));
    }

    // Fig. 5: grouped bars of PPW per held-out variant in the chosen state (random left out: noise).
    auto* series = new QBarSeries;
    QStringList categories;
    for (int v : split.test)
        categories << qs(p.variantShortName(v));
    double top = 0;
    for (const Method& m : methods) {
        if (m.reports.size() != 1)
            continue;
        auto* set = new QBarSet(m.name);
        set->setColor(m.colour);
        set->setSelectedColor(QColor(0x8b, 0, 0));
        QList<double> values;
        for (const EvaluationCase& c : m.reports.front().cases) {
            if (c.state != state)
                continue;
            const double ppw = c.ppw;
            *set << ppw;
            values << ppw;
            top = std::max(top, ppw);
            if (!c.constraintMet)
                set->selectBar(int(values.size()) - 1);
        }
        m_bars.insert(m.name, values);
        series->append(set);
    }
    connect(series, &QBarSeries::hovered, this, [this, all = methods, p, state](bool on, int index, QBarSet* set) {
        if (!on) {
            QToolTip::hideText();
            return;
        }
        for (const Method& m : all) {
            if (m.name != set->label() || m.reports.size() != 1)
                continue;
            int i = 0;
            for (const EvaluationCase& c : m.reports.front().cases) {
                if (c.state != state || i++ != index)
                    continue;
                QToolTip::showText(QCursor::pos(),
                                   tr("%1 on %2 in %3\n%4: %5 FPS/W = %6 of the optimum (%7)\n%8")
                                       .arg(m.name, qs(p.variantName(c.variant)), qs(p.params.states[std::size_t(state)].name),
                                            qs(p.actionName(c.action)), sig(c.ppw), percent(c.normalizedPpw),
                                            qs(p.actionName(c.optimal)),
                                            c.constraintMet ? tr("meets %1 FPS").arg(p.fpsConstraint)
                                                            : tr("runs below %1 FPS").arg(p.fpsConstraint)),
                                   m_chartView);
                return;
            }
        }
    });
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(tr("Held-out model / pruning"));
    auto* y = new QValueAxis;
    y->setTitleText(tr("PPW (FPS/W)"));
    y->setRange(0, top > 0 ? top * 1.08 : 1);
    y->applyNiceNumbers();
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    chart->setTitle(tr("PPW per held-out model in %1 (Fig. 5); dark red: below %2 FPS")
                        .arg(stateTitle(p, state))
                        .arg(p.fpsConstraint));

    // Summary: per state mean and minimum normalised PPW, exact matches, constraint, paper beside.
    const QStringList headers{tr("Method"),       tr("Mean N"),          tr("Mean C"),      tr("Paper C"),
                              tr("Mean M"),       tr("Paper M"),         tr("Minimum C"),   tr("Minimum M"),
                              tr("Exact C + M"),  tr("C_PERF met C + M"), tr("Paper met")};
    m_summary->setColumnCount(int(headers.size()));
    m_summary->setHorizontalHeaderLabels(headers);
    m_summary->setRowCount(int(methods.size()));
    for (int r = 0; r < int(methods.size()); ++r) {
        const Method& m = methods[std::size_t(r)];
        const auto mean = [&](int w, auto get) {
            double s = 0;
            for (const EvaluationReport& rep : m.reports)
                s += get(rep.states[std::size_t(w)]);
            return s / double(m.reports.size());
        };
        const int cases = m.reports.front().states[1].cases + m.reports.front().states[2].cases;
        const double exact = mean(1, [](const StateSummary& s) { return double(s.exact); }) +
                             mean(2, [](const StateSummary& s) { return double(s.exact); });
        const double met = mean(1, [](const StateSummary& s) { return double(s.constraintMet); }) +
                           mean(2, [](const StateSummary& s) { return double(s.constraintMet); });
        const QString name = m.reports.size() > 1 ? tr("%1 (mean of %2 seeds)").arg(m.name).arg(m.reports.size()) : m.name;
        const QStringList cellsText{name,
                                    percent(mean(0, [](const StateSummary& s) { return s.meanNormalizedPpw; })),
                                    percent(mean(1, [](const StateSummary& s) { return s.meanNormalizedPpw; })),
                                    m.paperMean[1],
                                    percent(mean(2, [](const StateSummary& s) { return s.meanNormalizedPpw; })),
                                    m.paperMean[2],
                                    percent(mean(1, [](const StateSummary& s) { return s.minNormalizedPpw; })),
                                    percent(mean(2, [](const StateSummary& s) { return s.minNormalizedPpw; })),
                                    QStringLiteral("%1 / %2").arg(exact, 0, 'g', 3).arg(cases),
                                    QStringLiteral("%1 / %2 (%3)").arg(met, 0, 'g', 3).arg(cases).arg(percent(met / std::max(1, cases))),
                                    m.paperMet};
        for (int c = 0; c < int(cellsText.size()); ++c) {
            QTableWidgetItem* it = readOnly(cellsText[c]);
            if (c == 3 || c == 5 || c == 10) {
                QFont f = it->font();
                f.setItalic(true);
                it->setFont(f);
            }
            if (c == 0)
                it->setForeground(m.colour);
            m_summary->setItem(r, c, it);
        }
    }
    m_summary->resizeColumnsToContents();

    // Cases of the state: what each method chose.
    QStringList caseHeaders{tr("Held-out model"), tr("Optimal"), tr("Optimal PPW (FPS/W)")};
    std::vector<const Method*> shown;
    for (const Method& m : methods) {
        if (m.reports.size() == 1 && m.name != QStringLiteral("Optimal")) {
            shown.push_back(&m);
            caseHeaders << m.name;
        }
    }
    m_cases->setColumnCount(int(caseHeaders.size()));
    m_cases->setHorizontalHeaderLabels(caseHeaders);
    m_cases->setRowCount(int(split.test.size()));
    for (int r = 0; r < int(split.test.size()); ++r) {
        const EvaluationCase* ref = nullptr;
        for (const EvaluationCase& c : methods.back().reports.front().cases)
            if (c.state == state && c.variant == split.test[std::size_t(r)])
                ref = &c;
        if (!ref)
            continue;
        m_cases->setItem(r, 0, readOnly(qs(p.variantName(ref->variant))));
        m_cases->setItem(r, 1, readOnly(qs(p.actionName(ref->optimal)) + (ref->feasibleExists ? QString() : tr(" (none meets C_PERF)"))));
        m_cases->setItem(r, 2, readOnly(sig(ref->optimalPpw)));
        for (std::size_t i = 0; i < shown.size(); ++i) {
            for (const EvaluationCase& c : shown[i]->reports.front().cases) {
                if (c.state != state || c.variant != ref->variant)
                    continue;
                QTableWidgetItem* it = readOnly(QStringLiteral("%1 · %2").arg(qs(p.actionName(c.action)), percent(c.normalizedPpw)),
                                                c.constraintMet ? tr("meets C_PERF") : tr("runs below C_PERF"));
                it->setBackground(!c.constraintMet ? kViolating : c.exact ? kFeasible : QColor(Qt::transparent));
                m_cases->setItem(r, 3 + int(i), it);
            }
        }
    }
    m_cases->resizeColumnsToContents();
}

QString DpuEvaluationView::summaryText() const
{
    QString out;
    for (int c = 0; c < m_summary->columnCount(); ++c)
        out += (c ? QStringLiteral("\t") : QString()) + m_summary->horizontalHeaderItem(c)->text();
    out += QLatin1Char('\n');
    for (int r = 0; r < m_summary->rowCount(); ++r) {
        for (int c = 0; c < m_summary->columnCount(); ++c)
            out += (c ? QStringLiteral("\t") : QString()) + (m_summary->item(r, c) ? m_summary->item(r, c)->text() : QString());
        out += QLatin1Char('\n');
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Policy inspector

DpuPolicyView::DpuPolicyView(RunsPanel* runs, DpuWorkbench* workbench, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
    , m_workbench(workbench)
{
    auto* l = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Learner"), this));
    m_chooser = new DpuRunChooser(runs, true, this);
    bar->addWidget(m_chooser);
    bar->addWidget(new QLabel(tr("Model"), this));
    m_variant = new QComboBox(this);
    m_variant->setToolTip(tr("The CNN whose static features (GMAC, data, parameters) enter the observation; held-out "
                             "models are marked"));
    bar->addWidget(m_variant);
    bar->addWidget(new QLabel(tr("Background"), this));
    m_state = new QComboBox(this);
    bar->addWidget(m_state);
    m_reset = new QPushButton(tr("Reset features"), this);
    m_reset->setToolTip(tr("Back to the chosen state's mean background telemetry and the model's static features"));
    bar->addWidget(m_reset);
    bar->addStretch(1);
    l->addLayout(bar);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    l->addWidget(m_status);
    m_context = new QLabel(this);
    m_context->setWordWrap(true);
    l->addWidget(m_context);

    auto* split = new QSplitter(Qt::Horizontal, this);
    m_features = new QTableWidget(kObservationSize, 2, split);
    m_features->setHorizontalHeaderLabels({tr("Feature"), tr("Value")});
    m_features->verticalHeader()->setVisible(false);
    m_features->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_features->horizontalHeader()->setStretchLastSection(true);
    m_features->setToolTip(tr("The 22 raw features the learner observes (before log1p and z-scoring): CPU utilisation "
                              "per core (%), DDR read/write per port (MB/s), FPGA and Arm power (W), the model's GMAC, "
                              "loaded feature-map / weight and stored bytes, parameters, and C_PERF. Edit a value to ask "
                              "the policy about any observation."));
    split->addWidget(m_features);
    m_actions = new QTableWidget(0, 8, split);
    m_actions->setHorizontalHeaderLabels({tr("Configuration"), tr("Score"), tr("FPS"), tr("P_FPGA (W)"), tr("P_ARM (W)"),
                                          tr("PPW (FPS/W)"), tr("Reward"), tr("Note")});
    m_actions->verticalHeader()->setVisible(false);
    m_actions->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_actions->setItemDelegateForColumn(1, new ProgressDelegate(Qt::UserRole + 1, m_actions));
    m_actions->horizontalHeader()->setStretchLastSection(true);
    m_actions->setToolTip(tr("Each configuration's score (π(a|s) for the PPO agent, the ridge estimate of the reward for "
                             "LinUCB) beside its simulated outcome for the chosen model and state; the reward is what "
                             "Algorithm 1 would pay with the learner's final CTXMEAN. Green: meets C_PERF; bold: the "
                             "policy's choice; ★ the optimum."));
    split->addWidget(m_actions);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 5);
    l->addWidget(split, 1);

    connect(m_chooser, &QComboBox::currentIndexChanged, this, &DpuPolicyView::refresh);
    connect(m_variant, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating)
            resetFeatures();
    });
    connect(m_state, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating)
            resetFeatures();
    });
    connect(m_reset, &QPushButton::clicked, this, &DpuPolicyView::resetFeatures);
    connect(m_features, &QTableWidget::cellChanged, this, [this](int row, int col) {
        if (m_updating || col != 1)
            return;
        bool ok = false;
        const double v = m_features->item(row, col)->text().trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(v) || v < 0) {
            m_status->setText(tr("%1: must be a non-negative number, got \"%2\"")
                                  .arg(qs(observationNames()[std::size_t(row)]), m_features->item(row, col)->text()));
            m_updating = true;
            m_features->item(row, col)->setText(sig(m_raw[std::size_t(row)], 6));
            m_updating = false;
            return;
        }
        setFeature(row, v);
    });
}

void DpuPolicyView::refresh()
{
    const Platform& p = m_workbench->inputs().platform;
    m_updating = true;
    {
        QSignalBlocker block(m_chooser);
        m_chooser->sync();
    }
    if (m_variant->count() != p.variantCount() || m_state->count() != kStates) {
        const int keep = std::max(0, m_variant->currentIndex());
        m_variant->clear();
        for (int v = 0; v < p.variantCount(); ++v)
            m_variant->addItem(qs(p.variantName(v)) + (p.models[std::size_t(p.modelOf(v))].test ? tr(" (held out)") : QString()), v);
        m_variant->setCurrentIndex(std::min(keep, m_variant->count() - 1));
        fillStates(m_state, p);
    }
    m_updating = false;
    resetFeatures();
}

void DpuPolicyView::setCase(int variant, int state)
{
    m_updating = true;
    m_variant->setCurrentIndex(variant);
    m_state->setCurrentIndex(state);
    m_updating = false;
    resetFeatures();
}

void DpuPolicyView::resetFeatures()
{
    const auto runs = m_workbench->recordedRuns();
    if (!runs || m_variant->currentIndex() < 0 || m_state->currentIndex() < 0) {
        m_status->setText(tr("Generating the recorded runs…"));
        return;
    }
    const Platform& p = m_workbench->inputs().platform;
    m_raw = observe(p, m_variant->currentIndex(), runs->backgroundMean(m_state->currentIndex()).telemetry, p.fpsConstraint);
    recompute();
}

bool DpuPolicyView::setFeature(int index, double value)
{
    if (index < 0 || index >= kObservationSize)
        return false;
    const DpuRunPolicy run = m_chooser->current(m_workbench->inputs());
    if (!run.model) {
        m_status->setText(tr("Only a run of this session can be asked about other observations; a saved run keeps its "
                             "decisions at the mean background only."));
        recompute();
        return false;
    }
    m_raw[std::size_t(index)] = value;
    recompute();
    return true;
}

void DpuPolicyView::recompute()
{
    const auto runs = m_workbench->recordedRuns();
    if (!runs || runs->platform() != m_workbench->inputs().platform)
        return;
    const Platform& p = m_workbench->inputs().platform;
    const int variant = m_variant->currentIndex(), state = m_state->currentIndex();
    if (variant < 0 || state < 0 || variant >= p.variantCount())
        return;
    const DpuRunPolicy run = m_chooser->current(m_workbench->inputs());
    m_updating = true;
    for (int i = 0; i < kObservationSize; ++i) {
        m_features->setItem(i, 0, readOnly(qs(observationNames()[std::size_t(i)])));
        auto* it = new QTableWidgetItem(sig(m_raw[std::size_t(i)], 6));
        if (!run.model)
            it->setFlags(it->flags() & ~Qt::ItemIsEditable);
        m_features->setItem(i, 1, it);
    }
    m_updating = false;

    // Scores: the live model for any observation, the saved decision at the mean background.
    m_scores.clear();
    int chosen = -1;
    if (run.model) {
        m_scores = run.model->scores(m_raw);
        chosen = run.model->act(m_raw);
        m_status->setText(tr("%1: %2").arg(run.title, run.model->probabilistic() ? tr("π(a|s), the probability of each "
                                                                                    "configuration")
                                                                                 : tr("the ridge estimate of each configuration's reward")));
    } else if (run.saved) {
        for (const PolicyDecision& d : run.saved->decisions) {
            if (d.variant == variant && d.state == state) {
                m_scores = d.scores;
                chosen = d.action;
            }
        }
        m_status->setText(tr("%1 (saved decisions at the mean background; features cannot be edited)").arg(run.title));
    } else {
        m_status->setText(run.unavailable);
    }

    const std::vector<dpu::Outcome> outcomes = runs->outcomes(variant, state);
    const Optimum best = optimum(outcomes, p.fpsConstraint);
    const RewardOptions reward = run.model ? run.model->reward() : RewardOptions{};
    const ContextKey key = contextKey(m_raw, reward);
    double b = 0;
    if (run.model)
        b = run.model->context().baseline(key, outcomes[std::size_t(best.action)].ppw, reward);
    m_context->setText(run.model ? tr("Context bucket: %1 — reward baseline b = %2 FPS/W (CTXMEAN of the bucket blended "
                                      "with the global mean, λ = %3)")
                                       .arg(qs(contextLabel(key, reward)), sig(b))
                                       .arg(reward.lambda)
                                 : tr("Context bucket: %1").arg(qs(contextLabel(key, reward))));
    double lo = 0, hi = 1;
    if (!m_scores.empty() && !(run.model && run.model->probabilistic()) && !(run.saved && run.saved->probabilistic)) {
        lo = *std::min_element(m_scores.begin(), m_scores.end());
        hi = *std::max_element(m_scores.begin(), m_scores.end());
    }
    m_actions->setRowCount(int(p.actions.size()));
    for (int a = 0; a < int(p.actions.size()); ++a) {
        const dpu::Outcome& o = outcomes[std::size_t(a)];
        const bool feasible = o.feasible(p.fpsConstraint);
        QTableWidgetItem* name = readOnly(qs(p.actionName(a)) + (a == best.action ? QStringLiteral(" ★") : QString()));
        if (a == chosen) {
            QFont f = name->font();
            f.setBold(true);
            name->setFont(f);
        }
        m_actions->setItem(a, 0, name);
        const double score = a < int(m_scores.size()) ? m_scores[std::size_t(a)] : std::nan("");
        QTableWidgetItem* s = readOnly(std::isfinite(score) ? sig(score, 3) : QStringLiteral("–"));
        s->setData(Qt::UserRole + 1, std::isfinite(score) && hi > lo ? std::clamp((score - lo) / (hi - lo), 0.0, 1.0) : 0.0);
        m_actions->setItem(a, 1, s);
        m_actions->setItem(a, 2, readOnly(sig(o.fps)));
        m_actions->setItem(a, 3, readOnly(sig(o.fpgaPowerW)));
        m_actions->setItem(a, 4, readOnly(sig(o.armPowerW)));
        m_actions->setItem(a, 5, readOnly(sig(o.ppw)));
        double r = reward.violationReward;
        if (feasible) {
            const double bb = run.model ? b : o.ppw;
            r = std::tanh((o.ppw - bb) / (reward.alpha * std::max(1.0, std::abs(bb))));
        }
        m_actions->setItem(a, 6, readOnly(run.model ? sig(r, 3) : QStringLiteral("–")));
        QString note = feasible ? QString() : tr("below %1 FPS").arg(p.fpsConstraint);
        if (a == best.action)
            note = (note.isEmpty() ? QString() : note + QStringLiteral("; ")) + tr("optimum");
        if (a == chosen)
            note = (note.isEmpty() ? QString() : note + QStringLiteral("; ")) + tr("chosen");
        m_actions->setItem(a, 7, readOnly(note));
        for (int c = 0; c < 8; ++c) {
            if (c != 1)
                m_actions->item(a, c)->setBackground(feasible ? kFeasible : kViolating);
        }
    }
    m_actions->resizeColumnsToContents();
    m_actions->setColumnWidth(1, std::max(m_actions->columnWidth(1), 160)); // room for the bar
}

QString DpuPolicyView::contextText() const { return m_context->text(); }

} // namespace mapscape
