import Foundation
import Kernel

/// An НМТ block finished: each subject's 100–200 score (or «не склав») with its raw points
/// and the way to its review, and how long the block took of its time.
struct BlockResultView {
    let student: Student
    let parts: [AttemptService.BlockPart]
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ZnoshkaWeb.shell(student, title: l.text("zn.block.result_title"), section: .subjects, c) {
            H.h1 { l.text("zn.block.result_title") }
            H.ul(.class("plain-list block-results")) { HTMLBuilder.join(parts.map(part)) }
            H.a(.class("button button-block"), .href("\(ZnoshkaWeb.prefix)/subjects")) { l.text("zn.block.to_subjects") }
        }
    }

    private func part(_ part: AttemptService.BlockPart) -> HTML {
        let name = part.subject.name(in: l.language)
        let id = "block-\(part.subject.slug)"
        return H.li {
            H.section(.class("card result"), .aria("labelledby", id)) {
                H.h2(.id(id)) { name }
                if part.attempt.passed == true, let scaled = part.attempt.scaled {
                    H.p(.class("score")) { l.text("zn.result.scaled", ["score": String(scaled)]) }
                } else {
                    H.p(.class("score not-passed")) { l.text("zn.result.not_passed") }
                }
                H.p { l.text("zn.result.raw", ["raw": String(part.attempt.rawPoints ?? 0), "max": String(part.attempt.maxPoints)]) }
                if part.attempt.finishedHow == AttemptService.FinishedHow.timeout.rawValue { H.p(.class("hint")) { l.text("zn.result.timeout") } }
                ZnoshkaFormat.tableNote(part.test, l)
                H.a(.class("button button-primary button-block"), .href(ZnoshkaWeb.attemptPath(part.attempt.id!) + "/result"),
                    .aria("label", l.text("zn.block.review_named", ["subject": name]))) { l.text("zn.block.review") }
            }
        }
    }
}
