import Foundation

/// The OpenAPI 3 document of the Golden Ager API, read once from the bundled
/// `openapi.json` (the same file `scripts/generate-openapi` builds the Swift client from).
enum GoldenAgerOpenAPI {
    static let document: String? = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json", subdirectory: "Public") else { return nil }
        return try? String(contentsOf: url, encoding: .utf8)
    }()
}
