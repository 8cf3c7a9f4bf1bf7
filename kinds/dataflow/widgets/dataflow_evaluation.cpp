// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The dataflow workbench's evaluation of the mapping shown (the Mapping tab's results pane): MAESTRO's figures, the summary and the loop nest.

#include "kinds/dataflow/core/dataflow_study.h"
#include "kinds/dataflow/widgets/dataflow_workbench.h"

#include "core/model/validation.h"

#include "core/maestro/dataflow_model.h"
#include "kinds/dataflow/core/dataflow_report.h"
#include "kinds/dataflow/core/dataflow_io.h"
#include "core/io/file_util.h"
#include "core/maestro/maestro_files.h"
#include "core/io/preset_library.h"
#include "core/study/project_io.h"
#include "kinds/dataflow/core/dataflow_space.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/dataflow/widgets/agent_clustering_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <climits>
#include <cmath>
#include "kinds/dataflow/widgets/dataflow_workbench_parts.h"

namespace mapscape {

using namespace dataflow_wb;

void DataflowWorkbench::evaluate()
{
    const DataflowInputs& in = m_doc->inputs();
    m_result.reset();
    m_error.clear();
    DataflowResult r;
    try {
        const DataflowModel model(in.hardware);
        const DfStatus st = model.evaluate(in.layer, in.mapping, r);
        if (st.ok())
            m_result = r;
        else
            m_error = qs(DataflowModel::describe(st, in.layer));
    } catch (const std::exception& e) {
        m_error = QString::fromUtf8(e.what());
    }
    m_directiveError->setText(m_error.isEmpty() ? QString() : tr("Not evaluated: %1").arg(m_error));
    try {
        m_loopNest->setPlainText(qs(mapscape::loopNestText(in.layer, in.mapping, in.hardware.numPes)));
    } catch (const std::exception& e) {
        m_loopNest->setPlainText(QString::fromUtf8(e.what()));
    }
    if (!m_result) {
        m_summary->setText(QStringLiteral("<p style='color:#b02020'><b>%1</b><br>%2</p>")
                               .arg(tr("This mapping cannot be evaluated:"), m_error.toHtmlEscaped()));
        m_tensorTable->clearContents();
        m_boundChart->setStacks(tr("Runtime"), {}, {}, tr("Cycles"), QStringLiteral("cycles"));
        m_energyChart->setStacks(tr("Energy"), {}, {}, tr("Energy"), QStringLiteral("nJ"));
        m_bufferChart->setStacks(tr("Buffers"), {}, {}, tr("Space"), QStringLiteral("B"));
        Q_EMIT message(tr("Not evaluated: %1").arg(m_error), 10000);
        return;
    }
    const DataflowHardware& hw = in.hardware;
    const auto q = [](double v, const char* unit, int digits = 4) { return qs(formatQuantity(v, unit, digits)); };
    const auto fit = [](bool ok) {
        return ok ? QStringLiteral("<span style='color:#2c7a2c'>fits</span>")
                  : QStringLiteral("<span style='color:#b02020'><b>does not fit</b></span>");
    };
    const ShownAreaPower shown = shownAreaPower(hw, r);
    const QString limit1 = hw.l1Size == INT_MAX ? tr("unlimited") : q(hw.l1Size, "B");
    const QString limit2 = hw.l2Size == INT_MAX ? tr("unlimited") : q(hw.l2Size, "B");
    m_summary->setText(
        tr("<table cellspacing='6'>"
           "<tr><td><b>Runtime</b></td><td>%1</td><td><b>Energy</b></td><td>%2</td><td><b>EDP</b></td><td>%3</td></tr>"
           "<tr><td><b>Throughput</b></td><td>%4</td><td><b>PEs busy</b></td><td>%5 of %6 (%7)</td>"
           "<td><b>MACs</b></td><td>%8</td></tr>"
           "<tr><td><b>L1 per PE</b></td><td>%9 of %10: %11</td><td><b>L2</b></td><td>%12 of %13: %14</td>"
           "<td><b>Area / power</b></td><td>%15, %16</td></tr></table>"
           "<p style='color:#606060'>Area and power: MAESTRO's cost database, for the PEs and the NoC as "
           "configured and buffers of the size this mapping needs. %17</p>")
            .arg(q(double(r.runtime), "cycles"), q(r.energyNj, "nJ"), q(r.edp(), "cycles·nJ"), q(r.throughput, "MACs/cycle"))
            // PEs are counted whole ("1,024 of 1,024"); the average's fraction shows in the share.
            .arg(qs(formatInteger(std::llround(r.avgUtilizedPes))), qs(formatInteger(hw.numPes)),
                 q(100 * r.avgUtilizedPes / std::max(1, hw.numPes), "%", 3), q(double(r.macs), "MACs"))
            .arg(q(double(r.l1ReqTotal), "B"), limit1, fit(r.fitsL1), q(double(r.l2ReqTotal), "B"), limit2, fit(r.fitsL2),
                 shown.unboundedNoc ? tr("unbounded") : q(shown.area, "µm²"),
                 shown.unboundedNoc ? tr("unbounded") : q(shown.power, "mW"))
            .arg(shown.unboundedNoc ? tr("The NoC bandwidth (%1 elements/cycle) is effectively unconstrained, and MAESTRO "
                                         "sizes its bus and arbiter by it; without the NoC: %2, %3.")
                                          .arg(q(hw.nocBandwidth, ""), q(shown.area, "µm²"), q(shown.power, "mW"))
                                    : QString()));
    for (int t = 0; t < kDfTensors; ++t) {
        const DfTensorStats& s = r.tensor[std::size_t(t)];
        const double values[6] = {double(s.l2Req), double(s.l1Req), double(s.l2Reads), double(s.l2Writes),
                                  double(s.l1Reads), double(s.l1Writes)};
        for (int c = 0; c < 6; ++c) {
            auto* item = new QTableWidgetItem(c < 2 ? q(values[c], "B") : q(values[c], ""));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_tensorTable->setItem(t, c, item);
        }
    }
    QList<double> bounds;
    QStringList boundNames;
    for (int b = 0; b < kDfBounds; ++b) {
        boundNames.append(qs(std::string(dfBoundName(DfBound(b)))));
        bounds.append(double(r.boundCycles[std::size_t(b)]));
    }
    m_boundChart->setStacks(tr("What bounds the runtime (%1 in all)").arg(q(double(r.runtime), "cycles")), boundNames,
                            {{tr("cycles"), bounds}}, tr("Cycles"), QStringLiteral("cycles"));
    const double mac = hw.costDb.macEnergy;
    m_energyChart->setStacks(tr("Energy by component (%1 in all)").arg(q(r.energyNj, "nJ")),
                             {tr("L2 read"), tr("L2 write"), tr("L1 read"), tr("L1 write"), tr("MAC")},
                             {{tr("energy"),
                               {r.l2ReadEnergy * mac, r.l2WriteEnergy * mac, r.l1ReadEnergy * mac, r.l1WriteEnergy * mac,
                                r.macEnergy * mac}}},
                             tr("Energy"), QStringLiteral("nJ"));
    QList<QPair<QString, QList<double>>> need;
    for (int t = 0; t < kDfTensors; ++t) {
        const DfTensorStats& s = r.tensor[std::size_t(t)];
        need.append({qs(std::string(dfTensorName(DfTensor(t)))), {double(s.l1Req), double(s.l2Req)}});
    }
    m_bufferChart->setStacks(tr("Buffer space needed: L1 %1 of %2, L2 %3 of %4")
                                 .arg(q(double(r.l1ReqTotal), "B"), limit1, q(double(r.l2ReqTotal), "B"), limit2),
                             {tr("L1 (per PE)"), tr("L2")}, need, tr("Space"), QStringLiteral("B"));
    Q_EMIT message(tr("%1 on %2: %3, %4").arg(qs(in.layer.name), qs(hw.name), q(double(r.runtime), "cycles"), q(r.energyNj, "nJ")),
                   5000);
    Q_EMIT evaluationShown();
}

QString DataflowWorkbench::summaryText() const { return m_summary->text(); }

QString DataflowWorkbench::loopNestText() const { return m_loopNest->toPlainText(); }

} // namespace mapscape
