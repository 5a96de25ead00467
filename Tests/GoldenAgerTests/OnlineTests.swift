import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    @Suite("Online state")
    struct OnlineTests {
        func isOnline(_ app: Application, _ volunteer: Person) async throws -> Bool {
            try #require(try await Profile.find(volunteer.id, on: app.db)).isOnline
        }

        @Test("a forgotten online state lapses after 12 hours, announced as going offline; going online again starts it afresh")
        func onlineLapses() async throws {
            let clock = ManualClock()
            try await withGoldenAger(clock: clock) { app in
                let early = try await register(app, .volunteer)
                let late = try await register(app, .volunteer)
                try await goOnline(app, early)
                clock.advance(by: 6 * 3600)
                try await goOnline(app, late)
                clock.advance(by: ProfileService.onlineLapse - 6 * 3600 - 60)
                await housekeeping(app)
                #expect(try await isOnline(app, early), "online for 12 hours less a minute")

                try await TestHarness.withLiveServer(app) { base in
                    let stream = try await EventStreamReader.open("\(base)/golden-ager/api/v1/events", headers: early.auth)
                    defer { stream.close() }
                    clock.advance(by: 120)
                    await housekeeping(app)
                    let message = try #require(try await stream.next())
                    #expect(message.name == "volunteer.offline")
                }
                #expect(try await !isOnline(app, early))
                #expect(try await isOnline(app, late), "online for 6 hours: stays")
                #expect(try await Profile.find(early.id, on: app.db)?.onlineSince == nil)

                try await goOnline(app, early)
                clock.advance(by: ProfileService.onlineLapse - 60)
                await housekeeping(app)
                #expect(try await isOnline(app, early), "the lapse counts from going online again")
                #expect(try await !isOnline(app, late))
            }
        }
    }
}
