// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// NeuroSpector cfg import/export: syntax rules, its value defaults, round trips and errors that
// name file, line and key.

#include "kinds/scheduling/core/scheduling_model.h"
#include "core/io/file_util.h"
#include "kinds/scheduling/core/neurospector_cfg.h"
#include "support/fixtures.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace mapscape;

namespace {

// Written in the cfg syntax with the oddities the reader must accept: spaces around '=',
// lower/upper case, comments, CR line ends, one-value energy lists.
const char* kSmallAccelerator = "# a comment\r\n"
                                "[ACCELERATOR]\n"
                                "NAME = Tiny\n"
                                "PRECISION=INT16\n"
                                "FREQUENCY=250\n"
                                "UNIT_MAC_ENERGY=1.5\n"
                                "UNIT_MUL_ENERGY=9\n"
                                "[LOCAL_BUFFER]\n"
                                "TYPE=TEMPORAL\n"
                                "DATAFLOW=ws\n"
                                "BUFFER_SIZE = 512\n"
                                "UNIT_ACCESS_ENERGY=0.5\n"
                                "BANDWIDTH=16\n"
                                "[PE_ARRAY]\n"
                                "SIZE_X=4\n"
                                "SIZE_Y=2\n"
                                "CONSTRAINT_X=K,C\n"
                                "[GLOBAL_BUFFER]\n"
                                "DATAFLOW=OS\n"
                                "BUFFER_SIZE=4096,1024\n"
                                "BYPASS=WEIGHT\n"
                                "UNIT_ACCESS_ENERGY=3,2,3\n"
                                "UNIT_CYCLE=1,1,1\n"
                                "BANDWIDTH=64\n"
                                "[DRAM]\n"
                                "SIZE_MB=4096\n"
                                "UNIT_ACCESS_ENERGY=100,100,100\n"
                                "UNIT_CYCLE=4,4,4\n"
                                "BANDWIDTH=64\n";

} // namespace

