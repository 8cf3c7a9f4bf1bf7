// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/placement/widgets/memory_map_view.h"

#include "core/util/strings.h"
#include "widgets/charts/metric_labels.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace mapscape {

using namespace placement;

namespace {

constexpr int kLabelWidth = 170;
constexpr int kBandHeight = 26;
constexpr int kTop = 26;     // legend
constexpr int kGroupGap = 14; // between the upper and the lower map
constexpr int kAxis = 22;

QString qs(const std::string& s) { return QString::fromStdString(s); }

} // namespace

MemoryMapView::MemoryMapView(QWidget* parent)
    : HoverReadoutWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMinimumHeight(kTop + 4 * kBandHeight + kGroupGap + kAxis + 2);
    setAccessibleName(tr("Memory map"));
}

QColor MemoryMapView::levelColor(placement::Level level)
{
    switch (level) {
    case placement::Level::Sram:
        return QColor(0x2e, 0x7d, 0x32); // green: fastest
    case placement::Level::Llc:
        return QColor(0xf9, 0xa8, 0x25); // amber
    case placement::Level::Dram:
        return QColor(0x6d, 0x4c, 0x41); // brown: slowest
    }
    return Qt::gray;
}

void MemoryMapView::setMaps(std::shared_ptr<const PlacementModel> model, const MemoryMap& upper, const QString& upperLabel,
                            const MemoryMap& lower, const QString& lowerLabel, const MemoryMap& legalizedLower,
                            const std::vector<Pin>& pins, bool editable)
{
    m_model = std::move(model);
    m_upper = upper;
    m_lower = lower;
    m_legal = legalizedLower;
    m_upperLabel = upperLabel;
    m_lowerLabel = lowerLabel;
    m_pins = pins;
    m_editable = editable;
    if (m_distribution && m_model && int(m_distribution->activations.size()) != m_model->nodeCount())
        m_distribution.reset();
    update();
}

void MemoryMapView::setDistribution(std::optional<MapDistribution> distribution)
{
    m_distribution = std::move(distribution);
    update();
}

QRect MemoryMapView::bandRect(int band) const
{
    const int y = kTop + band * kBandHeight + (band >= 2 ? kGroupGap : 0);
    return {kLabelWidth, y, std::max(10, width() - kLabelWidth - 8), kBandHeight - 4};
}

double MemoryMapView::cellWidth() const
{
    const int n = m_model ? m_model->nodeCount() : 1;
    return double(bandRect(0).width()) / std::max(1, n);
}

std::pair<int, int> MemoryMapView::cellAt(QPoint pos) const
{
    if (!m_model)
        return {-1, -1};
    for (int b = 0; b < 4; ++b) {
        const QRect r = bandRect(b);
        if (pos.y() >= r.top() && pos.y() <= r.bottom() && pos.x() >= r.left() && pos.x() <= r.right()) {
            const int node = std::clamp(int((pos.x() - r.left()) / cellWidth()), 0, m_model->nodeCount() - 1);
            return {b, node};
        }
    }
    return {-1, -1};
}

QPoint MemoryMapView::cellCenter(int band, int node) const
{
    const QRect r = bandRect(band);
    return {int(r.left() + (node + 0.5) * cellWidth()), r.center().y()};
}

