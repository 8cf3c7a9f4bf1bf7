// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// GUI responsiveness while optimizers train: opens the real main window (offscreen unless a
/// display is set), starts two runs in the Optimize tab (PPO and random search on ResNet-50 /
/// Eyeriss by default), and measures how late a 5 ms timer fires on the GUI thread — the
/// longest stall is what a user would feel. Target: no stall above 50 ms.
/// Usage: bench_gui_responsiveness [seconds] [optimizer1] [optimizer2]

#include "app/gui/main_window.h"
#include "kinds/scheduling/widgets/scheduling_workbench.h"
#include "core/runner/optimizer_run.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const double seconds = argc > 1 ? std::atof(argv[1]) : 10.0;
    const QString first = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QStringLiteral("ppo");
    const QString second = argc > 3 ? QString::fromLocal8Bit(argv[3]) : QStringLiteral("random");

    mapscape::MainWindow window; // its first study: ResNet-50 on Eyeriss, the default kind's default
    window.currentWorkbench()->showTab(int(window.currentWorkbench()->tabNames().indexOf(QStringLiteral("optimize"))));
    window.show();
    mapscape::RunsPanel* runs = window.runsPanel();
    std::vector<mapscape::OptimizerRun*> started;
    for (const QString& id : {first, second}) {
        if (!runs->optimizerPanel()->selectOptimizer(id)) {
            std::fprintf(stderr, "unknown optimizer %s\n", qPrintable(id));
            return 2;
        }
        if (id == QStringLiteral("ppo"))
            runs->optimizerPanel()->setOption(QStringLiteral("episodes"), QStringLiteral("1000"));
        if (id == QStringLiteral("random"))
            runs->optimizerPanel()->setOption(QStringLiteral("samples"), QStringLiteral("100000000"));
        mapscape::OptimizerRun* r = runs->startRun();
        if (!r)
            return 2;
        started.push_back(r);
    }

    std::vector<double> lateness;
    QElapsedTimer clock;
    clock.start();
    qint64 last = clock.nsecsElapsed();
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(5);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        lateness.push_back(double(now - last) / 1e6 - 5.0);
        last = now;
        if (now > qint64(seconds * 1e9))
            app.quit();
    });
    tick.start();
    app.exec();
    for (auto* r : started)
        r->cancel();

    std::sort(lateness.begin(), lateness.end());
    const auto pct = [&](double p) { return lateness.empty() ? 0.0 : lateness[std::size_t(p * double(lateness.size() - 1))]; };
    std::printf("GUI thread during two runs (%s + %s), %.1f s, %zu ticks of 5 ms\n", qPrintable(first), qPrintable(second),
                seconds, lateness.size());
    std::printf("lateness ms: median %.2f  p99 %.2f  max %.2f  (target: max stall <= 50 ms)\n", pct(0.5), pct(0.99),
                lateness.empty() ? 0.0 : lateness.back());
    for (auto* r : started)
        std::printf("  %s: progress %.1f %%\n", qPrintable(r->title()), 100 * r->progress());
    return 0;
}
