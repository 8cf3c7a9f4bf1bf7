// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The loop-nest workbench's Architecture tab: the storage levels of the architecture tree (and
// the arithmetic units) as an editable table. An edit changes the component's attribute in the
// spec tree and is read again as timeloop-model reads it; a value the reader refuses stays in its
// cell with the reader's reason.

#include "kinds/loopnest/widgets/loopnest_workbench.h"

#include "core/util/strings.h"
#include "core/util/units.h"
#include "kinds/loopnest/widgets/loopnest_workbench_parts.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/document/inputs_document.h"
#include "widgets/study/view_cells.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace mapscape {

using namespace loopnest_wb;
using nlohmann::ordered_json;

namespace {

/// The attribute a column edits, with the other names Timeloop reads for it (the first present
/// is edited; none present: the first is added).
struct AttrColumn {
    int column;
    std::vector<const char*> keys;
};
const std::vector<AttrColumn>& attrColumns()
{
    using W = LoopnestWorkbench;
    static const std::vector<AttrColumn> k = {
        {W::ArchInstances, {"instances"}},
        {W::ArchMeshX, {"meshX"}},
        {W::ArchMeshY, {"meshY"}},
        {W::ArchDepth, {"depth", "memory_depth", "data_storage_depth"}},
        {W::ArchWidth, {"width", "memory_width", "data_storage_width"}},
        {W::ArchWordBits, {"datawidth", "word_bits", "word_width"}},
        {W::ArchBlockSize, {"block_size", "n_words"}},
        {W::ArchReadBw, {"read_bandwidth"}},
        {W::ArchWriteBw, {"write_bandwidth"}},
    };
    return k;
}

QString number(double v) { return qs(formatSig(v, 6)); }

/// A cell that shows `shown` ("16,384", "18.18 pJ") and edits as `edit` ("16384", "18.1838").
QTableWidgetItem* valueCell(const QString& shown, const QString& edit) { return new cells::QuantityItem(shown, edit); }

/// A whole number of the spec: digits grouped, edited as typed.
QTableWidgetItem* wholeCell(std::uint64_t v) { return valueCell(wholeText(v), QString::number(v)); }

/// An energy of the ERT: pJ with four significant digits through the engineering prefixes
/// ("18.18 pJ", "2.5 nJ"), edited as the spec's number in pJ.
QTableWidgetItem* energyItem(double pj) { return valueCell(quantityText(pj, QStringLiteral("pJ")), number(pj)); }

/// The actions a column's energy comes from, in the order the model reads them (the first
/// present counts; several entries of one action count as their largest), as in timeloop_yaml.
const std::vector<const char*>* ertActions(int column, bool arithmetic)
{
    using W = LoopnestWorkbench;
    static const std::vector<const char*> read{"random_read", "read"}, fill{"random_fill", "random_write", "fill", "write"},
            update{"random_update", "random_write", "update", "write"}, leak{"leak"},
            compute{"mac_random", "mult_random", "mac", "mult", "compute"};
    if (arithmetic)
        return column == W::ArchReadPj ? &compute : nullptr;
    return column == W::ArchReadPj     ? &read
           : column == W::ArchFillPj   ? &fill
           : column == W::ArchUpdatePj ? &update
           : column == W::ArchLeakPj   ? &leak
                                       : nullptr;
}

/// A table's component: the last part of its name without an instance range ("psum_spad" for
/// "system.PE[0..167].psum_spad"), as the reader matches tables to levels.
std::string ertComponent(std::string name)
{
    if (!name.empty() && name.back() == ']')
        if (const auto b = name.rfind('['); b != std::string::npos)
            name.resize(b);
    const auto dot = name.rfind('.');
    return dot == std::string::npos ? name : name.substr(dot + 1);
}

} // namespace

