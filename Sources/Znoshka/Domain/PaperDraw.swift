import Foundation

/// Drawing a fresh paper from the question bank: exactly the paper's count of each kind of
/// task, questions the student has not met before those they have (the longest ago
/// first), and within that the topics spread as evenly as the bank allows.
public enum PaperDraw {
    /// A question of the bank as the draw needs it.
    public struct Entry: Sendable, Equatable {
        public let id: UUID
        public let kind: QuestionKind
        public let topicID: UUID?

        public init(id: UUID, kind: QuestionKind, topicID: UUID?) {
            self.id = id
            self.kind = kind
            self.topicID = topicID
        }
    }

    /// What a paper is made of, in order: runs of one kind (the exam's parts).
    public typealias Shape = [(kind: QuestionKind, count: Int)]

    /// The shape of a paper whose tasks are `kinds`, in order: each run of one kind is a part.
    public static func shape(of kinds: [QuestionKind]) -> Shape {
        var parts: Shape = []
        for kind in kinds {
            if let last = parts.last, last.kind == kind {
                parts[parts.count - 1].count += 1
            } else {
                parts.append((kind, 1))
            }
        }
        return parts
    }

    /// A paper of `shape` from `bank`: the question ids in order, each part's tasks together
    /// as in the exam. `seen` says when the student last met a question. Nil when the bank
    /// has too few questions of some kind, so the paper could not have its exact shape.
    public static func draw(_ shape: Shape, from bank: [Entry], seen: [UUID: Date],
                            using generator: inout some RandomNumberGenerator) -> [UUID]? {
        var topicCounts: [UUID?: Int] = [:]
        var paper: [UUID] = []
        var taken = Set<UUID>()
        for part in shape {
            // A kind may come back in a later part (a topic test's own order): never the same question twice.
            var candidates = bank.filter { $0.kind == part.kind && !taken.contains($0.id) }.shuffled(using: &generator)
            guard candidates.count >= part.count else { return nil }
            // Unseen first (distantPast sorts before every real date), then the longest ago;
            // the shuffle above breaks ties at random, and the sort is stable.
            candidates = stableSorted(candidates) { (seen[$0.id] ?? .distantPast) < (seen[$1.id] ?? .distantPast) }
            for _ in 0..<part.count {
                let pick = spreadPick(candidates, seen: seen, topicCounts: topicCounts)
                let chosen = candidates.remove(at: pick)
                topicCounts[chosen.topicID, default: 0] += 1
                taken.insert(chosen.id)
                paper.append(chosen.id)
            }
        }
        return paper
    }

    /// Among the candidates as fresh as the freshest, the first whose topic the paper has
    /// least of so far.
    private static func spreadPick(_ candidates: [Entry], seen: [UUID: Date], topicCounts: [UUID?: Int]) -> Int {
        let freshest = seen[candidates[0].id] ?? .distantPast
        var best = 0
        var bestCount = Int.max
        for (index, candidate) in candidates.enumerated() {
            guard (seen[candidate.id] ?? .distantPast) == freshest else { break }
            let count = topicCounts[candidate.topicID] ?? 0
            if count < bestCount {
                best = index
                bestCount = count
                if count == 0 { break }
            }
        }
        return best
    }

    private static func stableSorted(_ entries: [Entry], by less: (Entry, Entry) -> Bool) -> [Entry] {
        entries.enumerated().sorted { less($0.element, $1.element) || (!less($1.element, $0.element) && $0.offset < $1.offset) }
            .map(\.element)
    }
}
