// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// The accelerator-sizing study's workbench (seed 002), offscreen: live evaluation of the
/// paper's control design, undoable edits of the workload, design and space with errors that
/// name the field, the regenerated Table 3, a GRMD run and an NSGA-II run feeding the stage
/// views (populations, policy heatmap, solutions) and the results views (overlaid fronts,
/// hypervolume curves), and the study's round trip through a project file.

#include "kinds/accel/core/accel_study.h"
#include "core/study/project_io.h"
#include "core/runner/optimizer_run.h"
#include "widgets/charts/front_overlay_chart.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/charts/live_line_chart.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/inputs_document.h"
#include "widgets/models/run_list_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/accel/widgets/accel_results_view.h"
#include "kinds/accel/widgets/accel_workbench.h"
#include "kinds/accel/widgets/grmd_stages_view.h"
#include "support/typing.h"
#include "support/widgets.h"
#include "widgets/delegates/setup_delegate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace mapscape;

namespace {

void shot(QWidget& w, const char* name)
{
    if (qEnvironmentVariableIsSet("MAPSCAPE_TEST_SHOTS"))
        w.grab().save(qEnvironmentVariable("MAPSCAPE_TEST_SHOTS") + QLatin1Char('/') + QLatin1String(name));
}

} // namespace

class TestAccelWorkbench : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void typedNumbersAreStoredExactly()
    {
        // Issue 31: a hidden size of 0 silently went back to 100; spin boxes with separators
        // and keyboard tracking changed what was typed. Each number field of the design tab,
        // typed key by key, stores what was typed, or keeps the text and says why.
        using testing::fieldNamed;
        using testing::typeInto;
        AccelWorkbench w;
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const auto in = [&] { return w.document()->inputs(); };
        for (QCheckBox* b : w.findChildren<QCheckBox*>())
            if (b->text().startsWith(QStringLiteral("HASCO's noise")))
                b->click(); // the noise fields are enabled with the noise
        QVERIFY(in().setup.model.noise);
        struct Case {
            const char* field;
            const char* typed;
            double expected;
            std::function<double()> stored;
        };
        const std::vector<Case> cases = {
            {"Hidden size", "128", 128, [&] { return double(in().setup.workload.hiddenSize); }},
            {"Input size", "1,000", 1000, [&] { return double(in().setup.workload.inputSize); }},
            {"Sequence length", "25", 25, [&] { return double(in().setup.workload.sequenceLength); }},
            {"Area limit (µm²)", "7239017.5", 7239017.5, [&] { return in().setup.constraints.areaMax; }},
            {"Latency limit (cycles)", "1e4", 10000, [&] { return in().setup.constraints.latencyMax; }},
            {"Power limit (mW)", "off", 0, [&] { return in().setup.constraints.powerMax; }},
            {"LUTs", "250000", 250000, [&] { return in().setup.limits.lut; }},
            {"LUTs per PE", "123.25", 123.25, [&] { return in().setup.proxy.lutPerPe; }},
            {"SIMD lanes per PE", "16", 16, [&] { return double(in().setup.model.simdLanes); }},
            {"NoC ports", "4", 4, [&] { return double(in().setup.model.nocPorts); }},
            {"NoC hop latency (cycles)", "3", 3, [&] { return double(in().setup.model.nocHopLatency); }},
            {"Noise seed", "4294967296", 4294967296.0, [&] { return double(in().setup.model.noiseSeed); }},
            {"Noise amplitude a", "0.125", 0.125, [&] { return in().setup.model.noiseAmplitude; }},
        };
        for (const Case& c : cases) {
            ValueEdit* e = fieldNamed(w, QString::fromUtf8(c.field));
            QVERIFY2(e, c.field);
            typeInto(e, QString::fromUtf8(c.typed));
            QVERIFY2(!e->hasError(), qPrintable(e->error()));
            QCOMPARE(c.stored(), c.expected);
        }
        // The design's genes.
        for (const auto& [field, typed, gene] : std::vector<std::tuple<const char*, const char*, AccelGene>>{
                 {"PE array side x", "16", AccelGene::X},
                 {"Scratchpad (KiB)", "512", AccelGene::SpCapacity},
                 {"Local memory per PE (KiB)", "32", AccelGene::LocalCapacity},
                 {"Scratchpad banks", "8", AccelGene::SpBanks},
                 {"DMA bus width (bits)", "128", AccelGene::DmaBuswidth},
                 {"DMA burst (bytes)", "256", AccelGene::DmaMaxbytes}}) {
            ValueEdit* e = fieldNamed(w, QString::fromUtf8(field));
            QVERIFY2(e, field);
            typeInto(e, QString::fromUtf8(typed));
            QVERIFY2(!e->hasError(), qPrintable(e->error()));
            QCOMPARE(in().design.gene(gene), QString::fromUtf8(typed).toInt());
        }
        QSignalSpy status(&w, &StudyWorkbench::message);
        const AccelInputs before = in();
        for (const auto& [field, typed, why] : std::vector<std::tuple<const char*, const char*, const char*>>{
                 {"Hidden size", "0", "must be between 1 and"},
                 {"Input size", "29abc", "must be a whole number"},
                 {"Power limit (mW)", "-3", "must be at most"},
                 {"LUTs per PE", "abc", "must be a number"},
                 {"NoC ports", "", "is empty"}}) {
            ValueEdit* e = fieldNamed(w, QString::fromUtf8(field));
            QVERIFY2(e, field);
            typeInto(e, QString::fromUtf8(typed));
            QVERIFY2(e->hasError(), field);
            QCOMPARE(e->text(), QString::fromUtf8(typed));
            QVERIFY2(e->error().contains(QString::fromUtf8(why)), qPrintable(e->error()));
            QVERIFY(status.last().at(0).toString().startsWith(QString::fromUtf8(field)));
        }
        QVERIFY(in() == before);
        shot(w, "accel-refused-entries.png");
        typeInto(fieldNamed(w, QStringLiteral("Hidden size")), QStringLiteral("64"));
        QCOMPARE(in().setup.workload.hiddenSize, 64);
        QVERIFY(!fieldNamed(w, QStringLiteral("Hidden size"))->hasError());
        QCOMPARE(fieldNamed(w, QStringLiteral("Input size"))->text(), QStringLiteral("29abc")); // still there to fix
    }

    void evaluatesThePapersControlDesign()
    {
        AccelWorkbench w;
        const AccelInputs& in = w.document()->inputs();
        QCOMPARE(in.setup.workload.cell, RnnCell::Vanilla);
        QCOMPARE(in.setup.limits, FpgaLimits::zcu102());
        QCOMPARE(in.design, AccelDesign{});
        QVERIFY(w.detail().metrics.valid);
        // The same figures as the model on its own (Table 3's control row).
        const AccelMetrics m = AccelModel(in.setup.workload, in.setup.model).evaluate(in.design);
        QCOMPARE(w.detail().metrics.latency, m.latency);
        QCOMPARE(w.detail().metrics.area, m.area);
        QCOMPARE(w.componentTable()->rowCount(), 3);
        QVERIFY(w.summaryText().contains(QStringLiteral("Latency")));
        // Energy, power and time are put in relation (issue 31, item 7).
        QVERIFY(w.summaryText().contains(QString::fromStdString(accelTimeNote(m, in.setup.model.costDb)).toHtmlEscaped()));
        QVERIFY(w.summaryText().contains(QStringLiteral("At 1 GHz")));
        // The space's size is a count in engineering units, like the paper's (issue 49, item 4:
        // "1.457e+11 designs").
        QVERIFY2(w.spaceSizeText().contains(QStringLiteral("146 G designs")) && !w.spaceSizeText().contains(QStringLiteral("e+")),
                 qPrintable(w.spaceSizeText()));
        QVERIFY2(w.spaceSizeText().contains(QStringLiteral("the paper's Table 1 has 146 G")), qPrintable(w.spaceSizeText()));
        // The component figures: one unit per column, in its title, areas in mm² as in the summary.
        QTableWidget* components = nullptr;
        for (QTableWidget* t : w.findChildren<QTableWidget*>())
            if (t->columnCount() == 9 && t->horizontalHeaderItem(4) && t->horizontalHeaderItem(4)->text() == QStringLiteral("Cycles"))
                components = t;
        QVERIFY(components && components->rowCount() == 3);
        QCOMPARE(components->horizontalHeaderItem(7)->text(), QStringLiteral("Area (mm²)"));
        QCOMPARE(components->horizontalHeaderItem(6)->text(), QStringLiteral("Power (mW)"));
        for (int r = 0; r < components->rowCount(); ++r)
            for (int c = 4; c < 9; ++c)
                QVERIFY2(!components->item(r, c)->text().contains(QRegularExpression(QStringLiteral("\\de[+-]\\d"))),
                         qPrintable(components->item(r, c)->text()));
        QVERIFY2(w.summaryText().contains(QStringLiteral("Area <b>7.239 mm²</b>")), qPrintable(w.summaryText()));
        QVERIFY2(w.summaryText().contains(QStringLiteral("L1 needs 160 B per PE of 64 KiB")), qPrintable(w.summaryText()));
        // The objective is named as the runs list names it: its values read in mm², not µm².
        QComboBox* objective = nullptr;
        for (QComboBox* c : w.runsPanel()->optimizerPanel()->findChildren<QComboBox*>())
            if (c->findData(QStringLiteral("area")) >= 0)
                objective = c;
        QVERIFY(objective);
        QCOMPARE(objective->currentText(), QStringLiteral("Area"));
        QCOMPARE(objective->itemText(objective->findData(QStringLiteral("energy"))), QStringLiteral("Energy"));
        QCOMPARE(w.runsPanel()->optimizerPanel()->settings().objective, std::string("area"));
        w.resize(1500, 920);
        w.show();
        QTest::qWait(100);
        for (EnergyBreakdownChart* c : w.findChildren<EnergyBreakdownChart*>()) {
            if (c->isVisible())
                QVERIFY2(c->clippedTitles().isEmpty(), qPrintable(c->clippedTitles().join(QStringLiteral(", "))));
        }
        shot(w, "accel-design.png");
    }

    void editsAreLiveAndUndoable()
    {
        AccelWorkbench w;
        const double before = w.detail().metrics.latency;
        QVERIFY(w.setDesignGene(AccelGene::X, 32));
        QVERIFY(w.detail().metrics.latency < before); // a 32×32 array is faster
        QVERIFY(w.detail().metrics.area > 50 * 7e6);
        w.document()->undoStack()->undo();
        QCOMPARE(w.detail().metrics.latency, before);
        // A value the model cannot take is refused with the field's name; nothing changes.
        QSignalSpy errors(&w, &StudyWorkbench::errorOccurred);
        QVERIFY(!w.setDesignGene(AccelGene::SpBanks, 0));
        QCOMPARE(errors.count(), 1);
        QVERIFY(errors.front().front().toString().startsWith(QStringLiteral("sp_banks")));
        QCOMPARE(w.document()->inputs().design.spBanks, 1);
        // LSTM: eight components, derived from the sizes.
        AccelInputs in = w.document()->inputs();
        in.setup.workload = RnnWorkload::make(RnnCell::Lstm);
        w.document()->apply(in, QStringLiteral("LSTM"));
        QCOMPARE(w.componentTable()->rowCount(), 8);
        QVERIFY(w.detail().metrics.valid);
        // A custom cell's component edited to K = 0 from the table: refused, named.
        in = w.document()->inputs();
        in.setup.workload.cell = RnnCell::Custom;
        w.document()->apply(in, QStringLiteral("custom"));
        w.componentTable()->item(2, 3)->setText(QStringLiteral("0"));
        QCOMPARE(errors.count(), 2);
        QVERIFY(errors.back().front().toString().startsWith(QStringLiteral("components[2].K")));
        QCOMPARE(w.document()->inputs().setup.workload.components[2].K, 129);
        w.componentTable()->item(2, 3)->setText(QStringLiteral("64"));
        QCOMPARE(w.document()->inputs().setup.workload.components[2].K, 64);
        // Model options the model refuses: shown as not evaluable, with the field named.
        in = w.document()->inputs();
        in.setup.model.simdLanes = 0;
        w.document()->apply(in, QStringLiteral("no lanes"));
        QVERIFY(!w.detail().metrics.valid);
        QVERIFY2(w.evaluationError().contains(QStringLiteral("simd_lanes")), qPrintable(w.evaluationError()));
        QVERIFY(w.summaryText().contains(QStringLiteral("Not evaluable")));
        w.document()->undoStack()->undo();
        QVERIFY(w.detail().metrics.valid);
    }

    void designSpaceTable()
    {
        AccelWorkbench w;
        QTableWidget* t = w.spaceTable();
        QCOMPARE(t->rowCount(), 7);
        QCOMPARE(t->item(0, AccelWorkbench::SpCount)->text(), QStringLiteral("29"));
        // Fixing x divides the space by its 29 values; the fixed value is the design's.
        QCOMPARE(w.setSpaceCell(AccelGene::X, AccelWorkbench::SpSearched, QStringLiteral("no")), QString());
        QCOMPARE(w.document()->inputs().setup.space[AccelGene::X].fixed, 8);
        QCOMPARE(t->item(0, AccelWorkbench::SpCount)->text(), QStringLiteral("1"));
        QVERIFY(std::abs(w.document()->inputs().setup.space.size() - AccelSpace::table1().size() / 29) < 1);
        // Bad cells name the field and change nothing.
        const AccelSpace before = w.document()->inputs().setup.space;
        QCOMPARE(w.setSpaceCell(AccelGene::SpBanks, AccelWorkbench::SpLow, QStringLiteral("abc")),
                 QStringLiteral("sp_banks.lo: expected an integer, got \"abc\""));
        QVERIFY(w.setSpaceCell(AccelGene::SpBanks, AccelWorkbench::SpHigh, QStringLiteral("0")).startsWith(QStringLiteral("sp_banks.hi")));
        QVERIFY(w.setSpaceCell(AccelGene::Dataflow, AccelWorkbench::SpValues, QStringLiteral("WS, XS"))
                    .startsWith(QStringLiteral("dataflow.values[1]: expected WS or OS")));
        QCOMPARE(w.document()->inputs().setup.space, before);
        // A list of values, typed as a user would into the table.
        QCOMPARE(w.setSpaceCell(AccelGene::SpCapacity, AccelWorkbench::SpHow, QStringLiteral("list")), QString());
        t->item(1, AccelWorkbench::SpValues)->setText(QStringLiteral("128, 256, 512"));
        QCOMPARE(w.document()->inputs().setup.space.values(AccelGene::SpCapacity), (std::vector<int>{128, 256, 512}));
        QCOMPARE(t->item(1, AccelWorkbench::SpCount)->text(), QStringLiteral("3"));
        // Undo all the way back to Table 1.
        while (w.document()->undoStack()->canUndo())
            w.document()->undoStack()->undo();
        QCOMPARE(w.document()->inputs().setup.space, AccelSpace::table1());
    }

    void sensitivityRegeneratesTable3()
    {
        AccelWorkbench w;
        w.showTab(AccelWorkbench::SensitivityTab);
        QCOMPARE(w.sensitivityTable()->rowCount(), 8);
        QVERIFY2(w.sensitivitySummary().contains(QStringLiteral("15 of 15")), qPrintable(w.sensitivitySummary()));
        QCOMPARE(w.sensitivityTable()->item(1, 0)->text(), QStringLiteral("1: x = 32"));
        // Figures with their units, areas in mm² as on the Design tab, never "7.23902e+06"
        // (issue 49, item 4).
        // Same significant digits down a column ("7.2390 mm²" beside "8.3923 mm²", not "7.239");
        // cycles counted whole (the paper's "850.92 cycles" is 851).
        QCOMPARE(w.sensitivityTable()->item(0, 6)->text(), QStringLiteral("7.2390 mm²"));
        QCOMPARE(w.sensitivityTable()->item(4, 6)->text(), QStringLiteral("8.3923 mm²"));
        QCOMPARE(w.sensitivityTable()->item(0, 7)->text(), QStringLiteral("7.270 mm²"));
        QCOMPARE(w.sensitivityTable()->item(0, 1)->text(), QStringLiteral("655 cycles"));
        QCOMPARE(w.sensitivityTable()->item(0, 2)->text(), QStringLiteral("851 cycles"));
        QCOMPARE(w.sensitivityTable()->item(4, 2)->text(), QStringLiteral("1173 cycles"));
        QCOMPARE(w.sensitivityTable()->item(0, 3)->text(), QStringLiteral("764.73 mW"));
        QCOMPARE(w.sensitivityTable()->item(1, 3)->text(), QStringLiteral("19.610 W"));
        QCOMPARE(w.sensitivityTable()->item(1, 7)->text(), QStringLiteral("7.780 mm² (as 778.0 mm²)"));
        const auto digits = [](const QString& figure) {
            const QString number = figure.section(QLatin1Char(' '), 0, 0);
            return QString(number).remove(QLatin1Char('.')).remove(QRegularExpression(QStringLiteral("^0+"))).size();
        };
        for (int r = 0; r < w.sensitivityTable()->rowCount(); ++r) {
            for (int c : {1, 2})
                QVERIFY2(QRegularExpression(QStringLiteral("^\\d+ (k )?cycles$")).match(w.sensitivityTable()->item(r, c)->text()).hasMatch(),
                         qPrintable(w.sensitivityTable()->item(r, c)->text()));
            for (auto [c, n] : {std::pair{3, 5}, {4, 5}, {6, 5}, {7, 4}})
                QVERIFY2(digits(w.sensitivityTable()->item(r, c)->text()) == n, qPrintable(w.sensitivityTable()->item(r, c)->text()));
        }
    }

    /// Issue 49, item 2: runs on hidden sizes 100 and 64 read "Vanilla RNN 2…9 on ZCU102" both,
    /// the Setup column eliding exactly the part that differs. Elided, each keeps its sizes in
    /// view; the full label is the tooltip; Compare keeps the two setups apart.
    void setupColumnKeepsWhatDiffers()
    {
        AccelWorkbench w;
        w.resize(1500, 920);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        RunsPanel* runs = w.runsPanel();
        const QString random = QStringLiteral("random"), samples = QStringLiteral("samples"), budget = QStringLiteral("60");
        QVERIFY(test::runToEnd(*runs, random, samples, budget));
        testing::typeInto(testing::fieldNamed(w, QStringLiteral("Hidden size")), QStringLiteral("64"));
        QCOMPARE(w.document()->inputs().setup.workload.hiddenSize, 64);
        QVERIFY(test::runToEnd(*runs, random, samples, budget));
        const RunListModel* model = runs->runModel();
        const QModelIndex first = model->index(0, RunListModel::Setup), second = model->index(1, RunListModel::Setup);
        QCOMPARE(first.data().toString(), QStringLiteral("Vanilla RNN 29-100-29 on ZCU102"));
        QCOMPARE(second.data().toString(), QStringLiteral("Vanilla RNN 29-64-29 on ZCU102"));
        QCOMPARE(second.data(Qt::ToolTipRole).toString(), QStringLiteral("Ran on Vanilla RNN 29-64-29 on ZCU102"));
        // Too narrow for the whole label: each keeps its sizes, the shared parts give way.
        QTableView* table = runs->runTable();
        QVERIFY(dynamic_cast<SetupDelegate*>(table->itemDelegateForColumn(RunListModel::Setup)));
        const QFontMetrics fm = table->fontMetrics();
        const int width = fm.horizontalAdvance(first.data().toString()) * 3 / 5;
        for (const auto& [index, sizes] :
             {std::pair{first, QStringLiteral("29-100-29")}, {second, QStringLiteral("29-64-29")}}) {
            const QString shown = SetupDelegate::shownText(index, fm, width);
            QVERIFY2(shown.contains(sizes) && fm.horizontalAdvance(shown) <= width, qPrintable(shown));
        }
        // Compare: one row per setup, its setup elided the same way.
        runs->showViewTab(RunsPanel::CompareTab);
        QTableWidget* compare = runs->compareTable();
        QCOMPARE(compare->rowCount(), 2);
        QVERIFY(dynamic_cast<SetupDelegate*>(compare->itemDelegateForColumn(2)));
        QVERIFY(compare->item(0, 2)->toolTip().startsWith(QStringLiteral("Ran on Vanilla RNN 29-")));
        QCOMPARE(runs->findChild<QLabel*>(QStringLiteral("compareSummary"))->text(), QStringLiteral("2 groups on 2 setups"));
        testing::bringToFront(runs);
        QTest::qWait(50);
        shot(w, "accel-compare-setups.png");
        w.resize(900, 600);
        QTest::qWait(50);
        shot(w, "accel-compare-narrow.png");
        w.resize(1500, 920);
        // A model edit the sizes do not show is named in the label.
        testing::typeInto(testing::fieldNamed(w, QStringLiteral("SIMD lanes per PE")), QStringLiteral("4"));
        QCOMPARE(w.setupText(), QStringLiteral("Vanilla RNN 29-64-29 on ZCU102 (edited: 4 SIMD lanes)"));
    }

    void runsFeedStagesAndResults()
    {
        AccelWorkbench w;
        w.resize(1500, 920);
        w.show();
        w.showTab(AccelWorkbench::OptimizeTab);
        RunsPanel* runs = w.runsPanel();
        QSignalSpy finished(runs, &RunsPanel::runFinished);
        QVERIFY(runs->optimizerPanel()->selectOptimizer(QStringLiteral("grmd")));
        QVERIFY(runs->optimizerPanel()->setOption(QStringLiteral("episodes"), QStringLiteral("60")));
        QVERIFY(runs->startRun());
        QVERIFY(finished.wait(60000));
        const std::uint64_t budget = runs->runModel()->runAt(0)->evaluations();
        QVERIFY(budget > 300);
        QVERIFY(runs->optimizerPanel()->selectOptimizer(QStringLiteral("nsga2")));
        QVERIFY(runs->optimizerPanel()->setOption(QStringLiteral("samples"), QString::number(budget)));
        QVERIFY(runs->startRun());
        QVERIFY(finished.wait(60000));
        runs->drain();

        w.showTab(AccelWorkbench::StagesTab);
        w.refreshRunViews();
        QVERIFY(w.stagesView()->run() != nullptr);
        QCOMPARE(w.stagesView()->run()->settings().optimizer.id, std::string("grmd"));
        const QStringList areaSeries = w.stagesView()->stageChart(0)->seriesNames();
        QVERIFY2(areaSeries.contains(QStringLiteral("best")) && areaSeries.contains(QStringLiteral("worst")),
                 qPrintable(areaSeries.join(QStringLiteral(","))));
        QCOMPARE(w.stagesView()->stageChart(0)->heldPoints(QStringLiteral("best")), 21); // generation 0 and 20 offspring generations
        QVERIFY(w.stagesView()->stageChart(2)->heldPoints(QStringLiteral("reward")) >= 60);
        QVERIFY(w.stagesView()->stageChart(3)->heldPoints(QStringLiteral("ε")) >= 60);
        QCOMPARE(w.stagesView()->populationTable()->rowCount(), 15);
        QVERIFY(w.stagesView()->populationTable()->item(0, 0)->background().color().isValid());
        QVERIFY(w.stagesView()->solutionsTable()->rowCount() >= 1);
        // The policy: one row per resource the actor allocates, probabilities summing to 1.
        const HeatmapData& policy = w.stagesView()->policyHeatmap()->data();
        QVERIFY(policy.rows >= 1);
        QCOMPARE(policy.rowLabels.size(), policy.rows);
        double rowSum = 0;
        for (int c = 0; c < policy.cols; ++c) {
            const double v = policy.values[std::size_t(c)];
            if (!std::isnan(v))
                rowSum += v;
        }
        QVERIFY(std::abs(rowSum - 1) < 1e-4);
        QVERIFY(policy.notes.front().contains(QStringLiteral("probability")));
        // Genes by their readable names, not their ids (issue 31, item 9: "sp_capacity").
        const auto readable = [](const QString& text) { return !text.contains(QLatin1Char('_')); };
        for (const QString& row : policy.rowLabels)
            QVERIFY2(readable(row), qPrintable(row));
        QVERIFY(policy.rowLabels.contains(QStringLiteral("Scratchpad capacity (KiB)")));
        for (QTableWidget* t : {w.stagesView()->populationTable(), w.stagesView()->solutionsTable()})
            for (int c = 0; c < t->columnCount(); ++c)
                QVERIFY2(readable(t->horizontalHeaderItem(c)->text()), qPrintable(t->horizontalHeaderItem(c)->text()));
        w.stagesView()->stageChart(5)->flush();
        for (const QString& series : w.stagesView()->stageChart(5)->seriesNames())
            QVERIFY2(readable(series), qPrintable(series));
        for (int i = 0; i < 6; ++i)
            w.stagesView()->stageChart(i)->flush();
        QTest::qWait(150);
        shot(w, "accel-stages.png");
        w.stagesView()->showStage(1);
        QTest::qWait(150);
        shot(w, "accel-stage2.png");
        // Double-clicking a solution shows it in the Design tab.
        const AccelDesign before = w.document()->inputs().design;
        Q_EMIT w.stagesView()->solutionsTable()->cellDoubleClicked(0, 0);
        QVERIFY(w.detail().metrics.valid);
        QCOMPARE(QString::fromStdString(w.document()->inputs().design.text()),
                 QStringLiteral("{%1, int8}").arg(QStringList([&] {
                     QStringList genes;
                     for (int c = 0; c < 7; ++c)
                         genes.append(w.stagesView()->solutionsTable()->item(0, c)->text());
                     return genes;
                 }()).join(QStringLiteral(", "))));
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->inputs().design, before);

        w.showTab(AccelWorkbench::ResultsTab);
        w.refreshRunViews();
        for (int i = 0; i < 4; ++i) {
            w.resultsView()->projection(i)->flush();
            QCOMPARE(w.resultsView()->projection(i)->seriesNames(), (QStringList{QStringLiteral("#1 grmd"), QStringLiteral("#2 nsga2")}));
        }
        QVERIFY(w.resultsView()->projection(0)->drawnPoints(QStringLiteral("#1 grmd")) >= 2);
        QCOMPARE(w.resultsView()->projection(3)->drawnPoints(QStringLiteral("#1 grmd")), 3 * w.resultsView()->projection(0)->drawnPoints(QStringLiteral("#1 grmd")));
        // Each axis in the unit its values suit, areas in mm² as on the Design tab (issue 49, item 4).
        QVERIFY2(w.resultsView()->projection(1)->xAxisTitle().startsWith(QStringLiteral("Latency (")),
                 qPrintable(w.resultsView()->projection(1)->xAxisTitle()));
        QCOMPARE(w.resultsView()->projection(1)->yAxisTitle(), QStringLiteral("Area (mm²)"));
        QCOMPARE(w.resultsView()->hypervolumeChart(false)->seriesNames().size(), 2);
        QCOMPARE(w.resultsView()->hypervolumeChart(true)->seriesNames().size(), 2);
        QCOMPARE(w.resultsView()->resultsTable()->rowCount(), 2);
        // The hypervolume with its unit in engineering notation, never "2.55e+16" (issue 49, item 4).
        const QString hv = w.resultsView()->resultsTable()->item(0, 3)->text();
        // Areas in mm² in the kind, the hypervolume's too (it read "25.91 P cycles·mW·µm²").
        QVERIFY2(hv.endsWith(QStringLiteral(" cycles·mW·mm²")) && !hv.contains(QStringLiteral("e+")), qPrintable(hv));
        // The runs panel's hypervolume curve in the same unit (its axis read "P cycles·mW·µm²").
        {
            RunsPanel* runs = w.runsPanel();
            QComboBox* metric = nullptr;
            int at = -1;
            for (QComboBox* c : runs->findChildren<QComboBox*>())
                if (const int i = c->findText(QStringLiteral("Hypervolume of the non-dominated designs")); i >= 0) {
                    metric = c;
                    at = i;
                }
            QVERIFY(metric);
            metric->setCurrentIndex(at);
            runs->curveChart()->flush();
            const QString axis = runs->curveChart()->yAxisTitle();
            QVERIFY2(axis.startsWith(QStringLiteral("Hypervolume (")) && axis.endsWith(QStringLiteral(" cycles·mW·mm²)")),
                     qPrintable(axis));
        }
        // The GRMD tables: one unit per figure down a column, in its title, area as on the Design tab.
        QTableWidget* population = w.stagesView()->populationTable();
        QStringList titles;
        for (int c = 0; c < population->columnCount(); ++c)
            titles << population->horizontalHeaderItem(c)->text();
        QVERIFY2(titles.contains(QStringLiteral("Area (mm²)")), qPrintable(titles.join(QStringLiteral(" | "))));
        for (QTableWidget* t : {population, w.stagesView()->solutionsTable()})
            for (int r = 0; r < t->rowCount(); ++r)
                for (int c = 0; c < t->columnCount(); ++c)
                    if (t->item(r, c))
                        QVERIFY2(!t->item(r, c)->text().contains(QRegularExpression(QStringLiteral("\\de[+-]\\d"))),
                                 qPrintable(t->item(r, c)->text()));
        w.resultsView()->hypervolumeChart(false)->flush();
        w.resultsView()->hypervolumeChart(true)->flush();
        QTest::qWait(150);
        // The curves in the table's unit: its prefix on their ticks ("25 G", not "25 P").
        const QString prefix = QLatin1Char(' ') + hv.section(QLatin1Char(' '), 1, 1);
        QVERIFY2(w.resultsView()->hypervolumeChart(false)->yTickLabels().join(QLatin1Char('|')).contains(prefix),
                 qPrintable(w.resultsView()->hypervolumeChart(false)->yTickLabels().join(QLatin1Char('|')) + QStringLiteral(" vs ") + hv));
        shot(w, "accel-results.png");

        // The project keeps the study, its settings and both runs.
        const std::optional<Study> st = w.study();
        QVERIFY(st.has_value());
        Project p;
        p.studies.push_back(*st);
        const Project back = projectFromJson(projectToJson(p), "test");
        QCOMPARE(back.studies.front().inputs, st->inputs);
        QCOMPARE(back.studies.front().runs.size(), std::size_t(2));
        AccelWorkbench reopened;
        QString error;
        QVERIFY2(reopened.setStudy(back.studies.front(), &error), qPrintable(error));
        QCOMPARE(reopened.runsPanel()->runModel()->rowCount(), 2);
        reopened.showTab(AccelWorkbench::ResultsTab);
        reopened.refreshRunViews();
        QCOMPARE(reopened.resultsView()->hypervolumeChart(false)->seriesNames().size(), 2); // saved curves
    }

    void filesAndBadInput()
    {
        QTemporaryDir dir;
        AccelWorkbench w;
        QVERIFY(w.setDesignGene(AccelGene::Dataflow, 1));
        const QString study = dir.filePath(QStringLiteral("s.study.json"));
        QCOMPARE(w.writeMapping(study), QString());
        QCOMPARE(w.writeMapping(dir.filePath(QStringLiteral("design.json"))), QString());
        QCOMPARE(w.writeMapping(dir.filePath(QStringLiteral("rnn.m"))), QString());
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("rnn/hardware.m"))));
        QVERIFY(QDir(dir.filePath(QStringLiteral("rnn"))).entryList({QStringLiteral("*.m")}).size() == 4);
        QCOMPARE(w.exportResults(dir.filePath(QStringLiteral("r.csv"))), QString());
        AccelWorkbench other;
        QCOMPARE(other.openFile(study), QString());
        QCOMPARE(other.document()->inputs(), w.document()->inputs());
        other.document()->undoStack()->undo();
        QCOMPARE(other.openFile(dir.filePath(QStringLiteral("design.json"))), QString());
        QCOMPARE(other.document()->inputs().design.dataflow, AccelDataflow::OS);
        // A malformed study names the file, the line and the field; the inputs stay.
        QFile bad(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{\n  \"schema\": \"mapscape/accel-study\",\n  \"workload\": {\"cell\": \"lstm\", \"hidden_size\": 0}\n}\n");
        bad.close();
        const AccelInputs kept = other.document()->inputs();
        const QString error = other.openFile(bad.fileName());
        QVERIFY2(error.contains(QStringLiteral("bad.json:3")) && error.contains(QStringLiteral("workload.hidden_size")), qPrintable(error));
        QCOMPARE(other.document()->inputs(), kept);
    }
};

QTEST_MAIN(TestAccelWorkbench)
#include "tst_accel_workbench.moc"
