import Foundation
import Kernel

/// The subjects, the reviews due and the topic of the day, attempts still running, and the
/// НМТ blocks to start.
struct SubjectsView {
    let student: Student
    let subjects: [Subject]
    /// Chosen subjects with a simulation, for block 2.
    let chosen: [Subject]
    let dueToday: Int
    let running: [(Attempt, ZnoshkaTest)]
    let plan: StudyPlanModel
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ZnoshkaWeb.shell(student, title: l.text("zn.subjects.title"), section: .subjects, c) {
            H.h1 { l.text("zn.subjects.title") }
            if dueToday > 0 {
                H.p(.class("flash flash-info")) {
                    H.a(.href("\(ZnoshkaWeb.prefix)/review")) { l.plural("zn.subjects.due", count: dueToday) }
                }
            }
            StudyPlanParts.today(plan, l)
            if !running.isEmpty {
                H.section(.class("card"), .aria("labelledby", "running-title")) {
                    H.h2(.id("running-title")) { l.text("zn.subjects.running") }
                    H.ul(.class("plain-list")) {
                        HTMLBuilder.join(running.map { attempt, test in
                            H.li { H.a(.class("button button-block"), .href(ZnoshkaWeb.attemptPath(attempt.id!))) { l.text("zn.subjects.continue", ["title": test.title]) } }
                        })
                    }
                }
            }
            H.ul(.class("plain-list subject-list")) {
                HTMLBuilder.join(subjects.map { subject in
                    H.li { H.a(.class("subject-card card"), .href(ZnoshkaWeb.subjectPath(subject.slug))) { subject.name(in: l.language) } }
                })
            }
            H.section(.class("card"), .aria("labelledby", "nmt-title")) {
                H.h2(.id("nmt-title")) { l.text("zn.blocks.title") }
                H.p { l.text("zn.blocks.explain") }
                Components.postForm(c, action: "\(ZnoshkaWeb.prefix)/blocks") {
                    H.input(.type("hidden"), .name("block"), .value("1"))
                    H.button(.type("submit"), .class("button button-primary button-block")) { l.text("zn.blocks.first") }
                }
                Components.postForm(c, action: "\(ZnoshkaWeb.prefix)/blocks") {
                    H.input(.type("hidden"), .name("block"), .value("2"))
                    if !chosen.isEmpty {
                        SelectField(name: "subject", label: l.text("zn.blocks.chosen"), options: chosen.map { ($0.slug, $0.name(in: l.language)) },
                                    required: false, emptyLabel: l.text("zn.blocks.history_only")).render(FormState(), l)
                    }
                    H.button(.type("submit"), .class("button button-block")) { l.text("zn.blocks.second") }
                }
                if chosen.isEmpty { H.p(.class("hint")) { l.text("zn.blocks.chosen_note") } }
            }
        }
    }
}
