import Foundation

/// The short sample a visitor tries before signing up: a few tasks of a subject's
/// simulation that between them show each kind of task its paper has. Checked at once
/// and kept nowhere.
public enum SamplePaper {
    /// How many tasks a sample has (fewer when the paper itself is shorter).
    public static let size = 5

    /// Which tasks of a paper whose tasks are `kinds` make its sample, in the paper's
    /// order: the first task of each kind, then the next tasks from the start until `size`.
    public static func pick(_ kinds: [QuestionKind], size: Int = size) -> [Int] {
        var picked: [Int] = []
        var kindsShown = Set<QuestionKind>()
        for (index, kind) in kinds.enumerated() where picked.count < size && kindsShown.insert(kind).inserted {
            picked.append(index)
        }
        for index in kinds.indices where picked.count < size && !picked.contains(index) {
            picked.append(index)
        }
        return picked.sorted()
    }
}
