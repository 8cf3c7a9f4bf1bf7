// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/scheduling_study.h"
#include "kinds/scheduling/widgets/scheduling_workbench.h"
#include "kinds/scheduling/widgets/scheduling_workbench_parts.h"
#include "kinds/scheduling/widgets/scheduling_result_view.h"

#include "kinds/scheduling/core/report.h"
#include "kinds/scheduling/core/evaluation_writer.h"
#include "kinds/scheduling/core/mapping_csv.h"
#include "kinds/scheduling/core/timeloop_map.h"
#include "core/io/file_util.h"
#include "kinds/scheduling/core/neurospector_cfg.h"
#include "core/network/onnx_import.h"
#include "kinds/scheduling/core/preset_io.h"
#include "core/io/preset_library.h"
#include "core/model/validation.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/pareto_chart.h"
#include "kinds/scheduling/widgets/accelerator_document.h"
#include "kinds/scheduling/widgets/network_document.h"
#include "kinds/scheduling/widgets/accelerator_table_model.h"
#include "kinds/scheduling/widgets/layer_table_model.h"
#include "kinds/scheduling/widgets/results_table_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/scheduling/widgets/scheduling_table_view.h"

#include <QComboBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QUndoCommand>
#include <QVBoxLayout>

namespace mapscape {

using namespace scheduling_wb;


SchedulingWorkbench::SchedulingWorkbench(QWidget* parent)
    : WorkbenchShell(schedulingKind(),
                     {tr("Accelerators, networks and mappings (*.json *.jsonl *.cfg);;ONNX models (*.onnx)"),
                      tr("CSV (*.csv);;JSON (*.json);;Text (*.txt)"),
                      tr("Mapscape JSON (*.json);;CSV (*.csv);;Timeloop map YAML (*.yaml);;NeuroSpector cfg folder (*)")},
                     parent)
{
    buildUi();
    connect(&m_runner, &EvaluationRunner::finished, this, &SchedulingWorkbench::showSnapshot);
    connect(&m_runner, &EvaluationRunner::failed, this, &SchedulingWorkbench::showFailure);
}

SchedulingWorkbench::~SchedulingWorkbench()
{
    m_runner.waitForIdle();
}

void SchedulingWorkbench::buildUi()
{
    m_networkDoc = new NetworkDocument(this);
    m_accDoc = new AcceleratorDocument(this);
    // One history for the study: choices and table edits in the order they were made, whatever
    // tab is shown (undo never reverts an edit of another tab behind the user's back).
    m_networkDoc->setUndoStack(&m_setupStack);
    m_accDoc->setUndoStack(&m_setupStack);

    m_accCombo = new QComboBox(this);
    m_netCombo = new QComboBox(this);
    m_mapCombo = new QComboBox(this);
    m_accCombo->setToolTip(tr("Accelerator preset; \"(edited)\", \"(file)\" or \"(project)\" marks one of your own"));
    m_netCombo->setToolTip(tr("Network preset; \"(edited)\", \"(file)\" or \"(project)\" marks one of your own"));
    m_mapCombo->setToolTip(tr("Scheduling tables to evaluate: the trivial mapping, a preset, a file or a run's best"));
    m_accCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents); // "(edited)" entries stay readable
    m_netCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_mapCombo->setMinimumContentsLength(30);
    m_mapCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    for (const PresetInfo& p : listPresets(kAcceleratorPresets))
        m_accCombo->addItem(qs(p.name), qs(p.path));
    for (const PresetInfo& p : listPresets(kNetworkPresets))
        m_netCombo->addItem(qs(p.name), qs(p.path));
    m_accCombo->setCurrentIndex(-1);
    m_netCombo->setCurrentIndex(-1);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Accelerator"), this));
    bar->addWidget(m_accCombo);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Network"), this));
    bar->addWidget(m_netCombo);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Mapping"), this));
    bar->addWidget(m_mapCombo, 1);

