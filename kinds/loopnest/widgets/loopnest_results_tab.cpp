// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The loop-nest workbench's Results tab: the totals (energy, cycles, utilisation, pJ per
// compute, the level that bounds the cycles), energy by level and data space, the share of each
// buffer a mapping fills, and the per-level statistics of timeloop-model's stats.txt in
// engineering units.

#include "kinds/loopnest/widgets/loopnest_workbench.h"

#include "core/util/strings.h"
#include "core/util/units.h"
#include "kinds/loopnest/widgets/loopnest_workbench_parts.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/study/view_cells.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace mapscape {

using namespace loopnest_wb;

namespace {

enum StatsColumn {
    StLevel, StDataSpace, StTile, StCapacity, StInstances, StReads, StFills, StUpdates, StEnergy, StPerCompute,
    StReadBw, StWriteBw, StCycles, StColumnCount
};

QString q(double v, const char* unit, int digits = 3) { return qs(formatQuantity(v, unit, digits)); }

/// A right-aligned read-only number cell with its exact value and unit in the tooltip.
QTableWidgetItem* numberCell(const QString& text, const QString& tip)
{
    QTableWidgetItem* it = cells::readOnly(text, tip);
    it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return it;
}

} // namespace

QWidget* LoopnestWorkbench::buildResultsTab()
{
    auto* page = new QWidget(this);
    auto* v = new QVBoxLayout(page);
    m_summary = new QLabel(page);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_energyChart = new EnergyBreakdownChart(page);
    m_energyChart->setToolTip(tr("Energy of each level (all its instances) by data space: reads, fills and updates "
                                 "with their address generation; leakage apart; the arithmetic units' computes"));
    m_capacityChart = new EnergyBreakdownChart(page);
    m_capacityChart->setToolTip(tr("The share of each buffer's capacity the tiles of the mapping fill, by data space "
                                   "(unbounded levels such as DRAM are not shown)"));
    auto* charts = new QSplitter(Qt::Horizontal, page);
    charts->addWidget(m_energyChart);
    charts->addWidget(m_capacityChart);
    charts->setStretchFactor(0, 1);
    charts->setStretchFactor(1, 1);
    m_stats = new QTableWidget(page);
    m_stats->verticalHeader()->hide();
    compactRows(m_stats);
    m_stats->horizontalHeader()->setStretchLastSection(false); // figures stay beside their titles
    m_stats->setEditTriggers(QAbstractItemView::NoEditTriggers);
    cells::setColumns(m_stats,
                      {{tr("Level"), tr("Storage level (outermost first), then the arithmetic units")},
                       {tr("Data space"), tr("The tensor the row counts")},
                       {tr("Tile (words)"), tr("Words of the data space one instance holds (its tile)")},
                       {tr("Capacity (words)"), tr("Words the data space occupies in one instance, and the share of "
                                                        "the instance's capacity; a level's row: its capacity")},
                       {tr("Instances"), tr("Instances of the level that hold a tile (utilised instances) of all")},
                       {tr("Reads"), tr("Scalar reads per instance")},
                       {tr("Fills"), tr("Scalar fills (writes from the level above) per instance")},
                       {tr("Updates"), tr("Scalar updates (partial sums written back) per instance")},
                       {tr("Energy"), tr("Energy of the data space at the level, all instances, with its share of "
                                         "the leakage (pJ with SI prefixes)")},
                       {tr("pJ/compute"), tr("That energy per compute (pJ)")},
                       {tr("Read BW"), tr("Words read per cycle (after the bandwidth slow-down)")},
                       {tr("Write BW"), tr("Words written per cycle (fills and updates)")},
                       {tr("Cycles"), tr("Cycles the level needs for its traffic; the slowest sets the total")}});
    auto* split = new QSplitter(Qt::Vertical, page);
    split->addWidget(charts);
    split->addWidget(m_stats);
    // Charts tall enough for six value labels (QtCharts elides them all when they crowd).
    charts->setMinimumHeight(300);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    v->addWidget(m_summary);
    v->addWidget(split, 1);
    return page;
}

