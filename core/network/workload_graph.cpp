// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/network/workload_graph.h"

#include "core/util/strings.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace mapscape::placement {

namespace {

constexpr std::array<std::string_view, kOpKindCount> kOpIds = {
    "conv", "matmul", "maxpool", "avgpool", "add", "softmax", "layernorm",
    "gelu", "tanh", "gather", "reshape", "transpose", "elementwise"};

std::string at(int i, std::string_view field)
{
    return "nodes[" + std::to_string(i) + "]." + std::string(field);
}

/// Appends nodes while keeping track of their indices by name.
class GraphBuilder {
public:
    explicit GraphBuilder(WorkloadGraph& g)
        : m_g(g)
    {
    }
    int add(GraphNode n)
    {
        if (n.weightReads == 0)
            n.weightReads = n.weights;
        if (!n.inputs.empty() && n.ifm == std::array<std::int64_t, 3>{1, 1, 1})
            n.ifm = m_g.nodes[std::size_t(n.inputs.front())].ofm;
        m_g.nodes.push_back(std::move(n));
        return int(m_g.nodes.size()) - 1;
    }
    const GraphNode& at(int i) const { return m_g.nodes[std::size_t(i)]; }

    /// A node of `op` on `inputs`: its output shape, weights and MACs.
    int node(std::string name, OpKind op, std::vector<int> inputs, std::array<std::int64_t, 3> ofm,
             std::int64_t weights = 0, std::int64_t macs = 0)
    {
        GraphNode n;
        n.name = std::move(name);
        n.op = op;
        n.inputs = std::move(inputs);
        n.ofm = ofm;
        n.weights = weights;
        n.macs = macs;
        return add(std::move(n));
    }

    /// conv + BN + ReLU: k×k, stride, pad, in → out channels.
    int conv(std::string name, std::vector<int> inputs, int k, int stride, int pad, std::int64_t out)
    {
        const auto& src = at(inputs.front()).ofm;
        GraphNode n;
        n.name = std::move(name);
        n.op = OpKind::Conv;
        n.inputs = std::move(inputs);
        n.ifm = src;
        const std::int64_t ox = (src[0] + 2 * pad - k) / stride + 1;
        const std::int64_t oy = (src[1] + 2 * pad - k) / stride + 1;
        n.ofm = {ox, oy, out};
        n.weights = std::int64_t(k) * k * src[2] * out;
        n.macs = ox * oy * out * k * k * src[2];
        n.groups = 1;
        n.kernelX = n.kernelY = k;
        n.stride = stride;
        n.pad = pad;
        n.dilation = 1;
        return add(std::move(n));
    }

    /// A pooling window (`op`): k×k, stride, pad, over each of the input's channels.
    int pool(std::string name, OpKind op, int input, int k, int stride, int pad)
    {
        const auto& src = at(input).ofm;
        GraphNode n;
        n.name = std::move(name);
        n.op = op;
        n.inputs = {input};
        n.ofm = {(src[0] + 2 * pad - k) / stride + 1, (src[1] + 2 * pad - k) / stride + 1, src[2]};
        n.kernelX = n.kernelY = k;
        n.stride = stride;
        n.pad = pad;
        n.dilation = 1;
        return add(std::move(n));
    }

private:
    WorkloadGraph& m_g;
};

} // namespace

std::string_view opKindId(OpKind op)
{
    return kOpIds[std::size_t(op)];
}

std::optional<OpKind> parseOpKind(std::string_view id)
{
    for (int i = 0; i < kOpKindCount; ++i)
        if (kOpIds[std::size_t(i)] == id)
            return OpKind(i);
    if (id == "fc" || id == "gemm" || id == "linear")
        return OpKind::MatMul;
    if (id == "cast" || id == "sub" || id == "mul" || id == "div")
        return OpKind::Elementwise;
    if (id == "unsqueeze" || id == "flatten" || id == "squeeze")
        return OpKind::Reshape;
    if (id == "relu" || id == "sigmoid")
        return OpKind::Elementwise;
    return std::nullopt;
}

