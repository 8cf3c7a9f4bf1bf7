// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/accel/core/accel_study.h"
#include "kinds/accel/widgets/accel_workbench.h"
#include "kinds/accel/widgets/accel_workbench_parts.h"

#include "kinds/accel/core/accel_report.h"
#include "kinds/accel/core/accel_io.h"
#include "core/io/file_util.h"
#include "core/io/preset_library.h"
#include "core/study/study_file.h"
#include "kinds/accel/core/sensitivity.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/accel/widgets/accel_results_view.h"
#include "kinds/accel/widgets/grmd_stages_view.h"
#include "widgets/study/view_cells.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace mapscape {

using namespace accel_wb;

using cells::kFeasible;
using cells::kInvalid;
using cells::kViolating;
using cells::readOnly;
using cells::sig;

AccelWorkbench::AccelWorkbench(QWidget* parent)
    : KindWorkbench(accelKind(), tr("an accelerator-sizing study"),
                    {tr("Accelerator-sizing studies and designs (*.json)"),
                     tr("Text report (*.txt);;JSON (*.json);;CSV (*.csv)"),
                     tr("MAESTRO files, one per component (*.m);;Design with metrics (*.json);;Accelerator-sizing study (*.study.json)")},
                    parent)
{
    buildUi();
    // A first study: the paper's vanilla RNN (29-100-29) on the Table 1 space within ZCU102's
    // resources, showing Table 3's control design.
    AccelInputs in;
    try {
        const AccelStudyFile f = loadAccelStudy(resolvePreset("rnn", kAccelStudyPresets));
        in.setup = f.setup;
        in.design = f.design;
        m_runs->optimizerPanel()->selectObjective(qs(f.objective));
    } catch (const std::exception&) {
        in.setup.limits = FpgaLimits::zcu102();
    }
    m_doc->setInputs(std::move(in));
}

AccelWorkbench::~AccelWorkbench() = default;

void AccelWorkbench::buildUi()
{
    m_preset = new QComboBox(this);
    m_preset->setToolTip(tr("Study presets: the paper's three workloads (29 inputs, 100 hidden units, 29 outputs) on "
                            "the Table 1 space within ZCU102's resources"));
    for (const PresetInfo& p : listPresets(kAccelStudyPresets))
        m_preset->addItem(qs(p.name), qs(p.path));
    m_preset->setCurrentIndex(-1);
    m_preset->setPlaceholderText(tr("choose a preset…"));
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Preset"), this));
    bar->addWidget(m_preset);
    bar->addStretch(1);
    connect(m_preset, &QComboBox::activated, this, [this](int i) {
        if (i >= 0)
            selectPreset(m_preset->itemData(i).toString());
    });

    m_runs = new RunsPanel(accelKind(), this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(buildDesignTab(), tr("Design"));
    m_tabs->addTab(buildSpaceTab(), tr("Design space"));
    m_tabs->addTab(buildSensitivityTab(), tr("Sensitivity"));
    m_tabs->addTab(m_runs, tr("Optimize"));
    m_stagesView = new GrmdStagesView(m_runs, this);
    m_resultsView = new AccelResultsView(m_runs, this);
    m_tabs->addTab(m_stagesView, tr("GRMD stages"));
    m_tabs->addTab(m_resultsView, tr("Results"));
    connect(m_stagesView, &GrmdStagesView::designRequested, this,
            [this](const QString& json, const QString& label) { showResult(json, label); });
    m_tabs->setTabToolTip(DesignTab, tr("The workload, the accelerator design and its constraints, evaluated live"));
    m_tabs->setTabToolTip(SpaceTab, tr("The genes the optimizers search: fix them, or give a range or a list"));
    m_tabs->setTabToolTip(SensitivityTab, tr("The paper's Table 3: change one resource at a time"));
    m_tabs->setTabToolTip(OptimizeTab, tr("Run GRMD and its baselines (NSGA-II, MOPSO, ParEGO BO, GA, random)"));
    m_tabs->setTabToolTip(StagesTab, tr("Inside a GRMD run: stage 1's GA, stage 2's actor-critic, stage 3's solutions"));
    m_tabs->setTabToolTip(ResultsTab, tr("Every run's non-dominated designs and hypervolume, side by side"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        if (tab == SensitivityTab && m_sensitivityDirty)
            refreshSensitivity();
        if (tab == StagesTab || tab == ResultsTab)
            refreshRunViews();
    });
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_tabs, 1);

    connectShell();
    connect(m_runs, &RunsPanel::runsChanged, this, [this] {
        m_stagesView->syncChooser();
        if (m_tabs->currentIndex() == StagesTab || m_tabs->currentIndex() == ResultsTab)
            refreshRunViews();
    });
    // The run views follow the panel's drains, at most about three times a second (the fronts
    // are recomputed from every evaluated point).
    m_runViewsTimer.setSingleShot(true);
    m_runViewsTimer.setInterval(300);
    connect(&m_runViewsTimer, &QTimer::timeout, this, [this] {
        if (m_tabs->currentIndex() == StagesTab || m_tabs->currentIndex() == ResultsTab)
            refreshRunViews();
    });
    connect(m_runs, &RunsPanel::drained, this, [this] {
        if (!m_runViewsTimer.isActive())
            m_runViewsTimer.start();
    });
    connect(m_runs, &RunsPanel::resultRequested, this, [this](const QString& json, const QString& label) { showResult(json, label); });
}

