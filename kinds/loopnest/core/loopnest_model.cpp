// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/loopnest/core/loopnest_model.h"

#include "core/model/validation.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <limits>
#include <memory>
#include <sstream>

namespace mapscape::loopnest {

namespace {

constexpr int kMaxDims = 16;
constexpr int kMaxRanks = 8;
constexpr int kMaxDs = 8;
constexpr int kMaxLoops = 256;
constexpr std::uint64_t kMaxSpatial = std::uint64_t{1} << 16;  // spatial elements per fan-out

using Coord = std::int64_t;

std::atomic<std::uint64_t> gMemoLeaves{1024};
std::atomic<bool> gTranslationCodes{true};

/// Throws InputError with a one-line message.
[[noreturn]] void inputError(std::string msg)
{
    for (char& c : msg)
        if (c == '\n' || c == '\r')
            c = ' ';
    throw InputError(msg);
}

// ----------------------------------------------------------------------------------------------
// Point sets: unions of axis-aligned boxes, with Timeloop's carving order (so that equality of
// deltas, which compares decompositions, behaves the same).
// ----------------------------------------------------------------------------------------------

struct Box {
    std::array<Coord, kMaxRanks> lo;  // not initialized: only the first `order` ranks are used
    std::array<Coord, kMaxRanks> hi;  // exclusive
};

std::uint64_t boxSize(const Box& b, int order)
{
    std::uint64_t s = static_cast<std::uint64_t>(b.hi[0] - b.lo[0]);
    for (int r = 1; r < order; ++r)
        s *= static_cast<std::uint64_t>(b.hi[r] - b.lo[r]);
    return s;
}

bool boxEq(const Box& a, const Box& b, int order)
{
    for (int r = 0; r < order; ++r)
        if (a.lo[r] != b.lo[r] || a.hi[r] != b.hi[r])
            return false;
    return true;
}

struct Translation {
    int order = 0;                   // 0: none
    std::array<Coord, kMaxRanks> v;  // only the first `order` are set
    bool operator==(const Translation& o) const
    {
        if (order != o.order)
            return false;
        for (int r = 0; r < order; ++r)
            if (v[r] != o.v[r])
                return false;
        return true;
    }
};



// ----------------------------------------------------------------------------------------------
// Compiled form
// ----------------------------------------------------------------------------------------------

struct Term {
    int dim;
    Coord coef;  // 1 when absent
};

struct CLevel {
    std::string name;
    std::uint64_t instances = 1, meshX = 1, meshY = 1;
    std::uint64_t fanoutX = 1, fanoutY = 1;  // from this level to the next inner one
    bool hasSize = false;
    std::uint64_t size = 0, effSize = 0;
    std::uint64_t blockSize = 1, clusterSize = 1;
    bool dummy = false;
    std::optional<double> readBw, writeBw, sharedBw;
    double minUtil = 0.0;
    bool overbooking = false;
    double eRead = 0, eFill = 0, eUpdate = 0, eLeak = 0;
    std::optional<double> addrGen;
    double area = 0;
};

struct Analysis;
struct Tile;


/// Per storage level (Timeloop order): which data spaces it keeps.
using KeepMasks = std::vector<std::array<char, kMaxDs>>;

/// The spatial expansion below each storage level and the arithmetic level's utilization.
struct Expansions {
    std::vector<std::uint64_t> maxX, maxY;
    std::uint64_t arithUtil = 1;
};

} // namespace

struct LoopnestModel::Impl {
    Architecture arch;
    Problem prob;
    EnvOptions env;
    int nd = 0, nds = 0, nlev = 0;  // nlev = storage levels
    std::array<int, kMaxDs> order{};
    std::array<bool, kMaxDs> readWrite{};
    std::array<std::array<std::vector<Term>, kMaxRanks>, kMaxDs> proj;
    /// The projection read by dimension: the (data space, rank) coordinates a dimension moves,
    /// with the sums of its positive and of its negative coefficients there (data-space major,
    /// rank minor, as the analysis lists a loop's moves).
    struct DimUse {
        std::uint8_t ds, rank;
        Coord pos, neg;
    };
    std::array<std::vector<DimUse>, kMaxDims> uses;
    /// When every data space's projected coordinates fit (`coded`): per data space and rank, the
    /// weight of a coordinate in the point's integer code. A rank's digit is balanced in radix
    /// 2·span + 1 (span: the rank's coordinate range over the problem), so the code of a
    /// difference of two points names that difference uniquely: a translation compares as one
    /// integer.
    bool coded = false;
    std::array<std::array<Coord, kMaxRanks>, kMaxDs> codeMult{};
    std::array<std::array<double, kMaxRanks>, kMaxDs> codeInverse{};  // 1 / codeMult
    std::vector<CLevel> lev;  // Timeloop order: innermost (0) to outermost
    std::uint64_t arithInstances = 1, arithMeshX = 1, arithMeshY = 1;
    double computeEnergy = 0, arithArea = 0;
    std::string arithName;
    double totalArea = 0;

    EvalResult run(const Mapping& m, bool full) const;

private:
    bool buildNest(const Mapping& m, Analysis& A, EvalResult& res) const;
    bool keepMasks(const Mapping& m, KeepMasks& keep, EvalResult& res) const;
    bool prepareAnalysis(Analysis& A, Expansions& ex, EvalResult& res) const;
    bool checkCapacities(const Analysis& A, const KeepMasks& keep, EvalResult& res) const;
    bool levelStatistics(const std::vector<std::vector<Tile>>& tiles, const KeepMasks& keep, const Expansions& ex,
                         std::uint64_t computeCycles, bool full, std::vector<LevelStats>& ls,
                         std::uint64_t& totalCycles, EvalResult& res) const;
    double totalEnergy(std::vector<LevelStats>& ls, std::uint64_t totalCycles, double arithEnergy) const;
};

namespace {

// ----------------------------------------------------------------------------------------------
// Loop nest and Timeloop's nest analysis (perfect factorization, no skew, no flattening).
// ----------------------------------------------------------------------------------------------

struct Loop {
    int dim = 0;
    std::uint64_t end = 1;
    int space = 0;  // 0 time, 1 X, 2 Y
};

struct AccessEntry {
    std::uint64_t multicast, scatter;
    double accesses;
};

/// Timeloop's AccessStatMatrix: entries keyed by (multicast, scatter), kept sorted.
struct AccessStats {
    std::vector<AccessEntry> e;
    [[gnu::always_inline]] double& at(std::uint64_t m, std::uint64_t s)
    {
        if (e.size() == 1 && e[0].multicast == m && e[0].scatter == s)
            return e[0].accesses;
        return insertAt(m, s);
    }
    [[gnu::noinline]] double& insertAt(std::uint64_t m, std::uint64_t s)
    {
        auto it = std::lower_bound(e.begin(), e.end(), std::make_pair(m, s), [](const AccessEntry& a, const auto& k) {
            return a.multicast < k.first || (a.multicast == k.first && a.scatter < k.second);
        });
        if (it == e.end() || it->multicast != m || it->scatter != s)
            it = e.insert(it, AccessEntry{m, s, 0.0});
        return it->accesses;
    }
    double total() const
    {
        double t = 0;
        for (const auto& x : e)
            t += x.accesses;
        return t;
    }
    double weighted() const
    {
        double t = 0;
        for (const auto& x : e)
            t += x.accesses * static_cast<double>(x.multicast);
        return t;
    }
    void accumulate(const AccessStats& o)
    {
        for (const auto& x : o.e)
            at(x.multicast, x.scatter) += x.accesses;
    }
};

/// A delta as a list of boxes (a box minus a box has at most 2 pieces per rank).
struct Pieces {
    int n = 0;
    std::array<Box, 2 * kMaxRanks> b;

    std::uint64_t size(int order) const
    {
        std::uint64_t s = 0;
        for (int i = 0; i < n; ++i)
            s += boxSize(b[i], order);
        return s;
    }
};

/// Timeloop's MultiSubtract of one box from another, into `out`.
void carve(const Box& a, const Box& sub, int order, Pieces& out)
{
    out.n = 0;
    for (int r = 0; r < order; ++r)
        if (a.hi[r] <= sub.lo[r] || sub.hi[r] <= a.lo[r]) {
            out.b[out.n++] = a;
            return;
        }
    Box middle = a;
    for (int r = 0; r < order; ++r) {
        if (middle.lo[r] < sub.lo[r]) {
            Box& left = out.b[out.n++];
            left = middle;
            left.hi[r] = sub.lo[r];
            middle.lo[r] = sub.lo[r];
        }
        if (sub.hi[r] < middle.hi[r]) {
            Box& right = out.b[out.n++];
            right = middle;
            right.lo[r] = sub.hi[r];
            middle.hi[r] = sub.hi[r];
        }
    }
}

/// w such that `cur` equals `prev` translated by w (as box lists, in any order), if any.
bool shiftBetween(const Pieces& prev, const Pieces& cur, int order, Translation& w)
{
    if (prev.n != cur.n || cur.n == 0)
        return false;
    const Box& c0 = cur.b[0];
    for (int k = 0; k < prev.n; ++k) {
        const Box& p = prev.b[k];
        bool sameShape = true;
        for (int r = 0; r < order && sameShape; ++r)
            sameShape = (p.hi[r] - p.lo[r]) == (c0.hi[r] - c0.lo[r]);
        if (!sameShape)
            continue;
        Translation t;
        t.order = order;
        for (int r = 0; r < order; ++r)
            t.v[r] = c0.lo[r] - p.lo[r];
        bool all = true;
        for (int i = 0; i < prev.n && all; ++i) {
            Box q = prev.b[i];
            for (int r = 0; r < order; ++r) {
                q.lo[r] += t.v[r];
                q.hi[r] += t.v[r];
            }
            bool found = false;
            for (int j = 0; j < cur.n && !found; ++j)
                found = boxEq(q, cur.b[j], order);
            all = found;
        }
        if (all) {
            w = t;
            return true;
        }
    }
    return false;
}

struct Hist {
    // (multicast, scatter) pairs, sorted by multicast.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> e;
    std::uint64_t groups = 0;
};

struct LinkResult {
    Translation w;
    std::uint64_t reused = 0;
    Hist rest;
};

/// Per boundary level: Timeloop's last point set (always one box: the level's working set at
/// the projected origin `prev`) and last translation (`pt`, per data space; order 0: none).
struct BoundaryState {
    std::array<std::array<Coord, kMaxRanks>, kMaxDs> prev;
    bool prevValid = false;
    std::array<Translation, kMaxDs> pt;
    // The same state as codes (LoopnestModel::Impl::coded): the saved origin's code, the last
    // translation's code (when ptSet) and the delta size it gives, and the delta sizes of the
    // translations seen at this level (a few: one per loop above that advances).
    std::array<Coord, kMaxDs> prevCode, ptCode;
    std::array<std::uint64_t, kMaxDs> ptDelta;
    std::array<char, kMaxDs> ptSet;
    static constexpr int kSeen = 8;
    std::array<std::array<Coord, kSeen>, kMaxDs> seenCode;
    std::array<std::array<std::uint64_t, kSeen>, kMaxDs> seenDelta;
    std::array<std::uint8_t, kMaxDs> nSeen;
};

/// A group of consecutive spatial loops (master first). Element idx of the fan-out receives
/// element 0's delta translated by v(idx) = sum over loops of digit × step translation.
struct SpatialGroup {
    int master = 0, bottom = 0;
    std::uint64_t N = 1, gridH = 1, gridV = 1;
    std::array<bool, kMaxDs> coded{};
    std::array<std::array<Coord, kMaxRanks>, kMaxDs> range{}, mult{};
    std::array<std::vector<Coord>, kMaxDs> code;            // per element (when coded)
    std::array<std::vector<Coord>, kMaxDs> v;               // N × order (when not coded)
    std::array<std::vector<std::uint32_t>, kMaxDs> gid;     // multicast group of each element
    // A mixed-radix fan-out's codes and groups are listed on first use: its loops' code and
    // group steps until then.
    std::array<bool, kMaxDs> lazy{};
    std::array<std::vector<Coord>, kMaxDs> lazyCk, lazyGw;
    std::array<std::uint32_t, kMaxDs> ngroups{};
    std::array<Hist, kMaxDs> base;
    std::array<std::vector<LinkResult>, kMaxDs> cache;
    // The fan-out's deltas: the previous call's (prevDelta) and the current one's, in turn.
    std::array<std::array<Pieces, kMaxDs>, 2> deltaBuf;
    int prevBuf = 0;
    std::array<Pieces, kMaxDs>& prevDelta() { return deltaBuf[static_cast<std::size_t>(prevBuf)]; }
    const std::array<Pieces, kMaxDs>& prevDelta() const { return deltaBuf[static_cast<std::size_t>(prevBuf)]; }
    bool prevValid = false;
};

struct LevelState {
    std::array<AccessStats, kMaxDs> access;
    std::array<std::uint64_t, kMaxDs> linkTransfers{};
};

using Sizes = std::array<std::uint64_t, kMaxDs>;

template <class T>
void growTo(std::vector<T>& v, int n)
{
    if (v.size() < static_cast<std::size_t>(n))
        v.resize(static_cast<std::size_t>(n));
}

/// Thrown (and caught in run) when a nest needs more analysis steps than kMaxCalls.
struct TooDeep {};
constexpr std::uint64_t kMaxCalls = 20'000'000;

using Origin = std::array<std::array<Coord, kMaxRanks>, kMaxDs>;
using Steps = std::array<std::array<Coord, kMaxRanks>, kMaxLoops>;  // per loop of a group

/// Per loop level and data space: the working-set box relative to the projected transform and
/// its size (set at storage boundaries and fan-out masters only, where they are read), and the
/// projected step of the level's loop (set at spatial levels only).
struct LevelGeom {
    Origin loOff, hiOff, step;
    Sizes size{};
    // The (data space, rank) coordinates the level's loop moves, and by how much.
    int moves = 0;
    std::array<std::uint8_t, kMaxDs * kMaxRanks> moveDs, moveRank;
    std::array<Coord, kMaxDs * kMaxRanks> moveStep;
    // The data spaces the level's loop moves, and the codes of its step (when coded).
    int codeMoves = 0;
    std::array<std::uint8_t, kMaxDs> codeDs;
    std::array<Coord, kMaxDs> codeStep;
};

/// Timeloop's nest analysis (NestAnalysis::ComputeDeltas and friends) for perfectly factorized
/// nests without skews or flattening, restructured for speed with identical results:
///  - a level's saved point set is always one box (its last working set), so deltas are one box
///    minus another;
///  - within a spatial fan-out every element's delta is element 0's delta translated by a lattice
///    vector, so multicast and link-transfer analysis reduce to integer codes;
///  - a boundary call's effects depend only on the saved state relative to the projected
///    transform and scale with the epoch count, so repeated relative states are replayed from a
///    memo (recorded through an accumulation journal).
struct Analysis {
    const LoopnestModel::Impl* M = nullptr;
    std::vector<Loop> loops;
    std::vector<int> boundaries;  // per storage level: loop index of its outermost loop
    int n = 0;
    std::vector<char> boundary, master;
    std::vector<int> storageOf;
    std::vector<double> utilizedElems;
    std::vector<std::uint64_t> logicalFanout, logicalFanoutX, logicalFanoutY;
    std::vector<LevelGeom> geom;
    int pureTop = -1;              // innermost storage boundary when its subtree is all temporal
    std::uint64_t pureProduct = 1;  // product of the loop ends up to pureTop
    Origin org{};
    std::array<Coord, kMaxDs> orgCode{};  // org's codes (when coded)
    std::vector<char> keepPrev;  // boundary levels whose deltas are asked for as boxes
    int leafLevel = -1;          // see initGroups
    std::uint64_t epochs = 1;
    std::uint64_t computeAccesses = 0;
    std::uint64_t pendingBody = 0; ///< see addComputeBody
    std::vector<Sizes> pendingTemporal;  ///< see addTemporal
    std::vector<LevelState> state;
    std::vector<BoundaryState> bstate;
    std::vector<int> groupOf;  // master level -> index in groups
    std::vector<SpatialGroup> groups;
    std::size_t groupsUsed = 0;
    // Scratch of the steps around the analysis (reused: one thread-local lookup per evaluation).
    KeepMasks keep;
    Expansions ex;
    std::vector<std::vector<Tile>> tiles;
    mutable std::vector<std::uint64_t> capacityScratch;
    // Per storage level: the loop levels of its tile's innermost and outermost valid loop (a
    // valid loop: temporal, or a fan-out's master), the walk of Timeloop's tile collapsing.
    std::vector<int> tileInner, tileOuter;
    std::vector<LevelStats> levelScratch;
    std::vector<std::pair<Coord, std::uint32_t>> sortScratch;
    std::vector<std::uint32_t> countScratch;
    std::vector<char> reuseScratch;

