import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import Testing

extension MoveJoinTests {
    /// The views render from plain values and a `ViewContext`: no server, no database.
    @Suite("Views without a server")
    struct ViewTests {
        static let now = Date(timeIntervalSince1970: 1_790_000_000)
        static let eventID = UUID(uuidString: "0b7e5c1a-0000-4000-8000-000000000001")!
        static let creatorID = UUID(uuidString: "0b7e5c1a-0000-4000-8000-000000000002")!

        static func mover(_ id: UUID = UUID(), name: String = "Olena") -> Mover {
            let account = Account(id: id, app: MoveJoin.id, login: "\(name.lowercased())@example.com", passwordHash: "", role: "member",
                                  displayName: name, createdAt: now)
            return Mover(account: account, profile: MoveJoinProfile(accountID: id, name: name, surname: "Koval", cityID: "lviv", at: now))
        }

        /// Football in Kyiv two days on, made by `creatorID`, with `taken` of `capacity` places taken.
        static func event(taken: Int = 3, capacity: Int = 10, status: EventStatus = .scheduled, myStatus: ParticipationStatus? = nil) -> EventView {
            let record = EventRecord(id: eventID, creatorID: creatorID, sportTypeID: "football", title: "Sunday football", details: "Bring water",
                                     cityID: "kyiv", venue: "School field", latitude: nil, longitude: nil, startsAt: now.addingTimeInterval(2 * 86_400),
                                     durationMinutes: 90, capacity: capacity, skillLevel: .beginner, status: status, participantCount: taken,
                                     waitlistCount: 0, createdAt: now, updatedAt: now)
            return EventView(event: record, creator: EventCreator(id: creatorID, name: "Taras", surname: "Bondar"), myStatus: myStatus,
                             myWaitlistPosition: 0)
        }

        static func eventPage(_ event: EventView, viewer: Mover = mover(), language: Language = .en) -> String {
            let people: EventPeople = (participants: [], waitlist: [])
            let c = ViewContext.testing(MoveJoin(), language: language, csrfToken: "token-123")
            return EventDetailView(mover: viewer, shown: event, people: people, now: now, c: c).page.content.rendered
        }

        @Test("an open event made by someone else offers a join form carrying the CSRF token, in English")
        func joinForm() {
            let html = Self.eventPage(Self.event())
            let join = #"<form method="post" action="/movejoin/events/0b7e5c1a-0000-4000-8000-000000000001/join"><input type="hidden" name="_csrf" value="token-123">"#
            #expect(html.contains(join))
            #expect(html.contains(#"<button type="submit" class="button button-primary">Join</button>"#))
            #expect(html.contains("7 places left") && html.contains("<dd>School field, Kyiv</dd>") && html.contains("<dd>Taras Bondar</dd>"))
            #expect(!html.contains("/cancel"))
        }

        @Test("a full event offers the waitlist; its creator gets edit and cancel instead; a cancelled one neither")
        func actionsByViewer() {
            #expect(Self.eventPage(Self.event(taken: 10)).contains(">Join the waitlist</button>"))
            let creator = Self.eventPage(Self.event(), viewer: Self.mover(Self.creatorID))
            #expect(creator.contains(#"<a class="button" href="/movejoin/events/0b7e5c1a-0000-4000-8000-000000000001/edit">Edit</a>"#))
            #expect(creator.contains(">Cancel event</button>") && !creator.contains("/join\""))
            let cancelled = Self.eventPage(Self.event(status: .cancelled))
            #expect(cancelled.contains(#"<span class="badge badge-cancelled">"#) && !cancelled.contains("/join\"") && !cancelled.contains("/leave\""))
        }

        @Test("the people section: places, count and the viewer's own place, in Ukrainian")
        func peopleSection() {
            let people: EventPeople = (participants: [Self.mover(name: "Olena").profile], waitlist: [])
            let html = EventDetailView.people(Self.event(taken: 1, myStatus: .participant), people, .testing(MoveJoin(), language: .uk)).rendered
            #expect(html.contains(#"<span class="count">1 з 10</span>"#))
            #expect(html.contains(#"<span class="badge badge-mine">Ви йдете</span>"#))
            #expect(html.contains(#"<ol class="people"><li>Olena Koval</li></ol>"#))
        }

        @Test("the history says what became of each event: took place and whether one was in, or cancelled; never places left or «Ви йдете»")
        func history() {
            let past = [Self.event(taken: 6, myStatus: .participant), Self.event(taken: 10, myStatus: .waitlisted),
                        Self.event(taken: 6, status: .cancelled, myStatus: .participant)]
            let html = HistoryView(mover: Self.mover(), upcoming: [Self.event(taken: 6, myStatus: .participant)], past: past,
                                   c: .testing(MoveJoin(), language: .uk)).page.content.rendered
            let pastPart = String(html[html.range(of: "<h1>Історія</h1>")!.lowerBound...])
            #expect(pastPart.contains(#"<span class="badge">Відбулася</span><span class="badge badge-mine">Ви брали участь</span>"#))
            #expect(pastPart.contains(#"<span class="badge">Відбулася</span><span class="badge">Ви були в черзі</span>"#))
            #expect(pastPart.contains(#"<span class="badge badge-cancelled">Скасовано</span>"#))
            #expect(!pastPart.contains("Лишилося") && !pastPart.contains("Ви йдете") && !pastPart.contains("Місць немає"))
            let upcomingPart = String(html[..<html.range(of: "<h1>Історія</h1>")!.lowerBound])
            #expect(upcomingPart.contains("Лишилося 4 місця") && upcomingPart.contains("Ви йдете"), "a coming event as before")
        }

