// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// Agreement with a second, independently generated MAESTRO reference set
// (tests/data/maestro_golden/reference-297.jsonl): 297 runs of MAESTRO built from source at two
// commits — master (4eb08d1, command-line hardware) and 7723091, the commit HASCO pins, with
// HASCO's own hardware files (NumPEs / L1Size / L2Size / NoC_BW) and HASCO's mappings, which map
// the batch with "TemporalMap(1,1) N". Each case is read the way a user's files are: the ".m"
// network text by the MAESTRO reader, a hardware file by the hardware reader. Runtime, MACs, the
// buffer requirements, per-tensor L1 / L2 reads and writes, the NoC figures and the delays must be
// equal; energies, area and power agree to 1e-6 relative. Cases MAESTRO rejects (or, for one,
// reports as a runtime-0 row with negative energy) must be refused, with a message; at 7723091 a
// buffer overflow is an error, which the model reports as a requirement that does not fit.

#include "core/maestro/dataflow_model.h"
#include "core/maestro/maestro_files.h"
#include "core/model/validation.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace mapscape;
using nlohmann::json;

namespace {

constexpr double kTolerance = 1e-6;

const char* referencePath() { return MAPSCAPE_TEST_DATA_DIR "/maestro_golden/reference-297.jsonl"; }

double relErr(double ours, double ref)
{
    if (ours == ref)
        return 0;
    return std::abs(ours - ref) / std::max(std::abs(ref), 1e-300);
}

/// The hardware of one case: its hardware file through the reader, or MAESTRO's flags.
DataflowHardware hardwareOf(const json& c)
{
    const json& h = c.at("hardware");
    if (h.contains("hw_file"))
        return parseMaestroHardware(h.at("hw_file").get<std::string>(), c.at("case_id").get<std::string>() + "/hw.m");
    DataflowHardware hw;
    hw.name = h.value("preset", std::string("hardware"));
    hw.numPes = h.at("num_pes").get<int>();
    hw.l1Size = h.at("l1_size").get<int>();
    hw.l2Size = h.at("l2_size").get<int>();
    hw.nocBandwidth = h.at("noc_bw").get<int>();
    hw.offchipBandwidth = h.at("offchip_bw").get<int>();
    hw.nocHops = h.at("noc_hops").get<int>();
    hw.nocHopLatency = h.at("noc_hop_latency").get<int>();
    hw.simdLanes = h.at("simd_lanes").get<int>();
    return hw;
}

struct Tally {
    int cases = 0, valid = 0, rejected = 0, hasco = 0, batchDirectives = 0;
    double maxEnergyErr = 0, maxAreaErr = 0;
};

bool mapsBatch(const DataflowMapping& m)
{
    for (const Directive& d : m.directives)
        if (d.kind != DirectiveKind::Cluster && d.var == dfvar::N)
            return true;
    return false;
}

} // namespace

class TestMaestroReference : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyCaseAgrees();
    void batchDirectivesChangeNothing();
    void hascoHardwareFiles();
    void rowTileShorterThanFilterIsRefused();
};

