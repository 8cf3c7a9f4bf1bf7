// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/placement/widgets/map_embedding_view.h"

#include "kinds/placement/core/placement_study.h"

#include "kinds/placement/core/map_embedding.h"
#include "kinds/placement/core/placement_search.h"
#include "core/runner/optimizer_run.h"
#include "kinds/placement/widgets/hover_readout.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/runs_panel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace mapscape {

namespace {

/// Speed-up buckets: below the compiler, compiler-competitive, better, best.
QColor bucketColour(double s, double best)
{
    if (s < 0.98)
        return QColor(0x9e, 0x9e, 0x9e);
    if (s < 1.02)
        return QColor(0x1f, 0x77, 0xb4);
    if (s < best - 0.02)
        return QColor(0xff, 0x7f, 0x0e);
    return QColor(0xd6, 0x27, 0x28);
}

} // namespace

/// The scatter itself (a plain painted widget: thousands of dots, no chart axes to read).
class MapEmbeddingView::Plot final : public HoverReadoutWidget {
public:
    explicit Plot(QWidget* parent)
        : HoverReadoutWidget(parent)
    {
        setMinimumSize(300, 260);
    }
    std::vector<std::array<double, 2>> points;
    std::vector<double> speedups;
    std::vector<std::int64_t> iterations;
    std::optional<std::array<double, 2>> compiler;
    int best = -1;

    QPointF toScreen(const std::array<double, 2>& p) const
    {
        const QRectF r = rect().adjusted(40, 24, -16, -36);
        return {r.left() + (p[0] - lo[0]) / std::max(1e-9, hi[0] - lo[0]) * r.width(),
                r.bottom() - (p[1] - lo[1]) / std::max(1e-9, hi[1] - lo[1]) * r.height()};
    }
    void fit()
    {
        lo = {1e300, 1e300};
        hi = {-1e300, -1e300};
        auto all = points;
        if (compiler)
            all.push_back(*compiler);
        for (const auto& p : all)
            for (int d = 0; d < 2; ++d) {
                lo[std::size_t(d)] = std::min(lo[std::size_t(d)], p[std::size_t(d)]);
                hi[std::size_t(d)] = std::max(hi[std::size_t(d)], p[std::size_t(d)]);
            }
        for (int d = 0; d < 2; ++d) {
            const double pad = 0.05 * std::max(1e-6, hi[std::size_t(d)] - lo[std::size_t(d)]);
            lo[std::size_t(d)] -= pad;
            hi[std::size_t(d)] += pad;
        }
        update();
    }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        p.fillRect(rect(), palette().base());
        const QRectF r = rect().adjusted(40, 24, -16, -36);
        p.setPen(palette().mid().color());
        p.drawRect(r);
        p.setPen(palette().text().color());
        p.drawText(QRectF(r.left(), r.bottom() + 6, r.width(), 16), Qt::AlignHCenter, tr("first principal component"));
        p.save();
        p.translate(14, r.center().y());
        p.rotate(-90);
        p.drawText(QRectF(-80, -8, 160, 16), Qt::AlignHCenter, tr("second component"));
        p.restore();
        if (points.empty()) {
            p.drawText(r, Qt::AlignCenter, tr("No maps yet: run a search in this session, then pick it above."));
            return;
        }
        const double top = best >= 0 ? speedups[std::size_t(best)] : 1.0;
        p.setPen(Qt::NoPen);
        for (std::size_t i = 0; i < points.size(); ++i) {
            QColor c = bucketColour(speedups[i], top);
            c.setAlpha(170);
            p.setBrush(c);
            p.drawEllipse(toScreen(points[i]), 3, 3);
        }
        if (best >= 0) {
            p.setBrush(QColor(0xd6, 0x27, 0x28));
            p.setPen(QPen(Qt::black, 1));
            const QPointF c = toScreen(points[std::size_t(best)]);
            QPolygonF star;
            for (int k = 0; k < 10; ++k) {
                const double a = -M_PI / 2 + k * M_PI / 5, rad = k % 2 ? 4 : 9;
                star << c + QPointF(rad * std::cos(a), rad * std::sin(a));
            }
            p.drawPolygon(star);
        }
        if (compiler) {
            const QPointF c = toScreen(*compiler);
            p.setPen(QPen(Qt::black, 2.5));
            p.drawLine(c + QPointF(-7, -7), c + QPointF(7, 7));
            p.drawLine(c + QPointF(-7, 7), c + QPointF(7, -7));
        }
        // Legend.
        p.setPen(palette().text().color());
        qreal x = r.left() + 4;
        const auto legend = [&](const QColor& c, const QString& t) {
            p.setPen(Qt::NoPen);
            p.setBrush(c);
            p.drawEllipse(QPointF(x + 4, 12), 4, 4);
            p.setPen(palette().text().color());
            p.drawText(QPointF(x + 12, 16), t);
            x += 22 + p.fontMetrics().horizontalAdvance(t);
        };
        legend(QColor(0x9e, 0x9e, 0x9e), tr("slower than the compiler"));
        legend(QColor(0x1f, 0x77, 0xb4), tr("compiler-competitive (±2 %)"));
        legend(QColor(0xff, 0x7f, 0x0e), tr("faster"));
        legend(QColor(0xd6, 0x27, 0x28), tr("within 2 % of the best (★)"));
        p.drawText(QPointF(x + 4, 16), tr("✕ the compiler's map"));
    }
    /// The map nearest the cursor, within 8 pixels.
    QString readoutAt(QPoint pos) const override
    {
        int nearest = -1;
        double d2 = 64;
        for (std::size_t i = 0; i < points.size(); ++i) {
            const QPointF q = toScreen(points[i]) - QPointF(pos);
            const double dd = q.x() * q.x() + q.y() * q.y();
            if (dd < d2) {
                d2 = dd;
                nearest = int(i);
            }
        }
        return nearest < 0 ? QString()
                           : tr("speed-up %1× (noiseless), found at iteration %2")
                                 .arg(speedups[std::size_t(nearest)], 0, 'f', 3)
                                 .arg(iterations[std::size_t(nearest)]);
    }