QString LoopnestWorkbench::summaryText() const
{
    if (!m_result)
        return m_evalError.isEmpty() ? tr("Not evaluated.") : tr("Cannot be evaluated: %1").arg(m_evalError);
    const loopnest::EvalResult& r = *m_result;
    if (!r.ok)
        return tr("Invalid mapping at %1 (%2): %3")
            .arg(qs(r.errorLevel.empty() ? std::string("the nest") : r.errorLevel), qs(r.errorClass), qs(r.error));
    const double perCompute = r.actualComputes ? r.energy / double(r.actualComputes) : 0.0;
    QString s = tr("Energy %1 (%2 pJ/compute), %3 cycles, utilisation %4 %")
                    .arg(q(r.energy, "pJ", 4), qs(formatSig(perCompute, 4)), wholeText(r.cycles), qs(formatSig(100 * r.utilization, 4)));
    s += QLatin1Char('\n') + tr("%1 computes on %2 of %3 %4 units; EDP %5")
                                 .arg(wholeText(r.actualComputes))
                                 .arg(r.arithmetic.utilizedInstances)
                                 .arg(r.arithmetic.instances)
                                 .arg(qs(r.arithmetic.name), q(r.energy * double(r.cycles), "pJ·cycles", 4));
    // The level that bounds the cycles: the slowest of those slowed down by their bandwidth.
    const loopnest::LevelStats* slow = nullptr;
    for (const loopnest::LevelStats& L : r.levels)
        if (L.slowdown < 1.0 && (!slow || L.slowdown < slow->slowdown))
            slow = &L;
    if (slow)
        s += QLatin1Char('\n') + tr("Bandwidth-bound at %1: it runs at %2 of the compute rate (%3 cycles there)")
                                     .arg(qs(slow->name), qs(formatSig(slow->slowdown, 3)), wholeText(slow->cycles));
    else
        s += QLatin1Char('\n') + tr("Compute-bound: no level's bandwidth slows the computes down");
    return s;
}