void TestMaestroReference::everyCaseAgrees()
{
    std::ifstream in(referencePath());
    QVERIFY2(in.good(), referencePath());
    Tally t;
    QStringList mismatches;
    std::string line;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        ++t.cases;
        const json c = json::parse(line);
        const std::string id = c.at("case_id").get<std::string>() + " (" + c.at("mapping").value("family", "") + ", " +
                               c.at("maestro_commit").get<std::string>().substr(0, 7) + ")";
        auto mismatch = [&](const std::string& what) { mismatches << QString::fromStdString(id + ": " + what); };
        const bool hasco = c.at("hardware").contains("hw_file");
        t.hasco += hasco ? 1 : 0;

        if (!c.at("valid").get<bool>()) {
            ++t.rejected;
            const std::string kind = c.at("error").value("kind", std::string());
            try {
                const DataflowHardware hw = hardwareOf(c);
                const MaestroNetwork net = parseMaestroMapping(c.at("mapping").at("model_file").get<std::string>(), id);
                const DataflowModel model(hw);
                DataflowResult r;
                const DfStatus st = model.evaluate(net.layers.at(0).layer, net.layers.at(0).mapping, r);
                if (st.ok()) {
                    if (kind == "not_enough_L1" && !r.fitsL1)
                        continue;
                    if (kind == "not_enough_L2" && !r.fitsL2)
                        continue;
                    mismatch("MAESTRO rejects it (" + kind + "), the model accepts it (runtime " +
                             std::to_string(r.runtime) + ")");
                } else if (DataflowModel::describe(st, net.layers[0].layer).empty()) {
                    mismatch("rejected without a message");
                }
            } catch (const InputError& e) {
                if (std::string(e.what()).empty())
                    mismatch("rejected without a message");
            }
            continue;
        }
        ++t.valid;
        MaestroNetwork net;
        DataflowHardware hw;
        try {
            hw = hardwareOf(c);
            net = parseMaestroMapping(c.at("mapping").at("model_file").get<std::string>(), id);
        } catch (const InputError& e) {
            mismatch(std::string("refused: ") + e.what());
            continue;
        }
        t.batchDirectives += mapsBatch(net.layers.at(0).mapping) ? 1 : 0;
        const DataflowModel model(hw);
        DataflowResult r;
        const DfStatus st = model.evaluate(net.layers.at(0).layer, net.layers.at(0).mapping, r);
        if (!st.ok()) {
            mismatch("model rejects it: " + DataflowModel::describe(st, net.layers[0].layer));
            continue;
        }
        const json& ref = c.at("results");
        auto exact = [&](const std::string& what, std::int64_t ours, const json& theirs) {
            if (ours != theirs.get<std::int64_t>())
                mismatch(what + ": ours " + std::to_string(ours) + ", MAESTRO " + theirs.dump());
        };
        auto close = [&](const std::string& what, double ours, const json& theirs, double& maxErr) {
            const double e = relErr(ours, theirs.get<double>());
            maxErr = std::max(maxErr, e);
            if (!(e <= kTolerance)) {
                std::ostringstream m;
                m.precision(17);
                m << what << ": ours " << ours << ", MAESTRO " << theirs.get<double>();
                mismatch(m.str());
            }
        };
        exact("runtime", r.runtime, ref.at("runtime_cycles"));
        exact("MACs", r.macs, ref.at("num_macs"));
        exact("L1 requirement", r.l1ReqTotal, ref.at("l1_req_bytes"));
        exact("L2 requirement", r.l2ReqTotal, ref.at("l2_req_bytes"));
        exact("peak NoC bandwidth", r.peakNocBw, ref.at("peak_bw_req"));
        if (ref.contains("offchip_bw_req"))
            exact("off-chip bandwidth requirement", r.offchipBwReq, ref.at("offchip_bw_req"));
        exact("vector width", hw.simdLanes, ref.at("vector_width"));
        const char* names[3] = {"input", "filter", "output"};
        for (int k = 0; k < 3; ++k) {
            const json& rt = ref.at("tensors").at(names[k]);
            const DfTensorStats& s = r.tensor[std::size_t(k)];
            const std::string n = names[k];
            exact(n + " L1 reads", s.l1Reads, rt.at("l1_read"));
            exact(n + " L1 writes", s.l1Writes, rt.at("l1_write"));
            exact(n + " L2 reads", s.l2Reads, rt.at("l2_read"));
            exact(n + " L2 writes", s.l2Writes, rt.at("l2_write"));
        }
        const json& d = ref.at("delays");
        const char* stat[3] = {"min", "max", "avg"};
        for (int k = 0; k < 3; ++k) {
            exact(std::string("ingress delay ") + stat[k], r.ingressDelay[std::size_t(k)], d.at(std::string("ingress_") + stat[k]));
            exact(std::string("egress delay ") + stat[k], r.egressDelay[std::size_t(k)], d.at(std::string("egress_") + stat[k]));
            exact(std::string("compute delay ") + stat[k], r.computeDelay[std::size_t(k)], d.at(std::string("compute_") + stat[k]));
        }
        double ignore = 0;
        close("throughput", r.throughput, ref.at("throughput_macs_per_cycle"), ignore);
        close("average NoC bandwidth", r.avgNocBw, ref.at("avg_bw_req"), ignore);
        close("average utilised PEs", r.avgUtilizedPes, ref.at("avg_utilized_pes"), ignore);
        close("energy (MAC units)", r.energyMacUnits, ref.at("total_energy_x_mac_energy"), t.maxEnergyErr);
        close("CSV energy (nJ)", r.csvEnergyNj, ref.at("energy_nJ"), t.maxEnergyErr);
        close("area", r.area, ref.at("area"), t.maxAreaErr);
        close("power", r.power, ref.at("power"), t.maxAreaErr);
        close("PE power", r.pePower, ref.at("pe_power"), t.maxAreaErr);
        close("L1 power", r.l1Power, ref.at("l1_power"), t.maxAreaErr);
        close("L2 power", r.l2Power, ref.at("l2_power"), t.maxAreaErr);
        close("NoC power", r.nocPower, ref.at("noc_power"), t.maxAreaErr);
    }
    qInfo("%d cases: %d valid (%d on HASCO hardware files, %d mapping N), %d rejected by MAESTRO; max relative "
          "error: energy %.3g, area/power %.3g",
          t.cases, t.valid, t.hasco, t.batchDirectives, t.rejected, t.maxEnergyErr, t.maxAreaErr);
    for (int i = 0; i < std::min<qsizetype>(mismatches.size(), 30); ++i)
        qWarning("%s", qPrintable(mismatches[i]));
    QCOMPARE(t.cases, 297);
    QVERIFY(t.batchDirectives >= 78);
    QVERIFY2(mismatches.isEmpty(), qPrintable(QStringLiteral("%1 mismatches").arg(mismatches.size())));
}

