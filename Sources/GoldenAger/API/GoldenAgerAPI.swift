import Fluent
import Foundation
import Kernel
import Vapor

/// `/golden-ager/api/v1`: everything pensioners and volunteers can do, for native
/// clients. Handlers parse, call one service, and shape the answer.
enum GoldenAgerAPI {
    typealias M = APIModels

    static func register(on api: any RoutesBuilder) {
        api.post("accounts", ":accountId", "password-reset-code", use: issueResetCode)
        api.post("accounts", ":accountId", "approval", use: approve)
        api.post("accounts", ":accountId", "rejection", use: reject)
        api.get("volunteers", "pending", use: pendingVolunteers)
        api.get("pensioners", use: findPensioner)
        api.on(.PUT, "me", "photo", body: .collect(maxSize: "1mb"), use: uploadPhoto)
        api.get("volunteers", ":volunteerId", "photo", use: photo)
        api.post("pensioners", use: signUpPensioner)
        api.get("cities", use: cities)
        api.get("organisations", use: organisations)
        api.get("categories", use: categories)
        api.get("categories", ":categoryID", "templates", use: templates)
        api.get("consultation", use: consultation)
        api.post("tasks", use: order)
        api.get("tasks", ":taskID", use: task)
        api.post("tasks", ":taskID", "cancel", use: cancel)
        api.post("tasks", ":taskID", "complete", use: complete)
        api.post("tasks", ":taskID", "accept", use: accept)
        api.post("tasks", ":taskID", "decline", use: decline)
        api.post("tasks", ":taskID", "withdraw", use: withdraw)
        api.post("tasks", ":taskID", "arrive", use: arrive)
        api.post("tasks", ":taskID", "finish", use: finish)
        api.post("tasks", ":taskID", "report", use: report)
        api.post("tasks", ":taskID", "offer", use: offer)
        api.put("tasks", ":taskID", "credit", use: correctCredit)
        api.get("orders", use: orders)
        api.put("availability", use: setAvailability)
        api.get("inbox", use: inbox)
        api.get("assignments", use: assignments)
        api.get("hours", use: hours)
        api.get("events", use: events)
        api.post("relative-code", use: issueRelativeCode)
        api.get("relatives", use: relatives)
        api.post("relatives", use: linkRelative)
        api.delete("relatives", ":personId", use: unlinkRelative)
    }

    // MARK: Accounts (served on the kernel's account paths, `GoldenAgerAccounts`)

    static func register(_ req: Request) async throws -> Response {
        let input = try req.content.decode(M.Registration.self)
        let member = try await req.goldenAger.profiles.register(RegistrationInput(
            role: input.role.flatMap(GARole.init(rawValue:)), phone: input.phone, password: input.password, firstName: input.firstName, lastName: input.lastName,
            birthday: input.birthday, city: input.city, address: input.address, organisationID: input.organisationId),
            language: req.language)
        return try await profileDTO(member, req).created(at: "\(GoldenAger.descriptor.apiPath)/me", for: req)
    }

    /// A coordinator's or administrator's one-time reset code for a person who called.
    static func issueResetCode(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let accountID = try req.uuidParameter("accountId", notFound: "account_not_found", key: "ga.account.not_found")
        let issued = try await req.goldenAger.administration.issueResetCode(for: accountID, by: member).code
        return try await M.ResetCode(code: issued.code, expiresAt: issued.expiresAt).encodeResponse(status: .created, for: req)
    }

    /// A coordinator (of the volunteer's organisation) or administrator approves a new
    /// volunteer after checking an identity document.
    static func approve(_ req: Request) async throws -> M.ProfileDTO {
        let member = try await req.member(.coordinator, .admin)
        let accountID = try req.uuidParameter("accountId", notFound: "account_not_found", key: "ga.account.not_found")
        let input = try req.content.decode(M.Approval.self)
        return try await profileDTO(try await req.goldenAger.profiles.approve(accountID, documentChecked: input.documentChecked, by: member), req)
    }

    /// A coordinator (of the volunteer's organisation) or administrator turns a waiting
    /// volunteer down with a reason the volunteer is told.
    static func reject(_ req: Request) async throws -> M.ProfileDTO {
        let member = try await req.member(.coordinator, .admin)
        let accountID = try req.uuidParameter("accountId", notFound: "account_not_found", key: "ga.account.not_found")
        let input = try req.content.decode(M.Rejection.self)
        return try await profileDTO(try await req.goldenAger.profiles.reject(accountID, reason: input.reason, by: member), req)
    }

