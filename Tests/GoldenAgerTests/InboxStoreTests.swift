import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor

extension GoldenAgerTests {
    /// The inbox's two stores (`InboxStore`) answer and refuse alike.
    @Suite("Inbox stores")
    struct InboxStoreTests {
        /// What an inbox answer is made of, comparably.
        struct Answer: Equatable {
            let volunteer: UUID?
            let online: Bool
            let held: UUID?
            let offered: [OfferedTask]

            init(_ inbox: VolunteerInbox) {
                volunteer = inbox.member.account.id
                online = inbox.member.profile?.isOnline ?? false
                held = inbox.current?.id
                offered = inbox.offered
            }
        }

        func inbox(_ app: Application, token: String?, limit: Int = 100) async throws -> StoreComparison.Outcome<Answer> {
            func read(_ store: (GoldenAgerContext) -> any InboxStore) async throws -> Answer {
                let req = StoreComparison.apiRequest(app, "/golden-ager/api/v1/inbox", token: token)
                return Answer(try await store(GoldenAgerContext(req.services)).inbox(of: req.caller(in: GoldenAger.descriptor), withHeldTask: true, limit: limit))
            }
            return try await StoreComparison.expectSame("inbox", portable: { try await read(PortableInboxStore.init) },
                                                        postgres: { try await read(PostgresInboxStore.init) })
        }

        @Test("a volunteer's inbox: the held task, the city's open tasks oldest first without the declined ones, at most `limit`")
        func answers() async throws {
            try await withGoldenAger { app in
                let volunteer = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                var ordered: [UUID] = []
                for _ in 0..<5 { ordered.append(try await order(app, by: try await register(app, .pensioner))) }
                _ = try await order(app, by: try await register(app, .pensioner, city: "lviv"))
                #expect(try await send(app, .POST, "/tasks/\(ordered[1])/decline", as: volunteer).status == .noContent)
                #expect(try await send(app, .POST, "/tasks/\(ordered[2])/accept", as: volunteer).status == .ok)

                let full = try await inbox(app, token: volunteer.token)
                guard case .answer(let answer) = full else { Issue.record("\(full)"); return }
                #expect(answer.volunteer == volunteer.id && answer.online && answer.held == ordered[2])
                #expect(answer.offered.map(\.id) == [ordered[0], ordered[3], ordered[4]])
                let limited = try await inbox(app, token: volunteer.token, limit: 2)
                #expect(limited == .answer(Answer(volunteer: answer, offered: Array(answer.offered.prefix(2)))))

                #expect(try await send(app, .PUT, "/availability", as: volunteer, body: ["online": false]).status == .ok)
                guard case .answer(let offline) = try await inbox(app, token: volunteer.token) else { Issue.record("offline"); return }
                #expect(!offline.online && offline.offered.isEmpty && offline.held == ordered[2])
            }
        }

        @Test("refusals: no token or an unknown one is a 401, a pensioner's a 403, a signed-out volunteer's a 401")
        func refusals() async throws {
            try await withGoldenAger { app in
                #expect(try await inbox(app, token: nil) == .refused(status: 401, code: "unauthenticated"))
                #expect(try await inbox(app, token: "forged") == .refused(status: 401, code: "unauthenticated"))
                let pensioner = try await register(app, .pensioner)
                #expect(try await inbox(app, token: pensioner.token) == .refused(status: 403, code: "forbidden"))
                let volunteer = try await register(app, .volunteer)
                #expect(try await send(app, .DELETE, "/session", as: volunteer).status == .noContent)
                #expect(try await inbox(app, token: volunteer.token) == .refused(status: 401, code: "unauthenticated"))
            }
        }
    }
}

extension GoldenAgerTests.InboxStoreTests.Answer {
    /// `answer` offering `offered` instead.
    init(volunteer answer: Self, offered: [OfferedTask]) {
        self.volunteer = answer.volunteer
        self.online = answer.online
        self.held = answer.held
        self.offered = offered
    }
}
