import Foundation
import Kernel
import Vapor

/// `/shelter/settings`: a person's name, language, temperature unit and time zone, and the
/// kernel's account pages (password, sign-out, deletion).
enum SettingsPage {
    static func register(on web: any RoutesBuilder) {
        web.get("settings", use: show)
        web.post("settings", use: save)
    }

    static let path = "\(ShelterWeb.prefix)/settings"

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        return req.render(SettingsView(person: person, form: SettingsView.form(person), c: req.viewContext(for: person.account)).page)
    }

    static func save(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let state = FormState.submitted(by: req)
        do {
            let updated = try await req.shelter.staff.updateSettings(person, name: state.values["name"], language: state.values["language"],
                                                                     unit: state.values["temperatureUnit"], timeZone: state.values["timeZone"],
                                                                     onDuty: state.values["onDuty"].map { $0 == "true" })
            if let language = updated.account.preferredLanguage { req.choose(language) }
            return req.redirect(to: path, flash: .success, "ss.settings.saved")
        } catch let error as AppError where error.status == .unprocessableEntity {
            return req.render(SettingsView(person: person, form: FormState(values: state.values, errors: error.fieldErrors),
                                           status: error.status, c: req.viewContext(for: person.account)).page)
        }
    }
}
