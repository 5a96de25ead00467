import Foundation
import Kernel

/// A notice as e-mail, in the reader's language: the notice's words, the event's
/// address, why the mail came and how to stop mail of its kind — one click in the mail
/// app (RFC 8058, the same `unsubscribeURL`), or the choices in the profile.
enum NoticeMail {
    struct Links {
        let event: String
        let settings: String
        let unsubscribe: String
    }

    static func mail(_ kind: NoticeKind, title: String, detail: NoticeDetail?, to address: String, links: Links, _ l: Localizer) -> OutgoingMail {
        let news = NoticeText.text(kind, title: title, detail: detail, l)
        let why = l.text("mj.mail.why.\(kind.topic.rawValue)")
        let stop = l.text("mj.mail.stop", ["topic": l.text("mj.topic.\(kind.topic.rawValue)")])
        let text = [news, l.text("mj.mail.open") + ": " + links.event, "—",
                    why, stop + ": " + links.unsubscribe, l.text("mj.mail.settings") + ": " + links.settings].joined(separator: "\n\n")
        let html = H.div {
            H.p { news }
            H.p { H.a(.href(links.event)) { l.text("mj.mail.open") } }
            H.p(Attribute("style", "color:#555;font-size:90%;border-top:1px solid #ccc;padding-top:8px")) {
                why + " "
                H.a(.href(links.unsubscribe)) { stop }
                " · "
                H.a(.href(links.settings)) { l.text("mj.mail.settings") }
            }
        }.rendered
        return OutgoingMail(to: address, subject: news, text: text, html: html, unsubscribeURL: links.unsubscribe)
    }
}
