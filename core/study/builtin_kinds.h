// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The study kinds built into Mapscape, in menu order (core/study/builtin_kinds.cpp is the one
/// place that lists them). The registry adds them before anything else touches it.

#include <memory>
#include <vector>

namespace mapscape {

class StudyKind;

std::vector<std::shared_ptr<const StudyKind>> builtinStudyKinds();

} // namespace mapscape
