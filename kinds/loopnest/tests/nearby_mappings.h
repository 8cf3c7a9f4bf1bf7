// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// Mappings near a given one, as a mapper proposes them: prime factors moved between levels (a
// quarter of them into a level's spatial factors), one level's loop order shuffled. Seeded by a
// name (the same mappings on every machine). Many are refused by the model (capacity, fan-out).
// Shared by tst_loopnest_golden and bench_loopnest.

#pragma once

#include "kinds/loopnest/core/timeloop_spec.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace mapscape::loopnest::testing {

inline std::vector<Mapping> nearbyMappings(const Mapping& base, std::size_t dimensions, const std::string& seedName,
                                           int count)
{
    std::uint64_t seed = 1469598103934665603ull;  // FNV-1a of the name
    for (unsigned char ch : seedName)
        seed = (seed ^ ch) * 1099511628211ull;
    std::mt19937_64 rng(seed);
    const std::size_t nlev = base.levels.size();
    std::vector<Mapping> out;
    if (nlev == 0 || dimensions == 0)
        return out;
    for (int trial = 0; trial < count; ++trial) {
        Mapping m = base;
        for (int move = 0; move < 3; ++move) {
            auto& from = m.levels[rng() % nlev];
            auto& to = m.levels[rng() % nlev];
            const std::size_t d = rng() % dimensions;
            if (from.temporalFactors.size() != dimensions || to.temporalFactors.size() != dimensions ||
                from.temporalFactors[d] < 2)
                continue;
            std::uint64_t p = 2;
            while (from.temporalFactors[d] % p != 0)
                ++p;
            from.temporalFactors[d] /= p;
            const bool spatial = (rng() & 3) == 0 && to.spatialFactors.size() == dimensions;
            (spatial ? to.spatialFactors : to.temporalFactors)[d] *= p;
            to.hasTemporal = to.hasTemporal || !spatial;
            to.hasSpatial = to.hasSpatial || spatial;
        }
        auto& lm = m.levels[rng() % nlev];
        std::shuffle(lm.temporalPermutation.begin(), lm.temporalPermutation.end(), rng);
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace mapscape::loopnest::testing
