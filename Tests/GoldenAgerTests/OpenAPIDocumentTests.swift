import GoldenAger
import HromadaTesting
import Testing

/// The served OpenAPI document (`Sources/GoldenAger/Public/openapi.json`, from which the
/// Swift client is generated) against the routes and answers of the app.
extension GoldenAgerTests {
    @Suite("Golden Ager OpenAPI document")
    struct OpenAPIDocumentTests {
        @Test("documents exactly the routes registered under /golden-ager/api/v1")
        func sameRoutes() async throws {
            try await TestHarness.withApp(apps: [GoldenAger()]) { try await OpenAPIConformance.checkSameRoutes($0, GoldenAger.descriptor) }
        }

        @Test("every operation has a unique operationId, declares its path parameters and its references resolve")
        func wellFormed() async throws {
            try await TestHarness.withApp(apps: [GoldenAger()]) { try await OpenAPIConformance.checkWellFormed($0, GoldenAger.descriptor) }
        }

        @Test("operations that need a bearer token say so, and the others do not")
        func securityMatchesTheServer() async throws {
            try await TestHarness.withApp(apps: [GoldenAger()]) { try await OpenAPIConformance.checkSecurity($0, GoldenAger.descriptor) }
        }
    }
}
