// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/network/onnx_import.h"

#include "core/io/file_util.h"
#include "core/io/input_limits.h"
#include "core/network/onnx_fold.h"
#include "core/util/strings.h"
#include "core/util/units.h"
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
enum class Role { Conv, ConvTranspose, Gemm, MatMul, Einsum, Recurrent, Pool, GlobalPool, Add, BinaryElementwise, Activation, BatchNorm, Softmax,
                  LayerNorm, Gelu, Tanh, Gather, Reshape, Transpose, Elementwise, Alias, Unsupported };

/// Roles whose operators compute multiply-accumulates.
bool bearsMacs(Role r)
{
    return r == Role::Conv || r == Role::ConvTranspose || r == Role::Gemm || r == Role::MatMul || r == Role::Einsum ||
           r == Role::Recurrent;
}

/// Where a convolution's or matrix product's two operands are: X and W of Conv and
/// ConvInteger; X and W of QLinearConv (after X's scale and zero point); A and B likewise.
std::pair<int, int> operandInputs(const onnx::NodeProto& n)
{
    return n.op_type().rfind("QLinear", 0) == 0 ? std::pair{0, 3} : std::pair{0, 1};
}

Role roleOf(const onnx::NodeProto& n)
{
    const std::string& op = n.op_type();
    const bool standard = n.domain().empty() || n.domain() == "ai.onnx";
    if (!standard && !(n.domain() == "com.microsoft" && (op == "Gelu" || op == "FastGelu")))
        return Role::Unsupported;
    static const std::map<std::string, Role, std::less<>> table = {
        {"Conv", Role::Conv},
        {"ConvInteger", Role::Conv},
        {"QLinearConv", Role::Conv},
        {"ConvTranspose", Role::ConvTranspose},
        {"Gemm", Role::Gemm},
        {"MatMul", Role::MatMul},
        {"MatMulInteger", Role::MatMul},
        {"QLinearMatMul", Role::MatMul},
        {"Einsum", Role::Einsum},
        {"LSTM", Role::Recurrent},
        {"GRU", Role::Recurrent},
        {"RNN", Role::Recurrent},
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
        "InstanceNormalization", "LRN", "Floor", "Ceil", "Round", "Sign", "Mod", "DepthToSpace", "SpaceToDepth",
        "Resize", "Upsample", "GroupNormalization", "Mish", "Softsign", "ThresholdedRelu", "Celu",
        "ReduceProd", "ReduceMin", "ReduceL2", "ArgMax", "ArgMin", "TopK", "NonZero", "NonMaxSuppression", "ScatterND",
        "GatherElements", "GatherND", "CumSum", "Range", "ConstantOfShape", "Trilu"};
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
                const std::string label = n.name().empty() ? n.op_type() + " #" + std::to_string(i) : n.name();
                const std::string why = "the shape of tensor \"" + u.tensor + "\" is unknown after shape inference";
                if (bearsMacs(roleOf(n)))
                    omit(n, label, -1, why);
                else
                    skip(n, label, why);
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
        // The network inputs' shapes are fixed by now (importOnnxBytes refuses symbolic ones).
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

    /// A layer and its MACs (all its occurrences), counted as the node's.
    void addLayer(Layer layer, std::int64_t macs)
    {
        if (__builtin_add_overflow(m_out.layerMacs, macs, &m_out.layerMacs))
            fail("the network has more than 2^63 MACs");
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

    bool isLocalFunction(const onnx::NodeProto& n) const
    {
        return std::any_of(m_model.functions().begin(), m_model.functions().end(), [&](const onnx::FunctionProto& f) {
            return f.name() == n.op_type() && f.domain() == n.domain();
        });
    }

    /// How many MAC-bearing operators a node holds: in the graphs of its attributes (If's
    /// branches, Loop's and Scan's bodies), or in the model-local function it calls, nested ones
    /// included (the model's node limit bounds the walk; functions calling themselves count once).
    int macBearingInside(const onnx::NodeProto& n) const
    {
        std::set<std::string> seen;
        return macBearingInside(n, seen);
    }
    int macBearingInside(const onnx::NodeProto& n, std::set<std::string>& seenFunctions) const
    {
        int count = 0;
        const auto nodes = [&](const auto& list) {
            for (const onnx::NodeProto& inner : list)
                count += (bearsMacs(roleOf(inner)) ? 1 : 0) + macBearingInside(inner, seenFunctions);
        };
        for (const onnx::AttributeProto& a : n.attribute()) {
            if (a.has_g())
                nodes(a.g().node());
            for (const onnx::GraphProto& g : a.graphs())
                nodes(g.node());
        }
        for (const onnx::FunctionProto& f : m_model.functions())
            if (f.name() == n.op_type() && f.domain() == n.domain() && seenFunctions.insert(f.domain() + "." + f.name()).second)
                nodes(f.node());
        return count;
    }

    /// Constant subgraphs fold away: Constant, Shape (metadata), and nodes fed only by constants
    /// (their outputs become constants); false for any other node.
    bool foldConstant(const onnx::NodeProto& n)
    {
        const bool allConstant = std::all_of(n.input().begin(), n.input().end(),
                                             [&](const std::string& in) { return in.empty() || info(in).constant; });
        if (n.op_type() == "Constant" || n.op_type() == "Shape" || n.op_type() == "Size" ||
            (allConstant && !bearsMacs(roleOf(n)) && macBearingInside(n) == 0)) {
            for (const std::string& out : n.output())
                m_tensors[out].constant = true;
            return true;
        }
        return false;
    }

    /// An operator the importer does not model: control flow (If, Loop, Scan) and model-local
    /// functions are not imported, and MACs inside them are on the account, never dropped
    /// silently; any other is skipped with a warning, its outputs standing for its first input.
    void skipUnsupported(const onnx::NodeProto& n, const std::string& label, const std::vector<std::string>& data)
    {
        if (const int inside = macBearingInside(n); inside > 0) {
            omit(n, label, -1,
                 std::to_string(inside) + " operator(s) that compute MACs inside its " +
                     (isLocalFunction(n) ? "function" : "subgraphs") + " (" + n.op_type() +
                     " is not imported: its contents run a data-dependent number of times or are not expanded)");
            return;
        }
        if (std::find(m_out.skippedOperators.begin(), m_out.skippedOperators.end(), n.op_type()) ==
            m_out.skippedOperators.end())
            m_out.skippedOperators.push_back(n.op_type());
        m_out.warnings.push_back("skipped unsupported operator " + n.op_type() +
                                 (n.domain().empty() ? "" : " (domain " + n.domain() + ")") + " in node \"" + label +
                                 "\"; its outputs stand for its first input");
        alias(n, data.empty() ? -1 : producer(data.front()));
    }

    /// A residual add folds into a single-use Conv operand, the first one preferred; false when
    /// neither operand is one.
    bool fuseResidualAdd(const onnx::NodeProto& n, const std::vector<std::string>& data)
    {
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
            return true;
        }
        return false;
    }

    void visit(const onnx::NodeProto& n, int index)
    {
        if (foldConstant(n))
            return;
        const Role role = roleOf(n);
        const std::vector<std::string> data = dataInputs(n);
        const std::string label = n.name().empty() ? n.op_type() + " #" + std::to_string(index) : n.name();
        if (n.output_size() == 0 || n.output(0).empty())
            fail("node \"" + label + "\" (" + n.op_type() + ") has no output");
        if (!bearsMacs(role) && role != Role::Unsupported)
            countNotModelled(n.op_type()); // operators of unknown cost are listed as skipped instead
        switch (role) {
        case Role::Unsupported:
            return skipUnsupported(n, label, data);
        case Role::Alias:
            alias(n, data.empty() ? -1 : producer(data.front()));
            return;
        case Role::Conv:
            return conv(n, index, label);
        case Role::ConvTranspose:
            return convTranspose(n, index, label);
        case Role::Gemm:
        case Role::MatMul:
            return matmul(n, index, label, role);
        case Role::Einsum:
            return einsum(n, index, label);
        case Role::Recurrent:
            return recurrent(n, index, label);
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
        if (role == Role::Add && data.size() == 2 && n.input_size() == 2 && fuseResidualAdd(n, data))
            return;

        GraphNode node;
        node.name = nodeName(n, index);
        node.ifm = xyz(shape(data.front(), label));
        node.ofm = xyz(shape(role == Role::Elementwise && n.op_type() == "Split" ? data.front() : out0, label));
        describeOperator(node, n, role, data, label);
        addNode(std::move(node), data, n, role);
    }

    /// The graph node of an operator without MACs: its kind, the weights it owns (a bias, a
    /// scale, an embedding table) and a pool's window.
    void describeOperator(GraphNode& node, const onnx::NodeProto& n, Role role, const std::vector<std::string>& data,
                          const std::string& label)
    {
        const std::string& out0 = n.output(0);
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

    /// A convolution's strides, dilations and pads, checked, with ONNX's defaults.
    struct Window {
        std::vector<std::int64_t> strides, dilations;
        std::int64_t pad = 0; ///< the placement graph's one pad (the first begin pad, or SAME's)
    };
    Window window(const onnx::NodeProto& n, const std::string& label, std::size_t spatial, std::int64_t inWidth,
                  std::int64_t outWidth, std::int64_t kernelWidth)
    {
        Window w{intsAttr(n, "strides"), intsAttr(n, "dilations")};
        if (w.strides.empty())
            w.strides.assign(spatial, 1);
        if (w.dilations.empty())
            w.dilations.assign(spatial, 1);
        if (w.strides.size() != spatial || w.dilations.size() != spatial)
            fail("node \"" + label + "\" (" + n.op_type() + "): " + std::to_string(w.strides.size()) + " strides and " +
                 std::to_string(w.dilations.size()) + " dilations for " + std::to_string(spatial) + " spatial axes");
        for (std::int64_t& v : w.strides)
            v = smallAttr(label, "stride", v);
        for (std::int64_t& v : w.dilations)
            v = smallAttr(label, "dilation", v);
        const std::vector<std::int64_t> pads = intsAttr(n, "pads");
        w.pad = smallAttr(label, "pad", pads.empty() ? 0 : pads.front());
        const std::string autoPad = stringAttr(n, "auto_pad");
        if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
            // (out − 1)·stride + (S − 1)·dilation + 1 − in, checked: a sum past 2^41 is as good as
            // infinite here (the pad is refused above 2^24 either way).
            constexpr std::int64_t kHuge = std::int64_t(1) << 41;
            std::int64_t a = 0, b = 0, need = 0;
            if (__builtin_mul_overflow(outWidth - 1, w.strides.back(), &a) ||
                __builtin_mul_overflow(kernelWidth - 1, w.dilations.back(), &b) || __builtin_add_overflow(a, b, &need) ||
                need > kHuge)
                need = kHuge;
            need = need + 1 - inWidth;
            w.pad = smallAttr(label, "pad", std::clamp<std::int64_t>(need / 2, 0, kHuge / 2));
        }
        return w;
    }

    /// A layer's strides and dilations from a 1-D or 2-D window (a 1-D window's axis is Q).
    static void setGeometry(Layer& l, const Window& w)
    {
        l.stride = w.strides.front();
        l.strideQ = w.strides.back() == l.stride ? 0 : w.strides.back();
        l.dilation = w.dilations.front();
        l.dilationS = w.dilations.back() == l.dilation ? 0 : w.dilations.back();
    }

    void conv(const onnx::NodeProto& n, int index, const std::string& label)
    {
        const auto [xi, wi] = operandInputs(n);
        if (n.input_size() <= wi)
            fail("node \"" + label + "\" (" + n.op_type() + "): expected inputs X and W, got " + std::to_string(n.input_size()));
        const std::vector<std::int64_t>& x = shape(n.input(xi), label);
        const std::vector<std::int64_t>& w = shape(n.input(wi), label);
        const std::vector<std::int64_t>& y = shape(n.output(0), label);
        if (x.size() != w.size() || x.size() != y.size() || x.size() < 3)
            fail("node \"" + label + "\" (" + n.op_type() + "): input " + dimsText(x) + ", weights " + dimsText(w) +
                 " and output " + dimsText(y) + " do not make a convolution");
        const std::int64_t N = x[0], C = x[1], K = y[1];
        const std::int64_t G = intAttr(n, "group", 1);
        if (G < 1 || G > C || C % G != 0 || K % G != 0 || w[1] != C / G || w[0] != K)
            fail("node \"" + label + "\" (" + n.op_type() + "): group " + std::to_string(G) + " does not fit input channels " +
                 std::to_string(C) + ", weights " + dimsText(w) + " and output channels " + std::to_string(K));
        auto [l, macs] = convolutionLayer(label, N, K, C, G, y, w);
        if (x.size() > 4) {
            omit(n, label, macs, std::to_string(x.size() - 2) + "-D convolutions are not modelled (layers have two spatial axes)");
            return;
        }
        addConvolution(n, index, label, Role::Conv, x, y, std::move(l), window(n, label, x.size() - 2, x.back(), y.back(), w.back()),
                       macs);
    }

    /// The layer of a convolution of N images writing `out` maps of the extents `map[2…]` from
    /// `in` maps through the kernel `w[2…]` in G groups, and its MACs: every output element sums
    /// in/G × the kernel's products. (A ConvTranspose passes the convolution it reverses.)
    std::pair<Layer, std::int64_t> convolutionLayer(const std::string& label, std::int64_t N, std::int64_t out, std::int64_t in,
                                                    std::int64_t G, const std::vector<std::int64_t>& map,
                                                    const std::vector<std::int64_t>& w)
    {
        std::int64_t macs = product(label, "MACs", {N, out, in / G});
        for (std::size_t k = 2; k < map.size(); ++k)
            macs = product(label, "MACs", {macs, map[k], w[k]});
        const bool oneD = map.size() == 3;
        Layer l;
        l.k = out;
        l.b = N;
        l.p = oneD ? 1 : map[2];
        l.q = map.back();
        l.c = in;
        l.r = oneD ? 1 : w[2];
        l.s = w.back();
        l.g = G;
        return {l, macs};
    }

    /// A convolution's placement node and layer (`l` with its sizes; name and geometry are set
    /// here). `x` and `y` are the node's input and output shapes.
    void addConvolution(const onnx::NodeProto& n, int index, const std::string& label, Role role,
                        const std::vector<std::int64_t>& x, const std::vector<std::int64_t>& y, Layer l, const Window& win,
                        std::int64_t macs)
    {
        GraphNode node;
        node.name = nodeName(n, index);
        node.op = OpKind::Conv;
        node.ifm = xyz(x);
        node.ofm = xyz(y);
        node.weights = product(label, "weights", {l.k, l.c / l.g, l.r, l.s});
        node.macs = macs;
        node.groups = smallAttr(label, "group", l.g);
        node.kernelX = smallAttr(label, "kernel width", l.s);
        node.kernelY = smallAttr(label, "kernel height", l.r);
        node.stride = int(win.strides.front());
        node.pad = int(win.pad);
        node.dilation = int(*std::max_element(win.dilations.begin(), win.dilations.end()));
        addNode(std::move(node), {n.input(operandInputs(n).first)}, n, role);
        l.name = m_nodes.back().name;
        setGeometry(l, win);
        addLayer(std::move(l), macs);
    }

    /// ConvTranspose: X [N, C, H, W] spreads through weights [C, K/G, R, S] into Y [N, K, H', W'].
    /// It is the convolution with K and C swapped whose data flow it reverses: that convolution
    /// reads a K-channel map with the same strides and dilations and writes X's shape, with the
    /// same products (N·C·H·W·(K/G)·R·S MACs) and weights.
    void convTranspose(const onnx::NodeProto& n, int index, const std::string& label)
    {
        if (n.input_size() < 2)
            fail("node \"" + label + "\" (ConvTranspose): expected inputs X and W, got " + std::to_string(n.input_size()));
        const std::vector<std::int64_t>& x = shape(n.input(0), label);
        const std::vector<std::int64_t>& w = shape(n.input(1), label);
        const std::vector<std::int64_t>& y = shape(n.output(0), label);
        if (x.size() != w.size() || x.size() != y.size() || x.size() < 3)
            fail("node \"" + label + "\" (ConvTranspose): input " + dimsText(x) + ", weights " + dimsText(w) + " and output " +
                 dimsText(y) + " do not make a transposed convolution");
        const std::int64_t N = x[0], C = x[1], K = y[1];
        const std::int64_t G = intAttr(n, "group", 1);
        if (G < 1 || C % G != 0 || K % G != 0 || w[0] != C || w[1] != K / G)
            fail("node \"" + label + "\" (ConvTranspose): group " + std::to_string(G) + " does not fit input channels " +
                 std::to_string(C) + ", weights " + dimsText(w) + " and output channels " + std::to_string(K));
        auto [l, macs] = convolutionLayer(label, N, C, K, G, x, w);
        if (x.size() > 4) {
            omit(n, label, macs,
                 std::to_string(x.size() - 2) + "-D transposed convolutions are not modelled (layers have two spatial axes)");
            return;
        }
        addConvolution(n, index, label, Role::ConvTranspose, x, y, std::move(l),
                       window(n, label, x.size() - 2, y.back(), x.back(), w.back()), macs);
    }

    /// A matrix product as an FC layer and a placement node: `batches` products of an M × Kd
    /// matrix by a Kd × Nn one; `weightInput` is the operand held in the model, if any.
    void matrixProduct(const onnx::NodeProto& n, int index, const std::string& label, Role role, std::int64_t batches,
                       std::int64_t M, std::int64_t Kd, std::int64_t Nn, const std::vector<std::string>& operands)
    {
        GraphNode node;
        node.name = nodeName(n, index);
        node.op = OpKind::MatMul;
        std::vector<std::string> data;
        for (const std::string& in : operands) {
            if (info(in).constant)
                node.weights += info(in).known ? info(in).elements() : 0;
            else
                data.push_back(in);
        }
        node.ifm = xyz(shape(data.empty() ? operands.front() : data.front(), label));
        node.ofm = xyz(shape(n.output(0), label));
        const std::int64_t macs = product(label, "MACs", {batches, M, Kd, Nn});
        node.macs = macs;
        addNode(std::move(node), data, n, role);

        Layer l;
        l.name = m_nodes.back().name;
        l.k = Nn;
        l.c = Kd;
        l.b = product(label, "rows", {batches, M});
        l.stride = 0;
        addLayer(std::move(l), macs);
    }

    void matmul(const onnx::NodeProto& n, int index, const std::string& label, Role role)
    {
        const auto [ai, bi] = operandInputs(n);
        if (n.input_size() <= bi)
            fail("node \"" + label + "\" (" + n.op_type() + "): expected two operands, got " + std::to_string(n.input_size()) +
                 " inputs");
        std::vector<std::int64_t> a = shape(n.input(ai), label), b = shape(n.input(bi), label);
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
        // The batch of products is what the operands' leading dimensions broadcast to.
        std::int64_t batches = 1;
        for (std::size_t k = 0; k + 2 < std::max(a.size(), b.size()); ++k) {
            const auto lead = [&](const std::vector<std::int64_t>& d) {
                const std::size_t extra = std::max(a.size(), b.size()) - d.size();
                return k < extra ? std::int64_t(1) : d[k - extra];
            };
            const std::int64_t da = lead(a), db = lead(b);
            if (da != db && da != 1 && db != 1)
                fail("node \"" + label + "\" (" + n.op_type() + "): batch dimensions do not broadcast, " + dimsText(a) +
                     " × " + dimsText(b));
            batches = product(label, "batches", {batches, std::max(da, db)});
        }
        matrixProduct(n, index, label, role, batches, M, Kd, Nn, {n.input(ai), n.input(bi)});
    }

    /// Einsum where it is a (batched) matrix product of two operands: every index is either in
    /// both operands and the output (a batch), in one operand and the output (rows or columns),
    /// or in both operands only (summed: the inner dimension). Others are left out with the MACs
    /// a direct evaluation performs (the product of all index extents).
    void einsum(const onnx::NodeProto& n, int index, const std::string& label)
    {
        std::vector<std::vector<std::int64_t>> shapes;
        for (int k = 0; k < n.input_size(); ++k)
            shapes.push_back(shape(n.input(k), label));
        onnx_fold::Einsum e;
        try {
            e = onnx_fold::readEinsum(stringAttr(n, "equation"), shapes);
        } catch (const std::invalid_argument& error) {
            fail("node \"" + label + "\" (Einsum): " + error.what());
        }
        const std::vector<std::string>& terms = e.terms;
        const std::string& out = e.output;
        const std::string& eq = e.equation;
        const std::map<char, std::int64_t>& extent = e.extent;
        std::int64_t all = 1;
        for (const auto& [letter, size] : extent)
            all = product(label, "MACs", {all, size});
        if (terms.size() == 1) {
            countNotModelled("Einsum"); // a transpose, a trace or a sum: no products
            const std::vector<std::string> data = dataInputs(n);
            alias(n, data.empty() ? -1 : producer(data.front()));
            return;
        }
        if (terms.size() != 2)
            return omit(n, label, -1,
                        "an Einsum of " + std::to_string(terms.size()) + " operands is not one matrix product (its cost "
                        "depends on the order of the products)");
        std::int64_t batch = 1, rows = 1, columns = 1, inner = 1;
        for (const auto& [letter, size] : extent) {
            const bool inA = terms[0].find(letter) != std::string::npos, inB = terms[1].find(letter) != std::string::npos,
                       inOut = out.find(letter) != std::string::npos;
            const bool repeated = std::count(terms[0].begin(), terms[0].end(), letter) > 1 ||
                                  std::count(terms[1].begin(), terms[1].end(), letter) > 1;
            if (repeated || (!inOut && !(inA && inB)))
                return omit(n, label, all, "equation \"" + eq + "\" is not a matrix product (it takes a diagonal or sums "
                                           "an index of one operand)");
            if (inA && inB)
                (inOut ? batch : inner) = product(label, "MACs", {inOut ? batch : inner, size});
            else if (inA)
                rows = product(label, "rows", {rows, size});
            else
                columns = product(label, "columns", {columns, size});
        }
        matrixProduct(n, index, label, Role::Einsum, batch, rows, inner, columns, {n.input(0), n.input(1)});
    }

    /// LSTM, GRU and RNN: per direction and time step, the gates' input and recurrent matrix
    /// products (4, 3 or 1 gates of `hidden_size` rows). Two FC layers: "<node>.input"
    /// (C = input size) and "<node>.recurrent" (C = hidden size), B = sequence × batch, one
    /// occurrence per direction. Peepholes and the gates' element-wise products are not MACs of
    /// a matrix product and are not counted.
    void recurrent(const onnx::NodeProto& n, int index, const std::string& label)
    {
        if (n.input_size() < 3)
            fail("node \"" + label + "\" (" + n.op_type() + "): expected inputs X, W and R, got " +
                 std::to_string(n.input_size()));
        const std::vector<std::int64_t>& x = shape(n.input(0), label);
        const std::vector<std::int64_t>& w = shape(n.input(1), label);
        const std::vector<std::int64_t>& r = shape(n.input(2), label);
        const std::int64_t gates = n.op_type() == "LSTM" ? 4 : n.op_type() == "GRU" ? 3 : 1;
        if (x.size() != 3 || w.size() != 3 || r.size() != 3 || w[1] % gates != 0 || r[1] != w[1] || r[2] * gates != r[1] ||
            w[0] != r[0])
            fail("node \"" + label + "\" (" + n.op_type() + "): input " + dimsText(x) + ", W " + dimsText(w) + " and R " +
                 dimsText(r) + " do not make a recurrent layer of " + std::to_string(gates) + " gates");
        const std::int64_t directions = w[0], hidden = r[2];
        const bool batchFirst = intAttr(n, "layout", 0) != 0;
        const std::int64_t steps = batchFirst ? x[1] : x[0], batch = batchFirst ? x[0] : x[1], in = x[2];
        if (in != w[2])
            fail("node \"" + label + "\" (" + n.op_type() + "): input size " + std::to_string(in) + " differs from W's " +
                 std::to_string(w[2]));
        const std::int64_t rows = product(label, "rows", {steps, batch});
        const std::int64_t macs = product(label, "MACs", {directions, rows, gates * hidden, in + hidden});

        GraphNode node;
        node.name = nodeName(n, index);
        node.op = OpKind::MatMul;
        node.ifm = xyz(x);
        node.ofm = xyz(shape(n.output(0), label));
        node.weights = product(label, "weights", {directions, gates * hidden, in + hidden});
        node.macs = macs;
        addNode(std::move(node), {n.input(0)}, n, Role::Recurrent);
        for (const auto& [part, c] : {std::pair{".input", in}, std::pair{".recurrent", hidden}}) {
            Layer l;
            l.name = m_nodes.back().name + part;
            l.k = gates * hidden;
            l.c = c;
            l.b = rows;
            l.stride = 0;
            l.repeat = directions;
            addLayer(std::move(l), product(label, "MACs", {directions, rows, gates * hidden, c}));
        }
    }

    void skip(const onnx::NodeProto& n, const std::string& label, const std::string& why)
    {
        m_out.warnings.push_back("skipped node \"" + label + "\" (" + n.op_type() + "): " + why);
        const std::vector<std::string> data = dataInputs(n);
        alias(n, data.empty() ? -1 : producer(data.front()));
    }

    /// A MAC-bearing node that does not become a layer: on the account, with its MACs (−1:
    /// unknown), and among the warnings.
    void omit(const onnx::NodeProto& n, const std::string& label, std::int64_t macs, const std::string& why)
    {
        m_out.network.omitted.push_back({label, n.op_type(), macs, why});
        m_out.warnings.push_back("node \"" + label + "\" (" + n.op_type() + ") left out of the layer list: " + why);
        const std::vector<std::string> data = dataInputs(n);
        alias(n, data.empty() ? -1 : producer(data.front()));
    }

    void countNotModelled(const std::string& op)
    {
        auto& list = m_out.network.notModelled;
        auto it = std::find_if(list.begin(), list.end(), [&](const auto& e) { return e.first == op; });
        if (it == list.end())
            list.emplace_back(op, 1);
        else
            ++it->second;
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
                auto same = std::find_if(net.layers.begin(), net.layers.end(), [&](Layer o) {
                    o.name = l.name;
                    o.repeat = l.repeat;
                    return o == l;
                });
                if (same != net.layers.end())
                    same->repeat += l.repeat;
                else
                    net.layers.push_back(l);
            }
        } else {
            net.layers = m_layers;
        }
        if (net.layers.empty())
            m_out.warnings.push_back("no operator that computes MACs became a layer: the layer list is empty");
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

/// The model's inputs that are not initializers.
std::vector<OnnxInput> declaredInputs(const onnx::ModelProto& model)
{
    std::set<std::string> initializers;
    for (const onnx::TensorProto& t : model.graph().initializer())
        initializers.insert(t.name());
    std::map<std::string, std::string> metadata;
    for (const onnx::StringStringEntryProto& e : model.metadata_props())
        metadata[e.key()] = e.value();
    // Ultralytics writes the export size as "imgsz": "[640, 640]".
    std::vector<std::int64_t> imageSize;
    if (auto it = metadata.find("imgsz"); it != metadata.end()) {
        try {
            std::string digits;
            for (const char c : it->second)
                digits += (c >= '0' && c <= '9') ? c : ' ';
            imageSize = parseShapeText(digits);
        } catch (const InputError&) {
            imageSize.clear();
        }
        if (imageSize.size() == 1)
            imageSize.push_back(imageSize.front());
    }
    std::vector<OnnxInput> out;
    for (const onnx::ValueInfoProto& v : model.graph().input()) {
        if (initializers.count(v.name()))
            continue;
        OnnxInput in;
        in.name = v.name();
        in.hasShape = v.type().has_tensor_type() && v.type().tensor_type().has_shape();
        if (!in.hasShape) {
            out.push_back(std::move(in));
            continue;
        }
        const auto& dims = v.type().tensor_type().shape().dim();
        for (int k = 0; k < dims.size(); ++k) {
            const onnx::TensorShapeProto::Dimension& d = dims[k];
            const bool fixed = d.has_dim_value() && d.dim_value() > 0;
            in.dims.push_back(fixed ? d.dim_value() : -1);
            in.symbols.push_back(d.has_dim_param() ? d.dim_param() : std::string());
            std::int64_t hint = fixed ? d.dim_value() : -1;
            if (hint < 0 && d.has_dim_param()) {
                const std::string symbol = toLower(d.dim_param());
                if (auto m = metadata.find(d.dim_param()); m != metadata.end()) {
                    try {
                        if (const auto shape = parseShapeText(m->second); shape.size() == 1)
                            hint = shape.front();
                    } catch (const InputError&) {
                    }
                }
                if (hint < 0 && (symbol.find("batch") != std::string::npos || symbol == "n" || symbol == "b" ||
                                 (k == 0 && dims.size() >= 2)))
                    hint = 1;
            }
            if (hint < 0 && dims.size() == 4 && k >= 2 && imageSize.size() == 2)
                hint = imageSize[std::size_t(k - 2)];
            in.hint.push_back(hint);
        }
        out.push_back(std::move(in));
    }
    return out;
}

/// "1x3x<height>x<width>": a shape to type, with the symbols of what is not known.
std::string shapeTemplate(const OnnxInput& in)
{
    std::string t;
    for (std::size_t k = 0; k < in.hint.size(); ++k) {
        if (k)
            t += 'x';
        if (in.hint[k] > 0)
            t += std::to_string(in.hint[k]);
        else
            t += "<" + (in.symbols[k].empty() ? "dim" + std::to_string(k) : in.symbols[k]) + ">";
    }
    return t.empty() ? "<shape>" : t;
}

void setDims(onnx::ValueInfoProto& v, const std::vector<std::int64_t>& dims)
{
    onnx::TensorShapeProto* shape = v.mutable_type()->mutable_tensor_type()->mutable_shape();
    shape->clear_dim();
    for (const std::int64_t d : dims)
        shape->add_dim()->set_dim_value(d);
}

/// Gives every model input its shape: from the options, which must name real inputs and agree
/// with fixed extents; an input still symbolic is refused, naming each symbol and the flag.
/// Symbolic extents elsewhere (value_info, outputs) are cleared, so that shape inference
/// computes them from the inputs.
void fixInputShapes(onnx::ModelProto& model, const std::string& source, const OnnxImportOptions& options)
{
    std::vector<OnnxInput> inputs = declaredInputs(model);
    const auto find = [&](const std::string& name) -> onnx::ValueInfoProto* {
        for (onnx::ValueInfoProto& v : *model.mutable_graph()->mutable_input())
            if (v.name() == name)
                return &v;
        return nullptr;
    };
    std::set<std::string> given;
    for (const auto& [name, dims] : options.inputShapes) {
        auto in = std::find_if(inputs.begin(), inputs.end(), [&](const OnnxInput& i) { return i.name == name; });
        if (in == inputs.end()) {
            std::string names;
            for (const OnnxInput& i : inputs)
                names += (names.empty() ? "\"" : ", \"") + i.name + "\"";
            throw InputError(source + ": --input names \"" + name + "\", which is not an input of the model (its inputs: " +
                             (names.empty() ? std::string("none") : names) + ")");
        }
        if (!given.insert(name).second)
            throw InputError(source + ": --input gives input \"" + name + "\" twice");
        if (in->hasShape && in->dims.size() != dims.size())
            throw InputError(source + ": --input " + name + "=" + shapeText(dims) + " has " + std::to_string(dims.size()) +
                             " dimensions, the model's input \"" + name + "\" has " + std::to_string(in->dims.size()) + " (" +
                             shapeTemplate(*in) + ")");
        for (std::size_t k = 0; k < in->dims.size(); ++k)
            if (in->dims[k] > 0 && in->dims[k] != dims[k])
                throw InputError(source + ": --input " + name + "=" + shapeText(dims) + ": dimension " + std::to_string(k) +
                                 " of input \"" + name + "\" is fixed at " + std::to_string(in->dims[k]) +
                                 " in the model, not " + std::to_string(dims[k]));
        onnx::ValueInfoProto* v = find(name);
        if (!v->type().has_tensor_type())
            throw InputError(source + ": input \"" + name + "\" is not a tensor");
        setDims(*v, dims);
        in->dims = dims;
        in->hasShape = true;
    }
    std::string missing;
    std::vector<OnnxInput> open;
    for (const OnnxInput& in : inputs) {
        if (!in.symbolic())
            continue;
        open.push_back(in);
        missing += "\n  input \"" + in.name + "\" ";
        if (!in.hasShape) {
            missing += "has no shape in the model: give it with --input " + in.name + "=<shape>";
            continue;
        }
        std::string symbols;
        for (std::size_t k = 0; k < in.dims.size(); ++k)
            if (in.dims[k] < 0)
                symbols += (symbols.empty() ? "" : ", ") + std::to_string(k) + " (" +
                           (in.symbols[k].empty() ? std::string("unnamed") : "\"" + in.symbols[k] + "\"") + ")";
        missing += "has symbolic dimensions " + symbols + ": give its shape with --input " + in.name + "=" + shapeTemplate(in);
    }
    if (!open.empty())
        throw SymbolicInputError(source + ": the model's input sizes are not fixed, and Mapscape does not guess them:" + missing,
                                 std::move(open));
    // Where exporters wrote symbols for derived sizes, inference computes them now.
    const auto clearSymbols = [](onnx::ValueInfoProto& v) {
        if (!v.type().has_tensor_type() || !v.type().tensor_type().has_shape())
            return;
        for (onnx::TensorShapeProto::Dimension& d : *v.mutable_type()->mutable_tensor_type()->mutable_shape()->mutable_dim())
            if (!d.has_dim_value())
                d.Clear();
    };
    for (onnx::ValueInfoProto& v : *model.mutable_graph()->mutable_value_info())
        clearSymbols(v);
    for (onnx::ValueInfoProto& v : *model.mutable_graph()->mutable_output())
        clearSymbols(v);
}

/// ONNX's shape inference alternating with constant folding until no subgraph is left to fold.
void inferShapes(onnx::ModelProto& model, const std::string& source)
{
    for (int round = 0; round < 64; ++round) {
        try {
            onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(),
                                               onnx::ShapeInferenceOptions(false, 0, true));
        } catch (const std::exception& e) {
            throw InputError(source + ": ONNX shape inference failed: " + e.what());
        }
        // Both run every round: a completed shape may make a Shape foldable and the other way round.
        const int folded = onnx_fold::foldConstants(model);
        if (folded + onnx_fold::completeShapes(model) == 0)
            return;
    }
}

} // namespace

