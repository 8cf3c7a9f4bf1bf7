// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/placement/learners/gat_kernel.h"

#include <ATen/Dispatch.h>
#include <ATen/Parallel.h>
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace mapscape::placement::gat {

using torch::Tensor;
using torch::autograd::AutogradContext;
using torch::autograd::tensor_list;

EdgeIndex edgeIndex(const Tensor& mask, std::int64_t batch)
{
    TORCH_CHECK(mask.dim() == 3 && mask.size(1) == mask.size(2) && mask.scalar_type() == torch::kBool,
                "edgeIndex: mask must be [B, n, n] bool");
    TORCH_CHECK(mask.size(0) == 1 || mask.size(0) == batch, "edgeIndex: mask batch ", mask.size(0), " vs ", batch);
    const Tensor m = mask.contiguous();
    const bool* mp = m.data_ptr<bool>();
    const std::int64_t n = m.size(1), masks = m.size(0), rows = batch * n;
    // Receiver-major edges of each mask once (a shared mask then repeats with row offsets).
    std::vector<std::int64_t> maskPtr(std::size_t(masks * n + 1), 0);
    std::vector<std::int64_t> maskSender;
    maskSender.reserve(std::size_t(masks * n * 4));
    for (std::int64_t r = 0; r < masks * n; ++r) {
        const bool* line = mp + r * n;
        const std::int64_t graphRow = (r / n) * n;
        for (std::int64_t j = 0; j < n; ++j)
            if (line[j])
                maskSender.push_back(graphRow + j);
        maskPtr[std::size_t(r + 1)] = std::int64_t(maskSender.size());
    }
    const std::int64_t perMask = std::int64_t(maskSender.size());
    const std::int64_t copies = masks == 1 ? batch : 1;
    const std::int64_t E = perMask * copies;
    EdgeIndex ix;
    ix.rowptr = torch::empty({rows + 1}, torch::kInt64);
    ix.sender = torch::empty({E}, torch::kInt64);
    ix.receiver = torch::empty({E}, torch::kInt64);
    std::int64_t* rowptr = ix.rowptr.data_ptr<std::int64_t>();
    std::int64_t* snd = ix.sender.data_ptr<std::int64_t>();
    std::int64_t* rcv = ix.receiver.data_ptr<std::int64_t>();
    for (std::int64_t b = 0; b < copies; ++b) {
        const std::int64_t rowOffset = b * n * masks, edgeOffset = b * perMask;
        for (std::int64_t r = 0; r < masks * n; ++r) {
            rowptr[rowOffset + r] = edgeOffset + maskPtr[std::size_t(r)];
            for (std::int64_t k = maskPtr[std::size_t(r)]; k < maskPtr[std::size_t(r + 1)]; ++k) {
                snd[edgeOffset + k] = rowOffset + maskSender[std::size_t(k)];
                rcv[edgeOffset + k] = rowOffset + r;
            }
        }
    }
    rowptr[rows] = E;
    // Sender-major order of the same edges (counting sort; each sender's edges keep receiver order).
    ix.colptr = torch::zeros({rows + 1}, torch::kInt64);
    std::int64_t* colptr = ix.colptr.data_ptr<std::int64_t>();
    for (std::int64_t e = 0; e < E; ++e)
        ++colptr[snd[e] + 1];
    for (std::int64_t s = 0; s < rows; ++s)
        colptr[s + 1] += colptr[s];
    ix.bySender = torch::empty({E}, torch::kInt64);
    std::int64_t* by = ix.bySender.data_ptr<std::int64_t>();
    std::vector<std::int64_t> next(colptr, colptr + rows);
    for (std::int64_t e = 0; e < E; ++e)
        by[next[std::size_t(snd[e])]++] = e;
    return ix;
}

namespace {

/// Rows per parallel task: about 2,000 edge-heads of work each.
std::int64_t grainFor(std::int64_t rows, std::int64_t edges, std::int64_t heads)
{
    const std::int64_t perRow = std::max<std::int64_t>(1, edges * heads / std::max<std::int64_t>(1, rows));
    return std::max<std::int64_t>(1, 2048 / perRow);
}

template <typename T>
void forwardKernel(const Tensor& x, const Tensor& aSrc, const Tensor& aDst, const EdgeIndex& ix, T slope, Tensor& out,
                   Tensor& alpha)
{
    const std::int64_t rows = x.size(0), H = x.size(1), C = x.size(2);
    const T* xp = x.data_ptr<T>();
    const T* as = aSrc.data_ptr<T>();
    const T* ad = aDst.data_ptr<T>();
    const std::int64_t* rowptr = ix.rowptr.data_ptr<std::int64_t>();
    const std::int64_t* snd = ix.sender.data_ptr<std::int64_t>();
    T* op = out.data_ptr<T>();
    T* al = alpha.data_ptr<T>();
    at::parallel_for(0, rows, grainFor(rows, ix.edges(), H), [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t r = begin; r < end; ++r) {
            const std::int64_t k0 = rowptr[r], k1 = rowptr[r + 1];
            T* o = op + r * H * C;
            std::fill(o, o + H * C, T(0));
            if (k0 == k1)
                continue;
            for (std::int64_t h = 0; h < H; ++h) {
                T peak = -std::numeric_limits<T>::infinity();
                for (std::int64_t k = k0; k < k1; ++k) {
                    T z = ad[r * H + h] + as[snd[k] * H + h];
                    z = z > 0 ? z : slope * z;
                    al[k * H + h] = z;
                    peak = std::max(peak, z);
                }
                T sum = 0;
                for (std::int64_t k = k0; k < k1; ++k) {
                    const T v = std::exp(al[k * H + h] - peak);
                    al[k * H + h] = v;
                    sum += v;
                }
                const T inv = T(1) / sum;
                for (std::int64_t k = k0; k < k1; ++k)
                    al[k * H + h] *= inv;
            }
            for (std::int64_t k = k0; k < k1; ++k) {
                const T* src = xp + snd[k] * H * C;
                for (std::int64_t h = 0; h < H; ++h) {
                    const T a = al[k * H + h];
                    T* oh = o + h * C;
                    const T* sh = src + h * C;
                    for (std::int64_t c = 0; c < C; ++c)
                        oh[c] += a * sh[c];
                }
            }
        }
    });
}

template <typename T>
void backwardKernel(const Tensor& x, const Tensor& aSrc, const Tensor& aDst, const Tensor& alpha, const EdgeIndex& ix,
                    T slope, const Tensor& gOut, Tensor& gX, Tensor& gSrc, Tensor& gDst)
{
    const std::int64_t rows = x.size(0), H = x.size(1), C = x.size(2), E = ix.edges();
    const T* xp = x.data_ptr<T>();
    const T* as = aSrc.data_ptr<T>();
    const T* ad = aDst.data_ptr<T>();
    const T* al = alpha.data_ptr<T>();
    const T* go = gOut.data_ptr<T>();
    const std::int64_t* rowptr = ix.rowptr.data_ptr<std::int64_t>();
    const std::int64_t* snd = ix.sender.data_ptr<std::int64_t>();
    const std::int64_t* rcv = ix.receiver.data_ptr<std::int64_t>();
    const std::int64_t* colptr = ix.colptr.data_ptr<std::int64_t>();
    const std::int64_t* by = ix.bySender.data_ptr<std::int64_t>();
    // gScore[e, h]: the gradient at the LeakyReLU's input, per edge.
    Tensor gScoreT = torch::empty({E, H}, x.options());
    T* gs = gScoreT.data_ptr<T>();
    T* gd = gDst.data_ptr<T>();
    const std::int64_t grain = grainFor(rows, E, H);
    // Receivers: ∂α from the output, through the softmax and the LeakyReLU.
    at::parallel_for(0, rows, grain, [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t r = begin; r < end; ++r) {
            const std::int64_t k0 = rowptr[r], k1 = rowptr[r + 1];
            const T* g = go + r * H * C;
            for (std::int64_t k = k0; k < k1; ++k) {
                const T* src = xp + snd[k] * H * C;
                for (std::int64_t h = 0; h < H; ++h) {
                    T dot = 0;
                    for (std::int64_t c = 0; c < C; ++c)
                        dot += g[h * C + c] * src[h * C + c];
                    gs[k * H + h] = dot;
                }
            }
            for (std::int64_t h = 0; h < H; ++h) {
                T mean = 0;
                for (std::int64_t k = k0; k < k1; ++k)
                    mean += al[k * H + h] * gs[k * H + h];
                T acc = 0;
                for (std::int64_t k = k0; k < k1; ++k) {
                    const T ge = al[k * H + h] * (gs[k * H + h] - mean);
                    const T z = ad[r * H + h] + as[snd[k] * H + h];
                    const T gz = z > 0 ? ge : slope * ge;
                    gs[k * H + h] = gz;
                    acc += gz;
                }
                gd[r * H + h] = acc;
            }
        }
    });
    // Senders: each sums over its own outgoing edges.
    T* gx = gX.data_ptr<T>();
    T* gsr = gSrc.data_ptr<T>();
    at::parallel_for(0, rows, grain, [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t s = begin; s < end; ++s) {
            T* out = gx + s * H * C;
            std::fill(out, out + H * C, T(0));
            for (std::int64_t h = 0; h < H; ++h)
                gsr[s * H + h] = 0;
            for (std::int64_t t = colptr[s]; t < colptr[s + 1]; ++t) {
                const std::int64_t k = by[t];
                const T* g = go + rcv[k] * H * C;
                for (std::int64_t h = 0; h < H; ++h) {
                    const T a = al[k * H + h];
                    for (std::int64_t c = 0; c < C; ++c)
                        out[h * C + c] += a * g[h * C + c];
                    gsr[s * H + h] += gs[k * H + h];
                }
            }
        }
    });
}

