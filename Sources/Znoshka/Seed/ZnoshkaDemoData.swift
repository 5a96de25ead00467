import Fluent
import Foundation
import Kernel
import SQLKit

/// A demo student with finished attempts over the past days (two НМТ simulations of
/// history, so a score can be predicted, and a topic test) and a review queue; an author;
/// an administrator who gives the author role; and a moderator with a reported post in
/// the queue («Скарги»).
enum ZnoshkaDemoData {
    static let password = "znoshka-demo"
    static let accounts = [
        DemoAccount(app: Znoshka.id, role: Student.studentRole, login: "olena@znoshka.example", password: password),
        DemoAccount(app: Znoshka.id, role: Student.authorRole, login: "author@znoshka.example", password: password),
        DemoAccount(app: Znoshka.id, role: Account.adminRole, login: "admin@znoshka.example", password: password),
        DemoAccount(app: Znoshka.id, role: Student.moderatorRole, login: "moderator@znoshka.example", password: password),
    ]

    static func seed(_ seed: SeedContext) async throws {
        let context = ZnoshkaContext(seed.services)
        func form(_ name: String, _ index: Int) -> EmailSignUpForm {
            EmailSignUpForm(name: name, email: accounts[index].login, password: password, timeZone: "Europe/Kyiv")
        }
        var olena = try await context.students.register(form("Олена", 0), language: .uk)
        let exam = LocalDay(seed.clock.now, in: olena.timeZone).adding(days: 60)
        olena = try await context.students.update(olena, with: StudentChanges(examDate: exam.description, reminderTime: "18:00"))
        _ = try await context.students.register(form("Автор Тарас", 1), language: .uk, role: Student.authorRole)
        _ = try await context.students.register(form("Адміністратор", 2), language: .uk, role: Account.adminRole)
        let tests = try await ZnoshkaTest.query(on: seed.database).all()
        // (test kind and subject, share answered right, days ago)
        let plan: [(AuthoredTest.Kind, String, Double, Int)] = [
            (.simulation, "history", 0.45, 9), (.topic, "history", 0.5, 6), (.simulation, "history", 0.6, 3),
            (.topic, "mathematics", 0.7, 2), (.simulation, "ukrainian", 0.55, 1),
        ]
        let subjects = try await Subject.query(on: seed.database).all()
        for (kind, slug, share, daysAgo) in plan {
            guard let subject = subjects.first(where: { $0.slug == slug }),
                  let test = tests.first(where: { $0.subjectID == subject.id && $0.testKind == kind }) else { continue }
            let attempt = try await context.attempts.start(test.requireID(), for: olena)
            let view = try await context.attempts.view(attempt.requireID(), for: olena)
            for (index, item) in view.items.enumerated() {
                // Right on a steady share of the questions, wrong (or skipped) on the rest.
                let right = Double(index % 10) < share * 10
                guard let answer = right ? rightAnswer(item.question.key) : wrongAnswer(item.question, index: index) else { continue }
                _ = try await context.attempts.answer(attempt.requireID(), question: item.questionID, answer, clear: false, flagged: nil, owner: olena.id)
            }
            _ = try await context.attempts.finish(attempt.requireID(), for: olena)
            let shift = Double(daysAgo) * 86_400
            try await seed.database.sql.update(Attempt.schema)
                .set("started_at", to: SQLBind(attempt.startedAt.addingTimeInterval(-shift)))
                .set("deadline", to: SQLBind(attempt.deadline.addingTimeInterval(-shift)))
                .set("finished_at", to: SQLBind(seed.clock.now.addingTimeInterval(-shift + 1800)))
                .where("id", .equal, SQLBind(attempt.requireID())).run()
        }
        // Part of the queue is due today, the rest later, as after days of practice.
        try await seed.database.sql.update(ReviewItem.schema).set("due", to: SQLBind(seed.clock.now.addingTimeInterval(-3600)))
            .where("owner_id", .equal, SQLBind(olena.id)).run()
        _ = try await context.students.register(form("Модераторка Ірина", 3), language: .uk, role: Student.moderatorRole)
        try await seedDiscussion(context, seed, olena: olena)
    }

    /// A discussion of a task Olena answered: her solution, and a rude one by another
    /// student that she reported, waiting in the moderators' queue.
    static func seedDiscussion(_ context: ZnoshkaContext, _ seed: SeedContext, olena: Student) async throws {
        let finished = try await Attempt.query(on: seed.database).filter(\.$ownerID == olena.id).filter(\.$finishedAt != nil)
            .sort(\.$finishedAt, .ascending).all().map { $0.id! }
        guard let answered = try await AttemptAnswer.query(on: seed.database).filter(\.$attemptID ~~ finished).filter(\.$verdict == "right")
            .sort(\.$position).first() else { return }
        _ = try await context.community.post(solution: "Згадайте дату з підручника й відкиньте варіанти, що не пасують до доби.",
                                             to: answered.questionID, by: olena)
        let maksym = try await context.students.register(
            EmailSignUpForm(name: "Максим", email: "maksym@znoshka.example", password: password, timeZone: "Europe/Kyiv"), language: .uk)
        // Written as a row: Maksym has no attempt of his own in the demo.
        let rude = Solution(questionID: answered.questionID, authorID: maksym.id, markdown: "Хто цього не знає — тому нема чого робити на НМТ.",
                            at: seed.clock.now)
        try await rude.create(on: seed.database)
        try await context.community.report("solution", rude.requireID(), reason: "Образливо, і розв’язку немає.", by: olena)
    }

    static func rightAnswer(_ key: AnswerKey) -> GivenAnswer {
        switch key {
        case .option(let index): .option(index)
        case .pairs(let pairs): .pairs(pairs)
        case .order(let order): .order(order)
        case .options(let chosen): .options(chosen)
        case .number(let value, _): .number(TestFile.decimal(value))
        }
    }

    /// A wrong answer of the question's shape; every seventh is left blank.
    static func wrongAnswer(_ question: Question, index: Int) -> GivenAnswer? {
        guard index % 7 != 0 else { return nil }
        switch (question.kind, question.key) {
        case (.singleChoice(let count), .option(let right)): return .option((right + 1) % count)
        case (.matching(_, let options), .pairs(let pairs)): return .pairs(pairs.enumerated().map { $0.offset == 0 ? $0.element : ($0.element + 1) % options })
        case (.sequence, .order(let order)): return .order([order[0], order[2], order[1], order[3]])
        case (.chooseThree(let count), .options(let right)):
            let sorted = right.sorted()
            return .options([sorted[0], sorted[1], (0..<count).first { !right.contains($0) } ?? 0])
        case (.shortNumeric, .number(let value, _)): return .number(TestFile.decimal(value + 1))
        default: return nil
        }
    }
}
