import Foundation
import Kernel
import Vapor

/// A study plan as a person reads it (`StudyPlan`): the days left to the exam, and for each
/// coming day the reviews due and the topic to practise, linked to its theory and tests.
struct StudyPlanModel {
    let plan: StudyPlan
    /// Each topic's title and its subject's name, by topic id.
    let topics: [UUID: (title: String, subject: String)]

    /// The plan's topic names, read from the catalogue.
    init(plan: StudyPlan, topics: [Topic], subjects: [Subject], _ l: Localizer) {
        let names = Dictionary(uniqueKeysWithValues: subjects.map { ($0.id!, $0.name(in: l.language)) })
        self.plan = plan
        self.topics = Dictionary(uniqueKeysWithValues: topics.map { ($0.id!, (title: $0.title, subject: names[$0.subjectID] ?? "")) })
    }

    /// The person's plan with its topics named, as the profile and the subject list show it.
    static func load(_ req: Request, for student: Student) async throws -> StudyPlanModel {
        StudyPlanModel(plan: try await req.znoshka.reviews.plan(for: student), topics: try await req.znoshka.catalog.topics(),
                       subjects: try await req.znoshka.catalog.subjects(), req.localizer)
    }
}

enum StudyPlanParts {
    static func card(_ model: StudyPlanModel, _ l: Localizer) -> HTML {
        H.section(.class("card study-plan"), .aria("labelledby", "plan-title")) {
            H.h2(.id("plan-title")) { l.text("zn.plan.title") }
            H.p { countdown(model.plan.daysToExam, l) }
            if !model.plan.days.isEmpty {
                H.ol(.class("plain-list plan-days")) { HTMLBuilder.join(model.plan.days.map { day(model, $0, l) }) }
            }
        }
    }

    /// Today's line of the plan for the subject list: the reviews and the topic of the day.
    static func today(_ model: StudyPlanModel, _ l: Localizer) -> HTML {
        guard let first = model.plan.days.first, let topicID = first.topicID, let topic = model.topics[topicID] else { return .empty }
        return H.p(.class("plan-today")) {
            l.text("zn.plan.topic_of_day") + " "
            H.a(.href(ZnoshkaWeb.topicPath(topicID))) { topic.title }
            " (" + topic.subject + ")"
        }
    }

    private static func countdown(_ days: Int?, _ l: Localizer) -> String {
        guard let days else { return l.text("zn.plan.no_exam") }
        if days > 0 { return l.plural("zn.plan.days_left", count: days) }
        return l.text(days == 0 ? "zn.plan.exam_today" : "zn.plan.exam_passed")
    }

    private static func day(_ model: StudyPlanModel, _ day: StudyPlan.Day, _ l: Localizer) -> HTML {
        let offset = day.day.daysSinceEpoch - model.plan.today.daysSinceEpoch
        let name = offset == 0 ? l.text("zn.plan.today") : offset == 1 ? l.text("zn.plan.tomorrow") : l.day(day.day)
        return H.li(.class("plan-day")) {
            H.strong { name }
            H.span { day.reviews > 0 ? l.plural("zn.plan.reviews", count: day.reviews) : l.text("zn.plan.no_reviews") }
            if let topicID = day.topicID, let topic = model.topics[topicID] {
                H.span {
                    l.text("zn.plan.topic") + " "
                    H.a(.href(ZnoshkaWeb.topicPath(topicID))) { topic.title }
                    " (" + topic.subject + ")"
                }
            }
        }
    }
}
