import Kernel
import Vapor

/// `/admin`: the administrator's menu of the app's settings.
enum AdminPage {
    static func register(on web: any RoutesBuilder) {
        web.get("admin", use: admin)
    }

    static func admin(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        return req.render(AdminView.page(member, req.viewContext))
    }
}
