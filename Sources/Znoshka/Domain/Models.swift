import Fluent
import Foundation
import Kernel

/// A student's or author's settings: the exam date that review aims at, and when (in
/// their own zone) the daily study reminder comes. Keyed by the account id; the account
/// holds the name, e-mail, role and time zone.
public final class ZnoshkaProfile: Model, @unchecked Sendable {
    public static let schema = "zn_profiles"
    @ID(custom: "account_id", generatedBy: .user) public var id: UUID?
    /// `YYYY-MM-DD`, the day of the person's НМТ.
    @OptionalField(key: "exam_date") public var examDate: String?
    /// Minutes after local midnight; no reminder when nil.
    @OptionalField(key: "reminder_minutes") public var reminderMinutes: Int?
    /// The local day (`YYYY-MM-DD`) the last reminder went out, so it goes once a day.
    @OptionalField(key: "reminded_on") public var remindedOn: String?
    @Field(key: "created_at") public var createdAt: Date

    public init() {}

    public init(accountID: UUID, at now: Date) {
        self.id = accountID
        self.createdAt = now
    }

    public var exam: LocalDay? { examDate.flatMap { LocalDay($0) } }
    /// The start of the exam day in the person's zone (`Student.timeZone`): what the review
    /// queue schedules before.
    public func examStart(in zone: TimeZone) -> Date? { Self.examStart(examDate, in: zone) }
    static func examStart(_ examDate: String?, in zone: TimeZone) -> Date? {
        examDate.flatMap { LocalDay($0) }?.start(in: zone)
    }
    public static let defaultTimeZone = TimeZone(identifier: "Europe/Kyiv")!
}

/// A subject of the exam (Українська мова, Математика, Історія України), by its slug.
public final class Subject: Model, @unchecked Sendable {
    public static let schema = "zn_subjects"
    @ID(key: .id) public var id: UUID?
    @Field(key: "slug") public var slug: String
    @Field(key: "name_uk") public var nameUK: String
    @Field(key: "name_en") public var nameEN: String
    @Field(key: "position") public var position: Int

    public init() {}

    public init(id: UUID? = nil, slug: String, nameUK: String, nameEN: String, position: Int) {
        self.id = id
        self.slug = slug
        self.nameUK = nameUK
        self.nameEN = nameEN
        self.position = position
    }

    public func name(in language: Language) -> String { language == .en ? nameEN : nameUK }

    /// One of the НМТ's compulsory subjects (the rest are chosen ones, sat in block 2).
    public var isCompulsory: Bool { SubjectCatalog.compulsory.contains { $0.id == id } }

