// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/network/onnx_import.h"

#include "core/io/file_util.h"
#include "core/io/input_limits.h"
#include "core/model/validation.h"

#include <onnx/checker.h>
#include <onnx/defs/schema.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <unordered_map>

namespace mapscape {

namespace {

using placement::GraphNode;
using placement::OpKind;

/// A tensor whose shape inference left unknown; the node that needs it is skipped with a warning.
struct UnknownShape {
    std::string tensor;
};

constexpr std::uint64_t kMaxOnnxBytes = (std::uint64_t(1) << 31) - 1; // protobuf's 2 GiB
/// Nodes in all of a model's graphs and functions (the largest networks have ~10^4).
constexpr std::size_t kMaxOnnxNodes = 1'000'000;
constexpr std::int64_t kMaxDim = std::int64_t(1) << 40;

struct TensorInfo {
    std::vector<std::int64_t> dims; ///< −1: unknown extent
    bool known = false;             ///< rank and every extent known
    bool constant = false;          ///< initializer or computed from constants only
    bool graphInput = false;        ///< a network input (read from DRAM, not produced by a node)
    /// Element count, saturating at INT64_MAX (hostile shapes must not overflow).
    std::int64_t elements() const
    {
        std::int64_t n = 1;
        for (std::int64_t d : dims)
            if (d < 0 || __builtin_mul_overflow(n, d, &n))
                return std::numeric_limits<std::int64_t>::max();
        return n;
    }
};

/// Ops that compute a Mapscape layer or a placement node and are understood as such.
enum class Role { Conv, Gemm, MatMul, Pool, GlobalPool, Add, BinaryElementwise, Activation, BatchNorm, Softmax,
                  LayerNorm, Gelu, Tanh, Gather, Reshape, Transpose, Elementwise, Alias, Unsupported };

Role roleOf(const onnx::NodeProto& n)
{
    const std::string& op = n.op_type();
    const bool standard = n.domain().empty() || n.domain() == "ai.onnx";
    if (!standard && !(n.domain() == "com.microsoft" && (op == "Gelu" || op == "FastGelu")))
        return Role::Unsupported;
    static const std::map<std::string, Role, std::less<>> table = {
        {"Conv", Role::Conv},
        {"Gemm", Role::Gemm},
        {"MatMul", Role::MatMul},
        {"MaxPool", Role::Pool},
        {"AveragePool", Role::Pool},
        {"LpPool", Role::Pool},
        {"GlobalAveragePool", Role::GlobalPool},
        {"GlobalMaxPool", Role::GlobalPool},
        {"Add", Role::Add},
        {"Sub", Role::BinaryElementwise},
        {"Mul", Role::BinaryElementwise},
        {"Div", Role::BinaryElementwise},
        {"Relu", Role::Activation},
        {"Clip", Role::Activation},
        {"LeakyRelu", Role::Activation},
        {"BatchNormalization", Role::BatchNorm},
        {"Softmax", Role::Softmax},
        {"LogSoftmax", Role::Softmax},
        {"LayerNormalization", Role::LayerNorm},
        {"Gelu", Role::Gelu},
        {"FastGelu", Role::Gelu},
        {"Tanh", Role::Tanh},
        {"Gather", Role::Gather},
        {"Reshape", Role::Reshape},
        {"Squeeze", Role::Reshape},
        {"Unsqueeze", Role::Reshape},
        {"Transpose", Role::Transpose},
        {"Flatten", Role::Alias},
        {"Identity", Role::Alias},
        {"Dropout", Role::Alias},
    };
    if (auto it = table.find(op); it != table.end())
        return it->second;
    static const std::set<std::string, std::less<>> vectorOps = {
        "Cast", "Sqrt", "Pow", "Erf", "Neg", "Exp", "Log", "Abs", "Reciprocal", "Sigmoid", "HardSigmoid", "HardSwish",
        "PRelu", "Elu", "Selu", "Softplus", "Concat", "Split", "Slice", "Pad", "ReduceMean", "ReduceSum", "ReduceMax",
        "Expand", "Where", "Equal", "Less", "Greater", "Not", "And", "Or", "Min", "Max", "Sum", "Mean", "Tile",
        "InstanceNormalization", "LRN", "Floor", "Ceil", "Round", "Sign", "Mod", "DepthToSpace", "SpaceToDepth"};
    if (vectorOps.count(op))
        return Role::Elementwise;
    return Role::Unsupported;
}

std::int64_t intAttr(const onnx::NodeProto& n, std::string_view name, std::int64_t fallback)
{
    for (const onnx::AttributeProto& a : n.attribute())
        if (a.name() == name)
            return a.i();
    return fallback;
}

std::vector<std::int64_t> intsAttr(const onnx::NodeProto& n, std::string_view name)
{
    for (const onnx::AttributeProto& a : n.attribute())
        if (a.name() == name)
            return {a.ints().begin(), a.ints().end()};
    return {};
}

std::string stringAttr(const onnx::NodeProto& n, std::string_view name)
{
    for (const onnx::AttributeProto& a : n.attribute())
        if (a.name() == name)
            return a.s();
    return {};
}

/// x, y, z of a tensor as Table 1 reads them: [N, C, H, W] → (W, H·N, C); [S, H] → (S, 1, H);
/// [N, S, H] → (N·S, 1, H); a vector → (1, 1, n).
/// A tensor shape as the placement graph's (rows, columns, channels). The products are checked:
/// a hostile shape (2^40 × 2^40) is refused naming the shape instead of wrapping to 0.
std::array<std::int64_t, 3> xyz(const std::vector<std::int64_t>& d)
{
    const auto mul = [&](std::int64_t a, std::int64_t b) {
        std::int64_t r = 0;
        if (__builtin_mul_overflow(a, b, &r))
            throw InputError("a tensor of shape " + [&] {
                std::string t = "[";
                for (std::size_t k = 0; k < d.size(); ++k)
                    t += (k ? ", " : "") + std::to_string(d[k]);
                return t + "]";
            }() + " has more elements than 64 bits can count");
        return r;
    };
    switch (d.size()) {
    case 0:
        return {1, 1, 1};
    case 1:
        return {1, 1, d[0]};
    case 2:
        return {d[0], 1, d[1]};
    case 3:
        return {mul(d[0], d[1]), 1, d[2]};
    default: {
        std::int64_t y = d[0];
        for (std::size_t k = 2; k + 1 < d.size(); ++k)
            y = mul(y, d[k]);
        return {d.back(), y, d[1]};
    }
    }
}

/// Bytes per element of a fixed-size ONNX element type; 0 for strings and unknown types.
std::size_t elementBytes(int type)
{
    switch (type) {
    case onnx::TensorProto::UINT8:
    case onnx::TensorProto::INT8:
    case onnx::TensorProto::BOOL:
        return 1;
    case onnx::TensorProto::UINT16:
    case onnx::TensorProto::INT16:
    case onnx::TensorProto::FLOAT16:
    case onnx::TensorProto::BFLOAT16:
        return 2;
    case onnx::TensorProto::FLOAT:
    case onnx::TensorProto::INT32:
    case onnx::TensorProto::UINT32:
        return 4;
    case onnx::TensorProto::DOUBLE:
    case onnx::TensorProto::INT64:
    case onnx::TensorProto::UINT64:
    case onnx::TensorProto::COMPLEX64:
        return 8;
    case onnx::TensorProto::COMPLEX128:
        return 16;
    default:
        return 0;
    }
}

std::string dimsText(const std::vector<std::int64_t>& d)
{
    std::string s = "[";
    for (std::size_t k = 0; k < d.size(); ++k)
        s += (k ? ", " : "") + (d[k] < 0 ? std::string("?") : std::to_string(d[k]));
    return s + "]";
}

class Importer {
public:
    Importer(const onnx::ModelProto& model, const std::string& source, const OnnxImportOptions& options,
             std::vector<std::string> warnings)
        : m_model(model)
        , m_source(source)
        , m_options(options)
    {
        m_out.warnings = std::move(warnings);
    }

