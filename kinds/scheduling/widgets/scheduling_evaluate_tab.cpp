// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The scheduling workbench's Evaluate tab: per-layer results, network totals, the energy breakdown and a layer's details.

#include "kinds/scheduling/core/scheduling_study.h"
#include "kinds/scheduling/widgets/scheduling_workbench.h"
#include "kinds/scheduling/widgets/scheduling_workbench_parts.h"
#include "kinds/scheduling/widgets/scheduling_result_view.h"

#include "kinds/scheduling/core/report.h"
#include "kinds/scheduling/core/evaluation_writer.h"
#include "kinds/scheduling/core/mapping_csv.h"
#include "kinds/scheduling/core/timeloop_map.h"
#include "core/io/file_util.h"
#include "kinds/scheduling/core/neurospector_cfg.h"
#include "core/network/onnx_import.h"
#include "kinds/scheduling/core/preset_io.h"
#include "core/io/preset_library.h"
#include "core/model/validation.h"
#include "core/util/strings.h"
#include "core/util/units.h"
#include "widgets/charts/pareto_chart.h"
#include "kinds/scheduling/widgets/accelerator_document.h"
#include "kinds/scheduling/widgets/network_document.h"
#include "kinds/scheduling/widgets/accelerator_table_model.h"
#include "kinds/scheduling/widgets/layer_table_model.h"
#include "kinds/scheduling/widgets/results_table_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/scheduling/widgets/scheduling_table_view.h"

#include <QComboBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QUndoCommand>
#include <QVBoxLayout>

