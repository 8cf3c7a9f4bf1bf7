// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/loopnest/core/timeloop_spec.h"

#include <cmath>

namespace mapscape::loopnest {

std::string SourceLoc::str() const
{
    if (file.empty() && line <= 0)
        return {};
    if (line <= 0)
        return file;
    return file + ":" + std::to_string(line);
}

std::uint64_t StorageLevelSpec::effectiveSize() const
{
    if (!hasSize)
        return 0;
    return static_cast<std::uint64_t>(std::floor(static_cast<double>(size) / multipleBuffering));
}

int Architecture::findLevel(const std::string& n) const
{
    for (std::size_t i = 0; i < levels.size(); ++i)
        if (levels[i].name == n)
            return static_cast<int>(i);
    return -1;
}

int Problem::findDimension(const std::string& n) const
{
    for (std::size_t i = 0; i < dimensions.size(); ++i)
        if (dimensions[i] == n)
            return static_cast<int>(i);
    return -1;
}

int Problem::findDataSpace(const std::string& n) const
{
    for (std::size_t i = 0; i < dataSpaces.size(); ++i)
        if (dataSpaces[i].name == n)
            return static_cast<int>(i);
    return -1;
}

int Problem::findCoefficient(const std::string& n) const
{
    for (std::size_t i = 0; i < coefficientNames.size(); ++i)
        if (coefficientNames[i] == n)
            return static_cast<int>(i);
    return -1;
}

std::string Problem::dimensionList() const
{
    std::string s;
    for (const auto& d : dimensions) {
        if (!s.empty())
            s += ' ';
        s += d;
    }
    return s;
}

} // namespace mapscape::loopnest
