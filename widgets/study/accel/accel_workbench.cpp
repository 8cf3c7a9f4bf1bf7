// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/accel/accel_study.h"
#include "widgets/study/accel/accel_workbench.h"

#include "core/export/accel/accel_report.h"
#include "core/io/accel/accel_io.h"
#include "core/io/file_util.h"
#include "core/io/scheduling/preset_io.h"
#include "core/io/preset_library.h"
#include "core/optim/accel/sensitivity.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "widgets/study/accel/accel_results_view.h"
#include "widgets/study/accel/grmd_stages_view.h"
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

using cells::kFeasible;
using cells::kInvalid;
using cells::kViolating;
using cells::readOnly;
using cells::sig;

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }
QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

constexpr int kMergeSize = 10, kMergeGene = 20, kMergeModel = 40, kMergeConstraint = 60, kMergeLimit = 70, kMergeProxy = 80,
              kMergeComponent = 100, kMergeSpace = 400;

/// The genes a user edits (dtype is fixed to int8).
constexpr int kEditableGenes = kAccelGenes - 1;

const char* const kGeneHelp[kAccelGenes] = {
    "PE array side: the array has x × x processing elements",
    "Scratchpad (global buffer, L2) capacity in KiB",
    "Local memory of each PE (L1) in KiB",
    "WS: weights stay in the PEs; OS: outputs stay (HASCO's two GEMM dataflows)",
    "Scratchpad banks: the NoC moves ports × banks × 8 bits per cycle",
    "DMA bus width in bits",
    "Largest DMA burst in bytes",
    "Data type (int8 only)",
};

QString geneTitle(AccelGene g)
{
    switch (g) {
    case AccelGene::X: return QObject::tr("PE array side x");
    case AccelGene::SpCapacity: return QObject::tr("Scratchpad (KiB)");
    case AccelGene::LocalCapacity: return QObject::tr("Local memory per PE (KiB)");
    case AccelGene::Dataflow: return QObject::tr("Dataflow");
    case AccelGene::SpBanks: return QObject::tr("Scratchpad banks");
    case AccelGene::DmaBuswidth: return QObject::tr("DMA bus width (bits)");
    case AccelGene::DmaMaxbytes: return QObject::tr("DMA burst (bytes)");
    case AccelGene::Dtype: return QObject::tr("Data type");
    }
    return {};
}

QString geneValueText(AccelGene g, int v)
{
    return g == AccelGene::Dataflow ? qs(accelDataflowName(AccelDataflow(v == 1 ? 1 : 0))) : QString::number(v);
}

/// "WS" / "OS" or an integer; nullopt when the text is neither.
std::optional<int> parseGeneValue(AccelGene g, const QString& text)
{
    const QString t = text.trimmed();
    if (g == AccelGene::Dataflow) {
        if (t.compare(QStringLiteral("WS"), Qt::CaseInsensitive) == 0 || t == QStringLiteral("0"))
            return 0;
        if (t.compare(QStringLiteral("OS"), Qt::CaseInsensitive) == 0 || t == QStringLiteral("1"))
            return 1;
        return std::nullopt;
    }
    bool ok = false;
    const int v = t.toInt(&ok);
    return ok ? std::optional<int>(v) : std::nullopt;
}

QDoubleSpinBox* offSpin(QWidget* parent, const QString& suffix, double max, int decimals = 0)
{
    auto* s = new QDoubleSpinBox(parent);
    s->setRange(0, max);
    s->setDecimals(decimals);
    s->setSpecialValueText(QObject::tr("off"));
    s->setSuffix(suffix);
    s->setGroupSeparatorShown(true);
    s->setKeyboardTracking(false);
    return s;
}

} // namespace

AccelWorkbench::AccelWorkbench(QWidget* parent)
    : StudyWorkbench(parent)
{
    m_doc = new AccelDocument(this);
    buildUi();
    connect(m_doc, &InputsDocumentBase::changed, this, &AccelWorkbench::documentChanged);
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

    connect(m_runs, &RunsPanel::message, this, [this](const QString& text) { Q_EMIT message(text, 8000); });
    connect(m_runs, &RunsPanel::runsChanged, this, &StudyWorkbench::changed);
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
    connect(m_runs->optimizerPanel(), &OptimizerPanel::settingsChanged, this, &StudyWorkbench::changed);
    connect(m_runs, &RunsPanel::resultRequested, this, [this](const QString& json, const QString& label) { showResult(json, label); });
    connect(m_doc->undoStack(), &QUndoStack::indexChanged, this, &StudyWorkbench::changed);
}

// ---------------------------------------------------------------------------------------------
// Design tab

