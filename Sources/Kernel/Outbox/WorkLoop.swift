import Fluent
import Foundation
import Vapor
import Logging
import NIOConcurrencyHelpers

extension Application {
    /// The database for a worker outside requests, asked for each time: like the event
    /// listener's, because once the server has shut down its databases are gone and
    /// `application.db` would crash on them.
    var workerDatabase: @Sendable () throws -> any Database {
        { [self] in
            guard let db = databases.database(logger: logger, on: eventLoopGroup.any()) else {
                throw Abort(.serviceUnavailable, reason: "The databases have shut down")
            }
            return db
        }
    }
}

/// A worker's loop (the mail and push outboxes'): runs `pass` whenever nudged and every
/// `pollInterval`, from `start()` until `stop()`. `pass` answers whether it found as much
/// work as it may take, and is then run again at once.
public final class WorkLoop: Sendable {
    let name: String
    let pollInterval: Duration
    let logger: Logger
    let pass: @Sendable () async throws -> Bool
    private let doorbell = Doorbell()
    private let loop = NIOLockedValueBox<Task<Void, Never>?>(nil)

    public init(name: String, pollInterval: Duration, logger: Logger, pass: @escaping @Sendable () async throws -> Bool) {
        self.name = name
        self.pollInterval = pollInterval
        self.logger = logger
        self.pass = pass
    }

    /// Starts in the background. Calling it again does nothing.
    public func start() {
        loop.withLockedValue { task in
            guard task == nil else { return }
            task = Task { await self.run() }
        }
    }

    /// Asks the loop to look for work soon (some was just queued).
    public func nudge() {
        doorbell.ring()
    }

    /// Stops the loop without waiting for it (a delivery under way finishes by itself).
    public func stopSoon() {
        loop.withLockedValue { $0?.cancel() }
    }

    /// Stops the loop and waits until a delivery under way has finished and been recorded.
    public func stop() async {
        let task = loop.withLockedValue { task in
            defer { task = nil }
            return task
        }
        task?.cancel()
        await task?.value
    }

    /// Waits first, so that a short-lived command (`hromada migrate`, which also boots
    /// the application) ends before the worker touches a database it may be changing.
    private func run() async {
        while !Task.isCancelled {
            if await doorbell.wait(upTo: pollInterval) {
                // The nudge comes from inside the transaction that queued the work: give
                // it a moment to commit. Work that is not visible yet goes with the next poll.
                try? await Task.sleep(for: .milliseconds(250))
            }
            await drain()
        }
    }

    /// Passes until one finds less work than it may take.
    private func drain() async {
        while !Task.isCancelled {
            do {
                guard try await pass() else { return }
            } catch {
                if !Task.isCancelled { logger.warning("\(name) pass failed", metadata: ["error": .string(String(reflecting: error))]) }
                return
            }
        }
    }
}

/// Wakes the worker's loop: `ring()` ends a `wait`, or is remembered until the next one.
/// (An `AsyncStream` would not do: cancelling a wait on it ends the stream for good.)
final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: (id: Int, continuation: CheckedContinuation<Bool, Never>)?
        var lastID = 0
        /// A wait whose time ran out (or was cancelled) before it started waiting.
        var expired: Int?
    }

    private let state = NIOLockedValueBox(State())

    func ring() {
        wake(rung: true)
    }

    /// True when rung (now or since the last wait); false after `timeout` or on cancellation.
    func wait(upTo timeout: Duration) async -> Bool {
        let id = state.withLockedValue { state in
            state.lastID += 1
            return state.lastID
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            self.wake(rung: false, onlyWait: id)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer: Bool? = state.withLockedValue { state in
                    if state.rung {
                        state.rung = false
                        return true
                    }
                    if state.expired == id { return false }
                    state.waiter = (id, continuation)
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            self.wake(rung: false, onlyWait: id)
        }
    }

    /// Resumes the waiter with `rung`; with no waiter, a ring is remembered and a
    /// time-out marks its wait as over before it began.
    private func wake(rung: Bool, onlyWait id: Int? = nil) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Bool, Never>? in
            guard let waiter = state.waiter, id == nil || waiter.id == id else {
                if rung { state.rung = true } else { state.expired = id }
                return nil
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: rung)
    }
}

