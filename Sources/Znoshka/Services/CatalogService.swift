import Fluent
import Foundation
import Kernel
import SQLKit

/// A subject's page: its topics (with their theory pages) and tests, each test with how
/// the person last did on it.
public struct SubjectOverview: Sendable {
    public let subject: Subject
    public let topics: [TopicOverview]
    public let tests: [TestOverview]
}

public struct TopicOverview: Sendable {
    public let topic: Topic
    public let pages: [TheoryPage]
}

/// A subject's sample (`SamplePaper`): a few tasks of its current simulation.
public struct SampleTest: Sendable {
    public let subject: Subject
    /// The simulation the tasks come from, which signing up lets the person sit whole.
    public let simulation: ZnoshkaTest
    public let questions: [(id: UUID, question: Question)]
    /// What the tasks' numbers were drawn with (a template's variant): the form sends it
    /// back, so the check scores the variant the visitor saw.
    public let seed: UInt64

    /// The tasks answered with `answers` (by position; a blank answer is unanswered),
    /// scored as the exam scores them. An answer that does not fit its task (a number that
    /// is none) is refused with 422 naming the task: `task-1`, `task-2`, ….
    public func checked(_ answers: [GivenAnswer?]) throws -> [(answer: GivenAnswer?, score: QuestionScore)] {
        var checked: [(answer: GivenAnswer?, score: QuestionScore)] = []
        var errors: [FieldError] = []
        for (index, item) in questions.enumerated() {
            do {
                let answer = try AttemptService.validated(index < answers.count ? answers[index] : nil, for: item.question.kind)
                checked.append((answer, Scoring.score(answer, key: item.question.key, kind: item.question.kind)))
            } catch let error as AppError {
                errors += error.fieldErrors.map { FieldError(field: Self.field(index), key: $0.key) }
            }
        }
        if !errors.isEmpty { throw AppError.validation(errors) }
        return checked
    }

    /// The name of the task at `index` in forms and errors.
    public static func field(_ index: Int) -> String { "task-\(index + 1)" }
}

public struct TestOverview: Sendable {
    public let test: ZnoshkaTest
    public let questionCount: Int
    /// The person's newest finished attempt, and a running one.
    public let lastFinished: Attempt?
    public let running: Attempt?
}

/// Reading the content: subjects, topics, theory and tests.
public struct CatalogService: Sendable {
    let context: ZnoshkaContext
    var db: any Database { context.db }

    public func subjects() async throws -> [Subject] {
        try await Subject.query(on: db).sort(\.$position).all()
    }

    /// How many questions each subject's bank holds (`QuestionBank`), by subject id.
    public func bankSizes() async throws -> [UUID: Int] {
        try await QuestionBank.shared(context.state).counts(on: db)
    }

    /// How many questions one subject's bank holds.
    public func bankSize(of subject: Subject) async throws -> Int {
        try await QuestionBank.shared(context.state).bank(of: subject.requireID(), on: db).entries.count
    }

    /// The chosen subjects a person can sit in block 2: those not compulsory that have a
    /// current simulation.
    public func chosenSubjects() async throws -> [Subject] {
        let simulations = try await ZnoshkaTest.live(on: db).filter(\.$kind == AuthoredTest.Kind.simulation.rawValue).all()
        let withSimulation = Set(simulations.map(\.subjectID))
        return try await subjects().filter { !$0.isCompulsory && withSimulation.contains($0.id!) }
    }

    /// The subject's newest current simulation (the one an official table is shown for).
    public func currentSimulation(of subject: Subject) async throws -> ZnoshkaTest? {
        try await ZnoshkaTest.live(on: db).filter(\.$subjectID == subject.requireID()).filter(\.$kind == AuthoredTest.Kind.simulation.rawValue)
            .sort(\.$createdAt, .descending).first()
    }

    /// Every topic, in each subject's order.
    public func topics() async throws -> [Topic] {
        try await Topic.query(on: db).sort(\.$position).all()
    }

    /// Every subject with its current tests in order, live ones and drafts (the authors' page).
    public func testsBySubject() async throws -> [(Subject, [ZnoshkaTest])] {
        let tests = try await ZnoshkaTest.query(on: db).filter(\.$replacedBy == nil).sort(\.$position).all()
        return try await subjects().map { subject in (subject, tests.filter { $0.subjectID == subject.id }) }
    }

