import Foundation
@testable import Fuctivity
import HromadaTesting
import Kernel
import Testing
import Vapor

extension FuctivityTests {
    /// The busiest calls' two stores (`ActivityStore`) answer and refuse alike. Each store
    /// runs against a person of its own, set up alike, since the calls write.
    @Suite("Activity stores")
    struct ActivityStoreTests {
        typealias Store = (FuctivityContext) -> any ActivityStore

        /// Yesterday in Kyiv, at `hour`: the same moment for both stores' people.
        static let yesterday = LocalDay(Date(), in: TimeZone(identifier: "Europe/Kyiv")!).adding(days: -1)
        static func at(_ hour: Int, days: Int = 0) -> Date {
            yesterday.adding(days: days).moment(minutes: hour * 60, in: TimeZone(identifier: "Europe/Kyiv")!)
        }
        static let walk = BuiltInCategory.find("walk")!.uuid

        /// A person with a walk yesterday 10–11 (done and rated 4) and a planned walk tomorrow 10–11.
        func planner(_ app: Application) async throws -> (person: Person, past: String, future: String) {
            let person = try await register(app)
            let past = try await addActivity(app, person, from: Self.at(10), to: Self.at(11))
            #expect(try await send(app, .POST, "/activities/\(past)/complete", as: person, ["status": "done"]).status == .ok)
            #expect(try await send(app, .POST, "/activities/\(past)/rating", as: person, ["rating": 4]).status == .ok)
            let future = try await addActivity(app, person, from: Self.at(10, days: 2), to: Self.at(11, days: 2))
            return (person, past, future)
        }

        /// Runs `call` through each store, for a person of its own from `setUp`, and expects
        /// the same outcome (as the API's JSON, without ids and times of writing).
        func compare<Answer: Encodable>(
            _ scenario: String, _ app: Application, setUp: (Application) async throws -> String?,
            sourceLocation: SourceLocation = #_sourceLocation,
            _ call: @escaping (any ActivityStore, SignInCaller) async throws -> Answer
        ) async throws -> StoreComparison.Outcome<String> {
            try await compare(scenario, app, setUp: { (try await setUp($0), ()) }, sourceLocation: sourceLocation) { store, caller, _ in
                try await call(store, caller)
            }
        }

        /// `compare` for a call about a `Subject` its set-up made (an activity's id, say).
        func compare<Subject, Answer: Encodable>(
            _ scenario: String, _ app: Application, setUp: (Application) async throws -> (token: String?, subject: Subject),
            sourceLocation: SourceLocation = #_sourceLocation,
            _ call: @escaping (any ActivityStore, SignInCaller, Subject) async throws -> Answer
        ) async throws -> StoreComparison.Outcome<String> {
            func run(_ store: Store) async throws -> String {
                let (token, subject) = try await setUp(app)
                let req = StoreComparison.apiRequest(app, "/fuctivity/api/v1/activities", method: .POST, token: token)
                return try canonical(try await call(store(FuctivityContext(req.services)), req.caller(in: Fuctivity.descriptor), subject))
            }
            return try await StoreComparison.expectSame(scenario, sourceLocation: sourceLocation,
                                                        portable: { try await run(PortableActivityStore.init) },
                                                        postgres: { try await run(PostgresActivityStore.init) })
        }

        /// `value` as sorted JSON without the fields that differ between two people set up alike.
        func canonical(_ value: some Encodable) throws -> String {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            func strip(_ value: Any) -> Any {
                if let object = value as? [String: Any] {
                    return object.filter { !["id", "createdAt", "updatedAt"].contains($0.key) }.mapValues(strip)
                }
                if let array = value as? [Any] { return array.map(strip) }
                return value
            }
            let object = strip(try JSONSerialization.jsonObject(with: encoder.encode(value), options: .fragmentsAllowed))
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
        }

        func draft(start: Date, end: Date, category: UUID = walk) -> Result<ActivityDraft, any Error> {
            .success(ActivityDraft(categoryID: category, details: "Парк", startsAt: start, endsAt: end, reminders: [.minutesBefore(30), .minutesBefore(30)]))
        }

