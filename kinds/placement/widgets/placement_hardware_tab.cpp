// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The tensor-placement workbench's Hardware tab: capacities, bandwidths, rates and noise.

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

using namespace placement;
using namespace placement_wb;

QWidget* PlacementWorkbench::buildHardwareTab()
{
    auto* page = new QWidget(this);
    auto* v = new QVBoxLayout(page);
    auto* bar = new QHBoxLayout;
    m_hardwarePreset = new QComboBox(page);
    m_hardwarePreset->addItem(tr("NNP-I, noiseless"), QStringLiteral("nnpi"));
    m_hardwarePreset->addItem(tr("NNP-I, hardware-like (σ = 0.02)"), QStringLiteral("nnpi-hardware-like"));
    for (const PresetInfo& p : listPresets(kPlacementHardwarePresets))
        m_hardwarePreset->addItem(qs(p.name), qs(p.path));
    m_hardwarePreset->setToolTip(tr("Load a hardware preset (one undo step)"));
    connect(m_hardwarePreset, &QComboBox::activated, this, [this](int i) {
        if (m_hardwarePreset->itemData(i).toString().isEmpty())
            return; // "(edited)"
        try {
            const HardwareParams p = loadPlacementHardware(m_hardwarePreset->itemData(i).toString().toStdString());
            edit([&p](PlacementInputs& in) { in.hardware = p; }, tr("Hardware %1").arg(m_hardwarePreset->itemText(i)));
        } catch (const std::exception& e) {
            Q_EMIT errorOccurred(QString::fromUtf8(e.what()));
        }
    });
    bar->addWidget(new QLabel(tr("Preset:"), page));
    bar->addWidget(m_hardwarePreset);
    bar->addStretch(1);
    v->addLayout(bar);
    m_hardware = new QTableWidget(HardwareRowCount, 2, page);
    cells::setColumns(m_hardware,
                      {{tr("Value"), tr("The parameter's value with its unit, sizes and times in engineering units. "
                                        "Double-click to edit: a number alone is read in the unit the editor shows; "
                                        "sizes and times may also be typed in another unit (\"512 KiB\", \"500 ns\")")},
                       {tr("What it is"), tr("What the parameter means in the latency model")}});
    m_hardware->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_hardware->horizontalHeader()->setStretchLastSection(true);
    QStringList rows;
    for (const ParamText& p : kParams)
        rows << tr(p.label);
    rows << tr("Invalid-map reward κ") << tr("Flat −1 for invalid maps") << tr("Valid reward s² − 1");
    m_hardware->setVerticalHeaderLabels(rows);
    connect(m_hardware, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (m_updating || item->column() != 0)
            return;
        const int row = item->row();
        const QString text = item->text();
        showCellOutcome(m_hardware, row, 0, text, setHardwareCell(row, text));
    });
    v->addWidget(m_hardware, 1);
    return page;
}

