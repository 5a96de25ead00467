import Foundation
import Kernel

/// A box per topic: on the phone, by e-mail. The phone's own switch (the push
/// subscription of this browser) is at the top, as the phone boxes need it.
struct NoticeSettingsView {
    struct Model {
        let choices: NoticeChoices
        /// The sports followed in the person's city.
        var follows: Set<String> = []
    }

    let model: Model
    let mover: Mover
    let c: ViewContext

    private var l: Localizer { c.localizer }

    static func field(_ channel: String, _ topic: NoticeTopic) -> String { "\(channel)-\(topic.rawValue)" }
    static func followField(_ sport: String) -> String { "follow-\(sport)" }

    var page: Page {
        MoveJoinWeb.shell(mover, title: l.text("mj.settings.title"), section: .profile, c) {
            H.h1 { l.text("mj.settings.title") }
            Components.pushButton(c, app: MoveJoinWeb.prefix, label: l.text("mj.push.offer"), enabled: l.text("mj.push.enabled"))
            Components.postForm(c, action: MoveJoinWeb.noticeSettingsPath) {
                for topic in NoticeTopic.allCases { choice(topic) }
                follows
                H.p(.class("hint")) { l.text("mj.settings.mail_to", ["email": mover.email]) }
                Components.primaryButton(l.text("mj.settings.save"))
            }
        }
    }

    private func choice(_ topic: NoticeTopic) -> HTML {
        H.fieldset(.class("card notice-topic")) {
            H.legend { l.text("mj.topic.\(topic.rawValue)") }
            H.p(.class("hint")) { l.text("mj.topic.\(topic.rawValue).hint") }
            box("push", topic, isOn: model.choices.push.contains(topic), label: l.text("mj.settings.push"))
            box("mail", topic, isOn: model.choices.mail.contains(topic), label: l.text("mj.settings.mail"))
        }
    }

    /// A box per sport: games of it in the person's city that need players.
    private var follows: HTML {
        H.fieldset(.class("card notice-topic follows")) {
            H.legend { l.text("mj.settings.follow", ["city": City.name(of: mover.profile.cityID, in: l.language)]) }
            H.p(.class("hint")) { l.text("mj.settings.follow_hint") }
            for (id, name) in SportType.options(in: l.language) {
                H.label(.class("checkbox")) {
                    H.input(.type("checkbox"), .name(Self.followField(id)), .value("on"), .flag("checked", model.follows.contains(id)))
                    H.span { name }
                }
            }
        }
    }

    private func box(_ channel: String, _ topic: NoticeTopic, isOn: Bool, label: String) -> HTML {
        H.label(.class("checkbox")) {
            H.input(.type("checkbox"), .name(Self.field(channel, topic)), .value("on"), .flag("checked", isOn))
            H.span { label }
        }
    }
}
