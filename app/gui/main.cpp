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
#include <optional>

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

/// The launch options (beside every kind's study arguments).
struct LaunchOptions {
    QCommandLineOption study{QStringLiteral("study"), QString(), QStringLiteral("study")};
    QCommandLineOption shot{QStringLiteral("screenshot"),
                            QStringLiteral("Save a PNG of the window once the evaluation is shown, then quit."),
                            QStringLiteral("file")};
    QCommandLineOption optimize{QStringLiteral("optimize"),
                                QStringLiteral("Start a run of this optimizer (ppo, random, ...) at launch."),
                                QStringLiteral("id")};
    QCommandLineOption budget{QStringLiteral("budget"), QStringLiteral("Budget option of the --optimize run (episodes, samples)."),
                              QStringLiteral("n")};
    QCommandLineOption delay{QStringLiteral("screenshot-delay"),
                             QStringLiteral("With --optimize: milliseconds of the run before the screenshot."),
                             QStringLiteral("ms"), QStringLiteral("3000")};
    QCommandLineOption tab{QStringLiteral("tab"),
                           QStringLiteral("Open on this tab of the study shown (its names: evaluate, network, "
                                          "accelerator, optimize for scheduling tables; see the error for others)."),
                           QStringLiteral("name")};
    QCommandLineOption project{QStringLiteral("project"), QStringLiteral("Open this project file."), QStringLiteral("file")};
    QCommandLineOption sweepResults{QStringLiteral("sweep-results"),
                                    QStringLiteral("Also open sweep results (a table from `mapscape-cli sweep "
                                                   "collect`, or a results folder) in a comparison window."),
                                    QStringLiteral("path")};
    QCommandLineOption exitWhenShown{QStringLiteral("exit-when-shown"),
                                     QStringLiteral("Quit as soon as the window shows its evaluation (start-up timing: "
                                                    "bench/bench_startup).")};
    /// Every study kind's arguments (--accelerator, --hardware, --workload, ...) by key, and
    /// whether each is a flag.
    std::map<std::string, std::pair<QCommandLineOption, bool>> arguments = studyArgumentOptions();

    LaunchOptions()
    {
        QStringList kindIds;
        for (const mapscape::StudyKind* k : mapscape::studyKinds())
            kindIds << qs(k->id());
        study.setDescription(QStringLiteral("Show this study at launch: a study kind (%1; its default study), a "
                                            "study preset, a study file or folder; several times for the parts of one study (a Timeloop "
                                            "spec: arch.yaml, problem.yaml, map.yaml…).")
                                 .arg(kindIds.join(QStringLiteral(", "))));
    }

    void addTo(QCommandLineParser& parser) const
    {
        parser.addOptions({study, shot, optimize, budget, delay, tab, project, sweepResults, exitWhenShown});
        for (const auto& [key, option] : arguments)
            parser.addOption(option.first);
    }

    /// The kinds' arguments given on the command line ("true" for a flag).
    mapscape::ArgumentValues values(const QCommandLineParser& parser) const
    {
        mapscape::ArgumentValues args;
        for (const auto& [key, option] : arguments)
            if (parser.isSet(option.first))
                args[key] = option.second ? std::string("true") : parser.value(option.first).toStdString();
        return args;
    }
};

/// The study the command line names (--study, the kinds' arguments): it replaces the launch
/// study of its kind (keeping that study's name), or joins the project. The index of the study
/// to show, or nullopt after a message (exit status 2).
std::optional<int> addCommandLineStudy(mapscape::MainWindow& window, const QCommandLineParser& parser,
                                       const LaunchOptions& o, const mapscape::ArgumentValues& args)
{
    mapscape::Study st;
    try {
        std::vector<std::string> notes;
        // --study once, or several times for the parts of one study (a Timeloop spec), as
        // with mapscape-cli.
        std::vector<std::string> studies;
        for (const QString& s : parser.values(o.study))
            studies.push_back(s.toStdString());
        st = mapscape::studyFromCommandLine(studies, args, notes);
    } catch (const mapscape::InputError& e) {
        qCritical("%s", e.what());
        return std::nullopt;
    }
    const bool bareKind = args.empty() && mapscape::findStudyKind(parser.value(o.study).toStdString());
    const int existing = window.studyOfKind(st.kind());
    if (existing >= 0 && bareKind)
        return existing;
    if (existing >= 0 && !parser.isSet(o.project)) {
        st.name = window.studyName(existing).toStdString();
        QString error;
        if (!window.workbench(existing)->setStudy(st, &error)) {
            qCritical("%s", qPrintable(error));
            return std::nullopt;
        }
        return existing;
    }
    if (!window.addStudy(st))
        return std::nullopt;
    return window.studyCount() - 1;
}

