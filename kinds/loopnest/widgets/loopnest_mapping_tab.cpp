// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The loop-nest workbench's Mapping tab: Timeloop's loop nest as an indented listing, level by
// level outermost first, with its factors, loop orders, spatial split and keep / bypass edited
// in place. An edit is one undo step and is evaluated at once; a mapping the model refuses keeps
// what was typed and shows the model's sentence on the level concerned.

#include "kinds/loopnest/widgets/loopnest_workbench.h"

#include "core/util/strings.h"
#include "core/util/units.h"
#include "kinds/loopnest/widgets/loopnest_workbench_parts.h"
#include "widgets/document/inputs_document.h"
#include "widgets/study/view_cells.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <optional>
#include <utility>

namespace mapscape {

using namespace loopnest_wb;

namespace {

QTableWidgetItem* editable(const QString& text, const QString& tip)
{
    auto* it = new QTableWidgetItem(text);
    it->setToolTip(tip);
    return it;
}

using NestRow = LoopnestWorkbench::NestRow;

/// Writes the nest table's rows in place, a level's block at a time (header, temporal loops,
/// spatial loops), indenting each loop below the last non-trivial one.
struct NestRows {
    QTableWidget* table;
    std::vector<NestRow>& rows;
    const loopnest::Problem& p;
    int check;      // the Check column
    bool all;       // show loops of factor 1 too
    int depth = 0;  // loops opened so far

    int add(NestRow nr, const QString& text, const QString& tip)
    {
        const int row = int(rows.size());
        if (row >= table->rowCount())
            table->setRowCount(row + 1);
        rows.push_back(nr);
        table->setItem(row, LoopnestWorkbench::NestText, cells::readOnly(text, tip));
        for (int c = 1; c <= check; ++c)
            table->setItem(row, c, cells::readOnly(QString()));
        return row;
    }
    QString indent(int extra = 0) const { return QString(2 * (depth + extra), QLatin1Char(' ')); }

    /// A loop's row with its editable factor; a factor of 1 is dimmed and opens no level.
    void loop(NestRow nr, std::uint64_t f, const QString& text, const QString& tip, const QString& factorTip)
    {
        const int row = add(nr, indent(1) + text, tip);
        table->setItem(row, LoopnestWorkbench::FactorColumn, editable(QString::number(f), factorTip));
        if (f <= 1)
            table->item(row, LoopnestWorkbench::NestText)->setForeground(kDimmed);
        else
            ++depth;
    }

    /// The level's temporal loops, outermost first (the permutation is written innermost first).
    void temporalLoops(int l, const QString& level, const loopnest::LevelMapping& lm)
    {
        const int nd = int(p.dimensions.size());
        const std::vector<int> tperm = fullPermutation(lm.temporalPermutation, nd);
        for (auto it = tperm.rbegin(); it != tperm.rend(); ++it) {
            const int d = *it;
            const std::uint64_t f = lm.temporalFactors[std::size_t(d)];
            if (f <= 1 && !all)
                continue;
            const QString dim = qs(p.dimensions[std::size_t(d)]);
            loop({NestRow::Kind::TemporalLoop, l, d}, f, QStringLiteral("for %1 in [0:%2)").arg(dim).arg(f),
                 LoopnestWorkbench::tr("Temporal loop over %1 at %2").arg(dim, level),
                 LoopnestWorkbench::tr("%1's temporal factor at %2 (a whole number ≥ 1)").arg(dim, level));
        }
    }

