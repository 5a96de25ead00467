import Foundation

/// What finishing an attempt writes, worked out from its answers as read after the claim:
/// each answer's points and verdict, the raw points and the 100–200 outcome, every
/// question's verdict for the review queue, and the view's items as scored. Both stores
/// write it (`AttemptService.finishing`, `PostgresAttemptStore.finish`), so they score alike.
struct AttemptScoring {
    /// Each scored answer's row id with its score (an answer whose question is gone has none).
    let answers: [(id: UUID, score: QuestionScore)]
    let raw: Int
    /// The 100–200 score; nil when not passed.
    let scaled: Int?
    /// Every question of the attempt with its verdict, unanswered ones too
    /// (`ReviewQueueService.entries`).
    let grades: [(UUID, QuestionScore.Verdict)]
    let items: [AttemptView.Item]

    var passed: Bool { scaled != nil }

    /// - Parameter answers: the attempt's answer rows in the test's order, each with its id.
    init(_ answers: [(id: UUID, row: AttemptService.AnswerRow)], questions: [UUID: Question], test: ZnoshkaTest) {
        var scored: [(id: UUID, score: QuestionScore)] = [], grades: [(UUID, QuestionScore.Verdict)] = []
        var rows: [AttemptService.AnswerRow] = []
        for (id, row) in answers {
            guard let question = questions[row.questionID] else {
                rows.append(row)
                continue
            }
            let given = row.answer.flatMap(GivenAnswerCache.shared.decode)
            let score = Scoring.score(given, key: question.key, kind: question.kind)
            scored.append((id, score))
            // A task skipped or left when time ran out is a mistake to work on too.
            grades.append((row.questionID, score.verdict))
            rows.append(AttemptService.AnswerRow(questionID: row.questionID, answer: row.answer, flagged: row.flagged, points: score.points,
                                                 verdict: score.verdict.rawValue))
        }
        self.answers = scored
        self.grades = grades
        raw = scored.map(\.score.points).reduce(0, +)
        if case .passed(let score) = test.table.convert(raw) { scaled = score } else { scaled = nil }
        items = AttemptService.items(rows, questions)
    }

    /// The claimed `attempt` as this scoring leaves it.
    func apply(to attempt: Attempt) {
        attempt.rawPoints = raw
        attempt.scaled = scaled
        attempt.passed = passed
    }
}
