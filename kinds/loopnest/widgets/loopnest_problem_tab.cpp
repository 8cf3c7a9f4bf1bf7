// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The loop-nest workbench's Problem tab: the problem's dimensions with their bounds and its
// coefficients as editable tables, and each data space's projection written out
// ("Inputs[n][c][r·Wdilation + p·Wstride][…]").

#include "kinds/loopnest/widgets/loopnest_workbench.h"

#include "core/model/validation.h"
#include "kinds/loopnest/widgets/loopnest_workbench_parts.h"
#include "widgets/document/inputs_document.h"
#include "widgets/study/view_cells.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTableWidget>
#include <QVBoxLayout>

namespace mapscape {

using namespace loopnest_wb;
using nlohmann::ordered_json;

QWidget* LoopnestWorkbench::buildProblemTab()
{
    auto* page = new QWidget(this);
    auto* v = new QVBoxLayout(page);
    auto* help = new QLabel(tr("The problem: a dense loop nest over its dimensions, and the data spaces (tensors) each "
                               "iteration touches. Edit a bound or a coefficient (undoable); with \"Outermost level "
                               "takes the rest\" (Mapping tab) the outermost level's factor follows a new bound."),
                            page);
    help->setWordWrap(true);
    m_bounds = new QTableWidget(page);
    m_bounds->verticalHeader()->hide();
    compactRows(m_bounds);
    cells::setColumns(m_bounds, {{tr("Dimension"), tr("A loop of the problem")},
                                 {tr("Bound"), tr("Its trip count (the instance's value)")},
                                 {tr("Indexes"), tr("The data spaces whose projection uses the dimension")}});
    m_coefficients = new QTableWidget(page);
    m_coefficients->verticalHeader()->hide();
    compactRows(m_coefficients);
    cells::setColumns(m_coefficients, {{tr("Coefficient"), tr("A coefficient of the projections (strides, dilations)")},
                                       {tr("Value"), tr("Its value in this instance")}});
    m_projections = new QPlainTextEdit(page);
    m_projections->setReadOnly(true);
    m_projections->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_projections->setToolTip(tr("Each data space indexed by the loop variables (lower case) and the coefficients"));
    auto* tables = new QHBoxLayout;
    tables->addWidget(m_bounds, 3);
    tables->addWidget(m_coefficients, 2);
    v->addWidget(help);
    v->addLayout(tables, 2);
    v->addWidget(new QLabel(tr("Data spaces"), page));
    v->addWidget(m_projections, 1);
    connect(m_bounds, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (m_updating || item->column() != 1)
            return;
        const int row = item->row();
        const QString text = item->text();
        showCellOutcome(m_bounds, row, 1, text, editBoundCell(row, text));
    });
    connect(m_coefficients, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (m_updating || item->column() != 1)
            return;
        const int row = item->row();
        const QString text = item->text();
        showCellOutcome(m_coefficients, row, 1, text, editCoefficientCell(row, text));
    });
    return page;
}

