import Fluent
import Kernel
import Vapor

/// A tiny app used to exercise the kernel the way real apps will: sign-in pages, a JSON
/// API with tokens, validation, events and an event stream.
struct DemoApp: HromadaApp {
    static let descriptor = AppDescriptor(
        id: "demo-app", names: [.uk: "Демо", .en: "Demo"], taglines: [.uk: "Перевірка ядра", .en: "Kernel check"],
        themeColor: "#225577", iconLetters: "D", loginPath: "/login")

    var descriptor: AppDescriptor { Self.descriptor }

    var catalog: Catalog {
        Catalog(name: "demo-app", uk: [
            "demo.signed_in": "Ви увійшли.",
            "demo.home": "Вітаємо, {name}!",
            "demo.login": "Вхід",
        ], en: [
            "demo.signed_in": "You are signed in.",
            "demo.home": "Welcome, {name}!",
            "demo.login": "Sign in",
        ])
    }

    var migrations: [any Migration] { [] }

    var demoAccounts: [DemoAccount] {
        [DemoAccount(app: Self.descriptor.id, role: "member", login: "demo@example.org", password: "demo-password")]
    }

    func seedDemoData(_ context: SeedContext) async throws {
        for account in demoAccounts {
            _ = try await context.accounts.register(app: account.app, login: account.login, password: account.password, role: account.role, displayName: "Демо")
        }
    }

    func registerRoutes(_ mount: AppMount) throws {
        let web = mount.web
        web.get { req in
            let account = try await req.requireAccount(in: Self.descriptor)
            return req.render(Page(title: "Demo", app: Self.descriptor, content: H.h1 { req.localizer.text("demo.home", ["name": account.displayName]) }))
        }
        web.get("login") { req in loginPage(req, state: FormState(), status: .ok) }
        web.post("login") { req in try await logIn(req) }
        web.post("logout") { req in
            try await req.logOut(from: Self.descriptor)
            return req.redirect(to: "/demo-app/login", redirectType: .normal)
        }
        web.get("boom") { _ -> String in throw DemoFailure() }
        // Three cards with a form each, from a cache of two (`FragmentCacheTests`).
        web.get("cards") { req in
            let text = req.query[String.self, at: "text"] ?? "перша"
            let cards = req.kernel.state.shared { FragmentCache<String, String>(capacity: 2) }
            let content = HTMLBuilder.join(["a", "b", "c"].map { key in
                cards.html(key, text, in: req.viewContext) { c in
                    Components.postForm(c, action: "/demo-app/pages/api") { H.p { "\(key): \(text)" } }
                }
            })
            return req.render(Page(title: "Cards", app: Self.descriptor, content: content))
        }
        // A cached fragment that reads the CSRF token itself instead of through the field.
        web.get("token-card") { req in
            let cards = req.kernel.state.shared { FragmentCache<String, String>(capacity: 8) }
            let card = cards.html("token", "token", in: req.viewContext) { c in H.p(.data("token", c.csrfToken)) { "картка" } }
            return req.render(Page(title: "Token card", app: Self.descriptor, content: card))
        }
        // A web page whose path contains "api" further down: still a page, still CSRF-checked.
        web.post("pages", "api") { _ in "saved" }
        // A form that changes something (`IdempotencyTests`): one tally per real submit.
        web.post("tallies") { req -> Response in
            let account = try await req.requireAccount(in: Self.descriptor)
            let id = try await Self.tally(req, by: account)
            req.flash(.success, "account.saved")
            return req.redirect(to: "/demo-app/tallies/\(id)", redirectType: .normal)
        }
        web.get("stream") { req in
            ServerSentEvents.response(for: req, topics: [req.query[String.self, at: "topic"] ?? "demo"])
        }

        let api = mount.api
        api.post("session") { req in try await apiLogIn(req) }
        api.delete("session") { req -> HTTPStatus in
            _ = try await req.requireAccount(in: Self.descriptor)
            if let token = req.bearerToken { try await req.accounts.revokeToken(token) }
            return .noContent
        }
        api.post("accounts") { req -> Response in
            let input = try req.content.decode(Registration.self)
            var validator = Validator()
            let login = validator.text("login", input.login, maxLength: 100)
            validator.text("password", input.password, maxLength: 200, minLength: 8)
            try validator.throwIfInvalid()
            let account = try await req.accounts.register(app: Self.descriptor.id, login: login ?? "", password: input.password, role: "member", displayName: input.name)
            return try await Me(id: account.requireID(), login: account.login, displayName: account.displayName).encodeResponse(status: .created, for: req)
        }
        api.get("me") { req -> Me in
            let account = try await req.requireAccount(in: Self.descriptor)
            return Me(id: try account.requireID(), login: account.login, displayName: account.displayName)
        }
        api.get("accounts", ":id") { req -> Me in
            _ = try await req.requireAccount(in: Self.descriptor, roles: [Account.adminRole])
            guard let id = req.parameters.get("id", as: UUID.self), let account = try await Account.find(id, on: req.db),
                  account.app == Self.descriptor.id else { throw AppError.notFound() }
            return Me(id: try account.requireID(), login: account.login, displayName: account.displayName)
        }
        api.post("notes") { req -> Response in
            let note = try req.content.decode(NoteInput.self)
            var validator = Validator()
            validator.text("title", note.title, maxLength: 20)
            if !(1...10).contains(note.count) { validator.add("count", "validation.invalid") }
            try validator.throwIfInvalid()
            return Response(status: .created)
        }
        // A change in a write transaction that takes a moment (`IdempotencyTests`): `fail`
        // throws after the commit (`after`) or inside the transaction (`inside`).
        // `Demo-One-Trip`: whether a store could still sign the caller in inside its own
        // statement when the handler starts (nothing before it signed the request in).
        api.post("tallies") { req -> Response in
            let oneTrip = req.caller(in: Self.descriptor).credential != nil
            let account = try await req.requireAccount(in: Self.descriptor)
            let input = try req.content.decode(TallyInput.self)
            if input.fail == "inside" {
                try await req.db.writeTransaction { db in
                    try await AuditLog(app: Self.descriptor.id, clock: req.clock).record(
                        "demo.tally", entityType: "tally", entityID: "rolled-back", actor: account.id, on: db)
                    throw DemoFailure()
                }
            }
            let id = try await Self.tally(req, by: account)
            if input.fail == "after" { throw DemoFailure() }
            let response = try await Tally(id: id, note: input.note).encodeResponse(status: .created, for: req)
            response.headers.replaceOrAdd(name: "Demo-One-Trip", value: String(oneTrip))
            return response
        }
        api.post("events") { req -> Event in
            let input = try req.content.decode(EventInput.self)
            return try await req.kernel.events.publish(topic: input.topic, name: "demo.said", payload: ["text": input.text], at: req.clock.now, on: req.db)
        }
        // What the kernel takes for the caller's address (`ClientAddressTests`).
        api.get("client-address") { req in req.clientAddress }
        api.get("stream") { req in
            ServerSentEvents.response(for: req, topics: [req.query[String.self, at: "topic"] ?? "demo"])
        }
    }

