import Fluent
import Foundation
import Kernel

/// Tests and questions as every running attempt reads them, kept in memory once read:
/// on exam day ten thousand people read the same thirty questions on every answer and
/// page. Safe because they never change once written: an import makes new rows, and
/// nothing updates a test or a question in place. (Anything that comes to edit them must
/// make a new row, or drop the entry here.)
final class ContentCache: @unchecked Sendable {
    private let lock = NSLock()
    private var tests: [UUID: ZnoshkaTest] = [:]
    private var questions: [UUID: Question] = [:]
    private var places: [UUID: [UUID]] = [:]
    /// Bounded all the same: a server importing without end must not grow for ever.
    private let capacity = 50_000

    static func shared(_ state: ServerState) -> ContentCache { state.shared { ContentCache() } }

    func test(_ id: UUID, on db: any Database) async throws -> ZnoshkaTest? {
        if let test = lock.withLock({ tests[id] }) { return test }
        guard let test = try await ZnoshkaTest.find(id, on: db) else { return nil }
        lock.withLock {
            if tests.count >= capacity { tests.removeAll() }
            tests[id] = test
        }
        return test
    }

    /// The questions of `test` in order: read on every start. The places of a test that is
    /// not a draft never change (an edit or a publish makes a new test); a draft's do, so
    /// they are always read.
    func questionIDs(of test: ZnoshkaTest, on db: any Database) async throws -> [UUID] {
        let id = try test.requireID()
        if !test.isDraft, let kept = lock.withLock({ places[id] }) { return kept }
        let read = try await TestQuestion.query(on: db).filter(\.$testID == id).sort(\.$position).all().map(\.questionID)
        guard !test.isDraft else { return read }
        lock.withLock {
            if places.count >= capacity { places.removeAll() }
            places[id] = read
        }
        return read
    }

    /// The questions of `ids` that exist, read from the database only where not kept yet.
    func questions(_ ids: [UUID], on db: any Database) async throws -> [UUID: Question] {
        var found: [UUID: Question] = [:]
        let missing = lock.withLock { () -> [UUID] in
            ids.filter { id in
                if let question = questions[id] { found[id] = question; return false }
                return true
            }
        }
        guard !missing.isEmpty else { return found }
        let stored = try await StoredQuestion.query(on: db).filter(\.$id ~~ missing).all()
        lock.withLock {
            if questions.count + stored.count > capacity { questions.removeAll() }
            for row in stored { questions[row.id!] = row.question }
        }
        for row in stored { found[row.id!] = row.question }
        return found
    }

    func question(_ id: UUID, on db: any Database) async throws -> Question? {
        try await questions([id], on: db)[id]
    }
}
