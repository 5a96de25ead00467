import Fluent
import Foundation
import Kernel
import Vapor

/// `/znoshka/api/v1`: everything a student and an author does, for native clients.
/// Handlers parse, call one service, and shape the answer.
enum ZnoshkaAPI {
    typealias M = ZNModels

    static func register(on api: any RoutesBuilder) {
        api.get("subjects", use: subjects)
        api.get("subjects", ":slug", use: subject)
        api.get("topics", ":topicID", use: topic)
        api.get("tests", ":testID", use: test)
        api.post("tests", ":testID", "attempts", use: start)
        api.post("blocks", use: startBlock)
        api.get("attempts", use: attempts)
        api.get("attempts", ":attemptID", use: attempt)
        api.put("attempts", ":attemptID", "answers", ":questionID", use: saveAnswer)
        api.post("attempts", ":attemptID", "finish", use: finish)
        api.get("attempts", ":attemptID", "review", use: review)
        api.get("review-queue", use: reviewQueue)
        api.post("review-queue", ":questionID", use: answerReview)
        api.get("statistics", use: statistics)
        api.get("questions", ":questionID", "solutions", use: discussion)
        api.post("questions", ":questionID", "solutions", use: postSolution)
        api.put("solutions", ":solutionID", "vote", use: vote)
        api.post("solutions", ":solutionID", "comments", use: postComment)
        api.post("reports", use: report)
        api.post("moderation", use: moderate)
        api.post("author", "tests", use: importTest)
        api.post("author", "moodle", use: importMoodle)
        api.get("author", "tests", ":testID", use: exportTest)
        api.get("author", "tests", ":testID", "statistics", use: questionStatistics)
        api.put("author", "tests", ":testID", use: replaceTest)
        api.post("author", "theory", use: createTheoryPage)
        api.put("author", "theory", ":pageID", use: updateTheoryPage)
        api.delete("author", "theory", ":pageID", use: deleteTheoryPage)
        api.put("author", "topics", ":topicID", use: renameTopic)
        api.post("author", "subjects", use: createSubject)
        api.put("author", "subjects", ":slug", use: updateSubject)
        api.put("author", "roles", use: setAuthorRole)
    }

    // MARK: Accounts (served on the kernel's account paths, `ZnoshkaAccounts`)

    static func register(_ req: Request) async throws -> Response {
        let input = try req.content.decode(M.Registration.self)
        let student = try await req.znoshka.students.register(name: input.name, email: input.email, password: input.password,
                                                              passwordRepeat: input.passwordRepeat, timeZone: input.timeZone,
                                                              language: req.language)
        let issued = try await req.accounts.issueToken(for: student.account)
        return try await M.Session(token: issued.token, expiresAt: issued.expiresAt, profile: profile(student))
            .created(at: "\(Znoshka.descriptor.apiPath)/me", for: req)
    }

    static func updateProfile(_ req: Request) async throws -> M.Profile {
        let student = try await req.student()
        let input = try req.content.decode(M.ProfileUpdate.self)
        return profile(try await req.znoshka.students.update(student, with: StudentChanges(
            name: input.name, examDate: input.examDate, reminderTime: input.reminderTime, timeZone: input.timeZone)))
    }

    static func profile(_ student: Student) -> M.Profile {
        M.Profile(id: student.id, name: student.name, email: student.email, role: student.role, examDate: student.profile.examDate,
                  reminderTime: student.profile.reminderMinutes.map(ZnoshkaFormat.clock), timeZone: student.profile.timeZoneID)
    }

    // MARK: Content

    static func subjects(_ req: Request) async throws -> [M.SubjectSummary] {
        _ = try await req.student()
        return try await req.znoshka.catalog.subjects().map { summary($0, req.language) }
    }

