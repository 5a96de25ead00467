import Fluent
import Foundation
import Kernel
import SQLKit

/// An attempt as the person sees it: the test, every question in order with what they
/// have answered and flagged, and the time left.
public struct AttemptView: Sendable {
    public let attempt: Attempt
    public let test: ZnoshkaTest
    public let items: [Item]
    public let now: Date

    public struct Item: Sendable {
        public let number: Int
        public let questionID: UUID
        public let question: Question
        public let answer: GivenAnswer?
        public let flagged: Bool
        /// Once finished.
        public let points: Int?
        public let verdict: QuestionScore.Verdict?
    }

    public var secondsLeft: Int { attempt.isFinished ? 0 : max(0, Int(attempt.deadline.timeIntervalSince(now).rounded(.down))) }
    public var answeredCount: Int { items.filter { $0.answer != nil }.count }
}

/// A finished attempt's score: raw points of the most, and the 100–200 outcome.
public struct AttemptResult: Sendable {
    public let attempt: Attempt
    public let test: ZnoshkaTest
    public var outcome: ConversionTable.Outcome { attempt.passed == true ? .passed(attempt.scaled ?? 100) : .notPassed }
}

/// Starting, answering and finishing tests. Every answer is written as it is given; the
/// deadline is the server's, and the database decides races: one running attempt per
/// test (a unique index), an answer only into a running attempt before its deadline, and
/// one finish (a conditional update).
public struct AttemptService: Sendable {
    /// The НМТ's blocks share their time: Ukrainian with mathematics, history with the chosen subject.
    public static let blockMinutes = 120
    public static let blocks: [Int: [String]] = [1: ["ukrainian", "mathematics"], 2: ["history"]]
    public static let numberMaxLength = 24

    let context: ZnoshkaContext
    var db: any Database { context.db }
    var sql: any SQLDatabase { context.db.sql }
    var now: Date { context.clock.now }
    var content: ContentCache { ContentCache.shared(context.state) }

    // MARK: Starting

    /// Starts `testID` (or, when one is running, gives it back: a second device or a
    /// double tap resumes rather than restarts).
    public func start(_ testID: UUID, for student: Student) async throws -> Attempt {
        try await started(testID, for: student).started.attempt
    }

    /// Starts `testID` as `start` does, and gives the attempt as its page shows it: a new
    /// attempt's view is made from what was just written (its questions, no answers yet)
    /// rather than read back, a resumed one's is read.
    public func startView(_ testID: UUID, for student: Student) async throws -> AttemptView {
        let (test, started) = try await started(testID, for: student)
        guard let asked = started.asked else { return try await view(started.attempt.requireID(), owner: student.id) }
        let questions = try await content.questions(asked, on: db)
        let rows = asked.map { AnswerRow(questionID: $0, answer: nil, flagged: false, points: nil, verdict: nil) }
        return AttemptView(attempt: started.attempt, test: test, items: Self.items(rows, questions), now: now)
    }

    private func started(_ testID: UUID, for student: Student) async throws -> (test: ZnoshkaTest, started: Started) {
        // A draft is the author's to preview, never a student's to sit.
        guard let test = try await content.test(testID, on: db), !test.isDraft else { throw Self.testNotFound }
        return (test, try await start([test], minutes: test.minutes, block: nil, for: student)[0])
    }

    /// An attempt `start` gives: `asked` holds the questions of one it made, in order, and is
    /// nil for one it resumed.
    private struct Started {
        let attempt: Attempt
        let asked: [UUID]?
    }

