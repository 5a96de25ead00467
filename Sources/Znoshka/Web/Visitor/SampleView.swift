import Foundation
import Kernel
import Vapor

/// A subject's sample: its tasks to answer on one form, or checked, each with the right
/// answer and its explanation, and the way on to the whole simulation.
struct SampleView {
    enum State {
        /// Not checked yet; after a refused check, what was typed and what was wrong.
        case answering(answers: [GivenAnswer?], errors: [FieldError])
        case checked([(answer: GivenAnswer?, score: QuestionScore)])
    }

    let student: Student?
    let sample: SampleTest
    let state: State
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var path: String { SamplePage.path(sample.subject.slug) }

    var page: Page {
        let name = sample.subject.name(in: l.language)
        let status: HTTPResponseStatus = if case .answering(_, let errors) = state, !errors.isEmpty { .unprocessableEntity } else { .ok }
        return ZnoshkaWeb.shell(student, title: l.text("zn.sample.title", ["subject": name]), section: .subjects, status: status,
                                scripts: ["znoshka.js"], c) {
            H.p(.class("breadcrumb")) { H.a(.href(ZnoshkaWeb.subjectPath(sample.subject.slug))) { name } }
            H.h1 { l.text("zn.sample.title", ["subject": name]) }
            switch state {
            case .answering(let answers, let errors): answering(answers, errors)
            case .checked(let checked): result(checked)
            }
        }
    }

    private func answering(_ answers: [GivenAnswer?], _ errors: [FieldError]) -> HTML {
        H.div {
            H.p(.class("lead")) { l.plural("zn.sample.lead", count: sample.questions.count) }
            errorSummary(errors)
            Components.postForm(c, action: path) {
                H.input(.type("hidden"), .name("seed"), .value(String(sample.seed)))
                HTMLBuilder.join(sample.questions.enumerated().map { index, item in
                    task(index, item.question, answer: index < answers.count ? answers[index] : nil, error: errors.first { $0.field == SampleTest.field(index) })
                })
                H.button(.type("submit"), .class("button button-primary button-block")) { l.text("zn.sample.check") }
            }
        }
    }

    /// The kernel's error summary, each line naming its task, in the tasks' order.
    private func errorSummary(_ errors: [FieldError]) -> HTML {
        let ordered = sample.questions.indices.compactMap { index in errors.first { $0.field == SampleTest.field(index) } }
        let number = Dictionary(uniqueKeysWithValues: sample.questions.indices.map { (SampleTest.field($0), $0 + 1) })
        return Components.errorSummary(FormState(values: [:], errors: ordered), l) { error in
            l.text("zn.taking.question_number", ["number": String(number[error.field] ?? 0)]) + ": " + l.text(error.key, error.arguments)
        }
    }

    private func task(_ index: Int, _ question: Question, answer: GivenAnswer?, error: FieldError?) -> HTML {
        let id = "field-\(SampleTest.field(index))"
        return H.section(.class("question card"), .id(id), .aria("labelledby", "\(id)-title")) {
            H.h2(.id("\(id)-title")) {
                l.text("zn.taking.question_number", ["number": String(index + 1)]) + " "
                H.small { l.plural("zn.taking.points", count: question.kind.maxPoints) }
            }
            QuestionParts.body(question, l)
            if let error { H.p(.class("field-error"), .role("alert")) { l.text(error.key, error.arguments) } }
            QuestionParts.inputs(question, answer: answer, prefix: id, names: SampleTest.field(index) + "-", l)
        }
    }

    private func result(_ checked: [(answer: GivenAnswer?, score: QuestionScore)]) -> HTML {
        let points = checked.map(\.score.points).reduce(0, +)
        let most = checked.map(\.score.maxPoints).reduce(0, +)
        return HTMLBuilder.join([
            H.section(.class("card result"), .aria("labelledby", "score-title")) {
                H.h2(.id("score-title")) { l.text("zn.result.title") }
                H.p(.class("score")) { l.text("zn.sample.score", ["points": String(points), "max": String(most)]) }
                H.p { l.text("zn.sample.not_saved") }
                onward
            },
            HTMLBuilder.join(checked.enumerated().map { index, item in reviewed(index, sample.questions[index].question, item.answer, item.score) }),
        ])
    }

    /// The whole simulation: to sign up for, or to start.
    private var onward: HTML {
        let simulation = ZnoshkaWeb.testPath(sample.simulation.id!)
        if student == nil {
            return HTMLBuilder.join([H.p { l.text("zn.sample.signup_lead") }, VisitorParts.waysIn(returningTo: simulation, primary: true, c)])
        }
        return H.a(.class("button button-primary button-block"), .href(simulation)) { l.text("zn.sample.simulation") }
    }

    private func reviewed(_ index: Int, _ question: Question, _ answer: GivenAnswer?, _ score: QuestionScore) -> HTML {
        let id = "r-\(index + 1)"
        return H.article(.class("card review verdict-\(score.verdict.rawValue)"), .id(id), .aria("labelledby", "\(id)-title")) {
            H.h2(.id("\(id)-title")) {
                l.text("zn.taking.question_number", ["number": String(index + 1)]) + " "
                H.span(.class("badge verdict-\(score.verdict.rawValue)")) { l.text("zn.verdict.\(score.verdict.rawValue)") }
                " "
                H.small { l.text("zn.result.points", ["points": String(score.points), "max": String(score.maxPoints)]) }
            }
            QuestionParts.answered(question, answer: answer, l)
        }
    }
}
