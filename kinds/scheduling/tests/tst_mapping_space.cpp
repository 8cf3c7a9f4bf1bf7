// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "kinds/scheduling/core/mapping_space.h"
#include "support/fixtures.h"

#include <QtTest>

#include <functional>
#include <set>

using namespace mapscape;

namespace {

/// Plain enumeration without pruning: every split of every column over `rows`, odometer order,
/// the reference the pruned search must agree with.
struct NaiveBest {
    bool valid = false;
    double value = 0;
    std::uint64_t candidates = 0;
    std::uint64_t validCount = 0;
};

NaiveBest naiveSearch(const SchedulingModel& model, const LayerShape& shape, const SchedulingTable& start,
                      const std::vector<Row>& rows, Metric metric)
{
    const int n = int(rows.size());
    std::array<std::vector<std::uint64_t>, kNumDims> splits;
    SchedulingTable t = start;
    for (int d = 0; d < kNumDims; ++d) {
        std::uint64_t p = 1;
        for (Row r : rows)
            p *= t.at(r, Dim(d));
        splits[std::size_t(d)] = orderedFactorizations(p, n);
    }
    NaiveBest best;
    Evaluation e;
    std::function<void(int)> rec = [&](int d) {
        if (d == kNumDims) {
            ++best.candidates;
            if (!model.evaluate(shape, t, e).ok())
                return;
            ++best.validCount;
            const double v = metricValue(e, metric);
            if (!best.valid || v < best.value) {
                best.valid = true;
                best.value = v;
            }
            return;
        }
        const auto& s = splits[std::size_t(d)];
        for (std::size_t k = 0; k < s.size() / std::size_t(n); ++k) {
            for (int i = 0; i < n; ++i)
                t.at(rows[std::size_t(i)], Dim(d)) = s[k * std::size_t(n) + std::size_t(i)];
            rec(d + 1);
        }
    };
    rec(0);
    return best;
}

} // namespace

