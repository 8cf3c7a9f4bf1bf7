// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The dataflow workbench's Mapping tab: layer, hardware and directives editors, the evaluation and the loop nest.

#include "kinds/dataflow/core/dataflow_study.h"
#include "kinds/dataflow/widgets/dataflow_workbench.h"
#include "widgets/study/view_cells.h"

#include "core/model/validation.h"

#include "core/maestro/dataflow_model.h"
#include "kinds/dataflow/core/dataflow_report.h"
#include "kinds/dataflow/core/dataflow_io.h"
#include "core/io/file_util.h"
#include "core/maestro/maestro_files.h"
#include "core/io/preset_library.h"
#include "core/study/project_io.h"
#include "kinds/dataflow/core/dataflow_space.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/dataflow/widgets/agent_clustering_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <climits>
#include <cmath>
#include <functional>
#include "kinds/dataflow/widgets/dataflow_workbench_parts.h"

namespace mapscape {

using namespace dataflow_wb;

/// The Mapping tab's right side: the model's answer (summary, per-tensor buffers and accesses,
/// runtime / energy / buffer charts) and the directives as a loop nest.
QWidget* DataflowWorkbench::buildMappingResults()
{
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setWordWrap(true);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tensorTable = new QTableWidget(3, 6, this);
    cells::setColumns(m_tensorTable,
                      {{tr("L2 needed"), tr("Shared buffer (L2) space this tensor needs, in bytes, double-buffered")},
                       {tr("L1 needed / PE"), tr("Local buffer (L1) space this tensor needs in each PE, in bytes, double-buffered")},
                       {tr("L2 reads"), tr("Elements of this tensor read from L2 over the layer (counts)")},
                       {tr("L2 writes"), tr("Elements of this tensor written to L2 over the layer (counts)")},
                       {tr("L1 reads"), tr("Elements of this tensor read from the PEs' L1 over the layer, all PEs (counts)")},
                       {tr("L1 writes"), tr("Elements of this tensor written to the PEs' L1 over the layer, all PEs (counts)")}});
    m_tensorTable->setVerticalHeaderLabels({tr("input"), tr("filter"), tr("output")});
    m_tensorTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tensorTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tensorTable->setToolTip(tr("Per tensor: buffer space the mapping needs (double-buffered) and the element reads "
                                 "and writes of the top level"));
    m_tensorTable->setMaximumHeight(130);
    m_boundChart = new EnergyBreakdownChart(this);
    m_energyChart = new EnergyBreakdownChart(this);
    m_bufferChart = new EnergyBreakdownChart(this);
    m_boundChart->setToolTip(tr("Top-level iterations by what bounds their delay: computation, data into the PEs "
                                "(NoC in), results out (NoC out), or DRAM (off-chip)"));
    m_energyChart->setToolTip(tr("Activity-count energy: buffer reads and writes and MACs times their unit energies"));
    m_bufferChart->setToolTip(tr("Buffer space the mapping needs per tensor, next to the hardware's capacity"));
    auto* charts = new QTabWidget(this);
    charts->addTab(m_boundChart, tr("Runtime"));
    charts->addTab(m_energyChart, tr("Energy"));
    charts->addTab(m_bufferChart, tr("Buffers"));
    m_loopNest = new QPlainTextEdit(this);
    m_loopNest->setReadOnly(true);
    m_loopNest->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_loopNest->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_loopNest->setToolTip(tr("The directives as nested loops: per cluster level, temporal loops then the spatial "
                              "loop over its sub-clusters"));
    auto* resultSplit = new QSplitter(Qt::Vertical, this);
    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_summary);
    topLayout->addWidget(m_tensorTable);
    resultSplit->addWidget(top);
    resultSplit->addWidget(charts);
    resultSplit->addWidget(m_loopNest);
    resultSplit->setStretchFactor(1, 2);
    resultSplit->setStretchFactor(2, 1);
    return resultSplit;
}