    OnnxImport run()
    {
        const onnx::GraphProto& g = m_model.graph();
        collectShapes(g);
        countConsumers(g);
        for (int i = 0; i < g.node_size(); ++i) {
            const onnx::NodeProto& n = g.node(i);
            try {
                visit(n, i);
            } catch (const UnknownShape& u) {
                skip(n, n.name().empty() ? n.op_type() + " #" + std::to_string(i) : n.name(),
                     "the shape of tensor \"" + u.tensor + "\" is unknown after shape inference");
            }
        }
        finish(g);
        return std::move(m_out);
    }

private:
    [[noreturn]] void fail(const std::string& what) const { throw InputError(m_source + ": " + what); }

    void readShape(const onnx::ValueInfoProto& v, TensorInfo& t)
    {
        if (!v.type().has_tensor_type() || !v.type().tensor_type().has_shape())
            return;
        t.dims.clear();
        t.known = true;
        for (const onnx::TensorShapeProto::Dimension& d : v.type().tensor_type().shape().dim()) {
            if (d.has_dim_value()) {
                if (d.dim_value() < 0 || d.dim_value() > kMaxDim)
                    fail("tensor \"" + v.name() + "\": dimension " + std::to_string(d.dim_value()) + " out of range");
                t.dims.push_back(d.dim_value());
            } else {
                t.dims.push_back(-1);
                t.known = false;
            }
        }
    }

    void collectShapes(const onnx::GraphProto& g)
    {
        for (const onnx::TensorProto& init : g.initializer()) {
            TensorInfo& t = m_tensors[init.name()];
            t.constant = true;
            t.known = true;
            t.dims.assign(init.dims().begin(), init.dims().end());
            for (std::int64_t d : t.dims)
                if (d < 0 || d > kMaxDim)
                    fail("initializer \"" + init.name() + "\": dimension " + std::to_string(d) + " out of range");
            // A cut or corrupted file can leave a tensor's bytes short of its shape.
            const std::size_t bytes = elementBytes(init.data_type());
            if (init.data_location() != onnx::TensorProto::EXTERNAL && !init.raw_data().empty() && bytes > 0 &&
                (t.elements() > kMaxDim || init.raw_data().size() != std::size_t(t.elements()) * bytes))
                fail("initializer \"" + init.name() + "\": raw data holds " + std::to_string(init.raw_data().size()) +
                     " bytes, its shape " + dimsText(t.dims) + " needs " + std::to_string(std::size_t(t.elements()) * bytes));
        }
        for (const onnx::SparseTensorProto& sp : g.sparse_initializer()) {
            TensorInfo& t = m_tensors[sp.values().name()];
            t.constant = true;
            t.known = true;
            t.dims.assign(sp.dims().begin(), sp.dims().end());
        }
        // Symbolic dimensions of the network inputs become 1 first, so that shape inference
        // propagates numbers.
        for (const onnx::ValueInfoProto& v : g.input()) {
            TensorInfo& t = m_tensors[v.name()];
            if (t.constant)
                continue; // an initializer also listed as an input (older exporters)
            t.graphInput = true;
            readShape(v, t);
        }
        for (const onnx::ValueInfoProto& v : g.value_info())
            if (!m_tensors[v.name()].constant)
                readShape(v, m_tensors[v.name()]);
        for (const onnx::ValueInfoProto& v : g.output())
            if (!m_tensors[v.name()].known)
                readShape(v, m_tensors[v.name()]);
    }

