// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
//
// Charts you can explore (issue 49, item 3), driven with the mouse as a user would: the wheel
// zooms around the cursor, a drag zooms to its rectangle, Shift+drag pans, a double-click or the
// Reset button goes back to the whole data (and live data do not undo a zoom), hovering a point
// reads out its values with their units, a click on a Pareto point reports it, no point sits on
// the plot's edge, and "Save chart…" writes the chart of the tab shown (none on the Compare tab).
// Bars, heatmaps and dendrograms read out what is under the mouse with its unit; numbers are
// written in engineering units.
#include "core/study/study_kind.h"
#include "core/optim/space/agent_clustering.h"
#include "widgets/charts/band_chart.h"
#include "widgets/charts/bar_chart.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/chart_view.h"
#include "widgets/charts/dendrogram_widget.h"
#include "widgets/charts/front_overlay_chart.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/dialogs/file_dialog.h"
#include "widgets/panels/runs_panel.h"

#include <QApplication>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QWheelEvent>
#include <QtTest>

#include <cmath>

using namespace mapscape;

namespace {

/// One wheel notch (120 eighths of a degree; negative: away from the user, zooms out) at `pos`.
void wheel(QWidget* w, QPoint pos, int delta)
{
    QWheelEvent e(pos, w->mapToGlobal(pos), QPoint(), QPoint(0, delta), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
}

/// Presses at `from`, moves in steps to `to` with the button held, releases there.
void drag(QWidget* w, QPoint from, QPoint to, Qt::MouseButton button = Qt::LeftButton,
          Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QTest::mousePress(w, button, modifiers, from);
    for (int i = 1; i <= 4; ++i) {
        const QPoint p = from + (to - from) * i / 4;
        QMouseEvent move(QEvent::MouseMove, p, w->mapToGlobal(p), Qt::NoButton, button, modifiers);
        QApplication::sendEvent(w, &move);
    }
    QTest::mouseRelease(w, button, modifiers, to);
}

/// The mouse moved to `pos` with no button held (QTest::mouseMove would move the cursor, and
/// the event would reach whichever window is on top there).
void hover(QWidget* w, QPoint pos)
{
    QMouseEvent move(QEvent::MouseMove, pos, w->mapToGlobal(pos), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(w, &move);
}

QPoint at(const ChartView* v, QPointF series) { return v->toViewport(series).toPoint(); }

/// The part of the plot between a point and the nearest edge of the range shown, per axis.
double edgeDistance(double v, double lo, double hi) { return std::min(v - lo, hi - v) / (hi - lo); }

} // namespace

class TestChartExplore : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    /// The wheel zooms around the cursor (the value under it stays there), out again with the
    /// other direction; new data keep the zoom, a double-click resets it.
    void wheelZoomsAroundTheCursor()
    {
        LiveLineChart chart;
        chart.resize(640, 420);
        chart.setAxisTitles(QStringLiteral("Samples"), QStringLiteral("Latency"), QStringLiteral("cycles"));
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QList<QPointF> pts;
        for (int i = 0; i <= 100; ++i)
            pts.append(QPointF(i, 1000 - 5 * i));
        chart.append(QStringLiteral("#1 random"), pts);
        chart.flush();
        ChartView* v = chart.view();
        QWidget* port = v->viewport();
        const QRectF whole = v->shownRange();
        QVERIFY(!v->isZoomed());
        const QRectF plot = v->plotRect();
        const QPoint cursor(int(plot.left() + 0.3 * plot.width()), int(plot.top() + 0.6 * plot.height()));
        const QPointF anchor = v->toSeries(cursor);
        wheel(port, cursor, 120);
        wheel(port, cursor, 120);
        QVERIFY(v->isZoomed());
        const QRectF zoomed = v->shownRange();
        QVERIFY2(zoomed.width() < 0.8 * whole.width() && zoomed.height() < 0.8 * whole.height(),
                 qPrintable(QStringLiteral("%1 x %2").arg(zoomed.width()).arg(zoomed.height())));
        QVERIFY(zoomed.contains(anchor));
        const QPointF still = v->toViewport(anchor);
        QVERIFY2(std::abs(still.x() - cursor.x()) < 1.5 && std::abs(still.y() - cursor.y()) < 1.5,
                 qPrintable(QStringLiteral("%1,%2").arg(still.x()).arg(still.y())));
        // The tick labels are those of the range shown, all inside it.
        QVERIFY(chart.xTickLabels().size() >= 2);
        for (const double t : v->xTicks().values)
            QVERIFY(t >= zoomed.left() - 1e-9 && t <= zoomed.right() + 1e-9);
        // Live data arrive: the zoom stays, the new points are drawn outside it.
        QList<QPointF> more;
        for (int i = 101; i <= 200; ++i)
            more.append(QPointF(i, 500 - i));
        chart.append(QStringLiteral("#1 random"), more);
        chart.flush();
        QCOMPARE(v->shownRange(), zoomed);
        // Zooming out again around the same cursor.
        wheel(port, cursor, -120);
        QVERIFY(v->shownRange().width() > zoomed.width());
        // A double-click returns to the whole data, new points included.
        QTest::mouseDClick(port, Qt::LeftButton, Qt::NoModifier, cursor);
        QVERIFY(!v->isZoomed());
        QVERIFY(v->shownRange().right() > 200);
        QVERIFY(chart.xRange().y() > 200);
        // Another metric drawn: a zoom on the last one is dropped.
        wheel(port, cursor, 120);
        QVERIFY(v->isZoomed());
        chart.setAxisTitles(QStringLiteral("Samples"), QStringLiteral("Energy"), QStringLiteral("pJ"));
        QVERIFY(!v->isZoomed());
    }

    /// A left drag zooms to the rectangle dragged; Shift+drag pans by the distance dragged; the
    /// Reset button (shown while zoomed) goes back.
    void dragZoomsAndShiftDragPans()
    {
        ParetoChart chart;
        chart.resize(640, 460);
        chart.setAxes(QStringLiteral("Latency"), QStringLiteral("cycles"), QStringLiteral("Energy"), QStringLiteral("pJ"));
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        std::vector<QPointF> pts;
        for (int i = 0; i < 40; ++i)
            pts.push_back(QPointF(1e5 * std::pow(10.0, i / 10.0), 1e9 * std::pow(10.0, (39 - i) / 13.0) * (1 + (i % 3))));
        chart.append(std::span<const QPointF>(pts));
        chart.flush();
        ChartView* v = chart.view();
        QWidget* port = v->viewport();
        QVERIFY(!v->resetButton()->isVisible());
        const QRectF plot = v->plotRect();
        const QPoint a(int(plot.left() + 0.2 * plot.width()), int(plot.top() + 0.25 * plot.height()));
        const QPoint b(int(plot.left() + 0.6 * plot.width()), int(plot.top() + 0.7 * plot.height()));
        const QPointF sa = v->toSeries(a), sb = v->toSeries(b);
        drag(port, a, b);
        QVERIFY(v->isZoomed());
        const QRectF band = v->shownRange();
        QVERIFY2(std::abs(band.left() - sa.x()) < 1e-9 && std::abs(band.right() - sb.x()) < 1e-9,
                 qPrintable(QStringLiteral("%1..%2 for %3..%4").arg(band.left()).arg(band.right()).arg(sa.x()).arg(sb.x())));
        QVERIFY(std::abs(band.top() - sb.y()) < 1e-9 && std::abs(band.bottom() - sa.y()) < 1e-9);
        QVERIFY(v->resetButton()->isVisible());
        // Shift+drag 100 pixels right and 50 down: the same span, moved against the drag.
        const double perPixelX = band.width() / plot.width(), perPixelY = band.height() / plot.height();
        const QPoint c = QRectF(plot).center().toPoint();
        drag(port, c, c + QPoint(100, 50), Qt::LeftButton, Qt::ShiftModifier);
        const QRectF panned = v->shownRange();
        QVERIFY(std::abs(panned.width() - band.width()) < 1e-9);
        QVERIFY2(std::abs((band.left() - panned.left()) - 100 * perPixelX) < 1e-6 * band.width() + 1e-9,
                 qPrintable(QStringLiteral("%1 vs %2").arg(band.left() - panned.left()).arg(100 * perPixelX)));
        QVERIFY(std::abs((panned.top() - band.top()) - 50 * perPixelY) < 1e-6 * band.height() + 1e-9);
        // The middle button pans too.
        drag(port, c, c + QPoint(-100, -50), Qt::MiddleButton);
        QVERIFY(std::abs(v->shownRange().left() - band.left()) < 1e-6 * band.width());
        // Reset.
        QTest::mouseClick(v->resetButton(), Qt::LeftButton);
        QVERIFY(!v->isZoomed());
        QVERIFY(!v->resetButton()->isVisible());
    }

    /// Hovering a point reads it out with its units; a Pareto point says it is on the front;
    /// clicking it reports its values. Away from points nothing is read out.
    void hoverReadsOutThePoint()
    {
        ParetoChart chart;
        chart.resize(640, 460);
        chart.setAxes(QStringLiteral("Latency"), QStringLiteral("cycles"), QStringLiteral("Energy"), QStringLiteral("pJ"));
        chart.setDesignText([](const ParetoPoint& p) {
            return p.values[0] == 1e6 ? QStringLiteral("tile 4 × 8") : QString();
        });
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const QPointF pts[] = {{1e6, 2e9}, {3e6, 1e9}, {5e6, 4e9}, {2e7, 3e8}};
        chart.append(pts);
        chart.flush();
        ChartView* v = chart.view();
        QWidget* port = v->viewport();
        const auto seriesPoint = [v](double x, double y) {
            return QPointF(std::log10(x / v->xFormat().factor), std::log10(y / v->yFormat().factor));
        };
        hover(port, at(v, seriesPoint(1e6, 2e9)));
        const QString expected = QStringLiteral("On the Pareto front\nLatency: 1 M cycles\nEnergy: 2 mJ\ntile 4 × 8");
        QCOMPARE(v->readout(), expected);
        QCOMPARE(QToolTip::text(), expected);
        // A dominated design.
        hover(port, at(v, seriesPoint(5e6, 4e9)) + QPoint(2, -1));
        QCOMPARE(v->readout(), QStringLiteral("Evaluated design\nLatency: 5 M cycles\nEnergy: 4 mJ"));
        // Nothing near.
        const QRectF plot = v->plotRect();
        hover(port, QPoint(int(plot.right()) - 3, int(plot.top()) + 3));
        QVERIFY(v->readout().isEmpty());
        // A click on a point (press and release in place) reports it.
        QSignalSpy clicked(&chart, &ParetoChart::pointClicked);
        QTest::mouseClick(port, Qt::LeftButton, Qt::NoModifier, at(v, seriesPoint(2e7, 3e8)));
        QCOMPARE(clicked.count(), 1);
        const auto picked = clicked.first().first().value<ParetoPoint>();
        QCOMPARE(picked.values[0], 2e7);
        QCOMPARE(picked.values[1], 3e8);
        QVERIFY(picked.nonDominated);
        QVERIFY(!v->isZoomed()); // a click is not a zoom

        // A line chart reads out its series, x and y in the y unit's prefix.
        LiveLineChart line;
        line.resize(640, 420);
        line.setAxisTitles(QStringLiteral("Samples"), QStringLiteral("Energy"), QStringLiteral("pJ"));
        line.show();
        QVERIFY(QTest::qWaitForWindowExposed(&line));
        const QPointF curve[] = {{0, 3e10}, {10, 1.5e10}, {20, 1.2e10}};
        line.append(QStringLiteral("#2 ga"), curve);
        line.flush();
        hover(line.view()->viewport(), at(line.view(), QPointF(10, 15)));
        QCOMPARE(line.view()->readout(), QStringLiteral("#2 ga\nSamples: 10\nEnergy: 15 mJ"));

        // The band chart reads out every method at the x under the cursor.
        BandChart band;
        band.resize(640, 420);
        band.show();
        QVERIFY(QTest::qWaitForWindowExposed(&band));
        BandCurve c{QStringLiteral("EGRL"), Qt::red, {0, 100, 200}, {0.5, 0.8, 1.1}, {0.1, 0.1, 0.05}, {3, 3, 3}};
        band.setCurves({c}, {});
        hover(band.view()->viewport(), at(band.view(), QPointF(150, 0.9)));
        QCOMPARE(band.view()->readout(), band.describeAt(band.view()->toSeries(at(band.view(), QPointF(150, 0.9))).x()));
        QVERIFY(band.view()->readout().contains(QStringLiteral("EGRL: 0.800 ± 0.100 (3 runs)")));
    }

    /// After the automatic range every point is inside the plot by the margin: no marker or
    /// curve end half-clipped on an edge, on linear and log axes.
    void noPointOnThePlotEdge()
    {
        const double margin = 0.8 * ChartView::kMargin / (1 + 2 * ChartView::kMargin);
        LiveLineChart line;
        line.resize(640, 420);
        line.setAxisTitles(QStringLiteral("Samples"), QStringLiteral("Latency"), QStringLiteral("cycles"));
        const QPointF curve[] = {{0, 900}, {40, 400}, {100, 120}};
        line.append(QStringLiteral("s"), curve);
        for (const bool log : {false, true}) {
            line.setLogY(log);
            line.flush();
            const QRectF r = line.view()->shownRange();
            for (const QPointF& p : line.shownPoints(QStringLiteral("s"))) {
                QVERIFY2(edgeDistance(p.x(), r.left(), r.right()) >= margin, qPrintable(QString::number(p.x())));
                QVERIFY2(edgeDistance(p.y(), r.top(), r.bottom()) >= margin, qPrintable(QString::number(p.y())));
            }
        }
        ParetoChart pareto;
        pareto.resize(640, 460);
        const QPointF pts[] = {{1e3, 1e12}, {1e4, 1e10}, {1e6, 1e9}, {1e7, 5e8}};
        pareto.append(pts);
        pareto.flush();
        const ChartView* v = pareto.view();
        const QRectF r = v->shownRange();
        for (const QPointF& p : pareto.front()) {
            const double x = std::log10(p.x() / v->xFormat().factor), y = std::log10(p.y() / v->yFormat().factor);
            QVERIFY2(edgeDistance(x, r.left(), r.right()) >= margin, qPrintable(QString::number(p.x())));
            QVERIFY2(edgeDistance(y, r.top(), r.bottom()) >= margin, qPrintable(QString::number(p.y())));
        }
        FrontOverlayChart overlay;
        overlay.resize(640, 460);
        overlay.setObjectives({QStringLiteral("Area"), QStringLiteral("Latency"), QStringLiteral("Power")},
                              {QStringLiteral("µm²"), QStringLiteral("cycles"), QStringLiteral("mW")});
        overlay.setSets(
            {FrontSet{QStringLiteral("#1"), Qt::red, {{10, 1e6, 1}, {1e3, 1e4, 2}}, {QStringLiteral("a"), QStringLiteral("b")}}});
        overlay.flush();
        const QRectF o = overlay.view()->shownRange();
        for (const double x : {10.0, 1e3})
            QVERIFY(edgeDistance(std::log10(x / overlay.view()->xFormat().factor), o.left(), o.right()) >= margin);
        for (const double y : {1e4, 1e6})
            QVERIFY(edgeDistance(std::log10(y / overlay.view()->yFormat().factor), o.top(), o.bottom()) >= margin);
        // Each axis in the unit its values suit, as the Pareto chart's: latency in M cycles.
        QCOMPARE(overlay.yAxisTitle(), QStringLiteral("Latency (M cycles)"));
        QCOMPARE(overlay.xAxisTitle(), QStringLiteral("Area (µm²)"));
        // Bars: from 0, the top of the axis above the highest bar (no bar cut at the edge).
        BarChart bars;
        bars.resize(640, 420);
        bars.setBars(QStringLiteral("Area"), {QStringLiteral("a"), QStringLiteral("b")},
                     {BarSet{QStringLiteral("PEs"), {3e6, 7e6}, {}, {}}}, QStringLiteral("Area"), QStringLiteral("µm²"),
                     BarChart::Layout::Grouped);
        const QRectF b = bars.view()->shownRange();
        QCOMPARE(b.top(), 0.0);
        QVERIFY2(b.bottom() >= 7 * (1 + ChartView::kMargin) - 1e-9, qPrintable(QString::number(b.bottom()))); // 7 mm²
        QCOMPARE(bars.valueLabels().first(), QStringLiteral("0"));
        QCOMPARE(bars.valueAxisTitle(), QStringLiteral("Area (mm²)"));
        QVERIFY(b.left() <= -0.5 && b.right() >= 1.5); // both bars whole
    }

    /// Bars are explored as the other charts (issue 49, item 3): hovering a bar reads out its
    /// category, its set and its value with the unit (a short bar also above it), a click reports
    /// it, the wheel zooms around the cursor (fewer categories), a double-click resets; a stack
    /// reads out the segment under the cursor with the stack's total.
    void barsReadOutZoomAndReset()
    {
        BarChart chart;
        chart.resize(640, 420);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setCategoryTitle(QStringLiteral("Held-out model"));
        const QStringList models{QStringLiteral("R18"), QStringLiteral("R50"), QStringLiteral("MNv2")};
        chart.setBars(QStringLiteral("PPW per held-out model"), models,
                      {BarSet{QStringLiteral("Optimal"), {10, 20, 30}, Qt::darkGreen, {}},
                       BarSet{QStringLiteral("Max-FPS"), {8, 19, 1.5}, Qt::darkYellow, {2}}},
                      QStringLiteral("PPW"), QStringLiteral("FPS/W"), BarChart::Layout::Grouped);
        QCOMPARE(chart.categoryLabels(), models);
        QCOMPARE(chart.valueAxisTitle(), QStringLiteral("PPW (FPS/W)"));
        ChartView* v = chart.view();
        QWidget* port = v->viewport();
        hover(port, chart.barPosition(1, 0));
        QCOMPARE(v->readout(), QStringLiteral("R18 · Max-FPS\nPPW: 8 FPS/W"));
        QCOMPARE(QToolTip::text(), v->readout());
        QPoint above = chart.barPosition(1, 2);
        above.setY(int(v->plotRect().top()) + 4);
        hover(port, above);
        QCOMPARE(v->readout(), QStringLiteral("MNv2 · Max-FPS\nPPW: 1.5 FPS/W"));
        // Between two categories: no bar.
        const QPoint gap = (chart.barPosition(1, 0) + chart.barPosition(0, 1)) / 2;
        hover(port, gap);
        QVERIFY2(v->readout().isEmpty(), qPrintable(v->readout()));
        // A custom read-out replaces the default.
        chart.setReadout([](int set, int category) { return QStringLiteral("set %1, model %2").arg(set).arg(category); });
        hover(port, chart.barPosition(0, 2));
        QCOMPARE(v->readout(), QStringLiteral("set 0, model 2"));
        QSignalSpy clicked(&chart, &BarChart::barClicked);
        QTest::mouseClick(port, Qt::LeftButton, Qt::NoModifier, chart.barPosition(0, 1));
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.first().at(0).toInt(), 0);
        QCOMPARE(clicked.first().at(1).toInt(), 1);
        // The wheel zooms around R50: fewer models shown; a double-click shows them all again.
        const QPoint middle = chart.barPosition(0, 1);
        for (int i = 0; i < 4; ++i)
            wheel(port, middle, 120);
        QVERIFY(v->isZoomed());
        QCOMPARE(chart.categoryLabels(), QStringList{QStringLiteral("R50")});
        QTest::mouseDClick(port, Qt::LeftButton, Qt::NoModifier, middle);
        QVERIFY(!v->isZoomed());
        QCOMPARE(chart.categoryLabels(), models);

        EnergyBreakdownChart stack;
        stack.resize(640, 420);
        stack.show();
        QVERIFY(QTest::qWaitForWindowExposed(&stack));
        stack.setBreakdown(QStringLiteral("CONV_1"), {QStringLiteral("MAC"), QStringLiteral("GB")}, {1e6, 3e6}, {0, 1e4});
        QCOMPARE(stack.valueAxisTitle(), QStringLiteral("µJ"));
        hover(stack.view()->viewport(), stack.barPosition(0, 1));
        QCOMPARE(stack.view()->readout(), QStringLiteral("GB · dynamic\nEnergy: 3 µJ of 3.01 µJ in all"));
        QTemporaryDir dir;
        QString error;
        for (const char* name : {"bars.png", "bars.svg"})
            QVERIFY2(stack.exportTo(dir.filePath(QLatin1String(name)), &error), qPrintable(error));
        QVERIFY(!QImage(dir.filePath(QStringLiteral("bars.png"))).isNull());
    }

