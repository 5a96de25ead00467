import Foundation
import Kernel

/// The OpenAPI 3 document of the Golden Ager API, read once.
enum GoldenAgerOpenAPI {
    static let document = BundledOpenAPI.document(in: .module)
}
