// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/study.h"

#include "core/io/accel_io.h"
#include "core/io/dataflow_io.h"
#include "core/io/dpu_io.h"
#include "core/io/placement_io.h"
#include "core/io/preset_io.h"
#include "core/optim/optimizer_registry.h"
#include "core/util/strings.h"

#include <algorithm>
#include <cstdio>

namespace mapscape {

namespace {

std::uint64_t fnv1a(std::string_view text, std::uint64_t h = 1469598103934665603ull)
{
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

std::string hex(std::uint64_t v)
{
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

} // namespace

ProblemKind kindOf(const StudyInputs& inputs)
{
    if (std::holds_alternative<SchedulingInputs>(inputs))
        return ProblemKind::SchedulingTables;
    if (std::holds_alternative<DpuInputs>(inputs))
        return ProblemKind::DpuConfig;
    if (std::holds_alternative<PlacementInputs>(inputs))
        return ProblemKind::TensorPlacement;
    return std::holds_alternative<DataflowInputs>(inputs) ? ProblemKind::DataflowMapping : ProblemKind::AccelSizing;
}

std::string setupLabel(const StudyInputs& inputs)
{
    if (const auto* s = std::get_if<SchedulingInputs>(&inputs))
        return s->accelerator.name + " / " + s->network.name;
    if (const auto* a = std::get_if<AccelInputs>(&inputs)) {
        const RnnWorkload& w = a->setup.workload;
        std::string label = w.name;
        if (w.cell != RnnCell::Custom)
            label += " " + std::to_string(w.inputSize) + "-" + std::to_string(w.hiddenSize) + "-" + std::to_string(w.outputSize);
        return label + " on " + (a->setup.limits.any() ? a->setup.limits.name : std::string("unlimited resources"));
    }
    if (const auto* u = std::get_if<DpuInputs>(&inputs))
        return std::to_string(u->platform.actions.size()) + " DPU configurations × " +
               std::to_string(u->platform.variantCount()) + " CNN variants (runs seed " + std::to_string(u->dataSeed) + ")";
    if (const auto* p = std::get_if<PlacementInputs>(&inputs)) {
        std::string label = p->workload.name + " (" + std::to_string(p->workload.nodeCount()) + " nodes) on NNP-I-like";
        if (p->hardware.noiseSigma > 0)
            label += ", σ = " + formatSig(p->hardware.noiseSigma, 3);
        return label;
    }
    const auto& d = std::get<DataflowInputs>(inputs);
    return d.layer.name + " on " + d.hardware.name;
}

std::string setupKey(const StudyInputs& inputs)
{
    if (const auto* s = std::get_if<SchedulingInputs>(&inputs))
        return "scheduling-" + hex(fnv1a(networkToJson(s->network), fnv1a(acceleratorToJson(s->accelerator))));
    if (const auto* a = std::get_if<AccelInputs>(&inputs)) {
        AccelStudyFile f; // everything but the design shown and the names
        f.name.clear();
        f.setup = a->setup;
        f.setup.workload.name.clear();
        return "accel-" + hex(fnv1a(accelStudyToJson(f)));
    }
    if (const auto* u = std::get_if<DpuInputs>(&inputs))
        return "dpu-" + hex(fnv1a(std::to_string(u->dataSeed), fnv1a(dpuPlatformToJson(u->platform))));
    if (const auto* p = std::get_if<PlacementInputs>(&inputs)) {
        std::uint64_t h = fnv1a(placementWorkloadToJson(p->workload));
        h = fnv1a(placementHardwareToJson(p->hardware), h);
        h = fnv1a(formatReal(p->reward.invalidCoefficient) + (p->reward.flatInvalid ? "f" : "k") +
                      (p->reward.squaredMinusOne ? "m" : "s"),
                  h);
        for (const placement::Pin& pin : p->pins)
            h = fnv1a(std::to_string(pin.node) + (pin.weights ? "w" : "a") + std::to_string(int(pin.level)), h);
        return "placement-" + hex(h);
    }
    const auto& d = std::get<DataflowInputs>(inputs);
    std::uint64_t h = fnv1a(dataflowLayerToJson(d.layer));
    h = fnv1a(dataflowHardwareToJson(d.hardware), h);
    h = fnv1a(dataflowSpaceToJson(d.space), h);
    return "dataflow-" + hex(h);
}

OptimizerSettings defaultOptimizerSettings(ProblemKind kind)
{
    OptimizerSettings s;
    const auto optimizers = optimizersFor(kind);
    for (const OptimizerInfo* o : optimizers) {
        if (o->available) {
            s.id = o->id;
            break;
        }
    }
    s.objective = problemKindInfo(kind).objectives.front().id;
    if (kind == ProblemKind::AccelSizing)
        s.objective = "area"; // GRMD's stage 1 and the paper's primary objective (the first listed is latency, for HV order)
    return s;
}

Study makeStudy(std::string name, StudyInputs inputs)
{
    Study s;
    s.name = std::move(name);
    s.optimizer = defaultOptimizerSettings(kindOf(inputs));
    s.inputs = std::move(inputs);
    return s;
}

std::vector<std::pair<double, double>> thinSeries(const std::vector<std::pair<double, double>>& points,
                                                  std::size_t maxPoints)
{
    if (points.size() <= maxPoints || maxPoints < 4)
        return points;
    const double x0 = points.front().first, x1 = points.back().first;
    const std::size_t buckets = (maxPoints - 2) / 2;
    std::vector<std::pair<double, double>> out;
    out.reserve(maxPoints);
    out.push_back(points.front());
    std::size_t i = 1;
    for (std::size_t b = 0; b < buckets && i + 1 < points.size(); ++b) {
        const double hi = x0 + (x1 - x0) * double(b + 1) / double(buckets);
        std::size_t lo = i, mn = i, mx = i;
        while (i + 1 < points.size() && (points[i].first <= hi || b + 1 == buckets)) {
            if (points[i].second < points[mn].second)
                mn = i;
            if (points[i].second > points[mx].second)
                mx = i;
            ++i;
        }
        if (i == lo)
            continue;
        out.push_back(points[std::min(mn, mx)]);
        if (mn != mx)
            out.push_back(points[std::max(mn, mx)]);
    }
    out.push_back(points.back());
    return out;
}

} // namespace mapscape
