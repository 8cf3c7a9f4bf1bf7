// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The DPU workbench's Evaluation tab: a run's policy against the baselines on the held-out variants.

#include "kinds/dpu/core/dpu_study.h"
#include "kinds/dpu/widgets/dpu_run_views.h"

#include "core/runner/optimizer_run.h"
#include "core/util/strings.h"
#include "widgets/charts/axis_ticks.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/delegates/progress_delegate.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/dpu/widgets/dpu_workbench.h"
#include "kinds/dpu/widgets/dpu_run_views_parts.h"
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
#include <QCategoryAxis>
#include <QVBoxLayout>

#include <cmath>

namespace mapscape {

using cells::kFeasible;
using cells::kInvalid;
using cells::kViolating;
using cells::readOnly;
using cells::sig;
using namespace dpu;
using namespace dpu_views;

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
    auto* y = newTickedAxis(linearTicks(0, top > 0 ? top : 1));
    y->setTitleText(tr("PPW (FPS/W)"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    chart->setTitle(tr("PPW per held-out model in %1 (Fig. 5); dark red: below %2 FPS")
                        .arg(stateTitle(p, state))
                        .arg(p.fpsConstraint));

    // Summary: per state mean and minimum normalised PPW, exact matches, constraint, paper beside.
    const QString mean = tr("Mean over the held-out models of PPW ÷ the optimal configuration's PPW in state %1 (1 = optimal)");
    const QString paperMean = tr("The paper's mean normalised PPW in state %1 (Fig. 5)");
    const QString minimum = tr("Smallest PPW ÷ optimal PPW over the held-out models in state %1");
    cells::setColumns(m_summary, {{tr("Method"), tr("The policy or baseline")},
                                  {tr("Mean N"), mean.arg(QStringLiteral("N"))},
                                  {tr("Mean C"), mean.arg(QStringLiteral("C"))},
                                  {tr("Paper C"), paperMean.arg(QStringLiteral("C"))},
                                  {tr("Mean M"), mean.arg(QStringLiteral("M"))},
                                  {tr("Paper M"), paperMean.arg(QStringLiteral("M"))},
                                  {tr("Minimum C"), minimum.arg(QStringLiteral("C"))},
                                  {tr("Minimum M"), minimum.arg(QStringLiteral("M"))},
                                  {tr("Exact C + M"), tr("Held-out cases in states C and M where the method chose the optimal configuration")},
                                  {tr("C_PERF met C + M"), tr("Cases in C and M whose choice meets the frame-rate constraint C_PERF")},
                                  {tr("Paper met"), tr("The paper's count of cases meeting C_PERF")}});
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
    QList<cells::Column> caseColumns{{caseHeaders[0], tr("A model the policies were not trained on")},
                                     {caseHeaders[1], tr("The configuration with the best PPW that meets C_PERF (size × instances)")},
                                     {caseHeaders[2], tr("Its performance per watt, in frames/s per W")}};
    for (int c = 3; c < int(caseHeaders.size()); ++c)
        caseColumns.append({caseHeaders[c], tr("%1's choice, with its PPW ÷ the optimal PPW").arg(caseHeaders[c])});
    cells::setColumns(m_cases, caseColumns);
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

} // namespace mapscape
