// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/placement/learners/egrl.h"
#include "core/optim/rl/module/learner_module.h"

#include "kinds/placement/learners/gat_kernel.h"

#include "core/util/strings.h"

#include <ATen/CPUGeneratorImpl.h>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace mapscape::placement {

namespace {

using torch::Tensor;

// ----------------------------------------------------------------------------------------------
// Graph U-Net (Gao & Ji 2019) on dense per-graph adjacency: every transition of one workload has
// the same graph, so a batch is [B, N, F] features over one shared [1, N, N] adjacency until
// TopK pooling picks different nodes per sample.

/// Multi-head graph attention (PyG GATConv semantics: self-loops, LeakyReLU(0.2) scores,
/// softmax over each node's incoming neighbours, concatenated heads, bias).
struct GatConvImpl : torch::nn::Module {
    GatConvImpl(int in, int out, int heads, double denseShare)
        : heads(heads)
        , channels(out / heads)
        , denseShare(denseShare)
    {
        lin = register_module("lin", torch::nn::Linear(torch::nn::LinearOptions(in, out).bias(false)));
        attSrc = register_parameter("att_src", torch::zeros({heads, out / heads}));
        attDst = register_parameter("att_dst", torch::zeros({heads, out / heads}));
        bias = register_parameter("bias", torch::zeros({out}));
    }
    /// x: [B, n, in]; mask: [B or 1, n, n] bool, row i = the nodes i receives from (self included).
    /// Messages pass over the mask's edges only (gat_kernel: one fused pass each way, nothing of
    /// size edges × channels stored), where a dense n × n attention spends its time on absent
    /// pairs. Masks holding more than `denseShare` of the n² pairs (EgrlOptions::denseShare; by
    /// default none) use one masked attention matrix per head instead: the same function, kept
    /// as the reference the fused kernel is tested against.
    Tensor forward(const Tensor& x, const Tensor& mask)
    {
        const auto B = x.size(0), n = x.size(1);
        const Tensor h = lin->forward(x).view({B, n, heads, channels});
        const Tensor aSrc = (h * attSrc).sum(-1); // [B, n, H]
        const Tensor aDst = (h * attDst).sum(-1);
        if (denseShare < 1 && mask.sum().item<double>() / double(mask.numel()) > denseShare)
            return denseForward(h, aSrc, aDst, mask);
        const gat::EdgeIndex index = gat::edgeIndex(mask, B);
        const Tensor out = gat::edgeAttention(h.reshape({B * n, heads, channels}), aSrc.reshape({B * n, heads}),
                                              aDst.reshape({B * n, heads}), index, 0.2);
        return out.view({B, n, heads * channels}) + bias;
    }
    /// The same attention as one masked n × n matrix per graph and head.
    Tensor denseForward(const Tensor& h, const Tensor& aSrc, const Tensor& aDst, const Tensor& mask)
    {
        const auto B = h.size(0), n = h.size(1);
        // e[b, head, receiver, sender]
        const Tensor e = torch::leaky_relu(aDst.permute({0, 2, 1}).unsqueeze(-1) + aSrc.permute({0, 2, 1}).unsqueeze(-2), 0.2);
        // Every row has its self-loop, so no row is all −∞.
        const Tensor alpha = torch::softmax(e.masked_fill(mask.logical_not().unsqueeze(1), -std::numeric_limits<float>::infinity()), -1);
        const Tensor out = alpha.matmul(h.permute({0, 2, 1, 3})); // [B, H, n, C]
        return out.permute({0, 2, 1, 3}).reshape({B, n, heads * channels}) + bias;
    }
    int heads, channels;
    double denseShare;
    torch::nn::Linear lin{nullptr};
    Tensor attSrc, attDst, bias;
};
TORCH_MODULE(GatConv);

/// Improved GCN (Â = A + 2I, symmetric normalisation) for heads = 0.
struct GcnConvImpl : torch::nn::Module {
    GcnConvImpl(int in, int out)
    {
        lin = register_module("lin", torch::nn::Linear(torch::nn::LinearOptions(in, out).bias(false)));
        bias = register_parameter("bias", torch::zeros({out}));
    }
    Tensor forward(const Tensor& x, const Tensor& adj)
    {
        const auto n = adj.size(-1);
        const Tensor a = adj + 2 * torch::eye(n, adj.options());
        const Tensor dinv = a.sum(-1).pow(-0.5);
        const Tensor norm = dinv.unsqueeze(-1) * a * dinv.unsqueeze(-2);
        return norm.matmul(lin->forward(x)) + bias;
    }
    torch::nn::Linear lin{nullptr};
    Tensor bias;
};
TORCH_MODULE(GcnConv);

struct GraphConvImpl : torch::nn::Module {
    GraphConvImpl(int in, int out, int heads, double denseShare)
    {
        if (heads > 0)
            gat = register_module("gat", GatConv(in, out, heads, denseShare));
        else
            gcn = register_module("gcn", GcnConv(in, out));
    }
    /// adj: weighted [B or 1, n, n] without self-loops.
    Tensor forward(const Tensor& x, const Tensor& adj)
    {
        if (gat) {
            const auto n = adj.size(-1);
            return gat->forward(x, (adj > 0).logical_or(torch::eye(n, adj.options().dtype(torch::kBool))));
        }
        return gcn->forward(x, adj);
    }
    GatConv gat{nullptr};
    GcnConv gcn{nullptr};
};
TORCH_MODULE(GraphConv);

/// (A + I)² without the diagonal: two-hop connectivity before pooling.
Tensor augmentAdjacency(const Tensor& adj)
{
    const auto n = adj.size(-1);
    const Tensor a = adj + torch::eye(n, adj.options());
    Tensor a2 = a.matmul(a);
    return a2 * (1 - torch::eye(n, adj.options()));
}

struct TopKPoolImpl : torch::nn::Module {
    TopKPoolImpl(int channels, double ratio)
        : ratio(ratio)
    {
        p = register_parameter("p", torch::zeros({channels}));
    }
    /// Returns pooled x [B, k, C], adjacency [B, k, k] and the kept indices [B, k].
    std::tuple<Tensor, Tensor, Tensor> forward(const Tensor& x, const Tensor& adj)
    {
        const auto B = x.size(0), n = x.size(1), C = x.size(2);
        const auto k = std::max<std::int64_t>(1, std::int64_t(std::ceil(ratio * double(n))));
        const Tensor score = x.matmul(p) / p.norm().clamp_min(1e-12); // [B, n]
        const Tensor idx = std::get<1>(score.topk(k, 1, true, true));
        const Tensor xs = x.gather(1, idx.unsqueeze(-1).expand({B, k, C})) * torch::tanh(score.gather(1, idx)).unsqueeze(-1);
        const Tensor rows = adj.expand({B, n, n}).gather(1, idx.unsqueeze(-1).expand({B, k, n}));
        const Tensor a = rows.gather(2, idx.unsqueeze(1).expand({B, k, k}));
        return {xs, a, idx};
    }
    double ratio;
    Tensor p;
};
TORCH_MODULE(TopKPool);

struct UNetShape {
    int in = 0, hidden = 128, out = 128, depth = 4, heads = 4;
    double ratio = 0.5;
    bool batchNorm = true;
    double denseShare = 0.1;
};

struct GraphUNetImpl : torch::nn::Module {
    explicit GraphUNetImpl(const UNetShape& s)
        : shape(s)
    {
        down = register_module("down", torch::nn::ModuleList());
        up = register_module("up", torch::nn::ModuleList());
        pools = register_module("pools", torch::nn::ModuleList());
        downNorm = register_module("down_norm", torch::nn::ModuleList());
        upNorm = register_module("up_norm", torch::nn::ModuleList());
        for (int i = 0; i <= s.depth; ++i) {
            down->push_back(GraphConv(i == 0 ? s.in : s.hidden, s.hidden, s.heads, s.denseShare));
            downNorm->push_back(torch::nn::BatchNorm1d(s.hidden));
        }
        for (int i = 0; i < s.depth; ++i) {
            pools->push_back(TopKPool(s.hidden, s.ratio));
            const int o = i == s.depth - 1 ? s.out : s.hidden;
            up->push_back(GraphConv(s.hidden, o, s.heads, s.denseShare));
            upNorm->push_back(torch::nn::BatchNorm1d(o));
        }
    }
    Tensor norm(torch::nn::ModuleList& list, std::size_t i, const Tensor& x)
    {
        if (!shape.batchNorm)
            return x;
        const auto C = x.size(-1);
        return list[i]->as<torch::nn::BatchNorm1d>()->forward(x.reshape({-1, C})).view(x.sizes());
    }
    /// x: [B, N, in]; adj: [1, N, N]; augmented: augmentAdjacency(adj) (precomputed: the graph is shared).
    Tensor forward(const Tensor& x0, const Tensor& adj0, const Tensor& augmented0)
    {
        Tensor x = norm(downNorm, 0, torch::relu(down[0]->as<GraphConv>()->forward(x0, adj0)));
        std::vector<Tensor> xs{x}, adjs{adj0}, perms;
        Tensor adj = adj0;
        for (int i = 1; i <= shape.depth; ++i) {
            const Tensor aug = i == 1 ? augmented0 : augmentAdjacency(adj);
            auto [xp, ap, idx] = pools[std::size_t(i - 1)]->as<TopKPool>()->forward(x, aug);
            adj = ap;
            x = norm(downNorm, std::size_t(i), torch::relu(down[std::size_t(i)]->as<GraphConv>()->forward(xp, adj)));
            if (i < shape.depth) {
                xs.push_back(x);
                adjs.push_back(adj);
            }
            perms.push_back(idx);
        }
        for (int i = 0; i < shape.depth; ++i) {
            const int j = shape.depth - 1 - i;
            const Tensor& res = xs[std::size_t(j)];
            const Tensor& perm = perms[std::size_t(j)];
            const auto B = x.size(0), C = x.size(2);
            const Tensor upx = torch::zeros({B, res.size(1), C}, res.options())
                                   .scatter(1, perm.unsqueeze(-1).expand({B, perm.size(1), C}), x);
            x = up[std::size_t(i)]->as<GraphConv>()->forward(res.expand({B, res.size(1), C}) + upx, adjs[std::size_t(j)]);
            if (i < shape.depth - 1)
                x = torch::relu(x);
            x = norm(upNorm, std::size_t(i), x);
        }
        return x;
    }
    UNetShape shape;
    torch::nn::ModuleList down{nullptr}, up{nullptr}, pools{nullptr}, downNorm{nullptr}, upNorm{nullptr};
};
TORCH_MODULE(GraphUNet);

/// The policy: U-Net → Linear/tanh ×2 → two 3-way heads (activation, weights).
struct ActorImpl : torch::nn::Module {
    explicit ActorImpl(const UNetShape& s)
    {
        net = register_module("net", GraphUNet(s));
        fc1 = register_module("fc1", torch::nn::Linear(s.out, 128));
        fc2 = register_module("fc2", torch::nn::Linear(128, 128));
        headA = register_module("head_ofm", torch::nn::Linear(128, 3));
        headW = register_module("head_weights", torch::nn::Linear(128, 3));
    }
    std::pair<Tensor, Tensor> forward(const Tensor& x, const Tensor& adj, const Tensor& aug)
    {
        Tensor h = net->forward(x, adj, aug);
        h = torch::tanh(fc2->forward(torch::tanh(fc1->forward(h))));
        return {headA->forward(h), headW->forward(h)};
    }
    GraphUNet net{nullptr};
    torch::nn::Linear fc1{nullptr}, fc2{nullptr}, headA{nullptr}, headW{nullptr};
};
TORCH_MODULE(Actor);

/// Twin Q: per-node state ‖ action (3 + 3) → U-Net → max over nodes → two MLP heads.
struct CriticImpl : torch::nn::Module {
    explicit CriticImpl(UNetShape s)
    {
        s.in += 6;
        net = register_module("net", GraphUNet(s));
        for (int h = 0; h < 2; ++h) {
            auto seq = torch::nn::Sequential(torch::nn::Linear(s.out, 128), torch::nn::ReLU(), torch::nn::Linear(128, 128),
                                             torch::nn::ReLU(), torch::nn::Linear(128, 1));
            q[h] = register_module(h == 0 ? "q1" : "q2", seq);
        }
    }
    std::pair<Tensor, Tensor> forward(const Tensor& state, const Tensor& actA, const Tensor& actW, const Tensor& adj,
                                      const Tensor& aug)
    {
        const Tensor x = torch::cat({state, actA, actW}, -1);
        const Tensor pooled = std::get<0>(net->forward(x, adj, aug).max(1));
        return {q[0]->forward(pooled).squeeze(-1), q[1]->forward(pooled).squeeze(-1)};
    }
    GraphUNet net{nullptr};
    torch::nn::Sequential q[2];
};
TORCH_MODULE(Critic);

void initialiseNet(torch::nn::Module& net, std::mt19937_64& rng)
{
    torch::NoGradGuard noGrad;
    for (auto& item : net.named_parameters()) {
        Tensor& p = item.value();
        const std::string& name = item.key();
        std::vector<float> values(std::size_t(p.numel()), 0.f);
        const bool isNorm = name.find("norm") != std::string::npos;
        if (isNorm && name.ends_with("weight")) {
            std::fill(values.begin(), values.end(), 1.f);
        } else if (name.ends_with("bias")) {
            // zero
        } else {
            double bound;
            if (name.find("att_") != std::string::npos)
                bound = std::sqrt(6.0 / double(p.size(0) + p.size(1))); // glorot, as PyG
            else if (p.dim() >= 2)
                bound = 1.0 / std::sqrt(double(p.numel() / p.size(0)));
            else
                bound = 1.0 / std::sqrt(double(p.numel()));
            std::uniform_real_distribution<double> u(-bound, bound);
            for (float& v : values)
                v = float(u(rng));
        }
        p.copy_(torch::from_blob(values.data(), p.sizes(), torch::kFloat32));
    }
}

void copyNet(torch::nn::Module& dst, const torch::nn::Module& src)
{
    torch::NoGradGuard noGrad;
    const auto sp = src.named_parameters();
    for (auto& item : dst.named_parameters())
        item.value().copy_(sp[item.key()]);
    const auto sb = src.named_buffers();
    for (auto& item : dst.named_buffers())
        item.value().copy_(sb[item.key()]);
}

void softUpdate(torch::nn::Module& target, const torch::nn::Module& src, double tau)
{
    torch::NoGradGuard noGrad;
    const auto sp = src.named_parameters();
    for (auto& item : target.named_parameters())
        item.value().mul_(1 - tau).add_(sp[item.key()], tau);
    const auto sb = src.named_buffers();
    for (auto& item : target.named_buffers())
        item.value().copy_(sb[item.key()]);
}

/// The workload graph as tensors: features of s₀ and (augmented) adjacency.
struct GraphTensors {
    int n = 0, features = 0;
    Tensor base; ///< [N, F + 2], allocation columns set to DRAM (s₀)
    Tensor adj, aug; ///< [1, N, N]
};

GraphTensors makeGraphTensors(int n, int featureCount, const std::vector<float>& features,
                              const std::vector<std::pair<int, int>>& edges, bool undirected)
{
    GraphTensors g;
    g.n = n;
    g.features = featureCount + 2;
    g.base = torch::zeros({n, g.features});
    g.base.narrow(1, 0, featureCount).copy_(torch::from_blob(const_cast<float*>(features.data()), {n, featureCount}));
    g.base.narrow(1, featureCount, 2).fill_(float(int(Level::Dram)));
    g.adj = torch::zeros({1, n, n});
    auto a = g.adj.accessor<float, 3>();
    for (const auto& [src, dst] : edges) {
        a[0][dst][src] = 1.f;
        if (undirected)
            a[0][src][dst] = 1.f;
    }
    g.aug = augmentAdjacency(g.adj);
    return g;
}

UNetShape unetShape(const EgrlOptions& o, int in)
{
    return UNetShape{.in = in, .hidden = o.hidden, .out = o.output, .depth = o.depth, .heads = o.heads,
                     .ratio = o.poolRatio, .batchNorm = o.batchNorm, .denseShare = o.denseShare};
}

/// A stateless per-node prior with a temperature, per head (A, W).
struct Boltzmann {
    std::array<std::vector<float>, 2> prior; ///< N × 3
    std::array<std::vector<float>, 2> temperature; ///< N
};

struct Member {
    bool boltzmann = false;
    Actor gnn{nullptr};
    Boltzmann chromosome;
    double fitness = -std::numeric_limits<double>::infinity();
};

struct Transition {
    std::vector<std::uint8_t> action; ///< N activation levels then N weight levels
    float reward = 0;
};

} // namespace

