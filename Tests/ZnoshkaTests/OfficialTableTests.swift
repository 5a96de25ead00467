import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
@testable import Znoshka

/// Official conversion tables: read from CSV as УЦОЯО publishes them, imported by an
/// administrator, and named with their year wherever the score is shown.
extension ZnoshkaTests {
    @Suite("Official conversion tables")
    struct OfficialTableTests {
        /// A table of a 32-point paper passing at 5: every raw score from 0, those below 5 «не склав».
        static func csv(threshold: Int = 5, maxRaw: Int = 32, separator: String = ",") -> String {
            let table = ConversionTable.estimated(threshold: threshold, maxRaw: maxRaw)
            let failing = (0..<threshold).map { "\($0)\(separator)не склав" }
            let passing = table.scores.enumerated().map { "\(threshold + $0.offset)\(separator)\($0.element)" }
            return (["Тестовий бал\(separator)Бал НМТ"] + failing + passing).joined(separator: "\n")
        }

        @Test("a table as published reads whole; commas, semicolons and tabs alike; rows below the threshold may be left out")
        func reads() throws {
            for separator in [",", ";", "\t"] {
                let table = try OfficialTableCSV.read(Self.csv(separator: separator), maxRaw: 32).get()
                #expect(table.threshold == 5 && table.maxRaw == 32 && table.isOfficial && table.scores.first == 100 && table.scores.last == 200)
            }
            let passingOnly = Self.csv().split(separator: "\n").filter { !$0.contains("не склав") }.joined(separator: "\n")
            #expect(try OfficialTableCSV.read(passingOnly, maxRaw: 32).get().threshold == 5)
        }

        @Test("each fault is named by its line, or by the raw score the table lacks")
        func faults() {
            func problems(_ text: String) -> [String] {
                guard case .failure(let invalid) = OfficialTableCSV.read(text, maxRaw: 32) else { return [] }
                return invalid.problems.map { "\($0.line) \($0.key)" }
            }
            var lines = Self.csv().components(separatedBy: "\n")
            lines[3] = "2,сто"
            lines[8] = "33,200"
            lines[9] = "7"
            #expect(problems(lines.joined(separator: "\n")) == ["4 zn.table.scaled", "9 zn.table.raw_range", "10 zn.table.cells"])
            #expect(problems(Self.csv().replacingOccurrences(of: "\n20,", with: "\n20,не склав\nx,")) == ["23 zn.table.raw"])
            #expect(problems(Self.csv().components(separatedBy: "\n").filter { !$0.hasPrefix("20,") }.joined(separator: "\n")) == ["0 zn.table.missing"])
            #expect(problems(Self.csv() + "\n12,150") == ["35 zn.table.repeated"])
            #expect(problems(Self.csv(maxRaw: 31)) == ["0 zn.table.missing"], "a table of another paper")
            #expect(problems("Тестовий бал,Бал НМТ\n0,не склав") == ["0 zn.table.empty"])
            let falling = Self.csv().replacingOccurrences(of: "\n6,", with: "\n6,99\n#,").components(separatedBy: "\n").filter { !$0.hasPrefix("#") }
            #expect(problems(falling.joined(separator: "\n")) == ["8 zn.table.scaled"])
            let flat = Self.csv().components(separatedBy: "\n").map { $0.hasPrefix("7,") ? "7,100" : $0 }.joined(separator: "\n")
            #expect(problems(flat) == ["0 zn.table.rising"])
        }

        @Test("an administrator imports a table: the simulation's new version scores by it and says its year; finished attempts keep theirs")
        func imported() async throws {
            try await withZnoshka { app in
                let olena = try await register(app), author = try await registerAuthor(app), admin = try await register(app, name: "Адмін")
                let account = try #require(try await Account.find(admin.id, on: app.db))
                account.role = Account.adminRole
                try await account.save(on: app.db)
                let before = try await seededTest(app, "mathematics", .simulation)
                let earlier = try await start(app, before, as: olena)
                #expect(try await send(app, .POST, "/attempts/\(earlier.id)/finish", as: olena).status == .ok)

                let path = "/znoshka/author/subjects/mathematics/table"
                let form = ["year": "2025", "source": "УЦОЯО, наказ № 1", "csv": Self.csv(threshold: 6)]
                #expect(try await signedInBrowser(app, as: author).post(path, form: form).status == .forbidden, "authors do not")
                let adminWeb = try await signedInBrowser(app, as: admin)
                let counts = try await tableCounts(app)
                for (field, value) in [("year", "1999"), ("year", "два"), ("source", ""), ("csv", Self.csv(maxRaw: 30))] {
                    var bad = form
                    bad[field] = value
                    let refused = try await adminWeb.post(path, form: bad)
                    #expect(refused.status == .unprocessableEntity, "\(field) \(value)")
                    #expect(refused.text.contains("field-\(field)-error"), "\(field) \(value)")
                }
                #expect(try await tableCounts(app) == counts, "nothing written")

                let done = try await adminWeb.post(path, form: form)
                #expect(done.status == .seeOther)
                #expect(try await adminWeb.get("/znoshka/author/subjects/mathematics").text.contains("Зараз: офіційна таблиця 2025 (УЦОЯО, наказ № 1)."))
                let current = try await seededTest(app, "mathematics", .simulation)
                let now = try #require(try await ZnoshkaTest.query(on: app.db).filter(\.$subjectID == current.subjectID)
                    .filter(\.$kind == "simulation").filter(\.$replacedBy == nil).first())
                #expect(now.official && now.threshold == 6 && now.tableYear == 2025 && now.table.scores == ConversionTable.estimated(threshold: 6, maxRaw: 32).scores)
                let page = try await signedInBrowser(app, as: olena).get("/znoshka/tests/\(now.id!)")
                #expect(page.text.contains("Бали 100–200 — за офіційною таблицею 2025 (УЦОЯО, наказ № 1)."))
                #expect(!page.text.contains("наша оцінка"))
                let finished = try #require(try await Attempt.find(earlier.id, on: app.db))
                #expect(finished.testID == before.id, "the finished attempt stays with the table it was scored by")
                // The API: the same for a client, with the same refusals.
                let body: [String: Any] = ["year": "2025", "source": "УЦОЯО", "csv": Self.csv(threshold: 7)]
                #expect(try await send(app, .PUT, "/author/subjects/mathematics/conversion-table", as: author, body).status == .forbidden)
                let bad = try await send(app, .PUT, "/author/subjects/mathematics/conversion-table", as: admin, ["year": "2025", "source": "УЦОЯО", "csv": "1,200"])
                #expect(bad.status == .unprocessableEntity)
                #expect(try problemFields(bad) == ["csv"])
                #expect(try await send(app, .PUT, "/author/subjects/physics/conversion-table", as: admin, body).status == .notFound)
                let table = try await read(ZNModels.OfficialTable.self, app, .PUT, "/author/subjects/mathematics/conversion-table", as: admin, body)
                #expect(table.threshold == 7 && table.maxPoints == 32 && table.year == 2025 && table.tests.count == 1 && table.scores.last == 200)
                let audit = try await AuditEntry.query(on: app.db).filter(\.$action == "table.import").all()
                #expect(audit.count == 2 && audit.allSatisfy { $0.actorID == admin.id })
            }
        }
    }
}