    /// The level's spatial fan-out row (order and split) and its spatial loops.
    void spatialLoops(int l, const QString& level, const loopnest::LevelMapping& lm, std::uint64_t fx, std::uint64_t fy)
    {
        const int nd = int(p.dimensions.size());
        const int sr = add({NestRow::Kind::Spatial, l, -1},
                           indent(1) + LoopnestWorkbench::tr("spatial fan-out %1 × %2 (X × Y)").arg(fx).arg(fy),
                           LoopnestWorkbench::tr("%1 feeds %2 × %3 instances of the level below").arg(level).arg(fx).arg(fy));
        const std::vector<int> sperm = fullPermutation(lm.spatialPermutation, nd);
        table->setItem(sr, LoopnestWorkbench::OrderColumn,
                       editable(permutationText(p, sperm),
                                LoopnestWorkbench::tr("%1's spatial loop order, innermost first").arg(level)));
        table->setItem(sr, LoopnestWorkbench::SplitColumn,
                       editable(lm.split ? QString::number(*lm.split) : QString(),
                                LoopnestWorkbench::tr("How many of the spatial order's first dimensions map to X (empty: all)")));
        const std::uint32_t split = lm.split ? *lm.split : std::uint32_t(nd);
        for (int i = nd - 1; i >= 0; --i) {
            const int d = sperm[std::size_t(i)];
            const std::uint64_t f = lm.spatialFactors[std::size_t(d)];
            if (f <= 1 && !all)
                continue;
            const QString dim = qs(p.dimensions[std::size_t(d)]);
            const QString axis = std::uint32_t(i) < split ? QStringLiteral("X") : QStringLiteral("Y");
            loop({NestRow::Kind::SpatialLoop, l, d}, f,
                 QStringLiteral("spatial-for %1 in [0:%2) (%3)").arg(dim).arg(f).arg(axis),
                 LoopnestWorkbench::tr("Spatial loop over %1 across mesh %2 below %3").arg(dim, axis, level),
                 LoopnestWorkbench::tr("%1's spatial factor at %2 (a whole number ≥ 1)").arg(dim, level));
        }
    }
};

} // namespace

QWidget* LoopnestWorkbench::buildMappingTab()
{
    auto* page = new QWidget(this);
    auto* v = new QVBoxLayout(page);
    auto* help = new QLabel(tr("Timeloop's loop nest, outermost level first. Edit a loop's factor, a level's loop order "
                               "(innermost first, as Timeloop writes it), the spatial split, or tick what a level "
                               "keeps; every edit is evaluated at once and undoable."),
                            page);
    help->setWordWrap(true);
    m_balance = new QCheckBox(tr("Outermost level takes the rest"), page);
    m_balance->setChecked(true);
    m_balance->setToolTip(tr("When a factor changes, the outermost level's temporal factor of that dimension changes "
                             "too, so that the dimension's factors still multiply to its bound (when it divides)"));
    m_allLoops = new QCheckBox(tr("Show loops of factor 1"), page);
    m_allLoops->setToolTip(tr("List every dimension at every level, so that any factor can be raised"));
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_balance);
    bar->addWidget(m_allLoops);
    bar->addStretch(1);
    m_nestStatus = new QLabel(page);
    m_nestStatus->setWordWrap(true);
    m_nestStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_nest = new QTableWidget(page);
    m_nest->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_nest->verticalHeader()->hide();
    compactRows(m_nest);
    m_nest->setSelectionMode(QAbstractItemView::SingleSelection);
    m_nest->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    v->addWidget(help);
    v->addLayout(bar);
    v->addWidget(m_nestStatus);
    v->addWidget(m_nest, 1);

    connect(m_allLoops, &QCheckBox::toggled, this, [this] {
        m_refused.forget(m_nest); // the rows move
        m_updating = true;
        refreshNest();
        m_updating = false;
    });
    connect(m_nest, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (m_updating)
            return;
        const int row = item->row(), column = item->column();
        if (column >= KeepColumn && column < checkColumn()) {
            // A keep / bypass tick: applied as it is (the model says if it is refused).
            const QString error = editNestCell(row, column, item->checkState() == Qt::Checked ? QStringLiteral("keep")
                                                                                               : QStringLiteral("bypass"));
            if (!error.isEmpty())
                Q_EMIT message(error, 8000);
            return;
        }
        const QString text = item->text();
        showCellOutcome(m_nest, row, column, text, editNestCell(row, column, text));
    });
    return page;
}

int LoopnestWorkbench::checkColumn() const
{
    const LoopnestInputs& in = inputs();
    return KeepColumn + (in.parsed ? int(in.parsed->problem.dataSpaces.size()) : 0);
}

QString LoopnestWorkbench::loopNestText() const
{
    QStringList lines;
    for (int r = 0; r < m_nest->rowCount(); ++r)
        if (const QTableWidgetItem* it = m_nest->item(r, NestText))
            lines << it->text();
    return lines.join(QLatin1Char('\n'));
}

int LoopnestWorkbench::nestRow(NestRow::Kind kind, int level, int dim) const
{
    for (std::size_t r = 0; r < m_nestRows.size(); ++r)
        if (m_nestRows[r].kind == kind && m_nestRows[r].level == level && m_nestRows[r].dim == dim)
            return int(r);
    return -1;
}

