import Vapor

/// The friendly page shown for an error: what happened, in plain words, and a way home.
enum ErrorPage {
    static func response(for problem: AppError, request: Request) -> Response {
        request.render(view(problem, app: request.kernel.app(forPath: request.urlPath), request.viewContext))
    }

    static func view(_ problem: AppError, app: AppDescriptor?, _ c: ViewContext) -> Page {
        let l = c.localizer
        let title = l.text("error.title.\(problem.status.code)")
        let home = app.map { "\($0.pathPrefix)/" } ?? "/"
        let content = H.section(.class("card error-page")) {
            H.h1 { title }
            H.p(.class("lead")) { problem.message(l) }
            // A link or address that named something wrong (`?day=2026-02-30`): say what.
            if !problem.fieldErrors.isEmpty {
                H.ul { for error in problem.fieldErrors { H.li { l.text(error.key, error.arguments) } } }
            }
            H.a(.class("button button-primary"), .href(home)) { l.text("error.home") }
        }
        return Page(title: title, app: app, content: content, status: problem.status)
    }
}
