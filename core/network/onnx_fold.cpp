// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/network/onnx_fold.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace mapscape::onnx_fold {

namespace {

using Dims = std::vector<std::int64_t>;
using T = onnx::TensorProto;

/// Shape computations are small; anything larger is data, not a shape.
constexpr std::int64_t kMaxElements = std::int64_t(1) << 16;

/// Thrown where a node cannot be folded (a type, a size or a case the folder does not cover);
/// the node then stays for shape inference and the importer.
struct NotFoldable {};

[[noreturn]] void refuse() { throw NotFoldable{}; }

bool isReal(int type) { return type == T::FLOAT || type == T::DOUBLE; }

bool isSupported(int type)
{
    switch (type) {
    case T::FLOAT:
    case T::DOUBLE:
    case T::INT64:
    case T::INT32:
    case T::INT16:
    case T::INT8:
    case T::UINT8:
    case T::UINT16:
    case T::UINT32:
    case T::BOOL:
        return true;
    default:
        return false;
    }
}

std::int64_t elementsOf(const Dims& dims)
{
    std::int64_t n = 1;
    for (const std::int64_t d : dims)
        if (d < 0 || __builtin_mul_overflow(n, d, &n) || n > kMaxElements)
            refuse();
    return n;
}

/// A computed tensor: integers (and booleans) exactly, floating types as doubles.
struct Value {
    int type = T::INT64;
    Dims dims;
    std::vector<std::int64_t> ints;
    std::vector<double> reals;

    bool real() const { return isReal(type); }
    std::size_t size() const { return real() ? reals.size() : ints.size(); }
    double number(std::size_t k) const { return real() ? reals[k] : double(ints[k]); }
    std::int64_t integer(std::size_t k) const
    {
        if (!real())
            return ints[k];
        const double v = reals[k];
        if (!std::isfinite(v) || std::abs(v) > 9.0e15)
            refuse();
        return std::int64_t(v);
    }
    void resize(std::size_t n)
    {
        if (real())
            reals.assign(n, 0.0);
        else
            ints.assign(n, 0);
    }
    /// Element `from` of `source` (same kind of type) becomes element `to`.
    void copyFrom(const Value& source, std::size_t from, std::size_t to)
    {
        if (real())
            reals[to] = source.number(from);
        else
            ints[to] = source.integer(from);
    }
    std::vector<std::int64_t> asInts() const
    {
        std::vector<std::int64_t> out(size());
        for (std::size_t k = 0; k < out.size(); ++k)
            out[k] = integer(k);
        return out;
    }
};

Value scalarOf(int type, double v)
{
    Value out;
    out.type = type;
    if (out.real())
        out.reals = {v};
    else
        out.ints = {std::int64_t(v)};
    return out;
}

template <class Out, class In>
void readRaw(const std::string& raw, std::size_t n, std::vector<Out>& out)
{
    if (raw.size() != n * sizeof(In))
        refuse();
    out.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        In v;
        std::memcpy(&v, raw.data() + k * sizeof(In), sizeof(In));
        out[k] = Out(v);
    }
}

/// A tensor held in the model, or nothing where it is too large, external or of a type the
/// folder does not compute with.
std::optional<Value> valueOf(const onnx::TensorProto& t)
{
    try {
        if (!isSupported(t.data_type()) || t.data_location() == T::EXTERNAL)
            return std::nullopt;
        Value v;
        v.type = t.data_type();
        v.dims.assign(t.dims().begin(), t.dims().end());
        const std::size_t n = std::size_t(elementsOf(v.dims));
        const std::string& raw = t.raw_data();
        if (!raw.empty()) {
            switch (v.type) {
            case T::FLOAT: readRaw<double, float>(raw, n, v.reals); break;
            case T::DOUBLE: readRaw<double, double>(raw, n, v.reals); break;
            case T::INT64: readRaw<std::int64_t, std::int64_t>(raw, n, v.ints); break;
            case T::INT32: readRaw<std::int64_t, std::int32_t>(raw, n, v.ints); break;
            case T::INT16: readRaw<std::int64_t, std::int16_t>(raw, n, v.ints); break;
            case T::UINT16: readRaw<std::int64_t, std::uint16_t>(raw, n, v.ints); break;
            case T::INT8: readRaw<std::int64_t, std::int8_t>(raw, n, v.ints); break;
            case T::UINT8:
            case T::BOOL: readRaw<std::int64_t, std::uint8_t>(raw, n, v.ints); break;
            case T::UINT32: readRaw<std::int64_t, std::uint32_t>(raw, n, v.ints); break;
            default: refuse();
            }
        } else if (v.type == T::FLOAT) {
            v.reals.assign(t.float_data().begin(), t.float_data().end());
        } else if (v.type == T::DOUBLE) {
            v.reals.assign(t.double_data().begin(), t.double_data().end());
        } else if (v.type == T::INT64) {
            v.ints.assign(t.int64_data().begin(), t.int64_data().end());
        } else if (v.type == T::UINT32) {
            v.ints.assign(t.uint64_data().begin(), t.uint64_data().end());
        } else {
            v.ints.assign(t.int32_data().begin(), t.int32_data().end());
        }
        if (v.size() != n)
            return std::nullopt;
        return v;
    } catch (const NotFoldable&) {
        return std::nullopt;
    }
}

void writeTensor(const Value& v, const std::string& name, onnx::TensorProto& t)
{
    t.Clear();
    t.set_name(name);
    t.set_data_type(v.type);
    for (const std::int64_t d : v.dims)
        t.add_dims(d);
    switch (v.type) {
    case T::FLOAT:
        for (const double x : v.reals)
            t.add_float_data(float(x));
        break;
    case T::DOUBLE:
        for (const double x : v.reals)
            t.add_double_data(x);
        break;
    case T::INT64:
        for (const std::int64_t x : v.ints)
            t.add_int64_data(x);
        break;
    case T::UINT32:
        for (const std::int64_t x : v.ints)
            t.add_uint64_data(std::uint64_t(x));
        break;
    default:
        for (const std::int64_t x : v.ints)
            t.add_int32_data(std::int32_t(x));
        break;
    }
}