    static func subject(_ req: Request) async throws -> M.SubjectDetail {
        let student = try await req.student()
        let overview = try await req.znoshka.catalog.subject(slug: req.parameters.get("slug") ?? "", for: student)
        let subject = overview.subject
        return M.SubjectDetail(id: subject.id!, slug: subject.slug, name: subject.name(in: req.language),
                               topics: overview.topics.map { M.TopicSummary(id: $0.topic.id!, title: $0.topic.title,
                                                                            pages: $0.pages.map { M.PageSummary(id: $0.id!, title: $0.title) }) },
                               tests: overview.tests.map(testSummary))
    }

    static func topic(_ req: Request) async throws -> M.TopicDetail {
        let student = try await req.student()
        let id = try req.uuidParameter("topicID", notFound: "topic_not_found", key: "zn.topic.not_found")
        let (topic, subject, pages, tests) = try await req.znoshka.catalog.topic(id)
        let overviews = try await req.znoshka.catalog.overviews(tests, for: student)
        return M.TopicDetail(id: id, title: topic.title, subject: summary(subject, req.language),
                             pages: pages.map { M.TheoryPageDTO(id: $0.id!, title: $0.title, markdown: $0.markdown, html: $0.html) },
                             tests: overviews.map(testSummary))
    }

    static func test(_ req: Request) async throws -> M.TestSummary {
        let student = try await req.student()
        return testSummary(try await req.znoshka.catalog.test(try testID(req), for: student).0)
    }

    // MARK: Attempts

    static func start(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let attempt = try await req.znoshka.attempts.start(try testID(req), for: student)
        let view = try await req.znoshka.attempts.view(attempt.requireID(), for: student)
        let response = try await attemptDTO(view).encodeResponse(status: .created, for: req)
        response.headers.replaceOrAdd(name: .location, value: "\(Znoshka.descriptor.apiPath)/attempts/\(attempt.id!)")
        return response
    }

    static func startBlock(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let input = try req.content.decode(M.BlockStart.self)
        let attempts = try await req.znoshka.attempts.startBlock(input.block ?? 0, chosen: input.subject, for: student)
        var summaries: [M.AttemptSummary] = []
        for attempt in attempts {
            guard let test = try await ZnoshkaTest.find(attempt.testID, on: req.db) else { continue }
            summaries.append(attemptSummary(attempt, test))
        }
        return try await summaries.encodeResponse(status: .created, for: req)
    }

    static func attempts(_ req: Request) async throws -> [M.AttemptSummary] {
        let student = try await req.student()
        return try await req.znoshka.attempts.list(for: student).map(attemptSummary)
    }

    /// The question page's data; through `AttemptStore`: on PostgreSQL one statement signs
    /// the caller in and reads the attempt with its answers.
    static func attempt(_ req: Request) async throws -> Response {
        let view = try await req.znoshka.attemptStore.view(by: req.caller(in: Znoshka.descriptor), Result { try attemptID(req) })
        return Response(status: .ok, json: attemptDTO(view))
    }

    /// Through `AnswerStore`: on PostgreSQL one statement signs the caller in and saves.
    static func saveAnswer(_ req: Request) async throws -> M.AnswerSaved {
        let input = Result { () throws -> AnswerInput in
            let body = try req.content.decode(M.AnswerSave.self)
            let questionID = try req.uuidParameter("questionID", notFound: "attempt_not_found", key: "zn.attempt.not_found")
            let given = try body.answer.map(given)
            return AnswerInput(attemptID: try attemptID(req), questionID: questionID, given: given ?? nil,
                               clear: body.answer != nil && given == .some(nil), flagged: body.flagged)
        }
        let saved = try await req.znoshka.attemptStore.save(by: req.caller(in: Znoshka.descriptor), input)
        return M.AnswerSaved(questionId: saved.questionID, answered: saved.answered, flagged: saved.flagged, secondsLeft: saved.secondsLeft)
    }

    /// Through `AttemptStore`: on PostgreSQL two prepared statements, a read and a write.
    static func finish(_ req: Request) async throws -> Response {
        let view = try await req.znoshka.attemptStore.finish(by: req.caller(in: Znoshka.descriptor), Result { try attemptID(req) })
        return Response(status: .ok, json: attemptDTO(view))
    }

