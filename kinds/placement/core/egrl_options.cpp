// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/placement/core/egrl_options.h"

#include "core/util/strings.h"
#include "core/util/units.h"

#include <variant>

namespace mapscape::placement {

namespace {

using Field = std::variant<int EgrlOptions::*, double EgrlOptions::*, bool EgrlOptions::*>;

struct OptionField {
    const char* key;
    Field field;
    double lo, hi;
};

/// Every numeric and boolean option with its valid range (mode and target are handled apart).
const std::vector<OptionField>& fields()
{
    static const std::vector<OptionField> f = {
        {"hidden", &EgrlOptions::hidden, 4, 1024},
        {"output", &EgrlOptions::output, 4, 1024},
        {"depth", &EgrlOptions::depth, 1, 8},
        {"heads", &EgrlOptions::heads, 0, 16},
        {"pool_ratio", &EgrlOptions::poolRatio, 0.05, 1},
        {"undirected", &EgrlOptions::undirected, 0, 1},
        {"batch_norm", &EgrlOptions::batchNorm, 0, 1},
        {"one_hot_op", &EgrlOptions::oneHotOp, 0, 1},
        {"dense_share", &EgrlOptions::denseShare, 0, 1},
        {"population", &EgrlOptions::population, 0, 1000},
        {"boltzmann_fraction", &EgrlOptions::boltzmannFraction, 0, 1},
        {"elite_fraction", &EgrlOptions::eliteFraction, 0, 0.5},
        {"tournament_size", &EgrlOptions::tournamentSize, 1, 100},
        {"crossover_prob", &EgrlOptions::crossoverProb, 0, 1},
        {"mutation_prob", &EgrlOptions::mutationProb, 0, 1},
        {"boltzmann_sigma", &EgrlOptions::boltzmannSigma, 0, 10},
        {"temperature_mutation_mean", &EgrlOptions::temperatureMutationMean, 0.01, 10},
        {"temperature_min", &EgrlOptions::temperatureMin, 1e-3, 1e3},
        {"temperature_max", &EgrlOptions::temperatureMax, 1e-3, 1e3},
        {"mutation_strength", &EgrlOptions::mutationStrength, 0, 100},
        {"super_mutation_strength", &EgrlOptions::superMutationStrength, 0, 1000},
        {"super_mutation_prob", &EgrlOptions::superMutationProb, 0, 1},
        {"reset_prob", &EgrlOptions::resetProb, 0, 1},
        {"mutation_fraction", &EgrlOptions::mutationFraction, 0, 1},
        {"weight_limit", &EgrlOptions::weightLimit, 1e-3, 1e30},
        {"migration", &EgrlOptions::migration, 0, 1},
        {"pg_rollouts", &EgrlOptions::pgRollouts, 0, 100},
        {"gamma", &EgrlOptions::gamma, 0, 1},
        {"buffer_size", &EgrlOptions::bufferSize, 1, 1e7},
        {"critic_lr", &EgrlOptions::criticLr, 0, 1},
        {"actor_lr", &EgrlOptions::actorLr, 0, 1},
        {"alpha", &EgrlOptions::alpha, 0, 100},
        {"tau", &EgrlOptions::tau, 0, 1},
        {"batch", &EgrlOptions::batch, 1, 4096},
        {"reward_scale", &EgrlOptions::rewardScale, 1e-6, 1e6},
        {"reward_shift", &EgrlOptions::rewardShift, -1e6, 1e6},
        {"gradient_steps_per_frame", &EgrlOptions::gradientStepsPerFrame, 0, 100},
        {"action_noise", &EgrlOptions::actionNoise, 0, 10},
        {"entropy_factor", &EgrlOptions::entropyFactor, 0, 100},
        {"gradient_clip", &EgrlOptions::gradientClip, 1e-6, 1e6},
        {"epsilon_min", &EgrlOptions::epsilonMin, 0, 1},
        {"epsilon_decay", &EgrlOptions::epsilonDecay, 1e-3, 1e9},
        {"terminal", &EgrlOptions::terminal, 0, 1},
        {"burn_in", &EgrlOptions::burnIn, 1, 1e7},
        {"threads", &EgrlOptions::threads, 0, 256},
    };
    return f;
}

double numeric(const EgrlOptions& o, const Field& f)
{
    return std::visit([&](auto member) { return double(o.*member); }, f);
}

std::string range(double lo, double hi)
{
    return "[" + formatReal(lo) + ", " + formatReal(hi) + "]";
}

} // namespace

void checkGnnWorkloadSize(int nodes, std::string_view method)
{
    if (nodes <= kMaxGnnNodes)
        return;
    const double gb = 32.0 * double(nodes) * double(nodes) / 1e9;
    throw InputError(std::string(method) + ": the workload has " + formatInteger(nodes) +
                     " nodes; the graph network works on dense N×N matrices (about " + formatSig(gb, 2) +
                     " GB for this workload) and supports at most " + formatInteger(kMaxGnnNodes) +
                     " nodes; greedy-dp, local and random search take up to " + formatInteger(kMaxWorkloadNodes) +
                     " nodes");
}

std::string_view egrlModeId(EgrlMode m)
{
    switch (m) {
    case EgrlMode::Egrl:
        return "egrl";
    case EgrlMode::Ea:
        return "ea";
    case EgrlMode::Pg:
        return "pg";
    }
    return "?";
}

FieldIssues validateEgrlOptions(const EgrlOptions& o)
{
    FieldIssues issues;
    for (const OptionField& f : fields()) {
        const double v = numeric(o, f.field);
        if (!(v >= f.lo && v <= f.hi))
            issues.push_back({std::string("egrl.") + f.key, "must be in " + range(f.lo, f.hi) + ", got " + formatReal(v)});
    }
    if (o.heads > 0 && (o.hidden % o.heads != 0 || o.output % o.heads != 0))
        issues.push_back({"egrl.heads", "must divide the hidden and output sizes (" + std::to_string(o.hidden) + ", " +
                                            std::to_string(o.output) + "), got " + std::to_string(o.heads)});
    if (o.temperatureMax < o.temperatureMin)
        issues.push_back({"egrl.temperature_max", "must not be below temperature_min (" + formatReal(o.temperatureMin) + ")"});
    if (o.mode != EgrlMode::Pg && o.population < 4)
        issues.push_back({"egrl.population", "must be at least 4 for an evolving population, got " + std::to_string(o.population)});
    if (o.mode != EgrlMode::Ea && o.pgRollouts < 1)
        issues.push_back({"egrl.pg_rollouts", "the learner needs at least 1 rollout pair per generation"});
    return issues;
}

std::vector<std::string> egrlOptionKeys()
{
    std::vector<std::string> keys{"mode", "target"};
    for (const OptionField& f : fields())
        keys.emplace_back(f.key);
    return keys;
}

void setEgrlOption(EgrlOptions& o, std::string_view key, std::string_view value)
{
    const std::string field = "egrl." + std::string(key);
    const std::string v(trim(value));
    if (key == "mode") {
        for (EgrlMode m : {EgrlMode::Egrl, EgrlMode::Ea, EgrlMode::Pg})
            if (v == egrlModeId(m)) {
                o.mode = m;
                return;
            }
        throw InputError(field + ": expected egrl, ea or pg, got \"" + v + "\"");
    }
    if (key == "target") {
        if (v == "code")
            o.target = BellmanTarget::Code;
        else if (v == "paper")
            o.target = BellmanTarget::Paper;
        else
            throw InputError(field + ": expected code (α·0.2·H inside the γ bracket) or paper (+H outside), got \"" + v + "\"");
        return;
    }
    for (const OptionField& f : fields()) {
        if (key != f.key)
            continue;
        std::visit(
            [&](auto member) {
                using T = std::remove_cvref_t<decltype(o.*member)>;
                if constexpr (std::is_same_v<T, bool>) {
                    if (v == "true" || v == "1" || v == "on" || v == "yes")
                        o.*member = true;
                    else if (v == "false" || v == "0" || v == "off" || v == "no")
                        o.*member = false;
                    else
                        throw InputError(field + ": expected true or false, got \"" + v + "\"");
                } else if constexpr (std::is_same_v<T, int>) {
                    const auto x = parseInt(v);
                    if (!x || double(*x) < f.lo || double(*x) > f.hi)
                        throw InputError(field + ": expected an integer in " + range(f.lo, f.hi) + ", got \"" + v + "\"");
                    o.*member = int(*x);
                } else {
                    const auto x = parseReal(v);
                    if (!x || !(*x >= f.lo && *x <= f.hi))
                        throw InputError(field + ": expected a number in " + range(f.lo, f.hi) + ", got \"" + v + "\"");
                    o.*member = *x;
                }
            },
            f.field);
        return;
    }
    std::string keys;
    for (const std::string& k : egrlOptionKeys())
        keys += (keys.empty() ? "" : ", ") + k;
    throw InputError(field + ": unknown option; expected one of " + keys);
}

std::string egrlOptionValue(const EgrlOptions& o, std::string_view key)
{
    if (key == "mode")
        return std::string(egrlModeId(o.mode));
    if (key == "target")
        return o.target == BellmanTarget::Code ? "code" : "paper";
    for (const OptionField& f : fields())
        if (key == f.key)
            return std::visit(
                [&](auto member) -> std::string {
                    using T = std::remove_cvref_t<decltype(o.*member)>;
                    if constexpr (std::is_same_v<T, bool>)
                        return (o.*member) ? "true" : "false";
                    else if constexpr (std::is_same_v<T, int>)
                        return std::to_string(o.*member);
                    else
                        return formatReal(double(o.*member));
                },
                f.field);
    throw InputError("egrl." + std::string(key) + ": unknown option");
}

std::vector<ZeroShotTarget> zeroShotTargets(std::string_view list, const PlacementModel& trained, const std::string& field)
{
    std::vector<ZeroShotTarget> targets;
    for (const std::string& item : split(list, ',')) {
        const std::string id(trim(item));
        if (id.empty())
            continue;
        std::optional<WorkloadGraph> graph = findBuiltinWorkload(id);
        if (!graph)
            throw InputError(field + ": unknown workload \"" + id + "\"; expected resnet50, resnet101 or bert");
        targets.push_back(
            {id, std::make_shared<const PlacementModel>(std::move(*graph), trained.params(), trained.rewardOptions())});
    }
    return targets;
}

} // namespace mapscape::placement
