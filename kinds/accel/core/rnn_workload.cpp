// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/accel/core/rnn_workload.h"

#include <climits>

namespace mapscape {

std::string_view rnnCellId(RnnCell c)
{
    switch (c) {
    case RnnCell::Vanilla: return "rnn";
    case RnnCell::Lstm: return "lstm";
    case RnnCell::Gru: return "gru";
    case RnnCell::Custom: return "custom";
    }
    return "custom";
}

std::string_view rnnCellTitle(RnnCell c)
{
    switch (c) {
    case RnnCell::Vanilla: return "Vanilla RNN";
    case RnnCell::Lstm: return "LSTM";
    case RnnCell::Gru: return "GRU";
    case RnnCell::Custom: return "Custom";
    }
    return "Custom";
}

std::optional<RnnCell> parseRnnCell(std::string_view id)
{
    for (RnnCell c : {RnnCell::Vanilla, RnnCell::Lstm, RnnCell::Gru, RnnCell::Custom}) {
        if (rnnCellId(c) == id)
            return c;
    }
    if (id == "vanilla")
        return RnnCell::Vanilla;
    return std::nullopt;
}

double RnnWorkload::macsPerStep() const
{
    double m = 0;
    for (const RnnComponent& c : components)
        m += c.macs();
    return m;
}

std::vector<RnnComponent> RnnWorkload::componentsFor(RnnCell cell, int in, int h, int out)
{
    const int xh = in + h; // [x_t; h_{t-1}] concatenated
    switch (cell) {
    case RnnCell::Vanilla:
        // The split into W_xh, W_hh and W_hy (reduction lengths in, h, h) is what reproduces the
        // paper's Table 3 under OS (docs/reproduction.md, seed 002).
        return {{"input layer W_xh·x", h, 1, in}, {"hidden layer W_hh·h", h, 1, h}, {"output layer W_hy·h", out, 1, h}};
    case RnnCell::Lstm:
        return {{"forget gate W_f·[x;h]", h, 1, xh},  {"input gate W_i·[x;h]", h, 1, xh},
                {"output gate W_o·[x;h]", h, 1, xh},  {"candidate memory W_g·[x;h]", h, 1, xh},
                {"memory cell f⊙c", h, 1, 1},          {"memory cell i⊙g", h, 1, 1},
                {"hidden output o⊙tanh(c)", h, 1, 1}, {"output layer W_hy·h", out, 1, h}};
    case RnnCell::Gru:
        return {{"reset gate W_r·[x;h]", h, 1, xh},         {"candidate r⊙h", h, 1, 1},
                {"candidate W_h·[x;r⊙h]", h, 1, xh},        {"candidate tanh stage", h, 1, 1},
                {"update gate W_z·[x;h]", h, 1, xh},        {"hidden output (1−z)⊙h + z⊙h̃", h, 1, 2},
                {"output layer W_hy·h", out, 1, h}};
    case RnnCell::Custom: return {};
    }
    return {};
}

RnnWorkload RnnWorkload::make(RnnCell cell, int input, int hidden, int output, int sequenceLength)
{
    RnnWorkload w;
    w.cell = cell;
    w.name = std::string(rnnCellTitle(cell));
    w.inputSize = input;
    w.hiddenSize = hidden;
    w.outputSize = output;
    w.sequenceLength = sequenceLength;
    w.components = componentsFor(cell, input, hidden, output);
    return w;
}

std::vector<std::string> validateRnnWorkload(const RnnWorkload& w)
{
    std::vector<std::string> issues;
    // Bounds keep every count inside the model's 64-bit arithmetic and a tile search affordable.
    constexpr int kMaxDim = 1 << 20;
    auto check = [&](const std::string& field, long long v, long long hi) {
        if (v <= 0)
            issues.push_back(field + ": must be a positive integer, got " + std::to_string(v));
        else if (v > hi)
            issues.push_back(field + ": at most " + std::to_string(hi) + ", got " + std::to_string(v));
    };
    check("input_size", w.inputSize, kMaxDim);
    check("hidden_size", w.hiddenSize, kMaxDim);
    check("output_size", w.outputSize, kMaxDim);
    check("sequence_length", w.sequenceLength, 1'000'000);
    if (w.components.empty())
        issues.push_back("components: the workload needs at least one component");
    if (w.components.size() > 256)
        issues.push_back("components: at most 256, got " + std::to_string(w.components.size()));
    for (std::size_t i = 0; i < w.components.size(); ++i) {
        const RnnComponent& c = w.components[i];
        const std::string at = "components[" + std::to_string(i) + "]";
        check(at + ".M", c.M, kMaxDim);
        check(at + ".N", c.N, kMaxDim);
        check(at + ".K", c.K, kMaxDim);
        if (c.name.empty())
            issues.push_back(at + ".name: must not be empty");
    }
    return issues;
}

} // namespace mapscape