    static func review(_ req: Request) async throws -> M.Review {
        let student = try await req.student()
        let (view, shares) = try await req.znoshka.attempts.review(try attemptID(req), for: student)
        return M.Review(attempt: attemptSummary(view.attempt, view.test), questions: view.items.map { item in
            M.ReviewQuestion(id: item.questionID, number: item.number, question: questionDTO(item.question), answer: item.answer.map(answerDTO),
                             correct: correctDTO(item.question.key), points: item.points ?? 0, maxPoints: item.question.kind.maxPoints,
                             verdict: (item.verdict ?? .unanswered).rawValue, explanationHtml: QuestionHTML.explanation(item.question),
                             shareRight: shares[item.questionID])
        })
    }

    // MARK: Learning from mistakes and statistics

    static func reviewQueue(_ req: Request) async throws -> M.ReviewQueue {
        let student = try await req.student()
        let reviews = req.znoshka.reviews
        let due = try await reviews.due(for: student)
        return M.ReviewQueue(dueToday: try await reviews.dueCount(for: student), total: try await reviews.total(for: student),
                             examDate: student.profile.examDate, daysToExam: ZnoshkaFormat.daysToExam(student, now: req.clock.now),
                             items: due.map { M.ReviewQueueItem(questionId: $0.item.questionID, subject: $0.subject?.slug, due: $0.item.due,
                                                                question: questionDTO($0.question)) })
    }

    static func answerReview(_ req: Request) async throws -> M.ReviewGraded {
        let student = try await req.student()
        let questionID = try req.uuidParameter("questionID", notFound: "review_item_not_found", key: "zn.review.not_found")
        let input = try req.content.decode(M.ReviewAnswer.self)
        let graded = try await req.znoshka.reviews.answer(questionID, try input.answer.map(given) ?? nil, for: student)
        return M.ReviewGraded(points: graded.score.points, maxPoints: graded.score.maxPoints, verdict: graded.score.verdict.rawValue,
                              correct: correctDTO(graded.question.key), explanationHtml: QuestionHTML.explanation(graded.question),
                              nextDue: graded.nextDue)
    }

    static func statistics(_ req: Request) async throws -> M.Statistics {
        let student = try await req.student()
        return M.Statistics(subjects: try await req.znoshka.statistics.all(for: student).map { stats in
            M.SubjectStats(subject: summary(stats.subject, req.language), testsDone: stats.testsDone, accuracy: stats.accuracy,
                           trend: stats.trend.map { M.TrendDTO(finishedAt: $0.finishedAt, accuracy: $0.accuracy, testTitle: $0.testTitle) },
                           topics: stats.topics.map { M.TopicStats(topicId: $0.topic.id!, title: $0.topic.title, answered: $0.answered, accuracy: $0.accuracy) },
                           weakestTopicId: stats.weakest?.topic.id, suggestedTestId: stats.suggestedTest?.id,
                           prediction: stats.prediction.map { M.Prediction(expected: $0.expected.scaled, low: $0.low.scaled, high: $0.high.scaled, attempts: $0.attempts) })
        })
    }

    // MARK: Community

    static func discussion(_ req: Request) async throws -> M.DiscussionDTO {
        let student = try await req.student()
        return discussionDTO(try await req.znoshka.community.discussion(of: try questionID(req), for: student))
    }

    static func postSolution(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let input = try req.content.decode(M.NewText.self)
        let solution = try await req.znoshka.community.post(solution: input.text, to: try questionID(req), by: student)
        return try await M.SolutionDTO(id: solution.id!, authorName: student.name, markdown: solution.markdown, html: solution.html,
                                       score: 0, myVote: 0, mine: true, hidden: false, hiddenReason: nil, createdAt: solution.createdAt, comments: [])
            .encodeResponse(status: .created, for: req)
    }

