import Fluent
import Foundation
import Kernel
import SQLKit

/// What the moderators have to decide: each reported solution or comment with its open
/// reports, the most reported first, and the people who reported often lately with how
/// their reports were decided — someone whose reports are mostly dismissed is using the
/// button against people rather than posts.
public struct ModerationQueue: Sendable {
    public struct Report: Sendable {
        public let reason: String
        public let reporterName: String
        public let at: Date
    }

    public struct Item: Sendable {
        /// `solution` or `comment`.
        public let targetType: String
        public let targetID: UUID
        /// The question whose discussion it is in.
        public let questionID: UUID
        /// A solution's Markdown or a comment's text, as written.
        public let text: String
        public let authorName: String
        public let hiddenAt: Date?
        public let reports: [Report]
    }

    public struct Reporter: Sendable {
        public let name: String
        public let reports: Int
        public let upheld: Int
        public let dismissed: Int
    }

    public let items: [Item]
    public let frequentReporters: [Reporter]

    /// Reports in this many days…
    public static let reporterWindowDays = 30
    /// …from this many up make a frequent reporter.
    public static let frequentReports = 5
}

extension CommunityService {
    /// The open reports, grouped by what they report; moderators only.
    public func moderationQueue(for moderator: Student, limit: Int = 100) async throws -> ModerationQueue {
        guard moderator.isModerator else { throw AppError.forbidden }
        let open = try await AbuseReport.query(on: db).filter(\.$decidedAt == nil).sort(\.$createdAt).limit(2_000).all()
        let solutionIDs = Set(open.filter { $0.targetType == "solution" }.map(\.targetID))
        let comments = try await SolutionComment.query(on: db).filter(\.$id ~~ Set(open.filter { $0.targetType == "comment" }.map(\.targetID))).all()
        let solutions = try await Solution.query(on: db).filter(\.$id ~~ solutionIDs.union(comments.map(\.solutionID))).all()
        let recent = try await AbuseReport.query(on: db)
            .filter(\.$createdAt > now.addingTimeInterval(-Double(ModerationQueue.reporterWindowDays) * 86_400)).all()
        let people = Set(open.map(\.reporterID) + recent.map(\.reporterID) + solutions.map(\.authorID) + comments.map(\.authorID))
        let names = Dictionary(uniqueKeysWithValues: try await Account.query(on: db).filter(\.$id ~~ people).all().map { ($0.id!, $0.displayName) })
        let solutionByID = Dictionary(uniqueKeysWithValues: solutions.map { ($0.id!, $0) })
        let commentByID = Dictionary(uniqueKeysWithValues: comments.map { ($0.id!, $0) })

        var items: [ModerationQueue.Item] = []
        // What was reported may be gone (its author deleted the account): nothing to decide then.
        for reports in Dictionary(grouping: open, by: { "\($0.targetType) \($0.targetID)" }).values {
            let first = reports[0]
            let reported = reports.map { ModerationQueue.Report(reason: $0.reason, reporterName: names[$0.reporterID] ?? "", at: $0.createdAt) }
            if first.targetType == "solution", let solution = solutionByID[first.targetID] {
                items.append(.init(targetType: "solution", targetID: first.targetID, questionID: solution.questionID, text: solution.markdown,
                                   authorName: names[solution.authorID] ?? "", hiddenAt: solution.hiddenAt, reports: reported))
            } else if first.targetType == "comment", let comment = commentByID[first.targetID], let solution = solutionByID[comment.solutionID] {
                items.append(.init(targetType: "comment", targetID: first.targetID, questionID: solution.questionID, text: comment.text,
                                   authorName: names[comment.authorID] ?? "", hiddenAt: comment.hiddenAt, reports: reported))
            }
        }
        items.sort { ($0.reports.count, $1.reports[0].at) > ($1.reports.count, $0.reports[0].at) }

        let reporters = Dictionary(grouping: recent, by: \.reporterID).compactMap { id, reports -> ModerationQueue.Reporter? in
            guard reports.count >= ModerationQueue.frequentReports else { return nil }
            return .init(name: names[id] ?? "", reports: reports.count, upheld: reports.filter { $0.upheld == true }.count,
                         dismissed: reports.filter { $0.upheld == false }.count)
        }.sorted { ($0.reports, $1.name) > ($1.reports, $0.name) }
        return ModerationQueue(items: Array(items.prefix(limit)), frequentReporters: reporters)
    }
}
