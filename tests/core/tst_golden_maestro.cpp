// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// Agreement with MAESTRO itself: every case of tests/data/maestro_golden/cases.jsonl (generated
// by generate.py from the reference MAESTRO binary, printing at full precision) is parsed from its
// ".m" text and evaluated with the same hardware. Runtime, MACs, buffer requirements, per-tensor
// L1/L2 reads and writes, bandwidth requirements and delays must be equal; energies, area and
// power agree to 1e-6 relative. Cases MAESTRO rejects must be rejected too (by the parser or the
// model), with a message.

#include "core/maestro/dataflow_model.h"
#include "core/maestro/maestro_files.h"
#include "core/model/validation.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

using namespace mapscape;
using nlohmann::json;

namespace {

constexpr double kEnergyTolerance = 1e-6;

double relErr(double ours, double ref)
{
    if (ours == ref)
        return 0;
    return std::abs(ours - ref) / std::max(std::abs(ref), 1e-300);
}

DataflowHardware hardwareFrom(const json& flags, const std::string& name)
{
    DataflowHardware hw;
    hw.name = name;
    hw.numPes = flags.at("num_pes").get<int>();
    hw.l1Size = flags.at("l1_size_cstr").get<int>();
    hw.l2Size = flags.at("l2_size_cstr").get<int>();
    hw.nocBandwidth = flags.at("noc_bw_cstr").get<int>();
    hw.nocHops = flags.at("noc_hops").get<int>();
    hw.nocHopLatency = flags.at("noc_hop_latency").get<int>();
    hw.offchipBandwidth = flags.at("offchip_bw_cstr").get<int>();
    hw.simdLanes = flags.at("num_simd_lanes").get<int>();
    return hw;
}

const char* goldenPath() { return MAPSCAPE_TEST_DATA_DIR "/maestro_golden/cases.jsonl"; }

/// The hardware configurations named in the file's header line.
std::map<std::string, DataflowHardware> readHeader(std::ifstream& in)
{
    std::string line;
    std::getline(in, line);
    const json header = json::parse(line);
    std::map<std::string, DataflowHardware> hardware;
    if (!header.value("header", false))
        return hardware;
    for (const auto& [name, flags] : header.at("hardware").items())
        hardware.emplace(name, hardwareFrom(flags, name));
    return hardware;
}

} // namespace

class TestGoldenMaestro : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyCaseAgrees();
    void mappingFilesRoundTrip();
};

