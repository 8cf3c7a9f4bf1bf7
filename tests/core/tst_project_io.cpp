// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "core/io/project_io.h"
#include "support/fixtures.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace mapscape;

namespace {

Project sample()
{
    Project p;
    p.accelerator = test::simba();
    p.network.name = "net";
    p.network.layers = {test::layer("A", 16, 1, 7, 7, 8, 3, 3, 1, 1), test::layer("FC", 10, 1, 1, 1, 20, 1, 1, 1, 0)};
    Mapping m;
    m.network = "net";
    SchedulingTable t = SchedulingTable::allAtDram(p.network.layers[1].perGroupDims());
    t.at(Row::Dram, Dim::K) = 5;
    t.at(Row::Lb, Dim::K) = 2;
    m.layers = {{"FC", t}};
    p.mapping = m;
    p.optimizer.id = "random";
    p.optimizer.options = {{"samples", "500"}};
    p.optimizer.metric = Metric::Edp;
    p.optimizer.dataflow = DataflowMode::Flexible;
    p.optimizer.seed = 99;
    p.optimizer.threads = 2;
    return p;
}

QString messageOf(const std::string& text)
{
    try {
        projectFromJson(text, "p.json");
    } catch (const InputError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace

class TestProjectIo : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void roundTrip()
    {
        const Project p = sample();
        const std::string text = projectToJson(p);
        const Project back = projectFromJson(text, "p.json");
        QCOMPARE(back.network, p.network);
        QCOMPARE(back.optimizer, p.optimizer);
        QVERIFY(back.mapping.has_value());
        QCOMPARE(back.mapping->layers.size(), std::size_t(1));
        QCOMPARE(back.mapping->layers[0].table, p.mapping->layers[0].table);
        QCOMPARE(projectToJson(back), text); // stable
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("x.mapscape.json")).toStdString();
        saveProject(p, path);
        QCOMPARE(projectToJson(loadProject(path)), text);
        Project trivial = p;
        trivial.mapping.reset();
        QVERIFY(!projectFromJson(projectToJson(trivial), "t").mapping.has_value());
    }

    void errorsNameTheField()
    {
        QVERIFY(messageOf("{").startsWith(QStringLiteral("p.json: not valid JSON")));
        QCOMPARE(messageOf(R"({"schema":"mapscape/network","version":1})"),
                 QStringLiteral("p.json: schema: expected \"mapscape/project\""));
        QCOMPARE(messageOf(R"({"schema":"mapscape/project","version":9})"),
                 QStringLiteral("p.json: version: written by a newer Mapscape (version 9)"));
        QCOMPARE(messageOf(R"({"schema":"mapscape/project","version":1,"network":{}})"),
                 QStringLiteral("p.json: accelerator: required object is missing"));
        std::string text = projectToJson(sample());
        const std::string bad = std::string(text).replace(text.find("\"seed\": 99"), 10, "\"seed\": -1");
        QCOMPARE(messageOf(bad), QStringLiteral("p.json: optimizer.seed: expected a non-negative integer"));
        const std::string badLayer = std::string(text).replace(text.find("\"K\": 16"), 7, "\"K\": 0");
        QVERIFY2(messageOf(badLayer).contains(QStringLiteral("p.json (network)")), qPrintable(messageOf(badLayer)));
        QVERIFY(messageOf(badLayer).contains(QStringLiteral("K")));
        const std::string extra = std::string(text).insert(1, "\"colour\": 1,");
        QCOMPARE(messageOf(extra), QStringLiteral("p.json: colour: unknown member"));
        QVERIFY_THROWS_EXCEPTION(InputError, loadProject("/nonexistent/p.json"));
    }
};

QTEST_APPLESS_MAIN(TestProjectIo)
#include "tst_project_io.moc"
