import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
@testable import Znoshka

/// Question templates: the expressions authors write, variants with their numbers filled
/// in and their answers computed, the file format and the web editor, and attempts that
/// keep the variant a student saw.
extension ZnoshkaTests {
    @Suite("Question templates")
    struct TemplateTests {
        static func value(_ text: String, _ values: [String: Double] = [:]) throws -> Double {
            try TemplateExpression.parse(text).value(values)
        }

        /// A number template: the product of two numbers.
        static let product = Question(kind: .shortNumeric, text: "Обчисліть ${{a}} \\cdot {{b}}$.", key: .number(0, tolerance: 0),
                                      explanation: "Множимо: ${{a}} \\cdot {{b}} = {{a*b}}$.",
                                      template: QuestionTemplate(parameters: [.init(name: "a", from: 2, to: 9), .init(name: "b", values: [0.5, 1.5])],
                                                                 condition: "a != 5", answer: "a*b"))

        static func templateFiles() throws -> [(name: String, test: AuthoredTest)] {
            try SeedTests.files(in: "templates").map { ($0.name, try TestFile.read($0.data)) }
        }

        @Test("expressions: precedence, a right-binding power, unary minus, comparisons, functions")
        func expressions() throws {
            #expect(try Self.value("2 + 3 * 4") == 14)
            #expect(try Self.value("(2 + 3) * 4") == 20)
            #expect(try Self.value("-2^2") == -4)
            #expect(try Self.value("2^3^2") == 512)
            #expect(try Self.value("17 % 5") == 2)
            #expect(try Self.value("a*b - 1", ["a": 3, "b": 4]) == 11)
            #expect(try Self.value("a != b && a < 3 || !c", ["a": 2, "b": 3, "c": 1]) == 1)
            #expect(try Self.value("0.1 + 0.2 == 0.3") == 1)
            #expect(try Self.value("round(2.345, 2)") == 2.35)
            #expect(abs(try Self.value("log(2, 32) + lg(1000) + sqrt(16) + abs(-2) + min(4, 1, 3) + max(1, 2)") - 17) < 1e-9)
            for broken in ["2 +", "(1 + 2", "foo(1)", "a b", "2 $ 3", "round(1, 2, 3)", ""] {
                #expect(throws: TemplateExpression.Failure.self, "«\(broken)» does not read") { try TemplateExpression.parse(broken) }
            }
            for undefined in ["1 / 0", "sqrt(-1)", "log(1, 5)", "c + 1"] {
                #expect(throws: TemplateExpression.Failure.self, "«\(undefined)» has no value") { try Self.value(undefined) }
            }
            #expect(try TemplateExpression.parse("round(a / b, 2) + c").names == ["a", "b", "c"])
        }

        @Test("placeholders are filled where they stand, with a decimal comma, and one inside LaTeX braces reads")
        func placeholders() throws {
            #expect(Placeholders.expressions(in: "$\\frac{{{a}}}{100}$ і {{a + b}}") == ["a", "a + b"])
            let filled = try Placeholders.fill("{{x}} грн, або $\\frac{{{x}}}{2}$") { expression, inFormula in
                TemplateNumber.text(try TemplateExpression.parse(expression).value(["x": 2.5]), inFormula: inFormula)
            }
            #expect(filled == "2,5 грн, або $\\frac{2{,}5}{2}$")
            #expect(TemplateNumber.text(12, inFormula: false) == "12")
            #expect(TemplateNumber.text(-0.125, inFormula: false) == "-0,125")
            #expect(TemplateNumber.text(1.0 / 3, inFormula: false) == "0,333333")
            // `Formula` reads `2{,}5` as one number, as Ukrainian writes it.
            #expect(try Formula.mathML("2{,}5 + 1").contains("<mn>2,5</mn><mo>+</mo><mn>1</mn>"))
        }