    static func vote(_ req: Request) async throws -> M.VoteResult {
        let student = try await req.student()
        let input = try req.content.decode(M.Vote.self)
        guard let value = input.value else { throw AppError.validation([FieldError(field: "value", key: "zn.validation.vote")]) }
        let solution = try await req.znoshka.community.vote(value, on: try solutionID(req), by: student)
        return M.VoteResult(solutionId: solution.id!, score: solution.score, myVote: value)
    }

    static func postComment(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let input = try req.content.decode(M.NewText.self)
        let comment = try await req.znoshka.community.comment(input.text, on: try solutionID(req), by: student)
        return try await M.CommentDTO(id: comment.id!, authorName: student.name, text: comment.text, hidden: false, hiddenReason: nil,
                                      createdAt: comment.createdAt).encodeResponse(status: .created, for: req)
    }

    static func report(_ req: Request) async throws -> HTTPStatus {
        let student = try await req.student()
        let input = try req.content.decode(M.ReportInput.self)
        guard let target = input.targetId else { throw AppError.validation([FieldError(field: "targetId", key: "zn.validation.report_target")]) }
        try await req.znoshka.community.report(input.targetType ?? "", target, reason: input.reason, by: student)
        return .noContent
    }

    static func moderate(_ req: Request) async throws -> HTTPStatus {
        let moderator = try await req.student()
        guard moderator.isAuthor else { throw AppError.forbidden }
        let input = try req.content.decode(M.ModerationInput.self)
        guard let target = input.targetId else { throw AppError.validation([FieldError(field: "targetId", key: "zn.validation.report_target")]) }
        try await req.znoshka.community.moderate(input.targetType ?? "", target, hide: input.hide ?? true, reason: input.reason, by: moderator)
        return .noContent
    }

    static func questionID(_ req: Request) throws -> UUID {
        try req.uuidParameter("questionID", notFound: "question_not_found", key: "zn.community.question_not_found")
    }

    static func solutionID(_ req: Request) throws -> UUID {
        try req.uuidParameter("solutionID", notFound: "solution_not_found", key: "zn.community.not_found")
    }

    static func discussionDTO(_ discussion: Discussion) -> M.DiscussionDTO {
        M.DiscussionDTO(questionId: discussion.questionID, solutions: discussion.solutions.map { entry in
            let solution = entry.solution
            return M.SolutionDTO(id: solution.id!, authorName: entry.authorName, markdown: solution.markdown, html: solution.html,
                                 score: solution.score, myVote: entry.myVote, mine: entry.isMine, hidden: solution.hiddenAt != nil,
                                 hiddenReason: solution.hiddenReason, createdAt: solution.createdAt,
                                 comments: entry.comments.map { comment, name in
                                     M.CommentDTO(id: comment.id!, authorName: name, text: comment.text, hidden: comment.hiddenAt != nil,
                                                  hiddenReason: comment.hiddenReason, createdAt: comment.createdAt)
                                 })
        })
    }

    // MARK: Authors

    /// The body is a test file (`docs/znoshka-test-files.md`).
    static func importTest(_ req: Request) async throws -> Response {
        let author = try await req.student()
        let data = Data(buffer: req.body.data ?? ByteBuffer())
        let id = try await req.znoshka.authoring.importTest(data, by: author)
        return try await M.Imported(testId: id).encodeResponse(status: .created, for: req)
    }

    /// The body is a Moodle XML question bank; the test it becomes is in the query:
    /// `subject`, `kind` (topic by default), `topic`, `title`, `minutes`.
    static func importMoodle(_ req: Request) async throws -> Response {
        let author = try await req.student()
        let data = Data(buffer: req.body.data ?? ByteBuffer())
        let query = { (name: String) in req.query[String.self, at: name] }
        let id = try await req.znoshka.authoring.importMoodle(data, subject: query("subject"), kind: query("kind"), topic: query("topic"),
                                                              title: query("title"), minutes: query("minutes"), by: author)
        return try await M.Imported(testId: id).encodeResponse(status: .created, for: req)
    }

