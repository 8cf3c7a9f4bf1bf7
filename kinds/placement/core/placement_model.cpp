// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/placement/core/placement_model.h"

#include "core/model/physical_range.h"
#include "core/util/strings.h"

#include <algorithm>
#include <cmath>

namespace mapscape::placement {

namespace {

constexpr int kDram = int(Level::Dram);
constexpr char kLetters[kLevelCount] = {'S', 'L', 'D'};

std::string positive(double v)
{
    return "must be positive, got " + formatReal(v);
}

} // namespace

std::string_view levelName(Level l)
{
    switch (l) {
    case Level::Sram:
        return "SRAM";
    case Level::Llc:
        return "LLC";
    case Level::Dram:
        return "DRAM";
    }
    return "?";
}

std::optional<Level> parseLevel(std::string_view name)
{
    for (int i = 0; i < kLevelCount; ++i) {
        const std::string_view n = levelName(Level(i));
        if (n.size() == name.size() &&
            std::equal(n.begin(), n.end(), name.begin(), [](char a, char b) { return a == std::toupper(b); }))
            return Level(i);
    }
    return std::nullopt;
}

MemoryMap MemoryMap::uniform(int nodes, Level level)
{
    MemoryMap m;
    m.weights.assign(std::size_t(nodes), std::uint8_t(level));
    m.activations.assign(std::size_t(nodes), std::uint8_t(level));
    return m;
}

std::string mapLetters(const std::vector<std::uint8_t>& levels)
{
    std::string s(levels.size(), 'D');
    for (std::size_t i = 0; i < levels.size(); ++i)
        s[i] = levels[i] < kLevelCount ? kLetters[levels[i]] : '?';
    return s;
}

std::vector<std::uint8_t> parseMapLetters(std::string_view letters, const std::string& field)
{
    std::vector<std::uint8_t> out(letters.size());
    for (std::size_t i = 0; i < letters.size(); ++i) {
        const char c = char(std::toupper(static_cast<unsigned char>(letters[i])));
        const char* hit = std::find(kLetters, kLetters + kLevelCount, c);
        if (hit == kLetters + kLevelCount)
            throw InputError(field + ": character " + std::to_string(i + 1) + " is '" + std::string(1, letters[i]) +
                             "'; expected S (SRAM), L (LLC) or D (DRAM)");
        out[i] = std::uint8_t(hit - kLetters);
    }
    return out;
}

std::string mapJson(const MemoryMap& map)
{
    return "{\"weights\":\"" + mapLetters(map.weights) + "\",\"activations\":\"" + mapLetters(map.activations) + "\"}";
}

void applyPins(MemoryMap& map, const std::vector<Pin>& pins)
{
    for (const Pin& p : pins) {
        if (p.node < 0 || p.node >= map.size())
            continue;
        (p.weights ? map.weights : map.activations)[std::size_t(p.node)] = std::uint8_t(p.level);
    }
}

double HardwareParams::bandwidth(Level l) const
{
    return l == Level::Sram ? sramBandwidth : l == Level::Llc ? llcBandwidth : dramBandwidth;
}

FieldIssues validateHardwareParams(const HardwareParams& p)
{
    FieldIssues issues;
    // Values are checked in bytes and bytes/s but reported in the file's units (MiB, GB/s, …).
    const auto pos = [&](const char* field, double v, double unit) {
        if (!(v > 0) || !std::isfinite(v))
            issues.push_back({field, positive(v / unit)});
        else if (!inPhysicalRange(v / unit))
            issues.push_back({field, std::string(kPhysicalRangeText) + ", got " + formatReal(v / unit)});
    };
    constexpr double MiB = 1024.0 * 1024, GiB = MiB * 1024;
    if (p.iceCount < 1 || p.iceCount > 4096)
        issues.push_back({"ice_count", "must be an integer in [1, 4096], got " + std::to_string(p.iceCount)});
    pos("sram_per_ice_mib", p.sramPerIceBytes, MiB);
    pos("llc_mib", p.llcBytes, MiB);
    pos("dram_gib", p.dramBytes, GiB);
    pos("dram_bandwidth_gbs", p.dramBandwidth, 1e9);
    pos("llc_bandwidth_gbs", p.llcBandwidth, 1e9);
    pos("sram_bandwidth_gbs", p.sramBandwidth, 1e9);
    pos("mac_rate_tmacs", p.macRate, 1e12);
    pos("vector_rate_gelems", p.vectorRate, 1e9);
    if (!(p.macUtilisation > 0 && p.macUtilisation <= 1))
        issues.push_back({"mac_utilisation", "must be in (0, 1], got " + formatReal(p.macUtilisation)});
    if (!(p.nodeOverhead >= 0) || !inPhysicalRange(p.nodeOverhead * 1e6))
        issues.push_back({"node_overhead_us", "must be non-negative, got " + formatReal(p.nodeOverhead * 1e6)});
    if (p.bytesPerElement != 1 && p.bytesPerElement != 2 && p.bytesPerElement != 4)
        issues.push_back({"bytes_per_element", "must be 1 (INT8), 2 (FP16) or 4 (FP32), got " + std::to_string(p.bytesPerElement)});
    if (!(p.sramReserve >= 0 && p.sramReserve < 1))
        issues.push_back({"sram_reserve", "must be a fraction in [0, 1), got " + formatReal(p.sramReserve)});
    if (!(p.llcReserve >= 0 && p.llcReserve < 1))
        issues.push_back({"llc_reserve", "must be a fraction in [0, 1), got " + formatReal(p.llcReserve)});
    if (!(p.compilerWeightThreshold >= 0) || !inPhysicalRange(p.compilerWeightThreshold / 1024))
        issues.push_back({"compiler_weight_threshold_kib", "must be non-negative, got " + formatReal(p.compilerWeightThreshold / 1024)});
    if (!(p.noiseSigma >= 0 && p.noiseSigma <= 1))
        issues.push_back({"noise_sigma", "must be in [0, 1], got " + formatReal(p.noiseSigma)});
    if (!(p.switchPenalty >= 0) || !inPhysicalRange(p.switchPenalty * 1e6))
        issues.push_back({"switch_penalty_us", "must be non-negative, got " + formatReal(p.switchPenalty * 1e6)});
    for (std::size_t i = 0; i < p.rules.size(); ++i) {
        const LevelRule& r = p.rules[i];
        if (int(r.op) >= kOpKindCount || int(r.level) >= kLevelCount || int(r.role) > int(TensorRole::Both))
            issues.push_back({"rules[" + std::to_string(i) + "]", "unknown op, tensor or level"});
        else if (r.level == Level::Dram)
            issues.push_back({"rules[" + std::to_string(i) + "].level", "DRAM cannot be forbidden: every tensor must fit somewhere"});
    }
    return issues;
}

HardwareParams nnpiDefaults()
{
    return HardwareParams{};
}

HardwareParams nnpiHardwareLike()
{
    HardwareParams p;
    p.noiseSigma = 0.02;
    return p;
}

PlacementModel::PlacementModel(WorkloadGraph graph, HardwareParams params, RewardOptions reward)
    : m_graph(std::move(graph))
    , m_params(std::move(params))
    , m_reward(reward)
{
    checkWorkloadGraph(m_graph);
    const FieldIssues issues = validateHardwareParams(m_params);
    if (!issues.empty())
        throw InputError("hardware: " + joinIssues(issues));
    if (!(m_reward.invalidCoefficient > 0) || !std::isfinite(m_reward.invalidCoefficient))
        throw InputError("reward.invalid_coefficient: must be positive, got " + formatReal(m_reward.invalidCoefficient));

    m_n = m_graph.nodeCount();
    const auto n = std::size_t(m_n);
    const std::int64_t bpe = m_params.bytesPerElement;
    m_weightBytes.resize(n);
    m_actBytes.resize(n);
    m_weightReadBytes.resize(n);
    m_inputBytes.resize(n);
    m_lastUse.resize(n);
    m_compute.resize(n);
    m_forbidden.assign(n, 0);
    m_predStart.assign(n + 1, 0);
    double total = 0;
    for (int i = 0; i < m_n; ++i) {
        const GraphNode& v = m_graph.nodes[std::size_t(i)];
        m_weightBytes[std::size_t(i)] = v.weights * bpe;
        m_actBytes[std::size_t(i)] = v.ofmSize() * bpe;
        m_weightReadBytes[std::size_t(i)] = v.weightReads * bpe;
        m_inputBytes[std::size_t(i)] = v.externalInput * bpe;
        m_lastUse[std::size_t(i)] = i;
        m_predStart[std::size_t(i) + 1] = m_predStart[std::size_t(i)] + int(v.inputs.size());
        for (int p : v.inputs)
            m_preds.push_back(p);
        m_mappableBytes += double(m_weightBytes[std::size_t(i)] + m_actBytes[std::size_t(i)]);
        total += double(m_weightBytes[std::size_t(i)] + m_actBytes[std::size_t(i)]);
    }
    for (int i = 0; i < m_n; ++i)
        for (int p : m_graph.nodes[std::size_t(i)].inputs)
            m_lastUse[std::size_t(p)] = std::max(m_lastUse[std::size_t(p)], i);
    if (total > m_params.dramBytes)
        throw InputError("hardware: dram_gib: the workload's tensors (" + formatReal(total / (1u << 30)) +
                         " GiB) do not fit in DRAM (" + formatReal(m_params.dramBytes / (1u << 30)) + " GiB)");

    const double macThroughput = m_params.macUtilisation * m_params.macRate;
    for (int i = 0; i < m_n; ++i) {
        const GraphNode& v = m_graph.nodes[std::size_t(i)];
        if (v.macs > 0) {
            m_compute[std::size_t(i)] = double(v.macs) / macThroughput;
        } else {
            // Vector ops stream their output and inputs through the DSP (elements, not bytes).
            double in = double(v.externalInput);
            for (int p : v.inputs)
                in += double(m_graph.nodes[std::size_t(p)].ofmSize());
            m_compute[std::size_t(i)] = (double(v.ofmSize()) + in) / m_params.vectorRate;
        }
    }

    for (const LevelRule& r : m_params.rules)
        for (int i = 0; i < m_n; ++i)
            if (m_graph.nodes[std::size_t(i)].op == r.op) {
                if (r.role != TensorRole::Activations)
                    m_forbidden[std::size_t(i)] |= std::uint8_t(1u << (2 * int(r.level) + 1));
                if (r.role != TensorRole::Weights)
                    m_forbidden[std::size_t(i)] |= std::uint8_t(1u << (2 * int(r.level)));
            }

    const double ice = m_params.iceCount;
    m_sramCapScaled = std::int64_t(std::floor(m_params.sramPerIceBytes * (1 - m_params.sramReserve) * ice));
    m_llcCap = std::int64_t(std::floor(m_params.llcBytes * (1 - m_params.llcReserve)));

    MemoryMap preference = MemoryMap::uniform(m_n, Level::Sram);
    for (int i = 0; i < m_n; ++i)
        preference.weights[std::size_t(i)] = std::uint8_t(
            double(m_weightBytes[std::size_t(i)]) <= m_params.compilerWeightThreshold ? Level::Llc : Level::Dram);
    m_compilerMap = legalize(preference).map;
    m_compilerLatency = latency(m_compilerMap);
}

bool PlacementModel::forbidden(int node, bool weights, int level) const
{
    return (m_forbidden[std::size_t(node)] >> (2 * level + (weights ? 1 : 0))) & 1u;
}

void PlacementModel::checkMap(const MemoryMap& map, const std::string& what) const
{
    if (int(map.weights.size()) != m_n || int(map.activations.size()) != m_n)
        throw InputError(what + ": expected " + std::to_string(m_n) + " nodes (the workload's), got " +
                         std::to_string(map.activations.size()));
    for (int i = 0; i < m_n; ++i) {
        if (map.weights[std::size_t(i)] >= kLevelCount)
            throw InputError(what + ": nodes[" + std::to_string(i) + "].weights: unknown level");
        if (map.activations[std::size_t(i)] >= kLevelCount)
            throw InputError(what + ": nodes[" + std::to_string(i) + "].activation: unknown level");
    }
}

Legalization PlacementModel::legalize(const MemoryMap& proposal) const
{
    Legalization out;
    LegalizerScratch scratch;
    legalize(proposal, out, scratch);
    return out;
}

void PlacementModel::legalize(const MemoryMap& proposal, Legalization& out, LegalizerScratch& scratch) const
{
    const auto n = std::size_t(m_n);
    out.map.weights.assign(proposal.weights.begin(), proposal.weights.end());
    out.map.activations.assign(proposal.activations.begin(), proposal.activations.end());
    out.demotedBytes = 0;
    out.demotedTensors = 0;
    scratch.sramActs.assign(n, 0);
    scratch.llcActs.assign(n, 0);
    const std::int64_t weightScale = m_params.sramMode == SramMode::Replicated ? m_params.iceCount : 1;
    std::int64_t sramWeights = 0, llcWeights = 0;

    // Static allocations first: weights are resident for the whole inference.
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t w = m_weightBytes[i];
        if (w == 0)
            continue;
        int level = std::min<int>(proposal.weights[i], kDram);
        const int wanted = level;
        while (level < kDram) {
            if (!forbidden(int(i), true, level)) {
                if (level == 0 && sramWeights + w * weightScale <= m_sramCapScaled)
                    break;
                if (level == 1 && llcWeights + w <= m_llcCap)
                    break;
            }
            ++level;
        }
        if (level == 0)
            sramWeights += w * weightScale;
        else if (level == 1)
            llcWeights += w;
        if (level != wanted || wanted != proposal.weights[i]) {
            out.demotedBytes += double(w);
            ++out.demotedTensors;
        }
        out.map.weights[i] = std::uint8_t(level);
    }

