import Foundation

/// Live events of one person (reminders due, for any open page of theirs).
enum FuctivityEvents {
    static func topic(for accountID: UUID) -> String { "fuctivity.person.\(accountID.uuidString.lowercased())" }
}