struct ZeroShotProbe {
    ZeroShotTarget target;
    GraphTensors graph;
};

struct EgrlSearch::Impl {
    const PlacementModel& model;
    std::vector<ZeroShotProbe> probes;
    EgrlOptions o;
    std::mt19937_64 rng;
    at::Generator gen;
    std::stop_token stop;
    GraphTensors graph;
    int n = 0;

    std::vector<Member> pop;
    Actor actor{nullptr}, rolloutActor{nullptr};
    Critic critic{nullptr}, criticTarget{nullptr};
    std::unique_ptr<torch::optim::Adam> actorOpt, criticOpt;
    std::vector<Transition> buffer;
    std::size_t bufferNext = 0;
    std::int64_t lastGenFrames = 0;
    std::int64_t noisyRollouts = 0;
    int gen_ = 0;
    int migrantSlot = -1;
    std::array<int, 3> migration{0, 0, 0}; ///< elite, selected, discarded
    // Last update's SAC statistics (recorded at the next tell).
    double criticLoss = 0, actorLoss = 0, entropy = 0, qMean = 0;
    int updatesDone = 0;
    int champion = -1; ///< population slot of the last ranking's best

    Impl(const PlacementModel& m, const EgrlOptions& opts, std::uint64_t seed)
        : model(m)
        , o(opts)
        , rng(seed * 0x2545F4914F6CDD1Dull + 4)
        , gen(at::detail::createCPUGenerator(seed + 0x0E6Bull))
    {
        const FieldIssues issues = validateEgrlOptions(o);
        if (!issues.empty())
            throw InputError(joinIssues(issues));
        if (o.mode == EgrlMode::Ea) {
            o.pgRollouts = 0;
            o.migration = false;
        }
        if (o.mode == EgrlMode::Pg)
            o.population = 0;
        if (o.threads > 0)
            at::set_num_threads(o.threads);
        // Every update allocates and frees the same few-MB activations; above glibc's default
        // mmap threshold each would be a fresh mapping (page faults cost ~30 % of a step).
        mallopt(M_MMAP_THRESHOLD, 256 << 20);
        mallopt(M_TRIM_THRESHOLD, 512 << 20);
        torch::NoGradGuard noGrad;
        n = m.nodeCount();
        graph = graphOf(m);
        const UNetShape shape = unetShape(o, graph.features);

        const int boltzmannCount = int(std::lround(o.boltzmannFraction * o.population));
        for (int i = 0; i < o.population; ++i) {
            Member mem;
            mem.boltzmann = i >= o.population - boltzmannCount;
            if (mem.boltzmann) {
                std::uniform_real_distribution<float> u(0, 1), t(float(o.temperatureMin), float(o.temperatureMax));
                for (int h = 0; h < 2; ++h) {
                    mem.chromosome.prior[std::size_t(h)].resize(std::size_t(n) * 3);
                    mem.chromosome.temperature[std::size_t(h)].resize(std::size_t(n));
                    for (float& v : mem.chromosome.prior[std::size_t(h)])
                        v = u(rng);
                    for (float& v : mem.chromosome.temperature[std::size_t(h)])
                        v = t(rng);
                }
                normalise(mem.chromosome);
            } else {
                mem.gnn = Actor(shape);
                initialiseNet(*mem.gnn, rng);
                mem.gnn->eval();
            }
            pop.push_back(std::move(mem));
        }
        if (o.pgRollouts > 0) {
            actor = Actor(shape);
            initialiseNet(*actor, rng);
            rolloutActor = Actor(shape);
            copyNet(*rolloutActor, *actor);
            rolloutActor->eval();
            critic = Critic(shape);
            initialiseNet(*critic, rng);
            criticTarget = Critic(shape);
            copyNet(*criticTarget, *critic);
            actorOpt = std::make_unique<torch::optim::Adam>(actor->parameters(), torch::optim::AdamOptions(o.actorLr));
            criticOpt = std::make_unique<torch::optim::Adam>(critic->parameters(), torch::optim::AdamOptions(o.criticLr));
        }
    }