    /// A bar chart's value axis is ticked for its height and re-ticked on resize (issue 49, item
    /// 4: a short energy-by-level chart labelled its axis "…"): a short chart gets fewer labels,
    /// each at least a line of text apart, and every label is a round value.
    void barAxisTicksFollowTheHeight()
    {
        EnergyBreakdownChart bars;
        bars.resize(420, 640);
        bars.show();
        QVERIFY(QTest::qWaitForWindowExposed(&bars));
        bars.setBreakdown(QStringLiteral("Energy by level"), {QStringLiteral("RF"), QStringLiteral("GB"), QStringLiteral("DRAM")},
                          {2.2e6, 7.9e6, 3.1e7}, {1e5, 2e5, 0});
        QTest::qWait(20);
        const QStringList tall = bars.valueLabels();
        bars.resize(420, 230);
        QTRY_VERIFY(bars.valueLabels().size() < tall.size());
        const QStringList low = bars.valueLabels();
        QVERIFY2(low.size() >= 3, qPrintable(low.join(QLatin1Char(','))));
        const double spacing = bars.view()->plotRect().height() / double(low.size() - 1);
        QVERIFY2(spacing >= QFontMetrics(bars.font()).height(), qPrintable(QString::number(spacing)));
        for (const QString& label : low)
            QVERIFY2(!label.contains(QStringLiteral("…")) && !label.contains(QLatin1Char('e')), qPrintable(label));
        bars.resize(420, 640);
        QTRY_COMPARE(bars.valueLabels(), tall);
    }

