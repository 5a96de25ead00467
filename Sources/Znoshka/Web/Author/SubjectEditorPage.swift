import Foundation
import Kernel
import Vapor

/// Authors' subjects: a new one (a chosen subject of the НМТ, sat in block 2 with
/// history) from the authors' page, and each one's names in both languages.
enum SubjectEditorPage {
    static func register(on web: any RoutesBuilder) {
        web.post("author", "subjects", use: create)
        web.get("author", "subjects", ":slug", use: show)
        web.post("author", "subjects", ":slug", use: update)
        web.post("author", "subjects", ":slug", "table", use: importTable)
    }

    static func path(_ slug: String) -> String { "\(AuthorPage.path)/subjects/\(slug)" }

    static func create(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let form = FormState.submitted(by: req)
        do {
            let subject = try await req.znoshka.authoring.createSubject(slug: form.values["slug"], nameUK: form.values["nameUk"],
                                                                       nameEN: form.values["nameEn"], by: author)
            return req.redirect(to: AuthorPage.path + "#subjects-title", flash: .success, "zn.author.subject_created",
                                ["name": subject.name(in: req.language)])
        } catch let error as AppError where error.status == .unprocessableEntity {
            return try await AuthorPage.render(req, author: author, form: FormState(), subjectForm: FormState(values: form.values, errors: error.fieldErrors),
                                               status: error.status)
        }
    }

    static func show(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let subject = try await subject(req)
        return req.render(SubjectEditorView(author: author, subject: subject, form: FormState(values: ["nameUk": subject.nameUK, "nameEn": subject.nameEN]),
                                            simulation: try await simulation(of: subject, req), c: req.viewContext).page)
    }

    /// An administrator's official conversion table for the subject's simulations.
    static func importTable(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let form = FormState.submitted(by: req)
        let slug = req.parameters.get("slug") ?? ""
        do {
            let imported = try await req.znoshka.authoring.importOfficialTable(subject: slug, year: form.values["year"], source: form.values["source"],
                                                                           csv: form.values["csv"], by: author)
            return req.redirect(to: path(slug) + "#table-title", flash: .success, "zn.table.imported",
                                ["year": form.values["year"] ?? "", "threshold": String(imported.table.threshold)])
        } catch let error as AppError where error.status == .unprocessableEntity {
            let subject = try await subject(req)
            return req.render(SubjectEditorView(author: author, subject: subject,
                                                form: FormState(values: ["nameUk": subject.nameUK, "nameEn": subject.nameEN]),
                                                simulation: try await simulation(of: subject, req),
                                                tableForm: FormState(values: form.values, errors: error.fieldErrors), status: error.status,
                                                c: req.viewContext).page)
        }
    }

    static func update(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let form = FormState.submitted(by: req)
        let slug = req.parameters.get("slug") ?? ""
        do {
            _ = try await req.znoshka.authoring.updateSubject(slug, nameUK: form.values["nameUk"], nameEN: form.values["nameEn"], by: author)
            return req.redirect(to: path(slug), flash: .success, "zn.author.subject_saved")
        } catch let error as AppError where error.status == .unprocessableEntity {
            let subject = try await subject(req)
            return req.render(SubjectEditorView(author: author, subject: subject, form: FormState(values: form.values, errors: error.fieldErrors),
                                                simulation: try await simulation(of: subject, req), status: error.status, c: req.viewContext).page)
        }
    }

    private static func simulation(of subject: Subject, _ req: Request) async throws -> ZnoshkaTest? {
        try await req.znoshka.catalog.currentSimulation(of: subject)
    }

    private static func subject(_ req: Request) async throws -> Subject {
        guard let subject = try await req.znoshka.catalog.subjects().first(where: { $0.slug == req.parameters.get("slug") }) else {
            throw AppError.notFound(code: "subject_not_found", key: "zn.subject.not_found")
        }
        return subject
    }
}
