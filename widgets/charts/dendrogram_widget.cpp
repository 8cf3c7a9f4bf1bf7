// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/dendrogram_widget.h"

#include "widgets/charts/axis_ticks.h"
#include "widgets/charts/chart_export.h"
#include "widgets/charts/tooltip_event.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <functional>

namespace mapscape {

namespace {

constexpr int kMargin = 8;
constexpr int kGrab = 7; ///< pixels around the cut line that start a drag

/// A round step for about `count` ticks over [0, top].
double niceStep(double top, int count)
{
    if (!(top > 0))
        return 1;
    const double raw = top / count;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (raw <= m * mag)
            return m * mag;
    return 10 * mag;
}


} // namespace

DendrogramWidget::DendrogramWidget(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setProperty(kPaintedChart, true); // saved as a chart (chart_export.h)
    setToolTip(tr("Ward clustering of the rows of the |r| matrix: parameters joined low in the tree are "
                  "correlated among the best samples. Drag the dashed line (or set B) to cut the tree into "
                  "B agents."));
}

QColor DendrogramWidget::groupColor(int group)
{
    static const QColor kColors[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
                                     QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                     QColor(0xe3, 0x77, 0xc2), QColor(0x17, 0xbe, 0xcf), QColor(0xbc, 0xbd, 0x22),
                                     QColor(0x39, 0x3b, 0x79)};
    if (group < 0)
        return QColor(0x9a, 0x9a, 0x9a);
    const int n = int(std::size(kColors));
    const QColor base = kColors[group % n];
    return group < n ? base : base.darker(100 + 30 * (group / n));
}

void DendrogramWidget::setTree(const Dendrogram& tree, const QStringList& labels, int clusters)
{
    m_tree = tree;
    m_labels = labels;
    while (m_labels.size() < tree.leaves)
        m_labels.append(QString::number(m_labels.size()));
    m_order = tree.order();
    m_leafGroups.clear();
    m_dragging = false;
    layoutNodes();
    applyClusters(clusters, false);
    updateGeometry();
    update();
}

void DendrogramWidget::clear()
{
    m_tree = {};
    m_labels.clear();
    m_order.clear();
    m_nodeX.clear();
    m_nodeGroup.clear();
    m_cutGroups.clear();
    m_leafGroups.clear();
    m_clusters = 1;
    update();
}

void DendrogramWidget::layoutNodes()
{
    const int n = m_tree.leaves;
    m_nodeX.assign(std::size_t(n + int(m_tree.merges.size())), 0.0);
    for (int i = 0; i < int(m_order.size()); ++i)
        m_nodeX[std::size_t(m_order[std::size_t(i)])] = i;
    for (std::size_t k = 0; k < m_tree.merges.size(); ++k) {
        const Merge& m = m_tree.merges[k];
        m_nodeX[std::size_t(n) + k] = 0.5 * (m_nodeX[std::size_t(m.a)] + m_nodeX[std::size_t(m.b)]);
    }
}

void DendrogramWidget::setClusters(int clusters) { applyClusters(clusters, true); }

void DendrogramWidget::applyClusters(int clusters, bool notify)
{
    const int n = m_tree.leaves;
    if (n == 0)
        return;
    clusters = std::clamp(clusters, 1, n);
    const bool changed = clusters != m_clusters || m_cutGroups.size() != std::size_t(n);
    m_clusters = clusters;
    m_cutGroups = cutIntoClusters(m_tree, clusters);
    // A merge lies below the cut when it is among the first n − B merges (heights ascend).
    m_nodeGroup.assign(std::size_t(n) + m_tree.merges.size(), -1);
    for (int i = 0; i < n; ++i)
        m_nodeGroup[std::size_t(i)] = m_cutGroups[std::size_t(i)];
    for (int k = 0; k < n - clusters && k < int(m_tree.merges.size()); ++k)
        m_nodeGroup[std::size_t(n + k)] = m_nodeGroup[std::size_t(m_tree.merges[std::size_t(k)].a)];
    update();
    if (changed && notify)
        Q_EMIT cutChanged(clusters);
}

void DendrogramWidget::setLeafGroups(std::vector<int> groups)
{
    m_leafGroups = std::move(groups);
    update();
}

double DendrogramWidget::topHeight() const
{
    double top = 0;
    for (const Merge& m : m_tree.merges)
        top = std::max(top, m.height);
    return top > 0 ? top * 1.12 : 1.0;
}

double DendrogramWidget::cutHeight() const
{
    if (m_dragging)
        return m_dragHeight;
    const int n = m_tree.leaves;
    const auto& ms = m_tree.merges;
    if (ms.empty())
        return 0;
    if (m_clusters <= 1)
        return 0.5 * (ms.back().height + topHeight());
    if (m_clusters >= n)
        return 0.5 * ms.front().height;
    return 0.5 * (ms[std::size_t(n - m_clusters - 1)].height + ms[std::size_t(n - m_clusters)].height);
}

int DendrogramWidget::clustersAtHeight(double height) const
{
    int above = 0;
    for (const Merge& m : m_tree.merges)
        above += m.height > height ? 1 : 0;
    return 1 + above;
}

int DendrogramWidget::labelHeight() const
{
    int w = 0;
    for (const QString& s : m_labels)
        w = std::max(w, fontMetrics().horizontalAdvance(s));
    return w + 10;
}

QRect DendrogramWidget::plotRect() const
{
    const QFontMetrics fm = fontMetrics();
    const int axis = fm.horizontalAdvance(QStringLiteral("0.000")) + fm.height() + 14;
    const int top = fm.height() + kMargin + 4;
    return QRect(QPoint(axis, top), QPoint(width() - kMargin - 1, height() - kMargin - labelHeight()));
}

int DendrogramWidget::yOfHeight(double height) const
{
    const QRect r = plotRect();
    return r.bottom() - int(std::lround(height / topHeight() * r.height()));
}

double DendrogramWidget::heightOfY(int y) const
{
    const QRect r = plotRect();
    return std::clamp(double(r.bottom() - y) / std::max(1, r.height()) * topHeight(), 0.0, topHeight());
}

int DendrogramWidget::xOfLeaf(int leaf) const
{
    const QRect r = plotRect();
    const int n = std::max(1, m_tree.leaves);
    const double x = leaf >= 0 && leaf < int(m_nodeX.size()) ? m_nodeX[std::size_t(leaf)] : 0;
    return r.left() + int(std::lround((x + 0.5) * r.width() / n));
}

void DendrogramWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    update();
}

void DendrogramWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    const QFontMetrics fm = fontMetrics();
    const QRect r = plotRect();
    if (!hasTree()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("No clustering yet: press \u201cCluster\u201d to sample the space and group its parameters."));
        return;
    }
    const int n = m_tree.leaves;
    const auto nodeX = [&](int node) {
        return r.left() + (m_nodeX[std::size_t(node)] + 0.5) * r.width() / n;
    };
    const auto nodeY = [&](int node) {
        return node < n ? double(r.bottom()) : double(yOfHeight(m_tree.merges[std::size_t(node - n)].height));
    };
    // Axis: ticks and grid.
    const double top = topHeight();
    const double step = niceStep(top, 4);
    p.setPen(palette().color(QPalette::Text));
    for (double v = 0; v <= top + 1e-12; v += step) {
        const int y = yOfHeight(v);
        p.setPen(QPen(palette().color(QPalette::Mid), 0, Qt::DotLine));
        p.drawLine(r.left(), y, r.right(), y);
        p.setPen(palette().color(QPalette::Text));
        const QString t = tickLabel(std::abs(v) < 1e-12 ? 0.0 : v, step);
        p.drawText(QRect(0, y - fm.height() / 2, r.left() - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter, t);
    }
    p.drawLine(r.left(), r.top(), r.left(), r.bottom());
    p.save();
    p.translate(fm.height() / 2 + 2, r.center().y());
    p.rotate(-90);
    p.drawText(QRect(-r.height() / 2, -fm.height() / 2, r.height(), fm.height()), Qt::AlignCenter,
               tr("Ward distance"));
    p.restore();
    // Title.
    p.drawText(QRect(r.left(), kMargin / 2, r.width(), fm.height() + 4), Qt::AlignLeft | Qt::AlignVCenter,
               m_leafGroups.size() == std::size_t(m_tree.leaves)
                   ? tr("Groups set by hand (names coloured by agent); the cut gives B = %1").arg(m_clusters)
                   : tr("Cut into B = %1 agent(s)").arg(m_clusters));
    // Brackets.
    for (std::size_t k = 0; k < m_tree.merges.size(); ++k) {
        const Merge& m = m_tree.merges[k];
        const int node = n + int(k);
        const double y = nodeY(node);
        const int g = m_nodeGroup[std::size_t(node)];
        QPen pen(groupColor(g), g >= 0 ? 2.2 : 1.6);
        for (int child : {m.a, m.b}) {
            const int cg = m_nodeGroup[std::size_t(child)];
            p.setPen(QPen(groupColor(cg), cg >= 0 ? 2.2 : 1.6));
            p.drawLine(QPointF(nodeX(child), nodeY(child)), QPointF(nodeX(child), y));
        }
        p.setPen(pen);
        p.drawLine(QPointF(nodeX(m.a), y), QPointF(nodeX(m.b), y));
    }
    // Leaves and their names, coloured by the groups in force.
    const std::vector<int>& shown = m_leafGroups.size() == std::size_t(n) ? m_leafGroups : m_cutGroups;
    for (int leaf = 0; leaf < n; ++leaf) {
        const double x = nodeX(leaf);
        const QColor c = groupColor(shown[std::size_t(leaf)]);
        p.setPen(Qt::NoPen);
        p.setBrush(c);
        p.drawEllipse(QPointF(x, r.bottom()), 3.5, 3.5);
        p.save();
        p.translate(x, r.bottom() + 6);
        p.rotate(-90);
        p.setPen(c.darker(115));
        const QString& name = m_labels[leaf];
        p.drawText(QPointF(-fm.horizontalAdvance(name), fm.ascent() / 2.0 - 1), name);
        p.restore();
    }
    // The cut.
    const int cy = yOfHeight(cutHeight());
    p.setPen(QPen(QColor(0xc0, 0x20, 0x20), m_dragging ? 2.0 : 1.5, Qt::DashLine));
    p.drawLine(r.left(), cy, r.right(), cy);
    const QString cutText = tr("cut: B = %1").arg(m_dragging ? clustersAtHeight(m_dragHeight) : m_clusters);
    QRect box(0, 0, fm.horizontalAdvance(cutText) + 8, fm.height() + 2);
    box.moveBottomRight(QPoint(r.right(), cy - 2));
    p.setPen(Qt::NoPen);
    p.setBrush(palette().color(QPalette::Base));
    p.drawRect(box);
    p.setPen(QColor(0xc0, 0x20, 0x20));
    p.drawText(box, Qt::AlignCenter, cutText);
}

