// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/placement/core/map_embedding.h"

#include <Eigen/Dense>

#include <cmath>
#include <random>

namespace mapscape::placement {

namespace {

/// The tensors that exist: every activation, and the weights of nodes that have weights.
std::vector<std::pair<int, bool>> tensorsOf(const PlacementModel& model)
{
    std::vector<std::pair<int, bool>> t;
    for (int i = 0; i < model.nodeCount(); ++i) {
        t.emplace_back(i, false);
        if (model.hasWeights(i))
            t.emplace_back(i, true);
    }
    return t;
}

Eigen::MatrixXd oneHot(const std::vector<std::pair<int, bool>>& tensors, const std::vector<MemoryMap>& maps)
{
    Eigen::MatrixXd x = Eigen::MatrixXd::Zero(Eigen::Index(maps.size()), Eigen::Index(3 * tensors.size()));
    for (std::size_t r = 0; r < maps.size(); ++r)
        for (std::size_t k = 0; k < tensors.size(); ++k) {
            const auto [node, weights] = tensors[k];
            const int level = (weights ? maps[r].weights : maps[r].activations)[std::size_t(node)];
            x(Eigen::Index(r), Eigen::Index(3 * k) + std::min(level, 2)) = 1.0;
        }
    return x;
}

} // namespace

MapEmbedding embedMaps(const PlacementModel& model, const std::vector<MemoryMap>& maps, const std::vector<MemoryMap>& extra,
                       std::uint64_t seed)
{
    MapEmbedding e;
    e.points.assign(maps.size(), {0.0, 0.0});
    e.extra.assign(extra.size(), {0.0, 0.0});
    if (maps.size() < 2)
        return e;
    for (const MemoryMap& m : maps)
        model.checkMap(m, "map");
    for (const MemoryMap& m : extra)
        model.checkMap(m, "map");
    const auto tensors = tensorsOf(model);
    Eigen::MatrixXd x = oneHot(tensors, maps);
    const Eigen::RowVectorXd mean = x.colwise().mean();
    x.rowwise() -= mean;
    const double total = x.squaredNorm();
    if (total <= 0)
        return e;

    // Top two right singular vectors by power iteration with deflation (v ← Xᵀ X v).
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> z(0, 1);
    Eigen::MatrixXd axes(x.cols(), 2);
    for (int c = 0; c < 2; ++c) {
        Eigen::VectorXd v(x.cols());
        for (Eigen::Index i = 0; i < v.size(); ++i)
            v(i) = z(rng);
        for (int it = 0; it < 200; ++it) {
            Eigen::VectorXd w = x.transpose() * (x * v);
            if (c == 1)
                w -= axes.col(0) * axes.col(0).dot(w);
            const double norm = w.norm();
            if (norm <= 1e-300)
                break;
            w /= norm;
            const double change = (w - v).norm();
            v = w;
            if (change < 1e-10)
                break;
        }
        // A fixed sign: the largest component positive (deterministic pictures).
        Eigen::Index arg = 0;
        v.cwiseAbs().maxCoeff(&arg);
        if (v(arg) < 0)
            v = -v;
        axes.col(c) = v;
    }
    const Eigen::MatrixXd p = x * axes;
    for (Eigen::Index r = 0; r < p.rows(); ++r)
        e.points[std::size_t(r)] = {p(r, 0), p(r, 1)};
    for (int c = 0; c < 2; ++c)
        e.explained[std::size_t(c)] = p.col(c).squaredNorm() / total;
    if (!extra.empty()) {
        Eigen::MatrixXd y = oneHot(tensors, extra);
        y.rowwise() -= mean;
        const Eigen::MatrixXd q = y * axes;
        for (Eigen::Index r = 0; r < q.rows(); ++r)
            e.extra[std::size_t(r)] = {q(r, 0), q(r, 1)};
    }
    return e;
}

} // namespace mapscape::placement
