import Vapor

/// The friendly page shown for an error: what happened, in plain words, and a way home.
enum ErrorPage {
    static func response(for problem: AppError, request: Request) -> Response {
        request.render(view(problem, app: request.kernel.app(forPath: request.url.path), request.viewContext))
    }

    static func view(_ problem: AppError, app: AppDescriptor?, _ c: ViewContext) -> Page {
        let l = c.localizer
        let title = l.text("error.title.\(problem.status.code)")
        let home = app.map { "\($0.pathPrefix)/" } ?? "/"
        let content = H.section(.class("card error-page")) {
            H.h1 { title }
            H.p(.class("lead")) { problem.message(l) }
            H.a(.class("button button-primary"), .href(home)) { l.text("error.home") }
        }
        return Page(title: title, app: app, content: content, status: problem.status)
    }
}
