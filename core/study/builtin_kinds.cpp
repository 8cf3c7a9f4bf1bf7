// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The registration list: the one place that names the built-in study kinds, in menu order (the
// first is the default kind). A kind outside this tree calls registerStudyKind instead.

#include "core/study/builtin_kinds.h"

#include "core/study/accel/accel_study.h"
#include "core/study/dataflow/dataflow_study.h"
#include "core/study/dpu/dpu_study.h"
#include "core/study/placement/placement_study.h"
#include "core/study/scheduling/scheduling_study.h"

namespace mapscape {

std::vector<std::shared_ptr<const StudyKind>> builtinStudyKinds()
{
    return {makeSchedulingKind(), makeDataflowKind(), makeAccelKind(), makeDpuKind(), makePlacementKind()};
}

} // namespace mapscape
