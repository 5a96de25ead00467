import Foundation

/// How each question of a test works, from its finished attempts, as Moodle's quiz
/// statistics reckon it: the **facility index** (the mean share of the question's points
/// people scored) and the **discrimination index** (that share among the top 27 % of
/// attempts by total score minus the bottom 27 %'s). A question is flagged when it
/// discriminates poorly (below 0.2, or negatively: the stronger do worse) or, for a single
/// choice, when a wrong option nobody picks is no distractor at all. Flags need
/// `minimumAttempts` attempts: a handful says nothing.
public enum QuestionAnalysis {
    public static let minimumAttempts = 10
    public static let poorDiscrimination = 0.2
    /// The share of attempts in each of the upper and lower groups.
    static let groupShare = 0.27

    /// One finished attempt: its raw total and, per question, the points scored and the answer given.
    public struct AttemptRecord: Sendable {
        public let raw: Int
        public let answers: [UUID: (points: Int, given: GivenAnswer?)]

        public init(raw: Int, answers: [UUID: (points: Int, given: GivenAnswer?)]) {
            self.raw = raw
            self.answers = answers
        }
    }

    public struct Result: Sendable, Equatable {
        public let questionID: UUID
        /// 0–1; nil without attempts.
        public let facility: Double?
        /// −1–1; nil with fewer than two attempts.
        public let discrimination: Double?
        /// Single choice: the wrong options nobody picked (with enough attempts).
        public let unusedOptions: [Int]
        public let poorlyDiscriminating: Bool

        public var isFlagged: Bool { poorlyDiscriminating || !unusedOptions.isEmpty }
    }

    public static func analyse(_ questions: [(id: UUID, question: Question)], attempts: [AttemptRecord]) -> [Result] {
        let ranked = attempts.sorted { $0.raw > $1.raw }
        let groupSize = max(1, Int((Double(ranked.count) * groupShare).rounded()))
        let upper = Array(ranked.prefix(groupSize)), lower = Array(ranked.suffix(groupSize))
        let enough = attempts.count >= minimumAttempts
        return questions.map { id, question in
            let most = Double(question.kind.maxPoints)
            func share(_ group: [AttemptRecord]) -> Double? {
                guard !group.isEmpty else { return nil }
                return group.map { Double($0.answers[id]?.points ?? 0) / most }.reduce(0, +) / Double(group.count)
            }
            let facility = share(attempts)
            let discrimination: Double? = attempts.count >= 2 ? (share(upper) ?? 0) - (share(lower) ?? 0) : nil
            var unused: [Int] = []
            if enough, case .singleChoice(let count) = question.kind, case .option(let right) = question.key {
                let picked = Set(attempts.compactMap { record -> Int? in
                    if case .option(let index) = record.answers[id]?.given { return index }
                    return nil
                })
                unused = (0..<count).filter { $0 != right && !picked.contains($0) }
            }
            let poor = enough && (discrimination ?? 0) < poorDiscrimination
            return Result(questionID: id, facility: facility, discrimination: discrimination, unusedOptions: unused, poorlyDiscriminating: poor)
        }
    }
}
