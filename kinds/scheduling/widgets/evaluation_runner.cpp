// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/widgets/evaluation_runner.h"

#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

namespace mapscape {

EvaluationRunner::EvaluationRunner(QObject* parent)
    : QObject(parent)
    , m_running(std::make_shared<std::atomic<int>>(0))
{
    qRegisterMetaType<std::shared_ptr<const mapscape::EvaluationSnapshot>>();
}

EvaluationRunner::~EvaluationRunner()
{
    ++m_generation; // anything still running becomes stale
    waitForIdle();
}

void EvaluationRunner::waitForIdle()
{
    while (m_running->load() > 0)
        QThread::msleep(1);
}

quint64 EvaluationRunner::request(Accelerator accelerator, Network network, Mapping mapping, NetworkEvalOptions options)
{
    Q_ASSERT(QThread::currentThread() == thread());
    const quint64 gen = ++m_generation;
    auto running = m_running;
    running->fetch_add(1);
    // The job may use `this` until it decrements the count: the destructor waits for that.
    // Queued deliveries to a destroyed runner are dropped with its pending events.
    auto job = [this, gen, running, acc = std::move(accelerator), net = std::move(network), map = std::move(mapping),
                options]() mutable {
        const auto deliver = [&](std::function<void()> fn) {
            // Results are only worth a queued call while this request is still the latest.
            if (m_generation.load() == gen)
                m_posted.post(this, [this, gen, fn = std::move(fn)] {
                    if (m_generation.load() == gen)
                        fn();
                });
        };
        try {
            auto snap = std::make_shared<EvaluationSnapshot>();
            snap->model = std::make_shared<const SchedulingModel>(std::move(acc));
            snap->result = evaluateNetwork(*snap->model, net, map, options);
            snap->network = std::move(net);
            snap->mapping = std::move(map);
            std::shared_ptr<const EvaluationSnapshot> done = std::move(snap);
            deliver([this, gen, done] { Q_EMIT finished(gen, done); });
        } catch (const std::exception& e) {
            deliver([this, gen, msg = QString::fromUtf8(e.what())] { Q_EMIT failed(gen, msg); });
        } catch (...) {
            deliver([this, gen] { Q_EMIT failed(gen, QStringLiteral("unknown error during evaluation")); });
        }
        running->fetch_sub(1);
    };
    (void)QtConcurrent::run(QThreadPool::globalInstance(), std::move(job));
    return gen;
}

} // namespace mapscape
