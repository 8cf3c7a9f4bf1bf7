// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// The tensor-placement workbench (seed 004): the memory map follows the model (compiler's map,
/// §6.7 latency), clicks cycle and pin tensors with instant validity, ε and speed-up, every edit
/// undoes exactly, bad hardware values and files are refused naming the field, a run's best map
/// can be shown, and the project keeps map, pins and runs.

#include "kinds/placement/core/placement_study.h"
#include "kinds/placement/core/placement_io.h"
#include "core/study/project_io.h"
#include "core/runner/optimizer_run.h"
#include "widgets/document/inputs_document.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/placement/widgets/memory_map_view.h"
#include "kinds/placement/widgets/placement_timeline_view.h"
#include "kinds/placement/widgets/placement_curves_view.h"
#include "kinds/placement/widgets/placement_training_view.h"
#include "widgets/charts/band_chart.h"
#include "kinds/placement/widgets/map_embedding_view.h"
#include "widgets/charts/live_line_chart.h"
#include "kinds/placement/widgets/placement_workbench.h"

#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>

using namespace mapscape;
namespace pl = mapscape::placement;

namespace {

void shot(QWidget& w, const char* name)
{
    if (qEnvironmentVariableIsSet("MAPSCAPE_TEST_SHOTS"))
        w.grab().save(qEnvironmentVariable("MAPSCAPE_TEST_SHOTS") + QLatin1Char('/') + QLatin1String(name));
}

OptimizerRun* runMethod(PlacementWorkbench& w, const char* id, const char* iterations)
{
    RunsPanel* runs = w.runsPanel();
    QSignalSpy finished(runs, &RunsPanel::runFinished);
    if (!runs->optimizerPanel()->selectOptimizer(QLatin1String(id)) ||
        !runs->optimizerPanel()->setOption(QStringLiteral("iterations"), QLatin1String(iterations)))
        return nullptr;
    OptimizerRun* run = runs->startRun();
    if (!run || !finished.wait(120000))
        return nullptr;
    runs->drain();
    return run;
}

int rowOf(const QTableWidget* t, const QString& label)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->verticalHeaderItem(r) && t->verticalHeaderItem(r)->text() == label)
            return r;
    return -1;
}

} // namespace

