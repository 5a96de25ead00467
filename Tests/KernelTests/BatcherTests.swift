import Foundation
@testable import Kernel
import Testing

/// `Batcher`: calls that come while batches run go on together, each with its own
/// outcome, and a failing batch costs only the failing call.
extension KernelTests {
    @Suite("Batcher")
    struct BatcherTests {
        /// What the batches were, and a gate that holds the first one until the test opens it.
        actor Log {
            private(set) var batches: [[Int]] = []
            private(set) var running = 0
            private(set) var mostRunning = 0
            private var gate: CheckedContinuation<Void, Never>?
            private var holdsFirst: Bool

            init(holdsFirst: Bool) { self.holdsFirst = holdsFirst }

            func started(_ items: [Int]) async {
                batches.append(items)
                running += 1
                mostRunning = max(mostRunning, running)
                if holdsFirst {
                    holdsFirst = false
                    await withCheckedContinuation { gate = $0 }
                }
            }

            func ended() { running -= 1 }

            func open() {
                gate?.resume()
                gate = nil
            }
        }

        /// Runs a batch: ten times each item, or an error when one is negative.
        static func run(_ log: Log) -> Batcher<Int, Int>.Run {
            { items in
                await log.started(items)
                try await Task.sleep(for: .milliseconds(2))
                await log.ended()
                struct Refused: Error {}
                if items.contains(where: { $0 < 0 }) { throw Refused() }
                return items.map { $0 * 10 }
            }
        }

        /// Starts `items` as concurrent calls after the first (held) one has started, waits
        /// until all of them wait, opens the gate; returns each call's outcome by item.
        static func burst(_ batcher: Batcher<Int, Int>, first: Int, then items: [Int], log: Log) async throws -> [Int: Result<Int, any Error>] {
            try await withThrowingTaskGroup(of: (Int, Result<Int, any Error>).self) { group in
                group.addTask { (first, await capture { try await batcher.submit(first, run: run(log)) }) }
                while await log.batches.isEmpty { await Task.yield() }
                for item in items {
                    group.addTask { (item, await capture { try await batcher.submit(item, run: run(log)) }) }
                }
                while batcher.waitingCount < items.count { try await Task.sleep(for: .milliseconds(1)) }
                await log.open()
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
        }

        @Test("a call alone runs at once, in a batch of its own")
        func alone() async throws {
            let log = Log(holdsFirst: false)
            let batcher = Batcher<Int, Int>(concurrency: 1, limit: 8)
            #expect(try await batcher.submit(4, run: Self.run(log)) == 40)
            #expect(try await batcher.submit(5, run: Self.run(log)) == 50)
            #expect(await log.batches == [[4], [5]])
        }

        @Test("calls that come while the batch runs wait and go on together, at most `limit` at a time, each with its own outcome")
        func waitingCallsGoTogether() async throws {
            let log = Log(holdsFirst: true)
            let batcher = Batcher<Int, Int>(concurrency: 1, limit: 3)
            let outcomes = try await Self.burst(batcher, first: 1, then: Array(2...6), log: log)
            for item in 1...6 { #expect(try outcomes[item]?.get() == item * 10, "item \(item)") }
            let batches = await log.batches
            #expect(batches.map(\.count) == [1, 3, 2], "\(batches)")
            #expect(batches.flatMap { $0 }.sorted() == Array(1...6))
            #expect(batcher.waitingCount == 0)
        }

        @Test("no more than `concurrency` batches run at once, and every call is answered")
        func concurrency() async throws {
            let log = Log(holdsFirst: false)
            let batcher = Batcher<Int, Int>(concurrency: 2, limit: 4)
            let outcomes = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
                for item in 1...40 { group.addTask { (item, try await batcher.submit(item, run: Self.run(log))) } }
                return try await group.reduce(into: [Int: Int]()) { $0[$1.0] = $1.1 }
            }
            #expect(outcomes == Dictionary(uniqueKeysWithValues: (1...40).map { ($0, $0 * 10) }))
            #expect(await log.mostRunning <= 2)
            #expect(await log.batches.allSatisfy { $0.count <= 4 })
            #expect(await log.batches.flatMap { $0 }.sorted() == Array(1...40))
        }

        @Test("a batch that fails runs again call by call: only the failing call gets the error")
        func failureStaysWithItsCall() async throws {
            let log = Log(holdsFirst: true)
            let batcher = Batcher<Int, Int>(concurrency: 1, limit: 8)
            let outcomes = try await Self.burst(batcher, first: 1, then: [2, -3, 4], log: log)
            #expect(try outcomes[1]?.get() == 10)
            #expect(try outcomes[2]?.get() == 20)
            #expect(try outcomes[4]?.get() == 40)
            #expect(throws: (any Error).self) { try outcomes[-3]?.get() }
            let batches = await log.batches
            #expect(batches.count == 5, "the first, the failed batch of three, then each of those alone: \(batches)")
            #expect(batches[1].sorted() == [-3, 2, 4])
            #expect(batches[2...].map(\.count) == [1, 1, 1])
        }

        @Test("a batch holds each key once: later items of a key go in later statements, in order, and every item gets its own rows")
        func distinctKeysPerStatement() async throws {
            struct Item { let key: String; let number: Int }
            struct Row { let index: Int; let text: String }
            let items = [("a", 1), ("b", 2), ("a", 3), ("c", 4), ("a", 5), ("b", 6)].map { Item(key: $0.0, number: $0.1) }
            var statements: [[Int]] = []
            // Two rows per item, listed out of order, as a database may return them.
            let rows = try await BatchRows.distinctKeys(items, key: \.key, index: \.index) { (batch: [Item]) -> [Row] in
                statements.append(batch.map(\.number))
                return batch.enumerated().reversed().flatMap { index, item in
                    [Row(index: index, text: "\(item.number)x"), Row(index: index, text: "\(item.number)y")]
                }
            }
            #expect(statements == [[1, 2, 4], [3, 6], [5]])
            #expect(rows.map { $0.map(\.text) } == items.map { ["\($0.number)x", "\($0.number)y"] })
        }
    }
}

/// The outcome of an async throwing body.
private func capture(_ body: () async throws -> Int) async -> Result<Int, any Error> {
    do { return .success(try await body()) } catch { return .failure(error) }
}
