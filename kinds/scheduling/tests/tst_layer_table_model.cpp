// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "support/fixtures.h"
#include "kinds/scheduling/widgets/network_document.h"
#include "kinds/scheduling/widgets/layer_table_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace mapscape;

namespace {

Network twoLayers()
{
    Network n;
    n.name = "two";
    n.layers = {test::layer("CONV_1", 64, 1, 112, 112, 3, 7, 7, 1, 2), test::layer("FC_1", 1000, 1, 1, 1, 2048, 1, 1, 1, 0)};
    return n;
}

} // namespace

class TestLayerTableModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void showsLayersAndDerivedColumns()
    {
        NetworkDocument doc;
        doc.setNetwork(twoLayers());
        LayerTableModel model(&doc);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(LayerTableModel::ColumnCount));
        QCOMPARE(model.index(0, LayerTableModel::Name).data().toString(), QStringLiteral("CONV_1"));
        QCOMPARE(model.index(0, LayerTableModel::K).data().toLongLong(), 64LL);
        QCOMPARE(model.index(0, LayerTableModel::Macs).data(Qt::EditRole).toDouble(), 118013952.0);
        QCOMPARE(model.index(0, LayerTableModel::Macs).data().toString(), QStringLiteral("118 M MACs"));
        QCOMPARE(model.index(1, LayerTableModel::Kind).data().toString(), QStringLiteral("fc"));
        QCOMPARE(model.index(1, LayerTableModel::WeightWords).data(Qt::EditRole).toDouble(), 2048000.0);
        QCOMPARE(model.index(1, LayerTableModel::WeightWords).data().toString(), QStringLiteral("2.05 M words"));
        QVERIFY(model.flags(model.index(0, LayerTableModel::K)) & Qt::ItemIsEditable);
        QVERIFY(!(model.flags(model.index(0, LayerTableModel::Macs)) & Qt::ItemIsEditable));
        QCOMPARE(model.headerData(LayerTableModel::K, Qt::Horizontal).toString(), QStringLiteral("K"));
    }

    void editsAreUndoable()
    {
        NetworkDocument doc;
        doc.setNetwork(twoLayers());
        LayerTableModel model(&doc);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy changed(&doc, &NetworkDocument::changed);
        QSignalSpy cells(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(model.setData(model.index(0, LayerTableModel::K), QStringLiteral("128")));
        QCOMPARE(doc.network().layers[0].k, 128);
        QCOMPARE(changed.count(), 1);
        QVERIFY(!cells.isEmpty());
        QCOMPARE(model.index(0, LayerTableModel::Macs).data(Qt::EditRole).toDouble(), 2 * 118013952.0);
        QVERIFY(model.setData(model.index(0, LayerTableModel::Name), QStringLiteral("  STEM ")));
        QCOMPARE(doc.network().layers[0].name, std::string("STEM"));
        QCOMPARE(doc.undoStack()->count(), 2);
        doc.undoStack()->undo();
        QCOMPARE(doc.network().layers[0].name, std::string("CONV_1"));
        doc.undoStack()->undo();
        QCOMPARE(doc.network().layers[0].k, 64);
        QCOMPARE(model.index(0, LayerTableModel::K).data().toLongLong(), 64LL);
        doc.undoStack()->redo();
        QCOMPARE(doc.network().layers[0].k, 128);
        // Setting the same value records nothing.
        QVERIFY(model.setData(model.index(0, LayerTableModel::K), QStringLiteral("128")));
        QCOMPARE(doc.undoStack()->index(), 1);
    }

    void badInputIsRejectedOrFlagged()
    {
        NetworkDocument doc;
        doc.setNetwork(twoLayers());
        LayerTableModel model(&doc);
        QSignalSpy rejected(&model, &LayerTableModel::editRejected);
        QVERIFY(!model.setData(model.index(0, LayerTableModel::P), QStringLiteral("many")));
        QCOMPARE(rejected.count(), 1);
        QCOMPARE(rejected.first().first().toString(),
                 QStringLiteral("CONV_1, row 1: P: expected a whole number, got \"many\""));
        QVERIFY(!model.setData(model.index(1, LayerTableModel::Name), QStringLiteral("   ")));
        QCOMPARE(doc.network().layers[1].name, std::string("FC_1"));
        QCOMPARE(doc.undoStack()->count(), 0);

        // Parseable but invalid: kept (no work lost), tinted, explained.
        QVERIFY(model.setData(model.index(0, LayerTableModel::G), QStringLiteral("5")));
        QCOMPARE(doc.network().layers[0].g, 5);
        const QModelIndex k = model.index(0, LayerTableModel::K);
        QVERIFY(model.data(k, Qt::BackgroundRole).isValid());
        QCOMPARE(model.data(k, Qt::ToolTipRole).toString(), QStringLiteral("K = 64 is not divisible by G = 5"));
        QCOMPARE(model.index(0, LayerTableModel::Macs).data().toString(), QStringLiteral("–"));
        QVERIFY(model.setData(model.index(0, LayerTableModel::P), QStringLiteral("0")));
        QCOMPARE(model.data(model.index(0, LayerTableModel::P), LayerTableModel::IssueRole).toString(),
                 QStringLiteral("must be a positive integer, got 0"));
        // Duplicate names are flagged on both rows.
        QVERIFY(model.setData(model.index(1, LayerTableModel::Name), QStringLiteral("conv_1")));
        QVERIFY(model.data(model.index(0, LayerTableModel::Name), Qt::ToolTipRole).toString().contains(QStringLiteral("row 2")));
        QVERIFY(model.data(model.index(1, LayerTableModel::Name), Qt::ToolTipRole).toString().contains(QStringLiteral("row 1")));
        QVERIFY(!model.data(model.index(1, LayerTableModel::K), Qt::BackgroundRole).isValid());
    }

    void insertRemoveDuplicateWithUndo()
    {
        NetworkDocument doc;
        doc.setNetwork(twoLayers());
        LayerTableModel model(&doc);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        doc.duplicateLayers({0, 1});
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(doc.network().layers[2].name, std::string("CONV_1_copy"));
        QCOMPARE(doc.network().layers[3].name, std::string("FC_1_copy"));
        doc.duplicateLayers({0});
        QCOMPARE(doc.network().layers[1].name, std::string("CONV_1_copy2"));
        doc.removeLayers(0, 2);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(doc.network().layers[0].name, std::string("FC_1"));
        Layer fresh = test::layer("NEW", 16, 1, 8, 8, 16, 3, 3, 1, 1);
        fresh.name = doc.uniqueName("FC_1");
        QCOMPARE(fresh.name, std::string("FC_1_2"));
        doc.insertLayers(99, {fresh}); // clamped to the end
        QCOMPARE(doc.network().layers.back().name, std::string("FC_1_2"));
        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        QCOMPARE(doc.network(), twoLayers());
        while (doc.undoStack()->canRedo())
            doc.undoStack()->redo();
        QCOMPARE(model.rowCount(), 4);
        doc.setNetwork(twoLayers()); // reset clears the history
        QCOMPARE(model.rowCount(), 2);
        QVERIFY(!doc.undoStack()->canUndo());
    }
};

QTEST_MAIN(TestLayerTableModel)
#include "tst_layer_table_model.moc"
