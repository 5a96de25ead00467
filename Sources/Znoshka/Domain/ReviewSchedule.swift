import Foundation

/// «Робота над помилками»: when to see a question answered wrongly again, by FSRS-6 — the
/// open spaced-repetition algorithm whose published benchmark over 350 M reviews predicts
/// recall far better than SM-2 (spec A). The formulas and the default parameters are
/// FSRS-6's as published by open-spaced-repetition (fsrs4anki wiki "The Algorithm";
/// py-fsrs 6.3.2's `DEFAULT_PARAMETERS`), and `ReviewScheduleTests` holds this
/// implementation to py-fsrs's numbers.
///
/// Simplified for a test question rather than a flash card: no learning steps and no
/// random fuzz (every item is in review from its first answer, and the same answers give
/// the same days), and an answer's grade is how it scored: wrong is Again, partly right
/// Hard, right Good. With an exam date ahead, nothing is scheduled after the day before it.
public struct ReviewSchedule: Sendable {
    /// A remembered item: stability (days until recall falls to 90 %), difficulty (1–10),
    /// and when it was last answered.
    public struct Memory: Sendable, Equatable, Codable {
        public var stability: Double
        public var difficulty: Double
        public var lastReview: Date
    }

    public enum Grade: Int, Sendable { case again = 1, hard, good, easy }

    /// FSRS-6's 21 default weights.
    public static let defaultWeights: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]

    let w: [Double]
    /// The chance of recall a review is scheduled for.
    public let desiredRetention: Double
    public let maximumInterval = 36_500
    private var decay: Double { -w[20] }
    private var factor: Double { pow(0.9, 1 / decay) - 1 }

    public init(weights: [Double] = defaultWeights, desiredRetention: Double = 0.9) {
        precondition(weights.count == 21, "FSRS-6 has 21 weights")
        self.w = weights
        self.desiredRetention = desiredRetention
    }

    /// The memory after an answer graded `grade` at `now` (nil: the first answer), and the
    /// day it is due again: `interval` whole days on, but by the day before `examDate`
    /// when it is still ahead (and never before tomorrow).
    public func review(_ memory: Memory?, _ grade: Grade, at now: Date, examDate: Date? = nil) -> (memory: Memory, due: Date) {
        let next: Memory
        if let memory {
            let elapsed = max(0, Int(now.timeIntervalSince(memory.lastReview) / 86_400))
            let stability = elapsed < 1
                ? shortTermStability(memory.stability, grade)
                : nextStability(memory, grade, retrievability: retrievability(memory, elapsedDays: elapsed))
            next = Memory(stability: stability, difficulty: nextDifficulty(memory.difficulty, grade), lastReview: now)
        } else {
            next = Memory(stability: max(w[grade.rawValue - 1], 0.001), difficulty: clampDifficulty(initialDifficulty(grade)), lastReview: now)
        }
        var days = interval(next.stability)
        // Once the exam is over its date says nothing of when to review: FSRS's own days.
        if let examDate, examDate > now {
            let beforeExam = Int(examDate.timeIntervalSince(now) / 86_400) - 1
            days = max(1, min(days, beforeExam))
        }
        return (next, now.addingTimeInterval(Double(days) * 86_400))
    }

    /// The chance of recalling it after `elapsedDays`.
    public func retrievability(_ memory: Memory, elapsedDays: Int) -> Double {
        pow(1 + factor * Double(elapsedDays) / memory.stability, decay)
    }

    /// Whole days until recall falls to `desiredRetention`: at least one.
    func interval(_ stability: Double) -> Int {
        let days = (stability / factor * (pow(desiredRetention, 1 / decay) - 1)).rounded()
        return min(max(Int(days), 1), maximumInterval)
    }

    func initialDifficulty(_ grade: Grade) -> Double {
        w[4] - exp(w[5] * Double(grade.rawValue - 1)) + 1
    }

    func clampDifficulty(_ difficulty: Double) -> Double { min(max(difficulty, 1), 10) }

    /// Towards easy's initial difficulty a little each time; harder grades push it up,
    /// less so near 10.
    func nextDifficulty(_ difficulty: Double, _ grade: Grade) -> Double {
        let delta = -w[6] * Double(grade.rawValue - 3)
        let damped = difficulty + (10 - difficulty) * delta / 9
        return clampDifficulty(w[7] * initialDifficulty(.easy) + (1 - w[7]) * damped)
    }

    /// A second answer the same day.
    func shortTermStability(_ stability: Double, _ grade: Grade) -> Double {
        var increase = exp(w[17] * (Double(grade.rawValue) - 3 + w[18])) * pow(stability, -w[19])
        if grade == .good || grade == .easy { increase = max(increase, 1) }
        return max(stability * increase, 0.001)
    }

    func nextStability(_ memory: Memory, _ grade: Grade, retrievability r: Double) -> Double {
        let d = memory.difficulty, s = memory.stability
        let stability: Double
        if grade == .again {
            let longTerm = w[11] * pow(d, -w[12]) * (pow(s + 1, w[13]) - 1) * exp((1 - r) * w[14])
            stability = min(longTerm, s / exp(w[17] * w[18]))
        } else {
            let hardPenalty = grade == .hard ? w[15] : 1, easyBonus = grade == .easy ? w[16] : 1
            stability = s * (1 + exp(w[8]) * (11 - d) * pow(s, -w[9]) * (exp((1 - r) * w[10]) - 1) * hardPenalty * easyBonus)
        }
        return max(stability, 0.001)
    }
}
