// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The tensor-placement workbench's Memory map tab: the map shown, its latency, pins and a run's policy.

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

QWidget* PlacementWorkbench::buildMapTab()
{
    auto* page = new QWidget(this);
    auto* v = new QVBoxLayout(page);
    auto* bar = new QHBoxLayout;
    m_showMode = new QComboBox(page);
    m_showMode->addItems({tr("Levels"), tr("Policy probabilities (selected run)")});
    m_showMode->setToolTip(tr("Probabilities: the selected EGRL / EA / PG run's current champion — a GNN's softmax or a "
                              "Boltzmann chromosome's prior at its temperature (grey strip: darker = colder)"));
    connect(m_showMode, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i == 1 && !showPolicyDistribution(true)) {
            Q_EMIT message(tr("Select an EGRL, EA or PG run in the Optimize tab first"), 6000);
            QSignalBlocker block(m_showMode);
            m_showMode->setCurrentIndex(0);
        }
        if (i == 0)
            showPolicyDistribution(false);
    });
    m_resetMap = new QPushButton(tr("Compiler's map"), page);
    m_resetMap->setToolTip(tr("Start again from the compiler's own map (undoable)"));
    connect(m_resetMap, &QPushButton::clicked, this, &PlacementWorkbench::resetToCompilerMap);
    m_clearPins = new QPushButton(tr("Clear pins"), page);
    m_clearPins->setToolTip(tr("Unpin every tensor: runs may move them again"));
    connect(m_clearPins, &QPushButton::clicked, this,
            [this] { edit([](PlacementInputs& in) { in.pins.clear(); }, tr("Clear pins")); });
    bar->addWidget(new QLabel(tr("Show:"), page));
    bar->addWidget(m_showMode);
    bar->addStretch(1);
    bar->addWidget(m_resetMap);
    bar->addWidget(m_clearPins);
    v->addLayout(bar);

    m_mapView = new MemoryMapView(page);
    m_mapView->setToolTip(QString());
    connect(m_mapView, &MemoryMapView::cellClicked, this, [this](int node, bool weights, Qt::KeyboardModifiers mods) {
        if (mods & Qt::ControlModifier)
            togglePin(node, weights);
        else
            cycleTensor(node, weights);
    });
    v->addWidget(m_mapView);
    m_timeline = new PlacementTimelineView(page);
    v->addWidget(m_timeline);

    m_summary = new QLabel(page);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto* lower = new QHBoxLayout;
    auto* summaryBox = new QGroupBox(tr("This map"), page);
    auto* sv = new QVBoxLayout(summaryBox);
    // In a scroll area: the wrapped label's height-for-width reached the page's layout, which then
    // gave the timeline above less than its fixed height in windows under about 950 pixels, and
    // the timeline's legend covered these boxes (issue 49, item 7).
    auto* summaryScroll = new QScrollArea(summaryBox);
    summaryScroll->setFrameShape(QFrame::NoFrame);
    summaryScroll->setWidgetResizable(true);
    summaryScroll->setWidget(m_summary);
    sv->addWidget(summaryScroll);
    lower->addWidget(summaryBox, 3);

    auto* matrixBox = new QGroupBox(tr("Moves from the compiler's map (Fig. 6 top)"), page);
    auto* mv = new QVBoxLayout(matrixBox);
    m_transitionKind = new QComboBox(matrixBox);
    m_transitionKind->addItems({tr("Weights and activations"), tr("Weights"), tr("Activations")});
    connect(m_transitionKind, &QComboBox::currentIndexChanged, this, [this] { refreshMap(); });
    mv->addWidget(m_transitionKind);
    m_transitions = new QTableWidget(3, 3, matrixBox);
    cells::setColumns(m_transitions,
                      {{tr("→ SRAM"), tr("Share of the row level's tensors (in the compiler's map) that this map puts in SRAM, "
                                         "with their count in brackets")},
                       {tr("→ LLC"), tr("Share of the row level's tensors that this map puts in the last-level cache (count)")},
                       {tr("→ DRAM"), tr("Share of the row level's tensors that this map puts in DRAM (count)")}});
    m_transitions->setVerticalHeaderLabels({tr("SRAM"), tr("LLC"), tr("DRAM")});
    m_transitions->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_transitions->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_transitions->setToolTip(tr("Row: the compiler's level; columns: where this map puts those tensors (share of the "
                                 "row, with the count); tensors without weights are left out"));
    mv->addWidget(m_transitions);
    lower->addWidget(matrixBox, 2);
    v->addLayout(lower, 1);
    return page;
}

