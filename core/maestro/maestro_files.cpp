// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/maestro/maestro_files.h"

#include "core/model/validation.h"
#include "core/io/input_limits.h"
#include "core/maestro/dataflow_limits.h"
#include "core/util/strings.h"

#include <cctype>
#include <climits>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace mapscape {

namespace {

struct Token {
    std::string text;
    int line = 0;
};

/// MAESTRO splits on " ,->():\t;" and treats a token starting with "//" as a comment to the end
/// of the line. Braces are tokens of their own here even without blanks around them.
std::vector<Token> tokenize(std::string_view text, const std::string& source)
{
    io::checkTextLines(text, source);
    std::vector<Token> out;
    int line = 1;
    std::size_t i = 0;
    const auto isSep = [](char c) {
        return c == ' ' || c == ',' || c == '-' || c == '>' || c == '(' || c == ')' || c == ':' || c == '\t' ||
               c == ';' || c == '\r';
    };
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            ++i;
            continue;
        }
        if (isSep(c)) {
            ++i;
            continue;
        }
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            while (i < text.size() && text[i] != '\n')
                ++i;
            continue;
        }
        if (c == '{' || c == '}') {
            out.push_back({std::string(1, c), line});
            ++i;
            continue;
        }
        const std::size_t start = i;
        while (i < text.size() && text[i] != '\n' && !isSep(text[i]) && text[i] != '{' && text[i] != '}')
            ++i;
        out.push_back({std::string(text.substr(start, i - start)), line});
        if (out.size() > io::kMaxElements)
            io::checkElementCount(out.size(), source, "tokens");
    }
    return out;
}

class Parser {
public:
    Parser(std::string_view text, std::string source)
        : m_tokens(tokenize(text, source))
        , m_source(std::move(source))
    {
    }

    MaestroNetwork parse()
    {
        MaestroNetwork net;
        bool sawNetwork = false;
        while (!atEnd()) {
            const Token& t = next();
            if (t.text == "Constant") {
                const Token& name = expectAny("a constant name");
                const Token& value = expectAny("a constant value");
                const auto v = parseInt(value.text);
                if (!v || *v < INT_MIN || *v > INT_MAX)
                    fail(value.line, "Constant " + name.text + ": must be an integer, got \"" + value.text + "\"");
                m_constants[name.text] = int(*v);
            } else if (t.text == "Network") {
                if (sawNetwork)
                    fail(t.line, "a second Network block (one per file)");
                sawNetwork = true;
                const Token& name = expectAny("a network name");
                if (name.text == "{") {
                    --m_pos;
                } else {
                    net.name = name.text;
                }
                expect("{");
                parseNetworkBody(net);
            } else {
                fail(t.line, "expected Network or Constant, got \"" + t.text + "\"");
            }
        }
        if (!sawNetwork)
            fail(lastLine(), "no Network block");
        if (net.layers.empty())
            fail(lastLine(), "network " + net.name + " has no layers");
        return net;
    }

private:
    struct RawDirective {
        DirectiveKind kind = DirectiveKind::Temporal;
        std::string size, offset, var;
        bool sizeSz = false, offsetSz = false;
        bool logical = false;
        int line = 0;
    };

    void parseNetworkBody(MaestroNetwork& net)
    {
        std::optional<DataflowMapping> previous;
        while (true) {
            const Token& t = expectAny("Layer or }");
            if (t.text == "}")
                return;
            if (t.text != "Layer")
                fail(t.line, "expected Layer or }, got \"" + t.text + "\"");
            net.layers.push_back(parseLayer(previous));
            previous = net.layers.back().mapping;
        }
    }

