// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/loopnest/core/loopnest_space.h"

#include "core/model/validation.h"
#include "core/util/strings.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace mapscape::loopnest {

namespace {

/// Reason codes of invalid points (explain() gives the model's own sentence).
enum Reason : std::int16_t { kCapacity = 1, kFanout, kFactorProduct, kOther, kBothAxes, kParallelism, kAxisOrder };

/// Compositions of n into m non-negative parts: C(n + m − 1, m − 1), saturating.
std::uint64_t compositions(int n, int m)
{
    if (m <= 1)
        return 1;
    // C(n + m - 1, n), computed incrementally (exact while it fits).
    long double c = 1;
    for (int i = 1; i <= n; ++i)
        c = c * static_cast<long double>(m - 1 + i) / i;
    return c > 9.0e18L ? std::numeric_limits<std::uint64_t>::max() : static_cast<std::uint64_t>(std::llround(c));
}

std::vector<std::pair<std::uint64_t, int>> primeFactors(std::uint64_t n)
{
    std::vector<std::pair<std::uint64_t, int>> out;
    for (std::uint64_t p = 2; p * p <= n; ++p) {
        int e = 0;
        while (n % p == 0) {
            n /= p;
            ++e;
        }
        if (e > 0)
            out.emplace_back(p, e);
    }
    if (n > 1)
        out.emplace_back(n, 1);
    return out;
}

std::uint64_t ipow(std::uint64_t b, int e)
{
    std::uint64_t r = 1;
    while (e-- > 0)
        r *= b;
    return r;
}

} // namespace

std::vector<ObjectiveInfo> MapSpace::objectiveInfos()
{
    return {{"energy", "Energy", "pJ", false, false},
            {"cycles", "Cycles", "cycles", true, false},
            {"edp", "Energy-delay product", "pJ·cycles", false, false},
            {"delay_energy", "Cycles, then energy", "cycles", false, false}};
}

bool MapSpace::refusesFactors(int reason)
{
    return reason == kFanout || reason == kFactorProduct || reason == kBothAxes || reason == kParallelism ||
           reason == kAxisOrder;
}

bool MapSpace::isCapacity(int reason) { return reason == kCapacity; }

/// The constraints per level and dimension: factor bounds (temporal and spatial), the mesh
/// axis a spatial factor may take, and keep / bypass fixed per data space (-1: free).
struct MapSpace::ConstraintTables {
    struct Bounds {
        std::uint64_t exact = 0, min = 1, max = std::numeric_limits<std::uint64_t>::max();
        bool constrained() const { return exact > 0 || min > 1 || max < std::numeric_limits<std::uint64_t>::max(); }
        bool admits(std::uint64_t f) const { return (exact == 0 || f == exact) && f >= min && f <= max; }
    };
    enum Axis : std::uint8_t { kAnyAxis = 0, kOnlyX = 1, kOnlyY = 2 };
    std::vector<std::vector<Bounds>> temporal, spatial;
    std::vector<std::vector<std::uint8_t>> axis;
    std::vector<std::vector<int>> fixedKeep;
};

MapSpace::MapSpace(std::shared_ptr<const LoopnestModel> model, const Constraints& constraints, int primaryObjective)
    : m_model(std::move(model))
    , m_objectives(objectiveInfos())
    , m_primary(primaryObjective)
{
    const Architecture& arch = m_model->architecture();
    const Problem& prob = m_model->problem();
    m_dims = int(prob.dimensions.size());
    m_levels = int(arch.levels.size());
    m_dataSpaces = int(prob.dataSpaces.size());
    long double operations = 1;
    for (const std::uint64_t b : prob.bounds)
        operations *= static_cast<long double>(b);
    m_energyScale = std::max(1.0, 30.0 * static_cast<double>(operations));

    addSlots();
    const ConstraintTables tables = readConstraints(constraints);
    addFactorParameters(tables);
    addOrderParameters();
    addKeepParameters(tables);
}