    void countConsumers(const onnx::GraphProto& g)
    {
        for (const onnx::NodeProto& n : g.node())
            for (const std::string& in : n.input())
                if (!in.empty())
                    ++m_consumers[in];
        for (const onnx::ValueInfoProto& v : g.output())
            ++m_consumers[v.name()];
    }

    const TensorInfo& info(const std::string& name) const
    {
        static const TensorInfo unknown;
        auto it = m_tensors.find(name);
        return it == m_tensors.end() ? unknown : it->second;
    }

    /// A node's known shape of input/output `name`, or an InputError naming the node.
    const std::vector<std::int64_t>& shape(const std::string& name, const std::string& node) const
    {
        const TensorInfo& t = info(name);
        if (!t.known)
            throw UnknownShape{name};
        (void)node;
        return t.dims;
    }

    std::string nodeName(const onnx::NodeProto& n, int index)
    {
        std::string base = n.name().empty() ? n.op_type() + "_" + std::to_string(index) : n.name();
        std::string name = base;
        for (int k = 2; !m_usedNames.insert(name).second; ++k)
            name = base + "_" + std::to_string(k);
        return name;
    }

    /// The placement node that produced a data tensor, or −1 (network input, constant, unknown).
    int producer(const std::string& tensor) const
    {
        auto it = m_producer.find(tensor);
        return it == m_producer.end() ? -1 : it->second;
    }

    /// Data inputs of a node: non-empty, non-constant.
    std::vector<std::string> dataInputs(const onnx::NodeProto& n) const
    {
        std::vector<std::string> out;
        for (const std::string& in : n.input())
            if (!in.empty() && !info(in).constant)
                out.push_back(in);
        return out;
    }

    void addLayer(Layer layer)
    {
        m_layers.push_back(std::move(layer));
    }

    int addNode(GraphNode node, const std::vector<std::string>& inputs, const onnx::NodeProto& n, Role role)
    {
        for (const std::string& in : inputs) {
            const int p = producer(in);
            if (p >= 0) {
                if (std::find(node.inputs.begin(), node.inputs.end(), p) == node.inputs.end())
                    node.inputs.push_back(p);
            } else if (info(in).graphInput && info(in).known) {
                node.externalInput += info(in).elements();
            }
        }
        if (node.weightReads == 0)
            node.weightReads = node.weights;
        const int index = int(m_nodes.size());
        m_nodes.push_back(std::move(node));
        m_roles.push_back(role);
        m_addFused.push_back(false);
        for (const std::string& out : n.output())
            if (!out.empty())
                m_producer[out] = index;
        m_output.push_back(n.output_size() > 0 ? n.output(0) : std::string());
        return index;
    }

    /// `tensor`'s producer if it is a Conv / Gemm / MatMul node whose current output is `tensor`
    /// and nothing else reads it (so BN, ReLU or an Add can fold in), else −1.
    int fusableProducer(const std::string& tensor, bool convOnly) const
    {
        const int p = producer(tensor);
        if (p < 0 || m_output[std::size_t(p)] != tensor)
            return -1;
        auto c = m_consumers.find(tensor);
        if (c == m_consumers.end() || c->second != 1)
            return -1;
        const Role r = m_roles[std::size_t(p)];
        if (r == Role::Conv)
            return p;
        return !convOnly && (r == Role::Gemm || r == Role::MatMul) ? p : -1;
    }

    void alias(const onnx::NodeProto& n, int node)
    {
        for (const std::string& out : n.output())
            if (!out.empty())
                m_producer[out] = node;
        if (node >= 0 && n.output_size() > 0)
            m_output[std::size_t(node)] = n.output(0);
    }