int WorkloadGraph::edgeCount() const
{
    int e = 0;
    for (const GraphNode& n : nodes)
        e += int(n.inputs.size());
    return e;
}

int WorkloadGraph::weightedNodeCount() const
{
    return int(std::count_if(nodes.begin(), nodes.end(), [](const GraphNode& n) { return n.weights > 0; }));
}

std::int64_t WorkloadGraph::totalWeights() const
{
    return std::accumulate(nodes.begin(), nodes.end(), std::int64_t{0},
                           [](std::int64_t s, const GraphNode& n) { return s + n.weights; });
}

std::int64_t WorkloadGraph::totalMacs() const
{
    return std::accumulate(nodes.begin(), nodes.end(), std::int64_t{0},
                           [](std::int64_t s, const GraphNode& n) { return s + n.macs; });
}

std::int64_t WorkloadGraph::largestOfm() const
{
    std::int64_t m = 0;
    for (const GraphNode& n : nodes)
        m = std::max(m, n.ofmSize());
    return m;
}

std::vector<std::vector<int>> WorkloadGraph::consumers() const
{
    std::vector<std::vector<int>> out(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i)
        for (int p : nodes[i].inputs)
            if (p >= 0 && std::size_t(p) < nodes.size())
                out[std::size_t(p)].push_back(int(i));
    return out;
}

FieldIssues validateWorkloadGraph(const WorkloadGraph& g)
{
    FieldIssues issues;
    if (g.nodes.empty())
        issues.push_back({"nodes", "the workload has no nodes"});
    if (g.batch < 1)
        issues.push_back({"batch", "must be a positive integer, got " + std::to_string(g.batch)});
    std::size_t edges = 0;
    for (const GraphNode& n : g.nodes)
        edges += n.inputs.size();
    if (g.nodes.size() > std::size_t(kMaxWorkloadNodes) || edges > std::size_t(kMaxWorkloadEdges)) {
        issues.push_back({"nodes", "the workload has " + std::to_string(g.nodes.size()) + " nodes and " +
                                       std::to_string(edges) + " edges (inputs); the supported size is " +
                                       std::to_string(kMaxWorkloadNodes) + " nodes and " +
                                       std::to_string(kMaxWorkloadEdges) + " edges"});
        return issues; // not worth listing each node's problems
    }
    // Element counts are bounded so that bytes (× 2 for FP16) and sums stay exact in doubles.
    constexpr std::int64_t kMaxElements = std::int64_t(1) << 44;
    for (int i = 0; i < g.nodeCount(); ++i) {
        const GraphNode& n = g.nodes[std::size_t(i)];
        if (n.name.empty())
            issues.push_back({at(i, "name"), "must not be empty"});
        for (std::size_t k = 0; k < n.inputs.size(); ++k) {
            const int p = n.inputs[k];
            if (p < 0 || p >= i)
                issues.push_back({at(i, "inputs[" + std::to_string(k) + "]"),
                                  "must name an earlier node (nodes are in topological order), got " + std::to_string(p)});
            else if (std::find(n.inputs.begin(), n.inputs.begin() + std::ptrdiff_t(k), p) != n.inputs.begin() + std::ptrdiff_t(k))
                issues.push_back({at(i, "inputs[" + std::to_string(k) + "]"), "names node " + std::to_string(p) + " twice"});
        }
        for (int d = 0; d < 3; ++d) {
            static constexpr const char* kAxis[] = {"x", "y", "z"};
            if (n.ifm[std::size_t(d)] < 1 || n.ifm[std::size_t(d)] > kMaxElements)
                issues.push_back({at(i, std::string("ifm_") + kAxis[d]),
                                  "must be a positive integer, got " + std::to_string(n.ifm[std::size_t(d)])});
            if (n.ofm[std::size_t(d)] < 1 || n.ofm[std::size_t(d)] > kMaxElements)
                issues.push_back({at(i, std::string("ofm_") + kAxis[d]),
                                  "must be a positive integer, got " + std::to_string(n.ofm[std::size_t(d)])});
        }
        // Element counts: the product of the extents, checked without overflowing (found by
        // fuzzing: the check itself multiplied 2^40 by 5·10^7).
        const auto tooLarge = [](const std::array<std::int64_t, 3>& e) {
            if (e[0] < 1 || e[1] < 1 || e[2] < 1)
                return false; // reported per extent above
            std::int64_t xy = 0, xyz = 0;
            return __builtin_mul_overflow(e[0], e[1], &xy) || __builtin_mul_overflow(xy, e[2], &xyz) ||
                   xyz > kMaxElements;
        };
        if (tooLarge(n.ifm))
            issues.push_back({at(i, "ifm"), "too large (more than 2^44 elements)"});
        if (tooLarge(n.ofm))
            issues.push_back({at(i, "ofm"), "too large (more than 2^44 elements)"});
        if (n.weights < 0 || n.weights > kMaxElements)
            issues.push_back({at(i, "weight_size"), "must be a non-negative integer below 2^44, got " + std::to_string(n.weights)});
        if (n.weightReads < 0 || n.weightReads > kMaxElements)
            issues.push_back({at(i, "weight_reads"), "must be a non-negative integer below 2^44, got " + std::to_string(n.weightReads)});
        else if (n.weights == 0 && n.weightReads > 0)
            issues.push_back({at(i, "weight_reads"), "a node without weights reads none, got " + std::to_string(n.weightReads)});
        if (n.macs < 0 || n.macs > (std::int64_t(1) << 52))
            issues.push_back({at(i, "macs"), "must be a non-negative integer, got " + std::to_string(n.macs)});
        if (n.externalInput < 0 || n.externalInput > kMaxElements)
            issues.push_back({at(i, "external_input"), "must be a non-negative integer, got " + std::to_string(n.externalInput)});
        const std::pair<const char*, int> convParams[] = {{"groups", n.groups},   {"kernel_x", n.kernelX},
                                                          {"kernel_y", n.kernelY}, {"stride", n.stride},
                                                          {"pad", n.pad},         {"dilation", n.dilation}};
        for (const auto& [field, v] : convParams)
            if (v < 0)
                issues.push_back({at(i, field), "must be a non-negative integer, got " + std::to_string(v)});
    }
    return issues;
}

