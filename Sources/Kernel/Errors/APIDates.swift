import Foundation
import Vapor

/// How JSON APIs read times and days, strictly: a time is RFC 3339
/// (`2026-12-01T10:00:00Z`, `…T10:00:00.123+02:00`), a day is `YYYY-MM-DD`, and only
/// real ones are taken. Foundation's ISO 8601 parsing rolls an impossible time over
/// (`2026-02-30` became 2 March, `25:00` the next day), so a client's mistake was stored
/// as another moment. Every JSON body the kernel reads goes through `decoder()`
/// (`NULCharacters.install`), so no app can forget it; a date that does not parse is a
/// 422 naming its field (`InvalidAPIDate`, mapped by `KernelErrorMiddleware`).
enum APIDates {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = RFC3339.date(text) else { throw InvalidAPIDate(codingPath: decoder.codingPath, kind: .dateTime) }
            return date
        }
        return decoder
    }
}

/// A time or day in a JSON body that is not a real one, or not written as the API says:
/// a 422 whose field error names the field and says what is expected.
public struct InvalidAPIDate: Error, Sendable {
    public enum Kind: Sendable { case dateTime, day }

    public let field: String
    public let kind: Kind

    public init(field: String, kind: Kind) {
        self.field = field
        self.kind = kind
    }

    init(codingPath: [any CodingKey], kind: Kind) {
        self.init(field: codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "."), kind: kind)
    }

    var appError: AppError {
        let key = kind == .dateTime ? "validation.date_time" : "validation.day"
        return AppError(.unprocessableEntity, code: "invalid_date", key: "error.invalid_date", arguments: ["field": field],
                        fieldErrors: [FieldError(field: field, key: key)])
    }
}

/// RFC 3339's `date-time`, read by hand so that nothing is rolled over: every part is
/// range-checked (a month's real length, leap years included; hours 00–23, minutes and
/// seconds 00–59, an offset's hours 00–23) and the offset is required. `T`/`t` and `Z`/`z`
/// as the RFC allows; fractional seconds of any length. A leap second (`:60`) is refused:
/// `Date` cannot hold it, and no client of ours sends one.
public enum RFC3339 {
    public static func date(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(Array($0)) }
    }

    private static func parse(_ bytes: [UInt8]) -> Date? {
        var reader = DigitReader(bytes: bytes)
        guard let year = reader.number(digits: 4), reader.skip("-"),
              let month = reader.number(digits: 2), reader.skip("-"),
              let dayOfMonth = reader.number(digits: 2),
              let day = LocalDay(year: year, month: month, day: dayOfMonth),
              reader.skip("T") || reader.skip("t"),
              let hour = reader.number(digits: 2), hour < 24, reader.skip(":"),
              let minute = reader.number(digits: 2), minute < 60, reader.skip(":"),
              let second = reader.number(digits: 2), second < 60 else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            guard let digits = reader.fraction() else { return nil }
            fraction = digits
        }
        guard let offset = reader.offset(), reader.atEnd else { return nil }
        let seconds = day.daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private struct DigitReader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func number(digits count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// One or more digits after the decimal point, as a fraction of a second.
        mutating func fraction() -> Double? {
            var value = 0.0, scale = 1.0
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                scale /= 10
                value += Double(bytes[index] - UInt8(ascii: "0")) * scale
                index += 1
            }
            return index > start ? value : nil
        }

        /// `Z` or `±hh:mm`, in seconds east of UTC.
        mutating func offset() -> Int? {
            if skip("Z") || skip("z") { return 0 }
            let sign: Int
            if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
            guard let hours = number(digits: 2), hours < 24, skip(":"),
                  let minutes = number(digits: 2), minutes < 60 else { return nil }
            return sign * (hours * 3_600 + minutes * 60)
        }
    }
}

extension LocalDay: Codable {
    /// A day in JSON is `YYYY-MM-DD`, a real one: anything else is an `InvalidAPIDate`
    /// naming the field (a 422).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = LocalDay(text) else { throw InvalidAPIDate(codingPath: decoder.codingPath, kind: .day) }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