    void visit(const onnx::NodeProto& n, int index)
    {
        // Constant subgraphs fold away: Constant, Shape (metadata), and nodes fed only by constants.
        const bool allConstant = std::all_of(n.input().begin(), n.input().end(),
                                             [&](const std::string& in) { return in.empty() || info(in).constant; });
        if (n.op_type() == "Constant" || n.op_type() == "Shape" || n.op_type() == "Size" || allConstant) {
            for (const std::string& out : n.output())
                m_tensors[out].constant = true;
            return;
        }
        const Role role = roleOf(n);
        const std::vector<std::string> data = dataInputs(n);
        const std::string label = n.name().empty() ? n.op_type() + " #" + std::to_string(index) : n.name();
        if (n.output_size() == 0 || n.output(0).empty())
            fail("node \"" + label + "\" (" + n.op_type() + ") has no output");
        switch (role) {
        case Role::Unsupported:
            if (std::find(m_out.skippedOperators.begin(), m_out.skippedOperators.end(), n.op_type()) ==
                m_out.skippedOperators.end())
                m_out.skippedOperators.push_back(n.op_type());
            m_out.warnings.push_back("skipped unsupported operator " + n.op_type() +
                                     (n.domain().empty() ? "" : " (domain " + n.domain() + ")") + " in node \"" + label +
                                     "\"; its outputs stand for its first input");
            alias(n, data.empty() ? -1 : producer(data.front()));
            return;
        case Role::Alias:
            alias(n, data.empty() ? -1 : producer(data.front()));
            return;
        case Role::Conv:
            return conv(n, index, label);
        case Role::Gemm:
        case Role::MatMul:
            return matmul(n, index, label, role);
        default:
            break;
        }
        if (data.empty()) {
            for (const std::string& out : n.output())
                m_tensors[out].constant = true;
            return;
        }
        const std::string& out0 = n.output(0);
        if (role == Role::BatchNorm || role == Role::Activation) {
            if (const int p = fusableProducer(data.front(), false); p >= 0) {
                alias(n, p);
                return;
            }
        }
        if (role == Role::Add && data.size() == 2 && n.input_size() == 2) {
            // A residual add folds into a single-use Conv operand, the first one preferred.
            for (const std::string& operand : data) {
                const int p = fusableProducer(operand, true);
                if (p < 0 || m_addFused[std::size_t(p)])
                    continue;
                const std::string& other = operand == data[0] ? data[1] : data[0];
                GraphNode& target = m_nodes[std::size_t(p)];
                target.name += "+add";
                if (const int q = producer(other); q >= 0) {
                    if (q != p && std::find(target.inputs.begin(), target.inputs.end(), q) == target.inputs.end())
                        target.inputs.push_back(q);
                } else if (info(other).graphInput && info(other).known) {
                    target.externalInput += info(other).elements();
                }
                m_addFused[std::size_t(p)] = true;
                alias(n, p);
                return;
            }
        }

        GraphNode node;
        node.name = nodeName(n, index);
        node.ifm = xyz(shape(data.front(), label));
        node.ofm = xyz(shape(role == Role::Elementwise && n.op_type() == "Split" ? data.front() : out0, label));
        std::int64_t constants = 0;
        for (const std::string& in : n.input())
            if (!in.empty() && info(in).constant && info(in).known)
                constants += info(in).elements();
        switch (role) {
        case Role::Pool:
        case Role::GlobalPool: {
            node.op = n.op_type().find("Max") != std::string::npos ? OpKind::MaxPool : OpKind::AvgPool;
            const std::vector<std::int64_t>& in = shape(data.front(), label);
            if (role == Role::GlobalPool) {
                node.kernelX = in.size() >= 4 ? int(in.back()) : 1;
                node.kernelY = in.size() >= 4 ? int(in[2]) : 1;
                node.stride = 1;
            } else {
                const std::vector<std::int64_t> k = intsAttr(n, "kernel_shape"), s = intsAttr(n, "strides"),
                                                 p = intsAttr(n, "pads");
                node.kernelY = k.empty() ? 1 : int(k.front());
                node.kernelX = k.empty() ? 1 : int(k.back());
                node.stride = s.empty() ? 1 : int(s.front());
                node.pad = p.empty() ? 0 : int(p.front());
            }
            node.dilation = 1;
            break;
        }
        case Role::Add:
            node.op = OpKind::Add;
            node.weights = constants; // a bias add owns its bias
            break;
        case Role::BinaryElementwise:
            node.op = OpKind::Elementwise;
            node.weights = n.op_type() == "Mul" ? constants : 0; // a scale vector; a scalar divisor is not placed
            if (node.weights <= 1)
                node.weights = 0;
            break;
        case Role::BatchNorm:
        case Role::LayerNorm:
            node.op = role == Role::LayerNorm ? OpKind::LayerNorm : OpKind::Elementwise;
            for (int k = 1; k <= 2 && k < n.input_size(); ++k) // scale and bias
                if (info(n.input(k)).constant && info(n.input(k)).known)
                    node.weights += info(n.input(k)).elements();
            break;
        case Role::Softmax:
            node.op = OpKind::Softmax;
            break;
        case Role::Gelu:
            node.op = OpKind::Gelu;
            break;
        case Role::Tanh:
            node.op = OpKind::Tanh;
            break;
        case Role::Gather: {
            node.op = OpKind::Gather;
            const std::string& table = n.input(0);
            if (info(table).constant && info(table).known) {
                // An embedding lookup: the table is the weights, the indices (data) pick rows.
                node.weights = info(table).elements();
                node.weightReads = std::min(node.weights, std::max<std::int64_t>(1, info(out0).known ? info(out0).elements() : 1));
                node.ifm = xyz(shape(data.front(), label));
            }
            break;
        }
        case Role::Reshape:
            node.op = OpKind::Reshape;
            break;
        case Role::Transpose:
            node.op = OpKind::Transpose;
            break;
        case Role::Activation:
        case Role::Elementwise:
        default:
            node.op = OpKind::Elementwise;
            break;
        }
        addNode(std::move(node), data, n, role);
    }