MemoryMap PlacementWorkbench::shownMap() const
{
    if (inputs().map && m_model && inputs().map->size() == m_model->nodeCount())
        return *inputs().map;
    return m_model ? m_model->compilerMap() : MemoryMap{};
}

void PlacementWorkbench::refreshMap()
{
    if (!m_model) {
        m_summary->setText(tr("The inputs are invalid; fix the hardware or the workload."));
        return;
    }
    const PlacementModel& m = *m_model;
    const MemoryMap shown = shownMap();
    // One legalization serves the summary, the map's demotion marks and the timeline.
    std::mt19937_64 rng(1);
    PlacementOutcome o;
    Legalization legal;
    LegalizerScratch scratch;
    m.evaluate(shown, rng, o, legal, scratch);
    m_mapView->setMaps(m_model, m.compilerMap(), tr("Compiler"), shown, tr("This map"), legal.map, inputs().pins, true);
    m_timeline->setMap(m_model, shown, legal.map);
    const double legalSpeedup = m.compilerLatency() / o.latency;
    QString text;
    if (o.valid)
        text = tr("<b>Valid</b>: latency <b>%1</b>, speed-up <b>%2×</b> over the compiler's %3; reward s² = %4.")
                   .arg(secondsText(o.latency))
                   .arg(legalSpeedup, 0, 'f', 3)
                   .arg(secondsText(m.compilerLatency()))
                   .arg(legalSpeedup * legalSpeedup - (m.rewardOptions().squaredMinusOne ? 1 : 0), 0, 'f', 3);
    else
        text = tr("<b style='color:#c62828'>Invalid</b>: the compiler demotes %1 tensor(s), ε = <b>%2</b> of the mappable "
                  "bytes, so no inference runs and the reward is %3. The legalized map would run in %4 "
                  "(speed-up %5×).")
                   .arg(legal.demotedTensors)
                   .arg(o.epsilon, 0, 'f', 4)
                   .arg(o.reward, 0, 'f', 4)
                   .arg(secondsText(o.latency))
                   .arg(legalSpeedup, 0, 'f', 3);
    const Occupancy& occ = m_timeline->legalOccupancy();
    const double sramPeak = *std::max_element(occ.sramPerIce.begin(), occ.sramPerIce.end());
    const double llcPeak = *std::max_element(occ.llc.begin(), occ.llc.end());
    const int memoryBound = m_timeline->memoryBoundNodes();
    text += tr("<br>Peak occupancy: SRAM %1 of %2 per ICE, LLC %3 of %4. %5 of %6 nodes are memory-bound.")
                .arg(bytesText(sramPeak), bytesText(occ.sramCapacity), bytesText(llcPeak), bytesText(occ.llcCapacity))
                .arg(memoryBound)
                .arg(m.nodeCount());
    text += tr("<br>Ceiling (every tensor in SRAM, capacities ignored): %1×. Pinned tensors: %2.")
                .arg(m.speedup(MemoryMap::uniform(m.nodeCount(), placement::Level::Sram)), 0, 'f', 3)
                .arg(inputs().pins.size());
    m_summary->setText(text);

    // Transition matrix: compiler level → this map's level, row-normalised.
    int counts[3][3] = {};
    const int which = m_transitionKind->currentIndex();
    for (int i = 0; i < m.nodeCount(); ++i) {
        if (which != 2 && m.hasWeights(i))
            ++counts[m.compilerMap().weights[std::size_t(i)]][shown.weights[std::size_t(i)]];
        if (which != 1)
            ++counts[m.compilerMap().activations[std::size_t(i)]][shown.activations[std::size_t(i)]];
    }
    for (int r = 0; r < 3; ++r) {
        const int total = counts[r][0] + counts[r][1] + counts[r][2];
        for (int c = 0; c < 3; ++c) {
            auto* item = new QTableWidgetItem(total ? QStringLiteral("%1 (%2)").arg(double(counts[r][c]) / total, 0, 'f', 2).arg(counts[r][c])
                                                    : QStringLiteral("–"));
            item->setTextAlignment(Qt::AlignCenter);
            if (total && counts[r][c] > 0) {
                QColor bg = MemoryMapView::levelColor(placement::Level(c));
                bg.setAlphaF(0.15 + 0.6 * double(counts[r][c]) / total);
                item->setBackground(bg);
            }
            m_transitions->setItem(r, c, item);
        }
    }
    m_clearPins->setEnabled(!inputs().pins.empty());
    m_resetMap->setEnabled(inputs().map.has_value());
}

