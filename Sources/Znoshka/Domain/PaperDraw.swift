import Foundation

/// Drawing a fresh paper from the question bank: exactly the paper's count of each kind of
/// task, questions the student has not met before those they have (the longest ago
/// first), and within that the topics spread as the subject's blueprint asks (evenly
/// unless its authors said otherwise), as far as the bank allows.
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

    /// A bank's questions grouped by kind once, so that each draw looks only at the kinds
    /// its paper asks (a server keeps one per subject).
    public struct Bank: Sendable {
        public let entries: [Entry]
        /// How the subject's papers spread over its topics.
        public let spread: Spread
        let byKind: [QuestionKind: [Entry]]
        let topics: Set<UUID?>

        public init(_ entries: [Entry], spread: Spread = .even) {
            self.entries = entries
            self.spread = spread
            byKind = Dictionary(grouping: entries, by: \.kind)
            topics = Set(entries.map(\.topicID))
        }

        /// The questions of one topic, as a topic test draws from.
        public func topic(_ topicID: UUID?) -> Bank { Bank(entries.filter { $0.topicID == topicID }) }
    }

    /// How many of a paper's tasks each topic should have: the blueprint's spread. A topic
    /// the authors gave a number of tasks gets that share; the topics they left out share
    /// the paper's other tasks evenly. With no numbers at all, every topic weighs the same.
    public struct Spread: Sendable, Equatable {
        /// Tasks per paper, for the topics the authors set.
        public let tasks: [UUID: Int]

        public static let even = Spread(tasks: [:])

        public init(tasks: [UUID: Int]) { self.tasks = tasks }

        /// Each of `topics`' weight in a paper of `taskCount` tasks (the tasks it should have).
        func weights(of topics: Set<UUID?>, taskCount: Int) -> [UUID?: Double] {
            guard !tasks.isEmpty else { return Dictionary(uniqueKeysWithValues: topics.map { ($0, 1) }) }
            let unset = topics.filter { $0.flatMap { tasks[$0] } == nil }
            let rest = Double(max(0, taskCount - tasks.values.reduce(0, +))) / Double(max(1, unset.count))
            return Dictionary(uniqueKeysWithValues: topics.map { topic in (topic, topic.flatMap { tasks[$0] }.map(Double.init) ?? rest) })
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

    public static func draw(_ shape: Shape, from bank: [Entry], seen: [UUID: Date],
                            using generator: inout some RandomNumberGenerator) -> [UUID]? {
        draw(shape, from: Bank(bank), seen: seen, using: &generator)
    }

    /// A paper of `shape` from `bank`: the question ids in order, each part's tasks together
    /// as in the exam. `seen` says when the student last met a question. Nil when the bank
    /// has too few questions of some kind, so the paper could not have its exact shape.
    public static func draw(_ shape: Shape, from bank: Bank, seen: [UUID: Date],
                            using generator: inout some RandomNumberGenerator) -> [UUID]? {
        let weights = bank.spread.weights(of: bank.topics, taskCount: shape.map(\.count).reduce(0, +))
        var topicCounts: [UUID?: Int] = [:]
        var paper: [UUID] = []
        var taken = Set<UUID>()
        for part in shape {
            // A kind may come back in a later part (a topic test's own order): never the same question twice.
            let ofKind = (bank.byKind[part.kind] ?? []).filter { taken.isEmpty || !taken.contains($0.id) }
            guard ofKind.count >= part.count else { return nil }
            for chosen in pick(part.count, from: ofKind, seen: seen, weights: weights, topicCounts: &topicCounts, using: &generator) {
                taken.insert(chosen.id)
                paper.append(chosen.id)
            }
        }
        return paper
    }

    /// `count` of `candidates`: the unmet at random, then the met longest ago, each time
    /// from the freshest still left, one of the topic the paper is furthest short of.
    private static func pick(_ count: Int, from candidates: [Entry], seen: [UUID: Date], weights: [UUID?: Double], topicCounts: inout [UUID?: Int],
                             using generator: inout some RandomNumberGenerator) -> [Entry] {
        // Each question's date looked up once: unmet ones in a shuffled list, met ones sorted oldest first.
        var unmet: [Entry] = []
        var met: [(entry: Entry, at: Date)] = []
        for entry in candidates {
            if let at = seen.isEmpty ? nil : seen[entry.id] { met.append((entry, at)) } else { unmet.append(entry) }
        }
        unmet.shuffle(using: &generator)
        var chosen: [Entry] = []
        spread(min(count, unmet.count), from: unmet, weights: weights, topicCounts: &topicCounts, into: &chosen)
        guard chosen.count < count else { return chosen }
        met.shuffle(using: &generator)
        met.sort { $0.at < $1.at }  // not stable, but the shuffle already made ties random
        // Within one date (one earlier paper), spread too.
        var index = 0
        while chosen.count < count {
            var sameDay: [Entry] = []
            let day = met[index].at
            while index < met.count, met[index].at == day {
                sameDay.append(met[index].entry)
                index += 1
            }
            spread(min(count - chosen.count, sameDay.count), from: sameDay, weights: weights, topicCounts: &topicCounts, into: &chosen)
        }
        return chosen
    }

    /// Moves `count` of `pool` (in random order) into `chosen`, each time one of the topic
    /// whose share of the paper is furthest behind its weight: the fewest tasks per task it
    /// should have (a topic weighing nothing only when no other is left). Ties go to the
    /// topic met first in the pool, so at random.
    private static func spread(_ count: Int, from pool: [Entry], weights: [UUID?: Double], topicCounts: inout [UUID?: Int],
                               into chosen: inout [Entry]) {
        guard count > 0 else { return }
        var topics: [UUID?] = []
        var byTopic: [UUID?: [Entry]] = [:]
        for entry in pool {
            if byTopic[entry.topicID] == nil { topics.append(entry.topicID) }
            byTopic[entry.topicID, default: []].append(entry)
        }
        var used: [UUID?: Int] = [:]
        for _ in 0..<count {
            var best: UUID?? = nil
            var bestScore = Double.infinity
            for topic in topics where used[topic, default: 0] < byTopic[topic]!.count {
                let score = behind(taken: topicCounts[topic] ?? 0, weight: weights[topic] ?? 1)
                if score < bestScore {
                    best = topic
                    bestScore = score
                }
            }
            guard let topic = best else { return }
            let index = used[topic, default: 0]
            used[topic] = index + 1
            topicCounts[topic, default: 0] += 1
            chosen.append(byTopic[topic]![index])
        }
    }

    /// How far a topic's share is from its weight once it gets one more task: lower is
    /// further behind. A topic of no weight comes after every weighed one.
    static func behind(taken: Int, weight: Double) -> Double {
        weight > 0 ? Double(taken + 1) / weight : 1e12 + Double(taken)
    }

    /// A fast generator for the shuffles (SplitMix64), seeded from the system's: a draw
    /// shuffles thousands of questions, and the system generator is a system call a number.
    public struct Generator: RandomNumberGenerator {
        private var state: UInt64

        public init(seed: UInt64) { state = seed }

        public init() {
            var system = SystemRandomNumberGenerator()
            self.init(seed: system.next())
        }

        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
