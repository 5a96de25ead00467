import Foundation
import Kernel

/// A running attempt: the time left, a strip of numbered cells (answered, not, flagged)
/// that follows the question in view, and every question side by side to swipe through,
/// each a form of its own. Without JavaScript each answer is a plain form post; with it
/// (`znoshka.js`) answers save as they are given and the strip and timer stay live.
struct TakingView {
    let student: Student
    let view: AttemptView
    /// The subjects of the НМТ block this attempt is a part of (none outside a block).
    let block: [AttemptService.BlockPart]
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var path: String { ZnoshkaWeb.attemptPath(view.attempt.id!) }

    var page: Page {
        ZnoshkaWeb.shell(student, title: view.test.title, section: .subjects, scripts: ["znoshka.js"], c) {
            if block.count > 1 { blockTabs }
            H.header(.class("attempt-head")) {
                H.h1 { view.test.title }
                H.p(.class("timer"), .data("seconds-left", String(view.secondsLeft)), .role("timer"), .aria("live", "off")) {
                    l.text("zn.taking.time_left") + " "
                    H.span(.class("timer-value")) { ZnoshkaFormat.timer(view.secondsLeft) }
                }
            }
            strip
            H.div(.class("questions"), .id("questions")) { HTMLBuilder.join(view.items.map(question)) }
            H.section(.class("card finish")) {
                H.p(.class("answered-count"), .data("total", String(view.items.count))) {
                    l.text("zn.taking.answered", ["answered": String(view.answeredCount), "total": String(view.items.count)])
                }
                summary
                if block.count > 1 { H.p(.class("hint")) { l.text("zn.block.finish_note") } }
                Components.postForm(c, action: path + "/finish", confirm: finishQuestion) {
                    H.button(.type("submit"), .class("button button-primary button-block")) { l.text(block.count > 1 ? "zn.block.finish" : "zn.taking.finish") }
                }
            }
        }
    }

    /// The block's subjects as tabs: switching keeps the one timer running, and each
    /// subject's answers are saved as they are given.
    private var blockTabs: HTML {
        H.nav(.class("block-tabs"), .aria("label", l.text("zn.block.tabs"))) {
            HTMLBuilder.join(block.map { part in
                let current = part.attempt.id == view.attempt.id
                let name = part.subject.name(in: l.language)
                return H.a(.href(ZnoshkaWeb.attemptPath(part.attempt.id!)), .aria("current", current ? "page" : nil)) {
                    part.attempt.isFinished ? l.text("zn.block.tab_finished", ["subject": name]) : name
                }
            })
        }
    }

    /// Before finishing, what is still open: the tasks with no answer and those flagged to
    /// come back to, each a link to it. `znoshka.js` redraws it from the strip as answers
    /// are saved, with the labels it carries.
    private var openTasks: [Int] { view.items.filter { $0.answer == nil }.map(\.number) }
    private var flaggedTasks: [Int] { view.items.filter(\.flagged).map(\.number) }

    private var summary: HTML {
        let open = openTasks, flagged = flaggedTasks
        return H.div(.class("finish-summary"), .data("open", l.text("zn.taking.summary_open")), .data("flagged", l.text("zn.taking.summary_flagged")),
                     .data("done", l.text("zn.taking.summary_done")), .data("task", l.text("zn.taking.question_number", ["number": "{number}"])),
                     .data("ask", l.text("zn.taking.finish_confirm"))) {
            if open.isEmpty && flagged.isEmpty { H.p { l.text("zn.taking.summary_done") } }
            if !open.isEmpty { summaryLine(l.text("zn.taking.summary_open"), open) }
            if !flagged.isEmpty { summaryLine(l.text("zn.taking.summary_flagged"), flagged) }
        }
    }

    private func summaryLine(_ label: String, _ numbers: [Int]) -> HTML {
        H.p {
            label + " "
            HTMLBuilder.join(numbers.map { number in
                H.a(.href("#q-\(number)"), .class("task-link"), .aria("label", l.text("zn.taking.question_number", ["number": String(number)]))) {
                    String(number)
                }
            })
        }
    }

    /// The finish dialog's question, after what is still open («Без відповіді: 3, 5.»).
    private var finishQuestion: String {
        let open = openTasks, flagged = flaggedTasks
        var parts: [String] = []
        if !open.isEmpty { parts.append(l.text("zn.taking.summary_open") + " " + open.map(String.init).joined(separator: ", ") + ".") }
        if !flagged.isEmpty { parts.append(l.text("zn.taking.summary_flagged") + " " + flagged.map(String.init).joined(separator: ", ") + ".") }
        return (parts + [l.text("zn.taking.finish_confirm")]).joined(separator: " ")
    }

    private var strip: HTML {
        H.nav(.class("strip"), .aria("label", l.text("zn.taking.strip"))) {
            H.ol {
                HTMLBuilder.join(view.items.map { item in
                    let state = [item.answer != nil ? "answered" : nil, item.flagged ? "flagged" : nil].compactMap { $0 }
                    return H.li {
                        H.a(.href("#q-\(item.number)"), .class((["cell"] + state).joined(separator: " ")), .data("cell", String(item.number)),
                            .aria("label", cellLabel(item))) { String(item.number) }
                    }
                })
            }
        }
    }

    private func cellLabel(_ item: AttemptView.Item) -> String {
        var parts = [l.text("zn.taking.question_number", ["number": String(item.number)])]
        parts.append(l.text(item.answer != nil ? "zn.taking.cell_answered" : "zn.taking.cell_open"))
        if item.flagged { parts.append(l.text("zn.taking.cell_flagged")) }
        return parts.joined(separator: ", ")
    }

    private func question(_ item: AttemptView.Item) -> HTML {
        let id = "q-\(item.number)"
        return H.section(.class("question card"), .id(id), .aria("labelledby", "\(id)-title"), .data("number", String(item.number))) {
            H.h2(.id("\(id)-title")) {
                l.text("zn.taking.question_number", ["number": String(item.number)]) + " "
                H.small { l.plural("zn.taking.points", count: item.question.kind.maxPoints) }
            }
            QuestionParts.body(item.question, l)
            Components.postForm(c, action: path + "/questions/" + item.questionID.uuidString.lowercased(), classes: "answer-form") {
                H.input(.type("hidden"), .name("position"), .value(String(item.number)))
                QuestionParts.inputs(item.question, answer: item.answer, prefix: id, l)
                H.label(.class("flag")) {
                    H.input(.type("checkbox"), .name("flagged"), .value("on"), .flag("checked", item.flagged))
                    " " + l.text("zn.taking.flag")
                }
                H.div(.class("answer-actions")) {
                    H.button(.type("submit"), .name("action"), .value("save"), .class("button button-primary")) { l.text("zn.taking.save") }
                    H.button(.type("submit"), .name("action"), .value("clear"), .class("button")) { l.text("zn.taking.clear") }
                }
                H.p(.class("save-status"), .role("status")) { item.answer != nil ? l.text("zn.taking.saved") : "" }
            }
            H.div(.class("question-nav")) {
                if item.number > 1 { H.a(.class("button"), .href("#q-\(item.number - 1)")) { l.text("zn.taking.previous") } }
                if item.number < view.items.count { H.a(.class("button"), .href("#q-\(item.number + 1)")) { l.text("zn.taking.next") } }
            }
        }
    }
}
