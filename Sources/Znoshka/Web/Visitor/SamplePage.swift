import Foundation
import Kernel
import Vapor

/// `GET /znoshka/subjects/<slug>/sample`: a few tasks of the subject's simulation
/// (`SamplePaper`), open to everyone; `POST` checks them and shows each with the right
/// answer and its explanation. Nothing is saved: a visitor tries the exam's format
/// before signing up.
enum SamplePage {
    static func path(_ slug: String) -> String { ZnoshkaWeb.subjectPath(slug) + "/sample" }

    static func register(on web: any RoutesBuilder) {
        web.get("subjects", ":slug", "sample", use: show)
        web.post("subjects", ":slug", "sample", use: check)
    }

    static func show(_ req: Request) async throws -> Response {
        let student = try await req.visitorOrStudent()
        let sample = try await req.znoshka.catalog.sample(slug: req.parameters.get("slug") ?? "", seed: .random(in: 1...UInt64(Int64.max)))
        return req.render(SampleView(student: student, sample: sample, state: .answering(answers: [], errors: []), c: req.viewContext).page)
    }

    static func check(_ req: Request) async throws -> Response {
        let student = try await req.visitorOrStudent()
        let values = FormState.submitted(by: req).values
        let seed = values["seed"].flatMap { UInt64($0) } ?? 1
        let sample = try await req.znoshka.catalog.sample(slug: req.parameters.get("slug") ?? "", seed: seed)
        let answers = sample.questions.indices.map { index in
            QuestionParts.given(from: values, kind: sample.questions[index].question.kind, names: SampleTest.field(index) + "-")
        }
        let state: SampleView.State
        do {
            state = .checked(try sample.checked(answers))
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            state = .answering(answers: answers, errors: error.fieldErrors)
        }
        return req.render(SampleView(student: student, sample: sample, state: state, c: req.viewContext).page)
    }
}
