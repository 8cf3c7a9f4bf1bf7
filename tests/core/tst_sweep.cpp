// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
// Sweeps: the sweep file, its shards, atomic per-shard results that re-runs skip, collection.

#include "core/io/file_util.h"
#include "core/model/validation.h"
#include "core/sweep/slurm.h"
#include "kinds/dataflow/core/dataflow_study.h"
#include "core/sweep/sweep.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

using namespace mapscape;
using namespace mapscape::sweep;

namespace {

const char* kNetA = R"({"schema": "mapscape/network", "version": 1, "name": "tiny-a", "layers": [
  {"name": "C1", "K": 16, "B": 1, "P": 8, "Q": 8, "C": 8, "R": 3, "S": 3, "G": 1, "stride": 1},
  {"name": "FC", "K": 10, "B": 1, "P": 1, "Q": 1, "C": 64, "R": 1, "S": 1, "G": 1, "stride": 0}]})";
const char* kNetB = R"({"schema": "mapscape/network", "version": 1, "name": "tiny-b", "layers": [
  {"name": "PW", "K": 32, "B": 1, "P": 4, "Q": 4, "C": 16, "R": 1, "S": 1, "G": 1, "stride": 1}]})";

std::string sweepText(const QString& dir, const std::string& extra = {})
{
    const std::string d = dir.toStdString();
    return R"({"schema": "mapscape/sweep", "version": 1, "name": "small",
  "accelerators": ["eyeriss", "simba"],
  "networks": [")" + d + R"(/a.json", ")" + d + R"(/b.json"],
  "optimizers": [{"id": "random", "options": {"samples": 30}}, {"id": "random", "options": {"samples": 60}}, "bottom-up"],
  "seeds": [1, 2, 3, 4])" + extra + "}";
}

} // namespace

