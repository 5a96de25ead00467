import Foundation
import Kernel
import Vapor

/// The web UI under `/golden-ager`. Each page (or small group of pages) has a folder
/// with two files: `…Page` registers its routes and holds its handlers (parse the
/// request, call a service, build the view model, answer), and `…View` turns the view
/// model and a `ViewContext` into HTML — never reading the request, so a view renders,
/// and is tested, without a server.
enum GoldenAgerWeb {
    static let prefix = GoldenAger.descriptor.pathPrefix

    static func register(on web: any RoutesBuilder) {
        // Everyone
        WelcomePage.register(on: web)
        JoinPage.register(on: web)
        ProfilePage.register(on: web)
        InstructionsPage.register(on: web)
        // Pensioners
        CategoriesPage.register(on: web)
        TemplatePage.register(on: web)
        OrdersPage.register(on: web)
        OrderPage.register(on: web)
        OrderDetailsPage.register(on: web)
        ReportPage.register(on: web)
        // Pensioners and their relatives
        RelativesPage.register(on: web)
        // Volunteers
        InboxPage.register(on: web)
        TaskPage.register(on: web)
        AssignmentsPage.register(on: web)
        CertificatePage.register(on: web)
        VerifyPage.register(on: web)
        // Coordinators and administrators
        BoardPage.register(on: web)
        AdminAccountsPage.register(on: web)
        OperatorSignUpPage.register(on: web)
        AdminPage.register(on: web)
        AdminOrganisationsPage.register(on: web)
        AdminCategoriesPage.register(on: web)
        AdminTemplatePage.register(on: web)
        AdminConsultationPage.register(on: web)
        web.get("live", use: live)
    }

    /// The browser's event stream: the same topics a native client gets.
    static func live(_ req: Request) async throws -> Response {
        let member = try await req.member()
        return ServerSentEvents.response(for: req, topics: GoldenAgerEvents.topics(for: member))
    }

    /// A volunteer's photo, private to those who may see it, revalidated by its digest.
    static func image(_ photo: VolunteerPhoto, _ req: Request) -> Response {
        PrivateImage.response(contentType: photo.contentType, bytes: photo.data, etag: "\"\(photo.digest)\"", for: req)
    }

    /// Where each role starts.
    static func home(for member: Member) -> String {
        switch member.role {
        case .pensioner: "\(prefix)/categories"
        case .relative: "\(prefix)/relatives"
        case .volunteer: "\(prefix)/inbox"
        case .coordinator, .admin: "\(prefix)/board"
        case nil: "\(prefix)/"
        }
    }

    /// A button on a task (`/…/:taskID/<action>`): runs `change` as one of `roles`, then goes to
    /// `next` with a message; a conflict (someone was quicker) comes back on `fallback`.
    static func taskButton(
        _ req: Request, as roles: GARole..., fallback: (UUID) -> String, next: (UUID) -> String,
        _ kind: Flash.Kind, _ key: String, change: (TaskService, UUID, Member) async throws -> Void
    ) async throws -> Response {
        let member = try await req.signedIn(Member.self, roles: Set(roles.map(\.rawValue)))
        let id = try req.uuidParameter("taskID")
        return try await req.showingConflicts(on: fallback(id)) {
            try await change(req.goldenAger.tasks, id, member)
            return req.redirect(to: next(id), flash: kind, key)
        }
    }
}
