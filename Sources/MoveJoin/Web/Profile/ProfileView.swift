import Foundation
import Kernel
import Vapor

/// The Profile tab: name and city, links to history, notices and the password, the
/// calendar feed, signing out and deleting the account.
struct ProfileView {
    let mover: Mover
    /// The details form, as stored or as typed.
    let form: FormState
    var status: HTTPResponseStatus = .ok
    /// When the current feed was made; nil without one.
    let feedCreatedAt: Date?
    /// A feed's address just made, shown this once.
    var newFeedURL: String?
    let unreadNotices: Int
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var prefix: String { MoveJoinWeb.prefix }

    var page: Page {
        MoveJoinWeb.shell(mover, title: l.text("mj.profile.title"), section: .profile, status: status, c) {
            H.h1 { mover.profile.fullName }
            H.p(.class("email")) { mover.email }
            details
            menu
            Components.pushButton(c, app: prefix, label: l.text("mj.push.offer"), enabled: l.text("mj.push.enabled"))
            calendarFeed
            Components.postForm(c, action: "\(prefix)/logout") {
                H.button(.type("submit"), .class("button button-block")) { l.text("mj.logout") }
            }
            H.a(.class("button button-danger button-block"), .href("\(prefix)/account/delete")) { l.text("account.delete.title") }
        }
    }

    private var details: HTML {
        return H.section(.class("card")) {
            H.h2 { l.text("mj.profile.details") }
            Components.errorSummary(form, l)
            Components.postForm(c, action: "\(prefix)/profile") {
                FormField(name: "name", label: l.text("mj.field.name"), autocomplete: "given-name", maxLength: PeopleService.nameMaxLength).render(form, l)
                FormField(name: "surname", label: l.text("mj.field.surname"), autocomplete: "family-name", maxLength: PeopleService.nameMaxLength).render(form, l)
                SelectField(name: "cityId", label: l.text("mj.field.city"), options: MoveJoinWeb.cityOptions(l)).render(form, l)
                Components.primaryButton(l.text("mj.profile.save"))
            }
        }
    }

    /// History, notices (with how many are unread) and the password.
    private var menu: HTML {
        H.nav(.class("menu"), .aria("label", l.text("mj.profile.more"))) {
            H.a(.class("button button-block"), .href("\(prefix)/history")) { l.text("mj.history.title") }
            H.a(.class("button button-block"), .href("\(prefix)/notifications")) {
                unreadNotices > 0 ? l.text("mj.notices.title_unread", ["n": String(unreadNotices)]) : l.text("mj.notices.title")
            }
            H.a(.class("button button-block"), .href(MoveJoinWeb.noticeSettingsPath)) { l.text("mj.settings.title") }
            H.a(.class("button button-block"), .href("\(prefix)/account/password")) { l.text("account.password.title") }
        }
    }

    /// A new feed's address (once), or since when the current one works; make, replace, revoke.
    private var calendarFeed: HTML {
        let createdAt = feedCreatedAt
        return H.section(.class("card"), .id("calendar-feed")) {
            H.h2 { l.text("mj.feed.title") }
            H.p { l.text("mj.feed.explain") }
            if let url = newFeedURL {
                // `webcal:` opens a phone's calendar on its subscribe screen (iPhone); the
                // address itself is for calendars that take a pasted link (Google's).
                H.a(.class("button button-primary button-block"), .href(MoveJoinWeb.webcal(url))) { l.text("mj.feed.add") }
                H.div(.class("field feed-address")) {
                    H.label(Attribute("for", "feed-url")) { l.text("mj.feed.copy") }
                    H.input(.id("feed-url"), .type("url"), .value(url), .flag("readonly"), .class("feed-url"))
                    Components.copyButton(target: "feed-url", label: l.text("mj.feed.copy_button"), copied: l.text("mj.feed.copied"))
                }
                H.p(.class("hint")) { l.text("mj.feed.how") }
                H.p(.class("hint")) { l.text("mj.feed.once") }
            } else if let createdAt {
                H.p { l.text("mj.feed.active", ["date": l.date(createdAt)]) }
            }
            Components.postForm(c, action: "\(prefix)/profile/calendar-feed", confirm: createdAt == nil ? nil : l.text("mj.feed.replace_confirm")) {
                H.button(.type("submit"), .class("button")) { l.text(createdAt == nil ? "mj.feed.create" : "mj.feed.replace") }
            }
            if createdAt != nil {
                Components.postForm(c, action: "\(prefix)/profile/calendar-feed/revoke") {
                    H.button(.type("submit"), .class("button")) { l.text("mj.feed.revoke") }
                }
            }
        }
    }
}
