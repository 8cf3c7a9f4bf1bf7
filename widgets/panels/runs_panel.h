// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The optimisation workbench of one study, for any problem kind: the optimizer form, the run
/// table (several runs at once; pause / resume / cancel / hide / remove), and live views of the
/// runs — readable metric curves (log or linear, smoothed, over samples), the Pareto scatter of
/// what the selected run evaluated (two objectives, or three with colour), and the selected
/// run's best design. Runs restored from a project file show their saved curves and result.

#include "core/runner/optimizer_run.h"
#include "core/study/study.h"

#include <QHash>
#include <QList>
#include <QPointF>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>
#include <span>

class QCheckBox;
class QHBoxLayout;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSlider;
class QTableView;
class QTableWidget;
class QTabWidget;

namespace mapscape {

class LiveLineChart;
class OptimizerPanel;
class OptimizerRun;
class ParetoChart;
class RunListModel;
struct ParetoPoint;

/// A study kind's own view of a run's best result in the runs panel's Best tab (scheduling
/// studies: the best table of the layer chosen), instead of the text every kind has. GUI thread.
class RunResultView : public QWidget {
public:
    using QWidget::QWidget;
    /// The best result of a live run (`run`) or of one restored from a project (`record`; null
    /// both when nothing is selected), for point group `group` of kinds with groups. `inputs` are
    /// the study's current inputs (null if invalid); `sameSetup` whether a record ran on them.
    virtual void showResult(const OptimizerRun* run, const RunRecord* record, int group, const StudyInputs* inputs,
                            bool sameSetup) = 0;
};

/// GUI thread only. Owns its runs; destroying the panel cancels and joins them.
class RunsPanel : public QWidget {
    Q_OBJECT

public:
    enum ViewTab { CurvesTab, ParetoTab, BestTab, CompareTab };

    explicit RunsPanel(const StudyKind& kind, QWidget* parent = nullptr);
    ~RunsPanel() override;

    const StudyKind& kind() const { return *m_kind; }
    /// The study and inputs new runs optimise (the workbench's current setup). Curves of runs on
    /// other setups are hidden unless compareAcrossSetups is on.
    void setInputs(const QString& studyName, const StudyInputs& inputs);
    void setStudyName(const QString& name);
    OptimizerPanel* optimizerPanel() const { return m_panel; }
    RunListModel* runModel() const { return m_model; }
    LiveLineChart* curveChart() const { return m_curves; }
    ParetoChart* paretoChart() const { return m_pareto; }
    /// Replaces the Best tab's text with a kind's own view (the panel owns it).
    void setResultView(RunResultView* view, const QString& tabTitle);
    RunResultView* resultView() const { return m_resultView; }
    QPlainTextEdit* bestText() const { return m_bestText; }
    QTableView* runTable() const { return m_table; }
    void showViewTab(ViewTab tab);
    /// What "Save chart…" writes: the visible tab's chart (Curves, Pareto, or the chart a kind's
    /// Best view shows; the whole view when it shows several), or null when the tab shows no chart
    /// (then the button is disabled and its tooltip says why).
    QWidget* shownChart() const;
    /// Writes shownChart() as PNG (or another raster format by the suffix) or SVG, through a
    /// QSaveFile. False + message on error or when no chart is shown.
    bool saveChart(const QString& path, QString* error);
    QPushButton* saveChartButton() const { return m_saveChart; }
    /// Which point group (scheduling: the layer) the Pareto and best views show.
    void setBestTableLayer(int layer);
    int shownLayer() const;

    /// Starts a run with the panel's settings on the current inputs; returns it, or null with
    /// the reason reported through `message` (bad options, no inputs, ...).
    OptimizerRun* startRun();
    /// Starts a run with these settings (a sweep's) instead of the form's; same reporting.
    OptimizerRun* startRunWith(const OptimizerSettings& settings);
    /// The selected row's run, if it is a run of this session.
    OptimizerRun* selectedRun() const;
    int selectedRow() const;
    /// The best design of a row as the kind's JSON document ("" if it has none).
    std::string resultJsonAt(int row) const;
    /// Drains every run's buffers into the views now (the timer does it at ~25 Hz).
    void drain();
    /// Every metric series recorded for a run (live or restored), by raw name.
    QHash<QString, QList<QPointF>> metricHistory(int runId) const;
    /// The objective vectors a run of this session evaluated so far, in order (kept up to a
    /// cap); valid until the next drain.
    std::span<const EvaluatedPoint> evaluatedPoints(int runId) const;
    /// Metric names seen so far across runs (raw names; the chooser shows readable titles).
    QStringList metricNames() const;
    /// Selects the curve metric by raw name; false if not recorded yet.
    bool selectMetric(const QString& name);
    QString currentMetric() const;
    /// Why some runs' curves are not drawn ("" when all are), as shown under the curves.
    QString hiddenCurvesNote() const;
    /// Draw curves of runs on other setups too (off: only runs on the current setup).
    void setCompareAcrossSetups(bool on);
    /// Writes every recorded metric of a run as CSV (name,step,value). False + message on error.
    bool exportRunMetrics(const OptimizerRun& run, const QString& path, QString* error) const;
    bool exportMetricsAt(int row, const QString& path, QString* error) const;
    /// Removes a run (a live one is cancelled and joined first).
    void removeRunAt(int row);