/// The slots of the loop nest: each level's temporal loop, and its spatial loops where it fans
/// out to the next inner level (the arithmetic below the innermost).
void MapSpace::addSlots()
{
    const Architecture& arch = m_model->architecture();
    for (int l = 0; l < m_levels; ++l) {
        const StorageLevelSpec& lv = arch.levels[std::size_t(l)];
        const std::uint64_t innerX = l + 1 < m_levels ? arch.levels[std::size_t(l + 1)].meshX : arch.arithmetic.meshX;
        const std::uint64_t innerY = l + 1 < m_levels ? arch.levels[std::size_t(l + 1)].meshY : arch.arithmetic.meshY;
        m_slots.push_back({l, Slot::Type::Temporal});
        m_fanoutX.push_back(std::max<std::uint64_t>(1, lv.meshX > 0 ? innerX / lv.meshX : 1));
        m_fanoutY.push_back(std::max<std::uint64_t>(1, lv.meshY > 0 ? innerY / lv.meshY : 1));
        if (lv.meshX > 0 && innerX / lv.meshX > 1)
            m_slots.push_back({l, Slot::Type::SpatialX});
        if (lv.meshY > 0 && innerY / lv.meshY > 1)
            m_slots.push_back({l, Slot::Type::SpatialY});
    }
}

/// Reads the constraints that concern this architecture's levels: factors (exact, at least, at
/// most), permutations, spatial axes, keep and bypass; an unknown dimension is an error naming
/// the constraint's file and line.
MapSpace::ConstraintTables MapSpace::readConstraints(const Constraints& constraints)
{
    const Architecture& arch = m_model->architecture();
    const Problem& prob = m_model->problem();
    const auto L = static_cast<std::size_t>(m_levels);
    const auto D = static_cast<std::size_t>(m_dims);
    using Bounds = ConstraintTables::Bounds;
    ConstraintTables tables;
    tables.temporal.assign(L, std::vector<Bounds>(D));
    tables.spatial.assign(L, std::vector<Bounds>(D));
    tables.axis.assign(L, std::vector<std::uint8_t>(D, ConstraintTables::kAnyAxis));
    tables.fixedKeep.assign(L, std::vector<int>(std::size_t(m_dataSpaces), -1));
    auto& temporal = tables.temporal;
    auto& spatial = tables.spatial;
    auto& axis = tables.axis;
    auto& fixedKeep = tables.fixedKeep;
    constexpr auto kOnlyX = ConstraintTables::kOnlyX;
    constexpr auto kOnlyY = ConstraintTables::kOnlyY;
    m_fixedPrefix.assign(L, {});
    m_fixedSuffix.assign(L, {});
    m_spatialOrder.assign(L, {});
    m_spatialSplit.assign(L, std::nullopt);
    for (const Constraint& c : constraints.targets) {
        if (c.minParallelism)
            m_minParallelism = std::max(m_minParallelism, *c.minParallelism);
        const int l = arch.findLevel(c.target);
        if (l < 0)
            continue; // constraints on the arithmetic level or on levels of another architecture
        const auto lu = std::size_t(l);
        const auto dimOf = [&](const std::string& name, const char* field) {
            const int d = prob.findDimension(name);
            if (d < 0)
                throw InputError(c.loc.str() + ": " + field + ": unknown dimension \"" + name +
                                 "\"; the problem's dimensions are " + prob.dimensionList());
            return std::size_t(d);
        };
        if (c.type == "temporal" || c.type == "spatial") {
            auto& b = (c.type == "temporal" ? temporal : spatial)[lu];
            for (const auto& [name, f] : c.factors) {
                const std::size_t d = dimOf(name, "factors");
                // Timeloop: 0 stands for the whole bound; a factor above the bound is ignored.
                const std::uint64_t v = f == 0 ? prob.bounds[d] : std::uint64_t(std::max<std::int64_t>(f, 0));
                if (v >= 1 && v <= prob.bounds[d])
                    b[d].exact = v;
            }
            for (const auto& [name, f] : c.minFactors)
                b[dimOf(name, "factors")].min = std::uint64_t(std::max<std::int64_t>(f, 1));
            for (const auto& [name, f] : c.maxFactors)
                b[dimOf(name, "factors")].max = std::uint64_t(std::max<std::int64_t>(f, 1));
            std::vector<int> order;
            for (const std::string& name : c.permutation)
                order.push_back(int(dimOf(name, "permutation")));
            if (c.type == "temporal") {
                m_fixedPrefix[lu] = order;
                for (const std::string& name : c.permutationSuffix)
                    m_fixedSuffix[lu].push_back(int(dimOf(name, "permutation")));
            } else if (!order.empty()) {
                // A spatial directive's order: with a split, its first `split` dimensions fan out
                // on X and the rest on Y; without one, any dimension before another may go to X
                // while the other goes to Y, never the reverse (Timeloop splits the order).
                m_spatialOrder[lu] = order;
                if (c.split) {
                    m_spatialSplit[lu] = *c.split;
                    for (std::size_t i = 0; i < order.size(); ++i)
                        axis[lu][std::size_t(order[i])] = i < *c.split ? kOnlyX : kOnlyY;
                }
            }
        }
        for (const std::string& ds : c.keep)
            if (const int s = prob.findDataSpace(ds); s >= 0)
                fixedKeep[lu][std::size_t(s)] = 1;
        for (const std::string& ds : c.bypass)
            if (const int s = prob.findDataSpace(ds); s >= 0)
                fixedKeep[lu][std::size_t(s)] = 0;
    }
    return tables;
}

