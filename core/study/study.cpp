// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/study.h"

#include <algorithm>

namespace mapscape {

std::string setupLabel(const StudyInputs& inputs) { return inputs.kind().setupLabel(inputs); }

std::string setupKey(const StudyInputs& inputs) { return inputs.kind().setupKey(inputs); }

OptimizerSettings defaultOptimizerSettings(const StudyKind& kind)
{
    OptimizerSettings s;
    const StudyKindInfo& info = kind.info();
    const OptimizerInfo* preferred = findOptimizer(kind, info.defaultOptimizer);
    if (preferred && preferred->available)
        s.id = preferred->id;
    else
        for (const OptimizerInfo& o : kind.optimizers())
            if (o.available) {
                s.id = o.id;
                break;
            }
    s.objective = info.primaryObjective();
    return s;
}

Study makeStudy(std::string name, StudyInputs inputs)
{
    Study s;
    s.name = std::move(name);
    s.optimizer = defaultOptimizerSettings(inputs.kind());
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
