// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/loopnest/core/loopnest_space.h"

#include "core/model/validation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace mapscape::loopnest {

namespace {

/// Reason codes of invalid points (explain() gives the model's own sentence).
enum Reason : std::int16_t { kCapacity = 1, kFanout, kFactorProduct, kOther, kBothAxes };

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
            {"edp", "Energy-delay product", "pJ·cycles", false, false}};
}

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

    // The slots of the loop nest: each level's temporal loop, and its spatial loops where it
    // fans out to the next inner level (the arithmetic below the innermost).
    for (int l = 0; l < m_levels; ++l) {
        const StorageLevelSpec& L = arch.levels[std::size_t(l)];
        const std::uint64_t innerX = l + 1 < m_levels ? arch.levels[std::size_t(l + 1)].meshX : arch.arithmetic.meshX;
        const std::uint64_t innerY = l + 1 < m_levels ? arch.levels[std::size_t(l + 1)].meshY : arch.arithmetic.meshY;
        m_slots.push_back({l, Slot::Type::Temporal});
        if (L.meshX > 0 && innerX / L.meshX > 1)
            m_slots.push_back({l, Slot::Type::SpatialX});
        if (L.meshY > 0 && innerY / L.meshY > 1)
            m_slots.push_back({l, Slot::Type::SpatialY});
    }
    const int slots = int(m_slots.size());

    // Constraints: fixed factors, permutations, keep and bypass.
    std::vector<std::vector<std::uint64_t>> fixedTemporal(static_cast<std::size_t>(m_levels), std::vector<std::uint64_t>(std::size_t(m_dims), 0));
    std::vector<std::vector<std::uint64_t>> fixedSpatial = fixedTemporal;
    std::vector<std::vector<int>> fixedPermutation(static_cast<std::size_t>(m_levels));
    std::vector<std::vector<int>> fixedKeep(static_cast<std::size_t>(m_levels), std::vector<int>(std::size_t(m_dataSpaces), -1));
    for (const Constraint& c : constraints.targets) {
        const int l = arch.findLevel(c.target);
        if (l < 0)
            continue; // constraints on the arithmetic level or on levels of another architecture
        const auto dimOf = [&](const std::string& name) {
            const int d = prob.findDimension(name);
            if (d < 0)
                throw InputError(c.loc.str() + ": factors: unknown dimension \"" + name + "\"; the problem's dimensions are " +
                                 prob.dimensionList());
            return d;
        };
        if (c.type == "temporal" || c.type == "spatial") {
            for (const auto& [name, f] : c.factors)
                if (f > 0)
                    (c.type == "temporal" ? fixedTemporal : fixedSpatial)[std::size_t(l)][std::size_t(dimOf(name))] =
                            std::uint64_t(f);
            if (c.type == "temporal")
                for (const std::string& name : c.permutation)
                    fixedPermutation[std::size_t(l)].push_back(dimOf(name));
        }
        for (const std::string& ds : c.keep)
            if (const int s = prob.findDataSpace(ds); s >= 0)
                fixedKeep[std::size_t(l)][std::size_t(s)] = 1;
        for (const std::string& ds : c.bypass)
            if (const int s = prob.findDataSpace(ds); s >= 0)
                fixedKeep[std::size_t(l)][std::size_t(s)] = 0;
    }

    // One parameter per dimension: the index of an ordered factorisation of its bound.
    m_dimSpaces.resize(std::size_t(m_dims));
    std::vector<std::uint64_t> factors(static_cast<std::size_t>(slots));
    for (int d = 0; d < m_dims; ++d) {
        DimSpace& ds = m_dimSpaces[std::size_t(d)];
        ds.primes = primeFactors(prob.bounds[std::size_t(d)]);
        long double total = 1;
        for (const auto& [p, e] : ds.primes) {
            ds.counts.push_back(compositions(e, slots));
            total *= static_cast<long double>(ds.counts.back());
        }
        if (total > static_cast<long double>(std::numeric_limits<std::int32_t>::max()))
            throw InputError("map space: dimension " + prob.dimensions[std::size_t(d)] + " = " +
                             std::to_string(prob.bounds[std::size_t(d)]) + " has more than 2^31 factorisations over " +
                             std::to_string(slots) + " loops (constrain some of its factors)");
        const auto count = static_cast<std::size_t>(total);
        Parameter par;
        par.name = "factors_" + prob.dimensions[std::size_t(d)];
        par.label = "Factors of " + prob.dimensions[std::size_t(d)];
        par.help = "how " + prob.dimensions[std::size_t(d)] + " = " + std::to_string(prob.bounds[std::size_t(d)]) +
                   " splits over the levels' temporal and spatial loops";
        par.kind = Parameter::Kind::Integer;
        par.values = ValueList::range(0, count);
        bool constrained = false;
        for (int l = 0; l < m_levels; ++l)
            constrained = constrained || fixedTemporal[std::size_t(l)][std::size_t(d)] > 0 ||
                          fixedSpatial[std::size_t(l)][std::size_t(d)] > 0;
        if (!constrained) {
            par.allowed.assign(count, true);
        } else {
            if (count > 20'000'000)
                throw InputError("map space: dimension " + prob.dimensions[std::size_t(d)] +
                                 " has too many factorisations to apply its constraints");
            std::vector<int> ok;
            for (std::size_t i = 0; i < count; ++i) {
                factorsOf(d, std::int64_t(i), factors);
                bool good = true;
                for (int l = 0; l < m_levels && good; ++l) {
                    std::uint64_t t = 1, s = 1;
                    for (int k = 0; k < slots; ++k)
                        if (m_slots[std::size_t(k)].level == l)
                            (m_slots[std::size_t(k)].type == Slot::Type::Temporal ? t : s) *= factors[std::size_t(k)];
                    const std::uint64_t ft = fixedTemporal[std::size_t(l)][std::size_t(d)];
                    const std::uint64_t fs = fixedSpatial[std::size_t(l)][std::size_t(d)];
                    good = (ft == 0 || t == ft) && (fs == 0 || s == fs);
                }
                if (good)
                    ok.push_back(int(i));
            }
            if (ok.empty())
                throw InputError("constraints: no split of " + prob.dimensions[std::size_t(d)] + " = " +
                                 std::to_string(prob.bounds[std::size_t(d)]) + " meets the factors the constraints fix");
            par.allowed.assignIndices(count, ok);
            if (ok.size() == 1)
                par.fixedReason = "fixed by the constraints";
        }
        m_parameters.push_back(std::move(par));
    }

    // One parameter per level: its temporal loop order.
    m_firstPermutation = int(m_parameters.size());
    const std::int64_t perms = factorial(m_dims);
    std::vector<int> order(static_cast<std::size_t>(m_dims));
    for (int l = 0; l < m_levels; ++l) {
        Parameter par;
        par.name = "order_" + arch.levels[std::size_t(l)].name;
        par.label = "Loop order at " + arch.levels[std::size_t(l)].name;
        par.help = "the level's temporal loops, innermost first";
        par.kind = Parameter::Kind::Permutation;
        par.items = prob.dimensions;
        par.values = ValueList::range(0, std::size_t(perms));
        const std::vector<int>& fixed = fixedPermutation[std::size_t(l)];
        if (fixed.empty()) {
            par.allowed.assign(std::size_t(perms), true);
        } else {
            std::vector<int> ok;
            for (std::int64_t i = 0; i < perms; ++i) {
                permutationInto(i, m_dims, order);
                if (std::equal(fixed.begin(), fixed.end(), order.begin()))
                    ok.push_back(int(i));
            }
            if (ok.empty())
                throw InputError("constraints: the permutation at " + arch.levels[std::size_t(l)].name +
                                 " names a dimension twice");
            par.allowed.assignIndices(std::size_t(perms), ok);
        }
        m_parameters.push_back(std::move(par));
    }

    // Keep or bypass, per data space at every level below the outermost (which keeps all).
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
        const auto& xs = xDims[std::size_t(l)];
        const auto& ys = yDims[std::size_t(l)];
        lm.hasSpatial = std::any_of(m_slots.begin(), m_slots.end(),
                                    [&](const Slot& s) { return s.level == l && s.type != Slot::Type::Temporal; });
        if (!lm.hasSpatial)
            continue;
        lm.spatialPermutation = xs;
        lm.spatialPermutation.insert(lm.spatialPermutation.end(), ys.begin(), ys.end());
        for (int d = 0; d < m_dims; ++d) // the unit loops after the others, so every dimension is named
            if (std::find(lm.spatialPermutation.begin(), lm.spatialPermutation.end(), d) == lm.spatialPermutation.end())
                lm.spatialPermutation.push_back(d);
        lm.split = std::uint32_t(xs.size());
    }
    for (std::size_t i = 0; i < m_bypassSlots.size(); ++i) {
        const auto [l, s] = m_bypassSlots[i];
        m.levels[std::size_t(l)].keep[std::size_t(s)] = point[std::size_t(m_firstBypass) + i];
    }
    return m;
}