    GraphTensors graphOf(const PlacementModel& m) const
    {
        const FeatureOptions fo{.oneHotOp = o.oneHotOp};
        std::vector<std::pair<int, int>> edges;
        for (int i = 0; i < m.nodeCount(); ++i)
            for (int p : m.graph().nodes[std::size_t(i)].inputs)
                edges.emplace_back(p, i);
        return makeGraphTensors(m.nodeCount(), nodeFeatureCount(fo), nodeFeatures(m.graph(), fo, m.params().bytesPerElement),
                                edges, o.undirected);
    }

    /// A GNN's logits on a graph's start state s₀ ([N, 3] for activations, then weights).
    static std::pair<Tensor, Tensor> logitsOn(Actor& net, const GraphTensors& g)
    {
        torch::NoGradGuard noGrad;
        auto [la, lw] = net->forward(g.base.unsqueeze(0), g.adj, g.aug);
        return {la.squeeze(0).contiguous(), lw.squeeze(0).contiguous()};
    }

    /// The GNN's greedy map on a graph (no exploration, no random numbers).
    static MemoryMap greedyOn(Actor& net, const GraphTensors& g)
    {
        auto [la, lw] = logitsOn(net, g);
        const Tensor aa = la.argmax(-1).to(torch::kInt64).contiguous();
        const Tensor aw = lw.argmax(-1).to(torch::kInt64).contiguous();
        MemoryMap m = MemoryMap::uniform(g.n, Level::Dram);
        for (int i = 0; i < g.n; ++i) {
            m.activations[std::size_t(i)] = std::uint8_t(aa.data_ptr<std::int64_t>()[i]);
            m.weights[std::size_t(i)] = std::uint8_t(aw.data_ptr<std::int64_t>()[i]);
        }
        return m;
    }