QWidget* DataflowWorkbench::buildMappingTab()
{
    // Left: what is mapped (layer, hardware, directives).
    auto* editors = new QWidget(this);
    auto* editorsLayout = new QVBoxLayout(editors);
    editorsLayout->addWidget(buildLayerBox(editors));
    editorsLayout->addWidget(buildHardwareBox(editors));
    editorsLayout->addStretch(1);
    QGroupBox* dirBox = buildDirectivesBox(editors);
    auto* formsScroll = new QScrollArea(this);
    formsScroll->setWidgetResizable(true);
    formsScroll->setWidget(editors);
    formsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // The directives keep their own pane, so that Apply is always in view.
    auto* editorsScroll = new QSplitter(Qt::Vertical, this);
    editorsScroll->addWidget(formsScroll);
    editorsScroll->addWidget(dirBox);
    editorsScroll->setStretchFactor(0, 3);
    editorsScroll->setStretchFactor(1, 2);
    editorsScroll->setMinimumWidth(400);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(editorsScroll);
    split->addWidget(buildMappingResults()); // right: what the model says
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    return split;
}

/// The layer's type, dimensions and strides, each field committed as an undoable edit.
QGroupBox* DataflowWorkbench::buildLayerBox(QWidget* parent)
{
    auto* layerBox = new QGroupBox(tr("Layer"), parent);
    auto* layerForm = new QFormLayout(layerBox);
    m_type = new QComboBox(layerBox);
    for (DfLayerType t : {DfLayerType::Conv, DfLayerType::DsConv, DfLayerType::Gemm})
        m_type->addItem(qs(std::string(dfLayerTypeName(t))), int(t));
    m_type->setToolTip(tr("CONV: convolution (FC: R = S = Y = X = 1); DSCONV: depthwise; GEMM: M×K by K×N"));
    layerForm->addRow(tr("Type"), m_type);
    connect(m_type, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        DataflowInputs in = m_doc->inputs();
        const DfLayerType t = DfLayerType(m_type->currentData().toInt());
        if (t == in.layer.type)
            return;
        // A new type gets a plausible layer of that type; the mapping template is re-read for it.
        const std::string name = in.layer.name;
        in.layer = t == DfLayerType::Gemm ? DataflowLayer::gemm(name, 64, 64, 64)
                   : t == DfLayerType::DsConv ? DataflowLayer::dsconv(name, 64, 3, 3, 58, 58)
                                              : DataflowLayer::conv(name, 64, 64, 3, 3, 58, 58);
        in.mapping.directives.clear();
        in.mapping.name = "none";
        in.space.restrictions.clear();
        m_doc->apply(std::move(in), tr("Change layer type to %1").arg(m_type->currentText()));
    });
    // Typed numbers are read when committed (Return or leaving the field) and stored exactly;
    // a refused entry keeps its text and says why here and in the status bar.
    for (int var = 0; var < kDfMaxVars; ++var) {
        auto* edit = new NumberEdit(layerBox);
        edit->setRange(var == dfvar::N ? 0 : 1, kDfMaxDimension);
        if (var == dfvar::N)
            edit->setSpecialValue(0, tr("—")); // not declared: batch 1
        auto* label = new QLabel(layerBox);
        layerForm->addRow(label, edit);
        m_varEdits[var] = edit;
        m_varLabels[var] = label;
        reportRefusals(edit, QString()); // named when the labels are set
        connect(edit, &NumberEdit::valueCommitted, this, [this, var](qint64 v) {
            if (!m_updating)
                setField(var, int(v));
        });
    }
    for (int key : {kStrideY, kStrideX}) {
        auto* edit = new NumberEdit(layerBox);
        edit->setRange(1, kDfMaxStride);
        auto* label = new QLabel(key == kStrideY ? tr("Stride (rows)") : tr("Stride (columns)"), layerBox);
        label->setToolTip(tr("Outer stride of the convolution window"));
        layerForm->addRow(label, edit);
        m_varEdits[key] = edit;
        m_varLabels[key] = label;
        reportRefusals(edit, label->text());
        connect(edit, &NumberEdit::valueCommitted, this, [this, key](qint64 v) {
            if (!m_updating)
                setField(key, int(v));
        });
    }
    return layerBox;
}

