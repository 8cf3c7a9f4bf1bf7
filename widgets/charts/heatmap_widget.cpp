// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/heatmap_widget.h"

#include "core/util/units.h"
#include "widgets/charts/axis_ticks.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/tooltip_event.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mapscape {

namespace {

constexpr int kLeft = 110, kTop = 50, kBottom = 60;
constexpr int kMaxRotated = 110; ///< pixels of a rotated column label, elided beyond

QRgb sequential(double t)
{
    // A perceptually ordered map from dark purple through teal to yellow.
    static const QColor stops[] = {QColor(68, 1, 84), QColor(59, 82, 139), QColor(33, 145, 140), QColor(94, 201, 98),
                                   QColor(253, 231, 37)};
    t = std::clamp(t, 0.0, 1.0) * 4;
    const int i = std::min(3, int(t));
    const double f = t - i;
    const QColor& a = stops[i];
    const QColor& b = stops[i + 1];
    return qRgb(int(a.red() + f * (b.red() - a.red())), int(a.green() + f * (b.green() - a.green())),
                int(a.blue() + f * (b.blue() - a.blue())));
}

QRgb diverging(double t)
{
    // t in [0, 1], 0.5 = white.
    t = std::clamp(t, 0.0, 1.0);
    const QColor lo(33, 102, 172), mid(247, 247, 247), hi(178, 24, 43);
    const QColor& a = t < 0.5 ? lo : mid;
    const QColor& b = t < 0.5 ? mid : hi;
    const double f = t < 0.5 ? t * 2 : (t - 0.5) * 2;
    return qRgb(int(a.red() + f * (b.red() - a.red())), int(a.green() + f * (b.green() - a.green())),
                int(a.blue() + f * (b.blue() - a.blue())));
}

struct Range {
    double lo = 0, hi = 1;
};

Range rangeOf(const HeatmapData& d, HeatmapScale scale)
{
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (double v : d.values) {
        if (!std::isfinite(v) || (scale == HeatmapScale::Log && v <= 0))
            continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    if (!(lo <= hi))
        return {0, 1};
    if (scale == HeatmapScale::Diverging) {
        const double m = std::max({std::abs(lo), std::abs(hi), 1e-12});
        return {-m, m};
    }
    if (lo == hi)
        return scale == HeatmapScale::Log ? Range{lo / 2, hi * 2} : Range{lo - 0.5, hi + 0.5};
    return {lo, hi};
}

/// The cells as one pixel each (rendered off the GUI thread).
QImage renderCells(HeatmapData d, HeatmapScale scale, Range r)
{
    QImage img(std::max(1, d.cols), std::max(1, d.rows), QImage::Format_RGB32);
    img.fill(qRgb(200, 200, 200));
    const bool log = scale == HeatmapScale::Log;
    const double lo = log ? std::log10(r.lo) : r.lo;
    const double hi = log ? std::log10(r.hi) : r.hi;
    for (int row = 0; row < d.rows; ++row) {
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(row));
        for (int col = 0; col < d.cols; ++col) {
            const double v = d.values[std::size_t(row * d.cols + col)];
            if (!std::isfinite(v) || (log && v <= 0)) {
                line[col] = qRgb(215, 215, 215);
                continue;
            }
            const double t = hi > lo ? ((log ? std::log10(v) : v) - lo) / (hi - lo) : 0.5;
            line[col] = scale == HeatmapScale::Diverging ? diverging(t) : sequential(t);
        }
    }
    return img;
}

QString valueText(double v, const QString& unit)
{
    if (!std::isfinite(v))
        return QStringLiteral("–");
    return QString::fromStdString(formatQuantity(v, unit.toStdString(), 4));
}

} // namespace

HeatmapWidget::HeatmapWidget(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setProperty(kPaintedChart, true); // saved as a chart (chart_export.h)
    m_watcher = new QFutureWatcher<QImage>(this);
    connect(m_watcher, &QFutureWatcher<QImage>::finished, this, [this] {
        // Only the newest render is shown (a later setData restarted the watcher).
        m_image = m_watcher->result();
        update();
        Q_EMIT rendered();
    });
}

