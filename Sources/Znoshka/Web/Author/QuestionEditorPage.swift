import Foundation
import Kernel
import Vapor

/// One question of a test for its authors (`…/questions/<number>`, or `new` to add one at
/// the end), with a preview as students will see it; saving it is a new version of the
/// test (`TestEditorPage`).
enum QuestionEditorPage {
    static func register(on web: any RoutesBuilder) {
        web.get("author", "tests", ":testID", "questions", ":number", use: question)
        web.post("author", "tests", ":testID", "questions", ":number", use: saveQuestion)
    }

    static func questionPath(_ id: UUID, _ number: Int?) -> String {
        "\(AuthorPage.path)/tests/\(id.uuidString.lowercased())/questions/\(number.map(String.init) ?? "new")"
    }

    static func question(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let (stored, test) = try await req.znoshka.authoring.authoredTest(try ZnoshkaAPI.testID(req), by: author)
        let index = TestEditorPage.questionIndex(req, in: test)
        if req.parameters.get("number") != "new", index == nil { throw TestEditorPage.questionNotFound }
        var values = index.map { QuestionForm.values(test.questions[$0]) } ?? ["type": (try? req.query.get(String.self, at: "type")) ?? "single"]
        if test.kind != .topic, let index { values[QuestionForm.topicField] = test.topic(ofQuestion: index) ?? "" }
        return req.render(QuestionEditorView(author: author, stored: stored, index: index, count: test.questions.count, form: FormState(values: values),
                                             preview: nil, problems: [], c: req.viewContext).page)
    }

    /// `action=preview` shows the question as students will see it; `save` writes the draft's new version.
    static func saveQuestion(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let id = try ZnoshkaAPI.testID(req)
        let form = FormState.submitted(by: req)
        let (stored, current) = try await req.znoshka.authoring.authoredTest(id, by: author)
        let index = TestEditorPage.questionIndex(req, in: current)
        if req.parameters.get("number") != "new", index == nil { throw TestEditorPage.questionNotFound }
        func render(preview: Question? = nil, errors: [FieldError] = [], problems: [FieldError] = [], status: HTTPResponseStatus = .ok) -> Response {
            req.render(QuestionEditorView(author: author, stored: stored, index: index, count: current.questions.count,
                                          form: FormState(values: form.values, errors: errors), preview: preview, problems: problems, status: status,
                                          c: req.viewContext).page)
        }
        // A simulation's or a mixed test's question names its own topic; a topic test's are all of its topic.
        let topic = current.kind == .topic ? nil : QuestionForm.topic(form.values)
        switch (QuestionForm.question(from: form.values), topic) {
        case (.invalid(let errors), _):
            return render(errors: errors + (topic?.error.map { [$0] } ?? []), status: .unprocessableEntity)
        case (.valid, let topic?) where topic.error != nil:
            return render(errors: [topic.error!], status: .unprocessableEntity)
        case (.valid(let question), _) where form.values["action"] == "preview":
            return render(preview: question)
        case (.valid(let question), let topic):
            var edited = current
            if let index { edited.entries[index] = (question, topic?.title) } else { edited.entries.append((question, topic?.title)) }
            do {
                let newID = try await req.znoshka.authoring.saveDraft(id, with: edited, by: author)
                return req.redirect(to: TestEditorPage.editPath(newID), flash: .success, "zn.editor.saved")
            } catch let error as AppError where error.status == .unprocessableEntity {
                return render(problems: error.fieldErrors, status: error.status)
            }
        }
    }
}
