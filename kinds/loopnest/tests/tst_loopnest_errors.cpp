// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// Error reporting of the Timeloop readers and model: one-line messages naming file, line and
// field; refusals as status. Also checks that the v0.4 `nodes` form reads like the processed
// v0.3 tree. Plain program: exit status 0 when every check passes.

#include "kinds/loopnest/core/loopnest_model.h"
#include "kinds/loopnest/core/timeloop_yaml.h"

#include "core/model/validation.h"

#include <iostream>
#include <string>
#include <vector>

using namespace mapscape;
using namespace mapscape::loopnest;

namespace {

int gFailures = 0;

void check(bool ok, const std::string& what)
{
    if (!ok) {
        ++gFailures;
        std::cout << "FAIL " << what << "\n";
    } else {
        std::cout << "ok   " << what << "\n";
    }
}

const char* kArch = R"(architecture:
  version: '0.4'
  subtree:
  - name: system
    local:
    - name: DRAM[1..1]
      class: DRAM
      attributes: {width: 64, datawidth: 8, meshX: 1, meshY: 1}
    - name: shared_glb[1..1]
      class: SRAM
      attributes:
        depth: 512
        width: 64
        datawidth: 8
        meshX: 1
        meshY: 1
    - name: inter_PE_spatial[1..1]
      class: dummy_storage
      attributes: {depth: 1, width: 1, datawidth: 1, meshX: 1, meshY: 1}
    - name: RF[1..4]
      class: regfile
      attributes: {depth: 64, width: 8, datawidth: 8, meshX: 4, meshY: 1}
    - name: mac[1..4]
      class: intmac
      attributes: {meshX: 4, meshY: 1}
)";

const char* kArchV4 = R"(architecture:
  version: '0.4'
  nodes:
  - !Container
    name: system
    attributes: {datawidth: 8}
  - !Component
    name: DRAM
    class: DRAM
    attributes: {width: 64}
  - !Component
    name: shared_glb
    class: SRAM
    attributes: {depth: 512, width: 64}
  - !Container
    name: PE
    spatial: {meshX: 4}
  - !Component
    name: RF
    class: regfile
    attributes: {depth: 64, width: 8}
  - !Component
    name: mac
    class: intmac
    attributes: {}
)";

const char* kProblem = R"(problem:
  version: '0.4'
  shape:
    name: conv1d
    dimensions: [C, M, R, P]
    data_spaces:
    - name: Weights
      projection: [[[C]], [[M]], [[R]]]
    - name: Inputs
      projection: [[[C]], [[R], [P]]]
    - name: Outputs
      projection: [[[M]], [[P]]]
      read_write: true
  instance: {C: 4, M: 8, R: 3, P: 16}
)";

const char* kMap = R"(mapping:
- target: DRAM
  type: temporal
  factors: C=1 M=2 R=1 P=1
  permutation: CMRP
- target: shared_glb
  type: temporal
  factors: C=1 M=1 R=1 P=4
  permutation: PCMR
- target: inter_PE_spatial
  type: spatial
  factors: C=4 M=1 R=1 P=1
  permutation: CMRP
- target: inter_PE_spatial
  type: bypass
  bypass: [Weights, Inputs, Outputs]
- target: RF
  type: temporal
  factors: C=1 M=4 R=3 P=4
  permutation: RPMC
)";

const char* kErt = R"(ERT:
  version: '0.4'
  tables:
  - name: system.DRAM[1..1]
    actions:
    - {name: read, energy: 512}
    - {name: write, energy: 512}
    - {name: update, energy: 512}
    - {name: leak, energy: 0}
  - name: system.shared_glb[1..1]
    actions:
    - {name: read, energy: 18.2}
    - {name: write, energy: 14.1}
    - {name: update, energy: 14.1}
    - {name: leak, energy: 0.005}
  - name: system.PE[1..4].RF[1..4]
    actions:
    - {name: read, energy: 0.42}
    - {name: write, energy: 0.42}
    - {name: update, energy: 0.42}
    - {name: leak, energy: 0.0008}
  - name: system.PE[1..4].mac[1..4]
    actions:
    - {name: compute, energy: 0.845}
)";

const char* kArt = R"(ART:
  version: '0.4'
  tables:
  - {name: "system.DRAM[1..1]", area: 0}
  - {name: "system.shared_glb[1..1]", area: 21736.3}
  - {name: "system.PE[1..4].RF[1..4]", area: 70.1}
  - {name: "system.PE[1..4].mac[1..4]", area: 332.25}
)";

std::string replace(std::string s, const std::string& from, const std::string& to)
{
    const auto p = s.find(from);
    if (p == std::string::npos) {
        std::cout << "test bug: pattern not found: " << from << "\n";
        ++gFailures;
        return s;
    }
    return s.replace(p, from.size(), to);
}

/// Reads the given sources and expects an InputError whose message is one line starting with
/// `prefix` and containing `needle`.
void expectError(const std::string& what, const std::vector<YamlSource>& src, const std::string& prefix,
                 const std::string& needle)
{
    try {
        const Spec s = readSpecTexts(src);
        (void)evaluateSpec(s);
        check(false, what + ": no error");
    } catch (const InputError& e) {
        const std::string m = e.what();
        const bool oneLine = m.find('\n') == std::string::npos;
        const bool ok = oneLine && m.rfind(prefix, 0) == 0 && m.find(needle) != std::string::npos;
        check(ok, what + ": \"" + m + "\"");
    } catch (const std::exception& e) {
        check(false, what + ": wrong exception type: " + e.what());
    }
}