QWidget* LoopnestWorkbench::buildArchitectureTab()
{
    auto* page = new QWidget(this);
    auto* v = new QVBoxLayout(page);
    auto* help = new QLabel(tr("The storage levels of the architecture, outermost first, and the arithmetic units. "
                               "Edit a value to change the spec (undoable); the energies per access come from the "
                               "ERT (pJ per vector access; leakage per cycle)."),
                            page);
    help->setWordWrap(true);
    m_archNote = new QLabel(page);
    m_archNote->setWordWrap(true);
    m_arch = new QTableWidget(page);
    m_arch->verticalHeader()->hide();
    compactRows(m_arch);
    cells::setColumns(
        m_arch, {{tr("Level"), tr("The storage level's name (as mapping directives target it)")},
                 {tr("Class"), tr("Its component class")},
                 {tr("Instances"), tr("Instances of the level in all (the product of mesh X and Y)")},
                 {tr("Mesh X"), tr("Instances along X")},
                 {tr("Mesh Y"), tr("Instances along Y")},
                 {tr("Depth"), tr("Rows per instance (∞: unbounded, e.g. DRAM)")},
                 {tr("Width (bits)"), tr("Bits per row")},
                 {tr("Word (bits)"), tr("Bits per word (datawidth)")},
                 {tr("Block (words)"), tr("Words per row: one vector access (width ÷ word bits unless given)")},
                 {tr("Read BW"), tr("Read bandwidth in words per cycle (empty: unlimited)")},
                 {tr("Write BW"), tr("Write bandwidth in words per cycle (empty: unlimited)")},
                 {tr("Read"), tr("ERT: energy of one vector read (typed in pJ)")},
                 {tr("Fill"), tr("ERT: energy of one vector fill (write) (typed in pJ)")},
                 {tr("Update"), tr("ERT: energy of one vector update (typed in pJ)")},
                 {tr("Leak/cycle"), tr("ERT: leakage energy per cycle per instance used (typed in pJ)")}});
    v->addWidget(help);
    v->addWidget(m_archNote);
    v->addWidget(m_arch, 1);
    connect(m_arch, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (m_updating)
            return;
        const int row = item->row(), column = item->column();
        const QString text = item->text();
        showCellOutcome(m_arch, row, column, text, editArchCell(row, column, text));
    });
    return page;
}

int LoopnestWorkbench::archRow(const QString& level) const
{
    for (int r = 0; r < m_arch->rowCount(); ++r)
        if (m_arch->item(r, ArchLevel) && m_arch->item(r, ArchLevel)->text() == level)
            return r;
    return -1;
}

