import Fluent
import Foundation
import Kernel
import SQLKit

/// A subject's question bank: every question of its current tests (simulations, topic
/// tests and mixed ones), each once, with its kind and topic: what fresh papers are drawn
/// from, with the topic spread of the subject's blueprint. Kept in memory per subject and
/// read again when the subject's tests or blueprint change; a cheap stamp (how many
/// tests, the newest, and the same of the blueprint's rows) says whether they have, so
/// every server of a cluster sees an import or a new spread on its next draw.
final class QuestionBank: @unchecked Sendable {
    private struct Kept {
        let stamp: String
        let bank: PaperDraw.Bank
    }

    private let lock = NSLock()
    private var kept: [UUID: Kept] = [:]

    static func shared(_ state: ServerState) -> QuestionBank { state.shared { QuestionBank() } }

    /// The bank of `subjectID`.
    func bank(of subjectID: UUID, on db: any Database) async throws -> PaperDraw.Bank {
        let stamp = try await Self.stamp(of: subjectID, on: db)
        if let kept = lock.withLock({ kept[subjectID] }), kept.stamp == stamp { return kept.bank }
        let bank = PaperDraw.Bank(try await Self.read(subjectID, on: db), spread: try await Self.spread(of: subjectID, on: db))
        lock.withLock { kept[subjectID] = Kept(stamp: stamp, bank: bank) }
        return bank
    }

    /// How many questions each subject's bank holds, for the subject list.
    func counts(on db: any Database) async throws -> [UUID: Int] {
        var counts: [UUID: Int] = [:]
        for subject in try await Subject.query(on: db).all() {
            counts[try subject.requireID()] = try await bank(of: subject.requireID(), on: db).entries.count
        }
        return counts
    }

    /// The ids of the questions of live tests (neither replaced nor drafts).
    private static let currentQuestionIDs: SQLQueryString = """
        SELECT tq.question_id FROM zn_test_questions tq JOIN zn_tests t ON t.id = tq.test_id WHERE t.replaced_by IS NULL AND NOT t.draft
        """

    /// Changes whenever a test of the subject is added or replaced (a replacement is a new
    /// row), and whenever its blueprint is saved (all its rows are written again).
    private static func stamp(of subjectID: UUID, on db: any Database) async throws -> String {
        let row = try await db.sql.raw("""
            SELECT COUNT(*) AS n, CAST(MAX(created_at) AS TEXT) AS newest, \
            (SELECT COUNT(*) FROM zn_blueprint_topics WHERE subject_id = \(bind: subjectID)) AS spread_n, \
            (SELECT CAST(MAX(updated_at) AS TEXT) FROM zn_blueprint_topics WHERE subject_id = \(bind: subjectID)) AS spread_newest \
            FROM zn_tests WHERE subject_id = \(bind: subjectID)
            """).first()
        guard let row else { return "" }
        let count = try row.decode(column: "n", as: Int.self)
        let newest = try row.decode(column: "newest", as: String?.self)
        let spreadCount = try row.decode(column: "spread_n", as: Int.self)
        let spreadNewest = try row.decode(column: "spread_newest", as: String?.self)
        return "\(count)/\(newest ?? "")/\(spreadCount)/\(spreadNewest ?? "")"
    }

    /// The tasks per topic the subject's blueprint sets.
    static func spread(of subjectID: UUID, on db: any Database) async throws -> PaperDraw.Spread {
        let rows = try await BlueprintTopic.query(on: db).filter(\.$subjectID == subjectID).all()
        return PaperDraw.Spread(tasks: Dictionary(uniqueKeysWithValues: rows.map { ($0.id!, $0.tasks) }))
    }

    /// The subject's current questions; a question written the same way twice (in two
    /// tests) is one question of the bank, so a paper never asks it twice: the first
    /// written, which its discussion and statistics belong to.
    private static func read(_ subjectID: UUID, on db: any Database) async throws -> [PaperDraw.Entry] {
        let rows = try await db.sql.raw("""
            SELECT id, topic_id, body FROM zn_questions \
            WHERE subject_id = \(bind: subjectID) AND id IN (\(currentQuestionIDs)) ORDER BY updated_at, id
            """).all()
        // Compared as questions, not as JSON: the same question may be stored with its keys in another order.
        var questions = Set<Question>()
        var entries: [PaperDraw.Entry] = []
        let decoder = JSONDecoder()
        for row in rows {
            let body = try row.decode(column: "body", as: String.self)
            guard let question = try? decoder.decode(Question.self, from: Data(body.utf8)), questions.insert(question).inserted else { continue }
            entries.append(PaperDraw.Entry(id: try row.decode(column: "id", as: UUID.self), kind: question.kind,
                                           topicID: try row.decode(column: "topic_id", as: UUID?.self)))
        }
        return entries
    }
}
