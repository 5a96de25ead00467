import Foundation
import Kernel

/// A mail's unsubscribe link: the question (GET), or what was stopped (POST); an unknown
/// link says so and points to the settings.
struct UnsubscribeView {
    struct Model {
        /// The link's own address, which the button posts to.
        let action: String
        /// Nil for a link that is unknown (or of a deleted account).
        let topic: NoticeTopic?
        let done: Bool
    }

    let model: Model
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        MoveJoinWeb.shell(nil, title: l.text("mj.unsubscribe.title"), section: .none, status: model.topic == nil ? .notFound : .ok, c) {
            H.h1 { l.text("mj.unsubscribe.title") }
            if let topic = model.topic {
                let name = l.text("mj.topic.\(topic.rawValue)")
                if model.done {
                    H.p(.class("flash flash-success"), .role("status")) { l.text("mj.unsubscribe.done", ["topic": name]) }
                } else {
                    H.p { l.text("mj.unsubscribe.ask", ["topic": name]) }
                    Components.postForm(c, action: model.action) {
                        Components.primaryButton(l.text("mj.unsubscribe.button"))
                    }
                }
            } else {
                H.p(.class("flash flash-error"), .role("alert")) { l.text("mj.unsubscribe.unknown") }
            }
            H.p { H.a(.href(MoveJoinWeb.noticeSettingsPath)) { l.text("mj.unsubscribe.settings") } }
        }
    }
}
