// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/chart_view.h"

#include "core/util/units.h"
#include "widgets/charts/chart_export.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QStackedBarSeries>
#include <QChart>
#include <QContextMenuEvent>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QRubberBand>
#include <QScatterSeries>
#include <QToolButton>
#include <QToolTip>
#include <QWheelEvent>
#include <QXYSeries>

#include <algorithm>
#include <cmath>

namespace mapscape {

namespace {

constexpr int kDragThreshold = 4;     ///< pixels a press must move to be a drag, not a click
constexpr double kWheelStep = 0.85;   ///< the range's factor per wheel notch (in)
constexpr double kMaxZoomOut = 20;    ///< the widest range, times the automatic one
constexpr double kMinZoomIn = 1e-6;   ///< the narrowest range, times the automatic one

double plotted(double v, bool logarithmic) { return logarithmic ? std::log10(v) : v; }
double unplotted(double v, bool logarithmic) { return logarithmic ? std::pow(10.0, v) : v; }

/// [lo, hi] (series values before log10) padded by ChartView::kMargin of its span, in series
/// coordinates. With `keepPositive` (the y axis), positive data keep a non-negative axis
/// (energies, latencies); a count of samples on x may start a little left of 0.
std::pair<double, double> padded(double lo, double hi, const ChartAxisFormat& f, bool keepPositive)
{
    if (!f.categories.isEmpty()) // every category whole, nothing beyond
        return {-0.5, double(f.categories.size()) - 0.5};
    if (f.fromZero && !f.logarithmic && lo >= 0) { // bars: from their base, room above the highest
        const double top = hi > 0 ? hi : 1;
        return {0.0, top * (1 + ChartView::kMargin)};
    }
    if (f.logarithmic && !(lo > 0))
        lo = hi > 0 ? hi / 10 : 1;
    if (f.logarithmic && !(hi > 0))
        hi = lo * 10;
    double a = plotted(lo, f.logarithmic), b = plotted(hi, f.logarithmic);
    if (!(b > a)) {
        // One value: a small range around it (a factor 1.5 on a log axis); a count or a value
        // near 0 that is not negative: from it upwards (0 of a count reads 0, 1, 2, not -1, 0, 1).
        const double d = f.logarithmic ? std::log10(1.5) : a == 0 ? 1.0 : std::max(f.integer ? 1.0 : 0.0, 0.05 * std::abs(a));
        if (f.logarithmic || lo < 0 || a - d >= 0)
            return {a - d, b + d};
        b = a + 2 * d;
    }
    const double pad = ChartView::kMargin * (b - a);
    return {(keepPositive && !f.logarithmic && lo > 0) ? std::max(0.0, a - pad) : a - pad, b + pad};
}

/// The categories inside [lo, hi] as ticks at their positions (0, 1, …), named; names that repeat
/// are told apart by invisible spaces (a category axis keys its labels by text).
AxisTicks categoryTicks(double lo, double hi, const QStringList& names)
{
    AxisTicks t{.lo = lo, .hi = hi, .step = 1};
    for (int i = std::max(0, int(std::ceil(lo - 1e-9))); i < int(names.size()) && i <= hi + 1e-9; ++i) {
        QString name = names[i];
        while (t.labels.contains(name))
            name += QChar(0x200B);
        t.values.push_back(i);
        t.labels.append(name);
    }
    return t;
}

/// Drops the ticks that would sit closer to the last one kept than `room(kept, next)` pixels
/// (`pixels` per unit of the series' coordinates); the first is always kept.
template <typename Room>
void thin(AxisTicks& t, bool logarithmic, double pixels, Room room)
{
    if (t.values.size() < 2 || !(pixels > 0))
        return;
    AxisTicks kept = t;
    kept.values = {t.values.front()};
    kept.labels = {t.labels.front()};
    for (std::size_t i = 1; i < t.values.size(); ++i) {
        const double gap = (plotted(t.values[i], logarithmic) - plotted(kept.values.back(), logarithmic)) * pixels;
        if (gap >= room(kept.labels.back(), t.labels[qsizetype(i)])) {
            kept.values.push_back(t.values[i]);
            kept.labels.append(t.labels[qsizetype(i)]);
        }
    }
    t = std::move(kept);
}

} // namespace

QString ChartView::gestureHelp()
{
    return tr("Wheel: zoom · drag: zoom to an area · Shift+drag or middle-drag: pan · double-click: reset · "
              "hover a point or bar for its values · right-click: save the chart");
}

ChartView::ChartView(QChart* chart, QWidget* parent)
    : QChartView(chart, parent)
{
    viewport()->setMouseTracking(true);
    setStatusTip(gestureHelp());
    m_band = new QRubberBand(QRubberBand::Rectangle, viewport());
    m_band->hide();
    m_resetButton = new QToolButton(viewport());
    m_resetButton->setText(tr("Reset view"));
    m_resetButton->setToolTip(tr("Show all the data again (or double-click the chart)"));
    m_resetButton->setAutoRaise(false);
    m_resetButton->setCursor(Qt::ArrowCursor);
    m_resetButton->hide();
    connect(m_resetButton, &QToolButton::clicked, this, &ChartView::resetZoom);
    // A resize that changes how many labels fit relabels the axes.
    connect(chart, &QChart::plotAreaChanged, this, [this](const QRectF& area) {
        if (horizontalTickTarget(area.width()) != m_xTarget || verticalTickTarget(area.height()) != m_yTarget)
            apply();
        placeResetButton();
    });
}

ChartView::~ChartView() = default;

void ChartView::setAxes(QCategoryAxis* x, const ChartAxisFormat& xFormat, QCategoryAxis* y, const ChartAxisFormat& yFormat)
{
    if (m_zoom) {
        if (x != m_xAxis || y != m_yAxis || xFormat.logarithmic != m_xFormat.logarithmic ||
            yFormat.logarithmic != m_yFormat.logarithmic) {
            m_zoom.reset();
            m_resetButton->hide();
        } else {
            // The same values under a new prefix: rescale the zoom.
            const auto rescale = [](double& a, double& b, const ChartAxisFormat& was, const ChartAxisFormat& now) {
                if (was.factor == now.factor || !(now.factor > 0))
                    return;
                const double r = was.factor / now.factor;
                a = was.logarithmic ? a + std::log10(r) : a * r;
                b = was.logarithmic ? b + std::log10(r) : b * r;
            };
            rescale(m_zoom->x0, m_zoom->x1, m_xFormat, xFormat);
            rescale(m_zoom->y0, m_zoom->y1, m_yFormat, yFormat);
        }
    }
    m_xAxis = x;
    m_yAxis = y;
    m_xFormat = xFormat;
    m_yFormat = yFormat;
}

void ChartView::setDataRange(double x0, double x1, double y0, double y1)
{
    m_data = {std::min(x0, x1), std::max(x0, x1), std::min(y0, y1), std::max(y0, y1)};
    m_hasData = true;
    apply();
}

ChartView::Range ChartView::autoRange() const
{
    Range r;
    std::tie(r.x0, r.x1) = padded(m_data.x0, m_data.x1, m_xFormat, false);
    std::tie(r.y0, r.y1) = padded(m_data.y0, m_data.y1, m_yFormat, true);
    return r;
}

void ChartView::apply()
{
    if (!m_xAxis || !m_yAxis || !m_hasData)
        return;
    const Range r = m_zoom ? *m_zoom : autoRange();
    const QRectF area = chart()->plotArea();
    m_xTarget = horizontalTickTarget(area.width());
    m_yTarget = verticalTickTarget(area.height());
    // The automatic range: steps for the data, at least three ticks. A zoom is kept as the user
    // chose it, also with fewer.
    const auto ticks = [whole = !m_zoom](double a, double b, const ChartAxisFormat& f, int target) {
        return ticksWithin({.lo = unplotted(a, f.logarithmic), .hi = unplotted(b, f.logarithmic), .logarithmic = f.logarithmic,
                            .integer = f.integer, .target = target, .margin = whole ? kMargin : 0.0, .atLeastThree = whole});
    };
    m_xTicks = m_xFormat.categories.isEmpty() ? ticks(r.x0, r.x1, m_xFormat, m_xTarget) : categoryTicks(r.x0, r.x1, m_xFormat.categories);
    m_yTicks = m_yFormat.categories.isEmpty() ? ticks(r.y0, r.y1, m_yFormat, m_yTarget) : categoryTicks(r.y0, r.y1, m_yFormat.categories);
    // On a log axis 1-2-5 values crowd at the top of each decade: no label closer to the one
    // kept before it than a label needs, so that none is elided to "…".
    if (m_yFormat.categories.isEmpty() && area.height() > 0) {
        const double room = QFontMetricsF(m_yAxis->labelsFont()).height() + 2;
        thin(m_yTicks, m_yFormat.logarithmic, area.height() / (r.y1 - r.y0), [room](const QString&, const QString&) { return room; });
    }
    if (m_xFormat.categories.isEmpty() && area.width() > 0) {
        const QFontMetricsF fm(m_xAxis->labelsFont());
        thin(m_xTicks, m_xFormat.logarithmic, area.width() / (r.x1 - r.x0), [&fm](const QString& a, const QString& b) {
            return (fm.horizontalAdvance(a) + fm.horizontalAdvance(b)) / 2 + 6;
        });
    }
    applyTicks(m_xAxis, m_xTicks, m_xFormat.logarithmic);
    applyTicks(m_yAxis, m_yTicks, m_yFormat.logarithmic);
    m_shown = {plotted(m_xTicks.lo, m_xFormat.logarithmic), plotted(m_xTicks.hi, m_xFormat.logarithmic),
               plotted(m_yTicks.lo, m_yFormat.logarithmic), plotted(m_yTicks.hi, m_yFormat.logarithmic)};
}

QRectF ChartView::shownRange() const { return QRectF(QPointF(m_shown.x0, m_shown.y0), QPointF(m_shown.x1, m_shown.y1)); }

void ChartView::setZoom(const Range& wanted)
{
    if (!m_xAxis || !m_yAxis || !m_hasData)
        return;
    const Range a = autoRange();
    Range r = wanted;
    // Neither narrower than a millionth of the data (or `whole` steps) nor wider than twenty times it.
    const auto limit = [](double& lo, double& hi, double autoSpan, double whole) {
        const double least = std::max(autoSpan * kMinZoomIn, whole);
        const double most = std::max(autoSpan * kMaxZoomOut, least);
        const double span = std::clamp(hi - lo, least, most), mid = (lo + hi) / 2;
        if (hi - lo != span) {
            lo = mid - span / 2;
            hi = mid + span / 2;
        }
    };
    // Counts keep at least two whole steps, categories one.
    const auto least = [](const ChartAxisFormat& f) { return !f.categories.isEmpty() ? 1.0 : f.integer && !f.logarithmic ? 2.0 : 0.0; };
    limit(r.x0, r.x1, a.x1 - a.x0, least(m_xFormat));
    limit(r.y0, r.y1, a.y1 - a.y0, least(m_yFormat));
    m_zoom = r;
    apply();
    m_resetButton->show();
    placeResetButton();
    Q_EMIT rangeChanged();
}

void ChartView::resetZoom()
{
    m_resetButton->hide();
    if (!m_zoom)
        return;
    m_zoom.reset();
    apply();
    Q_EMIT rangeChanged();
}

void ChartView::zoomAround(QPointF anchor, double factor)
{
    const Range s = m_shown;
    setZoom({anchor.x() - (anchor.x() - s.x0) * factor, anchor.x() + (s.x1 - anchor.x()) * factor,
             anchor.y() - (anchor.y() - s.y0) * factor, anchor.y() + (s.y1 - anchor.y()) * factor});
}

void ChartView::zoomTo(const QRectF& range)
{
    const QRectF r = range.normalized();
    setZoom({r.left(), r.right(), r.top(), r.bottom()});
}

QRectF ChartView::plotRect() const
{
    const QRectF area = chart()->plotArea();
    return QRectF(mapFromScene(chart()->mapToScene(area.topLeft())), mapFromScene(chart()->mapToScene(area.bottomRight())));
}

QPointF ChartView::toSeries(QPointF pos) const
{
    const QRectF plot = plotRect();
    if (plot.width() <= 0 || plot.height() <= 0)
        return {};
    const Range& s = m_shown;
    return {s.x0 + (pos.x() - plot.left()) / plot.width() * (s.x1 - s.x0),
            s.y1 - (pos.y() - plot.top()) / plot.height() * (s.y1 - s.y0)};
}

QPointF ChartView::toViewport(QPointF p) const
{
    const QRectF plot = plotRect();
    const Range& s = m_shown;
    return {plot.left() + (p.x() - s.x0) / (s.x1 - s.x0) * plot.width(),
            plot.top() + (s.y1 - p.y()) / (s.y1 - s.y0) * plot.height()};
}

void ChartView::setReadout(std::function<QString(const ChartHover&)> text) { m_readoutText = std::move(text); }

QString ChartView::describeValue(QPointF value) const
{
    const auto line = [](const ChartAxisFormat& f, double v) {
        const QString number = QString::fromStdString(formatQuantity(v, f.unit.toStdString(), 4));
        return f.title.isEmpty() ? number : f.title + QStringLiteral(": ") + number;
    };
    return line(m_xFormat, value.x()) + QLatin1Char('\n') + line(m_yFormat, value.y());
}

ChartHover ChartView::pointAt(QPoint pos) const
{
    ChartHover best;
    double bestDist = kPickRadius * kPickRadius;
    const QPointF at = chart()->mapFromScene(mapToScene(pos));
    if (!chart()->plotArea().adjusted(-kPickRadius, -kPickRadius, kPickRadius, kPickRadius).contains(at))
        return best;
    // What is seen is what is read: the cursor on a marker picks it, topmost first (the front
    // over the cloud), even where a point beneath lies nearer; else the nearest point.
    const QList<QAbstractSeries*> series = chart()->series();
    for (auto it = series.crbegin(); it != series.crend(); ++it) {
        auto* xy = qobject_cast<QXYSeries*>(*it);
        if (!xy || !xy->isVisible() || xy->attachedAxes().isEmpty())
            continue;
        const auto* scatter = qobject_cast<const QScatterSeries*>(xy);
        const double onMarker = scatter ? std::pow(scatter->markerSize() / 2 + 1, 2) : 0.0;
        ChartHover hit;
        double hitDist = onMarker;
        const QList<QPointF> points = xy->points();
        for (qsizetype i = 0; i < points.size(); ++i) {
            const QPointF d = chart()->mapToPosition(points[i], xy) - at;
            const double dist = d.x() * d.x() + d.y() * d.y();
            if (dist < bestDist) {
                bestDist = dist;
                best.series = xy;
                best.index = int(i);
            }
            if (dist <= hitDist) {
                hitDist = dist;
                hit.series = xy;
                hit.index = int(i);
            }
        }
        if (hit.series) {
            best = hit;
            break;
        }
    }
    if (!best.series)
        return barAt(pos);
    const QPointF p = best.series->at(best.index);
    best.value = {unplotted(p.x(), m_xFormat.logarithmic) * m_xFormat.factor,
                  unplotted(p.y(), m_yFormat.logarithmic) * m_yFormat.factor};
    return best;
}

ChartHover ChartView::barAt(QPoint pos) const
{
    ChartHover out;
    const QPointF at = chart()->mapFromScene(mapToScene(pos));
    if (!chart()->plotArea().contains(at))
        return out;
    const QList<QAbstractSeries*> series = chart()->series();
    for (auto it = series.crbegin(); it != series.crend() && !out.barSet; ++it) {
        auto* bars = qobject_cast<QAbstractBarSeries*>(*it);
        if (!bars || !bars->isVisible() || bars->attachedAxes().isEmpty() || bars->count() == 0)
            continue;
        const QPointF v = chart()->mapToValue(at, bars);
        const int c = int(std::lround(v.x()));
        const double within = v.x() - c + bars->barWidth() / 2; // from the left of the category's bars
        if (c < 0 || within < 0 || within > bars->barWidth())
            continue;
        const QList<QBarSet*> sets = bars->barSets();
        int hit = -1;
        if (qobject_cast<QStackedBarSeries*>(bars)) {
            // The segment under the cursor; above the stack, its top segment (thin ones stay readable).
            double up = 0, down = 0;
            for (int k = 0; k < int(sets.size()); ++k) {
                const double h = c < sets[k]->count() ? sets[k]->at(c) : 0.0;
                double& base = h < 0 ? down : up;
                if (h != 0 && ((h > 0 && v.y() >= base && v.y() <= base + h) || (h < 0 && v.y() <= base && v.y() >= base + h)))
                    hit = k;
                if (h > 0 && v.y() > base + h)
                    hit = k; // below the cursor: the segment under it, if any, comes later
                base += h;
            }
            if (v.y() < down)
                hit = -1;
        } else {
            // Grouped: the bar's slot, at any height (a short bar is read above it too).
            const int k = std::clamp(int(within / bars->barWidth() * double(sets.size())), 0, int(sets.size()) - 1);
            hit = c < sets[k]->count() ? k : -1;
        }
        if (hit < 0)
            continue;
        out.barSet = sets[hit];
        out.setIndex = hit;
        out.category = c;
        out.value = {double(c), sets[hit]->at(c) * m_yFormat.factor};
    }
    return out;
}

QString ChartView::describeBar(const ChartHover& h) const
{
    if (!h.barSet)
        return {};
    const QString category = h.category < int(m_xFormat.categories.size()) ? m_xFormat.categories[h.category] : QString::number(h.category);
    const QString value = QString::fromStdString(formatQuantity(h.value.y(), m_yFormat.unit.toStdString(), 4));
    const QString what = h.barSet->label().isEmpty() ? category : QStringLiteral("%1 · %2").arg(category, h.barSet->label());
    return what + QLatin1Char('\n') + (m_yFormat.title.isEmpty() ? value : m_yFormat.title + QStringLiteral(": ") + value);
}

void ChartView::hover(QPoint pos)
{
    ChartHover h = pointAt(pos);
    if (!h.any() && m_hoverAnywhere && plotRect().contains(pos)) {
        const QPointF p = toSeries(pos);
        h.value = {unplotted(p.x(), m_xFormat.logarithmic) * m_xFormat.factor,
                   unplotted(p.y(), m_yFormat.logarithmic) * m_yFormat.factor};
    } else if (!h.any()) {
        hideReadout();
        return;
    }
    QString text;
    if (m_readoutText)
        text = m_readoutText(h);
    else if (h.series)
        text = (h.series->name().isEmpty() ? QString() : h.series->name() + QLatin1Char('\n')) + describeValue(h.value);
    else
        text = describeBar(h);
    if (text.isEmpty()) {
        hideReadout();
        return;
    }
    m_readout = text;
    QToolTip::showText(viewport()->mapToGlobal(pos), text, viewport());
}

void ChartView::hideReadout()
{
    if (m_readout.isEmpty())
        return;
    m_readout.clear();
    QToolTip::hideText();
}

bool ChartView::viewportEvent(QEvent* event)
{
    switch (event->type()) {
    case QEvent::ToolTip:
        // The scene would hide the read-out (no item has a tooltip): keep it while it applies.
        if (!m_readout.isEmpty()) {
            QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(), m_readout, viewport());
            return true;
        }
        break;
    case QEvent::Leave:
        hideReadout();
        break;
    default:
        break;
    }
    return QChartView::viewportEvent(event);
}