    // ---- Memo (see above). Effects are recorded through a journal of accumulations.
    struct JournalEntry {
        int kind;  // 0 access, 1 link transfers, 2 computes
        int level, ds;
        std::uint64_t m, s;
        std::uint64_t value;
    };
    struct MemoEntry {
        std::uint64_t hash;
        std::size_t keyAt, keyLen;       // in arena
        std::size_t stateAt, stateLen;   // final relative state, in arena
        std::size_t piecesAt, piecesLen; // relative delta pieces, in arena
        std::size_t effAt, effLen;       // per-epoch effects, in effects
        Sizes sizes;
    };
    std::vector<char> memoize;
    std::vector<std::uint32_t> memoLevelHits, memoLevelMisses;
    std::vector<int> stateLevels;
    std::vector<std::vector<MemoEntry>> memo;
    std::vector<Coord> arena;
    std::vector<JournalEntry> effects;
    std::vector<JournalEntry> journal;
    int recording = 0;
    bool memoOk = true;
    std::vector<Coord> keyBuf;
    std::uint64_t memoHits = 0, memoMisses = 0, calls = 0;

    void init(const LoopnestModel::Impl& model)
    {
        M = &model;
        n = static_cast<int>(loops.size());
        boundary.assign(n, 0);
        storageOf.assign(n, 0);
        int s = 0, li = 0;
        for (int b : boundaries) {
            boundary[b] = 1;
            for (; li <= b; ++li)
                storageOf[li] = s;
            ++s;
        }
        master.assign(n, 0);
        utilizedElems.assign(n, 1.0);
        double prod = 1;
        bool prevSpatial = false;
        for (int l = n - 1; l >= 0; --l) {
            utilizedElems[l] = prod;
            if (loops[l].space != 0) {
                master[l] = !prevSpatial;
                prod *= static_cast<double>(loops[l].end);
                prevSpatial = true;
            } else {
                prevSpatial = false;
            }
        }
        logicalFanout.assign(n, 1);
        logicalFanoutX.assign(n, 1);
        logicalFanoutY.assign(n, 1);
        for (int l = n - 1; l >= 0; --l) {
            if (loops[l].space == 0)
                continue;
            if (!master[l]) {
                logicalFanout[l] = 0;
                continue;
            }
            std::uint64_t f = 1;
            for (int k = l; k >= 0 && loops[k].space != 0; --k) {
                if (loops[k].space == 1)
                    logicalFanoutX[l] *= loops[k].end;
                else
                    logicalFanoutY[l] *= loops[k].end;
                f *= loops[k].end;
            }
            logicalFanout[l] = f;
        }
        initGeometry();
        // The innermost storage level's own loops (when all temporal) only multiply: the base
        // loop records iterations × epochs, nothing else is recorded below the boundary.
        pureTop = -1;
        pureProduct = 1;
        if (!boundaries.empty()) {
            bool allTemporal = true;
            std::uint64_t prodEnds = 1;
            for (int l = 0; l <= boundaries[0]; ++l) {
                allTemporal = allTemporal && loops[l].space == 0;
                prodEnds *= loops[l].end;
            }
            if (allTemporal && boundaries[0] > 0) {
                pureTop = boundaries[0];
                pureProduct = prodEnds;
            }
        }
        for (auto& o : org)
            o.fill(0);
        orgCode.fill(0);
        keepPrev.assign(n, 0);
        for (int l = 0; l + 1 < n; ++l)
            keepPrev[l] = boundary[l] && loops[l + 1].space != 0;
        tileWalk();
        epochs = 1;
        computeAccesses = 0;
        pendingBody = 0;
        growTo(pendingTemporal, n);
        std::fill_n(pendingTemporal.begin(), n, Sizes{});
        growTo(state, n);
        for (int l = 0; l < n; ++l) {
            LevelState& st = state[l];
            for (int ds = 0; ds < M->nds; ++ds)
                st.access[ds].e.clear();
            st.linkTransfers.fill(0);
        }
        growTo(bstate, n);
        for (int l = 0; l < n; ++l) {
            BoundaryState& b = bstate[l];
            b.prevValid = false;
            for (auto& t : b.pt)
                t.order = 0;
            b.ptSet.fill(0);
            b.nSeen.fill(0);
        }
        groupOf.assign(n, -1);
        memoHits = memoMisses = calls = 0;
    }

    /// tileInner / tileOuter, for init: each storage level's tile spans the valid loops from the
    /// one after the previous tile to its first storage boundary (or the last valid loop).
    void tileWalk()
    {
        const int nlev = static_cast<int>(boundaries.size());
        tileInner.assign(static_cast<std::size_t>(nlev), 0);
        tileOuter.assign(static_cast<std::size_t>(nlev), 0);
        int l = 0;
        for (int s = 0; s < nlev; ++s) {
            while (l < n && loops[l].space != 0 && !master[l])
                ++l;
            const int inner = l < n ? l : n - 1;
            int outer = inner;
            for (l = inner; l < n; ++l) {
                if (loops[l].space != 0 && !master[l])
                    continue;
                outer = l;
                if (boundary[l])
                    break;
            }
            tileInner[static_cast<std::size_t>(s)] = inner;
            tileOuter[static_cast<std::size_t>(s)] = outer;
            l = outer + 1;
        }
    }

    /// The tile size of a valid loop level (0 but at boundaries and masters).
    std::uint64_t tileSize(int l, int ds) const { return boundary[l] || master[l] ? geom[l].size[ds] : 0; }

    /// Each loop level's geometry (LevelGeom), for init.
    void initGeometry()
    {
        // From the level below: a loop widens the mold only along its own
        // dimension (by its stride, the product of the ends below it on that dimension, times
        // its end less one), so only the coordinates that dimension projects onto change. The
        // running mold is kept here; a level stores its box only where it is read (a storage
        // boundary or a fan-out's master) and its steps only when spatial.
        // (geom is grown, never shrunk: evaluations alternate between nests of different
        // depths, and shrinking would free and rebuild it on every evaluation.)
        growTo(geom, n);
        std::array<Coord, kMaxDims> scale;
        std::fill_n(scale.begin(), M->nd, Coord{1});
        Origin lo, hi;
        Sizes size;
        for (int ds = 0; ds < M->nds; ++ds) {
            std::fill_n(lo[ds].begin(), M->order[ds], Coord{0});
            std::fill_n(hi[ds].begin(), M->order[ds], Coord{1});
            size[ds] = 1;
        }
        for (int l = 0; l < n; ++l) {
            LevelGeom& gm = geom[l];
            const int dimL = loops[l].dim;
            const Coord stride = scale[dimL];
            const Coord widen = stride * (static_cast<Coord>(loops[l].end) - 1);
            scale[dimL] *= static_cast<Coord>(loops[l].end);
            const bool spatial = loops[l].space != 0;
            if (spatial)
                for (int ds = 0; ds < M->nds; ++ds)
                    std::fill_n(gm.step[ds].begin(), M->order[ds], Coord{0});
            gm.moves = 0;
            for (const auto& u : M->uses[static_cast<std::size_t>(dimL)]) {
                lo[u.ds][u.rank] += u.neg * widen;
                hi[u.ds][u.rank] += u.pos * widen;
                const Coord st = (u.pos + u.neg) * stride;
                if (spatial)
                    gm.step[u.ds][u.rank] = st;
                if (st != 0) {
                    gm.moveDs[gm.moves] = u.ds;
                    gm.moveRank[gm.moves] = u.rank;
                    gm.moveStep[gm.moves] = st;
                    ++gm.moves;
                }
            }
            gm.codeMoves = 0;
            if (M->coded) {
                std::array<Coord, kMaxDs> cs{};
                for (int k = 0; k < gm.moves; ++k)
                    cs[gm.moveDs[k]] += gm.moveStep[k] * M->codeMult[gm.moveDs[k]][gm.moveRank[k]];
                for (int ds = 0; ds < M->nds; ++ds)
                    if (cs[ds] != 0) {
                        gm.codeDs[gm.codeMoves] = static_cast<std::uint8_t>(ds);
                        gm.codeStep[gm.codeMoves] = cs[ds];
                        ++gm.codeMoves;
                    }
            }
            int resized = -1; // the uses list a data space's ranks together
            for (const auto& u : M->uses[static_cast<std::size_t>(dimL)]) {
                if (u.ds == resized)
                    continue;
                resized = u.ds;
                std::uint64_t sz = 1;
                for (int r = 0; r < M->order[u.ds]; ++r)
                    sz *= static_cast<std::uint64_t>(hi[u.ds][r] - lo[u.ds][r]);
                size[u.ds] = sz;
            }
            if (boundary[l] || master[l]) {
                for (int ds = 0; ds < M->nds; ++ds) {
                    std::copy_n(lo[ds].begin(), M->order[ds], gm.loOff[ds].begin());
                    std::copy_n(hi[ds].begin(), M->order[ds], gm.hiOff[ds].begin());
                }
                gm.size = size;
            }
        }
    }

