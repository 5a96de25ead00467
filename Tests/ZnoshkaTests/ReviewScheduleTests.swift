import Foundation
import Testing
@testable import Znoshka

extension ZnoshkaTests {
    /// FSRS-6 as `ReviewSchedule` computes it, held to py-fsrs 6.3.2 (`Scheduler(learning_steps=(),
    /// relearning_steps=(), enable_fuzzing=False)`, default parameters): each step's
    /// stability, difficulty and days to the next review, as that library printed them.
    @Suite("Review schedule (FSRS-6)")
    struct ReviewScheduleTests {
        typealias Step = (grade: ReviewSchedule.Grade, stability: Double, difficulty: Double, days: Int)
        static let start = Date(timeIntervalSince1970: 1_768_035_600)  // 2026-01-10 09:00 UTC

        /// Answers each step when it falls due (`gap` nil), `gap` days after the last, or (0)
        /// two hours after it; checks each against the reference.
        func replay(_ steps: [(Step, gap: Int?)]) {
            let schedule = ReviewSchedule()
            var memory: ReviewSchedule.Memory?, due = Self.start, now = Self.start
            for (index, (step, gap)) in steps.enumerated() {
                if let last = memory?.lastReview {
                    switch gap {
                    case nil: now = due
                    case 0?: now = last.addingTimeInterval(2 * 3600)
                    case let days?: now = last.addingTimeInterval(Double(days) * 86_400)
                    }
                }
                let answer = schedule.review(memory, step.grade, at: now)
                memory = answer.memory
                due = answer.due
                #expect(abs(answer.memory.stability - step.stability) < 1e-5, "step \(index): stability \(answer.memory.stability), py-fsrs \(step.stability)")
                #expect(abs(answer.memory.difficulty - step.difficulty) < 1e-5, "step \(index): difficulty \(answer.memory.difficulty), py-fsrs \(step.difficulty)")
                #expect(Int(answer.due.timeIntervalSince(now) / 86_400) == step.days, "step \(index)")
            }
        }

        @Test("right, right, wrong, right: as py-fsrs")
        func forgotten() {
            replay([((.good, 2.3065, 2.118104, 2), nil), ((.good, 10.964332, 2.111214, 11), nil),
                    ((.again, 1.538337, 7.392238, 2), nil), ((.good, 4.87626, 7.380074, 5), nil)])
        }

        @Test("wrong, partly, right, right: as py-fsrs")
        func learnt() {
            replay([((.again, 0.212, 6.4133, 1), nil), ((.hard, 1.219217, 7.60421, 1), nil),
                    ((.good, 3.086306, 7.591834, 3), nil), ((.good, 7.688717, 7.57947, 8), nil)])
        }

        @Test("answered late, and twice the same day: as py-fsrs")
        func lateAndSameDay() {
            replay([((.good, 2.3065, 2.118104, 2), nil), ((.good, 25.10872, 2.111214, 25), 10), ((.good, 95.174732, 2.104331, 95), nil)])
            replay([((.again, 0.212, 6.4133, 1), nil), ((.good, 0.246689, 6.402115, 1), 0), ((.good, 2.021477, 6.390941, 2), nil)])
        }

        @Test("with an exam date, nothing is due after the day before it, nor before tomorrow")
        func examDate() {
            let schedule = ReviewSchedule()
            let well = ReviewSchedule.Memory(stability: 80, difficulty: 3, lastReview: Self.start)
            let later = Self.start.addingTimeInterval(60 * 86_400)
            let free = schedule.review(well, .good, at: later)
            #expect(free.due.timeIntervalSince(later) > 30 * 86_400)
            let exam = later.addingTimeInterval(10 * 86_400)
            #expect(schedule.review(well, .good, at: later, examDate: exam).due == later.addingTimeInterval(9 * 86_400))
            #expect(schedule.review(well, .good, at: later, examDate: later.addingTimeInterval(3600)).due == later.addingTimeInterval(86_400))
        }

        @Test("after the exam date the schedule is FSRS's own again, not every item due every day")
        func afterTheExam() {
            let schedule = ReviewSchedule()
            let well = ReviewSchedule.Memory(stability: 80, difficulty: 3, lastReview: Self.start)
            let later = Self.start.addingTimeInterval(60 * 86_400)
            let free = schedule.review(well, .good, at: later)
            for past in [later.addingTimeInterval(-3600), later.addingTimeInterval(-30 * 86_400)] {
                #expect(schedule.review(well, .good, at: later, examDate: past).due == free.due)
            }
        }
    }
}
