// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "widgets/charts/live_line_chart.h"
#include "widgets/charts/pareto_chart.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace mapscape;

class TestCharts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void decimationKeepsPeaks()
    {
        QList<QPointF> pts;
        for (int i = 0; i < 100000; ++i)
            pts.append(QPointF(i, std::sin(i * 0.001)));
        pts[50000].setY(42.0); // a spike
        pts[70001].setY(-42.0);
        const QList<QPointF> d = decimate(pts, 1000);
        QVERIFY(d.size() <= 1002);
        QVERIFY(d.size() > 500);
        QCOMPARE(d.front(), pts.front());
        QCOMPARE(d.back(), pts.back());
        bool spike = false, dip = false;
        for (const QPointF& p : d) {
            spike = spike || p.y() == 42.0;
            dip = dip || p.y() == -42.0;
        }
        QVERIFY(spike && dip);
        for (qsizetype i = 1; i < d.size(); ++i)
            QVERIFY(d[i].x() >= d[i - 1].x());
        QCOMPARE(decimate(pts.mid(0, 10), 1000), pts.mid(0, 10));
    }

    /// Many appends between frames cost one replace() per series per frame, at ≤ 30 Hz.
    void framesAreCapped()
    {
        LiveLineChart chart;
        chart.resize(400, 300);
        chart.show();
        QElapsedTimer t;
        t.start();
        int step = 0;
        while (t.elapsed() < 500) {
            const QPointF a(step, std::sin(step * 0.1));
            const QPointF b(step, std::cos(step * 0.1));
            chart.append(QStringLiteral("reward"), std::span<const QPointF>(&a, 1));
            chart.append(QStringLiteral("loss"), std::span<const QPointF>(&b, 1));
            ++step;
            QCoreApplication::processEvents();
        }
        chart.flush();
        QVERIFY(step > 1000);
        QVERIFY2(chart.frames() <= 500 / LiveLineChart::kFrameIntervalMs + 2,
                 qPrintable(QString::number(chart.frames())));
        QVERIFY(chart.frames() >= 3);
        QVERIFY(chart.replaceCalls() <= 2 * chart.frames());
        QCOMPARE(chart.heldPoints(QStringLiteral("reward")), step);
        QVERIFY(chart.drawnPoints(QStringLiteral("reward")) <= 2 * 400 + 4);
        QCOMPARE(chart.seriesNames(), (QStringList{QStringLiteral("reward"), QStringLiteral("loss")}));
    }

    void paretoFrontAndThinning()
    {
        ParetoChart chart;
        chart.resize(300, 200);
        std::vector<QPointF> pts;
        for (int i = 1; i <= 200; ++i)
            for (int j = 1; j <= 200; ++j)
                pts.emplace_back(i * 1000.0, j * 1e6 + (201 - i) * 1e6);
        pts.emplace_back(-1.0, 5.0); // not drawable on log axes: ignored
        chart.append(pts);
        chart.flush();
        QCOMPARE(chart.heldPoints(), 40000);
        QVERIFY(chart.drawnPoints() < 40000);
        QVERIFY(chart.drawnPoints() > 100);
        const QList<QPointF> front = chart.front();
        // Minimum energy per cycle count is j = 1: energy falls as cycles rise, all on the front.
        QCOMPARE(front.size(), 200);
        QCOMPARE(front.front(), QPointF(1000.0, 1e6 + 200e6));
        chart.clear();
        QCOMPARE(chart.heldPoints(), 0);
        QVERIFY(chart.front().isEmpty());
    }

    void exportsPngAndSvg()
    {
        QTemporaryDir dir;
        LiveLineChart line;
        line.resize(320, 240);
        const QPointF p[] = {{0, 1}, {1, 3}, {2, 2}};
        line.append(QStringLiteral("s"), p);
        QString error;
        QVERIFY2(line.exportTo(dir.filePath(QStringLiteral("c.png")), &error), qPrintable(error));
        QVERIFY2(line.exportTo(dir.filePath(QStringLiteral("c.svg")), &error), qPrintable(error));
        QVERIFY(QImage(dir.filePath(QStringLiteral("c.png"))).width() == 320);
        QFile svg(dir.filePath(QStringLiteral("c.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
        QVERIFY(!line.exportTo(dir.filePath(QStringLiteral("missing/dir/c.png")), &error));
        QVERIFY(error.contains(QStringLiteral("c.png")));

        EnergyBreakdownChart bars;
        bars.resize(320, 240);
        bars.setBreakdown(QStringLiteral("CONV_1"), {QStringLiteral("MAC"), QStringLiteral("LB")}, {1e6, 2e6}, {1e5, 0});
        QVERIFY(bars.exportTo(dir.filePath(QStringLiteral("b.png")), &error));
        bars.setBreakdown(QStringLiteral("again"), {QStringLiteral("GB")}, {3e6}, {1e4}); // replaces cleanly
        QVERIFY(bars.exportTo(dir.filePath(QStringLiteral("b.svg")), &error));
    }
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