/// A level's header row: its name, the data spaces it keeps (with their tiles when evaluated)
/// and bypasses, its loop order, keep / bypass ticks and the model's verdict.
static void nestLevelRow(NestRows& rows, const loopnest::Architecture& a, const loopnest::LevelMapping& lm, int l,
                         const loopnest::EvalResult* r, const std::optional<QString>& refusal)
{
    QTableWidget* table = rows.table;
    const loopnest::Problem& p = rows.p;
    const int nd = int(p.dimensions.size()), nds = int(p.dataSpaces.size());
    const auto& lvl = a.levels[std::size_t(l)];
    QStringList kept, bypassed;
    for (int ds = 0; ds < nds; ++ds) {
        QString name = qs(p.dataSpaces[std::size_t(ds)].name);
        if (!keeps(a, lm, l, ds)) {
            bypassed << name;
            continue;
        }
        // The tile the level holds, in words, as timeloop-model's map.txt writes it, its digits
        // grouped as the Results tab shows the same tiles ("Inputs:151,875").
        if (r && r->ok && std::size_t(l) < r->levels.size())
            name += QLatin1Char(':') + wholeText(r->levels[std::size_t(l)].dataSpaces[std::size_t(ds)].tileSize);
        kept << name;
    }
    QString head = qs(lvl.name) + QStringLiteral(" [") + kept.join(QLatin1Char(' ')) + QStringLiteral("]");
    if (!bypassed.isEmpty())
        head += LoopnestWorkbench::tr("  bypass: %1").arg(bypassed.join(QLatin1Char(' ')));
    QString tip = LoopnestWorkbench::tr("%1 (%2): %3 instance(s)").arg(qs(lvl.name), qs(lvl.className), wholeText(lvl.instances));
    if (lvl.hasSize)
        tip += LoopnestWorkbench::tr(", %1 words each").arg(wholeText(lvl.effectiveSize()));
    if (r && r->ok)
        tip += LoopnestWorkbench::tr("; after each data space it keeps, the tile it holds, in words");
    const int hr = rows.add({NestRow::Kind::Level, l, -1}, head, tip);
    QFont bold = table->font();
    bold.setBold(true);
    table->item(hr, LoopnestWorkbench::NestText)->setFont(bold);
    table->setItem(hr, LoopnestWorkbench::OrderColumn,
                    editable(permutationText(p, fullPermutation(lm.temporalPermutation, nd)),
                             LoopnestWorkbench::tr("%1's temporal loop order, innermost first").arg(qs(lvl.name))));
    for (int ds = 0; ds < nds; ++ds) {
        auto* k = new QTableWidgetItem(keeps(a, lm, l, ds) ? LoopnestWorkbench::tr("keep") : LoopnestWorkbench::tr("bypass"));
        k->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        k->setCheckState(keeps(a, lm, l, ds) ? Qt::Checked : Qt::Unchecked);
        k->setToolTip(LoopnestWorkbench::tr("%1 at %2: ticked keeps it, clear bypasses it")
                          .arg(qs(p.dataSpaces[std::size_t(ds)].name), qs(lvl.name)));
        table->setItem(hr, LoopnestWorkbench::KeepColumn + ds, k);
    }
    if (refusal)
        table->setItem(hr, rows.check, cells::readOnly(*refusal, *refusal));
    else if (r && r->ok)
        table->setItem(hr, rows.check, cells::readOnly(LoopnestWorkbench::tr("ok")));
}

