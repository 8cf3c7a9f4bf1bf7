// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Graph attention over the edges of a sparse mask as one fused LibTorch autograd function
/// (forward and backward written out), for EGRL's GAT layers. The generic per-edge form
/// (index_select the senders' features into an [E, heads, channels] tensor, weight, index_add
/// into the receivers) allocates and walks several such tensors per layer and again in its
/// backward pass; here each receiver gathers its senders' rows in place, and the backward pass
/// scatters into each sender from its own list of edges, so nothing of size E × channels is
/// ever stored and both passes run in parallel without atomics. Used by egrl.cpp only.

#include <ATen/core/Tensor.h>

namespace mapscape::placement::gat {

/// A batch of masks as receiver-major edge lists (CSR) plus the sender-major order of the same
/// edges. Graph b's node i is row b·n + i.
struct EdgeIndex {
    at::Tensor rowptr;  ///< [B·n + 1] int64: receiver r's edges are rowptr[r] … rowptr[r + 1) − 1
    at::Tensor sender;  ///< [E] int64: each edge's sender row
    at::Tensor receiver; ///< [E] int64: each edge's receiver row
    at::Tensor colptr;  ///< [B·n + 1] int64: sender s's edges are bySender[colptr[s] … colptr[s + 1])
    at::Tensor bySender; ///< [E] int64: edge ids grouped by sender
    std::int64_t edges() const { return sender.numel(); }
};

/// mask: [B or 1, n, n] bool, row i = the nodes i receives from. A single mask is shared by all
/// `batch` graphs.
EdgeIndex edgeIndex(const at::Tensor& mask, std::int64_t batch);

/// out[r, h, :] = Σ over r's edges e = (s → r) of α[e, h] · x[s, h, :], where α is the softmax
/// over r's edges of LeakyReLU(aDst[r, h] + aSrc[s, h], slope). x: [B·n, H, C]; aSrc, aDst:
/// [B·n, H]; float or double. Differentiable in x, aSrc and aDst. Rows without edges get 0.
at::Tensor edgeAttention(const at::Tensor& x, const at::Tensor& aSrc, const at::Tensor& aDst, const EdgeIndex& index,
                         double slope);

} // namespace mapscape::placement::gat
