import Foundation
import Kernel
import Vapor

/// `/orders/:id/details`: while an order waits for a volunteer, the pensioner says when
/// it suits them and adds a short note. A step of its own after ordering, so the task's
/// page stays one button.
enum OrderDetailsPage {
    static func register(on web: any RoutesBuilder) {
        web.get("orders", ":taskID", "details", use: form)
        web.post("orders", ":taskID", "details", use: save)
    }

    static func form(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative, .coordinator, .admin)
        let details = try await OrderPage.details(req, member)
        let task = details.task
        let values = ["preferredDate": task.preferredDate == nil ? "any" : "other", "otherDate": task.preferredDate ?? "",
                      "preferredPart": task.preferredPart?.rawValue ?? "any", "note": task.note ?? ""]
        return req.render(OrderDetailsView.page(member, details, form: FormState(values: values), req.viewContext))
    }

    /// «Інший день» sends its date in a field of its own; a refused choice is shown again.
    static func save(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative, .coordinator, .admin)
        let details = try await OrderPage.details(req, member)
        let state = FormState.submitted(by: req)
        let otherDay = state.values["preferredDate"] == "other"
        let day = otherDay ? state.values["otherDate"] ?? "" : state.values["preferredDate"]
        do {
            if otherDay, day?.isEmpty ?? true {
                throw AppError.validation([FieldError(field: "preferredDate", key: "ga.order.date_invalid")])
            }
            _ = try await req.goldenAger.tasks.setPreference(taskID: try details.task.requireID(),
                                                             TaskService.OrderDetails(day: day, part: state.values["preferredPart"], note: state.values["note"]),
                                                             by: member)
            return req.redirect(to: OrderPage.path(try details.task.requireID()), flash: .success, "ga.order.details_saved")
        } catch let error as AppError where error.status == .unprocessableEntity {
            let errors = error.fieldErrors.map { problem in
                otherDay && problem.field == "preferredDate" ? FieldError(field: "otherDate", key: problem.key, arguments: problem.arguments) : problem
            }
            return req.render(OrderDetailsView.page(member, details, form: FormState(values: state.values, errors: errors),
                                                    status: .unprocessableEntity, req.viewContext))
        }
    }
}
