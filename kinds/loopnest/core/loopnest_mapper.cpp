// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/loopnest/core/loopnest_mapper.h"

#include "core/model/validation.h"
#include "core/study/point_optimizer_catalog.h"

#include <algorithm>
#include <limits>
#include <set>
#include <unordered_set>

namespace mapscape::loopnest {

namespace {

constexpr std::size_t kBatch = 512;            ///< points per ask (linear-pruned)
constexpr std::size_t kRandomBatch = 256;      ///< points per ask (random-pruned)
constexpr std::size_t kMaxBypassChoices = 1u << 20; ///< linear-pruned: keep / bypass combinations enumerated
constexpr std::size_t kRandomBypassChoices = 64; ///< random-pruned: more than this are sampled
constexpr int kRefusalsPerAsk = 1 << 20;        ///< factorisations passed over in one ask

/// Advances an odometer over `sizes` (last digit fastest); false when it wraps to all zeros.
bool advance(std::vector<std::size_t>& pos, const std::vector<std::size_t>& sizes)
{
    for (std::size_t i = pos.size(); i-- > 0;) {
        if (++pos[i] < sizes[i])
            return true;
        pos[i] = 0;
    }
    return false;
}

std::vector<std::size_t> sizesOf(const std::vector<std::vector<std::int32_t>>& lists)
{
    std::vector<std::size_t> out;
    for (const auto& l : lists)
        out.push_back(l.size());
    return out;
}

/// Every combination of one value per list (last list fastest).
std::vector<std::vector<std::int32_t>> combinations(const std::vector<std::vector<std::int32_t>>& lists)
{
    std::vector<std::vector<std::int32_t>> out;
    std::vector<std::size_t> pos(lists.size(), 0);
    const std::vector<std::size_t> sizes = sizesOf(lists);
    do {
        std::vector<std::int32_t> c(lists.size());
        for (std::size_t i = 0; i < lists.size(); ++i)
            c[i] = lists[i][pos[i]];
        out.push_back(std::move(c));
    } while (advance(pos, sizes));
    return out;
}

long double productOf(const std::vector<std::vector<std::int32_t>>& lists)
{
    long double p = 1;
    for (const auto& l : lists)
        p *= static_cast<long double>(l.size());
    return p;
}

} // namespace

// ---- common part ---------------------------------------------------------------------------

PrunedSearchBase::PrunedSearchBase(const MapSpace& space, PrunedSearchOptions options)
    : m_space(space)
    , m_options(options)
{
    const auto params = space.parameters();
    for (int d = 0; d < space.dimensionCount(); ++d) {
        std::vector<std::int32_t> values;
        const Parameter& p = params[std::size_t(d)];
        for (int k = 0; k < p.allowedCount(); ++k)
            values.push_back(std::int32_t(p.allowed.kth(k)));
        m_factorValues.push_back(std::move(values));
    }
    m_bypassValues = space.bypassChoices();
}

std::vector<Point> PrunedSearchBase::spend(std::vector<Point> batch)
{
    if (std::int64_t(batch.size()) > m_options.samples - m_asked)
        batch.resize(std::size_t(std::max<std::int64_t>(0, m_options.samples - m_asked)));
    m_asked += std::int64_t(batch.size());
    return batch;
}

void PrunedSearchBase::tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink&)
{
    const int primary = m_space.primaryObjective();
    for (std::size_t i = 0; i < points.size() && i < evaluations.size(); ++i) {
        const PointEvaluation& e = evaluations[i];
        told(points[i], e);
        if (!e.valid) {
            ++m_invalidRun;
            if (m_options.timeout > 0 && m_invalidRun >= m_options.timeout)
                m_stopped = true;
            continue;
        }
        m_invalidRun = 0;
        const double v = e.objective[std::size_t(primary)];
        if (!m_haveBest || v < m_best) {
            m_haveBest = true;
            m_best = v;
            m_sinceBest = 0;
        } else if (m_options.victory > 0 && ++m_sinceBest >= m_options.victory) {
            m_stopped = true;
        }
    }
}

// ---- linear-pruned -------------------------------------------------------------------------

