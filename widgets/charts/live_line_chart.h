// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Live line charts: named series appended from drained run metrics, redrawn at most ~30 times
/// per second with one replace() per series per frame, decimated to about two points per pixel.
/// Qt Charts types stay inside widgets/charts/.

#include <QHash>
#include <QList>
#include <QPointF>
#include <QTimer>
#include <QWidget>

#include <span>

namespace mapscape {

/// Keeps the first and last point and, per bucket of x, the minimum and maximum y (in x order),
/// so that at most about `maxPoints` points remain and peaks survive.
QList<QPointF> decimate(const QList<QPointF>& points, int maxPoints);

/// GUI thread only.
class LiveLineChart : public QWidget {
    Q_OBJECT

public:
    explicit LiveLineChart(QWidget* parent = nullptr);
    ~LiveLineChart() override;

    void setTitle(const QString& title);
    void setAxisTitles(const QString& x, const QString& y);
    /// Appends to a named series (created on first use) and schedules a redraw.
    void append(const QString& series, std::span<const QPointF> points);
    void clear();

    QStringList seriesNames() const;
    /// Points currently drawn for a series (after decimation) / held in total.
    int drawnPoints(const QString& series) const;
    int heldPoints(const QString& series) const;
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
    Private* d;
    QTimer m_timer;
    int m_replaceCalls = 0;
    int m_frames = 0;
};

} // namespace mapscape
