import Foundation
import Kernel

enum AdminAccountsView {
    private static let prefix = GoldenAgerWeb.prefix

    /// Volunteers waiting for approval first; then the search form and, after a search
    /// (`query`), the person `found` — whom the searcher may manage — or word that there
    /// is none.
    static func page(_ member: Member, pending: [ProfileService.PendingVolunteer], photos: Set<UUID> = [], query: String?, found: Member?,
                     doneTasks: [TaskDetails] = [], openOrder: HelpTask? = nil, _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(member, title: l.text("ga.accounts.title"), section: .accounts, c) {
            H.h1 { l.text("ga.accounts.title") }
            pendingVolunteers(pending, photos: photos, c)
            H.form(Attribute("method", "get"), Attribute("action", "\(prefix)/admin/accounts"), .class("card")) {
                FormField(name: "q", label: l.text("ga.accounts.search"), type: "search", hint: l.text("ga.accounts.search_hint"), maxLength: 60)
                    .render(FormState(values: ["q": query ?? ""]), l)
                H.button(.type("submit"), .class("button button-block")) { l.text("ga.accounts.find") }
            }
            H.p { H.a(.class("button button-block"), .href(OperatorSignUpPage.path)) { l.text("ga.operator.new_title") } }
            if let query, !query.isEmpty {
                if let found {
                    account(found, by: member, c)
                    if found.role == .pensioner { operatorActions(found, openOrder: openOrder, c) }
                    if found.role == .volunteer { credits(doneTasks, of: found, c) }
                } else {
                    H.p(.class("lead")) { l.text("ga.accounts.not_found") }
                }
            }
        }
    }

    /// For a pensioner on the phone: their open order, or «Замовити допомогу» for them.
    private static func operatorActions(_ pensioner: Member, openOrder: HelpTask?, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return H.section(.class("card operator")) {
            if let city = pensioner.profile?.city, let address = pensioner.profile?.address {
                H.p { "\(City.name(of: city, in: l.language)), \(address)" }
            }
            if let open = openOrder {
                H.a(.class("button button-block"), .href(OrderPage.path(open.id!))) { l.text("ga.operator.open_order") }
            } else {
                Components.postForm(c, action: "\(prefix)/admin/accounts/\(pensioner.id)/order") {
                    H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.operator.order_for", ["name": pensioner.account.displayName]) }
                }
            }
        }
    }

    /// Who it is, and what can be done: a reset code or deactivation while active (a
    /// coordinator deactivates only their organisation's volunteers).
    private static func account(_ found: Member, by member: Member, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return H.section(.class("card")) {
            H.h2 { found.account.displayName }
            H.p { "\(l.text("ga.role.\(found.account.role)")) · \(PhoneNumber.display(found.account.login))" }
            if found.account.isActive {
                Components.postForm(c, action: "\(prefix)/admin/accounts/\(found.id)/reset-code") {
                    H.button(.type("submit"), .class("button button-block")) { l.text("ga.reset.issue") }
                }
                if member.role == .admin || found.role == .volunteer {
                    Components.postForm(c, action: "\(prefix)/admin/accounts/\(found.id)/deactivate",
                                        confirm: l.text("ga.accounts.deactivate_confirm", ["name": found.account.displayName])) {
                        Components.dangerButton(l.text("ga.accounts.deactivate"))
                    }
                }
            } else {
                H.p(.class("flash flash-info")) { l.text("ga.accounts.inactive") }
            }
        }
    }

