// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// ONNX models as Mapscape workloads (Debian's libonnx: protobuf parsing, the ONNX checker and
/// shape inference; ONNX headers stay in the .cpp). One pass over the graph gives both:
///
/// - a Network (the scheduling and dataflow studies' layer list): every Conv (2-D or 1-D; grouped
///   and depthwise through G), Gemm and MatMul becomes a layer with K, B, P, Q, C, R, S, G and
///   stride. FC layers (Gemm, MatMul) have P = Q = R = S = 1 and stride 0, the network files'
///   convention. With `distinctLayers`, layers of identical shape merge into the first, and
///   `repeat` counts them (the way NeuroSpector's network files list a network).
/// - a placement WorkloadGraph (seed 004): operational nodes in topological order with the
///   built-in graphs' fusions — Conv absorbs a following BatchNormalization and ReLU; an Add of
///   a Conv's single-use output (its first operand preferred) fuses into that Conv ("name+add"),
///   the ReLU after it too. Weight elements are the Conv kernel or the Gemm / MatMul matrix
///   (not biases or folded batch-norm parameters, as the spec's §4.3 counts them); a standalone
///   Add or Mul with a constant operand owns it (BERT's bias adds), LayerNormalization its scale
///   and bias, Gather its table (reading indices × row elements). Network inputs read by a node
///   count as its external input. Flatten, Identity and Dropout move no data and vanish.
///
/// Operators Mapscape does not model are skipped with a warning naming them (their outputs
/// stand for their first input); constant subgraphs (Constant, Shape and what only they feed)
/// fold away silently. Malformed, truncated or inconsistent files throw InputError naming the
/// file and what is wrong.

#include "core/network/workload_graph.h"
#include "core/network/layer.h"

#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

struct OnnxImportOptions {
    bool distinctLayers = false; ///< merge identical layer shapes (repeat counts them)
};

struct OnnxImport {
    Network network;
    placement::WorkloadGraph graph;
    std::vector<std::string> warnings; ///< skipped operators, symbolic dimensions taken as 1, …
    std::vector<std::string> skippedOperators; ///< op types skipped as unsupported, each once, in order
};

/// Imports an ONNX model from its serialized bytes; `source` names it in errors and becomes the
/// network's name when the model names no graph.
OnnxImport importOnnxBytes(std::string_view bytes, const std::string& source, const OnnxImportOptions& options = {});
/// Reads and imports an .onnx file (at most 2 GiB, protobuf's limit).
OnnxImport importOnnxFile(const std::string& path, const OnnxImportOptions& options = {});

} // namespace mapscape