class TestNeuroSpectorCfg : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsAcceleratorWithNeuroSpectorDefaults()
    {
        const Accelerator a = acceleratorFromNeuroSpectorCfg(kSmallAccelerator, "tiny.cfg");
        QCOMPARE(QString::fromStdString(a.name), QStringLiteral("Tiny"));
        QCOMPARE(a.precisionBits, 16);
        QCOMPARE(a.frequencyMhz, 250.0);
        QCOMPARE(a.localBuffer.dataflow, Dataflow::WS);
        QCOMPARE(a.localBuffer.sizeBytes, std::vector<std::int64_t>{512});
        // One value given: input gets it, weight and output are 0 (NeuroSpector's parser).
        QCOMPARE(a.localBuffer.accessEnergyPj, (std::array<double, 3>{0.5, 0, 0}));
        // UNIT_CYCLE absent: 0.
        QCOMPARE(a.localBuffer.unitCycle, (std::array<double, 3>{0, 0, 0}));
        QCOMPARE(a.peArray.allowedX, DimMask(dimBit(Dim::K) | dimBit(Dim::C)));
        QCOMPARE(a.peArray.allowedY, kAllDimsMask);
        QCOMPARE(a.globalBuffer.sizeBytes, (std::vector<std::int64_t>{4096, 1024}));
        QVERIFY(a.globalBuffer.bypass[1]);
        QVERIFY(a.dram.present);
        const SchedulingModel model(a);
        QCOMPARE(model.sharing(Level::GlobalBuffer), BufferSharing::PartiallyShared);
        QCOMPARE(model.capacityWords(Level::GlobalBuffer, DataType::Weight), 512.0);
        QCOMPARE(model.capacityWords(Level::GlobalBuffer, DataType::Input), 2048.0);
    }

    void acceleratorRoundTrip()
    {
        for (const Accelerator& a : {test::eyeriss(), test::simba()}) {
            const Accelerator back = acceleratorFromNeuroSpectorCfg(acceleratorToNeuroSpectorCfg(a), "rt.cfg");
            QCOMPARE(back.localBuffer, a.localBuffer);
            QCOMPARE(back.globalBuffer, a.globalBuffer);
            QCOMPARE(back.peArray, a.peArray);
            QCOMPARE(back.macArray, a.macArray);
            QCOMPARE(back.multiChips, a.multiChips);
            QCOMPARE(back.dram.accessEnergyPj, a.dram.accessEnergyPj);
            QCOMPARE(back.precisionBits, a.precisionBits);
        }
    }

    void networkAndTableRoundTrip()
    {
        Network net;
        net.name = "net";
        net.layers = {test::resnetConv1(), test::layer("DW", 72, 1, 28, 28, 72, 3, 3, 72, 2)};
        const Network back = networkFromNeuroSpectorCfg(networkToNeuroSpectorCfg(net), "n.cfg");
        QCOMPARE(back.layers, net.layers);

        const Accelerator acc = test::eyeriss();
        const std::string text = tableToNeuroSpectorCfg("CONV_1", test::conv1Example(), acc);
        QVERIFY(text.find("PE_ARRAY(X)=1,1,1,2,1,7,1,1") != std::string::npos);
        QVERIFY(text.find("MAC_ARRAY") == std::string::npos); // absent rows are not written
        const NeuroSpectorTable t = tableFromNeuroSpectorCfg(text, "t.cfg", acc);
        QCOMPARE(QString::fromStdString(t.layerName), QStringLiteral("CONV_1"));
        QCOMPARE(t.table, test::conv1Example());
    }

    /// A mapping whose tables chose their own dataflows (--dataflow flexible) replays exactly:
    /// each table names an accelerator file that configures those dataflows.
    void flexibleDataflowsReplayExactly()
    {
        const Accelerator acc = test::eyeriss();
        const Layer conv1 = test::resnetConv1();
        Network net;
        net.name = "n";
        net.layers = {conv1};
        Layer copy = conv1;
        copy.name = "CONV_1B";
        net.layers.push_back(copy);
        Layer plain = conv1;
        plain.name = "CONV_1C";
        net.layers.push_back(plain);
        Mapping m;
        m.network = "n";
        SchedulingTable os = test::conv1Example();
        os.dataflow[std::size_t(idx(Row::Lb))] = Dataflow::OS;
        os.dataflow[std::size_t(idx(Row::Gb))] = Dataflow::IS;
        SchedulingTable is = test::conv1Example();
        is.dataflow[std::size_t(idx(Row::Lb))] = Dataflow::IS;
        m.layers = {{"CONV_1", os}, {"CONV_1B", is}, {"CONV_1C", test::conv1Example()}};

        QTemporaryDir dir;
        QCOMPARE(writeNeuroSpectorFolder(dir.path().toStdString(), acc, net, m), 3);
        const SchedulingModel base(acc);
        Evaluation plainEval;
        QVERIFY(base.evaluate(LayerShape::of(conv1), test::conv1Example(), plainEval).ok());
        for (const LayerMapping& lm : m.layers) {
            const std::string text = readTextFile(dir.filePath(QString::fromStdString("table_" + lm.layer + ".cfg")).toStdString());
            // The accelerator file the table names (accelerator.cfg when it has no dataflows of its own).
            std::string accFile = "accelerator.cfg";
            if (const auto at = text.find("accelerator file "); at != std::string::npos)
                accFile = text.substr(at + 17, text.find('\n', at) - at - 17);
            const std::string accPath = dir.filePath(QString::fromStdString(accFile)).toStdString();
            QVERIFY2(QFile::exists(QString::fromStdString(accPath)), accPath.c_str());
            const Accelerator replayAcc = acceleratorFromNeuroSpectorCfg(readTextFile(accPath), accPath);
            const NeuroSpectorTable t = tableFromNeuroSpectorCfg(text, "t.cfg", replayAcc);
            Evaluation replayed, original;
            QVERIFY(SchedulingModel(replayAcc).evaluate(LayerShape::of(conv1), t.table, replayed).ok());
            QVERIFY(base.evaluate(LayerShape::of(conv1), lm.table, original).ok());
            QCOMPARE(replayed.totalEnergy, original.totalEnergy);
            QCOMPARE(replayed.totalCycles, original.totalCycles);
        }
        // The dataflows matter (replaying with accelerator.cfg would be wrong), and each
        // combination has one file.
        Evaluation osEval;
        QVERIFY(base.evaluate(LayerShape::of(conv1), os, osEval).ok());
        QVERIFY(osEval.totalEnergy != plainEval.totalEnergy);
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("accelerator_lb-os_gb-is.cfg"))));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("accelerator_lb-is_gb-os.cfg"))));
        const std::string replay = readTextFile(dir.filePath(QStringLiteral("replay.sh")).toStdString());
        // File names are single-quoted: the script never runs anything a name holds.
        QVERIFY(replay.find("--accelerator='accelerator_lb-os_gb-is.cfg' --network=network.cfg "
                            "--scheduling_table='table_CONV_1.cfg'") != std::string::npos);
        QVERIFY(replay.find("--accelerator='accelerator.cfg' --network=network.cfg --scheduling_table='table_CONV_1C.cfg'") !=
                std::string::npos);
    }

    void unitRowsUseBareNames()
    {
        // An array of side 1 in Y gives a unit row named after the bare section.
        Accelerator acc = test::eyeriss();
        acc.peArray.sizeY = 1;
        acc.peArray.sizeX = 256;
        QCOMPARE(QString::fromStdString(rowName(acc, Row::PeY)), QStringLiteral("PE_ARRAY"));
        QCOMPARE(QString::fromStdString(rowName(acc, Row::PeX)), QStringLiteral("PE_ARRAY(X)"));
        QCOMPARE(QString::fromStdString(rowName(acc, Row::MacX)), QStringLiteral("virtual"));
        SchedulingTable tab = SchedulingTable::allAtDram(test::resnetConv1().perGroupDims());
        const std::string text = tableToNeuroSpectorCfg("CONV_1", tab, acc);
        QVERIFY(text.find("PE_ARRAY=1,1,1,1,1,1,1,1") != std::string::npos);
        QCOMPARE(tableFromNeuroSpectorCfg(text, "t.cfg", acc).table, tab);

        // NeuroSpector fills a size-1 row left out of the file with ones...
        std::string omitted = text;
        omitted.erase(omitted.find("PE_ARRAY=1,1,1,1,1,1,1,1\n"), std::string("PE_ARRAY=1,1,1,1,1,1,1,1\n").size());
        QVERIFY(omitted.find("PE_ARRAY=") == std::string::npos);
        QCOMPARE(tableFromNeuroSpectorCfg(omitted, "t.cfg", acc).table, tab);
        // ... and a size-1 row that is listed takes no factor but 1.
        std::string bad = text;
        bad.replace(bad.find("PE_ARRAY=1,1"), std::string("PE_ARRAY=1,1").size(), "PE_ARRAY=1,2");
        try {
            tableFromNeuroSpectorCfg(bad, "t.cfg", acc);
            QFAIL("a unit row with a factor 2 was accepted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("SCHEDULING_TABLE.PE_ARRAY.B: a size-1 row takes no factor but 1") !=
                         std::string::npos,
                     e.what());
        }
    }

    void errors_data()
    {
        QTest::addColumn<int>("kind"); // 0 accelerator, 1 network, 2 table
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("acc: bad number") << 0
                                         << QString::fromLatin1(kSmallAccelerator)
                                                .replace(QStringLiteral("BANDWIDTH=16"), QStringLiteral("BANDWIDTH=fast"))
                                         << QStringLiteral("tiny.cfg:13: LOCAL_BUFFER.BANDWIDTH: expected a number");
        QTest::newRow("acc: missing bandwidth")
            << 0 << QString::fromLatin1(kSmallAccelerator).replace(QStringLiteral("BANDWIDTH=16\n"), QString())
            << QStringLiteral("tiny.cfg:8: LOCAL_BUFFER: BANDWIDTH is missing");
        QTest::newRow("acc: zero frequency")
            << 0 << QString::fromLatin1(kSmallAccelerator).replace(QStringLiteral("FREQUENCY=250"), QStringLiteral("FREQUENCY=0"))
            << QStringLiteral("tiny.cfg:5: ACCELERATOR.FREQUENCY: must be a positive clock frequency");
        QTest::newRow("acc: bypass typo")
            << 0 << QString::fromLatin1(kSmallAccelerator).replace(QStringLiteral("BYPASS=WEIGHT"), QStringLiteral("BYPASS=WEIGTH"))
            << QStringLiteral("tiny.cfg:21: GLOBAL_BUFFER.BYPASS: unknown data type");
        QTest::newRow("acc: no dram") << 0 << QStringLiteral("[ACCELERATOR]\nNAME=x\n") << QStringLiteral("[DRAM]: section is missing");
        QTest::newRow("acc: garbage line") << 0 << QStringLiteral("[ACCELERATOR]\nthis is not a key\n")
                                           << QStringLiteral("tiny.cfg:2: line: expected KEY=VALUE");
        QTest::newRow("net: too few values") << 1 << QStringLiteral("[LAYERS]\nCONV_1=64,1,112,112,3,7,7,1\n")
                                             << QStringLiteral("tiny.cfg:2: LAYERS.CONV_1: expected 9 values");
        QTest::newRow("net: negative") << 1 << QStringLiteral("[LAYERS]\nA=64,1,-112,112,3,7,7,1,1\n")
                                       << QStringLiteral("tiny.cfg:2: LAYERS.A.P: must be a positive integer");
        QTest::newRow("net: group typo (C=18, G=16)") << 1 << QStringLiteral("[LAYERS]\nGROUP3=16,1,56,56,18,3,3,16,2\n")
                                                      << QStringLiteral("LAYERS.GROUP3.C: C = 18 is not divisible by G = 16");
        QTest::newRow("table: missing row") << 2 << QStringLiteral("[LAYER]\nlayer_name=CONV_1\n[SCHEDULING_TABLE]\nDRAM=64,1,112,112,3,7,7,1\n")
                                            << QStringLiteral("row LOCAL_BUFFER is missing");
        QTest::newRow("table: zero factor")
            << 2 << QStringLiteral("[LAYER]\nlayer_name=CONV_1\n[SCHEDULING_TABLE]\nLOCAL_BUFFER=0,1,1,1,1,1,1,1\n")
            << QStringLiteral("tiny.cfg:4: SCHEDULING_TABLE.LOCAL_BUFFER.K: factors must be positive");
        QTest::newRow("table: unknown row") << 2 << QStringLiteral("[LAYER]\nname=A\n[SCHEDULING_TABLE]\nL3=1,1,1,1,1,1,1,1\n")
                                            << QStringLiteral("tiny.cfg:4: SCHEDULING_TABLE.L3: unknown table row");
    }

    void errors()
    {
        QFETCH(int, kind);
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const std::string t = text.toStdString();
        try {
            if (kind == 0)
                acceleratorFromNeuroSpectorCfg(t, "tiny.cfg");
            else if (kind == 1)
                networkFromNeuroSpectorCfg(t, "tiny.cfg");
            else
                tableFromNeuroSpectorCfg(t, "tiny.cfg", test::eyeriss());
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(expected), e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestNeuroSpectorCfg)
#include "tst_neurospector_cfg.moc"
