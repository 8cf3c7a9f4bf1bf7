// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Constant folding for the ONNX import (included only by onnx_import.cpp: it names ONNX's
/// protobuf types). Exporters compute shapes from shapes: Shape → Gather → Unsqueeze → Concat →
/// Reshape, sizes of a Resize from its input's Shape times two, masks from Range and Equal.
/// ONNX's shape inference follows some of these chains and not others; what it cannot follow
/// leaves every later tensor without a shape. The folder evaluates such subgraphs once the
/// shapes they read are known, and replaces them by initializers holding their values, so that
/// the next round of shape inference sees constants.

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace mapscape::onnx_fold {

/// Evaluates every node of the main graph whose inputs are all known values (initializers, or
/// outputs folded before it) or, for Shape and Size, whose input's shape is known, among the
/// operators shape computations use (Shape, Size, Constant, ConstantOfShape, Gather, Concat,
/// Slice, Squeeze, Unsqueeze, Reshape, Flatten, Identity, Cast, Range, Expand, Transpose, Where,
/// element-wise arithmetic, comparisons and logic with broadcasting, Reduce*). Values of more
/// than 2^16 elements are not computed. Folded nodes are removed and their outputs become
/// initializers. Returns how many nodes were folded.
int foldConstants(onnx::ModelProto& model);

/// An Einsum equation read against its operands' shapes: every term with "..." expanded to one
/// fresh upper-case letter per broadcast dimension, the output term (explicit, or implicit: the
/// broadcast letters, then the indices used once, alphabetically), and each index's extent.
struct Einsum {
    std::string equation; ///< as written, without spaces
    std::vector<std::string> terms;
    std::string output;
    std::map<char, std::int64_t> extent;
    std::vector<std::int64_t> outputShape() const;
};
/// Throws std::invalid_argument saying what does not fit (operand count, ranks, extents).
Einsum readEinsum(const std::string& equation, const std::vector<std::vector<std::int64_t>>& shapes);

/// Gives outputs the shapes ONNX's inference leaves unknown where Mapscape can compute them
/// (Einsum in libonnx 1.13), as value_info, so that the next round of inference continues from
/// them. Returns how many outputs were given a shape.
int completeShapes(onnx::ModelProto& model);

} // namespace mapscape::onnx_fold
