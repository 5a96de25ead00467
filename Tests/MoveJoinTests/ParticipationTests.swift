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
    @Suite("Joining, leaving and the waitlist")
    struct ParticipationTests {
        @Test("the creator is the first participant; joins fill the places, then a FIFO waitlist")
        func fillThenWaitlist() async throws {
            try await withMoveJoin { app in
                let creator = try await register(app, name: "Творець")
                let event = try await createEvent(app, by: creator, eventInput(capacity: 3, startsIn: 2 * 86_400))
                let a = try await register(app, name: "А"), b = try await register(app, name: "Б")
                let c = try await register(app, name: "В"), d = try await register(app, name: "Г")
                #expect(try await join(app, event, a).message(MJParticipation.self).status == .participant)
                #expect(try await join(app, event, b).message(MJParticipation.self).status == .participant)
                let third = try await join(app, event, c).message(MJParticipation.self)
                #expect(third.status == .waitlisted && third.waitlistPosition == 1)
                #expect(third.event.placesLeft == 0 && third.event.participantCount == 3 && third.event.waitlistCount == 1)
                let fourth = try await join(app, event, d).message(MJParticipation.self)
                #expect(fourth.status == .waitlisted && fourth.waitlistPosition == 2)
                // The search shows each person where they stand, in the same list everyone sees.
                let searchedByD = try await call(app, .GET, "/events?city=kyiv", token: d.token).message(MJEventPage.self)
                #expect(searchedByD.events.map(\.myStatus) == [.waitlisted] && searchedByD.events.map(\.myWaitlistPosition) == [2])
                let searchedByA = try await call(app, .GET, "/events?city=kyiv", token: a.token).message(MJEventPage.self)
                #expect(searchedByA.events.map(\.myStatus) == [.participant] && searchedByA.events.map(\.placesLeft) == [0])

                let list = try await people(app, event, as: a)
                #expect(list.participants.map(\.name) == ["Творець", "А", "Б"])
                #expect(list.waitlist.map(\.name) == ["В", "Г"])

                // Б leaves: В (first in the queue) gets the place and is told; Г moves up.
                let left = try await leave(app, event, b).message(MJParticipation.self)
                #expect(left.status == .none)
                let after = try await people(app, event, as: a)
                #expect(after.participants.map(\.name) == ["Творець", "А", "В"])
                #expect(after.waitlist.map(\.name) == ["Г"])
                let seenByD = try await call(app, .GET, "/events/\(event)", token: d.token).message(MJEvent.self)
                #expect(seenByD.myStatus == .waitlisted && seenByD.myWaitlistPosition == 1)
                let noticesOfC = try await call(app, .GET, "/notifications", token: c.token).message(MJNotificationList.self)
                #expect(noticesOfC.notifications.map(\.kind) == [.promoted] && noticesOfC.unreadCount == 1)

                // Г leaves the waitlist: nobody is promoted, the counts follow.
                _ = try await leave(app, event, d)
                let stored = try #require(try await SportEvent.find(UUID(uuidString: event), on: app.db))
                #expect(stored.participantCount == 3 && stored.waitlistCount == 0)
            }
        }

        @Test("no double join; leaving when not in is refused; the creator cannot leave their own event")
        func refusals() async throws {
            try await withMoveJoin { app in
                let creator = try await register(app)
                let event = try await createEvent(app, by: creator)
                let other = try await register(app)
                #expect(try await join(app, event, other).status == .ok)
                let again = try await join(app, event, other)
                #expect(again.status == .conflict && again.errorCode == "already_joined")
                let creatorJoins = try await join(app, event, creator)
                #expect(creatorJoins.status == .conflict && creatorJoins.errorCode == "already_joined")
                let creatorLeaves = try await leave(app, event, creator)
                #expect(creatorLeaves.status == .conflict && creatorLeaves.errorCode == "creator_cannot_leave")
                let stranger = try await register(app)
                let strangerLeaves = try await leave(app, event, stranger)
                #expect(strangerLeaves.status == .conflict && strangerLeaves.errorCode == "not_joined")
                #expect(try await Participation.query(on: app.db).count() == 2)
            }
        }

        @Test("raising the capacity promotes the waitlist in order; it cannot go below the people already in")
        func capacityEdits() async throws {
            try await withMoveJoin { app in
                let creator = try await register(app)
                var input = eventInput(capacity: 2, startsIn: 2 * 86_400)
                let event = try await createEvent(app, by: creator, input)
                let a = try await register(app, name: "А"), b = try await register(app, name: "Б"), c = try await register(app, name: "В")
                _ = try await join(app, event, a)
                _ = try await join(app, event, b)
                _ = try await join(app, event, c)
                input.capacity = 3
                let raised = try await call(app, .PUT, "/events/\(event)", input, token: creator.token)
                #expect(raised.status == .ok, "\(raised.text)")
                let list = try await people(app, event, as: creator)
                #expect(list.participants.map(\.name).suffix(2) == ["А", "Б"] && list.waitlist.map(\.name) == ["В"])
                input.capacity = 2
                let lowered = try await call(app, .PUT, "/events/\(event)", input, token: creator.token)
                #expect(lowered.status == .unprocessableEntity)
                #expect(try lowered.error.violations.map(\.field) == ["capacity"])
                // Everyone in was told about the change; the creator was not.
                #expect(try await Notice.query(on: app.db).filter(\.$kind == .eventChanged).count() == 3)
            }
        }

        @Test("cancelling tells everyone in the event; a cancelled event cannot be joined, left or edited")
        func cancel() async throws {
            try await withMoveJoin { app in
                let creator = try await register(app)
                let event = try await createEvent(app, by: creator, eventInput(capacity: 2, startsIn: 2 * 86_400))
                let a = try await register(app), b = try await register(app)
                _ = try await join(app, event, a)
                _ = try await join(app, event, b)
                let cancelled = try await call(app, .POST, "/events/\(event)/cancel", token: creator.token)
                #expect(cancelled.status == .ok)
                #expect(try cancelled.message(MJEvent.self).status == .cancelled)
                for runner in [a, b] {
                    let notices = try await call(app, .GET, "/notifications", token: runner.token).message(MJNotificationList.self)
                    #expect(notices.notifications.map(\.kind) == [.eventCancelled])
                }
                let late = try await register(app)
                #expect(try await join(app, event, late).error.code == "event_cancelled")
                #expect(try await leave(app, event, a).error.code == "event_cancelled")
                #expect(try await call(app, .PUT, "/events/\(event)", eventInput(), token: creator.token).error.code == "event_cancelled")
                // Cancelled events leave the search and go to the history.
                let search = try await call(app, .GET, "/events?city=kyiv", token: late.token).message(MJEventPage.self)
                #expect(search.events.isEmpty)
                let history = try await call(app, .GET, "/me/events?scope=history", token: a.token).message(MJEventList.self)
                #expect(history.events.map(\.id) == [event])
            }
        }

        @Test("deleting an account cancels its future events, takes it out of others' (promoting the waitlist) and removes its data")
        func deleteAccount() async throws {
            try await withMoveJoin { app in
                let leaver = try await register(app, name: "Леся")
                let own = try await createEvent(app, by: leaver)
                let fan = try await register(app, name: "Фан")
                _ = try await join(app, own, fan)

                let host = try await register(app, name: "Хост")
                let other = try await createEvent(app, by: host, eventInput(capacity: 2, startsIn: 2 * 86_400))
                _ = try await join(app, other, leaver)
                let waiting = try await register(app, name: "Чекає")
                #expect(try await join(app, other, waiting).message(MJParticipation.self).status == .waitlisted)
                _ = try await call(app, .POST, "/me/calendar-feed", token: leaver.token)

                var wrong = MJDeleteAccountRequest()
                wrong.password = "not-the-password"
                let refused = try await call(app, .DELETE, "/me", wrong, token: leaver.token)
                #expect(refused.status == .unprocessableEntity)
                #expect(try await Account.find(leaver.id, on: app.db) != nil)

                var request = MJDeleteAccountRequest()
                request.password = password
                let deleted = try await call(app, .DELETE, "/me", request, token: leaver.token)
                #expect(deleted.status == .noContent, "\(deleted.text)")

                #expect(try await Account.find(leaver.id, on: app.db) == nil)
                #expect(try await MoveJoinProfile.find(leaver.id, on: app.db) == nil)
                #expect(try await Participation.query(on: app.db).filter(\.$accountID == leaver.id).count() == 0)
                #expect(try await CalendarFeedSecret.find(leaver.id, on: app.db) == nil)
                #expect(try await APIToken.query(on: app.db).filter(\.$account.$id == leaver.id).count() == 0)
                let ownEvent = try #require(try await SportEvent.find(UUID(uuidString: own), on: app.db))
                #expect(ownEvent.status == .cancelled && ownEvent.creatorID == nil)
                let fanNotices = try await call(app, .GET, "/notifications", token: fan.token).message(MJNotificationList.self)
                #expect(fanNotices.notifications.map(\.kind) == [.eventCancelled])
                let list = try await people(app, other, as: host)
                #expect(list.participants.map(\.name) == ["Хост", "Чекає"] && list.waitlist.isEmpty)
                // The old token no longer works.
                #expect(try await call(app, .GET, "/me", token: leaver.token).status == .unauthorized)
            }
        }

        @Test("joining an event that has started is refused")
        func started() async throws {
            let clock = ManualClock(Date())
            try await withMoveJoin(clock: clock) { app in
                let creator = try await register(app)
                let event = try await createEvent(app, by: creator, eventInput(startsIn: 3600))
                clock.advance(by: 7200)
                let late = try await register(app)
                #expect(try await join(app, event, late).error.code == "event_started")
            }
        }
    }
}