QString MemoryMapView::tooltipFor(int band, int node) const
{
    if (!m_model || band < 0 || node < 0 || node >= m_model->nodeCount())
        return {};
    const GraphNode& g = m_model->graph().nodes[std::size_t(node)];
    const bool weights = band % 2 == 0;
    const MemoryMap& map = band < 2 ? m_upper : m_lower;
    QString text = QStringLiteral("<b>#%1 %2</b> (%3)<br>").arg(node).arg(qs(g.name), qs(std::string(opKindId(g.op))));
    if (weights && !m_model->hasWeights(node))
        return text + tr("no weights: the weight decision is ignored");
    const double bytes = weights ? m_model->weightBytes(node) : m_model->activationBytes(node);
    const auto level = placement::Level(weights ? map.weights[std::size_t(node)] : map.activations[std::size_t(node)]);
    text += tr("%1: %2 in <b>%3</b>").arg(weights ? tr("weights") : tr("output activation"),
                                          quantityText(bytes, QStringLiteral("B")),
                                          qs(std::string(levelName(level))));
    if (band >= 2) {
        const auto compiler = placement::Level(weights ? m_upper.weights[std::size_t(node)] : m_upper.activations[std::size_t(node)]);
        if (compiler != level)
            text += tr("<br>the compiler puts it in %1").arg(qs(std::string(levelName(compiler))));
        const auto legal = placement::Level(weights ? m_legal.weights[std::size_t(node)] : m_legal.activations[std::size_t(node)]);
        if (legal != level)
            text += tr("<br><span style='color:#c62828'>does not fit: the compiler demotes it to %1</span>")
                        .arg(qs(std::string(levelName(legal))));
        if (m_distribution) {
            const auto& p = weights ? m_distribution->weights[std::size_t(node)] : m_distribution->activations[std::size_t(node)];
            text += tr("<br>%1: p(SRAM) %2, p(LLC) %3, p(DRAM) %4")
                        .arg(qs(m_distribution->source))
                        .arg(double(p[0]), 0, 'f', 3)
                        .arg(double(p[1]), 0, 'f', 3)
                        .arg(double(p[2]), 0, 'f', 3);
            if (!m_distribution->temperature.empty())
                text += tr(", temperature %1").arg(double(m_distribution->temperature[std::size_t(node)]), 0, 'f', 2);
        }
        for (const Pin& pin : m_pins)
            if (pin.node == node && pin.weights == weights)
                text += tr("<br>pinned: every run keeps it in %1").arg(qs(std::string(levelName(pin.level))));
        if (m_editable)
            text += tr("<br><i>click: next level · Ctrl+click: pin / unpin</i>");
    }
    const NodeTiming t = m_model->nodeTiming(map, node);
    // Times in engineering units: a 3 ns node read "0.00 µs".
    const QString s = QStringLiteral("s");
    text += tr("<br>node time %1: compute %2, memory %3 (%4-bound)")
                .arg(quantityText(t.total, s), quantityText(t.compute, s), quantityText(t.memoryTime, s),
                     t.memoryBound() ? tr("memory") : tr("compute"));
    return text;
}

QString MemoryMapView::readoutAt(QPoint pos) const
{
    const auto [band, node] = cellAt(pos);
    return tooltipFor(band, node);
}

void MemoryMapView::mousePressEvent(QMouseEvent* e)
{
    const auto [band, node] = cellAt(e->position().toPoint());
    if (band >= 2 && m_editable && e->button() == Qt::LeftButton) {
        if (band == 2 && !m_model->hasWeights(node))
            return;
        Q_EMIT cellClicked(node, band == 2, e->modifiers());
    }
}

