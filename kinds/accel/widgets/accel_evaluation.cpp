// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The accelerator-sizing workbench's evaluation of the design shown (the Design tab's results): per-component figures and totals.

#include "kinds/accel/core/accel_study.h"
#include "kinds/accel/widgets/accel_workbench.h"
#include "kinds/accel/widgets/accel_workbench_parts.h"

#include "kinds/accel/core/accel_report.h"
#include "kinds/accel/core/accel_io.h"
#include "core/io/file_util.h"
#include "core/io/preset_library.h"
#include "kinds/accel/core/sensitivity.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/accel/widgets/accel_results_view.h"
#include "kinds/accel/widgets/grmd_stages_view.h"
#include "widgets/study/view_cells.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace mapscape {

using namespace accel_wb; // with the cells:: names it uses

void AccelWorkbench::refreshEditors()
{
    m_updating = true;
    const AccelInputs& in = m_doc->inputs();
    const RnnWorkload& w = in.setup.workload;
    m_cell->setCurrentIndex(m_cell->findData(int(w.cell)));
    const int sizes[4] = {w.inputSize, w.hiddenSize, w.outputSize, w.sequenceLength};
    for (int i = 0; i < 4; ++i)
        m_sizes[std::size_t(i)]->setValue(sizes[i]);
    refreshComponents();
    for (int g = 0; g < kEditableGenes; ++g) {
        if (m_genes[std::size_t(g)])
            m_genes[std::size_t(g)]->setValue(in.design.gene(AccelGene(g)));
    }
    m_dataflow->setCurrentIndex(in.design.dataflow == AccelDataflow::OS ? 1 : 0);
    const AccelConstraints& c = in.setup.constraints;
    m_constraints[0]->setValue(c.areaMax);
    m_constraints[1]->setValue(c.latencyMax);
    m_constraints[2]->setValue(c.powerMax);
    const FpgaLimits& l = in.setup.limits;
    m_limitsPreset->setCurrentIndex(l == FpgaLimits::zcu102() ? 0 : l == FpgaLimits{} ? 1 : 2);
    const double limits[4] = {l.lut, l.dsp, l.bram36, l.bandwidth};
    for (int i = 0; i < 4; ++i)
        m_limits[std::size_t(i)]->setValue(limits[i]);
    const FpgaProxy& p = in.setup.proxy;
    const double proxy[6] = {p.lutBase, p.lutPerPe, p.lutPerBank, p.lutPerBusBit, p.dspPerPe, p.kibPerBram36};
    for (int i = 0; i < 6; ++i)
        m_proxy[std::size_t(i)]->setValue(proxy[i]);
    const AccelModelOptions& o = in.setup.model;
    m_tilePolicy->setCurrentIndex(m_tilePolicy->findData(int(o.tilePolicy)));
    m_costDb->setCurrentIndex(m_costDb->findData(qs(o.costDb.name)));
    m_simd->setValue(o.simdLanes);
    m_nocPorts->setValue(o.nocPorts);
    m_hopLatency->setValue(o.nocHopLatency);
    m_noise->setChecked(o.noise);
    m_noiseAmplitude->setValue(o.noiseAmplitude);
    m_noiseAmplitude->setEnabled(o.noise);
    m_noiseSeed->setValue(qint64(std::min<std::uint64_t>(o.noiseSeed, std::uint64_t(std::numeric_limits<qint64>::max()))));
    m_noiseSeed->setEnabled(o.noise);
    m_offchip->setChecked(o.offchip);
    m_updating = false;
}

void AccelWorkbench::refreshComponents()
{
    const bool was = m_updating;
    m_updating = true;
    const RnnWorkload& w = m_doc->inputs().setup.workload;
    const bool custom = w.cell == RnnCell::Custom;
    m_components->setRowCount(int(w.components.size()));
    for (int r = 0; r < int(w.components.size()); ++r) {
        const RnnComponent& c = w.components[std::size_t(r)];
        const QString texts[4] = {qs(c.name), QString::number(c.M), QString::number(c.N), QString::number(c.K)};
        for (int col = 0; col < 4; ++col) {
            auto* it = custom ? new QTableWidgetItem(texts[col])
                              : readOnly(texts[col], tr("Derived from the cell and its sizes; choose the custom cell to edit"));
            m_components->setItem(r, col, it);
        }
    }
    m_removeComponent->setEnabled(w.components.size() > 1);
    m_updating = was;
}