void LoopnestWorkbench::refreshNest()
{
    const LoopnestInputs& in = inputs();
    // The cell the user is on: found again after the rows are rebuilt (a loop that appears or
    // disappears above it moves it).
    std::optional<std::pair<NestRow, int>> current;
    if (const QModelIndex i = m_nest->currentIndex(); i.isValid() && i.row() < int(m_nestRows.size()))
        current = std::pair{m_nestRows[std::size_t(i.row())], i.column()};
    m_nestRows.clear();
    // The rows are rewritten in place, not removed first: a cell being committed keeps its index.
    if (!in.parsed || !in.parsed->hasArchitecture || !in.parsed->hasProblem) {
        m_nest->setRowCount(0);
        m_nest->setColumnCount(0);
        m_nestStatus->setText(QStringLiteral("<span style='color:#b00020'>%1</span>").arg(m_evalError.toHtmlEscaped()));
        return;
    }
    const loopnest::Architecture& a = in.parsed->architecture;
    const loopnest::Problem& p = in.parsed->problem;
    const int check = checkColumn();
    QList<cells::Column> columns = {
        {tr("Loop nest"), tr("Timeloop's loop nest: each storage level with the data spaces it keeps, then its "
                             "temporal loops and its spatial loops (X or Y of the mesh below it), outermost first")},
        {tr("Factor"), tr("The loop's trip count (the dimension's factor at this level); type a new one")},
        {tr("Loop order"), tr("The level's loop order as Timeloop writes it: innermost first (e.g. \"MQP\"); "
                              "dimensions left out go outermost")},
        {tr("Split"), tr("Spatial loops: how many of the order's first (innermost) dimensions map to mesh X; the "
                         "others map to Y. Empty: all on X")}};
    for (const auto& ds : p.dataSpaces)
        columns.push_back({qs(ds.name), tr("Ticked: the level keeps %1 (a tile of it is stored here); "
                                           "clear: %1 bypasses the level").arg(qs(ds.name))});
    columns.push_back({tr("Check"), tr("The model's verdict on the level: why the mapping is refused there")});
    cells::setColumns(m_nest, columns);

    // The level the model names (a product error names none: the level last edited).
    const loopnest::EvalResult* r = m_result ? &*m_result : nullptr;
    int badLevel = -1;
    QString badText;
    if (r && !r->ok) {
        badLevel = a.findLevel(r->errorLevel);
        if (badLevel < 0 && r->errorLevel.empty() && m_editedLevel >= 0 && m_editedLevel < int(a.levels.size()))
            badLevel = m_editedLevel;
        if (badLevel < 0 && r->errorLevel == a.arithmetic.name)
            badLevel = int(a.levels.size());
        badText = qs(r->errorClass) + QStringLiteral(": ") + qs(r->error);
    }

    NestRows rows{m_nest, m_nestRows, p, check, m_allLoops->isChecked()};
    for (int l = 0; l < int(a.levels.size()); ++l) {
        const auto& lvl = a.levels[std::size_t(l)];
        const loopnest::LevelMapping& lm = m_mapping.levels[std::size_t(l)];
        const QString level = qs(lvl.name);
        nestLevelRow(rows, a, lm, l, r, l == badLevel ? std::optional<QString>(badText) : std::nullopt);
        rows.temporalLoops(l, level, lm);
        const auto [fx, fy] = fanout(a, l);
        if (fx * fy > 1 || lm.hasSpatial)
            rows.spatialLoops(l, level, lm, fx, fy);
    }
    const int cr = rows.add({NestRow::Kind::Compute, int(a.levels.size()), -1},
                          rows.indent(1) + tr("compute: %1 × %2").arg(qs(a.arithmetic.name)).arg(a.arithmetic.instances),
                          tr("The arithmetic units: one multiply-accumulate per innermost iteration"));
    if (badLevel == int(a.levels.size()))
        m_nest->setItem(cr, check, cells::readOnly(badText, badText));

    m_nest->setRowCount(int(m_nestRows.size()));
    // The refused level: every row of its block tinted.
    for (int row = 0; row < m_nest->rowCount(); ++row)
        if (m_nestRows[std::size_t(row)].level == badLevel)
            for (int c = 0; c <= check; ++c)
                if (QTableWidgetItem* it = m_nest->item(row, c))
                    it->setBackground(kRefusedLevel);

    if (!m_evalError.isEmpty())
        m_nestStatus->setText(QStringLiteral("<span style='color:#b00020'>%1</span>").arg(m_evalError.toHtmlEscaped()));
    else if (r && !r->ok)
        m_nestStatus->setText(QStringLiteral("<span style='color:#b00020'><b>%1</b> %2</span>")
                                  .arg(tr("Invalid mapping at %1 (%2):")
                                           .arg(badLevel >= 0 && badLevel < int(a.levels.size())
                                                    ? qs(a.levels[std::size_t(badLevel)].name)
                                                    : qs(r->errorLevel.empty() ? std::string("the nest") : r->errorLevel),
                                                qs(r->errorClass))
                                           .toHtmlEscaped(),
                                       qs(r->error).toHtmlEscaped()));
    else if (r)
        m_nestStatus->setText(summaryText().section(QLatin1Char('\n'), 0, 0).toHtmlEscaped());
    if (!in.parsed->hasMapping)
        m_nestStatus->setText(m_nestStatus->text() + QStringLiteral("<br><i>%1</i>")
                                                         .arg(tr("The spec has no mapping: shown is every factor at the "
                                                                 "outermost level. Edit it, or run a mapper (Optimize).")));
    fitColumns(m_nest);
    if (current) {
        const int row = nestRow(current->first.kind, current->first.level, current->first.dim);
        if (row >= 0 && row != m_nest->currentRow()) {
            // After the edit's editor has closed: moving the current cell now would commit it again.
            QTimer::singleShot(0, m_nest, [table = m_nest, row, column = current->second] {
                if (row < table->rowCount())
                    table->setCurrentCell(row, column);
            });
        }
    }
}