/// The hardware's sizes, bandwidths and cost database.
QGroupBox* DataflowWorkbench::buildHardwareBox(QWidget* parent)
{
    auto* hwBox = new QGroupBox(tr("Hardware"), parent);
    auto* hwForm = new QFormLayout(hwBox);
    const struct {
        int field;
        const char* label;
        const char* tip;
        bool reading; ///< the value in engineering units beside the field, as the summary reads it
        int min;
    } hwFields[] = {
        {HwPes, "PEs", "Processing elements of the spatial array", false, 1},
        {HwL1, "L1 per PE (bytes)", "Local buffer of each PE; a mapping needing more is invalid when capacity is enforced", true, 1},
        {HwL2, "L2, shared (bytes)", "Global buffer; a mapping needing more is invalid when capacity is enforced", true, 1},
        {HwNocBw, "NoC (elements/cycle)", "Elements per cycle between a level and its sub-clusters", true, 1},
        {HwHops, "NoC hops", "Average hops a transfer takes", false, 0},
        {HwHopLatency, "Hop latency (cycles)", "Cycles per hop", false, 0},
        {HwOffchip, "Off-chip (elements/cycle)", "Elements per cycle from DRAM into L2", true, 1},
        {HwSimd, "MAC lanes per PE", "SIMD lanes: MACs each PE does per cycle", false, 1},
    };
    for (const auto& f : hwFields) {
        auto* edit = new NumberEdit(hwBox);
        const bool limit = !(f.field == HwPes || f.field == HwHops || f.field == HwHopLatency || f.field == HwSimd);
        const int maximum = f.field == HwPes        ? kDfMaxPes
                            : f.field == HwHops      ? kDfMaxNocHops
                            : f.field == HwHopLatency ? kDfMaxNocHopLatency
                            : f.field == HwSimd      ? kDfMaxSimdLanes
                                                     : INT_MAX;
        edit->setRange(f.min, maximum);
        if (limit)
            edit->setSpecialValue(INT_MAX, tr("unlimited")); // sizes and bandwidths: INT_MAX reads "unlimited"
        edit->setToolTip(tr(f.tip));
        auto* label = new QLabel(tr(f.label), hwBox);
        label->setToolTip(tr(f.tip));
        if (f.reading) {
            // The field holds the exact number typed; beside it the value in the unit the summary
            // and the tensor table use ("1 GiB", "1.074 G"), so that a size reads the same on
            // every tab.
            auto* row = new QWidget(hwBox);
            auto* rowLayout = new QHBoxLayout(row);
            rowLayout->setContentsMargins(0, 0, 0, 0);
            edit->setParent(row);
            rowLayout->addWidget(edit, 1);
            auto* reading = new QLabel(row);
            reading->setObjectName(QStringLiteral("reading"));
            reading->setToolTip(tr("The value in engineering units, as the summary shows it"));
            // One width for every reading, so that the fields line up whatever they read.
            reading->setMinimumWidth(reading->fontMetrics().horizontalAdvance(QStringLiteral("1023 MiB")));
            rowLayout->addWidget(reading);
            m_hwReadings[f.field] = reading;
            hwForm->addRow(label, row);
        } else {
            hwForm->addRow(label, edit);
        }
        m_hwEdits[f.field] = edit;
        reportRefusals(edit, label->text());
        const int field = f.field;
        connect(edit, &NumberEdit::valueCommitted, this, [this, field](qint64 v) {
            if (!m_updating)
                setHardwareField(field, v);
        });
    }
    m_costDb = new QComboBox(hwBox);
    m_costDb->addItem(tr("MAESTRO 2021"), QStringLiteral("maestro-2021"));
    m_costDb->addItem(tr("MAESTRO 2020 (HASCO)"), QStringLiteral("maestro-2020"));
    m_costDb->setItemData(0, tr("MAESTRO master (2021): 28 nm-scaled MAC, per-byte SRAM cells"), Qt::ToolTipRole);
    m_costDb->setItemData(1, tr("MAESTRO as HASCO pins it (2020): 64-byte and 32-KiB SRAM cells"), Qt::ToolTipRole);
    m_costDb->setToolTip(tr("Area and power constants of MAESTRO's cost database"));
    hwForm->addRow(tr("Cost database"), m_costDb);
    connect(m_costDb, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        DataflowInputs in = m_doc->inputs();
        in.hardware.costDb = m_costDb->currentIndex() == 1 ? DfCostDatabase::maestro2020() : DfCostDatabase::maestro2021();
        m_doc->apply(std::move(in), tr("Change cost database"));
    });
    return hwBox;
}

