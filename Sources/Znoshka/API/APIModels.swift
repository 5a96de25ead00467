import Foundation
import Kernel
import Vapor

/// The JSON shapes of the Znoshka API (see `openapi.json`). Inputs have optional fields so
/// that a missing one is a 422 naming the field, in the caller's language. Options and
/// items are numbered from 0 in the order shown (А = 0); times are RFC 3339 in UTC.
enum ZNModels {
    struct Session: Content {
        let token: String
        let expiresAt: Date
        let profile: Profile
    }

    struct Profile: Content {
        let id: UUID
        let name: String
        let email: String
        /// `student`, `author` or `admin`.
        let role: String
        let examDate: String?
        let reminderTime: String?
        let timeZone: String
    }

    /// What is left out stays; an empty `examDate` or `reminderTime` clears it.
    struct ProfileUpdate: Content {
        let name: String?
        let examDate: String?
        let reminderTime: String?
        let timeZone: String?
    }

    struct SubjectSummary: Content {
        let id: UUID
        let slug: String
        let name: String
    }

    struct OfficialTableInput: Content {
        let year: String?
        let source: String?
        let csv: String?
    }

    struct OfficialTable: Content {
        let year: Int
        let source: String
        let threshold: Int
        let maxPoints: Int
        let scores: [Int]
        let tests: [UUID]
    }

    /// A subject in the list, with the size of its question bank.
    struct SubjectListed: Content {
        let id: UUID
        let slug: String
        let name: String
        let questionCount: Int
    }

    struct SubjectDetail: Content {
        let id: UUID
        let slug: String
        let name: String
        let topics: [TopicSummary]
        let tests: [TestSummary]
    }

    struct TopicSummary: Content {
        let id: UUID
        let title: String
        let pages: [PageSummary]
    }

    struct PageSummary: Content {
        let id: UUID
        let title: String
    }

    struct TopicDetail: Content {
        let id: UUID
        let title: String
        let subject: SubjectSummary
        let pages: [TheoryPageDTO]
        let tests: [TestSummary]
    }

    struct TheoryPageDTO: Content {
        let id: UUID
        let title: String
        let markdown: String
        /// Rendered on the server: formulas as MathML, raw HTML removed.
        let html: String
    }

    struct TestSummary: Content {
        let id: UUID
        let title: String
        /// `simulation`, `topic` or `mixed`.
        let kind: String
        let minutes: Int
        let questionCount: Int
        let maxPoints: Int
        let threshold: Int
        /// False for our seeded tables: only the threshold is official.
        let officialTable: Bool
        let lastResult: Score?
        let runningAttemptId: UUID?
    }

    struct Score: Content {
        let attemptId: UUID
        let rawPoints: Int
        let maxPoints: Int
        let passed: Bool
        /// 100–200; absent when not passed.
        let scaled: Int?
        let finishedAt: Date
    }

    struct BlockStart: Content {
        let block: Int?
        /// Block 2's chosen subject (its slug); history alone without it.
        let subject: String?
    }

    struct AttemptSummary: Content {
        let id: UUID
        let testId: UUID
        let testTitle: String
        let blockId: UUID?
        let startedAt: Date
        let deadline: Date
        let finishedAt: Date?
        let score: Score?
    }

    struct AttemptDTO: Content {
        let id: UUID
        let test: TestRef
        let blockId: UUID?
        let startedAt: Date
        let deadline: Date
        let secondsLeft: Int
        /// `running` or `finished`.
        let state: String
        let finishedHow: String?
        let score: Score?
        let questions: [AttemptQuestion]
    }

    struct TestRef: Content {
        let id: UUID
        let title: String
        let kind: String
    }

    struct AttemptQuestion: Content {
        let id: UUID
        let number: Int
        let question: QuestionDTO
        let answer: AnswerDTO?
        let flagged: Bool
        let points: Int?
        /// After the finish: `right`, `partly`, `wrong` or `unanswered`.
        let verdict: String?
    }

    /// A question as asked: never its answer.
    struct QuestionDTO: Content {
        /// `single`, `matching`, `sequence`, `choose3` or `number`.
        let type: String
        let text: String
        let textHtml: String
        let options: [String]
        let prompts: [String]
        let picture: String?
        let maxPoints: Int
    }

    /// One field, by the question's type: `option` (single), `pairs` (matching: for each
    /// prompt, its option or null), `order` (sequence: the item in each place, or null),
    /// `options` (choose three), `number` (as typed: «2,5»). `{}` clears the answer.
    struct AnswerDTO: Content {
        let option: Int?
        let pairs: [Int?]?
        let order: [Int?]?
        let options: [Int]?
        let number: String?
    }

    /// `answer` left out keeps it (to flag only); `flagged` left out keeps the flag.
    struct AnswerSave: Content {
        let answer: AnswerDTO?
        let flagged: Bool?
    }

    struct AnswerSaved: Content {
        let questionId: UUID
        let answered: Bool
        let flagged: Bool
        let secondsLeft: Int
    }

    struct Review: Content {
        let attempt: AttemptSummary
        let questions: [ReviewQuestion]
    }

    struct ReviewQuestion: Content {
        let id: UUID
        let number: Int
        let question: QuestionDTO
        let answer: AnswerDTO?
        let correct: AnswerDTO
        let points: Int
        let maxPoints: Int
        let verdict: String
        let explanationHtml: String
        /// The share of people's answers to it that were right (0–1); absent before any.
        let shareRight: Double?
    }