    /// The body is the edited test file; the answer names the new version.
    static func replaceTest(_ req: Request) async throws -> M.Imported {
        let author = try await req.student()
        let data = Data(buffer: req.body.data ?? ByteBuffer())
        return M.Imported(testId: try await req.znoshka.authoring.replaceTest(try testID(req), file: data, by: author))
    }

    static func createTheoryPage(_ req: Request) async throws -> Response {
        let author = try await req.student()
        let input = try req.content.decode(M.TheoryPageInput.self)
        let id = try await req.znoshka.authoring.addTheory(subject: input.subject, topic: input.topic, title: input.title,
                                                           markdown: input.markdown, by: author)
        return try await theoryPage(req, id, by: author).encodeResponse(status: .created, for: req)
    }

    static func updateTheoryPage(_ req: Request) async throws -> M.TheoryPageDTO {
        let author = try await req.student()
        let id = try TheoryEditorPage.pageID(req)
        let input = try req.content.decode(M.TheoryPageInput.self)
        try await req.znoshka.authoring.updateTheory(id, title: input.title, markdown: input.markdown, by: author)
        return try await theoryPage(req, id, by: author)
    }

    static func deleteTheoryPage(_ req: Request) async throws -> HTTPStatus {
        try await req.znoshka.authoring.deleteTheory(try TheoryEditorPage.pageID(req), by: try await req.student())
        return .noContent
    }

    private static func theoryPage(_ req: Request, _ id: UUID, by author: Student) async throws -> M.TheoryPageDTO {
        let page = try await req.znoshka.authoring.theoryPage(id, by: author).page
        return M.TheoryPageDTO(id: id, title: page.title, markdown: page.markdown, html: page.html)
    }

    static func renameTopic(_ req: Request) async throws -> M.TopicSummary {
        let author = try await req.student()
        let id = try TheoryEditorPage.topicID(req)
        try await req.znoshka.authoring.renameTopic(id, title: try req.content.decode(M.TopicRename.self).title, by: author)
        let (topic, _, pages, _) = try await req.znoshka.catalog.topic(id)
        return M.TopicSummary(id: id, title: topic.title, pages: pages.map { M.PageSummary(id: $0.id!, title: $0.title) })
    }

    static func createSubject(_ req: Request) async throws -> Response {
        let author = try await req.student()
        let input = try req.content.decode(M.SubjectInput.self)
        let subject = try await req.znoshka.authoring.createSubject(slug: input.slug, nameUK: input.nameUk, nameEN: input.nameEn, by: author)
        return try await authorSubject(subject).encodeResponse(status: .created, for: req)
    }

    static func updateSubject(_ req: Request) async throws -> M.AuthorSubject {
        let author = try await req.student()
        let input = try req.content.decode(M.SubjectInput.self)
        return authorSubject(try await req.znoshka.authoring.updateSubject(req.parameters.get("slug") ?? "", nameUK: input.nameUk,
                                                                            nameEN: input.nameEn, by: author))
    }

    static func authorSubject(_ subject: Subject) -> M.AuthorSubject {
        M.AuthorSubject(id: subject.id!, slug: subject.slug, nameUk: subject.nameUK, nameEn: subject.nameEN, compulsory: subject.isCompulsory)
    }

