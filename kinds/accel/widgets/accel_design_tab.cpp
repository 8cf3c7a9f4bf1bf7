// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The accelerator-sizing workbench's Design tab: the workload, the design's genes, constraints and model options.

#include "kinds/accel/core/accel_study.h"
#include "kinds/accel/widgets/accel_workbench.h"
#include "kinds/accel/widgets/accel_workbench_parts.h"

#include "kinds/accel/core/accel_report.h"
#include "kinds/accel/core/accel_io.h"
#include "core/io/file_util.h"
#include "core/io/preset_library.h"
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

using namespace accel_wb; // with the cells:: names it uses

/// The workload: the cell, its sizes and its GEMM components (a custom cell edits them).
QGroupBox* AccelWorkbench::buildWorkloadBox(QWidget* parent)
{
    auto* workloadBox = new QGroupBox(tr("Workload (one time step)"), parent);
    auto* wl = new QVBoxLayout(workloadBox);
    auto* wf = new QFormLayout;
    m_cell = new QComboBox(workloadBox);
    for (RnnCell c : {RnnCell::Vanilla, RnnCell::Lstm, RnnCell::Gru, RnnCell::Custom})
        m_cell->addItem(qs(rnnCellTitle(c)), int(c));
    m_cell->setToolTip(tr("The cell's GEMM components follow the paper's split (3 for a vanilla RNN, 8 for an LSTM, 7 "
                          "for a GRU); a custom cell lists its own"));
    wf->addRow(tr("Cell"), m_cell);
    const QString sizeTitles[4] = {tr("Input size"), tr("Hidden size"), tr("Output size"), tr("Sequence length")};
    const QString sizeTips[4] = {tr("Inputs per step (29 one-hot characters in the paper)"), tr("Hidden units"),
                                 tr("Outputs per step"), tr("Time steps: multiplies latency and energy")};
    // Typed numbers are read when committed and stored exactly; a refused entry keeps its text
    // and says why (in the field and on the status line).
    for (int i = 0; i < 4; ++i) {
        m_sizes[std::size_t(i)] = new NumberEdit(workloadBox);
        m_sizes[std::size_t(i)]->setRange(1, i == 3 ? 1'000'000 : 1 << 20);
        m_sizes[std::size_t(i)]->setToolTip(sizeTips[i]);
        reportRefusals(m_sizes[std::size_t(i)], sizeTitles[i]);
        wf->addRow(sizeTitles[i], m_sizes[std::size_t(i)]);
        connect(m_sizes[std::size_t(i)], &NumberEdit::valueCommitted, this, [this, i](qint64 value) {
            const int v = int(value);
            if (m_updating)
                return;
            editInputs(
                [i, v](AccelInputs& in) {
                    RnnWorkload& w = in.setup.workload;
                    int* field[4] = {&w.inputSize, &w.hiddenSize, &w.outputSize, &w.sequenceLength};
                    *field[i] = v;
                    if (w.cell != RnnCell::Custom)
                        w.components = RnnWorkload::componentsFor(w.cell, w.inputSize, w.hiddenSize, w.outputSize);
                },
                tr("Set workload size"), kMergeSize + i);
        });
    }
    wl->addLayout(wf);
    m_components = new QTableWidget(0, 4, workloadBox);
    cells::setColumns(m_components, {{tr("Component"), tr("A matrix product of one time step of the cell")},
                                     {tr("M"), tr("Output rows of the GEMM (elements)")},
                                     {tr("N"), tr("Output columns (1 = matrix-vector product)")},
                                     {tr("K"), tr("Reduction length (1 for an element-wise step)")}});
    m_components->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_components->verticalHeader()->setVisible(false);
    m_components->setMinimumHeight(150);
    wl->addWidget(m_components);
    auto* compButtons = new QHBoxLayout;
    m_addComponent = new QPushButton(tr("Add component"), workloadBox);
    m_removeComponent = new QPushButton(tr("Remove component"), workloadBox);
    m_addComponent->setToolTip(tr("Custom cells: append a GEMM component"));
    compButtons->addWidget(m_addComponent);
    compButtons->addWidget(m_removeComponent);
    compButtons->addStretch(1);
    wl->addLayout(compButtons);
    connect(m_cell, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        const RnnCell c = RnnCell(m_cell->currentData().toInt());
        editInputs(
            [c](AccelInputs& in) {
                RnnWorkload& w = in.setup.workload;
                const RnnCell before = w.cell;
                w.cell = c;
                if (c != RnnCell::Custom) {
                    w.components = RnnWorkload::componentsFor(c, w.inputSize, w.hiddenSize, w.outputSize);
                    w.name = std::string(rnnCellTitle(c));
                } else if (before != RnnCell::Custom) {
                    w.name = "Custom"; // keeps the components as a starting point
                }
            },
            tr("Set cell to %1").arg(m_cell->currentText()), -1);
    });
    connect(m_components, &QTableWidget::cellChanged, this, [this](int row, int col) {
        if (m_updating)
            return;
        const QString text = m_components->item(row, col)->text();
        AccelInputs in = m_doc->inputs();
        if (row >= int(in.setup.workload.components.size()))
            return;
        RnnComponent& c = in.setup.workload.components[std::size_t(row)];
        if (col == 0) {
            if (text.trimmed().isEmpty()) {
                reportError(tr("components[%1].name: must not be empty").arg(row));
                refreshComponents();
                return;
            }
            c.name = text.trimmed().toStdString();
        } else {
            bool ok = false;
            const int v = text.trimmed().toInt(&ok);
            const char* field = col == 1 ? "M" : col == 2 ? "N" : "K";
            if (!ok || v < 1 || v > (1 << 20)) {
                reportError(tr("components[%1].%2: must be an integer in [1, 1048576], got \"%3\"").arg(row).arg(QLatin1String(field), text));
                refreshComponents();
                return;
            }
            (col == 1 ? c.M : col == 2 ? c.N : c.K) = v;
        }
        m_doc->apply(std::move(in), tr("Edit component %1").arg(row + 1), kMergeComponent + row * 4 + col);
    });
    connect(m_addComponent, &QPushButton::clicked, this, [this] {
        editInputs(
            [](AccelInputs& in) {
                RnnWorkload& w = in.setup.workload;
                w.cell = RnnCell::Custom;
                w.components.push_back({"component " + std::to_string(w.components.size() + 1), w.hiddenSize, 1, w.hiddenSize});
            },
            tr("Add component"), -1);
    });
    connect(m_removeComponent, &QPushButton::clicked, this, [this] {
        const int row = m_components->currentRow();
        const auto& comps = m_doc->inputs().setup.workload.components;
        if (comps.size() <= 1) {
            reportError(tr("components: the workload needs at least one component"));
            return;
        }
        const int at = row >= 0 && row < int(comps.size()) ? row : int(comps.size()) - 1;
        editInputs(
            [at](AccelInputs& in) {
                in.setup.workload.cell = RnnCell::Custom;
                in.setup.workload.components.erase(in.setup.workload.components.begin() + at);
            },
            tr("Remove component %1").arg(at + 1), -1);
    });
    return workloadBox;
}