        @Test("adding: the saved activity with its reminders and the overlaps; a category not theirs, a wrong draft, a wrong token")
        func create() async throws {
            try await withFuctivity { app in
                let person: (Application) async throws -> String? = { try await planner($0).person.token }
                let overlapping = try await compare("overlapping", app, setUp: person) { store, caller in
                    FXModels.saved(try await store.create(by: caller, draft(start: Self.at(10, days: 2), end: Self.at(12, days: 2))), .uk)
                }
                guard case .answer(let saved) = overlapping else { Issue.record("\(overlapping)"); return }
                #expect(saved.contains(#""overlaps":[{"#) && saved.contains(#""minutesBefore":30"#))

                let someoneElses = try await addCategory(app)
                #expect(try await compare("another's category", app, setUp: person) { store, caller in
                    FXModels.saved(try await store.create(by: caller, draft(start: Self.at(14), end: Self.at(15), category: someoneElses)), .uk)
                } == .refused(status: 422, code: "validation_failed"))
                #expect(try await compare("ends before it starts", app, setUp: person) { store, caller in
                    FXModels.saved(try await store.create(by: caller, draft(start: Self.at(15), end: Self.at(14))), .uk)
                } == .refused(status: 422, code: "validation_failed"))
                let unreadable = AppError.validation([FieldError(field: "startsAt", key: "validation.required")])
                #expect(try await compare("unreadable", app, setUp: person) { store, caller in
                    FXModels.saved(try await store.create(by: caller, .failure(unreadable)), .uk)
                } == .refused(status: 422, code: "validation_failed"))
                for (name, token) in [("forged token", "forged"), ("no token", nil)] as [(String, String?)] {
                    #expect(try await compare(name, app, setUp: { _ in token }) { store, caller in
                        FXModels.saved(try await store.create(by: caller, .failure(unreadable)), .uk)
                    } == .refused(status: 401, code: "unauthenticated"), "a 401 comes before a 422")
                }
            }
        }

        @Test("finishing: done once started, skipped, not twice, not before it starts, not another's, not unknown")
        func complete() async throws {
            try await withFuctivity { app in
                func finish(_ scenario: String, _ status: ActivityStatus, _ which: @escaping (String, String) -> String,
                            twice: Bool = false, token: String? = nil) async throws -> StoreComparison.Outcome<String> {
                    try await compare(scenario, app, setUp: { app in
                        let set = try await planner(app)
                        let id = which(set.past, set.future)
                        if twice { _ = try await send(app, .POST, "/activities/\(id)/complete", as: set.person, ["status": "skipped"]) }
                        return (token ?? set.person.token, UUID(uuidString: id) ?? UUID())
                    }) { store, caller, id in
                        FXModels.activity(try await store.complete(by: caller, .success(ActivityCompletion(id: id, status: status))), .uk)
                    }
                }
                guard case .answer(let skipped) = try await finish("skip the future one", .skipped, { $1 }) else { Issue.record("skip"); return }
                #expect(skipped.contains(#""status":"skipped""#))
                #expect(try await finish("done before it starts", .done, { $1 }) == .refused(status: 409, code: "activity_not_started"))
                #expect(try await finish("twice", .skipped, { $1 }, twice: true) == .refused(status: 409, code: "activity_final"))
                #expect(try await finish("already done", .done, { $0.isEmpty ? $1 : $0 }) == .refused(status: 409, code: "activity_final"))
                #expect(try await finish("unknown", .done, { _, _ in UUID().uuidString }) == .refused(status: 404, code: "activity_not_found"))
                let stranger = try await register(app)
                #expect(try await finish("another's", .skipped, { $1 }, token: stranger.token) == .refused(status: 404, code: "activity_not_found"))
                #expect(try await finish("forged token", .skipped, { $1 }, token: "forged") == .refused(status: 401, code: "unauthenticated"))
            }
        }

        @Test("statistics: a given week and this one as the same answer; a wrong week after the sign-in")
        func statistics() async throws {
            try await withFuctivity { app in
                let person: (Application) async throws -> String? = { try await planner($0).person.token }
                for (name, week) in [("yesterday's week", Self.yesterday), ("this week", nil)] as [(String, LocalDay?)] {
                    let outcome = try await compare(name, app, setUp: person) { store, caller in
                        let report = try await store.statistics(of: caller, week: .success(week))
                        return FXModels.statistics(report.statistics, categories: report.categories, .uk)
                    }
                    guard case .answer = outcome else { Issue.record("\(name): \(outcome)"); continue }
                }
                let wrongWeek = AppError.validation([FieldError(field: "week", key: "fx.validation.date")])
                #expect(try await compare("wrong week", app, setUp: person) { store, caller in
                    try await store.statistics(of: caller, week: .failure(wrongWeek)).statistics.totalPlannedMinutes
                } == .refused(status: 422, code: "validation_failed"))
                #expect(try await compare("forged token", app, setUp: { _ in "forged" }) { store, caller in
                    try await store.statistics(of: caller, week: .failure(wrongWeek)).statistics.totalPlannedMinutes
                } == .refused(status: 401, code: "unauthenticated"))
            }
        }

        /// A category of someone else's.
        func addCategory(_ app: Application) async throws -> UUID {
            let owner = try await register(app)
            let response = try await send(app, .POST, "/categories", as: owner, ["name": "Моя"])
            #expect(response.status == .created, "\(response.body.string)")
            return try decode(FXModels.Category.self, response).id
        }
    }
}