/// The directives as MAESTRO text, applied by a button.
QGroupBox* DataflowWorkbench::buildDirectivesBox(QWidget* parent)
{
    auto* dirBox = new QGroupBox(tr("Directives (MAESTRO)"), parent);
    auto* dirLayout = new QVBoxLayout(dirBox);
    m_directives = new QPlainTextEdit(dirBox);
    m_directives->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_directives->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_directives->setToolTip(tr("One directive per line, outermost first: SpatialMap(size,offset) V, "
                                "TemporalMap(size,offset) V, Cluster(n, P) opens the next level; Sz(V) is the layer's "
                                "size of V"));
    m_directiveError = new QLabel(dirBox);
    m_directiveError->setWordWrap(true);
    m_directiveError->setStyleSheet(QStringLiteral("QLabel { color: #b02020; }"));
    m_applyDirectives = new QPushButton(tr("Apply directives"), dirBox);
    m_applyDirectives->setToolTip(tr("Evaluate the directives as written (undoable)"));
    dirLayout->addWidget(m_directives, 1);
    dirLayout->addWidget(m_directiveError);
    dirLayout->addWidget(m_applyDirectives);
    connect(m_applyDirectives, &QPushButton::clicked, this, [this] {
        const QString error = setDirectivesText(m_directives->toPlainText());
        m_directiveError->setText(error);
    });
    return dirBox;
}

void DataflowWorkbench::setField(int var, int value)
{
    DataflowInputs in = m_doc->inputs();
    if (var == kStrideY)
        in.layer.strideY = value;
    else if (var == kStrideX)
        in.layer.strideX = value;
    else
        in.layer.set(var, value);
    const QString name = var >= kStrideY ? m_varLabels[var]->text() : qs(std::string(dfVarName(in.layer.type, var)));
    m_doc->apply(std::move(in), tr("Set %1 to %2").arg(name).arg(value), kMergeLayer + var);
}

void DataflowWorkbench::setHardwareField(int field, long long value)
{
    DataflowInputs in = m_doc->inputs();
    DataflowHardware& hw = in.hardware;
    const int v = int(std::min<long long>(value, INT_MAX));
    switch (field) {
    case HwPes:
        hw.numPes = v;
        break;
    case HwL1:
        hw.l1Size = v;
        break;
    case HwL2:
        hw.l2Size = v;
        break;
    case HwNocBw:
        hw.nocBandwidth = v;
        break;
    case HwHops:
        hw.nocHops = v;
        break;
    case HwHopLatency:
        hw.nocHopLatency = v;
        break;
    case HwOffchip:
        hw.offchipBandwidth = v;
        break;
    case HwSimd:
        hw.simdLanes = v;
        break;
    default:
        return;
    }
    m_doc->apply(std::move(in), tr("Edit hardware"), kMergeHardware + field);
}

QString DataflowWorkbench::setDirectivesText(const QString& text)
{
    const DfLayerType type = m_doc->inputs().layer.type;
    DataflowMapping m;
    m.name = "edited";
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        QString line = lines[i].trimmed();
        if (const int c = line.indexOf(QStringLiteral("//")); c >= 0)
            line = line.left(c).trimmed();
        if (line.isEmpty())
            continue;
        try {
            m.directives.push_back(parseDirective(line.toStdString(), type));
        } catch (const std::exception& e) {
            return tr("line %1: %2").arg(i + 1).arg(QString::fromUtf8(e.what()));
        }
    }
    if (m.directives.empty())
        return tr("no directives: write at least one SpatialMap");
    DataflowInputs in = m_doc->inputs();
    if (in.mapping.directives == m.directives)
        return {};
    in.mapping = std::move(m);
    m_doc->apply(std::move(in), tr("Edit directives"));
    return {};
}

