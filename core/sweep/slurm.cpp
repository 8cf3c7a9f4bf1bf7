// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/sweep/slurm.h"

#include "core/io/file_util.h"
#include "core/model/validation.h"
#include "core/sweep/sweep.h"
#include "core/util/process.h"
#include "core/util/strings.h"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace mapscape::sweep {

namespace {

namespace fs = std::filesystem;

/// jobs.tsv holds a line per submitted array: far below this even for 100,000 resubmissions.
constexpr std::uint64_t kMaxJobsFileBytes = 16ull << 20;

/// Single-quoted for a POSIX shell.
std::string shellQuote(const std::string& s)
{
    std::string q = "'";
    for (char c : s)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string jobsFile(const std::string& folder)
{
    return (fs::path(slurmFolderOf(folder)) / "jobs.tsv").string();
}

/// "1234_7" → shard, via the array whose job id is 1234; -1 if none of ours or not a task.
int shardOfTask(const std::string& id, const std::vector<SlurmArray>& arrays)
{
    const std::size_t us = id.find('_');
    if (us == std::string::npos)
        return -1;
    const std::string job = id.substr(0, us);
    const auto task = parseInt(std::string_view(id).substr(us + 1));
    if (!task)
        return -1; // "1234_[7-9]": pending tasks not yet split, or a step such as "1234_7.batch"
    for (const SlurmArray& a : arrays)
        if (a.jobId == job)
            return a.offset + int(*task);
    return -1;
}

} // namespace

std::vector<SlurmArray> planArrays(const std::vector<int>& shards, int maxArraySize)
{
    std::vector<int> v = shards;
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    const int limit = std::max(2, maxArraySize);
    std::vector<SlurmArray> out;
    for (std::size_t i = 0; i < v.size();) {
        const int offset = v[i] < limit ? 0 : v[i];
        std::vector<int> tasks;
        while (i < v.size() && v[i] - offset < limit)
            tasks.push_back(v[i++] - offset);
        out.push_back(SlurmArray{offset, formatIndexRanges(tasks), {}});
    }
    return out;
}

std::string jobScript(const std::string& cli, const std::string& folder)
{
    std::ostringstream s;
    s << "#!/bin/sh\n"
         "# Written by `mapscape-cli sweep run --backend slurm`: each task of the job array runs one\n"
         "# shard of the sweep in this folder. The shard is the array task id plus the offset given as\n"
         "# the first argument (0 unless the sweep is larger than the cluster's MaxArraySize).\n"
         "# The shard's result is written atomically, so a killed task leaves no partial file.\n"
         "set -eu\n"
         "exec "
      << shellQuote(cli) << " sweep run-shard " << shellQuote(folder)
      << " --index \"$((SLURM_ARRAY_TASK_ID + ${1:-0}))\"\n";
    return s.str();
}

std::vector<std::string> sbatchArguments(const SlurmArray& array, const SlurmOptions& opt, const std::string& folder,
                                         const std::string& sweepName)
{
    const std::string dir = slurmFolderOf(folder);
    std::vector<std::string> a = {"--parsable",
                                  "--job-name=mapscape-" + sweepName,
                                  "--array=" + array.tasks + (opt.throttle > 0 ? "%" + std::to_string(opt.throttle) : ""),
                                  "--output=" + (fs::path(dir) / "%A_%a.out").string(),
                                  "--ntasks=1",
                                  "--cpus-per-task=1"};
    if (!opt.partition.empty())
        a.push_back("--partition=" + opt.partition);
    if (!opt.timeLimit.empty())
        a.push_back("--time=" + opt.timeLimit);
    if (!opt.account.empty())
        a.push_back("--account=" + opt.account);
    if (!opt.qos.empty())
        a.push_back("--qos=" + opt.qos);
    if (!opt.memory.empty())
        a.push_back("--mem=" + opt.memory);
    a.insert(a.end(), opt.extra.begin(), opt.extra.end());
    a.push_back((fs::path(dir) / "job.sh").string());
    a.push_back(std::to_string(array.offset));
    return a;
}

std::string slurmFolderOf(const std::string& folder)
{
    return (fs::path(folder) / "slurm").string();
}

int clusterMaxArraySize()
{
    const ProcessResult r = runProcess({"scontrol", "show", "config"});
    if (r.ok()) {
        std::istringstream in(r.out);
        std::string line;
        while (std::getline(in, line)) {
            const std::size_t eq = line.find('=');
            if (eq != std::string::npos && trim(std::string_view(line).substr(0, eq)) == "MaxArraySize")
                if (const auto v = parseInt(trim(std::string_view(line).substr(eq + 1))); v && *v > 1)
                    return int(*v);
        }
    }
    return 1001; // Slurm's default
}

std::vector<SlurmArray> submitArrays(const std::string& folder, const std::string& sweepName,
                                     const std::vector<int>& shards, const SlurmOptions& opt)
{
    if (opt.cli.empty() || !fs::path(opt.cli).is_absolute())
        throw InputError("slurm: the path of mapscape-cli for the compute nodes must be absolute, got \"" + opt.cli + "\"");
    std::error_code ec;
    fs::create_directories(slurmFolderOf(folder), ec);
    if (ec)
        throw InputError(slurmFolderOf(folder) + ": cannot create it (" + ec.message() + ")");
    const std::string script = (fs::path(slurmFolderOf(folder)) / "job.sh").string();
    writeTextFileAtomic(script, jobScript(opt.cli, folder));
    ::chmod(script.c_str(), 0755);

    std::vector<SlurmArray> arrays = planArrays(shards, clusterMaxArraySize());
    for (SlurmArray& a : arrays) {
        std::vector<std::string> argv = {"sbatch"};
        const std::vector<std::string> args = sbatchArguments(a, opt, folder, sweepName);
        argv.insert(argv.end(), args.begin(), args.end());
        const ProcessResult r = runProcess(argv);
        if (!r.started)
            throw InputError("cannot submit to Slurm: " + r.error);
        if (r.exitCode != 0)
            throw InputError("sbatch refused the job array (" + commandLine(argv) + "): " + std::string(trim(r.err)));
        // --parsable prints "jobid" or "jobid;cluster".
        const std::string id = split(trim(r.out), ';').front();
        if (!parseInt(id))
            throw InputError("sbatch printed no job id (" + commandLine(argv) + "): " + std::string(trim(r.out)));
        a.jobId = id;
        std::ofstream jobs(jobsFile(folder), std::ios::app);
        jobs << a.jobId << '\t' << a.offset << '\t' << a.tasks << '\n';
        if (!jobs)
            throw InputError(jobsFile(folder) + ": cannot record job " + a.jobId + " (it was submitted)");
    }
    return arrays;
}

std::vector<SlurmArray> submittedArrays(const std::string& folder)
{
    std::vector<SlurmArray> out;
    // Through the bounded, regular-files-only reader: a FIFO or a link to /dev/zero in place of
    // the file is refused, naming it, instead of hanging or growing without end.
    const std::string path = jobsFile(folder);
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(path, ec)))
        return out; // nothing submitted yet
    std::istringstream in(readTextFile(path, kMaxJobsFileBytes));
    std::string line;
    while (std::getline(in, line)) {
        const std::vector<std::string> f = split(line, '\t');
        if (f.size() != 3)
            continue;
        const auto offset = parseInt(f[1]);
        if (!parseInt(f[0]) || !offset)
            continue;
        out.push_back(SlurmArray{int(*offset), f[2], f[0]});
    }
    return out;
}