/// The design: the paper's chromosome, one editor per gene.
QGroupBox* AccelWorkbench::buildDesignBox(QWidget* parent)
{
    auto* designBox = new QGroupBox(tr("Design (the paper's chromosome)"), parent);
    auto* df = new QFormLayout(designBox);
    for (int g = 0; g < kEditableGenes; ++g) {
        const AccelGene gene = AccelGene(g);
        QWidget* editor = nullptr;
        if (gene == AccelGene::Dataflow) {
            m_dataflow = new QComboBox(designBox);
            m_dataflow->addItem(tr("WS (weight stationary)"), 0);
            m_dataflow->addItem(tr("OS (output stationary)"), 1);
            connect(m_dataflow, &QComboBox::currentIndexChanged, this, [this] {
                if (!m_updating)
                    setDesignGene(AccelGene::Dataflow, m_dataflow->currentData().toInt());
            });
            editor = m_dataflow;
        } else {
            auto* edit = new NumberEdit(designBox);
            edit->setRange(1, gene == AccelGene::X || gene == AccelGene::SpBanks ? 1024 : 1 << 20);
            reportRefusals(edit, geneTitle(gene));
            m_genes[std::size_t(g)] = edit;
            connect(edit, &NumberEdit::valueCommitted, this, [this, gene](qint64 v) {
                if (!m_updating)
                    setDesignGene(gene, int(v));
            });
            editor = edit;
        }
        editor->setToolTip(tr(kGeneHelp[g]));
        df->addRow(geneTitle(gene), editor);
    }
    return designBox;
}