    /// A slug is its address (`/znoshka/subjects/biology`): 2–40 small Latin letters,
    /// digits and hyphens, starting with a letter.
    public static func isValidSlug(_ slug: String) -> Bool {
        guard (2...40).contains(slug.count), let first = slug.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

/// A topic of a subject: its theory pages and the questions and tests about it.
public final class Topic: Model, @unchecked Sendable {
    public static let schema = "zn_topics"
    @ID(key: .id) public var id: UUID?
    @Field(key: "subject_id") public var subjectID: UUID
    @Field(key: "title") public var title: String
    @Field(key: "position") public var position: Int

    public init() {}

    public init(id: UUID? = nil, subjectID: UUID, title: String, position: Int) {
        self.id = id
        self.subjectID = subjectID
        self.title = title
        self.position = position
    }
}

/// A page of theory: Markdown with tables, pictures and formulas, kept with its HTML
/// rendered once when it is saved (`TheoryMarkdown`).
public final class TheoryPage: Model, @unchecked Sendable {
    public static let schema = "zn_theory_pages"
    @ID(key: .id) public var id: UUID?
    @Field(key: "topic_id") public var topicID: UUID
    @Field(key: "title") public var title: String
    @Field(key: "markdown") public var markdown: String
    @Field(key: "html") public var html: String
    @Field(key: "position") public var position: Int
    @Field(key: "updated_at") public var updatedAt: Date
    /// Whether students see the page; one added in the web editor waits until published.
    @Field(key: "published") public var isPublished: Bool
    /// An edit of a published page not yet published: students read `title` and `html`.
    @OptionalField(key: "draft_title") public var draftTitle: String?
    @OptionalField(key: "draft_markdown") public var draftMarkdown: String?

    public init() {}

    public init(id: UUID? = nil, topicID: UUID, title: String, markdown: String, position: Int, at now: Date) {
        self.id = id
        self.topicID = topicID
        self.title = title
        self.position = position
        self.updatedAt = now
        self.markdown = markdown
        self.html = TheoryMarkdown.render(markdown).html
        self.isPublished = true
    }

    /// Whether an author has something students do not see yet: the unpublished page, or an edit.
    public var isDraft: Bool { !isPublished || draftMarkdown != nil }

    /// What the author is writing: the draft when there is one, else the page itself.
    public var authorsTitle: String { draftTitle ?? title }
    public var authorsMarkdown: String { draftMarkdown ?? markdown }
}

/// A question as stored: the authored `Question` as JSON, with its subject and topic.
public final class StoredQuestion: Model, @unchecked Sendable {
    public static let schema = "zn_questions"
    @ID(key: .id) public var id: UUID?
    @Field(key: "subject_id") public var subjectID: UUID
    @OptionalField(key: "topic_id") public var topicID: UUID?
    @Field(key: "body") public var body: String
    @Field(key: "max_points") public var maxPoints: Int
    @Field(key: "updated_at") public var updatedAt: Date
    /// Set on a variant: the template it was drawn from.
    @OptionalField(key: "template_id") public var templateID: UUID?

    public init() {}

    public init(id: UUID? = nil, subjectID: UUID, topicID: UUID?, question: Question, at now: Date) {
        self.id = id
        self.subjectID = subjectID
        self.topicID = topicID
        self.updatedAt = now
        self.question = question
    }

    public var question: Question {
        get { (try? JSONDecoder().decode(Question.self, from: Data(body.utf8))) ?? Question.unreadable }
        set {
            body = String(decoding: (try? JSONEncoder().encode(newValue)) ?? Data(), as: UTF8.self)
            maxPoints = newValue.kind.maxPoints
        }
    }
}

extension StoredQuestion {
    /// The id of the variant of `templateID` drawn with `values`: the same for the same
    /// draw, so a variant met again is stored once.
    static func variantID(of templateID: UUID, values: [String: Double]) -> UUID {
        let drawn = values.sorted { $0.key < $1.key }.map { "\($0.key)=\(TemplateNumber.plain($0.value))" }.joined(separator: ";")
        let hex = Array(SecretToken.hash("\(templateID.uuidString)|\(drawn)").utf8.prefix(32))
        var bytes = stride(from: 0, to: 32, by: 2).map { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // name-based, as a version 5 UUID is
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}

extension Question {
    /// What a stored question that cannot be read (never written by us) shows instead of failing the page.
    static let unreadable = Question(kind: .shortNumeric, text: "?", key: .number(0, tolerance: 0), explanation: "?")
}

/// A test: its questions in order, its time limit, and the table that turns its raw
/// points into 100–200.
public final class ZnoshkaTest: Model, @unchecked Sendable {
    public static let schema = "zn_tests"
    @ID(key: .id) public var id: UUID?
    @Field(key: "subject_id") public var subjectID: UUID
    @OptionalField(key: "topic_id") public var topicID: UUID?
    @Field(key: "kind") public var kind: String
    @Field(key: "title") public var title: String
    @Field(key: "minutes") public var minutes: Int
    @Field(key: "threshold") public var threshold: Int
    @Field(key: "max_raw") public var maxRaw: Int
    /// The scaled score of each raw score from the threshold up, comma-separated.
    @Field(key: "scores") public var scores: String
    @Field(key: "official") public var official: Bool
    @Field(key: "position") public var position: Int
    @Field(key: "created_at") public var createdAt: Date
    /// The newer version an author's edit made; students are shown only current versions.
    @OptionalField(key: "replaced_by") public var replacedBy: UUID?
    /// A version students do not see: an author's edit not yet published (`AddTestDrafts`).
    /// Set when the row is written and never changed, like the rest of a version.
    @Field(key: "draft") public var isDraft: Bool
    /// The live version a draft edits (none for a new test's draft).
    @OptionalField(key: "draft_of") public var draftOf: UUID?
    /// For an official table (`official`), the year it is of and where it was published.
    @OptionalField(key: "table_year") public var tableYear: Int?
    @OptionalField(key: "table_source") public var tableSource: String?

    public init() {}

    public init(id: UUID? = nil, subjectID: UUID, topicID: UUID?, kind: AuthoredTest.Kind, title: String, minutes: Int,
                table: ConversionTable, position: Int, at now: Date) {
        self.id = id
        self.subjectID = subjectID
        self.topicID = topicID
        self.kind = kind.rawValue
        self.title = title
        self.minutes = minutes
        self.threshold = table.threshold
        self.maxRaw = table.maxRaw
        self.scores = table.scores.map(String.init).joined(separator: ",")
        self.official = table.isOfficial
        self.position = position
        self.createdAt = now
        self.isDraft = false
    }

    public var testKind: AuthoredTest.Kind { AuthoredTest.Kind(rawValue: kind) ?? .mixed }

    /// What students see and sit: the current version, published.
    public var isLive: Bool { replacedBy == nil && !isDraft }

    /// The live tests.
    public static func live(on db: any Database) -> QueryBuilder<ZnoshkaTest> {
        query(on: db).filter(\.$replacedBy == nil).filter(\.$isDraft == false)
    }

    public var table: ConversionTable {
        ConversionTable(threshold: threshold, maxRaw: maxRaw, scores: scores.split(separator: ",").compactMap { Int($0) }, isOfficial: official)
            ?? ConversionTable.estimated(threshold: max(1, min(threshold, maxRaw - 1)), maxRaw: max(2, maxRaw))
    }
}

/// A question's place in a test.
public final class TestQuestion: Model, @unchecked Sendable {
    public static let schema = "zn_test_questions"
    @ID(key: .id) public var id: UUID?
    @Field(key: "test_id") public var testID: UUID
    @Field(key: "question_id") public var questionID: UUID
    @Field(key: "position") public var position: Int

    public init() {}

    public init(testID: UUID, questionID: UUID, position: Int) {
        self.testID = testID
        self.questionID = questionID
        self.position = position
    }
}

/// One person's run at a test. Running until `finishedAt`; the server's `deadline` ends it
/// whether or not the person is still there. The НМТ blocks start two attempts with one
/// shared deadline and `blockID`.
public final class Attempt: Model, @unchecked Sendable {
    public static let schema = "zn_attempts"
    @ID(key: .id) public var id: UUID?
    @Field(key: "owner_id") public var ownerID: UUID
    @Field(key: "test_id") public var testID: UUID
    @OptionalField(key: "block_id") public var blockID: UUID?
    @Field(key: "started_at") public var startedAt: Date
    @Field(key: "deadline") public var deadline: Date
    @OptionalField(key: "finished_at") public var finishedAt: Date?
    /// `submitted` by the person, or `timeout` when the deadline ended it.
    @OptionalField(key: "finished_how") public var finishedHow: String?
    @OptionalField(key: "raw_points") public var rawPoints: Int?
    @Field(key: "max_points") public var maxPoints: Int
    /// The 100–200 score; nil while running and when not passed.
    @OptionalField(key: "scaled") public var scaled: Int?
    @OptionalField(key: "passed") public var passed: Bool?

    public init() {}

    public init(id: UUID? = nil, ownerID: UUID, testID: UUID, blockID: UUID?, startedAt: Date, deadline: Date, maxPoints: Int) {
        self.id = id
        self.ownerID = ownerID
        self.testID = testID
        self.blockID = blockID
        self.startedAt = startedAt
        self.deadline = deadline
        self.maxPoints = maxPoints
    }

    public var isFinished: Bool { finishedAt != nil }
}

/// The answer to one question of an attempt: a row for every question from the start,
/// changed as the person answers (`answer` nil until they do), scored at the finish.
public final class AttemptAnswer: Model, @unchecked Sendable {
    public static let schema = "zn_answers"
    @ID(key: .id) public var id: UUID?
    @Field(key: "attempt_id") public var attemptID: UUID
    @Field(key: "question_id") public var questionID: UUID
    @Field(key: "position") public var position: Int
    /// The `GivenAnswer` as JSON.
    @OptionalField(key: "answer") public var answer: String?
    @Field(key: "flagged") public var flagged: Bool
    @OptionalField(key: "answered_at") public var answeredAt: Date?
    @OptionalField(key: "points") public var points: Int?
    @OptionalField(key: "verdict") public var verdict: String?

    public init() {}

    public var given: GivenAnswer? {
        answer.flatMap(GivenAnswerCache.shared.decode)
    }

    static func encode(_ answer: GivenAnswer?) -> String? {
        answer.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Stored answers decoded once per distinct text: ten thousand attempts hold the same few
/// hundred answers (an option, a set of pairs), read at every page and finish.
final class GivenAnswerCache: @unchecked Sendable {
    static let shared = GivenAnswerCache()
    private let lock = NSLock()
    private var decoded: [String: GivenAnswer] = [:]

    func decode(_ text: String) -> GivenAnswer? {
        if let known = lock.withLock({ decoded[text] }) { return known }
        guard let answer = try? JSONDecoder().decode(GivenAnswer.self, from: Data(text.utf8)) else { return nil }
        lock.withLock {
            // Bounded: typed numbers make the set open-ended.
            if decoded.count >= 20_000 { decoded.removeAll() }
            decoded[text] = answer
        }
        return answer
    }
}

/// A question in a person's «Робота над помилками», with its FSRS memory and when it is
/// next due.
public final class ReviewItem: Model, @unchecked Sendable {
    public static let schema = "zn_review_items"
    @ID(key: .id) public var id: UUID?
    @Field(key: "owner_id") public var ownerID: UUID
    @Field(key: "question_id") public var questionID: UUID
    @Field(key: "stability") public var stability: Double
    @Field(key: "difficulty") public var difficulty: Double
    @Field(key: "last_review") public var lastReview: Date
    @Field(key: "due") public var due: Date
    @Field(key: "reviews") public var reviews: Int
    @Field(key: "lapses") public var lapses: Int

    public init() {}

    public var memory: ReviewSchedule.Memory {
        ReviewSchedule.Memory(stability: stability, difficulty: difficulty, lastReview: lastReview)
    }
}

/// The exam's compulsory subjects, as every installation has them.
public enum SubjectCatalog {
    public struct Entry: Sendable {
        public let id: UUID
        public let slug: String
        public let nameUK: String
        public let nameEN: String
    }

    public static let compulsory = [
        Entry(id: UUID(uuidString: "7a1e0000-0000-4000-8000-000000000001")!, slug: "ukrainian", nameUK: "Українська мова", nameEN: "Ukrainian language"),
        Entry(id: UUID(uuidString: "7a1e0000-0000-4000-8000-000000000002")!, slug: "mathematics", nameUK: "Математика", nameEN: "Mathematics"),
        Entry(id: UUID(uuidString: "7a1e0000-0000-4000-8000-000000000003")!, slug: "history", nameUK: "Історія України", nameEN: "History of Ukraine"),
    ]
}

/// One topic's place in its subject's blueprint: how many tasks of a drawn simulation it
/// should have (`PaperDraw.Spread`). A topic without a row shares the tasks left evenly.
public final class BlueprintTopic: Model, @unchecked Sendable {
    public static let schema = "zn_blueprint_topics"
    @ID(custom: "topic_id", generatedBy: .user) public var id: UUID?
    @Field(key: "subject_id") public var subjectID: UUID
    @Field(key: "tasks") public var tasks: Int
    @Field(key: "updated_at") public var updatedAt: Date

    public init() {}

    public init(topicID: UUID, subjectID: UUID, tasks: Int, at now: Date) {
        self.id = topicID
        self.subjectID = subjectID
        self.tasks = tasks
        self.updatedAt = now
    }
}
