import Foundation
import Kernel
import Vapor

/// The JSON shapes of the Smart Shelter API (see `openapi.json`). Inputs have optional
/// fields so that a missing one is a 422 naming the field, in the caller's language.
/// Temperatures are °C and levels percent in the API, whatever a person shows on screen;
/// times are RFC 3339 in UTC.
///
/// Each area's shapes are in its own file (`EnclosureAPIModels.swift`, …).
enum SSModels {}

/// A number sent as a JSON number or as text (a form's "7,2"): read as the text a
/// service validates.
struct FlexibleNumber: Codable, Sendable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            // 60 is "60", not "60.0": a whole number stays one for the service's parser.
            text = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        } else {
            text = try container.decode(String.self)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
