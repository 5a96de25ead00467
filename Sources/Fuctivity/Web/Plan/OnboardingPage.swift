import Foundation
import Kernel
import Vapor

/// `/fuctivity/onboarding`: a new person sets up their week before anything else.
enum OnboardingPage {
    static func register(on web: any RoutesBuilder) {
        web.get("onboarding", use: show)
        web.post("onboarding", use: save)
    }

    static func show(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        return req.render(OnboardingView(planner: planner, form: FormState(values: PlanForm.values(planner)), c: req.viewContext).page)
    }

    static func save(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        if let failed = try await PlanForm.save(req, planner) {
            return req.render(OnboardingView(planner: planner, form: failed, status: .unprocessableEntity, c: req.viewContext).page)
        }
        return req.redirect(to: "\(FuctivityWeb.prefix)/week", flash: .success, "fx.onboarding.done")
    }
}