void TestMaestroReference::batchDirectivesChangeNothing()
{
    // "N: 1" with "TemporalMap(1,1) N" (inherited by the inner level), the same without N, and
    // Sz(N) of a batch of one: one analysis.
    const std::string body = "Type: CONV\nDimensions { K: 64, C: 32, R: 3, S: 3, Y: 16, X: 16 }\nDataflow {\n";
    const std::string rest = "SpatialMap(1,1) K;\nTemporalMap(8,8) C;\nTemporalMap(3,3) R;\nTemporalMap(3,3) S;\n"
                             "TemporalMap(3,1) Y;\nTemporalMap(3,1) X;\nCluster(8, P);\nSpatialMap(1,1) C;\n}\n}\n}\n";
    const auto net = [&](const std::string& dims, const std::string& batch) {
        std::string b = body;
        b.replace(b.find("K: 64"), 5, dims + "K: 64");
        return parseMaestroMapping("Network n {\nLayer l {\n" + b + batch + rest, "n.m");
    };
    const MaestroNetwork plain = net("", "");
    const MaestroNetwork one = net("N: 1, ", "TemporalMap(1,1) N;\n");
    const MaestroNetwork sz = net("N: 1, ", "TemporalMap(Sz(N),Sz(N)) N;\n");
    QCOMPARE(one.layers[0].layer.get(dfvar::N), 1); // declared, so that N may be mapped
    QCOMPARE(plain.layers[0].layer.get(dfvar::N), 0);
    const DataflowModel model(DataflowHardware{});
    DataflowResult a, b, c;
    QVERIFY(model.evaluate(plain.layers[0].layer, plain.layers[0].mapping, a).ok());
    QVERIFY(model.evaluate(one.layers[0].layer, one.layers[0].mapping, b).ok());
    QVERIFY(model.evaluate(sz.layers[0].layer, sz.layers[0].mapping.resolved(sz.layers[0].layer), c).ok());
    for (const DataflowResult* r : {&b, &c}) {
        QCOMPARE(r->runtime, a.runtime);
        QCOMPARE(r->energyMacUnits, a.energyMacUnits);
        QCOMPARE(r->l2ReqTotal, a.l2ReqTotal);
        QVERIFY(r->tensor == a.tensor);
    }
    // A real batch mapped by N is a different layer with N times the work.
    const MaestroNetwork four = net("N: 4, ", "TemporalMap(1,1) N;\n");
    DataflowResult d;
    QVERIFY(model.evaluate(four.layers[0].layer, four.layers[0].mapping, d).ok());
    QCOMPARE(d.macs, 4 * a.macs);
    // Written back, the layer keeps its N and the mapping its N directive.
    const MaestroNetwork again = parseMaestroMapping(writeMaestroMapping(one), "again.m");
    QVERIFY(again.layers[0].layer == one.layers[0].layer);
    QVERIFY(again.layers[0].mapping == one.layers[0].mapping);
    // Mapping N on a layer that does not declare it is refused, as MAESTRO does ("Dimension N
    // not found"), saying what to write.
    const MaestroNetwork undeclared = net("", "TemporalMap(1,1) N;\n");
    const DfStatus st = model.evaluate(undeclared.layers[0].layer, undeclared.layers[0].mapping, d);
    QCOMPARE(st.error, DfError::MissingVariable);
    const std::string why = DataflowModel::describe(st, undeclared.layers[0].layer);
    QVERIFY2(why.find("declare N: 1") != std::string::npos, why.c_str());
}

