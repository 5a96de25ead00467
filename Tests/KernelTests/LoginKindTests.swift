import Foundation
import HromadaTesting
@testable import Kernel
import Testing

extension KernelTests {
    /// What people type as their login becomes the login that is stored, in one place.
    @Suite("Login kinds")
    struct LoginKindTests {
        @Test("phone numbers in any usual form become 380…; other logins are trimmed and lower-cased")
        func lookupKeys() {
            for typed in ["+380 67 123 45 67", "(067) 123-45-67", "0671234567", " 380671234567 "] {
                #expect(LoginKind.phone.lookupKey(typed) == "380671234567", "\(typed)")
            }
            #expect(LoginKind.phone.lookupKey(" Admin ") == "admin")
            #expect(LoginKind.email.lookupKey(" Olena@Example.ORG ") == "olena@example.org")
        }

        @Test("a new login must be one the app can reach: a mobile number, or an address mail can be sent to")
        func newLogins() {
            var validator = Validator()
            #expect(LoginKind.phone.validate("044 123 45 67", into: &validator) == nil, "a landline has no account")
            #expect(LoginKind.phone.validate("067 123 45 67", into: &validator) == "380671234567")
            #expect(LoginKind.email.validate("Olena@Example.org", into: &validator) == "olena@example.org")
            // Plausible, but the mailer sends ASCII addresses only: no reset link could reach it.
            #expect(LoginKind.email.validate("олена@приклад.укр", into: &validator) == nil)
            #expect(validator.errors.map(\.key) == ["account.phone.invalid", "validation.email"])
        }
    }
}
