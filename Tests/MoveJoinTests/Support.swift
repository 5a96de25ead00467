import Fluent
import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinProto
import SwiftProtobuf
import Testing
import Vapor
import VaporTesting

/// MoveJoin on a fresh database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
func withMoveJoin<T>(clock: any WallClock = SystemClock(), _ body: (Application) async throws -> T) async throws -> T {
    try await TestHarness.withApp(apps: [MoveJoin()], clock: clock, body)
}

let api = "/movejoin/api/v1"

/// The two encodings a client may use.
enum Wire: String, CaseIterable, Sendable, CustomStringConvertible {
    case binary = "application/x-protobuf"
    case json = "application/json"

    var description: String { self == .binary ? "protobuf" : "JSON" }

    func encode(_ message: any SwiftProtobuf.Message) throws -> ByteBuffer {
        switch self {
        case .binary: ByteBuffer(bytes: try message.serializedBytes() as [UInt8])
        case .json: ByteBuffer(bytes: try message.jsonUTF8Bytes() as [UInt8])
        }
    }
}

/// An API answer decoded by its Content-Type: the expected message on success, an `MJError` otherwise.
struct Answer: Sendable {
    let status: HTTPStatus
    let contentType: String
    let body: [UInt8]

    func message<M: SwiftProtobuf.Message>(_ type: M.Type) throws -> M {
        if contentType.hasPrefix("application/x-protobuf") { return try M(serializedBytes: body) }
        #expect(contentType.hasPrefix("application/json"), "unexpected content type \(contentType)")
        return try M(jsonUTF8Bytes: body)
    }

    var error: MJError {
        get throws { try message(MJError.self) }
    }

    var text: String { String(decoding: body, as: UTF8.self) }
    /// The Error message's code and field, nil when the answer is not an Error.
    var errorCode: String? { try? error.code }
    var errorField: String? { try? error.field }
}

/// Sends an API request in `wire` (body and Accept) through the in-process tester.
func call(_ app: Application, _ method: HTTPMethod, _ path: String, _ body: (any SwiftProtobuf.Message)? = nil,
          token: String? = nil, wire: Wire = .binary, language: String? = nil) async throws -> Answer {
    var headers: HTTPHeaders = ["Accept": wire.rawValue]
    if let token { headers.bearerAuthorization = BearerAuthorization(token: token) }
    if let language { headers.replaceOrAdd(name: .acceptLanguage, value: language) }
    var buffer: ByteBuffer?
    if let body {
        headers.contentType = HTTPMediaType(type: "application", subType: wire == .binary ? "x-protobuf" : "json")
        buffer = try wire.encode(body)
    }
    let response = try await app.testing().sendRequest(method, api + path, headers: headers, body: buffer)
    return Answer(status: response.status, contentType: response.headers.first(name: .contentType) ?? "",
                  body: Array(response.body.readableBytesView))
}

/// Sends raw bytes with a chosen content type (for malformed bodies).
func callRaw(_ app: Application, _ method: HTTPMethod, _ path: String, bytes: [UInt8], contentType: String,
             token: String? = nil, accept: String = "application/json") async throws -> Answer {
    var headers: HTTPHeaders = ["Accept": accept, "Content-Type": contentType]
    if let token { headers.bearerAuthorization = BearerAuthorization(token: token) }
    let response = try await app.testing().sendRequest(method, api + path, headers: headers, body: ByteBuffer(bytes: bytes))
    return Answer(status: response.status, contentType: response.headers.first(name: .contentType) ?? "",
                  body: Array(response.body.readableBytesView))
}

/// A person in a test.
/// A person in a test; their login is their e-mail address.
typealias Runner = TestPerson

extension TestPerson {
    var email: String { login }
}

let password = "secret-pass"

@discardableResult
func register(_ app: Application, name: String = "Іра", city: String = "kyiv") async throws -> Runner {
    var request = MJRegisterRequest()
    request.email = await UniqueLogins.shared.email("runner")
    request.password = password
    request.passwordRepeat = password
    request.name = name
    request.surname = "Тестова"
    request.cityID = city
    let answer = try await call(app, .POST, "/accounts", request)
    #expect(answer.status == .created, "\(answer.text)")
    let session = try answer.message(MJSession.self)
    return Runner(id: try #require(UUID(uuidString: session.profile.id)), login: request.email, token: session.token)
}

func eventInput(title: String = "Футбол увечері", city: String = "kyiv", sport: String = "football", capacity: Int32 = 10,
                startsIn: TimeInterval = 86_400, duration: Int32 = 90) -> MJEventInput {
    var input = MJEventInput()
    input.sportTypeID = sport
    input.title = title
    input.description_p = "Беріть воду."
    input.cityID = city
    input.venue = "Стадіон, вул. Спортивна, 1"
    input.startTime = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(startsIn))
    input.durationMinutes = duration
    input.capacity = capacity
    input.skillLevel = .any
    return input
}

/// Creates an event through the API; returns its id.
func createEvent(_ app: Application, by runner: Runner, _ input: MJEventInput = eventInput()) async throws -> String {
    let answer = try await call(app, .POST, "/events", input, token: runner.token)
    #expect(answer.status == .created, "\(answer.text)")
    return try answer.message(MJEvent.self).id
}

func join(_ app: Application, _ event: String, _ runner: Runner) async throws -> Answer {
    try await call(app, .POST, "/events/\(event)/join", token: runner.token)
}

func leave(_ app: Application, _ event: String, _ runner: Runner) async throws -> Answer {
    try await call(app, .POST, "/events/\(event)/leave", token: runner.token)
}

func people(_ app: Application, _ event: String, as runner: Runner) async throws -> MJParticipantList {
    let answer = try await call(app, .GET, "/events/\(event)/participants", token: runner.token)
    #expect(answer.status == .ok, "\(answer.text)")
    return try answer.message(MJParticipantList.self)
}

/// Row counts of every MoveJoin table, to prove a refused request wrote nothing.
func tableCounts(_ app: Application) async throws -> TableCounts {
    try await TableCounts.of([MoveJoinProfile.self, SportEvent.self, Participation.self, Notice.self, CalendarFeedSecret.self],
                             accountsOf: MoveJoin.id, on: app.db)
}

/// The root of this target's tests: every suite is nested in it (an extension per file).
@Suite("MoveJoin")
struct MoveJoinTests {}
