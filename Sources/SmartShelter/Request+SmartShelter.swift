import Fluent
import Foundation
import Kernel
import Vapor

/// What a request of Smart Shelter reaches: its services, and who is signed in.
extension Request {
    public var shelter: ShelterContext { ShelterContext(services) }

    /// The signed-in member of the staff (401 without one); for a director, with when their
    /// password confirmation on this credential ends.
    func staffMember() async throws -> StaffMember {
        try await staffMember(try await requireAccount(in: SmartShelter.descriptor))
    }

    func staffMember(_ account: Account) async throws -> StaffMember {
        var person = try await StaffMember(account: account, on: db)
        if person.role == .director { person.confirmedUntil = try await passwordConfirmedUntil(account) }
        return person
    }
}