/// The constraints on area, latency and power (0 = off).
QGroupBox* AccelWorkbench::buildConstraintsBox(QWidget* parent)
{
    auto* consBox = new QGroupBox(tr("Constraints (0 = off)"), parent);
    auto* cf = new QFormLayout(consBox);
    const QString consTitles[3] = {tr("Area limit (µm²)"), tr("Latency limit (cycles)"), tr("Power limit (mW)")};
    const QString consTips[3] = {tr("Stage 1's GA keeps designs above it in a separate, lower-ranked population"),
                                 tr("Stage 2's reward penalises designs above it"),
                                 tr("Stage 2's reward penalises designs above it")};
    for (int i = 0; i < 3; ++i) {
        m_constraints[std::size_t(i)] = offEdit(consBox, 1e15);
        m_constraints[std::size_t(i)]->setToolTip(consTips[i] + tr("; 0 or \"off\": no limit"));
        reportRefusals(m_constraints[std::size_t(i)], consTitles[i]);
        cf->addRow(consTitles[i], m_constraints[std::size_t(i)]);
        connect(m_constraints[std::size_t(i)], &RealEdit::valueCommitted, this, [this, i](double v) {
            if (m_updating)
                return;
            editInputs(
                [i, v](AccelInputs& in) {
                    double* f[3] = {&in.setup.constraints.areaMax, &in.setup.constraints.latencyMax, &in.setup.constraints.powerMax};
                    *f[i] = v;
                },
                tr("Set constraint"), kMergeConstraint + i);
        });
    }
    return consBox;
}