/// Integers wrapped to the width of their type, as a runtime computes them (Cast to int32 of a
/// large int64, a bool of any non-zero value).
std::int64_t narrow(int type, std::int64_t v)
{
    switch (type) {
    case T::INT32: return std::int32_t(std::uint32_t(std::uint64_t(v)));
    case T::INT16: return std::int16_t(std::uint16_t(std::uint64_t(v)));
    case T::INT8: return std::int8_t(std::uint8_t(std::uint64_t(v)));
    case T::UINT8: return std::uint8_t(std::uint64_t(v));
    case T::UINT16: return std::uint16_t(std::uint64_t(v));
    case T::UINT32: return std::uint32_t(std::uint64_t(v));
    case T::BOOL: return v != 0;
    default: return v;
    }
}

Value castTo(const Value& in, int type)
{
    if (!isSupported(type))
        refuse();
    Value out;
    out.type = type;
    out.dims = in.dims;
    out.resize(in.size());
    for (std::size_t k = 0; k < in.size(); ++k) {
        if (out.real()) {
            out.reals[k] = type == T::FLOAT ? double(float(in.number(k))) : in.number(k);
        } else if (in.real()) {
            const double x = in.reals[k];
            out.ints[k] = type == T::BOOL ? std::int64_t(x != 0.0) : narrow(type, in.integer(k));
        } else {
            out.ints[k] = narrow(type, in.ints[k]);
        }
    }
    return out;
}

std::int64_t normalizedAxis(std::int64_t axis, std::size_t rank)
{
    const std::int64_t r = std::int64_t(rank);
    if (axis < -r || axis >= r)
        refuse();
    return axis < 0 ? axis + r : axis;
}

/// Row-major strides of `dims`.
Dims stridesOf(const Dims& dims)
{
    Dims s(dims.size(), 1);
    for (std::size_t k = dims.size(); k-- > 1;)
        s[k - 1] = s[k] * dims[k];
    return s;
}

/// Calls f(i, index) for every element of a tensor of shape `dims` in row-major order, with its
/// linear position and its multi-index.
template <class F>
void forEachIndex(const Dims& dims, std::size_t total, F f)
{
    Dims counter(dims.size(), 0);
    for (std::size_t i = 0; i < total; ++i) {
        f(i, counter);
        for (std::size_t k = dims.size(); k-- > 0;) {
            if (++counter[k] < dims[k])
                break;
            counter[k] = 0;
        }
    }
}

/// A tensor of shape `dims` made of elements of `in`: the element at each multi-index is in's
/// element at the linear position `source(index)` (Slice, Transpose).
template <class Source>
Value gathered(const Value& in, const Dims& dims, Source source)
{
    Value out;
    out.type = in.type;
    out.dims = dims;
    const std::size_t total = std::size_t(elementsOf(dims));
    out.resize(total);
    forEachIndex(dims, total,
                 [&](std::size_t i, const Dims& index) { out.copyFrom(in, std::size_t(source(index)), i); });
    return out;
}

/// Numpy's broadcast of shapes.
Dims broadcastDims(const std::vector<const Dims*>& shapes)
{
    std::size_t rank = 0;
    for (const Dims* d : shapes)
        rank = std::max(rank, d->size());
    Dims out(rank, 1);
    for (const Dims* d : shapes)
        for (std::size_t k = 0; k < d->size(); ++k) {
            std::int64_t& o = out[rank - d->size() + k];
            const std::int64_t v = (*d)[k];
            if (o == 1)
                o = v;
            else if (v != 1 && v != o)
                refuse();
        }
    elementsOf(out);
    return out;
}

/// Linear index in a tensor of shape `dims` broadcast to `out` for each linear index of `out`.
std::vector<std::size_t> broadcastIndex(const Dims& dims, const Dims& out)
{
    const std::size_t n = std::size_t(elementsOf(out));
    const Dims inStrides = stridesOf(dims);
    Dims strides(out.size(), 0);
    for (std::size_t k = 0; k < dims.size(); ++k)
        strides[out.size() - dims.size() + k] = dims[k] == 1 ? 0 : inStrides[k];
    std::vector<std::size_t> index(n);
    Dims counter(out.size(), 0);
    std::int64_t at = 0;
    for (std::size_t i = 0; i < n; ++i) {
        index[i] = std::size_t(at);
        for (std::size_t k = out.size(); k-- > 0;) {
            ++counter[k];
            at += strides[k];
            if (counter[k] < out[k])
                break;
            at -= strides[k] * counter[k];
            counter[k] = 0;
        }
    }
    return index;
}

bool isComparison(const std::string& op)
{
    return op == "Equal" || op == "Less" || op == "Greater" || op == "LessOrEqual" || op == "GreaterOrEqual" ||
           op == "And" || op == "Or" || op == "Xor";
}

