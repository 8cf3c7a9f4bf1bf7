// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
//
// Written from a reading of MAESTRO's data-centric analysis (cluster analysis, iteration cases,
// reuse analysis, cost analysis engine); no MAESTRO code is used. Where MAESTRO's behaviour is
// surprising the comment says so: reproducing it is the point (tests/core/tst_golden_maestro).
#include "core/maestro/dataflow_model.h"

#include "core/maestro/dataflow_limits.h"

#include "core/model/validation.h"

#include <algorithm>
#include <concepts>
#include <cmath>
#include <limits>
#include <sstream>

namespace mapscape {

namespace {

/// The extent a directive on `var` maps over: the layer's size, and for Y' / X' the output rows
/// / columns.
int dimensionBound(const DataflowLayer& layer, int var)
{
    if (layer.type != DfLayerType::Gemm && var == dfvar::Yo)
        return layer.outputRows();
    if (layer.type != DfLayerType::Gemm && var == dfvar::Xo)
        return layer.outputCols();
    return layer.get(var);
}

/// Set when a count of the current evaluation did not fit in 64 bits; cleared and read once per
/// evaluation by DataflowModel::evaluate (each thread runs its own evaluations).
thread_local bool tlCountOverflow = false;

/// A 64-bit count whose +, - and * are checked: a result that does not fit sets the thread's
/// overflow flag (and wraps as before), so an evaluation of sizes whose counts cannot be
/// represented reports DfError::Overflow instead of a wrapped number. Every count of the
/// analysis is one of these; checked arithmetic costs a branch that is never taken on real
/// layers. Trivially constructible, like the scratch arrays it lives in.
struct Count {
    std::int64_t v;
    Count() = default;
    constexpr Count(std::int64_t x) : v(x) {}
    constexpr operator std::int64_t() const { return v; }

    static Count checkedMul(std::int64_t a, std::int64_t b)
    {
        std::int64_t r;
        if (__builtin_mul_overflow(a, b, &r)) [[unlikely]]
            tlCountOverflow = true;
        return r;
    }
    static Count checkedAdd(std::int64_t a, std::int64_t b)
    {
        std::int64_t r;
        if (__builtin_add_overflow(a, b, &r)) [[unlikely]]
            tlCountOverflow = true;
        return r;
    }
    static Count checkedSub(std::int64_t a, std::int64_t b)
    {
        std::int64_t r;
        if (__builtin_sub_overflow(a, b, &r)) [[unlikely]]
            tlCountOverflow = true;
        return r;
    }
    friend Count operator*(Count a, Count b) { return checkedMul(a.v, b.v); }
    friend Count operator+(Count a, Count b) { return checkedAdd(a.v, b.v); }
    friend Count operator-(Count a, Count b) { return checkedSub(a.v, b.v); }
    // Mixed with a plain integer: exact matches, so that these win over the built-in operators.
    template <std::integral T> friend Count operator*(Count a, T b) { return checkedMul(a.v, std::int64_t(b)); }
    template <std::integral T> friend Count operator*(T a, Count b) { return checkedMul(std::int64_t(a), b.v); }
    template <std::integral T> friend Count operator+(Count a, T b) { return checkedAdd(a.v, std::int64_t(b)); }
    template <std::integral T> friend Count operator+(T a, Count b) { return checkedAdd(std::int64_t(a), b.v); }
    template <std::integral T> friend Count operator-(Count a, T b) { return checkedSub(a.v, std::int64_t(b)); }
    template <std::integral T> friend Count operator-(T a, Count b) { return checkedSub(std::int64_t(a), b.v); }
    // Division cannot overflow for the non-negative counts of the analysis.
    friend Count operator/(Count a, Count b) { return a.v / b.v; }
    template <std::integral T> friend Count operator/(Count a, T b) { return a.v / std::int64_t(b); }
    template <std::integral T> friend Count operator/(T a, Count b) { return std::int64_t(a) / b.v; }
    Count& operator/=(Count b) { return *this = *this / b; }
    Count& operator*=(Count b) { return *this = *this * b; }
    Count& operator+=(Count b) { return *this = *this + b; }
    Count& operator-=(Count b) { return *this = *this - b; }
    Count& operator++() { return *this = *this + Count(1); }
};

using i64 = Count;
constexpr int kMaxLevels = 4;
constexpr int kMaxDirs = 12;

enum class Pos : std::uint8_t { Init, Steady, Edge };

struct Dir {
    DirectiveKind kind = DirectiveKind::Temporal;
    int var = 0;
    int size = 1;
    int ofs = 1;
};

/// Variables of one tensor in MAESTRO's order (the order matters where the last spatially
/// mapped variable of a tensor is taken).
struct TensorVars {
    int n = 0;
    std::array<int, 5> v{};
    std::uint16_t mask = 0;
    void add(int var)
    {
        v[std::size_t(n++)] = var;
        mask = std::uint16_t(mask | (1u << var));
    }
    bool has(int var) const { return (mask >> var) & 1u; }
};

struct Layout {
    DfLayerType type = DfLayerType::Conv;
    bool conv = true; ///< convolutions have the (X,S) and (Y,R) sliding windows
    int nVars = kDfMaxVars;
    std::array<TensorVars, kDfTensors> tensor{};
    std::uint16_t inputClassVars = 0; ///< variables of the input and weight tensors
};

/// A dimension table: sizes and outer strides by variable.
struct DimTable {
    std::array<int, kDfMaxVars> size{};
    std::array<int, kDfMaxVars> stride{};
    std::uint16_t has = 0;
    bool contains(int v) const { return (has >> v) & 1u; }
    void put(int v, int s, int st)
    {
        if (contains(v))
            return; // MAESTRO's table keeps the first entry of a name
        size[std::size_t(v)] = s;
        stride[std::size_t(v)] = st;
        has = std::uint16_t(has | (1u << v));
    }
};

bool isReference(const Layout& L, int v) { return L.conv && (v == dfvar::X || v == dfvar::Y); }
bool isSliding(const Layout& L, int v) { return L.conv && (v == dfvar::S || v == dfvar::R); }
bool isOverlapped(const Layout& L, int v) { return isReference(L, v) || isSliding(L, v); }
int counterpart(int v)
{
    switch (v) {
    case dfvar::X: return dfvar::S;
    case dfvar::S: return dfvar::X;
    case dfvar::Y: return dfvar::R;
    case dfvar::R: return dfvar::Y;
    default: return v;
    }
}
int outputVarOf(int v) { return v == dfvar::Y ? dfvar::Yo : v == dfvar::X ? dfvar::Xo : v; }

/// One cluster level after MAESTRO's completion of its directives.
struct Level {
    int nDirs = 0;
    std::array<Dir, kMaxDirs> dir{};
    std::array<int, kDfMaxVars> dirOf{}; ///< first directive of a variable, -1 if none
    DimTable dims;                        ///< the level's own (static) dimension table
    i64 clusterSize = 1;                  ///< sub-clusters per cluster
    i64 edgeClusters = 1;                 ///< active sub-clusters in the spatial edge iteration
    int firstSpatial = -1;
    int lastSpatial = -1;
    std::uint16_t spatialDirs = 0;                     ///< directives that are SpatialMaps
    std::array<std::uint16_t, kDfTensors> coupledDirs{}; ///< directives of each tensor's variables
    std::array<int, kDfTensors> spLast{};             ///< last spatially mapped variable of a tensor
    std::array<i64, kDfTensors> mappedVol{};          ///< MAESTRO's GetMappedVolume
    // Reuse-analysis sizes per variable (0 where MAESTRO's maps have no entry).
    std::array<int, kDfMaxVars> mapped{}, unique{}, mappedEdge{}, uniqueEdge{};

