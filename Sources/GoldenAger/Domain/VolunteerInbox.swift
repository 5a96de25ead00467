import Foundation
import Kernel

/// What a volunteer's inbox shows: who they are, the task they hold (with its template)
/// and the open tasks of their city they have not declined, oldest first — none while
/// they are offline.
public struct VolunteerInbox: Sendable {
    public let member: Member
    public let current: HelpTask?
    public let offered: [OfferedTask]
}

/// An open task as a volunteer's inbox offers it: what is to be done and since when;
/// nobody's contact. Plain values: the inbox is read on every event of a city, and making
/// Fluent models of its rows cost more than reading them.
public struct OfferedTask: Sendable, Equatable {
    public let id: UUID
    public let status: TaskStatus
    public let city: String
    public let minutes: Int
    public let createdAt: Date
    public let templateID: UUID
    public let categoryID: UUID
    let titleUK, titleEN, descriptionUK, descriptionEN: String
    /// The task as the volunteer reads it (`TaskTemplate.volunteerDescription(in:)`).
    let volunteerUK, volunteerEN: String
    public let templateMinutes: Int
    let categoryUK, categoryEN: String
    /// When suits the pensioner, and their note: nothing personal (`OrderPreference`).
    public var preferredDate: String? = nil
    public var preferredPart: DayPart? = nil
    public var note: String? = nil

    public func title(in language: Language) -> String { language == .en ? titleEN : titleUK }
    public func description(in language: Language) -> String { language == .en ? descriptionEN : descriptionUK }
    public func volunteerDescription(in language: Language) -> String { language == .en ? volunteerEN : volunteerUK }
    public func categoryName(in language: Language) -> String { language == .en ? categoryEN : categoryUK }
}

extension OfferedTask {
    /// The offer of a task the portable services read.
    init(_ details: TaskDetails) {
        let task = details.task, template = details.template, category = details.category
        self.init(id: task.id!, status: task.status, city: task.city, minutes: task.minutes, createdAt: task.createdAt,
                  templateID: template.id!, categoryID: template.$category.id, titleUK: template.titleUK, titleEN: template.titleEN,
                  descriptionUK: template.descriptionUK, descriptionEN: template.descriptionEN,
                  volunteerUK: template.volunteerDescription(in: .uk), volunteerEN: template.volunteerDescription(in: .en),
                  templateMinutes: template.minutes,
                  categoryUK: category.nameUK, categoryEN: category.nameEN,
                  preferredDate: task.preferredDate, preferredPart: task.preferredPart, note: task.note)
    }
}