std::int64_t integerOp(const std::string& op, std::int64_t a, std::int64_t b, bool fmodAttr)
{
    std::int64_t r = 0;
    if (op == "Add" || op == "Sum") {
        if (__builtin_add_overflow(a, b, &r))
            refuse();
    } else if (op == "Sub") {
        if (__builtin_sub_overflow(a, b, &r))
            refuse();
    } else if (op == "Mul") {
        if (__builtin_mul_overflow(a, b, &r))
            refuse();
    } else if (op == "Div") {
        if (b == 0 || (a == std::numeric_limits<std::int64_t>::min() && b == -1))
            refuse();
        r = a / b;
    } else if (op == "Mod") {
        if (b == 0 || (a == std::numeric_limits<std::int64_t>::min() && b == -1))
            refuse();
        r = a % b;
        if (!fmodAttr && r != 0 && ((r < 0) != (b < 0)))
            r += b; // the divisor's sign, as Python's %
    } else if (op == "Pow") {
        if (b < 0 || b > 64)
            refuse();
        r = 1;
        for (std::int64_t k = 0; k < b; ++k)
            if (__builtin_mul_overflow(r, a, &r))
                refuse();
    } else if (op == "Min") {
        r = std::min(a, b);
    } else if (op == "Max") {
        r = std::max(a, b);
    } else if (op == "Equal") {
        r = a == b;
    } else if (op == "Less") {
        r = a < b;
    } else if (op == "Greater") {
        r = a > b;
    } else if (op == "LessOrEqual") {
        r = a <= b;
    } else if (op == "GreaterOrEqual") {
        r = a >= b;
    } else if (op == "And") {
        r = (a != 0) && (b != 0);
    } else if (op == "Or") {
        r = (a != 0) || (b != 0);
    } else if (op == "Xor") {
        r = (a != 0) != (b != 0);
    } else {
        refuse();
    }
    return r;
}

double realOp(const std::string& op, double a, double b, bool fmodAttr)
{
    if (op == "Add" || op == "Sum")
        return a + b;
    if (op == "Sub")
        return a - b;
    if (op == "Mul")
        return a * b;
    if (op == "Div")
        return a / b;
    if (op == "Mod")
        return fmodAttr ? std::fmod(a, b) : a - b * std::floor(a / b);
    if (op == "Pow")
        return std::pow(a, b);
    if (op == "Min")
        return std::min(a, b);
    if (op == "Max")
        return std::max(a, b);
    if (op == "Equal")
        return double(a == b);
    if (op == "Less")
        return double(a < b);
    if (op == "Greater")
        return double(a > b);
    if (op == "LessOrEqual")
        return double(a <= b);
    if (op == "GreaterOrEqual")
        return double(a >= b);
    if (op == "And")
        return double(a != 0.0 && b != 0.0);
    if (op == "Or")
        return double(a != 0.0 || b != 0.0);
    if (op == "Xor")
        return double((a != 0.0) != (b != 0.0));
    refuse();
}

class Folder {
public:
    explicit Folder(onnx::ModelProto& model)
        : m_graph(*model.mutable_graph())
    {
        for (const onnx::OperatorSetIdProto& op : model.opset_import())
            if (op.domain().empty() || op.domain() == "ai.onnx")
                m_opset = int(op.version());
        for (const onnx::TensorProto& t : m_graph.initializer())
            if (auto v = valueOf(t))
                m_values.emplace(t.name(), std::move(*v));
        const auto shapes = [&](const auto& list) {
            for (const onnx::ValueInfoProto& v : list)
                if (v.type().has_tensor_type() && v.type().tensor_type().has_shape()) {
                    Dims dims;
                    bool known = true;
                    for (const auto& d : v.type().tensor_type().shape().dim()) {
                        known = known && d.has_dim_value();
                        dims.push_back(d.has_dim_value() ? d.dim_value() : -1);
                    }
                    if (known)
                        m_shapes[v.name()] = std::move(dims);
                }
        };
        shapes(m_graph.input());
        shapes(m_graph.value_info());
        shapes(m_graph.output());
        for (const onnx::TensorProto& t : m_graph.initializer())
            m_shapes[t.name()] = Dims(t.dims().begin(), t.dims().end());
    }

    int run()
    {
        std::vector<int> folded;
        std::set<std::string> initializers;
        for (const onnx::TensorProto& t : m_graph.initializer())
            initializers.insert(t.name());
        for (int i = 0; i < m_graph.node_size(); ++i) {
            const onnx::NodeProto& n = m_graph.node(i);
            if (!(n.domain().empty() || n.domain() == "ai.onnx") || n.output_size() == 0)
                continue;
            std::vector<Value> outputs;
            try {
                outputs = evaluate(n);
            } catch (const NotFoldable&) {
                continue;
            } catch (const std::exception&) {
                continue; // folding is best effort: what it cannot compute stays for the importer
            }
            if (outputs.size() != std::size_t(n.output_size()))
                continue;
            for (std::size_t k = 0; k < outputs.size(); ++k) {
                const std::string& name = n.output(int(k));
                if (name.empty() || initializers.count(name))
                    continue;
                writeTensor(outputs[k], name, *m_graph.add_initializer());
                initializers.insert(name);
                m_shapes[name] = outputs[k].dims;
                m_values[name] = std::move(outputs[k]);
            }
            folded.push_back(i);
        }
        // Remove the folded nodes (their outputs are initializers now), keeping the others' order.
        if (!folded.empty()) {
            google::protobuf::RepeatedPtrField<onnx::NodeProto> kept;
            std::size_t next = 0;
            for (int i = 0; i < m_graph.node_size(); ++i) {
                if (next < folded.size() && folded[next] == i) {
                    ++next;
                    continue;
                }
                kept.Add()->Swap(m_graph.mutable_node(i));
            }
            m_graph.mutable_node()->Swap(&kept);
        }
        return int(folded.size());
    }

private:
    const Value& input(const onnx::NodeProto& n, int k) const
    {
        if (k >= n.input_size() || n.input(k).empty())
            refuse();
        const auto it = m_values.find(n.input(k));
        if (it == m_values.end())
            refuse();
        return it->second;
    }
    bool hasInput(const onnx::NodeProto& n, int k) const { return k < n.input_size() && !n.input(k).empty(); }