    MaestroLayer parseLayer(const std::optional<DataflowMapping>& previous)
    {
        const Token& nameTok = expectAny("a layer name");
        std::string name = "Layer";
        if (nameTok.text == "{")
            --m_pos;
        else
            name = nameTok.text;
        const int layerLine = nameTok.line;
        expect("{");
        std::optional<DfLayerType> type;
        int typeLine = layerLine;
        std::vector<std::pair<Token, int>> dims;       // name, size
        std::map<std::string, int> strides;
        std::vector<RawDirective> raw;
        bool sawDataflow = false;
        const std::string where = "layer " + name;
        while (true) {
            const Token& t = expectAny("a layer section or }");
            if (t.text == "}")
                break;
            if (t.text == "Type") {
                const Token& v = expectAny("a layer type");
                typeLine = v.line;
                if (v.text == "FC")
                    fail(v.line, where + ": Type FC is not implemented by MAESTRO; write it as CONV with R = S = Y = X = 1");
                if (v.text == "TRCONV" || v.text == "NGCONV" || v.text == "POOL" || v.text == "LSTM" ||
                    v.text == "RESIDUAL_IDENTITY")
                    fail(v.line, where + ": Type " + v.text + " is not supported (CONV, DSCONV or GEMM)");
                type = parseDfLayerType(v.text);
                if (!type)
                    fail(v.line, where + ": unknown Type \"" + v.text + "\" (CONV, DSCONV or GEMM)");
            } else if (t.text == "Stride") {
                expect("{");
                while (true) {
                    const Token& d = expectAny("a dimension or }");
                    if (d.text == "}")
                        break;
                    const Token& s = expectAny("a stride");
                    const auto v = parseInt(s.text);
                    if (d.text != "X" && d.text != "Y")
                        fail(d.line, where + ": Stride." + d.text + ": unknown stride (X or Y)");
                    if (!v || *v < 1)
                        fail(s.line, where + ": Stride." + d.text + ": must be a positive integer, got \"" + s.text + "\"");
                    if (*v > kDfMaxStride)
                        fail(s.line, where + ": Stride." + d.text + ": must be at most " + std::to_string(kDfMaxStride) +
                                         ", got " + s.text);
                    strides[d.text] = int(*v);
                }
            } else if (t.text == "Dimensions") {
                expect("{");
                while (true) {
                    const Token& d = expectAny("a dimension or }");
                    if (d.text == "}")
                        break;
                    const Token& s = expectAny("a dimension size");
                    const int v = value(s, where + ": Dimensions." + d.text);
                    if (v <= 0)
                        fail(s.line, where + ": Dimensions." + d.text + ": must be a positive integer, got \"" + s.text + "\"");
                    if (v > kDfMaxDimension)
                        fail(s.line, where + ": Dimensions." + d.text + ": must be at most " +
                                         std::to_string(kDfMaxDimension) + ", got " + s.text);
                    dims.push_back({d, v});
                }
            } else if (t.text == "Dataflow") {
                sawDataflow = true;
                expect("{");
                parseDataflow(raw, where);
            } else {
                fail(t.line, where + ": unexpected \"" + t.text + "\" (Type, Stride, Dimensions or Dataflow)");
            }
        }
        if (!type)
            fail(layerLine, where + ": no Type");

        MaestroLayer out;
        out.layer.name = name;
        out.layer.type = *type;
        std::map<std::string, int> given;
        for (const auto& [tok, size] : dims) {
            if (given.count(tok.text))
                fail(tok.line, where + ": dimension " + tok.text + " is given twice");
            given[tok.text] = size;
        }
        auto strideOf = [&](const std::string& d) {
            auto it = strides.find(d);
            return it == strides.end() ? 1 : it->second;
        };
        if (*type == DfLayerType::Gemm) {
            for (const auto& [tok, size] : dims) {
                const int v = parseDfVar(*type, tok.text);
                if (v < 0)
                    fail(tok.line, where + ": unknown GEMM dimension " + tok.text + " (M, N, K)");
                out.layer.set(v, size);
            }
            for (const char* d : {"M", "N", "K"}) {
                if (!given.count(d))
                    fail(typeLine, where + ": Dimensions." + std::string(d) + " is missing");
            }
        } else {
            for (const auto& [tok, size] : dims) {
                const int v = parseDfVar(*type, tok.text);
                if (v < 0 || tok.text == "G")
                    fail(tok.line, where + ": unknown dimension " + tok.text + " (N, K, C, R, S, Y, X, Y', X')");
                if (v == dfvar::Yo || v == dfvar::Xo)
                    continue;
                out.layer.set(v, size);
            }
            for (const char* d : {"C", "R", "S"}) {
                if (!given.count(d))
                    fail(typeLine, where + ": Dimensions." + std::string(d) + " is missing");
            }
            if (*type == DfLayerType::Conv && !given.count("K"))
                fail(typeLine, where + ": Dimensions.K is missing");
            if (*type == DfLayerType::DsConv && !given.count("K"))
                out.layer.set(dfvar::K, 1);
            // Output-centric rows / columns: Y = Y' + R - 1.
            for (const auto& [in, outName, win] : {std::tuple{"Y", "Y'", "R"}, std::tuple{"X", "X'", "S"}}) {
                const bool hasIn = given.count(in) != 0, hasOut = given.count(outName) != 0;
                if (hasIn && hasOut)
                    fail(typeLine, where + ": both " + std::string(in) + " and " + std::string(outName) + " are given");
                if (!hasIn && !hasOut)
                    fail(typeLine, where + ": Dimensions." + std::string(in) + " is missing");
                if (hasOut) {
                    const std::int64_t full = std::int64_t(given[outName]) + given[win] - 1;
                    if (full > kDfMaxDimension)
                        fail(typeLine, where + ": " + std::string(in) + " = " + std::string(outName) + " + " +
                                           std::string(win) + " - 1 = " + std::to_string(full) + " is more than " +
                                           std::to_string(kDfMaxDimension) + ", the largest dimension");
                    out.layer.set(parseDfVar(*type, in), int(full));
                }
            }
            out.layer.strideY = strideOf("Y");
            out.layer.strideX = strideOf("X");
        }
        if (!sawDataflow || raw.empty()) {
            if (!previous)
                fail(layerLine, where + ": no Dataflow (and no previous layer to inherit one from)");
            out.mapping = *previous;
        } else {
            out.mapping.name = name;
            for (const RawDirective& r : raw)
                out.mapping.directives.push_back(resolve(r, out.layer, where, given));
        }
        return out;
    }

