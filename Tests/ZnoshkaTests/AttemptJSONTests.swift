import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

/// The attempt answers `JSONWriter` writes are what `JSONEncoder` (as Vapor is configured
/// to use it) makes of the same values: one schema, two ways to write it.
extension ZnoshkaTests {
    @Suite("Attempt answers written by hand")
    struct AttemptJSONTests {
        func bothWays(_ value: ZNModels.AttemptDTO) throws -> (written: NSDictionary, encoded: NSDictionary) {
            var json = JSONWriter()
            value.write(to: &json)
            let written = try #require(try JSONSerialization.jsonObject(with: Data(json.buffer.readableBytesView)) as? NSDictionary)
            var body = ByteBuffer()
            var headers = HTTPHeaders()
            try ContentConfiguration.global.requireEncoder(for: .json).encode(value, to: &body, headers: &headers)
            let encoded = try #require(try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? NSDictionary)
            return (written, encoded)
        }

        @Test("running and finished attempts of every subject, with every kind of answer, a pair left blank and a flag")
        func attempts() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                for subject in ["history", "mathematics", "ukrainian"] {
                    let attempt = try await start(app, try await seededTest(app, subject, .simulation), as: olena)
                    for (index, item) in attempt.questions.enumerated() where index % 2 == 0 {
                        var answer = rightAnswer(try await stored(app, item.id))
                        if var pairs = answer["pairs"] as? [Int] {
                            answer = ["pairs": pairs.indices.map { $0 == 0 ? NSNull() as Any : pairs.removeFirst() as Any }]
                        }
                        let saved = try await saveAnswer(app, attempt.id, item.id, answer, flagged: index % 4 == 0, as: olena)
                        #expect(saved.status == .ok, "\(saved.body.string)")
                    }
                    let running = try await app.znoshkaAttempts.view(attempt.id, owner: olena.id)
                    let (written, encoded) = try bothWays(ZnoshkaAPI.attemptDTO(running))
                    #expect(written == encoded)
                    _ = try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: olena)
                    let finished = try await app.znoshkaAttempts.view(attempt.id, owner: olena.id)
                    let (writtenFinished, encodedFinished) = try bothWays(ZnoshkaAPI.attemptDTO(finished))
                    #expect(writtenFinished == encodedFinished)
                    #expect(finished.attempt.isFinished && encodedFinished["score"] != nil)
                }
            }
        }
    }
}

extension Application {
    var znoshkaAttempts: AttemptService { ZnoshkaContext(services).attempts }
}
