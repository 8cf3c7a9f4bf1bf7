// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/util/process.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

extern char** environ;

namespace mapscape {

namespace {

struct Pipe {
    int fd[2] = {-1, -1};
    ~Pipe()
    {
        for (int f : fd)
            if (f >= 0)
                ::close(f);
    }
    void closeEnd(int i)
    {
        if (fd[i] >= 0)
            ::close(fd[i]);
        fd[i] = -1;
    }
};

} // namespace

ProcessResult runProcess(const std::vector<std::string>& argv)
{
    if (argv.empty())
        throw std::invalid_argument("runProcess: empty command");
    ProcessResult res;
    Pipe out, err;
    if (::pipe2(out.fd, O_CLOEXEC) != 0 || ::pipe2(err.fd, O_CLOEXEC) != 0) {
        res.error = "cannot create a pipe: " + std::string(std::strerror(errno));
        return res;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out.fd[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err.fd[1], 2);
    std::vector<char*> args;
    for (const std::string& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int rc = ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    out.closeEnd(1);
    err.closeEnd(1);
    if (rc != 0) {
        res.error = argv[0] + ": " + (rc == ENOENT ? std::string("not found (is it installed and on PATH?)")
                                                   : std::string(std::strerror(rc)));
        return res;
    }
    res.started = true;
    pollfd fds[2] = {{out.fd[0], POLLIN, 0}, {err.fd[0], POLLIN, 0}};
    std::string* sinks[2] = {&res.out, &res.err};
    int open = 2;
    char buf[4096];
    while (open > 0) {
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
            if (n > 0) {
                sinks[i]->append(buf, std::size_t(n));
            } else if (n == 0 || errno != EINTR) {
                fds[i].fd = -1; // poll ignores negative descriptors; the Pipe closes it
                --open;
            }
        }
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    res.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
    // posix_spawnp reports a missing program through the child on some C libraries.
    if (res.exitCode == 127 && res.out.empty() && res.err.empty())
        res.error = argv[0] + ": could not be run (exit status 127)";
    return res;
}

std::string commandLine(const std::vector<std::string>& argv)
{
    std::string s;
    for (const std::string& a : argv) {
        const bool plain = !a.empty() && a.find_first_of(" \t\"'\\$`*?&;|<>()") == std::string::npos;
        s += (s.empty() ? "" : " ") + (plain ? a : "'" + a + "'");
    }
    return s;
}

} // namespace mapscape
