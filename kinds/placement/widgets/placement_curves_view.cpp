// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/dialogs/file_dialog.h"
#include "widgets/study/view_cells.h"
#include "kinds/placement/core/placement_study.h"
#include "kinds/placement/widgets/placement_curves_view.h"

#include "kinds/placement/core/placement_io.h"
#include "kinds/placement/core/placement_search.h"
#include "core/runner/optimizer_run.h"
#include "core/util/statistics.h"
#include "widgets/charts/band_chart.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/editors/number_edit.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

namespace mapscape {

namespace {

struct MethodStyle {
    const char* id;
    const char* label;
    QColor colour;
};
// Fixed colours per method, so that charts of several workloads read alike.
const MethodStyle kMethods[] = {
    {"egrl", "EGRL", QColor(0x1f, 0x77, 0xb4)},      {"ea", "EA", QColor(0xff, 0x7f, 0x0e)},
    {"pg", "PG", QColor(0x2c, 0xa0, 0x2c)},          {"greedy-dp", "Greedy-DP", QColor(0xd6, 0x27, 0x28)},
    {"random", "Random", QColor(0x7f, 0x7f, 0x7f)}, {"local", "Local search", QColor(0x94, 0x67, 0xbd)},
};

const MethodStyle* styleOf(const std::string& id)
{
    for (const MethodStyle& m : kMethods)
        if (id == m.id)
            return &m;
    return nullptr;
}

QString benchWorkloadName(const std::string& id)
{
    return QString::fromStdString(placement::benchWorkloadLabel(id));
}

QString runsText(int n)
{
    return n == 1 ? PlacementCurvesView::tr("1 run") : PlacementCurvesView::tr("%1 runs").arg(n);
}

constexpr int kGridPoints = 200;
constexpr int kWindows = 100;

} // namespace

/// The runs of one method: their curves and final values.
struct PlacementCurvesView::Group {
    std::string method;
    std::vector<std::vector<std::pair<double, double>>> best, current;
    std::vector<double> finals, seconds;
    double xMax = 0;
};

PlacementCurvesView::PlacementCurvesView(RunsPanel* runs, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
{
    auto* l = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Show"), this));
    m_source = new QComboBox(this);
    m_source->addItem(tr("this project's runs"), ProjectRuns);
    m_source->addItem(tr("benchmark results"), BenchmarkFile);
    m_source->setToolTip(tr("This project's finished and running runs on the current workload and hardware, or a "
                            "results file of bench/reproduce_seed004 (4,000 iterations, 5 seeds per method)"));
    bar->addWidget(m_source);
    m_curve = new QComboBox(this);
    m_curve->addItem(tr("best so far"), BestSoFar);
    m_curve->addItem(tr("current champion (best of each window)"), WindowBest);
    m_curve->setToolTip(tr("Best so far: the noiseless speed-up of the best map found up to each iteration. Current: "
                           "the best noiseless speed-up within each 1 % of the budget (0 where every map was invalid), "
                           "how good what the method proposes now is"));
    bar->addWidget(m_curve);
    m_load = new QPushButton(tr("Load benchmark results…"), this);
    m_load->setToolTip(tr("A JSON-lines file written by: reproduce_seed004 --results FILE"));
    bar->addWidget(m_load);
    m_presetLabel = new QLabel(tr("Preset"), this);
    bar->addWidget(m_presetLabel);
    m_preset = new QComboBox(this);
    m_preset->setToolTip(tr("hardware-like: measurements carry 2 % noise (σ = 0.02); noiseless: σ = 0"));
    bar->addWidget(m_preset);
    m_workloadLabel = new QLabel(tr("Workload"), this);
    bar->addWidget(m_workloadLabel);
    m_workload = new QComboBox(this);
    bar->addWidget(m_workload);
    bar->addStretch(1);
    l->addLayout(bar);

    auto* sweep = new QHBoxLayout;
    sweep->addWidget(new QLabel(tr("Sweep:"), this));
    for (const MethodStyle& m : kMethods) {
        if (std::string_view(m.id) == "local")
            continue;
        auto* box = new QCheckBox(tr(m.label), this);
        box->setProperty("method", QString::fromLatin1(m.id));
        box->setChecked(std::string_view(m.id) != "random");
        m_sweepMethods.push_back(box);
        sweep->addWidget(box);
    }
    sweep->addWidget(new QLabel(tr("seeds"), this));
    // Numbers read when committed, kept as typed; a refused one says why in its tooltip.
    const auto number = [this](qint64 lo, qint64 hi, qint64 value, const QString& name, const QString& tip) {
        auto* e = new NumberEdit(this);
        e->setRange(lo, hi);
        e->setValue(value);
        e->setFieldName(name);
        e->setToolTip(tip);
        e->setMaximumWidth(110);
        return e;
    };
    m_seeds = number(1, 50, 5, tr("Seeds"), tr("Runs per method (the paper reports the mean of 5)"));
    sweep->addWidget(m_seeds);
    sweep->addWidget(new QLabel(tr("from"), this));
    m_firstSeed = number(0, 1'000'000'000, 1, tr("First seed"), tr("Seed of each method's first run"));
    sweep->addWidget(m_firstSeed);
    sweep->addWidget(new QLabel(tr("iterations"), this));
    m_iterations = number(10, 10'000'000, 4000, tr("Iterations"), tr("Maps each run evaluates (the paper: 4,000)"));
    sweep->addWidget(m_iterations);
    m_startSweep = new QPushButton(tr("Run sweep"), this);
    m_startSweep->setToolTip(tr("Queue every checked method × seed on the current workload and hardware; the runs go "
                                "one at a time and appear in the Optimize tab"));
    sweep->addWidget(m_startSweep);
    m_stopSweep = new QPushButton(tr("Stop sweep"), this);
    m_stopSweep->setToolTip(tr("Drop the queued runs and cancel the one running"));
    sweep->addWidget(m_stopSweep);
    m_sweepStatus = new QLabel(this);
    // Long run titles must not widen the window.
    m_sweepStatus->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    sweep->addWidget(m_sweepStatus, 1);
    l->addLayout(sweep);

    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    l->addWidget(m_status);
    m_chart = new BandChart(this);
    m_chart->setMinimumHeight(320);
    m_chart->setAxisTitles(tr("Iterations (maps evaluated)"), tr("Speed-up over the compiler (×)"));
    m_chart->setToolTip(tr("Mean ± one standard deviation over runs; dashed: the paper's final mean on the real NNP-I "
                           "(§5.2). 1 = the compiler's map."));
    l->addWidget(m_chart, 3);
    m_summary = new QTableWidget(0, 5, this);
    cells::setColumns(m_summary,
                      {{tr("Method"), tr("EGRL, EA, PG, Greedy-DP or random search")},
                       {tr("Runs"), tr("Runs (seeds) drawn in the chart")},
                       {tr("Final speed-up (mean ± std)"), tr("Noiseless speed-up over the compiler's map (×) of the map each "
                                                              "run ended with, mean ± standard deviation over the runs")},
                       {tr("Paper (NNP-I, §5.2)"), tr("The paper's final mean speed-up (×) on the real NNP-I")},
                       {tr("Time per run"), tr("Wall-clock time per run, mean over the runs")}});
    m_summary->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_summary->verticalHeader()->setVisible(false);
    m_summary->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_summary->setMaximumHeight(190);
    l->addWidget(m_summary, 1);

    connect(m_source, &QComboBox::currentIndexChanged, this, &PlacementCurvesView::refresh);
    connect(m_curve, &QComboBox::currentIndexChanged, this, &PlacementCurvesView::refresh);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &PlacementCurvesView::refresh);
    connect(m_workload, &QComboBox::currentIndexChanged, this, &PlacementCurvesView::refresh);
    connect(m_load, &QPushButton::clicked, this, [this] {
        const QString path = FileDialog::openFile(this, tr("Load benchmark results"), m_benchPath,
                                                          tr("Benchmark results (*.jsonl *.json);;All files (*)"));
        if (path.isEmpty())
            return;
        QString error;
        if (!loadBenchmark(path, &error))
            m_status->setText(error);
    });
    connect(m_startSweep, &QPushButton::clicked, this, [this] {
        QStringList methods;
        for (QCheckBox* box : m_sweepMethods)
            if (box->isChecked())
                methods << box->property("method").toString();
        if (!startSweep(methods, int(m_seeds->value()), int(m_firstSeed->value()), int(m_iterations->value())))
            m_sweepStatus->setText(tr("Check at least one method."));
    });
    connect(m_stopSweep, &QPushButton::clicked, this, &PlacementCurvesView::stopSweep);
    m_stopSweep->setEnabled(false);
    refresh();
}

PlacementCurvesView::~PlacementCurvesView() = default;

void PlacementCurvesView::setInputs(const PlacementInputs& inputs) { m_inputs = inputs; }

void PlacementCurvesView::setSource(Source source) { m_source->setCurrentIndex(m_source->findData(int(source))); }

void PlacementCurvesView::setCurve(Curve curve) { m_curve->setCurrentIndex(m_curve->findData(int(curve))); }

QString PlacementCurvesView::statusText() const { return m_status->text(); }

bool PlacementCurvesView::loadBenchmark(const QString& path, QString* error)
{
    try {
        m_bench = readPlacementBenchRuns(path.toStdString());
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return false;
    }
    m_benchPath = path;
    syncBenchmarkChoosers();
    setSource(BenchmarkFile);
    refresh();
    return true;
}

void PlacementCurvesView::syncBenchmarkChoosers()
{
    QSignalBlocker b1(m_preset), b2(m_workload);
    const QString keepPreset = m_preset->currentData().toString(), keepWorkload = m_workload->currentData().toString();
    m_preset->clear();
    m_workload->clear();
    std::vector<std::string> presets, workloads;
    for (const PlacementBenchRun& r : m_bench) {
        if (std::find(presets.begin(), presets.end(), r.preset) == presets.end())
            presets.push_back(r.preset);
        if (std::find(workloads.begin(), workloads.end(), r.workload) == workloads.end())
            workloads.push_back(r.workload);
    }
    for (const std::string& p : presets)
        m_preset->addItem(QString::fromStdString(p), QString::fromStdString(p));
    for (const std::string& w : workloads)
        m_workload->addItem(benchWorkloadName(w), QString::fromStdString(w));
    if (const int i = m_preset->findData(keepPreset); i >= 0)
        m_preset->setCurrentIndex(i);
    // The study's workload first, if the file has it.
    int w = m_workload->findData(keepWorkload);
    if (w < 0 && m_inputs)
        w = m_workload->findText(QString::fromStdString(m_inputs->workload.name));
    if (w >= 0)
        m_workload->setCurrentIndex(w);
}

bool PlacementCurvesView::chooseBenchmark(const QString& preset, const QString& workload)
{
    const int p = m_preset->findData(preset), w = m_workload->findData(workload);
    if (p < 0 || w < 0)
        return false;
    m_preset->setCurrentIndex(p);
    m_workload->setCurrentIndex(w);
    refresh();
    return true;
}

std::vector<PlacementCurvesView::Group> PlacementCurvesView::projectGroups(bool windowBest) const
{
    std::vector<Group> groups;
    if (!m_inputs)
        return groups;
    const std::string key = setupKey(*m_inputs);
    const RunListModel* model = m_runs->runModel();
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->setupKeyAt(row) != key)
            continue;
        const OptimizerRun* run = model->runAt(row);
        const RunRecord* rec = model->recordAt(row);
        if (!run && !rec)
            continue;
        if (rec && rec->state == "failed")
            continue;
        const std::string& id = model->settingsAt(row)->id;
        const QHash<QString, QList<QPointF>> history = m_runs->metricHistory(model->idAt(row));
        const QList<QPointF> best = history.value(QStringLiteral("placement/best_true_speedup"));
        if (best.isEmpty())
            continue;
        auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& x) { return x.method == id; });
        if (g == groups.end()) {
            groups.push_back({id, {}, {}, {}, {}, 0});
            g = groups.end() - 1;
        }
        std::vector<std::pair<double, double>> curve, current;
        for (const QPointF& p : best)
            curve.emplace_back(p.x(), p.y());
        if (windowBest) { // every map's speed-up: only the window-best curves need them
            // Noiseless, the tables' and the best-so-far curve's measure: the best measured value of
            // a window is biased upwards by the noise (it read 1.49× against a 1.424× ceiling).
            // Runs saved before the noiseless metric existed fall back to the measured one.
            const QList<QPointF> noiseless = history.value(QStringLiteral("placement/true_speedup"));
            for (const QPointF& p : noiseless.isEmpty() ? history.value(QStringLiteral("placement/speedup")) : noiseless)
                current.emplace_back(p.x(), p.y());
        }
        g->finals.push_back(curve.back().second);
        g->seconds.push_back(run ? run->elapsedSeconds() : rec->seconds);
        const auto iterations = run ? double(run->evaluations()) : double(rec->evaluations);
        g->xMax = std::max({g->xMax, iterations, curve.back().first});
        g->best.push_back(std::move(curve));
        g->current.push_back(std::move(current));
    }
    return groups;
}