LinearPrunedMapper::LinearPrunedMapper(const MapSpace& space, PrunedSearchOptions options)
    : PrunedSearchBase(space, options)
{
    m_factorisations = productOf(m_factorValues);
    if (productOf(m_bypassValues) > static_cast<long double>(kMaxBypassChoices))
        throw InputError("linear-pruned: the constraints leave " + std::to_string(static_cast<double>(productOf(m_bypassValues))) +
                         " keep / bypass choices, more than the exhaustive search enumerates (" +
                         std::to_string(kMaxBypassChoices) + "); fix some with bypass constraints");
    m_ifPos.assign(m_factorValues.size(), 0);
    m_base.assign(space.parameters().size(), 0);
    m_bypassCombos = combinations(m_bypassValues);
}

bool LinearPrunedMapper::startFactorisation()
{
    for (std::size_t d = 0; d < m_ifPos.size(); ++d)
        m_base[d] = m_factorValues[d][m_ifPos[d]];
    if (m_space.factorRefusal(m_base) != 0)
        return false;
    m_orders.clear();
    for (int l = 0; l < m_space.levelCount(); ++l)
        m_orders.push_back(m_space.prunedOrders(m_base, l));
    m_lpPos.assign(m_orders.size(), 0);
    return true;
}

bool LinearPrunedMapper::nextFactorisation()
{
    for (int refused = 0; refused < kRefusalsPerAsk; ++refused) {
        if (m_ifStarted) {
            m_ifDone += 1;
            if (!advance(m_ifPos, sizesOf(m_factorValues))) {
                m_exhausted = true;
                return false;
            }
        }
        m_ifStarted = true;
        if (startFactorisation())
            return true;
    }
    return false; // many refused in a row: the next ask goes on from here
}

std::vector<Point> LinearPrunedMapper::ask()
{
    std::vector<Point> batch;
    if (stopped() || m_exhausted || m_probing)
        return batch;
    const int firstOrder = m_space.firstOrderParameter();
    const int firstBypass = m_space.firstBypassParameter();
    const auto withOrders = [&](Point p) {
        for (std::size_t l = 0; l < m_orders.size(); ++l)
            p[std::size_t(firstOrder) + l] = m_orders[l][m_lpPos[l]];
        return p;
    };
    while (batch.empty()) {
        if (m_orders.empty()) {
            // A new factorisation: probe its first loop order with every keep / bypass choice.
            if (!nextFactorisation()) {
                if (m_exhausted)
                    return batch;
                // Only refusals in this call: hand one back (an invalid sample) so that the
                // driver can look at its stop token before the search goes on.
                batch.push_back(m_base);
                break;
            }
            const Point p = withOrders(m_base);
            for (const auto& choice : m_bypassCombos) {
                Point q = p;
                std::copy(choice.begin(), choice.end(), q.begin() + firstBypass);
                batch.push_back(std::move(q));
            }
            m_probing = true;
            m_feasible.clear();
            m_feasibleCount = batch.size();
            break;
        }
        // The other loop orders of this factorisation, with the choices that fit.
        while (batch.size() < kBatch) {
            if (!advance(m_lpPos, sizesOf(m_orders))) {
                m_orders.clear(); // this factorisation is done
                break;
            }
            const Point p = withOrders(m_base);
            for (const auto& choice : m_feasible) {
                Point q = p;
                std::copy(choice.begin(), choice.end(), q.begin() + firstBypass);
                batch.push_back(std::move(q));
            }
        }
        if (batch.empty() && m_orders.empty())
            continue;
    }
    return spend(std::move(batch));
}

void LinearPrunedMapper::told(const Point& point, const PointEvaluation& e)
{
    if (!m_probing)
        return;
    if (!e.valid && MapSpace::refusesFactors(e.reason)) {
        m_feasible.clear(); // no order or choice of these factors can be mapped
    } else if (e.valid || !MapSpace::isCapacity(e.reason)) {
        const auto first = point.begin() + m_space.firstBypassParameter();
        m_feasible.emplace_back(first, point.end());
    }
    if (--m_feasibleCount == 0) {
        m_probing = false;
        if (m_feasible.empty())
            m_orders.clear(); // every choice overflows a buffer: no other order fits either
    }
}

