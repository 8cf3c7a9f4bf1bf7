// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/io/file_util.h"

#include "core/model/validation.h"
#include "core/util/units.h"

#include <atomic>
#include <charconv>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace mapscape {

namespace {

constexpr std::string_view kTmpMarker = ".tmp-";
constexpr std::string_view kTmpSuffix = "-mapscape";

std::string thisHost()
{
    char host[256] = {};
    if (::gethostname(host, sizeof host - 1) != 0 || host[0] == 0)
        return "localhost";
    std::string h = host;
    for (char& c : h)
        if (c == '-' || c == '/' || c == '.')
            c = '_'; // the name's fields are separated by '-'
    return h;
}

/// "<path>.tmp-<host>-<pid>-<n>-mapscape": the host and process that own a temporary file, so
/// that a later run on the same host can tell a dead writer's leftovers from a live writer's.
std::string temporarySibling(const std::string& path)
{
    static std::atomic<unsigned> counter{0};
    return path + std::string(kTmpMarker) + thisHost() + "-" + std::to_string(::getpid()) + "-" +
           std::to_string(counter.fetch_add(1)) + std::string(kTmpSuffix);
}

/// The process id of a temporary name made on this host by temporarySibling, or -1.
long ownerOnThisHost(std::string_view name, const std::string& host)
{
    if (!name.ends_with(kTmpSuffix))
        return -1;
    name.remove_suffix(kTmpSuffix.size());
    const std::string mark = std::string(kTmpMarker) + host + "-";
    const std::size_t at = name.rfind(mark);
    if (at == std::string_view::npos)
        return -1;
    const std::string_view rest = name.substr(at + mark.size()); // "<pid>-<n>"
    long pid = -1;
    const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), pid);
    if (ec != std::errc() || end == rest.data() + rest.size() || *end != '-')
        return -1;
    return pid;
}

} // namespace

