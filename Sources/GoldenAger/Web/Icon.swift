import Kernel

/// Simple line pictograms, drawn inline so they show on every phone (emoji fonts are
/// missing on some) and always placed next to their text label, hidden from screen readers.
enum Icon {
    static func svg(_ body: String) -> HTML {
        HTML(unsafeRaw: "<svg class=\"icon\" viewBox=\"0 0 24 24\" width=\"40\" height=\"40\" aria-hidden=\"true\" focusable=\"false\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\(body)</svg>")
    }

    static func category(_ slug: String) -> HTML {
        switch slug {
        case "health": svg("<rect x=\"3\" y=\"3\" width=\"18\" height=\"18\" rx=\"4\"/><path d=\"M12 7v10M7 12h10\"/>")
        case "bills": svg("<path d=\"M6 2h9l4 4v16H6z\"/><path d=\"M9 10h7M9 14h7M9 18h4\"/>")
        case "delivery": svg("<path d=\"M3 4h2l2.5 11h11L21 8H7\"/><circle cx=\"9\" cy=\"19\" r=\"1.5\"/><circle cx=\"17\" cy=\"19\" r=\"1.5\"/>")
        case "housework": svg("<path d=\"M3 11l9-8 9 8\"/><path d=\"M5 10v10h14V10\"/><path d=\"M10 20v-6h4v6\"/>")
        case "repair": svg("<path d=\"M14.5 6.5a4 4 0 0 0 5 5L12 19a2.1 2.1 0 0 1-3-3l7.5-7.5a4 4 0 0 0-2-2z\"/>")
        case "consultation": phone
        default: svg("<circle cx=\"5\" cy=\"12\" r=\"1.5\"/><circle cx=\"12\" cy=\"12\" r=\"1.5\"/><circle cx=\"19\" cy=\"12\" r=\"1.5\"/>")
        }
    }

    static let phone = svg("<path d=\"M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z\"/>")
    static let clock = svg("<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"M12 7v5l3 2\"/>")
    static let check = svg("<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"M8 12l3 3 5-6\"/>")
}
