// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "kinds/accel/core/accel_model.h"
#include "core/model/validation.h"
#include "core/util/units.h"
#include "kinds/accel/core/accel_problem.h"

#include <QtTest>

#include <random>

using namespace mapscape;

namespace {

AccelDesign with(AccelGene g, int v)
{
    AccelDesign d;
    d.setGene(g, v);
    return d;
}

} // namespace

class TestAccelModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    /// The paper's Table 3 (vanilla RNN): area and power of every group lie within HASCO's noise
    /// band [0, +3 %] below the paper's values — 15 entries; group 1's area fits when read as
    /// 7.78×10⁸ (docs/reproduction.md, seed 002).
    void table3AreaAndPower()
    {
        const AccelModel model(RnnWorkload::make(RnnCell::Vanilla), {});
        struct Row {
            AccelDesign d;
            double power, area;
        };
        const Row rows[] = {{AccelDesign{}, 784.77, 7.27e6},
                            {with(AccelGene::X, 32), 19741.69, 7.78e8},
                            {with(AccelGene::SpCapacity, 512), 768.12, 7.33e6},
                            {with(AccelGene::LocalCapacity, 256), 771.16, 7.44e6},
                            {with(AccelGene::Dataflow, 1), 806.43, 8.43e6},
                            {with(AccelGene::SpBanks, 8), 863.43, 18.28e6},
                            {with(AccelGene::DmaBuswidth, 128), 785.52, 7.28e6},
                            {with(AccelGene::DmaMaxbytes, 128), 777.26, 7.44e6}};
        for (const Row& r : rows) {
            const AccelMetrics m = model.evaluate(r.d);
            QVERIFY2(m.valid, r.d.text().c_str());
            const double dp = r.power / m.power - 1, da = r.area / m.area - 1;
            QVERIFY2(dp >= 0 && dp <= 0.03, qPrintable(QStringLiteral("%1 power %2 vs %3").arg(QString::fromStdString(r.d.text())).arg(m.power).arg(r.power)));
            QVERIFY2(da >= 0 && da <= 0.03, qPrintable(QStringLiteral("%1 area %2 vs %3").arg(QString::fromStdString(r.d.text())).arg(m.area).arg(r.area)));
        }
        // The hand-derived model values of the spec's reconstruction table.
        QCOMPARE(std::round(model.evaluate(AccelDesign{}).area), 7239017.0);
        QCOMPARE(std::round(model.evaluate(with(AccelGene::X, 32)).area), 759172883.0);
        QCOMPARE(std::round(model.evaluate(with(AccelGene::Dataflow, 1)).area), 8392345.0);
        QCOMPARE(std::round(model.evaluate(with(AccelGene::SpBanks, 8)).area), 18266691.0);
        QCOMPARE(std::round(model.evaluate(with(AccelGene::Dataflow, 1)).power * 100), 79770.0);
    }

    /// Issue 31, item 7: latency, energy and power are put in relation in words — the latency as
    /// time at 1 GHz, power named static, and energy ÷ time computed from the same figures.
    void timeNoteRelatesEnergyPowerAndLatency()
    {
        const AccelModel model(RnnWorkload::make(RnnCell::Vanilla), {});
        const AccelMetrics m = model.evaluate(AccelDesign{});
        QVERIFY(m.valid);
        const std::string note = accelTimeNote(m, DfCostDatabase::maestro2020());
        const auto expect = [&](const std::string& part) {
            QVERIFY2(note.find(part) != std::string::npos, (part + " not in: " + note).c_str());
        };
        const double ns = m.latency; // cycles at 1 GHz
        expect(formatQuantity(ns * 1e-9, "s", 4));
        expect("static power");
        expect(formatQuantity(m.energy / ns * 1e3, "mW", 4)); // nJ / ns = W
        expect("read as pJ, energy ÷ time is " + formatQuantity(m.energy / ns, "mW", 4));
        // Read as pJ, the activity energy over the latency is the order of the static power.
        QVERIFY(m.energy / ns > 0.2 * m.power && m.energy / ns < 5 * m.power);
        // The 2021 database's MAC energy is realistic: no pJ reading.
        QVERIFY(accelTimeNote(m, DfCostDatabase::maestro2021()).find("pJ") == std::string::npos);
        QVERIFY(accelTimeNote(AccelMetrics{}, DfCostDatabase::maestro2020()).empty());
        QCOMPARE(formatQuantity(655e-9, "s", 3), std::string("655 ns"));
        QCOMPARE(formatQuantity(1.5e-3, "s", 3), std::string("1.5 ms"));
    }

    /// Under HASCO's model only x, banks and dataflow move area and power; the breakdown adds up.
    void geneInfluence()
    {
        const AccelModel model(RnnWorkload::make(RnnCell::Lstm), {});
        const AccelMetrics base = model.evaluate(AccelDesign{});
        for (AccelGene g : {AccelGene::SpCapacity, AccelGene::LocalCapacity, AccelGene::DmaBuswidth, AccelGene::DmaMaxbytes}) {
            const AccelMetrics m = model.evaluate(with(g, 128));
            QCOMPARE(m.area, base.area);
            QCOMPARE(m.power, base.power);
        }
        QVERIFY(model.evaluate(with(AccelGene::SpBanks, 8)).latency < base.latency);
        QVERIFY(model.evaluate(with(AccelGene::X, 32)).latency < base.latency);
        QVERIFY(model.evaluate(with(AccelGene::X, 32)).area > base.area);
        QVERIFY(std::abs(base.areaParts.total() - base.area) < 1e-6 * base.area);
        QVERIFY(std::abs(base.powerParts.total() - base.power) < 1e-6 * base.power);
        // Sequence length multiplies latency and energy, not power or area.
        RnnWorkload w = RnnWorkload::make(RnnCell::Lstm);
        w.sequenceLength = 5;
        const AccelMetrics five = AccelModel(w, {}).evaluate(AccelDesign{});
        QCOMPARE(five.latency, 5 * base.latency);
        QCOMPARE(five.power, base.power);
    }

    /// The components of the paper's workloads: 3 / 8 / 7, with the spec's MAC counts.
    void workloads()
    {
        QCOMPARE(RnnWorkload::make(RnnCell::Vanilla).components.size(), std::size_t(3));
        QCOMPARE(RnnWorkload::make(RnnCell::Lstm).components.size(), std::size_t(8));
        QCOMPARE(RnnWorkload::make(RnnCell::Gru).components.size(), std::size_t(7));
        QCOMPARE(RnnWorkload::make(RnnCell::Vanilla).macsPerStep(), 15800.0);
        QCOMPARE(RnnWorkload::make(RnnCell::Lstm).macsPerStep(), 54800.0);
        QCOMPARE(RnnWorkload::make(RnnCell::Gru).macsPerStep(), 42000.0);
    }

    /// HASCO noise: seeded, deterministic per design, inside [0, +3 %].
    void noise()
    {
        AccelModelOptions o;
        o.noise = true;
        o.noiseSeed = 7;
        const AccelModel noisy(RnnWorkload::make(RnnCell::Gru), o);
        const AccelModel clean(RnnWorkload::make(RnnCell::Gru), {});
        std::mt19937 rng(3);
        for (int i = 0; i < 50; ++i) {
            AccelDesign d;
            d.x = 4 + int(rng() % 29);
            d.spBanks = 1 + int(rng() % 8);
            d.dataflow = rng() % 2 ? AccelDataflow::OS : AccelDataflow::WS;
            const AccelMetrics a = noisy.evaluate(d), b = clean.evaluate(d);
            QCOMPARE(noisy.evaluate(d).latency, a.latency);
            for (auto [x, y] : {std::pair{a.latency, b.latency}, {a.power, b.power}, {a.area, b.area}, {a.energy, b.energy}}) {
                QVERIFY(x >= y);
                QVERIFY(x <= 1.03 * y);
            }
        }
        o.noiseSeed = 8;
        QVERIFY(AccelModel(RnnWorkload::make(RnnCell::Gru), o).evaluate(AccelDesign{}).latency !=
                noisy.evaluate(AccelDesign{}).latency);
    }

    /// Tile searches are shared by designs that differ only in genes the tiles do not see.
    void tileCache()
    {
        const AccelModel model(RnnWorkload::make(RnnCell::Vanilla), {});
        model.evaluate(AccelDesign{});
        const std::uint64_t first = model.tileSearches();
        QCOMPARE(first, std::uint64_t(3));
        model.evaluate(with(AccelGene::DmaBuswidth, 128));
        model.evaluate(with(AccelGene::LocalCapacity, 200));
        QCOMPARE(model.tileSearches(), first);
        const AccelDetail d = model.evaluateDetailed(AccelDesign{});
        QCOMPARE(d.components.size(), std::size_t(3));
        QVERIFY(d.components[0].tile.valid && d.components[0].tile.candidates > 0);
        QVERIFY(d.components[0].mappingText.find("Cluster(") != std::string::npos);
    }

    /// Bad input: a clear error naming the field, or an invalid design with the reason.
    void badInput()
    {
        RnnWorkload w = RnnWorkload::make(RnnCell::Vanilla);
        w.components[1].K = 0;
        try {
            AccelModel m(w, {});
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("components[1].K") != std::string::npos, e.what());
        }
        AccelModelOptions o;
        o.simdLanes = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, AccelModel(RnnWorkload::make(RnnCell::Vanilla), o));
        // A scratchpad too small for any tile of a big component.
        RnnWorkload big = RnnWorkload::make(RnnCell::Custom);
        big.components = {{"huge", 4096, 1, 4096}};
        const AccelModel model(big, {});
        AccelDesign d;
        d.spKb = 1;
        d.localKb = 1;
        d.x = 1024;
        const AccelMetrics m = model.evaluate(d);
        QVERIFY(!m.valid);
        QVERIFY(describeInvalid(m, big).find("huge") != std::string::npos);
        QVERIFY(!AccelModel::checkDesign(with(AccelGene::X, 0)).empty());
        QVERIFY(!model.evaluate(with(AccelGene::X, 0)).valid);
    }

    /// The problem: Table 1 space size, repair under the ZCU102 limits never leaves an
    /// over-limit design, an impossible limit makes the point invalid with a reason.
    void problemAndRepair()
    {
        AccelSetup setup;
        QCOMPARE(AccelSpace::table1().size(), 145667522000.0);
        QCOMPARE(AccelSpace::hasco().size(), 1728.0);
        setup.limits = FpgaLimits::zcu102();
        setup.limits.bram36 = 100;
        setup.limits.bandwidth = 100;
        const AccelProblem problem(setup);
        std::mt19937_64 rng(11);
        const auto params = problem.parameters();
        for (int i = 0; i < 500; ++i) {
            Point p(params.size());
            for (std::size_t k = 0; k < params.size(); ++k)
                p[k] = std::int32_t(rng() % std::uint64_t(params[k].count()));
            const std::optional<Point> r = problem.repair(p);
            QVERIFY(r.has_value());
            const FpgaUsage u = estimateFpgaUsage(problem.decode(*r), setup.proxy);
            QVERIFY(u.lut <= setup.limits.lut && u.dsp <= setup.limits.dsp);
            QVERIFY(u.bram36 <= setup.limits.bram36 && u.bandwidth <= setup.limits.bandwidth);
            QVERIFY(problem.evaluate(p).valid);
        }
        AccelSetup impossible = setup;
        impossible.limits.bandwidth = 10; // below every DMA width of the space
        const AccelProblem bad(impossible);
        const Point p = bad.firstPoint();
        QVERIFY(!bad.evaluate(p).valid);
        QVERIFY(bad.explain(p).find("cannot be met") != std::string::npos);
        AccelSetup broken;
        broken.space[AccelGene::X].step = 0;
        try {
            AccelProblem x(broken);
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("x.step") != std::string::npos, e.what());
        }
        QVERIFY_THROWS_EXCEPTION(InputError, AccelProblem(AccelSetup{}, "speed"));
        // Constraints: violation is the normalised excess.
        AccelSetup constrained;
        constrained.constraints.areaMax = 1e6;
        const AccelProblem c(constrained);
        const PointEvaluation e = c.evaluate(c.encode(AccelDesign{}));
        QVERIFY(e.valid && !c.feasible(e));
        QVERIFY(std::abs(c.violation(e) - (e.objective[accelobj::Area] / 1e6 - 1)) < 1e-9);
    }
};

QTEST_GUILESS_MAIN(TestAccelModel)
#include "tst_accel_model.moc"
