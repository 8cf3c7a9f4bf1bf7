// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "support/onnx_models.h"

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

namespace mapscape::testing {

namespace {

using Dims = std::vector<std::int64_t>;

class Builder {
public:
    explicit Builder(const std::string& name, int opset = 17)
    {
        m.set_ir_version(8);
        m.set_producer_name("mapscape-tests");
        auto* op = m.add_opset_import();
        op->set_domain("");
        op->set_version(opset);
        g = m.mutable_graph();
        g->set_name(name);
    }
    void importDomain(const std::string& domain)
    {
        auto* op = m.add_opset_import();
        op->set_domain(domain);
        op->set_version(1);
    }
    /// A float tensor's value info; dims < 0 become the symbolic dimension "N".
    static void declare(onnx::ValueInfoProto* v, const std::string& name, const Dims& dims)
    {
        v->set_name(name);
        auto* t = v->mutable_type()->mutable_tensor_type();
        t->set_elem_type(onnx::TensorProto::FLOAT);
        for (std::int64_t d : dims) {
            auto* dim = t->mutable_shape()->add_dim();
            if (d < 0)
                dim->set_dim_param("N");
            else
                dim->set_dim_value(d);
        }
    }
    std::string input(const std::string& name, const Dims& dims)
    {
        declare(g->add_input(), name, dims);
        return name;
    }
    void output(const std::string& name, const Dims& dims) { declare(g->add_output(), name, dims); }
    void valueInfo(const std::string& name, const Dims& dims) { declare(g->add_value_info(), name, dims); }
    /// A float initializer of zeros (full-size raw data, as exporters write it).
    std::string weights(const std::string& name, const Dims& dims)
    {
        auto* t = g->add_initializer();
        t->set_name(name);
        t->set_data_type(onnx::TensorProto::FLOAT);
        std::int64_t n = 1;
        for (std::int64_t d : dims) {
            t->add_dims(d);
            n *= d;
        }
        t->mutable_raw_data()->assign(std::size_t(n) * 4, '\0');
        return name;
    }
    std::string floats(const std::string& name, const std::vector<float>& values)
    {
        auto* t = g->add_initializer();
        t->set_name(name);
        t->set_data_type(onnx::TensorProto::FLOAT);
        t->add_dims(std::int64_t(values.size()));
        t->mutable_raw_data()->assign(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
        return name;
    }
    std::string ints(const std::string& name, const Dims& values)
    {
        auto* t = g->add_initializer();
        t->set_name(name);
        t->set_data_type(onnx::TensorProto::INT64);
        t->add_dims(std::int64_t(values.size()));
        t->mutable_raw_data()->assign(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(std::int64_t));
        return name;
    }
    struct Attr {
        std::string name;
        Dims ints;
        std::int64_t i = 0;
        bool isInt = false;
        float f = 0;
        bool isFloat = false;
    };
    static Attr ia(const std::string& n, std::int64_t v) { return {.name = n, .i = v, .isInt = true}; }
    static Attr il(const std::string& n, Dims v) { return {.name = n, .ints = std::move(v)}; }
    static Attr fa(const std::string& n, float v) { return {.name = n, .f = v, .isFloat = true}; }

    std::string node(const std::string& op, const std::string& name, std::initializer_list<std::string> inputs,
                     std::initializer_list<Attr> attrs = {}, const std::string& domain = {})
    {
        auto* n = g->add_node();
        n->set_op_type(op);
        n->set_name(name);
        if (!domain.empty())
            n->set_domain(domain);
        for (const std::string& in : inputs)
            n->add_input(in);
        const std::string out = name + ":out";
        n->add_output(out);
        for (const Attr& a : attrs) {
            auto* p = n->add_attribute();
            p->set_name(a.name);
            if (a.isInt) {
                p->set_type(onnx::AttributeProto::INT);
                p->set_i(a.i);
            } else if (a.isFloat) {
                p->set_type(onnx::AttributeProto::FLOAT);
                p->set_f(a.f);
            } else {
                p->set_type(onnx::AttributeProto::INTS);
                for (std::int64_t v : a.ints)
                    p->add_ints(v);
            }
        }
        return out;
    }

    std::string conv(const std::string& name, const std::string& x, std::int64_t cin, std::int64_t cout, std::int64_t k,
                     std::int64_t stride, std::int64_t pad, std::int64_t group = 1)
    {
        const std::string w = weights(name + ".weight", {cout, cin / group, k, k});
        return node("Conv", name, {x, w},
                    {il("kernel_shape", {k, k}), il("strides", {stride, stride}), il("pads", {pad, pad, pad, pad}),
                     il("dilations", {1, 1}), ia("group", group)});
    }
    std::string bn(const std::string& name, const std::string& x, std::int64_t c)
    {
        return node("BatchNormalization", name, {x, weights(name + ".weight", {c}), weights(name + ".bias", {c}),
                                                 weights(name + ".running_mean", {c}), weights(name + ".running_var", {c})},
                    {fa("epsilon", 1e-5f)});
    }
    std::string relu(const std::string& name, const std::string& x) { return node("Relu", name, {x}); }

    std::string serialized() const { return m.SerializeAsString(); }

    onnx::ModelProto m;
    onnx::GraphProto* g = nullptr;
};

} // namespace

std::string resnet50Onnx(bool projection)
{
    Builder b("ResNet-50");
    std::string x = b.input("input", {-1, 3, 224, 224});
    x = b.relu("relu", b.bn("bn1", b.conv("conv1", x, 3, 64, 7, 2, 3), 64));
    x = b.node("MaxPool", "maxpool", {x},
               {Builder::il("kernel_shape", {3, 3}), Builder::il("strides", {2, 2}), Builder::il("pads", {1, 1, 1, 1})});
    struct Stage {
        int blocks;
        std::int64_t mid, out;
    };
    const Stage stages[] = {{3, 64, 256}, {4, 128, 512}, {6, 256, 1024}, {3, 512, 2048}};
    std::int64_t channels = 64;
    for (int s = 0; s < 4; ++s)
        for (int k = 0; k < stages[s].blocks; ++k) {
            const std::string p = "layer" + std::to_string(s + 1) + "." + std::to_string(k) + ".";
            const std::int64_t stride = (k == 0 && s > 0) ? 2 : 1, mid = stages[s].mid, out = stages[s].out;
            std::string a = b.relu(p + "relu1", b.bn(p + "bn1", b.conv(p + "conv1", x, channels, mid, 1, 1, 0), mid));
            std::string c = b.relu(p + "relu2", b.bn(p + "bn2", b.conv(p + "conv2", a, mid, mid, 3, stride, 1), mid));
            std::string d = b.bn(p + "bn3", b.conv(p + "conv3", c, mid, out, 1, 1, 0), out);
            std::string shortcut = x;
            if (k == 0) {
                if (projection) {
                    shortcut = b.bn(p + "downsample.1", b.conv(p + "downsample", x, channels, out, 1, stride, 0), out);
                } else {
                    if (stride > 1)
                        shortcut = b.node("MaxPool", p + "subsample", {x},
                                          {Builder::il("kernel_shape", {1, 1}), Builder::il("strides", {stride, stride})});
                    const std::string pads = b.ints(p + "pad.pads", {0, 0, 0, 0, 0, out - channels, 0, 0});
                    shortcut = b.node("Pad", p + "pad", {shortcut, pads});
                }
            }
            x = b.relu(p + "relu3", b.node("Add", p + "add", {d, shortcut}));
            channels = out;
        }
    x = b.node("GlobalAveragePool", "avgpool", {x});
    x = b.node("Flatten", "flatten", {x}, {Builder::ia("axis", 1)});
    x = b.node("Gemm", "fc", {x, b.weights("fc.weight", {1000, 2048}), b.weights("fc.bias", {1000})},
               {Builder::ia("transB", 1)});
    x = b.node("Softmax", "softmax", {x}, {Builder::ia("axis", 1)});
    b.output(x, {-1, 1000});
    return b.serialized();
}

std::string mobileBlocksOnnx()
{
    Builder b("mobile-blocks");
    std::string x = b.input("image", {1, 32, 112, 112});
    const std::string lo = b.floats("relu6.min", {0.f}), hi = b.floats("relu6.max", {6.f});
    x = b.node("Clip", "expand.relu6", {b.bn("expand.bn", b.conv("expand", x, 32, 96, 1, 1, 0), 96), lo, hi});
    x = b.node("Clip", "dw.relu6", {b.bn("dw.bn", b.conv("dw", x, 96, 96, 3, 2, 1, 96), 96), lo, hi});
    x = b.bn("project.bn", b.conv("project", x, 96, 24, 1, 1, 0), 24);
    x = b.relu("grouped.relu", b.conv("grouped", x, 24, 48, 3, 1, 1, 4));
    // An inverted residual block (stride 1): its projection's output and the block input add.
    std::string e = b.node("Clip", "block.expand.relu6", {b.bn("block.expand.bn", b.conv("block.expand", x, 48, 144, 1, 1, 0), 144), lo, hi});
    e = b.node("Clip", "block.dw.relu6", {b.bn("block.dw.bn", b.conv("block.dw", e, 144, 144, 3, 1, 1, 144), 144), lo, hi});
    e = b.bn("block.project.bn", b.conv("block.project", e, 144, 48, 1, 1, 0), 48);
    x = b.node("Add", "block.add", {e, x});
    // A 1-D convolution over the flattened rows: [1, 48, 3136] → [1, 16, 3134].
    x = b.node("Reshape", "rows", {x, b.ints("rows.shape", {1, 48, 56 * 56})});
    x = b.node("Conv", "conv1d", {x, b.weights("conv1d.weight", {16, 48, 3})}, {Builder::il("kernel_shape", {3})});
    b.output(x, {1, 16, 3134});
    return b.serialized();
}

std::string transformerBlockOnnx()
{
    Builder b("encoder-block");
    const std::int64_t S = 128, H = 768, A = 12, D = 64, F = 3072;
    const std::string x = b.input("hidden", {-1, S, H});
    const auto linear = [&](const std::string& name, const std::string& in, std::int64_t k, std::int64_t n) {
        const std::string mm = b.node("MatMul", name + ".matmul", {in, b.weights(name + ".weight", {k, n})});
        return b.node("Add", name + ".bias", {mm, b.weights(name + ".bias_values", {n})});
    };
    const std::string heads = b.ints("heads.shape", {1, S, A, D});
    std::string qkv[3];
    const char* names[] = {"query", "key", "value"};
    for (int h = 0; h < 3; ++h) {
        const std::string p = std::string("attention.") + names[h];
        const std::string r = b.node("Reshape", p + ".reshape", {linear(p, x, H, H), heads});
        qkv[h] = b.node("Transpose", p + ".transpose", {r},
                        {Builder::il("perm", h == 1 ? std::vector<std::int64_t>{0, 2, 3, 1} : std::vector<std::int64_t>{0, 2, 1, 3})});
    }
    std::string scores = b.node("MatMul", "attention.scores", {qkv[0], qkv[1]});
    scores = b.node("Div", "attention.scale", {scores, b.floats("attention.sqrt_d", {8.f})});
    const std::string probs = b.node("Softmax", "attention.softmax", {scores}, {Builder::ia("axis", -1)});
    std::string ctx = b.node("MatMul", "attention.context", {probs, qkv[2]});
    ctx = b.node("Transpose", "attention.context_transpose", {ctx}, {Builder::il("perm", {0, 2, 1, 3})});
    ctx = b.node("Reshape", "attention.context_reshape", {ctx, b.ints("hidden.shape", {1, S, H})});
    std::string y = b.node("Add", "attention.residual", {linear("attention.output", ctx, H, H), x});
    y = b.node("LayerNormalization", "attention.layernorm", {y, b.weights("ln1.scale", {H}), b.weights("ln1.bias", {H})},
               {Builder::ia("axis", -1), Builder::fa("epsilon", 1e-12f)});
    std::string f = b.relu("ffn.relu", b.node("MatMul", "ffn.intermediate", {y, b.weights("ffn.w1", {H, F})}));
    f = b.node("MatMul", "ffn.output", {f, b.weights("ffn.w2", {F, H})});
    y = b.node("Add", "ffn.residual", {f, y});
    const std::string cls = b.node("Gather", "cls", {y, b.ints("cls.index", {0})}, {Builder::ia("axis", 1)});
    const std::string flat = b.node("Reshape", "cls.flatten", {cls, b.ints("cls.shape", {1, H})});
    const std::string logits = b.node("Gemm", "classifier", {flat, b.weights("classifier.weight", {H, 2}), b.weights("classifier.bias", {2})});
    b.output(logits, {1, 2});
    return b.serialized();
}

std::string unsupportedOpsOnnx()
{
    Builder b("unsupported-ops");
    b.importDomain("com.example");
    std::string x = b.input("image", {1, 8, 16, 16});
    x = b.conv("head", x, 8, 16, 3, 1, 1);
    x = b.node("Resize", "upsample", {x, "", b.floats("upsample.scales", {1.f, 1.f, 2.f, 2.f})});
    x = b.conv("middle", x, 16, 16, 3, 1, 1);
    x = b.node("Fancy", "fancy", {x}, {}, "com.example");
    b.valueInfo(x, {1, 16, 32, 32});
    x = b.conv("tail", x, 16, 4, 1, 1, 0);
    b.output(x, {1, 4, 32, 32});
    return b.serialized();
}

} // namespace mapscape::testing