    /// Zero-shot probes (§3.9): the generation's best GNN member (the learner's actor in PG
    /// mode) on every target workload.
    void probeZeroShot(MetricsSink& sink, std::int64_t iterations)
    {
        if (probes.empty())
            return;
        Actor net{nullptr};
        double best = -std::numeric_limits<double>::infinity();
        for (const Member& m : pop)
            if (!m.boltzmann && m.fitness > best) {
                best = m.fitness;
                net = m.gnn;
            }
        if (!net && rolloutActor)
            net = rolloutActor;
        if (!net)
            return; // an all-Boltzmann population has no network to transfer
        for (const ZeroShotProbe& p : probes) {
            const PlacementModel& target = *p.target.model;
            const MemoryMap proposal = greedyOn(net, p.graph);
            const Legalization legal = target.legalize(proposal);
            const double compiled = target.speedup(legal.map);
            sink.record("zeroshot/" + p.target.id, iterations, legal.valid() ? compiled : 0.0);
            sink.record("zeroshot/" + p.target.id + "_compiled", iterations, compiled);
            sink.record("zeroshot/" + p.target.id + "_epsilon", iterations, legal.epsilon);
        }
    }

    // ---- Boltzmann chromosomes (§3.3) ----
    void normalise(Boltzmann& b) const
    {
        for (int h = 0; h < 2; ++h) {
            auto& p = b.prior[std::size_t(h)];
            const float mn = *std::min_element(p.begin(), p.end());
            for (float& v : p)
                v -= mn;
            for (std::size_t i = 0; i < std::size_t(n); ++i) {
                float* row = p.data() + 3 * i;
                float s = row[0] + row[1] + row[2];
                if (!(s > 0)) {
                    for (int a = 0; a < 3; ++a)
                        row[a] += 1e-4f;
                    s = row[0] + row[1] + row[2];
                }
                for (int a = 0; a < 3; ++a)
                    row[a] /= s;
            }
            for (float& t : b.temperature[std::size_t(h)])
                t = std::clamp(t, float(o.temperatureMin), float(o.temperatureMax));
        }
    }
    std::array<float, 3> boltzmannProbs(const Boltzmann& b, int head, int node) const
    {
        const float* p = b.prior[std::size_t(head)].data() + 3 * std::size_t(node);
        const float t = b.temperature[std::size_t(head)][std::size_t(node)];
        std::array<float, 3> e{};
        const float mx = std::max({p[0], p[1], p[2]}) / t;
        float s = 0;
        for (int a = 0; a < 3; ++a)
            s += e[std::size_t(a)] = std::exp(p[a] / t - mx);
        for (float& v : e)
            v /= s;
        return e;
    }
    MemoryMap sampleBoltzmann(const Boltzmann& b)
    {
        MemoryMap m = MemoryMap::uniform(n, Level::Dram);
        std::uniform_real_distribution<float> u(0, 1);
        for (int h = 0; h < 2; ++h)
            for (int i = 0; i < n; ++i) {
                const auto pr = boltzmannProbs(b, h, i);
                const float r = u(rng);
                const std::uint8_t a = r < pr[0] ? 0 : r < pr[0] + pr[1] ? 1 : 2;
                (h == 0 ? m.activations : m.weights)[std::size_t(i)] = a;
            }
        return m;
    }
    void seedFromGnn(Boltzmann& b, Actor& net)
    {
        auto [la, lw] = logitsOn(net, graph);
        const Tensor logits[2] = {la, lw};
        for (int h = 0; h < 2; ++h)
            std::copy_n(logits[h].data_ptr<float>(), std::size_t(n) * 3, b.prior[std::size_t(h)].begin());
        normalise(b);
    }

    // ---- GNN rollouts ----
    MemoryMap greedy(Actor& net, double epsilon)
    {
        MemoryMap m = greedyOn(net, graph);
        if (epsilon > 0) {
            std::uniform_real_distribution<double> u(0, 1);
            std::uniform_int_distribution<int> any(0, 2);
            for (int i = 0; i < n; ++i) {
                if (u(rng) < epsilon)
                    m.activations[std::size_t(i)] = std::uint8_t(any(rng));
                if (u(rng) < epsilon)
                    m.weights[std::size_t(i)] = std::uint8_t(any(rng));
            }
        }
        return m;
    }

