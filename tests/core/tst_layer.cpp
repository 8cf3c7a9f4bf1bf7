// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "core/network/layer.h"
#include "support/fixtures.h"

#include <QtTest>

using namespace mapscape;

Q_DECLARE_METATYPE(mapscape::Layer)

class TestLayer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void kindAndDerived_data()
    {
        QTest::addColumn<Layer>("layer");
        QTest::addColumn<int>("kind");
        QTest::addColumn<qint64>("inputHeight");
        QTest::addColumn<double>("macs");
        QTest::newRow("conv") << test::resnetConv1() << int(LayerKind::Convolution) << qint64(229) << 118013952.0;
        QTest::newRow("fc") << test::layer("FC_1", 1000, 1, 1, 1, 2048, 1, 1, 1, 0) << int(LayerKind::FullyConnected)
                            << qint64(1) << 2048000.0;
        QTest::newRow("pointwise") << test::layer("PW", 64, 1, 56, 56, 256, 1, 1, 1, 1) << int(LayerKind::Pointwise)
                                   << qint64(56) << 51380224.0;
        QTest::newRow("depthwise") << test::layer("DW", 72, 1, 28, 28, 72, 3, 3, 72, 2) << int(LayerKind::Depthwise)
                                   << qint64(57) << 508032.0;
        QTest::newRow("group") << test::layer("GR", 64, 1, 14, 14, 32, 3, 3, 4, 1) << int(LayerKind::GroupConvolution)
                               << qint64(16) << 903168.0;
        // Per-axis geometry: rows stride 2 and dilation 3, so U = (P − 1)·2 + (R − 1)·3 + 1.
        Layer atrous = test::layer("ATROUS", 64, 1, 14, 28, 32, 3, 3, 1, 2);
        atrous.strideQ = 1;
        atrous.dilation = 3;
        atrous.dilationS = 1;
        QTest::newRow("per-axis") << atrous << int(LayerKind::Convolution) << qint64(13 * 2 + 2 * 3 + 1)
                                  << 64.0 * 32 * 14 * 28 * 9;
    }

    void perAxisGeometry()
    {
        Layer l = test::layer("ATROUS", 64, 1, 14, 28, 32, 3, 3, 1, 2);
        QVERIFY(l.plainGeometry());
        l.strideQ = 2; // written per axis but the same: still one stride
        QVERIFY(l.plainGeometry());
        QCOMPARE(l.inputWidth(), std::int64_t(27 * 2 + 3));
        l.strideQ = 1;
        l.dilationS = 2;
        QVERIFY(!l.plainGeometry());
        QCOMPARE(l.geometryText(), std::string("strides [2, 1], dilations [1, 2]"));
        QCOMPARE(l.inputWidth(), std::int64_t(27 + 2 * 2 + 1));
    }

    void kindAndDerived()
    {
        QFETCH(Layer, layer);
        QFETCH(int, kind);
        QFETCH(qint64, inputHeight);
        QFETCH(double, macs);
        QVERIFY(validateLayer(layer).empty());
        QCOMPARE(int(layer.kind()), kind);
        QCOMPARE(qint64(layer.inputHeight()), inputHeight);
        QCOMPARE(layer.macs(), macs);
        const DimVector d = layer.perGroupDims();
        QCOMPARE(d[std::size_t(idx(Dim::K))] * d[std::size_t(idx(Dim::G))], std::uint64_t(layer.k));
        QCOMPARE(d[std::size_t(idx(Dim::C))] * d[std::size_t(idx(Dim::G))], std::uint64_t(layer.c));
    }

    void invalid_data()
    {
        QTest::addColumn<Layer>("layer");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        Layer l = test::resnetConv1();
        l.k = 0;
        QTest::newRow("zero K") << l << QStringLiteral("K") << QStringLiteral("positive");
        l = test::resnetConv1();
        l.p = -3;
        QTest::newRow("negative P") << l << QStringLiteral("P") << QStringLiteral("-3");
        l = test::resnetConv1();
        l.g = 2;
        l.c = 3;
        QTest::newRow("C not divisible by G") << l << QStringLiteral("C") << QStringLiteral("divisible");
        l = test::resnetConv1();
        l.stride = -1;
        QTest::newRow("negative stride") << l << QStringLiteral("stride") << QStringLiteral("positive");
        l = test::resnetConv1();
        l.stride = 0;
        QTest::newRow("stride 0 on a conv") << l << QStringLiteral("stride") << QStringLiteral("fully connected");
        l = test::resnetConv1();
        l.strideQ = -2;
        QTest::newRow("negative stride along Q") << l << QStringLiteral("stride") << QStringLiteral("along Q must be positive");
        l = test::resnetConv1();
        l.dilation = 0;
        QTest::newRow("dilation 0") << l << QStringLiteral("dilation") << QStringLiteral("must be positive, got 0");
        l = test::resnetConv1();
        l.repeat = 0;
        QTest::newRow("repeat 0") << l << QStringLiteral("repeat") << QStringLiteral("at least 1");
        l = test::resnetConv1();
        l.c = std::int64_t(1) << 40;
        QTest::newRow("huge C") << l << QStringLiteral("C") << QStringLiteral("large");
    }

    void invalid()
    {
        QFETCH(Layer, layer);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const FieldIssues issues = validateLayer(layer);
        QVERIFY(!issues.empty());
        QCOMPARE(QString::fromStdString(issues.front().field), field);
        QVERIFY2(QString::fromStdString(issues.front().message).contains(message), issues.front().message.c_str());
    }

    void networkChecksNames()
    {
        Network net;
        net.name = "n";
        net.layers = {test::resnetConv1(), test::resnetConv1()};
        net.layers[1].name = "conv_1";
        const FieldIssues issues = validateNetwork(net);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(issues[0].field), QStringLiteral("layers[1].name"));
        QCOMPARE(net.indexOf("Conv_1"), 0);
        QVERIFY(!validateNetwork(Network{}).empty());
    }
};

QTEST_APPLESS_MAIN(TestLayer)
#include "tst_layer.moc"
