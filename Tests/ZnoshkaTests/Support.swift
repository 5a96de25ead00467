import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

/// Znoshka on a fresh database (SQLite, or PostgreSQL with TEST_DATABASE_URL), with the
/// seeded content its migrations bring.
func withZnoshka<T>(clock: any WallClock = SystemClock(), _ body: (Application) async throws -> T) async throws -> T {
    try await TestHarness.withApp(apps: [Znoshka(jobInterval: .seconds(3600))], clock: clock, body)
}

let api = "/znoshka/api/v1"

typealias Person = TestPerson

@discardableResult
func register(_ app: Application, name: String = "Олена") async throws -> Person {
    let email = await UniqueLogins.shared.email("exam")
    let response = try await sendJSON(app, .POST, "\(api)/accounts",
                                      body: ["name": name, "email": email, "password": "learn-well-1", "timeZone": "Europe/Kyiv"])
    #expect(response.status == .created, "\(response.body.string)")
    let session = try decode(ZNModels.Session.self, response)
    return Person(id: session.profile.id, login: email, token: session.token)
}

/// A person with the author role (given as an administrator gives it: the role column).
func registerAuthor(_ app: Application) async throws -> Person {
    let person = try await register(app, name: "Автор")
    let account = try #require(try await Account.find(person.id, on: app.db))
    account.role = Student.authorRole
    try await account.save(on: app.db)
    return person
}

func send(_ app: Application, _ method: HTTPMethod, _ path: String, as person: Person?, _ body: [String: Any]? = nil) async throws -> TestingHTTPResponse {
    try await sendJSON(app, method, api + path, token: person?.token, body: body)
}

func read<T: Decodable>(_ type: T.Type, _ app: Application, _ method: HTTPMethod, _ path: String, as person: Person?,
                        _ body: [String: Any]? = nil) async throws -> T {
    try decode(type, try await send(app, method, path, as: person, body))
}

/// The seeded test of a subject and kind.
func seededTest(_ app: Application, _ subject: String, _ kind: AuthoredTest.Kind) async throws -> ZnoshkaTest {
    let subjectID = try #require(try await Subject.query(on: app.db).filter(\.$slug == subject).first()?.requireID())
    return try #require(try await ZnoshkaTest.query(on: app.db).filter(\.$subjectID == subjectID).filter(\.$kind == kind.rawValue).first())
}

/// A mixed test of `test`'s questions (new rows, the same questions): its papers are always
/// the author's selection in the author's order, where a topic test's are drawn from its
/// topic. For tests that need every paper to ask one question. Made once per test.
func mixedCopy(_ app: Application, of test: ZnoshkaTest) async throws -> ZnoshkaTest {
    let title = test.title + " (усі завдання)"
    if let made = try await ZnoshkaTest.query(on: app.db).filter(\.$title == title).first() { return made }
    var tasks: [Question] = []
    for place in try await TestQuestion.query(on: app.db).filter(\.$testID == test.id!).sort(\.$position).all() {
        tasks.append(try await stored(app, place.questionID))
    }
    let subject = try #require(try await Subject.find(test.subjectID, on: app.db))
    let copy = AuthoredTest(subject: subject.slug, kind: .mixed, topic: nil, title: title, minutes: test.minutes, questions: tasks)
    let id = try await ContentImporter(db: app.db, now: Date()).importTest(copy)
    return try #require(try await ZnoshkaTest.find(id, on: app.db))
}

/// Starts a test through the API.
func start(_ app: Application, _ test: ZnoshkaTest, as person: Person) async throws -> ZNModels.AttemptDTO {
    let response = try await send(app, .POST, "/tests/\(test.id!)/attempts", as: person)
    #expect(response.status == .created, "\(response.body.string)")
    return try decode(ZNModels.AttemptDTO.self, response)
}

/// The stored question (with its key: tests know what the API never tells before the finish).
func stored(_ app: Application, _ id: UUID) async throws -> Question {
    try #require(try await StoredQuestion.find(id, on: app.db)).question
}

/// The body of a right answer to `question`.
func rightAnswer(_ question: Question) -> [String: Any] {
    switch question.key {
    case .option(let index): ["option": index]
    case .pairs(let pairs): ["pairs": pairs]
    case .order(let order): ["order": order]
    case .options(let chosen): ["options": chosen.sorted()]
    case .number(let value, _): ["number": TestFile.decimal(value)]
    }
}

/// The body of a wrong answer of the question's shape (worth nothing).
func wrongAnswer(_ question: Question) -> [String: Any] {
    switch (question.kind, question.key) {
    case (.singleChoice(let count), .option(let right)): ["option": (right + 1) % count]
    case (.matching(_, let options), .pairs(let pairs)): ["pairs": pairs.map { ($0 + 1) % options }]
    case (.sequence, .order(let order)): ["order": [order[1], order[0], order[3], order[2]]]
    case (.chooseThree(let count), .options(let right)): ["options": Array((0..<count).filter { !right.contains($0) }.prefix(3))]
    case (.shortNumeric, .number(let value, _)): ["number": TestFile.decimal(value + 1000)]
    default: [:]
    }
}

func saveAnswer(_ app: Application, _ attempt: UUID, _ question: UUID, _ answer: [String: Any]?, flagged: Bool? = nil,
                as person: Person) async throws -> TestingHTTPResponse {
    var body: [String: Any] = [:]
    if let answer { body["answer"] = answer }
    if let flagged { body["flagged"] = flagged }
    return try await send(app, .PUT, "/attempts/\(attempt)/answers/\(question)", as: person, body)
}

/// Row counts of every Znoshka table, to prove a refused request wrote nothing.
func tableCounts(_ app: Application) async throws -> TableCounts {
    try await TableCounts.of([ZnoshkaProfile.self, Subject.self, Topic.self, TheoryPage.self, StoredQuestion.self, ZnoshkaTest.self,
                              TestQuestion.self, Attempt.self, AttemptAnswer.self, ReviewItem.self], accountsOf: Znoshka.id, on: app.db)
}

/// The fields a problem document names.
func problemFields(_ response: TestingHTTPResponse) throws -> [String] {
    try problem(response).fields
}

/// A browser signed in as `person` through the sign-in form.
func signedInBrowser(_ app: Application, as person: Person) async throws -> TestBrowser {
    let browser = TestBrowser(app)
    _ = try await browser.get("/znoshka/login")
    let signedIn = try await browser.post("/znoshka/login", form: ["email": person.login, "password": "learn-well-1"])
    #expect(signedIn.status == .seeOther, "\(signedIn.body.string)")
    return browser
}

/// A body sent as it is (a test file), with the person's token.
func sendRaw(_ app: Application, _ method: HTTPMethod, _ path: String, token: String?, _ body: String) async throws -> TestingHTTPResponse {
    var headers = bearerHeaders(token)
    headers.contentType = .json
    return try await app.testing().sendRequest(method, path, headers: headers, body: ByteBuffer(string: body))
}

/// Znoshka's question, named apart from the generated client's (`ZnoshkaClient` has one too).
typealias AuthoredQuestion = Question

/// Where a redirect goes (empty when it is none).
func location(_ response: TestingHTTPResponse) -> String { response.headers.first(name: .location) ?? "" }

/// The id in a test editor's address (`/znoshka/author/tests/<id>/edit`) a save redirects to.
func editedID(_ response: TestingHTTPResponse) throws -> UUID {
    let parts = location(response).split(separator: "/")
    try #require(location(response).hasSuffix("/edit"), "\(response.status) \(response.body.string.prefix(400))")
    return try #require(UUID(uuidString: String(parts[parts.count - 2])))
}
