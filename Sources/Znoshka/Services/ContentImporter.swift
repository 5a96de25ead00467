import Fluent
import Foundation
import Kernel
import SQLKit

/// Writes authored content: a whole test (its questions, and its topic when new) and
/// theory pages. Columns are named in SQL, so the migration that seeds the bundled
/// content keeps working as the models grow. Runs inside the caller's transaction: an
/// import is whole or nothing.
struct ContentImporter {
    let db: any Database
    let now: Date
    private var sql: any SQLDatabase { db.sql }

    /// The subject of a slug (404-style nil when there is none).
    func subjectID(_ slug: String) async throws -> UUID? {
        try await sql.select().column("id").from(Subject.schema).where("slug", .equal, SQLBind(slug)).first()?
            .decode(column: "id", as: UUID.self)
    }

    /// The topic titled `title` in the subject, created at the end of its list when new.
    func topicID(subject: UUID, title: String) async throws -> UUID {
        let existing = try await sql.select().column("id").from(Topic.schema)
            .where("subject_id", .equal, SQLBind(subject)).where("title", .equal, SQLBind(title)).first()
        if let existing { return try existing.decode(column: "id", as: UUID.self) }
        let id = UUID()
        try await sql.insert(into: Topic.schema).columns("id", "subject_id", "title", "position")
            .values(SQLBind(id), SQLBind(subject), SQLBind(title), SQLBind(try await nextPosition(Topic.schema, "subject_id", subject))).run()
        return id
    }

    /// Imports `test` and returns its id; the pass threshold and table are the exam's for
    /// a simulation, and scaled in proportion for a shorter test. A new version of
    /// `previous` takes its place in the list and keeps the rows of the questions it did not
    /// change, so their discussions, statistics and review items carry over.
    /// `version` says whether the row is live or a draft, and of which live test.
    func importTest(_ test: AuthoredTest, id: UUID = UUID(), replacing previous: ZnoshkaTest? = nil,
                    as version: Version = .live) async throws -> UUID {
        guard let subject = try await subjectID(test.subject) else {
            throw AppError.validation([FieldError(field: "subject", key: "zn.import.subject")])
        }
        let topic = try await test.topic.asyncMap { try await topicID(subject: subject, title: $0) }
        let table = Self.table(for: test)
        let position: Int
        if let previous { position = previous.position } else { position = try await nextPosition(ZnoshkaTest.schema, "subject_id", subject) }
        var columns = ["id", "subject_id", "topic_id", "kind", "title", "minutes", "threshold", "max_raw", "scores", "official", "position", "created_at"]
        var values: [any SQLExpression] = [
            SQLBind(id), SQLBind(subject), SQLBind(topic), SQLBind(test.kind.rawValue), SQLBind(test.title), SQLBind(test.minutes),
            SQLBind(table.threshold), SQLBind(table.maxRaw), SQLBind(table.scores.map(String.init).joined(separator: ",")),
            SQLBind(table.isOfficial), SQLBind(position), SQLBind(now)]
        // A live test leaves the draft columns to their defaults: the seed migrations,
        // older than the columns (`AddTestDrafts`), import live tests too.
        if version.isDraft {
            columns += ["draft", "draft_of"]
            values += [SQLBind(true), SQLBind(version.draftOf)]
        }
        try await sql.insert(into: ZnoshkaTest.schema).columns(columns).values(values).run()
        var unchanged = try await previous.asyncMap { try await questions(of: $0.requireID()) } ?? []
        var topics: [String: UUID] = [:]
        for (place, question) in test.questions.enumerated() {
            var topic = topic
            if test.kind != .topic, let title = test.topic(ofQuestion: place) {
                if topics[title] == nil { topics[title] = try await topicID(subject: subject, title: title) }
                topic = topics[title]
            }
            let questionID: UUID
            if let index = unchanged.firstIndex(where: { $0.question == question && $0.subjectID == subject && $0.topicID == topic }) {
                questionID = unchanged.remove(at: index).id
            } else {
                questionID = UUID()
                let body = String(decoding: try JSONEncoder().encode(question), as: UTF8.self)
                try await sql.insert(into: StoredQuestion.schema).columns("id", "subject_id", "topic_id", "body", "max_points", "updated_at")
                    .values(SQLBind(questionID), SQLBind(subject), SQLBind(topic), SQLBind(body), SQLBind(question.kind.maxPoints), SQLBind(now)).run()
            }
            try await sql.insert(into: TestQuestion.schema).columns("id", "test_id", "question_id", "position")
                .values(SQLBind(UUID()), SQLBind(id), SQLBind(questionID), SQLBind(place)).run()
        }
        return id
    }

