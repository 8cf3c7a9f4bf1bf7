// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
// Sweeps: the sweep file, its shards, atomic per-shard results that re-runs skip, collection.

#include "core/io/file_util.h"
#include "core/model/validation.h"
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
        const SweepSpec s = sweepFromJson(sweepText(m_dir.path()), "small.json");
        const std::vector<Shard> shards = planSweep(s);
        QCOMPARE(int(shards.size()), 2 * 2 * 3 * 4);
        // Accelerator, network, optimizer, seed: the seed varies fastest.
        QCOMPARE(shards[0].accelerator, std::string("eyeriss"));
        QCOMPARE(shards[1].seed, std::uint64_t(2));
        QCOMPARE(shards[4].optimizer.options.at("samples"), std::string("60"));
        QCOMPARE(shards[8].optimizer.id, std::string("bottom-up"));
        QCOMPARE(shards[12].network, m_dir.filePath(QStringLiteral("b.json")).toStdString());
        QCOMPARE(shards[24].accelerator, std::string("simba"));
        QCOMPARE(shards[47].index, 47);
        QCOMPARE(sweepFromJson(sweepToJson(s), "again.json"), s);
        QCOMPARE(shardFileName(7), std::string("shard-00007.json"));
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
        expect(replaced("\"version\": 1", "\"version\": 1, \"kind\": \"placement\""), "kind: sweeps run scheduling-table studies");
        expect(replaced("\"version\": 1", "\"version\": 1, \"metrc\": \"energy\""), "unknown field \"metrc\"");
        expect(replaced("\"mapscape/sweep\"", "\"mapscape/network\""), "expected \"mapscape/sweep\"");
        expect(good.substr(0, good.size() / 2), "bad.json");
    }

    void shardsRunOnceAndCollect()
    {
        const SweepSpec s = sweepFromJson(sweepText(m_dir.path()), "small.json");
        const std::string out = m_dir.filePath(QStringLiteral("results")).toStdString();
        for (int i = 0; i < 48; ++i)
            QVERIFY(runShardInto(out, s, i));
        std::vector<std::string> problems;
        std::map<int, ShardResult> done = readFinishedShards(out, s, &problems);
        QCOMPARE(int(done.size()), 48);
        QVERIFY(problems.empty());
        // Finished shards are skipped.
        QVERIFY(!runShardInto(out, s, 5));
        // Results are those of the runs: every layer found, the network's layers, the seed.
        const ShardResult& r = done.at(13);
        QCOMPARE(r.seed, std::uint64_t(2));
        QCOMPARE(r.layers, 1);
        QCOMPARE(r.layersFound, 1);
        QVERIFY(r.energy > 0 && r.cycles > 0);
        QCOMPARE(r.options, std::string("samples=30"));
        // The same shard elsewhere gives the same result (seeded, one thread).
        const std::string other = m_dir.filePath(QStringLiteral("other")).toStdString();
        QVERIFY(runShardInto(other, s, 13));
        QVERIFY(readFinishedShards(other, s).at(13).sameResult(r));
        // Different seeds of random search differ somewhere.
        bool differ = false;
        for (int i = 0; i < 4; ++i)
            differ = differ || done.at(i).energy != done.at(0).energy;
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
        QVERIFY(runShardInto(out, s, 5));
        QVERIFY(runShardInto(out, s, 6));
        done = readFinishedShards(out, s);
        QCOMPARE(int(done.size()), 48);

        std::vector<ShardResult> rows;
        for (const auto& [i, res] : done)
            rows.push_back(res);
        const std::string csv = collectCsv(rows);
        QCOMPARE(int(std::count(csv.begin(), csv.end(), '\n')), 49);
        QVERIFY(csv.starts_with("index,sweep,accelerator,network,optimizer,options,metric,layer,seed,energy_pj,cycles"));
        const std::string json = collectJson(rows);
        QVERIFY(json.find("\"index\": 47") != std::string::npos);
        QVERIFY_THROWS_EXCEPTION(InputError, runShardInto(out, s, 48));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