    /// The product of a node's sizes, checked: a hostile shape is refused naming the node, never
    /// wrapped (found by UBSan: 17179869168 × 2147483646 MACs).
    std::int64_t product(const std::string& label, const char* what, std::initializer_list<std::int64_t> factors)
    {
        std::int64_t r = 1;
        for (std::int64_t f : factors) {
            if (f < 0)
                fail("node \"" + label + "\": a size of its " + what + " is negative (" + std::to_string(f) + ")");
            if (__builtin_mul_overflow(r, f, &r))
                fail("node \"" + label + "\": its " + what + " exceed 64 bits");
        }
        return r;
    }

    /// A convolution's stride, padding, dilation, group or kernel size as the graph holds it (an
    /// int up to 2^24).
    int smallAttr(const std::string& label, const char* what, std::int64_t v)
    {
        if (v < 0 || v > (std::int64_t(1) << 24))
            fail("node \"" + label + "\" (Conv): " + what + " must be from 0 to 16777216, got " + std::to_string(v));
        return int(v);
    }

    void conv(const onnx::NodeProto& n, int index, const std::string& label)
    {
        if (n.input_size() < 2)
            fail("node \"" + label + "\" (Conv): expected inputs X and W, got " + std::to_string(n.input_size()));
        const std::vector<std::int64_t>& x = shape(n.input(0), label);
        const std::vector<std::int64_t>& w = shape(n.input(1), label);
        const std::vector<std::int64_t>& y = shape(n.output(0), label);
        if (x.size() != w.size() || x.size() != y.size() || (x.size() != 3 && x.size() != 4)) {
            skip(n, label, "only 1-D and 2-D convolutions are modelled (input " + dimsText(x) + ")");
            return;
        }
        const bool oneD = x.size() == 3;
        const std::int64_t N = x[0], C = x[1], K = y[1];
        const std::int64_t H = oneD ? 1 : y[2], W = y.back();
        const std::int64_t R = oneD ? 1 : w[2], S = w.back();
        const std::int64_t G = intAttr(n, "group", 1);
        if (G < 1 || G > C || C % G != 0 || K % G != 0 || w[1] != C / G || w[0] != K)
            fail("node \"" + label + "\" (Conv): group " + std::to_string(G) + " does not fit input channels " +
                 std::to_string(C) + ", weights " + dimsText(w) + " and output channels " + std::to_string(K));
        std::vector<std::int64_t> strides = intsAttr(n, "strides"), dilations = intsAttr(n, "dilations"),
                                  pads = intsAttr(n, "pads");
        if (strides.empty())
            strides.assign(x.size() - 2, 1);
        if (dilations.empty())
            dilations.assign(x.size() - 2, 1);
        const std::int64_t stride = smallAttr(label, "stride", strides.front());
        const std::int64_t dilation = smallAttr(label, "dilation", *std::max_element(dilations.begin(), dilations.end()));
        std::int64_t pad = smallAttr(label, "pad", pads.empty() ? 0 : pads.front());
        const std::string autoPad = stringAttr(n, "auto_pad");
        if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
            const std::int64_t in = x.back(), out = y.back();
            // (out − 1)·stride + (S − 1)·dilation + 1 − in, checked: a sum past 2^41 is as good as
            // infinite here (the pad is refused above 2^24 either way).
            constexpr std::int64_t kHuge = std::int64_t(1) << 41;
            std::int64_t a = 0, b = 0, need = 0;
            if (__builtin_mul_overflow(out - 1, stride, &a) || __builtin_mul_overflow(S - 1, dilation, &b) ||
                __builtin_add_overflow(a, b, &need) || need > kHuge)
                need = kHuge;
            need = need + 1 - in;
            pad = smallAttr(label, "pad", std::clamp<std::int64_t>(need / 2, 0, kHuge / 2));
        }

        GraphNode node;
        node.name = nodeName(n, index);
        node.op = OpKind::Conv;
        node.ifm = xyz(x);
        node.ofm = xyz(y);
        node.weights = product(label, "weights", {K, C / G, R, S});
        node.macs = product(label, "MACs", {N, K, H, W, C / G, R, S});
        node.groups = smallAttr(label, "group", G);
        node.kernelX = smallAttr(label, "kernel width", S);
        node.kernelY = smallAttr(label, "kernel height", R);
        node.stride = int(stride);
        node.pad = int(pad);
        node.dilation = int(dilation);
        addNode(std::move(node), {n.input(0)}, n, Role::Conv);

        if (dilation != 1) {
            layerWarning(label, "dilation " + std::to_string(dilation) + ": Mapscape layers have none");
            return;
        }
        if (std::any_of(strides.begin(), strides.end(), [&](std::int64_t s) { return s != stride; })) {
            layerWarning(label, "strides " + dimsText(strides) + " differ: Mapscape layers have one stride");
            return;
        }
        Layer l;
        l.name = m_nodes.back().name;
        l.k = K;
        l.b = N;
        l.p = H;
        l.q = W;
        l.c = C;
        l.r = R;
        l.s = S;
        l.g = G;
        l.stride = stride;
        addLayer(std::move(l));
    }

