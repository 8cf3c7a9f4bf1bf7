// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Run-lifecycle soak: every registered optimizer of every study kind is started, paused,
/// resumed, cancelled and deleted many times in a loop (small budgets), in the orders a user's
/// clicks produce, with the queued signals of dead runs still in flight. Under the asan preset
/// LeakSanitizer checks that nothing leaks; in every build a run never fails or hangs here, and
/// ends in the state its last command asked for. A run whose optimizer throws mid-run (an
/// injected fault) fails with the reason and nothing else.
///
/// MAPSCAPE_SOAK_RUNS sets the runs per optimizer (default 100).

#include "kinds/dataflow/core/dataflow_study.h"
#include "kinds/placement/core/placement_study.h"
#include "kinds/dpu/core/dpu_study.h"
#include "kinds/accel/core/accel_study.h"
#include "kinds/scheduling/core/scheduling_study.h"
#include "core/runner/optimizer_run.h"
#include "core/util/fault_injection.h"
#include "support/fixtures.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QtTest>

#include <chrono>
#include <thread>

using namespace mapscape;

namespace {

/// Every kind's default study, but scheduling's on a two-layer network (its runs stay short).
StudyInputs inputsFor(const std::string& kind)
{
    if (kind == schedulingKind().id())
        return SchedulingInputs{test::eyeriss(), test::twoLayerNetwork(), std::nullopt};
    return requireStudyKind(kind).defaultInputs();
}

/// The optimizer with its budget at the smallest value its option allows (so a run that is left
/// alone finishes quickly).
RunSettings smallRun(const OptimizerInfo& info)
{
    RunSettings s;
    s.studyName = "soak";
    s.inputs = inputsFor(info.kind);
    s.optimizer = defaultOptimizerSettings(requireStudyKind(info.kind));
    s.optimizer.id = info.id;
    s.optimizer.threads = 2;
    for (const OptionSpec& o : info.options) {
        if (o.key != info.budgetKey)
            continue;
        // A minimum with a meaning of its own ("0 = the profile's") is not a small budget.
        const double lowest = o.minimumText.empty() ? o.minimum : o.minimum + 1;
        s.optimizer.options[o.key] = std::to_string(std::max<long long>(1, static_cast<long long>(lowest)));
    }
    return s;
}

bool ended(RunState s)
{
    return s == RunState::Finished || s == RunState::Cancelled || s == RunState::Failed;
}

/// Polls `done` while delivering the GUI thread's events; false after `ms` milliseconds.
template <class Predicate>
bool waitUntil(Predicate done, int ms)
{
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > ms)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return true;
}

/// Waits for the run's worker to end, delivering queued signals meanwhile.
bool waitEnded(OptimizerRun& run, int ms = 120000)
{
    if (!waitUntil([&] { return ended(run.state()); }, ms))
        return false;
    run.wait();
    return true;
}

/// Waits until a paused run holds (or has ended meanwhile).
bool waitHeld(OptimizerRun& run, int ms = 60000)
{
    return waitUntil([&] { return run.pauseHeld() || ended(run.state()); }, ms);
}

int soakRuns()
{
    bool ok = false;
    const int n = qEnvironmentVariableIntValue("MAPSCAPE_SOAK_RUNS", &ok);
    return ok && n > 0 ? n : 100;
}

QString describe(const OptimizerInfo& info, int i, const char* what)
{
    return QStringLiteral("%1/%2 run %3: %4")
        .arg(QString::fromStdString(info.kind), QString::fromStdString(info.id))
        .arg(i)
        .arg(QLatin1String(what));
}

} // namespace

