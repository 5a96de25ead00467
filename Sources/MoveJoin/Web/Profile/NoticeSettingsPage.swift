import Foundation
import Kernel
import Vapor

/// How the person hears each kind of news: on their phones and by e-mail
/// (`/movejoin/profile/notices`).
enum NoticeSettingsPage {
    static func register(on web: any RoutesBuilder) {
        web.get("profile", "notices", use: show)
        web.post("profile", "notices", use: save)
    }

    static func show(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let view = NoticeSettingsView(model: .init(choices: try await req.moveJoin.notices.choices(for: mover)), mover: mover, c: req.viewContext)
        return req.render(view.page)
    }

    /// A ticked box is on; every box left out is off.
    static func save(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let form = FormState.submitted(by: req)
        func ticked(_ channel: String) -> Set<NoticeTopic> {
            Set(NoticeTopic.allCases.filter { form.values[NoticeSettingsView.field(channel, $0)] == "on" })
        }
        try await req.moveJoin.notices.save(NoticeChoices(push: ticked("push"), mail: ticked("mail")), for: mover)
        return req.redirect(to: MoveJoinWeb.noticeSettingsPath, flash: .success, "mj.settings.saved")
    }
}
