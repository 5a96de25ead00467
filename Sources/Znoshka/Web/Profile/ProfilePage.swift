import Foundation
import Kernel
import Vapor

/// The Profile tab: name, the exam date that review aims at, the study reminder's time
/// (with the button that lets it reach the phone), the plan to the exam, the password and
/// signing out.
enum ProfilePage {
    static let path = "\(ZnoshkaWeb.prefix)/profile"

    static func register(on web: any RoutesBuilder) {
        web.get("profile", use: show)
        web.post("profile", use: save)
    }

    static func show(_ req: Request) async throws -> Response {
        let student = try await req.student()
        return req.render(ProfileView(student: student, form: FormState(values: values(student)), plan: try await StudyPlanModel.load(req, for: student),
                                      c: req.viewContext).page)
    }

    static func save(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let state = FormState.submitted(by: req)
        do {
            _ = try await req.znoshka.students.update(student, with: StudentChanges(
                name: state.values["name"], examDate: state.values["examDate"] ?? "", reminderTime: state.values["reminderTime"] ?? "",
                timeZone: state.values["timeZone"]))
            return req.redirect(to: path, flash: .success, "zn.profile.saved")
        } catch let error as AppError where error.status == .unprocessableEntity {
            let form = FormState(values: state.values, errors: error.fieldErrors)
            return req.render(ProfileView(student: student, form: form, plan: try await StudyPlanModel.load(req, for: student), status: error.status,
                                          c: req.viewContext).page)
        }
    }

    /// The student's plan to their exam, with the names it shows.
    static func values(_ student: Student) -> [String: String] {
        ["name": student.name, "examDate": student.profile.examDate ?? "",
         "reminderTime": student.profile.reminderMinutes.map(ZnoshkaFormat.clock) ?? "", "timeZone": student.timeZone.identifier]
    }
}
