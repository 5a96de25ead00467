import Foundation
import Testing
@testable import Znoshka

extension ZnoshkaTests {
    /// Importing and exporting a whole test as a file written like the answer sheet.
    @Suite("Test files")
    struct TestFileTests {
        static let file = #"""
        {
          "subject": "history", "kind": "topic", "topic": "Козацька доба", "title": "Козацька доба: тест 1", "minutes": 20,
          "questions": [
            {"type": "single", "text": "Хто очолив повстання 1648 року?", "options": ["Іван Мазепа", "Богдан Хмельницький", "Петро Сагайдачний", "Іван Сірко"],
             "answer": "Б", "explanation": "Повстання 1648 року очолив Богдан Хмельницький."},
            {"type": "matching", "text": "Установіть відповідність.", "prompts": ["1648", "1654", "1709", "1775"],
             "options": ["Полтавська битва", "Переяславська рада", "ліквідація Запорозької Січі", "Люблінська унія", "початок Національно-визвольної війни"],
             "answer": {"1": "Д", "2": "Б", "3": "А", "4": "В"}, "explanation": "Дати подій."},
            {"type": "sequence", "text": "Розташуйте події.", "items": ["Полтавська битва", "Люблінська унія", "Переяславська рада", "Хрещення Русі"],
             "answer": "ГБВА", "explanation": "988, 1569, 1654, 1709."},
            {"type": "choose3", "text": "Оберіть гетьманів.", "options": ["Мазепа", "Шевченко", "Виговський", "Франко", "Дорошенко", "Леся Українка", "Грушевський"],
             "answer": [1, 3, 5], "explanation": "Гетьманами були Мазепа, Виговський і Дорошенко."},
            {"type": "number", "text": "Скільки років минуло від 1648 до 1654?", "answer": "6", "explanation": "$1654 - 1648 = 6$."}
          ]
        }
        """#

        @Test("a file reads as the sheet means it, and writes back to the same test")
        func roundTrip() throws {
            let test = try TestFile.read(Data(Self.file.utf8))
            #expect(test.subject == "history" && test.kind == .topic && test.topic == "Козацька доба" && test.minutes == 20)
            #expect(test.questions.map(\.key) == [.option(1), .pairs([4, 1, 0, 2]), .order([3, 1, 2, 0]), .options([0, 2, 4]), .number(6, tolerance: 0)])
            #expect(try TestFile.read(TestFile.write(test)) == test)
        }

        @Test("every problem is named by its path, and nothing is read while any remains")
        func problems() {
            func problems(_ change: (inout [String: Any]) -> Void) -> [String] {
                var root = try! JSONSerialization.jsonObject(with: Data(Self.file.utf8)) as! [String: Any]
                change(&root)
                do { _ = try TestFile.read(try! JSONSerialization.data(withJSONObject: root)); return [] } catch { return error.problems.map(\.description) }
            }
            func question(_ index: Int, _ change: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
                { root in
                    var questions = root["questions"] as! [[String: Any]]
                    change(&questions[index])
                    root["questions"] = questions
                }
            }
            #expect(problems { $0["subject"] = "Астрономія" } == ["subject: outOfRange (a subject's slug, like history)"])
            #expect(problems { $0["subject"] = "astronomy" } == [], "whether a subject exists is the server's to say")
            #expect(problems { $0["topic"] = nil } == ["topic: missing"])
            #expect(problems(question(0) { $0["answer"] = "Д" }) == ["questions[0].answer: outOfRange (АБВГ)"])
            #expect(problems(question(0) { $0["explanation"] = "" }) == ["questions[0].explanation: missing"])
            #expect(problems(question(1) { $0["answer"] = ["1": "Д", "2": "Д", "3": "А", "4": "В"] }) == ["questions[1].key: repeated"])
            #expect(problems(question(2) { $0["answer"] = "ГББА" }) == ["questions[2].key: outOfRange"])
            #expect(problems(question(3) { $0["answer"] = [1, 3, 8] }) == ["questions[3].key: outOfRange"])
            #expect(problems(question(4) { $0["answer"] = "шість" }) == ["questions[4].answer: outOfRange (a number like 2,5)"])
            #expect(problems(question(4) { $0["type"] = "essay" }) == ["questions[4].type: outOfRange (single, matching, sequence, choose3, number)"])
            #expect(problems(question(0) { $0["text"] = "Скільки $\\frac{1}{$?" }).first?.hasPrefix("questions[0].text: formula") == true)
            #expect((try? TestFile.read(Data("[1, 2]".utf8))) == nil)
        }

        @Test("a simulation must have its subject's paper shape")
        func simulationShape() {
            var root = try! JSONSerialization.jsonObject(with: Data(Self.file.utf8)) as! [String: Any]
            root["kind"] = "simulation"
            do {
                _ = try TestFile.read(try JSONSerialization.data(withJSONObject: root))
                Issue.record("a five-question history simulation was read")
            } catch {
                #expect((error as? TestFile.Invalid)?.problems.map(\.description) == ["questions: structure (30 tasks, not 5)"])
            }
        }
    }
}
