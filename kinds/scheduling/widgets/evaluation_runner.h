// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Background evaluation of a whole network for the GUI, with generation ids: every request
/// supersedes the previous ones and stale results are dropped (the latest edit wins).

#include "kinds/scheduling/core/network_evaluation.h"
#include "core/network/layer.h"
#include "kinds/scheduling/core/mapping.h"
#include "core/runner/posted_calls.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

namespace mapscape {

/// An immutable result handed from the worker to the GUI.
struct EvaluationSnapshot {
    std::shared_ptr<const SchedulingModel> model;
    Network network;
    Mapping mapping;
    NetworkResult result;
};

/// Lives on the thread that created it (the GUI thread). Work runs on Qt's global thread pool
/// on value copies of the inputs; results and failures are delivered queued to this object's
/// thread, and only for the latest request.
class EvaluationRunner : public QObject {
    Q_OBJECT

public:
    explicit EvaluationRunner(QObject* parent = nullptr);
    ~EvaluationRunner() override;

    /// Starts an evaluation and returns its generation id. Never throws: bad input arrives as
    /// `failed`.
    quint64 request(Accelerator accelerator, Network network, Mapping mapping, NetworkEvalOptions options = {});
    quint64 latestGeneration() const { return m_generation.load(); }
    /// Blocks until no evaluation is running (used on shutdown and in tests).
    void waitForIdle();

Q_SIGNALS:
    void finished(quint64 generation, std::shared_ptr<const mapscape::EvaluationSnapshot> snapshot);
    void failed(quint64 generation, const QString& message);

private:
    Q_INVOKABLE void deliverPosted() { m_posted.deliver(this); }

    std::atomic<quint64> m_generation{0};
    std::shared_ptr<std::atomic<int>> m_running;
    PostedCalls m_posted; // results on their way to this object's thread
};

} // namespace mapscape
