import HromadaTesting
import SmartShelter
import Testing

/// The served OpenAPI document (`Sources/SmartShelter/Public/openapi.json`, from which the
/// Swift client is generated) against the routes and answers of the app.
extension ShelterTests {
    @Suite("Smart Shelter OpenAPI document")
    struct OpenAPIDocumentTests {
        @Test("documents exactly the routes registered under /shelter/api/v1")
        func sameRoutes() async throws {
            try await withShelter { try await OpenAPIConformance.checkSameRoutes($0, SmartShelter.descriptor) }
        }

        @Test("every operation has a unique operationId, declares its path parameters and its references resolve")
        func wellFormed() async throws {
            try await withShelter { try await OpenAPIConformance.checkWellFormed($0, SmartShelter.descriptor) }
        }

        @Test("operations that need a bearer token (a person's or a sensor's) say so, and the others do not")
        func securityMatchesTheServer() async throws {
            try await withShelter { try await OpenAPIConformance.checkSecurity($0, SmartShelter.descriptor) }
        }
    }
}