    /// Starts an НМТ block: its subjects' newest simulations with one shared deadline.
    /// Block 2 is history with the person's `chosen` subject (one an author added, with a
    /// simulation; none is history alone).
    public func startBlock(_ block: Int, chosen: String? = nil, for student: Student) async throws -> [Attempt] {
        guard var slugs = Self.blocks[block] else {
            throw AppError.validation([FieldError(field: "block", key: "zn.validation.block")])
        }
        var chosenTest: ZnoshkaTest?
        if let chosen, !chosen.isEmpty {
            guard block == 2, let subject = try await Subject.query(on: db).filter(\.$slug == chosen).first(), !subject.isCompulsory,
                  let test = try await newestSimulation(of: subject) else {
                throw AppError.validation([FieldError(field: "subject", key: "zn.validation.chosen_subject")])
            }
            chosenTest = test
            slugs.removeAll { $0 == chosen }
        }
        var tests: [ZnoshkaTest] = []
        for slug in slugs {
            guard let subject = try await Subject.query(on: db).filter(\.$slug == slug).first(),
                  let test = try await newestSimulation(of: subject) else { continue }
            tests.append(test)
        }
        tests += chosenTest.map { [$0] } ?? []
        guard !tests.isEmpty else { throw Self.testNotFound }
        return try await start(tests, minutes: Self.blockMinutes, block: UUID(), for: student).map(\.attempt)
    }

    /// One subject of an НМТ block a person is sitting: their attempt at it, its test and subject.
    public struct BlockPart: Sendable {
        public let attempt: Attempt
        public let test: ZnoshkaTest
        public let subject: Subject
    }

    /// The subjects of the person's block `blockID`, in the subjects' order (404 for
    /// another person's block or none).
    public func block(_ blockID: UUID, for student: Student) async throws -> [BlockPart] {
        var attempts = try await Attempt.query(on: db).filter(\.$ownerID == student.id).filter(\.$blockID == blockID).all()
        guard !attempts.isEmpty else { throw Self.blockNotFound }
        // A part whose time ran out is finished first, as opening it would.
        for attempt in attempts where !attempt.isFinished && attempt.deadline <= now {
            _ = try await finish(attempt.requireID(), owner: student.id, how: .timeout)
        }
        attempts = try await Attempt.query(on: db).filter(\.$ownerID == student.id).filter(\.$blockID == blockID).all()
        let subjects = Dictionary(uniqueKeysWithValues: try await Subject.query(on: db).all().map { ($0.id!, $0) })
        return try await withTests(attempts).compactMap { attempt, test in
            subjects[test.subjectID].map { BlockPart(attempt: attempt, test: test, subject: $0) }
        }.sorted { $0.subject.position < $1.subject.position }
    }

    /// Finishes every part of the person's block still running: the block ends as one
    /// sitting, as on the exam day. Finishing a finished part gives its result again.
    public func finishBlock(_ blockID: UUID, for student: Student) async throws -> [BlockPart] {
        for part in try await block(blockID, for: student) where !part.attempt.isFinished {
            _ = try await finish(part.attempt.requireID(), for: student)
        }
        return try await block(blockID, for: student)
    }

    static let blockNotFound = AppError.notFound(code: "block_not_found", key: "zn.block.not_found")

    /// Each of `attempts` with its test, in order (the answer to starting a block names the
    /// tests); an attempt whose test is gone is left out.
    public func withTests(_ attempts: [Attempt]) async throws -> [(Attempt, ZnoshkaTest)] {
        let tests = try await ZnoshkaTest.query(on: db).filter(\.$id ~~ Array(Set(attempts.map(\.testID)))).all()
        let byID = Dictionary(uniqueKeysWithValues: tests.map { ($0.id!, $0) })
        return attempts.compactMap { attempt in byID[attempt.testID].map { (attempt, $0) } }
    }

    /// A subject's current НМТ simulation, the newest when there are several.
    func newestSimulation(of subject: Subject) async throws -> ZnoshkaTest? {
        try await ZnoshkaTest.live(on: db).filter(\.$subjectID == subject.requireID())
            .filter(\.$kind == AuthoredTest.Kind.simulation.rawValue)
            .sort(\.$createdAt, .descending).first()
    }