    static func exportTest(_ req: Request) async throws -> Response {
        let author = try await req.student()
        let data = try await req.znoshka.authoring.export(try testID(req), by: author)
        return Response(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"], body: .init(data: data))
    }

    static func questionStatistics(_ req: Request) async throws -> M.QuestionStatistics {
        let author = try await req.student()
        let stats = try await req.znoshka.authoring.questionStatistics(try testID(req), by: author)
        return M.QuestionStatistics(testId: stats.test.id!, attempts: stats.attempts, questions: stats.questions.map { number, _, result in
            M.QuestionStat(number: number, questionId: result.questionID, facility: result.facility, discrimination: result.discrimination,
                           unusedOptions: result.unusedOptions, poorlyDiscriminating: result.poorlyDiscriminating, flagged: result.isFlagged)
        })
    }

    static func setAuthorRole(_ req: Request) async throws -> M.Profile {
        let admin = try await req.student()
        guard admin.isAdmin else { throw AppError.forbidden }
        let input = try req.content.decode(M.AuthorRole.self)
        let account = try await req.znoshka.students.setAuthor(email: input.email, input.author ?? true, by: admin)
        return profile(try await Student(account: account, on: req.db))
    }

    // MARK: Shapes

    static func testID(_ req: Request) throws -> UUID {
        try req.uuidParameter("testID", notFound: "test_not_found", key: "zn.test.not_found")
    }

    static func attemptID(_ req: Request) throws -> UUID {
        try req.uuidParameter("attemptID", notFound: "attempt_not_found", key: "zn.attempt.not_found")
    }

    static func summary(_ subject: Subject, _ language: Language) -> M.SubjectSummary {
        M.SubjectSummary(id: subject.id!, slug: subject.slug, name: subject.name(in: language))
    }

    static func score(_ attempt: Attempt) -> M.Score? {
        guard let finishedAt = attempt.finishedAt, let raw = attempt.rawPoints else { return nil }
        return M.Score(attemptId: attempt.id!, rawPoints: raw, maxPoints: attempt.maxPoints, passed: attempt.passed ?? false,
                       scaled: attempt.scaled, finishedAt: finishedAt)
    }

    static func testSummary(_ overview: TestOverview) -> M.TestSummary {
        let test = overview.test
        return M.TestSummary(id: test.id!, title: test.title, kind: test.kind, minutes: test.minutes, questionCount: overview.questionCount,
                             maxPoints: test.maxRaw, threshold: test.threshold, officialTable: test.official,
                             lastResult: overview.lastFinished.flatMap(score), runningAttemptId: overview.running?.id)
    }

    static func attemptSummary(_ attempt: Attempt, _ test: ZnoshkaTest) -> M.AttemptSummary {
        M.AttemptSummary(id: attempt.id!, testId: test.id!, testTitle: test.title, blockId: attempt.blockID, startedAt: attempt.startedAt,
                         deadline: attempt.deadline, finishedAt: attempt.finishedAt, score: score(attempt))
    }

    static func attemptDTO(_ view: AttemptView) -> M.AttemptDTO {
        let attempt = view.attempt
        return M.AttemptDTO(id: attempt.id!, test: M.TestRef(id: view.test.id!, title: view.test.title, kind: view.test.kind),
                            blockId: attempt.blockID, startedAt: attempt.startedAt, deadline: attempt.deadline, secondsLeft: view.secondsLeft,
                            state: attempt.isFinished ? "finished" : "running", finishedHow: attempt.finishedHow, score: score(attempt),
                            questions: view.items.map { item in
                                M.AttemptQuestion(id: item.questionID, number: item.number,
                                                  question: QuestionJSON.shared.dto(item.questionID, item.question),
                                                  answer: item.answer.map(answerDTO), flagged: item.flagged, points: item.points,
                                                  verdict: item.verdict?.rawValue)
                            })
    }

    static func questionDTO(_ question: Question) -> M.QuestionDTO {
        M.QuestionDTO(type: question.kind.typeName, text: question.text, textHtml: QuestionHTML.text(question), options: question.options,
                      prompts: question.prompts, picture: question.picture, maxPoints: question.kind.maxPoints)
    }

    static func answerDTO(_ answer: GivenAnswer) -> M.AnswerDTO {
        switch answer {
        case .option(let index): M.AnswerDTO(option: index, pairs: nil, order: nil, options: nil, number: nil)
        case .pairs(let pairs): M.AnswerDTO(option: nil, pairs: pairs, order: nil, options: nil, number: nil)
        case .order(let order): M.AnswerDTO(option: nil, pairs: nil, order: order, options: nil, number: nil)
        case .options(let chosen): M.AnswerDTO(option: nil, pairs: nil, order: nil, options: chosen.sorted(), number: nil)
        case .number(let typed): M.AnswerDTO(option: nil, pairs: nil, order: nil, options: nil, number: typed)
        }
    }

    static func correctDTO(_ key: AnswerKey) -> M.AnswerDTO {
        switch key {
        case .option(let index): answerDTO(.option(index))
        case .pairs(let pairs): answerDTO(.pairs(pairs)) 
        case .order(let order): answerDTO(.order(order))
        case .options(let chosen): answerDTO(.options(chosen))
        case .number(let value, _): answerDTO(.number(TestFile.decimal(value)))
        }
    }

    /// The answer a body gives: `.some(nil)` for `{}` (clear it), 422 for two fields at once.
    static func given(_ dto: M.AnswerDTO) throws -> GivenAnswer? {
        var found: [GivenAnswer] = []
        if let option = dto.option { found.append(.option(option)) }
        if let pairs = dto.pairs { found.append(.pairs(pairs)) }
        if let order = dto.order { found.append(.order(order)) }
        if let options = dto.options {
            guard Set(options).count == options.count else { throw AppError.validation([FieldError(field: "answer", key: "zn.validation.answer")]) }
            found.append(.options(Set(options)))
        }
        if let number = dto.number { found.append(.number(number)) }
        guard found.count <= 1 else { throw AppError.validation([FieldError(field: "answer", key: "zn.validation.answer")]) }
        return found.first
    }
}

extension ConversionTable.Outcome {
    /// The 100–200 score, nil when not passed.
    var scaled: Int? {
        if case .passed(let score) = self { return score }
        return nil
    }
}

extension QuestionKind {
    /// The type's name in files and the API.
    var typeName: String {
        switch self {
        case .singleChoice: "single"
        case .matching: "matching"
        case .sequence: "sequence"
        case .chooseThree: "choose3"
        case .shortNumeric: "number"
        }
    }
}

/// A question's texts as HTML: Markdown with formulas, rendered once per question and
/// kept (questions are read on every page of a running test; they change only by import).
enum QuestionHTML {
    private static let cache = RenderCache()

