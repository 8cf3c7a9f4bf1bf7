// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The scheduling workbench's setup: the accelerator, network and mapping choices (one undo step each) and what follows a change.

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


QString SchedulingWorkbench::kCustomKey() { return kCustom; }

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
    // What "(edited)" is measured against: the preset (or file) last chosen.
    if (s.accKey != kCustom)
        m_accBase = {s.accKey, s.accLabel, s.accelerator};
    if (s.netKey != kCustom)
        m_netBase = {s.netKey, s.netLabel, s.network};
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
        // A preset reads as the box lists it ("neurospector-bottom-up (energy)"), also after redo.
        const QString stem = QFileInfo(qs(path)).completeBaseName();
        const QStringList parts = stem.split(QLatin1Char('_'));
        s.mapLabel = isPresetPath(s.mapKey, kMappingPresets) && parts.size() == 4
                         ? parts[2] + QStringLiteral(" (") + parts[3] + QLatin1Char(')')
                         : stem;
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
    const QString label = s.mapLabel;
    pushState(std::move(s), tr("Choose mapping %1").arg(label));
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

} // namespace mapscape
