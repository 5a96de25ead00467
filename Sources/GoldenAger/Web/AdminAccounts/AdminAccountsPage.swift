import Kernel
import Vapor

/// `/admin/accounts`: coordinators and administrators approve new volunteers (listed
/// first, the longest waiting at the top) and find a person by phone number to give them
/// a password reset code or to deactivate their account.
enum AdminAccountsPage {
    static let prefix = GoldenAgerWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("admin", "accounts", use: accounts)
        web.post("admin", "accounts", ":accountID", "deactivate", use: deactivate)
        web.post("admin", "accounts", ":accountID", "reset-code", use: issueResetCode)
        web.post("admin", "accounts", ":accountID", "approve", use: approve)
        web.post("admin", "accounts", ":accountID", "reject", use: reject)
        web.post("admin", "accounts", ":accountID", "order", use: orderFor)
        web.post("admin", "tasks", ":taskID", "credit", use: correctCredit)
    }

    static func accounts(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let query = req.query[String.self, at: "q"]
        let administration = req.goldenAger.administration
        let found = try await administration.findAccount(query, by: member)
        let pending = try await req.goldenAger.profiles.pendingVolunteers(for: member)
        var done: [TaskDetails] = []
        var openOrder: HelpTask?
        if let found, found.role == .volunteer { done = try await administration.doneTasks(of: found, by: member) }
        if let found, found.role == .pensioner { openOrder = try await req.goldenAger.tasks.openOrder(of: found.id) }
        let photos = try await req.goldenAger.photos.withPhotos(pending.compactMap(\.profile.id))
        return req.render(AdminAccountsView.page(member, pending: pending, photos: photos, query: query, found: found, doneTasks: done,
                                                 openOrder: openOrder, req.viewContext))
    }

    /// «Замовити допомогу» for a caller: the catalogue follows, ordering for them.
    static func orderFor(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let pensioner = try await req.goldenAger.relatives.pensioner(for: member, try req.uuidParameter("accountID"))
        try await req.webSession()[RelativesPage.orderingForKey] = pensioner.id?.uuidString
        return req.redirect(to: "\(prefix)/categories", redirectType: .normal)
    }

    /// Corrects the time one done task credits; back to the volunteer it belongs to.
    static func correctCredit(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let taskID = try req.uuidParameter("taskID")
        let minutes = (try? req.content.get(String.self, at: "minutes-\(taskID)")).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let reason = try? req.content.get(String.self, at: "reason-\(taskID)")
        let login = (try? req.content.get(String.self, at: "login")) ?? ""
        let back = "\(prefix)/admin/accounts?q=\(login.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        do {
            _ = try await req.goldenAger.administration.correctCredit(taskID, minutes: minutes, reason: reason, by: member)
            return req.redirect(to: back, flash: .success, "ga.credit.saved")
        } catch let error as AppError where error.status == .unprocessableEntity || error.status == .conflict {
            let problem = error.fieldErrors.first
            return req.redirect(to: back, flash: .error, problem?.key ?? error.key, problem?.arguments ?? error.arguments)
        }
    }

    /// Approves a pending volunteer once the coordinator ticked that they saw a document.
    static func approve(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let checked = (try? req.content.get(String.self, at: "documentChecked")) == "on"
        do {
            let approved = try await req.goldenAger.profiles.approve(try req.uuidParameter("accountID"), documentChecked: checked, by: member)
            return req.redirect(to: "\(prefix)/admin/accounts", flash: .success, "ga.approval.approved", ["name": approved.account.displayName])
        } catch let error as AppError where error.code == "validation_failed" {
            return req.redirect(to: "\(prefix)/admin/accounts", flash: .error, "ga.approval.document_required")
        }
    }

    /// Turns a waiting volunteer down; without a reason, the page says so.
    static func reject(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let reason = try? req.content.get(String.self, at: "reason")
        let back = "\(prefix)/admin/accounts"
        do {
            let rejected = try await req.goldenAger.profiles.reject(try req.uuidParameter("accountID"), reason: reason, by: member)
            return req.redirect(to: back, flash: .success, "ga.rejection.flash", ["name": rejected.account.displayName])
        } catch let error as AppError where error.status == .unprocessableEntity || error.status == .conflict {
            return req.redirect(to: back, flash: .error, error.fieldErrors.first?.key ?? error.key, error.fieldErrors.first?.arguments ?? error.arguments)
        }
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
