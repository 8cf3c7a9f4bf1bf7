// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "app/gui/main_window.h"
#include "widgets/charts/chart_export.h"
#include "core/model/validation.h"
#include "core/study/study_file.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "widgets/study/study_workbench.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QGuiApplication>
#include <QMessageBox>
#include <QTimer>

#include <cstdio>
#include <map>
#include <memory>

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

/// Every study kind's arguments (--accelerator, --hardware, --workload, ...), as on the command
/// line of mapscape-cli: they build or change the study shown at launch.
std::map<std::string, std::pair<QCommandLineOption, bool>> studyArgumentOptions()
{
    std::map<std::string, std::pair<QCommandLineOption, bool>> out;
    for (const mapscape::StudyKind* k : mapscape::studyKinds())
        for (const mapscape::StudyArgument& a : k->studyArguments()) {
            if (a.use != mapscape::StudyArgument::Use::Input || out.count(a.key()))
                continue;
            QStringList names;
            for (const QString& f : QString::fromStdString(a.flags).split(QLatin1Char(','))) {
                QString n = f.trimmed();
                while (n.startsWith(QLatin1Char('-')))
                    n.remove(0, 1);
                names << n;
            }
            QCommandLineOption o(names, qs(a.help));
            if (!a.isFlag)
                o.setValueName(QStringLiteral("value"));
            out.emplace(a.key(), std::make_pair(o, a.isFlag));
        }
    return out;
}

} // namespace

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
    QStringList kindIds;
    for (const mapscape::StudyKind* k : mapscape::studyKinds())
        kindIds << qs(k->id());
    const QCommandLineOption study(QStringLiteral("study"),
                                   QStringLiteral("Show this study at launch: a study kind (%1; its default study), a "
                                                  "study preset, a study file or folder; several times for the parts of one study (a Timeloop "
                                                  "spec: arch.yaml, problem.yaml, map.yaml…).")
                                       .arg(kindIds.join(QStringLiteral(", "))),
                                   QStringLiteral("study"));
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
                                 QStringLiteral("Open on this tab of the study shown (its names: evaluate, network, "
                                                "accelerator, optimize for scheduling tables; see the error for others)."),
                                 QStringLiteral("name"));
    const QCommandLineOption project(QStringLiteral("project"), QStringLiteral("Open this project file."),
                                     QStringLiteral("file"));
    const QCommandLineOption sweepResults(QStringLiteral("sweep-results"),
                                          QStringLiteral("Also open sweep results (a table from `mapscape-cli sweep "
                                                         "collect`, or a results folder) in a comparison window."),
                                          QStringLiteral("path"));
    const QCommandLineOption exitWhenShown(QStringLiteral("exit-when-shown"),
                                           QStringLiteral("Quit as soon as the window shows its evaluation (start-up timing: "
                                                          "bench/bench_startup)."));
    parser.addOptions({study, shot, optimize, budget, delay, tab, project, sweepResults, exitWhenShown});
    const auto arguments = studyArgumentOptions();
    for (const auto& [key, option] : arguments)
        parser.addOption(option.first);
    parser.process(app);

    mapscape::ArgumentValues args;
    for (const auto& [key, option] : arguments)
        if (parser.isSet(option.first))
            args[key] = option.second ? std::string("true") : parser.value(option.first).toStdString();

    // The launch project: the default kind's study and every kind that asks to be beside it.
    mapscape::MainWindow window;
    for (const mapscape::StudyKind* k : mapscape::studyKinds())
        if (k->info().inLaunchProject && window.studyOfKind(*k) < 0)
            window.addStudy(*k);
    int shownIndex = 0; // the default kind's study
    if (parser.isSet(project)) {
        if (!window.openProject(parser.value(project)))
            return 2;
        shownIndex = window.currentStudy();
    }
    if (parser.isSet(study) || !args.empty()) {
        // The study the command line names: it replaces the launch study of its kind (keeping
        // that study's name), or joins the project.
        mapscape::Study st;
        try {
            std::vector<std::string> notes;
            // --study once, or several times for the parts of one study (a Timeloop spec), as
            // with mapscape-cli.
            std::vector<std::string> studies;
            for (const QString& s : parser.values(study))
                studies.push_back(s.toStdString());
            st = mapscape::studyFromCommandLine(studies, args, notes);
        } catch (const mapscape::InputError& e) {
            qCritical("%s", e.what());
            return 2;
        }
        const bool bareKind = args.empty() && mapscape::findStudyKind(parser.value(study).toStdString());
        const int existing = window.studyOfKind(st.kind());
        if (existing >= 0 && bareKind) {
            shownIndex = existing;
        } else if (existing >= 0 && !parser.isSet(project)) {
            st.name = window.workbench(existing)->studyName().toStdString();
            QString error;
            if (!window.workbench(existing)->setStudy(st, &error)) {
                qCritical("%s", qPrintable(error));
                return 2;
            }
            shownIndex = existing;
        } else {
            if (!window.addStudy(st))
                return 2;
            shownIndex = window.studyCount() - 1;
        }
    }
    window.setCurrentStudy(shownIndex);
    window.markUnmodified();
    mapscape::StudyWorkbench* shown = window.currentWorkbench();
    const QStringList tabs = shown->tabNames();
    if (parser.isSet(tab)) {
        const int t = int(tabs.indexOf(parser.value(tab).toLower()));
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
            const mapscape::OptimizerInfo* info = mapscape::findOptimizer(shown->kind(), id.toStdString());
            if (!info || info->budgetKey.empty() ||
                !panel->setOption(QString::fromStdString(info->budgetKey), parser.value(budget))) {
                qCritical("--budget does not apply to %s", qPrintable(id));
                return 2;
            }
        }
        if (!parser.isSet(tab) && tabs.contains(QStringLiteral("optimize")))
            shown->showTab(int(tabs.indexOf(QStringLiteral("optimize"))));
        if (!shown->runsPanel()->startRun())
            return 2;
    }

    const QString file = parser.value(shot);
    const auto grabAndQuit = [&window, file]() {
        QString error;
        const bool ok = exportWidgetImage(&window, file, &error); // atomic: complete or not written
        if (!ok)
            std::fprintf(stderr, "error: %s\n", qPrintable(error));
        QApplication::exit(ok ? 0 : 1);
    };
    if (parser.isSet(shot) && parser.isSet(optimize)) {
        // A screenshot of the workbench while the run trains.
        QTimer::singleShot(parser.value(delay).toInt(), &window, [&window, shown, grabAndQuit]() {
            shown->runsPanel()->drain();
            QTimer::singleShot(100, &window, grabAndQuit);
        });
    } else if (parser.isSet(exitWhenShown)) {
        // The first event-loop turn after the window is up and its evaluation is on screen.
        const auto quitSoon = [&window]() { QTimer::singleShot(0, &window, []() { QApplication::exit(0); }); };
        if (!shown->evaluationPending())
            quitSoon();
        else
            QObject::connect(&window, &mapscape::MainWindow::evaluationShown, &window, quitSoon);
        QTimer::singleShot(30000, &app, []() { QApplication::exit(3); });
    } else if (parser.isSet(shot)) {
        // Once the study shown has its evaluation on screen (some kinds evaluate in the
        // background): the first evaluation after a moment for the layout to settle.
        auto evaluated = std::make_shared<bool>(false);
        auto armed = std::make_shared<bool>(false);
        QObject::connect(&window, &mapscape::MainWindow::evaluationShown, &window, [=, &window]() {
            *evaluated = true;
            if (*armed)
                QTimer::singleShot(200, &window, grabAndQuit);
        });
        QTimer::singleShot(400, &window, [=, &window]() {
            *armed = true;
            // Kinds that evaluate synchronously are on screen already; others still signal.
            if (*evaluated || !shown->evaluationPending())
                QTimer::singleShot(0, &window, grabAndQuit);
        });
        QTimer::singleShot(30000, &app, []() { QApplication::exit(3); });
    }
    return app.exec();
}
