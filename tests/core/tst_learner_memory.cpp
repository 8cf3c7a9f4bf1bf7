// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// Opening the learner module keeps freed memory in the process: a worker thread that frees the
// tens of megabytes a training step used and allocates them again must not fault their pages in
// afresh (glibc's defaults return an emptied arena heap to the system, which cost a BERT-base
// EGRL run a tenth of its time in page faults).

#include "core/optim/rl/module/learner_module.h"

#include <QtTest>

#include <sys/resource.h>

#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

constexpr int kBlocks = 48;
constexpr std::size_t kBlockBytes = std::size_t(1) << 20; // 48 MiB in all: a training step's worth

long threadFaults()
{
    rusage usage{};
    getrusage(RUSAGE_THREAD, &usage);
    return usage.ru_minflt;
}

/// Allocates and touches the blocks, frees them, then does it again; returns the page faults of
/// the second round and of the first.
std::pair<long, long> faultsOfTwoRounds()
{
    std::pair<long, long> faults{0, 0};
    std::thread worker([&faults] {
        long first = 0;
        for (int round = 0; round < 2; ++round) {
            const long before = threadFaults();
            std::vector<void*> blocks;
            for (int b = 0; b < kBlocks; ++b) {
                void* p = std::malloc(kBlockBytes);
                std::memset(p, b + 1, kBlockBytes);
                blocks.push_back(p);
            }
            const long used = threadFaults() - before;
            for (void* p : blocks)
                std::free(p);
            if (round == 0)
                first = used;
            else
                faults = {used, first};
        }
    });
    worker.join();
    return faults;
}

} // namespace

class TestLearnerMemory : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void freedMemoryIsReusedWithoutFaults()
    {
        mapscape::learners::api(); // opening the module sets the allocator up
        const auto [second, first] = faultsOfTwoRounds();
        const long pages = long(kBlocks * kBlockBytes / 4096);
        qInfo("page faults: first round %ld, second round %ld (of %ld pages)", first, second, pages);
        // The first round faults its pages in (the test would prove nothing otherwise); the
        // second reuses them: under 5 % faulted again, where the defaults fault nearly all.
        QVERIFY2(first > pages / 2, qPrintable(QString::number(first)));
        QVERIFY2(second < pages / 20, qPrintable(QStringLiteral("%1 of %2 pages faulted again").arg(second).arg(pages)));
    }
};

QTEST_APPLESS_MAIN(TestLearnerMemory)
#include "tst_learner_memory.moc"
