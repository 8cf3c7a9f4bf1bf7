// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/views/sweep_comparison_view.h"

#include "core/util/strings.h"
#include "widgets/charts/axis_ticks.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <QCategoryAxis>

#include <cmath>

namespace mapscape {

using namespace sweep;

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }
QString sig(double v, int digits = 4) { return QString::fromStdString(formatSig(v, digits)); }

/// Colours of the optimizers' bars (distinct, readable on white, colour-blind friendly order).
const QColor kPalette[] = {QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00), QColor(0x00, 0x9e, 0x73),
                           QColor(0xcc, 0x79, 0xa7), QColor(0x56, 0xb4, 0xe9), QColor(0xd5, 0x5e, 0x00),
                           QColor(0xf0, 0xe4, 0x42), QColor(0x55, 0x55, 0x55)};

} // namespace

SweepComparisonView::SweepComparisonView(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    m_headline = new QLabel(this);
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_headline, 1);
    top->addWidget(new QLabel(tr("Compare:"), this));
    m_quantityBox = new QComboBox(this);
    m_quantityBox->setToolTip(tr("The objective each run's best result reached (the studies' objectives with their units). "
                                 "Runs without a result are counted but left out of the means."));
    top->addWidget(m_quantityBox);
    layout->addLayout(top);

    m_tabs = new QTabWidget(this);
    m_chartView = new QChartView(this);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumSize(640, 360);
    m_tabs->addTab(m_chartView, tr("Chart"));
    m_summary = new QTableWidget(this);
    m_summary->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tabs->addTab(m_summary, tr("Mean ± std over seeds"));
    m_runs = new QTableView(this);
    m_runs->setSortingEnabled(true);
    m_runs->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_runs->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tabs->addTab(m_runs, tr("All runs"));
    layout->addWidget(m_tabs, 1);

    connect(m_quantityBox, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
}

void SweepComparisonView::setResults(std::vector<ShardResult> results, const QString& source)
{
    m_results = std::move(results);
    m_source = source;
    m_quantities = sweepQuantities(m_results);
    {
        const QSignalBlocker block(m_quantityBox);
        m_quantityBox->clear();
        for (std::size_t i = 0; i < m_quantities.size(); ++i)
            m_quantityBox->addItem(qs(m_quantities[i].label()) + (m_quantities[i].higherIsBetter ? tr(", higher is better")
                                                                                                  : tr(", lower is better")),
                                   int(i));
        // Open on the objective the first run optimised.
        if (!m_results.empty())
            for (std::size_t i = 0; i < m_quantities.size(); ++i)
                if (m_quantities[i].id == m_results.front().objective) {
                    m_quantityBox->setCurrentIndex(int(i));
                    break;
                }
    }
    rebuild();
    rebuildRuns();
}

bool SweepComparisonView::setQuantity(const QString& id)
{
    for (std::size_t i = 0; i < m_quantities.size(); ++i)
        if (qs(m_quantities[i].id) == id || qs(m_quantities[i].label()) == id) {
            m_quantityBox->setCurrentIndex(int(i));
            return true;
        }
    return false;
}

SweepQuantity SweepComparisonView::quantity() const
{
    const int i = m_quantityBox->currentData().toInt();
    return i >= 0 && i < int(m_quantities.size()) ? m_quantities[std::size_t(i)] : SweepQuantity{};
}

void SweepComparisonView::rebuild()
{
    m_comparison = compareSweepResults(m_results, quantity());
    const QString name = m_results.empty() ? tr("(empty)") : qs(m_results.front().sweep);
    int failed = 0;
    QStringList kinds;
    for (const ShardResult& r : m_results) {
        failed += r.status != "ok" ? 1 : 0;
        if (!kinds.contains(qs(r.kind)))
            kinds << qs(r.kind);
    }
    QString line = tr("<b>Sweep \"%1\"</b> — %2 runs (%3): %4 studies, %5 optimizers, %6 seeds")
                       .arg(name.toHtmlEscaped())
                       .arg(m_results.size())
                       .arg(kinds.join(QStringLiteral(", ")).toHtmlEscaped())
                       .arg(m_comparison.groups.size())
                       .arg(m_comparison.optimizers.size())
                       .arg(m_comparison.seeds.size());
    if (failed > 0)
        line += tr("; %1 runs have no result (left out of the means)").arg(failed);
    if (!m_source.isEmpty())
        line += QStringLiteral("<br><small>") + m_source.toHtmlEscaped() + QStringLiteral("</small>");
    m_headline->setText(line);
    rebuildChart();
    rebuildSummary();
}

