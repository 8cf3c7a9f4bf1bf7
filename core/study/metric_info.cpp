// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// Chart labels of the metrics the shared drivers and optimizer families record ("search/best",
// "ga/generation_best", "ppo/…", "bo/…"); a kind describes its own metrics itself
// (StudyKind::metricInfo).

#include "core/study/study_kind.h"

#include "core/util/strings.h"

namespace mapscape {

namespace {

std::optional<MetricInfo> sharedMetric(std::string_view name, const std::string& objectiveLabel, const std::string& unit)
{
    const std::string samples = "Samples (cost-model evaluations)";
    const std::string episodes = "Episodes";
    const std::string label = toLower(objectiveLabel);
    if (name == "search/best")
        return MetricInfo{"Best " + label + " so far", unit, samples, true, true,
                          "The objective of the best valid design found so far", objectiveLabel, true};
    if (name == "search/valid_fraction" || name == "ga/valid_fraction" || name == "random/valid_fraction")
        return MetricInfo{"Valid designs per batch", "", samples, false, true,
                          "Share of the designs of each batch that the model accepts (fit the buffers, map legally)",
                          "Share valid"};
    if (name == "ga/generation_best")
        return MetricInfo{"Generation best: " + label, unit, samples, true, true,
                          "Best objective among the individuals of each generation", objectiveLabel};
    if (name == "ga/generation_mean")
        return MetricInfo{"Generation mean: " + label, unit, samples, true, true,
                          "Mean objective of the valid individuals of each generation", objectiveLabel};
    if (name == "search/seconds")
        return MetricInfo{"Wall time", "s", samples, false, true, "Seconds since the run started (pauses excluded)", "Time"};
    if (name == "ppo/actor_loss")
        return MetricInfo{"PPO: actor loss", "", episodes, false, true, "Clipped surrogate loss of the policy update", "Loss"};
    if (name == "ppo/critic_loss")
        return MetricInfo{"PPO: critic loss", "", episodes, true, true, "Value-function regression loss", "Loss"};
    if (name == "ppo/entropy")
        return MetricInfo{"PPO: policy entropy", "nats", episodes, false, true,
                          "How spread out the policy's action choices are; falls as it commits", "Entropy"};
    if (name == "ppo/approx_kl")
        return MetricInfo{"PPO: approximate KL", "", episodes, false, true,
                          "How far one update moved the policy (small = cautious)", "KL"};
    if (name == "ppo/entropy_coef")
        return MetricInfo{"PPO: entropy coefficient", "", episodes, false, true, "The decaying exploration bonus c₂", "Value"};
    if (name == "bo/length_scale")
        return MetricInfo{"BO: GP length scale", "", samples, false, true,
                          "The Gaussian process's length scale chosen by marginal likelihood", "Length scale"};
    return std::nullopt;
}

} // namespace

MetricInfo describeMetric(std::string_view name, const StudyKind& kind, std::string_view objectiveId)
{
    const ObjectiveInfo* objective = kind.findObjective(objectiveId);
    const ObjectiveInfo fallback{std::string(objectiveId), std::string(objectiveId), "", false, false};
    const ObjectiveInfo& obj = objective ? *objective : fallback;
    MetricInfo m;
    if (name.starts_with("search/best_") && name != "search/best_total") {
        if (const ObjectiveInfo* other = kind.findObjective(name.substr(12))) {
            m = {"Best design's " + toLower(other->label), other->unit, "Samples (cost-model evaluations)", true, true,
                 "The " + toLower(other->label) + " of the design that is best for the run's objective", other->label,
                 true};
            kind.refineMetric(name, m);
            return m;
        }
    }
    if (std::optional<MetricInfo> own = kind.metricInfo(name, obj))
        m = std::move(*own);
    else if (std::optional<MetricInfo> shared = sharedMetric(name, obj.label, obj.unit))
        m = std::move(*shared);
    else
        m = MetricInfo{std::string(name), "", "Samples (cost-model evaluations)", false, true, "", ""};
    kind.refineMetric(name, m);
    // Short y-axis titles, so that they fit along short charts.
    if (m.yAxis.empty()) {
        if (name.find("best") != std::string_view::npos || name.find("generation_") != std::string_view::npos)
            m.yAxis = obj.label;
        else if (name.ends_with("valid_fraction"))
            m.yAxis = "Share valid";
        else if (name.ends_with("_loss"))
            m.yAxis = "Loss";
        else if (name.ends_with("entropy"))
            m.yAxis = "Entropy";
        else if (name.ends_with("approx_kl"))
            m.yAxis = "KL";
        else if (name.ends_with("candidates") || name.ends_with("evaluated"))
            m.yAxis = "Tables";
        else
            m.yAxis = "Value";
    }
    return m;
}

} // namespace mapscape