    void index()
    {
        dirOf.fill(-1);
        for (int i = nDirs - 1; i >= 0; --i)
            dirOf[std::size_t(dir[std::size_t(i)].var)] = i;
    }
    bool has(int var) const { return dirOf[std::size_t(var)] >= 0; }
};

/// Trivially constructible (no member initialisers): arrays of states are scratch space filled
/// per analysis. 16 bytes, flags first, so that a copy is one move (a 19-byte copy followed by a
/// read of `occ` stalls on store forwarding: it was a quarter of the analysis time).
struct State {
    Pos pos;
    bool unrolled;
    bool initEdge;
    bool spEdgeEdge;
    i64 occ;
    bool isEdge() const { return pos == Pos::Edge || initEdge; }
};
static_assert(sizeof(State) == 16);

/// Results of one analysis of a level (MAESTRO's CostAnalysisResults).
struct LevelResult {
    i64 runtime = 0;
    std::array<i64, kDfTensors> upWrite{}, upRead{}, downWrite{}, downRead{}, upReq{}, downReq{};
    i64 computations = 0;
    double avgActive = 0;
    // top level only
    i64 peakBw = 0;
    double avgBw = 0;
    i64 offchipReq = 0;
    std::array<std::array<i64, 3>, 3> delays{}; // [ingress, egress, compute][min, max, sum -> average]
    std::array<i64, kDfBounds> bound{};
    bool overflow = false;
};

/// What the cases of one class share. A case is its directives' states; MAESTRO's reuse factors,
/// the sub-cluster's tile and every flag the analysis reads give the same values for a
/// directive's Init state without an edge and its Steady state, except on the changing directive
/// (the last one not at Init). So a class is: the changing directive, and per directive whether
/// its state is an edge (Init at an edge, or Edge) and a spatial edge-edge. Filled on the class's
/// first case, in case order, by the same code as before (so counts, overflow checks and errors
/// are the same); only `occ`-weighted sums are per case.
struct OutputCase {
    i64 egress = 0;
    i64 psumSize = 0;
    i64 psums = 0;
};
struct CaseClass {
    std::uint64_t key;
    bool haveOutput, haveIngress, haveCompute, haveTop;
    OutputCase oc;
    std::array<i64, 2> ingress;
    i64 compute, inDelay, outDelay;
    double activeUnits;
    i64 offchipOut, offchipIn, peakBw; ///< top level: L2 requirements and traffic over compute
};

/// Open-addressing table of a level analysis' classes (reset per analysis; grows to the largest
/// case count seen by the thread, then no longer allocates). When full, a case gets a scratch
/// entry: it is computed, not shared.
class ClassCache {
public:
    void reset(std::int64_t nCases)
    {
        const std::int64_t want = std::min<std::int64_t>(std::max<std::int64_t>(2 * nCases, 16), kMaxSlots);
        if (std::int64_t(m_slots.size()) < want) {
            std::size_t n = 16;
            while (std::int64_t(n) < want)
                n *= 2;
            m_slots.assign(n, CaseClass{});
            m_generation.assign(n, 0);
            m_current = 0;
        }
        m_limit = m_slots.size() / 2;
        m_used = 0;
        if (++m_current == 0) { // wrapped: forget every slot explicitly
            std::fill(m_generation.begin(), m_generation.end(), 0);
            m_current = 1;
        }
    }
    CaseClass& find(std::uint64_t key)
    {
        const std::size_t mask = m_slots.size() - 1;
        std::size_t i = std::size_t((key * 0x9E3779B97F4A7C15ull) >> 32) & mask;
        while (m_generation[i] == m_current) {
            if (m_slots[i].key == key)
                return m_slots[i];
            i = (i + 1) & mask;
        }
        CaseClass& c = m_used < m_limit ? m_slots[i] : m_scratch;
        if (m_used < m_limit) {
            m_generation[i] = m_current;
            ++m_used;
        }
        c = CaseClass{};
        c.key = key;
        return c;
    }

private:
    static constexpr std::int64_t kMaxSlots = 1 << 14;
    std::vector<CaseClass> m_slots;
    std::vector<std::uint32_t> m_generation;
    std::uint32_t m_current = 0;
    std::size_t m_limit = 0, m_used = 0;
    CaseClass m_scratch{};
};

/// A sub-level analysis, keyed by the level and which directives of its parent level hand it an
/// edge tile (that choice alone fixes the sub-cluster's dimensions).
struct MemoEntry {
    std::uint32_t key = 0;
    i64 runtime = 0;
    double avgActive = 0;
};


DfStatus fail(DfError e, int level = -1, int var = -1, i64 value = 0)
{
    DfStatus s;
    s.error = e;
    s.level = std::int8_t(level);
    s.var = std::int8_t(var);
    s.value = value;
    return s;
}


Layout layoutOf(const DataflowLayer& layer)
{
    Layout L;
    L.type = layer.type;
    using namespace dfvar;
    if (layer.type == DfLayerType::Gemm) {
        L.conv = false;
        L.nVars = 3;
        L.tensor[0].add(GemmM), L.tensor[0].add(GemmK);
        L.tensor[1].add(GemmK), L.tensor[1].add(GemmN);
        L.tensor[2].add(GemmM), L.tensor[2].add(GemmN);
    } else {
        const bool batch = layer.get(N) > 0;
        const bool ds = layer.type == DfLayerType::DsConv;
        if (batch)
            L.tensor[0].add(N);
        L.tensor[0].add(C), L.tensor[0].add(Y), L.tensor[0].add(X);
        if (!ds)
            L.tensor[1].add(K);
        L.tensor[1].add(C), L.tensor[1].add(R), L.tensor[1].add(S);
        if (batch)
            L.tensor[2].add(N);
        L.tensor[2].add(ds ? C : K);
        L.tensor[2].add(Y), L.tensor[2].add(X);
    }
    L.inputClassVars = std::uint16_t(L.tensor[0].mask | L.tensor[1].mask);
    return L;
}

/// The iteration states of a directive at a level for the given dimension sizes.
int statesOf(const Level& lv, const Dir& d, int dimSize, std::array<State, 3>& out)
{
    int n = 0;
    const int map = d.size, ofs = d.ofs;
    if (d.kind == DirectiveKind::Temporal) {
        const bool initUnroll = dimSize <= map;
        const bool initEdge = dimSize < map;
        out[std::size_t(n++)] = State{Pos::Init, initUnroll, initEdge, false, 1};
        const int steady = (dimSize - map) / ofs; // C++ truncation, as MAESTRO
        const bool hasSteady = map < dimSize;
        const bool hasEdge = i64(steady) * ofs + map < dimSize;
        if (hasSteady && steady > 0)
            out[std::size_t(n++)] = State{Pos::Steady, false, false, false, steady};
        if (!initEdge && hasEdge)
            out[std::size_t(n++)] = State{Pos::Edge, false, false, false, 1};
    } else {
        const i64 subs = lv.clusterSize;
        const i64 coverage = map + ofs * (subs - 1);
        const bool initUnroll = dimSize <= coverage;
        const bool initEdge = dimSize < coverage;
        out[std::size_t(n++)] = State{Pos::Init, initUnroll, initEdge, initEdge, 1};
        const bool hasSteady = coverage < dimSize;
        const i64 steady = ((dimSize - map) / ofs + 1) / subs - 1;
        const bool hasEdge = !initUnroll && ((steady + 1) * (ofs * subs) + coverage > dimSize) &&
                             (steady * (ofs * subs) + coverage != dimSize);
        if (hasSteady && steady > 0)
            out[std::size_t(n++)] = State{Pos::Steady, false, false, false, steady};
        bool edgeEdge = false;
        const i64 remaining = dimSize - (steady + 1) * ofs * subs;
        i64 active = remaining < map ? i64(1) : (remaining - map) / ofs + 1;
        if ((active - 1) * ofs + map < remaining) {
            ++active;
            edgeEdge = true;
        }
        if (!initEdge && hasEdge)
            out[std::size_t(n++)] = State{Pos::Edge, false, false, edgeEdge, 1};
    }
    return n;
}

/// The analysis of one evaluation: the levels, the layer layout and the hardware.
/// The cases of a level: every combination of its directives' iteration states, in MAESTRO's
/// order. MAESTRO's odometer: dimension i advances on cases that are multiples of the number of
/// combinations of the dimensions after it (case 0 included), after being used.
struct CaseOdometer {
    /// One case.
    struct Case {
        i64 occ = 1;              ///< how often it occurs
        int changing = -1;        ///< the innermost directive not in its initial state
        bool allInit = true;      ///< every directive in its initial state
        std::uint64_t shape = 0;  ///< 3 bits per directive: position, edge, spatial edge-edge
    };

    CaseOdometer(const Level& l, const DimTable& dims)
        : nDirs(l.nDirs)
    {
        for (int i = 0; i < l.nDirs; ++i) {
            const Dir& d = l.dir[std::size_t(i)];
            nStates[std::size_t(i)] = statesOf(l, d, dims.size[std::size_t(d.var)], states[std::size_t(i)]);
            nCases *= nStates[std::size_t(i)];
            if (!states[std::size_t(i)][0].unrolled)
                notUnrolled = std::uint16_t(notUnrolled | (1u << i));
        }
        i64 acc = 1;
        for (int i = l.nDirs - 1; i >= 0; --i) {
            freq[std::size_t(i)] = acc;
            acc *= nStates[std::size_t(i)];
        }
    }

    /// Case `c` (called for c = 0, 1, ... in turn), its states in `cs`.
    Case next(i64 c, std::array<State, kMaxDirs>& cs)
    {
        Case k;
        for (int i = 0; i < nDirs; ++i) {
            const int s = counter[std::size_t(i)];
            const State& now = states[std::size_t(i)][std::size_t(s)];
            cs[std::size_t(i)] = now;
            k.occ *= now.occ;
            if (now.pos != Pos::Init) {
                k.changing = i;
                k.allInit = false;
            }
            const unsigned code = (now.pos == Pos::Edge ? 2u : now.initEdge ? 1u : 0u) | (unsigned(now.spEdgeEdge) << 2);
            k.shape |= std::uint64_t(code) << (3 * i);
            if (c == nextAdvance[std::size_t(i)]) {
                counter[std::size_t(i)] = s + 1 == nStates[std::size_t(i)] ? 0 : s + 1;
                nextAdvance[std::size_t(i)] += freq[std::size_t(i)];
            }
        }
        return k;
    }

    int nDirs = 0;
    std::array<std::array<State, 3>, kMaxDirs> states; ///< iteration states of every directive
    std::array<int, kMaxDirs> nStates{};
    i64 nCases = 1;
    std::uint16_t notUnrolled = 0; ///< directives whose first state is not unrolled
    std::array<i64, kMaxDirs> freq{};
    std::array<int, kMaxDirs> counter{};
    std::array<i64, kMaxDirs> nextAdvance{}; ///< the next case number that is a multiple of freq
};

class Analysis {
public:
    /// Prepares the analysis of one evaluation (the object is reused by a thread).
    void reset(const Layout& layout, const DataflowHardware& hardware)
    {
        Lp = &layout;
        hwp = &hardware;
        nLevels = 0;
        haveFirst = false;
        firstDownReq = {};
        error = {};
        overflow = false;
        memo.clear();
    }

    const Layout* Lp = nullptr;
    const DataflowHardware* hwp = nullptr;
    int nLevels = 0;
    std::array<Level, kMaxLevels> lv;
    std::array<ClassCache, kMaxLevels> caches; ///< of the analysis of each level in progress
    std::vector<MemoEntry> memo;
    bool haveFirst = false;
    std::array<i64, kDfTensors> firstDownReq{}; ///< L1 requirement: the first analysis finished
    DfStatus error{};
    bool overflow = false;

    const Layout& layout() const { return *Lp; }
    const DataflowHardware& hardware() const { return *hwp; }

    i64 nocDelay(i64 traffic) const
    {
        const DataflowHardware& hw = hardware();
        const i64 bw = hw.nocBandwidth;
        const i64 sends = (traffic + bw - 1) / bw; // traffic >= 0: MAESTRO's rounded-up division
        return i64(hw.nocHops) * hw.nocHopLatency + (sends - 1);
    }

