// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// mapscape-cli check-reference: the scheduling-table model against NeuroSpector's own result
// lines (.jsonl), field by field.

#include "app/cli/cli.h"
#include "app/cli/cli_output.h"
#include "kinds/scheduling/core/report.h"
#include "kinds/scheduling/core/scheduling_model.h"
#include "kinds/scheduling/core/neurospector_json.h"
#include "core/model/validation.h"
#include "core/util/strings.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <memory>

namespace mapscape::cli {

namespace {

struct CheckArgs {
    std::vector<std::string> files;
    double tolerance = 2e-5;
};

int runCheckReference(const CheckArgs& a)
{
    if (!(a.tolerance >= 0) || !std::isfinite(a.tolerance))
        throw InputError("--tolerance: expected a non-negative number");
    int cases = 0, mismatches = 0;
    double worst = 0;
    for (const std::string& f : a.files) {
        for (const ReferenceCase& rc : readReferenceFile(f)) {
            ++cases;
            const SchedulingModel model(rc.accelerator);
            Evaluation e;
            const EvalStatus st = model.evaluate(LayerShape::of(rc.layer), rc.table, e);
            if (st.ok() != rc.expectValid) {
                ++mismatches;
                std::cout << f << ":" << rc.line << ": " << rc.layer.name << ": validity differs: "
                          << (st.ok() ? "valid here" : model.describe(st)) << "\n";
                continue;
            }
            if (!st.ok())
                continue;
            std::map<std::string, double> ours;
            for (const ReportField& rf : reportFields(model, e))
                ours[rf.label] = rf.value;
            for (const auto& [label, ref] : rc.results) {
                const auto it = ours.find(label);
                if (it == ours.end())
                    continue;
                const double rel = ref == it->second ? 0 : std::abs(it->second - ref) / std::max(std::abs(ref), 1e-300);
                worst = std::max(worst, rel);
                if (rel > a.tolerance) {
                    ++mismatches;
                    std::cout << f << ":" << rc.line << ": " << rc.layer.name << ": " << label << " = "
                              << formatSig(it->second, 9) << ", reference " << formatSig(ref, 9) << " (rel. error "
                              << formatSig(rel, 3) << ")\n";
                }
            }
        }
    }
    std::cout << cases << " cases, " << mismatches << " mismatches, max relative error " << formatSig(worst, 3) << "\n";
    return mismatches ? kExitFailure : kExitOk;
}

} // namespace

Verb checkReferenceVerb()
{
    auto args = std::make_shared<CheckArgs>();
    return Verb{"check-reference",
                [args](CLI::App& app) {
                    CLI::App* c = app.add_subcommand(
                        "check-reference", "Compare the scheduling-table model with NeuroSpector result lines (.jsonl)");
                    c->add_option("files", args->files, "Result files")->required();
                    c->add_option("--tolerance", args->tolerance, "Maximum relative error")->capture_default_str();
                    return c;
                },
                [args](const CLI::App&) { return runCheckReference(*args); }};
}

} // namespace mapscape::cli