    private func start(_ tests: [ZnoshkaTest], minutes: Int, block: UUID?, for student: Student) async throws -> [Started] {
        let started = now
        var attempts: [Started] = []
        for test in tests {
            if let running = try await running(test.requireID(), owner: student.id) {
                attempts.append(Started(attempt: running, asked: nil))
                continue
            }
            let attempt = Attempt(ownerID: student.id, testID: try test.requireID(), blockID: block, startedAt: started,
                                  deadline: started.addingTimeInterval(Double(minutes) * 60), maxPoints: test.maxRaw)
            // Time-ordered ids: a start's rows go to the end of the answers' and attempts'
            // indexes, not to random pages of them (1.8 million answers in bench/znoshka-draw).
            attempt.id = UUID.timeOrdered(at: started)
            let (questions, variants) = try await variants(of: try await paper(for: test, student: student.id))
            do {
                try await db.writeTransaction { db in
                    try await Self.store(variants, on: db)
                    try await attempt.create(on: db)
                    let attemptID = try attempt.requireID()
                    // A row per question, in one statement.
                    var insert = db.sql.insert(into: AttemptAnswer.schema).columns("id", "attempt_id", "question_id", "position", "flagged")
                    for (position, questionID) in questions.enumerated() {
                        insert = insert.values(SQLBind(UUID.timeOrdered(at: started)), SQLBind(attemptID), SQLBind(questionID), SQLBind(position), SQLBind(false))
                    }
                    if !questions.isEmpty { try await insert.run() }
                }
                attempts.append(Started(attempt: attempt, asked: questions))
            } catch {
                // Started at the same moment elsewhere: that attempt is this one.
                guard (error as? any DatabaseError)?.isConstraintFailure == true,
                      let running = try await running(test.requireID(), owner: student.id) else { throw error }
                attempts.append(Started(attempt: running, asked: nil))
            }
        }
        return attempts
    }

    /// The questions of a new attempt at `test`, in order. A simulation is a fresh paper of
    /// its shape drawn from the subject's bank, a topic test one from its topic's questions
    /// (`PaperDraw`: unseen first, topics spread); a mixed test is the author's own
    /// selection, and so is any test whose bank is too small to fill its shape or holds
    /// nothing but the test's own questions.
    func paper(for test: ZnoshkaTest, student: UUID) async throws -> [UUID] {
        let own = try await content.questionIDs(of: test, on: db)
        guard test.testKind != .mixed, test.testKind != .topic || test.topicID != nil else { return own }
        let kinds = try await content.questions(own, on: db)
        guard kinds.count == Set(own).count else { return own }
        let shape = PaperDraw.shape(of: own.compactMap { kinds[$0]?.kind })
        var bank = try await QuestionBank.shared(context.state).bank(of: test.subjectID, on: db)
        if test.testKind == .topic { bank = bank.topic(test.topicID) }
        var generator = PaperDraw.Generator()
        // A draw that picked the test's own questions (a topic with nothing more to ask) keeps the author's order.
        guard let drawn = PaperDraw.draw(shape, from: bank, seen: try await seenQuestions(by: student), using: &generator),
              Set(drawn) != Set(own) else { return own }
        return drawn
    }

    /// `paper` with each template replaced by a fresh variant of it: the questions to ask,
    /// and the variants to store (each its own question, so the attempt keeps exactly what
    /// the student saw). A variant drawn before is the same row (`variantID`).
    func variants(of paper: [UUID]) async throws -> (questions: [UUID], variants: [StoredQuestion]) {
        let questions = try await content.questions(paper, on: db)
        let templateIDs = paper.filter { questions[$0]?.isTemplate == true }
        guard !templateIDs.isEmpty else { return (paper, []) }
        let templates = Dictionary(uniqueKeysWithValues: try await StoredQuestion.query(on: db).filter(\.$id ~~ templateIDs).all().map { ($0.id!, $0) })
        var generator = PaperDraw.Generator()
        var variants: [StoredQuestion] = []
        let asked = paper.map { id -> UUID in
            guard let template = templates[id], let question = questions[id] else { return id }
            // Never none: the import checked that the template's fixed-seed draws give variants.
            var fixed = PaperDraw.Generator(seed: QuestionTemplate.checkSeed)
            guard let (variant, values) = question.variant(using: &generator) ?? question.variant(using: &fixed) else { return id }
            let row = StoredQuestion(id: StoredQuestion.variantID(of: id, values: values), subjectID: template.subjectID, topicID: template.topicID,
                                     question: variant, at: now)
            row.templateID = id
            variants.append(row)
            return row.id!
        }
        return (asked, variants)
    }

