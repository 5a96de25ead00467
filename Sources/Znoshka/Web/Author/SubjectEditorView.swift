import Foundation
import Kernel
import Vapor

/// A subject's names in both languages, for its authors.
struct SubjectEditorView {
    let author: Student
    let subject: Subject
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ZnoshkaWeb.shell(author, title: subject.name(in: l.language), section: .profile, status: status, c) {
            H.p(.class("breadcrumb")) { H.a(.href(AuthorPage.path)) { l.text("zn.author.title") } }
            H.h1 { subject.name(in: l.language) }
            H.p { l.text(subject.isCompulsory ? "zn.author.subject_compulsory" : "zn.author.subject_chosen") }
            Components.errorSummary(form, l)
            Components.postForm(c, action: SubjectEditorPage.path(subject.slug)) {
                SubjectNameFields.render(form, l)
                Components.primaryButton(l.text("zn.editor.save"))
            }
            H.p { H.a(.href(ZnoshkaWeb.subjectPath(subject.slug))) { l.text("zn.editor.student_page") } }
        }
    }
}

/// The fields of a subject's names.
enum SubjectNameFields {
    static func render(_ form: FormState, _ l: Localizer) -> HTML {
        HTMLBuilder.join([
            FormField(name: "nameUk", label: l.text("zn.author.subject_name_uk"), maxLength: 80).render(form, l),
            FormField(name: "nameEn", label: l.text("zn.author.subject_name_en"), maxLength: 80).render(form, l),
        ])
    }
}