PointEvaluation MapSpace::evaluate(std::span<const std::int32_t> point) const noexcept
{
    PointEvaluation e;
    try {
        // A dimension may not be spread over both mesh axes of one level (one spatial directive
        // names each dimension once).
        const Mapping m = mapping(point);
        for (const LevelMapping& lm : m.levels) {
            std::vector<int> seen(static_cast<std::size_t>(m_dims), 0);
            for (std::size_t i = 0; i < lm.spatialPermutation.size(); ++i)
                if (lm.spatialFactors[std::size_t(lm.spatialPermutation[i])] > 1 && ++seen[std::size_t(lm.spatialPermutation[i])] > 1) {
                    e.reason = kBothAxes;
                    return e;
                }
        }
        const EvalResult r = m_model->evaluateSummary(m);
        if (!r.ok) {
            e.reason = r.errorClass == "capacity" ? kCapacity
                       : r.errorClass == "fanout" ? kFanout
                       : r.errorClass == "factor_product" ? kFactorProduct
                                                          : kOther;
            return e;
        }
        e.valid = true;
        e.objective[0] = r.energy;
        e.objective[1] = double(r.cycles);
        e.objective[2] = r.energy * double(r.cycles);
    } catch (...) {
        e.valid = false;
        e.reason = kOther;
    }
    return e;
}

std::string MapSpace::explain(std::span<const std::int32_t> point) const
{
    const PointEvaluation e = evaluate(point);
    if (e.valid)
        return {};
    if (e.reason == kBothAxes)
        return "a dimension is split over both mesh axes of one level, which one spatial directive cannot express";
    const EvalResult r = m_model->evaluate(mapping(point));
    return r.error.empty() ? "the model refuses the mapping" : r.error;
}

} // namespace mapscape::loopnest
