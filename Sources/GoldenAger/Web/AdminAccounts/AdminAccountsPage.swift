import Kernel
import Vapor

/// `/admin/accounts`: coordinators and administrators find a person by phone number to
/// give them a password reset code or to deactivate their account.
enum AdminAccountsPage {
    static let prefix = GoldenAgerWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("admin", "accounts", use: accounts)
        web.post("admin", "accounts", ":accountID", "deactivate", use: deactivate)
        web.post("admin", "accounts", ":accountID", "reset-code", use: issueResetCode)
    }

    static func accounts(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let query = req.query[String.self, at: "q"]
        let found = try await req.goldenAger.administration.findAccount(query, by: member)
        return req.render(AdminAccountsView.page(member, query: query, found: found, req.viewContext))
    }

    /// Shows the code once, in the flash message, on the accounts page.
    static func issueResetCode(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let (target, issued) = try await req.goldenAger.administration.issueResetCode(for: try req.uuidParameter("accountID"), by: member)
        let time = req.localizer.time(issued.expiresAt)
        return req.redirect(to: "\(prefix)/admin/accounts?q=\(target.account.login)", flash: .success, "ga.reset.issued",
                            ["name": target.account.displayName, "code": issued.code, "time": time])
    }

    static func deactivate(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        try await req.goldenAger.administration.deactivate(try req.uuidParameter("accountID"), by: member)
        return req.redirect(to: "\(prefix)/admin/accounts", flash: .success, "ga.accounts.deactivated")
    }
}
