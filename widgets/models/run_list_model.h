// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The run comparison table of a study: one row per run, live (an OptimizerRun of this session)
/// or restored from the project file (a RunRecord). Columns say what a run ran on and how it
/// went: study, setup (hardware / workload), optimizer, objective, state, progress, best value
/// in engineering units, samples, wall time, ETA. Each run has a colour (its curves' colour;
/// colours never repeat among visible runs) and a visibility check box.

#include "core/study/study.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QPointer>

namespace mapscape {

class OptimizerRun;

/// GUI thread only.
class RunListModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Run, Study, Setup, Optimizer, Objective, State, Progress, Best, Samples, WallTime, Eta, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, RunIdRole };

    explicit RunListModel(const StudyKind& kind, QObject* parent = nullptr);

    /// A run started in this session (not owned; removed rows forget it).
    void addRun(OptimizerRun* run, const QString& study);
    /// A run restored from a project file.
    void addRecord(RunRecord record, const QString& study);
    /// Replaces the record of a row (a live run that ended keeps its pointer and gets one).
    void setRecord(int row, RunRecord record);
    void removeRunAt(int row);

    OptimizerRun* runAt(int row) const;
    /// The record of a row: restored, or the last one set for a live run (nullptr if none yet).
    const RunRecord* recordAt(int row) const;
    int rowOf(const OptimizerRun* run) const;
    int rowOfId(int runId) const;
    int idAt(int row) const;
    QColor colorAt(int row) const;
    bool isVisibleAt(int row) const;
    void setVisibleAt(int row, bool visible);
    /// The optimizer settings a row's run used (live or restored); nullptr for a bad row.
    const OptimizerSettings* settingsAt(int row) const;
    /// Setup key of the inputs a row's run optimised (what makes runs comparable).
    std::string setupKeyAt(int row) const;
    /// The Setup column's text: the setup label of the inputs the row's run ran on, with
    /// " [setup 2/3]" when runs on other inputs read alike (their labels do not name what
    /// differs), so that runs of different setups never read as one.
    QString setupTextAt(int row) const;
    QString titleAt(int row) const; ///< "#3 gamma"
    /// The objective values of a row's best result by objective id (empty if none).
    std::vector<std::pair<std::string, double>> bestAt(int row) const;
    /// Re-reads the live columns of every row (one dataChanged for the whole block).
    void refresh();

    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) final;
    Qt::ItemFlags flags(const QModelIndex& index) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const final;

    /// The i-th colour of the palette runs draw from (distinct hues; beyond the first ten,
    /// golden-angle hues).
    static QColor paletteColor(int i);

Q_SIGNALS:
    /// A row's check box or colour changed (the curves follow).
    void appearanceChanged(int runId);

private:
    struct Entry {
        QPointer<OptimizerRun> live;
        bool wasLive = false;
        std::optional<RunRecord> record;
        QString study;
        QColor color;
        bool visible = true;
        QString setup;        ///< setupLabel of the inputs the run ran on
        std::string setupKey; ///< setupKey of those inputs (the label, for records without one)
        int setupNumber = 0;  ///< 1.. among the setups whose label reads alike (0: it is the only one)
        int setupsAlike = 0;  ///< how many setups read alike
    };
    QColor freeColor(int exceptRow) const;
    /// Numbers the setups whose labels read alike (after rows come or go).
    void numberSetups();

    const StudyKind* m_kind;
    QList<Entry> m_rows;
};

} // namespace mapscape