class TestPlacementWorkbench : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void mapFollowsEdits()
    {
        PlacementWorkbench w;
        w.resize(1400, 860);
        w.show();
        QVERIFY(w.model());
        QCOMPARE(w.model()->nodeCount(), 57);
        QVERIFY2(w.mapSummary().contains(QStringLiteral("631.7 µs")), qPrintable(w.mapSummary()));
        QVERIFY(w.mapSummary().contains(QLatin1String("Valid")));
        // Transition matrix of the compiler's own map: the identity (57 / 21 / 33 tensors).
        QCOMPARE(w.transitionTable()->item(0, 0)->text(), QStringLiteral("1.00 (57)"));
        QCOMPARE(w.transitionTable()->item(2, 2)->text(), QStringLiteral("1.00 (33)"));
        QCOMPARE(w.timelineView()->overflowSteps(), 0);

        // Clicking the fc node's weights (2 MB, DRAM in the compiler's map) cycles DRAM → SRAM.
        const int fc = 55;
        QCOMPARE(int(w.shownMap().weights[fc]), int(pl::Level::Dram));
        QTest::mouseClick(w.mapView(), Qt::LeftButton, {}, w.mapView()->cellCenter(2, fc));
        QCOMPARE(int(w.shownMap().weights[fc]), int(pl::Level::Sram));
        // 2 MB replicated in 4 MiB SRAM fits: valid and faster.
        QVERIFY2(w.mapSummary().contains(QLatin1String("Valid")), qPrintable(w.mapSummary()));
        QVERIFY(!w.mapSummary().contains(QLatin1String("speed-up <b>1.000")));
        QCOMPARE(w.transitionTable()->item(2, 0)->text(), QStringLiteral("0.03 (1)"));
        // The tooltip explains the tensor and its timing.
        const QString tip = w.mapView()->tooltipFor(2, fc);
        QVERIFY2(tip.contains(QLatin1String("fc")) && tip.contains(QLatin1String("SRAM")) &&
                     tip.contains(QLatin1String("the compiler puts it in DRAM")),
                 qPrintable(tip));
        // Ctrl+click pins it; the pin survives, runs keep it.
        QTest::mouseClick(w.mapView(), Qt::LeftButton, Qt::ControlModifier, w.mapView()->cellCenter(2, fc));
        QCOMPARE(int(w.inputs().pins.size()), 1);
        QCOMPARE(w.inputs().pins[0].node, fc);
        QVERIFY(w.inputs().pins[0].weights);
        QCOMPARE(w.inputs().pins[0].level, pl::Level::Sram);
        // Weight-less nodes ignore clicks on their weights (maxpool is node 1).
        const pl::MemoryMap before = w.shownMap();
        QTest::mouseClick(w.mapView(), Qt::LeftButton, {}, w.mapView()->cellCenter(2, 1));
        QCOMPARE(w.shownMap(), before);

        // Too much in SRAM: every activation in SRAM and all weights too → invalid, ε named.
        QTemporaryDir dir;
        const QString all = dir.filePath(QStringLiteral("all-sram.json"));
        {
            QFile f(all);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::fromStdString(placementMapToJson(w.inputs().workload,
                                                                 pl::MemoryMap::uniform(57, pl::Level::Sram))));
        }
        QCOMPARE(w.openFile(all), QString());
        QVERIFY2(w.mapSummary().contains(QLatin1String("Invalid")) && w.mapSummary().contains(QLatin1String("0.6261")),
                 qPrintable(w.mapSummary()));
        // The capacity timeline shows where the proposal overflows and why tensors are demoted.
        QVERIFY(w.timelineView()->overflowSteps() > 0);
        const QString over = w.timelineView()->tooltipFor(0, 40);
        QVERIFY2(over.contains(QLatin1String("over capacity")), qPrintable(over));
        QVERIFY(w.timelineView()->tooltipFor(2, 0).contains(QLatin1String("compute")));
        QTest::qWait(50); // let the summary's word-wrapped label take its new height
        shot(w, "placement-map.png");
        // Undo walks back exactly: the file, the pin, the click.
        QUndoStack* undo = w.activeUndoStack();
        undo->undo();
        undo->undo();
        undo->undo();
        QVERIFY(w.inputs().pins.empty());
        QCOMPARE(int(w.shownMap().weights[fc]), int(pl::Level::Dram));
        w.resetToCompilerMap();
        QVERIFY(!w.inputs().map.has_value());
    }

    void hardwareAndWorkload()
    {
        PlacementWorkbench w;
        QTableWidget* hw = w.hardwareTable();
        const int llc = rowOf(hw, QStringLiteral("LLC"));
        const int noise = rowOf(hw, QStringLiteral("Measurement noise σ"));
        QVERIFY(llc >= 0 && noise >= 0);
        QVERIFY(w.setHardwareCell(llc, QStringLiteral("0")).contains(QStringLiteral("LLC (MiB): must be positive")));
        // Reported in the unit typed (MiB), not in bytes.
        QCOMPARE(w.setHardwareCell(llc, QStringLiteral("-3")), QStringLiteral("LLC (MiB): must be positive, got -3"));
        QVERIFY(w.setHardwareCell(llc, QStringLiteral("lots")).startsWith(QStringLiteral("LLC (MiB): ")));
        QCOMPARE(w.inputs().hardware.llcBytes, 24.0 * 1024 * 1024);
        QCOMPARE(w.setHardwareCell(noise, QStringLiteral("0")), QString());
        QCOMPARE(w.inputs().hardware.noiseSigma, 0.0);
        QCOMPARE(w.setHardwareCell(llc, QStringLiteral("12")), QString());
        QCOMPARE(w.inputs().hardware.llcBytes, 12.0 * 1024 * 1024);
        // The compiler's LLC weights (≤ 128 KiB each) take under 1 MiB: half the LLC changes nothing …
        QVERIFY(std::abs(w.model()->compilerLatency() - 631.7e-6) < 0.05e-6);
        // … but a 4 MiB threshold lets the compiler put big weights in the LLC: its map speeds up.
        QCOMPARE(w.setHardwareCell(rowOf(hw, QStringLiteral("Compiler weight threshold θ_w")), QStringLiteral("4096")), QString());
        QVERIFY(w.model()->compilerLatency() < 600e-6);
        const int mode = rowOf(hw, QStringLiteral("SRAM model"));
        QVERIFY(w.setHardwareCell(mode, QStringLiteral("pooled")).startsWith(QStringLiteral("SRAM model: ")));
        // Typing into the table as a user would (item edit) applies the value.
        hw->item(noise, 0)->setText(QStringLiteral("0.05"));
        QCOMPARE(w.inputs().hardware.noiseSigma, 0.05);
        // A refused value typed into the table (issue 31): no dialog; the cell keeps what was
        // typed, tinted, and says why in the table's words, as does the status line.
        QSignalSpy errors(&w, &StudyWorkbench::errorOccurred);
        QSignalSpy status(&w, &StudyWorkbench::message);
        w.show();
        hw->setCurrentCell(llc, 0);
        hw->editItem(hw->item(llc, 0));
        auto* editor = hw->viewport()->findChild<QLineEdit*>();
        QVERIFY(editor != nullptr);
        editor->setText(QStringLiteral("-3"));
        // What Return in the editor does: the delegate commits the text, then closes the editor.
        Q_EMIT hw->itemDelegate()->commitData(editor);
        Q_EMIT hw->itemDelegate()->closeEditor(editor, QAbstractItemDelegate::SubmitModelCache);
        QCOMPARE(errors.count(), 0);
        QCOMPARE(hw->item(llc, 0)->text(), QStringLiteral("-3"));
        QCOMPARE(hw->item(llc, 0)->toolTip(), QStringLiteral("LLC (MiB): must be positive, got -3"));
        QCOMPARE(status.last().at(0).toString(), QStringLiteral("LLC (MiB): must be positive, got -3"));
        QCOMPARE(w.inputs().hardware.llcBytes, 12.0 * 1024 * 1024);
        // Fixed in place: accepted, and the status line clears.
        hw->item(llc, 0)->setText(QStringLiteral("16"));
        QCOMPARE(w.inputs().hardware.llcBytes, 16.0 * 1024 * 1024);
        QVERIFY(status.last().at(0).toString().isEmpty());
        w.activeUndoStack()->undo();
        for (int k = 0; k < 4; ++k)
            w.activeUndoStack()->undo();
        QCOMPARE(w.inputs().hardware, pl::nnpiHardwareLike());
        QVERIFY(w.setHardwareCell(rowOf(hw, QStringLiteral("Invalid-map reward κ")), QStringLiteral("-1"))
                    .startsWith(QStringLiteral("Invalid-map reward κ: ")));

        w.chooseWorkload(QStringLiteral("bert"));
        QCOMPARE(w.model()->nodeCount(), 376);
        QCOMPARE(w.nodeTable()->rowCount(), 376);
        QVERIFY2(w.mapSummary().contains(QStringLiteral("2.205 ms")), qPrintable(w.mapSummary()));
        w.activeUndoStack()->undo();
        QCOMPARE(w.model()->nodeCount(), 57);

        // The node table edits the graph in place, one undo step per cell, naming bad fields.
        const pl::WorkloadGraph resnet = w.inputs().workload;
        const double compiler = w.model()->compilerLatency();
        using C = PlacementWorkbench::NodeColumn;
        QCOMPARE(w.setWorkloadCell(56, C::MacsColumn, QStringLiteral("abc")),
                 w.nodeTable()->item(56, C::NameColumn)->text() +
                     QStringLiteral(" (node 56), MACs: expected a non-negative number of MACs (or with k, M, G: \"118 M\"), "
                                    "got \"abc\""));
        QVERIFY2(w.setWorkloadCell(0, C::OutputColumn, QStringLiteral("0 × 112 × 64")).contains(QStringLiteral(" (node 0), Output (x × y × z): ")),
                 qPrintable(w.setWorkloadCell(0, C::OutputColumn, QStringLiteral("0 × 112 × 64"))));
        QVERIFY(w.setWorkloadCell(0, C::OutputColumn, QStringLiteral("112 by 112")).contains(QStringLiteral(" (node 0), Output (x × y × z): ")));
        QVERIFY(w.setWorkloadCell(3, C::InputsColumn, QStringLiteral("conv1, nope")).contains(QLatin1String("\"nope\" is not an earlier node")));
        QVERIFY(w.setWorkloadCell(3, C::InputsColumn, QStringLiteral("9")).contains(QStringLiteral(" (node 3), Inputs: ")));
        QVERIFY(w.setWorkloadCell(2, C::NameColumn, QStringLiteral("conv1")).contains(QLatin1String("already called")));
        QVERIFY(w.setWorkloadCell(2, C::OpColumn, QStringLiteral("lstm")).contains(QStringLiteral(" (node 2), Op: unknown op")));
        QVERIFY(w.setWorkloadCell(2, C::WeightsColumn, QStringLiteral("-5")).contains(QStringLiteral(" (node 2), Weights: ")));
        QVERIFY(!w.setWorkloadCell(2, C::ActivationColumn, QStringLiteral("5")).isEmpty());
        QCOMPARE(w.inputs().workload, resnet);
        // The fc layer's weights 10× larger: slower from DRAM, the compiler's latency grows.
        const qint64 fcBytes = resnet.nodes[55].weights;
        QCOMPARE(w.nodeTable()->item(55, C::NameColumn)->text(), QStringLiteral("fc"));
        QCOMPARE(w.setWorkloadCell(55, C::WeightsColumn, QString::number(10 * fcBytes)), QString());
        QCOMPARE(w.inputs().workload.nodes[55].weights, 10 * fcBytes);
        QCOMPARE(w.inputs().workload.name, std::string("ResNet-50 (edited)"));
        QVERIFY(w.model()->compilerLatency() > compiler);
        // Typing into the table as a user would: the activation bytes follow the new shape.
        w.nodeTable()->item(0, C::OutputColumn)->setText(QStringLiteral("112 x 112 x 32"));
        QCOMPARE(w.inputs().workload.nodes[0].ofm, (std::array<std::int64_t, 3>{112, 112, 32}));
        QCOMPARE(w.nodeTable()->item(0, C::ActivationColumn)->text(), QStringLiteral("392 KiB")); // 112 × 112 × 32 B
        w.nodeTable()->item(0, C::OutputColumn)->setText(QStringLiteral("-1 x 2 x 3"));
        QCOMPARE(w.inputs().workload.nodes[0].ofm, (std::array<std::int64_t, 3>{112, 112, 32}));
        // Refused: the typed text stays, saying why, until fixed.
        QCOMPARE(w.nodeTable()->item(0, C::OutputColumn)->text(), QStringLiteral("-1 x 2 x 3"));
        QVERIFY2(w.nodeTable()->item(0, C::OutputColumn)->toolTip().contains(QStringLiteral(" (node 0), Output (x × y × z): ")),
                 qPrintable(w.nodeTable()->item(0, C::OutputColumn)->toolTip()));
        w.nodeTable()->item(0, C::OutputColumn)->setText(QStringLiteral("112 x 112 x 32"));
        QCOMPARE(w.nodeTable()->item(0, C::OutputColumn)->text(), QStringLiteral("112 × 112 × 32"));
        QVERIFY(w.nodeTable()->item(0, C::OutputColumn)->toolTip().isEmpty());
        w.activeUndoStack()->undo();
        w.activeUndoStack()->undo();
        QCOMPARE(w.inputs().workload, resnet);
        QCOMPARE(w.model()->compilerLatency(), compiler);

        // Bad files name file and field; the study is unchanged.
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("w.csv"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("name,op,inputs,ofm_x,ofm_y,ofm_z\na,conv,,4,4,0\n");
        }
        const QString e = w.openFile(bad);
        QVERIFY2(e.contains(QLatin1String("w.csv:2")) && e.contains(QLatin1String("ofm_z")), qPrintable(e));
        QCOMPARE(w.model()->nodeCount(), 57);
        // A good CSV workload replaces the graph.
        const QString good = dir.filePath(QStringLiteral("tiny.csv"));
        {
            QFile f(good);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("name,op,inputs,ofm_x,ofm_y,ofm_z,weight_size,macs,external_input\n"
                    "stem,conv,,56,56,64,9408,29503488,150528\nhead,fc,stem,1,1,10,501760,501760,\n");
        }
        QCOMPARE(w.openFile(good), QString());
        QCOMPARE(w.model()->nodeCount(), 2);
    }

    /// Issue 49, item 4: the Workload tab showed tensor sizes as plain bytes ("802816"), MACs in
    /// millions with decimals, and the Hardware tab its values with '%g' and a separate unit. Now
    /// sizes read in B / KiB / MiB / GiB on every tab, counts whole, times in ns … s; the editors
    /// start from the exact value and take a unit.
    void numbersReadInEngineeringUnits()
    {
        PlacementWorkbench w;
        w.resize(1280, 800);
        w.show();
        using C = PlacementWorkbench::NodeColumn;
        QTableWidget* nodes = w.nodeTable();
        const QRegularExpression size(QStringLiteral("^\\d+(\\.\\d+)? (B|KiB|MiB|GiB)$"));
        const QRegularExpression count(QStringLiteral("^(\\d{1,4}|\\d+(\\.\\d+)? [kMG])$"));
        for (int r = 0; r < nodes->rowCount(); ++r) {
            for (int c : {int(C::WeightsColumn), int(C::ActivationColumn)}) {
                const QString t = nodes->item(r, c)->text();
                QVERIFY2(size.match(t).hasMatch() || (c == C::WeightsColumn && t == QStringLiteral("–")), qPrintable(t));
            }
            const QString macs = nodes->item(r, C::MacsColumn)->text();
            QVERIFY2(count.match(macs).hasMatch() || macs == QStringLiteral("–"), qPrintable(macs));
        }
        QCOMPARE(nodes->horizontalHeaderItem(C::WeightsColumn)->text(), QStringLiteral("Weights"));
        QCOMPARE(nodes->horizontalHeaderItem(C::MacsColumn)->text(), QStringLiteral("MACs"));
        // conv1: 9,408 B of weights, a 112 × 112 × 64 activation, 118,013,952 MACs.
        QCOMPARE(nodes->item(0, C::WeightsColumn)->text(), QStringLiteral("9.188 KiB"));
        QCOMPARE(nodes->item(0, C::ActivationColumn)->text(), QStringLiteral("784 KiB"));
        QCOMPARE(nodes->item(0, C::MacsColumn)->text(), QStringLiteral("118 M"));
        // The editors start from the exact value.
        QCOMPARE(nodes->item(0, C::WeightsColumn)->data(Qt::EditRole).toString(), QStringLiteral("9408"));
        QCOMPARE(nodes->item(0, C::MacsColumn)->data(Qt::EditRole).toString(), QStringLiteral("118013952"));
        // Typed with a unit, as the column reads (one undo step each).
        const std::int64_t bpe = w.inputs().hardware.bytesPerElement;
        nodes->item(0, C::WeightsColumn)->setText(QStringLiteral("18.375 KiB"));
        QCOMPARE(w.inputs().workload.nodes[0].weights * bpe, std::int64_t(18816));
        QCOMPARE(nodes->item(0, C::WeightsColumn)->text(), QStringLiteral("18.38 KiB"));
        nodes->item(0, C::MacsColumn)->setText(QStringLiteral("236 M"));
        QCOMPARE(w.inputs().workload.nodes[0].macs, std::int64_t(236000000));
        QVERIFY(w.setWorkloadCell(0, C::WeightsColumn, QStringLiteral("1.5 B")).contains(QLatin1String("whole number of bytes")));
        QVERIFY(w.setWorkloadCell(0, C::WeightsColumn, QStringLiteral("3 GB/s")).contains(QLatin1String("whole number of bytes")));
        w.activeUndoStack()->undo();
        w.activeUndoStack()->undo();
        QCOMPARE(nodes->item(0, C::WeightsColumn)->text(), QStringLiteral("9.188 KiB"));
        // The summary line in the same units: sizes in bytes' units, MACs as a count.
        QString summary;
        for (const QLabel* l : w.findChildren<QLabel*>())
            if (l->text().startsWith(QStringLiteral("ResNet-50: 57 nodes")))
                summary = l->text();
        QVERIFY2(summary.contains(QStringLiteral("; weights 24.32 MiB, 4.089 G MACs, largest activation 784 KiB;")),
                 qPrintable(summary));

        // Hardware: values with their unit, sizes as the Workload tab's.
        QTableWidget* hw = w.hardwareTable();
        QCOMPARE(hw->columnCount(), 2);
        const auto value = [&](const char* label) { return hw->item(rowOf(hw, QString::fromUtf8(label)), 0)->text(); };
        QCOMPARE(value("SRAM per ICE"), QStringLiteral("4 MiB"));
        QCOMPARE(value("LLC"), QStringLiteral("24 MiB"));
        QCOMPARE(value("DRAM"), QStringLiteral("32 GiB"));
        QCOMPARE(value("Compiler weight threshold θ_w"), QStringLiteral("128 KiB"));
        QCOMPARE(value("SRAM bandwidth"), QStringLiteral("6800 GB/s"));
        QCOMPARE(value("DRAM bandwidth"), QStringLiteral("67.2 GB/s"));
        QCOMPARE(value("Overhead per node"), QStringLiteral("2 µs"));
        QCOMPARE(value("Measurement noise σ"), QStringLiteral("0.02"));
        QCOMPARE(value("Inference compute engines"), QStringLiteral("12"));
        for (int r = 0; r < hw->rowCount(); ++r)
            QVERIFY2(!hw->item(r, 0)->text().contains(QRegularExpression(QStringLiteral("\\de[+-]\\d|\\d{5}"))),
                     qPrintable(hw->item(r, 0)->text()));
        const int llc = rowOf(hw, QStringLiteral("LLC"));
        QCOMPARE(hw->item(llc, 0)->data(Qt::EditRole).toString(), QStringLiteral("24 MiB"));
        // Typed in another size unit: 512 KiB is 0.5 MiB, shown as it reads best.
        hw->item(llc, 0)->setText(QStringLiteral("512 KiB"));
        QCOMPARE(w.inputs().hardware.llcBytes, 512.0 * 1024);
        QCOMPARE(hw->item(llc, 0)->text(), QStringLiteral("512 KiB"));
        QCOMPARE(hw->item(llc, 0)->data(Qt::EditRole).toString(), QStringLiteral("0.5 MiB"));
        QCOMPARE(w.setHardwareCell(llc, QStringLiteral("1 GB/s")),
                 QStringLiteral("LLC (MiB): expected a number in MiB (or B, KiB, MiB, GiB), got \"1 GB/s\""));
        QCOMPARE(w.setHardwareCell(rowOf(hw, QStringLiteral("Overhead per node")), QStringLiteral("500 ns")), QString());
        QCOMPARE(value("Overhead per node"), QStringLiteral("500 ns"));
        w.activeUndoStack()->undo();
        w.activeUndoStack()->undo();
        QCOMPARE(w.inputs().hardware, pl::nnpiHardwareLike());

        // The memory map's summary: latency and occupancy in the same units.
        QVERIFY2(w.mapSummary().contains(QStringLiteral("latency <b>631.7 µs</b>")), qPrintable(w.mapSummary()));
        QVERIFY2(QRegularExpression(QStringLiteral("SRAM \\d+(\\.\\d+)? KiB of 4 MiB per ICE, LLC \\d+(\\.\\d+)? KiB of 24 MiB"))
                     .match(w.mapSummary())
                     .hasMatch(),
                 qPrintable(w.mapSummary()));
    }

    /// Issue 49, item 3: the memory map's read-out waited for the tooltip delay while the charts'
    /// follow the mouse. A move over a cell shows its read-out at once; the next cell's replaces
    /// it; leaving hides it. The capacity timeline under it does the same.
    void memoryMapReadsOutUnderTheMouse()
    {
        PlacementWorkbench w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const auto move = [](QWidget* v, QPoint pos) {
            QMouseEvent e(QEvent::MouseMove, pos, v->mapToGlobal(pos), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
            QApplication::sendEvent(v, &e);
        };
        MemoryMapView* map = w.mapView();
        const int fc = 55;
        move(map, map->cellCenter(2, fc));
        // No event loop turn, no tooltip delay: the read-out is up.
        QVERIFY(QToolTip::isVisible());
        QCOMPARE(QToolTip::text(), map->tooltipFor(2, fc));
        QCOMPARE(map->readout(), map->tooltipFor(2, fc));
        QVERIFY2(map->readout().contains(QStringLiteral("weights: 1.953 MiB in")), qPrintable(map->readout()));
        move(map, map->cellCenter(3, 0));
        QCOMPARE(QToolTip::text(), map->tooltipFor(3, 0));
        QVERIFY2(map->readout().contains(QStringLiteral("output activation: 784 KiB in")), qPrintable(map->readout()));
        QEvent leave(QEvent::Leave);
        QApplication::sendEvent(map, &leave);
        QVERIFY(map->readout().isEmpty());
        PlacementTimelineView* timeline = w.timelineView();
        QPoint at(timeline->width() / 2, 0); // in the node-time panel
        while (at.y() < timeline->height() && timeline->cellAt(at).first != 2)
            at.ry() += 2;
        const auto [panel, node] = timeline->cellAt(at);
        QVERIFY(panel == 2 && node >= 0);
        move(timeline, at);
        QCOMPARE(timeline->readout(), timeline->tooltipFor(panel, node));
        QCOMPARE(QToolTip::text(), timeline->readout());
        QVERIFY2(timeline->readout().contains(QRegularExpression(QStringLiteral("compute \\d+(\\.\\d+)? [nµm]?s, "))),
                 qPrintable(timeline->readout()));
    }

    /// Issue 49, item 2: a run on a 32 MiB LLC read exactly as one on the preset's 24 MiB and
    /// was pooled with it in Compare. Its setup now names the LLC, and Compare keeps them apart.
    void setupNamesTheLlc()
    {
        PlacementWorkbench w;
        w.resize(1400, 860);
        w.show();
        const QString before = w.setupText();
        QVERIFY(runMethod(w, "random", "50"));
        QTableWidget* hw = w.hardwareTable();
        const int llc = rowOf(hw, QStringLiteral("LLC"));
        QVERIFY(llc >= 0);
        hw->item(llc, 0)->setText(QStringLiteral("32")); // typed into the table, as a user does
        QCOMPARE(w.inputs().hardware.llcBytes, 32.0 * 1024 * 1024);
        QVERIFY2(w.setupText() != before && w.setupText().contains(QStringLiteral("LLC 32 MiB")), qPrintable(w.setupText()));
        QVERIFY(runMethod(w, "random", "50"));
        RunListModel* model = w.runsPanel()->runModel();
        QCOMPARE(model->index(0, RunListModel::Setup).data(Qt::ToolTipRole).toString(), QStringLiteral("Ran on ") + before);
        QVERIFY2(model->index(1, RunListModel::Setup).data(Qt::ToolTipRole).toString().contains(QStringLiteral("LLC 32 MiB")),
                 qPrintable(model->index(1, RunListModel::Setup).data(Qt::ToolTipRole).toString()));
        w.runsPanel()->refreshCompare();
        QCOMPARE(w.runsPanel()->compareTable()->rowCount(), 2);
        // Back to 24 MiB: the preset's label again.
        w.activeUndoStack()->undo();
        QCOMPARE(w.setupText(), before);
    }

    void curvesOverSeeds()
    {
        PlacementWorkbench w;
        w.resize(1400, 860);
        w.show();
        w.showTab(PlacementWorkbench::CurvesTab);
        PlacementCurvesView* v = w.curvesView();
        QVERIFY(v->statusText().contains(QLatin1String("No runs")));
        // A sweep: Greedy-DP and random search, 2 seeds each, one run at a time.
        QVERIFY(!v->startSweep({}, 2, 1, 300));
        QVERIFY(v->startSweep({QStringLiteral("greedy-dp"), QStringLiteral("random")}, 2, 1, 300));
        // One run started (pending while the learner module loads off the GUI thread on a
        // loaded machine, or already running), three waiting in the sweep.
        QCOMPARE(w.runsPanel()->runModel()->rowCount(), 1);
        QCOMPARE(v->pendingSweepRuns(), 3);
        QTRY_VERIFY_WITH_TIMEOUT(!v->sweepRunning() && v->pendingSweepRuns() == 0, 120000);
        QCOMPARE(w.runsPanel()->runModel()->rowCount(), 4);
        w.runsPanel()->drain();
        v->refresh();
        QCOMPARE(v->chart()->curveNames(), QStringList({QStringLiteral("Greedy-DP (2 runs)"), QStringLiteral("Random (2 runs)")}));
        // The paper's Greedy-DP on ResNet-50 (no paper value for random search) and the compiler.
        QCOMPARE(v->chart()->referenceNames(),
                 QStringList({QStringLiteral("Greedy-DP, paper 0.72"), QStringLiteral("compiler's map (1×)")}));
        QCOMPARE(v->summary()->rowCount(), 2);
        QCOMPARE(v->summary()->item(0, 1)->text(), QStringLiteral("2"));
        // Greedy-DP's first pass (513 maps) is not over at 300 maps: still below the compiler.
        const QString greedy = v->summary()->item(0, 2)->text();
        QVERIFY2(QRegularExpression(QStringLiteral("^0\\.\\d{3} ± 0\\.\\d{3}$")).match(greedy).hasMatch(), qPrintable(greedy));
        const QString hover = v->chart()->describeAt(299);
        QVERIFY2(hover.contains(QLatin1String("Greedy-DP (2 runs): ")) && hover.contains(QLatin1String("(2 runs)")), qPrintable(hover));
        const QPointF y = v->chart()->yRange();
        QVERIFY(y.x() <= 0.72 && y.y() >= 1.0);
        v->setCurve(PlacementCurvesView::WindowBest);
        QCOMPARE(v->chart()->curveNames().size(), 2);
        v->setCurve(PlacementCurvesView::BestSoFar);
        QTest::qWait(50);
        shot(w, "placement-curves.png");

        // Benchmark results: curves per preset and workload, the paper's EGRL line.
        QTemporaryDir dir;
        const QString good = dir.filePath(QStringLiteral("bench.jsonl"));
        {
            std::string text;
            for (int seed = 1; seed <= 2; ++seed) {
                PlacementBenchRun r{"hardware-like", "resnet50", "egrl", std::uint64_t(seed), 4000, 1.40 + 0.01 * seed,
                                    1.5, 200, 1000, 3000, {{1, 1.0}, {500, 1.3}, {1000, 1.40 + 0.01 * seed}}};
                text += placementBenchRunLine(r) + "\n";
            }
            // PG: one run without a valid map (0, no curve) beside a valid one; random: none valid.
            text += placementBenchRunLine({"hardware-like", "resnet50", "pg", 1, 4000, 0, 0, 300, 0, 0, {}}) + "\n";
            text += placementBenchRunLine({"hardware-like", "resnet50", "pg", 2, 4000, 1.2, 1.2, 310, 900, 2000,
                                           {{900, 1.2}}}) +
                    "\n";
            text += placementBenchRunLine({"hardware-like", "resnet50", "random", 1, 4000, 0, 0, 0.1, 0, 0, {}}) + "\n";
            text += "{\"preset\": \"hardware-like\", \"workl"; // a line cut by a kill
            QFile f(good);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text.data(), qint64(text.size()));
        }
        QString error;
        QVERIFY2(v->loadBenchmark(good, &error), qPrintable(error));
        QVERIFY(v->chooseBenchmark(QStringLiteral("hardware-like"), QStringLiteral("resnet50")));
        QCOMPARE(v->chart()->curveNames(), QStringList({QStringLiteral("EGRL (2 runs)"), QStringLiteral("PG (1 run)")}));
        QVERIFY(v->chart()->referenceNames().contains(QStringLiteral("EGRL, paper 1.28")));
        QCOMPARE(v->summary()->item(0, 1)->text(), QStringLiteral("2"));
        QCOMPARE(v->summary()->item(0, 2)->text(), QStringLiteral("1.415 ± 0.007"));
        // Runs without a valid map count 0 in the mean, and the table and status line say so.
        QCOMPARE(v->summary()->item(1, 1)->text(), QStringLiteral("2 (1 with a valid map)"));
        QCOMPARE(v->summary()->item(1, 2)->text(), QStringLiteral("0.600 ± 0.849"));
        QCOMPARE(v->summary()->item(2, 1)->text(), QStringLiteral("1 (0 with a valid map)"));
        QCOMPARE(v->summary()->item(2, 2)->text(), QStringLiteral("no valid map"));
        QVERIFY2(v->statusText().contains(QLatin1String("PG: 1 of 2 runs found no valid map")), qPrintable(v->statusText()));
        QVERIFY2(!v->statusText().contains(QLatin1String("Random:")), qPrintable(v->statusText()));
        QVERIFY2(v->chart()->describeAt(2000).contains(QStringLiteral("1.415 ± 0.007")), qPrintable(v->chart()->describeAt(2000)));
        // A file with no run is refused naming it; the view keeps what it showed.
        const QString bad = dir.filePath(QStringLiteral("notes.jsonl"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("hello\n");
        }
        QVERIFY(!v->loadBenchmark(bad, &error));
        QVERIFY2(error.contains(QLatin1String("notes.jsonl")) && error.contains(QLatin1String("no benchmark runs")), qPrintable(error));
        QCOMPARE(v->chart()->curveNames(), QStringList({QStringLiteral("EGRL (2 runs)"), QStringLiteral("PG (1 run)")}));
    }

    void runsAndProject()
    {
        PlacementWorkbench w;
        w.resize(1400, 860);
        w.show();
        // Pin conv1's activation to the LLC: the Greedy-DP run must keep it there.
        w.cycleTensor(0, false);
        w.togglePin(0, false);
        QCOMPARE(w.inputs().pins.size(), std::size_t(1));
        OptimizerRun* run = runMethod(w, "greedy-dp", "600");
        QVERIFY(run);
        QCOMPARE(run->state(), RunState::Finished);
        const std::vector<double> best = run->bestObjectives();
        QCOMPARE(best.size(), std::size_t(2));
        QVERIFY2(best[0] > 1.1, qPrintable(QString::number(best[0])));
        const std::optional<pl::MemoryMap> map = run->jobAs<PlacementJob>()->bestMap();
        QVERIFY(map.has_value());
        QCOMPARE(int(map->activations[0]), int(pl::Level::Llc));
        // The map embedding shows the run's distinct valid maps around the compiler's.
        w.showTab(PlacementWorkbench::EmbeddingTab);
        QVERIFY(w.embeddingView()->showRun(run->id()));
        QVERIFY2(w.embeddingView()->pointCount() > 50, qPrintable(w.embeddingView()->caption()));
        QVERIFY(w.embeddingView()->caption().contains(QLatin1String("distinct valid maps")));
        QTest::qWait(50);
        shot(w, "placement-embedding.png");
        w.showTab(PlacementWorkbench::MapTab);
        // "Show best map" puts it in the memory map (undoable).
        QSignalSpy requested(w.runsPanel(), &RunsPanel::resultRequested);
        w.runsPanel()->runTable()->selectRow(0);
        const QString json = QString::fromStdString(w.runsPanel()->resultJsonAt(0));
        QCOMPARE(w.showResultMap(json, QStringLiteral("best of greedy-dp")), QString());
        QCOMPARE(w.shownMap(), *map);
        QVERIFY(w.mapSummary().contains(QLatin1String("Valid")));

#ifdef MAPSCAPE_HAS_TORCH
        // A small EGRL run publishes its champion's distribution for the probability mode.
        QVERIFY(w.runsPanel()->optimizerPanel()->selectOptimizer(QStringLiteral("egrl")));
        for (const auto& [k, v] :
             {std::pair{"population", "6"}, {"hidden", "16"}, {"depth", "2"}, {"batch", "8"}, {"zero_shot", "resnet101"}})
            QVERIFY(w.runsPanel()->optimizerPanel()->setOption(QLatin1String(k), QLatin1String(v)));
        OptimizerRun* egrl = runMethod(w, "egrl", "40");
        QVERIFY(egrl);
        w.runsPanel()->runTable()->selectRow(w.runsPanel()->runModel()->rowOf(egrl));
        // The Training tab follows it: population-type curves, temperatures, SAC losses.
        w.showTab(PlacementWorkbench::TrainingTab);
        QVERIFY(w.trainingView()->followRun(egrl->id()));
        QVERIFY2(w.trainingView()->statusText().contains(QLatin1String("Generation 5")), qPrintable(w.trainingView()->statusText()));
        for (int c = 0; c < 6; ++c)
            w.trainingView()->chart(c)->flush();
        QVERIFY(w.trainingView()->chart(0)->heldPoints(QStringLiteral("GNN members")) > 0);
        QVERIFY(w.trainingView()->chart(2)->heldPoints(QStringLiteral("mean")) > 0);
        QVERIFY(w.trainingView()->chart(4)->heldPoints(QStringLiteral("critic")) > 0);
        QTest::qWait(50);
        shot(w, "placement-training.png");
        // The Zero-shot tab: the run's best GNN per generation on ResNet-101, never trained there.
        w.showTab(PlacementWorkbench::ZeroShotTab);
        QVERIFY(w.zeroShotView()->followRun(egrl->id()));
        const QString zs = w.zeroShotView()->statusText();
        QVERIFY2(zs.contains(QLatin1String("ResNet-101")) && zs.contains(QLatin1String("best")), qPrintable(zs));
        w.zeroShotView()->chart(0)->flush();
        QCOMPARE(w.zeroShotView()->chart(0)->heldPoints(QStringLiteral("ResNet-101")), 5); // one per generation
        QVERIFY(w.zeroShotView()->chart(1)->heldPoints(QStringLiteral("ResNet-101")) == 5);
        QVERIFY(w.zeroShotView()->chart(0)->seriesNames().contains(QStringLiteral("compiler's map")));
        QTest::qWait(50);
        shot(w, "placement-zeroshot.png");
        w.showTab(PlacementWorkbench::MapTab);
        QVERIFY(w.showPolicyDistribution(true));
        QVERIFY(w.mapView()->probabilityMode());
        QTest::qWait(50);
        shot(w, "placement-probabilities.png");
        w.showPolicyDistribution(false);
#endif

        // The project keeps inputs, map, pins and runs.
        const std::optional<Study> st = w.study();
        QVERIFY(st.has_value());
        Project proj;
        proj.studies.push_back(*st);
        const Project back = projectFromJson(projectToJson(proj), "test");
        QCOMPARE(back.studies.front().inputs, st->inputs);
        QCOMPARE(back.studies.front().runs.size(), st->runs.size());
        PlacementWorkbench reopened;
        QString error;
        QVERIFY2(reopened.setStudy(back.studies.front(), &error), qPrintable(error));
        QCOMPARE(reopened.shownMap(), w.shownMap());
        QCOMPARE(reopened.runsPanel()->runModel()->rowCount(), w.runsPanel()->runModel()->rowCount());
        // Project files name the field of a bad placement entry.
        const auto projectError = [](const std::string& study) {
            try {
                projectFromJson(R"({"schema": "mapscape/project", "version": 2, "studies": [)" + study + "]}", "p.json");
            } catch (const InputError& e) {
                return QString::fromUtf8(e.what());
            }
            return QString();
        };
        QVERIFY(projectError(R"({"kind": "placement", "pins": [{"node": "nope", "tensor": "weights", "level": "SRAM"}]})")
                    .contains(QLatin1String("studies[0].pins[0].node")));
        QVERIFY(projectError(R"({"kind": "placement", "map": {"weights": "S", "activations": "S"}})")
                    .contains(QLatin1String("57 letters")));
        QVERIFY(projectError(R"({"kind": "placement", "hardware": {"noise_sigma": 3}})").contains(QLatin1String("noise_sigma")));
        QVERIFY(projectError(R"({"kind": "placement", "reward": {"kappa": 0}})").contains(QLatin1String("reward.kappa")));
        QVERIFY(projectError(R"({"kind": "placement"})").isEmpty());
        // A saved study whose pins name a node beyond the workload is refused, naming it.
        Study broken = *st;
        PlacementInputs brokenInputs = broken.inputs.get<PlacementInputs>();
        brokenInputs.pins.push_back({500, false, pl::Level::Sram});
        broken.inputs = brokenInputs;
        QVERIFY(!reopened.setStudy(broken, &error));
        QVERIFY2(error.contains(QLatin1String("pins")), qPrintable(error));
    }
};

QTEST_MAIN(TestPlacementWorkbench)
#include "tst_placement_workbench.moc"
