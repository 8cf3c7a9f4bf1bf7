// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// Start-up cost of the programs (issue 34): wall time, peak resident memory and shared objects
// mapped for `mapscape-cli --help`, `validate`, `evaluate` of ResNet-50 on Eyeriss, `sweep
// status`, and the GUI's first window (offscreen, `--exit-when-shown`: the window up with the
// default study's evaluation on screen, then quit), each run against the same
// program built the way it was before the learner module: LibTorch linked at start-up
// (bench_startup_linked_cli / bench_startup_linked_gui, same main, same core, the learner module
// linked in). Runs alternate between the two so that a loaded machine slows both alike; read
// the ratios.
//
//   bench_startup [--repeat N] [--cli PATH --linked-cli PATH] [--gui PATH --linked-gui PATH]
//                 [--no-gui]
//
// Wall time: median of N runs (fork → exit). Peak RSS: the largest of the runs (getrusage of
// the child). Objects mapped: counted from the dynamic loader's own report (LD_DEBUG=files).

#include "bench/bench_args.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct Sample {
    double seconds = 0;
    long maxRssKib = 0;
};

/// Runs argv with extra environment entries, output discarded; exits the benchmark on failure.
Sample runOnce(const std::vector<std::string>& argv, const std::vector<std::string>& env)
{
    std::fflush(stdout); // or the child's freopen writes our buffered lines a second time
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid < 0) {
        std::perror("fork");
        std::exit(1);
    }
    if (pid == 0) {
        for (const std::string& e : env)
            putenv(const_cast<char*>(e.c_str()));
        std::freopen("/dev/null", "w", stdout);
        std::freopen("/dev/null", "w", stderr);
        std::vector<char*> args;
        for (const std::string& a : argv)
            args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execv(args[0], args.data());
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "%s failed (status %d)\n", argv[0].c_str(), status);
        std::exit(1);
    }
    return {s, usage.ru_maxrss};
}

/// Shared objects the dynamic loader mapped for one run.
int objectsMapped(const std::vector<std::string>& argv, const std::vector<std::string>& env, const fs::path& scratch)
{
    fs::remove_all(scratch);
    fs::create_directories(scratch);
    std::vector<std::string> e = env;
    e.push_back("LD_DEBUG=files");
    e.push_back("LD_DEBUG_OUTPUT=" + (scratch / "ld").string());
    runOnce(argv, e);
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(scratch)) {
        std::ifstream in(entry.path());
        for (std::string line; std::getline(in, line);) {
            const auto f = line.find("file=");
            if (f == std::string::npos || line.find("generating link map") == std::string::npos)
                continue;
            const auto end = line.find(" [", f);
            names.insert(fs::path(line.substr(f + 5, end - f - 5)).filename().string());
        }
    }
    return int(names.size());
}

struct Case {
    std::string name;
    std::vector<std::string> args; ///< after the program
    bool gui = false;
};

} // namespace

int main(int argc, char** argv)
{
    using mapscape::bench::optionValue;
    int repeat = 15;
    std::string cli = MAPSCAPE_CLI, linkedCli = MAPSCAPE_LINKED_CLI;
    std::string gui = MAPSCAPE_GUI, linkedGui = MAPSCAPE_LINKED_GUI;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--repeat")
            repeat = std::max(1, std::atoi(optionValue(argc, argv, i).c_str()));
        else if (a == "--cli")
            cli = optionValue(argc, argv, i);
        else if (a == "--linked-cli")
            linkedCli = optionValue(argc, argv, i);
        else if (a == "--gui")
            gui = optionValue(argc, argv, i);
        else if (a == "--linked-gui")
            linkedGui = optionValue(argc, argv, i);
        else if (a == "--no-gui")
            gui.clear();
        else {
            std::fprintf(stderr, "unknown argument %s (see the header of bench/bench_startup.cpp)\n", a.c_str());
            return 2;
        }
    }

    const fs::path scratch = fs::temp_directory_path() / ("mapscape-bench-startup-" + std::to_string(getpid()));
    fs::create_directories(scratch);
    // A results folder for `sweep status`: two shards of a non-learning optimizer.
    const fs::path results = scratch / "sweep-results";
    runOnce({cli, "sweep", "run", MAPSCAPE_SWEEP, "-o", results.string(), "-q"}, {});

    std::vector<Case> cases{
        {"cli --help", {"--help"}},
        {"cli validate (a study)", {"validate", MAPSCAPE_STUDY}},
        {"cli evaluate resnet50/eyeriss", {"evaluate", "-a", "eyeriss", "-n", "resnet50"}},
        {"cli sweep status", {"sweep", "status", results.string()}},
    };
    if (!gui.empty() && !linkedGui.empty())
        cases.push_back({"gui first window", {"--exit-when-shown"}, true});

    const std::vector<std::string> env{"QT_QPA_PLATFORM=offscreen"};
    std::printf("Start-up, median of %d alternating runs; 'linked' = the same program with LibTorch linked at start "
                "(as before the learner module)\n\n",
                repeat);
    std::printf("%-32s %12s %12s %8s %14s %14s %8s %8s\n", "command", "linked (ms)", "now (ms)", "ratio", "linked RSS (MB)",
                "now RSS (MB)", "linked", "now");
    std::printf("%-32s %12s %12s %8s %14s %14s %8s %8s\n", "", "", "", "", "", "", "objects", "objects");
    for (const Case& c : cases) {
        const std::string& now = c.gui ? gui : cli;
        const std::string& old = c.gui ? linkedGui : linkedCli;
        std::vector<std::string> nowArgs{now}, oldArgs{old};
        nowArgs.insert(nowArgs.end(), c.args.begin(), c.args.end());
        oldArgs.insert(oldArgs.end(), c.args.begin(), c.args.end());
        runOnce(oldArgs, env); // warm the page cache for both
        runOnce(nowArgs, env);
        std::vector<double> tNow, tOld;
        long rssNow = 0, rssOld = 0;
        for (int r = 0; r < repeat; ++r) {
            const Sample o = runOnce(oldArgs, env);
            const Sample n = runOnce(nowArgs, env);
            tOld.push_back(o.seconds);
            tNow.push_back(n.seconds);
            rssOld = std::max(rssOld, o.maxRssKib);
            rssNow = std::max(rssNow, n.maxRssKib);
        }
        std::sort(tNow.begin(), tNow.end());
        std::sort(tOld.begin(), tOld.end());
        const double mNow = tNow[tNow.size() / 2], mOld = tOld[tOld.size() / 2];
        const int objNow = objectsMapped(nowArgs, env, scratch / "ld-now");
        const int objOld = objectsMapped(oldArgs, env, scratch / "ld-old");
        std::printf("%-32s %12.1f %12.1f %7.1fx %14.1f %14.1f %8d %8d\n", c.name.c_str(), 1e3 * mOld, 1e3 * mNow,
                    mOld / mNow, rssOld / 1024.0, rssNow / 1024.0, objOld, objNow);
        std::fflush(stdout);
    }
    fs::remove_all(scratch);
    return 0;
}