void ChartView::wheelEvent(QWheelEvent* event)
{
    const QPoint pos = event->position().toPoint();
    const int delta = event->angleDelta().y() != 0 ? event->angleDelta().y() : event->angleDelta().x();
    if (!m_xAxis || !m_yAxis || delta == 0 || !plotRect().contains(pos)) {
        QChartView::wheelEvent(event);
        return;
    }
    zoomAround(toSeries(pos), std::pow(kWheelStep, delta / 120.0));
    event->accept();
}

void ChartView::mousePressEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    const bool pan = event->button() == Qt::MiddleButton ||
                     (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier));
    if (event->button() == Qt::LeftButton || pan) {
        if (plotRect().contains(pos)) {
            m_drag = pan ? Drag::Pan : Drag::Pending;
            m_pressPos = m_lastPos = pos;
            if (pan)
                viewport()->setCursor(Qt::ClosedHandCursor);
            event->accept();
            return;
        }
    }
    QChartView::mousePressEvent(event);
}

void ChartView::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    switch (m_drag) {
    case Drag::None:
        hover(pos);
        QChartView::mouseMoveEvent(event);
        return;
    case Drag::Pan: {
        const QRectF plot = plotRect();
        if (m_xAxis && m_yAxis && plot.width() > 0 && plot.height() > 0) {
            const double dx = double(pos.x() - m_lastPos.x()) / plot.width() * (m_shown.x1 - m_shown.x0);
            const double dy = double(pos.y() - m_lastPos.y()) / plot.height() * (m_shown.y1 - m_shown.y0);
            setZoom({m_shown.x0 - dx, m_shown.x1 - dx, m_shown.y0 + dy, m_shown.y1 + dy});
        }
        m_lastPos = pos;
        break;
    }
    case Drag::Pending:
        if ((pos - m_pressPos).manhattanLength() < kDragThreshold || !m_xAxis || !m_yAxis)
            break;
        m_drag = Drag::Band;
        hideReadout();
        [[fallthrough]];
    case Drag::Band:
        m_band->setGeometry(QRect(m_pressPos, pos).normalized().intersected(plotRect().toAlignedRect()));
        m_band->show();
        break;
    }
    event->accept();
}

