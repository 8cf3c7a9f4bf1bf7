// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "app/cli/sweep_cli.h"

#include "app/cli/cli_output.h"
#include "core/io/file_util.h"
#include "core/model/validation.h"
#include "core/sweep/slurm.h"
#include "core/sweep/sweep.h"
#include "core/util/process.h"
#include "core/util/strings.h"

#include <climits>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <set>
#include <sstream>
#include <stop_token>
#include <thread>

namespace mapscape::cli {

using namespace sweep;
namespace fs = std::filesystem;

namespace {

std::atomic<int> g_interrupted{0};

extern "C" void onInterrupt(int)
{
    g_interrupted.store(1);
}

std::string shapeText(const SweepSpec& s)
{
    auto n = [](std::size_t k, const char* one, const char* many) {
        return std::to_string(k) + " " + (k == 1 ? one : many);
    };
    std::set<std::string> kinds;
    for (const StudyEntry& e : s.studies)
        kinds.insert(e.kind);
    std::string t = n(s.studies.size(), "study", "studies");
    if (kinds.size() > 1 || (kinds.size() == 1 && !kinds.begin()->empty())) {
        std::string list;
        for (const std::string& k : kinds)
            list += (list.empty() ? "" : ", ") + k;
        t += " (" + list + ")";
    }
    for (const Variation& v : s.variations)
        t += " × " + n(v.values.size(), (v.name + " value").c_str(), (v.name + " values").c_str());
    return t + " × " + n(s.optimizers.size(), "optimizer", "optimizers") + " × " + n(s.seeds.size(), "seed", "seeds");
}

std::string resultText(const ShardResult& r)
{
    if (r.status != "ok")
        return r.status == "failed" ? "FAILED: " + r.failure : "no result" + (r.failure.empty() ? "" : ": " + r.failure);
    std::string t;
    for (const ShardResult::Objective& o : r.objectives)
        t += (t.empty() ? "" : ", ") + o.id + " " + formatSig(o.value) + (o.unit.empty() ? "" : " " + o.unit);
    return t;
}

std::string selfPath()
{
    std::error_code ec;
    const fs::path p = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string("mapscape-cli") : p.string();
}

std::string absolute(const std::string& folder)
{
    std::error_code ec;
    const fs::path p = fs::absolute(folder, ec);
    return (ec ? fs::path(folder) : p).lexically_normal().string();
}

/// The sweep of a run: the file given, or the results folder's own copy.
SweepSpec sweepForRun(const SweepArgs& a)
{
    if (a.folder.empty())
        throw InputError("--out: the results folder is needed (one JSON file per shard goes there)");
    if (!a.file.empty())
        return loadSweepFile(a.file);
    return sweepOfFolder(a.folder);
}

int runPlan(const SweepArgs& a)
{
    const SweepSpec spec = loadSweepFile(a.file);
    const std::vector<Shard> shards = planSweep(spec);
    checkSweepInputs(spec);
    std::cout << "sweep \"" << spec.name << "\": " << shapeText(spec) << " = " << shards.size() << " shards"
              << (spec.objective.empty() ? std::string() : ", objective " + spec.objective)
              << "\n  every study loads and every optimizer accepts its options\n";
    if (!a.summary)
        for (const Shard& s : shards)
            std::cout << "  " << shardFileName(s.index) << "  " << shardText(spec, s) << "\n";
    return kExitOk;
}

/// The shards a run should do: unfinished ones, restricted to --shards.
std::vector<int> todo(const SweepArgs& a, const SweepSpec& spec, int count)
{
    std::vector<std::string> problems;
    std::vector<int> open = unfinishedShards(a.folder, spec, &problems);
    for (const std::string& p : problems)
        std::cerr << "note: " << p << "\n";
    if (!a.shards.empty()) {
        const std::vector<int> only = parseIndexRanges(a.shards, count, "--shards");
        std::vector<int> keep;
        std::set_intersection(open.begin(), open.end(), only.begin(), only.end(), std::back_inserter(keep));
        open = std::move(keep);
    }
    return open;
}

int runLocal(const SweepArgs& a, const SweepSpec& spec, const std::vector<Shard>& shards, const std::vector<int>& open)
{
    const int workers = std::clamp(a.workers > 0 ? a.workers : int(std::max(1u, std::thread::hardware_concurrency())), 1,
                                   std::max(1, int(open.size())));
    std::cout << "running " << open.size() << " of " << shards.size() << " shards on this machine, " << workers
              << (workers == 1 ? " worker" : " workers") << " (Ctrl+C stops; finished shards are kept)\n"
              << std::flush;
    std::atomic<std::size_t> next{0};
    std::atomic<int> done{0}, failed{0};
    std::mutex outMutex;
    std::stop_source stop;
    g_interrupted.store(0);
    auto previous = std::signal(SIGINT, onInterrupt);
    auto previousTerm = std::signal(SIGTERM, onInterrupt);
    {
        std::jthread watcher([&](std::stop_token self) {
            while (!self.stop_requested()) {
                if (g_interrupted.load()) {
                    stop.request_stop();
                    return;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
            }
        });
        std::vector<std::jthread> pool;
        for (int w = 0; w < workers; ++w)
            pool.emplace_back([&] {
                for (;;) {
                    const std::size_t k = next.fetch_add(1);
                    if (k >= open.size() || stop.stop_requested())
                        return;
                    const Shard& s = shards[std::size_t(open[k])];
                    std::string line;
                    try {
                        const ShardResult r = runShardInto(a.folder, spec, s, stop.get_token()).result;
                        if (r.status == "failed")
                            ++failed;
                        line = shardText(spec, s) + ": " + resultText(r) + " (" + formatSig(r.seconds, 3) + " s)";
                    } catch (const std::exception& e) {
                        if (stop.stop_requested())
                            return;
                        ++failed;
                        line = shardText(spec, s) + ": FAILED: " + e.what();
                    }
                    const int n = ++done;
                    if (!a.quiet) {
                        const std::lock_guard lock(outMutex);
                        std::cout << "[" << n << "/" << open.size() << "] " << shardFileName(s.index) << " " << line
                                  << "\n"
                                  << std::flush;
                    }
                }
            });
        pool.clear(); // joins the workers
        watcher.request_stop();
    }
    std::signal(SIGINT, previous);
    std::signal(SIGTERM, previousTerm);
    const std::vector<int> left = unfinishedShards(a.folder, spec);
    if (stop.stop_requested())
        std::cout << "stopped: " << left.size() << " shards unfinished; run the same command again to finish them\n";
    else
        std::cout << "done: " << (shards.size() - left.size()) << " of " << shards.size() << " shards finished"
                  << (failed ? ", " + std::to_string(failed.load()) + " failed" : std::string()) << "; results in "
                  << a.folder << "\n";
    return failed || stop.stop_requested() ? kExitFailure : kExitOk;
}

/// Shards of earlier arrays of this folder still queued or running (not submitted twice).
std::set<int> queuedShards(const std::string& folder)
{
    std::set<int> out;
    for (const TaskState& t : queuedTasks(submittedArrays(folder)))
        out.insert(t.shard);
    return out;
}

int waitForArrays(const SweepArgs& a, const std::vector<SlurmArray>& arrays)
{
    std::size_t lastCount = std::size_t(-1);
    for (;;) {
        const std::vector<TaskState> q = queuedTasks(arrays);
        if (q.empty())
            return kExitOk;
        if (q.size() != lastCount && !a.quiet) {
            const auto running = std::count_if(q.begin(), q.end(), [](const TaskState& t) { return t.state == "RUNNING"; });
            std::cout << "waiting: " << q.size() << " tasks in the queue (" << running << " running)\n" << std::flush;
            lastCount = q.size();
        }
        std::this_thread::sleep_for(std::chrono::duration<double>(std::max(0.2, a.pollSeconds)));
    }
}

int runSlurm(const SweepArgs& a, const SweepSpec& spec, const std::vector<Shard>& shards, std::vector<int> open)
{
    const std::set<int> queued = queuedShards(a.folder);
    if (!queued.empty()) {
        std::erase_if(open, [&](int i) { return queued.count(i) > 0; });
        std::cout << queued.size() << " shards are still queued or running from an earlier submission; they are not "
                     "submitted again\n";
    }
    SlurmOptions opt;
    opt.cli = a.cli.empty() ? selfPath() : absolute(a.cli);
    opt.partition = a.partition;
    opt.timeLimit = a.timeLimit;
    opt.throttle = a.throttle;
    opt.account = a.account;
    opt.qos = a.qos;
    opt.memory = a.memory;
    opt.extra = a.sbatchArgs;
    const std::string folder = absolute(a.folder);
    if (open.empty()) {
        std::cout << "nothing to submit: every selected shard is finished or queued\n";
        return queued.empty() || !a.wait ? kExitOk : waitForArrays(a, submittedArrays(a.folder));
    }
    if (a.dryRun) {
        std::cout << jobScript(opt.cli, folder);
        for (const SlurmArray& arr : planArrays(open, clusterMaxArraySize())) {
            std::vector<std::string> argv = {"sbatch"};
            for (const std::string& s : sbatchArguments(arr, opt, folder, spec.name))
                argv.push_back(s);
            std::cout << commandLine(argv) << "\n";
        }
        return kExitOk;
    }
    const std::vector<SlurmArray> arrays = submitArrays(folder, spec.name, open, opt);
    for (const SlurmArray& arr : arrays)
        std::cout << "submitted job array " << arr.jobId << ": " << open.size() << " of " << shards.size()
                  << " shards, tasks " << arr.tasks << (arr.offset ? " (+" + std::to_string(arr.offset) + ")" : "")
                  << "; logs in " << slurmFolderOf(folder) << "\n";
    std::cout << "follow it with: mapscape-cli sweep status " << a.folder << "\n" << std::flush;
    if (!a.wait)
        return kExitOk;
    waitForArrays(a, arrays);
    const std::vector<int> left = unfinishedShards(a.folder, spec);
    std::cout << "done: " << (shards.size() - left.size()) << " of " << shards.size() << " shards finished"
              << (left.empty() ? std::string() : "; unfinished: " + formatIndexRanges(left)) << "\n";
    return left.empty() ? kExitOk : kExitFailure;
}

int runRun(const SweepArgs& a)
{
    if (a.backend != "local" && a.backend != "slurm")
        throw InputError("--backend: expected local or slurm, got \"" + a.backend + "\"");
    const SweepSpec spec = sweepForRun(a);
    const std::vector<Shard> shards = planSweep(spec);
    checkSweepInputs(spec);
    // A dry run writes nothing, but still refuses a folder that holds another sweep.
    std::error_code ec;
    if (!a.dryRun || fs::exists(sweepFileIn(a.folder), ec))
        adoptSweepFolder(a.folder, spec);
    const std::vector<int> open = todo(a, spec, int(shards.size()));
    if (a.backend == "slurm")
        return runSlurm(a, spec, shards, open);
    if (open.empty()) {
        std::cout << "nothing to do: every selected shard of \"" << spec.name << "\" is finished (" << a.folder << ")\n";
        return kExitOk;
    }
    return runLocal(a, spec, shards, open);
}

int runRunShard(const SweepArgs& a)
{
    int index = a.index;
    if (index < 0) {
        const char* task = std::getenv("SLURM_ARRAY_TASK_ID");
        if (!task)
            throw InputError("--index: needed outside a Slurm array task (SLURM_ARRAY_TASK_ID is not set)");
        const auto t = parseInt(task);
        if (!t || *t < 0 || *t > INT_MAX)
            throw InputError("SLURM_ARRAY_TASK_ID: expected a shard index (a non-negative integer), got \"" +
                             std::string(task).substr(0, 40) + "\"");
        index = int(*t);
    }
    const SweepSpec spec = sweepOfFolder(a.folder);
    const std::vector<Shard> shards = planSweep(spec);
    if (index >= int(shards.size()))
        throw InputError("--index: shard " + std::to_string(index) + " does not exist; the sweep has " +
                         std::to_string(shards.size()) + " shards");
    const auto [ran, r] = runShardInto(a.folder, spec, shards[std::size_t(index)]);
    std::cout << shardFileName(index) << " " << shardText(spec, shards[std::size_t(index)]) << ": " << resultText(r)
              << (ran ? " (" + formatSig(r.seconds, 3) + " s)" : " (already finished)") << "\n";
    return kExitOk;
}

/// A task's log is a few lines of mapscape-cli's output; more than this is not a log of ours.
constexpr std::uint64_t kMaxTaskLogBytes = 64ull << 20;

std::string lastLine(const std::string& file)
{
    // A task's log, read through the bounded, regular-files-only reader (a FIFO or a link to
    // /dev/zero is refused with the file named, not read forever).
    std::istringstream in(readTextFile(file, kMaxTaskLogBytes));
    std::string line, last;
    while (std::getline(in, line))
        if (!trim(line).empty())
            last = line;
    return last;
}

int runStatus(const SweepArgs& a)
{
    const SweepSpec spec = sweepOfFolder(a.folder);
    const std::vector<Shard> shards = planSweep(spec);
    std::vector<std::string> problems;
    const std::vector<int> left = unfinishedShards(a.folder, spec, &problems);
    std::cout << "sweep \"" << spec.name << "\" in " << a.folder << ": " << shapeText(spec) << " = " << shards.size()
              << " shards\n  finished " << (shards.size() - left.size()) << ", unfinished " << left.size()
              << (left.empty() ? std::string() : ": " + formatIndexRanges(left)) << "\n";
    for (const std::string& p : problems)
        std::cout << "  " << p << "\n";
    const std::vector<SlurmArray> arrays = submittedArrays(a.folder);
    if (!arrays.empty()) {
        std::cout << "  Slurm job arrays:";
        for (const SlurmArray& arr : arrays)
            std::cout << " " << arr.jobId << " (tasks " << arr.tasks << (arr.offset ? " +" + std::to_string(arr.offset) : "")
                      << ")";
        std::cout << "\n";
        std::vector<TaskState> queued;
        try {
            queued = queuedTasks(arrays);
        } catch (const InputError& e) {
            std::cout << "  squeue: " << e.what() << "\n";
        }
        std::map<std::string, std::vector<int>> byState;
        std::set<int> inQueue;
        for (const TaskState& t : queued) {
            byState[t.state].push_back(t.shard);
            inQueue.insert(t.shard);
        }
        for (const auto& [state, list] : byState)
            std::cout << "  " << toLower(state) << ": " << list.size() << " (shards " << formatIndexRanges(list) << ")\n";
        std::vector<int> lost;
        for (int i : left)
            if (!inQueue.count(i))
                lost.push_back(i);
        if (!lost.empty()) {
            std::string why;
            const std::optional<std::vector<TaskState>> acct = accountedTasks(arrays, &why);
            std::map<int, TaskState> last;
            if (acct)
                for (const TaskState& t : *acct)
                    last[t.shard] = t;
            std::cout << "  unfinished and not queued: " << formatIndexRanges(lost)
                      << " (failed, cancelled, timed out or never submitted)\n";
            if (!acct)
                std::cout << "  sacct has no record of them here (" << why << ")\n";
            for (int i : lost) {
                std::cout << "    " << shardFileName(i);
                if (const auto it = last.find(i); it != last.end())
                    std::cout << ": task " << it->second.jobId << " " << it->second.state << ", " << it->second.detail;
                // The task's log: the newest array that held this shard.
                for (auto arr = arrays.rbegin(); arr != arrays.rend(); ++arr) {
                    const int task = i - arr->offset;
                    if (task < 0)
                        continue;
                    const fs::path log = fs::path(slurmFolderOf(absolute(a.folder))) /
                                         (arr->jobId + "_" + std::to_string(task) + ".out");
                    std::error_code ec;
                    if (fs::exists(log, ec)) {
                        std::string tail;
                        try {
                            tail = printableLine(lastLine(log.string())); // no control sequences reach the terminal
                        } catch (const InputError& e) {
                            tail = std::string("not read: ") + e.what();
                        }
                        std::cout << "; log " << log.string() << (tail.empty() ? "" : ": " + tail);
                        break;
                    }
                }
                std::cout << "\n";
            }
            std::cout << "  `mapscape-cli sweep run -o " << a.folder << " --backend slurm` submits them again\n";
        }
    }
    return left.empty() ? kExitOk : kExitFailure;
}

int runCollect(const SweepArgs& a)
{
    const SweepSpec spec = sweepOfFolder(a.folder);
    const std::vector<Shard> shards = planSweep(spec);
    std::vector<std::string> problems;
    const std::map<int, ShardResult> done = readFinishedShards(a.folder, spec, &problems);
    std::string format = a.format;
    if (format.empty())
        format = fs::path(a.out).extension() == ".json" ? "json" : "csv";
    if (format != "csv" && format != "json")
        throw InputError("--format: expected csv or json, got \"" + format + "\"");
    if (done.size() < shards.size()) {
        std::vector<int> left;
        for (const Shard& s : shards)
            if (!done.count(s.index))
                left.push_back(s.index);
        std::cerr << (a.partial ? "note: " : "error: ") << left.size() << " of " << shards.size()
                  << " shards are unfinished (" << formatIndexRanges(left) << "); `mapscape-cli sweep status "
                  << a.folder << "` tells why" << (a.partial ? "" : "; --partial collects the finished ones") << "\n";
        if (!a.partial)
            return kExitFailure;
    }
    std::vector<ShardResult> rows;
    for (const auto& [i, r] : done)
        rows.push_back(r);
    const CollectOptions opts{.timing = !a.noTiming};
    writeOut(format == "json" ? collectJson(rows, opts) : collectCsv(rows, opts), a.out);
    if (!a.out.empty())
        std::cerr << rows.size() << " shard results -> " << a.out << "\n";
    return kExitOk;
}

} // namespace

CLI::App* addSweepCommand(CLI::App& app, SweepArgs& a)
{
    CLI::App* sweep = app.add_subcommand(
        "sweep", "Run a sweep file's cross product (studies of any kind × variations × optimizers × seeds) here or on Slurm");
    sweep->require_subcommand(1);

    CLI::App* plan = sweep->add_subcommand("plan", "Check a sweep file and list its shards");
    plan->add_option("sweep", a.file, "Sweep file (mapscape/sweep JSON)")->required();
    plan->add_flag("--summary", a.summary, "Only the summary line, not every shard");

    CLI::App* run = sweep->add_subcommand(
        "run", "Run the unfinished shards into a results folder (again: only those still missing)");
    run->add_option("sweep", a.file, "Sweep file; without it, the results folder's own sweep.json");
    run->add_option("-o,--out", a.folder, "Results folder (one JSON file per shard)")->required();
    run->add_option("--backend", a.backend, "local (worker threads here) or slurm (one job array)")->capture_default_str();
    run->add_option("-j,--workers", a.workers, "local: worker threads (default: all cores)");
    run->add_option("--shards", a.shards, "Only these shards, e.g. 0-5,7");
    run->add_flag("--wait", a.wait, "slurm: return only when the job array has left the queue");
    run->add_option("--poll", a.pollSeconds, "slurm --wait: seconds between squeue calls")->capture_default_str();
    run->add_option("-p,--partition", a.partition, "slurm: partition (default: the cluster's default)");
    run->add_option("-t,--time", a.timeLimit, "slurm: time limit per task, e.g. 30:00");
    run->add_option("--array-throttle", a.throttle, "slurm: at most this many tasks at once (--array=…%N)");
    run->add_option("-A,--account", a.account, "slurm: account to charge");
    run->add_option("--qos", a.qos, "slurm: quality of service");
    run->add_option("--mem", a.memory, "slurm: memory per task, e.g. 2G");
    run->add_option("--sbatch-arg", a.sbatchArgs, "slurm: extra sbatch argument, verbatim (repeatable)");
    run->add_option("--cli", a.cli, "slurm: mapscape-cli as the compute nodes see it (default: this one)");
    run->add_flag("--dry-run", a.dryRun, "slurm: print the job script and the sbatch command, submit nothing");
    run->add_flag("-q,--quiet", a.quiet, "No line per finished shard");

    CLI::App* runShard = sweep->add_subcommand("run-shard", "Run one shard into a results folder (what each Slurm task does)");
    runShard->add_option("folder", a.folder, "Results folder written by `sweep run`")->required();
    runShard->add_option("--index", a.index, "Shard index (default: $SLURM_ARRAY_TASK_ID)");

    CLI::App* status = sweep->add_subcommand("status", "Finished and unfinished shards, and the Slurm queue's view");
    status->add_option("folder", a.folder, "Results folder")->required();

    CLI::App* collect = sweep->add_subcommand("collect", "Merge the shard results into one table");
    collect->add_option("folder", a.folder, "Results folder")->required();
    collect->add_option("-o,--out", a.out, "Output file (.csv or .json; default: standard output)");
    collect->add_option("-f,--format", a.format, "csv or json (default: from the file name, else csv)");
    collect->add_flag("--no-timing", a.noTiming, "Leave out seconds and host (to compare runs byte for byte)");
    collect->add_flag("--partial", a.partial, "Collect even if some shards are unfinished");
    return sweep;
}

int runSweepCommand(const CLI::App& sweep, const SweepArgs& a)
{
    if (*sweep.get_subcommand("plan"))
        return runPlan(a);
    if (*sweep.get_subcommand("run"))
        return runRun(a);
    if (*sweep.get_subcommand("run-shard"))
        return runRunShard(a);
    if (*sweep.get_subcommand("status"))
        return runStatus(a);
    return runCollect(a);
}

} // namespace mapscape::cli
