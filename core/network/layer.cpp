// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/network/layer.h"

#include "core/util/strings.h"

#include <set>

namespace mapscape {

std::string_view layerKindName(LayerKind k)
{
    switch (k) {
    case LayerKind::Convolution:
        return "conv";
    case LayerKind::FullyConnected:
        return "fc";
    case LayerKind::Pointwise:
        return "pointwise";
    case LayerKind::GroupConvolution:
        return "group";
    case LayerKind::Depthwise:
        return "depthwise";
    }
    return "conv";
}

std::int64_t Layer::dim(Dim d) const
{
    switch (d) {
    case Dim::K:
        return k;
    case Dim::B:
        return b;
    case Dim::P:
        return p;
    case Dim::Q:
        return q;
    case Dim::C:
        return c;
    case Dim::R:
        return r;
    case Dim::S:
        return s;
    case Dim::G:
        return g;
    }
    return 1;
}

void Layer::setDim(Dim d, std::int64_t v)
{
    switch (d) {
    case Dim::K:
        k = v;
        break;
    case Dim::B:
        b = v;
        break;
    case Dim::P:
        p = v;
        break;
    case Dim::Q:
        q = v;
        break;
    case Dim::C:
        c = v;
        break;
    case Dim::R:
        r = v;
        break;
    case Dim::S:
        s = v;
        break;
    case Dim::G:
        g = v;
        break;
    }
}

double Layer::macs() const
{
    const double groups = g > 0 ? double(g) : 1.0;
    return double(k) * double(c) / groups * double(b) * double(p) * double(q) * double(r) * double(s);
}

std::string Layer::geometryText() const
{
    return "strides [" + std::to_string(stride) + ", " + std::to_string(strideAlongQ()) + "], dilations [" +
           std::to_string(dilation) + ", " + std::to_string(dilationAlongS()) + "]";
}

LayerKind Layer::kind() const
{
    if (g > 1)
        return (g == c) ? LayerKind::Depthwise : LayerKind::GroupConvolution;
    if (p == 1 && q == 1 && r == 1 && s == 1)
        return LayerKind::FullyConnected;
    if (r == 1 && s == 1)
        return LayerKind::Pointwise;
    return LayerKind::Convolution;
}

DimVector Layer::perGroupDims() const
{
    const std::int64_t groups = g > 0 ? g : 1;
    return {std::uint64_t(k / groups), std::uint64_t(b), std::uint64_t(p), std::uint64_t(q),
            std::uint64_t(c / groups), std::uint64_t(r), std::uint64_t(s), std::uint64_t(groups)};
}

FieldIssues validateLayer(const Layer& layer, const std::string& prefix)
{
    FieldIssues out;
    const auto field = [&](std::string_view f) { return prefix + std::string(f); };
    // Keep every loop bound below 2^31 and the MAC count well inside 64 bits, so no product
    // the cost model forms can overflow.
    constexpr std::int64_t kMaxDim = std::int64_t(1) << 30;
    for (Dim d : kAllDims) {
        const std::int64_t v = layer.dim(d);
        if (v < 1)
            out.push_back({field(dimName(d)), "must be a positive integer, got " + std::to_string(v)});
        else if (v > kMaxDim)
            out.push_back({field(dimName(d)), "is unreasonably large (" + std::to_string(v) + " > 2^30)"});
    }
    if (layer.stride < 0)
        out.push_back({field("stride"), "must be 0 (FC layers) or positive, got " + std::to_string(layer.stride)});
    else if (layer.stride > kMaxDim)
        out.push_back({field("stride"), "is unreasonably large"});
    // The per-axis values: 0 means "as the other axis" for the second ones.
    const auto perAxis = [&](const char* f, std::int64_t v, std::int64_t least, const char* what) {
        if (v < least)
            out.push_back({field(f), std::string(what) + " must be positive, got " + std::to_string(v)});
        else if (v > kMaxDim)
            out.push_back({field(f), "is unreasonably large"});
    };
    perAxis("stride", layer.strideQ, 0, "the stride along Q");
    perAxis("dilation", layer.dilation, 1, "the dilation");
    perAxis("dilation", layer.dilationS, 0, "the dilation along S");
    if (layer.repeat < 1)
        out.push_back({field("repeat"), "must be at least 1, got " + std::to_string(layer.repeat)});
    if (layer.g >= 1 && layer.k >= 1 && layer.k % layer.g != 0)
        out.push_back({field("K"), "K = " + std::to_string(layer.k) + " is not divisible by G = " +
                                       std::to_string(layer.g)});
    if (layer.g >= 1 && layer.c >= 1 && layer.c % layer.g != 0)
        out.push_back({field("C"), "C = " + std::to_string(layer.c) + " is not divisible by G = " +
                                       std::to_string(layer.g)});
    if ((layer.stride == 0 || layer.strideAlongQ() == 0) && out.empty() && (layer.p > 1 || layer.q > 1))
        out.push_back({field("stride"), "stride 0 is only meaningful when P = Q = 1 (fully connected)"});
    if (out.empty() && layer.macs() > 9.0e18)
        out.push_back({field("K"), "the layer has more than 9e18 MACs"});
    return out;
}

int Network::indexOf(std::string_view layerName) const
{
    for (std::size_t i = 0; i < layers.size(); ++i) {
        if (iequals(layers[i].name, layerName))
            return int(i);
    }
    return -1;
}

bool Network::keepOnlyLayer(std::string_view layerName)
{
    const int i = indexOf(layerName);
    if (i < 0)
        return false;
    layers = {layers[std::size_t(i)]};
    return true;
}

FieldIssues validateNetwork(const Network& net)
{
    FieldIssues out;
    if (const auto c = unsafeNameCharacter(net.name))
        out.push_back({"name", "contains " + *c + "; a name is one line of text"});
    if (net.layers.empty())
        out.push_back({"layers", "the network has no layers"});
    std::set<std::string> seen;
    for (std::size_t i = 0; i < net.layers.size(); ++i) {
        const Layer& l = net.layers[i];
        const std::string prefix = "layers[" + std::to_string(i) + "]";
        if (trim(l.name).empty())
            out.push_back({prefix + ".name", "layer name is empty"});
        else if (const auto c = unsafeNameCharacter(l.name))
            out.push_back({prefix + ".name", "layer name \"" + printableLine(l.name) + "\" contains " + *c +
                                                 "; a name is one line of text"});
        else if (!seen.insert(toLower(l.name)).second)
            out.push_back({prefix + ".name", "duplicate layer name \"" + l.name + "\""});
        FieldIssues li = validateLayer(l, prefix + (l.name.empty() ? "" : " (" + l.name + ")") + ".");
        out.insert(out.end(), li.begin(), li.end());
    }
    return out;
}

} // namespace mapscape
