// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/models/run_list_model.h"

#include "core/runner/optimizer_run.h"
#include "core/util/units.h"

#include <QHash>
#include <QPainter>
#include <QPixmap>

#include <algorithm>
#include <cmath>

namespace mapscape {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

/// "12.3 s", "2 min 05 s", "1 h 02 min".
QString duration(double seconds)
{
    if (seconds < 0)
        return QStringLiteral("?");
    if (seconds < 60)
        return QStringLiteral("%1 s").arg(seconds, 0, 'f', seconds < 10 ? 2 : 1);
    const long long s = std::llround(seconds);
    if (s < 3600)
        return QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QPixmap swatch(const QColor& c, bool visible)
{
    QPixmap pm(14, 14);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(c.darker(130), 1));
    p.setBrush(visible ? c : QColor(Qt::transparent));
    p.drawRoundedRect(QRectF(1.5, 1.5, 11, 11), 2, 2);
    return pm;
}

} // namespace

QColor RunListModel::paletteColor(int i)
{
    // Tableau 10: distinct for colour-blind readers too, readable on white.
    static const QColor kBase[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
                                   QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                   QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22),
                                   QColor(0x17, 0xbe, 0xcf)};
    if (i >= 0 && i < 10)
        return kBase[i];
    // Golden-angle hues, alternating saturation / value so that neighbours differ.
    const int k = i - 10;
    const double hue = std::fmod(0.13 + 0.6180339887 * k, 1.0);
    return QColor::fromHsvF(float(hue), k % 2 ? 0.55f : 0.85f, k % 3 == 2 ? 0.65f : 0.85f);
}

RunListModel::RunListModel(const StudyKind& kind, QObject* parent)
    : QAbstractTableModel(parent)
    , m_kind(&kind)
{
}

QColor RunListModel::freeColor(int exceptRow) const
{
    for (int i = 0;; ++i) {
        const QColor c = paletteColor(i);
        bool used = false;
        for (int r = 0; r < m_rows.size() && !used; ++r)
            used = r != exceptRow && m_rows[r].visible && m_rows[r].color == c;
        if (!used)
            return c;
    }
}

void RunListModel::addRun(OptimizerRun* run, const QString& study)
{
    const int row = int(m_rows.size());
    beginInsertRows({}, row, row);
    Entry e;
    e.live = run;
    e.wasLive = true;
    e.study = study;
    e.color = freeColor(-1);
    // A run's inputs never change: its setup is read once.
    e.setup = qs(setupLabel(run->settings().inputs));
    e.setupKey = setupKey(run->settings().inputs);
    m_rows.append(std::move(e));
    endInsertRows();
    numberSetups();
}

void RunListModel::addRecord(RunRecord record, const QString& study)
{
    const int row = int(m_rows.size());
    beginInsertRows({}, row, row);
    Entry e;
    e.visible = record.visible;
    e.setup = qs(record.setup);
    e.setupKey = record.setupKey.empty() ? "label:" + record.setup : record.setupKey;
    e.record = std::move(record);
    e.study = study;
    m_rows.append(std::move(e));
    m_rows.back().color = m_rows.back().visible ? freeColor(row) : paletteColor(row);
    endInsertRows();
    numberSetups();
}

void RunListModel::numberSetups()
{
    // Per label, its setups in the order their first runs appear.
    QHash<QString, std::vector<std::string>> keysOf;
    for (const Entry& e : m_rows) {
        std::vector<std::string>& keys = keysOf[e.setup];
        if (std::find(keys.begin(), keys.end(), e.setupKey) == keys.end())
            keys.push_back(e.setupKey);
    }
    for (Entry& e : m_rows) {
        const std::vector<std::string>& keys = keysOf[e.setup];
        e.setupsAlike = keys.size() > 1 ? int(keys.size()) : 0;
        e.setupNumber = e.setupsAlike ? int(std::find(keys.begin(), keys.end(), e.setupKey) - keys.begin()) + 1 : 0;
    }
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, Setup), index(int(m_rows.size()) - 1, Setup));
}

void RunListModel::setRecord(int row, RunRecord record)
{
    if (row < 0 || row >= m_rows.size())
        return;
    record.visible = m_rows[row].visible;
    m_rows[row].record = std::move(record);
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void RunListModel::removeRunAt(int row)
{
    if (row < 0 || row >= m_rows.size())
        return;
    beginRemoveRows({}, row, row);
    m_rows.removeAt(row);
    endRemoveRows();
    numberSetups();
}

OptimizerRun* RunListModel::runAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].live.data() : nullptr;
}

const OptimizerSettings* RunListModel::settingsAt(int row) const
{
    if (const OptimizerRun* r = runAt(row))
        return &r->settings().optimizer;
    const RunRecord* rec = recordAt(row);
    return rec ? &rec->settings : nullptr;
}

