// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/study/workbench_registry.h"

#include "widgets/study/builtin_workbenches.h"
#include "widgets/study/generic_workbench.h"

#include <map>

namespace mapscape {

namespace {

std::map<std::string, WorkbenchFactory>& factories()
{
    static std::map<std::string, WorkbenchFactory> map = [] {
        std::map<std::string, WorkbenchFactory> m;
        for (auto& [kind, factory] : builtinWorkbenches())
            m[kind] = std::move(factory);
        return m;
    }();
    return map;
}

} // namespace

void registerWorkbench(const std::string& kind, WorkbenchFactory factory) { factories()[kind] = std::move(factory); }

StudyWorkbench* makeWorkbench(const StudyKind& kind, QWidget* parent)
{
    const auto it = factories().find(kind.id());
    if (it != factories().end())
        return it->second(parent);
    return new GenericWorkbench(kind, parent);
}

} // namespace mapscape
