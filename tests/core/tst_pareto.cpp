// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "core/optim/pareto.h"

#include <QtTest>

#include <random>

using namespace mapscape;

class TestPareto : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void smallFront()
    {
        const std::vector<Point2> pts{{3, 1}, {1, 3}, {2, 2}, {2, 3}, {4, 4}, {1, 3}, {0.5, 9}, {5, 1}};
        const std::vector<Point2> want{{0.5, 9}, {1, 3}, {2, 2}, {3, 1}};
        QCOMPARE(paretoFront(pts), want);
        QVERIFY(paretoFront({}).empty());
        const std::vector<Point2> withNan{{1, std::nan("")}, {2, 2}};
        QCOMPARE(paretoFront(withNan), (std::vector<Point2>{{2, 2}}));
    }

    /// Against the quadratic definition on random clouds, and merging equals recomputing.
    void matchesDefinition()
    {
        std::mt19937 rng(5);
        std::uniform_int_distribution<int> u(0, 60);
        for (int round = 0; round < 20; ++round) {
            std::vector<Point2> pts(200);
            for (Point2& p : pts)
                p = {double(u(rng)), double(u(rng))};
            std::vector<Point2> slow;
            for (const Point2& p : pts) {
                bool dominated = false;
                for (const Point2& q : pts)
                    dominated = dominated || (q.x <= p.x && q.y <= p.y && (q.x < p.x || q.y < p.y));
                if (!dominated && std::find(slow.begin(), slow.end(), p) == slow.end())
                    slow.push_back(p);
            }
            std::sort(slow.begin(), slow.end(), [](const Point2& a, const Point2& b) { return a.x < b.x; });
            QCOMPARE(paretoFront(pts), slow);
            const std::span<const Point2> all(pts);
            const std::vector<Point2> firstHalf = paretoFront(all.first(100));
            QCOMPARE(mergeParetoFront(firstHalf, all.subspan(100)), slow);
        }
    }
};

QTEST_APPLESS_MAIN(TestPareto)
#include "tst_pareto.moc"
