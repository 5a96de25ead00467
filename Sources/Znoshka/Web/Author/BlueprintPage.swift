import Foundation
import Kernel
import Vapor

/// A subject's blueprint for its authors (`BlueprintView`): the paper's parts and how many
/// tasks each topic should have in a drawn simulation.
enum BlueprintPage {
    static func register(on web: any RoutesBuilder) {
        web.get("author", "subjects", ":slug", "blueprint", use: show)
        web.post("author", "subjects", ":slug", "blueprint", use: save)
    }

    static func path(_ slug: String) -> String { SubjectEditorPage.path(slug) + "/blueprint" }

    static func show(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let blueprint = try await req.znoshka.blueprints.blueprint(of: slug(req), for: author)
        return req.render(BlueprintView(model: .init(author: author, blueprint: blueprint, form: BlueprintView.form(blueprint)), c: req.viewContext).page)
    }

    static func save(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let form = FormState.submitted(by: req)
        let blueprint = try await req.znoshka.blueprints.blueprint(of: slug(req), for: author)
        do {
            try await req.znoshka.blueprints.save(slug(req), tasks: try tasks(in: form, of: blueprint), by: author)
            return req.redirect(to: path(slug(req)), flash: .success, "zn.blueprint.saved")
        } catch let error as AppError where error.status == .unprocessableEntity {
            let model = BlueprintView.Model(author: author, blueprint: blueprint, form: FormState(values: form.values, errors: error.fieldErrors))
            return req.render(BlueprintView(model: model, status: error.status, c: req.viewContext).page)
        }
    }

    /// The numbers typed per topic (an empty field leaves the topic out); a field that is
    /// not a whole number is refused on that field.
    static func tasks(in form: FormState, of blueprint: BlueprintService.SubjectBlueprint) throws -> [UUID: Int] {
        var tasks: [UUID: Int] = [:]
        var v = Kernel.Validator()
        for row in blueprint.topics {
            let field = BlueprintService.field(row.topic.id!)
            let typed = (form.values[field] ?? "").trimmingCharacters(in: .whitespaces)
            guard !typed.isEmpty else { continue }
            if let count = Int(typed), count >= 0 {
                tasks[row.topic.id!] = count
            } else {
                v.add(field, "zn.blueprint.tasks_number", ["max": String(blueprint.taskLimit)])
            }
        }
        try v.throwIfInvalid()
        return tasks
    }

    private static func slug(_ req: Request) -> String { req.parameters.get("slug") ?? "" }
}