    /// Builds the spatial groups and the memo tables (call after init; N bounded by the caller).
    void initGroups()
    {
        groupsUsed = 0;
        for (int l = n - 1; l >= 0; --l) {
            if (!master[l])
                continue;
            if (groupsUsed == groups.size())
                groups.emplace_back();
            SpatialGroup& g = groups[groupsUsed];
            g.master = l;
            int b = l;
            while (b - 1 >= 0 && loops[b - 1].space != 0)
                --b;
            g.bottom = b;
            g.N = logicalFanout[l];
            const CLevel& L = M->lev[storageOf[l]];
            g.gridH = std::max(L.fanoutX, logicalFanoutX[l]);
            g.gridV = std::max(L.fanoutY, logicalFanoutY[l]);
            g.prevValid = false;
            for (int ds = 0; ds < M->nds; ++ds)
                buildGroupDataSpace(g, ds);
            groupOf[l] = static_cast<int>(groupsUsed);
            ++groupsUsed;
        }
        memoize.assign(n, 0);
        memoLevelHits.assign(n, 0);
        memoLevelMisses.assign(n, 0);
        if (memo.size() < static_cast<std::size_t>(n))
            memo.resize(n);
        for (auto& m : memo)
            m.clear();
        arena.clear();
        effects.clear();
        journal.clear();
        recording = 0;
        memoOk = true;
        stateLevels.clear();
        std::uint64_t leaves = 1;
        const std::uint64_t memoLeaves = gMemoLeaves.load(std::memory_order_relaxed);
        for (int l = 0; l < n; ++l) {
            if (loops[l].space == 0 && l >= 1 && loops[l].end >= 2 && leaves < (std::uint64_t{1} << 40))
                leaves *= 2;
            if (boundary[l] || master[l])
                stateLevels.push_back(l);
            // Memoization only pays for itself on deep nests; it bounds the exponential number
            // of calls there.
            if (boundary[l] && leaves >= memoLeaves)
                memoize[l] = 1;
        }
        // The innermost body's level, when its calls from a temporal loop above go through
        // leafPair: it is the innermost boundary (computeTemporal's first case), its boundary
        // step runs on codes and it is not memoized.
        leafLevel = -1;
        const int leaf = pureTop >= 0 ? pureTop : 0;
        if (M->coded && n > 1 && loops[leaf].space == 0 && boundary[leaf] && !memoize[leaf])
            leafLevel = leaf;
    }

    void buildGroupDataSpace(SpatialGroup& g, int ds)
    {
        const int o = M->order[ds];
        const std::size_t N = g.N;
        const int K = g.master - g.bottom + 1;
        Steps t;
        std::array<Coord, kMaxRanks> lo{}, hi{};
        for (int k = 0; k < K; ++k) {
            const int lvl = g.bottom + k;
            const Coord end = static_cast<Coord>(loops[lvl].end);
            for (int r = 0; r < o; ++r) {
                const Coord c = geom[lvl].step[ds][r];
                t[k][r] = c;
                lo[r] += std::min<Coord>(0, (end - 1) * c);
                hi[r] += std::max<Coord>(0, (end - 1) * c);
            }
        }
        bool coded = true;
        Coord mult = 1;
        for (int r = 0; r < o; ++r) {
            g.range[ds][r] = hi[r] - lo[r] + 1;
            g.mult[ds][r] = mult;
            const Coord radix = 2 * g.range[ds][r] - 1;
            if (radix <= 0 || mult > (Coord{1} << 60) / radix) {
                coded = false;
                break;
            }
            mult *= radix;
        }
        g.coded[ds] = coded;
        g.lazy[ds] = false;
        g.gid[ds].resize(N);
        const bool uniform = coded ? groupByCode(g, ds, t, K) : (groupByVector(g, ds, t, K), false);
        if (!uniform)
            histogram(g, ds, nullptr, g.base[ds]);
        g.cache[ds].clear();
    }

    /// Multicast groups of a data space whose lattice vectors fit one integer code each; returns
    /// true when every group has the same size (the base histogram is then set here).
    bool groupByCode(SpatialGroup& g, int ds, const Steps& t, int K)
    {
        const int o = M->order[ds];
        const std::size_t N = g.N;
        auto& gid = g.gid[ds];
        std::array<Coord, kMaxLoops> ck;
        for (int k = 0; k < K; ++k) {
            Coord c = 0;
            for (int r = 0; r < o; ++r)
                c += t[k][r] * g.mult[ds][r];
            ck[k] = c;
        }
        // Loops that do not move the data space multicast every element to `repeat` peers;
        // when the codes of the others form a mixed radix (each step larger than all
        // smaller steps' reach), no two of their digit tuples collide, so an element's group
        // is its tuple's rank and every group has `repeat` elements: no sort needed.
        std::array<Coord, kMaxLoops> gw; // (not zero-filled whole: kMaxLoops words)
        std::fill(gw.begin(), gw.begin() + K, Coord{0});
        std::uint64_t repeat = 1;
        bool radix = true;
        {
            std::array<int, kMaxLoops> moving;
            int nm = 0;
            Coord weight = 1;
            for (int k = 0; k < K; ++k) {
                const Coord end = static_cast<Coord>(loops[g.bottom + k].end);
                if (ck[k] == 0) {
                    repeat *= static_cast<std::uint64_t>(end);
                } else {
                    moving[nm++] = k;
                    gw[k] = weight;
                    weight *= end;
                }
            }
            std::sort(moving.begin(), moving.begin() + nm,
                      [&](int a, int b) { return std::abs(ck[a]) < std::abs(ck[b]); });
            Coord reach = 0;
            for (int i = 0; i < nm && radix; ++i) {
                const int k = moving[i];
                const Coord step = std::abs(ck[k]);
                radix = step > reach;
                reach += step * (static_cast<Coord>(loops[g.bottom + k].end) - 1);
            }
        }
        if (radix) {
            // The elements' codes and groups are needed only for link transfers: listed when
            // the first one is looked for (elementCodes).
            g.lazyCk[ds].assign(ck.begin(), ck.begin() + K);
            g.lazyGw[ds].assign(gw.begin(), gw.begin() + K);
            g.lazy[ds] = true;
            g.ngroups[ds] = static_cast<std::uint32_t>(N / repeat);
            Hist& h = g.base[ds];
            h.e.assign(1, {repeat, N / repeat});
            h.groups = N / repeat;
            return true;
        }
        auto& code = g.code[ds];
        code.resize(N);
        std::array<Coord, kMaxLoops> digit;
        std::fill(digit.begin(), digit.begin() + K, 0);
        Coord cur = 0;
        auto& pairs = sortScratch;
        pairs.resize(N);
        bool sorted = true;
        for (std::size_t idx = 0; idx < N; ++idx) {
            code[idx] = cur;
            pairs[idx] = {cur, static_cast<std::uint32_t>(idx)};
            if (idx > 0 && cur <= pairs[idx - 1].first)
                sorted = false;
            for (int k = 0; k < K; ++k) {
                if (++digit[k] < static_cast<Coord>(loops[g.bottom + k].end)) {
                    cur += ck[k];
                    break;
                }
                cur -= ck[k] * (digit[k] - 1);
                digit[k] = 0;
            }
        }
        if (!sorted)
            std::sort(pairs.begin(), pairs.end());
        std::uint32_t id = 0;
        for (std::size_t i = 0; i < N; ++i) {
            if (i > 0 && pairs[i].first != pairs[i - 1].first)
                ++id;
            gid[pairs[i].second] = id;
        }
        g.ngroups[ds] = N ? id + 1 : 0;
        return false;
    }

    /// Each element's code and multicast group of a mixed-radix fan-out (groupByCode).
    void elementCodes(SpatialGroup& g, int ds)
    {
        if (!g.lazy[ds])
            return;
        g.lazy[ds] = false;
        const std::size_t N = g.N;
        const int K = g.master - g.bottom + 1;
        const auto& ck = g.lazyCk[ds];
        const auto& gw = g.lazyGw[ds];
        auto& code = g.code[ds];
        auto& gid = g.gid[ds];
        code.resize(N);
        gid.resize(N);
        // The fastest loop's digit runs in the inner loop; the others advance between runs.
        std::array<Coord, kMaxLoops> digit;
        std::fill(digit.begin(), digit.begin() + K, 0);
        const std::size_t run = loops[g.bottom].end;
        const Coord ck0 = ck[0], gw0 = gw[0];
        Coord base = 0, groupBase = 0;
        for (std::size_t idx = 0; idx < N;) {
            Coord cur = base, group = groupBase;
            for (std::size_t d = 0; d < run; ++d, ++idx) {
                code[idx] = cur;
                gid[idx] = static_cast<std::uint32_t>(group);
                cur += ck0;
                group += gw0;
            }
            for (int k = 1; k < K; ++k) {
                if (++digit[k] < static_cast<Coord>(loops[g.bottom + k].end)) {
                    base += ck[k];
                    groupBase += gw[k];
                    break;
                }
                base -= ck[k] * (digit[k] - 1);
                groupBase -= gw[k] * (digit[k] - 1);
                digit[k] = 0;
            }
        }
    }

    /// Multicast groups of a data space by comparing the elements' lattice vectors.
    void groupByVector(SpatialGroup& g, int ds, const Steps& t, int K)
    {
        const int o = M->order[ds];
        const std::size_t N = g.N;
        auto& gid = g.gid[ds];
        auto& v = g.v[ds];
        v.assign(N * static_cast<std::size_t>(o), 0);
        std::size_t radixBelow = 1;
        for (int k = 0; k < K; ++k) {
            const std::size_t end = loops[g.bottom + k].end;
            for (std::size_t idx = 0; idx < N; ++idx) {
                const Coord d = static_cast<Coord>((idx / radixBelow) % end);
                for (int r = 0; r < o && d != 0; ++r)
                    v[idx * o + r] += d * t[k][r];
            }
            radixBelow *= end;
        }
        std::vector<std::uint32_t> srt(N);
        for (std::size_t i = 0; i < N; ++i)
            srt[i] = static_cast<std::uint32_t>(i);
        std::stable_sort(srt.begin(), srt.end(), [&](std::uint32_t a, std::uint32_t c) {
            return std::lexicographical_compare(v.begin() + a * o, v.begin() + a * o + o, v.begin() + c * o,
                                                v.begin() + c * o + o);
        });
        std::uint32_t id = 0;
        for (std::size_t i = 0; i < N; ++i) {
            if (i > 0 && !std::equal(v.begin() + srt[i] * o, v.begin() + srt[i] * o + o, v.begin() + srt[i - 1] * o))
                ++id;
            gid[srt[i]] = id;
        }
        g.ngroups[ds] = N ? id + 1 : 0;
    }

    /// Multicast histogram over the elements not marked in `taken` (all when null).
    void histogram(const SpatialGroup& g, int ds, const std::vector<char>* taken, Hist& h)
    {
        auto& counts = countScratch;
        counts.assign(g.ngroups[ds], 0);
        const auto& gid = g.gid[ds];
        for (std::size_t i = 0; i < g.N; ++i)
            if (!taken || !(*taken)[i])
                ++counts[gid[i]];
        h.e.clear();
        h.groups = 0;
        for (std::uint32_t m : counts) {
            if (m == 0)
                continue;
            auto it = std::lower_bound(h.e.begin(), h.e.end(), std::make_pair(std::uint64_t{m}, std::uint64_t{0}));
            if (it == h.e.end() || it->first != m)
                it = h.e.insert(it, {m, 0});
            it->second++;
            h.groups++;
        }
    }

    const LinkResult& linkResult(SpatialGroup& g, int ds, const Translation& w)
    {
        for (const auto& c : g.cache[ds])
            if (c.w == w)
                return c;
        elementCodes(g, ds);
        const int o = M->order[ds];
        auto& reuse = reuseScratch;
        std::uint64_t reused = 0;
        bool possible = true;
        Coord cw = 0;
        if (g.coded[ds]) {
            for (int r = 0; r < o; ++r) {
                if (w.v[r] > g.range[ds][r] - 1 || w.v[r] < -(g.range[ds][r] - 1))
                    possible = false;
                cw += w.v[r] * g.mult[ds][r];
            }
        }
        const auto& code = g.code[ds];
        const auto& v = g.v[ds];
        auto cmp = [&](std::uint64_t cur, std::uint64_t prev) {
            if (cur >= g.N || prev >= g.N || reuse[cur])
                return;
            if (g.coded[ds]) {
                if (code[prev] - code[cur] != cw)
                    return;
            } else {
                for (int r = 0; r < o; ++r)
                    if (v[prev * o + r] - v[cur * o + r] != w.v[r])
                        return;
            }
            reuse[cur] = 1;
            ++reused;
        };
        const std::uint64_t h = g.gridH, vv = g.gridV;
        if (possible) {
            reuse.assign(g.N, 0);
            if (vv > 1) {
                for (std::uint64_t x = 0; x < h; ++x)
                    for (std::uint64_t y = 1; y < vv; ++y)
                        cmp(y * h + x, (y - 1) * h + x);
                for (std::uint64_t x = 0; x < h; ++x)
                    for (std::uint64_t y = 0; y + 1 < vv; ++y)
                        cmp(y * h + x, (y + 1) * h + x);
            }
            if (h > 1) {
                for (std::uint64_t y = 0; y < vv; ++y)
                    for (std::uint64_t x = 1; x < h; ++x)
                        cmp(y * h + x, y * h + x - 1);
                for (std::uint64_t y = 0; y < vv; ++y)
                    for (std::uint64_t x = 0; x + 1 < h; ++x)
                        cmp(y * h + x, y * h + x + 1);
            }
        }
        g.cache[ds].emplace_back();
        LinkResult& res = g.cache[ds].back();
        res.w = w;
        res.reused = reused;
        if (reused) // (none reused: the rest is the base histogram, and no link transfers count)
            histogram(g, ds, &reuse, res.rest);
        return res;
    }