/// The FPGA resources the repair keeps designs within, their use, and the linear resource proxy.
QGroupBox* AccelWorkbench::buildFpgaBox(QWidget* parent)
{
    auto* fpgaBox = new QGroupBox(tr("FPGA resources (the repair keeps designs within them)"), parent);
    auto* ff = new QFormLayout(fpgaBox);
    m_limitsPreset = new QComboBox(fpgaBox);
    m_limitsPreset->addItem(tr("ZCU102 (XCZU9EG)"), QStringLiteral("zcu102"));
    m_limitsPreset->addItem(tr("No limits"), QStringLiteral("none"));
    m_limitsPreset->addItem(tr("Custom"), QStringLiteral("custom"));
    m_limitsPreset->setToolTip(tr("ZCU102: 274,080 LUTs, 2,520 DSP slices, 912 BRAM36"));
    ff->addRow(tr("Board"), m_limitsPreset);
    connect(m_limitsPreset, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        const QString id = m_limitsPreset->currentData().toString();
        editInputs(
            [id](AccelInputs& in) {
                if (id == QStringLiteral("zcu102"))
                    in.setup.limits = FpgaLimits::zcu102();
                else if (id == QStringLiteral("none"))
                    in.setup.limits = FpgaLimits{};
                else
                    in.setup.limits.name = "custom";
            },
            tr("Set FPGA limits to %1").arg(m_limitsPreset->currentText()), -1);
    });
    const QString limitTitles[4] = {tr("LUTs"), tr("DSP slices"), tr("BRAM36 blocks"), tr("DMA bits per cycle")};
    for (int i = 0; i < 4; ++i) {
        m_limits[std::size_t(i)] = offEdit(fpgaBox, 1e9);
        reportRefusals(m_limits[std::size_t(i)], limitTitles[i]);
        m_usage[std::size_t(i)] = new QProgressBar(fpgaBox);
        m_usage[std::size_t(i)]->setRange(0, 100);
        m_usage[std::size_t(i)]->setTextVisible(true);
        m_usage[std::size_t(i)]->setFixedWidth(130);
        auto* row = new QHBoxLayout;
        row->addWidget(m_limits[std::size_t(i)], 1);
        row->addWidget(m_usage[std::size_t(i)]);
        ff->addRow(limitTitles[i], row);
        connect(m_limits[std::size_t(i)], &RealEdit::valueCommitted, this, [this, i](double v) {
            if (m_updating)
                return;
            editInputs(
                [i, v](AccelInputs& in) {
                    double* f[4] = {&in.setup.limits.lut, &in.setup.limits.dsp, &in.setup.limits.bram36, &in.setup.limits.bandwidth};
                    *f[i] = v;
                    in.setup.limits.name = "custom";
                },
                tr("Set FPGA limit"), kMergeLimit + i);
        });
    }
    const QString proxyTitles[6] = {tr("LUTs, base"), tr("LUTs per PE"), tr("LUTs per bank"), tr("LUTs per bus bit"),
                                    tr("DSPs per PE"), tr("KiB per BRAM36")};
    auto* proxyBox = new QGroupBox(tr("Resource estimates (linear proxy, editable)"), fpgaBox);
    proxyBox->setToolTip(tr("MAESTRO models an ASIC; these linear estimates connect a design to FPGA resources"));
    auto* pf = new QFormLayout(proxyBox);
    for (int i = 0; i < 6; ++i) {
        m_proxy[std::size_t(i)] = new RealEdit(proxyBox);
        m_proxy[std::size_t(i)]->setRange(i == 5 ? 0.01 : 0, 1e7);
        reportRefusals(m_proxy[std::size_t(i)], proxyTitles[i]);
        pf->addRow(proxyTitles[i], m_proxy[std::size_t(i)]);
        connect(m_proxy[std::size_t(i)], &RealEdit::valueCommitted, this, [this, i](double v) {
            if (m_updating)
                return;
            editInputs(
                [i, v](AccelInputs& in) {
                    FpgaProxy& p = in.setup.proxy;
                    double* f[6] = {&p.lutBase, &p.lutPerPe, &p.lutPerBank, &p.lutPerBusBit, &p.dspPerPe, &p.kibPerBram36};
                    *f[i] = v;
                },
                tr("Set resource estimate"), kMergeProxy + i);
        });
    }
    ff->addRow(proxyBox);
    return fpgaBox;
}