void checkWorkloadGraph(const WorkloadGraph& g)
{
    const FieldIssues issues = validateWorkloadGraph(g);
    if (!issues.empty())
        throw InputError("workload " + (g.name.empty() ? std::string("(unnamed)") : "\"" + g.name + "\"") + ": " +
                         joinIssues(issues));
}

WorkloadGraph makeResNet(int depth)
{
    if (depth != 50 && depth != 101)
        throw InputError("ResNet depth: must be 50 or 101, got " + std::to_string(depth));
    WorkloadGraph g;
    g.name = depth == 50 ? "ResNet-50" : "ResNet-101";
    g.description = "ResNet-" + std::to_string(depth) +
                    " at 224×224, batch 1; conv+BN+ReLU fused, residual add fused into each block's last 1×1 conv";
    GraphBuilder b(g);

    GraphNode c1;
    c1.name = "conv1";
    c1.op = OpKind::Conv;
    c1.ifm = {224, 224, 3};
    c1.ofm = {112, 112, 64};
    c1.weights = 7 * 7 * 3 * 64;
    c1.macs = 112LL * 112 * 64 * 7 * 7 * 3;
    c1.externalInput = 224LL * 224 * 3;
    c1.groups = 1;
    c1.kernelX = c1.kernelY = 7;
    c1.stride = 2;
    c1.pad = 3;
    c1.dilation = 1;
    int x = b.add(c1);

    x = b.pool("maxpool", OpKind::MaxPool, x, 3, 2, 1); // 56×56×64

    struct Stage { int blocks; std::int64_t mid, out; };
    const Stage stages[] = {{3, 64, 256}, {4, 128, 512}, {depth == 50 ? 6 : 23, 256, 1024}, {3, 512, 2048}};
    for (int s = 0; s < 4; ++s) {
        for (int k = 0; k < stages[s].blocks; ++k) {
            const std::string prefix = "layer" + std::to_string(s + 1) + "." + std::to_string(k) + ".";
            const int stride = (k == 0 && s > 0) ? 2 : 1;
            const int a = b.conv(prefix + "conv1", {x}, 1, 1, 0, stages[s].mid);
            const int c = b.conv(prefix + "conv2", {a}, 3, stride, 1, stages[s].mid);
            int shortcut = x;
            if (k == 0)
                shortcut = b.conv(prefix + "downsample", {x}, 1, stride, 0, stages[s].out);
            x = b.conv(prefix + "conv3+add", {c, shortcut}, 1, 1, 0, stages[s].out);
        }
    }

    x = b.pool("avgpool", OpKind::AvgPool, x, 7, 1, 0); // 1×1×2048
    x = b.node("fc", OpKind::MatMul, {x}, {1, 1, 1000}, 2048LL * 1000, 2048LL * 1000);
    b.node("softmax", OpKind::Softmax, {x}, {1, 1, 1000});
    return g;
}

