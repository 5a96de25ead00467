import Foundation

/// The 100–200 score a person may expect, from their recent attempts at a subject's whole
/// paper: the mean of their raw points, and a 90 % interval for it (Student's t, since a
/// few attempts are all there is), each converted by the subject's table. One paper is
/// enough: its interval is the spread a paper of that many points has when each point is
/// won with the share the person won (binomial), so a retake of the same paper is never
/// needed. Raw points are averaged, not scaled scores: the scale is not linear, and
/// "not passed" has no number.
public struct ScorePrediction: Sendable, Equatable {
    public let expected: ConversionTable.Outcome
    public let low: ConversionTable.Outcome
    public let high: ConversionTable.Outcome
    public let attempts: Int

    /// The newest attempts counted.
    public static let window = 5
    /// t for a two-sided 90 % interval with 1…4 degrees of freedom.
    static let t90: [Double] = [6.314, 2.920, 2.353, 2.132]

    /// z for a two-sided 90 % interval.
    static let z90 = 1.645

    /// Nil before any attempt.
    public static func predict(rawScores newestFirst: [Int], table: ConversionTable) -> ScorePrediction? {
        let scores = newestFirst.prefix(window).map(Double.init)
        guard !scores.isEmpty else { return nil }
        let n = Double(scores.count)
        let mean = scores.reduce(0, +) / n
        let margin: Double
        if scores.count == 1 {
            // At least a point either way: a paper all right or all wrong still has chance in it.
            let share = mean / Double(max(table.maxRaw, 1))
            margin = max(1, z90 * (Double(table.maxRaw) * share * (1 - share)).squareRoot())
        } else {
            let variance = scores.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (n - 1)
            margin = t90[scores.count - 2] * (variance / n).squareRoot()
        }
        func outcome(_ raw: Double) -> ConversionTable.Outcome {
            table.convert(Int(min(max(raw, 0), Double(table.maxRaw)).rounded()))
        }
        return ScorePrediction(expected: outcome(mean), low: outcome(mean - margin), high: outcome(mean + margin), attempts: scores.count)
    }
}
