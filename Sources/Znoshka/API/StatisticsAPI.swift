import Foundation
import Kernel
import Vapor

/// The person's statistics per subject.
extension ZnoshkaAPI {
    static func statistics(_ req: Request) async throws -> M.Statistics {
        let student = try await req.student()
        return M.Statistics(subjects: try await req.znoshka.statistics.all(for: student).map { stats in
            M.SubjectStats(subject: summary(stats.subject, req.language), testsDone: stats.testsDone, accuracy: stats.accuracy,
                           trend: stats.trend.map { M.TrendDTO(finishedAt: $0.finishedAt, accuracy: $0.accuracy, testTitle: $0.testTitle) },
                           topics: stats.topics.map { M.TopicStats(topicId: $0.topic.id!, title: $0.topic.title, answered: $0.answered, accuracy: $0.accuracy) },
                           weakestTopicId: stats.weakest?.topic.id, suggestedTestId: stats.suggestedTest?.id,
                           prediction: stats.prediction.map { M.Prediction(expected: $0.expected.scaled, low: $0.low.scaled, high: $0.high.scaled, attempts: $0.attempts) },
                           progress: stats.progress,
                           topicMap: stats.map.map { M.TopicMasteryDTO(topicId: $0.topic.id!, title: $0.topic.title, mastery: $0.mastery.value,
                                                                       level: $0.mastery.level.rawValue, answered: $0.answered) })
        })
    }
}
