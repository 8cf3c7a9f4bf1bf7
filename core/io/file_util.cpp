// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/io/file_util.h"

#include "core/model/validation.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace mapscape {

std::string readTextFile(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw InputError(path + ": is a directory, expected a file");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path + ": cannot open file (" + std::strerror(errno) + ")");
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad())
        throw InputError(path + ": read error");
    return ss.str();
}

void writeTextFileAtomic(const std::string& path, const std::string& text)
{
    const std::string tmp = path + ".tmp-mapscape";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
            throw InputError(path + ": cannot write file (" + std::strerror(errno) + ")");
        out << text;
        out.flush();
        if (!out) {
            std::filesystem::remove(tmp);
            throw InputError(path + ": write error");
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::filesystem::remove(tmp);
        throw InputError(path + ": cannot replace file (" + ec.message() + ")");
    }
}

} // namespace mapscape
