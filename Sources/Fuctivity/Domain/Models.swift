import Fluent
import Foundation
import Kernel

/// A person's week as they set it up: which days they work, how long and from when, how
/// much rest they mean to take a day, and when their day starts and ends (suggestions stay
/// inside it). Keyed by the account id; the account holds the name, e-mail and time zone.
public final class FuctivityProfile: Model, @unchecked Sendable {
    public static let schema = "fx_profiles"
    @ID(custom: "account_id", generatedBy: .user) public var id: UUID?
    /// ISO weekday digits, Monday = 1: "12345" for Monday to Friday.
    @Field(key: "working_days") public var workingDays: String
    @Field(key: "work_hours") public var workHours: Int
    /// Minutes after midnight, local time.
    @Field(key: "work_starts") public var workStarts: Int
    @Field(key: "rest_hours") public var restHours: Int
    /// The waking day, in minutes after midnight: suggestions are made inside it.
    @Field(key: "day_starts") public var dayStarts: Int
    @Field(key: "day_ends") public var dayEnds: Int
    /// Set when onboarding was finished (the settings were confirmed once).
    @OptionalField(key: "onboarded_at") public var onboardedAt: Date?
    @Field(key: "created_at") public var createdAt: Date
    @Field(key: "updated_at") public var updatedAt: Date

    public init() {}

    public init(accountID: UUID, plan: WeekPlan, at now: Date) {
        self.id = accountID
        self.createdAt = now
        self.updatedAt = now
        apply(plan)
    }

    public func apply(_ plan: WeekPlan) {
        workingDays = plan.workingDays.sorted().map(String.init).joined()
        workHours = plan.workHours
        workStarts = plan.workStarts
        restHours = plan.restHours
        dayStarts = plan.dayStarts
        dayEnds = plan.dayEnds
    }

    /// The plan, in the person's time zone (their account's: `Planner.timeZone`).
    public func plan(in zone: TimeZone) -> WeekPlan {
        Self.plan(workingDays: workingDays, workHours: workHours, workStarts: workStarts, restHours: restHours, dayStarts: dayStarts,
                  dayEnds: dayEnds, timeZone: zone)
    }

    /// The plan of a profile's stored columns.
    static func plan(workingDays: String, workHours: Int, workStarts: Int, restHours: Int, dayStarts: Int, dayEnds: Int,
                     timeZone: TimeZone) -> WeekPlan {
        WeekPlan(workingDays: Set(workingDays.compactMap { $0.wholeNumberValue }.filter { (1...7).contains($0) }),
                 workHours: workHours, workStarts: workStarts, restHours: restHours, dayStarts: dayStarts, dayEnds: dayEnds,
                 timeZone: timeZone)
    }
}

/// A kind of rest. The built-in ones (no owner) have a slug and a name in each language;
/// a person's own have a name they typed and are theirs alone.
public final class RestCategory: Model, @unchecked Sendable {
    public static let schema = "fx_categories"
    @ID(key: .id) public var id: UUID?
    @OptionalField(key: "owner_id") public var ownerID: UUID?
    @OptionalField(key: "slug") public var slug: String?
    @OptionalField(key: "name") public var customName: String?
    /// The name lower-cased, for the uniqueness of a person's names.
    @OptionalField(key: "name_key") public var nameKey: String?
    @Field(key: "created_at") public var createdAt: Date
    /// Deleted while activities used it: kept for them, no longer offered.
    @OptionalField(key: "archived_at") public var archivedAt: Date?

    public init() {}

    public init(id: UUID? = nil, ownerID: UUID?, slug: String?, name: String?, at now: Date) {
        self.id = id
        self.ownerID = ownerID
        self.slug = slug
        self.customName = name
        self.nameKey = name.map(Self.key)
        self.createdAt = now
    }

    public var isBuiltIn: Bool { ownerID == nil }
    public var isArchived: Bool { archivedAt != nil }

    static func key(_ name: String) -> String { name.lowercased() }

    public func name(in language: Language) -> String {
        if let customName { return customName }
        return BuiltInCategory.find(slug)?.name(in: language) ?? slug ?? ""
    }
}

/// A planned (or taken) piece of rest. Times are UTC; every view shows them in the
/// owner's time zone. A deleted activity is kept with `deletedAt` set until the person
/// can no longer undo, so "delete" can be taken back.
public final class RestActivity: Model, @unchecked Sendable {
    public static let schema = "fx_activities"
    @ID(key: .id) public var id: UUID?
    @Field(key: "owner_id") public var ownerID: UUID
    @Field(key: "category_id") public var categoryID: UUID
    @Field(key: "description") public var details: String
    @Field(key: "starts_at") public var startsAt: Date
    @Field(key: "ends_at") public var endsAt: Date
    @Enum(key: "status") public var status: ActivityStatus
    @OptionalField(key: "rating") public var rating: Int?
    @OptionalField(key: "rating_note") public var ratingNote: String?
    @OptionalField(key: "deleted_at") public var deletedAt: Date?
    @Field(key: "created_at") public var createdAt: Date
    @Field(key: "updated_at") public var updatedAt: Date

    public init() {}

    public var interval: DateInterval { DateInterval(start: startsAt, end: endsAt) }
    public var duration: TimeInterval { endsAt.timeIntervalSince(startsAt) }
}

/// One reminder of an activity: a number of minutes before its start, or a moment.
/// `firesAt` is worked out when the activity or reminder is saved; `pushedAt` records
/// that an open page was told (each reminder is pushed once, by one server).
public final class Reminder: Model, @unchecked Sendable {
    public static let schema = "fx_reminders"
    @ID(key: .id) public var id: UUID?
    @Field(key: "activity_id") public var activityID: UUID
    @Field(key: "owner_id") public var ownerID: UUID
    @OptionalField(key: "minutes_before") public var minutesBefore: Int?
    @OptionalField(key: "remind_at") public var remindAt: Date?
    @Field(key: "fires_at") public var firesAt: Date
    @OptionalField(key: "pushed_at") public var pushedAt: Date?

    public init() {}

    public init(activityID: UUID, ownerID: UUID, timing: ReminderTiming, start: Date) {
        self.activityID = activityID
        self.ownerID = ownerID
        switch timing {
        case .minutesBefore(let minutes): self.minutesBefore = minutes
        case .at(let date): self.remindAt = date
        }
        self.firesAt = timing.firesAt(start: start)
    }

    public var timing: ReminderTiming {
        if let remindAt { return .at(remindAt) }
        return .minutesBefore(minutesBefore ?? 0)
    }
}
