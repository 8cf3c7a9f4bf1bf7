// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/charts/metric_labels.h"

#include <QCoreApplication>

namespace mapscape {

namespace {
QString tr(const char* s) { return QCoreApplication::translate("MetricLabel", s); }
} // namespace

static MetricLabel labelFor(const QString& name, const QString& objectiveLabel, const QString& objectiveUnit)
{
    const QString samples = tr("Samples (cost-model evaluations)");
    const QString episodes = tr("Episodes");
    MetricLabel m;
    m.title = name;
    m.xTitle = samples;
    if (name == QStringLiteral("search/best_total")) {
        m = {tr("Best network total: %1").arg(objectiveLabel.toLower()), objectiveUnit, tr("Tables evaluated"), true, true,
             tr("The objective summed over the best table of every layer, once every layer has one")};
    } else if (name == QStringLiteral("search/best")) {
        m = {tr("Best %1 so far").arg(objectiveLabel.toLower()), objectiveUnit, samples, true, true,
             tr("The objective of the best valid design found so far")};
    } else if (name == QStringLiteral("search/valid_fraction") || name == QStringLiteral("ga/valid_fraction") ||
               name == QStringLiteral("random/valid_fraction")) {
        m = {tr("Valid designs per batch"), QString(), samples, false, true,
             tr("Share of the designs of each batch that the model accepts (fit the buffers, map legally)")};
    } else if (name == QStringLiteral("ga/generation_best")) {
        m = {tr("Generation best: %1").arg(objectiveLabel.toLower()), objectiveUnit, samples, true, true,
             tr("Best objective among the individuals of each generation")};
    } else if (name == QStringLiteral("ga/generation_mean")) {
        m = {tr("Generation mean: %1").arg(objectiveLabel.toLower()), objectiveUnit, samples, true, true,
             tr("Mean objective of the valid individuals of each generation")};
    } else if (name == QStringLiteral("ppo/best_total")) {
        m = {tr("PPO: best network total"), objectiveUnit, episodes, true, true,
             tr("The network's objective over the best table of each layer, per episode")};
    } else if (name == QStringLiteral("ppo/actor_loss")) {
        m = {tr("PPO: actor loss"), QString(), episodes, false, true, tr("Clipped surrogate loss of the policy update")};
    } else if (name == QStringLiteral("ppo/critic_loss")) {
        m = {tr("PPO: critic loss"), QString(), episodes, true, true, tr("Value-function regression loss")};
    } else if (name == QStringLiteral("ppo/entropy")) {
        m = {tr("PPO: policy entropy"), tr("nats"), episodes, false, true,
             tr("How spread out the policy's action choices are; falls as it commits")};
    } else if (name == QStringLiteral("ppo/approx_kl")) {
        m = {tr("PPO: approximate KL"), QString(), episodes, false, true,
             tr("How far one update moved the policy (small = cautious)")};
    } else if (name == QStringLiteral("ppo/entropy_coef")) {
        m = {tr("PPO: entropy coefficient"), QString(), episodes, false, true, tr("The decaying exploration bonus c₂")};
    } else if (name == QStringLiteral("rl/mean_return")) {
        m = {tr("Mean return"), QString(), samples, false, true,
             tr("Mean reward of the samples of each learner update: X_ref / X, −1 for an invalid mapping (higher is better)"),
             tr("Return")};
    } else if (name.startsWith(QStringLiteral("rl/agent")) && name.endsWith(QStringLiteral("/entropy"))) {
        m = {tr("Agent %1: policy entropy").arg(name.section(QLatin1Char('/'), 1, 1).mid(5)), tr("nats"), samples, false, true,
             tr("Sum over the agent's heads; falls as the agent commits to values"), tr("Entropy")};
    } else if (name.startsWith(QStringLiteral("rl/agent")) && name.endsWith(QStringLiteral("/critic_loss"))) {
        m = {tr("Agent %1: value loss").arg(name.section(QLatin1Char('/'), 1, 1).mid(5)), QString(), samples, true, true,
             tr("Mean squared error of the agent's critic"), tr("Loss")};
    } else if (name.startsWith(QStringLiteral("rl/agent")) && name.endsWith(QStringLiteral("/approx_kl"))) {
        m = {tr("Agent %1: approximate KL").arg(name.section(QLatin1Char('/'), 1, 1).mid(5)), QString(), samples, false, true,
             tr("How far one update moved the agent's policy"), tr("KL")};
    } else if (name.startsWith(QStringLiteral("rl/value/"))) {
        m = {tr("Value chosen for %1").arg(name.mid(9)), QString(), samples, false, true,
             tr("The value the parameter's agent currently prefers (its most probable one), per update"), tr("Value")};
    } else if (name == QStringLiteral("rl/clustering_samples")) {
        m = {tr("Clustering pre-pass samples"), QString(), samples, false, true,
             tr("Samples spent collecting data for the agent clustering"), tr("Samples")};
    } else if (name == QStringLiteral("search/hypervolume")) {
        m = {tr("Hypervolume of the non-dominated designs"), tr("cycles·mW·µm²"), samples, false, true,
             tr("Volume of (latency, power, area) space the designs found so far dominate, bounded by the study's fixed "
                "reference point (1.1 × its worst corner design); higher is better"),
             tr("Hypervolume")};
    } else if (name == QStringLiteral("search/front_size")) {
        m = {tr("Non-dominated designs"), QString(), samples, false, true,
             tr("Designs no other design beats on latency, power and area at once"), tr("Designs")};
    } else if (name == QStringLiteral("search/seconds")) {
        m = {tr("Wall time"), tr("s"), samples, false, true, tr("Seconds since the run started (pauses excluded)"),
             tr("Time")};
    } else if (name.startsWith(QStringLiteral("ga/best_")) || name.startsWith(QStringLiteral("ga/mean_")) ||
               name.startsWith(QStringLiteral("ga/worst_"))) {
        const QString which = name.mid(3, name.indexOf(QLatin1Char('_')) - 3);
        const QString fitness = name.mid(name.indexOf(QLatin1Char('_')) + 1);
        const QString whichTitle = which == QStringLiteral("best") ? tr("best") : which == QStringLiteral("mean") ? tr("mean") : tr("worst");
        m = {tr("Stage 1 (GA): %1 %2 per generation").arg(whichTitle, fitness == QStringLiteral("area") ? tr("area") : tr("fitness")),
             fitness == QStringLiteral("area") ? tr("µm²") : QString(), tr("Generation"), true, true,
             tr("Over the valid members of each generation's population (the GA minimises it)"),
             fitness == QStringLiteral("area") ? tr("Area") : tr("Fitness")};
    } else if (name == QStringLiteral("ga/feasible") || name == QStringLiteral("ga/violating")) {
        const bool feasible = name == QStringLiteral("ga/feasible");
        m = {feasible ? tr("Stage 1 (GA): members meeting area_max") : tr("Stage 1 (GA): members violating area_max"),
             QString(), tr("Generation"), false, true,
             tr("The GA keeps a feasible and a violating population; violating members rank behind every feasible one"),
             tr("Members")};
    } else if (name.startsWith(QStringLiteral("ga/distinct_"))) {
        m = {tr("Stage 1 (GA): distinct values of %1").arg(name.mid(12)), QString(), tr("Generation"), false, true,
             tr("How many values of the gene the population still holds; the survivors' values form stage 2's subspace"),
             tr("Values")};
    } else if (name == QStringLiteral("rl/reward") || name == QStringLiteral("rl/reward_avg")) {
        m = {name == QStringLiteral("rl/reward") ? tr("Stage 2 (actor-critic): episode reward")
                                                : tr("Stage 2 (actor-critic): running mean reward"),
             QString(), episodes, false, true,
             tr("−(A·latency/latency_ref + B·power/power_ref) for a design within the constraints, a penalty otherwise; "
                "higher is better"),
             tr("Reward")};
    } else if (name == QStringLiteral("rl/epsilon")) {
        m = {tr("Stage 2 (actor-critic): exploration ε"), QString(), episodes, false, true,
             tr("Probability of a uniformly random value instead of the policy's choice; decays over the episodes"),
             tr("ε")};
    } else if (name == QStringLiteral("rl/actor_loss") || name == QStringLiteral("rl/critic_loss")) {
        const bool actor = name == QStringLiteral("rl/actor_loss");
        m = {actor ? tr("Stage 2: actor loss") : tr("Stage 2: critic loss"), QString(), episodes, !actor, true,
             actor ? tr("−log π(a)·advantage summed over the episode's decisions")
                   : tr("Squared error of the critic's value against the episode's return"),
             tr("Loss")};
    } else if (name == QStringLiteral("rl/latency") || name == QStringLiteral("rl/power") || name == QStringLiteral("rl/area")) {
        const QString what = name.mid(3);
        m = {tr("Stage 2: episode design's %1").arg(what), what == QStringLiteral("latency") ? tr("cycles")
                                                          : what == QStringLiteral("power")   ? tr("mW")
                                                                                              : tr("µm²"),
             episodes, true, true, tr("The design the actor allocated in each episode"),
             what == QStringLiteral("latency") ? tr("Latency") : what == QStringLiteral("power") ? tr("Power") : tr("Area")};
    } else if (name.startsWith(QStringLiteral("rl/entropy_"))) {
        m = {tr("Stage 2: policy entropy of %1").arg(name.mid(11)), tr("nats"), episodes, false, true,
             tr("How undecided the actor is about the gene's value; falls as it commits"), tr("Entropy")};
    } else if (name == QStringLiteral("grmd/stage")) {
        m = {tr("GRMD stage"), QString(), samples, false, true,
             tr("1: genetic algorithm on area, 2: actor-critic on latency and power, 3: roll-outs and Pareto tuning"),
             tr("Stage")};
    } else if (name == QStringLiteral("grmd/subspace_log10")) {
        m = {tr("Stage 2 subspace size (log₁₀)"), QString(), samples, false, true,
             tr("Designs the actor chooses among: the product of the GA survivors' distinct gene values"), tr("log₁₀ designs")};
    } else if (name == QStringLiteral("bo/length_scale")) {
        m = {tr("BO: GP length scale"), QString(), samples, false, true,
             tr("The Gaussian process's length scale chosen by marginal likelihood"), tr("Length scale")};
    } else if (name == QStringLiteral("exhaustive/candidates")) {
        m = {tr("Exhaustive: candidates per layer"), tr("tables"), tr("Layer (index)"), true, true,
             tr("Size of each layer's unpruned space")};
    } else if (name == QStringLiteral("exhaustive/evaluated") || name == QStringLiteral("bottom-up/evaluated")) {
        m = {tr("Tables evaluated per layer"), tr("tables"), tr("Layer (index)"), true, true,
             tr("Complete tables the model evaluated after pruning")};
    } else if (name.startsWith(QStringLiteral("dpu/"))) {
        const QString steps = tr("Environment steps (one 3 Hz sample each)");
        if (name == QStringLiteral("dpu/reward")) {
            m = {tr("DPU learner: mean reward per step"), QString(), steps, false, true,
                 tr("Algorithm 1: tanh of the PPW above the context's running mean, −1 below C_PERF; higher is better"),
                 tr("Reward")};
        } else if (name == QStringLiteral("dpu/violation_rate")) {
            m = {tr("DPU learner: steps below C_PERF"), QString(), steps, false, true,
                 tr("Share of the steps whose configuration ran below the throughput constraint"), tr("Share")};
        } else if (name == QStringLiteral("dpu/train_ppw")) {
            m = {tr("DPU learner: normalised PPW on the training models"), QString(), steps, false, true,
                 tr("Greedy policy's PPW over the best feasible PPW, mean over the training variants and N, C, M"),
                 tr("PPW / optimum")};
        } else if (name.startsWith(QStringLiteral("dpu/test_ppw_"))) {
            m = {tr("DPU learner: normalised PPW on the held-out models in %1").arg(name.mid(13)), QString(), steps, false,
                 true, tr("Greedy policy's PPW over the best feasible PPW on the held-out variants (the paper: 97 % in C, 95 % in M)"),
                 tr("PPW / optimum")};
        } else if (name == QStringLiteral("dpu/test_constraint")) {
            m = {tr("DPU learner: held-out C and M cases meeting C_PERF"), QString(), steps, false, true,
                 tr("The paper meets 30 FPS in 16 of 18 cases (89 %)"), tr("Share")};
        } else if (name == QStringLiteral("dpu/global_mean_ppw")) {
            m = {tr("DPU learner: GLOBALMEANPPW"), tr("FPS/W"), steps, false, true,
                 tr("Running mean of the feasible PPW seen, the global part of the reward's baseline"), tr("PPW")};
        }
    }
    if (name.startsWith(QStringLiteral("placement/")) || name.startsWith(QStringLiteral("egrl/")) ||
        name.startsWith(QStringLiteral("sac/")) || name.startsWith(QStringLiteral("zeroshot/")) ||
        name == QStringLiteral("greedy/pass")) {
        const QString its = tr("Iterations (maps evaluated)");
        const QString speedup = tr("Speed-up (×)");
        struct Row {
            const char* name;
            const char* title;
            const char* help;
            const char* axis;
        };
        static const Row rows[] = {
            {"placement/best_speedup", "Best speed-up over the compiler so far",
             "Measured speed-up L_compiler / L of the best valid map so far (with the preset's noise)", "Speed-up"},
            {"placement/best_true_speedup", "Best map's noiseless speed-up",
             "The noiseless speed-up of the map with the best measured reward (what deploying it gives)", "Speed-up"},
            {"placement/speedup", "Speed-up of each map",
             "Measured speed-up of every map evaluated; 0 for an invalid map (the compiler had to demote tensors)",
             "Speed-up"},
            {"placement/epsilon", "Mapping error ε of each map",
             "Share of the mappable bytes the compiler demoted to make the map fit (0 = valid)", "ε"},
            {"egrl/best_gnn", "Best GNN member per generation", "Speed-up of the best Graph U-Net policy of the population",
             "Speed-up"},
            {"egrl/best_boltzmann", "Best Boltzmann chromosome per generation",
             "Speed-up of the best Boltzmann chromosome (per-node prior + temperature)", "Speed-up"},
            {"egrl/pg_noisy", "SAC learner, ε-greedy rollout", "Speed-up of the learner's exploring rollout", "Speed-up"},
            {"egrl/pg_clean", "SAC learner, greedy rollout", "Speed-up of the learner's greedy rollout", "Speed-up"},
            {"egrl/champion_type", "Champion's type per generation",
             "0 = GNN member, 1 = Boltzmann chromosome, 2 = learner (ε-greedy), 3 = learner (greedy)", "Type"},
            {"egrl/invalid_fraction", "Invalid maps per generation", "Share of the generation's maps the compiler changed",
             "Share"},
            {"egrl/mean_epsilon", "Mean ε per generation", "Mean mapping error of the generation's maps", "ε"},
            {"egrl/temperature_min", "Boltzmann temperature (min)", "Coldest node temperature (T ∈ [0.1, 10])",
             "Temperature"},
            {"egrl/temperature_mean", "Boltzmann temperature (mean)", "Mutation anneals T by about 5 % per generation",
             "Temperature"},
            {"egrl/temperature_max", "Boltzmann temperature (max)", "Hottest node temperature", "Temperature"},
            {"egrl/migrant_elite", "Migrations: became an elite", "Times the migrated SAC actor ranked among the elites",
             "Count"},
            {"egrl/migrant_selected", "Migrations: selected", "Times the migrated SAC actor won a tournament", "Count"},
            {"egrl/migrant_discarded", "Migrations: discarded", "Times the migrated SAC actor was selected against",
             "Count"},
            {"egrl/generation", "Generation", "Generations so far", "Generation"},
            {"sac/critic_loss", "SAC critic loss", "Twin-Q Bellman error on noisy one-hot actions", "Loss"},
            {"sac/actor_loss", "SAC actor loss", "−min Q of the greedy action − α·entropy", "Loss"},
            {"sac/entropy", "SAC policy entropy", "Per-node entropy of the two heads, summed (max 2·ln 3 ≈ 2.2)",
             "Entropy"},
            {"sac/q", "SAC Q value", "Mean min(Q1, Q2) of the sampled transitions (reward scale 5·(r + 2))", "Q"},
            {"sac/updates", "SAC gradient steps", "One per map evaluated, after a 24-transition burn-in", "Steps"},
            {"greedy/pass", "Greedy-DP passes", "Completed passes over the nodes", "Passes"},
        };
        for (const Row& r : rows)
            if (name == QLatin1String(r.name))
                m = {tr(r.title), QString(), its, false, true, tr(r.help), tr(r.axis)};
        if (name.startsWith(QStringLiteral("zeroshot/"))) {
            // "zeroshot/<workload>[_compiled|_epsilon]": the champion GNN on another workload.
            QString target = name.mid(9);
            if (target.endsWith(QStringLiteral("_epsilon"))) {
                target.chop(8);
                m = {tr("Zero-shot on %1: mapping error ε").arg(target), QString(), its, false, true,
                     tr("Share of %1's mappable bytes the compiler had to demote from the transferred GNN's map")
                         .arg(target),
                     tr("ε")};
            } else if (target.endsWith(QStringLiteral("_compiled"))) {
                target.chop(9);
                m = {tr("Zero-shot on %1, as compiled").arg(target), QString(), its, false, true,
                     tr("Speed-up on %1 of the best GNN trained here, after the compiler made its map fit (what "
                        "the chip would run)")
                         .arg(target),
                     speedup};
            } else {
                m = {tr("Zero-shot on %1").arg(target), QString(), its, false, true,
                     tr("Speed-up on %1 of the best GNN trained here, with no further training; 0 when the "
                        "compiler had to change its map")
                         .arg(target),
                     speedup};
            }
        }
    }
    // Short y-axis titles, so that they fit along short charts.
    if (m.yAxis.isEmpty()) {
        if (name.contains(QStringLiteral("best")) || name.contains(QStringLiteral("generation_")))
            m.yAxis = objectiveLabel;
        else if (name.endsWith(QStringLiteral("valid_fraction")))
            m.yAxis = tr("Share valid");
        else if (name.endsWith(QStringLiteral("_loss")))
            m.yAxis = tr("Loss");
        else if (name.endsWith(QStringLiteral("entropy")))
            m.yAxis = tr("Entropy");
        else if (name.endsWith(QStringLiteral("approx_kl")))
            m.yAxis = tr("KL");
        else if (name.endsWith(QStringLiteral("candidates")) || name.endsWith(QStringLiteral("evaluated")))
            m.yAxis = tr("Tables");
        else
            m.yAxis = tr("Value");
    }
    return m;
}

MetricLabel metricLabel(const QString& name, ProblemKind kind, const std::string& objectiveId)
{
    const ObjectiveInfo* objective = findObjective(kind, objectiveId);
    const QString label = objective ? QString::fromStdString(objective->label) : QString::fromStdString(objectiveId);
    const QString unit = objective ? QString::fromStdString(objective->unit) : QString();
    const QString prefix = QStringLiteral("search/best_");
    if (name.startsWith(prefix) && name != QStringLiteral("search/best_total")) {
        if (const ObjectiveInfo* other = findObjective(kind, name.mid(prefix.size()).toStdString())) {
            const QString otherLabel = QString::fromStdString(other->label);
            return {tr("Best design's %1").arg(otherLabel.toLower()), QString::fromStdString(other->unit),
                    tr("Samples (cost-model evaluations)"), true, true,
                    tr("The %1 of the design that is best for the run's objective").arg(otherLabel.toLower()), otherLabel};
        }
    }
    MetricLabel m = labelFor(name, label, unit);
    if (kind == ProblemKind::DpuConfig && name.startsWith(QStringLiteral("ppo/")))
        m.xTitle = tr("Environment steps (one 3 Hz sample each)");
    return m;
}

} // namespace mapscape
