import Foundation
import Kernel
import Vapor

/// `/orders/:id/report`: «Щось не так» — the pensioner (or a relative) tells the
/// coordinators of the volunteer's organisation what went wrong with a visit, and may stop
/// the volunteer until a coordinator has looked.
enum ReportPage {
    static func register(on web: any RoutesBuilder) {
        web.get("orders", ":taskID", "report", use: form)
        web.post("orders", ":taskID", "report", use: send)
    }

    static func form(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative)
        let details = try await OrderPage.details(req, member)
        return req.render(ReportView.page(member, details, form: FormState(), req.viewContext))
    }

    static func send(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative)
        let details = try await OrderPage.details(req, member)
        let state = FormState.submitted(by: req)
        let id = try details.task.requireID()
        do {
            return try await req.showingConflicts(on: OrderPage.path(id)) {
                _ = try await req.goldenAger.tasks.report(taskID: id, text: state.values["text"], suspend: state.values["suspend"] == "on", by: member)
                return req.redirect(to: OrderPage.path(id), flash: .success, "ga.report.sent_flash")
            }
        } catch let error as AppError where error.status == .unprocessableEntity {
            return req.render(ReportView.page(member, details, form: FormState(values: state.values, errors: error.fieldErrors),
                                              status: .unprocessableEntity, req.viewContext))
        }
    }
}
