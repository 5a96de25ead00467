import Foundation
import Kernel

/// The OpenAPI 3 document of the Fuctivity API, read once.
enum FuctivityOpenAPI {
    static let document = BundledOpenAPI.document(in: .module)
}
