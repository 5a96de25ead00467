import Foundation
import Kernel
import Vapor

/// A subject's blueprint for its authors: the parts of a paper and the tasks per topic a
/// drawn simulation should have.
extension ZnoshkaAPI {
    static func blueprint(_ req: Request) async throws -> M.Blueprint {
        let author = try await req.student()
        return blueprintDTO(try await req.znoshka.blueprints.blueprint(of: req.parameters.get("slug") ?? "", for: author))
    }

    static func saveBlueprint(_ req: Request) async throws -> M.Blueprint {
        let author = try await req.student()
        let input = try req.content.decode(M.BlueprintInput.self)
        var tasks: [UUID: Int] = [:]
        var v = Kernel.Validator()
        if input.topics == nil { v.add("topics", "validation.required") }
        for (index, topic) in (input.topics ?? []).enumerated() {
            guard let topicID = topic.topicId else {
                v.add("topics[\(index)].topicId", "validation.required")
                continue
            }
            if tasks[topicID] != nil { v.add(BlueprintService.field(topicID), "zn.blueprint.repeated_topic") }
            if let count = topic.tasks { tasks[topicID] = count }
        }
        try v.throwIfInvalid()
        return blueprintDTO(try await req.znoshka.blueprints.save(req.parameters.get("slug") ?? "", tasks: tasks, by: author))
    }

    static func blueprintDTO(_ blueprint: BlueprintService.SubjectBlueprint) -> M.Blueprint {
        M.Blueprint(
            subject: blueprint.subject.slug, taskCount: blueprint.taskCount,
            parts: blueprint.parts?.map { M.BlueprintPart(type: $0.kind.fileType, options: $0.kind.optionCount, count: $0.count) } ?? [],
            topics: blueprint.topics.map { M.BlueprintTopic(topicId: $0.topic.id!, title: $0.topic.title, questionCount: $0.questionCount, tasks: $0.tasks) },
            questionsWithoutTopic: blueprint.questionsWithoutTopic)
    }
}

extension ZNModels {
    /// A subject's blueprint.
    struct Blueprint: Content {
        let subject: String
        /// Tasks in a paper; nil while the subject has no simulation.
        let taskCount: Int?
        let parts: [BlueprintPart]
        let topics: [BlueprintTopic]
        let questionsWithoutTopic: Int
    }

    /// A run of one kind of task: `type` as in the test file format.
    struct BlueprintPart: Content {
        let type: String
        /// Options of each task (or items of a sequence); nil for a number.
        let options: Int?
        let count: Int
    }

    struct BlueprintTopic: Content {
        let topicId: UUID
        let title: String
        let questionCount: Int
        /// Tasks per paper; nil shares what the set topics leave evenly.
        let tasks: Int?
    }

    /// A new spread: every topic the authors set; the topics left out share the rest.
    struct BlueprintInput: Content {
        let topics: [BlueprintTopicInput]?
    }

    struct BlueprintTopicInput: Content {
        let topicId: UUID?
        let tasks: Int?
    }
}
