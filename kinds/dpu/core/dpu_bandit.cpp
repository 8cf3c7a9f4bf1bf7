// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dpu/core/dpu_bandit.h"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace mapscape::dpu {

Observation observe(const Platform& platform, int variant, const Telemetry& telemetry, double fpsConstraint)
{
    Observation o{};
    for (int i = 0; i < kTelemetrySize; ++i)
        o[std::size_t(i)] = telemetry[std::size_t(i)];
    const StaticFeatures f = staticFeatures(platform, variant);
    o[kTelemetrySize + 0] = f.gmac;
    o[kTelemetrySize + 1] = f.ldfmBytes;
    o[kTelemetrySize + 2] = f.ldwbBytes;
    o[kTelemetrySize + 3] = f.stfmBytes;
    o[kTelemetrySize + 4] = f.params;
    o[kTelemetrySize + 5] = fpsConstraint;
    return o;
}

bool isLogFeature(int i)
{
    // Memory bandwidths (MB/s), GMAC, byte counts and parameters span decades.
    return (i >= kCpuCores && i < kCpuCores + 2 * kMemoryPorts) || (i >= kTelemetrySize && i < kTelemetrySize + kStaticSize);
}

Normalizer Normalizer::fit(const std::vector<Observation>& observations)
{
    Normalizer n;
    n.scale.fill(1.0);
    if (observations.empty())
        return n;
    for (int i = 0; i < kObservationSize; ++i) {
        double sum = 0, sq = 0;
        for (const Observation& o : observations) {
            const double v = isLogFeature(i) ? std::log1p(std::max(0.0, o[std::size_t(i)])) : o[std::size_t(i)];
            sum += v;
            sq += v * v;
        }
        const double count = double(observations.size());
        const double mean = sum / count;
        const double var = std::max(0.0, sq / count - mean * mean);
        n.mean[std::size_t(i)] = mean;
        n.scale[std::size_t(i)] = var > 1e-12 ? std::sqrt(var) : 1.0;
    }
    return n;
}

std::array<float, kObservationSize> Normalizer::apply(const Observation& raw) const
{
    std::array<float, kObservationSize> out{};
    for (int i = 0; i < kObservationSize; ++i) {
        const double v = isLogFeature(i) ? std::log1p(std::max(0.0, raw[std::size_t(i)])) : raw[std::size_t(i)];
        out[std::size_t(i)] = float((v - mean[std::size_t(i)]) / scale[std::size_t(i)]);
    }
    return out;
}

