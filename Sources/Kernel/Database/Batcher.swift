import NIOConcurrencyHelpers

/// Runs concurrent calls of one kind together ("natural batching"), for a write whose
/// fixed cost per statement — the round trip, PostgreSQL's executor start-up and commit —
/// outweighs its cost per row: one statement over arrays serves a whole batch.
///
/// A call that finds fewer than `concurrency` batches running starts one at once, so a
/// call alone is never delayed. Calls that arrive while `concurrency` batches run wait;
/// when a batch ends, the calls waiting by then (up to `limit`) go on as the next batch,
/// led by the first of them: its own task runs the batch and hands each call its outcome.
/// The busier the server, the larger the batches, and the cheaper each call.
///
/// `run` gets the batch's items in the order the calls came and returns one outcome per
/// item, in the same order. It must be all-or-nothing (one statement, or a transaction):
/// when it throws for a batch of several, each call runs again alone, in its own task, so
/// one call's failure is only its own. The batch runs with the `run` of the call that
/// leads it, so all calls to one batcher must run alike (the same statement, on the same
/// database: the server's, outside any transaction).
public final class Batcher<Item: Sendable, Outcome: Sendable>: Sendable {
    public typealias Run = @Sendable ([Item]) async throws -> [Outcome]

    private let concurrency: Int
    private let limit: Int
    private let state = NIOLockedValueBox(State())

    /// - Parameters:
    ///   - concurrency: how many batches may run at once.
    ///   - limit: the most calls in one batch.
    public init(concurrency: Int, limit: Int) {
        precondition(concurrency > 0 && limit > 0, "a batcher runs at least one batch of one")
        self.concurrency = concurrency
        self.limit = limit
    }

    /// `item`'s outcome, from a batch run by `run`.
    public func submit(_ item: Item, run: Run) async throws -> Outcome {
        if state.withLockedValue({ $0.startBatch(concurrency: concurrency) }) {
            return try await lead(item, with: [], run)
        }
        let turn = await withCheckedContinuation { (continuation: CheckedContinuation<Turn, Never>) in
            // A batch may have ended since the check above: then this call leads at once.
            let leadsNow = state.withLockedValue { state in
                if state.startBatch(concurrency: concurrency) { return true }
                state.waiting.append(Waiting(item: item, continuation: continuation))
                return false
            }
            if leadsNow { continuation.resume(returning: .lead([])) }
        }
        switch turn {
        case .finished(let outcome): return outcome
        case .lead(let others): return try await lead(item, with: others, run)
        case .runAlone: return try await Self.single(item, run)
        }
    }

    /// Runs `item` and `others` as one batch, hands the batch's place to whoever waits,
    /// and gives each of `others` its turn.
    private func lead(_ item: Item, with others: [Waiting], _ run: Run) async throws -> Outcome {
        let outcomes: [Outcome]
        do {
            outcomes = try await Self.outcomes(of: [item] + others.map(\.item), run)
        } catch {
            handOver()
            guard !others.isEmpty else { throw error }
            for waiting in others { waiting.continuation.resume(returning: .runAlone) }
            return try await Self.single(item, run)
        }
        handOver()
        for (waiting, outcome) in zip(others, outcomes.dropFirst()) { waiting.continuation.resume(returning: .finished(outcome)) }
        return outcomes[0]
    }

    /// Starts the next batch with the calls waiting, or gives the batch's place up.
    private func handOver() {
        let next: [Waiting]? = state.withLockedValue { state in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            let batch = Array(state.waiting.prefix(limit))
            state.waiting.removeFirst(batch.count)
            return batch
        }
        guard let next, let leader = next.first else { return }
        leader.continuation.resume(returning: .lead(Array(next.dropFirst())))
    }

    /// How many calls wait for a batch's place (for tests).
    var waitingCount: Int { state.withLockedValue { $0.waiting.count } }

    private static func single(_ item: Item, _ run: Run) async throws -> Outcome {
        try await outcomes(of: [item], run)[0]
    }

    /// `run(items)`, held to its contract.
    private static func outcomes(of items: [Item], _ run: Run) async throws -> [Outcome] {
        let outcomes = try await run(items)
        guard outcomes.count == items.count else { throw BatchError.outcomeCount(outcomes.count, items.count) }
        return outcomes
    }

    private struct State {
        var running = 0
        var waiting: [Waiting] = []

        /// Takes a batch's place if there is one free.
        mutating func startBatch(concurrency: Int) -> Bool {
            guard running < concurrency else { return false }
            running += 1
            return true
        }
    }

    private struct Waiting: Sendable {
        let item: Item
        let continuation: CheckedContinuation<Turn, Never>
    }

    /// What a waiting call is woken up for.
    private enum Turn: Sendable {
        /// Its batch ran: here is its outcome.
        case finished(Outcome)
        /// It leads the next batch, with these calls after its own.
        case lead([Waiting])
        /// Its batch failed: it runs again alone.
        case runAlone
    }
}

/// What a batched statement's rows are to its calls.
public enum BatchRows {
    /// `rows` grouped by the item each belongs to (`index`, from 0), in the items' order:
    /// a batched statement's rows carry their caller's number, so each call gets only its own.
    public static func grouped<Row>(_ rows: [Row], items: Int, index: (Row) -> Int) throws -> [[Row]] {
        var grouped = Array(repeating: [Row](), count: items)
        for row in rows {
            guard grouped.indices.contains(index(row)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "A row for item \(index(row)) of \(items)"))
            }
            grouped[index(row)].append(row)
        }
        return grouped
    }

    /// Runs `items` through `statement` in as few statements as keep each `key` once in a
    /// statement, and returns each item's rows (grouped by `index`, the row's place in its
    /// statement) in the items' order. An item whose key is already in a statement goes in
    /// a later one, the items of a key in their order: one SQL statement cannot see its own
    /// writes, so two writes to the same row in one would not be made as if one by one.
    public static func distinctKeys<Item, Key: Hashable, Row>(
        _ items: [Item], key: (Item) -> Key, index: (Row) -> Int, statement: ([Item]) async throws -> [Row]
    ) async throws -> [[Row]] {
        var rows = Array(repeating: [Row](), count: items.count)
        var left = Array(items.indices)
        while !left.isEmpty {
            var taken = Set<Key>(), now: [Int] = [], later: [Int] = []
            for place in left {
                if taken.insert(key(items[place])).inserted { now.append(place) } else { later.append(place) }
            }
            let statementRows = try grouped(try await statement(now.map { items[$0] }), items: now.count, index: index)
            for (position, place) in now.enumerated() { rows[place] = statementRows[position] }
            left = later
        }
        return rows
    }
}

/// `run` broke its contract: it returned a different number of outcomes than items.
enum BatchError: Error, CustomStringConvertible {
    case outcomeCount(Int, Int)

    var description: String {
        switch self {
        case .outcomeCount(let got, let expected): "a batch of \(expected) returned \(got) outcomes"
        }
    }
}
