// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/scheduling/scheduling_study.h"
#include "widgets/study/scheduling/scheduling_workbench.h"
#include "widgets/study/scheduling/scheduling_result_view.h"

#include "core/cost/scheduling/report.h"
#include "core/export/scheduling/evaluation_writer.h"
#include "core/export/scheduling/mapping_csv.h"
#include "core/export/scheduling/timeloop_map.h"
#include "core/io/file_util.h"
#include "core/io/scheduling/neurospector_cfg.h"
#include "core/io/onnx_import.h"
#include "core/io/scheduling/preset_io.h"
#include "core/io/preset_library.h"
#include "core/model/validation.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/study/scheduling/accelerator_document.h"
#include "widgets/study/scheduling/network_document.h"
#include "widgets/study/scheduling/accelerator_table_model.h"
#include "widgets/study/scheduling/layer_table_model.h"
#include "widgets/study/scheduling/results_table_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "widgets/study/scheduling/scheduling_table_view.h"

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

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

const QString kCustom = QStringLiteral("custom");

bool isPresetPath(const QString& path, const PresetFolder& kind)
{
    for (const PresetInfo& p : listPresets(kind)) {
        if (qs(p.path) == path)
            return true;
    }
    return false;
}

/// The preset whose content equals a value, if any (a project that kept a preset unchanged).
template <typename T, typename Load>
QString presetEqualTo(const T& value, const PresetFolder& kind, Load load)
{
    for (const PresetInfo& p : listPresets(kind)) {
        try {
            if (load(p.path) == value)
                return qs(p.path);
        } catch (const std::exception&) {
        }
    }
    return {};
}

QString presetLabel(const QString& path) { return QFileInfo(path).completeBaseName(); }

} // namespace

/// One choice of accelerator, network or mapping. Undo first records what the editors hold by
/// then (edits made since), so that redo brings them back.
class SetupCommand final : public QUndoCommand {
public:
    SetupCommand(SchedulingWorkbench& wb, SchedulingWorkbench::SetupState before, SchedulingWorkbench::SetupState after,
                 const QString& text)
        : QUndoCommand(text)
        , m_wb(wb)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
    }
    void undo() override
    {
        m_after = m_wb.captureState();
        m_wb.applyState(m_before);
    }
    void redo() override { m_wb.applyState(m_after); }

private:
    SchedulingWorkbench& m_wb;
    SchedulingWorkbench::SetupState m_before;
    SchedulingWorkbench::SetupState m_after;
};

SchedulingWorkbench::SchedulingWorkbench(QWidget* parent)
    : StudyWorkbench(parent)
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

    connect(m_runs, &RunsPanel::message, this, [this](const QString& text) { Q_EMIT message(text, 8000); });
    connect(m_runs, &RunsPanel::runsChanged, this, &StudyWorkbench::changed);
    connect(m_runs->optimizerPanel(), &OptimizerPanel::settingsChanged, this, &StudyWorkbench::changed);
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

QWidget* SchedulingWorkbench::buildNetworkEditor()
{
    auto* page = new QWidget(this);
    m_layerModel = new LayerTableModel(m_networkDoc, this);
    m_layerTable = new QTableView(page);
    m_layerTable->setModel(m_layerModel);
    m_layerTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_layerTable->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_layerTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_layerTable->setAlternatingRowColors(true);
    auto* add = new QPushButton(tr("Add layer"), page);
    auto* duplicate = new QPushButton(tr("Duplicate"), page);
    auto* remove = new QPushButton(tr("Remove"), page);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(duplicate);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    buttons->addWidget(new QLabel(tr("Invalid cells are tinted; hover for the reason. Edits re-evaluate the current mapping."), page));
    auto* layout = new QVBoxLayout(page);
    layout->addLayout(buttons);
    layout->addWidget(m_layerTable, 1);

    const auto selectedRows = [this] {
        std::vector<int> rows;
        for (const QModelIndex& i : m_layerTable->selectionModel()->selectedRows())
            rows.push_back(i.row());
        std::sort(rows.begin(), rows.end());
        return rows;
    };
    connect(add, &QPushButton::clicked, this, [this, selectedRows] {
        const std::vector<int> rows = selectedRows();
        Layer l;
        l.name = m_networkDoc->uniqueName("LAYER_NEW");
        l.k = l.c = 64;
        l.p = l.q = 14;
        l.r = l.s = 3;
        m_networkDoc->insertLayers(rows.empty() ? int(m_networkDoc->network().layers.size()) : rows.back() + 1, {l});
    });
    connect(duplicate, &QPushButton::clicked, this, [this, selectedRows] { m_networkDoc->duplicateLayers(selectedRows()); });
    connect(remove, &QPushButton::clicked, this, [this, selectedRows] {
        const std::vector<int> rows = selectedRows();
        if (rows.empty())
            return;
        m_networkDoc->undoStack()->beginMacro(tr("Remove %1 layer(s)").arg(rows.size()));
        for (auto it = rows.rbegin(); it != rows.rend(); ++it)
            m_networkDoc->removeLayers(*it, 1);
        m_networkDoc->undoStack()->endMacro();
    });
    connect(m_layerModel, &LayerTableModel::editRejected, this, [this](const QString& why) { Q_EMIT message(why, 8000); });
    return page;
}

