import Kernel

enum AdminAccountsView {
    private static let prefix = GoldenAgerWeb.prefix

    /// The search form; after a search (`query`), the person `found` — whom the searcher
    /// may manage — or word that there is none.
    static func page(_ member: Member, query: String?, found: Member?, _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(member, title: l.text("ga.accounts.title"), section: .accounts, c) {
            H.h1 { l.text("ga.accounts.title") }
            H.form(Attribute("method", "get"), Attribute("action", "\(prefix)/admin/accounts"), .class("card")) {
                FormField(name: "q", label: l.text("ga.accounts.search"), type: "search", hint: l.text("ga.accounts.search_hint"), maxLength: 60)
                    .render(FormState(values: ["q": query ?? ""]), l)
                H.button(.type("submit"), .class("button button-block")) { l.text("ga.accounts.find") }
            }
            if let query, !query.isEmpty {
                if let found {
                    account(found, c)
                } else {
                    H.p(.class("lead")) { l.text("ga.accounts.not_found") }
                }
            }
        }
    }

    /// Who it is, and what can be done: a reset code or deactivation while active.
    private static func account(_ found: Member, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return H.section(.class("card")) {
            H.h2 { found.account.displayName }
            H.p { "\(l.text("ga.role.\(found.account.role)")) · \(PhoneNumber.display(found.account.login))" }
            if found.account.isActive {
                Components.postForm(c, action: "\(prefix)/admin/accounts/\(found.id)/reset-code") {
                    H.button(.type("submit"), .class("button button-block")) { l.text("ga.reset.issue") }
                }
                Components.postForm(c, action: "\(prefix)/admin/accounts/\(found.id)/deactivate",
                                    confirm: l.text("ga.accounts.deactivate_confirm", ["name": found.account.displayName])) {
                    Components.dangerButton(l.text("ga.accounts.deactivate"))
                }
            } else {
                H.p(.class("flash flash-info")) { l.text("ga.accounts.inactive") }
            }
        }
    }
}