    /// Stores `variants`, each unless it already is.
    static func store(_ variants: [StoredQuestion], on db: any Database) async throws {
        guard !variants.isEmpty else { return }
        var insert = db.sql.insert(into: StoredQuestion.schema)
            .columns("id", "subject_id", "topic_id", "body", "max_points", "updated_at", "template_id")
        for row in variants {
            insert = insert.values(SQLBind(row.id!), SQLBind(row.subjectID), SQLBind(row.topicID), SQLBind(row.body), SQLBind(row.maxPoints),
                                   SQLBind(row.updatedAt), SQLBind(row.templateID))
        }
        try await insert.ignoringConflicts(with: ["id"]).run()
    }

    /// When `student` last met each question they have met: the start of the newest of
    /// their attempts that asked it. A variant counts as meeting its template.
    func seenQuestions(by student: UUID) async throws -> [UUID: Date] {
        let rows = try await sql.raw("""
            SELECT COALESCE(q.template_id, a.question_id) AS question_id, MAX(t.started_at) AS seen \
            FROM zn_answers a JOIN zn_attempts t ON t.id = a.attempt_id JOIN zn_questions q ON q.id = a.question_id \
            WHERE t.owner_id = \(bind: student) GROUP BY COALESCE(q.template_id, a.question_id)
            """).all()
        var seen: [UUID: Date] = [:]
        for row in rows { seen[try row.decode(column: "question_id", as: UUID.self)] = try row.decode(column: "seen", as: Date.self) }
        return seen
    }

    /// The person's running attempt of a test, finished first when its time is up.
    private func running(_ testID: UUID, owner: UUID) async throws -> Attempt? {
        guard let attempt = try await Attempt.query(on: db).filter(\.$ownerID == owner).filter(\.$testID == testID)
            .filter(\.$finishedAt == nil).first() else { return nil }
        if attempt.deadline <= now {
            _ = try await finish(attempt.requireID(), owner: owner, how: .timeout)
            return nil
        }
        return attempt
    }

    // MARK: Reading

    /// The person's attempts, newest first.
    public func list(for student: Student, limit: Int = 50) async throws -> [(Attempt, ZnoshkaTest)] {
        let attempts = try await Attempt.query(on: db).filter(\.$ownerID == student.id).sort(\.$startedAt, .descending).limit(limit).all()
        let tests = try await ZnoshkaTest.query(on: db).filter(\.$id ~~ Array(Set(attempts.map(\.testID)))).all()
        let byID = Dictionary(uniqueKeysWithValues: tests.map { ($0.id!, $0) })
        return attempts.compactMap { attempt in byID[attempt.testID].map { (attempt, $0) } }
    }

    /// One of the person's attempts with its questions; an attempt whose time is up is
    /// finished first. Another person's attempt is a 404, as if it did not exist.
    public func view(_ id: UUID, for student: Student) async throws -> AttemptView {
        try await view(id, owner: student.id)
    }

    /// The attempt of `owner` (an account id: the API's hot calls skip reading the profile).
    public func view(_ id: UUID, owner: UUID) async throws -> AttemptView {
        var attempt = try await owned(id, by: owner)
        if !attempt.isFinished && attempt.deadline <= now {
            _ = try await finish(id, owner: owner, how: .timeout)
            attempt = try await owned(id, by: owner)
        }
        guard let test = try await content.test(attempt.testID, on: db) else { throw Self.notFound }
        let answers = try await AttemptRows.answers(of: id, on: db).map {
            AnswerRow(questionID: $0.questionID, answer: $0.answer, flagged: $0.flagged, points: $0.points, verdict: $0.verdict)
        }
        let byID = try await content.questions(answers.map(\.questionID), on: db)
        return AttemptView(attempt: attempt, test: test, items: Self.items(answers, byID), now: now)
    }

    /// An answer row as the attempt's view needs it, in the test's order.
    struct AnswerRow: Sendable {
        let questionID: UUID
        /// The `GivenAnswer` as stored (JSON).
        let answer: String?
        let flagged: Bool
        let points: Int?
        let verdict: String?
    }