void TestGoldenMaestro::everyCaseAgrees()
{
    std::ifstream in(goldenPath());
    QVERIFY2(in.good(), goldenPath());
    const std::map<std::string, DataflowHardware> hardware = readHeader(in);
    QVERIFY(!hardware.empty());
    std::string line;

    int cases = 0, valid = 0, rejected = 0;
    double maxEnergyErr = 0, maxAreaErr = 0;
    QStringList mismatches;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        ++cases;
        const json c = json::parse(line);
        const std::string id = std::to_string(c.at("id").get<int>()) + " (" + c.at("group").get<std::string>() + ")";
        const json& ref = c.at("maestro");
        const DataflowModel model(hardware.at(c.at("hw").get<std::string>()));
        auto mismatch = [&](const std::string& what) { mismatches << QString::fromStdString("case " + id + ": " + what); };

        if (ref.at("status") != "ok") {
            ++rejected;
            try {
                const MaestroNetwork net = parseMaestroMapping(c.at("mapping").get<std::string>(), "case" + id);
                DataflowResult r;
                const DfStatus st = model.evaluate(net.layers.at(0).layer, net.layers.at(0).mapping, r);
                if (st.ok())
                    mismatch("MAESTRO rejects it (" + ref.value("message", std::string()) + "), the model accepts it");
                else if (DataflowModel::describe(st, net.layers[0].layer).empty())
                    mismatch("rejected without a message");
            } catch (const InputError& e) {
                if (std::string(e.what()).empty())
                    mismatch("rejected without a message");
            }
            continue;
        }
        ++valid;
        MaestroNetwork net;
        try {
            net = parseMaestroMapping(c.at("mapping").get<std::string>(), "case" + id);
        } catch (const InputError& e) {
            mismatch(std::string("parse error: ") + e.what());
            continue;
        }
        DataflowResult r;
        const DfStatus st = model.evaluate(net.layers.at(0).layer, net.layers.at(0).mapping, r);
        if (!st.ok()) {
            mismatch("model rejects it: " + DataflowModel::describe(st, net.layers[0].layer));
            continue;
        }
        auto exact = [&](const char* what, std::int64_t ours, std::int64_t theirs) {
            if (ours != theirs)
                mismatch(std::string(what) + ": ours " + std::to_string(ours) + ", MAESTRO " + std::to_string(theirs));
        };
        auto close = [&](const char* what, double ours, double theirs, double tol, double& maxErr) {
            const double e = relErr(ours, theirs);
            maxErr = std::max(maxErr, e);
            if (!(e <= tol)) {
                std::ostringstream m;
                m.precision(17);
                m << what << ": ours " << ours << ", MAESTRO " << theirs;
                mismatch(m.str());
            }
        };
        exact("runtime", r.runtime, ref.at("runtime").get<std::int64_t>());
        exact("MACs", r.macs, ref.at("macs").get<std::int64_t>());
        const char* names[3] = {"input", "filter", "output"};
        for (int t = 0; t < 3; ++t) {
            const json& rt = ref.at("tensors").at(names[t]);
            const DfTensorStats& s = r.tensor[std::size_t(t)];
            const std::string n = names[t];
            exact((n + " L2 requirement").c_str(), s.l2Req, rt.at("l2_req").get<std::int64_t>());
            exact((n + " L1 requirement").c_str(), s.l1Req, rt.at("l1_req").get<std::int64_t>());
            exact((n + " L2 writes").c_str(), s.l2Writes, rt.at("l2_writes").get<std::int64_t>());
            exact((n + " L2 reads").c_str(), s.l2Reads, rt.at("l2_reads").get<std::int64_t>());
            exact((n + " L1 writes").c_str(), s.l1Writes, rt.at("l1_writes").get<std::int64_t>());
            exact((n + " L1 reads").c_str(), s.l1Reads, rt.at("l1_reads").get<std::int64_t>());
        }
        exact("peak NoC bandwidth", r.peakNocBw, ref.at("peak_bw").get<std::int64_t>());
        for (int k = 0; k < 3; ++k) {
            exact("ingress delay", r.ingressDelay[std::size_t(k)], ref.at("ingress_delay")[std::size_t(k)].get<std::int64_t>());
            exact("egress delay", r.egressDelay[std::size_t(k)], ref.at("egress_delay")[std::size_t(k)].get<std::int64_t>());
            exact("compute delay", r.computeDelay[std::size_t(k)], ref.at("compute_delay")[std::size_t(k)].get<std::int64_t>());
        }
        close("energy (MAC units)", r.energyMacUnits, ref.at("energy_mac_units").get<double>(), kEnergyTolerance, maxEnergyErr);
        close("L2 write energy", r.l2WriteEnergy, ref.at("l2_write_energy").get<double>(), kEnergyTolerance, maxEnergyErr);
        close("L2 read energy", r.l2ReadEnergy, ref.at("l2_read_energy").get<double>(), kEnergyTolerance, maxEnergyErr);
        close("L1 write energy", r.l1WriteEnergy, ref.at("l1_write_energy").get<double>(), kEnergyTolerance, maxEnergyErr);
        close("L1 read energy", r.l1ReadEnergy, ref.at("l1_read_energy").get<double>(), kEnergyTolerance, maxEnergyErr);
        double ignore = 0;
        close("average NoC bandwidth", r.avgNocBw, ref.at("avg_bw").get<double>(), 1e-9, ignore);
        close("average utilised PEs", r.avgUtilizedPes, ref.at("avg_utilized_pes").get<double>(), 1e-9, ignore);
        close("throughput", r.throughput, ref.at("throughput").get<double>(), 1e-9, ignore);
        const json& csv = ref.at("csv");
        exact("CSV runtime", r.runtime, csv.at("runtime").get<std::int64_t>());
        exact("CSV L2 requirement", r.l2ReqTotal, csv.at("l2_req").get<std::int64_t>());
        exact("CSV L1 requirement", r.l1ReqTotal, csv.at("l1_req").get<std::int64_t>());
        exact("off-chip bandwidth requirement", r.offchipBwReq, csv.at("offchip_bw_req").get<std::int64_t>());
        close("CSV energy (nJ)", r.csvEnergyNj, csv.at("energy_nj").get<double>(), kEnergyTolerance, maxEnergyErr);
        close("area", r.area, csv.at("area").get<double>(), kEnergyTolerance, maxAreaErr);
        close("power", r.power, csv.at("power").get<double>(), kEnergyTolerance, maxAreaErr);
        close("PE power", r.pePower, csv.at("pe_power").get<double>(), kEnergyTolerance, maxAreaErr);
        close("L1 power", r.l1Power, csv.at("l1_power").get<double>(), kEnergyTolerance, maxAreaErr);
        close("L2 power", r.l2Power, csv.at("l2_power").get<double>(), kEnergyTolerance, maxAreaErr);
        close("NoC power", r.nocPower, csv.at("noc_power").get<double>(), kEnergyTolerance, maxAreaErr);
    }
    qInfo("%d cases: %d valid, %d rejected by MAESTRO; max relative error: energy %.3g, area/power %.3g", cases,
          valid, rejected, maxEnergyErr, maxAreaErr);
    for (int i = 0; i < std::min<qsizetype>(mismatches.size(), 30); ++i)
        qWarning("%s", qPrintable(mismatches[i]));
    QCOMPARE(cases, MAPSCAPE_MAESTRO_GOLDEN_CASES);
    QVERIFY2(mismatches.isEmpty(), qPrintable(QStringLiteral("%1 mismatches").arg(mismatches.size())));
}

