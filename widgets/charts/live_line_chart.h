// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Live line charts: named series appended from drained run metrics, redrawn at most ~30 times
/// per second with one replace() per series per frame, decimated to about two points per pixel.
/// Explored with the mouse (chart_view.h): zoomed or panned, the chart keeps the user's range
/// while data arrive (decimating the x range shown) until reset.
/// Values are shown in engineering units (a y unit of "pJ" becomes mJ, µJ, ... as the data
/// need), on a linear or logarithmic y axis, optionally smoothed; an integral x axis (samples,
/// episodes) gets whole-number ticks. Qt Charts types stay inside widgets/charts/.

#include <QColor>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QTimer>
#include <QWidget>

#include <span>

namespace mapscape {

class ChartView;

/// Keeps the first and last point and, per bucket of x, the minimum and maximum y (in x order),
/// so that at most about `maxPoints` points remain and peaks survive.
QList<QPointF> decimate(const QList<QPointF>& points, int maxPoints);
/// Exponential moving average with weight `alpha` on the past (0 = no smoothing).
QList<QPointF> smooth(const QList<QPointF>& points, double alpha);

/// GUI thread only.
class LiveLineChart : public QWidget {
    Q_OBJECT

public:
    explicit LiveLineChart(QWidget* parent = nullptr);
    ~LiveLineChart() override;

    void setTitle(const QString& title);
    /// Axis titles without units; `yUnit` (if any) is appended with its scaled prefix. Other
    /// titles are another quantity: a zoom is reset.
    void setAxisTitles(const QString& x, const QString& y, const QString& yUnit = QString());
    /// Appends to a named series (created on first use) and schedules a redraw.
    void append(const QString& series, std::span<const QPointF> points);
    void setSeriesColor(const QString& series, const QColor& color);
    void removeSeries(const QString& series);
    void clear();

    void setLogY(bool log);
    bool logY() const { return m_logY; }
    /// Logarithmic x (samples spanning decades: early progress stays readable); points at x ≤ 0
    /// are not drawn then.
    void setLogX(bool log);
    bool logX() const { return m_logX; }
    /// 0 (off) to 0.99: weight of the past in an exponential moving average.
    void setSmoothing(double alpha);
    double smoothing() const { return m_smoothing; }
    /// Whole-number ticks on x (samples, episodes, generations).
    void setIntegerX(bool integer);
    /// Whole-number ticks on y (counts: members, generations). Values that are all whole numbers
    /// (a count recorded as a metric) get them too, unless smoothed.
    void setIntegerY(bool integer);
    /// Draws every series as steps, each value holding until the next point's x (best-so-far
    /// values, recorded at improvements only), instead of a line between the points.
    void setStepped(bool stepped);
    bool stepped() const { return m_stepped; }
    /// The series' last value holds until `x` (a best-so-far curve drawn to its run's last
    /// sample rather than to its last improvement); an x at or before the last point does nothing.
    /// Ignored for a series not yet appended to.
    void holdSeries(const QString& series, double x);

    QStringList seriesNames() const;
    /// Points currently drawn for a series (after decimation) / held in total.
    int drawnPoints(const QString& series) const;
    int heldPoints(const QString& series) const;
    /// The points as drawn (after holding, steps, smoothing and decimation; scaled x and y).
    QList<QPointF> shownPoints(const QString& series) const;
    /// The y and x axes' ranges as drawn (in the scaled units; not log10), for tests.
    QPointF yRange() const;
    QPointF xRange() const;
    /// The view: zoom, pan, reset and the hover read-out (chart_view.h).
    ChartView* view() const;
    QString yAxisTitle() const;
    QString xAxisTitle() const;
    /// The tick labels as drawn (tests).
    QStringList xTickLabels() const;
    QStringList yTickLabels() const;
    /// Axis titles that do not fit along their axis as laid out now (tests: none should).
    QStringList clippedTitles() const;
    /// The x axis tick step when ticks are whole numbers (0 otherwise).
    double xTickStep() const;
    QColor seriesColor(const QString& series) const;
    /// replace() calls so far (one per series per frame): lets tests check the frame cap.
    int replaceCalls() const { return m_replaceCalls; }
    int frames() const { return m_frames; }
    /// Redraws now if a redraw is pending (tests, export).
    void flush();
    /// PNG (or any raster format Qt knows) or SVG by the file suffix. False + message on error.
    bool exportTo(const QString& path, QString* error = nullptr);

    static constexpr int kFrameIntervalMs = 33; ///< ≤ 30 frames per second

private:
    struct Private;
    void redraw();
    void scheduleRedraw(bool allDirty);
    Private* d;
    QTimer m_timer;
    int m_replaceCalls = 0;
    int m_frames = 0;
    bool m_logY = false;
    bool m_logX = false;
    bool m_stepped = false;
    double m_smoothing = 0;
};

/// Appends to `series` of `chart` the points of `metric` in `history` (a run's recorded series,
/// RunsPanel::metricHistory) beyond the `consumed` count kept per metric, and colours it; views
/// that follow a run call it on every drain.
void appendRecorded(LiveLineChart* chart, const QHash<QString, QList<QPointF>>& history, const QString& metric,
                    const QString& series, const QColor& colour, QHash<QString, qsizetype>& consumed);

/// One recorded metric drawn as a series of one of a view's charts.
struct RecordedFeed {
    const char* metric; ///< raw name, "egrl/best_gnn"
    int chart;          ///< index into the view's charts
    const char* series; ///< legend text (UTF-8)
    QColor colour;
};
/// appendRecorded for every feed.
void appendRecordedFeeds(std::span<LiveLineChart* const> charts, const QHash<QString, QList<QPointF>>& history,
                         std::span<const RecordedFeed> feeds, QHash<QString, qsizetype>& consumed);

} // namespace mapscape
