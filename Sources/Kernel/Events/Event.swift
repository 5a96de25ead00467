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

    public init(id: Int, topic: String, name: String, data: String, at: Date) {
        self.id = id
        self.topic = topic
        self.name = name
        self.data = data
        self.at = at
    }

    enum CodingKeys: String, CodingKey { case id, topic, name, data, at }

    // The time is written as ISO 8601 with milliseconds whatever the encoder's date
    // strategy, so every path (NOTIFY, API, SSE) carries exactly the same event.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        topic = try container.decode(String.self, forKey: .topic)
        name = try container.decode(String.self, forKey: .name)
        data = try container.decode(String.self, forKey: .data)
        let text = try container.decode(String.self, forKey: .at)
        guard let date = EventDates.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: .at, in: container, debugDescription: "Not an ISO 8601 date: \(text)")
        }
        at = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(topic, forKey: .topic)
        try container.encode(name, forKey: .name)
        try container.encode(data, forKey: .data)
        try container.encode(EventDates.format(at), forKey: .at)
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
        // The database may hand back a microsecond off the millisecond we stored.
        Event(id: id ?? 0, topic: topic, name: name, data: data, at: EventDates.truncated(at))
    }
}

/// ISO 8601 with exactly three fractional digits ("2026-11-22T05:22:41.123Z"), written
/// and read by whole milliseconds, so an event read back from JSON (a NOTIFY payload,
/// an API answer) has exactly the time that was stored. Foundation's fractional-second
/// style rounds through floating point and can be a millisecond off.
enum EventDates {
    private static let seconds = Date.ISO8601FormatStyle()

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000).rounded())
    }

    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }

    static func format(_ date: Date) -> String {
        let ms = milliseconds(date)
        let whole = ms >= 0 ? ms / 1_000 : (ms - 999) / 1_000
        let text = Date(timeIntervalSince1970: Double(whole)).formatted(seconds)
        return String(text.dropLast()) + String(format: ".%03dZ", Int(ms - whole * 1_000))
    }

    static func parse(_ text: String) -> Date? {
        guard text.hasSuffix("Z") else { return try? seconds.parse(text) }
        let body = text.dropLast()
        let parts = body.split(separator: ".", maxSplits: 1)
        guard let base = try? seconds.parse(String(parts[0]) + "Z") else { return nil }
        let wholeMs = Int64(base.timeIntervalSince1970.rounded()) * 1_000
        guard parts.count == 2 else { return date(milliseconds: wholeMs) }
        let digits = String(parts[1].prefix(3)).padding(toLength: 3, withPad: "0", startingAt: 0)
        guard let fraction = Int64(digits) else { return nil }
        return date(milliseconds: wholeMs + fraction)
    }

    static func encode(_ date: Date, _ encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(format(date))
    }

    static func decode(_ decoder: any Decoder) throws -> Date {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = parse(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Not an ISO 8601 date: \(text)"))
        }
        return date
    }

    /// Dates are kept to the nearest millisecond everywhere an event travels.
    static func truncated(_ date: Date) -> Date {
        self.date(milliseconds: milliseconds(date))
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
