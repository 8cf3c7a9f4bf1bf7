// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/runner/posted_calls.h"

#include <QMetaObject>
#include <QPointer>
#include <QThread>

namespace mapscape {

void PostedCalls::post(QObject* target, std::function<void()> fn)
{
    if (QThread::currentThread() == target->thread()) {
        fn();
        return;
    }
    bool first = false;
    {
        std::lock_guard lock(m_mutex);
        first = m_calls.empty();
        m_calls.push_back(std::move(fn));
    }
    // One queued delivery per batch: a later post finds the batch non-empty until it is taken.
    if (first)
        QMetaObject::invokeMethod(target, "deliverPosted", Qt::QueuedConnection);
}

void PostedCalls::deliver(QObject* target)
{
    std::vector<std::function<void()>> batch;
    {
        std::lock_guard lock(m_mutex);
        batch.swap(m_calls);
    }
    const QPointer<QObject> alive(target);
    for (const auto& fn : batch) {
        if (!alive)
            return; // a call deleted the target: the rest would reach a dead object
        fn();
    }
}

} // namespace mapscape
