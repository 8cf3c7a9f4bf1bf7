// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "app/gui/main_window.h"
#include "core/optim/optimizer_registry.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "widgets/study/dataflow_workbench.h"
#include "widgets/study/scheduling_workbench.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QGuiApplication>
#include <QMessageBox>
#include <QTimer>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Mapscape"));
    QApplication::setOrganizationName(QStringLiteral("Mapscape"));
    QApplication::setApplicationVersion(QStringLiteral(MAPSCAPE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Interactive design-space explorer for DNN accelerators"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption acc({QStringLiteral("a"), QStringLiteral("accelerator")},
                                 QStringLiteral("Accelerator preset or file."), QStringLiteral("name"),
                                 QStringLiteral("eyeriss"));
    const QCommandLineOption net({QStringLiteral("n"), QStringLiteral("network")}, QStringLiteral("Network preset or file."),
                                 QStringLiteral("name"), QStringLiteral("resnet50"));
    const QCommandLineOption map({QStringLiteral("m"), QStringLiteral("mapping")},
                                 QStringLiteral("Mapping preset or file (default: the trivial mapping)."),
                                 QStringLiteral("name"));
    const QCommandLineOption shot(QStringLiteral("screenshot"),
                                  QStringLiteral("Save a PNG of the window once the evaluation is shown, then quit."),
                                  QStringLiteral("file"));
    const QCommandLineOption optimize(QStringLiteral("optimize"),
                                      QStringLiteral("Start a run of this optimizer (ppo, random, ...) at launch."),
                                      QStringLiteral("id"));
    const QCommandLineOption budget(QStringLiteral("budget"),
                                    QStringLiteral("Budget option of the --optimize run (episodes, samples)."),
                                    QStringLiteral("n"));
    const QCommandLineOption delay(QStringLiteral("screenshot-delay"),
                                   QStringLiteral("With --optimize: milliseconds of the run before the screenshot."),
                                   QStringLiteral("ms"), QStringLiteral("3000"));
    const QCommandLineOption tab(QStringLiteral("tab"),
                                 QStringLiteral("Open on this tab: evaluate, network, accelerator or optimize "
                                                "(scheduling); mapping, space, explore, optimize or agents (dataflow); "
                                                "design, space, sensitivity, optimize, stages or results (accel); platform, "
                                                "optimize, training, evaluation, timeline or policy (dpu)."),
                                 QStringLiteral("name"));
    const QCommandLineOption study(QStringLiteral("study"),
                                   QStringLiteral("Show this study at launch: scheduling (ResNet-50 on Eyeriss by "
                                                  "default), dataflow (a VGG16 layer on ArchGym's accelerator) or accel "
                                                  "(the paper's vanilla-RNN accelerator on ZCU102) or dpu (DPU configurations "
                                                  "on the simulated ZCU102)."),
                                   QStringLiteral("kind"), QStringLiteral("scheduling"));
    const QCommandLineOption project(QStringLiteral("project"), QStringLiteral("Open this project file."),
                                     QStringLiteral("file"));
    const QCommandLineOption sweepResults(QStringLiteral("sweep-results"),
                                          QStringLiteral("Also open sweep results (a table from `mapscape-cli sweep "
                                                         "collect`, or a results folder) in a comparison window."),
                                          QStringLiteral("path"));
    parser.addOptions({acc, net, map, shot, optimize, budget, delay, tab, study, project, sweepResults});
    parser.process(app);

    mapscape::MainWindow window;
    // A project with a scheduling study and a dataflow-mapping study side by side.
    window.selectAccelerator(parser.value(acc));
    window.selectNetwork(parser.value(net));
    if (parser.isSet(map))
        window.selectMapping(parser.value(map));
    window.addStudy(mapscape::ProblemKind::DataflowMapping);
    window.markUnmodified();
    if (parser.isSet(project) && !window.openProject(parser.value(project)))
        return 2;
    const QString kindName = parser.value(study).toLower();
    const auto parsedKind = mapscape::parseProblemKind(kindName.toStdString());
    if (!parsedKind) {
        qCritical("--study: expected scheduling, dataflow, accel, dpu or placement, got %s", qPrintable(parser.value(study)));
        return 2;
    }
    const mapscape::ProblemKind kind = *parsedKind;
    if ((kind == mapscape::ProblemKind::AccelSizing || kind == mapscape::ProblemKind::DpuConfig ||
         kind == mapscape::ProblemKind::TensorPlacement) &&
        !parser.isSet(project)) {
        window.addStudy(kind);
        window.markUnmodified();
    }
    for (int i = 0; i < window.studyCount(); ++i) {
        if (window.workbench(i)->kind() == kind) {
            window.setCurrentStudy(i);
            break;
        }
    }
    mapscape::StudyWorkbench* shown = window.currentWorkbench();
    QStringList tabs;
    switch (shown->kind()) {
    case mapscape::ProblemKind::SchedulingTables:
        tabs = {QStringLiteral("evaluate"), QStringLiteral("network"), QStringLiteral("accelerator"), QStringLiteral("optimize")};
        break;
    case mapscape::ProblemKind::DataflowMapping:
        tabs = {QStringLiteral("mapping"), QStringLiteral("space"), QStringLiteral("explore"), QStringLiteral("optimize"),
                QStringLiteral("agents")};
        break;
    case mapscape::ProblemKind::AccelSizing:
        tabs = {QStringLiteral("design"), QStringLiteral("space"), QStringLiteral("sensitivity"), QStringLiteral("optimize"),
                QStringLiteral("stages"), QStringLiteral("results")};
        break;
    case mapscape::ProblemKind::DpuConfig:
        tabs = {QStringLiteral("platform"), QStringLiteral("optimize"), QStringLiteral("training"), QStringLiteral("evaluation"),
                QStringLiteral("timeline"), QStringLiteral("policy")};
        break;
    case mapscape::ProblemKind::TensorPlacement:
        tabs = {QStringLiteral("map"), QStringLiteral("workload"), QStringLiteral("hardware"), QStringLiteral("optimize"),
                QStringLiteral("curves"), QStringLiteral("training"), QStringLiteral("zeroshot"), QStringLiteral("embedding")};
        break;
    }
    if (parser.isSet(tab)) {
        const int t = tabs.indexOf(parser.value(tab).toLower());
        if (t < 0) {
            qCritical("--tab: expected %s, got %s", qPrintable(tabs.join(QStringLiteral(", "))), qPrintable(parser.value(tab)));
            return 2;
        }
        shown->showTab(t);
    }
    window.show();
    if (parser.isSet(sweepResults) && !window.openSweepResults(parser.value(sweepResults)))
        return 2;
    // Unsaved work of a session that did not end cleanly (crash, kill) is offered back.
    if (!parser.isSet(shot) && !parser.isSet(optimize) && QFile::exists(mapscape::MainWindow::autosavePath()) &&
        QGuiApplication::platformName() != QStringLiteral("offscreen")) {
        if (QMessageBox::question(&window, QStringLiteral("Mapscape"),
                                  QStringLiteral("Mapscape did not close cleanly last time. Restore the unsaved work?")) ==
            QMessageBox::Yes)
            window.restoreAutosave();
    }

    if (parser.isSet(optimize)) {
        mapscape::OptimizerPanel* panel = shown->runsPanel()->optimizerPanel();
        const QString id = parser.value(optimize);
        if (!panel->selectOptimizer(id)) {
            qCritical("unknown or unavailable optimizer for this study: %s", qPrintable(id));
            return 2;
        }
        if (parser.isSet(budget)) {
            const mapscape::OptimizerInfo* info = mapscape::findOptimizer(id.toStdString(), kind);
            if (!info || info->budgetKey.empty() ||
                !panel->setOption(QString::fromStdString(info->budgetKey), parser.value(budget))) {
                qCritical("--budget does not apply to %s", qPrintable(id));
                return 2;
            }
        }
        if (!parser.isSet(tab))
            shown->showTab(int(tabs.indexOf(QStringLiteral("optimize"))));
        if (!shown->runsPanel()->startRun())
            return 2;
    }

    const QString file = parser.value(shot);
    const auto grabAndQuit = [&window, file]() {
        const bool ok = window.grab().save(file);
        QApplication::exit(ok ? 0 : 1);
    };
    if (parser.isSet(shot) && parser.isSet(optimize)) {
        // A screenshot of the workbench while the run trains.
        QTimer::singleShot(parser.value(delay).toInt(), &window, [&window, shown, grabAndQuit]() {
            shown->runsPanel()->drain();
            QTimer::singleShot(100, &window, grabAndQuit);
        });
    } else if (parser.isSet(shot)) {
        if (kind != mapscape::ProblemKind::SchedulingTables) {
            // Dataflow and accelerator studies evaluate synchronously: they are on screen already.
            QTimer::singleShot(400, &window, grabAndQuit);
        } else {
            QObject::connect(&window, &mapscape::MainWindow::evaluationShown, &window, [&window, grabAndQuit]() {
                // Let the layout settle for one event-loop turn before grabbing.
                QTimer::singleShot(200, &window, grabAndQuit);
            });
        }
        QTimer::singleShot(30000, &app, []() { QApplication::exit(3); });
    }
    return app.exec();
}