        @Test("a variant fills every text, computes a number's answer and keeps the condition; review scores it by its own key")
        func variants() throws {
            var generator = PaperDraw.Generator(seed: 7)
            var seen = Set<String>()
            for _ in 0..<100 {
                let (variant, values) = try #require(Self.product.variant(using: &generator))
                #expect(values["a"] != 5)
                #expect(!variant.isTemplate && !variant.text.contains("{{") && variant.problems().isEmpty)
                let a = try #require(values["a"]), b = try #require(values["b"])
                #expect(variant.text == "Обчисліть $\(Int(a)) \\cdot \(b == 0.5 ? "0{,}5" : "1{,}5")$.")
                #expect(variant.key == .number(Decimal(string: TemplateNumber.plain(a * b))!, tolerance: 0))
                #expect(Scoring.score(.number(TemplateNumber.text(a * b, inFormula: false)), key: variant.key, kind: variant.kind).points == 2)
                seen.insert(variant.text)
            }
            #expect(seen.count >= 10, "new numbers draw after draw (\(seen.count) of 14)")
            #expect(Self.product.problems().isEmpty)
        }

        @Test("numeric options are put in ascending order with the key following the right one; clashing options are redrawn")
        func options() throws {
            let single = Question(kind: .singleChoice(options: 4), text: "Скільки буде {{a}} + {{a}}?", options: ["{{2*a}}", "{{a}}", "{{a*a}}", "{{a + 10}}"],
                                  key: .option(0), explanation: "Двічі по {{a}}.",
                                  template: QuestionTemplate(parameters: [.init(name: "a", from: 1, to: 30)]))
            var generator = PaperDraw.Generator(seed: 3)
            for _ in 0..<100 {
                let (variant, values) = try #require(single.variant(using: &generator))
                let a = try #require(values["a"])
                #expect(a != 2, "a = 2 makes 2a and a·a the same option: never a variant")
                let numbers = variant.options.map { Double($0)! }
                #expect(numbers == numbers.sorted())
                guard case .option(let right) = variant.key else { Issue.record("a single choice's key"); continue }
                #expect(numbers[right] == 2 * a)
            }
            var always = single
            always.options[1] = "{{2*a}}"
            #expect(always.problems().contains { $0.field == "parameters" && $0.code == .shape }, "options that always clash give no variant")
        }

        @Test("what is wrong with a template is named on its field")
        func problems() {
            func found(_ change: (inout Question) -> Void) -> [String] {
                var question = Self.product
                change(&question)
                return question.problems().map(\.description)
            }
            #expect(found { $0.text = "Обчисліть {{a * c}}." } == ["text: formula ({{a * c}}: unknown parameter c)"])
            let unreadable = found { $0.explanation = "{{a +}}" }
            #expect(unreadable.count == 1 && unreadable[0].hasPrefix("explanation: formula ({{a +}}:"))
            #expect(found { $0.template?.answer = nil } == ["key: missing (the answer's expression, {{…}})"])
            let impossible = found { $0.template?.condition = "a > 100" }
            #expect(impossible.count == 1 && impossible[0].hasPrefix("parameters: shape"))
            #expect(found { $0.template?.parameters[0].to = 1 } == ["parameters[0]: outOfRange (from ≤ to, a step above 0, at most 10000 values)"])
            let repeated = found { $0.template?.parameters[1].name = "a" }
            #expect(repeated.first == "parameters: repeated")
            let function = found { $0.template?.parameters[1].name = "sqrt" }
            #expect(function.contains("parameters[1].name: outOfRange (a name like a or n1)"))
            let none = found { $0.template?.parameters = [] }
            #expect(none.contains("parameters: count (1–8)"))
            var single = Question(kind: .singleChoice(options: 4), text: "{{a}}?", options: ["{{a}}", "{{a+1}}", "{{a+2}}", "{{a+3}}"], key: .option(0),
                                  explanation: "Так.", template: QuestionTemplate(parameters: [.init(name: "a", from: 1, to: 3)], answer: "a"))
            #expect(single.problems().map(\.description) == ["key: shape (only a number question computes its answer)"])
            single.template?.answer = nil
            #expect(single.problems().isEmpty)
        }