QWidget* SchedulingWorkbench::buildAcceleratorEditor()
{
    auto* page = new QWidget(this);
    auto* form = new QFormLayout;
    const std::pair<ChipField, QString> chipFields[] = {{ChipField::PrecisionBits, tr("Word width (bits)")},
                                                       {ChipField::FrequencyMhz, tr("Clock (MHz)")},
                                                       {ChipField::MacEnergyPj, tr("MAC energy (pJ)")},
                                                       {ChipField::MacStaticMw, tr("MAC static power (mW)")}};
    for (const auto& [field, label] : chipFields) {
        auto* edit = new QLineEdit(page);
        edit->setMaximumWidth(160);
        form->addRow(label, edit);
        const ChipField f = field;
        const auto refresh = [this, edit, f] { edit->setText(chipFieldText(m_accDoc->accelerator(), f)); };
        connect(m_accDoc, &AcceleratorDocument::changed, edit, refresh);
        connect(edit, &QLineEdit::editingFinished, this, [this, edit, f] {
            const QString why = m_accDoc->setChipField(f, edit->text());
            if (!why.isEmpty()) {
                Q_EMIT message(why, 8000);
                edit->setText(chipFieldText(m_accDoc->accelerator(), f));
            }
        });
    }
    m_accModel = new AcceleratorTableModel(m_accDoc, this);
    auto* table = new QTableView(page);
    table->setModel(m_accModel);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->verticalHeader()->hide();
    table->setAlternatingRowColors(true);
    connect(m_accModel, &AcceleratorTableModel::editRejected, this, [this](const QString& why) { Q_EMIT message(why, 8000); });
    auto* layout = new QVBoxLayout(page);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Levels, innermost first. Invalid cells are tinted; hover for the reason. "
                                    "Edits re-evaluate the current mapping."),
                                 page));
    layout->addWidget(table, 1);
    return page;
}

QList<QUndoStack*> SchedulingWorkbench::undoStacks() const
{
    return {const_cast<QUndoStack*>(&m_setupStack), m_networkDoc->undoStack(), m_accDoc->undoStack()};
}

QUndoStack* SchedulingWorkbench::activeUndoStack() const
{
    switch (m_tabs->currentIndex()) {
    case NetworkTab:
        return m_networkDoc->undoStack();
    case AcceleratorTab:
        return m_accDoc->undoStack();
    default:
        return const_cast<QUndoStack*>(&m_setupStack);
    }
}

QString SchedulingWorkbench::setupText() const
{
    if (!m_hasAccelerator || !m_hasNetwork)
        return tr("no accelerator or network yet");
    return qs(m_accDoc->accelerator().name + " / " + m_networkDoc->network().name);
}

void SchedulingWorkbench::showTab(int index) { m_tabs->setCurrentIndex(index); }

// ---------------------------------------------------------------------------------------------
// Choices as undoable states

SchedulingWorkbench::SetupState SchedulingWorkbench::captureState() const
{
    SetupState s;
    s.accKey = m_accKey;
    s.accLabel = m_accLabel;
    s.accelerator = m_accDoc->accelerator();
    s.hasAccelerator = m_hasAccelerator;
    s.netKey = m_netKey;
    s.netLabel = m_netLabel;
    s.network = m_networkDoc->network();
    s.hasNetwork = m_hasNetwork;
    s.mapKey = m_mapKey;
    s.mapLabel = m_mapLabel;
    s.mapping = m_mapping;
    return s;
}

