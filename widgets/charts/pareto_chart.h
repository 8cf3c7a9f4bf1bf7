// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Energy-vs-cycles scatter of evaluated schedules with their Pareto front, redrawn at a capped
/// rate; the cloud is thinned to one point per screen cell, the front is exact.

#include <QPointF>
#include <QTimer>
#include <QWidget>

#include <span>
#include <vector>

namespace mapscape {

/// GUI thread only.
class ParetoChart : public QWidget {
    Q_OBJECT

public:
    explicit ParetoChart(QWidget* parent = nullptr);
    ~ParetoChart() override;

    void setTitle(const QString& title);
    /// Points as (cycles, energy pJ).
    void append(std::span<const QPointF> points);
    void clear();

    int heldPoints() const;
    int drawnPoints() const;
    /// The current front, cycles ascending.
    QList<QPointF> front() const;
    void flush();
    bool exportTo(const QString& path, QString* error = nullptr);

private:
    struct Private;
    void redraw();
    Private* d;
    QTimer m_timer;
};

/// Stacked bars of dynamic and static energy per hierarchy part (MAC, LB, GB, DRAM).
class EnergyBreakdownChart : public QWidget {
    Q_OBJECT

public:
    explicit EnergyBreakdownChart(QWidget* parent = nullptr);
    ~EnergyBreakdownChart() override;
    /// `categories` label the bars; `dynamicPj` and `staticPj` have one value per category.
    void setBreakdown(const QString& title, const QStringList& categories, const QList<double>& dynamicPj,
                      const QList<double>& staticPj);
    bool exportTo(const QString& path, QString* error = nullptr);

private:
    struct Private;
    Private* d;
};

} // namespace mapscape
