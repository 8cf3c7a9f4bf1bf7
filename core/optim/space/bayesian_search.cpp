// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/space/bayesian_search.h"

#include "core/model/validation.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>

namespace mapscape {

namespace {

constexpr double kNoise = 1e-3;              ///< GP noise variance on the standardised objective
constexpr double kScales[] = {0.08, 0.15, 0.25, 0.4, 0.6, 1.0};
constexpr int kRefitEvery = 10;               ///< re-choose the length scale every this many fits

double normalPdf(double z) { return std::exp(-0.5 * z * z) / std::sqrt(2 * M_PI); }
double normalCdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

Eigen::MatrixXd kernel(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, double scale)
{
    // Rows are points. exp(−|a − b|² / 2l²) through |a|² + |b|² − 2ab.
    const Eigen::VectorXd na = a.rowwise().squaredNorm(), nb = b.rowwise().squaredNorm();
    Eigen::MatrixXd d2 = (-2.0 * a * b.transpose()).colwise() + na;
    d2.rowwise() += nb.transpose();
    return (-d2.cwiseMax(0.0) / (2 * scale * scale)).array().exp().matrix();
}

} // namespace

BayesianPointSearch::BayesianPointSearch(const PointProblem& problem, BayesianOptions options, std::uint64_t seed)
    : BudgetedPointOptimizer(problem, options, seed)
{
    if (m_options.samples < 1)
        throw InputError("bo.samples: must be at least 1");
    m_options.initial = std::max(2, m_options.initial);
    m_options.batch = std::max(1, m_options.batch);
    m_options.candidates = std::max(m_options.batch, m_options.candidates);
    m_options.modelPoints = std::max(8, m_options.modelPoints);
}

std::vector<double> BayesianPointSearch::encode(const Point& p) const
{
    const auto params = m_problem.parameters();
    std::vector<double> x;
    for (std::size_t i = 0; i < params.size(); ++i)
        if (params[i].count() > 1 && params[i].allowedCount() > 1)
            x.push_back(double(p[i]) / double(params[i].count() - 1));
    return x;
}

std::vector<Point> BayesianPointSearch::ask()
{
    const std::int64_t left = remaining();
    if (left <= 0)
        return {};
    std::vector<Point> out;
    if (!m_options.scalarised.empty() && std::int64_t(m_points.size()) >= m_options.initial)
        scalarise();
    std::vector<std::size_t> valid;
    for (std::size_t i = 0; i < m_values.size(); ++i)
        if (std::isfinite(m_values[i]))
            valid.push_back(i);
    if (std::int64_t(m_points.size()) < m_options.initial || valid.empty()) {
        const std::int64_t n = std::min<std::int64_t>(left, m_options.initial);
        for (std::int64_t k = 0; k < n; ++k)
            out.push_back(randomPoint(m_problem, m_rng));
        m_asked += std::int64_t(out.size());
        return out;
    }
    // Training subset: the best half and the most recent half (distinct); invalid points are
    // given a penalty above the worst valid value.
    double worst = -std::numeric_limits<double>::infinity();
    for (std::size_t i : valid)
        worst = std::max(worst, m_values[i]);
    const double penalty = worst + 1.0;
    std::vector<std::size_t> order(m_points.size());
    std::iota(order.begin(), order.end(), 0);
    const auto value = [&](std::size_t i) { return std::isfinite(m_values[i]) ? m_values[i] : penalty; };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return value(a) < value(b); });
    std::set<std::size_t> chosen;
    const std::size_t half = std::size_t(m_options.modelPoints / 2);
    for (std::size_t k = 0; k < order.size() && chosen.size() < half; ++k)
        chosen.insert(order[k]);
    for (std::size_t k = m_points.size(); k-- > 0 && chosen.size() < std::size_t(m_options.modelPoints);)
        chosen.insert(k);
    const std::vector<std::size_t> train(chosen.begin(), chosen.end());
    const Eigen::Index n = Eigen::Index(train.size());
    const Eigen::Index dim = Eigen::Index(encode(m_points[train[0]]).size());
    Eigen::MatrixXd X(n, std::max<Eigen::Index>(1, dim));
    X.setZero();
    Eigen::VectorXd y(n);
    for (Eigen::Index r = 0; r < n; ++r) {
        const std::vector<double> x = encode(m_points[train[std::size_t(r)]]);
        for (Eigen::Index c = 0; c < dim; ++c)
            X(r, c) = x[std::size_t(c)];
        y(r) = value(train[std::size_t(r)]);
    }
    const double mean = y.mean();
    const double sd = std::sqrt(std::max(1e-12, (y.array() - mean).square().mean()));
    const Eigen::VectorXd ys = (y.array() - mean) / sd;
    const auto fit = [&](double scale, Eigen::LLT<Eigen::MatrixXd>& llt) {
        Eigen::MatrixXd K = kernel(X, X, scale);
        K.diagonal().array() += kNoise;
        llt.compute(K);
        if (llt.info() != Eigen::Success)
            return -std::numeric_limits<double>::infinity();
        const Eigen::VectorXd alpha = llt.solve(ys);
        const Eigen::MatrixXd L = llt.matrixL();
        return -0.5 * ys.dot(alpha) - L.diagonal().array().log().sum();
    };
    Eigen::LLT<Eigen::MatrixXd> llt;
    if (m_fits % kRefitEvery == 0) {
        double bestLik = -std::numeric_limits<double>::infinity();
        for (double s : kScales) {
            Eigen::LLT<Eigen::MatrixXd> trial;
            const double lik = fit(s, trial);
            if (lik > bestLik) {
                bestLik = lik;
                m_lengthScale = s;
            }
        }
    }
    ++m_fits;
    if (!std::isfinite(fit(m_lengthScale, llt))) {
        const std::int64_t nr = std::min<std::int64_t>(left, m_options.batch);
        for (std::int64_t k = 0; k < nr; ++k)
            out.push_back(randomPoint(m_problem, m_rng));
        m_asked += std::int64_t(out.size());
        return out;
    }
    const Eigen::VectorXd alpha = llt.solve(ys);
    // Candidates: random points and mutations of the best ones.
    const auto params = m_problem.parameters();
    std::vector<Point> cand;
    cand.reserve(std::size_t(m_options.candidates));
    const std::size_t top = std::min<std::size_t>(10, order.size());
    std::uniform_real_distribution<double> u(0, 1);
    while (int(cand.size()) < m_options.candidates) {
        if (cand.size() % 2 == 0) {
            cand.push_back(randomPoint(m_problem, m_rng));
            continue;
        }
        Point p = m_points[order[std::size_t(std::uniform_int_distribution<std::size_t>(0, top - 1)(m_rng))]];
        const int changes = 1 + int(std::uniform_int_distribution<int>(0, 2)(m_rng));
        for (int c = 0; c < changes; ++c) {
            const std::size_t i = std::uniform_int_distribution<std::size_t>(0, params.size() - 1)(m_rng);
            const Parameter& prm = params[i];
            if (prm.allowedCount() <= 1)
                continue;
            if (prm.kind == Parameter::Kind::Integer && u(m_rng) < 0.6) {
                const int dir = u(m_rng) < 0.5 ? -1 : 1;
                const int k = prm.allowed.next(p[i], dir);
                if (k >= 0)
                    p[i] = k;
            } else {
                p[i] = drawAllowed(prm, m_rng);
            }
        }
        cand.push_back(std::move(p));
    }
    Eigen::MatrixXd C(Eigen::Index(cand.size()), X.cols());
    C.setZero();
    for (std::size_t r = 0; r < cand.size(); ++r) {
        const std::vector<double> x = encode(cand[r]);
        for (Eigen::Index c = 0; c < dim; ++c)
            C(Eigen::Index(r), c) = x[std::size_t(c)];
    }
    const Eigen::MatrixXd Ks = kernel(C, X, m_lengthScale); // candidates × train
    const Eigen::VectorXd mu = Ks * alpha;
    const Eigen::MatrixXd v = llt.matrixL().solve(Ks.transpose());
    const Eigen::VectorXd var = (1.0 + kNoise - v.colwise().squaredNorm().transpose().array()).cwiseMax(1e-12);
    const double fBest = ys.minCoeff();
    const double xi = m_options.xi / sd;
    std::vector<std::pair<double, std::size_t>> ei;
    ei.reserve(cand.size());
    for (std::size_t r = 0; r < cand.size(); ++r) {
        const double s = std::sqrt(var(Eigen::Index(r)));
        const double imp = fBest - mu(Eigen::Index(r)) - xi;
        const double z = imp / s;
        ei.emplace_back(-(imp * normalCdf(z) + s * normalPdf(z)), r); // negated: sort ascending
    }
    std::stable_sort(ei.begin(), ei.end());
    std::set<Point> seen;
    const std::int64_t want = std::min<std::int64_t>(left, m_options.batch);
    for (const auto& [negEi, r] : ei) {
        if (std::int64_t(out.size()) >= want)
            break;
        if (seen.insert(cand[r]).second)
            out.push_back(cand[r]);
    }
    while (std::int64_t(out.size()) < want)
        out.push_back(randomPoint(m_problem, m_rng));
    m_asked += std::int64_t(out.size());
    return out;
}

