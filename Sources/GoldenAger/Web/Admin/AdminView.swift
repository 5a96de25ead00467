import Kernel

enum AdminView {
    private static let prefix = GoldenAgerWeb.prefix

    /// The settings pages, and the kernel's audit log.
    static let entries = [("admin/organisations", "ga.admin.organisations"), ("admin/categories", "ga.admin.categories"),
                          ("admin/consultation", "ga.admin.consultation"), ("admin/audit", "ga.admin.audit")]

    static func page(_ member: Member, _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(member, title: l.text("ga.admin.title"), section: .admin, c) {
            H.h1 { l.text("ga.admin.title") }
            H.ul(.class("choices")) {
                for (path, key) in entries {
                    H.li { H.a(.class("choice"), .href("\(prefix)/\(path)")) { H.span(.class("choice-title")) { l.text(key) } } }
                }
            }
        }
    }
}
