import Foundation
import Kernel

/// An НМТ block finished: each subject's 100–200 score (or «не склав» and the threshold)
/// with its raw points, and the way to its review.
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
                ZnoshkaFormat.score(part.attempt, of: part.test, l)
                H.a(.class("button button-primary button-block"), .href(ZnoshkaWeb.attemptPath(part.attempt.id!) + "/result"),
                    .aria("label", l.text("zn.block.review_named", ["subject": name]))) { l.text("zn.block.review") }
            }
        }
    }
}
