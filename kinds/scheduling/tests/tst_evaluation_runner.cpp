// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "kinds/scheduling/widgets/evaluation_runner.h"
#include "support/fixtures.h"

#include <QSignalSpy>
#include <QtTest>

using namespace mapscape;

namespace {

Network tinyNetwork()
{
    Network n;
    n.name = "tiny";
    n.layers = {test::resnetConv1(), test::layer("FC_1", 1000, 1, 1, 1, 2048, 1, 1, 1, 0)};
    return n;
}

} // namespace

class TestEvaluationRunner : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void deliversResult()
    {
        EvaluationRunner runner;
        QSignalSpy done(&runner, &EvaluationRunner::finished);
        const quint64 gen = runner.request(test::eyeriss(), tinyNetwork(), {}, {.trivialForMissing = true});
        QVERIFY(done.wait(10000));
        QCOMPARE(done.count(), 1);
        QCOMPARE(done[0][0].value<quint64>(), gen);
        const auto snap = done[0][1].value<std::shared_ptr<const EvaluationSnapshot>>();
        QVERIFY(snap);
        QCOMPARE(snap->result.layers.size(), std::size_t(2));
        QVERIFY(snap->result.complete());
        QVERIFY(snap->result.energy > 0);
    }

    void latestRequestWins()
    {
        EvaluationRunner runner;
        QSignalSpy done(&runner, &EvaluationRunner::finished);
        for (int i = 0; i < 20; ++i)
            runner.request(test::eyeriss(), tinyNetwork(), {}, {.trivialForMissing = true});
        const quint64 last = runner.request(test::simba(), tinyNetwork(), {}, {.trivialForMissing = true});
        runner.waitForIdle();
        QTRY_VERIFY_WITH_TIMEOUT(done.count() >= 1, 10000);
        QTest::qWait(50); // any stale result would have been queued by now
        QCOMPARE(done.count(), 1);
        QCOMPARE(done[0][0].value<quint64>(), last);
        QCOMPARE(QString::fromStdString(done[0][1].value<std::shared_ptr<const EvaluationSnapshot>>()->model->accelerator().name),
                 QStringLiteral("SIMBA"));
    }

    void badInputBecomesFailure()
    {
        EvaluationRunner runner;
        QSignalSpy failed(&runner, &EvaluationRunner::failed);
        QSignalSpy done(&runner, &EvaluationRunner::finished);
        Accelerator bad = test::eyeriss();
        bad.globalBuffer.bandwidthBits = -1;
        runner.request(bad, tinyNetwork(), {}, {.trivialForMissing = true});
        QVERIFY(failed.wait(10000));
        QVERIFY(failed[0][1].toString().contains(QStringLiteral("global_buffer.bandwidth_bits")));
        QCOMPARE(done.count(), 0);
    }

    void destructionWithWorkInFlightIsSafe()
    {
        auto runner = std::make_unique<EvaluationRunner>();
        for (int i = 0; i < 8; ++i)
            runner->request(test::simba(), tinyNetwork(), {}, {.trivialForMissing = true});
        runner.reset(); // waits for the workers; queued results are dropped with the object
        QTest::qWait(20);
    }
};

QTEST_GUILESS_MAIN(TestEvaluationRunner)
#include "tst_evaluation_runner.moc"
