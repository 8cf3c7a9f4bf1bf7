// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Seed 001 (MARL mapping search) report: Table III — random walk, Bayesian optimisation, a
/// plain GA, GAMMA, single-agent PPO and fully decentralised MARL on row 2 of the paper's
/// networks at the iso-sample budget, mean ± std over seeds, ratios to MARL next to the paper's;
/// the samples MARL needed to reach PPO's final value; and (--agents) the agent-budget sweep of
/// Fig. 6. The runs are the shards of bench/sweeps/seed001.json (and seed001-agents.json):
///
///   mapscape-cli sweep run bench/sweeps/seed001.json -o results/seed001 [--backend slurm --wait]
///   mapscape-cli sweep run bench/sweeps/seed001-agents.json -o results/seed001-agents
///   reproduce_seed001 --results results/seed001 [--agents results/seed001-agents] [--markdown FILE]

#include "bench/report/sweep_report.h"
#include "kinds/dataflow/core/dataflow_study.h"
#include "core/util/strings.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace mapscape;
using bench::meanStdOf;
using sweep::ShardResult;

namespace {

constexpr const char* kUsage =
        "usage: reproduce_seed001 --results FOLDER|TABLE [--agents FOLDER|TABLE] [--markdown FILE]\n"
        "  FOLDER: the results of bench/sweeps/seed001.json (seed001-smoke.json), --agents those of\n"
        "  seed001-agents.json; see docs/reproduction.md.\n";

/// Table III (absolute values; lower is better; units not given by the paper).
const std::map<std::string, std::map<std::string, double>> kPaper{
    {"MobileNet-v2 row 2/latency", {{"random", 2.00e-4}, {"bo", 1.31e-4}, {"ga", 8.73e-5}, {"ppo", 6.22e-4}, {"gamma", 7.55e-5}, {"marl", 6.56e-5}}},
    {"MobileNet-v2 row 2/edp", {{"random", 1.00e-4}, {"bo", 3.33e-5}, {"ga", 2.50e-5}, {"ppo", 1.95e-4}, {"gamma", 1.54e-5}, {"marl", 1.00e-5}}},
    {"VGG16 row 2/latency", {{"random", 2.94e-2}, {"bo", 1.08e-2}, {"ga", 9.26e-3}, {"ppo", 2.36e-1}, {"gamma", 8.26e-3}, {"marl", 7.25e-3}}},
    {"VGG16 row 2/edp", {{"random", 7.87e-3}, {"bo", 2.01e-3}, {"ga", 1.49e-3}, {"ppo", 2.00e-2}, {"gamma", 1.41e-3}, {"marl", 1.22e-3}}},
};

const std::vector<std::string> kMethods{"random", "bo", "ga", "gamma", "ppo", "marl"};
const std::map<std::string, std::string> kMethodTitle{{"random", "Random walk"}, {"bo", "Bayesian opt."}, {"ga", "GA"},
                                                      {"gamma", "GAMMA"},       {"ppo", "PPO (1 agent)"}, {"marl", "MARL (1 agent per parameter)"}};

std::string sig(double v, int d = 4) { return std::isfinite(v) ? formatSig(v, d) : std::string("–"); }

/// A run as the tables use it: its best value and its best-so-far curve on the budget's sample
/// axis (the clustering pre-pass of clustered MARL comes first and is not counted).
struct Run {
    bool found = false;
    double best = NAN;
    double seconds = 0;
    double toBest = NAN; ///< samples at which it first reached its final best
    double to5 = NAN;    ///< first sample within 5 % of it
    std::vector<std::pair<double, double>> curve;
};

Run runOf(const ShardResult& r)
{
    Run run;
    run.seconds = r.seconds;
    const auto best = r.objectiveValue(r.objective);
    if (r.status != "ok" || !best)
        return run;
    run.found = true;
    run.best = *best;
    const double budget = bench::numericOption(r, "samples", double(r.evaluations));
    const double overhead = std::max(0.0, double(r.evaluations) - budget);
    for (const auto& [step, value] : r.curve)
        run.curve.emplace_back(std::max(0.0, step - overhead), value);
    run.toBest = std::max(0.0, bench::firstReach(run.curve, run.best));
    run.to5 = bench::firstReach(run.curve, run.best * 1.05);
    return run;
}

/// Runs by (layer, objective, method), seeds in order; first-seen order of layers.
struct Table {
    std::vector<std::string> layers, objectives;
    std::map<std::string, std::vector<std::pair<std::uint64_t, Run>>> runs; ///< "layer/objective/method"
    std::map<std::string, std::string> objectiveLabel;                    ///< id → "Latency (cycles)"
};

Table tableOf(const bench::SweepResults& res)
{
    Table t;
    for (const ShardResult& r : res.rows) {
        const std::string layer = r.level("layer").empty() ? r.study : r.level("layer");
        if (std::find(t.layers.begin(), t.layers.end(), layer) == t.layers.end())
            t.layers.push_back(layer);
        if (std::find(t.objectives.begin(), t.objectives.end(), r.objective) == t.objectives.end())
            t.objectives.push_back(r.objective);
        t.runs[layer + "/" + r.objective + "/" + r.optimizer].emplace_back(r.seed, runOf(r));
        const ObjectiveInfo* o = findStudyKind("dataflow")->findObjective(r.objective);
        t.objectiveLabel[r.objective] = o ? o->label + " (" + o->unit + ")" : r.objective;
    }
    for (auto& [k, v] : t.runs)
        std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return t;
}

std::vector<double> bests(const std::vector<std::pair<std::uint64_t, Run>>& runs)
{
    std::vector<double> v;
    for (const auto& [seed, r] : runs)
        if (r.found)
            v.push_back(r.best);
    return v;
}

std::string mainTables(const bench::SweepResults& res)
{
    const Table t = tableOf(res);
    std::ostringstream md;
    std::string hardware = "–", budget = "–";
    if (!res.rows.empty()) {
        budget = bench::optionOf(res.rows.front(), "samples");
        if (const std::optional<Study> st = res.studyOf(res.rows.front()))
            hardware = st->inputs.get<DataflowInputs>().hardware.name;
    }
    md << "Hardware: " << hardware << "; budget " << budget << " samples per method and run; seeds";
    for (std::uint64_t s : res.seeds())
        md << " " << s;
    md << "; mean ± std over seeds.\n\n"
       << "| workload | objective | method | best (mean ± std) | ratio to MARL | paper value | paper ratio | "
          "samples to best | samples to within 5 % | seconds |\n"
       << "|---|---|---|---|---|---|---|---|---|---|\n";
    std::ostringstream speed;
    speed << "| workload | objective | PPO final | PPO samples to it | seeds where MARL reached it | MARL samples to it "
             "(those seeds) | ratio |\n"
          << "|---|---|---|---|---|---|---|\n";
    for (const std::string& layer : t.layers)
        for (const std::string& obj : t.objectives) {
            const auto runsOf = [&](const std::string& m) {
                const auto it = t.runs.find(layer + "/" + obj + "/" + m);
                return it == t.runs.end() ? std::vector<std::pair<std::uint64_t, Run>>{} : it->second;
            };
            const double marlMean = meanStdOf(bests(runsOf("marl"))).first;
            const auto paper = kPaper.find(layer + "/" + obj);
            for (const std::string& m : kMethods) {
                const auto runs = runsOf(m);
                if (runs.empty())
                    continue;
                const auto [mean, sd] = meanStdOf(bests(runs));
                std::vector<double> toBest, to5, secs;
                for (const auto& [seed, r] : runs) {
                    if (r.found) {
                        toBest.push_back(r.toBest);
                        to5.push_back(r.to5);
                    }
                    secs.push_back(r.seconds);
                }
                const bool hasPaper = paper != kPaper.end() && paper->second.count(m);
                const double pv = hasPaper ? paper->second.at(m) : NAN;
                const double pr = hasPaper ? paper->second.at(m) / paper->second.at("marl") : NAN;
                md << "| " << layer << " | " << t.objectiveLabel.at(obj) << " | " << kMethodTitle.at(m) << " | "
                   << sig(mean, 5) << " ± " << sig(sd, 2) << " | " << sig(mean / marlMean, 3) << " | " << sig(pv, 3)
                   << " | " << sig(pr, 3) << " | " << sig(meanStdOf(toBest).first, 3) << " | "
                   << sig(meanStdOf(to5).first, 3) << " | " << sig(meanStdOf(secs).first, 3) << " |\n";
            }
            // Samples MARL needs to reach PPO's final value, seed by seed (seeds where MARL
            // never got there are counted, not averaged).
            const auto ppo = runsOf("ppo"), marl = runsOf("marl");
            if (ppo.empty() || marl.empty())
                continue;
            std::vector<double> ppoFinal, ppoSamples, reachedSamples, reachedRatio;
            int pairs = 0;
            for (const auto& [seed, p] : ppo) {
                const auto q = std::find_if(marl.begin(), marl.end(), [&](const auto& x) { return x.first == seed; });
                if (q == marl.end() || !p.found || !q->second.found)
                    continue;
                ++pairs;
                ppoFinal.push_back(p.best);
                ppoSamples.push_back(p.toBest);
                const double reach = bench::firstReach(q->second.curve, p.best);
                if (reach >= 0) {
                    reachedSamples.push_back(std::max(1.0, reach));
                    reachedRatio.push_back(std::max(1.0, p.toBest) / std::max(1.0, reach));
                }
            }
            const std::string label = t.objectiveLabel.at(obj).substr(0, t.objectiveLabel.at(obj).find(" ("));
            speed << "| " << layer << " | " << label << " | " << sig(meanStdOf(ppoFinal).first, 5) << " | "
                  << sig(meanStdOf(ppoSamples).first, 3) << " | " << reachedSamples.size() << " of " << pairs << " | "
                  << sig(meanStdOf(reachedSamples).first, 3) << " | " << sig(meanStdOf(reachedRatio).first, 3) << "× |\n";
        }
    md << "\nSample efficiency: samples MARL needed to reach single-agent PPO's final value (seed by seed; PPO's "
          "\"samples to it\" is when PPO itself got there).\n\n"
       << speed.str();
    return md.str();
}

/// Fig. 6: the agent budget B (1 = single-agent PPO).
std::string agentTable(const bench::SweepResults& res)
{
    std::map<int, std::vector<Run>> byBudget;
    std::string budget = "–";
    for (const ShardResult& r : res.rows) {
        const int agents = r.optimizer == "ppo" ? 1 : int(bench::numericOption(r, "agents", 0));
        if (agents <= 0)
            continue;
        byBudget[agents].push_back(runOf(r));
        budget = bench::optionOf(r, "samples");
    }
    std::ostringstream md;
    md << "\nAgent-budget sweep (MobileNet-v2 row 2, latency; clustered budgets use a random-walk pre-pass of " << budget
       << " samples, not counted):\n\n"
       << "| agents B | best latency (cycles) | samples to within 5 % | seconds |\n|---|---|---|---|\n";
    for (const auto& [agents, runs] : byBudget) {
        std::vector<double> b, t, s;
        for (const Run& r : runs)
            if (r.found) {
                b.push_back(r.best);
                t.push_back(r.to5);
                s.push_back(r.seconds);
            }
        md << "| " << agents << " | " << sig(meanStdOf(b).first, 6) << " ± " << sig(meanStdOf(b).second, 2) << " | "
           << sig(meanStdOf(t).first, 3) << " | " << sig(meanStdOf(s).first, 3) << " |\n";
    }
    return md.str();
}

} // namespace

int main(int argc, char** argv)
{
    const bench::ReportArgs args = bench::parseReportArgs(argc, argv, {"--agents"}, {}, kUsage);
    return bench::reportMain([&] {
        std::string md = mainTables(bench::readSweepResults(args.results));
        if (args.has("--agents"))
            md += agentTable(bench::readSweepResults(args.get("--agents")));
        bench::emitMarkdown(md, args.markdown);
        return 0;
    });
}
