// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/accel/core/accel_model.h"

#include "core/maestro/dataflow_model.h"
#include "core/model/validation.h"
#include "core/util/units.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <mutex>
#include <new>
#include <numeric>
#include <sstream>
#include <unordered_map>

namespace mapscape {

std::string_view accelDataflowName(AccelDataflow d) { return d == AccelDataflow::WS ? "WS" : "OS"; }

std::string_view tilePolicyId(TilePolicy p) { return p == TilePolicy::WholeReduction ? "whole-reduction" : "min-latency"; }

std::optional<TilePolicy> parseTilePolicy(std::string_view id)
{
    if (id == "whole-reduction")
        return TilePolicy::WholeReduction;
    if (id == "min-latency")
        return TilePolicy::MinLatency;
    return std::nullopt;
}

std::string_view accelGeneName(AccelGene g)
{
    switch (g) {
    case AccelGene::X: return "x";
    case AccelGene::SpCapacity: return "sp_capacity";
    case AccelGene::LocalCapacity: return "local_capacity";
    case AccelGene::Dataflow: return "dataflow";
    case AccelGene::SpBanks: return "sp_banks";
    case AccelGene::DmaBuswidth: return "dma_buswidth";
    case AccelGene::DmaMaxbytes: return "dma_maxbytes";
    case AccelGene::Dtype: return "dtype";
    }
    return "?";
}

std::string_view accelGeneLabel(AccelGene g)
{
    static constexpr std::array<std::string_view, kAccelGenes> kLabels{
        "PE array size x (x × x PEs)", "Scratchpad capacity (KiB)", "Local memory per PE (KiB)", "Dataflow",
        "Scratchpad banks",            "DMA bus width (bits)",      "Largest DMA burst (bytes)", "Data type"};
    return kLabels[std::size_t(g)];
}

std::optional<AccelGene> parseAccelGene(std::string_view name)
{
    for (int i = 0; i < kAccelGenes; ++i) {
        if (accelGeneName(AccelGene(i)) == name)
            return AccelGene(i);
    }
    return std::nullopt;
}

int AccelDesign::gene(AccelGene g) const
{
    switch (g) {
    case AccelGene::X: return x;
    case AccelGene::SpCapacity: return spKb;
    case AccelGene::LocalCapacity: return localKb;
    case AccelGene::Dataflow: return int(dataflow);
    case AccelGene::SpBanks: return spBanks;
    case AccelGene::DmaBuswidth: return dmaBuswidth;
    case AccelGene::DmaMaxbytes: return dmaMaxbytes;
    case AccelGene::Dtype: return 8;
    }
    return 0;
}

void AccelDesign::setGene(AccelGene g, int v)
{
    switch (g) {
    case AccelGene::X: x = v; break;
    case AccelGene::SpCapacity: spKb = v; break;
    case AccelGene::LocalCapacity: localKb = v; break;
    case AccelGene::Dataflow: dataflow = v == 0 ? AccelDataflow::WS : AccelDataflow::OS; break;
    case AccelGene::SpBanks: spBanks = v; break;
    case AccelGene::DmaBuswidth: dmaBuswidth = v; break;
    case AccelGene::DmaMaxbytes: dmaMaxbytes = v; break;
    case AccelGene::Dtype: break;
    }
}

std::string AccelDesign::text() const
{
    std::ostringstream s;
    s << "{" << x << ", " << spKb << ", " << localKb << ", " << accelDataflowName(dataflow) << ", " << spBanks << ", "
      << dmaBuswidth << ", " << dmaMaxbytes << ", int8}";
    return s.str();
}

FpgaUsage estimateFpgaUsage(const AccelDesign& d, const FpgaProxy& p)
{
    const double pes = double(d.x) * d.x;
    FpgaUsage u;
    u.dsp = p.dspPerPe * pes;
    u.lut = p.lutBase + p.lutPerPe * pes + p.lutPerBank * d.spBanks + p.lutPerBusBit * d.dmaBuswidth;
    // The local memory counts once, as an array-level buffer: per-PE copies would need x² × 64 KiB,
    // 4 MiB already at x = 8 (docs/reproduction.md, seed 002).
    u.bram36 = std::ceil(d.spKb / p.kibPerBram36) + std::ceil(d.localKb / p.kibPerBram36);
    u.bandwidth = d.dmaBuswidth;
    return u;
}

FpgaLimits FpgaLimits::zcu102()
{
    FpgaLimits l;
    l.name = "ZCU102";
    l.lut = 274080;
    l.dsp = 2520;
    l.bram36 = 912;
    return l;
}

namespace {

using i64 = std::int64_t;

/// A tile candidate of one component, with its scratchpad footprint (HASCO's capacity check
/// Ti·Tk + Tk·Tj + Ti·Tk, the A tile counted twice as HASCO counts it, in bytes of int8).
struct Tile {
    int ti, tj, tk;
    i64 footprint;
};

/// Divisors of n and the powers of two up to n, ascending; thinned to powers of two and n when
/// a dimension has very many divisors.
std::vector<int> tileSizes(int n)
{
    std::vector<int> v;
    for (int d = 1; i64(d) * d <= n; ++d) {
        if (n % d == 0) {
            v.push_back(d);
            if (d != n / d)
                v.push_back(n / d);
        }
    }
    for (i64 p = 1; p <= n; p *= 2)
        v.push_back(int(p));
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    if (v.size() > 24) {
        std::vector<int> thin;
        for (i64 p = 1; p <= n; p *= 2)
            thin.push_back(int(p));
        if (thin.back() != n)
            thin.push_back(n);
        return thin;
    }
    return v;
}

/// What a component's best tile is, for one (x, dataflow, banks, fitting tiles) key.
struct CompResult {
    AccelTileResult tile;
    AccelInvalid invalid = AccelInvalid::None;
};

std::uint64_t splitmix(std::uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

double unitNoise(std::uint64_t seed, const AccelDesign& d, int metric)
{
    std::uint64_t h = splitmix(seed ^ 0x5EED002ull);
    for (int v : {d.x, d.spKb, d.localKb, int(d.dataflow), d.spBanks, d.dmaBuswidth, d.dmaMaxbytes, metric})
        h = splitmix(h ^ std::uint64_t(std::uint32_t(v)));
    return double(h >> 11) * 0x1.0p-53;
}

} // namespace

struct AccelModel::Cache {
    /// Per component: its tiles sorted by footprint.
    std::vector<std::vector<Tile>> tiles;
    std::vector<DataflowLayer> layers;
    std::mutex mutex;
    std::unordered_map<std::uint64_t, CompResult> results;
    std::atomic<std::uint64_t> searches{0};

