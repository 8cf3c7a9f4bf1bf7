// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The DPU workbench's Evaluation tab: a run's policy against the baselines on the held-out variants.

#include "kinds/dpu/widgets/dpu_run_views_parts.h"

#include <QSignalBlocker>

namespace mapscape {

using namespace dpu_views;

namespace {

/// A policy or baseline evaluated on the held-out models (several reports: a mean over seeds).
struct Method {
    QString name;
    std::vector<EvaluationReport> reports;
    QColor colour;
    QString paperMean[kStates]; ///< the paper's mean normalised PPW per state, where it gives one
    QString paperMet;           ///< the paper's share of cases meeting C_PERF
};

QString paperPercent(double fraction) { return std::isfinite(fraction) ? percent(fraction, 0) : QString(); }

/// The learner (when usable) and the baselines (random left out of the bars: noise), each on
/// the held-out models in every state, with the paper's figures (spec §5) beside them.
std::vector<Method> evaluatedMethods(const RecordedRuns& runs, const DpuRunPolicy& learner, const std::vector<int>& test)
{
    const std::vector<int> states{0, 1, 2};
    std::vector<Method> methods;
    if (learner.usable()) {
        Method m{learner.title, {evaluatePolicy(runs, learner.policy(), test, states)}, QColor(0x1f, 0x77, 0xb4), {}, {}};
        if (learner.optimizerId == "dpucconfig") {
            for (int w = 1; w < kStates; ++w)
                m.paperMean[w] = paperPercent(paperFigures(w).agentMean);
            m.paperMet = paperPercent(kPaperConstraintSatisfaction);
        }
        methods.push_back(std::move(m));
    }
    const QColor baselineColours[] = {QColor(0x2c, 0xa0, 0x2c), QColor(0xff, 0x7f, 0x0e), QColor(0x94, 0x67, 0xbd),
                                      QColor(0x7f, 0x7f, 0x7f)};
    std::size_t k = 0;
    for (BaselineReports& b : baselineReports(runs, test, states, {1, 2, 3})) {
        Method m{qs(b.name), std::move(b.reports), baselineColours[k++ % 4], {}, {}};
        for (int w = 1; w < kStates; ++w) {
            if (b.baseline == Baseline::MaxFps)
                m.paperMean[w] = paperPercent(paperFigures(w).maxFpsMean);
            if (b.baseline == Baseline::Optimal)
                m.paperMean[w] = paperPercent(1.0);
        }
        methods.push_back(std::move(m));
    }
    return methods;
}

/// The cases of one state of a method's (single) report, in the order of the held-out models.
std::vector<const EvaluationCase*> casesIn(const Method& m, int state)
{
    std::vector<const EvaluationCase*> out;
    for (const EvaluationCase& c : m.reports.front().cases)
        if (c.state == state)
            out.push_back(&c);
    return out;
}

/// What hovering a bar says: the method's choice for the model, its PPW against the optimum.
QString caseReadout(const Method& m, const EvaluationCase& c, const Platform& p, int state)
{
    return DpuEvaluationView::tr("%1 on %2 in %3\n%4: %5 = %6 of the optimum (%7)\n%8")
        .arg(m.name, qs(p.variantName(c.variant)), qs(p.params.states[std::size_t(state)].name), qs(p.actionName(c.action)),
             quantityText(c.ppw, QStringLiteral("FPS/W")), percent(c.normalizedPpw), qs(p.actionName(c.optimal)),
             c.constraintMet ? DpuEvaluationView::tr("meets %1 FPS").arg(p.fpsConstraint)
                             : DpuEvaluationView::tr("runs below %1 FPS").arg(p.fpsConstraint));
}

/// Fig. 5: grouped bars of PPW per held-out model in a state (means of seeds left out), dark red
/// below C_PERF, each bar read out as the method's choice; returns the bars (method → PPW per model).
QHash<QString, QList<double>> showBars(BarChart* chart, const std::vector<Method>& methods, const Platform& p,
                                       const std::vector<int>& test, int state)
{
    QStringList categories;
    for (int v : test)
        categories << qs(p.variantShortName(v));
    QList<BarSet> sets;
    std::vector<QStringList> readouts; // per set and model
    QHash<QString, QList<double>> values;
    for (const Method& m : methods) {
        if (m.reports.size() != 1)
            continue;
        BarSet set{m.name, {}, m.colour, {}};
        QStringList texts;
        for (const EvaluationCase* c : casesIn(m, state)) {
            if (!c->constraintMet)
                set.highlighted.append(int(set.values.size()));
            set.values << c->ppw;
            texts << caseReadout(m, *c, p, state);
        }
        values.insert(m.name, set.values);
        sets.append(set);
        readouts.push_back(texts);
    }
    chart->setReadout([readouts](int set, int model) {
        return set >= 0 && set < int(readouts.size()) && model >= 0 && model < readouts[std::size_t(set)].size()
                   ? readouts[std::size_t(set)][model]
                   : QString();
    });
    chart->setBars(DpuEvaluationView::tr("PPW per held-out model in %1 (Fig. 5); dark red: below %2 FPS")
                       .arg(stateTitle(p, state))
                       .arg(p.fpsConstraint),
                   categories, sets, DpuEvaluationView::tr("PPW"), QStringLiteral("FPS/W"), BarChart::Layout::Grouped);
    return values;
}

/// `n` of `cases` held-out cases: whole counts with their share ("4 / 18 (22.2 %)"), or for a mean
/// over seeds the share only ("3.7 % of 18"), never a fraction of a case.
QString casesText(double n, int cases, bool meanOfSeeds)
{
    const QString share = percent(n / std::max(1, cases));
    return meanOfSeeds ? DpuEvaluationView::tr("%1 of %2").arg(share, countText(cases))
                       : QStringLiteral("%1 / %2 (%3)").arg(countText(n), countText(cases), share);
}

/// Summary: per state the mean and minimum normalised PPW, exact matches and C_PERF met, the
/// paper's figures beside them in italics.
void fillSummary(QTableWidget* table, const std::vector<Method>& methods)
{
    using T = DpuEvaluationView;
    const QString mean = T::tr("Mean over the held-out models of PPW ÷ the optimal configuration's PPW in state %1 (1 = optimal)");
    const QString paperMean = T::tr("The paper's mean normalised PPW in state %1 (Fig. 5)");
    const QString minimum = T::tr("Smallest PPW ÷ optimal PPW over the held-out models in state %1");
    cells::setColumns(table, {{T::tr("Method"), T::tr("The policy or baseline")},
                              {T::tr("Mean N"), mean.arg(QStringLiteral("N"))},
                              {T::tr("Mean C"), mean.arg(QStringLiteral("C"))},
                              {T::tr("Paper C"), paperMean.arg(QStringLiteral("C"))},
                              {T::tr("Mean M"), mean.arg(QStringLiteral("M"))},
                              {T::tr("Paper M"), paperMean.arg(QStringLiteral("M"))},
                              {T::tr("Minimum C"), minimum.arg(QStringLiteral("C"))},
                              {T::tr("Minimum M"), minimum.arg(QStringLiteral("M"))},
                              {T::tr("Exact C + M"), T::tr("Held-out cases in states C and M where the method chose the optimal configuration "
                                                                 "(for a mean over seeds: their mean share)")},
                              {T::tr("C_PERF met C + M"), T::tr("Cases in C and M whose choice meets the frame-rate constraint C_PERF "
                                                                "(for a mean over seeds: their mean share)")},
                              {T::tr("Paper met"), T::tr("The paper's count of cases meeting C_PERF")}});
    table->setRowCount(int(methods.size()));
    for (int r = 0; r < int(methods.size()); ++r) {
        const Method& m = methods[std::size_t(r)];
        const auto mean = [&](int w, auto get) {
            double s = 0;
            for (const EvaluationReport& rep : m.reports)
                s += get(rep.states[std::size_t(w)]);
            return s / double(m.reports.size());
        };
        const auto normalized = [](const StateSummary& s) { return s.meanNormalizedPpw; };
        const auto smallest = [](const StateSummary& s) { return s.minNormalizedPpw; };
        const auto exactCount = [](const StateSummary& s) { return double(s.exact); };
        const auto metCount = [](const StateSummary& s) { return double(s.constraintMet); };
        const int cases = m.reports.front().states[1].cases + m.reports.front().states[2].cases;
        const double exact = mean(1, exactCount) + mean(2, exactCount);
        const double met = mean(1, metCount) + mean(2, metCount);
        const QString name = m.reports.size() > 1 ? T::tr("%1 (mean of %2 seeds)").arg(m.name).arg(m.reports.size()) : m.name;
        const QStringList cellsText{name,
                                    percent(mean(0, normalized)),
                                    percent(mean(1, normalized)),
                                    m.paperMean[1],
                                    percent(mean(2, normalized)),
                                    m.paperMean[2],
                                    percent(mean(1, smallest)),
                                    percent(mean(2, smallest)),
                                    casesText(exact, cases, m.reports.size() > 1),
                                    casesText(met, cases, m.reports.size() > 1),
                                    m.paperMet};
        for (int c = 0; c < int(cellsText.size()); ++c) {
            QTableWidgetItem* it = cells::readOnly(cellsText[c]);
            if (c == 3 || c == 5 || c == 10) {
                QFont f = it->font();
                f.setItalic(true);
                it->setFont(f);
            }
            if (c == 0)
                it->setForeground(m.colour);
            table->setItem(r, c, it);
        }
    }
    table->resizeColumnsToContents();
}

/// The cases of a state: what each method chose for each held-out model.
void fillCases(QTableWidget* table, const std::vector<Method>& methods, const Platform& p, const std::vector<int>& test, int state)
{
    using T = DpuEvaluationView;
    QList<cells::Column> columns{{T::tr("Held-out model"), T::tr("A model the policies were not trained on")},
                                 {T::tr("Optimal"), T::tr("The configuration with the best PPW that meets C_PERF (size × instances)")},
                                 {T::tr("Optimal PPW"), T::tr("Its performance per watt, in frames/s per W")}};
    std::vector<const Method*> shown;
    for (const Method& m : methods) {
        if (m.reports.size() == 1 && m.name != QStringLiteral("Optimal")) {
            shown.push_back(&m);
            columns.append({m.name, T::tr("%1's choice, with its PPW ÷ the optimal PPW").arg(m.name)});
        }
    }
    cells::setColumns(table, columns);
    table->setRowCount(int(test.size()));
    for (int r = 0; r < int(test.size()); ++r) {
        const EvaluationCase* ref = nullptr;
        for (const EvaluationCase* c : casesIn(methods.back(), state))
            if (c->variant == test[std::size_t(r)])
                ref = c;
        if (!ref)
            continue;
        table->setItem(r, 0, cells::readOnly(qs(p.variantName(ref->variant))));
        table->setItem(r, 1, cells::readOnly(qs(p.actionName(ref->optimal)) + (ref->feasibleExists ? QString() : T::tr(" (none meets C_PERF)"))));
        table->setItem(r, 2, cells::readOnly(quantityText(ref->optimalPpw, QStringLiteral("FPS/W"))));
        for (std::size_t i = 0; i < shown.size(); ++i) {
            for (const EvaluationCase* c : casesIn(*shown[i], state)) {
                if (c->variant != ref->variant)
                    continue;
                QTableWidgetItem* it = cells::readOnly(QStringLiteral("%1 · %2").arg(qs(p.actionName(c->action)), percent(c->normalizedPpw)),
                                                       c->constraintMet ? T::tr("meets C_PERF") : T::tr("runs below C_PERF"));
                it->setBackground(!c->constraintMet ? cells::kViolating : c->exact ? cells::kFeasible : QColor(Qt::transparent));
                table->setItem(r, 3 + int(i), it);
            }
        }
    }
    table->resizeColumnsToContents();
}

} // namespace

DpuEvaluationView::DpuEvaluationView(RunsPanel* runs, DpuWorkbench* workbench, QWidget* parent)
    : DpuLearnerView(runs, workbench, parent)
{
    m_top->addWidget(new QLabel(tr("Background"), this));
    m_state = new QComboBox(this);
    m_state->setToolTip(tr("Fig. 5 shows C (CPU stress) and M (memory stress)"));
    m_top->addWidget(m_state);
    m_top->addWidget(m_status, 1);
    connect(m_chooser, &QComboBox::currentIndexChanged, this, &DpuEvaluationView::refresh);
    connect(m_state, &QComboBox::currentIndexChanged, this, &DpuEvaluationView::refresh);

    auto* split = new QSplitter(Qt::Vertical, this);
    m_chart = new BarChart(split);
    m_chart->setCategoryTitle(tr("Held-out model / pruning"));
    m_chart->setMinimumHeight(260);
    m_chart->setToolTip(tr("Frames per second per FPGA watt of the configuration each method picks for each held-out "
                           "model variant (recorded-run means). Dark red bars run below C_PERF. Hover a bar for its "
                           "configuration."));
    split->addWidget(m_chart);
    m_summary = readOnlyTable(0, split, tr("Normalised PPW = PPW / PPW of the best configuration meeting C_PERF, on "
                                           "the held-out variants; the paper's figures in italics"));
    split->addWidget(m_summary);
    m_cases = readOnlyTable(0, split, tr("What each method chose for each held-out model in the background shown"));
    split->addWidget(m_cases);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setStretchFactor(2, 2);
    m_layout->addWidget(split, 1);
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
    m_bars.clear();
    if (!runs) {
        m_chart->setBars(QString(), {}, {}, QString(), QString(), BarChart::Layout::Grouped);
        m_status->setText(tr("Generating the recorded runs…"));
        return;
    }
    const Split split = defaultSplit(p);
    if (split.test.empty()) {
        m_chart->setBars(QString(), {}, {}, QString(), QString(), BarChart::Layout::Grouped);
        m_status->setText(tr("No model is marked as held out (test): nothing to evaluate."));
        return;
    }
    const int state = std::max(0, m_state->currentIndex());
    const DpuRunPolicy learner = m_chooser->current(in);
    m_status->setText(learner.usable() ? learner.title : learner.unavailable);
    const std::vector<Method> methods = evaluatedMethods(*runs, learner, split.test);
    m_bars = showBars(m_chart, methods, p, split.test, state);
    fillSummary(m_summary, methods);
    fillCases(m_cases, methods, p, split.test, state);
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
