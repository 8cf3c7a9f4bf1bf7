// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/io/file_util.h"

#include "core/model/validation.h"
#include "core/util/units.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace mapscape {

std::string readTextFile(const std::string& path, std::uint64_t maxBytes)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw InputError(path + ": is a directory, expected a file");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path + ": cannot open file (" + std::strerror(errno) + ")");
    const auto tooLarge = [&] {
        throw InputError(path + ": file too large (limit " + formatQuantity(double(maxBytes), "B") +
                         "); is it the file you meant?");
    };
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
    static std::atomic<unsigned> counter{0};
    const std::string tmp =
        path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter.fetch_add(1)) + "-mapscape";
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