class TestRunLifecycle : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyOptimizer_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("id");
        for (const StudyKind* kind : studyKinds())
            for (const OptimizerInfo& info : kind->optimizers()) {
                if (!info.available)
                    continue; // e.g. built without LibTorch
                const std::string row = info.kind + "/" + info.id;
                QTest::newRow(row.c_str()) << QString::fromStdString(info.kind) << QString::fromStdString(info.id);
            }
    }

    /// One optimizer, soakRuns() times, cycling through five lifecycles.
    void everyOptimizer()
    {
        QFETCH(QString, kind);
        QFETCH(QString, id);
        const OptimizerInfo* info = findOptimizer(requireStudyKind(kind.toStdString()), id.toStdString());
        QVERIFY(info);
        const RunSettings settings = smallRun(*info);
        const int runs = soakRuns();
        int finished = 0;
        int cancelled = 0;
        for (int i = 0; i < runs; ++i) {
            RunSettings s = settings;
            s.optimizer.seed = std::uint64_t(i + 1);
            auto run = std::make_unique<OptimizerRun>(i + 1, std::move(s));
            QSignalSpy failures(run.get(), &OptimizerRun::failed);
            QVERIFY2(run->start(), qPrintable(describe(*info, i, "did not start: ") + run->errorMessage()));
            bool cancel = true;
            switch (i % 5) {
            case 0: // left alone: runs to its end
                cancel = false;
                break;
            case 1: // cancelled at once
                run->cancel();
                break;
            case 2: // paused, resumed, cancelled
                run->pause();
                QVERIFY2(waitHeld(*run), qPrintable(describe(*info, i, "pause never held")));
                run->resume();
                QTest::qWait(2);
                run->cancel();
                break;
            case 3: // cancelled while paused
                run->pause();
                QVERIFY2(waitHeld(*run), qPrintable(describe(*info, i, "pause never held")));
                run->cancel();
                break;
            case 4: // deleted while running (the destructor cancels and joins)
                run.reset();
                QCoreApplication::processEvents(); // queued signals of the dead run are dropped
                continue;
            }
            QVERIFY2(waitEnded(*run), qPrintable(describe(*info, i, "did not end")));
            const RunState end = run->state();
            QVERIFY2(end != RunState::Failed, qPrintable(describe(*info, i, "failed: ") + run->errorMessage()));
            QVERIFY2(failures.isEmpty(), qPrintable(describe(*info, i, "emitted failed")));
            if (!cancel)
                QVERIFY2(end == RunState::Finished, qPrintable(describe(*info, i, "left alone but not finished")));
            (end == RunState::Finished ? finished : cancelled) += 1;
            // What the GUI reads after a run, also for a cancelled one.
            (void)run->takeMetrics();
            (void)run->takeEvaluatedPoints();
            (void)run->takeMessages();
            (void)run->bestObjectives();
            (void)run->resultJson();
            run.reset(); // deleted with its queued signals possibly still pending
            QCoreApplication::processEvents();
        }
        QVERIFY(finished >= (runs + 4) / 5); // every run left alone finished
        qInfo("%s/%s: %d runs, %d finished, %d cancelled, %d deleted while running", info->kind.c_str(),
              info->id.c_str(), runs, finished, cancelled, runs - finished - cancelled);
    }

    /// Pause and resume clicked while the worker ends the run: the end is never overwritten by
    /// the click (a resume that raced the end once left a finished run "running" forever).
    void pauseAndResumeRacingTheEnd()
    {
        const OptimizerInfo* info = findOptimizer(dataflowKind(), "random");
        QVERIFY(info);
        const RunSettings settings = smallRun(*info);
        const int runs = 5 * soakRuns();
        for (int i = 0; i < runs; ++i) {
            RunSettings s = settings;
            s.optimizer.seed = std::uint64_t(i + 1);
            OptimizerRun run(i + 1, std::move(s));
            QVERIFY(run.start());
            QElapsedTimer timer;
            timer.start();
            while (!ended(run.state())) {
                QVERIFY2(timer.elapsed() < 60000, qPrintable(QStringLiteral("run %1: did not end, state %2")
                                                                 .arg(i)
                                                                 .arg(runStateName(run.state()))));
                run.pause();
                run.resume();
            }
            run.wait();
            QCOMPARE(run.state(), RunState::Finished);
            QCoreApplication::processEvents();
        }
    }

    /// An optimizer that throws mid-run (the second progress report fails): the run fails with
    /// the reason, emits `failed` once and keeps what it had; the next run is unaffected.
    void throwingOptimizerFailsWithTheReason_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("id");
        // One optimizer per kind (a different driver each).
        QTest::newRow("scheduling/bottom-up") << QStringLiteral("scheduling") << QStringLiteral("bottom-up");
        QTest::newRow("dataflow/gamma") << QStringLiteral("dataflow") << QStringLiteral("gamma");
        QTest::newRow("accel/ga") << QStringLiteral("accel") << QStringLiteral("ga");
        QTest::newRow("placement/ea") << QStringLiteral("placement") << QStringLiteral("ea");
        QTest::newRow("dpu/linucb") << QStringLiteral("dpu") << QStringLiteral("linucb");
    }

    void throwingOptimizerFailsWithTheReason()
    {
        QFETCH(QString, kind);
        QFETCH(QString, id);
        const OptimizerInfo* info = findOptimizer(requireStudyKind(kind.toStdString()), id.toStdString());
        QVERIFY(info);
        const RunSettings settings = smallRun(*info);
        RunSettings longer = settings;
        if (!info->budgetKey.empty())
            longer.optimizer.options[info->budgetKey] = "3000"; // long enough to report twice
        {
            const fault::Armed armed("run.progress", 2, "simulated failure: out of device memory");
            OptimizerRun run(1, longer);
            QSignalSpy failures(&run, &OptimizerRun::failed);
            QSignalSpy finishes(&run, &OptimizerRun::finished);
            QVERIFY(run.start());
            QVERIFY(waitEnded(run));
            QCoreApplication::processEvents();
            QCOMPARE(run.state(), RunState::Failed);
            QCOMPARE(run.errorMessage(), QStringLiteral("simulated failure: out of device memory"));
            QCOMPARE(failures.count(), 1);
            QCOMPARE(failures.first().first().toString(), run.errorMessage());
            QCOMPARE(finishes.count(), 0);
            QVERIFY(fault::hits() >= 2);
        }
        OptimizerRun again(2, settings);
        QVERIFY(again.start());
        QVERIFY(waitEnded(again));
        QCOMPARE(again.state(), RunState::Finished);
    }

    void faultInjectionArmsAndDisarms()
    {
        fault::check("run.progress"); // nothing armed
        {
            const fault::Armed armed("x", 3);
            fault::check("y"); // another point
            fault::check("x");
            fault::check("x");
            QVERIFY_THROWS_EXCEPTION(std::runtime_error, fault::check("x"));
            QVERIFY_THROWS_EXCEPTION(std::runtime_error, fault::check("x")); // stays broken
            QCOMPARE(fault::hits(), std::uint64_t(4));
        }
        fault::check("x"); // disarmed
    }
};

QTEST_GUILESS_MAIN(TestRunLifecycle)
#include "tst_run_lifecycle.moc"
