import Foundation
import Kernel
import Vapor

/// The web UI under `/shelter`. Each page is its handlers (`…Page`: parse, call a
/// service, build a view model) and its view (`…View`: view model and `ViewContext` →
/// `Page`); this file mounts them, with the one answer that is not a page: the live
/// alarm stream. `ShelterShell.swift` holds the shell.
enum ShelterWeb {
    static let prefix = SmartShelter.descriptor.pathPrefix

    static func register(on routes: any RoutesBuilder) {
        let web = routes.grouped(PasswordInPlace())
        WelcomePage.register(on: web)
        DashboardPage.register(on: web)
        EnclosurePage.register(on: web)
        ChartPage.register(on: web)
        StaffPage.register(on: web)
        AuditPage.register(on: web)
        ConfirmPasswordPage.register(on: web)
        SettingsPage.register(on: web)
        WarehousePage.register(on: web)
        ItemPage.register(on: web)
        AnimalsPage.register(on: web)
        AnimalPage.register(on: web)
        FeedingPage.register(on: web)
        TasksPage.register(on: web)
        BackupPage.register(on: web)
        AdoptPage.register(on: web)
        ApplicationsPage.register(on: web)
        PeoplePage.register(on: web)
        StatisticsPage.register(on: web)
        web.get("live", use: live)
    }

    /// The browser's event stream: alarms opening, reminded, acknowledged and resolved.
    static func live(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        guard person.role != .pending else { throw ShelterContext.pending }
        return ServerSentEvents.response(for: req, topics: [ShelterEvents.alarms])
    }

    static func enclosurePath(_ id: UUID) -> String { "\(prefix)/enclosures/\(id.uuidString.lowercased())" }

    /// Runs a change from a form: a director whose confirmation has run out gets the
    /// password prompt in its place, holding the form's fields, and the change is carried
    /// out when the password is typed (`PasswordInPlace`); a field at fault comes back as a
    /// message on `back`.
    static func change(_ req: Request, back: String, _ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch let error as AppError where error.code == PasswordConfirmations.required.code {
            return try await ConfirmPasswordPage.prompt(req, back: back)
        } catch let error as AppError where error.status == .unprocessableEntity || error.status == .conflict {
            let first = error.fieldErrors.first
            return req.redirect(to: back, flash: .error, first?.key ?? error.key, first?.arguments ?? error.arguments)
        }
    }
}