    void parseDataflow(std::vector<RawDirective>& raw, const std::string& where)
    {
        while (true) {
            const Token& t = expectAny("a directive or }");
            if (t.text == "}")
                return;
            RawDirective d;
            d.line = t.line;
            if (t.text == "SpatialMap" || t.text == "TemporalMap") {
                d.kind = t.text == "SpatialMap" ? DirectiveKind::Spatial : DirectiveKind::Temporal;
                readSize(d.size, d.sizeSz, where);
                readSize(d.offset, d.offsetSz, where);
                d.var = expectAny("a variable").text;
            } else if (t.text == "Cluster") {
                d.kind = DirectiveKind::Cluster;
                readSize(d.size, d.sizeSz, where);
                const Token& kind = expectAny("P or L");
                if (kind.text != "P" && kind.text != "L")
                    fail(kind.line, where + ": Cluster type must be P or L, got \"" + kind.text + "\"");
                d.logical = kind.text == "L";
            } else {
                fail(t.line, where + ": unknown directive \"" + t.text + "\" (SpatialMap, TemporalMap, Cluster)");
            }
            raw.push_back(d);
        }
    }

    void readSize(std::string& out, bool& sz, const std::string& where)
    {
        const Token& t = expectAny("a size");
        if (t.text == "Sz") {
            sz = true;
            out = expectAny("a dimension in Sz(...)").text;
        } else {
            sz = false;
            out = t.text;
        }
        (void)where;
    }