    /// Writes one audit entry for a tally, in a write transaction that takes 50 ms, so
    /// requests sent together overlap.
    static func tally(_ req: Request, by account: Account) async throws -> UUID {
        let id = UUID()
        try await req.db.writeTransaction { db in
            try await AuditLog(app: Self.descriptor.id, clock: req.clock).record(
                "demo.tally", entityType: "tally", entityID: id.uuidString, actor: account.id, on: db)
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return id
    }

    struct TallyInput: Content { let note: String; let fail: String? }
    struct Tally: Content { let id: UUID; let note: String }

    struct DemoFailure: Error, CustomStringConvertible {
        var description: String { "secret internal detail 42" }
    }

    struct Me: Content { let id: UUID; let login: String; let displayName: String }
    struct NoteInput: Content { let title: String; let count: Int }
    struct EventInput: Content { let topic: String; let text: String }
    struct Registration: Content { let login: String; let password: String; let name: String }
    struct Credentials: Content { let login: String; let password: String }
    struct TokenAnswer: Content { let token: String; let expiresAt: Date }

    private func loginPage(_ req: Request, state: FormState, status: HTTPResponseStatus, message: String? = nil) -> Response {
        let l = req.localizer
        let content = H.section(.class("card")) {
            H.h1 { l.text("demo.login") }
            if let message { H.p(.class("flash flash-error"), .role("alert")) { message } }
            Components.postForm(req.viewContext, action: "/demo-app/login") {
                FormField(name: "login", label: "Login", autocomplete: "username").render(state, l)
                FormField(name: "password", label: "Password", type: "password", autocomplete: "current-password").render(state, l)
                Components.primaryButton(l.text("demo.login"))
            }
        }
        return req.render(Page(title: l.text("demo.login"), app: Self.descriptor, content: content, status: status))
    }

    private func logIn(_ req: Request) async throws -> Response {
        let state = FormState.submitted(by: req)
        let login = state.values["login"] ?? ""
        do {
            let account = try await req.accounts.authenticate(app: Self.descriptor.id, login: login, password: state.values["password"] ?? "", address: req.clientAddress)
            try await req.logIn(account)
            req.flash(.success, "demo.signed_in")
            return req.redirect(to: "/demo-app/", redirectType: .normal)
        } catch let error as AppError {
            let response = loginPage(req, state: state, status: error.status, message: error.message(req.localizer))
            for (name, value) in error.headers { response.headers.replaceOrAdd(name: name, value: value) }
            return response
        }
    }

    private func apiLogIn(_ req: Request) async throws -> TokenAnswer {
        let credentials = try req.content.decode(Credentials.self)
        let account = try await req.accounts.authenticate(app: Self.descriptor.id, login: credentials.login, password: credentials.password, address: req.clientAddress)
        let issued = try await req.accounts.issueToken(for: account)
        return TokenAnswer(token: issued.token, expiresAt: issued.expiresAt)
    }
}
