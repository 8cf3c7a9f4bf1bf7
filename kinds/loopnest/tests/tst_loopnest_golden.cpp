// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// Agreement test of the loop-nest model with timeloop-model on the golden data:
//   tst_loopnest_golden <golden folder> [-v] [case-filter]
// The folder holds reference/<case>/ (dense reference cases) and timeloop-shared.jsonl.
// Exit status 0 only when every case agrees.

#include "kinds/loopnest/core/loopnest_model.h"
#include "kinds/loopnest/core/timeloop_yaml.h"
#include "kinds/loopnest/tests/nearby_mappings.h"

#include "core/model/validation.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace mapscape;
using namespace mapscape::loopnest;
namespace fs = std::filesystem;

namespace {

bool gVerbose = false;
bool gPerturb = false;  // pass 0 only: see checkPerturbed
int gPerturbAccepted = 0;

std::string readFile(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

struct Checker {
    std::string caseName;
    std::vector<std::string> failures;

    void fail(const std::string& what)
    {
        if (failures.size() < 12)
            failures.push_back(what);
    }
    void exact(const std::string& what, double got, double want)
    {
        if (got != want)
            fail(what + ": got " + num(got) + ", want " + num(want));
    }
    void rel(const std::string& what, double got, double want, double tol = 1e-9)
    {
        const double scale = std::max(std::fabs(want), 1e-12);
        if (std::fabs(got - want) > tol * scale && std::fabs(got - want) > 1e-12)
            fail(what + ": got " + num(got) + ", want " + num(want));
    }
    void absTol(const std::string& what, double got, double want, double tol)
    {
        if (std::fabs(got - want) > tol)
            fail(what + ": got " + num(got) + ", want " + num(want) + " (tolerance " + num(tol) + ")");
    }
    static std::string num(double v)
    {
        char b[64];
        std::snprintf(b, sizeof b, "%.17g", v);
        return b;
    }
    bool ok() const { return failures.empty(); }
    void report() const
    {
        std::cout << "FAIL " << caseName << "\n";
        for (const auto& f : failures)
            std::cout << "    " << f << "\n";
    }
};

// ---- Minimal reader of Timeloop's map+stats.xml (boost serialization).

std::vector<double> itemsOf(const std::string& seg, const std::string& tag)
{
    std::vector<double> out;
    const std::string close = "</" + tag + ">";
    auto b = seg.find("<" + tag + ">");
    const auto b2 = seg.find("<" + tag + " ");
    if (b == std::string::npos || (b2 != std::string::npos && b2 < b))
        b = b2;
    if (b == std::string::npos)
        return out;
    const auto gt = seg.find('>', b);
    const auto e = seg.find(close, gt);
    std::string body = seg.substr(gt + 1, e - gt - 1);
    std::size_t p = 0;
    while ((p = body.find("<item>", p)) != std::string::npos) {
        const auto q = body.find("</item>", p);
        out.push_back(std::stod(body.substr(p + 6, q - p - 6)));
        p = q;
    }
    if (out.empty() && body.find('<') == std::string::npos && !body.empty())
        out.push_back(std::stod(body));
    return out;
}

double scalarOf(const std::string& seg, const std::string& tag)
{
    const std::string open = "<" + tag + ">";
    const auto b = seg.find(open);
    if (b == std::string::npos)
        return std::nan("");
    const auto e = seg.find("</" + tag + ">", b);
    return std::stod(seg.substr(b + open.size(), e - b - open.size()));
}

struct XmlLevel {
    std::string name;
    bool arithmetic = false;
    std::string seg;
};

std::vector<XmlLevel> xmlLevels(const std::string& xml)
{
    std::vector<XmlLevel> out;
    const auto end = xml.find("</levels_>");
    const std::string text = xml.substr(0, end);
    std::size_t p = 0;
    std::vector<std::size_t> starts;
    while ((p = text.find("<px class_id", p)) != std::string::npos || (p = text.find("<px class_name", p)) != std::string::npos) {
        starts.push_back(p);
        ++p;
    }
    // Items of levels_ start with "<px"; find them all.
    starts.clear();
    p = 0;
    while ((p = text.find("<px ", p)) != std::string::npos) {
        starts.push_back(p);
        ++p;
    }
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const std::size_t e = i + 1 < starts.size() ? starts[i + 1] : text.size();
        XmlLevel l;
        l.seg = text.substr(starts[i], e - starts[i]);
        l.arithmetic = l.seg.find("<energy_>") != std::string::npos;
        const auto nb = l.seg.find("<level_name>");
        if (nb == std::string::npos)
            continue;
        const auto ne = l.seg.find("</level_name>", nb);
        l.name = l.seg.substr(nb + 12, ne - nb - 12);
        out.push_back(l);
    }
    return out;
}

/// "    MainMemory                         = 5416.67" lines of the fJ/Compute table.
std::map<std::string, double> fjPerCompute(const std::string& stats)
{
    std::map<std::string, double> out;
    const auto b = stats.find("fJ/Compute");
    if (b == std::string::npos)
        return out;
    std::istringstream is(stats.substr(b));
    std::string line;
    std::getline(is, line);
    while (std::getline(is, line)) {
        const auto eq = line.find('=');
        if (eq == std::string::npos)
            break;
        std::string name = line.substr(0, eq);
        name.erase(0, name.find_first_not_of(' '));
        name.erase(name.find_last_not_of(' ') + 1);
        out[name] = std::stod(line.substr(eq + 1));
    }
    return out;
}

double statsNumber(const std::string& stats, const std::string& key)
{
    const auto b = stats.find("\n" + key);
    if (b == std::string::npos)
        return std::nan("");
    return std::stod(stats.substr(b + key.size() + 1));
}

/// The mappers' fast path (evaluateSummary) must accept exactly what the full evaluation
/// accepts, with the same figures; it may refuse a buffer overflow before the analysis, and
/// then the full evaluation refuses the mapping too.
void checkSummaryAgrees(Checker& c, const LoopnestModel& model, const Mapping& mapping, const EvalResult& full)
{
    const EvalResult s = model.evaluateSummary(mapping);
    if (s.ok != full.ok) {
        c.fail(std::string("summary path ") + (s.ok ? "accepts" : "refuses (" + s.error + ")") + ", full path " +
               (full.ok ? "accepts" : "refuses (" + full.error + ")"));
        return;
    }
    if (!s.ok) {
        if (s.errorClass != full.errorClass && s.errorClass != "capacity")
            c.fail("summary path refuses as " + s.errorClass + ", full path as " + full.errorClass);
        return;
    }
    if (s.energy != full.energy || s.cycles != full.cycles || s.utilization != full.utilization ||
        s.actualComputes != full.actualComputes)
        c.fail("summary path figures differ from the full path's");
}

/// Mappings near a case's own (factors moved between levels, loop orders shuffled: many refused),
/// evaluated by the model with translations compared as integer codes and as coordinates: both
/// must give the same result, figure for figure. The moves are seeded by the case's name.
void checkPerturbed(Checker& c, const Spec& spec, const std::string& name)
{
    setTranslationCodes(false);
    const LoopnestModel byCoordinates = LoopnestModel::compile(spec.architecture, spec.problem, spec.env);
    setTranslationCodes(true);
    const LoopnestModel byCodes = LoopnestModel::compile(spec.architecture, spec.problem, spec.env);
    const std::vector<Mapping> nearby = testing::nearbyMappings(spec.mapping, spec.problem.dimensions.size(), name, 24);
    int accepted = 0;
    for (std::size_t trial = 0; trial < nearby.size(); ++trial) {
        const Mapping& m = nearby[trial];
        const EvalResult a = byCodes.evaluate(m), b = byCoordinates.evaluate(m);
        const std::string w = "perturbed mapping " + std::to_string(trial) + ": ";
        if (a.ok != b.ok || a.error != b.error) {
            c.fail(w + "codes " + (a.ok ? "accept" : "refuse (" + a.error + ")") + ", coordinates " +
                   (b.ok ? "accept" : "refuse (" + b.error + ")"));
            continue;
        }
        if (!a.ok)
            continue;
        ++accepted;
        c.exact(w + "energy", a.energy, b.energy);
        c.exact(w + "cycles", static_cast<double>(a.cycles), static_cast<double>(b.cycles));
        for (std::size_t l = 0; l < a.levels.size() && l < b.levels.size(); ++l)
            for (std::size_t d = 0; d < a.levels[l].dataSpaces.size(); ++d) {
                const auto& x = a.levels[l].dataSpaces[d];
                const auto& y = b.levels[l].dataSpaces[d];
                const std::string at = w + a.levels[l].name + "." + std::to_string(d) + ".";
                c.exact(at + "reads", static_cast<double>(x.reads), static_cast<double>(y.reads));
                c.exact(at + "fills", static_cast<double>(x.fills), static_cast<double>(y.fills));
                c.exact(at + "updates", static_cast<double>(x.updates), static_cast<double>(y.updates));
            }
    }
    gPerturbAccepted += accepted;
}

bool runReference(const fs::path& dir, Checker& c)
{
    std::vector<YamlSource> src;
    src.emplace_back("parsed-processed-input.yaml", readFile(dir / "parsed-processed-input.yaml"));
    if (fs::exists(dir / "map.yaml"))
        src.emplace_back("map.yaml", readFile(dir / "map.yaml"));
    src.emplace_back("ERT.yaml", readFile(dir / "ERT.yaml"));
    src.emplace_back("ART.yaml", readFile(dir / "ART.yaml"));
    Spec spec = readSpecTexts(src);
    spec.constraints = {};
    const LoopnestModel model = LoopnestModel::compile(spec.architecture, spec.problem, spec.env);
    const EvalResult r = model.evaluate(spec.mapping);
    checkSummaryAgrees(c, model, spec.mapping, r);
    if (gPerturb)
        checkPerturbed(c, spec, dir.filename().string());
    if (!r.ok) {
        c.fail("refused: " + r.error);
        return false;
    }
    const std::string xml = readFile(dir / "map+stats.xml");
    const std::string stats = readFile(dir / "stats.txt");
    const auto levels = xmlLevels(xml);
    int checkedLevels = 0;
    for (const auto& xl : levels) {
        if (xl.arithmetic) {
            c.rel("arithmetic energy", r.arithmetic.energy, scalarOf(xl.seg, "energy_"));
            c.exact("arithmetic cycles", static_cast<double>(r.arithmetic.cycles), scalarOf(xl.seg, "cycles_"));
            c.exact("arithmetic utilized instances", static_cast<double>(r.arithmetic.utilizedInstances),
                    scalarOf(xl.seg, "utilized_instances_"));
            c.exact("actual computes", static_cast<double>(r.actualComputes), scalarOf(xl.seg, "random_computes_"));
            ++checkedLevels;
            continue;
        }
        const LevelStats* ls = nullptr;
        for (const auto& l : r.levels)
            if (l.name == xl.name)
                ls = &l;
        if (!ls) {
            c.fail("level " + xl.name + " missing");
            continue;
        }
        const auto sp = xl.seg.find("<stats_");
        if (sp == std::string::npos) {
            c.fail("no stats for level " + xl.name + " in map+stats.xml");
            continue;
        }
        const auto st = xl.seg.substr(sp);
        const auto reads = itemsOf(st, "reads"), fills = itemsOf(st, "fills"), updates = itemsOf(st, "updates");
        const auto energy = itemsOf(st, "energy"), inst = itemsOf(st, "utilized_instances");
        const auto agen = itemsOf(st, "address_generations"), tred = itemsOf(st, "temporal_reductions");
        const auto cap = itemsOf(st, "utilized_capacity"), part = itemsOf(st, "partition_size");
        for (std::size_t d = 0; d < ls->dataSpaces.size(); ++d) {
            const auto& s = ls->dataSpaces[d];
            const std::string w = xl.name + "." + spec.problem.dataSpaces[d].name + ".";
            if (d < reads.size()) c.exact(w + "reads", static_cast<double>(s.reads), reads[d]);
            if (d < fills.size()) c.exact(w + "fills", static_cast<double>(s.fills), fills[d]);
            if (d < updates.size()) c.exact(w + "updates", static_cast<double>(s.updates), updates[d]);
            if (d < agen.size()) c.exact(w + "address_generations", static_cast<double>(s.addressGenerations), agen[d]);
            if (d < tred.size()) c.exact(w + "temporal_reductions", static_cast<double>(s.temporalReductions), tred[d]);
            if (d < cap.size()) c.exact(w + "utilized_capacity", static_cast<double>(s.utilizedCapacity), cap[d]);
            if (d < part.size()) c.exact(w + "partition_size", static_cast<double>(s.partitionSize), part[d]);
            if (d < inst.size()) c.exact(w + "utilized_instances", s.utilizedInstances, inst[d]);
            if (d < energy.size()) c.rel(w + "energy", s.accessEnergyPerInstance, energy[d]);
        }
        c.exact(xl.name + ".cycles", static_cast<double>(ls->cycles), scalarOf(st, "cycles"));
        ++checkedLevels;
    }
    if (checkedLevels != static_cast<int>(r.levels.size()) + 1)
        c.fail("checked " + std::to_string(checkedLevels) + " levels of " + std::to_string(r.levels.size() + 1));
    c.exact("cycles", static_cast<double>(r.cycles), statsNumber(stats, "Cycles:"));
    // Areas: arithmetic "Area (total)" and each level's per-instance "Area" (2 decimals).
    {
        double sum = r.arithmetic.area;
        const auto a = stats.find("Area (total)");
        if (a == std::string::npos)
            c.fail("no arithmetic area in stats.txt");
        else
            c.absTol("arithmetic area", r.arithmetic.area, std::stod(stats.substr(stats.find(':', a) + 1)), 0.0051);
        for (const auto& l : r.levels) {
            sum += l.area;
            const auto h = stats.find("=== " + l.name + " ===");
            if (h == std::string::npos)
                continue;
            const auto ar = stats.find("        Area ", h);
            if (ar == std::string::npos)
                continue;
            const double perInstance = std::stod(stats.substr(stats.find(':', ar) + 1));
            c.absTol(l.name + " area/instance", l.area / static_cast<double>(l.instances), perInstance, 0.0051);
        }
        c.rel("area_um2 (sum)", r.area, sum);
    }
    c.absTol("utilization %", r.utilization * 100, statsNumber(stats, "Utilization:"), 0.0051);
    // Energies incl. leakage from the fJ/Compute table (2 decimals).
    const auto fj = fjPerCompute(stats);
    const double computes = static_cast<double>(r.actualComputes);
    for (const auto& l : r.levels) {
        auto it = fj.find(l.name);
        if (it != fj.end())
            c.absTol(l.name + " fJ/compute", l.energy / computes * 1000, it->second, 0.0051);
    }
    auto it = fj.find("Total");
    if (it == fj.end())
        c.fail("no fJ/Compute total in stats.txt");
    else
        c.absTol("total fJ/compute", r.energy / computes * 1000, it->second, 0.0051);
    return c.ok();
}

double jnum(const nlohmann::json& j)
{
    if (j.is_string())
        return std::nan("");
    return j.get<double>();
}

bool runShared(const nlohmann::json& cs, Checker& c)
{
    const auto& in = cs.at("inputs");
    std::vector<YamlSource> src = {{"arch.yaml", in.at("architecture").get<std::string>()},
                                   {"problem.yaml", in.at("problem").get<std::string>()},
                                   {"map.yaml", in.at("mapping").get<std::string>()},
                                   {"ERT.yaml", in.at("ERT").get<std::string>()},
                                   {"ART.yaml", in.at("ART").get<std::string>()}};
    const Spec spec = readSpecTexts(src);
    const LoopnestModel model = LoopnestModel::compile(spec.architecture, spec.problem, spec.env);
    const EvalResult r = model.evaluate(spec.mapping);
    checkSummaryAgrees(c, model, spec.mapping, r);
    if (gPerturb)
        checkPerturbed(c, spec, cs.at("case_id").get<std::string>());
    const auto& g = cs.at("result");
    if (!g.at("valid").get<bool>()) {
        const std::string err = g.at("error").is_string() ? g.at("error").get<std::string>() : "";
        const std::string cls = g.at("error_class").is_string() ? g.at("error_class").get<std::string>() : "";
        if (r.ok) {
            c.fail("accepted, Timeloop refused: " + err);
            return false;
        }
        if (r.errorClass != cls)
            c.fail("error class " + r.errorClass + ", want " + cls + " (" + r.error + " / " + err + ")");
        const auto p = err.find("couldn't map level ");
        if (p != std::string::npos) {
            const std::string lvl = err.substr(p + 19, err.find(':', p + 19) - p - 19);
            if (r.errorLevel != lvl)
                c.fail("error level " + r.errorLevel + ", want " + lvl + " (" + r.error + ")");
            const std::string reason = err.substr(err.find(':', p + 19) + 2);
            if (r.error.find(reason) == std::string::npos)
                c.fail("error text " + r.error + ", want " + reason);
        } else {
            // factor product: same dimension and numbers
            const auto q = err.find("product of all factors of dimension ");
            if (q != std::string::npos) {
                const std::string head = err.substr(q, err.find(", which") - q);
                if (r.error.find(head) == std::string::npos)
                    c.fail("error text " + r.error + ", want " + head);
            }
        }
        return c.ok();
    }
    if (!r.ok) {
        c.fail("refused: " + r.error);
        return false;
    }
    // Round trips: the written spec and the written mapping read back to the same result.
    {
        const Spec back = readSpecTexts({{"written.yaml", writeSpecYaml(spec)}});
        const EvalResult rb = evaluateSpec(back);
        if (!rb.ok || rb.energy != r.energy || rb.cycles != r.cycles || rb.area != r.area)
            c.fail("writeSpecYaml round trip differs: " + (rb.ok ? Checker::num(rb.energy) : rb.error));
        const Mapping mb = readMapping({"written-map.yaml", writeMappingYaml(spec.architecture, spec.problem, spec.mapping)},
                                       spec.architecture, spec.problem);
        const EvalResult rm = model.evaluate(mb);
        if (!rm.ok || rm.energy != r.energy || rm.cycles != r.cycles)
            c.fail("writeMappingYaml round trip differs");
        const auto j = resultToJson(r, spec.problem);
        if (j.at("levels").size() != r.levels.size() || j.at("energy_pJ").get<double>() != r.energy)
            c.fail("resultToJson");
    }
    c.rel("energy_pJ", r.energy, jnum(g.at("energy_pJ")));
    c.exact("cycles", static_cast<double>(r.cycles), jnum(g.at("cycles")));
    c.rel("utilization", r.utilization, jnum(g.at("utilization")));
    c.exact("actual_computes", static_cast<double>(r.actualComputes), jnum(g.at("actual_computes")));
    c.exact("algorithmic_computes", static_cast<double>(r.algorithmicComputes), jnum(g.at("algorithmic_computes")));
    // timeloop-model reports a total area of 0 (its evaluation resets the statistic); ours is
    // the ART sum, checked against the reference cases' per-level areas.
    if (jnum(g.at("area_um2")) != 0.0)
        c.rel("area_um2", r.area, jnum(g.at("area_um2")));
    const auto& ga = g.at("arithmetic");
    c.rel("arithmetic.energy_pJ", r.arithmetic.energy, jnum(ga.at("energy_pJ")));
    c.exact("arithmetic.cycles", static_cast<double>(r.arithmetic.cycles), jnum(ga.at("cycles")));
    c.exact("arithmetic.utilized_instances", static_cast<double>(r.arithmetic.utilizedInstances),
            jnum(ga.at("utilized_instances")));
    const auto& gl = g.at("levels");
    if (gl.size() != r.levels.size())
        c.fail("level count");
    for (const auto& l : gl) {
        const std::string name = l.at("name").get<std::string>();
        const LevelStats* ls = nullptr;
        for (const auto& x : r.levels)
            if (x.name == name)
                ls = &x;
        if (!ls) {
            c.fail("missing level " + name);
            continue;
        }
        c.rel(name + ".energy_pJ", ls->energy, jnum(l.at("energy_pJ")));
        c.rel(name + ".leakage_pJ", ls->leakage, jnum(l.at("leakage_pJ")));
        c.exact(name + ".cycles", static_cast<double>(ls->cycles), jnum(l.at("cycles")));
        c.rel(name + ".slowdown", ls->slowdown, jnum(l.at("slowdown")));
        c.exact(name + ".instances", static_cast<double>(ls->instances), jnum(l.at("instances")));
        if (!l.at("size").is_null())
            c.exact(name + ".size", static_cast<double>(ls->size), jnum(l.at("size")));
        for (std::size_t d = 0; d < spec.problem.dataSpaces.size(); ++d) {
            const std::string dn = spec.problem.dataSpaces[d].name;
            const auto& gd = l.at("dataspaces").at(dn);
            const auto& s = ls->dataSpaces[d];
            const std::string w = name + "." + dn + ".";
            c.exact(w + "keep", s.keep, gd.at("keep").get<bool>());
            c.exact(w + "reads", static_cast<double>(s.reads), jnum(gd.at("reads")));
            c.exact(w + "fills", static_cast<double>(s.fills), jnum(gd.at("fills")));
            c.exact(w + "updates", static_cast<double>(s.updates), jnum(gd.at("updates")));
            c.exact(w + "temporal_reductions", static_cast<double>(s.temporalReductions),
                    jnum(gd.at("temporal_reductions")));
            c.exact(w + "address_generations", static_cast<double>(s.addressGenerations),
                    jnum(gd.at("address_generations")));
            c.exact(w + "utilized_capacity", static_cast<double>(s.utilizedCapacity), jnum(gd.at("utilized_capacity")));
            c.exact(w + "partition_size", static_cast<double>(s.partitionSize), jnum(gd.at("partition_size")));
            c.exact(w + "tile_size", static_cast<double>(s.tileSize), jnum(gd.at("tile_size")));
            c.exact(w + "utilized_instances", s.utilizedInstances, jnum(gd.at("utilized_instances")));
            c.exact(w + "utilized_clusters", static_cast<double>(s.utilizedClusters), jnum(gd.at("utilized_clusters")));
            c.rel(w + "access_energy_per_instance_pJ", s.accessEnergyPerInstance,
                  jnum(gd.at("access_energy_per_instance_pJ")));
            c.rel(w + "addr_gen_energy_per_cluster_pJ", s.addrGenEnergyPerCluster,
                  jnum(gd.at("addr_gen_energy_per_cluster_pJ")));
            c.rel(w + "energy_total_pJ", s.energyTotal, jnum(gd.at("energy_total_pJ")));
            c.rel(w + "read_bw", s.readBandwidth, jnum(gd.at("read_bw")));
            c.rel(w + "write_bw", s.writeBandwidth, jnum(gd.at("write_bw")));
            c.rel(w + "shared_bw", s.sharedBandwidth, jnum(gd.at("shared_bw")));
        }
    }
    return c.ok();
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::cerr << "usage: tst_loopnest_golden <golden folder> [-v] [filter]\n";
        return 2;
    }
    const fs::path root = argv[1];
    std::string filter;
    for (int i = 2; i < argc; ++i) {
        if (std::string(argv[i]) == "-v")
            gVerbose = true;
        else
            filter = argv[i];
    }
    const fs::path refDir = root / "reference";
    const fs::path jsonl = root / "timeloop-shared.jsonl";
    if (!fs::is_directory(refDir) || !fs::exists(jsonl)) {
        std::cerr << "FAIL: golden folder " << root << " lacks reference/ or timeloop-shared.jsonl\n";
        return 1;
    }
    // Everything runs four times: with the default memoization threshold and with memoization
    // at nearly every boundary, each with translations compared as integer codes and as
    // coordinates (the path of problems whose codes would not fit): the results must not depend
    // on either.
    constexpr int kPasses = 4;
    int refTotal = 0, refOk = 0, shTotal = 0, shOk = 0;
    for (int pass = 0; pass < kPasses; ++pass) {
        setMemoizationThreshold(pass % 2 == 0 ? 1024 : 2);
        setTranslationCodes(pass < 2);
        gPerturb = pass == 0;
        const std::string tag = std::string(pass % 2 == 0 ? "" : " [memo]") + (pass < 2 ? "" : " [coordinates]");
        // Dense reference cases from index.json.
        const auto index = nlohmann::json::parse(readFile(refDir / "index.json"));
        for (const auto& e : index) {
            if (!e.value("dense", false))
                continue;
            const std::string name = e.at("case").get<std::string>();
            if (!filter.empty() && name.find(filter) == std::string::npos)
                continue;
            ++refTotal;
            Checker c;
            c.caseName = name + tag;
            bool ok = false;
            try {
                ok = runReference(refDir / name, c);
            } catch (const std::exception& ex) {
                c.fail(std::string("exception: ") + ex.what());
            }
            if (ok && c.ok())
                ++refOk;
            else
                c.report();
        }
        std::ifstream in(jsonl);
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty())
                continue;
            const auto cs = nlohmann::json::parse(line);
            const std::string id = cs.at("case_id").get<std::string>();
            if (!filter.empty() && id.find(filter) == std::string::npos)
                continue;
            ++shTotal;
            Checker c;
            c.caseName = id + " (" + cs.at("arch").get<std::string>() + ", " + cs.at("mapping_kind").get<std::string>() +
                         ")" + tag;
            bool ok = false;
            try {
                ok = runShared(cs, c);
            } catch (const std::exception& ex) {
                c.fail(std::string("exception: ") + ex.what());
            }
            if (ok && c.ok())
                ++shOk;
            else
                c.report();
        }
        if (pass == 0)
            std::cout << "reference " << refOk << "/" << refTotal << ", shared " << shOk << "/" << shTotal << "\n";
    }
    setTranslationCodes(true);
    refTotal /= kPasses;
    shTotal /= kPasses;
    std::cout << "with memoization everywhere and with coordinates: "
              << (refOk + shOk == kPasses * (refTotal + shTotal) ? "identical" : "DIFFERS") << "\n";
    // The perturbed mappings must not be all refused (the comparison would then prove nothing).
    std::cout << "perturbed mappings accepted, codes and coordinates identical: " << gPerturbAccepted << "\n";
    const bool perturbedEnough = !filter.empty() || gPerturbAccepted >= 1000;
    if (!perturbedEnough)
        std::cout << "FAIL: fewer than 1000 perturbed mappings accepted\n";
    const bool complete = (filter.empty() ? (refTotal > 0 && shTotal > 0) : (refTotal + shTotal > 0)) && perturbedEnough;
    const bool pass = refOk == kPasses * refTotal && shOk == kPasses * shTotal && complete;
    return pass ? 0 : 1;
}