    // ---- accumulation (through the journal while a memo entry is being recorded)

    [[gnu::always_inline]] void addAccess(int level, int ds, std::uint64_t m, std::uint64_t s, std::uint64_t value)
    {
        state[level].access[ds].at(m, s) += static_cast<double>(value);
        if (recording)
            journal.push_back(JournalEntry{0, level, ds, m, s, value});
    }
    void addLink(int level, int ds, std::uint64_t value)
    {
        state[level].linkTransfers[ds] += value;
        if (recording)
            journal.push_back(JournalEntry{1, level, ds, 0, 0, value});
    }
    /// The innermost loop's body: `value` computes, each reading every data space once at the
    /// innermost level. Summed as integers and added once the analysis ends (flushBody), unless
    /// a memo entry is being recorded. Counts stay far below 2^53, so the doubles they end in
    /// are the same either way.
    void addComputeBody(std::uint64_t value)
    {
        if (recording) {
            addCompute(value);
            for (int ds = 0; ds < M->nds; ++ds)
                addAccess(0, ds, 1, 1, value);
            return;
        }
        pendingBody += value;
    }
    /// A temporal loop's accesses to the level below (multicast and scatter 1), summed as integers
    /// like addComputeBody's.
    void addTemporal(int level, int ds, std::uint64_t value)
    {
        if (recording)
            addAccess(level, ds, 1, 1, value);
        else
            pendingTemporal[level][ds] += value;
    }
    void flushBody()
    {
        for (int l = 0; l < n; ++l)
            for (int ds = 0; ds < M->nds; ++ds)
                if (pendingTemporal[l][ds] != 0)
                    state[l].access[ds].at(1, 1) += static_cast<double>(std::exchange(pendingTemporal[l][ds], 0));
        if (pendingBody == 0)
            return;
        const std::uint64_t value = std::exchange(pendingBody, 0);
        computeAccesses += value;
        for (int ds = 0; ds < M->nds; ++ds)
            state[0].access[ds].at(1, 1) += static_cast<double>(value);
    }
    void addCompute(std::uint64_t value)
    {
        computeAccesses += value;
        if (recording)
            journal.push_back(JournalEntry{2, 0, 0, 0, 0, value});
    }

    [[gnu::always_inline]] void moveTransform(int level, Coord times)
    {
        const LevelGeom& gm = geom[level];
        for (int k = 0; k < gm.moves; ++k)
            org[gm.moveDs[k]][gm.moveRank[k]] += gm.moveStep[k] * times;
        for (int k = 0; k < gm.codeMoves; ++k)
            orgCode[gm.codeDs[k]] += gm.codeStep[k] * times;
    }

    // ---- memo keys: the state of the stateful levels at or below a level, relative to org

    void pushBox(std::vector<Coord>& out, const Box& b, int ds) const
    {
        for (int r = 0; r < M->order[ds]; ++r) {
            out.push_back(b.lo[r] - org[ds][r]);
            out.push_back(b.hi[r] - org[ds][r]);
        }
    }

    const Coord* popBox(const Coord* p, Box& b, int ds) const
    {
        for (int r = 0; r < M->order[ds]; ++r) {
            b.lo[r] = *p++ + org[ds][r];
            b.hi[r] = *p++ + org[ds][r];
        }
        return p;
    }

    void serialize(int level, std::vector<Coord>& out) const
    {
        out.clear();
        for (int l : stateLevels) {
            if (l > level)
                break;
            if (boundary[l]) {
                const BoundaryState& bs = bstate[l];
                out.push_back(bs.prevValid ? 1 : 0);
                if (!bs.prevValid)
                    continue;
                if (M->coded) {
                    for (int ds = 0; ds < M->nds; ++ds) {
                        out.push_back(bs.prevCode[ds] - orgCode[ds]);
                        out.push_back(bs.ptSet[ds]);
                        if (bs.ptSet[ds]) {
                            out.push_back(bs.ptCode[ds]);
                            out.push_back(static_cast<Coord>(bs.ptDelta[ds]));
                        }
                        if (keepPrev[l])
                            for (int r = 0; r < M->order[ds]; ++r)
                                out.push_back(bs.prev[ds][r] - org[ds][r]);
                    }
                    continue;
                }
                for (int ds = 0; ds < M->nds; ++ds) {
                    for (int r = 0; r < M->order[ds]; ++r)
                        out.push_back(bs.prev[ds][r] - org[ds][r]);
                    out.push_back(bs.pt[ds].order);
                    for (int r = 0; r < bs.pt[ds].order; ++r)
                        out.push_back(bs.pt[ds].v[r]);
                }
            } else {
                const SpatialGroup& g = groups[static_cast<std::size_t>(groupOf[l])];
                out.push_back(g.prevValid ? 1 : 0);
                if (!g.prevValid)
                    continue;
                for (int ds = 0; ds < M->nds; ++ds) {
                    const Pieces& pd = g.prevDelta()[ds];
                    out.push_back(pd.n);
                    for (int i = 0; i < pd.n; ++i)
                        pushBox(out, pd.b[i], ds);
                }
            }
        }
    }

    void deserialize(int level, const Coord* p)
    {
        for (int l : stateLevels) {
            if (l > level)
                break;
            if (boundary[l]) {
                BoundaryState& bs = bstate[l];
                bs.prevValid = *p++ != 0;
                if (!bs.prevValid)
                    continue;
                if (M->coded) {
                    for (int ds = 0; ds < M->nds; ++ds) {
                        bs.prevCode[ds] = *p++ + orgCode[ds];
                        bs.ptSet[ds] = static_cast<char>(*p++);
                        if (bs.ptSet[ds]) {
                            bs.ptCode[ds] = *p++;
                            bs.ptDelta[ds] = static_cast<std::uint64_t>(*p++);
                        }
                        if (keepPrev[l])
                            for (int r = 0; r < M->order[ds]; ++r)
                                bs.prev[ds][r] = *p++ + org[ds][r];
                    }
                    continue;
                }
                for (int ds = 0; ds < M->nds; ++ds) {
                    for (int r = 0; r < M->order[ds]; ++r)
                        bs.prev[ds][r] = *p++ + org[ds][r];
                    bs.pt[ds].order = static_cast<int>(*p++);
                    for (int r = 0; r < bs.pt[ds].order; ++r)
                        bs.pt[ds].v[r] = *p++;
                }
            } else {
                SpatialGroup& g = groups[static_cast<std::size_t>(groupOf[l])];
                g.prevValid = *p++ != 0;
                if (!g.prevValid)
                    continue;
                for (int ds = 0; ds < M->nds; ++ds) {
                    Pieces& pd = g.prevDelta()[ds];
                    pd.n = static_cast<int>(*p++);
                    for (int i = 0; i < pd.n; ++i)
                        p = popBox(p, pd.b[i], ds);
                }
            }
        }
    }

    static std::uint64_t hashOf(const Coord* v, std::size_t n)
    {
        std::uint64_t h = 1469598103934665603ull;
        for (std::size_t i = 0; i < n; ++i) {
            h ^= static_cast<std::uint64_t>(v[i]);
            h *= 1099511628211ull;
        }
        return h;
    }

    /// computeDeltas with memoization at the chosen boundaries.
    /// `sizes`, when given, receives a boundary level's delta sizes (data spaces below nds).
    void deltas(int level, std::array<Pieces, kMaxDs>* pieces, Sizes* sizes)
    {
        if (!memoize[level] || !memoOk)
            computeDeltas(level, pieces, sizes);
        else
            memoDeltas(level, pieces, sizes);
    }

    [[gnu::noinline]] void memoDeltas(int level, std::array<Pieces, kMaxDs>* pieces, Sizes* sizes)
    {
        serialize(level, keyBuf);
        const std::uint64_t h = hashOf(keyBuf.data(), keyBuf.size());
        for (const MemoEntry& e : memo[level]) {
            if (e.hash != h || e.keyLen != keyBuf.size() ||
                !std::equal(keyBuf.begin(), keyBuf.end(), arena.begin() + static_cast<std::ptrdiff_t>(e.keyAt)))
                continue;
            ++memoHits;
            ++memoLevelHits[level];
            for (std::size_t i = 0; i < e.effLen; ++i) {
                const JournalEntry& j = effects[e.effAt + i];
                const std::uint64_t val = j.value * epochs;
                if (j.kind == 0)
                    addAccess(j.level, j.ds, j.m, j.s, val);
                else if (j.kind == 1)
                    addLink(j.level, j.ds, val);
                else
                    addCompute(val);
            }
            deserialize(level, arena.data() + e.stateAt);
            if (pieces) {
                const Coord* p = arena.data() + e.piecesAt;
                for (int ds = 0; ds < M->nds; ++ds) {
                    (*pieces)[ds].n = static_cast<int>(*p++);
                    for (int i = 0; i < (*pieces)[ds].n; ++i)
                        p = popBox(p, (*pieces)[ds].b[i], ds);
                }
            }
            if (sizes)
                *sizes = e.sizes;
            return;
        }
        ++memoMisses;
        // A level whose relative states never repeat is not worth the bookkeeping.
        if (++memoLevelMisses[level] > 16 && memoLevelHits[level] * 4 < memoLevelMisses[level] && !recording) {
            memoize[level] = 0;
            computeDeltas(level, pieces, sizes);
            return;
        }
        MemoEntry e;
        e.hash = h;
        e.keyAt = arena.size();
        e.keyLen = keyBuf.size();
        arena.insert(arena.end(), keyBuf.begin(), keyBuf.end());
        const std::size_t journalStart = journal.size();
        ++recording;
        std::array<Pieces, kMaxDs> local;  // (each empty)
        e.sizes = Sizes{};
        computeDeltas(level, keepPrev[level] ? &local : nullptr, &e.sizes);
        if (sizes)
            *sizes = e.sizes;
        --recording;
        if (pieces)
            for (int ds = 0; ds < M->nds; ++ds) {
                (*pieces)[ds].n = local[ds].n;
                std::copy(local[ds].b.begin(), local[ds].b.begin() + local[ds].n, (*pieces)[ds].b.begin());
            }
        // Consolidate this call's journal into per-epoch effects.
        e.effAt = effects.size();
        for (std::size_t i = journalStart; i < journal.size(); ++i) {
            const JournalEntry& j = journal[i];
            if (j.value % epochs != 0) {
                memoOk = false;  // cannot happen with integral epochs; be safe
                break;
            }
            bool merged = false;
            for (std::size_t k = e.effAt; k < effects.size(); ++k) {
                JournalEntry& x = effects[k];
                if (x.kind == j.kind && x.level == j.level && x.ds == j.ds && x.m == j.m && x.s == j.s) {
                    x.value += j.value / epochs;
                    merged = true;
                    break;
                }
            }
            if (!merged) {
                JournalEntry x = j;
                x.value = j.value / epochs;
                effects.push_back(x);
            }
        }
        e.effLen = effects.size() - e.effAt;
        // Compact: outer recordings see this call's consolidated effects only.
        journal.resize(journalStart);
        if (recording)
            for (std::size_t k = e.effAt; k < effects.size(); ++k) {
                JournalEntry x = effects[k];
                x.value *= epochs;
                journal.push_back(x);
            }
        if (!memoOk) {
            arena.resize(e.keyAt);
            effects.resize(e.effAt);
            return;
        }
        serialize(level, keyBuf);
        e.stateAt = arena.size();
        e.stateLen = keyBuf.size();
        arena.insert(arena.end(), keyBuf.begin(), keyBuf.end());
        e.piecesAt = arena.size();
        for (int ds = 0; ds < M->nds; ++ds) {
            arena.push_back(local[ds].n);
            for (int i = 0; i < local[ds].n; ++i)
                pushBox(arena, local[ds].b[i], ds);
        }
        e.piecesLen = arena.size() - e.piecesAt;
        if (memo[level].size() < 256)
            memo[level].push_back(e);
    }

    /// The size of a level's working set minus itself translated by `t` (both have the level's
    /// shape).
    static std::uint64_t shiftedDelta(const LevelGeom& gm, int ds, const Translation& t)
    {
        std::uint64_t inter = 1;
        for (int r = 0; r < t.order; ++r) {
            const Coord extent = gm.hiOff[ds][r] - gm.loOff[ds][r];
            const Coord shift = t.v[r] < 0 ? -t.v[r] : t.v[r];
            if (shift >= extent)
                return gm.size[ds];
            inter *= static_cast<std::uint64_t>(extent - shift);
        }
        return gm.size[ds] - inter;
    }

