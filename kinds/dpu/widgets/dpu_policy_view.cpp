// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The DPU workbench's Policy tab: what a run's policy picks for a context, and why.

#include "kinds/dpu/widgets/dpu_run_views_parts.h"

namespace mapscape {

using namespace dpu_views;

namespace {

/// A feature's value cell: shown in its unit ("181.1 MB/s"), edited as the raw number ("181.122").
QTableWidgetItem* featureItem(int i, double value, bool editable)
{
    auto* it = new cells::QuantityItem(featureText(i, value), editableNumber(value));
    const QString unit = featureUnit(i) == QStringLiteral("MB") ? DpuPolicyView::tr("bytes") : featureUnit(i);
    it->setToolTip(unit.isEmpty() ? DpuPolicyView::tr("Typed as a count") : DpuPolicyView::tr("Typed as a number in %1").arg(unit));
    if (!editable)
        it->setFlags(it->flags() & ~Qt::ItemIsEditable);
    return it;
}

} // namespace

DpuPolicyView::DpuPolicyView(RunsPanel* runs, DpuWorkbench* workbench, QWidget* parent)
    : DpuLearnerView(runs, workbench, parent)
{
    QVBoxLayout* l = m_layout;
    QHBoxLayout* bar = m_top;
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
    l->addWidget(m_status);
    m_context = new QLabel(this);
    m_context->setWordWrap(true);
    l->addWidget(m_context);

    auto* split = new QSplitter(Qt::Horizontal, this);
    m_features = new QTableWidget(kObservationSize, 2, split);
    cells::setColumns(m_features, {{tr("Feature"), tr("A telemetry feature the learner observes, with its unit")},
                                   {tr("Value"), tr("Its raw value in the feature's unit (data in MB = 10⁶ bytes); typed as a bare "
                                                   "number in that unit, data in bytes (edit to ask the policy)")}});
    m_features->verticalHeader()->setVisible(false);
    m_features->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_features->horizontalHeader()->setStretchLastSection(true);
    m_features->setToolTip(tr("The 22 raw features the learner observes (before log1p and z-scoring): CPU utilisation "
                              "per core (%), DDR read/write per port (MB/s), FPGA and Arm power (W), the model's GMAC, "
                              "loaded feature-map / weight and stored data (MB), parameters, and C_PERF. Edit a value to ask "
                              "the policy about any observation."));
    split->addWidget(m_features);
    m_actions = readOnlyTable(8, split, tr("Each configuration's score (π(a|s) for the PPO agent, the ridge estimate of the reward for "
                                           "LinUCB) beside its simulated outcome for the chosen model and state; the reward is what "
                                           "Algorithm 1 would pay with the learner's final CTXMEAN. Green: meets C_PERF; bold: the "
                                           "policy's choice; ★ the optimum."));
    cells::setColumns(m_actions,
                      {{tr("Configuration"), tr("DPU size × instances (e.g. B4096_2: two B4096 cores)")},
                       {tr("Score"), tr("The policy's probability of choosing this configuration for the observation, in %")},
                       {tr("FPS"), tr("Frames per second the simulator gives this configuration, in frames/s")},
                       {tr("P_FPGA (W)"), tr("FPGA power, in W")},
                       {tr("P_ARM (W)"), tr("Arm (processing system) power, in W")},
                       {tr("PPW (FPS/W)"), tr("Performance per watt: FPS ÷ (P_FPGA + P_ARM), in frames/s per W")},
                       {tr("Reward"), tr("The reward the learner gets for it (PPW-based, see the Training tab)")},
                       {tr("Note"), tr("Why a configuration is marked: does not fit the FPGA, the best, the policy's pick")}});
    m_actions->setItemDelegateForColumn(1, new ProgressDelegate(Qt::UserRole + 1, m_actions));
    m_actions->horizontalHeader()->setStretchLastSection(true);
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
            m_features->setItem(row, col, featureItem(row, m_raw[std::size_t(row)], true));
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
        const QString unit = featureUnit(i);
        m_features->setItem(i, 0, readOnly(qs(observationNames()[std::size_t(i)]),
                                           unit.isEmpty() ? tr("a count") : tr("in %1").arg(unit)));
        m_features->setItem(i, 1, featureItem(i, m_raw[std::size_t(i)], bool(run.model)));
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
                                       .arg(qs(contextLabel(key, reward)), quantityText(b, QString()))
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
        QTableWidgetItem* s = readOnly(quantityText(score, QString(), 3));
        s->setData(Qt::UserRole + 1, std::isfinite(score) && hi > lo ? std::clamp((score - lo) / (hi - lo), 0.0, 1.0) : 0.0);
        m_actions->setItem(a, 1, s);
        m_actions->setItem(a, 2, readOnly(quantityText(o.fps, QString())));
        m_actions->setItem(a, 3, readOnly(quantityText(o.fpgaPowerW, QString())));
        m_actions->setItem(a, 4, readOnly(quantityText(o.armPowerW, QString())));
        m_actions->setItem(a, 5, readOnly(quantityText(o.ppw, QString())));
        double r = reward.violationReward;
        if (feasible) {
            const double bb = run.model ? b : o.ppw;
            r = std::tanh((o.ppw - bb) / (reward.alpha * std::max(1.0, std::abs(bb))));
        }
        m_actions->setItem(a, 6, readOnly(run.model ? quantityText(r, QString(), 3) : QStringLiteral("–")));
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