QString PlacementWorkbench::mapSummary() const { return m_summary->text(); }

void PlacementWorkbench::cycleTensor(int node, bool weights)
{
    if (!m_model || node < 0 || node >= m_model->nodeCount() || (weights && !m_model->hasWeights(node)))
        return;
    MemoryMap m = shownMap();
    auto& levels = weights ? m.weights : m.activations;
    levels[std::size_t(node)] = std::uint8_t((levels[std::size_t(node)] + 1) % kLevelCount);
    const QString what = tr("%1 of %2 to %3")
                             .arg(weights ? tr("weights") : tr("activation"),
                                  qs(m_model->graph().nodes[std::size_t(node)].name), levelText(levels[std::size_t(node)]));
    edit(
        [&](PlacementInputs& in) {
            in.map = m;
            for (Pin& p : in.pins)
                if (p.node == node && p.weights == weights)
                    p.level = placement::Level(levels[std::size_t(node)]);
        },
        tr("Move %1").arg(what));
}

void PlacementWorkbench::togglePin(int node, bool weights)
{
    if (!m_model || node < 0 || node >= m_model->nodeCount() || (weights && !m_model->hasWeights(node)))
        return;
    const MemoryMap m = shownMap();
    edit(
        [&](PlacementInputs& in) {
            const auto it = std::find_if(in.pins.begin(), in.pins.end(),
                                         [&](const Pin& p) { return p.node == node && p.weights == weights; });
            if (it != in.pins.end()) {
                in.pins.erase(it);
                return;
            }
            in.pins.push_back({node, weights, placement::Level((weights ? m.weights : m.activations)[std::size_t(node)])});
            in.map = m;
        },
        tr("Pin / unpin %1").arg(qs(m_model->graph().nodes[std::size_t(node)].name)));
}

void PlacementWorkbench::resetToCompilerMap()
{
    edit([](PlacementInputs& in) { in.map.reset(); }, tr("Compiler's map"));
}

QString PlacementWorkbench::showResultMap(const QString& json, const QString& label)
{
    if (!m_model)
        return tr("the study's inputs are invalid");
    try {
        const PlacementMapFile f = placementMapFromJson(json.toStdString(), label.toStdString(), m_model->nodeCount());
        edit([&f](PlacementInputs& in) { in.map = f.map; }, tr("Show %1").arg(label));
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

bool PlacementWorkbench::showPolicyDistribution(bool on)
{
    if (!on) {
        m_distributionTimer.stop();
        m_mapView->setDistribution(std::nullopt);
        return true;
    }
    OptimizerRun* run = m_runs->selectedRun();
    const std::string snap = run ? run->latestSnapshot("egrl/distribution") : std::string();
    if (snap.empty() || !m_model)
        return false;
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(snap)).object();
    MapDistribution d;
    d.source = o.value(QStringLiteral("source")).toString().toStdString();
    const auto rows = [&](const QString& key, std::vector<std::array<float, 3>>& out) {
        for (const QJsonValue& r : o.value(key).toArray()) {
            const QJsonArray a = r.toArray();
            out.push_back({float(a.at(0).toDouble()), float(a.at(1).toDouble()), float(a.at(2).toDouble())});
        }
    };
    rows(QStringLiteral("activations"), d.activations);
    rows(QStringLiteral("weights"), d.weights);
    for (const QJsonValue& t : o.value(QStringLiteral("temperature")).toArray())
        d.temperature.push_back(float(t.toDouble()));
    if (int(d.activations.size()) != m_model->nodeCount() || int(d.weights.size()) != m_model->nodeCount())
        return false;
    m_mapView->setDistribution(std::move(d));
    if (run->state() == RunState::Running || run->state() == RunState::Paused)
        m_distributionTimer.start();
    else
        m_distributionTimer.stop();
    return true;
}

void PlacementWorkbench::refreshShownView()
{
    // The run views follow the runs a few times per second, and only while shown.
    switch (m_tabs->currentIndex()) {
    case CurvesTab:
        m_curves->refresh();
        break;
    case TrainingTab:
        m_training->refresh();
        break;
    case ZeroShotTab:
        m_zeroShot->refresh();
        break;
    case EmbeddingTab:
        m_embedding->refresh(m_model);
        break;
    default:
        break;
    }
}

} // namespace mapscape
