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
        let notices = req.moveJoin.notices
        let model = NoticeSettingsView.Model(choices: try await notices.choices(for: mover), follows: try await notices.follows(of: mover))
        let view = NoticeSettingsView(model: model, mover: mover, c: req.viewContext)
        return req.render(view.page)
    }

    /// A ticked box is on; every box left out is off.
    static func save(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let form = FormState.submitted(by: req)
        func ticked(_ channel: String) -> Set<NoticeTopic> {
            Set(NoticeTopic.allCases.filter { form.values[NoticeSettingsView.field(channel, $0)] == "on" })
        }
        let follows = Set(SportType.all.map(\.id).filter { form.values[NoticeSettingsView.followField($0)] == "on" })
        try await req.moveJoin.notices.save(NoticeChoices(push: ticked("push"), mail: ticked("mail")), follows: follows, for: mover)
        return req.redirect(to: MoveJoinWeb.noticeSettingsPath, flash: .success, "mj.settings.saved")
    }
}
