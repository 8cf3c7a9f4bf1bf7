// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// DNN layers and networks as plain values.

#include "core/network/dims.h"
#include "core/model/validation.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mapscape {

/// What a layer computes, derived from its shape.
enum class LayerKind : std::uint8_t { Convolution, FullyConnected, Pointwise, GroupConvolution, Depthwise };
std::string_view layerKindName(LayerKind k);

/// One convolution-like layer. K and C are the *whole-layer* channel counts (as written in
/// network files); the cost model works per group (K/G, C/G).
struct Layer {
    std::string name;
    std::int64_t k = 1;      ///< output channels
    std::int64_t b = 1;      ///< batch
    std::int64_t p = 1;      ///< output height
    std::int64_t q = 1;      ///< output width
    std::int64_t c = 1;      ///< input channels
    std::int64_t r = 1;      ///< filter height
    std::int64_t s = 1;      ///< filter width
    std::int64_t g = 1;      ///< groups
    /// Stride along P (rows), and along Q too unless strideQ is set; 0 is allowed for FC
    /// layers (P = Q = 1).
    std::int64_t stride = 1;
    std::int64_t strideQ = 0;   ///< stride along Q (columns) where it differs from `stride`; 0: the same
    std::int64_t dilation = 1;  ///< filter dilation along R (rows), and along S too unless dilationS is set
    std::int64_t dilationS = 0; ///< dilation along S (columns) where it differs from `dilation`; 0: the same
    std::int64_t repeat = 1;    ///< how many times the layer occurs in the network

    friend bool operator==(const Layer&, const Layer&) = default;

    /// Value of a loop dimension as written in the file (K and C for the whole layer).
    std::int64_t dim(Dim d) const;
    void setDim(Dim d, std::int64_t v);

    /// The stride along Q and the dilation along S, whichever way they are written.
    std::int64_t strideAlongQ() const { return strideQ > 0 ? strideQ : stride; }
    std::int64_t dilationAlongS() const { return dilationS > 0 ? dilationS : dilation; }
    /// One stride for both axes and no dilation: the geometry every kind's model can represent
    /// (NeuroSpector's scheduling model has nothing else).
    bool plainGeometry() const { return strideAlongQ() == stride && dilation == 1 && dilationAlongS() == 1; }
    /// The layer's strides and dilations in words ("strides [2, 1], dilations [1, 1]").
    std::string geometryText() const;

    /// Input height U = (P−1)·stride + (R−1)·dilation + 1 and width V likewise (no padding).
    std::int64_t inputHeight() const { return (p - 1) * stride + (r - 1) * dilation + 1; }
    std::int64_t inputWidth() const { return (q - 1) * strideAlongQ() + (s - 1) * dilationAlongS() + 1; }
    /// Multiply-accumulates of one occurrence: K·C·B·P·Q·R·S / G.
    double macs() const;
    /// Tensor sizes in words.
    double inputWords() const { return double(b) * double(c) * double(inputHeight()) * double(inputWidth()); }
    double weightWords() const { return double(k) * double(c / (g > 0 ? g : 1)) * double(r) * double(s); }
    double outputWords() const { return double(k) * double(b) * double(p) * double(q); }

    LayerKind kind() const;
    /// Loop bounds the scheduling model maps: K and C per group. Only meaningful on a valid layer.
    DimVector perGroupDims() const;
};

/// Problems with a layer; empty when valid. Field names are "K", "stride", ... prefixed by `prefix`.
FieldIssues validateLayer(const Layer& layer, const std::string& prefix = {});

/// An operator of an imported model that computes multiply-accumulates but did not become a
/// layer (an import with --allow-partial keeps the account).
struct OmittedOperator {
    std::string node;       ///< the node's name in the model
    std::string op;         ///< its operator type ("Conv", "Einsum", …)
    std::int64_t macs = -1; ///< its MACs; −1 where its shapes are unknown
    std::string reason;
    friend bool operator==(const OmittedOperator&, const OmittedOperator&) = default;
};

/// An ordered list of layers.
struct Network {
    std::string name;
    std::string description;
    std::vector<Layer> layers;
    /// What an import left out: MAC-bearing operators that are not layers, and how many nodes
    /// of each operator type that computes no MACs (activations, normalisation, pooling, …)
    /// are not modelled.
    std::vector<OmittedOperator> omitted;
    std::vector<std::pair<std::string, std::int64_t>> notModelled;

    friend bool operator==(const Network&, const Network&) = default;

    /// Index of the layer with that name (case-insensitive), or -1.
    int indexOf(std::string_view layerName) const;
    /// Keeps only the named layer (case-insensitive); false, and unchanged, if there is none.
    bool keepOnlyLayer(std::string_view layerName);
};

/// Problems with every layer plus duplicate or empty names ("layers[3].K: ...").
FieldIssues validateNetwork(const Network& net);

} // namespace mapscape
