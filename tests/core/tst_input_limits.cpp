// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// Hostile input fails at once with an error naming file, line and the limit; writes are atomic
// even when the writing process is killed with SIGKILL in the middle of a write.

#include "core/io/file_util.h"
#include "core/io/input_limits.h"
#include "core/maestro/maestro_files.h"
#include "kinds/scheduling/core/neurospector_cfg.h"
#include "kinds/scheduling/core/preset_io.h"
#include "core/study/project_io.h"
#include "core/study/study_file.h"
#include "core/model/validation.h"
#include "core/sweep/sweep.h"
#include "core/util/strings.h"

#include <sys/stat.h>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <filesystem>
#include <random>
#include <sys/wait.h>
#include <unistd.h>

using namespace mapscape;

namespace {

template<typename F>
QString errorOf(F&& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return QString::fromUtf8(e.what());
    }
    return QStringLiteral("(no error)");
}

std::string repeat(std::string_view piece, std::size_t n)
{
    std::string out;
    out.reserve(piece.size() * n);
    for (std::size_t i = 0; i < n; ++i)
        out += piece;
    return out;
}

} // namespace

class TestInputLimits : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void deepJsonFailsAtOnce()
    {
        // The reported file: 100,000 nested objects. Every JSON reader stops at depth 65.
        const std::string objects = repeat("{\"a\":", 100000);
        const std::string arrays = repeat("[", 300000);
        for (const std::string* text : {&objects, &arrays}) {
            QCOMPARE(errorOf([&] { networkFromJson(*text, "deep.json"); }),
                     QStringLiteral("deep.json:1: malformed JSON: too deeply nested (limit 64)"));
            QCOMPARE(errorOf([&] { projectFromJson(*text, "deep.mapscape.json"); }),
                     QStringLiteral("deep.mapscape.json:1: malformed JSON: too deeply nested (limit 64)"));
            QCOMPARE(errorOf([&] { sweep::sweepFromJson(*text, "sweep.json"); }),
                     QStringLiteral("sweep.json:1: malformed JSON: too deeply nested (limit 64)"));
            QVERIFY(documentSchema(*text).empty());
        }
        // 64 levels are fine for the parser (the network reader then names what is missing).
        const std::string ok = repeat("{\"a\":", 63) + "1" + repeat("}", 63);
        QCOMPARE(errorOf([&] { networkFromJson(ok, "n.json"); }),
                 QStringLiteral("n.json:1: name: required field is missing"));
        // The line is the one where the limit was passed.
        const std::string lines = "{\n\"layers\":\n" + repeat("[\n", 70);
        QCOMPARE(errorOf([&] { networkFromJson(lines, "n.json"); }),
                 QStringLiteral("n.json:66: malformed JSON: too deeply nested (limit 64)"));
    }

    void longKeysAndValuesAreCut()
    {
        const std::string key(5000, 'k');
        QVERIFY(errorOf([&] { networkFromJson("{\"" + key + "\": 1}", "k.json"); })
                    .startsWith(QStringLiteral("k.json:1: malformed JSON: object key too long (5000 characters, "
                                               "limit 1024): kkkk")));
        // A field whose value is 2 MB of digits: the message quotes its start and its length.
        const std::string big =
            "{\"schema\": \"mapscape/network\", \"name\": \"" + std::string(2'000'000, 'x') + "\", \"layers\": 7}";
        const QString msg = errorOf([&] { networkFromJson(big, "v.json"); });
        QVERIFY2(msg.size() < 700, qPrintable(msg.left(200)));
        QCOMPARE(QString::fromStdString(quoteBrief(std::string(100, 'a'), 10)),
                 QStringLiteral("aaaaaaaaaa… (100 characters)"));
        QCOMPARE(QString::fromStdString(quoteBrief("short", 10)), QStringLiteral("short"));
        // Never cut inside a UTF-8 sequence.
        QCOMPARE(QString::fromStdString(quoteBrief("ab±cd", 3)), QStringLiteral("ab… (6 characters)"));
    }

    void integersOutOfRange()
    {
        const QString msg = errorOf([&] {
            networkFromJson("{\"schema\": \"mapscape/network\", \"name\": \"n\", \"layers\": [\n"
                            "  {\"name\": \"L\", \"K\": 18446744073709551615, \"B\": 1, \"P\": 1, \"Q\": 1,"
                            " \"C\": 1, \"R\": 1, \"S\": 1, \"G\": 1, \"stride\": 0}]}",
                            "n.json");
        });
        QVERIFY2(msg.startsWith(QStringLiteral("n.json:2: layers[0].K: integer out of range")), qPrintable(msg));
    }

    void longLinesInLineFormats()
    {
        const std::string cfg = "[ACCELERATOR]\nname=" + repeat("x,", 4'000'000) + "\n";
        QCOMPARE(errorOf([&] { acceleratorFromNeuroSpectorCfg(cfg, "big.cfg"); }),
                 QStringLiteral("big.cfg:2: line too long (8,000,005 characters, limit 65,536)"));
        const std::string maestro = "Network n {\n// " + std::string(100'000, 'c') + "\n}";
        QCOMPARE(errorOf([&] { parseMaestroMapping(maestro, "m.m"); }),
                 QStringLiteral("m.m:2: line too long (100,003 characters, limit 65,536)"));
        const std::string csv = "index,sweep\n" + std::string(70'000, '1') + "\n";
        QCOMPARE(errorOf([&] { sweep::readCollected(csv, "t.csv"); }),
                 QStringLiteral("t.csv:2: line too long (70,000 characters, limit 65,536)"));
        // Many layers: the duplicate-name check is linear (100,000 layers parse in well under a second).
        std::string layers = "[LAYERS]\n";
        for (int i = 0; i < 100000; ++i)
            layers += "L" + std::to_string(i) + "=4,1,2,2,4,1,1,1,1\n";
        QCOMPARE(networkFromNeuroSpectorCfg(layers, "many.cfg").layers.size(), std::size_t(100000));
        QCOMPARE(errorOf([&] { networkFromNeuroSpectorCfg(layers + "l7=4,1,2,2,4,1,1,1,1\n", "dup.cfg"); }),
                 QStringLiteral("dup.cfg:100002: LAYERS.l7: duplicate layer name"));
    }

    /// Line formats feed names into JSON documents, which must be UTF-8: malformed bytes are an
    /// error naming line and column (found by fuzzing: a collected CSV with a 0xFF byte crashed
    /// `sweep collect --json`).
    void malformedUtf8InLineFormats()
    {
        QCOMPARE(io::firstInvalidUtf8("plain ascii"), std::string_view::npos);
        QCOMPARE(io::firstInvalidUtf8("\xCE\xBC, \xC3\x97, \xE2\x80\xA6, \xF0\x9F\x98\x80"), std::string_view::npos);
        QCOMPARE(io::firstInvalidUtf8("ab\xFF"), std::size_t(2));          // never in UTF-8
        QCOMPARE(io::firstInvalidUtf8("a\xC0\xAF"), std::size_t(1));      // overlong '/'
        QCOMPARE(io::firstInvalidUtf8("\xED\xA0\x80"), std::size_t(0));  // a surrogate
        QCOMPARE(io::firstInvalidUtf8("\xF4\x90\x80\x80"), std::size_t(0)); // above U+10FFFF
        QCOMPARE(io::firstInvalidUtf8("ok\xE2\x80"), std::size_t(2));     // cut short
        QCOMPARE(io::firstInvalidUtf8("\xE2\x28\xA1"), std::size_t(0));  // bad continuation
        const std::string csv = "index,sweep\n0,s\xFFweep\n";
        QCOMPARE(errorOf([&] { sweep::readCollected(csv, "t.csv"); }),
                 QStringLiteral("t.csv:2: not valid UTF-8 text (byte 0xFF at column 4)"));
        QCOMPARE(errorOf([&] { networkFromNeuroSpectorCfg("[LAYERS]\nconv\xC0\xAF=4,1,2,2,4,1,1,1,1\n", "n.cfg"); }),
                 QStringLiteral("n.cfg:2: not valid UTF-8 text (byte 0xC0 at column 5)"));
        QCOMPARE(errorOf([&] { parseMaestroMapping("Network n\xE9 {\n}", "m.m"); }),
                 QStringLiteral("m.m:1: not valid UTF-8 text (byte 0xE9 at column 10)"));
    }

    void sweepProductDoesNotWrap()
    {
        // 2^16 entries per list: the product, 2^64, must not wrap around to zero or a small number.
        std::string list;
        for (int i = 0; i < 65536; ++i)
            list += (i ? "," : "") + std::to_string(i + 1);
        const auto names = [](const char* name) {
            return "[" + repeat("\"" + std::string(name) + "\",", 65535) + "\"" + name + "\"]";
        };
        const std::string text = "{\"schema\": \"mapscape/sweep\", \"version\": 1, \"name\": \"huge\", \"accelerators\": " +
                                 names("eyeriss") + ", \"networks\": " + names("resnet50") +
                                 ", \"optimizers\": " + names("random") + ", \"seeds\": [" + list + "]}";
        const QString msg = errorOf([&] { sweep::sweepFromJson(text, "huge.json"); });
        QVERIFY2(msg.startsWith(QStringLiteral("huge.json:1: sweep \"huge\": 65536 × 65536 × 65536 × 65536 shards, "
                                               "more than the limit of")),
                 qPrintable(msg.left(300)));
    }

    void fileSizeLimit()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("big.json")).toStdString();
        writeTextFileAtomic(path, std::string(5000, ' '));
        QCOMPARE(readTextFile(path, 5000).size(), std::size_t(5000));
        QVERIFY(errorOf([&] { readTextFile(path, 4096); })
                    .startsWith(QString::fromStdString(path + ": file too large (limit 4 KiB)")));
        // A device has no end and a FIFO blocks on open: only regular files are read.
        QCOMPARE(errorOf([&] { readTextFile("/dev/zero", 1 << 20); }),
                 QStringLiteral("/dev/zero: is a character device, expected a regular file"));
        const std::string fifo = dir.filePath(QStringLiteral("fifo.json")).toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        QCOMPARE(errorOf([&] { readTextFile(fifo); }), QString::fromStdString(fifo + ": is a FIFO, expected a regular file"));
        QVERIFY(errorOf([&] { readTextFile(dir.path().toStdString()); })
                    .endsWith(QStringLiteral("is a directory, expected a file")));
    }

    void atomicWriteSurvivesKill()
    {
        // A child process rewrites one file over and over with two contents of different sizes;
        // the parent kills it with SIGKILL at random moments. The file always holds one of the
        // two complete contents.
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("project.mapscape.json")).toStdString();
        const std::string a(3 << 20, 'a'), b((1 << 20) + 7, 'b');
        writeTextFileAtomic(path, a);
        std::mt19937 rng(7);
        int killedMidWrite = 0;
        for (int round = 0; round < 40; ++round) {
            const pid_t pid = fork();
            QVERIFY(pid >= 0);
            if (pid == 0) {
                for (long i = 0;; ++i)
                    writeTextFileAtomic(path, i % 2 ? a : b);
            }
            usleep(useconds_t(2000 + rng() % 30000));
            ::kill(pid, SIGKILL);
            int status = 0;
            ::waitpid(pid, &status, 0);
            QVERIFY(WIFSIGNALED(status));
            const std::string now = readTextFile(path);
            QVERIFY2(now == a || now == b, qPrintable(QStringLiteral("round %1: %2 bytes").arg(round).arg(now.size())));
            // The temporary file the kill interrupted is left beside it, never in its place.
            for (const auto& e : std::filesystem::directory_iterator(dir.path().toStdString()))
                if (e.path().string() != path) {
                    QVERIFY(e.path().filename().string().find(".tmp-") != std::string::npos);
                    ++killedMidWrite;
                    std::filesystem::remove(e.path());
                }
        }
        // Most kills land inside a write (a write of megabytes takes longer than the rename).
        QVERIFY2(killedMidWrite > 10, qPrintable(QString::number(killedMidWrite)));
    }
};

QTEST_GUILESS_MAIN(TestInputLimits)
#include "tst_input_limits.moc"
