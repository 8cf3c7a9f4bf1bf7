// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
// ONNX import: models built here with the ONNX protobuf API (support/onnx_models) become the
// same layer lists and placement graphs as the presets and built-in generators.

#include "core/network/onnx_import.h"
#include "kinds/scheduling/core/preset_io.h"
#include "core/model/validation.h"
#include "support/onnx_models.h"

#include <onnx/onnx_pb.h>

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace mapscape;

namespace {

bool sameShape(const Layer& a, const Layer& b)
{
    return a.k == b.k && a.b == b.b && a.p == b.p && a.q == b.q && a.c == b.c && a.r == b.r && a.s == b.s && a.g == b.g &&
           a.stride == b.stride;
}

QString describe(const Layer& l)
{
    return QStringLiteral("%1 K%2 B%3 P%4 Q%5 C%6 R%7 S%8 G%9 stride %10")
        .arg(QString::fromStdString(l.name))
        .arg(l.k)
        .arg(l.b)
        .arg(l.p)
        .arg(l.q)
        .arg(l.c)
        .arg(l.r)
        .arg(l.s)
        .arg(l.g)
        .arg(l.stride);
}

bool anyContains(const std::vector<std::string>& lines, const std::string& part)
{
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

const placement::GraphNode& nodeNamed(const placement::WorkloadGraph& g, const std::string& name)
{
    for (const placement::GraphNode& n : g.nodes)
        if (n.name == name)
            return n;
    throw std::runtime_error("no node " + name);
}

} // namespace

class TestOnnxImport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void resnet50EqualsThePlacementGenerator()
    {
        // torchvision's ResNet-50 (projection shortcuts): with conv + BN + ReLU fused and each
        // block's residual add folded into its last 1×1 conv, the import is the built-in
        // ResNet-50 placement graph node for node (names, ops, edges, sizes, weights, MACs).
        const OnnxImport im = importOnnxBytes(testing::resnet50Onnx(true), "resnet50.onnx");
        const placement::WorkloadGraph ref = placement::makeResNet(50);
        QCOMPARE(im.graph.nodeCount(), 57);
        QCOMPARE(im.graph.edgeCount(), ref.edgeCount());
        for (int i = 0; i < ref.nodeCount(); ++i) {
            const placement::GraphNode &a = im.graph.nodes[std::size_t(i)], &b = ref.nodes[std::size_t(i)];
            QVERIFY2(a == b, qPrintable(QStringLiteral("node %1: imported %2, built in %3")
                                            .arg(i)
                                            .arg(QString::fromStdString(a.name), QString::fromStdString(b.name))));
        }
        QCOMPARE(im.graph.totalWeights(), std::int64_t(25'502'912));
        QCOMPARE(im.graph.totalMacs(), ref.totalMacs());
        QCOMPARE(im.graph.name, std::string("ResNet-50"));
        // The symbolic batch was pinned to 1 and said so; nothing was skipped.
        QVERIFY(anyContains(im.warnings, "input \"input\": dimension \"N\" taken as 1"));
        QVERIFY(im.skippedOperators.empty());
        // Every convolution and the FC layer, one layer each.
        QCOMPARE(int(im.network.layers.size()), 53 + 1);
        QVERIFY(validateNetwork(im.network).empty());
    }

    void resnet50EqualsTheNetworkPreset()
    {
        // With parameter-free ("option A") shortcuts the distinct layer shapes are exactly the
        // ResNet-50 preset's list (NeuroSpector's), in its order; torchvision's projection
        // shortcuts add three strided 1×1 convolutions the preset leaves out (the first stage's
        // has CONV_2_3's shape and merges into it).
        const Network preset = loadNetwork(MAPSCAPE_SOURCE_PRESET_DIR "/networks/resnet50.json");
        QCOMPARE(int(preset.layers.size()), 21);
        const OnnxImport a = importOnnxBytes(testing::resnet50Onnx(false), "resnet50-a.onnx", {.distinctLayers = true});
        QCOMPARE(a.network.layers.size(), preset.layers.size());
        for (std::size_t i = 0; i < preset.layers.size(); ++i)
            QVERIFY2(sameShape(a.network.layers[i], preset.layers[i]),
                     qPrintable(describe(a.network.layers[i]) + QStringLiteral(" vs preset ") + describe(preset.layers[i])));
        int total = 0;
        for (const Layer& l : a.network.layers)
            total += int(l.repeat);
        QCOMPARE(total, 49 + 1); // 49 convolutions without projections, and the FC layer
        QCOMPARE(a.network.layers[8].repeat, std::int64_t(3)); // CONV_3_4 (512 → 128) in blocks 2–4

        const OnnxImport b = importOnnxBytes(testing::resnet50Onnx(true), "resnet50-b.onnx", {.distinctLayers = true});
        QCOMPARE(int(b.network.layers.size()), 24);
        std::vector<Layer> expected = preset.layers;
        const auto projection = [](std::int64_t k, std::int64_t c, std::int64_t p) {
            Layer l;
            l.k = k;
            l.c = c;
            l.p = l.q = p;
            l.stride = 2;
            return l;
        };
        // Each stage's projection follows its first block's conv3 (CONV_3_3, CONV_4_3, CONV_5_3).
        expected.insert(expected.begin() + 18, projection(2048, 1024, 7));
        expected.insert(expected.begin() + 13, projection(1024, 512, 14));
        expected.insert(expected.begin() + 8, projection(512, 256, 28));
        for (std::size_t i = 0; i < expected.size(); ++i)
            QVERIFY2(sameShape(b.network.layers[i], expected[i]),
                     qPrintable(describe(b.network.layers[i]) + QStringLiteral(" vs ") + describe(expected[i])));
        QCOMPARE(b.network.layers[3].repeat, std::int64_t(4)); // CONV_2_3 in three blocks and the first projection
    }

