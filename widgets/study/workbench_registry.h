// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Which workbench shows a study of each kind. A kind's GUI registers a factory once
/// (widgets/study/builtin_workbenches.cpp for the built-in kinds, registerWorkbench for others);
/// the main window asks here and never names a kind. Kinds without a factory get the generic
/// workbench (their inputs as JSON text, and the Optimize tab). GUI thread only.

#include "core/study/study_kind.h"

#include <functional>
#include <string>

class QWidget;

namespace mapscape {

class StudyWorkbench;

using WorkbenchFactory = std::function<StudyWorkbench*(QWidget* parent)>;

/// Registers the workbench of a kind (by id); a second registration of the same kind replaces
/// the first.
void registerWorkbench(const std::string& kind, WorkbenchFactory factory);
/// A new workbench for a study of this kind (its registered one, or the generic workbench),
/// showing the kind's default study.
StudyWorkbench* makeWorkbench(const StudyKind& kind, QWidget* parent = nullptr);

} // namespace mapscape