class EdgeAttentionFunction : public torch::autograd::Function<EdgeAttentionFunction> {
public:
    static Tensor forward(AutogradContext* ctx, const Tensor& x, const Tensor& aSrc, const Tensor& aDst,
                          const Tensor& rowptr, const Tensor& sender, const Tensor& receiver, const Tensor& colptr,
                          const Tensor& bySender, double slope)
    {
        const Tensor xc = x.contiguous(), sc = aSrc.contiguous(), dc = aDst.contiguous();
        const EdgeIndex ix{rowptr, sender, receiver, colptr, bySender};
        Tensor out = torch::empty_like(xc);
        Tensor alpha = torch::empty({ix.edges(), xc.size(1)}, xc.options());
        AT_DISPATCH_FLOATING_TYPES(xc.scalar_type(), "gat_edge_attention", [&] {
            forwardKernel<scalar_t>(xc, sc, dc, ix, scalar_t(slope), out, alpha);
        });
        ctx->save_for_backward({xc, sc, dc, alpha, rowptr, sender, receiver, colptr, bySender});
        ctx->saved_data["slope"] = slope;
        return out;
    }
    static tensor_list backward(AutogradContext* ctx, tensor_list grads)
    {
        const auto saved = ctx->get_saved_variables();
        const Tensor &x = saved[0], &aSrc = saved[1], &aDst = saved[2], &alpha = saved[3];
        const EdgeIndex ix{saved[4], saved[5], saved[6], saved[7], saved[8]};
        const double slope = ctx->saved_data["slope"].toDouble();
        const Tensor gOut = grads[0].contiguous();
        Tensor gX = torch::empty_like(x), gSrc = torch::empty_like(aSrc), gDst = torch::empty_like(aDst);
        AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "gat_edge_attention_backward", [&] {
            backwardKernel<scalar_t>(x, aSrc, aDst, alpha, ix, scalar_t(slope), gOut, gX, gSrc, gDst);
        });
        return {gX, gSrc, gDst, Tensor(), Tensor(), Tensor(), Tensor(), Tensor(), Tensor(), Tensor()}; // slope too
    }
};

} // namespace

Tensor edgeAttention(const Tensor& x, const Tensor& aSrc, const Tensor& aDst, const EdgeIndex& index, double slope)
{
    TORCH_CHECK(x.dim() == 3 && aSrc.dim() == 2 && aDst.dim() == 2 && aSrc.size(0) == x.size(0) &&
                    aDst.size(0) == x.size(0) && aSrc.size(1) == x.size(1) && aDst.size(1) == x.size(1),
                "edgeAttention: x [rows, H, C], aSrc and aDst [rows, H]");
    TORCH_CHECK(index.rowptr.numel() == x.size(0) + 1, "edgeAttention: index for ", index.rowptr.numel() - 1,
                " rows, features for ", x.size(0));
    return EdgeAttentionFunction::apply(x, aSrc, aDst, index.rowptr, index.sender, index.receiver, index.colptr,
                                        index.bySender, slope);
}

} // namespace mapscape::placement::gat