    m_model = new ResultsTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ResultsTableModel::SortRole);
    m_table = new QTableView(this);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // network order until the user clicks a header
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);

    m_details = new QPlainTextEdit(this);
    m_details->setReadOnly(true);
    m_details->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_details->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_details->setPlaceholderText(tr("Select a layer to see its scheduling table and cost breakdown."));

    m_tableView = new SchedulingTableView(this);
    m_breakdown = new EnergyBreakdownChart(this);
    m_breakdown->setMinimumHeight(200);
    auto* detailSplit = new QSplitter(Qt::Vertical, this);
    detailSplit->addWidget(m_tableView);
    detailSplit->addWidget(m_breakdown);
    detailSplit->addWidget(m_details);
    detailSplit->setStretchFactor(1, 1);
    detailSplit->setStretchFactor(2, 1);

    m_totals = new QLabel(this);
    m_totals->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_totals->setWordWrap(true);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_totals);
    leftLayout->addWidget(m_table, 1);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(detailSplit);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    split->setSizes({900, 460}); // the results' columns first

    m_runs = new RunsPanel(schedulingKind(), this);
    m_runs->setResultView(new SchedulingResultView, tr("Best table"));
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(split, tr("Evaluate"));
    m_tabs->addTab(buildNetworkEditor(), tr("Network"));
    m_tabs->addTab(buildAcceleratorEditor(), tr("Accelerator"));
    m_tabs->addTab(m_runs, tr("Optimize"));
    m_tabs->setTabToolTip(EvaluateTab, tr("Per-layer results of the chosen mapping; undo steps back through choices"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { Q_EMIT activeUndoStackChanged(activeUndoStack()); });

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_tabs, 1);

    connectShell();
    connect(m_runs, &RunsPanel::resultRequested, this, [this](const QString& json, const QString& label) {
        try {
            Mapping m = mappingFromJson(json.toStdString(), label.toStdString(), m_accDoc->accelerator());
            if (m.network.empty())
                m.network = m_networkDoc->network().name;
            showMapping(m, m.source.empty() ? label : qs(m.source));
        } catch (const std::exception& e) {
            reportError(QString::fromUtf8(e.what()));
        }
    });

    const auto onCombo = [this](QComboBox* combo, bool (SchedulingWorkbench::*select)(const QString&)) {
        connect(combo, &QComboBox::currentIndexChanged, this, [this, combo, select](int i) {
            if (m_applying || i < 0)
                return;
            const QString key = combo->itemData(i).toString();
            if (key == kCustom)
                return; // the user's own value is the one shown already
            if (!(this->*select)(key)) { // a failed choice puts the box back
                m_applying = true;
                if (combo == m_accCombo)
                    syncCombo(m_accCombo, m_hasAccelerator ? m_accKey : QString(), m_accLabel);
                else if (combo == m_netCombo)
                    syncCombo(m_netCombo, m_hasNetwork ? m_netKey : QString(), m_netLabel);
                else
                    m_mapCombo->setCurrentIndex(std::max(0, m_mapCombo->findData(m_mapKey)));
                m_applying = false;
            }
        });
    };
    onCombo(m_accCombo, &SchedulingWorkbench::selectAccelerator);
    onCombo(m_netCombo, &SchedulingWorkbench::selectNetwork);
    onCombo(m_mapCombo, &SchedulingWorkbench::selectMapping);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &SchedulingWorkbench::showLayerDetails);
    connect(m_networkDoc, &NetworkDocument::changed, this, &SchedulingWorkbench::networkEdited);
    connect(m_accDoc, &AcceleratorDocument::changed, this, &SchedulingWorkbench::acceleratorEdited);
    setTotals(tr("Choose an accelerator and a network."), false);
}

QList<QUndoStack*> SchedulingWorkbench::undoStacks() const { return {const_cast<QUndoStack*>(&m_setupStack)}; }

QUndoStack* SchedulingWorkbench::activeUndoStack() const { return const_cast<QUndoStack*>(&m_setupStack); }

QString SchedulingWorkbench::setupText() const
{
    if (!m_hasAccelerator || !m_hasNetwork)
        return tr("no accelerator or network yet");
    return qs(m_accDoc->accelerator().name + " / " + m_networkDoc->network().name);
}

// ---------------------------------------------------------------------------------------------
// Choices as undoable states

// ---------------------------------------------------------------------------------------------
// Edits and evaluation

void SchedulingWorkbench::reportError(const QString& message) { Q_EMIT errorOccurred(message); }

// ---------------------------------------------------------------------------------------------
// Study, files

std::optional<Study> SchedulingWorkbench::study() const
{
    if (!m_hasAccelerator || !m_hasNetwork)
        return std::nullopt;
    SchedulingInputs in;
    // The editors' values when they are valid, else the last valid ones (a project must reopen).
    const bool accValid = validateAccelerator(m_accDoc->accelerator()).empty();
    const bool netValid = validateNetwork(m_networkDoc->network()).empty();
    in.accelerator = accValid || !m_validAccelerator ? m_accDoc->accelerator() : *m_validAccelerator;
    in.network = netValid || !m_validNetwork ? m_networkDoc->network() : *m_validNetwork;
    in.mapping = m_mapping;
    Study st = makeStudy(studyName().toStdString(), std::move(in));
    st.optimizer = m_runs->optimizerPanel()->settings();
    st.runs = m_runs->records();
    return st;
}

