// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "app/gui/main_window.h"
#include "core/io/preset_io.h"
#include "core/io/preset_library.h"
#include "core/runner/optimizer_run.h"
#include "widgets/document/accelerator_document.h"
#include "widgets/document/network_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace mapscape;

namespace {

/// ResNet-50 on Eyeriss with NeuroSpector's bottom-up tables, evaluated.
void openNeuroSpectorResnet(MainWindow& w)
{
    QVERIFY(w.selectAccelerator(QStringLiteral("eyeriss")));
    QVERIFY(w.selectNetwork(QStringLiteral("resnet50")));
    QVERIFY(w.selectMapping(QStringLiteral("eyeriss_resnet50_neurospector-bottom-up_energy")));
    QTRY_VERIFY(w.currentSnapshot() && w.currentSnapshot()->result.complete());
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    /// Save, reopen, autosave after an edit, restore after a "crash".
    void projectsAndAutosave()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.mapscape.json"));
        {
            MainWindow w;
            QVERIFY(w.selectAccelerator(QStringLiteral("eyeriss")));
            QVERIFY(w.selectNetwork(QStringLiteral("resnet50")));
            QVERIFY(!w.hasUnsavedChanges());
            QVERIFY(w.runsPanel()->optimizerPanel()->selectOptimizer(QStringLiteral("random")));
            QVERIFY(w.runsPanel()->optimizerPanel()->setOption(QStringLiteral("samples"), QStringLiteral("777")));
            QVERIFY(w.networkDocument()->setField(0, LayerField::K, QStringLiteral("32")).isEmpty());
            QVERIFY(w.hasUnsavedChanges());
            QVERIFY(w.saveProjectAs(path));
            QVERIFY(!w.hasUnsavedChanges());
            QVERIFY(w.recentProjects().contains(path));
        }
        {
            MainWindow w;
            QVERIFY(w.openProject(path));
            QCOMPARE(w.networkDocument()->network().layers[0].k, 32);
            QCOMPARE(w.runsPanel()->optimizerPanel()->optimizerId(), QStringLiteral("random"));
            QCOMPARE(w.runsPanel()->optimizerPanel()->settings().options.at("samples"), std::string("777"));
            QTRY_VERIFY(w.currentSnapshot() && w.currentSnapshot()->network.layers[0].k == 32);
            // An edit is autosaved; a window that is never closed cleanly leaves it behind.
            QVERIFY(w.networkDocument()->setField(1, LayerField::P, QStringLiteral("28")).isEmpty());
            QVERIFY(w.autosaveNow());
            QVERIFY(QFile::exists(MainWindow::autosavePath()));
        }
        {
            MainWindow w;
            QVERIFY(w.restoreAutosave());
            QCOMPARE(w.networkDocument()->network().layers[1].p, 28);
            QCOMPARE(w.networkDocument()->network().layers[0].k, 32);
            QVERIFY(w.hasUnsavedChanges());
            w.close(); // clean exit (offscreen: no question) removes the autosave
            QVERIFY(!QFile::exists(MainWindow::autosavePath()));
        }
        MainWindow w;
        QVERIFY(!w.restoreAutosave());
        QVERIFY(!w.openProject(dir.filePath(QStringLiteral("missing.json"))));
    }

    /// Editing a layer re-evaluates the current mapping; undo brings the old figures back.
    void editsReevaluateLive()
    {
        MainWindow w;
        QSignalSpy shown(&w, &MainWindow::evaluationShown);
        openNeuroSpectorResnet(w);
        const double before = w.currentSnapshot()->result.energy;
        QVERIFY(qAbs(before - 1.2547e10) / 1.2547e10 < 1e-4);

        NetworkDocument* doc = w.networkDocument();
        QCOMPARE(int(doc->network().layers.size()), 21);
        shown.clear();
        // FC_1 with K = 500: the preset table no longer multiplies out, the layer is reported.
        QVERIFY(doc->setField(20, LayerField::K, QStringLiteral("500")).isEmpty());
        QTRY_VERIFY(!shown.isEmpty());
        QVERIFY(!w.currentSnapshot()->result.complete());
        shown.clear();
        doc->undoStack()->undo();
        QTRY_VERIFY(!shown.isEmpty());
        QTRY_VERIFY(w.currentSnapshot()->result.complete());
        QCOMPARE(w.currentSnapshot()->result.energy, before);

        // An invalid value is kept in the editor but not evaluated.
        shown.clear();
        QVERIFY(doc->setField(0, LayerField::G, QStringLiteral("5")).isEmpty());
        QTest::qWait(200);
        QVERIFY(shown.isEmpty());
        QCOMPARE(doc->network().layers[0].g, 5);
    }

