// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/placement/widgets/placement_timeline_view.h"

#include "kinds/placement/widgets/memory_map_view.h"
#include "widgets/charts/metric_labels.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace mapscape {

namespace {

constexpr int kLabelWidth = 170; // as MemoryMapView, so the node columns line up
constexpr int kTop = 6;
constexpr int kGap = 12;
constexpr int kHeights[3] = {64, 64, 96};

QString bytes(double b) { return quantityText(b, QStringLiteral("B")); }
QString seconds(double s) { return quantityText(s, QStringLiteral("s")); }

} // namespace

PlacementTimelineView::PlacementTimelineView(QWidget* parent)
    : HoverReadoutWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMinimumHeight(kTop + kHeights[0] + kHeights[1] + kHeights[2] + 2 * kGap + 24);
    setAccessibleName(tr("Capacity timeline and node times"));
}

void PlacementTimelineView::setMap(std::shared_ptr<const placement::PlacementModel> model,
                                   const placement::MemoryMap& proposed, const placement::MemoryMap& legalized)
{
    m_model = std::move(model);
    if (!m_model)
        return update();
    m_proposed = proposed;
    m_legal = legalized;
    m_before = m_model->occupancy(m_proposed);
    m_after = m_model->occupancy(m_legal);
    const int n = m_model->nodeCount();
    m_demotedLive.assign(std::size_t(n), false);
    for (int i = 0; i < n; ++i)
        if (m_legal.activations[std::size_t(i)] != m_proposed.activations[std::size_t(i)])
            for (int t = i; t <= m_model->lastUse(i); ++t)
                m_demotedLive[std::size_t(t)] = true;
    m_overflowSteps = 0;
    for (int t = 0; t < n; ++t)
        if (m_before.sramPerIce[std::size_t(t)] > m_before.sramCapacity || m_before.llc[std::size_t(t)] > m_before.llcCapacity)
            ++m_overflowSteps;
    m_timing.clear();
    for (int i = 0; i < n; ++i)
        m_timing.push_back(m_model->nodeTiming(m_legal, i));
    update();
}

int PlacementTimelineView::memoryBoundNodes() const
{
    return int(std::count_if(m_timing.begin(), m_timing.end(), [](const placement::NodeTiming& t) { return t.memoryBound(); }));
}

QRect PlacementTimelineView::panelRect(int panel) const
{
    int y = kTop;
    for (int p = 0; p < panel; ++p)
        y += kHeights[p] + kGap;
    return {kLabelWidth, y, std::max(10, width() - kLabelWidth - 8), kHeights[panel]};
}

std::pair<int, int> PlacementTimelineView::cellAt(QPoint pos) const
{
    if (!m_model)
        return {-1, -1};
    for (int p = 0; p < 3; ++p) {
        const QRect r = panelRect(p);
        if (r.contains(pos)) {
            const double w = double(r.width()) / m_model->nodeCount();
            return {p, std::clamp(int((pos.x() - r.left()) / w), 0, m_model->nodeCount() - 1)};
        }
    }
    return {-1, -1};
}

