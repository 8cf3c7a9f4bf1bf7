// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// libFuzzer target for the Timeloop readers and the loop-nest model:
//   clang++ -fsanitize=fuzzer,address ... fuzz_loopnest_spec.cpp <core sources> -lyaml-cpp
// The input is one YAML text (or several, separated by a line "#--8<--" each read as its own
// source). Only mapscape::InputError may come out of the readers and compile(); evaluate() must
// never throw. Anything else (other exceptions, crashes, sanitizer reports) is a finding.
// Build with -DLOOPNEST_FUZZ_MAIN for a plain driver that runs the files named on the command
// line (useful without libFuzzer).

#include "kinds/loopnest/core/loopnest_model.h"
#include "kinds/loopnest/core/timeloop_yaml.h"

#include "core/model/validation.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace mapscape;
    using namespace mapscape::loopnest;
    if (size > (1u << 20))
        return 0;
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::vector<YamlSource> sources;
    const std::string sep = "#--8<--";
    std::size_t start = 0;
    while (true) {
        const std::size_t p = text.find(sep, start);
        sources.emplace_back("fuzz" + std::to_string(sources.size()) + ".yaml",
                             text.substr(start, p == std::string::npos ? std::string::npos : p - start));
        if (p == std::string::npos || sources.size() >= 8)
            break;
        start = p + sep.size();
    }
    try {
        const Spec spec = readSpecTexts(sources);
        (void)writeSpecYaml(spec);
        if (!spec.hasArchitecture || !spec.hasProblem)
            return 0;
        const LoopnestModel model = LoopnestModel::compile(spec.architecture, spec.problem, spec.env);
        if (spec.hasMapping) {
            const EvalResult r = model.evaluate(spec.mapping);
            (void)resultToJson(r, spec.problem);
            (void)writeMappingYaml(spec.architecture, spec.problem, spec.mapping);
        }
    } catch (const InputError&) {
        // expected for bad inputs
    }
    return 0;
}

#ifdef LOOPNEST_FUZZ_MAIN
#include <fstream>
#include <iostream>
#include <sstream>

int main(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        std::ifstream in(argv[i], std::ios::binary);
        std::ostringstream ss;
        ss << in.rdbuf();
        const std::string s = ss.str();
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
        std::cout << "ok " << argv[i] << "\n";
    }
    return 0;
}
#endif