    // ---- reuse analysis of a level (MAESTRO's ReuseAnalysis) --------------------------------
    //
    // MAESTRO evaluates each quantity for a "first" PE (the one that loads everything) and for
    // the others (which see only what spatial reuse leaves unique), and separately for the PE at
    // a spatial edge whose tile is cut short ("edge-edge"). The functions below compute all of
    // these variants in one pass over the directives; [first][edgeEdge] index the variants.

    using Variants = std::array<std::array<i64, 2>, 2>;
    static Variants ones() { return {{{1, 1}, {1, 1}}}; }
    static void mulAll(Variants& v, i64 x)
    {
        v[0][0] *= x, v[0][1] *= x, v[1][0] *= x, v[1][1] *= x;
    }

    /// MAESTRO's GetPEIngressVolume (and GetPEMappedVolume when nothing changes) for tensor t.
    Variants ingressVariants(const Level& l, const State* st, int t, int changing, std::uint16_t notUnrolledAfter)
    {
        Variants v = ones();
        const std::uint16_t mask = l.coupledDirs[std::size_t(t)];
        const i64 ne = l.edgeClusters;
        if (changing < 0) {
            for (int i = 0; i < l.nDirs; ++i) {
                if (!((mask >> i) & 1u))
                    continue;
                const State& s = st[i];
                const std::size_t x = std::size_t(l.dir[std::size_t(i)].var);
                const i64 m = l.mapped[x], mE = l.mappedEdge[x];
                if (l.dir[std::size_t(i)].kind == DirectiveKind::Temporal) {
                    mulAll(v, s.isEdge() ? mE : m);
                } else if (s.isEdge()) {
                    if (ne == 1) {
                        v[1][0] *= mE, v[1][1] *= mE, v[0][1] *= mE; // the non-first, non-edge PE: nothing
                    } else if (ne > 1) {
                        v[1][0] *= m, v[0][0] *= m, v[1][1] *= mE, v[0][1] *= mE;
                    }
                } else {
                    mulAll(v, m);
                }
            }
            return v;
        }
        if (!((mask >> changing) & 1u))
            return {{{0, 0}, {0, 0}}};
        const bool inited = (mask & notUnrolledAfter) != 0;
        for (int i = 0; i < l.nDirs; ++i) {
            if (!((mask >> i) & 1u))
                continue;
            const State& s = st[i];
            const Dir& d = l.dir[std::size_t(i)];
            const std::size_t x = std::size_t(d.var);
            const i64 m = l.mapped[x], mE = l.mappedEdge[x], u = l.unique[x], uE = l.uniqueEdge[x];
            if (d.kind == DirectiveKind::Temporal) {
                if (s.pos == Pos::Init) {
                    mulAll(v, s.isEdge() ? mE : m);
                } else if (i == changing && !inited) {
                    if (u == 0) {
                        error = fail(DfError::ZeroUniqueElements, -1, d.var);
                        return {{{0, 0}, {0, 0}}};
                    }
                    mulAll(v, std::max<i64>(u, 1));
                } else {
                    mulAll(v, m);
                }
            } else {
                v[1][0] *= m, v[1][1] *= mE;
                const bool uniqueNonFirst = s.pos == Pos::Init ? i > changing : (!inited && i == changing);
                v[0][0] *= uniqueNonFirst ? u : m;
                v[0][1] *= uniqueNonFirst ? uE : mE;
            }
        }
        return v;
    }

    /// MAESTRO's GetSpatialIngressTraffic: what the PEs of all sub-clusters load in one case.
    static i64 spatialIngress(const Level& l, const State* st, int t, const Variants& v)
    {
        const std::uint16_t sp = l.coupledDirs[std::size_t(t)] & l.spatialDirs;
        if (!sp)
            return v[1][0];
        bool edge = false;
        for (int i = 0; i < l.nDirs; ++i)
            edge = edge || (((sp >> i) & 1u) && st[i].isEdge());
        if (!edge)
            return v[1][0] + (l.clusterSize - 1) * v[0][0];
        const bool ee = st[l.spLast[std::size_t(t)]].spEdgeEdge;
        i64 ret = (l.edgeClusters == 1 && ee) ? v[1][1] : v[1][0];
        if (l.edgeClusters > 1) {
            const i64 nee = ee ? 1 : 0;
            const i64 full = std::max<i64>(l.edgeClusters - nee - 1, 0);
            ret += full * v[0][0] + nee * v[0][1];
        }
        return ret;
    }

    /// The output tensor in one case: MAESTRO's spatial egress, partial-sum mapping size and
    /// critical-path partial sums (all built from GetPEEgressVolume).
    OutputCase outputCase(const Level& l, const State* st) const
    {
        const i64 ne = l.edgeClusters;
        Variants o = ones();   // output-tensor part, with reuse at the edge
        i64 oNoReuse = 1;      // the (non-first, edge-edge) PE without reuse at the edge
        Variants p = ones();   // partial-sum part (directives not coupled to the output)
        for (int i = 0; i < l.nDirs; ++i) {
            const Dir& d = l.dir[std::size_t(i)];
            const State& s = st[i];
            const bool outCoupled = (l.coupledDirs[2] >> i) & 1u;
            const std::size_t a = std::size_t(outCoupled ? outputVarOf(d.var) : d.var);
            const i64 m = l.mapped[a], mE = l.mappedEdge[a], uE = l.uniqueEdge[a];
            const i64 uq = l.unique[a] != 0 ? l.unique[a] : 1;
            if (outCoupled) {
                if (d.kind == DirectiveKind::Temporal) {
                    const i64 x = s.pos == Pos::Init ? (s.isEdge() ? mE : m) : s.pos == Pos::Steady ? m : mE;
                    mulAll(o, x);
                    oNoReuse *= x;
                    continue;
                }
                switch (s.pos) {
                case Pos::Init:
                    o[1][0] *= m, o[0][0] *= uq;
                    if (s.isEdge()) {
                        const i64 e = ne == 1 ? mE : ne > 1 ? uE : i64(1);
                        o[1][1] *= e, o[0][1] *= e;
                        oNoReuse *= ne >= 1 ? mE : i64(1);
                    } else {
                        o[1][1] *= m, o[0][1] *= uq;
                        oNoReuse *= uq;
                    }
                    break;
                case Pos::Steady:
                    o[1][0] *= m, o[1][1] *= m, o[0][0] *= uq, o[0][1] *= uq;
                    oNoReuse *= uq;
                    break;
                case Pos::Edge:
                    if (ne == 1) {
                        const i64 e = l.mappedEdge[std::size_t(d.var)]; // MAESTRO looks up the input-centric name here
                        o[1][0] *= e, o[1][1] *= e, o[0][1] *= e;
                        oNoReuse *= e;
                    } else if (ne > 1) {
                        o[1][1] *= uE, o[0][1] *= uE, o[1][0] *= m, o[0][0] *= uq;
                        oNoReuse *= uE;
                    }
                    break;
                }
                continue;
            }
            if (d.kind == DirectiveKind::Temporal) {
                mulAll(p, s.isEdge() ? mE : m);
                continue;
            }
            switch (s.pos) {
            case Pos::Init:
                if (s.isEdge()) {
                    p[1][1] *= mE, p[0][1] *= mE;
                } else {
                    p[1][1] *= m, p[0][1] *= uq;
                }
                p[1][0] *= m, p[0][0] *= uq;
                break;
            case Pos::Steady: p[1][0] *= m, p[1][1] *= m, p[0][0] *= uq, p[0][1] *= uq; break;
            case Pos::Edge:
                if (ne == 1) {
                    p[1][0] *= mE, p[1][1] *= mE, p[0][1] *= mE;
                } else if (ne > 1) {
                    p[1][1] *= uE, p[0][1] *= uE, p[1][0] *= m, p[0][0] *= uq;
                }
                break;
            }
        }
        OutputCase out;
        const i64 nc = l.clusterSize;
        // Spatial egress: the output tensor's own spatial mapping.
        {
            const std::uint16_t sp = l.coupledDirs[2] & l.spatialDirs;
            bool edge = false;
            for (int i = 0; i < l.nDirs; ++i)
                edge = edge || (((sp >> i) & 1u) && st[i].isEdge());
            if (!sp) {
                out.egress = o[1][0];
                out.psums = p[1][0] * o[1][0];
            } else if (!edge) {
                out.egress = o[1][0] + (nc - 1) * o[0][0];
                out.psums = p[1][0] * o[1][0];
            } else {
                const bool ee = st[l.spLast[2]].spEdgeEdge;
                out.egress = (ne == 1 && ee) ? o[1][1] : o[1][0];
                if (ne > 1) {
                    const i64 nee = ee ? 1 : 0;
                    const i64 full = std::max<i64>(ne - nee - 1, 0);
                    out.egress += full * o[0][0] + nee * o[0][1];
                }
                out.psums = (ne == 1 && ee) ? p[1][1] * o[1][1] : p[1][0] * o[1][0];
            }
        }
        // Partial-sum mapping size: every spatial map of the level counts.
        {
            bool edge = false;
            for (int i = 0; i < l.nDirs; ++i)
                edge = edge || (((l.spatialDirs >> i) & 1u) && st[i].isEdge());
            if (!edge) {
                out.psumSize = nc * p[1][0] * o[1][0];
            } else {
                const bool ee = st[l.lastSpatial].spEdgeEdge;
                out.psumSize = (ne == 1 && ee) ? p[1][1] * o[1][1] : p[1][0] * o[1][0];
                if (ne > 1) {
                    const i64 nee = ee ? 1 : 0;
                    const i64 full = std::max<i64>(ne - nee - 1, 0);
                    out.psumSize += full * p[1][0] * o[1][0] + nee * p[0][1] * oNoReuse;
                }
            }
        }
        return out;
    }