void DendrogramWidget::mousePressEvent(QMouseEvent* event)
{
    if (!hasTree() || event->button() != Qt::LeftButton || !plotRect().adjusted(-kGrab, -kGrab, kGrab, kGrab).contains(event->pos()))
        return QWidget::mousePressEvent(event);
    m_dragging = true;
    m_dragHeight = heightOfY(event->pos().y());
    applyClusters(clustersAtHeight(m_dragHeight), true);
    update();
}

void DendrogramWidget::mouseMoveEvent(QMouseEvent* event)
{
    if (!hasTree())
        return QWidget::mouseMoveEvent(event);
    if (m_dragging) {
        m_dragHeight = heightOfY(event->pos().y());
        applyClusters(clustersAtHeight(m_dragHeight), true);
        update();
        return;
    }
    const bool nearCut = std::abs(event->pos().y() - yOfHeight(cutHeight())) <= kGrab && plotRect().contains(event->pos());
    setCursor(nearCut ? Qt::SizeVerCursor : Qt::ArrowCursor);
    // The read-out of the merge, leaf or cut under the mouse, at once (as the charts', chart_view.h).
    followReadout(this, m_readout, textAt(event->pos()), event->globalPosition().toPoint());
}

void DendrogramWidget::leaveEvent(QEvent* event)
{
    followReadout(this, m_readout, QString(), {});
    QWidget::leaveEvent(event);
}

void DendrogramWidget::contextMenuEvent(QContextMenuEvent* event)
{
    offerChartSave(this, event, [this](const QString& path, QString* error) { return exportTo(path, error); });
}

bool DendrogramWidget::exportTo(const QString& path, QString* error) { return exportWidgetImage(this, path, error); }

void DendrogramWidget::mouseReleaseEvent(QMouseEvent* event)
{
    if (!m_dragging)
        return QWidget::mouseReleaseEvent(event);
    m_dragging = false; // the line snaps between the merges it separates
    update();
}

QString DendrogramWidget::textAt(const QPoint& pos) const
{
    if (!hasTree())
        return {};
    const QRect r = plotRect();
    const int n = m_tree.leaves;
    const std::vector<int>& shown = m_leafGroups.size() == std::size_t(n) ? m_leafGroups : m_cutGroups;
    if (pos.y() > r.bottom()) {
        for (int leaf = 0; leaf < n; ++leaf)
            if (std::abs(pos.x() - xOfLeaf(leaf)) <= fontMetrics().height() / 2 + 2)
                return tr("%1: agent %2").arg(m_labels[leaf]).arg(shown[std::size_t(leaf)] + 1);
        return {};
    }
    // The merge whose horizontal bar is nearest.
    if (std::abs(pos.y() - yOfHeight(cutHeight())) <= kGrab)
        return tr("Cut at Ward distance %1: %2 agent(s). Drag to change.").arg(significantLabel(cutHeight(), 3)).arg(m_clusters);
    std::function<void(int, QStringList&)> members = [&](int node, QStringList& out) {
        if (node < n) {
            out.append(m_labels[node]);
            return;
        }
        const Merge& m = m_tree.merges[std::size_t(node - n)];
        members(m.a, out);
        members(m.b, out);
    };
    for (std::size_t k = 0; k < m_tree.merges.size(); ++k) {
        const Merge& m = m_tree.merges[k];
        const int y = yOfHeight(m.height);
        const int xa = r.left() + int((m_nodeX[std::size_t(m.a)] + 0.5) * r.width() / n);
        const int xb = r.left() + int((m_nodeX[std::size_t(m.b)] + 0.5) * r.width() / n);
        const int lo = std::min(xa, xb), hi = std::max(xa, xb);
        if (std::abs(pos.y() - y) <= 4 && pos.x() >= lo - 3 && pos.x() <= hi + 3) {
            QStringList left, right;
            members(m.a, left);
            members(m.b, right);
            return tr("Merge at Ward distance %1: {%2} with {%3}")
                .arg(significantLabel(m.height, 3), left.join(QStringLiteral(", ")), right.join(QStringLiteral(", ")));
        }
    }
    return {};
}

bool DendrogramWidget::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = textAt(help->pos());
        if (text.isEmpty())
            QToolTip::showText(help->globalPos(), toolTip(), this);
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace mapscape
