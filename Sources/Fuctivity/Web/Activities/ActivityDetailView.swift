import Foundation
import Kernel

/// An activity's page: what and when, its reminders and rating, and what can be done
/// with it now — done (once it has started) or skipped while planned, rated once done,
/// changed or deleted always.
struct ActivityDetailView {
    let planner: Planner
    let shown: ActivityView
    /// When the page is shown: an activity can be marked done once it has started.
    let now: Date
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var zone: TimeZone { planner.timeZone }
    private var activity: RestActivity { shown.activity }
    private var path: String { FuctivityWeb.activityPath(activity.id!) }
    private var day: LocalDay { LocalDay(activity.startsAt, in: zone) }

    /// "Walk: in the park", or the category alone.
    var title: String {
        let category = shown.category.name(in: l.language)
        return activity.details.isEmpty ? category : "\(category): \(activity.details)"
    }

    var page: Page {
        FuctivityWeb.shell(planner, title: title, section: .calendar, c) {
            summary
            if activity.status == .planned { doneOrSkipped }
            if activity.status == .done { rating }
            H.section(.class("card actions")) {
                H.a(.class("button button-block"), .href("\(path)/edit")) { l.text("fx.activity.edit") }
                Components.postForm(c, action: "\(path)/delete") {
                    Components.dangerButton(l.text("fx.activity.delete"))
                }
                H.a(.href("\(FuctivityWeb.prefix)/week?day=\(day)")) { l.text("fx.activity.back") }
            }
        }
    }

    /// Status, day and time, reminders, and the rating given.
    private var summary: HTML {
        H.section(.class("card")) {
            H.h1 { title }
            H.p { FuctivityWeb.statusBadge(activity.status, l) }
            H.p { "\(FuctivityWeb.dayTitle(day, l)), \(FuctivityWeb.span(activity.startsAt, activity.endsAt, zone)) (\(l.duration(minutes: Int(activity.duration / 60))))" }
            if !shown.reminders.isEmpty {
                H.h2 { l.text("fx.activity.reminders") }
                H.ul {
                    for reminder in shown.reminders {
                        H.li { l.text("fx.activity.reminder_at", ["time": "\(LocalDateTime(reminder.firesAt, in: zone).dottedDate) \(LocalDateTime(reminder.firesAt, in: zone).timeString)"]) }
                    }
                }
            }
            if let rating = activity.rating {
                H.p { l.text("fx.activity.rated", ["rating": String(rating)]) }
                if let note = activity.ratingNote { H.p(.class("note")) { note } }
            }
        }
    }

    private var doneOrSkipped: HTML {
        H.section(.class("card actions")) {
            if activity.startsAt <= now {
                Components.postForm(c, action: "\(path)/complete") {
                    H.input(.type("hidden"), .name("status"), .value("done"))
                    H.button(.type("submit"), .class("button button-yes button-block")) { l.text("fx.activity.mark_done") }
                }
            } else {
                H.p(.class("hint")) { l.text("fx.activity.done_after_start") }
            }
            Components.postForm(c, action: "\(path)/complete", confirm: l.text("fx.activity.skip_confirm")) {
                H.input(.type("hidden"), .name("status"), .value("skipped"))
                H.button(.type("submit"), .class("button button-block")) { l.text("fx.activity.skip") }
            }
        }
    }

    /// One to five, and a note.
    private var rating: HTML {
        H.section(.class("card")) {
            H.h2 { l.text("fx.activity.rate") }
            Components.postForm(c, action: "\(path)/rating") {
                H.fieldset(.class("rating")) {
                    H.legend { l.text("fx.field.rating") }
                    for value in 1...5 {
                        H.label(.class("rating-choice")) {
                            H.input(.type("radio"), .name("rating"), .value(String(value)), .flag("checked", activity.rating == value), .flag("required"))
                            H.span { String(value) }
                        }
                    }
                }
                TextAreaField(name: "note", label: l.text("fx.field.note"), required: false, maxLength: ActivityService.noteMaxLength)
                    .render(FormState(values: ["note": activity.ratingNote ?? ""]), l)
                Components.primaryButton(l.text("fx.activity.save_rating"))
            }
        }
    }
}
