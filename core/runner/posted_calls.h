// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once
/// Calls handed from worker threads to a QObject's own thread (the GUI thread) through a queue
/// under our own mutex. One queued, string-named delivery per batch runs them in order. Qt's
/// event queue alone would carry the hand-over too, but Debian's Qt is not built for
/// ThreadSanitizer, which then cannot see that the posting thread's writes happen before the
/// call; with the queue below it sees the mutex.

#include <QObject>
#include <functional>
#include <mutex>
#include <vector>

namespace mapscape {

class PostedCalls {
public:
    /// Runs `fn` on `target`'s thread: at once when called there, otherwise queued. The target
    /// must have a Q_INVOKABLE `deliverPosted()` that calls deliver(this) and must own this
    /// queue; a target deleted before the delivery drops the call with its queued event.
    void post(QObject* target, std::function<void()> fn);
    /// Runs the calls posted so far, in order; stops if one of them deletes `target`.
    void deliver(QObject* target);

private:
    std::mutex m_mutex; // guards m_calls
    std::vector<std::function<void()>> m_calls;
};

} // namespace mapscape