std::vector<TaskState> parseSqueue(const std::string& text, const std::vector<SlurmArray>& arrays)
{
    std::vector<TaskState> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        const std::vector<std::string> f = split(line, '|');
        if (f.size() < 3)
            continue;
        const std::string id(trim(f[0]));
        const int shard = shardOfTask(id, arrays);
        if (shard < 0)
            continue;
        TaskState t{shard, id, std::string(trim(f[1])), {}};
        const std::string elapsed(trim(f[2]));
        const std::string reason = f.size() > 3 ? std::string(trim(f[3])) : std::string();
        t.detail = t.state == "PENDING" ? reason : elapsed;
        out.push_back(std::move(t));
    }
    std::sort(out.begin(), out.end(), [](const TaskState& a, const TaskState& b) { return a.shard < b.shard; });
    return out;
}

std::vector<TaskState> parseSacct(const std::string& text, const std::vector<SlurmArray>& arrays)
{
    std::map<int, TaskState> last;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        const std::vector<std::string> f = split(line, '|');
        if (f.size() < 4)
            continue;
        const std::string id(trim(f[0]));
        const int shard = shardOfTask(id, arrays);
        if (shard < 0)
            continue;
        // "CANCELLED by 0" → "CANCELLED".
        const std::string state = split(trim(f[1]), ' ').front();
        last[shard] = TaskState{shard, id, state, "exit " + std::string(trim(f[2])) + ", " + std::string(trim(f[3]))};
    }
    std::vector<TaskState> out;
    for (auto& [shard, t] : last)
        out.push_back(std::move(t));
    return out;
}

namespace {

std::string jobList(const std::vector<SlurmArray>& arrays)
{
    std::string ids;
    for (const SlurmArray& a : arrays)
        ids += (ids.empty() ? "" : ",") + a.jobId;
    return ids;
}

} // namespace

std::vector<TaskState> queuedTasks(const std::vector<SlurmArray>& arrays)
{
    if (arrays.empty())
        return {};
    const ProcessResult r =
        runProcess({"squeue", "--noheader", "--array", "--jobs=" + jobList(arrays), "--format=%i|%T|%M|%r"});
    if (!r.started)
        throw InputError("cannot ask Slurm: " + r.error);
    // squeue fails with "Invalid job id specified" once every listed job has left the queue.
    if (r.exitCode != 0) {
        if (r.err.find("Invalid job id") != std::string::npos)
            return {};
        throw InputError("squeue failed: " + std::string(trim(r.err)));
    }
    return parseSqueue(r.out, arrays);
}

std::optional<std::vector<TaskState>> accountedTasks(const std::vector<SlurmArray>& arrays, std::string* why)
{
    if (arrays.empty())
        return std::vector<TaskState>{};
    const ProcessResult r = runProcess({"sacct", "--noheader", "--parsable2", "--jobs=" + jobList(arrays),
                                        "--format=JobID,State,ExitCode,Elapsed"});
    if (!r.ok()) {
        if (why)
            *why = r.started ? std::string(trim(r.err.empty() ? r.out : r.err)) : r.error;
        return std::nullopt;
    }
    return parseSacct(r.out, arrays);
}

} // namespace mapscape::sweep
