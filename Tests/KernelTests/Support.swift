import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

/// Builds the demo app on a fresh database.
func withDemo<T>(clock: any WallClock = SystemClock(), adjust: (inout HromadaConfiguration) -> Void = { _ in }, _ body: (Application) async throws -> T) async throws -> T {
    try await TestHarness.withApp(apps: [DemoApp()], upcoming: [], clock: clock, adjust: adjust, body)
}

@discardableResult
func makeAccount(_ app: Application, login: String = "olena@example.org", password: String = "correct horse", role: String = "member", name: String = "Олена") async throws -> Account {
    try await app.kernel.accountService(on: app.db, passwords: app.password.async)
        .register(app: DemoApp.descriptor.id, login: login, password: password, role: role, displayName: name)
}

func token(_ app: Application, login: String = "olena@example.org", password: String = "correct horse") async throws -> String {
    let response = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/session", headers: jsonHeaders, body: json(["login": login, "password": password]))
    #expect(response.status == .ok)
    let answer = try response.content.decode(DemoApp.TokenAnswer.self)
    return answer.token
}

/// A browser signed in to the demo app through its login form.
func signedIn(_ app: Application, login: String = "olena@example.org", password: String = "correct horse") async throws -> TestBrowser {
    let browser = TestBrowser(app)
    try await signIn(browser, login: login, password: password)
    return browser
}

/// Signs `browser` in through the login form and checks that it worked.
@discardableResult
func signIn(_ browser: TestBrowser, login: String = "olena@example.org", password: String = "correct horse") async throws -> TestingHTTPResponse {
    let response = try await browser.post("/demo-app/login", form: ["login": login, "password": password])
    #expect(response.status == .seeOther, "sign-in as \(login)")
    return response
}

/// The root of this target's tests: every suite is nested in it (an extension per file).
@Suite("Kernel")
struct KernelTests {}
