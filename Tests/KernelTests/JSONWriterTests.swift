import Foundation
import Kernel
import Testing
import Vapor

extension KernelTests {
    @Suite("JSONWriter")
    struct JSONWriterTests {
        /// What a writer made, read back by Foundation.
        func parsed(_ write: (inout JSONWriter) -> Void) throws -> Any {
            var json = JSONWriter()
            write(&json)
            return try JSONSerialization.jsonObject(with: Data(json.buffer.readableBytesView), options: [.fragmentsAllowed])
        }

        @Test("strings read back as written: quotes, backslashes, every control character, any script")
        func strings() throws {
            let texts = ["", "plain", "«Лапки» \"quotes\" and \\ back\\slashes", String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }),
                         "emoji 🧘‍♀️ and 𝄞", "/slash/ and \u{7F} and \u{2028}"]
            for text in texts {
                #expect(try parsed { $0.string(text) } as? String == text, "\(text.debugDescription)")
            }
        }

        @Test("a moment is RFC 3339 in UTC, the second it falls in, as Foundation's .iso8601 writes it, from 1970 to 2100")
        func dates() throws {
            var generator = SystemRandomNumberGenerator()
            let moments = [0, 951_782_400, 4_102_444_799.999, 1_795_000_000.5] + (0..<2_000).map { _ in Double.random(in: 0..<4_102_444_800, using: &generator) }
            for seconds in moments {
                let moment = Date(timeIntervalSince1970: seconds)
                var json = JSONWriter()
                json.date(moment)
                let written = String(buffer: json.buffer)
                let expected = "\"" + Date(timeIntervalSince1970: seconds.rounded(.down)).formatted(.iso8601) + "\""
                #expect(written == expected, "\(seconds)")
            }
        }

        @Test("members: nil ones are left out, UUIDs upper-case, numbers and booleans as JSON has them; containers nest")
        func members() throws {
            let id = UUID()
            let object = try #require(try parsed { json in
                json.object { json in
                    json.member("id", id)
                    json.member("missing", nil as String?)
                    json.member("count", -42)
                    json.member("average", 4.25)
                    json.member("whole", 4.0)
                    json.member("flag", false)
                    json.key("list")
                    json.array([1, 2]) { json, number in json.object { $0.member("n", number) } }
                    json.key("empty")
                    json.array([Int]()) { _, _ in }
                }
            } as? [String: Any])
            #expect(object["id"] as? String == id.uuidString && id.uuidString == id.uuidString.uppercased())
            #expect(object["missing"] == nil)
            #expect(object["count"] as? Int == -42 && object["average"] as? Double == 4.25 && object["whole"] as? Double == 4)
            #expect(object["flag"] as? Bool == false)
            #expect((object["list"] as? [[String: Int]]) == [["n": 1], ["n": 2]])
            #expect((object["empty"] as? [Any])?.isEmpty == true)
        }

        @Test("integers and UUIDs written by hand are what String and uuidString spell; a fragment goes in as written")
        func byHand() throws {
            let integers = [0, 7, 9, 10, 99, 100, 101, 1_000_000, -1, -10, -907, Int.max, Int.min] + (0..<500).map { _ in Int.random(in: Int.min...Int.max) }
            let ids = [UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)),
                       UUID(uuid: (255, 254, 171, 205, 239, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176))] + (0..<500).map { _ in UUID() }
            var element = JSONWriter()
            element.object { $0.member("kept", true) }
            var json = JSONWriter()
            json.object { json in
                json.key("integers")
                json.array(integers) { json, value in json.integer(value) }
                json.key("ids")
                json.array(ids) { json, id in json.uuid(id) }
                json.key("fragments")
                json.array(0..<2) { json, _ in json.fragment(element.buffer) }
            }
            let text = String(buffer: json.buffer)
            #expect(text.hasPrefix("{\"integers\":[\(integers.map(String.init).joined(separator: ","))],"))
            #expect(text.contains("\"ids\":[\(ids.map { "\"\($0.uuidString)\"" }.joined(separator: ","))]"))
            #expect(text.hasSuffix("\"fragments\":[{\"kept\":true},{\"kept\":true}]}"))
        }
    }
}
