import Foundation
import Kernel
import Vapor

/// The person's own settings (`PATCH /me`, served on the kernel's account paths through
/// `ZnoshkaAccounts.updateProfile`).
extension ZnoshkaAPI {
    static func updateProfile(_ req: Request) async throws -> M.Profile {
        let student = try await req.student()
        let input = try req.content.decode(M.ProfileUpdate.self)
        return profile(try await req.znoshka.students.update(student, with: StudentChanges(
            name: input.name, examDate: input.examDate, reminderTime: input.reminderTime, timeZone: input.timeZone)))
    }
}