    void exportsTheMapping()
    {
        MainWindow w;
        QVERIFY(w.selectAccelerator(QStringLiteral("simba")));
        QVERIFY(w.selectNetwork(QStringLiteral("resnet50")));
        QVERIFY(w.selectMapping(QStringLiteral("simba_resnet50_neurospector-bottom-up_energy")));
        QTRY_VERIFY(w.currentSnapshot() && w.currentSnapshot()->result.complete());
        QTemporaryDir dir;
        const auto read = [](const QString& path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
        };
        QCOMPARE(w.writeMapping(dir.filePath(QStringLiteral("m.json"))), QString());
        const Accelerator acc = loadAccelerator(resolvePreset("simba", PresetKind::Accelerator));
        const Network net = loadNetwork(resolvePreset("resnet50", PresetKind::Network));
        const Mapping back = loadMapping(dir.filePath(QStringLiteral("m.json")).toStdString(), acc, net);
        QCOMPARE(int(back.layers.size()), 21);
        QCOMPARE(back.layers[1].table, w.currentSnapshot()->result.layers[1].table);
        QCOMPARE(w.writeMapping(dir.filePath(QStringLiteral("m.csv"))), QString());
        QVERIFY(read(dir.filePath(QStringLiteral("m.csv"))).startsWith(QStringLiteral("layer,row,K,B,P,Q,C,R,S,G,dataflow\n")));
        QCOMPARE(w.writeMapping(dir.filePath(QStringLiteral("m.yaml"))), QString());
        QCOMPARE(read(dir.filePath(QStringLiteral("m.yaml"))).count(QStringLiteral("mapping:\n")), 21);
        QCOMPARE(w.writeMapping(dir.filePath(QStringLiteral("ns"))), QString());
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("ns/table_FC_1.cfg"))));
        QVERIFY(w.writeMapping(QStringLiteral("/proc/forbidden/m.json")).contains(QStringLiteral("/proc/forbidden/m.json")));
    }

    void acceleratorEditsReevaluate()
    {
        MainWindow w;
        QSignalSpy shown(&w, &MainWindow::evaluationShown);
        openNeuroSpectorResnet(w);
        const double before = w.currentSnapshot()->result.energy;
        shown.clear();
        // Twice the DRAM access energy: the same tables cost more.
        QVERIFY(w.acceleratorDocument()->setLevelField(Component::Dram, LevelField::Energy, QStringLiteral("256")).isEmpty());
        QTRY_VERIFY(!shown.isEmpty());
        QTRY_VERIFY(w.currentSnapshot()->result.energy > before);
        QVERIFY(w.hasUnsavedChanges());
        shown.clear();
        w.acceleratorDocument()->undoStack()->undo();
        QTRY_VERIFY(!shown.isEmpty());
        QTRY_COMPARE(w.currentSnapshot()->result.energy, before);
    }

    /// A run started in the Optimize tab ends, and its best mapping lands in the Evaluate tab.
    void runResultBecomesTheMapping()
    {
        MainWindow w;
        QVERIFY(w.selectAccelerator(QStringLiteral("eyeriss")));
        QVERIFY(w.selectNetwork(QStringLiteral("resnet50")));
        RunsPanel* runs = w.runsPanel();
        QVERIFY(runs->optimizerPanel()->selectOptimizer(QStringLiteral("bottom-up")));
        QSignalSpy finished(runs, &RunsPanel::runFinished);
        OptimizerRun* run = runs->startRun();
        QVERIFY(run);
        QVERIFY(finished.wait(60000));
        QSignalSpy shown(&w, &MainWindow::evaluationShown);
        QVERIFY(w.showMapping(runs->bestMapping(*run), QStringLiteral("bottom-up run")));
        QTRY_VERIFY(!shown.isEmpty());
        QVERIFY(w.currentSnapshot()->result.complete());
        QCOMPARE(w.currentSnapshot()->result.energy, run->result().totalEnergy);
        // A mapping for another network is refused.
        Mapping other = runs->bestMapping(*run);
        other.network = "YOLO-v3";
        QVERIFY(!w.showMapping(other, QStringLiteral("wrong")));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