bool SchedulingWorkbench::setStudy(const Study& study, QString* error)
{
    const auto* in = (study.inputs).getIf<SchedulingInputs>();
    if (!in) {
        if (error)
            *error = tr("not a scheduling study");
        return false;
    }
    try {
        SchedulingModel check(in->accelerator);
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return false;
    }
    setStudyName(qs(study.name));
    SetupState s;
    s.accelerator = in->accelerator;
    s.network = in->network;
    s.hasAccelerator = s.hasNetwork = true;
    s.accKey = presetEqualTo(in->accelerator, kAcceleratorPresets, [](const std::string& p) { return loadAccelerator(p); });
    s.accLabel = s.accKey.isEmpty() ? qs(in->accelerator.name) + tr(" (project)") : presetLabel(s.accKey);
    if (s.accKey.isEmpty())
        s.accKey = kCustom;
    s.netKey = presetEqualTo(in->network, kNetworkPresets, [](const std::string& p) { return loadNetwork(p); });
    s.netLabel = s.netKey.isEmpty() ? qs(in->network.name) + tr(" (project)") : presetLabel(s.netKey);
    if (s.netKey.isEmpty())
        s.netKey = kCustom;
    if (in->mapping) {
        s.mapLabel = tr("project mapping");
        s.mapKey = QStringLiteral("session:") + s.mapLabel;
        s.mapping = in->mapping;
        if (s.mapping->accelerator.empty())
            s.mapping->accelerator = in->accelerator.name;
        if (s.mapping->network.empty())
            s.mapping->network = in->network.name;
    }
    m_sessionMappings.clear();
    applyState(s);
    m_setupStack.clear();
    restoreOptimizerAndRuns(study);
    return true;
}

QString SchedulingWorkbench::openFile(const QString& path)
{
    try {
        if (path.endsWith(QStringLiteral(".onnx"), Qt::CaseInsensitive)) {
            // Layers of identical shape merge (repeat counts them): each shape is optimised once.
            const std::optional<OnnxImport> imported = importOnnx(path, true);
            if (!imported)
                return {}; // cancelled: nothing changes
            const OnnxImport& im = *imported;
            if (im.network.layers.empty())
                return tr("%1: no operator that computes MACs became a layer: nothing to import").arg(path);
            if (const FieldIssues issues = validateNetwork(im.network); !issues.empty())
                return tr("%1: imported network: %2").arg(path, qs(joinIssues(issues)));
            SetupState s = captureState();
            s.netKey = kCustom;
            s.netLabel = qs(im.network.name) + tr(" (ONNX)");
            s.network = im.network;
            s.hasNetwork = true;
            s.mapKey.clear();
            s.mapLabel.clear();
            s.mapping.reset();
            pushState(std::move(s), tr("Import ONNX %1").arg(QFileInfo(path).fileName()));
            Q_EMIT message(onnxSummary(QFileInfo(path).fileName(), im.network.layers.size() == 1 ? tr("1 distinct layer")
                                                                       : tr("%1 distinct layers").arg(im.network.layers.size()),
                                       im.skippedOperators),
                           10000);
            return {};
        }
        const std::string text = readTextFile(path.toStdString());
        // Anything that is neither an accelerator nor a network is read as a mapping (tables,
        // reference result lines).
        const std::string kind = detectDocumentKind(text);
        if (kind == "accelerator")
            selectAccelerator(path);
        else if (kind == "network")
            selectNetwork(path);
        else
            selectMapping(path);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString SchedulingWorkbench::exportResults(const QString& path) const
{
    if (!m_snapshot)
        return tr("Nothing evaluated yet.");
    const OutputFormat fmt = path.endsWith(QStringLiteral(".json")) ? OutputFormat::Json
                             : path.endsWith(QStringLiteral(".txt")) ? OutputFormat::Text
                                                                     : OutputFormat::Csv;
    try {
        writeTextFileAtomic(path.toStdString(), writeEvaluation(*m_snapshot->model, m_snapshot->network, m_snapshot->result, fmt));
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString SchedulingWorkbench::writeMapping(const QString& path) const
{
    if (!m_snapshot)
        return tr("Nothing evaluated yet.");
    const Accelerator& acc = m_snapshot->model->accelerator();
    const Network& net = m_snapshot->network;
    // The tables shown: the evaluated mapping (trivial tables for layers without one).
    Mapping mapping = m_snapshot->mapping;
    mapping.accelerator = acc.name;
    mapping.network = net.name;
    mapping.layers.clear();
    for (std::size_t i = 0; i < net.layers.size() && i < m_snapshot->result.layers.size(); ++i)
        mapping.layers.push_back({net.layers[i].name, m_snapshot->result.layers[i].table});
    try {
        const std::string p = path.toStdString();
        if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive))
            writeTextFileAtomic(p, mappingToJson(mapping, acc));
        else if (path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive))
            writeTextFileAtomic(p, mappingToCsv(mapping, acc));
        else if (path.endsWith(QStringLiteral(".yaml"), Qt::CaseInsensitive) || path.endsWith(QStringLiteral(".yml"), Qt::CaseInsensitive))
            writeTextFileAtomic(p, mappingToTimeloopYaml(net, mapping, acc));
        else
            writeNeuroSpectorFolder(p, acc, net, mapping);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QStringList SchedulingWorkbench::tabNames() const
{
    return {QStringLiteral("evaluate"), QStringLiteral("network"), QStringLiteral("accelerator"), QStringLiteral("optimize")};
}

} // namespace mapscape
