// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dpu/core/dpu_study.h"
#include "kinds/dpu/widgets/dpu_workbench.h"
#include "kinds/dpu/widgets/dpu_workbench_parts.h"

#include "kinds/dpu/core/dpu_dataset.h"
#include "kinds/dpu/core/dpu_io.h"
#include "core/io/file_util.h"
#include "core/io/preset_library.h"
#include "core/util/strings.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/models/run_list_model.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/dpu/widgets/dpu_run_views.h"
#include "kinds/dpu/widgets/dpu_timeline_view.h"
#include "widgets/study/view_cells.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>

namespace mapscape {

using namespace dpu_wb; // with dpu:: and the cells:: names it uses

namespace {

/// The recorded runs of each platform and data seed that a workbench shows, shared by every DPU
/// workbench (studies of one platform, the common case, generate them once: each is about 10 MB)
/// and forgotten when no workbench holds them. GUI thread only.
std::vector<std::weak_ptr<const RecordedRuns>>& recordedRunsShown()
{
    static std::vector<std::weak_ptr<const RecordedRuns>> shown;
    return shown;
}

std::shared_ptr<const RecordedRuns> shownRecordedRuns(const Platform& platform, std::uint64_t seed)
{
    auto& shown = recordedRunsShown();
    std::erase_if(shown, [](const std::weak_ptr<const RecordedRuns>& w) { return w.expired(); });
    for (const std::weak_ptr<const RecordedRuns>& w : shown)
        if (const auto runs = w.lock(); runs && runs->options().seed == seed && runs->platform() == platform)
            return runs;
    return nullptr;
}

} // namespace

DpuWorkbench::DpuWorkbench(QWidget* parent)
    : KindWorkbench(dpuKind(), tr("a DPU-configuration study"),
                    {tr("DPU platform files (*.json)"),
                     tr("Text (*.txt);;CSV (*.csv)"),
                     tr("Platform file (*.json);;Simulated table (*.csv)")},
                    parent)
{
    buildUi();
    connect(&m_runsWatcher, &QFutureWatcherBase::finished, this, [this] {
        const auto runs = m_runsWatcher.result();
        if (!runs || runs->platform() != inputs().platform || runs->options().seed != inputs().dataSeed)
            return; // superseded by a newer edit
        m_recorded = shownRecordedRuns(runs->platform(), runs->options().seed); // another workbench's, if any
        if (!m_recorded) {
            m_recorded = runs;
            recordedRunsShown().push_back(runs);
        }
        refreshRunViews();
    });
    m_runsTimer.setSingleShot(true);
    m_runsTimer.setInterval(250);
    connect(&m_runsTimer, &QTimer::timeout, this, &DpuWorkbench::regenerateRuns);
    DpuInputs in;
    in.variant = in.platform.variant(std::max(0, in.platform.findModel("InceptionV3")), 0);
    in.state = 1;
    in.action = std::max(0, in.platform.findAction("B2304_2"));
    m_doc->setInputs(std::move(in));
}

DpuWorkbench::~DpuWorkbench()
{
    m_calibrationStop.request_stop();
    m_calibration.waitForFinished();
    m_runsWatcher.waitForFinished();
}

void DpuWorkbench::buildUi()
{
    m_runs = new RunsPanel(dpuKind(), this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(buildPlatformTab(), tr("Platform"));
    m_tabs->addTab(m_runs, tr("Optimize"));
    m_training = new DpuTrainingView(m_runs, this);
    m_evaluation = new DpuEvaluationView(m_runs, this, this);
    m_timeline = new DpuTimelineView(m_runs, this, this);
    m_policy = new DpuPolicyView(m_runs, this, this);
    m_tabs->addTab(m_training, tr("Training"));
    m_tabs->addTab(m_evaluation, tr("Evaluation"));
    m_tabs->addTab(m_timeline, tr("Timeline"));
    m_tabs->addTab(m_policy, tr("Policy"));
    m_tabs->setTabToolTip(PlatformTab, tr("The simulated ZCU102: FPS, FPGA power and PPW of every DPU configuration for "
                                          "every model variant and background load; parameters, corrections, calibration"));
    m_tabs->setTabToolTip(OptimizeTab, tr("Train the DPUCConfig PPO agent or LinUCB on the recorded runs"));
    m_tabs->setTabToolTip(TrainingTab, tr("A learner's reward, violations, held-out PPW and the reward's context buckets"));
    m_tabs->setTabToolTip(EvaluationTab, tr("Fig. 5: the learner against optimal, max-FPS and min-power on the held-out models"));
    m_tabs->setTabToolTip(TimelineTab, tr("Fig. 6: a policy at run time, with its reconfiguration overheads"));
    m_tabs->setTabToolTip(PolicyTab, tr("Ask a trained policy about any observation"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int) { refreshRunViews(); });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);

    connectShell();
    connect(m_runs, &RunsPanel::runsChanged, this, &DpuWorkbench::refreshRunViews);
    m_runViewsTimer.setSingleShot(true);
    m_runViewsTimer.setInterval(300);
    connect(&m_runViewsTimer, &QTimer::timeout, this, [this] {
        if (m_tabs->currentIndex() == TrainingTab)
            m_training->refresh();
    });
    connect(m_runs, &RunsPanel::drained, this, [this] {
        if (!m_runViewsTimer.isActive())
            m_runViewsTimer.start();
    });
    connect(m_runs, &RunsPanel::resultRequested, this, [this] {
        const int row = m_runs->selectedRow();
        if (row < 0)
            return;
        showTab(EvaluationTab);
        m_evaluation->chooser()->selectRun(m_runs->runModel()->idAt(row));
    });
}

// ---------------------------------------------------------------------------------------------
// Document

void DpuWorkbench::editInputs(const std::function<void(DpuInputs&)>& edit, const QString& label, int mergeKey)
{
    DpuInputs in = inputs();
    edit(in);
    m_doc->apply(std::move(in), label, mergeKey);
}

void DpuWorkbench::reportError(const QString& message) { Q_EMIT errorOccurred(message); }

void DpuWorkbench::documentChanged()
{
    const DpuInputs& in = inputs();
    m_runs->setInputs(studyName(), in);
    m_explorerState = in.state;
    const bool stale = !m_recorded || m_recorded->platform() != in.platform || m_recorded->options().seed != in.dataSeed;
    if (stale) {
        m_recorded = shownRecordedRuns(in.platform, in.dataSeed);
        if (m_recorded)
            m_runsTimer.stop();
        else
            m_runsTimer.start();
    }
    refreshTables();
    refreshExplorer();
    refreshAnchors();
    Q_EMIT setupChanged();
    Q_EMIT evaluationShown();
    if (stale)
        refreshRunViews();
}

void DpuWorkbench::regenerateRuns()
{
    const DpuInputs in = inputs();
    m_runsWatcher.setFuture(QtConcurrent::run([platform = in.platform, seed = in.dataSeed]() -> std::shared_ptr<const RecordedRuns> {
        try {
            return std::make_shared<const RecordedRuns>(RecordedRuns::generate(platform, {.seed = seed}));
        } catch (const std::exception&) {
            return nullptr; // the platform was validated before it was applied
        }
    }));
}

void DpuWorkbench::waitForRecordedRuns()
{
    for (int i = 0; i < 200 && !m_recorded; ++i) {
        if (m_runsTimer.isActive()) {
            m_runsTimer.stop();
            regenerateRuns();
        }
        m_runsWatcher.waitForFinished();
        QCoreApplication::processEvents();
    }
}

// ---------------------------------------------------------------------------------------------
// Platform explorer

// ---------------------------------------------------------------------------------------------
// Tables

// ---------------------------------------------------------------------------------------------
// Run views

void DpuWorkbench::refreshRunViews()
{
    switch (m_tabs->currentIndex()) {
    case TrainingTab:
        m_training->refresh();
        break;
    case EvaluationTab:
        m_evaluation->refresh();
        break;
    case TimelineTab:
        m_timeline->refresh();
        break;
    case PolicyTab:
        m_policy->refresh();
        break;
    default:
        m_training->syncChooser();
        break;
    }
}

// ---------------------------------------------------------------------------------------------
// Study and files

QString DpuWorkbench::refusal(const DpuInputs& in) const
{
    if (const FieldIssues issues = validate(in.platform); !issues.empty())
        return qs(joinIssues(issues));
    if (in.variant < 0 || in.variant >= in.platform.variantCount() || in.state < 0 || in.state >= kStates ||
        in.action < 0 || in.action >= int(in.platform.actions.size()))
        return tr("shown: model, state or configuration out of range");
    return {};
}

QString DpuWorkbench::openFile(const QString& path)
{
    try {
        const Platform p = dpuPlatformFromJson(readTextFile(path.toStdString()), path.toStdString());
        const QString e = applyPlatform(p, tr("Open platform %1").arg(QFileInfo(path).fileName()), -1);
        if (e.isEmpty())
            Q_EMIT message(tr("Platform %1 opened").arg(QFileInfo(path).fileName()), 5000);
        return e;
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
}

QString DpuWorkbench::exportResults(const QString& path) const
{
    m_evaluation->refresh();
    QString text = m_evaluation->summaryText();
    if (path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)) {
        QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (QString& l : lines) {
            QStringList cells = l.split(QLatin1Char('\t'));
            for (QString& c : cells)
                c = QStringLiteral("\"%1\"").arg(c.replace(QLatin1Char('"'), QStringLiteral("\"\"")));
            l = cells.join(QLatin1Char(','));
        }
        text = lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }
    try {
        writeTextFileAtomic(path.toStdString(), text.toStdString());
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString DpuWorkbench::writeMapping(const QString& path) const
{
    const Platform& p = inputs().platform;
    try {
        if (path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)) {
            std::ostringstream s;
            s << "model,state,configuration,fps,p_fpga_w,p_arm_w,ppw,meets_constraint,optimal\n";
            for (int v = 0; v < p.variantCount(); ++v) {
                for (int w = 0; w < kStates; ++w) {
                    const std::vector<dpu::Outcome> all = outcomesOf(p, v, w);
                    const Optimum best = optimum(all, p.fpsConstraint);
                    for (int a = 0; a < int(all.size()); ++a) {
                        const dpu::Outcome& o = all[std::size_t(a)];
                        s << p.variantName(v) << ',' << p.params.states[std::size_t(w)].name << ',' << p.actionName(a) << ','
                          << formatSig(o.fps, 6) << ',' << formatSig(o.fpgaPowerW, 6) << ',' << formatSig(o.armPowerW, 6) << ','
                          << formatSig(o.ppw, 6) << ',' << (o.feasible(p.fpsConstraint) ? "true" : "false") << ','
                          << (a == best.action && best.feasible ? "true" : "false") << '\n';
                    }
                }
            }
            writeTextFileAtomic(path.toStdString(), s.str());
        } else {
            writeTextFileAtomic(path.toStdString(), dpuPlatformToJson(p));
        }
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QStringList DpuWorkbench::tabNames() const
{
    return {QStringLiteral("platform"), QStringLiteral("optimize"), QStringLiteral("training"), QStringLiteral("evaluation"), QStringLiteral("timeline"), QStringLiteral("policy")};
}

} // namespace mapscape