bool OnnxInput::symbolic() const
{
    return !hasShape || std::any_of(dims.begin(), dims.end(), [](std::int64_t d) { return d < 0; });
}

std::vector<std::int64_t> parseShapeText(std::string_view text)
{
    std::vector<std::int64_t> dims;
    std::string part;
    const auto flush = [&] {
        if (part.empty())
            return;
        std::int64_t v = 0;
        for (const char c : part) {
            if (c < '0' || c > '9' || __builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, c - '0', &v) ||
                v > kMaxDim)
                throw InputError("shape \"" + std::string(text) + "\": \"" + part +
                                 "\" is not a size (a whole number from 1 to 2^40)");
        }
        if (v < 1)
            throw InputError("shape \"" + std::string(text) + "\": sizes must be positive, got " + part + ".");
        dims.push_back(v);
        part.clear();
    };
    for (std::size_t k = 0; k < text.size(); ++k) {
        const char c = text[k];
        if (c == 'x' || c == 'X' || c == ',' || c == ' ' || c == '[' || c == ']') {
            flush();
        } else if (text.substr(k, 2) == "\xc3\x97") { // ×
            flush();
            ++k;
        } else {
            part += c;
        }
    }
    flush();
    if (dims.empty())
        throw InputError("shape \"" + std::string(text) + "\": expected sizes such as 1x3x224x224");
    return dims;
}