    Directive resolve(const RawDirective& r, const DataflowLayer& layer, const std::string& where,
                      const std::map<std::string, int>& given) const
    {
        Directive d;
        d.kind = r.kind;
        d.logicalCluster = r.logical;
        auto number = [&](const std::string& text, bool sz, const char* what, std::int8_t& ref) {
            if (sz) {
                auto it = given.find(text);
                if (it == given.end())
                    fail(r.line, where + ": Sz(" + text + "): no such dimension");
                const int v = parseDfVar(layer.type, text);
                if (v >= 0 && v != dfvar::Yo && v != dfvar::Xo && layer.type != DfLayerType::Gemm)
                    ref = std::int8_t(v);
                else if (layer.type == DfLayerType::Gemm && v >= 0)
                    ref = std::int8_t(v);
                return it->second;
            }
            const int v = value(Token{text, r.line}, where + ": " + what);
            if (v <= 0)
                fail(r.line, where + ": " + what + " must be a positive integer, got \"" + text + "\"");
            return v;
        };
        if (r.kind == DirectiveKind::Cluster) {
            d.size = number(r.size, r.sizeSz, "Cluster size", d.sizeOf);
            return d;
        }
        const int var = parseDfVar(layer.type, r.var);
        if (var < 0)
            fail(r.line, where + ": unknown variable \"" + r.var + "\" in a directive");
        d.var = std::int8_t(var);
        const std::string dir = std::string(r.kind == DirectiveKind::Spatial ? "SpatialMap" : "TemporalMap") + " " + r.var;
        d.size = number(r.size, r.sizeSz, (dir + " size").c_str(), d.sizeOf);
        d.offset = number(r.offset, r.offsetSz, (dir + " offset").c_str(), d.offsetOf);
        return d;
    }

    int value(const Token& t, const std::string& field) const
    {
        if (auto it = m_constants.find(t.text); it != m_constants.end())
            return it->second;
        const auto v = parseInt(t.text);
        if (!v || *v < INT_MIN || *v > INT_MAX)
            fail(t.line, field + ": must be an integer or a Constant, got \"" + t.text + "\"");
        return int(*v);
    }

    bool atEnd() const { return m_pos >= m_tokens.size(); }
    int lastLine() const { return m_tokens.empty() ? 1 : m_tokens.back().line; }
    const Token& next() { return m_tokens[m_pos++]; }
    const Token& expectAny(const std::string& what)
    {
        if (atEnd())
            fail(lastLine(), "unexpected end of file, expected " + what);
        return next();
    }
    void expect(const std::string& text)
    {
        const Token& t = expectAny("\"" + text + "\"");
        if (t.text != text)
            fail(t.line, "expected \"" + text + "\", got \"" + t.text + "\"");
    }
    [[noreturn]] void fail(int line, const std::string& message) const
    {
        throw InputError(m_source + ":" + std::to_string(line) + ": " + message);
    }

    std::vector<Token> m_tokens;
    std::size_t m_pos = 0;
    std::string m_source;
    std::map<std::string, int> m_constants;
};

std::string sizeText(int value, std::int8_t ref, DfLayerType type)
{
    if (ref >= 0)
        return "Sz(" + std::string(dfVarName(type, ref)) + ")";
    return std::to_string(value);
}

} // namespace

