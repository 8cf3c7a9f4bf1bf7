// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// Mapscape's JSON formats: round trips and clear errors (file, line, field) for bad input.

#include "kinds/scheduling/core/scheduling_model.h"
#include "kinds/scheduling/core/preset_io.h"
#include "support/fixtures.h"

#include <QtTest>

using namespace mapscape;

namespace {

const char* kNetwork = R"({
  "schema": "mapscape/network",
  "version": 1,
  "name": "tiny",
  "layers": [
    {"name": "CONV_1", "K": 64, "B": 1, "P": 112, "Q": 112, "C": 3, "R": 7, "S": 7, "G": 1, "stride": 2},
    {"name": "FC_1", "K": 1000, "P": 1, "Q": 1, "C": 2048, "R": 1, "S": 1, "stride": 0, "repeat": 2}
  ]
})";

/// Replaces the first occurrence of `from` in `text`.
std::string patched(std::string text, const std::string& from, const std::string& to)
{
    const auto p = text.find(from);
    Q_ASSERT(p != std::string::npos);
    return text.replace(p, from.size(), to);
}

} // namespace

class TestPresetIo : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void networkParses()
    {
        const Network n = networkFromJson(kNetwork, "tiny.json");
        QCOMPARE(n.layers.size(), std::size_t(2));
        QCOMPARE(n.layers[0], test::resnetConv1());
        QCOMPARE(n.layers[1].b, std::int64_t(1)); // B defaults to 1
        QCOMPARE(n.layers[1].repeat, std::int64_t(2));
        QCOMPARE(networkFromJson(networkToJson(n), "again.json"), n);
    }

    void acceleratorRoundTrip()
    {
        for (const Accelerator& a : {test::eyeriss(), test::simba()}) {
            const std::string text = acceleratorToJson(a);
            const Accelerator back = acceleratorFromJson(text, "x.json");
            QCOMPARE(back, a);
        }
    }

    void mappingRoundTrip()
    {
        const Accelerator acc = test::eyeriss();
        Mapping m;
        m.network = "tiny";
        m.source = "test";
        m.layers.push_back({"CONV_1", test::conv1Example()});
        m.layers.back().table.dataflow[std::size_t(idx(Row::Gb))] = Dataflow::IS;
        const Mapping back = mappingFromJson(mappingToJson(m, acc), "m.json", acc);
        QCOMPARE(back.layers.size(), std::size_t(1));
        QCOMPARE(back.layers[0].table, m.layers[0].table);
        QCOMPARE(back.find("conv_1"), &back.layers[0].table);
    }

    void badNetwork_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // substring of the error, including line and field
        const std::string n = kNetwork;
        QTest::newRow("syntax error") << QString::fromStdString(patched(n, "\"G\": 1,", "\"G\": 1"))
                                      << QStringLiteral("tiny.json:6: malformed JSON");
        QTest::newRow("missing field") << QString::fromStdString(patched(n, "\"C\": 3, ", ""))
                                       << QStringLiteral("tiny.json:6: layers[0].C: required field is missing");
        QTest::newRow("zero dimension") << QString::fromStdString(patched(n, "\"K\": 64", "\"K\": 0"))
                                        << QStringLiteral("tiny.json:6: layers[0].K: must be a positive integer, got 0");
        QTest::newRow("negative dimension") << QString::fromStdString(patched(n, "\"P\": 1,", "\"P\": -1,"))
                                            << QStringLiteral("tiny.json:7: layers[1].P: must be a positive integer");
        QTest::newRow("fractional") << QString::fromStdString(patched(n, "\"R\": 7", "\"R\": 7.5"))
                                    << QStringLiteral("tiny.json:6: layers[0].R: expected an integer");
        QTest::newRow("string dimension") << QString::fromStdString(patched(n, "\"S\": 7", "\"S\": \"seven\""))
                                          << QStringLiteral("layers[0].S: expected an integer");
        QTest::newRow("unknown field") << QString::fromStdString(patched(n, "\"stride\": 2", "\"strides\": 2"))
                                       << QStringLiteral("tiny.json:6: layers[0].strides: unknown field");
        QTest::newRow("three strides") << QString::fromStdString(patched(n, "\"stride\": 2", "\"stride\": [2, 1, 1]"))
                                       << QStringLiteral("tiny.json:6: layers[0].stride: expected one number or two (rows, columns)");
        QTest::newRow("zero column stride") << QString::fromStdString(patched(n, "\"stride\": 2", "\"stride\": [2, 0]"))
                                            << QStringLiteral("tiny.json:6: layers[0].stride[1]: the stride along columns must be positive, got 0");
        QTest::newRow("zero dilation") << QString::fromStdString(patched(n, "\"stride\": 2", "\"stride\": 2, \"dilation\": 0"))
                                       << QStringLiteral("tiny.json:6: layers[0].dilation: the dilation must be positive, got 0");
        QTest::newRow("wrong schema") << QString::fromStdString(patched(n, "mapscape/network", "mapscape/accelerator"))
                                      << QStringLiteral("tiny.json:2: schema: this is a \"mapscape/accelerator\" file");
        QTest::newRow("newer version") << QString::fromStdString(patched(n, "\"version\": 1", "\"version\": 7"))
                                       << QStringLiteral("tiny.json:3: version: version 7 was written by a newer");
        QTest::newRow("duplicate name") << QString::fromStdString(patched(n, "FC_1", "CONV_1"))
                                        << QStringLiteral("layers[1].name: duplicate layer name");
        QTest::newRow("not divisible") << QString::fromStdString(patched(n, "\"G\": 1", "\"G\": 2"))
                                       << QStringLiteral("layers[0].C: C = 3 is not divisible by G = 2");
        QTest::newRow("empty") << QString() << QStringLiteral("tiny.json:1: malformed JSON");
        QTest::newRow("not an object") << QStringLiteral("[1, 2]") << QStringLiteral("expected an object");
    }

    void badNetwork()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        try {
            networkFromJson(text.toStdString(), "tiny.json");
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(expected), e.what());
        }
    }

    void badAccelerator_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("expected");
        QTest::newRow("zero bandwidth") << QStringLiteral("\"bandwidth_bits\": 64.0") << QStringLiteral("\"bandwidth_bits\": 0")
                                        << QStringLiteral("global_buffer.bandwidth_bits: must be a positive number");
        QTest::newRow("negative size") << QStringLiteral("\"size_bytes\": 102400") << QStringLiteral("\"size_bytes\": -5")
                                       << QStringLiteral("global_buffer.size_bytes[0]: must not be negative");
        QTest::newRow("bad dataflow") << QStringLiteral("\"dataflow\": \"OS\"") << QStringLiteral("\"dataflow\": \"XS\"")
                                      << QStringLiteral("global_buffer.dataflow: expected \"IS\", \"WS\", \"OS\"");
        QTest::newRow("stationary bypass") << QStringLiteral("\"dataflow\": \"OS\"") << QStringLiteral("\"dataflow\": \"WS\"")
                                           << QStringLiteral("global_buffer.dataflow: WS keeps weight stationary");
        QTest::newRow("bad bypass") << QStringLiteral("\"weight\"") << QStringLiteral("\"weights!\"")
                                    << QStringLiteral("global_buffer.bypass[0]: expected \"input\"");
        QTest::newRow("two energies") << QStringLiteral("\"access_energy_pj\": 128.0")
                                      << QStringLiteral("\"access_energy_pj\": [1, 2]")
                                      << QStringLiteral("dram.access_energy_pj: expected 3 values");
        QTest::newRow("zero pe") << QStringLiteral("\"size_x\": 14") << QStringLiteral("\"size_x\": 0")
                                 << QStringLiteral("pe_array.size_x: must be between 1");
        QTest::newRow("missing precision") << QStringLiteral("\"precision_bits\": 16,") << QString()
                                           << QStringLiteral("precision_bits: required field is missing");
    }

    void badAccelerator()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, expected);
        const std::string good = acceleratorToJson(test::eyeriss());
        const std::string bad = patched(good, from.toStdString(), to.toStdString());
        try {
            acceleratorFromJson(bad, "acc.json");
            QFAIL("no error");
        } catch (const InputError& e) {
            const QString msg = QString::fromUtf8(e.what());
            QVERIFY2(msg.contains(expected), e.what());
            QVERIFY2(msg.startsWith(QStringLiteral("acc.json:")), e.what());
        }
    }

    void badMapping_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown row") << QString::fromUtf8(R"({"schema": "mapscape/mapping", "layers": [
            {"layer": "CONV_1", "rows": {"L2_BUFFER": {"K": 2}}}]})")
                                     << QStringLiteral("m.json:2: layers[0].rows.L2_BUFFER: unknown table row");
        QTest::newRow("zero factor") << QString::fromUtf8(R"({"schema": "mapscape/mapping", "layers": [
            {"layer": "CONV_1", "rows": {"DRAM": {"K": 0}}}]})")
                                     << QStringLiteral("layers[0].rows.DRAM.K: a loop factor must be a positive integer");
        QTest::newRow("bad dim") << QString::fromUtf8(R"({"schema": "mapscape/mapping", "layers": [
            {"layer": "CONV_1", "rows": {"DRAM": {"X": 2}}}]})")
                                 << QStringLiteral("unknown dimension \"X\"");
        QTest::newRow("dataflow on spatial row") << QString::fromUtf8(R"js({"schema": "mapscape/mapping", "layers": [
            {"layer": "CONV_1", "rows": {}, "dataflow": {"PE_ARRAY(X)": "WS"}}]})js")
                                                 << QStringLiteral("is not a temporal level");
    }

    void badMapping()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        try {
            mappingFromJson(text.toStdString(), "m.json", test::eyeriss());
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(expected), e.what());
        }
    }

    void loadersNameTheFile()
    {
        try {
            loadNetwork("/nonexistent/dir/net.json");
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).startsWith(QStringLiteral("/nonexistent/dir/net.json")), e.what());
        }
    }

    void tableThatViolatesCapacityIsReportedNotThrown()
    {
        // A mapping file may be well formed and still describe an impossible table: that is an
        // evaluation status with a reason, never an exception or a crash.
        const Accelerator acc = test::eyeriss();
        const Mapping m = mappingFromJson(R"({"schema": "mapscape/mapping", "layers": [
            {"layer": "CONV_1", "rows": {"LOCAL_BUFFER": {"K": 64, "C": 3, "R": 7, "S": 7},
                                         "DRAM": {"P": 112, "Q": 112}}}]})",
                                          "m.json", acc);
        const SchedulingModel model(acc);
        Evaluation e;
        const EvalStatus st = model.evaluate(LayerShape::of(test::resnetConv1()), m.layers[0].table, e);
        QCOMPARE(st.violation, Violation::Capacity);
        QVERIFY(QString::fromStdString(model.describe(st)).contains(QStringLiteral("LOCAL_BUFFER overflows")));
    }
};

QTEST_APPLESS_MAIN(TestPresetIo)
#include "tst_preset_io.moc"