void LoopnestWorkbench::refreshResults()
{
    m_summary->setText(summaryText());
    m_stats->setRowCount(0);
    const LoopnestInputs& in = inputs();
    if (!m_result || !m_result->ok || !in.parsed) {
        m_summary->setStyleSheet(QStringLiteral("color: #b00020"));
        m_energyChart->setStacks(tr("Energy"), {}, {}, tr("Energy"), QStringLiteral("pJ"));
        m_capacityChart->setStacks(tr("Capacity used"), {}, {}, tr("%"), QStringLiteral("%"));
        return;
    }
    m_summary->setStyleSheet(QString());
    const loopnest::EvalResult& r = *m_result;
    const loopnest::Problem& p = in.parsed->problem;
    const loopnest::Architecture& a = in.parsed->architecture;
    const int nds = int(p.dataSpaces.size());

    // Energy by level and data space (leakage apart), the arithmetic units as the last bar.
    QStringList categories;
    QList<QPair<QString, QList<double>>> energy;
    for (int ds = 0; ds < nds; ++ds)
        energy.push_back({qs(p.dataSpaces[std::size_t(ds)].name), {}});
    energy.push_back({tr("Leakage"), {}});
    energy.push_back({tr("Compute"), {}});
    QStringList capCategories;
    QList<QPair<QString, QList<double>>> capacity;
    for (int ds = 0; ds < nds; ++ds)
        capacity.push_back({qs(p.dataSpaces[std::size_t(ds)].name), {}});
    for (const loopnest::LevelStats& L : r.levels) {
        categories << qs(L.name);
        for (int ds = 0; ds < nds; ++ds) {
            const auto& d = L.dataSpaces[std::size_t(ds)];
            energy[ds].second << std::max(0.0, d.energyTotal - L.leakage / std::max(1, nds));
        }
        energy[nds].second << L.leakage;
        energy[nds + 1].second << 0.0;
        if (L.hasSize && L.size > 0) {
            capCategories << qs(L.name);
            for (int ds = 0; ds < nds; ++ds) {
                const auto& d = L.dataSpaces[std::size_t(ds)];
                capacity[ds].second << (d.keep ? 100.0 * double(d.utilizedCapacity) / double(L.size) : 0.0);
            }
        }
    }
    categories << qs(r.arithmetic.name);
    for (int ds = 0; ds <= nds; ++ds)
        energy[ds].second << 0.0;
    energy[nds + 1].second << r.arithmetic.energy;
    m_energyChart->setStacks(tr("Energy by level and data space (%1 in all)").arg(q(r.energy, "pJ")), categories, energy,
                             tr("Energy"), QStringLiteral("pJ"));
    m_capacityChart->setStacks(tr("Buffer capacity used"), capCategories, capacity, tr("% of capacity"), QStringLiteral("%"));

    // The per-level table: one row per kept data space, then the level's total.
    const double computes = std::max<double>(1.0, double(r.actualComputes));
    auto addRow = [&](const QList<QTableWidgetItem*>& items) {
        const int row = m_stats->rowCount();
        m_stats->insertRow(row);
        for (int c = 0; c < int(items.size()); ++c)
            m_stats->setItem(row, c, items[c]);
        return row;
    };
    for (std::size_t l = 0; l < r.levels.size(); ++l) {
        const loopnest::LevelStats& L = r.levels[l];
        const loopnest::StorageLevelSpec& spec = a.levels[l];
        for (int ds = 0; ds < nds; ++ds) {
            const auto& d = L.dataSpaces[std::size_t(ds)];
            if (!d.keep)
                continue;
            const QString share = L.hasSize && L.size
                                      ? QStringLiteral(" (%1 %)").arg(qs(formatSig(100.0 * double(d.utilizedCapacity) / double(L.size), 3)))
                                      : QString();
            addRow({cells::readOnly(qs(L.name)), cells::readOnly(qs(p.dataSpaces[std::size_t(ds)].name)),
                    numberCell(wholeText(d.tileSize), tr("%1 words").arg(wholeText(d.tileSize))),
                    numberCell(wholeText(d.utilizedCapacity) + share,
                               tr("%1 words of %2").arg(wholeText(d.utilizedCapacity),
                                                        L.hasSize ? wholeText(L.size) : tr("unbounded"))),
                    numberCell(qs(formatSig(d.utilizedInstances, 4)) + QStringLiteral(" / ") + wholeText(L.instances),
                               tr("%1 of %2 instances hold a tile").arg(qs(formatSig(d.utilizedInstances, 6)), wholeText(L.instances))),
                    numberCell(q(double(d.reads), ""), tr("%1 scalar reads per instance").arg(wholeText(d.reads))),
                    numberCell(q(double(d.fills), ""), tr("%1 scalar fills per instance").arg(wholeText(d.fills))),
                    numberCell(q(double(d.updates), ""), tr("%1 scalar updates per instance").arg(wholeText(d.updates))),
                    numberCell(q(d.energyTotal, "pJ"), tr("%1 pJ, all instances").arg(qs(formatSig(d.energyTotal, 8)))),
                    numberCell(qs(formatSig(d.energyTotal / computes, 4)), tr("pJ per compute")),
                    numberCell(qs(formatSig(d.readBandwidth, 4)), tr("%1 words/cycle read").arg(qs(formatSig(d.readBandwidth, 6)))),
                    numberCell(qs(formatSig(d.writeBandwidth, 4)), tr("%1 words/cycle written").arg(qs(formatSig(d.writeBandwidth, 6)))),
                    numberCell(QString(), QString())});
        }
        QString cyclesTip = tr("%1 cycles").arg(wholeText(L.cycles));
        if (L.slowdown < 1.0)
            cyclesTip += tr("; bandwidth-bound: slow-down %1").arg(qs(formatSig(L.slowdown, 4)));
        const int row = addRow(
            {cells::readOnly(qs(L.name), tr("%1 (%2)").arg(qs(spec.name), qs(spec.className))), cells::readOnly(tr("all")),
             numberCell(QString(), QString()),
             numberCell(L.hasSize ? wholeText(L.size) : tr("unbounded"), tr("Capacity per instance, in words")),
             numberCell(wholeText(L.instances), tr("instances")), numberCell(QString(), QString()), numberCell(QString(), QString()),
             numberCell(QString(), QString()),
             numberCell(q(L.energy, "pJ"), tr("%1 pJ, all instances, of which leakage %2").arg(qs(formatSig(L.energy, 8)), q(L.leakage, "pJ"))),
             numberCell(qs(formatSig(L.energy / computes, 4)), tr("pJ per compute")), numberCell(QString(), QString()),
             numberCell(QString(), QString()),
             numberCell(wholeText(L.cycles) + (L.slowdown < 1.0 ? QStringLiteral(" ⚠") : QString()), cyclesTip)});
        QFont bold = m_stats->font();
        bold.setBold(true);
        for (int c = 0; c < StColumnCount; ++c)
            m_stats->item(row, c)->setFont(bold);
        if (L.slowdown < 1.0)
            m_stats->item(row, StCycles)->setBackground(cells::kViolating);
    }
    const loopnest::ArithmeticStats& ar = r.arithmetic;
    addRow({cells::readOnly(qs(ar.name)), cells::readOnly(tr("computes")), numberCell(QString(), QString()),
            numberCell(QString(), QString()),
            numberCell(wholeText(ar.utilizedInstances) + QStringLiteral(" / ") + wholeText(ar.instances),
                       tr("arithmetic units used of all")),
            numberCell(q(double(ar.actualComputes), ""), tr("%1 computes").arg(wholeText(ar.actualComputes))),
            numberCell(QString(), QString()), numberCell(QString(), QString()),
            numberCell(q(ar.energy, "pJ"), tr("%1 pJ").arg(qs(formatSig(ar.energy, 8)))),
            numberCell(qs(formatSig(ar.energy / computes, 4)), tr("pJ per compute")), numberCell(QString(), QString()),
            numberCell(QString(), QString()), numberCell(wholeText(ar.cycles), tr("%1 cycles").arg(wholeText(ar.cycles)))});
    fitColumns(m_stats);
}

} // namespace mapscape
