import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension KernelTests {
    @Suite("Web shell, health and metrics")
    struct ShellTests {
        static let upcoming = AppDescriptor(id: "later", names: [.uk: "Пізніше", .en: "Later"], taglines: [.uk: "Ще не готово", .en: "Not ready yet"], themeColor: "#000", iconLetters: "L")

        @Test("the landing page links every mounted app and lists the upcoming ones, in Ukrainian by default")
        func landing() async throws {
            try await TestHarness.withApp(apps: [DemoApp()], upcoming: [Self.upcoming]) { app in
                let page = try await TestBrowser(app).get("/")
                #expect(page.status == .ok)
                #expect(page.text.contains(#"<html lang="uk">"#))
                #expect(page.text.contains(#"<a class="button button-primary" href="/demo-app/""#))
                #expect(page.text.contains("Перевірка ядра"))
                #expect(page.text.contains("Ще не готово"))
                #expect(!page.text.contains(#"href="/later/""#))
                #expect(page.text.contains(#"<span class="soon">Незабаром</span>"#))
            }
        }

        @Test("every answer carries the security headers, and the CSP allows no inline script")
        func securityHeaders() async throws {
            try await withDemo { app in
                for path in ["/", "/no-such-page", "/health", "/demo-app/api/v1/me"] {
                    let response = try await app.testing().sendRequest(.GET, path)
                    let csp = try #require(response.headers.first(name: "Content-Security-Policy"), "\(path)")
                    #expect(csp.contains("frame-ancestors 'none'"))
                    #expect(csp.contains("script-src 'self'"))
                    #expect(!csp.contains("unsafe-inline"))
                    #expect(response.headers.first(name: "X-Content-Type-Options") == "nosniff")
                    #expect(response.headers.first(name: "Referrer-Policy") != nil)
                    #expect(response.headers.first(name: "X-Request-ID") != nil)
                }
            }
        }

        @Test("pages contain no inline scripts or styles")
        func noInlineCode() async throws {
            try await withDemo { app in
                let page = try await TestBrowser(app).get("/").text
                #expect(!page.contains("<script>"))
                #expect(!page.contains("style="))
                #expect(!page.contains("onclick"))
            }
        }

        @Test("/health is 200 when the database answers and 503 when it does not")
        func health() async throws {
            try await withDemo { app in
                let response = try await app.testing().sendRequest(.GET, "/health")
                #expect(response.status == .ok)
                #expect(response.text.contains(#""database":"up""#))
            }
            let unreachable = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID())/x.sqlite").path
            try await TestHarness.withApplication(on: .sqlite(path: unreachable), channel: "none", apps: [], adjust: { $0.autoMigrate = false }) { app in
                let response = try await app.testing().sendRequest(.GET, "/health")
                #expect(response.status == .serviceUnavailable)
            }
        }

        @Test("/metrics serves Prometheus text with requests by route and status, latency and the pool")
        func metrics() async throws {
            try await withDemo { app in
                _ = try await app.testing().sendRequest(.GET, "/health")
                let response = try await app.testing().sendRequest(.GET, "/metrics")
                #expect(response.status == .ok)
                #expect(response.text.contains(#"http_requests_total{method="GET",path="/health",status="200"}"#))
                #expect(response.text.contains("http_request_duration_seconds_bucket"))
                #expect(response.text.contains("hromada_db_pool_connections_max"))
            }
        }

        @Test("each app has a web app manifest, an icon and a theme")
        func manifest() async throws {
            try await withDemo { app in
                let response = try await app.testing().sendRequest(.GET, "/demo-app/manifest.webmanifest")
                #expect(response.status == .ok)
                struct Manifest: Decodable {
                    let start_url: String?
                    let display: String?
                    let theme_color: String?
                }
                let manifest = try decode(Manifest.self, response)
                #expect(manifest.start_url == "/demo-app/")
                #expect(manifest.display == "standalone")
                #expect(manifest.theme_color == "#225577")
                #expect(try await app.testing().sendRequest(.GET, "/demo-app/icon.svg").headers.contentType?.subType == "svg+xml")
                #expect(try await app.testing().sendRequest(.GET, "/demo-app/theme.css").text.contains("--accent: #225577"))
                let page = try await TestBrowser(app).get("/demo-app/login").text
                #expect(page.contains(#"<link rel="manifest" href="/demo-app/manifest.webmanifest">"#))
            }
        }

        @Test("static assets are served with a version for long caching")
        func assets() async throws {
            try await withDemo { app in
                let url = app.kernel.assets.url("hromada.css")
                #expect(url.contains("?v="))
                let response = try await app.testing().sendRequest(.GET, url)
                #expect(response.status == .ok)
                #expect(response.headers.first(name: .cacheControl)?.contains("immutable") == true)
                let etag = try #require(response.headers.first(name: .eTag))
                #expect(try await app.testing().sendRequest(.GET, "/static/hromada.css", headers: ["If-None-Match": etag]).status == .notModified)
                #expect(try await app.testing().sendRequest(.GET, "/static/nothing.css").status == .notFound)
            }
        }

        @Test("the audit log records before and after, and only administrators read it")
        func auditLog() async throws {
            try await withDemo { app in
                let admin = try await makeAccount(app, login: "admin@example.org", role: Account.adminRole, name: "Адміністратор")
                try await makeAccount(app)
                struct Task: Codable, Sendable { let status: String }
                try await AuditLog(app: "demo-app", clock: app.kernel.clock).record(
                    "task.accept", entityType: "task", entityID: "42", actor: admin.requireID(),
                    before: Task(status: "searching"), after: Task(status: "accepted"), on: app.db)
                let entries = try await AuditLog(app: "demo-app", clock: app.kernel.clock).entries(entityType: "task", entityID: "42", on: app.db)
                #expect(entries.count == 1)
                #expect(entries.first?.before == #"{"status":"searching"}"#)
                #expect(entries.first?.after == #"{"status":"accepted"}"#)

                let anonymous = try await TestBrowser(app).get("/demo-app/admin/audit")
                #expect(anonymous.status == .seeOther)
                let member = try await signedIn(app)
                #expect(try await member.get("/demo-app/admin/audit").status == .forbidden)
                let administrator = try await signedIn(app, login: "admin@example.org")
                let page = try await administrator.get("/demo-app/admin/audit")
                #expect(page.status == .ok)
                #expect(page.text.contains("task.accept"))
                #expect(page.text.contains("Адміністратор"))
                #expect(page.text.contains("{&quot;status&quot;:&quot;accepted&quot;}"))

                // Narrowed to a record, to a person, or to a person who changed nothing.
                try await AuditLog(app: "demo-app", clock: app.kernel.clock).record(
                    "task.cancel", entityType: "task", entityID: "43", actor: nil, on: app.db)
                let byRecord = try await administrator.get("/demo-app/admin/audit?record=43")
                #expect(byRecord.text.contains("task.cancel") && !byRecord.text.contains("task.accept"))
                let byAdmin = try await administrator.get("/demo-app/admin/audit?actor=\(try admin.requireID().uuidString)")
                #expect(byAdmin.text.contains("task.accept") && !byAdmin.text.contains("task.cancel"))
                let byNobody = try await administrator.get("/demo-app/admin/audit?actor=\(UUID().uuidString)")
                #expect(!byNobody.text.contains("task.accept") && byNobody.text.contains("name=\"actor\""))
                let nonsense = try await administrator.get("/demo-app/admin/audit?actor=nonsense")
                #expect(nonsense.status == .ok && !nonsense.text.contains("task."))
            }
        }

        @Test("a failed form keeps what was typed (escaped) and shows the error beside the field")
        func formKeepsInput() async throws {
            try await withDemo { app in
                let browser = TestBrowser(app)
                let typed = #"x"><script>alert(1)</script>"#
                let page = try await browser.post("/demo-app/login", form: ["login": typed, "password": "secret-pass"])
                #expect(page.status == .unauthorized)
                #expect(page.text.contains(#"value="x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;""#))
                #expect(!page.text.contains("<script>alert(1)"))
                #expect(!page.text.contains("secret-pass"), "passwords are never sent back")
                #expect(page.text.contains("Неправильний логін або пароль."))
            }
        }
    }
}