    /// The view's items: each answer row with its question, numbered in order.
    static func items(_ answers: [AnswerRow], _ questions: [UUID: Question]) -> [AttemptView.Item] {
        answers.enumerated().compactMap { index, answer -> AttemptView.Item? in
            guard let question = questions[answer.questionID] else { return nil }
            return AttemptView.Item(number: index + 1, questionID: answer.questionID, question: question,
                                    answer: answer.answer.flatMap(GivenAnswerCache.shared.decode), flagged: answer.flagged,
                                    points: answer.points, verdict: answer.verdict.flatMap(QuestionScore.Verdict.init))
        }
    }

    private func owned(_ id: UUID, by owner: UUID) async throws -> Attempt {
        guard let attempt = try await AttemptRows.attempt(id, owner: owner, on: db) else { throw Self.notFound }
        return attempt
    }

    // MARK: Answering

    /// A question of the content, to read a posted form's answer by its kind; one that does
    /// not exist is the attempt's 404, as the address named it.
    public func question(_ id: UUID) async throws -> Question {
        guard let question = try await content.question(id, on: db) else { throw Self.notFound }
        return question
    }

    /// What an answer save tells the person.
    public struct Saved: Sendable {
        public let questionID: UUID
        public let answered: Bool
        public let flagged: Bool
        public let secondsLeft: Int
    }

    /// Saves the answer to one question (nil clears it) and the flag (nil keeps it). Only
    /// into the person's running attempt before its deadline: later it is refused, and the
    /// attempt is finished with what was answered. One statement decides it (the owner,
    /// running, in time); only a refusal reads more, to say why.
    public func answer(_ attemptID: UUID, question questionID: UUID, _ given: GivenAnswer?, clear: Bool, flagged: Bool?,
                       owner: UUID) async throws -> Saved {
        guard let question = try await content.question(questionID, on: db) else { throw Self.notFound }
        let stored = clear ? nil : try Self.validated(given, for: question.kind)
        let moment = now
        var changes = SQLQueryString("flagged = COALESCE(\(bind: flagged), flagged)")
        if clear || given != nil {
            changes.appendInterpolation(unsafeRaw: ", answer = ")
            changes.appendInterpolation(bind: AttemptAnswer.encode(stored))
            changes.appendInterpolation(unsafeRaw: ", answered_at = ")
            changes.appendInterpolation(bind: stored == nil ? nil : moment)
        }
        let rows = try await writeAnswer(attemptID, question: questionID, changes, owner: owner, at: moment)
        guard let row = rows.first else { throw try await refusal(attemptID, owner: owner, at: moment) }
        let deadline = try row.decode(column: "deadline", as: Date.self)
        return Saved(questionID: questionID, answered: try !row.decodeNil(column: "answer"), flagged: try row.decode(column: "flagged", as: Bool.self),
                     secondsLeft: max(0, Int(deadline.timeIntervalSince(moment).rounded(.down))))
    }

    /// Makes `changes` to the answer row of `questionID` in `attemptID` while the attempt is
    /// `owner`'s, running and before `moment`, in one statement; its `flagged`, `answer`
    /// and the attempt's `deadline`, or no row.
    private func writeAnswer(_ attemptID: UUID, question questionID: UUID, _ changes: SQLQueryString, owner: UUID,
                             at moment: Date) async throws -> [any SQLRow] {
        let running = SQLQueryString("""
            id = \(bind: attemptID) AND owner_id = \(bind: owner) AND finished_at IS NULL AND deadline > \(bind: moment)
            """)
        guard context.state.databaseFamily == .postgres else {
            // SQLite runs one writer at a time, and its finish holds the only one.
            return try await sql.raw("""
                UPDATE \(ident: AttemptAnswer.schema) SET \(changes)
                WHERE attempt_id = \(bind: attemptID) AND question_id = \(bind: questionID)
                AND EXISTS (SELECT 1 FROM \(ident: Attempt.schema) WHERE \(running))
                RETURNING flagged, answer, (SELECT deadline FROM \(ident: Attempt.schema) WHERE id = \(bind: attemptID)) AS deadline
                """).all()
        }
        // The attempt's answers_version moves on in the same statement, its row locked until
        // commit: a finish that read the answers before this save writes nothing and reads
        // again; one that finished first makes this wait and then see it finished
        // (ZN010_AddAnswersVersion).
        return try await sql.raw("""
            WITH attempt AS (UPDATE \(ident: Attempt.schema) SET answers_version = answers_version + 1 WHERE \(running) RETURNING id, deadline)
            UPDATE \(ident: AttemptAnswer.schema) SET \(changes) FROM attempt
            WHERE \(ident: AttemptAnswer.schema).attempt_id = attempt.id AND \(ident: AttemptAnswer.schema).question_id = \(bind: questionID)
            RETURNING \(ident: AttemptAnswer.schema).flagged, \(ident: AttemptAnswer.schema).answer, attempt.deadline
            """).all()
    }