bool DataflowWorkbench::selectLayer(const QString& workload, const QString& layerName)
{
    try {
        const QString path = presetPathOf(kDataflowWorkloadPresets, workload);
        const DataflowWorkload w = loadDataflowWorkload(path.toStdString());
        DataflowInputs in = m_doc->inputs();
        const DataflowLayer layer = layerOf(w, layerName);
        if (layer.type != in.layer.type) {
            // The template's directives name the old type's variables: re-read it for the new one.
            in.mapping = loadDataflowMapping(m_template->currentData().toString().toStdString(), layer.type);
            in.space.restrictions.clear();
        }
        in.layer = layer;
        in.workload = w.name;
        m_doc->apply(std::move(in), tr("Choose layer %1").arg(qs(layer.name)));
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        refreshEditors();
        return false;
    }
    return true;
}

bool DataflowWorkbench::selectHardware(const QString& nameOrPath)
{
    try {
        DataflowInputs in = m_doc->inputs();
        in.hardware = loadDataflowHardware(presetPathOf(kDataflowHardwarePresets, nameOrPath).toStdString());
        m_doc->apply(std::move(in), tr("Choose hardware %1").arg(qs(in.hardware.name)));
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        refreshEditors();
        return false;
    }
    return true;
}

bool DataflowWorkbench::selectMappingTemplate(const QString& nameOrPath)
{
    try {
        DataflowInputs in = m_doc->inputs();
        in.mapping = loadDataflowMapping(presetPathOf(kDataflowMappingPresets, nameOrPath).toStdString(), in.layer.type);
        m_doc->apply(std::move(in), tr("Choose dataflow %1").arg(qs(in.mapping.name)));
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        refreshEditors();
        return false;
    }
    return true;
}

