// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/accel/core/sensitivity.h"

namespace mapscape {

namespace {

struct PaperEntry {
    const char* label;
    AccelGene gene;
    int value;
    double latency, power, areaMillions;
};

// docs/reproduction.md, seed 002: the paper's Table 3 (area in millions of µm²).
constexpr PaperEntry kTable3[] = {
    {"Control (x 8, sp 128, local 64, WS, 1 bank, DMA 64/64)", AccelGene::Dtype, 0, 850.92, 784.77, 7.27},
    {"1: x = 32", AccelGene::X, 32, 249.41, 19741.69, 7.78},
    {"2: sp_capacity = 512", AccelGene::SpCapacity, 512, 873.69, 768.12, 7.33},
    {"3: local_capacity = 256", AccelGene::LocalCapacity, 256, 869.06, 771.16, 7.44},
    {"4: dataflow = OS", AccelGene::Dataflow, 1, 1172.97, 806.43, 8.43},
    {"5: sp_banks = 8", AccelGene::SpBanks, 8, 165.59, 863.43, 18.28},
    {"6: dma_buswidth = 128", AccelGene::DmaBuswidth, 128, 853.42, 785.52, 7.28},
    {"7: dma_maxbytes = 128", AccelGene::DmaMaxbytes, 128, 852.46, 777.26, 7.44},
};

} // namespace

SensitivityTable table3Sensitivity(const AccelModel& model, const AccelDesign& control, double band)
{
    SensitivityTable t;
    constexpr double eps = 1e-9;
    for (const PaperEntry& e : kTable3) {
        SensitivityRow r;
        r.label = e.label;
        r.control = e.gene == AccelGene::Dtype;
        r.gene = e.gene;
        r.value = e.value;
        r.design = control;
        if (!r.control)
            r.design.setGene(e.gene, e.value);
        r.metrics = model.evaluate(r.design);
        r.paperLatency = e.latency;
        r.paperPower = e.power;
        r.areaExcluded = e.gene == AccelGene::X;
        r.paperArea = e.areaMillions * (r.areaExcluded ? 1e8 : 1e6);
        if (r.metrics.valid) {
            r.powerDelta = r.paperPower / r.metrics.power - 1;
            r.areaDelta = r.paperArea / r.metrics.area - 1;
            r.powerInBand = r.powerDelta >= -eps && r.powerDelta <= band + eps;
            r.areaInBand = r.areaDelta >= -eps && r.areaDelta <= band + eps;
        }
        t.inBand += (r.powerInBand ? 1 : 0) + (r.areaInBand && !r.areaExcluded ? 1 : 0);
        t.rows.push_back(std::move(r));
    }
    return t;
}

} // namespace mapscape