void SchedulingWorkbench::syncCombo(QComboBox* combo, const QString& key, const QString& label)
{
    // Presets, plus at most the one entry of the user's own value: never stale extra entries.
    const PresetFolder& kind = combo == m_accCombo ? kAcceleratorPresets : kNetworkPresets;
    for (int i = combo->count() - 1; i >= 0; --i) {
        const QString data = combo->itemData(i).toString();
        if (!isPresetPath(data, kind))
            combo->removeItem(i);
    }
    if (key.isEmpty()) {
        combo->setCurrentIndex(-1);
        return;
    }
    int i = combo->findData(key);
    if (i < 0 || key == kCustom) {
        combo->addItem(label, kCustom);
        i = combo->count() - 1;
    }
    combo->setCurrentIndex(i);
}

void SchedulingWorkbench::refillMappingCombo(const SetupState& state)
{
    m_mapCombo->clear();
    m_mapCombo->addItem(tr("trivial (every loop at DRAM)"), QString());
    // Mapping presets are named <accelerator>_<network>_<source>_<metric>.
    if (state.accKey != kCustom && state.netKey != kCustom) {
        const QString acc = presetLabel(state.accKey);
        const QString net = presetLabel(state.netKey);
        for (const PresetInfo& p : listPresets(kMappingPresets)) {
            const QStringList parts = qs(p.name).split(QLatin1Char('_'));
            if (parts.size() == 4 && parts[0] == acc && parts[1] == net)
                m_mapCombo->addItem(parts[2] + QStringLiteral(" (") + parts[3] + QLatin1Char(')'), qs(p.path));
        }
    }
    // Mappings shown in this session for the same accelerator and network stay selectable.
    for (auto it = m_sessionMappings.cbegin(); it != m_sessionMappings.cend(); ++it) {
        if (it->accelerator == state.accelerator.name && it->network == state.network.name)
            m_mapCombo->addItem(it.key().mid(8), it.key());
    }
    if (state.mapKey.startsWith(QStringLiteral("session:")) && m_mapCombo->findData(state.mapKey) < 0)
        m_mapCombo->addItem(state.mapLabel, state.mapKey);
    else if (!state.mapKey.isEmpty() && m_mapCombo->findData(state.mapKey) < 0)
        m_mapCombo->addItem(state.mapLabel, state.mapKey); // a mapping file
    m_mapCombo->setCurrentIndex(std::max(0, m_mapCombo->findData(state.mapKey)));
}

void SchedulingWorkbench::applyState(const SetupState& s)
{
    m_applying = true;
    if (s.mapKey.startsWith(QStringLiteral("session:")) && s.mapping)
        m_sessionMappings.insert(s.mapKey, *s.mapping);
    m_hasAccelerator = s.hasAccelerator;
    m_hasNetwork = s.hasNetwork;
    if (m_accDoc->accelerator() != s.accelerator)
        m_accDoc->setAccelerator(s.accelerator);
    if (m_networkDoc->network() != s.network)
        m_networkDoc->setNetwork(s.network);
    m_accKey = s.accKey;
    m_accLabel = s.accLabel;
    m_netKey = s.netKey;
    m_netLabel = s.netLabel;
    syncCombo(m_accCombo, s.hasAccelerator ? s.accKey : QString(), s.accLabel);
    syncCombo(m_netCombo, s.hasNetwork ? s.netKey : QString(), s.netLabel);
    m_mapKey = s.mapKey;
    m_mapLabel = s.mapLabel;
    m_mapping = s.mapping;
    refillMappingCombo(s);
    m_applying = false;
    inputsChanged();
    Q_EMIT setupChanged();
}

void SchedulingWorkbench::pushState(SetupState after, const QString& text)
{
    m_setupStack.push(new SetupCommand(*this, captureState(), std::move(after), text));
    Q_EMIT changed();
}

