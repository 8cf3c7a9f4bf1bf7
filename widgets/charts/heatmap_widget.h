// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A heatmap: rows × columns of values with row and column labels, a colour bar legend with the
/// value's unit, a read-out on hover naming the cell's row and column and its value with its unit
/// (or why it has none), an optional marked cell, and clicks. Column labels too long for their
/// column are drawn upright (rotated) in full, up to a length, rather than elided to "B…1". The colour image is rendered off the GUI thread (QtConcurrent) and painted
/// by a plain QWidget; a newer render replaces an older one. Used for parameter sweeps,
/// correlation matrices, policy probabilities, platform tables and memory maps.

#include <QFutureWatcher>
#include <QImage>
#include <QStringList>
#include <QWidget>

#include <vector>

class QPainter;

namespace mapscape {

struct HeatmapData {
    int rows = 0;
    int cols = 0;
    std::vector<double> values; ///< row-major; NaN = no value (drawn hatched grey)
    QStringList rowLabels;
    QStringList colLabels;
    QString title;
    QString rowTitle;
    QString colTitle;
    QString valueTitle;         ///< "Latency"
    QString unit;               ///< "cycles" (scaled with an engineering prefix in the legend)
    QStringList notes;          ///< optional per-cell text for tooltips (row-major; why a cell is empty)
    /// Optional row-major flags: cells that keep their value and colour but are crossed out
    /// (e.g. configurations that miss a constraint).
    std::vector<char> masked;
    /// Optional cells outlined in black and white (e.g. the best of each row); (x, y) = (col, row).
    std::vector<QPoint> outlined;
};

enum class HeatmapScale { Linear, Log, Diverging };

/// GUI thread only.
class HeatmapWidget : public QWidget {
    Q_OBJECT

public:
    explicit HeatmapWidget(QWidget* parent = nullptr);
    ~HeatmapWidget() override;

    /// Shows new data; the image is rendered in the background.
    void setData(HeatmapData data);
    const HeatmapData& data() const { return m_data; }
    /// Log colours for values spanning decades (non-positive values are left out), linear, or a
    /// diverging scale centred on 0 (correlations).
    void setScale(HeatmapScale scale);
    HeatmapScale scale() const { return m_scale; }
    /// Colours span [lo, hi] whatever the data (e.g. 0..1 for |r|); lo ≥ hi returns to the data's range.
    void setFixedRange(double lo, double hi);
    /// Marks one cell (-1 clears), e.g. the current design.
    void setMarker(int row, int col);
    /// The value range the colours span (in the values' unit), as the legend shows it.
    double rangeLow() const { return m_lo; }
    double rangeHigh() const { return m_hi; }
    /// The text a tooltip shows for the cell under a widget position ("" outside the grid).
    QString cellText(const QPoint& pos) const;
    /// The read-out shown now, as the mouse moved ("" when none).
    QString readout() const { return m_readout; }
    /// Cell under a widget position, or (-1, -1).
    QPoint cellAt(const QPoint& pos) const;
    /// True while a render is in flight; waitForRender blocks (tests, export).
    bool renderPending() const;
    void waitForRender();
    QImage image() const { return m_image; }
    bool exportTo(const QString& path, QString* error = nullptr);

    QSize minimumSizeHint() const override { return {320, 240}; }

Q_SIGNALS:
    void cellClicked(int row, int col);
    void rendered();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    bool event(QEvent* event) override;

public:
    /// The colour bar's labels, bottom to top, and the column labels drawn at the current size
    /// (tests).
    QStringList legendLabels() const { return legend().labels; }
    QStringList shownColumnLabels() const;
    /// Whether the column labels are drawn rotated (too long for their columns).
    bool columnLabelsRotated() const;

private:
    QRect gridRect() const;
    /// How the column labels are drawn for columns `column` pixels wide: every `step`-th, each
    /// at most `length` pixels long, level or rotated, taking `extent` pixels below the grid.
    struct ColumnLabels {
        int step = 1;
        int length = 0;
        bool rotated = false;
        int extent = 0;
    };
    ColumnLabels columnLabels(double column) const;
    /// A column's label as drawn, elided (in the middle) beyond `length` pixels.
    QString columnLabel(int column, int length) const;
    void paintColumnLabels(QPainter& p, const QRect& grid) const;
    /// Legend: the unit its numbers are in, round values along the bar (positions 0 = bottom to
    /// 1 = top) and their texts, and its width.
    struct Legend {
        QString title;
        QStringList labels;
        std::vector<double> positions;
        int width = 0;
    };
    Legend legend() const;
    void startRender();

    HeatmapData m_data;
    HeatmapScale m_scale = HeatmapScale::Linear;
    QImage m_image;
    double m_lo = 0, m_hi = 1;
    double m_fixedLo = 0, m_fixedHi = 0; ///< used when m_fixedLo < m_fixedHi
    int m_markRow = -1, m_markCol = -1;
    quint64 m_generation = 0;
    QString m_readout;
    QFutureWatcher<QImage>* m_watcher = nullptr;
};

} // namespace mapscape
