import Fluent
import Foundation
import Kernel

/// A volunteer organisation (e.g. «Життєлюб»). Volunteers and coordinators belong to one.
public final class Organisation: Model, @unchecked Sendable {
    public static let schema = "ga_organisations"
    @ID(key: .id) public var id: UUID?
    @Field(key: "name") public var name: String
    @Field(key: "created_at") public var createdAt: Date
    public init() {}
    public init(name: String, createdAt: Date) {
        self.name = name
        self.createdAt = createdAt
    }
}

/// A kind of help. `Консультація` is special: it shows a phone number instead of tasks.
public final class Category: Model, @unchecked Sendable {
    public static let schema = "ga_categories"
    @ID(key: .id) public var id: UUID?
    @Field(key: "slug") public var slug: String
    @Field(key: "name_uk") public var nameUK: String
    @Field(key: "name_en") public var nameEN: String
    @Field(key: "position") public var position: Int
    @Field(key: "is_consultation") public var isConsultation: Bool
    public init() {}
    public init(slug: String, nameUK: String, nameEN: String, position: Int, isConsultation: Bool = false) {
        self.slug = slug
        self.nameUK = nameUK
        self.nameEN = nameEN
        self.position = position
        self.isConsultation = isConsultation
    }
    public func name(in language: Language) -> String { language == .en ? nameEN : nameUK }
}

/// A ready-made task a pensioner can order.
public final class TaskTemplate: Model, @unchecked Sendable {
    public static let schema = "ga_task_templates"
    @ID(key: .id) public var id: UUID?
    @Parent(key: "category_id") public var category: Category
    @Field(key: "title_uk") public var titleUK: String
    @Field(key: "title_en") public var titleEN: String
    @Field(key: "description_uk") public var descriptionUK: String
    @Field(key: "description_en") public var descriptionEN: String
    /// Expected duration; credited to the volunteer when the task is done.
    @Field(key: "minutes") public var minutes: Int
    @Field(key: "position") public var position: Int
    /// Archived templates cannot be ordered any more but old tasks still show them.
    @OptionalField(key: "archived_at") public var archivedAt: Date?
    /// What the volunteer is to do, written to them; nil on a template made before there
    /// was one (`volunteerDescription(in:)` then falls back to the pensioner's).
    @OptionalField(key: "volunteer_description_uk") public var volunteerDescriptionUK: String?
    @OptionalField(key: "volunteer_description_en") public var volunteerDescriptionEN: String?
    public init() {}
    public init(categoryID: UUID, titleUK: String, titleEN: String, descriptionUK: String, descriptionEN: String, minutes: Int, position: Int) {
        self.$category.id = categoryID
        self.titleUK = titleUK
        self.titleEN = titleEN
        self.descriptionUK = descriptionUK
        self.descriptionEN = descriptionEN
        self.minutes = minutes
        self.position = position
    }
    public func title(in language: Language) -> String { language == .en ? titleEN : titleUK }
    public func description(in language: Language) -> String { language == .en ? descriptionEN : descriptionUK }
    /// The task as the volunteer reads it.
    public func volunteerDescription(in language: Language) -> String {
        (language == .en ? volunteerDescriptionEN : volunteerDescriptionUK) ?? description(in: language)
    }
}

