import AsyncKit
import Foundation
import HromadaTesting
@testable import Kernel
import Testing
import Vapor
import VaporTesting

extension KernelTests {
    @Suite("Problem documents and error pages")
    struct ErrorTests {
        func adminToken(_ app: Application) async throws -> HTTPHeaders {
            try await makeAccount(app, login: "admin@example.org", role: Account.adminRole)
            return ["Authorization": "Bearer \(try await token(app, login: "admin@example.org"))", "Content-Type": "application/json"]
        }

        @Test("a connection pool that stayed busy is a 503 to retry in a moment, not a 500")
        func poolTimeoutIsUnavailable() {
            let problem = KernelErrorMiddleware.classify(ConnectionPoolTimeoutError.connectionRequestTimeout)
            #expect(problem.status == .serviceUnavailable && problem.code == "unavailable")
            #expect(problem.headers.first(name: "Retry-After") == "1")
        }

        @Test("malformed JSON is a 400 problem document, in the request's language")
        func malformedJSON() async throws {
            try await withDemo { app in
                let response = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/notes", headers: jsonHeaders, body: ByteBuffer(string: "{\"title\": "))
                #expect(response.status == .badRequest)
                let document = try problem(response)
                #expect(document.code == "invalid_body")
                #expect(document.status == 400)
                #expect(document.title == "Запит не вдалося прочитати")

                let english = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/notes", headers: jsonHeaders.adding("Accept-Language", "en-GB,en;q=0.9"), body: ByteBuffer(string: "[1,"))
                #expect(try problem(english).title == "The request could not be read")
            }
        }

        @Test("a wrong type or a missing field names the field")
        func wrongTypes() async throws {
            try await withDemo { app in
                let wrongType = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/notes", headers: jsonHeaders, body: json(["title": "x", "count": "many"]))
                #expect(wrongType.status == .badRequest)
                let document = try problem(wrongType)
                #expect(document.code == "invalid_field")
                #expect(document.errors?.first?.field == "count")

                let missing = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/notes", headers: jsonHeaders, body: json(["count": 2]))
                #expect(missing.status == .badRequest)
                #expect(try problem(missing).code == "missing_field")
            }
        }

        @Test("a NUL character in a JSON field, a form or an address is a 400 naming the field, in the request's language")
        func nulCharacters() async throws {
            try await withDemo { app in
                let json = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/notes", headers: jsonHeaders,
                                                              body: ByteBuffer(string: #"{"title": "a\u0000b", "count": 2}"#))
                #expect(json.status == .badRequest)
                let document = try problem(json)
                #expect(document.code == "invalid_character")
                #expect(document.errors?.first?.field == "title")
                #expect(document.errors?.first?.message == "Приберіть нульовий символ (U+0000).")

                let address = try await app.testing().sendRequest(.GET, "/demo-app/api/v1/me?text=x%00", headers: jsonHeaders.adding("Accept-Language", "en"))
                #expect(address.status == .badRequest)
                #expect(try problem(address).detail == "The text contains a NUL character (U+0000), which input cannot hold. Remove it and send again.")
                #expect(try problem(address).errors?.first?.field == "text")

                let browser = TestBrowser(app)
                try await browser.get("/demo-app/login")
                let page = try await browser.post("/demo-app/login", form: ["login": "a\u{0}b@example.org", "password": "secret-1"])
                #expect(page.status == .badRequest, "told about the character, not that the form expired")
                #expect(page.body.string.contains("нульовий символ"))
            }
        }

        @Test("a multipart body whose part header name holds a byte ≥ 0x80 is a 400 on any route, over real HTTP, and the server stays up")
        func multipartHeaderNameTrap() async throws {
            try await withDemo { app in
                var body = ByteBuffer()
                body.writeString("--b\r\nContent-Disposition: form-data; name=\"title\"\r\n")
                body.writeBytes([0xD0, 0x86, 0x3A, 0x20, 0x78, 0x0D, 0x0A])  // «І: x», a header name out of ASCII
                body.writeString("\r\nhello\r\n--b--\r\n")
                try await TestHarness.withLiveServer(app) { base in
                    var headers = try await adminToken(app)
                    headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=b")
                    for _ in 0..<2 {  // the second answer proves the first did not stop the server
                        let response = try await app.client.post(URI(string: "\(base)/demo-app/api/v1/notes"), headers: headers) { $0.body = body }
                        #expect(response.status == .badRequest, "\(response.body.map { String(buffer: $0) } ?? "")")
                    }
                }
                #expect(MultipartUpload.headerNamesAreTokens(Array("--b\r\nContent-Type: текст\r\n\r\nтіло\r\n--b--".utf8), boundary: "b"),
                        "bytes ≥ 0x80 in a header's value or in the content are fine")
                #expect(!MultipartUpload.headerNamesAreTokens(Array("preamble\r\n--b\r\nКлюч: x\r\n\r\n--b--".utf8), boundary: "b"))
            }
        }

