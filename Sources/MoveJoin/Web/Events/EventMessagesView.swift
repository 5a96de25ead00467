import Foundation
import Kernel

/// An event's questions and answers: the messages (the organiser's marked; a removed one
/// says so), a remove button where the viewer may use it, and the form for the people in
/// the event. Refreshed live, alone, when the event changes.
struct EventMessagesView {
    struct Model {
        let eventID: UUID
        let messages: [EventMessage]
        let viewerID: UUID
        let viewerIsOrganiser: Bool
        /// In the event (or its organiser), before it starts: may write.
        let canWrite: Bool
    }

    let model: Model
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var path: String { MoveJoinWeb.eventPath(model.eventID) }

    /// The section of the event's page; its list refreshes live.
    var section: HTML {
        H.section(.class("messages"), .aria("labelledby", "messages-title")) {
            H.h2(.id("messages-title")) { l.text("mj.messages.title") }
            H.div(.id("event-messages"), .data("refresh-url", "\(path)/messages"), .data("refresh-on", "event.changed"), .aria("live", "polite")) {
                list
            }
            if model.canWrite {
                Components.postForm(c, action: "\(path)/messages", classes: "message-form") {
                    TextAreaField(name: "text", label: l.text(model.viewerIsOrganiser ? "mj.messages.write_all" : "mj.messages.write"),
                                  maxLength: EventMessageService.maxLength).render(FormState(), l)
                    Components.primaryButton(l.text("mj.messages.send"))
                }
            }
        }
    }

    /// The messages alone (the live refresh's fragment).
    var list: HTML {
        if model.messages.isEmpty { return H.p(.class("empty")) { l.text("mj.messages.none") } }
        return H.ol(.class("message-list")) {
            for message in model.messages { item(message) }
        }
    }

    private func item(_ message: EventMessage) -> HTML {
        H.li(.class(message.byOrganiser ? "message message-organiser" : "message")) {
            H.p(.class("message-meta")) {
                H.strong { message.authorName }
                message.byOrganiser ? H.span(.class("badge")) { l.text("mj.messages.organiser") } : .empty
                H.small { " · " + l.dateTime(message.createdAt) }
            }
            if message.isRemoved {
                H.p(.class("message-removed")) { l.text("mj.messages.removed") }
            } else {
                H.p(.class("message-body")) { message.body }
                if model.viewerIsOrganiser || message.accountID == model.viewerID {
                    Components.postForm(c, action: "\(path)/messages/\(message.id!.uuidString.lowercased())/remove",
                                        confirm: l.text("mj.messages.remove_confirm")) {
                        H.button(.type("submit"), .class("button")) { l.text("mj.messages.remove") }
                    }
                }
            }
        }
    }
}
