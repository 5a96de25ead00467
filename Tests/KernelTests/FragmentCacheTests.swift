import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor

/// Fragments rendered once and served to many browsers (`FragmentCache`), on the demo
/// app's `/demo-app/cards`: three cards with a form each, from a cache of two.
extension KernelTests {
    @Suite("Cached fragments")
    struct FragmentCacheTests {
        @Test("a cached fragment carries each browser's own CSRF token, and its forms are accepted")
        func ownToken() async throws {
            try await withDemo { app in
                var tokens: [String] = []
                for _ in 0..<2 {
                    let browser = TestBrowser(app)
                    try await browser.get("/")
                    let token = try #require(browser.cookies["hromada_csrf"])
                    let page = try await browser.get("/demo-app/cards")
                    #expect(page.text.contains("<p>a: перша</p>") && page.text.contains("<p>c: перша</p>"))
                    // Three cards and the language switch, every one with this browser's token.
                    #expect(Self.csrfValues(page.text) == Array(repeating: token, count: 4))
                    let posted = try await browser.post("/demo-app/pages/api", form: ["_csrf": token], csrf: false)
                    #expect(posted.status == .ok)
                    tokens.append(token)
                }
                #expect(tokens[0] != tokens[1])
            }
        }

        @Test("a fragment whose content changed is rendered again; a first visit gets the token it is issued")
        func changedContent() async throws {
            try await withDemo { app in
                let browser = TestBrowser(app)
                #expect(try await browser.get("/demo-app/cards").text.contains("<p>b: перша</p>"))
                let token = try #require(browser.cookies["hromada_csrf"], "the first page issues the token its forms carry")
                let changed = try await browser.get("/demo-app/cards?text=друга")
                #expect(changed.text.contains("<p>b: друга</p>") && !changed.text.contains("перша"))
                #expect(Self.csrfValues(changed.text) == Array(repeating: token, count: 4))
                #expect(try await browser.get("/demo-app/cards").text.contains("<p>a: перша</p>"))
            }
        }

        @Test("text that spells the token's hole is shown as text, never filled with a token")
        func holeInText() async throws {
            try await withDemo { app in
                let browser = TestBrowser(app)
                try await browser.get("/")
                let page = try await browser.get("/demo-app/cards?text=%3Ccsrf-token-hole%3E")
                #expect(page.text.contains("<p>a: &lt;csrf-token-hole&gt;</p>"))
                #expect(Self.csrfValues(page.text).count == 4)
                #expect(!page.text.contains("<csrf-token-hole>"))
            }
        }

        @Test("a cached fragment that reads the token itself never carries one browser's token to another")
        func tokenNeverShared() async throws {
            try await withDemo { app in
                let first = TestBrowser(app), second = TestBrowser(app)
                for browser in [first, second] { try await browser.get("/") }
                let firstToken = try #require(first.cookies["hromada_csrf"])
                let firstPage = try await first.get("/demo-app/token-card")
                let secondPage = try await second.get("/demo-app/token-card")
                for page in [firstPage, secondPage] {
                    #expect(page.text.contains(#"<p data-token="&lt;csrf-token-hole&gt;">картка</p>"#))
                }
                #expect(!secondPage.text.contains(firstToken))
            }
        }

        @Test("the cached page shell: a flash message shows once, each address gets its own way back, each language its own shell")
        func pageShell() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let browser = TestBrowser(app)
                let signedIn = try await browser.post("/demo-app/login", form: ["login": "olena@example.org", "password": "correct horse"])
                #expect(signedIn.status == .seeOther)
                let first = try await browser.get("/demo-app/")
                #expect(first.text.contains(#"<main id="main" class="page" tabindex="-1"><div class="flash flash-success" role="status" data-flash="true">Ви увійшли.</div><h1>"#))
                let second = try await browser.get("/demo-app/")
                #expect(!second.text.contains("flash-success") && second.text.contains("<h1>Вітаємо, "))
                #expect(first.text.replacingOccurrences(of: #"<div class="flash flash-success" role="status" data-flash="true">Ви увійшли.</div>"#, with: "") == second.text,
                        "the same page but for the flash")

                #expect(second.text.contains(#"name="back" value="/demo-app/""#))
                let cards = try await browser.get("/demo-app/cards?text=x")
                #expect(cards.text.contains(#"name="back" value="/demo-app/cards?text=x""#) && !cards.text.contains(#"value="/demo-app/""#))
                #expect(cards.text.contains("<p>a: x</p>") && !cards.text.contains("page-content-hole"))

                browser.setCookie("hromada_lang", "en")
                let english = try await browser.get("/demo-app/")
                #expect(english.text.contains(#"<html lang="en">"#) && english.text.contains("<h1>Welcome, "))
                #expect(Self.csrfValues(english.text) == [try #require(browser.cookies["hromada_csrf"])])
            }
        }

        static func csrfValues(_ html: String) -> [String] {
            html.components(separatedBy: #"name="_csrf" value=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
    }
}