extension KernelTests {
    @Suite("Building blocks")
    struct BuildingBlockTests {
        @Test("text and attribute values are escaped")
        func escaping() {
            let html = H.a(.href(#"/x?a=1&b="2""#), .data("note", "<'>")) { "Tom & \"Jerry\" <b>" }
            #expect(html.rendered == #"<a href="/x?a=1&amp;b=&quot;2&quot;" data-note="&lt;&#39;&gt;">Tom &amp; &quot;Jerry&quot; &lt;b&gt;</a>"#)
            #expect(H.input(.flag("required"), .flag("hidden", false), .value(nil)).rendered == "<input required>")
            #expect(HTML.escape("Ганна & «Дім» <😀> 'так'") == "Ганна &amp; «Дім» &lt;😀&gt; &#39;так&#39;", "multi-byte characters pass through whole")
            #expect(HTML.escape("Без змін — 🙂") == "Без змін — 🙂")
            #expect(HTML.escape(String("x<y>z".dropFirst())) == "&lt;y&gt;z")
            #expect(HTML.escape("") == "")
        }

        @Test("DATABASE_URL picks SQLite or PostgreSQL; bad settings are refused with a clear message")
        func configuration() throws {
            #expect(try DatabaseLocation(url: "sqlite://hromada.sqlite") == .sqlite(path: "hromada.sqlite"))
            #expect(try DatabaseLocation(url: "sqlite:///tmp/x.sqlite") == .sqlite(path: "/tmp/x.sqlite"))
            #expect(try DatabaseLocation(url: "postgres://u:p@localhost:5432/db") == .postgres(url: "postgres://u:p@localhost:5432/db", searchPath: nil))
            #expect(throws: ConfigurationError.self) { try DatabaseLocation(url: "mysql://x") }
            let configured = try HromadaConfiguration.fromEnvironment(["DATABASE_URL": "postgresql://u:p@h/db", "HROMADA_BCRYPT_COST": "10", "HROMADA_PUBLIC_URL": "https://hromada.example"])
            #expect(configured.database.isPostgres)
            #expect(configured.bcryptCost == 10)
            #expect(configured.secureCookies)
            #expect(try HromadaConfiguration.fromEnvironment([:]).database == .sqlite(path: "hromada.sqlite"))
            #expect(throws: ConfigurationError.self) { try HromadaConfiguration.fromEnvironment(["HROMADA_BCRYPT_COST": "3"]) }
            #expect(throws: ConfigurationError.self) { try HromadaConfiguration.fromEnvironment(["HROMADA_DEMO_DATA": "perhaps"]) }
            #expect(throws: ConfigurationError.self) { try HromadaConfiguration.fromEnvironment(["HROMADA_MAX_BODY_SIZE": "lots"]) }
        }

        @Test("an injected clock decides what now is")
        func manualClock() {
            let clock = ManualClock(Date(timeIntervalSince1970: 0))
            clock.advance(by: 90)
            #expect(clock.now == Date(timeIntervalSince1970: 90))
        }
    }
}