QString PlacementTimelineView::tooltipFor(int panel, int node) const
{
    if (!m_model || panel < 0 || node < 0 || node >= m_model->nodeCount())
        return {};
    const auto& g = m_model->graph().nodes[std::size_t(node)];
    QString text = QStringLiteral("<b>step %1: %2</b><br>").arg(node).arg(QString::fromStdString(g.name));
    if (panel == 0 || panel == 1) {
        const bool sram = panel == 0;
        const double cap = sram ? m_after.sramCapacity : m_after.llcCapacity;
        const double before = sram ? m_before.sramPerIce[std::size_t(node)] : m_before.llc[std::size_t(node)];
        const double after = sram ? m_after.sramPerIce[std::size_t(node)] : m_after.llc[std::size_t(node)];
        text += tr("%1 occupancy: %2 as proposed, %3 after the compiler's demotions; capacity %4%5")
                    .arg(sram ? tr("SRAM (per ICE)") : tr("LLC"), bytes(before), bytes(after), bytes(cap),
                         sram ? tr(" (weights are copied into every ICE, activations split)") : QString());
        if (before > cap)
            text += tr("<br><span style='color:#c62828'>over capacity by %1: tensors are demoted</span>").arg(bytes(before - cap));
        return text;
    }
    const placement::NodeTiming& t = m_timing[std::size_t(node)];
    text += tr("compute %1, memory %2 (SRAM %3, LLC %4, DRAM %5) + overhead → %6, %7-bound")
                .arg(seconds(t.compute), seconds(t.memoryTime), seconds(t.memory[0]), seconds(t.memory[1]),
                     seconds(t.memory[2]), seconds(t.total), t.memoryBound() ? tr("memory") : tr("compute"));
    return text;
}

QString PlacementTimelineView::readoutAt(QPoint pos) const
{
    const auto [panel, node] = cellAt(pos);
    return tooltipFor(panel, node);
}