        @Test("the file format: parameters, a condition and an answer's expression read, write back and are checked")
        func fileFormat() throws {
            let test = AuthoredTest(subject: "mathematics", kind: .topic, topic: "Числа і вирази", title: "Добутки", minutes: 5, questions: [Self.product])
            let written = TestFile.write(test)
            let text = String(decoding: written, as: UTF8.self)
            #expect(text.contains("\"answer\" : \"{{a*b}}\"") && text.contains("\"condition\" : \"a != 5\""))
            #expect(try TestFile.read(written) == test)
            for (name, seeded) in try Self.templateFiles() {
                #expect(try TestFile.read(TestFile.write(seeded)) == seeded, "\(name)")
            }
            var file = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
            var item = try #require((file["questions"] as? [[String: Any]])?.first)
            item["parameters"] = [["name": "a", "from": 2], ["name": "b", "values": ["x"]]]
            item["condition"] = " "
            file["questions"] = [item]
            #expect(throws: TestFile.Invalid.self) { try TestFile.read(try JSONSerialization.data(withJSONObject: file)) }
            do { _ = try TestFile.read(try JSONSerialization.data(withJSONObject: file)) } catch let error as TestFile.Invalid {
                #expect(Set(error.problems.map(\.field)) == ["questions[0].parameters[0]", "questions[0].parameters[1].values", "questions[0].condition"])
            }
        }

        @Test("every seeded template gives askable variants: texts filled, formulas valid MathML Core, options distinct")
        func seededTemplates() throws {
            let files = try Self.templateFiles()
            #expect(files.count >= 2)
            var generator = PaperDraw.Generator(seed: 11)
            for (name, test) in files {
                #expect(test.questions.allSatisfy { $0.isTemplate }, "\(name)")
                for (index, template) in test.questions.enumerated() {
                    var texts = Set<String>()
                    for _ in 0..<40 {
                        guard let (variant, _) = template.variant(using: &generator) else { Issue.record("\(name) \(index + 1): no variant"); break }
                        #expect(variant.problems().isEmpty, "\(name) \(index + 1): \(variant.problems())")
                        texts.insert(variant.text + variant.options.joined())
                        for (_, text) in variant.placeholderFields {
                            #expect(!text.contains("{{"), "\(name) \(index + 1): \(text)")
                            _ = TheoryMarkdown.extractFormulas(from: text) { latex, _ in
                                do {
                                    let math = try Formula.mathML(latex)
                                    #expect(MathMLCore.problems(math).isEmpty, "\(latex)")
                                } catch {
                                    Issue.record("\(latex): \(error)")
                                }
                                return ""
                            }
                        }
                    }
                    #expect(texts.count >= 4, "\(name) \(index + 1): \(texts.count) different variants in 40 draws")
                }
            }
        }

        @Test("the editor's parameter lines: ranges with a step, lists, decimal commas; each line back as written")
        func editorNotation() throws {
            let item = QuestionForm.parameterItem
            #expect(item("a = 2..9")["from"] as? Double == 2 && item("a = 2..9")["to"] as? Double == 9)
            #expect(item("b = 0,5 .. 5 крок 0,5")["step"] as? Double == 0.5)
            #expect(item("c = 2 | 3 | −5")["values"] as? [Double] == [2, 3, -5])
            #expect(item("d").count == 1, "a line without «=» is an entry the reader refuses")
            // Copied from the hint, whose examples keep together with no-break spaces.
            #expect(item("b\u{00A0}=\u{00A0}0,5..5\u{00A0}крок\u{00A0}0,5")["step"] as? Double == 0.5)
            let values = QuestionForm.values(Self.product)
            #expect(values["parameters"] == "a = 2..9\nb = 0,5 | 1,5" && values["condition"] == "a != 5" && values["answer"] == "{{a*b}}")
            guard case .valid(let read) = QuestionForm.question(from: values) else { Issue.record("the form reads its own values back"); return }
            #expect(read == Self.product)
            var broken = values
            broken["parameters"] = "a = 2..9\nb = дві"
            broken["text"] = "Обчисліть {{a * c}}."
            guard case .invalid(let errors) = QuestionForm.question(from: broken) else { Issue.record("a broken template is refused"); return }
            #expect(errors.map(\.field).contains("parameters"))
        }

