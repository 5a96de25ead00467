import Foundation
import Kernel
import Vapor

/// `/fuctivity/categories`: the person's own kinds of rest — add, rename, delete (one
/// that activities use is kept for them and no longer offered), and bring back.
enum CategoriesPage {
    static let prefix = FuctivityWeb.prefix
    static let path = "\(prefix)/categories"

    static func register(on web: any RoutesBuilder) {
        web.get("categories", use: categories)
        web.post("categories", use: create)
        web.post("categories", ":categoryID", use: rename)
        web.post("categories", ":categoryID", "delete", use: delete)
    }

    static func categories(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            try await render(req, planner, form: FormState())
        }
    }

    static func create(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let state = FormState.submitted(by: req)
        return try await answering(req, planner, state) {
            let category = try await req.fuctivity.categories.create(named: state.values["name"], for: planner)
            return req.redirect(to: path, flash: .success, "fx.categories.added", ["name": category.name(in: req.language)])
        }
    }

    static func rename(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let state = FormState.submitted(by: req)
        let id = try FuctivityAPI.categoryID(req)
        let field = "name-\(id)"
        return try await answering(req, planner, state, field: field) {
            let category = try await req.fuctivity.categories.rename(id, to: state.values[field], for: planner)
            return req.redirect(to: path, flash: .success, "fx.categories.renamed", ["name": category.name(in: req.language)])
        }
    }

    static func delete(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let removal = try await req.fuctivity.categories.delete(try FuctivityAPI.categoryID(req), for: planner)
        return req.redirect(to: path, flash: .success, removal == .archived ? "fx.categories.archived" : "fx.categories.deleted")
    }

    /// Runs a change; a refused name is shown again on the page, at the field it was typed
    /// in (`name` to add one, `name-<id>` to rename that one).
    private static func answering(_ req: Request, _ planner: Planner, _ state: FormState, field: String = "name",
                                  _ change: () async throws -> Response) async throws -> Response {
        do {
            return try await change()
        } catch let error as AppError where error.status == .conflict || error.status == .unprocessableEntity {
            let errors = error.fieldErrors.isEmpty ? [FieldError(field: "name", key: error.key, arguments: error.arguments)] : error.fieldErrors
            let moved = errors.map { FieldError(field: $0.field == "name" ? field : $0.field, key: $0.key, arguments: $0.arguments) }
            return try await render(req, planner, form: FormState(values: state.values, errors: moved), status: error.status)
        }
    }

    static func render(_ req: Request, _ planner: Planner, form: FormState, status: HTTPResponseStatus = .ok) async throws -> Response {
        let all = try await req.fuctivity.categories.all(for: planner)
        return req.render(CategoriesView(planner: planner, categories: all, form: form, status: status, c: req.viewContext).page)
    }
}
