// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/study/study_workbench.h"

#include "widgets/panels/runs_panel.h"

namespace mapscape {

void StudyWorkbench::setStudyName(const QString& name)
{
    if (name == m_name)
        return;
    m_name = name;
    if (RunsPanel* p = runsPanel())
        p->setStudyName(name);
    Q_EMIT changed();
}

} // namespace mapscape