    /// A boundary's delta as boxes: its working set minus the previous one (at the saved origin)
    /// when `subtract`, else the whole working set.
    void deltaBoxes(int level, int ds, bool subtract, Pieces& out) const
    {
        if (!subtract) {
            out.n = 1;
            out.b[0] = workingBox(level, ds);
            return;
        }
        const LevelGeom& gm = geom[level];
        const auto& prev = bstate[level].prev[ds];
        const int o = M->order[ds];
        Box p;
        for (int r = 0; r < o; ++r) {
            p.lo[r] = prev[r] + gm.loOff[ds][r];
            p.hi[r] = prev[r] + gm.hiOff[ds][r];
        }
        carve(workingBox(level, ds), p, o, out);
    }

    Box workingBox(int level, int ds) const
    {
        Box b;
        const LevelGeom& gm = geom[level];
        for (int r = 0; r < M->order[ds]; ++r) {
            b.lo[r] = org[ds][r] + gm.loOff[ds][r];
            b.hi[r] = org[ds][r] + gm.hiOff[ds][r];
        }
        return b;
    }

    /// Timeloop's ComputeDeltas: the delta of this level's working set against its previous one
    /// (boundary levels only), its sizes into `sizes` and its boxes into `pieces` when given.
    void computeDeltas(int level, std::array<Pieces, kMaxDs>* pieces, Sizes* sizes)
    {
        if (++calls > kMaxCalls)
            throw TooDeep{};
        if (loops[level].space != 0)
            computeSpatial(level);
        else
            computeTemporal(level);
        if (!boundary[level])
            return;
        if (M->coded) {
            codedBoundary(level, pieces, sizes);
            return;
        }
        Sizes scratchSizes;
        Sizes& out = sizes ? *sizes : scratchSizes;
        BoundaryState& bs = bstate[level];
        const LevelGeom& gm = geom[level];
        // The saved origin is copied as a whole row (the ranks past a data space's order are
        // zero in both): a few vector moves instead of a loop.
        const int nds = M->nds;
        const bool prevValid = bs.prevValid;
        for (int ds = 0; ds < nds; ++ds) {
            const int o = M->order[ds];
            const auto& at = org[ds];
            auto& prev = bs.prev[ds];
            bool subtract = false;
            Translation& pt = bs.pt[ds];  // after a subtraction: this step's translation
            if (prevValid) {
                if (pt.order == 0) {
                    subtract = true;
                    pt.order = o;
                    for (int r = 0; r < o; ++r)
                        pt.v[r] = at[r] - prev[r];
                } else {
                    subtract = true;
                    for (int r = 0; r < o && subtract; ++r)
                        subtract = at[r] - prev[r] == pt.v[r];
                    if (!subtract)
                        pt.order = 0;
                }
            }
            // The working set minus the previous one (both have the level's shape, the previous
            // one `pt` behind), or the whole working set.
            out[ds] = subtract ? shiftedDelta(gm, ds, pt) : gm.size[ds];
            if (pieces)
                deltaBoxes(level, ds, subtract, (*pieces)[ds]);
            prev = at;
        }
        bs.prevValid = true;
    }

    /// computeDeltas's boundary step on codes: the translation since the previous call is one
    /// integer, compared with the last one in one step, its delta size looked up.
    void codedBoundary(int level, std::array<Pieces, kMaxDs>* pieces, Sizes* sizes)
    {
        BoundaryState& bs = bstate[level];
        const LevelGeom& gm = geom[level];
        const int nds = M->nds;
        const bool prevValid = bs.prevValid;
        std::array<bool, kMaxDs> subtracted;
        for (int ds = 0; ds < nds; ++ds) {
            const Coord at = orgCode[ds];
            bool subtract = false;
            if (prevValid) {
                // Timeloop subtracts the previous working set while the translation stays the
                // same (the first translation after a whole working set starts a run).
                const Coord t = at - bs.prevCode[ds];
                if (!bs.ptSet[ds]) {
                    subtract = true;
                    bs.ptSet[ds] = 1;
                    bs.ptCode[ds] = t;
                    bs.ptDelta[ds] = deltaOfCode(level, ds, t);
                } else if (bs.ptCode[ds] == t) {
                    subtract = true;
                } else {
                    bs.ptSet[ds] = 0;
                }
            }
            bs.prevCode[ds] = at;
            subtracted[ds] = subtract;
            if (sizes)
                (*sizes)[ds] = subtract ? bs.ptDelta[ds] : gm.size[ds];
        }
        // The boxes (kept apart: asked for only below a fan-out).
        if (pieces)
            for (int ds = 0; ds < nds; ++ds)
                deltaBoxes(level, ds, subtracted[ds], (*pieces)[ds]);
        if (keepPrev[level])
            std::copy_n(org.begin(), nds, bs.prev.begin());
        bs.prevValid = true;
    }

    /// The delta size of a boundary's working set translated by the translation whose code is
    /// `t`: from the level's table of seen translations, else decoded (balanced digits).
    std::uint64_t deltaOfCode(int level, int ds, Coord t)
    {
        BoundaryState& bs = bstate[level];
        const int seen = bs.nSeen[ds];
        for (int k = 0; k < seen; ++k)
            if (bs.seenCode[ds][k] == t)
                return bs.seenDelta[ds][k];
        return newDeltaOfCode(level, ds, t);
    }

    [[gnu::noinline]] std::uint64_t newDeltaOfCode(int level, int ds, Coord t)
    {
        const int o = M->order[ds];
        Translation v;
        v.order = o;
        Coord c = t;
        for (int r = o - 1; r >= 1; --r) {
            // The digit is the nearest integer to c / m (the digits below sum to at most
            // (m - 1) / 2 in magnitude): estimated in floating point (no integer division), then
            // corrected by one step if the estimate was off.
            const Coord m = M->codeMult[ds][r];
            const Coord half = (m - 1) >> 1;
            const double est = static_cast<double>(c) * M->codeInverse[ds][r];
            Coord q;
            if (est > -0x1p40 && est < 0x1p40) {
                q = static_cast<Coord>(est < 0 ? est - 0.5 : est + 0.5);
                const Coord rem = c - q * m;
                q += rem > half ? 1 : rem < -half ? -1 : 0;
            } else {  // (digits beyond 2^40: the exact division)
                const Coord a = c + half;
                q = a >= 0 ? a / m : -((-a + m - 1) / m);
            }
            v.v[r] = q;
            c -= q * m;
        }
        v.v[0] = c;  // (weight 1)
        const std::uint64_t d = shiftedDelta(geom[level], ds, v);
        BoundaryState& bs = bstate[level];
        std::uint8_t& seen = bs.nSeen[ds];
        const int slot = seen < BoundaryState::kSeen ? seen++ : static_cast<int>(static_cast<std::uint64_t>(t) % BoundaryState::kSeen);
        bs.seenCode[ds][static_cast<std::size_t>(slot)] = t;
        bs.seenDelta[ds][static_cast<std::size_t>(slot)] = d;
        return d;
    }

    /// computeTemporal(level) when the level below is the innermost body's (leafLevel): its two
    /// calls made here, without the recursion.
    [[gnu::noinline]] void leafPair(int level)
    {
        const int b = level - 1;
        const std::uint64_t body = b == pureTop ? pureProduct : loops[b].end;
        temporalIterations(level, true, [&](Sizes* sizes) {
            if (++calls > kMaxCalls)
                throw TooDeep{};
            addComputeBody(body * epochs);
            codedBoundary(b, nullptr, sizes);
        });
    }

    /// Timeloop's extrapolated temporal loop: the level below (`child`) is analysed for the
    /// loop's first iteration and once more, after one step, for the other end - 1; when it is a
    /// boundary (`below`), its delta sizes are this loop's accesses to it.
    template <class Child>
    [[gnu::always_inline]] void temporalIterations(int level, bool below, Child child)
    {
        const std::uint64_t iters = loops[level].end;
        Sizes finalSizes, d;
        child(below ? &finalSizes : nullptr);
        if (iters >= 2) {
            moveTransform(level, 1);
            const std::uint64_t virt = iters - 1;
            const std::uint64_t savedEpochs = epochs;
            epochs *= virt;
            child(below ? &d : nullptr);
            epochs = savedEpochs;
            if (below)
                for (int ds = 0; ds < M->nds; ++ds)
                    finalSizes[ds] += d[ds] * virt;
            moveTransform(level, -1);
        }
        if (below)
            for (int ds = 0; ds < M->nds; ++ds)
                if (finalSizes[ds] * epochs != 0)
                    addTemporal(level, ds, finalSizes[ds] * epochs);
    }

    void computeTemporal(int level)
    {
        const Loop& lp = loops[level];
        const std::uint64_t iters = lp.end;
        if (level == pureTop || level == 0) {
            addComputeBody((level == 0 ? iters : pureProduct) * epochs);
            return;
        }
        if (level - 1 == leafLevel) {
            leafPair(level);
            return;
        }
        // Only a boundary below has delta sizes, read here as its accesses.
        temporalIterations(level, boundary[level - 1] != 0,
                           [&](Sizes* sizes) { deltas(level - 1, nullptr, sizes); });
    }

