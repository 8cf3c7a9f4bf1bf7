// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The Slurm backend of sweeps: the unfinished shards of a results folder become one job array
/// (`sbatch --array`), each task running `mapscape-cli sweep run-shard` on its shard; the job
/// ids are kept in "<folder>/slurm/jobs.tsv", so `sweep status` can ask `squeue` and `sacct`
/// about them. Array task ids are shard indices (minus an offset only where the cluster's
/// MaxArraySize is smaller than the sweep, which then takes several arrays). The pure parts
/// (job script, sbatch arguments, chunking, parsing squeue/sacct) are separate for the tests.

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mapscape::sweep {

struct SlurmOptions {
    std::string cli;             ///< absolute path of mapscape-cli on the compute nodes
    std::string partition;       ///< --partition (empty: the cluster's default)
    std::string timeLimit;       ///< --time per task, e.g. "30:00" (empty: the partition's default)
    int throttle = 0;            ///< at most this many tasks at once (%N), 0: no limit
    std::string account, qos;    ///< --account, --qos (empty: none)
    std::string memory;          ///< --mem per task, e.g. "2G" (empty: default)
    std::vector<std::string> extra; ///< further sbatch arguments, verbatim
};

/// One array job: shards offset + task id for every task id in `tasks` ("0-5,7").
struct SlurmArray {
    int offset = 0;
    std::string tasks;
    std::string jobId; ///< filled once submitted
};

/// Splits the shards into arrays whose task ids stay below maxArraySize (normally one array).
std::vector<SlurmArray> planArrays(const std::vector<int>& shards, int maxArraySize);
/// The batch script every task runs (one per results folder).
std::string jobScript(const std::string& cli, const std::string& folder);
/// sbatch's argument list for one array (after "sbatch").
std::vector<std::string> sbatchArguments(const SlurmArray& array, const SlurmOptions& opt, const std::string& folder,
                                         const std::string& sweepName);

/// "<folder>/slurm".
std::string slurmFolderOf(const std::string& folder);
/// The cluster's MaxArraySize (scontrol show config), 1001 if it cannot be read.
int clusterMaxArraySize();
/// Writes the job script and submits the arrays; returns them with their job ids and appends
/// them to jobs.tsv. Throws InputError with sbatch's own message if a submission fails.
std::vector<SlurmArray> submitArrays(const std::string& folder, const std::string& sweepName,
                                     const std::vector<int>& shards, const SlurmOptions& opt);
/// Every array ever submitted for this folder (jobs.tsv), oldest first.
std::vector<SlurmArray> submittedArrays(const std::string& folder);

/// A task's state as the scheduler reports it.
struct TaskState {
    int shard = -1;
    std::string jobId;   ///< "1234_7"
    std::string state;   ///< PENDING, RUNNING, COMPLETED, FAILED, CANCELLED, TIMEOUT, …
    std::string detail;  ///< squeue: reason or elapsed time; sacct: exit code and elapsed time
};

/// Parses `squeue --noheader --array --format=%i|%T|%M|%r` lines of the given arrays.
std::vector<TaskState> parseSqueue(const std::string& text, const std::vector<SlurmArray>& arrays);
/// Parses `sacct --noheader --parsable2 --format=JobID,State,ExitCode,Elapsed` lines (array tasks
/// only; steps such as "1234_7.batch" are skipped). The last record of a shard wins.
std::vector<TaskState> parseSacct(const std::string& text, const std::vector<SlurmArray>& arrays);

/// Tasks of these arrays still in the queue (pending or running). Throws InputError when squeue
/// cannot be run.
std::vector<TaskState> queuedTasks(const std::vector<SlurmArray>& arrays);
/// Finished tasks as accounting knows them, or nullopt with `why` when sacct has no data (a
/// cluster without accounting storage).
std::optional<std::vector<TaskState>> accountedTasks(const std::vector<SlurmArray>& arrays, std::string* why);

} // namespace mapscape::sweep
