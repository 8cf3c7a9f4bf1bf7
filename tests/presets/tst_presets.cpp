// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// Every preset file loads and validates; networks match the reference layer lists; every
// accelerator evaluates every network; the shipped mappings are valid.

#include "kinds/scheduling/core/network_evaluation.h"
#include "core/network/workload_graph.h"
#include "kinds/dpu/core/dpu_io.h"
#include "kinds/placement/core/placement_io.h"
#include "kinds/scheduling/core/neurospector_json.h"
#include "kinds/dpu/core/dpu_calibration.h"
#include "kinds/scheduling/core/preset_io.h"
#include "core/io/preset_library.h"

#include <QtTest>

#include <filesystem>

using namespace mapscape;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> presetFiles(const char* folder)
{
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(fs::path(MAPSCAPE_SOURCE_PRESET_DIR) / folder))
        if (e.path().extension() == ".json")
            out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestPresets : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void accelerators_data()
    {
        QTest::addColumn<QString>("path");
        const auto files = presetFiles("accelerators");
        QVERIFY(files.size() >= 6);
        for (const fs::path& p : files)
            QTest::newRow(p.stem().string().c_str()) << QString::fromStdString(p.string());
    }

    void accelerators()
    {
        QFETCH(QString, path);
        const Accelerator acc = loadAccelerator(path.toStdString());
        QVERIFY(!acc.name.empty());
        QVERIFY(!acc.description.empty());
        const SchedulingModel model(acc);
        // Every network's trivial all-at-DRAM table is valid and has finite costs.
        for (const fs::path& n : presetFiles("networks")) {
            const Network net = loadNetwork(n.string());
            const NetworkResult r = evaluateNetwork(model, net, {}, {.trivialForMissing = true});
            QVERIFY2(r.complete(), n.string().c_str());
            QVERIFY(r.energy > 0 && std::isfinite(r.energy));
            QVERIFY(r.cycles > 0 && std::isfinite(r.cycles));
        }
        // JSON round trip.
        QCOMPARE(acceleratorFromJson(acceleratorToJson(acc), "rt.json"), acc);
    }

    void networks_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("layers");
        QTest::newRow("resnet50") << QStringLiteral("resnet50") << 21;
        QTest::newRow("yolo-v3") << QStringLiteral("yolo-v3") << 27;
        QTest::newRow("inception-v4") << QStringLiteral("inception-v4") << 48;
        QTest::newRow("mobilenet-v3-small") << QStringLiteral("MobileNet-V3-small") << 55;
        QTest::newRow("resnet50-inference") << QStringLiteral("resnet50-inference") << 24;
    }

    void networks()
    {
        QFETCH(QString, path);
        QFETCH(int, layers);
        const Network net = loadNetwork(resolvePreset(path.toStdString(), kNetworkPresets));
        QCOMPARE(int(net.layers.size()), layers);
        QVERIFY(validateNetwork(net).empty());
    }

    /// Issue 31, item 7: a network's total can be one inference. The one-inference ResNet-50 (repeat
    /// counts and the projection shortcuts NeuroSpector's list leaves out) has the MACs of the
    /// tensor-placement study's ResNet-50 graph, and NeuroSpector's list is its subset counted once.
    void resnet50OneInference()
    {
        const Network full = loadNetwork(resolvePreset("resnet50-inference", kNetworkPresets));
        const Network ns = loadNetwork(resolvePreset("resnet50", kNetworkPresets));
        double perInference = 0, listedOnce = 0, occurrences = 0;
        for (const Layer& l : full.layers) {
            perInference += l.macs() * double(l.repeat);
            occurrences += double(l.repeat);
        }
        for (const Layer& l : ns.layers) {
            listedOnce += l.macs();
            const int i = full.indexOf(l.name);
            QVERIFY2(i >= 0, l.name.c_str());
            Layer same = full.layers[std::size_t(i)];
            same.repeat = 1;
            QCOMPARE(same, l); // the same shape, only counted
        }
        QCOMPARE(occurrences, 54.0); // 53 convolutions and the FC layer
        QCOMPARE(perInference, 4089184256.0);
        QCOMPARE(listedOnce, 1661468672.0);
        std::int64_t graphMacs = 0;
        for (const placement::GraphNode& n : placement::builtinWorkload("resnet50").nodes)
            graphMacs += n.macs;
        QCOMPARE(double(graphMacs), perInference);
    }

    void mobilenetGroup3IsCorrected()
    {
        const Network net = loadNetwork(resolvePreset("mobilenet-v3-small", kNetworkPresets));
        const int i = net.indexOf("GROUP3");
        QVERIFY(i >= 0);
        QCOMPARE(net.layers[std::size_t(i)].c, std::int64_t(16));
        QCOMPARE(net.layers[std::size_t(i)].kind(), LayerKind::Depthwise);
    }

    void networksMatchReferenceLayers_data()
    {
        QTest::addColumn<QString>("golden");
        QTest::addColumn<QString>("network");
        for (const char* acc : {"eyeriss", "simba"}) {
            for (auto [g, n] : {std::pair{"resnet50", "resnet50"}, std::pair{"yolo", "yolo-v3"},
                                std::pair{"inception-v4", "inception-v4"}}) {
                const std::string file = std::string(acc) + "-" + g + "-energy.jsonl";
                QTest::newRow(file.c_str()) << QString::fromStdString(file) << QString::fromLatin1(n);
            }
        }
    }

    void networksMatchReferenceLayers()
    {
        QFETCH(QString, golden);
        QFETCH(QString, network);
        const Network net = loadNetwork(resolvePreset(network.toStdString(), kNetworkPresets));
        const auto cases = readReferenceFile((fs::path(MAPSCAPE_GOLDEN_DIR) / golden.toStdString()).string());
        QCOMPARE(cases.size(), net.layers.size());
        for (const ReferenceCase& c : cases) {
            const int i = net.indexOf(c.layer.name);
            QVERIFY2(i >= 0, c.layer.name.c_str());
            Layer l = net.layers[std::size_t(i)];
            QCOMPARE(l, (Layer{.name = l.name, .k = c.layer.k, .b = c.layer.b, .p = c.layer.p, .q = c.layer.q,
                               .c = c.layer.c, .r = c.layer.r, .s = c.layer.s, .g = c.layer.g,
                               .stride = c.layer.stride, .repeat = 1}));
        }
    }

    void acceleratorsMatchReferenceConfigs_data()
    {
        QTest::addColumn<QString>("golden");
        QTest::addColumn<QString>("preset");
        QTest::newRow("eyeriss") << QStringLiteral("eyeriss-resnet50-energy.jsonl") << QStringLiteral("eyeriss");
        QTest::newRow("simba") << QStringLiteral("simba-resnet50-energy.jsonl") << QStringLiteral("simba");
    }

    void acceleratorsMatchReferenceConfigs()
    {
        QFETCH(QString, golden);
        QFETCH(QString, preset);
        Accelerator ours = loadAccelerator(resolvePreset(preset.toStdString(), kAcceleratorPresets));
        const auto cases = readReferenceFile((fs::path(MAPSCAPE_GOLDEN_DIR) / golden.toStdString()).string());
        Accelerator ref = cases.front().accelerator;
        // Compare what the model uses; names, descriptions, DRAM size and search options differ.
        for (Accelerator* a : {&ours, &ref}) {
            a->name.clear();
            a->description.clear();
            a->dram.sizeBytes.clear();
            for (BufferSpec* b : {&a->localBuffer, &a->globalBuffer, &a->dram})
                b->allowedDataflows.clear();
        }
        QCOMPARE(ours, ref);
    }

    void mappings_data()
    {
        QTest::addColumn<QString>("path");
        const auto files = presetFiles("mappings");
        QVERIFY(files.size() >= 12);
        for (const fs::path& p : files)
            QTest::newRow(p.stem().string().c_str()) << QString::fromStdString(p.string());
    }

    void mappings()
    {
        // File names are <accelerator>-<network>-<who>-<metric>.json.
        QFETCH(QString, path);
        const QStringList parts = QFileInfo(path).baseName().split(QLatin1Char('_'));
        QCOMPARE(parts.size(), 4);
        const Accelerator acc = loadAccelerator(resolvePreset(parts[0].toStdString(), kAcceleratorPresets));
        const Network net = loadNetwork(resolvePreset(parts[1].toStdString(), kNetworkPresets));
        const Mapping m = loadMapping(path.toStdString(), acc, net);
        QCOMPARE(m.layers.size(), net.layers.size());
        const NetworkResult r = evaluateNetwork(SchedulingModel(acc), net, m);
        QVERIFY(r.complete());
    }

    void dpuPlatforms()
    {
        // Every DPU platform preset loads by name and validates; the paper-ratio fit keeps what
        // its README says: max-FPS at 47 % of the optimal PPW in C, 5 of 8 anchors.
        const auto files = presetFiles("dpu-platforms");
        QVERIFY(!files.empty());
        for (const fs::path& f : files) {
            const dpu::Platform p = loadDpuPlatform(f.stem().string());
            QVERIFY2(dpu::validate(p).empty(), f.c_str());
            QCOMPARE(dpuPlatformFromJson(dpuPlatformToJson(p), "rt.json"), p);
        }
        const dpu::Platform paper = loadDpuPlatform("zcu102-paper-ratios");
        QVERIFY(std::abs(dpu::maxFpsRatio(paper, 1) - 0.47) < 0.01);
        int passed = 0;
        for (const dpu::AnchorResult& r : dpu::checkAnchors(paper, dpu::paperAnchors()))
            passed += r.pass ? 1 : 0;
        QCOMPARE(passed, 5);
        QVERIFY_THROWS_EXCEPTION(InputError, loadDpuPlatform("zcu104"));
    }

    void placementHardware()
    {
        // Every placement hardware preset loads by name; the paper-ceiling one keeps what its
        // description says: the capacity-free all-SRAM speed-ups 2.38 / 2.09 / 2.07 (spec §6.7).
        const auto files = presetFiles("placement-hardware");
        QVERIFY(!files.empty());
        for (const fs::path& f : files) {
            const placement::HardwareParams p = loadPlacementHardware(f.stem().string());
            QVERIFY2(placement::validateHardwareParams(p).empty(), f.c_str());
            QCOMPARE(placementHardwareFromJson(placementHardwareToJson(p), "rt.json"), p);
        }
        const placement::HardwareParams ceiling = loadPlacementHardware("nnpi-paper-ceiling");
        const double expected[] = {2.38, 2.09, 2.07};
        int k = 0;
        for (const char* w : {"resnet50", "resnet101", "bert"}) {
            const placement::PlacementModel m(placement::builtinWorkload(w), ceiling);
            const double bound = m.speedup(placement::MemoryMap::uniform(m.nodeCount(), placement::Level::Sram));
            QVERIFY2(std::abs(bound - expected[k++]) < 0.005, qPrintable(QString::number(bound)));
        }
        QVERIFY_THROWS_EXCEPTION(InputError, loadPlacementHardware("nnpi-2"));
    }
};

QTEST_APPLESS_MAIN(TestPresets)
#include "tst_presets.moc"