std::vector<PlacementCurvesView::Group> PlacementCurvesView::benchmarkGroups() const
{
    std::vector<Group> groups;
    const std::string preset = m_preset->currentData().toString().toStdString();
    const std::string workload = m_workload->currentData().toString().toStdString();
    for (const PlacementBenchRun& r : m_bench) {
        if (r.preset != preset || r.workload != workload)
            continue;
        auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& x) { return x.method == r.method; });
        if (g == groups.end()) {
            groups.push_back({r.method, {}, {}, {}, {}, 0});
            g = groups.end() - 1;
        }
        g->finals.push_back(r.speedup);
        g->seconds.push_back(r.seconds);
        g->xMax = std::max(g->xMax, double(r.iterations));
        if (r.curve.empty())
            continue; // written before curves were kept: counts in the table only
        std::vector<std::pair<double, double>> curve;
        for (const auto& [x, y] : r.curve)
            curve.emplace_back(double(x), y);
        g->best.push_back(std::move(curve));
    }
    return groups;
}

void PlacementCurvesView::refresh()
{
    const bool bench = m_source->currentData().toInt() == BenchmarkFile;
    for (QWidget* w : std::initializer_list<QWidget*>{m_preset, m_workload, m_presetLabel, m_workloadLabel})
        w->setVisible(bench);
    // Benchmark files keep best-so-far curves only.
    m_curve->setEnabled(!bench);
    const bool windowBest = !bench && m_curve->currentData().toInt() == WindowBest;

    std::vector<Group> groups = bench ? benchmarkGroups() : projectGroups(windowBest);
    std::sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) {
        const auto rank = [](const std::string& id) {
            for (std::size_t i = 0; i < std::size(kMethods); ++i)
                if (id == kMethods[i].id)
                    return int(i);
            return int(std::size(kMethods));
        };
        return rank(a.method) < rank(b.method);
    });
    const QString workloadName = bench ? m_workload->currentText()
                                 : m_inputs ? QString::fromStdString(m_inputs->workload.name)
                                            : QString();
    const std::string workloadKey = bench ? m_workload->currentData().toString().toStdString() : workloadName.toStdString();

    std::vector<BandCurve> curves;
    std::vector<ReferenceLine> references;
    m_summary->setRowCount(0);
    int runs = 0;
    QStringList invalidNotes;
    for (const Group& g : groups) {
        const MethodStyle* style = styleOf(g.method);
        const QString label = style ? tr(style->label) : QString::fromStdString(g.method);
        const QColor colour = style ? style->colour : QColor(0x33, 0x33, 0x33);
        runs += int(g.finals.size());
        const auto& source = windowBest ? g.current : g.best;
        if (!source.empty() && g.xMax > 0) {
            const CurveBand band = windowBest ? windowMaxBand(source, g.xMax, kWindows) : stepCurveBand(source, g.xMax, kGridPoints);
            BandCurve c;
            c.name = QStringLiteral("%1 (%2)").arg(label, runsText(int(source.size())));
            c.colour = colour;
            c.x = QList<double>(band.x.begin(), band.x.end());
            c.mean = QList<double>(band.mean.begin(), band.mean.end());
            c.stddev = QList<double>(band.stddev.begin(), band.stddev.end());
            c.count = QList<int>(band.count.begin(), band.count.end());
            curves.push_back(std::move(c));
        }
        const std::optional<double> paper = placement::paperSpeedup(workloadKey, g.method);
        if (paper)
            references.push_back({tr("%1, paper %2").arg(label).arg(*paper, 0, 'f', 2), colour, *paper});
        const auto [m, sd] = meanStd(g.finals);
        const auto [tm, tsd] = meanStd(g.seconds);
        (void)tsd;
        const int row = m_summary->rowCount();
        m_summary->insertRow(row);
        auto* name = new QTableWidgetItem(label);
        name->setForeground(colour);
        m_summary->setItem(row, 0, name);
        // A run that never met the capacity rules scores 0: it counts in the mean, and the table says so.
        const auto valid = std::ranges::count_if(g.finals, [](double v) { return v > 0; });
        const auto total = qsizetype(g.finals.size());
        m_summary->setItem(row, 1,
                           new QTableWidgetItem(valid == total ? QString::number(total)
                                                               : tr("%1 (%2 with a valid map)").arg(total).arg(valid)));
        auto* finalItem = new QTableWidgetItem(valid == 0 ? tr("no valid map")
                                           : total == 1
                                               ? QString::number(m, 'f', 3)
                                               : QStringLiteral("%1 ± %2").arg(m, 0, 'f', 3).arg(sd, 0, 'f', 3));
        finalItem->setToolTip(tr("Noiseless speed-up of the map with the best measured reward, mean ± std over the runs; a "
                             "run that found no map within the capacities counts 0."));
        m_summary->setItem(row, 2, finalItem);
        if (valid < total && valid > 0)
            invalidNotes << tr("%1: %2 of %3 runs found no valid map (0 in the table; the curve averages the runs that "
                               "did, so it can drop when a late run joins).")
                                .arg(label)
                                .arg(total - valid)
                                .arg(total);
        m_summary->setItem(row, 3, new QTableWidgetItem(paper ? QString::number(*paper, 'f', 2) : tr("–")));
        m_summary->setItem(row, 4, new QTableWidgetItem(quantityText(tm, QStringLiteral("s"), 3)));
    }
    // The compiler's map, 1 by definition.
    references.push_back({tr("compiler's map (1×)"), QColor(0x9e, 0x9e, 0x9e), 1.0});
    m_chart->setTitle(tr("%1: speed-up over the compiler, mean ± std over runs").arg(workloadName));
    m_chart->setCurves(curves, references);

    QString status;
    if (bench && m_bench.empty())
        status = tr("Load a results file of bench/reproduce_seed004 (Load benchmark results…).");
    else if (bench)
        status = tr("%1: %2 of the benchmark on %3 (preset %4).")
                     .arg(QFileInfo(m_benchPath).fileName(), runsText(runs), workloadName, m_preset->currentText());
    else if (groups.empty())
        status = tr("No runs on this workload and hardware yet: start a sweep below or runs in the Optimize tab (one "
                    "per seed), or load benchmark results.");
    else
        status = tr("%1 on %2 with this hardware; runs of other setups are left out.").arg(runsText(runs), workloadName);
    if (groups.size() > 0 && !references.empty() && references.size() > 1)
        status += tr(" The model is close to separable, so the methods meet near its ceiling where the paper's differ "
                     "(docs/reproduction.md).");
    for (const QString& note : invalidNotes)
        status += QLatin1Char(' ') + note;
    m_status->setText(status);
}