    // Activations in schedule order, each over its live interval [σ(v), last use].
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t a = m_actBytes[i];
        const int last = m_lastUse[i];
        int level = std::min<int>(proposal.activations[i], kDram);
        const int wanted = level;
        while (level < kDram) {
            if (!forbidden(int(i), false, level)) {
                const std::vector<std::int64_t>& occ = level == 0 ? scratch.sramActs : scratch.llcActs;
                const std::int64_t room = (level == 0 ? m_sramCapScaled - sramWeights : m_llcCap - llcWeights) - a;
                bool fits = room >= 0;
                for (int t = int(i); fits && t <= last; ++t)
                    fits = occ[std::size_t(t)] <= room;
                if (fits)
                    break;
            }
            ++level;
        }
        if (level < kDram) {
            std::vector<std::int64_t>& occ = level == 0 ? scratch.sramActs : scratch.llcActs;
            for (int t = int(i); t <= last; ++t)
                occ[std::size_t(t)] += a;
        }
        if (level != wanted || wanted != proposal.activations[i]) {
            out.demotedBytes += double(a);
            ++out.demotedTensors;
        }
        out.map.activations[i] = std::uint8_t(level);
    }
    out.epsilon = m_mappableBytes > 0 ? out.demotedBytes / m_mappableBytes : 0.0;
}

