import Foundation
import Kernel

/// The test's own fields: kind, topic, title and time (and the subject for a new test).
enum TestDetailsFields {
    static func render(_ form: FormState, subjects: [Subject]?, _ l: Localizer) -> HTML {
        HTMLBuilder.join([
            subjects.map { subjects in
                SelectField(name: "subject", label: l.text("zn.author.subject"), options: subjects.map { ($0.slug, $0.name(in: l.language)) },
                            includeEmpty: false).render(form, l)
            } ?? .empty,
            SelectField(name: "kind", label: l.text("zn.author.kind"),
                        options: AuthoredTest.Kind.allCases.map { ($0.rawValue, l.text("zn.test.kind.\($0.rawValue)")) }, includeEmpty: false).render(form, l),
            FormField(name: "topic", label: l.text("zn.author.topic"), hint: l.text("zn.editor.topic_hint"), required: false, maxLength: 120).render(form, l),
            FormField(name: "title", label: l.text("zn.author.test_title"), maxLength: 160).render(form, l),
            FormField(name: "minutes", label: l.text("zn.author.minutes"), type: "number", inputMode: "numeric", maxLength: 3).render(form, l),
        ])
    }

    /// What saving or importing a whole test found wrong, each naming its place
    /// (`tests[0].questions[3].pairs[2]: …`), under `heading` (a catalog key).
    static func problems(_ problems: [FieldError], _ l: Localizer, heading: String = "zn.editor.not_saved") -> HTML {
        guard !problems.isEmpty else { return .empty }
        return H.div(.class("flash flash-error"), .role("alert")) {
            H.p { l.text(heading) }
            H.ul { HTMLBuilder.join(problems.map { problem in H.li { H.element("code", [], content: HTML(text: problem.arguments["problem"] ?? problem.field)) } }) }
        }
    }
}

/// The buttons under an editor's form: see it as students will, or save it.
enum EditorButtons {
    static func previewAndSave(_ l: Localizer) -> HTML {
        H.div(.class("answer-actions")) {
            H.button(.type("submit"), .name("action"), .value("preview"), .class("button")) { l.text("zn.author.preview") }
            H.button(.type("submit"), .name("action"), .value("save"), .class("button button-primary")) { l.text("zn.editor.save") }
        }
    }
}