bool PlacementCurvesView::startSweep(const QStringList& methods, int seeds, int firstSeed, int iterations)
{
    if (methods.isEmpty() || seeds < 1)
        return false;
    const OptimizerSettings form = m_runs->optimizerPanel()->settings();
    for (const QString& method : methods)
        for (int k = 0; k < seeds; ++k) {
            OptimizerSettings s = form;
            s.id = method.toStdString();
            if (s.id != form.id)
                s.options.clear(); // another method's options do not apply
            s.options["iterations"] = std::to_string(iterations);
            s.seed = std::uint64_t(firstSeed + k);
            m_pending.push_back(std::move(s));
        }
    m_sweepTotal += int(methods.size()) * seeds;
    m_stopSweep->setEnabled(true);
    if (!m_sweepRun)
        startNextSweepRun();
    return true;
}

void PlacementCurvesView::startNextSweepRun()
{
    m_sweepRun = nullptr;
    while (!m_pending.empty() && !m_sweepRun) {
        const OptimizerSettings s = m_pending.front();
        m_pending.erase(m_pending.begin());
        OptimizerRun* run = m_runs->startRunWith(s);
        if (!run) {
            ++m_sweepDone; // the panel reported why
            continue;
        }
        m_sweepRun = run;
        const auto next = [this, run] {
            if (m_sweepRun != run)
                return;
            ++m_sweepDone;
            startNextSweepRun();
            refresh();
        };
        connect(run, &OptimizerRun::finished, this, next);
        connect(run, &OptimizerRun::failed, this, next);
    }
    if (m_sweepRun)
        m_sweepStatus->setText(tr("Sweep: run %1 of %2 (#%3 %4, seed %5)")
                                   .arg(m_sweepDone + 1)
                                   .arg(m_sweepTotal)
                                   .arg(m_sweepRun->id())
                                   .arg(QString::fromStdString(m_sweepRun->settings().optimizer.id))
                                   .arg(m_sweepRun->settings().optimizer.seed));
    else {
        m_sweepStatus->setText(m_sweepTotal > 0 ? tr("Sweep done: %1 runs.").arg(m_sweepDone) : QString());
        m_sweepTotal = m_sweepDone = 0;
        m_stopSweep->setEnabled(false);
    }
}

void PlacementCurvesView::stopSweep()
{
    m_pending.clear();
    OptimizerRun* run = m_sweepRun;
    m_sweepRun = nullptr;
    m_sweepTotal = m_sweepDone = 0;
    m_stopSweep->setEnabled(false);
    m_sweepStatus->setText(tr("Sweep stopped."));
    if (run)
        run->cancel();
}

} // namespace mapscape
