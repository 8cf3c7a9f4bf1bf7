// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Seed 003 (DPUCConfig) report: the PPO contextual-bandit agent trained on the recorded runs of
/// the calibrated ZCU102 simulator and evaluated greedily on the held-out variants in each
/// background state, next to the optimal, max-FPS, min-power and random baselines and LinUCB,
/// with the paper's figures beside ours (Fig. 5 / §V-B: 97 % in C, 95 % in M, max-FPS 47 % /
/// 35 %, constraint met in 89 %); and the simulator's calibration anchors (computed here: a
/// model check, not a run). The runs are the shards of bench/sweeps/seed003.json:
///
///   mapscape-cli sweep run bench/sweeps/seed003.json -o results/seed003 [--backend slurm --wait]
///   reproduce_seed003 --results results/seed003 [--markdown FILE]

#include "bench/report/sweep_report.h"
#include "core/io/json_document.h"
#include "kinds/dpu/core/dpu_bandit.h"
#include "kinds/dpu/core/dpu_calibration.h"
#include "kinds/dpu/core/dpu_methods.h"
#include "kinds/dpu/core/dpu_study.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace mapscape;
using namespace mapscape::dpu;
using sweep::ShardResult;

namespace {

constexpr const char* kUsage =
        "usage: reproduce_seed003 --results FOLDER [--markdown FILE]\n"
        "  FOLDER: the results of bench/sweeps/seed003.json (or seed003-smoke.json); see docs/reproduction.md.\n";

std::string formatFixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

/// Mean ± sd over seeds; `scale` 100 with a "%" for fractions.
std::string meanSd(const std::vector<double>& v, bool percent)
{
    if (v.empty())
        return "–";
    const auto [m, s] = bench::meanStdOf(v);
    const double k = percent ? 100 : 1;
    return formatFixed(k * m, 1) + (v.size() > 1 ? " ± " + formatFixed(k * s, 1) : "") + (percent ? " %" : "");
}

/// A method of the table: an optimizer with one value of its "pick" option.
struct Method {
    std::string id, pick, title;
};
const std::vector<Method> kMethods{{"dpucconfig", "", "DPUCConfig (PPO)"},
                                   {"linucb", "", "LinUCB"},
                                   {"optimal", "", "Optimal"},
                                   {"max-fps", "measured", "Max-FPS (measured)"},
                                   {"max-fps", "paper", "Max-FPS (B4096_1)"},
                                   {"min-power", "measured", "Min-Power (measured)"},
                                   {"min-power", "paper", "Min-Power (B512_1)"},
                                   {"random", "", "Random"}};

bool matches(const Method& m, const ShardResult& r)
{
    if (r.optimizer != m.id)
        return false;
    const std::string pick = bench::optionOf(r, "pick");
    return m.pick.empty() || pick == m.pick || (pick.empty() && m.pick == "measured");
}

std::string anchorsSection(const Platform& platform)
{
    std::ostringstream md;
    md << "#### Calibration anchors (default simulator parameters)\n\n| Anchor | Source | Found | Pass |\n|---|---|---|---|\n";
    int passed = 0, anchors = 0;
    for (const AnchorResult& r : checkAnchors(platform, paperAnchors())) {
        ++anchors;
        passed += r.pass ? 1 : 0;
        std::string found = r.found;
        if (r.anchor.kind == Anchor::Kind::BestConfiguration)
            found += " (" + formatFixed(r.fps, 1) + " FPS, " + formatFixed(r.powerW, 2) + " W, " + formatFixed(r.ppw, 2) + " FPS/W)";
        md << "| " << r.anchor.description() << " | " << r.anchor.source << " | " << found << " | "
           << (r.pass ? "yes" : "**no**") << " |\n";
    }
    md << "\n" << passed << " of " << anchors << " anchors reproduced.\n\n";
    std::fprintf(stderr, "%d of %d anchors reproduced; max-FPS ratio on the test set: C %.2f, M %.2f (paper 0.47, 0.35)\n",
                 passed, anchors, maxFpsRatio(platform, 1), maxFpsRatio(platform, 2));
    return md.str();
}

/// The rows of one method: seed-independent methods (every seed gave the same figures) count once.
std::vector<const ShardResult*> methodRows(const bench::SweepResults& res, const std::string& study, const Method& m)
{
    auto rows = res.select([&](const ShardResult& r) { return r.study == study && r.status == "ok" && matches(m, r); });
    const bool same = std::all_of(rows.begin(), rows.end(), [&](const ShardResult* r) { return r->figures == rows.front()->figures; });
    if (same && rows.size() > 1)
        rows.resize(1);
    return rows;
}

/// One platform's section: its anchors and the held-out table.
std::string platformSection(const bench::SweepResults& res, const std::string& study, bool first)
{
    const ShardResult* any = res.select([&](const ShardResult& r) { return r.study == study; }).front();
    const std::optional<Study> st = res.studyOf(*any);
    if (!st)
        throw InputError(res.path + ": the report needs a results folder (the platform and the policies' decisions)");
    const Platform& platform = st->inputs.get<DpuInputs>().platform;
    std::ostringstream md;
    if (first)
        md << anchorsSection(platform);
    const std::size_t seeds = res.seeds().size();
    const auto paperPercent = [](double fraction) { return formatFixed(100 * fraction, 0) + " %"; };
    const char* paperExact[kStates] = {"–", "2", "0"};
    md << "#### " << (first ? std::string("Held-out") : study + " platform: held-out") << " variants, normalised PPW (PPW / optimal PPW), " << seeds << " seeds, mean ± sd over seeds\n\n"
       << "| Method | State | Mean | Paper mean | Minimum | Exact matches | Paper exact | 30 FPS met |\n"
       << "|---|---|---|---|---|---|---|---|\n";
    std::vector<double> agentSeconds, linSeconds, satisfied;
    std::string stepsText;
    for (const Method& m : kMethods) {
        const auto rows = methodRows(res, study, m);
        if (rows.empty())
            continue;
        for (int w = 0; w < kStates; ++w) {
            const std::string state = platform.params.states[std::size_t(w)].name;
            std::vector<double> mean, min, exact, met;
            double cases = 0;
            for (const ShardResult* r : rows) {
                mean.push_back(r->figure("ppw_" + state).value_or(NAN) / 100);
                min.push_back(r->figure("min_ppw_" + state).value_or(NAN) / 100);
                exact.push_back(r->figure("exact_" + state).value_or(NAN));
                met.push_back(r->figure("met_" + state).value_or(NAN));
                cases = r->figure("cases_" + state).value_or(0);
            }
            std::string paper = "–", paperEx = "–";
            if (m.id == "dpucconfig") {
                paper = w > 0 ? paperPercent(paperFigures(w).agentMean) : "–";
                paperEx = paperExact[w];
            } else if (m.id == "max-fps" && w > 0) {
                paper = paperPercent(paperFigures(w).maxFpsMean);
            } else if (m.id == "min-power" && m.pick == "paper" && w > 0) {
                paper = "\"far short\"";
            } else if (m.id == "optimal") {
                paper = "100 %";
            }
            const std::string n = std::to_string(int(cases));
            md << "| " << m.title << " | " << state << " | " << meanSd(mean, true) << " | " << paper << " | "
               << meanSd(min, true) << " | " << meanSd(exact, false) << " / " << n << " | " << paperEx << " | "
               << meanSd(met, false) << " / " << n << " |\n";
        }
        for (const ShardResult* r : rows) {
            if (m.id == "dpucconfig") {
                agentSeconds.push_back(r->seconds);
                const double cases = r->figure("cases_C").value_or(0) + r->figure("cases_M").value_or(0);
                if (cases > 0)
                    satisfied.push_back((r->figure("met_C").value_or(0) + r->figure("met_M").value_or(0)) / cases);
                const TrainerSpec d;
                stepsText = std::to_string(int(bench::numericOption(*r, "iterations", d.iterations))) + " iterations × " +
                            std::to_string(int(bench::numericOption(*r, "steps", d.stepsPerIteration))) + " steps";
            } else if (m.id == "linucb")
                linSeconds.push_back(r->seconds);
        }
    }
    // Which configuration max-FPS (measured) picks on the held-out variants ("typically B4096_1").
    std::set<std::string> testVariants;
    for (int v : defaultSplit(platform).test)
        testVariants.insert(platform.variantName(v));
    std::map<std::string, int> fpsPicks;
    for (const ShardResult* r : methodRows(res, study, kMethods[3])) {
        if (r->document.empty())
            continue;
        const auto doc = io::parseOrderedJson(r->document, "shard " + std::to_string(r->index));
        for (const auto& d : doc.at("decisions"))
            if (testVariants.count(d.at("model").get<std::string>()))
                ++fpsPicks[d.at("configuration").get<std::string>()];
        break; // the pick does not depend on the seed
    }
    std::string picks;
    for (const auto& [name, n] : fpsPicks)
        picks += (picks.empty() ? "" : ", ") + name + " ×" + std::to_string(n);
    md << "\nDPUCConfig meets 30 FPS in " << meanSd(satisfied, true)
       << " of the held-out C and M cases (paper 89 %, 16 of 18). Max-FPS picks " << (picks.empty() ? "–" : picks)
       << " (paper: \"typically B4096_1\"). Training takes " << meanSd(agentSeconds, false) << " s per seed ("
       << stepsText << ", 1 torch thread; target ≤ 60 s); LinUCB " << meanSd(linSeconds, false) << " s.\n";
    return md.str();
}

int report(const bench::ReportArgs& args)
{
    const bench::SweepResults res = bench::readSweepResults(args.results);
    if (res.rows.empty())
        throw InputError(args.results + ": no finished shards");
    std::vector<std::string> studies;
    for (const ShardResult& r : res.rows)
        if (std::find(studies.begin(), studies.end(), r.study) == studies.end())
            studies.push_back(r.study);
    std::string md;
    for (std::size_t i = 0; i < studies.size(); ++i)
        md += (i ? "\n" : "") + platformSection(res, studies[i], i == 0);
    bench::emitMarkdown(md, args.markdown);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    const bench::ReportArgs args = bench::parseReportArgs(argc, argv, {}, {}, kUsage);
    return bench::reportMain([&] { return report(args); });
}
