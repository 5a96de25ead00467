import Foundation

/// The 100–200 score a person may expect, from their recent attempts at a subject's whole
/// paper: the mean of their raw points, and a 90 % interval for it (Student's t, since a
/// few attempts are all there is), each converted by the subject's table. Raw points are
/// averaged, not scaled scores: the scale is not linear, and "not passed" has no number.
public struct ScorePrediction: Sendable, Equatable {
    public let expected: ConversionTable.Outcome
    public let low: ConversionTable.Outcome
    public let high: ConversionTable.Outcome
    public let attempts: Int

    /// The newest attempts counted.
    public static let window = 5
    /// t for a two-sided 90 % interval with 1…4 degrees of freedom.
    static let t90: [Double] = [6.314, 2.920, 2.353, 2.132]

    /// Nil with fewer than two attempts: one score says nothing of its spread.
    public static func predict(rawScores newestFirst: [Int], table: ConversionTable) -> ScorePrediction? {
        let scores = newestFirst.prefix(window).map(Double.init)
        guard scores.count >= 2 else { return nil }
        let n = Double(scores.count)
        let mean = scores.reduce(0, +) / n
        let variance = scores.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (n - 1)
        let margin = t90[scores.count - 2] * (variance / n).squareRoot()
        func outcome(_ raw: Double) -> ConversionTable.Outcome {
            table.convert(Int(min(max(raw, 0), Double(table.maxRaw)).rounded()))
        }
        return ScorePrediction(expected: outcome(mean), low: outcome(mean - margin), high: outcome(mean + margin), attempts: scores.count)
    }
}
