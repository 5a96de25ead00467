import Fluent
import Foundation
import Kernel
import SQLKit

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
            throw Self.invalidFile(error)
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
        if let subject, !Subject.isValidSlug(subject) { v.add("subject", "zn.import.subject") }
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

    /// A new test, checked as an imported file is: live at once (an imported file is
    /// whole), or a draft for the web editor's test, which starts with one question and
    /// grows before students see it.
    public func create(_ test: AuthoredTest, asDraft: Bool = false, by author: Student) async throws -> UUID {
        try Self.requireAuthor(author)
        return try await store(try Self.validated(test), as: asDraft ? .draft(of: nil) : .live,
                               action: asDraft ? "test.draft" : "test.create", by: author)
    }

    /// Writes an imported test, whole or not at all, with its audit entry.
    private func store(_ test: AuthoredTest, replacing previous: ZnoshkaTest? = nil, as version: ContentImporter.Version = .live,
                       action: String, by author: Student) async throws -> UUID {
        let now = context.clock.now
        return try await db.writeTransaction { db in
            let id = try await ContentImporter(db: db, now: now).importTest(test, replacing: previous, as: version)
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                action, entityType: "test", entityID: id.uuidString, actor: author.id, after: ["title": test.title], on: db)
            return id
        }
    }

    /// Replaces a test by an edited version and returns the new version's id. Tests are
    /// never changed in place (`AddTestVersions`); the old version is claimed with
    /// `replaced_by IS NULL`, so of two authors saving the same version at once one wins
    /// and the other is told to open the newer one.
    public func replace(_ testID: UUID, with edited: AuthoredTest, by author: Student) async throws -> UUID {
        try Self.requireAuthor(author)
        let test = try Self.validated(edited)
        let now = context.clock.now
        return try await db.writeTransaction { db in
            guard let previous = try await ZnoshkaTest.find(testID, on: db) else { throw AttemptService.testNotFound }
            let newID = UUID()
            let claimed = try await db.sql.update(ZnoshkaTest.schema).set("replaced_by", to: SQLBind(newID))
                .where("id", .equal, SQLBind(testID)).where("replaced_by", .is, SQLLiteral.null).returning("id").all()
            guard !claimed.isEmpty else { throw Self.testReplaced }
            // A draft's new version is still a draft of the same live test.
            _ = try await ContentImporter(db: db, now: now).importTest(test, id: newID, replacing: previous,
                                                                      as: previous.isDraft ? .draft(of: previous.draftOf) : .live)
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                "test.edit", entityType: "test", entityID: newID.uuidString, actor: author.id,
                before: ["id": testID.uuidString, "title": previous.title], after: ["title": test.title], on: db)
            return newID
        }
    }

    /// Saves an edit from the web editor where students cannot see it: a draft's new
    /// version, or the live test's first draft. A live test has one draft at a time (a
    /// unique index decides two authors starting one at once: the second is a 409), and
    /// its editor opens that draft; an edit sent from a stale page of the live test is
    /// refused like any edit of a replaced version.
    public func saveDraft(_ testID: UUID, with edited: AuthoredTest, by author: Student) async throws -> UUID {
        try Self.requireAuthor(author)
        let test = try Self.validated(edited)
        guard let stored = try await ZnoshkaTest.find(testID, on: db) else { throw AttemptService.testNotFound }
        if stored.isDraft { return try await replace(testID, with: test, by: author) }
        guard stored.replacedBy == nil, try await draft(of: testID) == nil else { throw Self.testReplaced }
        return try await store(test, replacing: stored, as: .draft(of: testID), action: "test.draft", by: author)
    }

    /// The current draft of the live test `testID`, if an author has started one.
    public func draft(of testID: UUID) async throws -> ZnoshkaTest? {
        try await ZnoshkaTest.query(on: db).filter(\.$draftOf == testID).filter(\.$replacedBy == nil).first()
    }

    /// Publishes a draft: its content becomes a new live version that replaces the live
    /// test it edits (claimed with `replaced_by IS NULL`, as any edit is), and the draft
    /// is replaced by it. Versions are never changed in place (`ContentCache` keeps them),
    /// so the live version is a new row; its unchanged questions are the draft's, keeping
    /// their discussions. Returns the live version's id.
    public func publish(_ draftID: UUID, by author: Student) async throws -> UUID {
        try Self.requireAuthor(author)
        let now = context.clock.now
        return try await db.writeTransaction { db in
            guard let draft = try await ZnoshkaTest.find(draftID, on: db), draft.isDraft else { throw AttemptService.testNotFound }
            let test = try await Self.authored(draft, on: db)
            let liveID = UUID()
            for claimedID in [draft.draftOf, draftID].compactMap({ $0 }) {
                let claimed = try await db.sql.update(ZnoshkaTest.schema).set("replaced_by", to: SQLBind(liveID))
                    .where("id", .equal, SQLBind(claimedID)).where("replaced_by", .is, SQLLiteral.null).returning("id").all()
                guard !claimed.isEmpty else { throw Self.testReplaced }
            }
            _ = try await ContentImporter(db: db, now: now).importTest(test, id: liveID, replacing: draft, as: .live)
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                "test.publish", entityType: "test", entityID: liveID.uuidString, actor: author.id,
                before: ["id": (draft.draftOf ?? draftID).uuidString], after: ["title": test.title], on: db)
            return liveID
        }
    }

    /// `replace` with the edited test as its file, every problem named by its path.
    public func replaceTest(_ testID: UUID, file data: Data, by author: Student) async throws -> UUID {
        try Self.requireAuthor(author)
        let test: AuthoredTest
        do {
            test = try TestFile.read(data)
        } catch {
            throw Self.invalidFile(error)
        }
        return try await replace(testID, with: test, by: author)
    }

    static func invalidFile(_ error: TestFile.Invalid) -> AppError {
        AppError(.unprocessableEntity, code: "invalid_test_file", key: "zn.import.invalid",
                 fieldErrors: error.problems.map { FieldError(field: $0.field, key: "zn.import.problem", arguments: ["problem": $0.description]) })
    }

    static let testReplaced = AppError(.conflict, code: "test_replaced", key: "zn.author.test_replaced")

    /// `test` checked exactly as an imported file is: whatever an author saves can be
    /// exported and imported again.
    static func validated(_ test: AuthoredTest) throws -> AuthoredTest {
        do {
            return try TestFile.read(TestFile.write(test))
        } catch {
            throw invalidFile(error)
        }
    }

    /// A test as its author wrote it, with its stored row.
    public func authoredTest(_ testID: UUID, by author: Student) async throws -> (stored: ZnoshkaTest, test: AuthoredTest) {
        try Self.requireAuthor(author)
        guard let test = try await ZnoshkaTest.find(testID, on: db) else { throw AttemptService.testNotFound }
        return (test, try await Self.authored(test, on: db))
    }

    /// What `stored` holds, as its author wrote it.
    static func authored(_ test: ZnoshkaTest, on db: any Database) async throws -> AuthoredTest {
        guard let subject = try await Subject.find(test.subjectID, on: db) else { throw AttemptService.testNotFound }
        let places = try await TestQuestion.query(on: db).filter(\.$testID == test.requireID()).sort(\.$position).all()
        let questions = try await StoredQuestion.query(on: db).filter(\.$id ~~ places.map(\.questionID)).all()
        let byID = Dictionary(uniqueKeysWithValues: questions.map { ($0.id!, $0) })
        let titles = Dictionary(uniqueKeysWithValues: try await Topic.query(on: db).filter(\.$subjectID == subject.requireID()).all()
            .map { ($0.id!, $0.title) })
        var authored = AuthoredTest(subject: subject.slug, kind: test.testKind, topic: test.topicID.flatMap { titles[$0] }, title: test.title,
                                    minutes: test.minutes, questions: [])
        // A simulation's or a mixed test's questions keep their own topics through an edit.
        authored.entries = places.compactMap { byID[$0.questionID] }.map { ($0.question, test.testKind == .topic ? nil : $0.topicID.flatMap { titles[$0] }) }
        return authored
    }

    /// A test as its file, for an author to edit and import again.
    public func export(_ testID: UUID, by author: Student) async throws -> Data {
        TestFile.write(try await authoredTest(testID, by: author).test)
    }

    /// Adds a theory page to a subject's topic (a new topic when the title is new).
    /// `asDraft`: the web editor's new page, which students see once it is published.
    public func addTheory(subject: String?, topic: String?, title: String?, markdown: String?, asDraft: Bool = false,
                          by author: Student) async throws -> UUID {
        try Self.requireAuthor(author)
        var v = Kernel.Validator()
        let subject = v.text("subject", subject, maxLength: 40)
        let topic = v.text("topic", topic, maxLength: 120)
        let page = Self.validTheory(title: title, markdown: markdown, &v)
        try v.throwIfInvalid()
        let now = context.clock.now
        return try await db.writeTransaction { db in
            let id = try await ContentImporter(db: db, now: now).importTheory(subject: subject!, topic: topic!, pageTitle: page.title!,
                                                                               markdown: page.markdown!, published: !asDraft)
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                asDraft ? "theory.draft" : "theory.create", entityType: "theory_page", entityID: id.uuidString, actor: author.id, after: ["title": page.title!], on: db)
            return id
        }
    }

    /// A theory page's title and Markdown, whose formulas must all be readable.
    private static func validTheory(title: String?, markdown: String?, _ v: inout Kernel.Validator) -> (title: String?, markdown: String?) {
        let title = v.text("title", title, maxLength: 160)
        let markdown = v.text("markdown", markdown, maxLength: 100_000)
        if let markdown {
            for failure in TheoryMarkdown.render(markdown).formulaErrors {
                v.add("markdown", "zn.validation.formula", ["detail": failure.detail])
            }
        }
        return (title, markdown)
    }

    public func theoryPage(_ id: UUID, by author: Student) async throws -> (page: TheoryPage, topic: Topic) {
        try Self.requireAuthor(author)
        guard let page = try await TheoryPage.find(id, on: db), let topic = try await Topic.find(page.topicID, on: db) else {
            throw Self.pageNotFound
        }
        return (page, topic)
    }

    /// Rewrites a theory page in place: pages are read fresh on every visit, and nothing
    /// scored depends on them.
    public func updateTheory(_ id: UUID, title: String?, markdown: String?, by author: Student) async throws {
        let page = try await theoryPage(id, by: author).page
        var v = Kernel.Validator()
        let edited = Self.validTheory(title: title, markdown: markdown, &v)
        try v.throwIfInvalid()
        let before = ["title": page.title, "markdown": page.markdown]
        page.title = edited.title!
        page.markdown = edited.markdown!
        page.html = TheoryMarkdown.render(edited.markdown!).html
        page.updatedAt = context.clock.now
        try await db.writeTransaction { db in
            try await page.update(on: db)
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                "theory.edit", entityType: "theory_page", entityID: id.uuidString, actor: author.id,
                before: before, after: ["title": page.title, "markdown": page.markdown], on: db)
        }
    }

    /// Saves the web editor's edit where students do not see it: a page not yet published
    /// is rewritten (nobody reads it), a published one keeps its text for students and
    /// holds the edit as its draft until `publishTheory`.
    public func saveTheoryDraft(_ id: UUID, title: String?, markdown: String?, by author: Student) async throws {
        let page = try await theoryPage(id, by: author).page
        guard page.isPublished else { return try await updateTheory(id, title: title, markdown: markdown, by: author) }
        var v = Kernel.Validator()
        let edited = Self.validTheory(title: title, markdown: markdown, &v)
        try v.throwIfInvalid()
        try await db.writeTransaction { db in
            try await db.sql.update(TheoryPage.schema).set("draft_title", to: SQLBind(edited.title!))
                .set("draft_markdown", to: SQLBind(edited.markdown!)).where("id", .equal, SQLBind(id)).run()
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                "theory.draft", entityType: "theory_page", entityID: id.uuidString, actor: author.id,
                after: ["title": edited.title!, "markdown": edited.markdown!], on: db)
        }
    }

    /// Shows students the page as its author last saved it: the draft becomes the page's
    /// text, and a page not yet published is published. Read and written in one
    /// transaction, so two authors publishing at once publish the same text.
    public func publishTheory(_ id: UUID, by author: Student) async throws {
        _ = try await theoryPage(id, by: author)
        let now = context.clock.now
        try await db.writeTransaction { db in
            guard let page = try await TheoryPage.find(id, on: db) else { throw Self.pageNotFound }
            let before = ["title": page.title, "markdown": page.markdown]
            if let markdown = page.draftMarkdown {
                page.title = page.draftTitle ?? page.title
                page.markdown = markdown
                page.html = TheoryMarkdown.render(markdown).html
                page.updatedAt = now
            }
            page.draftTitle = nil
            page.draftMarkdown = nil
            page.isPublished = true
            try await page.update(on: db)
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                "theory.publish", entityType: "theory_page", entityID: id.uuidString, actor: author.id,
                before: before, after: ["title": page.title, "markdown": page.markdown], on: db)
        }
    }

    /// Drops a published page's unpublished edit: the page stays as students see it.
    public func discardTheoryDraft(_ id: UUID, by author: Student) async throws {
        _ = try await theoryPage(id, by: author)
        try await db.writeTransaction { db in
            try await db.sql.update(TheoryPage.schema).set("draft_title", to: SQLLiteral.null).set("draft_markdown", to: SQLLiteral.null)
                .where("id", .equal, SQLBind(id)).run()
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                "theory.discard", entityType: "theory_page", entityID: id.uuidString, actor: author.id, on: db)
        }
    }

    public func deleteTheory(_ id: UUID, by author: Student) async throws {
        let page = try await theoryPage(id, by: author).page
        try await db.writeTransaction { db in
            try await page.delete(on: db)
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                "theory.delete", entityType: "theory_page", entityID: id.uuidString, actor: author.id,
                before: ["title": page.title, "markdown": page.markdown], on: db)
        }
    }

    /// Renames a topic; titles are unique within a subject, as imports find topics by title.
    public func renameTopic(_ id: UUID, title: String?, by author: Student) async throws {
        try Self.requireAuthor(author)
        guard let topic = try await Topic.find(id, on: db) else { throw AppError.notFound(code: "topic_not_found", key: "zn.topic.not_found") }
        var v = Kernel.Validator()
        let title = v.text("title", title, maxLength: 120)
        if let title, try await Topic.query(on: db).filter(\.$subjectID == topic.subjectID).filter(\.$title == title)
            .filter(\.$id != id).count() > 0 {
            v.add("title", "zn.author.topic_taken")
        }
        try v.throwIfInvalid()
        let before = topic.title
        topic.title = title!
        try await db.writeTransaction { db in
            try await topic.update(on: db)
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                "topic.rename", entityType: "topic", entityID: id.uuidString, actor: author.id, before: ["title": before], after: ["title": topic.title], on: db)
        }
    }

    // MARK: Subjects

    /// Adds a subject (a chosen one of the НМТ: literature, a language, biology…) at the
    /// end of the list; its slug is its address and unique, decided by the database when
    /// two authors add the same one at once.
    public func createSubject(slug: String?, nameUK: String?, nameEN: String?, by author: Student) async throws -> Subject {
        try Self.requireAuthor(author)
        var v = Kernel.Validator()
        let slug = v.text("slug", slug, maxLength: 40)
        if let slug, !Subject.isValidSlug(slug) { v.add("slug", "zn.author.slug_invalid") }
        let names = Self.validNames(nameUK, nameEN, &v)
        try v.throwIfInvalid()
        let id = UUID()
        return try await db.writeTransaction { db in
            let position = (try await Subject.query(on: db).max(\.$position) ?? -1) + 1
            let created = try await db.sql.insert(into: Subject.schema).columns("id", "slug", "name_uk", "name_en", "position")
                .values(SQLBind(id), SQLBind(slug!), SQLBind(names.uk!), SQLBind(names.en!), SQLBind(position))
                .ignoringConflicts(with: ["slug"]).returning("id").all()
            guard !created.isEmpty else { throw AppError.validation([FieldError(field: "slug", key: "zn.author.slug_taken")]) }
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                "subject.create", entityType: "subject", entityID: id.uuidString, actor: author.id,
                after: ["slug": slug!, "name_uk": names.uk!, "name_en": names.en!], on: db)
            return Subject(id: id, slug: slug!, nameUK: names.uk!, nameEN: names.en!, position: position)
        }
    }

    /// Renames a subject in both languages (its slug, its address, stays).
    public func updateSubject(_ slug: String, nameUK: String?, nameEN: String?, by author: Student) async throws -> Subject {
        try Self.requireAuthor(author)
        guard let subject = try await Subject.query(on: db).filter(\.$slug == slug).first() else {
            throw AppError.notFound(code: "subject_not_found", key: "zn.subject.not_found")
        }
        var v = Kernel.Validator()
        let names = Self.validNames(nameUK, nameEN, &v)
        try v.throwIfInvalid()
        let before = ["name_uk": subject.nameUK, "name_en": subject.nameEN]
        subject.nameUK = names.uk!
        subject.nameEN = names.en!
        try await db.writeTransaction { db in
            try await subject.update(on: db)
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                "subject.rename", entityType: "subject", entityID: subject.id!.uuidString, actor: author.id,
                before: before, after: ["name_uk": subject.nameUK, "name_en": subject.nameEN], on: db)
        }
        return subject
    }

    private static func validNames(_ uk: String?, _ en: String?, _ v: inout Kernel.Validator) -> (uk: String?, en: String?) {
        (v.text("nameUk", uk, maxLength: 80), v.text("nameEn", en, maxLength: 80))
    }

    static let pageNotFound = AppError.notFound(code: "page_not_found", key: "zn.theory.not_found")

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