    static func text(_ question: Question) -> String { cache.html(question.text, block: true) }
    static func explanation(_ question: Question) -> String { cache.html(question.explanation, block: true) }
    static func inline(_ markdown: String) -> String { cache.html(markdown, block: false) }

    final class RenderCache: @unchecked Sendable {
        private let lock = NSLock()
        private var rendered: [Key: String] = [:]

        /// A text and how it renders, hashed and compared by its UTF-8 bytes: a `String`
        /// key hashes its Unicode-normalised form, which for thirty Ukrainian question texts
        /// a page was about 4 % of the question page's CPU (perf, bench/znoshka). Texts equal
        /// only once normalised are rendered twice, and render alike.
        struct Key: Hashable {
            let block: Bool
            let markdown: String

            func hash(into hasher: inout Hasher) {
                hasher.combine(block)
                var markdown = markdown
                markdown.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            }

            static func == (left: Key, right: Key) -> Bool {
                left.block == right.block && left.markdown.utf8.elementsEqual(right.markdown.utf8)
            }
        }

        func html(_ markdown: String, block: Bool) -> String {
            let key = Key(block: block, markdown: markdown)
            if let html = lock.withLock({ rendered[key] }) { return html }
            let html = block ? TheoryMarkdown.render(markdown).html : TheoryMarkdown.renderInline(markdown)
            lock.withLock {
                // Bounded: content is finite, but a test of a huge import must not grow it for ever.
                if rendered.count > 20_000 { rendered.removeAll() }
                rendered[key] = html
            }
            return html
        }
    }
}