/// The cost model's options (tile choice, cost database, SIMD lanes, NoC, noise, off-chip bound).
QGroupBox* AccelWorkbench::buildModelBox(QWidget* parent)
{
    auto* modelBox = new QGroupBox(tr("Cost model (MAESTRO-compatible, HASCO's GEMM mapping)"), parent);
    auto* mf = new QFormLayout(modelBox);
    m_tilePolicy = new QComboBox(modelBox);
    m_tilePolicy->addItem(tr("whole reduction first (HASCO)"), int(TilePolicy::WholeReduction));
    m_tilePolicy->addItem(tr("least latency"), int(TilePolicy::MinLatency));
    m_tilePolicy->setToolTip(tr("How each component's tile is chosen among those that fit the memories"));
    mf->addRow(tr("Tile choice"), m_tilePolicy);
    m_costDb = new QComboBox(modelBox);
    for (const DfCostDatabase& db : {DfCostDatabase::maestro2020(), DfCostDatabase::maestro2021()})
        m_costDb->addItem(qs(db.name), qs(db.name));
    m_costDb->setToolTip(tr("MAESTRO's area / power tables; HASCO pins the 2020 version (64-B / 32-KiB SRAM cells)"));
    mf->addRow(tr("Cost database"), m_costDb);
    m_simd = new NumberEdit(modelBox);
    m_simd->setRange(1, 1024);
    reportRefusals(m_simd, tr("SIMD lanes per PE"));
    m_simd->setToolTip(tr("MAC lanes per PE (MAESTRO's default 9, which HASCO keeps)"));
    mf->addRow(tr("SIMD lanes per PE"), m_simd);
    m_nocPorts = new NumberEdit(modelBox);
    m_nocPorts->setRange(1, 64);
    reportRefusals(m_nocPorts, tr("NoC ports"));
    m_nocPorts->setToolTip(tr("NoC bandwidth = ports × banks × 8 bits per cycle"));
    mf->addRow(tr("NoC ports"), m_nocPorts);
    m_hopLatency = new NumberEdit(modelBox);
    m_hopLatency->setRange(0, 1000);
    reportRefusals(m_hopLatency, tr("NoC hop latency (cycles)"));
    mf->addRow(tr("NoC hop latency (cycles)"), m_hopLatency);
    m_noise = new QCheckBox(tr("HASCO's noise: each total × (1 + U(0, a))"), modelBox);
    m_noise->setToolTip(tr("HASCO adds randomness to MAESTRO's answers; seeded, so runs stay reproducible"));
    mf->addRow(m_noise);
    m_noiseAmplitude = new RealEdit(modelBox);
    m_noiseAmplitude->setRange(0, 1);
    reportRefusals(m_noiseAmplitude, tr("Noise amplitude a"));
    mf->addRow(tr("Noise amplitude a"), m_noiseAmplitude);
    m_noiseSeed = new NumberEdit(modelBox);
    m_noiseSeed->setRange(0, std::numeric_limits<qint64>::max());
    reportRefusals(m_noiseSeed, tr("Noise seed"));
    mf->addRow(tr("Noise seed"), m_noiseSeed);
    m_offchip = new QCheckBox(tr("Off-chip transfers bound each component (extension; off in HASCO)"), modelBox);
    mf->addRow(m_offchip);
    auto modelEdit = [this](int key, const QString& label, std::function<void(AccelModelOptions&)> f) {
        if (!m_updating)
            editInputs([f](AccelInputs& in) { f(in.setup.model); }, label, kMergeModel + key);
    };
    connect(m_tilePolicy, &QComboBox::currentIndexChanged, this, [this, modelEdit] {
        const TilePolicy p = TilePolicy(m_tilePolicy->currentData().toInt());
        modelEdit(0, tr("Set tile choice"), [p](AccelModelOptions& o) { o.tilePolicy = p; });
    });
    connect(m_costDb, &QComboBox::currentIndexChanged, this, [this, modelEdit] {
        const bool v2020 = m_costDb->currentData().toString() == qs(DfCostDatabase::maestro2020().name);
        modelEdit(1, tr("Set cost database"), [v2020](AccelModelOptions& o) {
            o.costDb = v2020 ? DfCostDatabase::maestro2020() : DfCostDatabase::maestro2021();
        });
    });
    connect(m_simd, &NumberEdit::valueCommitted, this, [modelEdit, this](qint64 n) {
        const int v = int(n);
        modelEdit(2, tr("Set SIMD lanes"), [v](AccelModelOptions& o) { o.simdLanes = v; });
    });
    connect(m_nocPorts, &NumberEdit::valueCommitted, this, [modelEdit, this](qint64 n) {
        const int v = int(n);
        modelEdit(3, tr("Set NoC ports"), [v](AccelModelOptions& o) { o.nocPorts = v; });
    });
    connect(m_hopLatency, &NumberEdit::valueCommitted, this, [modelEdit, this](qint64 n) {
        const int v = int(n);
        modelEdit(4, tr("Set hop latency"), [v](AccelModelOptions& o) { o.nocHopLatency = v; });
    });
    connect(m_noise, &QCheckBox::toggled, this, [modelEdit, this](bool on) {
        modelEdit(5, on ? tr("Turn noise on") : tr("Turn noise off"), [on](AccelModelOptions& o) { o.noise = on; });
    });
    connect(m_noiseAmplitude, &RealEdit::valueCommitted, this, [modelEdit, this](double v) {
        modelEdit(6, tr("Set noise amplitude"), [v](AccelModelOptions& o) { o.noiseAmplitude = v; });
    });
    connect(m_noiseSeed, &NumberEdit::valueCommitted, this, [modelEdit, this](qint64 v) {
        modelEdit(7, tr("Set noise seed"), [v](AccelModelOptions& o) { o.noiseSeed = std::uint64_t(v); });
    });
    connect(m_offchip, &QCheckBox::toggled, this, [modelEdit, this](bool on) {
        modelEdit(8, tr("Set off-chip bound"), [on](AccelModelOptions& o) { o.offchip = on; });
    });
    return modelBox;
}

