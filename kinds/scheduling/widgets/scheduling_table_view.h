// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A scheduling table drawn as the paper's 10 × 8 grid (outermost row first): rows the
/// accelerator lacks are greyed, rows an optimizer just searched are highlighted (the current
/// row r in a second colour), and bars below show buffer and array utilisation.

#include "kinds/scheduling/core/scheduling_model.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

namespace mapscape {

/// GUI thread only.
class SchedulingTableView : public QWidget {
    Q_OBJECT

public:
    explicit SchedulingTableView(QWidget* parent = nullptr);

    /// Shows a table; `evaluation` (if the table is valid) feeds the utilisation bars.
    void setTable(std::shared_ptr<const SchedulingModel> model, const std::string& title, const SchedulingTable& table,
                  const std::optional<Evaluation>& evaluation);
    /// Rows to highlight (e.g. the rows of the last row search) and the "current row" r.
    void setHighlight(std::vector<Row> rows, std::optional<Row> current = std::nullopt);
    void clear();

    /// Utilisation bars shown (label and percent), for tests and tooltips.
    struct Bar {
        QString label;
        double percent = 0;
    };
    const std::vector<Bar>& bars() const { return m_bars; }
    bool isHighlighted(Row r) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::shared_ptr<const SchedulingModel> m_model;
    QString m_title;
    SchedulingTable m_table;
    bool m_hasTable = false;
    std::vector<Row> m_highlight;
    std::optional<Row> m_current;
    std::vector<Bar> m_bars;
};

} // namespace mapscape