        @Test("an attempt asks variants, stores each once with its template, scores it by its own answer, and counts the template as met")
        func attempts() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let test = try #require(try await ZnoshkaTest.query(on: app.db).filter(\.$title == "Відсотки: щоразу нові числа").first())
                let copy = try await mixedCopy(app, of: test)
                let templates = try await TestQuestion.query(on: app.db).filter(\.$testID == copy.id!).sort(\.$position).all().map(\.questionID)
                let first = try await start(app, copy, as: olena)
                #expect(first.questions.count == templates.count)
                for item in first.questions {
                    let row = try #require(try await StoredQuestion.find(item.id, on: app.db))
                    #expect(templates.contains(try #require(row.templateID)), "each question asked is a variant of the paper's template")
                    #expect(!row.question.isTemplate && !item.question.text.contains("{{") && row.question.problems().isEmpty)
                    #expect(try await saveAnswer(app, first.id, item.id, rightAnswer(row.question), as: olena).status == .ok)
                }
                let finished = try await read(ZNModels.AttemptDTO.self, app, .POST, "/attempts/\(first.id)/finish", as: olena)
                #expect(finished.score?.rawPoints == copy.maxRaw, "every variant scored by its own key")
                #expect(finished.questions.map(\.question.text) == first.questions.map(\.question.text), "review shows the variants the student saw")

                let service = AttemptService(context: ZnoshkaContext(app.services))
                let seen = try await service.seenQuestions(by: olena.id)
                #expect(Set(seen.keys) == Set(templates), "meeting a variant is meeting its template")

                // The same draw is the same variant row: storing it again adds nothing.
                let again = try await service.variants(of: templates)
                try await AttemptService.store(again.variants + again.variants, on: app.db)
                let rows = try await StoredQuestion.query(on: app.db).filter(\.$templateID ~~ templates).count()
                try await AttemptService.store(again.variants, on: app.db)
                #expect(try await StoredQuestion.query(on: app.db).filter(\.$templateID ~~ templates).count() == rows)

