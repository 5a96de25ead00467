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
/// `pollInterval`, from `start()` until `stop()`. `pass` takes up to `passLimit` items and
/// answers how many it took; one that took its limit is run again at once.
public final class WorkLoop: Sendable {
    let name: String
    let pollInterval: Duration
    let passLimit: Int
    let logger: Logger
    let pass: @Sendable () async throws -> Int
    private let doorbell = Doorbell()
    private let loop = NIOLockedValueBox<Task<Void, Never>?>(nil)

    /// When a nudged loop looks for the work, counted from the nudge: the nudge comes from
    /// inside the transaction that queued the work, which may take a while to commit on a
    /// busy server. Looking finds nothing until it has; work that commits later still goes
    /// with the next poll.
    static let looksAfterNudge: [Duration] = [.milliseconds(250), .milliseconds(750), .milliseconds(1_750), .milliseconds(3_750)]

    public init(name: String, pollInterval: Duration, passLimit: Int, logger: Logger, pass: @escaping @Sendable () async throws -> Int) {
        self.name = name
        self.pollInterval = pollInterval
        self.passLimit = passLimit
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
                await followNudge()
            } else {
                await drain()
            }
        }
    }

    /// Looks for the work a nudge announced at `looksAfterNudge`, until a look finds some.
    /// (A look that fails, say for want of a database connection, counts as finding none.)
    private func followNudge() async {
        let nudged = ContinuousClock.now
        for look in Self.looksAfterNudge where look < pollInterval {
            try? await Task.sleep(until: nudged + look)
            guard !Task.isCancelled else { return }
            if await drain() > 0 { return }
        }
    }

    /// Passes until one takes less than its limit; answers how many items they took.
    @discardableResult
    private func drain() async -> Int {
        var taken = 0
        while !Task.isCancelled {
            do {
                let took = try await pass()
                taken += took
                guard took == passLimit else { break }
            } catch {
                if !Task.isCancelled { logger.warning("\(name) pass failed", metadata: ["error": .string(String(reflecting: error))]) }
                break
            }
        }
        return taken
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

