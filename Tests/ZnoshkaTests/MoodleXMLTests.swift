import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

extension ZnoshkaTests {
    /// Moodle XML question banks: the types that map become НМТ tasks, the rest are named.
    @Suite("Moodle XML import")
    struct MoodleXMLTests {
        static let bank = """
            <?xml version="1.0" encoding="UTF-8"?>
            <quiz>
              <question type="category"><category><text>$course$/top/Відсотки</text></category></question>
              <question type="multichoice">
                <name><text>Знижка</text></name>
                <questiontext format="html"><text><![CDATA[<p>Ціна 200 грн, знижка <b>10 %</b>. Скільки заплатити?</p>]]></text></questiontext>
                <generalfeedback format="html"><text><![CDATA[<p>200 &minus; 20 = 180 грн.</p>]]></text></generalfeedback>
                <single>true</single>
                <answer fraction="0"><text>190</text></answer>
                <answer fraction="100"><text>180</text></answer>
                <answer fraction="0"><text>170</text></answer>
                <answer fraction="0"><text>20</text></answer>
              </question>
              <question type="multichoice">
                <questiontext><text>Оберіть три прості числа.</text></questiontext>
                <generalfeedback><text>Прості: 2, 3 і 7.</text></generalfeedback>
                <single>false</single>
                <answer fraction="33.33333"><text>2</text></answer>
                <answer fraction="33.33333"><text>3</text></answer>
                <answer fraction="-50"><text>4</text></answer>
                <answer fraction="-50"><text>6</text></answer>
                <answer fraction="33.33333"><text>7</text></answer>
                <answer fraction="-50"><text>8</text></answer>
                <answer fraction="-50"><text>9</text></answer>
              </question>
              <question type="matching">
                <questiontext><text>Установіть відповідність між дробом і відсотком.</text></questiontext>
                <generalfeedback><text>Помножте дріб на 100 %.</text></generalfeedback>
                <subquestion><text>1/2</text><answer><text>50 %</text></answer></subquestion>
                <subquestion><text>1/4</text><answer><text>25 %</text></answer></subquestion>
                <subquestion><text>1/5</text><answer><text>20 %</text></answer></subquestion>
                <subquestion><text></text><answer><text>40 %</text></answer></subquestion>
                <subquestion><text></text><answer><text>75 %</text></answer></subquestion>
              </question>
              <question type="numerical">
                <questiontext><text>Скільки відсотків становить 3 від 12?</text></questiontext>
                <generalfeedback><text>3 : 12 = 0,25, тобто 25 %.</text></generalfeedback>
                <answer fraction="100"><text>25</text><tolerance>0.5</tolerance></answer>
              </question>
              <question type="shortanswer">
                <questiontext><text>Половина від 9?</text></questiontext>
                <generalfeedback><text>9 : 2 = 4,5.</text></generalfeedback>
                <answer fraction="100"><text>4,5</text></answer>
              </question>
            </quiz>
            """
        static let target = MoodleXML.Target(subject: "mathematics", kind: .topic, topic: "Відсотки", title: "Відсотки з Moodle", minutes: 15)

        @Test("multichoice, choose three, matching with distractors, numerical and a numeric short answer map; HTML becomes text")
        func maps() throws {
            let test = try MoodleXML.read(Data(Self.bank.utf8), as: Self.target)
            #expect(test.questions.map(\.kind) == [.singleChoice(options: 4), .chooseThree(options: 7), .matching(prompts: 3, options: 5),
                                                    .shortNumeric, .shortNumeric])
            #expect(test.questions[0].text == "Ціна 200 грн, знижка 10 %. Скільки заплатити?" && test.questions[0].key == .option(1))
            #expect(test.questions[1].key == .options([0, 1, 4]))
            #expect(test.questions[2].options == ["50 %", "25 %", "20 %", "40 %", "75 %"] && test.questions[2].key == .pairs([0, 1, 2]))
            #expect(test.questions[3].key == .number(25, tolerance: Decimal(string: "0.5")!))
            #expect(test.questions[4].key == .number(Decimal(string: "4.5")!, tolerance: 0))
            #expect(test.questions.allSatisfy { !$0.explanation.isEmpty })
        }

        @Test("an essay, a multichoice of six and a missing explanation are named by their place; nothing comes in")
        func refuses() {
            let bank = """
                <quiz>
                  <question type="essay"><questiontext><text>Напишіть твір.</text></questiontext></question>
                  <question type="multichoice"><questiontext><text>?</text></questiontext><generalfeedback><text>!</text></generalfeedback>
                    <answer fraction="100"><text>1</text></answer><answer fraction="0"><text>2</text></answer><answer fraction="0"><text>3</text></answer>
                    <answer fraction="0"><text>4</text></answer><answer fraction="0"><text>5</text></answer><answer fraction="0"><text>6</text></answer>
                  </question>
                  <question type="numerical"><questiontext><text>2 + 2?</text></questiontext><answer fraction="100"><text>4</text></answer></question>
                </quiz>
                """
            #expect(throws: TestFile.Invalid.self) { try MoodleXML.read(Data(bank.utf8), as: Self.target) }
            do {
                _ = try MoodleXML.read(Data(bank.utf8), as: Self.target)
            } catch {
                #expect(error.problems.map(\.field) == ["questions[0] (essay)", "questions[1] (multichoice)", "questions[2].explanation"])
            }
            #expect(throws: TestFile.Invalid.self) { try MoodleXML.read(Data("not xml".utf8), as: Self.target) }
        }

        @Test("no external entity is fetched or read")
        func noExternalEntities() {
            let bank = """
                <?xml version="1.0"?>
                <!DOCTYPE quiz [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
                <quiz><question type="numerical"><questiontext><text>&secret;</text></questiontext>
                <generalfeedback><text>!</text></generalfeedback><answer fraction="100"><text>1</text></answer></question></quiz>
                """
            let test = try? MoodleXML.read(Data(bank.utf8), as: Self.target)
            #expect(test.map { !$0.questions[0].text.contains("root:") } ?? true)
        }

        @Test("through the API: authors import a bank into a test people can take; a broken one is a 422 that writes nothing")
        func served() async throws {
            try await withZnoshka { app in
                let author = try await registerAuthor(app), olena = try await register(app)
                let path = "\(api)/author/moodle?subject=mathematics&kind=topic&topic=%D0%92%D1%96%D0%B4%D1%81%D0%BE%D1%82%D0%BA%D0%B8&title=Moodle&minutes=15"
                #expect(try await sendRaw(app, .POST, path, token: olena.token, Self.bank).status == .forbidden)
                let created = try await sendRaw(app, .POST, path, token: author.token, Self.bank)
                #expect(created.status == .created, "\(created.body.string)")
                let id = try decode(ZNModels.Imported.self, created).testId
                let attempt = try decode(ZNModels.AttemptDTO.self, try await send(app, .POST, "/tests/\(id)/attempts", as: olena))
                #expect(attempt.questions.map(\.question.type) == ["single", "choose3", "matching", "number", "number"])
                let before = try await tableCounts(app)
                let broken = try await sendRaw(app, .POST, path, token: author.token, "<quiz><question type=\"essay\"/></quiz>")
                #expect(broken.status == .unprocessableEntity)
                #expect(try problemFields(broken) == ["questions[0] (essay)"])
                #expect(try await sendRaw(app, .POST, "\(api)/author/moodle?subject=physics&title=X&minutes=0", token: author.token, Self.bank)
                    .status == .unprocessableEntity)
                #expect(try await tableCounts(app) == before)
            }
        }
    }
}