    void matmul(const onnx::NodeProto& n, int index, const std::string& label, Role role)
    {
        if (n.input_size() < 2)
            fail("node \"" + label + "\" (" + n.op_type() + "): expected two inputs, got " + std::to_string(n.input_size()));
        std::vector<std::int64_t> a = shape(n.input(0), label), b = shape(n.input(1), label);
        const std::vector<std::int64_t>& y = shape(n.output(0), label);
        if (a.empty() || b.empty())
            fail("node \"" + label + "\" (" + n.op_type() + "): scalar operands");
        if (role == Role::Gemm) {
            if (a.size() != 2 || b.size() != 2)
                fail("node \"" + label + "\" (Gemm): operands must be matrices, got " + dimsText(a) + " and " + dimsText(b));
            if (intAttr(n, "transA", 0))
                std::swap(a[0], a[1]);
            if (intAttr(n, "transB", 0))
                std::swap(b[0], b[1]);
        }
        if (a.size() == 1)
            a.insert(a.begin(), 1);
        if (b.size() == 1)
            b.push_back(1);
        const std::int64_t M = a[a.size() - 2], Kd = a.back(), Nn = b.back();
        if (b[b.size() - 2] != Kd)
            fail("node \"" + label + "\" (" + n.op_type() + "): inner dimensions differ, " + dimsText(a) + " × " + dimsText(b));
        std::int64_t outElems = 1;
        for (std::int64_t d : y)
            outElems = product(label, "output elements", {outElems, d});
        const std::int64_t batches =
            std::max<std::int64_t>(1, outElems / std::max<std::int64_t>(1, product(label, "output elements", {M, Nn})));

        GraphNode node;
        node.name = nodeName(n, index);
        node.op = OpKind::MatMul;
        const bool aConst = info(n.input(0)).constant, bConst = info(n.input(1)).constant;
        node.ifm = xyz(shape(aConst && !bConst ? n.input(1) : n.input(0), label));
        node.ofm = xyz(y);
        if (bConst)
            node.weights = info(n.input(1)).elements();
        else if (aConst)
            node.weights = info(n.input(0)).elements();
        node.macs = product(label, "MACs", {batches, M, Kd, Nn});
        std::vector<std::string> data;
        for (int k = 0; k < 2; ++k)
            if (!info(n.input(k)).constant)
                data.push_back(n.input(k));
        addNode(std::move(node), data, n, role);

        Layer l;
        l.name = m_nodes.back().name;
        l.k = Nn;
        l.c = Kd;
        l.b = product(label, "rows", {batches, M});
        l.stride = 0;
        addLayer(std::move(l));
    }

    void skip(const onnx::NodeProto& n, const std::string& label, const std::string& why)
    {
        m_out.warnings.push_back("skipped node \"" + label + "\" (" + n.op_type() + "): " + why);
        const std::vector<std::string> data = dataInputs(n);
        alias(n, data.empty() ? -1 : producer(data.front()));
    }

    void layerWarning(const std::string& label, const std::string& why)
    {
        m_out.warnings.push_back("node \"" + label + "\" left out of the layer list: " + why);
    }

    void finish(const onnx::GraphProto& g)
    {
        // Fusing an Add into an earlier Conv can make it read a later node: a stable topological
        // order (earliest original position first among the ready nodes) restores the rule that
        // inputs come first while keeping the file's order wherever it already holds.
        const int count = int(m_nodes.size());
        std::vector<int> pending(std::size_t(count), 0);
        std::vector<std::vector<int>> consumers(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i)
            for (int p : m_nodes[std::size_t(i)].inputs) {
                ++pending[std::size_t(i)];
                consumers[std::size_t(p)].push_back(i);
            }
        std::set<int> ready;
        for (int i = 0; i < count; ++i)
            if (pending[std::size_t(i)] == 0)
                ready.insert(i);
        std::vector<int> order, position(std::size_t(count), -1);
        while (!ready.empty()) {
            const int i = *ready.begin();
            ready.erase(ready.begin());
            position[std::size_t(i)] = int(order.size());
            order.push_back(i);
            for (int c : consumers[std::size_t(i)])
                if (--pending[std::size_t(c)] == 0)
                    ready.insert(c);
        }
        if (int(order.size()) != count)
            fail("the graph has a cycle");
        placement::WorkloadGraph& wg = m_out.graph;
        for (int i : order) {
            GraphNode node = m_nodes[std::size_t(i)];
            for (int& p : node.inputs)
                p = position[std::size_t(p)];
            wg.nodes.push_back(std::move(node));
        }
        const std::string stem = std::filesystem::path(m_source).stem().string();
        wg.name = !g.name().empty() ? g.name() : stem;
        wg.description = "Imported from " + std::filesystem::path(m_source).filename().string() + " (ONNX" +
                         (m_model.producer_name().empty() ? std::string() : ", " + m_model.producer_name()) + ")";
        for (const onnx::ValueInfoProto& v : g.input())
            if (const TensorInfo& t = info(v.name()); t.graphInput && t.known && t.dims.size() >= 3) {
                wg.batch = int(std::max<std::int64_t>(1, std::min<std::int64_t>(t.dims.front(), 1 << 20)));
                break;
            }

        Network& net = m_out.network;
        net.name = wg.name;
        net.description = wg.description;
        if (m_options.distinctLayers) {
            net.description += "; layers of identical shape merged (repeat counts them)";
            for (const Layer& l : m_layers) {
                auto same = std::find_if(net.layers.begin(), net.layers.end(), [&](const Layer& o) {
                    return o.k == l.k && o.b == l.b && o.p == l.p && o.q == l.q && o.c == l.c && o.r == l.r && o.s == l.s &&
                           o.g == l.g && o.stride == l.stride;
                });
                if (same != net.layers.end())
                    ++same->repeat;
                else
                    net.layers.push_back(l);
            }
        } else {
            net.layers = m_layers;
        }
        if (net.layers.empty())
            m_out.warnings.push_back("no Conv, Gemm or MatMul nodes: the layer list is empty");
    }