HeatmapWidget::~HeatmapWidget()
{
    if (m_watcher->isRunning())
        m_watcher->waitForFinished();
}

void HeatmapWidget::setData(HeatmapData data)
{
    data.values.resize(std::size_t(std::max(0, data.rows * data.cols)), std::numeric_limits<double>::quiet_NaN());
    m_data = std::move(data);
    startRender();
}

void HeatmapWidget::setScale(HeatmapScale scale)
{
    if (scale == m_scale)
        return;
    m_scale = scale;
    startRender();
}

void HeatmapWidget::setMarker(int row, int col)
{
    m_markRow = row;
    m_markCol = col;
    update();
}

void HeatmapWidget::setFixedRange(double lo, double hi)
{
    m_fixedLo = lo;
    m_fixedHi = hi;
    startRender();
}

void HeatmapWidget::startRender()
{
    const Range r = m_fixedLo < m_fixedHi ? Range{m_fixedLo, m_fixedHi} : rangeOf(m_data, m_scale);
    m_lo = r.lo;
    m_hi = r.hi;
    ++m_generation;
    if (m_watcher->isRunning())
        m_watcher->waitForFinished(); // small images: waiting beats juggling two renders
    m_watcher->setFuture(QtConcurrent::run(renderCells, m_data, m_scale, r));
    update();
}

bool HeatmapWidget::renderPending() const { return m_watcher->isRunning(); }

void HeatmapWidget::waitForRender()
{
    if (m_watcher->isRunning())
        m_watcher->waitForFinished();
    m_image = m_watcher->future().isValid() && m_watcher->future().resultCount() > 0 ? m_watcher->result() : m_image;
}

HeatmapWidget::Legend HeatmapWidget::legend() const
{
    Legend l;
    const bool log = m_scale == HeatmapScale::Log;
    // Numbers in one unit (the largest value's), the unit in the legend's title.
    const ScaledUnit su = scaleFor(std::max(std::abs(m_lo), std::abs(m_hi)), m_data.unit.toStdString());
    const QString unit = QString::fromStdString(su.unit);
    QStringList parts;
    if (!unit.isEmpty())
        parts.append(unit);
    if (log)
        parts.append(tr("log"));
    l.title = (m_data.valueTitle.isEmpty() ? tr("value") : m_data.valueTitle) +
              (parts.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(parts.join(QStringLiteral(", "))));
    const QFontMetrics fm(font());
    int widest = 0;
    // Round values inside the bar's range (axis_ticks.h); the ends when none fall inside.
    const double lo = m_lo / su.factor, hi = m_hi / su.factor;
    const bool logScale = log && lo > 0 && hi > lo;
    AxisTicks ticks = logScale ? logTicks(lo, hi, 4) : linearTicks(lo, hi, false, 4);
    const double span = hi - lo;
    for (std::size_t k = 0; k < ticks.values.size(); ++k) {
        const double v = ticks.values[k];
        if (span > 0 && (v < lo - 1e-9 * span || v > hi + 1e-9 * span))
            continue;
        const double t = span <= 0 ? 0.5 : logScale ? (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo)) : (v - lo) / span;
        l.positions.push_back(std::clamp(t, 0.0, 1.0));
        l.labels.append(ticks.labels[qsizetype(k)]);
    }
    if (l.labels.size() < 2) {
        l.labels = {tickLabel(lo, span > 0 ? span / 100 : std::abs(lo) / 100), tickLabel(hi, span > 0 ? span / 100 : std::abs(hi) / 100)};
        l.positions = {0.0, 1.0};
    }
    for (const QString& text : l.labels)
        widest = std::max(widest, fm.horizontalAdvance(text));
    l.width = 14 + 14 + 5 + widest + 8;
    return l;
}