    static const onnx::AttributeProto* attribute(const onnx::NodeProto& n, std::string_view name)
    {
        for (const onnx::AttributeProto& a : n.attribute())
            if (a.name() == name)
                return &a;
        return nullptr;
    }
    static std::int64_t intAttr(const onnx::NodeProto& n, std::string_view name, std::int64_t fallback)
    {
        const onnx::AttributeProto* a = attribute(n, name);
        return a ? a->i() : fallback;
    }
    static std::optional<Dims> intsAttr(const onnx::NodeProto& n, std::string_view name)
    {
        const onnx::AttributeProto* a = attribute(n, name);
        if (!a)
            return std::nullopt;
        return Dims(a->ints().begin(), a->ints().end());
    }
    /// An operator's list argument, an attribute before opset `inputSince` and input `k` from it.
    std::optional<Dims> listArgument(const onnx::NodeProto& n, std::string_view name, int k, int inputSince) const
    {
        if (m_opset < inputSince)
            return intsAttr(n, name);
        if (!hasInput(n, k))
            return std::nullopt;
        return input(n, k).asInts();
    }

    std::vector<Value> evaluate(const onnx::NodeProto& n)
    {
        const std::string& op = n.op_type();
        if (op == "Constant")
            return {constant(n)};
        if (op == "Shape" || op == "Size") {
            const auto it = m_shapes.find(n.input_size() > 0 ? n.input(0) : std::string());
            if (it == m_shapes.end())
                refuse();
            const Dims& dims = it->second;
            Value v;
            if (op == "Size") {
                std::int64_t count = 1;
                for (const std::int64_t d : dims)
                    if (__builtin_mul_overflow(count, d, &count))
                        refuse();
                v.ints = {count};
                return {v};
            }
            const std::int64_t r = std::int64_t(dims.size());
            std::int64_t start = intAttr(n, "start", 0), end = intAttr(n, "end", r);
            start = std::clamp(start < 0 ? start + r : start, std::int64_t(0), r);
            end = std::clamp(end < 0 ? end + r : end, std::int64_t(0), r);
            v.ints.assign(dims.begin() + std::min(start, end), dims.begin() + end);
            v.dims = {std::int64_t(v.ints.size())};
            return {v};
        }
        // Every other operator needs all its inputs known.
        for (int k = 0; k < n.input_size(); ++k)
            if (!n.input(k).empty())
                (void)input(n, k);
        if (op == "Identity")
            return {input(n, 0)};
        if (op == "Cast")
            return {castTo(input(n, 0), int(intAttr(n, "to", 0)))};
        if (op == "Gather")
            return {gather(input(n, 0), input(n, 1), intAttr(n, "axis", 0))};
        if (op == "Concat")
            return {concat(n)};
        if (op == "Slice")
            return {slice(n)};
        if (op == "Squeeze" || op == "Unsqueeze" || op == "Reshape" || op == "Flatten")
            return {reshaped(n)};
        if (op == "Transpose")
            return {transpose(input(n, 0), intsAttr(n, "perm"))};
        if (op == "Expand") {
            const Value& data = input(n, 0);
            const Dims shape = input(n, 1).asInts();
            return {broadcastTo(data, broadcastDims({&data.dims, &shape}))};
        }
        if (op == "ConstantOfShape")
            return {constantOfShape(n)};
        if (op == "Range")
            return {range(input(n, 0), input(n, 1), input(n, 2))};
        if (op == "Where")
            return {where(input(n, 0), input(n, 1), input(n, 2))};
        if (op.rfind("Reduce", 0) == 0)
            return {reduce(n)};
        if (n.input_size() == 1)
            return {unary(op, input(n, 0))};
        if (op == "Min" || op == "Max" || op == "Sum") {
            Value acc = input(n, 0);
            for (int k = 1; k < n.input_size(); ++k)
                acc = binary(op, acc, input(n, k), false);
            return {acc};
        }
        if (n.input_size() == 2)
            return {binary(op, input(n, 0), input(n, 1), intAttr(n, "fmod", 0) != 0)};
        refuse();
    }

    static Value constant(const onnx::NodeProto& n)
    {
        Value v;
        if (const onnx::AttributeProto* a = attribute(n, "value")) {
            if (auto t = valueOf(a->t()))
                return *t;
            refuse();
        }
        if (const onnx::AttributeProto* a = attribute(n, "value_int"))
            return scalarOf(T::INT64, double(a->i()));
        if (const onnx::AttributeProto* a = attribute(n, "value_float"))
            return scalarOf(T::FLOAT, double(a->f()));
        if (const onnx::AttributeProto* a = attribute(n, "value_ints")) {
            v.ints.assign(a->ints().begin(), a->ints().end());
            v.dims = {std::int64_t(v.ints.size())};
            return v;
        }
        if (const onnx::AttributeProto* a = attribute(n, "value_floats")) {
            v.type = T::FLOAT;
            v.reals.assign(a->floats().begin(), a->floats().end());
            v.dims = {std::int64_t(v.reals.size())};
            return v;
        }
        refuse();
    }

    static Value gather(const Value& data, const Value& indices, std::int64_t axisAttr)
    {
        if (data.dims.empty())
            refuse();
        const std::size_t axis = std::size_t(normalizedAxis(axisAttr, data.dims.size()));
        Dims dims(data.dims.begin(), data.dims.begin() + std::ptrdiff_t(axis));
        dims.insert(dims.end(), indices.dims.begin(), indices.dims.end());
        dims.insert(dims.end(), data.dims.begin() + std::ptrdiff_t(axis) + 1, data.dims.end());
        Value out;
        out.type = data.type;
        out.dims = dims;
        out.resize(std::size_t(elementsOf(dims)));
        std::int64_t outer = 1, inner = 1;
        for (std::size_t k = 0; k < axis; ++k)
            outer *= data.dims[k];
        for (std::size_t k = axis + 1; k < data.dims.size(); ++k)
            inner *= data.dims[k];
        const std::int64_t extent = data.dims[axis];
        std::size_t at = 0;
        for (std::int64_t o = 0; o < outer; ++o)
            for (std::size_t i = 0; i < indices.size(); ++i) {
                std::int64_t index = indices.integer(i);
                if (index < 0)
                    index += extent;
                if (index < 0 || index >= extent)
                    refuse();
                for (std::int64_t e = 0; e < inner; ++e)
                    out.copyFrom(data, std::size_t((o * extent + index) * inner + e), at++);
            }
        return out;
    }