    /// Component c's best tile on a design, memoised by what it depends on; `model` is built on
    /// the first cache miss. A component without a fitting tile is NoTileFits (not cached).
    CompResult component(const AccelModel& owner, std::size_t c, const AccelDesign& d,
                         std::unique_ptr<DataflowModel>& model);
};

AccelModel::AccelModel(RnnWorkload workload, AccelModelOptions options)
    : m_workload(std::move(workload))
    , m_options(std::move(options))
    , m_cache(std::make_unique<Cache>())
{
    std::string issues;
    for (const std::string& s : validateRnnWorkload(m_workload))
        issues += (issues.empty() ? "" : "; ") + s;
    if (const std::string o = checkOptions(m_options); !o.empty())
        issues += (issues.empty() ? "" : "; ") + o;
    if (!issues.empty())
        throw InputError("workload " + m_workload.name + ": " + issues);
    for (const RnnComponent& c : m_workload.components) {
        std::vector<Tile> t;
        for (int ti : tileSizes(c.M))
            for (int tj : tileSizes(c.N))
                for (int tk : tileSizes(c.K))
                    t.push_back({ti, tj, tk, i64(ti) * tk + i64(tk) * tj + i64(ti) * tk});
        std::stable_sort(t.begin(), t.end(), [](const Tile& a, const Tile& b) { return a.footprint < b.footprint; });
        m_cache->tiles.push_back(std::move(t));
        m_cache->layers.push_back(layerFor(c));
    }
}

AccelModel::~AccelModel() = default;

std::uint64_t AccelModel::tileSearches() const { return m_cache->searches.load(); }

std::string AccelModel::checkDesign(const AccelDesign& d)
{
    std::vector<std::string> issues;
    auto range = [&](const char* field, long long v, long long lo, long long hi) {
        if (v < lo || v > hi)
            issues.push_back(std::string(field) + ": must be an integer in [" + std::to_string(lo) + ", " +
                             std::to_string(hi) + "], got " + std::to_string(v));
    };
    range("x", d.x, 1, 1024);
    range("sp_capacity", d.spKb, 1, 1 << 20);
    range("local_capacity", d.localKb, 1, 1 << 20);
    range("sp_banks", d.spBanks, 1, 1024);
    range("dma_buswidth", d.dmaBuswidth, 8, 1 << 16);
    range("dma_maxbytes", d.dmaMaxbytes, 1, 1 << 20);
    std::string out;
    for (const std::string& s : issues)
        out += (out.empty() ? "" : "; ") + s;
    return out;
}

std::string AccelModel::checkOptions(const AccelModelOptions& o)
{
    std::vector<std::string> issues;
    if (o.simdLanes < 1 || o.simdLanes > 1024)
        issues.push_back("simd_lanes: must be an integer in [1, 1024], got " + std::to_string(o.simdLanes));
    if (o.nocPorts < 1 || o.nocPorts > 64)
        issues.push_back("noc_ports: must be an integer in [1, 64], got " + std::to_string(o.nocPorts));
    if (o.dtypeBits < 1 || o.dtypeBits > 64)
        issues.push_back("dtype_bits: must be an integer in [1, 64], got " + std::to_string(o.dtypeBits));
    if (o.nocHopLatency < 0 || o.nocHopLatency > 1000)
        issues.push_back("noc_hop_latency: must be an integer in [0, 1000], got " + std::to_string(o.nocHopLatency));
    if (!(o.noiseAmplitude >= 0 && o.noiseAmplitude <= 1))
        issues.push_back("noise_amplitude: must be in [0, 1]");
    std::string out;
    for (const std::string& s : issues)
        out += (out.empty() ? "" : "; ") + s;
    return out;
}

DataflowHardware AccelModel::hardwareFor(const AccelDesign& d) const
{
    DataflowHardware hw;
    hw.name = "accelerator " + d.text();
    hw.numPes = d.x * d.x;
    hw.l1Size = int(std::min<i64>(i64(d.localKb) * 1024, INT_MAX));
    hw.l2Size = int(std::min<i64>(i64(d.spKb) * 1024, INT_MAX));
    hw.nocBandwidth = m_options.nocPorts * d.spBanks * m_options.dtypeBits;
    hw.nocHops = 1;
    hw.nocHopLatency = m_options.nocHopLatency;
    hw.simdLanes = m_options.simdLanes;
    hw.costDb = m_options.costDb;
    return hw;
}

DataflowLayer AccelModel::layerFor(const RnnComponent& c)
{
    // HASCO writes every GEMM as a CONV: K = M (rows), Y = N (columns), C = K (reduction).
    DataflowLayer l = DataflowLayer::conv(c.name, c.M, c.K, 1, 1, c.N, 1);
    return l;
}

std::vector<Directive> AccelModel::directivesFor(AccelDataflow df, int x, int ti, int tj, int tk)
{
    using namespace dfvar;
    std::vector<Directive> d;
    // Dimensions the GEMM does not use map whole (size 1).
    d.push_back(Directive::temporal(X, 1, 1));
    d.push_back(Directive::temporal(R, 1, 1));
    d.push_back(Directive::temporal(S, 1, 1));
    d.push_back(Directive::temporal(Y, tj, x));
    d.push_back(Directive::spatial(K, ti, x));
    d.push_back(Directive::temporal(C, tk, tk));
    if (df == AccelDataflow::WS) {
        d.push_back(Directive::cluster(tk));
        d.push_back(Directive::temporal(Y, x, x));
        d.push_back(Directive::temporal(K, x, x));
        d.push_back(Directive::spatial(C, 1, 1));
    } else {
        d.push_back(Directive::cluster(x * x));
        d.push_back(Directive::temporal(C, tk, tk));
        d.push_back(Directive::spatial(Y, 1, 1));
        d.push_back(Directive::spatial(K, 1, 1));
    }
    return d;
}

namespace {

std::string mappingTextOf(const std::vector<Directive>& dirs)
{
    std::ostringstream s;
    for (const Directive& d : dirs) {
        if (d.kind == DirectiveKind::Cluster) {
            s << "Cluster(" << d.size << ", P);\n";
            continue;
        }
        s << (d.kind == DirectiveKind::Spatial ? "SpatialMap(" : "TemporalMap(") << d.size << "," << d.offset << ") "
          << dfVarName(DfLayerType::Conv, d.var) << ";\n";
    }
    return s.str();
}

} // namespace

namespace {

/// Exhaustive tile search of one component on one hardware: the fitting tile of least runtime
/// (ties: least energy, then the first in footprint order); with WholeReduction, among the tiles
/// with Tk = K first.
CompResult searchTiles(const DataflowModel& model, const DataflowLayer& layer, std::span<const Tile> tiles,
                       AccelDataflow df, int x, TilePolicy policy)
{
    CompResult best;
    best.invalid = tiles.empty() ? AccelInvalid::NoTileFits : AccelInvalid::ModelError;
    DataflowResult r;
    const int wholeK = policy == TilePolicy::WholeReduction ? layer.get(dfvar::C) : 0;
    const auto scan = [&](bool wholeOnly) {
        for (const Tile& t : tiles) {
            if (wholeOnly && t.tk != wholeK)
                continue;
            if (df == AccelDataflow::WS && t.tk > x * x)
                continue; // Cluster(Tk) needs Tk PEs
            const std::vector<Directive> dirs = AccelModel::directivesFor(df, x, t.ti, t.tj, t.tk);
            if (!model.evaluate(layer, dirs, r).ok())
                continue;
            AccelTileResult& b = best.tile;
            ++b.candidates;
            if (b.valid && (r.runtime > b.runtime || (r.runtime == b.runtime && r.energyNj >= b.energy)))
                continue;
            best.invalid = AccelInvalid::None;
            b.valid = true;
            b.ti = t.ti, b.tj = t.tj, b.tk = t.tk;
            b.runtime = r.runtime;
            b.energy = r.energyNj;
            b.area = r.area;
            b.power = r.power;
            b.l1Req = r.l1ReqTotal;
            b.l2Req = r.l2ReqTotal;
            b.areaParts = {r.peArea, r.l1Area, r.l2Area, r.busArea, r.arbiterArea};
            b.powerParts = {r.pePower, r.l1Power, r.l2Power, r.busPower, r.arbiterPower};
        }
    };
    if (wholeK > 0)
        scan(true);
    if (!best.tile.valid)
        scan(false);
    return best;
}

i64 offchipCycles(const RnnComponent& c, const AccelDesign& d, int dtypeBits)
{
    const i64 bytes = (i64(c.M) * c.K + i64(c.K) * c.N + i64(c.M) * c.N) * dtypeBits / 8;
    const i64 perCycle = std::max(1, d.dmaBuswidth / 8);
    return (bytes + perCycle - 1) / perCycle + (bytes + d.dmaMaxbytes - 1) / d.dmaMaxbytes;
}

} // namespace

CompResult AccelModel::Cache::component(const AccelModel& owner, std::size_t c, const AccelDesign& d,
                                        std::unique_ptr<DataflowModel>& model)
{
    const AccelModelOptions& o = owner.options();
    // HASCO's capacity checks: x·1 + 1·x + x·1 bytes per PE in the local memory, the tile's
    // footprint in the scratchpad.
    const bool localFits = 3 * i64(d.x) * o.dtypeBits / 8 <= i64(d.localKb) * 1024;
    const i64 spBytes = i64(d.spKb) * 1024 * 8 / o.dtypeBits;
    const std::vector<Tile>& t = tiles[c];
    const auto fit = localFits ? std::size_t(std::upper_bound(t.begin(), t.end(), spBytes,
                                                              [](i64 v, const Tile& x) { return v < x.footprint; }) -
                                             t.begin())
                               : std::size_t(0);
    if (fit == 0)
        return {{}, AccelInvalid::NoTileFits};
    const std::uint64_t key = (std::uint64_t(c) << 52) | (std::uint64_t(d.x) << 40) | (std::uint64_t(d.dataflow) << 39) |
                              (std::uint64_t(d.spBanks) << 27) | std::uint64_t(std::min<std::size_t>(fit, (1u << 27) - 1));
    {
        std::lock_guard lock(mutex);
        if (auto it = results.find(key); it != results.end())
            return it->second;
    }
    CompResult r;
    try {
        if (!model)
            model = std::make_unique<DataflowModel>(owner.hardwareFor(d));
        r = searchTiles(*model, layers[c], std::span(t).first(fit), d.dataflow, d.x, o.tilePolicy);
    } catch (const std::bad_alloc&) {
        // Said as what it is, not as a model that rejects every tile (the run goes on; the
        // design is invalid with this reason).
        r = CompResult{};
        r.invalid = AccelInvalid::OutOfMemory;
    } catch (const std::exception&) {
        // The dataflow model refuses the component's hardware or tiles (InputError).
        r = CompResult{};
        r.invalid = AccelInvalid::ModelError;
    }
    searches.fetch_add(1, std::memory_order_relaxed);
    std::lock_guard lock(mutex);
    results.emplace(key, r);
    return r;
}

AccelMetrics AccelModel::evaluate(const AccelDesign& d) const noexcept
{
    AccelMetrics m;
    if (!checkDesign(d).empty()) {
        m.invalid = AccelInvalid::ModelError;
        return m;
    }
    const std::size_t n = m_workload.components.size();
    double latency = 0, power = 0, area = 0, energy = 0;
    AccelBreakdown powerSum;
    std::unique_ptr<DataflowModel> model; // built on the first cache miss only
    for (std::size_t c = 0; c < n; ++c) {
        const CompResult cr = m_cache->component(*this, c, d, model);
        if (!cr.tile.valid) {
            m.invalid = cr.invalid;
            m.failedComponent = int(c);
            return m;
        }
        const AccelTileResult& r = cr.tile;
        i64 runtime = r.runtime;
        if (m_options.offchip)
            runtime = std::max(runtime, offchipCycles(m_workload.components[c], d, m_options.dtypeBits));
        latency += double(runtime);
        energy += r.energy;
        power += r.power;
        powerSum.pe += r.powerParts.pe, powerSum.l1 += r.powerParts.l1, powerSum.l2 += r.powerParts.l2;
        powerSum.bus += r.powerParts.bus, powerSum.arbiter += r.powerParts.arbiter;
        if (r.area > area) {
            area = r.area;
            m.areaParts = r.areaParts;
        }
        m.l1Req = std::max(m.l1Req, r.l1Req);
        m.l2Req = std::max(m.l2Req, r.l2Req);
    }
    const double inv = 1.0 / double(n);
    m.powerParts = {powerSum.pe * inv, powerSum.l1 * inv, powerSum.l2 * inv, powerSum.bus * inv, powerSum.arbiter * inv};
    m.latency = latency * m_workload.sequenceLength;
    m.energy = energy * m_workload.sequenceLength;
    m.power = power * inv;
    m.area = area;
    if (m_options.noise) {
        const double a = m_options.noiseAmplitude;
        m.latency *= 1 + a * unitNoise(m_options.noiseSeed, d, 0);
        m.power *= 1 + a * unitNoise(m_options.noiseSeed, d, 1);
        m.area *= 1 + a * unitNoise(m_options.noiseSeed, d, 2);
        m.energy *= 1 + a * unitNoise(m_options.noiseSeed, d, 3);
    }
    m.valid = true;
    return m;
}

AccelDetail AccelModel::evaluateDetailed(const AccelDesign& d) const
{
    AccelDetail out;
    out.metrics = evaluate(d);
    if (!checkDesign(d).empty())
        return out;
    std::unique_ptr<DataflowModel> model;
    for (std::size_t c = 0; c < m_workload.components.size(); ++c) {
        const RnnComponent& comp = m_workload.components[c];
        AccelComponentResult cr;
        cr.name = comp.name;
        cr.M = comp.M, cr.N = comp.N, cr.K = comp.K;
        cr.tile = m_cache->component(*this, c, d, model).tile;
        if (cr.tile.valid) {
            if (m_options.offchip)
                cr.offchipCycles = offchipCycles(comp, d, m_options.dtypeBits);
            cr.mappingText = mappingTextOf(directivesFor(d.dataflow, d.x, cr.tile.ti, cr.tile.tj, cr.tile.tk));
        }
        out.components.push_back(std::move(cr));
    }
    return out;
}

std::string describeInvalid(const AccelMetrics& m, const RnnWorkload& w)
{
    const auto comp = [&]() -> std::string {
        if (m.failedComponent < 0 || m.failedComponent >= int(w.components.size()))
            return "a component";
        const RnnComponent& c = w.components[std::size_t(m.failedComponent)];
        return "component " + std::to_string(m.failedComponent + 1) + " (" + c.name + ", " + std::to_string(c.M) + "×" +
               std::to_string(c.K) + ")";
    };
    switch (m.invalid) {
    case AccelInvalid::None: return m.valid ? "" : "not evaluated";
    case AccelInvalid::NoTileFits: return "no tile of " + comp() + " fits the scratchpad and local memory";
    case AccelInvalid::ModelError: return "the dataflow model rejects every tile of " + comp();
    case AccelInvalid::RepairFailed: return "the FPGA limits cannot be met inside the design space";
    case AccelInvalid::OutOfMemory: return "the machine ran out of memory while the dataflow model searched the tiles of " + comp();
    }
    return "invalid";
}

std::string accelTimeNote(const AccelMetrics& m, const DfCostDatabase& db)
{
    if (!m.valid || !(m.latency > 0))
        return {};
    const double seconds = m.latency / kAccelReadingClockHz;
    const double energyJ = m.energy * 1e-9;
    const double averageMw = energyJ / seconds * 1e3;
    std::string s = "At 1 GHz (the model counts cycles and has no clock) the latency is " +
                    formatQuantity(seconds, "s", 4) + ". Power is the static power of the hardware sized to this design " +
                    "(MAESTRO's cost database, what GRMD constrains), not energy ÷ time, which comes to " +
                    formatQuantity(averageMw, "mW", 4) + ".";
    if (db == DfCostDatabase::maestro2020())
        s += " MAESTRO 2020 prices a MAC at 0.904 nJ, about a thousand times a 28 nm MAC (about 1 pJ); read as pJ, "
             "energy ÷ time is " + formatQuantity(averageMw * 1e-3, "mW", 4) + ".";
    return s;
}

} // namespace mapscape