std::pair<std::string, std::vector<std::int64_t>> parseInputShape(std::string_view text)
{
    const std::size_t eq = text.rfind('=');
    if (eq == std::string_view::npos || eq == 0)
        throw InputError("--input \"" + std::string(text) + "\": expected NAME=SHAPE, e.g. images=1x3x640x640");
    return {std::string(text.substr(0, eq)), parseShapeText(text.substr(eq + 1))};
}

std::string shapeText(const std::vector<std::int64_t>& dims)
{
    std::string t;
    for (std::size_t k = 0; k < dims.size(); ++k)
        t += (k ? "x" : "") + std::to_string(dims[k]);
    return t;
}

std::vector<std::pair<std::string, std::int64_t>> OnnxImport::omittedMacsByOperator() const
{
    std::vector<std::pair<std::string, std::int64_t>> out;
    for (const OmittedOperator& op : network.omitted) {
        auto it = std::find_if(out.begin(), out.end(), [&](const auto& e) { return e.first == op.op; });
        if (it == out.end())
            it = out.insert(out.end(), {op.op, 0});
        if (it->second >= 0)
            it->second = op.macs < 0 ? -1 : it->second + op.macs;
    }
    return out;
}

std::string OnnxImport::accountText() const
{
    std::int64_t occurrences = 0;
    for (const Layer& l : network.layers)
        occurrences += l.repeat;
    std::string t = "\"" + network.name + "\": " + std::to_string(occurrences) + (occurrences == 1 ? " layer" : " layers");
    if (std::size_t(occurrences) != network.layers.size())
        t += " (" + std::to_string(network.layers.size()) + " distinct)";
    t += ", " + formatQuantity(double(layerMacs), "MACs") + " (" + formatInteger(layerMacs) + ")\n";
    if (!network.omitted.empty()) {
        t += "not imported, computing MACs:";
        bool first = true;
        for (const auto& [op, macs] : omittedMacsByOperator()) {
            const auto nodes = std::count_if(network.omitted.begin(), network.omitted.end(),
                                             [&](const OmittedOperator& o) { return o.op == op; });
            t += std::string(first ? " " : ", ") + op + " ×" + std::to_string(nodes) + " (" +
                 (macs < 0 ? std::string("MACs unknown") : formatQuantity(double(macs), "MACs")) + ")";
            first = false;
        }
        t += "\n";
    }
    if (!network.notModelled.empty()) {
        t += "not modelled (no MACs):";
        bool first = true;
        for (const auto& [op, count] : network.notModelled) {
            t += std::string(first ? " " : ", ") + op + " ×" + std::to_string(count);
            first = false;
        }
        t += "\n";
    }
    return t;
}

std::vector<OnnxInput> onnxInputs(std::string_view bytes, const std::string& source)
{
    onnx::ModelProto model;
    if (bytes.empty() || bytes.size() > kMaxOnnxBytes || !model.ParseFromArray(bytes.data(), int(bytes.size())))
        throw InputError(source + ": not a valid ONNX model (the protobuf message does not parse: truncated or not an "
                                  ".onnx file)");
    return declaredInputs(model);
}


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
    std::vector<std::string> warnings;
    fixInputShapes(model, source, options);
    inferShapes(model, source);
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

std::string readOnnxFile(const std::string& path)
{
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxOnnxBytes)
        throw InputError(path + ": larger than 2 GiB, protobuf's limit for an ONNX model");
    return readTextFile(path, kMaxOnnxBytes);
}

OnnxImport importOnnxFile(const std::string& path, const OnnxImportOptions& options)
{
    return importOnnxBytes(readOnnxFile(path), path, options);
}

} // namespace mapscape
