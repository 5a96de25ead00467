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

    /// Events are equal when everything matches, the time to the millisecond (the
    /// precision events keep on every path).
    public static func == (lhs: Event, rhs: Event) -> Bool {
        lhs.id == rhs.id && lhs.topic == rhs.topic && lhs.name == rhs.name && lhs.data == rhs.data
            && abs(lhs.at.timeIntervalSince(rhs.at)) < 0.001
    }

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

/// ISO 8601 with milliseconds, so an event read back from JSON equals the one stored.
enum EventDates {
    static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func encode(_ date: Date, _ encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(date.formatted(style))
    }

    static func decode(_ decoder: any Decoder) throws -> Date {
        let text = try decoder.singleValueContainer().decode(String.self)
        if let date = try? style.parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Not an ISO 8601 date: \(text)"))
    }

    /// Dates are kept to the millisecond everywhere an event travels.
    static func truncated(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1_000).rounded(.down) / 1_000)
    }
}

extension JSONEncoder {
    static let events: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom(EventDates.encode)
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

extension JSONDecoder {
    static let events: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(EventDates.decode)
        return decoder
    }()
}

import Vapor

/// Events are returned as-is by APIs that publish them.
extension Event: Content {}
