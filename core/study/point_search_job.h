// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The study job of kinds whose design is a vector of choices (a PointProblem): a
/// PointOptimizer driven by runPointSearch. Each such kind supplies the problem, the optimizer,
/// the driver's settings and how a best point becomes its result document.

#include "core/optim/space/point_search.h"
#include "core/study/study_job.h"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>

namespace mapscape {

struct JobContext;
struct OptimizerSettings;

class PointSearchJob : public StudyJob {
public:
    struct Setup {
        std::shared_ptr<const PointProblem> problem;
        std::unique_ptr<PointOptimizer> optimizer;
        PointDriverOptions driver; ///< threads, archive, hypervolume reference (control is the job's)
        /// The kind's result document of the best point (and of the whole search once it has
        /// ended: `search` is null while the run goes on).
        std::function<std::string(const Point& best, const PointSearchResult* search)> document;
        /// Optional: the kind's own figures of the best point, added to the run's figures once
        /// the search has ended (e.g. the loop-nest kind's energy_pJ, cycles, utilization as
        /// `evaluate` names them).
        std::function<std::vector<std::pair<std::string, double>>(const Point& best)> figures;
    };
    /// What every point-search kind's setup starts from: the problem and its optimizer, the
    /// settings' threads (at least one) and whether the context reports evaluated points.
    static Setup setup(std::shared_ptr<const PointProblem> problem, std::unique_ptr<PointOptimizer> optimizer,
                       const OptimizerSettings& settings, const JobContext& context);
    /// The name of a run's best result: "<context label or optimizer> best".
    static std::string bestLabel(const OptimizerSettings& settings, const JobContext& context);

    explicit PointSearchJob(Setup setup);
    ~PointSearchJob() override;

    void run(std::stop_token stop, MetricsSink& sink, RunControl& control) override;
    JobResult result() const override;
    std::string resultDocument() const override;
    bool hasResult() const override { return bestPoint().has_value(); }
    /// The point drawn with these objective values (the best, a non-dominated one or any other
    /// evaluated one the run kept): the parameters that have a choice, one name=value a line.
    std::string designText(std::span<const double> objectives) const override;
    std::string designDocument(std::span<const double> objectives) const override;
    std::string heldDesigns() const override;

    std::shared_ptr<const PointProblem> problem() const { return m_setup.problem; }
    /// The optimizer (to read what it kept once the run has ended, e.g. GRMD's final set).
    const PointOptimizer& optimizer() const { return *m_setup.optimizer; }
    std::optional<Point> bestPoint() const;
    /// The driver's result once the run has ended.
    std::optional<PointSearchResult> searchResult() const;

    /// How much memory a run spends on the designs of its evaluated points (beyond it, later
    /// distinct points are drawn but cannot be opened).
    static constexpr std::size_t kEvaluatedDesignBytes = std::size_t(64) << 20;

private:
    class Observer;
    class EvaluatedDesigns;
    /// The held point with these leading objective values.
    std::optional<Point> heldPoint(std::span<const double> objectives) const;

    Setup m_setup;
    mutable std::mutex m_mutex; // guards what follows
    std::optional<Point> m_best;
    PointEvaluation m_bestEvaluation{};
    std::optional<PointSearchResult> m_result;
    std::vector<std::pair<std::string, double>> m_bestFigures; ///< Setup::figures of the final best
    std::unique_ptr<EvaluatedDesigns> m_evaluated; ///< when the driver reports evaluated points
};

} // namespace mapscape