private:
    std::array<double, 2> lo{0, 0}, hi{1, 1};
};

MapEmbeddingView::MapEmbeddingView(RunsPanel* runs, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
{
    auto* l = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Run"), this));
    m_chooser = new QComboBox(this);
    m_chooser->setToolTip(tr("A run of this session that has ended (its distinct valid maps, up to 3,000)"));
    bar->addWidget(m_chooser);
    m_caption = new QLabel(this);
    m_caption->setWordWrap(true);
    bar->addWidget(m_caption, 1);
    l->addLayout(bar);
    m_plot = new Plot(this);
    l->addWidget(m_plot, 1);
    connect(m_chooser, &QComboBox::activated, this, [this](int i) { showRun(m_chooser->itemData(i).toInt()); });
}

MapEmbeddingView::~MapEmbeddingView() = default;

int MapEmbeddingView::pointCount() const { return int(m_plot->points.size()); }

QString MapEmbeddingView::caption() const { return m_caption->text(); }

void MapEmbeddingView::refresh(std::shared_ptr<const placement::PlacementModel> model)
{
    m_model = std::move(model);
    RunListModel* runs = m_runs->runModel();
    const int keep = m_shownRun;
    {
        QSignalBlocker block(m_chooser);
        m_chooser->clear();
        for (int row = 0; row < runs->rowCount(); ++row) {
            OptimizerRun* r = runs->runAt(row);
            if (r && (r->state() == RunState::Finished || r->state() == RunState::Cancelled))
                m_chooser->addItem(runs->titleAt(row), runs->idAt(row));
        }
    }
    if (m_chooser->count() == 0) {
        m_plot->points.clear();
        m_plot->compiler.reset();
        m_plot->update();
        m_caption->setText(tr("Finish a run in the Optimize tab: its maps appear here, projected so that similar maps lie "
                              "close together."));
        m_shownRun = -1;
        return;
    }
    const int index = m_chooser->findData(keep);
    showRun(m_chooser->itemData(index >= 0 ? index : m_chooser->count() - 1).toInt());
}

bool MapEmbeddingView::showRun(int runId)
{
    const int row = m_runs->runModel()->rowOfId(runId);
    OptimizerRun* run = row >= 0 ? m_runs->runModel()->runAt(row) : nullptr;
    if (!run || !m_model)
        return false;
    m_chooser->setCurrentIndex(m_chooser->findData(runId));
    m_shownRun = runId;
    const auto* job = run->jobAs<PlacementJob>();
    const std::vector<placement::VisitedMap> visited = job ? job->visited() : std::vector<placement::VisitedMap>{};
    std::vector<placement::MemoryMap> maps;
    m_plot->speedups.clear();
    m_plot->iterations.clear();
    int best = -1;
    for (const placement::VisitedMap& v : visited) {
        if (v.map.size() != m_model->nodeCount())
            continue; // a run on another workload
        maps.push_back(v.map);
        m_plot->speedups.push_back(v.speedup);
        m_plot->iterations.push_back(v.iteration);
        if (best < 0 || v.speedup > m_plot->speedups[std::size_t(best)])
            best = int(maps.size()) - 1;
    }
    if (maps.empty()) {
        m_plot->points.clear();
        m_plot->compiler.reset();
        m_plot->update();
        m_caption->setText(tr("This run kept no valid map of the current workload."));
        return true;
    }
    const placement::MapEmbedding e = placement::embedMaps(*m_model, maps, {m_model->compilerMap()});
    m_plot->points = e.points;
    m_plot->compiler = e.extra.front();
    m_plot->best = best;
    m_plot->fit();
    m_caption->setText(tr("%1 distinct valid maps; the two axes hold %2 % and %3 % of their variance. The paper (Fig. 5) "
                          "found compiler-competitive maps and the best maps in separate clusters.")
                           .arg(maps.size())
                           .arg(100 * e.explained[0], 0, 'f', 0)
                           .arg(100 * e.explained[1], 0, 'f', 0));
    return true;
}

} // namespace mapscape
