import Fluent
import Foundation
import Kernel
import Vapor

/// The Profile tab: details, password, history, notices, calendar feed, sign-out, deletion.
enum ProfilePages {
    static let prefix = MoveJoinWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("profile", use: profile)
        web.post("profile", use: saveProfile)
        web.get("history", use: history)
        web.get("notifications", use: notifications)
        web.post("notifications", "read", use: markRead)
        web.post("profile", "calendar-feed", use: createFeed)
        web.post("profile", "calendar-feed", "revoke", use: revokeFeed)
    }

    static func profile(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let values = ["name": mover.profile.name, "surname": mover.profile.surname, "cityId": mover.profile.cityID]
        return try await profilePage(req, mover, state: FormState(values: values))
    }

    static func saveProfile(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let state = FormState.submitted(by: req)
        do {
            _ = try await req.moveJoin.people.update(mover, name: state.values["name"] ?? "", surname: state.values["surname"] ?? "",
                                                     cityID: state.values["cityId"] ?? "")
            return req.redirect(to: "\(prefix)/profile", flash: .success, "mj.profile.saved")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return try await profilePage(req, mover, state: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
        }
    }

    static func profilePage(_ req: Request, _ mover: Mover, state: FormState, status: HTTPResponseStatus = .ok, newFeedURL: String? = nil) async throws -> Response {
        let l = req.localizer
        let feedCreatedAt = try await req.moveJoin.calendarFeeds.createdAt(for: mover)
        let unread = try await req.moveJoin.notices.unreadCount(for: mover)
        return MoveJoinWeb.page(req, mover, title: l.text("mj.profile.title"), section: .profile, status: status) {
            H.h1 { mover.profile.fullName }
            H.p(.class("email")) { mover.email }
            H.section(.class("card")) {
                H.h2 { l.text("mj.profile.details") }
                Components.errorSummary(state, l)
                Components.postForm(req, action: "\(prefix)/profile") {
                    FormField(name: "name", label: l.text("mj.field.name"), autocomplete: "given-name", maxLength: PeopleService.nameMaxLength).render(state, l)
                    FormField(name: "surname", label: l.text("mj.field.surname"), autocomplete: "family-name", maxLength: PeopleService.nameMaxLength).render(state, l)
                    SelectField(name: "cityId", label: l.text("mj.field.city"), options: MoveJoinWeb.cityOptions(l)).render(state, l)
                    Components.primaryButton(l.text("mj.profile.save"))
                }
            }
            H.nav(.class("menu"), .aria("label", l.text("mj.profile.more"))) {
                H.a(.class("button button-block"), .href("\(prefix)/history")) { l.text("mj.history.title") }
                H.a(.class("button button-block"), .href("\(prefix)/notifications")) {
                    unread > 0 ? l.text("mj.notices.title_unread", ["n": String(unread)]) : l.text("mj.notices.title")
                }
                H.a(.class("button button-block"), .href("\(prefix)/account/password")) { l.text("account.password.title") }
            }
            H.section(.class("card"), .id("calendar-feed")) {
                H.h2 { l.text("mj.feed.title") }
                H.p { l.text("mj.feed.explain") }
                if let newFeedURL {
                    H.label(Attribute("for", "feed-url")) { l.text("mj.feed.copy") }
                    H.input(.id("feed-url"), .type("url"), .value(newFeedURL), .flag("readonly"), .class("feed-url"))
                    H.p(.class("hint")) { l.text("mj.feed.once") }
                } else if let feedCreatedAt {
                    H.p { l.text("mj.feed.active", ["date": l.date(feedCreatedAt)]) }
                }
                Components.postForm(req, action: "\(prefix)/profile/calendar-feed", confirm: feedCreatedAt == nil ? nil : l.text("mj.feed.replace_confirm")) {
                    H.button(.type("submit"), .class("button")) { l.text(feedCreatedAt == nil ? "mj.feed.create" : "mj.feed.replace") }
                }
                if feedCreatedAt != nil {
                    Components.postForm(req, action: "\(prefix)/profile/calendar-feed/revoke") {
                        H.button(.type("submit"), .class("button")) { l.text("mj.feed.revoke") }
                    }
                }
            }
            Components.postForm(req, action: "\(prefix)/logout") {
                H.button(.type("submit"), .class("button button-block")) { l.text("mj.logout") }
            }
            H.a(.class("button button-danger button-block"), .href("\(prefix)/account/delete")) { l.text("account.delete.title") }
        }
    }

    // MARK: Password

    static func history(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let l = req.localizer
        let past = try await req.moveJoin.sportEvents.mine(mover, history: true)
        let upcoming = try await req.moveJoin.sportEvents.mine(mover, history: false)
        return MoveJoinWeb.page(req, mover, title: l.text("mj.history.title"), section: .profile) {
            H.h1 { l.text("mj.history.upcoming") }
            if upcoming.isEmpty { H.p(.class("empty")) { l.text("mj.history.no_upcoming") } }
            H.ul(.class("event-list")) { for view in upcoming { H.li { EventPages.card(view, l) } } }
            H.h1 { l.text("mj.history.title") }
            if past.isEmpty { H.p(.class("empty")) { l.text("mj.history.none") } }
            H.ul(.class("event-list")) { for view in past { H.li { EventPages.card(view, l) } } }
        }
    }

    static func notifications(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let l = req.localizer
        let found = try await req.moveJoin.notices.list(for: mover)
        return MoveJoinWeb.page(req, mover, title: l.text("mj.notices.title"), section: .profile) {
            H.h1 { l.text("mj.notices.title") }
            if found.notices.isEmpty { H.p(.class("empty")) { l.text("mj.notices.none") } }
            H.ul(.class("notice-list")) {
                for notice in found.notices {
                    H.li(.class(notice.readAt == nil ? "unread" : nil)) {
                        H.a(.href("\(prefix)/events/\(notice.eventID.uuidString.lowercased())")) {
                            l.text("mj.notice.\(notice.kind.rawValue)", ["title": notice.eventTitle])
                        }
                        H.small { " · " + l.date(notice.createdAt) }
                    }
                }
            }
            if found.unread > 0 {
                Components.postForm(req, action: "\(prefix)/notifications/read") {
                    H.button(.type("submit"), .class("button")) { l.text("mj.notices.mark_read") }
                }
            }
        }
    }

    static func markRead(_ req: Request) async throws -> Response {
        try await req.moveJoin.notices.markAllRead(for: try await req.mover())
        let back = Request.safeLocalPath(req.headers.first(name: .referer).flatMap { URL(string: $0)?.path }, fallback: "\(prefix)/events")
        return req.redirect(to: back.hasPrefix(prefix) ? back : "\(prefix)/events", redirectType: .normal)
    }

    // MARK: Calendar feed

    static func createFeed(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let created = try await req.moveJoin.calendarFeeds.create(for: mover)
        let values = ["name": mover.profile.name, "surname": mover.profile.surname, "cityId": mover.profile.cityID]
        return try await profilePage(req, mover, state: FormState(values: values), newFeedURL: MoveJoinWeb.feedURL(token: created.token, req))
    }

    static func revokeFeed(_ req: Request) async throws -> Response {
        try await req.moveJoin.calendarFeeds.revoke(for: try await req.mover())
        return req.redirect(to: "\(prefix)/profile", flash: .info, "mj.feed.revoked")
    }
}
