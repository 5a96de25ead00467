import Foundation
import Kernel
import Vapor

/// The JSON shapes of the Golden Ager API (see `openapi.json`). Inputs have optional
/// fields so that a missing one is a 422 naming the field, in the caller's language.
enum APIModels {
    struct Registration: Content {
        let role: String?
        let phone: String?
        let password: String?
        let firstName: String?
        let lastName: String?
        let birthday: String?
        let city: String?
        let address: String?
        let organisationId: String?
    }

    struct ResetCode: Content {
        let code: String
        let expiresAt: Date
    }

    struct OperatorSignUp: Content {
        let pensioner: LinkedPersonDTO
        let resetCode: ResetCode
    }

    struct Session: Content {
        let token: String
        let expiresAt: Date
        let profile: ProfileDTO
    }

    struct ProfileUpdate: Content {
        let firstName: String?
        let lastName: String?
        let birthday: String?
        let city: String?
        let address: String?
        let organisationId: String?
    }

    struct ProfileDTO: Content {
        let id: UUID
        let role: String
        let firstName: String
        let lastName: String
        let phone: String
        let birthday: String
        let city: String
        let address: String?
        let organisation: OrganisationDTO?
        let online: Bool
        /// A volunteer their organisation has not approved yet (cannot go online or accept).
        let pendingApproval: Bool
        /// A waiting volunteer: why their organisation turned them down, if it did.
        let rejectionReason: String?
        /// A volunteer stopped by a pensioner's report until a coordinator approves them again.
        let suspended: Bool
        /// A volunteer who has put up their photo (`PUT /me/photo`).
        let hasPhoto: Bool
    }

    struct Approval: Content {
        let documentChecked: Bool?
    }

    struct Rejection: Content {
        let reason: String?
    }

    struct Offer: Content {
        let volunteerId: UUID?
    }

    struct ReportRequest: Content {
        let text: String?
        let suspend: Bool?
    }

    struct ReportDTO: Content {
        let id: UUID
        let taskId: UUID
        let text: String
        let suspended: Bool
        let createdAt: Date
    }

    struct PendingVolunteerDTO: Content {
        let id: UUID
        let firstName: String
        let lastName: String
        let phone: String
        let city: String
        let organisationId: UUID?
        let signedUpAt: Date
    }

    struct OrganisationDTO: Content {
        let id: UUID
        let name: String
        /// The cities it serves (city ids, alphabetical by id); absent where it is named
        /// as someone's organisation.
        var cities: [String]? = nil
    }

    struct CityDTO: Content {
        let id: String
        let name: String
        /// Whether an organisation serves it: an order in a city that is not served is refused.
        let served: Bool
    }

    struct CategoryDTO: Content {
        let id: UUID
        let slug: String
        let name: String
        let isConsultation: Bool
        let templateCount: Int
    }

    struct TemplateDTO: Content {
        let id: UUID
        let categoryId: UUID
        let title: String
        /// Written to the pensioner.
        let description: String
        /// The same task written to the volunteer.
        let volunteerDescription: String
        let minutes: Int
    }

    struct Consultation: Content {
        let phone: String?
    }

    struct NewTask: Content {
        let templateId: UUID?
        /// A relative ordering for a pensioner linked to them, or a coordinator for a pensioner
        /// of their cities who phoned; a pensioner leaves it out.
        let pensionerId: UUID?
        /// `today`, `tomorrow` or `YYYY-MM-DD`; absent (or `any`): any day.
        let preferredDate: String?
        /// `morning`, `afternoon` or `evening`; absent (or `any`): any time.
        let preferredPart: String?
        let note: String?
    }

    struct Withdrawal: Content {
        let reason: String?
    }

    struct CreditCorrection: Content {
        let minutes: Int?
        let reason: String?
    }

    struct Availability: Content {
        let online: Bool?
    }

    struct AvailabilityDTO: Content {
        let online: Bool
    }

    struct PersonDTO: Content {
        let id: UUID
        let firstName: String
        let lastName: String
        let phone: String?
        let address: String?
        let organisation: String?
        /// A volunteer's photo the viewer may fetch (`GET /volunteers/{id}/photo`).
        let photo: String?
    }

    struct TransitionDTO: Content {
        let action: String
        let status: String
        let at: Date
        let reason: String?
    }

    struct TaskDTO: Content {
        let id: UUID
        let status: String
        let template: TemplateDTO
        let category: String
        let city: String
        let minutes: Int
        let createdAt: Date
        let acceptedAt: Date?
        let closedAt: Date?
        /// While searching, to the pensioner and their relatives: when the server cancels it if nobody has accepted.
        let expiresAt: Date?
        /// Done tasks: the minutes credited to the volunteer.
        let creditedMinutes: Int?
        /// When suits the pensioner: a day (`YYYY-MM-DD`) and a part of it; and their note.
        let preferredDate: String?
        let preferredPart: String?
        let note: String?
        let pensioner: PersonDTO?
        let volunteer: PersonDTO?
        /// The relative who ordered it for the pensioner (seen by the pensioner's side and staff).
        let orderedBy: PersonDTO?
        let history: [TransitionDTO]
        /// The pensioner's side and the accepted volunteer, from acceptance until the visit ends.
        let doorCode: String?
        let arrivedAt: Date?
        let finishedAt: Date?
        /// The volunteer a coordinator asked to take it (to staff, and to that volunteer).
        let offeredTo: UUID?
    }

