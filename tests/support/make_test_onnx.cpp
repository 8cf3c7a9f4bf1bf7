// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
// Writes the test ONNX models (support/onnx_models) into a folder, for the CLI tests:
//   make_test_onnx DIR
// resnet50.onnx (torchvision topology), resnet50-option-a.onnx, mobile.onnx, encoder.onnx,
// unsupported.onnx, detector.onnx, attention.onnx, recognizer.onnx, partial.onnx, and
// truncated.onnx (the first half of resnet50.onnx).

#include "support/onnx_models.h"

#include <filesystem>
#include <fstream>
#include <iostream>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: make_test_onnx DIR\n";
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    std::filesystem::create_directories(dir);
    const auto write = [&](const char* name, const std::string& bytes) {
        std::ofstream out(dir / name, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), std::streamsize(bytes.size()));
        if (!out) {
            std::cerr << "cannot write " << (dir / name).string() << "\n";
            std::exit(1);
        }
    };
    const std::string resnet = mapscape::testing::resnet50Onnx(true);
    write("resnet50.onnx", resnet);
    write("resnet50-option-a.onnx", mapscape::testing::resnet50Onnx(false));
    write("mobile.onnx", mapscape::testing::mobileBlocksOnnx());
    write("encoder.onnx", mapscape::testing::transformerBlockOnnx());
    write("unsupported.onnx", mapscape::testing::unsupportedOpsOnnx());
    write("detector.onnx", mapscape::testing::detectorOnnx());
    write("attention.onnx", mapscape::testing::attentionOnnx());
    write("recognizer.onnx", mapscape::testing::recognizerOnnx());
    write("partial.onnx", mapscape::testing::partialOnnx());
    write("truncated.onnx", resnet.substr(0, resnet.size() / 2));
    return 0;
}
