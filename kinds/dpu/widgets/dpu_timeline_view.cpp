// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dpu/core/dpu_study.h"
#include "kinds/dpu/widgets/dpu_timeline_view.h"

#include "kinds/dpu/core/dpu_dataset.h"
#include "widgets/charts/axis_ticks.h"
#include "widgets/charts/metric_labels.h"
#include "widgets/charts/tooltip_event.h"
#include "kinds/dpu/widgets/dpu_run_views.h"
#include "kinds/dpu/widgets/dpu_workbench.h"
#include "widgets/study/view_cells.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

namespace mapscape {

using cells::readOnly;
using cells::sig;
using namespace dpu;

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

constexpr int kLeft = 150, kRight = 16, kBand = 18, kGantt = 20, kTelemetryLane = 38;

QColor stateColour(int state)
{
    static const QColor c[] = {QColor(0xe8, 0xe8, 0xe8), QColor(0xc6, 0xdb, 0xef), QColor(0xfd, 0xd0, 0xa2)};
    return c[std::clamp(state, 0, 2)];
}

QColor phaseColour(Phase p)
{
    switch (p) {
    case Phase::Telemetry:
        return QColor(0xff, 0xf2, 0xa8, 200);
    case Phase::Inference:
        return QColor(0xc7, 0xe9, 0xc0, 200);
    case Phase::Reconfigure:
        return QColor(0xfc, 0xae, 0x91, 200);
    case Phase::Load:
        return QColor(0xda, 0xbc, 0xf0, 200);
    case Phase::Other:
        return QColor(0xcc, 0xcc, 0xcc, 200);
    case Phase::Running:
        break;
    }
    return Qt::transparent;
}

/// Short names for the legend.
QString phaseShort(Phase p)
{
    switch (p) {
    case Phase::Telemetry:
        return QObject::tr("telemetry");
    case Phase::Inference:
        return QObject::tr("RL inference");
    case Phase::Reconfigure:
        return QObject::tr("reconfiguration (paused)");
    case Phase::Load:
        return QObject::tr("instruction load (paused)");
    case Phase::Other:
        return QObject::tr("other (paused)");
    case Phase::Running:
        break;
    }
    return QObject::tr("running");
}

QString phaseTitle(Phase p)
{
    switch (p) {
    case Phase::Running:
        return QObject::tr("running");
    case Phase::Telemetry:
        return QObject::tr("telemetry (old configuration serves)");
    case Phase::Inference:
        return QObject::tr("RL inference (old configuration serves)");
    case Phase::Reconfigure:
        return QObject::tr("bitstream reconfiguration (paused)");
    case Phase::Load:
        return QObject::tr("instruction load (paused)");
    case Phase::Other:
        return QObject::tr("other overhead (paused)");
    }
    return {};
}

QColor configurationColour(const Platform& p, int action)
{
    if (action < 0 || action >= int(p.actions.size()))
        return QColor(0xf4, 0xf4, 0xf4);
    const DpuConfig& c = p.actions[std::size_t(action)];
    const int sizes = std::max<int>(1, int(p.sizes.size()));
    return QColor::fromHsv((c.size * 300 / sizes) % 360, 90 + 50 * std::min(c.instances, 3), 235 - 25 * std::min(c.instances, 3));
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Chart

TimelineChart::TimelineChart(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void TimelineChart::setData(Platform platform, TimelineScenario scenario, std::vector<TimelineLane> lanes)
{
    m_platform = std::move(platform);
    m_scenario = std::move(scenario);
    m_lanes = std::move(lanes);
    update();
}

QRectF TimelineChart::plotRect() const { return QRectF(kLeft, 0, std::max(10, width() - kLeft - kRight), height()); }

double TimelineChart::xOf(double t, const QRectF& r) const
{
    return r.left() + r.width() * std::clamp(t / std::max(1e-9, m_scenario.durationS), 0.0, 1.0);
}

double TimelineChart::timeAt(double x, const QRectF& r) const { return (x - r.left()) / r.width() * m_scenario.durationS; }

void TimelineChart::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setRenderHint(QPainter::Antialiasing, true);
    if (m_lanes.empty()) {
        p.setPen(palette().color(QPalette::Text));
        p.drawText(rect(), Qt::AlignCenter, tr("No timeline"));
        return;
    }
    // Top to bottom, each part from where the one above ended.
    double y = paintLegend(p, 6);
    y = paintBackground(p, y);
    y = paintArrivals(p, y);
    y = paintGantt(p, y);
    y = paintPpw(p, y);
    y = paintTelemetry(p, y);
    paintTimeAxis(p, y);
}

/// The title and the phase legend.
double TimelineChart::paintLegend(QPainter& p, double y) const
{
    const QFontMetrics fm(font());
    const QColor ink = palette().color(QPalette::Text);
    const QRectF r = plotRect();
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(ink);
    p.drawText(QRectF(r.left(), y, r.width(), fm.height() + 2), Qt::AlignLeft | Qt::AlignVCenter,
               tr("Runtime timeline (Fig. 6): %1 s, decisions with %2 ms of overhead")
                   .arg(m_scenario.durationS)
                   .arg(m_scenario.overheads.total()));
    p.setFont(font());
    y += fm.height() + 6;
    double lx = r.left();
    for (Phase ph : {Phase::Telemetry, Phase::Inference, Phase::Reconfigure, Phase::Load, Phase::Other}) {
        p.fillRect(QRectF(lx, y + 2, 12, fm.height() - 4), phaseColour(ph));
        p.setPen(ink);
        const QString t = phaseShort(ph);
        p.drawText(QPointF(lx + 16, y + fm.ascent()), t);
        lx += 16 + fm.horizontalAdvance(t) + 14;
    }
    return y + fm.height() + 6;
}

/// The background state as bands.
double TimelineChart::paintBackground(QPainter& p, double y) const
{
    const QFontMetrics fm(font());
    const QColor ink = palette().color(QPalette::Text);
    const QRectF r = plotRect();
    p.setPen(ink);
    p.drawText(QRectF(4, y, kLeft - 10, kBand), Qt::AlignRight | Qt::AlignVCenter, tr("Background"));
    for (std::size_t i = 0; i < m_scenario.background.size(); ++i) {
        const double t0 = m_scenario.background[i].startS;
        const double t1 = i + 1 < m_scenario.background.size() ? m_scenario.background[i + 1].startS : m_scenario.durationS;
        const int w = m_scenario.background[i].state;
        const QRectF band(xOf(t0, r), y, xOf(t1, r) - xOf(t0, r), kBand);
        p.fillRect(band, stateColour(w));
        p.setPen(ink);
        p.drawText(band.adjusted(4, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(qs(m_platform.params.states[std::size_t(w)].name + " — " +
                                    m_platform.params.states[std::size_t(w)].title),
                                 Qt::ElideRight, int(band.width()) - 8));
    }
    return y + kBand + 4;
}

/// The model arrivals as triangles, named.
double TimelineChart::paintArrivals(QPainter& p, double y) const
{
    const QFontMetrics fm(font());
    const QRectF r = plotRect();
    p.drawText(QRectF(4, y, kLeft - 10, kBand), Qt::AlignRight | Qt::AlignVCenter, tr("Arrivals"));
    for (const Arrival& a : m_scenario.arrivals) {
        const double x = xOf(a.timeS, r);
        QPainterPath tri;
        tri.moveTo(x - 5, y + 3);
        tri.lineTo(x + 5, y + 3);
        tri.lineTo(x, y + kBand - 3);
        tri.closeSubpath();
        p.fillPath(tri, QColor(0x33, 0x33, 0x33));
        p.drawText(QPointF(x + 8, y + fm.ascent() + 1), qs(m_platform.variantName(a.variant)));
    }
    return y + kBand + 4;
}

/// One Gantt strip per policy: the configuration loaded, its overhead phases shaded.
double TimelineChart::paintGantt(QPainter& p, double y) const
{
    const QFontMetrics fm(font());
    const QRectF r = plotRect();
    for (const TimelineLane& lane : m_lanes) {
        p.setPen(lane.colour);
        p.drawText(QRectF(4, y, kLeft - 10, kGantt), Qt::AlignRight | Qt::AlignVCenter, fm.elidedText(lane.name, Qt::ElideRight, kLeft - 12));
        for (const Segment& s : lane.timeline.segments) {
            const QRectF seg(xOf(s.startS, r), y, std::max(1.0, xOf(s.endS, r) - xOf(s.startS, r)), kGantt);
            p.fillRect(seg, configurationColour(m_platform, s.action));
            if (s.phase != Phase::Running) {
                p.fillRect(seg, phaseColour(s.phase));
                p.fillRect(seg, QBrush(QColor(0, 0, 0, phaseServes(s.phase) ? 40 : 90), Qt::BDiagPattern));
            } else if (s.action >= 0 && seg.width() > 40) {
                p.setPen(Qt::black);
                p.drawText(seg.adjusted(3, 0, -3, 0), Qt::AlignLeft | Qt::AlignVCenter,
                           fm.elidedText(qs(m_platform.actionName(s.action)), Qt::ElideRight, int(seg.width()) - 6));
            }
        }
        y += kGantt + 4;
    }
    return y;
}

/// The 3 Hz and running PPW traces of every policy, the primary one's overhead phases shaded.
double TimelineChart::paintPpw(QPainter& p, double y) const
{
    const QFontMetrics fm(font());
    const QColor ink = palette().color(QPalette::Text);
    const QRectF r = plotRect();
    const TimelineLane& primary = m_lanes.front();
    const double axisH = fm.height() * 2 + 10;
    const double ppwH = std::max(120.0, height() - y - 4 * kTelemetryLane - axisH - 8);
    const QRectF plot(r.left(), y + 4, r.width(), ppwH);
    for (const Segment& s : primary.timeline.segments) {
        if (s.phase != Phase::Running)
            p.fillRect(QRectF(xOf(s.startS, r), plot.top(), std::max(1.0, xOf(s.endS, r) - xOf(s.startS, r)), plot.height()),
                       phaseColour(s.phase));
    }
    double top = 0;
    for (const TimelineLane& lane : m_lanes)
        for (const TimelineSample& s : lane.timeline.samples)
            top = std::max({top, s.ppw, s.runningPpw});
    // Round ticks from 0 to the next step above the highest PPW (axis_ticks.h).
    const AxisTicks ticks = linearTicks(0, top > 0 ? top : 1, false, verticalTickTarget(plot.height()));
    top = ticks.hi;
    p.setPen(QPen(palette().color(QPalette::Mid), 1));
    p.drawRect(plot);
    for (std::size_t k = 0; k < ticks.values.size(); ++k) {
        const double yy = plot.bottom() - plot.height() * ticks.values[k] / top;
        p.setPen(QPen(QColor(0, 0, 0, 30), 1, Qt::DotLine));
        p.drawLine(QPointF(plot.left(), yy), QPointF(plot.right(), yy));
        p.setPen(ink);
        p.drawText(QRectF(4, yy - fm.height() / 2.0, kLeft - 10, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                   ticks.labels[qsizetype(k)]);
    }
    p.save();
    p.translate(12, plot.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-plot.height() / 2, -fm.height(), plot.height(), fm.height() + 2), Qt::AlignCenter, tr("PPW (FPS/W)"));
    p.restore();
    for (const Arrival& a : m_scenario.arrivals) {
        p.setPen(QPen(QColor(0x33, 0x33, 0x33), 1, Qt::DashLine));
        p.drawLine(QPointF(xOf(a.timeS, r), plot.top()), QPointF(xOf(a.timeS, r), plot.bottom()));
    }
    for (std::size_t li = m_lanes.size(); li-- > 0;) {
        const TimelineLane& lane = m_lanes[li];
        QPainterPath trace, running;
        bool first = true;
        for (const TimelineSample& s : lane.timeline.samples) {
            const QPointF a(xOf(s.timeS, r), plot.bottom() - plot.height() * s.ppw / top);
            const QPointF b(xOf(s.timeS, r), plot.bottom() - plot.height() * s.runningPpw / top);
            if (first) {
                trace.moveTo(a);
                running.moveTo(b);
                first = false;
            } else {
                trace.lineTo(a);
                running.lineTo(b);
            }
        }
        p.setPen(QPen(lane.colour, li == 0 ? 2.0 : 1.3));
        p.drawPath(trace);
        p.setPen(QPen(lane.colour, li == 0 ? 2.0 : 1.3, Qt::DashLine));
        p.drawPath(running);
    }
    p.setPen(ink);
    p.drawText(QRectF(plot.left() + 6, plot.top() + 2, plot.width() - 12, fm.height()), Qt::AlignRight | Qt::AlignTop,
               tr("solid: 3 Hz PPW · dashed: running PPW (frames so far / FPGA energy so far)"));
    y = plot.bottom() + 6;
    return y;
}

/// The primary policy's telemetry lanes (FPGA and Arm power, CPU, DDR).
double TimelineChart::paintTelemetry(QPainter& p, double y) const
{
    const QFontMetrics fm(font());
    const QColor ink = palette().color(QPalette::Text);
    const QRectF r = plotRect();
    const TimelineLane& primary = m_lanes.front();
    struct Lane {
        QString title;
        QString unit;
        std::function<double(const Telemetry&)> value;
    };
    const Lane lanes[] = {
        {tr("P_FPGA"), QStringLiteral("W"), [](const Telemetry& t) { return t[kTelemetryPFpga]; }},
        {tr("P_ARM"), QStringLiteral("W"), [](const Telemetry& t) { return t[kTelemetryPArm]; }},
        {tr("CPU mean"), QStringLiteral("%"),
         [](const Telemetry& t) { return (t[0] + t[1] + t[2] + t[3]) / kCpuCores; }},
        {tr("DDR"), QStringLiteral("MB/s"),
         [](const Telemetry& t) {
             double s = 0;
             for (int i = kCpuCores; i < kCpuCores + 2 * kMemoryPorts; ++i)
                 s += t[std::size_t(i)];
             return s;
         }},
    };
    for (const Lane& lane : lanes) {
        const QRectF box(r.left(), y, r.width(), kTelemetryLane - 6);
        double hi = 0;
        for (const TimelineSample& s : primary.timeline.samples)
            hi = std::max(hi, lane.value(s.telemetry));
        hi = hi > 0 ? hi : 1;
        p.setPen(QPen(palette().color(QPalette::Mid), 1));
        p.drawRect(box);
        p.setPen(ink);
        p.drawText(QRectF(4, y, kLeft - 10, box.height()), Qt::AlignRight | Qt::AlignVCenter,
                   fm.elidedText(QStringLiteral("%1 ≤ %2 %3").arg(lane.title, significantLabel(hi), lane.unit), Qt::ElideRight, kLeft - 12));
        QPainterPath path;
        bool first = true;
        for (const TimelineSample& s : primary.timeline.samples) {
            const QPointF pt(xOf(s.timeS, r), box.bottom() - 2 - (box.height() - 4) * lane.value(s.telemetry) / hi);
            if (first) {
                path.moveTo(pt);
                first = false;
            } else {
                path.lineTo(pt);
            }
        }
        p.setPen(QPen(primary.colour, 1.2));
        p.drawPath(path);
        y += kTelemetryLane;
    }
    return y;
}

/// The time axis in seconds.
void TimelineChart::paintTimeAxis(QPainter& p, double y) const
{
    const QFontMetrics fm(font());
    const QColor ink = palette().color(QPalette::Text);
    const QRectF r = plotRect();
    p.setPen(ink);
    const double step = m_scenario.durationS > 60 ? 10 : 5;
    for (double t = 0; t <= m_scenario.durationS + 1e-9; t += step) {
        const double x = xOf(t, r);
        p.drawLine(QPointF(x, y - 4), QPointF(x, y));
        p.drawText(QRectF(x - 30, y, 60, fm.height()), Qt::AlignHCenter | Qt::AlignTop, QString::number(t));
    }
    p.drawText(QRectF(r.left(), y + fm.height(), r.width(), fm.height() + 4), Qt::AlignCenter, tr("Time (s)"));
}

QString TimelineChart::textAt(const QPoint& pos) const
{
    const QRectF r = plotRect();
    if (m_lanes.empty() || pos.x() < r.left() || pos.x() > r.right())
        return {};
    const double t = timeAt(pos.x(), r);
    int state = 0;
    for (const BackgroundPhase& b : m_scenario.background)
        if (b.startS <= t)
            state = b.state;
    QString text = tr("t = %1 s · background %2").arg(t, 0, 'f', 2).arg(qs(m_platform.params.states[std::size_t(state)].name));
    for (const TimelineLane& lane : m_lanes) {
        const Segment* seg = nullptr;
        for (const Segment& s : lane.timeline.segments)
            if (s.startS <= t && t < s.endS)
                seg = &s;
        const TimelineSample* near = nullptr;
        for (const TimelineSample& s : lane.timeline.samples)
            if (!near || std::abs(s.timeS - t) < std::abs(near->timeS - t))
                near = &s;
        text += QStringLiteral("\n%1: ").arg(lane.name);
        if (seg)
            text += QStringLiteral("%1 on %2, %3")
                        .arg(seg->action >= 0 ? qs(m_platform.actionName(seg->action)) : tr("no configuration"),
                             seg->variant >= 0 ? qs(m_platform.variantName(seg->variant)) : tr("no model"), phaseTitle(seg->phase));
        if (near)
            text += tr("; %1, PPW %2, running %3")
                        .arg(quantityText(near->fps, QStringLiteral("FPS"), 3), quantityText(near->ppw, QStringLiteral("FPS/W"), 3),
                             quantityText(near->runningPpw, QStringLiteral("FPS/W"), 3));
    }
    return text;
}

bool TimelineChart::event(QEvent* e)
{
    if (answerToolTip(this, e, [this](QPoint pos) { return textAt(pos); }))
        return true;
    return QWidget::event(e);
}

// ---------------------------------------------------------------------------------------------
// View

DpuTimelineView::DpuTimelineView(RunsPanel* runs, DpuWorkbench* workbench, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
    , m_workbench(workbench)
{
    auto* l = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Policy"), this));
    m_primary = new QComboBox(this);
    m_primary->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_primary->setToolTip(tr("The policy deciding at each arrival: a learner run that has ended, or a baseline"));
    bar->addWidget(m_primary);
    m_learners = new DpuRunChooser(runs, true, this);
    m_learners->hide();
    bar->addWidget(new QLabel(tr("Compare with"), this));
    m_compareOptimal = new QCheckBox(tr("Optimal"), this);
    m_compareMaxFps = new QCheckBox(tr("Max-FPS"), this);
    m_compareMinPower = new QCheckBox(tr("Min-Power"), this);
    m_compareOptimal->setChecked(true);
    m_compareMaxFps->setChecked(true);
    for (QCheckBox* c : {m_compareOptimal, m_compareMaxFps, m_compareMinPower}) {
        c->setToolTip(tr("Add this baseline's lane: its Gantt strip and PPW trace"));
        bar->addWidget(c);
        connect(c, &QCheckBox::toggled, this, &DpuTimelineView::refresh);
    }
    m_redecide = new QCheckBox(tr("Re-decide on background change"), this);
    m_redecide->setToolTip(tr("The paper decides when a model arrives; this also decides when the background load changes "
                              "(at 15 s in Fig. 6's scenario)"));
    bar->addWidget(m_redecide);
    bar->addWidget(new QLabel(tr("Noise seed"), this));
    m_seed = new QSpinBox(this);
    m_seed->setRange(1, 1'000'000);
    m_seed->setToolTip(tr("Seed of the 3 Hz telemetry noise"));
    bar->addWidget(m_seed);
    bar->addStretch(1);
    l->addLayout(bar);
    connect(m_primary, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating)
            refresh();
    });
    connect(m_redecide, &QCheckBox::toggled, this, &DpuTimelineView::refresh);
    connect(m_seed, &QSpinBox::valueChanged, this, &DpuTimelineView::refresh);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    l->addWidget(m_summary);
    auto* split = new QSplitter(Qt::Vertical, this);
    m_chart = new TimelineChart(split);
    split->addWidget(m_chart);
    m_decisions = new QTableWidget(0, 12, split);
    cells::setColumns(m_decisions,
                      {{tr("Policy"), tr("The policy that decided")},
                       {tr("Time (s)"), tr("When it decided, in seconds from the start of the timeline")},
                       {tr("Model"), tr("The model running then")},
                       {tr("State"), tr("The background state then: N (none), C (CPU load) or M (memory traffic)")},
                       {tr("From"), tr("The DPU configuration before (size × instances)")},
                       {tr("To"), tr("The configuration chosen")},
                       {tr("Paused"), tr("Time the DPU was stopped to load the new configuration")},
                       {tr("Overhead energy"), tr("Energy the reconfiguration cost")},
                       {tr("PPW before"), tr("Performance per watt before, in frames/s per W")},
                       {tr("PPW after"), tr("Performance per watt after, in frames/s per W")},
                       {tr("Break-even (frames)"), tr("Frames after which the better PPW repays the overhead")},
                       {tr("Break-even time"), tr("The same as a time at the new frame rate")}});
    m_decisions->verticalHeader()->setVisible(false);
    m_decisions->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_decisions->setToolTip(tr("Each decision: the configuration before and after, how long inference paused, the FPGA "
                               "energy spent while paused, and how many frames at the new configuration's better PPW repay "
                               "that energy (−1: never, the new configuration is not more efficient; 0: nothing to repay)"));
    split->addWidget(m_decisions);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    l->addWidget(split, 1);
}

bool DpuTimelineView::setPrimary(int id)
{
    refresh();
    const int i = m_primary->findData(id);
    if (i < 0)
        return false;
    m_primary->setCurrentIndex(i);
    return true;
}

void DpuTimelineView::setCompare(bool optimal, bool maxFps, bool minPower)
{
    m_updating = true;
    m_compareOptimal->setChecked(optimal);
    m_compareMaxFps->setChecked(maxFps);
    m_compareMinPower->setChecked(minPower);
    m_updating = false;
    refresh();
}

void DpuTimelineView::refresh()
{
    if (m_updating)
        return;
    const DpuInputs& in = m_workbench->inputs();
    const std::shared_ptr<const RecordedRuns> runs = m_workbench->recordedRuns();
    // The policy list: learner runs that have ended, then the baselines.
    m_updating = true;
    const int keep = m_primary->currentIndex() >= 0 ? m_primary->currentData().toInt() : -1000;
    m_learners->sync();
    m_primary->clear();
    for (int i = 0; i < m_learners->count(); ++i)
        m_primary->addItem(m_learners->itemText(i), m_learners->itemData(i));
    m_primary->addItem(tr("Optimal (exhaustive look-up)"), -1);
    m_primary->addItem(tr("Max-FPS"), -2);
    m_primary->addItem(tr("Min-Power"), -3);
    int chosen = m_primary->findData(keep);
    if (chosen < 0)
        chosen = m_learners->count() > 0 ? m_learners->count() - 1 : 0;
    m_primary->setCurrentIndex(chosen);
    m_updating = false;
    if (!runs) {
        m_summary->setText(tr("Generating the recorded runs…"));
        m_chart->setData(in.platform, {}, {});
        return;
    }
    const Platform& p = in.platform;
    TimelineScenario scenario = defaultScenario(p);
    scenario.seed = std::uint64_t(m_seed->value());
    scenario.decideOnBackgroundChange = m_redecide->isChecked();
    struct Choice {
        QString name;
        QColor colour;
        Policy policy;
    };
    std::vector<Choice> choices;
    const int primary = m_primary->currentData().toInt();
    const auto baseline = [&](int id) -> Choice {
        switch (id) {
        case -1:
            return {tr("Optimal"), QColor(0x2c, 0xa0, 0x2c), baselinePolicy(*runs, Baseline::Optimal)};
        case -2:
            return {tr("Max-FPS"), QColor(0xff, 0x7f, 0x0e), baselinePolicy(*runs, Baseline::MaxFps)};
        default:
            return {tr("Min-Power"), QColor(0x94, 0x67, 0xbd), baselinePolicy(*runs, Baseline::MinPower)};
        }
    };
    std::shared_ptr<PolicyModel> keepAlive;
    if (primary >= 0) {
        m_learners->selectRun(primary);
        const DpuRunPolicy run = m_learners->current(in);
        if (!run.usable()) {
            m_summary->setText(run.unavailable);
            m_chart->setData(p, scenario, {});
            return;
        }
        keepAlive = run.model;
        choices.push_back({run.title, QColor(0x1f, 0x77, 0xb4), run.policy()});
    } else {
        choices.push_back(baseline(primary));
    }
    const std::pair<QCheckBox*, int> compare[] = {{m_compareOptimal, -1}, {m_compareMaxFps, -2}, {m_compareMinPower, -3}};
    for (const auto& [box, id] : compare) {
        if (box->isChecked() && id != primary)
            choices.push_back(baseline(id));
    }
    std::vector<TimelineLane> lanes;
    QStringList summary;
    m_decisions->setRowCount(0);
    try {
        for (const Choice& c : choices) {
            TimelineLane lane{c.name, c.colour, simulateTimeline(p, scenario, c.policy)};
            summary << tr("%1: %2 over %3 (%4, %5)")
                           .arg(c.name, quantityText(lane.timeline.meanPpw(), QStringLiteral("FPS/W")),
                                quantityText(scenario.durationS, QStringLiteral("s")),
                                countText(lane.timeline.frames, tr("frames")), quantityText(lane.timeline.energyJ, QStringLiteral("J")));
            for (const Decision& d : lane.timeline.decisions) {
                const int r = m_decisions->rowCount();
                m_decisions->insertRow(r);
                const QStringList cells{c.name,
                                        QString::number(d.timeS, 'f', 2),
                                        qs(p.variantName(d.variant)),
                                        qs(p.params.states[std::size_t(d.state)].name),
                                        d.from >= 0 ? qs(p.actionName(d.from)) : tr("—"),
                                        qs(p.actionName(d.to)) + (d.switched ? QString() : tr(" (kept)")),
                                        quantityText(d.pausedS, QStringLiteral("s")),
                                        quantityText(d.overheadEnergyJ, QStringLiteral("J")),
                                        d.ppwBefore > 0 ? quantityText(d.ppwBefore, QStringLiteral("FPS/W")) : tr("—"),
                                        quantityText(d.ppwAfter, QStringLiteral("FPS/W")),
                                        d.breakEvenFrames < 0 ? tr("never") : countText(d.breakEvenFrames),
                                        d.breakEvenFrames < 0 ? tr("never") : quantityText(d.breakEvenS, QStringLiteral("s"), 3)};
                for (int k = 0; k < int(cells.size()); ++k)
                    m_decisions->setItem(r, k, readOnly(cells[k]));
                m_decisions->item(r, 0)->setForeground(c.colour);
            }
            lanes.push_back(std::move(lane));
        }
    } catch (const std::exception& e) {
        m_summary->setText(QString::fromUtf8(e.what()));
        m_chart->setData(p, scenario, {});
        return;
    }
    m_decisions->resizeColumnsToContents();
    // A policy can come out above "Optimal" on this replay: say why rather than let it read as
    // beating the optimum.
    const auto optimal = std::find_if(lanes.begin(), lanes.end(), [this](const TimelineLane& l) { return l.name == tr("Optimal"); });
    QString note;
    if (optimal != lanes.end())
        for (const TimelineLane& l : lanes)
            if (&l != &*optimal && l.timeline.meanPpw() > optimal->timeline.meanPpw())
                note = tr("%1 is %2 % above Optimal on this replay: Optimal picks, for each model and background, the "
                          "configuration with the best recorded PPW among those that reach C_PERF; this replay draws its "
                          "own measurement noise (noise seed %3) and counts each reconfiguration's pause and energy, so "
                          "a near-optimal choice can come out ahead. Another noise seed changes the order.")
                           .arg(l.name, QString::number(100 * (l.timeline.meanPpw() / optimal->timeline.meanPpw() - 1), 'f', 1))
                           .arg(m_seed->value());
    m_summary->setText(summary.join(QStringLiteral(" · ")) + (note.isEmpty() ? QString() : QStringLiteral("\n") + note));
    m_chart->setData(p, scenario, std::move(lanes));
}

QString DpuTimelineView::summaryText() const { return m_summary->text(); }

} // namespace mapscape
