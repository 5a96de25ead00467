import Fluent
import Foundation
import Kernel

// Kept apart from StudentService.swift while the sign-up there is being reworked; it
// belongs beside `setAuthor` once that lands.
extension StudentService {
    /// Gives or takes the author role (`setAuthor`) and answers the person with their
    /// profile, as the API shows them.
    public func setAuthorRole(email: String?, _ isAuthor: Bool, by admin: Student) async throws -> Student {
        let account = try await setAuthor(email: email, isAuthor, by: admin)
        return try await Student(account: account, on: db)
    }
}
