import Foundation
import Kernel
import NIOCore

// The answer of the question page (`GET attempts/{id}`, read on every page of a running
// test: thirty questions with their texts) and of finishing are written by `JSONWriter`;
// `AttemptJSONTests` holds them equal to what `JSONEncoder` makes of the same values, so
// the types stay the schema.
extension ZNModels.AttemptDTO: JSONWritable {
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.member("id", id)
            json.key("test")
            json.object { json in
                json.member("id", test.id)
                json.member("title", test.title)
                json.member("kind", test.kind)
            }
            json.member("blockId", blockId)
            json.member("startedAt", startedAt)
            json.member("deadline", deadline)
            json.member("secondsLeft", secondsLeft)
            json.member("state", state)
            json.member("finishedHow", finishedHow)
            if let score {
                json.key("score")
                score.write(to: &json)
            }
            json.key("questions")
            json.array(questions) { json, item in item.write(to: &json) }
        }
    }
}

extension ZNModels.Score: JSONWritable {
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.member("attemptId", attemptId)
            json.member("rawPoints", rawPoints)
            json.member("maxPoints", maxPoints)
            json.member("passed", passed)
            json.member("scaled", scaled)
            json.member("finishedAt", finishedAt)
        }
    }
}

extension ZNModels.AttemptQuestion: JSONWritable {
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.member("id", id)
            json.member("number", number)
            json.key("question")
            json.fragment(QuestionJSON.shared.written(id, question))
            if let answer {
                json.key("answer")
                answer.write(to: &json)
            }
            json.member("flagged", flagged)
            json.member("points", points)
            json.member("verdict", verdict)
        }
    }
}

/// Each question's object as the API gives it (its DTO, with the text rendered) and as
/// JSON, kept by the question's id: a question never changes (an edit makes a new version,
/// a new question), and the page of a running test gives the same thirty on every
/// request. Making and writing them was about a sixth of the question page's CPU (perf,
/// bench/znoshka).
final class QuestionJSON: @unchecked Sendable {
    static let shared = QuestionJSON()
    private let lock = NSLock()
    private var kept: [UUID: (dto: ZNModels.QuestionDTO, json: ByteBuffer)] = [:]

    /// Question `id`'s DTO (of `question`).
    func dto(_ id: UUID, _ question: @autoclosure () -> Question) -> ZNModels.QuestionDTO {
        if let entry = lock.withLock({ kept[id] }) { return entry.dto }
        return keep(id, ZnoshkaAPI.questionDTO(question())).dto
    }

    /// Question `id`'s object (`question`, its DTO) as JSON.
    func written(_ id: UUID, _ question: ZNModels.QuestionDTO) -> ByteBuffer {
        if let entry = lock.withLock({ kept[id] }) { return entry.json }
        return keep(id, question).json
    }

    private func keep(_ id: UUID, _ dto: ZNModels.QuestionDTO) -> (dto: ZNModels.QuestionDTO, json: ByteBuffer) {
        var json = JSONWriter()
        dto.write(to: &json)
        let entry = (dto: dto, json: json.buffer)
        lock.withLock {
            // Bounded: content is finite, but a server running for months of edits must not grow it for ever.
            if kept.count > 20_000 { kept.removeAll() }
            kept[id] = entry
        }
        return entry
    }
}

extension ZNModels.QuestionDTO: JSONWritable {
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.member("type", type)
            json.member("text", text)
            json.member("textHtml", textHtml)
            json.key("options")
            json.array(options) { json, option in json.string(option) }
            json.key("prompts")
            json.array(prompts) { json, prompt in json.string(prompt) }
            json.member("picture", picture)
            json.member("maxPoints", maxPoints)
        }
    }
}

extension ZNModels.AnswerDTO: JSONWritable {
    func write(to json: inout JSONWriter) {
        func optionals(_ name: StaticString, _ values: [Int?]?, _ json: inout JSONWriter) {
            guard let values else { return }
            json.key(name)
            json.array(values) { json, value in
                if let value { json.integer(value) } else { json.null() }
            }
        }
        json.object { json in
            json.member("option", option)
            optionals("pairs", pairs, &json)
            optionals("order", order, &json)
            if let options {
                json.key("options")
                json.array(options) { json, option in json.integer(option) }
            }
            json.member("number", number)
        }
    }
}