void SweepComparisonView::rebuildChart()
{
    auto* chart = new QChart;
    const SweepQuantity q = quantity();
    chart->setTitle(tr("%1: each optimizer's mean over seeds ÷ the best optimizer's mean, per study (1 = best; %2)")
                        .arg(qs(q.label()), q.higherIsBetter ? tr("higher is better") : tr("lower is better")));
    auto* series = new QBarSeries;
    double top = 1;
    for (std::size_t o = 0; o < m_comparison.optimizers.size(); ++o) {
        auto* set = new QBarSet(qs(m_comparison.optimizers[o]));
        set->setColor(kPalette[o % std::size(kPalette)]);
        for (std::size_t g = 0; g < m_comparison.groups.size(); ++g) {
            const SweepCell& c = m_comparison.cells[g][o];
            const double v = std::isfinite(c.relative) ? c.relative : 0.0;
            *set << v;
            top = std::max(top, v);
        }
        series->append(set);
    }
    connect(series, &QBarSeries::hovered, this, [this, q](bool on, int index, QBarSet* set) {
        if (!on) {
            QToolTip::hideText();
            return;
        }
        const int o = int(std::find(m_comparison.optimizers.begin(), m_comparison.optimizers.end(),
                                    set->label().toStdString()) -
                          m_comparison.optimizers.begin());
        if (o >= int(m_comparison.optimizers.size()) || index < 0 || index >= int(m_comparison.groups.size()))
            return;
        const SweepCell& c = m_comparison.cells[std::size_t(index)][std::size_t(o)];
        const QString unit = qs(q.unit);
        QString text = tr("%1 on %2\n").arg(set->label(), qs(m_comparison.groups[std::size_t(index)]));
        if (c.complete == 0)
            text += tr("no run has a result (%1 runs)").arg(c.runs);
        else
            text += tr("mean %1 ± %2 %3 over %4 seeds (min %5, max %6)\n%7× the best optimizer's mean%8")
                        .arg(sig(c.mean), sig(c.stddev), unit)
                        .arg(c.complete)
                        .arg(sig(c.min), sig(c.max), sig(c.relative, 4),
                             c.best ? tr(" — the best here") : QString());
        if (c.complete < c.runs)
            text += tr("\n%1 of %2 runs without a result (left out)").arg(c.runs - c.complete).arg(c.runs);
        QToolTip::showText(QCursor::pos(), text, m_chartView);
    });
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    QStringList categories;
    for (const std::string& g : m_comparison.groups)
        categories << qs(g);
    x->append(categories);
    x->setTitleText(tr("Study"));
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto* y = newTickedAxis(linearTicks(0, top > 0 ? top : 1)); // round ticks (0, 0.2, … 1.2)
    y->setTitleText(tr("Relative to the best (×)"));
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setToolTip(tr("Optimizers with their options; hover a bar for absolute values"));
    QChart* old = m_chartView->chart();
    m_chartView->setChart(chart);
    delete old;
}