/// One parameter per dimension: the index of an ordered factorisation of its bound, allowed
/// where the constraints admit its factors and its spatial factors sit on one mesh axis.
void MapSpace::addFactorParameters(const ConstraintTables& tables)
{
    const Problem& prob = m_model->problem();
    const auto L = static_cast<std::size_t>(m_levels);
    const auto D = static_cast<std::size_t>(m_dims);
    const int slots = int(m_slots.size());
    const auto& temporal = tables.temporal;
    const auto& spatial = tables.spatial;
    const auto& axis = tables.axis;
    constexpr auto kAnyAxis = ConstraintTables::kAnyAxis;
    constexpr auto kOnlyX = ConstraintTables::kOnlyX;
    constexpr auto kOnlyY = ConstraintTables::kOnlyY;
    m_dimSpaces.resize(D);
    std::vector<std::uint64_t> factors(static_cast<std::size_t>(slots));
    for (int d = 0; d < m_dims; ++d) {
        const auto du = std::size_t(d);
        DimSpace& ds = m_dimSpaces[du];
        ds.primes = primeFactors(prob.bounds[du]);
        long double total = 1;
        for (const auto& [p, e] : ds.primes) {
            ds.counts.push_back(compositions(e, slots));
            total *= static_cast<long double>(ds.counts.back());
        }
        const std::string& name = prob.dimensions[du];
        if (total > static_cast<long double>(std::numeric_limits<std::int32_t>::max()))
            throw InputError("map space: dimension " + name + " = " + std::to_string(prob.bounds[du]) +
                             " has more than 2^31 factorisations over " + std::to_string(slots) +
                             " loops (constrain some of its factors)");
        const auto count = static_cast<std::size_t>(total);
        Parameter par;
        par.name = "factors_" + name;
        par.label = "Factors of " + name;
        par.help = "how " + name + " = " + std::to_string(prob.bounds[du]) + " splits over the levels' temporal and spatial loops";
        par.kind = Parameter::Kind::Integer;
        par.values = ValueList::range(0, count);
        bool constrained = false;
        for (std::size_t l = 0; l < L; ++l)
            constrained = constrained || temporal[l][du].constrained() || spatial[l][du].constrained() || axis[l][du] != kAnyAxis;
        if (count > 20'000'000) {
            if (constrained)
                throw InputError("map space: dimension " + name + " has too many factorisations to apply its constraints");
            par.allowed.assign(count, true); // points on both axes are refused when evaluated
        } else {
            std::vector<int> ok;
            for (std::size_t i = 0; i < count; ++i) {
                factorsOf(d, std::int64_t(i), factors);
                bool good = true;
                for (std::size_t l = 0; l < L && good; ++l) {
                    std::uint64_t t = 1, x = 1, y = 1;
                    for (int k = 0; k < slots; ++k) {
                        const Slot& sl = m_slots[std::size_t(k)];
                        if (std::size_t(sl.level) != l)
                            continue;
                        (sl.type == Slot::Type::Temporal ? t : sl.type == Slot::Type::SpatialX ? x : y) *= factors[std::size_t(k)];
                    }
                    good = temporal[l][du].admits(t) && spatial[l][du].admits(x * y) && (x == 1 || y == 1) &&
                           (x == 1 || axis[l][du] != kOnlyY) && (y == 1 || axis[l][du] != kOnlyX);
                }
                if (good)
                    ok.push_back(int(i));
            }
            if (ok.empty())
                throw InputError("constraints: no split of " + name + " = " + std::to_string(prob.bounds[du]) +
                                 " over the levels meets the factors and mesh axes the constraints fix");
            par.allowed.assignIndices(count, ok);
            if (ok.size() == 1)
                par.fixedReason = "fixed by the constraints";
        }
        m_parameters.push_back(std::move(par));
    }
}

