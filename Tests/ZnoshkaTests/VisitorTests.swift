import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

/// A visitor reads the subjects, the theory and the tests' descriptions and tries a
/// sample without an account; nothing they do is saved, and signing up brings them back.
extension ZnoshkaTests {
    @Suite("Visitors")
    struct VisitorTests {

        /// The form fields of the right answer to the sample's task at `index`.
        static func rightFields(_ question: Question, task index: Int) -> [String: String] {
            let name = SampleTest.field(index) + "-"
            switch question.key {
            case .option(let option): return [name + "option": String(option)]
            case .pairs(let pairs): return Dictionary(uniqueKeysWithValues: pairs.enumerated().map { (name + "pair-\($0.offset)", String($0.element)) })
            case .order(let order): return Dictionary(uniqueKeysWithValues: order.enumerated().map { (name + "place-\($0.offset)", String($0.element)) })
            case .options(let chosen): return Dictionary(uniqueKeysWithValues: chosen.map { (name + "choice-\($0)", "on") })
            case .number(let value, _): return [name + "number": TestFile.decimal(value).replacingOccurrences(of: ".", with: ",")]
            }
        }

        @Test("a sample takes the first task of each kind, then the next ones from the start, in the paper's order")
        func samplePick() {
            let single4 = QuestionKind.singleChoice(options: 4), single5 = QuestionKind.singleChoice(options: 5)
            let matching = QuestionKind.matching(prompts: 4, options: 5)
            let paper = Array(repeating: single4, count: 10) + Array(repeating: single5, count: 15) + Array(repeating: matching, count: 5)
            #expect(SamplePaper.pick(paper) == [0, 1, 2, 10, 25])
            #expect(SamplePaper.pick([single4, .shortNumeric]) == [0, 1])
            #expect(SamplePaper.pick([.shortNumeric, single4, matching, .sequence(items: 4), .chooseThree(options: 7), single5], size: 5) == [0, 1, 2, 3, 4])
            #expect(SamplePaper.pick([]).isEmpty)
        }

        @Test("a visitor reads subjects, theory and tests; starting one asks to sign up; their own pages ask to sign in")
        func readsWithoutAccount() async throws {
            try await withZnoshka { app in
                let visitor = TestBrowser(app)
                let welcome = try await visitor.get("/znoshka/").text
                for slug in ["ukrainian", "mathematics", "history"] {
                    #expect(welcome.contains(#"href="/znoshka/subjects/\#(slug)""#) && welcome.contains(#"href="/znoshka/subjects/\#(slug)/sample""#))
                }
                #expect(location(try await visitor.get("/znoshka/subjects")) == "/znoshka/")
                let subject = try await visitor.get("/znoshka/subjects/history")
                let simulation = try await seededTest(app, "history", .simulation)
                #expect(subject.status == .ok && subject.text.contains(ZnoshkaWeb.testPath(simulation.id!)))
                #expect(!subject.text.contains("Ще не пройдені"), "no progress to show a visitor")
                let topic = try #require(try await Topic.query(on: app.db).filter(\.$title == "Степені й корені").first())
                let theory = try await visitor.get("/znoshka/topics/\(topic.id!)")
                #expect(theory.status == .ok && theory.text.contains("<math"))

                let test = try await visitor.get(ZnoshkaWeb.testPath(simulation.id!))
                let back = ZnoshkaWeb.testPath(simulation.id!)
                #expect(test.status == .ok && test.text.contains(#"href="/znoshka/signup?next=\#(back)""#))
                #expect(test.text.contains(#"href="/znoshka/login?next=\#(back)""#))
                #expect(!test.formActions.contains(back + "/start"))
                let started = try await visitor.post(back + "/start", form: [:])
                #expect(location(started).hasPrefix("/znoshka/login") || started.status == .unauthorized)
                #expect(try await Attempt.query(on: app.db).count() == 0)

                for page in ["/znoshka/review", "/znoshka/statistics", "/znoshka/profile"] {
                    #expect(location(try await visitor.get(page)).hasPrefix("/znoshka/login?next="), "\(page)")
                }
                #expect(try await visitor.get("/znoshka/subjects/physics").status == .notFound)
                #expect(try await visitor.get("/znoshka/subjects/physics/sample").status == .notFound)
            }
        }

