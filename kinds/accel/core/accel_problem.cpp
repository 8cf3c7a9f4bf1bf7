// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/accel/core/accel_problem.h"

#include "core/model/validation.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace mapscape {

std::vector<int> AccelSpace::values(AccelGene g) const
{
    const GeneRange& r = (*this)[g];
    if (g == AccelGene::Dtype)
        return {8};
    if (!r.searched)
        return {r.fixed};
    std::vector<int> v;
    if (r.useList) {
        v = r.list;
    } else if (r.step >= 1 && r.hi >= r.lo) {
        for (long long x = r.lo; x <= r.hi && v.size() < 1'000'000; x += r.step)
            v.push_back(int(x));
    }
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

double AccelSpace::size() const
{
    double n = 1;
    for (int g = 0; g < kAccelGenes; ++g)
        n *= double(values(AccelGene(g)).size());
    return n;
}

double AccelSpace::sizeLog10() const
{
    double l = 0;
    for (int g = 0; g < kAccelGenes; ++g)
        l += std::log10(std::max<double>(1, double(values(AccelGene(g)).size())));
    return l;
}

namespace {

GeneRange range(int lo, int hi, int fixed) { return {true, false, lo, hi, 1, {}, fixed}; }
GeneRange listed(std::vector<int> list, int fixed) { return {true, true, 0, 0, 1, std::move(list), fixed}; }

} // namespace

AccelSpace AccelSpace::table1()
{
    AccelSpace s;
    s[AccelGene::X] = range(4, 32, 8);
    s[AccelGene::SpCapacity] = range(128, 512, 128);
    s[AccelGene::LocalCapacity] = range(64, 256, 64);
    s[AccelGene::Dataflow] = listed({0, 1}, 0);
    s[AccelGene::SpBanks] = range(1, 8, 1);
    s[AccelGene::DmaBuswidth] = range(64, 128, 64);
    s[AccelGene::DmaMaxbytes] = range(64, 128, 64);
    s[AccelGene::Dtype] = {false, true, 0, 0, 1, {8}, 8};
    return s;
}

AccelSpace AccelSpace::hasco()
{
    AccelSpace s = table1();
    s[AccelGene::X] = listed({8, 16, 32}, 8);
    s[AccelGene::SpCapacity] = listed({128, 256, 512}, 128);
    s[AccelGene::LocalCapacity] = listed({64, 128, 256}, 64);
    s[AccelGene::DmaBuswidth] = listed({64, 128}, 64);
    s[AccelGene::DmaMaxbytes] = listed({64, 128}, 64);
    return s;
}

std::vector<std::string> validateAccelSpace(const AccelSpace& s)
{
    std::vector<std::string> issues;
    for (int i = 0; i < kAccelGenes; ++i) {
        const AccelGene g = AccelGene(i);
        if (g == AccelGene::Dtype)
            continue;
        const std::string name(accelGeneName(g));
        const GeneRange& r = s[g];
        const int lowest = g == AccelGene::Dataflow ? 0 : g == AccelGene::DmaBuswidth ? 8 : 1;
        const int highest = g == AccelGene::Dataflow ? 1 : g == AccelGene::X ? 1024 : g == AccelGene::SpBanks ? 1024 : 1 << 20;
        auto inRange = [&](const std::string& field, long long v) {
            if (v < lowest || v > highest)
                issues.push_back(field + ": must be in [" + std::to_string(lowest) + ", " + std::to_string(highest) +
                                 "], got " + std::to_string(v));
        };
        if (!r.searched) {
            inRange(name + ".fixed", r.fixed);
            continue;
        }
        if (r.useList) {
            if (r.list.empty())
                issues.push_back(name + ".values: the list is empty");
            for (std::size_t k = 0; k < r.list.size(); ++k)
                inRange(name + ".values[" + std::to_string(k) + "]", r.list[k]);
            continue;
        }
        inRange(name + ".lo", r.lo);
        inRange(name + ".hi", r.hi);
        if (r.hi < r.lo)
            issues.push_back(name + ".hi: must be at least lo (" + std::to_string(r.lo) + "), got " + std::to_string(r.hi));
        if (r.step < 1)
            issues.push_back(name + ".step: must be at least 1, got " + std::to_string(r.step));
    }
    return issues;
}

AccelProblem::AccelProblem(AccelSetup setup, std::string primaryObjective)
    : m_setup(std::move(setup))
{
    std::string issues;
    for (const std::string& s : validateAccelSpace(m_setup.space))
        issues += (issues.empty() ? "" : "; ") + s;
    if (!issues.empty())
        throw InputError("design space: " + issues);
    const auto check = [](const char* field, double v) {
        if (!(v >= 0) || !std::isfinite(v))
            throw InputError(std::string(field) + ": must be 0 (off) or a positive number");
    };
    check("constraints.area_max", m_setup.constraints.areaMax);
    check("constraints.latency_max", m_setup.constraints.latencyMax);
    check("constraints.power_max", m_setup.constraints.powerMax);
    check("fpga_limits.lut", m_setup.limits.lut);
    check("fpga_limits.dsp", m_setup.limits.dsp);
    check("fpga_limits.bram36", m_setup.limits.bram36);
    check("fpga_limits.bandwidth", m_setup.limits.bandwidth);
    if (!(m_setup.proxy.kibPerBram36 > 0))
        throw InputError("fpga_proxy.kib_per_bram36: must be positive");
    m_model = std::make_unique<AccelModel>(m_setup.workload, m_setup.model);
    const int primary = accelObjectiveIndex(primaryObjective);
    if (primary < 0)
        throw InputError("objective: expected latency, power, area or energy, got \"" + primaryObjective + "\"");
    m_primary = primary;

    static const char* helps[kAccelGenes] = {
        "x × x processing elements, 9 MAC lanes each; moves area, power and latency",
        "shared scratchpad (MAESTRO L2); HASCO's model sizes area by what the tiles need, so it only limits tiles",
        "per-PE local memory (MAESTRO L1); only a capacity check in HASCO's model",
        "WS: weights stay in the PEs; OS: outputs stay in the PEs",
        "more banks: more concurrent scratchpad ports (NoC bandwidth = 2 × banks × 8 bits)",
        "DMA width to DRAM; off-chip traffic is not modelled unless the off-chip extension is on",
        "largest DMA transfer; off-chip traffic is not modelled unless the off-chip extension is on",
        "fixed to int8"};
    for (int i = 0; i < kAccelGenes; ++i) {
        const AccelGene g = AccelGene(i);
        Parameter p;
        p.name = std::string(accelGeneName(g));
        p.label = std::string(accelGeneLabel(g));
        p.help = helps[i];
        const std::vector<int> v = m_setup.space.values(g);
        p.values.assign(v.begin(), v.end());
        if (g == AccelGene::Dataflow || g == AccelGene::Dtype) {
            p.kind = Parameter::Kind::Categorical;
            for (int x : v)
                p.labels.push_back(g == AccelGene::Dtype ? "int8" : std::string(accelDataflowName(AccelDataflow(x))));
        } else {
            p.kind = Parameter::Kind::Integer;
        }
        p.allowed.assign(v.size(), 1);
        if (v.size() == 1)
            p.fixedReason = g == AccelGene::Dtype ? "the data type is int8" : "fixed in the design-space table";
        m_gene[std::size_t(i)] = g;
        m_params.push_back(std::move(p));
    }

    // Live hypervolume reference: the corners of the space.
    std::vector<int> varying;
    for (int i = 0; i < kAccelGenes; ++i)
        if (m_params[std::size_t(i)].count() > 1)
            varying.push_back(i);
    std::vector<double> worst(3, 0.0);
    bool any = false;
    for (std::uint32_t mask = 0; mask < (1u << varying.size()); ++mask) {
        Point p(kAccelGenes, 0);
        for (std::size_t k = 0; k < varying.size(); ++k)
            p[std::size_t(varying[k])] = (mask >> k) & 1u ? m_params[std::size_t(varying[k])].count() - 1 : 0;
        const PointEvaluation e = evaluate(p);
        if (!e.valid)
            continue;
        any = true;
        for (int k = 0; k < 3; ++k)
            worst[std::size_t(k)] = std::max(worst[std::size_t(k)], e.objective[std::size_t(k)]);
    }
    m_liveReference.assign(3, 1.0);
    if (any)
        for (int k = 0; k < 3; ++k)
            m_liveReference[std::size_t(k)] = 1.1 * worst[std::size_t(k)];
}

std::span<const ObjectiveInfo> accelObjectives()
{
    static const std::vector<ObjectiveInfo> objectives{{"latency", "Latency", "cycles", false},
                                                       {"power", "Power", "mW", false},
                                                       {"area", "Area", "µm²", false},
                                                       {"energy", "Energy", "nJ", false}};
    return objectives;
}

int accelObjectiveIndex(std::string_view id)
{
    const auto objectives = accelObjectives();
    for (std::size_t i = 0; i < objectives.size(); ++i)
        if (objectives[i].id == id)
            return int(i);
    return -1;
}

std::span<const ObjectiveInfo> AccelProblem::objectives() const { return accelObjectives(); }

AccelDesign AccelProblem::decode(std::span<const std::int32_t> point) const
{
    AccelDesign d;
    for (std::size_t i = 0; i < m_params.size() && i < point.size(); ++i)
        d.setGene(m_gene[i], int(m_params[i].values[std::size_t(point[i])]));
    return d;
}

Point AccelProblem::encode(const AccelDesign& d) const
{
    Point p(m_params.size(), 0);
    for (std::size_t i = 0; i < m_params.size(); ++i) {
        const auto& vals = m_params[i].values;
        const std::int64_t want = d.gene(m_gene[i]);
        std::size_t best = 0;
        for (std::size_t k = 1; k < vals.size(); ++k)
            if (std::llabs(vals[k] - want) < std::llabs(vals[best] - want))
                best = k;
        p[i] = std::int32_t(best);
    }
    return p;
}

std::optional<Point> AccelProblem::repair(std::span<const std::int32_t> point) const
{
    Point p(point.begin(), point.end());
    const FpgaLimits& L = m_setup.limits;
    if (!L.any())
        return p;
    const auto usage = [&] { return estimateFpgaUsage(decode(p), m_setup.proxy); };
    const auto idx = [](AccelGene g) { return std::size_t(g); };
    // PE array: one value down at a time.
    for (FpgaUsage u = usage(); (L.lut > 0 && u.lut > L.lut) || (L.dsp > 0 && u.dsp > L.dsp); u = usage()) {
        if (p[idx(AccelGene::X)] == 0)
            return std::nullopt;
        --p[idx(AccelGene::X)];
    }
    // BRAM: the larger of the two memories, by a sixteenth of its range (one list entry).
    const auto stepOf = [&](AccelGene g) {
        const GeneRange& r = m_setup.space[g];
        if (r.useList || !r.searched)
            return 1;
        return std::max(1, int(std::lround(double(r.hi - r.lo) / 16.0 / double(r.step))));
    };
    for (FpgaUsage u = usage(); L.bram36 > 0 && u.bram36 > L.bram36; u = usage()) {
        const AccelDesign d = decode(p);
        const double spBram = std::ceil(d.spKb / m_setup.proxy.kibPerBram36);
        const double localBram = std::ceil(d.localKb / m_setup.proxy.kibPerBram36);
        AccelGene first = spBram >= localBram ? AccelGene::SpCapacity : AccelGene::LocalCapacity;
        AccelGene second = first == AccelGene::SpCapacity ? AccelGene::LocalCapacity : AccelGene::SpCapacity;
        AccelGene g = p[idx(first)] > 0 ? first : second;
        if (p[idx(g)] == 0)
            return std::nullopt;
        p[idx(g)] = std::max(0, p[idx(g)] - stepOf(g));
    }
    if (L.bandwidth > 0 && usage().bandwidth > L.bandwidth) {
        const auto& vals = m_params[idx(AccelGene::DmaBuswidth)].values;
        int best = -1;
        for (std::size_t k = 0; k < vals.size(); ++k)
            if (double(vals[k]) <= L.bandwidth)
                best = int(k);
        if (best < 0)
            return std::nullopt;
        p[idx(AccelGene::DmaBuswidth)] = best;
    }
    return p;
}

PointEvaluation AccelProblem::evaluate(std::span<const std::int32_t> point) const noexcept
{
    PointEvaluation e;
    try {
        const std::optional<Point> p = repair(point);
        if (!p) {
            e.reason = std::int16_t(AccelInvalid::RepairFailed);
            return e;
        }
        const AccelMetrics m = m_model->evaluate(decode(*p));
        if (!m.valid) {
            e.reason = std::int16_t(m.invalid);
            return e;
        }
        e.valid = true;
        e.objective[accelobj::Latency] = m.latency;
        e.objective[accelobj::Power] = m.power;
        e.objective[accelobj::Area] = m.area;
        e.objective[accelobj::Energy] = m.energy;
    } catch (...) {
        e = PointEvaluation{};
        e.reason = std::int16_t(AccelInvalid::ModelError);
    }
    return e;
}

std::string AccelProblem::explain(std::span<const std::int32_t> point) const
{
    if (!inSpace(point))
        return "the point is outside the design space";
    const std::optional<Point> p = repair(point);
    if (!p) {
        const FpgaUsage u = estimateFpgaUsage(decode(point), m_setup.proxy);
        std::ostringstream s;
        s << "the " << m_setup.limits.name << " limits cannot be met inside the design space (needs " << u.lut << " LUT, "
          << u.dsp << " DSP, " << u.bram36 << " BRAM36, " << u.bandwidth << " bits/cycle)";
        return s.str();
    }
    const AccelMetrics m = m_model->evaluate(decode(*p));
    return m.valid ? std::string() : describeInvalid(m, m_setup.workload);
}

std::string AccelProblem::describe(std::span<const std::int32_t> point) const
{
    return decode(point).text();
}

bool AccelProblem::feasible(const PointEvaluation& e) const { return e.valid && violation(e) == 0; }

double AccelProblem::violation(const PointEvaluation& e) const
{
    if (!e.valid)
        return std::numeric_limits<double>::infinity();
    const AccelConstraints& c = m_setup.constraints;
    double v = 0;
    const auto add = [&](double limit, double value) {
        if (limit > 0)
            v += std::max(0.0, value / limit - 1);
    };
    add(c.latencyMax, e.objective[accelobj::Latency]);
    add(c.powerMax, e.objective[accelobj::Power]);
    add(c.areaMax, e.objective[accelobj::Area]);
    return v;
}

} // namespace mapscape
