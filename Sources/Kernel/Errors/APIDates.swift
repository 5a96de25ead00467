import Foundation
import Vapor

/// How JSON APIs read times: RFC 3339, with or without fractional seconds (a browser's
/// `toISOString()` has them, Swift's `.iso8601` has not). A time that does not parse is
/// an error naming its field: Foundation's own `.iso8601` strategy reports it without a
/// coding path, which left the caller with "the body could not be read".
enum APIDates {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an RFC 3339 date-time, got \(text)")
            }
            return date
        }
        return decoder
    }

    static func parse(_ text: String) -> Date? {
        (try? Date(text, strategy: .iso8601)) ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }
}
