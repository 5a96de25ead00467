import Foundation

/// How well a person knows a programme topic, 0…1, from what they have done: the points
/// their finished papers scored on its questions, against what those questions were worth
/// plus a few points never earned (so three right answers are not yet «mastered»), and each
/// of its questions still in their review queue that has not yet stuck (stability under
/// three weeks) counting as one more point not earned. A subject's progress is the mean
/// over its topics, a topic not yet practised counting 0: the whole programme is the goal.
public struct TopicMastery: Sendable, Equatable {
    public enum Level: String, Sendable { case notStarted = "not_started", weak, fair, strong }

    /// What the person's work says of one topic.
    public struct Evidence: Sendable, Equatable {
        public var points: Int
        public var maxPoints: Int
        public var answered: Int
        /// The stability (days) of each of the topic's questions in the review queue.
        public var queuedStability: [Double]

        public init(points: Int = 0, maxPoints: Int = 0, answered: Int = 0, queuedStability: [Double] = []) {
            self.points = points
            self.maxPoints = maxPoints
            self.answered = answered
            self.queuedStability = queuedStability
        }
    }

    public let value: Double
    public let level: Level

    /// Points never earned that every topic starts with: mastery is earned over several answers.
    static let priorPoints = 6.0
    /// A queued question whose memory lasts this long (days) has stuck.
    static let stuckAfterDays = 21.0
    /// Where «weak» ends and where «strong» starts.
    static let fairFrom = 0.5
    public static let strongFrom = 0.8

    public init(_ evidence: Evidence) {
        let unstuck = Double(evidence.queuedStability.filter { $0 < Self.stuckAfterDays }.count)
        let value = evidence.answered == 0 ? 0 : Double(evidence.points) / (Double(evidence.maxPoints) + Self.priorPoints + unstuck)
        self.value = min(1, max(0, value))
        level = evidence.answered == 0 ? .notStarted : self.value < Self.fairFrom ? .weak : self.value < Self.strongFrom ? .fair : .strong
    }

    /// A subject's progress: the mean mastery of its topics.
    public static func progress(_ topics: [TopicMastery]) -> Double {
        topics.isEmpty ? 0 : topics.map(\.value).reduce(0, +) / Double(topics.count)
    }
}
