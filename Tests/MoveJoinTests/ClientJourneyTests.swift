import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinClient
import SwiftProtobuf
import Testing
import Vapor

extension MoveJoinTests {
    @Suite("The Swift client against the running server")
    struct ClientJourneyTests {
        @Test("register → create → search → join → leave, in binary protobuf and in JSON", arguments: [MoveJoinClient.Encoding.binary, .json])
        func journey(_ encoding: MoveJoinClient.Encoding) async throws {
            try await withMoveJoin { app in
                try await TestHarness.withLiveServer(app) { base in
                    let url = try #require(URL(string: base))
                    let organiser = MoveJoinClient(baseURL: url, encoding: encoding)
                    let cities = try await organiser.cities()
                    #expect(cities.contains { $0.id == "lviv" })
                    var signUp = MJRegisterRequest()
                    signUp.email = "organiser@example.com"
                    signUp.password = "organiser-pass"
                    signUp.passwordRepeat = "organiser-pass"
                    signUp.name = "Оксана"
                    signUp.surname = "Організаторка"
                    signUp.cityID = "lviv"
                    let session = try await organiser.register(signUp)
                    #expect(session.profile.cityID == "lviv" && !session.token.isEmpty)

                    var input = MJEventInput()
                    input.sportTypeID = "running"
                    input.title = "Біг у Стрийському парку"
                    input.cityID = "lviv"
                    input.venue = "Стрийський парк, головний вхід"
                    input.startTime = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(2 * 86_400))
                    input.durationMinutes = 60
                    input.capacity = 2
                    input.skillLevel = .beginner
                    input.latitude = 49.8236
                    input.longitude = 24.0195
                    let event = try await organiser.createEvent(input)
                    #expect(event.participantCount == 1 && event.placesLeft == 1 && event.myStatus == .participant)

                    let runner = MoveJoinClient(baseURL: url, encoding: encoding, language: "en")
                    signUp.email = "runner@example.com"
                    signUp.name = "Roman"
                    try await runner.register(signUp)
                    let found = try await runner.searchEvents(.init(cityID: "lviv", sportTypeIDs: ["running"], skillLevel: "beginner", text: "стрийському"))
                    #expect(found.events.map(\.id) == [event.id])
                    #expect(found.events.first?.sportTypeName == "Running" && found.events.first?.cityName == "Lviv")
                    let none = try await runner.searchEvents(.init(cityID: "lviv", sportTypeIDs: ["football"]))
                    #expect(none.events.isEmpty)
                    // Near the park's gate (about 2.4 km from the Rynok square), not within a kilometre of the square.
                    let nearby = try await runner.searchEvents(.init(cityID: "lviv", near: (49.8236, 24.0195), withinKm: 1))
                    #expect(nearby.events.map(\.id) == [event.id])
                    #expect(try await runner.searchEvents(.init(cityID: "lviv", near: (49.8419, 24.0316), withinKm: 1)).events.isEmpty)

                    let joined = try await runner.join(event.id)
                    #expect(joined.status == .participant && joined.event.placesLeft == 0)
                    let list = try await organiser.participants(event.id)
                    #expect(list.participants.map(\.name) == ["Оксана", "Roman"])
                    #expect(try await runner.myEvents().map(\.id) == [event.id])

                    let left = try await runner.leave(event.id)
                    #expect(left.status == .none && left.event.placesLeft == 1)
                    #expect(try await runner.myEvents().isEmpty)

                    // A refusal arrives as a typed Error message, in the client's language.
                    do {
                        _ = try await runner.leave(event.id)
                        Issue.record("leaving twice should fail")
                    } catch MoveJoinClientError.server(let status, let error) {
                        #expect(status == 409 && error.code == "not_joined" && error.message == "You are not in this event.")
                    }
                    let feed = try await runner.createCalendarFeed()
                    #expect(feed.url.hasPrefix("\(base)/movejoin/calendar/") && feed.url.hasSuffix(".ics"))
                    try await runner.logOut()
                }
            }
        }
    }
}
