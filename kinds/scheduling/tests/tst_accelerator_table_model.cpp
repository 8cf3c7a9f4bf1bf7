// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "support/fixtures.h"
#include "kinds/scheduling/widgets/accelerator_document.h"
#include "kinds/scheduling/widgets/accelerator_table_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace mapscape;

namespace {
int rowOf(Component c) { return int(c); }
QModelIndex cell(const AcceleratorTableModel& m, Component c, LevelField f) { return m.index(rowOf(c), int(f)); }
} // namespace

class TestAcceleratorTableModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void showsTheHierarchy()
    {
        AcceleratorDocument doc;
        doc.setAccelerator(test::eyeriss());
        AcceleratorTableModel model(&doc);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), kNumComponents);
        QCOMPARE(cell(model, Component::LocalBuffer, LevelField::Size).data().toString(), QStringLiteral("24 B, 448 B, 48 B"));
        QCOMPARE(cell(model, Component::LocalBuffer, LevelField::Size).data(Qt::EditRole).toString(), QStringLiteral("24, 448, 48"));
        QCOMPARE(cell(model, Component::PeArray, LevelField::Size).data().toString(), QStringLiteral("14 × 12"));
        QCOMPARE(cell(model, Component::GlobalBuffer, LevelField::Bypass).data().toString(), QStringLiteral("W"));
        QCOMPARE(cell(model, Component::GlobalBuffer, LevelField::Energy).data().toString(), QStringLiteral("5.27, 1.42, 5.27"));
        QCOMPARE(cell(model, Component::Dram, LevelField::Energy).data().toString(), QStringLiteral("128"));
        QCOMPARE(cell(model, Component::PeArray, LevelField::Energy).data().toString(), QStringLiteral("—"));
        QVERIFY(!(model.flags(cell(model, Component::PeArray, LevelField::Energy)) & Qt::ItemIsEditable));
        QVERIFY(model.flags(cell(model, Component::LocalBuffer, LevelField::Dataflow)) & Qt::ItemIsEditable);
        QVERIFY(!(model.flags(cell(model, Component::Dram, LevelField::Present)) & Qt::ItemIsEditable));
    }

    void editsAreUndoableAndValidated()
    {
        AcceleratorDocument doc;
        doc.setAccelerator(test::eyeriss());
        AcceleratorTableModel model(&doc);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy rejected(&model, &AcceleratorTableModel::editRejected);
        QVERIFY(model.setData(cell(model, Component::PeArray, LevelField::Size), QStringLiteral("16x16")));
        QCOMPARE(doc.accelerator().peArray.sizeX, 16);
        QVERIFY(model.setData(cell(model, Component::GlobalBuffer, LevelField::Size), QStringLiteral("131072")));
        QCOMPARE(doc.accelerator().globalBuffer.sizeBytes, (std::vector<std::int64_t>{131072}));
        QVERIFY(model.setData(cell(model, Component::LocalBuffer, LevelField::Energy), QStringLiteral("0.2 0.7 0.3")));
        QCOMPARE(doc.accelerator().localBuffer.accessEnergyPj[1], 0.7);
        QVERIFY(model.setData(cell(model, Component::LocalBuffer, LevelField::AllowedDataflows), QStringLiteral("IS, WS")));
        QCOMPARE(doc.accelerator().localBuffer.allowedDataflows.size(), std::size_t(2));
        QCOMPARE(doc.undoStack()->count(), 4);
        // The Edit menu names the level in the same words as the refusals, not by file keys.
        QCOMPARE(doc.undoStack()->text(0), QStringLiteral("Set PE array size to 16 × 16"));
        QCOMPARE(doc.undoStack()->text(1), QStringLiteral("Set global buffer size to 131072"));
        QCOMPARE(doc.undoStack()->text(2), QStringLiteral("Set local buffer access energy to 0.2 0.7 0.3"));
        QVERIFY(model.setData(cell(model, Component::MultiChips, LevelField::Size), QStringLiteral("2x2")));
        QCOMPARE(doc.undoStack()->text(4), QStringLiteral("Set multi-chip array size to 2 × 2"));
        QVERIFY(model.setData(cell(model, Component::MultiChips, LevelField::Present), QStringLiteral("yes")));
        QCOMPARE(doc.undoStack()->text(5), QStringLiteral("Add multi-chip array"));
        QVERIFY(!model.setData(cell(model, Component::MultiChips, LevelField::Size), QStringLiteral("two")));
        QVERIFY2(rejected.last().first().toString().startsWith(QStringLiteral("Multi-chip array size: expected X × Y")),
                 qPrintable(rejected.last().first().toString()));
        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        QCOMPARE(doc.accelerator(), test::eyeriss());

        QVERIFY(!model.setData(cell(model, Component::GlobalBuffer, LevelField::Bandwidth), QStringLiteral("fast")));
        QCOMPARE(rejected.last().first().toString(),
                 QStringLiteral("Global buffer bandwidth (bits): expected a number of bits, got \"fast\""));
        QVERIFY(!model.setData(cell(model, Component::PeArray, LevelField::Size), QStringLiteral("14")));
        QVERIFY(rejected.last().first().toString().startsWith(QStringLiteral("PE array size: expected X × Y")));
        QVERIFY(!model.setData(cell(model, Component::LocalBuffer, LevelField::Energy), QStringLiteral("1 2")));
        QCOMPARE(doc.undoStack()->index(), 0); // nothing was pushed

        // Parseable but invalid: kept, tinted, explained.
        QVERIFY(model.setData(cell(model, Component::GlobalBuffer, LevelField::Bandwidth), QStringLiteral("0")));
        const QModelIndex bw = cell(model, Component::GlobalBuffer, LevelField::Bandwidth);
        QVERIFY(model.data(bw, Qt::BackgroundRole).isValid());
        QVERIFY(model.data(bw, Qt::ToolTipRole).toString().startsWith(QStringLiteral("bandwidth_bits: must be a positive")));
        // A dataflow keeping the bypassed type stationary is flagged on the dataflow cell.
        QVERIFY(model.setData(cell(model, Component::GlobalBuffer, LevelField::Dataflow), QStringLiteral("WS")));
        QVERIFY(model.data(cell(model, Component::GlobalBuffer, LevelField::Dataflow), AcceleratorTableModel::IssueRole)
                    .toString()
                    .contains(QStringLiteral("bypasses weight")));
        QVERIFY(!doc.issues().empty());
        QVERIFY(doc.setChipField(ChipField::FrequencyMhz, QStringLiteral("250")).isEmpty());
        QCOMPARE(doc.accelerator().frequencyMhz, 250.0);
        QCOMPARE(doc.setChipField(ChipField::PrecisionBits, QStringLiteral("16.5")),
                 QStringLiteral("precision_bits: expected a whole number of bits, got \"16.5\""));
    }
};

QTEST_MAIN(TestAcceleratorTableModel)
#include "tst_accelerator_table_model.moc"
