import Foundation
import Kernel
import Vapor

/// `/admin/pensioners/new`: a coordinator signs up a pensioner who is on the phone, then
/// reads out the code with which they set their own password (`OperatorService`).
enum OperatorSignUpPage {
    static let path = "\(GoldenAgerWeb.prefix)/admin/pensioners/new"

    static func register(on web: any RoutesBuilder) {
        web.get("admin", "pensioners", "new", use: form)
        web.post("admin", "pensioners", "new", use: signUp)
    }

    static func form(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        return req.render(OperatorSignUpView.page(member, cities: try await cities(req, member), form: FormState(), req.viewContext))
    }

    /// Signs them up and goes to their card on the accounts page, the code in the message.
    static func signUp(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let state = FormState.submitted(by: req)
        let v = state.values
        do {
            let (pensioner, code) = try await req.goldenAger.operators.signUpPensioner(RegistrationInput(
                role: .pensioner, phone: v["phone"], firstName: v["firstName"], lastName: v["lastName"], birthday: v["birthday"],
                city: v["city"], address: v["address"]), by: member)
            let login = pensioner.account.login
            return req.redirect(to: "\(GoldenAgerWeb.prefix)/admin/accounts?q=\(login)", flash: .success, "ga.operator.signed_up",
                                ["name": pensioner.account.displayName, "code": code.code, "time": req.localizer.time(code.expiresAt)])
        } catch let error as AppError where error.status == .unprocessableEntity || error.status == .conflict {
            let errors = error.fieldErrors.isEmpty ? [FieldError(field: "phone", key: error.key)] : error.fieldErrors
            return req.render(OperatorSignUpView.page(member, cities: try await cities(req, member), form: FormState(values: v, errors: errors),
                                                      status: error.status, req.viewContext))
        }
    }

    /// The cities the coordinator serves callers of (every city for an administrator).
    static func cities(_ req: Request, _ member: Member) async throws -> [City] {
        let served = try await req.goldenAger.operators.servedCities(by: member)
        return City.all.filter { served?.contains($0.id) ?? true }
    }
}