/// One parameter per level: its temporal loop order.
void MapSpace::addOrderParameters()
{
    const Architecture& arch = m_model->architecture();
    const Problem& prob = m_model->problem();
    const auto D = static_cast<std::size_t>(m_dims);
    m_firstPermutation = int(m_parameters.size());
    const std::int64_t perms = factorial(m_dims);
    std::vector<int> order(D);
    for (int l = 0; l < m_levels; ++l) {
        const auto lu = std::size_t(l);
        Parameter par;
        par.name = "order_" + arch.levels[lu].name;
        par.label = "Loop order at " + arch.levels[lu].name;
        par.help = "the level's temporal loops, innermost first";
        par.kind = Parameter::Kind::Permutation;
        par.items = prob.dimensions;
        par.values = ValueList::range(0, std::size_t(perms));
        const std::vector<int>& prefix = m_fixedPrefix[lu];
        const std::vector<int>& suffix = m_fixedSuffix[lu];
        if (prefix.empty() && suffix.empty()) {
            par.allowed.assign(std::size_t(perms), true);
        } else {
            if (perms > 4'000'000)
                throw InputError("constraints: the permutation at " + arch.levels[lu].name + " orders " +
                                 std::to_string(m_dims) + " dimensions, more than the mapper constrains");
            std::vector<int> ok;
            for (std::int64_t i = 0; i < perms; ++i) {
                permutationInto(i, m_dims, order);
                if (prefix.size() + suffix.size() <= D && std::equal(prefix.begin(), prefix.end(), order.begin()) &&
                    std::equal(suffix.begin(), suffix.end(), order.end() - std::ptrdiff_t(suffix.size())))
                    ok.push_back(int(i));
            }
            if (ok.empty())
                throw InputError("constraints: the permutation at " + arch.levels[lu].name +
                                 " names a dimension twice");
            par.allowed.assignIndices(std::size_t(perms), ok);
            if (ok.size() == 1)
                par.fixedReason = "fixed by the constraints";
        }
        m_parameters.push_back(std::move(par));
    }
}

/// Keep or bypass, per data space at every level below the outermost (which keeps all).
void MapSpace::addKeepParameters(const ConstraintTables& tables)
{
    const Architecture& arch = m_model->architecture();
    const Problem& prob = m_model->problem();
    const auto& fixedKeep = tables.fixedKeep;
    m_firstBypass = int(m_parameters.size());
    for (int l = 1; l < m_levels; ++l)
        for (int s = 0; s < m_dataSpaces; ++s) {
            Parameter par;
            par.name = "keep_" + arch.levels[std::size_t(l)].name + "_" + prob.dataSpaces[std::size_t(s)].name;
            par.label = prob.dataSpaces[std::size_t(s)].name + " at " + arch.levels[std::size_t(l)].name;
            par.help = "whether the level keeps a tile of the data space or passes it through";
            par.kind = Parameter::Kind::Categorical;
            par.values = ValueList::range(0, 2);
            par.labels = {"bypass", "keep"};
            par.allowed.assign(2, true);
            if (const int f = fixedKeep[std::size_t(l)][std::size_t(s)]; f >= 0) {
                par.allowed.keepOnly(f);
                par.fixedReason = "fixed by the constraints";
            }
            m_bypassSlots.emplace_back(l, s);
            m_parameters.push_back(std::move(par));
        }
}