namespace {

int logBin(double value, double base, int bins)
{
    if (!(value > 0) || !(base > 0))
        return 0;
    return std::clamp(int(std::floor(std::log2(value / base))), 0, std::max(0, bins - 1));
}

std::string trimmed(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

} // namespace

ContextKey contextKey(const Observation& raw, const RewardOptions& o)
{
    ContextKey k;
    double cpu = 0;
    for (int i = 0; i < kCpuCores; ++i)
        cpu += raw[std::size_t(i)] / kCpuCores;
    const int cpuBins = o.cpuBinPercent > 0 ? std::max(1, int(std::ceil(100.0 / o.cpuBinPercent))) : 1;
    k.cpu = o.cpuBinPercent > 0 ? std::clamp(int(std::floor(cpu / o.cpuBinPercent)), 0, cpuBins - 1) : 0;
    double mem = 0;
    for (int i = kCpuCores; i < kCpuCores + 2 * kMemoryPorts; ++i)
        mem += raw[std::size_t(i)];
    k.memory = int(std::upper_bound(o.memoryEdgesMbs.begin(), o.memoryEdgesMbs.end(), mem) - o.memoryEdgesMbs.begin());
    k.gmac = logBin(raw[kTelemetrySize + 0], o.gmacBase, o.logBins);
    const double dataMb =
        (raw[kTelemetrySize + 1] + raw[kTelemetrySize + 2] + raw[kTelemetrySize + 3]) / 1e6;
    k.data = logBin(dataMb, o.dataBaseMb, o.logBins);
    return k;
}

std::string contextLabel(const ContextKey& k, const RewardOptions& o)
{
    std::ostringstream s;
    const auto range = [&](double lo, double hi, const char* unit) {
        if (std::isinf(hi))
            s << "≥ " << trimmed(lo) << unit;
        else if (lo <= 0)
            s << "< " << trimmed(hi) << unit;
        else
            s << trimmed(lo) << "–" << trimmed(hi) << unit;
    };
    const double inf = std::numeric_limits<double>::infinity();
    const int cpuBins = o.cpuBinPercent > 0 ? std::max(1, int(std::ceil(100.0 / o.cpuBinPercent))) : 1;
    s << "CPU ";
    range(k.cpu * o.cpuBinPercent, k.cpu + 1 >= cpuBins ? inf : (k.cpu + 1) * o.cpuBinPercent, " %");
    s << " · DDR ";
    const double lo = k.memory > 0 ? o.memoryEdgesMbs[std::size_t(k.memory - 1)] : 0.0;
    const double hi = k.memory < int(o.memoryEdgesMbs.size()) ? o.memoryEdgesMbs[std::size_t(k.memory)] : inf;
    range(lo, hi, " MB/s");
    const auto logRange = [&](int bin, double base, const char* unit) {
        range(bin == 0 ? 0.0 : base * std::exp2(bin), bin + 1 >= o.logBins ? inf : base * std::exp2(bin + 1), unit);
    };
    s << " · ";
    logRange(k.gmac, o.gmacBase, " GMAC");
    s << " · ";
    logRange(k.data, o.dataBaseMb, " MB");
    return s.str();
}

double ContextStats::baseline(const ContextKey& key, double ppw, const RewardOptions& o) const
{
    const auto it = m_buckets.find(key);
    const double global = m_global.count > 0 ? m_global.mean() : ppw;
    const double local = it != m_buckets.end() && it->second.count > 0 ? it->second.mean() : global;
    return (1.0 - o.lambda) * local + o.lambda * global;
}

double ContextStats::reward(double ppw, double fps, double constraint, const ContextKey& key, const RewardOptions& o,
                            double* baselineOut)
{
    if (fps < constraint) {
        if (baselineOut)
            *baselineOut = baseline(key, ppw, o);
        return o.violationReward;
    }
    const double b = baseline(key, ppw, o);
    if (baselineOut)
        *baselineOut = b;
    const double r = std::tanh((ppw - b) / (o.alpha * std::max(1.0, std::abs(b))));
    Bucket& bucket = m_buckets[key];
    bucket.sum += ppw;
    ++bucket.count;
    m_global.sum += ppw;
    ++m_global.count;
    return r;
}

void ContextStats::clear()
{
    m_buckets.clear();
    m_global = {};
}

double stepReward(ContextStats& ctx, const Platform& p, int variant, const Observation& pre, const Sample& out,
                  const RewardOptions& o)
{
    const Observation key = o.postActionKey ? observe(p, variant, out.telemetry, p.fpsConstraint) : pre;
    const double power = out.fpgaPowerW() + (o.includeArmPower ? out.telemetry[kTelemetryPArm] : 0.0);
    const double ppw = power > 0 ? out.fps / power : 0;
    return ctx.reward(ppw, out.fps, p.fpsConstraint, contextKey(key, o), o);
}

const Sample& drawSample(const std::vector<Sample>& samples, std::mt19937_64& rng)
{
    return samples[std::uniform_int_distribution<std::size_t>(0, samples.size() - 1)(rng)];
}

std::string contextSnapshotJson(const ContextStats& stats, const RewardOptions& options)
{
    nlohmann::json buckets = nlohmann::json::array();
    for (const auto& [key, b] : stats.buckets()) {
        buckets.push_back({{"label", contextLabel(key, options)},
                           {"cpu", key.cpu},
                           {"memory", key.memory},
                           {"gmac", key.gmac},
                           {"data", key.data},
                           {"count", b.count},
                           {"mean", b.mean()}});
    }
    return nlohmann::json{{"global", {{"count", stats.global().count}, {"mean", stats.global().mean()}}},
                          {"buckets", buckets}}
        .dump();
}

Split defaultSplit(const Platform& platform)
{
    Split s;
    for (int v = 0; v < platform.variantCount(); ++v)
        (platform.models[std::size_t(platform.modelOf(v))].test ? s.test : s.train).push_back(v);
    return s;
}

EvaluationReport evaluatePolicy(const RecordedRuns& runs, const Policy& policy, const std::vector<int>& variants,
                                const std::vector<int>& states)
{
    const Platform& p = runs.platform();
    EvaluationReport report;
    report.overall.state = -1;
    report.overall.minNormalizedPpw = std::numeric_limits<double>::infinity();
    for (int w : states) {
        StateSummary sum;
        sum.state = w;
        sum.minNormalizedPpw = std::numeric_limits<double>::infinity();
        const Sample bg = runs.backgroundMean(w);
        for (int v : variants) {
            const std::vector<Outcome> outcomes = runs.outcomes(v, w);
            const Optimum opt = optimum(outcomes, p.fpsConstraint);
            EvaluationCase c;
            c.variant = v;
            c.state = w;
            c.action = policy(v, w, observe(p, v, bg.telemetry, p.fpsConstraint));
            c.optimal = opt.action;
            c.feasibleExists = opt.feasible;
            c.ppw = outcomes[std::size_t(c.action)].ppw;
            c.optimalPpw = outcomes[std::size_t(opt.action)].ppw;
            c.normalizedPpw = c.optimalPpw > 0 ? c.ppw / c.optimalPpw : 0;
            c.exact = c.action == c.optimal;
            c.constraintMet = outcomes[std::size_t(c.action)].feasible(p.fpsConstraint);
            for (StateSummary* s : {&sum, &report.overall}) {
                ++s->cases;
                s->meanNormalizedPpw += c.normalizedPpw;
                s->minNormalizedPpw = std::min(s->minNormalizedPpw, c.normalizedPpw);
                s->exact += c.exact ? 1 : 0;
                s->constraintMet += c.constraintMet ? 1 : 0;
            }
            report.cases.push_back(c);
        }
        if (sum.cases > 0)
            sum.meanNormalizedPpw /= sum.cases;
        else
            sum.minNormalizedPpw = 0;
        report.states.push_back(sum);
    }
    if (report.overall.cases > 0)
        report.overall.meanNormalizedPpw /= report.overall.cases;
    else
        report.overall.minNormalizedPpw = 0;
    return report;
}

PolicyProgress policyProgress(const RecordedRuns& runs, const Split& split, const Policy& policy)
{
    const std::vector<int> allStates{0, 1, 2};
    PolicyProgress out;
    out.trainPpw = evaluatePolicy(runs, policy, split.train, allStates).overall.meanNormalizedPpw;
    out.hasTest = !split.test.empty();
    if (out.hasTest) {
        const EvaluationReport test = evaluatePolicy(runs, policy, split.test, allStates);
        for (int w = 0; w < kStates; ++w)
            out.testPpw[std::size_t(w)] = test.states[std::size_t(w)].meanNormalizedPpw;
        const int met = test.states[1].constraintMet + test.states[2].constraintMet;
        const int cases = test.states[1].cases + test.states[2].cases;
        out.testConstraint = cases > 0 ? double(met) / cases : 0;
    }
    return out;
}

void recordPolicyProgress(const PolicyProgress& progress, const Platform& platform, std::int64_t step, MetricsSink& sink)
{
    sink.record("dpu/train_ppw", step, progress.trainPpw);
    if (!progress.hasTest)
        return;
    for (int w = 0; w < kStates; ++w)
        sink.record("dpu/test_ppw_" + platform.params.states[std::size_t(w)].name, step, progress.testPpw[std::size_t(w)]);
    sink.record("dpu/test_constraint", step, progress.testConstraint);
}

std::string baselineName(Baseline b)
{
    switch (b) {
    case Baseline::Optimal: return "Optimal";
    case Baseline::MaxFps: return "Max-FPS";
    case Baseline::MinPower: return "Min-Power";
    case Baseline::Random: return "Random";
    }
    return "?";
}

Policy baselinePolicy(const RecordedRuns& runs, Baseline baseline, std::uint64_t seed, bool paperLiteral)
{
    const RecordedRuns* r = &runs;
    switch (baseline) {
    case Baseline::Optimal:
        return [r](int v, int w, const Observation&) {
            return optimum(r->outcomes(v, w), r->platform().fpsConstraint).action;
        };
    case Baseline::MaxFps: {
        const int fixed = paperLiteral ? runs.platform().findAction("B4096_1") : -1;
        return [r, fixed](int v, int w, const Observation&) {
            if (fixed >= 0)
                return fixed;
            const std::vector<Outcome> o = r->outcomes(v, w);
            return int(std::max_element(o.begin(), o.end(), [](const Outcome& a, const Outcome& b) { return a.fps < b.fps; }) -
                       o.begin());
        };
    }
    case Baseline::MinPower: {
        const int fixed = paperLiteral ? runs.platform().findAction("B512_1") : -1;
        return [r, fixed](int v, int w, const Observation&) {
            if (fixed >= 0)
                return fixed;
            const std::vector<Outcome> o = r->outcomes(v, w);
            return int(std::min_element(o.begin(), o.end(),
                                        [](const Outcome& a, const Outcome& b) { return a.fpgaPowerW < b.fpgaPowerW; }) -
                       o.begin());
        };
    }
    case Baseline::Random: {
        // Each (variant, state) gets its own draw from the seed, so the policy is a function.
        const int n = runs.actions();
        return [seed, n](int v, int w, const Observation&) {
            std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + std::uint64_t(v) * 131 + std::uint64_t(w));
            return int(std::uniform_int_distribution<int>(0, n - 1)(rng));
        };
    }
    }
    return {};
}

