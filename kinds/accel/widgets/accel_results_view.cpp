// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/accel/core/accel_study.h"
#include "kinds/accel/widgets/accel_results_view.h"

#include "core/runner/optimizer_run.h"
#include "core/util/strings.h"
#include "widgets/charts/front_overlay_chart.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/runs_panel.h"
#include "widgets/study/view_cells.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>

#include <algorithm>

namespace mapscape {

namespace {
/// The hypervolume's unit: latency × power × area, the area in mm² as everywhere in the kind (the
/// runs record it in cycles·mW·µm²: shown divided by kUm2PerMm2).
const QString kHypervolumeUnit = QStringLiteral("cycles·mW·mm²");
constexpr double kUm2PerMm2 = 1e6;
} // namespace


using cells::readOnly;
using cells::sig;

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

} // namespace

AccelResultsView::AccelResultsView(RunsPanel* runs, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
{
    QWidget* w = this;
    auto* grid = new QGridLayout(w);
    m_resultsHelp = new QLabel(w);
    m_resultsHelp->setWordWrap(true);
    grid->addWidget(m_resultsHelp, 0, 0, 1, 3);
    const QStringList titles = {tr("Latency"), tr("Power"), tr("Area")};
    const QStringList units = {tr("cycles"), tr("mW"), tr("µm²")};
    const int axes[3][2] = {{0, 1}, {0, 2}, {1, 2}};
    for (int i = 0; i < 4; ++i) {
        m_fronts[std::size_t(i)] = new FrontOverlayChart(w);
        m_fronts[std::size_t(i)]->setObjectives(titles, units);
        if (i < 3) {
            m_fronts[std::size_t(i)]->setMode(FrontOverlayChart::Mode::Projection, axes[i][0], axes[i][1]);
            m_fronts[std::size_t(i)]->setTitle(tr("%1 vs %2").arg(titles[axes[i][1]], titles[axes[i][0]].toLower()));
            m_fronts[std::size_t(i)]->setToolTip(tr("Each run's non-dominated designs (on all three objectives) projected "
                                                    "onto two; lower-left is better. Hover a point for its values."));
        } else {
            m_fronts[std::size_t(i)]->setMode(FrontOverlayChart::Mode::Parallel);
            m_fronts[std::size_t(i)]->setTitle(tr("All three objectives (parallel coordinates)"));
            m_fronts[std::size_t(i)]->setToolTip(tr("One line per non-dominated design, through its latency, power and "
                                                    "area; each axis runs from the best (0) to the worst (1) value shown, "
                                                    "on a log scale. Crossing lines show trade-offs."));
        }
    }
    grid->addWidget(m_fronts[0], 1, 0);
    grid->addWidget(m_fronts[1], 1, 1);
    grid->addWidget(m_fronts[2], 1, 2);
    grid->addWidget(m_fronts[3], 2, 0);
    m_hvEvals = new LiveLineChart(w);
    // The volume's unit in the chart's title (the axis is short), its prefix on the ticks ("25 P").
    m_hvEvals->setTitle(tr("Hypervolume (%1) vs evaluations").arg(kHypervolumeUnit));
    m_hvEvals->setAxisTitles(tr("Evaluations"), tr("HV")); // short: the plot is low; the title says it in full
    m_hvEvals->setToolTip(tr("Volume of (latency, power, area) space the run's designs dominate, up to the study's fixed "
                             "reference point (1.1 × its worst corner design); higher is better"));
    m_hvTime = new LiveLineChart(w);
    m_hvTime->setTitle(tr("Hypervolume (%1) vs wall time").arg(kHypervolumeUnit));
    m_hvTime->setAxisTitles(tr("Seconds"), tr("HV"));
    m_hvTime->setIntegerX(false);
    m_hvTime->setToolTip(m_hvEvals->toolTip());
    grid->addWidget(m_hvEvals, 2, 1);
    grid->addWidget(m_hvTime, 2, 2);
    m_resultsTable = new QTableWidget(0, 7, w);
    cells::setColumns(m_resultsTable,
                      {{tr("Run"), tr("The run, as titled in the runs list")},
                       {tr("Optimizer"), tr("GRMD or a baseline")},
                       {tr("Seed"), tr("The run's random seed")},
                       {tr("Hypervolume"), tr("Volume the run's non-dominated designs dominate inside the reference box, "
                                              "in cycles · mW · mm² (larger is better)")},
                       {tr("Share of the reference box"), tr("Hypervolume divided by the reference box's volume, in %")},
                       {tr("Non-dominated designs"), tr("Designs no other design of the run beats on latency, power and area at once")},
                       {tr("Evaluations"), tr("Designs the run evaluated")}});
    m_resultsTable->verticalHeader()->setVisible(false);
    m_resultsTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_resultsTable->setMaximumHeight(150);
    grid->addWidget(m_resultsTable, 3, 0, 1, 3);
    grid->setRowStretch(1, 3);
    grid->setRowStretch(2, 3);
}

void AccelResultsView::setSetup(const AccelSetup& setup)
{
    m_setup = setup;
    AccelInputs in;
    in.setup = setup;
    m_setupKey = setupKey(in);
}

FrontOverlayChart* AccelResultsView::projection(int index) const { return m_fronts.at(std::size_t(index)); }

void AccelResultsView::refresh()
{
    RunListModel* model = m_runs->runModel();
    const std::string& key = m_setupKey;
    std::vector<FrontSet> sets;
    if (key != m_referenceKey) {
        m_referenceKey = key;
        m_reference.clear();
        try {
            m_reference = AccelProblem(m_setup).liveReference();
        } catch (const std::exception&) {
        }
    }
    const std::vector<double>& reference = m_reference;
    double box = 1;
    for (double r : reference)
        box *= r;
    box /= kUm2PerMm2; // in the hypervolume's unit as shown
    m_hvEvals->clear();
    m_hvTime->clear();
    m_resultsTable->setRowCount(0);
    int shown = 0, other = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        if (!model->isVisibleAt(row))
            continue;
        if (model->setupKeyAt(row) != key) {
            ++other;
            continue;
        }
        const int id = model->idAt(row);
        const QString title = model->titleAt(row);
        const QColor colour = model->colorAt(row);
        const OptimizerRun* run = model->runAt(row);
        const RunRecord* rec = model->recordAt(row);
        FrontSet set;
        set.name = title;
        set.color = colour;
        // The run's non-dominated set, updated with the points evaluated since the last refresh.
        RunFront& front = m_runFronts[id];
        const std::span<const EvaluatedPoint> evaluated = m_runs->evaluatedPoints(id);
        if (evaluated.size() < front.seen)
            front = {};
        for (std::size_t i = front.seen; i < evaluated.size(); ++i) {
            const std::array<double, 3> p{evaluated[i].values[0], evaluated[i].values[1], evaluated[i].values[2]};
            const auto covers = [](const std::array<double, 3>& a, const std::array<double, 3>& b) {
                return a[0] <= b[0] && a[1] <= b[1] && a[2] <= b[2];
            };
            if (std::any_of(front.points.begin(), front.points.end(), [&](const auto& f) { return covers(f, p); }))
                continue;
            std::erase_if(front.points, [&](const auto& f) { return covers(p, f); });
            front.points.push_back(p);
        }
        front.seen = evaluated.size();
        set.points = front.points;
        for (std::size_t i = 0; i < set.points.size(); ++i)
            set.labels.append(QString());
        const QHash<QString, QList<QPointF>> history = m_runs->metricHistory(id);
        QList<QPointF> hv = history.value(QStringLiteral("search/hypervolume"));
        for (QPointF& p : hv)
            p.setY(p.y() / kUm2PerMm2);
        const QList<QPointF> secs = history.value(QStringLiteral("search/seconds"));
        if (!hv.isEmpty()) {
            // The hypervolume is recorded when the non-dominated set changes; it holds until the
            // run's latest evaluation.
            QList<QPointF> overEvals = hv;
            const double lastStep = secs.isEmpty() ? hv.back().x() : std::max(hv.back().x(), secs.back().x());
            if (lastStep > hv.back().x())
                overEvals.append(QPointF(lastStep, hv.back().y()));
            m_hvEvals->append(title, std::span<const QPointF>(overEvals.constData(), std::size_t(overEvals.size())));
            m_hvEvals->setSeriesColor(title, colour);
            QList<QPointF> overTime;
            qsizetype j = 0;
            for (const QPointF& p : hv) {
                while (j + 1 < secs.size() && secs[j].x() < p.x())
                    ++j;
                if (j < secs.size())
                    overTime.append(QPointF(secs[j].y(), p.y()));
            }
            if (!secs.isEmpty() && !overTime.isEmpty() && secs.back().y() > overTime.back().x())
                overTime.append(QPointF(secs.back().y(), hv.back().y()));
            m_hvTime->append(title, std::span<const QPointF>(overTime.constData(), std::size_t(overTime.size())));
            m_hvTime->setSeriesColor(title, colour);
        }
        const double lastHv = hv.isEmpty() ? 0 : hv.back().y();
        const int r = m_resultsTable->rowCount();
        m_resultsTable->insertRow(r);
        const OptimizerSettings* settings = model->settingsAt(row);
        const std::string optimizer = settings ? settings->id : std::string();
        const std::uint64_t seed = settings ? settings->seed : 0;
        const std::uint64_t evals = run ? run->evaluations() : rec ? rec->evaluations : 0;
        auto* name = readOnly(title);
        name->setForeground(colour);
        m_resultsTable->setItem(r, 0, name);
        m_resultsTable->setItem(r, 1, readOnly(qs(optimizer)));
        m_resultsTable->setItem(r, 2, readOnly(QString::number(seed)));
        m_resultsTable->setItem(r, 3, readOnly(hv.isEmpty() ? tr("—") : quantityText(lastHv, kHypervolumeUnit)));
        m_resultsTable->setItem(r, 4, readOnly(hv.isEmpty() || box <= 0 ? tr("—") : QStringLiteral("%1 %").arg(100 * lastHv / box, 0, 'f', 3)));
        m_resultsTable->setItem(r, 5, readOnly(set.points.empty() && !run ? tr("(saved run)") : QString::number(set.points.size())));
        m_resultsTable->setItem(r, 6, readOnly(countText(double(evals))));
        if (!set.points.empty())
            sets.push_back(std::move(set));
        ++shown;
    }
    m_resultsTable->resizeColumnsToContents();
    for (FrontOverlayChart* c : m_fronts)
        c->setSets(sets);
    const auto corner = [&reference](std::size_t i, const char* unit) {
        return reference.size() == 3 ? quantityText(reference[i], QString::fromUtf8(unit)) : QStringLiteral("?");
    };
    QString help = tr("Runs on this setup: %1. Hypervolume reference: latency %2, power %3, area %4 "
                      "(1.1 × the worst corner design of the space).")
                       .arg(shown)
                       .arg(corner(0, "cycles"), corner(1, "mW"), corner(2, "µm²"));
    if (other > 0)
        help += tr(" %1 run(s) made on other settings of this study are not shown.").arg(other);
    if (shown == 0)
        help = tr("No runs on this setup yet: start GRMD and a baseline in the Optimize tab, with the same evaluation "
                  "budget, to compare their non-dominated designs here.");
    m_resultsHelp->setText(help);
}

} // namespace mapscape