HeatmapWidget::ColumnLabels HeatmapWidget::columnLabels(double column) const
{
    const QFontMetrics fm(font());
    int widest = 1;
    for (const QString& l : m_data.colLabels)
        widest = std::max(widest, fm.horizontalAdvance(l));
    ColumnLabels out;
    if (column - 6 >= widest) { // every label level and whole
        out.length = widest;
        out.extent = fm.height() + 4;
        return out;
    }
    // Too long for their columns: upright, in full up to kMaxRotated pixels (the read-out has the
    // rest), every column while a line of text fits its width.
    out.rotated = true;
    out.length = std::min(widest, kMaxRotated);
    out.step = column >= fm.height() ? 1 : int(std::ceil(fm.height() / std::max(column, 1e-9)));
    out.extent = out.length + 8;
    return out;
}

QString HeatmapWidget::columnLabel(int column, int length) const
{
    const QString label = column < m_data.colLabels.size() ? m_data.colLabels[column] : QString::number(column);
    const QFontMetrics fm(font());
    // elidedText may elide a text exactly as wide as the room (rounding): only what is wider.
    return fm.horizontalAdvance(label) <= length ? label : fm.elidedText(label, Qt::ElideMiddle, length);
}

QStringList HeatmapWidget::shownColumnLabels() const
{
    const QRect g = gridRect();
    const ColumnLabels cl = columnLabels(double(g.width()) / std::max(1, m_data.cols));
    QStringList out;
    for (int c = 0; c < m_data.cols; c += cl.step)
        out.append(columnLabel(c, cl.length));
    return out;
}

bool HeatmapWidget::columnLabelsRotated() const
{
    return columnLabels(double(gridRect().width()) / std::max(1, m_data.cols)).rotated;
}

QRect HeatmapWidget::gridRect() const
{
    const int right = legend().width;
    const int w = std::max(10, width() - kLeft - right);
    // Below the grid: the column labels (level: one line) and the column title.
    const ColumnLabels cl = columnLabels(double(w) / std::max(1, m_data.cols));
    const int bottom = kBottom + (cl.rotated ? cl.extent - (QFontMetrics(font()).height() + 4) : 0);
    return QRect(kLeft, kTop, w, std::max(10, height() - kTop - bottom));
}

QPoint HeatmapWidget::cellAt(const QPoint& pos) const
{
    const QRect g = gridRect();
    if (m_data.rows <= 0 || m_data.cols <= 0 || !g.contains(pos))
        return {-1, -1};
    const int col = std::clamp(int(double(pos.x() - g.left()) * m_data.cols / g.width()), 0, m_data.cols - 1);
    const int row = std::clamp(int(double(pos.y() - g.top()) * m_data.rows / g.height()), 0, m_data.rows - 1);
    return {col, row};
}

QString HeatmapWidget::cellText(const QPoint& pos) const
{
    const QPoint c = cellAt(pos);
    if (c.x() < 0)
        return {};
    const int row = c.y(), col = c.x();
    const QString rowLabel = row < m_data.rowLabels.size() ? m_data.rowLabels[row] : QString::number(row);
    const QString colLabel = col < m_data.colLabels.size() ? m_data.colLabels[col] : QString::number(col);
    const double v = m_data.values[std::size_t(row * m_data.cols + col)];
    const auto named = [](const QString& title, const QString& label) {
        return title.isEmpty() ? label : QStringLiteral("%1 = %2").arg(title, label);
    };
    QString text = QStringLiteral("%1, %2\n%3: %4")
                       .arg(named(m_data.rowTitle, rowLabel), named(m_data.colTitle, colLabel),
                            m_data.valueTitle.isEmpty() ? tr("value") : m_data.valueTitle, valueText(v, m_data.unit));
    const std::size_t i = std::size_t(row * m_data.cols + col);
    if (i < std::size_t(m_data.notes.size()) && !m_data.notes[qsizetype(i)].isEmpty())
        text += QLatin1Char('\n') + m_data.notes[qsizetype(i)];
    return text;
}

bool HeatmapWidget::event(QEvent* e)
{
    if (answerToolTip(this, e, [this](QPoint pos) { return cellText(pos); }))
        return true;
    return QWidget::event(e);
}

