// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// Agreement with NeuroSpector v1.5's analyzer: every reference line (accelerator, layer, table,
// report values) in MAPSCAPE_GOLDEN_DIR is re-evaluated and every report value compared to a
// relative error of 2e-5. The reference computes in 32-bit floats and unsigned ints; where one
// of its uint32 energy products wraps, the line is a known reference bug: we assert that the
// reference value equals ours minus exactly the wrapped-away amount, i.e. that ours is the
// correct, unwrapped value.

#include "kinds/scheduling/core/report.h"
#include "kinds/scheduling/core/scheduling_model.h"
#include "kinds/scheduling/core/neurospector_json.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>

using namespace mapscape;

namespace {

constexpr double kTolerance = 2e-5;
constexpr double kTwo32 = 4294967296.0;

/// Energy the reference loses in each cost part because tile⊗count wraps modulo 2^32.
std::array<double, kNumCostParts> wrapLoss(const Accelerator& acc, const Evaluation& e, QStringList& where)
{
    std::array<double, kNumCostParts> loss{};
    const auto term = [&](CostPart part, const char* name, const TypeVector& tile, const AccessCounts& c,
                          const std::array<double, 3>& energy, double multiplier) {
        const std::array<double, 3> counts{double(c.inputReads), double(c.weightReads),
                                           double(c.outputReads + c.outputWrites)};
        for (int t = 0; t < 3; ++t) {
            const double exact = double(tile[std::size_t(t)]) * counts[std::size_t(t)];
            if (exact >= kTwo32) {
                const double wrapped = std::fmod(exact, kTwo32);
                loss[std::size_t(idx(part))] += (exact - wrapped) * energy[std::size_t(t)] * multiplier;
                where << QStringLiteral("%1 %2: %3").arg(QLatin1String(name)).arg(t).arg(exact, 0, 'g', 12);
            }
        }
    };
    const double pesChips = double(e.activePes) * double(e.activeChips);
    term(CostPart::LocalBuffer, "LB upper", e.sentTile[0], e.counts[0], acc.localBuffer.accessEnergyPj, pesChips);
    term(CostPart::LocalBuffer, "LB lower", e.allocatedTile[0], e.counts[1], acc.localBuffer.accessEnergyPj, pesChips);
    term(CostPart::GlobalBuffer, "GB upper", e.sentTile[1], e.counts[1], acc.globalBuffer.accessEnergyPj,
         double(e.activeChips));
    term(CostPart::GlobalBuffer, "GB lower", e.allocatedTile[1], e.counts[2], acc.globalBuffer.accessEnergyPj,
         double(e.activeChips));
    term(CostPart::Dram, "DRAM", e.sentTile[2], e.counts[2], acc.dram.accessEnergyPj, 1.0);
    return loss;
}

double relErr(double ours, double ref)
{
    if (ours == ref)
        return 0;
    return std::abs(ours - ref) / std::max(std::abs(ref), 1e-300);
}

} // namespace

class TestGoldenNeuroSpector : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        const std::filesystem::path dir(MAPSCAPE_GOLDEN_DIR);
        QVERIFY2(std::filesystem::is_directory(dir), MAPSCAPE_GOLDEN_DIR);
        std::vector<std::filesystem::path> files;
        for (const auto& entry : std::filesystem::directory_iterator(dir))
            if (entry.path().extension() == ".jsonl")
                files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        for (const auto& f : files) {
            std::vector<ReferenceCase> cases = readReferenceFile(f.string());
            m_cases.insert(m_cases.end(), cases.begin(), cases.end());
        }
        // The count is fixed when CMake configures; fewer cases here means lines failed to load.
        QCOMPARE(int(m_cases.size()), MAPSCAPE_GOLDEN_CASES);
        QVERIFY(!m_cases.empty());
    }

    void agreesWithReference_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < m_cases.size(); ++i) {
            const ReferenceCase& c = m_cases[i];
            const std::string tag = std::filesystem::path(c.source).stem().string() + ":" + std::to_string(c.line) +
                                    " " + c.layer.name;
            QTest::newRow(tag.c_str()) << int(i);
        }
    }

    void agreesWithReference()
    {
        QFETCH(int, index);
        const ReferenceCase& c = m_cases[std::size_t(index)];
        const SchedulingModel model(c.accelerator);
        Evaluation e;
        const EvalStatus st = model.evaluate(LayerShape::of(c.layer), c.table, e);
        if (!c.expectValid) {
            QVERIFY2(!st.ok(), "the reference rejects this table");
            ++m_checkedCases;
            return;
        }
        QVERIFY2(st.ok(), model.describe(st).c_str());
        QVERIFY(!c.results.empty());

        QStringList wrapped;
        const std::array<double, kNumCostParts> loss = wrapLoss(c.accelerator, e, wrapped);
        const double totalLoss = loss[0] + loss[1] + loss[2] + loss[3];
        std::map<std::string, double> referenceView; // what the reference computes, wrap included
        std::map<std::string, double> ours;
        for (const ReportField& f : reportFields(model, e)) {
            ours[f.label] = f.value;
            referenceView[f.label] = f.value;
        }
        if (totalLoss > 0) {
            for (CostPart p : {CostPart::Mac, CostPart::LocalBuffer, CostPart::GlobalBuffer, CostPart::Dram}) {
                const std::string n(costPartShort(p));
                referenceView[n + " DYNAMIC ENERGY"] -= loss[std::size_t(idx(p))];
                referenceView[n + " ENERGY"] -= loss[std::size_t(idx(p))];
            }
            referenceView["TOTAL DYNAMIC ENERGY"] -= totalLoss;
            referenceView["TOTAL ENERGY"] -= totalLoss;
            qInfo("known reference bug (uint32 overflow of %s): reference energy is %.6g pJ too low; asserting the "
                  "unwrapped value",
                  qPrintable(wrapped.join(QStringLiteral(", "))), totalLoss);
            ++m_wrapCases;
        }
        int compared = 0;
        for (const auto& [label, ref] : c.results) {
            const auto it = referenceView.find(label);
            QVERIFY2(it != referenceView.end(), ("report field missing: " + label).c_str());
            const double err = relErr(it->second, ref);
            m_worst = std::max(m_worst, err);
            if (err > kTolerance) {
                const std::string msg = label + ": ours " + std::to_string(it->second) + ", reference " +
                                        std::to_string(ref) + ", relative error " + std::to_string(err);
                QFAIL(msg.c_str());
            }
            if (totalLoss > 0 && (label == "TOTAL ENERGY")) {
                // Ours is the correct value: it exceeds the reference by exactly the wrapped amount.
                QVERIFY(ours[label] > ref);
                QVERIFY(relErr(ours[label] - totalLoss, ref) <= kTolerance);
            }
            ++compared;
        }
        QVERIFY(compared >= 40);
        ++m_checkedCases;
    }

    void cleanupTestCase()
    {
        qInfo("golden cases checked: %d of %d (%d with a uint32 overflow in the reference), max relative error %.3g",
              m_checkedCases, int(m_cases.size()), m_wrapCases, m_worst);
    }

private:
    std::vector<ReferenceCase> m_cases;
    int m_checkedCases = 0;
    int m_wrapCases = 0;
    double m_worst = 0;
};

QTEST_APPLESS_MAIN(TestGoldenNeuroSpector)
#include "tst_golden_neurospector.moc"
