// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/placement/core/placement_study.h"
#include "kinds/placement/widgets/placement_workbench.h"
#include "kinds/placement/widgets/placement_workbench_parts.h"

#include "core/io/file_util.h"
#include "core/network/onnx_import.h"
#include "kinds/placement/core/placement_io.h"
#include "core/io/preset_library.h"
#include "core/runner/optimizer_run.h"
#include "core/util/strings.h"
#include "widgets/document/inputs_document.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/placement/widgets/memory_map_view.h"
#include "kinds/placement/widgets/placement_timeline_view.h"
#include "kinds/placement/widgets/placement_curves_view.h"
#include "kinds/placement/widgets/placement_training_view.h"
#include "kinds/placement/widgets/map_embedding_view.h"
#include "widgets/study/view_cells.h"

#include <QComboBox>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <sstream>

namespace mapscape {

using namespace placement_wb;

using namespace placement;

PlacementWorkbench::PlacementWorkbench(QWidget* parent)
    : KindWorkbench(placementKind(), tr("a tensor-placement study"),
                    {tr("Placement files (*.json *.csv *.onnx);;Workloads (*.json *.csv);;ONNX models (*.onnx);;Hardware or maps (*.json)"),
                     tr("CSV (*.csv)"),
                     tr("Placement map (*.json);;Per-node table (*.csv)")},
                    parent)
{
    buildUi();
    m_distributionTimer.setInterval(500);
    connect(&m_distributionTimer, &QTimer::timeout, this, [this] {
        if (m_showMode->currentIndex() == 1)
            showPolicyDistribution(true);
    });
    m_doc->setInputs(PlacementInputs{});
}

PlacementWorkbench::~PlacementWorkbench() = default;

void PlacementWorkbench::buildUi()
{
    m_runs = new RunsPanel(placementKind(), this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(buildMapTab(), tr("Memory map"));
    m_tabs->addTab(buildWorkloadTab(), tr("Workload"));
    m_tabs->addTab(buildHardwareTab(), tr("Hardware"));
    m_tabs->addTab(m_runs, tr("Optimize"));
    m_curves = new PlacementCurvesView(m_runs, this);
    m_tabs->addTab(m_curves, tr("Speed-up curves"));
    m_tabs->setTabToolTip(CurvesTab, tr("Fig. 3: speed-up vs iterations per method, mean ± std over seeds, with the "
                                        "paper's values dashed; sweeps of methods × seeds"));
    m_training = new PlacementTrainingView(m_runs, this);
    m_tabs->addTab(m_training, tr("Training"));
    m_tabs->setTabToolTip(TrainingTab, tr("An EGRL run generation by generation: population types, validity, "
                                          "temperatures, migration, SAC losses"));
    m_zeroShot = new PlacementZeroShotView(m_runs, this);
    m_tabs->addTab(m_zeroShot, tr("Zero-shot"));
    m_tabs->setTabToolTip(ZeroShotTab, tr("Fig. 4: a run's best GNN tried on other workloads with no further training"));
    m_embedding = new MapEmbeddingView(m_runs, this);
    m_tabs->addTab(m_embedding, tr("Map embedding"));
    m_tabs->setTabToolTip(EmbeddingTab, tr("Fig. 5: every valid map a run found, projected to 2-D (PCA), coloured by speed-up"));
    m_trainingTimer.setSingleShot(true);
    m_trainingTimer.setInterval(300);
    connect(&m_trainingTimer, &QTimer::timeout, this, [this] {
        if (m_tabs->currentIndex() != EmbeddingTab) // the embedding is recomputed when runs end
            refreshShownView();
    });
    connect(m_runs, &RunsPanel::drained, this, [this] {
        if (!m_trainingTimer.isActive())
            m_trainingTimer.start();
    });
    connect(m_runs, &RunsPanel::runsChanged, this, [this] {
        m_training->refresh();
        refreshShownView();
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { refreshShownView(); });
    m_tabs->setTabToolTip(MapTab, tr("Where every weight and activation tensor lives; click a tensor to move it"));
    m_tabs->setTabToolTip(WorkloadTab, tr("The inference graph: nodes in topological order with their tensors"));
    m_tabs->setTabToolTip(HardwareTab, tr("The NNP-I-like latency model and the compiler's parameters"));
    m_tabs->setTabToolTip(OptimizeTab, tr("EGRL, its EA and PG ablations, Greedy-DP, random and local search"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);

    connectShell();
    connect(m_runs, &RunsPanel::resultRequested, this, [this](const QString& json, const QString& label) {
        const QString e = showResultMap(json, label);
        if (!e.isEmpty())
            Q_EMIT errorOccurred(e);
        else
            showTab(MapTab);
    });
}

void PlacementWorkbench::edit(const std::function<void(PlacementInputs&)>& change, const QString& label, int mergeKey)
{
    PlacementInputs in = inputs();
    change(in);
    m_doc->apply(std::move(in), label, mergeKey);
}

void PlacementWorkbench::applyValid(PlacementInputs in, const QString& label, int mergeKey)
{
    // The model must accept the inputs (e.g. DRAM large enough for the workload); building it
    // here throws InputError before anything changes, and documentChanged reuses it.
    m_model = std::make_shared<const PlacementModel>(in.workload, in.hardware, in.reward);
    m_doc->apply(std::move(in), label, mergeKey);
}

void PlacementWorkbench::documentChanged()
{
    const PlacementInputs& in = inputs();
    try {
        if (!m_model || m_model->graph() != in.workload || m_model->params() != in.hardware ||
            m_model->rewardOptions() != in.reward)
            m_model = std::make_shared<const PlacementModel>(in.workload, in.hardware, in.reward);
    } catch (const std::exception& e) {
        m_model.reset();
        Q_EMIT errorOccurred(QString::fromUtf8(e.what()));
    }
    m_runs->setInputs(studyName(), in);
    m_curves->setInputs(in);
    refreshMap();
    if (m_nodes->rowCount() != in.workload.nodeCount())
        m_refused.forget(m_nodes); // another workload: its rows are other nodes
    refreshWorkload();
    refreshHardware();
    m_refused.reapply(); // what the user typed and was refused stays until fixed
    Q_EMIT setupChanged();
    Q_EMIT evaluationShown();
}

QString PlacementWorkbench::refusal(const PlacementInputs& in) const
{
    try {
        const PlacementModel probe(in.workload, in.hardware, in.reward);
        if (in.map)
            probe.checkMap(*in.map, "map");
        for (const Pin& p : in.pins)
            if (p.node < 0 || p.node >= probe.nodeCount())
                throw InputError("pins: node " + std::to_string(p.node) + " is not in the workload");
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString PlacementWorkbench::openFile(const QString& path)
{
    const std::string p = path.toStdString();
    try {
        const QString name = QFileInfo(path).fileName();
        if (path.endsWith(QStringLiteral(".onnx"), Qt::CaseInsensitive)) {
            const std::optional<OnnxImport> imported = importOnnx(path, false);
            if (!imported)
                return {}; // cancelled: nothing changes
            const OnnxImport& im = *imported;
            PlacementInputs in = inputs();
            in.workload = im.graph;
            in.map.reset();
            in.pins.clear();
            applyValid(std::move(in), tr("Import ONNX %1").arg(name));
            Q_EMIT message(onnxSummary(name, tr("%1 nodes").arg(im.graph.nodeCount()), im.skippedOperators), 10000);
            return {};
        }
        const std::string text = readTextFile(p);
        if (path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive) ||
            text.find("mapscape/placement-workload") != std::string::npos) {
            PlacementInputs in = inputs();
            in.workload = path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive) ? placementWorkloadFromCsv(text, p)
                                                                                      : placementWorkloadFromJson(text, p);
            in.map.reset();
            in.pins.clear();
            applyValid(std::move(in), tr("Open workload %1").arg(name));
        } else if (text.find("mapscape/placement-hardware") != std::string::npos) {
            PlacementInputs in = inputs();
            in.hardware = placementHardwareFromJson(text, p);
            applyValid(std::move(in), tr("Open hardware %1").arg(name));
        } else if (text.find("mapscape/placement-map") != std::string::npos) {
            const PlacementMapFile f = placementMapFromJson(text, p, inputs().workload.nodeCount());
            edit([&f](PlacementInputs& in) { in.map = f.map; }, tr("Open map %1").arg(name));
        } else {
            return tr("%1: not a placement workload, hardware or map file (its \"schema\" should be "
                      "mapscape/placement-workload, -hardware or -map)")
                .arg(path);
        }
        Q_EMIT message(tr("%1 opened").arg(name), 5000);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString PlacementWorkbench::exportResults(const QString& path) const
{
    std::ostringstream s;
    s << "run,method,seed,state,iterations,speedup,latency_us\n";
    const std::vector<RunRecord> records = m_runs->records();
    for (const RunRecord& r : records) {
        double speedup = 0, latency = 0;
        for (const auto& [k, v] : r.best) {
            if (k == "speedup")
                speedup = v;
            if (k == "latency")
                latency = v;
        }
        s << r.id << ',' << r.settings.id << ',' << r.settings.seed << ',' << r.state << ',' << r.evaluations << ','
          << formatSig(speedup, 6) << ',' << formatSig(latency, 6) << '\n';
    }
    try {
        writeTextFileAtomic(path.toStdString(), s.str());
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString PlacementWorkbench::writeMapping(const QString& path) const
{
    if (!m_model)
        return tr("the study's inputs are invalid");
    try {
        const MemoryMap m = shownMap();
        const std::string text = path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)
                                     ? placementMapToCsv(*m_model, m)
                                     : placementMapToJson(inputs().workload, m, studyName().toStdString());
        writeTextFileAtomic(path.toStdString(), text);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QStringList PlacementWorkbench::tabNames() const
{
    return {QStringLiteral("map"), QStringLiteral("workload"), QStringLiteral("hardware"), QStringLiteral("optimize"), QStringLiteral("curves"), QStringLiteral("training"), QStringLiteral("zeroshot"), QStringLiteral("embedding")};
}

} // namespace mapscape
