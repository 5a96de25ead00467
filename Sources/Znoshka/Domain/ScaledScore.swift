import Foundation

/// Raw points to the 100–200 scale, as each year's admission rules publish it: below the
/// threshold («поріг») the subject is not passed, and nothing else makes up for it.
public struct ConversionTable: Sendable, Equatable, Codable {
    /// The fewest raw points that pass (they score 100).
    public let threshold: Int
    public let maxRaw: Int
    /// The scaled score of each raw score from the threshold to the maximum, in order.
    public let scores: [Int]
    /// Whether anything beyond the threshold is official (ours are estimates: the people
    /// are told so on screen).
    public let isOfficial: Bool

    public enum Outcome: Sendable, Equatable {
        case notPassed
        case passed(Int)
    }

    public init?(threshold: Int, maxRaw: Int, scores: [Int], isOfficial: Bool) {
        guard threshold >= 1, maxRaw > threshold, scores.count == maxRaw - threshold + 1, scores.first == 100, scores.last == 200,
              zip(scores, scores.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        self.threshold = threshold
        self.maxRaw = maxRaw
        self.scores = scores
        self.isOfficial = isOfficial
    }

    public func convert(_ raw: Int) -> Outcome {
        guard raw >= threshold else { return .notPassed }
        return .passed(scores[min(raw, maxRaw) - threshold])
    }

    /// Our estimate where the official table is not public: 100 at the threshold, 200 at
    /// the maximum, rising fastest near the threshold as the published rows do (Ukrainian
    /// 2023: 5→100, 6→105, 7→110, 8→114, 9→118, 10→122). A power curve with exponent 0.8.
    public static func estimated(threshold: Int, maxRaw: Int) -> ConversionTable {
        let span = Double(maxRaw - threshold)
        var scores = (threshold...maxRaw).map { raw in 100 + Int((100 * pow(Double(raw - threshold) / span, 0.8)).rounded()) }
        // Rounding must not make two raw scores equal: each point counts.
        for index in scores.indices.dropFirst() where scores[index] <= scores[index - 1] { scores[index] = scores[index - 1] + 1 }
        return ConversionTable(threshold: threshold, maxRaw: maxRaw, scores: scores, isOfficial: false)!
    }
}
