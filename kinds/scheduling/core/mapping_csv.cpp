// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/mapping_csv.h"

#include "kinds/scheduling/core/scheduling_model.h"
#include "core/util/strings.h"

#include <sstream>

namespace mapscape {

std::string mappingToCsv(const Mapping& mapping, const Accelerator& acc)
{
    const SchedulingModel model(acc);
    std::ostringstream out;
    out << "layer,row";
    for (Dim d : kAllDims)
        out << ',' << dimName(d);
    out << ",dataflow\n";
    for (const LayerMapping& lm : mapping.layers) {
        for (int r = kNumRows - 1; r >= 0; --r) {
            const Row row = rowAt(r);
            if (model.rowStatus(row) == RowStatus::Virtual)
                continue;
            out << csvQuote(lm.layer) << ',' << rowName(acc, row);
            for (Dim d : kAllDims)
                out << ',' << lm.table.at(row, d);
            out << ',';
            if (!isSpatialRow(row)) {
                const Dataflow df = model.effectiveDataflow(lm.table, row);
                if (df != Dataflow::None)
                    out << dataflowName(df);
            }
            out << '\n';
        }
    }
    return out.str();
}

} // namespace mapscape
