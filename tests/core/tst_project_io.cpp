// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "kinds/accel/core/accel_study.h"
#include "kinds/dataflow/core/dataflow_study.h"
#include "kinds/scheduling/core/scheduling_study.h"
#include "kinds/accel/core/accel_io.h"
#include "kinds/dataflow/core/dataflow_io.h"
#include "kinds/scheduling/core/preset_io.h"
#include "core/study/project_io.h"
#include "support/fixtures.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace mapscape;

namespace {

/// The registered kinds' ids as the project reader lists them ("scheduling, dataflow, … or placement").
QString knownKindIds()
{
    QStringList ids;
    for (const StudyKind* k : studyKinds())
        ids << QString::fromStdString(k->info().id);
    const QString last = ids.takeLast();
    return ids.join(QStringLiteral(", ")) + QStringLiteral(" or ") + last;
}


SchedulingInputs schedulingInputs()
{
    SchedulingInputs in;
    in.accelerator = test::simba();
    in.network.name = "net";
    in.network.layers = {test::layer("A", 16, 1, 7, 7, 8, 3, 3, 1, 1), test::layer("FC", 10, 1, 1, 1, 20, 1, 1, 1, 0)};
    Mapping m;
    m.network = "net";
    SchedulingTable t = SchedulingTable::allAtDram(in.network.layers[1].perGroupDims());
    t.at(Row::Dram, Dim::K) = 5;
    t.at(Row::Lb, Dim::K) = 2;
    m.layers = {{"FC", t}};
    in.mapping = m;
    return in;
}

DataflowInputs dataflowInputs()
{
    DataflowInputs in;
    in.workload = "Seed 001 layers";
    in.layer = DataflowLayer::conv("VGG16 row 2", 128, 64, 3, 3, 112, 112);
    in.hardware = loadDataflowHardware("edge-256");
    in.mapping = loadDataflowMapping("row-stationary", DfLayerType::Conv);
    in.space.divisorsOnly = true;
    in.space.restrictions["tile_K"] = ParameterRestriction{true, 16, 0, 0};
    return in;
}

Project sample()
{
    Project p;
    Study s = makeStudy("Simba / net", schedulingInputs());
    s.optimizer.id = "random";
    s.optimizer.options = {{"samples", "500"}};
    s.optimizer.objective = "edp";
    s.optimizer.runOptions = {{"dataflow", "flexible"}};
    s.optimizer.seed = 99;
    s.optimizer.threads = 2;
    p.studies.push_back(s);
    Study d = makeStudy("VGG16 row 2", dataflowInputs());
    d.optimizer.objective = "energy";
    RunRecord r;
    r.id = 3;
    r.settings = d.optimizer;
    r.setup = setupLabel(d.inputs);
    r.setupKey = setupKey(d.inputs);
    r.state = "finished";
    r.seconds = 1.5;
    r.evaluations = 2000;
    r.curves = {{"search/best", {{1, 10}, {100, 5}, {2000, 4.5}}}};
    r.best = {{"latency", 1000}, {"energy", 4.5}};
    r.result = dataflowResultToJson(d.inputs.get<DataflowInputs>().mapping,
                                    DfLayerType::Conv, {{"tile_K", 16}});
    d.runs.push_back(r);
    RunRecord stopped = r; // cancelled at a quarter of its budget
    stopped.id = 4;
    stopped.state = "cancelled";
    stopped.evaluations = 500;
    stopped.progress = 0.25;
    d.runs.push_back(stopped);
    p.studies.push_back(d);
    p.active = 1;
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

/// The line (from 1) of the first occurrence of `needle` in `text`.
int lineOf(const std::string& text, const std::string& needle)
{
    const auto at = text.find(needle);
    return at == std::string::npos ? -1 : 1 + int(std::count(text.begin(), text.begin() + long(at), '\n'));
}

} // namespace

class TestProjectIo : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void roundTripWithTwoStudiesAndRuns()
    {
        const Project p = sample();
        const std::string text = projectToJson(p);
        const Project back = projectFromJson(text, "p.json");
        QCOMPARE(back.studies.size(), std::size_t(2));
        QCOMPARE(back.active, 1);
        QCOMPARE(back.studies[0].name, p.studies[0].name);
        QVERIFY(back.studies[0].optimizer == p.studies[0].optimizer);
        QVERIFY((back.studies[0].inputs).get<SchedulingInputs>().network == (p.studies[0].inputs).get<SchedulingInputs>().network);
        QVERIFY((back.studies[0].inputs).get<SchedulingInputs>().accelerator == (p.studies[0].inputs).get<SchedulingInputs>().accelerator);
        const auto& mb = (back.studies[0].inputs).get<SchedulingInputs>().mapping;
        QVERIFY(mb.has_value());
        QCOMPARE(mb->layers.size(), std::size_t(1));
        QCOMPARE(mb->layers[0].table, (p.studies[0].inputs).get<SchedulingInputs>().mapping->layers[0].table);
        QVERIFY((back.studies[1].inputs).get<DataflowInputs>() == (p.studies[1].inputs).get<DataflowInputs>());
        QCOMPARE(back.studies[1].runs.size(), std::size_t(2));
        // A cancelled run keeps how far it got.
        QCOMPARE(back.studies[1].runs[1].state, std::string("cancelled"));
        QCOMPARE(back.studies[1].runs[1].evaluations, std::uint64_t(500));
        QCOMPARE(back.studies[1].runs[1].progress, 0.25);
        QCOMPARE(back.studies[1].runs[0].progress, 1.0);
        const RunRecord& r = back.studies[1].runs[0];
        QCOMPARE(r.setupKey, p.studies[1].runs[0].setupKey);
        QCOMPARE(r.curves, p.studies[1].runs[0].curves);
        QCOMPARE(r.best, p.studies[1].runs[0].best);
        QCOMPARE(dataflowResultMapping(r.result, DfLayerType::Conv, "run").directives.size(),
                 (p.studies[1].inputs).get<DataflowInputs>().mapping.directives.size());
        QCOMPARE(projectToJson(back), text); // stable
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("x.mapscape.json")).toStdString();
        saveProject(p, path);
        QCOMPARE(projectToJson(loadProject(path)), text);
    }

    void version1FilesOpenAsOneSchedulingStudy()
    {
        // A project written by the previous Mapscape (version 1).
        const std::string v1 = R"({"schema": "mapscape/project", "version": 1,
            "accelerator": )" + acceleratorToJson(test::simba()) +
                               R"(, "network": )" + networkToJson(schedulingInputs().network) +
                               R"(, "mapping": null,
            "optimizer": {"id": "random", "options": {"samples": "500"}, "metric": "cycle", "dataflow": "flexible",
                          "seed": 99, "threads": 2}})";
        const Project p = projectFromJson(v1, "old.json");
        QCOMPARE(p.studies.size(), std::size_t(1));
        QCOMPARE(p.studies[0].kind(), schedulingKind());
        QCOMPARE(p.studies[0].name, std::string("SIMBA / net"));
        QCOMPARE(p.studies[0].optimizer.objective, std::string("cycle"));
        QCOMPARE(p.studies[0].optimizer.seed, std::uint64_t(99));
        QCOMPARE(p.studies[0].optimizer.runOptions.at("dataflow"), std::string("flexible"));
        QVERIFY(!(p.studies[0].inputs).get<SchedulingInputs>().mapping.has_value());
    }

    void curvesAreThinnedWhenSaved()
    {
        Project p = sample();
        RunCurve& c = p.studies[1].runs[0].curves[0];
        c.points.clear();
        for (int i = 0; i < 100000; ++i)
            c.points.emplace_back(i, 1000.0 / (1 + i) + (i % 7));
        const Project back = projectFromJson(projectToJson(p), "p.json");
        const auto& pts = back.studies[1].runs[0].curves[0].points;
        QVERIFY(pts.size() <= kSavedCurvePoints);
        QCOMPARE(pts.front(), c.points.front());
        QCOMPARE(pts.back(), c.points.back());
    }

    void errorsNameTheField()
    {
        QVERIFY(messageOf("{").startsWith(QStringLiteral("p.json:1: malformed JSON")));
        // Found by fuzzing: a value of the wrong JSON type is an error naming the field.
        QCOMPARE(messageOf("{\"schema\": 5}"), QStringLiteral("p.json:1: schema: expected text, got number"));
        QCOMPARE(messageOf("{\"schema\":\"mapscape/project\",\"version\":2,\"studies\":[{\"kind\":[1]}]}"),
                 QStringLiteral("p.json:1: studies[0].kind: expected text, got array"));
        QCOMPARE(messageOf(R"({"schema":"mapscape/network","version":1})"),
                 QStringLiteral("p.json:1: schema: expected \"mapscape/project\""));
        QCOMPARE(messageOf(R"({"schema":"mapscape/project","version":9})"),
                 QStringLiteral("p.json:1: version: written by a newer Mapscape (version 9)"));
        QCOMPARE(messageOf(R"({"schema":"mapscape/project","version":1,"network":{}})"),
                 QStringLiteral("p.json:1: accelerator: required object is missing"));
        QCOMPARE(messageOf(R"({"schema":"mapscape/project","version":2,"studies":[]})"),
                 QStringLiteral("p.json:1: studies: expected a non-empty list of studies"));
        QCOMPARE(messageOf(R"({"schema":"mapscape/project","version":2,"studies":[{"kind":"timeloop"}]})"),
                 QStringLiteral("p.json:1: studies[0].kind: expected %1, got \"timeloop\"").arg(knownKindIds()));
        const std::string text = projectToJson(sample());
        const std::string badSeed = std::string(text).replace(text.find("\"seed\": 99"), 10, "\"seed\": -1");
        // Errors name the line of the file, also inside a study's inputs (each kind reads its
        // members from the file's own text, not from a copy with other lines).
        QCOMPARE(messageOf(badSeed), QStringLiteral("p.json:%1: studies[0].optimizer.seed: expected a non-negative integer")
                                         .arg(lineOf(badSeed, "\"seed\": -1")));
        const std::string badLayer = std::string(text).replace(text.find("\"K\": 16"), 7, "\"K\": 0");
        QVERIFY2(messageOf(badLayer).startsWith(QStringLiteral("p.json (studies[0].network):%1: ").arg(lineOf(badLayer, "\"K\": 0"))),
                 qPrintable(messageOf(badLayer)));
        const std::string badDataflowLayer = std::string(text).replace(text.find("\"K\": 128"), 8, "\"K\": -2");
        QVERIFY2(messageOf(badDataflowLayer).startsWith(QStringLiteral("p.json (studies[1].layer):%1: ").arg(lineOf(badDataflowLayer, "\"K\": -2"))) &&
                     messageOf(badDataflowLayer).contains(QStringLiteral("K: must be a positive integer, got -2")),
                 qPrintable(messageOf(badDataflowLayer)));
        const std::string badObjective = std::string(text).replace(text.find("\"objective\": \"energy\""), 21,
                                                                   "\"objective\": \"speed\"");
        QCOMPARE(messageOf(badObjective), QStringLiteral("p.json:%1: studies[1].optimizer.objective: expected one of latency, "
                                                         "energy, edp, area, power").arg(lineOf(badObjective, "\"speed\"")));
        const std::string extra = std::string(text).insert(1, "\"colour\": 1,");
        QCOMPARE(messageOf(extra), QStringLiteral("p.json:1: colour: unknown member"));
        // A key given twice is refused where it is given the second time.
        const std::string twice = std::string(text).insert(text.find("\"seed\": 99"), "\"seed\": 5,\n");
        QCOMPARE(messageOf(twice), QStringLiteral("p.json:%1: the key \"seed\" appears twice in one object (first on line %2)")
                                       .arg(lineOf(twice, "\"seed\": 99")).arg(lineOf(twice, "\"seed\": 5")));
        const std::string badRun = std::string(text).replace(text.find("\"state\": \"finished\""), 19,
                                                             "\"state\": \"exploded\"");
        QCOMPARE(messageOf(badRun), QStringLiteral("p.json:%1: studies[1].runs[0].state: expected finished, cancelled, failed or interrupted")
                                        .arg(lineOf(badRun, "exploded")));
        // How far a run got is a fraction of its budget.
        const std::string badProgress = std::string(text).replace(text.find("\"progress\": 0.25"), 16, "\"progress\": 2.5");
        QCOMPARE(messageOf(badProgress), QStringLiteral("p.json:%1: studies[1].runs[1].progress: expected a fraction from 0 to 1, got 2.5")
                                             .arg(lineOf(badProgress, "\"progress\": 2.5")));
        QVERIFY_THROWS_EXCEPTION(InputError, loadProject("/nonexistent/p.json"));
    }

    /// Files written before runs kept their progress: a finished run has done all of its budget,
    /// how far any other run got is not known (the runs table shows "–").
    void runsWithoutProgressOpen()
    {
        std::string text = projectToJson(sample());
        for (auto at = text.find("\"progress\""); at != std::string::npos; at = text.find("\"progress\"")) {
            const auto end = text.find('\n', at);
            text.erase(at, end - at + 1);
        }
        QVERIFY(text.find("progress") == std::string::npos);
        const Project back = projectFromJson(text, "old.json");
        QCOMPARE(back.studies[1].runs[0].progress, 1.0);
        QCOMPARE(back.studies[1].runs[1].progress, -1.0);
    }

    /// Runs saved while they ran are "interrupted" (files of earlier versions said "running" and
    /// could not be opened at all); one bad run or study does not refuse the project when the
    /// reader may leave parts out: the rest is read, each part left out is named with its line.
    void partsThatCannotBeReadAreLeftOut()
    {
        Project p = sample();
        p.studies[1].runs.resize(1); // the finished run, and a copy that was interrupted
        p.studies[1].runs.push_back(p.studies[1].runs[0]);
        p.studies[1].runs[1].id = 4;
        p.studies[1].runs[1].state = "interrupted";
        p.studies.push_back(p.studies[1]);
        p.studies[2].name = "third";
        p.active = 2;
        const std::string text = projectToJson(p);
        QCOMPARE(projectToJson(projectFromJson(text, "p.json")), text); // "interrupted" round-trips
        // An earlier version's "running" and a "paused" are read as interrupted.
        std::string old = text;
        old.replace(old.find("\"interrupted\""), 13, "\"running\"");
        QCOMPARE(projectFromJson(old, "p.json").studies[1].runs[1].state, std::string("interrupted"));
        // A bad run in study 1 and a bad study 0: strict reading refuses, lenient reading keeps the rest.
        std::string bad = text;
        bad.replace(bad.find("\"state\": \"finished\""), 19, "\"state\": \"exploded\"");
        bad.replace(bad.find("\"seed\": 99"), 10, "\"seed\": -1");
        QVERIFY_THROWS_EXCEPTION(InputError, projectFromJson(bad, "p.json"));
        std::vector<std::string> skipped;
        const Project back = projectFromJson(bad, "p.json", &skipped);
        QCOMPARE(int(back.studies.size()), 2);
        QCOMPARE(back.studies[0].name, std::string("VGG16 row 2"));
        QCOMPARE(int(back.studies[0].runs.size()), 1); // the exploded run is left out
        QCOMPARE(back.studies[0].runs[0].state, std::string("interrupted"));
        QCOMPARE(int(back.studies[1].runs.size()), 2);
        QCOMPARE(back.active, 1); // "third" was study 2 of the file, study 1 of what opened
        QCOMPARE(int(skipped.size()), 2);
        QCOMPARE(QString::fromStdString(skipped[0]),
                 QStringLiteral("p.json:%1: studies[0].optimizer.seed: expected a non-negative integer (study left out)")
                     .arg(lineOf(bad, "\"seed\": -1")));
        QCOMPARE(QString::fromStdString(skipped[1]),
                 QStringLiteral("p.json:%1: studies[1].runs[0].state: expected finished, cancelled, failed or interrupted "
                                "(run left out)")
                     .arg(lineOf(bad, "exploded")));
        // Nothing readable: the first reason is the file's error.
        Project one = sample();
        one.studies.erase(one.studies.begin() + 1);
        one.active = 0;
        std::string none = projectToJson(one);
        none.replace(none.find("\"seed\": 99"), 10, "\"seed\": -1");
        skipped.clear();
        try {
            (void)projectFromJson(none, "p.json", &skipped);
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).endsWith(QStringLiteral("studies[0].optimizer.seed: expected a non-negative integer")),
                     e.what());
        }
    }

    /// Accelerator-sizing studies: every input survives a project file and a study file; errors
    /// name the field; the setup key ignores the design shown but not the space.
    void accelStudiesRoundTrip()
    {
        AccelInputs in;
        in.setup.workload = RnnWorkload::make(RnnCell::Gru, 40, 64, 10, 5);
        in.setup.space = AccelSpace::hasco();
        in.setup.space[AccelGene::Dataflow] = {false, false, 0, 0, 1, {}, 1};
        in.setup.model.noise = true;
        in.setup.model.noiseSeed = 7;
        in.setup.model.tilePolicy = TilePolicy::MinLatency;
        in.setup.constraints = {2e7, 900, 1500};
        in.setup.limits = FpgaLimits::zcu102();
        in.setup.proxy.lutPerPe = 150;
        in.design.x = 16;
        in.design.dataflow = AccelDataflow::OS;
        Project p;
        p.studies.push_back(makeStudy("GRU sizing", in));
        p.studies.back().optimizer.id = "nsga2";
        p.studies.back().optimizer.objective = "power";
        const Project back = projectFromJson(projectToJson(p), "p.json");
        QCOMPARE(back, p);
        QCOMPARE(back.studies.front().kind(), accelKind());
        // A custom workload too, through a study file.
        AccelStudyFile f;
        f.setup = in.setup;
        f.setup.workload.cell = RnnCell::Custom;
        f.setup.workload.name = "two GEMMs";
        f.setup.workload.components = {{"a", 64, 1, 32}, {"b", 10, 4, 64}};
        f.design = in.design;
        f.objective = "energy";
        const AccelStudyFile g = accelStudyFromJson(accelStudyToJson(f), "s.json");
        QCOMPARE(g.setup, f.setup);
        QCOMPARE(g.design, f.design);
        QCOMPARE(g.objective, f.objective);
        // Errors name the study and the field.
        const std::string text = projectToJson(p);
        const std::string badGene = std::string(text).replace(text.find("\"x\": 16"), 7, "\"x\": 0");
        QVERIFY2(messageOf(badGene).contains(QStringLiteral("studies[0]")) && messageOf(badGene).contains(QStringLiteral("x: must be")),
                 qPrintable(messageOf(badGene)));
        auto studyError = [](const std::string& json) {
            try {
                accelStudyFromJson(json, "s.json");
            } catch (const InputError& e) {
                return QString::fromUtf8(e.what());
            }
            return QString();
        };
        QCOMPARE(studyError(R"({"schema":"mapscape/accel-study","workload":{"cell":"gru","components":[]}})"),
                 QStringLiteral("s.json:1: workload.components: only a custom cell lists its components; gru derives them from the sizes"));
        QCOMPARE(studyError(R"({"schema":"mapscape/accel-study","space":{"sp_banks":{"values":[1,0]}}})"),
                 QStringLiteral("s.json:1: space.sp_banks.values[1]: must be in [1, 1024], got 0"));
        QCOMPARE(studyError(R"({"schema":"mapscape/accel-study","fpga_limits":"vu9p"})"),
                 QStringLiteral("s.json:1: fpga_limits: expected zcu102, none or {lut, dsp, bram36, bandwidth}, got \"vu9p\""));
        QCOMPARE(studyError(R"({"schema":"mapscape/accel-study","design":{"dataflow":"RS"}})"),
                 QStringLiteral("s.json:1: design.dataflow: expected WS or OS, got \"RS\""));
        QCOMPARE(studyError(R"({"schema":"mapscape/accel-study","objective":"speed"})"),
                 QStringLiteral("s.json:1: objective: expected latency, power, area or energy, got \"speed\""));
        // The setup key: the design shown does not change it, the space does.
        AccelInputs other = in;
        other.design.x = 4;
        QCOMPARE(setupKey(other), setupKey(in));
        other.setup.space = AccelSpace::table1();
        QVERIFY(setupKey(other) != setupKey(in));
        // The label names what differs from the GRU preset, so that runs on other inputs never
        // read alike (issue 49, item 2).
        QCOMPARE(QString::fromStdString(setupLabel(in)),
                 QStringLiteral("GRU 40-64-10 on ZCU102 (edited: T = 5, 6 gene ranges, +6 more)"));
        AccelInputs preset{loadAccelStudy("gru").setup, in.design};
        QCOMPARE(QString::fromStdString(setupLabel(preset)), QStringLiteral("GRU 29-100-29 on ZCU102"));
        preset.setup.constraints.powerMax = 1500;
        preset.setup.limits.lut = 1e5;
        preset.setup.limits.name = "custom";
        QCOMPARE(QString::fromStdString(setupLabel(preset)),
                 QStringLiteral("GRU 29-100-29 on custom (100000 LUTs, 2520 DSPs, 912 BRAM36) (edited: ≤ 1500 mW)"));
    }

    void setupKeysFollowWhatRunsOptimise()
    {
        const DataflowInputs a = dataflowInputs();
        DataflowInputs b = a;
        b.mapping = loadDataflowMapping("weight-stationary-kc", DfLayerType::Conv); // the shown mapping: same setup
        QCOMPARE(setupKey(a), setupKey(b));
        b.hardware.numPes = 512;
        QVERIFY(setupKey(a) != setupKey(b));
        // Labels name what the run ran on: the PEs, the space's restrictions (issue 49, item 2).
        const QString space = QStringLiteral("; divisor tiles, 1 parameter restricted");
        QCOMPARE(QString::fromStdString(setupLabel(a)), QStringLiteral("VGG16 row 2 on Edge 256 PEs") + space);
        QCOMPARE(QString::fromStdString(setupLabel(b)), QStringLiteral("VGG16 row 2 on Edge 512 PEs (edited)") + space);
        b.hardware.l2Size = 65536;
        b.layer.set(dfvar::K, 256);
        QCOMPARE(QString::fromStdString(setupLabel(b)),
                 QStringLiteral("VGG16 row 2 (edited: K 256) on Edge 512 PEs (edited: L2 65536 B)") + space);
        QVERIFY(setupKey(schedulingInputs()).rfind("scheduling-", 0) == 0);
    }
};

QTEST_APPLESS_MAIN(TestProjectIo)
#include "tst_project_io.moc"