    /// On a short log axis the 1-2-5 values crowd at the top of a decade; labels closer than a
    /// line of text are dropped, so that Qt Charts elides none to "…" (issue 49, item 4: GRMD's
    /// stage-1 area chart at 1280 × 800).
    void logAxisLabelsKeepTheirRoom()
    {
        LiveLineChart chart;
        chart.resize(460, 230);
        chart.setAxisTitles(QStringLiteral("Generation"), QStringLiteral("Area"), QStringLiteral("µm²"));
        chart.setLogY(true);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QList<QPointF> worst, best;
        for (int g = 0; g <= 20; ++g) {
            worst.append(QPointF(g, 3e7 * std::exp(-g / 4.0) + 3e5)); // two decades: 1-2-5 ticks
            best.append(QPointF(g, 3e5 + 1e4 * g));
        }
        chart.append(QStringLiteral("worst"), worst);
        chart.append(QStringLiteral("best"), best);
        chart.flush();
        QTest::qWait(20);
        const ChartView* v = chart.view();
        const std::vector<double>& ticks = v->yTicks().values;
        QVERIFY(ticks.size() >= 2);
        const double line = QFontMetricsF(chart.font()).height();
        for (std::size_t i = 1; i < ticks.size(); ++i) {
            const double gap = v->toViewport(QPointF(0, std::log10(ticks[i - 1]))).y() - v->toViewport(QPointF(0, std::log10(ticks[i]))).y();
            QVERIFY2(gap >= line, qPrintable(QStringLiteral("%1 to %2: %3 px").arg(ticks[i - 1]).arg(ticks[i]).arg(gap)));
        }
        // Three decades on a short axis: its decades (10, 100), not linear steps crowding at the
        // top (100, 200 … 800, of which only 100, 300, 800 had room).
        chart.clear();
        QList<QPointF> wide;
        for (int g = 0; g <= 20; ++g)
            wide.append(QPointF(g, 1.5e6 + 9e8 * std::exp(-g / 2.0)));
        chart.append(QStringLiteral("worst"), wide);
        chart.resize(460, 210);
        chart.flush();
        QTest::qWait(20);
        QVERIFY(v->yTicks().values.size() >= 2);
        for (const double t : v->yTicks().values) {
            const double mantissa = t / std::pow(10.0, std::floor(std::log10(t) + 1e-9));
            QVERIFY2(std::abs(mantissa - 1) < 1e-6 || std::abs(mantissa - 2) < 1e-6 || std::abs(mantissa - 5) < 1e-6,
                     qPrintable(chart.yTickLabels().join(QStringLiteral(", "))));
        }
    }

