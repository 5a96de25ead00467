import Fluent
import Kernel
import Vapor

/// `/`: the first screen — sign in, or join as a pensioner or a volunteer.
enum WelcomePage {
    static func register(on web: any RoutesBuilder) {
        web.get(use: welcome)
    }

    /// Someone already signed in goes straight to where their role starts.
    static func welcome(_ req: Request) async throws -> Response {
        if let account = try await req.currentAccount(in: GoldenAger.descriptor) {
            return req.redirect(to: GoldenAgerWeb.home(for: try await Member(account: account, on: req.db)))
        }
        return req.render(WelcomeView.page(req.viewContext))
    }
}