    void computeSpatial(int level)
    {
        SpatialGroup& g = groups[static_cast<std::size_t>(groupOf[level])];
        std::array<Pieces, kMaxDs>& delta0 = g.deltaBuf[static_cast<std::size_t>(g.prevBuf ^ 1)];
        if (g.bottom == 0) {
            // Innermost fan-out: each element receives the operand point of its compute.
            for (int ds = 0; ds < M->nds; ++ds) {
                Box& b = delta0[ds].b[0];
                for (int r = 0; r < M->order[ds]; ++r) {
                    b.lo[r] = org[ds][r];
                    b.hi[r] = org[ds][r] + 1;
                }
                delta0[ds].n = 1;
            }
            addCompute(epochs);
        } else {
            deltas(g.bottom - 1, &delta0, nullptr);
        }
        for (int ds = 0; ds < M->nds; ++ds) {
            const int o = M->order[ds];
            const std::uint64_t size0 = delta0[ds].size(o);
            if (size0 == 0)
                continue;
            const std::uint64_t unit = size0 * epochs;
            const Hist* chosen = &g.base[ds];
            if (M->env.linkTransfers && g.prevValid) {
                Translation w;
                const LinkResult* found = shiftBetween(g.prevDelta()[ds], delta0[ds], o, w) ? &linkResult(g, ds, w) : nullptr;
                if (found && found->reused != 0) {
                    const LinkResult& lr = *found;
                    // Timeloop keeps link transfers when they lower the total accesses.
                    double with = 0, without = 0;
                    for (const auto& [m, s] : lr.rest.e)
                        with += static_cast<double>(s * unit);
                    for (const auto& [m, s] : g.base[ds].e)
                        without += static_cast<double>(s * unit);
                    if (with < without) {
                        addLink(level, ds, lr.reused * unit);
                        chosen = &lr.rest;
                    }
                }
            }
            for (const auto& [m, s] : chosen->e)
                addAccess(level, ds, m, s, s * unit);
        }
        if (M->env.linkTransfers) {
            g.prevBuf ^= 1;  // this call's deltas become the previous ones
            g.prevValid = true;
        }
    }
};

// ----------------------------------------------------------------------------------------------
// Tile collapsing (Timeloop's tiling.cpp, legacy RMW)
// ----------------------------------------------------------------------------------------------

struct Tile {
    std::uint64_t size = 0;
    std::uint64_t partitionSize = 0;
    std::uint64_t denom = 0;
    double content = 0;
    AccessStats access;
    double link = 0;
    double replication = 0;
    std::uint64_t fanout = 0;
    double parentShare = 0;
    double peerAccesses = 0, peerFills = 0;
    std::uint64_t reads = 0, updates = 0, fills = 0;
    double temporalReductions = 0;
};


std::string fmtNum(double v)
{
    std::ostringstream os;
    os << v;
    return os.str();
}

} // namespace

/// Timeloop's tile collapsing for one data space (tiling.cpp, legacy RMW): the analysis's
/// working sets and accesses folded onto the storage levels (innermost first), then partition
/// sizes, each level's share of its parent's accesses, bypass masking, link transfers, and the
/// reads, fills and updates per instance (first-read elision included).
static void collapseTiles(const LoopnestModel::Impl& M, const Analysis& A, int ds, std::vector<Tile>& T,
                   const std::vector<std::array<char, kMaxDs>>& keep)
{
    for (int s = 0; s < M.nlev; ++s) {
        Tile& t = T[s];
        const int inner = A.tileInner[static_cast<std::size_t>(s)];
        const int outer = A.tileOuter[static_cast<std::size_t>(s)];
        t.size = A.tileSize(outer, ds);
        const AccessStats& access = A.state[inner].access[ds];
        t.access.e.assign(access.e.begin(), access.e.end());
        t.content = t.access.total();
        t.link = static_cast<double>(A.state[inner].linkTransfers[ds]);
        t.replication = static_cast<double>(static_cast<std::uint64_t>(A.utilizedElems[outer]));
        t.fanout = A.logicalFanout[inner];
        if (s > 0)
            T[s - 1].denom = A.master[inner] ? A.tileSize(inner, ds) : T[s - 1].size;
    }
    // Partition sizes.
    std::uint64_t part = T[M.nlev - 1].size;
    T[M.nlev - 1].partitionSize = part;
    for (int c = M.nlev - 2; c >= 0; --c) {
        if (T[c].denom != 0)
            part = (part * T[c].size) / T[c].denom;
        T[c].partitionSize = part;
    }
    // Parent access share.
    for (int c = 0; c < M.nlev; ++c) {
        if (T[c].size == 0)
            continue;
        T[c].parentShare = 0;
        int o = c + 1;
        while (o < M.nlev && T[o].size == 0)
            ++o;
        if (o == M.nlev)
            continue;
        for (const auto& x : T[o].access.e)
            T[c].parentShare += (x.accesses * static_cast<double>(x.multicast)) / static_cast<double>(T[o].fanout);
    }
    // Masking (bypass).
    for (int c = 0; c < M.nlev; ++c) {
        if (T[c].size == 0 || keep[c][ds])
            continue;
        int o = c + 1;
        while (o < M.nlev && T[o].size == 0)
            ++o;
        if (o == M.nlev) {
            T[c].size = 0;
            T[c].partitionSize = 0;
            T[c].content = 0;
            T[c].parentShare = 0;
            break;
        }
        const double factor = T[c].content * static_cast<double>(T[o].fanout) / T[o].access.weighted();
        for (auto& x : T[o].access.e) {
            if (x.accesses == 0)
                continue;
            x.accesses *= factor;
            T[o].link = 0;
        }
        T[o].content = T[o].access.total();
        T[c].size = 0;
        T[c].partitionSize = 0;
        T[c].content = 0;
        T[c].parentShare = 0;
    }
    for (int c = M.nlev - 1; c >= 0; --c) {
        if (!keep[c][ds]) {
            T[c].size = 0;
            T[c].access.e.clear();
            T[c].link = 0;
            T[c].fanout = 0;
        } else {
            T[c].parentShare = 0;
            break;
        }
    }
    for (int c = M.nlev - 1; c > 0; --c) {
        if (T[c].link != 0) {
            const double per = T[c].link / T[c - 1].replication;
            T[c - 1].peerAccesses += per;
            T[c - 1].peerFills += per;
        }
    }
    const bool rw = M.readWrite[ds];
    for (int c = 0; c < M.nlev; ++c) {
        Tile& t = T[c];
        if (t.size == 0) {
            t.reads = t.updates = t.fills = 0;
            t.temporalReductions = 0;
            continue;
        }
        if (rw) {
            t.updates = static_cast<std::uint64_t>(std::round(t.content));
            if (M.env.firstReadElision) {
                const double ps = static_cast<double>(t.partitionSize);
                t.reads = static_cast<std::uint64_t>(std::round(t.content + t.peerAccesses - ps));
                t.temporalReductions = std::round(t.content + t.peerAccesses - ps);
                bool outermost = true;
                for (int l = c + 1; l < M.nlev; ++l)
                    if (T[l].size > 0) {
                        outermost = false;
                        break;
                    }
                t.fills = outermost ? static_cast<std::uint64_t>(std::round(t.parentShare + t.peerFills))
                                    : static_cast<std::uint64_t>(std::round(t.parentShare + t.peerFills - ps));
            } else {
                t.reads = static_cast<std::uint64_t>(std::round(t.content + t.peerAccesses));
                t.temporalReductions = std::round(t.content + t.peerAccesses);
                t.fills = static_cast<std::uint64_t>(std::round(t.parentShare + t.peerFills));
            }
        } else {
            t.reads = static_cast<std::uint64_t>(std::round(t.content + t.peerAccesses));
            t.updates = 0;
            t.fills = static_cast<std::uint64_t>(t.parentShare + t.peerFills);
            t.temporalReductions = 0;
        }
    }
}

namespace {

/// std::ceil of a non-negative value below 2^62, without the library call (the x86-64 baseline
/// has no rounding instruction): the same double.
inline double ceilNonNegative(double x)
{
    if (!(x >= 0 && x < 4.6e18))
        return std::ceil(x);
    const double t = static_cast<double>(static_cast<std::int64_t>(x));
    return t < x ? t + 1 : t;
}

/// Fills `res` as a refusal of the mapping (one line, naming the level when there is one) and
/// returns false.
bool refuseInto(EvalResult& res, const std::string& level, const std::string& cls, const std::string& msg)
{
    res.ok = false;
    res.errorLevel = level;
    res.errorClass = cls;
    res.error = level.empty() ? msg : "level " + level + ": " + msg;
    for (char& c : res.error)
        if (c == '\n' || c == '\r')
            c = ' ';
    return false;
}

} // namespace

/// The mapping's loop nest, innermost first, by Timeloop's mapping parser rules; refuses
/// malformed entries, zero factors, spatial factors without a fan-out and factor products that
/// are not the problem's bounds.
bool LoopnestModel::Impl::buildNest(const Mapping& m, Analysis& A, EvalResult& res) const
{
    A.loops.clear();
    A.boundaries.clear();
    std::array<std::uint64_t, kMaxDims> product;
    product.fill(1);
    bool overflow[kMaxDims] = {};
    auto checkShape = [&](const std::vector<std::uint64_t>& f, const std::vector<int>& perm) {
        if (static_cast<int>(f.size()) != nd)
            return false;
        for (int d : perm)
            if (d < 0 || d >= nd)
                return false;
        return true;
    };
    auto fullPerm = [&](const std::vector<int>& perm) {
        std::array<int, kMaxDims> p{};
        std::array<bool, kMaxDims> used{};
        int k = 0;
        for (int d : perm)
            if (!used[d]) {
                used[d] = true;
                p[k++] = d;
            }
        for (int d = 0; d < nd; ++d)
            if (!used[d])
                p[k++] = d;
        return p;
    };
    for (int s = 0; s < nlev; ++s) {
        const int ai = nlev - 1 - s;  // architecture index
        const LevelMapping& lm = m.levels[ai];
        const CLevel& L = lev[s];
        if (!checkShape(lm.temporalFactors, lm.temporalPermutation) ||
            !checkShape(lm.spatialFactors, lm.spatialPermutation) || static_cast<int>(lm.keep.size()) != nds)
            return refuseInto(res, L.name, "other", "malformed mapping entry (factor/permutation/keep sizes)");
        const bool spatialLevel = L.fanoutX * L.fanoutY > 1;
        for (int d = 0; d < nd; ++d) {
            for (std::uint64_t f : {lm.temporalFactors[d], lm.spatialFactors[d]}) {
                if (f == 0)
                    return refuseInto(res, L.name, "factor_product", "factor of dimension " + prob.dimensions[d] + " is 0");
                if (__builtin_mul_overflow(product[d], f, &product[d]))
                    overflow[d] = true;
            }
        }
        if (spatialLevel) {
            const auto p = fullPerm(lm.spatialPermutation);
            const std::uint32_t split = lm.split ? *lm.split : static_cast<std::uint32_t>(nd);
            for (int i = 0; i < nd; ++i) {
                const int d = p[i];
                if (lm.spatialFactors[d] > 1)
                    A.loops.push_back(Loop{d, lm.spatialFactors[d], static_cast<std::uint32_t>(i) < split ? 1 : 2});
            }
        } else if (lm.hasSpatial) {
            for (int d = 0; d < nd; ++d)
                if (lm.spatialFactors[d] > 1)
                    return refuseInto(res, L.name, "fanout",
                                  "spatial factors given but the level has no spatial fan-out to the next inner level");
        }
        const auto p = fullPerm(lm.temporalPermutation);
        std::size_t before = A.loops.size();
        for (int i = 0; i < nd; ++i) {
            const int d = p[i];
            if (lm.temporalFactors[d] > 1)
                A.loops.push_back(Loop{d, lm.temporalFactors[d], 0});
        }
        if (A.loops.size() == before)
            A.loops.push_back(Loop{nd - 1, 1, 0});
        A.boundaries.push_back(static_cast<int>(A.loops.size()) - 1);
        if (A.loops.size() > static_cast<std::size_t>(kMaxLoops))
            return refuseInto(res, "", "other", "too many loops");
    }
    for (int d = 0; d < nd; ++d) {
        if (overflow[d] || product[d] != prob.bounds[d]) {
            return refuseInto(res, "", "factor_product",
                          "product of all factors of dimension " + prob.dimensions[d] + " is " +
                              (overflow[d] ? std::string("too large") : std::to_string(product[d])) +
                              ", which is not equal to the bound " + std::to_string(prob.bounds[d]));
        }
    }
    return true;
}

/// Which data spaces each level keeps (Timeloop order); refuses a data space bypassed
/// everywhere.
bool LoopnestModel::Impl::keepMasks(const Mapping& m, KeepMasks& keep, EvalResult& res) const
{
    // Keep masks (Timeloop order).
    keep.assign(static_cast<std::size_t>(nlev), {});
    for (int s = 0; s < nlev; ++s) {
        const LevelMapping& lm = m.levels[nlev - 1 - s];
        for (int ds = 0; ds < nds; ++ds)
            keep[s][ds] = lm.keep[ds] == 1 || (lm.keep[ds] == -1 && !lev[s].dummy);
    }
    for (int ds = 0; ds < nds; ++ds) {
        bool any = false;
        for (int s = 0; s < nlev; ++s)
            any = any || keep[s][ds];
        if (!any)
            return refuseInto(res, "", "other", "data space " + prob.dataSpaces[ds].name + " is bypassed at every storage level");
    }
    return true;
}

/// The spatial expansions per level and the fan-out checks that bound the analysis's work
/// (the arithmetic level's first, as in Timeloop's order), then the analysis's set-up.
bool LoopnestModel::Impl::prepareAnalysis(Analysis& A, Expansions& ex, EvalResult& res) const
{
    // Spatial expansions (before the analysis, to bound its work).
    std::vector<std::uint64_t>& maxX = ex.maxX;
    std::vector<std::uint64_t>& maxY = ex.maxY;
    maxX.assign(static_cast<std::size_t>(nlev), 1);
    maxY.assign(static_cast<std::size_t>(nlev), 1);
    std::uint64_t ax = 1, ay = 1;
    {
        int s = nlev - 1;
        for (int l = static_cast<int>(A.loops.size()) - 1; l >= 0; --l) {
            if (s >= 0 && l == A.boundaries[s]) {
                maxX[s] = ax;
                maxY[s] = ay;
                --s;
            }
            const Loop& lp = A.loops[l];
            if (lp.space == 1)
                ax = (ax > kMaxSpatial * 1024 / lp.end) ? kMaxSpatial * 1024 : ax * lp.end;
            else if (lp.space == 2)
                ay = (ay > kMaxSpatial * 1024 / lp.end) ? kMaxSpatial * 1024 : ay * lp.end;
        }
    }
    // Arithmetic fan-out check comes first in Timeloop's evaluation order.
    const std::uint64_t arithUtil = ex.arithUtil = ax * ay;
    if (arithUtil > arithInstances)
        return refuseInto(res, arithName, "fanout",
                      "mapped max Arithmetic instances " + std::to_string(arithUtil) + " exceeds hardware instances " +
                          std::to_string(arithInstances));
    if (ax > arithMeshX)
        return refuseInto(res, arithName, "fanout",
                      "mapped max Arithmetic X expansion " + std::to_string(ax) + " exceeds hardware instances " +
                          std::to_string(arithMeshX));
    if (ay > arithMeshY)
        return refuseInto(res, arithName, "fanout",
                      "mapped max Arithmetic Y expansion " + std::to_string(ay) + " exceeds hardware instances " +
                          std::to_string(arithMeshY));
    // Storage fan-out checks (instances / expansions) cannot fail before capacity at the same
    // level in Timeloop's order, but they bound the analysis: check the spatial group sizes.
    for (std::size_t l = 0; l < A.loops.size(); ++l)
        if (A.loops[l].space != 0 && A.loops[l].end > kMaxSpatial)
            return refuseInto(res, "", "fanout", "spatial factor " + std::to_string(A.loops[l].end) + " is too large");

    A.init(*this);
    for (int l = 0; l < A.n; ++l)
        if (A.master[l] && (A.logicalFanout[l] > kMaxSpatial ||
                            std::max(lev[A.storageOf[l]].fanoutX, A.logicalFanoutX[l]) *
                                    std::max(lev[A.storageOf[l]].fanoutY, A.logicalFanoutY[l]) >
                                kMaxSpatial * 16))
            return refuseInto(res, lev[A.storageOf[l]].name, "fanout",
                          "spatial fan-out " + std::to_string(A.logicalFanout[l]) + " is too large");
    A.initGroups();
    return true;
}

/// The mappers' fast path: a buffer overflow (or a tile below the minimum utilization) needs
/// only the tiles' sizes, known before the analysis, so it is refused without it. The walk is
/// the tile collapsing's (sizes only). The full path keeps Timeloop's order of checks, in which
/// a fan-out failure at an inner level comes first.
bool LoopnestModel::Impl::checkCapacities(const Analysis& A, const KeepMasks& keep, EvalResult& res) const
{
    // The mappers' fast path: a buffer overflow (or a tile below the minimum utilization)
    // needs only the tiles' sizes, known before the analysis, so it is refused without it.
    // The walk is the tile collapsing's (Analysis::tileWalk). The full path keeps Timeloop's
    // order of checks, in which a fan-out failure at an inner level comes first.
    std::vector<std::uint64_t>& capacity = A.capacityScratch;
    capacity.assign(static_cast<std::size_t>(nlev), 0);
    for (int s = 0; s < nlev; ++s) {
        const int outer = A.tileOuter[static_cast<std::size_t>(s)];
        for (int ds = 0; ds < nds; ++ds)
            if (keep[s][ds])
                capacity[s] += A.tileSize(outer, ds);
    }
    for (int s = 0; s < nlev; ++s) {
        const CLevel& L = lev[s];
        if (!L.hasSize)
            continue;
        if (capacity[s] > L.effSize && !L.overbooking)
            return refuseInto(res, L.name, "capacity",
                          "mapped tile size " + std::to_string(capacity[s]) + " exceeds buffer capacity " +
                                  std::to_string(L.effSize));
        if (static_cast<double>(capacity[s]) < static_cast<double>(L.effSize) * L.minUtil)
            return refuseInto(res, L.name, "capacity",
                          "mapped tile size " + std::to_string(capacity[s]) +
                                  " is less than constrained minimum utilization " +
                                  fmtNum(static_cast<double>(L.effSize) * L.minUtil));
    }
    return true;
}

/// Each storage level's statistics from its collapsed tiles (Timeloop order, stopping at the
/// first capacity or fan-out failure): accesses, vector accesses and energy per instance,
/// bandwidth and the slow-down it imposes; `totalCycles` becomes the slowest level's cycles.
bool LoopnestModel::Impl::levelStatistics(const std::vector<std::vector<Tile>>& tiles, const KeepMasks& keep,
                                          const Expansions& ex, std::uint64_t computeCycles, bool full,
                                          std::vector<LevelStats>& ls, std::uint64_t& totalCycles,
                                          EvalResult& res) const
{
    // ---- Storage levels (Timeloop order, stop at the first failure).
    ls.resize(static_cast<std::size_t>(nlev));
    for (int s = 0; s < nlev; ++s) {
        const CLevel& L = lev[s];
        LevelStats& st = ls[s];
        if (full)
            st.name = L.name;
        st.instances = L.instances;
        st.hasSize = L.hasSize;
        st.size = L.size;
        st.area = L.area * static_cast<double>(L.instances);
        st.dataSpaces.resize(nds);
        std::uint64_t totalCap = 0;
        double maxUtil = 0;
        for (int ds = 0; ds < nds; ++ds) {
            const Tile& t = tiles[ds][s];
            DataSpaceStats& d = st.dataSpaces[ds];
            d.keep = keep[s][ds];
            d.partitionSize = t.partitionSize;
            d.tileSize = t.size;
            d.utilizedCapacity = t.size;
            d.utilizedInstances = t.replication;
            d.reads = t.reads;
            d.updates = t.updates;
            d.fills = t.fills;
            d.temporalReductions = static_cast<std::uint64_t>(t.temporalReductions);
            d.addressGenerations = readWrite[ds] ? d.updates + d.fills : d.reads + d.fills;
            totalCap += t.size;
            maxUtil = std::max(maxUtil, t.replication);
        }
        std::string fail;
        if (L.hasSize) {
            if (totalCap > L.effSize && !L.overbooking)
                fail = "mapped tile size " + std::to_string(totalCap) + " exceeds buffer capacity " +
                       std::to_string(L.effSize);
            else if (static_cast<double>(totalCap) < static_cast<double>(L.effSize) * L.minUtil)
                fail = "mapped tile size " + std::to_string(totalCap) + " is less than constrained minimum utilization " +
                       fmtNum(static_cast<double>(L.effSize) * L.minUtil);
        }
        std::string fan;
        if (maxUtil > static_cast<double>(L.instances))
            fan = "mapped instances " + fmtNum(maxUtil) + " exceeds available hardware instances " +
                  std::to_string(L.instances);
        else if (ex.maxX[s] > L.meshX)
            fan = "mapped X expansion " + std::to_string(ex.maxX[s]) + " exceeds available hardware instances " +
                  std::to_string(L.meshX);
        else if (ex.maxY[s] > L.meshY)
            fan = "mapped Y expansion " + std::to_string(ex.maxY[s]) + " exceeds available hardware instances " +
                  std::to_string(L.meshY);
        if (!fail.empty() || !fan.empty()) {
            const std::string msg = fail.empty() ? fan : (fan.empty() ? fail : fail + "; " + fan);
            return refuseInto(res, L.name, fail.empty() ? "fanout" : "capacity", msg);
        }
        const std::uint64_t numClusters = L.instances / L.clusterSize;
        // Vector accesses and energy.
        double totalRead = 0, totalWrite = 0;
        std::array<double, kMaxDs> ubr{}, ubw{};
        for (int ds = 0; ds < nds; ++ds) {
            DataSpaceStats& d = st.dataSpaces[ds];
            const std::uint64_t xy = ex.maxX[s] * ex.maxY[s];
            d.utilizedClusters = std::min(xy, numClusters);
            auto vec = [&](std::uint64_t a) -> double {
                if (a != 0 && d.tileSize != 0 && L.blockSize != 1)  // (no division for the usual block of 1)
                    return static_cast<double>(a % L.blockSize == 0 ? a / L.blockSize : a / L.blockSize + 1);
                return static_cast<double>(a);
            };
            double cluster = 0;
            cluster += vec(d.reads) * L.eRead * 1.0;
            cluster += vec(d.fills) * L.eFill * 1.0;
            cluster += vec(d.updates) * L.eUpdate * 1.0;
            const double clusterUtil = static_cast<double>(xy) / static_cast<double>(d.utilizedClusters);
            d.accessEnergyPerInstance = d.utilizedInstances > 0 ? cluster / clusterUtil : 0.0;
            d.temporalReductionEnergyPerInstance = 0.0;
            d.addrGenEnergyPerCluster = L.addrGen ? static_cast<double>(d.addressGenerations) * *L.addrGen : 0.0;
            // Bandwidth.
            std::uint64_t rd = d.reads;
            std::uint64_t wr = d.fills + d.updates;
            const double scaling = static_cast<double>(xy) / d.utilizedInstances;
            rd = static_cast<std::uint64_t>(ceilNonNegative(static_cast<double>(rd) / scaling));
            wr = static_cast<std::uint64_t>(ceilNonNegative(static_cast<double>(wr) / scaling));
            ubr[ds] = (static_cast<double>(rd) / static_cast<double>(computeCycles)) * 1.0;
            ubw[ds] = (static_cast<double>(wr) / static_cast<double>(computeCycles)) * 1.0;
        }
        for (int ds = 0; ds < nds; ++ds)
            totalRead += ubr[ds];
        for (int ds = 0; ds < nds; ++ds)
            totalWrite += ubw[ds];
        double slow = 1.0;
        if (L.readBw && *L.readBw < totalRead)
            slow = std::min(slow, *L.readBw / totalRead);
        if (L.writeBw && *L.writeBw < totalWrite)
            slow = std::min(slow, *L.writeBw / totalWrite);
        if (L.sharedBw && *L.sharedBw < totalWrite + totalRead)
            slow = std::min(slow, *L.sharedBw / (totalWrite + totalRead));
        for (int ds = 0; ds < nds; ++ds) {
            DataSpaceStats& d = st.dataSpaces[ds];
            d.readBandwidth = slow * ubr[ds];
            d.writeBandwidth = slow * ubw[ds];
            d.sharedBandwidth = slow * (ubr[ds] + ubw[ds]);
        }
        st.slowdown = slow;
        st.cycles = static_cast<std::uint64_t>(ceilNonNegative(static_cast<double>(computeCycles) / slow));
        totalCycles = std::max(totalCycles, st.cycles);
    }
    return true;
}

/// Leakage over `totalCycles` and each level's energy; returns the total energy, the arithmetic
/// level's first (Timeloop's order of summation).
double LoopnestModel::Impl::totalEnergy(std::vector<LevelStats>& ls, std::uint64_t totalCycles, double arithEnergy) const
{
    // ---- Leakage and energies.
    double energy = arithEnergy;
    for (int s = 0; s < nlev; ++s) {
        const CLevel& L = lev[s];
        LevelStats& st = ls[s];
        double maxUtil = 1;
        for (int ds = 0; ds < nds; ++ds)
            maxUtil = std::max(maxUtil, st.dataSpaces[ds].utilizedInstances);
        st.leakage = L.eLeak * static_cast<double>(totalCycles) * maxUtil;
        double e = 0;
        for (int ds = 0; ds < nds; ++ds) {
            DataSpaceStats& d = st.dataSpaces[ds];
            const double storage = d.accessEnergyPerInstance * d.utilizedInstances;
            const double red = d.temporalReductionEnergyPerInstance * d.utilizedInstances;
            const double addr = d.addrGenEnergyPerCluster * static_cast<double>(d.utilizedClusters);
            d.energyTotal = storage + red + addr + st.leakage / static_cast<double>(nds);
            e += d.energyTotal;
        }
        st.energy = e;
        energy += e;
    }
    return energy;
}

EvalResult LoopnestModel::Impl::run(const Mapping& m, bool full) const
{
    EvalResult res;
    if (static_cast<int>(m.levels.size()) != nlev) {
        refuseInto(res, "", "other",
                   "mapping has " + std::to_string(m.levels.size()) + " levels, the architecture " +
                       std::to_string(nlev));
        return res;
    }
    // Reused: no allocation once warm. Held through a pointer so that the compiler cannot
    // specialise the analysis on the thread-local object's address (every member access would
    // then go through __tls_get_addr in a shared library: a tenth of the time).
    thread_local std::unique_ptr<Analysis> scratch;
    if (!scratch)
        scratch = std::make_unique<Analysis>();
    Analysis& A = *scratch;
    KeepMasks& keep = A.keep;
    Expansions& ex = A.ex;
    if (!buildNest(m, A, res) || !keepMasks(m, keep, res) || !prepareAnalysis(A, ex, res) ||
        (!full && !checkCapacities(A, keep, res)))
        return res;
    try {
        A.deltas(A.n - 1, nullptr, nullptr);
        A.flushBody();
    } catch (const TooDeep&) {
        refuseInto(res, "", "other",
                   "the loop nest is too deep to analyse (more than " + std::to_string(kMaxCalls) + " steps)");
        return res;
    }

    // ---- Collect valid levels (temporal or master spatial).
    const double computeReplication = [&] {
        for (int l = 0; l < A.n; ++l)
            if (A.loops[l].space == 0 || A.master[l])
                return static_cast<double>(static_cast<std::uint64_t>(A.utilizedElems[l]) * A.logicalFanout[l]);
        return 1.0;
    }();
    // compute accesses (per sampled instance)
    const double computeAccesses = static_cast<double>(A.computeAccesses);

    std::vector<std::vector<Tile>>& tiles = A.tiles;
    if (tiles.size() < static_cast<std::size_t>(nds))
        tiles.resize(static_cast<std::size_t>(nds));
    for (int ds = 0; ds < nds; ++ds) {
        auto& T = tiles[static_cast<std::size_t>(ds)];
        T.resize(static_cast<std::size_t>(nlev));
        for (auto& t : T) {
            AccessStats keepAccess = std::move(t.access);
            keepAccess.e.clear();
            t = Tile{};
            t.access = std::move(keepAccess);
        }
    }
    for (int ds = 0; ds < nds; ++ds)
        collapseTiles(*this, A, ds, tiles[static_cast<std::size_t>(ds)], keep);

    // ---- Arithmetic level.
    const std::uint64_t randomComputes = static_cast<std::uint64_t>(computeAccesses * computeReplication);
    const double arithEnergy = static_cast<double>(randomComputes) * computeEnergy;
    const std::uint64_t computeCycles =
        static_cast<std::uint64_t>(ceilNonNegative(static_cast<double>(randomComputes) / computeReplication));
    res.arithmetic.name = arithName;
    res.arithmetic.instances = arithInstances;
    res.arithmetic.utilizedInstances = ex.arithUtil;
    res.arithmetic.area = arithArea * static_cast<double>(arithInstances);
    res.arithmetic.energy = arithEnergy;
    res.arithmetic.cycles = computeCycles;
    res.arithmetic.actualComputes = randomComputes;
    res.arithmetic.algorithmicComputes = static_cast<std::uint64_t>(computeReplication * computeAccesses);

    std::vector<LevelStats>& ls = A.levelScratch;
    std::uint64_t totalCycles = computeCycles;
    if (!levelStatistics(tiles, keep, ex, computeCycles, full, ls, totalCycles, res))
        return res;
    const double energy = totalEnergy(ls, totalCycles, arithEnergy);
    res.ok = true;
    res.energy = energy;
    res.cycles = totalCycles;
    res.actualComputes = randomComputes;
    res.algorithmicComputes = res.arithmetic.algorithmicComputes;
    res.utilization = (static_cast<double>(randomComputes) / static_cast<double>(arithInstances)) /
                      static_cast<double>(totalCycles);
    res.area = totalArea;
    if (full) {
        res.levels.resize(nlev);
        for (int s = 0; s < nlev; ++s)
            res.levels[nlev - 1 - s] = ls[s];
    }
    return res;
}

LoopnestModel::LoopnestModel(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
LoopnestModel::LoopnestModel(const LoopnestModel& o) : m_impl(std::make_unique<Impl>(*o.m_impl)) {}
LoopnestModel& LoopnestModel::operator=(const LoopnestModel& o)
{
    if (this != &o)
        m_impl = std::make_unique<Impl>(*o.m_impl);
    return *this;
}
LoopnestModel::LoopnestModel(LoopnestModel&&) noexcept = default;
LoopnestModel& LoopnestModel::operator=(LoopnestModel&&) noexcept = default;
LoopnestModel::~LoopnestModel() = default;

const Architecture& LoopnestModel::architecture() const { return m_impl->arch; }
const Problem& LoopnestModel::problem() const { return m_impl->prob; }

LoopnestModel LoopnestModel::compile(const Architecture& arch, const Problem& prob, const EnvOptions& env)
{
    auto impl = std::make_unique<Impl>();
    Impl& M = *impl;
    M.arch = arch;
    M.prob = prob;
    M.env = env;
    if (prob.sparse)
        inputError(prob.sparseLoc.str() + ": densities: sparse tensors are not modelled (dense model only)");
    if (env.updatedRmw)
        inputError("TIMELOOP_ENABLE_UPDATED_RMW: the updated read-modify-write model is not supported");
    if (env.useIsl)
        inputError("TIMELOOP_USE_ISL: the ISL analysis is not supported");
    if (!env.temporalExtrapolation || !env.spatialExtrapolation)
        inputError("TIMELOOP_DISABLE_*_EXTRAPOLATION: only Timeloop's default extrapolation is supported");
    M.nd = static_cast<int>(prob.dimensions.size());
    M.nds = static_cast<int>(prob.dataSpaces.size());
    if (M.nd < 1 || M.nd > kMaxDims)
        inputError(prob.loc.str() + ": dimensions: expected 1 to " + std::to_string(kMaxDims));
    if (M.nds < 1 || M.nds > kMaxDs)
        inputError(prob.loc.str() + ": data_spaces: expected 1 to " + std::to_string(kMaxDs));
    if (prob.bounds.size() != prob.dimensions.size() || prob.coefficientValues.size() != prob.coefficientNames.size())
        inputError(prob.loc.str() + ": problem: bounds or coefficient values missing");
    for (int ds = 0; ds < M.nds; ++ds) {
        const auto& d = prob.dataSpaces[ds];
        if (d.projection.empty() || d.projection.size() > static_cast<std::size_t>(kMaxRanks))
            inputError(d.loc.str() + ": projection: expected 1 to " + std::to_string(kMaxRanks) + " ranks");
        M.order[ds] = static_cast<int>(d.projection.size());
        M.readWrite[ds] = d.readWrite;
        for (std::size_t r = 0; r < d.projection.size(); ++r)
            for (const auto& t : d.projection[r]) {
                if (t.dim < 0 || t.dim >= M.nd)
                    inputError(d.loc.str() + ": projection: bad dimension index");
                Coord c = 1;
                if (t.coefficient >= 0) {
                    if (static_cast<std::size_t>(t.coefficient) >= prob.coefficientValues.size())
                        inputError(d.loc.str() + ": projection: bad coefficient index");
                    c = prob.coefficientValues[static_cast<std::size_t>(t.coefficient)];
                }
                M.proj[ds][r].push_back(Term{t.dim, c});
            }
    }
    for (int ds = 0; ds < M.nds; ++ds)
        for (int r = 0; r < M.order[ds]; ++r)
            for (const Term& t : M.proj[ds][r]) {
                auto& u = M.uses[t.dim];
                if (u.empty() || u.back().ds != ds || u.back().rank != r)
                    u.push_back({static_cast<std::uint8_t>(ds), static_cast<std::uint8_t>(r), 0, 0});
                (t.coef < 0 ? u.back().neg : u.back().pos) += t.coef;
            }
    for (auto b : prob.bounds)
        if (b < 1 || b > (std::uint64_t{1} << 31))
            inputError(prob.loc.str() + ": instance: bounds must be between 1 and 2^31");
    // Integer codes of the projected points (see Impl::coded), when they fit in 62 bits.
    M.coded = gTranslationCodes.load(std::memory_order_relaxed);
    constexpr std::uint64_t kCodeLimit = std::uint64_t{1} << 62;
    for (int ds = 0; ds < M.nds && M.coded; ++ds) {
        std::uint64_t mult = 1;
        for (int r = 0; r < M.order[ds] && M.coded; ++r) {
            std::uint64_t span = 0;
            for (const Term& t : M.proj[ds][r]) {
                const std::uint64_t c = t.coef < 0 ? 0 - static_cast<std::uint64_t>(t.coef) : static_cast<std::uint64_t>(t.coef);
                std::uint64_t term = 0;
                M.coded = M.coded && !__builtin_mul_overflow(c, prob.bounds[static_cast<std::size_t>(t.dim)] - 1, &term) &&
                          !__builtin_add_overflow(span, term, &span) && span < kCodeLimit;
            }
            M.codeMult[ds][r] = static_cast<Coord>(mult);
            M.codeInverse[ds][r] = 1.0 / static_cast<double>(mult);
            M.coded = M.coded && !__builtin_mul_overflow(mult, 2 * span + 1, &mult) && mult < kCodeLimit;
        }
    }
    M.nlev = static_cast<int>(arch.levels.size());
    if (M.nlev < 1 || M.nlev > 32)
        inputError(arch.loc.str() + ": architecture: expected 1 to 32 storage levels");
    const auto& ar = arch.arithmetic;
    M.arithName = ar.name;
    M.arithInstances = ar.instances;
    M.arithMeshX = ar.meshX;
    M.arithMeshY = ar.meshY;
    if (!ar.hasErt)
        inputError((arch.arithmetic.loc.str().empty() ? std::string("ERT") : arch.arithmetic.loc.str()) +
                         ": ERT: no energy table for arithmetic level \"" + ar.name + "\"");
    M.computeEnergy = ar.computeEnergy;
    M.arithArea = ar.area;
    double area = ar.area * static_cast<double>(ar.instances);
    M.lev.resize(static_cast<std::size_t>(M.nlev));
    for (int s = 0; s < M.nlev; ++s) {
        const StorageLevelSpec& a = arch.levels[static_cast<std::size_t>(M.nlev - 1 - s)];
        CLevel& L = M.lev[static_cast<std::size_t>(s)];
        L.name = a.name;
        L.instances = a.instances;
        L.meshX = a.meshX;
        L.meshY = a.meshY;
        const std::uint64_t ix = s == 0 ? ar.meshX : M.lev[static_cast<std::size_t>(s - 1)].meshX;
        const std::uint64_t iy = s == 0 ? ar.meshY : M.lev[static_cast<std::size_t>(s - 1)].meshY;
        if (a.meshX == 0 || a.meshY == 0 || ix % a.meshX != 0 || iy % a.meshY != 0)
            inputError(a.loc.str() + ": meshX: level \"" + a.name + "\" mesh does not divide the next inner mesh");
        L.fanoutX = ix / a.meshX;
        L.fanoutY = iy / a.meshY;
        L.hasSize = a.hasSize;
        L.size = a.size;
        L.effSize = a.effectiveSize();
        L.blockSize = a.blockSize == 0 ? 1 : a.blockSize;
        L.clusterSize = a.clusterSize == 0 ? 1 : a.clusterSize;
        L.dummy = a.dummy;
        L.readBw = a.readBandwidth;
        L.writeBw = a.writeBandwidth;
        L.sharedBw = a.sharedBandwidth;
        L.minUtil = a.minUtilization;
        L.overbooking = a.allowOverbooking;
        L.addrGen = a.addrGenEnergy;
        if (a.hasErt) {
            L.eRead = a.readEnergy;
            L.eFill = a.fillEnergy;
            L.eUpdate = a.updateEnergy;
            L.eLeak = a.leakEnergy;
        } else if (!a.dummy) {
            inputError((a.loc.str().empty() ? std::string("ERT") : a.loc.str()) +
                             ": ERT: no energy table for level \"" + a.name + "\"");
        }
        L.area = a.area;
        area += a.area * static_cast<double>(a.instances);
    }
    M.totalArea = area;
    return LoopnestModel(std::move(impl));
}

EvalResult LoopnestModel::evaluate(const Mapping& mapping) const
{
    try {
        return m_impl->run(mapping, true);
    } catch (const std::exception& e) {
        EvalResult r;
        r.error = std::string("internal error: ") + e.what();
        r.errorClass = "other";
        return r;
    }
}

EvalResult LoopnestModel::evaluateSummary(const Mapping& mapping) const
{
    try {
        return m_impl->run(mapping, false);
    } catch (const std::exception& e) {
        EvalResult r;
        r.error = std::string("internal error: ") + e.what();
        r.errorClass = "other";
        return r;
    }
}

void setTranslationCodes(bool enabled)
{
    gTranslationCodes.store(enabled, std::memory_order_relaxed);
}

void setMemoizationThreshold(std::uint64_t leaves)
{
    gMemoLeaves.store(std::max<std::uint64_t>(leaves, 1), std::memory_order_relaxed);
}

EvalResult evaluateSpec(const Spec& spec)
{
    if (!spec.hasArchitecture || !spec.hasProblem || !spec.hasMapping)
        inputError("spec: needs an architecture, a problem and a mapping");
    if (spec.sparseOptimizations)
        inputError(spec.sparseOptimizationsLoc.str() +
                         ": sparse_optimizations: sparse optimizations are not modelled (dense model only)");
    const LoopnestModel model = LoopnestModel::compile(spec.architecture, spec.problem, spec.env);
    return model.evaluate(spec.mapping);
}

nlohmann::json resultToJson(const EvalResult& r, const Problem& problem)
{
    nlohmann::json j;
    j["valid"] = r.ok;
    if (!r.ok) {
        j["error"] = r.error;
        j["error_level"] = r.errorLevel;
        j["error_class"] = r.errorClass;
        return j;
    }
    j["energy_pJ"] = r.energy;
    j["cycles"] = r.cycles;
    j["utilization"] = r.utilization;
    j["actual_computes"] = r.actualComputes;
    j["algorithmic_computes"] = r.algorithmicComputes;
    j["area_um2"] = r.area;
    j["arithmetic"] = {{"name", r.arithmetic.name},
                       {"instances", r.arithmetic.instances},
                       {"utilized_instances", r.arithmetic.utilizedInstances},
                       {"energy_pJ", r.arithmetic.energy},
                       {"cycles", r.arithmetic.cycles},
                       {"algorithmic_computes", r.arithmetic.algorithmicComputes},
                       {"actual_computes", r.arithmetic.actualComputes}};
    nlohmann::json levels = nlohmann::json::array();
    for (auto it = r.levels.rbegin(); it != r.levels.rend(); ++it) {
        const LevelStats& l = *it;
        nlohmann::json lj;
        lj["name"] = l.name;
        lj["instances"] = l.instances;
        lj["size"] = l.hasSize ? nlohmann::json(l.size) : nlohmann::json(nullptr);
        lj["cycles"] = l.cycles;
        lj["slowdown"] = l.slowdown;
        lj["energy_pJ"] = l.energy;
        lj["leakage_pJ"] = l.leakage;
        lj["area_um2"] = l.area;
        nlohmann::json dss = nlohmann::json::object();
        for (std::size_t d = 0; d < l.dataSpaces.size() && d < problem.dataSpaces.size(); ++d) {
            const DataSpaceStats& s = l.dataSpaces[d];
            dss[problem.dataSpaces[d].name] = {{"keep", s.keep},
                                               {"reads", s.reads},
                                               {"fills", s.fills},
                                               {"updates", s.updates},
                                               {"temporal_reductions", s.temporalReductions},
                                               {"address_generations", s.addressGenerations},
                                               {"utilized_capacity", s.utilizedCapacity},
                                               {"partition_size", s.partitionSize},
                                               {"tile_size", s.tileSize},
                                               {"utilized_instances", s.utilizedInstances},
                                               {"utilized_clusters", s.utilizedClusters},
                                               {"access_energy_per_instance_pJ", s.accessEnergyPerInstance},
                                               {"temporal_reduction_energy_per_instance_pJ",
                                                s.temporalReductionEnergyPerInstance},
                                               {"addr_gen_energy_per_cluster_pJ", s.addrGenEnergyPerCluster},
                                               {"energy_total_pJ", s.energyTotal},
                                               {"read_bw", s.readBandwidth},
                                               {"write_bw", s.writeBandwidth},
                                               {"shared_bw", s.sharedBandwidth}};
        }
        lj["dataspaces"] = dss;
        levels.push_back(lj);
    }
    j["levels"] = levels;
    return j;
}

} // namespace mapscape::loopnest