/// What Golden Ager knows about a person beyond their sign-in; keyed by the account id.
public final class Profile: Model, @unchecked Sendable {
    public static let schema = "ga_profiles"
    /// The account's id.
    @ID(custom: "account_id", generatedBy: .user) public var id: UUID?
    @Field(key: "role") public var role: String
    @Field(key: "first_name") public var firstName: String
    @Field(key: "last_name") public var lastName: String
    /// `380XXXXXXXXX`; the same as the account's login.
    @Field(key: "phone") public var phone: String
    /// `YYYY-MM-DD`.
    @Field(key: "birthday") public var birthday: String
    @Field(key: "city") public var city: String
    /// Pensioners only; shown to a volunteer only after they accept.
    @OptionalField(key: "address") public var address: String?
    /// Volunteers and coordinators.
    @OptionalParent(key: "organisation_id") public var organisation: Organisation?
    @Field(key: "is_online") public var isOnline: Bool
    /// When the volunteer last went online; nil while offline.
    @OptionalField(key: "online_since") public var onlineSince: Date?
    @Field(key: "updated_at") public var updatedAt: Date
    /// Volunteers: when a coordinator of their organisation approved them after seeing an
    /// identity document; nil while they wait (they can neither go online nor accept).
    @OptionalField(key: "approved_at") public var approvedAt: Date?
    /// Who approved them (a coordinator's or administrator's account).
    @OptionalField(key: "approved_by") public var approvedBy: UUID?
    /// Volunteers waiting: why their organisation turned them down, if it did (they may
    /// answer it, or choose another organisation).
    @OptionalField(key: "rejection_reason") public var rejectionReason: String?
    /// Volunteers: when a pensioner's report stopped them pending a coordinator's review
    /// (they wait as a new volunteer does until approved again).
    @OptionalField(key: "suspended_at") public var suspendedAt: Date?
    public init() {}

    public var fullName: String { "\(firstName) \(lastName)" }
    /// A volunteer still waiting for their organisation to check them.
    public var isPendingApproval: Bool { gaRole == .volunteer && approvedAt == nil }
    public var gaRole: GARole? { GARole(rawValue: role) }
}

/// A request for help: one template, one pensioner, at most one volunteer at a time.
public final class HelpTask: Model, @unchecked Sendable {
    public static let schema = "ga_tasks"
    @ID(key: .id) public var id: UUID?
    @Parent(key: "template_id") public var template: TaskTemplate
    @Field(key: "pensioner_id") public var pensionerID: UUID
    @OptionalField(key: "volunteer_id") public var volunteerID: UUID?
    @Enum(key: "status") public var status: TaskStatus
    /// The pensioner's city when ordering: the volunteers it is offered to.
    @Field(key: "city") public var city: String
    /// The template's expected time when ordered (templates may change later).
    @Field(key: "minutes") public var minutes: Int
    @Field(key: "created_at") public var createdAt: Date
    @OptionalField(key: "accepted_at") public var acceptedAt: Date?
    /// When it became done or cancelled.
    @OptionalField(key: "closed_at") public var closedAt: Date?
    /// Done tasks: the minutes credited to the volunteer (`HoursRules.credit`), which a
    /// coordinator may correct.
    @OptionalField(key: "credited_minutes") public var creditedMinutes: Int?
    /// When suits the pensioner: a day (`YYYY-MM-DD`) and a part of it; either may be nil.
    @OptionalField(key: "preferred_date") public var preferredDate: String?
    @OptionalField(key: "preferred_part") public var preferredPart: DayPart?
    /// A short note for the volunteer (≤ 200 characters), e.g. which doctor.
    @OptionalField(key: "note") public var note: String?
    /// The relative who ordered it for the pensioner; nil when the pensioner did.
    @OptionalField(key: "ordered_by") public var orderedBy: UUID?
    /// While searching: when the server cancels it if nobody has accepted (`TaskExpiry`).
    @OptionalField(key: "expires_at") public var expiresAt: Date?
    /// When the pensioner was told it is about to be cancelled (once per wait).
    @OptionalField(key: "expiry_warned_at") public var expiryWarnedAt: Date?
    /// The accepted volunteer's «Я на місці»: credited time starts here.
    @OptionalField(key: "arrived_at") public var arrivedAt: Date?
    /// The volunteer's «Виконано»: credited time stops here.
    @OptionalField(key: "finished_at") public var finishedAt: Date?
    /// Three digits set on acceptance, which the pensioner asks for at the door; only the
    /// pensioner's side and the accepted volunteer see it (`TaskDetails.doorCode`).
    @OptionalField(key: "door_code") public var doorCode: String?
    /// While searching: when nobody having accepted it makes it the coordinators' business
    /// (`TaskAttention`).
    @OptionalField(key: "attention_due_at") public var attentionDueAt: Date?
    /// When its city's coordinators were told it needs attention (once per wait).
    @OptionalField(key: "attention_at") public var attentionAt: Date?
    /// The volunteer a coordinator asked to take it, and when; it stays open to all.
    @OptionalField(key: "offered_to") public var offeredTo: UUID?
    @OptionalField(key: "offered_at") public var offeredAt: Date?
    public init() {}
    public init(templateID: UUID, pensionerID: UUID, city: String, minutes: Int, createdAt: Date) {
        self.$template.id = templateID
        self.pensionerID = pensionerID
        self.city = city
        self.minutes = minutes
        self.status = .searching
        self.createdAt = createdAt
    }