double LinearPrunedMapper::progress() const
{
    if (m_exhausted)
        return 1.0;
    const double bySamples = m_options.samples > 0 ? double(m_asked) / double(m_options.samples) : 0.0;
    const double bySpace = m_factorisations > 0 ? static_cast<double>(m_ifDone / m_factorisations) : 0.0;
    return std::clamp(std::max(bySamples, bySpace), 0.0, 1.0);
}

// ---- random-pruned -------------------------------------------------------------------------

RandomPrunedMapper::RandomPrunedMapper(const MapSpace& space, PrunedSearchOptions options, std::uint64_t seed)
    : PrunedSearchBase(space, options)
    , m_rng(seed)
{
    if (productOf(m_bypassValues) <= static_cast<long double>(kRandomBypassChoices))
        m_bypassCombos = combinations(m_bypassValues); // few: every one with each order
}

std::vector<Point> RandomPrunedMapper::ask()
{
    std::vector<Point> batch;
    const int firstOrder = m_space.firstOrderParameter();
    const int firstBypass = m_space.firstBypassParameter();
    const auto pick = [&](const std::vector<std::int32_t>& values) {
        return values[std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(m_rng)];
    };
    Point base(m_space.parameters().size(), 0);
    while (batch.size() < kRandomBatch && !stopped() && m_asked + std::int64_t(batch.size()) < m_options.samples) {
        // A random factorisation that some order can map (refusals are redrawn, boundedly).
        for (int tries = 0; tries < kRefusalsPerAsk; ++tries) {
            for (std::size_t d = 0; d < m_factorValues.size(); ++d)
                base[d] = pick(m_factorValues[d]);
            if (m_space.factorRefusal(base) == 0)
                break;
        }
        std::vector<std::vector<std::int32_t>> orders;
        for (int l = 0; l < m_space.levelCount(); ++l)
            orders.push_back(m_space.prunedOrders(base, l));
        // Up to `permutations` distinct loop orders of it.
        std::set<std::vector<std::int32_t>> seen;
        const long double distinct = productOf(orders);
        const auto visits = static_cast<std::size_t>(std::min<long double>(distinct, m_options.permutations));
        for (int tries = 0; seen.size() < visits && tries < 64 * m_options.permutations; ++tries) {
            std::vector<std::int32_t> o;
            for (const auto& list : orders)
                o.push_back(pick(list));
            if (!seen.insert(o).second)
                continue;
            Point p = base;
            std::copy(o.begin(), o.end(), p.begin() + firstOrder);
            if (!m_bypassCombos.empty()) {
                for (const auto& choice : m_bypassCombos) {
                    std::copy(choice.begin(), choice.end(), p.begin() + firstBypass);
                    batch.push_back(p);
                }
            } else {
                for (std::size_t k = 0; k < kRandomBypassChoices; ++k) {
                    for (std::size_t i = 0; i < m_bypassValues.size(); ++i)
                        p[std::size_t(firstBypass) + i] = pick(m_bypassValues[i]);
                    batch.push_back(p);
                }
            }
        }
    }
    return spend(std::move(batch));
}

double RandomPrunedMapper::progress() const
{
    return m_options.samples > 0 ? std::clamp(double(m_asked) / double(m_options.samples), 0.0, 1.0) : 1.0;
}

// ---- hybrid: GA, then iterated local search ------------------------------------------------------

struct HybridMapper::Visited {
    struct Hash {
        std::size_t operator()(const Point& p) const noexcept
        {
            std::uint64_t h = 1469598103934665603ull;
            for (const std::int32_t v : p) {
                h ^= static_cast<std::uint32_t>(v);
                h *= 1099511628211ull;
            }
            return std::size_t(h);
        }
    };
    std::unordered_set<Point, Hash> points;
};

HybridMapper::HybridMapper(const MapSpace& space, HybridMapperOptions options, std::uint64_t seed)
    : m_space(space)
    , m_options(options)
    , m_rng(seed ^ 0x9e3779b97f4a7c15ull)
    , m_visited(std::make_unique<Visited>())
    , m_seed(seed)
{
    m_options.rounds = std::max(1, m_options.rounds);
    startRound();
}

HybridMapper::~HybridMapper() = default;

