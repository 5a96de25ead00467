import Fluent
import Foundation
import Fuctivity
import FuctivityClient
import HromadaTesting
import Kernel
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Testing

/// The Fuctivity journey through the generated Swift client (`FuctivityClient`, made by
/// `scripts/generate-openapi` from the served OpenAPI document) over real HTTP: what a
/// native app would do, and a check that the document says what the server does.
extension FuctivityTests {
    @Suite("Fuctivity through the generated client")
    struct ClientJourneyTests {
        static func client(_ baseURL: String, token: String? = nil) throws -> FuctivityClient.Client {
            let serverURL = try #require(URL(string: baseURL + Servers.Server1.url().absoluteString))
            return FuctivityClient.Client(serverURL: serverURL, transport: AsyncHTTPClientTransport(),
                                          middlewares: token.map { [OpenAPIBearerToken(token: $0)] } ?? [])
        }

        @Test("sign up → settings → add → complete → rate → statistics, and the problems a client meets")
        func journey() async throws {
            try await withFuctivity { app in
                try await TestHarness.withLiveServer(app) { baseURL in
                    let anonymous = try Self.client(baseURL)
                    let invalid = try await anonymous.register(body: .json(.init(email: "nope"))).unprocessableContent.body.applicationProblemJson
                    #expect(invalid.code == "validation_failed" && Set(invalid.errors?.map(\.field) ?? []).isSuperset(of: ["name", "email", "password"]))

                    let signUp = try await anonymous.register(body: .json(.init(name: "Марта", email: "marta@example.com",
                                                                                password: "rest-well-1", timeZone: "Europe/Kyiv"))).created
                    #expect(signUp.headers.location == "/fuctivity/api/v1/me")
                    let session = try signUp.body.json
                    #expect(session.profile.onboarded == false && session.profile.settings.timeZone == "Europe/Kyiv")
                    let marta = try Self.client(baseURL, token: session.token)

                    let profile = try await marta.updateSettings(body: .json(.init(workingDays: [1, 2, 3], workHours: 6, workStarts: "10:00",
                                                                                  restHours: 2))).ok.body.json
                    #expect(profile.onboarded && profile.settings.workingDays == [1, 2, 3] && profile.settings.workStarts == "10:00")

                    let categories = try await marta.categories().ok.body.json
                    let walk = try #require(categories.first { $0.slug == "walk" })
                    let kyiv = TimeZone(identifier: "Europe/Kyiv")!
                    let yesterday = LocalDay(Date(), in: kyiv).adding(days: -1)
                    let start = yesterday.moment(minutes: 18 * 60, in: kyiv)
                    let creation = try await marta.createActivity(body: .json(.init(
                        categoryId: walk.id, description: "Парк", startsAt: start, endsAt: start.addingTimeInterval(5400),
                        reminders: [.init(minutesBefore: 10)]))).created
                    let saved = try creation.body.json
                    #expect(saved.overlaps.isEmpty && saved.activity.durationMinutes == 90 && saved.activity.reminders.count == 1)
                    let id = saved.activity.id
                    #expect(creation.headers.location == "/fuctivity/api/v1/activities/\(id)")

                    let badRating = try await marta.rateActivity(path: .init(activityID: id), body: .json(.init(rating: 4))).conflict.body.applicationProblemJson
                    #expect(badRating.code == "activity_not_done")
                    let done = try await marta.completeActivity(path: .init(activityID: id), body: .json(.init(status: .done))).ok.body.json
                    #expect(done.status == .done)
                    let rated = try await marta.rateActivity(path: .init(activityID: id), body: .json(.init(rating: 4, note: "Добре"))).ok.body.json
                    #expect(rated.rating == 4 && rated.ratingNote == "Добре")

                    let stats = try await marta.statistics(query: .init(week: yesterday.description)).ok.body.json
                    #expect(stats.totalRestedMinutes == 90)
                    #expect(stats.days.first { $0.date == yesterday.description }?.restedMinutes == 90)
                    #expect(stats.ratings.map(\.average) == [4] && stats.ratings.first?.categoryName == "Прогулянка")
                    let suggestions = try await marta.suggestions(query: .init(week: yesterday.description)).ok.body.json
                    #expect(suggestions.count == 7)

                    let missing = try await marta.activity(path: .init(activityID: UUID().uuidString)).notFound.body.applicationProblemJson
                    #expect(missing.code == "activity_not_found")
                    _ = try await marta.logOut().noContent
                    _ = try await marta.me().unauthorized
                }
            }
        }

        @Test("the account through the client: profile, password change, reset by the e-mailed link, sign out everywhere, deletion")
        func account() async throws {
            try await withFuctivity { app in
                try await TestHarness.withLiveServer(app) { baseURL in
                    let anonymous = try Self.client(baseURL)
                    let first = try await anonymous.register(body: .json(.init(name: "Ліна", email: "lina@example.com",
                                                                               password: "rest-well-1", timeZone: "Europe/Kyiv"))).created.body.json
                    let lina = try Self.client(baseURL, token: first.token)
                    #expect(try await lina.updateMe(body: .json(.init(name: "Ліна К."))).ok.body.json.name == "Ліна К.")

                    let wrong = try await lina.changePassword(body: .json(.init(currentPassword: "nope-nope", newPassword: "rest-well-2")))
                        .unprocessableContent.body.applicationProblemJson
                    #expect(wrong.errors?.first?.field == "currentPassword")
                    _ = try await lina.changePassword(body: .json(.init(currentPassword: "rest-well-1", newPassword: "rest-well-2"))).noContent

                    let accepted = try await anonymous.requestPasswordReset(body: .json(.init(email: "lina@example.com"))).accepted.body.json
                    let unknown = try await anonymous.requestPasswordReset(body: .json(.init(email: "nobody@example.com"))).accepted.body.json
                    #expect(accepted.message == unknown.message)
                    let mail = try #require(try await MailOutboxRecord.query(on: app.db).filter(\.$recipient == "lina@example.com").first())
                    let token = try #require(mail.textBody.split(whereSeparator: \.isWhitespace).first { $0.contains("token=") }?
                        .split(separator: "=").last.map(String.init))
                    _ = try await anonymous.confirmPasswordReset(body: .json(.init(token: token, newPassword: "rest-well-3"))).noContent
                    let used = try await anonymous.confirmPasswordReset(body: .json(.init(token: token, newPassword: "rest-well-4")))
                        .gone.body.applicationProblemJson
                    #expect(used.code == "reset_token_invalid")
                    _ = try await lina.me().unauthorized

                    let again = try Self.client(baseURL, token: try await anonymous.logIn(body: .json(.init(email: "lina@example.com", password: "rest-well-3")))
                        .ok.body.json.token)
                    _ = try await again.signOutEverywhere().noContent
                    _ = try await again.me().unauthorized
                    let last = try Self.client(baseURL, token: try await anonymous.logIn(body: .json(.init(email: "lina@example.com", password: "rest-well-3")))
                        .ok.body.json.token)
                    _ = try await last.deleteAccount(body: .json(.init(password: "rest-well-3"))).noContent
                    _ = try await anonymous.logIn(body: .json(.init(email: "lina@example.com", password: "rest-well-3"))).unauthorized
                }
            }
        }
    }
}