/// The model's answer: the summary, area and power per component, and the per-component table.
QWidget* AccelWorkbench::buildDesignResults()
{
    auto* results = new QWidget(this);
    auto* rl = new QVBoxLayout(results);
    m_summary = new QLabel(results);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rl->addWidget(m_summary);
    auto* charts = new QHBoxLayout;
    m_areaChart = new EnergyBreakdownChart(results);
    m_powerChart = new EnergyBreakdownChart(results);
    m_areaChart->setToolTip(tr("Area of each component's configuration by the cost database's terms (PEs: MAC lanes, L1: "
                               "local memories, L2: scratchpad, bus, arbiter); the design's area is the largest"));
    m_powerChart->setToolTip(tr("Power of each component by the cost database's terms; the design's power is the mean"));
    m_areaChart->setMinimumHeight(240);
    m_powerChart->setMinimumHeight(240);
    charts->addWidget(m_areaChart);
    charts->addWidget(m_powerChart);
    rl->addLayout(charts, 2);
    m_componentResults = new QTableWidget(0, 9, results);
    cells::setColumns(
        m_componentResults,
        {{tr("Component"), tr("A matrix product of one time step of the cell")},
         {tr("M×N×K"), tr("The GEMM's output rows × output columns × reduction length")},
         {tr("Tile Ti×Tj×Tk"), tr("The chosen tile: Ti output rows, Tj output columns and Tk of the reduction per scratchpad fill")},
         {tr("Tiles that fit"), tr("Tiles that fit the scratchpad and local memories and that the model accepts")},
         {tr("Cycles"), tr("Latency of one time step of the component, in cycles")},
         // The figures' titles carry the unit their values are shown in, set with the values.
         {tr("Energy"), tr("Energy of one time step of the component, from MAESTRO's nJ (see the note above)")},
         {tr("Power"), tr("Static power of the hardware sized for the component (MAESTRO's cost database)")},
         {tr("Area"), tr("Area of the hardware sized for the component")},
         {tr("L2 needed"), tr("Scratchpad (L2) space the component's tile needs")}});
    m_componentResults->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_componentResults->verticalHeader()->setVisible(false);
    m_componentResults->setEditTriggers(QAbstractItemView::NoEditTriggers);
    rl->addWidget(m_componentResults, 1);
    return results;
}

QWidget* AccelWorkbench::buildDesignTab()
{
    // Left: the editors, in a scroll area; right: the model's answer.
    auto* editors = new QWidget(this);
    auto* editorsLayout = new QVBoxLayout(editors);
    editorsLayout->addWidget(buildWorkloadBox(editors));
    editorsLayout->addWidget(buildDesignBox(editors));
    editorsLayout->addWidget(buildConstraintsBox(editors));
    editorsLayout->addWidget(buildFpgaBox(editors));
    editorsLayout->addWidget(buildModelBox(editors));
    editorsLayout->addStretch(1);

    auto* scroll = new QScrollArea(this);
    scroll->setWidget(editors);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(430);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(scroll);
    split->addWidget(buildDesignResults());
    split->setStretchFactor(1, 1);
    return split;
}

void AccelWorkbench::editInputs(const std::function<void(AccelInputs&)>& edit, const QString& label, int mergeKey)
{
    AccelInputs in = m_doc->inputs();
    edit(in);
    m_doc->apply(std::move(in), label, mergeKey);
}

bool AccelWorkbench::setDesignGene(AccelGene gene, int value)
{
    AccelInputs in = m_doc->inputs();
    in.design.setGene(gene, value);
    if (const std::string issue = AccelModel::checkDesign(in.design); !issue.empty()) {
        reportError(qs(issue));
        refreshEditors();
        return false;
    }
    m_doc->apply(std::move(in), tr("Set %1 to %2").arg(geneTitle(gene), geneValueText(gene, value)), kMergeGene + int(gene));
    return true;
}

} // namespace mapscape