RoundRobin::RoundRobin(std::vector<int> variants)
    : m_variants(std::move(variants))
{
    if (m_variants.empty())
        throw InputError("training split: no training variants");
}

std::pair<int, int> RoundRobin::next()
{
    const std::size_t n = m_variants.size() * kStates;
    const std::size_t i = m_i++ % n;
    return {m_variants[i / kStates], int(i % kStates)};
}

std::vector<Observation> trainingObservations(const RecordedRuns& runs, const std::vector<int>& variants)
{
    std::vector<Observation> out;
    const Platform& p = runs.platform();
    for (int v : variants) {
        for (int w = 0; w < kStates; ++w) {
            for (const Sample& s : runs.background(w))
                out.push_back(observe(p, v, s.telemetry, p.fpsConstraint));
        }
    }
    return out;
}

// --- LinUCB ---------------------------------------------------------------------------------

struct LinUcb::Impl {
    const RecordedRuns& runs;
    Split split;
    LinUcbOptions opt;
    Normalizer norm;
    ContextStats ctx;
    std::int64_t steps = 0;
    static constexpr int kDim = kObservationSize + 1;
    std::vector<Eigen::Matrix<double, kDim, kDim>> inverse; // A_a⁻¹
    std::vector<Eigen::Matrix<double, kDim, 1>> b;
    std::vector<Eigen::Matrix<double, kDim, 1>> theta;

