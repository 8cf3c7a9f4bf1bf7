// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Under the memory map, on the same node axis: the capacity timeline (SRAM per ICE and LLC
/// occupancy at every schedule step, the map as proposed as an outline and as legalized filled,
/// the capacity as a dashed line, steps where a demoted tensor is live tinted red) and the
/// per-node roofline (compute time against memory time on a log scale, the memory bar coloured
/// by the level that limits it), so a lecturer can show why a tensor does not fit and which
/// nodes a better placement can speed up.

#include "kinds/placement/core/placement_model.h"
#include "kinds/placement/widgets/hover_readout.h"

#include <memory>

namespace mapscape {

/// GUI thread only. Its read-out (tooltipFor) follows the mouse (HoverReadoutWidget).
class PlacementTimelineView final : public HoverReadoutWidget {
    Q_OBJECT

public:
    explicit PlacementTimelineView(QWidget* parent = nullptr);

    /// `proposed`: the map as edited; `legalized`: what the compiler makes of it.
    void setMap(std::shared_ptr<const placement::PlacementModel> model, const placement::MemoryMap& proposed,
                const placement::MemoryMap& legalized);
    /// Occupancy of the legalized map at every step.
    const placement::Occupancy& legalOccupancy() const { return m_after; }
    /// Nodes of the legalized map whose memory time exceeds their compute time.
    int memoryBoundNodes() const;

    /// Panel 0 = SRAM, 1 = LLC, 2 = node time; −1 outside. The node (= schedule step) under x.
    std::pair<int, int> cellAt(QPoint pos) const;
    QString tooltipFor(int panel, int node) const;
    /// Schedule steps at which the proposed map overflows SRAM or the LLC.
    int overflowSteps() const { return m_overflowSteps; }

    QSize sizeHint() const override { return {900, 300}; }
    QSize minimumSizeHint() const override { return {300, 220}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    QString readoutAt(QPoint pos) const override;

private:
    QRect panelRect(int panel) const;

    std::shared_ptr<const placement::PlacementModel> m_model;
    placement::MemoryMap m_proposed, m_legal;
    placement::Occupancy m_before, m_after;
    std::vector<bool> m_demotedLive; ///< per step: a demoted tensor is live
    std::vector<placement::NodeTiming> m_timing;
    int m_overflowSteps = 0;
};

} // namespace mapscape
