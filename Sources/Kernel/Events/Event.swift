import Fluent
import Foundation

/// Something that happened, published on a topic (e.g. `golden-ager.city.Київ`).
/// Events are stored for a while so a client that reconnects gets what it missed.
public struct Event: Sendable, Codable, Equatable {
    /// Increasing id; also the SSE event id clients resume from.
    public let id: Int
    public let topic: String
    /// What happened, e.g. `task.accepted`; the SSE event type.
    public let name: String
    /// JSON text of the payload.
    public let data: String
    public let at: Date

    /// Decodes the payload.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder.events.decode(type, from: Data(data.utf8))
    }
}

final class StoredEvent: Model, @unchecked Sendable {
    static let schema = "kernel_events"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "topic") var topic: String
    @Field(key: "name") var name: String
    @Field(key: "data") var data: String
    @Field(key: "at") var at: Date

    init() {}

    init(topic: String, name: String, data: String, at: Date) {
        self.topic = topic
        self.name = name
        self.data = data
        self.at = at
    }

    var event: Event {
        Event(id: id ?? 0, topic: topic, name: name, data: data, at: at)
    }
}

extension JSONEncoder {
    static let events: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

extension JSONDecoder {
    static let events: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