const RunRecord* RunListModel::recordAt(int row) const
{
    return row >= 0 && row < m_rows.size() && m_rows[row].record ? &*m_rows[row].record : nullptr;
}

int RunListModel::rowOf(const OptimizerRun* run) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (run && m_rows[i].live == run)
            return i;
    }
    return -1;
}

int RunListModel::rowOfId(int runId) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (idAt(i) == runId)
            return i;
    }
    return -1;
}

int RunListModel::idAt(int row) const
{
    if (row < 0 || row >= m_rows.size())
        return -1;
    if (const OptimizerRun* r = m_rows[row].live.data())
        return r->id();
    return m_rows[row].record ? m_rows[row].record->id : -1;
}

QColor RunListModel::colorAt(int row) const { return row >= 0 && row < m_rows.size() ? m_rows[row].color : QColor(); }

bool RunListModel::isVisibleAt(int row) const { return row >= 0 && row < m_rows.size() && m_rows[row].visible; }

void RunListModel::setVisibleAt(int row, bool visible)
{
    if (row < 0 || row >= m_rows.size() || m_rows[row].visible == visible)
        return;
    Entry& e = m_rows[row];
    e.visible = visible;
    if (e.record)
        e.record->visible = visible;
    if (visible) {
        // Its old colour may have gone to another run meanwhile: never two visible runs alike.
        for (int r = 0; r < m_rows.size(); ++r) {
            if (r != row && m_rows[r].visible && m_rows[r].color == e.color) {
                e.color = freeColor(row);
                break;
            }
        }
    }
    Q_EMIT dataChanged(index(row, Run), index(row, Run));
    Q_EMIT appearanceChanged(idAt(row));
}

std::string RunListModel::setupKeyAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].setupKey : std::string();
}

QString RunListModel::setupTextAt(int row) const
{
    if (row < 0 || row >= m_rows.size())
        return {};
    const Entry& e = m_rows[row];
    return e.setupsAlike ? tr("%1 [setup %2/%3]").arg(e.setup).arg(e.setupNumber).arg(e.setupsAlike) : e.setup;
}

QString RunListModel::titleAt(int row) const
{
    if (row < 0 || row >= m_rows.size())
        return {};
    const OptimizerRun* r = m_rows[row].live.data();
    const OptimizerSettings* s = r ? &r->settings().optimizer : m_rows[row].record ? &m_rows[row].record->settings : nullptr;
    QString title = QStringLiteral("#%1 %2").arg(idAt(row)).arg(s ? qs(s->id) : QString());
    // MARL runs differ by their agent budget (a sweep draws several): name it.
    if (s) {
        if (const auto it = s->options.find("agents"); it != s->options.end())
            title += QStringLiteral(" B=") + qs(it->second);
        else if (const OptimizerInfo* info = findOptimizer(*m_kind, s->id))
            if (const OptionSpec* spec = info->option("agents"))
                title += QStringLiteral(" B=") + qs(spec->defaultValue); // at its default
    }
    return title;
}

std::vector<std::pair<std::string, double>> RunListModel::bestAt(int row) const
{
    std::vector<std::pair<std::string, double>> out;
    if (row < 0 || row >= m_rows.size())
        return out;
    if (const OptimizerRun* r = m_rows[row].live.data()) {
        const std::vector<double> v = r->bestObjectives();
        const auto objs = m_kind->objectives();
        for (std::size_t i = 0; i < v.size() && i < objs.size(); ++i)
            out.emplace_back(objs[i].id, v[i]);
        return out;
    }
    return m_rows[row].record ? m_rows[row].record->best : out;
}

void RunListModel::refresh()
{
    if (m_rows.isEmpty())
        return;
    Q_EMIT dataChanged(index(0, State), index(int(m_rows.size()) - 1, Eta), {Qt::DisplayRole, SortRole, Qt::ToolTipRole});
}

int RunListModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int RunListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

Qt::ItemFlags RunListModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == Run)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

bool RunListModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || index.column() != Run || role != Qt::CheckStateRole)
        return false;
    setVisibleAt(index.row(), value.toInt() == Qt::Checked);
    return true;
}

