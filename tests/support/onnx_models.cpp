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
    /// An input whose dimensions are numbers, or symbols where `symbols` names one.
    std::string symbolicInput(const std::string& name, const Dims& dims, const std::vector<std::string>& symbols)
    {
        declare(g->add_input(), name, dims);
        auto* shape = g->mutable_input(g->input_size() - 1)->mutable_type()->mutable_tensor_type()->mutable_shape();
        for (std::size_t k = 0; k < symbols.size(); ++k)
            if (!symbols[k].empty())
                shape->mutable_dim(int(k))->set_dim_param(symbols[k]);
        return name;
    }
    void metadata(const std::string& key, const std::string& value)
    {
        auto* e = m.add_metadata_props();
        e->set_key(key);
        e->set_value(value);
    }
    /// A node with a string attribute (Einsum's equation, Resize's mode).
    std::string stringNode(const std::string& op, const std::string& name, std::initializer_list<std::string> inputs,
                           const std::string& attribute, const std::string& value)
    {
        const std::string out = node(op, name, inputs);
        auto* a = g->mutable_node(g->node_size() - 1)->add_attribute();
        a->set_name(attribute);
        a->set_type(onnx::AttributeProto::STRING);
        a->set_s(value);
        return out;
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

    /// A node with several outputs ("<name>:out", "<name>:out1", …).
    std::vector<std::string> multiNode(const std::string& op, const std::string& name, std::initializer_list<std::string> inputs,
                                       int outputs, std::initializer_list<Attr> attrs = {})
    {
        const std::string first = node(op, name, inputs, attrs);
        std::vector<std::string> out{first};
        for (int k = 1; k < outputs; ++k) {
            out.push_back(name + ":out" + std::to_string(k));
            g->mutable_node(g->node_size() - 1)->add_output(out.back());
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
    /// The fc6–fc8 classifier of VGG and AlexNet (Gemm with transposed weights and a bias, ReLU
    /// between its layers).
    std::string classifier(std::string x, std::int64_t in)
    {
        for (const auto& [name, out] : {std::pair{std::string("fc6"), std::int64_t(4096)},
                                        std::pair{std::string("fc7"), std::int64_t(4096)},
                                        std::pair{std::string("fc8"), std::int64_t(1000)}}) {
            x = node("Gemm", name, {x, weights(name + ".weight", {out, in}), weights(name + ".bias", {out})}, {ia("transB", 1)});
            if (name != "fc8")
                x = relu(name + ".relu", x);
            in = out;
        }
        return x;
    }

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

namespace {

/// A convolution's output extent.
std::int64_t convOut(std::int64_t in, std::int64_t kernel, std::int64_t stride, std::int64_t pad, std::int64_t dilation = 1)
{
    return (in + 2 * pad - dilation * (kernel - 1) - 1) / stride + 1;
}

} // namespace

std::string vgg16Onnx()
{
    Builder b("VGG-16");
    std::string x = b.input("input", {-1, 3, 224, 224});
    std::int64_t c = 3;
    int block = 1, index = 1;
    for (const std::int64_t v : {64, 64, 0, 128, 128, 0, 256, 256, 256, 0, 512, 512, 512, 0, 512, 512, 512, 0}) {
        if (v == 0) {
            x = b.node("MaxPool", "pool" + std::to_string(block++), {x},
                       {Builder::il("kernel_shape", {2, 2}), Builder::il("strides", {2, 2})});
            index = 1;
            continue;
        }
        const std::string name = "conv" + std::to_string(block) + "_" + std::to_string(index++);
        x = b.relu(name + ".relu", b.conv(name, x, c, v, 3, 1, 1));
        c = v;
    }
    x = b.classifier(b.node("Flatten", "flatten", {x}, {Builder::ia("axis", 1)}), 512 * 7 * 7);
    b.output(x, {-1, 1000});
    return b.serialized();
}

std::string alexnetOnnx()
{
    Builder b("AlexNet");
    std::string x = b.input("input", {-1, 3, 224, 224});
    const auto pool = [&](const std::string& name, const std::string& in) {
        return b.node("MaxPool", name, {in}, {Builder::il("kernel_shape", {3, 3}), Builder::il("strides", {2, 2})});
    };
    x = pool("pool1", b.relu("conv1.relu", b.conv("conv1", x, 3, 64, 11, 4, 2)));
    x = pool("pool2", b.relu("conv2.relu", b.conv("conv2", x, 64, 192, 5, 1, 2)));
    x = b.relu("conv3.relu", b.conv("conv3", x, 192, 384, 3, 1, 1));
    x = b.relu("conv4.relu", b.conv("conv4", x, 384, 256, 3, 1, 1));
    x = pool("pool5", b.relu("conv5.relu", b.conv("conv5", x, 256, 256, 3, 1, 1)));
    x = b.classifier(b.node("Flatten", "flatten", {x}, {Builder::ia("axis", 1)}), 256 * 6 * 6);
    b.output(x, {-1, 1000});
    return b.serialized();
}

std::string mobilenetV2Onnx()
{
    Builder b("MobileNetV2");
    const std::string lo = b.floats("relu6.min", {0.f}), hi = b.floats("relu6.max", {6.f});
    const auto convBnRelu6 = [&](const std::string& name, const std::string& in, std::int64_t cin, std::int64_t cout,
                                 std::int64_t k, std::int64_t stride, std::int64_t group) {
        return b.node("Clip", name + ".relu6", {b.bn(name + ".bn", b.conv(name, in, cin, cout, k, stride, k / 2, group), cout), lo, hi});
    };
    std::string x = convBnRelu6("features.0", b.input("input", {-1, 3, 224, 224}), 3, 32, 3, 2, 1);
    std::int64_t c = 32;
    int block = 1;
    struct Stage {
        std::int64_t expand, out, repeats, stride;
    };
    for (const Stage& st : {Stage{1, 16, 1, 1}, Stage{6, 24, 2, 2}, Stage{6, 32, 3, 2}, Stage{6, 64, 4, 2}, Stage{6, 96, 3, 1},
                            Stage{6, 160, 3, 2}, Stage{6, 320, 1, 1}})
        for (std::int64_t i = 0; i < st.repeats; ++i, ++block) {
            const std::string p = "features." + std::to_string(block);
            const std::int64_t stride = i == 0 ? st.stride : 1, hidden = c * st.expand;
            std::string y = x;
            if (st.expand != 1)
                y = convBnRelu6(p + ".expand", y, c, hidden, 1, 1, 1);
            y = convBnRelu6(p + ".dw", y, hidden, hidden, 3, stride, hidden);
            y = b.bn(p + ".project.bn", b.conv(p + ".project", y, hidden, st.out, 1, 1, 0), st.out);
            x = stride == 1 && c == st.out ? b.node("Add", p + ".add", {x, y}) : y;
            c = st.out;
        }
    x = convBnRelu6("features.18", x, c, 1280, 1, 1, 1);
    x = b.node("GlobalAveragePool", "pool", {x});
    x = b.node("Flatten", "flatten", {x}, {Builder::ia("axis", 1)});
    x = b.node("Gemm", "classifier", {x, b.weights("classifier.weight", {1000, 1280}), b.weights("classifier.bias", {1000})},
               {Builder::ia("transB", 1)});
    b.output(x, {-1, 1000});
    return b.serialized();
}

std::string detectorOnnx()
{
    Builder b("tiny-detector");
    b.metadata("imgsz", "[640, 640]");
    b.metadata("stride", "32");
    std::string x = b.symbolicInput("images", {-1, 3, -1, -1}, {"batch", "", "height", "width"});
    x = b.relu("stem.act", b.conv("stem", x, 3, 16, 3, 2, 1));
    x = b.relu("down.act", b.conv("down", x, 16, 32, 3, 2, 1));
    // Depthwise, dilated along rows only: pads [2, 1] keep the size.
    x = b.node("Conv", "dw", {x, b.weights("dw.weight", {32, 1, 3, 3})},
               {Builder::il("kernel_shape", {3, 3}), Builder::il("dilations", {2, 1}), Builder::il("pads", {2, 1, 2, 1}),
                Builder::ia("group", 32)});
    // Upsampling 2× with sizes computed from the map's own shape.
    const std::string shape = b.node("Shape", "up.shape", {x});
    const std::string hw = b.node("Slice", "up.hw", {shape, b.ints("up.starts", {2}), b.ints("up.ends", {4})});
    const std::string scaled = b.node("Mul", "up.times2", {hw, b.ints("up.two", {2, 2})});
    const std::string nc = b.node("Slice", "up.nc", {shape, b.ints("up.nc.starts", {0}), b.ints("up.nc.ends", {2})});
    const std::string sizes = b.node("Concat", "up.sizes", {nc, scaled}, {Builder::ia("axis", 0)});
    const std::string up = b.stringNode("Resize", "up", {x, "", "", sizes}, "mode", "nearest");
    // The same size by a transposed convolution.
    const std::string ct = b.node("ConvTranspose", "deconv", {x, b.weights("deconv.weight", {32, 16, 4, 4})},
                                  {Builder::il("kernel_shape", {4, 4}), Builder::il("strides", {2, 2}),
                                   Builder::il("pads", {1, 1, 1, 1})});
    x = b.node("Concat", "merge", {up, ct}, {Builder::ia("axis", 1)});
    x = b.node("Conv", "neck", {x, b.weights("neck.weight", {24, 48, 3, 3})},
               {Builder::il("kernel_shape", {3, 3}), Builder::il("strides", {2, 1}), Builder::il("pads", {1, 1, 1, 1})});
    // Head: [N, 24, H, W] → [N, 24, H·W] with the batch read from the shape → [N, H·W, 24] → × [24, 8].
    const std::string batch = b.node("Gather", "head.batch", {b.node("Shape", "head.shape", {x}), b.ints("head.zero", {0})},
                                     {Builder::ia("axis", 0)});
    const std::string target = b.node("Concat", "head.target", {batch, b.ints("head.rest", {24, -1})}, {Builder::ia("axis", 0)});
    x = b.node("Reshape", "head.flatten", {x, target});
    x = b.node("Transpose", "head.transpose", {x}, {Builder::il("perm", {0, 2, 1})});
    x = b.node("MatMul", "head.classes", {x, b.weights("head.weight", {24, 8})});
    b.output(x, {-1, -1, 8});
    return b.serialized();
}

std::int64_t detectorMacs(std::int64_t n, std::int64_t h, std::int64_t w)
{
    const std::int64_t h1 = convOut(h, 3, 2, 1), w1 = convOut(w, 3, 2, 1);
    const std::int64_t h2 = convOut(h1, 3, 2, 1), w2 = convOut(w1, 3, 2, 1);
    const std::int64_t stem = n * 16 * 3 * 9 * h1 * w1, down = n * 32 * 16 * 9 * h2 * w2;
    const std::int64_t dw = n * 32 * 9 * h2 * w2;             // one input channel per group
    const std::int64_t deconv = n * 32 * h2 * w2 * 16 * 4 * 4; // every input element × K × kernel
    const std::int64_t h3 = convOut(2 * h2, 3, 2, 1), w3 = convOut(2 * w2, 3, 1, 1);
    const std::int64_t neck = n * 24 * 48 * 9 * h3 * w3;
    const std::int64_t head = n * h3 * w3 * 24 * 8;
    return stem + down + dw + deconv + neck + head;
}

std::string attentionOnnx()
{
    Builder b("tiny-attention");
    const std::string x = b.symbolicInput("tokens", {-1, -1, 64}, {"batch", "sequence", ""});
    const std::string lead = b.node("Slice", "shape.lead", {b.node("Shape", "shape", {x}), b.ints("lead.starts", {0}),
                                                            b.ints("lead.ends", {2})});
    const std::string split = b.node("Concat", "split.shape", {lead, b.ints("split.heads", {4, 16})}, {Builder::ia("axis", 0)});
    std::string qkv[3];
    const char* names[] = {"q", "k", "v"};
    for (int h = 0; h < 3; ++h) {
        const std::string p = names[h];
        const std::string proj = b.node("MatMul", p + ".proj", {x, b.weights(p + ".weight", {64, 64})});
        qkv[h] = b.node("Transpose", p + ".heads", {b.node("Reshape", p + ".split", {proj, split})},
                        {Builder::il("perm", {0, 2, 1, 3})});
    }
    const std::string scores = b.stringNode("Einsum", "scores", {qkv[0], qkv[1]}, "equation", "bhqd,bhkd->bhqk");
    const std::string probs = b.node("Softmax", "probs", {scores}, {Builder::ia("axis", -1)});
    std::string ctx = b.node("MatMul", "context", {probs, qkv[2]});
    ctx = b.node("Transpose", "context.merge", {ctx}, {Builder::il("perm", {0, 2, 1, 3})});
    const std::string merged = b.node("Concat", "merge.shape", {lead, b.ints("merge.width", {64})}, {Builder::ia("axis", 0)});
    ctx = b.node("Reshape", "context.flat", {ctx, merged});
    const std::string y = b.stringNode("Einsum", "out.proj", {ctx, b.weights("out.weight", {64, 64})}, "equation", "...i,io->...o");
    b.output(y, {-1, -1, 64});
    return b.serialized();
}

std::int64_t attentionMacs(std::int64_t n, std::int64_t s)
{
    const std::int64_t projections = 4 * n * s * 64 * 64;      // Q, K, V and the output
    const std::int64_t products = 2 * n * 4 * s * s * 16;      // Q·Kᵀ and A·V per head
    return projections + products;
}

std::string recognizerOnnx()
{
    Builder b("tiny-recognizer", 14);
    std::string x = b.symbolicInput("image", {-1, 1, 32, -1}, {"batch", "", "", "width"});
    x = b.relu("c1.act", b.conv("c1", x, 1, 16, 3, 1, 1));
    x = b.node("MaxPool", "p1", {x}, {Builder::il("kernel_shape", {2, 2}), Builder::il("strides", {2, 2})});
    for (const auto& [name, cin] : {std::pair{std::string("c2"), std::int64_t(16)}, std::pair{std::string("c3"), std::int64_t(32)}})
        x = b.relu(name + ".act", b.node("Conv", name, {x, b.weights(name + ".weight", {32, cin, 3, 3})},
                                         {Builder::il("kernel_shape", {3, 3}), Builder::il("strides", {2, 1}),
                                          Builder::il("pads", {1, 1, 1, 1})}));
    x = b.node("MaxPool", "p2", {x}, {Builder::il("kernel_shape", {4, 1}), Builder::il("strides", {4, 1})});
    x = b.node("Squeeze", "rows", {x, b.ints("rows.axes", {2})});
    x = b.node("Transpose", "time.major", {x}, {Builder::il("perm", {2, 0, 1})}); // [W', N, 32]
    const auto lstm = b.multiNode("LSTM", "lstm", {x, b.weights("lstm.W", {2, 96, 32}), b.weights("lstm.R", {2, 96, 24})}, 1,
                                  {Builder::ia("hidden_size", 24)});
    auto* direction = b.g->mutable_node(b.g->node_size() - 1)->add_attribute();
    direction->set_name("direction");
    direction->set_type(onnx::AttributeProto::STRING);
    direction->set_s("bidirectional");
    x = b.node("Transpose", "lstm.merge", {lstm[0]}, {Builder::il("perm", {0, 2, 1, 3})}); // [W', N, 2, 24]
    x = b.node("Reshape", "lstm.flat", {x, b.ints("lstm.flat.shape", {0, 0, 48})});
    x = b.node("MatMul", "classes", {x, b.weights("classes.weight", {48, 11})});
    b.output(x, {-1, -1, 11});
    return b.serialized();
}

std::int64_t recognizerMacs(std::int64_t n, std::int64_t w)
{
    const std::int64_t c1 = n * 16 * 9 * 32 * w;
    const std::int64_t w2 = w / 2; // the 2 × 2 pooling
    const std::int64_t c2 = n * 32 * 16 * 9 * 8 * w2, c3 = n * 32 * 32 * 9 * 4 * w2;
    const std::int64_t lstm = 2 * w2 * n * 4 * 24 * (32 + 24); // two directions, four gates
    const std::int64_t classes = w2 * n * 48 * 11;
    return c1 + c2 + c3 + lstm + classes;
}

std::string controlFlowOnnx()
{
    Builder b("control-flow");
    b.importDomain("local");
    std::string x = b.input("x", {1, 8, 8, 8});
    const std::string w = b.weights("w", {8, 8, 1, 1});
    x = b.node("Conv", "plain", {x, w}, {Builder::il("kernel_shape", {1, 1})});
    auto* cond = b.g->add_initializer();
    cond->set_name("cond");
    cond->set_data_type(onnx::TensorProto::BOOL);
    cond->add_int32_data(1);
    const std::string branched = b.node("If", "choose", {"cond"});
    for (const char* branch : {"then_branch", "else_branch"}) {
        auto* a = b.g->mutable_node(b.g->node_size() - 1)->add_attribute();
        a->set_name(branch);
        a->set_type(onnx::AttributeProto::GRAPH);
        onnx::GraphProto* g = a->mutable_g();
        g->set_name(branch);
        auto* conv = g->add_node();
        conv->set_op_type("Conv");
        conv->set_name(std::string(branch) + ".conv");
        conv->add_input(x);
        conv->add_input(w);
        conv->add_output(std::string(branch) + ".out");
        Builder::declare(g->add_output(), std::string(branch) + ".out", {1, 8, 8, 8});
    }
    b.valueInfo(branched, {1, 8, 8, 8});
    // A function of the model's own: Y = X·X on [1, 8, 64] × … (squared by rows).
    onnx::FunctionProto* f = b.m.add_functions();
    f->set_name("Square");
    f->set_domain("local");
    f->add_input("X");
    f->add_output("Y");
    auto* op = f->add_opset_import();
    op->set_domain("");
    op->set_version(17);
    auto* mm = f->add_node();
    mm->set_op_type("MatMul");
    mm->add_input("X");
    mm->add_input("X");
    mm->add_output("Y");
    const std::string rows = b.node("Reshape", "rows", {branched, b.ints("rows.shape", {1, 8, 8, 8})});
    const std::string y = b.node("Square", "square", {rows}, {}, "local");
    b.output(y, {1, 8, 8, 8});
    return b.serialized();
}

std::string shapeChainsOnnx()
{
    Builder b("shape-chains");
    const std::string x = b.symbolicInput("x", {-1, 16, -1, -1}, {"batch", "", "height", "width"});
    const std::string shape = b.node("Shape", "shape", {x});
    const std::string hw = b.node("Slice", "hw", {shape, b.ints("hw.starts", {2}), b.ints("hw.ends", {4})});
    const auto castTo = [&](const std::string& name, const std::string& in, int type) {
        const std::string out = b.node("Cast", name, {in});
        auto* a = b.g->mutable_node(b.g->node_size() - 1)->add_attribute();
        a->set_name("to");
        a->set_type(onnx::AttributeProto::INT);
        a->set_i(type);
        return out;
    };
    const std::string half = b.node("Floor", "half.floor",
                                    {b.node("Div", "half", {castTo("hw.float", hw, onnx::TensorProto::FLOAT), b.floats("two", {2.f})})});
    const std::string halfInt = castTo("half.int", half, onnx::TensorProto::INT64);
    const std::string ones = b.node("ConstantOfShape", "ones", {b.ints("ones.shape", {2})});
    auto* value = b.g->mutable_node(b.g->node_size() - 1)->add_attribute();
    value->set_name("value");
    value->set_type(onnx::AttributeProto::TENSOR);
    value->mutable_t()->set_data_type(onnx::TensorProto::INT64);
    value->mutable_t()->add_dims(1);
    value->mutable_t()->add_int64_data(1);
    const std::string positive = b.node("Greater", "positive", {halfInt, b.ints("zeros", {0, 0})});
    const std::string safe = b.node("Where", "safe", {positive, halfInt, ones});
    const std::string nc = b.node("Slice", "nc", {shape, b.ints("nc.starts", {0}), b.ints("nc.ends", {2})});
    const std::string sizes = b.node("Concat", "sizes", {nc, safe}, {Builder::ia("axis", 0)});
    std::string y = b.stringNode("Resize", "down", {x, "", "", sizes}, "mode", "nearest");
    y = b.conv("conv", y, 16, 32, 3, 1, 1);
    // [N, 32, h, w] → [N, 32, h·w] → [N, h·w, 32] → × [32, 10].
    const std::string batch = b.node("Squeeze", "batch", {b.node("Gather", "batch.pick", {shape, b.ints("first", {0})}),
                                                          b.ints("batch.axes", {0})});
    const std::string batch1 = b.node("Unsqueeze", "batch.vector", {batch, b.ints("batch.vector.axes", {0})});
    const std::string range = b.node("Range", "axes", {b.ints("range.start", {0}), b.ints("range.limit", {1}), b.ints("range.delta", {1})});
    const std::string area = b.node("ReduceProd", "area", {b.node("Gather", "area.dims", {safe, b.node("Add", "axes.01", {range, b.ints("range.pair", {0, 1})})})},
                                    {Builder::ia("keepdims", 1)});
    const std::string target = b.node("Concat", "target", {batch1, b.ints("channels", {32}), area}, {Builder::ia("axis", 0)});
    y = b.node("Reshape", "flat", {y, target});
    y = b.node("Transpose", "rows", {y}, {Builder::il("perm", {0, 2, 1})});
    y = b.node("MatMul", "head", {y, b.weights("head.weight", {32, 10})});
    b.output(y, {-1, -1, 10});
    return b.serialized();
}

std::int64_t shapeChainsMacs(std::int64_t n, std::int64_t h, std::int64_t w)
{
    const std::int64_t area = (h / 2) * (w / 2);
    return n * 32 * 16 * 9 * area + n * area * 32 * 10;
}

std::string partialOnnx()
{
    Builder b("partial");
    std::string x = b.input("volume", {1, 4, 8, 8, 8});
    x = b.node("Conv", "conv3d", {x, b.weights("conv3d.weight", {8, 4, 3, 3, 3})},
               {Builder::il("kernel_shape", {3, 3, 3}), Builder::il("pads", {1, 1, 1, 1, 1, 1})});
    x = b.node("Reshape", "slices", {x, b.ints("slices.shape", {1, 64, 8, 8})});
    x = b.node("Conv", "mix", {x, b.weights("mix.weight", {8, 64, 1, 1})}, {Builder::il("kernel_shape", {1, 1})});
    x = b.stringNode("Einsum", "gate", {x, x, b.weights("gate.weight", {8})}, "equation", "bchw,bchw,c->bc");
    b.output(x, {1, 8});
    return b.serialized();
}

} // namespace mapscape::testing