bool SchedulingWorkbench::selectAccelerator(const QString& nameOrPath)
{
    Accelerator acc;
    QString path;
    try {
        path = qs(resolvePreset(nameOrPath.toStdString(), kAcceleratorPresets));
        acc = loadAccelerator(path.toStdString());
        SchedulingModel check(acc); // validates; throws with the field on bad input
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
    SetupState s = captureState();
    const bool preset = isPresetPath(path, kAcceleratorPresets);
    s.accKey = preset ? path : kCustom;
    s.accLabel = preset ? presetLabel(path) : qs(acc.name) + tr(" (file)");
    s.accelerator = std::move(acc);
    s.hasAccelerator = true;
    s.mapKey.clear(); // a mapping belongs to one accelerator
    s.mapLabel.clear();
    s.mapping.reset();
    pushState(std::move(s), tr("Choose accelerator %1").arg(presetLabel(path)));
    return true;
}

bool SchedulingWorkbench::selectNetwork(const QString& nameOrPath)
{
    Network net;
    QString path;
    try {
        path = qs(resolvePreset(nameOrPath.toStdString(), kNetworkPresets));
        net = loadNetwork(path.toStdString());
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
    SetupState s = captureState();
    const bool preset = isPresetPath(path, kNetworkPresets);
    s.netKey = preset ? path : kCustom;
    s.netLabel = preset ? presetLabel(path) : qs(net.name) + tr(" (file)");
    s.network = std::move(net);
    s.hasNetwork = true;
    s.mapKey.clear();
    s.mapLabel.clear();
    s.mapping.reset();
    pushState(std::move(s), tr("Choose network %1").arg(presetLabel(path)));
    return true;
}

bool SchedulingWorkbench::selectMapping(const QString& nameOrPath)
{
    SetupState s = captureState();
    if (nameOrPath.isEmpty()) {
        s.mapKey.clear();
        s.mapLabel = tr("trivial");
        s.mapping.reset();
        pushState(std::move(s), tr("Choose the trivial mapping"));
        return true;
    }
    if (auto it = m_sessionMappings.constFind(nameOrPath); it != m_sessionMappings.cend()) {
        s.mapKey = nameOrPath;
        s.mapLabel = nameOrPath.mid(8);
        s.mapping = *it;
        pushState(std::move(s), tr("Choose mapping %1").arg(s.mapLabel));
        return true;
    }
    if (!m_hasAccelerator || !m_hasNetwork) {
        reportError(tr("Choose an accelerator and a network before a mapping."));
        return false;
    }
    try {
        const std::string path = resolvePreset(nameOrPath.toStdString(), kMappingPresets);
        s.mapping = loadMapping(path, m_accDoc->accelerator(), m_networkDoc->network());
        s.mapKey = qs(path);
        s.mapLabel = QFileInfo(qs(path)).completeBaseName();
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
    pushState(std::move(s), tr("Choose mapping %1").arg(QFileInfo(nameOrPath).completeBaseName()));
    return true;
}

bool SchedulingWorkbench::showMapping(const Mapping& mapping, const QString& label)
{
    if (!m_hasAccelerator || !m_hasNetwork || mapping.accelerator != m_accDoc->accelerator().name ||
        mapping.network != m_networkDoc->network().name) {
        reportError(tr("This mapping was made for %1 / %2; select them first.").arg(qs(mapping.accelerator), qs(mapping.network)));
        return false;
    }
    if (mapping.layers.empty()) {
        reportError(tr("\"%1\" has no scheduling table for any layer: nothing to show.").arg(label));
        return false;
    }
    SetupState s = captureState();
    s.mapKey = QStringLiteral("session:") + label;
    s.mapLabel = label;
    s.mapping = mapping;
    m_sessionMappings.insert(s.mapKey, mapping);
    pushState(std::move(s), tr("Show %1").arg(label));
    showTab(EvaluateTab);
    return true;
}

// ---------------------------------------------------------------------------------------------
// Edits and evaluation

void SchedulingWorkbench::acceleratorEdited()
{
    if (m_applying)
        return; // chosen, not edited
    if (m_accKey != kCustom && m_hasAccelerator) {
        m_accKey = kCustom;
        m_accLabel = qs(m_accDoc->accelerator().name) + tr(" (edited)");
        m_applying = true;
        syncCombo(m_accCombo, m_accKey, m_accLabel);
        m_applying = false;
    }
    inputsChanged();
    Q_EMIT changed();
}

void SchedulingWorkbench::networkEdited()
{
    if (m_applying)
        return;
    if (m_netKey != kCustom && m_hasNetwork) {
        m_netKey = kCustom;
        m_netLabel = qs(m_networkDoc->network().name) + tr(" (edited)");
        m_applying = true;
        syncCombo(m_netCombo, m_netKey, m_netLabel);
        m_applying = false;
    }
    inputsChanged();
    Q_EMIT changed();
}

void SchedulingWorkbench::inputsChanged()
{
    if (!m_hasAccelerator || !m_hasNetwork) {
        setTotals(tr("Choose an accelerator and a network."), false);
        return;
    }
    // Invalid inputs are not evaluated: what is shown is marked stale, with the reason.
    QString reason;
    const Accelerator& acc = m_accDoc->accelerator();
    if (FieldIssues issues = validateAccelerator(acc); !issues.empty()) {
        reason = tr("the accelerator is invalid: %1").arg(qs(joinIssues(issues)));
    } else {
        try {
            SchedulingModel check(acc);
        } catch (const std::exception& e) {
            reason = tr("the accelerator is invalid: %1").arg(QString::fromUtf8(e.what()));
        }
    }
    if (reason.isEmpty()) {
        if (FieldIssues issues = validateNetwork(m_networkDoc->network()); !issues.empty())
            reason = tr("the network is invalid: %1").arg(qs(joinIssues(issues)));
    }
    m_inputsInvalid = !reason.isEmpty();
    if (m_inputsInvalid) {
        m_model->setStale(reason);
        setTotals(tr("Not evaluated: %1. The figures below are from the last valid inputs.").arg(reason), true);
        Q_EMIT message(tr("Not evaluated: %1").arg(reason), 10000);
        return;
    }
    m_validAccelerator = acc;
    m_validNetwork = m_networkDoc->network();
    m_runs->setInputs(studyName(), SchedulingInputs{acc, m_networkDoc->network(), m_mapping});
    reevaluate();
}

void SchedulingWorkbench::reevaluate()
{
    Q_EMIT message(tr("Evaluating…"), 0);
    m_runner.request(m_accDoc->accelerator(), m_networkDoc->network(), m_mapping.value_or(Mapping{}),
                     {.trivialForMissing = !m_mapping.has_value()});
}

void SchedulingWorkbench::setTotals(const QString& text, bool problem)
{
    m_totals->setText(text);
    m_totals->setStyleSheet(problem ? QStringLiteral("QLabel { color: #b02020; font-weight: bold; }") : QString());
}

QString SchedulingWorkbench::totalsText() const { return m_totals->text(); }

const EvaluationSnapshot* SchedulingWorkbench::currentSnapshot() const { return m_snapshot.get(); }

void SchedulingWorkbench::showSnapshot(quint64 generation, std::shared_ptr<const EvaluationSnapshot> snapshot)
{
    if (generation != m_runner.latestGeneration() || m_inputsInvalid)
        return; // superseded, or the inputs were made invalid since
    m_snapshot = snapshot;
    m_model->setSnapshot(snapshot);
    m_table->resizeColumnsToContents();
    const NetworkResult& r = snapshot->result;
    const int n = int(r.layers.size());
    const int invalid = r.invalidLayers;
    QString firstProblem;
    for (const LayerResult& lr : r.layers) {
        if (!lr.ok) {
            firstProblem = qs(lr.layer + ": " + lr.error);
            break;
        }
    }
    const QString energy = qs(formatQuantity(r.energy, "pJ", 4));
    const QString cycles = qs(formatQuantity(r.cycles, "cycles", 4));
    if (n > 0 && invalid == n)
        setTotals(tr("No layer has a valid table: %1 of %2 invalid (first: %3)").arg(invalid).arg(n).arg(firstProblem), true);
    else if (invalid > 0)
        setTotals(tr("Total over %1 of %2 layers: %3, %4 — %5 invalid layers excluded (first: %6)")
                      .arg(n - invalid)
                      .arg(n)
                      .arg(energy, cycles)
                      .arg(invalid)
                      .arg(firstProblem),
                  true);
    else
        setTotals(tr("Total: %1, %2 (%3 layers)").arg(energy, cycles).arg(n), false);
    Q_EMIT message(invalid > 0 ? tr("%1 on %2: %3 layers evaluated, %4 invalid")
                                     .arg(qs(snapshot->network.name), qs(snapshot->model->accelerator().name))
                                     .arg(n)
                                     .arg(invalid)
                               : tr("%1 on %2: %3 layers evaluated")
                                     .arg(qs(snapshot->network.name), qs(snapshot->model->accelerator().name))
                                     .arg(n),
                   5000);
    if (m_proxy->rowCount() > 0)
        m_table->selectRow(0);
    showLayerDetails();
    Q_EMIT evaluationShown();
}

void SchedulingWorkbench::showFailure(quint64 generation, const QString& message)
{
    if (generation != m_runner.latestGeneration() || m_inputsInvalid)
        return;
    reportError(message);
}

void SchedulingWorkbench::showLayerDetails()
{
    const QModelIndex current = m_proxy->mapToSource(m_table->currentIndex());
    if (!m_snapshot || !current.isValid()) {
        m_details->clear();
        m_tableView->clear();
        m_breakdown->setBreakdown(QString(), {}, {}, {});
        return;
    }
    const LayerResult& lr = m_snapshot->result.layers[std::size_t(current.row())];
    m_tableView->setTable(m_snapshot->model, lr.layer, lr.table, lr.ok ? std::optional<Evaluation>(lr.eval) : std::nullopt);
    QStringList parts;
    QList<double> dyn, stat;
    for (CostPart part : {CostPart::Mac, CostPart::LocalBuffer, CostPart::GlobalBuffer, CostPart::Dram}) {
        parts.append(QString::fromUtf8(costPartShort(part).data()));
        dyn.append(lr.ok ? lr.eval.dynamicEnergy[std::size_t(idx(part))] : 0.0);
        stat.append(lr.ok ? lr.eval.staticEnergy[std::size_t(idx(part))] : 0.0);
    }
    m_breakdown->setBreakdown(tr("%1: energy by level").arg(qs(lr.layer)), parts, dyn, stat);
    const Layer& l = m_snapshot->network.layers[std::size_t(current.row())];
    std::string text = "Layer " + lr.layer + "  (" + std::string(layerKindName(l.kind())) + ")\n";
    text += "K=" + std::to_string(l.k) + " B=" + std::to_string(l.b) + " P=" + std::to_string(l.p) + " Q=" + std::to_string(l.q) +
            " C=" + std::to_string(l.c) + " R=" + std::to_string(l.r) + " S=" + std::to_string(l.s) + " G=" + std::to_string(l.g) +
            " stride=" + std::to_string(l.stride) + "\n\nScheduling table (outermost first)\n";
    text += formatTable(*m_snapshot->model, lr.table);
    if (!lr.ok) {
        text += "\nINVALID: " + lr.error + "\n";
    } else {
        text += "\n";
        for (const ReportField& f : reportFields(*m_snapshot->model, lr.eval, {.neurospectorZeroing = false})) {
            std::string label = f.label;
            label.resize(std::max<std::size_t>(label.size(), 28), ' ');
            text += label + formatSig(f.value, 8) + "\n";
        }
    }
    if (m_model->isStale())
        text = "OUT OF DATE: " + m_model->staleReason().toStdString() + "\n\n" + text;
    m_details->setPlainText(qs(text));
}

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
    m_networkDoc->undoStack()->clear();
    m_accDoc->undoStack()->clear();
    restoreOptimizerAndRuns(study);
    return true;
}

QString SchedulingWorkbench::openFileFilter() const
{
    return tr("Accelerators, networks and mappings (*.json *.jsonl *.cfg);;ONNX models (*.onnx)");
}

QString SchedulingWorkbench::openFile(const QString& path)
{
    try {
        if (path.endsWith(QStringLiteral(".onnx"), Qt::CaseInsensitive)) {
            // Layers of identical shape merge (repeat counts them): each shape is optimised once.
            const OnnxImport im = importOnnxFile(path.toStdString(), {.distinctLayers = true});
            if (im.network.layers.empty())
                return tr("%1: no Conv, Gemm or MatMul layers to import").arg(path);
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
            setImportWarnings(im.warnings);
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

QString SchedulingWorkbench::resultsFilter() const { return tr("CSV (*.csv);;JSON (*.json);;Text (*.txt)"); }

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

QString SchedulingWorkbench::mappingFilter() const
{
    return tr("Mapscape JSON (*.json);;CSV (*.csv);;Timeloop map YAML (*.yaml);;NeuroSpector cfg folder (*)");
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