void LoopnestWorkbench::refreshArchitecture()
{
    const LoopnestInputs& in = inputs();
    if (!in.parsed || !in.parsed->hasArchitecture) {
        m_arch->setRowCount(0);
        m_archNote->setText(tr("The spec has no architecture."));
        return;
    }
    const loopnest::Architecture& a = in.parsed->architecture;
    if (m_arch->rowCount() != int(a.levels.size()) + 1)
        m_refused.forget(m_arch); // another architecture: its rows are other levels
    m_arch->setRowCount(int(a.levels.size()) + 1);
    ordered_json tree = in.spec;
    for (int r = 0; r < int(a.levels.size()); ++r) {
        const loopnest::StorageLevelSpec& l = a.levels[std::size_t(r)];
        const bool inTree = tree.contains("architecture") && findComponent(tree["architecture"], l.name);
        const QString where = inTree ? QString() : tr(" (made by Timeloop's front end from a spatial container: not "
                                                      "editable here)");
        m_arch->setItem(r, ArchLevel, cells::readOnly(qs(l.name), qs(l.loc.str()) + where));
        m_arch->setItem(r, ArchClass, cells::readOnly(qs(l.className)));
        const auto cell = [&](int c, QTableWidgetItem* it) {
            if (!inTree)
                it->setFlags(it->flags() & ~Qt::ItemIsEditable);
            m_arch->setItem(r, c, it);
        };
        cell(ArchInstances, wholeCell(l.instances));
        cell(ArchMeshX, wholeCell(l.meshX));
        cell(ArchMeshY, wholeCell(l.meshY));
        cell(ArchDepth, l.hasSize ? wholeCell(l.depth) : new QTableWidgetItem(QStringLiteral("∞")));
        cell(ArchWidth, l.width ? wholeCell(l.width) : new QTableWidgetItem);
        cell(ArchWordBits, wholeCell(l.wordBits));
        cell(ArchBlockSize, wholeCell(l.blockSize));
        cell(ArchReadBw, new QTableWidgetItem(l.readBandwidth ? number(*l.readBandwidth) : QString()));
        cell(ArchWriteBw, new QTableWidgetItem(l.writeBandwidth ? number(*l.writeBandwidth) : QString()));
        // The ERT's energies, editable where the level has a table of its own.
        const QString ert = l.hasErt ? tr("ERT %1; editing sets the action's energy in the spec's ERT").arg(qs(l.ertLoc.str()))
                                     : tr("no ERT entry");
        const auto energyCell = [&](int c, double pj) {
            QTableWidgetItem* it = l.hasErt ? energyItem(pj) : new QTableWidgetItem;
            it->setToolTip(ert);
            if (!l.hasErt)
                it->setFlags(it->flags() & ~Qt::ItemIsEditable);
            m_arch->setItem(r, c, it);
        };
        energyCell(ArchReadPj, l.readEnergy);
        energyCell(ArchFillPj, l.fillEnergy);
        energyCell(ArchUpdatePj, l.updateEnergy);
        energyCell(ArchLeakPj, l.leakEnergy);
    }
    const int ar = int(a.levels.size());
    const loopnest::ArithmeticSpec& m = a.arithmetic;
    m_arch->setItem(ar, ArchLevel, cells::readOnly(qs(m.name), tr("The arithmetic units (%1)").arg(qs(m.loc.str()))));
    m_arch->setItem(ar, ArchClass, cells::readOnly(qs(m.className)));
    m_arch->setItem(ar, ArchInstances, wholeCell(m.instances));
    m_arch->setItem(ar, ArchMeshX, wholeCell(m.meshX));
    m_arch->setItem(ar, ArchMeshY, wholeCell(m.meshY));
    m_arch->setItem(ar, ArchWordBits, wholeCell(m.wordBits));
    for (int c : {int(ArchDepth), int(ArchWidth), int(ArchBlockSize), int(ArchReadBw), int(ArchWriteBw),
                  int(ArchFillPj), int(ArchUpdatePj), int(ArchLeakPj)})
        m_arch->setItem(ar, c, cells::readOnly(QString()));
    QTableWidgetItem* compute = m.hasErt ? energyItem(m.computeEnergy) : new QTableWidgetItem;
    compute->setToolTip(tr("ERT: energy of one compute (typed in pJ)"));
    if (!m.hasErt)
        compute->setFlags(compute->flags() & ~Qt::ItemIsEditable);
    m_arch->setItem(ar, ArchReadPj, compute);
    m_archNote->setText(tr("%1 storage levels; %2 × %3 arithmetic units. The compute energy is in the Read column.")
                            .arg(a.levels.size())
                            .arg(m.meshX)
                            .arg(m.meshY));
    fitColumns(m_arch);
}