    // ---- SAC-discrete (§3.5) ----
    Tensor states(const std::vector<const Transition*>& batch) const
    {
        const auto B = std::int64_t(batch.size());
        Tensor s = graph.base.unsqueeze(0).repeat({B, 1, 1});
        std::vector<float> alloc(std::size_t(B) * std::size_t(n) * 2);
        for (std::int64_t b = 0; b < B; ++b)
            for (int i = 0; i < n; ++i) {
                alloc[(std::size_t(b) * std::size_t(n) + std::size_t(i)) * 2] = batch[std::size_t(b)]->action[std::size_t(i)];
                alloc[(std::size_t(b) * std::size_t(n) + std::size_t(i)) * 2 + 1] =
                    batch[std::size_t(b)]->action[std::size_t(n + i)];
            }
        s.narrow(2, graph.features - 2, 2).copy_(torch::from_blob(alloc.data(), {B, n, 2}));
        return s;
    }
    void update()
    {
        const std::size_t size = buffer.size();
        const auto B = std::min<std::size_t>(std::size_t(o.batch), size);
        // Uniform without replacement within the batch (partial Fisher–Yates over indices).
        std::vector<std::size_t> idx(size);
        std::iota(idx.begin(), idx.end(), 0);
        for (std::size_t k = 0; k < B; ++k) {
            std::uniform_int_distribution<std::size_t> pick(k, size - 1);
            std::swap(idx[k], idx[pick(rng)]);
        }
        std::vector<const Transition*> batch;
        std::vector<float> rewards;
        std::vector<std::int64_t> actA, actW;
        for (std::size_t k = 0; k < B; ++k) {
            const Transition& t = buffer[idx[k]];
            batch.push_back(&t);
            rewards.push_back(float(o.rewardScale * (double(t.reward) + o.rewardShift)));
            for (int i = 0; i < n; ++i) {
                actA.push_back(t.action[std::size_t(i)]);
                actW.push_back(t.action[std::size_t(n + i)]);
            }
        }
        const auto Bi = std::int64_t(B);
        const Tensor r = torch::from_blob(rewards.data(), {Bi}).clone();
        const Tensor oneA = torch::one_hot(torch::from_blob(actA.data(), {Bi, n}, torch::kInt64), 3).to(torch::kFloat32);
        const Tensor oneW = torch::one_hot(torch::from_blob(actW.data(), {Bi, n}, torch::kInt64), 3).to(torch::kFloat32);

        Tensor y;
        {
            torch::NoGradGuard noGrad;
            if (o.terminal) {
                y = r;
            } else {
                const Tensor next = states(batch);
                auto [la, lw] = actor->forward(next, graph.adj, graph.aug);
                const Tensor pa = torch::softmax(la, -1), pw = torch::softmax(lw, -1);
                const auto ent = [](const Tensor& p) { return (-(p * p.clamp_min(1e-12).log()).sum(-1)).mean(-1); };
                const Tensor h = ent(pa) + ent(pw);
                auto [q1, q2] = criticTarget->forward(next, pa, pw, graph.adj, graph.aug);
                const Tensor mq = torch::min(q1, q2);
                if (o.target == BellmanTarget::Code)
                    y = r + o.gamma * (mq + o.alpha * o.entropyFactor * h);
                else
                    y = r + o.gamma * mq + h;
            }
        }
        // Critic on noisy one-hot behaviour actions.
        const Tensor noisyA = (oneA + o.actionNoise * torch::randn(oneA.sizes(), gen)).clamp(0, 1);
        const Tensor noisyW = (oneW + o.actionNoise * torch::randn(oneW.sizes(), gen)).clamp(0, 1);
        const Tensor s0 = graph.base.unsqueeze(0).expand({Bi, n, graph.features});
        auto [q1, q2] = critic->forward(s0, noisyA, noisyW, graph.adj, graph.aug);
        const Tensor lossC = torch::mse_loss(q1, y) + torch::mse_loss(q2, y);
        criticOpt->zero_grad();
        lossC.backward();
        torch::nn::utils::clip_grad_norm_(critic->parameters(), o.gradientClip);
        criticOpt->step();

        // Actor: every transition starts from s₀, so one forward pass serves the whole batch.
        for (auto& p : critic->parameters())
            p.set_requires_grad(false);
        auto [la, lw] = actor->forward(graph.base.unsqueeze(0), graph.adj, graph.aug);
        const Tensor pa = torch::softmax(la, -1), pw = torch::softmax(lw, -1);
        const auto ent = [](const Tensor& p) { return (-(p * p.clamp_min(1e-12).log()).sum(-1)).mean(); };
        const Tensor h = ent(pa) + ent(pw);
        const auto hard = [](const Tensor& p) {
            return p * torch::one_hot(p.argmax(-1), 3).to(p.scalar_type());
        };
        actorOpt->zero_grad();
        const Tensor entropyLoss = -o.alpha * h;
        entropyLoss.backward({}, true);
        // The public code clips after the entropy term only (so the Q term is not clipped).
        torch::nn::utils::clip_grad_norm_(actor->parameters(), o.gradientClip);
        auto [qa1, qa2] = critic->forward(graph.base.unsqueeze(0), hard(pa), hard(pw), graph.adj, graph.aug);
        const Tensor qLoss = -torch::min(qa1, qa2).mean();
        qLoss.backward();
        actorOpt->step();
        for (auto& p : critic->parameters())
            p.set_requires_grad(true);
        softUpdate(*criticTarget, *critic, o.tau);

        criticLoss = lossC.item<double>();
        actorLoss = qLoss.item<double>() + entropyLoss.item<double>();
        entropy = h.item<double>();
        qMean = torch::min(q1, q2).mean().item<double>();
        ++updatesDone;
    }

