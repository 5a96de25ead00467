import Foundation
import Kernel

/// The pieces of a question every page shows the same way: its text with the options or
/// items lettered as on the answer sheet, the inputs to answer it, and an answer in words.
enum QuestionParts {
    /// The text (Markdown → HTML, formulas as MathML), the picture, and the lettered lists.
    static func body(_ question: Question, _ l: Localizer) -> HTML {
        HTMLBuilder.join([
            // `QuestionHTML` renders Markdown with `TheoryMarkdown`, which lets no raw HTML through.
            H.div(.class("question-text")) { ZnoshkaFormat.markdown(QuestionHTML.text(question), label: l.text("zn.taking.strip")) },
            question.picture.map { H.img(.class("question-picture"), Attribute("src", $0), Attribute("alt", l.text("zn.question.picture"))) } ?? .empty,
            lists(question, l),
        ])
    }

    /// A question checked: its text and options, the answer given beside the right one,
    /// and the explanation.
    static func answered(_ question: Question, answer: GivenAnswer?, _ l: Localizer) -> HTML {
        HTMLBuilder.join([
            body(question, l),
            { if case .singleChoice = question.kind { lettered(question.options, numbered: false) } else { .empty } }(),
            H.p { H.strong { l.text("zn.result.your_answer") }; " "; describe(answer, l) },
            H.p { H.strong { l.text("zn.result.right_answer") }; " "; describe(question.key, l) },
            H.div(.class("explanation")) {
                H.h3 { l.text("zn.result.explanation") }
                // Rendered by `TheoryMarkdown`: no raw HTML gets through.
                ZnoshkaFormat.markdown(QuestionHTML.explanation(question), label: l.text("zn.result.explanation"))
            },
        ])
    }

    private static func lists(_ question: Question, _ l: Localizer) -> HTML {
        switch question.kind {
        case .singleChoice:
            return .empty // the options are the radio buttons' labels
        case .matching:
            return H.div(.class("matching-lists")) {
                lettered(question.prompts, numbered: true)
                lettered(question.options, numbered: false)
            }
        case .sequence:
            return lettered(question.prompts, numbered: false)
        case .chooseThree:
            return lettered(question.options, numbered: true)
        case .shortNumeric:
            return .empty
        }
    }

    /// A list marked 1, 2, 3 or А, Б, В.
    static func lettered(_ items: [String], numbered: Bool) -> HTML {
        H.ul(.class("lettered")) {
            HTMLBuilder.join(items.enumerated().map { index, item in
                H.li {
                    H.span(.class("mark")) { numbered ? String(index + 1) : ZnoshkaFormat.letter(index) }
                    " "
                    ZnoshkaFormat.formulas(QuestionHTML.inline(item))
                }
            })
        }
    }

    /// The inputs that answer `question`, filled with `answer`; names are those
    /// `QuestionParts.given(from:kind:names:)` reads. `prefix` keeps ids unique on a page of
    /// many questions, `names` the inputs' names on a form of many.
    static func inputs(_ question: Question, answer: GivenAnswer?, prefix: String, names: String = "", _ l: Localizer) -> HTML {
        switch question.kind {
        case .singleChoice:
            let chosen: Int? = if case .option(let index) = answer { index } else { nil }
            return H.fieldset(.class("options")) {
                H.legend(.class("visually-hidden")) { l.text("zn.answer.choose_one") }
                HTMLBuilder.join(question.options.enumerated().map { index, option in
                    H.label(.class("option")) {
                        H.input(.type("radio"), .name(names + "option"), .value(String(index)), .flag("checked", chosen == index))
                        H.span(.class("mark")) { ZnoshkaFormat.letter(index) }
                        H.span { ZnoshkaFormat.formulas(QuestionHTML.inline(option)) }
                    }
                })
            }
        case .matching(let prompts, let options):
            let pairs: [Int?] = if case .pairs(let given) = answer { given } else { Array(repeating: nil, count: prompts) }
            return grid(rows: prompts, letters: options, chosen: pairs, names: names, l)
        case .sequence(let items):
            let order: [Int?] = if case .order(let given) = answer { given } else { Array(repeating: nil, count: items) }
            return H.div(.class("pair-selects")) {
                HTMLBuilder.join((0..<items).map { place in
                    select(name: names + "place-\(place)", id: "\(prefix)-place-\(place)", label: l.text("zn.answer.place", ["number": String(place + 1)]),
                           count: items, chosen: place < order.count ? order[place] : nil, l)
                })
            }
        case .chooseThree:
            let chosen: Set<Int> = if case .options(let given) = answer { given } else { [] }
            return H.fieldset(.class("options")) {
                H.legend { l.text("zn.answer.choose_three") }
                HTMLBuilder.join(question.options.indices.map { index in
                    H.label(.class("option")) {
                        H.input(.type("checkbox"), .name(names + "choice-\(index)"), .value("on"), .flag("checked", chosen.contains(index)))
                        H.span(.class("mark")) { String(index + 1) }
                        H.span { ZnoshkaFormat.formulas(QuestionHTML.inline(question.options[index])) }
                    }
                })
            }
        case .shortNumeric:
            let typed: String = if case .number(let text) = answer { text } else { "" }
            return H.div(.class("field")) {
                H.label(Attribute("for", "\(prefix)-number")) { l.text("zn.answer.number") }
                H.p(.class("hint"), .id("\(prefix)-number-hint")) { l.text("zn.answer.number_hint") }
                // A phone's decimal keypad may have no minus: the button beside it (shown by the
                // script) changes the sign.
                H.div(.class("number-entry")) {
                    H.input(.id("\(prefix)-number"), .type("text"), .name(names + "number"), .value(typed), Attribute("inputmode", "decimal"),
                            Attribute("autocomplete", "off"), Attribute("maxlength", String(AttemptService.numberMaxLength)),
                            .aria("describedby", "\(prefix)-number-hint"))
                    H.button(.type("button"), .class("sign-toggle"), .flag("hidden", true), Attribute("aria-controls", "\(prefix)-number"),
                             .aria("label", l.text("zn.answer.sign"))) { "±" }
                }
            }
        }
    }

