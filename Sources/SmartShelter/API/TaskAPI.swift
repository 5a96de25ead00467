import Foundation
import Kernel
import Vapor

/// `/shelter/api/v1/tasks`: staff tasks given, accepted and completed.
enum TaskAPI {
    typealias M = SSModels

    static func register(on api: any RoutesBuilder) {
        api.get("tasks", use: list)
        api.post("tasks", use: create)
        api.post("tasks", ":taskID", "acceptance", use: accept)
        api.post("tasks", ":taskID", "completion", use: complete)
        api.get("backup", use: backup)
    }

    /// The director's backup download (`BackupService`).
    static func backup(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        return BackupDownload.response(try await req.shelter.backup.export(by: person), at: req.kernel.clock.now)
    }

    static func list(_ req: Request) async throws -> [M.TaskDTO] {
        try await req.shelter.tasks.list(for: try await req.staffMember()).map(M.TaskDTO.init)
    }

    static func create(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewTask.self)
        let task = try await req.shelter.tasks.create(title: input.title, notes: input.notes, assigneeID: input.assigneeId, role: input.role,
                                                      dueOn: input.dueOn, by: person)
        return try await M.TaskDTO(task).encodeResponse(status: .created, for: req)
    }

    static func accept(_ req: Request) async throws -> M.TaskDTO {
        let person = try await req.staffMember()
        return M.TaskDTO(try await req.shelter.tasks.accept(try taskID(req), by: person))
    }

    static func complete(_ req: Request) async throws -> M.TaskDTO {
        let person = try await req.staffMember()
        return M.TaskDTO(try await req.shelter.tasks.complete(try taskID(req), by: person))
    }

    static func taskID(_ req: Request) throws -> UUID {
        try req.uuidParameter("taskID", notFound: "task_not_found", key: "ss.error.task_not_found")
    }
}

extension SSModels {
    struct TaskDTO: Content {
        let id: UUID
        let title: String
        let notes: String
        let assigneeId: UUID?
        /// `director`, `doctor` or `storekeeper` when the task is for a role.
        let role: String?
        let dueOn: String?
        /// `open`, `accepted` or `done`.
        let status: String
        let createdBy: UUID
        let createdAt: Date
        let acceptedBy: UUID?
        let acceptedAt: Date?
        let completedAt: Date?

        init(_ t: StaffTask) {
            id = t.id!
            title = t.title
            notes = t.notes
            assigneeId = t.assigneeID
            role = t.assigneeRole.flatMap(ShelterRole.init(rawValue:))?.apiName
            dueOn = t.dueOn
            status = t.status
            createdBy = t.createdBy
            createdAt = t.createdAt
            acceptedBy = t.acceptedBy
            acceptedAt = t.acceptedAt
            completedAt = t.completedAt
        }
    }

    struct NewTask: Content {
        let title: String?
        let notes: String?
        let assigneeId: String?
        let role: String?
        let dueOn: String?
    }
}