    /// The subject of `slug` (404 without one).
    public func subject(slug: String) async throws -> Subject {
        guard let subject = try await Subject.query(on: db).filter(\.$slug == slug).first() else {
            throw AppError.notFound(code: "subject_not_found", key: "zn.subject.not_found")
        }
        return subject
    }

    /// The sample of the subject of `slug`: open to visitors, so it reads only published
    /// content. Templates among its tasks become variants drawn with `seed` (nothing is stored).
    public func sample(slug: String, seed: UInt64) async throws -> SampleTest {
        let subject = try await subject(slug: slug)
        guard let simulation = try await currentSimulation(of: subject) else {
            throw AppError.notFound(code: "sample_not_found", key: "zn.sample.not_found")
        }
        let ids = try await TestQuestion.query(on: db).filter(\.$testID == simulation.requireID()).sort(\.$position).all().map(\.questionID)
        let questions = try await ContentCache.shared(context.state).questions(ids, on: db)
        var generator = PaperDraw.Generator(seed: seed)
        let paper = ids.compactMap { id in questions[id].map { (id: id, question: $0.variant(using: &generator)?.question ?? $0) } }
        return SampleTest(subject: subject, simulation: simulation,
                          questions: SamplePaper.pick(paper.map(\.question.kind)).map { paper[$0] }, seed: seed)
    }

    /// A subject's page; a visitor (`student` nil) sees it without attempts.
    public func subject(slug: String, for student: Student?) async throws -> SubjectOverview {
        let subject = try await subject(slug: slug)
        let subjectID = try subject.requireID()
        let topics = try await Topic.query(on: db).filter(\.$subjectID == subjectID).sort(\.$position).all()
        let pages = try await TheoryPage.query(on: db).filter(\.$topicID ~~ topics.map { $0.id! }).filter(\.$isPublished == true).sort(\.$position).all()
        let tests = try await ZnoshkaTest.live(on: db).filter(\.$subjectID == subjectID).sort(\.$position).all()
        return SubjectOverview(subject: subject,
                               topics: topics.map { topic in TopicOverview(topic: topic, pages: pages.filter { $0.topicID == topic.id }) },
                               tests: try await overviews(tests, for: student))
    }

    /// Tests with their question counts and the person's attempts at them (none for a visitor).
    func overviews(_ tests: [ZnoshkaTest], for student: Student?) async throws -> [TestOverview] {
        guard !tests.isEmpty else { return [] }
        let ids = tests.map { $0.id! }
        let counts = try await db.sql.select().column("test_id").column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from(TestQuestion.schema).where("test_id", .in, SQLBind.group(ids)).groupBy("test_id").all()
        var countByTest: [UUID: Int] = [:]
        for row in counts { countByTest[try row.decode(column: "test_id", as: UUID.self)] = try row.decode(column: "n", as: Int.self) }
        let attempts = try await student.asyncMap { student in
            try await Attempt.query(on: db).filter(\.$ownerID == student.id).filter(\.$testID ~~ ids).sort(\.$startedAt, .descending).all()
        } ?? []
        return tests.map { test in
            let mine = attempts.filter { $0.testID == test.id }
            return TestOverview(test: test, questionCount: countByTest[test.id!] ?? 0, lastFinished: mine.first(where: \.isFinished),
                                running: mine.first { !$0.isFinished })
        }
    }

    public func test(_ id: UUID, for student: Student?) async throws -> (TestOverview, Subject, Topic?) {
        // A draft is shown to authors by their preview, never here.
        guard let test = try await ZnoshkaTest.find(id, on: db), !test.isDraft, let subject = try await Subject.find(test.subjectID, on: db) else {
            throw AttemptService.testNotFound
        }
        let topic = try await test.topicID.asyncMap { try await Topic.find($0, on: db) } ?? nil
        return (try await overviews([test], for: student)[0], subject, topic)
    }

    /// A topic with its theory pages (published ones, or with `unpublished` the authors' too) and its subject.
    public func topic(_ id: UUID, unpublished: Bool = false) async throws -> (Topic, Subject, [TheoryPage], [ZnoshkaTest]) {
        guard let topic = try await Topic.find(id, on: db), let subject = try await Subject.find(topic.subjectID, on: db) else {
            throw AppError.notFound(code: "topic_not_found", key: "zn.topic.not_found")
        }
        let pages = try await TheoryPage.query(on: db).filter(\.$topicID == id).sort(\.$position).all().filter { unpublished || $0.isPublished }
        let tests = try await ZnoshkaTest.live(on: db).filter(\.$topicID == id).sort(\.$position).all()
        return (topic, subject, pages, tests)
    }
}
