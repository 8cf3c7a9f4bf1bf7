// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// Single-thread throughput of LoopnestModel::evaluate over the golden cases:
//   bench_loopnest <golden folder> [seconds] [memoization threshold, or -] [one case]
// Prints evaluations per second for the full result and for the summary-only fast path: all
// cases in turn; each case alone (its own mapping, best of five rounds); and each case's nearby
// mappings in turn (nearby_mappings.h: the ones the model accepts, as a mapper's search
// evaluates different mappings of one design).
// A negative `seconds` runs that many passes over the cases instead (for instruction counts).

#include "kinds/loopnest/core/loopnest_model.h"
#include "kinds/loopnest/core/timeloop_yaml.h"
#include "kinds/loopnest/tests/nearby_mappings.h"

#include <nlohmann/json.hpp>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define MAPSCAPE_CALLGRIND 1
#endif

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace mapscape::loopnest;
namespace fs = std::filesystem;

namespace {

std::string readFile(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

struct Case {
    std::string name;
    LoopnestModel model;
    Mapping mapping;
};

using clock = std::chrono::steady_clock;

/// Per case, seconds per evaluation of its mappings (evaluated in turn): the fastest of five 10 ms
/// rounds, which a loaded machine disturbs least. The rounds go over all cases in turn, so that a
/// burst of load (seconds long on a shared VM) spoils one round of many cases rather than every
/// round of a few.
std::vector<double> fastestRounds(const std::vector<Case>& cases, const std::vector<std::vector<Mapping>>& mappings)
{
    std::vector<double> best(cases.size(), 1e30);
    for (int round = 0; round < 5; ++round) {
        for (std::size_t i = 0; i < cases.size(); ++i) {
            const auto t0 = clock::now();
            std::size_t n = 0;
            double el = 0;
            while (el < 0.01) {
                for (const Mapping& m : mappings[i])
                    (void)cases[i].model.evaluateSummary(m);
                n += mappings[i].size();
                el = std::chrono::duration<double>(clock::now() - t0).count();
            }
            best[i] = std::min(best[i], el / static_cast<double>(n));
        }
    }
    return best;
}

/// "N evaluations/s over the cases; median M us": cases ÷ Σ time per case (one pass over the
/// cases at those speeds), and the median case.
std::string overCases(std::vector<double> secondsPerCase)
{
    double sum = 0;
    for (double t : secondsPerCase)
        sum += t;
    std::sort(secondsPerCase.begin(), secondsPerCase.end());
    std::ostringstream out;
    out << static_cast<double>(secondsPerCase.size()) / sum << " evaluations/s over the cases; median "
        << secondsPerCase[secondsPerCase.size() / 2] * 1e6 << " us";
    return out.str();
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::cerr << "usage: bench_loopnest <golden folder> [seconds] [memoization threshold, or -] [case]\n";
        return 2;
    }
    const fs::path root = argv[1];
    const double seconds = argc > 2 ? std::stod(argv[2]) : 3.0;
    if (argc > 3 && std::string(argv[3]) != "-")
        setMemoizationThreshold(std::stoull(argv[3]));
    const std::string only = argc > 4 ? argv[4] : "";
    std::vector<Case> cases;
    const auto index = nlohmann::json::parse(readFile(root / "reference" / "index.json"));
    for (const auto& e : index) {
        if (!e.value("dense", false) || (!only.empty() && e.at("case").get<std::string>() != only))
            continue;
        const fs::path dir = root / "reference" / e.at("case").get<std::string>();
        std::vector<YamlSource> src = {{"input.yaml", readFile(dir / "parsed-processed-input.yaml")}};
        if (fs::exists(dir / "map.yaml"))
            src.emplace_back("map.yaml", readFile(dir / "map.yaml"));
        src.emplace_back("ERT.yaml", readFile(dir / "ERT.yaml"));
        src.emplace_back("ART.yaml", readFile(dir / "ART.yaml"));
        const Spec s = readSpecTexts(src);
        cases.push_back({e.at("case").get<std::string>(), LoopnestModel::compile(s.architecture, s.problem, s.env), s.mapping});
    }
    std::ifstream in(root / "timeloop-shared.jsonl");
    std::string line;
    while (std::getline(in, line)) {
        const auto cs = nlohmann::json::parse(line);
        if (!cs.at("result").at("valid").get<bool>() ||
            (!only.empty() && cs.at("case_id").get<std::string>() != only))
            continue;
        const auto& i = cs.at("inputs");
        const Spec s = readSpecTexts({{"a", i.at("architecture").get<std::string>()},
                                      {"p", i.at("problem").get<std::string>()},
                                      {"m", i.at("mapping").get<std::string>()},
                                      {"e", i.at("ERT").get<std::string>()},
                                      {"r", i.at("ART").get<std::string>()}});
        cases.push_back({cs.at("case_id").get<std::string>(), LoopnestModel::compile(s.architecture, s.problem, s.env),
                         s.mapping});
    }
#ifdef MAPSCAPE_CALLGRIND
    // Under `valgrind --tool=callgrind --instr-atstart=no`, only the passes are instrumented.
    CALLGRIND_START_INSTRUMENTATION;
#endif
    for (int pass = 0; pass < 2; ++pass) {
        const bool summary = pass == 1;
        std::uint64_t evals = 0;
        double sink = 0;
        const auto t0 = clock::now();
        double elapsed = 0;
        int passes = 0;
        while (seconds >= 0 ? elapsed < seconds : passes < -seconds) {
            ++passes;
            for (const auto& c : cases) {
                const EvalResult r = summary ? c.model.evaluateSummary(c.mapping) : c.model.evaluate(c.mapping);
                sink += r.energy;
                ++evals;
            }
            elapsed = std::chrono::duration<double>(clock::now() - t0).count();
        }
        std::cout << (summary ? "summary" : "full   ") << ": " << evals << " evaluations of " << cases.size()
                  << " cases in " << elapsed << " s = " << static_cast<double>(evals) / elapsed
                  << " evaluations/s (checksum " << sink << ")\n";
    }
#ifdef MAPSCAPE_CALLGRIND
    CALLGRIND_STOP_INSTRUMENTATION;
#endif
    if (seconds < 0)
        return 0;
    // Per case: the fastest of five 10 ms rounds of its own mapping, then of its nearby mappings
    // that the model accepts, in turn (fastestRounds).
    std::vector<std::vector<Mapping>> own(cases.size()), nearby(cases.size());
    std::size_t mappings = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        own[i].push_back(cases[i].mapping);
        nearby[i].push_back(cases[i].mapping);
        for (auto& m : testing::nearbyMappings(cases[i].mapping, cases[i].model.problem().dimensions.size(),
                                               cases[i].name, 24))
            if (cases[i].model.evaluateSummary(m).ok)
                nearby[i].push_back(std::move(m));
        mappings += nearby[i].size();
    }
    const std::vector<double> best = fastestRounds(cases, own);
    std::vector<std::pair<double, std::string>> per;
    for (std::size_t i = 0; i < cases.size(); ++i)
        per.emplace_back(best[i] * 1e6, cases[i].name);
    std::sort(per.rbegin(), per.rend());
    std::cout << "best-of-5 per case: " << overCases(best) << "\n";
    std::cout << "slowest (us/eval):";
    for (std::size_t i = 0; i < 12 && i < per.size(); ++i)
        std::cout << " " << per[i].second << "=" << per[i].first;
    std::cout << "\n";
    std::cout << "nearby mappings of each case in turn (" << mappings
              << " mappings), best-of-5: " << overCases(fastestRounds(cases, nearby)) << "\n";
    return 0;
}
