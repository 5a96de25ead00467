import Foundation
import Kernel

/// An event as someone typed it, before any check: from the API or the web form.
public struct EventDraft: Sendable {
    public var sportTypeID: String?
    public var title: String?
    public var details: String?
    public var cityID: String?
    public var venue: String?
    public var latitude: Double?
    public var longitude: Double?
    public var startsAt: Date?
    public var durationMinutes: Int?
    /// Nil means the default, 10.
    public var capacity: Int?
    /// Nil means "any".
    public var skillLevel: SkillLevel?
    /// Nil (or 0) for a game without a minimum number of players.
    public var minPlayers: Int?
    /// When a game with a minimum is confirmed or called off.
    public var decideAt: Date?

    public init(sportTypeID: String? = nil, title: String? = nil, details: String? = nil, cityID: String? = nil, venue: String? = nil,
                latitude: Double? = nil, longitude: Double? = nil, startsAt: Date? = nil, durationMinutes: Int? = nil,
                capacity: Int? = nil, skillLevel: SkillLevel? = nil, minPlayers: Int? = nil, decideAt: Date? = nil) {
        self.minPlayers = minPlayers
        self.decideAt = decideAt
        self.sportTypeID = sportTypeID
        self.title = title
        self.details = details
        self.cityID = cityID
        self.venue = venue
        self.latitude = latitude
        self.longitude = longitude
        self.startsAt = startsAt
        self.durationMinutes = durationMinutes
        self.capacity = capacity
        self.skillLevel = skillLevel
    }
}

/// An event that passed every rule.
public struct EventFields: Sendable, Equatable {
    public let sportType: SportType
    public let title: String
    public let details: String
    public let city: City
    public let venue: String
    public let latitude: Double?
    public let longitude: Double?
    public let startsAt: Date
    public let durationMinutes: Int
    public let capacity: Int
    public let skillLevel: SkillLevel
    public var minimum: Minimum? = nil

    /// At least `players` by `decideAt`, or the game is called off.
    public struct Minimum: Sendable, Equatable {
        public let players: Int
        public let decideAt: Date
    }
}

/// The limits of the spec, checked in one place for the API and the web.
public enum EventRules {
    public static let titleMaxLength = 80
    public static let descriptionMaxLength = 2000
    public static let venueMaxLength = 200
    public static let capacityRange = 2...100
    public static let defaultCapacity = 10
    public static let durationRange = 15...720

    /// The latest start an event may have: a year from `now`. A group plans its games
    /// weeks ahead; a date years away is a typo (31.12.9999) that would sit on top of
    /// every list sorted by date from the far end, and in every feed.
    public static func latestStart(after now: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(byAdding: .year, value: 1, to: now)!
    }

    /// Every problem at once, as field errors; the start must be after `now` and at most a year later.
    public static func validate(_ draft: EventDraft, now: Date) throws -> EventFields {
        var v = Kernel.Validator()
        let sport = SportType.find(draft.sportTypeID)
        if sport == nil { v.add("sportTypeId", draft.sportTypeID.isBlank ? "validation.required" : "mj.validation.unknown_sport") }
        let title = v.text("title", draft.title, maxLength: titleMaxLength)
        let details = v.text("description", draft.details, required: false, maxLength: descriptionMaxLength) ?? ""
        let city = City.find(draft.cityID)
        if city == nil { v.add("cityId", draft.cityID.isBlank ? "validation.required" : "mj.validation.unknown_city") }
        let venue = v.text("venue", draft.venue, maxLength: venueMaxLength)
        switch (draft.latitude, draft.longitude) {
        case (nil, nil): break
        case (let latitude?, let longitude?):
            if !(-90...90).contains(latitude) || !latitude.isFinite { v.add("latitude", "mj.validation.latitude") }
            if !(-180...180).contains(longitude) || !longitude.isFinite { v.add("longitude", "mj.validation.longitude") }
        case (nil, _): v.add("latitude", "mj.validation.coordinates_pair")
        case (_, nil): v.add("longitude", "mj.validation.coordinates_pair")
        }
        // Whole seconds: the search's page cursor compares start times exactly.
        let startsAt = draft.startsAt.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
        if let startsAt {
            if startsAt <= now {
                v.add("startTime", "mj.validation.start_in_past")
            } else if startsAt > latestStart(after: now) {
                v.add("startTime", "mj.validation.start_too_far")
            }
        } else {
            v.add("startTime", "validation.required")
        }
        let duration = draft.durationMinutes
        if let duration {
            if !durationRange.contains(duration) {
                v.add("durationMinutes", "mj.validation.duration", ["min": String(durationRange.lowerBound), "max": String(durationRange.upperBound / 60)])
            }
        } else {
            v.add("durationMinutes", "validation.required")
        }
        let capacity = draft.capacity ?? defaultCapacity
        if !capacityRange.contains(capacity) {
            v.add("capacity", "mj.validation.capacity", ["min": String(capacityRange.lowerBound), "max": String(capacityRange.upperBound)])
        }
        let minimum = validateMinimum(draft, capacity: capacity, startsAt: startsAt, now: now, into: &v)
        try v.throwIfInvalid()
        return EventFields(sportType: sport!, title: title!, details: details, city: city!, venue: venue!,
                           latitude: draft.latitude, longitude: draft.longitude, startsAt: startsAt!,
                           durationMinutes: duration!, capacity: capacity, skillLevel: draft.skillLevel ?? .any, minimum: minimum)
    }

    /// A minimum of 2 up to the capacity, decided after `now` and before the start; none
    /// without a minimum (a decision time alone means nothing and is let go).
    static func validateMinimum(_ draft: EventDraft, capacity: Int, startsAt: Date?, now: Date, into v: inout Kernel.Validator) -> EventFields.Minimum? {
        guard let players = draft.minPlayers, players != 0 else { return nil }
        let playersOK = (capacityRange.lowerBound...max(capacityRange.lowerBound, capacity)).contains(players)
        if !playersOK { v.add("minPlayers", "mj.validation.min_players", ["min": String(capacityRange.lowerBound), "max": String(capacity)]) }
        guard let decideAt = draft.decideAt.map({ Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }) else {
            v.add("decideAt", "validation.required")
            return nil
        }
        if decideAt <= now {
            v.add("decideAt", "mj.validation.decide_past")
        } else if let startsAt, decideAt >= startsAt {
            v.add("decideAt", "mj.validation.decide_after_start")
        }
        return playersOK ? EventFields.Minimum(players: players, decideAt: decideAt) : nil
    }
}

extension Optional where Wrapped == String {
    var isBlank: Bool { self?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ?? true }
}
