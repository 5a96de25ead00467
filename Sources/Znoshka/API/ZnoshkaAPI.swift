import Foundation
import Kernel
import Vapor

/// `/znoshka/api/v1`: everything a student and an author does, for native clients.
/// Handlers parse, call one service, and shape the answer; they live in a file per area
/// (`AccountAPI`, `ProfileAPI`, `SubjectAPI`, `AttemptAPI`, `ReviewAPI`, `StatisticsAPI`,
/// `CommunityAPI`, `AuthoringAPI`, `BlueprintAPI`). This file mounts them and holds what
/// they share: the ids in paths and the shapes of answers.
enum ZnoshkaAPI {
    typealias M = ZNModels

    static func register(on api: any RoutesBuilder) {
        api.get("subjects", use: subjects)
        api.get("subjects", ":slug", use: subject)
        api.get("topics", ":topicID", use: topic)
        api.get("tests", ":testID", use: test)
        api.post("tests", ":testID", "attempts", use: start)
        api.post("blocks", use: startBlock)
        api.get("blocks", ":blockID", use: block)
        api.post("blocks", ":blockID", "finish", use: finishBlock)
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
        api.get("moderation", use: moderationQueue)
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
        api.put("author", "subjects", ":slug", "conversion-table", use: importOfficialTable)
        api.get("author", "subjects", ":slug", "blueprint", use: blueprint)
        api.put("author", "subjects", ":slug", "blueprint", use: saveBlueprint)
        api.put("author", "roles", use: setAuthorRole)
    }

    static func profile(_ student: Student) -> M.Profile {
        M.Profile(id: student.id, name: student.name, email: student.email, role: student.role, examDate: student.profile.examDate,
                  reminderTime: student.profile.reminderMinutes.map(ZnoshkaFormat.clock), timeZone: student.timeZone.identifier)
    }

    // MARK: Shapes

    static func testID(_ req: Request) throws -> UUID {
        try req.uuidParameter("testID", notFound: "test_not_found", key: "zn.test.not_found")
    }

    static func attemptID(_ req: Request) throws -> UUID {
        try req.uuidParameter("attemptID", notFound: "attempt_not_found", key: "zn.attempt.not_found")
    }

    static func questionID(_ req: Request) throws -> UUID {
        try req.uuidParameter("questionID", notFound: "question_not_found", key: "zn.community.question_not_found")
    }

    static func solutionID(_ req: Request) throws -> UUID {
        try req.uuidParameter("solutionID", notFound: "solution_not_found", key: "zn.community.not_found")
    }

    static func topicID(_ req: Request) throws -> UUID {
        try req.uuidParameter("topicID", notFound: "topic_not_found", key: "zn.topic.not_found")
    }

    static func pageID(_ req: Request) throws -> UUID {
        try req.uuidParameter("pageID", notFound: "page_not_found", key: "zn.theory.not_found")
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
        /// The Markdown and HTML kept, in bytes.
        private var size = 0
        /// Bounded by bytes, not texts: a bank of 5,000 questions is about 30,000 texts
        /// (a text and its options each), 25 MB rendered. A bound of 20,000 texts emptied
        /// the cache every few hundred fresh papers, and rendering again was most of a
        /// start's CPU (bench/znoshka-draw).
        let budget: Int

        init(budget: Int = 96 << 20) { self.budget = budget }

        /// How many texts are kept.
        var count: Int { lock.withLock { rendered.count } }

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
            let bytes = markdown.utf8.count + html.utf8.count
            lock.withLock {
                // Bounded: content is finite, but a server importing without end must not grow for ever.
                if size + bytes > budget {
                    rendered.removeAll()
                    size = 0
                }
                if rendered.updateValue(html, forKey: key) == nil { size += bytes }
            }
            return html
        }
    }
}