void PlacementTimelineView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (!m_model)
        return;
    const int n = m_model->nodeCount();
    const QColor text = palette().text().color();
    const QColor red(0xc6, 0x28, 0x28);

    // Capacity panels.
    for (int panel = 0; panel < 2; ++panel) {
        const QRect r = panelRect(panel);
        const double w = double(r.width()) / n;
        const bool sram = panel == 0;
        const std::vector<double>& before = sram ? m_before.sramPerIce : m_before.llc;
        const std::vector<double>& after = sram ? m_after.sramPerIce : m_after.llc;
        const double cap = sram ? m_after.sramCapacity : m_after.llcCapacity;
        // Up to twice the capacity: a proposal far beyond it is clipped (its peak is written out).
        const double peak = *std::max_element(before.begin(), before.end());
        const double top = std::max({cap * 1.15, std::min(peak * 1.05, cap * 2), 1.0});
        const auto y = [&](double v) { return r.bottom() - r.height() * std::min(v, top) / top; };
        p.fillRect(r, palette().alternateBase());
        for (int t = 0; t < n; ++t) {
            const QRectF col(r.left() + t * w, r.top(), std::max(1.0, w), r.height());
            if (m_demotedLive[std::size_t(t)])
                p.fillRect(col, QColor(0xc6, 0x28, 0x28, 40));
            p.fillRect(QRectF(col.left(), y(after[std::size_t(t)]), col.width() - (w > 4 ? 1 : 0),
                              r.bottom() - y(after[std::size_t(t)])),
                       MemoryMapView::levelColor(sram ? placement::Level::Sram : placement::Level::Llc));
        }
        // As proposed: an outline above the filled legal occupancy where they differ.
        QPolygonF outline;
        for (int t = 0; t < n; ++t) {
            outline << QPointF(r.left() + t * w, y(before[std::size_t(t)])) << QPointF(r.left() + (t + 1) * w, y(before[std::size_t(t)]));
        }
        p.setPen(QPen(text, 1.2));
        p.drawPolyline(outline);
        p.setPen(QPen(red, 1.5, Qt::DashLine));
        p.drawLine(QPointF(r.left(), y(cap)), QPointF(r.right(), y(cap)));
        p.setPen(text);
        p.drawText(QRect(4, r.top(), kLabelWidth - 8, r.height() / 2), Qt::AlignRight | Qt::AlignVCenter,
                   sram ? tr("SRAM per ICE") : tr("LLC"));
        p.drawText(QRect(4, r.top() + r.height() / 2, kLabelWidth - 8, r.height() / 2), Qt::AlignRight | Qt::AlignVCenter,
                   peak > cap ? tr("proposed peak %1").arg(bytes(peak)) : tr("capacity %1").arg(bytes(cap)));
        if (peak > top) {
            p.setPen(red);
            p.drawText(QRect(r.left() + 4, r.top(), r.width() - 8, 14), Qt::AlignRight | Qt::AlignTop,
                       tr("↑ proposal clipped: peak %1 against %2").arg(bytes(peak), bytes(cap)));
        }
    }

    // Node times, log scale: compute (blue) and memory (the limiting level's colour).
    const QRect r = panelRect(2);
    const double w = double(r.width()) / n;
    double lo = 1e9, hi = 0;
    for (const placement::NodeTiming& t : m_timing) {
        for (double v : {t.compute, t.memoryTime})
            if (v > 0) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
    }
    const double l0 = std::floor(std::log10(std::max(lo, 1e-9) * 1e6)), l1 = std::ceil(std::log10(std::max(hi, 1e-9) * 1e6));
    const double span = std::max(1.0, l1 - l0);
    const auto y = [&](double seconds) {
        const double v = std::log10(std::max(seconds * 1e6, std::pow(10.0, l0)));
        return r.bottom() - r.height() * (v - l0) / span;
    };
    p.fillRect(r, palette().alternateBase());
    p.setPen(QPen(palette().mid().color(), 1, Qt::DotLine));
    for (double d = l0; d <= l1; d += 1) {
        const double yy = r.bottom() - r.height() * (d - l0) / span;
        p.drawLine(QPointF(r.left(), yy), QPointF(r.right(), yy));
    }
    const QColor computeColor(0x1e, 0x88, 0xe5);
    for (int i = 0; i < n; ++i) {
        const placement::NodeTiming& t = m_timing[std::size_t(i)];
        const double x = r.left() + i * w;
        const double half = std::max(1.0, (w - (w > 4 ? 1 : 0)) / 2);
        p.fillRect(QRectF(x, y(t.compute), half, r.bottom() - y(t.compute)), computeColor);
        const int limiting = int(std::max_element(t.memory.begin(), t.memory.end()) - t.memory.begin());
        p.fillRect(QRectF(x + half, y(t.memoryTime), half, r.bottom() - y(t.memoryTime)),
                   MemoryMapView::levelColor(placement::Level(limiting)));
    }
    p.setPen(text);
    for (double d = l0; d <= l1; d += 1) {
        const double yy = r.bottom() - r.height() * (d - l0) / span;
        const double v = std::pow(10.0, d);
        p.drawText(QRectF(r.left() - 46, yy - 7, 42, 14), Qt::AlignRight | Qt::AlignVCenter,
                   v >= 1 ? QString::number(v, 'f', 0) : QString::number(v, 'g', 2));
    }
    p.drawText(QRect(4, r.top(), kLabelWidth - 50, r.height()), Qt::AlignRight | Qt::AlignVCenter | Qt::TextWordWrap,
               tr("node time (µs, log): compute | memory"));
    // Legend of the lower panel and the x axis.
    const int ly = r.bottom() + 6;
    int x = kLabelWidth;
    const auto legend = [&](const QColor& c, const QString& label) {
        p.fillRect(x, ly + 2, 10, 10, c);
        p.drawText(x + 14, ly + 11, label);
        x += 24 + p.fontMetrics().horizontalAdvance(label);
    };
    legend(computeColor, tr("compute"));
    legend(MemoryMapView::levelColor(placement::Level::Sram), tr("memory, SRAM-limited"));
    legend(MemoryMapView::levelColor(placement::Level::Llc), tr("LLC-limited"));
    legend(MemoryMapView::levelColor(placement::Level::Dram), tr("DRAM-limited"));
    legend(QColor(0xc6, 0x28, 0x28, 90), tr("a demoted activation is live"));
    p.setPen(QPen(text, 1.2));
    p.drawLine(x, ly + 7, x + 14, ly + 7);
    p.drawText(x + 18, ly + 11, tr("occupancy as proposed"));
}

} // namespace mapscape