void SweepComparisonView::rebuildSummary()
{
    const QString unit = qs(quantity().unit);
    m_summary->clear();
    m_summary->setRowCount(int(m_comparison.groups.size()));
    m_summary->setColumnCount(int(m_comparison.optimizers.size()));
    QStringList columns, rows;
    for (const std::string& o : m_comparison.optimizers)
        columns << qs(o);
    for (const std::string& g : m_comparison.groups)
        rows << qs(g);
    m_summary->setHorizontalHeaderLabels(columns);
    m_summary->setVerticalHeaderLabels(rows);
    for (std::size_t g = 0; g < m_comparison.groups.size(); ++g) {
        for (std::size_t o = 0; o < m_comparison.optimizers.size(); ++o) {
            const SweepCell& c = m_comparison.cells[g][o];
            auto* it = new QTableWidgetItem;
            if (c.complete == 0) {
                it->setText(tr("— (no result)"));
                it->setForeground(Qt::gray);
            } else {
                it->setText(QStringLiteral("%1 ± %2 %3").arg(sig(c.mean), sig(c.stddev, 2), unit));
                it->setToolTip(tr("%1 runs with a result of %2; min %3, max %4; %5× the best optimizer's mean")
                                   .arg(c.complete)
                                   .arg(c.runs)
                                   .arg(sig(c.min), sig(c.max), sig(c.relative)));
                if (c.best) {
                    QFont f = it->font();
                    f.setBold(true);
                    it->setFont(f);
                    it->setBackground(QColor(0xd7, 0xf0, 0xd2));
                }
            }
            m_summary->setItem(int(g), int(o), it);
        }
    }
    m_summary->resizeColumnsToContents();
}

void SweepComparisonView::rebuildRuns()
{
    auto* model = new QStandardItemModel(this);
    // Columns: what names a run, the variations and objectives the results hold, and the rest.
    std::vector<std::string> variations;
    for (const ShardResult& r : m_results)
        for (const auto& [name, value] : r.variations)
            if (std::find(variations.begin(), variations.end(), name) == variations.end())
                variations.push_back(name);
    QStringList headers{tr("Shard"), tr("Study"), tr("Kind")};
    for (const std::string& v : variations)
        headers << qs(v);
    headers << tr("Optimizer") << tr("Options") << tr("Seed") << tr("Status");
    for (const SweepQuantity& q : m_quantities)
        headers << qs(q.label());
    headers << tr("Evaluations") << tr("Seconds") << tr("Host");
    model->setHorizontalHeaderLabels(headers);
    auto number = [](double v) {
        auto* it = new QStandardItem(sig(v, 6));
        it->setData(v, Qt::UserRole); // sorts by value, not text
        return it;
    };
    auto integer = [](qint64 v) {
        auto* it = new QStandardItem(QString::number(v));
        it->setData(double(v), Qt::UserRole);
        return it;
    };
    auto text = [](const std::string& s) {
        auto* it = new QStandardItem(qs(s));
        it->setData(qs(s), Qt::UserRole);
        return it;
    };
    for (const ShardResult& r : m_results) {
        QList<QStandardItem*> row{integer(r.index), text(r.study), text(r.kind)};
        for (const std::string& v : variations)
            row << text(r.level(v));
        row << text(r.optimizer) << text(r.options) << integer(qint64(r.seed))
            << text(r.status == "ok" ? r.status : r.status + (r.failure.empty() ? "" : ": " + r.failure));
        for (const SweepQuantity& q : m_quantities) {
            QStandardItem* cell = new QStandardItem;
            for (const ShardResult::Objective& o : r.objectives)
                if (o.id == q.id && o.unit == q.unit) {
                    delete cell;
                    cell = number(o.value);
                }
            row << cell;
        }
        row << integer(r.evaluations) << number(r.seconds) << text(r.host);
        if (r.status != "ok")
            for (QStandardItem* it : row)
                it->setForeground(Qt::darkRed);
        model->appendRow(row);
    }
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSortRole(Qt::UserRole);
    proxy->setSourceModel(model);
    QAbstractItemModel* old = m_runs->model();
    m_runs->setModel(proxy);
    if (old) {
        if (auto* p = qobject_cast<QSortFilterProxyModel*>(old))
            delete p->sourceModel();
        delete old;
    }
    m_runs->sortByColumn(0, Qt::AscendingOrder);
}

} // namespace mapscape
