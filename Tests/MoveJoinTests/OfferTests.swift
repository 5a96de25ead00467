import Fluent
import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinProto
import SwiftProtobuf
import Testing
import Vapor
import VaporTesting

extension MoveJoinTests {
    /// A place freed close to the start is offered to the first in line with a hold, not
    /// handed to someone who may no longer be free.
    @Suite("Freed places offered with a hold")
    struct OfferTests {
        /// An event starting in `startsIn` seconds with two places (the host's and one's);
        /// `second` and `third` stand in the waitlist, then the one leaves.
        func freedPlace(_ app: Application, startsIn: TimeInterval) async throws -> (event: String, second: Runner, third: Runner) {
            let host = try await register(app, name: "Хост")
            let event = try await createEvent(app, by: host, eventInput(title: "Футбол", capacity: 2, startsIn: startsIn))
            let first = try await register(app, name: "Перший")
            let second = try await register(app, name: "Другий")
            let third = try await register(app, name: "Третій")
            for runner in [first, second, third] { #expect(try await join(app, event, runner).status == .ok) }
            #expect(try await leave(app, event, first).status == .ok)
            return (event, second, third)
        }

        func entry(_ app: Application, _ event: String, _ runner: Runner) async throws -> Participation? {
            try await Participation.query(on: app.db).filter(\.$eventID == UUID(uuidString: event)!).filter(\.$accountID == runner.id).first()
        }

        func stored(_ app: Application, _ event: String) async throws -> SportEvent {
            try #require(try await SportEvent.find(UUID(uuidString: event), on: app.db))
        }

        @Test("more than a day ahead the first in line moves up; within a day the place is held 30 minutes for them, taken once")
        func offeredWithinADay() async throws {
            try await withMoveJoin { app in
                let early = try await freedPlace(app, startsIn: 3 * 86_400)
                #expect(try await entry(app, early.event, early.second)?.status == .participant)

                let started = Date()
                let soon = try await freedPlace(app, startsIn: 6 * 3600)
                let offer = try #require(try await entry(app, soon.event, soon.second))
                #expect(offer.status == .offered)
                let until = try #require(offer.offerExpiresAt)
                #expect(abs(until.timeIntervalSince(started) - 1800) < 30, "held 30 minutes")
                #expect(try await stored(app, soon.event).participantCount == 2, "the held place counts as taken: nobody can join past it")

                let seen = try await call(app, .GET, "/events/\(soon.event)", token: soon.second.token).message(MJEvent.self)
                #expect(seen.myStatus == .offered && abs(seen.myOfferExpiresAt.date.timeIntervalSince(until)) < 1)
                let notices = try await call(app, .GET, "/notifications", token: soon.second.token).message(MJNotificationList.self)
                #expect(notices.notifications.first?.kind == .offered)
                #expect(notices.notifications.first?.text.hasPrefix("Звільнилося місце в «Футбол» — воно ваше, якщо візьмете його до ") == true)

                #expect(try await call(app, .POST, "/events/\(soon.event)/accept", token: soon.third.token).status == .conflict, "nothing is held for the third")
                let taken = try await call(app, .POST, "/events/\(soon.event)/accept", token: soon.second.token)
                #expect(taken.status == .ok, "\(taken.text)")
                #expect(try taken.message(MJParticipation.self).status == .participant)
                #expect(try await call(app, .POST, "/events/\(soon.event)/accept", token: soon.second.token).status == .conflict, "taken once")
                let after = try await stored(app, soon.event)
                #expect(after.participantCount == 2 && after.waitlistCount == 1)
            }
        }

        @Test("the hold ends an hour before the start; within the last hour the place goes straight to the first in line")
        func holdNearTheStart() async throws {
            try await withMoveJoin { app in
                let started = Date()
                let close = try await freedPlace(app, startsIn: 70 * 60)
                let until = try #require(try await entry(app, close.event, close.second)?.offerExpiresAt)
                #expect(abs(until.timeIntervalSince(started) - 600) < 30, "held until an hour before the start: 10 minutes")
                let closer = try await freedPlace(app, startsIn: 40 * 60)
                #expect(try await entry(app, closer.event, closer.second)?.status == .participant)
            }
        }

        @Test("declined, the place is offered to the next; unanswered, it passes on and the silent one is told")
        func declinedAndLapsed() async throws {
            try await withMoveJoin { app in
                let soon = try await freedPlace(app, startsIn: 6 * 3600)
                #expect(try await leave(app, soon.event, soon.second).status == .ok, "declining is leaving")
                #expect(try await entry(app, soon.event, soon.second) == nil)
                let next = try #require(try await entry(app, soon.event, soon.third))
                #expect(next.status == .offered)

                let other = try await freedPlace(app, startsIn: 6 * 3600)
                let lapse = try #require(try await entry(app, other.event, other.second)?.offerExpiresAt).addingTimeInterval(1)
                try await MoveJoinContext(app.services).participation.passLapsedOffers(at: lapse)
                #expect(try await entry(app, other.event, other.second) == nil)
                let passed = try #require(try await entry(app, other.event, other.third))
                #expect(passed.status == .offered && passed.offerExpiresAt == lapse.addingTimeInterval(1800))
                let told = try await call(app, .GET, "/notifications", token: other.second.token).message(MJNotificationList.self)
                #expect(told.notifications.first?.kind == .offerLapsed)
                let counts = try await stored(app, other.event)
                #expect(counts.participantCount == 2 && counts.waitlistCount == 0)
                // The first event's offer, made earlier, had lapsed by then too: nobody was left to pass it to.
                #expect(try await entry(app, soon.event, soon.third) == nil)
                #expect(try await stored(app, soon.event).participantCount == 1)
            }
        }

        @Test("an offer accepted at the moment its hold runs out, over real HTTP against the lapse job: the place is given once, to one of them")
        func acceptRacesTheLapse() async throws {
            try await withMoveJoin { app in
                var offers: [(event: String, second: Runner, third: Runner)] = []
                for _ in 0..<8 { offers.append(try await freedPlace(app, startsIn: 6 * 3600)) }
                var lapse = Date()
                for offer in offers {
                    lapse = max(lapse, try #require(try await entry(app, offer.event, offer.second)?.offerExpiresAt))
                }
                let moment = lapse
                let context = MoveJoinContext(app.services)
                let accepted = try await TestHarness.withLiveServer(app) { base in
                    try await withThrowingTaskGroup(of: (String, HTTPStatus)?.self) { group in
                        for offer in offers {
                            group.addTask {
                                var headers: HTTPHeaders = ["Accept": "application/x-protobuf"]
                                headers.bearerAuthorization = BearerAuthorization(token: offer.second.token)
                                let response = try await app.client.post(URI(string: "\(base)\(api)/events/\(offer.event)/accept"), headers: headers)
                                return (offer.event, response.status)
                            }
                        }
                        for _ in 0..<3 {
                            group.addTask {
                                try await context.participation.passLapsedOffers(at: moment)
                                return nil
                            }
                        }
                        return try await group.reduce(into: [String: HTTPStatus]()) { answers, answer in
                            if let answer { answers[answer.0] = answer.1 }
                        }
                    }
                }
                for offer in offers {
                    let status = try #require(accepted[offer.event])
                    #expect(status == .ok || status == .conflict, "\(status)")
                    let second = try await entry(app, offer.event, offer.second)
                    let third = try #require(try await entry(app, offer.event, offer.third))
                    if status == .ok {
                        #expect(second?.status == .participant && third.status == .waitlisted)
                    } else {
                        #expect(second == nil && third.status == .offered, "the lapse won: the place passed to the next")
                    }
                    let event = try await stored(app, offer.event)
                    let rows = try await Participation.query(on: app.db).filter(\.$eventID == UUID(uuidString: offer.event)!).all()
                    #expect(event.participantCount == rows.filter(\.status.holdsPlace).count && event.participantCount <= event.capacity)
                    #expect(event.waitlistCount == rows.filter { $0.status == .waitlisted }.count)
                }
            }
        }
    }
}