WorkloadGraph makeBert(const BertShape& s)
{
    const std::pair<const char*, int> fields[] = {
        {"layers", s.layers},         {"hidden", s.hidden},       {"heads", s.heads},
        {"ffn", s.ffn},               {"vocabulary", s.vocabulary}, {"positions", s.positions},
        {"token_types", s.tokenTypes}, {"sequence", s.sequence},   {"classes", s.classes}};
    for (const auto& [f, v] : fields)
        if (v < 1 || v > (1 << 20))
            throw InputError(std::string("BERT ") + f + ": must be an integer in [1, 1048576], got " + std::to_string(v));
    if (s.hidden % s.heads != 0)
        throw InputError("BERT hidden: must be divisible by heads (" + std::to_string(s.heads) + "), got " +
                         std::to_string(s.hidden));
    if (s.sequence > s.positions)
        throw InputError("BERT sequence: must not exceed positions (" + std::to_string(s.positions) + "), got " +
                         std::to_string(s.sequence));

    const std::int64_t S = s.sequence, H = s.hidden, A = s.heads, D = H / A, F = s.ffn;
    WorkloadGraph g;
    g.name = (s == BertShape{}) ? "BERT-base" : "BERT";
    g.description = "ONNX-like BERT encoder: L = " + std::to_string(s.layers) + ", H = " + std::to_string(H) +
                    ", A = " + std::to_string(A) + ", FFN " + std::to_string(F) + ", S = " + std::to_string(S) +
                    ", pooler and " + std::to_string(s.classes) + "-class classifier";
    GraphBuilder b(g);
    using Dims = std::array<std::int64_t, 3>;
    const Dims sh{S, 1, H};

    const auto gather = [&](std::string name, std::int64_t rows) {
        GraphNode n;
        n.name = std::move(name);
        n.op = OpKind::Gather;
        n.ifm = {S, 1, 1};
        n.ofm = sh;
        n.weights = rows * H;
        n.weightReads = std::min(n.weights, S * H);
        n.externalInput = S;
        return b.add(std::move(n));
    };

    // Embeddings (6).
    const int word = gather("embeddings.word", s.vocabulary);
    const int pos = gather("embeddings.position", s.positions);
    const int type = gather("embeddings.token_type", s.tokenTypes);
    const int add1 = b.node("embeddings.add", OpKind::Add, {word, pos}, sh);
    const int add2 = b.node("embeddings.add_1", OpKind::Add, {add1, type}, sh);
    int x = b.node("embeddings.layernorm", OpKind::LayerNorm, {add2}, sh, 2 * H);

    // Attention-mask preprocessing (4): (1 − mask) · large negative, broadcast over heads.
    GraphNode unsq;
    unsq.name = "mask.unsqueeze";
    unsq.op = OpKind::Reshape;
    unsq.ifm = {S, 1, 1};
    unsq.ofm = {S, 1, 1};
    unsq.externalInput = S;
    const int m0 = b.add(unsq);
    const int m1 = b.node("mask.cast", OpKind::Elementwise, {m0}, {S, 1, 1});
    const int m2 = b.node("mask.sub", OpKind::Elementwise, {m1}, {S, 1, 1});
    const int mask = b.node("mask.mul", OpKind::Elementwise, {m2}, {S, 1, 1});

    for (int l = 0; l < s.layers; ++l) {
        const std::string p = "layer" + std::to_string(l) + ".";
        int heads[3];
        static constexpr const char* kQkv[] = {"query", "key", "value"};
        for (int h = 0; h < 3; ++h) {
            const std::string q = p + "attention." + kQkv[h];
            const int mm = b.node(q + ".matmul", OpKind::MatMul, {x}, sh, H * H, S * H * H);
            const int bias = b.node(q + ".bias", OpKind::Add, {mm}, sh, H);
            const int rs = b.node(q + ".reshape", OpKind::Reshape, {bias}, {S, A, D});
            heads[h] = b.node(q + ".transpose", OpKind::Transpose, {rs}, h == 1 ? Dims{A, D, S} : Dims{A, S, D});
        }
        const int qk = b.node(p + "attention.scores", OpKind::MatMul, {heads[0], heads[1]}, {S, S, A}, 0, S * S * H);
        const int scaled = b.node(p + "attention.scale", OpKind::Elementwise, {qk}, {S, S, A});
        const int masked = b.node(p + "attention.mask_add", OpKind::Add, {scaled, mask}, {S, S, A});
        const int probs = b.node(p + "attention.softmax", OpKind::Softmax, {masked}, {S, S, A});
        const int ctx = b.node(p + "attention.context", OpKind::MatMul, {probs, heads[2]}, {A, S, D}, 0, S * S * H);
        const int ctxT = b.node(p + "attention.context_transpose", OpKind::Transpose, {ctx}, {S, A, D});
        const int ctxR = b.node(p + "attention.context_reshape", OpKind::Reshape, {ctxT}, sh);
        const int out = b.node(p + "attention.output.matmul", OpKind::MatMul, {ctxR}, sh, H * H, S * H * H);
        const int outB = b.node(p + "attention.output.bias", OpKind::Add, {out}, sh, H);
        const int res1 = b.node(p + "attention.output.residual", OpKind::Add, {outB, x}, sh);
        const int ln1 = b.node(p + "attention.output.layernorm", OpKind::LayerNorm, {res1}, sh, 2 * H);
        const int f1 = b.node(p + "ffn.intermediate.matmul", OpKind::MatMul, {ln1}, {S, 1, F}, H * F, S * H * F);
        const int f1b = b.node(p + "ffn.intermediate.bias", OpKind::Add, {f1}, {S, 1, F}, F);
        const int gelu = b.node(p + "ffn.gelu", OpKind::Gelu, {f1b}, {S, 1, F});
        const int f2 = b.node(p + "ffn.output.matmul", OpKind::MatMul, {gelu}, sh, F * H, S * F * H);
        const int f2b = b.node(p + "ffn.output.bias", OpKind::Add, {f2}, sh, H);
        const int res2 = b.node(p + "ffn.output.residual", OpKind::Add, {f2b, ln1}, sh);
        x = b.node(p + "ffn.output.layernorm", OpKind::LayerNorm, {res2}, sh, 2 * H);
    }

    const int cls = b.node("pooler.gather_cls", OpKind::Gather, {x}, {1, 1, H});
    const int pm = b.node("pooler.matmul", OpKind::MatMul, {cls}, {1, 1, H}, H * H, H * H);
    const int pb = b.node("pooler.bias", OpKind::Add, {pm}, {1, 1, H}, H);
    const int pt = b.node("pooler.tanh", OpKind::Tanh, {pb}, {1, 1, H});
    const std::int64_t C = s.classes;
    const int cm = b.node("classifier.matmul", OpKind::MatMul, {pt}, {1, 1, C}, H * C, H * C);
    b.node("classifier.bias", OpKind::Add, {cm}, {1, 1, C}, C);
    return g;
}