void HybridMapper::startRound()
{
    const std::int64_t perRound = std::max<std::int64_t>(1, m_options.samples / m_options.rounds);
    const std::int64_t roundStart = std::int64_t(m_round) * perRound;
    m_roundEnd = m_round + 1 == m_options.rounds ? m_options.samples : roundStart + perRound;
    const auto globalSamples = std::max<std::int64_t>(1, std::int64_t(double(perRound) * m_options.global));
    const std::vector<OptimizerInfo> gamma = genericPointOptimizers({"gamma"});
    m_global = makeGenericPointOptimizer(gamma.front(), m_space, {{"samples", std::to_string(globalSamples)}},
                                         m_seed + 7919u * std::uint64_t(m_round));
    m_local = false;
    m_haveRoundBest = false;
}

std::vector<Point> HybridMapper::fresh(std::vector<Point> candidates)
{
    std::vector<Point> out;
    for (Point& p : candidates) {
        if (m_visited->points.size() > 4'000'000)
            m_visited->points.clear(); // bounded memory: revisits are only wasted samples
        if (m_visited->points.insert(p).second)
            out.push_back(std::move(p));
    }
    return out;
}

void HybridMapper::kick()
{
    // A few random steps from the round's best; the climb starts from there.
    Point p = m_roundBest;
    const int steps = std::uniform_int_distribution<int>(1, std::max(1, m_options.kick))(m_rng);
    for (int i = 0; i < steps; ++i) {
        const std::vector<Point> next = m_space.neighbours(p);
        if (next.empty())
            break;
        p = next[std::uniform_int_distribution<std::size_t>(0, next.size() - 1)(m_rng)];
    }
    m_current = p;
    m_currentValue = std::numeric_limits<double>::infinity();
}

std::vector<Point> HybridMapper::ask()
{
    std::vector<Point> batch;
    while (batch.empty() && m_asked < m_options.samples) {
        if (m_asked >= m_roundEnd && m_round + 1 < m_options.rounds) {
            ++m_round;
            startRound();
        }
        if (!m_local) {
            batch = m_global->ask();
            if (!batch.empty()) {
                for (const Point& p : batch)
                    m_visited->points.insert(p);
                break;
            }
            m_local = true;
            if (!m_haveRoundBest) {
                m_asked = m_roundEnd; // this round's GA found nothing valid: nothing to climb from
                continue;
            }
            m_current = m_roundBest;
            m_currentValue = m_roundBestValue;
        }
        for (int attempt = 0; batch.empty() && attempt < 64; ++attempt) {
            batch = fresh(m_space.neighbours(m_current));
            if (batch.empty())
                kick(); // every neighbour seen: move on
        }
        if (batch.empty())
            m_asked = m_roundEnd; // nothing new near this round's best
    }
    const std::int64_t left = std::min(m_options.samples, m_local ? m_roundEnd : m_options.samples) - m_asked;
    if (std::int64_t(batch.size()) > std::max<std::int64_t>(left, 0))
        batch.resize(std::size_t(std::max<std::int64_t>(left, 0)));
    m_asked += std::int64_t(batch.size());
    return batch;
}

void HybridMapper::tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink)
{
    const auto primary = std::size_t(m_space.primaryObjective());
    if (!m_local)
        m_global->tell(points, evaluations, sink);
    std::size_t bestHere = points.size();
    for (std::size_t i = 0; i < points.size() && i < evaluations.size(); ++i) {
        if (!evaluations[i].valid)
            continue;
        const double v = evaluations[i].objective[primary];
        if (bestHere == points.size() || v < evaluations[bestHere].objective[primary])
            bestHere = i;
        if (!m_haveRoundBest || v < m_roundBestValue) {
            m_haveRoundBest = true;
            m_roundBestValue = v;
            m_roundBest = points[i];
        }
        if (!m_haveBest || v < m_bestValue) {
            m_haveBest = true;
            m_bestValue = v;
            m_best = points[i];
        }
    }
    if (!m_local)
        return;
    if (bestHere < points.size() && evaluations[bestHere].objective[primary] < m_currentValue) {
        m_current = points[bestHere]; // the best neighbour improves: step there
        m_currentValue = evaluations[bestHere].objective[primary];
    } else {
        kick(); // a local optimum
    }
}

