// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Helpers shared by the files of DpuWorkbench (one file per tab); internal to them.

#include "kinds/dpu/core/dpu_study.h"
#include "kinds/dpu/widgets/dpu_workbench.h"
#include "kinds/dpu/core/dpu_dataset.h"
#include "kinds/dpu/core/dpu_io.h"
#include "core/io/file_util.h"
#include "core/io/preset_library.h"
#include "core/util/strings.h"
#include "widgets/charts/heatmap_widget.h"
#include "widgets/models/run_list_model.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"
#include "kinds/dpu/widgets/dpu_run_views.h"
#include "kinds/dpu/widgets/dpu_timeline_view.h"
#include "widgets/study/view_cells.h"
#include <QCheckBox>
#include <QCoreApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <nlohmann/json.hpp>
#include <cmath>
#include <sstream>

namespace mapscape::dpu_wb {

using cells::kFeasible;
using cells::kViolating;
using cells::readOnly;
using cells::sig;
using namespace dpu;


inline QString qs(const std::string& s) { return QString::fromStdString(s); }

constexpr int kMergeParam = 10, kMergeState = 100, kMergeCorrection = 200, kMergeConstraint = 1, kMergeSeed = 2, kMergeCell = 3;

/// The simulator parameters the table edits (spec §4.4), with their file names and units.
struct ParamRow {
    const char* key;
    const char* label;
    const char* unit;
    double PlatformParams::*member;
    const char* help;
    bool count = false; ///< a whole number ("1000", not "1 k")
};

const ParamRow kParams[] = {
    {"clock_mhz", "DPU clock", "MHz", &PlatformParams::clockMhz, "Peak ops/s = 2·PP·ICP·OCP × clock × instances"},
    {"memory_bandwidth_gbs", "DDR bandwidth B_max", "GB/s", &PlatformParams::memoryBandwidthGbs,
     "Shared by the DPU instances and the background load"},
    {"memory_stall", "Memory stall k_mem", "", &PlatformParams::memoryStall, "How much DDR contention stretches DPU time"},
    {"stall_exponent", "Stall exponent ζ", "", &PlatformParams::stallExponent, "How much more the big DPUs stall"},
    {"cpu_interference", "CPU interference k_cpu", "", &PlatformParams::cpuInterference,
     "How much a busy Arm core slows the host part of each frame"},
    {"power_per_instance_w", "Power per instance a", "W", &PlatformParams::powerPerInstanceW, "Dynamic power of one instance"},
    {"power_per_size_w", "Power per size b", "W", &PlatformParams::powerPerSizeW, "× MAC/cycle of the size over B4096's"},
    {"idle_fraction", "Idle share η", "", &PlatformParams::idleFraction, "Share of dynamic power drawn while idle"},
    {"static_power_w", "Static power P_st", "W", &PlatformParams::staticPowerW, "FPGA static power"},
    {"gamma_intercept", "γ intercept", "", &PlatformParams::gammaIntercept, "γ(E) = intercept + slope·(E − 0.171)"},
    {"gamma_slope", "γ slope", "", &PlatformParams::gammaSlope, ""},
    {"pruning_exponent", "Pruning exponent κ", "", &PlatformParams::pruningExponent, "GMAC and data scale by (1 − p)^κ"},
    {"host_floor_ms", "Host floor", "ms", &PlatformParams::hostFloorMs, "Minimum host time per frame"},
    {"arm_idle_w", "Arm idle power", "W", &PlatformParams::armIdleW, "P_ARM = idle + per-utilisation × CPU utilisation"},
    {"arm_per_util_w", "Arm power per utilisation", "W", &PlatformParams::armPerUtilW, ""},
    {"telemetry_noise", "Telemetry noise σ", "", &PlatformParams::telemetryNoise, "Multiplicative noise of each 3 Hz sample"},
    {"read_share_ldfm", "LDFM read share", "", &PlatformParams::readShareLdfm, "Share of non-weight data I/O that is loaded"},
    {"background_read_share", "Background read share", "", &PlatformParams::backgroundReadShare,
     "Share of background DDR traffic that is reads"},
    {"frames_per_run", "Frames per recorded run", "", &PlatformParams::framesPerRun, "Sets how many 3 Hz samples a run has", true},
};
constexpr int kParamCount = int(std::size(kParams));

const char* const kStateColumns[] = {"bandwidth_gbs", "cpu_load", "cpu_cores", "instance_overhead"};


} // namespace mapscape::dpu_wb
