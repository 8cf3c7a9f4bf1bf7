// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The views of a DPU-configuration study that follow its learner runs (seed 003): the training
/// dashboard (reward, violations, held-out PPW per state, PPO's entropy, KL and losses, the
/// reward's CTXMEAN buckets), the evaluation view (Fig. 5's grouped PPW bars per held-out variant:
/// learner, optimal, max-FPS, min-power; the summary beside the paper's 97 / 95 / 47 / 35 / 89 %)
/// and the policy inspector (a trained policy's scores over the configurations for any
/// observation, beside each configuration's simulated FPS, power, PPW and reward).
/// A run of this session is questioned through its trained model; a run saved in a project keeps
/// its decisions (one per variant and state at the mean background), which the views use instead.

#include "kinds/dpu/core/dpu_study.h"
#include "kinds/dpu/core/dpu_io.h"
#include "core/study/study.h"

#include <QComboBox>
#include <QHash>
#include <QWidget>

#include <array>
#include <memory>
#include <optional>

class QDoubleSpinBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QTableWidget;
class QVBoxLayout;

namespace mapscape {

class BarChart;
class DpuWorkbench;
class LiveLineChart;
class OptimizerRun;
class RunsPanel;

/// A learner run as a policy the views can use.
struct DpuRunPolicy {
    int runId = -1;
    QString title;
    std::string optimizerId; ///< "dpucconfig", "linucb"
    std::shared_ptr<dpu::PolicyModel> model; ///< a run of this session that has ended
    std::optional<DpuResult> saved;          ///< its decisions (saved runs, or read from a live run's result)
    dpu::Policy savedPolicy;                 ///< the saved decisions as a policy on the current platform
    QString unavailable;                     ///< why the run cannot be used ("" when it can)
    bool usable() const { return model || saved; }
    /// The model's greedy policy, else the saved decisions' (valid while the model lives).
    dpu::Policy policy() const;
};

/// Chooses one of a study's learner runs (the newest by default; keeps the one chosen).
class DpuRunChooser final : public QComboBox {
    Q_OBJECT

public:
    /// `endedOnly`: only runs with a result (finished, cancelled, or saved).
    DpuRunChooser(RunsPanel* runs, bool endedOnly, QWidget* parent = nullptr);
    /// Re-lists the runs; returns whether the chosen run changed.
    bool sync();
    int runId() const;
    bool selectRun(int runId);
    /// The chosen run resolved against the current inputs.
    DpuRunPolicy current(const DpuInputs& inputs) const;

private:
    RunsPanel* m_runs;
    bool m_endedOnly;
};

/// GUI thread only.
class DpuTrainingView final : public QWidget {
    Q_OBJECT

public:
    DpuTrainingView(RunsPanel* runs, QWidget* parent = nullptr);
    /// Appends what the followed run recorded since the last refresh; re-reads its CTXMEAN.
    void refresh();
    void syncChooser();
    DpuRunChooser* chooser() const { return m_chooser; }
    /// 0 reward and violations, 1 held-out PPW, 2 entropy and KL, 3 losses.
    LiveLineChart* chart(int index) const { return m_charts.at(std::size_t(index)); }
    QTableWidget* contextTable() const { return m_context; }

private:
    void follow(int runId);

    RunsPanel* m_runs;
    DpuRunChooser* m_chooser = nullptr;
    QLabel* m_status = nullptr;
    std::array<LiveLineChart*, 4> m_charts{};
    QTableWidget* m_context = nullptr;
    QLabel* m_contextLabel = nullptr;
    int m_runId = -1;
    QHash<QString, qsizetype> m_consumed;
    std::uint64_t m_snapshotVersion = 0;
};

/// A view that questions a learner run that has ended (the evaluation, the policy inspector):
/// on top, the run chooser in a row the view adds its own choices to, and a status line the view
/// places. GUI thread only.
class DpuLearnerView : public QWidget {
    Q_OBJECT

public:
    DpuRunChooser* chooser() const { return m_chooser; }

protected:
    DpuLearnerView(RunsPanel* runs, DpuWorkbench* workbench, QWidget* parent);
    QVBoxLayout* m_layout = nullptr; ///< the view's, top to bottom
    QHBoxLayout* m_top = nullptr;    ///< the row of the chooser
    DpuWorkbench* m_workbench;
    DpuRunChooser* m_chooser = nullptr;
    QLabel* m_status = nullptr;
};

/// GUI thread only.
class DpuEvaluationView final : public DpuLearnerView {
    Q_OBJECT

public:
    DpuEvaluationView(RunsPanel* runs, DpuWorkbench* workbench, QWidget* parent = nullptr);
    void refresh();
    void setState(int state);
    QTableWidget* summaryTable() const { return m_summary; }
    QTableWidget* caseTable() const { return m_cases; }
    /// Bars of the chart: set name → PPW per held-out variant (FPS/W).
    QHash<QString, QList<double>> barValues() const;
    BarChart* chart() const { return m_chart; }
    /// The summary as text (what the Export results action writes for .txt).
    QString summaryText() const;

private:
    QComboBox* m_state = nullptr;
    BarChart* m_chart = nullptr;
    QTableWidget* m_summary = nullptr;
    QTableWidget* m_cases = nullptr;
    QHash<QString, QList<double>> m_bars;
};

/// GUI thread only.
class DpuPolicyView final : public DpuLearnerView {
    Q_OBJECT

public:
    DpuPolicyView(RunsPanel* runs, DpuWorkbench* workbench, QWidget* parent = nullptr);
    void refresh();
    /// Chooses the observation: a variant and a state (features reset to its mean background).
    void setCase(int variant, int state);
    /// Overrides one raw feature (index into observationNames()); false for saved runs (their
    /// decisions exist only at the mean background) or a bad index.
    bool setFeature(int index, double value);
    QTableWidget* featureTable() const { return m_features; }
    QTableWidget* actionTable() const { return m_actions; }
    QString contextText() const;
    /// Scores shown, one per configuration (empty when no run is usable).
    std::vector<double> scores() const { return m_scores; }

private:
    void resetFeatures();
    void recompute();

    QComboBox* m_variant = nullptr;
    QComboBox* m_state = nullptr;
    QPushButton* m_reset = nullptr;
    QLabel* m_context = nullptr;
    QTableWidget* m_features = nullptr;
    QTableWidget* m_actions = nullptr;
    dpu::Observation m_raw{};
    std::vector<double> m_scores;
    bool m_updating = false;
};

} // namespace mapscape