void ChartView::mouseReleaseEvent(QMouseEvent* event)
{
    const Drag drag = m_drag;
    m_drag = Drag::None;
    const QPoint pos = event->position().toPoint();
    switch (drag) {
    case Drag::None:
        QChartView::mouseReleaseEvent(event);
        return;
    case Drag::Pan:
        viewport()->unsetCursor();
        break;
    case Drag::Pending:
        if (const ChartHover h = pointAt(pos); h.series)
            Q_EMIT pointClicked(h.series, h.index);
        else if (h.barSet)
            Q_EMIT barClicked(h.setIndex, h.category);
        break;
    case Drag::Band: {
        m_band->hide();
        const QRect band = QRect(m_pressPos, pos).normalized().intersected(plotRect().toAlignedRect());
        // A flat band zooms one axis: the other keeps its range.
        const QPointF a = toSeries(band.topLeft()), b = toSeries(band.bottomRight());
        Range r = m_shown;
        if (band.width() >= kDragThreshold) {
            r.x0 = a.x();
            r.x1 = b.x();
        }
        if (band.height() >= kDragThreshold) {
            r.y0 = b.y();
            r.y1 = a.y();
        }
        if (band.width() >= kDragThreshold || band.height() >= kDragThreshold)
            setZoom(r);
        break;
    }
    }
    event->accept();
}