        @Test("signing up from a test's page comes back to it; a next off this app goes to the subjects")
        func signUpReturns() async throws {
            try await withZnoshka { app in
                let back = ZnoshkaWeb.testPath(try await seededTest(app, "mathematics", .simulation).id!)
                for (next, expected) in [(back, back), ("//evil.example/x", "/znoshka/subjects"), ("https://evil.example/", "/znoshka/subjects"),
                                         ("/fuctivity/", "/znoshka/subjects")] {
                    let visitor = TestBrowser(app)
                    let form = try await visitor.get(Request.path("/znoshka/signup", returningTo: next.hasPrefix("/") && !next.hasPrefix("//") ? next : nil))
                    #expect(form.status == .ok)
                    let created = try await visitor.post("/znoshka/signup", form: [
                        "name": "Олена", "email": await UniqueLogins.shared.email("visitor"), "password": "learn-well-1",
                        "passwordRepeat": "learn-well-1", "timeZone": "Europe/Kyiv", "next": next,
                    ])
                    #expect(created.status == .seeOther && location(created) == expected, "\(next)")
                }
                // The login page's way to sign up keeps where to return.
                let login = try await TestBrowser(app).get(Request.path("/znoshka/login", returningTo: back)).text
                #expect(login.contains(#"href="/znoshka/signup?next=\#(back)""#))
            }
        }

        @Test("the sample shows every kind of task its simulation has, checks answers as the exam does, and saves nothing")
        func sample() async throws {
            try await withZnoshka { app in
                let visitor = TestBrowser(app)
                for slug in ["ukrainian", "mathematics", "history"] {
                    let sample = try await ZnoshkaContext(app.services).catalog.sample(slug: slug, seed: 1)
                    let simulation = try await TestQuestion.query(on: app.db).filter(\.$testID == sample.simulation.id!).all()
                    var kinds = Set<QuestionKind>()
                    for place in simulation { kinds.insert(try await stored(app, place.questionID).kind) }
                    #expect(sample.questions.count == SamplePaper.size)
                    #expect(Set(sample.questions.map(\.question.kind)) == kinds, "\(slug)")

                    let page = try await visitor.get(SamplePage.path(slug))
                    #expect(page.status == .ok && page.formActions.contains(SamplePage.path(slug)))
                    var right: [String: String] = [:]
                    for (index, item) in sample.questions.enumerated() { right.merge(Self.rightFields(item.question, task: index)) { $1 } }
                    let most = sample.questions.map(\.question.kind.maxPoints).reduce(0, +)
                    let full = try await visitor.post(SamplePage.path(slug), form: right)
                    #expect(full.status == .ok && full.text.contains("\(most) з \(most) балів"), "\(slug)")
                    #expect(full.text.contains(#"href="/znoshka/signup?next=\#(ZnoshkaWeb.testPath(sample.simulation.id!))""#))
                    let blank = try await visitor.post(SamplePage.path(slug), form: [:])
                    #expect(blank.status == .ok && blank.text.contains("0 з \(most) балів") && blank.text.contains("Без відповіді"))
                }
                #expect(try await Attempt.query(on: app.db).count() == 0)
                #expect(try await AttemptAnswer.query(on: app.db).count() == 0)
            }
        }

        @Test("a sample's answer that does not fit its task is refused with 422 naming the task, what was typed kept")
        func sampleRefusesBadAnswers() async throws {
            try await withZnoshka { app in
                let visitor = TestBrowser(app)
                let sample = try await ZnoshkaContext(app.services).catalog.sample(slug: "mathematics", seed: 1)
                let numeric = try #require(sample.questions.firstIndex { $0.question.kind == .shortNumeric })
                let single = try #require(sample.questions.firstIndex { if case .singleChoice = $0.question.kind { true } else { false } })
                _ = try await visitor.get(SamplePage.path("mathematics"))
                let typed = try await visitor.post(SamplePage.path("mathematics"), form: [SampleTest.field(numeric) + "-number": "два"])
                #expect(typed.status == .unprocessableEntity)
                #expect(typed.text.contains("Завдання \(numeric + 1): Введіть число"))
                #expect(typed.text.contains(#"value="два""#))
                let crafted = try await visitor.post(SamplePage.path("mathematics"), form: [SampleTest.field(single) + "-option": "9"])
                #expect(crafted.status == .unprocessableEntity && crafted.text.contains("Завдання \(single + 1): "))
                // «12 100» and a typographic minus are numbers, as on the exam's paper.
                for number in ["12 100", "\u{2212}7"] {
                    #expect(try await visitor.post(SamplePage.path("mathematics"), form: [SampleTest.field(numeric) + "-number": number]).status == .ok)
                }
            }
        }
    }
}
