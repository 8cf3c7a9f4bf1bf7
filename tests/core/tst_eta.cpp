// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "core/optim/eta.h"

#include <QtTest>

using namespace mapscape;

namespace {

/// Feeds a run that advances at `slowRate` (progress per second) until `switchAt`, then at
/// `fastRate`, sampled every `dt` seconds up to time `until`; returns the estimator.
EtaEstimator feed(double slowRate, double fastRate, double switchAt, double until, double dt = 0.5)
{
    EtaEstimator eta;
    double p = 0;
    for (double t = dt; t <= until + 1e-9; t += dt) {
        p += (t <= switchAt ? slowRate : fastRate) * dt;
        eta.add(t, std::min(p, 1.0));
    }
    return eta;
}

} // namespace

class TestEta : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void unknownUntilProgressAndZeroWhenDone()
    {
        EtaEstimator eta;
        QCOMPARE(eta.eta(), -1.0);
        eta.add(1, 0);
        QCOMPARE(eta.eta(), -1.0);
        eta.add(2, 0.5);
        QVERIFY(eta.eta() > 0);
        eta.add(3, 1.0);
        QCOMPARE(eta.eta(), 0.0);
    }

    void steadyRunIsExact()
    {
        const EtaEstimator eta = feed(0.01, 0.01, 0, 40); // 40 % after 40 s, 60 s left
        QVERIFY(qAbs(eta.eta() - 60) < 0.5);
    }

    /// The reported case: a run whose first part is slow (a large first layer) and then speeds
    /// up. The average since the start said 587 s; the run ended 140 s in.
    void runThatSpeedsUpIsNotOverestimated()
    {
        // 30 % in the first 100 s, then 1 % per second: done at 170 s. At 120 s (50 %), 50 s are left.
        const EtaEstimator eta = feed(0.003, 0.01, 100, 120);
        const double averageSinceStart = 120.0 * 0.5 / 0.5; // the old estimate: 120 s
        QVERIFY2(qAbs(eta.eta() - 50) < 5, qPrintable(QString::number(eta.eta())));
        QVERIFY(averageSinceStart > 2 * eta.eta());
    }

    void runThatSlowsDownIsNotUnderestimated()
    {
        // 50 % in the first 50 s, then 0.2 % per second: at 100 s (60 %) 200 s are left.
        const EtaEstimator eta = feed(0.01, 0.002, 50, 100);
        QVERIFY2(qAbs(eta.eta() - 200) < 20, qPrintable(QString::number(eta.eta())));
    }

    /// Seen on the walk: a run paused mid-batch (EGRL evaluates a generation of 22 maps at once)
    /// reports the rest of the batch after the clock stopped; that progress came in no time and
    /// made the estimate a few seconds where over a minute was left.
    void progressWhileTheClockIsStoppedDoesNotSpeedUpTheRate()
    {
        EtaEstimator eta = feed(0.01, 0.01, 0, 20); // 1 % per second, 20 % done
        eta.add(20, 0.3);                            // paused: 10 % more, no time
        QVERIFY2(qAbs(eta.eta() - 70) < 1, qPrintable(QString::number(eta.eta()))); // 70 % at 1 %/s
        eta.add(20, 1.0);
        QCOMPARE(eta.eta(), 0.0);
    }

    void stalledWindowFallsBackToTheAverage()
    {
        EtaEstimator eta;
        eta.add(10, 0.5);
        eta.add(100, 0.5); // nothing for 90 s
        QVERIFY(qAbs(eta.eta() - 100) < 1e-9); // 100 s for 50 %: 100 s more
    }
};

QTEST_GUILESS_MAIN(TestEta)
#include "tst_eta.moc"