    /// A coordinator finds a caller among the pensioners of their cities by phone number.
    static func findPensioner(_ req: Request) async throws -> M.LinkedPersonDTO {
        let member = try await req.member(.coordinator, .admin)
        let phone = try? req.query.get(String.self, at: "phone")
        guard let pensioner = try await req.goldenAger.operators.findPensioner(phone: phone, by: member) else {
            throw RelativeService.pensionerNotFound
        }
        return M.linkedPerson(pensioner)
    }

    /// A coordinator signs up a pensioner who is on the line; the answer carries the reset
    /// code they read out, with which the pensioner sets their own password.
    static func signUpPensioner(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let input = try req.content.decode(M.Registration.self)
        let (pensioner, code) = try await req.goldenAger.operators.signUpPensioner(RegistrationInput(
            role: .pensioner, phone: input.phone, password: nil, firstName: input.firstName, lastName: input.lastName,
            birthday: input.birthday, city: input.city, address: input.address), by: member)
        let answer = M.OperatorSignUp(pensioner: M.linkedPerson(try pensioner.requireProfile()),
                                      resetCode: M.ResetCode(code: code.code, expiresAt: code.expiresAt))
        return try await answer.encodeResponse(status: .created, for: req)
    }

    /// A volunteer puts up their photo (multipart `photo`, a JPEG or PNG of at most 512 KB).
    static func uploadPhoto(_ req: Request) async throws -> M.ProfileDTO {
        let member = try await req.member(.volunteer)
        guard req.headers.contentType?.type == "multipart" else {
            throw AppError(.unsupportedMediaType, code: "multipart_expected", key: "ga.photo.multipart")
        }
        let upload = try MultipartUpload.decode(ProfilePage.PhotoUpload.self, from: req, key: "ga.photo.multipart")
        try await req.goldenAger.photos.upload(upload.photo.map { Array($0.data.readableBytesView) }, by: member)
        return try await profileDTO(member, req)
    }

    /// A volunteer's photo, to those who may see it: themselves, their organisation's
    /// coordinators, and the pensioner's side of a visit they took on.
    static func photo(_ req: Request) async throws -> Response {
        let member = try await req.member()
        let id = try req.uuidParameter("volunteerId", notFound: "photo_not_found", key: "ga.photo.not_found")
        return GoldenAgerWeb.image(try await req.goldenAger.photos.photo(of: id, for: member), req)
    }

    static func pendingVolunteers(_ req: Request) async throws -> [M.PendingVolunteerDTO] {
        let member = try await req.member(.coordinator, .admin)
        return try await req.goldenAger.profiles.pendingVolunteers(for: member).map { pending in
            let p = pending.profile
            return M.PendingVolunteerDTO(id: p.id!, firstName: p.firstName, lastName: p.lastName, phone: p.phone, city: p.city,
                                         organisationId: p.$organisation.id, signedUpAt: pending.signedUpAt)
        }
    }

    static func updateMe(_ req: Request) async throws -> M.ProfileDTO {
        let member = try await req.member(.pensioner, .volunteer, .relative)
        let input = try req.content.decode(M.ProfileUpdate.self)
        _ = try await req.goldenAger.profiles.update(member, with: ProfileChanges(
            firstName: input.firstName, lastName: input.lastName, birthday: input.birthday, city: input.city,
            address: input.address, organisationID: input.organisationId))
        return try await profileDTO(try await Member(account: member.account, on: req.db), req)
    }

    static func profileDTO(_ member: Member, _ req: Request) async throws -> M.ProfileDTO {
        guard let profile = member.profile else {
            // An admin made on the command line has no profile: answer with the account.
            return M.ProfileDTO(id: member.id, role: member.account.role, firstName: member.account.displayName, lastName: "",
                                phone: member.account.login, birthday: "", city: "", address: nil, organisation: nil, online: false,
                                pendingApproval: false, rejectionReason: nil, suspended: false, hasPhoto: false)
        }
        let hasPhoto = member.role == .volunteer ? try await req.goldenAger.photos.withPhotos([member.id]).contains(member.id) : false
        return try M.profile(member, organisation: try await req.goldenAger.profiles.organisation(of: profile), hasPhoto: hasPhoto)
    }

    // MARK: Reference data

    static func cities(_ req: Request) async throws -> [M.CityDTO] {
        let unserved = Set(try await req.goldenAger.catalog.unservedCities().map(\.id))
        return City.sorted(in: req.language).map { M.CityDTO(id: $0.id, name: $0.name(in: req.language), served: !unserved.contains($0.id)) }
    }

    /// `?city=kyiv`: only the organisations serving that city (the ones a volunteer there may join).
    static func organisations(_ req: Request) async throws -> [M.OrganisationDTO] {
        let catalog = req.goldenAger.catalog
        let organisations = try await catalog.organisations(serving: req.query[String.self, at: "city"])
        let cities = try await catalog.cities(of: organisations)
        return try organisations.map { M.OrganisationDTO(id: try $0.requireID(), name: $0.name, cities: (cities[$0.id!] ?? []).sorted()) }
    }