    /// The minutes this task counts in the volunteer's hours: none until it is done.
    public var credited: Int { status == .done ? creditedMinutes ?? minutes : 0 }

    /// Searching past its attention time: the coordinators' board shows it first.
    public func needsAttention(at now: Date) -> Bool {
        status == .searching && (attentionDueAt.map { $0 <= now } ?? false)
    }
}

/// A part of the day a pensioner would like help in.
public enum DayPart: String, Codable, CaseIterable, Sendable {
    case morning, afternoon, evening
}

/// One step in a task's history. Rows are only ever added.
public final class TaskTransition: Model, @unchecked Sendable {
    public static let schema = "ga_task_transitions"
    @ID(key: .id) public var id: UUID?
    @Field(key: "task_id") public var taskID: UUID
    /// 1, 2, 3… per task: the order of the steps even when two share a millisecond.
    @Field(key: "sequence") public var sequence: Int
    @Enum(key: "action") public var action: TaskAction
    @Enum(key: "status") public var status: TaskStatus
    @OptionalField(key: "actor_id") public var actorID: UUID?
    @OptionalField(key: "reason") public var reason: String?
    @Field(key: "at") public var at: Date
    public init() {}
    public init(taskID: UUID, sequence: Int, action: TaskAction, status: TaskStatus, actorID: UUID?, reason: String? = nil, at: Date) {
        self.taskID = taskID
        self.sequence = sequence
        self.action = action
        self.status = status
        self.actorID = actorID
        self.reason = reason
        self.at = at
    }
}

/// The pensioner's side said something was wrong with a visit: read by the coordinators of
/// the volunteer's organisation; one per task. `suspended`: the volunteer was stopped from
/// taking tasks until a coordinator approves them again.
public final class TaskReport: Model, @unchecked Sendable {
    public static let schema = "ga_task_reports"
    @ID(key: .id) public var id: UUID?
    @Field(key: "task_id") public var taskID: UUID
    @Field(key: "volunteer_id") public var volunteerID: UUID
    @Field(key: "reported_by") public var reportedBy: UUID
    @Field(key: "text") public var text: String
    @Field(key: "suspended") public var suspended: Bool
    @Field(key: "created_at") public var createdAt: Date
    public init() {}
    public init(taskID: UUID, volunteerID: UUID, reportedBy: UUID, text: String, suspended: Bool, createdAt: Date) {
        self.taskID = taskID
        self.volunteerID = volunteerID
        self.reportedBy = reportedBy
        self.text = text
        self.suspended = suspended
        self.createdAt = createdAt
    }
}

