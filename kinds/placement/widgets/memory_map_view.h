// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The memory map of a tensor-placement study (seed 004, the paper's Fig. 6 bottom): nodes along
/// x in topological order, one band for the weights and one for the output activations of each
/// map shown (the compiler's above, the map being edited below), coloured SRAM / LLC / DRAM.
/// Weight-less nodes are hatched, tensors that differ from the compiler's map are outlined, the
/// tensors the legalizer would demote are crossed, pinned tensors carry a dot. In probability
/// mode the lower bands show a policy's per-tensor distribution as stacked bars, with a
/// Boltzmann chromosome's temperature as a grey strip. Clicking a lower-band cell asks to cycle
/// its level; Ctrl+click asks to pin or unpin it.

#include "kinds/placement/core/placement_model.h"
#include "kinds/placement/learners/egrl.h"
#include "kinds/placement/widgets/hover_readout.h"

#include <memory>
#include <optional>

namespace mapscape {

/// GUI thread only. Its read-out (tooltipFor) follows the mouse (HoverReadoutWidget).
class MemoryMapView final : public HoverReadoutWidget {
    Q_OBJECT

public:
    explicit MemoryMapView(QWidget* parent = nullptr);

    /// The model gives names, sizes and which nodes have weights; the maps must have its size.
    void setMaps(std::shared_ptr<const placement::PlacementModel> model, const placement::MemoryMap& upper,
                 const QString& upperLabel, const placement::MemoryMap& lower, const QString& lowerLabel,
                 const placement::MemoryMap& legalizedLower, const std::vector<placement::Pin>& pins, bool editable);
    /// Probability mode for the lower bands (nullopt: levels).
    void setDistribution(std::optional<placement::MapDistribution> distribution);
    bool probabilityMode() const { return m_distribution.has_value(); }

    /// The band and node under a widget position: band 0–3 (upper W, upper A, lower W, lower A),
    /// or −1.
    std::pair<int, int> cellAt(QPoint pos) const;
    /// The centre of a cell (tests drive clicks through it).
    QPoint cellCenter(int band, int node) const;
    QString tooltipFor(int band, int node) const;

    QSize sizeHint() const override { return {900, 176}; }
    QSize minimumSizeHint() const override { return {300, 176}; }

    static QColor levelColor(placement::Level level);

Q_SIGNALS:
    /// A lower-band cell was clicked: cycle (no modifier) or pin (Ctrl).
    void cellClicked(int node, bool weights, Qt::KeyboardModifiers modifiers);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    QString readoutAt(QPoint pos) const override;

private:
    QRect bandRect(int band) const;
    double cellWidth() const;

    std::shared_ptr<const placement::PlacementModel> m_model;
    placement::MemoryMap m_upper, m_lower, m_legal;
    QString m_upperLabel, m_lowerLabel;
    std::vector<placement::Pin> m_pins;
    std::optional<placement::MapDistribution> m_distribution;
    bool m_editable = false;
};

} // namespace mapscape
