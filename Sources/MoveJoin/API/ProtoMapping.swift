import Foundation
import Kernel
import MoveJoinProto
import SwiftProtobuf

/// Domain values → API messages, in the request's language.
extension MJCity {
    init(_ city: City, _ language: Language) {
        self.init()
        id = city.id
        name = city.name(in: language)
        timeZone = city.timeZone.identifier
    }
}

extension MJSportType {
    init(_ sport: SportType, _ language: Language) {
        self.init()
        id = sport.id
        name = sport.name(in: language)
    }
}

extension MJSkillLevel {
    init(_ level: SkillLevel) {
        switch level {
        case .any: self = .any
        case .beginner: self = .beginner
        case .intermediate: self = .intermediate
        case .advanced: self = .advanced
        }
    }

    /// Nil for "unspecified" (and for numbers this server does not know).
    var domain: SkillLevel? {
        switch self {
        case .any: .any
        case .beginner: .beginner
        case .intermediate: .intermediate
        case .advanced: .advanced
        case .unspecified, .UNRECOGNIZED: nil
        }
    }
}

extension MJParticipationStatus {
    init(_ status: ParticipationStatus?) {
        switch status {
        case .participant: self = .participant
        case .waitlisted: self = .waitlisted
        case .offered: self = .offered
        case nil: self = .none
        }
    }
}

extension MJProfile {
    init(_ mover: Mover) {
        self.init()
        id = mover.id.uuidString.lowercased()
        email = mover.email
        name = mover.profile.name
        surname = mover.profile.surname
        cityID = mover.profile.cityID
        createdAt = Google_Protobuf_Timestamp(date: mover.profile.createdAt)
    }
}

extension MJPerson {
    init(_ profile: MoveJoinProfile) {
        self.init(EventCreator(profile))
    }

    init(_ creator: EventCreator) {
        self.init()
        id = creator.id.uuidString.lowercased()
        name = creator.name
        surname = creator.surname
    }
}

extension MJEvent {
    init(_ view: EventView, _ language: Language) {
        self.init()
        let event = view.event
        id = event.id.uuidString.lowercased()
        sportTypeID = event.sportTypeID
        sportTypeName = event.sportType?.name(in: language) ?? event.sportTypeID
        title = event.title
        description_p = event.details
        cityID = event.cityID
        cityName = event.city?.name(in: language) ?? event.cityID
        let zone = event.city?.timeZone ?? TimeZone(identifier: "Europe/Kyiv")!
        timeZone = zone.identifier
        venue = event.venue
        if let latitude = event.latitude { self.latitude = latitude }
        if let longitude = event.longitude { self.longitude = longitude }
        startTime = Google_Protobuf_Timestamp(date: event.startsAt)
        localStart = LocalDateTime(event.startsAt, in: zone).isoMinutes
        durationMinutes = Int32(event.durationMinutes)
        capacity = Int32(event.capacity)
        participantCount = Int32(event.participantCount)
        waitlistCount = Int32(event.waitlistCount)
        placesLeft = Int32(event.placesLeft)
        skillLevel = MJSkillLevel(event.skillLevel)
        status = event.status == .cancelled ? .cancelled : .scheduled
        if let creator = view.creator { self.creator = MJPerson(creator) }
        myStatus = MJParticipationStatus(view.myStatus)
        myWaitlistPosition = Int32(view.myWaitlistPosition)
        if let until = view.myOfferExpiresAt { myOfferExpiresAt = Google_Protobuf_Timestamp(date: until) }
        if let minimum = event.minPlayers { minPlayers = Int32(minimum) }
        if let decideAt = event.decideAt { self.decideAt = Google_Protobuf_Timestamp(date: decideAt) }
        decision = switch event.decision {
        case .confirmed: .confirmed
        case .calledOff: .calledOff
        case nil: event.minPlayers == nil ? .none : .pending
        }
        playersNeeded = Int32(event.playersNeeded)
        createdAt = Google_Protobuf_Timestamp(date: event.createdAt)
        updatedAt = Google_Protobuf_Timestamp(date: event.updatedAt)
    }
}

extension MJEventInput {
    /// The draft the services validate. Out-of-range numbers stay out of range (they
    /// are Int32 here), so the rules can name them.
    var draft: EventDraft {
        EventDraft(sportTypeID: sportTypeID, title: title, details: description_p, cityID: cityID, venue: venue,
                   latitude: hasLatitude ? latitude : nil, longitude: hasLongitude ? longitude : nil,
                   startsAt: hasStartTime ? startTime.date : nil,
                   durationMinutes: durationMinutes == 0 ? nil : Int(durationMinutes),
                   capacity: capacity == 0 ? nil : Int(capacity), skillLevel: skillLevel.domain,
                   minPlayers: minPlayers == 0 ? nil : Int(minPlayers), decideAt: hasDecideAt ? decideAt.date : nil)
    }
}

extension MJNotification {
    init(_ notice: Notice, _ l: Localizer) {
        self.init()
        id = notice.id!.uuidString.lowercased()
        kind = switch notice.kind {
        case .eventCancelled: .eventCancelled
        case .eventChanged: .eventChanged
        case .promoted: .promoted
        case .personJoined: .personJoined
        case .personWaitlisted: .personWaitlisted
        case .personLeft: .personLeft
        case .offered: .offered
        case .offerLapsed: .offerLapsed
        case .gameConfirmed: .gameConfirmed
        case .gameCalledOff: .gameCalledOff
        case .playersNeeded: .playersNeeded
        case .organiserMessage: .organiserMessage
        }
        text = NoticeText.text(notice, l)
        eventID = notice.eventID.uuidString.lowercased()
        eventTitle = notice.eventTitle
        createdAt = Google_Protobuf_Timestamp(date: notice.createdAt)
        read = notice.readAt != nil
    }
}

extension MJEventMessage {
    /// A removed message keeps its author and time, not its words.
    init(_ message: EventMessage) {
        self.init()
        id = message.id!.uuidString.lowercased()
        author = MJPerson()
        author.id = message.accountID?.uuidString.lowercased() ?? ""
        author.name = message.authorName
        if !message.isRemoved { text = message.body }
        byOrganiser = message.byOrganiser
        createdAt = Google_Protobuf_Timestamp(date: message.createdAt)
        removed = message.isRemoved
    }
}