double HybridMapper::progress() const
{
    return m_options.samples > 0 ? std::clamp(double(m_asked) / double(m_options.samples), 0.0, 1.0) : 1.0;
}

// ---- registry --------------------------------------------------------------------------------

std::vector<OptimizerInfo> prunedMapperInfos()
{
    const PrunedSearchOptions d;
    const auto stops = [&] {
        return std::vector<OptionSpec>{
                integerOption("victory", "Victory condition", d.victory, 0, 1e12,
                              "stop after this many valid mappings in a row that are not better (Timeloop's "
                              "victory_condition; 0: never)"),
                integerOption("timeout", "Timeout", d.timeout, 0, 1e12,
                              "stop after this many invalid mappings in a row (Timeloop's timeout; 0: never)")};
    };
    OptimizerInfo linear;
    linear.id = "linear-pruned";
    linear.title = "Exhaustive (Timeloop's linear-pruned)";
    linear.description = "Every factorisation, every distinct loop order (only loops whose factor is not 1 are ordered) "
                         "and every keep / bypass choice the constraints leave; factorisations that cannot fan out and "
                         "choices that overflow a buffer are pruned exactly. Returns the optimum of a space it finishes.";
    linear.options = {integerOption("samples", "Samples", 10'000'000, 1, 1e12, "mappings evaluated at most")};
    for (OptionSpec& o : stops())
        linear.options.push_back(std::move(o));
    OptimizerInfo random;
    random.id = "random-pruned";
    random.title = "Random-pruned (Timeloop)";
    random.description = "Timeloop's random-pruned mapper: a random factorisation, then up to `permutations` of its "
                         "distinct loop orders, each with every keep / bypass choice.";
    random.options = {integerOption("samples", "Samples", d.samples, 1, 1e12, "mappings evaluated"),
                      integerOption("permutations", "Loop orders per factorisation", d.permutations, 1, 1e6,
                                    "Timeloop's max_permutations_per_if_visit")};
    for (OptionSpec& o : stops())
        random.options.push_back(std::move(o));
    OptimizerInfo hybrid;
    const HybridMapperOptions h;
    hybrid.id = "hybrid";
    hybrid.title = "GA + local search (default)";
    hybrid.description = "A GAMMA-style GA over the whole map space for part of the budget, then iterated local search "
                         "from its best mapping: steps that move one prime factor between loops, reorder one level's "
                         "loops or flip one keep / bypass, and a kick from the best at each local optimum.";
    hybrid.options = {integerOption("samples", "Samples", h.samples, 1, 1e12, "mappings evaluated"),
                      realOption("global", "GA share", h.global, 0, 1, "fraction of the samples the GA spends first"),
                      integerOption("kick", "Kick steps", h.kick, 1, 100, "random steps from the best at a local optimum"),
                      integerOption("rounds", "Rounds", h.rounds, 1, 1000, "independent GA + local-search rounds")};
    std::vector<OptimizerInfo> out{std::move(hybrid), std::move(random), std::move(linear)};
    for (OptimizerInfo& info : out) {
        info.kind = "loopnest";
        info.budgetKey = "samples";
    }
    return out;
}

std::unique_ptr<PointOptimizer> makePrunedMapper(const OptimizerInfo& info, const MapSpace& space,
                                                 const OptionValues& values, std::uint64_t seed)
{
    if (info.id != "linear-pruned" && info.id != "random-pruned" && info.id != "hybrid")
        return nullptr;
    OptionReader r(info, values);
    if (info.id == "hybrid") {
        HybridMapperOptions h;
        h.samples = std::int64_t(r.number("samples"));
        h.global = r.number("global");
        h.kick = int(r.number("kick"));
        h.rounds = int(r.number("rounds"));
        return std::make_unique<HybridMapper>(space, h, seed);
    }
    PrunedSearchOptions o;
    o.samples = std::int64_t(r.number("samples"));
    o.victory = std::int64_t(r.number("victory"));
    o.timeout = std::int64_t(r.number("timeout"));
    if (info.id == "linear-pruned")
        return std::make_unique<LinearPrunedMapper>(space, o);
    o.permutations = int(r.integer("permutations"));
    return std::make_unique<RandomPrunedMapper>(space, o, seed);
}

} // namespace mapscape::loopnest
