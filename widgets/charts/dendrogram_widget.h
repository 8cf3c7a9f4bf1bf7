// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A dendrogram of an agglomerative clustering (seed 001's agent clustering): leaves along the
/// bottom with their names, merges drawn as brackets at their Ward distance on a labelled y
/// axis, and a dashed horizontal cut line the user drags (or sets through a B spinner) to split
/// the tree into B groups. Branches below the cut take their group's colour, branches above it
/// are grey; leaf names are coloured by the groups in force (the cut's, or a manual override).
/// Hovering reads out a merge's members and distance, or a leaf's group, at once; the context
/// menu saves the chart.

#include "core/optim/space/agent_clustering.h"

#include <QStringList>
#include <QWidget>

#include <vector>

namespace mapscape {

/// GUI thread only.
class DendrogramWidget : public QWidget {
    Q_OBJECT

public:
    explicit DendrogramWidget(QWidget* parent = nullptr);

    /// Shows a tree; `labels` name its leaves (ids 0..leaves−1). Resets the cut to `clusters`.
    void setTree(const Dendrogram& tree, const QStringList& labels, int clusters);
    void clear();
    const Dendrogram& tree() const { return m_tree; }
    bool hasTree() const { return m_tree.leaves > 0; }

    /// Cuts into `clusters` groups (clamped to 1..leaves); emits cutChanged if it changed.
    void setClusters(int clusters);
    int clusters() const { return m_clusters; }
    /// Group of every leaf under the current cut (SciPy's maxclust numbering).
    const std::vector<int>& cutGroups() const { return m_cutGroups; }
    /// Colours the leaf names by these groups instead of the cut's (a manual override); empty
    /// restores the cut's.
    void setLeafGroups(std::vector<int> groups);
    /// The height the dashed line is drawn at (between the merges it separates).
    double cutHeight() const;
    /// Number of groups a cut at `height` gives.
    int clustersAtHeight(double height) const;

    /// The y pixel of a Ward distance and back (for tests and dragging).
    int yOfHeight(double height) const;
    double heightOfY(int y) const;
    /// Leaf x centre in widget pixels, by leaf id.
    int xOfLeaf(int leaf) const;
    /// Tooltip text for a widget position ("" where there is nothing to explain).
    QString textAt(const QPoint& pos) const;
    /// The read-out shown now, as the mouse moved ("" when none).
    QString readout() const { return m_readout; }
    /// PNG (or any raster format Qt knows) or SVG by the file suffix. False + message on error.
    bool exportTo(const QString& path, QString* error = nullptr);

    static QColor groupColor(int group);

    QSize minimumSizeHint() const override { return {300, 220}; }
    QSize sizeHint() const override { return {460, 320}; }

Q_SIGNALS:
    /// The user (or setClusters) moved the cut: the new number of groups and the group of each leaf.
    void cutChanged(int clusters);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QRect plotRect() const;
    void layoutNodes();
    double topHeight() const;
    int labelHeight() const;
    void applyClusters(int clusters, bool notify);

    Dendrogram m_tree;
    QStringList m_labels;
    std::vector<int> m_order;        ///< leaves left to right
    std::vector<double> m_nodeX;     ///< per node id (leaves, then merges): x in [0, leaves)
    std::vector<int> m_nodeGroup;    ///< per node: its group if it lies below the cut, else -1
    std::vector<int> m_cutGroups;
    std::vector<int> m_leafGroups;   ///< manual override for the leaf colours
    int m_clusters = 1;
    bool m_dragging = false;
    double m_dragHeight = 0;         ///< while dragging: the line follows the mouse
    QString m_readout;
};

} // namespace mapscape