    /// Writes `previous` again as `id` with `table` (an official one, of `year` from
    /// `source`): the same questions, title and place. The caller marks `previous` replaced.
    func retable(_ previous: ZnoshkaTest, id: UUID, table: ConversionTable, year: Int, source: String) async throws {
        try await sql.insert(into: ZnoshkaTest.schema)
            .columns("id", "subject_id", "topic_id", "kind", "title", "minutes", "threshold", "max_raw", "scores", "official", "position",
                     "created_at", "table_year", "table_source")
            .values(SQLBind(id), SQLBind(previous.subjectID), SQLBind(previous.topicID), SQLBind(previous.kind), SQLBind(previous.title),
                    SQLBind(previous.minutes), SQLBind(table.threshold), SQLBind(table.maxRaw),
                    SQLBind(table.scores.map(String.init).joined(separator: ",")), SQLBind(table.isOfficial), SQLBind(previous.position),
                    SQLBind(now), SQLBind(year), SQLBind(source)).run()
        for place in try await TestQuestion.query(on: db).filter(\.$testID == previous.requireID()).all() {
            try await sql.insert(into: TestQuestion.schema).columns("id", "test_id", "question_id", "position")
                .values(SQLBind(UUID()), SQLBind(id), SQLBind(place.questionID), SQLBind(place.position)).run()
        }
    }

    /// A test's question rows, to be kept by its next version where unchanged.
    private func questions(of testID: UUID) async throws -> [(id: UUID, subjectID: UUID, topicID: UUID?, question: Question)] {
        let places = try await TestQuestion.query(on: db).filter(\.$testID == testID).all()
        return try await StoredQuestion.query(on: db).filter(\.$id ~~ places.map(\.questionID)).all()
            .map { ($0.id!, $0.subjectID, $0.topicID, $0.question) }
    }

    /// The exam's own threshold for a full simulation; for other tests the same share of
    /// the points (15 %, at least one).
    static func table(for test: AuthoredTest) -> ConversionTable {
        let maxRaw = test.questions.map(\.kind.maxPoints).reduce(0, +)
        if test.kind == .simulation, let blueprint = Blueprint.all.first(where: { $0.subject == test.subject }), blueprint.maxRaw == maxRaw {
            return ConversionTable.estimated(threshold: blueprint.threshold, maxRaw: maxRaw)
        }
        let threshold = max(1, min(maxRaw - 1, Int((Double(maxRaw) * 0.15).rounded())))
        return ConversionTable.estimated(threshold: threshold, maxRaw: max(maxRaw, 2))
    }

    /// Adds a theory page at the end of its topic (created when new).
    @discardableResult
    /// `published` false: a page students see only once an author publishes it.
    func importTheory(subject slug: String, topic title: String, pageTitle: String, markdown: String, published: Bool = true) async throws -> UUID {
        guard let subject = try await subjectID(slug) else {
            throw AppError.validation([FieldError(field: "subject", key: "zn.import.subject")])
        }
        let topic = try await topicID(subject: subject, title: title)
        let id = UUID()
        var columns = ["id", "topic_id", "title", "markdown", "html", "position", "updated_at"]
        var values: [any SQLExpression] = [SQLBind(id), SQLBind(topic), SQLBind(pageTitle), SQLBind(markdown), SQLBind(TheoryMarkdown.render(markdown).html),
                                           SQLBind(try await nextPosition(TheoryPage.schema, "topic_id", topic)), SQLBind(now)]
        // As for tests: the seed migrations, older than the column, add published pages.
        if !published {
            columns.append("published")
            values.append(SQLBind(false))
        }
        try await sql.insert(into: TheoryPage.schema).columns(columns).values(values).run()
        return id
    }

    private func nextPosition(_ table: String, _ parentColumn: String, _ parent: UUID) async throws -> Int {
        let row = try await sql.select().column(SQLFunction("COALESCE", args: SQLFunction("MAX", args: SQLColumn("position")), SQLLiteral.numeric("-1")), as: "top")
            .from(table).where(SQLColumn(parentColumn), .equal, SQLBind(parent)).first()
        return (try row?.decode(column: "top", as: Int.self) ?? -1) + 1
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}

extension ContentImporter {
    /// What a stored test version is to students.
    enum Version {
        /// Seen and sat by students.
        case live
        /// The author's edit of the live test `of` (nil for a new test), seen only by authors.
        case draft(of: UUID?)

        var isDraft: Bool {
            if case .draft = self { return true }
            return false
        }

        var draftOf: UUID? {
            if case .draft(let live) = self { return live }
            return nil
        }
    }
}