void BayesianPointSearch::scalarise()
{
    const std::size_t k = m_options.scalarised.size();
    std::vector<double> lo(k, std::numeric_limits<double>::infinity()), hi(k, -std::numeric_limits<double>::infinity());
    for (const std::vector<double>& o : m_objectives) {
        for (std::size_t j = 0; j < o.size(); ++j) {
            lo[j] = std::min(lo[j], o[j]);
            hi[j] = std::max(hi[j], o[j]);
        }
    }
    // λ uniform on the simplex: normalised exponentials.
    std::vector<double> lambda(k);
    std::exponential_distribution<double> ex(1.0);
    double sum = 0;
    for (double& l : lambda)
        sum += (l = ex(m_rng));
    for (double& l : lambda)
        l /= sum;
    for (std::size_t i = 0; i < m_objectives.size(); ++i) {
        const std::vector<double>& o = m_objectives[i];
        if (o.empty()) {
            m_values[i] = std::numeric_limits<double>::quiet_NaN();
            continue;
        }
        double mx = 0, total = 0;
        for (std::size_t j = 0; j < k; ++j) {
            const double f = hi[j] > lo[j] ? (o[j] - lo[j]) / (hi[j] - lo[j]) : 0.0;
            mx = std::max(mx, lambda[j] * f);
            total += lambda[j] * f;
        }
        m_values[i] = mx + m_options.rho * total;
    }
}

void BayesianPointSearch::tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink)
{
    const int primary = m_problem.primaryObjective();
    for (std::size_t i = 0; i < points.size(); ++i) {
        m_points.push_back(points[i]);
        const PointEvaluation& e = evaluations[i];
        const double v = e.valid ? e.objective[std::size_t(primary)] : 0.0;
        m_values.push_back(e.valid && v > 0 ? std::log(v) : std::numeric_limits<double>::quiet_NaN());
        if (!m_options.scalarised.empty()) {
            std::vector<double> o;
            bool ok = e.valid;
            for (int j : m_options.scalarised) {
                const double x = e.objective[std::size_t(j)];
                ok = ok && x > 0;
                o.push_back(ok ? std::log(x) : 0.0);
            }
            m_objectives.push_back(ok ? std::move(o) : std::vector<double>{});
            if (!ok)
                m_values.back() = std::numeric_limits<double>::quiet_NaN();
        }
    }
    sink.record("bo/length_scale", m_asked, m_lengthScale);
}


} // namespace mapscape