    /// The heatmap reads out the cell under the mouse at once: its row and column names and its
    /// value with the unit; column labels too long for their columns are drawn upright in full
    /// (issue 49, item 4: the DPU map's "B…1"), short ones level; the dendrogram reads out the
    /// merge under the mouse; both are saved as charts.
    void paintedChartsReadOut()
    {
        HeatmapWidget map;
        map.resize(760, 480);
        map.show();
        QVERIFY(QTest::qWaitForWindowExposed(&map));
        HeatmapData d;
        d.rows = 2;
        d.cols = 26;
        for (int c = 0; c < d.cols; ++c)
            d.colLabels.append(QStringLiteral("B%1_%2").arg(512 * (1 + c % 8)).arg(1 + c / 8));
        d.rowLabels = {QStringLiteral("R18/PR0"), QStringLiteral("R50/PR25")};
        for (int i = 0; i < d.rows * d.cols; ++i)
            d.values.push_back(1 + i);
        d.rowTitle = QStringLiteral("Model");
        d.colTitle = QStringLiteral("DPU configuration");
        d.valueTitle = QStringLiteral("PPW");
        d.unit = QStringLiteral("FPS/W");
        map.setData(d);
        map.waitForRender();
        QVERIFY(map.columnLabelsRotated());
        QCOMPARE(map.shownColumnLabels(), d.colLabels); // every column, none elided
        QPoint cell(-1, -1);
        for (int y = 0; y < map.height() && cell.x() < 0; y += 3)
            for (int x = 0; x < map.width() && cell.x() < 0; x += 3)
                if (map.cellAt(QPoint(x, y)) == QPoint(3, 1))
                    cell = QPoint(x, y);
        QVERIFY(cell.x() >= 0);
        hover(&map, cell);
        QCOMPARE(map.readout(), QStringLiteral("Model = R50/PR25, DPU configuration = B2048_1\nPPW: 30 FPS/W"));
        QCOMPARE(QToolTip::text(), map.readout());
        hover(&map, QPoint(2, 2));
        QVERIFY(map.readout().isEmpty());
        d.colLabels.clear();
        for (int c = 0; c < d.cols; ++c)
            d.colLabels.append(QString::number(c + 1));
        map.setData(d);
        QVERIFY(!map.columnLabelsRotated());
        QCOMPARE(map.shownColumnLabels(), d.colLabels);
        QWidget page; // "Save chart…" of a page finds a painted chart in it
        auto* inPage = new HeatmapWidget(&page);
        QCOMPARE(chartViewsIn(&page), QList<QWidget*>{inPage});

        Eigen::MatrixXd f(4, 2);
        f << 0, 0, 0.1, 0, 5, 5, 5, 5.3;
        const Dendrogram tree = wardLinkage(f);
        DendrogramWidget dendrogram;
        dendrogram.resize(420, 320);
        dendrogram.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dendrogram));
        dendrogram.setTree(tree, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d")}, 2);
        const Merge& low = tree.merges[0];
        hover(&dendrogram, QPoint((dendrogram.xOfLeaf(low.a) + dendrogram.xOfLeaf(low.b)) / 2, dendrogram.yOfHeight(low.height)));
        QVERIFY2(dendrogram.readout().startsWith(QStringLiteral("Merge at Ward distance ")), qPrintable(dendrogram.readout()));
        QVERIFY2((dendrogram.readout().contains(QStringLiteral("{a} with {b}")) || dendrogram.readout().contains(QStringLiteral("{b} with {a}"))) && !dendrogram.readout().contains(QRegularExpression(QStringLiteral("\\de[+-]"))),
                 qPrintable(dendrogram.readout()));
        QTemporaryDir dir;
        QString error;
        for (const char* name : {"tree.png", "tree.svg", "map.png", "map.svg"}) {
            const QString path = dir.filePath(QLatin1String(name));
            const bool ok = QByteArray(name).startsWith("tree") ? dendrogram.exportTo(path, &error) : map.exportTo(path, &error);
            QVERIFY2(ok && QFileInfo(path).size() > 0, qPrintable(error));
        }
    }

    /// Numbers in the engineering style, never raw (issue 49, item 4).
    void numbersInEngineeringUnits()
    {
        QCOMPARE(quantityText(369030, QStringLiteral("cycles")), QStringLiteral("369 k cycles"));
        QCOMPARE(quantityText(7.23902e6, QStringLiteral("µm²")), QStringLiteral("7.239 mm²"));
        QCOMPARE(quantityText(1.2e-5, QString(), 3), QStringLiteral("12.0 µ"));
        // A product with an area reads in mm², as areas do (issue 49, item 4: one unit per quantity).
        QCOMPARE(quantityText(2.55e16, QStringLiteral("cycles·mW·µm²")), QStringLiteral("25.5 G cycles·mW·mm²"));
        QCOMPARE(countText(18), QStringLiteral("18"));
        QCOMPARE(countText(0.6667), QStringLiteral("1"));
        QCOMPARE(countText(36903, QStringLiteral("frames")), QStringLiteral("36.9 k frames"));
        QCOMPARE(editableNumber(11690000), QStringLiteral("11690000"));
        QCOMPARE(editableNumber(0.0325), QStringLiteral("0.0325"));
        QCOMPARE(editableNumber(0.26240000001), QStringLiteral("0.2624"));
        const ColumnUnit area = columnUnit({7.239e6, 2.1e5}, QStringLiteral("µm²"));
        QCOMPARE(area.title(QStringLiteral("Area")), QStringLiteral("Area (mm²)"));
        QCOMPARE(area.number(2.1e5), QStringLiteral("0.2100"));
        const ColumnUnit latency = columnUnit({369030, 655}, QStringLiteral("cycles"));
        QCOMPARE(latency.title(QStringLiteral("Latency")), QStringLiteral("Latency (k cycles)"));
        QCOMPARE(latency.number(369030), QStringLiteral("369.0"));
        // A count recorded as a metric is ticked in whole numbers (0, 1, 2; never 0.2, 0.4).
        LiveLineChart counts;
        counts.resize(480, 320);
        counts.setAxisTitles(QStringLiteral("Generation"), QStringLiteral("Count"));
        const QPointF selected[] = {{0, 0}, {1, 1}, {2, 0}, {3, 1}};
        counts.append(QStringLiteral("selected"), selected);
        counts.flush();
        for (const QString& label : counts.yTickLabels())
            QVERIFY2(!label.contains(QLatin1Char('.')), qPrintable(counts.yTickLabels().join(QLatin1Char(','))));
    }

    /// "Save chart…" writes the chart of the tab shown, through the file dialog; the Compare tab
    /// shows a table, so the button is disabled there and says why.
    void saveChartWritesTheChartShown()
    {
        RunsPanel panel(requireStudyKind("loopnest"));
        panel.resize(1100, 760);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.curveChart()->setTitle(QStringLiteral("Curves chart"));
        panel.paretoChart()->setTitle(QStringLiteral("Pareto chart"));
        QTemporaryDir dir;
        QPushButton* save = panel.saveChartButton();

        panel.showViewTab(RunsPanel::CompareTab);
        QVERIFY(!panel.shownChart());
        QVERIFY(!save->isEnabled());
        QVERIFY2(save->toolTip().contains(QStringLiteral("Compare")), qPrintable(save->toolTip()));
        QString error;
        QVERIFY(!panel.saveChart(dir.filePath(QStringLiteral("compare.png")), &error));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("compare.png"))));
        panel.showViewTab(RunsPanel::BestTab); // the text of the best mapping: no chart either
        QVERIFY(!save->isEnabled());

        // Curves: the button, the file dialog, the picture of the curves chart as shown.
        panel.showViewTab(RunsPanel::CurvesTab);
        QVERIFY(save->isEnabled());
        const QString curvesPng = dir.filePath(QStringLiteral("curves.png"));
        QTimer::singleShot(0, this, [curvesPng] {
            auto* dialog = qobject_cast<FileDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
            QVERIFY(name);
            name->setText(curvesPng);
            dialog->accept();
        });
        QTest::mouseClick(save, Qt::LeftButton);
        QImage curves(curvesPng);
        QVERIFY(!curves.isNull());
        QWidget* curveView = panel.curveChart()->view();
        QCOMPARE(curves.size(), curveView->size());
        QCOMPARE(curves.convertToFormat(QImage::Format_RGB32), curveView->grab().toImage().convertToFormat(QImage::Format_RGB32));

        // Pareto: its own chart, as PNG and SVG.
        panel.showViewTab(RunsPanel::ParetoTab);
        QCOMPARE(panel.shownChart(), static_cast<QWidget*>(panel.paretoChart()));
        const QString paretoPng = dir.filePath(QStringLiteral("pareto.png"));
        QVERIFY2(panel.saveChart(paretoPng, &error), qPrintable(error));
        const QImage pareto(paretoPng);
        QCOMPARE(pareto.convertToFormat(QImage::Format_RGB32),
                 panel.paretoChart()->view()->grab().toImage().convertToFormat(QImage::Format_RGB32));
        QVERIFY(pareto.convertToFormat(QImage::Format_RGB32) != curves.convertToFormat(QImage::Format_RGB32));
        const QString svg = dir.filePath(QStringLiteral("pareto.svg"));
        QVERIFY2(panel.saveChart(svg, &error), qPrintable(error));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("Pareto chart"));
    }
};

QTEST_MAIN(TestChartExplore)
#include "tst_chart_explore.moc"
