// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Workload graphs of the tensor-placement study (seed 004, EGRL; docs/reproduction.md, seed 004):
/// a DNN inference graph whose nodes are operational layers in topological order (conv + BN +
/// ReLU fused, the residual add fused into a block's last 1×1 conv). Every node owns two
/// mappable tensors, its weights and its output feature map (OFM); edges run producer →
/// consumer and carry no data of their own. Sizes are in elements; the hardware's bytes per
/// element turns them into bytes. The built-in ResNet-50/101 and BERT-base graphs come from
/// data-driven generators whose node tables can be edited, exported and imported.

#include "core/model/validation.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape::placement {

/// The op vocabulary of the one-hot `op_id` feature (spec §2.2).
enum class OpKind : std::uint8_t {
    Conv,
    MatMul,
    MaxPool,
    AvgPool,
    Add,
    Softmax,
    LayerNorm,
    Gelu,
    Tanh,
    Gather,
    Reshape,
    Transpose,
    Elementwise, ///< cast, sub, mul, div
    Count
};
inline constexpr int kOpKindCount = int(OpKind::Count);
/// "conv", "matmul", … (the id used in files).
std::string_view opKindId(OpKind op);
/// "fc", "gemm", "cast", "unsqueeze" … are accepted as aliases.
std::optional<OpKind> parseOpKind(std::string_view id);

/// One operational layer. Dimensions follow Table 1: x, y, z of the input and output feature
/// maps (a [S, H] matrix is x = S, y = 1, z = H).
struct GraphNode {
    std::string name;
    OpKind op = OpKind::Conv;
    std::vector<int> inputs;                  ///< producers (indices of earlier nodes)
    std::array<std::int64_t, 3> ifm{1, 1, 1}; ///< x, y, z
    std::array<std::int64_t, 3> ofm{1, 1, 1};
    std::int64_t weights = 0;     ///< weight elements (0: the node has no weights)
    std::int64_t weightReads = 0; ///< weight elements read per inference (an embedding gather reads S rows)
    std::int64_t macs = 0;        ///< 0 for vector ops
    std::int64_t externalInput = 0; ///< network-input elements read from DRAM (not a decision)
    int groups = 0, kernelX = 0, kernelY = 0, stride = 0, pad = 0, dilation = 0; ///< 0 unless a conv
    std::int64_t ifmSize() const { return ifm[0] * ifm[1] * ifm[2]; }
    std::int64_t ofmSize() const { return ofm[0] * ofm[1] * ofm[2]; }
    friend bool operator==(const GraphNode&, const GraphNode&) = default;
};

struct WorkloadGraph {
    std::string name;
    std::string description;
    int batch = 1; ///< single-batch inference (the paper's setting)
    std::vector<GraphNode> nodes;

    int nodeCount() const { return int(nodes.size()); }
    int edgeCount() const;
    int weightedNodeCount() const;
    std::int64_t totalWeights() const;
    std::int64_t totalMacs() const;
    std::int64_t largestOfm() const;
    /// Consumers of every node (the reverse of `inputs`).
    std::vector<std::vector<int>> consumers() const;
    friend bool operator==(const WorkloadGraph&, const WorkloadGraph&) = default;
};

/// The supported workload size: every placement method evaluates and searches a graph of this
/// size within seconds (a map is evaluated in time linear in nodes + edges). The graph-network
/// methods (EGRL, EA, PG) work on dense N×N adjacency matrices and have their own, smaller bound
/// (kMaxGnnNodes in egrl_options.h).
inline constexpr int kMaxWorkloadNodes = 20'000;
inline constexpr int kMaxWorkloadEdges = 200'000;

/// Problems with a graph, one per field ("nodes[3].inputs[0]: must name an earlier node, got 7");
/// empty when the graph can be evaluated.
FieldIssues validateWorkloadGraph(const WorkloadGraph& g);
/// Throws InputError listing validateWorkloadGraph's issues.
void checkWorkloadGraph(const WorkloadGraph& g);

/// ResNet-50 (depth 50: 57 nodes) or ResNet-101 (depth 101: 108 nodes) at 224×224 (spec §4.3).
WorkloadGraph makeResNet(int depth);

struct BertShape {
    int layers = 12;
    int hidden = 768;
    int heads = 12;
    int ffn = 3072;
    int vocabulary = 30522;
    int positions = 512;
    int tokenTypes = 2;
    int sequence = 128;
    int classes = 2;
    friend bool operator==(const BertShape&, const BertShape&) = default;
};
/// An ONNX-like BERT encoder with pooler and classifier (spec §4.3; BERT-base: 376 nodes).
WorkloadGraph makeBert(const BertShape& shape = {});

/// A built-in workload by name, ignoring case: resnet50 (or ResNet-50), resnet101, bert (BERT-base,
/// S = 128); nullopt if none.
std::optional<WorkloadGraph> findBuiltinWorkload(std::string_view name);
/// A built-in workload by name; throws InputError listing the names.
WorkloadGraph builtinWorkload(std::string_view name);

/// Node features of Table 1 (spec §2.2) for the GNN: the op one-hot (or one scalar op id),
/// log(1+x) of every size and count, the conv parameters and the batch; row-major N × featureCount.
struct FeatureOptions {
    bool oneHotOp = true;
    friend bool operator==(const FeatureOptions&, const FeatureOptions&) = default;
};
int nodeFeatureCount(const FeatureOptions& o);
std::vector<float> nodeFeatures(const WorkloadGraph& g, const FeatureOptions& o, int bytesPerElement);
/// Column names of nodeFeatures ("op=conv", "log1p(weight_size)", …).
std::vector<std::string> nodeFeatureNames(const FeatureOptions& o);

} // namespace mapscape::placement