    i64 mappedVolume(const Level& l, int t) const
    {
        const Layout& L = layout();
        const TensorVars& tv = L.tensor[std::size_t(t)];
        i64 ret = 1;
        for (int k = 0; k < tv.n; ++k)
            ret *= l.mapped[std::size_t(tv.v[std::size_t(k)])];
        return ret;
    }

    /// MAESTRO's ConstructSubClusterDimension: the tile a sub-cluster works on in this case.
    DimTable subClusterDims(const Level& l, const State* st, bool edgeEdge) const
    {
        const Layout& L = layout();
        DimTable ret;
        for (int i = 0; i < l.nDirs; ++i) {
            const Dir& d = l.dir[std::size_t(i)];
            const State& s = st[i];
            const std::size_t v = std::size_t(d.var);
            int sz = 0;
            if (d.kind == DirectiveKind::Temporal) {
                sz = s.isEdge() ? l.mappedEdge[v] : l.mapped[v];
            } else {
                switch (s.pos) {
                case Pos::Init: sz = (s.isEdge() && (l.edgeClusters == 1 || edgeEdge)) ? l.mappedEdge[v] : l.mapped[v]; break;
                case Pos::Steady: sz = l.mapped[v]; break;
                case Pos::Edge: sz = (l.edgeClusters == 1 || edgeEdge) ? l.mappedEdge[v] : l.mapped[v]; break;
                }
            }
            ret.put(d.var, sz, l.dims.stride[v]);
        }
        if (L.conv) {
            for (int i = 0; i < l.nDirs; ++i) {
                const int v = l.dir[std::size_t(i)].var;
                if (v == dfvar::Y)
                    ret.put(dfvar::Yo, ret.size[dfvar::Y] - ret.size[dfvar::R] + 1, 1);
                else if (v == dfvar::X)
                    ret.put(dfvar::Xo, ret.size[dfvar::X] - ret.size[dfvar::S] + 1, 1);
            }
        }
        return ret;
    }

    /// MAESTRO's UpdateBufferSizeReq (on the first iteration case that is analysed), from that
    /// case's ingress and egress.
    void updateBufferReq(LevelResult& r, const Level& l, const DimTable& dims, const std::array<i64, 2>& ingress,
                         i64 egress) const
    {
        const Layout& L = layout();
        for (int t = 0; t < 2; ++t) {
            const TensorVars& tv = L.tensor[std::size_t(t)];
            i64 size = 1;
            for (int k = 0; k < tv.n; ++k)
                size *= dims.size[std::size_t(tv.v[std::size_t(k)])];
            r.upReq[std::size_t(t)] += 2 * ingress[std::size_t(t)];
            r.upWrite[std::size_t(t)] = size;
            r.downReq[std::size_t(t)] += 2 * l.mappedVol[std::size_t(t)];
        }
        const TensorVars& tv = L.tensor[2];
        i64 size = 1;
        for (int k = 0; k < tv.n; ++k) {
            const int v = tv.v[std::size_t(k)];
            if (isOverlapped(L, v))
                size *= dims.size[std::size_t(v)] - dims.size[std::size_t(counterpart(v))] + 1;
            else
                size *= dims.size[std::size_t(v)];
        }
        r.upReq[2] = 2 * egress;
        r.upRead[2] = size;
        r.downReq[2] = 2 * l.mappedVol[2];
    }

    /// Runtime and average active unit clusters of level `idx` working on `dims`, memoised.
    /// Which directives of level `l` give the sub-cluster their edge tile in this case (the bits
    /// MAESTRO's ConstructSubClusterDimension branches on).
    static std::uint32_t edgeSignature(const Level& l, const State* st, bool edgeEdge)
    {
        std::uint32_t sig = 0;
        for (int i = 0; i < l.nDirs; ++i) {
            const State& s = st[i];
            bool edge = false;
            if (l.dir[std::size_t(i)].kind == DirectiveKind::Temporal)
                edge = s.isEdge();
            else if (s.pos == Pos::Init)
                edge = s.isEdge() && (l.edgeClusters == 1 || edgeEdge);
            else if (s.pos == Pos::Edge)
                edge = l.edgeClusters == 1 || edgeEdge;
            sig |= std::uint32_t(edge) << i;
        }
        return sig;
    }

    /// Runtime and average active unit clusters of level `idx` (a sub-level of `parent` in this
    /// case), memoised.
    void subAnalysis(int idx, const Level& parent, const State* st, bool edgeEdge, i64& runtime, double& avgActive)
    {
        const std::uint32_t key = (std::uint32_t(idx) << 24) | edgeSignature(parent, st, edgeEdge);
        for (const MemoEntry& m : memo) {
            if (m.key == key) {
                runtime = m.runtime;
                avgActive = m.avgActive;
                return;
            }
        }
        const DimTable dims = subClusterDims(parent, st, edgeEdge);
        LevelResult r;
        analyze(idx, dims, r);
        runtime = r.runtime;
        avgActive = r.avgActive;
        memo.push_back(MemoEntry{key, runtime, avgActive});
    }

    /// MAESTRO's AnalyzeClusterLevel_V2 for level `idx` on `dims`.
    void analyze(int idx, const DimTable& dims, LevelResult& r)
    {
        const DataflowHardware& hw = hardware();
        const Level& l = lv[std::size_t(idx)];
        const bool top = idx == 0;
        const bool leaf = idx == nLevels - 1;

        CaseOdometer odometer(l, dims);
        const i64 nCases = odometer.nCases;
        const std::uint16_t notUnrolled = odometer.notUnrolled;
        std::array<State, kMaxDirs> cs;
        // Off-chip delays depend on the L2 requirements, which change only when MAESTRO updates
        // them (the first analysed case).
        i64 inOff = 0, outOff = 0;
        auto updateOffchip = [&] {
            const i64 bw = hw.offchipBandwidth;
            inOff = ((r.upReq[0] + r.upReq[1]) / bw) / 2;
            outOff = (r.upReq[2] / bw) / 2;
        };

        const i64 nc = l.clusterSize, ne = l.edgeClusters;
        i64 totalCases = 0;
        int caseId = 0;
        i64 offchipReq = 0;
        auto& delays = r.delays;
        if (top) {
            for (auto& d : delays) {
                d[0] = std::numeric_limits<std::int64_t>::max();
                d[1] = 0;
                d[2] = 0;
            }
        }

        // Cases of one class compute the same reuse, delays and sub-cluster analysis (see
        // CaseClass); the first case of a class computes them, in MAESTRO's case order, and the
        // others of the class reuse them.
        ClassCache& cache = caches[std::size_t(idx)];
        cache.reset(nCases);

        for (i64 c = 0; c < nCases; ++c) {
            const CaseOdometer::Case cc = odometer.next(c, cs);
            const i64 occ = cc.occ;
            const int changing = cc.changing;
            const bool allInit = cc.allInit;
            const std::uint64_t shape = cc.shape;
            if (occ > std::numeric_limits<int>::max())
                overflow = true; // MAESTRO keeps this product in an int
            const State* st = cs.data();
            const std::uint16_t after = changing < 0 ? notUnrolled
                                                     : std::uint16_t(notUnrolled & ~((2u << changing) - 1u));
            CaseClass& k = cache.find(shape | (std::uint64_t(changing + 1) << 40));

            if (!k.haveOutput) {
                k.oc = outputCase(l, st);
                k.haveOutput = true;
            }
            const OutputCase& oc = k.oc;
            auto computeIngress = [&] {
                if (k.haveIngress)
                    return;
                for (int t = 0; t < 2; ++t) {
                    const Variants v = ingressVariants(l, st, t, changing, after);
                    k.ingress[std::size_t(t)] = spatialIngress(l, st, t, v);
                }
                k.haveIngress = error.ok();
            };
            if (caseId == 0) {
                computeIngress();
                if (!error.ok())
                    return;
                updateBufferReq(r, l, dims, k.ingress, oc.egress);
                if (top)
                    updateOffchip();
            }
            r.upWrite[2] += occ * oc.egress;
            r.downWrite[2] += occ * oc.psumSize;
            r.downRead[2] += occ * oc.psumSize;
            if (oc.psums <= 0)
                continue; // MAESTRO skips the case (its output counts are already added)
            computeIngress();
            if (!error.ok())
                return;
            const std::array<i64, 2>& ingress = k.ingress;
            for (int t = 0; t < 2; ++t) {
                r.upRead[std::size_t(t)] += occ * ingress[std::size_t(t)];
                r.downWrite[std::size_t(t)] = r.upRead[std::size_t(t)];
                r.downRead[std::size_t(t)] += occ * oc.psumSize;
            }
            const i64 ingressTotal = ingress[0] + ingress[1];

            const State& spState = st[l.firstSpatial];
            const i64 active = spState.isEdge() ? ne : nc;
            // Computation delay: the slowest sub-cluster, or the MAC lanes at the innermost level.
            if (!k.haveCompute) {
                computeClass(idx, l, st, leaf, ingressTotal, k);
                if (!error.ok())
                    return;
            }
            const i64 compute = k.compute;
            double activeUnits = k.activeUnits;
            const i64 inDelay = k.inDelay;
            const i64 outDelay = k.outDelay;
            i64 outstanding = allInit ? compute + inDelay : std::max(outDelay, std::max(compute, inDelay));
            if (top && !topCase(idx, k, r, allInit, occ, ingressTotal, inOff, outOff, outstanding, offchipReq))
                return;
            r.runtime += occ * outstanding;
            r.computations += occ * oc.psumSize;
            if (activeUnits == 0)
                activeUnits = double(active);
            r.avgActive += activeUnits * double(occ);
            if (top) {
                r.peakBw = std::max(r.peakBw, k.peakBw);
                r.avgBw += double((occ * std::max(ingressTotal, oc.egress)) / compute); // compute > 0 here
                const i64 values[3] = {inDelay, outDelay, compute};
                for (int q = 0; q < 3; ++q) {
                    delays[std::size_t(q)][0] = std::min(delays[std::size_t(q)][0], values[q]);
                    delays[std::size_t(q)][1] = std::max(delays[std::size_t(q)][1], values[q]);
                    delays[std::size_t(q)][2] += occ * values[q];
                }
            }
            totalCases += occ;
            ++caseId;
        }
        finishLevel(r, top, totalCases, offchipReq);
    }