void MemoryMapView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (!m_model)
        return;
    const int n = m_model->nodeCount();
    const double w = cellWidth();

    // Legend.
    int x = kLabelWidth;
    const auto legendBox = [&](const QBrush& brush, const QString& label, const QPen& pen = QPen(Qt::NoPen)) {
        p.setPen(pen);
        p.setBrush(brush);
        p.drawRect(x, 7, 12, 12);
        p.setPen(palette().text().color());
        p.drawText(x + 16, 17, label);
        x += 22 + p.fontMetrics().horizontalAdvance(label);
    };
    for (placement::Level l : {placement::Level::Sram, placement::Level::Llc, placement::Level::Dram})
        legendBox(levelColor(l), qs(std::string(levelName(l))));
    legendBox(QBrush(Qt::gray, Qt::BDiagPattern), tr("no weights"));
    legendBox(Qt::NoBrush, tr("differs from the compiler"), QPen(Qt::black, 2));
    legendBox(Qt::NoBrush, tr("× demoted by the legalizer"), QPen(QColor(0xc6, 0x28, 0x28), 2));
    legendBox(levelColor(placement::Level::Sram), tr("pinned (white dot)"));
    p.setPen(Qt::NoPen);
    p.setBrush(Qt::white);
    p.drawEllipse(QPointF(x - 22 - p.fontMetrics().horizontalAdvance(tr("pinned (white dot)")) + 6, 13), 3, 3);

    const QString labels[4] = {m_upperLabel + tr(": weights"), m_upperLabel + tr(": activations"),
                               m_lowerLabel + tr(": weights"), m_lowerLabel + tr(": activations")};
    for (int b = 0; b < 4; ++b) {
        const QRect r = bandRect(b);
        p.setPen(palette().text().color());
        p.drawText(QRect(4, r.top(), kLabelWidth - 8, r.height()), Qt::AlignRight | Qt::AlignVCenter,
                   p.fontMetrics().elidedText(labels[b], Qt::ElideMiddle, kLabelWidth - 8));
        const bool weights = b % 2 == 0;
        const MemoryMap& map = b < 2 ? m_upper : m_lower;
        for (int i = 0; i < n; ++i) {
            const QRectF cell(r.left() + i * w, r.top(), std::max(1.0, w - (w > 4 ? 1 : 0)), r.height());
            if (weights && !m_model->hasWeights(i)) {
                p.fillRect(cell, QBrush(QColor(0xbd, 0xbd, 0xbd), Qt::BDiagPattern));
                continue;
            }
            const auto level = placement::Level(weights ? map.weights[std::size_t(i)] : map.activations[std::size_t(i)]);
            if (b >= 2 && m_distribution) {
                const auto& pr = weights ? m_distribution->weights[std::size_t(i)] : m_distribution->activations[std::size_t(i)];
                double y = cell.bottom();
                for (int l = 0; l < kLevelCount; ++l) {
                    const double hgt = cell.height() * double(pr[std::size_t(l)]);
                    p.fillRect(QRectF(cell.left(), y - hgt, cell.width(), hgt), levelColor(placement::Level(l)));
                    y -= hgt;
                }
            } else {
                p.fillRect(cell, levelColor(level));
            }
            if (b >= 2) {
                const auto compiler = placement::Level(weights ? m_upper.weights[std::size_t(i)] : m_upper.activations[std::size_t(i)]);
                if (compiler != level) {
                    p.setPen(QPen(Qt::black, w > 4 ? 1.5 : 1));
                    p.setBrush(Qt::NoBrush);
                    p.drawRect(cell.adjusted(0.5, 0.5, -0.5, -0.5));
                }
                const auto legal = placement::Level(weights ? m_legal.weights[std::size_t(i)] : m_legal.activations[std::size_t(i)]);
                if (legal != level) {
                    p.setPen(QPen(QColor(0xc6, 0x28, 0x28), w > 4 ? 2 : 1));
                    p.drawLine(cell.topLeft(), cell.bottomRight());
                    p.drawLine(cell.bottomLeft(), cell.topRight());
                }
                for (const Pin& pin : m_pins)
                    if (pin.node == i && pin.weights == weights) {
                        p.setPen(Qt::NoPen);
                        p.setBrush(Qt::white);
                        const double d = std::clamp(w * 0.6, 3.0, 8.0);
                        p.drawEllipse(cell.center(), d / 2, d / 2);
                    }
            }
        }
    }
    // Temperature strip of a Boltzmann chromosome (grey: hotter = lighter).
    if (m_distribution && !m_distribution->temperature.empty()) {
        const QRect r = bandRect(3);
        for (int i = 0; i < n; ++i) {
            const double t = std::clamp(std::log10(double(m_distribution->temperature[std::size_t(i)])), -1.0, 1.0);
            const int g = int(60 + 90 * (t + 1));
            p.fillRect(QRectF(r.left() + i * w, r.bottom() + 2, std::max(1.0, w), 3), QColor(g, g, g));
        }
    }
    // Node axis.
    const QRect last = bandRect(3);
    p.setPen(palette().text().color());
    const int step = n <= 60 ? 5 : n <= 150 ? 10 : 50;
    for (int i = 0; i < n; i += step) {
        const int cx = int(last.left() + (i + 0.5) * w);
        p.drawLine(cx, last.bottom() + 6, cx, last.bottom() + 9);
        p.drawText(cx - 20, last.bottom() + 10, 40, 12, Qt::AlignHCenter | Qt::AlignTop, QString::number(i));
    }
    p.drawText(QRect(4, last.bottom() + 8, kLabelWidth - 8, 14), Qt::AlignRight,
               tr("node, in order →"));
}

} // namespace mapscape
