// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "kinds/scheduling/core/timeloop_map.h"
#include "support/fixtures.h"

#include <QtTest>

using namespace mapscape;

class TestTimeloopMap : public QObject {
    Q_OBJECT

private Q_SLOTS:
    /// NeuroSpector's CONV_2_1 table on Eyeriss (spec §4.3) as Timeloop entries.
    void eyerissConv21()
    {
        const Layer l = test::layer("CONV_2_1", 64, 1, 56, 56, 64, 1, 1, 1, 1);
        SchedulingTable t;
        t.at(Row::Lb, Dim::K) = 16;
        t.at(Row::Lb, Dim::C) = 4;
        t.at(Row::PeX, Dim::C) = 8;
        t.at(Row::PeY, Dim::K) = 4;
        t.at(Row::PeY, Dim::C) = 2;
        t.at(Row::Gb, Dim::P) = 8;
        t.at(Row::Gb, Dim::Q) = 8;
        t.at(Row::Dram, Dim::P) = 7;
        t.at(Row::Dram, Dim::Q) = 7;
        const QString y = QString::fromStdString(tableToTimeloopYaml(l, t, test::eyeriss()));
        const QString expected = QStringLiteral(
            "mapping:\n"
            "  - target: DRAM\n    type: temporal\n    factors: R=1 S=1 P=7 Q=7 C=1 K=1 N=1\n    permutation: RSPQCKN\n"
            "  - target: GlobalBuffer\n    type: temporal\n    factors: R=1 S=1 P=8 Q=8 C=1 K=1 N=1\n    permutation: CRSPQNK\n"
            "  - target: GlobalBuffer\n    type: spatial\n"
            "    # C is unrolled 8x on X and 2x on Y; written once on X\n"
            "    factors: C=16 K=4 R=1 S=1 P=1 Q=1 N=1\n    permutation: CKRSPQN\n    split: 1\n"
            "  - target: GlobalBuffer\n    type: bypass\n    keep: [Inputs, Outputs]\n    bypass: [Weights]\n"
            "  - target: LocalBuffer\n    type: temporal\n    factors: R=1 S=1 P=1 Q=1 C=4 K=16 N=1\n    permutation: PQNCRSK\n");
        QCOMPARE(y, expected);
    }

    void groupsAreRefusedByName()
    {
        const Layer dw = test::layer("GROUP3", 16, 1, 56, 56, 16, 3, 3, 16, 2);
        try {
            tableToTimeloopYaml(dw, SchedulingTable::allAtDram(dw.perGroupDims()), test::eyeriss());
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY(QString::fromUtf8(e.what()).startsWith(QStringLiteral("layer \"GROUP3\": G = 16")));
        }
        Network net;
        net.name = "n";
        net.layers = {dw, test::layer("FC", 10, 1, 1, 1, 20, 1, 1, 1, 0)};
        Mapping m;
        m.layers = {{"GROUP3", SchedulingTable::allAtDram(dw.perGroupDims())},
                    {"FC", SchedulingTable::allAtDram(net.layers[1].perGroupDims())}};
        const QString all = QString::fromStdString(mappingToTimeloopYaml(net, m, test::simba()));
        QVERIFY(all.contains(QStringLiteral("# layer GROUP3\n# skipped: G = 16")));
        QVERIFY(all.contains(QStringLiteral("---\n# layer FC\nmapping:\n")));
        // Simba has MAC, PE and chip arrays: three spatial entries.
        QCOMPARE(all.count(QStringLiteral("type: spatial")), 3);
    }
};

QTEST_APPLESS_MAIN(TestTimeloopMap)
#include "tst_timeloop_map.moc"