    /// The computation delay of case class `k` — the slowest sub-cluster, or the MAC lanes at
    /// the innermost level — its active units and its NoC delays; stops at an error.
    void computeClass(int idx, const Level& l, const State* st, bool leaf, i64 ingressTotal, CaseClass& k)
    {
        const OutputCase& oc = k.oc;
        const State& spState = st[l.firstSpatial];
        const i64 nc = l.clusterSize, ne = l.edgeClusters;
        i64 compute = 0;
        double activeUnits = 0;
        if (!leaf) {
            auto sub = [&](bool edgeEdge, i64 occurrences) {
                i64 rt = 0;
                double act = 0;
                subAnalysis(idx + 1, l, st, edgeEdge, rt, act);
                compute = std::max(compute, rt);
                activeUnits += act * double(occurrences);
            };
            if (spState.isEdge()) {
                if (spState.spEdgeEdge) {
                    sub(true, 1);
                    if (ne - 1 > 0)
                        sub(false, ne - 1);
                } else {
                    sub(false, ne);
                }
            } else {
                sub(false, nc);
            }
            if (!error.ok())
                return;
        } else {
            const i64 lanes = hardware().simdLanes;
            compute = lanes == 1 ? oc.psums : i64(std::ceil(double(oc.psums) / double(lanes)));
        }
        k.compute = compute;
        k.activeUnits = activeUnits;
        k.inDelay = nocDelay(ingressTotal);
        k.outDelay = nocDelay(oc.egress);
        k.haveCompute = true;
    }

    /// A case of the top level: the off-chip delays join the outstanding delay, the off-chip
    /// requirement and the bound are accounted; false (with the error set) where MAESTRO would
    /// divide by zero.
    bool topCase(int idx, CaseClass& k, LevelResult& r, bool allInit, i64 occ, i64 ingressTotal, i64 inOff, i64 outOff,
                 i64& outstanding, i64& offchipReq)
    {
        const i64 compute = k.compute;
        const i64 inDelay = k.inDelay;
        DfBound bound = DfBound::Compute;
        if (!allInit)
            bound = outstanding == compute ? DfBound::Compute
                    : outstanding == inDelay ? DfBound::NocIngress
                                             : DfBound::NocEgress;
        const i64 before = outstanding;
        outstanding = std::max(inOff, std::max(outstanding, outOff));
        if (compute == 0) {
            error = fail(DfError::ZeroUniqueElements, idx); // MAESTRO divides by zero here
            return false;
        }
        // The L2 requirements are final in every case that gets here.
        if (!k.haveTop) {
            k.offchipOut = r.upReq[2] / compute;
            k.offchipIn = (r.upReq[0] + r.upReq[1]) / compute;
            k.peakBw = std::max(ingressTotal, k.oc.egress) / compute;
            k.haveTop = true;
        }
        offchipReq = std::max(offchipReq, k.offchipOut);
        offchipReq = std::max(offchipReq, k.offchipIn);
        offchipReq /= 2;
        if (outstanding > before)
            bound = DfBound::Offchip;
        if (allInit && outstanding == before) {
            r.bound[std::size_t(DfBound::Compute)] += occ * compute;
            r.bound[std::size_t(DfBound::NocIngress)] += occ * inDelay;
        } else {
            r.bound[std::size_t(bound)] += occ * outstanding;
        }
        return true;
    }