QVariant RunListModel::data(const QModelIndex& index, int role) const
{
    if (!hasIndex(index.row(), index.column(), index.parent()))
        return {};
    const Entry& e = m_rows[index.row()];
    const OptimizerRun* run = e.live.data();
    const RunRecord* rec = e.record ? &*e.record : nullptr;
    if (!run && !rec)
        return {};
    const OptimizerSettings& s = run ? run->settings().optimizer : rec->settings;
    const ObjectiveInfo* objective = m_kind->findObjective(s.objective);
    const bool liveRunning = run && (run->state() == RunState::Running || run->state() == RunState::Paused ||
                                     run->state() == RunState::Pending);
    if (role == RunIdRole)
        return idAt(index.row());
    if (index.column() == Run) {
        if (role == Qt::CheckStateRole)
            return e.visible ? Qt::Checked : Qt::Unchecked;
        if (role == Qt::DecorationRole)
            return swatch(e.color, e.visible);
        if (role == Qt::ToolTipRole)
            return tr("Check to draw this run's curves (in its colour); uncheck to hide them");
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() >= Progress ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role == Qt::ToolTipRole) {
        if (index.column() == State && run && run->state() == RunState::Failed)
            return run->errorMessage();
        if (index.column() == State && rec && !rec->error.empty())
            return qs(rec->error);
        if (index.column() == State && !run && rec)
            return tr("Restored from the project file: settings, curves and best result as saved");
        if (index.column() == Best) {
            QStringList lines;
            for (const auto& [id, v] : bestAt(index.row())) {
                if (const ObjectiveInfo* o = m_kind->findObjective(id))
                    lines.append(QStringLiteral("%1: %2").arg(qs(o->label), qs(formatQuantity(v, o->unit, 6))));
            }
            return lines.isEmpty() ? tr("No result yet") : lines.join(QLatin1Char('\n'));
        }
        if (index.column() == Setup) {
            const QString ranOn = tr("Ran on %1").arg(e.setup);
            if (!e.setupsAlike)
                return ranOn;
            return ranOn + QLatin1Char('\n') +
                   tr("Setup %1 of %2 that read alike: their inputs differ in what the label does not name (setup "
                      "key %3); their runs are never compared with each other")
                       .arg(e.setupNumber)
                       .arg(e.setupsAlike)
                       .arg(qs(e.setupKey));
        }
        if (index.column() == Samples)
            return tr("Cost-model evaluations so far (complete tables for scheduling studies)");
        if (index.column() == Eta)
            return tr("Estimated from the rate of progress over the last stretch of the run");
        return {};
    }
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool sort = role == SortRole;
    switch (Column(index.column())) {
    case Run:
        return sort ? QVariant(idAt(index.row())) : QVariant(QStringLiteral("#%1").arg(idAt(index.row())));
    case Study:
        return e.study;
    case Setup:
        return setupTextAt(index.row());
    case Optimizer:
        return qs(s.id);
    case Objective:
        return objective ? qs(objective->label) : qs(s.objective);
    case State:
        if (run)
            return runStateName(run->state());
        return rec->state == "running" ? tr("interrupted") : qs(rec->state);
    case Progress: {
        const double p = run ? run->progress() : rec->state == "finished" ? 1.0 : rec->progress;
        if (sort)
            return p;
        return p < 0 ? QStringLiteral("–") : QStringLiteral("%1 %").arg(100 * p, 0, 'f', 1);
    }
    case Best: {
        double v = -1;
        for (const auto& [id, value] : bestAt(index.row())) {
            if (id == s.objective)
                v = value;
        }
        if (sort)
            return v;
        if (v < 0)
            return QStringLiteral("–");
        return qs(formatQuantity(v, objective ? objective->unit : std::string(), 4));
    }
    case Samples: {
        const double n = double(run ? run->evaluations() : rec->evaluations);
        return sort ? QVariant(n) : QVariant(qs(formatQuantity(n, "", 3)));
    }
    case WallTime: {
        const double t = run ? run->elapsedSeconds() : rec->seconds;
        return sort ? QVariant(t) : QVariant(duration(t));
    }
    case Eta: {
        const double eta = run ? run->etaSeconds() : -1;
        if (sort)
            return eta;
        if (!liveRunning)
            return QStringLiteral("–");
        return duration(eta);
    }
    case ColumnCount:
        break;
    }
    return {};
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const bool tip = role == Qt::ToolTipRole;
    switch (Column(section)) {
    case Run:
        return tip ? tr("Run number, colour and visibility of its curves") : tr("Run");
    case Study:
        return tr("Study");
    case Setup:
        return tip ? tr("Hardware and workload") : tr("Setup");
    case Optimizer:
        return tr("Optimizer");
    case Objective:
        return tip ? tr("What the run minimises") : tr("Objective");
    case State:
        return tr("State");
    case Progress:
        return tr("Progress");
    case Best:
        return tip ? tr("The objective of the best result so far") : tr("Best");
    case Samples:
        return tip ? tr("Cost-model evaluations") : tr("Samples");
    case WallTime:
        return tip ? tr("Wall time, pauses excluded") : tr("Wall");
    case Eta:
        return tip ? tr("Estimated time left") : tr("ETA");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace mapscape
