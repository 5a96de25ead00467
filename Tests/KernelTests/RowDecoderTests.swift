import Fluent
import Foundation
import HromadaTesting
@testable import Kernel
import Testing
import Vapor

extension KernelTests {
    /// The kernel's hand-written row reading against its models and statements.
    @Suite("Kernel row decoders")
    struct RowDecoderTests {
        @Test("Account reads back every field Fluent wrote")
        func account() async throws {
            try await withDemo { app in
                let account = Account(app: "demo-app", login: "row-check@example.org", passwordHash: "hash", role: "member",
                                      displayName: "Р", createdAt: Date(timeIntervalSince1970: 1_800_000_000))
                account.language = "en"
                account.timeZone = "Europe/Lisbon"
                account.deactivatedAt = Date(timeIntervalSince1970: 1_800_000_600)
                try await RowDecoderCheck.roundTrip(account, on: app.db)
            }
        }

        @Test("the sign-in's column count is the number of columns its statements select")
        func signInColumns() {
            #expect(SignIn.columnCount == SignIn.columns.split(separator: ",").count)
            let accountColumns = SignIn.accountColumns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "a.", with: "") }
            let read = SignIn.columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "signed_in.", with: "") }
            #expect(Array(read.prefix(accountColumns.count)) == accountColumns, "the account's columns, in the order decode(_:) reads them")
        }
    }
}