std::optional<WorkloadGraph> findBuiltinWorkload(std::string_view name)
{
    if (iequals(name, "resnet50") || iequals(name, "resnet-50"))
        return makeResNet(50);
    if (iequals(name, "resnet101") || iequals(name, "resnet-101"))
        return makeResNet(101);
    if (iequals(name, "bert") || iequals(name, "bert-base"))
        return makeBert();
    return std::nullopt;
}

WorkloadGraph builtinWorkload(std::string_view name)
{
    if (std::optional<WorkloadGraph> g = findBuiltinWorkload(name))
        return std::move(*g);
    throw InputError("unknown workload \"" + std::string(name) + "\"; built in: resnet50, resnet101, bert");
}

int nodeFeatureCount(const FeatureOptions& o)
{
    return (o.oneHotOp ? kOpKindCount : 1) + 18;
}

std::vector<std::string> nodeFeatureNames(const FeatureOptions& o)
{
    std::vector<std::string> names;
    if (o.oneHotOp)
        for (int i = 0; i < kOpKindCount; ++i)
            names.push_back("op=" + std::string(kOpIds[std::size_t(i)]));
    else
        names.push_back("op_id");
    for (const char* f : {"weight_size", "ifm_x", "ifm_y", "ifm_z", "ofm_x", "ofm_y", "ofm_z", "ifm_size", "ofm_size",
                          "n_ops_left", "n_w_left"})
        names.push_back("log1p(" + std::string(f) + ")");
    for (const char* f : {"groups", "kernel_x", "kernel_y", "stride", "pad", "dilation", "batch"})
        names.push_back(f);
    return names;
}