    // ---- Evolution (§3.4, MixedSSNE) ----
    void mutateGnn(Actor& net)
    {
        torch::NoGradGuard noGrad;
        std::uniform_real_distribution<double> u(0, 1);
        std::normal_distribution<double> z(0, 1);
        for (auto& p : net->parameters()) {
            const bool matrix = p.dim() >= 2;
            const double prob = matrix ? 2 * u(rng) : 0.04 * 2 * u(rng);
            if (u(rng) >= prob)
                continue;
            float* w = p.data_ptr<float>();
            const auto numel = std::int64_t(p.numel());
            const auto maxCount = std::int64_t(std::ceil(o.mutationFraction * double(numel)));
            std::uniform_int_distribution<std::int64_t> count(0, maxCount), at(0, numel - 1);
            const std::int64_t c = count(rng);
            for (std::int64_t k = 0; k < c; ++k) {
                float& v = w[at(rng)];
                const double r = u(rng);
                if (r < o.superMutationProb)
                    v += float(z(rng) * o.superMutationStrength * std::abs(v));
                else if (r < o.superMutationProb + o.resetProb)
                    v = float(z(rng) * (matrix ? 0.1 : 1.0));
                else
                    v += float(z(rng) * o.mutationStrength * std::abs(v));
                v = float(std::clamp<double>(v, -o.weightLimit, o.weightLimit));
            }
        }
    }
    void mutateBoltzmann(Boltzmann& b)
    {
        std::normal_distribution<float> pz(1.0f, float(o.boltzmannSigma)),
            tz(float(o.temperatureMutationMean), float(o.boltzmannSigma));
        for (int h = 0; h < 2; ++h) {
            for (float& v : b.prior[std::size_t(h)])
                v *= pz(rng);
            for (float& t : b.temperature[std::size_t(h)])
                t *= tz(rng);
        }
        normalise(b);
    }
    void crossoverGnn(Actor& a, Actor& b)
    {
        torch::NoGradGuard noGrad;
        std::uniform_real_distribution<double> u(0, 1);
        auto pa = a->parameters(), pb = b->parameters();
        for (std::size_t k = 0; k < pa.size(); ++k) {
            Tensor& wa = pa[k];
            Tensor& wb = pb[k];
            if (wa.dim() >= 2) {
                const auto rows = wa.size(0);
                std::uniform_int_distribution<std::int64_t> count(0, std::int64_t(0.3 * double(rows))), row(0, rows - 1);
                const std::int64_t c = count(rng);
                for (std::int64_t i = 0; i < c; ++i) {
                    const std::int64_t r = row(rng);
                    if (u(rng) < 0.5)
                        wa[r].copy_(wb[r]);
                    else
                        wb[r].copy_(wa[r]);
                }
            } else if (u(rng) >= 0.8) {
                std::uniform_int_distribution<std::int64_t> at(0, wa.numel() - 1);
                const std::int64_t i = at(rng);
                if (u(rng) < 0.5)
                    wa.data_ptr<float>()[i] = wb.data_ptr<float>()[i];
                else
                    wb.data_ptr<float>()[i] = wa.data_ptr<float>()[i];
            }
        }
    }
    void crossoverBoltzmann(Boltzmann& a, Boltzmann& b)
    {
        if (n < 2)
            return;
        std::uniform_int_distribution<int> cut(1, n - 1);
        const auto c = std::size_t(cut(rng));
        for (int h = 0; h < 2; ++h) {
            std::swap_ranges(a.prior[std::size_t(h)].begin() + std::ptrdiff_t(3 * c), a.prior[std::size_t(h)].end(),
                             b.prior[std::size_t(h)].begin() + std::ptrdiff_t(3 * c));
            std::swap_ranges(a.temperature[std::size_t(h)].begin() + std::ptrdiff_t(c), a.temperature[std::size_t(h)].end(),
                             b.temperature[std::size_t(h)].begin() + std::ptrdiff_t(c));
        }
    }
    void crossover(int i, int j)
    {
        Member& a = pop[std::size_t(i)];
        Member& b = pop[std::size_t(j)];
        if (i == j)
            return;
        if (!a.boltzmann && !b.boltzmann)
            crossoverGnn(a.gnn, b.gnn);
        else if (a.boltzmann && b.boltzmann)
            crossoverBoltzmann(a.chromosome, b.chromosome);
        else if (a.boltzmann)
            seedFromGnn(a.chromosome, b.gnn);
        else
            seedFromGnn(b.chromosome, a.gnn);
    }
    /// clone(master → replacee) with the cross-type rules; false if impossible (Boltzmann → GNN).
    bool clone(int master, int replacee)
    {
        if (master == replacee)
            return true;
        Member& m = pop[std::size_t(master)];
        Member& r = pop[std::size_t(replacee)];
        if (!m.boltzmann && !r.boltzmann)
            copyNet(*r.gnn, *m.gnn);
        else if (m.boltzmann && r.boltzmann)
            r.chromosome = m.chromosome;
        else if (!m.boltzmann)
            seedFromGnn(r.chromosome, m.gnn);
        else
            return false;
        return true;
    }

    void epoch(MetricsSink& sink, std::int64_t iterations)
    {
        const int k = int(pop.size());
        std::vector<int> rank(static_cast<std::size_t>(k));
        std::iota(rank.begin(), rank.end(), 0);
        std::stable_sort(rank.begin(), rank.end(),
                         [&](int a, int b) { return pop[std::size_t(a)].fitness > pop[std::size_t(b)].fitness; });
        champion = rank.front();
        const int e = std::min(k, std::max(2, int(o.eliteFraction * k)));
        const std::vector<int> elites(rank.begin(), rank.begin() + e);
        const bool migrate = o.migration && rolloutActor;
        const int numSel = std::max(0, k - e - (migrate ? 1 : 0));
        std::uniform_int_distribution<int> any(0, k - 1);
        std::vector<int> selected;
        for (int t = 0; t < numSel; ++t) {
            int win = any(rng);
            for (int c = 1; c < o.tournamentSize; ++c) {
                const int x = any(rng);
                if (pop[std::size_t(x)].fitness > pop[std::size_t(win)].fitness)
                    win = x;
            }
            if (std::find(selected.begin(), selected.end(), win) == selected.end())
                selected.push_back(win);
        }
        if (selected.size() % 2 == 1)
            selected.push_back(selected.back());

        // How the previous generation's migrant fared.
        if (migrantSlot >= 0) {
            if (std::find(elites.begin(), elites.end(), migrantSlot) != elites.end())
                ++migration[0];
            else if (std::find(selected.begin(), selected.end(), migrantSlot) != selected.end())
                ++migration[1];
            else
                ++migration[2];
            sink.record("egrl/migrant_elite", iterations, migration[0]);
            sink.record("egrl/migrant_selected", iterations, migration[1]);
            sink.record("egrl/migrant_discarded", iterations, migration[2]);
        }

        std::vector<int> unselects;
        for (int i = 0; i < k; ++i)
            if (std::find(elites.begin(), elites.end(), i) == elites.end() &&
                std::find(selected.begin(), selected.end(), i) == selected.end())
                unselects.push_back(i);
        std::shuffle(unselects.begin(), unselects.end(), rng);

        // Migration: the learner's actor replaces the weakest unselected member.
        migrantSlot = -1;
        if (migrate && !unselects.empty()) {
            auto weakest = std::min_element(unselects.begin(), unselects.end(), [&](int a, int b) {
                return pop[std::size_t(a)].fitness < pop[std::size_t(b)].fitness;
            });
            migrantSlot = *weakest;
            unselects.erase(weakest);
            Member& m = pop[std::size_t(migrantSlot)];
            if (m.boltzmann)
                seedFromGnn(m.chromosome, rolloutActor);
            else
                copyNet(*m.gnn, *rolloutActor);
        }

        // Elitism: each elite is cloned into an unselected slot of its own encoding if possible.
        std::vector<int> newElites;
        for (int el : elites) {
            const bool b = pop[std::size_t(el)].boltzmann;
            auto slot = std::find_if(unselects.begin(), unselects.end(), [&](int i) { return pop[std::size_t(i)].boltzmann == b; });
            if (slot == unselects.end() && !b)
                slot = unselects.begin();
            if (slot != unselects.end()) {
                const int r = *slot;
                unselects.erase(slot);
                clone(el, r);
                newElites.push_back(r);
            } else {
                newElites.push_back(el); // nowhere to copy it: shield the original
            }
        }

        // The champion's unmutated copy is the first new elite (the original may mutate below).
        if (!newElites.empty())
            champion = newElites.front();
        if (!unselects.empty()) {
            if (unselects.size() % 2 == 1) {
                std::uniform_int_distribution<std::size_t> pick(0, unselects.size() - 1);
                unselects.push_back(unselects[pick(rng)]);
            }
            for (std::size_t p = 0; p + 1 < unselects.size(); p += 2) {
                const int i = unselects[p], j = unselects[p + 1];
                std::uniform_int_distribution<std::size_t> pe(0, newElites.size() - 1);
                clone(newElites[pe(rng)], i);
                if (!selected.empty()) {
                    std::uniform_int_distribution<std::size_t> ps(0, selected.size() - 1);
                    clone(selected[ps(rng)], j);
                }
                crossover(i, j);
            }
        }
        std::uniform_real_distribution<double> u(0, 1);
        for (std::size_t p = 0; p + 1 < selected.size(); p += 2)
            if (u(rng) < o.crossoverProb)
                crossover(selected[p], selected[p + 1]);
        for (int i = 0; i < k; ++i) {
            if (std::find(newElites.begin(), newElites.end(), i) != newElites.end())
                continue;
            if (u(rng) < o.mutationProb) {
                Member& m = pop[std::size_t(i)];
                if (m.boltzmann)
                    mutateBoltzmann(m.chromosome);
                else
                    mutateGnn(m.gnn);
            }
        }
    }
};

