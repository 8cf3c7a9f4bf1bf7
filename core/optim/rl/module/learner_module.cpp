// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/rl/module/learner_module.h"

#include "core/model/validation.h"

#include <dlfcn.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <cstdlib>
#include <filesystem>
#include <mutex>

namespace mapscape::learners {

namespace {

constexpr const char* kModuleFile = "libmapscape_learners.so";
constexpr const char* kEntry = "mapscape_learners_api";

/// The module's path: the environment's choice, else beside the library (or executable) that
/// holds this function.
std::string modulePath()
{
    if (const char* env = std::getenv("MAPSCAPE_LEARNER_MODULE"))
        return env;
    Dl_info info{};
    if (dladdr(reinterpret_cast<const void*>(&modulePath), &info) != 0 && info.dli_fname != nullptr) {
        std::error_code ec;
        const std::filesystem::path self = std::filesystem::weakly_canonical(info.dli_fname, ec);
        if (!ec)
            return (self.parent_path() / kModuleFile).string();
    }
    return kModuleFile;
}

/// The CPU kernels LibTorch and the BLAS and oneDNN under it may use, pinned before they load
/// (they read these once, at load time) so that a seed gives the same learner on any x86-64
/// machine with AVX2, AVX-512 or not: ATen's AVX2 kernels (the plain ones without AVX2),
/// OpenBLAS's Haswell kernels, oneDNN up to AVX2. A value the user set is kept;
/// MAPSCAPE_NATIVE_KERNELS=1 leaves the libraries to choose. See docs/reproduction.md.
void pinKernels()
{
    if (const char* native = std::getenv("MAPSCAPE_NATIVE_KERNELS"); native && std::string(native) == "1")
        return;
#if defined(__x86_64__)
    const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    setenv("ATEN_CPU_CAPABILITY", avx2 ? "avx2" : "default", 0);
    if (avx2) {
        setenv("OPENBLAS_CORETYPE", "Haswell", 0);
        setenv("DNNL_MAX_CPU_ISA", "AVX2", 0);
    }
#endif
}

/// LibTorch's OpenMP threads wait for work by sleeping, not spinning (libgomp's default spins for
/// a while at every barrier): with more threads than idle cores a spinning thread takes the time
/// slice of the one it waits for, and a learner on a busy 2-core machine ran 3.6x slower with two
/// threads than with one (bench/learner_under_load.sh). A value the user set is kept.
void sleepWhileWaiting()
{
    setenv("OMP_WAIT_POLICY", "PASSIVE", 0);
}

/// Keeps freed memory in the process for the learners' next step. A training step allocates and
/// frees tensors of tens of megabytes from its thread's malloc arena. glibc's defaults hand an
/// arena's emptied 64 MiB heap back to the system and map a fresh one moments later, so every
/// page of the next tensors is faulted in again: one BERT-base EGRL run spent 14,000 to 22,000
/// page faults a second that way (about a tenth of its time in the kernel), then 230 a second
/// once these were set on it. What is kept: up to 256 MiB of free memory per arena before it is
/// returned, and a heap is kept while it is the arena's spare. Allocations up to 32 MiB come from
/// the arenas (setting the others fixes the threshold, which would otherwise stay at 128 KiB).
/// Numbers are unchanged: LibTorch aligns every tensor the same wherever it lies.
void keepFreedMemory()
{
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TOP_PAD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

/// The table once opened, or why opening failed (not retried), and the intra-op threads asked
/// for (0: LibTorch's default); all under `mutex`.
struct State {
    std::mutex mutex;
    const Api* api = nullptr;
    std::string failure;
    int threads = 0;
};

State& state()
{
    static State s;
    return s;
}

const std::string& path()
{
    static const std::string p = modulePath();
    return p;
}

/// Whether the module file is there (a file check; opens nothing).
bool present()
{
    static const bool there = [] {
        std::error_code ec;
        return !path().empty() && std::filesystem::is_regular_file(path(), ec);
    }();
    return there;
}

std::string absentReason()
{
    if (path().empty())
        return "the learner module is switched off (MAPSCAPE_LEARNER_MODULE is empty)";
    return "the learner module (LibTorch) is not installed: " + path() + " is missing";
}

} // namespace

const Api& api()
{
    State& s = state();
    std::lock_guard lock(s.mutex);
    if (s.api != nullptr)
        return *s.api;
    if (s.failure.empty()) {
        if (!present()) {
            s.failure = absentReason();
        } else {
            pinKernels();
            sleepWhileWaiting();
            keepFreedMemory();
            // RTLD_LOCAL: LibTorch's symbols stay out of the global namespace; the module finds the
            // core's through its own dependency on it. Never closed: objects it made outlive calls.
            void* handle = dlopen(path().c_str(), RTLD_NOW | RTLD_LOCAL);
            if (handle == nullptr) {
                const char* why = dlerror();
                s.failure = "the learner module could not be opened: " + std::string(why != nullptr ? why : path());
            } else if (auto entry = reinterpret_cast<const Api* (*)()>(dlsym(handle, kEntry)); entry == nullptr) {
                s.failure = "the learner module " + path() + " has no entry point " + kEntry;
            } else if (const Api* table = entry(); table == nullptr || table->version != kApiVersion) {
                s.failure = "the learner module " + path() + " was built for another version of Mapscape (interface " +
                            std::to_string(table != nullptr ? table->version : 0) + ", expected " +
                            std::to_string(kApiVersion) + ")";
            } else {
                s.api = table;
                if (s.threads > 0)
                    s.api->setThreads(s.threads);
                return *s.api;
            }
        }
    }
    throw InputError(s.failure);
}

AnyFactory findFactory(std::string_view name)
{
    const Api& table = api();
    const std::string key(name);
    if (AnyFactory f = table.find(key.c_str()))
        return f;
    throw InputError("the learner module " + path() + " has no learner \"" + key + "\" (it has: " + table.names() +
                     ")");
}

void setThreads(int threads)
{
    State& s = state();
    std::lock_guard lock(s.mutex);
    s.threads = threads;
    if (s.api != nullptr && threads > 0)
        s.api->setThreads(threads);
}

void markAvailability(OptimizerInfo& info)
{
    if (!present()) {
        info.available = false;
        info.unavailableReason = absentReason();
    }
}

} // namespace mapscape::learners