std::vector<float> nodeFeatures(const WorkloadGraph& g, const FeatureOptions& o, int bytesPerElement)
{
    const int n = g.nodeCount();
    const int f = nodeFeatureCount(o);
    std::vector<float> x(std::size_t(n) * std::size_t(f), 0.0f);
    std::vector<double> wLeft(std::size_t(n) + 1, 0.0);
    for (int i = n - 1; i >= 0; --i)
        wLeft[std::size_t(i)] = wLeft[std::size_t(i) + 1] + double(g.nodes[std::size_t(i)].weights) * bytesPerElement;
    const auto lg = [](double v) { return float(std::log1p(v)); };
    for (int i = 0; i < n; ++i) {
        const GraphNode& v = g.nodes[std::size_t(i)];
        float* row = x.data() + std::size_t(i) * std::size_t(f);
        int c = 0;
        if (o.oneHotOp) {
            row[int(v.op)] = 1.0f;
            c = kOpKindCount;
        } else {
            row[c++] = float(int(v.op));
        }
        row[c++] = lg(double(v.weights) * bytesPerElement);
        for (int d = 0; d < 3; ++d)
            row[c++] = lg(double(v.ifm[std::size_t(d)]));
        for (int d = 0; d < 3; ++d)
            row[c++] = lg(double(v.ofm[std::size_t(d)]));
        row[c++] = lg(double(v.ifmSize()));
        row[c++] = lg(double(v.ofmSize()));
        row[c++] = lg(double(n - 1 - i));
        row[c++] = lg(wLeft[std::size_t(i)]);
        for (int p : {v.groups, v.kernelX, v.kernelY, v.stride, v.pad, v.dilation})
            row[c++] = float(p);
        row[c++] = float(g.batch);
    }
    return x;
}

} // namespace mapscape::placement
