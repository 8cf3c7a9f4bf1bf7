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

#include "kinds/scheduling/core/scheduling_model.h"
#include "core/network/network_io.h"

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

OnnxImportOptions resnetInput()
{
    return {.inputShapes = {{"input", {1, 3, 224, 224}}}};
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
        const OnnxImport im = importOnnxBytes(testing::resnet50Onnx(true), "resnet50.onnx", resnetInput());
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
        // Nothing was skipped; the account counts every MAC (4.09 G, as published) and the
        // operators that compute none.
        QVERIFY(im.skippedOperators.empty());
        QCOMPARE(im.layerMacs, std::int64_t(4'089'184'256));
        QVERIFY(im.network.omitted.empty());
        QVERIFY2(im.accountText().find("\"ResNet-50\": 54 layers, 4.09 G MACs (4,089,184,256)") != std::string::npos,
                 im.accountText().c_str());
        QVERIFY2(im.accountText().find("not modelled (no MACs): BatchNormalization ×53, Relu ×49, MaxPool ×1, Add ×16") !=
                     std::string::npos,
                 im.accountText().c_str());
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
        const OnnxImport a = importOnnxBytes(testing::resnet50Onnx(false), "resnet50-a.onnx",
                                              {.distinctLayers = true, .inputShapes = resnetInput().inputShapes});
        QCOMPARE(a.network.layers.size(), preset.layers.size());
        for (std::size_t i = 0; i < preset.layers.size(); ++i)
            QVERIFY2(sameShape(a.network.layers[i], preset.layers[i]),
                     qPrintable(describe(a.network.layers[i]) + QStringLiteral(" vs preset ") + describe(preset.layers[i])));
        int total = 0;
        for (const Layer& l : a.network.layers)
            total += int(l.repeat);
        QCOMPARE(total, 49 + 1); // 49 convolutions without projections, and the FC layer
        QCOMPARE(a.network.layers[8].repeat, std::int64_t(3)); // CONV_3_4 (512 → 128) in blocks 2–4

        const OnnxImport b = importOnnxBytes(testing::resnet50Onnx(true), "resnet50-b.onnx",
                                              {.distinctLayers = true, .inputShapes = resnetInput().inputShapes});
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
        const OnnxImport im =
            importOnnxBytes(testing::transformerBlockOnnx(), "encoder.onnx", {.inputShapes = {{"hidden", {1, 128, 768}}}});
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
        QCOMPARE(im.skippedOperators, (std::vector<std::string>{"Fancy"}));
        QVERIFY(anyContains(im.warnings, "skipped unsupported operator Fancy (domain com.example) in node \"fancy\""));
        // The convolutions around it survive, linked across the skipped node; the Resize is a
        // placement node of its own (data moves through it) and no layer.
        QCOMPARE(int(im.network.layers.size()), 3);
        QCOMPARE(im.network.layers[1].p, std::int64_t(32)); // after the 2× upsample
        QCOMPARE(im.graph.nodeCount(), 4);
        QCOMPARE(im.graph.nodes[1].name, std::string("upsample"));
        QCOMPARE(im.graph.nodes[2].inputs, std::vector<int>{1});
        QCOMPARE(im.graph.nodes[3].inputs, std::vector<int>{2});
        // An operator of unknown cost is skipped, not "not modelled (no MACs)".
        QCOMPARE(im.network.notModelled, (std::vector<std::pair<std::string, std::int64_t>>{{"Resize", 1}}));
    }

    void symbolicInputsAreRefusedNamingEachSymbol()
    {
        // Never guessed: the error names every symbol and the flag, with the model's own hints
        // (Ultralytics' "imgsz" metadata, a batch of 1) where it has them.
        try {
            importOnnxBytes(testing::detectorOnnx(), "detector.onnx");
            QFAIL("a model with symbolic inputs was imported without their shapes");
        } catch (const SymbolicInputError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("detector.onnx: the model's input sizes are not fixed") != std::string::npos, e.what());
            QVERIFY2(what.find("input \"images\" has symbolic dimensions 0 (\"batch\"), 2 (\"height\"), 3 (\"width\"): give "
                               "its shape with --input images=1x3x640x640") != std::string::npos,
                     e.what());
            QCOMPARE(int(e.inputs().size()), 1);
            QCOMPARE(e.inputs()[0].hint, (std::vector<std::int64_t>{1, 3, 640, 640}));
        }
        try {
            importOnnxBytes(testing::recognizerOnnx(), "crnn.onnx");
            QFAIL("no error");
        } catch (const SymbolicInputError& e) {
            QVERIFY2(std::string(e.what()).find("--input image=1x1x32x<width>") != std::string::npos, e.what());
        }
        const auto inputs = onnxInputs(testing::attentionOnnx(), "attention.onnx");
        QCOMPARE(int(inputs.size()), 1);
        QCOMPARE(inputs[0].symbols, (std::vector<std::string>{"batch", "sequence", ""}));
        QCOMPARE(inputs[0].hint, (std::vector<std::int64_t>{1, -1, 64}));
        // Shapes that contradict the model, or name no input, are refused.
        const auto refused = [](const OnnxImportOptions& o, const char* part) {
            try {
                importOnnxBytes(testing::detectorOnnx(), "detector.onnx", o);
            } catch (const InputError& e) {
                QVERIFY2(std::string(e.what()).find(part) != std::string::npos, e.what());
                return;
            }
            QFAIL(part);
        };
        refused({.inputShapes = {{"images", {1, 4, 64, 64}}}}, "dimension 1 of input \"images\" is fixed at 3 in the model, not 4");
        refused({.inputShapes = {{"images", {1, 3, 64}}}}, "has 3 dimensions, the model's input \"images\" has 4");
        refused({.inputShapes = {{"image", {1, 3, 64, 64}}}}, "--input names \"image\", which is not an input of the model (its inputs: \"images\")");
        QCOMPARE(parseInputShape("images=1x3x640x640"), (std::pair<std::string, std::vector<std::int64_t>>{"images", {1, 3, 640, 640}}));
        QCOMPARE(parseShapeText("1, 3, 224, 224"), (std::vector<std::int64_t>{1, 3, 224, 224}));
        for (const char* bad : {"images", "=1x3", "images=1x0x2", "images=1x-3", "images=axb", "images="})
            QVERIFY_THROWS_EXCEPTION(InputError, parseInputShape(bad));
    }

    void everyMacCountedAgainstAnIndependentCount_data()
    {
        QTest::addColumn<int>("model");
        QTest::addColumn<QList<qint64>>("shape");
        QTest::newRow("detector 640") << 0 << QList<qint64>{1, 3, 640, 640};
        QTest::newRow("detector 2x 320x480") << 0 << QList<qint64>{2, 3, 320, 480};
        QTest::newRow("detector odd 97x131") << 0 << QList<qint64>{1, 3, 97, 131};
        QTest::newRow("attention 1x50") << 1 << QList<qint64>{1, 50, 64};
        QTest::newRow("attention 3x128") << 1 << QList<qint64>{3, 128, 64};
        QTest::newRow("recognizer 1x100") << 2 << QList<qint64>{1, 1, 32, 100};
        QTest::newRow("recognizer 4x257") << 2 << QList<qint64>{4, 1, 32, 257};
        QTest::newRow("shape chains 1x64x96") << 3 << QList<qint64>{1, 16, 64, 96};
        QTest::newRow("shape chains 2x33x17") << 3 << QList<qint64>{2, 16, 33, 17};
    }

    void everyMacCountedAgainstAnIndependentCount()
    {
        QFETCH(int, model);
        QFETCH(QList<qint64>, shape);
        const std::vector<std::int64_t> dims(shape.begin(), shape.end());
        const char* input[] = {"images", "tokens", "image", "x"};
        const std::string bytes = model == 0   ? testing::detectorOnnx()
                                  : model == 1 ? testing::attentionOnnx()
                                  : model == 2 ? testing::recognizerOnnx()
                                               : testing::shapeChainsOnnx();
        const std::int64_t expected = model == 0   ? testing::detectorMacs(dims[0], dims[2], dims[3])
                                      : model == 1 ? testing::attentionMacs(dims[0], dims[1])
                                      : model == 2 ? testing::recognizerMacs(dims[0], dims[3])
                                                   : testing::shapeChainsMacs(dims[0], dims[2], dims[3]);
        const OnnxImport im = importOnnxBytes(bytes, "model.onnx", {.inputShapes = {{input[model], dims}}});
        QCOMPARE(im.layerMacs, expected);
        double layers = 0;
        for (const Layer& l : im.network.layers)
            layers += l.macs() * double(l.repeat);
        QCOMPARE(layers, double(expected)); // the layers themselves, not only the counter
        QVERIFY2(im.network.omitted.empty(), im.accountText().c_str());
        QVERIFY2(validateNetwork(im.network).empty(), qPrintable(QString::fromStdString(joinIssues(validateNetwork(im.network)))));
        // Distinct layers count the same MACs.
        const OnnxImport distinct =
            importOnnxBytes(bytes, "model.onnx", {.distinctLayers = true, .inputShapes = {{input[model], dims}}});
        double merged = 0;
        for (const Layer& l : distinct.network.layers)
            merged += l.macs() * double(l.repeat);
        QCOMPARE(merged, double(expected));
    }

    void layersKeepStridesDilationsAndTransposedConvolutions()
    {
        const OnnxImport im = importOnnxBytes(testing::detectorOnnx(), "detector.onnx", {.inputShapes = {{"images", {1, 3, 640, 640}}}});
        const Network& n = im.network;
        const auto layer = [&](const char* name) -> const Layer& {
            const int i = n.indexOf(name);
            if (i < 0)
                throw std::runtime_error(std::string("no layer ") + name);
            return n.layers[std::size_t(i)];
        };
        QCOMPARE(int(n.layers.size()), 6); // stem, down, dw, deconv, neck, head.classes
        const Layer& dw = layer("dw");
        QVERIFY2(dw.g == 32 && dw.dilation == 2 && dw.dilationAlongS() == 1 && dw.p == 160 && dw.q == 160, qPrintable(describe(dw)));
        QVERIFY(!dw.plainGeometry());
        QCOMPARE(dw.inputHeight(), std::int64_t(164)); // 160 + 2 × 2 padding rows: (P − 1) + (R − 1)·2 + 1
        const Layer& deconv = layer("deconv");
        // The convolution it reverses: reads the 32-channel 160 × 160 map's K = 32 outputs from
        // 16 channels, stride 2.
        QVERIFY2(deconv.k == 32 && deconv.c == 16 && deconv.p == 160 && deconv.q == 160 && deconv.r == 4 && deconv.stride == 2,
                 qPrintable(describe(deconv)));
        const Layer& neck = layer("neck");
        QVERIFY2(neck.stride == 2 && neck.strideAlongQ() == 1 && neck.p == 160 && neck.q == 320 && neck.c == 48,
                 qPrintable(describe(neck)));
        QCOMPARE(neck.geometryText(), std::string("strides [2, 1], dilations [1, 1]"));
        const Layer& head = layer("head.classes");
        QVERIFY2(head.b == 160 * 320 && head.c == 24 && head.k == 8, qPrintable(describe(head)));
        // The scheduling model has one stride and no dilation: it refuses such layers by name.
        const FieldIssues issues = schedulingLayerIssues(neck);
        QCOMPARE(int(issues.size()), 1);
        QVERIFY2(issues[0].message.find("strides [2, 1], dilations [1, 1]: the scheduling model (NeuroSpector's) has one stride") !=
                     std::string::npos,
                 issues[0].message.c_str());
        QVERIFY(schedulingLayerIssues(layer("stem")).empty());
        // Network files keep per-axis strides and dilations and the account.
        const std::string json = networkToJson(n);
        QVERIFY2(json.find("\"name\":\"neck\",\"K\":24,\"B\":1,\"P\":160,\"Q\":320,\"C\":48,\"R\":3,\"S\":3,\"G\":1,\"stride\":[2,1]") !=
                     std::string::npos,
                 json.c_str());
        QVERIFY2(json.find("\"dilation\":[2,1]") != std::string::npos, json.c_str());
        QCOMPARE(networkFromJson(json, "again.json"), n);

        const OnnxImport crnn = importOnnxBytes(testing::recognizerOnnx(), "crnn.onnx", {.inputShapes = {{"image", {1, 1, 32, 100}}}});
        const int in = crnn.network.indexOf("lstm.input"), rec = crnn.network.indexOf("lstm.recurrent");
        QVERIFY(in >= 0 && rec >= 0);
        const Layer &li = crnn.network.layers[std::size_t(in)], &lr = crnn.network.layers[std::size_t(rec)];
        QVERIFY2(li.k == 96 && li.c == 32 && li.b == 50 && li.repeat == 2, qPrintable(describe(li)));
        QVERIFY2(lr.k == 96 && lr.c == 24 && lr.b == 50 && lr.repeat == 2, qPrintable(describe(lr)));

        const OnnxImport att = importOnnxBytes(testing::attentionOnnx(), "attention.onnx", {.inputShapes = {{"tokens", {2, 50, 64}}}});
        const Layer& scores = att.network.layers[std::size_t(att.network.indexOf("scores"))];
        QVERIFY2(scores.b == 2 * 4 * 50 && scores.k == 50 && scores.c == 16, qPrintable(describe(scores)));
        const Layer& proj = att.network.layers[std::size_t(att.network.indexOf("out.proj"))];
        QVERIFY2(proj.b == 100 && proj.k == 64 && proj.c == 64, qPrintable(describe(proj)));
    }

    void wellKnownNetworksMatchTheirPublishedTotals_data()
    {
        // Published totals (multiply-accumulates of convolutions and FC layers at 224 × 224,
        // batch 1), as profilers of the torchvision models report them.
        QTest::addColumn<int>("model");
        QTest::addColumn<qint64>("macs");
        QTest::addColumn<int>("layers");
        QTest::newRow("ResNet-50") << 0 << qint64(4'089'184'256) << 54;
        QTest::newRow("VGG-16") << 1 << qint64(15'470'264'320) << 16;
        QTest::newRow("AlexNet") << 2 << qint64(714'188'480) << 8;
        QTest::newRow("MobileNetV2") << 3 << qint64(300'774'272) << 53;
    }

    void wellKnownNetworksMatchTheirPublishedTotals()
    {
        QFETCH(int, model);
        QFETCH(qint64, macs);
        QFETCH(int, layers);
        const std::string bytes = model == 0   ? testing::resnet50Onnx(true)
                                  : model == 1 ? testing::vgg16Onnx()
                                  : model == 2 ? testing::alexnetOnnx()
                                               : testing::mobilenetV2Onnx();
        const OnnxImport im = importOnnxBytes(bytes, "net.onnx", {.inputShapes = {{"input", {1, 3, 224, 224}}}});
        QCOMPARE(im.layerMacs, std::int64_t(macs));
        QCOMPARE(int(im.network.layers.size()), layers);
        QVERIFY(im.network.omitted.empty());
        QVERIFY(validateNetwork(im.network).empty());
    }

    void lostMacsAreAccountedNeverDropped()
    {
        const OnnxImport im = importOnnxBytes(testing::partialOnnx(), "partial.onnx");
        QCOMPARE(im.layerMacs, std::int64_t(32'768));
        QCOMPARE(int(im.network.layers.size()), 1);
        QCOMPARE(int(im.network.omitted.size()), 2);
        QCOMPARE(im.network.omitted[0].node, std::string("conv3d"));
        QCOMPARE(im.network.omitted[0].macs, std::int64_t(8) * 4 * 27 * 512);
        QVERIFY(im.network.omitted[0].reason.find("3-D convolutions are not modelled") != std::string::npos);
        QCOMPARE(im.network.omitted[1].op, std::string("Einsum"));
        QCOMPARE(im.network.omitted[1].macs, std::int64_t(-1));
        QVERIFY2(im.accountText().find("not imported, computing MACs: Conv ×1 (442 k MACs), Einsum ×1 (MACs unknown)") !=
                     std::string::npos,
                 im.accountText().c_str());
        // MACs inside control flow and model-local functions are on the account too.
        const OnnxImport flow = importOnnxBytes(testing::controlFlowOnnx(), "flow.onnx");
        QCOMPARE(flow.layerMacs, std::int64_t(4'096));
        QCOMPARE(int(flow.network.omitted.size()), 2);
        QCOMPARE(flow.network.omitted[0].op, std::string("If"));
        QVERIFY2(flow.network.omitted[0].reason.find("2 operator(s) that compute MACs inside its subgraphs") != std::string::npos,
                 flow.network.omitted[0].reason.c_str());
        QCOMPARE(flow.network.omitted[1].op, std::string("Square"));
        QVERIFY2(flow.network.omitted[1].reason.find("1 operator(s) that compute MACs inside its function") != std::string::npos,
                 flow.network.omitted[1].reason.c_str());

        const std::string json = networkToJson(im.network);
        QVERIFY2(json.find("\"omitted\"") != std::string::npos && json.find("\"not_modelled\"") != std::string::npos, json.c_str());
        QCOMPARE(networkFromJson(json, "partial.json"), im.network);
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