std::vector<std::int32_t> MapSpace::prunedOrders(std::span<const std::int32_t> point, int level) const
{
    const auto lu = std::size_t(level);
    // The level's temporal factors.
    std::vector<std::uint64_t> factors(m_slots.size());
    std::vector<int> nonUnit;
    for (int d = 0; d < m_dims; ++d) {
        factorsOf(d, point[std::size_t(d)], factors);
        for (std::size_t k = 0; k < m_slots.size(); ++k)
            if (m_slots[k].level == level && m_slots[k].type == Slot::Type::Temporal && factors[k] > 1)
                nonUnit.push_back(d);
    }
    const std::vector<int>& prefix = m_fixedPrefix[lu];
    const std::vector<int>& suffix = m_fixedSuffix[lu];
    const auto fixed = [&](int d) {
        return std::find(prefix.begin(), prefix.end(), d) != prefix.end() ||
               std::find(suffix.begin(), suffix.end(), d) != suffix.end();
    };
    std::vector<int> free;
    for (const int d : nonUnit)
        if (!fixed(d))
            free.push_back(d);
    std::vector<int> rest; // unit loops outside the constraint, in the problem's order
    for (int d = 0; d < m_dims; ++d)
        if (!fixed(d) && std::find(free.begin(), free.end(), d) == free.end())
            rest.push_back(d);
    std::sort(free.begin(), free.end());
    std::vector<std::int32_t> out;
    std::vector<int> order;
    const Parameter& par = m_parameters[std::size_t(m_firstPermutation + level)];
    do {
        order = prefix;
        order.insert(order.end(), free.begin(), free.end());
        order.insert(order.end(), rest.begin(), rest.end());
        order.insert(order.end(), suffix.begin(), suffix.end());
        if (int(order.size()) != m_dims)
            break; // a dimension in both prefix and suffix: no order meets the constraint
        const auto index = std::int32_t(indexFromPermutation(order));
        if (par.allowed.contains(index))
            out.push_back(index);
    } while (std::next_permutation(free.begin(), free.end()));
    if (out.empty())
        out.push_back(std::int32_t(par.allowed.first()));
    return out;
}

std::vector<std::vector<std::int32_t>> MapSpace::bypassChoices() const
{
    std::vector<std::vector<std::int32_t>> out;
    for (std::size_t i = 0; i < m_bypassSlots.size(); ++i) {
        const Parameter& par = m_parameters[std::size_t(m_firstBypass) + i];
        std::vector<std::int32_t> values;
        for (int v = 0; v < par.count(); ++v)
            if (par.allowed.contains(v))
                values.push_back(v);
        out.push_back(std::move(values));
    }
    return out;
}

void MapSpace::factorsOf(int dim, std::int64_t index, std::span<std::uint64_t> out) const
{
    std::fill(out.begin(), out.end(), 1);
    const DimSpace& ds = m_dimSpaces[std::size_t(dim)];
    const int slots = int(out.size());
    for (std::size_t p = 0; p < ds.primes.size(); ++p) {
        const auto count = static_cast<std::int64_t>(ds.counts[p]);
        std::int64_t idx = index % count;
        index /= count;
        int rem = ds.primes[p].second;
        for (int k = 0; k < slots - 1; ++k) {
            for (int v = 0; v <= rem; ++v) {
                const auto w = static_cast<std::int64_t>(compositions(rem - v, slots - k - 1));
                if (idx < w) {
                    out[std::size_t(k)] *= ipow(ds.primes[p].first, v);
                    rem -= v;
                    break;
                }
                idx -= w;
            }
        }
        out[std::size_t(slots - 1)] *= ipow(ds.primes[p].first, rem);
    }
}

std::int64_t MapSpace::factorIndex(int dim, std::span<const std::uint64_t> factors) const
{
    const DimSpace& ds = m_dimSpaces[std::size_t(dim)];
    const int slots = int(factors.size());
    std::int64_t index = 0, radix = 1;
    std::vector<int> exps(static_cast<std::size_t>(slots));
    std::vector<std::uint64_t> rest(factors.begin(), factors.end());
    for (std::size_t p = 0; p < ds.primes.size(); ++p) {
        const std::uint64_t prime = ds.primes[p].first;
        int total = 0;
        for (int k = 0; k < slots; ++k) {
            int e = 0;
            while (rest[std::size_t(k)] % prime == 0) {
                rest[std::size_t(k)] /= prime;
                ++e;
            }
            exps[std::size_t(k)] = e;
            total += e;
        }
        if (total != ds.primes[p].second)
            return -1;
        // The rank of this distribution among the compositions, in factorsOf's order.
        std::int64_t idx = 0;
        int rem = total;
        for (int k = 0; k < slots - 1; ++k) {
            for (int v = 0; v < exps[std::size_t(k)]; ++v)
                idx += static_cast<std::int64_t>(compositions(rem - v, slots - k - 1));
            rem -= exps[std::size_t(k)];
        }
        index += idx * radix;
        radix *= static_cast<std::int64_t>(ds.counts[p]);
    }
    for (const std::uint64_t r : rest)
        if (r != 1)
            return -1;
    return index;
}

