import HromadaTesting
import Testing
import Znoshka

/// The served OpenAPI document (`Sources/Znoshka/Public/openapi.json`, from which the
/// Swift client is generated) against the routes and answers of the app.
extension ZnoshkaTests {
    @Suite("Znoshka OpenAPI document")
    struct OpenAPIDocumentTests {
        @Test("documents exactly the routes registered under /znoshka/api/v1")
        func sameRoutes() async throws {
            try await withZnoshka { try await OpenAPIConformance.checkSameRoutes($0, Znoshka.descriptor) }
        }

        @Test("every operation has a unique operationId, declares its path parameters and its references resolve")
        func wellFormed() async throws {
            try await withZnoshka { try await OpenAPIConformance.checkWellFormed($0, Znoshka.descriptor) }
        }

        @Test("operations that need a bearer token say so, and the others do not")
        func securityMatchesTheServer() async throws {
            try await withZnoshka { try await OpenAPIConformance.checkSecurity($0, Znoshka.descriptor) }
        }
    }
}
