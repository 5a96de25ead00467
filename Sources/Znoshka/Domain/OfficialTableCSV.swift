import Foundation

/// An official conversion table as УЦОЯО publishes it, pasted or saved from a spreadsheet:
/// a row per raw score, `raw,scaled` (or `;` or a tab between them, as Ukrainian
/// spreadsheets save CSV). A raw score that does not pass has its scaled cell empty, «—»,
/// «-» or «не склав»; rows below the threshold may be left out. A first line that is not
/// a number (a header) is skipped.
public enum OfficialTableCSV {
    /// What is wrong, by its line (1-based; 0 for the table as a whole) and a message key.
    public struct Problem: Sendable, Equatable {
        public let line: Int
        public let key: String
        public var arguments: [String: String] = [:]
    }

    /// Every problem of a table that cannot be read.
    public struct Invalid: Error, Sendable, Equatable {
        public let problems: [Problem]
    }

    static let notPassed: Set<String> = ["", "—", "–", "-", "не склав", "не склала", "не склав(ла)", "not passed"]

    /// The table of a paper of `maxRaw` points, or every problem found.
    public static func read(_ text: String, maxRaw: Int) -> Result<ConversionTable, Invalid> {
        var problems: [Problem] = []
        var scaled: [Int: Int?] = [:]
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let cells = trimmed.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "," || $0 == ";" || $0 == "\t" })
                .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            guard let raw = Int(cells[0]) else {
                if index == 0 { continue }  // a header
                problems.append(Problem(line: number, key: "zn.table.raw"))
                continue
            }
            guard cells.count == 2 else {
                problems.append(Problem(line: number, key: "zn.table.cells"))
                continue
            }
            guard (0...maxRaw).contains(raw) else {
                problems.append(Problem(line: number, key: "zn.table.raw_range", arguments: ["max": String(maxRaw)]))
                continue
            }
            guard scaled[raw] == nil else {
                problems.append(Problem(line: number, key: "zn.table.repeated", arguments: ["raw": String(raw)]))
                continue
            }
            if notPassed.contains(cells[1].lowercased()) {
                scaled[raw] = .some(nil)
            } else if let score = Int(cells[1]), (100...200).contains(score) {
                scaled[raw] = score
            } else {
                problems.append(Problem(line: number, key: "zn.table.scaled"))
            }
        }
        guard problems.isEmpty else { return .failure(Invalid(problems: problems)) }
        return table(scaled, maxRaw: maxRaw)
    }

    /// The rows read, checked as a whole: every raw score from the threshold up scored,
    /// none below it, 100 at the threshold, 200 at the maximum, each point worth more.
    private static func table(_ scaled: [Int: Int?], maxRaw: Int) -> Result<ConversionTable, Invalid> {
        guard let threshold = scaled.filter({ $0.value != nil }).keys.min() else {
            return .failure(Invalid(problems: [Problem(line: 0, key: "zn.table.empty")]))
        }
        if let failing = scaled.filter({ $0.value == nil && $0.key > threshold }).keys.min() {
            return .failure(Invalid(problems: [Problem(line: 0, key: "zn.table.gap", arguments: ["raw": String(failing)])]))
        }
        if let missing = (threshold...maxRaw).first(where: { scaled[$0] == nil }) {
            return .failure(Invalid(problems: [Problem(line: 0, key: "zn.table.missing", arguments: ["raw": String(missing)])]))
        }
        let scores = (threshold...maxRaw).map { scaled[$0]!! }
        guard let table = ConversionTable(threshold: threshold, maxRaw: maxRaw, scores: scores, isOfficial: true) else {
            return .failure(Invalid(problems: [Problem(line: 0, key: "zn.table.rising")]))
        }
        return .success(table)
    }
}
