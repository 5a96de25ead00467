import Kernel
import Vapor

/// `/admin/consultation`: the number pensioners call for a consultation (and people who
/// forgot their password call for a code).
enum AdminConsultationPage {
    static func register(on web: any RoutesBuilder) {
        web.get("admin", "consultation", use: consultation)
        web.post("admin", "consultation", use: save)
    }

    static func consultation(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let phone = try await req.goldenAger.catalog.consultationPhone()
        return req.render(AdminConsultationView.page(member, state: FormState(values: ["phone": phone.map(PhoneNumber.display) ?? ""]), req.viewContext))
    }

    static func save(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let state = FormState.submitted(by: req)
        do {
            _ = try await req.goldenAger.administration.setConsultationPhone(state.values["phone"], by: member)
            return req.redirect(to: "\(GoldenAgerWeb.prefix)/admin/consultation", flash: .success, "ga.admin.saved")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            let page = AdminConsultationView.page(member, state: FormState(values: state.values, errors: error.fieldErrors), status: error.status, req.viewContext)
            return req.render(page)
        }
    }
}
