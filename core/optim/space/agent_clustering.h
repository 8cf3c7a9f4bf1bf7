// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Agent assignment by correlation clustering (seed 001, Algorithm 1): from samples of a design
/// space keep the best fraction, take the absolute Pearson correlation between the parameters,
/// cluster the rows of that matrix agglomeratively (Ward linkage, Euclidean distance, as SciPy
/// and scikit-learn do) and cut the dendrogram into B groups, one agent per group. Eigen only;
/// deterministic.

#include "core/optim/space/design_space.h"

#include <Eigen/Dense>

#include <vector>

namespace mapscape {

/// One merge of an agglomerative clustering, SciPy's linkage row: ids below the number of leaves
/// are leaves, id leaves + k is the cluster made by merge k.
struct Merge {
    int a = 0;
    int b = 0;
    double height = 0;
    int size = 0;
};

struct Dendrogram {
    int leaves = 0;
    std::vector<Merge> merges; ///< leaves − 1 merges, heights non-decreasing
    /// The leaves in dendrogram order (left to right), for drawing.
    std::vector<int> order() const;
};

/// |Pearson r| between the columns of `samples` (rows = samples); a constant column gets 0 off
/// the diagonal and 1 on it.
Eigen::MatrixXd absoluteCorrelation(const Eigen::MatrixXd& samples);

/// Ward agglomerative clustering of the rows of `features` (Euclidean). Ties merge the pair with
/// the smallest ids first.
Dendrogram wardLinkage(const Eigen::MatrixXd& features);

/// Group of every leaf when the tree is cut into `clusters` groups (SciPy's fcluster
/// "maxclust"); groups are numbered 0.. in the order of their first leaf.
std::vector<int> cutIntoClusters(const Dendrogram& tree, int clusters);
/// Groups when every merge above `height` is undone (fcluster "distance").
std::vector<int> cutAtHeight(const Dendrogram& tree, double height);

struct AgentClustering {
    Eigen::MatrixXd correlation; ///< |r| over the elite samples, parameters × parameters
    Eigen::VectorXd objectiveCorrelation; ///< |r| of each parameter with the objective (shown, not clustered)
    Dendrogram tree;
    std::vector<int> groups;     ///< agent of each parameter
    int eliteSamples = 0;
};

/// Algorithm 1: `points` and their primary-objective values (lower is better; invalid points
/// are passed as NaN and never kept) → the best `topFraction`, |r| over their value indices,
/// Ward clustering of the matrix rows, cut into `agents` groups. Throws InputError if fewer than
/// two valid samples are left.
AgentClustering clusterParameters(const std::vector<Point>& points, const std::vector<double>& objective,
                                  double topFraction, int agents);

} // namespace mapscape
