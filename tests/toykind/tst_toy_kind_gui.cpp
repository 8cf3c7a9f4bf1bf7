// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The main window serves a kind registered from outside the tree: File → New study lists it,
// the generic workbench edits its inputs (undoably, refusing bad JSON with the field named),
// evaluates them, runs its optimizers, and the project saves and reopens with its run.

#include "toykind/toy_kind.h"

#include "app/gui/main_window.h"
#include "core/runner/optimizer_run.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "widgets/study/generic_workbench.h"

#include <QAction>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace mapscape;

class TestToyKindGui : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        toy::registerToyKind();
        QStandardPaths::setTestModeEnabled(true);
    }

    void newStudyMenuOffersIt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("toy.mapscape.json"));
        double best = 0;
        {
            MainWindow w;
            QAction* entry = nullptr;
            for (QAction* a : w.newStudyMenu()->actions())
                if (a->text().contains(QStringLiteral("Toy bowl")))
                    entry = a;
            QVERIFY(entry != nullptr);
            entry->trigger();
            const int i = w.studyOfKind(*findStudyKind("toy"));
            QVERIFY(i >= 0);
            auto* wb = qobject_cast<GenericWorkbench*>(w.workbench(i));
            QVERIFY(wb != nullptr);
            QCOMPARE(wb->tabNames().size(), 3);
            QVERIFY(wb->evaluationText().contains(QStringLiteral("cost 203 units")));

            // Bad JSON is refused with the field named; the inputs stay as they were.
            const QString error = wb->applyInputsText(QStringLiteral("{\"toy\": {\"design\": [1, 2, 99]}}"));
            QVERIFY2(error.contains(QStringLiteral("toy.design[2]")), qPrintable(error));
            QVERIFY(wb->evaluationText().contains(QStringLiteral("cost 203 units")));
            // A good edit is one undo step.
            QVERIFY(wb->applyInputsText(QStringLiteral("{\"toy\": {\"design\": [7, 3, 11]}}")).isEmpty());
            QVERIFY(wb->evaluationText().contains(QStringLiteral("cost 2 units")));
            wb->activeUndoStack()->undo();
            QVERIFY(wb->evaluationText().contains(QStringLiteral("cost 203 units")));
            wb->activeUndoStack()->redo();
            QVERIFY(wb->evaluationText().contains(QStringLiteral("cost 2 units")));

            // Its optimizers run from the shared Optimize tab.
            QVERIFY(wb->runsPanel()->optimizerPanel()->selectOptimizer(QStringLiteral("ga")));
            QVERIFY(wb->runsPanel()->optimizerPanel()->setOption(QStringLiteral("samples"), QStringLiteral("900")));
            QSignalSpy finished(wb->runsPanel(), &RunsPanel::runFinished);
            OptimizerRun* run = wb->runsPanel()->startRun();
            QVERIFY(run != nullptr);
            QVERIFY(finished.wait(20000));
            best = run->bestObjectives().at(0);
            QCOMPARE(best, 1.0);
            QVERIFY(w.saveProjectAs(path));
        }
        {
            MainWindow w;
            QVERIFY(w.openProject(path));
            const int i = w.studyOfKind(*findStudyKind("toy"));
            QVERIFY(i >= 0);
            auto* wb = qobject_cast<GenericWorkbench*>(w.workbench(i));
            QVERIFY(wb != nullptr);
            QVERIFY(wb->evaluationText().contains(QStringLiteral("cost 2 units")));
            const std::optional<Study> s = wb->study();
            QVERIFY(s.has_value());
            QCOMPARE(int(s->runs.size()), 1);
            QCOMPARE(s->optimizer.options.at("samples"), std::string("900"));
        }
    }
};

QTEST_MAIN(TestToyKindGui)
#include "tst_toy_kind_gui.moc"