QWidget* AccelWorkbench::buildDesignTab()
{
    auto* editors = new QWidget(this);
    auto* editorsLayout = new QVBoxLayout(editors);

    // Workload.
    auto* workloadBox = new QGroupBox(tr("Workload (one time step)"), editors);
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
    for (int i = 0; i < 4; ++i) {
        m_sizes[std::size_t(i)] = new QSpinBox(workloadBox);
        m_sizes[std::size_t(i)]->setRange(1, i == 3 ? 1'000'000 : 1 << 20);
        m_sizes[std::size_t(i)]->setKeyboardTracking(false);
        m_sizes[std::size_t(i)]->setToolTip(sizeTips[i]);
        wf->addRow(sizeTitles[i], m_sizes[std::size_t(i)]);
        connect(m_sizes[std::size_t(i)], &QSpinBox::valueChanged, this, [this, i](int v) {
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
    m_components->setHorizontalHeaderLabels({tr("Component"), tr("M"), tr("N"), tr("K")});
    m_components->horizontalHeaderItem(1)->setToolTip(tr("Output rows of the GEMM"));
    m_components->horizontalHeaderItem(2)->setToolTip(tr("Output columns (1 = matrix-vector product)"));
    m_components->horizontalHeaderItem(3)->setToolTip(tr("Reduction length (1 for an element-wise step)"));
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
    editorsLayout->addWidget(workloadBox);
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

    // Design.
    auto* designBox = new QGroupBox(tr("Design (the paper's chromosome)"), editors);
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
            auto* spin = new QSpinBox(designBox);
            spin->setRange(1, gene == AccelGene::X || gene == AccelGene::SpBanks ? 1024 : 1 << 20);
            spin->setKeyboardTracking(false);
            m_genes[std::size_t(g)] = spin;
            connect(spin, &QSpinBox::valueChanged, this, [this, gene](int v) {
                if (!m_updating)
                    setDesignGene(gene, v);
            });
            editor = spin;
        }
        editor->setToolTip(tr(kGeneHelp[g]));
        df->addRow(geneTitle(gene), editor);
    }
    editorsLayout->addWidget(designBox);

    // Constraints.
    auto* consBox = new QGroupBox(tr("Constraints (0 = off)"), editors);
    auto* cf = new QFormLayout(consBox);
    const QString consTitles[3] = {tr("area_max"), tr("latency_max"), tr("power_max")};
    const QString consSuffix[3] = {QStringLiteral(" µm²"), QStringLiteral(" cycles"), QStringLiteral(" mW")};
    const QString consTips[3] = {tr("Stage 1's GA keeps designs above it in a separate, lower-ranked population"),
                                 tr("Stage 2's reward penalises designs above it"),
                                 tr("Stage 2's reward penalises designs above it")};
    for (int i = 0; i < 3; ++i) {
        m_constraints[std::size_t(i)] = offSpin(consBox, consSuffix[i], 1e15);
        m_constraints[std::size_t(i)]->setToolTip(consTips[i]);
        cf->addRow(consTitles[i], m_constraints[std::size_t(i)]);
        connect(m_constraints[std::size_t(i)], &QDoubleSpinBox::valueChanged, this, [this, i](double v) {
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
    editorsLayout->addWidget(consBox);

    // FPGA limits and proxy.
    auto* fpgaBox = new QGroupBox(tr("FPGA resources (the repair keeps designs within them)"), editors);
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
        m_limits[std::size_t(i)] = offSpin(fpgaBox, QString(), 1e9);
        m_usage[std::size_t(i)] = new QProgressBar(fpgaBox);
        m_usage[std::size_t(i)]->setRange(0, 100);
        m_usage[std::size_t(i)]->setTextVisible(true);
        m_usage[std::size_t(i)]->setFixedWidth(130);
        auto* row = new QHBoxLayout;
        row->addWidget(m_limits[std::size_t(i)], 1);
        row->addWidget(m_usage[std::size_t(i)]);
        ff->addRow(limitTitles[i], row);
        connect(m_limits[std::size_t(i)], &QDoubleSpinBox::valueChanged, this, [this, i](double v) {
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
        m_proxy[std::size_t(i)] = new QDoubleSpinBox(proxyBox);
        m_proxy[std::size_t(i)]->setRange(i == 5 ? 0.01 : 0, 1e7);
        m_proxy[std::size_t(i)]->setDecimals(2);
        m_proxy[std::size_t(i)]->setKeyboardTracking(false);
        pf->addRow(proxyTitles[i], m_proxy[std::size_t(i)]);
        connect(m_proxy[std::size_t(i)], &QDoubleSpinBox::valueChanged, this, [this, i](double v) {
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
    editorsLayout->addWidget(fpgaBox);

    // Model options.
    auto* modelBox = new QGroupBox(tr("Cost model (MAESTRO-compatible, HASCO's GEMM mapping)"), editors);
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
    m_simd = new QSpinBox(modelBox);
    m_simd->setRange(1, 1024);
    m_simd->setToolTip(tr("MAC lanes per PE (MAESTRO's default 9, which HASCO keeps)"));
    mf->addRow(tr("SIMD lanes per PE"), m_simd);
    m_nocPorts = new QSpinBox(modelBox);
    m_nocPorts->setRange(1, 64);
    m_nocPorts->setToolTip(tr("NoC bandwidth = ports × banks × 8 bits per cycle"));
    mf->addRow(tr("NoC ports"), m_nocPorts);
    m_hopLatency = new QSpinBox(modelBox);
    m_hopLatency->setRange(0, 1000);
    mf->addRow(tr("NoC hop latency (cycles)"), m_hopLatency);
    m_noise = new QCheckBox(tr("HASCO's noise: each total × (1 + U(0, a))"), modelBox);
    m_noise->setToolTip(tr("HASCO adds randomness to MAESTRO's answers; seeded, so runs stay reproducible"));
    mf->addRow(m_noise);
    m_noiseAmplitude = new QDoubleSpinBox(modelBox);
    m_noiseAmplitude->setRange(0, 1);
    m_noiseAmplitude->setDecimals(3);
    m_noiseAmplitude->setSingleStep(0.01);
    mf->addRow(tr("Noise amplitude a"), m_noiseAmplitude);
    m_noiseSeed = new QSpinBox(modelBox);
    m_noiseSeed->setRange(0, INT_MAX);
    mf->addRow(tr("Noise seed"), m_noiseSeed);
    m_offchip = new QCheckBox(tr("Off-chip transfers bound each component (extension; off in HASCO)"), modelBox);
    mf->addRow(m_offchip);
    editorsLayout->addWidget(modelBox);
    editorsLayout->addStretch(1);
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
    connect(m_simd, &QSpinBox::valueChanged, this, [modelEdit, this](int v) {
        modelEdit(2, tr("Set SIMD lanes"), [v](AccelModelOptions& o) { o.simdLanes = v; });
    });
    connect(m_nocPorts, &QSpinBox::valueChanged, this, [modelEdit, this](int v) {
        modelEdit(3, tr("Set NoC ports"), [v](AccelModelOptions& o) { o.nocPorts = v; });
    });
    connect(m_hopLatency, &QSpinBox::valueChanged, this, [modelEdit, this](int v) {
        modelEdit(4, tr("Set hop latency"), [v](AccelModelOptions& o) { o.nocHopLatency = v; });
    });
    connect(m_noise, &QCheckBox::toggled, this, [modelEdit, this](bool on) {
        modelEdit(5, on ? tr("Turn noise on") : tr("Turn noise off"), [on](AccelModelOptions& o) { o.noise = on; });
    });
    connect(m_noiseAmplitude, &QDoubleSpinBox::valueChanged, this, [modelEdit, this](double v) {
        modelEdit(6, tr("Set noise amplitude"), [v](AccelModelOptions& o) { o.noiseAmplitude = v; });
    });
    connect(m_noiseSeed, &QSpinBox::valueChanged, this, [modelEdit, this](int v) {
        modelEdit(7, tr("Set noise seed"), [v](AccelModelOptions& o) { o.noiseSeed = std::uint64_t(v); });
    });
    connect(m_offchip, &QCheckBox::toggled, this, [modelEdit, this](bool on) {
        modelEdit(8, tr("Set off-chip bound"), [on](AccelModelOptions& o) { o.offchip = on; });
    });

    auto* scroll = new QScrollArea(this);
    scroll->setWidget(editors);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(430);

    // Right: the model's answer.
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
    m_componentResults->setHorizontalHeaderLabels({tr("Component"), tr("M×N×K"), tr("Tile Ti×Tj×Tk"), tr("Tiles that fit"),
                                                   tr("Cycles"), tr("Energy (nJ)"), tr("Power (mW)"), tr("Area (µm²)"),
                                                   tr("L2 bytes")});
    m_componentResults->horizontalHeaderItem(2)->setToolTip(
        tr("The chosen tile: Ti output rows, Tj output columns and Tk of the reduction per scratchpad fill"));
    m_componentResults->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_componentResults->verticalHeader()->setVisible(false);
    m_componentResults->setEditTriggers(QAbstractItemView::NoEditTriggers);
    rl->addWidget(m_componentResults, 1);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(scroll);
    split->addWidget(results);
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

void AccelWorkbench::refreshEditors()
{
    m_updating = true;
    const AccelInputs& in = m_doc->inputs();
    const RnnWorkload& w = in.setup.workload;
    m_cell->setCurrentIndex(m_cell->findData(int(w.cell)));
    const int sizes[4] = {w.inputSize, w.hiddenSize, w.outputSize, w.sequenceLength};
    for (int i = 0; i < 4; ++i)
        m_sizes[std::size_t(i)]->setValue(sizes[i]);
    refreshComponents();
    for (int g = 0; g < kEditableGenes; ++g) {
        if (m_genes[std::size_t(g)])
            m_genes[std::size_t(g)]->setValue(in.design.gene(AccelGene(g)));
    }
    m_dataflow->setCurrentIndex(in.design.dataflow == AccelDataflow::OS ? 1 : 0);
    const AccelConstraints& c = in.setup.constraints;
    m_constraints[0]->setValue(c.areaMax);
    m_constraints[1]->setValue(c.latencyMax);
    m_constraints[2]->setValue(c.powerMax);
    const FpgaLimits& l = in.setup.limits;
    m_limitsPreset->setCurrentIndex(l == FpgaLimits::zcu102() ? 0 : l == FpgaLimits{} ? 1 : 2);
    const double limits[4] = {l.lut, l.dsp, l.bram36, l.bandwidth};
    for (int i = 0; i < 4; ++i)
        m_limits[std::size_t(i)]->setValue(limits[i]);
    const FpgaProxy& p = in.setup.proxy;
    const double proxy[6] = {p.lutBase, p.lutPerPe, p.lutPerBank, p.lutPerBusBit, p.dspPerPe, p.kibPerBram36};
    for (int i = 0; i < 6; ++i)
        m_proxy[std::size_t(i)]->setValue(proxy[i]);
    const AccelModelOptions& o = in.setup.model;
    m_tilePolicy->setCurrentIndex(m_tilePolicy->findData(int(o.tilePolicy)));
    m_costDb->setCurrentIndex(m_costDb->findData(qs(o.costDb.name)));
    m_simd->setValue(o.simdLanes);
    m_nocPorts->setValue(o.nocPorts);
    m_hopLatency->setValue(o.nocHopLatency);
    m_noise->setChecked(o.noise);
    m_noiseAmplitude->setValue(o.noiseAmplitude);
    m_noiseAmplitude->setEnabled(o.noise);
    m_noiseSeed->setValue(int(std::min<std::uint64_t>(o.noiseSeed, INT_MAX)));
    m_noiseSeed->setEnabled(o.noise);
    m_offchip->setChecked(o.offchip);
    m_updating = false;
}

void AccelWorkbench::refreshComponents()
{
    const bool was = m_updating;
    m_updating = true;
    const RnnWorkload& w = m_doc->inputs().setup.workload;
    const bool custom = w.cell == RnnCell::Custom;
    m_components->setRowCount(int(w.components.size()));
    for (int r = 0; r < int(w.components.size()); ++r) {
        const RnnComponent& c = w.components[std::size_t(r)];
        const QString texts[4] = {qs(c.name), QString::number(c.M), QString::number(c.N), QString::number(c.K)};
        for (int col = 0; col < 4; ++col) {
            auto* it = custom ? new QTableWidgetItem(texts[col])
                              : readOnly(texts[col], tr("Derived from the cell and its sizes; choose the custom cell to edit"));
            m_components->setItem(r, col, it);
        }
    }
    m_removeComponent->setEnabled(w.components.size() > 1);
    m_updating = was;
}

void AccelWorkbench::evaluate()
{
    const AccelInputs& in = m_doc->inputs();
    m_error.clear();
    m_detail = {};
    try {
        const AccelModel model(in.setup.workload, in.setup.model);
        m_detail = model.evaluateDetailed(in.design);
        if (!m_detail.metrics.valid)
            m_error = qs(describeInvalid(m_detail.metrics, in.setup.workload));
    } catch (const std::exception& e) {
        m_error = QString::fromUtf8(e.what());
    }
    const AccelMetrics& m = m_detail.metrics;
    const FpgaUsage u = estimateFpgaUsage(in.design, in.setup.proxy);
    const FpgaLimits& l = in.setup.limits;
    const double used[4] = {u.lut, u.dsp, u.bram36, u.bandwidth};
    const double lim[4] = {l.lut, l.dsp, l.bram36, l.bandwidth};
    for (int i = 0; i < 4; ++i) {
        QProgressBar* bar = m_usage[std::size_t(i)];
        const double pct = lim[i] > 0 ? 100 * used[i] / lim[i] : 0;
        bar->setValue(int(std::clamp(pct, 0.0, 100.0)));
        bar->setFormat(lim[i] > 0 ? QStringLiteral("%1 % used").arg(sig(pct, 3)) : tr("%1 used").arg(sig(used[i], 4)));
        bar->setToolTip(lim[i] > 0 ? tr("This design needs %1 of %2").arg(sig(used[i], 6), sig(lim[i], 6))
                                   : tr("This design needs %1 (no limit set)").arg(sig(used[i], 6)));
        bar->setStyleSheet(pct > 100 ? QStringLiteral("QProgressBar::chunk { background: #d9534f; }") : QString());
    }
    QString html = tr("<b>%1</b> on design <code>%2</code><br>").arg(qs(setupLabel(in)).toHtmlEscaped(), qs(in.design.text()));
    if (!m.valid) {
        html += tr("<span style='color:#b00'><b>Not evaluable:</b> %1</span>").arg(m_error.toHtmlEscaped());
    } else {
        const AccelConstraints& c = in.setup.constraints;
        auto check = [](double v, double max) {
            return max <= 0 ? QString() : v <= max ? QStringLiteral(" <span style='color:#070'>✓ ≤ %1</span>").arg(qs(formatSig(max, 4)))
                                                   : QStringLiteral(" <span style='color:#b00'>✗ &gt; %1</span>").arg(qs(formatSig(max, 4)));
        };
        html += tr("Latency <b>%1 cycles</b>%2 · Power <b>%3</b>%4 · Area <b>%5</b>%6 · Energy <b>%7</b><br>")
                    .arg(sig(m.latency, 6), check(m.latency, c.latencyMax), qs(formatQuantity(m.power, "mW", 4)),
                         check(m.power, c.powerMax), qs(formatQuantity(m.area, "µm²", 4)), check(m.area, c.areaMax),
                         qs(formatQuantity(m.energy, "nJ", 4)));
        html += tr("<small>Latency sums the components (× sequence length); power is their mean, area the largest "
                   "component's. L1 needs %1 B per PE of %2 KiB; L2 %3 B of %4 KiB.</small>")
                    .arg(m.l1Req)
                    .arg(in.design.localKb)
                    .arg(m.l2Req)
                    .arg(in.design.spKb);
    }
    m_summary->setText(html);

    QStringList cats;
    QList<double> parts[2][5];
    for (const AccelComponentResult& c : m_detail.components) {
        cats.append(qs(c.name).section(QLatin1Char(' '), 0, 0));
        const AccelBreakdown* b[2] = {&c.tile.areaParts, &c.tile.powerParts};
        for (int k = 0; k < 2; ++k) {
            parts[k][0].append(b[k]->pe);
            parts[k][1].append(b[k]->l1);
            parts[k][2].append(b[k]->l2);
            parts[k][3].append(b[k]->bus);
            parts[k][4].append(b[k]->arbiter);
        }
    }
    const QString names[5] = {tr("PEs"), tr("L1"), tr("L2"), tr("Bus"), tr("Arbiter")};
    for (int k = 0; k < 2; ++k) {
        QList<QPair<QString, QList<double>>> sets;
        for (int j = 0; j < 5; ++j)
            sets.append({names[j], parts[k][j]});
        (k == 0 ? m_areaChart : m_powerChart)
            ->setStacks(k == 0 ? tr("Area per component") : tr("Power per component"), cats, sets, k == 0 ? tr("Area") : tr("Power"),
                        k == 0 ? QStringLiteral("µm²") : QStringLiteral("mW"));
    }
    m_componentResults->setRowCount(int(m_detail.components.size()));
    for (int r = 0; r < int(m_detail.components.size()); ++r) {
        const AccelComponentResult& c = m_detail.components[std::size_t(r)];
        const bool ok = c.tile.valid;
        const QString cells[9] = {qs(c.name),
                                  QStringLiteral("%1×%2×%3").arg(c.M).arg(c.N).arg(c.K),
                                  ok ? QStringLiteral("%1×%2×%3").arg(c.tile.ti).arg(c.tile.tj).arg(c.tile.tk) : tr("none fits"),
                                  QString::number(c.tile.candidates),
                                  ok ? QString::number(c.tile.runtime) : QString(),
                                  ok ? sig(c.tile.energy, 5) : QString(),
                                  ok ? sig(c.tile.power, 5) : QString(),
                                  ok ? sig(c.tile.area, 5) : QString(),
                                  ok ? QString::number(c.tile.l2Req) : QString()};
        for (int col = 0; col < 9; ++col) {
            auto* it = readOnly(cells[col]);
            if (!ok)
                it->setBackground(kViolating);
            if (col == 0 && ok)
                it->setToolTip(tr("Directives (MAESTRO):\n%1").arg(qs(c.mappingText)));
            m_componentResults->setItem(r, col, it);
        }
    }
    Q_EMIT evaluationShown();
}

QString AccelWorkbench::summaryText() const { return m_summary->text(); }

// ---------------------------------------------------------------------------------------------
// Design space tab

QWidget* AccelWorkbench::buildSpaceTab()
{
    auto* w = new QWidget(this);
    auto* l = new QVBoxLayout(w);
    auto* help = new QLabel(tr("The genes GRMD and the baselines search. Untick <i>Search</i> to fix a gene at its "
                               "<i>Fixed</i> value; choose a range (low..high by step) or a list of values. Designs over "
                               "the FPGA limits are repaired (smaller array, smaller memories, narrower DMA) before they "
                               "are evaluated."),
                            w);
    help->setWordWrap(true);
    l->addWidget(help);
    m_spaceTable = new QTableWidget(kEditableGenes, SpColumns, w);
    m_spaceTable->setHorizontalHeaderLabels(
        {tr("Gene"), tr("Search"), tr("How"), tr("Low"), tr("High"), tr("Step"), tr("Values"), tr("Fixed"), tr("Count")});
    m_spaceTable->horizontalHeaderItem(SpValues)->setToolTip(tr("A list of values separated by commas (dataflow: WS, OS)"));
    m_spaceTable->horizontalHeaderItem(SpCount)->setToolTip(tr("How many values the gene may take"));
    m_spaceTable->horizontalHeader()->setSectionResizeMode(SpGene, QHeaderView::ResizeToContents);
    m_spaceTable->horizontalHeader()->setSectionResizeMode(SpValues, QHeaderView::Stretch);
    m_spaceTable->verticalHeader()->setVisible(false);
    for (int g = 0; g < kEditableGenes; ++g) {
        auto* how = new QComboBox(m_spaceTable);
        how->addItem(tr("range"), false);
        how->addItem(tr("list"), true);
        how->setToolTip(tr("range: low..high by step; list: the values given"));
        m_spaceTable->setCellWidget(g, SpHow, how);
        connect(how, &QComboBox::currentIndexChanged, this, [this, g, how] {
            if (!m_updating)
                setSpaceCell(AccelGene(g), SpHow, how->currentIndex() == 1 ? QStringLiteral("list") : QStringLiteral("range"));
        });
    }
    connect(m_spaceTable, &QTableWidget::cellChanged, this, &AccelWorkbench::applySpaceEdit);
    l->addWidget(m_spaceTable, 1);
    auto* row = new QHBoxLayout;
    auto* table1 = new QPushButton(tr("Paper's Table 1"), w);
    table1->setToolTip(tr("x 4..32, scratchpad 128..512 KiB, local 64..256 KiB, WS/OS, banks 1..8, DMA 64..128"));
    auto* hasco = new QPushButton(tr("HASCO's lists"), w);
    hasco->setToolTip(tr("x ∈ {8, 16, 32}, scratchpad ∈ {128, 256, 512}, local ∈ {64, 128, 256}, banks 1..8, DMA ∈ {64, 128}"));
    row->addWidget(table1);
    row->addWidget(hasco);
    m_spaceSize = new QLabel(w);
    m_spaceSize->setToolTip(tr("Designs in the space: the product of every gene's count"));
    row->addSpacing(16);
    row->addWidget(m_spaceSize, 1);
    l->addLayout(row);
    connect(table1, &QPushButton::clicked, this,
            [this] { editInputs([](AccelInputs& in) { in.setup.space = AccelSpace::table1(); }, tr("Use Table 1's space"), -1); });
    connect(hasco, &QPushButton::clicked, this,
            [this] { editInputs([](AccelInputs& in) { in.setup.space = AccelSpace::hasco(); }, tr("Use HASCO's lists"), -1); });
    return w;
}

void AccelWorkbench::refreshSpaceTable()
{
    const bool was = m_updating;
    m_updating = true;
    const AccelSpace& s = m_doc->inputs().setup.space;
    for (int g = 0; g < kEditableGenes; ++g) {
        const AccelGene gene = AccelGene(g);
        const GeneRange& r = s[gene];
        auto* name = readOnly(qs(accelGeneName(gene)), tr(kGeneHelp[g]));
        m_spaceTable->setItem(g, SpGene, name);
        auto* searched = new QTableWidgetItem;
        searched->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        searched->setCheckState(r.searched ? Qt::Checked : Qt::Unchecked);
        searched->setToolTip(tr("Ticked: the optimizers choose this gene; unticked: fixed"));
        m_spaceTable->setItem(g, SpSearched, searched);
        if (auto* how = qobject_cast<QComboBox*>(m_spaceTable->cellWidget(g, SpHow))) {
            how->setCurrentIndex(r.useList ? 1 : 0);
            how->setEnabled(r.searched);
        }
        auto editable = [&](const QString& text, bool enabled) {
            auto* it = new QTableWidgetItem(text);
            if (!enabled) {
                it->setFlags(it->flags() & ~Qt::ItemIsEditable);
                it->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
            }
            return it;
        };
        // Only the cells that define the gene's values show them (a fixed gene: its value only).
        const bool range = r.searched && !r.useList;
        m_spaceTable->setItem(g, SpLow, editable(range ? geneValueText(gene, r.lo) : QString(), range));
        m_spaceTable->setItem(g, SpHigh, editable(range ? geneValueText(gene, r.hi) : QString(), range));
        m_spaceTable->setItem(g, SpStep, editable(range ? QString::number(r.step) : QString(), range && gene != AccelGene::Dataflow));
        QStringList values;
        for (int v : r.list)
            values.append(geneValueText(gene, v));
        m_spaceTable->setItem(g, SpValues, editable(r.searched && r.useList ? values.join(QStringLiteral(", ")) : QString(),
                                                   r.searched && r.useList));
        m_spaceTable->setItem(g, SpFixed, editable(geneValueText(gene, r.fixed), !r.searched));
        m_spaceTable->setItem(g, SpCount, readOnly(QString::number(s.values(gene).size())));
    }
    m_updating = was;
    const std::vector<std::string> issues = validateAccelSpace(s);
    if (!issues.empty()) {
        m_spaceSize->setText(tr("<span style='color:#b00'>%1</span>").arg(qs(issues.front()).toHtmlEscaped()));
        return;
    }
    const double log10 = s.sizeLog10();
    m_spaceSize->setText(tr("<b>%1 designs</b> (10^%2; the paper's Table 1 has 1.46×10¹¹)")
                             .arg(log10 < 15 ? qs(formatSig(s.size(), 4)) : QStringLiteral("1e%1").arg(log10, 0, 'f', 1))
                             .arg(log10, 0, 'f', 2));
}

QString AccelWorkbench::spaceSizeText() const { return m_spaceSize->text(); }

void AccelWorkbench::applySpaceEdit(int row, int column)
{
    if (m_updating || row < 0 || row >= kEditableGenes)
        return;
    const QTableWidgetItem* it = m_spaceTable->item(row, column);
    if (!it)
        return;
    const QString text = column == SpSearched ? (it->checkState() == Qt::Checked ? QStringLiteral("yes") : QStringLiteral("no"))
                                              : it->text();
    const QString error = setSpaceCell(AccelGene(row), SpaceColumn(column), text);
    if (!error.isEmpty()) {
        reportError(error);
        refreshSpaceTable();
    }
}

QString AccelWorkbench::setSpaceCell(AccelGene gene, SpaceColumn column, const QString& text)
{
    AccelInputs in = m_doc->inputs();
    GeneRange& r = in.setup.space[gene];
    const QString name = qs(accelGeneName(gene));
    auto value = [&](const char* field, int& out) -> QString {
        const auto v = parseGeneValue(gene, text);
        if (!v)
            return tr("%1.%2: expected %3, got \"%4\"")
                .arg(name, QLatin1String(field), gene == AccelGene::Dataflow ? tr("WS or OS") : tr("an integer"), text);
        out = *v;
        return {};
    };
    QString error;
    switch (column) {
    case SpSearched:
        r.searched = text == QStringLiteral("yes");
        if (!r.searched)
            r.fixed = in.design.gene(gene); // fixing keeps the design shown
        break;
    case SpHow:
        r.useList = text == QStringLiteral("list");
        if (r.useList && r.list.empty()) {
            // Start the list from the range's values (at most 16 of them).
            AccelSpace copy = in.setup.space;
            copy[gene].useList = false;
            r.list = copy.values(gene);
            if (r.list.size() > 16)
                r.list.resize(16);
        }
        break;
    case SpLow:
        error = value("lo", r.lo);
        break;
    case SpHigh:
        error = value("hi", r.hi);
        break;
    case SpStep: {
        bool ok = false;
        r.step = text.trimmed().toInt(&ok);
        if (!ok)
            error = tr("%1.step: expected an integer, got \"%2\"").arg(name, text);
        break;
    }
    case SpValues: {
        r.list.clear();
        const QStringList parts = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (int k = 0; k < parts.size() && error.isEmpty(); ++k) {
            const auto v = parseGeneValue(gene, parts[k]);
            if (!v)
                error = tr("%1.values[%2]: expected %3, got \"%4\"")
                            .arg(name)
                            .arg(k)
                            .arg(gene == AccelGene::Dataflow ? tr("WS or OS") : tr("an integer"), parts[k].trimmed());
            else
                r.list.push_back(*v);
        }
        break;
    }
    case SpFixed:
        error = value("fixed", r.fixed);
        break;
    default:
        return tr("%1: this column is not editable").arg(name);
    }
    if (error.isEmpty()) {
        const std::string prefix = std::string(accelGeneName(gene)) + ".";
        for (const std::string& issue : validateAccelSpace(in.setup.space)) {
            if (issue.rfind(prefix, 0) == 0) {
                error = qs(issue);
                break;
            }
        }
    }
    if (!error.isEmpty())
        return error;
    m_doc->apply(std::move(in), tr("Edit the design space of %1").arg(name), kMergeSpace + int(gene) * 16 + int(column));
    return {};
}

// ---------------------------------------------------------------------------------------------
// Sensitivity tab

QWidget* AccelWorkbench::buildSensitivityTab()
{
    auto* w = new QWidget(this);
    auto* l = new QVBoxLayout(w);
    auto* help = new QLabel(tr("The paper's Table 3: a control design and seven groups, each raising one resource to "
                               "its Table 1 maximum. The paper ran MAESTRO with HASCO's noise (each total × (1 + U(0, "
                               "3 %))), so its values should lie 0 to +3 % above the model's (green). Group 1's area "
                               "(7.78×10⁶ in the paper) cannot be a 32×32 array's; it is read as 7.78×10⁸ and not "
                               "counted. The paper's numbers are for the vanilla RNN (29-100-29) with the default model."),
                            w);
    help->setWordWrap(true);
    l->addWidget(help);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Control design"), w));
    m_sensitivityControl = new QComboBox(w);
    m_sensitivityControl->addItem(tr("the paper's {8, 128, 64, WS, 1, 64, 64}"), 0);
    m_sensitivityControl->addItem(tr("the design shown in the Design tab"), 1);
    row->addWidget(m_sensitivityControl);
    auto* regenerate = new QPushButton(tr("Regenerate"), w);
    regenerate->setToolTip(tr("Evaluate the eight designs on the study's model now"));
    row->addWidget(regenerate);
    row->addStretch(1);
    l->addLayout(row);
    m_sensitivity = new QTableWidget(0, 9, w);
    m_sensitivity->setHorizontalHeaderLabels({tr("Group (hover: design)"), tr("Latency (cycles)"), tr("paper"), tr("Power (mW)"),
                                              tr("paper"), tr("paper/model − 1"), tr("Area (µm²)"), tr("paper"),
                                              tr("paper/model − 1")});
    m_sensitivity->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_sensitivity->verticalHeader()->setVisible(false);
    m_sensitivity->setEditTriggers(QAbstractItemView::NoEditTriggers);
    l->addWidget(m_sensitivity, 1);
    m_sensitivityLabel = new QLabel(w);
    m_sensitivityLabel->setWordWrap(true);
    l->addWidget(m_sensitivityLabel);
    connect(regenerate, &QPushButton::clicked, this, &AccelWorkbench::refreshSensitivity);
    connect(m_sensitivityControl, &QComboBox::currentIndexChanged, this, &AccelWorkbench::refreshSensitivity);
    return w;
}

void AccelWorkbench::refreshSensitivity()
{
    m_sensitivityDirty = false;
    const AccelInputs& in = m_doc->inputs();
    SensitivityTable t;
    try {
        const AccelModel model(in.setup.workload, in.setup.model);
        t = table3Sensitivity(model, m_sensitivityControl->currentIndex() == 1 ? in.design : AccelDesign{});
    } catch (const std::exception& e) {
        m_sensitivity->setRowCount(0);
        m_sensitivityLabel->setText(tr("Not evaluable: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    const bool paperSetup = in.setup.workload == RnnWorkload::make(RnnCell::Vanilla) && in.setup.model == AccelModelOptions{} &&
                            m_sensitivityControl->currentIndex() == 0;
    m_sensitivity->setRowCount(int(t.rows.size()));
    for (int r = 0; r < int(t.rows.size()); ++r) {
        const SensitivityRow& row = t.rows[std::size_t(r)];
        const AccelMetrics& m = row.metrics;
        auto delta = [&](double d, bool in, bool excluded) {
            auto* it = readOnly(m.valid ? QStringLiteral("%1 %").arg(100 * d, 0, 'f', 2) : QString());
            if (m.valid && paperSetup)
                it->setBackground(excluded ? kInvalid : in ? kFeasible : kViolating);
            it->setToolTip(excluded ? tr("Not counted: the paper's 7.78×10⁶ is read as 7.78×10⁸")
                                    : in ? tr("Inside HASCO's noise band [0, +3 %]") : tr("Outside HASCO's noise band [0, +3 %]"));
            return it;
        };
        m_sensitivity->setItem(r, 0, readOnly(qs(row.label), tr("Design %1").arg(qs(row.design.text()))));
        m_sensitivity->setItem(r, 1, readOnly(m.valid ? sig(m.latency, 6) : tr("invalid: %1").arg(qs(describeInvalid(m, in.setup.workload)))));
        m_sensitivity->setItem(r, 2, readOnly(sig(row.paperLatency, 6), tr("Latency is not reproduced (docs/reproduction.md explains why)")));
        m_sensitivity->setItem(r, 3, readOnly(m.valid ? sig(m.power, 6) : QString()));
        m_sensitivity->setItem(r, 4, readOnly(sig(row.paperPower, 6)));
        m_sensitivity->setItem(r, 5, delta(row.powerDelta, row.powerInBand, false));
        m_sensitivity->setItem(r, 6, readOnly(m.valid ? sig(m.area, 6) : QString()));
        m_sensitivity->setItem(r, 7, readOnly(row.areaExcluded ? tr("7.78×10⁶ (as 7.78×10⁸)") : sig(row.paperArea, 4)));
        m_sensitivity->setItem(r, 8, delta(row.areaDelta, row.areaInBand, row.areaExcluded));
    }
    m_sensitivity->resizeColumnsToContents();
    if (paperSetup)
        m_sensitivityLabel->setText(tr("<b>%1 of %2</b> power and area entries lie inside HASCO's noise band (the paper "
                                       "claims its values come from the same model).")
                                        .arg(t.inBand)
                                        .arg(t.entries));
    else
        m_sensitivityLabel->setText(tr("The paper's numbers are for the vanilla RNN 29-100-29 with the default model and "
                                       "its control design; with this study's settings the comparison columns are for "
                                       "reference only (not coloured)."));
}

QString AccelWorkbench::sensitivitySummary() const { return m_sensitivityLabel->text(); }

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

QList<QUndoStack*> AccelWorkbench::undoStacks() const { return {m_doc->undoStack()}; }

QUndoStack* AccelWorkbench::activeUndoStack() const { return m_doc->undoStack(); }

QString AccelWorkbench::setupText() const { return qs(setupLabel(m_doc->inputs())); }

void AccelWorkbench::showTab(int index) { m_tabs->setCurrentIndex(index); }

std::optional<Study> AccelWorkbench::study() const
{
    Study st = makeStudy(studyName().toStdString(), m_doc->inputs());
    st.optimizer = m_runs->optimizerPanel()->settings();
    st.runs = m_runs->records();
    return st;
}

bool AccelWorkbench::setStudy(const Study& study, QString* error)
{
    const auto* in = (study.inputs).getIf<AccelInputs>();
    if (!in) {
        if (error)
            *error = tr("not an accelerator-sizing study");
        return false;
    }
    try {
        AccelModel check(in->setup.workload, in->setup.model);
        if (const std::string why = AccelModel::checkDesign(in->design); !why.empty())
            throw InputError("design: " + why);
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return false;
    }
    setStudyName(qs(study.name));
    m_doc->setInputs(*in);
    restoreOptimizerAndRuns(study);
    m_stagesView->syncChooser();
    return true;
}

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

QString AccelWorkbench::openFileFilter() const { return tr("Accelerator-sizing studies and designs (*.json)"); }

QString AccelWorkbench::openFile(const QString& path)
{
    try {
        const std::string p = path.toStdString();
        const std::string text = readTextFile(p);
        const std::string schema = detectSchema(text);
        const QString label = tr("Open %1").arg(QFileInfo(path).fileName());
        // A run result or a bare design; a study written without its schema member has a workload.
        if (schema == "accel-result" || (schema.empty() && text.find("\"workload\"") == std::string::npos)) {
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

QString AccelWorkbench::resultsFilter() const { return tr("Text report (*.txt);;JSON (*.json);;CSV (*.csv)"); }

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

QString AccelWorkbench::mappingFilter() const
{
    return tr("MAESTRO files, one per component (*.m);;Design with metrics (*.json);;Accelerator-sizing study (*.study.json)");
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