    Impl(const RecordedRuns& r, Split s, LinUcbOptions o)
        : runs(r)
        , split(std::move(s))
        , opt(std::move(o))
        , norm(Normalizer::fit(trainingObservations(r, split.train)))
    {
        if (!(opt.ridge > 0))
            throw InputError("linucb.ridge: must be positive");
        const int n = runs.actions();
        inverse.assign(std::size_t(n), Eigen::Matrix<double, kDim, kDim>::Identity() / opt.ridge);
        b.assign(std::size_t(n), Eigen::Matrix<double, kDim, 1>::Zero());
        theta.assign(std::size_t(n), Eigen::Matrix<double, kDim, 1>::Zero());
    }

    Eigen::Matrix<double, kDim, 1> features(const Observation& raw) const
    {
        const auto z = norm.apply(raw);
        Eigen::Matrix<double, kDim, 1> x;
        for (int i = 0; i < kObservationSize; ++i)
            x(i) = z[std::size_t(i)];
        x(kObservationSize) = 1.0;
        return x;
    }

    int choose(const Eigen::Matrix<double, kDim, 1>& x, double exploration) const
    {
        int best = 0;
        double bestScore = -std::numeric_limits<double>::infinity();
        for (int a = 0; a < int(theta.size()); ++a) {
            const double mean = theta[std::size_t(a)].dot(x);
            const double bonus = exploration > 0 ? exploration * std::sqrt(std::max(0.0, x.dot(inverse[std::size_t(a)] * x))) : 0;
            if (mean + bonus > bestScore) {
                bestScore = mean + bonus;
                best = a;
            }
        }
        return best;
    }
};