    const onnx::ModelProto& m_model;
    std::string m_source;
    OnnxImportOptions m_options;
    OnnxImport m_out;
    std::unordered_map<std::string, TensorInfo> m_tensors;
    std::unordered_map<std::string, int> m_consumers;
    std::unordered_map<std::string, int> m_producer;
    std::set<std::string> m_usedNames;
    std::vector<GraphNode> m_nodes;
    std::vector<Role> m_roles;
    std::vector<bool> m_addFused;
    std::vector<std::string> m_output; ///< each node's current output tensor (moves as BN / ReLU / Add fold in)
    std::vector<Layer> m_layers;
};

} // namespace

namespace {

/// The int64 values of a tensor held in the model (an initializer or a Constant's value), or
/// nothing when it is not int64 data the importer can read without ONNX's help.
std::optional<std::vector<std::int64_t>> int64Values(const onnx::TensorProto& t)
{
    if (t.data_type() != onnx::TensorProto::INT64 || t.data_location() == onnx::TensorProto::EXTERNAL)
        return std::nullopt;
    std::vector<std::int64_t> out(t.int64_data().begin(), t.int64_data().end());
    if (!t.raw_data().empty()) {
        if (t.raw_data().size() % sizeof(std::int64_t) != 0)
            return std::nullopt;
        out.resize(t.raw_data().size() / sizeof(std::int64_t));
        std::memcpy(out.data(), t.raw_data().data(), t.raw_data().size()); // little-endian, as ONNX stores it
    }
    return out;
}

/// Walks every graph a model holds (the main graph, the subgraphs of If / Loop / Scan and any
/// attribute holding graphs, and model-local functions), checking each node before ONNX's
/// checker and shape inference see it: they read these attributes and inputs unchecked (libonnx
/// 1.13 divides by strides, loops over Slice steps) and a fault there takes the process down.
class ModelPrecheck {
public:
    ModelPrecheck(const onnx::ModelProto& model, std::string source)
        : m_source(std::move(source))
    {
        check(model.producer_name(), "producer_name");
        graph(model.graph(), "graph");
        for (int f = 0; f < model.functions_size(); ++f) {
            const onnx::FunctionProto& fn = model.functions(f);
            const std::string where = "function " + std::to_string(f) + " (" + fn.name() + ")";
            check(fn.name(), where + ": name");
            std::map<std::string, const onnx::TensorProto*> constants;
            for (int i = 0; i < fn.node_size(); ++i)
                node(fn.node(i), where + ": node " + std::to_string(i), constants);
        }
    }

private:
    void check(const std::string& text, const std::string& what) const
    {
        if (io::firstInvalidUtf8(text) != std::string_view::npos)
            throw InputError(m_source + ": " + what + " is not valid UTF-8 text");
    }

    void graph(const onnx::GraphProto& g, const std::string& where)
    {
        check(g.name(), where + " name");
        std::map<std::string, const onnx::TensorProto*> constants;
        for (const onnx::TensorProto& t : g.initializer())
            constants[t.name()] = &t;
        const auto values = [&](const auto& list, const std::string& what) {
            for (const auto& v : list)
                check(v.name(), "a name of " + where + "." + what);
        };
        values(g.input(), "input");
        values(g.output(), "output");
        values(g.value_info(), "value_info");
        values(g.initializer(), "initializer");
        for (const onnx::ValueInfoProto& v : g.input())
            if (v.type().has_tensor_type() && v.type().tensor_type().has_shape())
                for (const onnx::TensorShapeProto::Dimension& d : v.type().tensor_type().shape().dim())
                    check(d.dim_param(), "a dimension name of " + where + ".input");
        for (int i = 0; i < g.node_size(); ++i)
            node(g.node(i), (where == "graph" ? std::string() : where + ": ") + "node " + std::to_string(i), constants);
    }

