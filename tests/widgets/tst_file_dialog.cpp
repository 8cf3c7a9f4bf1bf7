// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
//
// The application's file dialog (issue 31, item 10), typed into with key clicks: a bare name that
// is also a folder saves a file instead of opening the folder, "Files of type" is never empty,
// bare names get the type's suffix, the folder last used is where the next dialog starts.
#include "widgets/dialogs/file_dialog.h"

#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace mapscape;

namespace {

QLineEdit* nameEdit(QFileDialog& d)
{
    return d.findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
}

QComboBox* typeBox(QFileDialog& d)
{
    return d.findChild<QComboBox*>(QStringLiteral("fileTypeCombo"));
}

/// Types `text` into the dialog's name field and presses Enter.
void typeAndEnter(QFileDialog& d, const QString& text)
{
    QLineEdit* edit = nameEdit(d);
    QVERIFY(edit);
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

} // namespace

class TestFileDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void suffixes()
    {
        QCOMPARE(FileDialog::suffixOf(QStringLiteral("CSV files (*.csv)")), QStringLiteral("csv"));
        QCOMPARE(FileDialog::suffixOf(QStringLiteral("Mapscape projects (*.mapscape.json *.json)")), QStringLiteral("mapscape.json"));
        QCOMPARE(FileDialog::suffixOf(QStringLiteral("All files (*)")), QString());
        QCOMPARE(FileDialog::suffixOf(QStringLiteral("A results folder's sweep.json (sweep.json)")), QString());
        QCOMPARE(FileDialog::suffixOf(QStringLiteral("*.png")), QStringLiteral("png"));
    }

    void aFolderNameSavesAFile()
    {
        QTemporaryDir tmp;
        QVERIFY(QDir(tmp.path()).mkdir(QStringLiteral("results")));
        FileDialog d(nullptr, FileDialog::Mode::Save, QStringLiteral("Export results"), tmp.filePath(QStringLiteral("results.csv")),
                     QStringLiteral("CSV files (*.csv)"));
        d.open();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QCOMPARE(QDir(d.directory()).canonicalPath(), QDir(tmp.path()).canonicalPath());
        QCOMPARE(nameEdit(d)->text(), QStringLiteral("results.csv"));
        typeAndEnter(d, QStringLiteral("results"));
        QTRY_VERIFY(!d.isVisible());
        QCOMPARE(d.result(), int(QDialog::Accepted));
        QCOMPARE(QFileInfo(d.chosenPath()).absoluteFilePath(), QDir(tmp.path()).absoluteFilePath(QStringLiteral("results.csv")));
        QVERIFY(QFileInfo(QDir(tmp.path()).absoluteFilePath(QStringLiteral("results"))).isDir()); // the folder is untouched
    }

    void aTrailingSlashOpensTheFolderAndKeepsTheType()
    {
        QTemporaryDir tmp;
        QVERIFY(QDir(tmp.path()).mkdir(QStringLiteral("results")));
        FileDialog d(nullptr, FileDialog::Mode::Save, QStringLiteral("Export results"), tmp.filePath(QStringLiteral("results.csv")),
                     QStringLiteral("CSV files (*.csv);;All files (*)"));
        d.open();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        typeAndEnter(d, QStringLiteral("results/"));
        QTRY_COMPARE(QDir(d.directory()).dirName(), QStringLiteral("results"));
        QVERIFY(d.isVisible());
        QCOMPARE(typeBox(d)->currentText(), QStringLiteral("CSV files (*.csv)"));
        // A bare new name gets the type's suffix, in the folder opened.
        typeAndEnter(d, QStringLiteral("run1"));
        QTRY_VERIFY(!d.isVisible());
        QCOMPARE(QFileInfo(d.chosenPath()).fileName(), QStringLiteral("run1.csv"));
        QCOMPARE(QFileInfo(d.chosenPath()).dir().dirName(), QStringLiteral("results"));
        // The next dialog starts where this one ended.
        FileDialog next(nullptr, FileDialog::Mode::Open, QStringLiteral("Open"), QString(), QString());
        QCOMPARE(QDir(next.directory()).dirName(), QStringLiteral("results"));
    }

    void openingTypedFolderNavigates()
    {
        QTemporaryDir tmp;
        QVERIFY(QDir(tmp.path()).mkdir(QStringLiteral("studies")));
        FileDialog d(nullptr, FileDialog::Mode::Open, QStringLiteral("Open project"), tmp.path(),
                     QStringLiteral("Mapscape projects (*.mapscape.json *.json)"));
        d.open();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QCOMPARE(QDir(d.directory()).canonicalPath(), QDir(tmp.path()).canonicalPath());
        typeAndEnter(d, QStringLiteral("studies"));
        QTRY_COMPARE(QDir(d.directory()).dirName(), QStringLiteral("studies"));
        QVERIFY(d.isVisible());
        QCOMPARE(typeBox(d)->currentText(), QStringLiteral("Mapscape projects (*.mapscape.json *.json)"));
        d.reject();
    }

    void aSuggestionWithAFolderStartsThere()
    {
        QTemporaryDir tmp;
        QVERIFY(QDir(tmp.path()).mkpath(QStringLiteral("bench/results")));
        QFile f(tmp.filePath(QStringLiteral("bench/results/seed004.jsonl")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(tmp.path()));
        // Relative to the working folder, as a recorded path may be.
        FileDialog d(nullptr, FileDialog::Mode::Open, QStringLiteral("Load"), QStringLiteral("bench/results/seed004.jsonl"),
                     QStringLiteral("Results (*.jsonl)"));
        QDir::setCurrent(before);
        QCOMPARE(QDir(d.directory()).canonicalPath(), QDir(tmp.filePath(QStringLiteral("bench/results"))).canonicalPath());
    }

    void alwaysAFileType()
    {
        // Without filters (the close dialog's "Save project" had none): "All files", not an empty box.
        FileDialog d(nullptr, FileDialog::Mode::Save, QStringLiteral("Save project"), QStringLiteral("project.mapscape.json"), QString());
        d.open();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QCOMPARE(typeBox(d)->currentText(), QStringLiteral("All files (*)"));
        QVERIFY(typeBox(d)->count() >= 1);
        d.reject();
    }
};

QTEST_MAIN(TestFileDialog)
#include "tst_file_dialog.moc"
