import Foundation
import Kernel
import Vapor

/// A subject's blueprint: the parts every drawn simulation has (read from the subject's
/// simulation, as the exam sets them), and a number of tasks per programme topic that
/// authors set; an empty field shares the rest evenly.
struct BlueprintView {
    struct Model {
        let author: Student
        let blueprint: BlueprintService.SubjectBlueprint
        let form: FormState
    }

    let model: Model
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var blueprint: BlueprintService.SubjectBlueprint { model.blueprint }

    /// The form as saved: each topic's number, empty where the topic shares the rest.
    static func form(_ blueprint: BlueprintService.SubjectBlueprint) -> FormState {
        FormState(values: Dictionary(uniqueKeysWithValues: blueprint.topics.map { row in
            (BlueprintService.field(row.topic.id!), row.tasks.map(String.init) ?? "")
        }))
    }

    var page: Page {
        let subject = blueprint.subject
        return ZnoshkaWeb.shell(model.author, title: l.text("zn.blueprint.title"), section: .profile, status: status, c) {
            H.p(.class("breadcrumb")) {
                H.a(.href(AuthorPage.path)) { l.text("zn.author.title") }
                " › "
                H.a(.href(SubjectEditorPage.path(subject.slug))) { subject.name(in: l.language) }
            }
            H.h1 { l.text("zn.blueprint.title") }
            H.p { l.text("zn.blueprint.intro") }
            Components.errorSummary(model.form, l)
            parts
            topics
        }
    }

    private var parts: HTML {
        H.section(.class("card"), .aria("labelledby", "parts-title")) {
            H.h2(.id("parts-title")) { l.text("zn.blueprint.parts_title") }
            if let parts = blueprint.parts, let total = blueprint.taskCount {
                H.ol(.class("blueprint-parts")) {
                    for part in parts { H.li { partLine(part) } }
                }
                H.p { l.plural("zn.blueprint.total", count: total) }
            } else {
                H.p { l.text("zn.blueprint.no_paper") }
            }
        }
    }

    private func partLine(_ part: (kind: QuestionKind, count: Int)) -> String {
        // A number's kind says it all («Відкрита відповідь (число)»); the others add their options.
        let detail = part.kind.optionCount.map { ", " + l.text("zn.blueprint.options", ["count": String($0)]) } ?? ""
        return l.plural("zn.blueprint.part", count: part.count, ["type": l.text("zn.qform.type.\(part.kind.fileType)"), "detail": detail])
    }

    private var topics: HTML {
        H.section(.class("card"), .aria("labelledby", "topics-title")) {
            H.h2(.id("topics-title")) { l.text("zn.blueprint.topics_title") }
            H.p(.class("hint")) { l.text("zn.blueprint.topics_hint") }
            H.p(.data("blueprint-total", "")) { summary }
            Components.postForm(c, action: BlueprintPage.path(blueprint.subject.slug)) {
                H.div(.id("field-tasks"), Attribute("tabindex", "-1")) {
                    for row in blueprint.topics {
                        FormField(name: BlueprintService.field(row.topic.id!), label: row.topic.title,
                                  hint: l.plural("zn.blueprint.topic_hint", count: row.questionCount), required: false,
                                  inputMode: "numeric", maxLength: 3).render(model.form, l)
                    }
                }
                if blueprint.questionsWithoutTopic > 0 {
                    H.p(.class("hint")) { l.plural("zn.blueprint.without_topic", count: blueprint.questionsWithoutTopic) }
                }
                Components.primaryButton(l.text("zn.blueprint.save"))
            }
        }
    }

    /// How much of the paper the numbers take, and what is left to the empty fields.
    private var summary: String {
        guard blueprint.topics.contains(where: { $0.tasks != nil }) else { return l.text("zn.blueprint.even") }
        let set = blueprint.tasksSet
        guard let total = blueprint.taskCount else { return l.text("zn.blueprint.set", ["set": String(set), "total": "—"]) }
        let line = l.text("zn.blueprint.set", ["set": String(set), "total": String(total)])
        let rest = total - set
        return rest > 0 && blueprint.topics.contains(where: { $0.tasks == nil }) ? line + " " + l.plural("zn.blueprint.rest", count: rest) : line
    }
}