    void node(const onnx::NodeProto& n, const std::string& where, std::map<std::string, const onnx::TensorProto*>& constants)
    {
        if (++m_nodes > kMaxOnnxNodes)
            throw InputError(m_source + ": the model has more than " + std::to_string(kMaxOnnxNodes) +
                             " nodes (counting its subgraphs and functions), Mapscape's limit for an ONNX import");
        check(n.name(), where + ": name");
        check(n.op_type(), where + ": op_type");
        for (const std::string& v : n.input())
            check(v, where + ": an input name");
        for (const std::string& v : n.output())
            check(v, where + ": an output name");
        const std::string label = where + " (" + n.op_type() + ")";
        for (const onnx::AttributeProto& a : n.attribute()) {
            // Attributes that ONNX's shape inference divides by (found by fuzzing) or that no
            // real model has.
            const std::string& name = a.name();
            const bool positive = name == "strides" || name == "dilations" || name == "kernel_shape" ||
                                  name == "group" || name == "blocksize" || name == "num_outputs";
            if (positive || name == "pads") {
                std::vector<std::int64_t> values(a.ints().begin(), a.ints().end());
                if (a.has_i())
                    values.push_back(a.i());
                for (const std::int64_t v : values)
                    if (positive ? v <= 0 : v < 0)
                        throw InputError(m_source + ": " + label + ": attribute " + name + " must be " +
                                         (positive ? "positive" : "non-negative") + ", got " + std::to_string(v));
            }
            // Subgraphs (If's branches, Loop's and Scan's bodies …) are checked the same way.
            if (a.has_g())
                graph(a.g(), label + " attribute " + name);
            for (int k = 0; k < a.graphs_size(); ++k)
                graph(a.graphs(k), label + " attribute " + name + "[" + std::to_string(k) + "]");
            if (n.op_type() == "Constant" && name == "value" && a.has_t() && n.output_size() == 1)
                constants[n.output(0)] = &a.t();
        }
        // Slice's steps (input 4): ONNX's data propagation steps through the sliced values by
        // them; a step of 0 or near 2^63 never ends or overflows.
        if (n.op_type() == "Slice" && n.input_size() > 4 && !n.input(4).empty())
            if (const auto it = constants.find(n.input(4)); it != constants.end())
                if (const auto steps = int64Values(*it->second))
                    for (const std::int64_t step : *steps)
                        if (step == 0 || step > kMaxSliceStep || step < -kMaxSliceStep)
                            throw InputError(m_source + ": " + label + ": a Slice step must be non-zero and at most " +
                                             std::to_string(kMaxSliceStep) + " in magnitude, got " + std::to_string(step));
    }

    static constexpr std::int64_t kMaxSliceStep = std::int64_t(1) << 31;
    std::string m_source;
    std::size_t m_nodes = 0;
};

} // namespace

OnnxImport importOnnxBytes(std::string_view bytes, const std::string& source, const OnnxImportOptions& options)
{
    if (bytes.empty())
        throw InputError(source + ": empty file, not an ONNX model");
    if (bytes.size() > kMaxOnnxBytes)
        throw InputError(source + ": larger than 2 GiB, protobuf's limit for an ONNX model");
    onnx::ModelProto model;
    if (!model.ParseFromArray(bytes.data(), int(bytes.size())))
        throw InputError(source + ": not a valid ONNX model (the protobuf message does not parse: truncated or not an "
                                  ".onnx file)");
    if (!model.has_graph() || model.graph().node_size() == 0)
        throw InputError(source + ": the ONNX model has no graph nodes (truncated or not an .onnx file)");
    if (model.opset_import_size() == 0)
        throw InputError(source + ": the ONNX model imports no operator set (opset_import missing; truncated file?)");
    // Before ONNX's own checker and shape inference see the model. ONNX is proto2: protobuf does
    // not check that its strings are UTF-8, but the names end up in JSON documents, which must
    // be; and what ONNX reads unchecked is checked, in every graph the model holds.
    ModelPrecheck(model, source);
    try {
        onnx::checker::check_model(model);
    } catch (const std::exception& e) {
        throw InputError(source + ": invalid ONNX model: " + e.what());
    }
    // Symbolic extents of the network inputs (a batch "N") become 1 so that shape inference
    // propagates numbers through the graph.
    std::vector<std::string> warnings;
    std::set<std::string> initializers;
    for (const onnx::TensorProto& t : model.graph().initializer())
        initializers.insert(t.name());
    for (onnx::ValueInfoProto& v : *model.mutable_graph()->mutable_input()) {
        if (initializers.count(v.name()) || !v.type().has_tensor_type() || !v.type().tensor_type().has_shape())
            continue;
        for (onnx::TensorShapeProto::Dimension& d : *v.mutable_type()->mutable_tensor_type()->mutable_shape()->mutable_dim())
            if (!d.has_dim_value()) {
                warnings.push_back("input \"" + v.name() + "\": dimension " +
                                   (d.has_dim_param() ? "\"" + d.dim_param() + "\"" : std::string("without a size")) +
                                   " taken as 1");
                d.set_dim_value(1);
            }
    }
    try {
        onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(),
                                           onnx::ShapeInferenceOptions(false, 0, true));
    } catch (const std::exception& e) {
        throw InputError(source + ": ONNX shape inference failed: " + e.what());
    }
    try {
        return Importer(model, source, options, std::move(warnings)).run();
    } catch (const InputError& e) {
        // Helpers deep in the graph walk (shape arithmetic) do not know the file: name it here.
        const std::string what = e.what();
        if (what.rfind(source, 0) == 0)
            throw;
        throw InputError(source + ": " + what);
    }
}

OnnxImport importOnnxFile(const std::string& path, const OnnxImportOptions& options)
{
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxOnnxBytes)
        throw InputError(path + ": larger than 2 GiB, protobuf's limit for an ONNX model");
    return importOnnxBytes(readTextFile(path, kMaxOnnxBytes), path, options);
}

} // namespace mapscape