EgrlSearch::EgrlSearch(const PlacementModel& model, const EgrlOptions& options, std::uint64_t seed)
    : d(std::make_unique<Impl>(model, options, seed))
{
}

EgrlSearch::~EgrlSearch() = default;

void EgrlSearch::bindStop(std::stop_token stop)
{
    d->stop = stop;
}

int EgrlSearch::generation() const
{
    return d->gen_;
}

std::vector<Proposal> EgrlSearch::ask(int)
{
    Impl& s = *d;
    torch::NoGradGuard noGrad;
    if (s.actor) {
        const auto steps = std::int64_t(double(s.lastGenFrames) * s.o.gradientStepsPerFrame);
        if (std::int64_t(s.buffer.size()) >= s.o.burnIn) {
            torch::AutoGradMode grad(true);
            s.actor->train();
            s.critic->train();
            for (std::int64_t k = 0; k < steps && !s.stop.stop_requested(); ++k)
                s.update();
        }
        s.lastGenFrames = 0;
        copyNet(*s.rolloutActor, *s.actor);
        s.rolloutActor->eval();
    }
    std::vector<Proposal> out;
    for (std::size_t i = 0; i < s.pop.size(); ++i) {
        Member& m = s.pop[i];
        if (m.boltzmann)
            out.push_back({s.sampleBoltzmann(m.chromosome), Proposer::Boltzmann, int(i)});
        else
            out.push_back({s.greedy(m.gnn, 0), Proposer::Gnn, int(i)});
    }
    for (int r = 0; r < (s.actor ? s.o.pgRollouts : 0); ++r) {
        const double eps =
            s.o.epsilonMin + (1 - s.o.epsilonMin) * std::exp(-double(s.noisyRollouts++) / s.o.epsilonDecay);
        out.push_back({s.greedy(s.rolloutActor, eps), Proposer::PgNoisy, -1});
        out.push_back({s.greedy(s.rolloutActor, 0), Proposer::PgClean, -1});
    }
    return out;
}

void EgrlSearch::tell(std::span<const Proposal> proposals, std::span<const PlacementOutcome> outcomes,
                      std::int64_t iterations, MetricsSink& sink)
{
    Impl& s = *d;
    const int n = s.n;
    std::array<double, 4> best{-1, -1, -1, -1}; // gnn, boltzmann, pg noisy, pg clean (speed-up)
    double bestReward = -std::numeric_limits<double>::infinity();
    int championType = -1, invalid = 0;
    double epsSum = 0;
    for (std::size_t k = 0; k < proposals.size(); ++k) {
        const Proposal& p = proposals[k];
        const PlacementOutcome& out = outcomes[k];
        if (s.actor) {
            Transition t;
            t.action.resize(std::size_t(2 * n));
            std::copy(p.map.activations.begin(), p.map.activations.end(), t.action.begin());
            std::copy(p.map.weights.begin(), p.map.weights.end(), t.action.begin() + n);
            t.reward = std::isfinite(out.reward) ? float(out.reward) : -2.0f;
            if (int(s.buffer.size()) < s.o.bufferSize) {
                s.buffer.push_back(std::move(t));
            } else {
                s.buffer[s.bufferNext] = std::move(t);
                s.bufferNext = (s.bufferNext + 1) % s.buffer.size();
            }
            ++s.lastGenFrames;
        }
        if (p.member >= 0)
            s.pop[std::size_t(p.member)].fitness = out.reward;
        const int type = int(p.proposer); // Gnn, Boltzmann, PgNoisy, PgClean are 0..3
        if (type < 4)
            best[std::size_t(type)] = std::max(best[std::size_t(type)], out.speedup);
        if (out.reward > bestReward) {
            bestReward = out.reward;
            championType = type;
        }
        invalid += out.valid ? 0 : 1;
        epsSum += out.epsilon;
    }
    static constexpr const char* kTypeMetric[4] = {"egrl/best_gnn", "egrl/best_boltzmann", "egrl/pg_noisy", "egrl/pg_clean"};
    for (int t = 0; t < 4; ++t)
        if (best[std::size_t(t)] >= 0)
            sink.record(kTypeMetric[t], iterations, best[std::size_t(t)]);
    if (!proposals.empty()) {
        sink.record("egrl/champion_type", iterations, championType);
        sink.record("egrl/invalid_fraction", iterations, double(invalid) / double(proposals.size()));
        sink.record("egrl/mean_epsilon", iterations, epsSum / double(proposals.size()));
    }
    double tmin = 1e30, tmax = 0, tsum = 0;
    std::size_t tcount = 0;
    for (const Member& m : s.pop)
        if (m.boltzmann)
            for (const auto& head : m.chromosome.temperature)
                for (float t : head) {
                    tmin = std::min<double>(tmin, t);
                    tmax = std::max<double>(tmax, t);
                    tsum += t;
                    ++tcount;
                }
    if (tcount > 0) {
        sink.record("egrl/temperature_min", iterations, tmin);
        sink.record("egrl/temperature_mean", iterations, tsum / double(tcount));
        sink.record("egrl/temperature_max", iterations, tmax);
    }
    if (s.updatesDone > 0) {
        sink.record("sac/critic_loss", iterations, s.criticLoss);
        sink.record("sac/actor_loss", iterations, s.actorLoss);
        sink.record("sac/entropy", iterations, s.entropy);
        sink.record("sac/q", iterations, s.qMean);
        sink.record("sac/updates", iterations, s.updatesDone);
    }
    s.probeZeroShot(sink, iterations);
    // A complete generation evolves the population (a budget-truncated last one does not).
    const std::size_t full = s.pop.size() + std::size_t(s.actor ? 2 * s.o.pgRollouts : 0);
    if (!s.pop.empty() && proposals.size() == full) {
        torch::NoGradGuard noGrad;
        s.epoch(sink, iterations);
    }
    ++s.gen_;
    sink.record("egrl/generation", iterations, s.gen_);
    // The champion's per-tensor distribution for the memory map's probability mode.
    const MapDistribution dist = championDistribution();
    if (!dist.activations.empty()) {
        const nlohmann::json j = {{"source", dist.source},
                                  {"activations", dist.activations},
                                  {"weights", dist.weights},
                                  {"temperature", dist.temperature}};
        sink.snapshot("egrl/distribution", j.dump());
    }
}