class TestMappingSpace : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void divisorsAreSorted()
    {
        QCOMPARE(divisors(1), (std::vector<std::uint64_t>{1}));
        QCOMPARE(divisors(12), (std::vector<std::uint64_t>{1, 2, 3, 4, 6, 12}));
        QCOMPARE(divisors(49), (std::vector<std::uint64_t>{1, 7, 49}));
        QCOMPARE(divisors(97), (std::vector<std::uint64_t>{1, 97}));
    }

    void factorizationCounts_data()
    {
        QTest::addColumn<quint64>("value");
        QTest::addColumn<int>("rows");
        QTest::addColumn<quint64>("count");
        QTest::newRow("14 over 3 (spec Fig. 5)") << quint64(14) << 3 << quint64(9);
        QTest::newRow("1 over 5") << quint64(1) << 5 << quint64(1);
        QTest::newRow("prime over 2") << quint64(13) << 2 << quint64(2);
        QTest::newRow("512 over 3") << quint64(512) << 3 << quint64(55);
        QTest::newRow("28 over 3") << quint64(28) << 3 << quint64(18);
        QTest::newRow("64 over 4") << quint64(64) << 4 << quint64(84);
        QTest::newRow("1000 over 5") << quint64(1000) << 5 << quint64(35 * 35);
        QTest::newRow("single row") << quint64(360) << 1 << quint64(1);
        QTest::newRow("a prime above the trial divisors") << quint64(2 * 1000003) << 3 << quint64(9);
        QTest::newRow("720720 over 4") << quint64(720720) << 4 << quint64(35 * 10 * 4 * 4 * 4 * 4);
    }

    void factorizationCounts()
    {
        QFETCH(quint64, value);
        QFETCH(int, rows);
        QFETCH(quint64, count);
        QCOMPARE(countOrderedFactorizations(value, rows), std::uint64_t(count));
        const std::vector<std::uint64_t> f = orderedFactorizations(value, rows);
        QCOMPARE(f.size(), std::size_t(count) * std::size_t(rows));
        std::set<std::vector<std::uint64_t>> distinct;
        for (std::size_t k = 0; k < count; ++k) {
            std::vector<std::uint64_t> tuple(f.begin() + long(k * std::size_t(rows)), f.begin() + long((k + 1) * std::size_t(rows)));
            std::uint64_t p = 1;
            for (std::uint64_t x : tuple)
                p *= x;
            QCOMPARE(p, std::uint64_t(value));
            distinct.insert(tuple);
        }
        QCOMPARE(distinct.size(), std::size_t(count));
        // Drawn one at a time without the list: the same tuples in the same order.
        const FactorSplits splits(value, rows);
        QCOMPARE(splits.count(), std::uint64_t(count));
        std::vector<std::uint64_t> one(static_cast<std::size_t>(rows), 0);
        for (std::size_t k = 0; k < count; ++k) {
            splits.at(k, one);
            QVERIFY(std::equal(one.begin(), one.end(), f.begin() + long(k * std::size_t(rows))));
        }
        // First tuple keeps everything in the last row.
        QCOMPARE(f[std::size_t(rows) - 1], std::uint64_t(value));
    }

    void degreeFollowsNeuroSpector()
    {
        const auto deg = [](std::uint64_t f) {
            DimVector v = kOnes;
            v[0] = f;
            return factorizationDegree(v);
        };
        QCOMPARE(deg(1), std::uint64_t(1));
        QCOMPARE(deg(2), std::uint64_t(1));
        QCOMPARE(deg(6), std::uint64_t(2));
        QCOMPARE(deg(4), std::uint64_t(3));
        QCOMPARE(deg(8), std::uint64_t(4));
        QCOMPARE(deg(12), std::uint64_t(3));
        QCOMPARE(deg(18), std::uint64_t(4));
        QCOMPARE(factorizationDegree(DimVector{4, 1, 6, 1, 1, 1, 1, 1}), std::uint64_t(6));
    }

    /// The pruned depth-first search must find exactly the optimum of plain enumeration.
    void rowSearchMatchesEnumeration_data()
    {
        QTest::addColumn<QString>("acc");
        QTest::addColumn<Layer>("layer");
        QTest::addColumn<QList<int>>("rows");
        QTest::addColumn<int>("metric");
        const Layer small = test::layer("SMALL", 8, 1, 7, 7, 4, 3, 3, 1, 1);
        const Layer fc = test::layer("FC", 64, 1, 1, 1, 96, 1, 1, 1, 0);
        const Layer dw = test::layer("DW", 24, 1, 7, 7, 24, 3, 3, 24, 1);
        const QList<int> eyerissAll{idx(Row::Lb), idx(Row::PeX), idx(Row::PeY), idx(Row::Gb), idx(Row::Dram)};
        QTest::newRow("eyeriss all rows energy") << QStringLiteral("eyeriss") << small << eyerissAll << int(Metric::Energy);
        QTest::newRow("eyeriss all rows cycles") << QStringLiteral("eyeriss") << small << eyerissAll << int(Metric::Cycles);
        QTest::newRow("eyeriss fc edp") << QStringLiteral("eyeriss") << fc << eyerissAll << int(Metric::Edp);
        QTest::newRow("eyeriss depthwise") << QStringLiteral("eyeriss") << dw << eyerissAll << int(Metric::Energy);
        QTest::newRow("eyeriss 3 rows") << QStringLiteral("eyeriss") << small
                                        << QList<int>{idx(Row::Lb), idx(Row::Gb), idx(Row::Dram)} << int(Metric::Energy);
        QTest::newRow("simba 4 rows") << QStringLiteral("simba") << small
                                      << QList<int>{idx(Row::MacX), idx(Row::Lb), idx(Row::PeY), idx(Row::Dram)}
                                      << int(Metric::Energy);
        QTest::newRow("simba fc 5 rows") << QStringLiteral("simba") << fc
                                         << QList<int>{idx(Row::MacX), idx(Row::MacY), idx(Row::Lb), idx(Row::Gb), idx(Row::Dram)}
                                         << int(Metric::Cycles);
    }

    void rowSearchMatchesEnumeration()
    {
        QFETCH(QString, acc);
        QFETCH(Layer, layer);
        QFETCH(QList<int>, rows);
        QFETCH(int, metric);
        const SchedulingModel model(acc == QStringLiteral("simba") ? test::simba() : test::eyeriss());
        const LayerShape shape = LayerShape::of(layer);
        std::vector<Row> rowList;
        for (int r : rows)
            rowList.push_back(rowAt(r));
        const SchedulingTable start = SchedulingTable::allAtDram(shape.dims);
        const NaiveBest naive = naiveSearch(model, shape, start, rowList, Metric(metric));
        QVERIFY(naive.valid);

        RowSearchOptions o;
        o.metric = Metric(metric);
        const RowSearchResult r = searchRows(model, shape, start, rowList, o);
        QVERIFY(r.valid);
        QCOMPARE(r.objective, naive.value);
        QCOMPARE(r.stats.spaceSize, naive.candidates);
        QVERIFY(r.stats.valid <= naive.validCount);
        QVERIFY(r.stats.evaluated <= naive.candidates);
        // The returned table is really valid, keeps the column products and has that value.
        Evaluation e;
        QVERIFY(model.evaluate(shape, r.table, e).ok());
        QCOMPARE(metricValue(e, Metric(metric)), naive.value);
        QCOMPARE(searchSpaceSize(model, shape, rowList, DataflowMode::Fixed), naive.candidates);
    }

    /// The collected front equals the front of all valid candidates (plain enumeration).
    void frontOfAllCandidates()
    {
        const SchedulingModel model(test::eyeriss());
        const LayerShape shape = LayerShape::of(test::layer("SMALL", 8, 1, 7, 7, 4, 3, 3, 1, 1));
        const std::vector<Row> rows{Row::Lb, Row::PeX, Row::Gb, Row::Dram};
        RowSearchOptions o;
        o.collectFront = true;
        const SchedulingTable start = SchedulingTable::allAtDram(shape.dims);
        const RowSearchResult r = searchRows(model, shape, start, rows, o);
        QVERIFY(r.front.size() >= 2);
        // Reference: enumerate every candidate and keep the non-dominated (cycles, energy).
        std::vector<std::pair<double, double>> all;
        std::array<std::vector<std::uint64_t>, kNumDims> splits;
        for (int d = 0; d < kNumDims; ++d)
            splits[std::size_t(d)] = orderedFactorizations(shape.dims[std::size_t(d)], 4);
        SchedulingTable t = start;
        Evaluation e;
        std::function<void(int)> rec = [&](int d) {
            if (d == kNumDims) {
                if (model.evaluate(shape, t, e).ok())
                    all.emplace_back(e.totalCycles, e.totalEnergy);
                return;
            }
            for (std::size_t k = 0; k < splits[std::size_t(d)].size() / 4; ++k) {
                for (int i = 0; i < 4; ++i)
                    t.at(rows[std::size_t(i)], Dim(d)) = splits[std::size_t(d)][k * 4 + std::size_t(i)];
                rec(d + 1);
            }
        };
        rec(0);
        std::sort(all.begin(), all.end());
        std::vector<std::pair<double, double>> front;
        for (const auto& p : all) {
            if (front.empty() || p.second < front.back().second) {
                if (!front.empty() && front.back().first == p.first)
                    front.back() = p;
                else
                    front.push_back(p);
            }
        }
        QCOMPARE(r.front, front);
    }

    void incumbentKeptOnTies()
    {
        const SchedulingModel model(test::eyeriss());
        const LayerShape shape = LayerShape::of(test::layer("SMALL", 16, 1, 14, 14, 8, 3, 3, 1, 1));
        RowSearchOptions o;
        const std::vector<Row> rows{Row::Lb, Row::PeX, Row::PeY, Row::Gb, Row::Dram};
        const RowSearchResult first = searchRows(model, shape, SchedulingTable::allAtDram(shape.dims), rows, o);
        QVERIFY(first.improved);
        // Searching again from the optimum changes nothing.
        const RowSearchResult again = searchRows(model, shape, first.table, rows, o);
        QVERIFY(!again.improved);
        QCOMPARE(again.table, first.table);
        QCOMPARE(again.objective, first.objective);
        // A sub-search from the optimum cannot improve either.
        const std::vector<Row> pair{Row::Lb, Row::Gb};
        QVERIFY(!searchRows(model, shape, first.table, pair, o).improved);
    }

    void rowsThatCannotHoldFactorsAreIgnored()
    {
        const SchedulingModel model(test::eyeriss()); // no register, no MAC array, no chips
        const LayerShape shape = LayerShape::of(test::layer("SMALL", 16, 1, 14, 14, 8, 3, 3, 1, 1));
        const std::vector<Row> rows{Row::Reg, Row::MacX, Row::ChipY, Row::Dram};
        const RowSearchResult r = searchRows(model, shape, SchedulingTable::allAtDram(shape.dims), rows, {});
        QVERIFY(!r.improved);
        QCOMPARE(r.table, SchedulingTable::allAtDram(shape.dims));
        QCOMPARE(mappableRows(model), (std::vector<Row>{Row::Lb, Row::PeX, Row::PeY, Row::Gb, Row::Dram}));
    }

    void flexibleDataflowNeverWorse()
    {
        Accelerator acc = test::simba();
        acc.localBuffer.allowedDataflows = {Dataflow::IS, Dataflow::WS, Dataflow::OS};
        acc.globalBuffer.allowedDataflows = {Dataflow::IS, Dataflow::OS};
        const SchedulingModel model(acc);
        const LayerShape shape = LayerShape::of(test::layer("SMALL", 16, 1, 14, 14, 8, 3, 3, 1, 1));
        const std::vector<Row> rows{Row::Lb, Row::Gb, Row::Dram};
        RowSearchOptions fixed;
        RowSearchOptions flex;
        flex.dataflow = DataflowMode::Flexible;
        const SchedulingTable start = SchedulingTable::allAtDram(shape.dims);
        const RowSearchResult a = searchRows(model, shape, start, rows, fixed);
        const RowSearchResult b = searchRows(model, shape, start, rows, flex);
        QVERIFY(b.valid);
        QVERIFY(b.objective <= a.objective);
        QVERIFY(b.stats.spaceSize > a.stats.spaceSize);
        // Whatever dataflow it picked is allowed and evaluates to the reported value.
        Evaluation e;
        QVERIFY(model.evaluate(shape, b.table, e).ok());
        QCOMPARE(e.totalEnergy, b.objective);
        for (Row r : {Row::Lb, Row::Gb}) {
            const auto allowed = candidateDataflows(model, r);
            QVERIFY(std::find(allowed.begin(), allowed.end(), model.effectiveDataflow(b.table, r)) != allowed.end());
        }
    }

    void partialCheckIsABound()
    {
        // A partial table whose LB input tile already overflows is rejected, and so is every
        // completion of it.
        const SchedulingModel model(test::eyeriss());
        const LayerShape shape = LayerShape::of(test::layer("SMALL", 16, 1, 14, 14, 8, 3, 3, 1, 1));
        SchedulingTable t;
        t.at(Row::Lb, Dim::P) = 14; // input tile 14×3 words > 12-word LB input buffer
        QVERIFY(!model.checkPartial(shape, t, dimBit(Dim::P)).ok());
        t.at(Row::Lb, Dim::P) = 2;
        QVERIFY(model.checkPartial(shape, t, dimBit(Dim::P)).ok());
        QVERIFY(!model.check(shape, t).ok()); // column products do not match yet
    }

    void cancellationReturnsPromptly()
    {
        const SchedulingModel model(test::simba());
        const LayerShape shape = LayerShape::of(test::layer("BIG", 512, 1, 28, 28, 512, 3, 3, 1, 1));
        const std::vector<Row> rows{Row::MacX, Row::MacY, Row::Lb, Row::PeX, Row::PeY, Row::Gb, Row::ChipX, Row::ChipY, Row::Dram};
        std::stop_source stop;
        stop.request_stop();
        const RowSearchResult r = searchRows(model, shape, SchedulingTable::allAtDram(shape.dims), rows, {}, stop.get_token());
        QVERIFY(r.stats.cancelled);
        QVERIFY(r.valid); // the incumbent is still reported
        // Bounded work, not wall time: a search that saw the stop only late would visit a good
        // part of a space of this size.
        QVERIFY2(r.stats.nodes <= 65536, qPrintable(QStringLiteral("%1 nodes visited after the stop").arg(r.stats.nodes)));
    }
};

QTEST_APPLESS_MAIN(TestMappingSpace)
#include "tst_mapping_space.moc"
