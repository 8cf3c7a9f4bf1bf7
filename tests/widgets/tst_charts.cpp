// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "widgets/charts/axis_ticks.h"
#include "widgets/charts/band_chart.h"
#include "widgets/charts/front_overlay_chart.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/delegates/progress_delegate.h"

#include <QRegularExpression>
#include <QHeaderView>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace mapscape;

namespace {

/// Progress cells (text, fraction) in a one-column table drawn by ProgressDelegate, as the runs
/// table draws them; the view is shown (wait for it to be exposed before grabbing).
void showProgressCells(QStandardItemModel& model, QTableView& view, const QList<QPair<QString, double>>& cells)
{
    model.setRowCount(int(cells.size()));
    model.setColumnCount(1);
    for (int row = 0; row < int(cells.size()); ++row) {
        model.setData(model.index(row, 0), cells[row].first);
        model.setData(model.index(row, 0), cells[row].second, Qt::UserRole + 1);
    }
    view.setModel(&model);
    view.setItemDelegateForColumn(0, new ProgressDelegate(Qt::UserRole + 1, &view));
    view.horizontalHeader()->resizeSection(0, 120);
    view.resizeRowsToContents();
    view.resize(200, 80 + 20 * int(cells.size()));
    view.show();
}

} // namespace

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
        // A fixed amount of work, however long it takes: the cap is checked against the time it
        // did take, so a loaded machine cannot fail it.
        QElapsedTimer t;
        t.start();
        const int steps = 3000;
        for (int step = 0; step < steps; ++step) {
            const QPointF a(step, std::sin(step * 0.1));
            const QPointF b(step, std::cos(step * 0.1));
            chart.append(QStringLiteral("reward"), std::span<const QPointF>(&a, 1));
            chart.append(QStringLiteral("loss"), std::span<const QPointF>(&b, 1));
            QCoreApplication::processEvents();
        }
        chart.flush();
        const qint64 elapsed = t.elapsed();
        QVERIFY2(chart.frames() <= elapsed / LiveLineChart::kFrameIntervalMs + 2,
                 qPrintable(QStringLiteral("%1 frames in %2 ms").arg(chart.frames()).arg(elapsed)));
        QVERIFY(chart.frames() >= 1);
        QVERIFY(chart.replaceCalls() <= 2 * chart.frames());
        QCOMPARE(chart.heldPoints(QStringLiteral("reward")), steps);
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

    /// Every axis is labelled at any data span: at least three distinct labels, no exponents
    /// ("1e+03"), whole numbers on count axes, for spans of 1.01×, 3× and 10⁶× (issue 31, item
    /// 5; Qt Charts' log axis showed no label below a decade, its value axes "1e+03").
    void axesLabelledAtAnySpan()
    {
        const auto readable = [](const QStringList& labels, bool whole, const char* what) {
            if (labels.size() < 3) {
                qWarning("%s: %s", what, qPrintable(labels.join(QStringLiteral(" | "))));
                return false;
            }
            QStringList unique = labels;
            unique.removeDuplicates();
            for (const QString& l : labels) {
                const bool exponent = l.contains(QRegularExpression(QStringLiteral("[0-9][eE][-+]?[0-9]")));
                // A count reads as a whole number, also with a prefix ("61.2 k" is 61,200).
                QString mantissa = l;
                double factor = 1;
                for (const auto& [p, f] : {std::pair{" k", 1e3}, {" M", 1e6}, {" G", 1e9}, {" T", 1e12}, {" P", 1e15}, {" E", 1e18}})
                    if (mantissa.endsWith(QLatin1String(p))) {
                        mantissa.chop(2);
                        factor = f;
                    }
                bool number = false;
                const double v = mantissa.toDouble(&number) * factor;
                const bool isInt = number && std::abs(v - std::round(v)) < 1e-6 * std::max(1.0, std::abs(v));
                if (exponent || (whole && !isInt) || unique.size() != labels.size()) {
                    qWarning("%s: %s", what, qPrintable(labels.join(QStringLiteral(" | "))));
                    return false;
                }
            }
            return true;
        };
        for (const double base : {3e-7, 0.8, 42.0, 6.1e4, 2.5e11}) {
            for (const double span : {1.01, 3.0, 1e6}) {
                const QByteArray what = QByteArrayLiteral("base ") + QByteArray::number(base) + " span " + QByteArray::number(span);
                // The tick functions themselves.
                QVERIFY2(readable(linearTicks(base, base * span).labels, false, what + " linear"), what);
                QVERIFY2(readable(logTicks(base, base * span).labels, false, what + " log"), what);
                const AxisTicks counts = linearTicks(std::round(base), std::round(base * span), true);
                QVERIFY2(readable(counts.labels, true, what + " counts"), what);
                // The line chart: linear and log y, count x; unitless so the values stay as given.
                LiveLineChart line;
                line.resize(500, 320);
                line.setAxisTitles(QStringLiteral("Generation"), QStringLiteral("Members"));
                const QPointF pts[] = {{0, base}, {span > 2 ? 7.0 : 1.0, base * span}};
                line.append(QStringLiteral("s"), pts);
                line.flush();
                QVERIFY2(readable(line.yTickLabels(), false, what + " line y"), what);
                QVERIFY2(readable(line.xTickLabels(), true, what + " line x"), what);
                line.setLogY(true);
                line.flush();
                QVERIFY2(readable(line.yTickLabels(), false, what + " line log y"), what);
                const QPointF whole[] = {{0, std::round(base)}, {3, std::round(base * span)}};
                LiveLineChart members;
                members.setIntegerY(true);
                members.append(QStringLiteral("m"), whole);
                members.flush();
                QVERIFY2(readable(members.yTickLabels(), true, what + " members"), what);
                // The Pareto chart (log-log, in units that rescale).
                ParetoChart pareto;
                pareto.setAxes(QStringLiteral("Latency"), QStringLiteral("cycles"), QStringLiteral("Energy"), QStringLiteral("pJ"));
                const QPointF front[] = {{base, base * span}, {base * std::sqrt(span), base * std::sqrt(span)}, {base * span, base}};
                pareto.append(front);
                pareto.flush();
                QVERIFY2(readable(pareto.xTickLabels(), false, what + " pareto x"), what);
                QVERIFY2(readable(pareto.yTickLabels(), false, what + " pareto y"), what);
                // The front overlay (log-log) and the band chart (linear, counts on x).
                FrontOverlayChart overlay;
                overlay.setObjectives({QStringLiteral("Area"), QStringLiteral("Latency"), QStringLiteral("Power")},
                                      {QStringLiteral("µm²"), QStringLiteral("cycles"), QStringLiteral("mW")});
                overlay.setSets({FrontSet{QStringLiteral("#1"), Qt::red, {{base, base * span, 1}, {base * span, base, 2}}, {}}});
                overlay.flush();
                QVERIFY2(readable(overlay.xTickLabels(), false, what + " overlay x"), what);
                QVERIFY2(readable(overlay.yTickLabels(), false, what + " overlay y"), what);
                BandChart band;
                BandCurve c;
                c.name = QStringLiteral("c");
                c.x = {0, 5, 10};
                c.mean = {base, base * std::sqrt(span), base * span};
                c.stddev = {0, 0, 0};
                c.count = {1, 1, 1};
                band.setCurves({c}, {});
                QVERIFY2(readable(band.yTickLabels(), false, what + " band y"), what);
                QVERIFY2(readable(band.xTickLabels(), true, what + " band x"), what);
            }
        }
        // Engineering labels, never exponents.
        QCOMPARE(tickLabel(1000, 1000), QStringLiteral("1000"));
        QCOMPARE(tickLabel(25000, 5000), QStringLiteral("25 k"));
        QCOMPARE(tickLabel(2e6, 1e6), QStringLiteral("2 M"));
        QCOMPARE(tickLabel(0.0005, 0.0001), QStringLiteral("500 µ"));
        QCOMPARE(tickLabel(1.25, 0.05), QStringLiteral("1.25"));
        QCOMPARE(linearTicks(0, 3.9, true).labels, (QStringList{QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2"),
                                                                QStringLiteral("3"), QStringLiteral("4")}));
        QCOMPARE(logTicks(1, 1e6).labels, (QStringList{QStringLiteral("1"), QStringLiteral("10"), QStringLiteral("100"),
                                                       QStringLiteral("1000"), QStringLiteral("10 k"), QStringLiteral("100 k"),
                                                       QStringLiteral("1 M")}));
    }

    /// Engineering units on the y axis, no negative axis for non-negative data, log and
    /// smoothing, and a detector for axis titles that would be clipped.
    void lineChartUnitsAndScales()
    {
        LiveLineChart chart;
        chart.resize(500, 320);
        chart.show();
        chart.setAxisTitles(QStringLiteral("Samples"), QStringLiteral("Energy"), QStringLiteral("pJ"));
        const QPointF pts[] = {{0, 3.0e10}, {10, 1.5e10}, {20, 1.2e10}};
        chart.append(QStringLiteral("#1 ppo"), pts);
        chart.flush();
        QCOMPARE(chart.yAxisTitle(), QStringLiteral("Energy (mJ)"));
        QVERIFY(chart.yRange().x() >= 0);  // energies are never negative: no negative axis
        QVERIFY(chart.yRange().y() >= 30); // 3e10 pJ = 30 mJ
        chart.setLogY(true);
        chart.flush();
        QVERIFY(chart.logY());
        QVERIFY(chart.yRange().x() > 0);
        QTest::qWait(50);
        QVERIFY(chart.clippedTitles().isEmpty());
        // The detector reports a title too long for a short chart.
        chart.setAxisTitles(QStringLiteral("Samples"),
                            QStringLiteral("Best network total energy over the best table of every layer so far"),
                            QStringLiteral("pJ"));
        chart.resize(500, 160);
        chart.flush();
        QTest::qWait(50);
        QCOMPARE(chart.clippedTitles().size(), 1);
        // Whole-number ticks for counts, even over a short range.
        chart.setIntegerX(true);
        chart.flush();
        QCOMPARE(chart.xTickStep(), 5.0); // 0..20 samples: ticks every 5
        LiveLineChart shortRun;
        shortRun.setIntegerX(true);
        const QPointF two[] = {{0, 1}, {1, 2}};
        shortRun.append(QStringLiteral("s"), two);
        shortRun.flush();
        QCOMPARE(shortRun.xTickStep(), 1.0);
        // Millions of samples read as millions.
        LiveLineChart longRun;
        longRun.setAxisTitles(QStringLiteral("Samples"), QStringLiteral("Energy"), QStringLiteral("pJ"));
        longRun.setIntegerX(true);
        const QPointF many[] = {{0, 5}, {2.5e6, 4}, {5e6, 3}};
        longRun.append(QStringLiteral("s"), many);
        longRun.flush();
        QCOMPARE(longRun.xAxisTitle(), QStringLiteral("Samples (millions)"));
        // Log x: samples spanning decades; x = 0 cannot be drawn and is left out, and the x
        // values are not rescaled to thousands (the log axis has its own decades).
        LiveLineChart logX;
        logX.setAxisTitles(QStringLiteral("Samples"), QStringLiteral("Latency"), QStringLiteral("cycles"));
        const QPointF decades[] = {{0, 9}, {10, 8}, {100, 6}, {1000, 5}, {20000, 4}};
        logX.append(QStringLiteral("marl"), decades);
        logX.flush();
        QCOMPARE(logX.xAxisTitle(), QStringLiteral("Samples (thousands)"));
        QCOMPARE(logX.drawnPoints(QStringLiteral("marl")), 5);
        logX.setLogX(true);
        logX.flush();
        QVERIFY(logX.logX());
        QCOMPARE(logX.xAxisTitle(), QStringLiteral("Samples"));
        QCOMPARE(logX.drawnPoints(QStringLiteral("marl")), 4);
        const QPointF later[] = {{40000, 3}};
        logX.append(QStringLiteral("ppo"), later); // a series added while x is logarithmic
        logX.flush();
        QCOMPARE(logX.drawnPoints(QStringLiteral("ppo")), 1);
        logX.setLogX(false);
        logX.flush();
        QCOMPARE(logX.drawnPoints(QStringLiteral("marl")), 5);
        QCOMPARE(logX.xAxisTitle(), QStringLiteral("Samples (thousands)"));
        // Smoothing: an exponential moving average, first point kept.
        const QList<QPointF> raw{{0, 10}, {1, 0}, {2, 0}};
        const QList<QPointF> s = smooth(raw, 0.5);
        QCOMPARE(s[0].y(), 10.0);
        QCOMPARE(s[1].y(), 5.0);
        QCOMPARE(s[2].y(), 2.5);
        QCOMPARE(smooth(raw, 0), raw);
    }

    /// A best-so-far curve: steps (each value holds until the next improvement) and, held to the
    /// run's last sample, drawn past its last improvement; the x axis reaches that sample.
    void bestSoFarStepsToTheLastSample()
    {
        LiveLineChart chart;
        chart.resize(500, 320);
        chart.setAxisTitles(QStringLiteral("Samples"), QStringLiteral("Latency"), QStringLiteral("cycles"));
        const QPointF improvements[] = {{1, 9}, {9, 5}, {29, 4}};
        chart.append(QStringLiteral("#1"), improvements);
        chart.holdSeries(QStringLiteral("#1"), 66);
        chart.flush();
        // Not stepped: a line through the improvements, then held flat to sample 66.
        QCOMPARE(chart.shownPoints(QStringLiteral("#1")), (QList<QPointF>{{1, 9}, {9, 5}, {29, 4}, {66, 4}}));
        QVERIFY(chart.xTickLabels().contains(QStringLiteral("60")));
        chart.setStepped(true);
        chart.flush();
        QCOMPARE(chart.shownPoints(QStringLiteral("#1")),
                 (QList<QPointF>{{1, 9}, {9, 9}, {9, 5}, {29, 5}, {29, 4}, {66, 4}}));
        // A hold before the last point changes nothing; an unknown series is ignored.
        chart.holdSeries(QStringLiteral("#1"), 20);
        chart.holdSeries(QStringLiteral("#2"), 100);
        chart.flush();
        QCOMPARE(chart.shownPoints(QStringLiteral("#1")).last(), QPointF(29, 4));
        QCOMPARE(chart.seriesNames(), QStringList{QStringLiteral("#1")});
        // Log x: the steps and the hold are transformed like the points.
        chart.holdSeries(QStringLiteral("#1"), 100);
        chart.setLogX(true);
        chart.flush();
        const QList<QPointF> logged = chart.shownPoints(QStringLiteral("#1"));
        QCOMPARE(logged.size(), 6);
        QCOMPARE(logged.last(), QPointF(2, 4)); // log10(100)
    }

    /// Three objectives: the third colours the points, and the points no other beats in all
    /// three are counted.
    void paretoThreeObjectives()
    {
        ParetoChart chart;
        chart.resize(400, 300);
        chart.setAxes(QStringLiteral("Latency"), QStringLiteral("cycles"), QStringLiteral("Energy"), QStringLiteral("nJ"));
        chart.setColorDimension(QStringLiteral("Area"), QStringLiteral("µm²"));
        QVERIFY(chart.threeObjectives());
        const std::array<double, 3> pts[] = {
            {100, 10, 5}, // non-dominated
            {200, 5, 5},  // non-dominated
            {300, 20, 1}, // non-dominated (smallest area)
            {400, 30, 6}, // dominated by the first
        };
        chart.append(std::span<const std::array<double, 3>>(pts));
        chart.flush();
        QCOMPARE(chart.heldPoints(), 4);
        QCOMPARE(chart.nonDominatedCount(), 3);
        QVERIFY(chart.xAxisTitle().startsWith(QStringLiteral("Latency")));
        chart.setColorDimension(QString(), QString());
        QVERIFY(!chart.threeObjectives());
    }

    void heatmapShowsValuesAndWhy()
    {
        HeatmapWidget map;
        map.resize(500, 400);
        map.show();
        HeatmapData d;
        d.rows = 2;
        d.cols = 3;
        d.values = {1, 10, 100, 1000, std::nan(""), 10000};
        d.rowLabels = {QStringLiteral("r0"), QStringLiteral("r1")};
        d.colLabels = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
        d.rowTitle = QStringLiteral("tile_K");
        d.colTitle = QStringLiteral("tile_C");
        d.valueTitle = QStringLiteral("Latency");
        d.unit = QStringLiteral("cycles");
        d.notes = {QString(), QString(), QString(), QString(), QStringLiteral("L1 overflow"), QString()};
        map.setScale(HeatmapScale::Log);
        map.setData(d);
        map.waitForRender();
        QVERIFY(!map.image().isNull());
        QCOMPARE(map.rangeLow(), 1.0); // the legend's range, in the values' unit
        QCOMPARE(map.rangeHigh(), 10000.0);
        // Find the cells by scanning: each tooltip names the cell, its value with unit, or why it has none.
        QStringList texts;
        for (int y = 0; y < map.height(); y += 5)
            for (int x = 0; x < map.width(); x += 5) {
                const QString t = map.cellText(QPoint(x, y));
                if (!t.isEmpty() && !texts.contains(t))
                    texts.append(t);
            }
        QCOMPARE(texts.size(), 6);
        bool overflow = false, thousand = false;
        for (const QString& t : texts) {
            overflow = overflow || (t.contains(QStringLiteral("tile_K = r1, tile_C = b")) && t.contains(QStringLiteral("L1 overflow")));
            thousand = thousand || (t.contains(QStringLiteral("tile_K = r1, tile_C = a")) && t.contains(QStringLiteral("k cycles")));
        }
        QVERIFY(overflow);
        QVERIFY(thousand);
        // Clicks name the cell.
        QSignalSpy clicked(&map, &HeatmapWidget::cellClicked);
        for (int y = 0; y < map.height() && clicked.isEmpty(); y += 5)
            for (int x = 0; x < map.width() && clicked.isEmpty(); x += 5)
                if (map.cellAt(QPoint(x, y)) == QPoint(2, 1))
                    QTest::mouseClick(&map, Qt::LeftButton, {}, QPoint(x, y));
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.first().at(0).toInt(), 1);
        QCOMPARE(clicked.first().at(1).toInt(), 2);
        QTemporaryDir dir;
        QString error;
        QVERIFY2(map.exportTo(dir.filePath(QStringLiteral("h.png")), &error), qPrintable(error));
        // The colour bar at round values (log: decades; 1 to 10 k cycles in k cycles), and every
        // column labelled while its label fits (issue 31, item 10: labels every other column).
        QCOMPARE(map.legendLabels(), (QStringList{QStringLiteral("0.001"), QStringLiteral("0.01"), QStringLiteral("0.1"),
                                                  QStringLiteral("1"), QStringLiteral("10")}));
        QCOMPARE(map.shownColumnLabels(), (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
        HeatmapData wide = d;
        wide.rows = 1;
        wide.cols = 12;
        wide.values.assign(12, 5.0);
        wide.values[11] = 7.9;
        wide.notes.clear();
        wide.rowLabels = {QStringLiteral("r")};
        wide.colLabels.clear();
        for (int c = 0; c < 12; ++c)
            wide.colLabels.append(QStringLiteral("K C Y' X' R S %1").arg(c));
        map.setScale(HeatmapScale::Linear);
        map.resize(900, 400);
        map.setData(wide);
        map.waitForRender();
        // Too long for their columns: drawn upright in full, none skipped (issue 49, item 4; they
        // were elided to "K…1", which told the columns apart but not what they were).
        QVERIFY(map.columnLabelsRotated());
        QCOMPARE(map.shownColumnLabels(), wide.colLabels);
        QCOMPARE(map.legendLabels(), (QStringList{QStringLiteral("5"), QStringLiteral("6"), QStringLiteral("7")}));
        map.resize(160, 300); // too narrow for twelve labels of even three characters
        QVERIFY(map.shownColumnLabels().size() < 12);
    }

    /// A progress cell shows its text above a thin bar, neither covering the other (issue 31,
    /// item 10: the "%" box covered the bar).
    void progressTextBesideBar()
    {
        QStandardItemModel model;
        QTableView view;
        showProgressCells(model, view, {{QStringLiteral("43.7 %"), 0.437}});
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QRect cell = view.visualRect(model.index(0, 0));
        const QImage img = view.viewport()->grab().toImage();
        const QColor fill = view.palette().color(QPalette::Highlight);
        const auto near = [](QColor a, QColor b) {
            return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) < 30;
        };
        const QRect bar = ProgressDelegate::barRect(cell);
        const int y = bar.center().y();
        QVERIFY(near(img.pixelColor(bar.left() + bar.width() / 4, y), fill));      // done part
        QVERIFY(!near(img.pixelColor(bar.left() + 3 * bar.width() / 4, y), fill)); // to do
        // Above the bar, where the text is, no bar colour anywhere.
        int barPixels = 0;
        for (int yy = cell.top() + 1; yy < bar.top() - 1; ++yy)
            for (int x = cell.left() + 1; x < cell.right(); ++x)
                barPixels += near(img.pixelColor(x, yy), fill) ? 1 : 0;
        QCOMPARE(barPixels, 0);
        // The text is there (dark pixels above the bar).
        int ink = 0;
        for (int yy = cell.top() + 1; yy < bar.top() - 1; ++yy)
            for (int x = cell.left() + 1; x < cell.right(); ++x)
                ink += img.pixelColor(x, yy).lightness() < 100 ? 1 : 0;
        QVERIFY(ink > 10);
    }

    /// A progress that is not known (-1: a run restored from a file that did not keep it) draws
    /// no bar: an empty track would read as 0 %.
    void unknownProgressDrawsNoBar()
    {
        QStandardItemModel model;
        QTableView view;
        showProgressCells(model, view, {{QStringLiteral("–"), -1.0}, {QStringLiteral("0.0 %"), 0.0}});
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QImage img = view.viewport()->grab().toImage();
        const QColor track = view.palette().color(QPalette::Midlight);
        const auto trackPixels = [&](int row) {
            const QRect bar = ProgressDelegate::barRect(view.visualRect(model.index(row, 0)));
            int n = 0;
            for (int x = bar.left(); x <= bar.right(); ++x)
                n += img.pixel(x, bar.center().y()) == track.rgb() ? 1 : 0;
            return n;
        };
        QVERIFY(trackPixels(1) > 100); // 0 %: the whole track, empty
        QCOMPARE(trackPixels(0), 0);  // not known: no track
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
        QVERIFY(!bars.valueLabels().isEmpty());
        // Nothing to draw (an invalid layer): the title says why, no axis of zeros ("…" labels before).
        bars.setBreakdown(QStringLiteral("CONV_1: invalid table"), {}, {}, {});
        QVERIFY(bars.valueLabels().isEmpty());
        bars.setBreakdown(QStringLiteral("zeros"), {QStringLiteral("MAC")}, {0.0}, {0.0});
        QVERIFY(bars.valueLabels().isEmpty());
        QVERIFY(bars.exportTo(dir.filePath(QStringLiteral("empty.png")), &error));
    }
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