    /// Why an answer was not saved: no such attempt or question of the person's (404), the
    /// attempt finished (409), or its time up (409, and the attempt is finished now).
    func refusal(_ attemptID: UUID, owner: UUID, at moment: Date) async throws -> AppError {
        guard let attempt = try await AttemptRows.attempt(attemptID, owner: owner, on: db) else { return Self.notFound }
        if attempt.isFinished { return Self.finished }
        if attempt.deadline <= moment {
            _ = try await finish(attemptID, owner: owner, how: .timeout)
            return Self.timeUp
        }
        return Self.notFound
    }

    /// `given` checked against the question's shape (422 naming `answer` otherwise), and
    /// an answer with nothing in it (no pair, no choice, an empty number) made nil.
    static func validated(_ given: GivenAnswer?, for kind: QuestionKind) throws -> GivenAnswer? {
        guard let given else { return nil }
        func invalid(_ key: String = "zn.validation.answer") -> AppError { AppError.validation([FieldError(field: "answer", key: key)]) }
        switch (kind, given) {
        case (.singleChoice(let count), .option(let index)):
            guard (0..<count).contains(index) else { throw invalid() }
            return given
        case (.matching(let prompts, let options), .pairs(let pairs)):
            guard pairs.count == prompts, pairs.allSatisfy({ $0 == nil || (0..<options).contains($0!) }) else { throw invalid() }
            return pairs.allSatisfy { $0 == nil } ? nil : given
        case (.sequence(let items), .order(let order)):
            guard order.count == items, order.allSatisfy({ $0 == nil || (0..<items).contains($0!) }) else { throw invalid() }
            return order.allSatisfy { $0 == nil } ? nil : given
        case (.chooseThree(let count), .options(let chosen)):
            guard chosen.allSatisfy({ (0..<count).contains($0) }) else { throw invalid() }
            guard chosen.count <= 3 else { throw invalid("zn.validation.choose_three") }
            return chosen.isEmpty ? nil : given
        case (.shortNumeric, .number(let typed)):
            let text = typed.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { return nil }
            guard text.count <= numberMaxLength, NumericAnswer.parse(text) != nil else { throw invalid("zn.validation.number") }
            return .number(text)
        default:
            throw invalid()
        }
    }

    // MARK: Finishing

    public enum FinishedHow: String, Sendable { case submitted, timeout }

    /// Finishes the person's attempt and scores it; finishing a finished attempt gives its
    /// result again (a second device, a double tap), never a second score.
    public func finish(_ attemptID: UUID, for student: Student) async throws -> AttemptResult {
        try await finish(attemptID, owner: student.id, how: .submitted)
    }

    public func finish(_ attemptID: UUID, owner: UUID) async throws -> AttemptResult {
        try await finish(attemptID, owner: owner, how: .submitted)
    }

    func finish(_ attemptID: UUID, owner: UUID, how: FinishedHow) async throws -> AttemptResult {
        if let finished = try await finishing(attemptID, owner: owner, how: how) { return finished.result }
        let attempt = try await owned(attemptID, by: owner)
        guard attempt.isFinished, let test = try await content.test(attempt.testID, on: db) else { throw Self.notFound }
        return AttemptResult(attempt: attempt, test: test)
    }

