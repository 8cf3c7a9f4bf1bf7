// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "bench/report/sweep_report.h"

#include "core/io/file_util.h"
#include "core/model/validation.h"
#include "core/util/statistics.h"
#include "core/util/strings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>

namespace mapscape::bench {

namespace fs = std::filesystem;

SweepResults readSweepResults(const std::string& path)
{
    SweepResults out;
    out.path = path;
    std::error_code ec;
    const bool folder = fs::is_directory(path, ec);
    if (!folder) {
        out.rows = sweep::loadSweepResults(path);
        return out;
    }
    out.spec = sweep::sweepOfFolder(path);
    std::vector<std::string> problems;
    const std::map<int, sweep::ShardResult> done = sweep::readFinishedShards(path, *out.spec, &problems);
    for (const auto& [index, r] : done)
        out.rows.push_back(r);
    const int total = int(sweep::planSweep(*out.spec).size());
    out.unfinished = total - int(done.size());
    if (out.unfinished > 0)
        std::fprintf(stderr, "note: %s: %d of %d shards are unfinished; the tables hold the %zu finished ones\n",
                     path.c_str(), out.unfinished, total, done.size());
    for (const std::string& p : problems)
        std::fprintf(stderr, "note: %s\n", p.c_str());
    return out;
}

std::optional<Study> SweepResults::studyOf(const sweep::ShardResult& row) const
{
    if (!spec)
        return std::nullopt;
    const std::vector<sweep::Shard> shards = sweep::planSweep(*spec);
    if (row.index < 0 || row.index >= int(shards.size()))
        return std::nullopt;
    return sweep::shardStudy(*spec, shards[std::size_t(row.index)]);
}

std::vector<std::uint64_t> SweepResults::seeds() const
{
    std::set<std::uint64_t> s;
    for (const sweep::ShardResult& r : rows)
        s.insert(r.seed);
    return {s.begin(), s.end()};
}

std::string optionOf(const sweep::ShardResult& row, std::string_view key)
{
    for (const std::string& part : split(row.options, ' ')) {
        const auto eq = part.find('=');
        if (eq != std::string::npos && std::string_view(part).substr(0, eq) == key)
            return part.substr(eq + 1);
    }
    return {};
}

double numericOption(const sweep::ShardResult& row, std::string_view key, double fallback)
{
    const std::string v = optionOf(row, key);
    const auto x = parseReal(v);
    return x ? *x : fallback;
}

double firstReach(const std::vector<std::pair<double, double>>& curve, double level, bool higherIsBetter)
{
    for (const auto& [step, value] : curve)
        if (higherIsBetter ? value >= level : value <= level)
            return step;
    return -1;
}

std::pair<double, double> meanStdOf(const std::vector<double>& values)
{
    if (values.empty())
        return {NAN, NAN};
    return meanStd(values);
}

std::string ReportArgs::get(std::string_view name, std::string fallback) const
{
    for (const auto& [k, v] : extra)
        if (k == name)
            return v;
    return fallback;
}

bool ReportArgs::has(std::string_view name) const
{
    for (const auto& [k, v] : extra)
        if (k == name)
            return true;
    return false;
}

ReportArgs parseReportArgs(int argc, char** argv, const std::vector<std::string>& valued,
                           const std::vector<std::string>& flags, const char* usage)
{
    ReportArgs a;
    const auto fail = [&](const std::string& why) {
        std::fprintf(stderr, "%s\n%s", why.c_str(), usage);
        std::exit(2);
    };
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&] {
            if (i + 1 >= argc)
                fail(arg + " needs a value");
            return std::string(argv[++i]);
        };
        if (arg == "--results")
            a.results = value();
        else if (arg == "--markdown")
            a.markdown = value();
        else if (arg == "-h" || arg == "--help") {
            std::printf("%s", usage);
            std::exit(0);
        } else if (std::find(valued.begin(), valued.end(), arg) != valued.end())
            a.extra.emplace_back(arg, value());
        else if (std::find(flags.begin(), flags.end(), arg) != flags.end())
            a.extra.emplace_back(arg, "1");
        else
            fail("unknown argument " + arg);
    }
    if (a.results.empty())
        fail("--results is required (a sweep's results folder or collected table)");
    return a;
}

void emitMarkdown(const std::string& markdown, const std::string& path)
{
    std::cout << markdown << std::flush;
    if (!path.empty())
        writeTextFileAtomic(path, markdown);
}

int reportMain(const std::function<int()>& body)
{
    try {
        return body();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    }
}

} // namespace mapscape::bench