std::vector<Point> MapSpace::neighbours(std::span<const std::int32_t> point) const
{
    std::vector<Point> out;
    const Point base(point.begin(), point.end());
    const auto params = parameters();
    // One prime factor of one dimension moved from one loop to another.
    std::vector<std::uint64_t> factors(m_slots.size()), moved(m_slots.size());
    for (int d = 0; d < m_dims; ++d) {
        factorsOf(d, point[std::size_t(d)], factors);
        for (const auto& [prime, exponent] : m_dimSpaces[std::size_t(d)].primes)
            for (std::size_t a = 0; a < factors.size(); ++a) {
                if (factors[a] % prime != 0)
                    continue;
                for (std::size_t b = 0; b < factors.size(); ++b) {
                    if (b == a)
                        continue;
                    moved = factors;
                    moved[a] /= prime;
                    moved[b] *= prime;
                    const std::int64_t index = factorIndex(d, moved);
                    if (index < 0 || !params[std::size_t(d)].allowed.contains(int(index)))
                        continue;
                    Point q = base;
                    q[std::size_t(d)] = std::int32_t(index);
                    out.push_back(std::move(q));
                }
            }
    }
    // Another order of one level's loops.
    std::vector<int> order(static_cast<std::size_t>(m_dims));
    for (int l = 0; l < m_levels; ++l) {
        const std::size_t at = std::size_t(m_firstPermutation + l);
        const std::vector<std::int32_t> orders = prunedOrders(point, l);
        std::vector<std::int32_t> alternatives;
        if (orders.size() <= 24) {
            alternatives = orders;
        } else {
            permutationInto(point[at], m_dims, order);
            for (int i = 0; i + 1 < m_dims; ++i) {
                std::swap(order[std::size_t(i)], order[std::size_t(i + 1)]);
                alternatives.push_back(std::int32_t(indexFromPermutation(order)));
                std::swap(order[std::size_t(i)], order[std::size_t(i + 1)]);
            }
        }
        for (const std::int32_t o : alternatives) {
            if (o == point[at] || !params[at].allowed.contains(o))
                continue;
            Point q = base;
            q[at] = o;
            out.push_back(std::move(q));
        }
    }
    // One keep / bypass flipped.
    for (std::size_t i = 0; i < m_bypassSlots.size(); ++i) {
        const std::size_t at = std::size_t(m_firstBypass) + i;
        const std::int32_t flipped = 1 - point[at];
        if (!params[at].allowed.contains(flipped))
            continue;
        Point q = base;
        q[at] = flipped;
        out.push_back(std::move(q));
    }
    return out;
}