QString LoopnestWorkbench::editNestCell(int row, int column, const QString& text)
{
    const LoopnestInputs& in = inputs();
    if (row < 0 || row >= int(m_nestRows.size()) || !in.parsed)
        return {};
    const NestRow nr = m_nestRows[std::size_t(row)];
    const loopnest::Architecture& a = in.parsed->architecture;
    const loopnest::Problem& p = in.parsed->problem;
    if (nr.level >= int(a.levels.size()))
        return {};
    const QString levelName = qs(a.levels[std::size_t(nr.level)].name);
    loopnest::Mapping m = m_mapping;
    loopnest::LevelMapping& lm = m.levels[std::size_t(nr.level)];
    const QString t = text.trimmed();
    QString label;
    if (column == FactorColumn && (nr.kind == NestRow::Kind::TemporalLoop || nr.kind == NestRow::Kind::SpatialLoop)) {
        const bool spatial = nr.kind == NestRow::Kind::SpatialLoop;
        const QString dim = qs(p.dimensions[std::size_t(nr.dim)]);
        bool ok = false;
        const qulonglong f = t.toULongLong(&ok);
        if (!ok || f < 1 || f > p.bounds[std::size_t(nr.dim)])
            return tr("%1 factor of %2 at %3: expected a whole number from 1 to the bound %4, got \"%5\"")
                .arg(spatial ? tr("Spatial") : tr("Temporal"), dim, levelName)
                .arg(p.bounds[std::size_t(nr.dim)])
                .arg(t);
        (spatial ? lm.spatialFactors : lm.temporalFactors)[std::size_t(nr.dim)] = f;
        if (spatial)
            lm.hasSpatial = true;
        else
            lm.hasTemporal = true;
        if (m_balance->isChecked() && !(nr.level == 0 && !spatial)) {
            // The outermost level's temporal factor takes the rest of the bound, when it divides.
            std::uint64_t others = 1;
            for (std::size_t l = 0; l < m.levels.size(); ++l) {
                others *= m.levels[l].spatialFactors[std::size_t(nr.dim)];
                if (l > 0)
                    others *= m.levels[l].temporalFactors[std::size_t(nr.dim)];
            }
            const std::uint64_t bound = p.bounds[std::size_t(nr.dim)];
            if (others > 0 && bound % others == 0) {
                m.levels.front().temporalFactors[std::size_t(nr.dim)] = bound / others;
                m.levels.front().hasTemporal = true;
            }
        }
        label = tr("%1 = %2 at %3").arg(dim).arg(f).arg(levelName);
    } else if (column == OrderColumn && (nr.kind == NestRow::Kind::Level || nr.kind == NestRow::Kind::Spatial)) {
        QString why;
        const auto perm = parsePermutationText(p, t, &why);
        if (!perm)
            return tr("Loop order at %1: %2").arg(levelName, why);
        (nr.kind == NestRow::Kind::Level ? lm.temporalPermutation : lm.spatialPermutation) = *perm;
        if (nr.kind == NestRow::Kind::Spatial)
            lm.hasSpatial = true;
        label = tr("%1 loop order at %2").arg(nr.kind == NestRow::Kind::Level ? tr("Temporal") : tr("Spatial"), levelName);
    } else if (column == SplitColumn && nr.kind == NestRow::Kind::Spatial) {
        if (t.isEmpty()) {
            lm.split.reset();
        } else {
            bool ok = false;
            const uint s = t.toUInt(&ok);
            if (!ok || s > 1024)
                return tr("Split at %1: expected a whole number from 0 to 1024 (or nothing: all on X), got \"%2\"")
                    .arg(levelName, t);
            lm.split = s;
        }
        lm.hasSpatial = true;
        label = tr("Spatial split at %1").arg(levelName);
    } else if (column >= KeepColumn && column < checkColumn() && nr.kind == NestRow::Kind::Level) {
        const int ds = column - KeepColumn;
        const bool keep = t == tr("keep") || t == QLatin1String("keep");
        lm.keep[std::size_t(ds)] = keep ? 1 : 0;
        label = tr("%1 %2 %3").arg(keep ? tr("Keep") : tr("Bypass"), qs(p.dataSpaces[std::size_t(ds)].name), levelName);
    } else {
        return {};
    }
    m_editedLevel = nr.level;
    setMapping(m, label);
    return {};
}

} // namespace mapscape