void PlacementWorkbench::refreshHardware()
{
    m_updating = true;
    {
        // The preset chooser names the hardware shown, or says it was edited.
        QSignalBlocker block(m_hardwarePreset);
        int match = -1;
        for (int i = 0; i < m_hardwarePreset->count() && match < 0; ++i) {
            const QString data = m_hardwarePreset->itemData(i).toString();
            if (data.isEmpty())
                continue;
            try {
                if (loadPlacementHardware(data.toStdString()) == inputs().hardware)
                    match = i;
            } catch (const std::exception&) {
            }
        }
        const int edited = m_hardwarePreset->findData(QString());
        if (match < 0) {
            if (edited < 0)
                m_hardwarePreset->addItem(tr("(edited)"), QString());
            match = m_hardwarePreset->findData(QString());
        } else if (edited >= 0) {
            m_hardwarePreset->removeItem(edited);
        }
        m_hardwarePreset->setCurrentIndex(match);
    }
    const QJsonObject hw =
        QJsonDocument::fromJson(QByteArray::fromStdString(placementHardwareToJson(inputs().hardware))).object();
    // Numbers read in engineering units with their unit ("24 MiB", "6800 GB/s"); the editor
    // starts from the exact value in the unit the file holds it in ("24 MiB").
    const auto number = [](double v, const QString& unit) {
        const QString exact = qs(formatReal(v));
        return new QuantityItem(valueText(v, unit), unit.isEmpty() ? exact : exact + QLatin1Char(' ') + unit);
    };
    const auto word = [](bool b) { return b ? QStringLiteral("true") : QStringLiteral("false"); };
    for (int r = 0; r < kParamCount; ++r) {
        const QJsonValue v = hw.value(QLatin1String(kParams[r].key));
        QTableWidgetItem* value = v.isBool()     ? new QTableWidgetItem(word(v.toBool()))
                                  : v.isString() ? new QTableWidgetItem(v.toString())
                                                 : number(v.toDouble(), QString::fromUtf8(kParams[r].unit));
        value->setToolTip(tr("%1 (file member \"%2\")").arg(tr(kParams[r].help), QLatin1String(kParams[r].key)));
        m_hardware->setItem(r, 0, value);
        m_hardware->setItem(r, 1, cells::readOnly(tr(kParams[r].help)));
    }
    const RewardOptions& rw = inputs().reward;
    const std::pair<QTableWidgetItem*, QString> reward[] = {
        {number(rw.invalidCoefficient, QString()), tr("an invalid map earns −κ·ε (ε: share of bytes the compiler demoted)")},
        {new QTableWidgetItem(word(rw.flatInvalid)), tr("every invalid map earns −1 instead")},
        {new QTableWidgetItem(word(rw.squaredMinusOne)), tr("a valid map earns s² − 1 instead of s² (s: speed-up over the compiler)")}};
    for (int k = 0; k < 3; ++k) {
        m_hardware->setItem(kParamCount + k, 0, reward[k].first);
        m_hardware->setItem(kParamCount + k, 1, cells::readOnly(reward[k].second));
    }
    m_updating = false;
}

QString PlacementWorkbench::readable(QString message) const
{
    // Hardware keys as the table names them, with units ("llc_mib:" → "LLC (MiB):").
    for (const ParamText& p : kParams) {
        const QString name = p.unit[0] ? tr("%1 (%2)").arg(tr(p.label), QString::fromUtf8(p.unit)) : tr(p.label);
        const QRegularExpression key(QStringLiteral("(^|; |: )") + QRegularExpression::escape(QLatin1String(p.key)) +
                                     QStringLiteral(":"));
        message.replace(key, QStringLiteral("\\1") + name + QStringLiteral(":"));
    }
    message.replace(QStringLiteral("reward.kappa:"), tr("Invalid-map reward κ:"));
    message.replace(QStringLiteral("reward.flat_invalid:"), tr("Flat −1 for invalid maps:"));
    message.replace(QStringLiteral("reward.squared_minus_one:"), tr("Valid reward s² − 1:"));
    // Nodes by name and the column that shows the field ("nodes[3].inputs[0]" → "conv2 (node 3), Inputs").
    static const QRegularExpression node(QStringLiteral("nodes\\[(\\d+)\\](?:\\.([a-z_]+))?(?:\\[\\d+\\])?"));
    const WorkloadGraph& g = inputs().workload;
    QString out;
    qsizetype last = 0;
    for (QRegularExpressionMatchIterator it = node.globalMatch(message); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const int i = m.captured(1).toInt();
        const QString field = m.captured(2);
        const QString who = i >= 0 && i < g.nodeCount() ? tr("%1 (node %2)").arg(qs(g.nodes[std::size_t(i)].name)).arg(i)
                                                        : tr("node %1").arg(i);
        int column = -1;
        if (field == QLatin1String("name"))
            column = NameColumn;
        else if (field == QLatin1String("op"))
            column = OpColumn;
        else if (field == QLatin1String("inputs"))
            column = InputsColumn;
        else if (field.startsWith(QLatin1String("ofm")))
            column = OutputColumn;
        else if (field.startsWith(QLatin1String("weight")))
            column = WeightsColumn;
        else if (field == QLatin1String("macs"))
            column = MacsColumn;
        out += message.mid(last, m.capturedStart() - last) + who;
        if (column >= 0)
            out += QStringLiteral(", ") + m_nodes->horizontalHeaderItem(column)->text();
        last = m.capturedEnd();
    }
    return out + message.mid(last);
}

