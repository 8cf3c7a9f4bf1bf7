// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/optim/eta.h"
#include "core/optim/metrics_sink.h"
#include "core/util/strings.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <ostream>
#include <string>
#include <string_view>

namespace mapscape {

/// Progress line on stderr (rate-limited) and, optionally, every metric as CSV rows.
class CliSink final : public MetricsSink {
public:
    /// `bestMetric`: the recorded metric shown as "best" on the progress line.
    CliSink(bool quiet, std::ostream* csv, std::string bestMetric)
        : m_quiet(quiet)
        , m_csv(csv)
        , m_bestMetric(std::move(bestMetric))
        , m_start(std::chrono::steady_clock::now())
    {
        if (m_csv)
            *m_csv << "name,step,value\n";
    }
    void record(std::string_view name, std::int64_t step, double value) override
    {
        if (m_csv)
            *m_csv << name << ',' << step << ',' << formatReal(value) << '\n';
        if (name == m_bestMetric)
            m_best = value;
        if (!m_keepPrefix.empty() && name.starts_with(m_keepPrefix))
            m_kept[std::string(name)] = value;
    }
    /// Keeps the last value of every metric whose name starts with `prefix` ("zeroshot/").
    void keepLast(std::string prefix) { m_keepPrefix = std::move(prefix); }
    const std::map<std::string, double>& kept() const { return m_kept; }
    void progress(double f) override
    {
        if (m_quiet)
            return;
        const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
        m_eta.add(t, f);
        if (f < 1.0 && t - m_lastPrint < 0.5)
            return;
        m_lastPrint = t;
        const double eta = m_eta.eta();
        if (eta < 0)
            std::fprintf(stderr, "\r[%5.1f%%] %6.1f s elapsed, ETA      ?  ", 100 * f, t);
        else
            std::fprintf(stderr, "\r[%5.1f%%] %6.1f s elapsed, ETA %6.1f s", 100 * f, t, eta);
        if (m_best > 0)
            std::fprintf(stderr, ", best %.5e", m_best);
        if (f >= 1.0)
            std::fprintf(stderr, "\n");
        std::fflush(stderr);
    }
    void message(std::string_view text) override
    {
        if (!m_quiet)
            std::cerr << "\n" << text << "\n";
    }

private:
    EtaEstimator m_eta;
    bool m_quiet;
    std::ostream* m_csv;
    std::string m_bestMetric;
    std::string m_keepPrefix;
    std::map<std::string, double> m_kept;
    std::chrono::steady_clock::time_point m_start;
    double m_lastPrint = -1;
    double m_best = 0;
};

} // namespace mapscape