    struct RelativeCodeDTO: Content {
        let code: String
        let expiresAt: Date
    }

    struct RelativeLinkRequest: Content {
        let phone: String?
        let code: String?
    }

    /// Someone on the other side of a link: a pensioner's relative, or a relative's pensioner.
    struct LinkedPersonDTO: Content {
        let id: UUID
        let firstName: String
        let lastName: String
        let phone: String
        /// Pensioners only: where help goes.
        let city: String?
        let address: String?
    }

    struct Inbox: Content {
        let online: Bool
        let tasks: [TaskDTO]
    }

    struct MonthDTO: Content {
        let month: String
        let minutes: Int
        let tasks: Int
    }

    struct Hours: Content {
        let totalMinutes: Int
        let taskCount: Int
        let months: [MonthDTO]
    }
}

extension APIModels {
    static func profile(_ member: Member, organisation: Organisation?, hasPhoto: Bool = false) throws -> ProfileDTO {
        let profile = try member.requireProfile()
        return ProfileDTO(id: member.id, role: member.account.role, firstName: profile.firstName, lastName: profile.lastName,
                          phone: profile.phone, birthday: profile.birthday, city: profile.city, address: profile.address,
                          organisation: try organisation.map { OrganisationDTO(id: try $0.requireID(), name: $0.name) },
                          online: profile.isOnline, pendingApproval: profile.isPendingApproval,
                          rejectionReason: profile.isPendingApproval ? profile.rejectionReason : nil, suspended: profile.suspendedAt != nil && profile.isPendingApproval,
                          hasPhoto: hasPhoto)
    }

    static func template(_ template: TaskTemplate, _ language: Language) -> TemplateDTO {
        TemplateDTO(id: template.id!, categoryId: template.$category.id, title: template.title(in: language),
                    description: template.description(in: language), volunteerDescription: template.volunteerDescription(in: language),
                    minutes: template.minutes)
    }

    /// A task as the inbox offers it: nobody's contact, no history yet.
    static func task(_ offer: OfferedTask, _ language: Language) -> TaskDTO {
        TaskDTO(id: offer.id, status: offer.status.rawValue,
                template: TemplateDTO(id: offer.templateID, categoryId: offer.categoryID, title: offer.title(in: language),
                                      description: offer.description(in: language),
                                      volunteerDescription: offer.volunteerDescription(in: language), minutes: offer.templateMinutes),
                category: offer.categoryName(in: language), city: offer.city, minutes: offer.minutes, createdAt: offer.createdAt,
                acceptedAt: nil, closedAt: nil, expiresAt: nil, creditedMinutes: nil, preferredDate: offer.preferredDate,
                preferredPart: offer.preferredPart?.rawValue, note: offer.note, pensioner: nil, volunteer: nil, orderedBy: nil, history: [],
                doorCode: nil, arrivedAt: nil, finishedAt: nil, offeredTo: nil)
    }

    static func task(_ details: TaskDetails, _ language: Language, viewer: Member) -> TaskDTO {
        let task = details.task
        func person(_ p: TaskDetails.Person?) -> PersonDTO? {
            p.map { PersonDTO(id: $0.id, firstName: $0.firstName, lastName: $0.lastName, phone: $0.phone, address: $0.address, organisation: $0.organisation,
                              photo: $0.hasPhoto ? "\(GoldenAger.descriptor.apiPath)/volunteers/\($0.id)/photo" : nil) }
        }
        return TaskDTO(
            id: task.id!, status: task.status.rawValue, template: template(details.template, language),
            category: details.category.name(in: language), city: task.city, minutes: task.minutes,
            createdAt: task.createdAt, acceptedAt: task.acceptedAt, closedAt: task.closedAt,
            // The pensioner's side may act on it (change the time, call someone); volunteers' inbox has no deadline.
            expiresAt: task.status == .searching && details.isPensionersSide ? task.expiresAt : nil,
            creditedMinutes: task.status == .done ? task.credited : nil,
            preferredDate: task.preferredDate, preferredPart: task.preferredPart?.rawValue, note: task.note,
            pensioner: person(details.pensioner), volunteer: person(details.volunteer), orderedBy: person(details.orderedBy),
            history: details.history.map { TransitionDTO(action: $0.action.rawValue, status: $0.status.rawValue, at: $0.at, reason: $0.reason) },
            doorCode: details.doorCode, arrivedAt: task.arrivedAt, finishedAt: task.finishedAt,
            offeredTo: viewer.role == .coordinator || viewer.role == .admin || task.offeredTo == viewer.id ? task.offeredTo : nil)
    }
}

extension APIModels {
    static func report(_ report: TaskReport) throws -> ReportDTO {
        ReportDTO(id: try report.requireID(), taskId: report.taskID, text: report.text, suspended: report.suspended, createdAt: report.createdAt)
    }

    static func linkedPerson(_ profile: Profile) -> LinkedPersonDTO {
        let isPensioner = profile.gaRole == .pensioner
        return LinkedPersonDTO(id: profile.id!, firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone,
                               city: isPensioner ? profile.city : nil, address: isPensioner ? profile.address : nil)
    }
}
