import Foundation
import Kernel

/// The whole test as students will see it, each question numbered.
struct TestPreviewView {
    let author: Student
    let stored: ZnoshkaTest
    let test: AuthoredTest
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ZnoshkaWeb.shell(author, title: l.text("zn.editor.preview_title", ["title": test.title]), section: .profile, c) {
            H.p(.class("breadcrumb")) { H.a(.href(TestEditorPage.editPath(stored.id!))) { test.title } }
            H.h1 { l.text("zn.editor.preview_title", ["title": test.title]) }
            H.ul(.class("facts")) {
                H.li { l.text("zn.test.kind.\(test.kind.rawValue)") }
                H.li { l.plural("zn.test.minutes", count: test.minutes) }
                H.li { l.text("zn.test.max_points", ["max": String(stored.maxRaw)]) }
                H.li { l.text("zn.test.threshold", ["threshold": String(stored.threshold)]) }
            }
            HTMLBuilder.join(test.questions.enumerated().map { QuestionForm.preview($0.element, number: $0.offset + 1, l) })
        }
    }
}
