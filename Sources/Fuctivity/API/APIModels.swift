import Foundation
import Kernel
import Vapor

/// The JSON shapes of the Fuctivity API (see `openapi.json`). Inputs have optional fields
/// so that a missing one is a 422 naming the field, in the caller's language. Times are
/// RFC 3339 in UTC; days are `YYYY-MM-DD` in the person's time zone.
enum FXModels {
    struct Session: Content {
        let token: String
        let expiresAt: Date
        let profile: Profile
    }

    struct Profile: Content {
        let id: UUID
        let name: String
        let email: String
        /// False until the week plan has been confirmed once.
        let onboarded: Bool
        let settings: Settings
    }

    struct Settings: Content {
        let workingDays: [Int]
        let workHours: Int
        let workStarts: String
        let restHours: Int
        let dayStarts: String
        let dayEnds: String
        let timeZone: String
    }

    /// Every field optional: what is left out stays as it is.
    struct SettingsUpdate: Content {
        let name: String?
        let workingDays: [Int]?
        let workHours: Int?
        let workStarts: String?
        let restHours: Int?
        let dayStarts: String?
        let dayEnds: String?
        let timeZone: String?
    }

    struct Category: Content {
        let id: UUID
        let slug: String?
        let name: String
        let builtIn: Bool
        /// Deleted while activities used it: kept for them, not to be offered for new ones.
        let archived: Bool
    }

    struct NewCategory: Content {
        let name: String?
    }

    struct ReminderInput: Content {
        let minutesBefore: Int?
        let at: Date?
    }

    struct ReminderDTO: Content {
        let minutesBefore: Int?
        let at: Date?
        let firesAt: Date
    }

    struct ActivityInput: Content {
        let categoryId: UUID?
        let description: String?
        let startsAt: Date?
        let endsAt: Date?
        let reminders: [ReminderInput]?
    }

    struct Activity: Content {
        let id: UUID
        let categoryId: UUID
        let categoryName: String
        let description: String
        let startsAt: Date
        let endsAt: Date
        let durationMinutes: Int
        let status: String
        let rating: Int?
        let ratingNote: String?
        let reminders: [ReminderDTO]
        /// True for an activity just deleted (it can be restored).
        let deleted: Bool
    }

    struct SavedActivityDTO: Content {
        let activity: Activity
        /// The person's other activities at the same time: a warning, not an error.
        let overlaps: [Activity]
    }

    struct Completion: Content {
        let status: String?
    }

    struct RatingInput: Content {
        let rating: Int?
        let note: String?
    }

    struct Slot: Content {
        let startsAt: Date
        let endsAt: Date
        let durationMinutes: Int
    }

    struct DaySuggestionsDTO: Content {
        let date: String
        let workingDay: Bool
        let targetMinutes: Int
        let plannedMinutes: Int
        let slots: [Slot]
    }

    struct StatisticsDay: Content {
        let date: String
        /// 1 = Monday … 7 = Sunday.
        let weekday: Int
        let restedMinutes: Int
        let plannedMinutes: Int
        let targetMinutes: Int
    }

    struct CategoryRating: Content {
        let categoryId: UUID
        let categoryName: String
        let average: Double
        let count: Int
    }

    struct Statistics: Content {
        let weekStart: String
        let previousWeek: String
        let nextWeek: String
        let days: [StatisticsDay]
        let totalRestedMinutes: Int
        let totalPlannedMinutes: Int
        let totalTargetMinutes: Int
        let ratings: [CategoryRating]
    }

    struct Feed: Content {
        /// Only when the feed is made: the address is not stored, only its hash.
        let url: String?
        let createdAt: Date
    }

    // MARK: Mapping

    static func profile(_ planner: Planner) -> Profile {
        let plan = planner.plan
        return Profile(id: planner.id, name: planner.name, email: planner.email, onboarded: planner.profile.onboardedAt != nil,
                       settings: Settings(workingDays: plan.workingDays.sorted(), workHours: plan.workHours,
                                          workStarts: WeekPlan.clock(plan.workStarts), restHours: plan.restHours,
                                          dayStarts: WeekPlan.clock(plan.dayStarts), dayEnds: WeekPlan.clock(plan.dayEnds),
                                          timeZone: plan.timeZone.identifier))
    }

    static func category(_ category: RestCategory, _ language: Language) -> Category {
        Category(id: category.id!, slug: category.slug, name: category.name(in: language), builtIn: category.isBuiltIn,
                 archived: category.isArchived)
    }

