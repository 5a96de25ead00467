import Fluent
import Foundation
import Kernel

/// What authors do: import whole tests from the documented file format, export them, and
/// write theory pages. Only authors and administrators reach it.
public struct AuthoringService: Sendable {
    let context: ZnoshkaContext
    var db: any Database { context.db }

    /// Imports a test file; every problem is named by its path and nothing is written while one remains.
    public func importTest(_ data: Data, by author: Student) async throws -> UUID {
        try Self.requireAuthor(author)
        let test: AuthoredTest
        do {
            test = try TestFile.read(data)
        } catch {
            throw AppError(.unprocessableEntity, code: "invalid_test_file", key: "zn.import.invalid",
                           fieldErrors: error.problems.map { FieldError(field: $0.field, key: "zn.import.problem", arguments: ["problem": $0.description]) })
        }
        return try await store(test, action: "test.import", by: author)
    }

    /// Imports a Moodle XML question bank as a test of `subject` (`MoodleXML`: the types that
    /// map); every problem is named and nothing is written while one remains.
    public func importMoodle(_ data: Data, subject: String?, kind: String?, topic: String?, title: String?, minutes: String?,
                             by author: Student) async throws -> UUID {
        try Self.requireAuthor(author)
        var v = Kernel.Validator()
        let subject = v.text("subject", subject, maxLength: 40)
        if let subject, !TestFile.subjects.contains(subject) { v.add("subject", "zn.import.subject") }
        let kind = AuthoredTest.Kind(rawValue: kind ?? "topic")
        if kind == nil { v.add("kind", "zn.validation.kind") }
        let title = v.text("title", title, maxLength: 160)
        let minutes = Int(minutes ?? "") ?? 0
        if !(1...240).contains(minutes) { v.add("minutes", "zn.validation.minutes") }
        try v.throwIfInvalid()
        let test: AuthoredTest
        do {
            test = try MoodleXML.read(data, as: MoodleXML.Target(subject: subject!, kind: kind!, topic: topic, title: title!, minutes: minutes))
        } catch {
            throw AppError(.unprocessableEntity, code: "invalid_moodle_file", key: "zn.import.invalid",
                           fieldErrors: error.problems.map { FieldError(field: $0.field, key: "zn.import.problem", arguments: ["problem": $0.description]) })
        }
        return try await store(test, action: "test.import_moodle", by: author)
    }

    /// Writes an imported test, whole or not at all, with its audit entry.
    private func store(_ test: AuthoredTest, action: String, by author: Student) async throws -> UUID {
        let now = context.clock.now
        return try await db.writeTransaction { db in
            let id = try await ContentImporter(db: db, now: now).importTest(test)
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                action, entityType: "test", entityID: id.uuidString, actor: author.id, after: ["title": test.title], on: db)
            return id
        }
    }

    /// A test as its file, for an author to edit and import again.
    public func export(_ testID: UUID, by author: Student) async throws -> Data {
        try Self.requireAuthor(author)
        guard let test = try await ZnoshkaTest.find(testID, on: db), let subject = try await Subject.find(test.subjectID, on: db) else {
            throw AttemptService.testNotFound
        }
        let places = try await TestQuestion.query(on: db).filter(\.$testID == testID).sort(\.$position).all()
        let questions = try await StoredQuestion.query(on: db).filter(\.$id ~~ places.map(\.questionID)).all()
        let byID = Dictionary(uniqueKeysWithValues: questions.map { ($0.id!, $0.question) })
        let topic = try await test.topicID.asyncMap { try await Topic.find($0, on: db) } ?? nil
        return TestFile.write(AuthoredTest(subject: subject.slug, kind: test.testKind, topic: topic?.title, title: test.title,
                                           minutes: test.minutes, questions: places.compactMap { byID[$0.questionID] }))
    }

    /// Adds a theory page to a subject's topic (a new topic when the title is new).
    public func addTheory(subject: String?, topic: String?, title: String?, markdown: String?, by author: Student) async throws -> UUID {
        try Self.requireAuthor(author)
        var v = Kernel.Validator()
        let subject = v.text("subject", subject, maxLength: 40)
        let topic = v.text("topic", topic, maxLength: 120)
        let title = v.text("title", title, maxLength: 160)
        let markdown = v.text("markdown", markdown, maxLength: 100_000)
        if let markdown {
            for failure in TheoryMarkdown.render(markdown).formulaErrors {
                v.add("markdown", "zn.validation.formula", ["detail": failure.detail])
            }
        }
        try v.throwIfInvalid()
        let now = context.clock.now
        return try await db.writeTransaction { db in
            try await ContentImporter(db: db, now: now).importTheory(subject: subject!, topic: topic!, pageTitle: title!, markdown: markdown!)
        }
    }

    static func requireAuthor(_ person: Student) throws {
        guard person.isAuthor else { throw AppError.forbidden }
    }
}

extension AuthoringService {
    /// A test's questions in order with how each works (`QuestionAnalysis`), from its
    /// finished attempts; authors only.
    public func questionStatistics(_ testID: UUID, by author: Student) async throws -> (test: ZnoshkaTest, attempts: Int,
                                                                                         questions: [(number: Int, question: Question, result: QuestionAnalysis.Result)]) {
        try Self.requireAuthor(author)
        guard let test = try await ContentCache.shared(context.state).test(testID, on: db) else { throw AttemptService.testNotFound }
        let places = try await TestQuestion.query(on: db).filter(\.$testID == testID).sort(\.$position).all()
        let questions = try await ContentCache.shared(context.state).questions(places.map(\.questionID), on: db)
        let attempts = try await Attempt.query(on: db).filter(\.$testID == testID).filter(\.$finishedAt != nil).all()
        let answers = attempts.isEmpty ? [] : try await AttemptAnswer.query(on: db).filter(\.$attemptID ~~ attempts.compactMap(\.id)).all()
        let byAttempt = Dictionary(grouping: answers, by: \.attemptID)
        let records = attempts.map { attempt in
            QuestionAnalysis.AttemptRecord(raw: attempt.rawPoints ?? 0, answers: Dictionary(
                (byAttempt[attempt.id!] ?? []).map { ($0.questionID, (points: $0.points ?? 0, given: $0.given)) }, uniquingKeysWith: { first, _ in first }))
        }
        let ordered = places.compactMap { place in questions[place.questionID].map { (id: place.questionID, question: $0) } }
        let results = QuestionAnalysis.analyse(ordered, attempts: records)
        return (test, attempts.count, zip(ordered, results).enumerated().map { index, pair in (index + 1, pair.0.question, pair.1) })
    }
}