void EgrlSearch::setZeroShotTargets(std::vector<ZeroShotTarget> targets)
{
    torch::NoGradGuard noGrad;
    std::vector<ZeroShotProbe> probes;
    for (ZeroShotTarget& t : targets) {
        if (!t.model)
            throw InputError("zero_shot: target \"" + t.id + "\" has no workload");
        if (t.model->params().bytesPerElement != d->model.params().bytesPerElement)
            throw InputError("zero_shot: target \"" + t.id + "\" uses " + std::to_string(t.model->params().bytesPerElement) +
                             " bytes per element, the trained workload " +
                             std::to_string(d->model.params().bytesPerElement));
        ZeroShotProbe p{std::move(t), {}};
        p.graph = d->graphOf(*p.target.model);
        probes.push_back(std::move(p));
    }
    d->probes = std::move(probes);
}

MapDistribution EgrlSearch::championDistribution() const
{
    Impl& s = *d;
    MapDistribution dist;
    const int n = s.n;
    dist.weights.resize(std::size_t(n));
    dist.activations.resize(std::size_t(n));
    Actor net{nullptr};
    if (s.pop.empty() && s.actor) {
        net = s.rolloutActor;
        dist.source = "SAC actor";
    }
    if (!net && !s.pop.empty()) {
        const int c = std::max(0, s.champion);
        const Member& m = s.pop[std::size_t(c)];
        if (m.boltzmann) {
            dist.source = "Boltzmann #" + std::to_string(c + 1);
            dist.temperature.resize(std::size_t(n));
            for (int i = 0; i < n; ++i) {
                dist.activations[std::size_t(i)] = s.boltzmannProbs(m.chromosome, 0, i);
                dist.weights[std::size_t(i)] = s.boltzmannProbs(m.chromosome, 1, i);
                dist.temperature[std::size_t(i)] =
                    0.5f * (m.chromosome.temperature[0][std::size_t(i)] + m.chromosome.temperature[1][std::size_t(i)]);
            }
            return dist;
        }
        net = m.gnn;
        dist.source = "GNN #" + std::to_string(c + 1);
    }
    if (!net)
        return dist;
    auto [la, lw] = Impl::logitsOn(net, s.graph);
    const Tensor pa = torch::softmax(la, -1).contiguous(), pw = torch::softmax(lw, -1).contiguous();
    for (int i = 0; i < n; ++i)
        for (int a = 0; a < 3; ++a) {
            dist.activations[std::size_t(i)][std::size_t(a)] = pa.data_ptr<float>()[3 * i + a];
            dist.weights[std::size_t(i)][std::size_t(a)] = pw.data_ptr<float>()[3 * i + a];
        }
    return dist;
}

std::vector<float> gnnActorLogits(const EgrlOptions& options, int nodes, int featureCount, const std::vector<float>& features,
                                  const std::vector<std::pair<int, int>>& edges, std::uint64_t seed)
{
    torch::NoGradGuard noGrad;
    std::mt19937_64 rng(seed);
    const GraphTensors g = makeGraphTensors(nodes, featureCount, features, edges, options.undirected);
    Actor actor(unetShape(options, g.features));
    initialiseNet(*actor, rng);
    actor->eval();
    auto [la, lw] = actor->forward(g.base.unsqueeze(0), g.adj, g.aug);
    const Tensor both = torch::cat({la.squeeze(0), lw.squeeze(0)}, -1).contiguous();
    return {both.data_ptr<float>(), both.data_ptr<float>() + both.numel()};
}

GnnProbe gnnActorProbe(const EgrlOptions& options, int nodes, int featureCount, const std::vector<float>& features,
                       const std::vector<std::pair<int, int>>& edges, std::uint64_t seed, int batch)
{
    std::mt19937_64 rng(seed);
    const GraphTensors g = makeGraphTensors(nodes, featureCount, features, edges, options.undirected);
    Actor actor(unetShape(options, g.features));
    initialiseNet(*actor, rng);
    actor->train();
    // Copy b > 0 places every tensor at a pseudo-random level, so TopK keeps different nodes per
    // copy and the pooled levels see per-copy masks.
    Tensor x = g.base.unsqueeze(0).repeat({batch, 1, 1});
    std::uniform_int_distribution<int> level(0, 2);
    std::uniform_real_distribution<double> weight(-1, 1);
    {
        auto a = x.accessor<float, 3>();
        for (int b = 1; b < batch; ++b)
            for (int i = 0; i < nodes; ++i)
                for (int c = g.features - 2; c < g.features; ++c)
                    a[b][i][c] = float(level(rng));
    }
    actor->to(torch::kDouble);
    auto [la, lw] = actor->forward(x.to(torch::kDouble), g.adj.to(torch::kDouble), g.aug.to(torch::kDouble));
    const Tensor logits = torch::cat({la, lw}, -1).contiguous();
    std::vector<double> w(std::size_t(logits.numel()));
    for (double& v : w)
        v = weight(rng);
    (logits * torch::from_blob(w.data(), logits.sizes(), torch::kDouble)).sum().backward();
    GnnProbe probe;
    probe.logits.assign(logits.data_ptr<double>(), logits.data_ptr<double>() + logits.numel());
    for (const Tensor& p : actor->parameters())
        if (p.grad().defined()) {
            const Tensor gr = p.grad().contiguous();
            probe.gradients.insert(probe.gradients.end(), gr.data_ptr<double>(), gr.data_ptr<double>() + gr.numel());
        }
    return probe;
}

std::unique_ptr<PlacementSearch> makePlacementSearch(std::string_view id, const PlacementModel& model,
                                                     const EgrlOptions& options, std::uint64_t seed)
{
    for (EgrlMode m : {EgrlMode::Egrl, EgrlMode::Ea, EgrlMode::Pg})
        if (id == egrlModeId(m)) {
            EgrlOptions o = options;
            o.mode = m;
            return std::make_unique<EgrlSearch>(model, o, seed);
        }
    if (id == "greedy-dp" || id == "random" || id == "local")
        return makeBaselineSearch(id, model, seed);
    throw InputError("unknown placement method \"" + std::string(id) + "\"; expected egrl, ea, pg, greedy-dp, random or local");
}

} // namespace mapscape::placement

namespace mapscape::placement {
namespace {
std::unique_ptr<PlacementSearch> makeEgrl(std::string_view id, const PlacementModel& model, const EgrlOptions& options,
                                          std::uint64_t seed, std::vector<ZeroShotTarget> zeroShot)
{
    auto search = makePlacementSearch(id, model, options, seed);
    if (!zeroShot.empty())
        if (auto* e = dynamic_cast<EgrlSearch*>(search.get()))
            e->setZeroShotTargets(std::move(zeroShot));
    return search;
}
const learners::Registration kRegistration{kEgrlFactory, &makeEgrl};
} // namespace
} // namespace mapscape::placement
