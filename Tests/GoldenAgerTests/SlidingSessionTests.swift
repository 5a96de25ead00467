import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    @Suite("Golden Ager sessions slide")
    struct SlidingSessionTests {
        /// The inbox signs its caller in inside its own statement on PostgreSQL
        /// (`SignIn.BrowserSession`), not through `Request.webSession()`: the session slides there too.
        @Test("a volunteer who opens the inbox in the session's last day stays signed in past its first end")
        func inboxExtendsSession() async throws {
            let clock = ManualClock()
            let day: TimeInterval = 24 * 3600
            let lifetime = HromadaConfiguration().sessionLifetime
            try await withGoldenAger(clock: clock) { app in
                let volunteer = try await register(app, .volunteer)
                let browser = TestBrowser(app)
                #expect(try await browser.post("/golden-ager/login", form: ["phone": volunteer.phone, "password": "secret-1"]).status == .seeOther)

                clock.advance(by: lifetime - 2 * day)
                let early = try await browser.get("/golden-ager/inbox")
                #expect(early.status == .ok)
                #expect(early.setCookie("hromada_session") == nil, "not written before the last day")

                clock.advance(by: day + 3600)
                let late = try await browser.get("/golden-ager/inbox")
                #expect(late.status == .ok)
                #expect(try #require(late.setCookie("hromada_session")).contains("Max-Age=\(Int(lifetime))"))

                clock.advance(by: 2 * day)
                #expect(try await browser.get("/golden-ager/inbox").status == .ok, "still signed in after the first end")
            }
        }
    }
}
