import Foundation
import Kernel

/// A day-by-day plan to the exam: how many review items fall due each day, and a topic to
/// practise. Review items come from the queue's schedule (an overdue one counts today);
/// topics go in the order `StudyPlan.practiseOrder` gives, one a day, round again when all
/// have had a day.
public struct StudyPlan: Sendable, Equatable {
    public struct Day: Sendable, Equatable {
        public let day: LocalDay
        public let reviews: Int
        public let topicID: UUID?
    }

    /// How a topic stands for the person: what the order of practice reads.
    public struct Standing: Sendable, Equatable {
        public let topicID: UUID
        public let subjectID: UUID
        public let answered: Int
        /// As the topic map has it (`TopicMastery`).
        public let mastery: Double

        public init(topicID: UUID, subjectID: UUID, answered: Int, mastery: Double) {
            self.topicID = topicID
            self.subjectID = subjectID
            self.answered = answered
            self.mastery = mastery
        }
    }

    public let today: LocalDay
    /// The days shown, from today: at most `horizon`, and none from the exam day on.
    public let days: [Day]
    /// Whole days from today to the exam (0 on the day; negative after it); nil without a date.
    public let daysToExam: Int?

    /// A week ahead: far enough to plan, near enough that the schedule still holds.
    public static let horizon = 7
    /// Answers a topic needs before its accuracy says how well it is known.
    public static let knownAfter = 3

    /// The plan from `today`, with `exam` (nil: no date set), the day each queued item is
    /// due on, and `standings` in the programme's order.
    public static func make(today: LocalDay, exam: LocalDay?, dueDays: [LocalDay], standings: [Standing], horizon: Int = horizon) -> StudyPlan {
        let daysToExam = exam.map { $0.daysSinceEpoch - today.daysSinceEpoch }
        let length = max(0, min(horizon, daysToExam ?? horizon))
        var dueByDay: [LocalDay: Int] = [:]
        for day in dueDays { dueByDay[max(day, today), default: 0] += 1 }
        let order = practiseOrder(standings)
        let days = (0..<length).map { offset in
            Day(day: today.adding(days: offset), reviews: dueByDay[today.adding(days: offset)] ?? 0,
                topicID: order.isEmpty ? nil : order[offset % order.count])
        }
        return StudyPlan(today: today, days: days, daysToExam: daysToExam)
    }

    /// Topics not yet known first (fewer than `knownAfter` answers), taking the subjects in
    /// turn in the programme's order so no subject waits; then the known ones, the weakest
    /// on the topic map first. A topic the map calls strong is left out.
    public static func practiseOrder(_ standings: [Standing]) -> [UUID] {
        let unknown = standings.filter { $0.answered < knownAfter }
        let known = standings.filter { $0.answered >= knownAfter && $0.mastery < TopicMastery.strongFrom }.sorted { $0.mastery < $1.mastery }
        var bySubject: [UUID: [Standing]] = [:]
        var subjects: [UUID] = []
        for standing in unknown {
            if bySubject[standing.subjectID] == nil { subjects.append(standing.subjectID) }
            bySubject[standing.subjectID, default: []].append(standing)
        }
        var taken: [UUID] = []
        var round = 0
        while taken.count < unknown.count {
            for subject in subjects where round < bySubject[subject]!.count { taken.append(bySubject[subject]![round].topicID) }
            round += 1
        }
        return taken + known.map(\.topicID)
    }
}
