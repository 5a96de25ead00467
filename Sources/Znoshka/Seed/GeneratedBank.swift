import Foundation

/// A large question bank of made-up questions, for tests and benchmarks of the paper draw
/// (never seeded for students): topic tests of `perTopic` questions each, whose kinds
/// keep the proportions of the subject's НМТ paper, so every topic can fill its share of a
/// simulation.
public enum GeneratedBank {
    /// Topic tests of `blueprint`'s subject holding `questions` questions in all.
    public static func tests(for blueprint: Blueprint, questions: Int, perTopic: Int = 50) -> [AuthoredTest] {
        let kinds = blueprint.parts.flatMap { Array(repeating: $0.kind, count: $0.count) }
        let topics = max(1, (questions + perTopic - 1) / perTopic)
        return (0..<topics).map { topic in
            let count = min(perTopic, questions - topic * perTopic)
            let items = (0..<count).map { index in
                question(kinds[(topic * perTopic + index) % kinds.count], number: topic * perTopic + index + 1)
            }
            return AuthoredTest(subject: blueprint.subject, kind: .topic, topic: "Згенерована тема \(topic + 1)",
                                title: "Згенерований тест \(topic + 1)", minutes: 60, questions: items)
        }
    }

    /// Question number `n` of `kind`, its key varying with `n`.
    static func question(_ kind: QuestionKind, number n: Int) -> Question {
        let text = "Згенероване питання № \(n)"
        let explanation = "Пояснення до питання № \(n)."
        switch kind {
        case .singleChoice(let count):
            return Question(kind: kind, text: text, options: (1...count).map { "Варіант \($0) питання \(n)" }, key: .option(n % count),
                            explanation: explanation)
        case .matching(let prompts, let options):
            return Question(kind: kind, text: text, options: (1...options).map { "Відповідь \($0)" }, prompts: (1...prompts).map { "Пункт \($0)" },
                            key: .pairs((0..<prompts).map { ($0 + n) % options }), explanation: explanation)
        case .sequence(let items):
            return Question(kind: kind, text: text, prompts: (1...items).map { "Подія \($0)" },
                            key: .order((0..<items).map { ($0 + n) % items }), explanation: explanation)
        case .chooseThree(let count):
            return Question(kind: kind, text: text, options: (1...count).map { "Твердження \($0)" },
                            key: .options(Set((0..<3).map { ($0 * 2 + n) % count })), explanation: explanation)
        case .shortNumeric:
            return Question(kind: kind, text: text, key: .number(Decimal(n), tolerance: 0), explanation: explanation)
        }
    }
}