/// The launch project: the default kind's study and every kind that asks to be beside it, or
/// the project given, and the command line's study. False after a message (exit status 2).
bool openLaunchStudies(mapscape::MainWindow& window, const QCommandLineParser& parser, const LaunchOptions& o)
{
    for (const mapscape::StudyKind* k : mapscape::studyKinds())
        if (k->info().inLaunchProject && window.studyOfKind(*k) < 0)
            window.addStudy(*k);
    int shownIndex = 0; // the default kind's study
    if (parser.isSet(o.project)) {
        if (!window.openProject(parser.value(o.project)))
            return false;
        shownIndex = window.currentStudy();
    }
    const mapscape::ArgumentValues args = o.values(parser);
    if (parser.isSet(o.study) || !args.empty()) {
        const std::optional<int> shown = addCommandLineStudy(window, parser, o, args);
        if (!shown)
            return false;
        shownIndex = *shown;
    }
    window.setCurrentStudy(shownIndex);
    window.markUnmodified();
    return true;
}

/// --tab: the tab of the study shown. False after a message.
bool showLaunchTab(mapscape::StudyWorkbench* shown, const QCommandLineParser& parser, const LaunchOptions& o)
{
    if (!parser.isSet(o.tab))
        return true;
    const QStringList tabs = shown->tabNames();
    const int t = int(tabs.indexOf(parser.value(o.tab).toLower()));
    if (t < 0) {
        qCritical("--tab: expected %s, got %s", qPrintable(tabs.join(QStringLiteral(", "))), qPrintable(parser.value(o.tab)));
        return false;
    }
    shown->showTab(t);
    return true;
}

/// Unsaved work of a session that did not end cleanly (crash, kill) is offered back.
void offerAutosave(mapscape::MainWindow& window, const QCommandLineParser& parser, const LaunchOptions& o)
{
    if (!parser.isSet(o.shot) && !parser.isSet(o.optimize) && QFile::exists(mapscape::MainWindow::autosavePath()) &&
        QGuiApplication::platformName() != QStringLiteral("offscreen")) {
        if (QMessageBox::question(&window, QStringLiteral("Mapscape"),
                                  QStringLiteral("Mapscape did not close cleanly last time. Restore the unsaved work?")) ==
            QMessageBox::Yes)
            window.restoreAutosave();
    }
}

/// --optimize (with --budget): a run of the study shown, started now. False after a message.
bool startLaunchRun(mapscape::StudyWorkbench* shown, const QCommandLineParser& parser, const LaunchOptions& o)
{
    if (!parser.isSet(o.optimize))
        return true;
    mapscape::OptimizerPanel* panel = shown->runsPanel()->optimizerPanel();
    const QString id = parser.value(o.optimize);
    if (!panel->selectOptimizer(id)) {
        qCritical("unknown or unavailable optimizer for this study: %s", qPrintable(id));
        return false;
    }
    if (parser.isSet(o.budget)) {
        const mapscape::OptimizerInfo* info = mapscape::findOptimizer(shown->kind(), id.toStdString());
        if (!info || info->budgetKey.empty() ||
            !panel->setOption(QString::fromStdString(info->budgetKey), parser.value(o.budget))) {
            qCritical("--budget does not apply to %s", qPrintable(id));
            return false;
        }
    }
    const QStringList tabs = shown->tabNames();
    if (!parser.isSet(o.tab) && tabs.contains(QStringLiteral("optimize")))
        shown->showTab(int(tabs.indexOf(QStringLiteral("optimize"))));
    return shown->runsPanel()->startRun();
}

/// --screenshot and --exit-when-shown: what quits the application, and when.
void scheduleExit(QApplication& app, mapscape::MainWindow& window, mapscape::StudyWorkbench* shown,
                  const QCommandLineParser& parser, const LaunchOptions& o)
{
    const QString file = parser.value(o.shot);
    const auto grabAndQuit = [&window, file]() {
        QString error;
        const bool ok = exportWidgetImage(&window, file, &error); // atomic: complete or not written
        if (!ok)
            std::fprintf(stderr, "error: %s\n", qPrintable(error));
        QApplication::exit(ok ? 0 : 1);
    };
    if (parser.isSet(o.shot) && parser.isSet(o.optimize)) {
        // A screenshot of the workbench while the run trains.
        QTimer::singleShot(parser.value(o.delay).toInt(), &window, [&window, shown, grabAndQuit]() {
            shown->runsPanel()->drain();
            QTimer::singleShot(100, &window, grabAndQuit);
        });
    } else if (parser.isSet(o.exitWhenShown)) {
        // The first event-loop turn after the window is up and its evaluation is on screen.
        const auto quitSoon = [&window]() { QTimer::singleShot(0, &window, []() { QApplication::exit(0); }); };
        if (!shown->evaluationPending())
            quitSoon();
        else
            QObject::connect(&window, &mapscape::MainWindow::evaluationShown, &window, quitSoon);
        QTimer::singleShot(30000, &app, []() { QApplication::exit(3); });
    } else if (parser.isSet(o.shot)) {
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
    const LaunchOptions options;
    options.addTo(parser);
    parser.process(app);

    mapscape::MainWindow window;
    if (!openLaunchStudies(window, parser, options))
        return 2;
    mapscape::StudyWorkbench* shown = window.currentWorkbench();
    if (!showLaunchTab(shown, parser, options))
        return 2;
    window.show();
    if (parser.isSet(options.sweepResults) && !window.openSweepResults(parser.value(options.sweepResults)))
        return 2;
    offerAutosave(window, parser, options);
    if (!startLaunchRun(shown, parser, options))
        return 2;
    scheduleExit(app, window, shown, parser, options);
    return app.exec();
}