void ChartView::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        m_drag = Drag::None;
        resetZoom();
        event->accept();
        return;
    }
    QChartView::mouseDoubleClickEvent(event);
}

void ChartView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    if (m_xAxis && m_yAxis) {
        QAction* reset = menu.addAction(tr("Reset view"), this, &ChartView::resetZoom);
        reset->setEnabled(isZoomed());
        const QPointF centre = toSeries(QRectF(plotRect()).center());
        menu.addAction(tr("Zoom in"), this, [this, centre] { zoomAround(centre, 0.5); });
        menu.addAction(tr("Zoom out"), this, [this, centre] { zoomAround(centre, 2.0); });
        menu.addSeparator();
    }
    // This chart as it is shown, from any tab (the runs panel's button saves its tab's chart).
    menu.addAction(tr("Save chart…"), this, [this] {
        saveChartAs(this, [this](const QString& path, QString* error) { return exportWidgetImage(this, path, error); });
    });
    menu.addSeparator();
    menu.addAction(gestureHelp())->setEnabled(false);
    menu.exec(event->globalPos());
}

void ChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    placeResetButton();
}

void ChartView::placeResetButton()
{
    if (!m_resetButton->isVisible())
        return;
    const QRectF plot = plotRect();
    m_resetButton->adjustSize();
    m_resetButton->move(int(plot.right()) - m_resetButton->width() - 4, int(plot.top()) + 4);
    m_resetButton->raise();
}

} // namespace mapscape