Mapping MapSpace::mapping(std::span<const std::int32_t> point) const
{
    Mapping m;
    m.levels.resize(std::size_t(m_levels));
    for (int l = 0; l < m_levels; ++l) {
        LevelMapping& lm = m.levels[std::size_t(l)];
        lm.keep.assign(std::size_t(m_dataSpaces), 1);
        lm.hasTemporal = true;
        lm.temporalFactors.assign(std::size_t(m_dims), 1);
        lm.spatialFactors.assign(std::size_t(m_dims), 1);
        lm.temporalPermutation.resize(std::size_t(m_dims));
        permutationInto(point[std::size_t(m_firstPermutation + l)], m_dims, lm.temporalPermutation);
    }
    std::vector<std::uint64_t> factors(m_slots.size());
    std::vector<std::vector<int>> xDims(static_cast<std::size_t>(m_levels)), yDims(static_cast<std::size_t>(m_levels));
    for (int d = 0; d < m_dims; ++d) {
        factorsOf(d, point[std::size_t(d)], factors);
        for (std::size_t k = 0; k < m_slots.size(); ++k) {
            const Slot& s = m_slots[k];
            LevelMapping& lm = m.levels[std::size_t(s.level)];
            if (s.type == Slot::Type::Temporal) {
                lm.temporalFactors[std::size_t(d)] = factors[k];
            } else {
                lm.spatialFactors[std::size_t(d)] *= factors[k];
                if (factors[k] > 1)
                    (s.type == Slot::Type::SpatialX ? xDims : yDims)[std::size_t(s.level)].push_back(d);
            }
        }
    }
    for (int l = 0; l < m_levels; ++l) {
        LevelMapping& lm = m.levels[std::size_t(l)];
        auto& xs = xDims[std::size_t(l)];
        auto& ys = yDims[std::size_t(l)];
        lm.hasSpatial = std::any_of(m_slots.begin(), m_slots.end(),
                                    [&](const Slot& s) { return s.level == l && s.type != Slot::Type::Temporal; });
        if (!lm.hasSpatial)
            continue;
        const std::vector<int>& constrained = m_spatialOrder[std::size_t(l)];
        if (const auto fixedSplit = m_spatialSplit[std::size_t(l)]) {
            // The constraint's own order and split (its dimensions only use the axes it allows),
            // so that Timeloop's constraint check reads the written mapping back; dimensions it
            // does not name go before its X part or its Y part.
            const auto split = std::min<std::size_t>(*fixedSplit, constrained.size());
            const auto named = [&](int d) { return std::find(constrained.begin(), constrained.end(), d) != constrained.end(); };
            lm.spatialPermutation.clear();
            for (const int d : xs)
                if (!named(d))
                    lm.spatialPermutation.push_back(d);
            lm.spatialPermutation.insert(lm.spatialPermutation.end(), constrained.begin(), constrained.begin() + std::ptrdiff_t(split));
            lm.split = std::uint32_t(lm.spatialPermutation.size());
            for (const int d : ys)
                if (!named(d))
                    lm.spatialPermutation.push_back(d);
            lm.spatialPermutation.insert(lm.spatialPermutation.end(), constrained.begin() + std::ptrdiff_t(split), constrained.end());
            for (int d = 0; d < m_dims; ++d)
                if (std::find(lm.spatialPermutation.begin(), lm.spatialPermutation.end(), d) == lm.spatialPermutation.end())
                    lm.spatialPermutation.push_back(d);
            continue;
        }
        if (!constrained.empty()) { // in the directive's order
            const auto rank = [&](int d) {
                const auto it = std::find(constrained.begin(), constrained.end(), d);
                return it == constrained.end() ? m_dims + d : int(it - constrained.begin());
            };
            const auto byRank = [&](int a, int b) { return rank(a) < rank(b); };
            std::sort(xs.begin(), xs.end(), byRank);
            std::sort(ys.begin(), ys.end(), byRank);
        }
        lm.spatialPermutation = xs;
        lm.spatialPermutation.insert(lm.spatialPermutation.end(), ys.begin(), ys.end());
        // The unit loops after the others, so every dimension is named (in the directive's order
        // when the constraints give one).
        std::vector<int> units;
        for (int d = 0; d < m_dims; ++d)
            if (std::find(lm.spatialPermutation.begin(), lm.spatialPermutation.end(), d) == lm.spatialPermutation.end())
                units.push_back(d);
        for (const int d : constrained)
            if (std::find(units.begin(), units.end(), d) != units.end())
                lm.spatialPermutation.push_back(d);
        for (const int d : units)
            if (std::find(constrained.begin(), constrained.end(), d) == constrained.end())
                lm.spatialPermutation.push_back(d);
        lm.split = std::uint32_t(xs.size());
    }
    for (std::size_t i = 0; i < m_bypassSlots.size(); ++i) {
        const auto [l, s] = m_bypassSlots[i];
        m.levels[std::size_t(l)].keep[std::size_t(s)] = point[std::size_t(m_firstBypass) + i];
    }
    return m;
}

