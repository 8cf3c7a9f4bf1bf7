// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "support/fixtures.h"
#include "kinds/scheduling/widgets/results_table_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QtTest>

using namespace mapscape;

class TestResultsTableModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void modelContract()
    {
        ResultsTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // The sorting proxy the main window puts in front of it.
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(ResultsTableModel::SortRole);
        proxy.sort(ResultsTableModel::Energy, Qt::AscendingOrder);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);

        auto snap = std::make_shared<EvaluationSnapshot>();
        snap->model = std::make_shared<const SchedulingModel>(test::eyeriss());
        snap->network.name = "tiny";
        snap->network.layers = {test::resnetConv1(), test::layer("FC_1", 1000, 1, 1, 1, 2048, 1, 1, 1, 0)};
        snap->mapping.layers.push_back({"CONV_1", test::conv1Example()});
        snap->result = evaluateNetwork(*snap->model, snap->network, snap->mapping); // FC_1 has no table

        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setSnapshot(snap);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(ResultsTableModel::ColumnCount));
        QCOMPARE(model.rowCount(model.index(0, 0)), 0);
        QCOMPARE(model.data(model.index(0, ResultsTableModel::Layer)).toString(), QStringLiteral("CONV_1"));
        QCOMPARE(model.data(model.index(0, ResultsTableModel::Cycles), ResultsTableModel::SortRole).toDouble(), 4510072.0);
        QCOMPARE(model.data(model.index(0, ResultsTableModel::Status)).toString(), QStringLiteral("ok"));
        QVERIFY(model.data(model.index(1, ResultsTableModel::Status)).toString().contains(QStringLiteral("no scheduling table")));
        QVERIFY(!model.data(model.index(1, ResultsTableModel::Energy)).isValid());
        QVERIFY(!model.data(model.index(5, 0)).isValid());
        QVERIFY(!model.headerData(ResultsTableModel::ColumnCount, Qt::Horizontal).isValid());
        // One engineering unit per column, chosen from its largest value.
        QCOMPARE(model.headerData(ResultsTableModel::Energy, Qt::Horizontal).toString(), QStringLiteral("Energy (µJ)"));
        QCOMPARE(model.headerData(ResultsTableModel::Cycles, Qt::Horizontal).toString(), QStringLiteral("Cycles (M)"));
        QCOMPARE(model.data(model.index(0, ResultsTableModel::Cycles)).toString(), QStringLiteral("4.510"));
        // Stale rows say so, and why; a new snapshot clears it.
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setStale(QStringLiteral("the network is invalid: CONV_1.K: must be a positive integer"));
        QCOMPARE(changed.count(), 1);
        QVERIFY(model.isStale());
        QVERIFY(model.data(model.index(0, ResultsTableModel::Status)).toString().startsWith(QStringLiteral("stale: the network")));
        QVERIFY(model.data(model.index(0, ResultsTableModel::Energy), Qt::ToolTipRole).toString().contains(QStringLiteral("CONV_1.K")));
        model.setSnapshot(snap);
        QVERIFY(!model.isStale());
        QCOMPARE(proxy.rowCount(), 2);
        QCOMPARE(proxy.index(0, ResultsTableModel::Layer).data().toString(), QStringLiteral("CONV_1")); // FC_1 has none: sorts last
        model.setSnapshot(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestResultsTableModel)
#include "tst_results_table_model.moc"