void TestGoldenMaestro::mappingFilesRoundTrip()
{
    // Every valid golden mapping written back and re-read gives the same layer and directives,
    // and the same result.
    std::ifstream in(goldenPath());
    const std::map<std::string, DataflowHardware> hardware = readHeader(in);
    std::string line;
    int checked = 0;
    while (std::getline(in, line)) {
        const json c = json::parse(line);
        if (c.at("maestro").at("status") != "ok")
            continue;
        const DataflowModel model(hardware.at(c.at("hw").get<std::string>()));
        const MaestroNetwork a = parseMaestroMapping(c.at("mapping").get<std::string>(), "a");
        const MaestroNetwork b = parseMaestroMapping(writeMaestroMapping(a), "b");
        QCOMPARE(b.layers.size(), a.layers.size());
        QVERIFY(b.layers[0].layer == a.layers[0].layer);
        QVERIFY(b.layers[0].mapping.resolved(b.layers[0].layer) == a.layers[0].mapping.resolved(a.layers[0].layer));
        DataflowResult ra, rb;
        QVERIFY(model.evaluate(a.layers[0].layer, a.layers[0].mapping, ra).ok());
        QVERIFY(model.evaluate(b.layers[0].layer, b.layers[0].mapping, rb).ok());
        QCOMPARE(rb.runtime, ra.runtime);
        QCOMPARE(rb.energyMacUnits, ra.energyMacUnits);
        ++checked;
    }
    QVERIFY(checked > 100);
}

QTEST_APPLESS_MAIN(TestGoldenMaestro)
#include "tst_golden_maestro.moc"
