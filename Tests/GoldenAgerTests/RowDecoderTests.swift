import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor

extension GoldenAgerTests {
    /// Golden Ager's hand-written row decoders (`Domain/RowDecoding.swift`) against its Fluent
    /// models: every field Fluent writes is read back.
    @Suite("Golden Ager row decoders")
    struct RowDecoderTests {
        static let moment = Date(timeIntervalSince1970: 1_800_000_000)

        @Test("Category, TaskTemplate, HelpTask and Profile read back every field Fluent wrote")
        func everyField() async throws {
            try await withGoldenAger { app in
                let db = app.db
                let accounts = app.kernel.accountService(on: db, passwords: app.password.async)
                let pensioner = try await accounts.register(app: GoldenAger.id, login: "380671230001", password: "secret-1", role: "pensioner", displayName: "П")
                let volunteer = try await accounts.register(app: GoldenAger.id, login: "380671230002", password: "secret-1", role: "volunteer", displayName: "В")

                let category = Category(slug: "row-check", nameUK: "Перевірка", nameEN: "Check", position: 42, isConsultation: true)
                try await RowDecoderCheck.roundTrip(category, on: db)

                let template = TaskTemplate(categoryID: try category.requireID(), titleUK: "Назва", titleEN: "Title", descriptionUK: "Опис",
                                            descriptionEN: "Description", minutes: 75, position: 7)
                template.archivedAt = Self.moment
                template.volunteerDescriptionUK = "Купіть ліки"
                template.volunteerDescriptionEN = "Buy the medicine"
                try await RowDecoderCheck.roundTrip(template, on: db)

                let task = HelpTask(templateID: try template.requireID(), pensionerID: try pensioner.requireID(), city: "lviv", minutes: 75,
                                    createdAt: Self.moment)
                task.volunteerID = try volunteer.requireID()
                task.status = .done
                task.acceptedAt = Self.moment.addingTimeInterval(60)
                task.closedAt = Self.moment.addingTimeInterval(3600)
                task.creditedMinutes = 58
                task.preferredDate = "2026-12-01"
                task.preferredPart = .evening
                task.note = "До кардіолога"
                task.orderedBy = try pensioner.requireID()
                task.expiresAt = Self.moment.addingTimeInterval(7200)
                task.expiryWarnedAt = Self.moment.addingTimeInterval(3600)
                task.arrivedAt = Self.moment.addingTimeInterval(600)
                task.finishedAt = Self.moment.addingTimeInterval(3000)
                task.doorCode = "427"
                task.attentionDueAt = Self.moment.addingTimeInterval(1800)
                task.attentionAt = Self.moment.addingTimeInterval(1900)
                task.offeredTo = try volunteer.requireID()
                task.offeredAt = Self.moment.addingTimeInterval(2000)
                try await RowDecoderCheck.roundTrip(task, on: db)

                let profile = Profile()
                profile.id = try volunteer.requireID()
                profile.role = "volunteer"
                profile.firstName = "Олег"
                profile.lastName = "Тест"
                profile.phone = "380671230002"
                profile.birthday = "2000-01-01"
                profile.city = "lviv"
                profile.address = "вул. Тестова, 1"
                profile.$organisation.id = try await makeOrganisation(app)
                profile.isOnline = true
                profile.onlineSince = Self.moment.addingTimeInterval(120)
                profile.updatedAt = Self.moment.addingTimeInterval(180)
                profile.approvedAt = Self.moment.addingTimeInterval(90)
                profile.approvedBy = try pensioner.requireID()
                profile.rejectionReason = "Не прийшли на зустріч"
                profile.suspendedAt = Self.moment.addingTimeInterval(240)
                try await RowDecoderCheck.roundTrip(profile, idColumn: "account_id", on: db)
            }
        }

        @Test("the inbox statements' column lists name every column of their tables, once")
        func columnLists() async throws {
            try await withGoldenAger { app in
                try await RowDecoderCheck.columnList(InboxColumns.task, covers: HelpTask.schema, on: app.db)
                try await RowDecoderCheck.columnList(InboxColumns.template, covers: TaskTemplate.schema, on: app.db)
                try await RowDecoderCheck.columnList(InboxColumns.profile, covers: Profile.schema, on: app.db)
            }
        }

        @Test("the one-trip inbox statement reads the volunteer's profile and held task as Fluent does (PostgreSQL)",
              .enabled(if: TestHarness.isPostgres, "the statement is PostgreSQL's; other databases read through the decoders above"))
        func inboxStatementColumns() async throws {
            try await withGoldenAger { app in
                let volunteer = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                let task = try await order(app, by: try await register(app, .pensioner))
                #expect(try await send(app, .POST, "/tasks/\(task)/accept", as: volunteer).status == .ok)

                var headers = HTTPHeaders()
                headers.bearerAuthorization = BearerAuthorization(token: volunteer.token)
                let req = Request(application: app, method: .GET, url: URI(path: "/golden-ager/api/v1/inbox"), headers: headers, on: app.eventLoopGroup.next())
                let store = PostgresInboxStore(context: GoldenAgerContext(req.services))
                let inbox = try await store.inbox(of: req.caller(in: GoldenAger.descriptor), withHeldTask: true, limit: 100)

                let profile = try #require(try await Profile.find(volunteer.id, on: app.db))
                #expect(try RowDecoderCheck.fields(try inbox.member.requireProfile()) == RowDecoderCheck.fields(profile))
                // The statement reads the held task's template with it: so does Fluent here.
                let held = try #require(try await HelpTask.query(on: app.db).filter(\.$id == task).with(\.$template).first())
                let heldFields = try RowDecoderCheck.fields(try #require(inbox.current)), fluentFields = try RowDecoderCheck.fields(held)
                #expect(heldFields == fluentFields, "\(heldFields) ≠ \(fluentFields)")
                let account = try #require(try await Account.find(volunteer.id, on: app.db))
                #expect(try RowDecoderCheck.fields(inbox.member.account) == RowDecoderCheck.fields(account))
            }
        }

        @Test("every listed PostgreSQL statement is built with its sign-in guard and prepares against the schema")
        func statementsPrepare() async throws {
            try await withGoldenAger { app in
                let listed = try #require(app.kernel.apps.first { $0.descriptor.id == GoldenAger.id })
                try await StatementCheck.expectAllPrepare(listed, on: app.db)
            }
        }
    }
}