void PlacementWorkbench::showCellOutcome(QTableWidget* table, int row, int column, const QString& text, const QString& error)
{
    if (!error.isEmpty()) {
        m_refused.refuse(table, row, column, text, readable(error));
    } else {
        m_refused.accept(table, row, column);
        // Accepted: the cell shows the value in force in the table's format (also when the text
        // meant the value already there, which changes nothing).
        if (table == m_nodes)
            refreshWorkload();
        else
            refreshHardware();
        m_refused.reapply();
    }
    updateRefusedStatus();
}

QString PlacementWorkbench::refusedStatus() const { return m_refused.status(this); }

QString PlacementWorkbench::setHardwareCell(int row, const QString& text)
{
    return readable(editHardwareCell(row, text));
}

QString PlacementWorkbench::editHardwareCell(int row, const QString& text)
{
    const QString t = text.trimmed();
    if (row >= kParamCount) {
        RewardOptions rw = inputs().reward;
        bool ok = true;
        if (row == KappaRow) {
            const double v = t.toDouble(&ok);
            if (!ok || !(v > 0))
                return tr("reward.kappa: must be a positive number, got \"%1\"").arg(t);
            rw.invalidCoefficient = v;
        } else {
            if (t != QLatin1String("true") && t != QLatin1String("false"))
                return tr("reward.%1: expected true or false, got \"%2\"")
                    .arg(row == FlatRow ? QStringLiteral("flat_invalid") : QStringLiteral("squared_minus_one"), t);
            (row == FlatRow ? rw.flatInvalid : rw.squaredMinusOne) = t == QLatin1String("true");
        }
        edit([&rw](PlacementInputs& in) { in.reward = rw; }, tr("Reward"), 9000 + row);
        return {};
    }
    if (row < 0)
        return tr("no such parameter");
    QJsonObject hw = QJsonDocument::fromJson(QByteArray::fromStdString(placementHardwareToJson(inputs().hardware))).object();
    const QString key = QLatin1String(kParams[row].key);
    const QJsonValue old = hw.value(key);
    if (old.isBool()) {
        if (t != QLatin1String("true") && t != QLatin1String("false"))
            return tr("%1: expected true or false, got \"%2\"").arg(key, t);
        hw.insert(key, t == QLatin1String("true"));
    } else if (old.isString()) {
        hw.insert(key, t);
    } else {
        const QString unit = QString::fromUtf8(kParams[row].unit);
        const std::optional<double> v = parseValue(t, unit);
        if (!v)
            return tr("%1: expected %2, got \"%3\"").arg(key, expectedNumber(unit), t);
        hw.insert(key, *v);
    }
    try {
        PlacementInputs in = inputs();
        in.hardware = placementHardwareFromJson(QJsonDocument(hw).toJson().toStdString(), "hardware");
        applyValid(std::move(in), tr("Edit %1").arg(tr(kParams[row].label)), 8000 + row);
    } catch (const std::exception& e) {
        QString m = QString::fromUtf8(e.what());
        // "hardware:12: llc_mib: …" → "llc_mib: …" (the line is of a document the user never saw).
        static const QRegularExpression prefix(QStringLiteral("^hardware:\\d+: "));
        return m.remove(prefix);
    }
    return {};
}

} // namespace mapscape
