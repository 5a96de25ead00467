import Foundation
import Kernel
import Vapor

/// A subject's names in both languages, for its authors; for administrators, its
/// official conversion table.
struct SubjectEditorView {
    let author: Student
    let subject: Subject
    let form: FormState
    /// The subject's current simulation, whose table the table form replaces.
    var simulation: ZnoshkaTest?
    var tableForm = FormState()
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
            H.p { H.a(.href(BlueprintPage.path(subject.slug))) { l.text("zn.blueprint.link") } }
            if author.isAdmin, let simulation { officialTable(simulation) }
        }
    }

    private func officialTable(_ simulation: ZnoshkaTest) -> HTML {
        H.section(.class("card"), .aria("labelledby", "table-title")) {
            H.h2(.id("table-title")) { l.text("zn.table.title") }
            if simulation.official, let year = simulation.tableYear {
                H.p { l.text("zn.table.current_official", ["year": String(year), "source": simulation.tableSource ?? ""]) }
            } else {
                H.p { l.text("zn.table.current_estimate") }
            }
            H.p(.class("hint")) { l.text("zn.table.intro") }
            Components.errorSummary(tableForm, l)
            Components.postForm(c, action: SubjectEditorPage.path(subject.slug) + "/table") {
                FormField(name: "year", label: l.text("zn.table.year_label"), inputMode: "numeric", maxLength: 4).render(tableForm, l)
                FormField(name: "source", label: l.text("zn.table.source"), maxLength: 200).render(tableForm, l)
                TextAreaField(name: "csv", label: l.text("zn.table.csv"), maxLength: 20_000).render(tableForm, l)
                Components.primaryButton(l.text("zn.table.import"))
            }
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