    /// Each waiting volunteer with a form to approve them: the box saying a document was
    /// checked must be ticked (the service refuses the approval without it too).
    private static func pendingVolunteers(_ pending: [ProfileService.PendingVolunteer], photos: Set<UUID>, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return H.section(.class("pending-volunteers"), .aria("labelledby", "pending-title")) {
            H.h2(.id("pending-title")) { l.text("ga.approval.pending_title") }
            if pending.isEmpty {
                H.p(.class("empty")) { l.text("ga.approval.none") }
            }
            for volunteer in pending {
                let profile = volunteer.profile
                H.article(.class("card pending-volunteer"), .data("account-id", profile.id!.uuidString)) {
                    H.h3 { profile.fullName }
                    // Compared with the identity document before approving.
                    if photos.contains(profile.id!) {
                        H.img(Attribute("src", "\(prefix)/volunteers/\(profile.id!)/photo"), .class("person-photo"), Attribute("alt", l.text("ga.photo.alt", ["name": profile.fullName])))
                    } else {
                        H.p(.class("task-meta")) { l.text("ga.approval.no_photo") }
                    }
                    H.p { "\(PhoneNumber.display(profile.phone)) · \(City.name(of: profile.city, in: l.language))" }
                    H.p(.class("task-meta")) { l.text("ga.approval.registered", ["date": l.date(volunteer.signedUpAt)]) }
                    Components.postForm(c, action: "\(prefix)/admin/accounts/\(profile.id!)/approve") {
                        H.label(.class("check")) {
                            H.input(.type("checkbox"), .name("documentChecked"), .value("on"), .flag("required", true))
                            H.span { l.text("ga.approval.document") }
                        }
                        H.button(.type("submit"), .class("button button-yes button-block"),
                                 .aria("label", l.text("ga.approval.approve_named", ["name": profile.fullName]))) { l.text("ga.approval.approve") }
                    }
                    if profile.suspendedAt != nil { H.p(.class("flash flash-error")) { l.text("ga.board.suspended") } }
                    rejectionForm(profile, c)
                }
            }
        }
    }

    /// Turning the volunteer down, with the reason they will read (shown again once given).
    private static func rejectionForm(_ profile: Profile, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let id = profile.id!
        return Components.postForm(c, action: "\(prefix)/admin/accounts/\(id)/reject", classes: "reject-form") {
            H.label(Attribute("for", "reject-\(id)")) { l.text("ga.rejection.reason") }
            H.textarea(.id("reject-\(id)"), .name("reason"), .flag("required"), Attribute("maxlength", "500"), Attribute("rows", "2")) {
                profile.rejectionReason ?? ""
            }
            H.button(.type("submit"), .class("button button-no button-block"),
                     .aria("label", "\(l.text("ga.rejection.submit")): \(profile.fullName)")) { l.text("ga.rejection.submit") }
        }
    }

    /// The volunteer's done tasks with the time each credits, and a form to correct it
    /// (with the reason, for the audit log).
    private static func credits(_ tasks: [TaskDetails], of volunteer: Member, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return H.section(.class("card credits"), .aria("labelledby", "credits-title")) {
            H.h2(.id("credits-title")) { l.text("ga.credit.title") }
            if tasks.isEmpty { H.p(.class("empty")) { l.text("ga.credit.none") } }
            for details in tasks {
                let task = details.task
                let title = details.template.title(in: l.language)
                H.article(.class("credit"), .data("task-id", task.id!.uuidString)) {
                    H.h3 { title }
                    H.p(.class("task-meta")) {
                        "\(l.date(task.closedAt ?? task.createdAt)) · \(l.text("ga.credit.credited", ["time": l.duration(minutes: task.credited)]))"
                    }
                    Components.postForm(c, action: "\(prefix)/admin/tasks/\(task.id!)/credit", classes: "inline-form") {
                        H.input(.type("hidden"), .name("login"), .value(volunteer.account.login))
                        // Names carry the task's id: one page holds a form per task, and ids must not repeat.
                        FormField(name: "minutes-\(task.id!)", label: l.text("ga.credit.minutes"), type: "number", inputMode: "numeric")
                            .render(FormState(values: ["minutes-\(task.id!)": String(task.credited)]), l)
                        FormField(name: "reason-\(task.id!)", label: l.text("ga.credit.reason"), maxLength: 200).render(FormState(), l)
                        H.button(.type("submit"), .class("button button-block"), .aria("label", l.text("ga.credit.save_named", ["title": title]))) {
                            l.text("ga.credit.save")
                        }
                    }
                }
            }
        }
    }
}