    /// The level's averages over its `totalCases` cases.
    void finishLevel(LevelResult& r, bool top, i64 totalCases, i64 offchipReq)
    {
        if (totalCases != 0)
            r.avgActive /= double(totalCases);
        if (top) {
            r.offchipReq = offchipReq;
            r.avgBw = totalCases != 0 ? r.avgBw / double(totalCases) : r.avgBw;
            // MAESTRO divides in long double and truncates: the integer quotient.
            for (auto& d : r.delays)
                d[2] = totalCases != 0 ? d[2] / std::int64_t(totalCases) : d[2];
        }
        if (!haveFirst) {
            haveFirst = true;
            firstDownReq = r.downReq;
        }
    }
};

/// The analysis object each thread reuses, so that evaluations do not allocate.
Analysis& threadAnalysis()
{
    thread_local Analysis a;
    return a;
}

/// The top level's dimension table: the layer's sizes and strides (a convolution's output rows
/// and columns from its input rows and columns and its filter).
DimTable topDimensions(const Layout& L, const DataflowLayer& layer)
{
    DimTable full;
    for (int v = 0; v < L.nVars; ++v) {
        if (L.conv && (v == dfvar::Yo || v == dfvar::Xo))
            continue;
        const int s = layer.get(v);
        if (s <= 0)
            continue;
        const int stride = v == dfvar::Y ? layer.strideY : v == dfvar::X ? layer.strideX : 1;
        full.put(v, s, stride);
    }
    if (L.conv) {
        full.put(dfvar::Yo, layer.get(dfvar::Y) - layer.get(dfvar::R) + 1, layer.strideY);
        full.put(dfvar::Xo, layer.get(dfvar::X) - layer.get(dfvar::S) + 1, layer.strideX);
    }
    return full;
}

/// The Cluster directives of a mapping.
struct ClusterPlan {
    int count = 0;     ///< Cluster directives (levels − 1)
    i64 uppermost = 1; ///< the product of their sizes
    int last = 0;      ///< the innermost one's size (the PEs when there is none)
};

/// Checks each directive on its own and counts the clusters.
DfStatus planClusters(const Layout& L, const DataflowLayer& layer, std::span<const Directive> directives,
                      const DataflowHardware& hw, ClusterPlan& plan)
{
    plan.last = hw.numPes;
    for (const Directive& d : directives) {
        if (d.kind == DirectiveKind::Cluster) {
            if (d.size <= 0)
                return fail(DfError::BadDirective, plan.count, -1, d.size);
            ++plan.count;
            plan.uppermost *= d.size;
            plan.last = d.size;
            if (plan.uppermost > hw.numPes)
                return fail(DfError::ClusterTooLarge, plan.count - 1, -1, plan.uppermost);
        } else {
            if (d.var < 0 || d.var >= L.nVars)
                return fail(DfError::BadDirective, plan.count, d.var);
            if (d.size <= 0 || d.offset <= 0)
                return fail(DfError::BadDirective, plan.count, d.var, std::min(d.size, d.offset));
            // A window larger than the whole dimension that steps by less than its size: MAESTRO
            // counts no iterations of it (a runtime of 0) or too few; refused, not evaluated.
            if (const int bound = dimensionBound(layer, d.var); bound > 0 && d.size > bound && d.offset < d.size)
                return fail(DfError::MapBeyondDimension, plan.count, d.var, d.size);
            if (L.conv && d.kind == DirectiveKind::Temporal && (d.var == dfvar::R || d.var == dfvar::S) &&
                (d.size != d.offset || d.size != layer.get(d.var)))
                return fail(DfError::FilterNotWhole, plan.count, d.var, d.size);
        }
    }
    if (plan.count + 1 > kMaxLevels)
        return fail(DfError::TooManyLevels, -1, -1, plan.count + 1);
    return {};
}

/// The level's own directives, from `pos` up to the next Cluster directive (whose size becomes
/// `clusterSize`; `pos` moves past it). `present`: the variables the level maps.
DfStatus takeOwnDirectives(Level& l, int level, std::span<const Directive> directives, std::size_t& pos,
                           std::uint16_t& present, int& clusterSize)
{
    l.nDirs = 0;
    l.firstSpatial = -1;
    l.lastSpatial = -1;
    for (; pos < directives.size(); ++pos) {
        const Directive& d = directives[pos];
        if (d.kind == DirectiveKind::Cluster) {
            clusterSize = d.size;
            ++pos;
            break;
        }
        if (l.nDirs == kMaxDirs)
            return fail(DfError::BadDirective, level, d.var);
        if ((present >> d.var) & 1u)
            return fail(DfError::BadDirective, level, d.var, -1); // mapped twice in a level
        present = std::uint16_t(present | (1u << d.var));
        l.dir[std::size_t(l.nDirs++)] = Dir{d.kind, d.var, d.size, d.offset};
    }
    return {};
}

/// Output-centric rows / columns become input-centric: Y' of size n covers n + R - 1 rows.
DfStatus makeInputCentric(Level& l, int level, std::uint16_t& present)
{
    for (int pair = 0; pair < 2; ++pair) {
        const int out = pair == 0 ? dfvar::Xo : dfvar::Yo;
        const int in = pair == 0 ? dfvar::X : dfvar::Y;
        const int win = pair == 0 ? dfvar::S : dfvar::R;
        int iOut = -1, iIn = -1, iWin = -1;
        for (int i = 0; i < l.nDirs; ++i) {
            const int v = l.dir[std::size_t(i)].var;
            if (v == out && iOut < 0)
                iOut = i;
            if (v == in)
                iIn = i;
            if (v == win)
                iWin = i;
        }
        if (iOut >= 0 && iIn >= 0)
            return fail(DfError::OutputAndInput, level, in);
        if (iOut >= 0) {
            if (iWin < 0)
                return fail(DfError::MissingVariable, level, win);
            present = std::uint16_t((present & ~(1u << out)) | (1u << in));
            l.dir[std::size_t(iOut)].var = in;
            l.dir[std::size_t(iOut)].size += l.dir[std::size_t(iWin)].size - 1;
        }
    }
    return {};
}

/// Directives of the level above that this level does not mention are inherited as temporal
/// maps, each put in front (so they end up in reverse order).
DfStatus inheritDirectives(Level& l, int level, const Level& above, std::uint16_t& present)
{
    for (int i = 0; i < above.nDirs; ++i) {
        const Dir& u = above.dir[std::size_t(i)];
        if ((present >> u.var) & 1u)
            continue;
        present = std::uint16_t(present | (1u << u.var));
        if (l.nDirs == kMaxDirs)
            return fail(DfError::BadDirective, level, u.var);
        std::move_backward(l.dir.begin(), l.dir.begin() + l.nDirs, l.dir.begin() + l.nDirs + 1);
        l.dir[0] = Dir{DirectiveKind::Temporal, u.var, u.size, u.ofs};
        ++l.nDirs;
    }
    return {};
}

/// Input-tensor variables still missing are mapped whole.
DfStatus mapMissingWhole(const Layout& L, Level& l, int level, const DimTable& dims, std::uint16_t& present)
{
    for (int v = 0; v < L.nVars; ++v) {
        if (!((L.inputClassVars >> v) & 1u))
            continue;
        if (!((present >> v) & 1u) && dims.contains(v)) {
            present = std::uint16_t(present | (1u << v));
            if (l.nDirs == kMaxDirs)
                return fail(DfError::BadDirective, level, v);
            l.dir[std::size_t(l.nDirs++)] = Dir{DirectiveKind::Temporal, v, dims.size[std::size_t(v)], dims.size[std::size_t(v)]};
        }
    }
    return {};
}

/// Strides: a window over a strided dimension covers fewer rows and moves by the stride.
DfStatus applyStrides(const Layout& L, Level& l, int level, const DimTable& dims, const DimTable& full)
{
    for (int i = 0; i < l.nDirs; ++i) {
        const int v = l.dir[std::size_t(i)].var;
        if (!dims.contains(v))
            return fail(DfError::MissingVariable, level, v);
        const int stride = dims.stride[std::size_t(v)];
        if (isReference(L, v) && stride != 1) {
            int first = i;
            for (int j = 0; j < l.nDirs; ++j) {
                if (l.dir[std::size_t(j)].var == v) {
                    first = j;
                    break;
                }
            }
            Dir& d = l.dir[std::size_t(first)];
            const int window = full.size[std::size_t(counterpart(v))];
            if (l.dir[std::size_t(i)].size >= window) {
                const int outMap = (l.dir[std::size_t(i)].size + stride - window) / stride;
                d.size = outMap * std::min(stride, window) + std::max(window - stride, 0);
                d.ofs = outMap * stride;
                if (level != 0 && window < stride)
                    d.ofs = outMap * window;
            }
        }
    }
    return {};
}

/// Spatial maps: one or two per level.
DfStatus findSpatialMaps(Level& l, int level)
{
    int nSpatial = 0;
    for (int i = 0; i < l.nDirs; ++i) {
        if (l.dir[std::size_t(i)].kind == DirectiveKind::Spatial) {
            if (nSpatial == 0)
                l.firstSpatial = i;
            ++nSpatial;
        }
    }
    if (nSpatial == 0)
        return fail(DfError::NoSpatialMap, level);
    if (nSpatial > 2)
        return fail(DfError::TooManySpatialMaps, level, -1, nSpatial);
    return {};
}

/// Active sub-clusters in the spatial edge iteration.
i64 edgeClustersOf(const Level& l, const DimTable& dims)
{
    const Dir& sp = l.dir[std::size_t(l.firstSpatial)];
    const i64 dim = dims.size[std::size_t(sp.var)];
    const i64 map = sp.size, ofs = sp.ofs, cs = l.clusterSize;
    const i64 fullCover = ofs * (cs - 1) + map;
    i64 edge = 1;
    if (dim > fullCover) {
        const i64 steady = ((dim - map) / ofs + 1) / cs - 1;
        const i64 remaining = dim - (steady + 1) * ofs * cs;
        edge = remaining < map ? i64(1) : (remaining - map) / ofs + 1;
    } else if (dim > map) {
        edge = (dim - map) / ofs + 1;
        if (ofs * (edge - 1) + map < dim)
            ++edge;
    }
    if (dim <= map)
        edge = 1;
    return edge;
}

/// Reuse-analysis sizes from the level's own dimensions.
DfStatus reuseSizes(const Layout& L, Level& l, int level, const DimTable& dims)
{
    l.mapped.fill(0), l.unique.fill(0), l.mappedEdge.fill(0), l.uniqueEdge.fill(0);
    for (int i = 0; i < l.nDirs; ++i) {
        const Dir& d = l.dir[std::size_t(i)];
        const std::size_t v = std::size_t(d.var);
        const int map = d.size, ofs = d.ofs, dim = dims.size[v];
        const int steady = std::max((dim - map) / ofs, 0);
        const bool hasEdge = i64(steady) * ofs + map < dim || map > dim;
        l.mapped[v] = map;
        l.unique[v] = std::min(map, ofs);
        if (d.kind == DirectiveKind::Temporal && dim <= map)
            l.unique[v] = 0;
        int edgeMap = dim - (steady + 1) * ofs;
        if (edgeMap < 0)
            edgeMap = dim;
        l.mappedEdge[v] = hasEdge ? edgeMap : map;
        l.uniqueEdge[v] = std::max(ofs - (map - edgeMap), 0);
    }
    if (!L.conv)
        return {};
    for (int i = 0; i < l.nDirs; ++i) {
        const Dir& d = l.dir[std::size_t(i)];
        if (!isReference(L, d.var))
            continue;
        const std::size_t v = std::size_t(d.var), o = std::size_t(outputVarOf(d.var));
        const std::size_t w = std::size_t(counterpart(d.var));
        l.mapped[o] = l.mapped[v] - l.mapped[w] + 1;
        l.unique[o] = std::min(d.ofs, d.size);
        l.mappedEdge[o] = l.mappedEdge[v] - l.mappedEdge[w] + 1;
        l.uniqueEdge[o] = std::min(d.ofs, l.mappedEdge[o]);
        // A row (column) tile shorter than the filter computes no output: MAESTRO prints
        // runtime 0, no MACs and negative energies for it, which a search would rank best.
        if (l.mapped[o] <= 0)
            return fail(DfError::EmptyOutputTile, level, d.var, l.mapped[v]);
    }
    return {};
}

/// Static masks the per-case analysis uses.
DfStatus staticMasks(const Layout& L, Level& l, int level)
{
    l.spatialDirs = 0;
    for (int i = 0; i < l.nDirs; ++i) {
        if (l.dir[std::size_t(i)].kind == DirectiveKind::Spatial) {
            l.spatialDirs = std::uint16_t(l.spatialDirs | (1u << i));
            l.lastSpatial = i;
        }
    }
    for (int t = 0; t < kDfTensors; ++t) {
        const TensorVars& tv = L.tensor[std::size_t(t)];
        std::uint16_t mask = 0;
        int last = -1;
        i64 vol = 1;
        for (int k = 0; k < tv.n; ++k) {
            const int i = l.dirOf[std::size_t(tv.v[std::size_t(k)])];
            if (i < 0)
                return fail(DfError::MissingVariable, level, tv.v[std::size_t(k)]);
            mask = std::uint16_t(mask | (1u << i));
            if (l.dir[std::size_t(i)].kind == DirectiveKind::Spatial)
                last = i;
            vol *= l.mapped[std::size_t(tv.v[std::size_t(k)])];
        }
        l.coupledDirs[std::size_t(t)] = mask;
        l.spLast[std::size_t(t)] = last;
        l.mappedVol[std::size_t(t)] = vol;
    }
    return {};
}

/// The next level's dimensions: each input-tensor variable clipped to this level's map.
DfStatus lowerDimensions(const Layout& L, const Level& l, int level, const DimTable& dims, DimTable& lower)
{
    for (int v = 0; v < L.nVars; ++v) {
        if (!((L.inputClassVars >> v) & 1u))
            continue;
        const int i = l.dirOf[std::size_t(v)];
        if (i < 0)
            return fail(DfError::MissingVariable, level, v);
        lower.put(v, std::min(l.dir[std::size_t(i)].size, dims.size[std::size_t(v)]), dims.stride[std::size_t(v)]);
    }
    return {};
}

/// Completes level `level` (its own directives from `pos` on) as MAESTRO's cluster analysis
/// does: `above` is the level above (null at the top), `dims` its dimension table, which becomes
/// the next level's. `lastSize`: the size of the Cluster directive above, then this level's.
DfStatus buildLevel(const Layout& L, Level& l, int level, const Level* above, std::span<const Directive> directives,
                    std::size_t& pos, DimTable& dims, const DimTable& full, i64 topClusterSize, int innermostCluster,
                    i64& lastSize)
{
    std::uint16_t present = 0; // variables this level maps
    int clusterSize = innermostCluster; // the implicit innermost Cluster
    if (DfStatus s = takeOwnDirectives(l, level, directives, pos, present, clusterSize); !s.ok())
        return s;
    if (L.conv) {
        if (DfStatus s = makeInputCentric(l, level, present); !s.ok())
            return s;
    }
    if (above) {
        if (DfStatus s = inheritDirectives(l, level, *above, present); !s.ok())
            return s;
    }
    if (DfStatus s = mapMissingWhole(L, l, level, dims, present); !s.ok())
        return s;
    if (DfStatus s = applyStrides(L, l, level, dims, full); !s.ok())
        return s;
    l.index();
    l.dims = dims;
    l.clusterSize = level == 0 ? topClusterSize : lastSize;
    lastSize = clusterSize;
    if (DfStatus s = findSpatialMaps(l, level); !s.ok())
        return s;
    l.edgeClusters = edgeClustersOf(l, dims);
    if (DfStatus s = reuseSizes(L, l, level, dims); !s.ok())
        return s;
    if (DfStatus s = staticMasks(L, l, level); !s.ok())
        return s;
    DimTable lower;
    if (DfStatus s = lowerDimensions(L, l, level, dims, lower); !s.ok())
        return s;
    dims = lower;
    return {};
}

/// Resolves, checks and splits the directives into levels, completing each level as MAESTRO's
/// cluster analysis does.
DfStatus buildLevels(const DataflowLayer& layer, std::span<const Directive> directives, const DataflowHardware& hw,
                     Analysis& a)
{
    const Layout& L = a.layout();
    if (directives.empty())
        return fail(DfError::EmptyMapping);
    const DimTable full = topDimensions(L, layer);
    ClusterPlan plan;
    if (DfStatus s = planClusters(L, layer, directives, hw, plan); !s.ok())
        return s;
    a.nLevels = plan.count + 1;
    const i64 unitClusters = plan.uppermost * (hw.numPes / plan.uppermost);
    const i64 topClusterSize = unitClusters / plan.uppermost;

    DimTable dims = full;
    const Level* above = nullptr;
    std::size_t pos = 0;
    i64 lastSize = unitClusters;
    for (int level = 0; level < a.nLevels; ++level) {
        Level& l = a.lv[std::size_t(level)];
        if (DfStatus s = buildLevel(L, l, level, above, directives, pos, dims, full, topClusterSize, plan.last, lastSize);
            !s.ok())
            return s;
        above = &l;
    }
    if (pos != directives.size())
        return fail(DfError::TooManyLevels);
    return {};
}

} // namespace

// ---- vocabulary ------------------------------------------------------------------------------

std::string_view dfLayerTypeName(DfLayerType t)
{
    switch (t) {
    case DfLayerType::Conv: return "CONV";
    case DfLayerType::DsConv: return "DSCONV";
    case DfLayerType::Gemm: return "GEMM";
    }
    return "?";
}

std::optional<DfLayerType> parseDfLayerType(std::string_view s)
{
    for (DfLayerType t : {DfLayerType::Conv, DfLayerType::DsConv, DfLayerType::Gemm}) {
        if (s == dfLayerTypeName(t))
            return t;
    }
    return std::nullopt;
}

int dfVarCount(DfLayerType t) { return t == DfLayerType::Gemm ? 3 : kDfMaxVars; }

std::string_view dfVarName(DfLayerType t, int var)
{
    static constexpr std::array<std::string_view, kDfMaxVars> conv{"C", "K", "N", "R", "S", "X", "X'", "Y", "Y'"};
    static constexpr std::array<std::string_view, 3> gemm{"K", "M", "N"};
    if (t == DfLayerType::Gemm)
        return var >= 0 && var < 3 ? gemm[std::size_t(var)] : "?";
    return var >= 0 && var < kDfMaxVars ? conv[std::size_t(var)] : "?";
}

int parseDfVar(DfLayerType t, std::string_view name)
{
    for (int v = 0; v < dfVarCount(t); ++v) {
        if (dfVarName(t, v) == name)
            return v;
    }
    return -1;
}

std::string_view dfTensorName(DfTensor t)
{
    switch (t) {
    case DfTensor::Input: return "input";
    case DfTensor::Weight: return "filter";
    case DfTensor::Output: return "output";
    }
    return "?";
}

std::string_view dfBoundName(DfBound b)
{
    switch (b) {
    case DfBound::Compute: return "compute";
    case DfBound::NocIngress: return "NoC in";
    case DfBound::NocEgress: return "NoC out";
    case DfBound::Offchip: return "off-chip";
    }
    return "?";
}

int DataflowLayer::outputRows() const { return get(dfvar::Y) - get(dfvar::R) + 1; }
int DataflowLayer::outputCols() const { return get(dfvar::X) - get(dfvar::S) + 1; }

DataflowLayer DataflowLayer::conv(std::string name, int K, int C, int R, int S, int Y, int X, int stride)
{
    DataflowLayer l;
    l.name = std::move(name);
    l.type = DfLayerType::Conv;
    l.set(dfvar::K, K), l.set(dfvar::C, C), l.set(dfvar::R, R), l.set(dfvar::S, S), l.set(dfvar::Y, Y), l.set(dfvar::X, X);
    l.strideY = l.strideX = stride;
    return l;
}

DataflowLayer DataflowLayer::dsconv(std::string name, int C, int R, int S, int Y, int X, int stride)
{
    DataflowLayer l = conv(std::move(name), 1, C, R, S, Y, X, stride);
    l.type = DfLayerType::DsConv;
    return l;
}

DataflowLayer DataflowLayer::gemm(std::string name, int M, int N, int K)
{
    DataflowLayer l;
    l.name = std::move(name);
    l.type = DfLayerType::Gemm;
    l.set(dfvar::GemmM, M), l.set(dfvar::GemmN, N), l.set(dfvar::GemmK, K);
    return l;
}

std::vector<Directive> DataflowMapping::resolved(const DataflowLayer& layer) const
{
    std::vector<Directive> out = directives;
    for (Directive& d : out) {
        if (d.sizeOf >= 0)
            d.size = layer.get(d.sizeOf);
        if (d.offsetOf >= 0)
            d.offset = layer.get(d.offsetOf);
    }
    return out;
}

int DataflowMapping::levelCount() const
{
    int n = 1;
    for (const Directive& d : directives)
        n += d.kind == DirectiveKind::Cluster ? 1 : 0;
    return n;
}

DfCostDatabase DfCostDatabase::maestro2021() { return DfCostDatabase{}; }

DfCostDatabase DfCostDatabase::maestro2020()
{
    DfCostDatabase db;
    db.name = "maestro-2020";
    db.macArea = 4470.9014;
    db.macPower = 1.2223;
    db.macEnergy = 0.904;
    db.l1UnitBytes = 64;
    db.l1UnitArea = 4505.1889;
    db.l1UnitPower = 0.2208;
    db.l2UnitBytes = 32768;
    db.l2UnitArea = 4161.536;
    db.l2UnitPower = 4;
    return db;
}

// ---- the model -------------------------------------------------------------------------------

std::string DataflowModel::checkHardware(const DataflowHardware& hw)
{
    std::vector<std::string> issues;
    auto positive = [&](const char* field, long long v) {
        if (v <= 0)
            issues.push_back(std::string(field) + ": must be a positive integer, got " + std::to_string(v));
    };
    auto atMost = [&](const char* field, long long v, long long limit) {
        if (v > limit)
            issues.push_back(std::string(field) + ": must be at most " + std::to_string(limit) + ", got " + std::to_string(v));
    };
    positive("num_pes", hw.numPes);
    atMost("num_pes", hw.numPes, kDfMaxPes);
    atMost("simd_lanes", hw.simdLanes, kDfMaxSimdLanes);
    atMost("noc_hops", hw.nocHops, kDfMaxNocHops);
    atMost("noc_hop_latency", hw.nocHopLatency, kDfMaxNocHopLatency);
    positive("l1_size", hw.l1Size);
    positive("l2_size", hw.l2Size);
    positive("noc_bandwidth", hw.nocBandwidth);
    positive("offchip_bandwidth", hw.offchipBandwidth);
    positive("simd_lanes", hw.simdLanes);
    if (hw.nocHops < 0)
        issues.push_back("noc_hops: must be >= 0, got " + std::to_string(hw.nocHops));
    if (hw.nocHopLatency < 0)
        issues.push_back("noc_hop_latency: must be >= 0, got " + std::to_string(hw.nocHopLatency));
    std::string out;
    for (const std::string& s : issues)
        out += (out.empty() ? "" : "; ") + s;
    return out;
}

DataflowModel::DataflowModel(DataflowHardware hw)
    : m_hw(std::move(hw))
{
    if (const std::string issues = checkHardware(m_hw); !issues.empty())
        throw InputError("hardware " + m_hw.name + ": " + issues);
}

DfStatus DataflowModel::checkLayer(const DataflowLayer& layer) noexcept
{
    using namespace dfvar;
    for (int v = 0; v < dfVarCount(layer.type); ++v)
        if (layer.get(v) > kDfMaxDimension)
            return fail(DfError::BadLayer, -1, v, layer.get(v));
    // level -2 marks a stride (the value is the stride, the variable its dimension).
    if (layer.strideY > kDfMaxStride)
        return fail(DfError::BadLayer, -2, Y, layer.strideY);
    if (layer.strideX > kDfMaxStride)
        return fail(DfError::BadLayer, -2, X, layer.strideX);
    if (layer.type == DfLayerType::Gemm) {
        for (int v : {GemmM, GemmN, GemmK}) {
            if (layer.get(v) <= 0)
                return fail(DfError::BadLayer, -1, v, layer.get(v));
        }
        return {};
    }
    const bool ds = layer.type == DfLayerType::DsConv;
    for (int v : {C, K, R, S, Y, X}) {
        if (ds && v == K) {
            if (layer.get(K) > 1)
                return fail(DfError::BadLayer, -1, K, layer.get(K));
            continue;
        }
        if (layer.get(v) <= 0)
            return fail(DfError::BadLayer, -1, v, layer.get(v));
    }
    if (layer.get(N) < 0)
        return fail(DfError::BadLayer, -1, N, layer.get(N));
    if (layer.get(Y) < layer.get(R))
        return fail(DfError::BadLayer, -1, Y, layer.get(Y));
    if (layer.get(X) < layer.get(S))
        return fail(DfError::BadLayer, -1, X, layer.get(X));
    if (layer.strideY <= 0)
        return fail(DfError::BadLayer, -1, Y, layer.strideY);
    if (layer.strideX <= 0)
        return fail(DfError::BadLayer, -1, X, layer.strideX);
    return {};
}

DfStatus DataflowModel::evaluate(const DataflowLayer& layer, const DataflowMapping& mapping, DataflowResult& out) const noexcept
{
    std::array<Directive, 64> buffer{};
    if (mapping.directives.size() > buffer.size())
        return fail(DfError::TooManyLevels);
    std::size_t n = 0;
    for (Directive d : mapping.directives) {
        if (d.sizeOf >= 0)
            d.size = layer.get(d.sizeOf);
        if (d.offsetOf >= 0 && d.kind != DirectiveKind::Cluster)
            d.offset = layer.get(d.offsetOf);
        buffer[n++] = d;
    }
    return evaluate(layer, std::span<const Directive>(buffer.data(), n), out);
}

DfStatus DataflowModel::evaluate(const DataflowLayer& layer, std::span<const Directive> directives,
                                 DataflowResult& out) const noexcept
{
    if (DfStatus s = checkLayer(layer); !s.ok())
        return s;
    const Layout layout = layoutOf(layer);
    Analysis& a = threadAnalysis();
    a.reset(layout, m_hw);
    tlCountOverflow = false;
    if (DfStatus s = buildLevels(layer, directives, m_hw, a); !s.ok())
        return s;
    if (tlCountOverflow)
        return fail(DfError::Overflow);

    LevelResult top;
    a.analyze(0, a.lv[0].dims, top);
    if (!a.error.ok())
        return a.error;

    out = DataflowResult{};
    out.runtime = top.runtime;
    out.macs = top.computations;
    out.throughput = top.runtime > 0 ? double(top.computations) / double(top.runtime) : 0;
    const DfCostDatabase& db = m_hw.costDb;
    for (int t = 0; t < kDfTensors; ++t) {
        DfTensorStats& ts = out.tensor[std::size_t(t)];
        const std::size_t i = std::size_t(t);
        ts.l2Req = top.upReq[i];
        ts.l1Req = a.firstDownReq[i];
        ts.l2Reads = top.upRead[i];
        ts.l2Writes = top.upWrite[i];
        ts.l1Reads = top.downRead[i];
        ts.l1Writes = top.downWrite[i];
        out.l2ReqTotal = Count(out.l2ReqTotal) + ts.l2Req;
        out.l1ReqTotal = Count(out.l1ReqTotal) + ts.l1Req;
        out.l2ReadEnergy += double(ts.l2Reads) * db.l2EnergyMultiplier;
        out.l2WriteEnergy += double(ts.l2Writes) * db.l2EnergyMultiplier;
        out.l1ReadEnergy += double(ts.l1Reads) * db.l1EnergyMultiplier;
        out.l1WriteEnergy += double(ts.l1Writes) * db.l1EnergyMultiplier;
    }
    out.macEnergy = double(out.macs);
    out.energyMacUnits = out.l2WriteEnergy + out.l2ReadEnergy + out.l1WriteEnergy + out.l1ReadEnergy + out.macEnergy;
    out.energyNj = out.energyMacUnits * db.macEnergy;
    {
        const auto& in = out.tensor[0];
        const auto& w = out.tensor[1];
        const auto& o = out.tensor[2];
        const Count l2Accesses = Count(in.l2Reads) + in.l2Writes + w.l2Reads + w.l2Writes + o.l2Writes;
        double e = double(l2Accesses) * db.l2EnergyMultiplier;
        if (a.nLevels == 1) {
            for (const auto& ts : out.tensor)
                e += double(Count(ts.l1Reads) + ts.l1Writes) * db.l1EnergyMultiplier;
        }
        out.csvEnergyNj = e * db.macEnergy;
    }
    // One check for every count of the analysis and of the totals above.
    if (tlCountOverflow)
        return fail(DfError::Overflow, 0);

    // Area and power of the accelerator sized to the requirements (MAESTRO's DSE cost database).
    {
        const double P = m_hw.numPes;
        const double l1Cells = std::max(1.0, std::ceil(double(out.l1ReqTotal) / db.l1UnitBytes));
        const double l2Cells = std::max(1.0, std::ceil(double(out.l2ReqTotal) / db.l2UnitBytes));
        const double bus = db.busC1 * P + db.busC0;
        const double arb = db.arbiterC2 * P * P + db.arbiterC1 * P + db.arbiterC0;
        const double bw = m_hw.nocBandwidth;
        const double macArea = db.macArea * m_hw.simdLanes, macPower = db.macPower * m_hw.simdLanes;
        const double busArea = db.busUnitArea * bus * bw;
        const double arbArea = std::max(db.arbiterUnitArea, db.arbiterUnitArea * arb);
        const double busPower = db.busUnitPower * bus / 1000 * bw;
        const double arbPower = std::max(db.arbiterUnitPower, db.arbiterUnitPower * arb / 1000);
        out.pePower = P * macPower;
        out.l1Power = P * db.l1UnitPower * l1Cells;
        out.l2Power = db.l2UnitPower * l2Cells;
        out.nocPower = busPower + arbPower;
        out.peArea = P * macArea;
        out.l1Area = P * db.l1UnitArea * l1Cells;
        out.l2Area = db.l2UnitArea * l2Cells;
        out.busArea = busArea;
        out.arbiterArea = arbArea;
        out.busPower = busPower;
        out.arbiterPower = arbPower;
        out.area = P * (macArea + db.l1UnitArea * l1Cells) + db.l2UnitArea * l2Cells + (busArea + arbArea);
        out.power = P * (macPower + db.l1UnitPower * l1Cells) + out.l2Power + out.nocPower;
    }

    out.peakNocBw = top.peakBw;
    out.avgNocBw = top.avgBw;
    out.offchipBwReq = top.offchipReq;
    for (int k = 0; k < 3; ++k) {
        auto& dst = k == 0 ? out.ingressDelay : k == 1 ? out.egressDelay : out.computeDelay;
        for (int j = 0; j < 3; ++j)
            dst[std::size_t(j)] = top.delays[std::size_t(k)][std::size_t(j)];
    }
    out.avgUtilizedPes = top.avgActive;
    for (int b = 0; b < kDfBounds; ++b)
        out.boundCycles[std::size_t(b)] = top.bound[std::size_t(b)];
    out.fitsL1 = out.l1ReqTotal <= m_hw.l1Size;
    out.fitsL2 = out.l2ReqTotal <= m_hw.l2Size;
    return {};
}

std::string DataflowModel::describe(const DfStatus& s, const DataflowLayer& layer)
{
    std::ostringstream m;
    const std::string var = s.var >= 0 ? std::string(dfVarName(layer.type, s.var)) : std::string();
    const std::string at = s.level >= 0 ? "level " + std::to_string(s.level) + ": " : std::string();
    switch (s.error) {
    case DfError::Ok: return "ok";
    case DfError::BadLayer:
        if (s.level == -2)
            m << "layer " << layer.name << ": the stride of " << var << " must be at most " << kDfMaxStride << ", got "
              << s.value;
        else if (s.value > kDfMaxDimension)
            m << "layer " << layer.name << ": " << (var.empty() ? "a size" : var) << " must be at most "
              << kDfMaxDimension << ", got " << s.value;
        else if (!var.empty() && (var == "Y" || var == "X") && s.value > 0)
            m << "layer " << layer.name << ": " << var << " must be at least the filter size (" << var
              << " = " << s.value << ")";
        else
            m << "layer " << layer.name << ": " << (var.empty() ? "a size" : var) << " must be a positive integer, got "
              << s.value;
        break;
    case DfError::BadHardware: m << "invalid hardware"; break;
    case DfError::EmptyMapping: m << "the mapping has no directives"; break;
    case DfError::NoSpatialMap: m << at << "no SpatialMap: every cluster level needs one"; break;
    case DfError::TooManySpatialMaps: m << at << s.value << " SpatialMaps; MAESTRO allows at most two per level"; break;
    case DfError::TooManyLevels: m << "at most four cluster levels (three Cluster directives)"; break;
    case DfError::BadDirective:
        if (s.value == -1)
            m << at << var << " is mapped twice in one level";
        else if (var.empty())
            m << at << "Cluster size must be a positive integer, got " << s.value;
        else
            m << at << "directive on " << var << ": size and offset must be positive integers";
        break;
    case DfError::MapBeyondDimension:
        m << at << "a map of " << var << " of size " << s.value << " is larger than " << var << " = "
          << dimensionBound(layer, s.var) << " while its offset is smaller than its size (MAESTRO would count "
          << "no steps of it): map at most " << dimensionBound(layer, s.var) << ", or use an offset of at least the size";
        break;
    case DfError::FilterNotWhole:
        m << at << "TemporalMap of " << var << " must map the whole filter (size = offset = " << layer.get(s.var)
          << "), got " << s.value;
        break;
    case DfError::MissingVariable:
        if (layer.type != DfLayerType::Gemm && s.var == dfvar::N && layer.get(dfvar::N) <= 0)
            m << at << "N is mapped but the layer does not declare a batch (declare N: 1 to map it, as MAESTRO requires)";
        else
            m << at << var << " is not a dimension at this level";
        break;
    case DfError::OutputAndInput: m << at << "maps both " << var << " and " << var << "' in one level"; break;
    case DfError::ClusterTooLarge: m << at << "clusters need " << s.value << " PEs, more than the hardware has"; break;
    case DfError::ZeroUniqueElements:
        m << (s.level >= 0 ? at : std::string()) << "MAESTRO's reuse analysis aborts on this mapping"
          << (var.empty() ? "" : " (variable " + var + ")");
        break;
    case DfError::EmptyOutputTile: {
        const bool rows = s.var == dfvar::Y;
        m << at << "the " << var << " tile (" << s.value << ") is smaller than the filter's " << (rows ? "R" : "S")
          << " (" << layer.get(rows ? dfvar::R : dfvar::S) << "): it computes no output " << (rows ? "row" : "column")
          << "; map at least " << layer.get(rows ? dfvar::R : dfvar::S) << " " << (rows ? "rows" : "columns")
          << " or use " << var << "'";
        break;
    }
    case DfError::Overflow: m << at << "a count (MACs, buffer accesses, cycles or bytes) exceeds 64 bits: the layer or the mapping is too large to analyse"; break;
    }
    return m.str();
}

} // namespace mapscape