    /// What the runs did, for the project file (live runs as they stand now).
    std::vector<RunRecord> records() const;
    /// Shows runs saved in a project file (appended to the table).
    void restoreRecords(const std::vector<RunRecord>& records);
    /// Runs still running or paused.
    int activeRuns() const;
    /// The comparison grid: one row per optimizer, objective and setup (runs of several seeds
    /// on the very same inputs together: setups are told apart by their key, never by their
    /// label), best value mean ± std, ratio to the reference optimizer within the setup, samples
    /// to the best. Above it, how many groups and setups it shows ("3 groups on 2 setups").
    QTableWidget* compareTable() const { return m_compare; }
    /// The reference optimizer of the comparison ("marl"); false if no run used it.
    bool setCompareReference(const QString& optimizerId);
    void refreshCompare();

Q_SIGNALS:
    /// The user asked to look at a run's best design in the study's main view, as the kind's
    /// JSON document (a mapping, directives, a design, a policy, a map).
    void resultRequested(const QString& resultJson, const QString& label);
    void message(const QString& text);
    void runFinished(mapscape::OptimizerRun* run);
    /// Runs were added, removed, hidden or finished (the project has changed).
    void runsChanged();
    /// The runs' buffers were drained into the panel (metricHistory has grown); at most ~25 Hz.
    void drained();

private:
    void onSelectionChanged();
    void rebuildCurves();
    void updateButtons();
    void updateSaveChart();
    void scheduleDrain();
    void refreshBest();
    /// "  <objective label>: <value with unit>" for each objective of a row's best result.
    std::string bestObjectiveLines(int row, int significant) const;
    void refillPareto();
    // The constructor's parts, in the order it calls them.
    void buildRunTable(const StudyKind& kind);
    QHBoxLayout* buildRunButtons(const StudyKindInfo& info);
    QWidget* buildCurvesTab();
    QWidget* buildParetoTab(const StudyKind& kind);
    void buildBestTab(const StudyKindInfo& info);
    void buildCompareTab();
    QWidget* buildViewsBox(const StudyKindInfo& info);
    void connectControls();
    void syncLayerChooser();
    bool grouped() const;
    void applyMetricLabel();
    bool curveShown(int row) const;
    RunRecord recordOf(const OptimizerRun& run) const;
    QPointF paretoPoint(const EvaluatedPoint& p) const;
    double paretoColour(const EvaluatedPoint& p) const;
    /// The selected run's evaluated points drawn at a point of the Pareto chart (all their
    /// objectives; several designs may share the values shown), if the run is of this session.
    std::vector<EvaluatedPoint> evaluatedAt(const ParetoPoint& point) const;
    /// The read-out's design lines and the click on a Pareto point: opens the design the run
    /// holds there as the study's current one (resultRequested), or says why it cannot.
    QString paretoDesignText(const ParetoPoint& point) const;
    void openParetoPoint(const ParetoPoint& point);

    const StudyKind* m_kind;
    QString m_studyName;
    std::optional<StudyInputs> m_inputs;
    std::string m_setupKey;
    OptimizerPanel* m_panel = nullptr;
    RunListModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QPushButton* m_pause = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_show = nullptr;
    QPushButton* m_remove = nullptr;
    QPushButton* m_exportMetrics = nullptr;
    QPushButton* m_saveChart = nullptr;
    QTabWidget* m_tabs = nullptr;
    QComboBox* m_curveMetric = nullptr;
    QCheckBox* m_logY = nullptr;
    QCheckBox* m_logX = nullptr;
    QSlider* m_smoothing = nullptr;
    QCheckBox* m_acrossSetups = nullptr;
    QLabel* m_curveHelp = nullptr;
    QLabel* m_hiddenNote = nullptr; ///< runs whose curves are not drawn, and why
    LiveLineChart* m_curves = nullptr;
    ParetoChart* m_pareto = nullptr;
    QComboBox* m_paretoX = nullptr;
    QComboBox* m_paretoY = nullptr;
    QComboBox* m_paretoColour = nullptr;
    QTimer m_drainTimer;
    QWidget* m_bestTab = nullptr;
    RunResultView* m_resultView = nullptr;
    QPlainTextEdit* m_bestText = nullptr;
    QComboBox* m_bestLayer = nullptr;
    QTableWidget* m_compare = nullptr;
    QComboBox* m_compareRef = nullptr;
    QLabel* m_compareSummary = nullptr; ///< "3 groups on 2 setups"
    QWidget* m_layerRow = nullptr;

    std::vector<std::unique_ptr<OptimizerRun>> m_runs;
    /// Per run id: every metric series recorded so far (for the curves and the CSV export).
    QHash<int, QHash<QString, QList<QPointF>>> m_history;
    QHash<int, std::vector<EvaluatedPoint>> m_evaluated;
    int m_nextId = 1;
};

} // namespace mapscape
