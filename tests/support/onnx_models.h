// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Small ONNX models built with the ONNX protobuf API (no downloads), serialized, for the ONNX
/// import tests and the CLI tests (through the make_test_onnx tool). Initializers carry real
/// (zero) data of their full size, as an exporter writes them.

#include <string>

namespace mapscape::testing {

/// ResNet-50 at 224×224 as torchvision exports it: Conv (no bias) → BatchNormalization → Relu,
/// residual Add then Relu, MaxPool, GlobalAveragePool, Flatten, Gemm (with bias), Softmax; the
/// batch dimension symbolic ("N"). projection = true: strided 1×1 projection shortcuts
/// (torchvision, "option B" of He et al.); false: parameter-free shortcuts that subsample with a
/// 1×1 stride-2 MaxPool and zero-pad the channels ("option A"), so the only convolutions are the
/// ones NeuroSpector's ResNet-50 file lists.
std::string resnet50Onnx(bool projection);

/// MobileNet-style blocks: 1×1 expansion with BN + Clip (ReLU6), a 3×3 stride-2 depthwise conv
/// (group = channels), a 1×1 projection, a 3×3 grouped conv (group 4), a stride-1 inverted
/// residual block with its Add, and a 1-D convolution.
std::string mobileBlocksOnnx();

/// A transformer encoder block on [N, 128, 768] (opset 17): Q/K/V MatMuls with bias Adds, head
/// split (Reshape, Transpose), the QKᵀ and attention-times-V MatMuls between activations,
/// Softmax, the output projection, residual Add, LayerNormalization, a ReLU MLP, and a Gemm
/// classifier on the first token (Gather).
std::string transformerBlockOnnx();

/// Convolutions around operators Mapscape does not model: a Resize (standard ONNX) and an op of
/// a custom domain (com.example.Fancy, with its output's shape given as value_info).
std::string unsupportedOpsOnnx();

/// Well-known classifiers as torchvision exports them (symbolic batch "N", 224 × 224 inputs named
/// "input"), for the published totals of their MACs: VGG-16 (15.47 G), AlexNet (714 M),
/// MobileNetV2 (ReLU6 as Clip, inverted residuals with their Adds; 300.8 M).
std::string vgg16Onnx();
std::string alexnetOnnx();
std::string mobilenetV2Onnx();

/// Models of exported networks whose input sizes are symbolic, each with its MACs counted
/// independently of the importer: closed formulas of the sizes it was built with (standard
/// convolution arithmetic), written beside the builder.
///
/// A detector, input "images" [batch, 3, height, width] (metadata "imgsz": "[640, 640]", as
/// Ultralytics writes it): two stride-2 convolutions, a depthwise conv dilated [2, 1], an
/// upsampling Resize whose sizes are computed from the feature map's Shape (Slice, Mul, Cast,
/// Concat), a stride-2 ConvTranspose, a channel Concat, a 3×3 conv with strides [2, 1], and a
/// head whose Reshape target is computed from Shape and Gather, then Transpose and MatMul.
std::string detectorOnnx();
std::int64_t detectorMacs(std::int64_t batch, std::int64_t height, std::int64_t width);

/// Attention, input "tokens" [batch, sequence, 64], 4 heads of 16: Q, K, V MatMuls, heads split
/// by a Reshape to a computed shape, Q·Kᵀ as Einsum "bhqd,bhkd->bhqk", Softmax, A·V as a 4-D
/// MatMul, heads merged, the output projection as Einsum "...i,io->...o".
std::string attentionOnnx();
std::int64_t attentionMacs(std::int64_t batch, std::int64_t sequence);

/// A text-line recogniser (CRNN), input "image" [batch, 1, 32, width]: convolutions with
/// strides [2, 1], pooling [4, 1], Squeeze, a bidirectional LSTM (hidden 24), a MatMul
/// classifier of 11 classes.
std::string recognizerOnnx();
std::int64_t recognizerMacs(std::int64_t batch, std::int64_t width);

/// Shape computations of every kind exporters write, input "x" [batch, 16, height, width]: the
/// Resize target is [N, 16, ⌊H/2⌋, ⌊W/2⌋] computed by Shape, Slice, Cast, Div, Floor, Greater,
/// ConstantOfShape and Where; a Reshape target by Gather, Squeeze, Unsqueeze, Range, ReduceProd
/// and Concat. A 3×3 conv (16 → 32) and a MatMul (× [32, 10]) read the computed shapes.
std::string shapeChainsOnnx();
std::int64_t shapeChainsMacs(std::int64_t batch, std::int64_t height, std::int64_t width);

/// Operators that compute MACs but cannot become layers: a 3-D convolution and an Einsum of
/// three operands, beside one 2-D convolution (1 × 8 × 64 × 64 = 32,768 MACs). The 3-D
/// convolution performs 442,368 MACs; the Einsum's are not counted (its order is open).
std::string partialOnnx();

/// MAC-bearing operators hidden in control flow and functions: an If whose branches each hold a
/// Conv, and a call of a model-local function (domain "local") holding a MatMul, beside one
/// plain 1×1 Conv (8 → 8 on 8 × 8: 4,096 MACs).
std::string controlFlowOnnx();

} // namespace mapscape::testing