    Value concat(const onnx::NodeProto& n) const
    {
        std::vector<const Value*> parts;
        for (int k = 0; k < n.input_size(); ++k)
            if (!n.input(k).empty())
                parts.push_back(&input(n, k));
        if (parts.empty() || parts.front()->dims.empty())
            refuse();
        const std::size_t rank = parts.front()->dims.size();
        const std::size_t axis = std::size_t(normalizedAxis(intAttr(n, "axis", 0), rank));
        Dims dims = parts.front()->dims;
        dims[axis] = 0;
        for (const Value* p : parts) {
            if (p->dims.size() != rank || p->real() != parts.front()->real())
                refuse();
            for (std::size_t k = 0; k < rank; ++k)
                if (k != axis && p->dims[k] != dims[k])
                    refuse();
            dims[axis] += p->dims[axis];
        }
        Value out;
        out.type = parts.front()->type;
        out.dims = dims;
        out.resize(std::size_t(elementsOf(dims)));
        std::int64_t outer = 1, inner = 1;
        for (std::size_t k = 0; k < axis; ++k)
            outer *= dims[k];
        for (std::size_t k = axis + 1; k < rank; ++k)
            inner *= dims[k];
        std::size_t at = 0;
        for (std::int64_t o = 0; o < outer; ++o)
            for (const Value* p : parts) {
                const std::int64_t block = p->dims[axis] * inner;
                for (std::int64_t e = 0; e < block; ++e)
                    out.copyFrom(*p, std::size_t(o * block + e), at++);
            }
        return out;
    }

    Value slice(const onnx::NodeProto& n) const
    {
        const Value& data = input(n, 0);
        const std::optional<Dims> starts = listArgument(n, "starts", 1, 10), ends = listArgument(n, "ends", 2, 10);
        if (!starts || !ends || starts->size() != ends->size())
            refuse();
        Dims axes = listArgument(n, "axes", 3, 10).value_or(Dims{});
        if (axes.empty())
            for (std::size_t k = 0; k < starts->size(); ++k)
                axes.push_back(std::int64_t(k));
        Dims steps = m_opset >= 10 && hasInput(n, 4) ? input(n, 4).asInts() : Dims(starts->size(), 1);
        if (axes.size() != starts->size() || steps.size() != starts->size())
            refuse();
        const std::size_t rank = data.dims.size();
        Dims first(rank, 0), step(rank, 1), count = data.dims;
        for (std::size_t k = 0; k < axes.size(); ++k) {
            const std::size_t axis = std::size_t(normalizedAxis(axes[k], rank));
            const std::int64_t dim = data.dims[axis], st = steps[k];
            if (st == 0)
                refuse();
            std::int64_t s = (*starts)[k], e = (*ends)[k];
            if (s < 0)
                s = s < -dim ? 0 : s + dim;
            if (e < 0)
                e = e < -dim ? -1 : e + dim;
            if (st > 0) {
                s = std::clamp(s, std::int64_t(0), dim);
                e = std::clamp(e, std::int64_t(0), dim);
                count[axis] = e > s ? (e - s + st - 1) / st : 0;
            } else {
                s = std::clamp(s, std::int64_t(0), dim - 1);
                e = std::clamp(e, std::int64_t(-1), dim - 1);
                count[axis] = s > e ? (s - e - st - 1) / -st : 0;
            }
            first[axis] = s;
            step[axis] = st;
        }
        const Dims strides = stridesOf(data.dims);
        return gathered(data, count, [&](const Dims& counter) {
            std::int64_t at = 0;
            for (std::size_t k = 0; k < rank; ++k)
                at += (first[k] + counter[k] * step[k]) * strides[k];
            return at;
        });
    }

    /// Squeeze, Unsqueeze, Reshape and Flatten: the same elements under new dimensions.
    Value reshaped(const onnx::NodeProto& n) const
    {
        Value out = input(n, 0);
        const Dims& in = out.dims;
        const std::string& op = n.op_type();
        Dims dims;
        if (op == "Flatten") {
            const std::int64_t r = std::int64_t(in.size());
            std::int64_t axis = intAttr(n, "axis", 1);
            if (axis < -r || axis > r)
                refuse();
            if (axis < 0)
                axis += r;
            std::int64_t a = 1, b = 1;
            for (std::int64_t k = 0; k < r; ++k)
                (k < axis ? a : b) *= in[std::size_t(k)];
            dims = {a, b};
        } else if (op == "Reshape") {
            const Dims shape = input(n, 1).asInts();
            const bool allowZero = intAttr(n, "allowzero", 0) != 0;
            std::int64_t known = 1;
            int inferred = -1;
            for (std::size_t k = 0; k < shape.size(); ++k) {
                std::int64_t d = shape[k];
                if (d == 0 && !allowZero) {
                    if (k >= in.size())
                        refuse();
                    d = in[k];
                } else if (d == -1) {
                    if (inferred >= 0)
                        refuse();
                    inferred = int(k);
                    dims.push_back(-1);
                    continue;
                } else if (d < 0) {
                    refuse();
                }
                dims.push_back(d);
                known *= d;
            }
            if (inferred >= 0) {
                if (known == 0 || std::int64_t(out.size()) % known != 0)
                    refuse();
                dims[std::size_t(inferred)] = std::int64_t(out.size()) / known;
            }
        } else if (op == "Squeeze") {
            Dims axes = listArgument(n, "axes", 1, 13).value_or(Dims{});
            for (std::int64_t& a : axes)
                a = normalizedAxis(a, in.size());
            for (std::size_t k = 0; k < in.size(); ++k) {
                const bool listed = std::find(axes.begin(), axes.end(), std::int64_t(k)) != axes.end();
                if (axes.empty() ? in[k] == 1 : listed) {
                    if (in[k] != 1)
                        refuse();
                    continue;
                }
                dims.push_back(in[k]);
            }
        } else { // Unsqueeze
            const std::optional<Dims> axes = listArgument(n, "axes", 1, 13);
            if (!axes)
                refuse();
            const std::size_t rank = in.size() + axes->size();
            std::vector<bool> inserted(rank, false);
            for (const std::int64_t a : *axes) {
                const std::size_t axis = std::size_t(normalizedAxis(a, rank));
                if (inserted[axis])
                    refuse();
                inserted[axis] = true;
            }
            std::size_t from = 0;
            for (std::size_t k = 0; k < rank; ++k)
                dims.push_back(inserted[k] ? 1 : in[from++]);
        }
        if (elementsOf(dims) != std::int64_t(out.size()))
            refuse();
        out.dims = std::move(dims);
        return out;
    }