    struct ReviewQueue: Content {
        let dueToday: Int
        let total: Int
        let examDate: String?
        let daysToExam: Int?
        let items: [ReviewQueueItem]
    }

    struct ReviewQueueItem: Content {
        let questionId: UUID
        let subject: String?
        let due: Date
        let question: QuestionDTO
    }

    struct ReviewAnswer: Content {
        let answer: AnswerDTO?
    }

    struct ReviewGraded: Content {
        let points: Int
        let maxPoints: Int
        let verdict: String
        let correct: AnswerDTO
        let explanationHtml: String
        let nextDue: Date
    }

    struct Statistics: Content {
        let subjects: [SubjectStats]
    }

    struct SubjectStats: Content {
        let subject: SubjectSummary
        let testsDone: Int
        let accuracy: Double?
        let trend: [TrendDTO]
        let topics: [TopicStats]
        let weakestTopicId: UUID?
        let suggestedTestId: UUID?
        let prediction: Prediction?
        let progress: Double
        let topicMap: [TopicMasteryDTO]
    }

    struct TopicMasteryDTO: Content {
        let topicId: UUID
        let title: String
        let mastery: Double
        let level: String
        let answered: Int
    }

    struct TrendDTO: Content {
        let finishedAt: Date
        let accuracy: Double
        let testTitle: String
    }

    struct TopicStats: Content {
        let topicId: UUID
        let title: String
        let answered: Int
        let accuracy: Double
    }

    /// 100–200 outcomes (null: not passed) from the newest full-format attempts.
    struct Prediction: Content {
        let expected: Int?
        let low: Int?
        let high: Int?
        let attempts: Int
    }

    struct DiscussionDTO: Content {
        let questionId: UUID
        /// By score, highest first; hidden ones are shown to moderators only.
        let solutions: [SolutionDTO]
    }

    struct SolutionDTO: Content {
        let id: UUID
        let authorName: String
        let markdown: String
        /// Rendered on the server: formulas as MathML, raw HTML removed.
        let html: String
        let score: Int
        /// +1, −1, or 0 when not voted.
        let myVote: Int
        let mine: Bool
        let hidden: Bool
        let hiddenReason: String?
        let createdAt: Date
        let comments: [CommentDTO]
    }

    struct CommentDTO: Content {
        let id: UUID
        let authorName: String
        let text: String
        let hidden: Bool
        let hiddenReason: String?
        let createdAt: Date
    }

    struct ModerationQueueDTO: Content {
        let items: [ModerationItemDTO]
        let frequentReporters: [FrequentReporterDTO]
    }

    struct ModerationItemDTO: Content {
        let targetType: String
        let targetId: UUID
        let questionId: UUID
        let text: String
        let authorName: String
        let hidden: Bool
        let reports: [ModerationReportDTO]
    }

    struct ModerationReportDTO: Content {
        let reason: String
        let reporterName: String
        let at: Date
    }

    struct FrequentReporterDTO: Content {
        let name: String
        let reports: Int
        let upheld: Int
        let dismissed: Int
    }

    struct NewText: Content {
        let text: String?
    }

    /// 1 likes, −1 dislikes, 0 takes the vote back.
    struct Vote: Content {
        let value: Int?
    }

    struct VoteResult: Content {
        let solutionId: UUID
        let score: Int
        let myVote: Int
    }

    /// `targetType`: `solution` or `comment`.
    struct ReportInput: Content {
        let targetType: String?
        let targetId: UUID?
        let reason: String?
    }

    /// Hides (`hide` true, the default) or restores a solution or comment, with a reason.
    struct ModerationInput: Content {
        let targetType: String?
        let targetId: UUID?
        let hide: Bool?
        let reason: String?
    }

    /// How each question of a test works, from its finished attempts (authors only).
    struct QuestionStatistics: Content {
        let testId: UUID
        let attempts: Int
        let questions: [QuestionStat]
    }

    struct QuestionStat: Content {
        let number: Int
        let questionId: UUID
        /// The mean share of the question's points scored (0–1).
        let facility: Double?
        /// The top 27 %'s facility minus the bottom 27 %'s (−1–1).
        let discrimination: Double?
        /// Single choice: the wrong options nobody picked.
        let unusedOptions: [Int]
        let poorlyDiscriminating: Bool
        let flagged: Bool
    }

    struct Imported: Content {
        let testId: UUID
    }

    /// A theory page as an author writes it (the subject and topic only when adding one).
    struct TheoryPageInput: Content {
        let subject: String?
        let topic: String?
        let title: String?
        let markdown: String?
    }

    /// A subject as an author writes it (the slug only when adding one).
    struct SubjectInput: Content {
        let slug: String?
        let nameUk: String?
        let nameEn: String?
    }

    /// A subject with both its names, for authors.
    struct AuthorSubject: Content {
        let id: UUID
        let slug: String
        let nameUk: String
        let nameEn: String
        /// One of the НМТ's three compulsory subjects; the others are chosen ones (block 2).
        let compulsory: Bool
    }

    struct TopicRename: Content {
        let title: String?
    }

    struct AuthorRole: Content {
        let email: String?
        /// `student`, `moderator` or `author`; wins over `author`.
        let role: String?
        let author: Bool?
    }
}