class TestSweep : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        writeTextFileAtomic(m_dir.filePath(QStringLiteral("a.json")).toStdString(), kNetA);
        writeTextFileAtomic(m_dir.filePath(QStringLiteral("b.json")).toStdString(), kNetB);
    }

    void planOrderAndRoundTrip()
    {
        // A version-1 sweep (scheduling only): each accelerator × network is a study built from -a / -n.
        const SweepSpec s = sweepFromJson(sweepText(m_dir.path()), "small.json");
        QCOMPARE(int(s.studies.size()), 4);
        QCOMPARE(s.studies[0].arguments.at("accelerator"), std::string("eyeriss"));
        QCOMPARE(s.studies[1].arguments.at("network"), m_dir.filePath(QStringLiteral("b.json")).toStdString());
        QCOMPARE(s.objective, std::string("energy"));
        const std::vector<Shard> shards = planSweep(s);
        QCOMPARE(int(shards.size()), 2 * 2 * 3 * 4);
        // Study (accelerator, network), optimizer, seed: the seed varies fastest.
        QCOMPARE(shards[0].study, 0);
        QCOMPARE(shards[1].seed, std::uint64_t(2));
        QCOMPARE(shards[4].optimizer.options.at("samples"), std::string("60"));
        QCOMPARE(shards[8].optimizer.id, std::string("bottom-up"));
        QCOMPARE(shards[12].study, 1);
        QCOMPARE(s.studies[std::size_t(shards[24].study)].arguments.at("accelerator"), std::string("simba"));
        QCOMPARE(shards[47].index, 47);
        QCOMPARE(sweepFromJson(sweepToJson(s), "again.json"), s);
        QCOMPARE(shardFileName(7), std::string("shard-00007.json"));
    }

    /// Studies of several kinds in one sweep, with a variation that applies to one kind and an
    /// optimizer restricted to another: each study gets only what applies to it.
    void mixedKindsPlanAndRun()
    {
        std::string text = "{\"schema\": \"mapscape/sweep\", \"version\": 2, \"name\": \"mixed\", "
                           "\"studies\": [\"dataflow\", \"lstm\", {\"name\": \"tiny\", \"arguments\": "
                           "{\"accelerator\": \"eyeriss\", \"network\": \"@B@\"}}], "
                           "\"variations\": [{\"name\": \"pes\", \"path\": \"/hardware/num_pes\", "
                           "\"kind\": \"dataflow\", \"values\": [256, 1024]}], "
                           "\"optimizers\": [{\"id\": \"random\", \"options\": {\"samples\": 40}}, "
                           "{\"id\": \"bottom-up\", \"kind\": \"scheduling\"}], \"seeds\": [1, 2]}";
        text.replace(text.find("@B@"), 3, m_dir.filePath(QStringLiteral("b.json")).toStdString());
        writeTextFileAtomic(m_dir.filePath(QStringLiteral("mixed.json")).toStdString(), text);
        const SweepSpec s = loadSweepFile(m_dir.filePath(QStringLiteral("mixed.json")).toStdString());
        QCOMPARE(s.studies[0].kind, std::string("dataflow"));
        QCOMPARE(s.studies[1].kind, std::string("accel"));
        QCOMPARE(s.studies[2].kind, std::string("scheduling"));
        QCOMPARE(s.studies[1].objective, std::string("area"));
        const std::vector<Shard> shards = planSweep(s);
        // dataflow: 2 PE counts × random × 2 seeds; accel: random × 2; scheduling: (random, bottom-up) × 2.
        QCOMPARE(int(shards.size()), 4 + 2 + 4);
        QCOMPARE(shards[0].levels, std::vector<std::string>{"256"});
        QCOMPARE(shards[2].levels, std::vector<std::string>{"1024"});
        QCOMPARE(shards[4].levels, std::vector<std::string>{""});
        QCOMPARE(shards[9].optimizer.id, std::string("bottom-up"));
        checkSweepInputs(s);
        const std::string out = m_dir.filePath(QStringLiteral("mixed")).toStdString();
        adoptSweepFolder(out, s);
        for (const Shard& shard : shards)
            QVERIFY(runShardInto(out, s, shard).ran);
        const std::map<int, ShardResult> done = readFinishedShards(out, sweepOfFolder(out));
        QCOMPARE(int(done.size()), 10);
        QCOMPARE(done.at(0).level("pes"), std::string("256"));
        QCOMPARE(done.at(0).objective, std::string("latency"));
        QCOMPARE(done.at(0).objectives.front().unit, std::string("cycles"));
        QCOMPARE(done.at(5).kind, std::string("accel"));
        QVERIFY(done.at(5).figure("hypervolume").has_value());
        QCOMPARE(done.at(9).objectives.front().id, std::string("energy"));
        QVERIFY(!done.at(0).curve.empty());
        // The variation reached the hardware of the study the shard ran.
        QCOMPARE(shardStudy(s, shards[0]).inputs.get<DataflowInputs>().hardware.numPes, 256);
        QCOMPARE(shardStudy(s, shards[2]).inputs.get<DataflowInputs>().hardware.numPes, 1024);
        std::vector<ShardResult> rows;
        for (const auto& [i, r] : done)
            rows.push_back(r);
        // Columns: the kinds' objectives with their units, the variation by name.
        const std::string csv = collectCsv(rows, {.timing = false});
        const std::string header = csv.substr(0, csv.find('\n'));
        for (const char* column : {"pes", "latency (cycles)", "area (", "energy (pJ)", "energy (nJ)", "status"})
            QVERIFY2(header.find(column) != std::string::npos, header.c_str());
        for (const std::string& t : {csv, collectJson(rows, {.timing = false})}) {
            const std::vector<ShardResult> back = readCollected(t, "collected");
            QCOMPARE(back.size(), rows.size());
            for (std::size_t i = 0; i < rows.size(); ++i)
                QVERIFY2(back[i].sameShard(rows[i]) && back[i].objectives == rows[i].objectives, t.c_str());
        }
        // The comparison takes each kind's direction and units.
        const std::vector<SweepQuantity> q = sweepQuantities(rows);
        QVERIFY(findSweepQuantity(rows, "latency (cycles)").has_value());
        const SweepComparison c = compareSweepResults(rows, *findSweepQuantity(rows, "energy (pJ)"));
        QCOMPARE(int(c.groups.size()), 1);
        QCOMPARE(int(c.optimizers.size()), 2);
        QVERIFY(int(q.size()) >= 5);
    }

    void badSweepFilesNameTheField()
    {
        const auto expect = [&](const std::string& text, const char* part) {
            try {
                sweepFromJson(text, "bad.json");
            } catch (const InputError& e) {
                QVERIFY2(std::string(e.what()).find(part) != std::string::npos, e.what());
                QVERIFY2(std::string(e.what()).find("bad.json") != std::string::npos, e.what());
                return;
            }
            QFAIL(part);
        };
        const std::string good = sweepText(m_dir.path());
        auto replaced = [&](const std::string& from, const std::string& to) {
            std::string t = good;
            t.replace(t.find(from), from.size(), to);
            return t;
        };
        expect(replaced("\"seeds\": [1, 2, 3, 4]", "\"seeds\": []"), "seeds: expected a non-empty list of seeds");
        expect(replaced("\"seeds\": [1, 2, 3, 4]", "\"seeds\": [1, -2]"), "seeds[1]: must be a non-negative integer");
        expect(replaced("\"bottom-up\"", "\"annealing\""), "optimizers[2].id: unknown optimizer \"annealing\"");
        expect(replaced("{\"samples\": 30}", "{\"sample\": 30}"), "optimizers[0].options.sample: unknown option of random");
        expect(replaced("\"accelerators\": [\"eyeriss\", \"simba\"]", "\"accelerators\": \"eyeriss\""),
               "accelerators: expected a non-empty list");
        expect(replaced("\"version\": 1", "\"version\": 1, \"metrc\": \"energy\""), "unknown field \"metrc\"");
        expect(replaced("\"mapscape/sweep\"", "\"mapscape/network\""), "expected \"mapscape/sweep\"");
        expect(good.substr(0, good.size() / 2), "bad.json");
        const std::string v2 = "{\"schema\": \"mapscape/sweep\", \"version\": 2, \"name\": \"v2\", "
                               "\"studies\": [\"dataflow\"], \"optimizers\": [\"random\"], \"seeds\": [1]}";
        auto v2with = [&](const std::string& from, const std::string& to) {
            std::string t = v2;
            t.replace(t.find(from), from.size(), to);
            return t;
        };
        expect(v2with("[\"dataflow\"]", "[]"), "studies: expected a non-empty list");
        expect(v2with("[\"dataflow\"]", "[{\"name\": \"x\"}]"), "studies[0]: names no study");
        expect(v2with("[\"dataflow\"]", "[\"dataflow\", \"dataflow\"]"), "studies[1]: a second study named");
        expect(v2with("[\"dataflow\"]", "[{\"study\": \"dataflow\", \"kind\": \"quantum\"}]"),
               "studies[0].kind: unknown study kind");
        expect(v2with("\"seeds\"", "\"variations\": [{\"name\": \"a b\", \"argument\": \"hardware\", \"values\": [1]}], \"seeds\""),
               "variations[0].name: expected letters");
        expect(v2with("\"seeds\"", "\"variations\": [{\"name\": \"hw\", \"values\": [1]}], \"seeds\""),
               "variations[0]: give one of \"argument\"");
        expect(v2with("[\"random\"]", "[{\"id\": \"gamma\", \"kind\": \"placement\"}]"),
               "optimizers[0].id: unknown optimizer \"gamma\" for placement studies");
    }

    void shardsRunOnceAndCollect()
    {
        const SweepSpec s = sweepFromJson(sweepText(m_dir.path()), "small.json");
        const std::string out = m_dir.filePath(QStringLiteral("results")).toStdString();
        const std::vector<Shard> plan = planSweep(s);
        QCOMPARE(int(plan.size()), 48);
        for (const Shard& shard : plan)
            QVERIFY(runShardInto(out, s, shard).ran);
        std::vector<std::string> problems;
        std::map<int, ShardResult> done = readFinishedShards(out, s, &problems);
        QCOMPARE(int(done.size()), 48);
        QVERIFY(problems.empty());
        // Finished shards are skipped.
        const ShardOutcome again = runShardInto(out, s, plan[5]);
        QVERIFY(!again.ran);
        QVERIFY(again.result.sameResult(readFinishedShards(out, s).at(5)));
        // Results are those of the runs: every layer found, the network's layers, the seed.
        const ShardResult& r = done.at(13);
        QCOMPARE(r.seed, std::uint64_t(2));
        QCOMPARE(r.status, std::string("ok"));
        QCOMPARE(*r.figure("layers"), 1.0);
        QCOMPARE(*r.figure("layers_found"), 1.0);
        QVERIFY(*r.objectiveValue("energy") > 0 && *r.objectiveValue("cycle") > 0);
        QCOMPARE(r.options, std::string("samples=30"));
        QCOMPARE(r.kind, std::string("scheduling"));
        // The same shard elsewhere gives the same result (seeded, one thread).
        const std::string other = m_dir.filePath(QStringLiteral("other")).toStdString();
        QVERIFY(runShardInto(other, s, plan[13]).ran);
        QVERIFY(readFinishedShards(other, s).at(13).sameResult(r));
        // Different seeds of random search differ somewhere.
        bool differ = false;
        for (int i = 0; i < 4; ++i)
            differ = differ || done.at(i).objectives != done.at(0).objectives;
        QVERIFY(differ);

        // A file cut short (a task killed mid-write without the atomic rename would leave one),
        // or one from another sweep, counts as unfinished and is run again.
        const std::string f5 = (std::filesystem::path(out) / shardFileName(5)).string();
        const std::string text5 = readTextFile(f5);
        writeTextFileAtomic(f5, text5.substr(0, text5.size() / 2));
        std::string alien = readTextFile((std::filesystem::path(out) / shardFileName(6)).string());
        alien.replace(alien.find("\"small\""), 7, "\"other\"");
        writeTextFileAtomic((std::filesystem::path(out) / shardFileName(6)).string(), alien);
        problems.clear();
        done = readFinishedShards(out, s, &problems);
        QCOMPARE(int(done.size()), 46);
        QCOMPARE(int(problems.size()), 2);
        QVERIFY2(problems[0].find(shardFileName(5)) != std::string::npos, problems[0].c_str());
        QVERIFY2(problems[1].find("belongs to another sweep or shard") != std::string::npos, problems[1].c_str());
        QVERIFY(runShardInto(out, s, plan[5]).ran);
        QVERIFY(runShardInto(out, s, plan[6]).ran);
        done = readFinishedShards(out, s);
        QCOMPARE(int(done.size()), 48);

        std::vector<ShardResult> rows;
        for (const auto& [i, res] : done)
            rows.push_back(res);
        const std::string csv = collectCsv(rows);
        QCOMPARE(int(std::count(csv.begin(), csv.end(), '\n')), 49);
        QVERIFY2(csv.starts_with("index,sweep,study,kind,optimizer,options,objective,seed,status,failure,energy (pJ),"
                                 "cycle (cycles),edp (pJ·cycles),evaluations,figures,seconds,host\n"),
                 csv.substr(0, 200).c_str());
        const std::string json = collectJson(rows);
        QVERIFY(json.find("\"index\": 47") != std::string::npos);

        // Collected tables read back (CSV and JSON, with and without timing) to the same results.
        for (const CollectOptions opts : {CollectOptions{.timing = true}, CollectOptions{.timing = false}}) {
            for (const std::string& text : {collectCsv(rows, opts), collectJson(rows, opts)}) {
                const std::vector<ShardResult> back = readCollected(text, "collected");
                QCOMPARE(back.size(), rows.size());
                for (std::size_t i = 0; i < rows.size(); ++i) {
                    QVERIFY(back[i].sameShard(rows[i]));
                    QCOMPARE(back[i].objectives, rows[i].objectives);
                    QCOMPARE(back[i].figures, rows[i].figures);
                    QCOMPARE(back[i].host, opts.timing ? rows[i].host : std::string());
                }
            }
        }
        QVERIFY(collectCsv(rows, {.timing = false}).find("seconds") == std::string::npos);
        QCOMPARE(unfinishedShards(out, s), std::vector<int>{});
        std::filesystem::remove(std::filesystem::path(out) / shardFileName(17));
        QCOMPARE(unfinishedShards(out, s), std::vector<int>{17});
    }

    /// A shard whose inputs cannot be run is a finished shard that says why (not a crash, not
    /// run again forever).
    void failedShardsAreFinishedWithTheReason()
    {
        SweepSpec s = sweepFromJson(sweepText(m_dir.path()), "small.json");
        for (StudyEntry& e : s.studies)
            e.kind = "scheduling"; // as a results folder's copy says: planning loads nothing
        s.studies[0].arguments["layer"] = "C1"; // only in a.json: fine for study 0
        s.studies[1].arguments["layer"] = "C1"; // b.json has no layer C1
        const std::vector<Shard> shards = planSweep(s);
        const ShardResult bad = runShard(s, shards[12]);
        QCOMPARE(bad.status, std::string("failed"));
        QVERIFY2(bad.failure.find("no layer \"C1\"") != std::string::npos, bad.failure.c_str());
        QVERIFY(bad.objectives.empty());
        QVERIFY_THROWS_EXCEPTION(InputError, checkSweepInputs(s));
    }

    void collectedTableErrors()
    {
        auto expect = [](const std::string& text, const std::string& what) {
            try {
                readCollected(text, "t.csv");
                QFAIL(("accepted: " + text).c_str());
            } catch (const InputError& e) {
                QVERIFY2(std::string(e.what()).find(what) != std::string::npos, e.what());
            }
        };
        const std::string header = "index,sweep,study,kind,optimizer,options,objective,seed,status,failure,energy (pJ),"
                                   "evaluations\n";
        expect("", "t.csv: empty file");
        expect("index,sweep\n", "t.csv:1: missing column \"study\"");
        expect(header + "0,s,st,scheduling,random,,energy,1,ok,,12.5\n", "t.csv:2: 11 fields, the header has 12");
        expect(header + "0,s,st,scheduling,random,,energy,1,ok,,lots,9\n", "t.csv:2: energy (pJ): expected a number");
        expect(header + "0,s,st,scheduling,random,,energy,-1,ok,,1,9\n", "t.csv:2: seed: expected an integer");
        expect("[{\"schema\": \"mapscape/sweep-shard\", \"version\": 2}]", "sweep");
        const ShardResult r = readCollected(header + "3,s,\"n, 2\",scheduling,random,samples=5,energy,1,ok,,12.5,9\n", "t.csv")
                                  .front();
        QCOMPARE(r.study, std::string("n, 2"));
        QCOMPARE(r.objectives.front().unit, std::string("pJ"));
        QCOMPARE(r.objectives.front().value, 12.5);
    }

    void foldersAndIndexRanges()
    {
        QCOMPARE(formatIndexRanges({7, 0, 1, 2, 3, 9, 10, 3}), std::string("0-3,7,9-10"));
        QCOMPARE(formatIndexRanges({}), std::string());
        QCOMPARE(parseIndexRanges("0-3, 7,9-10", 48, "--shards"), (std::vector<int>{0, 1, 2, 3, 7, 9, 10}));
        for (const char* bad : {"", "x", "5-2", "-3", "1,,2"})
            QVERIFY_THROWS_EXCEPTION(InputError, parseIndexRanges(bad, 48, "--shards"));
        try {
            parseIndexRanges("40-48", 48, "--shards");
            QFAIL("accepted shard 48");
        } catch (const InputError& e) {
            QCOMPARE(std::string(e.what()), std::string("--shards: shard 48 does not exist; the sweep has 48 shards (0 to 47)"));
        }

        // A results folder keeps its sweep; another sweep is refused rather than mixed in.
        const SweepSpec s = sweepFromJson(sweepText(m_dir.path()), "small.json");
        const std::string out = m_dir.filePath(QStringLiteral("adopt")).toStdString();
        adoptSweepFolder(out, s);
        adoptSweepFolder(out, s);
        QCOMPARE(sweepOfFolder(out), s);
        SweepSpec other = s;
        other.seeds.push_back(5);
        QVERIFY_THROWS_EXCEPTION(InputError, adoptSweepFolder(out, other));
        QVERIFY_THROWS_EXCEPTION(InputError, sweepOfFolder(m_dir.path().toStdString()));

        // Relative network files are found next to the sweep file, from any working folder.
        const std::string file = m_dir.filePath(QStringLiteral("rel.json")).toStdString();
        std::string text = sweepText(m_dir.path());
        for (const char* n : {"/a.json", "/b.json"})
            text.replace(text.find(m_dir.path().toStdString() + n), m_dir.path().size() + 7, std::string(n + 1));
        writeTextFileAtomic(file, text);
        const SweepSpec rel = loadSweepFile(file);
        QCOMPARE(rel.studies.front().arguments.at("network"), std::string("a.json"));
        QCOMPARE(rel.baseDir, m_dir.path().toStdString());
        QCOMPARE(rel.studies.front().kind, std::string("scheduling"));
        checkSweepInputs(rel);
        const ShardResult r = runShard(rel, planSweep(rel)[12]);
        QCOMPARE(r.study, std::string("eyeriss × b.json"));
        QCOMPARE(*r.figure("layers"), 1.0);
        // A bad option value fails when the sweep is checked, naming the optimizer.
        SweepSpec badValue = rel;
        badValue.optimizers[0].options["samples"] = "-3";
        try {
            checkSweepInputs(badValue);
            QFAIL("accepted samples=-3");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("random.samples") != std::string::npos, e.what());
        }
    }

    void comparison()
    {
        auto row = [](std::string study, std::string opt, std::string opts, std::uint64_t seed, double e, double c,
                      bool ok = true) {
            ShardResult r;
            r.study = std::move(study);
            r.kind = "scheduling";
            r.optimizer = std::move(opt);
            r.options = std::move(opts);
            r.seed = seed;
            r.status = ok ? "ok" : "no result";
            if (ok)
                r.objectives = {{"energy", "pJ", e}, {"cycle", "cycles", c}, {"edp", "pJ·cycles", e * c}};
            return r;
        };
        const std::vector<ShardResult> rows = {
            row("eyeriss", "random", "samples=30", 1, 10, 4), row("eyeriss", "random", "samples=30", 2, 14, 4),
            row("eyeriss", "bottom-up", "", 1, 8, 5),         row("eyeriss", "bottom-up", "", 2, 8, 5),
            row("simba", "random", "samples=30", 1, 3, 1),    row("simba", "random", "samples=30", 2, 0, 0, false),
            row("simba", "bottom-up", "", 7, 6, 1)};
        const SweepComparison e = compareSweepResults(rows, *findSweepQuantity(rows, "energy"));
        QCOMPARE(int(e.groups.size()), 2);
        QCOMPARE(e.optimizers, (std::vector<std::string>{"random (samples=30)", "bottom-up"}));
        QCOMPARE(e.seeds, (std::vector<std::uint64_t>{1, 2, 7}));
        const SweepCell& r0 = e.cells[0][0];
        QCOMPARE(r0.runs, 2);
        QCOMPARE(r0.mean, 12.0);
        QCOMPARE(r0.stddev, std::sqrt(8.0));
        QCOMPARE(r0.relative, 1.5);
        QVERIFY(e.cells[0][1].best && !r0.best);
        // A run without a result is counted but stays out of the statistics.
        QCOMPARE(e.cells[1][0].runs, 2);
        QCOMPARE(e.cells[1][0].complete, 1);
        QCOMPARE(e.cells[1][0].mean, 3.0);
        QVERIFY(e.cells[1][0].best);
        QCOMPARE(e.cells[1][1].relative, 2.0);
        const SweepComparison edp = compareSweepResults(rows, *findSweepQuantity(rows, "edp"));
        QCOMPARE(edp.cells[0][0].mean, 48.0);
        QVERIFY(edp.cells[0][1].best); // bottom-up: 8 pJ · 5 cycles = 40
        QVERIFY(!findSweepQuantity(rows, "area"));
        // Higher is better for speed-ups: the largest mean is the best.
        ShardResult a = row("resnet50", "egrl", "", 1, 0, 0), b = row("resnet50", "ea", "", 1, 0, 0);
        a.kind = b.kind = "placement";
        a.objectives = {{"speedup", "×", 1.4}};
        b.objectives = {{"speedup", "×", 1.2}};
        const SweepComparison sp = compareSweepResults({a, b}, *findSweepQuantity({a, b}, "speedup"));
        QVERIFY(sp.cells[0][0].best);
        QCOMPARE(sp.cells[0][1].relative, 1.2 / 1.4);
    }

    void slurmPieces()
    {
        // One array with task ids = shard indices, unless the cluster's MaxArraySize is smaller.
        const std::vector<SlurmArray> one = planArrays({3, 4, 5, 17, 40}, 1001);
        QCOMPARE(int(one.size()), 1);
        QCOMPARE(one[0].offset, 0);
        QCOMPARE(one[0].tasks, std::string("3-5,17,40"));
        const std::vector<SlurmArray> split = planArrays({3, 9, 10, 25, 40}, 20);
        QCOMPARE(int(split.size()), 2);
        QCOMPARE(split[0].tasks, std::string("3,9-10"));
        QCOMPARE(split[1].offset, 25);
        QCOMPARE(split[1].tasks, std::string("0,15"));

        const std::string script = jobScript("/opt/bin/mapscape-cli", "/data/it's here");
        QVERIFY2(script.find("exec '/opt/bin/mapscape-cli' sweep run-shard '/data/it'\\''s here' --index "
                             "\"$((SLURM_ARRAY_TASK_ID + ${1:-0}))\"") != std::string::npos,
                 script.c_str());
        SlurmOptions opt;
        opt.partition = "gpu";
        opt.timeLimit = "30:00";
        opt.throttle = 8;
        opt.extra = {"--exclusive"};
        const std::vector<std::string> args = sbatchArguments(split[1], opt, "/data/out", "demo");
        const std::vector<std::string> expected = {
            "--parsable", "--job-name=mapscape-demo", "--array=0,15%8", "--output=/data/out/slurm/%A_%a.out",
            "--ntasks=1", "--cpus-per-task=1", "--partition=gpu", "--time=30:00", "--exclusive",
            "/data/out/slurm/job.sh", "25"};
        QCOMPARE(args, expected);

        std::vector<SlurmArray> arrays = {{0, "0-47", "101"}, {1000, "0-5", "102"}};
        const std::vector<TaskState> q = parseSqueue("101_7|RUNNING|0:03|None\n101_9|PENDING|0:00|Resources\n"
                                                     "102_2|PENDING|0:00|JobArrayTaskLimit\n999_1|RUNNING|1:00|None\n"
                                                     "101_[10-12%2]|PENDING|0:00|JobArrayTaskLimit\n",
                                                     arrays);
        QCOMPARE(int(q.size()), 3);
        QCOMPARE(q[0].shard, 7);
        QCOMPARE(q[0].state, std::string("RUNNING"));
        QCOMPARE(q[1].detail, std::string("Resources"));
        QCOMPARE(q[2].shard, 1002);
        const std::vector<TaskState> acct = parseSacct("101_7|COMPLETED|0:0|00:00:04\n101_7.batch|COMPLETED|0:0|00:00:04\n"
                                                       "101_9|CANCELLED by 0|0:15|00:00:02\n101_9|FAILED|1:0|00:00:01\n",
                                                       arrays);
        QCOMPARE(int(acct.size()), 2);
        QCOMPARE(acct[1].shard, 9);
        QCOMPARE(acct[1].state, std::string("FAILED"));
        QCOMPARE(acct[1].detail, std::string("exit 1:0, 00:00:01"));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
