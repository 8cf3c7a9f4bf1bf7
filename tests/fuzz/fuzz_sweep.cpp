// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Fuzz target: sweep files, shard results and collected tables (CSV or JSON). A sweep file or
/// a shard result that loads must save, load and save again to the same text; a collected table that
/// loads must collect back into a table that loads to the same rows.

#include "fuzz_support.h"

#include "core/sweep/sweep.h"

using namespace mapscape;
using namespace mapscape::sweep;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    fuzz::expectCleanError(
        [&] {
            const SweepSpec s = sweepFromJson(text, fuzz::kSource);
            const std::string saved = sweepToJson(s);
            if (sweepToJson(sweepFromJson(saved, "saved")) != saved)
                fuzz::finding("sweep: saving and loading changes it");
            (void)planSweep(s);
        },
        "sweep file");
    fuzz::expectStableRoundTrip(
        text, "shard result", [](std::string_view t, const std::string& src) { return shardResultFromJson(t, src); },
        [](const ShardResult& r) { return shardResultToJson(r); });
    fuzz::expectCleanError(
        [&] {
            const std::vector<ShardResult> rows = readCollected(text, fuzz::kSource);
            if (readCollected(collectCsv(rows), "collected.csv").size() != rows.size() ||
                readCollected(collectJson(rows), "collected.json").size() != rows.size())
                fuzz::finding("collected table: collecting its rows again changes their number");
        },
        "collected table");
    return 0;
}