namespace mapscape {

using namespace scheduling_wb;

void SchedulingWorkbench::reevaluate()
{
    Q_EMIT message(tr("Evaluating…"), 0);
    m_runner.request(m_accDoc->accelerator(), m_networkDoc->network(), m_mapping.value_or(Mapping{}),
                     {.trivialForMissing = !m_mapping.has_value()});
}

void SchedulingWorkbench::setTotals(const QString& text, bool problem)
{
    m_totals->setText(text);
    m_totals->setStyleSheet(problem ? QStringLiteral("QLabel { color: #b02020; font-weight: bold; }") : QString());
}

QString SchedulingWorkbench::totalsText() const { return m_totals->text(); }

const EvaluationSnapshot* SchedulingWorkbench::currentSnapshot() const { return m_snapshot.get(); }

void SchedulingWorkbench::showSnapshot(quint64 generation, std::shared_ptr<const EvaluationSnapshot> snapshot)
{
    if (generation != m_runner.latestGeneration() || m_inputsInvalid)
        return; // superseded, or the inputs were made invalid since
    m_snapshot = snapshot;
    m_model->setSnapshot(snapshot);
    m_table->resizeColumnsToContents();
    const NetworkResult& r = snapshot->result;
    const int n = int(r.layers.size());
    const int invalid = r.invalidLayers;
    QString firstProblem;
    for (const LayerResult& lr : r.layers) {
        if (!lr.ok) {
            firstProblem = qs(lr.layer + ": " + lr.error);
            break;
        }
    }
    // With repeat counts the total is one pass of the network (each layer times its occurrences);
    // NeuroSpector's network figure (each listed layer once) is given beside it.
    const Network& net = snapshot->network;
    const bool repeats = std::any_of(net.layers.begin(), net.layers.end(), [](const Layer& l) { return l.repeat != 1; });
    double macs = 0, occurrences = 0;
    for (std::size_t i = 0; i < net.layers.size() && i < r.layers.size(); ++i) {
        if (!r.layers[i].ok)
            continue;
        macs += net.layers[i].macs() * double(net.layers[i].repeat);
        occurrences += double(net.layers[i].repeat);
    }
    const QString energy = qs(formatQuantity(repeats ? r.weightedEnergy : r.energy, "pJ", 4));
    const QString cycles = qs(formatQuantity(repeats ? r.weightedCycles : r.cycles, "cycles", 4));
    const QString work = qs(formatQuantity(macs, "MACs", 4));
    const QString once = repeats ? tr("; each listed layer once: %1, %2 (NeuroSpector's network figure)")
                                       .arg(qs(formatQuantity(r.energy, "pJ", 4)), qs(formatQuantity(r.cycles, "cycles", 4)))
                                 : QString();
    if (n > 0 && invalid == n)
        setTotals(tr("No layer has a valid table: %1 of %2 invalid (first: %3)").arg(invalid).arg(n).arg(firstProblem), true);
    else if (invalid > 0)
        setTotals(tr("Total over %1 of %2 layers: %3, %4 — %5 excluded (first: %6)")
                      .arg(n - invalid)
                      .arg(n)
                      .arg(energy, cycles)
                      .arg(invalid == 1 ? tr("1 invalid layer") : tr("%1 invalid layers").arg(invalid))
                      .arg(firstProblem),
                  true);
    else if (repeats)
        setTotals(tr("Per inference: %1, %2 (%3 layers × their repeat counts = %4 layer runs, %5)%6")
                      .arg(energy, cycles)
                      .arg(n)
                      .arg(occurrences)
                      .arg(work, once),
                  false);
    else
        setTotals(tr("Total: %1, %2 (%3 layers, each counted once, %4)").arg(energy, cycles).arg(n).arg(work), false);
    Q_EMIT message(invalid > 0 ? tr("%1 on %2: %3 layers evaluated, %4 invalid")
                                     .arg(qs(snapshot->network.name), qs(snapshot->model->accelerator().name))
                                     .arg(n)
                                     .arg(invalid)
                               : tr("%1 on %2: %3 layers evaluated")
                                     .arg(qs(snapshot->network.name), qs(snapshot->model->accelerator().name))
                                     .arg(n),
                   5000);
    if (m_proxy->rowCount() > 0)
        m_table->selectRow(0);
    showLayerDetails();
    Q_EMIT evaluationShown();
}

void SchedulingWorkbench::showFailure(quint64 generation, const QString& message)
{
    if (generation != m_runner.latestGeneration() || m_inputsInvalid)
        return;
    reportError(message);
}

void SchedulingWorkbench::showLayerDetails()
{
    const QModelIndex current = m_proxy->mapToSource(m_table->currentIndex());
    if (!m_snapshot || !current.isValid()) {
        m_details->clear();
        m_tableView->clear();
        m_breakdown->setBreakdown(QString(), {}, {}, {});
        return;
    }
    const LayerResult& lr = m_snapshot->result.layers[std::size_t(current.row())];
    m_tableView->setTable(m_snapshot->model, lr.layer, lr.table, lr.ok ? std::optional<Evaluation>(lr.eval) : std::nullopt);
    QStringList parts;
    QList<double> dyn, stat;
    for (CostPart part : {CostPart::Mac, CostPart::LocalBuffer, CostPart::GlobalBuffer, CostPart::Dram}) {
        parts.append(QString::fromUtf8(costPartShort(part).data()));
        dyn.append(lr.ok ? lr.eval.dynamicEnergy[std::size_t(idx(part))] : 0.0);
        stat.append(lr.ok ? lr.eval.staticEnergy[std::size_t(idx(part))] : 0.0);
    }
    if (lr.ok)
        m_breakdown->setBreakdown(tr("%1: energy by level").arg(qs(lr.layer)), parts, dyn, stat);
    else // no energy to draw: an empty chart that says why, not an axis of zeros
        m_breakdown->setBreakdown(tr("%1: invalid table, no energy (see below)").arg(qs(lr.layer)), {}, {}, {});
    const Layer& l = m_snapshot->network.layers[std::size_t(current.row())];
    std::string text = "Layer " + lr.layer + "  (" + std::string(layerKindName(l.kind())) + ")\n";
    text += "K=" + std::to_string(l.k) + " B=" + std::to_string(l.b) + " P=" + std::to_string(l.p) + " Q=" + std::to_string(l.q) +
            " C=" + std::to_string(l.c) + " R=" + std::to_string(l.r) + " S=" + std::to_string(l.s) + " G=" + std::to_string(l.g) +
            " stride=" + std::to_string(l.stride) + "\n\nScheduling table (outermost first)\n";
    text += formatTable(*m_snapshot->model, lr.table);
    if (!lr.ok) {
        text += "\nINVALID: " + lr.error + "\n";
    } else {
        text += "\n";
        for (const ReportField& f : reportFields(*m_snapshot->model, lr.eval, {.neurospectorZeroing = false})) {
            std::string label = f.label;
            label.resize(std::max<std::size_t>(label.size(), 28), ' ');
            text += label + formatSig(f.value, 8) + "\n";
        }
    }
    if (m_model->isStale())
        text = "OUT OF DATE: " + m_model->staleReason().toStdString() + "\n\n" + text;
    m_details->setPlainText(qs(text));
}

} // namespace mapscape
