import Fluent
import Foundation
import Kernel

/// A student's written solution of a question: Markdown with formulas, kept with its HTML
/// (rendered once, no raw HTML through). `score` is the sum of the votes, kept with each
/// vote so the list sorts by it; a moderator may hide it, with a reason.
public final class Solution: Model, @unchecked Sendable {
    public static let schema = "zn_solutions"
    @ID(key: .id) public var id: UUID?
    @Field(key: "question_id") public var questionID: UUID
    @Field(key: "author_id") public var authorID: UUID
    @Field(key: "markdown") public var markdown: String
    @Field(key: "html") public var html: String
    @Field(key: "score") public var score: Int
    @OptionalField(key: "hidden_at") public var hiddenAt: Date?
    @OptionalField(key: "hidden_reason") public var hiddenReason: String?
    @Field(key: "created_at") public var createdAt: Date

    public init() {}

    public init(questionID: UUID, authorID: UUID, markdown: String, at now: Date) {
        self.questionID = questionID
        self.authorID = authorID
        self.markdown = markdown
        self.html = TheoryMarkdown.render(markdown).html
        self.score = 0
        self.createdAt = now
    }
}

/// One person's like (+1) or dislike (−1) of a solution; once each, changeable.
public final class SolutionVote: Model, @unchecked Sendable {
    public static let schema = "zn_solution_votes"
    @ID(key: .id) public var id: UUID?
    @Field(key: "solution_id") public var solutionID: UUID
    @Field(key: "voter_id") public var voterID: UUID
    @Field(key: "value") public var value: Int

    public init() {}
}

/// A comment under a solution: plain text.
public final class SolutionComment: Model, @unchecked Sendable {
    public static let schema = "zn_comments"
    @ID(key: .id) public var id: UUID?
    @Field(key: "solution_id") public var solutionID: UUID
    @Field(key: "author_id") public var authorID: UUID
    @Field(key: "text") public var text: String
    @OptionalField(key: "hidden_at") public var hiddenAt: Date?
    @OptionalField(key: "hidden_reason") public var hiddenReason: String?
    @Field(key: "created_at") public var createdAt: Date

    public init() {}

    public init(solutionID: UUID, authorID: UUID, text: String, at now: Date) {
        self.solutionID = solutionID
        self.authorID = authorID
        self.text = text
        self.createdAt = now
    }
}

/// Someone's report that a solution or comment is abusive, for the moderators.
public final class AbuseReport: Model, @unchecked Sendable {
    public static let schema = "zn_reports"
    @ID(key: .id) public var id: UUID?
    /// `solution` or `comment`.
    @Field(key: "target_type") public var targetType: String
    @Field(key: "target_id") public var targetID: UUID
    @Field(key: "reporter_id") public var reporterID: UUID
    @Field(key: "reason") public var reason: String
    @Field(key: "created_at") public var createdAt: Date
    /// When a moderator decided on the thing reported (nil: open, in the queue).
    @OptionalField(key: "decided_at") public var decidedAt: Date?
    @OptionalField(key: "decided_by") public var decidedBy: UUID?
    /// Whether the decision was to hide it.
    @OptionalField(key: "upheld") public var upheld: Bool?

    public init() {}
}