QString LoopnestWorkbench::editArchCell(int row, int column, const QString& text)
{
    const LoopnestInputs& in = inputs();
    if (!in.parsed || row < 0 || row > int(in.parsed->architecture.levels.size()))
        return {};
    const loopnest::Architecture& a = in.parsed->architecture;
    const bool arith = row == int(a.levels.size());
    const std::string name = arith ? a.arithmetic.name : a.levels[std::size_t(row)].name;
    const QString header = m_arch->horizontalHeaderItem(column)->text();
    if (const auto* actions = ertActions(column, arith))
        return editErtCell(name, *actions, header, text);
    const AttrColumn* col = nullptr;
    for (const AttrColumn& c : attrColumns())
        if (c.column == column)
            col = &c;
    if (!col)
        return {};
    ordered_json tree = in.spec;
    ordered_json* comp = tree.contains("architecture") ? findComponent(tree["architecture"], name) : nullptr;
    if (!comp)
        return tr("%1 of %2: the level has no component of its own in the architecture tree").arg(header, qs(name));
    ordered_json& attrs = (*comp)["attributes"];
    if (!attrs.is_object())
        attrs = ordered_json::object();
    const char* key = col->keys.front();
    for (const char* k : col->keys)
        if (attrs.contains(k)) {
            key = k;
            break;
        }
    const QString t = text.trimmed();
    if (column == ArchDepth) {
        // Depth may be held as entries (words) or sizeKB: those are replaced by the depth typed.
        attrs.erase("entries");
        attrs.erase("sizeKB");
        attrs[key] = t == QStringLiteral("∞") || t == QLatin1String("inf") ? ordered_json("inf") : typedValue(t);
    } else if ((column == ArchReadBw || column == ArchWriteBw) && t.isEmpty()) {
        attrs.erase(key); // unlimited
    } else {
        attrs[key] = typedValue(t);
        // Instances and the mesh go together: a typed instance count whose mesh no longer fits
        // keeps mesh X and lets Y follow; a mesh edit sets the instances to X × Y.
        if (column == ArchInstances && attrs.contains("meshY"))
            attrs.erase("meshY");
        if ((column == ArchMeshX || column == ArchMeshY) && attrs.contains("instances"))
            attrs.erase("instances");
    }
    const QString error =
        applyTree(std::move(tree), tr("%1 of %2 = %3").arg(header, qs(name), t));
    return error.isEmpty() ? QString() : tr("%1 of %2: %3").arg(header, qs(name), error);
}

QString LoopnestWorkbench::editErtCell(const std::string& level, const std::vector<const char*>& actions,
                                       const QString& header, const QString& text)
{
    const QString t = text.trimmed();
    bool ok = false;
    const double pj = t.toDouble(&ok);
    if (!ok || !std::isfinite(pj) || pj < 0)
        return tr("%1 of %2: expected an energy in pJ, a number not negative, got \"%3\"").arg(header, qs(level), t);
    ordered_json tree = inputs().spec;
    if (!tree.contains("ERT") || !tree["ERT"].contains("tables") || !tree["ERT"]["tables"].is_array())
        return tr("%1 of %2: the spec has no ERT tables").arg(header, qs(level));
    for (ordered_json& table : tree["ERT"]["tables"]) {
        if (!table.is_object() || !table.contains("name") || !table["name"].is_string() ||
            ertComponent(table["name"].get<std::string>()) != level || !table.contains("actions") ||
            !table["actions"].is_array())
            continue;
        // The action the model reads for this column: every entry of it takes the energy typed
        // (the model counts an action's largest entry).
        for (const char* action : actions) {
            bool found = false;
            for (ordered_json& a : table["actions"])
                if (a.is_object() && a.value("name", std::string()) == action) {
                    a["energy"] = pj;
                    found = true;
                }
            if (found) {
                const QString error = applyTree(std::move(tree), tr("%1 of %2 = %3 pJ (ERT %4)").arg(header, qs(level), t,
                                                                                                    QString::fromLatin1(action)));
                return error.isEmpty() ? QString() : tr("%1 of %2: %3").arg(header, qs(level), error);
            }
        }
        return tr("%1 of %2: the ERT table has none of the actions %3").arg(header, qs(level), QString::fromLatin1(actions.front()));
    }
    return tr("%1 of %2: the spec's ERT has no table for this level").arg(header, qs(level));
}

} // namespace mapscape
