import Fluent
import Foundation

extension AccountService {
    /// E-mail sign-up (`EmailSignUpAccounts`): checks every field at once (the e-mail and
    /// password by the app's rules, the name, the time zone), then creates the account —
    /// holding the person's time zone, the one place it is kept — and the app's profile in
    /// one transaction. `role` is the app's sign-up role unless given (demo data).
    public func signUp(byEmail form: EmailSignUpForm, rules: some EmailSignUpAccounts, role: String? = nil,
                       language: Language?) async throws -> Account {
        var v = Validator()
        let name = v.text("name", form.name, maxLength: Self.nameMaxLength)
        let zone = v.timeZone("timeZone", form.timeZone) ?? rules.defaultTimeZone
        let now = clock.now
        return try await signUp(
            app: rules.app.id, rules: rules, login: form.email, password: form.password, passwordRepeat: form.passwordRepeat,
            role: role ?? rules.signUpRole, displayName: name ?? "", language: language, timeZone: zone, validated: v
        ) { account, db in
            try await rules.writeProfile(of: account, at: now, on: db)
        }
    }
}
