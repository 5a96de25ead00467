import Foundation
import Kernel
import Vapor

/// `POST /fuctivity/suggestions/accept`: one tap makes a suggested slot an activity
/// ("Other", no text, ready to edit), back on the day or week it was suggested on.
enum SuggestionsPage {
    static let prefix = FuctivityWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.post("suggestions", "accept", use: accept)
    }

    static func accept(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let state = FormState.submitted(by: req)
        guard let start = state.values["start"].flatMap(Double.init), let end = state.values["end"].flatMap(Double.init) else {
            throw AppError.validation([FieldError(field: "start", key: "validation.invalid")])
        }
        let saved = try await req.fuctivity.activities.create(
            ActivityDraft(categoryID: BuiltInCategory.other.uuid, details: nil, startsAt: Date(timeIntervalSince1970: start),
                          endsAt: Date(timeIntervalSince1970: end), reminders: [.minutesBefore(15)]), for: planner)
        let back = state.values["back"].flatMap { $0.hasPrefix(prefix + "/") ? $0 : nil } ?? "\(prefix)/week"
        return req.redirect(to: back, flash: .success, "fx.suggestions.added",
                            ["span": FuctivityWeb.span(saved.view.activity.startsAt, saved.view.activity.endsAt, planner.timeZone)])
    }
}
