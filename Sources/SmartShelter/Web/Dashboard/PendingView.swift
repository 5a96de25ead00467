import Foundation
import Kernel

/// What a new member of the staff sees until the director gives them a role.
struct PendingView {
    let person: StaffMember
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.pending.title"), section: .dashboard, c) {
            H.section(.class("card")) {
                H.h1 { l.text("ss.pending.title") }
                H.p { l.text("ss.pending.text") }
            }
        }
    }
}