// ---------------------------------------------------------------------------------------------
// Design tab

void AccelWorkbench::documentChanged()
{
    refreshEditors();
    refreshSpaceTable();
    evaluate();
    m_sensitivityDirty = true;
    if (m_tabs->currentIndex() == SensitivityTab)
        refreshSensitivity();
    m_runs->setInputs(studyName(), m_doc->inputs());
    m_resultsView->setSetup(m_doc->inputs().setup);
    if (m_tabs->currentIndex() == ResultsTab)
        m_resultsView->refresh();
    Q_EMIT setupChanged();
}

// ---------------------------------------------------------------------------------------------
// Design space tab

// ---------------------------------------------------------------------------------------------
// Sensitivity tab

// ---------------------------------------------------------------------------------------------
// Run views

void AccelWorkbench::refreshRunViews()
{
    m_stagesView->refresh();
    m_resultsView->refresh();
}

// ---------------------------------------------------------------------------------------------
// Study, files

void AccelWorkbench::reportError(const QString& message) { Q_EMIT errorOccurred(message); }

QString AccelWorkbench::refusal(const AccelInputs& in) const
{
    try {
        AccelModel check(in.setup.workload, in.setup.model);
        if (const std::string why = AccelModel::checkDesign(in.design); !why.empty())
            return qs("design: " + why);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

void AccelWorkbench::afterStudySet() { m_stagesView->syncChooser(); }

bool AccelWorkbench::selectPreset(const QString& nameOrPath)
{
    try {
        const AccelStudyFile f = loadAccelStudy(nameOrPath.toStdString());
        AccelInputs in{f.setup, f.design};
        m_doc->apply(std::move(in), tr("Load %1").arg(qs(f.name)));
        m_runs->optimizerPanel()->selectObjective(qs(f.objective));
        return true;
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
}

bool AccelWorkbench::showResult(const QString& resultJson, const QString& label)
{
    try {
        AccelInputs in = m_doc->inputs();
        in.design = accelDesignFromJson(resultJson.toStdString(), label.toStdString());
        m_doc->apply(std::move(in), tr("Show %1").arg(label));
        showTab(DesignTab);
        Q_EMIT message(tr("Showing %1: %2").arg(label, qs(m_doc->inputs().design.text())), 8000);
        return true;
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
}

QString AccelWorkbench::openFile(const QString& path)
{
    try {
        const std::string p = path.toStdString();
        const std::string text = readTextFile(p);
        const std::string schema = documentSchema(text);
        const QString label = tr("Open %1").arg(QFileInfo(path).fileName());
        // A run result or a bare design; a study written without its schema member has a workload.
        if (schema == "mapscape/accel-result" || (schema.empty() && text.find("\"workload\"") == std::string::npos)) {
            AccelInputs in = m_doc->inputs();
            in.design = accelDesignFromJson(text, p);
            m_doc->apply(std::move(in), label);
            return {};
        }
        const AccelStudyFile f = accelStudyFromJson(text, p);
        m_doc->apply(AccelInputs{f.setup, f.design}, label);
        m_runs->optimizerPanel()->selectObjective(qs(f.objective));
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString AccelWorkbench::exportResults(const QString& path) const
{
    const OutputFormat fmt = path.endsWith(QStringLiteral(".json")) ? OutputFormat::Json
                             : path.endsWith(QStringLiteral(".csv")) ? OutputFormat::Csv
                                                                     : OutputFormat::Text;
    const AccelInputs& in = m_doc->inputs();
    try {
        writeTextFileAtomic(path.toStdString(), writeAccelEvaluation(in.setup, in.design, m_detail, fmt));
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString AccelWorkbench::writeMapping(const QString& path) const
{
    const AccelInputs& in = m_doc->inputs();
    try {
        const std::string p = path.toStdString();
        if (path.endsWith(QStringLiteral(".m"), Qt::CaseInsensitive)) {
            const QFileInfo info(path);
            const QString dir = info.absolutePath() + QLatin1Char('/') + info.completeBaseName();
            if (!QDir().mkpath(dir))
                return tr("%1: cannot create the folder").arg(dir);
            for (const auto& [name, text] : accelMaestroFiles(in.setup, in.design))
                writeTextFileAtomic((dir + QLatin1Char('/') + qs(name)).toStdString(), text);
        } else if (path.endsWith(QStringLiteral(".study.json"), Qt::CaseInsensitive)) {
            AccelStudyFile f;
            f.name = studyName().toStdString();
            f.setup = in.setup;
            f.design = in.design;
            f.objective = m_runs->optimizerPanel()->settings().objective;
            writeTextFileAtomic(p, accelStudyToJson(f));
        } else {
            writeTextFileAtomic(p, accelResultToJson(in.design, &m_detail.metrics, studyName().toStdString()));
        }
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QStringList AccelWorkbench::tabNames() const
{
    return {QStringLiteral("design"), QStringLiteral("space"), QStringLiteral("sensitivity"), QStringLiteral("optimize"), QStringLiteral("stages"), QStringLiteral("results")};
}

} // namespace mapscape