    static func categories(_ req: Request) async throws -> [M.CategoryDTO] {
        let catalog = req.goldenAger.catalog
        let counts = try await catalog.templateCounts()
        return try await catalog.categories().map {
            M.CategoryDTO(id: try $0.requireID(), slug: $0.slug, name: $0.name(in: req.language),
                          isConsultation: $0.isConsultation, templateCount: counts[$0.id!] ?? 0)
        }
    }

    static func templates(_ req: Request) async throws -> [M.TemplateDTO] {
        let catalog = req.goldenAger.catalog
        let category = try await catalog.category(try req.uuidParameter("categoryID", notFound: "category_not_found", key: "ga.category.not_found"))
        return try await catalog.templates(in: category.requireID()).map { M.template($0, req.language) }
    }

    static func consultation(_ req: Request) async throws -> M.Consultation {
        M.Consultation(phone: try await req.goldenAger.catalog.consultationPhone())
    }

    // MARK: Tasks

    static func order(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative, .coordinator, .admin)
        let input = try req.content.decode(M.NewTask.self)
        guard let templateID = input.templateId else {
            throw AppError.validation([FieldError(field: "templateId", key: "validation.required")])
        }
        let details = TaskService.OrderDetails(day: input.preferredDate, part: input.preferredPart, note: input.note)
        let id = try await req.goldenAger.tasks.order(templateID: templateID, details, for: input.pensionerId, by: member).requireID()
        return try await taskDTO(id, member, req).created(at: "\(GoldenAger.descriptor.apiPath)/tasks/\(id)", for: req)
    }

    static func task(_ req: Request) async throws -> M.TaskDTO {
        let member = try await req.member()
        return try await taskDTO(try taskID(req), member, req)
    }

    static func cancel(_ req: Request) async throws -> M.TaskDTO {
        let member = try await req.member(.pensioner, .relative, .coordinator, .admin)
        let task = try await req.goldenAger.tasks.cancel(taskID: try taskID(req), by: member)
        return try await taskDTO(task.requireID(), member, req)
    }

    static func complete(_ req: Request) async throws -> M.TaskDTO {
        let member = try await req.member(.pensioner, .relative)
        let task = try await req.goldenAger.tasks.complete(taskID: try taskID(req), by: member)
        return try await taskDTO(task.requireID(), member, req)
    }

    static func accept(_ req: Request) async throws -> M.TaskDTO {
        let member = try await req.member(.volunteer)
        let task = try await req.goldenAger.tasks.accept(taskID: try taskID(req), by: member)
        return try await taskDTO(task.requireID(), member, req)
    }

    static func decline(_ req: Request) async throws -> HTTPStatus {
        let member = try await req.member(.volunteer)
        try await req.goldenAger.tasks.decline(taskID: try taskID(req), by: member)
        return .noContent
    }

    static func withdraw(_ req: Request) async throws -> M.TaskDTO {
        let member = try await req.member(.volunteer)
        let input = try req.content.decode(M.Withdrawal.self)
        let task = try await req.goldenAger.tasks.withdraw(taskID: try taskID(req), reason: input.reason, by: member)
        return try await taskDTO(task.requireID(), member, req)
    }

    static func arrive(_ req: Request) async throws -> M.TaskDTO {
        let member = try await req.member(.volunteer)
        let task = try await req.goldenAger.tasks.arrive(taskID: try taskID(req), by: member)
        return try await taskDTO(task.requireID(), member, req)
    }

    static func finish(_ req: Request) async throws -> M.TaskDTO {
        let member = try await req.member(.volunteer)
        let task = try await req.goldenAger.tasks.finish(taskID: try taskID(req), by: member)
        return try await taskDTO(task.requireID(), member, req)
    }

    /// «Щось не так»: the pensioner's side tells the coordinators what went wrong.
    static func report(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative)
        let input = try req.content.decode(M.ReportRequest.self)
        let report = try await req.goldenAger.tasks.report(taskID: try taskID(req), text: input.text, suspend: input.suspend ?? false, by: member)
        return try await M.report(report).encodeResponse(status: .created, for: req)
    }

    /// A coordinator asks one of their volunteers by name to take a task nobody has taken.
    static func offer(_ req: Request) async throws -> M.TaskDTO {
        let member = try await req.member(.coordinator, .admin)
        let input = try req.content.decode(M.Offer.self)
        guard let volunteerID = input.volunteerId else {
            throw AppError.validation([FieldError(field: "volunteerId", key: "ga.offer.volunteer_unknown")])
        }
        let task = try await req.goldenAger.tasks.offer(taskID: try taskID(req), to: volunteerID, by: member)
        return try await taskDTO(task.requireID(), member, req)
    }

    /// A coordinator (of the volunteer's organisation) or administrator corrects the time a
    /// done task credits its volunteer.
    static func correctCredit(_ req: Request) async throws -> M.TaskDTO {
        let member = try await req.member(.coordinator, .admin)
        let id = try taskID(req)
        let input = try req.content.decode(M.CreditCorrection.self)
        _ = try await req.goldenAger.administration.correctCredit(id, minutes: input.minutes, reason: input.reason, by: member)
        return try await taskDTO(id, member, req)
    }

    static func orders(_ req: Request) async throws -> [M.TaskDTO] {
        let member = try await req.member(.pensioner, .relative)
        return try await req.goldenAger.tasks.orders(of: member).map { M.task($0, req.language, viewer: member) }
    }

    static func setAvailability(_ req: Request) async throws -> M.AvailabilityDTO {
        let member = try await req.member(.volunteer)
        guard let online = try req.content.decode(M.Availability.self).online else {
            throw AppError.validation([FieldError(field: "online", key: "validation.required")])
        }
        let profile = try await req.goldenAger.profiles.setOnline(member, online)
        return M.AvailabilityDTO(online: profile.isOnline)
    }

    static func inbox(_ req: Request) async throws -> M.Inbox {
        let inbox = try await req.volunteerInbox(withHeldTask: false)
        return M.Inbox(online: inbox.member.profile?.isOnline ?? false, tasks: inbox.offered.map { M.task($0, req.language) })
    }

    static func assignments(_ req: Request) async throws -> [M.TaskDTO] {
        let member = try await req.member(.volunteer)
        return try await req.goldenAger.tasks.assignments(of: member).map { M.task($0, req.language, viewer: member) }
    }

    static func hours(_ req: Request) async throws -> M.Hours {
        let member = try await req.member(.volunteer)
        let service = req.goldenAger.hours
        var validator = Validator()
        let from = service.day(req.query[String.self, at: "from"], field: "from", into: &validator)
        let to = service.day(req.query[String.self, at: "to"], field: "to", into: &validator)
        if let from, let to, to < from { validator.add("to", "ga.date.range") }
        try validator.throwIfInvalid()
        let summary = try await service.summary(for: member, from: from, to: to.map(service.dayAfter))
        return M.Hours(totalMinutes: summary.totalMinutes, taskCount: summary.taskCount,
                       months: summary.months.map { M.MonthDTO(month: $0.month, minutes: $0.minutes, tasks: $0.tasks) })
    }

    /// Live events for this person (Server-Sent Events; resumes with Last-Event-ID).
    static func events(_ req: Request) async throws -> Response {
        let member = try await req.member()
        return ServerSentEvents.response(for: req, topics: GoldenAgerEvents.topics(for: member))
    }

    // MARK: Relatives

    /// A pensioner's code for linking a relative (it replaces any earlier one).
    static func issueRelativeCode(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner)
        let issued = try await req.goldenAger.relatives.issueCode(by: member)
        return try await M.RelativeCodeDTO(code: issued.code, expiresAt: issued.expiresAt).encodeResponse(status: .created, for: req)
    }

    /// A pensioner's relatives, or a relative's pensioners.
    static func relatives(_ req: Request) async throws -> [M.LinkedPersonDTO] {
        let member = try await req.member(.pensioner, .relative)
        return try await req.goldenAger.relatives.linkedPeople(of: member, in: req.language).map(M.linkedPerson)
    }

    /// A relative links to the pensioner whose phone and code they type; answers the pensioner.
    static func linkRelative(_ req: Request) async throws -> Response {
        let member = try await req.member(.relative)
        let input = try req.content.decode(M.RelativeLinkRequest.self)
        let pensioner = try await req.goldenAger.relatives.link(pensionerPhone: input.phone, code: input.code, by: member)
        return try await M.linkedPerson(pensioner).encodeResponse(status: .created, for: req)
    }

    static func unlinkRelative(_ req: Request) async throws -> HTTPStatus {
        let member = try await req.member(.pensioner, .relative)
        let other = try req.uuidParameter("personId", notFound: "relative_not_found", key: "ga.relatives.not_found")
        try await req.goldenAger.relatives.unlink(other, by: member)
        return .noContent
    }

    // MARK: Helpers

    static func taskDTO(_ id: UUID, _ member: Member, _ req: Request) async throws -> M.TaskDTO {
        M.task(try await req.goldenAger.tasks.task(id, for: member), req.language, viewer: member)
    }

    static func taskID(_ req: Request) throws -> UUID {
        try req.uuidParameter("taskID", notFound: "task_not_found", key: "ga.task.not_found")
    }
}
