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

} // namespace mapscape::testing