std::vector<YamlSource> sources(const std::string& arch = kArch, const std::string& map = kMap,
                                const std::string& ert = kErt)
{
    return {{"arch.yaml", arch}, {"problem.yaml", kProblem}, {"map.yaml", map}, {"ERT.yaml", ert}, {"ART.yaml", kArt}};
}

} // namespace

int main()
{
    // The base case evaluates.
    EvalResult base;
    try {
        base = evaluateSpec(readSpecTexts(sources()));
        check(base.ok, "base case evaluates" + (base.ok ? "" : ": " + base.error));
        check(base.actualComputes == 4 * 8 * 3 * 16, "base case computes");
    } catch (const std::exception& e) {
        check(false, std::string("base case: ") + e.what());
    }

    // The v0.4 `nodes` form with !Container / !Component reads to the same model.
    try {
        const EvalResult v4 = evaluateSpec(readSpecTexts(sources(kArchV4)));
        check(v4.ok && v4.energy == base.energy && v4.cycles == base.cycles && v4.area == base.area,
              "v0.4 nodes form agrees with the v0.3 tree" + (v4.ok ? "" : ": " + v4.error));
    } catch (const std::exception& e) {
        check(false, std::string("v0.4 nodes form: ") + e.what());
    }

    // One file holding everything, and several documents in one text.
    try {
        const std::string all = std::string(kArch) + kProblem + kMap + kErt + kArt;
        const EvalResult one = evaluateSpec(readSpecTexts({{"all.yaml", all}}));
        check(one.ok && one.energy == base.energy, "single concatenated file");
        const std::string docs = std::string(kArch) + "---\n" + kProblem + "---\n" + kMap + "---\n" + kErt + "---\n" + kArt;
        const EvalResult multi = evaluateSpec(readSpecTexts({{"docs.yaml", docs}}));
        check(multi.ok && multi.energy == base.energy, "multi-document text");
    } catch (const std::exception& e) {
        check(false, std::string("concatenated inputs: ") + e.what());
    }

    // Errors with file, line and field.
    expectError("unknown dimension in a mapping",
                sources(kArch, replace(kMap, "factors: C=1 M=1 R=1 P=4", "factors: C=1 M=1 R=1 Pp=4")),
                "map.yaml:8: factors: unknown dimension \"Pp\"", "the problem's dimensions are C M R P");
    expectError("unknown level in a mapping", sources(kArch, replace(kMap, "target: shared_glb", "target: shared_gbl")),
                "map.yaml:6: target: unknown level \"shared_gbl\"", "DRAM shared_glb inter_PE_spatial RF");
    expectError("missing ERT action",
                sources(kArch, kMap, replace(kErt, "    - {name: read, energy: 18.2}\n", "")),
                "ERT.yaml:10: no \"read\" action for level \"shared_glb\"", "shared_glb");
    expectError("bad YAML indentation", sources(replace(kArch, "        width: 64\n", "       width: 64\n")),
                "arch.yaml:", "YAML:");
    expectError("yaml-cpp trap (document starting with a comma)",
                {{"arch.yaml", kArch}, {"problem.yaml", std::string(",") + kProblem}},
                "problem.yaml:1: YAML: a document cannot start with ','", "','");
    expectError("negative depth", sources(replace(kArch, "depth: 512", "depth: -5")),
                "arch.yaml:12: depth: expected a positive whole number, got -5", "-5");
    expectError("unknown data space in a bypass", sources(kArch, replace(kMap, "bypass: [Weights,", "bypass: [Weight,")),
                "map.yaml:16: bypass: unknown data space \"Weight\"", "Weights Inputs Outputs");
    expectError("text where a number belongs", sources(replace(kArch, "depth: 512", "depth: lots")),
                "arch.yaml:12: depth: expected a positive whole number, got \"lots\"", "lots");

    // Refusals come back as a status naming the level and the numbers.
    try {
        const Spec s = readSpecTexts(sources(kArch, replace(kMap, "factors: C=1 M=2 R=1 P=1", "factors: C=1 M=4 R=1 P=1")));
        const EvalResult r = evaluateSpec(s);
        check(!r.ok && r.errorClass == "factor_product" &&
                  r.error == "product of all factors of dimension M is 16, which is not equal to the bound 8",
              "factor product refusal: " + r.error);
        const Spec c = readSpecTexts(sources(kArch, replace(replace(kMap, "factors: C=1 M=1 R=1 P=4", "factors: C=1 M=1 R=1 P=1"),
                                                            "factors: C=1 M=4 R=3 P=4", "factors: C=1 M=4 R=3 P=16")));
        const EvalResult rc = evaluateSpec(c);
        check(!rc.ok && rc.errorClass == "capacity" && rc.errorLevel == "RF" &&
                  rc.error == "level RF: mapped tile size 94 exceeds buffer capacity 64",
              "capacity refusal: " + rc.error);
        const Spec f = readSpecTexts(sources(kArch, replace(replace(kMap, "factors: C=4 M=1 R=1 P=1", "factors: C=4 M=2 R=1 P=1"),
                                                            "factors: C=1 M=2 R=1 P=1", "factors: C=1 M=1 R=1 P=1")));
        const EvalResult rf = evaluateSpec(f);
        check(!rf.ok && rf.errorClass == "fanout" && rf.errorLevel == "mac" &&
                  rf.error == "level mac: mapped max Arithmetic instances 8 exceeds hardware instances 4",
              "fan-out refusal: " + rf.error);
    } catch (const std::exception& e) {
        check(false, std::string("refusals: ") + e.what());
    }

    std::cout << (gFailures == 0 ? "all error checks passed\n" : "error checks FAILED\n");
    return gFailures == 0 ? 0 : 1;
}
