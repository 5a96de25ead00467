import Foundation
import Kernel
import Vapor

/// The Profile tab: the week plan form, the calendar feed (and reminders on this
/// device), the password and signing out.
struct ProfileView {
    let planner: Planner
    /// The plan form, as stored or as typed.
    let form: FormState
    var status: HTTPResponseStatus = .ok
    /// When the current feed was made; nil without one.
    let feedCreatedAt: Date?
    /// A feed's address just made, shown this once.
    var newFeedURL: String?
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var prefix: String { FuctivityWeb.prefix }

    var page: Page {
        FuctivityWeb.shell(planner, title: l.text("fx.profile.title"), section: .profile, status: status, c) {
            H.section(.class("card")) {
                H.h1 { l.text("fx.profile.title") }
                H.p { planner.email }
                H.h2 { l.text("fx.profile.plan") }
                PlanFormView(form: form, action: "\(prefix)/profile", submit: l.text("fx.profile.save"), c: c).html
            }
            calendarFeed
            H.section(.class("card")) {
                H.a(.class("button button-block"), .href(CategoriesPage.path)) { l.text("fx.categories.open") }
                H.a(.class("button button-block"), .href("\(prefix)/account/password")) { l.text("account.password.title") }
                Components.postForm(c, action: "\(prefix)/logout") {
                    H.button(.type("submit"), .class("button button-block")) { l.text("fx.logout") }
                }
            }
        }
    }

    /// A new feed's address (once), or since when the current one works; make, replace,
    /// revoke; and the button that turns on reminders with the page closed (Web Push).
    private var calendarFeed: HTML {
        H.section(.class("card"), .id("calendar-feed")) {
            H.h2 { l.text("fx.feed.title") }
            H.p { l.text("fx.feed.explain") }
            if let newFeedURL {
                H.label(Attribute("for", "feed-url")) { l.text("fx.feed.copy") }
                H.input(.id("feed-url"), .type("url"), .value(newFeedURL), .flag("readonly"), .class("feed-url"))
                H.p(.class("hint")) { l.text("fx.feed.once") }
            } else if let feedCreatedAt {
                H.p { l.text("fx.feed.active", ["date": l.date(feedCreatedAt)]) }
            }
            Components.postForm(c, action: "\(prefix)/profile/calendar-feed", confirm: feedCreatedAt == nil ? nil : l.text("fx.feed.replace_confirm")) {
                H.button(.type("submit"), .class("button")) { l.text(feedCreatedAt == nil ? "fx.feed.create" : "fx.feed.replace") }
            }
            if feedCreatedAt != nil {
                Components.postForm(c, action: "\(prefix)/profile/calendar-feed/revoke") {
                    Components.dangerButton(l.text("fx.feed.revoke"))
                }
            }
            Components.pushButton(c, app: prefix, label: l.text("fx.notifications.enable"), enabled: l.text("fx.push.enabled"))
        }
    }
}
