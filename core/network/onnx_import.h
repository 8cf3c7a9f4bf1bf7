// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// ONNX models as Mapscape workloads (Debian's libonnx: protobuf parsing, the ONNX checker and
/// shape inference; ONNX headers stay in the .cpp files). One pass over the graph gives both:
///
/// - a Network (the scheduling study's layer list): every operator that computes
///   multiply-accumulates becomes a layer with K, B, P, Q, C, R, S, G, strides and dilations per
///   axis. Conv (1-D and 2-D; grouped, depthwise, dilated, asymmetric strides; ConvInteger and
///   QLinearConv too); ConvTranspose as the convolution whose data flow it reverses (its input
///   is that convolution's output: K and C swap, same MACs, weights and tensors); Gemm, MatMul of
///   any rank (batched products such as attention's Q·Kᵀ: the batch and the rows are B;
///   MatMulInteger, QLinearMatMul) and Einsum where it is a matrix product, as FC layers
///   (P = Q = R = S = 1, stride 0); LSTM, GRU and RNN as their input and recurrent matrix
///   products (B = sequence × batch, one occurrence per direction). With `distinctLayers`, layers
///   of identical shape merge into the first and `repeat` counts them.
/// - a placement WorkloadGraph (seed 004): operational nodes in topological order with the
///   built-in graphs' fusions — Conv absorbs a following BatchNormalization and ReLU; an Add of
///   a Conv's single-use output (its first operand preferred) fuses into that Conv ("name+add"),
///   the ReLU after it too. Weight elements are the Conv kernel or the Gemm / MatMul matrix
///   (not biases or folded batch-norm parameters, as the spec's §4.3 counts them); a standalone
///   Add or Mul with a constant operand owns it (BERT's bias adds), LayerNormalization its scale
///   and bias, Gather its table (reading indices × row elements). Network inputs read by a node
///   count as its external input. Flatten, Identity and Dropout move no data and vanish.
///
/// Shapes are never guessed: a symbolic input dimension must be given (`inputShapes`), else the
/// import throws SymbolicInputError naming each symbol. Shapes then propagate by ONNX's shape
/// inference, alternating with constant folding of the subgraphs that compute shapes (Shape →
/// Gather → Concat → Reshape, Resize sizes, Range, ConstantOfShape …) until nothing changes.
/// A MAC-bearing operator that cannot become a layer (a 3-D convolution, an Einsum that is no
/// matrix product, a tensor whose shape stays unknown) is recorded in Network::omitted with its
/// MACs; operators that compute no MACs are counted in Network::notModelled. Malformed,
/// truncated or inconsistent files throw InputError naming the file and what is wrong.

#include "core/model/validation.h"
#include "core/network/workload_graph.h"
#include "core/network/layer.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mapscape {

/// A shape typed by a user: "1x3x640x640" (or with commas or spaces); positive extents.
std::vector<std::int64_t> parseShapeText(std::string_view text);
/// "NAME=1x3x640x640" as `--input` takes it.
std::pair<std::string, std::vector<std::int64_t>> parseInputShape(std::string_view text);
/// "1x3x640x640".
std::string shapeText(const std::vector<std::int64_t>& dims);

struct OnnxImportOptions {
    bool distinctLayers = false; ///< merge identical layer shapes (repeat counts them)
    /// Shapes of model inputs by name: they fix the inputs' symbolic dimensions and must agree
    /// with their fixed ones.
    std::vector<std::pair<std::string, std::vector<std::int64_t>>> inputShapes;
};

/// A model input as the file declares it.
struct OnnxInput {
    std::string name;
    std::vector<std::int64_t> dims;  ///< −1 where symbolic or unsized
    std::vector<std::string> symbols; ///< each dimension's symbol ("" where fixed or unnamed)
    bool hasShape = true;            ///< false: the file gives no shape at all
    /// A proposed shape from the model's own hints (fixed extents, a batch symbol as 1, sizes
    /// its metadata names such as Ultralytics' "imgsz"); −1 where nothing hints at a value.
    std::vector<std::int64_t> hint;
    bool symbolic() const;
};

/// The inputs of a model (not its initializers), for a dialog that asks for symbolic shapes.
std::vector<OnnxInput> onnxInputs(std::string_view bytes, const std::string& source);

/// A model with symbolic input dimensions that the options do not fix.
class SymbolicInputError : public InputError {
public:
    SymbolicInputError(const std::string& what, std::vector<OnnxInput> inputs)
        : InputError(what)
        , m_inputs(std::move(inputs))
    {
    }
    const std::vector<OnnxInput>& inputs() const { return m_inputs; }

private:
    std::vector<OnnxInput> m_inputs;
};

struct OnnxImport {
    Network network; ///< its omitted and notModelled lists hold the account
    placement::WorkloadGraph graph;
    std::vector<std::string> warnings; ///< operators outside ONNX's standard set, nodes left out, …
    std::vector<std::string> skippedOperators; ///< op types skipped as unsupported, each once, in order
    std::int64_t layerMacs = 0;       ///< MACs of the network's layers, every occurrence counted

    /// MACs of the omitted operators summed by type, in order of first occurrence; the sum is
    /// −1 for a type where some node's shapes are unknown.
    std::vector<std::pair<std::string, std::int64_t>> omittedMacsByOperator() const;
    /// The account in a few lines: layers and MACs, what was left out and its MACs, what is not
    /// modelled and how often.
    std::string accountText() const;
};

/// Imports an ONNX model from its serialized bytes; `source` names it in errors and becomes the
/// network's name when the model names no graph.
OnnxImport importOnnxBytes(std::string_view bytes, const std::string& source, const OnnxImportOptions& options = {});
/// An .onnx file's bytes (at most 2 GiB, protobuf's limit), for onnxInputs and importOnnxBytes
/// when both are wanted: the file is read once.
std::string readOnnxFile(const std::string& path);
/// Reads and imports an .onnx file.
OnnxImport importOnnxFile(const std::string& path, const OnnxImportOptions& options = {});

} // namespace mapscape