void LoopnestWorkbench::refreshProblem()
{
    const LoopnestInputs& in = inputs();
    if (!in.parsed || !in.parsed->hasProblem) {
        m_bounds->setRowCount(0);
        m_coefficients->setRowCount(0);
        m_projections->setPlainText(tr("The spec has no problem."));
        return;
    }
    const loopnest::Problem& p = in.parsed->problem;
    if (m_bounds->rowCount() != int(p.dimensions.size()))
        m_refused.forget(m_bounds);
    if (m_coefficients->rowCount() != int(p.coefficientNames.size()))
        m_refused.forget(m_coefficients);
    m_bounds->setRowCount(int(p.dimensions.size()));
    for (int d = 0; d < int(p.dimensions.size()); ++d) {
        QStringList users;
        for (const auto& ds : p.dataSpaces) {
            bool uses = false;
            for (const auto& rank : ds.projection)
                for (const auto& t : rank)
                    uses = uses || t.dim == d;
            if (uses)
                users << qs(ds.name);
        }
        m_bounds->setItem(d, 0, cells::readOnly(qs(p.dimensions[std::size_t(d)])));
        m_bounds->setItem(d, 1, new QTableWidgetItem(QString::number(p.bounds[std::size_t(d)])));
        m_bounds->setItem(d, 2, cells::readOnly(users.join(QStringLiteral(", "))));
    }
    m_coefficients->setRowCount(int(p.coefficientNames.size()));
    for (int c = 0; c < int(p.coefficientNames.size()); ++c) {
        m_coefficients->setItem(c, 0, cells::readOnly(qs(p.coefficientNames[std::size_t(c)])));
        m_coefficients->setItem(c, 1, new QTableWidgetItem(QString::number(p.coefficientValues[std::size_t(c)])));
    }
    QString text = tr("%1: for %2\n\n")
                       .arg(p.name.empty() ? tr("problem") : qs(p.name), qs(p.dimensionList()));
    for (const auto& ds : p.dataSpaces)
        text += projectionText(p, ds) + (ds.readWrite ? tr("   (read-write: the output)") : QString()) + QLatin1Char('\n');
    QStringList coeffs;
    for (std::size_t c = 0; c < p.coefficientNames.size(); ++c)
        coeffs << QStringLiteral("%1 = %2").arg(qs(p.coefficientNames[c])).arg(p.coefficientValues[c]);
    if (!coeffs.isEmpty())
        text += QLatin1Char('\n') + tr("with %1").arg(coeffs.join(QStringLiteral(", ")));
    m_projections->setPlainText(text);
    fitColumns(m_bounds);
    fitColumns(m_coefficients);
}

QString LoopnestWorkbench::editBoundCell(int row, const QString& text)
{
    const LoopnestInputs& in = inputs();
    if (!in.parsed || row < 0 || row >= int(in.parsed->problem.dimensions.size()))
        return {};
    const std::string dim = in.parsed->problem.dimensions[std::size_t(row)];
    ordered_json tree = in.spec;
    if (!tree.contains("problem") || !tree["problem"].is_object())
        return tr("The spec has no problem to edit.");
    tree["problem"]["instance"][dim] = typedValue(text);
    try {
        LoopnestInputs next = loopnestInputsFromTree(std::move(tree), in.name, tr("problem").toStdString());
        const loopnest::Spec& s = *next.parsed;
        if (m_balance->isChecked() && s.hasArchitecture) {
            // The outermost level's factor follows the new bound when the others divide it.
            loopnest::Mapping m = s.hasMapping ? s.mapping : m_mapping;
            if (m.levels.size() == s.architecture.levels.size() && !m.levels.empty()) {
                std::uint64_t others = 1;
                for (std::size_t l = 0; l < m.levels.size(); ++l)
                    others *= m.levels[l].spatialFactors[std::size_t(row)] * (l > 0 ? m.levels[l].temporalFactors[std::size_t(row)] : 1);
                const std::uint64_t bound = s.problem.bounds[std::size_t(row)];
                if (others > 0 && bound % others == 0 && s.hasMapping) {
                    m.levels.front().temporalFactors[std::size_t(row)] = bound / others;
                    next.spec["mapping"] =
                        loopnestTreeFromYaml({{"mapping", loopnest::writeMappingYaml(s.architecture, s.problem, m)}}).at("mapping");
                    auto spec = std::make_shared<loopnest::Spec>(s);
                    spec->mapping = m;
                    next.parsed = std::move(spec);
                }
            }
        }
        m_doc->apply(std::move(next), tr("%1 = %2").arg(qs(dim), text.trimmed()));
        return {};
    } catch (const std::exception& e) {
        return tr("Bound of %1: %2").arg(qs(dim), QString::fromUtf8(e.what()));
    }
}

QString LoopnestWorkbench::editCoefficientCell(int row, const QString& text)
{
    const LoopnestInputs& in = inputs();
    if (!in.parsed || row < 0 || row >= int(in.parsed->problem.coefficientNames.size()))
        return {};
    const std::string name = in.parsed->problem.coefficientNames[std::size_t(row)];
    ordered_json tree = in.spec;
    if (!tree.contains("problem") || !tree["problem"].is_object())
        return tr("The spec has no problem to edit.");
    tree["problem"]["instance"][name] = typedValue(text);
    const QString error = applyTree(std::move(tree), tr("%1 = %2").arg(qs(name), text.trimmed()));
    return error.isEmpty() ? QString() : tr("Coefficient %1: %2").arg(qs(name), error);
}

} // namespace mapscape
