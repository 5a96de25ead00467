import Foundation
import Kernel
import Vapor

/// The JSON shapes of sessions and a person's own profile (sign-up is the kernel's `EmailSignUpForm`).
extension SSModels {
    struct Session: Content {
        let token: String
        let expiresAt: Date
        let profile: Profile
    }

    struct Profile: Content {
        let id: UUID
        let name: String
        let email: String
        /// `director`, `doctor`, `storekeeper` or `pending`.
        let role: String
        let language: String?
        /// `c` or `f`.
        let temperatureUnit: String
        let timeZone: String
        /// For a director: until when changes may be made without typing the password again.
        let passwordConfirmedUntil: Date?
        /// On duty: alarms are pushed and mailed to the directors and doctors on duty.
        let onDuty: Bool

        init(_ person: StaffMember) {
            id = person.id
            name = person.name
            email = person.email
            role = person.role.apiName
            language = person.account.language
            temperatureUnit = person.unit.rawValue
            timeZone = person.timeZone.identifier
            passwordConfirmedUntil = person.confirmedUntil
            onDuty = person.profile.onDuty
        }
    }

    /// What is left out stays.
    struct ProfileUpdate: Content {
        let name: String?
        let language: String?
        let temperatureUnit: String?
        let timeZone: String?
        let onDuty: Bool?
    }

    struct PasswordConfirmation: Content {
        let password: String?
    }

    struct Confirmed: Content {
        let confirmedUntil: Date
    }
}