    void depthwiseGroupedAndOneDimensional()
    {
        const OnnxImport im = importOnnxBytes(testing::mobileBlocksOnnx(), "mobile.onnx");
        const Network& n = im.network;
        QCOMPARE(int(n.layers.size()), 8);
        const Layer& dw = n.layers[1];
        QCOMPARE(dw.name, std::string("dw"));
        QCOMPARE(dw.kind(), LayerKind::Depthwise);
        QVERIFY(dw.k == 96 && dw.c == 96 && dw.g == 96 && dw.r == 3 && dw.s == 3 && dw.stride == 2 && dw.p == 56 && dw.q == 56);
        const Layer& grouped = n.layers[3];
        QCOMPARE(grouped.kind(), LayerKind::GroupConvolution);
        QVERIFY(grouped.k == 48 && grouped.c == 24 && grouped.g == 4 && grouped.p == 56);
        const Layer& oneD = n.layers[7];
        QVERIFY2(oneD.k == 16 && oneD.c == 48 && oneD.p == 1 && oneD.q == 3134 && oneD.r == 1 && oneD.s == 3,
                 qPrintable(describe(oneD)));
        QVERIFY(validateNetwork(n).empty());

        // Placement: BN and ReLU6 (Clip) fold into their convs, the residual add into the
        // block's projection (its first operand).
        const placement::WorkloadGraph& g = im.graph;
        QCOMPARE(g.nodeCount(), 9);
        const placement::GraphNode& d = nodeNamed(g, "dw");
        QCOMPARE(d.groups, 96);
        QCOMPARE(d.weights, std::int64_t(96 * 3 * 3));
        QCOMPARE(d.macs, std::int64_t(56 * 56 * 96 * 9));
        const placement::GraphNode& proj = nodeNamed(g, "block.project+add");
        QCOMPARE(int(proj.inputs.size()), 2);
        QCOMPARE(g.nodes[std::size_t(proj.inputs[1])].name, std::string("grouped"));
        QCOMPARE(nodeNamed(g, "expand").externalInput, std::int64_t(32 * 112 * 112));
        QVERIFY(placement::validateWorkloadGraph(g).empty());
    }

    void matmulsGemmAndTransformerOps()
    {
        const OnnxImport im = importOnnxBytes(testing::transformerBlockOnnx(), "encoder.onnx");
        // Q, K, V, output projection, scores, context, two MLP MatMuls, classifier Gemm.
        QCOMPARE(int(im.network.layers.size()), 9);
        const Layer& q = im.network.layers[0];
        QVERIFY2(q.k == 768 && q.c == 768 && q.b == 128 && q.p == 1 && q.r == 1 && q.stride == 0, qPrintable(describe(q)));
        const int s = im.network.indexOf("attention.scores");
        QVERIFY(s >= 0);
        const Layer& scores = im.network.layers[std::size_t(s)];
        QVERIFY2(scores.k == 128 && scores.c == 64 && scores.b == 12 * 128, qPrintable(describe(scores)));
        const Layer& cls = im.network.layers.back();
        QVERIFY2(cls.name == "classifier" && cls.k == 2 && cls.c == 768 && cls.b == 1, qPrintable(describe(cls)));

        const placement::WorkloadGraph& g = im.graph;
        QVERIFY(placement::validateWorkloadGraph(g).empty());
        QCOMPARE(nodeNamed(g, "attention.query.matmul").weights, std::int64_t(768 * 768));
        QCOMPARE(nodeNamed(g, "attention.query.bias").weights, std::int64_t(768)); // a bias add owns its bias
        QCOMPARE(nodeNamed(g, "attention.query.bias").op, placement::OpKind::Add);
        QCOMPARE(nodeNamed(g, "attention.scores").weights, std::int64_t(0));
        QCOMPARE(nodeNamed(g, "attention.scores").macs, std::int64_t(12) * 128 * 64 * 128);
        QCOMPARE(int(nodeNamed(g, "attention.scores").inputs.size()), 2);
        QCOMPARE(nodeNamed(g, "attention.layernorm").weights, std::int64_t(2 * 768));
        QCOMPARE(nodeNamed(g, "attention.layernorm").op, placement::OpKind::LayerNorm);
        QCOMPARE(nodeNamed(g, "attention.softmax").op, placement::OpKind::Softmax);
        QCOMPARE(nodeNamed(g, "attention.query.transpose").op, placement::OpKind::Transpose);
        // The ReLU folds into its MatMul; the residual Add of two activations stays a node.
        QCOMPARE(nodeNamed(g, "ffn.residual").op, placement::OpKind::Add);
        QVERIFY(std::none_of(g.nodes.begin(), g.nodes.end(), [](const auto& n) { return n.name == "ffn.relu"; }));
        QCOMPARE(nodeNamed(g, "attention.query.matmul").externalInput, std::int64_t(128 * 768));
        QCOMPARE(nodeNamed(g, "cls").op, placement::OpKind::Gather);
    }

