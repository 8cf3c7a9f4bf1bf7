// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The registration list of the built-in study kinds' workbenches.

#include "widgets/study/builtin_workbenches.h"

#include "widgets/study/accel/accel_workbench.h"
#include "widgets/study/dataflow/dataflow_workbench.h"
#include "widgets/study/dpu/dpu_workbench.h"
#include "widgets/study/placement/placement_workbench.h"
#include "widgets/study/scheduling/scheduling_workbench.h"

namespace mapscape {

std::vector<std::pair<std::string, WorkbenchFactory>> builtinWorkbenches()
{
    return {{"scheduling", [](QWidget* p) -> StudyWorkbench* { return new SchedulingWorkbench(p); }},
            {"dataflow", [](QWidget* p) -> StudyWorkbench* { return new DataflowWorkbench(p); }},
            {"accel", [](QWidget* p) -> StudyWorkbench* { return new AccelWorkbench(p); }},
            {"dpu", [](QWidget* p) -> StudyWorkbench* { return new DpuWorkbench(p); }},
            {"placement", [](QWidget* p) -> StudyWorkbench* { return new PlacementWorkbench(p); }}};
}

} // namespace mapscape
