import Foundation
import GoldenAger
import HromadaTesting
import Testing
import Vapor
import VaporTesting

/// The served OpenAPI document (`Sources/GoldenAger/Public/openapi.json`, from which the
/// Swift client is generated) against the routes the app really registers, so the two
/// cannot drift apart unnoticed.
@Suite("Golden Ager OpenAPI document")
struct OpenAPIDocumentTests {
    static let apiPrefix = "/golden-ager/api/v1"
    static let httpMethods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The served document, parsed.
    static func document(_ app: Application) async throws -> [String: Any] {
        let response = try await app.testing().sendRequest(.GET, "/golden-ager/api/openapi.json")
        #expect(response.status == .ok)
        #expect(response.headers.contentType?.subType == "json")
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
    }

    /// Every operation as (method, full path, operation object).
    static func operations(_ document: [String: Any]) throws -> [(method: String, path: String, operation: [String: Any])] {
        let servers = try #require(document["servers"] as? [[String: Any]])
        let base = try #require(servers.first?["url"] as? String)
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        return paths.flatMap { path, item in
            item.compactMap { key, value -> (String, String, [String: Any])? in
                guard httpMethods.contains(key), let operation = value as? [String: Any] else { return nil }
                return (key.uppercased(), base + path, operation)
            }
        }
    }

    /// `:param` becomes `{param}`, as OpenAPI writes it.
    static func openAPIPath(_ components: [PathComponent]) -> String {
        "/" + components.map { component -> String in
            switch component {
            case .constant(let text): text
            case .parameter(let name): "{\(name)}"
            case .anything: "*"
            case .catchall: "**"
            }
        }.joined(separator: "/")
    }

    @Test("documents exactly the routes registered under /golden-ager/api/v1")
    func sameRoutes() async throws {
        try await TestHarness.withApp(apps: [GoldenAger()]) { app in
            let document = try await Self.document(app)
            #expect(document["openapi"] as? String == "3.0.3")
            let operations = try Self.operations(document)
            let documented = Set(operations.map { "\($0.method) \($0.path)" })
            let registered = Set(app.routes.all.compactMap { route -> String? in
                let path = Self.openAPIPath(route.path)
                guard path.hasPrefix(Self.apiPrefix + "/") else { return nil }
                return "\(route.method.rawValue) \(path)"
            })
            #expect(!registered.isEmpty)
            #expect(documented.subtracting(registered).isEmpty, "documented but not served: \(documented.subtracting(registered).sorted())")
            #expect(registered.subtracting(documented).isEmpty, "served but not documented: \(registered.subtracting(documented).sorted())")
        }
    }

    @Test("every operation has a unique operationId, declares its path parameters and its references resolve")
    func wellFormed() async throws {
        try await TestHarness.withApp(apps: [GoldenAger()]) { app in
            let document = try await Self.document(app)
            let operations = try Self.operations(document)
            let ids = operations.compactMap { $0.operation["operationId"] as? String }
            #expect(ids.count == operations.count, "every operation has an operationId")
            #expect(Set(ids).count == ids.count, "operationIds are unique")

            for (method, path, operation) in operations {
                let templated = Set(path.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) })
                let declared = Set((operation["parameters"] as? [[String: Any]] ?? []).compactMap { parameter -> String? in
                    parameter["in"] as? String == "path" ? parameter["name"] as? String : nil
                })
                #expect(templated == declared, "\(method) \(path): path parameters")
                let responses = operation["responses"] as? [String: Any] ?? [:]
                #expect(responses.keys.contains { $0.hasPrefix("2") }, "\(method) \(path): a success response")
            }

            // Every "$ref" points at something that exists.
            var references: [String] = []
            func collect(_ value: Any) {
                if let object = value as? [String: Any] {
                    if let reference = object["$ref"] as? String { references.append(reference) }
                    object.values.forEach(collect)
                } else if let array = value as? [Any] {
                    array.forEach(collect)
                }
            }
            collect(document)
            #expect(!references.isEmpty)
            for reference in Set(references) {
                var node: Any? = document
                for key in reference.dropFirst(2).split(separator: "/") { node = (node as? [String: Any])?[String(key)] }
                #expect(node != nil, "unresolved reference \(reference)")
            }
        }
    }

    @Test("operations that need a bearer token say so, and the others do not")
    func securityMatchesTheServer() async throws {
        try await TestHarness.withApp(apps: [GoldenAger()]) { app in
            let document = try await Self.document(app)
            let globalSecurity = document["security"] as? [[String: Any]] ?? []
            for (method, path, operation) in try Self.operations(document) {
                let security = operation["security"] as? [[String: Any]] ?? globalSecurity
                let needsToken = !security.isEmpty
                let responses = operation["responses"] as? [String: Any] ?? [:]
                // Any id will do: without a token the answer comes before the id is looked at.
                let concrete = path.replacingOccurrences(of: #"\{[^}]+\}"#, with: UUID().uuidString, options: .regularExpression)
                let response = try await app.testing().sendRequest(
                    HTTPMethod(rawValue: method), concrete, headers: ["Content-Type": "application/json"],
                    body: operation["requestBody"] == nil ? nil : ByteBuffer(string: "{}"))
                if needsToken {
                    #expect(response.status == .unauthorized, "\(method) \(path) without a token: \(response.status)")
                    #expect(responses["401"] != nil, "\(method) \(path) documents its 401")
                } else {
                    #expect(response.status != .unauthorized, "\(method) \(path) is documented as public")
                }
                #expect(responses[String(response.status.code)] != nil || responses["default"] != nil,
                        "\(method) \(path): \(response.status.code) is documented")
            }
        }
    }
}