    static func activity(_ view: ActivityView, _ language: Language) -> Activity {
        let a = view.activity
        return Activity(id: a.id!, categoryId: a.categoryID, categoryName: view.category.name(in: language), description: a.details,
                        startsAt: a.startsAt, endsAt: a.endsAt, durationMinutes: Int(a.duration / 60), status: a.status.rawValue,
                        rating: a.rating, ratingNote: a.ratingNote,
                        reminders: view.reminders.map { ReminderDTO(minutesBefore: $0.minutesBefore, at: $0.remindAt, firesAt: $0.firesAt) },
                        deleted: a.deletedAt != nil)
    }

    static func saved(_ saved: SavedActivity, _ language: Language) -> SavedActivityDTO {
        SavedActivityDTO(activity: activity(saved.view, language), overlaps: saved.overlaps.map { activity($0, language) })
    }

    static func statistics(_ stats: WeekStatistics, categories: [UUID: RestCategory], _ language: Language) -> Statistics {
        Statistics(
            weekStart: stats.weekStart.description, previousWeek: stats.weekStart.adding(days: -7).description,
            nextWeek: stats.weekStart.adding(days: 7).description,
            days: stats.days.map { StatisticsDay(date: $0.day.description, weekday: $0.day.weekday, restedMinutes: $0.restedMinutes,
                                                 plannedMinutes: $0.plannedMinutes, targetMinutes: $0.targetMinutes) },
            totalRestedMinutes: stats.totalRestedMinutes, totalPlannedMinutes: stats.totalPlannedMinutes,
            totalTargetMinutes: stats.totalTargetMinutes,
            ratings: stats.ratings.map { CategoryRating(categoryId: $0.categoryID, categoryName: categories[$0.categoryID]?.name(in: language) ?? "",
                                                        average: ($0.average * 100).rounded() / 100, count: $0.count) })
    }

    static func suggestions(_ day: DaySuggestions) -> DaySuggestionsDTO {
        DaySuggestionsDTO(date: day.day.description, workingDay: day.isWorkingDay, targetMinutes: day.targetMinutes,
                                plannedMinutes: day.plannedMinutes,
                                slots: day.slots.map { Slot(startsAt: $0.start, endsAt: $0.end, durationMinutes: Int($0.duration / 60)) })
    }
}

// The answers of the API's three busiest calls — adding, finishing, a week's statistics —
// are written by `JSONWriter`; `APIModelsTests` holds them equal to what `JSONEncoder`
// makes of the same values, so the types stay the schema.
extension FXModels.Activity: JSONWritable {
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.member("id", id)
            json.member("categoryId", categoryId)
            json.member("categoryName", categoryName)
            json.member("description", description)
            json.member("startsAt", startsAt)
            json.member("endsAt", endsAt)
            json.member("durationMinutes", durationMinutes)
            json.member("status", status)
            json.member("rating", rating)
            json.member("ratingNote", ratingNote)
            json.key("reminders")
            json.array(reminders) { json, reminder in
                json.object { json in
                    json.member("minutesBefore", reminder.minutesBefore)
                    json.member("at", reminder.at)
                    json.member("firesAt", reminder.firesAt)
                }
            }
            json.member("deleted", deleted)
        }
    }
}

extension FXModels.SavedActivityDTO: JSONWritable {
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("activity")
            activity.write(to: &json)
            json.key("overlaps")
            json.array(overlaps) { json, overlap in overlap.write(to: &json) }
        }
    }
}

extension FXModels.Statistics: JSONWritable {
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.member("weekStart", weekStart)
            json.member("previousWeek", previousWeek)
            json.member("nextWeek", nextWeek)
            json.key("days")
            json.array(days) { json, day in
                json.object { json in
                    json.member("date", day.date)
                    json.member("weekday", day.weekday)
                    json.member("restedMinutes", day.restedMinutes)
                    json.member("plannedMinutes", day.plannedMinutes)
                    json.member("targetMinutes", day.targetMinutes)
                }
            }
            json.member("totalRestedMinutes", totalRestedMinutes)
            json.member("totalPlannedMinutes", totalPlannedMinutes)
            json.member("totalTargetMinutes", totalTargetMinutes)
            json.key("ratings")
            json.array(ratings) { json, rating in
                json.object { json in
                    json.member("categoryId", rating.categoryId)
                    json.member("categoryName", rating.categoryName)
                    json.member("average", rating.average)
                    json.member("count", rating.count)
                }
            }
        }
    }
}