    static Value transpose(const Value& in, std::optional<Dims> perm)
    {
        const std::size_t rank = in.dims.size();
        if (!perm) {
            perm.emplace();
            for (std::size_t k = rank; k-- > 0;)
                perm->push_back(std::int64_t(k));
        }
        if (perm->size() != rank)
            refuse();
        Dims dims(rank), sorted = *perm;
        std::sort(sorted.begin(), sorted.end());
        for (std::size_t k = 0; k < rank; ++k) {
            if (sorted[k] != std::int64_t(k))
                refuse();
            dims[k] = in.dims[std::size_t((*perm)[k])];
        }
        const Dims inStrides = stridesOf(in.dims);
        return gathered(in, dims, [&](const Dims& counter) {
            std::int64_t at = 0;
            for (std::size_t k = 0; k < rank; ++k)
                at += counter[k] * inStrides[std::size_t((*perm)[k])];
            return at;
        });
    }

    static Value broadcastTo(const Value& in, const Dims& dims)
    {
        Value out;
        out.type = in.type;
        out.dims = dims;
        const std::vector<std::size_t> index = broadcastIndex(in.dims, dims);
        out.resize(index.size());
        for (std::size_t i = 0; i < index.size(); ++i)
            out.copyFrom(in, index[i], i);
        return out;
    }

    Value constantOfShape(const onnx::NodeProto& n) const
    {
        const Dims dims = input(n, 0).asInts();
        Value fill = scalarOf(T::FLOAT, 0.0);
        if (const onnx::AttributeProto* a = attribute(n, "value")) {
            const std::optional<Value> v = valueOf(a->t());
            if (!v || v->size() != 1)
                refuse();
            fill = *v;
        }
        fill.dims = {};
        return broadcastTo(fill, dims);
    }

    static Value range(const Value& start, const Value& limit, const Value& delta)
    {
        if (start.size() != 1 || limit.size() != 1 || delta.size() != 1)
            refuse();
        Value out;
        out.type = start.type;
        if (out.real()) {
            const double s = start.number(0), l = limit.number(0), d = delta.number(0);
            if (d == 0 || !std::isfinite(s) || !std::isfinite(l) || !std::isfinite(d))
                refuse();
            const double count = std::max(std::ceil((l - s) / d), 0.0);
            if (count > double(kMaxElements))
                refuse();
            for (std::int64_t k = 0; k < std::int64_t(count); ++k)
                out.reals.push_back(s + double(k) * d);
            out.dims = {std::int64_t(out.reals.size())};
            return out;
        }
        const std::int64_t s = start.ints[0], l = limit.ints[0], d = delta.ints[0];
        if (d == 0)
            refuse();
        for (std::int64_t v = s; d > 0 ? v < l : v > l; v += d) {
            if (std::int64_t(out.ints.size()) >= kMaxElements)
                refuse();
            out.ints.push_back(v);
        }
        out.dims = {std::int64_t(out.ints.size())};
        return out;
    }

    static Value where(const Value& cond, const Value& x, const Value& y)
    {
        if (x.real() != y.real())
            refuse();
        const Dims dims = broadcastDims({&cond.dims, &x.dims, &y.dims});
        const auto ci = broadcastIndex(cond.dims, dims), xi = broadcastIndex(x.dims, dims), yi = broadcastIndex(y.dims, dims);
        Value out;
        out.type = x.type;
        out.dims = dims;
        out.resize(ci.size());
        for (std::size_t i = 0; i < ci.size(); ++i)
            out.copyFrom(cond.number(ci[i]) != 0 ? x : y, cond.number(ci[i]) != 0 ? xi[i] : yi[i], i);
        return out;
    }

    static Value unary(const std::string& op, const Value& in)
    {
        Value out = in;
        for (std::size_t k = 0; k < in.size(); ++k) {
            if (op == "Not") {
                if (in.real())
                    refuse();
                out.ints[k] = in.ints[k] == 0;
            } else if (!in.real()) {
                const std::int64_t v = in.ints[k];
                if (v == std::numeric_limits<std::int64_t>::min())
                    refuse();
                if (op == "Neg")
                    out.ints[k] = -v;
                else if (op == "Abs")
                    out.ints[k] = v < 0 ? -v : v;
                else if (op == "Sign")
                    out.ints[k] = (v > 0) - (v < 0);
                else if (op != "Floor" && op != "Ceil" && op != "Round")
                    refuse();
            } else {
                const double v = in.reals[k];
                double r = 0;
                if (op == "Neg")
                    r = -v;
                else if (op == "Abs")
                    r = std::abs(v);
                else if (op == "Sign")
                    r = double((v > 0) - (v < 0));
                else if (op == "Floor")
                    r = std::floor(v);
                else if (op == "Ceil")
                    r = std::ceil(v);
                else if (op == "Round")
                    r = std::nearbyint(v); // half to even, the default rounding mode
                else if (op == "Sqrt")
                    r = std::sqrt(v);
                else if (op == "Reciprocal")
                    r = 1.0 / v;
                else
                    refuse();
                out.reals[k] = in.type == T::FLOAT ? double(float(r)) : r;
            }
        }
        return out;
    }