bool DataflowWorkbench::showResult(const QString& resultJson, const QString& label)
{
    try {
        DataflowInputs in = m_doc->inputs();
        in.mapping = dataflowResultMapping(resultJson.toStdString(), in.layer.type, label.toStdString());
        in.mapping.name = label.toStdString();
        const auto point = dataflowResultPoint(resultJson.toStdString());
        if (!point.empty()) {
            m_explorePoint = point;
            m_explorerDirty = true;
        }
        m_doc->apply(std::move(in), tr("Show %1").arg(label));
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
    showTab(MappingTab);
    return true;
}

namespace {

/// Shows in a preset chooser the first preset that `matches` (called with its path; one that
/// throws does not match), else the user's own value as one extra entry `ownText` without a
/// path. Either way the user's earlier entries go.
void choosePreset(QComboBox* combo, const std::function<bool(const std::string&)>& matches, const QString& ownText)
{
    int found = -1;
    for (int i = 0; i < combo->count() && found < 0; ++i) {
        const QString path = combo->itemData(i).toString();
        try {
            if (!path.isEmpty() && matches(path.toStdString()))
                found = i;
        } catch (const std::exception&) {
        }
    }
    for (int i = combo->count() - 1; i >= 0; --i) {
        if (combo->itemData(i).toString().isEmpty())
            combo->removeItem(i);
    }
    if (found >= 0) {
        combo->setCurrentIndex(combo->findText(combo->itemText(found)));
        return;
    }
    combo->addItem(ownText, QString());
    combo->setCurrentIndex(combo->count() - 1);
}

/// A hardware size or bandwidth as the summary reads it: bytes with their binary prefix ("1 GiB"),
/// elements per cycle with k / M / G ("1.074 G"); empty for "unlimited" and where it would only
/// repeat the field's digits ("64").
QString hardwareReading(int field, int value)
{
    if (value == INT_MAX)
        return {};
    const QString text = quantityText(value, field == HwL1 || field == HwL2 ? QStringLiteral("B") : QString());
    return text == QString::number(value) ? QString() : text;
}

} // namespace

void DataflowWorkbench::refreshEditors()
{
    const DataflowInputs& in = m_doc->inputs();
    const bool was = m_updating;
    m_updating = true;
    refreshLayerChooser(in);
    // Hardware: a preset equal to it, else the user's own.
    choosePreset(
        m_hardware, [&](const std::string& path) { return loadDataflowHardware(path) == in.hardware; },
        qs(in.hardware.name) + tr(" (edited)"));
    // Template: a preset whose directives equal the mapping's, else the mapping's own name.
    choosePreset(
        m_template,
        [&](const std::string& path) {
            return loadDataflowMapping(path, in.layer.type).directives == in.mapping.directives;
        },
        qs(in.mapping.name.empty() ? std::string("custom") : in.mapping.name));
    m_type->setCurrentIndex(m_type->findData(int(in.layer.type)));
    refreshLayerEdits(in.layer);
    const DataflowHardware& h = in.hardware;
    const int hwValues[HwFieldCount] = {h.numPes, h.l1Size, h.l2Size, h.nocBandwidth, h.nocHops, h.nocHopLatency,
                                        h.offchipBandwidth, h.simdLanes};
    for (auto& [field, spin] : m_hwEdits)
        spin->setValue(hwValues[field]);
    for (auto& [field, reading] : m_hwReadings)
        reading->setText(hardwareReading(field, hwValues[field]));
    m_costDb->setCurrentIndex(h.costDb == DfCostDatabase::maestro2020() ? 1 : 0);
    const QString dirs = qs(directivesText(in.mapping, in.layer.type));
    if (m_directives->toPlainText() != dirs)
        m_directives->setPlainText(dirs);
    m_divisors->setChecked(in.space.divisorsOnly);
    m_parallelRS->setChecked(in.space.parallelRS);
    m_capacity->setChecked(in.space.enforceCapacity);
    m_updating = was;
}

void DataflowWorkbench::refreshLayerChooser(const DataflowInputs& in)
{
    // The workload preset of the inputs' name, and the layer among its layers; else the
    // inputs' layer as the user's own.
    int w = -1;
    for (int i = 0; i < m_workload->count(); ++i) {
        try {
            if (qs(loadDataflowWorkload(m_workload->itemData(i).toString().toStdString()).name) == qs(in.workload))
                w = i;
        } catch (const std::exception&) {
        }
    }
    m_workload->setCurrentIndex(w);
    m_layer->clear();
    bool layerIsPreset = false;
    if (w >= 0) {
        try {
            const DataflowWorkload wl = loadDataflowWorkload(m_workload->itemData(w).toString().toStdString());
            for (const DataflowLayer& l : wl.layers) {
                m_layer->addItem(qs(l.name));
                if (l == in.layer) {
                    m_layer->setCurrentIndex(m_layer->count() - 1);
                    layerIsPreset = true;
                }
            }
        } catch (const std::exception&) {
        }
    }
    if (!layerIsPreset) {
        m_layer->addItem(qs(in.layer.name) + tr(" (edited)"));
        m_layer->setCurrentIndex(m_layer->count() - 1);
    }
}

QString DataflowWorkbench::layerVariableHelp(DfLayerType type, int var) const
{
    if (type == DfLayerType::Gemm)
        return var == dfvar::GemmK ? tr("reduction") : var == dfvar::GemmM ? tr("output rows") : tr("output columns");
    switch (var) {
    case dfvar::K: return tr("output channels");
    case dfvar::C: return tr("input channels");
    case dfvar::R: return tr("filter rows");
    case dfvar::S: return tr("filter columns");
    case dfvar::Y: return tr("input rows");
    case dfvar::X: return tr("input columns");
    case dfvar::N: return tr("batch; — is 1");
    default: return {};
    }
}

void DataflowWorkbench::refreshLayerEdits(const DataflowLayer& layer)
{
    const bool gemm = layer.type == DfLayerType::Gemm;
    for (auto& [var, spin] : m_varEdits) {
        bool shown = false;
        if (var == kStrideY || var == kStrideX) {
            shown = !gemm;
            spin->setValue(var == kStrideY ? layer.strideY : layer.strideX);
        } else if (gemm) {
            shown = var < dfVarCount(DfLayerType::Gemm);
        } else {
            shown = var != dfvar::Xo && var != dfvar::Yo && !(layer.type == DfLayerType::DsConv && var == dfvar::K);
        }
        if (var < kDfMaxVars) {
            spin->setValue(layer.get(var));
            const std::string_view n =
                var < dfVarCount(layer.type) ? dfVarName(layer.type, var) : std::string_view("?");
            m_varLabels[var]->setText(
                QStringLiteral("%1 (%2)").arg(qs(std::string(n)), layerVariableHelp(layer.type, var)));
            spin->setFieldName(m_varLabels[var]->text());
        }
        spin->setVisible(shown);
        m_varLabels[var]->setVisible(shown);
    }
}

} // namespace mapscape