void AccelWorkbench::evaluate()
{
    const AccelInputs& in = m_doc->inputs();
    m_error.clear();
    m_detail = {};
    try {
        const AccelModel model(in.setup.workload, in.setup.model);
        m_detail = model.evaluateDetailed(in.design);
        if (!m_detail.metrics.valid)
            m_error = qs(describeInvalid(m_detail.metrics, in.setup.workload));
    } catch (const std::exception& e) {
        m_error = QString::fromUtf8(e.what());
    }
    const AccelMetrics& m = m_detail.metrics;
    const FpgaUsage u = estimateFpgaUsage(in.design, in.setup.proxy);
    const FpgaLimits& l = in.setup.limits;
    const double used[4] = {u.lut, u.dsp, u.bram36, u.bandwidth};
    const double lim[4] = {l.lut, l.dsp, l.bram36, l.bandwidth};
    for (int i = 0; i < 4; ++i) {
        QProgressBar* bar = m_usage[std::size_t(i)];
        const double pct = lim[i] > 0 ? 100 * used[i] / lim[i] : 0;
        bar->setValue(int(std::clamp(pct, 0.0, 100.0)));
        // LUTs, DSPs, BRAMs and bits are counted whole ("18.6 k used", not "1.861e+04").
        bar->setFormat(lim[i] > 0 ? QStringLiteral("%1 % used").arg(sig(pct, 3)) : tr("%1 used").arg(countText(used[i])));
        bar->setToolTip(lim[i] > 0 ? tr("This design needs %1 of %2").arg(countText(used[i]), countText(lim[i]))
                                   : tr("This design needs %1 (no limit set)").arg(countText(used[i])));
        bar->setStyleSheet(pct > 100 ? QStringLiteral("QProgressBar::chunk { background: #d9534f; }") : QString());
    }
    QString html = tr("<b>%1</b> on design <code>%2</code><br>").arg(qs(setupLabel(in)).toHtmlEscaped(), qs(in.design.text()));
    if (!m.valid) {
        html += tr("<span style='color:#b00'><b>Not evaluable:</b> %1</span>").arg(m_error.toHtmlEscaped());
    } else {
        const AccelConstraints& c = in.setup.constraints;
        // A limit in the unit of the figure it bounds ("✓ ≤ 10 mm²", not "≤ 1e+07").
        auto check = [](double v, double max, const QString& limit) {
            return max <= 0 ? QString() : v <= max ? QStringLiteral(" <span style='color:#070'>✓ ≤ %1</span>").arg(limit)
                                                   : QStringLiteral(" <span style='color:#b00'>✗ &gt; %1</span>").arg(limit);
        };
        const QString cycles = tr("cycles"), mW = QStringLiteral("mW"), um2 = QStringLiteral("µm²"), bytes = QStringLiteral("B");
        html += tr("Latency <b>%1</b>%2 · Power <b>%3</b>%4 · Area <b>%5</b>%6 · Energy <b>%7</b><br>")
                    .arg(countText(m.latency, cycles), check(m.latency, c.latencyMax, countText(c.latencyMax, cycles)),
                         quantityText(m.power, mW), check(m.power, c.powerMax, quantityText(c.powerMax, mW)),
                         quantityText(m.area, um2), check(m.area, c.areaMax, quantityText(c.areaMax, um2)),
                         quantityText(m.energy, QStringLiteral("nJ")));
        html += tr("<small>Latency sums the components (× sequence length); power is their mean, area the largest "
                   "component's. L1 needs %1 per PE of %2; L2 %3 of %4.</small>")
                    .arg(quantityText(double(m.l1Req), bytes), quantityText(1024.0 * in.design.localKb, bytes),
                         quantityText(double(m.l2Req), bytes), quantityText(1024.0 * in.design.spKb, bytes));
        html += QStringLiteral("<br><small>") + qs(accelTimeNote(m, in.setup.model.costDb)).toHtmlEscaped() +
                QStringLiteral("</small>");
    }
    m_summary->setText(html);

    QStringList cats;
    QList<double> parts[2][5];
    for (const AccelComponentResult& c : m_detail.components) {
        cats.append(qs(c.name).section(QLatin1Char(' '), 0, 0));
        const AccelBreakdown* b[2] = {&c.tile.areaParts, &c.tile.powerParts};
        for (int k = 0; k < 2; ++k) {
            parts[k][0].append(b[k]->pe);
            parts[k][1].append(b[k]->l1);
            parts[k][2].append(b[k]->l2);
            parts[k][3].append(b[k]->bus);
            parts[k][4].append(b[k]->arbiter);
        }
    }
    const QString names[5] = {tr("PEs"), tr("L1"), tr("L2"), tr("Bus"), tr("Arbiter")};
    for (int k = 0; k < 2; ++k) {
        QList<QPair<QString, QList<double>>> sets;
        for (int j = 0; j < 5; ++j)
            sets.append({names[j], parts[k][j]});
        (k == 0 ? m_areaChart : m_powerChart)
            ->setStacks(k == 0 ? tr("Area per component") : tr("Power per component"), cats, sets, k == 0 ? tr("Area") : tr("Power"),
                        k == 0 ? QStringLiteral("µm²") : QStringLiteral("mW"));
    }
    // One unit per column, in its title, as the summary and the charts write them (areas in mm²,
    // not "2.4131e+06" under "Area (µm²)"); bytes, whole, with their unit in each cell ("1008 B",
    // "1.125 KiB") as the summary's L1 and L2.
    QList<double> columnValues[3];
    for (const AccelComponentResult& c : m_detail.components) {
        if (!c.tile.valid)
            continue;
        columnValues[0].append(c.tile.energy);
        columnValues[1].append(c.tile.power);
        columnValues[2].append(c.tile.area);
    }
    const QString columnNames[3] = {tr("Energy"), tr("Power"), tr("Area")};
    const QString columnUnits[3] = {QStringLiteral("nJ"), QStringLiteral("mW"), QStringLiteral("µm²")};
    ColumnUnit units[3];
    for (int k = 0; k < 3; ++k) {
        units[k] = columnUnit(columnValues[k], columnUnits[k]);
        m_componentResults->horizontalHeaderItem(5 + k)->setText(units[k].title(columnNames[k]));
    }
    m_componentResults->setRowCount(int(m_detail.components.size()));
    for (int r = 0; r < int(m_detail.components.size()); ++r) {
        const AccelComponentResult& c = m_detail.components[std::size_t(r)];
        const bool ok = c.tile.valid;
        const QString cells[9] = {qs(c.name),
                                  QStringLiteral("%1×%2×%3").arg(c.M).arg(c.N).arg(c.K),
                                  ok ? QStringLiteral("%1×%2×%3").arg(c.tile.ti).arg(c.tile.tj).arg(c.tile.tk) : tr("none fits"),
                                  countText(double(c.tile.candidates)),
                                  ok ? countText(double(c.tile.runtime)) : QString(),
                                  ok ? units[0].number(c.tile.energy, 5) : QString(),
                                  ok ? units[1].number(c.tile.power, 5) : QString(),
                                  ok ? units[2].number(c.tile.area, 5) : QString(),
                                  ok ? quantityText(double(c.tile.l2Req), QStringLiteral("B")) : QString()};
        for (int col = 0; col < 9; ++col) {
            auto* it = readOnly(cells[col]);
            if (!ok)
                it->setBackground(kViolating);
            if (col == 0 && ok)
                it->setToolTip(tr("Directives (MAESTRO):\n%1").arg(qs(c.mappingText)));
            m_componentResults->setItem(r, col, it);
        }
    }
    Q_EMIT evaluationShown();
}

QString AccelWorkbench::summaryText() const { return m_summary->text(); }

} // namespace mapscape