    static Value binary(const std::string& op, const Value& a, const Value& b, bool fmodAttr)
    {
        if (a.real() != b.real())
            refuse();
        const Dims dims = broadcastDims({&a.dims, &b.dims});
        const auto ai = broadcastIndex(a.dims, dims), bi = broadcastIndex(b.dims, dims);
        Value out;
        out.type = isComparison(op) ? int(T::BOOL) : a.type;
        out.dims = dims;
        out.resize(ai.size());
        for (std::size_t i = 0; i < ai.size(); ++i) {
            if (a.real()) {
                const double r = realOp(op, a.reals[ai[i]], b.reals[bi[i]], fmodAttr);
                if (out.real())
                    out.reals[i] = a.type == T::FLOAT ? double(float(r)) : r;
                else
                    out.ints[i] = std::int64_t(r != 0.0);
            } else {
                out.ints[i] = narrow(out.type, integerOp(op, a.ints[ai[i]], b.ints[bi[i]], fmodAttr));
            }
        }
        return out;
    }

    Value reduce(const onnx::NodeProto& n) const
    {
        const std::string& op = n.op_type();
        const Value& in = input(n, 0);
        // ReduceSum takes its axes as an input from opset 13, the others from 18.
        std::optional<Dims> axes = listArgument(n, "axes", 1, op == "ReduceSum" ? 13 : 18);
        const bool keep = intAttr(n, "keepdims", 1) != 0;
        const std::size_t rank = in.dims.size();
        std::vector<bool> reduced(rank, !axes || axes->empty());
        if ((!axes || axes->empty()) && intAttr(n, "noop_with_empty_axes", 0) != 0)
            return in;
        if (axes)
            for (const std::int64_t a : *axes)
                reduced[std::size_t(normalizedAxis(a, rank))] = true;
        Dims dims, kept;
        for (std::size_t k = 0; k < rank; ++k) {
            if (!reduced[k])
                dims.push_back(in.dims[k]);
            if (keep || !reduced[k])
                kept.push_back(reduced[k] ? 1 : in.dims[k]);
        }
        // Accumulate every input element into its output element.
        const std::size_t outCount = std::size_t(elementsOf(dims));
        std::vector<double> realAcc(outCount);
        std::vector<std::int64_t> intAcc(outCount);
        std::vector<bool> started(outCount, false);
        const Dims outStrides = stridesOf(dims);
        const bool mean = op == "ReduceMean";
        const std::string combine = op == "ReduceProd"          ? "Mul"
                                    : op == "ReduceMax"         ? "Max"
                                    : op == "ReduceMin"         ? "Min"
                                    : op == "ReduceSum" || mean ? "Add"
                                                                : "";
        if (combine.empty())
            refuse();
        forEachIndex(in.dims, in.size(), [&](std::size_t i, const Dims& counter) {
            std::int64_t at = 0;
            for (std::size_t k = 0, j = 0; k < rank; ++k)
                if (!reduced[k])
                    at += counter[k] * outStrides[j++];
            const std::size_t o = std::size_t(at);
            if (in.real())
                realAcc[o] = started[o] ? realOp(combine, realAcc[o], in.reals[i], false) : in.reals[i];
            else
                intAcc[o] = started[o] ? integerOp(combine, intAcc[o], in.ints[i], false) : in.ints[i];
            started[o] = true;
        });
        Value out;
        out.type = in.type;
        out.dims = kept;
        if (mean) {
            if (!in.real() || outCount == 0)
                refuse();
            const double per = double(in.size()) / double(outCount);
            for (double& v : realAcc)
                v /= per;
        }
        if (out.real())
            out.reals = std::move(realAcc);
        else
            out.ints = std::move(intAcc);
        if (std::find(started.begin(), started.end(), false) != started.end())
            refuse(); // an empty reduction has no identity value here
        return out;
    }

    onnx::GraphProto& m_graph;
    int m_opset = 1;
    std::unordered_map<std::string, Value> m_values;
    std::unordered_map<std::string, Dims> m_shapes;
};

} // namespace

int foldConstants(onnx::ModelProto& model)
{
    return Folder(model).run();
}

std::vector<std::int64_t> Einsum::outputShape() const
{
    std::vector<std::int64_t> dims;
    for (const char c : output)
        dims.push_back(extent.at(c));
    return dims;
}