NodeTiming PlacementModel::nodeTiming(const MemoryMap& map, int node) const
{
    const auto i = std::size_t(node);
    NodeTiming t;
    if (m_weightReadBytes[i] > 0)
        t.bytes[std::min<std::size_t>(map.weights[i], kDram)] += double(m_weightReadBytes[i]);
    const std::uint8_t own = map.activations[i];
    for (int k = m_predStart[i]; k < m_predStart[i + 1]; ++k) {
        const auto p = std::size_t(m_preds[std::size_t(k)]);
        t.bytes[std::min<std::size_t>(map.activations[p], kDram)] += double(m_actBytes[p]);
        if (m_params.switchPenalty > 0 && map.activations[p] != own)
            t.total += m_params.switchPenalty;
    }
    t.bytes[std::min<std::size_t>(own, kDram)] += double(m_actBytes[i]);
    t.bytes[kDram] += double(m_inputBytes[i]);
    const double bw[kLevelCount] = {m_params.sramBandwidth, m_params.llcBandwidth, m_params.dramBandwidth};
    for (int l = 0; l < kLevelCount; ++l)
        t.memory[std::size_t(l)] = t.bytes[std::size_t(l)] / bw[l];
    if (m_params.dramThroughLlc)
        t.memory[1] += t.bytes[kDram] / bw[1];
    if (m_params.channels == ChannelMode::Parallel)
        t.memoryTime = std::max({t.memory[0], t.memory[1], t.memory[2]});
    else
        t.memoryTime = t.memory[0] + t.memory[1] + t.memory[2];
    t.compute = m_compute[i];
    t.total += std::max(t.compute, t.memoryTime) + m_params.nodeOverhead;
    return t;
}