    /// Finishes the person's attempt and gives its view, as `finish` does; when this call
    /// is the one that finishes it, the view is what the scoring read and wrote, with no
    /// second read (the API's finish answers with it).
    public func finishView(_ attemptID: UUID, owner: UUID) async throws -> AttemptView {
        if let finished = try await finishing(attemptID, owner: owner, how: .submitted) { return finished.view }
        // Finished by another call, or not the person's (404).
        return try await view(attemptID, owner: owner)
    }

    /// The start of `owner`'s exam day in their account's zone, when they set one: what the
    /// review queue schedules before.
    private func examStart(of owner: UUID) async throws -> Date? {
        let row = try await db.sql.raw("""
            SELECT p.exam_date, a.time_zone FROM zn_profiles p JOIN kernel_accounts a ON a.id = p.account_id
            WHERE p.account_id = \(bind: owner)
            """).first()
        guard let row, let day: String = try row.optional("exam_date") else { return nil }
        let zoneID: String? = try row.optional("time_zone")
        return ZnoshkaProfile.examStart(day, in: zoneID.flatMap(TimeZone.init(identifier:)) ?? ZnoshkaProfile.defaultTimeZone)
    }

    /// The claim and the scoring in one transaction; nil when another call finished the
    /// attempt first (or it is not the person's).
    private func finishing(_ attemptID: UUID, owner: UUID, how: FinishedHow) async throws -> (result: AttemptResult, view: AttemptView)? {
        let moment = now
        let exam = try await examStart(of: owner)
        return try await db.writeTransaction { db in
            // The claim: only one finish gets the row; the others read its result.
            let claimed = try await db.sql.update(Attempt.schema)
                .set("finished_at", to: SQLBind(moment)).set("finished_how", to: SQLBind(how.rawValue)).set("raw_points", to: SQLBind(0))
                .where("id", .equal, SQLBind(attemptID)).where("owner_id", .equal, SQLBind(owner)).where("finished_at", .is, SQLLiteral.null)
                .returning(SQLLiteral.all).all()
            guard let row = claimed.first else { return nil }
            let attempt = try Attempt.decode(row)
            guard let test = try await content.test(attempt.testID, on: db) else { throw Self.notFound }
            let items = try await score(attempt, test: test, exam: exam, at: moment, on: db)
            return (AttemptResult(attempt: attempt, test: test), AttemptView(attempt: attempt, test: test, items: items, now: moment))
        }
    }

    /// Scores every answer (`AttemptScoring`), writes the points, the 100–200 outcome (into
    /// `attempt` too), and the answered questions into the review queue; inside the
    /// finishing transaction. Returns the attempt's items as scored.
    private func score(_ attempt: Attempt, test: ZnoshkaTest, exam: Date?, at moment: Date, on db: any Database) async throws -> [AttemptView.Item] {
        let attemptID = try attempt.requireID()
        let answers = try await AttemptRows.answers(of: attemptID, on: db)
        let questions = try await content.questions(answers.map(\.questionID), on: db)
        let scoring = AttemptScoring(try answers.map { answer in
            (try answer.requireID(), AnswerRow(questionID: answer.questionID, answer: answer.answer, flagged: answer.flagged, points: nil, verdict: nil))
        }, questions: questions, test: test)
        if !scoring.answers.isEmpty {
            // One statement for all the answers: a CASE per column keyed by the answer's id.
            var points = SQLQueryString("CASE id")
            var verdicts = SQLQueryString("CASE id")
            for (id, score) in scoring.answers {
                points.appendInterpolation(unsafeRaw: " WHEN ")
                points.appendInterpolation(bind: id)
                points.appendInterpolation(unsafeRaw: " THEN \(score.points)")
                verdicts.appendInterpolation(unsafeRaw: " WHEN ")
                verdicts.appendInterpolation(bind: id)
                verdicts.appendInterpolation(unsafeRaw: " THEN '\(score.verdict.rawValue)'")
            }
            points.appendInterpolation(unsafeRaw: " END")
            verdicts.appendInterpolation(unsafeRaw: " END")
            try await db.sql.update(AttemptAnswer.schema).set(SQLIdentifier("points"), to: points).set(SQLIdentifier("verdict"), to: verdicts)
                .where("attempt_id", .equal, SQLBind(attemptID)).run()
        }
        try await db.sql.update(Attempt.schema).set("raw_points", to: SQLBind(scoring.raw)).set("scaled", to: SQLBind(scoring.scaled))
            .set("passed", to: SQLBind(scoring.passed)).where("id", .equal, SQLBind(attemptID)).run()
        scoring.apply(to: attempt)
        try await ReviewQueueService.record(scoring.grades, owner: attempt.ownerID, exam: exam, at: moment, inTest: true, on: db)
        return scoring.items
    }