        @Test("the events list: the city in the heading, a card per event, a shell with the Events tab current")
        func eventList() {
            let viewer = Self.mover()
            let view = EventListView(mover: viewer, search: EventSearch(cityID: "kyiv"), filters: FormState(values: ["city": "kyiv"]),
                                     events: [Self.event()], moreURL: "/movejoin/events?pageToken=abc", unreadNotices: nil,
                                     c: .testing(MoveJoin(), language: .en))
            let page = view.page
            #expect(page.status == .ok && page.title == "Events")
            #expect(page.tabs.map(\.isCurrent) == [true, false, false])
            let html = page.content.rendered
            #expect(html.contains("<h1>Events: Kyiv</h1>"))
            #expect(html.contains(#"<article class="event-card" data-event-id="0b7e5c1a-0000-4000-8000-000000000001">"#))
            #expect(html.contains(#"<a class="button button-block" href="/movejoin/events?pageToken=abc">Show more</a>"#))
        }

        @Test("filters that cannot be read: 422, the optional ones open, no events")
        func badFilters() {
            let filters = FormState(values: ["city": "kyiv", "from": "soon"], errors: [FieldError(field: "from", key: "validation.invalid")])
            let page = EventListView(mover: Self.mover(), search: EventSearch(cityID: "kyiv"), filters: filters, events: [], moreURL: nil,
                                     unreadNotices: nil, c: .testing(MoveJoin(), language: .en)).page
            #expect(page.status == .unprocessableEntity)
            #expect(page.content.rendered.contains("<details open>") && page.content.rendered.contains("Correct the filters to see events."))
        }

        @Test("how to notify me: two boxes per topic, ticked as chosen, and where mail goes; an unsubscribe link asks first, or says it is unknown")
        func noticeSettings() {
            let c = ViewContext.testing(MoveJoin(), language: .en, csrfToken: "token-123")
            let choices = NoticeChoices(push: [.place, .people], mail: [.cancelled])
            let html = NoticeSettingsView(model: .init(choices: choices), mover: Self.mover(), c: c).page.content.rendered
            for topic in NoticeTopic.allCases {
                let push = choices.push.contains(topic) ? " checked" : "", mail = choices.mail.contains(topic) ? " checked" : ""
                #expect(html.contains(#"name="push-\#(topic.rawValue)" value="on"\#(push)>"#) && html.contains(#"name="mail-\#(topic.rawValue)" value="on"\#(mail)>"#))
            }
            #expect(html.contains("<legend>Who comes to my events</legend>") && html.contains("Mail goes to olena@example.com."))
            let ask = UnsubscribeView(model: .init(action: "/movejoin/unsubscribe/s", topic: .changed, done: false), c: c).page
            #expect(ask.status == .ok && ask.content.rendered.contains(#"<form method="post" action="/movejoin/unsubscribe/s">"#))
            #expect(ask.content.rendered.contains("Stop sending you “Event changes” e-mails?"))
            let unknown = UnsubscribeView(model: .init(action: "/movejoin/unsubscribe/x", topic: nil, done: true), c: c).page
            #expect(unknown.status == .notFound && !unknown.content.rendered.contains("<form"))
        }

        @Test("a place held for the viewer: until when, in the event's city, with «take it» and «I can't come», and no leave button")
        func offer() {
            var shown = Self.event(taken: 10, myStatus: .offered)
            shown.myOfferExpiresAt = Self.now.addingTimeInterval(1800)
            let html = Self.eventPage(shown)
            let until = LocalDateTime(Self.now.addingTimeInterval(1800), in: TimeZone(identifier: "Europe/Kyiv")!).timeString
            #expect(html.contains("<h2 id=\"offer-title\">A place freed up for you</h2>") && html.contains("It is held for you until \(until)."))
            #expect(html.contains(#"action="/movejoin/events/0b7e5c1a-0000-4000-8000-000000000001/accept""#) && html.contains("Take the place"))
            #expect(html.contains("I can&#39;t come") && html.contains("A place for you until \(until)"))
            #expect(!html.contains("Leave the waitlist"))
        }

        @Test("the map view: the map's box with its data source and the city's centre; without the library, that it is unavailable and the list")
        func mapView() {
            let c = ViewContext.testing(MoveJoin(), language: .en)
            let centre = GeoPoint(latitude: 49.8397, longitude: 24.0297)!
            let shown = EventMapView(model: .init(cityID: "lviv", centre: centre, available: true), mover: Self.mover(), c: c).page.content.rendered
            #expect(shown.contains(#"data-event-map="/movejoin/events/map/events.json?city=lviv""#) && shown.contains(#"data-latitude="49.8397""#))
            #expect(shown.contains(#"<a href="/movejoin/events/map?city=lviv" aria-current="page">Map</a>"#))
            #expect(shown.contains(#"hidden>The map is unavailable right now."#))
            let missing = EventMapView(model: .init(cityID: "lviv", centre: centre, available: false), mover: Self.mover(), c: c).page.content.rendered
            #expect(!missing.contains("data-event-map") && missing.contains(#"role="status">The map is unavailable right now."#))
            #expect(missing.contains(#"<a href="/movejoin/events?city=lviv">List</a>"#))
        }
    }
}