                let second = try await start(app, copy, as: olena)
                #expect(second.questions.map(\.question.text) != first.questions.map(\.question.text), "a new start draws new numbers")
            }
        }

        @Test("a template's variants share one «share right» and one discussion, whatever numbers each student drew")
        func pooled() async throws {
            try await withZnoshka { app in
                let olena = try await register(app), ira = try await register(app, name: "Іра")
                let test = try #require(try await ZnoshkaTest.query(on: app.db).filter(\.$title == "Відсотки: щоразу нові числа").first())
                let copy = try await mixedCopy(app, of: test)
                // Twenty papers, each with fresh numbers: the first task wrong five times, right fifteen.
                var firstTasks: [UUID] = []
                var last: UUID?
                for round in 0..<AttemptService.answersForShare {
                    let paper = try await start(app, copy, as: olena)
                    for (index, item) in paper.questions.enumerated() {
                        let question = try await stored(app, item.id)
                        let answer = index == 0 && round < 5 ? wrongAnswer(question) : rightAnswer(question)
                        #expect(try await saveAnswer(app, paper.id, item.id, answer, as: olena).status == .ok)
                    }
                    #expect(try await send(app, .POST, "/attempts/\(paper.id)/finish", as: olena).status == .ok)
                    firstTasks.append(paper.questions[0].id)
                    last = paper.id
                }
                #expect(Set(firstTasks).count > 5, "the rounds drew different variants of the first task")
                let review = try await read(ZNModels.Review.self, app, .GET, "/attempts/\(try #require(last))/review", as: olena)
                #expect(review.questions[0].shareRight == 0.75, "15 of 20 answers to the template's variants")
                #expect(review.questions[1].shareRight == 1)

                let hers = try await start(app, copy, as: ira)
                let mine = hers.questions[0].id
                for item in hers.questions { _ = try await saveAnswer(app, hers.id, item.id, rightAnswer(try await stored(app, item.id)), as: ira) }
                #expect(try await send(app, .POST, "/attempts/\(hers.id)/finish", as: ira).status == .ok)
                let olenas = try #require(firstTasks.first { $0 != mine }, "a variant Ira was not asked")
                let posted = try await send(app, .POST, "/questions/\(olenas)/solutions", as: olena, ["text": "Спершу знайдіть 1 %."])
                #expect(posted.status == .created, "\(posted.body.string)")
                let discussion = try await read(ZNModels.DiscussionDTO.self, app, .GET, "/questions/\(mine)/solutions", as: ira)
                #expect(discussion.solutions.map(\.markdown) == ["Спершу знайдіть 1 %."], "Olena's solution to other numbers is in Ira's discussion")
                let solution = try #require(discussion.solutions.first)
                #expect(try await send(app, .POST, "/solutions/\(solution.id)/comments", as: ira, ["text": "Дякую!"]).status == .created,
                        "answering any variant opens the template's discussion")

                // A solution written under a variant before discussions were pooled moves to its template (ZN022).
                let earlier = Solution(questionID: mine, authorID: ira.id, markdown: "Розв’язок до об’єднання.", at: Date())
                try await earlier.create(on: app.db)
                try await PoolVariantSolutions().prepare(on: app.db)
                let template = try #require(try await StoredQuestion.find(mine, on: app.db)?.templateID)
                #expect(try await Solution.find(earlier.id, on: app.db)?.questionID == template)
                let pooled = try await read(ZNModels.DiscussionDTO.self, app, .GET, "/questions/\(olenas)/solutions", as: olena)
                #expect(Set(pooled.solutions.map(\.markdown)) == ["Спершу знайдіть 1 %.", "Розв’язок до об’єднання."])

                // A moderator opening the template's own discussion (from «Скарги») sees a variant, not placeholders.
                let moderator = try await register(app, name: "Модераторка")
                let account = try #require(try await Account.find(moderator.id, on: app.db))
                account.role = Student.moderatorRole
                try await account.save(on: app.db)
                #expect(try await stored(app, template).text.contains("{{"), "the template itself has placeholders")
                let page = try await signedInBrowser(app, as: moderator).get(DiscussionPage.path(template))
                #expect(page.status == .ok && page.text.contains("Спершу знайдіть 1 %.") && !page.text.contains("{{"))
            }
        }

        @Test("the web editor saves a template and previews three of its variants; a broken one is refused on its fields")
        func editor() async throws {
            try await withZnoshka { app in
                let author = try await signedInBrowser(app, as: try await registerAuthor(app))
                var form = ["subject": "mathematics", "kind": "topic", "topic": "Числа і вирази", "title": "Добутки", "minutes": "5", "type": "number",
                            "text": "Обчисліть ${{a}} \\cdot {{b}}$.", "answer": "{{a*b}}", "parameters": "a = 2..9\nb = 11..19",
                            "condition": "a*b != 100", "explanation": "${{a}} \\cdot {{b}} = {{a*b}}$.", "action": "preview"]
                let preview = try await author.post("/znoshka/author/tests/new", form: form)
                #expect(preview.status == .ok)
                #expect(preview.text.contains("варіант 1 з 3") && preview.text.contains("варіант 3 з 3"))
                let cards = preview.text.components(separatedBy: "<article class=\"card preview\"").dropFirst().map { $0.components(separatedBy: "</article>")[0] }
                #expect(cards.count == 3 && cards.allSatisfy { !$0.contains("{{") }, "the preview shows numbers, not placeholders")
                form["action"] = "save"
                let id = try editedID(try await author.post("/znoshka/author/tests/new", form: form))
                let place = try #require(try await TestQuestion.query(on: app.db).filter(\.$testID == id).first())
                let saved = try await stored(app, place.questionID)
                #expect(saved.template?.answer == "a*b" && saved.template?.condition == "a*b != 100")
                #expect(try await author.get("/znoshka/author/tests/\(id)/preview").text.contains("варіант 2 з 3"))

                form["parameters"] = "a = 2..9\nb = одинадцять"
                form["text"] = "Обчисліть ${{a}} \\cdot {{c}}$."
                let refused = try await author.post("/znoshka/author/tests/new", form: form)
                #expect(refused.status == .unprocessableEntity)
                #expect(refused.text.contains("Рядок 2: напишіть параметр як a\u{00A0}=\u{00A0}2..9"), "the line at fault is named")
            }
        }
    }
}