    /// The answer sheet's grid for matching: a row per numbered item, a column per
    /// letter, one mark per row. Each row is a radio group named as the lists' selects
    /// were (`pair-N`), so the same form reading takes it.
    private static func grid(rows: Int, letters: Int, chosen: [Int?], names: String, _ l: Localizer) -> HTML {
        H.table(.class("answer-grid")) {
            H.caption { l.text("zn.answer.grid") }
            H.thead {
                H.tr {
                    H.td()
                    HTMLBuilder.join((0..<letters).map { letter in H.th(Attribute("scope", "col")) { ZnoshkaFormat.letter(letter) } })
                }
            }
            H.tbody {
                HTMLBuilder.join((0..<rows).map { row in
                    H.tr {
                        H.th(Attribute("scope", "row")) { String(row + 1) }
                        HTMLBuilder.join((0..<letters).map { letter in
                            H.td {
                                H.label(.class("grid-cell")) {
                                    H.input(.type("radio"), .name(names + "pair-\(row)"), .value(String(letter)),
                                            .flag("checked", row < chosen.count && chosen[row] == letter),
                                            .aria("label", l.text("zn.answer.grid_cell", ["number": String(row + 1), "letter": ZnoshkaFormat.letter(letter)])))
                                }
                            }
                        })
                    }
                })
            }
        }
    }

    private static func select(name: String, id: String, label: String, count: Int, chosen: Int?, _ l: Localizer) -> HTML {
        H.div(.class("field pair")) {
            H.label(Attribute("for", id)) { label }
            H.select(.id(id), .name(name)) {
                H.option(.value(""), .flag("selected", chosen == nil)) { "—" }
                HTMLBuilder.join((0..<count).map { index in
                    H.option(.value(String(index)), .flag("selected", chosen == index)) { ZnoshkaFormat.letter(index) }
                })
            }
        }
    }

    /// An answer as the answer sheet would show it: «Б», «1 — В, 2 — А», «ВАГБ», «2, 5, 7», «2,5».
    static func describe(_ answer: GivenAnswer?, _ l: Localizer) -> String {
        guard let answer else { return l.text("zn.answer.none") }
        switch answer {
        case .option(let index):
            return ZnoshkaFormat.letter(index)
        case .pairs(let pairs):
            return pairs.enumerated().map { "\($0.offset + 1) — \($0.element.map(ZnoshkaFormat.letter) ?? "…")" }.joined(separator: ", ")
        case .order(let order):
            return order.map { $0.map(ZnoshkaFormat.letter) ?? "…" }.joined(separator: " ")
        case .options(let chosen):
            return chosen.sorted().map { String($0 + 1) }.joined(separator: ", ")
        case .number(let typed):
            return typed
        }
    }

    static func describe(_ key: AnswerKey, _ l: Localizer) -> String {
        switch key {
        // Spelled out: `.option(index)` alone would be this function's own type, and recurse.
        case .option(let index): describe(GivenAnswer.option(index), l)
        case .pairs(let pairs): describe(GivenAnswer.pairs(pairs), l)
        case .order(let order): describe(GivenAnswer.order(order), l)
        case .options(let chosen): describe(GivenAnswer.options(chosen), l)
        case .number(let value, let tolerance):
            tolerance == 0 ? TestFile.decimal(value) : l.text("zn.answer.tolerance", ["value": TestFile.decimal(value), "tolerance": TestFile.decimal(tolerance)])
        }
    }

    /// The answer a posted form gives for a question of `kind` (nil: nothing chosen), its
    /// inputs' names starting with `names`.
    static func given(from values: [String: String], kind: QuestionKind, names: String = "") -> GivenAnswer? {
        func index(_ name: String) -> Int? { values[names + name].flatMap { Int($0) } }
        switch kind {
        case .singleChoice: return index("option").map(GivenAnswer.option)
        case .matching(let prompts, _): return .pairs((0..<prompts).map { index("pair-\($0)") })
        case .sequence(let items): return .order((0..<items).map { index("place-\($0)") })
        case .chooseThree(let count): return .options(Set((0..<count).filter { values[names + "choice-\($0)"] == "on" }))
        case .shortNumeric: return .number(values[names + "number"] ?? "")
        }
    }
}