int MapSpace::factorRefusal(std::span<const std::int32_t> point) const
{
    const auto L = static_cast<std::size_t>(m_levels);
    std::vector<std::uint64_t> factors(m_slots.size());
    std::vector<std::uint64_t> usedX(L, 1), usedY(L, 1);
    std::vector<std::uint8_t> onAxis(L * std::size_t(m_dims), 0); // bit 1: X, bit 2: Y
    for (int d = 0; d < m_dims; ++d) {
        factorsOf(d, point[std::size_t(d)], factors);
        for (std::size_t k = 0; k < m_slots.size(); ++k) {
            const Slot& sl = m_slots[k];
            if (sl.type == Slot::Type::Temporal || factors[k] == 1)
                continue;
            std::uint8_t& bits = onAxis[std::size_t(sl.level) * std::size_t(m_dims) + std::size_t(d)];
            bits |= sl.type == Slot::Type::SpatialX ? 1 : 2;
            if (bits == 3)
                return kBothAxes; // one spatial directive names each dimension once
            (sl.type == Slot::Type::SpatialX ? usedX : usedY)[std::size_t(sl.level)] *= factors[k];
        }
    }
    for (std::size_t l = 0; l < L; ++l)
        if (usedX[l] > m_fanoutX[l] || usedY[l] > m_fanoutY[l])
            return kFanout;
    for (std::size_t l = 0; l < L; ++l) {
        const std::vector<int>& order = m_spatialOrder[l];
        if (order.empty() || m_spatialSplit[l])
            continue;
        // Without a split, X takes a prefix of the directive's order: no dimension on Y may
        // come before one on X.
        bool seenY = false;
        for (const int d : order) {
            const std::uint8_t bits = onAxis[l * std::size_t(m_dims) + std::size_t(d)];
            if (bits == 2)
                seenY = true;
            else if (bits == 1 && seenY)
                return kAxisOrder;
        }
    }
    if (m_minParallelism > 0) {
        double parallelism = 1;
        for (std::size_t l = 0; l < L; ++l)
            parallelism *= double(usedX[l] * usedY[l]) / double(m_fanoutX[l] * m_fanoutY[l]);
        if (parallelism < m_minParallelism)
            return kParallelism;
    }
    return 0;
}

std::array<double, 4> MapSpace::objectiveValues(const EvalResult& r) const
{
    return {r.energy, double(r.cycles), r.energy * double(r.cycles), double(r.cycles) + r.energy / (r.energy + m_energyScale)};
}

PointEvaluation MapSpace::evaluate(std::span<const std::int32_t> point) const noexcept
{
    PointEvaluation e;
    try {
        if (const int refusal = factorRefusal(point)) {
            e.reason = std::int16_t(refusal);
            return e;
        }
        const EvalResult r = m_model->evaluateSummary(mapping(point));
        if (!r.ok) {
            e.reason = r.errorClass == "capacity" ? kCapacity
                       : r.errorClass == "fanout" ? kFanout
                       : r.errorClass == "factor_product" ? kFactorProduct
                                                          : kOther;
            return e;
        }
        e.valid = true;
        const auto values = objectiveValues(r);
        std::copy(values.begin(), values.end(), e.objective.begin());
    } catch (...) {
        e.valid = false;
        e.reason = kOther;
    }
    return e;
}

std::string MapSpace::valueText(std::size_t parameter, std::int32_t index) const
{
    if (parameter >= std::size_t(m_dims))
        return PointProblem::valueText(parameter, index);
    const Parameter& par = m_parameters[parameter];
    if (index < 0 || index >= par.count())
        return "?";
    std::vector<std::uint64_t> factors(m_slots.size());
    factorsOf(int(parameter), par.values[std::size_t(index)], factors);
    const Architecture& arch = m_model->architecture();
    std::string out;
    for (std::size_t k = 0; k < m_slots.size(); ++k) {
        if (factors[k] <= 1)
            continue;
        const Slot& sl = m_slots[k];
        out += out.empty() ? "" : " · ";
        out += arch.levels[std::size_t(sl.level)].name;
        out += sl.type == Slot::Type::SpatialX ? " X " : sl.type == Slot::Type::SpatialY ? " Y " : " ";
        out += std::to_string(factors[k]);
    }
    return out.empty() ? "1" : out;
}

std::string MapSpace::explain(std::span<const std::int32_t> point) const
{
    const PointEvaluation e = evaluate(point);
    if (e.valid)
        return {};
    if (e.reason == kBothAxes)
        return "a dimension is split over both mesh axes of one level, which one spatial directive cannot express";
    if (e.reason == kAxisOrder)
        return "a dimension fans out on mesh Y before one on mesh X in the order the spatial constraint gives";
    if (e.reason == kParallelism)
        return "the spatial factors use less of the arithmetic instances than the constraints' minimum parallelism " +
               formatSig(m_minParallelism, 4);
    const EvalResult r = m_model->evaluate(mapping(point));
    return r.error.empty() ? "the model refuses the mapping" : r.error;
}

} // namespace mapscape::loopnest