Directive parseDirective(std::string_view text, DfLayerType type)
{
    const std::vector<Token> t = tokenize(text, "directive");
    auto number = [&](std::size_t& i, const char* what, std::int8_t& ref) -> int {
        if (i >= t.size())
            throw InputError(std::string("missing ") + what);
        if (t[i].text == "Sz") {
            if (i + 1 >= t.size())
                throw InputError(std::string("Sz(...) without a dimension in the ") + what);
            const int v = parseDfVar(type, t[i + 1].text);
            if (v < 0 || (type != DfLayerType::Gemm && (v == dfvar::Yo || v == dfvar::Xo)))
                throw InputError("Sz(" + t[i + 1].text + "): not a dimension of a " + std::string(dfLayerTypeName(type)) +
                                 " layer");
            ref = std::int8_t(v);
            i += 2;
            return 1;
        }
        const auto v = parseInt(t[i].text);
        if (!v || *v <= 0 || *v > 1'000'000'000)
            throw InputError(std::string(what) + " must be a positive integer, got \"" + t[i].text + "\"");
        ++i;
        return int(*v);
    };
    if (t.empty())
        throw InputError("empty directive");
    Directive d;
    std::size_t i = 1;
    if (t[0].text == "Cluster") {
        d.kind = DirectiveKind::Cluster;
        d.size = number(i, "cluster size", d.sizeOf);
        if (i < t.size()) {
            if (t[i].text != "P" && t[i].text != "L")
                throw InputError("Cluster type must be P or L, got \"" + t[i].text + "\"");
            d.logicalCluster = t[i].text == "L";
            ++i;
        }
    } else if (t[0].text == "SpatialMap" || t[0].text == "TemporalMap") {
        d.kind = t[0].text == "SpatialMap" ? DirectiveKind::Spatial : DirectiveKind::Temporal;
        d.size = number(i, "map size", d.sizeOf);
        d.offset = number(i, "map offset", d.offsetOf);
        if (i >= t.size())
            throw InputError("missing the variable after " + t[0].text + "(size, offset)");
        const int v = parseDfVar(type, t[i].text);
        if (v < 0)
            throw InputError("\"" + t[i].text + "\" is not a variable of a " + std::string(dfLayerTypeName(type)) + " layer");
        d.var = std::int8_t(v);
        ++i;
    } else {
        throw InputError("unknown directive \"" + t[0].text + "\" (SpatialMap, TemporalMap or Cluster)");
    }
    if (i != t.size())
        throw InputError("unexpected \"" + t[i].text + "\" after the directive");
    return d;
}

MaestroNetwork parseMaestroMapping(std::string_view text, const std::string& source)
{
    return Parser(text, source).parse();
}

std::string directiveText(const Directive& d, DfLayerType type)
{
    if (d.kind == DirectiveKind::Cluster)
        return "Cluster(" + sizeText(d.size, d.sizeOf, type) + (d.logicalCluster ? ", L);" : ", P);");
    return std::string(d.kind == DirectiveKind::Spatial ? "SpatialMap(" : "TemporalMap(") +
           sizeText(d.size, d.sizeOf, type) + "," + sizeText(d.offset, d.offsetOf, type) + ") " +
           std::string(dfVarName(type, d.var)) + ";";
}

std::string directivesText(const DataflowMapping& mapping, DfLayerType type)
{
    std::string out;
    for (const Directive& d : mapping.directives)
        out += directiveText(d, type) + "\n";
    return out;
}

std::string maestroIdentifier(std::string_view name)
{
    std::string out;
    for (char c : name)
        out += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
    if (out.empty() || std::isdigit(static_cast<unsigned char>(out.front())))
        out = "L_" + out;
    return out;
}

std::string writeMaestroMapping(const MaestroNetwork& network)
{
    std::ostringstream o;
    o << "Network " << maestroIdentifier(network.name) << " {\n";
    for (const MaestroLayer& ml : network.layers) {
        const DataflowLayer& l = ml.layer;
        o << "  Layer " << maestroIdentifier(l.name) << " {\n";
        o << "    Type: " << dfLayerTypeName(l.type) << "\n";
        if (l.type == DfLayerType::Gemm) {
            o << "    Dimensions { M: " << l.get(dfvar::GemmM) << ", N: " << l.get(dfvar::GemmN)
              << ", K: " << l.get(dfvar::GemmK) << " }\n";
        } else {
            o << "    Stride { X: " << l.strideX << ", Y: " << l.strideY << " }\n";
            o << "    Dimensions { ";
            if (l.get(dfvar::N) > 0)
                o << "N: " << l.get(dfvar::N) << ", ";
            o << "K: " << std::max(1, l.get(dfvar::K)) << ", C: " << l.get(dfvar::C) << ", R: " << l.get(dfvar::R)
              << ", S: " << l.get(dfvar::S) << ", Y: " << l.get(dfvar::Y) << ", X: " << l.get(dfvar::X) << " }\n";
        }
        o << "    Dataflow {\n";
        for (const Directive& d : ml.mapping.directives)
            o << "      " << directiveText(d, l.type) << "\n";
        o << "    }\n  }\n";
    }
    o << "}\n";
    return o.str();
}

std::string writeMaestroMapping(const DataflowLayer& layer, const DataflowMapping& mapping, const std::string& networkName)
{
    MaestroNetwork net;
    net.name = networkName;
    net.layers.push_back({layer, mapping});
    return writeMaestroMapping(net);
}

DataflowHardware parseMaestroHardware(std::string_view text, const std::string& source, DataflowHardware base)
{
    // Two dialects: MAESTRO master's keys, and those of commit 7723091, the MAESTRO HASCO pins
    // (NumPEs, L1Size, L2Size, NoC_BW). NoC_NumHops belongs to both.
    static constexpr std::string_view kMasterKeys = "num_pes, l1_size_cstr, l2_size_cstr, noc_bw_cstr, NoC_NumHops, offchip_bw_cstr";
    static constexpr std::string_view kHascoKeys = "NumPEs, L1Size, L2Size, NoC_BW, NoC_NumHops";
    const std::vector<Token> tokens = tokenize(text, source);
    if (tokens.empty())
        throw InputError(source + ": no hardware fields (" + std::string(kMasterKeys) + "; or MAESTRO 7723091's " +
                         std::string(kHascoKeys) + "); an empty file is not a hardware description");
    enum class Dialect { Unknown, Master, Hasco };
    Dialect dialect = Dialect::Unknown;
    const Token* firstOfDialect = nullptr;
    std::set<std::string> hascoSeen;
    for (std::size_t i = 0; i < tokens.size(); i += 2) {
        const Token& key = tokens[i];
        if (i + 1 >= tokens.size())
            throw InputError(source + ":" + std::to_string(key.line) + ": " + key.text + ": missing value");
        const Token& val = tokens[i + 1];
        const auto v = parseInt(val.text);
        const auto bad = [&](const std::string& what) {
            throw InputError(source + ":" + std::to_string(val.line) + ": " + key.text + ": " + what + ", got \"" +
                             val.text + "\"");
        };
        const bool master = key.text == "num_pes" || key.text == "l1_size_cstr" || key.text == "l2_size_cstr" ||
                            key.text == "noc_bw_cstr" || key.text == "offchip_bw_cstr";
        const bool hasco = key.text == "NumPEs" || key.text == "L1Size" || key.text == "L2Size" || key.text == "NoC_BW";
        if (master || hasco) {
            const Dialect d = master ? Dialect::Master : Dialect::Hasco;
            if (dialect != Dialect::Unknown && dialect != d)
                throw InputError(source + ":" + std::to_string(key.line) + ": " + key.text + " is a key of " +
                                 (hasco ? "MAESTRO 7723091 (HASCO)" : "MAESTRO master") + ", but line " +
                                 std::to_string(firstOfDialect->line) + " (" + firstOfDialect->text +
                                 ") uses the other dialect; write one of: " + std::string(kMasterKeys) + " / " +
                                 std::string(kHascoKeys));
            if (dialect == Dialect::Unknown)
                firstOfDialect = &key;
            dialect = d;
            if (hasco && !hascoSeen.insert(key.text).second)
                throw InputError(source + ":" + std::to_string(key.line) + ": " + key.text + " is given twice");
        }
        if (!v || *v > INT_MAX)
            bad("must be an integer");
        const int x = int(*v);
        if (key.text == "num_pes" || key.text == "NumPEs") {
            if (x < 1)
                bad("must be a positive integer");
            if (x > kDfMaxPes)
                bad("must be at most " + std::to_string(kDfMaxPes));
            base.numPes = x;
        } else if (key.text == "l1_size_cstr" || key.text == "L1Size") {
            if (x < 1)
                bad("must be a positive integer");
            base.l1Size = x;
        } else if (key.text == "l2_size_cstr" || key.text == "L2Size") {
            if (x < 1)
                bad("must be a positive integer");
            base.l2Size = x;
        } else if (key.text == "noc_bw_cstr" || key.text == "NoC_BW") {
            if (x < 1)
                bad("must be a positive integer");
            base.nocBandwidth = x;
        } else if (key.text == "NoC_NumHops") {
            if (x < 0)
                bad("must be >= 0");
            if (x > kDfMaxNocHops)
                bad("must be at most " + std::to_string(kDfMaxNocHops));
            base.nocHops = x;
        } else if (key.text == "offchip_bw_cstr") {
            if (x < 1)
                bad("must be a positive integer");
            base.offchipBandwidth = x;
        } else {
            throw InputError(source + ":" + std::to_string(key.line) + ": unknown field \"" + key.text + "\" (" +
                             std::string(kMasterKeys) + "; or MAESTRO 7723091's " + std::string(kHascoKeys) + ")");
        }
    }
    if (dialect == Dialect::Hasco) {
        // MAESTRO 7723091 starts a hardware file from 1 PE, a 1-byte L1, a 2-byte L2 and a NoC of
        // 1 element per cycle: a HASCO file that leaves one out means that, which is never meant.
        for (const char* k : {"NumPEs", "L1Size", "L2Size", "NoC_BW"})
            if (!hascoSeen.count(k))
                throw InputError(source + ": " + k + " is missing; a MAESTRO 7723091 (HASCO) hardware file gives NumPEs, "
                                 "L1Size, L2Size and NoC_BW (that MAESTRO would take 1 PE, a 1-byte L1, a 2-byte L2 and "
                                 "a NoC of 1 element per cycle for the missing ones)");
        // That commit's other settings: 9 MAC lanes per PE (its --num_simd_lanes default), no
        // off-chip bandwidth limit (it has no off-chip model) and its 2020 cost database.
        base.simdLanes = 9;
        base.offchipBandwidth = INT_MAX;
        base.costDb = DfCostDatabase::maestro2020();
        base.multicast = true;
    }
    base.nocHopLatency = 1; // MAESTRO takes NoC_NumHops as the NoC latency when a file is given
    return base;
}

std::string writeMaestroHardware(const DataflowHardware& hw)
{
    std::ostringstream o;
    o << "num_pes: " << hw.numPes << "\n";
    o << "l1_size_cstr: " << hw.l1Size << "\n";
    o << "l2_size_cstr: " << hw.l2Size << "\n";
    o << "noc_bw_cstr: " << hw.nocBandwidth << "\n";
    o << "offchip_bw_cstr: " << hw.offchipBandwidth << "\n";
    o << "NoC_NumHops: " << hw.nocHops * hw.nocHopLatency << "\n";
    return o.str();
}

std::vector<std::string> maestroFlags(const DataflowHardware& hw)
{
    return {
        "--num_pes=" + std::to_string(hw.numPes),
        "--l1_size_cstr=" + std::to_string(hw.l1Size),
        "--l2_size_cstr=" + std::to_string(hw.l2Size),
        "--noc_bw_cstr=" + std::to_string(hw.nocBandwidth),
        "--noc_hops=" + std::to_string(hw.nocHops),
        "--noc_hop_latency=" + std::to_string(hw.nocHopLatency),
        "--noc_mc_support=" + std::string(hw.multicast ? "true" : "false"),
        "--offchip_bw_cstr=" + std::to_string(hw.offchipBandwidth),
        "--num_simd_lanes=" + std::to_string(hw.simdLanes),
    };
}

} // namespace mapscape
