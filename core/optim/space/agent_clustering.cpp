// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/space/agent_clustering.h"

#include "core/model/validation.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>

namespace mapscape {

std::vector<int> Dendrogram::order() const
{
    std::vector<int> out;
    if (leaves <= 0)
        return out;
    if (merges.empty()) {
        for (int i = 0; i < leaves; ++i)
            out.push_back(i);
        return out;
    }
    std::function<void(int)> walk = [&](int id) {
        if (id < leaves) {
            out.push_back(id);
            return;
        }
        const Merge& m = merges[std::size_t(id - leaves)];
        walk(m.a);
        walk(m.b);
    };
    walk(leaves + int(merges.size()) - 1);
    return out;
}

Eigen::MatrixXd absoluteCorrelation(const Eigen::MatrixXd& samples)
{
    const Eigen::Index n = samples.rows(), p = samples.cols();
    Eigen::MatrixXd out = Eigen::MatrixXd::Identity(p, p);
    if (n < 2)
        return out;
    const Eigen::RowVectorXd mean = samples.colwise().mean();
    const Eigen::MatrixXd centred = samples.rowwise() - mean;
    const Eigen::VectorXd norm = centred.colwise().norm();
    for (Eigen::Index i = 0; i < p; ++i) {
        for (Eigen::Index j = i + 1; j < p; ++j) {
            double r = 0;
            if (norm(i) > 0 && norm(j) > 0)
                r = centred.col(i).dot(centred.col(j)) / (norm(i) * norm(j));
            r = std::min(1.0, std::abs(r));
            out(i, j) = out(j, i) = r;
        }
    }
    return out;
}

Dendrogram wardLinkage(const Eigen::MatrixXd& features)
{
    Dendrogram tree;
    const int n = int(features.rows());
    tree.leaves = n;
    if (n < 2)
        return tree;
    // Active clusters: id, size, and their pairwise Ward distances (Lance–Williams update).
    std::vector<int> id(static_cast<std::size_t>(n));
    std::vector<int> size(static_cast<std::size_t>(n), 1);
    std::iota(id.begin(), id.end(), 0);
    Eigen::MatrixXd dist(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            dist(i, j) = (features.row(i) - features.row(j)).norm();
    std::vector<bool> alive(std::size_t(n), true);
    for (int step = 0; step < n - 1; ++step) {
        int bi = -1, bj = -1;
        double best = std::numeric_limits<double>::infinity();
        for (int i = 0; i < n; ++i) {
            if (!alive[std::size_t(i)])
                continue;
            for (int j = i + 1; j < n; ++j) {
                if (!alive[std::size_t(j)])
                    continue;
                const double d = dist(i, j);
                // Smallest distance; ties go to the pair with the smallest cluster ids.
                const std::pair<int, int> key{std::min(id[std::size_t(i)], id[std::size_t(j)]),
                                              std::max(id[std::size_t(i)], id[std::size_t(j)])};
                std::pair<int, int> bestKey{0, 0};
                if (bi >= 0)
                    bestKey = {std::min(id[std::size_t(bi)], id[std::size_t(bj)]), std::max(id[std::size_t(bi)], id[std::size_t(bj)])};
                if (d < best || (d == best && key < bestKey)) {
                    best = d;
                    bi = i;
                    bj = j;
                }
            }
        }
        const int ni = size[std::size_t(bi)], nj = size[std::size_t(bj)];
        Merge m;
        m.a = std::min(id[std::size_t(bi)], id[std::size_t(bj)]);
        m.b = std::max(id[std::size_t(bi)], id[std::size_t(bj)]);
        m.height = best;
        m.size = ni + nj;
        tree.merges.push_back(m);
        // The merged cluster takes slot bi.
        for (int k = 0; k < n; ++k) {
            if (!alive[std::size_t(k)] || k == bi || k == bj)
                continue;
            const double nk = size[std::size_t(k)];
            const double dki = dist(k, bi), dkj = dist(k, bj);
            const double v = ((nk + ni) * dki * dki + (nk + nj) * dkj * dkj - nk * best * best) / (nk + ni + nj);
            dist(k, bi) = dist(bi, k) = std::sqrt(std::max(0.0, v));
        }
        alive[std::size_t(bj)] = false;
        size[std::size_t(bi)] = ni + nj;
        id[std::size_t(bi)] = n + step;
    }
    return tree;
}

namespace {

/// Leaf groups when only the first `merges` merges are applied, numbered by first leaf.
std::vector<int> groupsAfter(const Dendrogram& tree, std::size_t merges)
{
    const int n = tree.leaves;
    std::vector<int> parent(std::size_t(n + int(tree.merges.size())));
    std::iota(parent.begin(), parent.end(), 0);
    std::function<int(int)> root = [&](int x) { return parent[std::size_t(x)] == x ? x : parent[std::size_t(x)] = root(parent[std::size_t(x)]); };
    for (std::size_t k = 0; k < merges && k < tree.merges.size(); ++k) {
        const int c = n + int(k);
        parent[std::size_t(root(tree.merges[k].a))] = c;
        parent[std::size_t(root(tree.merges[k].b))] = c;
    }
    std::vector<int> label(std::size_t(n), -1), seen;
    for (int i = 0; i < n; ++i) {
        const int r = root(i);
        auto it = std::find(seen.begin(), seen.end(), r);
        if (it == seen.end()) {
            seen.push_back(r);
            label[std::size_t(i)] = int(seen.size()) - 1;
        } else {
            label[std::size_t(i)] = int(it - seen.begin());
        }
    }
    return label;
}

} // namespace

std::vector<int> cutIntoClusters(const Dendrogram& tree, int clusters)
{
    const int n = tree.leaves;
    const int k = std::clamp(clusters, 1, std::max(1, n));
    return groupsAfter(tree, std::size_t(std::max(0, n - k)));
}

std::vector<int> cutAtHeight(const Dendrogram& tree, double height)
{
    std::size_t merges = 0;
    while (merges < tree.merges.size() && tree.merges[merges].height <= height)
        ++merges;
    return groupsAfter(tree, merges);
}

AgentClustering clusterParameters(const std::vector<Point>& points, const std::vector<double>& objective,
                                  double topFraction, int agents)
{
    if (points.size() != objective.size())
        throw InputError("clustering: one objective value per sample expected");
    std::vector<std::size_t> valid;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (std::isfinite(objective[i]))
            valid.push_back(i);
    if (valid.size() < 2)
        throw InputError("clustering: fewer than two valid samples to correlate (" + std::to_string(valid.size()) + ")");
    if (!(topFraction > 0 && topFraction <= 1))
        throw InputError("clustering.top_fraction: must be in (0, 1], got " + std::to_string(topFraction));
    std::stable_sort(valid.begin(), valid.end(), [&](std::size_t a, std::size_t b) { return objective[a] < objective[b]; });
    const std::size_t keep = std::max<std::size_t>(2, std::size_t(std::ceil(topFraction * double(valid.size()))));
    valid.resize(std::min(keep, valid.size()));
    const Eigen::Index p = Eigen::Index(points[valid.front()].size());
    // The objective rides along as a last column: its |r| with each parameter is shown beside
    // the matrix (spec §6), but only the parameters are clustered.
    Eigen::MatrixXd samples(Eigen::Index(valid.size()), p + 1);
    for (std::size_t r = 0; r < valid.size(); ++r) {
        for (Eigen::Index c = 0; c < p; ++c)
            samples(Eigen::Index(r), c) = points[valid[r]][std::size_t(c)];
        samples(Eigen::Index(r), p) = objective[valid[r]];
    }
    AgentClustering out;
    out.eliteSamples = int(valid.size());
    const Eigen::MatrixXd all = absoluteCorrelation(samples);
    out.correlation = all.topLeftCorner(p, p);
    out.objectiveCorrelation = all.col(p).head(p);
    out.tree = wardLinkage(out.correlation);
    out.groups = cutIntoClusters(out.tree, agents);
    return out;
}

} // namespace mapscape