double PlacementModel::latency(const MemoryMap& map) const
{
    // The hot path: the same arithmetic as nodeTiming without the per-level bookkeeping.
    const double inv[kLevelCount] = {1 / m_params.sramBandwidth, 1 / m_params.llcBandwidth, 1 / m_params.dramBandwidth};
    const bool parallel = m_params.channels == ChannelMode::Parallel;
    const bool through = m_params.dramThroughLlc;
    const double sw = m_params.switchPenalty;
    double total = 0;
    for (std::size_t i = 0; i < std::size_t(m_n); ++i) {
        double bytes[kLevelCount] = {0, 0, 0};
        bytes[std::min<std::size_t>(map.weights[i], kDram)] += double(m_weightReadBytes[i]);
        const std::uint8_t own = map.activations[i];
        for (int k = m_predStart[i]; k < m_predStart[i + 1]; ++k) {
            const auto p = std::size_t(m_preds[std::size_t(k)]);
            bytes[std::min<std::size_t>(map.activations[p], kDram)] += double(m_actBytes[p]);
            if (sw > 0 && map.activations[p] != own)
                total += sw;
        }
        bytes[std::min<std::size_t>(own, kDram)] += double(m_actBytes[i]);
        bytes[kDram] += double(m_inputBytes[i]);
        const double t0 = bytes[0] * inv[0];
        const double t1 = bytes[1] * inv[1] + (through ? bytes[2] * inv[1] : 0.0);
        const double t2 = bytes[2] * inv[2];
        const double mem = parallel ? std::max({t0, t1, t2}) : t0 + t1 + t2;
        total += std::max(m_compute[i], mem);
    }
    return total + double(m_n) * m_params.nodeOverhead;
}