    void unsupportedOperatorsAreSkippedByName()
    {
        const OnnxImport im = importOnnxBytes(testing::unsupportedOpsOnnx(), "odd.onnx");
        QCOMPARE(im.skippedOperators, (std::vector<std::string>{"Resize", "Fancy"}));
        QVERIFY(anyContains(im.warnings, "skipped unsupported operator Resize in node \"upsample\""));
        QVERIFY(anyContains(im.warnings, "skipped unsupported operator Fancy (domain com.example) in node \"fancy\""));
        // The convolutions around them survive, linked across the skipped nodes.
        QCOMPARE(int(im.network.layers.size()), 3);
        QCOMPARE(im.network.layers[1].p, std::int64_t(32)); // after the 2× upsample
        QCOMPARE(im.graph.nodeCount(), 3);
        QCOMPARE(im.graph.nodes[1].inputs, std::vector<int>{0});
        QCOMPARE(im.graph.nodes[2].inputs, std::vector<int>{1});
    }

    void badFilesNameTheFileAndNeverCrash()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string full = testing::resnet50Onnx(true);
        const auto write = [&](const std::string& name, std::string_view bytes) {
            const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
            std::ofstream(path, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
            return path;
        };
        const auto expectError = [&](const std::string& path, const char* part) {
            try {
                importOnnxFile(path);
            } catch (const InputError& e) {
                const std::string what = e.what();
                QVERIFY2(what.find(path) != std::string::npos, e.what());
                QVERIFY2(what.find(part) != std::string::npos, e.what());
                return;
            }
            QFAIL(qPrintable(QStringLiteral("no error for ") + QString::fromStdString(path)));
        };
        expectError(write("empty.onnx", ""), "empty file");
        expectError(write("text.onnx", "this is not a protobuf message at all, just text\n"), "");
        expectError(dir.filePath(QStringLiteral("missing.onnx")).toStdString(), "cannot open");
        // Cut anywhere: inside the weights, the node list, the header.
        for (double share : {0.0005, 0.01, 0.25, 0.5, 0.75, 0.999})
            expectError(write("cut-" + std::to_string(int(share * 10000)) + ".onnx",
                              std::string_view(full).substr(0, std::size_t(double(full.size()) * share))),
                        "");
        // A tensor whose bytes fall short of its shape.
        std::string shortWeights = testing::mobileBlocksOnnx();
        {
            // Re-serialize with one weight's data shortened.
            onnx::ModelProto m;
            QVERIFY(m.ParseFromString(shortWeights));
            for (onnx::TensorProto& t : *m.mutable_graph()->mutable_initializer())
                if (t.name() == "dw.weight")
                    t.mutable_raw_data()->resize(100);
            shortWeights = m.SerializeAsString();
        }
        expectError(write("short.onnx", shortWeights), "initializer \"dw.weight\": raw data holds 100 bytes, its shape [96, 1, 3, 3] needs 3456");
        // A grouped conv whose weights do not fit its group.
        std::string badGroup = testing::mobileBlocksOnnx();
        {
            onnx::ModelProto m;
            QVERIFY(m.ParseFromString(badGroup));
            for (onnx::NodeProto& n : *m.mutable_graph()->mutable_node())
                if (n.name() == "grouped")
                    for (onnx::AttributeProto& a : *n.mutable_attribute())
                        if (a.name() == "group")
                            a.set_i(3);
            badGroup = m.SerializeAsString();
        }
        expectError(write("group.onnx", badGroup), "");
        // Zero strides or a negative pad: ONNX's shape inference would divide by zero (found by
        // fuzzing); the import names node and attribute instead.
        for (const char* attribute : {"strides", "pads"}) {
            onnx::ModelProto m;
            QVERIFY(m.ParseFromString(testing::mobileBlocksOnnx()));
            bool changed = false;
            for (onnx::NodeProto& n : *m.mutable_graph()->mutable_node())
                for (onnx::AttributeProto& a : *n.mutable_attribute())
                    if (!changed && a.name() == attribute && a.ints_size() > 0) {
                        a.set_ints(0, std::string(attribute) == "pads" ? -1 : 0);
                        changed = true;
                    }
            QVERIFY(changed);
            expectError(write(std::string(attribute) + ".onnx", m.SerializeAsString()),
                        (std::string("): attribute ") + attribute + (std::string(attribute) == "pads" ? " must be non-negative, got -1" : " must be positive, got 0")).c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestOnnxImport)
#include "tst_onnx_import.moc"