    /// Finishes every running attempt whose time is up, for people who left; returns how
    /// many. The background job calls it every few seconds.
    @discardableResult
    public func finishOverdue(limit: Int = 200) async throws -> Int {
        // `finished_how IS NULL` is what lets `ix_zn_attempts_deadline` serve this (AttemptsDeadlineIndex).
        let overdue = try await Attempt.query(on: db).filter(\.$finishedAt == nil).filter(\.$finishedHow == nil).filter(\.$deadline <= now)
            .limit(limit).all()
        for attempt in overdue {
            _ = try await finish(attempt.requireID(), owner: attempt.ownerID, how: .timeout)
        }
        return overdue.count
    }

    // MARK: Review

    /// A finished attempt's questions with the right answers, explanations, and the
    /// share of people who answered each right; a running attempt has no review yet.
    public func review(_ attemptID: UUID, for student: Student) async throws -> (AttemptView, shareRight: [UUID: Double]) {
        let view = try await view(attemptID, for: student)
        guard view.attempt.isFinished else { throw AppError.conflict(code: "attempt_running", key: "zn.attempt.running") }
        return (view, try await shareRight(view.items.map(\.questionID)))
    }

    /// Below this many answers a share says more about the few who answered than about
    /// the task («100 % answered right» after one student), so none is shown.
    public static let answersForShare = 20

    /// For each question answered at least `answersForShare` times (in finished attempts),
    /// the share of those answers that were right. A template's variants count together
    /// (each variant alone would rarely reach the threshold, and they are one task), so
    /// every variant shows its template's share.
    func shareRight(_ questions: [UUID]) async throws -> [UUID: Double] {
        guard !questions.isEmpty else { return [:] }
        let templates = try await StoredQuestion.query(on: db).filter(\.$id ~~ questions).filter(\.$templateID != nil)
            .field(\.$id).field(\.$templateID).all()
        let taskOf = Dictionary(uniqueKeysWithValues: templates.map { ($0.id!, $0.templateID!) })
        let tasks = Array(Set(questions.map { taskOf[$0] ?? $0 }))
        let rows = try await sql.raw("""
            SELECT COALESCE(q.template_id, q.id) AS task, COUNT(*) AS answered, \
            CAST(SUM(CASE WHEN a.verdict = 'right' THEN 1 ELSE 0 END) AS BIGINT) AS "right" \
            FROM zn_answers a JOIN zn_questions q ON q.id = a.question_id \
            WHERE (q.id IN (\(binds: tasks)) OR q.template_id IN (\(binds: tasks))) AND a.verdict IN ('right', 'partly', 'wrong') \
            GROUP BY COALESCE(q.template_id, q.id)
            """).all()
        var byTask: [UUID: Double] = [:]
        for row in rows {
            let answered = try row.decode(column: "answered", as: Int.self)
            guard answered >= Self.answersForShare else { continue }
            byTask[try row.decode(column: "task", as: UUID.self)] = Double(try row.decode(column: "right", as: Int.self)) / Double(answered)
        }
        return Dictionary(questions.compactMap { question in byTask[taskOf[question] ?? question].map { (question, $0) } }) { first, _ in first }
    }

    static let notFound = AppError.notFound(code: "attempt_not_found", key: "zn.attempt.not_found")
    static let testNotFound = AppError.notFound(code: "test_not_found", key: "zn.test.not_found")
    static let finished = AppError.conflict(code: "attempt_finished", key: "zn.attempt.finished")
    static let timeUp = AppError.conflict(code: "time_up", key: "zn.attempt.time_up")
}
