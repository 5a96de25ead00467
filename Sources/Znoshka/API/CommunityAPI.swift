import Foundation
import Kernel
import Vapor

/// A question's discussion: solutions, votes, comments, reports and moderation.
extension ZnoshkaAPI {
    static func discussion(_ req: Request) async throws -> M.DiscussionDTO {
        let student = try await req.student()
        return discussionDTO(try await req.znoshka.community.discussion(of: try questionID(req), for: student))
    }

    static func postSolution(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let input = try req.content.decode(M.NewText.self)
        let solution = try await req.znoshka.community.post(solution: input.text, to: try questionID(req), by: student)
        return try await M.SolutionDTO(id: solution.id!, authorName: student.name, markdown: solution.markdown, html: solution.html,
                                       score: 0, myVote: 0, mine: true, hidden: false, hiddenReason: nil, createdAt: solution.createdAt, comments: [])
            .encodeResponse(status: .created, for: req)
    }

    static func vote(_ req: Request) async throws -> M.VoteResult {
        let student = try await req.student()
        let input = try req.content.decode(M.Vote.self)
        guard let value = input.value else { throw AppError.validation([FieldError(field: "value", key: "zn.validation.vote")]) }
        let solution = try await req.znoshka.community.vote(value, on: try solutionID(req), by: student)
        return M.VoteResult(solutionId: solution.id!, score: solution.score, myVote: value)
    }

    static func postComment(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let input = try req.content.decode(M.NewText.self)
        let comment = try await req.znoshka.community.comment(input.text, on: try solutionID(req), by: student)
        return try await M.CommentDTO(id: comment.id!, authorName: student.name, text: comment.text, hidden: false, hiddenReason: nil,
                                      createdAt: comment.createdAt).encodeResponse(status: .created, for: req)
    }

    static func report(_ req: Request) async throws -> HTTPStatus {
        let student = try await req.student()
        let input = try req.content.decode(M.ReportInput.self)
        guard let target = input.targetId else { throw AppError.validation([FieldError(field: "targetId", key: "zn.validation.report_target")]) }
        try await req.znoshka.community.report(input.targetType ?? "", target, reason: input.reason, by: student)
        return .noContent
    }

    static func moderationQueue(_ req: Request) async throws -> M.ModerationQueueDTO {
        let queue = try await req.znoshka.community.moderationQueue(for: try await req.student())
        return M.ModerationQueueDTO(
            items: queue.items.map { item in
                M.ModerationItemDTO(targetType: item.targetType, targetId: item.targetID, questionId: item.questionID, text: item.text,
                                    authorName: item.authorName, hidden: item.hiddenAt != nil,
                                    reports: item.reports.map { M.ModerationReportDTO(reason: $0.reason, reporterName: $0.reporterName, at: $0.at) })
            },
            frequentReporters: queue.frequentReporters.map {
                M.FrequentReporterDTO(name: $0.name, reports: $0.reports, upheld: $0.upheld, dismissed: $0.dismissed)
            })
    }

    static func moderate(_ req: Request) async throws -> HTTPStatus {
        let moderator = try await req.student()
        guard moderator.isModerator else { throw AppError.forbidden }
        let input = try req.content.decode(M.ModerationInput.self)
        guard let target = input.targetId else { throw AppError.validation([FieldError(field: "targetId", key: "zn.validation.report_target")]) }
        try await req.znoshka.community.moderate(input.targetType ?? "", target, hide: input.hide ?? true, reason: input.reason, by: moderator)
        return .noContent
    }

    static func discussionDTO(_ discussion: Discussion) -> M.DiscussionDTO {
        M.DiscussionDTO(questionId: discussion.questionID, solutions: discussion.solutions.map { entry in
            let solution = entry.solution
            return M.SolutionDTO(id: solution.id!, authorName: entry.authorName, markdown: solution.markdown, html: solution.html,
                                 score: solution.score, myVote: entry.myVote, mine: entry.isMine, hidden: solution.hiddenAt != nil,
                                 hiddenReason: solution.hiddenReason, createdAt: solution.createdAt,
                                 comments: entry.comments.map { comment, name in
                                     M.CommentDTO(id: comment.id!, authorName: name, text: comment.text, hidden: comment.hiddenAt != nil,
                                                  hiddenReason: comment.hiddenReason, createdAt: comment.createdAt)
                                 })
        })
    }
}