        @Test("finding a NUL in JSON: the field it is in, through arrays and objects; an escaped backslash is not one")
        func nulInJSON() {
            func field(_ text: String) -> String?? {
                NULCharacters.inJSON(ByteBuffer(string: text)).map { $0.field }
            }
            #expect(field(#"{"a": "x", "reminders": [{"note": "b\u0000"}]}"#) == .some("note"))
            #expect(field(#"{"list": ["ok", "\u0000"]}"#) == .some("list"))
            #expect(field(#"{"a\u0000": 1}"#) == .some(nil), "a key: found, no field")
            #expect(field(#""\u0000""#) == .some(nil))
            #expect(field(#"{"a": "\\u0000"}"#) == .none, "a backslash, then u0000 as text")
            #expect(field(#"{"a": "\u00001"}"#) == .some("a"))
            #expect(field(#"{"a": "fine"}"#) == .none)
            #expect(NULCharacters.inForm("a=1&b=x%00y")?.field == "b")
            #expect(NULCharacters.inForm("a=1&b=100%25") == nil, "a literal percent sign")
        }

        @Test("over-long fields and out-of-range values are 422 with a message per field")
        func validation() async throws {
            try await withDemo { app in
                let response = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/notes", headers: jsonHeaders, body: json(["title": String(repeating: "я", count: 21), "count": 11]))
                #expect(response.status == .unprocessableEntity)
                let document = try problem(response)
                let errors = try #require(document.errors)
                #expect(errors.map(\.field) == ["title", "count"])
                #expect(errors.first?.message == "Не більше 20 символів.")
            }
        }

        @Test("an over-size body is 413 over real HTTP")
        func oversizeBody() async throws {
            try await withDemo(adjust: { $0.maxBodySize = 1_024 }) { app in
                try await TestHarness.withLiveServer(app) { base in
                    let big = try await app.client.post(URI(string: "\(base)/demo-app/api/v1/notes"), headers: jsonHeaders) { request in
                        request.body = json(["title": String(repeating: "a", count: 5_000), "count": 1])
                    }
                    #expect(big.status == .payloadTooLarge)
                    let body = try #require(big.body)
                    let document = try decode(Problem.self, status: big.status, body: body)
                    #expect(document.code == "payload_too_large")
                }
            }
        }

        @Test("an unknown id is 404, an unsupported type 415")
        func otherClientErrors() async throws {
            try await withDemo { app in
                let headers = try await adminToken(app)

                let unknown = try await app.testing().sendRequest(.GET, "/demo-app/api/v1/accounts/\(UUID())", headers: headers)
                #expect(unknown.status == .notFound)
                #expect(try problem(unknown).code == "not_found")

                let notAnID = try await app.testing().sendRequest(.GET, "/demo-app/api/v1/accounts/not-a-uuid", headers: headers)
                #expect(notAnID.status == .notFound)

                var xml = headers
                xml.contentType = .xml
                let unsupported = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/notes", headers: xml, body: ByteBuffer(string: "<note/>"))
                #expect(unsupported.status == .unsupportedMediaType)
                #expect(try problem(unsupported).code == "unsupported_media_type")
            }
        }

        @Test("an unknown page is the Ukrainian 404 page by default, English when chosen")
        func notFoundPage() async throws {
            try await withDemo { app in
                let browser = TestBrowser(app)
                let page = try await browser.get("/no-such-page", headers: ["Accept": "text/html"])
                #expect(page.status == .notFound)
                #expect(page.headers.contentType == .html)
                #expect(page.text.contains(#"<html lang="uk">"#))
                #expect(page.text.contains("<h1>Сторінку не знайдено</h1>"))

                browser.setCookie("hromada_lang", "en")
                #expect(try await browser.get("/no-such-page").text.contains("<h1>Page not found</h1>"))
            }
        }

        @Test("a server fault is a friendly 500 page without details")
        func serverError() async throws {
            try await withDemo { app in
                let page = try await TestBrowser(app).get("/demo-app/boom")
                #expect(page.status == .internalServerError)
                #expect(page.text.contains("Щось пішло не так"))
                #expect(!page.text.contains("secret internal detail"))
                #expect(!page.text.contains("DemoFailure"))
            }
        }

        @Test("a page of another role is 403")
        func forbiddenPage() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let browser = try await signedIn(app)
                let page = try await browser.get("/demo-app/admin/audit")
                #expect(page.status == .forbidden)
                #expect(page.text.contains("Доступ заборонено"))
            }
        }
    }
}