LinUcb::LinUcb(const RecordedRuns& runs, const Split& split, LinUcbOptions options)
    : d(std::make_unique<Impl>(runs, split, std::move(options)))
{
}

LinUcb::~LinUcb() = default;

void LinUcb::train(std::stop_token stop, MetricsSink& sink, RunControl* control)
{
    const Platform& p = d->runs.platform();
    RoundRobin pairs(d->split.train);
    ContextStats& ctx = d->ctx;
    std::mt19937_64 rng(d->opt.seed);
    double rewardSum = 0;
    int violations = 0, window = 0;
    for (std::int64_t t = 0; t < d->opt.steps && !stop.stop_requested(); ++t) {
        const auto [v, w] = pairs.next();
        const Sample& pre = drawSample(d->runs.background(w), rng);
        const Observation raw = observe(p, v, pre.telemetry, p.fpsConstraint);
        const auto x = d->features(raw);
        const int a = d->choose(x, d->opt.exploration);
        const Sample& out = drawSample(d->runs.run(v, w, a).samples, rng);
        const double r = stepReward(ctx, p, v, raw, out, d->opt.reward);
        // Sherman–Morrison update of A⁻¹ and the ridge estimate.
        auto& inv = d->inverse[std::size_t(a)];
        const auto ax = inv * x;
        inv -= (ax * ax.transpose()) / (1.0 + x.dot(ax));
        d->b[std::size_t(a)] += r * x;
        d->theta[std::size_t(a)] = inv * d->b[std::size_t(a)];
        rewardSum += r;
        violations += out.fps < p.fpsConstraint ? 1 : 0;
        ++window;
        ++d->steps;
        if (window == 1000 || t + 1 == d->opt.steps) {
            sink.record("dpu/reward", t + 1, rewardSum / window);
            sink.record("dpu/violation_rate", t + 1, double(violations) / window);
            recordPolicyProgress(policyProgress(d->runs, d->split, policy()), p, t + 1, sink);
            sink.record("dpu/global_mean_ppw", t + 1, ctx.global().mean());
            sink.snapshot("dpu/context", contextSnapshotJson(ctx, d->opt.reward));
            sink.evaluations(std::uint64_t(t + 1));
            sink.progress(double(t + 1) / double(d->opt.steps));
            rewardSum = 0;
            violations = window = 0;
            if (control)
                control->waitWhilePaused(stop);
        }
    }
}

int LinUcb::act(const Observation& raw) const { return d->choose(d->features(raw), 0.0); }

std::vector<double> LinUcb::estimates(const Observation& raw) const
{
    const auto x = d->features(raw);
    std::vector<double> out;
    out.reserve(d->theta.size());
    for (const auto& th : d->theta)
        out.push_back(th.dot(x));
    return out;
}

const ContextStats& LinUcb::context() const { return d->ctx; }
const LinUcbOptions& LinUcb::options() const { return d->opt; }
std::int64_t LinUcb::steps() const { return d->steps; }

Policy LinUcb::policy() const
{
    return [this](int, int, const Observation& raw) { return act(raw); };
}

} // namespace mapscape::dpu