void TestMaestroReference::hascoHardwareFiles()
{
    const DataflowHardware hw =
        parseMaestroHardware("NumPEs: 16\nL1Size: 65536\nL2Size: 262144\nNoC_BW: 16\nNoC_NumHops: 2\n", "hw.m");
    QCOMPARE(hw.numPes, 16);
    QCOMPARE(hw.l1Size, 65536);
    QCOMPARE(hw.l2Size, 262144);
    QCOMPARE(hw.nocBandwidth, 16);
    QCOMPARE(hw.nocHops, 2);
    QCOMPARE(hw.nocHopLatency, 1);
    QCOMPARE(hw.simdLanes, 9); // that commit's --num_simd_lanes default
    QVERIFY(hw.costDb == DfCostDatabase::maestro2020());
    QCOMPARE(hw.offchipBandwidth, INT_MAX);
    const auto refused = [](const char* text, const char* words) {
        try {
            (void)parseMaestroHardware(text, "hw.m");
        } catch (const InputError& e) {
            if (!std::string(e.what()).starts_with("hw.m") || std::string(e.what()).find(words) == std::string::npos)
                return std::string("wrong message: ") + e.what();
            return std::string();
        }
        return std::string("accepted");
    };
    QCOMPARE(refused("NumPEs: 16\nL1Size: 64\nL2Size: 1024\n", "NoC_BW is missing"), std::string());
    QCOMPARE(refused("NumPEs: 16\nl1_size_cstr: 64\n", "hw.m:2: l1_size_cstr is a key of MAESTRO master"), std::string());
    QCOMPARE(refused("NumPEs: 16\nNumPEs: 8\nL1Size: 1\nL2Size: 1\nNoC_BW: 1\n", "hw.m:2: NumPEs is given twice"),
             std::string());
    QCOMPARE(refused("NumPEs: 0\nL1Size: 1\nL2Size: 1\nNoC_BW: 1\n", "hw.m:1: NumPEs: must be a positive integer"),
             std::string());
    QCOMPARE(refused("NoCBandwidth: 16\n", "unknown field \"NoCBandwidth\""), std::string());
}

void TestMaestroReference::rowTileShorterThanFilterIsRefused()
{
    // MAESTRO prints runtime 0, no MACs and negative energy for a Y tile of 1 row under a 3-row
    // filter (reference case mae-0214); a search reaching it would rank it best.
    const MaestroNetwork net = parseMaestroMapping(
        "Network n {\nLayer l {\nType: CONV\nDimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }\nDataflow {\n"
        "SpatialMap(1,1) K;\nTemporalMap(8,8) C;\nTemporalMap(3,3) R;\nTemporalMap(3,3) S;\nTemporalMap(1,1) Y;\n"
        "TemporalMap(3,1) X;\n}\n}\n}\n",
        "n.m");
    const DataflowModel model(DataflowHardware{});
    DataflowResult r;
    const DfStatus st = model.evaluate(net.layers[0].layer, net.layers[0].mapping, r);
    QCOMPARE(st.error, DfError::EmptyOutputTile);
    const std::string why = DataflowModel::describe(st, net.layers[0].layer);
    QVERIFY2(why.find("the Y tile (1) is smaller than the filter's R (3)") != std::string::npos, why.c_str());
}

QTEST_APPLESS_MAIN(TestMaestroReference)
#include "tst_maestro_reference.moc"
