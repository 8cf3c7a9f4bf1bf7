// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "core/optim/pareto.h"

#include <QtTest>

#include <random>

using namespace mapscape;

class TestPareto : public QObject {
    Q_OBJECT

private Q_SLOTS:
    /// Three boxes against (4, 4, 4): by inclusion–exclusion 6 + 12 + 3 − 4 − 1 − 2 + 1 = 15.
    void hypervolumeHandComputed3d()
    {
        const std::vector<ObjectiveVector> pts{{1, 2, 3}, {2, 1, 2}, {3, 3, 1}};
        const std::vector<double> ref{4, 4, 4};
        QCOMPARE(hypervolume(pts, ref), 15.0);
        // Dominated, duplicate and outside points change nothing.
        std::vector<ObjectiveVector> more = pts;
        more.push_back({3, 3, 3});
        more.push_back({1, 2, 3});
        more.push_back({0.5, 5, 0.5});
        QCOMPARE(hypervolume(more, ref), 15.0);
        // Two dimensions: a staircase (1,3), (2,2), (3,1) against (4, 4): 3 + 2 + 1 = 6.
        const std::vector<ObjectiveVector> stairs{{1, 3}, {2, 2}, {3, 1}};
        QCOMPARE(hypervolume(stairs, std::vector<double>{4, 4}), 6.0);
        QCOMPARE(hypervolume({}, ref), 0.0);
        const std::vector<ObjectiveVector> wrong{{1, 2}};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, hypervolume(wrong, ref));
    }

    /// Against a grid count on random integer clouds (exact for integer coordinates), 3 and 4 objectives.
    void hypervolumeMatchesGridCount()
    {
        std::mt19937 rng(9);
        for (int d : {3, 4}) {
            for (int round = 0; round < 10; ++round) {
                std::vector<ObjectiveVector> pts(12, ObjectiveVector(std::size_t(d)));
                for (auto& p : pts)
                    for (double& x : p)
                        x = double(rng() % 6);
                const std::vector<double> ref(std::size_t(d), 6.0);
                // Count unit cells [c, c+1)^d dominated by some point: cell c is covered when p ≤ c.
                long long cells = 0;
                std::vector<int> c(std::size_t(d), 0);
                for (;;) {
                    bool covered = false;
                    for (const auto& p : pts) {
                        bool all = true;
                        for (int k = 0; k < d && all; ++k)
                            all = p[std::size_t(k)] <= c[std::size_t(k)];
                        covered = covered || all;
                    }
                    cells += covered ? 1 : 0;
                    int k = 0;
                    while (k < d && ++c[std::size_t(k)] == 6)
                        c[std::size_t(k++)] = 0;
                    if (k == d)
                        break;
                }
                QCOMPARE(hypervolume(pts, ref), double(cells));
            }
        }
    }

    void nonDominatedIndicesKeepFirstOfEquals()
    {
        const std::vector<ObjectiveVector> pts{{1, 2, 3}, {1, 2, 3}, {2, 2, 3}, {0, 9, 9}, {std::nan(""), 0, 0}};
        QCOMPARE(nonDominatedIndices(pts), (std::vector<std::size_t>{0, 3}));
    }

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