int removeStaleTemporaries(const std::string& folder)
{
    namespace fs = std::filesystem;
    const std::string host = thisHost();
    int removed = 0;
    std::error_code ec;
    for (fs::directory_iterator it(folder.empty() ? "." : folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        const long pid = ownerOnThisHost(name, host);
        if (pid <= 0 || pid == long(::getpid()))
            continue;
        if (::kill(pid_t(pid), 0) == 0 || errno != ESRCH)
            continue; // alive (or not ours to judge)
        std::error_code rm;
        if (fs::remove_all(it->path(), rm) > 0 && !rm)
            ++removed;
    }
    return removed;
}

void writeFolderAtomic(const std::string& dir, const std::vector<std::pair<std::string, std::string>>& files)
{
    namespace fs = std::filesystem;
    fs::path target = fs::path(dir).lexically_normal();
    if (!target.empty() && target.filename().empty()) // "ns/": the folder ns
        target = target.parent_path();
    if (target.empty() || target == "." || target == ".." || target == target.root_path())
        throw InputError(dir + ": expected the name of a folder to write");
    const fs::path parent = target.has_parent_path() && !target.parent_path().empty() ? target.parent_path() : fs::path(".");
    std::error_code ec;
    fs::create_directories(parent, ec);
    if (ec)
        throw InputError(parent.string() + ": cannot create folder (" + ec.message() + ")");
    removeStaleTemporaries(parent.string());
    if (fs::exists(fs::symlink_status(target)) && !fs::is_directory(fs::symlink_status(target)))
        throw InputError(dir + ": exists and is not a folder");
    // Replacing the folder must not take anything else with it: only a folder that holds an
    // earlier run's files is replaced: files of the names written, or of an extension that
    // several written files share (a network's .cfg files, whose names follow its layers).
    if (fs::is_directory(fs::symlink_status(target))) {
        const auto family = [&](const fs::path& ext) {
            return !ext.empty() && std::count_if(files.begin(), files.end(), [&](const auto& f) {
                       return fs::path(f.first).extension() == ext;
                   }) >= 2;
        };
        for (fs::directory_iterator it(target, ec), end; !ec && it != end; it.increment(ec)) {
            const fs::path name = it->path().filename();
            const bool sameKind = it->is_regular_file() &&
                                  (family(name.extension()) || std::any_of(files.begin(), files.end(), [&](const auto& f) {
                                       return f.first == name.string();
                                   }));
            if (!sameKind)
                throw InputError(dir + ": the folder holds other things (" + name.string() +
                                 "); write to a new or empty folder, or to one this command wrote");
        }
    }
    const std::string tmp = temporarySibling(target.string());
    fs::create_directory(tmp, ec);
    if (ec)
        throw InputError(dir + ": cannot create folder (" + ec.message() + ")");
    try {
        for (const auto& [name, text] : files)
            writeTextFileAtomic((fs::path(tmp) / name).string(), text);
    } catch (...) {
        fs::remove_all(tmp, ec);
        throw;
    }
    // The folder appears complete or not at all: an old folder is moved aside first (its name
    // marks it as this process's temporary, so a crash right here leaves it for the next cleanup).
    std::string old;
    if (fs::exists(target)) {
        old = temporarySibling(target.string());
        if (::rename(target.c_str(), old.c_str()) != 0) {
            const int err = errno;
            fs::remove_all(tmp, ec);
            throw InputError(dir + ": cannot replace folder (" + std::strerror(err) + ")");
        }
    }
    if (::rename(tmp.c_str(), target.c_str()) != 0) {
        const int err = errno;
        if (!old.empty())
            ::rename(old.c_str(), target.c_str());
        fs::remove_all(tmp, ec);
        throw InputError(dir + ": cannot write folder (" + std::strerror(err) + ")");
    }
    if (!old.empty())
        fs::remove_all(old, ec);
}

std::string readTextFile(const std::string& path, std::uint64_t maxBytes)
{
    // Only regular files: opening a FIFO blocks until a writer comes (forever, from a script), and
    // a device has no end. stat() looks without opening.
    if (struct stat st{}; ::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode))
            throw InputError(path + ": is a directory, expected a file");
        if (!S_ISREG(st.st_mode)) {
            const char* what = S_ISFIFO(st.st_mode) ? "a FIFO"
                               : S_ISCHR(st.st_mode) ? "a character device"
                               : S_ISBLK(st.st_mode) ? "a block device"
                               : S_ISSOCK(st.st_mode) ? "a socket"
                                                       : "not a regular file";
            throw InputError(path + ": is " + std::string(what) + ", expected a regular file");
        }
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path + ": cannot open file (" + std::strerror(errno) + ")");
    const auto tooLarge = [&] {
        throw InputError(path + ": file too large (limit " + formatQuantity(double(maxBytes), "B") +
                         "); is it the file you meant?");
    };
    std::error_code ec;
    if (const auto size = std::filesystem::file_size(path, ec); !ec && size > maxBytes)
        tooLarge();
    // Read in chunks and stop past the limit: a device or pipe (/dev/zero) has no size.
    std::string text;
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        text.append(buf, std::size_t(in.gcount()));
        if (text.size() > maxBytes)
            tooLarge();
    }
    if (in.bad())
        throw InputError(path + ": read error");
    return text;
}

void writeTextFileAtomic(const std::string& path, const std::string& text)
{
    // A temporary file beside the target (same file system, so rename is atomic) with a name of
    // its own: two writers of the same file never write into one temporary file.
    const std::string tmp = temporarySibling(path);
    mode_t mode = 0644;
    if (struct stat st{}; ::stat(path.c_str(), &st) == 0)
        mode = st.st_mode & 07777; // keep the old file's permissions
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0)
        throw InputError(path + ": cannot write file (" + std::strerror(errno) + ")");
    const auto failWith = [&](const std::string& what) {
        const int err = errno;
        ::close(fd);
        ::unlink(tmp.c_str());
        throw InputError(path + ": " + what + " (" + std::strerror(err) + ")");
    };
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            failWith("write error");
        }
        done += std::size_t(n);
    }
    // On disk before the rename: after a crash the name holds the old or the new complete file.
    if (::fsync(fd) != 0)
        failWith("write error");
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        throw InputError(path + ": write error (" + std::strerror(err) + ")");
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        throw InputError(path + ": cannot replace file (" + std::strerror(err) + ")");
    }
    // And the rename itself: sync the folder (best effort; some file systems refuse).
    const std::filesystem::path dir = std::filesystem::path(path).parent_path();
    if (const int dfd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
}

} // namespace mapscape
