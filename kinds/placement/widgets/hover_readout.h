// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The painted views of the placement kind (memory map, capacity timeline, map embedding) read
/// out what is under the mouse at once, as the heatmaps and charts do (widgets/charts/
/// tooltip_event.h's followReadout), instead of after the tooltip delay: a subclass says what
/// the read-out says at a position; moving onto another cell shows its text, leaving hides it.

#include "widgets/charts/tooltip_event.h"

#include <QMouseEvent>
#include <QWidget>

namespace mapscape {

/// GUI thread only.
class HoverReadoutWidget : public QWidget {
public:
    explicit HoverReadoutWidget(QWidget* parent = nullptr)
        : QWidget(parent)
    {
        setMouseTracking(true);
    }

    /// The read-out shown now, as the mouse last moved ("" when none).
    QString readout() const { return m_readout; }

protected:
    /// The read-out at a widget position ("" where there is nothing to read).
    virtual QString readoutAt(QPoint pos) const = 0;

    bool event(QEvent* e) override
    {
        if (answerToolTip(this, e, [this](QPoint pos) { return readoutAt(pos); }))
            return true;
        return QWidget::event(e);
    }
    void mouseMoveEvent(QMouseEvent* e) override
    {
        followReadout(this, m_readout, readoutAt(e->position().toPoint()), e->globalPosition().toPoint());
        QWidget::mouseMoveEvent(e);
    }
    void leaveEvent(QEvent* e) override
    {
        followReadout(this, m_readout, QString(), {});
        QWidget::leaveEvent(e);
    }

private:
    QString m_readout;
};

} // namespace mapscape