Occupancy PlacementModel::occupancy(const MemoryMap& map) const
{
    Occupancy o;
    const auto n = std::size_t(m_n);
    o.sramPerIce.assign(n, 0);
    o.llc.assign(n, 0);
    const double ice = m_params.iceCount;
    double sramW = 0, llcW = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (m_weightBytes[i] == 0)
            continue;
        if (map.weights[i] == 0)
            sramW += double(m_weightBytes[i]) / (m_params.sramMode == SramMode::Replicated ? 1.0 : ice);
        else if (map.weights[i] == 1)
            llcW += double(m_weightBytes[i]);
    }
    for (std::size_t i = 0; i < n; ++i) {
        o.sramPerIce[i] += sramW;
        o.llc[i] += llcW;
    }
    for (std::size_t i = 0; i < n; ++i)
        for (int t = int(i); t <= m_lastUse[i]; ++t) {
            if (map.activations[i] == 0)
                o.sramPerIce[std::size_t(t)] += double(m_actBytes[i]) / ice;
            else if (map.activations[i] == 1)
                o.llc[std::size_t(t)] += double(m_actBytes[i]);
        }
    o.sramCapacity = double(m_sramCapScaled) / ice;
    o.llcCapacity = double(m_llcCap);
    return o;
}

PlacementOutcome PlacementModel::evaluate(const MemoryMap& proposal, std::mt19937_64& rng) const
{
    PlacementOutcome out;
    Legalization legal;
    LegalizerScratch scratch;
    evaluate(proposal, rng, out, legal, scratch);
    return out;
}

void PlacementModel::evaluate(const MemoryMap& proposal, std::mt19937_64& rng, PlacementOutcome& out,
                              Legalization& legal, LegalizerScratch& scratch) const
{
    legalize(proposal, legal, scratch);
    out.epsilon = legal.epsilon;
    out.valid = legal.valid();
    out.latency = latency(legal.map);
    if (!out.valid) {
        out.measured = 0;
        out.speedup = 0;
        out.reward = m_reward.flatInvalid ? -1.0 : -m_reward.invalidCoefficient * legal.epsilon;
        return;
    }
    out.measured = out.latency;
    if (m_params.noiseSigma > 0) {
        std::normal_distribution<double> z(0.0, m_params.noiseSigma);
        out.measured *= std::exp(z(rng));
    }
    out.speedup = m_compilerLatency / out.measured;
    out.reward = out.speedup * out.speedup - (m_reward.squaredMinusOne ? 1.0 : 0.0);
}

} // namespace mapscape::placement
