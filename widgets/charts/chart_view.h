// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The view every Mapscape chart of points and curves draws in: a QChartView that can be
/// explored with the mouse (issue 49, item 3).
///   - wheel: zoom in or out around the cursor;
///   - drag with the left button: zoom to the rectangle dragged (a flat one zooms one axis);
///   - Shift + drag, or drag with the middle button: pan;
///   - double-click, the "Reset view" button (shown while zoomed) or the context menu: back to
///     the whole data;
///   - hover: a read-out of the nearest point (or of the bar under the cursor), its values with
///     their units, as a tooltip;
///   - click on a point: pointClicked; on a bar: barClicked.
/// The automatic range pads the data by kMargin of their span on each side (on a log axis, of
/// the decades they span), so that no marker or curve end sits on the plot's edge; the ticks are
/// round values inside the range shown (axis_ticks.h). A chart that updates live gives its data
/// range on every frame: the axes follow the data until the user zooms or pans, then stay where
/// the user put them until reset. Bar charts plot their categories at 0, 1, … on a categorical
/// x axis (ChartAxisFormat::categories) and their values from 0 (fromZero).

#include "widgets/charts/axis_ticks.h"

#include <QChartView>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QBarSet;
class QCategoryAxis;
class QRubberBand;
class QToolButton;
class QXYSeries;

namespace mapscape {

/// How an axis plots its values and how the read-out names them.
struct ChartAxisFormat {
    bool logarithmic = false; ///< the series hold log10 of the values
    bool integer = false;     ///< whole-number ticks (counts)
    QString title;            ///< the read-out's name of the value ("Latency")
    QString unit;             ///< the values' unit before scaling ("pJ", "cycles"; "" for counts)
    double factor = 1;        ///< the series hold value / factor (a unit prefix, thousands of samples)
    /// A categorical axis (bar charts): category i is plotted at i and labelled with its name; the
    /// whole range is [−0.5, n − 0.5], without padding.
    QStringList categories;
    /// The automatic range starts at 0 (a bar's base), padded only above the data.
    bool fromZero = false;
    bool operator==(const ChartAxisFormat&) const = default;
};

/// What the cursor is over, for a read-out.
struct ChartHover {
    const QXYSeries* series = nullptr; ///< the series of the point (null: no point, hoverAnywhere)
    int index = -1;                    ///< the point's index in the series
    QPointF value;                     ///< the point (or the cursor) in the axes' units: unlogged, times the factor
    const QBarSet* barSet = nullptr;   ///< a bar: its set (series null), its set's index in the series
    int setIndex = -1;                 ///< and its category (value: category, the bar's value)
    int category = -1;
    bool any() const { return series || barSet; }
};

/// GUI thread only.
class ChartView : public QChartView {
    Q_OBJECT

public:
    /// Padding of the automatic range on each side, as a fraction of the data's span.
    static constexpr double kMargin = 0.05;
    /// How near (pixels) a point must be to be read out or clicked.
    static constexpr double kPickRadius = 8;
    /// What the gestures are (the status tip and the context menu's last line).
    static QString gestureHelp();

    explicit ChartView(QChart* chart, QWidget* parent = nullptr);
    ~ChartView() override;

    /// The axes that zoom and pan, with the ticks of the range shown (null axes: the chart has no
    /// such axes to explore, e.g. parallel coordinates; read-outs still work). A format whose
    /// factor changes keeps a zoom on the same values; one that changes between log and linear
    /// resets it.
    void setAxes(QCategoryAxis* x, const ChartAxisFormat& xFormat, QCategoryAxis* y, const ChartAxisFormat& yFormat);
    const ChartAxisFormat& xFormat() const { return m_xFormat; }
    const ChartAxisFormat& yFormat() const { return m_yFormat; }
    /// The extent of the data, as the series hold them before log10 (scaled by the factors): the
    /// automatic range pads it. Applied at once unless zoomed.
    void setDataRange(double x0, double x1, double y0, double y1);
    /// The ticks shown (data values, not log10; lo and hi are the axis range).
    const AxisTicks& xTicks() const { return m_xTicks; }
    const AxisTicks& yTicks() const { return m_yTicks; }
    /// The range shown, in the series' coordinates (log10 on a log axis): left/right are x,
    /// top/bottom the lower/upper y.
    QRectF shownRange() const;
    bool isZoomed() const { return m_zoom.has_value(); }
    /// Back to the automatic range.
    void resetZoom();
    /// Zooms by `factor` (< 1: in) keeping `anchor` (series coordinates) where it is.
    void zoomAround(QPointF anchor, double factor);
    /// Shows `range` (series coordinates, normalised).
    void zoomTo(const QRectF& range);

    /// The read-out's text for what is hovered (or clicked); the default names the series and
    /// gives x and y with their units (formatQuantity).
    void setReadout(std::function<QString(const ChartHover&)> text);
    /// Read out anywhere inside the plot, also away from points (series null): curves described by x.
    void setHoverAnywhere(bool on) { m_hoverAnywhere = on; }
    /// The read-out shown now ("" when none).
    QString readout() const { return m_readout; }
    /// The default read-out of a value: "<title>: <value with its unit>", one line per axis.
    QString describeValue(QPointF value) const;
    /// The point nearest to `viewportPos` within kPickRadius, else the bar under it (neither when none).
    ChartHover pointAt(QPoint viewportPos) const;
    /// The bar under `viewportPos` (barSet null when none): in a group, the bar's slot at any
    /// height; in a stack, the segment under the cursor (above the stack: its top segment).
    ChartHover barAt(QPoint viewportPos) const;
    /// The default read-out of a bar: "<category> · <set>" and its value with the y unit.
    QString describeBar(const ChartHover& bar) const;
    /// The series coordinates at a viewport position, and the viewport position of series coordinates.
    QPointF toSeries(QPointF viewportPos) const;
    QPointF toViewport(QPointF seriesPoint) const;
    /// The plot area in viewport coordinates.
    QRectF plotRect() const;
    QToolButton* resetButton() const { return m_resetButton; }

Q_SIGNALS:
    /// The user zoomed, panned or reset (the range shown changed, not with the data).
    void rangeChanged();
    /// A click (press and release without dragging) on a point.
    void pointClicked(const QXYSeries* series, int index);
    /// A click on a bar: its set's index in its series and its category.
    void barClicked(int setIndex, int category);

protected:
    bool viewportEvent(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Range {
        double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
    };
    Range autoRange() const;
    /// Applies the range shown to the axes (the zoom, else the automatic range).
    void apply();
    void setZoom(const Range& r);
    void hover(QPoint pos);
    void hideReadout();
    void placeResetButton();

    QCategoryAxis* m_xAxis = nullptr;
    QCategoryAxis* m_yAxis = nullptr;
    ChartAxisFormat m_xFormat, m_yFormat;
    AxisTicks m_xTicks, m_yTicks;
    Range m_data;           ///< as given (series values before log10)
    bool m_hasData = false;
    Range m_shown;          ///< series coordinates
    std::optional<Range> m_zoom;
    int m_xTarget = 0, m_yTarget = 0;

    enum class Drag { None, Pending, Band, Pan } m_drag = Drag::None;
    QPoint m_pressPos, m_lastPos;
    QRubberBand* m_band = nullptr;
    QToolButton* m_resetButton = nullptr;
    std::function<QString(const ChartHover&)> m_readoutText;
    bool m_hoverAnywhere = false;
    QString m_readout;
};

} // namespace mapscape
