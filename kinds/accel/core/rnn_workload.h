// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// RNN workloads of the accelerator-sizing study (seed 002, docs/reproduction.md, seed 002): one time
/// step of a vanilla RNN, an LSTM or a GRU, split into the "components" the paper counts, each a
/// GEMM (output M×N, reduction K; a matrix-vector product has N = 1, an element-wise step is
/// M×1 with K = 1 or 2). The sequence length multiplies latency and energy.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

struct RnnComponent {
    std::string name; ///< "hidden layer W_hh·h"
    int M = 1;        ///< output rows
    int N = 1;        ///< output columns (1 = matrix-vector)
    int K = 1;        ///< reduction length
    double macs() const { return double(M) * N * K; }
    friend bool operator==(const RnnComponent&, const RnnComponent&) = default;
};

enum class RnnCell : std::uint8_t { Vanilla, Lstm, Gru, Custom };
/// "rnn", "lstm", "gru", "custom".
std::string_view rnnCellId(RnnCell c);
/// "Vanilla RNN", "LSTM", "GRU", "Custom".
std::string_view rnnCellTitle(RnnCell c);
std::optional<RnnCell> parseRnnCell(std::string_view id);

struct RnnWorkload {
    std::string name = "Vanilla RNN";
    RnnCell cell = RnnCell::Vanilla;
    int inputSize = 29;   ///< one-hot characters in the paper
    int hiddenSize = 100;
    int outputSize = 29;
    int sequenceLength = 1;
    std::vector<RnnComponent> components;

    double macsPerStep() const;
    friend bool operator==(const RnnWorkload&, const RnnWorkload&) = default;

    /// The paper's component split for a cell type and sizes (Custom gives an empty list).
    static std::vector<RnnComponent> componentsFor(RnnCell cell, int input, int hidden, int output);
    /// A preset workload: the cell's components for the sizes (29 / 100 / 29 by default).
    static RnnWorkload make(RnnCell cell, int input = 29, int hidden = 100, int output = 29, int sequenceLength = 1);
};

/// Problems with a workload, one message per field ("components[2].K: must be a positive
/// integer, got 0"); empty when it can be evaluated.
std::vector<std::string> validateRnnWorkload(const RnnWorkload& w);

} // namespace mapscape
