// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/widgets/scheduling_table_view.h"

#include "kinds/scheduling/core/report.h"

#include <QPainter>

#include <algorithm>

namespace mapscape {

namespace {
constexpr int kRowHeight = 20;
constexpr int kNameWidth = 120;
constexpr int kCellWidth = 46;
constexpr int kDataflowWidth = 44;
constexpr int kBarHeight = 14;
} // namespace

SchedulingTableView::SchedulingTableView(QWidget* parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void SchedulingTableView::setTable(std::shared_ptr<const SchedulingModel> model, const std::string& title,
                                   const SchedulingTable& table, const std::optional<Evaluation>& evaluation)
{
    m_model = std::move(model);
    m_title = QString::fromStdString(title);
    m_table = table;
    m_hasTable = m_model != nullptr;
    m_bars.clear();
    if (m_model && evaluation) {
        const Accelerator& acc = m_model->accelerator();
        const auto addArray = [&](const char* label, const ArraySpec& a, std::uint64_t active) {
            if (a.present)
                m_bars.push_back({QString::fromUtf8(label), arrayUtilization(a, active)});
        };
        addArray("MAC array", acc.macArray, evaluation->activeMacs);
        addArray("PE array", acc.peArray, evaluation->activePes);
        addArray("chips", acc.multiChips, evaluation->activeChips);
        for (Level l : {Level::LocalBuffer, Level::GlobalBuffer}) {
            const BufferSharing sh = m_model->sharing(l);
            if (sh == BufferSharing::Absent)
                continue;
            const QString name = l == Level::LocalBuffer ? QStringLiteral("LB") : QStringLiteral("GB");
            if (sh == BufferSharing::Shared) {
                m_bars.push_back({name + QStringLiteral(" (shared)"),
                                  bufferUtilization(*m_model, *evaluation, l, DataType::Input)});
                continue;
            }
            for (DataType t : kAllDataTypes)
                m_bars.push_back({name + QLatin1Char(' ') + QString::fromUtf8(dataTypeLetter(t).data()),
                                  bufferUtilization(*m_model, *evaluation, l, t)});
        }
    }
    updateGeometry();
    update();
}

void SchedulingTableView::setHighlight(std::vector<Row> rows, std::optional<Row> current)
{
    m_highlight = std::move(rows);
    m_current = current;
    update();
}

void SchedulingTableView::clear()
{
    m_hasTable = false;
    m_model.reset();
    m_bars.clear();
    m_highlight.clear();
    m_current.reset();
    updateGeometry();
    update();
}

bool SchedulingTableView::isHighlighted(Row r) const
{
    return std::find(m_highlight.begin(), m_highlight.end(), r) != m_highlight.end();
}

QSize SchedulingTableView::sizeHint() const
{
    const int width = kNameWidth + kNumDims * kCellWidth + kDataflowWidth + 8;
    const int height = (kNumRows + 2) * kRowHeight + int(m_bars.size()) * (kBarHeight + 4) + 16;
    return {width, height};
}

QSize SchedulingTableView::minimumSizeHint() const { return sizeHint(); }

void SchedulingTableView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (!m_hasTable) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No table"));
        return;
    }
    const Accelerator& acc = m_model->accelerator();
    int y = 0;
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(4, y, width() - 8, kRowHeight), Qt::AlignVCenter | Qt::AlignLeft, m_title);
    y += kRowHeight;
    // Header.
    int x = kNameWidth;
    for (Dim d : kAllDims) {
        p.drawText(QRect(x, y, kCellWidth, kRowHeight), Qt::AlignCenter, QString::fromUtf8(dimName(d).data()));
        x += kCellWidth;
    }
    p.drawText(QRect(x, y, kDataflowWidth, kRowHeight), Qt::AlignCenter, tr("DF"));
    y += kRowHeight;
    p.setFont(font());
    const QColor grey = palette().color(QPalette::Disabled, QPalette::Text);
    for (int r = kNumRows - 1; r >= 0; --r) {
        const Row row = rowAt(r);
        const QRect line(0, y, kNameWidth + kNumDims * kCellWidth + kDataflowWidth, kRowHeight);
        const bool exists = m_model->rowStatus(row) != RowStatus::Virtual;
        if (m_current && *m_current == row)
            p.fillRect(line, QColor(255, 214, 153));
        else if (isHighlighted(row))
            p.fillRect(line, QColor(255, 245, 170));
        else if (!exists)
            p.fillRect(line, palette().color(QPalette::AlternateBase));
        p.setPen(exists ? palette().color(QPalette::Text) : grey);
        p.drawText(QRect(4, y, kNameWidth - 4, kRowHeight), Qt::AlignVCenter | Qt::AlignLeft,
                   QString::fromStdString(rowName(acc, row)));
        x = kNameWidth;
        for (Dim d : kAllDims) {
            const std::uint64_t f = m_table.at(row, d);
            p.setPen(f > 1 ? palette().color(QPalette::Text) : grey);
            p.drawText(QRect(x, y, kCellWidth - 6, kRowHeight), Qt::AlignVCenter | Qt::AlignRight, QString::number(f));
            x += kCellWidth;
        }
        if (!isSpatialRow(row) && exists) {
            const Dataflow df = m_model->effectiveDataflow(m_table, row);
            p.setPen(palette().color(QPalette::Text));
            p.drawText(QRect(x, y, kDataflowWidth, kRowHeight), Qt::AlignCenter, QString::fromUtf8(dataflowName(df).data()));
        }
        p.setPen(palette().color(QPalette::Mid));
        p.drawLine(0, y + kRowHeight - 1, line.right(), y + kRowHeight - 1);
        y += kRowHeight;
    }
    y += 8;
    // Utilisation bars.
    const int barX = kNameWidth;
    const int barW = kNumDims * kCellWidth;
    for (const Bar& b : m_bars) {
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRect(4, y, kNameWidth - 8, kBarHeight), Qt::AlignVCenter | Qt::AlignLeft, b.label);
        p.fillRect(QRect(barX, y, barW, kBarHeight), palette().color(QPalette::AlternateBase));
        const double f = std::clamp(b.percent / 100.0, 0.0, 1.0);
        const QColor c = b.percent > 100.0 ? QColor(220, 60, 60) : QColor(80, 140, 210);
        p.fillRect(QRect(barX, y, int(barW * f), kBarHeight), c);
        p.drawText(QRect(barX + barW + 4, y, kDataflowWidth + 40, kBarHeight), Qt::AlignVCenter | Qt::AlignLeft,
                   QStringLiteral("%1 %").arg(b.percent, 0, 'f', 1));
        y += kBarHeight + 4;
    }
}

} // namespace mapscape