/// One month of a volunteer's hours as a certificate states it: the code anyone holding
/// the certificate checks at `/golden-ager/verify/{code}`. One per volunteer and month.
public final class MonthCertificate: Model, @unchecked Sendable {
    public static let schema = "ga_month_certificates"
    @ID(key: .id) public var id: UUID?
    @Field(key: "volunteer_id") public var volunteerID: UUID
    /// `2026-11`.
    @Field(key: "month") public var month: String
    /// Ten characters of `MonthCertificate.alphabet`.
    @Field(key: "code") public var code: String
    /// When the volunteer was told the month's hours (push), once.
    @OptionalField(key: "notified_at") public var notifiedAt: Date?
    @Field(key: "created_at") public var createdAt: Date
    public init() {}
    public init(volunteerID: UUID, month: String, createdAt: Date) {
        self.volunteerID = volunteerID
        self.month = month
        self.code = Self.newCode()
        self.createdAt = createdAt
    }

    /// No 0/O, 1/I/L: read off paper and typed without doubt.
    static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")

    /// Ten random characters: about 10¹⁵ codes, too many to find one by guessing.
    static func newCode() -> String {
        String((0..<10).map { _ in alphabet.randomElement()! })
    }
}

/// A volunteer's photo (`VolunteerPhotoService`), kept in the database so that every
/// instance of the server serves it; keyed by the account id.
public final class VolunteerPhoto: Model, @unchecked Sendable {
    public static let schema = "ga_volunteer_photos"
    @ID(custom: "account_id", generatedBy: .user) public var id: UUID?
    @Field(key: "content_type") public var contentType: String
    @Field(key: "data") public var data: Data
    /// The SHA-256 of the photo, hex: its ETag.
    @Field(key: "digest") public var digest: String
    @Field(key: "uploaded_at") public var uploadedAt: Date
    public init() {}
}

/// A volunteer said no to a task (or withdrew from it): it stays out of their inbox.
public final class TaskDecline: Model, @unchecked Sendable {
    public static let schema = "ga_task_declines"
    @ID(key: .id) public var id: UUID?
    @Field(key: "task_id") public var taskID: UUID
    @Field(key: "volunteer_id") public var volunteerID: UUID
    @Field(key: "at") public var at: Date
    public init() {}
    public init(taskID: UUID, volunteerID: UUID, at: Date) {
        self.taskID = taskID
        self.volunteerID = volunteerID
        self.at = at
    }
}

/// App-wide settings an admin edits (the consultation phone number).
public final class Setting: Model, @unchecked Sendable {
    public static let schema = "ga_settings"
    @ID(custom: "key", generatedBy: .user) public var id: String?
    @Field(key: "value") public var value: String
    public init() {}
    public init(key: String, value: String) {
        self.id = key
        self.value = value
    }

    public static let consultationPhone = "consultation_phone"
}

/// A relative may act for a pensioner: order, change and cancel their tasks, and see who
/// is coming. Made when the relative types the code the pensioner's profile shows.
public final class RelativeLink: Model, @unchecked Sendable {
    public static let schema = "ga_relative_links"
    @ID(key: .id) public var id: UUID?
    @Field(key: "pensioner_id") public var pensionerID: UUID
    @Field(key: "relative_id") public var relativeID: UUID
    @Field(key: "created_at") public var createdAt: Date
    public init() {}
    public init(pensionerID: UUID, relativeID: UUID, createdAt: Date) {
        self.pensionerID = pensionerID
        self.relativeID = relativeID
        self.createdAt = createdAt
    }
}

/// The code a pensioner's profile shows for linking a relative: stored only as a hash,
/// one per pensioner, short-lived, and spoilt by too many wrong guesses.
final class RelativeCode: Model, @unchecked Sendable {
    static let schema = "ga_relative_codes"
    @ID(custom: "pensioner_id", generatedBy: .user) var id: UUID?
    @Field(key: "code_hash") var codeHash: String
    @Field(key: "expires_at") var expiresAt: Date
    @Field(key: "failed_attempts") var failedAttempts: Int
    init() {}
    init(pensionerID: UUID, codeHash: String, expiresAt: Date) {
        self.id = pensionerID
        self.codeHash = codeHash
        self.expiresAt = expiresAt
        self.failedAttempts = 0
    }
}
