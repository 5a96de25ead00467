import Foundation

/// The 100–200 score a person may expect, from their recent attempts at a subject's whole
/// paper: the mean of their raw points, and a 90 % interval for it (Student's t, since a
/// few attempts are all there is), each converted by the subject's table. One paper is
/// enough: its interval is the spread a paper of that many points has when each point is
/// won with the share the person won (binomial), so a retake of the same paper is never
/// needed. Raw points are averaged, not scaled scores: the scale is not linear, and
/// "not passed" has no number.
///
/// The topic map counts too (`MapEstimate`): what the person's mastery of each topic says
/// of a paper, worth up to one paper more, by how many answers beyond the papers (topic
/// tests, mixed ones) it rests on and how much of the paper their topics cover. It moves
/// the expected score and narrows the interval of a single paper.
public struct ScorePrediction: Sendable, Equatable {
    public let expected: ConversionTable.Outcome
    public let low: ConversionTable.Outcome
    public let high: ConversionTable.Outcome
    public let attempts: Int
    /// Whether the topic map was counted beside the papers.
    public let usesTopicMap: Bool

    /// What the topic map says of a whole paper.
    public struct MapEstimate: Sendable, Equatable {
        /// The share of a paper's points the person would win: each answered topic's
        /// mastery, weighted by the topic's part of the paper.
        public let share: Double
        /// Worth beside one paper, 0…1.
        public let weight: Double

        /// Answers the map needs to count as much as a paper (where it covers the whole paper).
        public static let fullEvidence = 30

        /// The estimate from `topics` (mastery 0…1, answers outside the papers, and the topic's
        /// part of the paper, e.g. its questions in the bank); nil when nothing was answered.
        public static func from(_ topics: [(mastery: Double, answered: Int, part: Int)]) -> MapEstimate? {
            let answered = topics.filter { $0.answered > 0 && $0.part > 0 }
            let parts = Double(topics.map(\.part).reduce(0, +))
            let answeredParts = Double(answered.map(\.part).reduce(0, +))
            guard answeredParts > 0, parts > 0 else { return nil }
            let share = answered.map { $0.mastery * Double($0.part) }.reduce(0, +) / answeredParts
            let evidence = min(1, Double(answered.map(\.answered).reduce(0, +)) / Double(fullEvidence))
            return MapEstimate(share: min(max(share, 0), 1), weight: evidence * answeredParts / parts)
        }
    }

    /// The newest attempts counted.
    public static let window = 5
    /// t for a two-sided 90 % interval with 1…4 degrees of freedom.
    static let t90: [Double] = [6.314, 2.920, 2.353, 2.132]

    /// z for a two-sided 90 % interval.
    static let z90 = 1.645

    /// Nil before any attempt.
    public static func predict(rawScores newestFirst: [Int], table: ConversionTable, map: MapEstimate? = nil) -> ScorePrediction? {
        let scores = newestFirst.prefix(window).map(Double.init)
        guard !scores.isEmpty else { return nil }
        let n = Double(scores.count)
        let papers = scores.reduce(0, +) / n
        // The map as `weight` of one more paper, scoring its share of the points.
        let weight = map?.weight ?? 0
        let mean = (papers * n + (map?.share ?? 0) * Double(table.maxRaw) * weight) / (n + weight)
        let margin: Double
        if scores.count == 1 {
            // At least a point either way: a paper all right or all wrong still has chance in it.
            let share = mean / Double(max(table.maxRaw, 1))
            margin = max(1, z90 * (Double(table.maxRaw) * share * (1 - share) / (1 + weight)).squareRoot())
        } else {
            let variance = scores.map { ($0 - papers) * ($0 - papers) }.reduce(0, +) / (n - 1)
            margin = t90[scores.count - 2] * (variance / (n + weight)).squareRoot()
        }
        func outcome(_ raw: Double) -> ConversionTable.Outcome {
            table.convert(Int(min(max(raw, 0), Double(table.maxRaw)).rounded()))
        }
        return ScorePrediction(expected: outcome(mean), low: outcome(mean - margin), high: outcome(mean + margin), attempts: scores.count,
                               usesTopicMap: weight > 0)
    }
}