Einsum readEinsum(const std::string& equation, const std::vector<std::vector<std::int64_t>>& shapes)
{
    Einsum e;
    for (const char c : equation)
        if (c != ' ')
            e.equation += c;
    const std::string& eq = e.equation;
    const std::size_t arrow = eq.find("->");
    const std::string lhs = eq.substr(0, arrow);
    for (std::size_t start = 0;;) {
        const std::size_t comma = lhs.find(',', start);
        e.terms.push_back(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    const auto fail = [&](const std::string& why) { throw std::invalid_argument("equation \"" + eq + "\": " + why); };
    if (e.terms.size() != shapes.size())
        fail(std::to_string(e.terms.size()) + " operands, the node has " + std::to_string(shapes.size()) + " inputs");
    // "..." stands for the same broadcast dimensions in every term: the widest operand's.
    std::size_t ellipsisRank = 0;
    for (std::size_t t = 0; t < e.terms.size(); ++t) {
        const std::size_t dots = e.terms[t].find("...");
        const std::size_t letters = e.terms[t].size() - (dots == std::string::npos ? 0 : 3);
        if (shapes[t].size() < letters)
            fail("operand " + std::to_string(t) + " has " + std::to_string(shapes[t].size()) + " dimensions, fewer than \"" +
                 e.terms[t] + "\" names");
        if (dots != std::string::npos)
            ellipsisRank = std::max(ellipsisRank, shapes[t].size() - letters);
    }
    if (ellipsisRank > 26 || (ellipsisRank > 0 && eq.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") != std::string::npos))
        fail("\"...\" together with upper-case indices is not read");
    const auto expand = [&](const std::string& term, std::size_t rank) {
        const std::size_t dots = term.find("...");
        if (dots == std::string::npos)
            return term;
        std::string fresh;
        for (std::size_t k = ellipsisRank - rank; k < ellipsisRank; ++k)
            fresh += char('A' + k);
        return term.substr(0, dots) + fresh + term.substr(dots + 3);
    };
    for (std::size_t t = 0; t < e.terms.size(); ++t) {
        const std::size_t dots = e.terms[t].find("...");
        const std::size_t letters = e.terms[t].size() - (dots == std::string::npos ? 0 : 3);
        e.terms[t] = expand(e.terms[t], dots == std::string::npos ? 0 : shapes[t].size() - letters);
        if (e.terms[t].size() != shapes[t].size())
            fail("operand " + std::to_string(t) + " has " + std::to_string(shapes[t].size()) + " dimensions, \"" + e.terms[t] +
                 "\" names " + std::to_string(e.terms[t].size()));
        for (std::size_t k = 0; k < e.terms[t].size(); ++k) {
            const char c = e.terms[t][k];
            if (!std::isalpha(static_cast<unsigned char>(c)))
                fail("'" + std::string(1, c) + "' is not an index");
            std::int64_t& x = e.extent[c];
            const std::int64_t d = shapes[t][k];
            if (x > 1 && d > 1 && x != d)
                fail("index '" + std::string(1, c) + "' is " + std::to_string(x) + " in one operand and " + std::to_string(d) +
                     " in another");
            x = std::max(x, d);
        }
    }
    if (arrow != std::string::npos) {
        e.output = expand(eq.substr(arrow + 2), ellipsisRank);
        for (const char c : e.output)
            if (!e.extent.count(c))
                fail("output index '" + std::string(1, c) + "' is in no operand");
    } else {
        for (std::size_t k = 0; k < ellipsisRank; ++k)
            e.output += char('A' + k);
        for (const auto& [letter, size] : e.extent)
            if (std::count(lhs.begin(), lhs.end(), letter) == 1 && e.output.find(letter) == std::string::npos)
                e.output += letter;
    }
    return e;
}

int completeShapes(onnx::ModelProto& model)
{
    onnx::GraphProto& g = *model.mutable_graph();
    std::unordered_map<std::string, std::vector<std::int64_t>> known;
    const auto collect = [&](const auto& list) {
        for (const onnx::ValueInfoProto& v : list) {
            if (!v.type().has_tensor_type() || !v.type().tensor_type().has_shape())
                continue;
            std::vector<std::int64_t> dims;
            bool whole = true;
            for (const auto& d : v.type().tensor_type().shape().dim()) {
                whole = whole && d.has_dim_value();
                dims.push_back(d.dim_value());
            }
            if (whole)
                known[v.name()] = std::move(dims);
        }
    };
    collect(g.input());
    collect(g.value_info());
    collect(g.output());
    for (const onnx::TensorProto& t : g.initializer())
        known[t.name()] = std::vector<std::int64_t>(t.dims().begin(), t.dims().end());
    int completed = 0;
    for (const onnx::NodeProto& n : g.node()) {
        if (n.op_type() != "Einsum" || !(n.domain().empty() || n.domain() == "ai.onnx") || n.output_size() != 1 ||
            known.count(n.output(0)))
            continue;
        std::vector<std::vector<std::int64_t>> shapes;
        for (const std::string& in : n.input()) {
            const auto it = known.find(in);
            if (it == known.end())
                break;
            shapes.push_back(it->second);
        }
        if (shapes.size() != std::size_t(n.input_size()))
            continue;
        std::string equation;
        int type = T::FLOAT;
        for (const onnx::AttributeProto& a : n.attribute())
            if (a.name() == "equation")
                equation = a.s();
        for (const auto* list : {&g.input(), &g.value_info()})
            for (const onnx::ValueInfoProto& v : *list)
                if (v.name() == n.input(0) && v.type().has_tensor_type())
                    type = v.type().tensor_type().elem_type();
        std::vector<std::int64_t> dims;
        try {
            dims = readEinsum(equation, shapes).outputShape();
        } catch (const std::exception&) {
            continue; // the importer names the problem
        }
        // Replace a shapeless description of the output, or add one.
        onnx::ValueInfoProto* v = nullptr;
        for (onnx::ValueInfoProto& o : *g.mutable_output())
            if (o.name() == n.output(0))
                v = &o;
        for (onnx::ValueInfoProto& o : *g.mutable_value_info())
            if (o.name() == n.output(0))
                v = &o;
        if (!v) {
            v = g.add_value_info();
            v->set_name(n.output(0));
        }
        onnx::TypeProto_Tensor* t = v->mutable_type()->mutable_tensor_type();
        if (!t->has_elem_type())
            t->set_elem_type(type);
        t->mutable_shape()->clear_dim();
        for (const std::int64_t d : dims)
            t->mutable_shape()->add_dim()->set_dim_value(d);
        known[n.output(0)] = dims;
        ++completed;
    }
    return completed;
}

} // namespace mapscape::onnx_fold
