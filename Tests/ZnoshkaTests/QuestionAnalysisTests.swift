import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
@testable import Znoshka

extension ZnoshkaTests {
    /// Facility and discrimination as Moodle's quiz statistics reckon them, and the flags.
    @Suite("Question statistics for authors")
    struct QuestionAnalysisTests {
        let good = UUID(), bad = UUID()
        var questions: [(id: UUID, question: Question)] {
            [(good, Question(kind: .singleChoice(options: 4), text: "?", options: ["a", "b", "c", "d"], key: .option(0), explanation: "!")),
             (bad, Question(kind: .singleChoice(options: 4), text: "?", options: ["a", "b", "c", "d"], key: .option(1), explanation: "!"))]
        }

        /// Ten attempts: the strongest five get `good` right and `bad` wrong (picking А); the weakest five the opposite.
        var attempts: [QuestionAnalysis.AttemptRecord] {
            (0..<10).map { index in
                let strong = index < 5
                return QuestionAnalysis.AttemptRecord(raw: strong ? 20 + index : index, answers: [
                    good: (strong ? 1 : 0, .option(strong ? 0 : 2)),
                    bad: (strong ? 0 : 1, .option(strong ? 0 : 1)),
                ])
            }
        }

        @Test("facility is the mean share; discrimination is top 27 % minus bottom 27 %; poor and unused distractors are flagged")
        func analysis() {
            let results = QuestionAnalysis.analyse(questions, attempts: attempts)
            #expect(results[0].facility == 0.5 && results[0].discrimination == 1 && !results[0].poorlyDiscriminating)
            #expect(results[0].unusedOptions == [1, 3], "Б and Г are never picked")
            #expect(results[1].facility == 0.5 && results[1].discrimination == -1 && results[1].poorlyDiscriminating)
            #expect(results[1].unusedOptions == [2, 3])
            #expect(results.allSatisfy { $0.isFlagged })
        }

        @Test("fewer than ten attempts flag nothing; none give no figures")
        func fewAttempts() {
            let few = QuestionAnalysis.analyse(questions, attempts: Array(attempts.prefix(4)))
            #expect(few.allSatisfy { !$0.isFlagged } && few[0].facility == 1)
            let none = QuestionAnalysis.analyse(questions, attempts: [])
            #expect(none.allSatisfy { $0.facility == nil && $0.discrimination == nil && !$0.isFlagged })
        }

        @Test("through the API and the page: authors only, from the finished attempts")
        func served() async throws {
            try await withZnoshka { app in
                let olena = try await register(app), author = try await registerAuthor(app)
                let test = try await seededTest(app, "ukrainian", .topic)
                let attempt = try await start(app, test, as: olena)
                // The test's first task, wherever the drawn paper put it: the statistics list the test's own order.
                let first = try #require(try await TestQuestion.query(on: app.db).filter(\.$testID == test.id!).sort(\.$position).first()).questionID
                _ = try await saveAnswer(app, attempt.id, first, rightAnswer(try await stored(app, first)), as: olena)
                _ = try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: olena)
                #expect(try await send(app, .GET, "/author/tests/\(test.id!)/statistics", as: olena).status == .forbidden)
                let stats = try await read(ZNModels.QuestionStatistics.self, app, .GET, "/author/tests/\(test.id!)/statistics", as: author)
                #expect(stats.attempts == 1 && stats.questions.count == attempt.questions.count)
                #expect(stats.questions[0].facility == 1 && stats.questions[1].facility == 0 && stats.questions[0].discrimination == nil)
                let page = try await signedInBrowser(app, as: author).get("/znoshka/author/tests/\(test.id!)/statistics")
                #expect(page.status == .ok && page.text.contains("100 %") && page.text.contains("Позначки з’являться після 10 спроб"))
            }
        }
    }
}
