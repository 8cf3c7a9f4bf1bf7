// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
//
// Charts you can explore (issue 49, item 3), driven with the mouse as a user would: the wheel
// zooms around the cursor, a drag zooms to its rectangle, Shift+drag pans, a double-click or the
// Reset button goes back to the whole data (and live data do not undo a zoom), hovering a point
// reads out its values with their units, a click on a Pareto point reports it, no point sits on
// the plot's edge, and "Save chart…" writes the chart of the tab shown (none on the Compare tab).
#include "core/study/study_kind.h"
#include "widgets/charts/band_chart.h"
#include "widgets/charts/chart_view.h"
#include "widgets/charts/front_overlay_chart.h"
#include "widgets/charts/live_line_chart.h"
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
        for (const double x : {1.0, 3.0})
            QVERIFY(edgeDistance(x, o.left(), o.right()) >= margin);
        for (const double y : {4.0, 6.0})
            QVERIFY(edgeDistance(y, o.top(), o.bottom()) >= margin);
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
