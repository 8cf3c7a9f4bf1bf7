// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dataflow/core/dataflow_space.h"

#include "core/model/validation.h"

#include <algorithm>
#include <array>
#include <sstream>

namespace mapscape {

namespace {

constexpr std::size_t kMaxDecoded = 16;

/// The dimension a variable's tile splits (Y' and X' are output rows and columns).
int dimensionOf(const DataflowLayer& l, int var)
{
    if (l.type == DfLayerType::Gemm)
        return l.get(var);
    if (var == dfvar::Yo)
        return l.outputRows();
    if (var == dfvar::Xo)
        return l.outputCols();
    if (var == dfvar::K && l.type == DfLayerType::DsConv)
        return 1;
    return l.get(var);
}

std::string name(const DataflowLayer& l, int var) { return std::string(dfVarName(l.type, var)); }

/// Indices (divisor − 1) of the divisors of n, ascending; O(√n).
std::vector<int> divisorIndices(int n)
{
    std::vector<int> low, high;
    for (int d = 1; std::int64_t(d) * d <= n; ++d) {
        if (n % d != 0)
            continue;
        low.push_back(d - 1);
        if (d != n / d)
            high.push_back(n / d - 1);
    }
    low.insert(low.end(), high.rbegin(), high.rend());
    return low;
}

} // namespace

std::vector<std::string> dataflowParameterNames(DfLayerType type)
{
    if (type == DfLayerType::Gemm)
        return {"order_outer", "par_outer", "tile_M", "tile_N", "tile_K", "par_inner", "order_inner"};
    return {"order_outer", "par_outer", "tile_K", "tile_C", "tile_Y", "tile_X", "tile_R", "tile_S", "par_inner", "order_inner"};
}

DataflowProblem::DataflowProblem(DataflowLayer layer, DataflowHardware hardware, DataflowSpaceOptions options,
                                 std::string primaryObjective)
    : m_layer(std::move(layer))
    , m_options(std::move(options))
    , m_model(std::make_unique<DataflowModel>(std::move(hardware)))
{
    if (const DfStatus s = DataflowModel::checkLayer(m_layer); !s.ok())
        throw InputError(DataflowModel::describe(s, m_layer));
    m_primary = dataflowObjectiveIndex(primaryObjective);
    if (m_primary < 0)
        throw InputError("objective: unknown objective \"" + primaryObjective +
                         "\" (latency, energy, edp, area or power)");
    build();
}

std::span<const ObjectiveInfo> dataflowObjectives()
{
    static const std::vector<ObjectiveInfo> objectives{{"latency", "Latency", "cycles", true},
                                                       {"energy", "Energy", "nJ", false},
                                                       {"edp", "EDP", "cycles·nJ", false},
                                                       {"area", "Area", "µm²", false},
                                                       {"power", "Power", "mW", false}};
    return objectives;
}

int dataflowObjectiveIndex(std::string_view id)
{
    const auto objectives = dataflowObjectives();
    for (std::size_t i = 0; i < objectives.size(); ++i)
        if (objectives[i].id == id)
            return int(i);
    return -1;
}

std::span<const ObjectiveInfo> DataflowProblem::objectives() const { return dataflowObjectives(); }

void DataflowProblem::build()
{
    using namespace dfvar;
    const bool gemm = m_layer.type == DfLayerType::Gemm;
    const bool ds = m_layer.type == DfLayerType::DsConv;
    m_orderVars = gemm ? std::vector<int>{GemmM, GemmN, GemmK} : std::vector<int>{K, C, Yo, Xo, R, S};
    m_parVars = gemm ? std::vector<int>{GemmM, GemmN, GemmK} : std::vector<int>{K, C, Yo, Xo};
    if (!gemm && m_options.parallelRS) {
        m_parVars.push_back(R);
        m_parVars.push_back(S);
    }
    m_tileVars = gemm ? std::vector<int>{GemmM, GemmN, GemmK} : std::vector<int>{K, C, Yo, Xo, R, S};
    m_tileDims.clear();
    for (int v : m_tileVars)
        m_tileDims.push_back(dimensionOf(m_layer, v));

    std::vector<std::string> itemNames;
    for (int v : m_orderVars)
        itemNames.push_back(name(m_layer, v));
    auto order = [&](const char* id, const char* label, const char* help) {
        Parameter p;
        p.name = id;
        p.label = label;
        p.help = help;
        p.kind = Parameter::Kind::Permutation;
        p.items = itemNames;
        const std::int64_t n = factorial(int(itemNames.size()));
        p.values = ValueList::range(0, std::size_t(n));
        p.allowed.assign(p.values.size(), true);
        return p;
    };
    auto par = [&](const char* id, const char* label, const char* help) {
        Parameter p;
        p.name = id;
        p.label = label;
        p.help = help;
        p.kind = Parameter::Kind::Categorical;
        for (std::size_t i = 0; i < m_parVars.size(); ++i) {
            p.values.push_back(std::int64_t(i));
            p.labels.push_back(name(m_layer, m_parVars[i]));
            p.allowed.push_back(ds && m_parVars[i] == K ? 0 : 1);
        }
        return p;
    };
    m_params.clear();
    m_params.push_back(order("order_outer", "Loop order, cluster level",
                             "Order of the loops at the outer (cluster, L2) level, outermost first"));
    m_params.push_back(par("par_outer", "Parallel dimension across clusters",
                           "The dimension spatially mapped across the clusters (SpatialMap at the outer level)"));
    m_iOrderOuter = 0;
    m_iParOuter = 1;
    m_iFirstTile = 2;
    for (std::size_t t = 0; t < m_tileVars.size(); ++t) {
        const int v = m_tileVars[t];
        const int dim = m_tileDims[t];
        Parameter p;
        p.name = "tile_" + std::string(v == Yo ? "Y" : v == Xo ? "X" : name(m_layer, v));
        p.label = "Per-PE tile of " + name(m_layer, v);
        p.help = "How much of " + name(m_layer, v) + " (" + std::to_string(dim) +
                 ") one PE works on at a time; the cluster level holds the tile times the cluster size "
                 "for the inner parallel dimension";
        p.kind = Parameter::Kind::Integer;
        // Every tile 1..dim (held as a range, not a list: a dimension may be 10^8 long).
        p.values = ValueList::range(1, std::size_t(dim));
        if (m_options.divisorsOnly)
            p.allowed.assignIndices(p.values.size(), divisorIndices(dim));
        else
            p.allowed.assign(p.values.size(), true);
        if (!gemm && (v == R || v == S)) {
            p.allowed.assignIndices(p.values.size(), {dim - 1});
            p.fixedReason = "MAESTRO maps the filter whole: TemporalMap of " + name(m_layer, v) +
                            " must have size = offset = " + std::to_string(dim);
        }
        if (ds && v == K)
            p.fixedReason = "a depth-wise layer has no K loop";
        m_params.push_back(std::move(p));
    }
    m_iParInner = int(m_params.size());
    m_params.push_back(par("par_inner", "Parallel dimension across PEs",
                           "The dimension spatially mapped across the PEs of a cluster; the cluster size follows "
                           "from it: enough PEs to cover that dimension tile by tile"));
    m_iOrderInner = int(m_params.size());
    m_params.push_back(order("order_inner", "Loop order, PE level",
                             "Order of the loops at the inner (PE, L1) level, outermost first"));

    // The user's restrictions.
    for (const auto& [key, r] : m_options.restrictions) {
        auto it = std::find_if(m_params.begin(), m_params.end(), [&key = key](const Parameter& p) { return p.name == key; });
        if (it == m_params.end()) {
            std::string known;
            for (const Parameter& p : m_params)
                known += (known.empty() ? "" : ", ") + p.name;
            throw InputError("space." + key + ": unknown parameter (" + known + ")");
        }
        Parameter& p = *it;
        if (r.fixed) {
            const int i = p.indexOf(r.value);
            if (i < 0 || !p.allowed[std::size_t(i)])
                throw InputError("space." + key + ": " + std::to_string(r.value) + " is not an allowed value");
            p.allowed.keepOnly(i);
        } else if (r.lo > 0 || r.hi > 0) {
            // Values ascend: the restriction keeps the run of indices [first ≥ lo, last ≤ hi].
            const auto firstAbove = [&p](std::int64_t bound) { // first index whose value is > bound
                int a = 0, b = p.count();
                while (a < b) {
                    const int m = a + (b - a) / 2;
                    if (p.values[std::size_t(m)] > bound)
                        b = m;
                    else
                        a = m + 1;
                }
                return a;
            };
            const int lo = r.lo > 0 ? firstAbove(r.lo - 1) : 0;
            const int hi = r.hi > 0 ? firstAbove(r.hi) - 1 : p.count() - 1;
            p.allowed.keepRange(lo, hi);
        }
        if (p.allowedCount() == 0)
            throw InputError("space." + key + ": no value left in the range [" + std::to_string(r.lo) + ", " +
                             std::to_string(r.hi) + "]");
    }
}

namespace {

/// Decodes into a fixed buffer (no allocation on the evaluation path).
std::size_t decodeInto(const DataflowLayer& layer, int numPes, std::span<const int> orderVars,
                       std::span<const int> parVars, std::span<const int> tileVars, std::span<const int> tileDims,
                       const std::vector<Parameter>& params, std::span<const std::int32_t> point, int iOrderOuter,
                       int iParOuter, int iFirstTile, int iParInner, int iOrderInner,
                       std::array<Directive, kMaxDecoded>& out)
{
    using namespace dfvar;
    const bool gemm = layer.type == DfLayerType::Gemm;
    const bool ds = layer.type == DfLayerType::DsConv;
    std::array<int, kDfMaxVars> tile{}, dim{}, outerTile{};
    for (std::size_t t = 0; t < tileVars.size(); ++t) {
        const int v = tileVars[t];
        tile[std::size_t(v)] = int(params[std::size_t(iFirstTile) + t].values[std::size_t(point[std::size_t(iFirstTile) + t])]);
        dim[std::size_t(v)] = tileDims[t];
    }
    const int parOuter = parVars[std::size_t(params[std::size_t(iParOuter)].values[std::size_t(point[std::size_t(iParOuter)])])];
    const int parInner = parVars[std::size_t(params[std::size_t(iParInner)].values[std::size_t(point[std::size_t(iParInner)])])];
    const bool filterVar = [&](int v) { return !gemm && (v == R || v == S); }(parInner);
    const int innerTileOfPar = filterVar ? 1 : tile[std::size_t(parInner)];
    const int dimOfPar = dim[std::size_t(parInner)];
    const int clusters = std::max(1, std::min(numPes, (dimOfPar + innerTileOfPar - 1) / innerTileOfPar));
    outerTile = tile;
    if (!filterVar)
        outerTile[std::size_t(parInner)] = std::min(tile[std::size_t(parInner)] * clusters, dimOfPar);

    std::size_t n = 0;
    auto level = [&](std::int64_t orderIndex, int parVar, const std::array<int, kDfMaxVars>& tiles) {
        std::array<int, 12> order{};
        permutationInto(orderIndex, int(orderVars.size()), order);
        for (std::size_t k = 0; k < orderVars.size(); ++k) {
            const int item = order[k];
            const int v = orderVars[std::size_t(item)];
            if (ds && v == K)
                continue;
            Directive d;
            d.var = std::int8_t(v);
            d.kind = v == parVar ? DirectiveKind::Spatial : DirectiveKind::Temporal;
            if (!gemm && (v == R || v == S)) {
                if (d.kind == DirectiveKind::Spatial) {
                    d.size = d.offset = 1;
                } else {
                    d.size = d.offset = layer.get(v);
                    d.sizeOf = d.offsetOf = std::int8_t(v);
                }
            } else {
                d.size = d.offset = tiles[std::size_t(v)];
            }
            out[n++] = d;
        }
    };
    level(params[std::size_t(iOrderOuter)].values[std::size_t(point[std::size_t(iOrderOuter)])], parOuter, outerTile);
    out[n++] = Directive::cluster(clusters);
    level(params[std::size_t(iOrderInner)].values[std::size_t(point[std::size_t(iOrderInner)])], parInner, tile);
    return n;
}

} // namespace

DataflowMapping DataflowProblem::decode(std::span<const std::int32_t> point) const
{
    std::array<Directive, kMaxDecoded> buf{};
    const std::size_t n = decodeInto(m_layer, m_model->hardware().numPes, m_orderVars, m_parVars, m_tileVars, m_tileDims,
                                     m_params, point, m_iOrderOuter, m_iParOuter, m_iFirstTile, m_iParInner,
                                     m_iOrderInner, buf);
    DataflowMapping m;
    m.name = "seed-001 point";
    m.directives.assign(buf.begin(), buf.begin() + std::ptrdiff_t(n));
    return m;
}

void DataflowProblem::objectivesOf(const DataflowResult& r, PointEvaluation& e)
{
    e.objective[0] = double(r.runtime);
    e.objective[1] = r.energyNj;
    e.objective[2] = double(r.runtime) * r.energyNj;
    e.objective[3] = r.area;
    e.objective[4] = r.power;
}

bool DataflowProblem::analyse(std::span<const std::int32_t> point, DataflowResult& out, DfStatus* status) const
{
    std::array<Directive, kMaxDecoded> buf{};
    const std::size_t n = decodeInto(m_layer, m_model->hardware().numPes, m_orderVars, m_parVars, m_tileVars, m_tileDims,
                                     m_params, point, m_iOrderOuter, m_iParOuter, m_iFirstTile, m_iParInner,
                                     m_iOrderInner, buf);
    const DfStatus s = m_model->evaluate(m_layer, std::span<const Directive>(buf.data(), n), out);
    if (status)
        *status = s;
    return s.ok();
}

PointEvaluation DataflowProblem::evaluate(std::span<const std::int32_t> point) const noexcept
{
    PointEvaluation e;
    DataflowResult r;
    DfStatus s;
    if (!analyse(point, r, &s)) {
        e.reason = std::int16_t(s.error);
        return e;
    }
    if (m_options.enforceCapacity && !r.fitsL1) {
        e.reason = kReasonL1Overflow;
        return e;
    }
    if (m_options.enforceCapacity && !r.fitsL2) {
        e.reason = kReasonL2Overflow;
        return e;
    }
    e.valid = true;
    objectivesOf(r, e);
    return e;
}

std::string DataflowProblem::explain(std::span<const std::int32_t> point) const
{
    DataflowResult r;
    DfStatus s;
    if (!analyse(point, r, &s))
        return DataflowModel::describe(s, m_layer);
    const DataflowHardware& hw = m_model->hardware();
    if (m_options.enforceCapacity && !r.fitsL1)
        return "L1 requirement " + std::to_string(r.l1ReqTotal) + " B per PE exceeds the hardware's " +
               std::to_string(hw.l1Size) + " B";
    if (m_options.enforceCapacity && !r.fitsL2)
        return "L2 requirement " + std::to_string(r.l2ReqTotal) + " B exceeds the hardware's " + std::to_string(hw.l2Size) +
               " B";
    return {};
}

Point DataflowProblem::pointFromValues(const std::map<std::string, std::int64_t>& values) const
{
    Point p = firstPoint();
    for (const auto& [key, value] : values) {
        auto it = std::find_if(m_params.begin(), m_params.end(), [&key = key](const Parameter& q) { return q.name == key; });
        if (it == m_params.end())
            throw InputError("point." + key + ": unknown parameter");
        const int i = it->indexOf(value);
        if (i < 0 || !it->allowed[std::size_t(i)])
            throw InputError("point." + key + ": " + std::to_string(value) + " is not an allowed value");
        p[std::size_t(it - m_params.begin())] = i;
    }
    return p;
}

} // namespace mapscape
