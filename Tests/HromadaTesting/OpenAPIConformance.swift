import Foundation
import Kernel
import Testing
import Vapor
import VaporTesting

/// Checks an app's served OpenAPI document (from which its Swift client is generated)
/// against the routes the app really registers and the answers it really gives, so the
/// two cannot drift apart unnoticed. Each app's tests call these with the app.
public enum OpenAPIConformance {
    static let httpMethods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The served document, parsed.
    public static func document(_ app: Application, _ descriptor: AppDescriptor) async throws -> [String: Any] {
        let response = try await app.testing().sendRequest(.GET, "\(descriptor.pathPrefix)/api/openapi.json")
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

    /// The document lists exactly the routes registered under `<prefix>/api/v1`.
    public static func checkSameRoutes(_ app: Application, _ descriptor: AppDescriptor) async throws {
        let document = try await document(app, descriptor)
        #expect(document["openapi"] as? String == "3.0.3")
        let apiPrefix = "\(descriptor.pathPrefix)/api/v1"
        let documented = Set(try operations(document).map { "\($0.method) \($0.path)" })
        let registered = Set(app.routes.all.compactMap { route -> String? in
            let path = openAPIPath(route.path)
            guard path.hasPrefix(apiPrefix + "/") else { return nil }
            return "\(route.method.rawValue) \(path)"
        })
        #expect(!registered.isEmpty)
        #expect(documented.subtracting(registered).isEmpty, "documented but not served: \(documented.subtracting(registered).sorted())")
        #expect(registered.subtracting(documented).isEmpty, "served but not documented: \(registered.subtracting(documented).sorted())")
    }

    /// Unique operationIds, declared path parameters, a success answer each, and every
    /// `$ref` resolves.
    public static func checkWellFormed(_ app: Application, _ descriptor: AppDescriptor) async throws {
        let document = try await document(app, descriptor)
        let operations = try operations(document)
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

    /// Operations that need a bearer token say so (and answer 401 without one), the
    /// others do not, and the status each gives without a token is documented.
    public static func checkSecurity(_ app: Application, _ descriptor: AppDescriptor) async throws {
        let document = try await document(app, descriptor)
        let globalSecurity = document["security"] as? [[String: Any]] ?? []
        for (method, path, operation) in try operations(document) {
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