void HeatmapWidget::mouseMoveEvent(QMouseEvent* e)
{
    // The read-out follows the mouse at once, as the charts' do (chart_view.h).
    followReadout(this, m_readout, cellText(e->position().toPoint()), e->globalPosition().toPoint());
    QWidget::mouseMoveEvent(e);
}

void HeatmapWidget::leaveEvent(QEvent* e)
{
    followReadout(this, m_readout, QString(), {});
    QWidget::leaveEvent(e);
}

void HeatmapWidget::contextMenuEvent(QContextMenuEvent* e) { offerChartSave(this, e, [this](const QString& path, QString* error) { return exportTo(path, error); }); }

void HeatmapWidget::mousePressEvent(QMouseEvent* e)
{
    const QPoint c = cellAt(e->position().toPoint());
    if (c.x() >= 0 && e->button() == Qt::LeftButton)
        Q_EMIT cellClicked(c.y(), c.x());
    QWidget::mousePressEvent(e);
}

void HeatmapWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    const QRect g = gridRect();
    const QFontMetrics fm(font());
    p.setPen(palette().color(QPalette::WindowText));
    if (!m_data.title.isEmpty()) {
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.drawText(QRect(g.left(), 4, g.width(), fm.height() + 4), Qt::AlignCenter,
                   QFontMetrics(bold).elidedText(m_data.title, Qt::ElideRight, g.width()));
        p.setFont(font());
    }
    if (m_data.rows <= 0 || m_data.cols <= 0) {
        p.drawText(g, Qt::AlignCenter, tr("No data"));
        return;
    }
    if (!m_image.isNull() && m_image.width() == m_data.cols && m_image.height() == m_data.rows) {
        p.setRenderHint(QPainter::SmoothPixmapTransform, false);
        p.drawImage(g, m_image);
        // Hatch cells without a value, so "no value" never reads as a colour.
        const double cw = double(g.width()) / m_data.cols, ch = double(g.height()) / m_data.rows;
        p.setBrush(QBrush(QColor(140, 140, 140), Qt::BDiagPattern));
        p.setPen(Qt::NoPen);
        for (int r = 0; r < m_data.rows; ++r) {
            for (int c = 0; c < m_data.cols; ++c) {
                const double v = m_data.values[std::size_t(r * m_data.cols + c)];
                if (!std::isfinite(v) || (m_scale == HeatmapScale::Log && v <= 0))
                    p.drawRect(QRectF(g.left() + c * cw, g.top() + r * ch, cw, ch));
            }
        }
        p.setBrush(QBrush(QColor(40, 40, 40, 150), Qt::DiagCrossPattern));
        for (std::size_t i = 0; i < m_data.masked.size() && i < m_data.values.size(); ++i) {
            if (m_data.masked[i])
                p.drawRect(QRectF(g.left() + double(i % std::size_t(m_data.cols)) * cw,
                                  g.top() + double(i / std::size_t(m_data.cols)) * ch, cw, ch));
        }
        p.setBrush(Qt::NoBrush);
        for (const QPoint& c : m_data.outlined) {
            if (c.y() < 0 || c.x() < 0 || c.y() >= m_data.rows || c.x() >= m_data.cols)
                continue;
            const QRectF cell(g.left() + c.x() * cw, g.top() + c.y() * ch, cw, ch);
            p.setPen(QPen(Qt::white, 3));
            p.drawRect(cell.adjusted(1, 1, -1, -1));
            p.setPen(QPen(Qt::black, 1.5));
            p.drawRect(cell.adjusted(1, 1, -1, -1));
        }
        if (m_markRow >= 0 && m_markCol >= 0 && m_markRow < m_data.rows && m_markCol < m_data.cols) {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(Qt::red, 2));
            p.drawRect(QRectF(g.left() + m_markCol * cw, g.top() + m_markRow * ch, cw, ch));
        }
    } else {
        p.drawText(g, Qt::AlignCenter, tr("Rendering…"));
    }
    p.setPen(palette().color(QPalette::WindowText));
    p.setBrush(Qt::NoBrush);
    p.drawRect(g.adjusted(0, 0, -1, -1));
    // Row labels: as many as fit, evenly spaced.
    const int rowStep = std::max(1, int(std::ceil(double(fm.height() * m_data.rows) / std::max(1, g.height()))));
    for (int r = 0; r < m_data.rows; r += rowStep) {
        const double y = g.top() + (r + 0.5) * g.height() / m_data.rows;
        const QString label = r < m_data.rowLabels.size() ? m_data.rowLabels[r] : QString::number(r);
        p.drawText(QRectF(4, y - fm.height() / 2.0, kLeft - 8, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                   fm.elidedText(label, Qt::ElideMiddle, kLeft - 10));
    }
    const ColumnLabels cl = columnLabels(double(g.width()) / m_data.cols);
    paintColumnLabels(p, g);
    p.drawText(QRect(g.left(), g.bottom() + 2 + cl.extent, g.width(), fm.height() + 4), Qt::AlignCenter, m_data.colTitle);
    p.save();
    p.translate(14, g.center().y());
    p.rotate(-90);
    p.drawText(QRect(-g.height() / 2, -fm.height(), g.height(), fm.height() + 2), Qt::AlignCenter, m_data.rowTitle);
    p.restore();
    // Colour bar with its unit.
    const QRect bar(g.right() + 14, g.top(), 14, g.height());
    for (int y = 0; y < bar.height(); ++y) {
        const double t = 1.0 - double(y) / std::max(1, bar.height() - 1);
        p.setPen(QColor::fromRgb(m_scale == HeatmapScale::Diverging ? diverging(t) : sequential(t)));
        p.drawLine(bar.left(), bar.top() + y, bar.right(), bar.top() + y);
    }
    p.setPen(palette().color(QPalette::WindowText));
    p.drawRect(bar);
    const Legend lg = legend();
    for (qsizetype k = 0; k < lg.labels.size(); ++k) {
        const double t = lg.positions[std::size_t(k)];
        const int y = bar.bottom() - int(t * bar.height());
        p.drawLine(bar.right(), y, bar.right() + 3, y);
        p.drawText(QRect(bar.right() + 5, y - fm.height() / 2, width() - bar.right() - 5, fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, lg.labels[k]);
    }
    // The legend's title above the bar, right-aligned so that it stays inside the widget.
    const int titleWidth = std::min(fm.horizontalAdvance(lg.title) + 2, width() / 3);
    p.drawText(QRect(width() - titleWidth - 4, kTop - fm.height() * 3 / 2 - 4, titleWidth, fm.height() + 2),
               Qt::AlignRight | Qt::AlignVCenter, fm.elidedText(lg.title, Qt::ElideRight, titleWidth));
}

void HeatmapWidget::paintColumnLabels(QPainter& p, const QRect& g) const
{
    const QFontMetrics fm(font());
    const ColumnLabels cl = columnLabels(double(g.width()) / std::max(1, m_data.cols));
    for (int c = 0; c < m_data.cols; c += cl.step) {
        const double x = g.left() + (c + 0.5) * g.width() / m_data.cols;
        const QString label = columnLabel(c, cl.length);
        if (!cl.rotated) {
            p.drawText(QRectF(x - cl.length / 2.0, g.bottom() + 4, cl.length, fm.height()), Qt::AlignHCenter | Qt::AlignTop, label);
            continue;
        }
        // Read upwards, ending just below the grid.
        p.save();
        p.translate(x, g.bottom() + 4);
        p.rotate(-90);
        p.drawText(QRectF(-cl.length, -fm.height() / 2.0, cl.length, fm.height()), Qt::AlignRight | Qt::AlignVCenter, label);
        p.restore();
    }
}

bool HeatmapWidget::exportTo(const QString& path, QString* error)
{
    waitForRender();
    return exportWidgetImage(this, path, error);
}

} // namespace mapscape
